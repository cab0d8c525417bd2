//go:build !js

package conversation_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/decrypt/decrypttest"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// recording is what one client exchanged with kfake on 127.0.0.1,
// recorded once per test run.
type recording struct {
	client string
	record func() ([]traffic.Exchange, error)
	once   sync.Once
	exs    []traffic.Exchange
	err    error
}

// recordings are the clients whose traffic the capture tests replay: kgo,
// and sarama speaking each of the Kafka versions traffic.SaramaVersions.
var recordings = func() []*recording {
	out := []*recording{{client: "kgo", record: recordKgo}}
	for _, v := range traffic.SaramaVersions {
		out = append(out, &recording{client: "sarama " + v.String(), record: func() ([]traffic.Exchange, error) { return traffic.RecordSarama(v) }})
	}
	return out
}()

func (r *recording) exchanges(t testing.TB) []traffic.Exchange {
	t.Helper()
	r.once.Do(func() { r.exs, r.err = r.record() })
	require.NoError(t, r.err, r.client)
	require.NotEmpty(t, r.exs, r.client)
	return r.exs
}

// eachClient runs f as a subtest on each client's recorded connections.
func eachClient(t *testing.T, f func(t *testing.T, conns [][]traffic.Exchange)) {
	for _, r := range recordings {
		t.Run(r.client, func(t *testing.T) { f(t, traffic.ByConn(r.exchanges(t))) })
	}
}

// recordKgo records a kgo client producing (a record of 200 kB among
// small ones, so frames span many segments) and consuming in a group.
func recordKgo() ([]traffic.Exchange, error) {
	const topic = "orders"
	var err error
	exs, rerr := traffic.Record([]kgo.Opt{
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics(topic),
		kgo.ClientID("kafkawire-capture"),
		kgo.FetchMaxWait(100 * time.Millisecond),
		kgo.ProducerBatchCompression(kgo.NoCompression()),
	}, func(ctx context.Context, cl *kgo.Client) {
		sizes := []int{10, 200_000, 300, 5}
		for i, n := range sizes {
			r := &kgo.Record{Topic: topic, Key: []byte(fmt.Sprint("k", i)), Value: bytes.Repeat([]byte{byte('a' + i)}, n)}
			if err = cl.ProduceSync(ctx, r).FirstErr(); err != nil {
				return
			}
		}
		for got := 0; got < len(sizes) && ctx.Err() == nil; {
			cl.PollFetches(ctx).EachRecord(func(*kgo.Record) { got++ })
		}
		err = cl.CommitUncommittedOffsets(ctx)
	})
	if rerr != nil {
		return exs, rerr
	}
	return exs, err
}

// segments is the scenario's capture of the recorded connections.
func segments(sc capturetest.Scenario, conns [][]traffic.Exchange) []pcapwrite.Segment {
	return sc.Segments(traffic.Wire(conns))
}

// checkFrames asserts what frames must give back for each connection of
// the scenario: the requests in order, and the responses in order with
// their requests' API and version (skipFirst: the exchanges of a
// connection the capture began after).
func checkFrames(t *testing.T, frames []conversation.Frame, conns [][]traffic.Exchange, sc capturetest.Scenario, name string, skipFirst map[int]int) {
	t.Helper()
	got := map[string][]conversation.Frame{}
	for _, f := range frames {
		got[f.Conn] = append(got[f.Conn], f)
	}
	for i, exs := range conns {
		conn := sc.Name(i)
		exs = exs[skipFirst[i]:]
		var reqs, resps []conversation.Frame
		for _, f := range got[conn] {
			if f.Dir == schema.Request {
				reqs = append(reqs, f)
			} else {
				resps = append(resps, f)
			}
		}
		require.Len(t, reqs, len(exs), "%s: %s requests", name, conn)
		k := 0
		for j, ex := range exs {
			r := reqs[j]
			require.True(t, bytes.Equal(ex.Request, r.Bytes), "%s: %s request %d: %d bytes, want %d (%s v%d)", name, conn, j, len(r.Bytes), len(ex.Request), r.API, r.Version)
			require.Empty(t, r.Broken)
			require.Equal(t, ex.APIKey, r.API.Key)
			require.Equal(t, ex.APIVersion, r.Version)
			require.Equal(t, ex.CorrelationID, r.CorrelationID)
			if ex.Response == nil {
				assert.Equal(t, -1, r.Pair)
				continue
			}
			require.Less(t, k, len(resps), "%s: %s: response to %d missing", name, conn, ex.CorrelationID)
			p := resps[k]
			k++
			require.True(t, bytes.Equal(ex.Response, p.Bytes), "%s: %s response %d: %d bytes at offset %d, want %d", name, conn, j, len(p.Bytes), p.Off, len(ex.Response))
			require.NotNil(t, p.API, "%s: response %d has an API", name, j)
			require.Equal(t, ex.APIKey, p.API.Key, "%s: response's API", name)
			require.Equal(t, ex.APIVersion, p.Version, "%s: response's version", name)
			require.Equal(t, ex.CorrelationID, p.CorrelationID)
			require.GreaterOrEqual(t, p.Pair, 0)
			require.True(t, bytes.Equal(ex.Request, frames[p.Pair].Bytes), "paired with its request")
			require.Equal(t, r.Pair, indexOf(frames, p), "and its request with it")
			require.Nil(t, p.Decode().Err, "%s: response decodes", name)
		}
		require.Len(t, resps, k, "%s: %s: no response more than were sent", name, conn)
	}
	// Capture order: the times of the frames' first bytes never go back.
	for i := 1; i < len(frames); i++ {
		require.False(t, frames[i].Time.Before(frames[i-1].Time), "frame %d before frame %d", i, i-1)
	}
}

