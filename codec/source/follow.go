package source

import (
	"net/netip"

	"github.com/kafkawire/kafkawire/codec/capture"
	"github.com/kafkawire/kafkawire/codec/hexin"
)

// readConversations makes each connection of a Follow Stream dump (or of
// kafkawire frames' lines) into a stream a side, as a capture's connection
// would be: the same Conn, and a direction decided as for a capture that
// missed the SYN (Options' ServerPorts, then Requests), since a Follow
// Stream dump does not say which side opened the connection; kafkawire
// frames does (its requests are the client's). A dump that names no
// addresses (the dialog's text) names its sides as tshark does, "node 0"
// and "node 1"; with one side only, it is a stream like any dump's. Where
// the dump gives times (YAML), each packet is a segment with its time.
//
// A dump without times still says the order the sides spoke in: each
// packet is then a segment numbered in the order of the dump, so that the
// frames of both sides are listed as they were sent, not one side's after
// the other's.
func readConversations(r hexin.Result, o Options) []Stream {
	var out []Stream
	seq := 0 // the packets of the dump, in its order
	for i, c := range r.Conversations {
		timed := false
		for _, s := range c.Sent {
			timed = timed || !s.Time.IsZero()
		}
		var sides [2]*capture.Stream
		var segs [2][]Segment
		var named [2][]Named
		for _, s := range c.Sent {
			if sides[s.Node] == nil {
				sides[s.Node] = &capture.Stream{Conn: i}
			}
			d := sides[s.Node]
			seq++
			switch {
			case timed:
				segs[s.Node] = append(segs[s.Node], Segment{Off: len(d.Data), Time: s.Time, Packet: s.Packet})
			case len(s.Bytes) > 0:
				segs[s.Node] = append(segs[s.Node], Segment{Off: len(d.Data), Packet: seq})
			}
			if s.Named {
				named[s.Node] = append(named[s.Node], Named{Off: len(d.Data), APIKey: s.APIKey, Version: s.Version})
			}
			d.Data = append(d.Data, s.Bytes...)
		}
		if (sides[0] == nil || sides[1] == nil) && c.Nodes == [2]string{} {
			// One side of a connection nothing names (the dialog showing
			// one direction): bytes like any dump's.
			for n, s := range sides {
				if s != nil {
					out = append(out, Stream{Bytes: s.Data, Origin: string(r.Format), Named: named[n]})
				}
			}
			continue
		}
		names := c.Nodes
		addrs := [2]netip.AddrPort{}
		for n, name := range names {
			if a, err := netip.ParseAddrPort(name); err == nil {
				addrs[n] = a
			}
		}
		switch {
		case names[0] != "" && names[1] != "":
		case c.ClientKnown:
			names = [2]string{"client", "server"}
		default:
			names = [2]string{"node 0", "node 1"}
		}
		var conn []*capture.Stream
		var nodes []int
		for n, s := range sides {
			if s != nil {
				s.Src, s.Dst = addrs[n], addrs[1-n]
				conn = append(conn, s)
				nodes = append(nodes, n)
			}
		}
		dirs := make([]Direction, len(conn))
		if c.ClientKnown {
			for k, n := range nodes {
				dirs[k] = [2]Direction{ClientToServer, ServerToClient}[n]
			}
		} else {
			directions(conn, dirs, o)
		}
		for k, s := range conn {
			n := nodes[k]
			name := names[n] + ">" + names[1-n] // the sender first, or the client
			if dirs[k] == ServerToClient {
				name = names[1-n] + ">" + names[n]
			}
			out = append(out, Stream{Bytes: s.Data, Origin: string(r.Format), Conn: name, ConnNumber: i, Dir: dirs[k], Segments: segs[n], Named: named[n]})
		}
	}
	return out
}
