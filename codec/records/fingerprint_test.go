package records

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFingerprintSeesEveryChange: the fingerprint tells a batch apart from
// itself after any one change a caller can make, in place or not, including
// those that keep the bytes' total (a byte moved from key to value, nil for
// empty), so AppendTo never writes stale bytes.
func TestFingerprintSeesEveryChange(t *testing.T) {
	batch := func() *Batch {
		return &Batch{BaseOffset: 7, Magic: 2, Attributes: 0, LastOffsetDelta: 1, BaseTimestamp: 1000, MaxTimestamp: 1001,
			ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1,
			Records: []Record{
				{TimestampDelta: 0, OffsetDelta: 0, Key: Bytes("ab"), Value: Bytes("cd"), Headers: []Header{{Key: Bytes("h"), Value: Bytes("1")}}},
				{TimestampDelta: 1, OffsetDelta: 1, Key: nil, Value: Bytes("x")},
			}}
	}
	base := batch().fingerprint()
	assert.Equal(t, base, batch().fingerprint(), "the same fields, the same fingerprint")
	changes := map[string]func(b *Batch){
		"base offset":        func(b *Batch) { b.BaseOffset++ },
		"producer epoch":     func(b *Batch) { b.ProducerEpoch = 0 },
		"attributes":         func(b *Batch) { b.Attributes = 1 },
		"a value in place":   func(b *Batch) { b.Records[0].Value[1] = 'e' },
		"a byte moved":       func(b *Batch) { b.Records[0].Key, b.Records[0].Value = Bytes("a"), Bytes("bcd") },
		"nil for empty":      func(b *Batch) { b.Records[1].Key = Bytes{} },
		"empty for nil":      func(b *Batch) { b.Records[0].Headers[0].Value = nil },
		"a header dropped":   func(b *Batch) { b.Records[0].Headers = nil },
		"records swapped":    func(b *Batch) { b.Records[0], b.Records[1] = b.Records[1], b.Records[0] },
		"a record dropped":   func(b *Batch) { b.Records = b.Records[:1] },
		"timestamp delta":    func(b *Batch) { b.Records[1].TimestampDelta = 2 },
		"offset delta":       func(b *Batch) { b.Records[1].OffsetDelta = 0 },
		"record attributes":  func(b *Batch) { b.Records[1].Attributes = 1 },
		"a header key moved": func(b *Batch) { b.Records[0].Headers[0] = Header{Key: Bytes("h1"), Value: Bytes{}} },
	}
	for name, change := range changes {
		b := batch()
		change(b)
		assert.NotEqual(t, base, b.fingerprint(), name)
	}
}

// TestIdentitySeesEveryChangeButInPlace: the identity AppendTo checks first
// holds for a clone, and changes with every change of the fingerprint's
// list but a write into a byte string, which edits never make (they
// replace it); a string replaced by an equal one changes the identity, not
// the fingerprint, so the batch still keeps its bytes.
func TestIdentitySeesEveryChangeButInPlace(t *testing.T) {
	raw := (&Set{Batches: []*Batch{{BaseOffset: 7, Magic: 2, ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1,
		Records: []Record{
			{Key: Bytes("ab"), Value: Bytes("cd"), Headers: []Header{{Key: Bytes("h"), Value: Bytes("1")}}},
			{OffsetDelta: 1, Value: Bytes("x")},
		}}}}).AppendTo(nil)
	decoded := func() *Set {
		s, _, err := Decode(raw, 0, nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := decoded()
	base := s.Batches[0].identity()
	assert.Equal(t, base, s.Clone().Batches[0].identity(), "a clone has the same identity")
	changes := map[string]func(b *Batch){
		"base offset":       func(b *Batch) { b.BaseOffset++ },
		"attributes":        func(b *Batch) { b.Attributes = 1 },
		"an equal value":    func(b *Batch) { b.Records[0].Value = Bytes("cd") },
		"a byte moved":      func(b *Batch) { b.Records[0].Key, b.Records[0].Value = b.Records[0].Key[:1], Bytes("bcd") },
		"nil for empty":     func(b *Batch) { b.Records[1].Key = Bytes{} },
		"a header dropped":  func(b *Batch) { b.Records[0].Headers = nil },
		"records swapped":   func(b *Batch) { b.Records[0], b.Records[1] = b.Records[1], b.Records[0] },
		"a record dropped":  func(b *Batch) { b.Records = b.Records[:1] },
		"timestamp delta":   func(b *Batch) { b.Records[1].TimestampDelta = 2 },
		"record attributes": func(b *Batch) { b.Records[1].Attributes = 1 },
	}
	for name, change := range changes {
		c := decoded().Clone()
		change(c.Batches[0])
		assert.NotEqual(t, base, c.Batches[0].identity(), name)
	}
	c := decoded().Clone()
	c.Batches[0].Records[0].Value = Bytes("cd")
	assert.Equal(t, raw, c.AppendTo(nil), "an equal value keeps the batch's bytes")
	c.Batches[0].Records[0].Value = Bytes("ce")
	assert.NotEqual(t, raw, c.AppendTo(nil), "another value is written")
}

// A batch whose bytes a fresh encode would not give again (its CRC is
// wrong) keeps them when an edit replaces a byte string by an equal one:
// its identity changed, so its fields are compared with those its bytes
// decode to. Another value is written afresh, with the CRC made right.
func TestEqualValueKeepsBytesAFreshEncodeWouldNotGive(t *testing.T) {
	good := (&Set{Batches: []*Batch{{BaseOffset: 7, Magic: 2, ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1,
		Records: []Record{{Key: Bytes("ab"), Value: Bytes("cd")}, {OffsetDelta: 1, Value: Bytes("x")}}}}}).AppendTo(nil)
	crcOff := magicOff + 1 // the CRC follows the magic byte
	raw := append([]byte(nil), good...)
	raw[crcOff] ^= 0xff
	s, nodes, err := Decode(raw, 0, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	assert.Contains(t, nodes[0].Children[4].Warn(), "CRC-32C mismatch", "the test needs a batch whose CRC is wrong")
	c := s.Clone()
	c.Batches[0].Records[0].Value = Bytes("cd")
	assert.Equal(t, raw, c.AppendTo(nil), "an equal value keeps the batch's own bytes, wrong CRC and all")
	c.Batches[0].Records[0].Value = Bytes("ce")
	fresh := c.AppendTo(nil)
	assert.NotEqual(t, raw[crcOff:crcOff+4], fresh[crcOff:crcOff+4], "another value is encoded with its CRC")
	again, _, err := Decode(fresh, 0, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	assert.Equal(t, Bytes("ce"), again.Batches[0].Records[0].Value)
}
