//go:build !js

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/IBM/sarama"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
)

// captureMiB is the size of the frames in the captures the rows read.
const captureMiB = 100

// captureBench measures what the captures issue asks of a 100 MB capture:
// MB/s and frames/s natively (kafkawire frames, in a child process, so its
// peak memory is its own max RSS) and in the page (the file picker to the
// list complete, in headless Chromium), the peak memory of both, whether
// the page froze, and beside them the rate the disk reads the same file.
// A second capture of the same size holds only short connections (some
// 20,000 of them), whose per-connection work the first hides.
func captureBench(tmp string, withPage bool) {
	fmt.Fprintln(os.Stderr, "capture: recording kgo and sarama against kfake, writing two 100 MiB captures ...")
	conns := recordConns()
	file, many := filepath.Join(tmp, "big.pcap"), filepath.Join(tmp, "many.pcap")
	size, manySize := writeCapture(file, conns), writeCapture(many, shortConns(conns))
	label := fmt.Sprintf("%d MB capture", size/1_000_000)
	manyLabel := fmt.Sprintf("%d MB capture of short connections", manySize/1_000_000)

	direct, cached := diskRate(file, size)
	add(label+" (pcap of kgo and sarama traffic): the disk reading it (dd O_DIRECT; from the page cache)", fmt.Sprintf("%.0f MB/s; %.0f MB/s", direct, cached), "-", nil)
	target := fmt.Sprintf(">= %.0f MB/s (half the disk's)", direct/2)

	bin := filepath.Join(tmp, "kafkawire")
	run(".", nil, "go", "build", "-o", bin, "./app")
	secs, frames, rss := framesNatively(bin, file)
	rate := float64(size) / 1e6 / secs
	add(label+": kafkawire frames, file to last line (median of 3)", fmt.Sprintf("%.0f MB/s, %.0f frames/s (%d frames in %.2f s)", rate, float64(frames)/secs, frames, secs),
		target, check(rate >= direct/2))
	add(label+": kafkawire frames, peak memory (max RSS)", mb(rss), "-", nil)
	manySecs, manyFrames, manyRSS := framesNatively(bin, many)
	add(manyLabel+" (those of at most 8 KiB, replayed): kafkawire frames, file to last line (median of 3); peak memory", fmt.Sprintf("%.0f MB/s, %.0f frames/s (%d frames in %.2f s); max RSS %s", float64(manySize)/1e6/manySecs, float64(manyFrames)/manySecs, manyFrames, manySecs, mb(manyRSS)), "-", nil)

	if !withPage {
		return
	}
	wasm := filepath.Join(tmp, "app.wasm")
	if _, err := os.Stat(wasm); err != nil {
		b, err := os.ReadFile(filepath.Join("web", "app.wasm"))
		die(err)
		die(os.WriteFile(wasm, b, 0o644))
	}
	fmt.Fprintln(os.Stderr, "capture: opening them in the page in headless Chromium ...")
	serveSite(tmp, wasm, func(base string, _ []byte) {
		p := captureInPage(base, file, true)
		rate := float64(size) / 1e6 / p.secs
		add(label+": in the page, file chosen in the file dialog (a second after the click that opened it) to list complete (the page's clock: the file input's change event to the frame painting the whole list)", fmt.Sprintf("%.0f MB/s, %.0f frames/s (%d frames in %.2f s; %.2f s by the bench's wall clock, polling)", rate, float64(p.frames)/p.secs, p.frames, p.secs, p.wallSecs),
			target, check(rate >= direct/2))
		cold := captureInPage(base, file, false)
		add(label+": in the page, the same with no click before the file (the page's capture code not warmed)", fmt.Sprintf("%.0f MB/s (%.2f s)", float64(size)/1e6/cold.secs, cold.secs), "-", nil)
		if p.frames != frames {
			notes = append(notes, fmt.Sprintf("The page listed %d frames of the capture, kafkawire frames %d.", p.frames, frames))
		}
		read := browserRead(base, file)
		add(label+": the browser reading the file alone, in JavaScript (its stream, 3 reads asked ahead, as the page reads it; median of 3)", fmt.Sprintf("%.0f MB/s (%.2f s)", float64(size)/1e6/read, read), "-", nil)
		commit := browserCommit(base, size)
		add(label+": the browser committing as much fresh wasm memory, nothing else done (a WebAssembly.Memory grown 4 MiB at a time, each 4 KiB page written once; median of 3)", fmt.Sprintf("%.0f MB/s (%.2f s)", float64(size)/1e6/commit, commit), "-", nil)
		add(label+": in the page, longest pause between painted frames, while it loads; in the 1.5 s after", fmt.Sprintf("%.0f ms (%d frames painted; the line after it: %q); %.0f ms", p.maxGap, p.painted, p.gapAt, p.afterGap), "<= 100 ms (no freeze)", check(max(p.maxGap, p.afterGap) <= 100))
		add(label+": in the page, its first frame opened from the list, longest pause", fmt.Sprintf("%.0f ms", p.openGap), "-", nil)
		add(label+": in the page, \"Fetch\" typed into the list's filter (a key every 200 ms), longest pause; \"kgo\" (part of a client id)", fmt.Sprintf("%.0f ms; %.0f ms", p.filterGap, p.clientGap), "-", nil)
		add(label+": in the page, peak memory (JS heap used + wasm memory)", fmt.Sprintf("%s (JS %s, wasm %s, %s before the file; %s)", mb(p.heap+p.wasm), mb(p.heap), mb(p.wasm), mb(p.wasmStart), p.goLog), "-", nil)

		m := captureInPage(base, many, true)
		add(manyLabel+": in the page, file chosen in the file dialog to list complete; longest pause between painted frames, while it loads and in the 1.5 s after; its first frame opened; peak memory", fmt.Sprintf("%.0f MB/s, %.0f frames/s (%d frames in %.2f s; %.2f s by the wall clock); %.0f ms (the line after it: %q), %.0f ms; %.0f ms; %s", float64(manySize)/1e6/m.secs, float64(m.frames)/m.secs, m.frames, m.secs, m.wallSecs, m.maxGap, m.gapAt, m.afterGap, m.openGap, mb(m.heap+m.wasm)),
			"<= 100 ms (no freeze)", check(max(m.maxGap, m.afterGap) <= 100))
		add(manyLabel+": in the page, \"Fetch\" typed into the list's filter (a key every 200 ms), longest pause; \"kgo\" (part of a client id)", fmt.Sprintf("%.0f ms; %.0f ms", m.filterGap, m.clientGap), "-", nil)
		if m.frames != manyFrames {
			notes = append(notes, fmt.Sprintf("The page listed %d frames of the capture of short connections, kafkawire frames %d.", m.frames, manyFrames))
		}
	})
}

