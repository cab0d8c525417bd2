package source

import (
	"io"
	"net/netip"

	"github.com/kafkawire/kafkawire/codec/capture"
	"github.com/kafkawire/kafkawire/codec/hexin"
)

// readPackets reassembles the packets of a packet dump (tcpdump -X, -XX,
// tshark -x) as readCapture does a file's: packets that start with a link
// or IP header are decoded down to TCP and reassembled; the bytes of
// packets whose first header is not recognised are taken as payload, one
// after another, in one stream of their own after the connections. Most
// dumps give times of day without a date, so their streams have no times;
// tshark -V's details give each packet's, which the streams keep.
//
// A packet the dump cuts short (copied up to a line, or a snap length) has
// an IP header whose length is more than its bytes, so hexin does not take
// it for one; the capture decoder knows it by its checksum, and reads it as
// a capture's cut packet.
func readPackets(r hexin.Result, o Options) []Stream {
	c := &capture.Capture{}
	var payload []byte
	for i, p := range r.Packets {
		link, ok := capture.GuessLinkType(p.Bytes)
		if !ok {
			payload = append(payload, p.Bytes...)
			continue
		}
		c.AddPacket(&capture.Packet{Number: i + 1, LinkType: link, Data: p.Bytes, OrigLen: len(p.Bytes), Time: p.Time})
	}
	c.Finish()
	streams := fromCapture(c.Streams, string(r.Format), o)
	if len(payload) > 0 {
		streams = append(streams, Stream{Bytes: payload, Origin: string(r.Format)})
	}
	return streams
}

// hasPacketHeaders reports whether a dump's packets start with headers the
// reassembly can take (as opposed to bytes copied from a protocol's pane).
func hasPacketHeaders(r hexin.Result) bool {
	for _, p := range r.Packets {
		if p.Layer != hexin.LayerUnknown {
			return true
		}
	}
	return false
}

// pauseEvery is how many streams fromCapture makes between calls of Options.Pause.
const pauseEvery = 256

// fromCapture turns reassembled TCP streams into Streams, deciding which
// side of each connection is the client: from the SYN when the capture has
// it, else from Options.ServerPorts, else from Options.Requests.
func fromCapture(cs []*capture.Stream, origin string, o Options) []Stream {
	out := make([]Stream, 0, len(cs)) // a stream each, but for the empty ones
	// The segments of every stream share one array, and the connections'
	// names one string (both directions of a connection whose client is
	// known share a name): a capture of short connections has a hundred
	// thousand streams, and its frames name their connection, so in the
	// page each small object of theirs was one more for every collection
	// to mark.
	var names []byte
	type span struct{ lo, hi int }
	nameOf := make([]span, 0, len(cs)) // by stream of out, its name in names
	appendName := func(from, to netip.AddrPort) span {
		lo := len(names)
		names = append(from.AppendTo(names), '>')
		names = to.AppendTo(names)
		return span{lo, len(names)}
	}
	nsegs := 0
	for _, s := range cs {
		nsegs += len(s.Segments)
	}
	segs := make([]Segment, nsegs)
	dirs := orient(cs, o)
	eachConn(cs, o.Pause, func(i, j int) {
		conn, dirs := cs[i:j], dirs[i:j]
		client := span{-1, -1} // the connection's name, client first, once made
		for k, s := range conn {
			if len(s.Data) == 0 {
				continue
			}
			if dirs[k] == Unknown {
				nameOf = append(nameOf, appendName(s.Src, s.Dst))
			} else {
				if client.lo < 0 {
					from, to := s.Src, s.Dst
					if dirs[k] == ServerToClient {
						from, to = to, from
					}
					client = appendName(from, to)
				}
				nameOf = append(nameOf, client)
			}
			st := Stream{Bytes: s.Data, Origin: origin, Dir: dirs[k], ConnNumber: s.Conn, FromStart: s.SYN, TCP: true, Closed: s.FIN || s.RST, Reset: s.ClosedReset,
				ClosedAt: Segment{Time: s.Closed.Time, Packet: s.Closed.Packet}}
			if len(conn) == 2 {
				if o := conn[1-k]; len(o.Data) == 0 {
					st.Peer.Sent = o.Sent
					if o.FIN || o.RST {
						st.Peer.Closed, st.Peer.Reset = true, o.ClosedReset
						st.Peer.ClosedAt = Segment{Time: o.Closed.Time, Packet: o.Closed.Packet}
					}
				}
			}
			for _, g := range s.Gaps {
				st.Gaps = append(st.Gaps, Gap{Off: int(g.Offset), Len: int(g.Len), Sent: g.Sent})
			}
			st.Segments, segs = segs[:len(s.Segments):len(s.Segments)], segs[len(s.Segments):]
			for n, m := range s.Segments {
				st.Segments[n] = Segment{Off: int(m.Offset), Time: m.Time, Packet: m.Packet}
			}
			out = append(out, st)
		}
	})
	all := string(names)
	for k, n := range nameOf {
		out[k].Conn = all[n.lo:n.hi]
	}
	return out
}

