package gateway

import (
	"encoding/json"
	"reflect"
	"testing"
)

// answerSeeds are answer messages in the shapes clients send, and near
// misses the fast path must leave to the general one.
var answerSeeds = []string{
	`{"type":"answer","id":7,"match":42,"version":17,"answer":"move e"}`,
	`{"id":7,"type":"answer","match":42,"version":17,"answer":"card 12"}`,
	`{"answer":"end","version":0,"match":1,"type":"answer"}`,
	`{"type":"answer","match":42,"version":17,"answer":"move e"}`,
	`{"type":"answer","id":0,"match":9007199254740991,"version":3,"answer":""}`,
	`{"type":"answer","id":7,"match":0,"version":17,"answer":"move e"}`,
	`{"type":"answer","id":7,"match":42,"version":17}`,
	`{"type":"answer","id":7,"match":42,"version":17,"answer":"move e","answer":"end"}`,
	`{"type":"answer","id":7,"match":42,"version":-1,"answer":"move e"}`,
	`{"type":"answer","id":07,"match":42,"version":17,"answer":"move e"}`,
	`{"type":"answer","id":7,"match":42,"version":17,"answer":"mo\"ve"}`,
	`{"type":"answer", "id":7,"match":42,"version":17,"answer":"move e"}`,
	`{"type":"answer","id":7,"match":42,"version":17,"answer":"move e","since":3}`,
	`{"type":"answer","id":7,"match":42,"version":1e3,"answer":"move e"}`,
	`{"type":"watch","id":7,"match":42}`,
	`{"type":"answer","id":7,"match":42,"version":17,"answer":"move e"}x`,
	`{"type":"answer","id":9007199254740992,"match":42,"version":17,"answer":"move e"}`,
}

// TestDecodeAnswerFast: the common answer shapes take the fast path, and
// the near misses (repeated, missing or extra members, escapes, spaces,
// signs, exponents, leading zeros, out-of-range ids) do not.
func TestDecodeAnswerFast(t *testing.T) {
	fast := map[int]bool{0: true, 1: true, 2: true, 3: true, 4: true}
	for i, s := range answerSeeds {
		m, ok := decodeAnswerFast([]byte(s))
		if ok != fast[i] {
			t.Errorf("%s: fast path %v, want %v", s, ok, fast[i])
			continue
		}
		if !ok {
			continue
		}
		want, err := decodeGeneral([]byte(s))
		if err != nil || !reflect.DeepEqual(m, want) {
			t.Errorf("%s: fast %+v, general %+v (%v)", s, m, want, err)
		}
	}
}

// FuzzDecodeAnswerFast: whenever the fast path accepts a message, the
// general path accepts it too and reads the same Message.
func FuzzDecodeAnswerFast(f *testing.F) {
	for _, s := range answerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, ok := decodeAnswerFast(b)
		if !ok {
			return
		}
		want, err := decodeGeneral(b)
		if err != nil || !reflect.DeepEqual(m, want) {
			t.Fatalf("%q: fast %+v, general %+v (%v)", b, m, want, err)
		}
	})
}

// TestAppendAckReply checks the answer's reply against encoding/json.
func TestAppendAckReply(t *testing.T) {
	for _, tc := range []struct {
		id  int64
		ack answerAck
	}{
		{1, answerAck{Now: 0, Version: 0}},
		{7, answerAck{Now: 51, Version: 52}},
		{-3, answerAck{Now: -1, Version: 1 << 30}},
		{1<<62 + 5, answerAck{Now: 123456, Version: 123455}},
	} {
		want, err := json.Marshal(replyMessage{Type: "reply", ID: tc.id, OK: true, Data: tc.ack})
		if err != nil {
			t.Fatal(err)
		}
		if got := appendAckReply(nil, tc.id, tc.ack); string(got) != string(want) {
			t.Errorf("appendAckReply(%d, %+v) = %s, want %s", tc.id, tc.ack, got, want)
		}
	}
}
