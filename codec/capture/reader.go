// Package capture reads pcap and pcapng packet captures and reassembles
// the TCP connections in them into one byte stream per direction.
//
// It knows nothing of what the streams carry: the layers it decodes are
// the capture file, the link layer (Ethernet with VLAN tags, Linux cooked
// v1 and v2, raw IP, BSD loopback), IPv4, IPv6 and TCP. It is pure Go and
// uses the standard library only, so it runs in the browser too.
//
// Reader gives the packets of a file one by one without holding the file;
// Read and ReadBytes run the whole pipeline (packets, layers, reassembly);
// DecodePacket and GuessLinkType serve packets that come from text dumps,
// and Assembler reassembles segments from any source.
package capture

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"time"
)

// Format is the container format of a capture file.
type Format int

const (
	FormatPcap   Format = iota + 1 // classic libpcap
	FormatPcapNG                   // pcapng
)

func (f Format) String() string {
	switch f {
	case FormatPcap:
		return "pcap"
	case FormatPcapNG:
		return "pcapng"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Packet is one captured packet as the file stores it.
type Packet struct {
	Number    int       // 1-based, in file order (as Wireshark counts)
	Offset    int64     // file offset of the record or block that holds it
	Time      time.Time // capture time, UTC; zero for a pcapng simple packet block, which has none
	LinkType  LinkType  // link layer of Data
	Interface int       // pcapng interface index; 0 in pcap
	Data      []byte    // captured bytes; valid until the next call to Next
	OrigLen   int       // length of the packet on the wire
}

// Truncated reports whether the capture kept fewer bytes than the packet
// had on the wire (a snap length cut it).
func (p *Packet) Truncated() bool { return len(p.Data) < p.OrigLen }

// Error is a capture file that does not parse: where, and what was
// expected there.
type Error struct {
	Offset int64  // file offset of the problem
	Block  int    // 1-based number of the record (pcap) or block (pcapng); 0 for the file header
	What   string // what was expected
	// Err is why the reader under the capture gave no more bytes, when it
	// was not the file's end (a compressed file's bad checksum, or its
	// limit); nil when the file ends there.
	Err error
}

func (e *Error) Error() string {
	where := "file header"
	if e.Block > 0 {
		where = fmt.Sprintf("block %d", e.Block)
	}
	if e.Err != nil {
		return fmt.Sprintf("capture: at 0x%x (%s): %s: %v", e.Offset, where, e.What, e.Err)
	}
	return fmt.Sprintf("capture: at 0x%x (%s): %s", e.Offset, where, e.What)
}

func (e *Error) Unwrap() error { return e.Err }

// short is the error of a read that found fewer bytes than the file should
// hold at start: the file ends there ("cut short"), or the reader under it
// failed, which says why.
func (r *Reader) short(start int64, what string, err error) *Error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &Error{Offset: start, Block: r.block, What: what + " (file cut short)"}
	}
	return &Error{Offset: start, Block: r.block, What: what, Err: err}
}

// maxRecord bounds one pcap record or pcapng block. Real captures stay far
// below it (the largest snap length tools use is 256 KiB); it stops a
// hostile length from asking for gigabytes before the bytes are read.
const maxRecord = 64 << 20

const (
	pcapMagicMicro = 0xa1b2c3d4
	pcapMagicNano  = 0xa1b23c4d
	ngSectionType  = 0x0a0d0d0a
	ngByteOrder    = 0x1a2b3c4d
)

// pcapng block types the reader uses; every other block is skipped.
const (
	ngInterface      = 1
	ngPacketObsolete = 2
	ngSimplePacket   = 3
	ngEnhancedPacket = 6
	ngSecrets        = 10 // a Decryption Secrets Block
)

// ngTLSKeyLog is a Decryption Secrets Block's type for a TLS key log in
// the NSS format ("TLSK"), as editcap --inject-secrets and Wireshark write.
const ngTLSKeyLog = 0x544c534b

// maxKeyLog bounds the key log text a capture's secrets blocks add up to:
// a line is about 180 bytes, so some 90,000 TLS 1.2 sessions.
const maxKeyLog = 16 << 20

