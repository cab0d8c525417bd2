package frame_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// refDir holds the captured reference pages, outside the module.
const refDir = "../../../shared/reference"

// refNode is one node of a reference object tree.
type refNode struct {
	Name, Type, Value string
	Off, Size         int
	Children          []*refNode
}

var refLine = regexp.MustCompile(`^(\S+)(?: (.*?))? \[0x([0-9a-f]+), (\d+)B\]`)

// parseRefTree reads an object tree as the captured pages print it: nodes
// separated by "+-- ", their indentation collapsed into single spaces. The
// nesting comes back from the spans: the parent of a node is the nearest
// node before it whose span holds it (preorder).
func parseRefTree(tb testing.TB, text string) *refNode {
	tb.Helper()
	var root *refNode
	var stack []*refNode
	for _, seg := range strings.Split(text, "+-- ") {
		seg = strings.TrimSpace(seg)
		m := refLine.FindStringSubmatch(seg)
		require.NotNil(tb, m, "unreadable reference node %q", seg)
		off, err := strconv.ParseInt(m[3], 16, 64)
		require.NoError(tb, err)
		size, err := strconv.Atoi(m[4])
		require.NoError(tb, err)
		n := &refNode{Name: m[1], Off: int(off), Size: size}
		n.Type, n.Value, _ = strings.Cut(m[2], " = ")
		if root == nil {
			root = n
			stack = []*refNode{n}
			continue
		}
		for len(stack) > 1 && !(stack[len(stack)-1].Off <= n.Off && n.Off+n.Size <= stack[len(stack)-1].Off+stack[len(stack)-1].Size) {
			stack = stack[:len(stack)-1]
		}
		p := stack[len(stack)-1]
		require.True(tb, p.Off <= n.Off && n.Off+n.Size <= p.Off+p.Size, "node %q [%d,+%d] outside the root", n.Name, n.Off, n.Size)
		p.Children = append(p.Children, n)
		stack = append(stack, n)
	}
	return root
}

// refTrees returns the request and response object trees of a reference page, or nil when the page is absent.
func refTrees(tb testing.TB, file string) []*refNode {
	tb.Helper()
	matches, _ := filepath.Glob(filepath.Join(refDir, file))
	if len(matches) == 0 {
		return nil
	}
	b, err := os.ReadFile(matches[0])
	require.NoError(tb, err)
	lines := strings.Split(string(b), "\n")
	var out []*refNode
	for i, l := range lines {
		if strings.TrimSpace(l) == "object tree" && i+1 < len(lines) {
			out = append(out, parseRefTree(tb, lines[i+1]))
		}
	}
	require.Len(tb, out, 2, "%s: a request and a response tree", file)
	return out
}

// refSpan is one node of a reference tree: its path of names from the root, offset and size.
type refSpan struct {
	Path      string
	Off, Size int
}

func flatten(n *refNode) []refSpan {
	var out []refSpan
	var walk func(n *refNode, path string)
	walk = func(n *refNode, path string) {
		path += "/" + n.Name
		out = append(out, refSpan{path[1:], n.Off, n.Size})
		for _, c := range n.Children {
			walk(c, path)
		}
	}
	walk(n, "")
	return out
}

