//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/ui"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
	"github.com/twmb/franz-go/pkg/kversion"
)

// kafkaTraffic records a kgo client producing to and fetching from kfake on
// 127.0.0.1, and writes it as a pcapng capture (connection n from port
// 40000+n to 127.0.0.1:29092, segments of at most 1400 bytes). Its first
// answered Fetch is held for its MaxWaitMs, a long poll, and its first
// Produce answered after 30 ms; the rest at once.
func kafkaTraffic(t *testing.T) ([]traffic.Exchange, []byte) {
	t.Helper()
	exs, err := traffic.Record([]kgo.Opt{
		kgo.DefaultProduceTopic("orders"),
		kgo.ConsumeTopics("orders"),
		kgo.FetchMaxWait(100 * time.Millisecond),
		kgo.ProducerBatchCompression(kgo.NoCompression()),
		// Produce v13 names topics by id: stay below it, so the tree shows the topic name.
		kgo.MaxVersions(kversion.V3_9_0()),
	}, func(ctx context.Context, cl *kgo.Client) {
		for _, v := range []string{"hello-capture", strings.Repeat("x", 5000)} {
			if err := cl.ProduceSync(ctx, &kgo.Record{Value: []byte(v)}).FirstErr(); err != nil {
				t.Errorf("producing: %v", err)
				return
			}
		}
		for got := 0; got < 2 && ctx.Err() == nil; {
			cl.PollFetches(ctx).EachRecord(func(*kgo.Record) { got++ })
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var conns []*pcapwrite.Conn
	polled, slowed := false, false
	t0 := time.Date(2026, 12, 1, 1, 2, 3, 0, time.UTC)
	for _, ex := range exs {
		for len(conns) <= ex.Conn {
			c := pcapwrite.NewConn(netip.MustParseAddrPort(fmt.Sprintf("127.0.0.1:%d", 40000+len(conns))), netip.MustParseAddrPort("127.0.0.1:29092"), t0.Add(time.Duration(len(conns))*time.Millisecond))
			c.Open()
			conns = append(conns, c)
		}
		conns[ex.Conn].Send(true, ex.Request, 1400)
		if ex.Response != nil {
			switch {
			case ex.APIKey == 1 && !polled:
				wait, err := ex.MaxWait()
				if err != nil {
					t.Fatal(err)
				}
				conns[ex.Conn].Wait(wait)
				polled = true
			case ex.APIKey == 0 && !slowed:
				conns[ex.Conn].Wait(30 * time.Millisecond)
				slowed = true
			}
			conns[ex.Conn].Send(false, ex.Response, 1400)
		}
	}
	if !polled || !slowed {
		t.Fatalf("no Fetch or no Produce answered to hold: %d exchanges", len(exs))
	}
	var segs []pcapwrite.Segment
	for _, c := range conns {
		c.Close()
		segs = append(segs, c.Segments...)
	}
	return exs, pcapwrite.WritePcapng(pcapwrite.Ethernet, segs)
}

// dropFile drops a file with these bytes on the paste box, as a person does.
func (s *session) dropFile(name string, data []byte) {
	s.t.Helper()
	ints := make([]int, len(data))
	for i, c := range data {
		ints[i] = int(c)
	}
	js, _ := json.Marshal(ints)
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.ID("paste-text")), chromedp.Evaluate[chromedp.Void](`(()=>{
		const dt = new DataTransfer();
		dt.items.add(new File([new Uint8Array(`+string(js)+`)], `+jsString(name)+`));
		document.getElementById('paste-text').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`))
}

// checkRows checks that the conversation list has a row for every frame
// of exs, as kafkaTraffic's capture names their connections: its API,
// version and correlation id, in both directions.
func checkRows(t *testing.T, s *session, exs []traffic.Exchange) {
	t.Helper()
	rows := eval[[]string](s, `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => Array.from(r.cells).slice(2, 7).map(c => c.textContent).join('|'))`)
	have := map[string]int{}
	for _, r := range rows {
		have[r]++
	}
	for _, ex := range exs {
		api := schema.ByKey(ex.APIKey).Name + " v" + strconv.Itoa(int(ex.APIVersion))
		conn := fmt.Sprintf("127.0.0.1:%d>127.0.0.1:29092", 40000+ex.Conn)
		req := strings.Join([]string{conn, "request", api, strconv.Itoa(int(ex.CorrelationID)), strconv.Itoa(len(ex.Request))}, "|")
		if have[req] == 0 {
			t.Errorf("no row %s", req)
		}
		have[req]--
		if ex.Response != nil {
			resp := strings.Join([]string{conn, "response", api, strconv.Itoa(int(ex.CorrelationID)), strconv.Itoa(len(ex.Response))}, "|")
			if have[resp] == 0 {
				t.Errorf("no row %s", resp)
			}
			have[resp]--
		}
	}
}

// shot saves a screenshot of one element into artifacts.
func (s *session) shot(name, sel string) {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		s.t.Errorf("screenshot of %s: %v", sel, err)
		return
	}
	os.WriteFile(filepath.Join("artifacts", s.t.Name()+"-"+name+".png"), b, 0o644)
}

