package capture

import (
	"bytes"
	"math"
	"net/netip"
	"reflect"
	"runtime"
	"testing"
	"time"
	"unsafe"
)

// feed runs segments through an Assembler, one packet each, 1 ms apart.
func feed(segs []tcpSeg) []*Stream {
	a := NewAssembler()
	for i, s := range segs {
		a.Add(Segment{Src: s.src, Dst: s.dst, Seq: s.seq, Ack: s.ack, Flags: s.flags, Payload: s.payload},
			t0.Add(time.Duration(i)*time.Millisecond), i+1)
	}
	return a.Streams()
}

// data is a client segment carrying payload at sequence number seq.
func data(seq uint32, payload string) tcpSeg {
	return tcpSeg{src: client4, dst: server4, seq: seq, flags: FlagACK, payload: []byte(payload)}
}

var syn = tcpSeg{src: client4, dst: server4, seq: 99, flags: FlagSYN}

func only(t *testing.T, streams []*Stream) *Stream {
	t.Helper()
	if len(streams) != 1 {
		t.Fatalf("got %d streams, want 1", len(streams))
	}
	return streams[0]
}

func TestReassembly(t *testing.T) {
	tests := []struct {
		name    string
		segs    []tcpSeg
		want    string
		gaps    []Gap
		dropped int64
		marks   []int64 // segment offsets in the stream
	}{{
		name:  "split over many segments",
		segs:  []tcpSeg{syn, data(100, "ab"), data(102, "c"), data(103, "defg"), data(107, "h")},
		want:  "abcdefgh",
		marks: []int64{0, 2, 3, 7},
	}, {
		name:  "several payloads in one segment",
		segs:  []tcpSeg{syn, data(100, "frame1frame2frame3")},
		want:  "frame1frame2frame3",
		marks: []int64{0},
	}, {
		name:    "retransmission dropped",
		segs:    []tcpSeg{syn, data(100, "abc"), data(103, "def"), data(100, "abc"), data(103, "def"), data(106, "g")},
		want:    "abcdefg",
		dropped: 6,
		marks:   []int64{0, 3, 6},
	}, {
		name:  "out of order put in order",
		segs:  []tcpSeg{syn, data(106, "ghi"), data(103, "def"), data(100, "abc")},
		want:  "abcdefghi",
		marks: []int64{0, 3, 6},
	}, {
		// The second copy of bytes 102..104 says XYZ: the first copy wins.
		name:    "overlap keeps the first copy",
		segs:    []tcpSeg{syn, data(100, "abcde"), data(102, "XYZfg")},
		want:    "abcdefg",
		dropped: 3,
		marks:   []int64{0, 5},
	}, {
		name:    "overlap out of order",
		segs:    []tcpSeg{syn, data(104, "efgh"), data(100, "abcdef")},
		want:    "abcdefgh",
		dropped: 2,
		marks:   []int64{0, 6},
	}, {
		name:  "gap reported where the bytes are missing",
		segs:  []tcpSeg{syn, data(100, "abc"), data(110, "klm")},
		want:  "abcklm",
		gaps:  []Gap{{Offset: 3, Len: 7, Sent: t0.Add(2 * time.Millisecond)}}, // before klm's packet
		marks: []int64{0, 3},
	}, {
		// The last bytes lost, and the FIN after them says so: a response
		// lost just before the server closed.
		name:  "bytes lost before the FIN are a gap",
		segs:  []tcpSeg{syn, data(100, "abc"), {src: client4, dst: server4, seq: 106, flags: FlagFIN | FlagACK}},
		want:  "abc",
		gaps:  []Gap{{Offset: 3, Len: 3, Sent: t0.Add(2 * time.Millisecond)}},
		marks: []int64{0},
	}, {
		// A FIN far beyond what was sent (a bogus sequence number, or an
		// earlier connection's on the same ports) is no gap; of two FINs,
		// the nearer end counts.
		name:  "a FIN past any bound is no gap",
		segs:  []tcpSeg{syn, data(100, "abc"), {src: client4, dst: server4, seq: 100 + 1<<30, flags: FlagFIN | FlagACK}},
		want:  "abc",
		marks: []int64{0},
	}, {
		name:  "of two FINs the nearer end",
		segs:  []tcpSeg{syn, data(100, "abc"), {src: client4, dst: server4, seq: 5000, flags: FlagFIN | FlagACK}, {src: client4, dst: server4, seq: 105, flags: FlagFIN | FlagACK}},
		want:  "abc",
		gaps:  []Gap{{Offset: 3, Len: 2, Sent: t0.Add(3 * time.Millisecond)}},
		marks: []int64{0},
	}, {
		name:  "gap filled late is no gap",
		segs:  []tcpSeg{syn, data(100, "abc"), data(106, "ghi"), data(103, "def")},
		want:  "abcdefghi",
		marks: []int64{0, 3, 6},
	}, {
		name:  "sequence numbers wrap",
		segs:  []tcpSeg{{src: client4, dst: server4, seq: math.MaxUint32 - 1, flags: FlagSYN}, data(math.MaxUint32, "ab"), data(1, "cd")},
		want:  "abcd",
		marks: []int64{0, 2},
	}, {
		// A hostile sequence number far ahead becomes a gap of that size,
		// with nothing allocated for it.
		name:  "far jump is a gap, not an allocation",
		segs:  []tcpSeg{syn, data(100, "ab"), data(100+2+1<<31-100, "z")},
		want:  "abz",
		gaps:  []Gap{{Offset: 2, Len: 1<<31 - 100, Sent: t0.Add(2 * time.Millisecond)}},
		marks: []int64{0, 2},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := only(t, feed(tt.segs))
			if string(s.Data) != tt.want {
				t.Errorf("data %q, want %q", s.Data, tt.want)
			}
			if !reflect.DeepEqual(s.Gaps, tt.gaps) {
				t.Errorf("gaps %+v, want %+v", s.Gaps, tt.gaps)
			}
			if s.Dropped != tt.dropped {
				t.Errorf("dropped %d, want %d", s.Dropped, tt.dropped)
			}
			var marks []int64
			for _, m := range s.Segments {
				marks = append(marks, m.Offset)
			}
			if !reflect.DeepEqual(marks, tt.marks) {
				t.Errorf("segment offsets %v, want %v", marks, tt.marks)
			}
			if !s.SYN || s.Role != RoleClient {
				t.Errorf("SYN %v role %v, want a client that sent its SYN", s.SYN, s.Role)
			}
		})
	}
}

