package capture

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"net/netip"
	"testing"
	"time"
)

var (
	client4 = netip.MustParseAddrPort("10.0.0.1:51234")
	server4 = netip.MustParseAddrPort("10.0.0.2:9092")
	client6 = netip.MustParseAddrPort("[fd00::1]:51234")
	server6 = netip.MustParseAddrPort("[fd00::2]:9092")
	t0      = time.Date(2026, 11, 30, 23, 59, 58, 123456789, time.UTC)
)

// conversation is a TCP connection: handshake, the request sent in
// chunks, the response in one segment, and both sides closing.
func conversation(client, server netip.AddrPort, request [][]byte, response []byte) []tcpSeg {
	const cISN, sISN = 1000, 5000
	segs := []tcpSeg{
		{src: client, dst: server, seq: cISN, flags: FlagSYN},
		{src: server, dst: client, seq: sISN, ack: cISN + 1, flags: FlagSYN | FlagACK},
		{src: client, dst: server, seq: cISN + 1, ack: sISN + 1, flags: FlagACK},
	}
	seq := uint32(cISN + 1)
	for _, chunk := range request {
		segs = append(segs, tcpSeg{src: client, dst: server, seq: seq, ack: sISN + 1, flags: FlagACK | FlagPSH, payload: chunk})
		seq += uint32(len(chunk))
	}
	segs = append(segs,
		tcpSeg{src: server, dst: client, seq: sISN + 1, ack: seq, flags: FlagACK | FlagPSH, payload: response},
		tcpSeg{src: client, dst: server, seq: seq, ack: sISN + 1 + uint32(len(response)), flags: FlagFIN | FlagACK},
		tcpSeg{src: server, dst: client, seq: sISN + 1 + uint32(len(response)), ack: seq + 1, flags: FlagFIN | FlagACK},
	)
	return segs
}

// packets frames segments for a link, one millisecond and 7 ns apart
// so both microsecond and nanosecond fractions show.
func packets(l linkSpec, segs []tcpSeg) []testPacket {
	var out []testPacket
	for i, s := range segs {
		out = append(out, testPacket{time: t0.Add(time.Duration(i) * (time.Millisecond + 7)), data: l.frame(ipPacket(s))})
	}
	return out
}

func chunks(b []byte, n int) [][]byte {
	var out [][]byte
	for len(b) > n {
		out = append(out, b[:n])
		b = b[n:]
	}
	return append(out, b)
}

func requestBytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i>>8)
	}
	return b
}

// checkConversation asserts the two streams of a conversation.
func checkConversation(t *testing.T, c *Capture, client, server netip.AddrPort, request, response []byte) {
	t.Helper()
	if len(c.Streams) != 2 {
		t.Fatalf("got %d streams, want 2: %+v", len(c.Streams), c.Streams)
	}
	req, resp := c.Streams[0], c.Streams[1]
	if req.Src != client || req.Dst != server || req.Role != RoleClient {
		t.Errorf("first stream %v>%v %v, want the client's %v>%v", req.Src, req.Dst, req.Role, client, server)
	}
	if resp.Src != server || resp.Role != RoleServer || resp.Conn != req.Conn {
		t.Errorf("second stream %v %v conn %d, want the server's on conn %d", resp.Src, resp.Role, resp.Conn, req.Conn)
	}
	if !bytes.Equal(req.Data, request) {
		t.Errorf("request stream: %d bytes %x…, want %d bytes %x…", len(req.Data), head(req.Data), len(request), head(request))
	}
	if !bytes.Equal(resp.Data, response) {
		t.Errorf("response stream: %x, want %x", head(resp.Data), head(response))
	}
	for _, s := range c.Streams {
		if len(s.Gaps) != 0 || s.Dropped != 0 || !s.SYN || !s.FIN || s.RST {
			t.Errorf("%v: gaps %v dropped %d SYN %v FIN %v RST %v; want a clean stream", s.Src, s.Gaps, s.Dropped, s.SYN, s.FIN, s.RST)
		}
	}
}

func head(b []byte) []byte { return b[:min(len(b), 16)] }

var orders = []struct {
	name  string
	order byteOrder
}{{"le", binary.LittleEndian}, {"be", binary.BigEndian}}

var links = []linkSpec{
	{link: LinkEthernet},
	{link: LinkEthernet, vlans: 1},
	{link: LinkEthernet, vlans: 2},
	{link: LinkLinuxSLL},
	{link: LinkLinuxSLL2},
	{link: LinkRaw},
	{link: LinkNull},
	{link: LinkNull, nullBE: true},
	{link: LinkLoop},
}

