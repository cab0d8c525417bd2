package capture

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"runtime"
	"sync"
	"testing"
	"time"
)

var (
	bigCaptureOnce sync.Once
	bigCapture     []byte
	bigPayload     int
)

// syntheticCapture writes a ~100 MB pcap: 64 connections over Ethernet,
// each sending 1448-byte segments both ways, interleaved, with every
// 50th segment sent out of order and every 97th retransmitted, so the
// reassembler does its real work.
func syntheticCapture() ([]byte, int) {
	bigCaptureOnce.Do(func() {
		const conns, target = 64, 100 << 20
		payload := requestBytes(1448)
		eth := linkSpec{link: LinkEthernet}
		var pkts []testPacket
		seqs := make([][2]uint32, conns)
		size := 24
		for i := 0; size < target; i++ {
			c := i % conns
			dir := (i / conns) % 2
			client := netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 1, byte(c >> 8), byte(c)}), uint16(40000+c))
			src, dst := client, server4
			if dir == 1 {
				src, dst = server4, client
			}
			s := tcpSeg{src: src, dst: dst, seq: seqs[c][dir], flags: FlagACK, payload: payload}
			seqs[c][dir] += uint32(len(payload))
			p := testPacket{time: t0.Add(time.Duration(i) * time.Microsecond), data: eth.frame(ipPacket(s))}
			pkts = append(pkts, p)
			if n := len(pkts); i%50 == 49 && n >= 2*conns {
				pkts[n-1], pkts[n-1-2*conns] = pkts[n-1-2*conns], pkts[n-1]
			}
			if i%97 == 96 {
				pkts = append(pkts, p)
			}
			size += 16 + len(p.data)
			bigPayload += len(payload)
		}
		bigCapture = writePcap(binary.LittleEndian, true, LinkEthernet, pkts)
	})
	return bigCapture, bigPayload
}

// BenchmarkRead reads and reassembles the synthetic capture: the rate is
// file bytes per second; live-MB is the heap kept after the last read
// (the file itself and the streams it gave).
func BenchmarkRead(b *testing.B) {
	file, payload := syntheticCapture()
	b.SetBytes(int64(len(file)))
	b.ReportAllocs()
	var c *Capture
	for b.Loop() {
		var err error
		c, err = Read(bytes.NewReader(file))
		if err != nil {
			b.Fatal(err)
		}
	}
	got := 0
	for _, s := range c.Streams {
		got += len(s.Data)
		if len(s.Gaps) != 0 {
			b.Fatalf("%v: gaps %v", s.Src, s.Gaps)
		}
	}
	if got != payload {
		b.Fatalf("reassembled %d bytes, want %d", got, payload)
	}
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "live-MB")
	runtime.KeepAlive(c)
	b.ReportMetric(float64(len(file))/(1<<20), "file-MB")
}