// A capture dropped on the page lists every frame of it; opening a
// response shows it, decoded, beside its request; the filter narrows the
// list; the file picker opens a capture too.
func TestCaptureConversationList(t *testing.T) {
	exs, file := kafkaTraffic(t)
	frames := 0
	var produce traffic.Exchange
	for _, ex := range exs {
		frames++
		if ex.Response != nil {
			frames++
		}
		if ex.APIKey == 0 && ex.Response != nil && produce.Request == nil {
			produce = ex
		}
	}
	if produce.Request == nil {
		t.Fatal("no Produce exchange recorded")
	}
	s := newSession(t, false)
	s.open("/")
	s.dropFile("kafka.pcapng", file)
	s.waitFor("the conversation list", listShown)
	if got, want := s.text("#conv-count"), strconv.Itoa(frames)+" Kafka frames"; got != want {
		t.Errorf("the list says %q, want %q", got, want)
	}
	if got := s.text("#paste-status"); got != "kafka.pcapng · pcapng capture · "+strconv.Itoa(len(file))+" bytes" {
		t.Errorf("status %q", got)
	}
	if n := eval[int](s, `document.querySelectorAll('#conv-list tbody tr').length`); n != frames {
		t.Errorf("%d rows, want one per frame: %d", n, frames)
	}
	checkRows(t, s, exs)
	s.screenshot("list")
	s.shot("list-box", "#paste")

	// Open the Produce response: the page of its API and version shows it
	// and its request, each with its tree.
	api := fmt.Sprintf("Produce v%d", produce.APIVersion)
	row := fmt.Sprintf(`Array.from(document.querySelectorAll('#conv-list tbody tr')).find(r => r.cells[3].textContent == 'response' && r.cells[4].textContent == %s && r.cells[5].textContent == '%d' && r.cells[2].textContent.startsWith('127.0.0.1:%d>'))`, jsString(api), produce.CorrelationID, 40000+produce.Conn)
	s.waitFor("the Produce response's row", row)
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](row+`.querySelector('button').click()`))
	page := fmt.Sprintf("/Produce/v%d", produce.APIVersion)
	s.waitFor("the Produce page", `location.pathname.endsWith('`+page+`') && location.hash.includes('req=') && location.hash.includes('resp=')`)
	s.waitFor("both frames", frameGrid("#response").bytes()+`.length == `+strconv.Itoa(len(produce.Response)))
	if got := strings.Join(s.cells("response"), ""); got != hex.EncodeToString(produce.Response) {
		t.Errorf("the response shown is not the captured one")
	}
	if got := strings.Join(s.cells("request"), ""); got != hex.EncodeToString(produce.Request) {
		t.Errorf("the request shown is not the captured one")
	}
	s.waitFor("the response's tree", `document.querySelector('#response .tn[data-path="body.Responses"]')`)
	if !eval[bool](s, `!!document.querySelector('#request .tn[data-path="header.CorrelationId"]')`) {
		t.Error("the request's tree is not shown beside the response")
	}
	if eval[bool](s, `!!document.querySelector('#response .notice')`) {
		t.Errorf("the response does not decode cleanly: %s", s.text("#response .notice"))
	}
	// The list is still there on the new page, the opened row marked, and
	// no other.
	s.waitFor("the list on the new page", `document.querySelector('#conv-list tr.cur')`)
	marked := `Array.from(document.querySelectorAll('#conv-list tr.cur')).map(r => r.cells[3].textContent + ' ' + r.cells[4].textContent + ' ' + r.cells[5].textContent)`
	opened := []string{fmt.Sprintf("response %s %d", api, produce.CorrelationID)}
	if got := eval[[]string](s, marked); !slices.Equal(got, opened) {
		t.Errorf("the rows marked opened are %q, want %q", got, opened)
	}
	s.screenshot("opened")
	s.shot("opened-box", "#paste")

	// The filter keeps the frames of one API.
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("conv-filter"), "api:Produce"))
	s.waitFor("the filtered list", `document.querySelector('#conv-matches')`)
	apis := eval[[]string](s, `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => r.cells[4].textContent)`)
	if len(apis) == 0 {
		t.Fatal("the filter kept no Produce frame")
	}
	for _, a := range apis {
		if !strings.HasPrefix(a, "Produce v") {
			t.Errorf("api:Produce keeps a %s frame", a)
		}
	}
	// The rows filtered anew, the opened one is still marked.
	if got := eval[[]string](s, marked); !slices.Equal(got, opened) {
		t.Errorf("after the filter, the rows marked opened are %q, want %q", got, opened)
	}

	// The ApiVersions response lists every API the broker serves: its
	// elements start closed, one row each with its fields in brief, and a
	// click on a twisty opens one.
	var versions traffic.Exchange
	for _, ex := range exs {
		if ex.APIKey == 18 && ex.Response != nil {
			versions = ex
			break
		}
	}
	vapi := fmt.Sprintf("ApiVersions v%d", versions.APIVersion)
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("conv-filter"), "api:ApiVersions"))
	vrow := fmt.Sprintf(`Array.from(document.querySelectorAll('#conv-list tbody tr')).find(r => r.cells[3].textContent == 'response' && r.cells[4].textContent == %s && r.cells[2].textContent.startsWith('127.0.0.1:%d>'))`, jsString(vapi), 40000+versions.Conn)
	s.waitFor("the ApiVersions response's row", vrow)
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](vrow+`.querySelector('button').click()`))
	s.waitFor("the ApiVersions page", `location.pathname.endsWith('/ApiVersions/v`+strconv.Itoa(int(versions.APIVersion))+`') && location.hash.includes('resp=')`)
	first := `document.querySelector('#response .tn[data-path="body.ApiKeys.0"]')`
	s.waitFor("its first element", first)
	_, resp, err := versions.Decode() // kmsg's reading of it
	if err != nil {
		t.Fatal(err)
	}
	keys := resp.(*kmsg.ApiVersionsResponse).ApiKeys
	k := keys[0]
	want := fmt.Sprintf("= {ApiKey %d (%s), MinVersion %d, MaxVersion %d}", k.ApiKey, schema.ByKey(k.ApiKey).Name, k.MinVersion, k.MaxVersion)
	if got := s.text(`#response .tn[data-path="body.ApiKeys.0"] .va`); got != want {
		t.Errorf("the first API's row says %q, want %q", got, want)
	}
	if n := eval[int](s, `document.querySelectorAll('#response .tn[data-path^="body.ApiKeys."][aria-expanded="false"]').length`); n != len(keys) {
		t.Errorf("%d of the %d APIs' rows start closed", n, len(keys))
	}
	s.shot("apiversions", "#response .tree")
	// Rows in the tree's view are laid out; rows far below it are not, until
	// they near it (content-visibility in kafkawire.css).
	s.scrollSeen(`#response .tree`)
	if laid := eval[[]bool](s, `(() => { const rows = [...document.querySelectorAll('#response .tree .tn')]; return [rows.length > 60, rows[0].querySelector('.nm').checkVisibility({contentVisibilityAuto: true}), rows[rows.length-1].querySelector('.nm').checkVisibility({contentVisibilityAuto: true})]; })()`); len(laid) != 3 || !laid[0] || !laid[1] || laid[2] {
		t.Errorf("[over 60 rows, the first row laid out, the last one laid out] = %v, want [true true false]", laid)
	}
	s.clickSeen(`#response .tn[data-path="body.ApiKeys.0"] .tw`)
	s.waitFor("the first API's fields", `document.querySelector('#response .tn[data-path="body.ApiKeys.0.MaxVersion"]')`)
	if got := s.text(`#response .tn[data-path="body.ApiKeys.0"] .va`); got != "= struct" {
		t.Errorf("the opened row says %q", got)
	}

	// A Fetch request names its topic by id alone: the tree says which
	// topic it is, as the capture's Metadata responses name it.
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("conv-filter"), "api:Fetch dir:request"))
	frow := `Array.from(document.querySelectorAll('#conv-list tbody tr')).find(r => r.cells[3].textContent == 'request' && r.cells[4].textContent.startsWith('Fetch v'))`
	s.waitFor("a Fetch request's row", frow)
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](frow+`.querySelector('button').click()`))
	s.waitFor("the Fetch page", `location.pathname.includes('/Fetch/v') && location.hash.includes('req=')`)
	s.waitFor("its topic id named", `Array.from(document.querySelectorAll('#request .tn .va')).some(e => /^= \{?.*\(orders\)/.test(e.textContent))`)
	s.shot("fetch-topic", "#request .tree")

	// The file picker opens a capture as a drop does.
	path := filepath.Join(t.TempDir(), "picked.pcapng")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	s.do(10*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{path}))
	s.waitFor("the picked capture", `(document.querySelector('#paste-status')||{}).textContent.startsWith('picked.pcapng')`)
	s.waitFor("its list", `document.querySelectorAll('#conv-list tbody tr').length == `+strconv.Itoa(frames))
	if !bytes.Contains([]byte(s.text("#conv-count")), []byte(strconv.Itoa(frames))) {
		t.Errorf("the picked capture's list says %q", s.text("#conv-count"))
	}

	// The latency's header lists the slowest exchanges first, a Fetch's
	// long poll by the time past its MaxWaitMs (its note says the wait);
	// again, in capture order.
	lat := `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => r.cells[7].textContent + '|' + r.cells[8].textContent)`
	inOrder := eval[[]string](s, lat)
	s.clickUntil("the slowest first", `#conv-list button[data-sort="latency"]`, `document.querySelector('#conv-list button[data-sort="latency"]').getAttribute('aria-pressed') == 'true'`)
	sorted := eval[[]string](s, lat)
	seconds := func(cell string) float64 {
		var v float64
		var unit string
		// "none in ≥ 1.500 s": a request that waited that long unanswered.
		if _, err := fmt.Sscanf(strings.TrimPrefix(cell, "none in ≥ "), "%g %s", &v, &unit); err != nil {
			return -1 // "no response", or none
		}
		return v * map[string]float64{"µs": 1e-6, "ms": 1e-3, "s": 1}[unit]
	}
	maxWait := regexp.MustCompile(`(?:^|; )a long poll.*MaxWaitMs \(([^)]+)\)`)
	slowness := func(row string) float64 {
		cell, notes, _ := strings.Cut(row, "|")
		d := seconds(cell)
		if m := maxWait.FindStringSubmatch(notes); m != nil && d >= 0 {
			return max(d-seconds(m[1]), 0)
		}
		return d
	}
	// The cells are rounded (to 10 µs below a second): a row may read as
	// slower than the one above by that much.
	pollRow, produceRow := -1, -1
	for i := range sorted {
		_, notes, _ := strings.Cut(sorted[i], "|")
		if pollRow < 0 && maxWait.MatchString(notes) {
			pollRow = i
		}
		if produceRow < 0 && strings.HasPrefix(sorted[i], "30.") {
			produceRow = i
		}
		if i > 0 && slowness(sorted[i]) > slowness(sorted[i-1])+20e-6 {
			t.Errorf("sorted by latency, row %d (%s) is slower than row %d (%s)", i+1, sorted[i], i, sorted[i-1])
		}
	}
	// The Fetch held 100 ms, its whole wait, sorts after the Produce
	// answered in 30 ms: the broker was slow to answer only the second.
	if pollRow < 0 || produceRow < 0 || produceRow > pollRow {
		t.Errorf("sorted by latency, the Produce answered in 30 ms is row %d and the first long poll row %d: %q", produceRow+1, pollRow+1, sorted)
	}
	s.clickUntil("capture order again", `#conv-list button[data-sort="latency"]`, `document.querySelector('#conv-list button[data-sort="latency"]').getAttribute('aria-pressed') == 'false'`)
	if got := eval[[]string](s, lat); strings.Join(got, "|") != strings.Join(inOrder, "|") {
		t.Errorf("back in capture order, the latencies read %v, want %v", got, inOrder)
	}
}

