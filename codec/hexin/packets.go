package hexin

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Packet is one packet of a packet dump.
type Packet struct {
	Bytes []byte
	// Header is the summary line the tool printed above the bytes (tcpdump's
	// "12:34:56.789012 IP 127.0.0.1.9092 > ..."), or "" when there is none.
	Header string
	Layer  Layer
	Line   int // 1-based line of the text where the packet starts
	// Time is when the packet was captured, when the dump says it: to the
	// day (the "Epoch Time" of tshark -V's details, tcpdump -tt or -tttt),
	// or only its time of day (tcpdump's default), which Dateless tells.
	// Zero otherwise.
	Time time.Time
}

// Layer says which protocol header a packet's bytes start with.
type Layer int

const (
	LayerUnknown Layer = iota
	LayerLink          // a link-layer header: tshark -x, tcpdump -XX
	LayerIP            // the IP header: tcpdump -X, raw IP captures
)

func (l Layer) String() string {
	switch l {
	case LayerLink:
		return "link"
	case LayerIP:
		return "ip"
	}
	return "unknown"
}

// chunk is the text of one packet: an optional header line and the lines
// of bytes below it.
type chunk struct {
	header             string
	time               time.Time
	headerAt           int // offset of the header line, or of the first data line
	dataStart, dataEnd int
	sp                 *dumpSpec // how its lines are read, when not as the dump's others are
	// length is how many bytes the text says the packet holds (tshark's
	// title, or -V's "Frame 1: 74 bytes on wire (592 bits), 74 bytes
	// captured"), 0 when it does not say.
	length int
}

// readPackets reads each chunk's bytes with sp and joins them.
func readPackets(text string, sp *dumpSpec, chunks []chunk, layer func([]byte) Layer) (Result, *Error) {
	res := Result{Format: sp.format}
	line, counted := 1, 0 // the line number at offset counted, kept up as chunks go on
	for k, c := range chunks {
		line += strings.Count(text[counted:c.headerAt], "\n")
		counted = c.headerAt
		if c.dataStart == c.dataEnd {
			if k == len(chunks)-1 && k > 0 && strings.TrimSpace(text[c.dataEnd:]) == "" {
				// The text stops at the last packet's summary (head -n,
				// a copy up to a line): the packets above it are whole.
				res.LeftOut = fmt.Sprintf("the text stops at the summary line of its last packet (line %d), before its bytes: that packet was left out", line)
				break
			}
			return Result{}, errAt(sp.format, c.dataEnd, "expected the packet's bytes below its header line, %s", found(text, c.dataEnd))
		}
		csp := sp
		if c.sp != nil {
			csp = c.sp
		}
		b, _, err := parseDump(text[c.dataStart:c.dataEnd], csp)
		if err != nil {
			err.off += c.dataStart
			return Result{}, err
		}
		res.Packets = append(res.Packets, Packet{
			Bytes: b, Header: c.header, Layer: layer(b),
			Line: line, Time: c.time,
		})
	}
	if len(res.Packets) == 0 {
		return Result{}, errAt(sp.format, 0, "expected a line of bytes")
	}
	k := len(res.Packets) - 1
	cut := len(res.Packets) == len(chunks) && chunks[k].length > len(res.Packets[k].Bytes)
	if res.LeftOut == "" && headersCut(res.Packets[:k], res.Packets[k], cut) {
		// The text stops inside the last packet's headers: what is there
		// is no payload, and read as one it would make up a frame.
		if k == 0 {
			return Result{}, errAt(sp.format, len(text), "the text stops inside the headers of its only packet (line %d): it holds %d bytes, no payload", res.Packets[k].Line, len(res.Packets[k].Bytes))
		}
		res.LeftOut = fmt.Sprintf("the text stops inside the headers of its last packet (line %d), which was left out", res.Packets[k].Line)
		res.Packets = res.Packets[:k]
	}
	n := 0
	for _, p := range res.Packets {
		n += len(p.Bytes)
	}
	res.Bytes = make([]byte, 0, n)
	for _, p := range res.Packets {
		res.Bytes = append(res.Bytes, p.Bytes...)
	}
	if len(res.Packets) > 1 {
		res.Note = fmt.Sprintf("%d packets, their bytes one after another", len(res.Packets))
	}
	return res, nil
}

