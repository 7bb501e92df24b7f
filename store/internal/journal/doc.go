// Package journal is the answer journal of the SQLite store: an
// append-only log, in segment files, of the answers a live server has
// acknowledged and not yet written to the database.
//
// An answer is durable once it is in the journal. Writing it there costs
// one write system call per group commit, for any number of answers;
// writing it to SQLite costs a B-tree insert and, at each commit, a WAL
// frame (two system calls) for every page the commit touched, and under
// load each answer touches a page of its own match (docs/performance.md,
// round 13). The store's writer moves the journal's records to the
// database in sorted transactions every few seconds, where a match's
// answers of those seconds share its page, and then releases them.
//
//	l, rec, err := journal.Open(dir, false) // records of a killed run are pending
//	err = l.Write(journal.AppendRecord(nil, journal.Record{Match: 7, Version: 1, Seat: 0, Text: "move ne", Hash: "9f…"}))
//	for b := l.Pending(); len(b) > 0; {
//		var r journal.Record
//		r, b, err = journal.Next(b) // insert r into the database
//	}
//	err = l.Release(len(l.Pending())) // all of it is in the database now
//
// Each Write is one block with its length and CRC-32C, written with one
// system call; Open keeps the sound blocks and cuts off the end of the
// last segment that is not one (a block a killed process was writing,
// which was never acknowledged). A Log holds an exclusive lock on its
// directory, so two servers cannot share one journal.
package journal
