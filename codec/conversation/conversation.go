// Package conversation finds the Kafka frames in the byte streams of an input and pairs every response with its request.
//
// A capture holds TCP connections on any ports. One is Kafka when its
// client's stream reads as request frames of the catalogue; its server's
// stream is then cut into the responses, and each is paired with the request
// of the same correlation id on the same connection, which names its API and
// version. Kafka answers a connection's requests in the order they were
// sent, so a response that comes out of turn is noted. A capture that began
// mid-connection is read from the first offset where a real frame header
// starts; a frame that spans bytes the capture lost is kept, broken, with
// where the loss is, and reading resumes at the next real header. A TLS
// connection is read through codec/decrypt when the key log given has its
// secrets, and listed and skipped when not.
//
// An input with no connections (a pasted dump, a raw file) is one stream of
// frames back to back, requests and responses mixed, as codec/frame reads it.
package conversation

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"iter"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Frame is one Kafka frame found in an input, as Result.Frame gives it.
type Frame struct {
	Conn   string    // the connection, client first ("127.0.0.1:51234>127.0.0.1:9092"); "" when the input names none
	Stream int       // index of its stream in the input
	Off    int       // offset of its size prefix in the stream
	Time   time.Time // capture time of the packet with its first byte; zero when the input has no times
	Packet int       // number of that packet in the capture; 0 when unknown
	Dir    schema.Direction
	// API and Version name what the frame is: a request's header says it;
	// a response takes its request's, or the hint's; nil when neither.
	API           *schema.API
	Version       int16
	CorrelationID int32
	// Bytes is the whole frame, size prefix included, or for a broken
	// frame the bytes the input has of it.
	Bytes []byte
	// Broken says why the frame is not whole (bytes lost by the capture,
	// or the input ends inside it); "" when it is whole.
	Broken string
	// Skipped counts bytes of the stream skipped right before this frame
	// to find its header (a capture that began mid-connection, or a gap).
	Skipped int
	// Pair is the index in the Result of a response's request or of a
	// request's response; -1 when it has none in the input.
	Pair int
	// Note says what is odd about the frame: a response out of request order.
	Note string
}

// Decode decodes the frame as what it is; nil for a response whose API
// is unknown. A broken frame decodes as far as its bytes go.
func (f *Frame) Decode() *frame.Decoded {
	if f.API == nil {
		return nil
	}
	return frame.Decode(f.Bytes, f.API, f.Version, f.Dir)
}

// ErrorCodes are the error codes other than NONE that a response carries,
// as far as its bytes decode; none for a request, or a response whose API
// is not known.
func (f *Frame) ErrorCodes() []int16 {
	if f.Dir != schema.Response {
		return nil
	}
	if m := f.message(); m != nil {
		return m.ErrorCodes()
	}
	return nil
}

// message is the frame's message, for what it says: nil when it does not
// decode. A frame the input cut short (Broken) gives what it decoded
// before the cut; a whole one that fails is not what it was taken for (a
// response paired with the wrong request), and what it decoded is not
// trusted. Record batches are left unread (frame.DecodeFields): what a
// frame says is in its fields.
func (f *Frame) message() *message.Message {
	if f.API == nil {
		return nil
	}
	d := frame.DecodeFields(f.Bytes, f.API, f.Version, f.Dir)
	if d.Err != nil && f.Broken == "" {
		return nil
	}
	return d.Msg
}

// Kind is what a connection was found to carry.
type Kind int8

const (
	NotKafka Kind = iota // nothing that reads as Kafka requests
	Kafka
	TLS // encrypted: its frames cannot be read
)

func (k Kind) String() string {
	switch k {
	case Kafka:
		return "Kafka"
	case TLS:
		return "TLS"
	}
	return "not Kafka"
}

// Conn is one connection of the input (or the one stream of an input
// without connections, with an empty Name) and what was found in it.
type Conn struct {
	Name  string
	Kind  Kind
	Bytes [2]int   // bytes sent by the client and by the server
	Notes []string // what was skipped and why
	// TLS names the TLS of a connection decrypted with Options.Keys
	// ("TLS 1.3, TLS_AES_128_GCM_SHA256"); "" for one in the clear.
	TLS string
	// AfterHandshake says a TLS connection was caught after its
	// handshake, whose hellos a key log's secrets are found by: no key
	// log opens it.
	AfterHandshake bool
	// TCP says the connection was read from its TCP packets, whose flags
	// tell how it ended. Without TCP (lines of kafkawire frames, a
	// client's log) the input does not tell.
	TCP bool
	// Closer says which side closed the connection first ("client" or
	// "server"), and Reset that it reset it: a request left unanswered was
	// not answered on it at all. "" when the capture saw neither close.
	Closer string
	Reset  bool
	// ServerSeen says the capture has the server's packets, data or not
	// (its SYN-ACK): without them it caught one direction only.
	ServerSeen bool
	// Lost counts the bytes the capture lost of each side (client,
	// server): the sequence numbers say they were sent.
	Lost [2]int

	// For NoResponses, of each side (client, server), stamped (Result's
	// stamp): the latest its lost bytes were sent (source.Gap.Sent; 0:
	// none lost; math.MaxInt64: a gap does not say when, so any time),
	// and when it closed the connection (0: not seen).
	lostUntil, closedAt [2]int64
}

// Result is what Find found: the frames in capture order (the time of
// their first byte; input order without times), and every connection.
//
// The frames are kept without a pointer in them (their bytes as places in
// the input's streams, their connection and API as numbers, their texts in
// a table of the result's own): a capture of short connections holds half a
// million frames, and with pointers in each the collector had to visit them
// all, a pause of 100 ms and more in the page once the list was on screen.
// Frame(i) puts a frame back together when it is read.
type Result struct {
	Conns []Conn
	// CaptureKeys counts the TLS sessions whose secrets the capture
	// carried (a pcapng's Decryption Secrets Blocks), used with
	// Options.Keys; CaptureKeysErr says where their key log stopped reading.
	CaptureKeys    int
	CaptureKeysErr error

	// frames holds the frames as Find cut them, connection by connection;
	// order, when not nil, lists them in capture order (by place, the
	// frame's index in frames). Find once copied them into a list in that
	// order: on a capture of half a million frames, a copy of 48 MB into
	// memory not touched before, an eighth of Find's time.
	frames frameBlocks
	order  []int32
	bufs   [][]byte // the bytes the frames are cut from: the streams that hold frames
	texts  []string // the frames' broken and note texts; a frame names one by its index plus one
	// clients are the client ids the requests name, each once (clientIDs).
	clients []string
	// connNames are the connections' names in lower case, by index in
	// Conns: a filter looks for its text in every frame's, and lowering
	// each frame's anew was a fifth of its time.
	connNames []string
	// lastAnswered is, per connection, its last request with a response
	// (NoResponses), found as Find puts the frames in order; nil for a
	// Result made otherwise.
	lastAnswered []int
	// end is the time of the input's last packet (stamp): a request left
	// unanswered waited at least until then (NoResponses); 0 when the
	// input has no times.
	end int64
	// base is the input's earliest time, which stamp counts from.
	base time.Time
}

