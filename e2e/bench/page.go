//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/e2e/browser"
)

// startBrowser starts headless Chromium the way the e2e tests do (package
// browser: 127.0.0.1 only, the rest to a closed port) and records every
// request of the page, with a fresh profile directory of its own. stop
// ends the browser, removes the directory and fails the run if Chromium
// tried to reach anything beyond 127.0.0.1.
func startBrowser() (context.Context, func(), *[]string, *sync.Mutex, *browser.Trap) {
	exe := browser.Find()
	if exe == "" {
		die(fmt.Errorf("no Chrome or Chromium found"))
	}
	dir, err := os.MkdirTemp("", "kafkawire-bench-chromium-")
	die(err)
	trap, err := browser.NewTrap()
	die(err)
	var extra []chromedp.ExecAllocatorOption
	if f := os.Getenv("KW_JSFLAGS"); f != "" {
		// V8's flags, to compare the page under another compiler setting
		// (--liftoff-only: no optimizing tier; e2e/bench/ROUNDS.md).
		extra = append(extra, chromedp.Flag("js-flags", f))
	}
	ctx, stopBrowser, err := browser.Start(exe, dir, trap.Addr(), extra...)
	die(err)
	stop := func() {
		stopBrowser()
		os.RemoveAll(dir)
		trap.Close()
		if seen := trap.Seen(); len(seen) > 0 {
			die(fmt.Errorf("Chromium tried to leave 127.0.0.1: the closed port saw %d connections: %q", len(seen), seen))
		}
	}
	var mu sync.Mutex
	var reqs []string
	go func() {
		for ev, err := range chromedp.Events(ctx, network.RequestWillBeSent) {
			if err != nil {
				return
			}
			mu.Lock()
			reqs = append(reqs, ev.Request.URL)
			mu.Unlock()
		}
	}()
	go func() {
		for ev, err := range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			_ = ev
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	return ctx, stop, &reqs, &mu, trap
}

func step(ctx context.Context, d time.Duration, steps ...chromedp.Action[chromedp.Void]) {
	c, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	die(chromedp.Do(c, steps...))
}

func js[T any](ctx context.Context, expr string) T {
	c, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	die(err)
	return v
}

// waitJS polls expr until it is true.
func waitJS(ctx context.Context, what, expr string) {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if js[bool](ctx, "!!("+expr+")") {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	die(fmt.Errorf("timed out waiting for %s", what))
}

// readyProbe records, in the page, when the wasm app marks itself ready.
const readyProbe = `document.addEventListener('DOMContentLoaded', () => {
  const seen = () => { if (!window.__kwReady && document.querySelector('[data-wasm="ready"]')) window.__kwReady = performance.now(); };
  new MutationObserver(seen).observe(document.documentElement, {subtree: true, attributes: true, childList: true});
});`

// editJS sets the field's input, fires change, and resolves with two
// times from then: to the first frame after the grid shows the field's new
// bytes (the selected cells, big-endian hex of val), and to the first frame
// after the tree shows the new value. "After the frame" is a task queued
// once the frame's animation callbacks ran, so it also waits for tasks the
// page queued before it for after that frame (its render after an edit);
// bytesFrame is the time of that frame's callbacks themselves, which its
// paint follows, and bytesNth which frame since the edit it was (1: the
// first). The edit starts phase ms after a frame: a key press lands
// anywhere in a frame, where edits started one after another would all
// start just after the frame that painted the one before, a whole frame
// from the next.
const editJS = `(async (sec, path, val, size, phase) => {
  await new Promise(r => requestAnimationFrame(r));
  await new Promise(r => setTimeout(r, phase));
  const t0 = performance.now();
  let frame = -1, nth = -1, frames = 0, ticking = true;
  const tick = () => { frames++; if (ticking) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const want = (val >>> 0).toString(16).padStart(2 * size, '0').slice(-2 * size).toUpperCase();
  const bytesOK = () => Array.from(document.querySelectorAll('#' + sec + ' .pane-grid > .grid .grid-hex .sel')).map(c => c.textContent).join('').replaceAll(' ', '').toUpperCase() == want;
  const treeOK = () => { const v = document.querySelector('#' + sec + ' .tn[data-path="' + path + '"] .va'); return v && v.textContent == '= ' + val; };
  const painted = (ok, first) => new Promise(res => {
    const done = () => requestAnimationFrame(() => { if (first) { frame = performance.now() - t0; nth = frames; } setTimeout(() => res(performance.now() - t0), 0); });
    const obs = new MutationObserver(() => { if (ok()) { obs.disconnect(); done(); } });
    obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    setTimeout(() => { obs.disconnect(); res(-1); }, 30000);
  });
  const bytes = painted(bytesOK, true), tree = painted(treeOK, false);
  const inp = document.querySelector('#' + sec + ' input[data-edit="' + path + '"]');
  inp.value = val;
  inp.dispatchEvent(new Event('change', {bubbles: true}));
  const r = {bytes: await bytes, tree: await tree, bytesFrame: frame, bytesNth: nth};
  ticking = false;
  return r;
})`

// gridBytesJS counts the bytes a section's frame grid has in the DOM: its
// hex runs (data-h, the offset of the run's first byte) hold two digits a
// byte and a space between bytes.
const gridBytesJS = `(sec => Array.from(document.querySelectorAll('#' + sec + ' [data-h]')).reduce((n, e) => n + (e.textContent.length + 1) / 3, 0))`

// scrollJS scrolls the grid, one step per animation frame, and counts the
// frames whose view (its first and last row) was not in the DOM (a row's
// first hex run starts at the row's first byte). px 0
// jumps from top to bottom in steps (109 rows a step for the 1 MiB frame);
// px > 0 scrolls px pixels a frame from the top, as a wheel or a finger does.
const scrollJS = `(async (sec, steps, px) => {
  const s = document.querySelector('#' + sec + ' .grid-scroll');
  s.scrollTop = 0;
  await new Promise(r => requestAnimationFrame(r));
  const total = s.scrollHeight - s.clientHeight;
  const shown = () => {
    const top = Math.floor(s.scrollTop / 22) * 16, bottom = Math.floor((s.scrollTop + s.clientHeight - 3) / 22) * 16;
    return !!document.querySelector('#' + sec + ' [data-h="' + top + '"]') && !!document.querySelector('#' + sec + ' [data-h="' + bottom + '"]');
  };
  let frames = 0, blank = 0, maxCells = 0;
  const t0 = performance.now();
  for (let i = 1; i <= steps; i++) {
    s.scrollTop = px > 0 ? i * px : Math.round(total * i / steps);
    await new Promise(r => requestAnimationFrame(r));
    frames++;
    if (!shown()) blank++;
    maxCells = Math.max(maxCells, ` + gridBytesJS + `(sec));
  }
  const ms = performance.now() - t0;
  await new Promise(r => setTimeout(r, 300));
  return {fps: frames * 1000 / ms, blank: blank, frames: frames, maxCells: maxCells, settled: shown()};
})`

type scrollResult struct {
	FPS      float64 `json:"fps"`
	Blank    int     `json:"blank"`
	Frames   int     `json:"frames"`
	MaxCells int     `json:"maxCells"`
	Settled  bool    `json:"settled"`
	// Main-thread CPU time a frame, in ms: all tasks, and style, layout
	// and script within them (filled in by scroll).
	CPU, Style, Layout, Script float64 `json:"-"`
}

func quantile(v []float64, q float64) float64 {
	s := slices.Clone(v)
	sort.Float64s(s)
	i := int(q*float64(len(s)-1) + 0.5)
	return s[min(i, len(s)-1)]
}

func ms(v float64) string { return strconv.FormatFloat(v, 'f', 0, 64) + " ms" }

func measurePage(base string, fb []byte) {
	ctx, stop, reqs, mu, trap := startBrowser()
	defer stop()
	var err error
	_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: readyProbe})
	die(err)
	_, err = chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
	die(err)

	// -only edit measures the edit rows alone, leaving out the rest of the page's.
	all := selected("page")

	// First visit: pre-rendered HTML painted, then the wasm running (cache disabled: every load downloads app.wasm).
	var fcp, tti []float64
	for range 3 {
		if !all {
			break
		}
		step(ctx, 60*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"Fetch/v16"))
		waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
		fcp = append(fcp, js[float64](ctx, `(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1}).startTime`))
		tti = append(tti, js[float64](ctx, `window.__kwReady`))
	}
	if all {
		f, i := quantile(fcp, 0.5), quantile(tti, 0.5)
		add("first contentful paint (pre-rendered HTML), median of 3", ms(f), "-", nil)
		add("interactive (wasm running), median of 3", ms(i), "<= 1500 ms", check(i <= 1500))
	}

	// Edit -> repaint on a minimal message.
	step(ctx, 60*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"InitProducerId/v5"))
	waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
	small := editFrames(ctx, "request", "body.TransactionTimeoutMs", 60000)
	add("edit -> bytes painted, minimal message (InitProducerId v5), 20 edits over a frame's phases", medianP95(small.bytes)+"; the frame painting them at "+medianP95(small.frames)+", the first frame after the edit for "+strconv.Itoa(small.first)+" of 20", "<= 16 ms: the first frame after each edit", check(small.first == 20))
	add("edit -> tree painted, minimal message, same edits", medianP95(small.tree), "-", nil)

	// The 1 MiB Fetch response from a link, five first visits: one load's
	// time moves between 120 and 400 ms with when V8 has its optimised
	// code ready, so one is no measure. The rows after use the last load.
	u := base + "Fetch/v16#resp=" + base64.RawURLEncoding.EncodeToString(fb)
	mark := "kw-grid-painted-" + strconv.Itoa(len(fb))
	var loads, decodes, afterNav []float64
	for range 5 {
		step(ctx, 60*time.Second, chromedp.Navigate("about:blank"))
		step(ctx, 120*time.Second, chromedp.Navigate(u))
		waitJS(ctx, "the 1 MiB grid", `performance.getEntriesByName('`+mark+`').length > 0`)
		dec := js[float64](ctx, `performance.getEntriesByName('kw-decode-start')[0].startTime`)
		decEnd := js[float64](ctx, `performance.getEntriesByName('kw-decode-end')[0].startTime`)
		paint := js[float64](ctx, `performance.getEntriesByName('`+mark+`')[0].startTime`)
		loads, decodes, afterNav = append(loads, paint-dec), append(decodes, decEnd-dec), append(afterNav, paint)
		if !all {
			break
		}
	}
	if all {
		slices.Sort(loads)
		add(fmt.Sprintf("1 MiB Fetch (%d B, 5,000 records): decode start -> grid painted, median of 5 first visits", len(fb)), ms(quantile(loads, .5))+fmt.Sprintf(" (%s to %s; decode %s; %s after navigation)", ms(loads[0]), ms(loads[len(loads)-1]), ms(quantile(decodes, .5)), ms(quantile(afterNav, .5))), "<= 300 ms", check(quantile(loads, .5) <= 300))
		cells := js[int](ctx, gridBytesJS+`('response')`)
		elems := js[int](ctx, `document.querySelectorAll('#response .grid-rows *').length`)
		add("1 MiB: bytes in the DOM (in the grid's rows: elements)", fmt.Sprintf("%d (%d elements)", cells, elems), "a few hundred", check(cells <= 640))
		heap, err := chromedp.Call(ctx, cdpruntime.GetHeapUsage, cdp.Empty{})
		die(err)
		add("1 MiB: JS heap after loading (used; + array buffers incl. wasm memory)", fmt.Sprintf("%s; %s", mb(int(heap.UsedSize)), mb(int(heap.UsedSize+heap.BackingStorageSize))), "< 150 MB", check(heap.UsedSize < 150e6))

		sr := scroll(ctx, 0)
		add("1 MiB: scrolling the grid top to bottom (600 frames, 109 rows a frame)", sr.String(), ">= 60 fps, 0 stale", check(sr.FPS >= 59 && sr.Blank == 0))
		sr = scroll(ctx, 16)
		add("1 MiB: smooth scrolling the grid (600 frames, 16 px a frame)", sr.String(), ">= 60 fps, 0 stale", check(sr.FPS >= 59 && sr.Blank == 0))
		js[bool](ctx, `document.querySelector('#response .grid-scroll').scrollTop = 0, true`)
	}

	big := editFrames(ctx, "response", "body.ThrottleTimeMs", 100)
	add("edit -> bytes painted, 1 MiB Fetch (ThrottleTimeMs), 20 edits over a frame's phases", medianP95(big.bytes)+"; the frame painting them at "+medianP95(big.frames)+", the first frame after the edit for "+strconv.Itoa(big.first)+" of 20", "<= 50 ms", check(quantile(big.bytes, .5) <= 50))
	add("edit -> tree painted, 1 MiB Fetch, same edits", medianP95(big.tree), "<= 100 ms", check(quantile(big.tree, .5) <= 100))

	if all {
		// A version picked from the strip: from one minimal page to
		// another, and leaving the 1 MiB Fetch page (a version's page
		// shows its minimal frames; Back returns to the frame), each time
		// brought back to that page by the browser's Back.
		var bigPicks []float64
		for range 3 {
			bigPicks = append(bigPicks, pickVersion(ctx, "Fetch", 15))
			painted := js[int](ctx, `performance.getEntriesByName('`+mark+`').length`)
			step(ctx, 60*time.Second, chromedp.NavigateBack())
			waitJS(ctx, "the 1 MiB grid again", `performance.getEntriesByName('`+mark+`').length > `+strconv.Itoa(painted))
			time.Sleep(time.Second)
		}
		step(ctx, 60*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"Fetch/v16"))
		waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
		var smallPicks []float64
		for i := range 6 {
			smallPicks = append(smallPicks, pickVersion(ctx, "Fetch", []int{15, 16}[i%2]))
		}
		add("a version picked from the strip: click -> that version's page painted; Fetch v16 <-> v15 (6 clicks); leaving the 1 MiB Fetch page for v15 (3 clicks)", medianRange(smallPicks)+"; "+medianRange(bigPicks), "-", nil)
	}

	if all {
		// The same frame as a user debugging it may paste it: xxd's dump,
		// into the Fetch page's box, then named a Fetch v16 response.
		text := xxd(fb)
		var reads, decodes, alone []float64
		for range 3 {
			step(ctx, 60*time.Second, chromedp.Navigate("about:blank"), chromedp.Navigate(base+"Fetch/v16"))
			waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
			alone = append(alone, textareaAlone(ctx, text))
			r, d := pasteDump(ctx, text, "Fetch", bigframe.FetchVersion, len(fb))
			reads, decodes = append(reads, r), append(decodes, d)
		}
		add(fmt.Sprintf("1 MiB Fetch pasted as xxd (%s of text): paste -> API picker shown, median of 3", mb(len(text))),
			ms(quantile(reads, .5))+"; Chromium's textarea alone taking the text: "+ms(quantile(alone, .5)), "-", nil)
		add("1 MiB Fetch pasted as xxd: \"Decode as this response\" -> grid painted, median of 3", ms(quantile(decodes, .5)), "-", nil)
	}

	mu.Lock()
	defer mu.Unlock()
	for _, r := range *reqs {
		pu, err := url.Parse(r)
		if err != nil || (pu.Scheme != "data" && pu.Scheme != "about" && pu.Scheme != "blob" && pu.Hostname() != "127.0.0.1") {
			die(fmt.Errorf("a request left 127.0.0.1: %s", r))
		}
	}
	add("requests beyond 127.0.0.1", "0 of "+strconv.Itoa(len(*reqs)), "0", check(true))
	seen := trap.Seen()
	add("Chromium's own connections beyond 127.0.0.1 (to its closed proxy port)", strconv.Itoa(len(seen)), "0", check(len(seen) == 0))
}

