package capture

import (
	"bytes"
	"encoding/binary"
	"errors"
	"net/netip"
	"strings"
	"testing"
)

func tcpBytes(s tcpSeg) []byte { return ipPacket(s)[20:] } // an IPv4 packet's TCP part

func TestIPv4Options(t *testing.T) {
	s := data(100, "payload")
	tcp := tcpBytes(s)
	opts := []byte{0x94, 4, 0, 0, 1, 1, 1, 0} // router alert, then no-ops and end
	ip := append(ipv4Header(client4.Addr(), server4.Addr(), 6, len(tcp), opts), tcp...)
	seg, err := DecodePacket(LinkIPv4, ip)
	if err != nil {
		t.Fatal(err)
	}
	if string(seg.Payload) != "payload" || seg.Src != client4 || seg.Dst != server4 || seg.Seq != 100 {
		t.Fatalf("got %v>%v seq %d %q", seg.Src, seg.Dst, seg.Seq, seg.Payload)
	}
}

func TestEthernetPadding(t *testing.T) {
	// A bare ACK is 40 bytes of IP; Ethernet pads the frame to 60 bytes.
	frame := linkSpec{link: LinkEthernet}.frame(ipPacket(tcpSeg{src: client4, dst: server4, seq: 5, flags: FlagACK}))
	frame = append(frame, make([]byte, 60-len(frame))...)
	seg, err := DecodePacket(LinkEthernet, frame)
	if err != nil {
		t.Fatal(err)
	}
	if len(seg.Payload) != 0 || seg.Missing != 0 {
		t.Fatalf("padding read as %d payload bytes, %d missing", len(seg.Payload), seg.Missing)
	}
}

func TestIPv6ExtensionHeaders(t *testing.T) {
	tcp := ipPacket(tcpSeg{src: client6, dst: server6, seq: 1, flags: FlagACK, payload: []byte("v6")})[40:]
	hop := []byte{60, 0, 1, 4, 0, 0, 0, 0}                          // hop-by-hop, next: destination options
	dest := []byte{6, 1, 1, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0} // 16 bytes, next: TCP
	ext := append(append(hop, dest...), tcp...)
	ip := append(ipv6Header(client6.Addr(), server6.Addr(), 0, len(ext)), ext...)
	seg, err := DecodePacket(LinkIPv6, ip)
	if err != nil {
		t.Fatal(err)
	}
	if string(seg.Payload) != "v6" || seg.Src != client6 {
		t.Fatalf("got %v %q", seg.Src, seg.Payload)
	}
}

func TestFragmentsAndOtherProtocols(t *testing.T) {
	tcp := tcpBytes(data(1, "x"))
	frag4 := append(ipv4Header(client4.Addr(), server4.Addr(), 6, len(tcp), nil), tcp...)
	binary.BigEndian.PutUint16(frag4[6:], 0x2000) // more fragments
	frag6ext := append([]byte{6, 0, 0, 1, 0, 0, 0, 1}, tcp...)
	frag6 := append(ipv6Header(client6.Addr(), server6.Addr(), 44, len(frag6ext)), frag6ext...)
	udp := append(ipv4Header(client4.Addr(), server4.Addr(), 17, 8, nil), make([]byte, 8)...)
	arp := append([]byte{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0x08, 0x06}, make([]byte, 28)...)
	tests := []struct {
		name string
		link LinkType
		data []byte
		want error
	}{
		{"IPv4 fragment", LinkRaw, frag4, ErrFragment},
		{"IPv6 fragment", LinkRaw, frag6, ErrFragment},
		{"UDP", LinkIPv4, udp, ErrNotTCP},
		{"ARP", LinkEthernet, arp, ErrNotTCP},
		{"null family 7", LinkNull, append([]byte{7, 0, 0, 0}, frag4...), ErrNotTCP},
	}
	for _, tt := range tests {
		_, err := DecodePacket(tt.link, tt.data)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		}
	}
	// And in a file, they are counted and skipped.
	pkts := []testPacket{{time: t0, data: frag4}, {time: t0, data: udp}, {time: t0, data: ipPacket(data(1, "ok"))}}
	c, err := ReadBytes(writePcap(binaryLE, false, LinkRaw, pkts))
	if err != nil {
		t.Fatal(err)
	}
	if c.Fragments != 1 || c.NotTCP != 1 || c.TCP != 1 || len(c.Problems) != 1 || c.Problems[0].Packet != 1 {
		t.Fatalf("fragments %d notTCP %d TCP %d problems %+v", c.Fragments, c.NotTCP, c.TCP, c.Problems)
	}
	if len(c.Streams) != 1 || string(c.Streams[0].Data) != "ok" {
		t.Fatalf("streams %+v", c.Streams)
	}
}

