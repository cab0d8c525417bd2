//go:build !js

package frame_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// DecodeFields reads every frame of kgo's traffic (records produced and
// fetched with each codec, and a topic deleted that does not exist, whose
// response carries an error code) as Decode does, field for field, but
// leaves the record batches unread: the same error codes and topics, the
// same nodes outside the records fields, nothing decompressed, and a
// message that encodes back to the frame's bytes.
func TestDecodeFieldsLeavesRecordsUnread(t *testing.T) {
	var all []traffic.Exchange
	for _, codec := range []kgo.CompressionCodec{kgo.NoCompression(), kgo.GzipCompression(), kgo.SnappyCompression(), kgo.Lz4Compression(), kgo.ZstdCompression()} {
		topic := fmt.Sprintf("fields-%d", len(all))
		exs, err := traffic.Record([]kgo.Opt{
			kgo.ProducerBatchCompression(codec),
			kgo.ConsumeTopics(topic),
			kgo.FetchMaxWait(100 * time.Millisecond),
		}, func(ctx context.Context, cl *kgo.Client) {
			var recs []*kgo.Record
			for i := range 10 {
				recs = append(recs, &kgo.Record{Topic: topic, Key: []byte{byte('a' + i)}, Value: []byte(strings.Repeat("compressible ", 10))})
			}
			require.NoError(t, cl.ProduceSync(ctx, recs...).FirstErr())
			for got := 0; got < len(recs) && ctx.Err() == nil; {
				got += cl.PollFetches(ctx).NumRecords()
			}
			require.NoError(t, traffic.DeleteMissingTopic(ctx, cl))
		})
		require.NoError(t, err)
		all = append(all, exs...)
	}
	unread, errorCodes := 0, 0
	for _, ex := range all {
		api := schema.ByKey(ex.APIKey)
		for _, fr := range []struct {
			b   []byte
			dir schema.Direction
		}{{ex.Request, schema.Request}, {ex.Response, schema.Response}} {
			if fr.b == nil {
				continue
			}
			what := fmt.Sprintf("%s v%d %s", api.Name, ex.APIVersion, fr.dir)
			full := frame.Decode(fr.b, api, ex.APIVersion, fr.dir)
			fields := frame.DecodeFields(fr.b, api, ex.APIVersion, fr.dir)
			require.Nil(t, full.Err, what)
			require.Nil(t, fields.Err, what)
			assert.Equal(t, full.Msg.ErrorCodes(), fields.Msg.ErrorCodes(), what)
			names, ids := full.Msg.Topics()
			fnames, fids := fields.Msg.Topics()
			assert.Equal(t, names, fnames, what)
			assert.Equal(t, ids, fids, what)
			assert.Len(t, fields.Bufs, 1, "%s: nothing decompressed", what)
			again, err := frame.Encode(fields.Msg)
			require.NoError(t, err, what)
			assert.Equal(t, fr.b, again, "%s: the batches, as bytes, encode back as they were", what)
			if len(full.Bufs) > 1 {
				unread++
			}
			for _, c := range full.Msg.ErrorCodes() {
				if c != 0 {
					errorCodes++
				}
			}
			assert.Equal(t, outsideRecords(full.Tree), outsideRecords(fields.Tree), what)
		}
	}
	t.Logf("%d frames decompressed by Decode", unread)
	assert.GreaterOrEqual(t, unread, 8, "Produce requests and Fetch responses of the four codecs, whose batches Decode decompressed")
	assert.Positive(t, errorCodes, "the DeleteTopics response's error code")
}

// outsideRecords lists the nodes of a tree, but those inside records
// fields, and those fields' values: what Decode and DecodeFields agree on.
func outsideRecords(tree *layout.Node) []string {
	var out []string
	tree.Walk(func(n *layout.Node, depth int) bool {
		records := n.Type == "records" || strings.HasSuffix(n.Type, " records")
		v := n.Value
		if records {
			v = ""
		}
		out = append(out, fmt.Sprintf("%*s%s %s %s [%d,%d) %d", depth, "", n.Name, n.Type, v, n.Off, n.End, n.Region))
		return !records
	})
	return out
}
