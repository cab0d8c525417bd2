package conversation

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// A filter's numbers and versions match as written by strconv, whole
// (corr:07 is no correlation id 7, v012 no version 12), and its text
// matches the API, connection, direction, version and client id as before
// Match read them from what a frame keeps rather than from the frame put
// back together.
func TestFilterTermsOnOneFrame(t *testing.T) {
	// A Fetch v12 request's header: size, key, version, correlation id,
	// client id; the body is not read.
	b := binary.BigEndian.AppendUint32(nil, 0)
	b = binary.BigEndian.AppendUint16(b, 1)
	b = binary.BigEndian.AppendUint16(b, 12)
	b = binary.BigEndian.AppendUint32(b, 7)
	b = binary.BigEndian.AppendUint16(b, uint16(len("Kgo-Client")))
	b = append(b, "Kgo-Client"...)
	r := Collect([]Frame{{Conn: "127.0.0.1:51234>127.0.0.1:9092", API: schema.ByName("Fetch"), Version: 12,
		CorrelationID: 7, Dir: schema.Request, Pair: -1, Bytes: b}}, nil)
	match := func(q string) bool { return ParseFilter(q).Match(r, 0, r.Decoded()) }
	for _, q := range []string{"fetch", "FETCH", "fet", "fetch/12", "fetch/v12", "api:fetch/v12", "api:Fetch/12",
		"v12", "v:12", "v:v12", "version:12", "corr:7", "id:7", "7", "51234", "9092", "kgo", "client:KGO-client",
		"dir:req", "request", "0.1:5", "conn:51234>", "fetch v12 7 kgo"} {
		assert.True(t, match(q), q)
	}
	for _, q := range []string{"fetch/v012", "fetch/13", "fetch/", "fetch/vv12", "v012", "v:012", "vv12", "corr:07",
		"corr:+7", "007", "produce", "api:produce", "api:fetch/v11", "1234", "27", "response", "dir:resp",
		"client:sarama", "fetch 8"} {
		assert.False(t, match(q), q)
	}
}

// containsLower is strings.Contains of the lower-cased text, on ASCII and
// on text that is not.
func TestContainsLower(t *testing.T) {
	for _, c := range []struct{ b, t string }{
		{"Kgo-Client", "kgo"}, {"KGO", "kgo"}, {"kgo", "kgoo"}, {"", ""}, {"abc", ""}, {"", "a"},
		{"producer-1", "cer-1"}, {"ABCABD", "abd"}, {"ÄBC", "äbc"}, {"ÄBC", "bc"}, {"İstanbul", "stan"},
		{"İstanbul", "i̇stan"}, {"Ωmega", "ωm"}, {"x\xffy", "y"},
	} {
		assert.Equal(t, strings.Contains(strings.ToLower(c.b), c.t), containsLower(c.b, c.t), "%q in %q", c.t, c.b)
	}
}
