package capture

import (
	"bytes"
	"errors"
	"io"
	"time"
)

// Capture is what a capture file holds: its TCP streams, and counts of
// the packets that gave none.
type Capture struct {
	Format    Format
	Packets   int       // packets read
	TCP       int       // packets with a TCP segment
	NotTCP    int       // packets with something else (ARP, UDP, ICMP, ...): skipped
	Fragments int       // IP fragments: reported, not reassembled
	Truncated int       // packets the snap length cut
	Malformed int       // packets whose headers do not parse
	Problems  []Problem // the first packets that were fragments or malformed
	// Last is the time of the latest packet of any kind: a request left
	// unanswered waited at least until then.
	Last    time.Time
	Streams []*Stream // one per connection and direction; set by Finish
	// KeyLog is the TLS key log a pcapng carries in its Decryption
	// Secrets Blocks (editcap --inject-secrets); nil for none.
	KeyLog []byte

	asm *Assembler
}

// Problem is a packet that could not give a TCP segment.
type Problem struct {
	Packet int   // 1-based packet number
	Offset int64 // file offset of its record or block
	Err    error // wraps ErrFragment, or a *DecodeError
}

// maxProblems bounds Capture.Problems: a capture of garbage has a problem
// in every packet, and the counts say the rest.
const maxProblems = 100

// Read reads a whole pcap or pcapng capture from r, packet by packet, and
// reassembles its TCP streams. The file is never held whole: memory is the
// stream bytes plus one packet. When the file breaks, Read returns what
// the packets before the break gave, with an *Error saying where.
func Read(r io.Reader) (*Capture, error) {
	c := &Capture{}
	rd, err := NewReader(r)
	if err != nil {
		return c, err
	}
	c.Format = rd.Format()
	for {
		p, err := rd.Next()
		if err != nil {
			c.KeyLog = rd.KeyLog()
			c.Finish()
			if errors.Is(err, io.EOF) {
				return c, nil
			}
			return c, err
		}
		c.AddPacket(&p)
	}
}

// ReadBytes is Read for a capture already in memory.
func ReadBytes(b []byte) (*Capture, error) {
	return Read(bytes.NewReader(b))
}

// AddPacket decodes one packet and feeds its TCP segment to the
// reassembly; Read calls it for every packet of a file. It is there for
// callers that read packets themselves: a page that reads in steps to
// stay responsive, or packets taken from a text dump. The packet's bytes
// are copied where kept.
func (c *Capture) AddPacket(p *Packet) {
	if c.asm == nil {
		c.asm = NewAssembler()
	}
	c.Packets++
	if p.Time.After(c.Last) {
		c.Last = p.Time
	}
	if p.Truncated() {
		c.Truncated++
	}
	seg, err := DecodePacket(p.LinkType, p.Data)
	switch {
	case err == nil:
		c.TCP++
		c.asm.Add(seg, p.Time, p.Number)
		return
	case errors.Is(err, ErrNotTCP):
		c.NotTCP++
		return
	case errors.Is(err, ErrFragment):
		c.Fragments++
	default:
		c.Malformed++
	}
	if len(c.Problems) < maxProblems {
		c.Problems = append(c.Problems, Problem{Packet: p.Number, Offset: p.Offset, Err: err})
	}
}

// Finish ends the reassembly and sets Streams: bytes still missing before
// segments that waited for them become gaps.
func (c *Capture) Finish() {
	if c.asm != nil {
		c.Streams = c.asm.Streams()
	}
}
