-- A match's version and deadline move to its answers: the version is the
-- highest answer's, the deadline the last answer's (0: none), and
-- matches.deadline_ms only holds the deadline before the first answer.
-- Each append used to update its match's row too, so that a group commit
-- of answers to n matches dirtied about n pages of matches besides n pages
-- of answers, every one written to the WAL and checkpointed again
-- (docs/performance.md, round 12). matches.version is brought up to date
-- when the match finishes. The SQLite migration of the same number does
-- the same.

-- +goose Up
ALTER TABLE answers ADD COLUMN deadline_ms bigint NOT NULL DEFAULT 0;
UPDATE answers SET deadline_ms = (SELECT m.deadline_ms FROM matches m WHERE m.id = answers.match_id)
WHERE EXISTS (SELECT 1 FROM matches m WHERE m.id = answers.match_id AND m.finished_ms IS NULL
              AND m.version = answers.version AND m.deadline_ms IS NOT NULL);

-- +goose Down
UPDATE matches SET
    version = COALESCE((SELECT MAX(a.version) FROM answers a WHERE a.match_id = matches.id), 0),
    deadline_ms = CASE
        WHEN NOT EXISTS (SELECT 1 FROM answers a WHERE a.match_id = matches.id) THEN deadline_ms
        ELSE NULLIF((SELECT a.deadline_ms FROM answers a WHERE a.match_id = matches.id ORDER BY a.version DESC LIMIT 1), 0)
    END
WHERE finished_ms IS NULL;
ALTER TABLE answers DROP COLUMN deadline_ms;
