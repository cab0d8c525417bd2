//go:build !js

package main

import (
	"cmp"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
)

// profilePage runs one scenario of the page bench under Chrome's own CPU
// profiler (Profiler.start/stop) with an app.wasm built without -s, so wasm
// functions keep their Go names, and prints where the time went: self time
// and inclusive time per function. `go run ./e2e/bench -profile edit-big`.
// Set in the environment, KW_FOCUS=name adds the time under the outermost
// function whose name holds name, KW_CALLERS=name who calls it, and
// KW_TRACE=1 records Chrome's timeline instead of the CPU profile
// (startTrace), to see what the browser itself does in a pause; KW_LONG=ms
// looks into the pauses over ms rather than 100; KW_PLAIN=1 measures
// the pauses and times with neither, as the bench does. For the
// capture scenarios, KW_JS0=file and KW_JS=file evaluate the file's
// JavaScript (an expression, awaited, whose value is printed) before the
// capture is picked and once its list is on screen (KW_JS1, for
// capture-open: once the frame is open): to try a change in
// the page, or to read what it measured, without a build; KW_SHOT=file
// saves a screenshot of the frame capture-open opened; KW_TWICE=1 picks
// the capture a second time once it is listed, and measures that load
// (the first one's phases printed before); KW_DIALOG=1 opens the file as
// a user does, in the file dialog (openFileDialog). KW_JSFLAGS=flags starts
// Chromium with those V8 flags, for this and every other bench run.
func profilePage(base string, fb []byte, scenario, capFile string) {
	ctx, stop, _, _, _ := startBrowser()
	defer stop()
	var err error
	_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: readyProbe})
	die(err)
	_, err = chromedp.Call(ctx, profiler.Enable, cdp.Empty{})
	die(err)
	_, err = chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200})
	die(err)
	startedAt := 0.0 // performance.now() as the profiler started, to place its samples on the page's clock
	var endTrace func([][2]float64)
	plain := os.Getenv("KW_PLAIN") != ""
	start := func() {
		if plain {
			return
		}
		if os.Getenv("KW_TRACE") != "" {
			endTrace = startTrace(ctx)
			return
		}
		_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
		die(err)
		startedAt = js[float64](ctx, `performance.now()`)
	}
	var windows [][2]float64 // the pauses over 100 ms, longest first, on the page's clock
	var times []float64
	switch scenario {
	case "startup":
		// As the interactive row does: first visits with the cache
		// disabled, so every load downloads and compiles app.wasm; the
		// profile covers the last of them. KW_CACHE=1 keeps the cache,
		// as a returning visitor has it, five seconds between visits (for
		// whatever the browser keeps after a load); KW_INIT=file runs the
		// file's JavaScript in each visit before the page's own scripts
		// (to try the page without its service worker, say).
		returning := os.Getenv("KW_CACHE") != ""
		if !returning {
			_, err = chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
			die(err)
		}
		if f := os.Getenv("KW_INIT"); f != "" {
			b, err := os.ReadFile(f)
			die(err)
			_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: string(b)})
			die(err)
		}
		for i := range 5 {
			if returning {
				time.Sleep(5 * time.Second)
			}
			step(ctx, 60*time.Second, chromedp.Navigate("about:blank"))
			if i == 4 {
				start()
			}
			step(ctx, 60*time.Second, chromedp.Navigate(base+"Fetch/v16"))
			waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
			times = append(times, js[float64](ctx, `window.__kwReady`))
		}
		// The last visit, from its navigation to the wasm running.
		windows = append(windows, [2]float64{0, times[len(times)-1]})
	case "edit-small":
		step(ctx, 60*time.Second, chromedp.Navigate(base+"InitProducerId/v5"))
		waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
		start()
		b, t := edits(ctx, "request", "body.TransactionTimeoutMs", 60000)
		fmt.Printf("bytes painted: %v (median %.0f)\ntree painted: ", round(b), quantile(b, .5))
		times = t
	case "load-big", "scroll-big", "smooth-big", "edit-big":
		u := base + "Fetch/v16#resp=" + base64.RawURLEncoding.EncodeToString(fb)
		mark := "kw-grid-painted-" + strconv.Itoa(len(fb))
		if scenario == "load-big" {
			// As the bench does: a first visit to the link.
			step(ctx, 60*time.Second, chromedp.Navigate("about:blank"))
			start()
			step(ctx, 120*time.Second, chromedp.Navigate(u))
			waitJS(ctx, "the 1 MiB grid", `performance.getEntriesByName('`+mark+`').length > 0`)
			times = append(times, js[float64](ctx, `performance.getEntriesByName('`+mark+`')[0].startTime - performance.getEntriesByName('kw-decode-start')[0].startTime`))
			break
		}
		step(ctx, 120*time.Second, chromedp.Navigate(u))
		waitJS(ctx, "the 1 MiB grid", `performance.getEntriesByName('`+mark+`').length > 0`)
		if scenario == "scroll-big" || scenario == "smooth-big" {
			px := 0
			if scenario == "smooth-big" {
				px = 16
			}
			start()
			sr := scroll(ctx, px)
			fmt.Printf("scroll: %+v\n", sr)
			times = append(times, sr.FPS)
			break
		}
		start()
		b, t := edits(ctx, "response", "body.ThrottleTimeMs", 100)
		fmt.Printf("bytes painted: %v (median %.0f)\ntree painted: ", round(b), quantile(b, .5))
		times = t
	case "pick-big":
		// Leaving the 1 MiB Fetch page for another version's page.
		step(ctx, 120*time.Second, chromedp.Navigate(base+"Fetch/v16#resp="+base64.RawURLEncoding.EncodeToString(fb)))
		waitJS(ctx, "the 1 MiB grid", `performance.getEntriesByName('kw-grid-painted-`+strconv.Itoa(len(fb))+`').length > 0`)
		time.Sleep(time.Second)
		start()
		times = append(times, pickVersion(ctx, "Fetch", 15))
	case "paste-broken":
		// The 10,000-piece paste of issue 11 (hostile.go).
		openProduce(ctx, base)
		start()
		ms, _ := pasteBroken(ctx)
		times = append(times, ms)
	case "paste-big", "paste-big-index":
		// The 1 MiB Fetch response as xxd prints it (4.6 MB of text),
		// pasted into the Fetch page's box (or the index page's, whence
		// the frame's page is a navigation away), to the grid painted.
		page := base + "Fetch/v16"
		if scenario == "paste-big-index" {
			page = base
		}
		step(ctx, 60*time.Second, chromedp.Navigate(page))
		waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
		fmt.Fprintln(os.Stderr, "paste-big: pasting", len(fb), "bytes as xxd")
		start()
		read, decoded := pasteDump(ctx, xxd(fb), "Fetch", bigframe.FetchVersion, len(fb))
		fmt.Printf("paste -> picker %.0f ms; decode -> grid painted %.0f ms\n", read, decoded)
		times = append(times, read+decoded)
	case "capture", "capture-open", "capture-filter":
		// As the capture bench does: the file picked, to the list complete;
		// capture-open profiles, after that, the first frame opened, and
		// capture-filter "kgo" (or KW_WORD) typed into the list's filter, a
		// key every 200 ms.
		step(ctx, 60*time.Second, chromedp.Navigate(base))
		waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
		js[bool](ctx, gapMeter+`, true`)
		// Every pause over 100 ms (or KW_LONG ms), to set beside the marks.
		longMs := cmp.Or(os.Getenv("KW_LONG"), "100")
		js[bool](ctx, `(() => { window.kwLong = []; let last = performance.now(); const tick = t => { if (t - last > `+longMs+`) window.kwLong.push(last.toFixed(0) + '+' + (t - last).toFixed(0)); if (window.kwListSeen && window.kwListGap === undefined) window.kwListGap = t - last; if (!window.kwListSeen && document.getElementById('conv-count')) window.kwListSeen = t; last = t; if (!window.kwGapsStop) requestAnimationFrame(tick); }; requestAnimationFrame(tick); return true; })()`)
		if f := os.Getenv("KW_JS0"); f != "" {
			b, err := os.ReadFile(f)
			die(err)
			fmt.Println("experiment before:", js[string](ctx, string(b)))
		}
		if os.Getenv("KW_DIALOG") != "" {
			openFileDialog(ctx)
		}
		if scenario == "capture" {
			start()
		}
		began := time.Now()
		step(ctx, 60*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{capFile}))
		for !js[bool](ctx, `!!document.querySelector('#conv-count')`) {
			if time.Since(began) > 10*time.Minute {
				die(fmt.Errorf("the page listed no frames of the capture within 10 minutes"))
			}
			time.Sleep(100 * time.Millisecond)
		}
		times = append(times, time.Since(began).Seconds()*1000)
		// The collection the page makes once the list is on screen.
		time.Sleep(time.Second)
		if os.Getenv("KW_TWICE") != "" {
			time.Sleep(3 * time.Second)
			fmt.Println("first phases:", js[string](ctx, measuresJS))
			js[bool](ctx, `(performance.clearMeasures(), performance.clearMarks(), true)`)
			step(ctx, 60*time.Second, chromedp.SetUploadFiles(chromedp.ID("paste-file"), []string{capFile}))
			for !js[bool](ctx, `performance.getEntriesByName('kw-capture-find').length > 0`) {
				time.Sleep(100 * time.Millisecond)
			}
			time.Sleep(time.Second)
		}
		if f := os.Getenv("KW_JS"); f != "" {
			b, err := os.ReadFile(f)
			die(err)
			fmt.Println("experiment:", js[string](ctx, string(b)))
		}
		var opened [2]float64
		if scenario == "capture-open" {
			// KW_THEN=n opens row n (from 1) after the first, and profiles
			// that: a frame opened once the page has shown one.
			then, _ := strconv.Atoi(os.Getenv("KW_THEN"))
			if then > 0 {
				js[bool](ctx, `(document.querySelector('#conv-list tbody tr').click(), true)`)
				time.Sleep(2 * time.Second)
			}
			js[bool](ctx, `(window.kwLong = [], window.kwGaps.max = 0, true)`)
			start()
			at := js[float64](ctx, fmt.Sprintf(`(() => { const t = performance.now(); document.querySelectorAll('#conv-list tbody tr')[%d].click(); return t; })()`, max(then-1, 0)))
			time.Sleep(2 * time.Second)
			// The half second from the click, whatever its pauses.
			opened = [2]float64{at, at + 500}
			if f := os.Getenv("KW_JS1"); f != "" {
				b, err := os.ReadFile(f)
				die(err)
				fmt.Println("experiment after:", js[string](ctx, string(b)))
			}
			if f := os.Getenv("KW_SHOT"); f != "" {
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				die(err)
				die(os.WriteFile(f, png, 0o644))
			}
		}
		if scenario == "capture-filter" {
			js[bool](ctx, `(window.kwLong = [], window.kwGaps.max = 0, true)`)
			start()
			typeIntoFilter(ctx, cmp.Or(os.Getenv("KW_WORD"), "kgo"))
			time.Sleep(time.Second)
		}
		fmt.Println("longest pause:", js[string](ctx, `(window.kwGapsStop = true, window.kwGaps.max.toFixed(0) + ' ms of ' + window.kwGaps.frames + ' frames, before: ' + window.kwGaps.at)`))
		long := js[string](ctx, `window.kwLong.join(', ')`)
		fmt.Printf("pauses over %s ms (start+length): %s\n", longMs, long)
		// The frame after the one whose callback first saw the list: the
		// list's layout and paint come after the callbacks of a frame.
		fmt.Println("the list appeared in a pause of", js[string](ctx, `(window.kwListGap || 0).toFixed(0)`), "ms")
		for _, p := range strings.Split(long, ", ") {
			var at, n float64
			if _, err := fmt.Sscanf(p, "%f+%f", &at, &n); err == nil {
				windows = append(windows, [2]float64{at, at + n})
			}
		}
		sort.SliceStable(windows, func(i, j int) bool { return windows[i][1]-windows[i][0] > windows[j][1]-windows[j][0] })
		if opened[1] > 0 {
			windows = append([][2]float64{opened}, windows...)
		}
		// The load itself (reading and finding), first: where its time goes,
		// idle included.
		if load := js[[]float64](ctx, `(() => { const s = performance.getEntriesByName('kw-capture-start')[0]; const f = performance.getEntriesByName('kw-capture-find', 'measure')[0]; return s && f ? [s.startTime, f.startTime + f.duration] : []; })()`); len(load) == 2 {
			// And the half second after, in which the list appears.
			windows = append([][2]float64{{load[0], load[1]}, {load[1], load[1] + 500}}, windows...)
		}
		fmt.Println("phases:", js[string](ctx, measuresJS))
	default:
		die(fmt.Errorf("unknown scenario %q (startup, edit-small, load-big, scroll-big, smooth-big, edit-big, paste-broken, paste-big, paste-big-index, pick-big, capture, capture-open, capture-filter)", scenario))
	}
	if endTrace != nil || plain {
		fmt.Printf("%s: measured %v (median %.0f)\n", scenario, round(times), quantile(times, .5))
		if endTrace != nil {
			endTrace(windows)
		}
		return
	}
	res, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
	die(err)
	fmt.Printf("%s: measured %v (median %.0f)\n", scenario, round(times), quantile(times, .5))
	fmt.Println("elements:", js[string](ctx, `['*', '#request *', '#response *', '#response .tree *', '#response .grid *', '#response table *', '.top-wrap *', 'option'].map(s => s + ' ' + document.querySelectorAll(s).length).join(', ')`))
	fmt.Println("by part of the page:", js[string](ctx, `[...document.querySelectorAll('.top-wrap > *, main > *, .pane > *, .pane-body > *')].map(e => (e.id || e.className || e.tagName) + ' ' + (e.querySelectorAll('*').length + 1)).join(', ')`))
	fmt.Println("marks:", js[string](ctx, `performance.getEntriesByType('mark').map(m => m.name + ' ' + m.startTime.toFixed(1)).join(', ')`))
	report(res.Profile, startedAt, windows)
}

