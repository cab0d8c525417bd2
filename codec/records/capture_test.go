//go:build !js

package records

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame/traffic"
)

// Regenerate the committed captures with:
//
//	go test ./codec/records/ -run TestCaptured -update
var update = flag.Bool("update", false, "rewrite testdata/*.records from a live kfake capture")

// capturedField is one records field found in a captured frame.
type capturedField struct {
	frame []byte
	off   int // where the records bytes start in the frame
	kind  string
	b     []byte
}

// recordsFields pulls every non-empty records field out of the captured Produce requests
// and Fetch responses, reading the frames with kmsg, an independent decoder.
func recordsFields(t *testing.T, exs []traffic.Exchange) (out []capturedField) {
	t.Helper()
	add := func(frame, b []byte, kind string) {
		if len(b) == 0 {
			return
		}
		off := bytes.Index(frame, b)
		require.GreaterOrEqual(t, off, 0)
		out = append(out, capturedField{frame, off, kind, b})
	}
	for _, e := range exs {
		if e.APIKey != 0 && e.APIKey != 1 {
			continue
		}
		req, resp, err := e.Decode()
		if err != nil && err != traffic.ErrNoResponse {
			require.NoError(t, err)
		}
		switch r := req.(type) {
		case *kmsg.ProduceRequest:
			for _, tp := range r.Topics {
				for _, p := range tp.Partitions {
					add(e.Request, p.Records, "produce")
				}
			}
		}
		if f, ok := resp.(*kmsg.FetchResponse); ok {
			for _, tp := range f.Topics {
				for _, p := range tp.Partitions {
					add(e.Response, p.RecordBatches, "fetch")
				}
			}
		}
	}
	return out
}

var ts0 = time.UnixMilli(1_700_000_000_000)

// testRecords covers keys, values, headers, nulls, empties and binary data.
func testRecords(topic string) []*kgo.Record {
	long := strings.Repeat("kafkawire compresses well ", 40)
	return []*kgo.Record{
		{Topic: topic, Key: []byte("k0"), Value: []byte("v0"), Timestamp: ts0},
		{Topic: topic, Key: nil, Value: []byte("null key"), Timestamp: ts0.Add(1 * time.Millisecond)},
		{Topic: topic, Key: []byte("null value"), Value: nil, Timestamp: ts0.Add(2 * time.Millisecond)},
		{Topic: topic, Key: []byte{}, Value: []byte{}, Timestamp: ts0.Add(3 * time.Millisecond)},
		{Topic: topic, Key: []byte{0, 0xff, 0x80}, Value: []byte(long), Timestamp: ts0.Add(200 * time.Millisecond),
			Headers: []kgo.RecordHeader{{Key: "h1", Value: []byte("x")}, {Key: "trace", Value: nil}, {Key: "bin", Value: []byte{1, 2, 0xfe}}}},
	}
}

type capCase struct {
	name string
	opts []kgo.Opt
	txn  bool
}

var capCases = []capCase{
	{"none", []kgo.Opt{kgo.ProducerBatchCompression(kgo.NoCompression())}, false},
	{"gzip", []kgo.Opt{kgo.ProducerBatchCompression(kgo.GzipCompression())}, false},
	{"snappy", []kgo.Opt{kgo.ProducerBatchCompression(kgo.SnappyCompression())}, false},
	{"lz4", []kgo.Opt{kgo.ProducerBatchCompression(kgo.Lz4Compression())}, false},
	{"zstd", []kgo.Opt{kgo.ProducerBatchCompression(kgo.ZstdCompression())}, false},
	{"txn", []kgo.Opt{kgo.ProducerBatchCompression(kgo.NoCompression()), kgo.TransactionalID("kafkawire-tx")}, true},
}

