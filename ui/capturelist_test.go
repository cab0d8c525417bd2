//go:build !js

package ui

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"net/netip"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

var (
	kgoOnce sync.Once
	kgoExs  []traffic.Exchange
	kgoErr  error
)

// kgoTraffic records, once, what a kgo client producing records (one of
// 60 kB, so its Produce request spans many segments) and fetching them back
// exchanges with kfake on 127.0.0.1.
func kgoTraffic(t *testing.T) []traffic.Exchange {
	t.Helper()
	kgoOnce.Do(func() {
		kgoExs, kgoErr = traffic.Record([]kgo.Opt{
			kgo.DefaultProduceTopic("orders"),
			kgo.ConsumeTopics("orders"),
			kgo.FetchMaxWait(100 * time.Millisecond),
			kgo.ProducerBatchCompression(kgo.NoCompression()),
		}, func(ctx context.Context, cl *kgo.Client) {
			values := [][]byte{[]byte("first"), bytes.Repeat([]byte{'x'}, 60_000), []byte("last")}
			for _, v := range values {
				if err := cl.ProduceSync(ctx, &kgo.Record{Value: v}).FirstErr(); err != nil {
					kgoErr = err
					return
				}
			}
			for got := 0; got < len(values) && ctx.Err() == nil; {
				cl.PollFetches(ctx).EachRecord(func(*kgo.Record) { got++ })
			}
		})
	})
	require.NoError(t, kgoErr)
	require.NotEmpty(t, kgoExs)
	return kgoExs
}

// recordedCapture is a capture of the exchanges, one TCP connection per
// recorded connection (client port 40000+n, server 127.0.0.1:29092), in
// segments of at most 1000 bytes, with the latency each exchange must show:
// from its request's first segment to its response's.
type recordedCapture struct {
	segs    []pcapwrite.Segment
	latency map[string]time.Duration // by conn and correlation id
	conns   int
}

func captureOf(exs []traffic.Exchange) recordedCapture {
	rc := recordedCapture{latency: map[string]time.Duration{}}
	var cs []*pcapwrite.Conn
	t0 := time.Date(2026, 12, 1, 1, 2, 3, 0, time.UTC)
	for _, ex := range exs {
		for len(cs) <= ex.Conn {
			i := len(cs)
			c := pcapwrite.NewConn(netip.MustParseAddrPort(fmt.Sprintf("127.0.0.1:%d", 40000+i)), netip.MustParseAddrPort("127.0.0.1:29092"), t0.Add(time.Duration(i)*time.Second))
			c.Open()
			cs = append(cs, c)
		}
		c := cs[ex.Conn]
		asked := c.Segments[len(c.Segments)-1].Time.Add(37 * time.Microsecond)
		c.Send(true, ex.Request, 1000)
		if ex.Response != nil {
			answered := c.Segments[len(c.Segments)-1].Time.Add(37 * time.Microsecond)
			c.Send(false, ex.Response, 1000)
			rc.latency[fmt.Sprint(40000+ex.Conn, "/", ex.CorrelationID)] = answered.Sub(asked)
		}
	}
	for _, c := range cs {
		c.Close()
		rc.segs = append(rc.segs, c.Segments...)
	}
	rc.conns = len(cs)
	return rc
}

func openCapture(t *testing.T, name string, file []byte) *CaptureList {
	t.Helper()
	p := &Paste{Raw: file, File: name}
	p.Read()
	require.Nil(t, p.Err)
	require.NotNil(t, p.Capture, "a capture goes to the conversation list")
	require.Empty(t, p.Capture.Err)
	return p.Capture
}

// indexOfFrame finds the frame b sent on the connection of exchange ex
// (several connections send the same ApiVersions request).
func indexOfFrame(l *CaptureList, ex traffic.Exchange, b []byte) int {
	conn := fmt.Sprintf("127.0.0.1:%d>127.0.0.1:29092", 40000+ex.Conn)
	for i := range l.Len() {
		if f := l.Frame(i); f.Conn == conn && bytes.Equal(f.Bytes, b) {
			return i
		}
	}
	return -1
}

// The list of a capture of kgo traffic holds every request and response,
// byte for byte, each response paired with its request and named by it,
// with the latency the capture's times give.
func TestCaptureListFramesPairsAndLatency(t *testing.T) {
	exs := kgoTraffic(t)
	rc := captureOf(exs)
	for _, file := range []struct {
		name string
		b    []byte
	}{
		{"kgo.pcapng", pcapwrite.WritePcapng(pcapwrite.Ethernet, rc.segs)},
		{"kgo.pcap", pcapwrite.WritePcap(pcapwrite.LinuxSLL, true, rc.segs)},
	} {
		l := openCapture(t, file.name, file.b)
		assert.Equal(t, rc.conns, l.Kafka(), "%s: every connection is Kafka", file.name)
		frames := 0
		for _, ex := range exs {
			i := indexOfFrame(l, ex, ex.Request)
			require.GreaterOrEqual(t, i, 0, "%s: request %d of conn %d", file.name, ex.CorrelationID, ex.Conn)
			f := l.Frame(i)
			assert.Equal(t, schema.Request, f.Dir)
			assert.Equal(t, ex.APIKey, f.API.Key)
			assert.Equal(t, ex.APIVersion, f.Version)
			assert.Equal(t, ex.CorrelationID, f.CorrelationID)
			assert.Equal(t, fmt.Sprintf("127.0.0.1:%d>127.0.0.1:29092", 40000+ex.Conn), f.Conn)
			assert.Empty(t, l.Problems(i))
			frames++
			if ex.Response == nil {
				assert.Equal(t, -1, f.Pair)
				continue
			}
			frames++
			require.GreaterOrEqual(t, f.Pair, 0, "%s: request %d has its response", file.name, ex.CorrelationID)
			r := l.Frame(f.Pair)
			assert.True(t, bytes.Equal(ex.Response, r.Bytes), "%s: the pair of request %d is its response", file.name, ex.CorrelationID)
			assert.Equal(t, i, r.Pair)
			assert.Equal(t, f.API, r.API, "the response is named by its request")
			assert.Equal(t, f.Version, r.Version)
			want := rc.latency[fmt.Sprint(40000+ex.Conn, "/", ex.CorrelationID)]
			require.Positive(t, want)
			got, ok := l.Latency(i)
			assert.True(t, ok)
			assert.Equal(t, want, got, "%s: latency of request %d", file.name, ex.CorrelationID)
			got, ok = l.Latency(f.Pair)
			assert.True(t, ok)
			assert.Equal(t, want, got, "%s: latency on the response's row", file.name)
		}
		assert.Equal(t, frames, l.Len(), "%s: nothing more than the exchanges", file.name)
		for i := 1; i < l.Len(); i++ {
			require.False(t, l.Frame(i).Time.Before(l.Frame(i-1).Time), "capture order at %d", i)
		}
	}
}

func shownAPIs(l *CaptureList) map[string]int {
	out := map[string]int{}
	for _, i := range l.Shown(0, l.Matching()) {
		f := l.Frame(i)
		out[f.API.Name+" "+f.Dir.String()]++
	}
	return out
}

