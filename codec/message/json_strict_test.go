package message_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A key anywhere in a real Produce request's JSON, renamed, is an error that
// names the key and the path to it: the message's fields, and the records
// JSON inside them, down to a record header.
func TestJSONUnknownKeysAnywhere(t *testing.T) {
	m := produceFrame(t)
	js, err := json.Marshal(m)
	require.NoError(t, err)
	_, err = message.FromJSON(js, m.API, m.Version, m.Dir)
	require.NoError(t, err, "the unchanged JSON reads")
	for _, c := range []struct{ from, to, want string }{
		{`"acks":`, `"Acks":`, `the JSON's top level: unknown key "Acks"`},
		{`"Acks":`, `"acks":`, `body: unknown key "acks" (keys are case-sensitive: "Acks", not "acks")`},
		{`"Name":`, `"Nmae":`, `body.TopicData[0]: unknown key "Nmae"`},
		{`"codec":`, `"codex":`, `body.TopicData[0].PartitionData[0].Records.batches[0]: unknown key "codex"`},
		{`"timestampDelta":`, `"TimestampDelta":`, `body.TopicData[0].PartitionData[0].Records.batches[0].records[0]: unknown key "TimestampDelta"`},
		{`"headers":[{"key":`, `"headers":[{"kee":`, `body.TopicData[0].PartitionData[0].Records.batches[0].records[4].headers[0]: unknown key "kee"`},
		{`"codec":"none"`, `"codec":"7A00"`, `body.TopicData[0].PartitionData[0].Records.batches[0].codec: codec "7A00": want "none"`},
		{`"ClientId":`, `"clientId":`, `header: unknown key "clientId"`},
	} {
		if c.from == `"acks":` {
			c.from = `"header":` // a top-level key: renamed from one that is there
			c.to = `"Acks":0,"header":`
		}
		in := strings.Replace(string(js), c.from, c.to, 1)
		require.NotEqual(t, string(js), in, "%s is in the JSON", c.from)
		_, err := message.FromJSON([]byte(in), m.API, m.Version, m.Dir)
		require.Error(t, err, c.to)
		assert.Contains(t, err.Error(), c.want, c.to)
	}
}

// The keys that name the message match exactly too.
func TestNamedInJSONExactKeys(t *testing.T) {
	n, err := message.NamedInJSON([]byte(`{"API": "Fetch", "Version": 3, "direction": "request"}`))
	require.NoError(t, err)
	assert.Nil(t, n.API, `"API" is not "api"`)
	assert.Equal(t, int16(-1), n.Version, `"Version" is not "version"`)
	assert.True(t, n.HasDir)
	n, err = message.NamedInJSON([]byte(`{"api": "Fetch", "version": 3}`))
	require.NoError(t, err)
	assert.Equal(t, "Fetch", n.API.Name)
	assert.Equal(t, int16(3), n.Version)
	_, err = message.NamedInJSON([]byte(`{"version": "3"}`))
	assert.ErrorContains(t, err, `the JSON's "version" is "3"`)
	_, err = message.FromJSON([]byte(`{"body": {"_unknownTags": [{"tag": 9, "data": "00", "dat": "01"}]}}`), schema.ByName("ApiVersions"), 3, schema.Request)
	assert.ErrorContains(t, err, `body._unknownTags[0]: unknown key "dat"`)

	// Below the flexible versions there are no tagged fields, known or not.
	_, err = message.FromJSON([]byte(`{"body": {"Topics": [{"Name": "x"}], "Bogus": 1}}`), schema.ByName("Metadata"), 4, schema.Request)
	assert.EqualError(t, err, `JSON line 1, column 47: body: unknown key "Bogus"; the keys here are Topics, AllowAutoTopicCreation at v4`)
	_, err = message.FromJSON([]byte(`{"body": {"_unknownTags": []}}`), schema.ByName("Metadata"), 4, schema.Request)
	assert.ErrorContains(t, err, `body: unknown key "_unknownTags"`)
}

// An error with a path says the line and column of the value the path names,
// in the JSON as the user wrote it.
func TestJSONErrorLineColumn(t *testing.T) {
	in := `{"api": "Produce", "version": 9, "direction": "request",
  "body": {
    "TopicData": [
      {"Name": "a", "PartitionData": []},
      {"Name": "b", "PartitionData": [
        {"Index": 0, "Records": {"batches": [
          {"codec": "gzip", "records": [{"value": "v"}, {"value": "w", "kye": "k"}]}
        ]}}
      ]}
    ],
    "Acks": -1
  }
}`
	api := schema.ByName("Produce")
	_, err := message.FromJSON([]byte(in), api, 9, schema.Request)
	require.Error(t, err)
	// An unknown key: the position is its value ("k" on line 7).
	assert.Contains(t, err.Error(), `JSON line 7, column 79: body.TopicData[1].PartitionData[0].Records.batches[0].records[1]: unknown key "kye"`)
	line7 := strings.Split(in, "\n")[6]
	assert.Equal(t, `"k"`, line7[78:81], "column 79 of line 7 is the unknown key's value")

	in = strings.Replace(strings.Replace(in, `, "kye": "k"`, ``, 1), `"Acks": -1`, `"Acks": "x"`, 1)
	_, err = message.FromJSON([]byte(in), api, 9, schema.Request)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `JSON line 11, column 13: body.Acks: "x" is not an int16`)

	// A value the JSON leaves out: the position is the object that lacks it.
	in = "{\"body\": {\"TopicData\": [{\"PartitionData\": [{\"Records\": {\"batches\": [\n  {\"magic\": 1, \"codec\": \"gzip\"}]}}]}]}}"
	_, err = message.FromJSON([]byte(in), api, 2, schema.Request)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `JSON line 2, column 3: body.TopicData[0].PartitionData[0].Records.batches[0].messages: a gzip wrapper needs at least one message`)
}