func (l linkSpec) String() string {
	s := l.link.String()
	if l.vlans > 0 {
		s += fmt.Sprintf("+%dvlan", l.vlans)
	}
	if l.nullBE {
		s += "-be"
	}
	return s
}

// TestPcap reads a conversation written in every byte order, timestamp
// precision, link type and IP version, and checks the streams, the
// segment times and the packet fields.
func TestPcap(t *testing.T) {
	request := requestBytes(3000)
	response := []byte("response bytes")
	for _, o := range orders {
		for _, nano := range []bool{false, true} {
			for _, l := range links {
				for _, ends := range [][2]netip.AddrPort{{client4, server4}, {client6, server6}} {
					name := fmt.Sprintf("%s/nano=%v/%v/%v", o.name, nano, l, ends[0].Addr())
					t.Run(name, func(t *testing.T) {
						pkts := packets(l, conversation(ends[0], ends[1], chunks(request, 1000), response))
						file := writePcap(o.order, nano, l.link, pkts)
						c, err := ReadBytes(file)
						if err != nil {
							t.Fatal(err)
						}
						if c.Format != FormatPcap || c.Packets != len(pkts) || c.TCP != len(pkts) {
							t.Fatalf("format %v, %d packets, %d TCP; want pcap, %d, %d", c.Format, c.Packets, c.TCP, len(pkts), len(pkts))
						}
						checkConversation(t, c, ends[0], ends[1], request, response)
						// The request's segments are packets 4, 5, 6 at 0, 1000, 2000.
						want := pkts[3].time
						if !nano {
							want = want.Truncate(time.Microsecond)
						}
						marks := c.Streams[0].Segments
						if len(marks) != 3 || marks[0].Offset != 0 || marks[1].Offset != 1000 || marks[2].Offset != 2000 || marks[0].Packet != 4 {
							t.Fatalf("segment marks %+v, want offsets 0, 1000, 2000 from packet 4", marks)
						}
						if !marks[0].Time.Equal(want) {
							t.Errorf("first segment time %v, want %v", marks[0].Time, want)
						}
					})
				}
			}
		}
	}
}

// TestPcapng reads sections with several interfaces, each with its own
// link type and timestamp resolution, in both byte orders, with simple
// packet blocks, unknown blocks and options to skip.
func TestPcapng(t *testing.T) {
	ifaces := []testIface{
		{link: LinkEthernet},              // microseconds by default
		{link: LinkLinuxSLL2, tsresol: 9}, // nanoseconds
		{link: LinkRaw, tsresol: 0x80 | 30, tsoffset: 1_000_000_000},
	}
	request := requestBytes(500)
	response := []byte("the response")
	for _, o := range orders {
		for _, simple := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/simple=%v", o.name, simple), func(t *testing.T) {
				// Three connections, one per interface; the IPv6 one on the
				// raw interface.
				var pkts []testPacket
				ends := [][2]netip.AddrPort{
					{client4, server4},
					{netip.MustParseAddrPort("10.0.0.3:40000"), server4},
					{client6, server6},
				}
				for i, ifc := range ifaces {
					for _, p := range packets(linkSpec{link: ifc.link}, conversation(ends[i][0], ends[i][1], chunks(request, 100), response)) {
						p.iface = i
						p.time = p.time.Add(time.Duration(i) * time.Second)
						pkts = append(pkts, p)
					}
				}
				file := writePcapng(o.order, ifaces, pkts, simple)
				c, err := ReadBytes(file)
				if err != nil {
					t.Fatal(err)
				}
				if c.Format != FormatPcapNG || c.Packets != len(pkts) {
					t.Fatalf("format %v with %d packets, want pcapng with %d", c.Format, c.Packets, len(pkts))
				}
				if len(c.Streams) != 6 {
					t.Fatalf("got %d streams, want 6", len(c.Streams))
				}
				for i := range ifaces {
					sub := &Capture{Streams: c.Streams[2*i : 2*i+2]}
					checkConversation(t, sub, ends[i][0], ends[i][1], request, response)
				}
				// The packet times, read back through the packet reader.
				r, err := NewReader(bytes.NewReader(file))
				if err != nil {
					t.Fatal(err)
				}
				for i, want := range pkts {
					p, err := r.Next()
					if err != nil {
						t.Fatalf("packet %d: %v", i+1, err)
					}
					if p.Interface != want.iface || p.LinkType != ifaces[want.iface].link || !bytes.Equal(p.Data, want.data) {
						t.Fatalf("packet %d: interface %d link %v, want %d %v", i+1, p.Interface, p.LinkType, want.iface, ifaces[want.iface].link)
					}
					wantTime := want.time
					switch {
					case simple && want.iface == 0:
						wantTime = time.Time{} // simple packet blocks carry no time
					case ifaces[want.iface].tsresol == 0:
						wantTime = wantTime.Truncate(time.Microsecond)
					case ifaces[want.iface].tsresol&0x80 != 0:
						// 2^-30 s units: within one unit (under a nanosecond).
						if d := p.Time.Sub(wantTime); d < -1 || d > 1 {
							t.Fatalf("packet %d: time %v, want %v within 1ns", i+1, p.Time, wantTime)
						}
						wantTime = p.Time
					}
					if !p.Time.Equal(wantTime) {
						t.Fatalf("packet %d: time %v, want %v", i+1, p.Time, wantTime)
					}
				}
				if _, err := r.Next(); err == nil {
					t.Fatal("no io.EOF after the last packet")
				}
			})
		}
	}
}

