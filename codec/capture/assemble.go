package capture

import (
	"cmp"
	"container/heap"
	"net/netip"
	"slices"
	"time"
)

// Role says which end of a connection a stream's sender is.
type Role int

const (
	RoleUnknown Role = iota // no SYN seen: the capture started mid-connection
	RoleClient              // the sender opened the connection (sent the SYN)
	RoleServer              // the sender accepted it (sent the SYN-ACK)
)

func (r Role) String() string {
	switch r {
	case RoleClient:
		return "client"
	case RoleServer:
		return "server"
	}
	return "unknown"
}

// Stream is the reassembled bytes one end of a TCP connection sent.
type Stream struct {
	Conn     int            // 0-based connection number; both directions of a connection share it
	Src, Dst netip.AddrPort // sender and receiver
	Role     Role           // what the sender is, when a SYN shows it
	Data     []byte         // the bytes in sequence order, retransmissions and overlaps dropped
	Gaps     []Gap          // bytes the sender sent that the capture does not have
	Segments []Mark         // where each segment's bytes start in Data, and when it was captured
	SYN      bool           // the sender's SYN was seen: Data starts at the connection's first byte
	FIN      bool           // the sender closed its side
	RST      bool           // the sender reset the connection
	Closed   Mark           // the packet of the sender's first FIN or RST (Offset unused); zero when none
	// ClosedReset says the sender's first close was a reset (RST), not a FIN.
	ClosedReset bool
	// Sent says the capture has packets of the sender, data or not (a
	// server's SYN-ACK): a side with none was not captured at all.
	Sent    bool
	Dropped int64 // retransmitted or overlapping bytes dropped
}

// Gap is a run of bytes missing from a stream: Len bytes belong at
// Offset in Data, between the byte before and the byte at Offset.
type Gap struct {
	Offset int64
	Len    int64
	// Sent is when the bytes were sent, at the latest: the time of the
	// packet the capture cut them from (its snap length), or of the first
	// packet after a hole (TCP sends in order); zero when not known.
	Sent time.Time
}

// Mark places one segment's bytes in a stream, so a frame can be given
// the time of the packet that brought its first byte.
type Mark struct {
	Offset int64     // where the segment's bytes start in Data
	Time   time.Time // when the packet was captured
	Packet int       // its packet number (0 when the source has none)
}

// MarkAt returns the mark of the segment that brought the byte at offset
// off in Data: the capture time of a frame that starts there. ok is false
// when off is outside Data.
func (s *Stream) MarkAt(off int64) (m Mark, ok bool) {
	if off < 0 || off >= int64(len(s.Data)) || len(s.Segments) == 0 {
		return Mark{}, false
	}
	i, _ := slices.BinarySearchFunc(s.Segments, off, func(m Mark, off int64) int { return cmp.Compare(m.Offset, off) })
	if i == len(s.Segments) || s.Segments[i].Offset > off {
		i--
	}
	return s.Segments[i], true
}

// GapWithin returns the first gap that falls inside the bytes [start,
// end) of Data: a frame over those bytes is missing some of its own. A
// gap at start or at end is not within: the frame's bytes are whole.
func (s *Stream) GapWithin(start, end int64) (g Gap, ok bool) {
	i, _ := slices.BinarySearchFunc(s.Gaps, start+1, func(g Gap, off int64) int { return cmp.Compare(g.Offset, off) })
	if i < len(s.Gaps) && s.Gaps[i].Offset < end {
		return s.Gaps[i], true
	}
	return Gap{}, false
}

// maxPending bounds the bytes held out of order behind a missing segment.
// A sender cannot have more than its window in flight, and that stays
// well below this in practice; past it, the missing bytes are taken as
// lost and reported as a gap, so memory stays bounded.
const maxPending = 32 << 20

