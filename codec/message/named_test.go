package message

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/schema"
)

func TestNamedInJSON(t *testing.T) {
	js, err := json.Marshal(Minimal(schema.ByName("InitProducerId"), 5, schema.Response))
	require.NoError(t, err)
	n, err := NamedInJSON(js)
	require.NoError(t, err)
	assert.Equal(t, "InitProducerId", n.API.Name)
	assert.Equal(t, int16(5), n.Version)
	assert.True(t, n.HasDir)
	assert.Equal(t, schema.Response, n.Dir)

	n, err = NamedInJSON([]byte(`{"apiKey": 61, "body": {}}`))
	require.NoError(t, err)
	assert.Equal(t, "DescribeProducers", n.API.Name)
	assert.Equal(t, int16(-1), n.Version, "left out")
	assert.False(t, n.HasDir)

	n, err = NamedInJSON([]byte(`{"body": {}}`))
	require.NoError(t, err)
	assert.Nil(t, n.API)

	for in, want := range map[string]string{
		`{"api": "Produce", "apiKey": 1}`: `"apiKey": 1`,
		`{"api": "Nope"}`:                 `API "Nope", which does not exist`,
		`{"apiKey": 999}`:                 "API key 999",
		`{"direction": "up"}`:             `"direction" is "up"`,
		`{"version": "7"}`:                "JSON",
		"{\n  \"api\": ,}":                "line 2, column 10",
	} {
		_, err := NamedInJSON([]byte(in))
		if assert.Error(t, err, in) {
			assert.Contains(t, err.Error(), want, in)
		}
	}
}