// TestSections: a pcapng file may hold several sections, each with its
// own byte order and interfaces (as mergecap and cat write them).
func TestSections(t *testing.T) {
	first := packets(linkSpec{link: LinkEthernet}, conversation(client4, server4, [][]byte{[]byte("in section 1")}, []byte("r1")))
	second := packets(linkSpec{link: LinkLinuxSLL}, conversation(client6, server6, [][]byte{[]byte("in section 2")}, []byte("r2")))
	file := append(writePcapng(binary.LittleEndian, []testIface{{link: LinkEthernet}}, first, false),
		writePcapng(binary.BigEndian, []testIface{{link: LinkLinuxSLL}}, second, false)...)
	c, err := ReadBytes(file)
	if err != nil {
		t.Fatal(err)
	}
	if c.Packets != len(first)+len(second) || len(c.Streams) != 4 {
		t.Fatalf("%d packets, %d streams; want %d and 4", c.Packets, len(c.Streams), len(first)+len(second))
	}
	checkConversation(t, &Capture{Streams: c.Streams[:2]}, client4, server4, []byte("in section 1"), []byte("r1"))
	checkConversation(t, &Capture{Streams: c.Streams[2:]}, client6, server6, []byte("in section 2"), []byte("r2"))
}

// TestSnapLength: a packet the snap length cut is counted, and its
// missing bytes are a gap in the stream.
func TestSnapLength(t *testing.T) {
	segs := conversation(client4, server4, [][]byte{[]byte("0123456789"), []byte("abc")}, []byte("r"))
	pkts := packets(linkSpec{link: LinkEthernet}, segs)
	cut := &pkts[3] // the 10-byte request segment keeps 4 bytes
	cut.origLen = len(cut.data)
	cut.data = cut.data[:len(cut.data)-6]
	c, err := ReadBytes(writePcap(binary.BigEndian, false, LinkEthernet, pkts))
	if err != nil {
		t.Fatal(err)
	}
	req := c.Streams[0]
	if c.Truncated != 1 || string(req.Data) != "0123abc" || len(req.Gaps) != 1 || req.Gaps[0] != (Gap{Offset: 4, Len: 6, Sent: req.Segments[0].Time}) {
		t.Fatalf("truncated %d, data %q, gaps %+v; want 1, 0123abc, 6 missing at 4", c.Truncated, req.Data, req.Gaps)
	}
}

// TestPacketsFromDumps: packets a text dump gave, with no file and no
// link type, go through GuessLinkType and AddPacket to the same streams.
func TestPacketsFromDumps(t *testing.T) {
	request := requestBytes(700)
	for _, l := range []linkSpec{{link: LinkRaw}, {link: LinkEthernet}, {link: LinkLinuxSLL}, {link: LinkNull}} {
		var c Capture
		for i, p := range packets(l, conversation(client4, server4, chunks(request, 200), []byte("ok"))) {
			link, ok := GuessLinkType(p.data)
			if !ok {
				t.Fatalf("%v packet %d: no link type guessed", l, i+1)
			}
			c.AddPacket(&Packet{Number: i + 1, LinkType: link, Data: p.data, OrigLen: len(p.data)})
		}
		c.Finish()
		checkConversation(t, &c, client4, server4, request, []byte("ok"))
	}
}

// TestReaderOffset: the reader's offset, for a progress bar, is the end
// of the last record read, and the file's size at the end.
func TestReaderOffset(t *testing.T) {
	pkts := smallConversation()
	file := writePcap(binary.LittleEndian, false, LinkEthernet, pkts)
	r, err := NewReader(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	want := int64(24)
	for i := range pkts {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		want += int64(16 + len(pkts[i].data))
		if r.Offset() != want {
			t.Fatalf("after packet %d: offset %d, want %d", i+1, r.Offset(), want)
		}
	}
	if want != int64(len(file)) {
		t.Fatalf("offsets sum to %d, file has %d", want, len(file))
	}
}
