-- The first schema: accounts, sessions, friends, trait slots, matches.
-- Times are Unix milliseconds; ids are never reused (AUTOINCREMENT).
-- The PostgreSQL schema (store/postgres/migrations) has the same tables,
-- columns and constraints.

-- +goose Up
CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT UNIQUE,          -- NULL for a guest
    password_hash BLOB,                 -- NULL for a guest
    display_name  TEXT NOT NULL,
    icon          TEXT NOT NULL,
    level         INTEGER NOT NULL,
    xp            INTEGER NOT NULL,
    created_ms    INTEGER NOT NULL
);

CREATE TABLE sessions (
    token_hash BLOB PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expires ON sessions (expires_ms);

-- One row per pair of accounts: from_id asked to_id; accepted_ms is NULL
-- while the request is pending.
CREATE TABLE friends (
    from_id     INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    to_id       INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms  INTEGER NOT NULL,
    accepted_ms INTEGER,
    PRIMARY KEY (from_id, to_id),
    CHECK (from_id <> to_id)
);
CREATE UNIQUE INDEX friends_pair ON friends (min(from_id, to_id), max(from_id, to_id));
CREATE INDEX friends_to ON friends (to_id);

CREATE TABLE trait_slots (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    slot       INTEGER NOT NULL,
    data       BLOB NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, slot)
);

-- header is the engine.Header JSON with seed 0; the seed is kept apart
-- (as the int64 with the uint64's bits). version counts the answers.
CREATE TABLE matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT NOT NULL,
    seats       INTEGER NOT NULL,
    header      BLOB NOT NULL,
    seed        INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    deadline_ms INTEGER,                -- NULL: no deadline
    created_ms  INTEGER NOT NULL,
    finished_ms INTEGER,                -- NULL while live
    result      BLOB
);
CREATE INDEX matches_live ON matches (id) WHERE finished_ms IS NULL;

CREATE TABLE match_seats (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL, -- NULL: a bot
    rank       INTEGER NOT NULL DEFAULT 0,
    xp         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_account ON match_seats (account_id, match_id);

CREATE TABLE answers (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    answer   TEXT NOT NULL,
    hash     TEXT NOT NULL,
    PRIMARY KEY (match_id, version)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE answers;
DROP TABLE match_seats;
DROP TABLE matches;
DROP TABLE trait_slots;
DROP TABLE friends;
DROP TABLE sessions;
DROP TABLE accounts;
