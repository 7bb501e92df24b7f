package realigious

import (
	"sort"

	"tabletop/engine"
)

// checkEnd looks for a victory after an effect, and ends the match if one is
// met (REL-050-063, GAP-34). It reports whether the match is over.
func (s *State) checkEnd() bool {
	if s.phase == phaseOver {
		return true
	}
	alive, last := 0, -1
	for i := range s.players {
		if !s.players[i].defeated {
			alive++
			last = i
		}
	}
	if alive == 0 { // every remaining player fell at once (GAP-34)
		s.finish(-1, "draw")
		return true
	}
	// Several winners at once: the active seat first, then turn order (GAP-34).
	thr := s.p.religiousThreshold(len(s.players))
	for k := 0; k < len(s.order); k++ {
		seat := int(s.order[(s.turnIdx+k)%len(s.order)])
		pl := &s.players[seat]
		if pl.defeated {
			continue
		}
		if int(pl.res[Followers]) >= thr { // REL-051, GAP-31
			s.finish(seat, "religious")
			return true
		}
		if int(pl.rep) >= s.p.SocialAt { // REL-052, REL-115
			s.finish(seat, "social")
			return true
		}
		if s.relicsHeld(seat) >= s.mysticThreshold() { // REL-053, GAP-32
			s.finish(seat, "mystic")
			return true
		}
	}
	if alive == 1 && len(s.players) > 1 { // REL-054
		s.finish(last, "survival")
		return true
	}
	return false
}

// finish ends the match. Every other seat suffers a judgment defeat (REL-061).
func (s *State) finish(winner int, how string) {
	s.phase = phaseOver
	s.winner = int8(winner)
	s.how = how
	s.ranking = s.rank(winner)
	s.emitAll("over", winner, overData{How: how, Ranking: s.ranking})
}

type overData struct {
	How     string `json:"how"`
	Ranking []int8 `json:"ranking"`
}

// finishAtLimit ends a match that reached the cycle limit (GAP-71): the best
// ranked seat wins "ranked" unless it ties the second on every criterion.
func (s *State) finishAtLimit() {
	r := s.rank(-1)
	if len(r) > 1 && !s.players[r[1]].defeated && s.score(int(r[0])) == s.score(int(r[1])) {
		s.finish(-1, "draw")
		return
	}
	s.finish(int(r[0]), "ranked")
}

// score is what ranks the surviving seats (GAP-71): progress toward the
// nearest victory in per mille (followers toward the religious threshold,
// reputation gained since the start toward social victory), then tiles
// owned, then reputation.
type score struct{ progress, tiles, rep int }

func (s *State) score(seat int) score {
	pl := &s.players[seat]
	thr := s.p.religiousThreshold(len(s.players))
	prog := int(pl.res[Followers]) * 1000 / thr
	// Social progress counts from the starting reputation, so that merely
	// not losing reputation is no progress.
	if gain, span := int(pl.rep)-s.p.StartReputation, s.p.SocialAt-s.p.StartReputation; gain > 0 && span > 0 {
		if soc := gain * 1000 / span; soc > prog {
			prog = soc
		}
	}
	if mys := s.relicsHeld(seat) * 1000 / s.mysticThreshold(); mys > prog {
		prog = mys
	}
	if prog > 1000 {
		prog = 1000
	}
	tiles := 0
	for i := range s.tiles {
		if int(s.tiles[i].Owner) == seat {
			tiles++
		}
	}
	return score{prog, tiles, int(pl.rep)}
}

func (a score) better(b score) bool {
	if a.progress != b.progress {
		return a.progress > b.progress
	}
	if a.tiles != b.tiles {
		return a.tiles > b.tiles
	}
	return a.rep > b.rep
}