// Assembler reassembles TCP segments into streams, per connection and
// direction, by sequence number.
type Assembler struct {
	conns map[connKey]*conn
	// last is the connection of the last segment, under lastKey: a
	// connection's packets mostly come in runs, and in the page hashing
	// each packet's key (wasm has no hardware hash) was a tenth of the
	// reading of a capture of short connections.
	last    *conn
	lastKey connKey
	order   []*conn
	seq     int // arrival counter
	free    chunkPool
	data    dataBlocks
	marks   markBlocks
	joins   joinQueue
	// The blocks new connections and their directions come from (newConn).
	connBlock []conn
	dirBlock  []direction
}

type connKey struct{ lo, hi netip.AddrPort }

type conn struct {
	id     int
	dirs   [2]*direction // [0] sent by key.lo, [1] by key.hi
	first  int           // the side that sent the first packet seen
	closed bool
}

type direction struct {
	s Stream
	// The stream's bytes as they arrive go into chunks after s.Data, joined
	// into s.Data once by Streams: appending to one slice copied each byte
	// about five times over as the slice grew (by a quarter at a time), and
	// left up to a quarter of it unused.
	chunks [][]byte
	chunk0 [1][]byte   // what chunks starts in: most streams fit one chunk
	free   *chunkPool  // where chunks come from and go back to once joined
	data   *dataBlocks // where short streams are joined into
	marks  *markBlocks // where a stream's first segments are marked
	joins  *joinQueue  // where a long stream waits while it is joined
	size   int64       // len(s.Data) plus the bytes in chunks
	// joined, while a long stream is joined (joining), is how many of
	// its chunks have been copied to the end of s.Data.
	joined  int
	joining bool
	started bool
	base    uint32 // the sequence number of stream offset 0
	next    int64  // sequence offset of the next byte expected
	pending pendingHeap
	held    int // bytes in pending
	// finEnd is where the sender's FIN says its stream ends (a sequence
	// offset), when finSeen; bytes missing before it are a gap, even with
	// no data after them (a response lost just before the server closed).
	finEnd  int64
	finAt   time.Time
	finSeen bool
}

// newConn is a new connection, first seen from side, with its two
// directions zero. They come from blocks: a capture of short connections
// has eighty thousand of them, and as an allocation each they were over
// a quarter of the small objects its reading and finding left for the
// collector, all of them garbage once the streams are handed on (source
// copies them).
func (a *Assembler) newConn(side int) *conn {
	if len(a.connBlock) == 0 {
		a.connBlock = make([]conn, connBlockLen)
		a.dirBlock = make([]direction, 2*connBlockLen)
	}
	c := &a.connBlock[0]
	c.id, c.first = len(a.order), side
	c.dirs = [2]*direction{&a.dirBlock[0], &a.dirBlock[1]}
	a.connBlock, a.dirBlock = a.connBlock[1:], a.dirBlock[2:]
	a.order = append(a.order, c)
	return c
}

// connBlockLen is how many connections a block holds.
const connBlockLen = 64

// NewAssembler returns an empty Assembler.
func NewAssembler() *Assembler {
	return &Assembler{conns: map[connKey]*conn{}}
}

func keyOf(a, b netip.AddrPort) (connKey, int) {
	if a.Compare(b) <= 0 {
		return connKey{a, b}, 0
	}
	return connKey{b, a}, 1
}

