// Package pcapwrite writes pcap and pcapng files of TCP connections described
// in code.
//
// A Conn is what each side of a connection sent; it turns that into TCP
// segments with their sequence numbers, which a caller may then split,
// repeat, reorder or drop before WritePcap or WritePcapng puts them in a
// file behind the link-layer header it asks for. Checksums other than the
// IPv4 header's are left zero: readers of captures do not check them
// (loopback traffic is captured before the kernel fills them in anyway).
// The tests write their captures with it (capturetest adds the shapes they
// share), and the page a small one it reads to warm its capture reader.
package pcapwrite

import (
	"encoding/binary"
	"net/netip"
	"time"
)

// TCP flag bits, as in the TCP header.
const (
	FIN = 1 << 0
	SYN = 1 << 1
	RST = 1 << 2
	PSH = 1 << 3
	ACK = 1 << 4
)

// Link types written by this package (LINKTYPE_* numbers).
const (
	Ethernet = 1
	LinuxSLL = 113
	RawIP    = 101
)

// Segment is one TCP segment, and when it was captured.
type Segment struct {
	Src, Dst netip.AddrPort
	Seq, Ack uint32
	Flags    uint8
	Payload  []byte
	Time     time.Time
}

// Conn builds the segments of one TCP connection in the order they are sent.
type Conn struct {
	Client, Server netip.AddrPort
	Segments       []Segment
	seq            [2]uint32 // next sequence number: [0] client, [1] server
	now            time.Time
}

// NewConn starts a connection at t; Open adds its handshake.
func NewConn(client, server netip.AddrPort, t time.Time) *Conn {
	return &Conn{Client: client, Server: server, seq: [2]uint32{1_000_000, 3_000_000_000}, now: t}
}

func (c *Conn) add(fromClient bool, flags uint8, payload []byte) {
	src, dst, i := c.Client, c.Server, 0
	if !fromClient {
		src, dst, i = c.Server, c.Client, 1
	}
	c.now = c.now.Add(37 * time.Microsecond)
	c.Segments = append(c.Segments, Segment{Src: src, Dst: dst, Seq: c.seq[i], Ack: c.seq[1-i], Flags: flags, Payload: payload, Time: c.now})
	c.seq[i] += uint32(len(payload))
	if flags&(SYN|FIN) != 0 {
		c.seq[i]++
	}
}

// Open adds the three-way handshake.
func (c *Conn) Open() {
	c.add(true, SYN, nil)
	c.add(false, SYN|ACK, nil)
	c.add(true, ACK, nil)
}

// Send adds data sent by one side, in segments of at most mss bytes
// (0: one segment).
func (c *Conn) Send(fromClient bool, data []byte, mss int) {
	for len(data) > 0 {
		n := len(data)
		if mss > 0 && n > mss {
			n = mss
		}
		c.add(fromClient, PSH|ACK, data[:n])
		data = data[n:]
	}
}

// Close adds both sides' FIN.
func (c *Conn) Close() {
	c.add(true, FIN|ACK, nil)
	c.add(false, FIN|ACK, nil)
}

// CloseByServer closes the connection from the server's side first, as a
// broker does a client it refuses.
func (c *Conn) CloseByServer() {
	c.add(false, FIN|ACK, nil)
	c.add(true, FIN|ACK, nil)
}

// Fin adds one side's FIN alone: the other side may still send (into a
// connection the first closed, which a server then resets).
func (c *Conn) Fin(fromClient bool) { c.add(fromClient, FIN|ACK, nil) }

// Ack adds a segment of one side that carries no data (an ACK, a
// keepalive).
func (c *Conn) Ack(fromClient bool) { c.add(fromClient, ACK, nil) }

// Wait lets d pass before the next segment.
func (c *Conn) Wait(d time.Duration) { c.now = c.now.Add(d) }

// Exchange sends request from the client, then, after took, response from
// the server, each in one segment.
func (c *Conn) Exchange(request, response []byte, took time.Duration) {
	c.Send(true, request, 0)
	c.Wait(took)
	c.Send(false, response, 0)
}

// Reset resets the connection from one side.
func (c *Conn) Reset(fromClient bool) {
	c.add(fromClient, RST|ACK, nil)
}

