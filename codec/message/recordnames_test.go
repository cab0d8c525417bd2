package message_test

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
)

// One name for every position inside records: for every node of real
// record data (recorded batches with headers, a compressed batch, a
// transaction with its control batch, legacy messages with a gzip
// wrapper), the name the tree gives the node, the path built from the
// names down to it, the path ChildPath gives it, the node FindNode finds
// there, the part of the value an edit at that path changes and the path
// an edit's error names are one and the same.

// produceWith is a Produce request of version v whose partitions hold the
// records fields given, one partition each, as kmsg writes it.
func produceWith(t *testing.T, v int16, fields ...[]byte) *frame.Decoded {
	t.Helper()
	req := kmsg.NewPtrProduceRequest()
	req.SetVersion(v)
	req.Acks = -1
	req.TimeoutMillis = 1000
	topic := kmsg.NewProduceRequestTopic()
	topic.Topic = "orders"
	for i, f := range fields {
		part := kmsg.NewProduceRequestTopicPartition()
		part.Partition = int32(i)
		part.Records = f
		topic.Partitions = append(topic.Partitions, part)
	}
	req.Topics = append(req.Topics, topic)
	d := frame.DecodeRequest(kmsg.NewRequestFormatter(kmsg.FormatterClientID("names")).AppendRequest(nil, req, 1))
	require.Nil(t, d.Err)
	return d
}

func recordsFile(t *testing.T, name string) []byte {
	b, err := os.ReadFile("../records/testdata/" + name + ".records")
	require.NoError(t, err)
	return b
}

// legacyMessage is one message of a legacy message set, as kmsg writes it.
func legacyMessage(magic int8, offset int64, attrs int8, key, value []byte) []byte {
	if magic == 0 {
		m := kmsg.MessageV0{Offset: offset, Attributes: attrs, Key: key, Value: value}
		m.MessageSize = int32(len(m.AppendTo(nil)) - 12)
		m.CRC = int32(crc32.ChecksumIEEE(m.AppendTo(nil)[16:]))
		return m.AppendTo(nil)
	}
	m := kmsg.MessageV1{Offset: offset, Magic: 1, Attributes: attrs, Timestamp: 1_700_000_000_000 + offset, Key: key, Value: value}
	m.MessageSize = int32(len(m.AppendTo(nil)) - 12)
	m.CRC = int32(crc32.ChecksumIEEE(m.AppendTo(nil)[16:]))
	return m.AppendTo(nil)
}

// legacySet is a message set with a magic 0 message, a magic 1 message and
// a magic 1 gzip wrapper around two messages.
func legacySet(t *testing.T) []byte {
	var inner, zipped bytes.Buffer
	inner.Write(legacyMessage(1, 0, 0, []byte("a"), []byte("one")))
	inner.Write(legacyMessage(1, 1, 0, nil, []byte("two")))
	w := gzip.NewWriter(&zipped)
	_, err := w.Write(inner.Bytes())
	require.NoError(t, err)
	require.NoError(t, w.Close())
	var set []byte
	set = append(set, legacyMessage(0, 7, 0, []byte("k"), []byte("v0"))...)
	set = append(set, legacyMessage(1, 8, 0, nil, []byte("v1"))...)
	return append(set, legacyMessage(1, 10, 1, nil, zipped.Bytes())...)
}

