package main

import (
	"encoding/json"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// rulesLoader builds a game from a rules-parameters file (sim -rules): the
// same game with other numbers, and so another ParamsHash.
type rulesLoader func(data []byte) (engine.Game, error)

// realigiousRules is the rulesLoader of Realigious: data is a complete
// rules file like games/realigious/rules.json (realigious.ParseParams).
func realigiousRules(data []byte) (engine.Game, error) {
	p, err := realigious.ParseParams(data)
	if err != nil {
		return nil, err
	}
	return realigious.NewWithParams(p), nil
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
