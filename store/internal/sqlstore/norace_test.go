//go:build !race

package sqlstore

// raceEnabled says that the race detector is on (race_test.go).
const raceEnabled = false
