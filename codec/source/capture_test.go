package source_test

import (
	"bytes"
	"net/netip"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/capture"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/source"
)

var (
	t0     = time.Date(2026, 11, 30, 23, 59, 58, 123456789, time.UTC)
	client = netip.MustParseAddrPort("127.0.0.1:51234")
	server = netip.MustParseAddrPort("127.0.0.1:19092")
)

// A connection captured from its SYN: one stream per direction, the
// client's first, named client first, with the times of its segments.
func TestCaptureStreams(t *testing.T) {
	c := pcapwrite.NewConn(client, server, t0)
	c.Open()
	c.Send(true, []byte("hello server"), 5)
	c.Send(false, []byte("hello client"), 0)
	c.Close()
	for _, file := range []struct {
		kind source.Kind
		data []byte
	}{
		{source.Pcap, pcapwrite.WritePcap(pcapwrite.Ethernet, true, c.Segments)},
		{source.Pcapng, pcapwrite.WritePcapng(pcapwrite.LinuxSLL, c.Segments)},
	} {
		in, err := source.Read(file.data, source.Options{})
		require.NoError(t, err)
		assert.Equal(t, file.kind, in.Kind)
		require.Len(t, in.Streams, 2)
		req, resp := in.Streams[0], in.Streams[1]
		assert.Equal(t, "hello server", string(req.Bytes))
		assert.Equal(t, "hello client", string(resp.Bytes))
		assert.Equal(t, source.ClientToServer, req.Dir)
		assert.Equal(t, source.ServerToClient, resp.Dir)
		assert.Equal(t, "127.0.0.1:51234>127.0.0.1:19092", req.Conn)
		assert.Equal(t, req.Conn, resp.Conn, "both directions name the client first")
		assert.Equal(t, file.kind.String(), req.Origin)
		assert.True(t, req.FromStart && resp.FromStart, "the SYNs were seen")
		require.Len(t, req.Segments, 3, "three segments of at most 5 bytes")
		assert.Equal(t, []int{0, 5, 10}, []int{req.Segments[0].Off, req.Segments[1].Off, req.Segments[2].Off})
		assert.Equal(t, c.Segments[3].Time, req.TimeAt(0), "the fourth packet brought the first byte")
		assert.Equal(t, 4, req.Segments[0].Packet)
		assert.Equal(t, c.Segments[5].Time, req.TimeAt(11))
	}
}

// Without a SYN, the server's port (a hint) or the caller's test of what a
// client sends decide the direction; with neither, it stays unknown and each
// stream names its own sender first.
func TestCaptureDirectionWithoutSYN(t *testing.T) {
	c := pcapwrite.NewConn(client, server, t0)
	c.Send(false, []byte("response"), 0) // the server's bytes are seen first
	c.Send(true, []byte("request"), 0)
	file := pcapwrite.WritePcap(pcapwrite.RawIP, false, c.Segments)

	in, err := source.Read(file, source.Options{})
	require.NoError(t, err)
	require.Len(t, in.Streams, 2)
	assert.Equal(t, source.Unknown, in.Streams[0].Dir)
	assert.False(t, in.Streams[0].FromStart)
	assert.Equal(t, "127.0.0.1:19092>127.0.0.1:51234", in.Streams[0].Conn)
	assert.Equal(t, "127.0.0.1:51234>127.0.0.1:19092", in.Streams[1].Conn)

	byPort, err := source.Read(file, source.Options{ServerPorts: []uint16{19092}})
	require.NoError(t, err)
	isRequest := func(b []byte) bool { return bytes.HasPrefix(b, []byte("request")) }
	byContent, err := source.Read(file, source.Options{Requests: isRequest})
	require.NoError(t, err)
	for _, in := range []source.Input{byPort, byContent} {
		require.Len(t, in.Streams, 2)
		for _, s := range in.Streams {
			assert.Equal(t, "127.0.0.1:51234>127.0.0.1:19092", s.Conn)
			want := source.ServerToClient
			if string(s.Bytes) == "request" {
				want = source.ClientToServer
			}
			assert.Equal(t, want, s.Dir, "%q", s.Bytes)
		}
	}
	// Both sides look like requests: nothing is decided.
	both, _ := source.Read(file, source.Options{Requests: func([]byte) bool { return true }})
	assert.Equal(t, source.Unknown, both.Streams[0].Dir)
}

