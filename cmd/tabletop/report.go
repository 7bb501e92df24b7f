package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// writeReportFile writes sim's HTML balance report to path.
func writeReportFile(path string, rep simReport) error {
	var buf bytes.Buffer
	if err := writeHTMLReport(&buf, rep); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// writeHTMLReport writes a self-contained HTML page for rep: tables and
// inline SVG charts, no scripts, no external assets, readable offline.
func writeHTMLReport(w io.Writer, rep simReport) error {
	type section struct {
		ID, Title, Note string
		Rows            []rateEntry
		Fair            bool // the rows have a fair rate
	}
	players := make([]string, len(rep.PlayerCounts))
	for i, n := range rep.PlayerCounts {
		players[i] = fmt.Sprint(n)
	}
	perSeat := "Rate = wins per appearance (a seat that played it). The dashed mark is the fair rate: the rate every seat would have if seats were equal and no game were drawn."
	perGame := "Rate = share of the games that someone won (not drawn)."
	data := struct {
		R        simReport
		Players  string
		Sections []section
		Victory  section
		Params   [][2]string
		Factions [][2]string
		// The card section's figures.
		CardTotal, CardsUsed, CardsImplemented, HeldSeats int
		CardsPerGame                                      float64
	}{
		R:       rep,
		Players: strings.Join(players, ", "),
		Sections: []section{
			{"bot", "Win rate by bot", perSeat, rep.WinRates.Bot, true},
			{"seat", "Win rate by seat", perSeat, rep.WinRates.Seat, true},
			{"religion", "Win rate by origin religion", perSeat, rep.WinRates.Religion, true},
			{"character", "Win rate by character", perSeat, rep.WinRates.Character, true},
			{"players", "Decided games by player count", perGame, rep.WinRates.Players, false},
			{"climate", "Decided games by climate", perGame, rep.WinRates.Climate, false},
		},
		Victory: section{"victory", "Victory types", "Share of all games that ended each way.", rep.VictoryTypes, false},
		Params:  orderedFields(rep.Params),
	}
	var presets []rateEntry // the slots played; a run of search bots plays no random slot
	for _, r := range rep.WinRates.Preset {
		if r.Games > 0 {
			presets = append(presets, r)
		}
	}
	if rep.WinRates.Preset != nil {
		data.Sections = append(data.Sections, section{"preset", "Win rate by trait slot", perSeat +
			" Slots: a preset (religious, social, mystic), a random legal slot, or the slot -config gives.", presets, true})
	}
	for _, c := range rep.CardWins {
		data.CardTotal += c.Uses
		if c.Uses > 0 {
			data.CardsUsed++
		}
		if c.Implemented {
			data.CardsImplemented++
		}
		data.HeldSeats += c.Held.Games + c.NotHeld.Games
	}
	if rep.Games > 0 {
		data.CardsPerGame = float64(data.CardTotal) / float64(rep.Games)
	}
	for _, k := range sortedKeys(rep.FactionUses) {
		data.Factions = append(data.Factions, [2]string{k, fmt.Sprint(rep.FactionUses[k])})
	}
	t, err := template.New("report").Funcs(template.FuncMap{
		"pct":          func(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) },
		"rateChart":    rateChart,
		"histChart":    histChart,
		"cardUseChart": cardUseChart,
		"cardWinChart": cardWinChart,
		"points":       func(f float64) float64 { return 100 * f },
		"bots": func(b []string) string {
			return strings.Join(b, ", ")
		},
		"raw": func(b json.RawMessage) string {
			if len(b) == 0 {
				return "(none)"
			}
			return string(b)
		},
	}).Parse(reportTemplate)
	if err != nil {
		return err
	}
	if _, err := t.Parse(cardsTemplate); err != nil {
		return err
	}
	return t.Execute(w, data)
}

// orderedFields returns the members of a JSON object in their order, each
// value as compact JSON text; nil for anything else.
func orderedFields(raw json.RawMessage) [][2]string {
	if len(raw) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var out [][2]string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return out
		}
		out = append(out, [2]string{key, string(compactJSON(v))})
	}
	return out
}

// Chart geometry, in SVG user units (pixels at 100%).
const (
	chartLabelW = 170
	chartPlotW  = 440
	chartTextW  = 150
	chartRowH   = 24
	chartTop    = 24
	chartBottom = 8
)

// chartMax returns the x-axis end, the first of 10%, 20%, 30%, 40%, 50%,
// 60%, 80% and 100% that holds every CI end and fair mark, and the step
// between its grid lines.
func chartMax(rows []rateEntry) (xmax, step float64) {
	m := 0.0
	for _, r := range rows {
		m = max(m, r.CIHigh, r.Fair)
	}
	for _, c := range []struct{ end, step float64 }{{0.1, 0.025}, {0.2, 0.05}, {0.3, 0.1}, {0.4, 0.1}, {0.5, 0.1}, {0.6, 0.1}, {0.8, 0.2}} {
		if m <= c.end+1e-9 {
			return c.end, c.step
		}
	}
	return 1, 0.2
}

