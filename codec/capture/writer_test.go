package capture

import (
	"encoding/binary"
	"net/netip"
	"time"

	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
)

// This file writes captures for the tests: packets layer by layer, and
// pcap and pcapng files around them, in either byte order.

// byteOrder is what binary.LittleEndian and binary.BigEndian both are.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// tcpSeg describes one TCP segment to build.
type tcpSeg struct {
	src, dst netip.AddrPort
	seq, ack uint32
	flags    TCPFlags
	payload  []byte
}

// ipPacket builds the IP and TCP headers and payload of a segment:
// IPv4 or IPv6 by the addresses, as pcapwrite writes them.
func ipPacket(s tcpSeg) []byte {
	return pcapwrite.IP(pcapwrite.Segment{Src: s.src, Dst: s.dst, Seq: s.seq, Ack: s.ack, Flags: uint8(s.flags), Payload: s.payload})
}

func ipv4Header(src, dst netip.Addr, proto byte, payload int, options []byte) []byte {
	h := make([]byte, 20+len(options))
	h[0] = 0x40 | byte(len(h)/4)
	binary.BigEndian.PutUint16(h[2:], uint16(len(h)+payload))
	binary.BigEndian.PutUint16(h[4:], 0x1234)
	h[6] = 0x40 // don't fragment
	h[8] = 64
	h[9] = proto
	copy(h[12:], src.AsSlice())
	copy(h[16:], dst.AsSlice())
	copy(h[20:], options)
	var sum uint32
	for i := 0; i < len(h); i += 2 {
		sum += uint32(binary.BigEndian.Uint16(h[i:]))
	}
	for sum > 0xffff {
		sum = sum&0xffff + sum>>16
	}
	binary.BigEndian.PutUint16(h[10:], ^uint16(sum))
	return h
}

func ipv6Header(src, dst netip.Addr, next byte, payload int) []byte {
	h := make([]byte, 40)
	h[0] = 0x60
	binary.BigEndian.PutUint16(h[4:], uint16(payload))
	h[6] = next
	h[7] = 64
	copy(h[8:], src.AsSlice())
	copy(h[24:], dst.AsSlice())
	return h
}

// linkFrame puts a link-layer header of the given type before an IP packet.
// vlans adds 802.1Q tags to Ethernet; nullBE writes the loopback family
// big-endian.
type linkSpec struct {
	link   LinkType
	vlans  int
	nullBE bool
}

func (l linkSpec) frame(ip []byte) []byte {
	v6 := ip[0]>>4 == 6
	ether := uint16(etherIPv4)
	if v6 {
		ether = etherIPv6
	}
	var h []byte
	switch l.link {
	case LinkEthernet:
		h = []byte{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2}
		for i := range l.vlans {
			tpid := uint16(0x8100)
			if i == 0 && l.vlans > 1 {
				tpid = 0x88a8 // the outer tag of Q-in-Q
			}
			h = binary.BigEndian.AppendUint16(h, tpid)
			h = binary.BigEndian.AppendUint16(h, uint16(100+i))
		}
		h = binary.BigEndian.AppendUint16(h, ether)
	case LinkLinuxSLL:
		h = make([]byte, 16)
		binary.BigEndian.PutUint16(h[2:], 772) // ARPHRD_LOOPBACK
		binary.BigEndian.PutUint16(h[4:], 6)
		binary.BigEndian.PutUint16(h[14:], ether)
	case LinkLinuxSLL2:
		h = make([]byte, 20)
		binary.BigEndian.PutUint16(h[0:], ether)
		binary.BigEndian.PutUint32(h[4:], 1)
		binary.BigEndian.PutUint16(h[8:], 772)
		h[11] = 6
	case LinkNull, LinkLoop:
		fam := uint32(2)
		if v6 {
			fam = 30 // Darwin's AF_INET6
		}
		h = make([]byte, 4)
		if l.nullBE || l.link == LinkLoop {
			binary.BigEndian.PutUint32(h, fam)
		} else {
			binary.LittleEndian.PutUint32(h, fam)
		}
	}
	return append(h, ip...)
}

// testPacket is one packet of a test file.
type testPacket struct {
	time    time.Time
	iface   int
	data    []byte
	origLen int // 0: len(data)
}

func (p testPacket) orig() int {
	if p.origLen != 0 {
		return p.origLen
	}
	return len(p.data)
}

