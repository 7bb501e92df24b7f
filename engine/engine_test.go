package engine

import (
	"reflect"
	"testing"
)

func TestSeatMask(t *testing.T) {
	tests := []struct {
		name string
		mask SeatMask
		seat Seat
		want bool
	}{
		{"own seat", Only(2), 2, true},
		{"other seat", Only(2), 1, false},
		{"all seats", AllSeats, 7, true},
		{"spectator in all", AllSeats, Spectator, true},
		{"spectator bit only", SpectatorBit, Spectator, true},
		{"spectator not in seat mask", Only(0), Spectator, false},
		{"chance never", AllSeats, Chance, false},
		{"no seat never", AllSeats, NoSeat, false},
		{"out of range", AllSeats, 15, false},
		{"Only out of range is empty", Only(20), 4, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.mask.Has(tt.seat); got != tt.want {
				t.Errorf("SeatMask(%#x).Has(%d) = %v, want %v", tt.mask, tt.seat, got, tt.want)
			}
		})
	}
}

func TestRedact(t *testing.T) {
	events := []Event{
		{Kind: "moved", Seat: 0, Audience: AllSeats, Data: "a"},
		{Kind: "drew", Seat: 0, Audience: Only(0), Data: "card 7", Public: "a card"},
		{Kind: "peeked", Seat: 1, Audience: Only(1), Data: "secret"},
	}
	tests := []struct {
		seat Seat
		want []Event
	}{
		{0, []Event{events[0], events[1]}},
		{1, []Event{events[0], {Kind: "drew", Seat: 0, Audience: Only(0), Data: "a card"}, events[2]}},
		{Spectator, []Event{events[0], {Kind: "drew", Seat: 0, Audience: Only(0), Data: "a card"}}},
	}
	prefix := Event{Kind: "before"}
	scratch := make([]Event, 0, 1) // too small: AppendRedacted grows it
	for _, tt := range tests {
		if got := Redact(events, tt.seat); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Redact(events, %d) = %+v, want %+v", tt.seat, got, tt.want)
		}
		scratch = AppendRedacted(append(scratch[:0], prefix), events, tt.seat)
		if want := append([]Event{prefix}, tt.want...); !reflect.DeepEqual(scratch, want) {
			t.Errorf("AppendRedacted([before], events, %d) = %+v, want %+v", tt.seat, scratch, want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { scratch = AppendRedacted(scratch[:0], events, 1) }); n != 0 {
		t.Errorf("AppendRedacted into a large enough slice: %v allocations, want 0", n)
	}
}
