package engine

import (
	"strconv"

	"tabletop/engine/jsonenc"
)

// AppendJSON appends d as json.Marshal encodes it. The server writes the
// deciding seat's decision into a frame after every step, and
// encoding/json's reflection and its allocated result were most of a
// frame's own encoding cost (docs/performance.md, "Server load").
func (d *DecisionJSON) AppendJSON(b []byte) []byte {
	b = append(b, `{"seat":`...)
	b = strconv.AppendInt(b, int64(d.Seat), 10)
	b = append(b, `,"kind":`...)
	b = jsonenc.AppendString(b, d.Kind)
	b = append(b, `,"answers":`...)
	b = jsonenc.AppendList(b, d.Answers, jsonenc.AppendString)
	b = append(b, `,"default":`...)
	b = jsonenc.AppendString(b, d.Default)
	if len(d.Chance) > 0 {
		b = append(b, `,"chance":`...)
		b = jsonenc.AppendList(b, d.Chance, appendOutcome)
	}
	return append(b, '}')
}

func appendOutcome(b []byte, o OutcomeJSON) []byte {
	b = append(b, `{"answer":`...)
	b = jsonenc.AppendString(b, o.Answer)
	b = append(b, `,"weight":`...)
	b = strconv.AppendInt(b, int64(o.Weight), 10)
	return append(b, '}')
}