// bigCapture replays the connections of exs, each time from a new client
// address, until the pcap file holds mb MiB.
func bigCapture(exs []traffic.Exchange, mb int) (file []byte, frames, responses int) {
	conns := 0
	for _, ex := range exs {
		conns = max(conns, ex.Conn+1)
	}
	var segs []pcapwrite.Segment
	t0 := time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)
	size := 24
	for i := 0; size < mb<<20; i++ {
		client := netip.MustParseAddrPort(fmt.Sprintf("127.0.%d.%d:%d", i/50000/250, 1+i/50000%250, 10000+i%50000))
		c := pcapwrite.NewConn(client, netip.MustParseAddrPort("127.0.0.1:9092"), t0.Add(time.Duration(i)*time.Millisecond))
		c.Open()
		for _, ex := range exs {
			if ex.Conn == i%conns {
				c.Send(true, ex.Request, 1400)
				frames++
				if ex.Response != nil {
					c.Send(false, ex.Response, 1400)
					frames++
					responses++
				}
			}
		}
		c.Close()
		for _, s := range c.Segments {
			size += 16 + 14 + 40 + len(s.Payload) // record header, Ethernet, IPv4 and TCP
		}
		segs = append(segs, c.Segments...)
	}
	return pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs), frames, responses
}

// gapMeter starts measuring the longest pause between animation frames
// (window.kwGaps.max, and in .at the capture list's progress line then),
// until window.kwGapsStop is set.
const gapMeter = `(()=>{
	window.kwGaps = {max: 0, frames: 0};
	let last = performance.now();
	const tick = t => { if (t - last > window.kwGaps.max) { window.kwGaps.max = t - last; window.kwGaps.at = (document.querySelector('#conv-progress') || document.querySelector('#conv-count') || {textContent: 'before'}).textContent; } last = t; window.kwGaps.frames++; if (!window.kwGapsStop) requestAnimationFrame(tick); };
	requestAnimationFrame(tick);
})()`

