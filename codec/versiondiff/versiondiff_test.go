package versiondiff

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/schema"
)

func between(t *testing.T, api string, dir schema.Direction, from, to int16) *Diff {
	t.Helper()
	a := schema.ByName(api)
	if a == nil {
		t.Fatalf("no API %s", api)
	}
	d, err := Between(a, dir, from, to)
	if err != nil {
		t.Fatalf("%s %s v%d→v%d: %v", api, dir, from, to, err)
	}
	return d
}

// changes lists the diff's field changes as "change path" lines.
func changes(d *Diff) []string {
	var out []string
	for _, c := range d.Fields {
		out = append(out, string(c.Change)+" "+c.Path)
	}
	return out
}

func has(list []string, want string) bool {
	for _, s := range list {
		if s == want {
			return true
		}
	}
	return false
}

// Produce v9 is the first flexible version (KIP-482): the request header goes
// from v1 to v2, the response header from v0 to v1, and no field is added.
func TestProduceV9BecomesFlexible(t *testing.T) {
	for _, tc := range []struct {
		dir      schema.Direction
		from, to int16
	}{{schema.Request, 1, 2}, {schema.Response, 0, 1}} {
		d := between(t, "Produce", tc.dir, 8, 9)
		if d.From.Flexible || !d.To.Flexible || !d.FlexibleChanged() {
			t.Errorf("%s: flexible %v → %v, want false → true", tc.dir, d.From.Flexible, d.To.Flexible)
		}
		if d.From.Header != tc.from || d.To.Header != tc.to || !d.HeaderChanged() {
			t.Errorf("%s: header v%d → v%d, want v%d → v%d", tc.dir, d.From.Header, d.To.Header, tc.from, tc.to)
		}
		for _, c := range d.Fields {
			if c.Change == Added || c.Change == Removed {
				t.Errorf("%s: %s %s, want no field added or removed", tc.dir, c.Change, c.Path)
			}
		}
		// Compact lengths and tag counts change the size of the same fields.
		if d.SizeChange() == 0 {
			t.Errorf("%s: minimal size %d → %d, want a change", tc.dir, d.From.MinimalSize, d.To.MinimalSize)
		}
	}
}

// Fetch v7 brought incremental fetch sessions (KIP-227).
func TestFetchV7AddsSession(t *testing.T) {
	d := between(t, "Fetch", schema.Request, 6, 7)
	got := changes(d)
	for _, want := range []string{"added SessionId", "added SessionEpoch", "added ForgottenTopicsData", "added ForgottenTopicsData.Partitions"} {
		if !has(got, want) {
			t.Errorf("Fetch request v6→v7 lacks %q; got %q", want, got)
		}
	}
	for _, c := range d.Fields {
		if c.Path == "SessionId" && c.Type != "int32" {
			t.Errorf("SessionId type %q, want int32", c.Type)
		}
	}
	// Two int32s and an empty-but-present one-element forgotten-topics array: the frame grows.
	if d.SizeChange() <= 8 {
		t.Errorf("minimal request grew by %d bytes, want more than the two int32s", d.SizeChange())
	}
	if d.FlexibleChanged() || d.HeaderChanged() {
		t.Errorf("Fetch v7 is neither flexible nor a new header")
	}
	resp := changes(between(t, "Fetch", schema.Response, 6, 7))
	for _, want := range []string{"added ErrorCode", "added SessionId"} {
		if !has(resp, want) {
			t.Errorf("Fetch response v6→v7 lacks %q; got %q", want, resp)
		}
	}
}

// Metadata v10 gave topics an id (KIP-516), in the response's topics.
func TestMetadataV10AddsTopicId(t *testing.T) {
	d := between(t, "Metadata", schema.Response, 9, 10)
	if got := changes(d); !has(got, "added Topics.TopicId") {
		t.Errorf("Metadata response v9→v10 = %q, want added Topics.TopicId", got)
	}
	for _, c := range d.Fields {
		if c.Path == "Topics.TopicId" && (c.Type != "uuid" || c.IsTagged || c.IsNullable) {
			t.Errorf("Topics.TopicId = %+v, want a plain uuid", c)
		}
	}
	if d.SizeChange() != 16 {
		t.Errorf("one uuid more should add 16 bytes, got %d", d.SizeChange())
	}
	// Going back reads the other way round.
	back := between(t, "Metadata", schema.Response, 10, 9)
	if got := changes(back); !has(got, "removed Topics.TopicId") || back.SizeChange() != -16 {
		t.Errorf("v10→v9 = %q, size %d", got, back.SizeChange())
	}
}

// Metadata v10's request: a topic's name becomes nullable (look a topic up by id).
func TestNullableFromThisVersion(t *testing.T) {
	got := changes(between(t, "Metadata", schema.Request, 9, 10))
	if !has(got, "nullable Topics.Name") || !has(got, "added Topics.TopicId") {
		t.Errorf("Metadata request v9→v10 = %q, want Topics.Name nullable and Topics.TopicId added", got)
	}
}

// A tagged field added in a flexible version is marked tagged with its tag.
func TestTaggedAdded(t *testing.T) {
	// ApiVersions v3 (flexible) adds tagged SupportedFeatures (tag 0) and friends.
	d := between(t, "ApiVersions", schema.Response, 2, 3)
	var found bool
	for _, c := range d.Fields {
		if c.Path == "SupportedFeatures" {
			found = true
			if c.Change != Added || !c.IsTagged || c.Tag == nil || *c.Tag != 0 {
				t.Errorf("SupportedFeatures = %+v, want added, tagged 0", c)
			}
		}
	}
	if !found {
		t.Errorf("ApiVersions response v2→v3 = %q, want SupportedFeatures", changes(d))
	}
	// The header stays v0 for ApiVersions responses (KIP-511) though v3 is flexible.
	if d.HeaderChanged() || !d.FlexibleChanged() {
		t.Errorf("ApiVersions response header v%d → v%d, flexible %v → %v", d.From.Header, d.To.Header, d.From.Flexible, d.To.Flexible)
	}
	b, err := json.Marshal(d.Fields[0])
	if err != nil || !strings.Contains(string(b), `"path"`) {
		t.Errorf("JSON %s, %v", b, err)
	}
}