func indexOf(frames []conversation.Frame, f conversation.Frame) int {
	for i := range frames {
		if frames[i].Off == f.Off && frames[i].Conn == f.Conn && frames[i].Dir == f.Dir {
			return i
		}
	}
	return -1
}

func find(t *testing.T, file []byte) conversation.Result {
	t.Helper()
	_, res := findIn(t, file)
	return res
}

// findIn is find, with the input the frames were found in.
func findIn(t *testing.T, file []byte) (source.Input, conversation.Result) {
	t.Helper()
	in, err := source.Read(file, source.Options{Requests: conversation.LooksLikeRequests})
	require.NoError(t, err)
	return in, conversation.Find(in, conversation.Options{})
}

// framesOf is every frame of res, put back together.
func framesOf(res conversation.Result) []conversation.Frame {
	var out []conversation.Frame
	for _, f := range res.All() {
		out = append(out, f)
	}
	return out
}

// Every frame kgo and sarama exchanged with kfake comes back from captures
// of the traffic, byte for byte, each response with its request's API and
// version: pcap and pcapng, IPv4 and IPv6, Ethernet and Linux cooked
// headers, frames over many segments and many frames in a segment,
// retransmitted and reordered segments, and no SYN.
func TestCapturesGiveBackEveryFrame(t *testing.T) {
	eachClient(t, func(t *testing.T, conns [][]traffic.Exchange) {
		big := 0
		for _, exs := range conns {
			for _, ex := range exs {
				big = max(big, len(ex.Request))
			}
		}
		require.Greater(t, big, 200_000, "a request spans many segments")
		for name, c := range map[string]struct {
			sc   capturetest.Scenario
			link uint32
		}{
			"v4 ethernet, 1000-byte segments":     {capturetest.Scenario{MSS: 1000}, pcapwrite.Ethernet},
			"v6 cooked, 65000-byte segments":      {capturetest.Scenario{V6: true, MSS: 65000}, pcapwrite.LinuxSLL},
			"v4 cooked, several frames a segment": {capturetest.Scenario{MSS: 60000, Batched: true}, pcapwrite.LinuxSLL},
			"v6 ethernet, retransmissions":        {capturetest.Scenario{V6: true, MSS: 1400, Edit: capturetest.Retransmit}, pcapwrite.Ethernet},
			"v4 ethernet, out of order":           {capturetest.Scenario{MSS: 1400, Edit: capturetest.Reorder}, pcapwrite.Ethernet},
			"v4 ethernet, no SYN":                 {capturetest.Scenario{MSS: 1400, NoSYN: true}, pcapwrite.Ethernet},
		} {
			t.Run(name, func(t *testing.T) {
				segs := segments(c.sc, conns)
				for format, file := range map[string][]byte{
					"pcap":   pcapwrite.WritePcap(c.link, true, segs),
					"pcapng": pcapwrite.WritePcapng(c.link, segs),
				} {
					in, res := findIn(t, file)
					checkFrames(t, framesOf(res), conns, c.sc, name+" "+format, nil)
					keptWhole(t, in, res)
					for _, c := range res.Conns {
						assert.Equal(t, conversation.Kafka, c.Kind, c.Name)
						assert.Empty(t, c.Notes, "%s %s", name, c.Name)
					}
				}
			})
		}
	})
}

// A capture that begins inside a frame: the bytes before the next frame
// header are skipped, and said so; the frames after are whole.
func TestCaptureBeginsMidFrame(t *testing.T) {
	eachClient(t, func(t *testing.T, conns [][]traffic.Exchange) {
		// On every connection, drop the handshake and the first 3 segments:
		// the first request is cut (it spans more than 3 segments of 10 bytes).
		sc := capturetest.Scenario{MSS: 10, NoSYN: true, Edit: func(_ int, segs []pcapwrite.Segment) []pcapwrite.Segment { return segs[3:] }}
		res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, false, segments(sc, conns)))
		skip := map[int]int{}
		for i := range conns {
			require.Greater(t, len(conns[i][0].Request), 30, "conn %d: the first request is cut", i)
			skip[i] = 1 // the first request (and so its response, which is then unpaired)
		}
		// The first response has no request in the capture: it is listed with no API.
		for _, f := range res.All() {
			if f.Dir == schema.Response && f.Pair < 0 {
				assert.Nil(t, f.API, "a response without its request has no API")
			}
		}
		var kept []conversation.Frame
		for _, f := range res.All() {
			if f.Dir == schema.Response && f.Pair < 0 {
				continue
			}
			kept = append(kept, f)
		}
		// Pair indexes point into res: check pairing through it.
		for i := range kept {
			if p := kept[i].Pair; p >= 0 {
				kept[i].Pair = indexOf(kept, res.Frame(p))
			}
		}
		checkFrames(t, kept, conns, sc, "mid-frame", skip)
		for i, c := range res.Conns {
			require.NotEmpty(t, c.Notes, "conn %d", i)
			assert.Regexp(t, `^client stream: skipped \d+ bytes at offset 0 to find the first frame header \(the capture began mid-connection\)$`, c.Notes[0])
			// The connection's first request says how many bytes were
			// skipped before it, as the note does.
			var skipped int
			fmt.Sscanf(c.Notes[0], "client stream: skipped %d bytes", &skipped)
			require.Positive(t, skipped)
			for _, f := range res.All() {
				if f.Conn == c.Name && f.Dir == schema.Request {
					assert.Equal(t, skipped, f.Skipped, "conn %d", i)
					assert.Equal(t, skipped, f.Off, "conn %d", i)
					break
				}
			}
		}
	})
}