// The filter keeps the frames of an API, a connection, a correlation id,
// a direction, or with a problem; terms add up.
func TestCaptureListFilter(t *testing.T) {
	exs := kgoTraffic(t)
	rc := captureOf(exs)
	l := openCapture(t, "kgo.pcapng", pcapwrite.WritePcapng(pcapwrite.Ethernet, rc.segs))
	produce := 0
	for _, ex := range exs {
		if ex.APIKey == 0 {
			produce++
		}
	}
	require.Positive(t, produce)

	l.SetFilter("api:Produce")
	assert.Equal(t, map[string]int{"Produce request": produce, "Produce response": produce}, shownAPIs(l))
	l.SetFilter("produce")
	assert.Equal(t, map[string]int{"Produce request": produce, "Produce response": produce}, shownAPIs(l), "a bare word finds the API too")
	l.SetFilter("Produce dir:response")
	assert.Equal(t, map[string]int{"Produce response": produce}, shownAPIs(l))
	// With its version, and a version of another API: nothing.
	var pv int16
	for _, ex := range exs {
		if ex.APIKey == 0 {
			pv = ex.APIVersion
		}
	}
	l.SetFilter(fmt.Sprintf("api:produce/v%d", pv))
	assert.Equal(t, map[string]int{"Produce request": produce, "Produce response": produce}, shownAPIs(l))
	l.SetFilter(fmt.Sprintf("produce v%d", pv+1))
	assert.Empty(t, l.Shown(0, l.Matching()))
	// Part of a name finds every API it is part of.
	inits := 0
	for _, ex := range exs {
		if ex.APIKey == schema.ByName("InitProducerId").Key {
			inits++
		}
	}
	require.Positive(t, inits, "kgo's idempotent producer asks for a producer id")
	l.SetFilter("producer")
	assert.Equal(t, map[string]int{"InitProducerId request": inits, "InitProducerId response": inits}, shownAPIs(l))

	// A correlation id on one connection: its request and its response.
	ex := exs[len(exs)-1]
	l.SetFilter(fmt.Sprintf("conn:%d corr:%d", 40000+ex.Conn, ex.CorrelationID))
	shown := l.Shown(0, l.Matching())
	require.Len(t, shown, 2)
	assert.True(t, bytes.Equal(ex.Request, l.Frame(shown[0]).Bytes))
	assert.True(t, bytes.Equal(ex.Response, l.Frame(shown[1]).Bytes))
	// A connection alone: every frame of it, and only those.
	l.SetFilter(fmt.Sprint(40000 + ex.Conn))
	n := 0
	for _, e := range exs {
		if e.Conn == ex.Conn {
			n += 1 + btoi(e.Response != nil)
		}
	}
	assert.Len(t, l.Shown(0, l.Matching()), n)
	for _, i := range l.Shown(0, l.Matching()) {
		assert.Contains(t, l.Frame(i).Conn, fmt.Sprintf(":%d>", 40000+ex.Conn))
	}
	l.SetFilter("error")
	assert.Empty(t, l.Shown(0, l.Matching()), "a clean capture has no frame with a problem")
	l.SetFilter("api:NoSuchApi")
	assert.Empty(t, l.Shown(0, l.Matching()))
	l.SetFilter("")
	assert.Len(t, l.Shown(0, l.Matching()), l.Len())

	// The page goes back to the first when the filter changes.
	l.Page = 3
	l.SetFilter("fetch")
	assert.Zero(t, l.Page)
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A frame that spans a gap is listed as broken and found by "error"; a TLS
// connection and one that is not Kafka are listed with the Kafka ones.
func TestCaptureListProblemsAndOtherConnections(t *testing.T) {
	exs := kgoTraffic(t)
	big := -1
	for i, ex := range exs {
		if ex.APIKey == 0 && len(ex.Request) > 60_000 {
			big = i
		}
	}
	require.GreaterOrEqual(t, big, 0, "the 60 kB Produce request")
	rc := captureOf(exs)
	// Lose the client segment 20 kB into the big request.
	var segs []pcapwrite.Segment
	lost := false
	for _, s := range rc.segs {
		// Send slices the request without copying: the segment that starts
		// 20 kB into it holds that very byte.
		if !lost && len(s.Payload) > 0 && &s.Payload[0] == &exs[big].Request[20_000] {
			lost = true
			continue
		}
		segs = append(segs, s)
	}
	require.True(t, lost)
	t0 := time.Date(2026, 12, 1, 1, 2, 0, 0, time.UTC)
	tls := pcapwrite.NewConn(netip.MustParseAddrPort("10.0.0.1:5556"), netip.MustParseAddrPort("10.0.0.2:9093"), t0)
	tls.Open()
	tls.Send(true, []byte{0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5}, 0)
	web := pcapwrite.NewConn(netip.MustParseAddrPort("10.0.0.1:5555"), netip.MustParseAddrPort("10.0.0.2:80"), t0)
	web.Open()
	web.Send(true, []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), 0)
	segs = append(append(tls.Segments, web.Segments...), segs...)

	l := openCapture(t, "gap.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, false, segs))
	kinds := map[conversation.Kind][]string{}
	for _, c := range l.Found.Conns {
		kinds[c.Kind] = append(kinds[c.Kind], c.Name)
	}
	assert.Equal(t, []string{"10.0.0.1:5556>10.0.0.2:9093"}, kinds[conversation.TLS])
	assert.Equal(t, []string{"10.0.0.1:5555>10.0.0.2:80"}, kinds[conversation.NotKafka])
	assert.Len(t, kinds[conversation.Kafka], rc.conns)

	l.SetFilter("error")
	shown := l.Shown(0, l.Matching())
	require.Len(t, shown, 1, "the broken request alone")
	b := l.Frame(shown[0])
	assert.Equal(t, schema.Request, b.Dir)
	assert.True(t, bytes.Equal(exs[big].Request[:20_000], b.Bytes), "the bytes before the gap")
	problems := l.Problems(shown[0])
	require.NotEmpty(t, problems)
	assert.True(t, strings.HasPrefix(problems[0], "broken: 1000 bytes missing 20000 bytes into the frame"), problems[0])
	// Its response is still there and paired; opening the broken request shows both.
	require.GreaterOrEqual(t, b.Pair, 0)
	path, frag, ok := l.Target(shown[0])
	require.True(t, ok)
	assert.Equal(t, PagePath(b.API, b.Version), path)
	req, resp, err := ParseFragment(frag)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(b.Bytes, req))
	assert.True(t, bytes.Equal(exs[big].Response, resp))
}

// Opening a response puts it and its request, only them, in the link.
func TestCaptureListTarget(t *testing.T) {
	exs := kgoTraffic(t)
	l := openCapture(t, "kgo.pcapng", pcapwrite.WritePcapng(pcapwrite.Ethernet, captureOf(exs).segs))
	for _, ex := range exs {
		if ex.Response == nil {
			continue
		}
		i := indexOfFrame(l, ex, ex.Response)
		require.GreaterOrEqual(t, i, 0)
		path, frag, ok := l.Target(i)
		require.True(t, ok)
		api := schema.ByKey(ex.APIKey)
		assert.Equal(t, PagePath(api, ex.APIVersion), path)
		req, resp, err := ParseFragment(frag)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(ex.Request, req), "%s v%d %d: request %x", api.Name, ex.APIVersion, ex.CorrelationID, req)
		assert.True(t, bytes.Equal(ex.Response, resp))
	}
	_, _, ok := l.Target(l.Len())
	assert.False(t, ok)
}

