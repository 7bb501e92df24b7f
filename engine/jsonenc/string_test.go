package jsonenc

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestJSONSafeASCIITable checks AppendString's table against jsonSafe for
// every byte.
func TestJSONSafeASCIITable(t *testing.T) {
	if len(jsonSafeASCII) != 256 {
		t.Fatalf("table of %d bytes", len(jsonSafeASCII))
	}
	for c := range 256 {
		want := c < 128 && jsonSafe(byte(c))
		if got := jsonSafeASCII[c] == 1; got != want {
			t.Errorf("byte %#x: table says safe %v, jsonSafe %v", c, got, want)
		}
	}
}

// trickyStrings need every kind of escaping encoding/json does.
var trickyStrings = []string{"", "move", "tile 3,4", `a"b\c`, "<script>&amp;</script>", "\x00\x01\b\f\n\r\t\x1f\x7f",
	"日本語", "\u2028\u2029", "\xff\xfe bad utf-8 \xc3", "é\u00e9", "\U0001F600"}

// TestAppendStringMatchesJSON compares AppendString with json.Marshal on
// the strings that need escaping and on random byte strings.
func TestAppendStringMatchesJSON(t *testing.T) {
	tests := append([]string{}, trickyStrings...)
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "<", ">", "&", `"`, `\`, "\n", "\x00", "\x7f", "\u2028", "\u2029", "é", "\xe2\x80", "\xff", "\U0001F600", "\xed\xa0\x80"}
	for range 2000 {
		var sb strings.Builder
		for range r.IntN(12) {
			if r.IntN(4) == 0 {
				sb.WriteByte(byte(r.IntN(256)))
			} else {
				sb.WriteString(alphabet[r.IntN(len(alphabet))])
			}
		}
		tests = append(tests, sb.String())
	}
	for _, s := range tests {
		checkString(t, s)
	}
}

func checkString(t *testing.T, s string) {
	t.Helper()
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("json.Marshal(%q): %v", s, err)
	}
	if got := AppendString([]byte("x"), s); !bytes.Equal(got[1:], want) || got[0] != 'x' {
		t.Errorf("AppendString(%q) = %s, want %s after the prefix", s, got, want)
	}
}

// FuzzAppendString checks AppendString against json.Marshal on any input.
func FuzzAppendString(f *testing.F) {
	for _, s := range trickyStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkString(t, s)
	})
}

// TestAppendListMatchesJSON: nil, empty and full slices as json.Marshal
// writes them.
func TestAppendListMatchesJSON(t *testing.T) {
	for _, xs := range [][]string{nil, {}, {"a"}, {"a", "<b>", ""}} {
		want, err := json.Marshal(xs)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendList(nil, xs, AppendString); !bytes.Equal(got, want) {
			t.Errorf("AppendList(%q) = %s, want %s", xs, got, want)
		}
	}
}
