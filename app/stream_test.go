package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Flags given for a response name every response of a stream.
func TestDecodeResponsesBackToBack(t *testing.T) {
	one, _, status := kafkawire(t, "", "encode", "--api", "Produce", "--version", "7", "--response")
	require.Equal(t, 0, status)
	two := strings.TrimSpace(one) + strings.TrimSpace(one)
	out, errOut, status := kafkawire(t, two, "decode", "--response", "--api", "Produce", "--version", "7")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, 2, strings.Count(out, "ProduceResponse message v7"), out)
	assert.Contains(t, out, "# frame 2 at 0x")

	// As JSON too, and two requests with --request.
	out, errOut, status = kafkawire(t, two, "decode", "--json", "--response", "--api", "Produce", "--version", "7")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, 2, strings.Count(out, `"direction": "response"`))
	req, _, _ := kafkawire(t, "", "encode", "--api", "DescribeProducers", "--version", "0", "--request")
	out, errOut, status = kafkawire(t, strings.Repeat(strings.TrimSpace(req), 3), "decode", "--request")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, 3, strings.Count(out, "DescribeProducersRequest message v0"))

	// A single response without its size prefix still decodes with the flags.
	out, errOut, status = kafkawire(t, strings.TrimSpace(one)[8:], "decode", "--response", "--api", "Produce", "--version", "7")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, 1, strings.Count(out, "ProduceResponse message v7"))
}

// A response given without flags reads as a broken request: the error says what would work.
func TestDecodeHintsAtResponse(t *testing.T) {
	resp, _, _ := kafkawire(t, "", "encode", "--api", "InitProducerId", "--version", "5", "--response")
	_, errOut, status := kafkawire(t, resp, "decode")
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "read badly as a request but cleanly as a response")
	assert.Contains(t, errOut, "--response --api")
	assert.Contains(t, errOut, "--guess")

	// A clean request gets no such hint.
	req, _, _ := kafkawire(t, "", "encode", "--api", "DescribeProducers", "--version", "0", "--request")
	_, errOut, status = kafkawire(t, req, "decode")
	assert.Equal(t, 0, status)
	assert.Empty(t, errOut)

	// --guess on a clean request says so before listing what else it could be.
	out, errOut, status := kafkawire(t, req, "decode", "--guess")
	require.Equal(t, 0, status, errOut)
	assert.True(t, strings.HasPrefix(out, "reads cleanly as a request: DescribeProducers request v0"), out)
	// --guess on a response does not claim it is a request.
	out, _, status = kafkawire(t, resp, "decode", "--guess")
	require.Equal(t, 0, status)
	assert.NotContains(t, out, "reads cleanly as a request")
	assert.Contains(t, out, "--api InitProducerId --version 5")
}

// A Produce request without its size prefix starts 00 00 00 0v, which reads
// as a size prefix of v: it decodes as the one request it is, not as a
// stream of a v-byte frame and a broken rest.
func TestDecodeProduceWithoutItsSizePrefix(t *testing.T) {
	for v := 4; v <= 13; v++ {
		ver := strconv.Itoa(v)
		full, _, status := kafkawire(t, "", "encode", "--api", "Produce", "--version", ver, "--request", "--example")
		require.Equal(t, 0, status)
		out, errOut, status := kafkawire(t, strings.TrimSpace(full)[8:], "decode")
		require.Equal(t, 0, status, "v%d: %s", v, errOut)
		assert.True(t, strings.HasPrefix(out, "ProduceRequest message v"+ver+" ["), "v%d: %s", v, out)
		assert.Contains(t, out, "size int32 = ", "v%d", v)
		assert.Contains(t, out, "not in the input: added by kafkawire", "v%d", v)
		assert.NotContains(t, out, "# frame", "v%d: one frame, not a stream", v)

		// As JSON, it encodes back to the frame with its prefix.
		js, errOut, status := kafkawire(t, strings.TrimSpace(full)[8:], "decode", "--json")
		require.Equal(t, 0, status, "v%d: %s", v, errOut)
		again, errOut, status := kafkawire(t, js, "encode", "--json", "-")
		require.Equal(t, 0, status, "v%d: %s", v, errOut)
		assert.Equal(t, full, again, "v%d", v)
	}
}

// A stream whose last request the input cuts short shows that request, cut
// short, and stray bytes after the last frame are said to be that, not a
// frame; kafkawire frames says the same of both.
func TestDecodeStreamEndsBadly(t *testing.T) {
	m, _, status := kafkawire(t, "", "encode", "--api", "Metadata", "--version", "12", "--request")
	require.Equal(t, 0, status)
	m = strings.TrimSpace(m) // 37 bytes

	cut := m + m[:30]
	out, errOut, status := kafkawire(t, cut, "decode")
	assert.Equal(t, 1, status)
	assert.Contains(t, out, "# frame 2 at 0x0025, 15 bytes, request\n  (broken: the input ends 22 bytes before the frame does)\nMetadataRequest message v12 [0x0000, 15B]\n")
	assert.Equal(t, "kafkawire: frame 2 (stream offset 0x0025): at 0x000f: frame truncated by 22 bytes: size says 33, 11 present\n", errOut)
	lines, _, status := kafkawire(t, cut, "frames")
	require.Equal(t, 0, status)
	got := strings.Split(lines, "\n")
	require.Len(t, got, 3, lines)
	assert.Equal(t, `{"conn":null,"time":null,"direction":"request","apiKey":3,"apiName":"Metadata","version":12,"correlationId":0,"hex":"`+m[:30]+`","broken":"the input ends 22 bytes before the frame does"}`, got[1])

	stray := m + "0000"
	out, errOut, status = kafkawire(t, stray, "decode")
	assert.Equal(t, 1, status)
	assert.Equal(t, 1, strings.Count(out, "# frame "), out)
	assert.True(t, strings.HasSuffix(out, "\n# 2 bytes at 0x0025 after frame 1: too few for a size prefix (4 bytes): not a frame\n"), out)
	assert.NotContains(t, out, "MetadataResponse")
	assert.Equal(t, "kafkawire: 2 bytes at 0x0025 after frame 1: too few for a size prefix (4 bytes): not a frame\n", errOut)
	lines, _, status = kafkawire(t, stray, "frames")
	require.Equal(t, 0, status)
	got = strings.Split(lines, "\n")
	require.Len(t, got, 3, lines)
	assert.Equal(t, `{"conn":null,"time":null,"direction":"response","apiKey":null,"apiName":null,"version":null,"correlationId":null,"hex":"0000","broken":"too few for a size prefix (4 bytes): not a frame"}`, got[1])
}