// stamp is t as the nanoseconds since the input's earliest time, plus
// one, so that 0 stays "not known": Conn keeps its times so, 8 bytes each
// over a capture's hundreds of thousands of connections, and counted
// from a base they hold the times of day a dump gives without a date
// (year 1, beyond Unix nanoseconds).
func stampFrom(base, t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	// Sub saturates at ±292 years: a garbage timestamp far from the rest
	// is kept at the end of the range, below the overflow of the +1.
	return min(max(int64(t.Sub(base)), 0), math.MaxInt64-1) + 1
}

func (r Result) stamp(t time.Time) int64 { return stampFrom(r.base, t) }

// earliest is the earliest time the streams tell of: what stamps count from.
func earliest(streams []source.Stream) time.Time {
	var first time.Time
	see := func(t time.Time) {
		if !t.IsZero() && (first.IsZero() || t.Before(first)) {
			first = t
		}
	}
	for i := range streams {
		st := &streams[i]
		for _, m := range st.Segments { // in offset order: a retransmission may come first in time
			see(m.Time)
		}
		see(st.ClosedAt.Time)
		see(st.Peer.ClosedAt.Time)
		for _, g := range st.Gaps {
			see(g.Sent)
		}
	}
	return first
}

// stored is a Frame as Result keeps it: numbers only. Find cuts the
// frames straight into this form: a full Frame for each, made while the
// streams were cut and paired and dropped once stored, was 100 MB of
// pointers for the collector on a capture of half a million frames.
type stored struct {
	start, size   int // its bytes: bufs[buf][start:start+size]
	off           int // its offset in its stream
	sec           int64
	packet        int
	skipped       int
	pair          int // while Find works, the index of its partner in Find's list
	nsec          int32
	buf           int32
	stream        int32
	conn          int32 // index in Conns
	broken, note  int32 // index in texts plus one; 0 for none
	correlationID int32
	client        int32 // the client id its request names: its index in Result.clients (0: none)
	api           int16 // the API's key; -1 for none
	version       int16
	dir           schema.Direction
	hasID         bool // long enough to hold its correlation id (Find's to pair it)
}

// Len is the number of frames.
func (r Result) Len() int { return r.frames.n }

// at is frame i, in capture order. Past the last frame it panics, as an
// index past a slice's end does: the blocks hold zeroed frames there.
func (r *Result) at(i int) *stored {
	if uint(i) >= uint(r.frames.n) {
		panic(fmt.Sprintf("conversation: frame %d of %d", i, r.frames.n))
	}
	if r.order != nil {
		i = int(r.order[i])
	}
	return r.frames.at(i)
}

// Frame is frame i, put back together.
func (r Result) Frame(i int) Frame {
	s := r.at(i)
	end := s.start + s.size
	f := Frame{
		Conn:          r.Conns[s.conn].Name,
		Stream:        int(s.stream),
		Off:           s.off,
		Time:          time.Unix(s.sec, int64(s.nsec)).UTC(), // the zero Time for a frame without one
		Packet:        s.packet,
		Dir:           s.dir,
		Version:       s.version,
		CorrelationID: s.correlationID,
		Bytes:         r.bufs[s.buf][s.start:end:end],
		Skipped:       s.skipped,
		Pair:          s.pair,
	}
	if s.api >= 0 {
		f.API = schema.ByKey(s.api)
	}
	if s.broken > 0 {
		f.Broken = r.texts[s.broken-1]
	}
	if s.note > 0 {
		f.Note = r.texts[s.note-1]
	}
	return f
}

// closedAt is when each side (client, server) closed the connection, by
// its first FIN or RST; zero when the capture did not see it.
func closedAt(client, server *source.Stream) (at [2]time.Time) {
	for k, own := range []*source.Stream{client, server} {
		other := server
		if k == 1 {
			other = client
		}
		switch {
		case own != nil && own.Closed:
			at[k] = own.ClosedAt.Time
		case own == nil && other != nil && other.Peer.Closed:
			at[k] = other.Peer.ClosedAt.Time
		}
	}
	return at
}

// closer is the side that closed the connection first, by the packets
// of the two sides' first FIN or RST, and whether that was a reset. A
// side that sent no bytes has no stream: the other's Peer tells of it.
func closer(client, server *source.Stream) (string, bool) {
	type closing struct {
		closed, reset bool
		at            source.Segment
	}
	of := func(own, other *source.Stream) closing {
		switch {
		case own != nil:
			return closing{own.Closed, own.Reset, own.ClosedAt}
		case other != nil:
			return closing{other.Peer.Closed, other.Peer.Reset, other.Peer.ClosedAt}
		}
		return closing{}
	}
	c, s := of(client, server), of(server, client)
	if c.closed && s.closed {
		a, b := c.at, s.at
		if a.Packet > 0 && b.Packet > 0 {
			c.closed = a.Packet < b.Packet
		} else {
			c.closed = a.Time.Before(b.Time)
		}
		s.closed = !c.closed
	}
	switch {
	case c.closed:
		return "client", c.reset
	case s.closed:
		return "server", s.reset
	}
	return "", false
}

// ConnOf is the connection frame i was found on.
func (r Result) ConnOf(i int) Conn { return r.Conns[r.ConnIndex(i)] }

// ConnIndex is the index in Conns of the connection frame i was found on.
func (r Result) ConnIndex(i int) int { return int(r.at(i).conn) }

