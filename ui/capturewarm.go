package ui

import (
	"bytes"
	"io"
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The first capture a page reads pays for code no later one does: V8
// compiles a wasm function the first time it runs and optimises it once it
// has run a while, and reading packets, reassembling streams and finding
// frames are a few hundred functions the page runs nowhere else. After a
// small capture, the 106 MB capture was listed in 0.28-0.30 s against
// 0.32-0.35 s, its frames found in half the time (e2e/bench/ROUNDS.md).
// So once the user shows they are about to open a file (the file picker
// clicked, a file dragged over the paste box), the page reads a capture
// of its own through the same functions and throws the result away: a
// file dialog stays open far longer than that takes, and a page nobody
// opens a file in never pays for it.

// captureWarm is the warm-up's state, one per page.
var captureWarm struct {
	begun atomic.Bool // it ran, or a capture was loaded: nothing is left to warm
	stop  atomic.Bool // a capture is being loaded: the warm-up gives way
}

// warmCaptureReader starts the warm-up, unless it ran before or a capture
// was loaded (which warmed the same code). It runs outside the UI
// goroutine and lets the browser paint every warmSlice.
func warmCaptureReader(ctx app.Context) {
	if !app.IsClient || captureWarm.begun.Swap(true) {
		return
	}
	ctx.Async(func() {
		perfMark("kw-warm-start")
		pace := &pacer{slice: warmSlice}
		r := &givesWay{r: bytes.NewReader(warmCapture(pace.pause)), stop: &captureWarm.stop, pause: pace.pause}
		in, err := source.ReadCapture(r, captureReading(pace))
		if err != nil || captureWarm.stop.Load() {
			return
		}
		res := conversation.Find(in, captureFinding(pace, nil))
		warmList(res, findFirstFacts(res, pace.pause))
		perfMeasure("kw-warm", "kw-warm-start")
	})
}

// warmSlice is how long the warm-up works between two paints: code that
// runs for the first time takes a while for little, and slices of the
// loader's length held frames for 67-83 ms (e2e/bench/ROUNDS.md).
const warmSlice = 8 * time.Millisecond

// captureLoading tells the warm-up that a capture is being loaded: one
// still running stops at its next read, and none starts after.
func captureLoading() {
	captureWarm.begun.Store(true)
	captureWarm.stop.Store(true)
}

// givesWay reads r until stop is set, a few KiB at a time with a pause
// before each: the packets of a capture this small would be read in one
// go, and code that runs for the first time is slow enough to hold the
// page for a frame or more.
type givesWay struct {
	r     io.Reader
	stop  *atomic.Bool
	pause func()
}

// givesWayRead is how much givesWay reads at a time.
const givesWayRead = 4 << 10

func (g *givesWay) Read(p []byte) (int, error) {
	g.pause()
	if g.stop.Load() {
		return 0, errStopped
	}
	return g.r.Read(p[:min(len(p), givesWayRead)])
}

// warmCapture is the capture the warm-up reads: for every API, a connection
// that carries its example request and response at the API's newest
// version (record batches in Produce and Fetch), so that reading it runs
// what a real capture's frames run. About 60 KB, as a pcap file with
// Ethernet headers, as tcpdump writes one. It pauses after each API.
func warmCapture(pause func()) []byte {
	server := netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), 9092)
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var segs []pcapwrite.Segment
	for i, api := range schema.APIs() {
		vs := api.Versions(schema.Request)
		if len(vs) == 0 {
			continue
		}
		v := vs[len(vs)-1]
		req, err := frame.Encode(message.Example(api, v, schema.Request))
		if err != nil {
			continue
		}
		resp, err := frame.Encode(message.Example(api, v, schema.Response))
		if err != nil {
			continue
		}
		c := pcapwrite.NewConn(netip.AddrPortFrom(server.Addr(), uint16(40000+i)), server, start.Add(time.Duration(i)*time.Millisecond))
		c.Open()
		c.Exchange(req, resp, time.Millisecond)
		c.Close()
		segs = append(segs, c.Segments...)
		pause()
	}
	return pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs)
}