// The reference pages' facts, transcribed so the test still checks them when
// the pages are not next to the module: every node's name path, offset and size.
var referenceSpans = []struct {
	key   int16
	v     int16
	dir   schema.Direction
	size  int
	file  string
	spans []refSpan
}{
	{61, 0, schema.Request, 24, "000_*.txt", []refSpan{
		{"DescribeProducersRequest", 0, 24},
		{"DescribeProducersRequest/Frame", 0, 4},
		{"DescribeProducersRequest/Frame/size", 0, 4},
		{"DescribeProducersRequest/RequestHeader", 4, 11},
		{"DescribeProducersRequest/RequestHeader/request_api_key", 4, 2},
		{"DescribeProducersRequest/RequestHeader/request_api_version", 6, 2},
		{"DescribeProducersRequest/RequestHeader/correlation_id", 8, 4},
		{"DescribeProducersRequest/RequestHeader/client_id", 12, 2},
		{"DescribeProducersRequest/RequestHeader/tagged_fields", 14, 1},
		{"DescribeProducersRequest/DescribeProducersRequest", 15, 9},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics", 15, 8},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics/length", 15, 1},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics/TopicRequest[0]", 16, 7},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics/TopicRequest[0]/Name", 16, 1},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics/TopicRequest[0]/PartitionIndexes", 17, 5},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics/TopicRequest[0]/PartitionIndexes/length", 17, 1},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics/TopicRequest[0]/PartitionIndexes/int32[0]", 18, 4},
		{"DescribeProducersRequest/DescribeProducersRequest/Topics/TopicRequest[0]/tagged_fields", 22, 1},
		{"DescribeProducersRequest/DescribeProducersRequest/tagged_fields", 23, 1},
	}},
	{61, 0, schema.Response, 64, "000_*.txt", []refSpan{
		{"DescribeProducersResponse", 0, 64},
		{"DescribeProducersResponse/Frame", 0, 4},
		{"DescribeProducersResponse/Frame/size", 0, 4},
		{"DescribeProducersResponse/ResponseHeader", 4, 5},
		{"DescribeProducersResponse/ResponseHeader/correlation_id", 4, 4},
		{"DescribeProducersResponse/ResponseHeader/tagged_fields", 8, 1},
		{"DescribeProducersResponse/DescribeProducersResponse", 9, 55},
		{"DescribeProducersResponse/DescribeProducersResponse/ThrottleTimeMs", 9, 4},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics", 13, 50},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/length", 13, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]", 14, 49},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Name", 14, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions", 15, 47},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/length", 15, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]", 16, 46},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/PartitionIndex", 16, 4},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ErrorCode", 20, 2},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ErrorMessage", 22, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers", 23, 38},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/length", 23, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]", 24, 37},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]/ProducerId", 24, 8},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]/ProducerEpoch", 32, 4},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]/LastSequence", 36, 4},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]/LastTimestamp", 40, 8},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]/CoordinatorEpoch", 48, 4},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]/CurrentTxnStartOffset", 52, 8},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/ActiveProducers/ProducerState[0]/tagged_fields", 60, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/Partitions/PartitionResponse[0]/tagged_fields", 61, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/Topics/TopicResponse[0]/tagged_fields", 62, 1},
		{"DescribeProducersResponse/DescribeProducersResponse/tagged_fields", 63, 1},
	}},
	{22, 5, schema.Request, 31, "003_*.txt", []refSpan{
		{"InitProducerIdRequest", 0, 31},
		{"InitProducerIdRequest/Frame", 0, 4},
		{"InitProducerIdRequest/Frame/size", 0, 4},
		{"InitProducerIdRequest/RequestHeader", 4, 11},
		{"InitProducerIdRequest/RequestHeader/request_api_key", 4, 2},
		{"InitProducerIdRequest/RequestHeader/request_api_version", 6, 2},
		{"InitProducerIdRequest/RequestHeader/correlation_id", 8, 4},
		{"InitProducerIdRequest/RequestHeader/client_id", 12, 2},
		{"InitProducerIdRequest/RequestHeader/tagged_fields", 14, 1},
		{"InitProducerIdRequest/InitProducerIdRequest", 15, 16},
		{"InitProducerIdRequest/InitProducerIdRequest/TransactionalId", 15, 1},
		{"InitProducerIdRequest/InitProducerIdRequest/TransactionTimeoutMs", 16, 4},
		{"InitProducerIdRequest/InitProducerIdRequest/ProducerId", 20, 8},
		{"InitProducerIdRequest/InitProducerIdRequest/ProducerEpoch", 28, 2},
		{"InitProducerIdRequest/InitProducerIdRequest/tagged_fields", 30, 1},
	}},
	{22, 5, schema.Response, 26, "003_*.txt", []refSpan{
		{"InitProducerIdResponse", 0, 26},
		{"InitProducerIdResponse/Frame", 0, 4},
		{"InitProducerIdResponse/Frame/size", 0, 4},
		{"InitProducerIdResponse/ResponseHeader", 4, 5},
		{"InitProducerIdResponse/ResponseHeader/correlation_id", 4, 4},
		{"InitProducerIdResponse/ResponseHeader/tagged_fields", 8, 1},
		{"InitProducerIdResponse/InitProducerIdResponse", 9, 17},
		{"InitProducerIdResponse/InitProducerIdResponse/ThrottleTimeMs", 9, 4},
		{"InitProducerIdResponse/InitProducerIdResponse/ErrorCode", 13, 2},
		{"InitProducerIdResponse/InitProducerIdResponse/ProducerId", 15, 8},
		{"InitProducerIdResponse/InitProducerIdResponse/ProducerEpoch", 23, 2},
		{"InitProducerIdResponse/InitProducerIdResponse/tagged_fields", 25, 1},
	}},
}

