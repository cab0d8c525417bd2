package message_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// producePaths decodes a Produce request whose batch is the one in testdata
// file name, and gives every node of its tree with the value path ChildPath
// gives it, walking from the root.
func producePaths(t *testing.T, name string) (*layout.Node, map[*layout.Node]string) {
	batch, err := os.ReadFile("../records/testdata/" + name)
	require.NoError(t, err)
	req := kmsg.NewPtrProduceRequest()
	req.SetVersion(9)
	topic := kmsg.NewProduceRequestTopic()
	part := kmsg.NewProduceRequestTopicPartition()
	part.Records = batch
	topic.Partitions = append(topic.Partitions, part)
	req.Topics = append(req.Topics, topic)
	d := frame.DecodeRequest(kmsg.NewRequestFormatter().AppendRequest(nil, req, 1))
	require.Nil(t, d.Err)
	paths := map[*layout.Node]string{}
	var walk func(n *layout.Node, pass string)
	walk = func(n *layout.Node, pass string) {
		for _, c := range n.Kids() {
			path, next := message.ChildPath(pass, c)
			paths[c] = path
			walk(c, next)
		}
	}
	walk(d.Tree, "")
	return d.Tree, paths
}

// Every value's node has the path edits use, and FindNode leads back to it;
// lengths, counts and CRCs have none.
func TestNodePaths(t *testing.T) {
	tree, paths := producePaths(t, "none-0.records")
	byPath := map[string]*layout.Node{}
	for n, p := range paths {
		if p == "" {
			continue
		}
		_, seen := byPath[p]
		require.False(t, seen, "two nodes with path %s", p)
		byPath[p] = n
		assert.Same(t, n, message.FindNode(tree, message.ParsePath(p)), p)
	}
	for _, p := range []string{
		"header", "header.ClientId", "body", "body.Acks", "body.TopicData.0.Name",
		recs, recs + ".batches.0", recs + ".batches.0.baseOffset", recs + ".batches.0.attributes", recs + ".batches.0.records",
		recs + ".batches.0.records.2", recs + ".batches.0.records.2.value", recs + ".batches.0.records.4.headers",
		recs + ".batches.0.records.4.headers.2", recs + ".batches.0.records.4.headers.2.key",
	} {
		_, ok := byPath[p]
		assert.True(t, ok, "no node has path %s", p)
	}
	for n, p := range paths {
		switch n.Name {
		case "crc", "batchLength", "magic", "lastOffsetDelta", "length", "data", "size":
			assert.Empty(t, p, "%s has a path", n.Name)
		}
	}
	assert.Nil(t, message.FindNode(tree, message.ParsePath(recs+".batches.0.records.9")))
	assert.Nil(t, message.FindNode(tree, nil))
}

// Records inside a compressed batch are named through the keyless
// decompressed nodes, as if the batch were not compressed; the compressed
// payload is the batch's list of records.
func TestNodePathsThroughCompression(t *testing.T) {
	tree, paths := producePaths(t, "gzip-0.records")
	var value *layout.Node
	for n, p := range paths {
		if n.Buf == 1 && p == recs+".batches.0.records.0.value" {
			value = n
		}
		if n.Buf == 0 && n.Type == "gzip compressed" {
			assert.Equal(t, recs+".batches.0.records", p, "the compressed payload")
		}
		if n.Name == "decompressed" {
			assert.Empty(t, p, "the decompressed bytes are not a value")
		}
	}
	require.NotNil(t, value, "a record value in the decompressed buffer")
	assert.Same(t, value, message.FindNode(tree, message.ParsePath(recs+".batches.0.records.0.value")))
}

func TestPathDisplayIsTheNameUsersSee(t *testing.T) {
	for in, want := range map[string]string{
		"body.Topics.0.PartitionIndexes.1": "Topics[0].PartitionIndexes[1]",
		"header.ClientId":                  "header.ClientId",
		"body.MaxWaitMs":                   "MaxWaitMs",
		"body":                             "",
		"body.Topics.0.Partitions.0.Records.batches.0.records.3": "Topics[0].Partitions[0].Records.batches[0].records[3]",
	} {
		if got := message.DisplayPath(in); got != want {
			t.Errorf("DisplayPath(%q) = %q, want %q", in, got, want)
		}
	}
	// Every element node's name is the last step of its display path: the
	// tree and the breadcrumb name a position alike.
	m := message.Minimal(schema.ByName("DescribeProducers"), 0, schema.Request)
	d, err := frame.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	n := message.FindNode(d.Tree, message.ParsePath("body.Topics.0.PartitionIndexes.0"))
	if n == nil || n.Name != "PartitionIndexes[0]" {
		t.Fatalf("the element node: %+v", n)
	}
}
