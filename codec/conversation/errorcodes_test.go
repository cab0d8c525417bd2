//go:build !js

package conversation_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A response's error codes are found anywhere in its body, as kmsg wrote
// them; a cut response keeps those before the cut; a request, and a
// response whose API is unknown, have none.
func TestFrameErrorCodes(t *testing.T) {
	resp := kmsg.NewPtrDeleteTopicsResponse()
	resp.Version = 6
	for _, e := range []struct {
		topic string
		code  int16
	}{{"orders", 0}, {"no-such-topic", 3}, {"locked", 41}} {
		r := kmsg.NewDeleteTopicsResponseTopic()
		r.Topic, r.ErrorCode = kmsg.StringPtr(e.topic), e.code
		resp.Topics = append(resp.Topics, r)
	}
	// A flexible response header: the correlation id, then no tagged fields.
	b := binary.BigEndian.AppendUint32(nil, 7)
	b = append(b, 0)
	b = resp.AppendTo(b)
	b = append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)

	api := schema.ByName("DeleteTopics")
	f := conversation.Frame{Dir: schema.Response, API: api, Version: 6, Bytes: b}
	assert.Equal(t, []int16{3, 41}, f.ErrorCodes())

	// Cut inside the third topic: the second's code was read.
	cut := f
	cut.Bytes, cut.Broken = b[:len(b)-8], "the capture lost the rest"
	assert.Equal(t, []int16{3}, cut.ErrorCodes())

	unknown := f
	unknown.API = nil
	assert.Empty(t, unknown.ErrorCodes())
	req := f
	req.Dir = schema.Request
	assert.Empty(t, req.ErrorCodes())

	assert.Equal(t, "UNKNOWN_TOPIC_OR_PARTITION", schema.ErrorName(3))
	assert.Equal(t, "error 9999", schema.ErrorName(9999))
}

// A Fetch response a capture's snap length cut inside its records keeps
// the error code of the partition before them.
func TestFrameErrorCodesCutFetch(t *testing.T) {
	resp := kmsg.NewPtrFetchResponse()
	resp.Version = 11 // not flexible: the header is the correlation id alone
	topic := kmsg.NewFetchResponseTopic()
	topic.Topic = "orders"
	for i, code := range []int16{1, 0} {
		p := kmsg.NewFetchResponseTopicPartition()
		p.Partition, p.ErrorCode = int32(i), code
		if code == 0 {
			p.RecordBatches = make([]byte, 500) // cut below, whatever they hold
		}
		topic.Partitions = append(topic.Partitions, p)
	}
	resp.Topics = append(resp.Topics, topic)
	b := resp.AppendTo(binary.BigEndian.AppendUint32(nil, 9))
	b = append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)

	f := conversation.Frame{Dir: schema.Response, API: schema.ByName("Fetch"), Version: 11, Bytes: b[:len(b)-300], Broken: "cut by the snap length"}
	assert.NotNil(t, f.Decode().Err)
	assert.Equal(t, []int16{1}, f.ErrorCodes())
}