// listedFrames are the frames the capture list's rows show, in order.
func listedFrames(s *session) []int {
	var rows []int
	for _, r := range eval[[]string](s, `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => r.dataset.row)`) {
		i, _ := strconv.Atoi(r)
		rows = append(rows, i)
	}
	return rows
}

// A big capture (100 MiB; KAFKAWIRE_CAPTURE_MB sets another size) opened
// with the file picker is read in chunks: the progress line moves, the
// browser keeps painting, and the list comes with every frame. It logs the
// time taken and the longest pause between painted frames.
func TestCaptureBigFileStaysResponsive(t *testing.T) {
	exs, _ := kafkaTraffic(t)
	mb := 100
	if v := os.Getenv("KAFKAWIRE_CAPTURE_MB"); v != "" {
		mb, _ = strconv.Atoi(v)
	}
	file, frames, responses := bigCapture(exs, mb)
	path := filepath.Join(t.TempDir(), "big.pcap")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.open("/")
	// Measure the longest pause between animation frames while the capture loads.
	s.do(5*time.Second, chromedp.Evaluate[chromedp.Void](gapMeter))
	logged := make(chan string, 1)
	go func() {
		for m, err := range chromedp.Console(s.ctx) {
			if err != nil {
				return
			}
			if strings.HasPrefix(m.Text, "kafkawire: big.pcap:") {
				logged <- m.Text
				return
			}
		}
	}()
	start := time.Now()
	s.do(30*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{path}))
	progress := map[string]bool{}
	var read time.Duration // until the file was read and the frames were being found
	deadline := time.Now().Add(5 * time.Minute)
	for !eval[bool](s, listShown) {
		if time.Now().After(deadline) {
			s.screenshot("failed")
			t.Fatalf("no list after %v; progress seen: %v", time.Since(start), progress)
		}
		progress[eval[string](s, `(document.querySelector('#conv-progress progress')||{}).value + ''`)] = true
		if read == 0 && strings.Contains(s.text("#conv-progress"), "finding the Kafka frames") {
			read = time.Since(start)
		}
		time.Sleep(100 * time.Millisecond)
	}
	took := time.Since(start)
	gaps := eval[map[string]any](s, `(window.kwGapsStop = true, window.kwGaps)`)
	s.shot("big", "#paste")
	t.Logf("%d MiB capture, %d frames: listed in %v (%.1f MiB/s; read in %v); %v progress values seen; longest pause between painted frames %.0f ms (ending at %q) over %.0f frames",
		len(file)>>20, frames, took.Round(time.Millisecond), float64(len(file))/(1<<20)/took.Seconds(), read.Round(time.Millisecond), len(progress), gaps["max"], gaps["at"], gaps["frames"])
	select {
	case m := <-logged:
		t.Log("the page logged: " + m)
	case <-time.After(5 * time.Second):
		t.Error("the page logged no time and memory")
	}
	if got, want := s.text("#conv-count"), strconv.Itoa(frames)+" Kafka frames"; got != want {
		t.Errorf("the list says %q, want %q", got, want)
	}
	if len(progress) < 3 {
		t.Errorf("the progress line moved through %d values, want several: %v", len(progress), progress)
	}
	// A page that read the capture at once would stop painting for the
	// whole time; the machines that run this are shared, so the bound is
	// relative: no pause longer than a quarter of the load.
	if pause := time.Duration(gaps["max"].(float64)) * time.Millisecond; pause > took/4 {
		t.Errorf("the page froze for %v of the %v the capture took", pause, took)
	}
	// One page of rows in the DOM, not every frame.
	if n := eval[int](s, `document.querySelectorAll('#conv-list tbody tr').length`); n != 100 {
		t.Errorf("%d rows in the DOM, want one page of 100", n)
	}
	// The list drew its first rows, then the rest a paint later: all of
	// them, once each, in order.
	order := eval[[]string](s, `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => r.dataset.row)`)
	for i, row := range order {
		if row != strconv.Itoa(i) {
			t.Errorf("row %d of the list is frame %s, want %d: %v", i, row, i, order)
			break
		}
	}
	// The last page holds the last frame.
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("conv-filter"), "dir:response"))
	s.waitFor("the responses", `document.querySelector('#conv-pos') && document.querySelector('#conv-pos').textContent.endsWith(' of `+strconv.Itoa(responses)+`')`)
}

