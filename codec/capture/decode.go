package capture

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
)

// LinkType is a pcap link-layer header type (LINKTYPE_* in the tcpdump
// registry): what the bytes of a packet start with.
type LinkType uint32

const (
	LinkNull      LinkType = 0   // BSD loopback: a 4-byte address family in the host's byte order
	LinkEthernet  LinkType = 1   // Ethernet II, with 802.1Q and 802.1ad tags
	LinkRaw       LinkType = 101 // an IPv4 or IPv6 header, no link layer
	LinkLoop      LinkType = 108 // OpenBSD loopback: a 4-byte family, big-endian
	LinkLinuxSLL  LinkType = 113 // Linux cooked capture v1 (tcpdump -i any)
	LinkIPv4      LinkType = 228 // an IPv4 header, no link layer
	LinkIPv6      LinkType = 229 // an IPv6 header, no link layer
	LinkLinuxSLL2 LinkType = 276 // Linux cooked capture v2
)

func (l LinkType) String() string {
	switch l {
	case LinkNull:
		return "null"
	case LinkEthernet:
		return "ethernet"
	case LinkRaw:
		return "raw"
	case LinkLoop:
		return "loop"
	case LinkLinuxSLL:
		return "linux-sll"
	case LinkIPv4:
		return "ipv4"
	case LinkIPv6:
		return "ipv6"
	case LinkLinuxSLL2:
		return "linux-sll2"
	}
	return fmt.Sprintf("linktype(%d)", uint32(l))
}

// TCPFlags are the control bits of a TCP header.
type TCPFlags uint8

const (
	FlagFIN TCPFlags = 1 << iota
	FlagSYN
	FlagRST
	FlagPSH
	FlagACK
)

// Segment is the TCP layer of one packet.
type Segment struct {
	Src, Dst netip.AddrPort
	Seq, Ack uint32
	Flags    TCPFlags
	Payload  []byte // the captured payload; aliases the packet's bytes
	// Missing counts payload bytes the IP header announces but the capture
	// did not keep (a snap length cut the packet).
	Missing int
}

// Has reports whether all the flags in f are set.
func (s *Segment) Has(f TCPFlags) bool { return s.Flags&f == f }

// ErrNotTCP marks a packet that holds something other than TCP over IP
// (ARP, UDP, ICMP, ...). Such packets are counted and skipped.
var ErrNotTCP = errors.New("not TCP")

// ErrFragment marks an IP fragment. Fragments are reported, not
// reassembled: TCP stacks avoid IP fragmentation (path MTU discovery), so
// a capture that has them is rare and its TCP streams get a gap instead.
var ErrFragment = errors.New("IP fragment")

// DecodeError is a packet whose headers do not parse.
type DecodeError struct {
	Offset int    // offset in the packet's bytes
	Layer  string // "ethernet", "ipv4", "tcp", ...
	What   string // what was expected
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("%s header at packet offset %d: %s", e.Layer, e.Offset, e.What)
}

type layerErr struct {
	err error
	why string
}

func (e *layerErr) Error() string { return e.err.Error() + ": " + e.why }
func (e *layerErr) Unwrap() error { return e.err }

func notTCP(format string, a ...any) error {
	return &layerErr{ErrNotTCP, fmt.Sprintf(format, a...)}
}

// DecodePacket decodes a packet's link, IP and TCP headers. It returns
// an error wrapping ErrNotTCP or ErrFragment for packets that carry no TCP
// segment to reassemble, and a *DecodeError for headers that do not parse.
func DecodePacket(link LinkType, data []byte) (Segment, error) {
	ipOff, ethType, err := linkLayer(link, data)
	if err != nil {
		return Segment{}, err
	}
	return decodeIP(data, ipOff, ethType)
}

const (
	etherIPv4 = 0x0800
	etherIPv6 = 0x86dd
	// etherByVersion asks the IP layer to pick by the version nibble.
	etherByVersion = 0
)