// wholeBut checks that every frame of the traffic but the request at
// (conn, index) is among whole, and counts them.
func wholeBut(t *testing.T, whole []conversation.Frame, conns [][]traffic.Exchange, conn, index int) int {
	t.Helper()
	n := 0
	for i, exs := range conns {
		for j, ex := range exs {
			if i == conn && j == index {
				continue
			}
			n++
			assert.True(t, containsFrame(whole, ex.Request), "request %d of conn %d", ex.CorrelationID, i)
			if ex.Response != nil {
				n++
				assert.True(t, containsFrame(whole, ex.Response), "response %d of conn %d", ex.CorrelationID, i)
			}
		}
	}
	return n
}

// bigRequest is where the traffic's request of over 200 kB is: its
// connection and its index among that connection's exchanges.
func bigRequest(t *testing.T, conns [][]traffic.Exchange) (conn, index int) {
	t.Helper()
	conn = -1
	for i, exs := range conns {
		for j, ex := range exs {
			if len(ex.Request) > 200_000 {
				conn, index = i, j
			}
		}
	}
	require.GreaterOrEqual(t, conn, 0, "a request of over 200 kB")
	return conn, index
}

// A segment lost in the middle of a request of 200 kB: that frame is
// broken and says where; the frames after it are whole, and its response
// is still paired (the request's header was seen).
func TestCaptureGap(t *testing.T) {
	eachClient(t, func(t *testing.T, conns [][]traffic.Exchange) {
		bigConn, bigIndex := bigRequest(t, conns)
		// Drop the client's first segment that starts 50,000 bytes or more
		// into the big request.
		start := sumBefore(conns[bigConn], bigIndex)
		lostAt := -1
		sc := capturetest.Scenario{MSS: 1000, Edit: func(conn int, segs []pcapwrite.Segment) []pcapwrite.Segment {
			if conn != bigConn {
				return segs
			}
			var out []pcapwrite.Segment
			sent := 0 // client bytes so far
			for _, s := range segs {
				if s.Src.Port() != capturetest.ServerPort && len(s.Payload) > 0 {
					at := sent
					sent += len(s.Payload)
					if lostAt < 0 && at >= start+50_000 {
						lostAt = at
						continue
					}
				}
				out = append(out, s)
			}
			return out
		}}
		in, res := findIn(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segments(sc, conns)))
		var broken []conversation.Frame
		for _, f := range res.All() {
			if f.Broken != "" {
				broken = append(broken, f)
			}
		}
		require.Len(t, broken, 1)
		b := broken[0]
		big := conns[bigConn][bigIndex]
		assert.True(t, bytes.Equal(big.Request[:len(b.Bytes)], b.Bytes), "the bytes before the gap")
		assert.Equal(t, fmt.Sprintf("1000 bytes missing %d bytes into the frame (stream offset %d), of %d", len(b.Bytes), lostAt, len(big.Request)), b.Broken)
		require.GreaterOrEqual(t, b.Pair, 0, "the broken request is still paired with its response")
		assert.True(t, bytes.Equal(big.Response, res.Frame(b.Pair).Bytes))
		// Everything else is whole and in place.
		var whole []conversation.Frame
		for _, f := range res.All() {
			if f.Broken == "" {
				whole = append(whole, f)
			}
		}
		n := wholeBut(t, whole, conns, bigConn, bigIndex)
		assert.Equal(t, n+1, len(whole), "the whole frames and the broken one's response")
		assert.Contains(t, res.Conns[bigConn].Notes, "client stream: the frame at offset "+fmt.Sprint(b.Off)+" is broken: "+b.Broken)
		keptWhole(t, in, res)
	})
}

func sumBefore(exs []traffic.Exchange, n int) int {
	s := 0
	for _, ex := range exs[:n] {
		s += len(ex.Request)
	}
	return s
}

func containsFrame(frames []conversation.Frame, b []byte) bool {
	for _, f := range frames {
		if bytes.Equal(f.Bytes, b) {
			return true
		}
	}
	return false
}

