// Package source turns any input kafkawire is given into byte streams with their origin.
//
// It is the one seam every input crosses on its way to the codec, so the
// command line and the page read the same things the same way:
//
//	input bytes ─► Sniff ─┬─ text dump ──► codec/hexin ─┬──────────────────► one Stream
//	                      │                             ├─ Follow Stream ───► a Stream per side
//	                      │                             └─ packet dumps ─┐
//	                      ├─ raw binary ────────────────────────────────► one Stream
//	                      └─ pcap, pcapng ─► codec/capture ◄─────────────┘
//	                                         (link, IP, TCP, reassembly) ─► a Stream per
//	                                                               connection and direction
//
// A Stream is bytes as one side of a connection sent them, in order: frames
// are cut from it by codec/frame. It knows nothing about Kafka; what it keeps
// besides the bytes (where they came from, which connection and direction,
// which byte ranges are missing, when each segment arrived) is what a capture
// can say about them, and is empty for a pasted dump.
package source

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/kafkawire/kafkawire/codec/hexin"
)

// Kind is what an input is, as Sniff tells from its first bytes.
type Kind int8

const (
	Text   Kind = iota // a text dump of bytes, read by codec/hexin
	Binary             // the bytes themselves
	Pcap               // a libpcap capture file
	Pcapng             // a pcapng capture file
)

func (k Kind) String() string {
	switch k {
	case Text:
		return "text"
	case Binary:
		return "binary"
	case Pcap:
		return "pcap"
	case Pcapng:
		return "pcapng"
	}
	return "unknown"
}

// OriginBinary is the origin of the bytes of a binary input, as the page has
// always said it.
const OriginBinary = "raw bytes"

// Direction is which way a stream's bytes went between a client and a server.
type Direction int8

const (
	Unknown        Direction = iota // a dump or a file: nothing says
	ClientToServer                  // requests
	ServerToClient                  // responses
)

func (d Direction) String() string {
	switch d {
	case ClientToServer:
		return "client to server"
	case ServerToClient:
		return "server to client"
	}
	return "unknown direction"
}

// Gap is a range of a stream that was never seen (a capture that missed
// segments). The missing bytes are not in Stream.Bytes: Len bytes belong
// before Bytes[Off], so a frame that spans Off is broken there, and framing
// after a gap has to find its footing again.
type Gap struct {
	Off int // offset in Stream.Bytes where the missing bytes belong
	Len int // how many bytes are missing, as the sequence numbers say
	// Sent is when they were sent at the latest (capture.Gap.Sent); zero
	// when not known.
	Sent time.Time
}

// Segment says when part of a stream arrived: the bytes from Off up to the
// next segment's Off came in one packet at Time.
type Segment struct {
	Off    int
	Time   time.Time
	Packet int // the packet's number in its capture (1-based), 0 when unknown
}

// Stream is the bytes one side of a connection sent, in order, and what is
// known about where they came from.
type Stream struct {
	Bytes []byte
	// Origin is how the bytes were read: a hexin format ("hexdump -C",
	// "xxd", ...), OriginBinary, "pcap" or "pcapng".
	Origin string
	// Conn names the TCP connection of a capture, client first:
	// "127.0.0.1:51234>127.0.0.1:9092"; "" when the input does not say.
	// Both directions of a connection carry the same Conn, which is how the
	// requests of one stream find the responses of the other. When the
	// capture does not show which side opened the connection, Dir is Unknown
	// and Conn names this stream's sender first.
	Conn string
	// ConnNumber tells apart connections with the same Conn: a client
	// that reconnects from the same port makes a second connection of
	// that name. Both directions of a connection share it.
	ConnNumber int
	Dir        Direction
	// FromStart says the capture saw the connection open (its SYN), so
	// Bytes start at the first byte the sender sent.
	FromStart bool
	// TCP says the bytes were put together from TCP packets (a capture,
	// a packet dump), whose flags FromStart and Closed tell.
	TCP bool
	// Closed says the capture saw the sender close its side (FIN) or
	// reset the connection (RST), Reset that it reset it first, and
	// ClosedAt when (the packet; its Off unused). Peer says the same of the
	// other side when it sent no bytes, so has no Stream of its own (a
	// server that closes a connection on its first request), and whether
	// the capture has its packets at all.
	Closed, Reset bool
	ClosedAt      Segment
	Peer          struct {
		Sent          bool // the capture has packets of the other side
		Closed, Reset bool
		ClosedAt      Segment
	}
	Gaps     []Gap     // missing ranges, ordered by Off; none for dumps and files
	Segments []Segment // arrival times, ordered by Off; none for dumps and files
	// Named are the frames whose API and version the input names (lines of
	// kafkawire frames name a response's), ordered by Off.
	Named []Named
}

// Named is a frame at Off in a stream whose API and version the input
// names.
type Named struct {
	Off             int
	APIKey, Version int16
}

// NamedAt is what named (ordered by Off) says of the frame at off.
func NamedAt(named []Named, off int) (Named, bool) {
	i := sort.Search(len(named), func(i int) bool { return named[i].Off >= off })
	if i < len(named) && named[i].Off == off {
		return named[i], true
	}
	return Named{}, false
}