// recordConns records kgo and sarama against kfake on 127.0.0.1: their
// connections, each the exchanges it carried.
func recordConns() [][]capturetest.Exchange {
	const topic = "bench"
	var kgoErr error
	kgoExs, err := traffic.Record([]kgo.Opt{kgo.ConsumerGroup("bench"), kgo.ConsumeTopics(topic), kgo.FetchMaxWait(100 * time.Millisecond)},
		func(ctx context.Context, cl *kgo.Client) {
			for i, n := range []int{10, 200_000, 300, 5} {
				r := &kgo.Record{Topic: topic, Value: bytes.Repeat([]byte{byte('a' + i)}, n)}
				if kgoErr = cl.ProduceSync(ctx, r).FirstErr(); kgoErr != nil {
					return
				}
			}
			for got := 0; got < 4 && ctx.Err() == nil; {
				got += cl.PollFetches(ctx).NumRecords()
			}
			kgoErr = cl.CommitUncommittedOffsets(ctx)
		})
	die(err)
	die(kgoErr)
	saramaExs, err := traffic.RecordSarama(sarama.V2_8_0_0)
	die(err)
	return append(traffic.Wire(traffic.ByConn(kgoExs)), traffic.Wire(traffic.ByConn(saramaExs))...)
}

// shortConns are the connections of at most 8 KiB of frames. Replayed,
// they make a capture of tens of thousands of connections, as short-lived
// clients (health checks, command-line tools) leave behind.
func shortConns(conns [][]capturetest.Exchange) [][]capturetest.Exchange {
	var out [][]capturetest.Exchange
	for _, exs := range conns {
		n := 0
		for _, ex := range exs {
			n += len(ex.Request) + len(ex.Response)
		}
		if n > 0 && n <= 8<<10 {
			out = append(out, exs)
		}
	}
	if len(out) == 0 {
		die(errors.New("no connection of kgo or sarama carried 8 KiB or less"))
	}
	return out
}

