package frame_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// kmsgBody is the part of kmsg's API this test uses: requests and responses alike.
type kmsgBody interface {
	SetVersion(int16)
	MaxVersion() int16
	AppendTo([]byte) []byte
	ReadFrom([]byte) error
}

// kmsgFor returns a fresh kmsg message for in, or nil when kmsg does not know the API.
func kmsgFor(in instance) kmsgBody {
	if in.dir == schema.Request {
		if r := kmsg.RequestForKey(in.api.Key); r != nil {
			return r
		}
		return nil
	}
	if r := kmsg.ResponseForKey(in.api.Key); r != nil {
		return r
	}
	return nil
}

// kmsgUnknown lists what kmsg v1.15.1 does not implement, with why. The test
// checks this table against kmsg itself, so it cannot go stale; these are
// skipped, not counted as compared.
var kmsgUnknown = map[string]string{
	"22 request v6":  "kmsg stops at v5", // InitProducerId v6 (KIP-939, 2PC: Enable2Pc, KeepPreparedTxn) is newer than kmsg v1.15.1
	"22 response v6": "kmsg stops at v5",
}

// kmsgDeviation is a proven difference between kmsg and the Kafka definitions:
// toKmsg turns a body laid out as Kafka defines it into kmsg's layout, and
// fromKmsg turns it back. The comparison still covers every byte.
type kmsgDeviation struct {
	why              string
	toKmsg, fromKmsg func([]byte) []byte
}

var kmsgDeviations = map[string]kmsgDeviation{
	// StopReplicaRequest.json (v4): ControllerId, isKRaftController, ControllerEpoch, ...
	// kmsg v1.15.1 writes and reads ControllerId, ControllerEpoch, IsKRaftController:
	// the bool and the int32 after it trade places. LeaderAndIsr v7 and
	// UpdateMetadata v8, which added the same field the same way, kmsg gets right.
	"5 request v4": {
		why: "kmsg puts IsKRaftController after ControllerEpoch; StopReplicaRequest.json puts it after ControllerId",
		toKmsg: func(b []byte) []byte { // id(4) bool(1) epoch(4) -> id epoch bool
			out := bytes.Clone(b)
			copy(out[4:8], b[5:9])
			out[8] = b[4]
			return out
		},
		fromKmsg: func(b []byte) []byte { // id epoch(4) bool(1) -> id bool epoch
			out := bytes.Clone(b)
			out[4] = b[8]
			copy(out[5:9], b[4:8])
			return out
		},
	},
}

func identity(b []byte) []byte { return b }

// deviation returns how kmsg's layout differs from Kafka's for in, or identity both ways.
func deviation(in instance) (to, from func([]byte) []byte) {
	if d, ok := kmsgDeviations[unknownKey(in)]; ok {
		return d.toKmsg, d.fromKmsg
	}
	return identity, identity
}

func unknownKey(in instance) string {
	return fmt.Sprintf("%d %s v%d", in.api.Key, in.dir, in.v)
}