// Add feeds one segment, captured at t in packet number packet. The
// segment's payload is copied; the caller may reuse it.
func (a *Assembler) Add(seg Segment, t time.Time, packet int) {
	key, side := keyOf(seg.Src, seg.Dst)
	c := a.last
	if c == nil || key != a.lastKey {
		c = a.conns[key]
	}
	opening := seg.Flags&(FlagSYN|FlagACK) == FlagSYN
	if c != nil && opening && (c.closed || c.dirs[side].synOther(seg.Seq)) {
		c = nil // the ports are reused by a new connection
	}
	if c == nil {
		c = a.newConn(side)
		a.conns[key] = c
		for i, src := range []netip.AddrPort{key.lo, key.hi} {
			*c.dirs[i] = direction{s: Stream{Conn: c.id, Src: src, Dst: []netip.AddrPort{key.hi, key.lo}[i]}, free: &a.free, data: &a.data, marks: &a.marks, joins: &a.joins}
		}
	}
	a.last, a.lastKey = c, key
	d, other := c.dirs[side], c.dirs[1-side]
	d.s.Sent = true
	if seg.Has(FlagSYN) && d.s.Role == RoleUnknown {
		if seg.Has(FlagACK) {
			d.s.Role, other.s.Role = RoleServer, RoleClient
		} else {
			d.s.Role, other.s.Role = RoleClient, RoleServer
		}
	}
	if seg.Flags&(FlagRST|FlagFIN) != 0 && d.s.Closed == (Mark{}) {
		d.s.Closed = Mark{Time: t, Packet: packet}
		d.s.ClosedReset = seg.Has(FlagRST)
	}
	if seg.Has(FlagRST) {
		// A reset's payload, if any, is a diagnostic text, not stream data.
		d.s.RST = true
		c.closed = true
		c.join()
		return
	}
	seq := seg.Seq
	if seg.Has(FlagSYN) {
		seq++ // the SYN takes one sequence number before the first byte
		if !d.started {
			d.started, d.base, d.s.SYN = true, seq, true
		}
	}
	if len(seg.Payload) > 0 || seg.Missing > 0 {
		if !d.started {
			// No SYN seen: the capture started mid-connection, and the
			// stream starts at the first byte it has. A segment from
			// before it that arrives later counts as a retransmission.
			d.started, d.base = true, seq
		}
		a.seq++
		d.add(d.offsetOf(seq), seg.Payload, seg.Missing, Mark{Time: t, Packet: packet}, a.seq)
		a.joins.work(len(seg.Payload))
	}
	if seg.Has(FlagFIN) {
		if d.started {
			// The smallest end any FIN gives: a retransmitted FIN of an
			// earlier connection on the same ports, or one with a bogus
			// sequence number, says more than was sent.
			if end := d.offsetOf(seq) + int64(len(seg.Payload)+seg.Missing); !d.finSeen || end < d.finEnd {
				d.finEnd, d.finAt, d.finSeen = end, t, true
			}
		}
		d.s.FIN = true
		if other.s.FIN {
			c.closed = true
			c.join()
		}
	}
}

// join joins the chunks of both directions of a connection that closed,
// so that they become garbage while the capture is read rather than all
// at its end.
func (c *conn) join() {
	c.dirs[0].join()
	c.dirs[1].join()
}

// synOther reports whether a SYN with sequence number seq opens a
// different connection than the one this direction already started.
func (d *direction) synOther(seq uint32) bool {
	return d.s.SYN && seq+1 != d.base
}

// offsetOf maps a sequence number to a sequence offset. Sequence numbers
// wrap at 2^32; the signed distance to the next expected byte picks the
// nearest one, so streams longer than 4 GiB keep counting up.
func (d *direction) offsetOf(seq uint32) int64 {
	want := d.base + uint32(d.next)
	return d.next + int64(int32(seq-want))
}

// add places a segment's bytes at sequence offset off. Bytes already in
// the stream are never replaced: the first copy wins. A retransmission
// carries the same bytes anyway, and when copies disagree (overlap
// tricks, a broken middlebox) the receiving stack keeps what it already
// has queued (Linux does), so the first copy is what the application
// read; it also keeps every stream offset handed out stable. Between
// segments still waiting out of order, the one that starts earlier is
// placed first (at the same start, the one captured first): keeping
// strict arrival order there would need an interval tree for a case
// real captures do not show.
func (d *direction) add(off int64, payload []byte, missing int, m Mark, arrival int) {
	if off > d.next {
		d.pending.push(pendingSeg{off: off, data: append([]byte(nil), payload...), missing: missing, mark: m, arrival: arrival})
		d.held += len(payload)
		for d.held > maxPending && d.pending.Len() > 0 {
			d.skipToPending()
		}
		return
	}
	d.place(off, payload, missing, m)
	d.drain()
}