// IP returns a segment's IP packet: IPv4 or IPv6 by its addresses.
func IP(s Segment) []byte {
	tcp := make([]byte, 20, 20+len(s.Payload))
	binary.BigEndian.PutUint16(tcp[0:], s.Src.Port())
	binary.BigEndian.PutUint16(tcp[2:], s.Dst.Port())
	binary.BigEndian.PutUint32(tcp[4:], s.Seq)
	binary.BigEndian.PutUint32(tcp[8:], s.Ack)
	tcp[12] = 5 << 4
	tcp[13] = s.Flags
	binary.BigEndian.PutUint16(tcp[14:], 65535)
	tcp = append(tcp, s.Payload...)
	if s.Src.Addr().Is4() {
		h := make([]byte, 20, 20+len(tcp))
		h[0] = 0x45
		binary.BigEndian.PutUint16(h[2:], uint16(20+len(tcp)))
		h[6] = 0x40 // don't fragment
		h[8] = 64
		h[9] = 6
		copy(h[12:], s.Src.Addr().AsSlice())
		copy(h[16:], s.Dst.Addr().AsSlice())
		var sum uint32
		for i := 0; i < 20; i += 2 {
			sum += uint32(binary.BigEndian.Uint16(h[i:]))
		}
		for sum > 0xffff {
			sum = sum&0xffff + sum>>16
		}
		binary.BigEndian.PutUint16(h[10:], ^uint16(sum))
		return append(h, tcp...)
	}
	h := make([]byte, 40, 40+len(tcp))
	h[0] = 0x60
	binary.BigEndian.PutUint16(h[4:], uint16(len(tcp)))
	h[6] = 6
	h[7] = 64
	copy(h[8:], s.Src.Addr().AsSlice())
	copy(h[24:], s.Dst.Addr().AsSlice())
	return append(h, tcp...)
}

// Link puts a link-layer header of type link before an IP packet.
func Link(link uint32, ip []byte) []byte {
	ether := uint16(0x0800)
	if ip[0]>>4 == 6 {
		ether = 0x86dd
	}
	var h []byte
	switch link {
	case Ethernet:
		h = binary.BigEndian.AppendUint16([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, ether)
	case LinuxSLL:
		h = make([]byte, 16)
		binary.BigEndian.PutUint16(h[2:], 772) // ARPHRD_LOOPBACK
		binary.BigEndian.PutUint16(h[4:], 6)
		binary.BigEndian.PutUint16(h[14:], ether)
	}
	return append(h, ip...)
}

// WritePcap writes the segments as a little-endian pcap file with
// nanosecond or microsecond timestamps.
func WritePcap(link uint32, nano bool, segs []Segment) []byte {
	return WritePcapSnap(link, nano, 0, segs)
}

// WritePcapSnap is WritePcap keeping at most snap bytes of each packet,
// as tcpdump -s snap does (0: all of it).
func WritePcapSnap(link uint32, nano bool, snap int, segs []Segment) []byte {
	le := binary.LittleEndian
	magic := uint32(0xa1b2c3d4)
	if nano {
		magic = 0xa1b23c4d
	}
	b := le.AppendUint32(nil, magic)
	b = le.AppendUint16(b, 2)
	b = le.AppendUint16(b, 4)
	b = le.AppendUint64(b, 0)
	header := uint32(262144)
	if snap > 0 {
		header = uint32(snap)
	}
	b = le.AppendUint32(b, header)
	b = le.AppendUint32(b, link)
	for _, s := range segs {
		p := Link(link, IP(s))
		frac := s.Time.Nanosecond()
		if !nano {
			frac /= 1000
		}
		b = le.AppendUint32(b, uint32(s.Time.Unix()))
		b = le.AppendUint32(b, uint32(frac))
		kept := p
		if snap > 0 && len(kept) > snap {
			kept = kept[:snap]
		}
		b = le.AppendUint32(b, uint32(len(kept)))
		b = le.AppendUint32(b, uint32(len(p)))
		b = append(b, kept...)
	}
	return b
}

// WritePcapng writes the segments as a big-endian pcapng file: a section,
// one interface with nanosecond timestamps, and an enhanced packet block
// per segment.
func WritePcapng(link uint32, segs []Segment) []byte {
	be := binary.BigEndian
	block := func(b []byte, typ uint32, body []byte) []byte {
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
		b = be.AppendUint32(b, typ)
		b = be.AppendUint32(b, uint32(12+len(body)))
		b = append(b, body...)
		return be.AppendUint32(b, uint32(12+len(body)))
	}
	shb := be.AppendUint32(nil, 0x1a2b3c4d)
	shb = be.AppendUint16(shb, 1)
	shb = be.AppendUint16(shb, 0)
	shb = be.AppendUint64(shb, ^uint64(0))
	b := block(nil, 0x0a0d0d0a, shb)
	idb := be.AppendUint16(nil, uint16(link))
	idb = be.AppendUint16(idb, 0)
	idb = be.AppendUint32(idb, 262144)
	idb = append(idb, 0, 9, 0, 1, 9, 0, 0, 0) // if_tsresol: 10^-9
	idb = append(idb, 0, 0, 0, 0)             // end of options
	b = block(b, 1, idb)
	for _, s := range segs {
		p := Link(link, IP(s))
		ts := uint64(s.Time.UnixNano())
		body := be.AppendUint32(nil, 0)
		body = be.AppendUint32(body, uint32(ts>>32))
		body = be.AppendUint32(body, uint32(ts))
		body = be.AppendUint32(body, uint32(len(p)))
		body = be.AppendUint32(body, uint32(len(p)))
		b = block(b, 6, append(body, p...))
	}
	return b
}
