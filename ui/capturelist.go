package ui

import (
	"bytes"
	"cmp"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// maxCapture bounds a capture opened in the page. A capture is not carried in
// the URL, only the frame pair the user opens, so it may be far bigger than
// other dropped files: its streams are held in memory (about the capture's
// size), and the frames are decoded one pair at a time.
const maxCapture = 256 << 20

// CaptureMaxFrames bounds the frames the page lists of one input: a
// capture of the page's 256 MiB holds fewer when real (the bench's 168 MB
// of short connections, 525,000), and a hostile one made of 8-byte frames
// held 1 GiB of wasm memory with the command line's bound of 2,097,152.
const CaptureMaxFrames = 1 << 20

// rowsPerPage bounds the rows of the conversation list in the DOM: go-app
// has no virtual list, and a capture may hold a hundred thousand frames.
// The browser's layout of a page of rows is a pause of its own as the list
// appears: 117 ms for 200 rows on the capture of short connections, 67 to
// 83 ms for 100 (the list's box shows about 16 at a time).
const rowsPerPage = 100

// CaptureList is what the page keeps of an opened capture (or packet dump
// of several TCP streams): every Kafka frame found in it, as metadata and
// bytes sliced from the reassembled streams, decoded only when a row is
// opened; its connections; and the list's filter, page and opened row. The
// session keeps it while the user moves from page to page.
type CaptureList struct {
	File string
	Kind source.Kind
	// Compression is how the file was compressed: Kind is of what it holds.
	Compression source.Compression
	Format      hexin.Format        // for a text dump, the format it was read in
	CutNote     string              // what the packets the capture cut short mean; "" when none were
	Size        int                 // bytes of the file
	Read        int                 // bytes read so far while loading
	Loading     bool                // reading or finding frames; the list is not there yet
	Err         string              // why reading stopped early: the frames before it are kept
	Found       conversation.Result // the frames and connections
	KeyLog      string              // the name of the key log its TLS connections were read with; "" for none

	Filter string
	// Slowest lists the matching frames by latency, the slowest exchange
	// first, where it is otherwise capture order.
	Slowest bool
	// Typed is what the filter box holds, and Sorting what the latency's
	// sort was last set to: Filter and Slowest, what the list shows,
	// catch up with them once the frames are matched (CatchUp).
	Typed   string
	Sorting bool
	Page    int
	Cur     int // the opened frame, -1 for none
	Gen     int // bumped on every change, so that the list component re-renders
	// ConnsOpen: the list of connections with notes is open. Closed, the
	// browser renders only its summary (see renderClosed).
	ConnsOpen bool

	file app.Value // the capture's file, to read again with a key log given after it; nil for one read whole

	shown    []int // frames matching Filter, in order
	shownFor string
	facts    map[int]*conversation.Facts // of the frames looked at (ErrorCodes, a filter)
	found    conversation.FactCache      // what finds them, a body seen before decoded once
	topics   *conversation.TopicNames    // the topic ids the frames name, once asked for (TopicNames)
	// unanswered says why each request without a response asked about
	// has none (Unanswered), which noResponses finds.
	unanswered  map[int]unanswered
	noResponses *conversation.NoResponses
	// readAs is how each response whose request is not in the capture,
	// asked about, reads (ReadAs); the zero Candidate for none.
	readAs      map[int]frame.Candidate
	requestAPIs [][]frame.Candidate
	// pass is the matching of a filter under way (MatchSome), nil when
	// none is.
	pass *matchPass
	// scanned counts the frames the shown filter decoded for their error
	// codes or topics, and scanCut says it stopped at maxErrorScan (FactsOf).
	scanned int
	scanCut bool
	// stopped tells a load still running that the user has moved on to
	// another input: it stops reading and keeps nothing.
	stopped atomic.Bool
	// What the loading goroutine hands over; Sync takes it on the UI
	// goroutine, whichever paste box is on the page by then.
	readSoFar atomic.Int64
	onShown   func() // what Sync took to call once the list is on screen
	mu        sync.Mutex
	done      *loaded
}

type loaded struct {
	res   conversation.Result
	err   error
	cut   string     // the input's CutNote
	first firstFacts // the facts of the rows shown first
	shown func()     // to call once the list is on screen
}

// firstFacts are the facts (error codes, topics) of the rows a list shows
// first, which the loader finds as it ends, between its pauses, rather
// than the list's first render: decoded there, under the profiler, they
// were 28 ms of a 183 ms pause in which the 106 MB capture's list
// appeared (e2e/bench/ROUNDS.md).
type firstFacts struct {
	byRow map[int]*conversation.Facts
	cache conversation.FactCache
}

// findFirstFacts finds the facts of res's first page of rows, with
// factsOf on a list of its own, calling pause before each.
func findFirstFacts(res conversation.Result, pause func()) firstFacts {
	l := &CaptureList{}
	for i := range min(res.Len(), rowsPerPage) {
		f := res.Frame(i)
		if f.Dir != schema.Response || f.API == nil {
			continue
		}
		pause()
		l.factsOf(i, &f)
	}
	return firstFacts{byRow: l.facts, cache: l.found}
}

// progress records, from the loading goroutine, how far the file was read.
func (l *CaptureList) progress(n int) { l.readSoFar.Store(int64(n)) }

// finish hands over, from the loading goroutine, what was found, and
// what to call once the list is on screen.
func (l *CaptureList) finish(res conversation.Result, err error, cut string, first firstFacts, shown func()) {
	l.mu.Lock()
	l.done = &loaded{res, err, cut, first, shown}
	l.mu.Unlock()
}

// Sync takes what the loading goroutine handed over (progress, and at the
// end the frames) into the list; it reports whether anything changed.
func (l *CaptureList) Sync() bool {
	if l == nil || !l.Loading {
		return false
	}
	changed := false
	if n := int(l.readSoFar.Load()); n != l.Read {
		l.Read, changed = n, true
	}
	l.mu.Lock()
	d := l.done
	l.done = nil
	l.mu.Unlock()
	if d != nil {
		l.set(d.res, d.err)
		l.facts, l.found = d.first.byRow, d.first.cache
		l.CutNote = d.cut
		l.Read, changed = l.Size, true
		l.onShown = d.shown
	}
	if changed {
		l.Gen++
	}
	return changed
}

// Stop ends the loading of the list, if it is still loading: the paste
// holds something else now.
func (l *CaptureList) Stop() {
	if l != nil {
		l.stopped.Store(true)
	}
}

// newCaptureList is the list of what Find found in in.
func newCaptureList(file string, size int, in source.Input, res conversation.Result, err error) *CaptureList {
	l := &CaptureList{File: file, Kind: in.Kind, Compression: in.Compression, Size: size, Read: size, Cur: -1}
	if in.Kind == source.Text && len(in.Streams) > 0 {
		l.Format = hexin.Format(in.Streams[0].Origin)
	}
	l.CutNote = in.CutNote()
	l.set(res, err)
	return l
}

func (l *CaptureList) set(res conversation.Result, err error) {
	l.Found, l.Loading = res, false
	if err != nil {
		l.Err = err.Error()
	}
	l.shown, l.shownFor = nil, ""
	l.facts, l.found, l.topics = nil, conversation.FactCache{}, nil
	l.unanswered, l.noResponses = nil, nil
	l.readAs, l.requestAPIs = nil, nil
	l.Gen++
}

// maxTopicScan bounds the frames TopicNames decodes, on the UI goroutine:
// frames that repeat one another are decoded once, so a real capture's
// Metadata responses are far fewer; a capture of more distinct ones names
// the ids of the first.
const maxTopicScan = 5000

// TopicNames names the topic ids of the capture's frames from those of
// its frames that say them (Metadata responses), found the first time a
// page that can show one asks; none while the capture loads.
func (l *CaptureList) TopicNames() *conversation.TopicNames {
	if l == nil || l.Loading {
		return nil
	}
	if l.topics == nil {
		safely(func() error {
			l.topics, _ = l.Found.TopicNames(maxTopicScan)
			return nil
		})
		if l.topics == nil { // it failed: not again at every render
			l.topics = &conversation.TopicNames{}
		}
	}
	return l.topics
}

// Len is the number of frames found.
func (l *CaptureList) Len() int { return l.Found.Len() }

// Frame is frame i.
func (l *CaptureList) Frame(i int) conversation.Frame { return l.Found.Frame(i) }

// Latency is how long the frame's response took: from the request's first
// packet to the response's, for either of the two; false when the frame has
// no pair or the capture no times.
func (l *CaptureList) Latency(i int) (time.Duration, bool) { return l.Found.Latency(i) }

// Problems says what is wrong with frame i, for its row: a frame cut by a
// gap or by the end of the capture, bytes skipped before it to find its
// header, a response out of turn or whose request the capture lacks.
func (l *CaptureList) Problems(i int) []string {
	f := l.Frame(i)
	return f.Problems()
}

// ClientID is the client id the request of frame i names in its header
// (conversation.Result.ClientID).
func (l *CaptureList) ClientID(i int) string { return l.Found.ClientID(i) }

// ErrorCodes are the error codes other than NONE that frame i, a response,
// carries anywhere in its body, decoded the first time they are asked for
// (a page of rows, or a filter for errors); none for a request.
func (l *CaptureList) ErrorCodes(i int) []int16 {
	f := l.Frame(i)
	if f.Dir != schema.Response || f.API == nil {
		return nil
	}
	fa, _ := l.factsOf(i, &f)
	return fa.ErrorCodes
}

// factsOf are frame i's facts (f), and whether they were decoded now: not
// when looked at before, nor when a frame with the same body was
// (conversation.FactCache).
func (l *CaptureList) factsOf(i int, f *conversation.Frame) (fa *conversation.Facts, decoded bool) {
	if fa, ok := l.facts[i]; ok {
		return fa, false
	}
	fa = &conversation.Facts{}
	safely(func() error {
		fa, decoded = l.found.Of(f)
		return nil
	})
	if l.facts == nil {
		l.facts = map[int]*conversation.Facts{}
	}
	l.facts[i] = fa
	return fa, decoded
}

// Unanswered says why request i, which has no response in the capture,
// has none (conversation.NoResponses.Why). Asked for by every row shown at
// every render, it is found once a frame.
func (l *CaptureList) Unanswered(i int) (why string, expected bool) {
	u := l.unansweredOf(i)
	return u.why, u.expected
}

// Waited is how long request i, which has no response, waited for one at
// least (conversation.NoResponses.Waited): until its connection closed,
// or the capture ended.
func (l *CaptureList) Waited(i int) (time.Duration, bool) {
	u := l.unansweredOf(i)
	return u.waited, u.hasWait
}

func (l *CaptureList) unansweredOf(i int) unanswered {
	if u, ok := l.unanswered[i]; ok {
		return u
	}
	u := unanswered{expected: true}
	safely(func() error {
		if l.noResponses == nil {
			l.noResponses = l.Found.NoResponses()
		}
		u.why, u.expected = l.noResponses.Why(i)
		u.waited, u.hasWait = l.noResponses.Waited(i)
		return nil
	})
	if l.unanswered == nil {
		l.unanswered = map[int]unanswered{}
	}
	l.unanswered[i] = u
	return u
}

// noResponseTo says why the request opened from the list, whose bytes are
// req, has no response in the capture; "" when the frame opened is not
// that request, or has one, or the capture does not tell.
func (l *CaptureList) noResponseTo(req []byte) string {
	f, ok := l.opened(req)
	if !ok || f.Dir != schema.Request || f.Pair >= 0 {
		return ""
	}
	why, _ := l.Unanswered(l.Cur)
	return why
}

// opened is the frame opened from the list when a pane shows its bytes b.
func (l *CaptureList) opened(b []byte) (conversation.Frame, bool) {
	if l == nil || l.Loading || l.Cur < 0 || l.Cur >= l.Len() {
		return conversation.Frame{}, false
	}
	f := l.Frame(l.Cur)
	return f, bytes.Equal(f.Bytes, b)
}

type unanswered struct {
	why      string
	expected bool
	waited   time.Duration // how long it waited at least (NoResponses.Waited)
	hasWait  bool
}

// maxErrorScan bounds the frames one filter decodes to find their error
// codes or topics: on a capture of half a million frames, decoding every
// response took 3.8 s natively, a freeze in the page. A frame whose body
// was decoded before is not counted; the rows shown always say their
// error codes.
const maxErrorScan = 5000

// FactsOf is factsOf for a filter (conversation.Sayings), which decodes
// at most maxErrorScan frames it has not seen: past them it finds nothing,
// and scanCut says so.
func (l *CaptureList) FactsOf(i int, f *conversation.Frame) *conversation.Facts {
	if fa, ok := l.facts[i]; ok {
		return fa
	}
	if f.API == nil {
		return &conversation.Facts{}
	}
	p := l.pass
	if p != nil && p.scanned >= maxErrorScan {
		p.scanCut = true
		return &conversation.Facts{}
	}
	fa, decoded := l.factsOf(i, f)
	if decoded && p != nil {
		p.scanned++
	}
	return fa
}

// ScanCut says the filter looked for error codes or topics in only
// maxErrorScan frames it had not seen before.
func (l *CaptureList) ScanCut() bool { return l.scanCut }

// errorNames are codes by name: UNKNOWN_TOPIC_OR_PARTITION, or the number
// of a code the catalogue does not know.
func errorNames(codes []int16) []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = schema.ErrorName(c)
	}
	return out
}