// TimeAt is when the byte at off arrived: the time of the segment that holds
// it, or the zero time when the stream has no times.
func (s *Stream) TimeAt(off int) time.Time {
	i := sort.Search(len(s.Segments), func(i int) bool { return s.Segments[i].Off > off })
	if i == 0 {
		return time.Time{}
	}
	return s.Segments[i-1].Time
}

// Input is what Read found in one input.
type Input struct {
	Kind Kind
	// Streams: one for a text dump or a binary file; one per connection and
	// direction for a capture or a dump of packets with their TCP headers.
	Streams []Stream
	// Alternatives, for text, are the formats that accept it, the detected
	// one first, so that a user can switch; nil for other kinds.
	Alternatives []hexin.Format
	// Cut counts the packets of a capture that it kept only part of (its
	// snap length): the frames in them are incomplete.
	Cut int
	// Compression is how the input file was compressed; what Kind and
	// Streams say is of its content.
	Compression Compression
	// LeftOut says what of a text was not read (hexin.Result.LeftOut).
	LeftOut string
	// KeyLog is the TLS key log a pcapng carries (capture.Capture.KeyLog).
	KeyLog []byte
	// End is the time of a capture's latest packet (capture.Capture.Last);
	// zero for other inputs.
	End time.Time
}

// Options steer Read; the zero value detects everything.
type Options struct {
	// Format reads a text input in this format only, instead of the one
	// detected (the user overrode it). Ignored for other kinds.
	Format hexin.Format
	// ServerPorts name ports a server listens on, for connections whose
	// capture missed the SYN: the side at one of these ports is the server.
	ServerPorts []uint16
	// Requests tells, for connections whose capture missed the SYN and that
	// ServerPorts do not settle, whether a stream's bytes are what a client
	// sends; when exactly one side of a connection says yes, it is the
	// client. Nil leaves such connections' direction Unknown. (This package
	// knows nothing about what the streams carry: the caller does.)
	Requests func(b []byte) bool
	// Pause, when set, is called every 256 streams while a capture's
	// streams are made into the input: the page lets the browser paint
	// there, since a capture may hold tens of thousands of connections.
	Pause func()
}

// Read sniffs what data is and turns it into byte streams. A text input that
// does not read as bytes gets a *hexin.Error (with line and column); the
// Input returned with an error keeps what was found before it (the kind, and
// for text the formats that do accept it).
//
// A compressed input (gzip, zstd, lz4) is read as its content, up to
// MaxWhole bytes of it.
func Read(data []byte, o Options) (Input, error) {
	c := SniffCompression(data)
	if c == Uncompressed {
		return ReadContent(data, o)
	}
	d, err := Decompress(bytes.NewReader(data), c, MaxWhole)
	if err != nil {
		return Input{Kind: Binary, Compression: c}, err
	}
	content, err := io.ReadAll(d)
	if nerr := nested(c, content); nerr != nil {
		return Input{Kind: Binary, Compression: c}, nerr
	}
	// What decompressed before an error is read all the same: the error
	// says where the rest was lost.
	in, rerr := ReadContent(content, o)
	in.Compression = c
	if err == nil {
		err = rerr
	}
	return in, err
}

// MaxWhole is as much of a compressed input as Read decompresses. A frame
// is at most 100 MiB (a broker's socket.request.max.bytes by default), and
// what the page reads whole far less: 64 MiB is room for real inputs,
// and bounds what a small hostile file costs.
const MaxWhole = 64 << 20

// ReadContent is Read of bytes already decompressed (Open's content):
// whatever they are, they are not opened again.
func ReadContent(data []byte, o Options) (Input, error) {
	data = FromUTF16(data)
	in := Input{Kind: Sniff(data)}
	switch in.Kind {
	case Binary:
		in.Streams = []Stream{{Bytes: data, Origin: OriginBinary}}
		return in, nil
	case Pcap, Pcapng:
		c, err := ReadCapture(bytes.NewReader(data), o)
		c.Kind = in.Kind // what the file starts with, though its header may not read
		return c, err
	}
	return readText(in, string(data), o)
}

// FromUTF16 is data as UTF-8 when it is text in UTF-16 with its byte
// order mark (what Windows PowerShell's > writes), else data itself. No
// Kafka frame starts FF FE or FE FF: that size prefix would be 4 GiB.
func FromUTF16(data []byte) []byte {
	if t := fromUTF16(data); t != nil {
		return t
	}
	return data
}

// fromUTF16 is FromUTF16's text; nil when data is not UTF-16 with its mark,
// or holds a NUL (no text does).
func fromUTF16(data []byte) []byte {
	if len(data) < 2 || len(data)%2 != 0 {
		return nil
	}
	var order binary.ByteOrder
	switch {
	case data[0] == 0xff && data[1] == 0xfe:
		order = binary.LittleEndian
	case data[0] == 0xfe && data[1] == 0xff:
		order = binary.BigEndian
	default:
		return nil
	}
	units := make([]uint16, 0, len(data)/2-1)
	for i := 2; i < len(data); i += 2 {
		if u := order.Uint16(data[i:]); u != 0 {
			units = append(units, u)
		} else {
			return nil
		}
	}
	return []byte(string(utf16.Decode(units)))
}

