package bots

import (
	"math/rand/v2"

	"tabletop/engine"
)

// Random picks uniformly among the legal answers. Its choices depend only
// on the seed and seat it was made with and the answers it was offered, so
// a seeded match between Random bots replays identically.
type Random struct {
	r *rand.Rand
}

// NewRandom returns a Random bot for seat of a match with the given seed.
// Each seat of one match draws from its own stream.
func NewRandom(seed uint64, seat engine.Seat) *Random {
	return &Random{r: rand.New(rand.NewPCG(seed, 0x626f74<<8|uint64(uint8(seat))))} // "bot", seat
}

// Step returns a uniformly chosen element of legal (Bot). It panics if
// legal is empty, which the engine contract rules out for a pending
// decision.
func (b *Random) Step(obs Observation) engine.Answer {
	legal := obs.Legal
	if len(legal) == 0 {
		panic("bots: Random.Step: no legal answer")
	}
	return legal[b.r.IntN(len(legal))]
}

// Blind reports true: Random never reads its view (Blind).
func (b *Random) Blind() bool { return true }
