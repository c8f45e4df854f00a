-- brandgen schema, version 1 (PostgreSQL).

CREATE TABLE accounts (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name            text        NOT NULL UNIQUE,
    plan            text        NOT NULL DEFAULT 'free',
    plan_status     text        NOT NULL DEFAULT 'active',
    logo_credits    integer     NOT NULL DEFAULT 0 CHECK (logo_credits >= 0),
    free_logos_left integer     NOT NULL DEFAULT 1 CHECK (free_logos_left >= 0),
    settings        jsonb       NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    prefix     text        NOT NULL UNIQUE,
    hash       bytea       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);
CREATE INDEX api_keys_account_id_idx ON api_keys (account_id);

CREATE TABLE brands (
    account_id bigint      PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    brand      jsonb       NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE usage_counters (
    account_id bigint  NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    period     text    NOT NULL,
    used       integer NOT NULL DEFAULT 0 CHECK (used >= 0),
    PRIMARY KEY (account_id, period)
);

CREATE TABLE diagrams (
    id         text        PRIMARY KEY,
    account_id bigint      NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    type       text        NOT NULL,
    title      text        NOT NULL DEFAULT '',
    model      jsonb       NOT NULL,
    display    jsonb       NOT NULL,
    brand      jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX diagrams_account_id_idx ON diagrams (account_id);

CREATE TABLE diagram_revisions (
    diagram_id text        NOT NULL REFERENCES diagrams (id) ON DELETE CASCADE,
    n          integer     NOT NULL CHECK (n >= 1),
    title      text        NOT NULL DEFAULT '',
    model      jsonb       NOT NULL,
    display    jsonb       NOT NULL,
    brand      jsonb,
    note       text        NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (diagram_id, n)
);