// AnswerExpected reports whether the frame is a request its broker
// answers: every request but a Produce with acks=0, to which a broker
// sends nothing.
func (f *Frame) AnswerExpected() bool {
	if f.Dir != schema.Request {
		return false
	}
	if f.API == nil || f.API.Key != 0 {
		return true
	}
	acks, ok := fieldBefore(f.Bytes, f.API.Shape(f.Dir, f.Version), "Acks")
	return !ok || acks != 0
}

// Latency is how long exchange i (its request or its response) took:
// from the request's first packet to the response's. ok is false for a
// frame with no pair, or where the input gives no times.
func (r Result) Latency(i int) (d time.Duration, ok bool) {
	if i < 0 || i >= r.Len() {
		return 0, false
	}
	f := r.Frame(i)
	if f.Pair < 0 || f.Pair >= r.Len() {
		return 0, false
	}
	p := r.Frame(f.Pair)
	if f.Time.IsZero() || p.Time.IsZero() {
		return 0, false
	}
	if f.Dir == schema.Request {
		return p.Time.Sub(f.Time), true
	}
	return f.Time.Sub(p.Time), true
}

// LongPoll says whether Fetch or ShareFetch exchange i (its request or
// its response) took about as long as the request's MaxWaitMs, nine
// tenths of it or more: a broker holds either until MinBytes of records
// are there or MaxWaitMs has passed, so such a latency, up to MaxWaitMs,
// is the long poll's, not a slow broker's (LongPollNote says when it
// went well past it). maxWait is the request's. A Fetch whose MinBytes
// is 0 or less is answered at once, never held: not a long poll,
// however long it took. (A ShareFetch with MinBytes 0 may still be held,
// while no records can be acquired for its member.)
func (r Result) LongPoll(i int) (maxWait time.Duration, held bool) {
	took, ok := r.Latency(i)
	f := r.Frame(i)
	if !ok || f.API == nil || !longPolled(f.API.Key) {
		return 0, false
	}
	req := f
	if f.Dir == schema.Response {
		req = r.Frame(f.Pair)
	}
	ms, ok := fieldBefore(req.Bytes, req.API.Shape(schema.Request, req.Version), "MaxWaitMs")
	if !ok || ms <= 0 {
		return 0, false
	}
	if req.API.Key == 1 {
		if min, ok := fieldBefore(req.Bytes, req.API.Shape(schema.Request, req.Version), "MinBytes"); !ok || min <= 0 {
			return 0, false
		}
	}
	maxWait = time.Duration(ms) * time.Millisecond
	return maxWait, took >= maxWait*9/10
}

// longPolled says whether a broker holds requests of API key until
// records come or their MaxWaitMs passes: Fetch, and a share group's
// ShareFetch.
func longPolled(key int16) bool { return key == 1 || key == 78 }

// LongPollNote says what the long poll of an exchange of API api (Fetch
// or ShareFetch) explains of its latency, maxWait being its request's
// MaxWaitMs (LongPoll), with durations written by format: all of it, or,
// answered more than a tenth of its wait past it, not what came after the
// wait.
func LongPollNote(api string, latency, maxWait time.Duration, format func(time.Duration) string) string {
	if past := latency - maxWait; past > maxWait/10 {
		return "a long poll, answered " + format(past) + " past its MaxWaitMs (" + format(maxWait) + "): more than the wait explains"
	}
	if api == "ShareFetch" {
		// KIP-932: records other members hold, or past the partition's
		// limit of records in flight, do not count.
		return "a long poll: a broker holds a ShareFetch until MinBytes of records it can acquire for this member are there or its MaxWaitMs (" + format(maxWait) + ") has passed"
	}
	return "a long poll: a broker holds a " + api + " until MinBytes of records are there or its MaxWaitMs (" + format(maxWait) + ") has passed"
}

// fieldBefore reads the int16 or int32 field name of a request frame b of
// shape without decoding it: past the header and the body's fields before
// it, which must be fixed-size or strings (a Produce's acks comes after
// its transactional id at most, a Fetch's MaxWaitMs after its replica id).
// A capture's tens of thousands of Produce requests with acks=0 are
// sorted and filtered by it: a decode of each request's first bytes took
// seconds. ok is false when the bytes end first, or a field before it is
// of another kind.
func fieldBefore(b []byte, shape *schema.MessageShape, name string) (v int64, ok bool) {
	if shape == nil || len(b) < 4 {
		return 0, false
	}
	r := wire.NewReader(b[4:], 4) // past the size
	skip := func(s *schema.Shape, stopAt string) bool {
		for _, f := range s.Slots {
			switch {
			case f.Tagged:
				continue
			case f.Name == stopAt:
				return true
			case f.Array:
				return false
			case f.Kind.FixedSize() > 0:
				r.Bytes(f.Kind.FixedSize(), f.Name)
			case f.Kind == schema.KindString && f.Compact:
				if n := r.Uvarint(); n > 1 {
					r.Bytes(int(n-1), f.Name)
				}
			case f.Kind == schema.KindString:
				n := r.Int16()
				if n < -1 {
					return false // no length a decoder accepts
				}
				if n > 0 {
					r.Bytes(int(n), f.Name)
				}
			default:
				return false
			}
			if r.Err() != nil {
				return false
			}
		}
		if s.Flexible && stopAt == "" { // the header's tagged fields
			for n := r.Uvarint(); n > 0 && r.Err() == nil; n-- {
				r.Uvarint()
				r.Bytes(int(r.Uvarint()), "tagged field")
			}
		}
		return stopAt == "" && r.Err() == nil
	}
	if !skip(shape.Header, "") || !skip(shape.Body, name) {
		return 0, false
	}
	for _, f := range shape.Body.Slots {
		switch {
		case f.Name != name || f.Array || f.Tagged:
			continue
		case f.Kind == schema.KindInt16:
			v = int64(r.Int16())
		case f.Kind == schema.KindInt32:
			v = int64(r.Int32())
		default:
			return 0, false
		}
		return v, r.Err() == nil
	}
	return 0, false
}

// All is every frame with its index, in order.
func (r Result) All() iter.Seq2[int, Frame] {
	return func(yield func(int, Frame) bool) {
		for i := range r.frames.n {
			if !yield(i, r.Frame(i)) {
				return
			}
		}
	}
}

