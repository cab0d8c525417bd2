//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/IBM/sarama"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// frameLine is one line of `kafkawire frames`, every key required.
type frameLine struct {
	Conn          *string `json:"conn"`
	Time          *string `json:"time"`
	Direction     string  `json:"direction"`
	APIKey        *int16  `json:"apiKey"`
	APIName       *string `json:"apiName"`
	Version       *int16  `json:"version"`
	CorrelationID *int32  `json:"correlationId"`
	Hex           string  `json:"hex"`
	Broken        string  `json:"broken"`
}

func framesOf(t *testing.T, out string) []frameLine {
	t.Helper()
	var lines []frameLine
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var keys map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(l), &keys), l)
		for _, k := range []string{"conn", "time", "direction", "apiKey", "apiName", "version", "correlationId", "hex"} {
			require.Contains(t, keys, k, l)
		}
		var f frameLine
		require.NoError(t, json.Unmarshal([]byte(l), &f))
		lines = append(lines, f)
	}
	return lines
}

// checkExchanges asserts the frames are exactly the exchanges' frames:
// every request and every response, byte for byte, each with its API and
// version, from a capture (a connection and a time on every line, in
// capture order).
func checkExchanges(t *testing.T, lines []frameLine, exs []traffic.Exchange) {
	t.Helper()
	want := map[string][]traffic.Exchange{} // by hex and direction
	n := 0
	for _, ex := range exs {
		want["request "+hex.EncodeToString(ex.Request)] = append(want["request "+hex.EncodeToString(ex.Request)], ex)
		n++
		if ex.Response != nil {
			want["response "+hex.EncodeToString(ex.Response)] = append(want["response "+hex.EncodeToString(ex.Response)], ex)
			n++
		}
	}
	require.Len(t, lines, n, "one line per frame sent and received")
	var last time.Time
	for i, l := range lines {
		require.NotNil(t, l.Conn, "line %d", i)
		assert.Regexp(t, `^127\.0\.0\.1:\d+>127\.0\.0\.1:\d+$`, *l.Conn)
		require.NotNil(t, l.Time, "line %d", i)
		at, err := time.Parse(time.RFC3339Nano, *l.Time)
		require.NoError(t, err)
		assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$`, *l.Time)
		require.False(t, at.Before(last), "line %d goes back in time", i)
		last = at
		key := l.Direction + " " + l.Hex
		exsFor := want[key]
		require.NotEmpty(t, exsFor, "line %d: a %s that was not sent, or given twice", i, l.Direction)
		ex := exsFor[0]
		want[key] = exsFor[1:]
		require.NotNil(t, l.APIKey, "line %d: %s has an API", i, l.Direction)
		assert.Equal(t, ex.APIKey, *l.APIKey)
		assert.Equal(t, schema.ByKey(ex.APIKey).Name, *l.APIName)
		assert.Equal(t, ex.APIVersion, *l.Version, "line %d: %s v%d", i, *l.APIName, *l.Version)
		assert.Equal(t, ex.CorrelationID, *l.CorrelationID)
	}
}

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

// kgo and sarama producing and consuming against kfake, written as
// captures by the tests' own writer: frames gives every frame back, and
// decode prints every frame's tree under its connection.
func TestFramesOfWrittenCaptures(t *testing.T) {
	for _, client := range []struct {
		name   string
		record func() ([]traffic.Exchange, error)
	}{
		{"kgo", recordKgo},
		{"sarama", func() ([]traffic.Exchange, error) { return traffic.RecordSarama(sarama.V2_8_0_0) }},
	} {
		t.Run(client.name, func(t *testing.T) {
			exs, err := client.record()
			require.NoError(t, err)
			checkWrittenCaptures(t, exs)
		})
	}
}

// recordKgo records kgo producing records of up to 80 kB and fetching them.
func recordKgo() ([]traffic.Exchange, error) {
	var err error
	exs, rerr := traffic.Record([]kgo.Opt{kgo.ConsumeTopics("orders"), kgo.ClientID("frames-test"), kgo.FetchMaxWait(100 * time.Millisecond)},
		func(ctx context.Context, cl *kgo.Client) {
			for i := range 3 {
				if err = cl.ProduceSync(ctx, &kgo.Record{Topic: "orders", Value: bytes.Repeat([]byte("v"), 1+i*40_000)}).FirstErr(); err != nil {
					return
				}
			}
			for got := 0; got < 3 && ctx.Err() == nil; {
				got += cl.PollFetches(ctx).NumRecords()
			}
		})
	if rerr != nil {
		return exs, rerr
	}
	return exs, err
}

// checkWrittenCaptures writes the exchanges as a pcap and a pcapng file
// and runs frames and decode on them.
func checkWrittenCaptures(t *testing.T, exs []traffic.Exchange) {
	t.Helper()
	segs := capturetest.Scenario{MSS: 1460}.Segments(traffic.Wire(traffic.ByConn(exs)))
	frames := 0
	for _, ex := range exs {
		frames++
		if ex.Response != nil {
			frames++
		}
	}
	for name, file := range map[string][]byte{
		"pcap":   pcapwrite.WritePcap(pcapwrite.Ethernet, false, segs),
		"pcapng": pcapwrite.WritePcapng(pcapwrite.LinuxSLL, segs),
	} {
		path := writeTemp(t, "traffic."+name, file)
		out, errOut, status := kafkawire(t, "", "frames", path)
		require.Equal(t, 0, status, errOut)
		assert.Empty(t, errOut)
		lines := out
		checkExchanges(t, framesOf(t, out), exs)
		fromStdin, _, status := kafkawire(t, string(file), "frames")
		require.Equal(t, 0, status)
		assert.Equal(t, out, fromStdin, "a capture on stdin reads as from a file")

		out, errOut, status = kafkawire(t, "", "decode", path)
		require.Equal(t, 0, status, errOut)
		heads := regexp.MustCompile(`(?m)^# conn 127\.0\.0\.1:\d+>127\.0\.0\.1:29092 frame (\d+): (request|response) (\w+) v\d+, correlation id \d+, 2026-12-01T01:0\d:\d\d\.\d{9}Z(, (answers|answered by) frame \d+)?$`).FindAllStringSubmatch(out, -1)
		require.Len(t, heads, frames, "a heading per frame")
		for i, h := range heads {
			assert.Equal(t, strconv.Itoa(i+1), h[1])
			assert.Contains(t, out, h[0]+"\n"+h[3]+map[string]string{"request": "Request", "response": "Response"}[h[2]]+" message v", "the tree follows its heading")
		}
		// As JSON: the documents alone on stdout, the headings on stderr,
		// and encode --json reads the documents back into the frames.
		js, notes, status := kafkawire(t, "", "decode", "--json", path)
		require.Equal(t, 0, status)
		assert.Equal(t, frames, strings.Count(notes, "# conn "))
		assert.NotContains(t, js, "# conn")
		hex, errOut, status := kafkawire(t, js, "encode", "--json", "-")
		require.Equal(t, 0, status, errOut)
		var want []string
		for _, l := range framesOf(t, lines) {
			want = append(want, l.Hex)
		}
		assert.Equal(t, want, strings.Fields(hex), "every frame, byte for byte")
	}
}

