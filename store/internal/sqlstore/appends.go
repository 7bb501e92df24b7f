package sqlstore

import (
	"context"
	"fmt"
	"math/bits"
	"strings"

	"tabletop/store"
)

// Batched appends. AppendAnswers is most of the writer's work: under load
// a group commit holds one answer each of tens of matches. Run one by one,
// each costs a query and an INSERT, with the driver's and the SQL engine's
// per-statement overhead, as much as the rows themselves. So the writer
// knows an append when it sees one (op.app) and runs a run of appends to
// distinct matches as two statements: one query of the versions of those
// matches that are live, one INSERT of the answers of the appends that
// follow their match's version. An append that does not wrote nothing, so
// it fails alone, with the same error as on its own, and the batch goes on
// without a savepoint.
//
// The statements have room for a power of two of rows, the unused ones
// NULL and matching nothing, so that a backend prepares at most a few
// shapes of each (pgx's statement cache). Every
// value is CAST so that PostgreSQL can type the parameters of VALUES.

// appendOp is what the writer needs to batch one AppendAnswers.
type appendOp struct {
	id         store.MatchID
	first, gap int   // as store.AnswerRun returned them
	deadline   int64 // msOrZero(deadline)
	answers    []store.Answer
	// args holds the arguments of run's statements: a slice of the
	// pooled op rather than a new one per statement.
	args [9]any
}

const (
	// maxVersionRows bounds the matches one version query reads: a
	// batch's appends, at most.
	maxVersionRows = maxBatch
	// maxInsertRows bounds the answers one insert statement holds (6
	// parameters each, far below SQLite's 32766 and PostgreSQL's 65535).
	maxInsertRows = 256
)

// rowClass is the number of rows of the statement that holds n (≥ 1): the
// power of two at least n.
func rowClass(n int) int {
	return 1 << bits.Len(uint(n-1))
}

// sqlMatchVersions is the query of the id and version of those of rows
// matches (ids) that are live.
func sqlMatchVersions(rows int) string {
	return `SELECT matches.id, ` + versionOf + ` FROM matches, (VALUES ` +
		valueRows(rows, "BIGINT") +
		`) AS v WHERE matches.id = v.column1 AND matches.finished_ms IS NULL`
}

// sqlInsertAnswers is the INSERT of rows answers; a NULL match id is a
// row to skip.
func sqlInsertAnswers(rows int) string {
	return `INSERT INTO answers (match_id, version, seat, answer, hash, deadline_ms) SELECT column1, column2, column3, column4, column5, column6 FROM (VALUES ` +
		valueRows(rows, "BIGINT", "BIGINT", "INTEGER", "TEXT", "TEXT", "BIGINT") +
		`) AS v WHERE column1 IS NOT NULL`
}

// valueRows is rows rows of a VALUES list of parameters cast to types.
func valueRows(rows int, types ...string) string {
	var one strings.Builder
	one.WriteByte('(')
	for i, t := range types {
		if i > 0 {
			one.WriteString(", ")
		}
		one.WriteString("CAST(? AS " + t + ")")
	}
	one.WriteByte(')')
	return strings.Repeat(one.String()+", ", rows-1) + one.String()
}

// batchSQL holds the statements' text, built once.
type batchSQL struct {
	versions map[int]string // by row class
	insert   map[int]string
}

func newBatchSQL() *batchSQL {
	b := &batchSQL{versions: map[int]string{}, insert: map[int]string{}}
	for n := 1; n <= maxVersionRows; n *= 2 {
		b.versions[n] = sqlMatchVersions(n)
	}
	for n := 1; n <= maxInsertRows; n *= 2 {
		b.insert[n] = sqlInsertAnswers(n)
	}
	return b
}

// appendRun runs the appends ops, to distinct matches and at most
// maxVersionRows, as one version query and as few inserts as the answers
// need.
// The error of each append that fails goes to errs (by op). A non-nil
// result is a failure of the statements, after which the transaction
// must be rolled back. args is scratch space, returned for reuse.
func (b *batchSQL) appendRun(ctx context.Context, tx Tx, ops []*op, errs []error, args []any) ([]any, error) {
	args = args[:0]
	rows := 0
	for _, o := range ops {
		if a := o.app; a.gap == 0 {
			args = append(args, int64(a.id))
			rows++
		}
	}
	var versions map[store.MatchID]int
	if rows > 0 {
		class := rowClass(rows)
		for range class - rows {
			args = append(args, nil)
		}
		var err error
		if versions, err = queryVersions(ctx, tx, b.versions[class], args, rows); err != nil {
			return args, fmt.Errorf("store: append answers: %w", err)
		}
	}

	args, n := args[:0], 0
	insert := func() error {
		class := rowClass(n)
		for range class - n {
			args = append(args, nil, nil, nil, nil, nil, nil)
		}
		_, err := tx.Exec(ctx, b.insert[class], args...)
		args, n = args[:0], 0
		if err != nil {
			return fmt.Errorf("store: append answers: %w", err)
		}
		return nil
	}
	for i, o := range ops {
		a := o.app
		if v, live := versions[a.id]; !live || a.gap != 0 || v != a.first-1 {
			errs[i] = a.failed(ctx, tx) // it wrote nothing, as when alone
			continue
		}
		for j, ans := range a.answers {
			if n == maxInsertRows {
				if err := insert(); err != nil {
					return args, err
				}
			}
			args = append(args, int64(a.id), ans.Version, int(ans.Seat), ans.Text, ans.Hash, a.deadlineAt(j))
			n++
		}
	}
	if n == 0 {
		return args, nil
	}
	return args, insert()
}

// queryVersions runs a query whose rows are a match id and its version,
// about n of them.
func queryVersions(ctx context.Context, tx Tx, query string, args []any, n int) (map[store.MatchID]int, error) {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := make(map[store.MatchID]int, n)
	for rows.Next() {
		var id int64
		var version int
		if err := rows.Scan(&id, &version); err != nil {
			return nil, err
		}
		ids[store.MatchID(id)] = version
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return ids, rows.Close()
}