// store makes f, whose bytes are a buffer's from start and whose
// connection is Conns[conn], into what a Result keeps; its texts go to
// texts.
func store(texts *[]string, clients *clientIDs, f *Frame, buf, start, conn int) stored {
	s := stored{
		start: start, size: len(f.Bytes), off: f.Off,
		sec: f.Time.Unix(), nsec: int32(f.Time.Nanosecond()),
		packet: f.Packet, skipped: f.Skipped, pair: f.Pair,
		buf: int32(buf), stream: int32(f.Stream), conn: int32(conn),
		correlationID: f.CorrelationID, api: -1, version: f.Version, dir: f.Dir,
	}
	if f.API != nil {
		s.api = f.API.Key
		if f.Dir == schema.Request {
			s.client = clients.add(f.Bytes, s.api, s.version)
		}
	}
	s.broken = text(texts, f.Broken)
	s.note = text(texts, f.Note)
	return s
}

// lowerConnNames are the names of conns in lower case (Result.connNames).
func lowerConnNames(conns []Conn) []string {
	names := make([]string, len(conns))
	for i := range conns {
		names[i] = strings.ToLower(conns[i].Name)
	}
	return names
}

// text adds t to texts and says how a frame names it: 0 for no text.
func text(texts *[]string, t string) int32 {
	if t == "" {
		return 0
	}
	*texts = append(*texts, t)
	return int32(len(*texts))
}

// Collect makes a Result of frames given whole, for a list made by hand (a
// test's, or frames picked from another result). Their bytes are copied
// into one buffer (a frame of no bytes gets empty ones, not nil), and their times kept
// to the nanosecond in UTC. A frame belongs to the first of conns with its
// name; a name none of them has becomes a connection of its own (Kafka,
// with no bytes counted), so the Result's Conns may be more than conns.
func Collect(frames []Frame, conns []Conn) Result {
	r := Result{Conns: slices.Clip(conns)}
	byName := map[string]int{}
	for k := len(conns) - 1; k >= 0; k-- {
		byName[conns[k].Name] = k
	}
	n := 0
	for i := range frames {
		n += len(frames[i].Bytes)
	}
	all := make([]byte, 0, n)
	var clients clientIDs
	for i := range frames {
		f := &frames[i]
		conn, ok := byName[f.Conn]
		if !ok {
			conn = len(r.Conns)
			byName[f.Conn] = conn
			r.Conns = append(r.Conns, Conn{Name: f.Conn, Kind: Kafka})
		}
		r.frames.add(store(&r.texts, &clients, f, 0, len(all), conn))
		all = append(all, f.Bytes...)
	}
	// A response names its request's client id; one paired with no request
	// (with another response) names none.
	for i := range r.frames.n {
		if s := r.frames.at(i); s.dir == schema.Response && s.pair >= 0 && s.pair < r.frames.n {
			if q := r.frames.at(s.pair); q.dir == schema.Request {
				s.client = q.client
			}
		}
	}
	r.bufs, r.clients, r.connNames = [][]byte{all}, clients.ids, lowerConnNames(r.Conns)
	return r
}

// Options steer Find.
type Options struct {
	// Hint names the API and version of responses whose request is not in
	// the input.
	Hint frame.Hint
	// Pause, when set, is called every pauseEvery frames while a
	// connection is cut into frames and its responses paired, after each
	// connection; then every pauseEvery frames as their capture-order keys
	// are made, every sortMoves keys the sort moves, once the frames are
	// in order, and every pauseEvery frames as each is told its place and
	// as they are listed in that order: the page lets the browser paint
	// there, since a capture may hold thousands of connections and one
	// connection a hundred thousand frames.
	Pause func()

	// MaxFrames bounds the frames the input is cut into (DefaultMaxFrames
	// when 0): the bytes of a stream past it are one piece, marked broken.
	MaxFrames int

	// Keys are the TLS secrets of the input's connections, from a key
	// log: a TLS connection they open is read as what it carried, its
	// frames' offsets in the bytes it carried; nil skips TLS connections.
	Keys *decrypt.KeyLog
}

// withCaptureKeys adds the key log a capture carries to the one given: the
// secrets of both open its connections. A line of it that does not read
// stops it there; the sessions before are used.
func withCaptureKeys(given *decrypt.KeyLog, carried []byte) (*decrypt.KeyLog, int, error) {
	k, err := decrypt.ParseKeyLog(carried)
	if err != nil {
		err = fmt.Errorf("the capture's TLS secrets: %w", err)
	}
	n := k.Len()
	if given != nil {
		k.Add(given)
	}
	return k, n, err
}

// pauseEvery is how many frames Find handles between calls of Options.Pause.
const pauseEvery = 256

// Find finds every Kafka frame in the streams of an input.
func Find(in source.Input, o Options) Result {
	var res Result
	if len(in.KeyLog) > 0 {
		o.Keys, res.CaptureKeys, res.CaptureKeysErr = withCaptureKeys(o.Keys, in.KeyLog)
	}
	f := finder{streams: in.Streams, o: o, base: earliest(in.Streams)}
	f.search.f = &f
	f.searchHeader = f.search.header
	groups := group(in.Streams, o.Pause)
	// The list is made its full size at once: grown by append, its copies
	// were an eighth of the time Find took on a capture of 79,000 short
	// connections (a Conn is 160 bytes).
	res.Conns = make([]Conn, 0, len(groups))
	for _, g := range groups {
		first := f.frames.n
		c := f.conn(g)
		for i := first; i < f.frames.n; i++ {
			f.frames.at(i).conn = int32(len(res.Conns))
		}
		res.Conns = append(res.Conns, c)
		if o.Pause != nil {
			o.Pause()
		}
	}
	res.end, res.base = max(f.end, stampFrom(f.base, in.End)), f.base
	frames := &f.frames
	// Capture order across connections. The sort moves a compact copy of
	// the keys, not the frames: sorting a hundred thousand frames in place
	// was one long pause in the page.
	pause := func(i int) {
		if o.Pause != nil && i%pauseEvery == pauseEvery-1 {
			o.Pause()
		}
	}
	keys := make([]frameKey, frames.n)
	for i := range keys {
		pause(i)
		s := frames.at(i)
		keys[i] = frameKey{sec: s.sec, nsec: s.nsec, packet: s.packet, index: int32(i)}
	}
	sortStable(keys, func(a, b frameKey) int {
		if (a.sec != b.sec || a.nsec != b.nsec) && !a.zero() && !b.zero() {
			if c := cmp.Compare(a.sec, b.sec); c != 0 {
				return c
			}
			return cmp.Compare(a.nsec, b.nsec)
		}
		if a.packet != 0 && b.packet != 0 {
			return cmp.Compare(a.packet, b.packet)
		}
		return 0
	}, o.Pause)
	if o.Pause != nil {
		o.Pause()
	}
	order := make([]int32, frames.n) // by index in frames: its place in capture order
	for i, k := range keys {
		pause(i)
		order[k.index] = int32(i)
	}
	// Only the streams that hold frames are kept: a capture's other
	// connections (TLS, not Kafka) would otherwise stay in memory with it.
	res.bufs = make([][]byte, len(in.Streams))
	res.lastAnswered = make([]int, len(res.Conns))
	for c := range res.lastAnswered {
		res.lastAnswered[c] = -1
	}
	var byPlace []int32 // made at the first frame out of capture order
	for i, k := range keys {
		pause(i)
		s := frames.at(int(k.index))
		if s.pair >= 0 {
			s.pair = int(order[s.pair])
			if s.dir == schema.Request {
				res.lastAnswered[s.conn] = i
			}
		}
		res.bufs[s.buf] = f.streams[s.buf].Bytes
		if byPlace == nil && k.index != int32(i) {
			byPlace = make([]int32, frames.n)
			for j := range i {
				byPlace[j] = int32(j)
			}
		}
		if byPlace != nil {
			byPlace[i] = k.index
		}
	}
	res.frames, res.texts, res.order, res.clients = f.frames, f.texts, byPlace, f.clients.ids
	res.connNames = lowerConnNames(res.Conns)
	return res
}