var binaryLE = binary.LittleEndian

func TestMalformedHeaders(t *testing.T) {
	good := ipPacket(data(1, "abc"))
	badIHL := bytes.Clone(good)
	badIHL[0] = 0x4f // 60-byte header in a 43-byte packet
	badOff := bytes.Clone(good)
	badOff[20+12] = 0xf0
	tests := []struct {
		name  string
		link  LinkType
		data  []byte
		layer string
		off   int
	}{
		{"short ethernet", LinkEthernet, good[:10], "ethernet", 0},
		{"cut VLAN tag", LinkEthernet, []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x81, 0, 0}, "vlan", 14},
		{"short sll", LinkLinuxSLL, good[:15], "linux-sll", 0},
		{"IPv4 header length", LinkRaw, badIHL, "ipv4", 0},
		{"TCP data offset", LinkRaw, badOff, "tcp", 32},
		{"short IPv6", LinkIPv6, good, "ipv6", 0},
		{"unknown link", LinkType(147), good, "link", 0},
	}
	for _, tt := range tests {
		_, err := DecodePacket(tt.link, tt.data)
		var de *DecodeError
		if !errors.As(err, &de) || de.Layer != tt.layer || de.Offset != tt.off {
			t.Errorf("%s: error %v, want a %s error at %d", tt.name, err, tt.layer, tt.off)
		}
	}
}

// TestGuessLinkType: packets as dumps show them, starting at the IP
// header (tcpdump -X) or the link layer (tcpdump -XX, tshark -x).
func TestGuessLinkType(t *testing.T) {
	for _, ends := range [][2]netip.AddrPort{{client4, server4}, {client6, server6}} {
		for _, payload := range []string{"", "some payload bytes"} {
			ip := ipPacket(tcpSeg{src: ends[0], dst: ends[1], seq: 1, flags: FlagACK | FlagPSH, payload: []byte(payload)})
			for _, l := range []linkSpec{{link: LinkRaw}, {link: LinkEthernet}, {link: LinkEthernet, vlans: 1}, {link: LinkLinuxSLL}, {link: LinkLinuxSLL2}, {link: LinkNull}, {link: LinkLoop}} {
				pkt := l.frame(ip)
				got, ok := GuessLinkType(pkt)
				want := l.link
				if want == LinkLoop {
					want = LinkNull // the same 4 bytes before IP; null reads either order
				}
				if !ok || got != want {
					t.Errorf("%v %v payload %d: guessed %v %v", ends[0].Addr(), l, len(payload), got, ok)
					continue
				}
				if seg, err := DecodePacket(got, pkt); err != nil || string(seg.Payload) != payload {
					t.Errorf("%v: decoding with the guess: %v", l, err)
				}
			}
		}
	}
	if l, ok := GuessLinkType([]byte(strings.Repeat("not a packet", 5))); ok {
		t.Errorf("text guessed as %v", l)
	}
	if _, ok := GuessLinkType(nil); ok {
		t.Error("nothing guessed as a packet")
	}
}

// TestOffloadLength: a packet captured before TCP segmentation offload
// has an IPv4 total length of 0; its payload runs to the packet's end.
func TestOffloadLength(t *testing.T) {
	ip := ipPacket(data(1, "a segment bigger than the MTU, in short"))
	binary.BigEndian.PutUint16(ip[2:], 0)
	seg, err := DecodePacket(LinkRaw, ip)
	if err != nil || string(seg.Payload) != "a segment bigger than the MTU, in short" {
		t.Fatalf("payload %q, error %v", seg.Payload, err)
	}
}