// Moving to another page while a capture loads does not lose it: the new
// page's paste box shows the progress and then the list.
func TestCaptureLoadSurvivesNavigation(t *testing.T) {
	exs, _ := kafkaTraffic(t)
	file, frames, _ := bigCapture(exs, 15)
	path := filepath.Join(t.TempDir(), "moving.pcap")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.open("/")
	s.do(30*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{path}))
	s.waitFor("the progress line", `document.querySelector('#conv-progress')`)
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](`document.querySelector('a[href$="/Metadata/v12"]').click()`))
	s.waitFor("the Metadata page", `location.pathname.endsWith('/Metadata/v12') && `+frameGrid("#request").bytes()+`.length > 0`)
	deadline := time.Now().Add(3 * time.Minute)
	for !eval[bool](s, listShown) {
		if time.Now().After(deadline) {
			s.screenshot("failed")
			t.Fatalf("the list never came on the new page; it says %q", s.text("#conv"))
		}
		time.Sleep(200 * time.Millisecond)
	}
	if got, want := s.text("#conv-count"), strconv.Itoa(frames)+" Kafka frames"; got != want {
		t.Errorf("the list says %q, want %q", got, want)
	}
}

// A capture from a busy host: one Kafka connection among others that are
// not Kafka, and one TLS. The count says so, and the list of connections
// with notes is rendered once opened (closed, it is a summary alone) and
// names each with why it was skipped.
func TestCaptureListsOtherConnectionsWhenOpened(t *testing.T) {
	api := schema.ByName("ApiVersions")
	req, err := frame.Encode(message.Minimal(api, 3, schema.Request))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := frame.Encode(message.Minimal(api, 3, schema.Response))
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 12, 1, 1, 2, 3, 0, time.UTC)
	conn := func(client, server string, at int) *pcapwrite.Conn {
		c := pcapwrite.NewConn(netip.MustParseAddrPort(client), netip.MustParseAddrPort(server), t0.Add(time.Duration(at)*time.Millisecond))
		c.Open()
		return c
	}
	kafka := conn("10.0.0.1:40000", "10.0.0.2:9092", 0)
	kafka.Send(true, req, 1400)
	kafka.Send(false, resp, 1400)
	kafka.Close()
	segs := kafka.Segments
	for i := range 3 {
		web := conn("10.0.0.1:"+strconv.Itoa(50000+i), "10.0.0.3:80", 1+i)
		web.Send(true, []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), 0)
		web.Close()
		segs = append(segs, web.Segments...)
	}
	tls := conn("10.0.0.1:45000", "10.0.0.2:9093", 5)
	tls.Send(true, []byte{0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5}, 0)
	segs = append(segs, tls.Segments...)

	s := newSession(t, false)
	s.open("/")
	s.dropFile("busy.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, false, segs))
	s.waitFor("the conversation list", listShown)
	if got := s.text("#conv-count"); got != "2 Kafka frames" {
		t.Errorf("the count says %q", got)
	}
	if got := s.text(".conv-sum .paste-line"); !strings.Contains(got, "in 1 Kafka connection, 1 TLS (give their key log to open them), 3 not Kafka") {
		t.Errorf("the summary says %q", got)
	}
	if got := s.text(".conv-conns summary"); got != "4 connections with notes (TLS, not Kafka, gaps, skipped bytes)" {
		t.Errorf("the list's summary says %q", got)
	}
	if n := eval[int](s, `document.querySelectorAll('.conv-conns li').length`); n != 0 {
		t.Errorf("closed, the list has %d items in the page", n)
	}
	s.clickUntil("the list opened", ".conv-conns summary", `document.querySelectorAll('#conv-conns li').length == 4`)
	items := eval[[]string](s, `Array.from(document.querySelectorAll('#conv-conns li')).map(li => li.textContent)`)
	want := []string{
		"10.0.0.1:45000>10.0.0.2:9093TLSTLS: the bytes are encrypted, so the connection is skipped (a key log with its secrets would open it)",
		"10.0.0.1:50000>10.0.0.3:80not Kafka27 + 0 bytes, skipped",
	}
	for _, w := range want {
		if !slices.Contains(items, w) {
			t.Errorf("no item %q in %q", w, items)
		}
	}
	s.clickUntil("the list closed", ".conv-conns summary", `document.querySelectorAll('#conv-conns li').length == 0`)
}

