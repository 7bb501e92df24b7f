package engine

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestSplitmixReference(t *testing.T) {
	// The first outputs of splitmix64 seeded with 0, from Vigna's reference
	// implementation (prng.di.unimi.it/splitmix64.c).
	want := []uint64{0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F}
	for i, w := range want {
		if got := splitmix(0, uint64(i)); got != w {
			t.Errorf("splitmix(0, %d) = %#x, want %#x", i, got, w)
		}
	}
}

var dice = []Outcome{{Answer: 1, Weight: 2}, {Answer: 2, Weight: 2}, {Answer: 3, Weight: 1}}

func TestChanceAnswerKnownValues(t *testing.T) {
	// Pinned so that a change to the algorithm, which would change how
	// resumed matches continue, is a visible decision.
	tests := []struct {
		seed uint64
		step int
		want Answer
	}{
		{0, 0, 3}, {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {42, 7, 3}, {math.MaxUint64, 1000, 2},
	}
	for _, tt := range tests {
		if got := ChanceAnswer(tt.seed, tt.step, dice); got != tt.want {
			t.Errorf("ChanceAnswer(%d, %d, dice) = %d, want %d", tt.seed, tt.step, got, tt.want)
		}
	}
}

func TestChanceAnswerDistribution(t *testing.T) {
	tests := []struct {
		name     string
		outcomes []Outcome
	}{
		{"dice", dice},
		{"zero weights skipped", []Outcome{{7, 0}, {8, 3}, {9, -1}, {10, 1}}},
		{"single", []Outcome{{4, 100}}},
		{"huge weights", []Outcome{{1, 1 << 60}, {2, 1 << 60}, {3, 1 << 61}}},
		{"percent", []Outcome{{0, 37}, {1, 63}}},
	}
	const draws = 40000
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			total := float64(chanceTotal(tt.outcomes))
			counts := map[Answer]int{}
			for step := range draws {
				counts[ChanceAnswer(12345, step, tt.outcomes)]++
			}
			for _, o := range tt.outcomes {
				if o.Weight <= 0 {
					if counts[o.Answer] != 0 {
						t.Errorf("answer %d with weight %d drawn %d times, want 0", o.Answer, o.Weight, counts[o.Answer])
					}
					continue
				}
				p := float64(o.Weight) / total
				mean, sd := draws*p, math.Sqrt(draws*p*(1-p))
				if got := float64(counts[o.Answer]); math.Abs(got-mean) > 5*sd+1 {
					t.Errorf("answer %d drawn %v times in %d, want %.0f ± %.0f", o.Answer, got, draws, mean, 5*sd)
				}
			}
		})
	}
}

func TestChanceAnswerPanicsWithoutWeight(t *testing.T) {
	for _, outcomes := range [][]Outcome{nil, {{1, 0}}, {{1, -5}}, {{1, math.MaxInt}, {2, 1}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("ChanceAnswer(%v) did not panic", outcomes)
				}
			}()
			ChanceAnswer(1, 1, outcomes)
		}()
	}
}

func TestReduceRejection(t *testing.T) {
	// With n just above 2^63 about half of all draws are rejected, so the
	// retry path runs; the result must still be below n and deterministic.
	n := uint64(1<<63 + 1)
	for x := range uint64(200) {
		x := splitmix(9, x)
		got := reduce(x, n)
		if got >= n || got != reduce(x, n) {
			t.Fatalf("reduce(%#x, %#x) = %#x, want a stable value below n", x, n, got)
		}
	}
}

func TestIntN(t *testing.T) {
	p := SeedPCG(1, 2)
	var got []int
	for range 8 {
		got = append(got, IntN(&p, 10))
	}
	q := SeedPCG(1, 2)
	for i := range got {
		if v := IntN(&q, 10); v != got[i] {
			t.Fatalf("IntN draw %d = %d after reseeding, want %d", i, v, got[i])
		}
	}
	for _, n := range []int{1, 2, 3, 7, 1000, math.MaxInt} {
		for range 100 {
			if v := IntN(&p, n); v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d, out of range", n, v)
			}
		}
	}
	counts := make([]int, 6)
	for range 60000 {
		counts[IntN(&p, 6)]++
	}
	for face, c := range counts {
		if c < 10000-500 || c > 10000+500 {
			t.Errorf("IntN(6) gave %d %d times in 60000, want about 10000", face, c)
		}
	}
	for _, n := range []int{0, -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("IntN(%d) did not panic", n)
				}
			}()
			IntN(&p, n)
		}()
	}
}

func TestShuffle(t *testing.T) {
	p := SeedPCG(3, 4)
	first := make([]int, 4)
	for range 40000 {
		deck := []int{0, 1, 2, 3}
		Shuffle(&p, len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		sorted := slices.Sorted(slices.Values(deck))
		if !slices.Equal(sorted, []int{0, 1, 2, 3}) {
			t.Fatalf("Shuffle gave %v, not a permutation", deck)
		}
		first[deck[0]]++
	}
	for card, c := range first {
		if c < 10000-500 || c > 10000+500 {
			t.Errorf("card %d came first %d times in 40000, want about 10000", card, c)
		}
	}
	for _, n := range []int{0, 1} {
		Shuffle(&p, n, func(i, j int) { t.Errorf("Shuffle(%d) called swap(%d, %d)", n, i, j) })
	}
}

func TestRNGHelpersDoNotAllocate(t *testing.T) {
	p := SeedPCG(5, 6)
	deck := make([]int, 52)
	swap := func(i, j int) { deck[i], deck[j] = deck[j], deck[i] }
	allocs := testing.AllocsPerRun(100, func() {
		_ = IntN(&p, 52)
		Shuffle(&p, len(deck), swap)
		_ = ChanceAnswer(1, 2, dice)
	})
	if allocs != 0 {
		t.Errorf("IntN+Shuffle+ChanceAnswer allocate %v times per run, want 0", allocs)
	}
}

func TestPCGEncoding(t *testing.T) {
	p := SeedPCG(7, 8)
	IntN(&p, 100)
	b := AppendPCG([]byte("x"), &p)
	if len(b) != 1+PCGSize {
		t.Fatalf("AppendPCG appended %d bytes, want %d", len(b)-1, PCGSize)
	}
	q, rest, err := DecodePCG(append(b[1:], 'y'))
	if err != nil || string(rest) != "y" {
		t.Fatalf("DecodePCG = _, %q, %v; want rest \"y\", nil", rest, err)
	}
	for range 5 {
		if a, b := p.Uint64(), q.Uint64(); a != b {
			t.Fatalf("decoded PCG draws %#x, want %#x", b, a)
		}
	}
	bad := map[string][]byte{
		"short":      b[1:10],
		"empty":      nil,
		"bad prefix": append([]byte("xyz:"), make([]byte, 16)...),
	}
	for name, in := range bad {
		if _, _, err := DecodePCG(in); !errors.Is(err, ErrCorrupt) {
			t.Errorf("DecodePCG(%s) error = %v, want one wrapping ErrCorrupt", name, err)
		}
	}
}

func TestHashEncoding(t *testing.T) {
	// SHA-256 of the empty string starts e3b0c442...
	if got, want := HashEncoding(nil), "e3b0c44298fc1c149afbf4c8996fb924"; got != want {
		t.Errorf("HashEncoding(nil) = %s, want %s", got, want)
	}
	if got := HashEncoding([]byte("state")); len(got) != HashLen || !isHash(got) {
		t.Errorf("HashEncoding(state) = %q, want %d lowercase hex digits", got, HashLen)
	}
}
