package bigframe

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// The big Fetch response is about 1 MiB, decodes cleanly, and kmsg reads
// every batch and record of it.
func TestFetch(t *testing.T) {
	m := Fetch()
	b, err := frame.Encode(m)
	require.NoError(t, err)
	t.Logf("%d bytes", len(b))
	require.InDelta(t, 1<<20, len(b), 100<<10)
	d := frame.Decode(b, m.API, FetchVersion, schema.Response)
	require.Nil(t, d.Err)
	b2, err := frame.Encode(m)
	require.NoError(t, err)
	require.Equal(t, b, b2, "deterministic")

	k := kmsg.NewPtrFetchResponse()
	k.Version = FetchVersion
	require.NoError(t, k.ReadFrom(b[4+5:]))
	n := 0
	for _, p := range k.Topics[0].Partitions {
		raw := p.RecordBatches
		for len(raw) > 0 {
			var batch kmsg.RecordBatch
			require.NoError(t, batch.ReadFrom(raw))
			n += int(batch.NumRecords)
			raw = raw[12+batch.Length:]
		}
	}
	require.Equal(t, Records, n)
}

func TestCompressedFetch(t *testing.T) {
	m := CompressedFetch()
	b, err := frame.Encode(m)
	require.NoError(t, err)
	d := frame.Decode(b, m.API, FetchVersion, schema.Response)
	require.Nil(t, d.Err)
	require.Len(t, d.Bufs, 2, "the frame and one decompressed buffer")
}