// pickVersion clicks version v of api in the page's version strip and
// returns the time from the click to the first frame painted after the
// new page's heading names v.
func pickVersion(ctx context.Context, api string, v int) float64 {
	href := "/" + api + "/v" + strconv.Itoa(v)
	ms := js[float64](ctx, `new Promise((res, rej) => {
  const a = [...document.querySelectorAll('a.ver')].find(a => a.getAttribute('href').split('#')[0].endsWith('`+href+`'));
  if (!a) { rej(new Error('no link to `+href+`')); return; }
  const t0 = performance.now();
  a.click();
  const until = t0 + 30000;
  const poll = () => {
    const h = document.querySelector('h1');
    if (h && /v`+strconv.Itoa(v)+`(?!\d)/.test(h.textContent)) {
      requestAnimationFrame(() => setTimeout(() => res(performance.now() - t0), 0));
    } else if (performance.now() > until) {
      rej(new Error('the page for `+href+` was not shown within 30 s'));
    } else {
      requestAnimationFrame(poll);
    }
  };
  poll();
})`)
	time.Sleep(500 * time.Millisecond) // let the page settle before the next click
	return ms
}

// scroll runs scrollJS on the response's grid: px 0 jumps top to bottom,
// px > 0 scrolls px a frame. It also reads the main thread's CPU time over
// the run (Chromium's Performance metrics in thread ticks), which, unlike
// the frame rate, does not depend on how busy the other cores are.
func scroll(ctx context.Context, px int) scrollResult {
	_, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks})
	die(err)
	defer chromedp.Call(ctx, performance.Disable, cdp.Empty{})
	before := cpuMetrics(ctx)
	c, cancel := context.WithTimeout(ctx, 300*time.Second)
	defer cancel()
	sr, err := chromedp.Run(c, chromedp.Evaluate[scrollResult](scrollJS+`('response', 600, `+strconv.Itoa(px)+`)`, chromedp.EvalAwaitPromise))
	die(err)
	after := cpuMetrics(ctx)
	if !sr.Settled {
		die(fmt.Errorf("the grid's rows in view were missing 300 ms after scrolling (%d px a frame)", px))
	}
	per := func(k string) float64 { return (after[k] - before[k]) * 1000 / float64(sr.Frames) }
	sr.CPU, sr.Style, sr.Layout, sr.Script = per("TaskDuration"), per("RecalcStyleDuration"), per("LayoutDuration"), per("ScriptDuration")
	return sr
}