// place appends the part of a segment at or after d.next.
func (d *direction) place(off int64, payload []byte, missing int, m Mark) {
	if cut := d.next - off; cut > 0 {
		end := off + int64(len(payload)) + int64(missing)
		if end <= d.next {
			d.s.Dropped += int64(len(payload))
			return
		}
		if cut >= int64(len(payload)) {
			d.s.Dropped += int64(len(payload))
			missing -= int(cut - int64(len(payload)))
			payload = nil
		} else {
			d.s.Dropped += cut
			payload = payload[cut:]
		}
	}
	if len(payload) > 0 {
		m.Offset = d.size
		if d.s.Segments == nil {
			d.s.Segments = d.marks.take()
		}
		d.s.Segments = append(d.s.Segments, m)
		d.appendData(payload)
		d.next += int64(len(payload))
	}
	if missing > 0 {
		d.gap(int64(missing), m.Time) // cut from this packet
	}
}

// Chunk sizes: a chunk holds at least 4 KiB and grows with the stream (a
// half of what it holds) up to 1 MiB, so a short stream wastes little and a
// long one needs few chunks. Sizes are powers of two, so that
// a chunk a joined stream gave back fits the next stream that needs one.
const (
	minChunkShift = 12 // 4 KiB
	maxChunkShift = 20 // 1 MiB
)

// chunkPool keeps the chunks of joined streams for the streams still
// growing, one list per size. Without it each connection's chunks became
// garbage as it closed, and the heap grew by about the capture's size again
// before a collection reused them: fresh memory, which the kernel hands out
// a page fault at a time, was most of the time `kafkawire frames` took on a
// 100 MB capture.
type chunkPool [maxChunkShift - minChunkShift + 1][][]byte

// get returns an empty chunk with room for at least n bytes, and at
// least half of size (the stream's bytes so far), up to 1 MiB.
func (p *chunkPool) get(n int, size int64) []byte {
	want := max(n, min(int(size/2), 1<<maxChunkShift))
	shift := minChunkShift
	for shift < maxChunkShift && 1<<shift < want {
		shift++
	}
	if 1<<shift < want {
		return make([]byte, 0, want) // a segment bigger than any chunk: its own
	}
	list := &p[shift-minChunkShift]
	if k := len(*list); k > 0 {
		c := (*list)[k-1]
		(*list)[k-1] = nil
		*list = (*list)[:k-1]
		return c
	}
	return make([]byte, 0, 1<<shift)
}

// put gives back a chunk whose bytes have been copied out.
func (p *chunkPool) put(c []byte) {
	for shift := minChunkShift; shift <= maxChunkShift; shift++ {
		if cap(c) == 1<<shift {
			p[shift-minChunkShift] = append(p[shift-minChunkShift], c[:0])
			return
		}
	}
}

// appendData adds bytes after the stream's end.
func (d *direction) appendData(b []byte) {
	d.finishJoin() // bytes after a close: the stream goes on from its joined part
	d.size += int64(len(b))
	for len(b) > 0 {
		k := len(d.chunks)
		if d.chunks == nil {
			d.chunks = d.chunk0[:0]
		}
		if k == 0 || len(d.chunks[k-1]) == cap(d.chunks[k-1]) {
			d.chunks = append(d.chunks, d.free.get(len(b), d.size))
			k++
		}
		last := d.chunks[k-1]
		n := copy(last[len(last):cap(last)], b)
		d.chunks[k-1] = last[:len(last)+n]
		b = b[n:]
	}
}

// join makes s.Data the whole stream, exactly as long as it is, and gives
// the chunks back to the pool: at once for a short stream; for a long one
// over the segments that follow (joinQueue), its chunks copied a few at a
// time.
func (d *direction) join() {
	d.finishJoin()
	if len(d.chunks) == 0 {
		return
	}
	if d.size > ownData {
		d.joining = true
		d.joins.waiting = append(d.joins.waiting, d)
		return
	}
	d.s.Data = d.data.join(d.s.Data, d.chunks)
	for i, c := range d.chunks {
		d.free.put(c)
		d.chunks[i] = nil
	}
	d.chunks = nil
}