// namedPath is the display path of a node named name under a parent whose
// display path is parent: an element X[i] under its list X takes the
// list's place, anything else is a step of its own.
func namedPath(parent, name string) string {
	if open := strings.IndexByte(name, '['); open > 0 && strings.HasSuffix(name, "]") {
		list := name[:open]
		if parent == list || strings.HasSuffix(parent, "."+list) {
			return parent + name[open:]
		}
	}
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// lastStep is the last step of a display path, its index included.
func lastStep(display string) string {
	return display[strings.LastIndexByte(display, '.')+1:]
}

type named struct {
	node  *layout.Node
	path  string // the value path ChildPath gives
	names string // the display path built from the names down to it
}

// recordNodes walks every node of d's tree, opening the lazy ones, and
// returns those inside a records field that have a value path.
func recordNodes(t *testing.T, d *frame.Decoded) []named {
	var out []named
	var walk func(n *layout.Node, pass, shown string, inRecords bool)
	walk = func(n *layout.Node, pass, shown string, inRecords bool) {
		for _, c := range n.Kids() {
			path, next := message.ChildPath(pass, c)
			childShown := shown
			if path != "" {
				childShown = namedPath(shown, c.Name)
				if path == "header" || path == "body" {
					childShown = map[string]string{"header": "header", "body": ""}[path]
				}
				assert.Equal(t, message.DisplayPath(path), childShown, "the path the names give %s", path)
				if inRecords {
					out = append(out, named{c, path, childShown})
				}
			}
			walk(c, next, childShown, inRecords || c.Name == "Records")
		}
	}
	walk(d.Tree, "", "", false)
	return out
}

// listOf splits an element's path into its list's and its index.
func listOf(path string) (list string, i int, ok bool) {
	dot := strings.LastIndexByte(path, '.')
	i, err := strconv.Atoi(path[dot+1:])
	return path[:dot], i, err == nil
}

// change is an edit that changes what path names, and bad one it refuses.
func change(t *testing.T, m *message.Message, path string) (good, bad message.Edit) {
	p := message.ParsePath(path)
	e, ok, err := m.RecordsEditable(p)
	require.True(t, ok, path)
	require.NoError(t, err, path)
	switch e.Kind {
	case records.EditInt:
		n, err := strconv.ParseInt(e.Value, 10, 64)
		require.NoError(t, err, path)
		n++
		if strings.HasSuffix(path, ".attributes") && !strings.Contains(path, ".records.") {
			n = (n - 1) ^ 0x08 // a batch's attributes: the timestamp type, not the codec
		}
		return message.Edit{Op: message.OpSet, Path: p, Text: strconv.FormatInt(n, 10)},
			message.Edit{Op: message.OpSet, Path: p, Text: "not a number"}
	case records.EditBytes:
		return message.Edit{Op: message.OpSet, Path: p, Text: "edited"}, message.Edit{Op: message.OpSetHex, Path: p, Text: "zz"}
	case records.EditCodec:
		return message.Edit{Op: message.OpSet, Path: p, Text: "lz4"}, message.Edit{Op: message.OpSet, Path: p, Text: "brotli"}
	case records.EditRecords, records.EditHeaders:
		return message.Edit{Op: message.OpAppend, Path: p}, message.Edit{Op: message.OpSet, Path: p, Text: "x"}
	}
	return message.Edit{Op: message.OpDuplicate, Path: p}, message.Edit{Op: message.OpSet, Path: p, Text: "x"}
}

func TestOneNameInsideRecords(t *testing.T) {
	frames := map[string]*frame.Decoded{
		"Produce v9": produceWith(t, 9, recordsFile(t, "none-0"), append(recordsFile(t, "gzip-0"), recordsFile(t, "none-1")...), recordsFile(t, "txn-0")),
		"Produce v2": produceWith(t, 2, legacySet(t)),
	}
	seen := map[string]bool{}
	for name, d := range frames {
		nodes := recordNodes(t, d)
		t.Logf("%s: %d nodes", name, len(nodes))
		// How many elements each list has, to tell where a new one lands.
		count := map[string]int{}
		for _, n := range nodes {
			if list, _, ok := listOf(n.path); ok {
				count[list]++
			}
		}
		for _, n := range nodes {
			shown := message.DisplayPath(n.path)
			assert.Equal(t, lastStep(shown), n.node.Name, "%s: the node at %s", name, shown)
			assert.Same(t, n.node, message.FindNode(d.Tree, message.ParsePath(n.path)), "%s: FindNode(%s)", name, n.path)
			seen[lastStep(strings.NewReplacer("0", "", "1", "", "2", "", "3", "", "4", "").Replace(shown))] = true

			good, bad := change(t, d.Msg, n.path)
			m := d.Msg.Clone()
			require.NoError(t, m.Apply(good), "%s: %s", name, good)
			after, err := frame.Build(m)
			require.NoError(t, err, "%s: %s", name, good)
			switch good.Op {
			case message.OpSet:
				got := message.FindNode(after.Tree, message.ParsePath(n.path))
				require.NotNil(t, got, "%s: %s", name, good)
				assert.NotEqual(t, n.node.Value, got.Value, "%s: %s changes the node", name, good)
				assert.Contains(t, got.Value, good.Text, "%s: %s", name, good)
			case message.OpAppend, message.OpDuplicate:
				list := n.path
				if good.Op == message.OpDuplicate {
					list, _, _ = listOf(n.path)
				}
				added := list + "." + strconv.Itoa(count[list])
				assert.Nil(t, message.FindNode(d.Tree, message.ParsePath(added)), "%s: %s before %s", name, added, good)
				assert.NotNil(t, message.FindNode(after.Tree, message.ParsePath(added)), "%s: %s after %s", name, added, good)
			}

			err = d.Msg.Clone().Apply(bad)
			if assert.Error(t, err, "%s: %s", name, bad) {
				assert.True(t, strings.HasPrefix(err.Error(), shown+": "), "%s: the error of %s names %s: %v", name, bad, shown, err)
			}
			if list, _, ok := listOf(n.path); ok {
				gone := list + ".99"
				err := d.Msg.Clone().Apply(message.Edit{Op: message.OpRemove, Path: message.ParsePath(gone)})
				if assert.Error(t, err, gone) {
					assert.True(t, strings.HasPrefix(err.Error(), message.DisplayPath(gone)+": "), "%s: the error names %s: %v", name, gone, err)
				}
			}
		}
	}
	// Every kind of position was there to check.
	for _, step := range []string{"batches[]", "baseOffset", "records", "records[]", "timestampDelta", "headers", "headers[]",
		"key", "value", "codec", "offset", "timestamp", "messages[]"} {
		assert.True(t, seen[step], "no node named %s was checked", step)
	}
}