// A connection caught mid-connection whose bytes leave its direction open
// (both sides look like requests, as record batches fetched can) takes
// it from the server the capture's other connections showed: one opened
// in the capture, or one whose bytes were plain.
func TestCaptureDirectionFromOtherConnections(t *testing.T) {
	isRequest := func(b []byte) bool { return bytes.HasPrefix(b, []byte("request")) }
	other := netip.MustParseAddrPort("127.0.0.1:51300")
	for _, opened := range []bool{true, false} {
		known := pcapwrite.NewConn(other, server, t0)
		if opened {
			known.Open()
		}
		known.Send(true, []byte("request"), 0)
		known.Send(false, []byte("response"), 0)
		open := pcapwrite.NewConn(client, server, t0.Add(time.Second))
		open.Send(false, []byte("request-like records"), 0) // the server's bytes first
		open.Send(true, []byte("request"), 0)
		file := pcapwrite.WritePcap(pcapwrite.RawIP, false, append(known.Segments, open.Segments...))

		in, err := source.Read(file, source.Options{Requests: isRequest})
		require.NoError(t, err)
		require.Len(t, in.Streams, 4)
		for _, s := range in.Streams[2:] {
			assert.Equal(t, "127.0.0.1:51234>127.0.0.1:19092", s.Conn, "opened %v", opened)
			want := source.ServerToClient
			if string(s.Bytes) == "request" {
				want = source.ClientToServer
			}
			assert.Equal(t, want, s.Dir, "opened %v: %q", opened, s.Bytes)
		}
	}
	// Alone, the connection stays undecided.
	open := pcapwrite.NewConn(client, server, t0)
	open.Send(false, []byte("request-like records"), 0)
	open.Send(true, []byte("request"), 0)
	in, err := source.Read(pcapwrite.WritePcap(pcapwrite.RawIP, false, open.Segments), source.Options{Requests: isRequest})
	require.NoError(t, err)
	assert.Equal(t, source.Unknown, in.Streams[0].Dir)
}

// A segment the capture missed is a gap at the offset where its bytes belong.
func TestCaptureGap(t *testing.T) {
	c := pcapwrite.NewConn(netip.MustParseAddrPort("[::1]:40000"), netip.MustParseAddrPort("[::1]:9092"), t0)
	c.Open()
	c.Send(true, []byte("aaaabbbbcccc"), 4)
	segs := append(c.Segments[:4:4], c.Segments[5]) // "bbbb" lost
	in, err := source.Read(pcapwrite.WritePcap(pcapwrite.Ethernet, false, segs), source.Options{})
	require.NoError(t, err)
	require.Len(t, in.Streams, 1, "the server sent no bytes")
	s := in.Streams[0]
	assert.Equal(t, "[::1]:40000>[::1]:9092", s.Conn)
	assert.Equal(t, "aaaacccc", string(s.Bytes))
	// Sent at the latest when the packet after them was.
	assert.Equal(t, []source.Gap{{Off: 4, Len: 4, Sent: s.Segments[1].Time}}, s.Gaps)
	assert.True(t, s.Segments[0].Time.Before(s.Segments[1].Time))
}

