-- The trait slot each account last played with (UI-216): the waiting
-- room's default. slot is a saved slot number (from 0) or a negative
-- preset number the server defines. The PostgreSQL migration of the same
-- number adds the same table.

-- +goose Up
CREATE TABLE last_trait_slots (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    slot       INTEGER NOT NULL
);

-- +goose Down
DROP TABLE last_trait_slots;
