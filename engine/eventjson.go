package engine

import (
	"encoding/json"
	"fmt"
	"strconv"

	"tabletop/engine/jsonenc"
)

// DataAppender is implemented by event payloads (Event.Data, Event.Public)
// that encode themselves without reflection. AppendJSON appends exactly
// the bytes json.Marshal gives for the value.
type DataAppender interface {
	AppendJSON(b []byte) []byte
}

// AppendEvents appends the JSON of events to b, byte for byte what
// json.Marshal(events) gives: a live server records every step's events
// for every audience, and encoding/json's reflection (a map's sorted keys,
// an interface's dynamic type) cost it more than the step's rules
// (docs/performance.md, "Server load", round 14). A payload that is a
// DataAppender encodes itself; any other goes through json.Marshal. A nil
// slice is null.
func AppendEvents(b []byte, events []Event) ([]byte, error) {
	if events == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	for i := range events {
		if i > 0 {
			b = append(b, ',')
		}
		e := &events[i]
		b = append(b, `{"kind":`...)
		b = jsonenc.AppendString(b, e.Kind)
		b = append(b, `,"seat":`...)
		b = strconv.AppendInt(b, int64(e.Seat), 10)
		if e.Data != nil { // omitempty: a nil interface only
			b = append(b, `,"data":`...)
			var err error
			if b, err = appendData(b, e.Data); err != nil {
				return b, fmt.Errorf("engine: event %q: %w", e.Kind, err)
			}
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}

// appendData appends one payload.
func appendData(b []byte, v any) ([]byte, error) {
	switch d := v.(type) {
	case DataAppender:
		return d.AppendJSON(b), nil
	case string:
		return jsonenc.AppendString(b, d), nil
	case int:
		return strconv.AppendInt(b, int64(d), 10), nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, raw...), nil
}