// headersCut reports whether last, the last packet of a dump whose packets
// before it are before, stops inside its link, IP or TCP header: it starts
// as the packets before it do (at the link layer, or at the IP header), or
// as its summary says (tcpdump's names IP), or as a packet the text says
// is cut (cut) does, but is too short to hold all its headers. A packet cut inside its payload is not: its headers say how
// much is missing, as a snap length's would.
func headersCut(before []Packet, last Packet, cut bool) bool {
	b := last.Bytes
	link := -1 // the link header's length in the packets before, 0 for none
	// When the text says the packet holds more, or its summary names IP:
	// it starts with a link header (tshark's do) or an IP header.
	if h := " " + last.Header + " "; cut || strings.Contains(h, " IP ") || strings.Contains(h, " IP6 ") {
		switch {
		case len(b) > 0 && (b[0]>>4 == 4 || b[0]>>4 == 6):
			link = 0
		case len(b) < 14:
			return true
		default:
			link = linkLen(b)
		}
	}
	for _, p := range before {
		if p.Layer == LayerIP {
			link = 0
			break
		}
		if p.Layer == LayerLink {
			link = linkLen(p.Bytes)
			break
		}
	}
	if link < 0 {
		return false
	}
	if len(b) < link {
		return true
	}
	ip := b[link:]
	switch {
	case len(ip) == 0:
		return true
	case ip[0]>>4 == 4:
		hl := int(ip[0]&15) * 4
		if hl < 20 {
			return false
		}
		return len(ip) < hl+20 || len(ip) < hl+int(ip[hl+12]>>4)*4
	case ip[0]>>4 == 6:
		return len(ip) < 40+20 || len(ip) < 40+int(ip[40+12]>>4)*4
	}
	return false
}

// linkLen is the length of the link header b starts with, of those layerOf
// tells: Ethernet, Linux cooked v1 and v2, BSD loopback.
func linkLen(b []byte) int {
	isIP := func(t []byte) bool {
		return len(t) >= 2 && (t[0] == 0x08 && t[1] == 0x00 || t[0] == 0x86 && t[1] == 0xdd)
	}
	switch {
	case len(b) >= 14 && isIP(b[12:]):
		return 14
	case len(b) >= 16 && isIP(b[14:]):
		return 16
	case len(b) >= 20 && isIP(b[0:]):
		return 20
	}
	return 4
}