// frameKey is what Find orders a frame by (its time, seconds and
// nanoseconds since 1970, and its packet), and where the frame is.
type frameKey struct {
	sec    int64
	nsec   int32
	index  int32
	packet int
}

// zero reports whether the frame has no time.
func (k frameKey) zero() bool { return k.sec == zeroSec && k.nsec == 0 }

// zeroSec is the Unix time of the zero time.Time: a frame without a time.
var zeroSec = time.Time{}.Unix()

// connGroup is the streams of one connection: the index of the client's
// and the server's (-1 when absent), or for an input without connections
// the one stream, as client.
type connGroup struct {
	name           string
	client, server int
	pasted         bool
}

// group gathers the streams of each connection, in input order: those of
// one name and number (a port reused makes two connections of a name).
// Streams whose direction is unknown name their own sender first; the
// side that reads as Kafka requests is taken as the client.
//
// pause, when set, is called every pauseEvery streams: grouping the 159,000
// streams of a capture of short connections was a pause of 117-133 ms in
// the page, half of it growing the lists and the map, which are now made
// their full size at once.
func group(streams []source.Stream, pause func()) []connGroup {
	out := make([]connGroup, 0, len(streams))
	// Groups are found by number first: hashing a hundred thousand
	// connection names took a tenth of a second in the page. Names tell
	// apart the connections of one number only in inputs that number none.
	first := make(map[int]int, len(streams)/2) // a connection number's latest group
	next := make([]int, 0, len(streams))       // by group: the one of its number before it, or -1
	lookup := func(name string, number int) (int, bool) {
		k, ok := first[number]
		for ok && k >= 0 {
			if out[k].name == name {
				return k, true
			}
			k = next[k]
		}
		return 0, false
	}
	for i := range streams {
		if pause != nil && i%pauseEvery == pauseEvery-1 {
			pause()
		}
		s := &streams[i]
		if s.Conn == "" {
			out = append(out, connGroup{client: i, server: -1, pasted: true})
			next = append(next, -1)
			continue
		}
		name := s.Conn
		if s.Dir == source.Unknown {
			name = reverse(s.Conn)
			if _, seen := lookup(name, s.ConnNumber); !seen {
				name = s.Conn
			}
		}
		k, seen := lookup(name, s.ConnNumber)
		if !seen {
			k = len(out)
			out = append(out, connGroup{name: name, client: -1, server: -1})
			if j, ok := first[s.ConnNumber]; ok {
				next = append(next, j) // the number's groups, newest first
			} else {
				next = append(next, -1)
			}
			first[s.ConnNumber] = k
		}
		g := &out[k]
		switch {
		case s.Dir == source.ClientToServer:
			g.client = i
		case s.Dir == source.ServerToClient:
			g.server = i
		case g.client < 0:
			g.client = i
		default:
			g.server = i
		}
	}
	for k := range out {
		g := &out[k]
		if g.pasted || streams[firstOf(g)].Dir != source.Unknown {
			continue
		}
		// Nothing in the capture said which side is the client.
		switch {
		case g.client >= 0 && looksLikeRequests(streams[g.client].Bytes, streams[g.client].Gaps):
		case g.server >= 0 && looksLikeRequests(streams[g.server].Bytes, streams[g.server].Gaps):
			g.client, g.server = g.server, g.client
		}
		if g.client >= 0 {
			g.name = streams[g.client].Conn
		}
	}
	return out
}

func firstOf(g *connGroup) int {
	if g.client >= 0 {
		return g.client
	}
	return g.server
}

func reverse(conn string) string {
	for i := range len(conn) {
		if conn[i] == '>' {
			return conn[i+1:] + ">" + conn[:i]
		}
	}
	return conn
}

// finder cuts the streams of an input into frames, each straight into the
// form a Result keeps, appended to one list: a connection's requests in
// stream order, then its responses.
type finder struct {
	streams []source.Stream // the input's, with a decrypted connection's in place of what it sent
	own     bool            // whether streams is a copy of the input's, to be changed
	o       Options
	frames  frameBlocks
	// search tests the server's response headers, searchHeader is its
	// header method, made once, as the func value every connection's walk
	// takes.
	search       responseSearch
	searchHeader func(probe, int) (bool, int)
	texts        []string  // the frames' broken and note texts (see stored)
	clients      clientIDs // the requests' client ids (Result.clients)
	end          int64     // the last packet's time seen so far (Result.end)
	base         time.Time // what times are stamped from (Result.base)
}

// frameBlocks is Find's list of frames, in blocks of blockLen. Appended to
// one slice, the list was copied whenever it grew, by a quarter at a time
// as Go grows a large slice: on a capture of half a million frames, more
// bytes copied than the frames took.
type frameBlocks struct {
	blocks [][]stored
	n      int
}

const blockLen = 1024