// cpuMetrics are Chromium's Performance metrics of the page, by name.
func cpuMetrics(ctx context.Context) map[string]float64 {
	res, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	die(err)
	m := map[string]float64{}
	for _, x := range res.Metrics {
		m[x.Name] = x.Value
	}
	return m
}

func (sr scrollResult) String() string {
	return fmt.Sprintf("%.0f fps, %d frames showed stale rows, max %d bytes in the DOM; main thread CPU %.1f ms a frame (style %.1f, layout %.1f, script %.1f)",
		sr.FPS, sr.Blank, sr.MaxCells, sr.CPU, sr.Style, sr.Layout, sr.Script)
}

// medianRange is the median of v with its least and greatest.
func medianRange(v []float64) string {
	return fmt.Sprintf("median %s (%s to %s)", ms(quantile(v, .5)), ms(slices.Min(v)), ms(slices.Max(v)))
}

func medianP95(v []float64) string {
	return fmt.Sprintf("median %s, p95 %s", ms(quantile(v, .5)), ms(quantile(v, .95)))
}

// edits selects the tree node at path (a 4-byte integer) and sets it 20
// times, returning each edit's time to the frame showing its bytes in the
// grid and to the frame showing its value in the tree.
func edits(ctx context.Context, sec, path string, from int) (bytes, tree []float64) {
	r := editFrames(ctx, sec, path, from)
	return r.bytes, r.tree
}