// joinStep copies the next chunk of a stream being joined, gives it back,
// and returns its length. The slice the stream is joined into is made at
// the first step, not as the stream waits: streams that close together
// then hold their chunks while they wait, as they did while open, and
// not a second copy's room besides.
func (d *direction) joinStep() int {
	if d.joined == 0 {
		d.s.Data = append(make([]byte, 0, d.size), d.s.Data...)
	}
	c := d.chunks[d.joined]
	d.s.Data = append(d.s.Data, c...)
	d.free.put(c)
	d.chunks[d.joined] = nil
	d.joined++
	if d.joined == len(d.chunks) {
		d.chunks, d.joined, d.joining = nil, 0, false
	}
	return len(c)
}

// finishJoin copies what is left of a stream being joined, if it is.
func (d *direction) finishJoin() {
	for d.joining {
		d.joinStep()
	}
}

// joinQueue holds the long streams being joined. A connection that
// closes after tens of megabytes (a consumer's) was copied into one slice
// at its close, in one go: in the page, 60 ms of a 117 ms pause while a
// 106 MB capture loaded (e2e/bench/ROUNDS.md). Instead, every segment
// added after pays for copying joinTax times its bytes, a chunk at a time
// (at most 1 MiB), so the copying spreads over the reading, and the
// reader's pauses (the page's, every 20 ms) come between.
type joinQueue struct {
	waiting []*direction
	credit  int // bytes the segments so far have paid for and no chunk has used
}

// joinTax is how many bytes of joining each byte read pays for: a long
// stream is joined while a quarter as many bytes are read after it, which
// keeps the chunks it holds meanwhile, and so the memory, small.
const joinTax = 4

// work copies chunks of the streams waiting for n bytes read.
func (q *joinQueue) work(n int) {
	if len(q.waiting) == 0 {
		return
	}
	q.credit += joinTax * n
	for q.credit > 0 && len(q.waiting) > 0 {
		d := q.waiting[0]
		if d.joining {
			q.credit -= d.joinStep()
		}
		if !d.joining {
			q.waiting[0] = nil
			q.waiting = q.waiting[1:]
		}
	}
	if len(q.waiting) == 0 {
		q.credit, q.waiting = 0, nil
	}
}

// Short streams' bytes are joined one after another into shared blocks of
// up to dataBlock bytes; a stream of more than ownData bytes gets an
// allocation of its own. A capture of short connections has a hundred
// thousand streams, and a collection marks the frames' slices into them
// faster when those point into a few large blocks than into as many small
// objects (natively 20-21 ms a collection against 15 ms on the bench's
// capture of 79,000 connections; e2e/bench/ROUNDS.md).
const (
	firstDataBlock = 16 << 10
	dataBlock      = 4 << 20
	ownData        = dataBlock / 16
)

// dataBlocks is the block short streams are joined into.
type dataBlocks struct {
	cur []byte // its unused end is cur[len(cur):cap(cur)]
}

// join returns head and parts joined, with no room to append into what
// follows them; they are at most ownData bytes.
func (b *dataBlocks) join(head []byte, parts [][]byte) []byte {
	n := len(head)
	for _, p := range parts {
		n += len(p)
	}
	if cap(b.cur)-len(b.cur) < n {
		// The blocks start small and double, so a small capture costs
		// what it holds.
		b.cur = make([]byte, 0, max(n, min(dataBlock, max(firstDataBlock, 2*cap(b.cur)))))
	}
	start := len(b.cur)
	b.cur = append(b.cur, head...)
	for _, p := range parts {
		b.cur = append(b.cur, p...)
	}
	return b.cur[start:len(b.cur):len(b.cur)]
}

// A stream's first firstMarks segments are marked in blocks that many
// streams share: a capture of short connections has a hundred thousand
// streams of a few segments each, and growing each one's list from
// nothing, one small allocation after another, was a twentieth of the
// time its frames took to find.
const (
	firstMarks = 4
	markBlock  = 1024 * firstMarks
)

