package records

import (
	"bytes"
)

// A compressed batch, or a compressed legacy wrapper, keeps the compressed
// bytes it was decoded from together with a hash of the records they hold.
// Encoding writes those bytes again while the records still hash the same,
// even when header fields changed, and compresses afresh only once the
// records did: another compressor (or the same one at another level or
// version) would write other bytes for the same records. JSON carries the
// kept bytes as "compressed"; reading it back, they are kept only if they
// decompress to exactly the records the JSON lists.

// recordsSum hashes what kept compressed records stand for: the codec and the records.
func recordsSum(codec Codec, recs []Record) uint64 {
	var f fingerprint
	f.add(uint64(codec))
	f.add(uint64(len(recs)))
	for i := range recs {
		f.record(&recs[i])
	}
	return f.total()
}

// messagesSum hashes what a wrapper's kept value stands for: the codec and the inner messages.
func messagesSum(codec Codec, msgs []*Message) uint64 {
	var f fingerprint
	f.add(uint64(codec))
	f.add(uint64(len(msgs)))
	for _, m := range msgs {
		f.message(m)
	}
	return f.total()
}

// keptRecords is the compressed payload b still holds for its records, or nil once they changed.
func (b *Batch) keptRecords() []byte {
	if b.kept == nil || recordsSum(b.Codec(), b.Records) != b.keptSum {
		return nil
	}
	return b.kept
}

// keepRecords keeps payload for b's records, after checking that it decompresses to
// exactly them; a payload that does not (the records were changed by hand, or
// the codec) is dropped, and the records will be compressed afresh.
func (b *Batch) keepRecords(payload []byte) {
	codec := b.Codec()
	if codec == CodecNone || payload == nil {
		return
	}
	b.xerial = bytes.HasPrefix(payload, xerialMagic) && codec == CodecSnappy
	plain, _, err := decompress(codec, payload, MaxDecompressed)
	if err != nil {
		return
	}
	recs, used, _, ok := parseRecords(plain, len(b.Records), len(b.Records)+MaxRecords)
	if !ok || used != len(plain) || len(recs) != len(b.Records) {
		return
	}
	for i := range recs {
		if !recordEqual(&recs[i], &b.Records[i]) {
			return
		}
	}
	b.kept, b.keptSum = payload, recordsSum(codec, b.Records)
}

// keptValue is the compressed value m still holds for its inner messages, or nil once they changed.
func (m *Message) keptValue() []byte {
	if !m.kept || messagesSum(Codec(m.Attributes&legacyAttrCodec), m.Messages) != m.keptSum {
		return nil
	}
	return m.Value
}

// keepValue keeps value as m's compressed value, after checking that it holds exactly m's inner messages.
func (m *Message) keepValue(value []byte) {
	codec := Codec(m.Attributes & legacyAttrCodec)
	if codec == CodecNone || value == nil || m.Messages == nil {
		return
	}
	readable, _ := legacyValue(codec, m.Magic, value)
	plain, _, err := decompress(codec, readable, MaxDecompressed)
	if err != nil {
		return
	}
	inner, used, ok := parseMessages(plain, len(m.Messages)+1)
	if !ok || used != len(plain) || len(inner) != len(m.Messages) {
		return
	}
	for i, im := range inner {
		if !messageEqual(im, m.Messages[i]) {
			return
		}
	}
	m.Value, m.kept, m.keptSum = value, true, messagesSum(codec, m.Messages)
}

func recordEqual(a, b *Record) bool {
	if a.Attributes != b.Attributes || a.TimestampDelta != b.TimestampDelta || a.OffsetDelta != b.OffsetDelta ||
		!bytesEqual(a.Key, b.Key) || !bytesEqual(a.Value, b.Value) || len(a.Headers) != len(b.Headers) {
		return false
	}
	for i := range a.Headers {
		if !bytesEqual(a.Headers[i].Key, b.Headers[i].Key) || !bytesEqual(a.Headers[i].Value, b.Headers[i].Value) {
			return false
		}
	}
	return true
}

// messageEqual compares what an inner message's JSON says; its CRC is computed, not said.
func messageEqual(a, b *Message) bool {
	return a.Offset == b.Offset && a.Magic == b.Magic && a.Attributes == b.Attributes && a.Timestamp == b.Timestamp &&
		bytesEqual(a.Key, b.Key) && bytesEqual(a.Value, b.Value) && a.Messages == nil && b.Messages == nil
}

// bytesEqual tells null from empty, as the wire does.
func bytesEqual(a, b []byte) bool {
	return (a == nil) == (b == nil) && bytes.Equal(a, b)
}
