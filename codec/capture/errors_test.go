package capture

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// smallConversation is a file's worth of packets: handshake, a request
// in three segments, the response, and the closes (9 packets).
func smallConversation() []testPacket {
	return packets(linkSpec{link: LinkEthernet}, conversation(client4, server4, chunks([]byte("request-bytes"), 5), []byte("response")))
}

// TestBrokenTail cuts files inside their last packet: every packet before
// the cut is kept, and the error says where the cut packet starts.
func TestBrokenTail(t *testing.T) {
	pkts := smallConversation()
	pcap := writePcap(binary.LittleEndian, false, LinkEthernet, pkts)
	ng := writePcapng(binary.BigEndian, []testIface{{link: LinkEthernet}}, pkts, false)
	lastPcap := int64(len(pcap) - 16 - len(pkts[len(pkts)-1].data))
	tests := []struct {
		name    string
		file    []byte
		offset  int64
		block   int
		packets int
	}{
		{"pcap cut in the data", pcap[:len(pcap)-3], lastPcap + 16, 9, 8},
		{"pcap cut in the record header", pcap[:lastPcap+5], lastPcap, 9, 8},
		// pcapng: the section, an interface and two skipped blocks come
		// before the 9 packet blocks.
		{"pcapng cut in the last block", ng[:len(ng)-6], -1, 13, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ReadBytes(tt.file)
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v, want an *Error", err)
			}
			if fe.Block != tt.block || (tt.offset >= 0 && fe.Offset != tt.offset) || !strings.Contains(fe.What, "cut short") {
				t.Errorf("error %v: block %d at %d, want block %d at %d, cut short", fe, fe.Block, fe.Offset, tt.block, tt.offset)
			}
			if c.Packets != tt.packets {
				t.Errorf("%d packets kept, want %d", c.Packets, tt.packets)
			}
			// The request was complete before the cut.
			if len(c.Streams) == 0 || string(c.Streams[0].Data) != "request-bytes" {
				t.Errorf("streams before the cut: %+v", c.Streams)
			}
		})
	}
}

func TestBadFiles(t *testing.T) {
	le := binary.LittleEndian
	ng := writePcapng(le, []testIface{{link: LinkRaw}}, []testPacket{{time: t0, data: ipPacket(data(1, "x"))}}, false)
	shbLen := int(le.Uint32(ng[4:]))
	idbLen := int(le.Uint32(ng[shbLen+4:]))
	epbAt := shbLen + idbLen + 16 + 24 // after the two skipped blocks
	patch := func(at int, v uint32) []byte {
		b := bytes.Clone(ng)
		le.PutUint32(b[at:], v)
		return b
	}
	tests := []struct {
		name   string
		file   []byte
		offset int64
		block  int
		what   string
	}{
		{"empty", nil, 0, 0, "an empty file"},
		{"unknown magic", []byte("GIF89a......"), 0, 0, "pcap magic"},
		{"short pcap header", writePcap(le, false, LinkRaw, nil)[:20], 0, 0, "24-byte pcap file header"},
		{"huge pcap record", append(writePcap(le, false, LinkRaw, nil), 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0), 24 + 8, 1, "captured length up to"},
		{"bad byte-order magic", patch(8, 0x01020304), 8, 1, "byte-order magic"},
		{"block length not a multiple of 4", patch(shbLen+4, 21), int64(shbLen + 4), 2, "multiple of 4"},
		{"huge block length", patch(shbLen+4, 0xfffffff0), int64(shbLen + 4), 2, "multiple of 4"},
		{"trailing length differs", patch(shbLen+idbLen-4, 8), int64(shbLen + idbLen - 4), 2, "repeated at its end"},
		{"unknown interface", patch(epbAt+8, 3), int64(epbAt + 8), 5, "interface id below 1"},
		{"captured length past the block", patch(epbAt+20, 1000), int64(epbAt + 20), 5, "captured length within the block"},
		{"packet block before a section", ng[shbLen:], 0, 0, "pcapng section header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ReadBytes(tt.file)
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v, want an *Error", err)
			}
			if fe.Offset != tt.offset || fe.Block != tt.block || !strings.Contains(fe.What, tt.what) {
				t.Errorf("got %q (offset %d block %d), want %q at %d in block %d", fe, fe.Offset, fe.Block, tt.what, tt.offset, tt.block)
			}
			if c == nil {
				t.Error("no Capture returned with the error")
			}
		})
	}
}

// TestErrorSticks: after a broken record, Next keeps giving the error
// instead of reading on from the middle of the record.
func TestErrorSticks(t *testing.T) {
	pcap := writePcap(binary.LittleEndian, false, LinkRaw, []testPacket{{time: t0, data: ipPacket(data(1, "x"))}})
	r, err := NewReader(bytes.NewReader(pcap[:len(pcap)-2]))
	if err != nil {
		t.Fatal(err)
	}
	_, first := r.Next()
	_, again := r.Next()
	if first == nil || again != first {
		t.Fatalf("errors %v then %v, want the same error twice", first, again)
	}
}

// A Decryption Secrets Block whose secrets would run past the block is
// read to the block's end, and the blocks after it are read: a broken
// key log does not cost the capture its packets.
func TestBadSecretsBlock(t *testing.T) {
	le := binary.LittleEndian
	pkts := smallConversation()
	ng := writePcapng(le, []testIface{{link: LinkEthernet}}, pkts, false)
	shbLen := int(le.Uint32(ng[4:]))
	idbLen := int(le.Uint32(ng[shbLen+4:]))
	secrets := func(length uint32, text string) []byte {
		body := le.AppendUint32(nil, ngTLSKeyLog)
		body = le.AppendUint32(body, length)
		body = append(body, text...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
		b := le.AppendUint32(nil, ngSecrets)
		b = le.AppendUint32(b, uint32(12+len(body)))
		b = append(b, body...)
		return le.AppendUint32(b, uint32(12+len(body)))
	}
	at := shbLen + idbLen
	file := append(append(append(bytes.Clone(ng[:at]), secrets(5, "# one")...), secrets(1000, "# two")...), ng[at:]...)
	c, err := ReadBytes(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(c.KeyLog) != "# one\n# two\x00\x00\x00\n" {
		t.Errorf("the key log: %q", c.KeyLog)
	}
	if c.Packets != len(pkts) {
		t.Errorf("%d packets read, want %d", c.Packets, len(pkts))
	}
}
