package decrypt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"iter"

	"github.com/kafkawire/kafkawire/codec/source"
)

// hsMsg is one handshake message: its type and body.
type hsMsg struct {
	typ  byte
	body []byte
}

// Handshake message types read here (RFC 8446, 4; RFC 5077 for TLS 1.2's tickets).
const (
	msgClientHello      = 1
	msgServerHello      = 2
	msgNewSessionTicket = 4
	msgKeyUpdate        = 24
)

// maxPlainHandshake bounds the plaintext handshake read from a stream's
// start: the hellos, and in TLS 1.2 the server's certificates and ticket,
// take a few KiB; what claims more is not a handshake.
const maxPlainHandshake = 256 << 10

// plainHandshake is the handshake messages of the plaintext records at
// the start of s: the client's hello, or the server's flight up to its
// ChangeCipherSpec or first encrypted record. It stops after the first
// message when first is set.
func plainHandshake(s *source.Stream, first bool) ([]hsMsg, error) {
	r := newRecords(s, nil)
	var buf []byte // the handshake records' bodies, joined: a message may span records
	var msgs []hsMsg
	pos := 0 // where the next message starts in buf
	sawHello := false
	for {
		rec, ok, err := r.next()
		switch {
		case err != nil && !s.FromStart:
			return msgs, nil
		case err != nil:
			return msgs, err
		case !ok || rec.typ() == 23:
			return msgs, nil
		case rec.typ() == 20 && sawHello:
			return msgs, nil // what follows the server's ChangeCipherSpec is encrypted
		case rec.typ() != 22:
			continue // a ChangeCipherSpec after a HelloRetryRequest, or an alert
		}
		if len(buf)+len(rec.b)-5 > maxPlainHandshake {
			return msgs, fmt.Errorf("at offset %d: more than %d KiB of plaintext handshake", rec.off, maxPlainHandshake>>10)
		}
		buf = append(buf, rec.b[5:]...)
		for len(buf)-pos >= 4 {
			n := int(buf[pos+1])<<16 | int(buf[pos+2])<<8 | int(buf[pos+3])
			if len(buf)-pos < 4+n {
				break
			}
			m := hsMsg{buf[pos], buf[pos+4 : pos+4+n]}
			pos += 4 + n
			msgs = append(msgs, m)
			if first {
				return msgs, nil
			}
			sawHello = sawHello || m.typ == msgServerHello && !isHelloRetry(m.body)
		}
	}
}

// isHelloRetry reports whether a ServerHello's body is a HelloRetryRequest.
func isHelloRetry(b []byte) bool { return len(b) >= 34 && [32]byte(b[2:34]) == helloRetry }

// clientHello is what Decrypt needs of a ClientHello.
type clientHello struct {
	random    [32]byte
	sessionID []byte
	ticket    []byte // TLS 1.2's session ticket offered for resumption; nil when none
	earlyData bool   // it announces 0-RTT data
}

// serverHello is what Decrypt needs of a ServerHello.
type serverHello struct {
	version, suite uint16
	random         [32]byte
	sessionID      []byte
}

var errShort = errors.New("too short for its fields")

// parseClientHello reads a ClientHello's body.
func parseClientHello(m []byte) (clientHello, error) {
	var h clientHello
	if len(m) < 35 || len(m) < 35+int(m[34]) {
		return h, errShort
	}
	h.random, h.sessionID = [32]byte(m[2:34]), m[35:35+int(m[34])]
	m = m[35+int(m[34]):]
	if len(m) < 2 || len(m) < 2+int(binary.BigEndian.Uint16(m)) {
		return h, errShort
	}
	m = m[2+int(binary.BigEndian.Uint16(m)):] // the cipher suites
	if len(m) < 1 || len(m) < 1+int(m[0]) {
		return h, errShort
	}
	m = m[1+int(m[0]):] // the compression methods
	for typ, data := range extensions(m) {
		switch typ {
		case 35: // session_ticket
			if len(data) > 0 {
				h.ticket = data
			}
		case 42: // early_data
			h.earlyData = true
		}
	}
	return h, nil
}

// parseServerHello reads a ServerHello's body.
func parseServerHello(m []byte) (serverHello, error) {
	var h serverHello
	if len(m) < 35 || len(m) < 35+int(m[34])+3 {
		return h, errShort
	}
	h.version, h.random = binary.BigEndian.Uint16(m), [32]byte(m[2:34])
	h.sessionID = m[35 : 35+int(m[34])]
	m = m[35+int(m[34]):]
	h.suite, m = binary.BigEndian.Uint16(m), m[3:] // the suite, then the compression method
	for typ, data := range extensions(m) {
		if typ == 43 && len(data) == 2 { // supported_versions: the version picked
			h.version = binary.BigEndian.Uint16(data)
		}
	}
	return h, nil
}

// extensions walks a hello's extensions block (its 2-byte length first),
// as far as it is whole.
func extensions(m []byte) iter.Seq2[uint16, []byte] {
	return func(yield func(uint16, []byte) bool) {
		if len(m) < 2 {
			return
		}
		exts := m[2:min(len(m), 2+int(binary.BigEndian.Uint16(m)))]
		for len(exts) >= 4 {
			typ, n := binary.BigEndian.Uint16(exts), int(binary.BigEndian.Uint16(exts[2:]))
			if len(exts) < 4+n {
				return
			}
			if !yield(typ, exts[4:4+n]) {
				return
			}
			exts = exts[4+n:]
		}
	}
}

// ticketOf is the ticket of a TLS 1.2 NewSessionTicket's body (RFC 5077,
// 3.3: a lifetime hint, then the ticket); nil when it holds none.
func ticketOf(m []byte) []byte {
	if len(m) < 6 || len(m) < 6+int(binary.BigEndian.Uint16(m[4:])) {
		return nil
	}
	return m[6 : 6+int(binary.BigEndian.Uint16(m[4:]))]
}
