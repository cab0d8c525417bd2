package frame_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// bigMetadata is a Metadata v12 response of topics x partitions, 3 replicas each.
func bigMetadata(tb testing.TB, topics, partitions int) (*message.Message, []byte, int) {
	api := schema.ByKey(3)
	m := message.Minimal(api, 12, schema.Response)
	tv, _ := m.Body.Get("Topics")
	tmpl := tv.([]any)[0].(*message.Struct)
	pv, _ := tmpl.Get("Partitions")
	ptmpl := pv.([]any)[0].(*message.Struct)
	ts := make([]any, topics)
	for i := range ts {
		t := message.Copy(tmpl).(*message.Struct)
		t.Set("Name", fmt.Sprintf("topic-%04d", i))
		t.Set("TopicId", message.UUID{byte(i >> 8), byte(i), 1})
		ps := make([]any, partitions)
		for j := range ps {
			p := message.Copy(ptmpl).(*message.Struct)
			p.Set("PartitionIndex", int32(j))
			p.Set("LeaderId", int32(j%3+1))
			p.Set("LeaderEpoch", int32(7))
			p.Set("ReplicaNodes", []any{int32(1), int32(2), int32(3)})
			p.Set("IsrNodes", []any{int32(1), int32(2), int32(3)})
			p.Set("OfflineReplicas", []any{})
			ps[j] = p
		}
		t.Set("Partitions", ps)
		ts[i] = t
	}
	m.Body.Set("Topics", ts)
	b, err := frame.Encode(m)
	require.NoError(tb, err)
	d := frame.Decode(b, api, 12, schema.Response)
	require.Nil(tb, d.Err)
	return d.Msg, b, bodyNode(tb, d).Off
}

// TestBigMetadataWithKmsg checks the benchmark's message is one kmsg agrees on.
func TestBigMetadataWithKmsg(t *testing.T) {
	_, b, off := bigMetadata(t, 50, 10)
	k := &kmsg.MetadataResponse{Version: 12}
	require.NoError(t, k.ReadFrom(b[off:]))
	require.Len(t, k.Topics, 50)
	require.Len(t, k.Topics[49].Partitions, 10)
	require.Equal(t, []int32{1, 2, 3}, k.Topics[49].Partitions[9].Replicas)
	require.Equal(t, b[off:], k.AppendTo(nil))
}

func BenchmarkDecode(b *testing.B) {
	m, fb, off := bigMetadata(b, 1000, 10)
	body := fb[off:]
	b.Run("metadata-1000x10/impl=kafkawire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if d := frame.Decode(fb, m.API, 12, schema.Response); d.Err != nil {
				b.Fatal(d.Err)
			}
		}
	})
	b.Run("metadata-1000x10/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			k := &kmsg.MetadataResponse{Version: 12}
			if err := k.ReadFrom(body); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkEncode(b *testing.B) {
	m, fb, off := bigMetadata(b, 1000, 10)
	body := fb[off:]
	k := &kmsg.MetadataResponse{Version: 12}
	require.NoError(b, k.ReadFrom(body))
	b.Run("metadata-1000x10/impl=kafkawire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if _, err := frame.Encode(m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("metadata-1000x10/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			k.AppendTo(nil)
		}
	})
}

// sweepCase is one minimal message of the sweep, with kmsg's value of it.
type sweepCase struct {
	in     instance
	msg    *message.Message
	b      []byte
	body   []byte
	k      kmsgBody
	header int16 // the frame's header version
}

// TestSweepKmsgFrames checks, as the sweep's setup does, that kmsg's
// whole frame of every case is byte for byte kafkawire's: the benchmark
// compares the same work.
func TestSweepKmsgFrames(t *testing.T) {
	cs, _ := sweepCases(t)
	assert.Len(t, cs, 734)
}

// kmsgFrame writes the case's frame as a program using kmsg would: kmsg
// encodes bodies only, so the size and header are appended around it, as
// fixed code (kmsg's RequestFormatter does the same for requests, but
// writes no body for ControlledShutdown v0 and nothing for responses).
func (c *sweepCase) kmsgFrame(dst []byte) []byte {
	dst = append(dst, 0, 0, 0, 0) // the size, patched below
	if c.in.dir == schema.Request {
		dst = binary.BigEndian.AppendUint16(dst, uint16(c.in.api.Key))
		dst = binary.BigEndian.AppendUint16(dst, uint16(c.in.v))
	}
	dst = append(dst, 0, 0, 0, 0) // correlation id 0
	if c.in.dir == schema.Request && c.header >= 1 {
		dst = append(dst, 0, 0) // an empty client id
	}
	if c.header == 2 || c.in.dir == schema.Response && c.header == 1 {
		dst = append(dst, 0) // no tagged fields
	}
	dst = c.k.AppendTo(dst)
	binary.BigEndian.PutUint32(dst, uint32(len(dst)-4))
	return dst
}

// sweepCases are the minimal instances kmsg knows (734 of 736), so both sides do the same work.
func sweepCases(b testing.TB) ([]sweepCase, int) {
	var cs []sweepCase
	total := 0
	for _, in := range allInstances() {
		if _, unknown := kmsgUnknown[unknownKey(in)]; unknown {
			continue
		}
		m := message.Minimal(in.api, in.v, in.dir)
		fb, err := frame.Encode(m)
		require.NoError(b, err)
		d := frame.Decode(fb, in.api, in.v, in.dir)
		require.Nil(b, d.Err)
		body := fb[bodyNode(b, d).Off:]
		k := kmsgFor(in)
		k.SetVersion(in.v)
		require.NoError(b, k.ReadFrom(body))
		c := sweepCase{in, m, fb, body, k, schema.HeaderVersion(in.api, in.v, in.dir)}
		require.Equal(b, fb, c.kmsgFrame(nil), "%s v%d %s: kmsg's frame is kafkawire's", in.api.Name, in.v, in.dir)
		cs = append(cs, c)
		total += len(body)
	}
	return cs, total
}

func BenchmarkSweep(b *testing.B) {
	cs, total := sweepCases(b)
	b.Run("decode/impl=kafkawire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(total))
		for b.Loop() {
			for _, c := range cs {
				if d := frame.Decode(c.b, c.in.api, c.in.v, c.in.dir); d.Err != nil {
					b.Fatal(d.Err)
				}
			}
		}
	})
	b.Run("decode/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(total))
		for b.Loop() {
			for _, c := range cs {
				k := kmsgFor(c.in)
				k.SetVersion(c.in.v)
				if err := k.ReadFrom(c.body); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("encode/impl=kafkawire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(total))
		for b.Loop() {
			for _, c := range cs {
				if _, err := frame.Encode(c.msg); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("encode/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(total))
		for b.Loop() {
			for i := range cs {
				// A buffer of the frame's size, as kafkawire's encode sizes
				// its own from the encode before (and kgo reuses one).
				cs[i].kmsgFrame(make([]byte, 0, max(64, len(cs[i].b))))
			}
		}
	})
	// kmsg's bodies alone, as this row was measured until kmsg was given
	// the same work (size and header too).
	b.Run("encode-body/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(total))
		for b.Loop() {
			for _, c := range cs {
				c.k.AppendTo(nil)
			}
		}
	})
}
