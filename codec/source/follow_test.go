package source_test

import (
	"encoding/hex"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/source"
)

// followFixture reads a Follow Stream sample of codec/hexin (tshark's output
// for one connection of a real capture) and what each side sent.
func followFixture(t *testing.T, name string) (string, [2][]byte) {
	t.Helper()
	text, err := os.ReadFile("../hexin/testdata/" + name)
	require.NoError(t, err)
	sent, err := os.ReadFile("../hexin/testdata/follow.sent")
	require.NoError(t, err)
	var sides [2][]byte
	for i, h := range strings.Fields(string(sent)) {
		sides[i], err = hex.DecodeString(h)
		require.NoError(t, err)
	}
	return string(text), sides
}

// requestsFirst says yes for a side whose bytes start as the client's did.
func requestsFirst(client []byte) func([]byte) bool {
	return func(b []byte) bool { return len(b) >= 8 && string(b[:8]) == string(client[:8]) }
}

func TestFollowStreamSides(t *testing.T) {
	text, sides := followFixture(t, "follow.tshark-hex")
	const client, server = "127.0.0.1:40872", "127.0.0.1:19092"

	// Nothing says which side is the client: each side's stream is named
	// by its sender, as a capture's without a SYN, for Find to settle.
	in, err := source.Read([]byte(text), source.Options{})
	require.NoError(t, err)
	assert.Equal(t, source.Text, in.Kind)
	require.Len(t, in.Streams, 2)
	var order []int // the packets of both sides, by their numbers
	for i, s := range in.Streams {
		assert.Equal(t, sides[i], s.Bytes)
		assert.Equal(t, source.Unknown, s.Dir)
		assert.Equal(t, "wireshark follow hex", s.Origin)
		assert.False(t, s.FromStart, "a dump does not show the connection's start")
		// A hex dump has no times, but says the order the sides spoke in.
		require.NotEmpty(t, s.Segments)
		for _, seg := range s.Segments {
			assert.True(t, seg.Time.IsZero(), "a hex dump has no times")
			order = append(order, seg.Packet)
		}
	}
	slices.Sort(order)
	for i, p := range order {
		assert.Equal(t, i+1, p, "the packets are numbered in the dump's order, both sides together")
	}
	assert.Equal(t, 1, in.Streams[0].Segments[0].Packet, "the client spoke first")
	assert.Equal(t, 2, in.Streams[1].Segments[0].Packet, "then the server")
	assert.Equal(t, client+">"+server, in.Streams[0].Conn)
	assert.Equal(t, server+">"+client, in.Streams[1].Conn)

	// The server's port, or which side sends requests, settles it: both
	// streams are named client first.
	for _, o := range []source.Options{{ServerPorts: []uint16{19092}}, {Requests: requestsFirst(sides[0])}} {
		in, err := source.Read([]byte(text), o)
		require.NoError(t, err)
		require.Len(t, in.Streams, 2)
		assert.Equal(t, []source.Direction{source.ClientToServer, source.ServerToClient}, []source.Direction{in.Streams[0].Dir, in.Streams[1].Dir})
		assert.Equal(t, client+">"+server, in.Streams[0].Conn)
		assert.Equal(t, client+">"+server, in.Streams[1].Conn)
	}
	// Node 1 sending the requests (a capture that began with a response) is the client.
	in, err = source.Read([]byte(text), source.Options{Requests: requestsFirst(sides[1])})
	require.NoError(t, err)
	assert.Equal(t, source.ServerToClient, in.Streams[0].Dir)
	assert.Equal(t, server+">"+client, in.Streams[0].Conn)
}

// tshark's YAML gives each packet's time: a segment each, in the stream of
// the side that sent it.
func TestFollowStreamTimes(t *testing.T) {
	text, sides := followFixture(t, "follow.tshark-yaml")
	in, err := source.Read([]byte(text), source.Options{})
	require.NoError(t, err)
	require.Len(t, in.Streams, 2)
	assert.Equal(t, sides[0], in.Streams[0].Bytes)
	assert.Equal(t, []source.Segment{
		{Off: 0, Time: time.Unix(1796306198, 775843000).UTC(), Packet: 4},
		{Off: 41, Time: time.Unix(1796306198, 826286000).UTC(), Packet: 10},
		{Off: 48, Time: time.Unix(1796306198, 876508000).UTC(), Packet: 12},
	}, in.Streams[0].Segments)
	assert.Len(t, in.Streams[1].Segments, 3)
	assert.Equal(t, time.Unix(1796306198, 826141000).UTC(), in.Streams[1].TimeAt(15), "the first response's second packet (bytes 10 to 22)")
}

// The dialog's text names no addresses: the sides are tshark's "node 0"
// and "node 1"; one side alone is bytes like any dump's.
func TestFollowStreamDialog(t *testing.T) {
	text, sides := followFixture(t, "follow.tshark-hex")
	var both, one strings.Builder
	for _, l := range strings.Split(text, "\n") {
		if l == "" || strings.HasPrefix(l, "=") || strings.HasPrefix(l, "Follow:") || strings.HasPrefix(l, "Filter:") || strings.HasPrefix(l, "Node ") {
			continue
		}
		both.WriteString(strings.Replace(l, "\t", "    ", 1) + "\n")
		if !strings.HasPrefix(l, "\t") {
			one.WriteString(l + "\n")
		}
	}
	in, err := source.Read([]byte(both.String()), source.Options{ServerPorts: []uint16{19092}})
	require.NoError(t, err)
	require.Len(t, in.Streams, 2)
	assert.Equal(t, "node 0>node 1", in.Streams[0].Conn)
	assert.Equal(t, "node 1>node 0", in.Streams[1].Conn, "no port to go by")

	in, err = source.Read([]byte(one.String()), source.Options{})
	require.NoError(t, err)
	require.Len(t, in.Streams, 1)
	assert.Equal(t, sides[0], in.Streams[0].Bytes)
	assert.Empty(t, in.Streams[0].Conn)
}

// kafkawire frames says each frame's direction: its requests are the
// client's, whatever the bytes look like; a connection it does not name is
// "client>server".
func TestFramesLinesSides(t *testing.T) {
	_, sides := followFixture(t, "follow.tshark-hex")
	req, resp := hex.EncodeToString(sides[0][:41]), hex.EncodeToString(sides[1][:23])
	text := `{"conn":null,"time":null,"direction":"request","hex":"` + req + `"}` + "\n" +
		`{"conn":null,"time":null,"direction":"response","hex":"` + resp + `"}` + "\n"
	in, err := source.Read([]byte(text), source.Options{Requests: func([]byte) bool { return false }})
	require.NoError(t, err)
	require.Len(t, in.Streams, 2)
	assert.Equal(t, "kafkawire frames", in.Streams[0].Origin)
	assert.Equal(t, []source.Direction{source.ClientToServer, source.ServerToClient}, []source.Direction{in.Streams[0].Dir, in.Streams[1].Dir})
	assert.Equal(t, []string{"client>server", "client>server"}, []string{in.Streams[0].Conn, in.Streams[1].Conn})
	assert.Equal(t, sides[0][:41], in.Streams[0].Bytes)
	assert.Equal(t, sides[1][:23], in.Streams[1].Bytes)
}