// linkLayer finds where the IP header starts and which protocol it is.
func linkLayer(link LinkType, b []byte) (int, uint16, error) {
	short := func(layer string, n int) error {
		return &DecodeError{Offset: 0, Layer: layer, What: fmt.Sprintf("%d bytes, found %d", n, len(b))}
	}
	switch link {
	case LinkEthernet:
		if len(b) < 14 {
			return 0, 0, short("ethernet", 14)
		}
		off, typ := 14, binary.BigEndian.Uint16(b[12:])
		for typ == 0x8100 || typ == 0x88a8 || typ == 0x9100 { // VLAN tags, stacked in Q-in-Q
			if len(b) < off+4 {
				return 0, 0, &DecodeError{Offset: off, Layer: "vlan", What: fmt.Sprintf("a 4-byte VLAN tag, found %d bytes", len(b)-off)}
			}
			typ = binary.BigEndian.Uint16(b[off+2:])
			off += 4
		}
		return off, typ, nil
	case LinkLinuxSLL:
		if len(b) < 16 {
			return 0, 0, short("linux-sll", 16)
		}
		return 16, binary.BigEndian.Uint16(b[14:]), nil
	case LinkLinuxSLL2:
		if len(b) < 20 {
			return 0, 0, short("linux-sll2", 20)
		}
		return 20, binary.BigEndian.Uint16(b[0:]), nil
	case LinkRaw:
		return 0, etherByVersion, nil
	case LinkIPv4:
		return 0, etherIPv4, nil
	case LinkIPv6:
		return 0, etherIPv6, nil
	case LinkNull, LinkLoop:
		if len(b) < 4 {
			return 0, 0, short(link.String(), 4)
		}
		// The family is in the capturing host's byte order (LOOP: always
		// big-endian), and IPv6's number differs between the BSDs; so
		// accept either order and let the IP version decide.
		fam := binary.LittleEndian.Uint32(b)
		if fam > 0xffff {
			fam = binary.BigEndian.Uint32(b)
		}
		switch fam {
		case 2:
			return 4, etherIPv4, nil
		case 10, 24, 28, 30:
			return 4, etherIPv6, nil
		}
		return 0, 0, notTCP("address family %d", fam)
	}
	return 0, 0, &DecodeError{Offset: 0, Layer: "link", What: fmt.Sprintf("a known link type (0, 1, 101, 108, 113, 228, 229, 276), found %d", uint32(link))}
}

func decodeIP(b []byte, off int, ethType uint16) (Segment, error) {
	if ethType == etherByVersion {
		if len(b) <= off {
			return Segment{}, &DecodeError{Offset: off, Layer: "ip", What: "an IP header, found the end of the packet"}
		}
		switch b[off] >> 4 {
		case 4:
			ethType = etherIPv4
		case 6:
			ethType = etherIPv6
		default:
			return Segment{}, &DecodeError{Offset: off, Layer: "ip", What: fmt.Sprintf("IP version 4 or 6, found %d", b[off]>>4)}
		}
	}
	switch ethType {
	case etherIPv4:
		return decodeIPv4(b, off)
	case etherIPv6:
		return decodeIPv6(b, off)
	}
	return Segment{}, notTCP("ethertype 0x%04x", ethType)
}

func decodeIPv4(b []byte, off int) (Segment, error) {
	h := b[off:]
	if len(h) < 20 {
		return Segment{}, &DecodeError{Offset: off, Layer: "ipv4", What: fmt.Sprintf("a 20-byte header, found %d bytes", len(h))}
	}
	if v := h[0] >> 4; v != 4 {
		return Segment{}, &DecodeError{Offset: off, Layer: "ipv4", What: fmt.Sprintf("version 4, found %d", v)}
	}
	ihl := int(h[0]&0x0f) * 4 // options make the header longer than 20
	total := int(binary.BigEndian.Uint16(h[2:]))
	if total == 0 {
		// Captured on the sending host before segmentation offload split
		// it: the kernel leaves the length for the card to fill in.
		total = len(h)
	}
	if ihl < 20 || len(h) < ihl {
		return Segment{}, &DecodeError{Offset: off, Layer: "ipv4", What: fmt.Sprintf("a header length of 20 bytes or more within the packet, found %d", ihl)}
	}
	if total < ihl {
		return Segment{}, &DecodeError{Offset: off + 2, Layer: "ipv4", What: fmt.Sprintf("a total length of at least the header (%d), found %d", ihl, total)}
	}
	if frag := binary.BigEndian.Uint16(h[6:]); frag&0x3fff != 0 { // more-fragments bit or an offset
		return Segment{}, &layerErr{ErrFragment, fmt.Sprintf("IPv4 id %d, offset %d", binary.BigEndian.Uint16(h[4:]), int(frag&0x1fff)*8)}
	}
	if h[9] != 6 {
		return Segment{}, notTCP("IP protocol %d", h[9])
	}
	src := netip.AddrFrom4([4]byte(h[12:16]))
	dst := netip.AddrFrom4([4]byte(h[16:20]))
	// The total length, not the packet's end, bounds the segment: Ethernet
	// pads short frames, and the padding is not payload.
	return decodeTCP(b, off+ihl, total-ihl, src, dst)
}

