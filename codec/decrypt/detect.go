package decrypt

import (
	"encoding/binary"

	"github.com/kafkawire/kafkawire/codec/source"
)

// IsTLS reports whether a stream carries TLS records. A stream seen from
// its start is TLS when it opens with a handshake record. One caught
// mid-way (no SYN seen) may begin inside a record, so it is TLS when a run
// of well-formed records starts within its first record's length and goes
// on for three records, or to the end of what the capture holds: a Kafka
// stream's bytes chain so only by chance, and three times over almost
// never.
func IsTLS(s *source.Stream) bool {
	if OpensWithHandshake(s) {
		return true
	}
	if s == nil || s.FromStart {
		return false
	}
	b := s.Bytes
	if len(s.Gaps) > 0 {
		b = b[:s.Gaps[0].Off]
	}
	for off := range min(len(b), 5+maxRecord) {
		if chained(b, off) {
			return true
		}
	}
	return false
}

// OpensWithHandshake reports whether a stream's first bytes are the header
// of a TLS handshake record, as a connection's first bytes are when it
// is TLS.
func OpensWithHandshake(s *source.Stream) bool {
	return s != nil && len(s.Bytes) >= 3 && s.Bytes[0] == recordHandshake && s.Bytes[1] == 3 && s.Bytes[2] <= 4
}

// chained reports whether well-formed records start at start and follow
// one another for three records or to exactly the end of b. One record is
// enough only at b's first byte, where the capture's first segment starts.
func chained(b []byte, start int) bool {
	n, off := 0, start
	for off+5 <= len(b) {
		h := b[off : off+5]
		size := int(binary.BigEndian.Uint16(h[3:]))
		if h[0] < recordChangeCipherSpec || h[0] > recordApplicationData || h[1] != 3 || h[2] > 4 || size == 0 || size > maxRecord {
			return false
		}
		if n++; n == 3 {
			return true
		}
		off += 5 + size
	}
	return off == len(b) && (n == 2 || n == 1 && start == 0)
}
