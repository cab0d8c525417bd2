package source

import "fmt"

// readCapture is where the packet-capture reader plugs in. It gets the whole
// file (Sniff has seen the pcap magic or a pcapng section header) and returns
// one Stream per TCP connection and direction, in the order the connections
// were first seen, with the link, IP and TCP headers stripped and the
// segments reassembled by sequence number: Origin "pcap" or "pcapng", Conn
// "client:port>server:port", Dir, the Gaps it could not fill and the time of
// every Segment. An error keeps the streams read before it.
//
// Packet text dumps (tcpdump -X, tshark -x) hold the same link, IP and TCP
// headers: once codec/hexin reports the packets of such a dump one by one,
// readText hands them to the same reassembly instead of taking the
// concatenated bytes as one stream.
//
// Until the reader exists (codec/capture), a capture is refused with an error
// that says so, rather than read as bytes.
func readCapture(data []byte, k Kind) ([]Stream, error) {
	return nil, fmt.Errorf("this is a %s packet capture (%d bytes): reading captures is not built yet; export the packet bytes as hex (Wireshark: Copy as Hex Dump) and paste those", k, len(data))
}