func decodeIPv6(b []byte, off int) (Segment, error) {
	h := b[off:]
	if len(h) < 40 {
		return Segment{}, &DecodeError{Offset: off, Layer: "ipv6", What: fmt.Sprintf("a 40-byte header, found %d bytes", len(h))}
	}
	if v := h[0] >> 4; v != 6 {
		return Segment{}, &DecodeError{Offset: off, Layer: "ipv6", What: fmt.Sprintf("version 6, found %d", v)}
	}
	payload := int(binary.BigEndian.Uint16(h[4:]))
	if payload == 0 {
		payload = len(h) - 40 // a jumbogram's length is in a hop-by-hop option; the capture's end will do
	}
	next := h[6]
	src := netip.AddrFrom16([16]byte(h[8:24]))
	dst := netip.AddrFrom16([16]byte(h[24:40]))
	pos := off + 40
	for {
		switch next {
		case 6:
			return decodeTCP(b, pos, payload, src, dst)
		case 0, 43, 60, 51: // hop-by-hop, routing, destination options, authentication
			if len(b) < pos+2 {
				return Segment{}, &DecodeError{Offset: pos, Layer: "ipv6", What: fmt.Sprintf("extension header %d, found the end of the packet", next)}
			}
			n := (int(b[pos+1]) + 1) * 8
			if next == 51 {
				n = (int(b[pos+1]) + 2) * 4
			}
			if len(b) < pos+n || payload < n {
				return Segment{}, &DecodeError{Offset: pos, Layer: "ipv6", What: fmt.Sprintf("extension header %d of %d bytes, found %d", next, n, min(len(b)-pos, payload))}
			}
			next = b[pos]
			pos += n
			payload -= n
		case 44:
			return Segment{}, &layerErr{ErrFragment, "IPv6 fragment header"}
		default:
			return Segment{}, notTCP("IPv6 next header %d", next)
		}
	}
}

func decodeTCP(b []byte, off, length int, src, dst netip.Addr) (Segment, error) {
	h := b[off:]
	if length < 20 || len(h) < 20 {
		return Segment{}, &DecodeError{Offset: off, Layer: "tcp", What: fmt.Sprintf("a 20-byte header, found %d bytes", min(len(h), length))}
	}
	hl := int(h[12]>>4) * 4
	if hl < 20 || hl > length || hl > len(h) {
		return Segment{}, &DecodeError{Offset: off + 12, Layer: "tcp", What: fmt.Sprintf("a data offset of 20 to %d bytes, found %d", min(length, len(h)), hl)}
	}
	end := min(length, len(h))
	return Segment{
		Src:     netip.AddrPortFrom(src, binary.BigEndian.Uint16(h[0:])),
		Dst:     netip.AddrPortFrom(dst, binary.BigEndian.Uint16(h[2:])),
		Seq:     binary.BigEndian.Uint32(h[4:]),
		Ack:     binary.BigEndian.Uint32(h[8:]),
		Flags:   TCPFlags(h[13] & 0x1f),
		Payload: h[hl:end:end],
		Missing: length - end,
	}, nil
}

// GuessLinkType says which link layer a packet from a text dump most
// likely starts with, for dumps that do not say: tcpdump -X starts at the
// IP header, tcpdump -XX and tshark -x at the link layer (Ethernet, Linux
// cooked, BSD loopback). It tries each and keeps the one whose IP header
// fits the packet best; ok is false when none decodes to IP.
func GuessLinkType(data []byte) (link LinkType, ok bool) {
	best := -1
	for _, cand := range []LinkType{LinkRaw, LinkEthernet, LinkNull, LinkLinuxSLL, LinkLinuxSLL2} {
		if s := ipFit(cand, data); s > best {
			best, link = s, cand
		}
	}
	return link, best > 0
}

// ipFit scores how well data decodes as link: 0 when it does not give an
// IP header; more when the IP lengths match the packet's end and the IPv4
// checksum holds; more still when TCP decodes too.
func ipFit(link LinkType, data []byte) int {
	off, typ, err := linkLayer(link, data)
	if err != nil || off >= len(data) {
		return 0
	}
	h := data[off:]
	score := 0 // how well the IP header fits; 0: it does not
	switch {
	case (typ == etherIPv4 || typ == etherByVersion) && h[0]>>4 == 4 && len(h) >= 20:
		total := int(binary.BigEndian.Uint16(h[2:]))
		ihl := int(h[0]&0xf) * 4
		if ihl < 20 || ihl > len(h) || total < ihl {
			return 0
		}
		if total == len(h) {
			score += 3
		} else if total < len(h) && link == LinkEthernet && len(data) <= 64 {
			score++ // Ethernet pads frames to 60 bytes
		}
		if ipv4ChecksumOK(h[:ihl]) {
			score += 3
		}
	case (typ == etherIPv6 || typ == etherByVersion) && h[0]>>4 == 6 && len(h) >= 40:
		switch total := int(binary.BigEndian.Uint16(h[4:])) + 40; {
		case total == len(h):
			score += 4
		case total > len(h) && ipv6Next[h[6]]:
			score++ // cut short by a snap length
		}
	}
	if score == 0 {
		return 0
	}
	if _, err := DecodePacket(link, data); err == nil {
		score++
	}
	return score
}

// ipv6Next holds the next-header values a TCP packet's IPv6 header has.
var ipv6Next = map[byte]bool{6: true, 0: true, 43: true, 44: true, 60: true, 51: true}

func ipv4ChecksumOK(h []byte) bool {
	var sum uint32
	for i := 0; i+1 < len(h); i += 2 {
		sum += uint32(binary.BigEndian.Uint16(h[i:]))
	}
	for sum > 0xffff {
		sum = sum&0xffff + sum>>16
	}
	return sum == 0xffff
}