// A capture still loading is told to stop when the paste gets another input.
func TestNewInputStopsACaptureLoading(t *testing.T) {
	loading := &CaptureList{Loading: true}
	p := &Paste{Capture: loading, Text: "00 00 00 04 00 00 00 07"}
	p.Read()
	assert.True(t, loading.stopped.Load())
	assert.Nil(t, p.Capture)
	assert.NotEmpty(t, p.Frames)
}

// requestsList is a list of n Metadata requests on one connection, a
// millisecond apart; note is the last one's note.
func requestsList(n int, note string) *CaptureList {
	api := schema.ByName("Metadata")
	l := &CaptureList{File: "x.pcap", Kind: source.Pcap, Cur: -1}
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	var frames []conversation.Frame
	for i := range n {
		frames = append(frames, conversation.Frame{Conn: "a>b", Dir: schema.Request, API: api, Version: 12, CorrelationID: int32(i), Bytes: make([]byte, 10), Pair: -1, Time: t0.Add(time.Duration(i) * time.Millisecond)})
	}
	frames[n-1].Note = note
	l.Found = conversation.Collect(frames, []conversation.Conn{{Name: "a>b", Kind: conversation.Kafka}})
	return l
}

// The list puts one page of rows in the DOM, says which, and escapes what
// the capture gave (notes, connection names).
func TestConversationsRendersOnePageEscaped(t *testing.T) {
	l := requestsList(450, `<img src=x onerror=alert(1)>`)
	render := func() string { return app.HTMLString(&Conversations{List: l, Gen: l.Gen}) }
	page := render()
	assert.Equal(t, 100, strings.Count(page, `<tr class="conv-row`))
	assert.Contains(t, page, "rows 1–100 of 450")
	assert.Contains(t, page, `data-row="99"`)
	assert.NotContains(t, page, `data-row="100"`)
	assert.Contains(t, page, "450 Kafka frames")

	l.Page = 4
	page = render()
	assert.Equal(t, 50, strings.Count(page, `<tr class="conv-row`))
	assert.Contains(t, page, "rows 401–450 of 450")
	assert.NotContains(t, page, "<img")
	assert.Contains(t, page, "&lt;img src=x onerror=alert(1)&gt;")
	assert.Contains(t, page, `<tr class="conv-row conv-request bad" data-row="449"`)

	// A filter that keeps one frame: one row, no pager.
	l.SetFilter("corr:7")
	page = render()
	assert.Equal(t, 1, strings.Count(page, `<tr class="conv-row`))
	assert.NotContains(t, page, "conv-pos")
	assert.Contains(t, page, "1 of 450 match")
}

// In the browser a list draws its first rows, keeping the row opened last
// in the middle of them, and leaves the rest for after the next paint.
func TestListDrawsItsFirstRowsFirst(t *testing.T) {
	l := requestsList(450, "")
	t0 := l.Frame(0).Time
	page := l.Shown(0, 100)
	for _, tc := range []struct {
		cur, first int
	}{
		{-1, firstRows},        // none opened
		{5, firstRows},         // among the first
		{70, 70 + firstRows/2}, // further down the page
		{99, 100},              // the last: every row at once
		{250, firstRows},       // on another page
	} {
		l.Cur = tc.cur
		c := &Conversations{List: l}
		first := c.drawFirst(page, t0)
		assert.Len(t, first, tc.first, "opened %d", tc.cur)
		assert.Equal(t, page, append(slices.Clip(first), c.rest.rows...), "opened %d: the rows drawn now, then the rest", tc.cur)
		if tc.first == len(page) {
			assert.Nil(t, c.rest.rows, "opened %d: nothing left", tc.cur)
		}
	}
	// A page of fewer rows is drawn whole.
	c := &Conversations{List: requestsList(firstRows, "")}
	assert.Len(t, c.drawFirst(c.List.Shown(0, firstRows), t0), firstRows)
	assert.Nil(t, c.rest.rows)
}

// The connections that are not plain Kafka are counted by kind and listed
// in a list the browser renders once it is opened, the first connsListed
// of them: a capture taken on a busy host holds thousands.
func TestConversationsListsConnectionsWithNotesWhenOpened(t *testing.T) {
	api := schema.ByName("Metadata")
	conns := []conversation.Conn{{Name: "10.0.0.1:40000>10.0.0.2:9092", Kind: conversation.Kafka}, {Name: "10.0.0.1:40001>10.0.0.2:9093", Kind: conversation.TLS, Notes: []string{"TLS: the bytes are encrypted, so the connection is skipped"}}}
	for i := range 250 {
		conns = append(conns, conversation.Conn{Name: "10.0.0.1:" + strconv.Itoa(50000+i) + ">10.0.0.3:80", Kind: conversation.NotKafka, Bytes: [2]int{i, 7}})
	}
	frames := []conversation.Frame{{Conn: conns[0].Name, Dir: schema.Request, API: api, Version: 12, Bytes: make([]byte, 10), Pair: -1}}
	l := &CaptureList{File: "busy.pcap", Kind: source.Pcap, Cur: -1, Found: conversation.Collect(frames, conns)}
	render := func() string { return app.HTMLString(&Conversations{List: l, Gen: l.Gen}) }
	items := func(page string) int { return strings.Count(page, `<li class="conv-conn conv-`) }

	server := render()
	assert.Contains(t, server, "in 1 Kafka connection, 1 TLS (give their key log to open them), 250 not Kafka")
	assert.Contains(t, server, "251 connections with notes")
	assert.Equal(t, connsListed, items(server), "the server renders the list, closed")
	assert.Contains(t, server, "and 51 more")

	asInBrowser(t)
	closed := render()
	assert.Contains(t, closed, "251 connections with notes")
	assert.Zero(t, items(closed), "closed in the browser: its summary alone")
	assert.False(t, openDetails.MatchString(closed))

	l.ConnsOpen = true
	opened := render()
	assert.True(t, openDetails.MatchString(opened))
	assert.Equal(t, connsListed, items(opened))
	assert.Contains(t, opened, "10.0.0.1:40001&gt;10.0.0.2:9093")
	assert.Contains(t, opened, "TLS: the bytes are encrypted")
	assert.Contains(t, opened, "10.0.0.1:50198&gt;10.0.0.3:80")
	assert.NotContains(t, opened, "10.0.0.1:50199&gt;", "past the first 200")
	assert.Contains(t, opened, "198 + 7 bytes, skipped")
	assert.Contains(t, opened, "and 51 more")
}

// The loading goroutine's progress and result reach the list when the UI
// goroutine syncs it, once.
func TestCaptureListSyncTakesWhatTheLoaderHandsOver(t *testing.T) {
	l := &CaptureList{Loading: true, Size: 100, Cur: -1}
	assert.False(t, l.Sync(), "nothing handed over yet")
	l.progress(40)
	assert.True(t, l.Sync())
	assert.Equal(t, 40, l.Read)
	assert.True(t, l.Loading)
	assert.False(t, l.Sync(), "no news since")
	gen := l.Gen
	l.finish(conversation.Collect([]conversation.Frame{{Dir: schema.Request, Pair: -1}}, []conversation.Conn{{Kind: conversation.Kafka}}), nil, "", firstFacts{}, nil)
	assert.True(t, l.Sync())
	assert.False(t, l.Loading)
	assert.Equal(t, 1, l.Len())
	assert.Equal(t, 100, l.Read)
	assert.Greater(t, l.Gen, gen)
	assert.False(t, l.Sync(), "a loaded list takes nothing more")
}

