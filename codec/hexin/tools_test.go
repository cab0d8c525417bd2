package hexin

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The packet samples were printed by tcpdump -X, tcpdump -XX and tshark -x
// from captures on lo of a throwaway program that sent one request and
// got one response over TCP on 127.0.0.1: "dp" a DescribeProducers v0
// request (in two writes) from port 47001, "gz" a Produce v3 request with
// a gzip batch to port 9092 from port 47003, which tshark decodes as Kafka
// and so shows the decompressed records as a second data source. *.sent
// holds the request and the response in hex.
func TestPacketSamples(t *testing.T) {
	for _, sample := range []struct {
		name       string
		clientPort uint16
	}{{"dp", 47001}, {"gz", 47003}} {
		sent := strings.Fields(fixture(t, sample.name+".sent"))
		wantReq, wantResp := mustHex(sent[0]), mustHex(sent[1])
		for _, tool := range []struct {
			file  string
			f     Format
			layer Layer
		}{
			{"tcpdump-X", TcpdumpX, LayerIP},
			{"tcpdump-XX", TcpdumpX, LayerLink},
			{"tshark-x", Wireshark, LayerLink},
		} {
			t.Run(sample.name+"/"+tool.file, func(t *testing.T) {
				text := fixture(t, sample.name+"."+tool.file)
				r, err := Parse(text)
				require.NoError(t, err)
				assert.Equal(t, tool.f, r.Format)
				lines := strings.Split(text, "\n")
				var headers []int // lines where a packet starts
				for i, l := range lines {
					// tshark starts each packet at offset 0000 after a blank line
					// or the title of its first data source.
					if tool.f == TcpdumpX && l != "" && l[0] != '\t' ||
						tool.f == Wireshark && strings.HasPrefix(l, "0000 ") && (i == 0 || lines[i-1] == "" || strings.HasPrefix(lines[i-1], "Frame (")) {
						headers = append(headers, i+1)
					}
				}
				require.Len(t, r.Packets, len(headers))
				var req, resp, all []byte
				for i, p := range r.Packets {
					if tool.f == TcpdumpX {
						assert.Equal(t, headers[i], p.Line)
						assert.Equal(t, lines[headers[i]-1], p.Header)
					} else {
						assert.Empty(t, p.Header)
					}
					assert.Equal(t, tool.layer, p.Layer, "packet %d", i)
					src, payload := tcpPayload(t, p.Bytes, p.Layer)
					if src == sample.clientPort {
						req = append(req, payload...)
					} else {
						resp = append(resp, payload...)
					}
					all = append(all, p.Bytes...)
				}
				assert.Equal(t, wantReq, req, "the request, from the packets' TCP payloads")
				assert.Equal(t, wantResp, resp, "the response, from the packets' TCP payloads")
				assert.Equal(t, all, r.Bytes)
				assert.Equal(t, fmt.Sprintf("%d packets, their bytes one after another", len(headers)), r.Note)
			})
		}
	}
}

// tcpPayload cuts the IPv4 and TCP headers off a packet of the samples.
func tcpPayload(t *testing.T, b []byte, layer Layer) (srcPort uint16, payload []byte) {
	if layer == LayerLink {
		require.Equal(t, []byte{8, 0}, b[12:14], "an Ethernet header with IPv4 inside")
		b = b[14:]
	}
	require.Equal(t, byte(4), b[0]>>4)
	require.Equal(t, int(binary.BigEndian.Uint16(b[2:])), len(b), "the IP length is the packet's")
	tcp := b[int(b[0]&15)*4:]
	return binary.BigEndian.Uint16(tcp), tcp[int(tcp[12]>>4)*4:]
}

// Text that holds no bytes gets one error that says what was tried and
// where the closest reading stopped.
func TestNothingReadable(t *testing.T) {
	for _, tt := range []struct {
		text      string
		closest   Format
		line, col int
		stopped   string
	}{
		{"hello world zz", Base64, 1, 6, "expected a base64 character, found ' '"},
		{"%7|1701388800.123|SEND|rdkafka#producer-1| [thrd:127.0.0.1:9092/bootstrap]: 127.0.0.1:9092/bootstrap: Sent ApiVersionRequest (v3, 40 bytes @ 0, CorrId 1)\n" +
			"%7|1701388800.124|RECV|rdkafka#producer-1| [thrd:127.0.0.1:9092/bootstrap]: 127.0.0.1:9092/bootstrap: Received ApiVersionResponse (v3, 436 bytes, CorrId 1, rtt 0.52ms)\n",
			Percent, 1, 3, "expected a hex digit after '%', found '|'"},
	} {
		_, err := Parse(tt.text)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, Formats(), e.Tried)
		assert.Equal(t, tt.closest, e.Format)
		assert.Equal(t, []int{tt.line, tt.col}, []int{e.Line, e.Column})
		for _, want := range []string{"found no bytes", "dumps (hexdump, xxd, od, tcpdump, tshark, Wireshark's Follow Stream, librdkafka)", "encodings (hex, base64, percent)",
			"the closest, " + string(tt.closest) + ", stopped here: " + tt.stopped} {
			assert.Contains(t, e.Error(), want)
		}
	}
}

var _ = hex.EncodeToString