// readTcpdump reads tcpdump -X and -XX: per packet a summary line, then
// lines of bytes indented by a tab and prefixed by 0x offsets. With -v
// the summary goes on over lines indented by spaces, which are joined.
func readTcpdump(text string) (Result, *Error) {
	var chunks []chunk
	cur := -1     // index of the open chunk
	full := false // a chunk fails: no more are kept
	// underSummary: the lines above were a summary (and its -v lines), with
	// no bytes yet; decided by the lines alone, as the fuzz test's oracle does.
	underSummary := false
	counts := false // tcpdump's counts were seen
	for start := 0; start < len(text); {
		eol, next := lineEnd(text, start)
		line := tcpdumpLine(text[start:eol])
		delta := text[start] == ' ' && line != "" && line[0] != ' ' // -ttt, -ttttt: tcpdumpLine took its space
		summaryLine := false
		if t := strings.TrimSpace(line); t != "" {
			summaryLine = underSummary && line[0] == ' ' && !strings.HasPrefix(t, "0x") ||
				line[0] != ' ' && line[0] != '\t' && !strings.HasPrefix(line, "0x") && (tcpdumpHeader(line) || eol == len(text) && tcpdumpCutSummary(line))
		}
		switch {
		case strings.TrimSpace(line) == "":
		case counts && !tcpdumpCounts(line):
			return Result{}, errAt(TcpdumpX, start, "expected nothing after tcpdump's count of packets, %s", found(text, start))
		case cur >= 0 && !full && line[0] == ' ' && chunks[cur].dataStart == chunks[cur].dataEnd && !strings.HasPrefix(strings.TrimSpace(line), "0x"):
			// The summary's next line (-v), before any bytes.
			chunks[cur].header += " " + strings.TrimSpace(line)
			chunks[cur].dataStart, chunks[cur].dataEnd = next, next
		case line[0] == ' ' || line[0] == '\t' || strings.HasPrefix(line, "0x"):
			if full {
				break
			}
			if cur < 0 {
				// Bytes with no header line above them (copied without it).
				chunks = append(chunks, chunk{headerAt: start, dataStart: start, dataEnd: start})
				cur = 0
			}
			if chunks[cur].dataStart == chunks[cur].dataEnd {
				chunks[cur].dataStart = start
			}
			chunks[cur].dataEnd = next
		case cur < 0 && tcpdumpBanner(line):
			// tcpdump prints these to stderr, and they get copied along.
		case cur >= 0 && tcpdumpCounts(line):
			// What tcpdump prints when it is stopped (^C): its counts.
			counts = true
		case tcpdumpHeader(line) || eol == len(text) && tcpdumpCutSummary(line):
			if cur >= 0 && chunks[cur].dataStart == chunks[cur].dataEnd {
				// A header with no bytes below it fails the reading at the
				// latest there: the chunks after it are not kept (each line
				// of another dump may pass for a header, and a 1 MiB frame's
				// has 68,000), but the lines are still read, since one that
				// is neither header nor bytes fails the reading first.
				full = true
			}
			if full {
				break
			}
			var at time.Time
			if !delta {
				at = tcpdumpTime(line)
			}
			chunks = append(chunks, chunk{header: line, time: at, headerAt: start, dataStart: next, dataEnd: next})
			cur = len(chunks) - 1
		default:
			if underSummary {
				// Right under a summary: the text of tcpdump -A.
				return Result{}, errAt(TcpdumpX, start, "expected a tcpdump offset like 0x0010: under the packet's summary, %s (tcpdump -A prints only the bytes it can show: -X or -XX prints them all)", found(text, start))
			}
			return Result{}, errAt(TcpdumpX, start, "expected a tcpdump offset like 0x0010: or a packet's summary line, %s", found(text, start))
		}
		if strings.TrimSpace(line) != "" {
			underSummary = summaryLine
		}
		start = next
	}
	datePast(chunks)
	return readPackets(text, tcpdumpSpec, chunks, layerOf)
}

// datelessDay is the day a time of day without a date is put on: January
// 2 of year 1, so that none is the zero time (a packet at midnight).
var datelessDay = time.Date(1, time.January, 2, 0, 0, 0, 0, time.UTC)

// timeOfDay reads a time of day without a date (15:39:01.915342) as a
// time on the dateless day.
func timeOfDay(s string) (time.Time, bool) {
	if len(s) < 10 || s[2] != ':' || s[8] != '.' {
		return time.Time{}, false
	}
	t, err := time.Parse("15:04:05.999999999", s)
	if err != nil {
		return time.Time{}, false
	}
	return datelessDay.Add(t.Sub(time.Date(0, time.January, 1, 0, 0, 0, 0, time.UTC))), true
}

// Dateless reports whether t is a packet's time of day whose date the dump
// does not say (tcpdump's default summary time). Such times are put on the
// days of year 1, a day later at each midnight the dump passes, so the time
// between two packets, a response's latency, is right; their date is not.
func Dateless(t time.Time) bool { return !t.IsZero() && t.Year() == 1 }