// TestSegmentTimes: a segment that arrived out of order keeps its own
// capture time and packet number.
func TestSegmentTimes(t *testing.T) {
	s := only(t, feed([]tcpSeg{syn, data(103, "def"), data(100, "abc")}))
	want := []Mark{
		{Offset: 0, Time: t0.Add(2 * time.Millisecond), Packet: 3},
		{Offset: 3, Time: t0.Add(1 * time.Millisecond), Packet: 2},
	}
	if !reflect.DeepEqual(s.Segments, want) {
		t.Fatalf("marks %+v, want %+v", s.Segments, want)
	}
}

// TestMidStream: without a SYN, a stream starts at the first byte seen
// and neither side's role is known.
func TestMidStream(t *testing.T) {
	streams := feed([]tcpSeg{
		{src: server4, dst: client4, seq: 7000, flags: FlagACK, payload: []byte("resp")},
		data(50000, "tail of a request"),
		data(50017, "+more"),
	})
	if len(streams) != 2 {
		t.Fatalf("got %d streams, want 2", len(streams))
	}
	for _, s := range streams {
		if s.Role != RoleUnknown || s.SYN {
			t.Errorf("%v: role %v SYN %v, want unknown without SYN", s.Src, s.Role, s.SYN)
		}
	}
	if streams[0].Src != server4 || string(streams[0].Data) != "resp" {
		t.Errorf("first stream %v %q, want the server's resp (first seen)", streams[0].Src, streams[0].Data)
	}
	if string(streams[1].Data) != "tail of a request+more" || len(streams[1].Gaps) != 0 {
		t.Errorf("second stream %q gaps %v", streams[1].Data, streams[1].Gaps)
	}
}

