package capture

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"testing"
)

// allocBound is what reading a file of n bytes may allocate: the stream
// bytes with their growth, one record's buffer, the segment marks and
// connection tables, and the reader's fixed buffer. A length field in the
// file must not move it: it costs what the file holds, not what it says.
func allocBound(n int) uint64 { return 64*uint64(n) + 1<<20 }

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func seedFiles() [][]byte {
	pkts := smallConversation()
	raw := packets(linkSpec{link: LinkRaw}, conversation(client6, server6, chunks(requestBytes(200), 50), []byte("resp")))
	for i := range raw {
		raw[i].iface = 1
	}
	ng := writePcapng(binary.BigEndian, []testIface{{link: LinkEthernet}, {link: LinkRaw, tsresol: 9}}, append(pkts, raw...), true)
	pcap := writePcap(binary.LittleEndian, true, LinkEthernet, pkts)
	return [][]byte{pcap, ng, pcap[:len(pcap)-7], writePcap(binary.BigEndian, false, LinkLinuxSLL2, packets(linkSpec{link: LinkLinuxSLL2}, conversation(client4, server4, [][]byte{[]byte("x")}, nil)))}
}

func FuzzRead(f *testing.F) {
	for _, s := range seedFiles() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, file []byte) {
		if got := allocated(func() { ReadBytes(file) }); got > allocBound(len(file)) {
			t.Fatalf("reading %d bytes allocated %d, more than %d", len(file), got, allocBound(len(file)))
		}
		// The packet-level entry on whatever the file's packets hold.
		r, err := NewReader(bytes.NewReader(file))
		if err != nil {
			return
		}
		for {
			p, err := r.Next()
			if err != nil {
				return
			}
			DecodePacket(p.LinkType, p.Data)
			if l, ok := GuessLinkType(p.Data); ok {
				DecodePacket(l, p.Data)
			}
		}
	})
}

// TestHostileLengths: records and blocks that claim far more bytes than
// the file has cost what the file holds, and fail with where they are.
func TestHostileLengths(t *testing.T) {
	le := binary.LittleEndian
	pcap := writePcap(le, false, LinkRaw, nil)
	pcap = le.AppendUint32(pcap, 0)
	pcap = le.AppendUint32(pcap, 0)
	pcap = le.AppendUint32(pcap, maxRecord) // the largest captured length accepted
	pcap = le.AppendUint32(pcap, maxRecord)
	pcap = append(pcap, bytes.Repeat([]byte{0x45}, 100)...)
	ng := writePcapng(le, []testIface{{link: LinkRaw}}, nil, false)
	ng = le.AppendUint32(ng, ngEnhancedPacket)
	ng = le.AppendUint32(ng, maxRecord)
	ng = append(ng, make([]byte, 100)...)
	// A stream whose sequence numbers jump by 2 GiB between 3 packets.
	var jumps []testPacket
	for _, seq := range []uint32{1, 1 << 31, 1<<32 - 10} {
		jumps = append(jumps, testPacket{time: t0, data: ipPacket(data(seq, "abc"))})
	}
	jumpFile := writePcap(le, false, LinkRaw, jumps)
	for name, file := range map[string][]byte{"pcap record": pcap, "pcapng block": ng, "sequence jumps": jumpFile} {
		var err error
		got := allocated(func() { _, err = ReadBytes(file) })
		if got > allocBound(len(file)) {
			t.Errorf("%s: %d bytes allocated for a %d-byte file, more than %d", name, got, len(file), allocBound(len(file)))
		}
		if name != "sequence jumps" && err == nil {
			t.Errorf("%s: no error for a length past the end", name)
		}
	}
}
