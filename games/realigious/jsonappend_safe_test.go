package realigious

import "testing"

// TestJSONSafeASCIITable checks appendString's table against jsonSafe for
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
