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
		{"{\"api\": \"DescribeProducers\",\n \"version\": 3, \"body\": {}}", "JSON line 2, column 13: version: the JSON is for version 3, not 0"},
		{`{"api": "Fetch", "body": {}}`, "JSON line 1, column 9: api: the JSON is for API Fetch, not DescribeProducers"},
		{`{"direction": "response", "body": {}}`, "JSON line 1, column 15: direction: the JSON is a response, not a request"},
		{`{"header": {}}`, `the JSON has no "body"`},
		{`{"header": {"RequestApiKey": 3}, "body": {}}`, "JSON line 1, column 30: header.RequestApiKey: is 3, but the message is DescribeProducers v0"},
	} {
		_, err := message.FromJSON([]byte(c.in), api, 0, schema.Request)
		require.Error(t, err, c.in)
		assert.Contains(t, err.Error(), c.want, c.in)
	}
}

// A field the JSON leaves out has the minimal instance's value: every
// scalar field of every message, left out, encodes as in the minimal
// instance (a nullable string with no default is null there, as
// InitProducerId's TransactionalId, which a broker refuses empty).
func TestJSONLeftOutIsMinimal(t *testing.T) {
	n := 0
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				m := message.Minimal(api, v, dir)
				want, err := frame.Encode(m)
				require.NoError(t, err)
				// The body's arrays and structs kept (the minimal one has an
				// element where a left-out array is empty, and a struct where
				// a left-out nullable one is null), every other field left out.
				body := map[string]any{}
				for _, f := range m.Body.Fields {
					_, isArray := f.Value.([]any)
					_, isStruct := f.Value.(*message.Struct)
					if isArray || isStruct {
						body[f.Name] = json.RawMessage(mustJSON(t, m, f.Name))
					}
				}
				js, err := json.Marshal(map[string]any{"body": body})
				require.NoError(t, err)
				back, err := message.FromJSON(js, api, v, dir)
				require.NoError(t, err, "%s v%d %s: %s", api.Name, v, dir, js)
				got, err := frame.Encode(back)
				require.NoError(t, err)
				require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), "%s v%d %s: %s", api.Name, v, dir, js)
				n++
			}
		}
	}
	assert.Equal(t, 736, n)

	api := schema.ByName("InitProducerId")
	m, err := message.FromJSON([]byte(`{"body": {"TransactionTimeoutMs": 60000}}`), api, 5, schema.Request)
	require.NoError(t, err)
	id, _ := m.Body.Get("TransactionalId")
	assert.Nil(t, id)

	// A header with fields left out has the minimal header's: every
	// request and response header, with its correlation id alone given.
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				m := message.Minimal(api, v, dir)
				m.Header.Set("CorrelationId", int32(7))
				want, err := frame.Encode(m)
				require.NoError(t, err)
				back, err := message.FromJSON([]byte(`{"header": {"CorrelationId": 7}, "body": {}}`), api, v, dir)
				require.NoError(t, err)
				got, err := frame.Encode(back)
				require.NoError(t, err)
				hdr := headerEnd(t, want, api, v, dir)
				require.Equal(t, hex.EncodeToString(want[4:hdr]), hex.EncodeToString(got[4:hdr]), "%s v%d %s: the header", api.Name, v, dir)
			}
		}
	}
}

// headerEnd is where the header of frame b ends.
func headerEnd(t *testing.T, b []byte, api *schema.API, v int16, dir schema.Direction) int {
	t.Helper()
	d := frame.Decode(b, api, v, dir)
	require.Nil(t, d.Err)
	for _, n := range d.Tree.Children {
		if n.Name == "RequestHeader" || n.Name == "ResponseHeader" {
			return n.End
		}
	}
	t.Fatalf("no header in\n%s", d.Tree.Text())
	return 0
}

// mustJSON is the JSON of the body field name of m, as m's JSON form has it.
func mustJSON(t *testing.T, m *message.Message, name string) []byte {
	t.Helper()
	js, err := json.Marshal(m)
	require.NoError(t, err)
	var top struct{ Body map[string]json.RawMessage }
	require.NoError(t, json.Unmarshal(js, &top))
	return top.Body[name]
}
