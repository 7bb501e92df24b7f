package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// rulesLoader builds a game from a rules-parameters file (sim -rules): the
// same game with other numbers, and so another ParamsHash.
type rulesLoader func(data []byte) (engine.Game, error)

// realigiousRules is the rulesLoader of Realigious: data is a
// games/realigious/rules.json-style file.
func realigiousRules(data []byte) (engine.Game, error) {
	p, err := parseRealigiousParams(data)
	if err != nil {
		return nil, err
	}
	return realigious.NewWithParams(p), nil
}

// parseRealigiousParams reads Realigious rules parameters. It stands in for
// realigious.ParseParams until that exists: the file's values replace the
// defaults, and an unknown name or trailing data is an error.
func parseRealigiousParams(data []byte) (realigious.Params, error) {
	p := realigious.DefaultParams()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return p, fmt.Errorf("realigious rules: %w", err)
	}
	if dec.More() {
		return p, fmt.Errorf("realigious rules: data after the JSON object")
	}
	return p, nil
}

// gameParams returns the rules parameters g plays with, as JSON, or nil for
// a game that does not expose them.
func gameParams(g engine.Game) json.RawMessage {
	rg, ok := g.(*realigious.Game)
	if !ok {
		return nil
	}
	b, err := json.Marshal(rg.Params())
	if err != nil {
		return nil
	}
	return b
}
