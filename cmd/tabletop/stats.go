package main

import (
	"math"
	"slices"
)

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// wilson returns the Wilson score interval at 95% for wins successes in n
// trials. With no trials it returns the whole range [0, 1].
func wilson(wins, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(wins) / float64(n)
	fn := float64(n)
	z2 := z95 * z95
	den := 1 + z2/fn
	centre := (p + z2/(2*fn)) / den
	half := z95 * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn)) / den
	return max(0, centre-half), min(1, centre+half)
}

// rateEntry is one row of a win-rate table: what won how often out of how
// many chances, with the 95% Wilson interval of the rate.
type rateEntry struct {
	// Name is the religion, character, seat number, bot, player count,
	// climate or victory type.
	Name string `json:"name"`
	// Wins counts the wins (for a victory type, the games won that way).
	Wins int `json:"wins"`
	// Games counts the chances: the appearances (one per seat that played
	// it) for religions, characters, seats and bots, the games for player
	// counts, climates and victory types.
	Games int `json:"games"`
	// Rate is Wins/Games, 0 when Games is 0.
	Rate float64 `json:"rate"`
	// CILow and CIHigh bound the 95% Wilson score interval of Rate.
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
	// Fair is the rate every appearance would have if all seats were
	// equal and no game were drawn: the mean of 1/players over the
	// appearances. Omitted for per-game rows.
	Fair float64 `json:"fair,omitempty"`
}

// rateCounter accumulates the rows of one table in a fixed order.
type rateCounter struct {
	names []string
	rows  map[string]*rateRow
}

type rateRow struct {
	wins, games int
	fair        float64 // sum of 1/players over the appearances
}

// newRateCounter returns a counter whose table lists names first (zeros
// included), then any other name in the order it was first seen.
func newRateCounter(names ...string) *rateCounter {
	c := &rateCounter{rows: map[string]*rateRow{}}
	for _, n := range names {
		c.row(n)
	}
	return c
}

func (c *rateCounter) row(name string) *rateRow {
	r, ok := c.rows[name]
	if !ok {
		r = &rateRow{}
		c.rows[name] = r
		c.names = append(c.names, name)
	}
	return r
}

// appear records one appearance of name in a game of players seats.
func (c *rateCounter) appear(name string, players int, won bool) {
	r := c.row(name)
	r.games++
	if won {
		r.wins++
	}
	if players > 0 {
		r.fair += 1 / float64(players)
	}
}

// entries returns the table, with Fair when withFair is set.
func (c *rateCounter) entries(withFair bool) []rateEntry {
	out := make([]rateEntry, 0, len(c.names))
	for _, n := range c.names {
		r := c.rows[n]
		e := rateEntry{Name: n, Wins: r.wins, Games: r.games}
		if r.games > 0 {
			e.Rate = float64(r.wins) / float64(r.games)
			if withFair {
				e.Fair = r.fair / float64(r.games)
			}
		}
		e.CILow, e.CIHigh = wilson(r.wins, r.games)
		e.Rate, e.CILow, e.CIHigh, e.Fair = round6(e.Rate), round6(e.CILow), round6(e.CIHigh), round6(e.Fair)
		out = append(out, e)
	}
	return out
}

// round6 rounds to 6 decimals, which keeps the JSON readable.
func round6(f float64) float64 { return math.Round(f*1e6) / 1e6 }

// lengthStats summarizes the lengths of the games, in player turns.
type lengthStats struct {
	// Unit names what is counted: "turns".
	Unit string `json:"unit"`
	// Min, P25, Median, P75 and Max are nearest-rank percentiles.
	Min    int     `json:"min"`
	P25    int     `json:"p25"`
	Median int     `json:"median"`
	P75    int     `json:"p75"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
	// Histogram covers Min to Max in bins of equal width.
	Histogram []histBin `json:"histogram"`
}

// histBin counts the games whose length lies in [From, To], bounds included.
type histBin struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Games int `json:"games"`
}

// maxBins bounds the number of histogram bins.
const maxBins = 20

// summarizeLengths returns the distribution of lengths.
func summarizeLengths(lengths []int) lengthStats {
	st := lengthStats{Unit: "turns", Histogram: []histBin{}}
	if len(lengths) == 0 {
		return st
	}
	s := slices.Sorted(slices.Values(lengths))
	rank := func(p int) int { // nearest rank: the smallest value with at least p% at or below it
		k := (p*len(s) + 99) / 100
		return s[max(k, 1)-1]
	}
	st.Min, st.P25, st.Median, st.P75, st.Max = s[0], rank(25), rank(50), rank(75), s[len(s)-1]
	sum := 0
	for _, v := range s {
		sum += v
	}
	st.Mean = float64(sum) / float64(len(s))
	width := binWidth(st.Max - st.Min + 1)
	lo := st.Min - st.Min%width
	if st.Min < 0 {
		lo = st.Min
	}
	for from := lo; from <= st.Max; from += width {
		st.Histogram = append(st.Histogram, histBin{From: from, To: from + width - 1})
	}
	for _, v := range s {
		st.Histogram[(v-lo)/width].Games++
	}
	return st
}

// binWidth returns the smallest of 1, 2, 5, 10, 20, 50, ... that covers
// span values in at most maxBins bins (with one spare for alignment).
func binWidth(span int) int {
	for w := 1; ; w *= 10 {
		for _, m := range []int{1, 2, 5} {
			if (span+(w*m)-1)/(w*m)+1 <= maxBins {
				return w * m
			}
		}
	}
}
