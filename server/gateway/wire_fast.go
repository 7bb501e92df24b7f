package gateway

import (
	"strconv"

	"tabletop/store"
)

// decodeAnswerFast reads the message clients send most, an answer in
// compact JSON ({"type":"answer","id":7,"match":42,"version":17,
// "answer":"move e"}, members in any order), without encoding/json, which
// decoded every answer twice (once to check the members, once strictly)
// and was about a fifth of the server's allocations under load. It takes
// only the simplest form: no whitespace, each of the five members once,
// plain non-negative integers, and an answer string without escapes.
// Anything else returns false and goes through Decode's general path,
// which FuzzDecodeAnswerFast checks it agrees with.
func decodeAnswerFast(b []byte) (Message, bool) {
	var m Message
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return m, false
	}
	const (
		hasType = 1 << iota
		hasID
		hasMatch
		hasVersion
		hasAnswer
	)
	seen := 0
	i := 1
	for {
		key, j, ok := fastString(b, i)
		if !ok || j >= len(b) || b[j] != ':' {
			return m, false
		}
		i = j + 1
		var bit int
		switch string(key) {
		case "type":
			v, j, ok := fastString(b, i)
			if !ok || string(v) != "answer" {
				return m, false
			}
			m.Type, i, bit = "answer", j, hasType
		case "answer":
			v, j, ok := fastString(b, i)
			if !ok || len(v) > 200 {
				return m, false
			}
			m.Answer, i, bit = string(v), j, hasAnswer
		case "id", "match", "version":
			n, j, ok := fastUint(b, i)
			if !ok {
				return m, false
			}
			i = j
			switch key[0] {
			case 'i':
				m.ID, bit = n, hasID
			case 'm':
				m.Match, bit = store.MatchID(n), hasMatch
			default:
				m.Version, bit = int(n), hasVersion
			}
		default:
			return m, false
		}
		if seen&bit != 0 {
			return m, false // a repeated member: the general path decides
		}
		seen |= bit
		if i >= len(b) {
			return m, false
		}
		if b[i] == '}' {
			break
		}
		if b[i] != ',' {
			return m, false
		}
		i++
	}
	// The closing brace must be the last byte, and the type, the match
	// (positive), the version and the answer are required.
	if i != len(b)-1 || seen&(hasType|hasMatch|hasVersion|hasAnswer) != hasType|hasMatch|hasVersion|hasAnswer || m.Match == 0 {
		return m, false
	}
	return m, true
}

// fastString reads a JSON string at b[i] made of printable ASCII without
// escapes; it returns its contents and the index after it.
func fastString(b []byte, i int) ([]byte, int, bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			return b[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20 || c >= 0x7f:
			return nil, i, false
		}
	}
	return nil, i, false
}

// fastUint reads a JSON integer from 0 to 2^53-1 at b[i] (no sign,
// fraction, exponent or leading zero); it returns it and the index after.
func fastUint(b []byte, i int) (int64, int, bool) {
	j := i
	var n int64
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		if j-i >= 16 {
			return 0, i, false
		}
		n = n*10 + int64(b[j]-'0')
		j++
	}
	if j == i || (b[i] == '0' && j-i > 1) || n > maxID {
		return 0, i, false
	}
	return n, j, true
}

// appendAckReply appends the reply to an answer, the bytes json.Marshal
// writes for replyMessage{Type: "reply", ID: id, OK: true, Data: ack},
// without reflection: one is sent for every answer.
func appendAckReply(b []byte, id int64, ack answerAck) []byte {
	b = append(b, `{"type":"reply","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"ok":true,"data":{"now":`...)
	b = strconv.AppendInt(b, int64(ack.Now), 10)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, int64(ack.Version), 10)
	return append(b, "}}"...)
}