// The reference pages name header fields as Kafka's protocol guide does
// (client_id) and array elements by their type (TopicRequest[0]); ours use
// the schema's names (ClientId) and the array's name (Topics[0]), one name
// per position in tree, breadcrumb, errors and JSON. sameRefName is the
// pages' name translated: a guide name must be the one frame.GuideName
// gives, an element must be the same element of the same array.
func sameRefName(ref string, ours *layout.Node) bool {
	if ref == ours.Name || ref == frame.GuideName(ours.Name) {
		return true
	}
	open := strings.LastIndexByte(ref, '[')
	return open > 0 && strings.HasSuffix(ref, "]") && ref[open+1:len(ref)-1] == ours.Key &&
		strings.HasSuffix(ours.Name, ref[open:])
}

// refChild is the child of n that the reference pages call name.
func refChild(n *layout.Node, name string) *layout.Node {
	for _, c := range n.Kids() {
		if sameRefName(name, c) {
			return c
		}
	}
	return nil
}

// ourSpan finds the node at a name path in our tree.
func ourSpan(root *layout.Node, path string) *layout.Node {
	names := strings.Split(path, "/")
	if root.Name != names[0] {
		return nil
	}
	n := root
	for _, name := range names[1:] {
		if n = refChild(n, name); n == nil {
			return nil
		}
	}
	return n
}

// matchRef checks that every reference node exists in ours at the same nesting
// (by name; ours may have extra wire-level children) with the same span and
// type, and, for the frame, header and wire-level nodes, the same value text.
func matchRef(t *testing.T, ref *refNode, ours *layout.Node, path string, inHeader bool) {
	t.Helper()
	path += "/" + ref.Name
	if !assert.True(t, sameRefName(ref.Name, ours), "%s: ours is named %s", path, ours.Name) {
		return
	}
	assert.Equal(t, 0, ours.Buf, path)
	assert.Equal(t, ref.Off, ours.Off, "%s: offset", path)
	assert.Equal(t, ref.Size, ours.Len(), "%s: size", path)
	assert.Equal(t, ref.Type, ours.Type, "%s: type", path)
	if inHeader || ours.Key == "" {
		assert.Equal(t, ref.Value, ours.Value, "%s: value", path)
	}
	for _, rc := range ref.Children {
		oc := refChild(ours, rc.Name)
		if !assert.NotNil(t, oc, "%s/%s: missing from our tree", path, rc.Name) {
			continue
		}
		matchRef(t, rc, oc, path, inHeader || ours.Key == "header")
	}
}

func TestReferencePages(t *testing.T) {
	trees := map[string][]*refNode{}
	for _, want := range referenceSpans {
		api := schema.ByKey(want.key)
		require.NotNil(t, api)
		m := message.Minimal(api, want.v, want.dir)
		d, err := frame.Build(m)
		require.NoError(t, err)
		name := fmt.Sprintf("%s %s v%d", api.Name, want.dir, want.v)
		assert.Len(t, d.Bytes(), want.size, "%s: bytes on the wire", name)

		// The transcribed spans, checked always.
		for _, s := range want.spans {
			n := ourSpan(d.Tree, s.Path)
			if assert.NotNil(t, n, "%s: no node %s in\n%s", name, s.Path, d.Tree.Text()) {
				assert.Equal(t, s.Off, n.Off, "%s: offset of %s", name, s.Path)
				assert.Equal(t, s.Size, n.Len(), "%s: size of %s", name, s.Path)
			}
		}

		// The pages themselves, when they are next to the module.
		if _, ok := trees[want.file]; !ok {
			trees[want.file] = refTrees(t, want.file)
		}
		pages := trees[want.file]
		if pages == nil {
			t.Logf("%s not found under %s: checked the transcribed spans only", want.file, refDir)
			continue
		}
		ref := pages[int(want.dir)]
		assert.Equal(t, want.spans, flatten(ref), "%s: the transcription must match the page", name)
		assert.Equal(t, want.size, ref.Size, "%s: the page's size", name)
		matchRef(t, ref, d.Tree, "", false)
	}
}

// TestReferenceParser checks the parser on a tree whose nesting the spans alone decide.
func TestReferenceParser(t *testing.T) {
	n := parseRefTree(t, "R message v0 [0x0000, 10B] +-- A [0x0000, 4B] x | +-- a int32 = 1 [0x0000, 4B] y +-- B struct [0x0004, 6B] +-- b int16 = 2 [0x0004, 2B] | +-- c int32 = 3 [0x0006, 4B]")
	assert.Equal(t, []refSpan{{"R", 0, 10}, {"R/A", 0, 4}, {"R/A/a", 0, 4}, {"R/B", 4, 6}, {"R/B/b", 4, 2}, {"R/B/c", 6, 4}}, flatten(n))
	assert.Equal(t, "int32", n.Children[0].Children[0].Type)
	assert.Equal(t, "1", n.Children[0].Children[0].Value)
}