// A capture begun after a Fetch was sent: its response's row opens the
// Fetch page of its connection's requests' version, the response as
// captured, each pane saying what the capture lacks.
func TestCaptureOpensAResponseWithoutItsRequest(t *testing.T) {
	exs, err := traffic.Consume("orders")
	if err != nil {
		t.Fatal(err)
	}
	fetches := traffic.Answered(exs, 1, 2) // a connection that fetched twice
	if fetches == nil {
		t.Fatal("no connection fetched twice")
	}
	late := traffic.CaughtLate(fetches) // the first request went before the capture began
	s := newSession(t, false)
	s.open("/")
	s.dropFile("late.pcap", pcapwrite.WritePcap(pcapwrite.Ethernet, true, late))
	s.waitFor("the conversation list", listShown)
	row := `Array.from(document.querySelectorAll('#conv-list tbody tr')).find(r => r.cells[4].textContent == '?')`
	s.waitFor("the orphan response's row", row)
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](row+`.querySelector('button').click()`))
	page := fmt.Sprintf("/Fetch/v%d", fetches[0].APIVersion)
	s.waitFor("the Fetch page", `location.pathname.endsWith('`+page+`')`)
	// Its size, and its first bytes (the grid holds the rows in view).
	s.waitFor("the response", `(document.querySelector('#response .pane-size')||{}).textContent == '`+strconv.Itoa(len(fetches[0].Response))+`'`)
	if got, want := strings.Join(s.cells("response"), ""), hex.EncodeToString(fetches[0].Response); len(got) < 32 || !strings.HasPrefix(want, got) {
		t.Errorf("the response shown is not the captured one: %s", got)
	}
	s.waitFor("the response's note", `document.querySelector('#response-read-as')`)
	if got := s.text("#response-read-as"); !strings.Contains(got, fmt.Sprintf("it is read here as Fetch v%d, as its connection's requests are", fetches[0].APIVersion)) {
		t.Errorf("the response's note says %q", got)
	}
	if got := s.text("#request-minimal"); !strings.Contains(got, "The capture has no request for the response below") {
		t.Errorf("the request's note says %q", got)
	}
	if eval[bool](s, `!!document.querySelector('#response .notice')`) {
		t.Errorf("the response does not decode cleanly: %s", s.text("#response .notice"))
	}
}