func TestSince(t *testing.T) {
	a := schema.ByName("Fetch")
	d, err := Since(a, schema.Request, 7)
	if err != nil || d.From.Version != 6 || d.To.Version != 7 {
		t.Fatalf("Since(Fetch, 7) = %+v, %v", d, err)
	}
	first := a.Versions(schema.Request)[0]
	if d, err := Since(a, schema.Request, first); d != nil || err != nil {
		t.Errorf("Since the first version = %v, %v; want nil, nil", d, err)
	}
	if _, err := Since(a, schema.Request, 999); err == nil {
		t.Errorf("Since an unknown version gave no error")
	}
	if _, err := Between(a, schema.Request, 0, 999); err == nil || !strings.Contains(err.Error(), "999") {
		t.Errorf("Between to an unknown version: %v", err)
	}
	if _, err := Between(nil, schema.Request, 0, 1); err == nil {
		t.Errorf("Between(nil) gave no error")
	}
}

// Every consecutive pair of every API diffs, and a version against itself is empty.
func TestEveryVersionPair(t *testing.T) {
	pairs, nonEmpty := 0, 0
	for _, a := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			vs := a.Versions(dir)
			for i, v := range vs {
				self, err := Between(a, dir, v, v)
				if err != nil {
					t.Errorf("%s %s v%d itself: %v", a.Name, dir, v, err)
					continue
				}
				if !self.Empty() {
					t.Errorf("%s %s v%d against itself: %q", a.Name, dir, v, changes(self))
				}
				if i == 0 {
					continue
				}
				d, err := Between(a, dir, vs[i-1], v)
				if err != nil {
					t.Errorf("%s %s v%d→v%d: %v", a.Name, dir, vs[i-1], v, err)
					continue
				}
				pairs++
				if !d.Empty() {
					nonEmpty++
				}
				// Forward and backward list the same fields, added and removed swapped.
				back, err := Between(a, dir, v, vs[i-1])
				if err != nil || len(back.Fields) != len(d.Fields) || back.SizeChange() != -d.SizeChange() {
					t.Errorf("%s %s v%d↔v%d: not symmetric", a.Name, dir, vs[i-1], v)
				}
			}
		}
	}
	// Some versions change only what a field means, not its bytes: those diff empty.
	// But most bumps change something, and a broken walk would find nothing.
	if pairs < 500 || nonEmpty < pairs/3 {
		t.Errorf("%d pairs, %d with changes", pairs, nonEmpty)
	}
	t.Logf("%d consecutive pairs, %d with changes", pairs, nonEmpty)
}

// No consecutive pair of Kafka's changes a field's type or moves a field in
// or out of the tagged section, so a made-up API shows those changes are seen.
func TestMadeUpChanges(t *testing.T) {
	f := func(name, typ string, versions, nullable, tagged schema.Versions, tag int32, fields ...*schema.Field) *schema.Field {
		return &schema.Field{Name: name, Type: typ, Versions: versions, Nullable: nullable, Tagged: tagged, Tag: tag, Fields: fields}
	}
	all := schema.From(0)
	def := &schema.Def{Name: "MadeUpRequest", Valid: schema.Span(0, 2), Flexible: schema.From(1), Fields: []*schema.Field{
		// int32 in v0 and v1, int64 from v2: two definitions of one name, as a generator would not write, but a diff must cope.
		f("Count", "int32", schema.Span(0, 1), schema.None, schema.None, 0),
		f("Count", "int64", schema.From(2), schema.None, schema.None, 0),
		// A fixed field that becomes tagged (tag 3) in v2.
		f("Note", "string", all, schema.Span(0, 1), schema.From(2), 3),
		f("Items", "[]Item", all, schema.None, schema.None, 0,
			f("Id", "int16", all, schema.None, schema.None, 0)),
	}}
	api := &schema.API{Key: 1000, Name: "MadeUp", Request: []*schema.Def{def}, Response: []*schema.Def{def}}
	d, err := Between(api, schema.Request, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	got := changes(d)
	want := []string{"type Count", "not nullable Note", "tagged Note"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("v1→v2 = %q, want %q", got, want)
	}
	if c := d.Fields[0]; c.FromType != "int32" || c.ToType != "int64" {
		t.Errorf("type change %+v", c)
	}
	if c := d.Fields[2]; c.Tag == nil || *c.Tag != 3 {
		t.Errorf("tagged change %+v", c)
	}
	// Count grows by 4 bytes; Note (an empty compact string, 1 byte) leaves
	// the body for the tagged section, which the minimal instance leaves empty.
	if d.SizeChange() != 4-1 {
		t.Errorf("size change %d, want 3", d.SizeChange())
	}
	back := changes(between2(t, api, 2, 1))
	if !has(back, "untagged Note") || !has(back, "nullable Note") {
		t.Errorf("v2→v1 = %q", back)
	}
	// v0 is not flexible: a tagged field could not be there even if its versions said so.
	if got := changes(between2(t, api, 0, 1)); len(got) != 0 {
		t.Errorf("v0→v1 = %q, want no field change", got)
	}
}

func between2(t *testing.T, api *schema.API, from, to int16) *Diff {
	t.Helper()
	d, err := Between(api, schema.Request, from, to)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
