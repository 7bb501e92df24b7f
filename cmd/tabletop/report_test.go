package main

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/games/realigious"
)

// TestSimReportHTML writes the balance report of a small run and checks
// that it is well-formed, self-contained and holds every table and chart.
func TestSimReportHTML(t *testing.T) {
	file := filepath.Join(t.TempDir(), "balance.html")
	code, stdout, stderr := runCmd(t, "", "sim", "-players", "2,3", "-games", "12", "-seed", "3",
		"-config", `{"size":7,"cycle_limit":5}`, "-report", file)
	if code != exitOK {
		t.Fatalf("sim -report = %d; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "realigious: 12 games, 2,3 players") {
		t.Errorf("sim -report summary = %q", stdout)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	checkHTMLish(t, page)
	if !strings.HasPrefix(page, "<!DOCTYPE html>") {
		t.Errorf("report does not start with <!DOCTYPE html>")
	}
	for _, want := range []string{
		"<svg", "<table", "<rect", `class="ci"`, `class="fair"`,
		"Win rate by bot", "Win rate by seat", "Win rate by origin religion", "Win rate by character",
		"Decided games by player count", "Decided games by climate", "Victory types", "Game length",
		"Rules parameters", "start_reputation", "cycle_limit", "params hash",
		realigiousHash(), "christianity", "fortune_teller", "95% CI",
		// Trait slots and cards (issue #7).
		"Win rate by trait slot", "trait slots (-traits, with the bots)", "Card usage", "Cards and winning",
		"CARD-001 Gleaning", "CARD-084", `class="dot"`, "lift", "Used against not used", "Held against not held",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// Seven win-rate tables (with trait slots), victory types, game length, card uses, card wins (used, held).
	if n := strings.Count(page, "<svg"); n != 12 {
		t.Errorf("report has %d charts, want 12", n)
	}
	for _, bad := range []string{"http://", "https://", "<script", "<link", "<img", "@import", "url("} {
		if strings.Contains(page, bad) {
			t.Errorf("report contains %q; it must need nothing from outside", bad)
		}
	}
}

func realigiousHash() string { return realigious.New().ParamsHash() }

// TestReportEscapes checks that names cannot inject markup.
func TestReportEscapes(t *testing.T) {
	rep := simReport{Game: "g", Games: 1, PlayerCounts: []int{2}, Bots: []string{"<b>x</b>", "y"}}
	rep.WinRates.Bot = []rateEntry{{Name: `<script>alert("x")</script>`, Wins: 1, Games: 2, Rate: 0.5, CILow: 0.1, CIHigh: 0.9, Fair: 0.5}}
	var sb strings.Builder
	if err := writeHTMLReport(&sb, rep); err != nil {
		t.Fatal(err)
	}
	page := sb.String()
	if strings.Contains(page, "<script>") || strings.Contains(page, "<b>x</b>") {
		t.Errorf("report does not escape names:\n%s", page)
	}
	checkHTMLish(t, page)
}

// checkHTMLish tokenizes page as lenient XML with HTML's rules (void
// elements, entities) and checks that every element is closed in order.
func checkHTMLish(t *testing.T, page string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	var stack []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("report is not well-formed: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			stack = append(stack, e.Name.Local)
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1] != e.Name.Local {
				t.Fatalf("report closes <%s> but the open elements are %v", e.Name.Local, stack)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 {
		t.Errorf("report leaves %v open", stack)
	}
}