// A capture cut short keeps the streams of the packets before the cut, and says where.
func TestCaptureCutShort(t *testing.T) {
	c := pcapwrite.NewConn(client, server, t0)
	c.Open()
	c.Send(true, []byte("first"), 0)
	c.Send(true, []byte("second"), 0)
	file := pcapwrite.WritePcap(pcapwrite.Ethernet, false, c.Segments)
	in, err := source.Read(file[:len(file)-3], source.Options{})
	var ce *capture.Error
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, source.Pcap, in.Kind)
	require.Len(t, in.Streams, 1)
	assert.Equal(t, "first", string(in.Streams[0].Bytes))

	// A capture with no packets at all is no error, and no stream.
	in, err = source.Read(pcapwrite.WritePcap(pcapwrite.Ethernet, false, nil), source.Options{})
	require.NoError(t, err)
	assert.Equal(t, source.Pcap, in.Kind)
	assert.Empty(t, in.Streams)
}

// tcpdump -X, -XX and tshark -x of a whole connection (the committed
// samples, recorded from the tests' own traffic) read as a capture does: the request and the response
// stream, headers stripped, direction from the SYN.
func TestTcpdumpXConnection(t *testing.T) {
	sent, err := os.ReadFile("../hexin/testdata/dp.sent")
	require.NoError(t, err)
	want := strings.Fields(string(sent)) // the request's hex, then the response's
	for _, name := range []string{"dp.tcpdump-X", "dp.tcpdump-XX", "dp.tshark-x"} {
		dump, err := os.ReadFile("../hexin/testdata/" + name)
		require.NoError(t, err)
		in, err := source.Read(dump, source.Options{})
		require.NoError(t, err, name)
		require.Len(t, in.Streams, 2, name)
		assert.Equal(t, want[0], hexOf(in.Streams[0].Bytes), name)
		assert.Equal(t, want[1], hexOf(in.Streams[1].Bytes), name)
		assert.Equal(t, source.ClientToServer, in.Streams[0].Dir, name)
		assert.Equal(t, "127.0.0.1:47001>127.0.0.1:47002", in.Streams[1].Conn, name)
		assert.Empty(t, in.Streams[0].Gaps, name)
	}
}

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

// A capture of many connections is made into the input with Options.Pause
// called every 256 streams (the page paints there), and the input is the
// one made without it.
func TestCapturePausesEvery256Streams(t *testing.T) {
	var segs []pcapwrite.Segment
	for i := range 300 {
		c := pcapwrite.NewConn(netip.AddrPortFrom(client.Addr(), uint16(40000+i)), server, t0.Add(time.Duration(i)*time.Millisecond))
		c.Open()
		c.Send(true, []byte("ping"), 0)
		c.Send(false, []byte("pong"), 0)
		c.Close()
		segs = append(segs, c.Segments...)
	}
	file := pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs)
	want, err := source.ReadCapture(bytes.NewReader(file), source.Options{})
	require.NoError(t, err)
	require.Len(t, want.Streams, 600)
	pauses := 0
	got, err := source.ReadCapture(bytes.NewReader(file), source.Options{Pause: func() { pauses++ }})
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Equal(t, 4, pauses, "600 streams: a pause after 256 and after 512, as their directions are told and as they are made")

	// Caught mid-way, each connection's bytes are searched for requests:
	// a pause comes every 256 streams of that too.
	var mid []pcapwrite.Segment
	for i := range 600 {
		c := pcapwrite.NewConn(netip.AddrPortFrom(client.Addr(), uint16(40000+i)), server, t0.Add(time.Duration(i)*time.Millisecond))
		c.Send(true, []byte("ping"), 0)
		c.Send(false, []byte("pong"), 0)
		mid = append(mid, c.Segments...)
	}
	asked, most := 0, 0
	_, err = source.ReadCapture(bytes.NewReader(pcapwrite.WritePcap(pcapwrite.Ethernet, true, mid)), source.Options{
		Pause:    func() { most, asked = max(most, asked), 0 },
		Requests: func([]byte) bool { asked++; return false },
	})
	require.NoError(t, err)
	assert.LessOrEqual(t, max(most, asked), 256, "streams searched for requests between two pauses")
}
