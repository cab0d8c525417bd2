package conversation

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// maxFrame bounds the size prefixes taken as real: Kafka brokers refuse
// requests over socket.request.max.bytes (100 MiB by default), and fetch
// responses stay below fetch.max.bytes (50 MiB). Anything larger is a
// misreading, and following it would swallow the rest of the stream.
const maxFrame = 256 << 20

// DefaultMaxFrames bounds the frames Find cuts an input into, unless
// Options.MaxFrames says otherwise. A list keeps about a hundred bytes a
// frame, and bytes made to look like frames of 8 bytes are 130 million of
// them in a gigabyte (a few megabytes, compressed); real captures with
// more frames than this are gigabytes, to cut with editcap first.
const DefaultMaxFrames = 2 << 20

// resyncLimit bounds how far into a stream a frame header is looked for
// when deciding whether it carries Kafka requests at all.
const resyncLimit = 16 << 20

// piece is one frame cut from a stream: the bytes [off, end) and, when the
// frame is not whole, why.
type piece struct {
	off, end int
	broken   string
	skipped  int  // bytes skipped right before it to find its header
	rest     bool // the stream's bytes past the frames an input is cut into
}

// walker cuts a stream into frames by their size prefixes, knowing where
// the capture lost bytes. plausible says whether a size prefix read in step
// (right after the previous frame) is believable; header, whether a frame
// header found by searching is real. A search happens at the start when
// the first bytes are no header (a capture that began mid-connection), after
// a gap, and when the frames fall out of step.
type walker struct {
	b         []byte
	gaps      []source.Gap
	minSize   int
	header    func(p probe, off int) (ok bool, cost int)
	spent     int    // of checkBudget, by the header checks of this walk
	stopAfter int    // give up searching past this offset (0: search the whole stream)
	fromStart bool   // the stream starts with the connection: a frame starts at 0
	pause     func() // called every pauseEvery frames, when set (Options.Pause)
	bounded   bool   // cut at most limit frames, the rest one piece
	limit     int
	out       []piece // walk appends the pieces to out[:0]
	sums      []int   // sums[i] is the bytes missing in gaps[:i], made when first needed (endPast)
}

func (w *walker) size(off int) (int, bool) {
	if len(w.b)-off < 4 {
		return 0, false
	}
	n := int32(binary.BigEndian.Uint32(w.b[off:]))
	if int(n) < w.minSize || n > maxFrame {
		return 0, false
	}
	return int(n), true
}

// gapIn returns the first gap at an offset in (from, to).
func (w *walker) gapIn(from, to int) (source.Gap, bool) { return gapIn(w.gaps, from, to) }

func gapIn(gaps []source.Gap, from, to int) (source.Gap, bool) {
	i := sort.Search(len(gaps), func(i int) bool { return gaps[i].Off > from })
	if i < len(gaps) && gaps[i].Off < to {
		return gaps[i], true
	}
	return source.Gap{}, false
}

// probe is what a header check sees of its walk: the stream, the ranges
// the capture missed, and how much of checkBudget is left. It goes by
// value, so that a walk stays off the heap.
type probe struct {
	b    []byte
	gaps []source.Gap
	sums []int // the gaps' running sums (walker.gapSums), for endPast
	left int
	// inStep says the walk expects a frame here (the stream's start, where
	// the frame before ends): a header there whose frame the capture cut
	// is believed on less than one a search finds.
	inStep bool
}

// isHeader runs the walk's header check at off, for a search, and charges
// its cost.
func (w *walker) isHeader(off int) bool {
	ok, cost := w.header(probe{w.b, w.gaps, w.gapSums(), checkBudget - w.spent, false}, off)
	w.spent += cost
	return ok
}

// inStepHeader runs the header check where the walk expects a frame (the
// stream's start, a gap's end): frames in step do not overlap, so their
// checks cost at most the stream once, and the budget is the searches'.
func (w *walker) inStepHeader(off int) bool {
	ok, _ := w.header(probe{w.b, w.gaps, w.gapSums(), math.MaxInt, true}, off)
	return ok
}

