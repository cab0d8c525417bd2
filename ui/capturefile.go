package ui

import (
	"errors"
	"io"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/source"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// captureChunk is how much of a capture file is read at a time: each chunk
// is a promise the browser fulfils, and while Go waits for it the browser
// paints and takes events, so a big capture never freezes the page.
const captureChunk = 512 << 10

// openFile reads a file the user dropped or picked. What it is is told from
// its first bytes, not its name: a capture goes to the conversation list,
// read in chunks; anything else is read whole by readFile.
func (b *PasteBox) openFile(ctx app.Context, file app.Value) {
	b.p.Capture.Stop()
	ctx.Async(func() {
		head, err := awaitBytes(file.Call("slice", 0, 16).Call("arrayBuffer"))
		name := file.Get("name").String()
		if err != nil {
			ctx.Dispatch(func(ctx app.Context) { b.dropErr = "could not read " + name })
			return
		}
		kind := source.Sniff(head)
		if kind != source.Pcap && kind != source.Pcapng {
			ctx.Dispatch(func(ctx app.Context) { guard(ctx, func() { b.readFile(ctx, file) }) })
			return
		}
		size := file.Get("size").Int()
		if size > maxCapture {
			ctx.Dispatch(func(ctx app.Context) {
				b.dropErr = name + " is a " + kind.String() + " capture of " + mib(size) + ": more than the " + mib(maxCapture) + " the page reads (kafkawire frames reads any size)"
			})
			return
		}
		b.loadCapture(ctx, file, name, size, kind)
	})
}

// loadCapture reads a capture file chunk by chunk and finds its frames,
// showing progress; it runs outside the UI goroutine (ctx.Async). Only the
// reassembled streams are kept, not the file.
func (b *PasteBox) loadCapture(ctx app.Context, file app.Value, name string, size int, kind source.Kind) {
	list := &CaptureList{File: name, Kind: kind, Size: size, Loading: true, Cur: -1}
	ctx.Dispatch(func(ctx app.Context) {
		*b.p = Paste{File: name, Capture: list}
		b.dropErr = ""
		b.setText("")
	})
	// The loader hands its progress and result to the list and posts an
	// action; the paste box on the page takes them (ctx.Dispatch would be
	// dropped once the user moves to another page, whose box is another).
	started := time.Now()
	r := &blobReader{file: file, size: size, chunk: captureChunk, stopped: &list.stopped, progress: func(n int) {
		list.progress(n)
		ctx.NewAction(captureAction)
	}}
	in, err := source.ReadCapture(r, source.Options{Requests: conversation.LooksLikeRequests})
	if list.stopped.Load() {
		return
	}
	// Paint "finding the frames" before finding them.
	time.Sleep(time.Millisecond)
	last := time.Now()
	res := findFrames(in, func() {
		// Let the browser paint between connections now and then.
		if time.Since(last) > 40*time.Millisecond {
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
	})
	took := time.Since(started)
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	list.finish(res, err)
	ctx.NewAction(captureAction)
	// For whoever measures the page (e2e logs it): time, and the memory Go
	// holds (Sys: the wasm memory it grew to) once the list is made.
	app.Logf("kafkawire: %s: %d frames in %v; heap in use %d MiB, wasm memory %d MiB",
		name, len(res.Frames), took.Round(time.Millisecond), mem.HeapInuse>>20, mem.Sys>>20)
}

// captureAction tells the paste box that a capture being loaded has news.
const captureAction = "kw-capture"

// followCapture makes the box take a loading capture's news, now and on
// every captureAction.
func (b *PasteBox) followCapture(ctx app.Context) {
	b.p.Capture.Sync()
	ctx.Handle(captureAction, func(ctx app.Context, a app.Action) {
		guard(ctx, func() {
			if !b.p.Capture.Sync() {
				ctx.PreventUpdate()
			}
		})
	})
}

var errStopped = errors.New("stopped: the page was given another input")

// blobReader reads a browser Blob (a File) chunk by chunk, each chunk a
// promise awaited by the reading goroutine, and says how far it got.
type blobReader struct {
	file     app.Value
	size     int
	off      int
	chunk    int
	buf      []byte
	progress func(read int)
	stopped  *atomic.Bool // set: stop reading
}

func (r *blobReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.off >= r.size {
			return 0, io.EOF
		}
		if r.stopped != nil && r.stopped.Load() {
			return 0, errStopped
		}
		end := min(r.off+r.chunk, r.size)
		b, err := awaitBytes(r.file.Call("slice", r.off, end).Call("arrayBuffer"))
		if err != nil {
			return 0, err
		}
		if len(b) == 0 {
			return 0, io.ErrUnexpectedEOF
		}
		r.off += len(b)
		r.buf = b
		if r.progress != nil {
			r.progress(r.off)
		}
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// awaitBytes waits for a promise of an ArrayBuffer and copies its bytes. It
// blocks its goroutine (never the UI goroutine): while it waits, Go gives
// the browser back its event loop.
func awaitBytes(promise app.Value) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	var then, fail app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		u8 := app.Window().Get("Uint8Array").New(args[0])
		b := make([]byte, u8.Get("length").Int())
		app.CopyBytesToGo(b, u8)
		done <- result{b: b}
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		done <- result{err: errors.New("the browser could not read the file")}
		return nil
	})
	promise.Call("then", then, fail)
	r := <-done
	then.Release()
	fail.Release()
	return r.b, r.err
}

// filePicker opens a file as a drop does: a frame's bytes or text, or a capture.
func (b *PasteBox) filePicker() app.UI {
	return app.Label().Class("btn small paste-pickfile").Title("a .bin, .txt, .pcap or .pcapng file; a capture up to "+mib(maxCapture)).Body(
		app.Text("Open a file…"),
		app.Input().Type("file").ID("paste-file").Class("paste-file").OnChange(b.onPickFile),
	)
}

// captureInfo is the paste box's info for a capture: what was read, and
// the conversation list.
func (b *PasteBox) captureInfo() app.UI {
	l := b.p.Capture
	status := l.Kind.String() + " capture · " + mib(l.Size)
	if l.Kind != source.Pcap && l.Kind != source.Pcapng {
		status = "packet dump of several TCP streams · " + mib(l.Size)
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
	return app.Div().Class("paste-info").Body(head, &Conversations{List: l, Gen: l.Gen, On: b.On})
}