// Matching counts the frames that match the filter.
func (l *CaptureList) Matching() int {
	if m, all := l.matched(); !all {
		return len(m)
	}
	return l.Len()
}

// Shown is the frames that match the filter, in capture order, from the
// from-th match to the one before the to-th (to at most Matching()).
func (l *CaptureList) Shown(from, to int) []int {
	m, all := l.matched()
	if !all {
		return m[from:to]
	}
	out := make([]int, to-from)
	for i := range out {
		out[i] = from + i
	}
	return out
}

// matched is the frames that match a filter with terms, made once per
// filter; all when the filter has none. A list of every frame's index was
// 20 ms of the pause as a capture of half a million frames appeared.
func (l *CaptureList) matched() (m []int, all bool) {
	if l.shown != nil && l.shownFor == keyOf(l.Filter, l.Slowest) {
		return l.shown, false
	}
	if conversation.ParseFilter(l.Filter).Empty() && !l.Slowest {
		return nil, true
	}
	l.MatchSome(l.Filter, l.Slowest, 0)
	return l.shown, false
}

// keyOf is what the frames matched for filter q, sorted slowest first or
// not, are kept under.
func keyOf(q string, slowest bool) string {
	if slowest {
		return q + "\x00slowest"
	}
	return q
}

// CatchUp matches the frames for what the filter box holds and the sort
// asked for (Typed, Sorting) for budget (0: no limit), and once all are
// matched shows them (SetFilter, SortSlowest) and says so.
func (l *CaptureList) CatchUp(budget time.Duration) bool {
	if !l.MatchSome(l.Typed, l.Sorting, budget) {
		return false
	}
	l.SetFilter(l.Typed)
	l.SortSlowest(l.Sorting)
	return true
}