// The progress line says how far reading got, then that the frames are
// being found; the loading list renders it with the ids the loader writes
// into between renders.
func TestCaptureListProgressText(t *testing.T) {
	l := &CaptureList{File: "big.pcap", Loading: true, Size: 4 << 20, Cur: -1}
	l.progress(1 << 20)
	l.Sync()
	assert.Equal(t, "big.pcap · reading 25 % (1 MiB of 4 MiB) · the page stays usable meanwhile", l.progressText())
	page := app.HTMLString((&Conversations{List: l, Gen: l.Gen}).progress())
	assert.Contains(t, page, `id="conv-bar"`)
	assert.Contains(t, page, `id="conv-progress-text"`)
	assert.Contains(t, page, "reading 25 %")
	l.progress(4 << 20)
	l.Sync()
	assert.Equal(t, "big.pcap · finding the Kafka frames in 4 MiB · the page stays usable meanwhile", l.progressText())
}

// A capture whose snap length cut packets says so above the list, as
// newCaptureList takes it from the input.
func TestConversationsSayPacketsWereCut(t *testing.T) {
	api := schema.ByName("Metadata")
	conns := []conversation.Conn{{Name: "10.0.0.1:40000>10.0.0.2:9092", Kind: conversation.Kafka}}
	frames := []conversation.Frame{{Conn: conns[0].Name, Dir: schema.Request, API: api, Version: 12, Bytes: make([]byte, 10), Pair: -1, Broken: "the stream ends 30 bytes before the frame does"}}
	in := source.Input{Kind: source.Pcap, Cut: 12}
	l := newCaptureList("cut.pcap", 1000, in, conversation.Collect(frames, conns), nil)
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, `id="conv-cut"`)
	assert.Contains(t, page, "12 packets were cut short by the capture&#39;s snap length: the frames in them are incomplete")
	l = newCaptureList("whole.pcap", 1000, source.Input{Kind: source.Pcap}, conversation.Collect(frames, conns), nil)
	assert.NotContains(t, app.HTMLString(&Conversations{List: l, Gen: l.Gen}), `id="conv-cut"`)
}

// A capture that carried its own TLS secrets says its connections were
// opened with them, and where its key log stopped reading, if it did.
func TestConversationsSayTheCapturesOwnSecrets(t *testing.T) {
	api := schema.ByName("Metadata")
	conns := []conversation.Conn{
		{Name: "10.0.0.1:40000>10.0.0.2:9093", Kind: conversation.Kafka, TLS: "TLS 1.3, TLS_AES_128_GCM_SHA256"},
		{Name: "10.0.0.1:40001>10.0.0.2:9093", Kind: conversation.TLS, Notes: []string{"TLS, not decrypted: the key log has no secrets for this connection"}},
	}
	frames := []conversation.Frame{{Conn: conns[0].Name, Dir: schema.Request, API: api, Version: 12, Bytes: make([]byte, 10), Pair: -1}}
	found := conversation.Collect(frames, conns)
	found.CaptureKeys, found.CaptureKeysErr = 1, errors.New("the capture's TLS secrets: key log: line 2, column 1: \"HELLO\" is not a key log label")
	l := &CaptureList{File: "secrets.pcapng", Kind: source.Pcapng, Cur: -1, Found: found}
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, "in 1 Kafka connection (1 over TLS, decrypted with the secrets the capture carries), 1 TLS not opened by the secrets the capture carries")
	assert.Contains(t, page, "line 2, column 1: &#34;HELLO&#34; is not a key log label; the sessions before it (1) are used")
}

// A pasted tcpdump -X dump with tcpdump's default times (the time of day,
// no date) lists each frame at its time and the response's latency: 50.384
// ms between the request's first packet and the response's, as the dump's
// summaries say.
func TestPastedTcpdumpTimesOfDay(t *testing.T) {
	text, err := os.ReadFile("../codec/hexin/testdata/dp.tcpdump-X")
	require.NoError(t, err)
	in, err := source.Read(text, source.Options{Requests: conversation.LooksLikeRequests})
	require.NoError(t, err)
	l := newCaptureList("", len(text), in, conversation.Find(in, conversation.Options{}), nil)
	require.Equal(t, 2, l.Len())
	d, ok := l.Latency(0)
	require.True(t, ok)
	assert.Equal(t, 50384*time.Microsecond, d)
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, `<td class="conv-time">00:26:33.142<span class="t-us">198</span></td>`)
	assert.Contains(t, page, `<td class="num">50.38 ms</td>`)
}

// A filter term the list does not understand says so: an unknown key, a
// comparison; what it understands (keys, bare words, an address with its
// port) says nothing.
func TestFilterHint(t *testing.T) {
	for q, want := range map[string]string{
		"foo:bar":             "no key foo: the keys are api, conn, corr (or id), dir, v, client, topic and err (and the words error, broken, unanswered and longpoll)",
		"Fetch latency>1ms":   "latency>1ms is no comparison here, only text to find: a term matches the API, connection, correlation id, direction or version",
		"api:Fetch corr:7":    "",
		"127.0.0.1:51234":     "",
		"v:12 dir:response":   "",
		"error":               "",
		"":                    "",
		"-unanswered":         "-unanswered: a filter has no negation; every term must match (unanswered, api:Fetch error)",
		"unanswered OR error": "a filter has no or: every term must match; filter for one, then the other",
	} {
		assert.Equal(t, want, conversation.FilterHint(q), q)
	}
}

// A response carrying an error code says so in the list: its notes name
// the error, "error" finds it beside the frames the capture broke, and
// err: finds it by part of the error's name (kfake answers a DeleteTopics
// of a topic it does not have with UNKNOWN_TOPIC_OR_PARTITION; the
// produce before it succeeds).
func TestCaptureListNamesErrorCodes(t *testing.T) {
	exs, err := traffic.Record([]kgo.Opt{kgo.DefaultProduceTopic("orders")}, func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Value: []byte("fine")}).FirstErr())
		require.NoError(t, traffic.DeleteMissingTopic(ctx, cl))
	})
	require.NoError(t, err)
	l := openCapture(t, "errors.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(exs).segs))
	failed := -1
	for i := range l.Len() {
		if f := l.Frame(i); f.Dir == schema.Response && f.API != nil && f.API.Name == "DeleteTopics" {
			failed = i
		} else {
			assert.Empty(t, l.ErrorCodes(i), "%s %s", f.Dir, f.API.Name)
		}
	}
	require.GreaterOrEqual(t, failed, 0, "the DeleteTopics response is listed")
	assert.Equal(t, []int16{3}, l.ErrorCodes(failed))

	for q, want := range map[string][]int{"error": {failed}, "err:unknown_topic": {failed}, "err:rebalance": nil, "broken": nil} {
		l.SetFilter(q)
		assert.Equal(t, len(want), l.Matching(), q)
		if len(want) > 0 {
			assert.Equal(t, want, l.Shown(0, l.Matching()), q)
		}
	}
	l.SetFilter("error")
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, `<td class="conv-notes">error: UNKNOWN_TOPIC_OR_PARTITION</td>`)
}