type iface struct {
	link    LinkType
	snaplen uint32
	units   uint64 // timestamp units per second (if_tsresol)
	offset  int64  // seconds added to every timestamp (if_tsoffset)
}

// Reader reads packets from a pcap or pcapng stream, one at a time.
type Reader struct {
	r      *bufio.Reader
	format Format
	order  binary.ByteOrder
	off    int64 // file offset of the next unread byte
	block  int   // blocks or records read so far
	packet int   // packets returned so far
	buf    []byte
	err    error // the first error; Next keeps returning it

	// pcap
	link    LinkType
	snaplen uint32
	nano    bool

	// pcapng: the interfaces of the current section, and the TLS key log
	// its secrets blocks carry
	ifaces []iface
	keyLog []byte
}

// KeyLog is the TLS key log the capture's Decryption Secrets Blocks
// carried so far (pcapng), their texts one after another; nil for none.
func (r *Reader) KeyLog() []byte { return r.keyLog }

// NewReader reads the file header (pcap) or first section header (pcapng)
// and returns a Reader positioned at the first packet.
func NewReader(r io.Reader) (*Reader, error) {
	rd := &Reader{r: bufio.NewReaderSize(r, 64<<10)}
	head, err := rd.r.Peek(4)
	if err != nil {
		return nil, &Error{Offset: 0, What: "a pcap or pcapng file header, found " + describeShort(len(head))}
	}
	le := binary.LittleEndian.Uint32(head)
	be := binary.BigEndian.Uint32(head)
	switch {
	case le == pcapMagicMicro || le == pcapMagicNano:
		rd.order = binary.LittleEndian
		return rd, rd.readPcapHeader(le == pcapMagicNano)
	case be == pcapMagicMicro || be == pcapMagicNano:
		rd.order = binary.BigEndian
		return rd, rd.readPcapHeader(be == pcapMagicNano)
	case le == ngSectionType:
		rd.format = FormatPcapNG
		if _, err := rd.readBlock(); err != nil {
			return nil, err
		}
		return rd, nil
	}
	return nil, &Error{Offset: 0, What: fmt.Sprintf("a pcap magic (a1b2c3d4, a1b23c4d) or a pcapng section header (0a0d0d0a), found %x", head)}
}

func describeShort(n int) string {
	if n == 0 {
		return "an empty file"
	}
	return fmt.Sprintf("only %d bytes", n)
}

// Offset returns how many bytes of the file have been read: progress.
func (r *Reader) Offset() int64 { return r.off }

// Format says whether the file is pcap or pcapng.
func (r *Reader) Format() Format { return r.format }

func (r *Reader) readPcapHeader(nano bool) error {
	r.format = FormatPcap
	r.nano = nano
	h, err := r.readN(24)
	if err != nil {
		e := &Error{What: fmt.Sprintf("a 24-byte pcap file header, found %d bytes", len(h))}
		if err != io.EOF && err != io.ErrUnexpectedEOF {
			e.Err = err
		}
		return e
	}
	r.snaplen = r.order.Uint32(h[16:])
	// The upper bits of the link type field carry FCS flags.
	r.link = LinkType(r.order.Uint32(h[20:]) & 0xffff)
	r.ifaces = []iface{{link: r.link, snaplen: r.snaplen}}
	return nil
}

// readN reads exactly n bytes into the reader's buffer. The buffer grows
// with the bytes that actually arrive, not with n, so a length field that
// promises more than the file holds costs only what the file holds.
func (r *Reader) readN(n int) ([]byte, error) {
	// Most reads fit the buffered reader's buffer: hand out its bytes, valid
	// until the next read as r.buf's are, rather than copying each packet
	// once more.
	if n <= r.r.Size() {
		if b, err := r.r.Peek(n); err == nil {
			r.r.Discard(n)
			r.off += int64(n)
			return b, nil
		}
	}
	r.buf = r.buf[:0]
	for len(r.buf) < n {
		chunk := min(n-len(r.buf), max(len(r.buf), 64<<10))
		start := len(r.buf)
		if cap(r.buf)-start < chunk {
			grown := make([]byte, start, start+chunk)
			copy(grown, r.buf)
			r.buf = grown
		}
		r.buf = r.buf[:start+chunk]
		got, err := io.ReadFull(r.r, r.buf[start:])
		r.off += int64(got)
		if err != nil {
			r.buf = r.buf[:start+got]
			return r.buf, err
		}
	}
	return r.buf, nil
}