// matchPass is a filter's matching under way: the frames before next
// are looked at, those of them that match are got, with their slowness
// when the list is to be sorted by it.
type matchPass struct {
	key     string
	match   *conversation.Matcher
	next    int
	got     []int
	slow    []time.Duration // by frame, for a list sorted slowest first; nil for one in capture order
	scanned int             // the frames it decoded for their error codes or topics (FactsOf)
	scanCut bool            // it stopped decoding at maxErrorScan
}

// MatchSome matches the frames against filter q, and works out their
// slowness for a list sorted slowest first, until all are matched, and
// says so, or until budget has passed (0: no limit). It keeps its place
// for the next call with the same q and sort, so that the page can match
// half a million frames a slice of time at a time and paint in between;
// the list then shows them at once (SetFilter, SortSlowest).
func (l *CaptureList) MatchSome(q string, slowest bool, budget time.Duration) bool {
	key := keyOf(q, slowest)
	if l.shown != nil && l.shownFor == key {
		return true
	}
	filter := conversation.ParseFilter(q)
	if filter.Empty() && !slowest {
		return true
	}
	p := l.pass
	if p == nil || p.key != key {
		p = &matchPass{key: key, got: make([]int, 0, l.Len())}
		if slowest {
			p.slow = make([]time.Duration, l.Len())
		}
		l.pass = p // before For: FactsOf counts into it
		p.match = filter.For(l.Found, l)
	}
	var until time.Time
	if budget > 0 {
		until = time.Now().Add(budget)
	}
	for from := p.next; p.next < l.Len(); p.next++ {
		// The clock is a call into JavaScript in the page: asked every
		// 1,024 frames, a few dozen microseconds of matching, and only
		// after the first of them, so that every call moves on.
		if budget > 0 && p.next > from && (p.next-from)%1024 == 0 && time.Now().After(until) {
			return false
		}
		if p.match.Match(p.next) {
			p.got = append(p.got, p.next)
			if p.slow != nil {
				p.slow[p.next] = l.slowness(p.next)
			}
		}
	}
	if p.slow != nil {
		slices.SortStableFunc(p.got, func(a, b int) int { return cmp.Compare(p.slow[b], p.slow[a]) })
	}
	l.shown, l.shownFor, l.pass = p.got, key, nil
	l.scanned, l.scanCut = p.scanned, p.scanCut
	return true
}

