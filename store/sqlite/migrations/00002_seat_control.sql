-- Who plays each seat of a match now (store.SeatControl), so that a
-- restarted server gives every seat back to the same kind of player: its
-- human, a bot of the same level, or a stand-in after leave, idleness or
-- concession. The PostgreSQL migration of the same number adds the same
-- columns.

-- +goose Up
ALTER TABLE match_seats ADD COLUMN status TEXT NOT NULL DEFAULT '';
ALTER TABLE match_seats ADD COLUMN bot TEXT NOT NULL DEFAULT '';
ALTER TABLE match_seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE match_seats DROP COLUMN missed;
ALTER TABLE match_seats DROP COLUMN bot;
ALTER TABLE match_seats DROP COLUMN status;
