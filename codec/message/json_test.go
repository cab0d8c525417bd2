package message_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Every minimal message survives JSON and back byte for byte.
func TestJSONRoundTripAllMessages(t *testing.T) {
	n := 0
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				m := message.Minimal(api, v, dir)
				want, err := frame.Encode(m)
				require.NoError(t, err)
				js, err := json.Marshal(m)
				require.NoError(t, err, "%s v%d %s", api.Name, v, dir)
				back, err := message.FromJSON(js, api, v, dir)
				require.NoError(t, err, "%s v%d %s: %s", api.Name, v, dir, js)
				got, err := frame.Encode(back)
				require.NoError(t, err)
				require.True(t, bytes.Equal(want, got), "%s v%d %s", api.Name, v, dir)
				n++
			}
		}
	}
	assert.Equal(t, 736, n)
}

func TestJSONValues(t *testing.T) {
	api := schema.ByName("DescribeProducers")
	in := `{"header": {"CorrelationId": 7, "ClientId": null},
	  "body": {"Topics": [{"Name": "orders", "PartitionIndexes": [0, 2147483647]}]}}`
	m, err := message.FromJSON([]byte(in), api, 0, schema.Request)
	require.NoError(t, err)
	b, err := frame.Encode(m)
	require.NoError(t, err)
	// size, key 61, v0, corr 7, client id null (int16 -1), no tags, 1 topic, "orders", 2 partitions, tags.
	assert.Equal(t, "0000001e"+"003d"+"0000"+"00000007"+"ffff"+"00"+"02"+"076f7264657273"+"03"+"00000000"+"7fffffff"+"00"+"00", hex.EncodeToString(b))

	// int64 values keep every digit, bytes are hex, uuids Kafka's base64.
	fetch := schema.ByName("Fetch")
	m = message.Minimal(fetch, 13, schema.Request)
	require.NoError(t, m.Apply(message.Edit{Op: message.OpSet, Path: message.ParsePath("body.Topics.0.TopicId"), Text: "AAECAwQFBgcICQoLDA0ODw"}))
	require.NoError(t, m.Apply(message.Edit{Op: message.OpSet, Path: message.ParsePath("body.Topics.0.Partitions.0.FetchOffset"), Text: "9223372036854775807"}))
	js, err := json.Marshal(m)
	require.NoError(t, err)
	assert.Contains(t, string(js), `"TopicId":"AAECAwQFBgcICQoLDA0ODw"`)
	assert.Contains(t, string(js), `"FetchOffset":9223372036854775807`)
	back, err := message.FromJSON(js, fetch, 13, schema.Request)
	require.NoError(t, err)
	b1, _ := frame.Encode(m)
	b2, _ := frame.Encode(back)
	assert.Equal(t, b1, b2)
}

func TestJSONErrors(t *testing.T) {
	api := schema.ByName("DescribeProducers")
	for _, c := range []struct{ in, want string }{
		{`{"body": {"Topics": [{"Name": 5}]}}`, "body.Topics[0].Name: want a string, have a number"},
		{`{"body": {"Topicz": []}}`, `body: unknown key "Topicz"; the keys here are Topics, _unknownTags at v0`},
		{`{"body": {"Topics": null}}`, "body.Topics: null, but the field is not nullable at v0"},
		{`{"body": {"Topics": [{"PartitionIndexes": [2147483648]}]}}`, `body.Topics[0].PartitionIndexes[0]: "2147483648" is not an int32`},
		{"{\n  \"body\": {,}}", "JSON line 2, column 12"},
		{`{"version": 3, "body": {}}`, "the JSON is for version 3, not 0"},
		{`{"header": {}}`, `the JSON has no "body"`},
		{`{"header": {"RequestApiKey": 3}, "body": {}}`, "header.RequestApiKey is 3, but the message is DescribeProducers v0"},
	} {
		_, err := message.FromJSON([]byte(c.in), api, 0, schema.Request)
		require.Error(t, err, c.in)
		assert.Contains(t, err.Error(), c.want, c.in)
	}
}
