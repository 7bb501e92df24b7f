package realigious

import (
	"encoding/json"
	"fmt"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

type probeEvent struct {
	Kind string          `json:"kind"`
	Seat int             `json:"seat"`
	Data json.RawMessage `json:"data"`
}

func TestProbeLeaks(t *testing.T) {
	counts := map[string]int{}
	for _, climate := range []string{"tropical", "dry", "temperate", "cold"} {
		for seats := 2; seats <= 4; seats++ {
			for seed := uint64(1); seed <= 10; seed++ {
				c, _ := visGame.ParseConfig([]byte(`{"climate":"`+climate+`"}`), seats)
				s := visGame.NewState(c, seed)
				// many trees and mountains
				for i := range s.tiles {
					tl := &s.tiles[i]
					if tl.Structure == NoStructure && tl.Terrain.Contactable() {
						switch i % 5 {
						case 0, 1:
							tl.Structure = Trees
						case 2:
							tl.Structure = Mountain
						}
					}
				}
				p := enginetest.RandomAnswers(seed)
				var buf []engine.Answer
				for step := 0; !s.Terminal() && step < 3000; step++ {
					pre := s.clone()
					var a engine.Answer
					if s.Pending().Seat == engine.Chance {
						a = engine.ChanceAnswer(seed, step, s.Chance())
					} else {
						a, buf = enginetest.RandomAnswer(s, &p, buf)
					}
					evs, err := s.Apply(a)
					if err != nil {
						t.Fatal(err)
					}
					for v := 0; v < seats; v++ {
						for _, e := range engine.Redact(evs, engine.Seat(v)) {
							b, _ := json.Marshal(e)
							var pe probeEvent
							json.Unmarshal(b, &pe)
							p := pe.Seat
							if p < 0 || p == v {
								continue
							}
							var d struct {
								From, To, Tile *Coord
								Defender       *int
							}
							json.Unmarshal(pe.Data, &d)
							for name, cc := range map[string]*Coord{"from": d.From, "to": d.To, "tile": d.Tile} {
								if cc == nil {
									continue
								}
								okPre := pre.coord(int(pre.players[p].pos)) == *cc && pre.seesPiece(v, p)
								okPost := s.coord(int(s.players[p].pos)) == *cc && s.seesPiece(v, p)
								atPre := pre.coord(int(pre.players[p].pos)) == *cc
								atPost := s.coord(int(s.players[p].pos)) == *cc
								if !okPre && !okPost && (atPre || atPost) {
									why := "fog"
									if pre.stealthed(p) && atPre || s.stealthed(p) && atPost {
										why = "stealth"
									}
									def := d.Defender != nil && *d.Defender == v
									counts[fmt.Sprintf("%s.%s/%s/night=%v/def=%v", e.Kind, name, why, s.night || pre.night, def)]++
								}
							}
						}
					}
				}
			}
		}
	}
	for k, v := range counts {
		t.Logf("%s: %d", k, v)
	}
}