func (b *frameBlocks) add(s stored) int {
	if b.n%blockLen == 0 {
		b.blocks = append(b.blocks, make([]stored, blockLen))
	}
	b.blocks[b.n/blockLen][b.n%blockLen] = s
	b.n++
	return b.n - 1
}

// at is frame i.
func (b *frameBlocks) at(i int) *stored { return &b.blocks[i/blockLen][i%blockLen] }

// add appends a frame of stream index's bytes from off to end, dir, and
// how it is broken ("" when whole), with the time and number of the packet
// that brought its first byte, and gives its index in frames.
func (f *finder) add(index, off, end int, dir schema.Direction, broken string) int {
	s := &f.streams[index]
	var t time.Time
	packet := 0
	if i := sort.Search(len(s.Segments), func(i int) bool { return s.Segments[i].Off > off }); i > 0 {
		t, packet = s.Segments[i-1].Time, s.Segments[i-1].Packet
	}
	return f.frames.add(stored{
		start: off, size: end - off, off: off,
		sec: t.Unix(), nsec: int32(t.Nanosecond()), packet: packet,
		pair: -1, buf: int32(index), stream: int32(index),
		broken: text(&f.texts, broken), api: -1, dir: dir,
	})
}

// bytes are frame i's bytes.
func (f *finder) bytes(i int) []byte {
	s := f.frames.at(i)
	return f.streams[s.buf].Bytes[s.start : s.start+s.size]
}

// conn finds the frames of one connection.
func (f *finder) conn(g connGroup) Conn {
	streams := f.streams
	c := Conn{Name: g.name}
	if g.pasted {
		c.Kind = Kafka
		c.Bytes[0] = len(streams[g.client].Bytes)
		f.pasted(g.client)
		return c
	}
	var client, server *source.Stream
	if g.client >= 0 {
		client = &streams[g.client]
		c.Bytes[0] = len(client.Bytes)
	}
	if g.server >= 0 {
		server = &streams[g.server]
		c.Bytes[1] = len(server.Bytes)
	}
	c.TCP = client != nil && client.TCP || server != nil && server.TCP
	for k, st := range []*source.Stream{client, server} {
		if st != nil {
			for _, g := range st.Gaps {
				c.Lost[k] += g.Len
				sent := int64(math.MaxInt64) // not known: any time
				if !g.Sent.IsZero() {
					sent = stampFrom(f.base, g.Sent)
				}
				c.lostUntil[k] = max(c.lostUntil[k], sent)
			}
			for _, m := range st.Segments { // in offset order: a retransmission may come later
				f.end = max(f.end, stampFrom(f.base, m.Time))
			}
		}
	}
	for k, side := range []string{"client", "server"} {
		if c.Lost[k] > 0 {
			// Said even when no frame is broken: a response lost whole
			// leaves the frames around it intact.
			c.Notes = append(c.Notes, fmt.Sprintf("%s stream: %d bytes it sent are not in the capture (packets the capture missed, or cut short by its snap length)", side, c.Lost[k]))
		}
	}
	for k, at := range closedAt(client, server) {
		c.closedAt[k] = stampFrom(f.base, at)
		f.end = max(f.end, c.closedAt[k])
	}
	c.Closer, c.Reset = closer(client, server)
	c.ServerSeen = server != nil || client != nil && client.Peer.Sent
	if decrypt.IsTLS(client) || decrypt.IsTLS(server) {
		if client, server = f.decrypt(&c, g, client, server); client == nil && server == nil {
			c.Kind = TLS
			return c
		}
	}
	if client == nil || !looksLikeRequests(client.Bytes, client.Gaps) {
		if server == nil && client != nil && client.Dir == source.Unknown {
			// One side alone, and it sends no requests: perhaps the server's.
			f.responsesOnly(&c, g.client)
			return c
		}
		f.responsesOnly(&c, g.server)
		return c
	}
	c.Kind = Kafka
	first := f.frames.n // the requests are frames[first:asked]
	f.cut(&c, "client", g.client, schema.Request, 8, requestHeader)
	asked := f.frames.n
	for i := first; i < asked; i++ {
		q := f.frames.at(i)
		b := f.bytes(i)
		if api, v, ok := knownRequest(b, 0); ok {
			q.api, q.version = api.Key, v
			q.client = f.clients.add(b, q.api, q.version)
		}
		q.correlationID, q.hasID = frame.CorrelationID(b, schema.Request)
	}
	if server == nil {
		return c
	}
	// A response header found by searching must carry the correlation id
	// of a request on this connection and decode as its answer, or come
	// right before one that does: the capture may hold responses to
	// requests it missed (responseSearch).
	f.search.start(first, asked)
	f.cut(&c, "server", g.server, schema.Response, 4, f.searchHeader)
	f.pair(&c, first, asked, f.frames.n)
	return c
}

// responseSearch tests the response headers a walk of a connection's
// server stream finds by searching. Find keeps one for all connections,
// and its test as one func value: as closures made for each connection
// they were, with the map they shared, three allocations a connection,
// which a capture of eighty thousand short connections left for the
// collector.
type responseSearch struct {
	f            *finder
	first, asked int // the connection's requests are frames[first:asked]
	// byID are the requests' indexes in frames by correlation id, gathered
	// on the first search: a stream captured from its start is never
	// searched.
	byID     map[int32][]int
	gathered bool
}

// start readies s for the connection whose requests are frames[first:asked].
func (s *responseSearch) start(first, asked int) {
	switch {
	case !s.gathered: // the map is empty
	case len(s.byID) > 64:
		// Clearing a map costs the room it grew to: a connection of many
		// requests would make every later one pay for it.
		s.byID = nil
	default:
		clear(s.byID)
	}
	s.first, s.asked, s.gathered = first, asked, false
}

