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
