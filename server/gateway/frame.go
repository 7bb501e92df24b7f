package gateway

import (
	"encoding/json"
	"fmt"
	"strconv"

	"tabletop/server/live"
	"tabletop/store"
)

// appendFrame appends the frame push {"type":"frame","data":{...}} for a
// connection: the match id, then live.Frame's fields in the order
// docs/protocol.md gives. With patches (protocol 2) a frame that has a
// ViewPatch carries "view_patch" instead of "view".
//
// It is written by hand because frames are most of what the server
// sends: encoding/json would validate and compact the view and the
// events again, bytes the host already encoded, and that cost more than
// building them (docs/performance.md, "Server load"). The result (once
// a match) and the seats when the host did not encode them still go
// through encoding/json.
func appendFrame(b []byte, id store.MatchID, f *live.Frame, patches bool) ([]byte, error) {
	b = append(b, `{"type":"frame","data":{"match":`...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `,"seat":`...)
	b = strconv.AppendInt(b, int64(f.Seat), 10)
	b = append(b, `,"from":`...)
	b = strconv.AppendInt(b, int64(f.From), 10)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, int64(f.Version), 10)
	b = append(b, `,"steps":`...)
	if f.Steps == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, st := range f.Steps {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"version":`...)
			b = strconv.AppendInt(b, int64(st.Version), 10)
			b = append(b, `,"events":`...)
			b = appendRaw(b, st.Events)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if patches && f.ViewPatch != nil {
		b = append(b, `,"view_patch":`...)
		b = appendRaw(b, f.ViewPatch)
	} else {
		b = append(b, `,"view":`...)
		b = appendRaw(b, f.View)
	}
	var err error
	if len(f.SeatsJSON) > 0 {
		b = append(b, `,"seats":`...)
		b = append(b, f.SeatsJSON...)
	} else if b, err = appendMember(b, "seats", f.Seats); err != nil {
		return nil, err
	}
	if f.Decision != nil {
		b = append(b, `,"decision":`...)
		b = f.Decision.AppendJSON(b)
	}
	if !f.Deadline.IsZero() {
		// As time.Time's MarshalJSON, which fails the same way (a year
		// outside 0-9999), without its allocation.
		b = append(b, `,"deadline":"`...)
		if b, err = f.Deadline.AppendText(b); err != nil {
			return nil, fmt.Errorf("gateway: frame deadline: %w", err)
		}
		b = append(b, '"')
	}
	if f.Result != nil {
		if b, err = appendMember(b, "result", f.Result); err != nil {
			return nil, err
		}
	}
	return append(b, '}', '}'), nil
}

// appendRaw appends JSON the host encoded; an empty value is null, as
// encoding/json writes a nil json.RawMessage.
func appendRaw(b []byte, raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return append(b, "null"...)
	}
	return append(b, raw...)
}

func appendMember(b []byte, key string, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return append(b, j...), nil
}