// editTimes are what editFrames measures, one element per edit.
type editTimes struct {
	bytes, tree []float64
	frames      []float64 // when the frame painting the bytes ran
	first       int       // edits whose bytes the first frame after the edit painted
}

// editFrames is edits, with the time of each edit's frame painting its
// bytes (its animation callbacks) as well, and how many were painted by
// the first frame. The edits start at phases 0, 7, 14, 5, ... ms after a
// frame, spread evenly over a 16 ms frame.
func editFrames(ctx context.Context, sec, path string, from int) (r editTimes) {
	nm := `#` + sec + ` .tn[data-path="` + path + `"] .nm`
	waitJS(ctx, "the node "+path, `document.querySelector('`+nm+`')`)
	js[bool](ctx, `document.querySelector('`+nm+`').click(), true`)
	waitJS(ctx, "the editor", `document.querySelector('#`+sec+` input[data-edit="`+path+`"]')`)
	type times struct {
		Bytes float64 `json:"bytes"`
		Tree  float64 `json:"tree"`
		Frame float64 `json:"bytesFrame"`
		Nth   int     `json:"bytesNth"`
	}
	for i := range 20 {
		phase := strconv.Itoa(i * 7 % 16)
		v := js[times](ctx, editJS+`('`+sec+`', '`+path+`', `+strconv.Itoa(from+i+1)+`, 4, `+phase+`)`)
		if v.Bytes < 0 || v.Tree < 0 {
			die(fmt.Errorf("edit %d of %s never showed (bytes %.0f ms, tree %.0f ms)", i, path, v.Bytes, v.Tree))
		}
		r.bytes, r.tree, r.frames = append(r.bytes, v.Bytes), append(r.tree, v.Tree), append(r.frames, v.Frame)
		if v.Nth == 1 {
			r.first++
		}
	}
	return r
}

