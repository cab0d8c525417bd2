package frame_test

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// TestKmsgExamples: every example kmsg knows is read by kmsg, each of our
// field values is found in kmsg's struct with the same value, and kmsg writes
// the body back byte for byte. Every example, kmsg's or not, encodes, decodes
// cleanly and encodes again to the same bytes.
func TestKmsgExamples(t *testing.T) {
	for _, in := range allInstances() {
		b, err := frame.Encode(message.Example(in.api, in.v, in.dir))
		require.NoError(t, err, in.String())
		d := frame.Decode(b, in.api, in.v, in.dir)
		require.Nil(t, d.Err, "%s: %v", in, d.Err)
		again, err := frame.Encode(d.Msg)
		require.NoError(t, err, in.String())
		sameBytes(t, b, again, "%s: decoded and encoded again", in)
	}
	n, fields := 0, 0
	var unmatched []string
	for _, in := range kmsgInstances(t) {
		m := message.Example(in.api, in.v, in.dir)
		b, err := frame.Encode(m)
		require.NoError(t, err, in.String())
		to, from := deviation(in)
		body := bodyBytes(t, b, in)
		k := kmsgFor(in)
		k.SetVersion(in.v)
		if !assert.NoError(t, k.ReadFrom(to(body)), "%s: kmsg reads the example", in) {
			continue
		}
		sameBytes(t, body, from(k.AppendTo(nil)), "%s: kmsg writes the example back", in)
		c := &valueCmp{t: t, in: in}
		c.structs(in.api.Def(in.dir, in.v).Fields, m.Body, reflect.ValueOf(k).Elem(), "body")
		fields += c.n
		unmatched = append(unmatched, c.unmatched...)
		n++
	}
	t.Logf("kmsg read %d examples and agreed on %d field values; %d fields kmsg names otherwise, checked by the bytes alone:\n%s",
		n, fields, len(unmatched), strings.Join(unmatched, "\n"))
	assert.Less(t, len(unmatched), fields/50, "fields not matched by name")
	assert.Greater(t, n, 600, "examples compared with kmsg")
}

// valueCmp compares our values with kmsg's, field by field.
type valueCmp struct {
	t  *testing.T
	in instance
	n  int // values compared

	unmatched []string // our fields found nowhere in kmsg's struct: checked by the bytes alone
}

// kmsgPairs pairs each of our fields (every version's, as the schema lists
// them) with kmsg's field of a struct: by name first, kmsg writing Ms as
// Millis; the rest, which kmsg names otherwise (Topics for TopicData,
// TransactionID), by position among the unpaired when both sides have as
// many. kmsg's Version (in its top-level structs) and unknown tags are not
// fields of ours. Unpaired fields get no value.
func kmsgPairs(fields []*schema.Field, kv reflect.Value, top bool) []reflect.Value {
	var kf []reflect.Value
	var names []string
	for i := 0; i < kv.NumField(); i++ {
		sf := kv.Type().Field(i)
		if !sf.IsExported() || sf.Type == kmsgTags || (top && i == 0 && sf.Name == "Version") {
			continue
		}
		kf = append(kf, kv.Field(i))
		names = append(names, kmsgName(sf.Name))
	}
	out := make([]reflect.Value, len(fields))
	used := make([]bool, len(kf))
	for i, f := range fields {
		for j, n := range names {
			if !used[j] && n == kmsgName(f.Name) {
				out[i], used[j] = kf[j], true
				break
			}
		}
	}
	var ours, theirs []int
	for i := range fields {
		if !out[i].IsValid() {
			ours = append(ours, i)
		}
	}
	for j := range kf {
		if !used[j] {
			theirs = append(theirs, j)
		}
	}
	if len(ours) == len(theirs) {
		for k, i := range ours {
			out[i] = kf[theirs[k]]
		}
	}
	return out
}

func (c *valueCmp) structs(fields []*schema.Field, s *message.Struct, kv reflect.Value, path string) {
	pairs := kmsgPairs(fields, kv, path == "body")
	for i, f := range fields {
		val, ok := s.Get(f.Name)
		if !ok || !f.Versions.Has(c.in.v) {
			continue
		}
		if !pairs[i].IsValid() {
			c.unmatched = append(c.unmatched, fmt.Sprintf("%s %s.%s", c.in, path, f.Name))
			continue
		}
		c.value(f, val, pairs[i], path+"."+f.Name, false)
	}
}

// kmsgName is a field name as both sides write it alike: kmsg writes Ms as
// Millis and drops the Time before it.
func kmsgName(s string) string {
	s = strings.ToLower(s)
	s = strings.ReplaceAll(s, "millis", "ms")
	return strings.ReplaceAll(s, "time", "")
}

func (c *valueCmp) value(f *schema.Field, val any, kv reflect.Value, path string, elem bool) {
	c.n++
	if kv.Kind() == reflect.Pointer {
		if val == nil {
			assert.True(c.t, kv.IsNil(), "%s: %s: null for us, %v for kmsg", c.in, path, kv)
			return
		}
		if !assert.False(c.t, kv.IsNil(), "%s: %s: %v for us, null for kmsg", c.in, path, val) {
			return
		}
		kv = kv.Elem()
	}
	if f.IsArray() && !elem {
		if val == nil {
			assert.True(c.t, kv.IsNil(), "%s: %s: null array for us, not for kmsg", c.in, path)
			return
		}
		arr := val.([]any)
		if !assert.Equal(c.t, len(arr), kv.Len(), "%s: %s: elements", c.in, path) {
			return
		}
		for i, e := range arr {
			c.value(f, e, kv.Index(i), fmt.Sprintf("%s[%d]", path, i), true)
		}
		return
	}
	if f.IsStruct() {
		c.structs(f.Fields, val.(*message.Struct), kv, path)
		return
	}
	switch x := val.(type) {
	case string:
		assert.Equal(c.t, x, kv.String(), "%s: %s", c.in, path)
	case []byte:
		assert.True(c.t, bytes.Equal(x, kv.Bytes()), "%s: %s: % x for us, % x for kmsg", c.in, path, x, kv.Bytes())
	case *records.Set:
		assert.True(c.t, bytes.Equal(x.AppendTo(nil), kv.Bytes()), "%s: %s: records differ", c.in, path)
	case message.UUID:
		assert.Equal(c.t, x[:], kv.Slice(0, 16).Bytes(), "%s: %s", c.in, path)
	case nil:
		if kv.Kind() == reflect.Slice {
			assert.True(c.t, kv.IsNil(), "%s: %s: null for us, % x for kmsg", c.in, path, kv.Bytes())
			return
		}
		c.t.Errorf("%s: %s: null for us, %v for kmsg", c.in, path, kv)
	default: // numbers and bools; kmsg's enum types print names, so compare their values
		var theirs any
		switch kv.Kind() {
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			theirs = kv.Int()
		case reflect.Uint16, reflect.Uint32:
			theirs = kv.Uint()
		case reflect.Bool:
			theirs = kv.Bool()
		case reflect.Float64:
			theirs = kv.Float()
		default:
			theirs = kv.Interface()
		}
		assert.Equal(c.t, fmt.Sprint(val), fmt.Sprint(theirs), "%s: %s", c.in, path)
	}
}