// writeCapture replays conns until their frames hold captureMiB MiB,
// written to file as a pcap; it returns the file's size.
func writeCapture(file string, conns [][]capturetest.Exchange) int {
	b := capturetest.Repeat(conns, captureMiB<<20)
	die(os.WriteFile(file, b, 0o644))
	return len(b)
}

var ddCopied = regexp.MustCompile(`(\d+) bytes .* copied, ([\d.]+) s`)

// diskRate is how fast the file reads: from the disk, past the page cache
// (dd with O_DIRECT), and from the page cache (the file was just written).
func diskRate(file string, size int) (direct, cached float64) {
	cmd := exec.Command("dd", "if="+file, "of=/dev/null", "bs=4M", "iflag=direct")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		die(fmt.Errorf("dd iflag=direct %s: %v: %s", file, err, stderr.String()))
	}
	m := ddCopied.FindStringSubmatch(stderr.String())
	if m == nil {
		die(fmt.Errorf("dd said %q", stderr.String()))
	}
	n, _ := strconv.ParseFloat(m[1], 64)
	s, _ := strconv.ParseFloat(m[2], 64)
	direct = n / 1e6 / s
	start := time.Now()
	b, err := os.ReadFile(file)
	die(err)
	cached = float64(len(b)) / 1e6 / time.Since(start).Seconds()
	return direct, cached
}

// lineCounter counts the lines written to it.
type lineCounter struct{ n int }

func (c *lineCounter) Write(p []byte) (int, error) {
	c.n += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}

// framesNatively runs `kafkawire frames FILE` three times, its output read
// as a pipe would read it: the median time, the frames it gave (one a
// line), and the largest max RSS of the three. Each run is started by a
// small process of this program's own (childArg), not by the bench itself:
// Linux counts into a process's max RSS the memory of the process that
// started it as it was at the exec (Go starts processes with vfork, sharing
// its memory until then), so started from here, with the capture and
// kfake's traffic in memory, the count would be the bench's.
func framesNatively(bin, file string) (secs float64, frames, rss int) {
	self, err := os.Executable()
	die(err)
	var times []float64
	for range 3 {
		report := filepath.Join(filepath.Dir(bin), "child-rusage")
		cmd := exec.Command(self, childArg, report, bin, "frames", file)
		var out lineCounter
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		if err := cmd.Run(); err != nil {
			die(fmt.Errorf("kafkawire frames %s: %v: %s", file, err, stderr.String()))
		}
		b, err := os.ReadFile(report)
		die(err)
		var s float64
		var kb int
		_, err = fmt.Sscan(string(b), &s, &kb)
		die(err)
		times = append(times, s)
		frames = out.n
		rss = max(rss, kb*1024) // kilobytes on Linux
	}
	slices.Sort(times)
	return times[1], frames, rss
}

// childArg, as the first argument, makes this program run the command after
// the report file's name with its own standard streams, and write to the
// report its wall time in seconds (start to exit) and its max RSS in KB.
const childArg = "-run-child"

func runChild(args []string) {
	report, args := args[0], args[1:]
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	secs := time.Since(start).Seconds()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		die(errors.New("no resource usage for the child"))
	}
	die(os.WriteFile(report, fmt.Appendf(nil, "%f %d\n", secs, u.Maxrss), 0o644))
}