// markBlocks is the block streams take their first marks from.
type markBlocks struct{ cur []Mark }

// take returns an empty list of marks with room for firstMarks; append
// moves a longer one elsewhere.
func (b *markBlocks) take() []Mark {
	if len(b.cur) < firstMarks {
		b.cur = make([]Mark, markBlock)
	}
	m := b.cur[:0:firstMarks]
	b.cur = b.cur[firstMarks:]
	return m
}

// gap adds n missing bytes, sent at the latest at sent (Gap.Sent).
func (d *direction) gap(n int64, sent time.Time) {
	at := d.size
	if k := len(d.s.Gaps); k > 0 && d.s.Gaps[k-1].Offset == at {
		g := &d.s.Gaps[k-1]
		g.Len += n
		if sent.After(g.Sent) {
			g.Sent = sent
		}
	} else {
		d.s.Gaps = append(d.s.Gaps, Gap{Offset: at, Len: n, Sent: sent})
	}
	d.next += n
}

// drain places the waiting segments that the stream has reached.
func (d *direction) drain() {
	for d.pending.Len() > 0 && d.pending.peek().off <= d.next {
		p := d.pending.pop()
		d.held -= len(p.data)
		d.place(p.off, p.data, p.missing, p.mark)
	}
}

// skipToPending gives up on the bytes before the first waiting segment:
// they are reported as a gap, without allocating for them.
func (d *direction) skipToPending() {
	if first := d.pending.peek().off; first > d.next {
		d.gap(first-d.next, d.pending.peek().mark.Time) // sent before that segment
	}
	d.drain()
}

// Streams finishes the reassembly: bytes still missing before a waiting
// segment become gaps. It returns every stream with bytes or flags, by
// connection in order of first packet, the client's direction first when
// known, else the direction seen first. The streams are the assembler's
// own: it must not be fed after.
func (a *Assembler) Streams() []*Stream {
	defer func() { a.free, a.data, a.marks, a.joins = chunkPool{}, dataBlocks{}, markBlocks{}, joinQueue{} }() // no stream grows after this
	out := make([]*Stream, 0, 2*len(a.order))
	for _, c := range a.order {
		first := c.first
		switch {
		case c.dirs[0].s.Role == RoleClient:
			first = 0
		case c.dirs[1].s.Role == RoleClient:
			first = 1
		}
		for _, i := range []int{first, 1 - first} {
			d := c.dirs[i]
			for d.pending.Len() > 0 {
				d.skipToPending()
			}
			if d.finSeen && d.finEnd > d.next && d.finEnd-d.next <= maxPending {
				d.gap(d.finEnd-d.next, d.finAt) // sent before the FIN; past maxPending, no FIN to trust
			}
			d.join()
			d.finishJoin()
			if d.started || d.s.FIN || d.s.RST {
				// The stream itself, not a copy: a capture of many short
				// connections has a hundred thousand of them.
				out = append(out, &d.s)
			}
		}
	}
	return out
}

type pendingSeg struct {
	off     int64
	data    []byte
	missing int
	mark    Mark
	arrival int
}

// pendingHeap orders waiting segments by offset, then by arrival, so of
// two copies at the same offset the first captured is placed.
type pendingHeap []pendingSeg

func (h pendingHeap) Len() int { return len(h) }
func (h pendingHeap) Less(i, j int) bool {
	if h[i].off != h[j].off {
		return h[i].off < h[j].off
	}
	return h[i].arrival < h[j].arrival
}
func (h pendingHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *pendingHeap) Push(x any)        { *h = append(*h, x.(pendingSeg)) }
func (h *pendingHeap) Pop() any          { old := *h; x := old[len(old)-1]; *h = old[:len(old)-1]; return x }
func (h *pendingHeap) push(p pendingSeg) { heap.Push(h, p) }
func (h *pendingHeap) pop() pendingSeg   { return heap.Pop(h).(pendingSeg) }
func (h pendingHeap) peek() pendingSeg   { return h[0] }
