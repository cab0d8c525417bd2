package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/schema"
)

func TestDiff(t *testing.T) {
	out, errOut, status := kafkawire(t, "", "diff", "--api", "Fetch", "6", "7")
	require.Equal(t, 0, status, errOut)
	req, resp, ok := strings.Cut(out, "\nresponse\n")
	require.True(t, ok, out)
	assert.True(t, strings.HasPrefix(out, "Fetch v6 -> v7\n"), out)
	assert.Contains(t, req, "+ SessionId int32\n")
	assert.Contains(t, req, "+ SessionEpoch int32\n")
	assert.Contains(t, req, "header         v1 -> v1\n")
	assert.Contains(t, resp, "+ ErrorCode int16\n")

	// Flags after the versions, a key for the name, and a "v" before a version.
	out, errOut, status = kafkawire(t, "", "diff", "v8", "v9", "--api", "0")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, "Produce v8 -> v9")
	assert.Contains(t, out, "flexible       no -> yes")
	assert.Contains(t, out, "header         v1 -> v2")
	assert.Contains(t, out, "header         v0 -> v1")

	out, _, status = kafkawire(t, "", "diff", "--api", "Metadata", "4", "4")
	require.Equal(t, 0, status)
	assert.Equal(t, 2, strings.Count(out, "no change"), out)
}

func TestDiffJSON(t *testing.T) {
	out, errOut, status := kafkawire(t, "", "diff", "--api", "Metadata", "--json", "9", "10")
	require.Equal(t, 0, status, errOut)
	var got struct {
		API      string
		From, To int16
		Response struct {
			From, To struct{ MinimalSize int }
			Fields   []struct{ Path, Change, Type string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got), out)
	assert.Equal(t, "Metadata", got.API)
	assert.Equal(t, int16(10), got.To)
	assert.Contains(t, got.Response.Fields, struct{ Path, Change, Type string }{"Topics.TopicId", "added", "uuid"})
	assert.Equal(t, 16, got.Response.To.MinimalSize-got.Response.From.MinimalSize)
}

func TestDiffBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"diff", "6", "7"}, "--api is required"},
		{[]string{"diff", "--api", "NoSuchApi", "6", "7"}, `no API "NoSuchApi"`},
		{[]string{"diff", "--api", "Fetch", "6"}, "two versions"},
		{[]string{"diff", "--api", "Fetch", "6", "seven"}, `"seven"`},
		{[]string{"diff", "--api", "Fetch", "6", "99"}, "no version 99"},
	} {
		_, errOut, status := kafkawire(t, "", tc.args...)
		assert.Equal(t, 1, status, "%v", tc.args)
		assert.Contains(t, errOut, tc.says, "%v", tc.args)
	}
}

func TestErrorsCommand(t *testing.T) {
	out, errOut, status := kafkawire(t, "", "errors")
	require.Equal(t, 0, status, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Len(t, lines, 1+len(schema.ErrorCodes()), "a header and every code")
	assert.Regexp(t, `^3\s+UNKNOWN_TOPIC_OR_PARTITION\s+yes\s+\S`, lines[5])

	out, errOut, status = kafkawire(t, "", "errors", "--api", "JoinGroup")
	require.Equal(t, 0, status, errOut)
	assert.Regexp(t, `(?m)^79\s+MEMBER_ID_REQUIRED\s+no\s+\S`, out)
	assert.NotContains(t, out, "OFFSET_OUT_OF_RANGE")

	out, _, status = kafkawire(t, "", "errors", "--json", "--api", "Heartbeat")
	require.Equal(t, 0, status)
	var list []struct {
		Code      int16
		Name      string
		Retriable bool
		Meaning   string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	require.NotEmpty(t, list)
	assert.Equal(t, "UNKNOWN_SERVER_ERROR", list[0].Name)
	for _, e := range list {
		assert.NotEmpty(t, e.Meaning, e.Name)
		assert.Equal(t, schema.Error(e.Code).Retriable, e.Retriable, e.Name)
	}

	_, errOut, status = kafkawire(t, "", "errors", "--api", "NoSuchApi")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, `no API "NoSuchApi"`)
	_, errOut, status = kafkawire(t, "", "errors", "extra")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "no arguments")
}