// kmsgInstances splits the catalogue into what kmsg knows and what it does not.
func kmsgInstances(t *testing.T) []instance {
	var known []instance
	got := map[string]string{}
	for _, in := range allInstances() {
		k := kmsgFor(in)
		switch {
		case k == nil:
			got[unknownKey(in)] = "API unknown to kmsg"
		case in.v > k.MaxVersion():
			got[unknownKey(in)] = fmt.Sprintf("kmsg stops at v%d", k.MaxVersion())
		default:
			known = append(known, in)
		}
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range got {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		t.Logf("kmsg does not know %s: %s", k, got[k])
	}
	assert.Equal(t, kmsgUnknown, got, "the table of what kmsg does not know")
	return known
}

// bodyBytes is the body of a frame: what kmsg reads and writes.
func bodyBytes(t *testing.T, b []byte, in instance) []byte {
	d := frame.Decode(b, in.api, in.v, in.dir)
	require.Nil(t, d.Err, "%s: %v", in, d.Err)
	return b[bodyNode(t, d).Off:]
}

// TestKmsgMinimal: our minimal bodies read by kmsg and written back identically.
func TestKmsgMinimal(t *testing.T) {
	n := 0
	for _, in := range kmsgInstances(t) {
		to, from := deviation(in)
		body := bodyBytes(t, minimalFrame(t, in), in)
		k := kmsgFor(in)
		k.SetVersion(in.v)
		if !assert.NoError(t, k.ReadFrom(to(body)), in.String()) {
			continue
		}
		sameBytes(t, body, from(k.AppendTo(nil)), "%s: kmsg writes back", in)
		n++
	}
	t.Logf("compared %d minimal bodies with kmsg", n)
}

// TestKmsgRandom: random values of our schema, encoded by us, read and
// written back by kmsg; and random kmsg values, encoded by kmsg, decoded and
// re-encoded by us.
func TestKmsgRandom(t *testing.T) {
	const perInstance = 20
	n := 0
	for _, in := range kmsgInstances(t) {
		hdr := minimalFrame(t, in)
		hdr = hdr[:bodyNode(t, frame.Decode(hdr, in.api, in.v, in.dir)).Off]
		def := in.api.Def(in.dir, in.v)
		flex := def.Flexible.Has(in.v)
		to, from := deviation(in)
		for i := 0; i < perInstance; i++ {
			seed := uint64(in.api.Key)<<32 | uint64(in.dir)<<16 | uint64(in.v)<<8 | uint64(i)
			g := &gen{r: rand.New(rand.NewPCG(seed, 0x6b6d7367))}
			name := fmt.Sprintf("%s #%d", in, i)

			// Ours to kmsg.
			m := message.Minimal(in.api, in.v, in.dir)
			m.Body = g.structVal(def.Fields, in.v, flex, 0)
			b, err := frame.Encode(m)
			require.NoError(t, err, name)
			d := frame.Decode(b, in.api, in.v, in.dir)
			require.Nil(t, d.Err, "%s: %v", name, d.Err)
			again, err := frame.Encode(d.Msg)
			require.NoError(t, err, name)
			require.Equal(t, b, again, "%s: our re-encoding", name)
			body := b[bodyNode(t, d).Off:]
			k := kmsgFor(in)
			k.SetVersion(in.v)
			if assert.NoError(t, k.ReadFrom(to(body)), "%s: kmsg reads ours", name) {
				sameBytes(t, body, from(k.AppendTo(nil)), "%s: kmsg writes back ours", name)
			}

			// kmsg to ours.
			k = kmsgFor(in)
			g.fillKmsg(reflect.ValueOf(k).Elem(), 0)
			k.SetVersion(in.v)
			kb := from(k.AppendTo(nil))
			fb := append(append([]byte(nil), hdr...), kb...)
			sz := len(fb) - 4
			fb[0], fb[1], fb[2], fb[3] = byte(sz>>24), byte(sz>>16), byte(sz>>8), byte(sz)
			d = frame.Decode(fb, in.api, in.v, in.dir)
			if assert.Nil(t, d.Err, "%s: we read kmsg's: %v\n% x", name, d.Err, kb) {
				again, err := frame.Encode(d.Msg)
				require.NoError(t, err, name)
				sameBytes(t, fb, again, "%s: we write back kmsg's", name)
			}
			n++
		}
	}
	t.Logf("compared %d random values each way", n)
}

// sameBytes compares two encodings and says where they first differ.
func sameBytes(t *testing.T, want, got []byte, format string, args ...any) bool {
	t.Helper()
	if bytes.Equal(want, got) {
		return true
	}
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	lo := max(i-8, 0)
	t.Errorf("%s: %d vs %d bytes, first difference at %d:\n want % x\n got  % x", fmt.Sprintf(format, args...), len(want), len(got), i,
		want[lo:min(i+16, len(want))], got[lo:min(i+16, len(got))])
	return false
}

// gen makes random values, deterministic for a seed.
type gen struct{ r *rand.Rand }

func (g *gen) structVal(fields []*schema.Field, v int16, flex bool, depth int) *message.Struct {
	s := &message.Struct{}
	for _, f := range fields {
		if !f.Versions.Has(v) {
			continue
		}
		if flex && f.Tagged.Has(v) {
			if g.r.IntN(2) == 0 {
				continue
			}
			val := g.value(f, v, flex, depth)
			// Kafka (and kmsg) leave out a tagged field that holds its default.
			if isDefault(f, v, val) {
				continue
			}
			s.Fields = append(s.Fields, message.Field{Name: f.Name, Value: val})
			continue
		}
		s.Fields = append(s.Fields, message.Field{Name: f.Name, Value: g.value(f, v, flex, depth)})
	}
	return s
}

func (g *gen) value(f *schema.Field, v int16, flex bool, depth int) any {
	nullable := f.Nullable.Has(v)
	if f.IsArray() {
		if nullable && g.r.IntN(5) == 0 {
			return nil
		}
		n := g.r.IntN(4)
		if depth > 2 {
			n = g.r.IntN(2)
		}
		arr := make([]any, n)
		for i := range arr {
			if f.IsStruct() {
				arr[i] = g.structVal(f.Fields, v, flex, depth+1)
			} else {
				arr[i] = g.scalar(f.Elem(), false)
			}
		}
		return arr
	}
	if f.IsStruct() {
		if nullable && g.r.IntN(3) == 0 {
			return nil
		}
		return g.structVal(f.Fields, v, flex, depth+1)
	}
	return g.scalar(f.Type, nullable)
}

var sampleStrings = []string{"", "a", "topic-1", "héllo wörld ✓", "日本語のトピック", "emoji 🙂", strings.Repeat("x", 127), "\x00\xff not utf-8"}

func (g *gen) int(lo, hi int64) int64 {
	switch g.r.IntN(6) {
	case 0:
		return 0
	case 1:
		return lo
	case 2:
		return hi
	case 3:
		return -1
	case 4:
		return 1
	}
	return lo + int64(g.r.Uint64N(uint64(hi-lo)))
}

func (g *gen) bytes() []byte {
	n := g.r.IntN(20)
	if g.r.IntN(8) == 0 {
		n = 128
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(g.r.UintN(256))
	}
	return b
}

func (g *gen) scalar(typ string, nullable bool) any {
	switch typ {
	case "bool":
		return g.r.IntN(2) == 1
	case "int8":
		return int8(g.int(math.MinInt8, math.MaxInt8))
	case "int16":
		return int16(g.int(math.MinInt16, math.MaxInt16))
	case "uint16":
		return uint16(g.int(0, math.MaxUint16))
	case "int32":
		return int32(g.int(math.MinInt32, math.MaxInt32))
	case "uint32":
		return uint32(g.int(0, math.MaxUint32))
	case "int64":
		return g.int(math.MinInt64, math.MaxInt64)
	case "float64":
		return []float64{0, 1.5, -2.25e300, math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64, g.r.NormFloat64()}[g.r.IntN(8)]
	case "uuid":
		var u message.UUID
		if g.r.IntN(4) > 0 {
			for i := range u {
				u[i] = byte(g.r.UintN(256))
			}
		}
		return u
	case "string":
		if nullable && g.r.IntN(5) == 0 {
			return nil
		}
		if g.r.IntN(3) == 0 {
			return string(g.bytes())
		}
		return sampleStrings[g.r.IntN(len(sampleStrings))]
	case "bytes":
		if nullable && g.r.IntN(5) == 0 {
			return nil
		}
		return g.bytes()
	case "records":
		if nullable && g.r.IntN(3) == 0 {
			return nil
		}
		return records.Minimal()
	}
	panic("no generator for " + typ)
}

// isDefault reports whether val is the default of field f, which Kafka leaves out when f is tagged.
func isDefault(f *schema.Field, v int16, val any) bool {
	if f.IsArray() {
		return val == nil || (len(val.([]any)) == 0 && f.Default != "null")
	}
	if f.IsStruct() {
		if val == nil {
			return true
		}
		if f.Nullable.Has(v) && f.Default == "null" {
			return false
		}
		s := val.(*message.Struct)
		if len(s.Unknown) > 0 {
			return false
		}
		for _, sf := range f.Fields {
			if !sf.Versions.Has(v) {
				continue
			}
			x, ok := s.Get(sf.Name)
			if sf.Tagged.Has(v) {
				if ok {
					return false
				}
				continue
			}
			if !isDefault(sf, v, x) {
				return false
			}
		}
		return true
	}
	switch x := val.(type) {
	case nil:
		return true
	case string:
		return f.Default != "null" && x == f.Default
	case []byte:
		return len(x) == 0 && f.Default != "null"
	case *records.Set:
		return false
	case bool:
		return x == (f.Default == "true")
	case message.UUID:
		return x == message.UUID{}
	case float64:
		d, _ := strconv.ParseFloat(f.Default, 64)
		return x == d
	}
	d, err := strconv.ParseInt(f.Default, 0, 64)
	if err != nil {
		u, _ := strconv.ParseUint(f.Default, 0, 64)
		d = int64(u)
	}
	return fmt.Sprint(val) == fmt.Sprint(reflect.ValueOf(d).Convert(reflect.TypeOf(val)).Interface())
}

var (
	kmsgTags   = reflect.TypeOf(kmsg.Tags{})
	minRecords = records.Minimal().AppendTo(nil)
)

// fillKmsg fills a kmsg struct with random values by reflection. Strings and
// bytes (records too) are never nil: kmsg writes a nil as null even where the
// field is not nullable, which is the caller's mistake, not a difference in
// encoding. Records are the minimal batch.
func (g *gen) fillKmsg(v reflect.Value, depth int) {
	for i := 0; i < v.NumField(); i++ {
		sf := v.Type().Field(i)
		fv := v.Field(i)
		if !sf.IsExported() || sf.Type == kmsgTags {
			continue
		}
		if isKmsgRecords(v.Type(), sf) {
			fv.SetBytes(slices.Clone(minRecords))
			continue
		}
		g.fillValue(fv, depth)
	}
}

// isKmsgRecords reports whether a kmsg field is one of the schema's records
// fields, which kmsg holds as plain bytes under its own names.
func isKmsgRecords(st reflect.Type, sf reflect.StructField) bool {
	if sf.Type != reflect.TypeOf([]byte(nil)) {
		return false
	}
	switch sf.Name {
	case "Records", "RecordBatches": // Produce, Fetch, ShareFetch
		return true
	case "Bytes": // FetchSnapshot's UnalignedRecords
		return st.Name() == "FetchSnapshotResponseTopicPartition"
	}
	return false
}

func (g *gen) fillValue(fv reflect.Value, depth int) {
	switch fv.Kind() {
	case reflect.Bool:
		fv.SetBool(g.r.IntN(2) == 1)
	case reflect.Int8:
		fv.SetInt(g.int(math.MinInt8, math.MaxInt8))
	case reflect.Int16:
		fv.SetInt(g.int(math.MinInt16, math.MaxInt16))
	case reflect.Int32:
		fv.SetInt(g.int(math.MinInt32, math.MaxInt32))
	case reflect.Int64:
		fv.SetInt(g.int(math.MinInt64, math.MaxInt64))
	case reflect.Uint16:
		fv.SetUint(uint64(g.int(0, math.MaxUint16)))
	case reflect.Uint32:
		fv.SetUint(uint64(g.int(0, math.MaxUint32)))
	case reflect.Float64:
		fv.SetFloat(g.scalar("float64", false).(float64))
	case reflect.String:
		fv.SetString(g.scalar("string", false).(string))
	case reflect.Array: // uuid
		u := g.scalar("uuid", false).(message.UUID)
		reflect.Copy(fv, reflect.ValueOf(u[:]))
	case reflect.Pointer:
		if fv.Type().Elem().Kind() == reflect.Struct && g.r.IntN(3) == 0 {
			return // a null struct
		}
		p := reflect.New(fv.Type().Elem())
		if d, ok := p.Interface().(interface{ Default() }); ok {
			d.Default()
		}
		g.fillValue(p.Elem(), depth+1)
		fv.Set(p)
	case reflect.Struct:
		g.fillKmsg(fv, depth+1)
	case reflect.Slice:
		if fv.Type().Elem().Kind() == reflect.Uint8 {
			fv.SetBytes(g.bytes())
			return
		}
		if g.r.IntN(5) == 0 {
			return // nil: null where nullable, empty otherwise
		}
		n := g.r.IntN(4)
		if depth > 2 {
			n = g.r.IntN(2)
		}
		s := reflect.MakeSlice(fv.Type(), n, n)
		for i := 0; i < n; i++ {
			g.fillValue(s.Index(i), depth+1)
		}
		fv.Set(s)
	default:
		panic("no filler for " + fv.Type().String())
	}
}