// browserRead is how long, in seconds, Chromium takes to hand a page the
// whole file as the page's reader asks for it (ui/capturefile.go: the
// file's stream, three reads asked ahead), with nothing done with the bytes: the most
// the page could read at. The median of three reads, in a session of its
// own.
func browserRead(base, file string) float64 {
	ctx, stop, _, _, _ := startBrowser()
	defer stop()
	step(ctx, 60*time.Second, chromedp.Navigate(base))
	js[bool](ctx, `(() => { const i = document.createElement('input'); i.type = 'file'; i.id = 'bench-file'; document.body.appendChild(i); return true; })()`)
	step(ctx, 60*time.Second, chromedp.SetUploadFiles(chromedp.ID("bench-file"), []string{file}))
	var ms []float64
	for range 3 {
		ms = append(ms, js[float64](ctx, `(async () => {
  const f = document.getElementById('bench-file').files[0], ahead = 3;
  const t0 = performance.now();
  const r = f.stream().getReader(), asked = [];
  let n = 0;
  const ask = () => { while (asked.length < ahead) asked.push(r.read()); };
  for (;;) { ask(); const c = await asked.shift(); if (c.done) break; n += c.value.length; }
  if (n != f.size) throw new Error('read ' + n + ' of ' + f.size + ' bytes');
  return performance.now() - t0;
})()`))
	}
	return quantile(ms, .5) / 1000
}

// browserCommit is how long the browser takes to hand a wasm module size
// bytes of memory it has not used before: the page must hold a capture's
// streams, and in Chromium here writing to fresh wasm memory costs far more
// than copying into memory already written (e2e/bench/ROUNDS.md). Each run
// is a new Memory, grown as Go's allocator grows its heap, 4 MiB at a time.
func browserCommit(base string, size int) float64 {
	ctx, stop, _, _, _ := startBrowser()
	defer stop()
	step(ctx, 60*time.Second, chromedp.Navigate(base))
	var ms []float64
	for range 3 {
		ms = append(ms, js[float64](ctx, fmt.Sprintf(`(() => {
  const want = %d, step = 64, page = 4096;
  const m = new WebAssembly.Memory({initial: 1});
  const t0 = performance.now();
  let sum = 0;
  while (m.buffer.byteLength < want) {
    const from = m.buffer.byteLength;
    m.grow(step);
    const u = new Uint8Array(m.buffer, from);
    for (let i = 0; i < u.length; i += page) { u[i] = 1; sum += u[i]; }
  }
  if (sum == 0) throw new Error('nothing written');
  return performance.now() - t0;
})()`, size)))
	}
	return quantile(ms, .5) / 1000
}

// takeAfterMax gives the longest pause since window.kwAfter was last
// reset (gapMeter), and resets it.
const takeAfterMax = `(() => { const m = window.kwAfter.max; window.kwAfter = {max: 0}; return m; })()`

// typeIntoFilter types word into the capture list's filter as a user
// would, a key every 200 ms (each marked kw-key-<text> on the page's
// timeline), then clears it.
func typeIntoFilter(ctx context.Context, word string) {
	js[bool](ctx, `(async () => {
  const box = document.querySelector('#conv-filter'), word = `+strconv.Quote(word)+`;
  for (const q of [...[...word].map((_, n) => word.slice(0, n + 1)), '']) {
    performance.mark('kw-key-' + (q || 'cleared'));
    box.value = q; box.dispatchEvent(new Event('input', {bubbles: true}));
    await new Promise(r => setTimeout(r, 200));
  }
  return true;
})()`)
}

// pageCapture is what opening the capture in the page measured.
type pageCapture struct {
	secs      float64 // by the page's clock: file picked to the whole list painted
	wallSecs  float64 // by the bench's, polling
	frames    int
	maxGap    float64 // ms between two painted frames, the longest
	afterGap  float64 // the longest in the afterList after the list showed
	openGap   float64 // the longest in the afterList after its first frame was opened
	filterGap float64 // the longest while "Fetch" is typed into the list's filter
	clientGap float64 // the longest while "kgo" is
	painted   int
	gapAt     string // the progress line after the longest pause
	heap      int    // peak JS heap used
	wasm      int    // the wasm memory at its largest (at the end: it never shrinks)
	wasmStart int    // the wasm memory before the capture was given
	goLog     string // what the page logged of Go's own memory
}

