package engine_test

import (
	"encoding/json"
	"errors"
	"testing"

	"tabletop/engine"
	"tabletop/engine/internal/toygame"
)

// appending wraps a state with a ViewAppender that writes a marker, so a
// test can tell which path AppendView took.
type appending struct{ engine.State }

func (a appending) AppendView(buf []byte, s engine.Seat) []byte {
	return append(buf, "appended"...)
}

// unencodable is a state whose view json.Marshal rejects.
type unencodable struct{ engine.State }

func (unencodable) View(engine.Seat) any { return func() {} }

func TestAppendView(t *testing.T) {
	st, err := toygame.Game{}.New(nil, 3, 5)
	if err != nil {
		t.Fatalf("toygame New: %v", err)
	}
	for _, seat := range []engine.Seat{0, 1, 2, engine.Spectator} {
		want, err := json.Marshal(st.View(seat))
		if err != nil {
			t.Fatalf("json.Marshal(View(%d)): %v", seat, err)
		}
		tests := []struct {
			name string
			st   engine.State
			want string
		}{
			{"fallback to json.Marshal", st, "pre" + string(want)},
			{"ViewAppender", appending{st}, "preappended"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := engine.AppendView([]byte("pre"), tt.st, seat)
				if err != nil || string(got) != tt.want {
					t.Errorf("AppendView(seat %d) = %q, %v; want %q, nil", seat, got, err, tt.want)
				}
			})
		}
	}
	t.Run("marshal error", func(t *testing.T) {
		got, err := engine.AppendView([]byte("pre"), unencodable{st}, 0)
		var ute *json.UnsupportedTypeError
		if !errors.As(err, &ute) || string(got) != "pre" {
			t.Errorf("AppendView(unencodable) = %q, %v; want %q and a wrapped *json.UnsupportedTypeError", got, err, "pre")
		}
	})
}
