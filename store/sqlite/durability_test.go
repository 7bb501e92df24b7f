package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// childEnv, when set to a database path, makes TestKill9 the child: it
// appends answers and prints "ack MATCH VERSION" after each one is
// acknowledged, until it is killed.
const childEnv = "TABLETOP_STORE_KILL9_CHILD"

// killWriters is the number of matches the child appends to at once.
const killWriters = 8

// childJournalEnv, set to an ApplyEvery duration, makes the child use the
// answer journal.
const childJournalEnv = "TABLETOP_STORE_KILL9_JOURNAL"

// TestKill9 checks that an acknowledged answer survives kill -9 with the
// default synchronous=NORMAL, with and without the answer journal: a child
// process appends answers, the test SIGKILLs it mid-stream, reopens the
// database and finds every answer the child reported acknowledged. With
// the journal, some answers were still in the journal when the child died
// and some in the database (it applies every 20 ms), and the reopened store
// applies the journal's.
func TestKill9(t *testing.T) {
	if path := os.Getenv(childEnv); path != "" {
		opts := sqlite.Options{}
		if d, err := time.ParseDuration(os.Getenv(childJournalEnv)); err == nil {
			opts.Journal, opts.ApplyEvery = true, d
		}
		kill9Child(t, path, opts)
		return
	}
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL on windows")
	}
	for _, tc := range []struct {
		name    string
		journal string
	}{{"NORMAL", ""}, {"Journal", "20ms"}} {
		t.Run(tc.name, func(t *testing.T) { testKill9(t, tc.journal) })
	}
}

func testKill9(t *testing.T, journal string) {
	path := filepath.Join(t.TempDir(), "kill9.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKill9$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+path, childJournalEnv+"="+journal)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := map[store.MatchID]int{} // the highest acknowledged version
	total := 0
	sc := bufio.NewScanner(out)
	timeout := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	killed := false
	for sc.Scan() {
		var (
			id store.MatchID
			v  int
		)
		if _, err := fmt.Sscanf(sc.Text(), "ack %d %d", &id, &v); err != nil {
			continue // the test framework's own lines
		}
		acked[id] = max(acked[id], v)
		// Kill mid-stream, then read on: lines written before the kill
		// were acknowledged too.
		if total++; total == 600 && !killed {
			killed = true
			if err := cmd.Process.Kill(); err != nil {
				t.Fatalf("kill child: %v", err)
			}
		}
	}
	timeout.Stop()
	err = cmd.Wait()
	if !killed {
		t.Fatalf("child stopped after %d acknowledged answers (%v), before it was killed", total, err)
	}
	t.Logf("killed the child after %d acknowledged answers in %d matches (%v)", total, len(acked), err)

	var recovered []string
	s, err := sqlite.Open(context.Background(), path, sqlite.Options{
		Journal: journal != "",
		Logf:    func(format string, args ...any) { recovered = append(recovered, fmt.Sprintf(format, args...)) },
	})
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	t.Logf("reopened: %q", recovered)
	defer s.Close()
	live, err := s.LiveMatches(context.Background())
	if err != nil {
		t.Fatalf("LiveMatches() after kill = %v", err)
	}
	found := map[store.MatchID]store.MatchRecord{}
	for _, m := range live {
		found[m.ID] = m
	}
	for id, v := range acked {
		m, ok := found[id]
		if !ok || m.Version < v {
			t.Errorf("match %d after kill: version %d, want at least the acknowledged %d", id, m.Version, v)
			continue
		}
		for i, a := range m.Answers {
			if want := killAnswer(i + 1); a != want {
				t.Errorf("match %d after kill: answer %d = %+v, want %+v", id, i+1, a, want)
				break
			}
		}
	}
}

func killAnswer(v int) store.Answer {
	return store.Answer{Version: v, Seat: engine.Seat(v % 3), Text: fmt.Sprintf("answer %d", v)}
}

// kill9Child appends to killWriters matches at once until it is killed
// (or 30 s pass).
func kill9Child(t *testing.T, path string, opts sqlite.Options) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, path, opts)
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu sync.Mutex // one line per write to stdout
		wg sync.WaitGroup
	)
	stop := time.Now().Add(30 * time.Second)
	for range killWriters {
		id, err := s.CreateMatch(ctx, store.NewMatch{
			Header: engine.Header{Format: 1, Game: "kill9", Seats: 3},
			Seats:  make([]store.AccountID, 3),
		})
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			for v := 1; time.Now().Before(stop); v++ {
				if err := s.AppendAnswers(ctx, id, []store.Answer{killAnswer(v)}, time.Time{}); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				fmt.Fprintf(os.Stdout, "ack %d %d\n", id, v)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	s.Close()
}
