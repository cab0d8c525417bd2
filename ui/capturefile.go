package ui

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/source"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// openFile reads a file the user dropped or picked. What it is is told from
// its first bytes, not its name: a capture goes to the conversation list,
// read in chunks; anything else is read whole by readFile. A compressed
// file (gzip, zstd, lz4) is read as what it holds, in chunks too. What
// the file gives is dropped if the box was given something else
// meanwhile (b.reads moved on).
func (b *PasteBox) openFile(ctx app.Context, file app.Value) {
	b.p.Capture.Stop()
	b.reads, b.reading = b.reads+1, "" // a text read still running is dropped
	seq := b.reads
	// fail shows why the file was not read, unless the box moved on.
	fail := func(msg string) {
		ctx.Dispatch(func(ctx app.Context) {
			if b.reads == seq {
				b.dropErr = msg
			}
		})
	}
	ctx.Async(func() {
		head, err := awaitBytes(file.Call("slice", 0, 16).Call("arrayBuffer"))
		name := file.Get("name").String()
		if err != nil {
			fail("could not read " + name)
			return
		}
		comp, kind := source.SniffCompression(head), source.Sniff(head)
		if comp == source.Uncompressed && kind != source.Pcap && kind != source.Pcapng {
			ctx.Dispatch(func(ctx app.Context) {
				if b.reads == seq {
					guard(ctx, func() { b.readFile(ctx, file, seq) })
				}
			})
			return
		}
		size := file.Get("size").Int()
		if size > maxCapture {
			what := "a " + kind.String() + " capture"
			if comp != source.Uncompressed {
				what = "a " + string(comp) + " file"
			}
			fail(name + " is " + what + " of " + mib(size) + ": more than the " + mib(maxCapture) + " the page reads (kafkawire frames reads any size)")
			return
		}
		if comp == source.Uncompressed {
			b.loadCapture(ctx, file, name, size, kind, comp, nil, seq)
			return
		}
		b.openCompressed(ctx, file, name, size, seq, fail)
	})
}

// openCompressed reads a compressed file: a capture inside goes to
// loadCapture, decompressed as it is read; anything else is read whole, as
// readFile reads a file. It runs outside the UI goroutine.
func (b *PasteBox) openCompressed(ctx app.Context, file app.Value, name string, size, seq int, fail func(string)) {
	r := &blobReader{file: file, size: size, pace: &pacer{}}
	handed := false // to loadCapture, which closes it
	defer func() {
		if !handed {
			r.close()
		}
	}()
	content, kind, comp, err := source.Open(r, maxCapture)
	if err != nil {
		fail(name + ": " + err.Error())
		return
	}
	if kind == source.Pcap || kind == source.Pcapng {
		handed = true
		b.loadCapture(ctx, file, name, size, kind, comp, &opened{r, content}, seq)
		return
	}
	data, err := io.ReadAll(io.LimitReader(content, MaxPasteText+1))
	switch {
	case len(data) > MaxPasteText:
		fail(fmt.Sprintf("%s holds more than the %d MiB the page reads of a file that is not a capture. Use the command line for it: kafkawire decode %s", name, MaxPasteText>>20, name))
	case err != nil:
		fail(name + ": " + err.Error())
	case len(data) == 0:
		fail(name + ": the " + string(comp) + " file holds nothing")
	default:
		b.openBytes(ctx, name, data, seq)
	}
}

// opened is a file already being read when loadCapture takes it over: its
// reader, and the content decompressed from it.
type opened struct {
	file    *blobReader
	content io.Reader
}