// xxd is b as the xxd tool prints it.
func xxd(b []byte) string {
	cmd := exec.Command("xxd")
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	die(err)
	return string(out)
}

// pasteDump pastes text, a response of api at version v, into the paste
// box (focused, then pasted as the browser does it), names its API and version as a
// user does, and returns the milliseconds, measured in the page, from the
// paste to the picker shown, and from the click on "Decode as this
// response" to the grid of the frame (size bytes) painted.
func pasteDump(ctx context.Context, text, api string, v int16, size int) (read, decoded float64) {
	mark := "kw-grid-painted-" + strconv.Itoa(size)
	version := strconv.Itoa(int(v))
	took, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(async () => {
  // until resolves with the milliseconds until ok() holds.
  const until = (what, ok) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const poll = () => {
      if (ok()) resolve(performance.now() - t0);
      else if (performance.now() - t0 > 120000) reject(new Error('no ' + what + ' after two minutes'));
      else setTimeout(poll, 2);
    };
    poll();
  });
  const pick = (id, value) => {
    const s = document.getElementById(id);
    s.value = value;
    s.dispatchEvent(new Event('change', {bubbles: true}));
  };
  const ta = document.getElementById('paste-text');
  // Focused first, as a user's paste is: the box opens on focus. (A
  // headless page has no focus of its own to give, so the event is sent.)
  ta.focus();
  ta.dispatchEvent(new FocusEvent('focus'));
  await until('the box open', () => document.getElementById('paste').classList.contains('open'));
  await new Promise(r => requestAnimationFrame(() => setTimeout(r)));
  // A paste as the browser makes it: the paste event with the clipboard's
  // text, and unless the page takes it (cancels the event), the text put
  // in the field and an input event.
  const text = `+strconv.Quote(text)+`;
  const data = new DataTransfer();
  data.setData('text/plain', text);
  if (ta.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}))) {
    ta.value = text;
    ta.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
  }
  const read = await until('API picker', () => document.getElementById('paste-api'));
  pick('paste-api', '`+api+`');
  await until('version `+version+`', () => document.querySelector('#paste-ver option[value="`+version+`"]'));
  pick('paste-ver', '`+version+`');
  await new Promise(r => setTimeout(r, 50));
  const t1 = performance.now();
  document.querySelector('[data-op="paste-decode"]').click();
  const decoded = await until('grid', () => performance.getEntriesByName('`+mark+`').some(e => e.startTime > t1));
  return [read, decoded];
})()`, chromedp.EvalAwaitPromise))
	die(err)
	return took[0], took[1]
}

// textareaAlone gives, in milliseconds, what Chromium alone takes to hold
// text in a textarea styled as the paste box's: a textarea added to the
// page, not the box (no app code runs), from its value set to the frame
// after. It is the part of a big paste no code of the page can shorten.
func textareaAlone(ctx context.Context, text string) float64 {
	return js[float64](ctx, `new Promise(resolve => {
  const t = document.createElement('textarea');
  t.className = 'paste-text';
  t.rows = 7;
  document.getElementById('paste').append(t);
  const t0 = performance.now();
  t.value = `+strconv.Quote(text)+`;
  requestAnimationFrame(() => setTimeout(() => { const took = performance.now() - t0; t.remove(); resolve(took); }));
})`)
}