// openFileDialog clicks the paste box's "Open a file…", which opens the
// browser's file dialog (intercepted: DevTools is told of it and no
// dialog shows), and waits as long as a user takes to choose a file in
// it; the file is then given to the input as the dialog would.
func openFileDialog(ctx context.Context) {
	_, err := chromedp.Call(ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true})
	die(err)
	step(ctx, 10*time.Second, chromedp.Click(chromedp.CSS(".paste-pickfile")))
	time.Sleep(dialogTime)
}

// dialogTime is how long a user takes to choose a file in the browser's
// file dialog, at the quickest.
const dialogTime = time.Second

// afterList is how long the page is watched for pauses after a capture's
// list shows, and again after its first frame is opened.
const afterList = 1500 * time.Millisecond

// gapMeter records, from a requestAnimationFrame loop, the longest time
// between two painted frames, and what the progress line said after it;
// once window.kwAfter is set, the longest since then in it; and in
// kwListed the frame that first painted a capture's whole list.
const gapMeter = `(() => {
  window.kwGaps = {max: 0, frames: 0};
  let last = performance.now();
  const where = () => { const e = document.querySelector('#conv-progress') || document.querySelector('#conv-count'); return e ? e.textContent : 'before the list'; };
  const tick = t => {
    if (t - last > window.kwGaps.max) { window.kwGaps.max = t - last; window.kwGaps.at = where(); }
    if (window.kwAfter) window.kwAfter.max = Math.max(window.kwAfter.max, t - last);
    if (window.kwListed === undefined && document.querySelector('#conv-count') && !document.querySelector('#conv-list[aria-busy]')) window.kwListed = t;
    last = t; window.kwGaps.frames++;
    if (!window.kwGapsStop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`

// wasmMemoryProbe keeps, in the page, the memory of the wasm module go-app
// instantiates (Go exports it as "mem"), whose size is what the module
// grew to: it never shrinks, so the last size is the peak.
const wasmMemoryProbe = `(() => {
  const keep = p => p.then(r => { if (r && r.instance && r.instance.exports.mem) window.__kwMem = r.instance.exports.mem; return r; });
  const streaming = WebAssembly.instantiateStreaming, plain = WebAssembly.instantiate;
  if (streaming) WebAssembly.instantiateStreaming = (...a) => keep(streaming.apply(WebAssembly, a));
  WebAssembly.instantiate = (...a) => keep(plain.apply(WebAssembly, a));
})();`

var goMemory = regexp.MustCompile(`heap in use \d+ MiB, wasm memory \d+ MiB`)

