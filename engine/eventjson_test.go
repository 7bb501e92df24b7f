package engine

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// pointData encodes itself, as a game's event payloads do.
type pointData struct {
	X, Y int
}

func (p pointData) AppendJSON(b []byte) []byte {
	b = append(b, `{"X":`...)
	b = strconv.AppendInt(b, int64(p.X), 10)
	b = append(b, `,"Y":`...)
	b = strconv.AppendInt(b, int64(p.Y), 10)
	return append(b, '}')
}

// TestAppendEvents: AppendEvents writes json.Marshal's bytes for every
// kind of payload: none, a self-encoding one, plain values, maps (sorted
// keys) and structs through encoding/json, with escaping in the kind.
func TestAppendEvents(t *testing.T) {
	var nilMap map[string]int
	for _, tc := range []struct {
		name   string
		events []Event
	}{
		{"nil", nil},
		{"empty", []Event{}},
		{"no data", []Event{{Kind: "turn", Seat: 2}}},
		{"no seat", []Event{{Kind: "cycle", Seat: NoSeat, Data: 3}}},
		{"appender", []Event{{Kind: "moved", Seat: 0, Data: pointData{1, -2}}, {Kind: "moved", Seat: 1, Data: pointData{}}}},
		{"string", []Event{{Kind: "card_used", Data: "CARD-001 <b>&"}}},
		{"map", []Event{{Kind: "refill", Data: map[string]any{"z": 1, "a": []int{1, 2}, "m": nil}}}},
		{"nil map", []Event{{Kind: "refill", Data: nilMap}}},
		{"struct", []Event{{Kind: "x", Data: struct {
			A int    `json:"a"`
			B string `json:"b,omitempty"`
		}{A: 1}}}},
		{"escaped kind", []Event{{Kind: "a\"<b>\u2028", Seat: 1, Data: true}}},
		{"hidden fields", []Event{{Kind: "x", Audience: 3, Data: 1, Public: 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.events)
			if err != nil {
				t.Fatal(err)
			}
			got, err := AppendEvents([]byte("prefix"), tc.events)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != "prefix"+string(want) {
				t.Errorf("AppendEvents = %s\n          want prefix%s", got, want)
			}
		})
	}
}

// TestAppendEventsError: a payload encoding/json refuses is an error that
// names the event.
func TestAppendEventsError(t *testing.T) {
	_, err := AppendEvents(nil, []Event{{Kind: "bad", Data: func() {}}})
	if err == nil || !strings.Contains(err.Error(), `event "bad"`) {
		t.Errorf("err = %v, want an error naming the event", err)
	}
}
