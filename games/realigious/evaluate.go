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
//   - evalMean 0.09: the mean of the three progresses;
//   - evalTiles 0.19: tiles owned / a fair share of the ownable land
//     (contactable, not a local government), capped at 1;
//   - evalRes 0.10: donations + influence, x / (x + evalResHalf), what pays
//     for bribes (REL-965), combat and cards (REL-701);
//   - evalSafety 0.18: reputation / starting reputation, capped at 1: near 0
//     a seat is one lost combat from defeat (REL-062);
//   - evalHand 0.01: the cards in hand (REL-678), see cardWorth: a card is
//     an option on a future effect, worth more the higher its level, half
//     as much while its level cost is out of reach (REL-701), nothing for a
//     shame card; the oldest card of a full hand counts half, as the next
//     draw discards it unless it is used (REL-681, GAP-19). A card the seat
//     has started to use but not yet paid for (its payer or targets are
//     being chosen) still counts as held, so that the decision to use a
//     card is judged by its outcome, not by the empty slot;
//   - evalEffects 0.03: the effects the seat's cards have in play
//     (REL-697, REL-698): its own player states and designations raise it,
//     states other seats' cards and shame cards (REL-721) put on it lower
//     it, each with diminishing weight.
//
// The card weights are kept small on purpose. The search bots look one
// decision ahead (Heuristic) or play a short random rollout (ISMCTS), and
// an effect's gains mostly come later, as followers, tiles or reputation.
// A hand card worth more than what its use shows at the horizon makes the
// bots hoard cards: with evalHand at 0.03, IS-MCTS bots used 36% fewer
// cards per turn than without card terms (docs/balance.md). At 0.01 a
// card weighs about a third of a tile's share (0.19 / fair share), less
// than the first own effect (about 0.005), so a card is used when its
// effect is worth its cost, and the hand term mostly breaks ties toward
// drawing more and better cards.
//
// It reads the state once over its tiles, effects, hands and frames, and
// allocates only the result.
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
	evalMean    = 0.09
	evalTiles   = 0.19
	evalRes     = 0.10
	evalSafety  = 0.18
	evalHand    = 0.01
	evalEffects = 0.03
	evalOwn     = 0.5
	evalResHalf = 2000.0
	// evalEffHalf is the number of effects at which the effect term is
	// half-way to its bound (n / (n + evalEffHalf)).
	evalEffHalf = 2.0
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
	var hand, own, hostile [MaxPlayers]float64
	s.evalCards(&hand, &own, &hostile)
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
			evalSafety*clamp01(float64(pl.rep)/start) +
			evalHand*clamp01(hand[i]/HandLimit) +
			evalEffects*(0.5+0.5*(own[i]/(own[i]+evalEffHalf)-hostile[i]/(hostile[i]+evalEffHalf)))
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

// evalCards adds up, per seat, the worth of its hand (with the cards it
// is about to use) and counts the effects in play for it (own) and
// against it (hostile); see Evaluate.
func (s *State) evalCards(hand, own, hostile *[MaxPlayers]float64) {
	for i := range s.zones {
		if i >= MaxPlayers {
			break
		}
		z := &s.zones[i]
		for k := range int(z.nHand) {
			hc := z.hand[k]
			w := s.cardWorth(i, hc.id, hc.flags&hcFree != 0, int(hc.stack))
			if k == 0 && z.nHand == HandLimit {
				w /= 2 // the next draw discards it (REL-681)
			}
			hand[i] += w
		}
	}
	for k := range s.frames {
		f := &s.frames[k]
		if f.kind == frameUse && f.stage <= stageTarget && f.flags&frReaction == 0 && s.validSeat(int(f.seat)) && f.seat < MaxPlayers {
			hand[f.seat] += s.cardWorth(int(f.seat), f.card, f.flags&frFree != 0, int(f.stack))
		}
	}
	for k := range s.effects {
		e := &s.effects[k]
		if e.clock == clockDead || !s.validSeat(int(e.seat)) || e.seat >= MaxPlayers {
			continue
		}
		switch {
		case e.card.Valid() && cardTable[e.card].kind == ShameCard:
			hostile[e.seat]++ // a punishment (REL-721)
		case e.tile >= 0 || e.src == e.seat:
			own[e.seat]++ // a designation it made, or a state it gave itself
		default:
			hostile[e.seat]++ // another seat's card put it there
		}
	}
}

// cardWorth is what card id in seat's hand is worth to the evaluation, in
// [0, 1]: a trait card 0.5 + level/20, so that a higher power level
// (REL-612), which buys a stronger effect, is worth more; a religion or
// glory card 0.75; a shame card 0, as it acts against its holder whether
// used or discarded (REL-724). A card whose level cost (REL-701) neither
// donations nor influence can pay now is worth half: it needs resources
// first.
func (s *State) cardWorth(seat int, id CardID, free bool, stack int) float64 {
	if !id.Valid() {
		return 0
	}
	d := &cardTable[id]
	w := 0.75
	switch {
	case d.trait != NoTrait:
		w = 0.5 + float64(d.level)/20
	case d.kind == ShameCard:
		return 0
	}
	if cost := s.cardCost(seat, id, free, stack); cost > 0 {
		res := &s.players[seat].res
		if cost > int(res[Donations]) && cost > int(res[Influence]) {
			w /= 2
		}
	}
	return w
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