// captureInPage opens the file with the paste box's file picker and waits
// for the conversation list, sampling the page's memory as it goes.
//
// With dialog, it opens the file as a user does: "Open a file…" clicked,
// which opens the browser's file dialog (intercepted here: DevTools is
// told of it and no dialog shows), and the file chosen in it dialogTime
// later. The click starts the page's warm-up of its capture code
// (ui/capturewarm.go). Without, the file is given to the input with no
// click before it, the page's capture code as the page started.
func captureInPage(base, file string, dialog bool) pageCapture {
	ctx, stop, _, _, _ := startBrowser()
	defer stop()
	var err error
	var p pageCapture
	for _, probe := range []string{readyProbe, wasmMemoryProbe} {
		_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		die(err)
	}
	step(ctx, 60*time.Second, chromedp.Navigate(base))
	waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
	if !js[bool](ctx, `!!window.__kwMem`) {
		die(fmt.Errorf("the page's wasm memory was not found (go-app instantiates the module another way)"))
	}
	p.wasmStart = js[int](ctx, `window.__kwMem.buffer.byteLength`)
	logged := make(chan string, 1)
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if s := goMemory.FindString(m.Text); s != "" && strings.Contains(m.Text, filepath.Base(file)) {
				logged <- s
				return
			}
		}
	}()
	js[bool](ctx, gapMeter+`, true`)

	// The page's clock times the load, from the file input's change event
	// (before any of the page's handlers) to the frame that paints the
	// whole list: the wall clock here adds the DevTools round trips and
	// the 100 ms of its polling.
	js[bool](ctx, `(document.getElementById('paste-file').addEventListener('change', () => { window.kwPicked = performance.now(); }, {capture: true, once: true}), true)`)
	if dialog {
		openFileDialog(ctx)
	}
	start := time.Now()
	step(ctx, 60*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{file}))
	deadline := start.Add(10 * time.Minute)
	for !js[bool](ctx, `!!document.querySelector('#conv-count')`) {
		if time.Now().After(deadline) {
			die(fmt.Errorf("the page listed no frames of the capture within 10 minutes"))
		}
		heap, err := chromedp.Call(ctx, cdpruntime.GetHeapUsage, cdp.Empty{})
		die(err)
		p.heap = max(p.heap, int(heap.UsedSize))
		p.wasm = max(p.wasm, js[int](ctx, `window.__kwMem.buffer.byteLength`))
		time.Sleep(100 * time.Millisecond)
	}
	p.wasm = max(p.wasm, js[int](ctx, `window.__kwMem.buffer.byteLength`))
	p.wallSecs = time.Since(start).Seconds()
	waitJS(ctx, "the whole list painted", `window.kwListed !== undefined`)
	p.secs = js[float64](ctx, `(window.kwListed - window.kwPicked) / 1000`)
	// The page's own marks split the time: reading the file (and
	// reassembling its streams), then finding the frames in them.
	fmt.Printf("  %s in the page: %s\n", filepath.Base(file), js[string](ctx, measuresJS))
	count := js[string](ctx, `document.querySelector('#conv-count').textContent`)
	p.frames, err = strconv.Atoi(strings.Fields(count)[0])
	if err != nil {
		die(fmt.Errorf("the list says %q", count))
	}
	type gaps struct {
		Max    float64 `json:"max"`
		Frames int     `json:"frames"`
		At     string  `json:"at"`
	}
	g := js[gaps](ctx, `(window.kwAfter = {max: 0}, window.kwGaps)`)
	p.maxGap, p.painted, p.gapAt = g.Max, g.Frames, g.At
	// The page turns the collector back on once the list is on screen, and
	// collects all the capture left while the browser is idle. A freeze
	// then is felt as much as one before. Then the first frame is opened,
	// as a user would.
	time.Sleep(afterList)
	p.afterGap = js[float64](ctx, takeAfterMax)
	// A filter typed as a user types it, a key every 200 ms: each key
	// filters the whole list again. Then cleared, as it was. An API's name
	// first, then part of a client id (kgo's), which no API's name holds:
	// every frame's connection and client id are looked at.
	typed := func(word string) float64 {
		typeIntoFilter(ctx, word)
		time.Sleep(afterList)
		return js[float64](ctx, takeAfterMax)
	}
	p.filterGap, p.clientGap = typed("Fetch"), typed("kgo")
	if !js[bool](ctx, `(() => { const r = document.querySelector('#conv-list tbody tr'); if (r) r.click(); return !!r; })()`) {
		die(fmt.Errorf("the capture's list has no rows"))
	}
	time.Sleep(afterList)
	p.openGap = js[float64](ctx, `(window.kwGapsStop = true, window.kwAfter.max)`)
	p.wasm = max(p.wasm, js[int](ctx, `window.__kwMem.buffer.byteLength`))
	select {
	case s := <-logged:
		p.goLog = "Go: " + s
	case <-time.After(5 * time.Second):
		p.goLog = "Go logged no memory"
	}
	return p
}

// measuresJS lists the page's performance measures (its phases, named by
// ui's perfMeasure and perfLongSlice) with their durations.
const measuresJS = `performance.getEntriesByType('measure').map(m => m.name + ' ' + m.duration.toFixed(0) + ' ms').join(', ')`
