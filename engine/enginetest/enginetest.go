// Package enginetest is the conformance suite every game runs. A game's test
// starts with
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, mygame.Game{}, enginetest.Options{})
//	}
//
// Run plays many seeded random matches to the end through an engine.Match
// (seat answers from a seeded PCG, one time in eight the default; chance
// answers from Match.ResolveChance). A failing subtest is named
// seats=N/seed=S, which reproduces it. It checks:
//
//   - the descriptor: a name, a rules version, a stable ParamsHash, seat
//     bounds within engine.MaxSeats; New and NormalizeConfig reject a seat
//     count outside them with an error wrapping engine.ErrBadConfig;
//   - the config: NormalizeConfig gives valid JSON and is idempotent, New
//     gives the same state for a config and its normalized form, and
//     rejects malformed JSON with engine.ErrBadConfig;
//   - at every step: Steps counts the answers; before the end Pending names
//     a seat in range or Chance and a non-empty Kind, Legal is non-empty and
//     strictly ascending, Default is legal, Chance is non-nil exactly for a
//     chance decision with the legal answers and positive weights, and
//     ParseAnswer(AnswerText(a)) == a for every legal a; at the end Pending
//     says NoSeat and Legal is empty; View of every seat and Spectator is
//     non-nil and encodes to JSON, and so do the events of every Apply as
//     Redact gives them to every seat; a state that implements
//     engine.ViewAppender appends exactly json.Marshal(View) for each;
//   - at sampled steps (Options.CheckEvery) and the end: AppendEncoding is
//     stable and appends; Decode(AppendEncoding) re-encodes to the same
//     bytes, while empty, truncated or extended encodings fail with
//     engine.ErrCorrupt; clones encode equally, and applying an answer to
//     one clone changes neither the original nor another clone (nor does
//     the original's next Apply change a clone), and gives equal encodings
//     on equal clones; unknown answer texts fail with
//     engine.ErrBadAnswerText; illegal answers (extremes and codes in the
//     gaps of Legal) fail with engine.ErrIllegalAnswer, or engine.ErrGameOver
//     at the end, leaving the encoding byte-identical;
//   - at the end: the match ends within Options.MaxSteps; Result ranks
//     every seat once, its winner (if any) first; the match refuses further
//     answers with engine.ErrGameOver; its replay passes engine.Verify
//     before and after a JSON round trip; and a second play of the same seed
//     with hashing off records the same steps and hashes.
//
// Playout and Bench play fast unchecked random matches for benchmarks.
package enginetest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tabletop/engine"
)

// Options configures Run. The zero value tests every seat count with the
// game's default config.
type Options struct {
	// Seats lists the seat counts to test; nil means every count from the
	// descriptor's MinSeats to MaxSeats.
	Seats []int
	// Seeds is the number of seeded matches per seat count; 0 means 20.
	Seeds int
	// Config is the JSON config given to New; nil means the defaults.
	Config []byte
	// MaxSteps bounds the answers of one match (a game must end); 0 means
	// 100000.
	MaxSteps int
	// CheckEvery makes the expensive checks (clone, decode, illegal answers)
	// run at every CheckEvery-th step, at a phase that varies with the seed,
	// as well as on the initial and terminal states; 0 means 8, 1 means every
	// step.
	CheckEvery int
	// Invariant, if set, is called on the state at every step, terminal
	// included, to check game-specific rules; an error fails the match.
	Invariant func(s engine.State) error
}

// withDefaults fills the zero fields of o.
func (o Options) withDefaults(d engine.Descriptor) Options {
	if o.Seats == nil {
		for n := d.MinSeats; n <= d.MaxSeats; n++ {
			o.Seats = append(o.Seats, n)
		}
	}
	if o.Seeds <= 0 {
		o.Seeds = 20
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = 100000
	}
	if o.CheckEvery <= 0 {
		o.CheckEvery = 8
	}
	return o
}

