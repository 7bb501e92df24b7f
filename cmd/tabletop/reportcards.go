package main

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// The card part of the HTML balance report: how often each card was used,
// and how the seats that used it fared against those that could have and
// did not. Both charts list the cards in catalogue order, so that a card
// is found at the same height in each.

// Card chart geometry: thinner rows than the win-rate charts, as there
// are 84 cards.
const (
	cardRowH   = 15
	cardLabelW = 250
)

// cardLabel names a card row: "CARD-001 Gleaning".
func cardLabel(c cardWin) string {
	if c.Name == "" {
		return c.Card
	}
	return c.Card + " " + c.Name
}

// cardUseChart draws the uses of each card as horizontal bars, with the
// count beside each; an unimplemented card is marked as such.
func cardUseChart(cards []cardWin) template.HTML {
	if len(cards) == 0 {
		return template.HTML(`<p class="empty">No data.</p>`)
	}
	most := 1
	for _, c := range cards {
		most = max(most, c.Uses)
	}
	// The axis ends at the next round number: 1, 2 or 5 times a power of 10.
	end := 1
	for end < most {
		switch {
		case end*2 >= most:
			end *= 2
		case end*5 >= most:
			end *= 5
		default:
			end *= 10
		}
	}
	width := cardLabelW + chartPlotW + chartTextW
	height := chartTop + len(cards)*cardRowH + chartBottom
	x := func(n int) float64 { return cardLabelW + chartPlotW*float64(n)/float64(end) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, width, height, width, height)
	step := max(1, end/4) // 1, 2, 5, 20, 200, ... end at 4 or fewer steps
	if end%5 == 0 {
		step = end / 5
	}
	for v := 0; v <= end; v += step {
		fmt.Fprintf(&b, `<line class="grid" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(v), chartTop-4, x(v), height-chartBottom)
		fmt.Fprintf(&b, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%d</text>`, x(v), chartTop-8, v)
	}
	for i, c := range cards {
		y := float64(chartTop + i*cardRowH)
		name := template.HTMLEscapeString(cardLabel(c))
		fmt.Fprintf(&b, `<g><title>%s: used %d times</title>`, name, c.Uses)
		fmt.Fprintf(&b, `<text class="label" x="%d" y="%.1f" text-anchor="end">%s</text>`, cardLabelW-8, y+cardRowH-4, name)
		fmt.Fprintf(&b, `<rect class="bar" x="%d" y="%.1f" width="%.1f" height="%d"/>`, cardLabelW, y+2, x(c.Uses)-cardLabelW, cardRowH-4)
		note := ""
		if !c.Implemented {
			note = " (not implemented)"
		}
		fmt.Fprintf(&b, `<text class="value" x="%d" y="%.1f">%d%s</text></g>`, cardLabelW+chartPlotW+8, y+cardRowH-4, c.Uses, note)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// cardPair picks the two rows a card chart compares: "used" (used vs
// could have and did not) or "held" (deck held it vs did not).
func cardPair(c cardWin, pair string) (a, b rateEntry, lift float64) {
	if pair == "held" {
		return c.Held, c.NotHeld, c.HeldLift
	}
	return c.Used, c.Unused, c.Lift
}

// cardWinChart draws, for each card, the win rate of the first group of
// pair (a bar with its 95% CI) and of the second (a red dot with its CI),
// on one axis from 0 to the largest CI end.
func cardWinChart(cards []cardWin, pair string) template.HTML {
	if len(cards) == 0 {
		return template.HTML(`<p class="empty">No data.</p>`)
	}
	var rows []rateEntry
	for _, c := range cards {
		a, b, _ := cardPair(c, pair)
		rows = append(rows, a, b)
	}
	xmax, step := chartMax(rows)
	width := cardLabelW + chartPlotW + chartTextW
	height := chartTop + len(cards)*cardRowH + chartBottom
	x := func(f float64) float64 { return cardLabelW + chartPlotW*math.Min(f, xmax)/xmax }
	first, second := "used", "not used"
	if pair == "held" {
		first, second = "held", "not held"
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, width, height, width, height)
	for i := 0; float64(i)*step <= xmax+1e-9; i++ {
		f := float64(i) * step
		fmt.Fprintf(&b, `<line class="grid" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(f), chartTop-4, x(f), height-chartBottom)
		fmt.Fprintf(&b, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%.0f%%</text>`, x(f), chartTop-8, 100*f)
	}
	for i, c := range cards {
		one, two, lift := cardPair(c, pair)
		y := float64(chartTop + i*cardRowH)
		mid := y + cardRowH/2
		name := template.HTMLEscapeString(cardLabel(c))
		fmt.Fprintf(&b, `<g><title>%s: %s %d/%d %.1f%% (95%% CI %.1f%% to %.1f%%); %s %d/%d %.1f%% (95%% CI %.1f%% to %.1f%%)</title>`,
			name, first, one.Wins, one.Games, 100*one.Rate, 100*one.CILow, 100*one.CIHigh,
			second, two.Wins, two.Games, 100*two.Rate, 100*two.CILow, 100*two.CIHigh)
		fmt.Fprintf(&b, `<text class="label" x="%d" y="%.1f" text-anchor="end">%s</text>`, cardLabelW-8, y+cardRowH-4, name)
		if one.Games > 0 {
			fmt.Fprintf(&b, `<rect class="bar" x="%d" y="%.1f" width="%.1f" height="%d"/>`, cardLabelW, y+3, x(one.Rate)-cardLabelW, cardRowH-6)
			fmt.Fprintf(&b, `<line class="ci" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, x(one.CILow), mid-1, x(one.CIHigh), mid-1)
		}
		if two.Games > 0 {
			fmt.Fprintf(&b, `<line class="ci2" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, x(two.CILow), mid+2, x(two.CIHigh), mid+2)
			fmt.Fprintf(&b, `<circle class="dot" cx="%.1f" cy="%.1f" r="3"/>`, x(two.Rate), mid+2)
		}
		text := "n/a"
		if one.Games > 0 && two.Games > 0 {
			text = fmt.Sprintf("%+.1f", 100*lift)
		}
		fmt.Fprintf(&b, `<text class="value" x="%d" y="%.1f">%s (n=%d/%d)</text></g>`, cardLabelW+chartPlotW+8, y+cardRowH-4, text, one.Games, two.Games)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// cardsTemplate is the report's card section; it is parsed with the
// report's template and its funcs.
const cardsTemplate = `{{define "cards"}}{{if .R.CardWins}}
<h2 id="card-uses">Card usage</h2>
<p class="note">Times each card was used (played from a hand, or an armed reaction firing; a nullified card counts), over all {{.R.Games}} games: {{.CardTotal}} uses, {{printf "%.1f" .CardsPerGame}} per game; {{.CardsUsed}} of the {{.CardsImplemented}} implemented cards were used at least once.</p>
{{cardUseChart .R.CardWins}}
<h2 id="card-wins">Cards and winning</h2>
<p class="note">Two comparisons per card. <b>Used</b>: the win rate of the seats that used it at least once (bar, with its 95% CI) against the seats that could have and did not (red dot and line: the card was in their deck, or it is a glory or shame card any seat may be awarded). This is an association, not an effect: a seat that is ahead can afford more cards, and glory comes with winning combats. <b>Held</b>: the seats whose deck held the card against those whose deck did not; with random trait slots holding a card is a draw independent of everything else, so this measures what the card (with its trait's other card) is worth. Lift = the difference in points.</p>
<h3>Used against not used</h3>
{{cardWinChart .R.CardWins "used"}}
<h3>Held against not held</h3>
{{if .HeldSeats}}{{cardWinChart .R.CardWins "held"}}{{else}}<p class="empty">No seat's deck is known (a game whose state does not tell its decks).</p>{{end}}
<table>
<tr><th class="name">card</th><th class="name">name</th><th>uses</th><th>used: wins / seats, rate (95% CI)</th><th>not used</th><th>lift</th><th>held: wins / seats, rate (95% CI)</th><th>not held</th><th>lift</th></tr>
{{- range .R.CardWins}}
<tr><td class="name">{{.Card}}</td><td class="name">{{.Name}}{{if not .Implemented}} (not implemented){{end}}</td><td>{{.Uses}}</td><td>{{template "cardRate" .Used}}</td><td>{{template "cardRate" .Unused}}</td><td>{{if and .Used.Games .Unused.Games}}{{printf "%+.1f" (points .Lift)}}{{else}}n/a{{end}}</td><td>{{template "cardRate" .Held}}</td><td>{{template "cardRate" .NotHeld}}</td><td>{{if and .Held.Games .NotHeld.Games}}{{printf "%+.1f" (points .HeldLift)}}{{else}}n/a{{end}}</td></tr>
{{- end}}
</table>
{{end}}{{end}}
{{define "cardRate"}}{{if .Games}}{{.Wins}} / {{.Games}}, {{pct .Rate}} ({{pct .CILow}} to {{pct .CIHigh}}){{else}}none{{end}}{{end}}`
