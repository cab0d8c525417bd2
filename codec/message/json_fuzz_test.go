package message_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// FuzzJSON checks that whatever JSON encodes, decodes: once a message's JSON
// reads and encodes, its bytes decode cleanly, the decoded message encodes to
// the same bytes, and its JSON reads back and encodes to them again.
func FuzzJSON(f *testing.F) {
	for _, js := range seedJSON(f) {
		f.Add(js)
	}
	f.Fuzz(func(t *testing.T, js []byte) {
		named, err := message.NamedInJSON(js)
		if err != nil || named.API == nil || named.Version < 0 || !named.HasDir {
			return
		}
		m, err := message.FromJSON(js, named.API, named.Version, named.Dir)
		if err != nil {
			return
		}
		b, err := frame.Encode(m)
		if err != nil {
			return // the first encode may refuse (a value too long for its field); nothing after it may fail
		}
		d := frame.Decode(b, m.API, m.Version, m.Dir)
		if d.Err != nil {
			t.Fatalf("the JSON encodes to bytes that do not decode: %v\njson %s\nbytes %x", d.Err, js, b)
		}
		again, err := frame.Encode(d.Msg)
		if err != nil || !bytes.Equal(again, b) {
			t.Fatalf("decoded and encoded again, the bytes differ (%v):\n got %x\nwant %x\njson %s", err, again, b, js)
		}
		js2, err := json.Marshal(d.Msg)
		if err != nil {
			t.Fatalf("the decoded message does not write as JSON: %v\njson %s", err, js)
		}
		m2, err := message.FromJSON(js2, m.API, m.Version, m.Dir)
		if err != nil {
			t.Fatalf("the decoded message's JSON does not read: %v\nfirst %s\nthen  %s", err, js, js2)
		}
		third, err := frame.Encode(m2)
		if err != nil || !bytes.Equal(third, b) {
			t.Fatalf("through JSON again, the bytes differ (%v):\n got %x\nwant %x\nfirst %s\nthen  %s", err, third, b, js, js2)
		}
	})
}

// seedJSON is the JSON of real frames: Produce requests carrying each record
// set kgo and the legacy clients wrote (codec/records/testdata), a Fetch
// request kmsg wrote, a minimal instance of every API's latest versions, and
// legacy message sets written by hand.
func seedJSON(tb testing.TB) [][]byte {
	var seeds [][]byte
	add := func(m *message.Message) {
		js, err := json.Marshal(m)
		if err != nil {
			tb.Fatal(err)
		}
		seeds = append(seeds, js)
	}
	files, _ := filepath.Glob("../records/testdata/*.records")
	for _, p := range files {
		batch, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		req := kmsg.NewPtrProduceRequest()
		req.SetVersion(9)
		topic := kmsg.NewProduceRequestTopic()
		topic.Topic = "orders"
		part := kmsg.NewProduceRequestTopicPartition()
		part.Records = batch
		topic.Partitions = append(topic.Partitions, part)
		req.Topics = append(req.Topics, topic)
		d := frame.DecodeRequest(kmsg.NewRequestFormatter(kmsg.FormatterClientID("seed")).AppendRequest(nil, req, 1))
		if d.Err != nil {
			tb.Fatalf("%s: %v", p, d.Err)
		}
		add(d.Msg)
	}
	fetch := kmsg.NewPtrFetchRequest()
	fetch.SetVersion(13)
	topic := kmsg.NewFetchRequestTopic()
	topic.TopicID = [16]byte{0: 0xab, 15: 0xcd}
	topic.Partitions = append(topic.Partitions, kmsg.NewFetchRequestTopicPartition())
	fetch.Topics = append(fetch.Topics, topic)
	if d := frame.DecodeRequest(kmsg.NewRequestFormatter().AppendRequest(nil, fetch, 2)); d.Err == nil {
		add(d.Msg)
	}
	for _, name := range []string{"Produce", "Fetch", "Metadata", "ApiVersions", "DescribeProducers"} {
		api := schema.ByName(name)
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			vs := api.VersionRange(dir)
			add(message.Minimal(api, vs.Lo, dir))
			add(message.Minimal(api, vs.Hi, dir))
		}
	}
	for _, set := range []string{
		`{"batches":[{"magic":1,"codec":"gzip","offset":1,"timestamp":5,"messages":[{"offset":0,"value":"a"},{"offset":1,"key":"k","value":"b"}]}]}`,
		`{"batches":[{"magic":0,"codec":"snappy","messages":[{"value":"a"}]},{"magic":0,"key":null,"value":{"hex":"00ff"}}]}`,
		`{"batches":[{"codec":"lz4","transactional":true,"records":[{"value":"v","headers":[{"key":"h","value":null}]}]},{"codec":"zstd","control":true,"records":[{"key":{"hex":"00000000"},"value":{"hex":"000000000000"}}]}]}`,
	} {
		seeds = append(seeds, []byte(`{"api":"Produce","version":2,"direction":"request","body":{"TopicData":[{"Name":"t","PartitionData":[{"Index":0,"Records":`+set+`}]}]}}`))
	}
	return seeds
}

// Every seed reads and encodes, so that the fuzzer starts from JSON that
// reaches the round trip rather than from JSON turned away at the door.
func TestFuzzJSONSeedsEncode(t *testing.T) {
	for i, js := range seedJSON(t) {
		named, err := message.NamedInJSON(js)
		if err != nil || named.API == nil || named.Version < 0 || !named.HasDir {
			t.Fatalf("seed %d does not name its message: %v\n%s", i, err, js)
		}
		m, err := message.FromJSON(js, named.API, named.Version, named.Dir)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", i, err, js)
		}
		if _, err := frame.Encode(m); err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
	}
}