// readText reads a text dump through hexin. Detection always runs, so that
// the formats that accept the text are known even when the user forced one.
// A UTF-8 byte order mark (what some Windows editors write first) is no
// part of the dump.
func readText(in Input, text string, o Options) (Input, error) {
	forced := o.Format
	text, bom := strings.CutPrefix(text, "\uFEFF")
	in, err := readDump(in, text, forced, o)
	if he, ok := errors.AsType[*hexin.Error](err); ok && bom && he.Line == 1 {
		he.Column++ // the mark is a character of the line as the user's editor counts it
	}
	return in, err
}

func readDump(in Input, text string, forced hexin.Format, o Options) (Input, error) {
	r, err := hexin.Parse(text)
	if err == nil {
		in.Alternatives = append([]hexin.Format{r.Format}, r.Alternatives...)
	}
	if forced != "" {
		r, err = hexin.ParseAs(text, forced)
	}
	if err != nil {
		return in, err
	}
	in.LeftOut = r.LeftOut
	if r.Conversations != nil {
		// Both sides of connections, as Wireshark's Follow Stream shows them.
		if in.Streams = readConversations(r, o); len(in.Streams) == 0 {
			return in, fmt.Errorf("this %s dump holds no bytes", r.Format)
		}
		return in, nil
	}
	if hasPacketHeaders(r) {
		// The packets of a dump hold link, IP and TCP headers: read them as a capture's.
		if in.Streams = readPackets(r, o); len(in.Streams) == 0 {
			return in, fmt.Errorf("the %d packets of this %s dump carry no TCP payload", len(r.Packets), r.Format)
		}
		return in, nil
	}
	in.Streams = []Stream{{Bytes: r.Bytes, Origin: string(r.Format)}}
	return in, nil
}

// The first bytes of capture files. A pcap file starts with its magic number
// written in the byte order of the machine that wrote it: a1b2c3d4 for
// microsecond timestamps, a1b23c4d for nanoseconds. A pcapng file starts with
// a Section Header Block, whose type 0x0a0d0d0a reads the same in both byte
// orders, followed by its length and the byte-order magic 1a2b3c4d.
const (
	pcapMicro  = 0xa1b2c3d4
	pcapNano   = 0xa1b23c4d
	pcapngSHB  = 0x0a0d0d0a
	pcapngBOM  = 0x1a2b3c4d
	pcapngHead = 12 // block type, block length, byte-order magic
)

// Sniff tells what data is from its content alone (a file's name may lie or
// be absent): a capture by its magic number; text when it is UTF-8 without
// NUL bytes; binary otherwise. A Kafka frame in binary has a NUL in its first
// two bytes unless it is 16 MiB or more (the size prefix) or its API key is
// above 255, so real frames are never taken for text, and nothing a person
// types or a tool prints holds a NUL.
func Sniff(data []byte) Kind {
	if len(data) >= 4 {
		be, le := binary.BigEndian.Uint32(data), binary.LittleEndian.Uint32(data)
		switch {
		case be == pcapMicro || le == pcapMicro || be == pcapNano || le == pcapNano:
			return Pcap
		case be == pcapngSHB && len(data) >= pcapngHead &&
			(binary.BigEndian.Uint32(data[8:]) == pcapngBOM || binary.LittleEndian.Uint32(data[8:]) == pcapngBOM):
			return Pcapng
		}
	}
	if fromUTF16(data) != nil {
		return Text // UTF-16, with its mark
	}
	if bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(withoutCutRune(data)) {
		return Binary
	}
	return Text
}

// withoutCutRune is data without the start of a character it ends in
// (text copied or logged up to a byte count: tshark's "→" is three).
func withoutCutRune(data []byte) []byte {
	for k := 1; k <= 3 && k < len(data); k++ {
		if c := data[len(data)-k]; utf8.RuneStart(c) {
			if c >= 0x80 && !utf8.FullRune(data[len(data)-k:]) {
				return data[:len(data)-k]
			}
			break
		}
	}
	return data
}

// CutNote says what the capture's cut packets mean, for a note; "" when
// none were cut.
func (in *Input) CutNote() string {
	switch in.Cut {
	case 0:
		return ""
	case 1:
		return "1 packet was cut short by the capture's snap length: the frames in it are incomplete (tcpdump -s 0 keeps packets whole)"
	}
	return strconv.Itoa(in.Cut) + " packets were cut short by the capture's snap length: the frames in them are incomplete (tcpdump -s 0 keeps packets whole)"
}

// Describe says in a few words what a stream is, for a heading: its origin,
// and for a capture its connection and direction.
func (s *Stream) Describe() string {
	parts := []string{s.Origin}
	if s.Conn != "" {
		parts = append(parts, s.Conn)
	}
	if s.Dir != Unknown {
		parts = append(parts, s.Dir.String())
	}
	return strings.Join(parts, " · ")
}
