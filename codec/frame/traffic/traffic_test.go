//go:build !js

package traffic

import (
	"context"
	"encoding/binary"
	"testing"

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
