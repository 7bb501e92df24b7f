//go:build race

package sqlstore

// raceEnabled says that the race detector is on: sync.Pool then drops
// items at random, so allocation counts are not checked.
const raceEnabled = true