// The loader finds the facts of the first page's rows before it hands
// the list over (findFirstFacts), pausing before each, and the list takes
// them: its first render decodes nothing, and says what a list that
// decodes them itself says. warmList, run on the same result before, leaves
// them as they are.
func TestLoaderHandsOverFirstFacts(t *testing.T) {
	exs, err := traffic.Record([]kgo.Opt{kgo.DefaultProduceTopic("orders")}, func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Value: []byte("fine")}).FirstErr())
		require.NoError(t, traffic.DeleteMissingTopic(ctx, cl))
	})
	require.NoError(t, err)
	file := pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(exs).segs)
	own := openCapture(t, "errors.pcap", file) // decodes its facts as it renders
	res := openCapture(t, "errors.pcap", file).Found

	pauses := 0
	first := findFirstFacts(res, func() { pauses++ })
	warmList(res, first)
	responses := 0
	for i := range min(res.Len(), rowsPerPage) {
		if f := res.Frame(i); f.Dir == schema.Response && f.API != nil {
			responses++
			assert.Contains(t, first.byRow, i, "row %d, a %s response", i, f.API.Name)
		}
	}
	require.Positive(t, responses)
	assert.Len(t, first.byRow, responses, "a row each of the first page's responses, after warmList too")
	assert.Equal(t, responses, pauses, "a pause before each")

	list := &CaptureList{File: "errors.pcap", Loading: true, Cur: -1}
	list.finish(res, nil, "", first, nil)
	require.True(t, list.Sync())
	failed := -1
	for i := range list.Len() {
		if f := list.Frame(i); f.Dir == schema.Response {
			if _, decoded := list.factsOf(i, &f); decoded {
				t.Errorf("row %d (%s) decoded again", i, f.API.Name)
			}
		}
		assert.Equal(t, own.ErrorCodes(i), list.ErrorCodes(i), "row %d", i)
		if len(list.ErrorCodes(i)) > 0 {
			failed = i
		}
	}
	require.GreaterOrEqual(t, failed, 0, "the DeleteTopics response's error is among the facts")
	table := func(l *CaptureList) string {
		page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
		return page[strings.Index(page, `<table`):strings.Index(page, `</table>`)]
	}
	assert.Equal(t, table(own), table(list), "the rows, error notes too")
}