// known reports whether the response header at off carries the id of one
// of the connection's requests and, unless cut short, decodes as its answer;
// and what decoding cost.
func (s *responseSearch) known(p probe, off int) (bool, int) {
	f := s.f
	b := p.b
	spent := 0
	if !s.gathered {
		s.gathered = true
		if s.byID == nil {
			s.byID = map[int32][]int{}
		}
		for i := s.first; i < s.asked; i++ {
			if q := f.frames.at(i); q.hasID {
				s.byID[q.correlationID] = append(s.byID[q.correlationID], i)
			}
		}
	}
	id, _ := frame.CorrelationID(b[off:], schema.Response)
	n := int(int32(binary.BigEndian.Uint32(b[off:])))
	if n < 4 || n > maxFrame {
		return false, 0
	}
	end := off + 4 + n
	_, gap := gapIn(p.gaps, off, end)
	for _, i := range s.byID[id] {
		q := f.frames.at(i)
		api := schema.ByKey(q.api)
		if api == nil {
			continue
		}
		if end > len(b) || gap && p.inStep || spent+decodeCost(n) > p.left {
			// Cut short at the stream's end, or, where the walk
			// expects a frame, by bytes the capture missed (a search
			// would take the bytes of a record for a header there),
			// or past the budget: the id alone.
			return true, spent
		}
		spent += decodeCost(n)
		if frame.Decode(b[off:end], api, q.version, schema.Response).Err == nil {
			return true, spent
		}
	}
	return false, spent
}

// header is the walker's test of a response header (walker.header): one
// of a known id, or one right before another.
func (s *responseSearch) header(p probe, off int) (bool, int) {
	b := p.b
	if len(b)-off < 8 {
		return false, 0
	}
	ok, spent := s.known(p, off)
	if ok {
		return true, spent
	}
	n := int(int32(binary.BigEndian.Uint32(b[off:])))
	if n < 4 || n > maxFrame {
		return false, spent
	}
	// The next frame, where this one ends past the gaps in it (a snap
	// length cuts every packet of a long frame): a header there of a
	// known id too is the walk's next step, and confirms this one.
	next, ok, _, _ := endPast(p.gaps, p.sums, off, 4+n)
	if !ok || next+8 > len(b) {
		return false, spent
	}
	p.left -= spent
	p.inStep = true
	ok, more := s.known(p, next)
	return ok, spent + more
}

// decrypt reads a TLS connection with the options' keys, and gives its
// sides' streams as the bytes they carried, both nil when it could not.
// What the TLS is and where decrypting stopped go in the connection's
// notes.
// stopped says where decrypting one side stopped. Its offset is in the TLS
// records the side sent, where the connection's other notes count in the
// plaintext.
func stopped(err error) string {
	why := "decrypting stopped " + err.Error()
	if strings.HasPrefix(why, "decrypting stopped at offset") {
		why += " (an offset in the TLS records it sent)"
	}
	return why
}

func (f *finder) decrypt(c *Conn, g connGroup, client, server *source.Stream) (*source.Stream, *source.Stream) {
	c.AfterHandshake = !decrypt.OpensWithHandshake(client) && !decrypt.OpensWithHandshake(server)
	if f.o.Keys == nil {
		why := "a key log with its secrets would open it"
		if c.AfterHandshake {
			why = "the capture began after its handshake, without which no key log opens it"
		}
		c.Notes = append(c.Notes, "TLS: the bytes are encrypted, so the connection is skipped ("+why+")")
		return nil, nil
	}
	d := decrypt.Decrypt(client, server, f.o.Keys, f.o.Pause)
	if d.Err != nil {
		c.Notes = append(c.Notes, "TLS, not decrypted: "+d.Err.Error())
		return nil, nil
	}
	c.TLS = d.Describe()
	c.Notes = append(c.Notes, c.TLS+", decrypted with the key log: the offsets are in the bytes each side sent inside TLS")
	if d.EarlyData > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("client stream: %d records of 0-RTT early data, sent with the hello, are not read", d.EarlyData))
	}
	if d.ClientErr != nil {
		c.Notes = append(c.Notes, "client stream: "+stopped(d.ClientErr))
	}
	if d.ServerErr != nil {
		c.Notes = append(c.Notes, "server stream: "+stopped(d.ServerErr))
	}
	if !f.own {
		f.streams, f.own = slices.Clone(f.streams), true
	}
	f.streams[g.client], f.streams[g.server] = d.Client, d.Server
	return &f.streams[g.client], &f.streams[g.server]
}

// cut cuts one side of a connection, stream index, into frames. The list
// of pieces is the walk's scratch, reused from stream to stream: with the
// requests by id gathered only when needed (conn), Find on a capture of
// 524,000 frames went from 1.8 million allocations to 0.6 million, and in
// the page from 1.5-1.9 s to 0.7-1.1 s (profiled).
func (f *finder) cut(c *Conn, side string, index int, dir schema.Direction, minSize int, header func(probe, int) (bool, int)) {
	s := &f.streams[index]
	pieces := piecesPool.Get().(*[]piece)
	defer piecesPool.Put(pieces)
	w := walker{b: s.Bytes, gaps: s.Gaps, minSize: minSize, header: header, fromStart: s.FromStart, pause: f.o.Pause,
		bounded: true, limit: max(0, f.maxFrames()-f.frames.n), out: *pieces}
	*pieces = w.walk()
	for _, p := range *pieces {
		if p.skipped > 0 {
			why := "to find the first frame header (the capture began mid-connection)"
			if p.off != p.skipped {
				why = "to find the next frame header"
			}
			if p.off == len(s.Bytes) {
				why = "at the end: no frame header in them"
			}
			c.Notes = append(c.Notes, fmt.Sprintf("%s stream: skipped %d bytes at offset %d %s", side, p.skipped, p.off-p.skipped, why))
		}
		if p.end == p.off {
			continue
		}
		if p.rest {
			p.broken = f.restNote()
		}
		f.frames.at(f.add(index, p.off, p.end, dir, p.broken)).skipped = p.skipped
		if p.broken != "" {
			c.Notes = append(c.Notes, fmt.Sprintf("%s stream: the frame at offset %d"+brokenFrame+"%s", side, p.off, p.broken))
		}
	}
}

// brokenFrame is in the note of each broken frame, which a snap length's
// capture has for every frame (BrokenFrameNote).
const brokenFrame = " is broken: "

// BrokenFrameNote reports whether note, one of a Conn's Notes, says a
// frame is broken, as the frame itself does (Frame.Broken): a list of
// notes may leave those out past a few.
func BrokenFrameNote(note string) bool { return strings.Contains(note, brokenFrame) }

// maxFrames is Options.MaxFrames, or DefaultMaxFrames.
func (f *finder) maxFrames() int {
	if f.o.MaxFrames > 0 {
		return f.o.MaxFrames
	}
	return DefaultMaxFrames
}