// Next returns the next packet. At the clean end of the file it returns
// io.EOF; a file that breaks returns an *Error, and every packet before
// it has been returned already.
func (r *Reader) Next() (Packet, error) {
	if r.err != nil {
		return Packet{}, r.err
	}
	p, err := r.next()
	r.err = err
	return p, err
}

func (r *Reader) next() (Packet, error) {
	if r.format == FormatPcap {
		return r.nextPcap()
	}
	for {
		p, err := r.readBlock()
		if err != nil {
			return Packet{}, err
		}
		if p != nil {
			return *p, nil
		}
	}
}

// atEOF returns io.EOF where the file ends, the reader's error where it
// failed (a compressed file's checksum is checked at its end), nil where
// there is more to read.
func (r *Reader) atEOF() error {
	_, err := r.r.Peek(1)
	if err == nil || err == io.EOF {
		return err
	}
	return &Error{Offset: r.off, Block: r.block + 1, What: "the next block", Err: err}
}

func (r *Reader) nextPcap() (Packet, error) {
	if err := r.atEOF(); err != nil {
		return Packet{}, err
	}
	start := r.off
	r.block++
	h, err := r.readN(16)
	if err != nil {
		return Packet{}, r.short(start, fmt.Sprintf("a 16-byte record header, found %d bytes", len(h)), err)
	}
	sec := r.order.Uint32(h[0:])
	frac := r.order.Uint32(h[4:])
	caplen := r.order.Uint32(h[8:])
	origlen := r.order.Uint32(h[12:])
	if caplen > maxRecord {
		return Packet{}, &Error{Offset: start + 8, Block: r.block, What: fmt.Sprintf("a captured length up to %d, found %d", maxRecord, caplen)}
	}
	data, err := r.readN(int(caplen))
	if err != nil {
		return Packet{}, r.short(start+16, fmt.Sprintf("%d packet bytes, found %d", caplen, len(data)), err)
	}
	nanos := int64(frac)
	if !r.nano {
		nanos *= 1000
	}
	r.packet++
	return Packet{
		Number:   r.packet,
		Offset:   start,
		Time:     time.Unix(int64(sec), nanos).UTC(),
		LinkType: r.link,
		Data:     data,
		OrigLen:  int(max(origlen, caplen)),
	}, nil
}

// readBlock reads one pcapng block. It returns a packet for packet blocks,
// nil for blocks that only change the reader's state or are skipped.
func (r *Reader) readBlock() (*Packet, error) {
	if err := r.atEOF(); err != nil {
		return nil, err
	}
	start := r.off
	r.block++
	h, err := r.readN(8)
	if err != nil {
		return nil, r.short(start, fmt.Sprintf("an 8-byte block header, found %d bytes", len(h)), err)
	}
	// The section header's type reads the same in both byte orders, and
	// every other block comes after one: the order is known by then.
	typ := binary.LittleEndian.Uint32(h)
	if typ != ngSectionType {
		typ = r.order.Uint32(h)
	}
	if typ == ngSectionType {
		// A section header decides the byte order of everything in its
		// section, its own length included: look at the magic first.
		magic, err := r.r.Peek(4)
		if err != nil {
			if e := r.short(start+8, "a byte-order magic (1a2b3c4d) in the section header", err); e.Err != nil {
				return nil, e
			}
			return nil, &Error{Offset: start + 8, Block: r.block, What: "a byte-order magic (1a2b3c4d) in the section header, found the end of the file"}
		}
		switch {
		case binary.LittleEndian.Uint32(magic) == ngByteOrder:
			r.order = binary.LittleEndian
		case binary.BigEndian.Uint32(magic) == ngByteOrder:
			r.order = binary.BigEndian
		default:
			return nil, &Error{Offset: start + 8, Block: r.block, What: fmt.Sprintf("a byte-order magic 1a2b3c4d in either byte order, found %x", magic)}
		}
	}
	total := r.order.Uint32(h[4:])
	if total < 12 || total%4 != 0 || total > maxRecord {
		return nil, &Error{Offset: start + 4, Block: r.block, What: fmt.Sprintf("a block length that is a multiple of 4 between 12 and %d, found %d", maxRecord, total)}
	}
	body, err := r.readN(int(total) - 8)
	if err != nil {
		return nil, r.short(start+8, fmt.Sprintf("a block of %d bytes, found %d", total, len(body)+8), err)
	}
	if trail := r.order.Uint32(body[len(body)-4:]); trail != total {
		return nil, &Error{Offset: start + int64(total) - 4, Block: r.block, What: fmt.Sprintf("the block length repeated at its end (%d), found %d", total, trail)}
	}
	body = body[:len(body)-4]
	bodyOff := start + 8
	switch typ {
	case ngSectionType:
		if len(body) < 16 {
			return nil, &Error{Offset: bodyOff, Block: r.block, What: "a 16-byte section header body"}
		}
		if major := r.order.Uint16(body[4:]); major != 1 {
			return nil, &Error{Offset: bodyOff + 4, Block: r.block, What: fmt.Sprintf("pcapng major version 1, found %d", major)}
		}
		r.ifaces = r.ifaces[:0]
		return nil, nil
	case ngInterface:
		return nil, r.readInterface(body, bodyOff)
	case ngEnhancedPacket, ngPacketObsolete:
		return r.readPacketBlock(typ, body, start)
	case ngSimplePacket:
		return r.readSimplePacket(body, start)
	case ngSecrets:
		return nil, r.readSecrets(body, bodyOff)
	}
	return nil, nil
}

