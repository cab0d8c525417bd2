//go:build !js

package main

import (
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/ui"
)

// The hostile inputs of issue 11, decoded natively (as the command line and
// the page's codec do) and in the page, each beside what the issue measured
// before the budgets (on 2 cores) and the budget it is held to now.

const mib = 1 << 20

// hostileNative decodes each hostile frame as `kafkawire decode` does
// (decode, then print the tree) and the 10,000-piece paste as a stream, with
// the time and peak heap (hostile.Measure).
func hostileNative() {
	fmt.Fprintln(os.Stderr, "hostile: the issue 11 inputs, natively ...")
	frames := []struct {
		name, before string
		build        func() []byte
	}{
		{"zstd record amplification (7-byte records)", "CLI killed at 6.5 GB after 74 s; the decode alone 1.0 GB, 9.8 s", func() []byte { return hostile.RecordBomb(records.CodecZstd, false, 1) }},
		{"8 zstd batches in one frame", "out of memory at 6.2 GB", func() []byte { return hostile.RecordBomb(records.CodecZstd, false, 8) }},
		{"legacy gzip message set", "5.4 GB, 25.6 s", hostile.LegacyGzip},
		{"plain 64 MiB Produce (7-byte records)", "out of memory at 6.4 GB", func() []byte { return hostile.RecordBomb(records.CodecNone, false, 1) }},
	}
	for _, f := range frames {
		b := f.build()
		var d *frame.Decoded
		// Decoding, as the page does, then printing the tree, as the
		// command does: each peak is above what was there before (the
		// decoded frame, for the printing).
		dec := hostile.Measure(func() { d = frame.DecodeRequest(b) })
		print := hostile.Measure(func() { die(d.Tree.WriteText(discard{})) })
		stop := "decoded whole"
		if d.Err != nil {
			stop = "stopped at its budget"
		}
		add(fmt.Sprintf("hostile, native: %s, %s B: decode; print", f.name, groupInt(len(b))),
			fmt.Sprintf("%s, peak heap %d MiB; %s, %d MiB (%s; before: %s)", dur(float64(dec.Took.Nanoseconds())), dec.Peak/mib,
				dur(float64(print.Took.Nanoseconds())), print.Peak/mib, stop, f.before),
			"each peak < 320 MiB", check(dec.Peak < 320*mib && print.Peak < 320*mib))
	}
	paste := hostile.BrokenPaste(10_000)
	var parts []frame.Part
	u := hostile.Measure(func() { parts = frame.DecodeStream(paste, frame.Hint{}) })
	add("hostile, native: the 10,000-piece paste (12 B each), decoded as a stream",
		fmt.Sprintf("%s, peak heap %d MiB, %d frames (before: 66 s in the CLI)", dur(float64(u.Took.Nanoseconds())), u.Peak/mib, len(parts)),
		"<= 3 s, < 200 MiB", check(u.Took <= 3*time.Second && u.Peak < 200*mib))
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func groupInt(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// hostilePage opens the bomb link and pastes the 10,000 pieces in headless
// Chromium, each in a fresh tab.
func hostilePage(base string, _ []byte) {
	ctx, stop, _, _, _ := startBrowser()
	defer stop()
	var err error
	for _, probe := range []string{readyProbe, memoryProbe} {
		_, err = chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		die(err)
	}

	// Each in a fresh page (a new document starts a new wasm instance,
	// whose memory starts small).
	{
		ms, mem := bombLink(ctx, base)
		add("hostile, page: the bomb link (zstd amplification), navigation -> the budget's notice",
			fmt.Sprintf("%s, wasm memory %d MiB (before: out of memory at 4.27 GB, the tab dead)", msText(ms), mem/mib),
			"alive, < 1 GiB", check(mem > 0 && mem < 1<<30))
	}
	{
		step(ctx, 60*time.Second, chromedp.Navigate("about:blank"))
		ms, mem := brokenPaste(ctx, base)
		add("hostile, page: the 10,000-piece paste, paste -> the frame list",
			fmt.Sprintf("%s, wasm memory %d MiB (before: froze 35 s, then out of memory at 4.2 GB)", msText(ms), mem/mib),
			"<= 5 s (a few seconds), < 1 GiB", check(ms <= 5_000 && mem > 0 && mem < 1<<30))
	}
}

func msText(v float64) string { return fmt.Sprintf("%.0f ms", v) }

// memoryProbe keeps, in the page, the wasm instance's memory as go-app's
// loader instantiates it (the loader keeps it to itself).
const memoryProbe = `for (const name of ['instantiateStreaming', 'instantiate']) {
  const orig = WebAssembly[name];
  if (!orig) continue;
  WebAssembly[name] = async (...args) => {
    const r = await orig.apply(WebAssembly, args);
    if (r.instance && r.instance.exports.mem) window.__kwMem = r.instance.exports.mem;
    return r;
  };
}`

// wasmMemory is the size of the wasm's memory: it only grows, so it is
// the most the Go heap (and the runtime around it) took so far.
func wasmMemory(ctx context.Context) int64 {
	return int64(js[float64](ctx, `window.__kwMem ? window.__kwMem.buffer.byteLength : -1`))
}

// bombLink opens the zstd bomb from a link and returns the milliseconds
// from navigation to the notice that says the budget stopped it.
func bombLink(ctx context.Context, base string) (float64, int64) {
	bomb := hostile.RecordBomb(records.CodecZstd, false, 1)
	step(ctx, 60*time.Second, chromedp.Navigate("about:blank"))
	start := time.Now()
	step(ctx, 120*time.Second, chromedp.Navigate(base+"Produce/v3#"+ui.Fragment(bomb, nil)))
	waitJS(ctx, "the budget's notice", `document.querySelector('#request .notice')`)
	return float64(time.Since(start).Milliseconds()), wasmMemory(ctx)
}

// brokenPaste pastes the 10,000 pieces as hex into the paste box (an input
// event as a paste fires it) and returns the milliseconds, measured in the
// page, until the frame list says "frame 1 of 10000".
func brokenPaste(ctx context.Context, base string) (float64, int64) {
	openProduce(ctx, base)
	return pasteBroken(ctx)
}

func openProduce(ctx context.Context, base string) {
	step(ctx, 60*time.Second, chromedp.Navigate(base+"Produce/v3"))
	waitJS(ctx, "the wasm app", `window.__kwReady > 0`)
}

func pasteBroken(ctx context.Context) (float64, int64) {
	text := hex.EncodeToString(hostile.BrokenPaste(10_000))
	// Up to five minutes: the paste took over two before the budgets.
	c, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	took, err := chromedp.Run(c, chromedp.Evaluate[float64](`new Promise(resolve => {
  const ta = document.getElementById('paste-text');
  const t0 = performance.now();
  ta.value = `+jsQuote(text)+`;
  ta.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));
  const poll = () => {
    const pos = document.getElementById('paste-pos');
    if (pos && pos.textContent == 'frame 1 of 10000') resolve(performance.now() - t0);
    else setTimeout(poll, 5);
  };
  poll();
})`, chromedp.EvalAwaitPromise))
	die(err)
	return took, wasmMemory(ctx)
}

func jsQuote(s string) string { return "'" + s + "'" } // hex digits only

// hostileRows adds the hostile rows: natively, then (unless -skip-page) in
// the page, with web/app.wasm as `make wasm` leaves it.
func hostileRows(tmp string) {
	hostileNative()
	if *skipPage {
		return
	}
	fmt.Fprintln(os.Stderr, "hostile: the bomb link and the 10,000-piece paste in headless Chromium ...")
	wasm := filepath.Join("web", "app.wasm")
	if w := os.Getenv("KW_HOSTILE_WASM"); w != "" {
		wasm = w // another build, to compare under the same load
	}
	serveSite(tmp, wasm, hostilePage)
}