// rateChart draws rows as horizontal bars with 95% CI whiskers and, when
// fair is set, each row's fair rate as a dashed mark.
func rateChart(rows []rateEntry, fair bool) template.HTML {
	if len(rows) == 0 {
		return template.HTML(`<p class="empty">No data.</p>`)
	}
	xmax, step := chartMax(rows)
	width := chartLabelW + chartPlotW + chartTextW
	height := chartTop + len(rows)*chartRowH + chartBottom
	x := func(f float64) float64 { return chartLabelW + chartPlotW*math.Min(f, xmax)/xmax }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, width, height, width, height)
	for i := 0; float64(i)*step <= xmax+1e-9; i++ {
		f := float64(i) * step
		fmt.Fprintf(&b, `<line class="grid" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x(f), chartTop-4, x(f), height-chartBottom)
		fmt.Fprintf(&b, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%s%%</text>`, x(f), chartTop-8, strconv.FormatFloat(math.Round(1000*f)/10, 'f', -1, 64))
	}
	for i, r := range rows {
		y := float64(chartTop + i*chartRowH)
		mid := y + chartRowH/2
		fmt.Fprintf(&b, `<g><title>%s: %d of %d, %.1f%% (95%% CI %.1f%% to %.1f%%)</title>`,
			template.HTMLEscapeString(r.Name), r.Wins, r.Games, 100*r.Rate, 100*r.CILow, 100*r.CIHigh)
		fmt.Fprintf(&b, `<text class="label" x="%d" y="%.1f" text-anchor="end">%s</text>`, chartLabelW-8, mid+4, template.HTMLEscapeString(r.Name))
		fmt.Fprintf(&b, `<rect class="bar" x="%d" y="%.1f" width="%.1f" height="%d"/>`, chartLabelW, y+5, x(r.Rate)-chartLabelW, chartRowH-10)
		if r.Games > 0 {
			lo, hi := x(r.CILow), x(r.CIHigh)
			fmt.Fprintf(&b, `<line class="ci" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, lo, mid, hi, mid)
			fmt.Fprintf(&b, `<line class="ci" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, lo, mid-5, lo, mid+5)
			fmt.Fprintf(&b, `<line class="ci" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, hi, mid-5, hi, mid+5)
		}
		if fair && r.Fair > 0 {
			fmt.Fprintf(&b, `<line class="fair" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, x(r.Fair), y+1, x(r.Fair), y+chartRowH-1)
		}
		fmt.Fprintf(&b, `<text class="value" x="%d" y="%.1f">%.1f%% (n=%d)</text></g>`, chartLabelW+chartPlotW+8, mid+4, 100*r.Rate, r.Games)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// histChart draws the game-length histogram as vertical bars.
func histChart(h lengthStats) template.HTML {
	if len(h.Histogram) == 0 {
		return template.HTML(`<p class="empty">No data.</p>`)
	}
	const (
		left, right, top, bottom = 48, 12, 12, 40
		plotW, plotH             = 560, 180
	)
	most := 1
	for _, bin := range h.Histogram {
		most = max(most, bin.Games)
	}
	width, height := left+plotW+right, top+plotH+bottom
	bw := float64(plotW) / float64(len(h.Histogram))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img">`, width, height, width, height)
	for i := 0; i <= 4; i++ {
		v := float64(most) * float64(i) / 4
		y := float64(top+plotH) - float64(plotH)*float64(i)/4
		fmt.Fprintf(&b, `<line class="grid" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>`, left, y, left+plotW, y)
		fmt.Fprintf(&b, `<text class="axis" x="%d" y="%.1f" text-anchor="end">%.0f</text>`, left-6, y+4, v)
	}
	for i, bin := range h.Histogram {
		bh := float64(plotH) * float64(bin.Games) / float64(most)
		x := float64(left) + float64(i)*bw
		label := fmt.Sprint(bin.From)
		if bin.To != bin.From {
			label = fmt.Sprintf("%d-%d", bin.From, bin.To)
		}
		fmt.Fprintf(&b, `<g><title>%s turns: %d games</title>`, label, bin.Games)
		fmt.Fprintf(&b, `<rect class="bar" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, x+1, float64(top+plotH)-bh, bw-2, bh)
		if len(h.Histogram) <= 10 || i%2 == 0 {
			fmt.Fprintf(&b, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x+bw/2, top+plotH+16, label)
		}
		b.WriteString(`</g>`)
	}
	fmt.Fprintf(&b, `<text class="axis" x="%d" y="%d" text-anchor="middle">turns</text>`, left+plotW/2, top+plotH+34)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

const reportTemplate = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Balance report: {{.R.Game}}, {{.R.Games}} games</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: right; }
th { background: #f0f0f0; }
td.name, th.name { text-align: left; }
code { font-size: 0.9em; }
p.note { color: #555; font-size: 0.9em; }
svg.chart { display: block; margin: 0.5em 0; font-size: 12px; }
svg .bar { fill: #4a78b5; }
svg .ci { stroke: #222; stroke-width: 1.5; }
svg .fair { stroke: #c0392b; stroke-width: 2; stroke-dasharray: 3 2; }
svg .ci2 { stroke: #c0392b; stroke-width: 1.5; }
svg .dot { fill: #c0392b; }
svg .grid { stroke: #ddd; stroke-width: 1; }
svg .axis { fill: #666; }
svg .label, svg .value { fill: #222; }
</style>
</head>
<body>
<h1>Balance report: {{.R.Game}}</h1>
<p>{{.R.Games}} games, {{.Players}} players, seed {{.R.Seed}}; {{.R.Draws}} draws; on average {{printf "%.1f" .R.AvgTurns}} turns and {{printf "%.2f" .R.AvgCycles}} cycles per game.</p>

<h2 id="setup">Set-up</h2>
<table>
<tr><th class="name">game</th><td class="name">{{.R.Game}}</td></tr>
<tr><th class="name">games</th><td class="name">{{.R.Games}}</td></tr>
<tr><th class="name">players</th><td class="name">{{.Players}}</td></tr>
<tr><th class="name">seed</th><td class="name">{{.R.Seed}}</td></tr>
<tr><th class="name">bots (seat 0 first)</th><td class="name">{{bots .R.Bots}}{{if .R.Rotate}} (rotated game by game){{else}} (fixed seats){{end}}</td></tr>
{{- if .R.Traits}}
<tr><th class="name">trait slots (-traits, with the bots)</th><td class="name">{{bots .R.Traits}}</td></tr>
{{- end}}
<tr><th class="name">config</th><td class="name"><code>{{raw .R.Config}}</code></td></tr>
<tr><th class="name">rules file</th><td class="name">{{if .R.Rules}}<code>{{.R.Rules}}</code>{{else}}(built-in rules){{end}}</td></tr>
<tr><th class="name">params hash</th><td class="name"><code>{{.R.ParamsHash}}</code></td></tr>
</table>
<p class="note">Intervals are 95% Wilson score intervals. Game i plays with a seed mixed from the seed and i, so the same flags give the same numbers.</p>
{{range .Sections}}
<h2 id="{{.ID}}">{{.Title}}</h2>
<p class="note">{{.Note}}</p>
{{rateChart .Rows .Fair}}
<table>
<tr><th class="name">{{.ID}}</th><th>wins</th><th>games</th><th>rate</th><th>95% CI</th>{{if .Fair}}<th>fair</th>{{end}}</tr>
{{- $fair := .Fair}}
{{- range .Rows}}
<tr><td class="name">{{.Name}}</td><td>{{.Wins}}</td><td>{{.Games}}</td><td>{{pct .Rate}}</td><td>{{pct .CILow}} to {{pct .CIHigh}}</td>{{if $fair}}<td>{{pct .Fair}}</td>{{end}}</tr>
{{- end}}
</table>
{{end}}
<h2 id="{{.Victory.ID}}">{{.Victory.Title}}</h2>
<p class="note">{{.Victory.Note}}</p>
{{rateChart .Victory.Rows false}}
<table>
<tr><th class="name">victory</th><th>games</th><th>of</th><th>share</th><th>95% CI</th></tr>
{{- range .Victory.Rows}}
<tr><td class="name">{{.Name}}</td><td>{{.Wins}}</td><td>{{.Games}}</td><td>{{pct .Rate}}</td><td>{{pct .CILow}} to {{pct .CIHigh}}</td></tr>
{{- end}}
</table>

<h2 id="length">Game length</h2>
<p class="note">Player turns per game; nearest-rank percentiles.</p>
<table>
<tr><th>min</th><th>p25</th><th>median</th><th>p75</th><th>max</th><th>mean</th></tr>
<tr><td>{{.R.GameLength.Min}}</td><td>{{.R.GameLength.P25}}</td><td>{{.R.GameLength.Median}}</td><td>{{.R.GameLength.P75}}</td><td>{{.R.GameLength.Max}}</td><td>{{printf "%.1f" .R.GameLength.Mean}}</td></tr>
</table>
{{histChart .R.GameLength}}
{{template "cards" .}}
{{if .Factions}}
<h2 id="factions">Faction uses</h2>
<table>
<tr><th class="name">faction</th><th>uses</th></tr>
{{- range .Factions}}
<tr><td class="name">{{index . 0}}</td><td>{{index . 1}}</td></tr>
{{- end}}
</table>
{{end}}
<h2 id="params">Rules parameters</h2>
{{if .Params}}<table>
<tr><th class="name">parameter</th><th class="name">value</th></tr>
{{- range .Params}}
<tr><td class="name">{{index . 0}}</td><td class="name"><code>{{index . 1}}</code></td></tr>
{{- end}}
</table>{{else}}<p>This game exposes no rules parameters.</p>{{end}}
</body>
</html>
`
