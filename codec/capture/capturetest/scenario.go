// Package capturetest makes the captures the tests share: recorded
// connections replayed as TCP segments in the shapes a test asks for
// (Scenario: IPv6, segment sizes, several frames a segment, Retransmit,
// Reorder, a start mid-stream), a big capture of them for benchmarks
// (Repeat), and a real capture tool run on the loopback interface
// (Recorder). The segments and files are pcapwrite's.
package capturetest

import (
	"fmt"
	"net/netip"
	"time"

	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
)

// Exchange is a request and its response as they crossed the wire, size
// prefixes included; Response is nil when none came back.
type Exchange struct{ Request, Response []byte }

// ServerPort is the port a Scenario's connections go to.
const ServerPort = 29092

// Scenario replays recorded connections as TCP segments, in the shape a
// test asks for: each recorded connection becomes one connection from its
// own client port (40000, 40001, ...) to ServerPort on the loopback address.
type Scenario struct {
	V6      bool // on ::1 instead of 127.0.0.1
	MSS     int  // the largest segment; 0: each request and response in one
	Batched bool // all of a connection's requests in one burst, then all its responses: several frames a segment
	NoSYN   bool // the capture begins after the handshakes
	// Edit, if set, changes each connection's segments (after the
	// handshake was dropped for NoSYN): drop, repeat or reorder some.
	Edit func(conn int, segs []pcapwrite.Segment) []pcapwrite.Segment
}

// Start is when a Scenario's first connection opens; each later one opens
// a second after the one before.
var Start = time.Date(2026, 12, 1, 1, 2, 3, 0, time.UTC)

// Client is the client's address of connection i.
func (sc Scenario) Client(i int) netip.AddrPort {
	return netip.AddrPortFrom(sc.addr(), uint16(40000+i))
}

// Server is the server's address.
func (sc Scenario) Server() netip.AddrPort { return netip.AddrPortFrom(sc.addr(), ServerPort) }

// Name is how captures name connection i: client>server.
func (sc Scenario) Name(i int) string { return sc.Client(i).String() + ">" + sc.Server().String() }

func (sc Scenario) addr() netip.Addr {
	if sc.V6 {
		return netip.IPv6Loopback()
	}
	return netip.AddrFrom4([4]byte{127, 0, 0, 1})
}

// Segments gives the segments of every connection, one connection after
// the other: the handshake, each request followed by its response (or
// the requests, then the responses, when Batched), and both FINs.
func (sc Scenario) Segments(conns [][]Exchange) []pcapwrite.Segment {
	var all []pcapwrite.Segment
	for i, exs := range conns {
		c := pcapwrite.NewConn(sc.Client(i), sc.Server(), Start.Add(time.Duration(i)*time.Second))
		c.Open()
		if sc.Batched {
			var reqs, resps []byte
			for _, ex := range exs {
				reqs = append(reqs, ex.Request...)
				resps = append(resps, ex.Response...)
			}
			c.Send(true, reqs, sc.MSS)
			c.Send(false, resps, sc.MSS)
		} else {
			for _, ex := range exs {
				c.Send(true, ex.Request, sc.MSS)
				c.Send(false, ex.Response, sc.MSS)
			}
		}
		c.Close()
		segs := c.Segments
		if sc.NoSYN {
			segs = segs[3:]
		}
		if sc.Edit != nil {
			segs = sc.Edit(i, segs)
		}
		all = append(all, segs...)
	}
	return all
}

// Retransmit is a Scenario's Edit: every fifth segment is sent again two
// segments later, and now and then a retransmission merges two segments'
// bytes into one, as a sender does after a loss.
func Retransmit(_ int, segs []pcapwrite.Segment) []pcapwrite.Segment {
	var out []pcapwrite.Segment
	for i, s := range segs {
		out = append(out, s)
		if i%5 == 2 && i >= 2 {
			out = append(out, segs[i-2])
		}
		if i%7 == 3 && i+1 < len(segs) && s.Src == segs[i+1].Src && len(s.Payload) > 0 {
			merged := s
			merged.Payload = append(append([]byte(nil), s.Payload...), segs[i+1].Payload...)
			out = append(out, merged)
		}
	}
	return out
}

// Reorder is a Scenario's Edit: from the fifth segment on, every third
// pair of neighbours is captured the other way round (their capture times
// swapped too, so time still runs forward).
func Reorder(_ int, segs []pcapwrite.Segment) []pcapwrite.Segment {
	out := append([]pcapwrite.Segment(nil), segs...)
	for i := 4; i+1 < len(out); i += 3 {
		out[i], out[i+1] = out[i+1], out[i]
		out[i].Time, out[i+1].Time = out[i+1].Time, out[i].Time
	}
	return out
}

// Repeat replays the connections, each many times on its own client
// address, until the frames hold size bytes, as a nanosecond pcap file
// with Ethernet headers and segments of at most 16 KiB: a big capture of
// real traffic, for benchmarks.
func Repeat(conns [][]Exchange, size int) []byte {
	total := 0
	for _, exs := range conns {
		for _, ex := range exs {
			total += len(ex.Request) + len(ex.Response)
		}
	}
	var segs []pcapwrite.Segment
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for i, sent := 0, 0; sent < size && total > 0; i++ {
		c := pcapwrite.NewConn(netip.MustParseAddrPort(fmt.Sprintf("127.0.%d.%d:%d", i/60000/250, 1+i/60000%250, 1024+i%60000)),
			netip.MustParseAddrPort("127.0.0.1:9092"), t0.Add(time.Duration(i)*time.Millisecond))
		c.Open()
		for _, ex := range conns[i%len(conns)] {
			c.Send(true, ex.Request, 16384)
			c.Send(false, ex.Response, 16384)
			sent += len(ex.Request) + len(ex.Response)
		}
		c.Close()
		segs = append(segs, c.Segments...)
	}
	return pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs)
}