// Inputs without connections: conn and time are null; a response without
// its request has no API unless --api and --version name it.
func TestFramesOfPastedBytes(t *testing.T) {
	req := "00000014003d000000000000000000020102000000000000"
	resp := "0000003c000000000000000000020102000000000000010200000000000000000000000000000000000000000000000000000000000000000000000000000000"
	out, _, status := kafkawire(t, req+resp, "frames")
	require.Equal(t, 0, status)
	assert.Equal(t, `{"conn":null,"time":null,"direction":"request","apiKey":61,"apiName":"DescribeProducers","version":0,"correlationId":0,"hex":"`+req+`"}`+"\n"+
		`{"conn":null,"time":null,"direction":"response","apiKey":61,"apiName":"DescribeProducers","version":0,"correlationId":0,"hex":"`+resp+`"}`+"\n", out)

	raw, _ := hex.DecodeString(resp)
	out, _, status = kafkawire(t, string(raw), "frames")
	require.Equal(t, 0, status)
	assert.Equal(t, `{"conn":null,"time":null,"direction":"response","apiKey":null,"apiName":null,"version":null,"correlationId":0,"hex":"`+resp+`"}`+"\n", out)
	out, _, status = kafkawire(t, resp, "frames", "--api", "DescribeProducers", "--version", "0")
	require.Equal(t, 0, status)
	assert.Contains(t, out, `"direction":"response","apiKey":61,"apiName":"DescribeProducers","version":0,`)

	// The committed tcpdump -X sample of a whole connection: its
	// connection, and the times of day of its summaries, without a date,
	// which give the exchange its latency.
	out, _, status = kafkawire(t, "", "frames", "../codec/hexin/testdata/dp.tcpdump-X")
	require.Equal(t, 0, status)
	assert.Equal(t, `{"conn":"127.0.0.1:47001>127.0.0.1:47002","time":"00:26:33.142198000","direction":"request","apiKey":61,"apiName":"DescribeProducers","version":0,"correlationId":0,"hex":"`+req+`","latencyUs":50384}`+"\n"+
		`{"conn":"127.0.0.1:47001>127.0.0.1:47002","time":"00:26:33.192582000","direction":"response","apiKey":61,"apiName":"DescribeProducers","version":0,"correlationId":0,"hex":"`+resp+`","latencyUs":50384}`+"\n", out)
	// Those lines read back as what they are, times of day included.
	again, errOut, status := kafkawire(t, out, "frames")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, out, again)
}