func (w *walker) gapAt(off int) bool {
	i := sort.Search(len(w.gaps), func(i int) bool { return w.gaps[i].Off >= off })
	return i < len(w.gaps) && w.gaps[i].Off == off
}

// search returns the first offset at or after from where a real frame
// header starts, checked against the next frame's header too when the
// stream holds it; len(w.b) when there is none.
func (w *walker) search(from int) int {
	last := len(w.b)
	if w.stopAfter > 0 && from+w.stopAfter < last {
		last = from + w.stopAfter
	}
	fallback := len(w.b)
	for off := from; off < last; off++ {
		n, ok := w.size(off)
		if !ok || !w.isHeader(off) {
			continue
		}
		next := off + 4 + n
		if _, gap := w.gapIn(off, next+1); gap || next == len(w.b) {
			return off
		}
		if next > len(w.b) {
			// Nothing after it to confirm it: a last frame the capture cut
			// short, or a misreading inside a frame. Take it only if no
			// confirmed header follows.
			fallback = min(fallback, off)
			continue
		}
		if _, ok := w.size(next); ok && w.isHeader(next) {
			return off
		}
	}
	return fallback
}

// endPast returns the offset in the stream's bytes where a frame of n
// bytes that starts at off ends, counting the bytes the capture missed
// inside it as its own, and how many bytes and gaps those are; ok is
// false when it ends inside a gap, where no offset of the stream's bytes
// is its end. It searches the gaps by their running sum (gapSums): a
// size prefix misread as hundreds of megabytes spans every gap after it,
// and walking them all for each such candidate made a capture of 100,000
// gaps take seconds.
func (w *walker) endPast(off, n int) (end int, ok bool, missing, gaps int) {
	return endPast(w.gaps, w.gapSums(), off, n)
}

// gapSums are the running sums of the gaps' lengths: sums[i] is the bytes
// missing in gaps[:i]. They are made once a walk first needs them.
func (w *walker) gapSums() []int {
	if w.sums == nil && len(w.gaps) > 0 { // a stream without gaps needs none
		w.sums = make([]int, len(w.gaps)+1)
		for i, g := range w.gaps {
			w.sums[i+1] = w.sums[i] + g.Len
		}
	}
	return w.sums
}

// endPast is walker.endPast over gaps and their running sums.
func endPast(gaps []source.Gap, sums []int, off, n int) (end int, ok bool, missing, count int) {
	first := sort.Search(len(gaps), func(i int) bool { return gaps[i].Off > off })
	// into is how far into the frame gap k starts, its bytes and the
	// gaps' before it counted: it grows with k.
	into := func(k int) int { return gaps[k].Off - off + sums[k] - sums[first] }
	last := first + sort.Search(len(gaps)-first, func(i int) bool { return into(first+i) >= n }) - 1
	if last < first {
		return off + n, true, 0, 0
	}
	g := gaps[last]
	before := sums[last] - sums[first] // missing in the gaps before the last
	rest := n - into(last)             // the frame's bytes from the last gap's start
	if g.Len > rest {
		return 0, false, before + rest, last - first + 1
	}
	return g.Off + rest - g.Len, true, before + g.Len, last - first + 1
}

