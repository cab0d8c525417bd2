package frame_test

import (
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// nameOnly reports whether desc says nothing beyond the words of field name
// (and a few words that add nothing): "topic authorized operations" for
// TopicAuthorizedOperations, "name of this entry" for Name.
func nameOnly(name, desc string) bool {
	filler := map[string]bool{"a": true, "an": true, "the": true, "of": true, "for": true, "this": true,
		"in": true, "to": true, "is": true, "its": true, "list": true, "entry": true, "id": true, "name": true, "value": true}
	own := map[string]bool{}
	start := 0
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(rune(name[i-1])) {
			own[strings.ToLower(name[start:i])] = true
			start = i
		}
	}
	own[strings.ToLower(name[start:])] = true
	for _, w := range strings.FieldsFunc(strings.ToLower(desc), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if !filler[w] && !own[w] && !own[strings.TrimSuffix(w, "s")] {
			return false
		}
	}
	return true
}

// fieldNode reports whether n is a field's node: it has a key that is not an
// element's index nor the header or body.
func fieldNode(n *layout.Node) bool {
	if n.Key == "" || n.Key == "header" || n.Key == "body" {
		return false
	}
	_, err := strconv.Atoi(n.Key)
	return err != nil
}

// Every field node of the minimal instance of every message, header and body,
// carries a description of its own, not one made of its name.
func TestEveryFieldNodeIsDescribed(t *testing.T) {
	fields := 0
	for _, in := range allInstances() {
		d := frame.Decode(minimalFrame(t, in), in.api, in.v, in.dir)
		if d.Err != nil {
			t.Fatalf("%s: %v", in, d.Err)
		}
		d.Tree.Walk(func(n *layout.Node, _ int) bool {
			if !fieldNode(n) {
				return true
			}
			fields++
			if n.Desc == "" || nameOnly(n.Key, n.Desc) {
				t.Errorf("%s %s: description %q", in, n.Key, n.Desc)
			}
			return true
		})
	}
	if fields < 2000 {
		t.Errorf("only %d field nodes walked; the walk is broken", fields)
	}
}

// Fields the minimal instances leave out (elements of empty arrays, tagged
// fields) are described too: every field of every definition of the catalogue.
func TestEveryCatalogueFieldIsDescribed(t *testing.T) {
	var walk func(where string, fs []*schema.Field)
	walk = func(where string, fs []*schema.Field) {
		for _, f := range fs {
			if d := message.Describe(f); d == "" || nameOnly(f.Name, d) {
				t.Errorf("%s.%s: description %q", where, f.Name, d)
			}
			walk(where+"."+f.Name, f.Fields)
		}
	}
	for _, a := range schema.APIs() {
		for _, def := range append(append([]*schema.Def(nil), a.Request...), a.Response...) {
			walk(a.Name+" "+def.Name, def.Fields)
		}
	}
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		walk(dir.String()+" header", schema.Header(dir).Fields)
	}
}

// The versions a field exists in are said when they are not all of its
// message's, and the same name means different things in different APIs.
func TestDescriptionsSayVersionsAndMeaning(t *testing.T) {
	field := func(api string, dir schema.Direction, path ...string) *schema.Field {
		a := schema.ByName(api)
		vs := a.Versions(dir)
		fs := a.Def(dir, vs[len(vs)-1]).Fields
		var f *schema.Field
		for _, name := range path {
			for _, c := range fs {
				if c.Name == name {
					f = c
				}
			}
			fs = f.Fields
		}
		return f
	}
	cases := []struct {
		f       *schema.Field
		suffix  string // "" for a field in every version
		without string
	}{
		{field("Produce", schema.Request, "TransactionalId"), " (v3+)", ""},
		{field("Produce", schema.Request, "Acks"), "", "(v"},
		{field("Fetch", schema.Request, "SessionId"), " (v7+)", ""},
		{field("Produce", schema.Response, "Responses", "PartitionResponses", "LogStartOffset"), " (v5+)", ""},
		{field("Produce", schema.Request, "TopicData", "Name"), " (v0-12)", ""},
		{schema.Header(schema.Request).Fields[3], " (header v1+)", ""},
		// The words already say "(v3 and up)": no second note.
		{field("InitProducerId", schema.Request, "ProducerId"), "", "(v3+)"},
	}
	for _, c := range cases {
		d := message.Describe(c.f)
		if c.suffix != "" && !strings.HasSuffix(d, c.suffix) {
			t.Errorf("%s: %q does not end in %q", c.f.Name, d, c.suffix)
		}
		if c.without != "" && strings.Contains(d, c.without) {
			t.Errorf("%s: %q names versions, though the field is in all", c.f.Name, d)
		}
	}
	topic := message.Describe(field("Metadata", schema.Request, "Topics", "Name"))
	protocol := message.Describe(field("JoinGroup", schema.Request, "Protocols", "Name"))
	if topic == protocol || !strings.Contains(strings.ToLower(topic), "topic") {
		t.Errorf("a topic's Name %q and a protocol's Name %q", topic, protocol)
	}
}

// checkFieldNodes fails on a field node of tree without a description of its own and
// returns how many field nodes it saw.
func checkFieldNodes(t *testing.T, where string, tree *layout.Node) int {
	t.Helper()
	seen := 0
	tree.Walk(func(n *layout.Node, _ int) bool {
		if fieldNode(n) {
			seen++
			if n.Desc == "" || nameOnly(n.Key, n.Desc) {
				t.Errorf("%s %s: description %q", where, n.Key, n.Desc)
			}
		}
		return true
	})
	return seen
}

// Tagged fields and the fields of embedded data formats, which no minimal
// instance has, are described in the tree too.
func TestTaggedAndEmbeddedFieldsAreDescribed(t *testing.T) {
	// Produce v10's response with one NodeEndpoints element, a tagged field.
	api := schema.ByName("Produce")
	m := message.Minimal(api, 10, schema.Response)
	var endpoints *schema.Field
	for _, f := range api.Def(schema.Response, 10).Fields {
		if f.Name == "NodeEndpoints" {
			endpoints = f
		}
	}
	m.Body.Set("NodeEndpoints", []any{message.MinimalStruct(endpoints.Fields, 10, true)})
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	d := frame.Decode(b, api, 10, schema.Response)
	if d.Err != nil {
		t.Fatal(d.Err)
	}
	if n := checkFieldNodes(t, "Produce v10 response", d.Tree); n < 6 {
		t.Errorf("%d field nodes, want the tagged NodeEndpoints and its element's four fields at least", n)
	}
	if !strings.Contains(d.Tree.Text(), message.Describe(endpoints.Fields[1])) {
		t.Errorf("the tree does not show the description of NodeEndpoints' Host:\n%s", d.Tree.Text())
	}

	// A ConsumerProtocolSubscription v1: version, one topic "orders", null
	// user data, and owned partition 0 of "orders".
	sub := []byte{0, 1, 0, 0, 0, 1, 0, 6, 'o', 'r', 'd', 'e', 'r', 's', 0xff, 0xff, 0xff, 0xff,
		0, 0, 0, 1, 0, 6, 'o', 'r', 'd', 'e', 'r', 's', 0, 0, 0, 1, 0, 0, 0, 0}
	n := message.DecodeData("ConsumerProtocolSubscription", sub, 0, layout.RegionRequestBody)
	if n == nil {
		t.Fatal("the subscription does not decode")
	}
	if got := checkFieldNodes(t, "ConsumerProtocolSubscription v1", n); got != 5 {
		t.Errorf("%d field nodes, want Topics, UserData, OwnedPartitions, Topic and Partitions", got)
	}
}