// A connection that is not Kafka is listed and gives no frames; a TLS one
// is listed as TLS.
func TestOtherConnections(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	httpConn := pcapwrite.NewConn(netip.MustParseAddrPort("10.0.0.1:5555"), netip.MustParseAddrPort("10.0.0.2:80"), t0)
	httpConn.Open()
	httpConn.Send(true, []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), 0)
	httpConn.Send(false, []byte("HTTP/1.1 200 OK\r\n\r\n"), 0)
	tlsConn := pcapwrite.NewConn(netip.MustParseAddrPort("10.0.0.1:5556"), netip.MustParseAddrPort("10.0.0.2:9093"), t0.Add(time.Second))
	tlsConn.Open()
	tlsConn.Send(true, []byte{0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5}, 0)
	segs := append(httpConn.Segments, tlsConn.Segments...)
	in, err := source.Read(pcapwrite.WritePcap(pcapwrite.Ethernet, false, segs), source.Options{})
	require.NoError(t, err)
	res := conversation.Find(in, conversation.Options{})
	assert.Zero(t, res.Len())
	require.Len(t, res.Conns, 2)
	assert.Equal(t, conversation.NotKafka, res.Conns[0].Kind)
	assert.Equal(t, "10.0.0.1:5555>10.0.0.2:80", res.Conns[0].Name)
	assert.Equal(t, conversation.TLS, res.Conns[1].Kind)
	assert.Equal(t, []string{"TLS: the bytes are encrypted, so the connection is skipped (a key log with its secrets would open it)"}, res.Conns[1].Notes)
}

// Responses that come back out of request order are paired all the same,
// and the one that came early says so.
func TestResponsesOutOfOrder(t *testing.T) {
	frameOf := func(api string, dir schema.Direction, id int32) []byte {
		b, err := frame.Encode(message.Minimal(schema.ByName(api), 0, dir))
		require.NoError(t, err)
		off := 4
		if dir == schema.Request {
			off = 8
		}
		binary.BigEndian.PutUint32(b[off:], uint32(id))
		return b
	}
	// Times to the nanosecond, which the frames must keep.
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:1234"), netip.MustParseAddrPort("127.0.0.1:7777"), time.Date(2026, 1, 1, 0, 0, 0, 123_456_789, time.UTC))
	c.Open()
	c.Send(true, frameOf("DescribeProducers", schema.Request, 1), 0)
	c.Send(true, frameOf("ListGroups", schema.Request, 2), 0)
	c.Send(false, frameOf("ListGroups", schema.Response, 2), 0)
	c.Send(false, frameOf("DescribeProducers", schema.Response, 1), 0)
	in, res := findIn(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, c.Segments))
	require.Equal(t, 4, res.Len())
	require.NotZero(t, res.Frame(0).Time.Nanosecond()%1000, "a time finer than a microsecond")
	assert.Equal(t, "ListGroups", res.Frame(2).API.Name)
	assert.Equal(t, "out of request order: the responses to correlation ids [1] were due first", res.Frame(2).Note)
	assert.Equal(t, "DescribeProducers", res.Frame(3).API.Name)
	assert.Equal(t, 0, res.Frame(3).Pair)
	assert.Equal(t, "out of request order: the request with correlation id 1 was answered after later ones", res.Frame(3).Note)
	keptWhole(t, in, res)
}

// Only the server's side of a connection, and no SYN (tcpdump -X of the
// response's packet alone): its frames are responses, the connection is
// named client first, and the API comes from the hint when given. Each
// frame has its time and packet, as every other frame does.
func TestServerSideAlone(t *testing.T) {
	resp, err := frame.Encode(message.Minimal(schema.ByName("DescribeProducers"), 0, schema.Response))
	require.NoError(t, err)
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:1234"), netip.MustParseAddrPort("127.0.0.1:7777"), time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	c.Send(false, append(append([]byte(nil), resp...), resp...), 0)
	in, err := source.Read(pcapwrite.WritePcap(pcapwrite.RawIP, false, c.Segments), source.Options{Requests: conversation.LooksLikeRequests})
	require.NoError(t, err)
	for _, hint := range []frame.Hint{{}, {API: schema.ByName("DescribeProducers"), Version: 0}} {
		res := conversation.Find(in, conversation.Options{Hint: hint})
		require.Equal(t, 2, res.Len())
		for _, f := range res.All() {
			assert.Equal(t, "127.0.0.1:1234>127.0.0.1:7777", f.Conn)
			assert.Equal(t, schema.Response, f.Dir)
			assert.Equal(t, resp, f.Bytes)
			assert.Equal(t, hint.API, f.API)
		}
		assert.Equal(t, []string{"only the server's side is in the input: its frames are read as responses without their requests"}, res.Conns[0].Notes)
		keptWhole(t, in, res)
	}
}

func TestLooksLikeRequests(t *testing.T) {
	enc := func(api string, dir schema.Direction) []byte {
		b, err := frame.Encode(message.Minimal(schema.ByName(api), 0, dir))
		require.NoError(t, err)
		return b
	}
	req, resp := enc("DescribeProducers", schema.Request), enc("DescribeProducers", schema.Response)
	two := append(append([]byte(nil), req...), enc("ListGroups", schema.Request)...)
	for _, c := range []struct {
		name string
		b    []byte
		want bool
	}{
		{"a request", req, true},
		{"two requests", two, true},
		{"two requests after the tail of an earlier one", append([]byte{1, 2, 3, 4, 5, 6, 7}, two...), true},
		{"the second request cut short", two[:len(two)-3], true},
		{"a response", resp, false},
		{"two responses", append(append([]byte(nil), resp...), resp...), false},
		{"HTTP", []byte("GET / HTTP/1.1\r\nHost: kafka\r\n\r\n"), false},
		{"nothing", nil, false},
	} {
		assert.Equal(t, c.want, conversation.LooksLikeRequests(c.b), c.name)
	}
}

