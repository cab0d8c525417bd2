//go:build !js

package frame_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/frame/traffic"
)

// kgo's compressors write other bytes than kafkawire's for the same records
// (gzip and snappy do, at least): its batches, produced and fetched with every
// codec, still come back byte for byte through JSON.
func TestKgoCompressedThroughJSON(t *testing.T) {
	codecs := map[string]kgo.CompressionCodec{"gzip": kgo.GzipCompression(), "snappy": kgo.SnappyCompression(),
		"lz4": kgo.Lz4Compression(), "zstd": kgo.ZstdCompression()}
	var all []traffic.Exchange
	for name, codec := range codecs {
		topic := "kgo-" + name
		exs, err := traffic.Record([]kgo.Opt{
			kgo.ProducerBatchCompression(codec),
			kgo.ConsumeTopics(topic),
			kgo.FetchMaxWait(100 * time.Millisecond),
		}, func(ctx context.Context, cl *kgo.Client) {
			var recs []*kgo.Record
			for i := 0; i < 10; i++ {
				recs = append(recs, &kgo.Record{Topic: topic, Key: []byte{byte('a' + i)}, Value: []byte(strings.Repeat("compressible ", 10))})
			}
			require.NoError(t, cl.ProduceSync(ctx, recs...).FirstErr())
			for got := 0; got < len(recs) && ctx.Err() == nil; {
				got += cl.PollFetches(ctx).NumRecords()
			}
		})
		require.NoError(t, err, name)
		all = append(all, exs...)
	}
	rt := checkRecorded(t, "kgo", all, 0)
	for name := range codecs {
		found := 0
		for k, n := range rt.codecs {
			if strings.HasPrefix(k, name+" ") {
				found += n
			}
		}
		assert.GreaterOrEqual(t, found, 2, "%s: a Produce request and a Fetch response with compressed records; saw %v", name, rt.codecs)
	}
}
