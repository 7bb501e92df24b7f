package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// This file holds the engine's two sources of randomness: ChanceAnswer, a
// stateless pick that the Match uses to answer chance decisions, and helpers
// over a rand.PCG that a game keeps by value inside its state for shuffles
// and generation. The algorithms are pinned here (not borrowed from
// rand.Rand) so that a replay never depends on the Go release.

// golden is the splitmix64 increment, 2^64 divided by the golden ratio.
const golden = 0x9E3779B97F4A7C15

// mix64 is the splitmix64 output function (Steele, Lea and Flood 2014; the
// variant used by java.util.SplittableRandom and Vigna's reference code).
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// splitmix returns output number i (0-based) of the splitmix64 generator
// whose state starts at seed.
func splitmix(seed, i uint64) uint64 {
	return mix64(seed + (i+1)*golden)
}

// ChanceAnswer picks the answer to a chance decision from its outcomes, with
// probability proportional to each outcome's integer weight. It is stateless:
// the pick depends only on (seed, step, outcomes), so a match can resume after
// a restart from its seed and step count without persisting any RNG state.
//
// The draw is output number step of the splitmix64 generator seeded with
// seed, reduced to [0, total weight) by Lemire's multiply-shift with
// rejection (a rejected draw, which happens with probability below
// total/2^64, is replaced by mixing in a retry counter), so the pick is
// exactly proportional to the weights. Outcomes are walked in the order
// given; outcomes with a weight of zero or less are never picked.
//
// ChanceAnswer panics if no outcome has a positive weight or the weights
// overflow an int: State.Chance promises positive weights, and Match checks
// them before calling it.
func ChanceAnswer(seed uint64, step int, outcomes []Outcome) Answer {
	total := chanceTotal(outcomes)
	if total <= 0 {
		panic(fmt.Sprintf("engine: ChanceAnswer: no positive weight among %d outcomes", len(outcomes)))
	}
	x := splitmix(seed, uint64(step))
	r := reduce(x, uint64(total))
	for _, o := range outcomes {
		if o.Weight <= 0 {
			continue
		}
		if r < uint64(o.Weight) {
			return o.Answer
		}
		r -= uint64(o.Weight)
	}
	panic("engine: ChanceAnswer: unreachable")
}

// chanceTotal returns the sum of the positive weights, or -1 when the sum
// overflows an int.
func chanceTotal(outcomes []Outcome) int {
	total := 0
	for _, o := range outcomes {
		if o.Weight <= 0 {
			continue
		}
		if total > int(^uint(0)>>1)-o.Weight {
			return -1
		}
		total += o.Weight
	}
	return total
}

// reduce maps the 64-bit draw x to [0, n) without bias. Rejected draws are
// replaced by mix64 of x and a retry counter, which keeps ChanceAnswer
// stateless.
func reduce(x, n uint64) uint64 {
	hi, lo := bits.Mul64(x, n)
	if lo < n {
		threshold := -n % n
		for retry := uint64(1); lo < threshold; retry++ {
			hi, lo = bits.Mul64(mix64(x^(retry*golden)), n)
		}
	}
	return hi
}

// SeedPCG returns a PCG seeded with (seed, stream), to be kept by value in a
// game state. Use distinct streams for independent purposes drawn from one
// match seed, e.g. stream 1 for map generation and stream 2 for the deck.
func SeedPCG(seed, stream uint64) rand.PCG {
	var p rand.PCG
	p.Seed(seed, stream)
	return p
}

// IntN returns a uniform integer in [0, n) drawn from p, without bias and
// without allocating. It panics if n <= 0. Its algorithm (Lemire's
// multiply-shift with rejection over p.Uint64) is fixed by this package, so
// the results differ from rand.New(p).IntN but never change between Go
// releases.
func IntN(p *rand.PCG, n int) int {
	if n <= 0 {
		panic("engine: IntN: n <= 0")
	}
	un := uint64(n)
	hi, lo := bits.Mul64(p.Uint64(), un)
	if lo < un {
		threshold := -un % un
		for lo < threshold {
			hi, lo = bits.Mul64(p.Uint64(), un)
		}
	}
	return int(hi)
}

// Shuffle pseudo-randomizes the order of n elements with a Fisher-Yates
// shuffle drawn from p; swap exchanges the elements with indexes i and j.
// It panics if n < 0.
func Shuffle(p *rand.PCG, n int, swap func(i, j int)) {
	if n < 0 {
		panic("engine: Shuffle: n < 0")
	}
	for i := n - 1; i > 0; i-- {
		swap(i, IntN(p, i+1))
	}
}

// PCGSize is the number of bytes AppendPCG appends.
const PCGSize = 20

// AppendPCG appends the binary form of p (rand.PCG.AppendBinary, PCGSize
// bytes) to buf, for a state's AppendEncoding.
func AppendPCG(buf []byte, p *rand.PCG) []byte {
	out, err := p.AppendBinary(buf)
	if err != nil {
		// rand.PCG.AppendBinary never fails; keep buf intact if it ever does.
		panic(fmt.Sprintf("engine: AppendPCG: %v", err))
	}
	return out
}

// DecodePCG reads a PCG written by AppendPCG from the front of b and returns
// it with the rest of b. Short or damaged input returns an error wrapping
// ErrCorrupt.
func DecodePCG(b []byte) (rand.PCG, []byte, error) {
	var p rand.PCG
	if len(b) < PCGSize {
		return p, b, fmt.Errorf("engine: pcg needs %d bytes, have %d: %w", PCGSize, len(b), ErrCorrupt)
	}
	if err := p.UnmarshalBinary(b[:PCGSize]); err != nil {
		return p, b, fmt.Errorf("engine: pcg: %w: %w", err, ErrCorrupt)
	}
	return p, b[PCGSize:], nil
}