// Who sent what: a frame's client id is its request's (a response's
// request's), found by client: or a bare word; a bare number is a
// correlation id or a port, whole, not a part of every address.
func TestCaptureListClientAndNumbers(t *testing.T) {
	exs := kgoTraffic(t)
	l := openCapture(t, "kgo.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(exs).segs))
	require.Positive(t, l.Len())
	for i := range l.Len() {
		f := l.Frame(i)
		if f.Pair >= 0 || f.Dir == schema.Request {
			assert.Equal(t, "kgo", l.ClientID(i), "frame %d", i) // traffic.Record's client
		}
	}
	count := func(q string) int { l.SetFilter(q); return l.Matching() }
	assert.Equal(t, l.Len(), count("client:kgo"))
	assert.Equal(t, l.Len(), count("kgo"))
	assert.Zero(t, count("client:nobody"))
	assert.Zero(t, count("127"), "127 is in every address, and no correlation id or port")
	assert.Equal(t, l.Len(), count("29092"), "the server's port, whole")
	ids := 0
	for i := range l.Len() {
		if l.Frame(i).CorrelationID == 1 {
			ids++
		}
	}
	assert.Equal(t, ids, count("1"))
}

// A request that waited unanswered until the client gave up sorts by how
// long it waited, before the quicker exchanges, and its row says so; a
// Produce with acks=0 still sorts last.
func TestCaptureListSortsHungRequests(t *testing.T) {
	exs, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	segs := captureOf(exs).segs
	conn := traffic.AllAnswered(exs)
	require.NotNil(t, conn)
	hung := conn[len(conn)-1]
	k := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:41000"), netip.MustParseAddrPort("127.0.0.1:29092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
	k.Open()
	for _, ex := range conn {
		k.Send(true, ex.Request, 1000)
		if ex.Response != nil && ex.CorrelationID != hung.CorrelationID {
			k.Send(false, ex.Response, 1000)
		}
	}
	k.Wait(2 * time.Second)
	k.Close()
	l := openCapture(t, "hung.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, append(segs, k.Segments...)))
	l.SortSlowest(true)
	shown := l.Shown(0, l.Matching())
	first := l.Frame(shown[0])
	require.Equal(t, schema.Request, first.Dir)
	require.Equal(t, -1, first.Pair)
	assert.Equal(t, hung.Request, first.Bytes, "the request that waited 2 s, first")
	d, ok := l.Waited(shown[0])
	require.True(t, ok)
	assert.InDelta(t, 2*time.Second, d, float64(time.Millisecond))
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, `<td class="num">none in ≥ 2.000 s</td><td class="conv-notes">the client closed the connection before one came</td>`)
	last := l.Frame(shown[len(shown)-1])
	assert.Equal(t, "Produce", last.API.Name, "acks=0: no wait, last")
}

// The list sorted by latency shows the slowest exchange first, the frames
// without one last, and goes back to capture order; the filter still
// applies.
func TestCaptureListSlowestFirst(t *testing.T) {
	exs := kgoTraffic(t)
	rc := captureOf(exs)
	l := openCapture(t, "kgo.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, rc.segs))
	l.SortSlowest(true)
	shown := l.Shown(0, l.Matching())
	require.Len(t, shown, l.Len())
	last := time.Duration(1 << 62)
	none := false
	for _, i := range shown {
		d, ok := l.Latency(i)
		if !ok {
			none = true
			continue
		}
		assert.False(t, none, "a frame with a latency after one without")
		assert.LessOrEqual(t, d, last)
		last = d
	}
	var slowest time.Duration
	for _, d := range rc.latency {
		slowest = max(slowest, d)
	}
	first, _ := l.Latency(shown[0])
	assert.Equal(t, slowest, first)
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, `data-sort="latency" aria-pressed="true"`)

	l.SetFilter("dir:response")
	for _, i := range l.Shown(0, l.Matching()) {
		assert.Equal(t, schema.Response, l.Frame(i).Dir)
	}
	l.SetFilter("")
	l.SortSlowest(false)
	assert.Equal(t, l.Len(), l.Matching())
	assert.Equal(t, []int{0, 1, 2}, l.Shown(0, 3))
}

// A Fetch request (v13 on) opened from a capture shows its topic's id
// with the topic's name, from the capture's Metadata responses: on the
// id's row, and in the brief of the topic's closed row.
func TestTreeNamesTopicIDsFromCapture(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	l := openCapture(t, "consume.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(exs).segs))
	names := l.TopicNames()
	require.Contains(t, slices.Collect(maps.Values(names.Names())), "orders")
	fetches := 0
	for i := range l.Len() {
		f := l.Frame(i)
		if f.API == nil || f.API.Name != "Fetch" || f.Dir != schema.Request || f.Version < 13 {
			continue
		}
		d := f.Decode()
		require.Nil(t, d.Err)
		body := d.Tree.Children[len(d.Tree.Children)-1]
		var topics *layout.Node
		for _, c := range body.Kids() {
			if c.Key == "Topics" {
				topics = c
			}
		}
		require.NotNil(t, topics)
		for _, topic := range topics.Kids() {
			if topic.Key == "" {
				continue // the array's length
			}
			assert.Contains(t, fieldsInBrief(topic, names), " (orders)")
			for _, c := range topic.Kids() {
				if c.Key == "TopicId" {
					assert.Contains(t, rowHTML(c, false, "", names.Of(c)), `<span class="va whole">= `+c.Value+" (orders)</span>", "a short value, the last a narrow row cuts")
					fetches++
				}
			}
		}
	}
	assert.Positive(t, fetches, "kgo's Fetch requests carry topic ids")
	assert.Nil(t, (&CaptureList{Loading: true}).TopicNames(), "none while the capture loads")
}

// A request with no response says why, as far as the capture tells: a
// Produce with acks=0 is answered by nothing (kgo producing so, against
// kfake); a request whose connection was closed, or was still open where
// the capture ends, says which.
func TestCaptureListSaysWhyUnanswered(t *testing.T) {
	exs, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	l := openCapture(t, "acks0.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(exs).segs))
	produce := -1
	for i := range l.Len() {
		if f := l.Frame(i); f.API != nil && f.API.Name == "Produce" {
			produce = i
		}
	}
	require.GreaterOrEqual(t, produce, 0)
	why, expected := l.Unanswered(produce)
	assert.False(t, expected)
	assert.Equal(t, "acks=0: the broker sends no response", why)
	l.SetFilter("api:Produce")
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, `<td class="num">none (acks=0)</td><td class="conv-notes">acks=0: the broker sends no response</td>`)
	// Opened, the request's page says why beside the minimal response it
	// shows in the response's place.
	l.Cur = produce
	assert.Equal(t, "acks=0: the broker sends no response", l.noResponseTo(l.Frame(produce).Bytes))
	assert.Empty(t, l.noResponseTo([]byte{0, 0, 0, 0}), "another frame than the one opened")
	pane := app.HTMLString(&MessagePane{Dir: schema.Response, NotGiven: true, NoResponse: l.noResponseTo(l.Frame(produce).Bytes)})
	assert.Contains(t, pane, "The capture has no response to this request: acks=0: the broker sends no response. What is shown below is no broker")

	// The filter's "unanswered" finds no Produce with acks=0 (and the
	// other requests were answered).
	l.SetFilter("unanswered")
	assert.Empty(t, l.Shown(0, l.Matching()))
	// A response the capture lost: that request alone.
	lost := slices.Clone(exs)
	for i, ex := range lost {
		if ex.APIKey != 0 && ex.Response != nil {
			lost[i].Response = nil
			l := openCapture(t, "lost.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(lost).segs))
			l.SetFilter("unanswered")
			shown := l.Shown(0, l.Matching())
			require.Len(t, shown, 1)
			assert.Equal(t, ex.Request, l.Frame(shown[0]).Bytes)
			assert.False(t, l.ScanCut())
			break
		}
	}

	// The last request of a connection, its response left out: the client
	// or the server closed or reset the connection after it (which side
	// first), or the capture ends with it open.
	conn := traffic.ByConn(exs)[0]
	last := conn[len(conn)-1]
	for _, c := range []struct {
		end  func(c *pcapwrite.Conn)
		want string
	}{
		{func(c *pcapwrite.Conn) {}, "the capture ends with the connection still open"},
		{(*pcapwrite.Conn).Close, "the client closed the connection before one came"},
		{(*pcapwrite.Conn).CloseByServer, "the server closed the connection instead"},
		{func(c *pcapwrite.Conn) { c.Reset(false) }, "the server reset the connection instead"},
		{func(c *pcapwrite.Conn) { c.Reset(true) }, "the client reset the connection before one came"},
	} {
		k := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:29092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
		k.Open()
		for _, ex := range conn {
			k.Send(true, ex.Request, 1000)
			if ex.Response != nil && ex.CorrelationID != last.CorrelationID {
				k.Send(false, ex.Response, 1000)
			}
		}
		c.end(k)
		l := openCapture(t, "unanswered.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, k.Segments))
		i := l.Len() - 1
		require.Equal(t, last.Request, l.Frame(i).Bytes)
		why, expected := l.Unanswered(i)
		assert.Equal(t, c.want, why)
		assert.Equal(t, last.APIKey != 0, expected)
	}

	// A server that closes or resets the connection on the first request,
	// having sent nothing (a broker refusing a client); a client that
	// closes it first, the server having sent nothing but its SYN-ACK.
	for end, want := range map[string]string{"fin": "the server closed the connection instead", "rst": "the server reset the connection instead", "client": "the client closed the connection before one came"} {
		k := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40001"), netip.MustParseAddrPort("127.0.0.1:29092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
		k.Open()
		k.Send(true, conn[0].Request, 1000)
		switch end {
		case "fin":
			k.CloseByServer()
		case "rst":
			k.Reset(false)
		default: // the client gives up: the server sent its SYN-ACK alone
			k.Close()
		}
		l := openCapture(t, "refused.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, k.Segments))
		require.Equal(t, 1, l.Len())
		why, _ := l.Unanswered(0)
		assert.Equal(t, want, why, end)
	}

	// The first response left out, the later ones there: the capture lost
	// it. The client's packets alone: the capture holds nothing the server
	// sent.
	require.Greater(t, len(conn), 1)
	for _, oneWay := range []bool{false, true} {
		c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:29092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
		c.Open()
		for k, ex := range conn {
			c.Send(true, ex.Request, 1000)
			if ex.Response != nil && k > 0 && !oneWay {
				c.Send(false, ex.Response, 1000)
			}
		}
		c.Close()
		segs := c.Segments
		if oneWay { // a capture filter that let the client's packets alone through
			segs = slices.DeleteFunc(slices.Clone(segs), func(s pcapwrite.Segment) bool { return s.Src == c.Server })
		}
		l := openCapture(t, "lost.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))
		require.Equal(t, conn[0].Request, l.Frame(0).Bytes)
		want := "the capture lost its response: a later request on this connection was answered, and a broker answers them in order"
		if oneWay {
			want = "the capture holds nothing the server sent on this connection"
		}
		why, _ := l.Unanswered(0)
		assert.Equal(t, want, why)
		for j := range l.Len() {
			if l.Frame(j).Dir == schema.Response {
				why, _ = l.Unanswered(j)
				assert.Empty(t, why, "a response: no why")
			}
		}
	}
}

// The error filter decodes a body it has seen once: a capture that repeats
// a failing exchange on more connections than one filter decodes
// responses (maxErrorScan) finds every failure, and says it looked at all.
// Responses that differ, one filter decodes at most maxErrorScan of.
func TestErrorFilterDecodesARepeatedBodyOnce(t *testing.T) {
	exs, err := traffic.Record(nil, func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, traffic.DeleteMissingTopic(ctx, cl))
	})
	require.NoError(t, err)
	var failing traffic.Exchange
	for _, ex := range exs {
		if ex.APIKey == 20 {
			failing = ex
		}
	}
	require.NotNil(t, failing.Response)
	const conns = maxErrorScan + 500
	// throttle is where the body's throttle time is: after the size, the
	// correlation id and (a flexible header) its tagged fields.
	throttle := 8 + int(schema.HeaderVersion(schema.ByKey(20), failing.APIVersion, schema.Response))
	for _, differ := range []bool{false, true} {
		var segs []pcapwrite.Segment
		t0 := time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC)
		for i := range conns {
			c := pcapwrite.NewConn(netip.MustParseAddrPort(fmt.Sprintf("127.0.%d.%d:40000", 1+i/250, 1+i%250)), netip.MustParseAddrPort("127.0.0.1:29092"), t0.Add(time.Duration(i)*time.Millisecond))
			c.Open()
			c.Send(true, failing.Request, 1400)
			resp := failing.Response
			if differ {
				resp = bytes.Clone(resp)
				binary.BigEndian.PutUint32(resp[throttle:], uint32(i))
			}
			c.Send(false, resp, 1400)
			c.Close()
			segs = append(segs, c.Segments...)
		}
		l := openCapture(t, "repeated.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))
		require.Equal(t, 2*conns, l.Len())
		l.SetFilter("err:unknown_topic")
		if differ {
			assert.Equal(t, maxErrorScan, l.Matching(), "as many as one filter decodes")
			assert.True(t, l.ScanCut(), "and it says it stopped")
			continue
		}
		assert.Equal(t, conns, l.Matching())
		assert.False(t, l.ScanCut(), "one body, decoded once")
		assert.Equal(t, 1, l.scanned)
	}
}

// topic: finds the frames that name a topic, by its name or by an id the
// capture's Metadata responses name: kgo produces to two topics and
// consumes one, whose Fetch requests (v13 on) carry its id alone.
func TestFilterByTopic(t *testing.T) {
	exs, err := traffic.Record([]kgo.Opt{kgo.ConsumeTopics("orders"), kgo.FetchMaxWait(50 * time.Millisecond)}, func(ctx context.Context, cl *kgo.Client) {
		for _, topic := range []string{"orders", "payments"} {
			require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: topic, Value: []byte("x")}).FirstErr())
		}
		for got := 0; got == 0 && ctx.Err() == nil; {
			got = cl.PollFetches(ctx).NumRecords()
		}
	})
	require.NoError(t, err)
	l := openCapture(t, "topics.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(exs).segs))
	matching := func(q string) map[string]int {
		l.SetFilter(q)
		apis := map[string]int{}
		for _, i := range l.Shown(0, l.Matching()) {
			f := l.Frame(i)
			apis[f.API.Name+" "+f.Dir.String()]++
		}
		return apis
	}
	// The Fetch requests that name a topic, as kmsg reads them (an
	// incremental fetch that changes nothing names none).
	fetches := 0
	for i := range l.Len() {
		f := l.Frame(i)
		if f.API.Name != "Fetch" || f.Dir != schema.Request {
			continue
		}
		require.GreaterOrEqual(t, f.Version, int16(13), "kgo fetches by topic id")
		body := 14 + int(binary.BigEndian.Uint16(f.Bytes[12:])) + 1 // the header: its client id, its tagged fields (none)
		req := kmsg.NewPtrFetchRequest()
		req.Version = f.Version
		require.NoError(t, req.ReadFrom(f.Bytes[body:]))
		if len(req.Topics) > 0 {
			require.NotEqual(t, [16]byte{}, req.Topics[0].TopicID)
			fetches++
		}
	}
	require.Positive(t, fetches)
	orders, payments := matching("topic:orders"), matching("topic:payments")
	assert.Equal(t, fetches, orders["Fetch request"], "every Fetch names orders, by its id")
	assert.Zero(t, payments["Fetch request"], "no Fetch names payments")
	assert.Positive(t, orders["Produce request"])
	assert.Positive(t, payments["Produce request"])
	assert.Positive(t, payments["Metadata response"])
	assert.Zero(t, orders["ApiVersions request"]+orders["ApiVersions response"])
	assert.False(t, l.ScanCut())
	assert.Empty(t, matching("topic:nosuchtopic"))
}

// A frame a snap length cut shows the size its prefix gives, and what the
// capture has of it.
func TestCaptureListSizeOfACutFrame(t *testing.T) {
	exs, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	l := openCapture(t, "snap.pcap", pcapwrite.WritePcapSnap(pcapwrite.Ethernet, true, 80, captureOf(exs).segs))
	cut := 0
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	for _, i := range l.Shown(0, l.Matching()) {
		f := l.Frame(i)
		if size := 4 + int(binary.BigEndian.Uint32(f.Bytes)); size > len(f.Bytes) {
			cut++
			assert.Contains(t, page, fmt.Sprintf(`<td class="num size-cut">%d B (%d in the capture)</td>`, size, len(f.Bytes)))
		}
	}
	assert.Positive(t, cut, "80 bytes of a packet keep 26 of its payload")
	size, isCut := frameSize(make([]byte, 12))
	assert.Equal(t, "12", size, "no size prefix says more")
	assert.False(t, isCut)
}

// A response whose request went before the capture began opens read as
// its connection's requests' API and version, and says so: its row, and
// both panes (the request beside it is the page's minimal one).
func TestCaptureListOpensAnOrphanResponse(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	fetches := traffic.Answered(exs, 1, 2) // a connection that fetched twice
	require.NotNil(t, fetches, "a connection that fetched twice")
	late := traffic.CaughtLate(fetches) // the first request went before the capture began
	l := openCapture(t, "late.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, late))
	orphan := -1
	for i := range l.Len() {
		if f := l.Frame(i); f.Dir == schema.Response && f.API == nil {
			orphan = i
		}
	}
	require.GreaterOrEqual(t, orphan, 0)
	v := fetches[0].APIVersion
	r, ok := l.ReadAs(orphan)
	require.True(t, ok)
	assert.Equal(t, fmt.Sprintf("Fetch v%d", v), r.String())
	path, _, ok := l.Target(orphan)
	require.True(t, ok, "the row opens")
	assert.Equal(t, fmt.Sprintf("/Fetch/v%d", v), path)
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, fmt.Sprintf("opens read as Fetch v%d, as its connection&#39;s requests", v))
	assert.Contains(t, page, fmt.Sprintf(`aria-label="open frame %d">%d</button>`, orphan+1, orphan+1), "its row's button is enabled")

	l.Cur = orphan
	resp := l.Frame(orphan).Bytes
	fetch := schema.ByName("Fetch")
	assert.Equal(t, r.String(), l.readAsOf(fetch, v, resp))
	assert.Empty(t, l.readAsOf(fetch, v, fetches[1].Request), "another frame than the one opened")
	assert.Empty(t, l.readAsOf(fetch, v-1, resp), "read as another version by hand")
	pane := app.HTMLString(&MessagePane{Dir: schema.Response, ReadAs: l.readAsOf(fetch, v, resp)})
	assert.Contains(t, pane, fmt.Sprintf("it is read here as Fetch v%d, as its connection&#39;s requests are", v))
	pane = app.HTMLString(&MessagePane{Dir: schema.Request, NoRequest: true})
	assert.Contains(t, pane, "The capture has no request for the response below")
	// A response no request of its connection reads stays closed.
	l.readAs[orphan] = frame.Candidate{}
	_, _, ok = l.Target(orphan)
	assert.False(t, ok)
}

// Sorted by latency, a Fetch's long poll counts by the time past its
// MaxWaitMs: one held for its whole wait sorts after a quicker exchange
// the broker was slow to answer, one held two seconds past it before.
func TestCaptureListSortsLongPollsByTimePastTheirWait(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	fetches := traffic.Answered(exs, 1, 1)
	require.NotNil(t, fetches)
	fetch := fetches[0]
	maxWait, err := fetch.MaxWait()
	require.NoError(t, err)
	require.Greater(t, maxWait, time.Duration(0))
	// The same Fetch on three connections: held for its wait, held two
	// seconds past it, answered in half its wait (no long poll, and
	// quicker than the first).
	var segs []pcapwrite.Segment
	start := time.Date(2026, 12, 5, 1, 2, 3, 0, time.UTC)
	for k, wait := range []time.Duration{maxWait, maxWait + 2*time.Second, maxWait / 2} {
		c := pcapwrite.NewConn(netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), uint16(40001+k)), netip.MustParseAddrPort("127.0.0.1:29092"), start.Add(time.Duration(k)*time.Minute))
		c.Open()
		c.Exchange(fetch.Request, fetch.Response, wait)
		segs = append(segs, c.Segments...)
	}
	l := openCapture(t, "polls.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))
	require.Equal(t, 6, l.Len())
	l.SortSlowest(true)
	var order []string
	for _, i := range l.Shown(0, l.Matching()) {
		order = append(order, l.Frame(i).Conn[len("127.0.0.1:"):len("127.0.0.1:40001")]+" "+l.Frame(i).Dir.String())
	}
	assert.Equal(t, []string{"40002 request", "40002 response", "40003 request", "40003 response", "40001 request", "40001 response"}, order)
	for i, want := range []bool{true, true, true, true, false, false} {
		_, isPoll := l.Found.LongPoll(i)
		assert.Equal(t, want, isPoll, "frame %d", i)
	}
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Contains(t, page, `title="list the slowest exchanges first, a long poll (Fetch, ShareFetch) by the time past its MaxWaitMs`)
	// Held well past its wait, the row says the wait does not explain it.
	assert.Equal(t, 2, strings.Count(page, "a long poll, answered 2.000 s past its MaxWaitMs ("+latency(maxWait)+"): more than the wait explains"), page)
	assert.Equal(t, 2, strings.Count(page, "a long poll: a broker holds a Fetch until MinBytes of records are there or its MaxWaitMs ("+latency(maxWait)+") has passed"))
}

// A Fetch answered after its MaxWaitMs says it was the broker's long poll.
func TestCaptureListSaysLongPoll(t *testing.T) {
	exs, err := traffic.Consume("orders")
	require.NoError(t, err)
	fetches := traffic.Answered(exs, 1, 1)
	require.NotNil(t, fetches)
	maxWait, err := fetches[0].MaxWait()
	require.NoError(t, err)
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:29092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
	c.Open()
	c.Exchange(fetches[0].Request, fetches[0].Response, maxWait)
	l := openCapture(t, "poll.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, c.Segments))
	page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
	assert.Equal(t, 2, strings.Count(page, "a long poll: a broker holds a Fetch until MinBytes of records are there or its MaxWaitMs ("+latency(maxWait)+") has passed"), "on the request's row and the response's")
}

// The page matches a filter, and sorts by latency, a slice of time at a
// time (CatchUp with a budget), picking up where it stopped: sliced, the
// list shows the frames one pass does, in the same order; a pass for
// another filter in between starts over.
func TestFilterMatchesASliceAtATime(t *testing.T) {
	// kgo's connections 200 times over, each on a port of its own.
	exs := kgoTraffic(t)
	conns := captureOf(exs).conns
	var many []traffic.Exchange
	for r := range 200 {
		for _, ex := range exs {
			ex.Conn += r * conns
			many = append(many, ex)
		}
	}
	file := pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(many).segs)
	l, whole := openCapture(t, "sliced.pcap", file), openCapture(t, "whole.pcap", file)
	require.Greater(t, l.Len(), 4*1024)
	nSlices := (l.Len() + 1023) / 1024 // a slice of 1,024 frames a nanosecond
	for _, sorted := range []bool{false, true} {
		for _, q := range []string{"Fetch", "kgo", "topic:orders", "api:Produce corr:3", "conn:4005", ""} {
			if q == "" && !sorted {
				continue // no filter, no sort: every frame, matched by none
			}
			whole.SetFilter(q)
			whole.SortSlowest(sorted)
			want := whole.Shown(0, whole.Matching())
			require.NotEmpty(t, want, q)
			l.Typed, l.Sorting = q, sorted
			calls := 1
			for !l.CatchUp(time.Nanosecond) {
				calls++
				require.LessOrEqual(t, calls, nSlices, "%q sorted %v: each slice moves on", q, sorted)
				assert.Equal(t, "", l.Filter, "%q: the list shows it only once matched", q)
				assert.False(t, l.Slowest, "%q: sorted only once matched", q)
			}
			assert.Equal(t, nSlices, calls, "%q sorted %v: one slice a call", q, sorted)
			assert.Equal(t, q, l.Filter)
			assert.Equal(t, sorted, l.Slowest)
			assert.Equal(t, want, l.Shown(0, l.Matching()), "%q sorted %v", q, sorted)
			l.SetFilter("")
			l.SortSlowest(false)
		}
	}
	whole.SetFilter("Produce")
	whole.SortSlowest(false)
	want := whole.Shown(0, whole.Matching())
	l.Typed = "Produce"
	require.False(t, l.CatchUp(time.Nanosecond))
	l.Typed = "Metadata"
	require.False(t, l.CatchUp(time.Nanosecond), "another filter begins")
	l.Typed = "Produce"
	for !l.CatchUp(time.Nanosecond) {
	}
	assert.Equal(t, want, l.Shown(0, l.Matching()), "the first, begun again, matches as one pass does")
}

// The row laid out out of sight while a capture loads (listFontSample)
// holds every class and every character other than ASCII that the rows
// and head of real lists use: kgo's traffic, sorted by latency, a capture
// cut to 80 bytes a packet, acks=0 produces, and a response whose request
// went before the capture. A row class or character it lacks would cost
// its font lookup in the pause where the list first appears.
func TestListFontSample(t *testing.T) {
	acks0, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	consume, err := traffic.Consume("orders")
	require.NoError(t, err)
	late := traffic.CaughtLate(traffic.Answered(consume, 1, 2))
	lists := []*CaptureList{
		openCapture(t, "kgo.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(kgoTraffic(t)).segs)),
		openCapture(t, "snap.pcap", pcapwrite.WritePcapSnap(pcapwrite.Ethernet, true, 80, captureOf(acks0).segs)),
		openCapture(t, "acks0.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, captureOf(acks0).segs)),
		openCapture(t, "late.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, late)),
	}
	lists[0].SortSlowest(true)
	classes := regexp.MustCompile(`class="([^"]*)"`)
	sample := map[string]bool{}
	for _, m := range classes.FindAllStringSubmatch(listFontSample, -1) {
		for _, c := range strings.Fields(m[1]) {
			sample[c] = true
		}
	}
	wanted := map[string]bool{} // "class c" and characters
	for _, l := range lists {
		l.Cur = 1
		page := app.HTMLString(&Conversations{List: l, Gen: l.Gen})
		table := page[strings.Index(page, `<table id="conv-list"`):strings.Index(page, `</table>`)]
		for _, m := range classes.FindAllStringSubmatch(table, -1) {
			for _, c := range strings.Fields(m[1]) {
				wanted["class "+c] = true
			}
		}
		// The text between tags: what is laid out (attributes are not).
		for _, text := range regexp.MustCompile(`>([^<]+)<`).FindAllStringSubmatch(table, -1) {
			for _, r := range text[1] {
				if r > unicode.MaxASCII {
					wanted[string(r)] = true
				}
			}
		}
	}
	for _, w := range slices.Sorted(maps.Keys(wanted)) {
		if c, ok := strings.CutPrefix(w, "class "); ok {
			assert.True(t, sample[c], "the sample has class %q, of a row or the head", c)
		} else {
			assert.True(t, strings.Contains(listFontSample, w), "the sample has %q, of a row or the head", w)
		}
	}
	// The lists used what the sample is for.
	for _, w := range []string{"class conv-api", "class size-cut", "class bad", "class cur", "class conv-response", "µ", "▼"} {
		assert.True(t, wanted[w], "a list used %s", w)
	}
}