// TestPauseBetweenFrames: the page that finds the frames of a big capture
// is given Options.Pause every 256 frames of one connection (each side's
// walk, and the pairing) and as it orders them, and what it finds is what Find finds without it.
func TestPauseBetweenFrames(t *testing.T) {
	const n = 600
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:1234"), netip.MustParseAddrPort("127.0.0.1:7777"), time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	c.Open()
	for id := int32(1); id <= n; id++ {
		req, err := frame.Encode(message.Minimal(schema.ByName("ListGroups"), 0, schema.Request))
		require.NoError(t, err)
		binary.BigEndian.PutUint32(req[8:], uint32(id))
		resp, err := frame.Encode(message.Minimal(schema.ByName("ListGroups"), 0, schema.Response))
		require.NoError(t, err)
		binary.BigEndian.PutUint32(resp[4:], uint32(id))
		c.Send(true, req, 0)
		c.Send(false, resp, 0)
	}
	in, err := source.ReadCapture(bytes.NewReader(pcapwrite.WritePcap(pcapwrite.Ethernet, false, c.Segments)), source.Options{Requests: conversation.LooksLikeRequests})
	require.NoError(t, err)
	want := conversation.Find(in, conversation.Options{})
	require.Equal(t, 2*n, want.Len())
	pauses := 0
	got := conversation.Find(in, conversation.Options{Pause: func() { pauses++ }})
	assert.Equal(t, want, got, "the frames found with Pause")
	// 600 frames a side: 2 pauses in each side's walk, 2 in the pairing,
	// 1 after the connection, 4 as the 1,200 frames' keys are made, 7 in
	// the sort into capture order (its blocks and 5 merge passes over
	// 1,200 keys, a pause every 1,024 moved), 1 once they are in order, 4
	// as each frame is told its place and 4 as the 1,200 are listed in
	// that order.
	assert.Equal(t, 27, pauses)
}

// A client that reconnects from the same port (after the first connection
// closed) makes two connections with one name: both are listed, and each
// gives its own frames, paired within it.
func TestPortReused(t *testing.T) {
	encode := func(api string, dir schema.Direction) []byte {
		b, err := frame.Encode(message.Minimal(schema.ByName(api), 0, dir))
		require.NoError(t, err)
		return b
	}
	client, server := netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:9092")
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	var segs []pcapwrite.Segment
	for i, api := range []string{"DescribeProducers", "ListGroups"} {
		c := pcapwrite.NewConn(client, server, t0.Add(time.Duration(i)*time.Second))
		c.Open()
		c.Send(true, encode(api, schema.Request), 0)
		c.Send(false, encode(api, schema.Response), 0)
		c.Close()
		segs = append(segs, c.Segments...)
	}
	in, err := source.Read(pcapwrite.WritePcap(pcapwrite.Ethernet, false, segs), source.Options{Requests: conversation.LooksLikeRequests})
	require.NoError(t, err)
	res := conversation.Find(in, conversation.Options{})
	pauses := 0
	paused := conversation.Find(in, conversation.Options{Pause: func() { pauses++ }})
	assert.Equal(t, res, paused, "the frames found with Pause")
	assert.Equal(t, 3, pauses, "one pause after each connection, one once the frames are in order")
	require.Len(t, res.Conns, 2)
	for _, c := range res.Conns {
		assert.Equal(t, "127.0.0.1:40000>127.0.0.1:9092", c.Name)
		assert.Equal(t, conversation.Kafka, c.Kind)
	}
	require.Equal(t, 4, res.Len())
	for i, want := range []struct {
		api  string
		dir  schema.Direction
		pair int
	}{{"DescribeProducers", schema.Request, 1}, {"DescribeProducers", schema.Response, 0}, {"ListGroups", schema.Request, 3}, {"ListGroups", schema.Response, 2}} {
		f := res.Frame(i)
		assert.Equal(t, want.api, f.API.Name, "frame %d", i)
		assert.Equal(t, want.dir, f.Dir, "frame %d", i)
		assert.Equal(t, want.pair, f.Pair, "frame %d", i)
		assert.Equal(t, encode(want.api, want.dir), f.Bytes, "frame %d", i)
	}
}

// keptWhole checks that every frame a Result gives back is where the input
// has it (its bytes the stream's own, from its offset; the time and packet
// of the segment holding its first byte), and that Collect makes a Result
// that gives the same frames back.
func keptWhole(t *testing.T, in source.Input, res conversation.Result) {
	t.Helper()
	frames := framesOf(res)
	for i, f := range frames {
		s := &in.Streams[f.Stream]
		require.LessOrEqual(t, f.Off+len(f.Bytes), len(s.Bytes), "frame %d", i)
		if len(f.Bytes) > 0 {
			assert.Same(t, &s.Bytes[f.Off], &f.Bytes[0], "frame %d: the stream's own bytes", i)
		}
		// A frame's bytes end where the frame does: appending to them does
		// not write over the next frame's.
		assert.Equal(t, len(f.Bytes), cap(f.Bytes), "frame %d", i)
		assert.Equal(t, s.TimeAt(f.Off), f.Time, "frame %d", i)
		packet := 0
		for _, seg := range s.Segments {
			if seg.Off <= f.Off {
				packet = seg.Packet
			}
		}
		assert.Equal(t, packet, f.Packet, "frame %d", i)
	}
	again := conversation.Collect(frames, res.Conns)
	assert.Equal(t, frames, framesOf(again))
	assert.Equal(t, res.Conns, again.Conns)
}

