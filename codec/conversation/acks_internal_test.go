package conversation

import (
	"bytes"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// fieldBefore reads a Produce request's acks as the decoder does, at every
// version, with a client id and a transactional id in the way (and a
// tagged field in a flexible header); a frame cut before its acks does
// not say it.
func TestFieldBeforeReadsAcks(t *testing.T) {
	api := schema.ByName("Produce")
	for _, v := range api.Versions(schema.Request) {
		for _, acks := range []int16{0, 1, -1} {
			m := message.Minimal(api, v, schema.Request)
			m.Header.Set("ClientId", "producer-1")
			if _, ok := m.Body.Get("TransactionalId"); ok {
				m.Body.Set("TransactionalId", "tx-1")
			}
			m.Body.Set("Acks", acks)
			if schema.HeaderVersion(api, v, schema.Request) >= 2 {
				m.Header.Unknown = append(m.Header.Unknown, message.Tagged{Tag: 7, Data: []byte{1, 2, 3}})
			}
			b, err := frame.Encode(m)
			require.NoError(t, err, "v%d", v)
			d := frame.Decode(b, api, v, schema.Request)
			require.Nil(t, d.Err, "v%d", v)
			want, _ := d.Msg.Body.Get("Acks")
			got, ok := fieldBefore(b, api.Shape(schema.Request, v), "Acks")
			require.True(t, ok, "v%d", v)
			assert.Equal(t, want, int16(got), "v%d", v)
			f := Frame{Dir: schema.Request, API: api, Version: v, Bytes: b}
			assert.Equal(t, acks != 0, f.AnswerExpected(), "v%d acks %d", v, acks)

			// Cut inside its acks: not known (and an answer expected).
			end := 0
			for end = 4; end <= len(b); end++ {
				if _, ok := fieldBefore(b[:end], api.Shape(schema.Request, v), "Acks"); ok {
					break
				}
			}
			require.Less(t, end, len(b), "v%d: the acks are read before the records", v)
			_, ok = fieldBefore(b[:end-1], api.Shape(schema.Request, v), "Acks")
			assert.False(t, ok, "v%d cut at %d", v, end-1)
		}
	}
}

// fieldBefore reads a Fetch request's MaxWaitMs at every version, past
// its replica id (and, from v12, a cluster id in a tagged field).
func TestFieldBeforeReadsMaxWait(t *testing.T) {
	api := schema.ByName("Fetch")
	for _, v := range api.Versions(schema.Request) {
		m := message.Minimal(api, v, schema.Request)
		m.Header.Set("ClientId", "consumer-1")
		m.Body.Set("MaxWaitMs", int32(500))
		if _, ok := m.Body.Get("ClusterId"); ok {
			m.Body.Set("ClusterId", "cluster")
		}
		b, err := frame.Encode(m)
		require.NoError(t, err, "v%d", v)
		got, ok := fieldBefore(b, api.Shape(schema.Request, v), "MaxWaitMs")
		require.True(t, ok, "v%d", v)
		assert.Equal(t, int64(500), got, "v%d", v)
	}
}

// A string length below -1, which no decoder accepts, reads no field
// after it.
func TestFieldBeforeRefusesBadLengths(t *testing.T) {
	api := schema.ByName("Produce")
	m := message.Minimal(api, 3, schema.Request)
	m.Body.Set("TransactionalId", "tx")
	b, err := frame.Encode(m)
	require.NoError(t, err)
	_, ok := fieldBefore(b, api.Shape(schema.Request, 3), "Acks")
	require.True(t, ok)
	at := len(b) - len(b[bytes.Index(b, []byte("tx"))-2:]) // the transactional id's length
	b[at], b[at+1] = 0xff, 0xfe                            // -2
	_, ok = fieldBefore(b, api.Shape(schema.Request, 3), "Acks")
	assert.False(t, ok)
}

// A timestamp far from the others keeps its stamp positive and ordered.
func TestStampSaturates(t *testing.T) {
	base := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	far := stampFrom(base, time.Unix(1<<40, 0))
	assert.Equal(t, int64(math.MaxInt64), far)
	assert.Less(t, stampFrom(base, base.Add(time.Hour)), far)
	assert.Equal(t, int64(1), stampFrom(base, base.Add(-time.Hour)), "before the base: its start")
	assert.Zero(t, stampFrom(base, time.Time{}))
}
