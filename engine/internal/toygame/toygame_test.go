package toygame_test

import (
	"testing"

	"tabletop/engine/enginetest"
	"tabletop/engine/internal/toygame"
)

func TestConformance(t *testing.T) {
	enginetest.Run(t, toygame.Game{}, enginetest.Options{CheckEvery: 1})
}

func TestConformanceConfig(t *testing.T) {
	enginetest.Run(t, toygame.Game{}, enginetest.Options{Seats: []int{3}, Seeds: 5, Config: []byte(`{"target": 30}`)})
}

func BenchmarkPlayout(b *testing.B) {
	enginetest.Bench(b, toygame.Game{}, enginetest.Options{})
}