// An input without connections or times (frames pasted back to back, the
// last cut short) keeps its frames whole too: no connection, no time.
func TestPastedFramesKeptWhole(t *testing.T) {
	req, err := frame.Encode(message.Minimal(schema.ByName("ListGroups"), 4, schema.Request))
	require.NoError(t, err)
	resp, err := frame.Encode(message.Minimal(schema.ByName("ListGroups"), 4, schema.Response))
	require.NoError(t, err)
	in, res := findIn(t, append(append(append([]byte(nil), req...), resp...), req[:9]...))
	require.Equal(t, 3, res.Len())
	for _, f := range res.All() {
		assert.Empty(t, f.Conn)
		assert.True(t, f.Time.IsZero())
	}
	assert.Equal(t, 1, res.Frame(0).Pair)
	assert.Equal(t, resp, res.Frame(1).Bytes)
	assert.NotEmpty(t, res.Frame(2).Broken)
	keptWhole(t, in, res)
}

// An input is cut into Options.MaxFrames frames at most: the bytes of a stream
// past the bound are one piece, marked broken with why, so that bytes made
// to look like millions of tiny frames cost one piece, not millions.
func TestFramesBounded(t *testing.T) {
	req, err := frame.Encode(message.Minimal(schema.ByKey(18), 3, schema.Request))
	require.NoError(t, err)
	var tiny []byte // 100 responses of 4 bytes: a correlation id each
	for i := range 100 {
		tiny = binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(tiny, 4), uint32(i))
	}
	sc := capturetest.Scenario{}
	in, err := source.Read(pcapwrite.WritePcap(pcapwrite.Ethernet, false, sc.Segments([][]capturetest.Exchange{{{Request: req, Response: tiny}}})), source.Options{})
	require.NoError(t, err)

	all := framesOf(conversation.Find(in, conversation.Options{}))
	require.Len(t, all, 101, "the request and 100 responses")

	res := conversation.Find(in, conversation.Options{MaxFrames: 20})
	frames := framesOf(res)
	require.Len(t, frames, 21, "the request, 19 responses and the rest")
	last := frames[20]
	assert.Equal(t, schema.Response, last.Dir)
	assert.Equal(t, 19*8, last.Off, "the rest starts after the 19 responses cut")
	assert.Len(t, last.Bytes, len(tiny)-19*8)
	assert.Contains(t, last.Broken, "not cut into frames: an input is cut into 20 frames at most")
	assert.Equal(t, all[:20], frames[:20])
}

// The server's side alone is cut within the bound on frames too, the rest
// one broken piece; and a size prefix no frame has (under 4 bytes) still
// says the side is not Kafka frames back to back.
func TestServerSideAloneBounded(t *testing.T) {
	var tiny []byte
	for i := range 100 {
		tiny = binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(tiny, 4), uint32(i))
	}
	serverAlone := func(b []byte) source.Input {
		c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:1234"), netip.MustParseAddrPort("127.0.0.1:7777"), time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		c.Send(false, b, 0)
		in, err := source.Read(pcapwrite.WritePcap(pcapwrite.RawIP, false, c.Segments), source.Options{Requests: conversation.LooksLikeRequests})
		require.NoError(t, err)
		return in
	}
	in := serverAlone(tiny)
	require.Equal(t, 100, conversation.Find(in, conversation.Options{}).Len())
	frames := framesOf(conversation.Find(in, conversation.Options{MaxFrames: 20}))
	require.Len(t, frames, 21)
	for _, f := range frames[:20] {
		assert.Empty(t, f.Broken)
		assert.Len(t, f.Bytes, 8)
	}
	assert.Equal(t, 160, frames[20].Off)
	assert.Len(t, frames[20].Bytes, 800-160)
	assert.Equal(t, "not cut into frames: an input is cut into 20 frames at most, and these bytes come after them", frames[20].Broken)

	bad := append(append([]byte{}, tiny[:80]...), 0, 0, 0, 2, 0, 0)
	res := conversation.Find(serverAlone(bad), conversation.Options{})
	assert.Equal(t, 0, res.Len())
	assert.NotEqual(t, conversation.Kafka, res.Conns[0].Kind)
}

// The Kafka streams of kgo and sarama, caught mid-way at any byte of
// their first 20 KB, are never taken for TLS records.
func TestKafkaCaughtMidwayIsNotTLS(t *testing.T) {
	eachClient(t, func(t *testing.T, conns [][]traffic.Exchange) {
		for i, exs := range conns {
			var sides [2][]byte
			for _, ex := range exs {
				sides[0] = append(sides[0], ex.Request...)
				sides[1] = append(sides[1], ex.Response...)
			}
			for side, b := range sides {
				for start := range min(len(b), 20_000) {
					if decrypt.IsTLS(&source.Stream{Bytes: b[start:]}) {
						t.Fatalf("connection %d, side %d, caught at byte %d: taken for TLS", i, side, start)
					}
				}
			}
		}
	})
}