// walk cuts the whole stream.
func (w *walker) walk() []piece {
	out := w.out[:0]
	off := 0
	skipped := 0
	resync := func(from int) {
		off = w.search(from)
		skipped = off - from
	}
	if _, ok := w.size(0); !ok || !w.fromStart && !w.inStepHeader(0) {
		resync(0)
	}
	for steps := 1; off < len(w.b); steps++ {
		if w.pause != nil && steps%pauseEvery == 0 {
			w.pause()
		}
		if w.bounded && len(out) >= w.limit {
			out = append(out, piece{off: off, end: len(w.b), skipped: skipped, rest: true})
			skipped = 0
			break
		}
		if w.gapAt(off) && !w.inStepHeader(off) {
			// Bytes were lost right before this frame: what follows the gap
			// may be the middle of a frame that began inside it.
			resync(off)
			continue
		}
		n, ok := w.size(off)
		if !ok {
			if len(w.b)-off < 4 {
				out = append(out, piece{off: off, end: len(w.b), skipped: skipped,
					broken: fmt.Sprintf("the stream ends %d bytes into a size prefix", len(w.b)-off)})
				break
			}
			resync(off)
			continue
		}
		end := off + 4 + n
		if g, ok := w.gapIn(off, min(end, len(w.b))); ok {
			// The frame spans bytes the capture missed: it is kept up to
			// the first gap. The next frame starts where the size prefix
			// says, past this gap and any more inside the frame (a snap
			// length cuts every packet of a long frame); it is checked
			// before it is trusted.
			next, ok, missing, gaps := w.endPast(off, 4+n)
			broken := fmt.Sprintf("%d bytes missing %d bytes into the frame (stream offset %d), of %d", g.Len, g.Off-off, g.Off, 4+n)
			if gaps > 1 {
				broken += fmt.Sprintf("; %d bytes missing in all, in %d gaps", missing, gaps)
			}
			out = append(out, piece{off: off, end: g.Off, skipped: skipped, broken: broken})
			skipped = 0
			if g.Off >= off+4 && ok && next <= len(w.b) {
				if next == len(w.b) {
					break
				}
				if _, ok := w.size(next); ok && w.inStepHeader(next) {
					off = next
					continue
				}
				// The bytes up to next are still the frame's: the
				// search for a header starts after them, not in them.
				resync(next)
				continue
			}
			resync(g.Off)
			continue
		}
		if end > len(w.b) {
			broken := fmt.Sprintf("the stream ends %d bytes before the frame does", end-len(w.b))
			if k := len(w.gaps); k > 0 && w.gaps[k-1].Off == len(w.b) {
				// The capture lost the stream's last bytes (a snap length
				// cut its last packet): said as a gap inside a stream is.
				g := w.gaps[k-1]
				broken = fmt.Sprintf("%d bytes missing %d bytes into the frame (stream offset %d), of %d", g.Len, g.Off-off, g.Off, 4+n)
				if rest := end - g.Off - g.Len; rest > 0 {
					broken += fmt.Sprintf("; the stream ends %d bytes before the frame does", rest)
				}
			}
			out = append(out, piece{off: off, end: len(w.b), skipped: skipped, broken: broken})
			break
		}
		out = append(out, piece{off: off, end: end, skipped: skipped})
		skipped = 0
		off = end
	}
	if skipped > 0 {
		out = append(out, piece{off: len(w.b), end: len(w.b), skipped: skipped})
	}
	return out
}

// knownRequest reports whether a request's header names an API and version
// of the catalogue. It is frame.RequestAPI without the error, which a search
// through every offset of a stream cannot afford to allocate.
func knownRequest(b []byte, off int) (*schema.API, int16, bool) {
	if len(b)-off < 8 {
		return nil, 0, false
	}
	api := schema.ByKey(int16(binary.BigEndian.Uint16(b[off+4:])))
	v := int16(binary.BigEndian.Uint16(b[off+6:]))
	if api == nil || api.Def(schema.Request, v) == nil {
		return nil, 0, false
	}
	return api, v, true
}

// checkBudget bounds the work of checking the headers searches find: a
// candidate's whole frame is decoded to tell a real header from bytes that
// only look like one, and a hostile stream holds a candidate at nearly
// every offset. (A 12 MiB paste of two sides whose frames all failed to
// decode took 16 s natively, nearly all of it decoding candidates.) A
// decode costs its frame's bytes and checkCost; once a walk's searches, or
// one LooksLikeRequests, have spent checkBudget (or a candidate's frame is
// bigger than what is left), candidates are judged by their header alone,
// as a frame cut short is. A real stream's search meets its header within
// a frame or two.
const (
	checkBudget = 8 << 20
	checkCost   = 1 << 10
)