// Typing into the filter of a capture of many frames, the page matches
// them a slice of time at a time, painting in between, and then lists what
// the box holds: the same frames as one pass of the same code natively.
func TestCaptureFilterOfManyFramesCatchesUp(t *testing.T) {
	exs, _ := kafkaTraffic(t)
	// The connections that carried little (no 60 KB record), replayed
	// each on a client address of its own (bigCapture), to 120,000 frames
	// or so: 96 MB of pcap in small packets.
	size := map[int]int{}
	for _, ex := range exs {
		size[ex.Conn] += len(ex.Request) + len(ex.Response)
	}
	small := map[int]int{} // a small connection's number among the small ones
	var smallExs []traffic.Exchange
	for _, ex := range exs {
		if size[ex.Conn] > 8<<10 {
			continue
		}
		if _, ok := small[ex.Conn]; !ok {
			small[ex.Conn] = len(small)
		}
		ex.Conn = small[ex.Conn]
		smallExs = append(smallExs, ex)
	}
	if len(smallExs) == 0 {
		t.Fatal("no connection of kgo's carried 8 KiB or less")
	}
	file, frames, _ := bigCapture(smallExs, 96)
	if frames < 100_000 {
		t.Fatalf("the capture holds %d frames", frames)
	}
	path := filepath.Join(t.TempDir(), "many.pcap")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	native := &ui.Paste{Raw: file, File: "many.pcap"}
	native.Read()
	if native.Capture == nil || native.Capture.Len() != frames {
		t.Fatalf("natively, the capture reads as %v, not %d frames", native.Capture, frames)
	}
	native.Capture.SetFilter("Fetch")
	want := native.Capture.Shown(0, min(native.Capture.Matching(), 100))
	if len(want) == 0 {
		t.Fatal("no Fetch frame in the capture")
	}

	s := newSession(t, false)
	s.open("/")
	s.do(30*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{path}))
	s.waitFor("the list", `!!document.querySelector('#conv-filter')`)
	s.do(5*time.Second, chromedp.Evaluate[chromedp.Void](gapMeter))
	s.do(10*time.Second, chromedp.SendKeys(chromedp.CSS(`#conv-filter`), "Fetch"))
	count := strconv.Itoa(native.Capture.Matching()) + " of " + strconv.Itoa(frames) + " match"
	s.waitFor("the count of what the box holds", `(document.getElementById('conv-matches')||{}).textContent == `+jsString(count))
	if got := eval[string](s, `document.getElementById('conv-filter').value`); got != "Fetch" {
		t.Errorf("the box holds %q", got)
	}
	if rows := listedFrames(s); !slices.Equal(rows, want) {
		t.Errorf("the list shows frames %v..., natively %v...", rows[:min(5, len(rows))], want[:min(5, len(want))])
	}
	t.Logf("%d frames; the longest pause while typing and matching: %.0f ms", frames, eval[float64](s, `(window.kwGapsStop = true, window.kwGaps.max)`))

	// Sorted by latency, the slowest first, as natively.
	native.Capture.SortSlowest(true)
	want = native.Capture.Shown(0, min(native.Capture.Matching(), 100))
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](`document.querySelector('#conv-list button[data-sort="latency"]').click()`))
	s.waitFor("the list sorted", `document.querySelector('#conv-list button[data-sort="latency"]').getAttribute('aria-pressed') == 'true'`)
	if rows := listedFrames(s); !slices.Equal(rows, want) {
		t.Errorf("sorted, the list shows frames %v..., natively %v...", rows[:min(5, len(rows))], want[:min(5, len(want))])
	}
}