// loadCapture reads a capture file chunk by chunk and finds its frames,
// showing progress; it runs outside the UI goroutine (ctx.Async). Only the
// reassembled streams are kept, not the file.
func (b *PasteBox) loadCapture(ctx app.Context, file app.Value, name string, size int, kind source.Kind, comp source.Compression, from *opened, seq int) {
	captureLoading()
	keys := b.p.Keys.keys() // the key log given before the file
	list := &CaptureList{File: name, Kind: kind, Compression: comp, Size: size, Loading: true, Cur: -1, file: file, KeyLog: b.p.Keys.name()}
	ctx.Dispatch(func(ctx app.Context) {
		if b.reads != seq {
			list.Stop() // the box was given something else meanwhile
			return
		}
		*b.p = Paste{File: name, Capture: list, Keys: b.p.Keys}
		b.dropErr = ""
		b.setText("")
	})
	// The loader hands its progress and result to the list and posts an
	// action; the paste box on the page takes them (ctx.Dispatch would be
	// dropped once the user moves to another page, whose box is another).
	// The collector is off while the capture loads, and back once the
	// list has painted and the browser is idle: its first collection then
	// marks all the capture left, a pause of its own rather than one added
	// to the list's first paint. Should no box on the page take the list,
	// the collector is back a few seconds later all the same.
	restore := pauseCollector()
	defer time.AfterFunc(restoreCollectorAfter, restore)
	started := time.Now()
	perfMark("kw-capture-start")
	pace := &pacer{}
	// The list box is painted before the reading starts: go-app's render
	// of it and the browser's layout of the page, with the reading's first
	// slice, were one pause of 100-133 ms.
	pace.ask()
	pace.wait()
	r := &blobReader{file: file, size: size}
	var content io.Reader = r
	if from != nil {
		r, content = from.file, from.content
	}
	r.stopped, r.pace = &list.stopped, pace // the list's flag from here on
	r.progress = func(n int) {
		list.progress(n)
		ctx.NewAction(captureAction)
	}
	pace.before = r.reportDue
	in, err := source.ReadCapture(content, captureReading(pace))
	r.close()
	if list.stopped.Load() {
		return
	}
	perfMeasure("kw-capture-read", "kw-capture-start")
	perfMark("kw-capture-read")
	// Paint "finding the frames" before finding them.
	time.Sleep(time.Millisecond)
	pace.worked = time.Now()
	res := conversation.Find(in, captureFinding(pace, keys))
	first := findFirstFacts(res, pace.pause)
	pace.pause()
	warmList(res, first)
	took := time.Since(started)
	perfMeasure("kw-capture-find", "kw-capture-read")
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	// Let the browser paint before the list is handed over: the update
	// that mounts it (and the layout of its rows) is then a task of its
	// own, not added to the last slice of finding frames.
	time.Sleep(time.Millisecond)
	list.finish(res, err, in.CutNote(), first, func() {
		restore()
		// The collection the capture's garbage calls for, now that the
		// browser is idle, rather than at the user's next click.
		perfMark("kw-capture-gc-start")
		runtime.GC()
		perfMeasure("kw-capture-gc", "kw-capture-gc-start")
	})
	ctx.NewAction(captureAction)
	// For whoever measures the page (e2e logs it): time, and the memory Go
	// holds (Sys: the wasm memory it grew to) once the list is made.
	app.Logf("kafkawire: %s: %d frames in %v; heap in use %d MiB, wasm memory %d MiB",
		name, res.Len(), took.Round(time.Millisecond), mem.HeapInuse>>20, mem.Sys>>20)
}

// captureReading and captureFinding are how a capture file is read and
// its frames found, paced by pace: the loader's, and the warm-up's, which
// must run what the loader runs.
func captureReading(pace *pacer) source.Options {
	return source.Options{Requests: conversation.LooksLikeRequests, Pause: pace.pause}
}

func captureFinding(pace *pacer, keys *decrypt.KeyLog) conversation.Options {
	return conversation.Options{Pause: pace.pause, MaxFrames: CaptureMaxFrames, Keys: keys}
}

// perfMeasure records, for whoever profiles the page, the time from the
// mark start to now under name (performance.measure).
func perfMeasure(name, start string) {
	if p := app.Window().Get("performance"); app.IsClient && p.Truthy() {
		p.Call("measure", name, start)
	}
}

// captureAction tells the paste box that a capture being loaded has news.
const captureAction = "kw-capture"

