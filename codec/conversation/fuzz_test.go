package conversation_test

import (
	"bytes"
	"testing"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// Find never panics on any pair of streams with any gaps, and what it
// gives is consistent: every frame's bytes are its stream's, and pairs
// point at each other.
func FuzzFind(f *testing.F) {
	req, _ := frame.Encode(message.Minimal(schema.ByName("DescribeProducers"), 0, schema.Request))
	resp, _ := frame.Encode(message.Minimal(schema.ByName("DescribeProducers"), 0, schema.Response))
	f.Add(append(req, req...), resp, uint16(0), uint8(0))
	f.Add(req, append(resp, resp...), uint16(30), uint8(5))
	f.Add(append([]byte{9, 9, 9}, req...), resp[3:], uint16(2), uint8(200))
	f.Fuzz(func(t *testing.T, client, server []byte, gapAt uint16, gapLen uint8) {
		streams := []source.Stream{
			{Bytes: client, Conn: "a:1>b:2", Dir: source.ClientToServer},
			{Bytes: server, Conn: "a:1>b:2", Dir: source.ServerToClient},
			{Bytes: server, Conn: "c:3>d:4"}, // direction unknown
			{Bytes: client},                  // pasted
		}
		if int(gapAt) < len(client) && gapLen > 0 {
			streams[0].Gaps = []source.Gap{{Off: int(gapAt), Len: int(gapLen)}}
		}
		res := conversation.Find(source.Input{Streams: streams}, conversation.Options{})
		for i, fr := range res.All() {
			s := streams[fr.Stream].Bytes
			if fr.Off < 0 || fr.Off+len(fr.Bytes) > len(s) || !bytes.Equal(s[fr.Off:fr.Off+len(fr.Bytes)], fr.Bytes) {
				t.Fatalf("frame %d is not its stream's bytes at %d", i, fr.Off)
			}
			if fr.Pair >= 0 && res.Frame(fr.Pair).Pair != i {
				t.Fatalf("frame %d pairs with %d, which pairs with %d", i, fr.Pair, res.Frame(fr.Pair).Pair)
			}
			fr.Decode()
		}
	})
}
