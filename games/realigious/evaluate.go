package realigious

import "tabletop/engine"

// Evaluate scores a state for every seat, for search cut-offs
// (engine.Evaluator). At a terminal state it is the result: 1 for the
// winner and 0 for the others, 1/n each for a draw. Otherwise a defeated
// seat scores 0 and a seat in play scores
//
//	value = evalOwn × strength + (1 − evalOwn) × strength / Σ strengths in play
//
// so that a seat gains both from its own progress and from being ahead of
// the others. Its strength, in [0, 1], weighs (the weights sum to 1):
//
//   - evalBest 0.40: progress toward its nearest victory, the largest of
//     followers / religious threshold (REL-051, GAP-31), reputation gained
//     since the start / (social_at − start) (REL-052) and relics held /
//     mystic threshold (REL-053, GAP-32), as in the ranking at the cycle
//     limit (GAP-71);
//   - evalMean 0.10: the mean of the three progresses;
//   - evalTiles 0.20: tiles owned / a fair share of the ownable land
//     (contactable, not a local government), capped at 1;
//   - evalRes 0.10: donations + influence, x / (x + evalResHalf), what pays
//     for bribes (REL-965) and combat;
//   - evalSafety 0.20: reputation / starting reputation, capped at 1: near 0
//     a seat is one lost combat from defeat (REL-062).
//
// It reads the state once over its tiles and allocates only the result.
func (g *Game) Evaluate(st engine.State) []float64 {
	s, ok := st.(*State)
	if !ok {
		panic("realigious: Evaluate: not a Realigious state")
	}
	return s.evaluate(make([]float64, len(s.players)))
}

// Evaluation weights and scales; see Evaluate.
const (
	evalBest    = 0.40
	evalMean    = 0.10
	evalTiles   = 0.20
	evalRes     = 0.10
	evalSafety  = 0.20
	evalOwn     = 0.5
	evalResHalf = 2000.0
)

func (s *State) evaluate(out []float64) []float64 {
	n := len(s.players)
	if s.phase == phaseOver {
		for i := range out {
			out[i] = 0
		}
		if s.winner >= 0 {
			out[s.winner] = 1
		} else {
			for i := range out {
				out[i] = 1 / float64(n)
			}
		}
		return out
	}
	var owned [MaxPlayers]int
	land := 0
	for t := range s.tiles {
		tl := &s.tiles[t]
		if tl.Terrain.Contactable() && !tl.Structure.LocalGovernment() {
			land++
		}
		if o := int(tl.Owner); o >= 0 && o < MaxPlayers {
			owned[o]++
		}
	}
	fair := float64(max(land/n, 1))
	thr := float64(max(s.p.religiousThreshold(n), 1))
	span := float64(max(s.p.SocialAt-s.p.StartReputation, 1))
	mystic := float64(s.mysticThreshold())
	start := float64(max(s.p.StartReputation, 1))
	total := 0.0
	for i := range s.players {
		pl := &s.players[i]
		if pl.defeated {
			out[i] = 0
			continue
		}
		rel := clamp01(float64(pl.res[Followers]) / thr)
		soc := clamp01(float64(int(pl.rep)-s.p.StartReputation) / span)
		mys := clamp01(float64(s.relicsHeld(i)) / mystic)
		best := max(rel, soc, mys)
		x := float64(max(pl.res[Donations], 0) + max(pl.res[Influence], 0))
		v := evalBest*best + evalMean*(rel+soc+mys)/3 +
			evalTiles*clamp01(float64(owned[i])/fair) +
			evalRes*x/(x+evalResHalf) +
			evalSafety*clamp01(float64(pl.rep)/start)
		out[i] = v
		total += v
	}
	for i := range out {
		if s.players[i].defeated {
			continue
		}
		share := 0.0
		if total > 0 {
			share = out[i] / total
		}
		out[i] = clamp01(evalOwn*out[i] + (1-evalOwn)*share)
	}
	return out
}

func clamp01(x float64) float64 {
	switch {
	case x < 0:
		return 0
	case x > 1:
		return 1
	}
	return x
}
