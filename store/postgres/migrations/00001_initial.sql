-- The first schema: accounts, sessions, friends, trait slots, matches.
-- Times are Unix milliseconds; ids are never reused (identity columns).
-- The SQLite schema (store/sqlite/migrations) has the same tables, columns
-- and constraints.

-- +goose Up
CREATE TABLE accounts (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username      text UNIQUE,          -- NULL for a guest
    password_hash bytea,                -- NULL for a guest
    display_name  text NOT NULL,
    icon          text NOT NULL,
    level         integer NOT NULL,
    xp            bigint NOT NULL,
    created_ms    bigint NOT NULL
);

CREATE TABLE sessions (
    token_hash bytea PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms bigint NOT NULL,
    expires_ms bigint NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_ms);

-- One row per pair of accounts: from_id asked to_id; accepted_ms is NULL
-- while the request is pending.
CREATE TABLE friends (
    from_id     bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    to_id       bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms  bigint NOT NULL,
    accepted_ms bigint,
    PRIMARY KEY (from_id, to_id),
    CHECK (from_id <> to_id)
);
CREATE UNIQUE INDEX friends_pair ON friends (least(from_id, to_id), greatest(from_id, to_id));
CREATE INDEX friends_to ON friends (to_id);

CREATE TABLE trait_slots (
    account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    slot       integer NOT NULL,
    data       bytea NOT NULL,
    updated_ms bigint NOT NULL,
    PRIMARY KEY (account_id, slot)
);

-- header is the engine.Header JSON with seed 0; the seed is kept apart
-- (as the int64 with the uint64's bits). version counts the answers.
CREATE TABLE matches (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game        text NOT NULL,
    seats       integer NOT NULL,
    header      bytea NOT NULL,
    seed        bigint NOT NULL,
    version     integer NOT NULL,
    deadline_ms bigint,                 -- NULL: no deadline
    created_ms  bigint NOT NULL,
    finished_ms bigint,                 -- NULL while live
    result      bytea
);
CREATE INDEX matches_live ON matches (id) WHERE finished_ms IS NULL;

CREATE TABLE match_seats (
    match_id   bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       integer NOT NULL,
    account_id bigint REFERENCES accounts (id) ON DELETE SET NULL, -- NULL: a bot
    rank       integer NOT NULL DEFAULT 0,
    xp         bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_account ON match_seats (account_id, match_id);

CREATE TABLE answers (
    match_id bigint NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version  integer NOT NULL,
    seat     integer NOT NULL,
    answer   text NOT NULL,
    hash     text NOT NULL,
    PRIMARY KEY (match_id, version)
);

-- +goose Down
DROP TABLE answers;
DROP TABLE match_seats;
DROP TABLE matches;
DROP TABLE trait_slots;
DROP TABLE friends;
DROP TABLE sessions;
DROP TABLE accounts;
