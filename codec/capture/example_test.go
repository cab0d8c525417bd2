package capture

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"log"
)

func ExampleRead() {
	// A capture as tcpdump -w writes it; here, from the tests' writer.
	file := writePcap(binary.LittleEndian, true, LinkEthernet,
		packets(linkSpec{link: LinkEthernet}, conversation(client4, server4, [][]byte{[]byte("hello, "), []byte("server")}, []byte("hi"))))
	c, err := Read(bytes.NewReader(file))
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range c.Streams {
		m, _ := s.MarkAt(0)
		fmt.Printf("conn %d %v>%v (%v): %q from packet %d\n", s.Conn, s.Src, s.Dst, s.Role, s.Data, m.Packet)
	}
	// Output:
	// conn 0 10.0.0.1:51234>10.0.0.2:9092 (client): "hello, server" from packet 4
	// conn 0 10.0.0.2:9092>10.0.0.1:51234 (server): "hi" from packet 6
}

func ExampleGuessLinkType() {
	// The bytes of one packet from tcpdump -XX: Ethernet, then IPv4.
	pkt := linkSpec{link: LinkEthernet}.frame(ipPacket(data(1, "payload")))
	link, ok := GuessLinkType(pkt)
	seg, err := DecodePacket(link, pkt)
	fmt.Println(link, ok, seg.Src, seg.Dst, string(seg.Payload), err)
	// Output: ethernet true 10.0.0.1:51234 10.0.0.2:9092 payload <nil>
}
