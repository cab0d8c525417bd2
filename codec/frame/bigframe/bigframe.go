// Package bigframe builds the large, deterministic frames that the benchmarks and the browser tests load.
package bigframe

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// FetchVersion is the version of the Fetch response Fetch builds.
const FetchVersion = 16

// Shape of the 1 MiB Fetch response: one topic, Partitions partitions,
// BatchesPer batches of RecordsPer records each, every record about 210 bytes
// (a 9-byte key, a JSON-ish value, one header), uncompressed.
const (
	Partitions = 5
	BatchesPer = 10
	RecordsPer = 100
	Records    = Partitions * BatchesPer * RecordsPer
)

// Fetch is a Fetch v16 response of about 1 MiB holding 5,000 records in 50 batches.
func Fetch() *message.Message {
	return fetch(func(p, b int) records.Codec { return records.CodecNone })
}

// CompressedFetch is a small Fetch v16 response with two batches: the first
// zstd-compressed, the second plain, so the records of one live in a
// decompressed buffer of their own.
func CompressedFetch() *message.Message {
	m := message.Minimal(schema.ByName("Fetch"), FetchVersion, schema.Response)
	topics, _ := m.Body.Get("Responses")
	t := topics.([]any)[0].(*message.Struct)
	t.Set("TopicId", message.UUID{0x6b, 0x61, 0x66, 0x6b, 0x61})
	parts, _ := t.Get("Partitions")
	p := parts.([]any)[0].(*message.Struct)
	p.Set("AbortedTransactions", nil)
	p.Set("HighWatermark", int64(6))
	p.Set("Records", &records.Set{Batches: []*records.Batch{
		batch(0, 0, 3, records.CodecZstd),
		batch(3, 1, 3, records.CodecNone),
	}})
	return m
}

func fetch(codec func(p, b int) records.Codec) *message.Message {
	m := message.Minimal(schema.ByName("Fetch"), FetchVersion, schema.Response)
	topics, _ := m.Body.Get("Responses")
	t := topics.([]any)[0].(*message.Struct)
	t.Set("TopicId", message.UUID{0x6b, 0x61, 0x66, 0x6b, 0x61, 0x77, 0x69, 0x72, 0x65})
	parts, _ := t.Get("Partitions")
	tmpl := parts.([]any)[0].(*message.Struct)
	ps := make([]any, Partitions)
	for pi := range ps {
		p := message.Copy(tmpl).(*message.Struct)
		p.Set("PartitionIndex", int32(pi))
		p.Set("HighWatermark", int64(BatchesPer*RecordsPer))
		p.Set("LastStableOffset", int64(BatchesPer*RecordsPer))
		p.Set("AbortedTransactions", nil)
		set := &records.Set{}
		for bi := range BatchesPer {
			set.Batches = append(set.Batches, batch(int64(bi*RecordsPer), pi*BatchesPer+bi, RecordsPer, codec(pi, bi)))
		}
		p.Set("Records", set)
		ps[pi] = p
	}
	t.Set("Partitions", ps)
	return m
}

// batch is n records starting at offset base, their content a function of
// seed and index only, so every run builds the same bytes.
func batch(base int64, seed, n int, codec records.Codec) *records.Batch {
	const ts = 1_700_000_000_000
	b := &records.Batch{
		Magic: 2, BaseOffset: base, PartitionLeaderEpoch: 3,
		Attributes: int16(codec), BaseTimestamp: ts + base*10, MaxTimestamp: ts + (base+int64(n)-1)*10,
		ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1,
	}
	for i := range n {
		id := int(base) + i
		b.Records = append(b.Records, records.Record{
			OffsetDelta:    int32(i),
			TimestampDelta: int64(i * 10),
			Key:            records.Bytes("order-" + pad(id, 5)),
			Value:          records.Bytes(value(seed, id)),
			Headers:        []records.Header{{Key: records.Bytes("trace"), Value: records.Bytes(pad(seed*7919+id, 8))}},
		})
	}
	return b
}

func value(seed, id int) string {
	var s strings.Builder
	s.WriteString(`{"order":`)
	s.WriteString(strconv.Itoa(id))
	s.WriteString(`,"customer":"c-`)
	s.WriteString(pad((id*7+seed)%9973, 4))
	s.WriteString(`","items":[`)
	for i := range 3 {
		if i > 0 {
			s.WriteByte(',')
		}
		s.WriteString(`{"sku":"SKU-`)
		s.WriteString(pad((id*31+i*17)%100000, 5))
		s.WriteString(`","qty":`)
		s.WriteString(strconv.Itoa(1 + (id+i)%9))
		s.WriteString(`,"price":`)
		s.WriteString(strconv.Itoa(100 + (id*13+i)%5000))
		s.WriteByte('}')
	}
	s.WriteString(`],"note":"test"}`)
	return s.String()
}

func pad(n, w int) string {
	s := strconv.Itoa(n)
	if len(s) < w {
		s = strings.Repeat("0", w-len(s)) + s
	}
	return s
}