// Run runs the conformance suite on g as subtests of t: "descriptor", then
// for each seat count "seats=N/config" and one "seats=N/seed=S" per seed.
func Run(t *testing.T, g engine.Game, opts Options) {
	t.Helper()
	opts = opts.withDefaults(g.Descriptor())
	t.Run("descriptor", func(t *testing.T) {
		report(t, checkDescriptor(g))
	})
	for _, n := range opts.Seats {
		t.Run(fmt.Sprintf("seats=%d", n), func(t *testing.T) {
			t.Run("config", func(t *testing.T) {
				report(t, checkConfig(g, opts.Config, n))
			})
			for seed := range opts.Seeds {
				t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
					report(t, checkMatch(g, opts, n, uint64(seed)))
				})
			}
		})
	}
}

// report fails t with each error.
func report(t *testing.T, errs []error) {
	t.Helper()
	for _, err := range errs {
		t.Error(err)
	}
}

// answerStream is the PCG stream of the random seat answers, distinct from
// any stream a game uses for its own seed.
const answerStream = 0x656e67696e657465 // "enginete"

// RandomAnswers returns the source Run uses to pick seat answers for a
// match seed; pass it to RandomAnswer.
func RandomAnswers(seed uint64) rand.PCG {
	return engine.SeedPCG(seed, answerStream)
}

// RandomAnswer picks an answer to a seat decision of s: the default one time
// in eight (as a time-out would), otherwise a uniform legal answer. buf is
// scratch space for Legal and may be nil. s must not be terminal.
func RandomAnswer(s engine.State, p *rand.PCG, buf []engine.Answer) (engine.Answer, []engine.Answer) {
	buf = s.Legal(buf[:0])
	if engine.IntN(p, 8) == 0 {
		return s.Pending().Default, buf
	}
	return buf[engine.IntN(p, len(buf))], buf
}

// Playout plays one random match of g from New(config, seats, seed) to the
// end, without a Match and without checks: seat decisions are answered by
// RandomAnswer, chance decisions by engine.ChanceAnswer(seed, step). It
// returns the terminal state, or an error if New or Apply fails or the match
// does not end within maxSteps answers (0 means 100000).
func Playout(g engine.Game, config []byte, seats int, seed uint64, maxSteps int) (engine.State, error) {
	if maxSteps <= 0 {
		maxSteps = 100000
	}
	s, err := g.New(config, seats, seed)
	if err != nil {
		return nil, err
	}
	p := RandomAnswers(seed)
	var buf []engine.Answer
	for step := 0; !s.Terminal(); step++ {
		if step >= maxSteps {
			return s, fmt.Errorf("enginetest: match did not end within %d steps", maxSteps)
		}
		var a engine.Answer
		if s.Pending().Seat == engine.Chance {
			a = engine.ChanceAnswer(seed, step, s.Chance())
		} else {
			a, buf = RandomAnswer(s, &p, buf)
		}
		if _, err := s.Apply(a); err != nil {
			return s, fmt.Errorf("enginetest: step %d: %w", step+1, err)
		}
	}
	return s, nil
}

// Bench benchmarks random playouts of g: each iteration plays one match
// with the next seed, cycling through opts.Seats, and the benchmark reports
// answers per match as "steps/op". Only Seats, Config and MaxSteps of opts
// are used.
func Bench(b *testing.B, g engine.Game, opts Options) {
	b.Helper()
	opts = opts.withDefaults(g.Descriptor())
	steps := 0
	seed := uint64(0)
	for b.Loop() {
		n := opts.Seats[int(seed%uint64(len(opts.Seats)))]
		s, err := Playout(g, opts.Config, n, seed, opts.MaxSteps)
		if err != nil {
			b.Fatalf("Playout(seats=%d, seed=%d): %v", n, seed, err)
		}
		steps += s.Steps()
		seed++
	}
	if seed > 0 {
		b.ReportMetric(float64(steps)/float64(seed), "steps/op")
	}
}