// slowness is what the list sorted by latency orders frame i by, the
// slowest first, its request before its response:
//   - an exchange's latency;
//   - a Fetch's or ShareFetch's long poll, by the time past the MaxWaitMs
//     it asked the broker to wait, none when it was answered within it: a
//     consumer's capture is mostly long polls, each as slow as its
//     MaxWaitMs, and sorted by latency they hid the exchanges a broker was
//     slow to answer;
//   - a request left unanswered by the time its connection closed or the
//     capture ended, by how long it waited at least;
//   - -1 for frames with no latency (no pair, no times; a Produce with
//     acks=0), last.
func (l *CaptureList) slowness(i int) time.Duration {
	if d, ok := l.Latency(i); ok {
		if maxWait, held := l.Found.LongPoll(i); held {
			return max(d-maxWait, 0)
		}
		return d
	}
	if f := l.Frame(i); f.Dir == schema.Request && f.Pair < 0 {
		if d, ok := l.Waited(i); ok {
			return d
		}
	}
	return -1
}

// SortSlowest lists the frames by latency, the slowest first, or back in
// capture order.
func (l *CaptureList) SortSlowest(on bool) {
	l.Sorting = on
	if on != l.Slowest {
		l.Slowest, l.Page = on, 0
		l.Gen++
	}
}