// Nothing found: exit status 1 and one line on stderr.
func TestFramesNothingFound(t *testing.T) {
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:5000"), netip.MustParseAddrPort("127.0.0.1:80"), time.Now())
	c.Open()
	c.Send(true, []byte("GET / HTTP/1.1\r\n\r\n"), 0)
	tls := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:5001"), netip.MustParseAddrPort("127.0.0.1:9093"), time.Now())
	tls.Open()
	tls.Send(true, []byte{0x16, 0x03, 0x03, 0, 1, 0}, 0)
	for _, in := range []struct{ data, stderr string }{
		{string(pcapwrite.WritePcap(pcapwrite.Ethernet, false, append(c.Segments, tls.Segments...))),
			"kafkawire: no Kafka frame found in this pcap input: 2 TCP connections, 1 of them TLS (give their key log with --keylog to open them), none whose client sends Kafka requests (name a server port with --port if its client's side was not captured)\n"},
		{"", "kafkawire: reading the input as bytes: "},
	} {
		out, errOut, status := kafkawire(t, in.data, "frames")
		assert.Equal(t, 1, status)
		assert.Empty(t, out)
		assert.True(t, strings.HasPrefix(errOut, in.stderr), errOut)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), errOut)
	}
}

// A capture written by Debian's tcpdump on the loopback interface while
// kgo produces to and fetches from kfake: frames gives back every frame
// the client sent and received.
func TestFramesOfTcpdumpCapture(t *testing.T) {
	file, exs := recordOnLoopback(t, capturetest.Tcpdump(t, false), "tcpdump-test", func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "lo", Value: bytes.Repeat([]byte("x"), 150_000)}).FirstErr())
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "lo", Value: []byte("small")}).FirstErr())
	})
	out, errOut, status := kafkawire(t, "", "frames", file)
	require.Equal(t, 0, status, errOut)
	checkExchanges(t, framesOf(t, out), exs)
}

// A line with every optional key, and strings that need escaping, is valid JSON that reads back the same.
func TestFrameLineEscapes(t *testing.T) {
	f := conversation.Frame{Conn: "[::1]:1>[::1]:2", Dir: schema.Response, Bytes: []byte{0, 0, 0, 4, 0, 0, 0, 7},
		Broken: `5 bytes "missing"` + "\t\\", Note: "a\nb", Time: time.Date(2026, 1, 2, 3, 4, 5, 60, time.UTC)}
	line := appendFrameLine(nil, &f, lineKeys{latency: 2501234567 * time.Nanosecond, hasLatency: true, errs: []int16{3, 9999}})
	var got map[string]any
	require.NoError(t, json.Unmarshal(line, &got), string(line))
	assert.Equal(t, map[string]any{"conn": "[::1]:1>[::1]:2", "time": "2026-01-02T03:04:05.000000060Z", "direction": "response",
		"apiKey": nil, "apiName": nil, "version": nil, "correlationId": 7.0, "hex": "0000000400000007",
		"latencyUs": 2501234.0, "errors": []any{"UNKNOWN_TOPIC_OR_PARTITION", "error 9999"},
		"broken": `5 bytes "missing"` + "\t\\", "note": "a\nb"}, got)
}