func TestCaptured(t *testing.T) {
	for _, c := range capCases {
		t.Run(c.name, func(t *testing.T) {
			topic := "t-" + c.name
			want := testRecords(topic)
			opts := append([]kgo.Opt{
				kgo.ManualFlushing(),
				kgo.ConsumeTopics(topic),
				kgo.FetchIsolationLevel(kgo.ReadCommitted()),
				kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
				kgo.FetchMaxWait(200 * time.Millisecond),
			}, c.opts...)
			// One partition, so all records land in one batch that is big enough for kgo to compress.
			o := traffic.Options{Cluster: []kfake.Opt{kfake.DefaultNumPartitions(1)}, Client: opts}
			exs, err := traffic.RecordWith(o, func(ctx context.Context, cl *kgo.Client) {
				if c.txn {
					require.NoError(t, cl.BeginTransaction())
				}
				for _, r := range want {
					cl.Produce(ctx, r, func(_ *kgo.Record, err error) { assert.NoError(t, err) })
				}
				require.NoError(t, cl.Flush(ctx))
				if c.txn {
					require.NoError(t, cl.EndTransaction(ctx, kgo.TryCommit))
				}
				got := 0
				for got < len(want) && ctx.Err() == nil {
					fs := cl.PollFetches(ctx)
					fs.EachError(func(_ string, _ int32, err error) { t.Logf("fetch: %v", err) })
					got += fs.NumRecords()
				}
				require.Equal(t, len(want), got)
			})
			if err != nil {
				t.Fatal(err)
			}
			fields := recordsFields(t, exs)
			var sawProduce, sawFetch, sawControl bool
			var stored [][]byte
			// The records, in order, across the batches of the produce
			// requests and of the fetch responses: kgo may cut the five
			// into two batches, when the topic's metadata arrives after
			// the flush began (once in a few hundred runs, on a busy machine).
			seen := map[string]int{}
			// Where each batch's records begin among them, by kind and the
			// batch's place (a produce's first sequence number, a fetch's
			// first offset): a batch sent or fetched again is the same.
			began := map[string]map[int64]int{"produce": {}, "fetch": {}}
			coded := map[string]bool{} // a batch of each kind in the run's codec
			for _, f := range fields {
				sawProduce = sawProduce || f.kind == "produce"
				sawFetch = sawFetch || f.kind == "fetch"
				bufs := [][]byte{f.frame}
				set, nodes, err := Decode(f.b, f.off, &bufs, Options{})
				require.Nil(t, err, "%s", f.kind)
				require.NotEmpty(t, set.Batches)
				assertNoWarnings(t, nodes)
				assert.Equal(t, f.b, set.AppendTo(nil), "unedited re-encode is byte for byte")
				for _, b := range set.Batches {
					if b.Attributes&attrControl != 0 {
						sawControl = true
						require.Len(t, b.Records, 1)
						assert.Equal(t, "COMMIT", controlType(b.Records[0].Key))
						continue
					}
					wantCodec := wantCodecOf(c)
					if b.Codec().String() == wantCodec {
						coded[f.kind] = true
					} else {
						// kgo leaves a batch uncompressed that compressing
						// would not shrink: one cut off ahead of the rest.
						assert.True(t, b.Codec().String() == "none" && len(b.Records) < len(want),
							"%s: a batch of %d records in %s, not %s", f.kind, len(b.Records), b.Codec(), wantCodec)
					}
					place := b.BaseOffset
					if f.kind == "produce" {
						place = int64(b.BaseSequence)
					}
					at, again := began[f.kind][place]
					if !again {
						at = seen[f.kind]
						began[f.kind][place] = at
						seen[f.kind] += len(b.Records)
					}
					require.LessOrEqual(t, at+len(b.Records), len(want), "%s: more records than produced", f.kind)
					assertRecords(t, want[at:at+len(b.Records)], b)
					assert.Equal(t, c.txn, b.Attributes&attrTransactional != 0)
				}
				assertEditAccepted(t, set)
				stored = append(stored, f.b)
			}
			assert.Equal(t, map[string]int{"produce": len(want), "fetch": len(want)}, seen, "every record produced and fetched, once")
			assert.Equal(t, map[string]bool{"produce": true, "fetch": true}, coded, "a batch of each kind in %s", wantCodecOf(c))
			assert.True(t, sawProduce, "a produce request with records")
			assert.True(t, sawFetch, "a fetch response with records")
			assert.Equal(t, c.txn, sawControl, "commit marker only in the transactional run")
			if *update {
				writeCaptures(t, c.name, stored)
			}
		})
	}
}

// wantCodecOf is the codec the run's batches of records are in.
func wantCodecOf(c capCase) string {
	if c.txn {
		return "none"
	}
	return c.name
}

func assertRecords(t *testing.T, want []*kgo.Record, b *Batch) {
	t.Helper()
	require.Len(t, b.Records, len(want))
	for i, r := range b.Records {
		w := want[i]
		assert.Equal(t, w.Key == nil, r.Key == nil, "record %d key null", i)
		assert.Equal(t, string(w.Key), string(r.Key), "record %d key", i)
		assert.Equal(t, w.Value == nil, r.Value == nil, "record %d value null", i)
		assert.Equal(t, string(w.Value), string(r.Value), "record %d value", i)
		assert.Equal(t, w.Timestamp.UnixMilli(), b.BaseTimestamp+r.TimestampDelta, "record %d timestamp", i)
		require.Len(t, r.Headers, len(w.Headers))
		for j, h := range r.Headers {
			assert.Equal(t, w.Headers[j].Key, string(h.Key))
			assert.Equal(t, w.Headers[j].Value == nil, h.Value == nil)
			assert.Equal(t, string(w.Headers[j].Value), string(h.Value))
		}
	}
}

// assertEditAccepted edits every batch and checks kmsg reads the re-encoded bytes, with a CRC
// computed here, independently of the package.
func assertEditAccepted(t *testing.T, set *Set) {
	t.Helper()
	edited := &Set{}
	for _, b := range set.Batches {
		nb := *b
		nb.Records = append([]Record(nil), b.Records...)
		if len(nb.Records) > 0 && b.Attributes&attrControl == 0 {
			nb.Records[0].Value = Bytes("edited value, longer than before")
		}
		nb.BaseOffset += 100
		edited.Batches = append(edited.Batches, &nb)
	}
	enc := edited.AppendTo(nil)
	for p := 0; p < len(enc); {
		var kb kmsg.RecordBatch
		require.NoError(t, kb.ReadFrom(enc[p:]))
		end := p + 12 + int(kb.Length)
		assert.Equal(t, uint32(kb.CRC), crc32.Checksum(enc[p+21:end], crc32.MakeTable(crc32.Castagnoli)))
		p = end
	}
	// And our decoder reads the edit back.
	s2, _, err := Decode(enc, 0, nil, Options{})
	require.Nil(t, err)
	for i, b := range s2.Batches {
		if len(b.Records) > 0 && b.Attributes&attrControl == 0 {
			assert.Equal(t, "edited value, longer than before", string(b.Records[0].Value), "batch %d", i)
		}
	}
}

func writeCaptures(t *testing.T, name string, fields [][]byte) {
	for i, b := range fields {
		p := filepath.Join("testdata", fmt.Sprintf("%s-%d.records", name, i))
		require.NoError(t, os.WriteFile(p, b, 0o644))
	}
}