// readSecrets keeps a Decryption Secrets Block's TLS key log; secrets of
// other kinds (WireGuard, SSH, ...) are skipped.
func (r *Reader) readSecrets(body []byte, bodyOff int64) error {
	if len(body) < 8 {
		return &Error{Offset: bodyOff, Block: r.block, What: fmt.Sprintf("an 8-byte decryption secrets header, found %d bytes", len(body))}
	}
	typ, n := r.order.Uint32(body), r.order.Uint32(body[4:])
	if typ != ngTLSKeyLog {
		return nil
	}
	// Secrets said to run past their block (whose own length is sound)
	// are read to its end: the packets after it are not lost for that, and
	// a key log line cut there says where when the key log is read.
	n = uint32(min(uint64(n), uint64(len(body)-8)))
	if len(r.keyLog)+int(n)+1 > maxKeyLog {
		return &Error{Offset: bodyOff, Block: r.block, What: fmt.Sprintf("TLS secrets of at most %d MiB in all", maxKeyLog>>20)}
	}
	secrets := body[8 : 8+n]
	r.keyLog = append(r.keyLog, secrets...)
	if len(secrets) > 0 && secrets[len(secrets)-1] != '\n' {
		r.keyLog = append(r.keyLog, '\n')
	}
	return nil
}

func (r *Reader) readInterface(body []byte, bodyOff int64) error {
	if len(body) < 8 {
		return &Error{Offset: bodyOff, Block: r.block, What: fmt.Sprintf("an 8-byte interface description, found %d bytes", len(body))}
	}
	ifc := iface{
		link:    LinkType(r.order.Uint16(body[0:])),
		snaplen: r.order.Uint32(body[4:]),
		units:   1e6, // the pcapng default: microseconds
	}
	err := r.options(body[8:], bodyOff+8, func(code uint16, val []byte, at int64) error {
		switch code {
		case 9: // if_tsresol
			if len(val) != 1 {
				return &Error{Offset: at, Block: r.block, What: fmt.Sprintf("a 1-byte if_tsresol, found %d bytes", len(val))}
			}
			v := val[0]
			switch {
			case v&0x80 != 0 && v&0x7f <= 63:
				ifc.units = 1 << (v & 0x7f)
			case v&0x80 == 0 && v <= 19:
				ifc.units = 1
				for range v {
					ifc.units *= 10
				}
			default:
				return &Error{Offset: at, Block: r.block, What: fmt.Sprintf("an if_tsresol of at most 10^-19 or 2^-63, found 0x%02x", v)}
			}
		case 14: // if_tsoffset
			if len(val) != 8 {
				return &Error{Offset: at, Block: r.block, What: fmt.Sprintf("an 8-byte if_tsoffset, found %d bytes", len(val))}
			}
			ifc.offset = int64(r.order.Uint64(val))
		}
		return nil
	})
	if err != nil {
		return err
	}
	r.ifaces = append(r.ifaces, ifc)
	return nil
}