// A segment lost in the middle of a request: frames gives the bytes before
// the gap with where the gap is, then the next frame whole; decode shows
// the broken frame's tree as far as it goes and fails on it.
func TestFramesAcrossAGap(t *testing.T) {
	req, _ := hex.DecodeString("00000014003d000000000000000000020102000000000000")
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:5000"), netip.MustParseAddrPort("127.0.0.1:6000"), time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	c.Open()
	c.Send(true, append(append([]byte(nil), req...), req...), 8)
	segs := append(c.Segments[:4:4], c.Segments[5:]...) // bytes 8 to 16 of the first request lost
	path := writeTemp(t, "gap.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))

	out, errOut, status := kafkawire(t, "", "frames", path)
	require.Equal(t, 0, status)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	// The server sent its SYN-ACK alone and the capture ends with the
	// connection open: it says so of each request, unanswered in it.
	// Each waited from its first packet to the capture's last.
	none := `"noResponse":"the capture ends with the connection still open"`
	end := segs[len(segs)-1].Time
	waited := func(from pcapwrite.Segment) string {
		return fmt.Sprintf(`,"waitedUs":%d`, end.Sub(from.Time).Microseconds())
	}
	assert.Contains(t, lines[0], `"correlationId":null,"hex":"00000014003d0000",`+none+waited(c.Segments[3])+`,"broken":"8 bytes missing 8 bytes into the frame (stream offset 8), of 24"}`)
	assert.Contains(t, lines[1], `"hex":"`+hex.EncodeToString(req)+`",`+none+waited(c.Segments[6])+`}`)
	assert.Equal(t, "kafkawire: note: 127.0.0.1:5000>127.0.0.1:6000: client stream: 8 bytes it sent are not in the capture (packets the capture missed, or cut short by its snap length)\n"+
		"kafkawire: note: 127.0.0.1:5000>127.0.0.1:6000: client stream: the frame at offset 0 is broken: 8 bytes missing 8 bytes into the frame (stream offset 8), of 24\n", errOut)

	out, errOut, status = kafkawire(t, "", "decode", path)
	assert.Equal(t, 1, status)
	// The gap took the correlation id: the heading has none.
	assert.Contains(t, out, "# conn 127.0.0.1:5000>127.0.0.1:6000 frame 1: request DescribeProducers v0, 2026-12-01T00:00:00.000")
	assert.Contains(t, out, "  (broken: 8 bytes missing 8 bytes into the frame (stream offset 8), of 24)\n  (the capture ends with the connection still open; it waited "+end.Sub(c.Segments[3].Time).String()+" at least)\nDescribeProducersRequest message v0")
	assert.Contains(t, out, "# conn 127.0.0.1:5000>127.0.0.1:6000 frame 2: request DescribeProducers v0")
	assert.Contains(t, errOut, "kafkawire: conn 127.0.0.1:5000>127.0.0.1:6000 frame 1: broken: 8 bytes missing")
}

// kgo's Fetch held by the broker until its MaxWaitMs is a long poll in
// frames' lines (both of its frames) and under decode's heading; a Fetch
// answered at once is not.
func TestFramesSayLongPoll(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	fetches := traffic.Answered(exs, 1, 2)
	require.NotNil(t, fetches)
	maxWait, err := fetches[0].MaxWait()
	require.NoError(t, err)
	require.Greater(t, maxWait, time.Duration(0))
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:9092"), time.Date(2026, 12, 5, 1, 2, 3, 0, time.UTC))
	c.Open()
	c.Exchange(fetches[0].Request, fetches[0].Response, maxWait)
	c.Exchange(fetches[1].Request, fetches[1].Response, 0)
	// The first Fetch again on a connection of its own, held two seconds
	// past its wait: a long poll still, which its wait does not explain.
	late := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40001"), netip.MustParseAddrPort("127.0.0.1:9092"), time.Date(2026, 12, 5, 1, 3, 3, 0, time.UTC))
	late.Open()
	late.Exchange(fetches[0].Request, fetches[0].Response, maxWait+2*time.Second)
	path := writeTemp(t, "poll.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, append(c.Segments, late.Segments...)))

	out, _, status := kafkawire(t, "", "frames", path)
	require.Equal(t, 0, status)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 6)
	for i, line := range lines[:4] {
		var got map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &got), line)
		assert.Equal(t, "Fetch", got["apiName"], "frame %d", i)
		if i < 2 {
			assert.Equal(t, true, got["longPoll"], "frame %d", i)
			assert.Equal(t, float64(maxWait.Milliseconds()), got["maxWaitMs"], "frame %d", i)
			assert.GreaterOrEqual(t, got["latencyUs"], float64(maxWait.Microseconds()), "frame %d", i)
		} else {
			assert.NotContains(t, got, "longPoll", "frame %d", i)
			assert.NotContains(t, got, "maxWaitMs", "frame %d", i)
		}
	}

	for _, line := range lines[4:] {
		assert.Contains(t, line, `,"longPoll":true,"maxWaitMs":`+strconv.FormatInt(maxWait.Milliseconds(), 10))
	}
	// The filter's word for them: both held exchanges, not the quick one.
	out, _, status = kafkawire(t, "", "frames", "--filter", "longpoll", path)
	require.Equal(t, 0, status)
	assert.Equal(t, []string{lines[0], lines[1], lines[4], lines[5]}, strings.Split(strings.TrimSpace(out), "\n"))

	out, _, status = kafkawire(t, "", "decode", path)
	require.Equal(t, 0, status)
	poll := "  (a long poll: a broker holds a Fetch until MinBytes of records are there or its MaxWaitMs (" + maxWait.String() + ") has passed)\n"
	assert.Equal(t, 2, strings.Count(out, poll), out)
	assert.Contains(t, out, ", answered by frame 2\n"+poll)
	assert.NotContains(t, out, ", answered by frame 4\n"+poll)
	// Past by the two seconds and the microseconds the packets took.
	past := regexp.MustCompile(`\n  \(a long poll, answered 2\.0000\d+s past its MaxWaitMs \(` + regexp.QuoteMeta(maxWait.String()) + `\): more than the wait explains\)\n`)
	assert.Len(t, past.FindAllString(out, -1), 2, out)
}

