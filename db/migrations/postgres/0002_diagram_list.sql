-- GET /diagrams lists an account's diagrams newest first, keyset-paginated on (created_at, id).
CREATE INDEX diagrams_account_created_idx ON diagrams (account_id, created_at DESC, id DESC);
DROP INDEX diagrams_account_id_idx;