// decodeCost is what checking an n-byte candidate frame by decoding it
// takes from checkBudget.
func decodeCost(n int) int { return n + checkCost }

// requestHeader is a real request header at off, within the walk's budget:
// a known API and version, and, when the frame is whole, a request that
// decodes cleanly. A response's correlation id often reads as a Produce
// request's key and version, so the key alone is not enough. A frame that
// runs off the end, or into a gap (bytes the capture missed), is checked as
// one cut short.
func requestHeader(p probe, off int) (bool, int) {
	b := p.b
	if _, _, ok := knownRequest(b, off); !ok {
		return false, 0
	}
	n := int(int32(binary.BigEndian.Uint32(b[off:])))
	if n < 0 {
		return false, 0
	}
	end := off + 4 + n
	if g, gap := gapIn(p.gaps, off, end); gap {
		return cutRequestHeader(b[:g.Off], off, n), 0
	}
	if end <= len(b) && decodeCost(n) <= p.left {
		return decodesCleanly(b[off:end]), decodeCost(n)
	}
	return cutRequestHeader(b[:min(len(b), end)], off, n), 0
}

// cutRequestHeader checks a request header whose frame b does not hold
// whole: its client id must at least be believable.
func cutRequestHeader(b []byte, off, n int) bool {
	if len(b)-off < 14 {
		return true
	}
	l := int(int16(binary.BigEndian.Uint16(b[off+12:])))
	if l < -1 || l > n-10 {
		return false
	}
	for _, c := range b[off+14 : min(len(b), off+14+max(l, 0))] {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// decodesCleanly reports whether b, a whole request frame, decodes
// without error. Connections opened by the same client start with the
// same bytes (its first request, at the same correlation id), and each
// connection's first request is decoded to tell whether it is Kafka at
// all: a capture of 20,000 short connections decoded one request 20,000
// times, a third of the time the page took to load it
// (e2e/bench/ROUNDS.md). So the answers for small frames are remembered, by their
// bytes, which alone decide the answer.
func decodesCleanly(b []byte) bool {
	if len(b) > checkedMaxFrame {
		return frame.DecodeRequest(b).Err == nil
	}
	checked.mu.Lock()
	ok, seen := checked.m[string(b)]
	checked.mu.Unlock()
	if seen {
		return ok
	}
	ok = frame.DecodeRequest(b).Err == nil
	checked.mu.Lock()
	defer checked.mu.Unlock()
	if checked.m == nil || len(checked.m) >= checkedMax {
		checked.m = make(map[string]bool, checkedMax)
	}
	checked.m[string(b)] = ok
	return ok
}

// The frames decodesCleanly remembers: at most checkedMax of them, of at
// most checkedMaxFrame bytes (a client's first requests are a few dozen),
// so at most 128 KiB; when full it starts over.
const (
	checkedMax      = 256
	checkedMaxFrame = 512
)

var checked struct {
	mu sync.Mutex
	m  map[string]bool
}

// LooksLikeRequests reports whether b, one side of a TCP connection, is
// what a Kafka client sends: a request frame of the catalogue that decodes
// cleanly, followed by another or by the end, found at the start or (for a
// capture that began mid-connection) within the first 16 MiB, whole. It
// fits source.Options.Requests.
func LooksLikeRequests(b []byte) bool { return looksLikeRequests(b, nil) }

// looksLikeRequests is LooksLikeRequests for a stream with gaps: a frame
// that runs into bytes the capture missed is checked as far as it goes (a
// capture whose snap length cut every packet has no frame whole).
func looksLikeRequests(b []byte, gaps []source.Gap) bool {
	w := walker{b: b, gaps: gaps, minSize: 8, header: requestHeader, stopAfter: resyncLimit}
	off := w.search(0)
	if off >= len(b) {
		return false
	}
	// A header found past the start whose frame runs off the end has
	// nothing to confirm it: too weak to call the stream requests.
	n, _ := w.size(off)
	return off == 0 || off+4+n <= len(b)
}