// options walks a pcapng option list. A list may end without the
// end-of-options marker, as the format allows.
func (r *Reader) options(b []byte, at int64, each func(code uint16, val []byte, at int64) error) error {
	for len(b) >= 4 {
		code := r.order.Uint16(b[0:])
		n := int(r.order.Uint16(b[2:]))
		if code == 0 {
			return nil
		}
		padded := (n + 3) &^ 3
		if padded > len(b)-4 {
			return &Error{Offset: at, Block: r.block, What: fmt.Sprintf("option %d of %d bytes within the block, found %d bytes left", code, n, len(b)-4)}
		}
		if err := each(code, b[4:4+n], at+4); err != nil {
			return err
		}
		b = b[4+padded:]
		at += int64(4 + padded)
	}
	return nil
}

func (r *Reader) readPacketBlock(typ uint32, body []byte, start int64) (*Packet, error) {
	if len(body) < 20 {
		return nil, &Error{Offset: start + 8, Block: r.block, What: fmt.Sprintf("a 20-byte packet block header, found %d bytes", len(body))}
	}
	var id uint32
	if typ == ngEnhancedPacket {
		id = r.order.Uint32(body[0:])
	} else {
		id = uint32(r.order.Uint16(body[0:]))
	}
	if int64(id) >= int64(len(r.ifaces)) {
		return nil, &Error{Offset: start + 8, Block: r.block, What: fmt.Sprintf("an interface id below %d (the interfaces described so far), found %d", len(r.ifaces), id)}
	}
	ifc := r.ifaces[id]
	ts := uint64(r.order.Uint32(body[4:]))<<32 | uint64(r.order.Uint32(body[8:]))
	caplen := r.order.Uint32(body[12:])
	origlen := r.order.Uint32(body[16:])
	if uint64(caplen) > uint64(len(body)-20) {
		return nil, &Error{Offset: start + 20, Block: r.block, What: fmt.Sprintf("a captured length within the block (%d bytes), found %d", len(body)-20, caplen)}
	}
	r.packet++
	return &Packet{
		Number:    r.packet,
		Offset:    start,
		Time:      ifc.time(ts),
		LinkType:  ifc.link,
		Interface: int(id),
		Data:      body[20 : 20+caplen],
		OrigLen:   int(max(origlen, caplen)),
	}, nil
}

func (r *Reader) readSimplePacket(body []byte, start int64) (*Packet, error) {
	if len(r.ifaces) == 0 {
		return nil, &Error{Offset: start, Block: r.block, What: "an interface description before a simple packet block"}
	}
	if len(body) < 4 {
		return nil, &Error{Offset: start + 8, Block: r.block, What: "a 4-byte original length in the simple packet block"}
	}
	ifc := r.ifaces[0]
	origlen := r.order.Uint32(body[0:])
	// A simple packet block has no captured length: it is the original
	// length cut by the snap length, and never more than the block holds.
	caplen := uint64(origlen)
	if ifc.snaplen != 0 {
		caplen = min(caplen, uint64(ifc.snaplen))
	}
	caplen = min(caplen, uint64(len(body)-4))
	r.packet++
	return &Packet{
		Number:   r.packet,
		Offset:   start,
		LinkType: ifc.link,
		Data:     body[4 : 4+caplen],
		OrigLen:  int(max(uint64(origlen), caplen)),
	}, nil
}

// time turns a pcapng timestamp in the interface's units into a time.
func (ifc iface) time(ts uint64) time.Time {
	sec := ts / ifc.units
	frac := ts % ifc.units
	hi, lo := bits.Mul64(frac, 1e9)
	nanos, _ := bits.Div64(hi, lo, ifc.units) // hi < units, since frac < units
	if sec > 1<<62 {
		sec = 1 << 62
	}
	return time.Unix(int64(sec)+ifc.offset, int64(nanos)).UTC()
}