// datePast moves each dateless time a day on from the time of day before
// it when it goes back more than 12 hours: the dump passed midnight. In a
// dump that also dates some packets (lines of two dumps pasted together),
// the dateless times are dropped: no date can be given them.
func datePast(chunks []chunk) {
	for _, c := range chunks {
		if !c.time.IsZero() && !Dateless(c.time) {
			for i := range chunks {
				if Dateless(chunks[i].time) {
					chunks[i].time = time.Time{}
				}
			}
			return
		}
	}
	days := 0
	var last time.Time
	for i := range chunks {
		t := chunks[i].time
		if !Dateless(t) {
			continue
		}
		t = t.AddDate(0, 0, days)
		if !last.IsZero() && t.Before(last.Add(-12*time.Hour)) {
			days++
			t = t.AddDate(0, 0, 1)
		}
		chunks[i].time, last = t, t
	}
}

// tcpdumpLine is a line of a tcpdump dump as read: without its '\r', and
// without the space -ttt and -ttttt print before a summary's time (a
// delta from the packet before, or from the first: " 00:00:00.000032"),
// which sets it apart from the bytes and -v's lines below it.
func tcpdumpLine(line string) string {
	line = strings.TrimRight(line, "\r")
	if len(line) < 9 || line[0] != ' ' || line[3] != ':' || line[6] != ':' {
		return line
	}
	clock, _, _ := strings.Cut(line[1:], " ")
	hms, frac, ok := strings.Cut(clock, ".")
	if !ok || len(hms) != 8 || strings.Trim(hms[0:2]+hms[3:5]+hms[6:8]+frac, "0123456789") != "" {
		return line
	}
	return line[1:]
}

// tcpdumpCutSummary reports whether line, the text's last, is a summary
// cut short inside its time ("2026-12-04 15", "1733248166"): the packet
// it opens is left out, as one whose bytes the text stops before.
func tcpdumpCutSummary(line string) bool {
	return line != "" && '0' <= line[0] && line[0] <= '9' && strings.Trim(line, "0123456789-:. ") == ""
}

// tcpdumpBanner reports whether line is one tcpdump prints to stderr
// before the packets: "reading from file x.pcap, link-type EN10MB
// (Ethernet), snapshot length 262144", and when it captures live
// "tcpdump: verbose output suppressed, use -v[v]... for full protocol
// decode" and "listening on lo, link-type EN10MB (Ethernet), snapshot
// length 262144 bytes" (older versions: "capture size 262144 bytes"; with
// -v, "tcpdump: listening on ...").
func tcpdumpBanner(line string) bool {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "reading from file ") {
		return true
	}
	if strings.HasPrefix(line, "tcpdump: verbose output suppressed, use -v") && strings.HasSuffix(line, " for full protocol decode") {
		return true
	}
	line = strings.TrimPrefix(line, "tcpdump: ")
	return strings.HasPrefix(line, "listening on ") && strings.Contains(line, ", link-type ") && strings.HasSuffix(line, " bytes")
}

// tcpdumpCounts reports whether line is one tcpdump prints when it stops
// capturing: "^C" (the terminal's echo of the interrupt), "145 packets
// captured", "290 packets received by filter", "0 packets dropped by
// kernel" (and "by interface"), the first of them perhaps after the ^C.
func tcpdumpCounts(line string) bool {
	line = strings.TrimPrefix(strings.TrimSpace(line), "^C")
	if line == "" {
		return true
	}
	n, what, _ := strings.Cut(line, " ")
	if n == "" || strings.Trim(n, "0123456789") != "" {
		return false
	}
	what, ok := strings.CutPrefix(what, "packets ")
	if !ok {
		what, ok = strings.CutPrefix(what, "packet ")
	}
	return ok && (what == "captured" || what == "received by filter" || what == "dropped by kernel" || what == "dropped by interface")
}