// followCapture makes the box take a loading capture's news, now and on
// every captureAction. Progress alone is written into the progress line's
// elements directly: a go-app update re-renders the whole page above the
// box (the index page's hundreds of rows), which at one update per chunk
// took more than half of the time a big capture took to load, and froze
// the page. The list, once found, is a normal update.
func (b *PasteBox) followCapture(ctx app.Context) {
	b.p.Capture.Sync()
	ctx.Handle(captureAction, func(ctx app.Context, a app.Action) {
		guard(ctx, func() {
			l := b.p.Capture
			if !l.Sync() {
				ctx.PreventUpdate()
				return
			}
			if l.Loading && paintProgress(l) {
				ctx.PreventUpdate()
			}
			if f := l.onShown; f != nil {
				l.onShown = nil
				ctx.Defer(func(app.Context) { afterNextPaint(func() { whenIdle(f) }) })
			}
		})
	})
}

// paintProgress writes a loading list's progress into the progress line
// already in the page; false when there is none to write into.
func paintProgress(l *CaptureList) bool {
	if !app.IsClient {
		return false
	}
	doc := app.Window().Get("document")
	bar := doc.Call("getElementById", "conv-bar")
	text := doc.Call("getElementById", "conv-progress-text")
	if !bar.Truthy() || !text.Truthy() {
		return false
	}
	bar.Set("value", l.Read)
	text.Set("textContent", l.progressText())
	return true
}

var errStopped = errors.New("stopped: the page was given another input")

// blobReader reads a browser Blob (a File) through its stream, chunk by
// chunk, in chunks the browser sizes (up to a MiB or two). The next chunks
// are asked for ahead (captureAhead of them), so the browser reads them
// while Go works on this one. The stream reads a file two to three times
// as fast as asking for each MiB with slice().arrayBuffer() did (106 MB:
// 105-154 ms against 289-614 ms), and those calls took 40-130 ms of the
// page's own thread (e2e/bench/ROUNDS.md). Since an awaited promise that is
// already kept does not let the browser paint, Read also pauses for a
// moment (a timer, so a task boundary) whenever it has worked for
// captureSlice. Progress is reported at those pauses, the only moments
// the browser can paint it, and at most every progressEvery: each report
// costs the browser a style, layout and paint of the page, and reported
// for every chunk they were a fifth of the time a 100 MB capture took to
// load (e2e/bench/ROUNDS.md).
type blobReader struct {
	file       app.Value
	stream     app.Value // the reader of the file's stream, once asked
	size       int
	asked      []chan blobChunk // the chunks asked for, in file order
	buf        []byte           // the chunk being read, reused
	rest       []byte           // what is left of it
	done       int              // bytes handed over with the chunks so far
	progress   func(read int)
	reported   int          // the progress reported so far
	reportedAt time.Time    // when
	stopped    *atomic.Bool // set: stop reading
	pace       *pacer
}

// captureSlice is how long the loader works before letting the browser
// paint and take events. A pause waits for the frame the pause before
// asked for (pacer.pause), so up to two slices pass between two frames:
// slices of 30 ms, with the browser's own work, left 83-117 ms between
// frames as the 106 MB capture was read; slices of 20 ms, 33-67 ms, and
// the reading took no longer (e2e/bench/ROUNDS.md).
const captureSlice = 20 * time.Millisecond

// pacer lets the browser paint when the loader has worked for
// captureSlice: the reader, the reassembly and the finding of frames
// share one, so their slices add up across them.
type pacer struct {
	worked time.Time // when the loader last let the browser paint
	before func()    // called just before it does (the reader's progress)
	// painted is closed once the browser has painted after the last
	// pause; nil before the first.
	painted chan struct{}
	// slice, when set, is how long it works between paints instead of
	// captureSlice; and it waits for every paint it asks for, where the
	// loader, in a hurry, works on while the browser paints: for work
	// nobody waits for (the warm-up), a frame is never held for long.
	slice time.Duration
}