func writePcap(order byteOrder, nano bool, link LinkType, pkts []testPacket) []byte {
	magic := uint32(pcapMagicMicro)
	if nano {
		magic = pcapMagicNano
	}
	b := order.AppendUint32(nil, magic)
	b = order.AppendUint16(b, 2)
	b = order.AppendUint16(b, 4)
	b = order.AppendUint32(b, 0)
	b = order.AppendUint32(b, 0)
	b = order.AppendUint32(b, 262144)
	b = order.AppendUint32(b, uint32(link))
	for _, p := range pkts {
		frac := p.time.Nanosecond()
		if !nano {
			frac /= 1000
		}
		b = order.AppendUint32(b, uint32(p.time.Unix()))
		b = order.AppendUint32(b, uint32(frac))
		b = order.AppendUint32(b, uint32(len(p.data)))
		b = order.AppendUint32(b, uint32(p.orig()))
		b = append(b, p.data...)
	}
	return b
}

// testIface is a pcapng interface: its link type and timestamp
// resolution (the if_tsresol byte; 0 leaves the option out: microseconds).
type testIface struct {
	link     LinkType
	tsresol  byte
	tsoffset int64 // seconds: if_tsoffset, written when not 0
}

func (i testIface) units() uint64 {
	switch {
	case i.tsresol == 0:
		return 1e6
	case i.tsresol&0x80 != 0:
		return 1 << (i.tsresol & 0x7f)
	}
	u := uint64(1)
	for range i.tsresol {
		u *= 10
	}
	return u
}

func ngBlock(order byteOrder, typ uint32, body []byte) []byte {
	for len(body)%4 != 0 {
		body = append(body, 0)
	}
	total := uint32(12 + len(body))
	b := order.AppendUint32(nil, typ)
	b = order.AppendUint32(b, total)
	b = append(b, body...)
	return order.AppendUint32(b, total)
}

func ngOption(order byteOrder, code uint16, val []byte) []byte {
	b := order.AppendUint16(nil, code)
	b = order.AppendUint16(b, uint16(len(val)))
	b = append(b, val...)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	return b
}

// writePcapng writes a section with the interfaces, then the packets as
// enhanced packet blocks, with an unknown block and comment options along
// the way for the reader to skip. simple writes the packets of
// interface 0 as simple packet blocks (which have no timestamp).
func writePcapng(order byteOrder, ifaces []testIface, pkts []testPacket, simple bool) []byte {
	shb := order.AppendUint32(nil, ngByteOrder)
	shb = order.AppendUint16(shb, 1)
	shb = order.AppendUint16(shb, 0)
	shb = order.AppendUint64(shb, ^uint64(0)) // section length unknown
	shb = append(shb, ngOption(order, 1, []byte("written by the tests"))...)
	shb = append(shb, ngOption(order, 0, nil)...)
	b := ngBlock(order, ngSectionType, shb)
	for _, ifc := range ifaces {
		body := order.AppendUint16(nil, uint16(ifc.link))
		body = order.AppendUint16(body, 0)
		body = order.AppendUint32(body, 262144)
		body = append(body, ngOption(order, 2, []byte("lo"))...)
		if ifc.tsresol != 0 {
			body = append(body, ngOption(order, 9, []byte{ifc.tsresol})...)
		}
		if ifc.tsoffset != 0 {
			body = append(body, ngOption(order, 14, order.AppendUint64(nil, uint64(ifc.tsoffset)))...)
		}
		body = append(body, ngOption(order, 0, nil)...)
		b = append(b, ngBlock(order, ngInterface, body)...)
	}
	// A name resolution block and a custom block: skipped.
	b = append(b, ngBlock(order, 4, []byte{0, 0, 0, 0})...)
	b = append(b, ngBlock(order, 0x40000bad, []byte("custom data"))...)
	for _, p := range pkts {
		if simple && p.iface == 0 {
			body := order.AppendUint32(nil, uint32(p.orig()))
			b = append(b, ngBlock(order, ngSimplePacket, append(body, p.data...))...)
			continue
		}
		u := ifaces[p.iface].units()
		ts := uint64(p.time.Unix()-ifaces[p.iface].tsoffset)*u + uint64(p.time.Nanosecond())*u/1e9
		body := order.AppendUint32(nil, uint32(p.iface))
		body = order.AppendUint32(body, uint32(ts>>32))
		body = order.AppendUint32(body, uint32(ts))
		body = order.AppendUint32(body, uint32(len(p.data)))
		body = order.AppendUint32(body, uint32(p.orig()))
		body = append(body, p.data...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
		body = append(body, ngOption(order, 1, []byte("a comment"))...)
		b = append(b, ngBlock(order, ngEnhancedPacket, body)...)
	}
	return b
}
