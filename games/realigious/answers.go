package realigious

import (
	"fmt"
	"strconv"
	"strings"

	"tabletop/engine"
)

// An answer code is kind<<16 | argument, so that sorting codes sorts answers
// by kind and then by argument.
const (
	ansMove    = 1 // argument: Dir
	ansStop    = 2
	ansEnd     = 3
	ansDispute = 4
	ansPass    = 5
	ansFailure = 6
	ansSuccess = 7
	ansTile    = 8  // argument: tile index
	ansWind    = 9  // argument: Wind
	ansBribe   = 10 // argument: target<<1 | (1 to pay in influence)
	ansSeat    = 11 // argument: seat
	ansCard    = 12 // argument: hand slot (1 = newest, UI-314)
	ansPay     = 13 // argument: 0 donations, 1 influence
	ansArm     = 14 // argument: slot<<1 | (1 to pay in influence)
	ansDisarm  = 15 // argument: hand slot
	ansHand    = 16 // argument: hand slot
	ansDeck    = 17 // argument: CardID
	ansGrave   = 18 // argument: CardID
	ansPick    = 19 // argument: number
)

func answer(kind, arg int) engine.Answer { return engine.Answer(kind<<16 | arg) }

func splitAnswer(a engine.Answer) (kind, arg int) { return int(a >> 16), int(a & 0xFFFF) }

// AnswerText returns the stable text form of an answer (engine.State):
// "move ne", "stop", "end", "dispute", "pass", "success", "failure",
// "tile 4,5" (column, row), "wind north", "bribe police donations",
// "seat 2", and for strategy cards "card 2" (use the card in hand slot 2),
// "pay influence", "arm 2 donations", "disarm 2", "hand 1", "deck
// CARD-017", "grave CARD-017" and "pick 3" (a numbered chance outcome).
func (s *State) AnswerText(a engine.Answer) string {
	kind, arg := splitAnswer(a)
	switch kind {
	case ansMove:
		return "move " + Dir(arg).String()
	case ansStop:
		return "stop"
	case ansEnd:
		return "end"
	case ansDispute:
		return "dispute"
	case ansPass:
		return "pass"
	case ansFailure:
		return "failure"
	case ansSuccess:
		return "success"
	case ansTile:
		col, row := s.geo.colRow(arg)
		return "tile " + strconv.Itoa(col) + "," + strconv.Itoa(row)
	case ansWind:
		return "wind " + Wind(arg).String()
	case ansBribe:
		return "bribe " + enumName(targetNames[:], arg>>1) + " " + (Donations + Resource(arg&1)).String()
	case ansSeat:
		return "seat " + strconv.Itoa(arg)
	case ansCard:
		return "card " + strconv.Itoa(arg)
	case ansPay:
		return "pay " + (Donations + Resource(arg&1)).String()
	case ansArm:
		return "arm " + strconv.Itoa(arg>>1) + " " + (Donations + Resource(arg&1)).String()
	case ansDisarm:
		return "disarm " + strconv.Itoa(arg)
	case ansHand:
		return "hand " + strconv.Itoa(arg)
	case ansDeck:
		return "deck " + CardID(arg).String()
	case ansGrave:
		return "grave " + CardID(arg).String()
	case ansPick:
		return "pick " + strconv.Itoa(arg)
	}
	return fmt.Sprintf("answer#%d", uint32(a))
}

// ParseAnswer parses an answer's text form (engine.State). It does not
// check legality; Apply does.
func (s *State) ParseAnswer(text string) (engine.Answer, error) {
	t := strings.TrimSpace(strings.ToLower(text))
	switch t {
	case "stop":
		return answer(ansStop, 0), nil
	case "end":
		return answer(ansEnd, 0), nil
	case "dispute":
		return answer(ansDispute, 0), nil
	case "pass":
		return answer(ansPass, 0), nil
	case "failure":
		return answer(ansFailure, 0), nil
	case "success":
		return answer(ansSuccess, 0), nil
	}
	verb, arg, _ := strings.Cut(t, " ")
	switch verb {
	case "move":
		if i, ok := parseEnum(dirNames[:], arg); ok {
			return answer(ansMove, i), nil
		}
	case "wind":
		if i, ok := parseEnum(windNames[:], arg); ok {
			return answer(ansWind, i), nil
		}
	case "bribe":
		tgt, res, _ := strings.Cut(arg, " ")
		if i, ok := parseEnum(targetNames[:], tgt); ok {
			switch res {
			case "donations":
				return answer(ansBribe, i<<1), nil
			case "influence":
				return answer(ansBribe, i<<1|1), nil
			}
		}
	case "seat":
		if n, err := strconv.Atoi(arg); err == nil && n >= 0 && n < len(s.players) {
			return answer(ansSeat, n), nil
		}
	case "card", "disarm", "hand", "pick":
		k := ansCard
		switch verb {
		case "disarm":
			k = ansDisarm
		case "hand":
			k = ansHand
		case "pick":
			k = ansPick
		}
		if n, err := strconv.Atoi(arg); err == nil && n >= 0 && n <= 0xFFFF {
			return answer(k, n), nil
		}
	case "pay":
		if r, ok := payerArg(arg); ok {
			return answer(ansPay, r), nil
		}
	case "arm":
		slot, res, _ := strings.Cut(arg, " ")
		n, err := strconv.Atoi(slot)
		if r, ok := payerArg(res); ok && err == nil && n >= 0 && n <= HandLimit {
			return answer(ansArm, n<<1|r), nil
		}
	case "deck", "grave":
		if id, err := ParseCardID(arg); err == nil {
			k := ansDeck
			if verb == "grave" {
				k = ansGrave
			}
			return answer(k, int(id)), nil
		}
	case "tile":
		c, r, ok := strings.Cut(arg, ",")
		col, err1 := strconv.Atoi(strings.TrimSpace(c))
		row, err2 := strconv.Atoi(strings.TrimSpace(r))
		if ok && err1 == nil && err2 == nil {
			if t := s.geo.index(col, row); t >= 0 {
				return answer(ansTile, t), nil
			}
		}
	}
	return 0, fmt.Errorf("realigious: %w: %q", engine.ErrBadAnswerText, text)
}

// payerArg reads "donations" (0) or "influence" (1).
func payerArg(s string) (int, bool) {
	switch s {
	case "donations":
		return 0, true
	case "influence":
		return 1, true
	}
	return 0, false
}
