package lobby_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"tabletop/games/realigious"
	"tabletop/server/lobby"
)

// slotJSON is a valid saved slot: a preset's traits under a new name.
func slotJSON(t *testing.T, p realigious.Preset, name string) []byte {
	t.Helper()
	s := p.Slot()
	s.Name = name
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func presetJSON(t *testing.T, p realigious.Preset) string {
	t.Helper()
	b, err := json.Marshal(p.Slot())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// UI-216, UI-217, GAP-29, GAP-65: the trait slot defaults to the last one
// used (Basic Trait 1 in the first game); a chosen slot that is gone or
// invalid when time runs out falls back to the last used one, then to
// Basic Trait 1.
func TestTraitSlotResolution(t *testing.T) {
	valid := func(t *testing.T) []byte { return slotJSON(t, realigious.PresetMystic, "Mine") }
	tests := []struct {
		name    string
		last    int               // recorded before the room; 0 keeps none
		saved   []int             // valid saved slots
		choose  *int              // nil: keep the default
		remove  []int             // deleted before time runs out
		corrupt []int             // replaced by slots the rules reject
		def     int               // the default the room offers
		want    int               // the slot played
		traits  realigious.Preset // for a preset result; 0 for the saved JSON
	}{
		{name: "first game", def: lobby.SlotBasic1, want: lobby.SlotBasic1, traits: realigious.PresetReligious},
		{name: "last used is the default", last: 2, saved: []int{2}, def: 2, want: 2},
		{name: "chosen saved slot", saved: []int{0}, choose: ptr(0), def: lobby.SlotBasic1, want: 0},
		{name: "chosen preset", choose: ptr(lobby.SlotBasic3), def: lobby.SlotBasic1, want: lobby.SlotBasic3, traits: realigious.PresetMystic},
		{name: "chosen slot deleted: last used", last: 2, saved: []int{2, 5}, choose: ptr(5), remove: []int{5}, def: 2, want: 2},
		{name: "chosen slot broken: last used", last: 2, saved: []int{2, 5}, choose: ptr(5), corrupt: []int{5}, def: 2, want: 2},
		{name: "both gone: Basic Trait 1", last: 2, saved: []int{2, 5}, choose: ptr(5), remove: []int{2, 5}, def: 2, want: lobby.SlotBasic1, traits: realigious.PresetReligious},
		{name: "last used preset", last: lobby.SlotBasic2, def: lobby.SlotBasic2, want: lobby.SlotBasic2, traits: realigious.PresetSocial},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			a := e.register("ada")
			for _, n := range tt.saved {
				if err := e.st.SaveTraitSlot(e.ctx, a, n, valid(t)); err != nil {
					t.Fatal(err)
				}
			}
			if tt.last != 0 {
				if err := e.st.SetLastTraitSlot(e.ctx, a, tt.last); err != nil {
					t.Fatal(err)
				}
			}
			e.online(a)
			ri, err := e.l.PlayBots(e.ctx, a, 2, "")
			if err != nil {
				t.Fatal(err)
			}
			if ri.Choice.Slot != tt.def {
				t.Errorf("default slot %d, want %d", ri.Choice.Slot, tt.def)
			}
			if tt.choose != nil {
				if _, err := e.l.Choose(e.ctx, a, lobby.Choice{Slot: *tt.choose}); err != nil {
					t.Fatalf("Choose(slot %d) = %v", *tt.choose, err)
				}
			}
			for _, n := range tt.remove {
				if err := e.st.DeleteTraitSlot(e.ctx, a, n); err != nil {
					t.Fatal(err)
				}
			}
			for _, n := range tt.corrupt {
				if err := e.st.SaveTraitSlot(e.ctx, a, n, []byte(`{"name":"Short","traits":["gleaning"]}`)); err != nil {
					t.Fatal(err)
				}
			}
			e.clock.Advance(40 * time.Second)
			s := e.started()
			if len(s) != 1 {
				t.Fatalf("%d starts, want 1", len(s))
			}
			var seat lobby.MatchSeat
			for _, m := range s[0].Seats {
				if m.Account == a {
					seat = m
				} else if m.Traits != nil || m.Slot != 0 {
					t.Errorf("bot seat %+v has traits", m)
				}
			}
			want := string(valid(t))
			if tt.traits != 0 {
				want = presetJSON(t, tt.traits)
			}
			if seat.Slot != tt.want || string(seat.Traits) != want {
				t.Errorf("seat plays slot %d %s, want %d %s", seat.Slot, seat.Traits, tt.want, want)
			}
			var cfg realigious.Config
			if err := json.Unmarshal(s[0].Config, &cfg); err != nil {
				t.Fatal(err)
			}
			var ts realigious.TraitSlot
			if err := json.Unmarshal(seat.Traits, &ts); err != nil {
				t.Fatal(err)
			}
			for i, m := range s[0].Seats {
				if m.Account == a && !slices.Equal(cfg.Seats[i].Traits, ts.Traits) {
					t.Errorf("config seat %d traits %v, want the slot's %v", i, cfg.Seats[i].Traits, ts.Traits)
				}
			}
			if got, err := e.st.LastTraitSlot(e.ctx, a); err != nil || got != tt.want {
				t.Errorf("LastTraitSlot = %d, %v, want %d", got, err, tt.want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// UI-216: the last used slot survives a restart of the lobby (it is in
// the store).
func TestLastSlotAcrossRestart(t *testing.T) {
	e := newEnv(t)
	a := e.account("ada")
	if err := e.st.SaveTraitSlot(e.ctx, a, 3, slotJSON(t, realigious.PresetSocial, "S")); err != nil {
		t.Fatal(err)
	}
	if _, err := e.l.PlayBots(e.ctx, a, 2, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := e.l.Choose(e.ctx, a, lobby.Choice{Slot: 3}); err != nil {
		t.Fatal(err)
	}
	if err := e.l.Ready(e.ctx, a); err != nil {
		t.Fatal(err)
	}
	e.l.Close()

	l2 := lobby.New(e.cfg)
	defer l2.Close()
	if err := l2.Online(e.ctx, a); err != nil {
		t.Fatal(err)
	}
	ri, err := l2.PlayBots(e.ctx, a, 2, "")
	if err != nil || ri.Choice.Slot != 3 {
		t.Errorf("after restart, PlayBots = %+v, %v, want the default slot 3", ri.Choice, err)
	}
}