// tcpdumpTime is the time a tcpdump summary line starts with: -tt's
// seconds since 1970 (1733248166.123456), -tttt's date and time
// (2026-12-03 17:49:26.123456, which tcpdump prints in the local time zone
// and is read as UTC: run it with TZ=UTC), or the default time of day
// (17:49:26.123456), on the dateless day. Zero when it has none; the
// caller leaves out -ttt's and -ttttt's deltas, which look like times of
// day.
func tcpdumpTime(line string) time.Time {
	f := strings.Fields(line)
	if len(f) < 2 {
		return time.Time{}
	}
	if t, err := time.Parse("2006-01-02 15:04:05.999999999", f[0]+" "+f[1]); err == nil {
		return t
	}
	if t, ok := timeOfDay(f[0]); ok {
		return t
	}
	sec, frac, ok := strings.Cut(f[0], ".")
	if !ok || len(sec) < 9 || len(frac) == 0 || len(frac) > 9 {
		return time.Time{}
	}
	s, err1 := strconv.ParseInt(sec, 10, 64)
	ns, err2 := strconv.ParseInt(frac+strings.Repeat("0", 9-len(frac)), 10, 64)
	if err1 != nil || err2 != nil || frac[0] == '-' || frac[0] == '+' {
		return time.Time{}
	}
	return time.Unix(s, ns).UTC()
}