// The lines made by several workers come out in the frames' order and equal
// the lines made one after another, across many chunks of output; a writer
// that fails stops the writing with its error.
func TestFrameLinesInOrder(t *testing.T) {
	var frames []conversation.Frame
	var want []byte
	for i := range 3000 {
		// Sizes from a few bytes to twice a chunk, so chunks hold one frame or hundreds.
		size := 8 + (i*7919)%1500
		if i%500 == 0 {
			size = 2 * frameLinesChunk
		}
		b := make([]byte, size)
		binary.BigEndian.PutUint32(b, uint32(size-4))
		binary.BigEndian.PutUint32(b[4:], uint32(i))
		f := conversation.Frame{Conn: fmt.Sprintf("10.0.0.1:%d>10.0.0.2:9092", i%7), Dir: schema.Response, Bytes: b}
		frames = append(frames, f)
		want = appendFrameLine(want, &f, lineKeys{})
	}
	res := conversation.Collect(frames, nil)
	var out bytes.Buffer
	require.NoError(t, writeFrameLines(&out, res, nil, false))
	require.Equal(t, len(want), out.Len())
	require.True(t, bytes.Equal(want, out.Bytes()), "lines differ from one-by-one")
	assert.Equal(t, len(frames), bytes.Count(out.Bytes(), []byte("\n")))

	broken := errors.New("pipe closed")
	assert.ErrorIs(t, writeFrameLines(failingWriter{broken}, res, nil, false), broken)
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// appendHex writes what encoding/hex does, after what the buffer holds, for
// every length around its four-byte steps and every byte value.
func TestAppendHexMatchesEncodingHex(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	for n := 0; n <= len(all); n++ {
		for _, prefix := range []string{"", `"hex":"`} {
			src := all[len(all)-n:]
			want := hex.AppendEncode([]byte(prefix), src)
			got := appendHex([]byte(prefix), src)
			require.Equal(t, string(want), string(got), "%d bytes after %q", n, prefix)
		}
	}
}

func BenchmarkAppendHex(b *testing.B) {
	src := make([]byte, 1<<20)
	for i := range src {
		src[i] = byte(i * 7)
	}
	dst := make([]byte, 0, 2<<20)
	b.Run("impl=encoding-hex", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			hex.AppendEncode(dst, src)
		}
	})
	b.Run("impl=kafkawire", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			appendHex(dst, src)
		}
	})
}

