package main

import (
	"encoding/hex"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// produceWith is a Produce v7 request frame carrying a records field captured
// from kgo (codec/records/testdata), whose compressed bytes kafkawire's own
// compressor would not write the same.
func produceWith(t *testing.T, capture string) string {
	recs, err := os.ReadFile("../codec/records/testdata/" + capture + ".records")
	require.NoError(t, err)
	req := kmsg.NewPtrProduceRequest()
	req.Version, req.Acks, req.TimeoutMillis = 7, -1, 5000
	p := kmsg.NewProduceRequestTopicPartition()
	p.Records = recs
	tp := kmsg.NewProduceRequestTopic()
	tp.Topic, tp.Partitions = "orders", []kmsg.ProduceRequestTopicPartition{p}
	req.Topics = append(req.Topics, tp)
	return hex.EncodeToString(kmsg.NewRequestFormatter(kmsg.FormatterClientID("pipe")).AppendRequest(nil, req, 9))
}

// `kafkawire decode --json < f | kafkawire encode --json -` gives back the
// same bytes, compressed batches included, with no flags on encode.
func TestDecodeEncodePipe(t *testing.T) {
	for _, capture := range []string{"gzip-0", "snappy-0", "zstd-0"} {
		frame := produceWith(t, capture)
		js, errOut, status := kafkawire(t, frame, "decode", "--json")
		require.Equal(t, 0, status, errOut)
		assert.Contains(t, js, `"compressed": "`, capture)
		got, errOut, status := kafkawire(t, js, "encode", "--json", "-")
		require.Equal(t, 0, status, "%s: %s", capture, errOut)
		assert.Equal(t, frame+"\n", got, capture)
	}

	// One header field changed in the JSON: the header is encoded anew, the
	// compressed records are kept as they were.
	js, _, _ := kafkawire(t, produceWith(t, "gzip-0"), "decode", "--json")
	pid := regexp.MustCompile(`"producerId": -?\d+`)
	require.Len(t, pid.FindAllString(js, -1), 1)
	edited, errOut, status := kafkawire(t, pid.ReplaceAllString(js, `"producerId": 4242`), "encode", "--json", "-")
	require.Equal(t, 0, status, errOut)
	again, errOut, status := kafkawire(t, edited, "decode", "--json")
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, again, `"producerId": 4242`)
	compressed := regexp.MustCompile(`"compressed": "[0-9a-f]+"`)
	assert.Equal(t, compressed.FindString(js), compressed.FindString(again))
	assert.NotEmpty(t, compressed.FindString(js))

	// A response names its direction too.
	resp, _, status := kafkawire(t, "", "encode", "--api", "Produce", "--version", "7", "--response")
	require.Equal(t, 0, status)
	js, errOut, status = kafkawire(t, resp, "decode", "--json", "--response", "--api", "Produce", "--version", "7")
	require.Equal(t, 0, status, errOut)
	got, errOut, status := kafkawire(t, js, "encode", "--json", "-")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, resp, got)

	// Flags that agree are fine; flags that disagree are an error that says both.
	js, _, _ = kafkawire(t, produceWith(t, "gzip-0"), "decode", "--json")
	_, errOut, status = kafkawire(t, js, "encode", "--json", "-", "--api", "0", "--version", "7", "--request")
	assert.Equal(t, 0, status, errOut)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--api", "Fetch"}, "--api says Fetch, the JSON says Produce"},
		{[]string{"--version", "6"}, "--version says 6, the JSON says 7"},
		{[]string{"--response"}, "--response says response, the JSON says request"},
	} {
		_, errOut, status = kafkawire(t, js, append([]string{"encode", "--json", "-"}, c.args...)...)
		assert.Equal(t, 1, status)
		assert.Contains(t, errOut, c.want)
	}
	// JSON that names nothing still needs the flags, and says so.
	_, errOut, status = kafkawire(t, `{"body": {}}`, "encode", "--json", "-")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "--api is required")
	_, errOut, _ = kafkawire(t, `{"api": "Nope", "body": {}}`, "encode", "--json", "-")
	assert.Contains(t, errOut, `API "Nope"`)
	_, errOut, _ = kafkawire(t, strings.Replace(js, `"request"`, `"sideways"`, 1), "encode", "--json", "-")
	assert.Contains(t, errOut, `"sideways"`)
}
