package gateway

import (
	"bufio"
	"bytes"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
)

// clientFrame is a frame as a client sends it: masked (RFC 6455, 5.3).
func clientFrame(op ws.OpCode, fin bool, p string) ws.Frame {
	return ws.MaskFrame(ws.NewFrame(op, fin, []byte(p)))
}

// sendFrames writes frames to the server's end, as one client would. Its
// errors are left alone: a test refusing a frame stops reading (the
// socket is closed at the test's end), and the test checks what the
// server read.
func sendFrames(cl net.Conn, frames ...ws.Frame) {
	for _, f := range frames {
		if ws.WriteFrame(cl, f) != nil {
			return
		}
	}
}

// TestFrameReader: the gateway's reader of client frames gathers
// fragmented messages across control frames, answers pings and a close,
// and refuses what RFC 6455 forbids or MaxMessage exceeds with a typed
// error (issue 5, "Abuse and bad input").
func TestFrameReader(t *testing.T) {
	big := strings.Repeat("x", MaxMessage/2+1)
	for _, tc := range []struct {
		name    string
		frames  []ws.Frame
		wantOp  ws.OpCode
		wantMsg string
		wantErr error      // errors.Is, or the error's type below
		wantAs  any        // a pointer to the error type wanted
		reply   []ws.Frame // what the client reads back
	}{
		{name: "text", frames: []ws.Frame{clientFrame(ws.OpText, true, `{"type":"ping"}`)},
			wantOp: ws.OpText, wantMsg: `{"type":"ping"}`},
		{name: "empty", frames: []ws.Frame{clientFrame(ws.OpText, true, "")}, wantOp: ws.OpText},
		{name: "binary", frames: []ws.Frame{clientFrame(ws.OpBinary, true, "\x00\x01")},
			wantOp: ws.OpBinary, wantMsg: "\x00\x01"},
		{name: "fragments around a ping", frames: []ws.Frame{
			clientFrame(ws.OpText, false, `{"type":`),
			clientFrame(ws.OpPing, true, "are you there"),
			clientFrame(ws.OpContinuation, false, `"ping"`),
			clientFrame(ws.OpContinuation, true, `}`),
		}, wantOp: ws.OpText, wantMsg: `{"type":"ping"}`,
			reply: []ws.Frame{ws.NewPongFrame([]byte("are you there"))}},
		{name: "a pong is skipped", frames: []ws.Frame{
			clientFrame(ws.OpPong, true, ""), clientFrame(ws.OpText, true, "a"),
		}, wantOp: ws.OpText, wantMsg: "a"},
		{name: "close", frames: []ws.Frame{clientFrame(ws.OpClose, true, "\x03\xe8bye")},
			wantAs: &peerClosed{}, reply: []ws.Frame{ws.NewCloseFrame(ws.NewCloseFrameBody(ws.StatusNormalClosure, ""))}},
		{name: "close without a code", frames: []ws.Frame{clientFrame(ws.OpClose, true, "")},
			wantAs: &peerClosed{}, reply: []ws.Frame{ws.NewCloseFrame(ws.NewCloseFrameBody(ws.StatusNormalClosure, ""))}},
		{name: "close with a code not for the wire", frames: []ws.Frame{clientFrame(ws.OpClose, true, "\x03\xed")}, // 1005
			wantAs: &peerClosed{}, reply: []ws.Frame{ws.NewCloseFrame(ws.NewCloseFrameBody(ws.StatusProtocolError, ""))}},
		{name: "unmasked", frames: []ws.Frame{ws.NewTextFrame([]byte("a"))}, wantAs: &protocolError{}},
		{name: "continuation first", frames: []ws.Frame{clientFrame(ws.OpContinuation, true, "a")}, wantAs: &protocolError{}},
		{name: "a new message inside a fragmented one", frames: []ws.Frame{
			clientFrame(ws.OpText, false, "a"), clientFrame(ws.OpText, true, "b"),
		}, wantAs: &protocolError{}},
		{name: "reserved opcode", frames: []ws.Frame{clientFrame(ws.OpCode(3), true, "a")}, wantAs: &protocolError{}},
		{name: "reserved bits", frames: func() []ws.Frame {
			f := clientFrame(ws.OpText, true, "a")
			f.Header.Rsv = ws.Rsv(true, false, false)
			return []ws.Frame{f}
		}(), wantAs: &protocolError{}},
		{name: "too large", frames: []ws.Frame{clientFrame(ws.OpText, true, strings.Repeat("x", MaxMessage+1))},
			wantErr: errTooBig},
		{name: "too large in fragments", frames: []ws.Frame{
			clientFrame(ws.OpText, false, big), clientFrame(ws.OpContinuation, true, big),
		}, wantErr: errTooBig},
		{name: "as large as allowed", frames: []ws.Frame{clientFrame(ws.OpText, true, strings.Repeat("y", MaxMessage))},
			wantOp: ws.OpText, wantMsg: strings.Repeat("y", MaxMessage)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, cl := socketPair(t)
			go sendFrames(cl, tc.frames...)
			rd := frameReader{br: bufio.NewReader(sc), ctl: sc}
			op, msg, err := rd.next()
			switch {
			case tc.wantErr != nil:
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
			case tc.wantAs != nil:
				if err == nil || !errors.As(err, tc.wantAs) {
					t.Fatalf("err = %v, want a %T", err, tc.wantAs)
				}
			case err != nil:
				t.Fatalf("next: %v", err)
			case op != tc.wantOp || string(msg) != tc.wantMsg:
				t.Fatalf("next = %v %.40q, want %v %.40q", op, msg, tc.wantOp, tc.wantMsg)
			}
			r := bufio.NewReader(cl)
			for _, want := range tc.reply {
				_ = cl.SetReadDeadline(time.Now().Add(5 * time.Second))
				got, err := ws.ReadFrame(r)
				if err != nil {
					t.Fatalf("reading the reply: %v", err)
				}
				if got.Header.OpCode != want.Header.OpCode || !bytes.Equal(got.Payload, want.Payload) {
					t.Errorf("reply %v %q, want %v %q", got.Header.OpCode, got.Payload, want.Header.OpCode, want.Payload)
				}
			}
		})
	}
}