// rank orders every seat: the winner, the survivors by score (ties by turn
// order), then the defeated, the last defeated first.
func (s *State) rank(winner int) []int8 {
	out := make([]int8, 0, len(s.players))
	if winner >= 0 {
		out = append(out, int8(winner))
	}
	var alive, dead []int8
	for _, seat := range s.order {
		if int(seat) == winner {
			continue
		}
		if s.players[seat].defeated {
			dead = append(dead, seat)
		} else {
			alive = append(alive, seat)
		}
	}
	scores := make([]score, len(s.players))
	for _, seat := range alive {
		scores[seat] = s.score(int(seat))
	}
	sort.SliceStable(alive, func(i, j int) bool { return scores[alive[i]].better(scores[alive[j]]) })
	sort.SliceStable(dead, func(i, j int) bool { return s.players[dead[i]].defeatRank > s.players[dead[j]].defeatRank })
	out = append(out, alive...)
	return append(out, dead...)
}

// Explain is the full arithmetic of one roll (REL-419, REL-520-522), sent
// as the data of "propagation", "combat" and "piece_combat" events.
type Explain struct {
	Kind     string        `json:"kind"`
	Seat     int           `json:"seat"`
	Defender int           `json:"defender"`
	Tile     Coord         `json:"tile"`
	R1Terms  []ExplainTerm `json:"r1_terms"`
	R1Raw    int           `json:"r1_raw"`
	R1       int           `json:"r1"`
	R2Terms  []ExplainTerm `json:"r2_terms,omitempty"`
	R2Raw    int           `json:"r2_raw"`
	R2       int           `json:"r2"`
	RRaw     int           `json:"r_raw"`
	R        int           `json:"r"`
	Roll     string        `json:"roll"`
	// Forced is "success" or "failure" when a card decided the roll
	// whatever R (REL-702's unconditional wins and losses); Reckless is the
	// chance in percent of losing whatever the roll (CARD-045): the success
	// probability is then R × (100 − Reckless) / 100.
	Forced   string `json:"forced,omitempty"`
	Reckless int    `json:"reckless,omitempty"`
	// Gains and DefenderLoss are followers, donations, influence.
	Gains        [numResources]int `json:"gains"`
	DefenderLoss [numResources]int `json:"defender_loss"`
}

// ExplainTerm is one addend of a rate. A card effect's term is named by
// the effect's key ("all_or_nothing") and names its card.
type ExplainTerm struct {
	Tier  int    `json:"tier"`
	Name  string `json:"name"`
	Value int    `json:"value"`
	Card  CardID `json:"card,omitempty"`
}

func explainTerms(ts *terms) []ExplainTerm {
	out := make([]ExplainTerm, 0, ts.n)
	for _, t := range ts.items() {
		out = append(out, ExplainTerm{Tier: int(t.tier), Name: t.name.String(), Value: int(t.value), Card: t.card})
	}
	return out
}

// explainTermsOf is explainTerms with card terms named by their keys.
func (s *State) explainTermsOf(ts *terms) []ExplainTerm {
	out := explainTerms(ts)
	for i, t := range ts.items() {
		if t.name == termCard {
			out[i].Name = s.effectKey(&effect{card: t.card, sub: t.sub})
		}
	}
	return out
}

func (s *State) explain(success bool) *Explain {
	rl := &s.roll
	ex := &Explain{
		Kind:     rollKindNames[rl.kind],
		Seat:     int(rl.seat),
		Defender: int(rl.defender),
		Tile:     s.coord(int(rl.tile)),
		R1Terms:  s.explainTermsOf(&rl.r1Terms),
		R1Raw:    rl.r1Terms.sum(),
		R1:       int(rl.r1),
		R:        int(rl.r),
		Roll:     "failure",
	}
	ex.RRaw = ex.R1
	if rl.kind != rollPropagation {
		ex.R2Terms = s.explainTermsOf(&rl.r2Terms)
		ex.R2Raw = rl.r2Terms.sum()
		ex.R2 = int(rl.r2)
		ex.RRaw = ex.R1 - ex.R2
	}
	if success {
		ex.Roll = "success"
	}
	ex.Reckless = int(rl.lose)
	switch rl.force {
	case 1:
		ex.Forced = "success"
	case 2:
		ex.Forced = "failure"
	}
	return ex
}

// involved is the audience of an interaction: the seats taking part and the
// seats that can see the acting piece (GAP-62).
func (s *State) involved(seat, other int) engine.SeatMask {
	m := s.pieceAudience(seat) | engine.Only(engine.Seat(seat))
	if other >= 0 {
		m |= engine.Only(engine.Seat(other))
	}
	return m
}
