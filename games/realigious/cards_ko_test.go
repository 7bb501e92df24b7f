package realigious

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// The Korean card texts (CardInfo.TextKo) come from the seed, which lives
// outside the repository in ../../../shared/seeds. The tests that compare
// against it skip when it is not there; the shape checks always run.

// seedDir is where the seeds sit relative to this package in the shared
// workspace.
const seedDir = "../../../shared/seeds"

// TestCardTextKoShape: every one of the 84 cards (CARD-001-084) has a
// Korean text, written on one line, in Hangul, without stray spaces.
func TestCardTextKoShape(t *testing.T) {
	for _, c := range Cards() {
		t.Run(c.ID.String(), func(t *testing.T) {
			s := c.TextKo
			if s == "" {
				t.Fatal("TextKo is empty")
			}
			if strings.ContainsAny(s, "\n\r\t") {
				t.Errorf("TextKo %q is not one line", s)
			}
			if strings.TrimSpace(s) != s || strings.Contains(s, "  ") {
				t.Errorf("TextKo %q has stray spaces", s)
			}
			if !strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) {
				t.Errorf("TextKo %q has no Hangul", s)
			}
			if s == c.Text {
				t.Errorf("TextKo is the English text")
			}
		})
	}
	if got := CardID(0).Info().TextKo; got != "" {
		t.Errorf("invalid card: TextKo = %q, want empty", got)
	}
}

// seedTextColumn reads the seeds and returns, one per line, the last
// non-empty tab-separated field of every line: in the card tables that is
// the effect text column, or its wrapped continuation.
func seedTextColumn(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(seedDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Skipf("seed texts not found in %s (they live outside the repository); skipping the comparison with the seed", seedDir)
	}
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatalf("reading seed: %v", err)
		}
		for line := range strings.SplitSeq(string(b), "\n") {
			fields := strings.Split(strings.TrimRight(line, "\r"), "\t")
			for i := len(fields) - 1; i >= 0; i-- {
				if f := strings.TrimSpace(fields[i]); f != "" {
					out = append(out, f)
					break
				}
			}
		}
	}
	return out
}

// TestCardTextKoSeedLine: for cards the seed prints on a single line, the
// text is that line's text column exactly.
func TestCardTextKoSeedLine(t *testing.T) {
	column := seedTextColumn(t)
	for _, id := range []string{
		"CARD-003", // Training the Clergy
		"CARD-015", // The Tithe
		"CARD-034", // Operation Snow White
		"CARD-050", // The Last Piece
		"CARD-061", // Night of Temperance
		"CARD-076", // Glory: Onrush
		"CARD-082", // Shame: Panic
		"CARD-084", // A Shameful End
	} {
		t.Run(id, func(t *testing.T) {
			cid, err := ParseCardID(id)
			if err != nil {
				t.Fatal(err)
			}
			want := cid.Info().TextKo
			for _, f := range column {
				if f == want {
					return
				}
			}
			t.Errorf("TextKo %q is not a line of the seed", want)
		})
	}
}

// TestCardTextKoSeedVerbatim: every card's text (CARD-001-084) is the
// seed's, up to where the seed wraps it: with all white space removed it
// occurs in the seed's text column read as one string.
func TestCardTextKoSeedVerbatim(t *testing.T) {
	squeeze := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s)
	}
	seed := squeeze(strings.Join(seedTextColumn(t), ""))
	for _, c := range Cards() {
		t.Run(c.ID.String(), func(t *testing.T) {
			if !strings.Contains(seed, squeeze(c.TextKo)) {
				t.Errorf("TextKo %q is not in the seed", c.TextKo)
			}
		})
	}
}