// tcpdumpHeader reports whether line looks like tcpdump's summary of a
// packet: a timestamp (or, with -t, the protocol) first.
func tcpdumpHeader(line string) bool {
	if '0' <= line[0] && line[0] <= '9' {
		// A time of day, or -tt's seconds (whose -v summary holds no colon).
		return strings.Contains(line, ":") || !tcpdumpTime(line).IsZero()
	}
	for _, p := range []string{"IP ", "IP6 ", "ARP", "ethertype "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// layerOf tells where a packet's bytes start, which the dumps do not say:
// tcpdump -X starts at the IP header and -XX at the link layer's; tshark
// starts at the link layer's, which is the IP header itself for raw IP
// captures; and a dump copied from Wireshark's byte pane may hold just one
// protocol's bytes. An IP header whose length field matches the packet is
// taken as one; Ethernet (which Linux also shows for lo), Linux cooked
// (SLL) and BSD loopback headers as link headers; anything else is unknown.
func layerOf(b []byte) Layer {
	isIP := func(t []byte) bool {
		return len(t) >= 2 && (t[0] == 0x08 && t[1] == 0x00 || t[0] == 0x86 && t[1] == 0xdd)
	}
	switch {
	case len(b) >= 20 && b[0]>>4 == 4 && int(b[0]&15)*4 >= 20 && int(binary.BigEndian.Uint16(b[2:])) == len(b):
		return LayerIP
	case len(b) >= 40 && b[0]>>4 == 6 && int(binary.BigEndian.Uint16(b[4:]))+40 == len(b):
		return LayerIP
	case len(b) >= 14 && isIP(b[12:]), // Ethernet
		len(b) >= 16 && isIP(b[14:]), // Linux cooked, v1
		len(b) >= 20 && isIP(b[0:]),  // Linux cooked, v2
		len(b) >= 4 && (binary.LittleEndian.Uint32(b) == 2 || binary.BigEndian.Uint32(b) == 2): // BSD loopback, IPv4
		return LayerLink
	}
	return LayerUnknown
}

// readTshark reads tshark -x (and Wireshark's "Copy as Hex Dump"): per
// packet its bytes from offset 0000, packets apart by a blank line. A
// packet with more than one data source lists each under a title such as
// "Frame (316 bytes):" or "Decompressed Records (1123 bytes):"; only the
// first, the packet as captured, is read. Lines above a packet's bytes
// that are not bytes are its summary and details (tshark -P and -V,
// Wireshark's Export Packet Dissections as plain text), and are skipped;
// the first of them is the packet's Header.
func readTshark(text string) (Result, *Error) {
	var chunks []chunk
	open, skipping := false, false // a packet is open; skipping a later data source
	var titles []int               // per packet, the length its title gave, or -1
	header, headerAt := "", -1     // the first line above the next packet's bytes
	var at time.Time               // the time its details give
	captured := 0                  // the bytes its details say were captured
	// begin starts a packet whose line is at (its summary's, when it has
	// one) and whose bytes start at data, with the title's length or -1.
	begin := func(at0, data, title int) {
		if headerAt >= 0 {
			at0 = headerAt
		}
		length := captured
		if title >= 0 {
			length = title
		}
		chunks = append(chunks, chunk{header: header, time: at, headerAt: at0, dataStart: data, dataEnd: data, length: length})
		titles = append(titles, title)
		open = true
		header, headerAt, at, captured = "", -1, time.Time{}, 0
	}
	cutTitle := 0 // the line of a title the text stops inside
	isTitle := func(line string) bool { return strings.HasSuffix(line, " bytes):") && strings.Contains(line, " (") }
	for start := 0; start < len(text); {
		eol, next := lineEnd(text, start)
		line := strings.TrimRight(text[start:eol], "\r")
		switch {
		case strings.TrimSpace(line) == "":
			open, skipping = false, false
		case skipping:
		case !open && len(chunks) == 0 && headerAt < 0 && wiresharkLine(line):
			// Lines copied from the middle of a packet (Wireshark's "Copy
			// as Hex Dump" of a field, with or without the ASCII column):
			// their offsets go on from wherever the first starts, as xxd -s's.
			begin(start, start, -1)
			chunks[0].sp = wiresharkFromSpec
			chunks[0].dataEnd = next
		case !open && !tsharkFirstBytesLine(line) && !isTitle(line):
			// A summary or details line above the bytes (the column
			// titles of an export are no packet's).
			if headerAt < 0 && !strings.HasPrefix(strings.TrimSpace(line), "No.") {
				header, headerAt = strings.TrimSpace(line), start
			}
			if t, ok := epochLine(line); ok {
				at = t
			}
			if n := frameCaptured(line); n > 0 {
				captured = n
			}
		case open && eol == len(text) && titleCut(line):
			// The text stops inside the title of a packet's second data
			// source: the packet's bytes above it are whole.
			cutTitle = strings.Count(text, "\n") + 1
		case isTitle(line):
			n, err := strconv.Atoi(line[strings.LastIndex(line, " (")+2 : len(line)-len(" bytes):")])
			if err != nil {
				return Result{}, errAt(Wireshark, start, "expected a data source's title like \"Frame (74 bytes):\", %s", found(text, start))
			}
			if open && chunks[len(chunks)-1].dataEnd > chunks[len(chunks)-1].dataStart {
				skipping = true // a second data source of the same packet
				break
			}
			begin(start, next, n)
		default:
			c := len(chunks) - 1
			// Without blank lines between packets, an offset back at 0000
			// still starts a new one.
			if !open || c >= 0 && chunks[c].dataEnd > chunks[c].dataStart && strings.HasPrefix(line, "0000 ") {
				begin(start, start, -1)
				c++
			}
			if chunks[c].dataStart == chunks[c].dataEnd {
				chunks[c].dataStart = start
			}
			chunks[c].dataEnd = next
		}
		start = next
	}
	res, err := readPackets(text, wiresharkSpec, chunks, layerOf)
	if err != nil {
		return res, err
	}
	if cutTitle > 0 && res.LeftOut == "" {
		res.LeftOut = fmt.Sprintf("the text stops inside its line %d, which was left out", cutTitle)
	}
	for i, p := range res.Packets {
		if i == len(chunks)-1 && chunks[i].length > len(p.Bytes) && strings.TrimSpace(text[chunks[i].dataEnd:]) == "" {
			// The text stops inside its last packet: read as a snap
			// length cuts one.
			if res.LeftOut == "" {
				res.LeftOut = fmt.Sprintf("the text stops inside its last packet (line %d), which holds %d of its %d bytes", p.Line, len(p.Bytes), chunks[i].length)
			}
			continue
		}
		if titles[i] >= 0 && titles[i] != len(p.Bytes) {
			return Result{}, errAt(Wireshark, chunks[i].headerAt, "the title says %d bytes but the packet holds %d", titles[i], len(p.Bytes))
		}
	}
	return res, nil
}

// frameCaptured reads how many bytes were captured from the first line
// of tshark -V's details ("Frame 1: 74 bytes on wire (592 bits), 74 bytes
// captured (592 bits)"); 0 for another line.
func frameCaptured(line string) int {
	t, ok := strings.CutPrefix(strings.TrimSpace(line), "Frame ")
	if !ok {
		return 0
	}
	_, rest, ok := strings.Cut(t, " bytes on wire")
	if !ok {
		return 0
	}
	_, rest, ok = strings.Cut(rest, ", ")
	n, _, ok2 := strings.Cut(rest, " bytes captured")
	v, err := strconv.Atoi(n)
	if !ok || !ok2 || err != nil {
		return 0
	}
	return v
}

// titleCut reports whether line is the start of a data source's title,
// such as "Decompressed Records (11", and not a line of bytes.
func titleCut(line string) bool {
	name, rest, _ := strings.Cut(line, " (")
	if name == "" || !('A' <= name[0] && name[0] <= 'Z') || strings.IndexFunc(name, func(r rune) bool {
		return !('A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == ' ' || r == '-')
	}) >= 0 {
		return false
	}
	digits := strings.TrimLeft(rest, "0123456789")
	return strings.HasPrefix(" bytes):", digits)
}

// wiresharkLine reports whether line is a line of bytes as tshark and
// Wireshark print them, at any offset: 4 to 6 hex digits (hexdump -C and
// hex.Dump print 8), two or three
// spaces, and a byte followed by a space or the line's end. (A summary's
// packet number is followed by its time, "10000  10.123456".)
func wiresharkLine(line string) bool {
	i := 0
	for i < len(line) && isHex(line[i]) {
		i++
	}
	j := i
	for j < len(line) && line[j] == ' ' {
		j++
	}
	// Wireshark's rows are 16 bytes: an offset ends in 0 ("dead  be ef"
	// is plain hex, not bytes at 0xdead).
	return i >= 4 && i <= 6 && line[i-1] == '0' && (j-i == 2 || j-i == 3) && j+2 <= len(line) && isHex(line[j]) && isHex(line[j+1]) &&
		(j+2 == len(line) || line[j+2] == ' ' || line[j+2] == '\r')
}

// tsharkFirstBytesLine reports whether line starts a packet's bytes as
// tshark -x prints them (or Wireshark's copy, with three spaces): offset
// 0000 (four zeros or more), two spaces or more and a byte. A summary or
// details line never does: a summary's packet number has no leading zeros
// ("10000  10.123456 …" is packet 10000), and a details line's bit fields
// ("0100 .... = Version: 4") have one space after four digits.
func tsharkFirstBytesLine(line string) bool {
	i := 0
	for i < len(line) && line[i] == '0' {
		i++
	}
	j := i
	for j < len(line) && line[j] == ' ' {
		j++
	}
	return i >= 4 && j-i >= 2 && j+2 <= len(line) && isHex(line[j]) && isHex(line[j+1])
}

// epochLine reads the capture time from a line of tshark -V's frame
// details: "Epoch Time: 1700000000.123456789 seconds" (Wireshark 4.0 and
// before), "Epoch Arrival Time: 1700000000.123456789" (4.2 and after).
func epochLine(line string) (time.Time, bool) {
	t := strings.TrimSpace(line)
	for _, p := range []string{"Epoch Time: ", "Epoch Arrival Time: "} {
		if v, ok := strings.CutPrefix(t, p); ok {
			return epochTime(strings.TrimSuffix(v, " seconds"))
		}
	}
	return time.Time{}, false
}
