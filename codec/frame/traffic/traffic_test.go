//go:build !js

package traffic

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/IBM/sarama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func TestRecord(t *testing.T) {
	exs, err := Record([]kgo.Opt{kgo.DefaultProduceTopic("t")}, func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Value: []byte("v")}).FirstErr())
	})
	require.NoError(t, err)
	seen := map[int16]bool{}
	for _, e := range exs {
		seen[e.APIKey] = true
		// Frames are whole, size prefix included, and paired by correlation id.
		assert.Equal(t, len(e.Request)-4, int(binary.BigEndian.Uint32(e.Request)))
		require.NotNil(t, e.Response, "%s", kmsg.NameForKey(e.APIKey))
		assert.Equal(t, e.CorrelationID, int32(binary.BigEndian.Uint32(e.Response[4:])))
		req, resp, err := e.Decode()
		require.NoError(t, err, "%s v%d", kmsg.NameForKey(e.APIKey), e.APIVersion)
		assert.Equal(t, e.APIKey, req.Key())
		assert.Equal(t, e.APIKey, resp.Key())
	}
	for _, k := range []int16{18, 3, 0} { // ApiVersions, Metadata, Produce
		assert.True(t, seen[k], "saw %s", kmsg.NameForKey(k))
	}
}

func TestOnlyLoopback(t *testing.T) {
	var r recorder
	_, err := r.listen("tcp", "0.0.0.0:0")
	assert.ErrorContains(t, err, "only 127.0.0.1")
}

// sarama, against the same cluster, speaking each of SaramaVersions: every
// API its producer, consumer, group and admin use is recorded, whole and
// paired, and the Produce requests carry batches in every compression the
// version has.
func TestRecordSarama(t *testing.T) {
	for _, version := range SaramaVersions {
		t.Run(version.String(), func(t *testing.T) {
			exs, err := RecordSarama(version)
			require.NoError(t, err)
			seen := map[int16]int{}
			codecs := map[int8]bool{}
			for _, e := range exs {
				seen[e.APIKey]++
				assert.Equal(t, len(e.Request)-4, int(binary.BigEndian.Uint32(e.Request)))
				req, resp, err := e.Decode()
				if e.Response == nil {
					assert.ErrorIs(t, err, ErrNoResponse)
					continue
				}
				require.NoError(t, err, "%s v%d", kmsg.NameForKey(e.APIKey), e.APIVersion)
				assert.Equal(t, e.APIKey, resp.Key())
				if p, ok := req.(*kmsg.ProduceRequest); ok {
					for _, tp := range p.Topics {
						for _, pp := range tp.Partitions {
							var b kmsg.RecordBatch
							require.NoError(t, b.ReadFrom(pp.Records))
							codecs[int8(b.Attributes&7)] = true
						}
					}
				}
			}
			for _, k := range []kmsg.Key{kmsg.ApiVersions, kmsg.Metadata, kmsg.Produce, kmsg.ListOffsets, kmsg.Fetch, kmsg.FindCoordinator, kmsg.JoinGroup,
				kmsg.SyncGroup, kmsg.Heartbeat, kmsg.OffsetFetch, kmsg.OffsetCommit, kmsg.LeaveGroup, kmsg.CreateTopics, kmsg.DeleteTopics,
				kmsg.DescribeConfigs, kmsg.ListGroups, kmsg.DescribeGroups} {
				assert.NotZero(t, seen[int16(k)], "saw %s", kmsg.NameForKey(int16(k)))
			}
			want := map[int8]bool{0: true, 1: true, 2: true, 3: true, 4: true} // none, gzip, snappy, lz4, zstd
			if !version.IsAtLeast(sarama.V2_1_0_0) {
				delete(want, 4)
			}
			assert.Equal(t, want, codecs)
		})
	}
}
