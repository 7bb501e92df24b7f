package realigious

import "tabletop/engine"

// What seats see of the cards (GAP-70, docs/visibility.md): a seat sees
// its own hand (cards, armed state and payer), the size of every hand and
// deck, every graveyard, every player state with its duration (the buff
// list, REL-697, REL-703; a hidden state's counters only on its own seat)
// and the designations on tiles it has revealed (REL-698). Nobody sees a
// deck's order or another seat's hand, composition or armed reactions.

// HandCardView is one card of the viewing seat's own hand.
type HandCardView struct {
	// Slot is the hand slot the "card N" answers use: 1 is the newest
	// card (UI-314).
	Slot int    `json:"slot"`
	Card CardID `json:"card"`
	// Armed is the payer of an armed card ("donations", "influence"); ""
	// when not armed (GAP-25).
	Armed string `json:"armed,omitempty"`
	// Set: its arming was changed this turn and stays as it is until the
	// next turn.
	Set bool `json:"set,omitempty"`
	// Free: its level cost is waived (The Appointed King).
	Free bool `json:"free,omitempty"`
	// Stack is Spell of Ruin's stack (GAP-56).
	Stack int `json:"stack,omitempty"`
	// Cost is the level cost it would cost now.
	Cost int `json:"cost"`
}

// EffectView is a card-made state on a player (in PlayerView.Buffs) or a
// designation on a tile (in View.Designations).
type EffectView struct {
	Card CardID `json:"card"`
	Key  string `json:"key"`
	// Seat is the player it is on, or the seat that made a designation;
	// From is the seat whose card made it.
	Seat int    `json:"seat"`
	From int    `json:"from"`
	Tile *Coord `json:"tile,omitempty"`
	// Ends is "end" when it ends at the end phase of Seat's own turn
	// Until, "start" when at the start phase of that turn; absent, it lasts
	// until the game or its own rule ends it (PlayerView.Turns counts own
	// turns).
	Ends  string `json:"ends,omitempty"`
	Until int    `json:"until,omitempty"`
	// At is the own turn of Seat at whose start phase it acts.
	At int `json:"at,omitempty"`
	// N and V are the counters the card's rules keep (uses, stacks, a
	// chosen value); a hidden state shows them only to its own seat.
	N int `json:"n,omitempty"`
	V int `json:"v,omitempty"`
}

var clockEnds = [numClocks]string{clockEnd: "end", clockStart: "start"}

// effectView describes e; full includes a hidden state's counters.
func (s *State) effectView(e *effect, full bool) EffectView {
	var tile *Coord
	if e.tile >= 0 {
		tile = new(Coord)
	}
	return s.effectViewAt(e, full, tile)
}

// effectViewAt is effectView with the designation's tile written to *tile
// (nil for an effect on a player), so that a view can give all its
// designations one backing array.
func (s *State) effectViewAt(e *effect, full bool, tile *Coord) EffectView {
	var v EffectView
	s.fillEffectView(&v, e, full, tile)
	return v
}

// fillEffectView sets *v, zero on entry, to effectViewAt's value: in
// place, since a view's lists of them are built for every seat after
// every step.
func (s *State) fillEffectView(v *EffectView, e *effect, full bool, tile *Coord) {
	sd := s.stateDef(e)
	v.Card, v.Seat, v.From, v.Ends, v.At = e.card, int(e.seat), int(e.src), clockEnds[e.clock%numClocks], int(e.at)
	if sd != nil { // as effectKey
		v.Key = sd.key
	} else {
		v.Key = e.card.String()
	}
	if v.Ends != "" {
		v.Until = int(e.until)
	}
	if e.tile >= 0 {
		*tile = s.coord(int(e.tile))
		v.Tile = tile
	}
	if full || sd == nil || !sd.hidden {
		v.N, v.V = int(e.n), int(e.v)
	}
}

// CardDecisionView is the card resolution a seat is asked about, in that
// seat's own view only: the top frame (as in a scenario snapshot) and the
// decision's answers. It lets the seat's client, and a bot sampling its
// information set, know where the resolution stands. A Gi-ye Chin Stye or
// Insight designation (REL-923, REL-924) is shown the same way, with kind
// "designate" and its "eye" frame, whose sub names the relic type.
type CardDecisionView struct {
	Kind    string        `json:"kind"`
	Frame   ScenarioFrame `json:"frame"`
	Answers []string      `json:"answers"`
	Default string        `json:"default"`
}

// cardDecisionView describes the pending card decision for row, or nil
// when it is not row's.
func (s *State) cardDecisionView(row int) *CardDecisionView {
	if s.phase == phaseDesignate && int(s.designSeat) == row {
		return s.eyeDecisionView(row)
	}
	if s.phase != phaseCard || int(s.ask.seat) != row || row < 0 || len(s.frames) == 0 {
		return nil
	}
	d := &CardDecisionView{Kind: askKinds[s.ask.kind], Frame: s.scnFrame(&s.frames[len(s.frames)-1]), Answers: []string{}}
	for _, o := range s.opts {
		d.Answers = append(d.Answers, s.AnswerText(o.Answer))
	}
	if int(s.ask.def) < len(s.opts) {
		d.Default = s.AnswerText(s.opts[s.ask.def].Answer)
	}
	return d
}