func (p *pacer) pause() {
	if p.worked.IsZero() {
		p.worked = time.Now()
	}
	slice := cmp.Or(p.slice, captureSlice)
	if time.Since(p.worked) <= slice {
		return
	}
	if time.Since(p.worked) > 2*slice {
		perfLongSlice(p.worked)
	}
	if p.before != nil {
		p.before()
	}
	// A millisecond's yield is not always a frame: while the loader only
	// computed (no file chunk to wait for), Chromium ran its timer and no
	// frame for most of a second. So wait for the frame the last pause
	// asked for, and ask for the next.
	p.wait()
	p.ask()
	if p.slice != 0 {
		p.wait()
	} else {
		time.Sleep(time.Millisecond)
	}
	p.worked = time.Now()
}

// ask asks the browser to tell when it has painted its next frame.
func (p *pacer) ask() {
	p.painted = nil
	if !pageHidden() { // a hidden tab paints nothing: no frame to ask for
		painted := make(chan struct{})
		p.painted = painted
		afterNextPaint(func() { close(painted) })
	}
}

// wait waits for the frame asked for, if any, or paintWait: a tab hidden
// meanwhile paints no frame at all.
func (p *pacer) wait() {
	if p.painted == nil {
		return
	}
	select {
	case <-p.painted:
		return
	default:
	}
	timer := time.NewTimer(paintWait)
	select {
	case <-p.painted:
	case <-timer.C:
	}
	timer.Stop()
}

// paintWait bounds how long the loader waits for a frame it asked for.
const paintWait = 100 * time.Millisecond

// pageHidden reports whether the page is in a tab the user is not looking at.
func pageHidden() bool {
	return app.IsClient && app.Window().Get("document").Get("hidden").Bool()
}

// progressEvery is how often the progress line changes while a capture
// loads: ten times a second reads as smooth, and costs the browser less.
const progressEvery = 100 * time.Millisecond

type blobChunk struct {
	u8  app.Value // a Uint8Array over the chunk's ArrayBuffer
	end bool      // the stream has no more
	err error
}

// captureAhead is how many chunks the reader asks the browser for ahead
// of the one it reads: the browser reads a file in another process, and
// with one chunk ahead the page sat idle waiting for it.
const captureAhead = 3

// ask asks for chunks up to captureAhead ahead. A stream's reads may be
// asked before the ones before them are kept; they are kept in order.
func (r *blobReader) ask() {
	if r.stream == nil {
		r.stream = r.file.Call("stream").Call("getReader")
	}
	for len(r.asked) < captureAhead {
		done := make(chan blobChunk, 1)
		awaitRead(r.stream.Call("read"), done)
		r.asked = append(r.asked, done)
	}
}

// close lets the browser stop reading the file: the reads asked ahead of
// the last chunk, or the rest of a file whose reading was stopped.
func (r *blobReader) close() {
	if r.stream != nil {
		r.stream.Call("cancel")
	}
}

func (r *blobReader) Read(p []byte) (int, error) {
	r.pace.pause()
	if len(r.rest) == 0 {
		if r.done >= r.size {
			return 0, io.EOF
		}
		if r.stopped != nil && r.stopped.Load() {
			return 0, errStopped
		}
		r.ask()
		c := <-r.asked[0]
		r.asked = r.asked[1:]
		if c.err != nil {
			return 0, c.err
		}
		if c.end {
			return 0, io.ErrUnexpectedEOF // the file shrank as it was read
		}
		n := c.u8.Get("length").Int()
		if n == 0 {
			return 0, io.ErrUnexpectedEOF
		}
		if r.done+n > r.size {
			return 0, errors.New("the file grew as it was read")
		}
		r.ask()
		if cap(r.buf) < n {
			r.buf = make([]byte, n)
		}
		r.buf = r.buf[:n]
		app.CopyBytesToGo(r.buf, c.u8)
		r.rest = r.buf
		r.done += n
		if r.done == r.size {
			r.report() // the last chunk: "finding the frames" comes next
		}
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// reportDue reports the progress when progressEvery has passed since the
// last report: the pacer calls it as it lets the browser paint.
func (r *blobReader) reportDue() {
	if time.Since(r.reportedAt) >= progressEvery {
		r.report()
	}
}

// report hands the bytes read so far to progress, when they changed.
func (r *blobReader) report() {
	if r.progress != nil && r.done != r.reported {
		r.reported, r.reportedAt = r.done, time.Now()
		r.progress(r.done)
	}
}

// awaitBuffer sends on done, once the promise of an ArrayBuffer is kept
// or broken, a Uint8Array over it or the error.
func awaitBuffer(promise app.Value, done chan<- blobChunk) {
	await(promise, done, func(buf app.Value) blobChunk {
		return blobChunk{u8: app.Window().Get("Uint8Array").New(buf)}
	})
}

// awaitRead sends on done, once a stream reader's read is kept or broken,
// the chunk it read (a Uint8Array), the end of the stream or the error.
func awaitRead(promise app.Value, done chan<- blobChunk) {
	await(promise, done, func(res app.Value) blobChunk {
		if res.Get("done").Bool() {
			return blobChunk{end: true}
		}
		return blobChunk{u8: res.Get("value")}
	})
}

// await sends on done what kept makes of the promise's value once it is
// kept, or the error once it is broken, and lets go of its two callbacks.
func await(promise app.Value, done chan<- blobChunk, kept func(app.Value) blobChunk) {
	var then, fail app.Func
	release := func() {
		then.Release()
		fail.Release()
	}
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- kept(args[0])
		release()
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- blobChunk{err: errors.New("the browser could not read the file")}
		release()
		return nil
	})
	promise.Call("then", then, fail)
}