// frames --errors names each response's error codes on its line; without
// it lines say nothing of them. Each exchange's lines carry its latency
// (the capture's times). kfake answers a DeleteTopics of a topic it does
// not have with UNKNOWN_TOPIC_OR_PARTITION, and the produce before it
// succeeds.
func TestFramesErrorsAndLatency(t *testing.T) {
	exs, err := traffic.Record([]kgo.Opt{kgo.DefaultProduceTopic("orders")}, func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Value: []byte("fine")}).FirstErr())
		require.NoError(t, traffic.DeleteMissingTopic(ctx, cl))
	})
	require.NoError(t, err)
	path := writeCapture(t, "errors.pcap", exs)

	plain, errOut, status := kafkawire(t, "", "frames", path)
	require.Equal(t, 0, status, errOut)
	assert.NotContains(t, plain, `"errors"`)
	out, errOut, status := kafkawire(t, "", "frames", "--errors", path)
	require.Equal(t, 0, status, errOut)
	failed := 0
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var line struct {
			Direction string
			APIName   *string
			LatencyUs *int64
			Errors    []string
		}
		require.NoError(t, json.Unmarshal([]byte(l), &line))
		if line.APIName != nil && *line.APIName == "DeleteTopics" && line.Direction == "response" {
			assert.Equal(t, []string{"UNKNOWN_TOPIC_OR_PARTITION"}, line.Errors)
			failed++
		} else {
			assert.Empty(t, line.Errors, l)
		}
		if line.Direction == "request" || line.APIName != nil {
			require.NotNil(t, line.LatencyUs, l)
			assert.Positive(t, *line.LatencyUs, l)
		}
	}
	assert.Equal(t, 1, failed)
	// The lines with their new keys read back as what they are.
	again, errOut, status := kafkawire(t, out, "frames")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, plain, again)
}

// decode of a capture prints a topic id with the topic's name, as the
// capture's Metadata responses give it: kgo's Fetch requests (v13 on)
// carry the topic's id alone.
func TestDecodeNamesTopicIDs(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	path := writeCapture(t, "consume.pcap", exs)

	out, errOut, status := kafkawire(t, "", "decode", path)
	require.Equal(t, 0, status, errOut)
	ids := regexp.MustCompile(`TopicId uuid = (\S+)( \(orders\))? \[`).FindAllStringSubmatch(out, -1)
	require.NotEmpty(t, ids, "the Fetch requests' and the Metadata responses' topic ids are printed")
	named := 0
	for _, m := range ids {
		if m[1] == "AAAAAAAAAAAAAAAAAAAAAA" {
			assert.Empty(t, m[2], "the zero id (a Metadata request by name) names nothing")
			continue
		}
		assert.Equal(t, " (orders)", m[2], "topic id %s is named", m[1])
		named++
	}
	assert.Positive(t, named)
	// The JSON says the uuid alone: its values are the message's.
	js, errOut, status := kafkawire(t, "", "decode", "--json", path)
	require.Equal(t, 0, status, errOut)
	assert.NotContains(t, js, "(orders)")
}

// frames and decode say why a request has no response: kgo producing with
// acks=0, which kfake does not answer.
func TestFramesSayWhyNoResponse(t *testing.T) {
	exs, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	path := writeCapture(t, "acks0.pcap", exs)
	out, errOut, status := kafkawire(t, "", "frames", path)
	require.Equal(t, 0, status, errOut)
	produces := 0
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var line struct {
			Direction  string
			APIName    *string
			NoResponse string
		}
		require.NoError(t, json.Unmarshal([]byte(l), &line))
		if line.APIName != nil && *line.APIName == "Produce" {
			assert.Equal(t, "acks=0: the broker sends no response", line.NoResponse)
			produces++
		} else {
			assert.Empty(t, line.NoResponse, l)
		}
	}
	assert.Positive(t, produces)
	out, errOut, status = kafkawire(t, "", "decode", path)
	require.Equal(t, 0, status, errOut)
	assert.Regexp(t, `frame \d+: request Produce v\d+, correlation id \d+, [^\n]*\n  \(acks=0: the broker sends no response\)\n`, out)
	_, errOut, status = kafkawire(t, "", "frames", "--filter", "unanswered", path)
	assert.Equal(t, 1, status, "no request a broker answers is left unanswered")
	assert.Contains(t, errOut, `matches --filter "unanswered"`)

	// A response the capture lost: --filter unanswered finds its request alone.
	for i, ex := range exs {
		if ex.APIKey != 0 && ex.Response != nil {
			exs[i].Response = nil
			out, errOut, status = kafkawire(t, "", "frames", "--filter", "unanswered", writeCapture(t, "lost.pcap", exs))
			require.Equal(t, 0, status, errOut)
			lines := framesOf(t, out)
			require.Len(t, lines, 1)
			assert.Equal(t, ex.CorrelationID, *lines[0].CorrelationID)
			assert.Contains(t, out, "the capture lost its response")
			break
		}
	}
}