// TestFrameReaderDrain: after refusing a message as too large, the reader
// skips the rest of it and what follows until the client's close frame,
// which it answers (the close handshake, RFC 6455 7.1.1).
func TestFrameReaderDrain(t *testing.T) {
	sc, cl := socketPair(t)
	go sendFrames(cl,
		clientFrame(ws.OpText, true, strings.Repeat("x", MaxMessage+10)),
		clientFrame(ws.OpText, true, "late"),
		clientFrame(ws.OpClose, true, "\x03\xe8"))
	rd := frameReader{br: bufio.NewReader(sc), ctl: sc}
	if _, _, err := rd.next(); !errors.Is(err, errTooBig) {
		t.Fatalf("next = %v, want errTooBig", err)
	}
	if err := sc.writeClose(ws.StatusMessageTooBig, "message too big"); err != nil {
		t.Fatal(err)
	}
	rd.drain()
	_ = cl.SetReadDeadline(time.Now().Add(5 * time.Second))
	f, err := ws.ReadFrame(cl)
	if err != nil {
		t.Fatal(err)
	}
	if code, reason := ws.ParseCloseFrameData(f.Payload); f.Header.OpCode != ws.OpClose || code != ws.StatusMessageTooBig || reason != "message too big" {
		t.Fatalf("frame %v %d %q, want the close frame 1009", f.Header.OpCode, code, reason)
	}
	// The client's close frame was read and not answered twice: nothing
	// else comes.
	_ = cl.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if f, err := ws.ReadFrame(cl); err == nil {
		t.Fatalf("a frame after the close frame: %v", f.Header)
	}
}

// TestFrameReaderAfterClose: once the server's close frame has gone, a
// client's ping is read but not answered (nothing follows a close frame,
// RFC 6455 5.5.1), and reading goes on.
func TestFrameReaderAfterClose(t *testing.T) {
	sc, cl := socketPair(t)
	if err := sc.writeClose(ws.StatusGoingAway, "bye"); err != nil {
		t.Fatal(err)
	}
	go sendFrames(cl, clientFrame(ws.OpPing, true, "x"), clientFrame(ws.OpText, true, "late"))
	rd := frameReader{br: bufio.NewReader(sc), ctl: sc}
	if op, msg, err := rd.next(); err != nil || op != ws.OpText || string(msg) != "late" {
		t.Fatalf("next = %v %q %v, want the text after the ping", op, msg, err)
	}
	r := bufio.NewReader(cl)
	_ = cl.SetReadDeadline(time.Now().Add(5 * time.Second))
	if f, err := ws.ReadFrame(r); err != nil || f.Header.OpCode != ws.OpClose {
		t.Fatalf("first frame %v %v, want the close frame", f.Header, err)
	}
	_ = cl.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if f, err := ws.ReadFrame(r); err == nil {
		t.Fatalf("a frame after the close frame: %v", f.Header)
	}
}
