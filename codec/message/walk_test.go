package message

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// TestEachValue: every field and element is visited once, with its schema
// field, an unknown name with none; returning false skips what a value holds.
func TestEachValue(t *testing.T) {
	api := schema.ByName("Metadata")
	m := Minimal(api, 12, schema.Response)
	tv, _ := m.Body.Get("Topics")
	topic := tv.([]any)[0].(*Struct)
	pv, _ := topic.Get("Partitions")
	m.Body.Set("Topics", []any{topic, Copy(topic)})
	m.Body.Fields = append(m.Body.Fields, Field{Name: "NotInTheSchema", Value: int32(1)})
	fields := m.Def().Fields

	seen := map[string]int{}
	EachValue(fields, m.Body, func(f *schema.Field, v any) bool {
		if f == nil {
			seen["?"]++
			return true
		}
		seen[f.Name]++
		return true
	})
	assert.Equal(t, 1+2, seen["Topics"], "the array, then each of its 2 elements")
	assert.Equal(t, 2*(1+len(pv.([]any))), seen["Partitions"])
	assert.Equal(t, 2*len(pv.([]any)), seen["PartitionIndex"])
	assert.Equal(t, 1, seen["?"])

	skipped := map[string]int{}
	EachValue(fields, m.Body, func(f *schema.Field, v any) bool {
		if f != nil {
			skipped[f.Name]++
		}
		return f == nil || f.Name != "Topics"
	})
	assert.Equal(t, 1, skipped["Topics"])
	assert.Zero(t, skipped["Partitions"])
}

// TestRecordSets: every record set under a value is found, in field order,
// the same sets the message holds (not copies).
func TestRecordSets(t *testing.T) {
	m := Example(schema.ByName("Produce"), 9, schema.Request)
	tv, _ := m.Body.Get("TopicData")
	topic := tv.([]any)[0].(*Struct)
	parts := mustArray(topic, "PartitionData")
	m.Body.Set("TopicData", []any{topic, Copy(topic)})
	var want []*records.Set
	for _, tp := range mustArray(m.Body, "TopicData") {
		for _, p := range mustArray(tp.(*Struct), "PartitionData") {
			r, _ := p.(*Struct).Get("Records")
			want = append(want, r.(*records.Set))
		}
	}
	got := RecordSets(m.Body)
	assert.Len(t, got, 2*len(parts))
	assert.Equal(t, len(want), len(got))
	for i := range want {
		assert.Same(t, want[i], got[i], "set %d", i)
	}
	assert.Empty(t, RecordSets(Minimal(schema.ByName("Metadata"), 12, schema.Response).Body))
}

func mustArray(s *Struct, name string) []any {
	v, _ := s.Get(name)
	return v.([]any)
}