func round(v []float64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x + .5)
	}
	return out
}

// report prints the top functions by self and by inclusive time, and
// by both within each of the windows, the longest pauses (times on the
// page's clock, whose value was startedAt as the profiler started).
func report(p *profiler.Profile, startedAt float64, windows [][2]float64) {
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	// addStack adds dt to each function of a stack (innermost first) once.
	addStack := func(m map[string]float64, stack []string, dt float64) {
		seen := map[string]bool{}
		for _, nm := range stack {
			if !seen[nm] {
				seen[nm] = true
				m[nm] += dt
			}
		}
	}
	focus, callee := os.Getenv("KW_FOCUS"), os.Getenv("KW_CALLERS")
	self, incl, under, callers := map[string]float64{}, map[string]float64{}, map[string]float64{}, map[string]float64{}
	windows = windows[:min(len(windows), 4)]
	inSelf, inIncl := make([]map[string]float64, len(windows)), make([]map[string]float64, len(windows))
	for w := range windows {
		inSelf[w], inIncl[w] = map[string]float64{}, map[string]float64{}
	}
	total, at := 0.0, startedAt
	for i, id := range p.Samples {
		// A sample's time is the delta after it; its place on the clock,
		// the deltas up to it.
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		if i < len(p.TimeDeltas) {
			at += float64(p.TimeDeltas[i]) / 1000
		}
		total += dt
		var stack []string
		for x, ok := id, true; ok; x, ok = parent[x] {
			stack = append(stack, name(byID[x]))
		}
		self[stack[0]] += dt
		addStack(incl, stack, dt)
		for w, window := range windows {
			if at >= window[0] && at < window[1] {
				inSelf[w][stack[0]] += dt
				addStack(inIncl[w], stack, dt)
			}
		}
		if callee != "" {
			// Who calls the outermost frame matching callee, by the time under it.
			for j := len(stack) - 1; j > 0; j-- {
				if strings.Contains(stack[j-1], callee) {
					callers[stack[j]] += dt
					break
				}
			}
		}
		if focus != "" {
			// Inclusive time of the functions under the outermost frame matching focus.
			for j := len(stack) - 1; j >= 0; j-- {
				if strings.Contains(stack[j], focus) {
					addStack(under, stack[:j+1], dt)
					break
				}
			}
		}
	}
	fmt.Printf("profile: %.0f ms sampled\n", total)
	top := func(title string, m map[string]float64, k int) {
		fmt.Println(title)
		for _, name := range largestFirst(m)[:min(k, len(m))] {
			fmt.Printf("  %8.1f ms %5.1f%%  %s\n", m[name], 100*m[name]/total, name)
		}
	}
	if focus != "" {
		top("under "+focus+":", under, 80)
	}
	if callee != "" {
		top("callers of "+callee+":", callers, 30)
	}
	for w, window := range windows {
		top(fmt.Sprintf("self, within window %d (the load, the half second after it, then the longest pauses; %.0f to %.0f ms):", w+1, window[0], window[1]), inSelf[w], 30)
		top("inclusive, within it:", inIncl[w], 50)
	}
	top("self:", self, 45)
	top("inclusive:", incl, 400)
}