// eyeDecisionView describes a pending Stye or Insight designation for
// the designating seat row, or nil when the designation is Abukaros's.
func (s *State) eyeDecisionView(row int) *CardDecisionView {
	f := s.eyeWaiting()
	if f == nil {
		return nil
	}
	d := &CardDecisionView{Kind: phaseKinds[phaseDesignate], Frame: s.scnFrame(f), Answers: []string{}}
	var buf [MaxPlayers]engine.Answer
	for _, a := range s.appendDesignations(buf[:0], row) {
		d.Answers = append(d.Answers, s.AnswerText(a))
	}
	if len(d.Answers) > 0 {
		d.Default = d.Answers[0] // Pending's default
	}
	return d
}

// stateIndex returns the index of card's state named key.
func (s *State) stateIndex(card CardID, key string) (int, bool) {
	d := s.defs.get(card)
	if d == nil {
		return 0, false
	}
	for i, sd := range d.states {
		if sd.key == key {
			return i, true
		}
	}
	return 0, false
}

// cardsView fills the card parts of seat's view (row: view row). It sizes
// every list first and gives the lists of a kind one backing array: the
// view is built for every seat after every answer.
func (s *State) cardsView(v *View, blk *viewBlock, seat engine.Seat, row int) {
	own := seat != engine.Spectator && row < len(s.players)
	// Count the designations row sees and each player's buffs.
	var nBuffs [engine.MaxSeats]int
	nDesig, nAll := 0, 0
	for i := range s.effects {
		e := &s.effects[i]
		switch {
		case e.clock == clockDead:
		case e.tile >= 0:
			if s.memory(row, int(e.tile)) != Unrevealed {
				nDesig++
				nAll++
			}
		case int(e.seat) < len(v.Players) && int(e.seat) < len(nBuffs):
			nBuffs[e.seat]++
			nAll++
		}
	}
	effects := scratch(&blk.effects, nAll) // one array for every list, never nil
	v.Designations, effects = effects[:0:nDesig], effects[nDesig:]
	for i := range v.Players {
		k := 0 // beyond engine.MaxSeats (never), append allocates
		if i < len(nBuffs) {
			k = nBuffs[i]
		}
		v.Players[i].Buffs, effects = effects[:0:k], effects[k:]
	}
	var tiles []Coord
	if nDesig > 0 {
		tiles = scratch(&blk.coords, nDesig)
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead {
			continue
		}
		if e.tile >= 0 {
			if s.memory(row, int(e.tile)) != Unrevealed {
				k := len(v.Designations)
				v.Designations = v.Designations[:k+1] // sized above; scratch zeroed it
				s.fillEffectView(&v.Designations[k], e, int(e.seat) == row, &tiles[0])
				tiles = tiles[1:]
			}
			continue
		}
		if int(e.seat) < len(v.Players) {
			pv := &v.Players[e.seat]
			if k := len(pv.Buffs); k < cap(pv.Buffs) {
				pv.Buffs = pv.Buffs[:k+1] // sized above; scratch zeroed it
				s.fillEffectView(&pv.Buffs[k], e, int(e.seat) == row, nil)
			} else { // beyond engine.MaxSeats (never)
				pv.Buffs = append(pv.Buffs, s.effectViewAt(e, int(e.seat) == row, nil))
			}
		}
	}
	// One array for the graveyards and the own composition.
	nCards := 0
	for i := range v.Players {
		nCards += len(s.zones[i].grave)
	}
	if own {
		nCards += len(s.zones[row].comp)
	}
	cards := scratchFull(&blk.cards, nCards) // never nil: an empty graveyard is "[]"
	for i := range v.Players {
		pv := &v.Players[i]
		z := &s.zones[i]
		pv.HandCount, pv.DeckCount = int(z.nHand), len(z.deck)
		k := copy(cards, z.grave)
		pv.Graveyard, cards = cards[:k:k], cards[k:]
	}
	if !own {
		return
	}
	v.CardDecision = s.cardDecisionView(row)
	z := &s.zones[row]
	if z.nHand > 0 {
		v.Hand = scratch(&blk.hand, int(z.nHand))[:0]
	}
	for i := int(z.nHand) - 1; i >= 0; i-- {
		hc := z.hand[i]
		hv := HandCardView{Slot: s.slotOf(row, i), Card: hc.id, Free: hc.flags&hcFree != 0, Set: hc.flags&hcSet != 0, Stack: int(hc.stack)}
		hv.Cost = s.cardCost(row, hc.id, hv.Free, hv.Stack)
		if hc.flags&hcArmed != 0 {
			hv.Armed = (Donations + Resource(payerOf(hc))).String()
		}
		v.Hand = append(v.Hand, hv)
	}
	if len(z.comp) > 0 {
		k := copy(cards, z.comp)
		v.Composition = cards[:k:k]
	}
}
