package storetest

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"tabletop/store"
)

// testAppendBatch sends appends of every outcome at once, so that group
// commits mix them: good ones (one answer, several), a stale one, a gapped
// one, one with a gap inside, one to an unknown match and one to a
// finished match. Each must get the outcome it gets alone, the failures
// must write nothing and leave the others alone, and every match must
// read back its answers in order. A store that batches appends (the SQL
// stores run a group commit's appends as a few statements) is checked
// against the one-at-a-time rules here.
func testAppendBatch(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	const matches, rounds = 48, 6
	ids := make([]store.MatchID, matches)
	have := make([]int, matches) // the model: each match's version
	for i := range ids {
		ids[i] = e.match(t, []store.AccountID{0, 0})
		must(t, s.AppendAnswers(ctx, ids[i], answers(1, 2), time.Time{}))
		have[i] = 2
		if i%8 == 7 {
			must(t, s.FinishMatch(ctx, ids[i], store.Finish{}))
		}
	}
	stats, hasStats := s.(interface{ WriterStats() store.WriterStats })
	var before store.WriterStats
	if hasStats {
		before = stats.WriterStats()
	}
	deadline := time.Now().Add(time.Hour)
	for round := range rounds {
		errs := make([]error, matches)
		next := slices.Clone(have)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, id := range ids {
			h := have[i]
			var batch []store.Answer
			switch i % 8 {
			case 0, 5:
				batch = answers(h+1, h+1)
			case 1:
				batch = answers(h+1, h+1+round%3)
			case 2: // stale
				batch = answers(h, h)
			case 3: // gapped
				batch = answers(h+2, h+2)
			case 4: // a gap inside
				batch = append(answers(h+1, h+1), answer(h+3))
			case 6:
				id = ids[i] + 1_000_000 // unknown
				batch = answers(1, 1)
			case 7: // finished
				batch = answers(h+1, h+1)
			}
			wg.Go(func() {
				<-start
				errs[i] = s.AppendAnswers(ctx, id, batch, deadline)
			})
			if i%8 == 0 || i%8 == 1 || i%8 == 5 { // the good ones
				next[i] = batch[len(batch)-1].Version
			}
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			call := fmt.Sprintf("round %d: AppendAnswers(match %d, kind %d)", round, i, i%8)
			switch h := have[i]; i % 8 {
			case 0, 1, 5:
				wantErr(t, call, err, nil)
			case 2:
				wantVersion(t, call, err, h, h)
			case 3:
				wantVersion(t, call, err, h, h+2)
			case 4:
				wantVersion(t, call, err, h, h+3)
			case 6:
				wantErr(t, call, err, store.ErrNotFound)
			case 7:
				wantErr(t, call, err, store.ErrFinished)
			}
			var ve *store.VersionError
			if errors.As(err, &ve) && ve.Match != ids[i] {
				t.Errorf("%s = %v, names match %d", call, err, ve.Match)
			}
		}
		have = next
	}
	if hasStats {
		after := stats.WriterStats()
		writes, batches := after.Writes-before.Writes, after.Batches-before.Batches
		t.Logf("%d appends in %d transactions (%.1f per commit)", writes, batches, float64(writes)/float64(max(batches, 1)))
	}
	for i, id := range ids {
		e.wantAnswers(t, id, answers(1, have[i]))
	}
}
