package message

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