// orient says which way each stream went, by connection (the streams of
// one are next to each other). A connection the capture caught after its
// SYN whose ports and bytes leave it open takes its direction from the
// ports of the servers the capture's other connections showed: a consumer
// caught mid-connection sends small fetch requests and gets back record
// batches, in which a request can seem to start as often as in its own
// bytes.
func orient(cs []*capture.Stream, o Options) []Direction {
	dirs := make([]Direction, len(cs))
	var open [][2]int // connections left undecided, as ranges of cs
	// Telling a connection's client can search megabytes of it: the
	// reading pauses as it goes.
	eachConn(cs, o.Pause, func(i, j int) {
		if !directions(cs[i:j], dirs[i:j], o) {
			open = append(open, [2]int{i, j})
		}
	})
	if len(open) == 0 {
		return dirs
	}
	// The servers are gathered only for a capture that needs them: in the
	// page a map's hashing is software's, and a capture of short
	// connections, all opened in it, has a hundred thousand.
	servers := map[netip.AddrPort]bool{}
	for k, d := range dirs {
		if d == ClientToServer {
			servers[cs[k].Dst] = true
		}
	}
	if len(servers) == 0 {
		return dirs
	}
	for _, r := range open {
		conn := cs[r[0]:r[1]]
		client := -1
		for k, s := range conn {
			if servers[s.Dst] && !servers[s.Src] {
				client = k
			}
		}
		if client < 0 {
			continue
		}
		for k := range conn {
			dirs[r[0]+k] = ServerToClient
			if k == client {
				dirs[r[0]+k] = ClientToServer
			}
		}
	}
	return dirs
}

// eachConn calls fn with the range [i, j) of cs that each connection's
// streams take (they are next to each other), and pause, when set, every
// pauseEvery streams.
func eachConn(cs []*capture.Stream, pause func(), fn func(i, j int)) {
	pauseAt := pauseEvery
	for i := 0; i < len(cs); {
		if pause != nil && i >= pauseAt {
			pause()
			pauseAt += pauseEvery
		}
		j := i + 1
		for j < len(cs) && cs[j].Conn == cs[i].Conn {
			j++
		}
		fn(i, j)
		i = j
	}
}

// directions says which way each stream of one connection (one or two
// streams) went, in dirs, and whether it could tell.
func directions(conn []*capture.Stream, dirs []Direction, o Options) bool {
	isClient := func(k int) bool { return conn[k].Role == capture.RoleClient }
	decided := false
	for k := range conn {
		if conn[k].Role != capture.RoleUnknown {
			decided = true
		}
	}
	if !decided {
		for k, s := range conn {
			for _, p := range o.ServerPorts {
				if s.Dst.Port() == p && s.Src.Port() != p {
					isClient = func(i int) bool { return i == k }
					decided = true
				}
			}
		}
	}
	if !decided && o.Requests != nil {
		var yes []int
		for k, s := range conn {
			if o.Requests(s.Data) {
				yes = append(yes, k)
			}
		}
		if len(yes) == 1 {
			k := yes[0]
			isClient = func(i int) bool { return i == k }
			decided = true
		}
	}
	if !decided {
		return false
	}
	for k := range conn {
		dirs[k] = ServerToClient
		if isClient(k) {
			dirs[k] = ClientToServer
		}
	}
	return true
}

// ReadCapture reads a pcap or pcapng capture from r with codec/capture: one
// Stream per TCP connection and direction that carried bytes, in the order
// the connections were first seen, the client's direction first when
// known. An error (a file cut short, a broken block) keeps the streams of
// the packets before it. It holds not the file but the streams' bytes, so
// it is also for files too big to read whole first; Sniff on the file's
// first bytes says when to use it.
func ReadCapture(r io.Reader, o Options) (Input, error) {
	c, err := capture.Read(r)
	in := Input{Kind: Pcap, KeyLog: c.KeyLog}
	if c.Format == capture.FormatPcapNG {
		in.Kind = Pcapng
	}
	in.Streams, in.Cut, in.End = fromCapture(c.Streams, in.Kind.String(), o), c.Truncated, c.Last
	return in, err
}