// SetFilter filters the list and goes back to its first page.
func (l *CaptureList) SetFilter(q string) {
	l.Typed = q
	if q != l.Filter {
		l.Filter, l.Page = q, 0
		l.Gen++
	}
}

// Target is where frame i is shown: the page of its API and version, with
// it and the frame it is paired with (when they agree on the API) in the
// fragment, as the paste box shows a pasted frame.
func (l *CaptureList) Target(i int) (path, frag string, ok bool) {
	if i < 0 || i >= l.Len() {
		return "", "", false
	}
	f := l.Frame(i)
	if f.API == nil {
		// A response whose request went before the capture: opened as its
		// connection's requests read it, when one reads it whole.
		r, ok := l.ReadAs(i)
		if !ok {
			return "", "", false
		}
		path, frag = pairTarget(r.API, r.Version, f.Dir, f.Bytes, nil)
		return path, frag, true
	}
	var paired []byte
	if j := f.Pair; j >= 0 && j < l.Len() {
		if p := l.Frame(j); p.API == f.API && p.Version == f.Version {
			paired = p.Bytes
		}
	}
	path, frag = pairTarget(f.API, f.Version, f.Dir, f.Bytes, paired)
	return path, frag, true
}

// ReadAs is how frame i, a response whose request is not in the capture,
// reads: as the first API and version of its connection's requests that
// decode it whole (conversation.Result.OwnReading); found once a frame,
// for the rows shown.
func (l *CaptureList) ReadAs(i int) (frame.Candidate, bool) {
	if i < 0 || i >= l.Len() {
		return frame.Candidate{}, false
	}
	if r, ok := l.readAs[i]; ok {
		return r, r.API != nil
	}
	var r frame.Candidate
	if f := l.Frame(i); f.Dir == schema.Response && f.API == nil {
		safely(func() error {
			if l.requestAPIs == nil {
				l.requestAPIs = l.Found.RequestAPIs()
			}
			r, _ = l.Found.OwnReading(i, l.requestAPIs[l.Found.ConnIndex(i)])
			return nil
		})
	}
	if l.readAs == nil {
		l.readAs = map[int]frame.Candidate{}
	}
	l.readAs[i] = r
	return r, r.API != nil
}

// readAsOf says, for the page of api and v showing resp, how the frame
// opened from the list was read when its request is not in the capture:
// "" when the frame opened is not that response, or the page reads it
// as another API or version (its address changed by hand).
func (l *CaptureList) readAsOf(api *schema.API, v int16, resp []byte) string {
	if _, ok := l.opened(resp); !ok {
		return ""
	}
	r, ok := l.ReadAs(l.Cur)
	if !ok || r.API != api || r.Version != v {
		return ""
	}
	return r.String()
}

// Kafka counts the connections found to carry Kafka.
func (l *CaptureList) Kafka() int {
	n := 0
	for _, c := range l.Found.Conns {
		if c.Kind == conversation.Kafka {
			n++
		}
	}
	return n
}