// restNote says why a stream's bytes past the bound on frames are one piece.
func (f *finder) restNote() string {
	return fmt.Sprintf("not cut into frames: an input is cut into %d frames at most, and these bytes come after them", f.maxFrames())
}

// piecesPool keeps the walks' piece lists for the next stream to cut: a
// new list per stream grew by doubling, 400,000 allocations on a capture
// of 158,000 streams.
var piecesPool = sync.Pool{New: func() any { return new([]piece) }}

// pair gives every response the request of its correlation id: the
// requests are frames[first:asked], the responses frames[asked:end].
// Responses come in request order; Produce requests with acks=0 get none,
// so a Produce request passed over is not out of order.
func (f *finder) pair(c *Conn, first, asked, end int) {
	pause := f.o.Pause
	request := func(i int) *stored { return f.frames.at(first + i) }
	answered := make([]bool, asked-first)
	next := 0 // the first request not yet answered
	for k := range end - asked {
		if pause != nil && k%pauseEvery == pauseEvery-1 {
			pause()
		}
		r := f.frames.at(asked + k)
		r.correlationID, r.hasID = frame.CorrelationID(f.bytes(asked+k), schema.Response)
		found := -1
		for i := next; i < len(answered) && r.hasID; i++ {
			if q := request(i); !answered[i] && q.hasID && q.correlationID == r.correlationID {
				found = i
				break
			}
		}
		if found < 0 && r.hasID {
			// An earlier request still unanswered: out of order.
			for i := 0; i < next; i++ {
				if q := request(i); !answered[i] && q.hasID && q.correlationID == r.correlationID {
					found = i
					break
				}
			}
		}
		if found < 0 {
			f.name(r)
			continue
		}
		q := request(found)
		var passed []int32
		for i := next; i < found; i++ {
			if p := request(i); !answered[i] && p.hasID && p.api != 0 { // 0: Produce (-1: unknown)
				passed = append(passed, p.correlationID)
			}
		}
		if found < next || len(passed) > 0 {
			note := fmt.Sprintf("out of request order: the responses to correlation ids %v were due first", passed)
			if found < next {
				note = fmt.Sprintf("out of request order: the request with correlation id %d was answered after later ones", r.correlationID)
			}
			r.note = text(&f.texts, note)
			c.Notes = append(c.Notes, fmt.Sprintf("server stream: the response at offset %d is %s", r.off, note))
		}
		answered[found] = true
		if found >= next {
			next = found + 1
		}
		r.api, r.version, r.client = q.api, q.version, q.client
		r.pair, q.pair = first+found, asked+k
	}
}

// responsesOnly reads a connection whose client side is not in the input
// (or does not read as requests): the server's side, stream index, is
// taken as Kafka responses only when its bytes are frames back to back from
// its first byte to its last, with nothing lost.
func (f *finder) responsesOnly(c *Conn, index int) {
	if index < 0 || slices.ContainsFunc(f.streams[index].Gaps, func(g source.Gap) bool { return g.Off < len(f.streams[index].Bytes) }) {
		return // a gap inside: frames cannot be trusted after it (one at the end cuts none)
	}
	s := &f.streams[index]
	b := s.Bytes
	// The frames back to back, each at least a correlation id, up to the
	// bound on frames; past it, the rest is checked and kept as one piece.
	var ends []int
	limit := max(0, f.maxFrames()-f.frames.n)
	for off := 0; off < len(b); {
		if len(b)-off < 8 {
			return
		}
		end := off + 4 + int(int32(binary.BigEndian.Uint32(b[off:])))
		if end < off+8 || end > len(b) {
			return
		}
		if len(ends) < limit || end == len(b) {
			ends = append(ends, end)
		}
		off = end
	}
	c.Kind = Kafka
	if s.Dir == source.Unknown {
		c.Name = reverse(s.Conn) // the server sent these: name the client first
	}
	c.Notes = append(c.Notes, "only the server's side is in the input: its frames are read as responses without their requests")
	off := 0
	for k, end := range ends {
		broken := ""
		if k == limit {
			broken = f.restNote()
		}
		r := f.frames.at(f.add(index, off, end, schema.Response, broken))
		r.correlationID, _ = frame.CorrelationID(b[off:end], schema.Response)
		if broken == "" {
			f.name(r)
		}
		off = end
	}
}

// name gives response r, whose request is not in the input, the API and
// version the user named (Options.Hint), else those the input names for it
// (a line of kafkawire frames).
func (f *finder) name(r *stored) {
	if h := f.o.Hint; h.API != nil {
		r.api, r.version = h.API.Key, h.Version
		return
	}
	if n, ok := source.NamedAt(f.streams[r.stream].Named, r.off); ok {
		if _, known := frame.ResponseHint(n.APIKey, n.Version); known {
			r.api, r.version = n.APIKey, n.Version
		}
	}
}

// pasted reads a stream without a connection, stream index, as
// frame.DecodeStream does: requests and responses back to back.
func (f *finder) pasted(index int) {
	parts := frame.DecodeStream(f.streams[index].Bytes, f.o.Hint)
	first := f.frames.n
	for _, p := range parts {
		broken := p.Rest
		switch {
		case p.Short > 0:
			broken = fmt.Sprintf("the input ends %d bytes before the frame does", p.Short)
		case p.Decoded != nil && p.Decoded.Err != nil:
			broken = "does not decode: " + p.Decoded.Err.Error()
		}
		s := f.frames.at(f.add(index, p.Off, p.Off+len(p.Piece.Bytes), p.Dir, broken))
		s.correlationID, _ = frame.CorrelationID(p.Piece.Bytes, p.Dir)
		if p.Decoded != nil {
			s.api, s.version = p.Decoded.Msg.API.Key, p.Decoded.Msg.Version
			if p.Dir == schema.Request {
				s.client = f.clients.add(p.Piece.Bytes, s.api, s.version)
			}
		} else if p.Dir == schema.Response && p.Rest == "" {
			f.name(s)
		}
	}
	for i, p := range parts {
		// Two responses may carry one request's correlation id: the first
		// is its answer, so a pair is always mutual.
		if p.PairedWith >= 0 && f.frames.at(first+p.PairedWith).pair < 0 {
			s, q := f.frames.at(first+i), f.frames.at(first+p.PairedWith)
			s.pair, q.pair = first+p.PairedWith, first+i
			if s.dir == schema.Response {
				s, q = q, s
			}
			q.client = s.client // the response's is its request's
		}
	}
}