// TestRST: a reset ends the connection; its payload is not stream data,
// and a SYN on the same ports afterwards opens a new connection.
func TestRST(t *testing.T) {
	streams := feed([]tcpSeg{
		syn,
		{src: server4, dst: client4, seq: 500, ack: 100, flags: FlagSYN | FlagACK},
		data(100, "hello"),
		{src: server4, dst: client4, seq: 501, flags: FlagRST | FlagACK, payload: []byte("diagnostic")},
		{src: client4, dst: server4, seq: 9000, flags: FlagSYN},
		data(9001, "again"),
	})
	// The server never answered the second connection: no stream for it.
	if len(streams) != 3 {
		t.Fatalf("got %d streams, want 3 (two connections)", len(streams))
	}
	first, reset, second := streams[0], streams[1], streams[2]
	if string(first.Data) != "hello" || first.Conn != 0 {
		t.Errorf("first connection's request %q conn %d", first.Data, first.Conn)
	}
	if !reset.RST || len(reset.Data) != 0 || reset.Role != RoleServer {
		t.Errorf("server stream RST %v data %q role %v, want a reset with no data from the server", reset.RST, reset.Data, reset.Role)
	}
	if second.Conn != 1 || string(second.Data) != "again" || second.Role != RoleClient {
		t.Errorf("second connection: conn %d %q %v", second.Conn, second.Data, second.Role)
	}
}

// TestTruncatedSegment: bytes a snap length cut become a gap in the
// stream, not a shift of the bytes after them.
func TestTruncatedSegment(t *testing.T) {
	ip := ipPacket(data(100, "abcdefgh"))
	seg, err := DecodePacket(LinkRaw, ip[:len(ip)-5]) // the capture kept "abc"
	if err != nil {
		t.Fatal(err)
	}
	if string(seg.Payload) != "abc" || seg.Missing != 5 {
		t.Fatalf("payload %q missing %d, want abc and 5", seg.Payload, seg.Missing)
	}
	a := NewAssembler()
	a.Add(Segment{Src: client4, Dst: server4, Seq: 99, Flags: FlagSYN}, t0, 1)
	a.Add(seg, t0, 2)
	next, _ := DecodePacket(LinkRaw, ipPacket(data(108, "ijk")))
	a.Add(next, t0, 3)
	s := only(t, a.Streams())
	// The cut bytes were sent in the packet cut (at t0), not the next.
	if string(s.Data) != "abcijk" || !reflect.DeepEqual(s.Gaps, []Gap{{Offset: 3, Len: 5, Sent: t0}}) {
		t.Fatalf("data %q gaps %+v, want abcijk with 5 missing at 3, sent at %v", s.Data, s.Gaps, t0)
	}
}

// TestPendingBound: behind a lost segment, the bytes held out of order
// stay below maxPending; past it the loss becomes a gap.
func TestPendingBound(t *testing.T) {
	a := NewAssembler()
	a.Add(Segment{Src: client4, Dst: server4, Seq: 99, Flags: FlagSYN}, t0, 1)
	chunk := bytes.Repeat([]byte{'x'}, 1<<16)
	seq := uint32(100 + 10) // 10 bytes lost at the start
	n := maxPending/len(chunk) + 4
	for i := range n {
		a.Add(Segment{Src: client4, Dst: server4, Seq: seq, Flags: FlagACK, Payload: chunk}, t0, i+2)
		seq += uint32(len(chunk))
	}
	d := a.conns[connKey{client4, server4}].dirs[0]
	if d.held > maxPending {
		t.Fatalf("%d bytes held out of order, want at most %d", d.held, maxPending)
	}
	s := only(t, a.Streams())
	if len(s.Data) != n*len(chunk) || !reflect.DeepEqual(s.Gaps, []Gap{{Offset: 0, Len: 10, Sent: t0}}) {
		t.Fatalf("%d bytes with gaps %+v, want %d with 10 missing at 0", len(s.Data), s.Gaps, n*len(chunk))
	}
}