// --filter picks frames as the page's capture list does: decode of one
// exchange keeps the topic names the whole capture gives (its Metadata
// responses are not among the frames printed); frames lists only those
// that match; no match is an error, and a term that is only text says so.
func TestFilterFramesAndDecode(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	sc := capturetest.Scenario{}
	conns := traffic.ByConn(exs)
	path := writeTemp(t, "consume.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, sc.Segments(traffic.Wire(conns))))
	var fetch traffic.Exchange
	conn := -1
	for c, exs := range conns {
		for _, ex := range exs {
			if ex.APIKey == 1 && ex.Response != nil && conn < 0 {
				fetch, conn = ex, c
			}
		}
	}
	require.GreaterOrEqual(t, conn, 0, "a Fetch answered")
	q := fmt.Sprintf("api:Fetch corr:%d conn:%d", fetch.CorrelationID, sc.Client(conn).Port())

	out, errOut, status := kafkawire(t, "", "decode", "--filter", q, path)
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, 2, strings.Count(out, "# conn "), "the request and its response")
	assert.Contains(t, out, " (orders) [", "its topic id named from the whole capture's Metadata")

	out, errOut, status = kafkawire(t, "", "frames", "--filter", q, path)
	require.Equal(t, 0, status, errOut)
	lines := framesOf(t, out)
	require.Len(t, lines, 2)
	for _, l := range lines {
		assert.Equal(t, fetch.CorrelationID, *l.CorrelationID)
	}
	all, _, _ := kafkawire(t, "", "frames", path)
	topic, _, status := kafkawire(t, "", "frames", "--filter", "topic:orders", path)
	require.Equal(t, 0, status)
	assert.Less(t, len(framesOf(t, topic)), len(framesOf(t, all)), "not every frame names the topic")

	_, errOut, status = kafkawire(t, "", "frames", "--filter", "latency>1s", path)
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "latency>1s is no comparison here")
	assert.Contains(t, errOut, `matches --filter "latency>1s"`)
}

// writeCapture writes the exchanges, connection by connection, as a pcap
// file named name in the test's directory, and gives its path.
func writeCapture(t *testing.T, name string, exs []traffic.Exchange) string {
	t.Helper()
	segs := capturetest.Scenario{}.Segments(traffic.Wire(traffic.ByConn(exs)))
	return writeTemp(t, name, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))
}

// A capture begun after a Fetch was sent: its response is the first
// frame, and decode says how the connection's own requests read it, lists
// every reading with --guess (those first), and decodes it given them.
func TestDecodeOrphanResponse(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	fetches := traffic.Answered(exs, 1, 2) // a connection that fetched twice
	require.NotNil(t, fetches, "a connection that fetched twice")
	late := traffic.CaughtLate(fetches) // the first request went before the capture began
	path := writeTemp(t, "late.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, late))
	v := fetches[0].APIVersion
	q := fmt.Sprintf("corr:%d dir:response", fetches[0].CorrelationID)

	out, _, status := kafkawire(t, "", "decode", "--filter", q, path)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, fmt.Sprintf("(not decoded: a response whose request is not in the input; it reads whole as Fetch v%d, as this connection's requests do: give --api Fetch --version %d, or --guess for every reading)", v, v))

	out, _, status = kafkawire(t, "", "decode", "--guess", "--filter", q, path)
	assert.Equal(t, 1, status)
	assert.Contains(t, out, fmt.Sprintf("these readings decode it whole, as this connection's requests first:)\n  Fetch v%d\t--api Fetch --version %d  (as this connection's requests)\n", v, v))

	out, errOut, status := kafkawire(t, "", "decode", "--api", "Fetch", "--version", fmt.Sprint(v), "--filter", q, path)
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, out, fmt.Sprintf("FetchResponse message v%d", v))
}