// awaitBytes waits for a promise of an ArrayBuffer and copies its bytes. It
// blocks its goroutine (never the UI goroutine): while it waits, Go gives
// the browser back its event loop.
func awaitBytes(promise app.Value) ([]byte, error) {
	done := make(chan blobChunk, 1)
	awaitBuffer(promise, done)
	c := <-done
	if c.err != nil {
		return nil, c.err
	}
	b := make([]byte, c.u8.Get("length").Int())
	app.CopyBytesToGo(b, c.u8)
	return b, nil
}

// filePicker opens a file as a drop does: a frame's bytes or text, or a capture.
func (b *PasteBox) filePicker() app.UI {
	return app.Label().Class("btn small paste-pickfile").OnClick(func(ctx app.Context, e app.Event) {
		warmCaptureReader(ctx)
		ctx.PreventUpdate() // the dialog opens; nothing on the page changes
	}).Title("a .bin, .txt, .pcap or .pcapng file, or one compressed with gzip, zstd or lz4; a capture up to "+mib(maxCapture)+"; with a capture of TLS, its key log (SSLKEYLOGFILE) too").Body(
		app.Text("Open a file…"),
		app.Input().Type("file").ID("paste-file").Class("paste-file").Multiple(true).OnChange(b.onPickFile),
	)
}

// captureInfo is the paste box's info for a capture: what was read, and
// the conversation list.
func (b *PasteBox) captureInfo() app.UI {
	l := b.p.Capture
	status := l.Kind.String() + " capture · " + mib(l.Size)
	if l.Compression != source.Uncompressed {
		status = string(l.Compression) + "-compressed " + status
	}
	switch {
	case l.Format.HoldsConversations():
		status = string(l.Format) + " · both sides of each connection · " + mib(l.Size)
	case l.Kind != source.Pcap && l.Kind != source.Pcapng:
		status = "packet dump of several TCP streams · " + mib(l.Size)
		if l.Format != "" {
			status = string(l.Format) + " · " + status
		}
	}
	if l.File != "" {
		status = l.File + " · " + status
	}
	head := app.Div().Class("paste-head").Body(
		app.Span().Class("paste-read").Body(
			app.Span().Class("paste-dim").Text("read as "),
			app.Span().ID("paste-status").Class("paste-fmt").Text(status),
		),
		app.Span().Class("paste-dim").Text("captures up to "+mib(maxCapture)+"; nothing leaves this browser"),
		app.Button().Class("btn small").Attr("data-op", "paste-clear").Text("Clear").OnClick(b.onClear),
	)
	return app.Div().Class("paste-info").Body(head, b.keyLogLine(), &Conversations{List: l, Gen: l.Gen, On: b.On})
}