// TestMarkAtAndGapWithin: the helpers a frame reader uses to time a frame
// and to tell whether a gap breaks it.
func TestMarkAtAndGapWithin(t *testing.T) {
	// Data "abcdef|ghi" with 4 bytes missing after "abcdef" (offset 6).
	s := only(t, feed([]tcpSeg{syn, data(100, "abc"), data(103, "def"), data(110, "ghi")}))
	if !reflect.DeepEqual(s.Gaps, []Gap{{Offset: 6, Len: 4, Sent: t0.Add(3 * time.Millisecond)}}) { // ghi's packet
		t.Fatalf("gaps %+v", s.Gaps)
	}
	for off, packet := range map[int64]int{0: 2, 2: 2, 3: 3, 5: 3, 6: 4, 8: 4} {
		m, ok := s.MarkAt(off)
		if !ok || m.Packet != packet || !m.Time.Equal(t0.Add(time.Duration(packet-1)*time.Millisecond)) {
			t.Errorf("MarkAt(%d) = %+v %v, want packet %d", off, m, ok, packet)
		}
	}
	for _, off := range []int64{-1, 9} {
		if m, ok := s.MarkAt(off); ok {
			t.Errorf("MarkAt(%d) = %+v, want none", off, m)
		}
	}
	tests := []struct {
		start, end int64
		broken     bool
	}{{0, 6, false}, {6, 9, false}, {5, 7, true}, {0, 9, true}, {0, 3, false}}
	for _, tt := range tests {
		g, ok := s.GapWithin(tt.start, tt.end)
		if ok != tt.broken || (ok && g != s.Gaps[0]) {
			t.Errorf("GapWithin(%d, %d) = %+v %v, want %v", tt.start, tt.end, g, ok, tt.broken)
		}
	}
}