// A TLS connection the capture caught after its handshake is listed as
// TLS, saying that no key log opens it, with or without one.
func TestTLSCaughtAfterItsHandshake(t *testing.T) {
	requests := [][]byte{[]byte("\x00\x00\x00\x02ab"), []byte("\x00\x00\x00\x01c"), []byte("\x00\x00\x00\x01d")}
	responses := [][]byte{[]byte("\x00\x00\x00\x03xyz"), []byte("\x00\x00\x00\x01e"), []byte("\x00\x00\x00\x01f")}
	writes, keyLog, err := decrypttest.Session(nil, nil, requests, responses)
	require.NoError(t, err)
	c := pcapwrite.NewConn(netip.MustParseAddrPort("10.0.0.1:5556"), netip.MustParseAddrPort("10.0.0.2:9093"), time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC))
	for _, w := range writes[len(writes)-4:] { // the last two exchanges' records, no SYN, no hello
		c.Send(w.FromClient, w.Data, 0)
	}
	in, err := source.Read(pcapwrite.WritePcap(pcapwrite.Ethernet, false, c.Segments), source.Options{})
	require.NoError(t, err)
	keys, err := decrypt.ParseKeyLog(keyLog)
	require.NoError(t, err)
	for _, o := range []conversation.Options{{}, {Keys: keys}} {
		res := conversation.Find(in, o)
		assert.Zero(t, res.Len())
		require.Len(t, res.Conns, 1)
		assert.Equal(t, conversation.TLS, res.Conns[0].Kind)
		assert.True(t, res.Conns[0].AfterHandshake)
		require.Len(t, res.Conns[0].Notes, 1)
		assert.Contains(t, res.Conns[0].Notes[0], "began after")
	}
}

// Three segments lost inside one request of 200 kB (as a snap length
// cuts every packet of a long frame): that frame is broken at the first,
// and the next frame is found where its size prefix says, past all three,
// with nothing skipped and nothing made up from the bytes between them.
func TestCaptureGapsInOneFrame(t *testing.T) {
	eachClient(t, func(t *testing.T, conns [][]traffic.Exchange) {
		bigConn, bigIndex := bigRequest(t, conns)
		start := sumBefore(conns[bigConn], bigIndex)
		var lost []int
		sc := capturetest.Scenario{MSS: 1000, Edit: func(conn int, segs []pcapwrite.Segment) []pcapwrite.Segment {
			if conn != bigConn {
				return segs
			}
			var out []pcapwrite.Segment
			sent := 0
			for _, s := range segs {
				if s.Src.Port() != capturetest.ServerPort && len(s.Payload) > 0 {
					at := sent
					sent += len(s.Payload)
					if len(lost) < 3 && at >= start+50_000*(len(lost)+1) {
						lost = append(lost, at)
						continue
					}
				}
				out = append(out, s)
			}
			return out
		}}
		in, res := findIn(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segments(sc, conns)))
		require.Len(t, lost, 3)
		for _, n := range res.Conns[bigConn].Notes {
			assert.NotContains(t, n, "skipped")
		}
		var broken, whole []conversation.Frame
		for _, f := range res.All() {
			if f.Broken != "" {
				broken = append(broken, f)
			} else {
				whole = append(whole, f)
			}
		}
		require.Len(t, broken, 1)
		big := conns[bigConn][bigIndex]
		assert.Equal(t, fmt.Sprintf("1000 bytes missing %d bytes into the frame (stream offset %d), of %d; 3000 bytes missing in all, in 3 gaps", len(broken[0].Bytes), lost[0], len(big.Request)), broken[0].Broken)
		n := wholeBut(t, whole, conns, bigConn, bigIndex)
		assert.Equal(t, n+1, len(whole), "the whole frames and the broken one's response, nothing more")
		keptWhole(t, in, res)
	})
}

// A search after a gap meets bytes inside a response that read as a
// response header of a known correlation id, with another gap after them:
// they are not taken for a frame on their id alone (only where the walk
// expects a frame is a header whose frame a gap cut believed that way).
// Metadata v1: response 2 lost its first 8 bytes, and its topic name
// holds a look-alike of response 4's header, 10 bytes lost after it.
func TestSearchAfterGapMakesNoFrameUp(t *testing.T) {
	api := schema.ByName("Metadata")
	enc := func(d schema.Direction, id int32, name string) []byte {
		m := message.Minimal(api, 1, d)
		m.Header.Set("CorrelationId", id)
		if name != "" {
			topics, _ := m.Body.Get("Topics")
			topics.([]any)[0].(*message.Struct).Set("Name", name)
		}
		b, err := frame.Encode(m)
		require.NoError(t, err)
		return b
	}
	var req, srv []byte
	for id := int32(1); id <= 5; id++ {
		req = append(req, enc(schema.Request, id, "")...)
	}
	fake := "\x00\x00\x01\x00\x00\x00\x00\x04" // size 256, correlation id 4
	resp := map[int32][]byte{1: enc(schema.Response, 1, ""), 2: enc(schema.Response, 2, strings.Repeat("x", 50)+fake+strings.Repeat("y", 250)),
		3: enc(schema.Response, 3, ""), 4: enc(schema.Response, 4, ""), 5: enc(schema.Response, 5, "")}
	srv = append(srv, resp[1]...)
	lost1 := len(srv)
	srv = append(srv, resp[2][8:]...)
	lost2 := bytes.Index(srv, []byte(fake)) + 100
	srv = append(srv[:lost2:lost2], srv[lost2+10:]...)
	for id := int32(3); id <= 5; id++ {
		srv = append(srv, resp[id]...)
	}
	in := source.Input{Streams: []source.Stream{
		{Bytes: req, Conn: "a:1>b:9092", Dir: source.ClientToServer, FromStart: true},
		{Bytes: srv, Conn: "a:1>b:9092", Dir: source.ServerToClient, FromStart: true, Gaps: []source.Gap{{Off: lost1, Len: 8}, {Off: lost2, Len: 10}}},
	}}
	res := conversation.Find(in, conversation.Options{})
	var got []int32
	for _, f := range res.All() {
		if f.Dir != schema.Response {
			continue
		}
		got = append(got, f.CorrelationID)
		require.GreaterOrEqual(t, f.Pair, 0, "response %d is paired", f.CorrelationID)
		assert.Equal(t, resp[f.CorrelationID], f.Bytes, "response %d is whole and its own", f.CorrelationID)
		assert.Equal(t, f.CorrelationID, res.Frame(f.Pair).CorrelationID)
	}
	assert.Equal(t, []int32{1, 3, 4, 5}, got, "response 2 lost its header; nothing stands in for it")
}

