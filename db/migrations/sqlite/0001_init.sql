-- brandgen schema, version 1 (SQLite). Timestamps are UTC RFC 3339 text with microseconds
-- ("2026-11-22T03:14:00.000000Z"), JSON is text checked with json_valid.

CREATE TABLE accounts (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    name            TEXT    NOT NULL UNIQUE,
    plan            TEXT    NOT NULL DEFAULT 'free',
    plan_status     TEXT    NOT NULL DEFAULT 'active',
    logo_credits    INTEGER NOT NULL DEFAULT 0 CHECK (logo_credits >= 0),
    free_logos_left INTEGER NOT NULL DEFAULT 1 CHECK (free_logos_left >= 0),
    settings        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE api_keys (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    prefix     TEXT    NOT NULL UNIQUE,
    hash       BLOB    NOT NULL,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    revoked_at TEXT
) STRICT;
CREATE INDEX api_keys_account_id_idx ON api_keys (account_id);

CREATE TABLE brands (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    brand      TEXT    NOT NULL CHECK (json_valid(brand)),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;

CREATE TABLE usage_counters (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    period     TEXT    NOT NULL,
    used       INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
    PRIMARY KEY (account_id, period)
) STRICT;

CREATE TABLE diagrams (
    id         TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    type       TEXT    NOT NULL,
    title      TEXT    NOT NULL DEFAULT '',
    model      TEXT    NOT NULL CHECK (json_valid(model)),
    display    TEXT    NOT NULL CHECK (json_valid(display)),
    brand      TEXT    CHECK (brand IS NULL OR json_valid(brand)),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
) STRICT;
CREATE INDEX diagrams_account_id_idx ON diagrams (account_id);

CREATE TABLE diagram_revisions (
    diagram_id TEXT    NOT NULL REFERENCES diagrams (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL CHECK (n >= 1),
    title      TEXT    NOT NULL DEFAULT '',
    model      TEXT    NOT NULL CHECK (json_valid(model)),
    display    TEXT    NOT NULL CHECK (json_valid(display)),
    brand      TEXT    CHECK (brand IS NULL OR json_valid(brand)),
    note       TEXT    NOT NULL DEFAULT '',
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (diagram_id, n)
) STRICT;