// TestLongStreamInChunks: a stream far longer than a chunk, in segments of
// odd sizes, comes out whole and in order, with the marks at the right
// offsets; bytes that arrive after the connection closed (a late segment
// out of order) are joined to it too, and the capacity is the length.
func TestLongStreamInChunks(t *testing.T) {
	a := NewAssembler()
	a.Add(Segment{Src: client4, Dst: server4, Seq: 99, Flags: FlagSYN}, t0, 1)
	var want []byte
	var marks []int64
	seq := uint32(100)
	for i := range 399 {
		payload := bytes.Repeat([]byte{byte(i)}, 1+i*37%9000)
		marks = append(marks, int64(len(want)))
		want = append(want, payload...)
		a.Add(Segment{Src: client4, Dst: server4, Seq: seq, Flags: FlagACK, Payload: payload}, t0, i+2)
		seq += uint32(len(payload))
	}
	// The last segment comes late, after both sides closed.
	late := bytes.Repeat([]byte{'z'}, 5000)
	a.Add(Segment{Src: client4, Dst: server4, Seq: seq + uint32(len(late)), Flags: FlagFIN | FlagACK}, t0, 500)
	a.Add(Segment{Src: server4, Dst: client4, Seq: 7, Flags: FlagFIN | FlagACK}, t0, 501)
	a.Add(Segment{Src: client4, Dst: server4, Seq: seq, Flags: FlagACK, Payload: late}, t0, 502)
	marks = append(marks, int64(len(want)))
	want = append(want, late...)
	streams := a.Streams()
	if len(streams) != 2 {
		t.Fatalf("got %d streams, want the client's and the server's", len(streams))
	}
	s := streams[0]
	if !bytes.Equal(s.Data, want) {
		t.Fatalf("%d bytes, want %d; first difference at %d", len(s.Data), len(want), firstDiff(s.Data, want))
	}
	if cap(s.Data) != len(s.Data) {
		t.Errorf("capacity %d for %d bytes", cap(s.Data), len(s.Data))
	}
	if len(s.Segments) != len(marks) {
		t.Fatalf("%d marks, want %d", len(s.Segments), len(marks))
	}
	for i, m := range s.Segments {
		if m.Offset != marks[i] {
			t.Fatalf("mark %d at %d, want %d", i, m.Offset, marks[i])
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestClosedConnectionsGiveChunksBack: connections read one after another
// allocate about their joined bytes and no more, because a closed
// connection's chunks go to the next; and a chunk given back and written
// again never shows through in the stream that gave it back.
func TestClosedConnectionsGiveChunksBack(t *testing.T) {
	const conns, size = 40, 300_000
	a := NewAssembler()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range conns {
		c := netip.AddrPortFrom(client4.Addr(), uint16(40000+i))
		a.Add(Segment{Src: c, Dst: server4, Seq: 99, Flags: FlagSYN}, t0, 1)
		payload := bytes.Repeat([]byte{byte('a' + i%26)}, 1000)
		seq := uint32(100)
		for range size / len(payload) {
			a.Add(Segment{Src: c, Dst: server4, Seq: seq, Flags: FlagACK, Payload: payload}, t0, 2)
			seq += uint32(len(payload))
		}
		a.Add(Segment{Src: c, Dst: server4, Seq: seq, Flags: FlagFIN | FlagACK}, t0, 3)
		a.Add(Segment{Src: server4, Dst: c, Seq: 7, Flags: FlagFIN | FlagACK}, t0, 4)
	}
	streams := a.Streams()
	runtime.ReadMemStats(&after)
	data := 0
	for _, s := range streams {
		if s.Role != RoleClient {
			continue
		}
		want := byte('a' + s.Conn%26)
		if len(s.Data) != size || bytes.Count(s.Data, []byte{want}) != size {
			t.Fatalf("connection %d: %d bytes, %d of them %q; want %d", s.Conn, len(s.Data), bytes.Count(s.Data, []byte{want}), want, size)
		}
		data += len(s.Data)
	}
	// The bytes themselves, one connection's chunks, and the bookkeeping
	// (marks, streams): without the pool it was more than twice the bytes.
	if got := after.TotalAlloc - before.TotalAlloc; got > uint64(data)*13/10 {
		t.Errorf("allocated %d bytes for %d bytes of streams", got, data)
	}
}

// Short streams are joined into shared blocks, each exactly as long as
// it is, so appending to one never writes into the next; a stream longer
// than ownData has its own.
func TestStreamsJoinedIntoBlocksKeepApart(t *testing.T) {
	a := NewAssembler()
	want := map[uint16]string{}
	for i := range 200 {
		c := netip.AddrPortFrom(client4.Addr(), uint16(2000+i))
		payload := bytes.Repeat([]byte{byte('a' + i%26)}, 100+i*97)
		if i == 150 {
			payload = bytes.Repeat([]byte{'L'}, ownData+1)
		}
		want[c.Port()] = string(payload)
		a.Add(Segment{Src: c, Dst: server4, Seq: 9, Flags: FlagSYN}, t0, 1)
		a.Add(Segment{Src: c, Dst: server4, Seq: 10, Flags: FlagACK, Payload: payload}, t0, 2)
		if i%2 == 0 { // half the connections close as the capture goes, half at its end
			a.Add(Segment{Src: c, Dst: server4, Seq: 10 + uint32(len(payload)), Flags: FlagFIN | FlagACK}, t0, 3)
			a.Add(Segment{Src: server4, Dst: c, Seq: 500, Flags: FlagFIN | FlagACK}, t0, 4)
		}
	}
	streams := a.Streams()
	var starts []uintptr // where each client stream's bytes start, and end
	ends := map[uintptr]bool{}
	for i, s := range streams {
		if s.Src.Addr() != client4.Addr() {
			continue
		}
		if got := string(s.Data); got != want[s.Src.Port()] {
			t.Fatalf("stream %d: %d bytes, want %d", i, len(got), len(want[s.Src.Port()]))
		}
		if cap(s.Data) != len(s.Data) {
			t.Fatalf("stream %d: room to append past its bytes (len %d, cap %d)", i, len(s.Data), cap(s.Data))
		}
		start := uintptr(unsafe.Pointer(unsafe.SliceData(s.Data)))
		starts = append(starts, start)
		ends[start+uintptr(len(s.Data))] = true
	}
	shared := 0 // streams that start where another ends
	for _, p := range starts {
		if ends[p] {
			shared++
		}
	}
	if shared < 100 {
		t.Errorf("%d streams start where another ends, in a block, want most of 200", shared)
	}
}

// A long stream is not copied into one slice at its close, in one go, but
// while the segments after it are read, joinTax bytes for each of theirs;
// bytes that come after the close still end up after the rest, and what
// Streams returns is every byte, in order, with no room to append.
func TestLongStreamJoinedWhileReadingGoesOn(t *testing.T) {
	const long, seg = 4 << 20, 8 << 10
	a := NewAssembler()
	// send sends a connection's n bytes from its client, calling each (if
	// set) after every segment, then closes it.
	send := func(port uint16, n int, b byte, each func(sent int)) (stream []byte) {
		c := netip.AddrPortFrom(client4.Addr(), port)
		a.Add(Segment{Src: c, Dst: server4, Seq: 99, Flags: FlagSYN}, t0, 1)
		seq := uint32(100)
		for i := 0; i < n; i += seg {
			p := bytes.Repeat([]byte{b + byte(i/seg)}, seg)
			stream = append(stream, p...)
			a.Add(Segment{Src: c, Dst: server4, Seq: seq, Flags: FlagACK, Payload: p}, t0, 2)
			seq += seg
			if each != nil {
				each(len(stream))
			}
		}
		a.Add(Segment{Src: c, Dst: server4, Seq: seq, Flags: FlagFIN | FlagACK}, t0, 3)
		a.Add(Segment{Src: server4, Dst: c, Seq: 7, Flags: FlagFIN | FlagACK}, t0, 4)
		return stream
	}
	first := send(1000, long, 'a', nil)
	d := a.order[0].dirs[0]
	if !d.joining || d.joined != 0 || cap(d.s.Data) != 0 {
		t.Fatalf("at its close, the long stream joined %d of %d chunks (joining %v) into room for %d bytes; want none yet", d.joined, len(d.chunks), d.joining, cap(d.s.Data))
	}
	// A quarter of its length read after it: it is joined by then, a
	// part of it at a time (half joined when half of that is read).
	var halfway int
	second := send(1001, long/joinTax, 'A', func(sent int) {
		if sent == long/joinTax/2 {
			halfway = len(d.s.Data)
		}
	})
	if halfway < long/3 || halfway > long*2/3 {
		t.Errorf("with half a quarter of its length read after it, the long stream had %d of its %d bytes joined; want about half", halfway, long)
	}
	if d.joining || len(d.s.Data) != long {
		t.Fatalf("after %d bytes more, the long stream has %d of its %d bytes joined (joining %v)", long/joinTax, len(d.s.Data), long, d.joining)
	}
	late := []byte("after the close")
	a.Add(Segment{Src: netip.AddrPortFrom(client4.Addr(), 1000), Dst: server4, Seq: 100 + long, Flags: FlagACK, Payload: late}, t0, 5)
	streams := a.Streams()
	want := map[uint16][]byte{1000: append(first, late...), 1001: second}
	for _, s := range streams {
		if s.Role != RoleClient {
			continue
		}
		if !bytes.Equal(s.Data, want[s.Src.Port()]) {
			t.Errorf("port %d: %d bytes, first different at %d", s.Src.Port(), len(s.Data), firstDiff(s.Data, want[s.Src.Port()]))
		}
		if cap(s.Data) != len(s.Data) {
			t.Errorf("port %d: room to append past its bytes (len %d, cap %d)", s.Src.Port(), len(s.Data), cap(s.Data))
		}
	}
}