// Every frame names its client's id (kgo's or sarama's), a response its
// request's, however its Result was made: from a capture, from the frames
// pasted back to back, and from frames given whole (Collect).
func TestClientIDOfEveryFrame(t *testing.T) {
	captured, fromPaste, ids := capturedAndPasted(t)
	collected := conversation.Collect(framesOf(captured), captured.Conns)
	for name, res := range map[string]conversation.Result{"captured": captured, "pasted": fromPaste, "collected": collected} {
		require.NotZero(t, res.Len(), name)
		for i, f := range res.All() {
			want := ids[f.Conn]
			require.NotEmpty(t, want, "%s: frame %d's connection %q", name, i, f.Conn)
			if f.Dir == schema.Response && f.Pair < 0 || f.API == nil {
				want = ""
			}
			assert.Equal(t, want, res.ClientID(i), "%s: frame %d, %s %s v%d", name, i, f.Dir, f.API, f.Version)
		}
	}
}

// A Matcher, which keeps what each term said of a connection, client id
// and API, matches the frames Filter.Match does, frame by frame: on kgo's
// and sarama's traffic captured, on kgo's pasted (no connection), and on a
// response alone (no client id in the result at all).
func TestMatcherMatchesAsFilterDoes(t *testing.T) {
	captured, fromPaste, _ := capturedAndPasted(t)
	resp, err := frame.Encode(message.Minimal(schema.ByName("ListGroups"), 4, schema.Response))
	require.NoError(t, err)
	_, alone := findIn(t, resp)
	port := fmt.Sprint(capturetest.ServerPort)
	filters := []string{"kgo", "KAFKAWIRE", "client:capture", "client:", "a", "fetch", "api:fetch", "fetch/v12",
		"api:fetch/v11", "fetc", "metadata 1", "conn:127", "127.0.0.1", port, "0", "1", "v4", "v:12", "corr:3",
		"dir:resp", "request", "response capture", "error", "broken", "unanswered", "longpoll", "topic:orders",
		"err:none", "x", "capture fetch conn:" + port, "listgroups", "?", "sarama", "client:SARAMA", "kafkawire",
		"kafkawire produce", "40001", "sarama 40001"}
	for name, res := range map[string]conversation.Result{"captured": captured, "pasted": fromPaste, "alone": alone} {
		require.NotZero(t, res.Len(), name)
		for _, q := range filters {
			flt := conversation.ParseFilter(q)
			m, facts, matched := flt.For(res, res.Decoded()), res.Decoded(), 0
			for i := range res.Len() {
				want := flt.Match(res, i, facts)
				require.Equal(t, want, m.Match(i), "%s: %q, frame %d", name, q, i)
				if want {
					matched++
				}
			}
			t.Logf("%s: %q matches %d of %d", name, q, matched, res.Len())
		}
	}
}

// capturedAndPasted are kgo's and sarama's recorded connections captured,
// and the frames of kgo's busiest connection pasted back to back; ids are
// the client ids by connection name ("" the paste's).
func capturedAndPasted(t *testing.T) (captured, pasted conversation.Result, ids map[string]string) {
	kgoConns, saramaConns := traffic.ByConn(recordings[0].exchanges(t)), traffic.ByConn(recordings[1].exchanges(t))
	sc := capturetest.Scenario{}
	ids = map[string]string{"": "kafkawire-capture"}
	for i := range len(kgoConns) + len(saramaConns) {
		ids[sc.Name(i)] = "kafkawire-capture"
		if i >= len(kgoConns) {
			ids[sc.Name(i)] = "kafkawire-sarama"
		}
	}
	all := append(slices.Clone(kgoConns), saramaConns...)
	_, captured = findIn(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segments(sc, all)))
	busiest := slices.MaxFunc(kgoConns, func(a, b []traffic.Exchange) int { return cmp.Compare(len(a), len(b)) })
	var b []byte
	for _, ex := range busiest {
		b = append(append(b, ex.Request...), ex.Response...)
	}
	_, pasted = findIn(t, b)
	return captured, pasted, ids
}
