package frame_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// response encodes a response of api at v with the body fields set.
func response(t *testing.T, api string, v int16, set map[string]any) []byte {
	t.Helper()
	m := message.Minimal(schema.ByName(api), v, schema.Response)
	m.Header.Set("CorrelationId", int32(7))
	for k, x := range set {
		m.Body.Set(k, x)
	}
	b, err := frame.Encode(m)
	require.NoError(t, err)
	return b
}

// candidate is Guess's candidate api v for b, which must be one.
func candidate(t *testing.T, b []byte, api string, v int16) frame.Candidate {
	t.Helper()
	for _, c := range frame.Guess(b) {
		if c.API.Name == api && c.Version == v {
			return c
		}
	}
	t.Fatalf("%s v%d is not a candidate", api, v)
	return frame.Candidate{}
}

// Guess scores from the decoded values: error codes Kafka does not define
// and strings no client would write are doubtful; every field and element
// decoded counts.
func TestGuessScoresValues(t *testing.T) {
	plain := map[string]any{"ErrorCode": int16(15), "NodeId": int32(1), "Host": "broker-1", "Port": int32(9092)}
	c := candidate(t, response(t, "FindCoordinator", 0, plain), "FindCoordinator", 0)
	assert.Equal(t, 0, c.Doubt)
	assert.Equal(t, 5, c.Fields, "CorrelationId, then ErrorCode, NodeId, Host, Port")

	odd := map[string]any{"ErrorCode": int16(9999), "NodeId": int32(1), "Host": "broker-1", "Port": int32(9092)}
	assert.Equal(t, 1, candidate(t, response(t, "FindCoordinator", 0, odd), "FindCoordinator", 0).Doubt, "error code 9999 is no Kafka error")

	odd = map[string]any{"ErrorCode": int16(0), "NodeId": int32(1), "Host": "bro\x01ker", "Port": int32(9092)}
	assert.Equal(t, 1, candidate(t, response(t, "FindCoordinator", 0, odd), "FindCoordinator", 0).Doubt, "a control character in a host name")

	odd = map[string]any{"ErrorCode": int16(-2), "NodeId": int32(1), "Host": "\xff\xfe", "Port": int32(9092)}
	assert.Equal(t, 2, candidate(t, response(t, "FindCoordinator", 0, odd), "FindCoordinator", 0).Doubt, "not UTF-8, and no error -2")

	// Array elements count, and so do their fields.
	keys := []any{}
	for _, k := range []int16{0, 1} {
		e := message.MinimalStruct(schema.ByName("ApiVersions").Def(schema.Response, 0).Fields[1].Fields, 0, false)
		e.Set("ApiKey", k)
		keys = append(keys, e)
	}
	c = candidate(t, response(t, "ApiVersions", 0, map[string]any{"ApiKeys": keys}), "ApiVersions", 0)
	assert.Equal(t, 0, c.Doubt)
	assert.Equal(t, 1+2+2*(1+3), c.Fields, "CorrelationId, ErrorCode, ApiKeys, and two elements of three fields")
}

// Candidates come least doubtful first, and among equally doubtful ones
// the reading that finds more structure first. These bytes read as
// ControlledShutdown too: NodeId 1 as one remaining partition, named by the
// host, numbered by the port; that reading finds a field more.
func TestGuessOrder(t *testing.T) {
	b := response(t, "FindCoordinator", 0, map[string]any{"ErrorCode": int16(15), "NodeId": int32(1), "Host": "broker-1", "Port": int32(9092)})
	cands := frame.Guess(b)
	var names []string
	for _, c := range cands {
		names = append(names, c.String())
	}
	assert.Equal(t, []string{"ControlledShutdown v2", "ControlledShutdown v1", "ControlledShutdown v0", "FindCoordinator v0"}, names)
	assert.Equal(t, 6, cands[0].Fields)
	for i := 1; i < len(cands); i++ {
		a, c := cands[i-1], cands[i]
		assert.True(t, a.Doubt < c.Doubt || a.Doubt == c.Doubt && a.Fields >= c.Fields, "%s before %s", a, c)
	}

}