// The page warms its capture code once the user shows a file is coming,
// never before: clicking "Open a file…" runs the warm-up while the file
// dialog is open, and it leaves the page as it was; the file then chosen
// is listed whole. A file dragged over the box starts it too, and a
// capture dropped while it may still run is listed whole.
func TestCaptureWarmUpOnIntent(t *testing.T) {
	exs, file := kafkaTraffic(t)
	frames := 0
	for _, ex := range exs {
		frames++
		if ex.Response != nil {
			frames++
		}
	}
	path := filepath.Join(t.TempDir(), "chosen.pcapng")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	warmStarts := `performance.getEntriesByName('kw-warm-start').length`
	// listedOnce checks that the capture is listed whole, and that the
	// page warmed its capture code once.
	listedOnce := func(s *session, what string) {
		s.waitFor(what+"'s list", listShown)
		if got, want := s.text("#conv-count"), strconv.Itoa(frames)+" Kafka frames"; got != want {
			t.Errorf("%s's list says %q, want %q", what, got, want)
		}
		checkRows(t, s, exs)
		if n := eval[int](s, warmStarts); n != 1 {
			t.Errorf("with %s, the warm-up ran %d times, want once a page", what, n)
		}
	}
	s := newSession(t, false)
	s.open("/")
	time.Sleep(time.Second)
	if n := eval[int](s, warmStarts); n != 0 {
		t.Errorf("the warm-up ran %d times before any file was on its way", n)
	}
	box := eval[string](s, `document.querySelector('#paste').innerHTML`)
	if _, err := chromedp.Call(s.ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(".paste-pickfile")))
	s.waitFor("the warm-up to finish", `performance.getEntriesByName('kw-warm').length == 1`)
	if got := eval[string](s, `document.querySelector('#paste').innerHTML`); got != box {
		t.Errorf("the warm-up changed the paste box:\n%s\nwas\n%s", got, box)
	}
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(".paste-pickfile")))
	s.do(10*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{path}))
	listedOnce(s, "the chosen capture")

	d := newSession(t, false)
	d.open("/")
	d.do(10*time.Second, chromedp.Evaluate[chromedp.Void](`document.getElementById('paste-text').dispatchEvent(new DragEvent('dragover', {dataTransfer: new DataTransfer(), bubbles: true, cancelable: true}))`))
	d.dropFile("dropped.pcapng", file)
	listedOnce(d, "the dropped capture")
	for _, ss := range []*session{s, d} {
		if said := ss.consoleSaid("panic"); len(said) > 0 {
			t.Errorf("the page panicked: %v", said)
		}
	}
}
