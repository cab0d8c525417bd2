package decrypt_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/source"
)

// A TLS stream is known as TLS wherever a capture caught it: from its
// first byte (its handshake), or mid-way, starting at any byte of a
// record, since a capture's first segment may start inside one.
func TestIsTLSWhereverCaught(t *testing.T) {
	s := talk(t, nil, 60_000, 100, 30_000) // the server's side: a handful of 16 KiB records, then small ones
	assert.True(t, decrypt.IsTLS(&s.client), "the client's side from its start")
	assert.True(t, decrypt.IsTLS(&s.server), "the server's side from its start")
	b := s.server.Bytes
	for start := range 20_000 {
		mid := source.Stream{Bytes: b[start:]}
		if !decrypt.IsTLS(&mid) {
			t.Fatalf("the server's side caught at byte %d of %d is not taken for TLS", start, len(b))
		}
	}
	// Seen from its start, a stream is TLS only when it opens with a
	// handshake: its application data alone, from a SYN on, is not.
	mid := source.Stream{Bytes: b[len(b)-2000:], FromStart: true}
	assert.False(t, decrypt.IsTLS(&mid))
	assert.False(t, decrypt.IsTLS(nil))
}

// Bytes that hold a record header or two by chance are not TLS: three
// records chained, or records to the very end, are what it takes.
func TestIsTLSNeedsRecordsChained(t *testing.T) {
	oneRecord := append([]byte{0, 0, 0, 9, 23, 3, 3, 0, 4, 1, 2, 3, 4}, make([]byte, 40)...)
	assert.False(t, decrypt.IsTLS(&source.Stream{Bytes: oneRecord}), "one record header inside other bytes")
	two := []byte{0x17, 3, 3, 0, 1, 0xaa, 0x17, 3, 3, 0, 2, 0xbb, 0xcc}
	assert.True(t, decrypt.IsTLS(&source.Stream{Bytes: two}), "two records to the end")
	assert.False(t, decrypt.IsTLS(&source.Stream{Bytes: append(two, 0)}), "two records and a byte more")
	gapped := source.Stream{Bytes: append(two, 1, 2, 3), Gaps: []source.Gap{{Off: len(two), Len: 100}}}
	assert.True(t, decrypt.IsTLS(&gapped), "records up to the first bytes lost")
}
