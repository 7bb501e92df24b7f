/*
Package store is what the game server keeps on disk: accounts, sessions,
friends, trait slots, and every match with its answers. The [Store]
interface is small and owned here until the server package consumes it;
the implementations are [tabletop/store/sqlite] (the default: one file,
WAL mode) and [tabletop/store/postgres]. Both pass the one shared suite,
[tabletop/store/storetest].

# Opening a store

	s, err := sqlite.Open(ctx, filepath.Join(dataDir, "tabletop.db"), sqlite.Options{})
	if err != nil {
		return err
	}
	defer s.Close()

The schema is brought up to date on open, from versioned SQL files
embedded in each implementation (pressly/goose).

# Durable answers

A write returns only after its transaction has committed: the server
acknowledges an answer after [Store.AppendAnswers] returns nil, and the
answer then survives kill -9 of the server (with SQLite's default
synchronous=NORMAL; FULL adds power-loss durability). All writes go through
one group-committing writer per store: writes that arrive while a commit is
under way share the next transaction, so one commit serves many matches.

Each match is at a version, the number of answers recorded. Appends must
continue it exactly; a stale or skipping write gets a [*VersionError]
saying where the match is:

	err := s.AppendAnswers(ctx, id, []store.Answer{{Version: v, Seat: seat, Text: text, Hash: hash}}, deadline)
	var ve *store.VersionError
	switch {
	case errors.As(err, &ve):
		// someone else answered first: resend from ve.Have
	case err != nil:
		return err
	}

# Restart and reconnect

After a restart, [Store.LiveMatches] returns every live match with its
header, seed, answers and deadline; [MatchRecord.Replay] feeds
engine.ResumeMatch. A client that reconnects at version N gets
[Store.AnswersSince](ctx, id, N).

# Seats

Each seat of a match records its account (0 for a bot) and who plays it
now, a [SeatControl] (status, bot level, deadlines missed in a row) that
the server sets at [Store.CreateMatch] (NewMatch.Controls) and changes
with [Store.SetSeatControl]; [Store.LiveMatches] returns it so that a
restarted server hands every seat back to the same kind of player.

# Secrets

The store keeps what the server gives it: password hashes (the server
hashes, e.g. with argon2id), session token hashes (never tokens), and match
seeds, which [Store.Match] hides until the match is finished. Usernames are
compared byte for byte, so the server normalizes them first. A password
change ends the account's other sessions with [Store.DeleteSessionsExcept].

# Errors

Errors to branch on wrap [ErrNotFound], [ErrConflict], [ErrVersion],
[ErrFinished] and [ErrClosed]; test with errors.Is.
*/
package store