func name(n *profiler.ProfileNode) string {
	if n == nil || n.CallFrame == nil {
		return "?"
	}
	f := n.CallFrame.FunctionName
	if f == "" {
		f = "(anon)"
	}
	u := n.CallFrame.URL
	if i := strings.LastIndexByte(u, '/'); i >= 0 {
		u = u[i+1:]
	}
	if strings.HasPrefix(u, "app.wasm") || u == "" {
		return f
	}
	return f + " " + u + ":" + strconv.Itoa(int(n.CallFrame.LineNumber))
}

// profileRun builds an unstripped app.wasm and the site, and profiles one scenario.
func profileRun(tmp, scenario string) {
	capFile := ""
	switch {
	case !strings.HasPrefix(scenario, "capture"):
	case *capIn == "short":
		fmt.Fprintln(os.Stderr, "capture: recording kgo and sarama against kfake, writing a 100 MiB capture of short connections ...")
		capFile = filepath.Join(tmp, "many.pcap")
		writeCapture(capFile, shortConns(recordConns()))
	case *capIn != "":
		capFile = *capIn
	default:
		fmt.Fprintln(os.Stderr, "capture: recording kgo and sarama against kfake, writing a 100 MiB capture ...")
		capFile = filepath.Join(tmp, "big.pcap")
		writeCapture(capFile, recordConns())
	}
	wasm := *wasmFile
	if wasm == "" {
		wasm = filepath.Join(tmp, "app.wasm")
		run(".", []string{"GOOS=js", "GOARCH=wasm"}, "go", "build", "-trimpath", "-o", wasm, "./wasm")
	}
	serveSite(tmp, wasm, func(base string, fb []byte) { profilePage(base, fb, scenario, capFile) })
}
