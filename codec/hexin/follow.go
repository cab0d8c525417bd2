package hexin

import (
	"encoding/base64"
	"iter"
	"strconv"
	"strings"
	"time"
)

// Wireshark's Follow Stream shows both sides of one connection in one text:
// what node 0 (the side Wireshark saw send first, the client when the
// capture holds the connection's start) sent, and, indented, what node 1
// sent, in the order they sent it. Each side's offsets count its own bytes.
// These readers take the dialog's "Hex Dump" (copied or saved) and tshark's
// -z follow,<protocol>,hex|raw|yaml.
const (
	FollowHex  Format = "wireshark follow hex"
	FollowRaw  Format = "tshark follow raw"
	FollowYAML Format = "wireshark follow yaml"
)

// HoldsConversations reports whether f's text holds both sides of
// connections (Result.Conversations): the Follow Stream formats and
// kafkawire frames.
func (f Format) HoldsConversations() bool {
	return f == FollowHex || f == FollowRaw || f == FollowYAML || f == FramesJSON || f == KafkajsLog
}

// Conversation is one connection of a Follow Stream dump.
type Conversation struct {
	// Nodes are the two sides' addresses as the dump names them
	// ("127.0.0.1:40872", "[::1]:9092"), node 0 first; "" when it does not
	// (the dialog's text names none).
	Nodes [2]string
	Sent  []Sent // in the order the dump lists them
	// ClientKnown says node 0 is the client, as the dump says (kafkawire
	// frames gives every frame's direction); a Follow Stream dump only
	// shows which side sent first.
	ClientKnown bool
}

// Sent is bytes one side sent: a packet's payload (tshark's raw and YAML
// modes say where each packet starts), or a run of lines of one side.
type Sent struct {
	Node   int // 0 or 1
	Bytes  []byte
	Packet int       // the packet's number in the capture; 0 when the dump does not say (only YAML does)
	Time   time.Time // when the packet was captured; zero when the dump does not say
	Line   int       // 1-based line of the text where these bytes start
	// Named says the dump names the frame these bytes are, API and
	// version (kafkawire frames' lines do): a response without its
	// request is read as named.
	Named           bool
	APIKey, Version int16
}

// followLine is one line of a Follow Stream text.
type followLine struct {
	start, eol int // the line's bounds, without the newline
	text       string
}

// followLines yields the lines of text with their 0-based numbers. It
// makes no list of them: a text of another format fails at its first line
// without paying for the rest.
func followLines(text string) iter.Seq2[int, followLine] {
	return func(yield func(int, followLine) bool) {
		for i, start := 0, 0; start < len(text); i++ {
			eol, next := lineEnd(text, start)
			if eol > start && text[eol-1] == '\r' {
				eol--
			}
			if !yield(i, followLine{start, eol, text[start:eol]}) {
				return
			}
			start = next
		}
	}
}

// followHeader reads one line of tshark's block around the bytes: the rules
// of '=' and the Follow, Filter and Node lines. It reports whether the line
// is one, the node it names (or -1) and that node's address, and whether the
// line begins a conversation (Follow:) of the mode given.
func followHeader(line, mode string) (isHeader bool, node int, addr string, begins bool, modeErr string) {
	t := strings.TrimSpace(line)
	switch {
	case len(t) >= 10 && strings.Trim(t, "=") == "":
		return true, -1, "", false, ""
	case strings.HasPrefix(t, "Follow:"):
		v := strings.TrimSpace(strings.TrimPrefix(t, "Follow:"))
		proto, m, ok := strings.Cut(v, ",")
		switch {
		case ok && m == mode:
		case ok && m != "hex" && m != "raw" && m != "yaml":
			return true, -1, "", true, "found " + strconv.Quote(t) + ": tshark's " + m + " output keeps only the bytes it can print; ask it for -z follow," + proto + ",hex (or raw, or yaml)"
		default:
			return true, -1, "", true, "expected a " + mode + " dump (Follow: <protocol>," + mode + "), found " + strconv.Quote(t)
		}
		return true, -1, "", true, ""
	case strings.HasPrefix(t, "Filter:"):
		return true, -1, "", false, ""
	case strings.HasPrefix(t, "Node 0:"):
		return true, 0, strings.TrimSpace(strings.TrimPrefix(t, "Node 0:")), false, ""
	case strings.HasPrefix(t, "Node 1:"):
		return true, 1, strings.TrimSpace(strings.TrimPrefix(t, "Node 1:")), false, ""
	}
	return false, -1, "", false, ""
}

// followBuilder collects conversations as the lines come, the bytes of all
// of them in one buffer.
type followBuilder struct {
	format Format
	all    []byte
	convs  []Conversation
	spans  [][][2]int // by conversation, where in all each Sent's bytes are
	sent   int        // Sents made, of maxSent
	// byNodes finds the conversation of a connection named on every line
	// (kafkawire frames, kafkajs's log), by its two sides.
	byNodes map[[2]string]int
}

// connOf returns the conversation between nodes (the client first), begun
// when the text has not named it before.
func (b *followBuilder) connOf(nodes [2]string) int {
	if k, ok := b.byNodes[nodes]; ok {
		return k
	}
	if b.byNodes == nil {
		b.byNodes = map[[2]string]int{}
	}
	k := len(b.convs)
	b.byNodes[nodes] = k
	b.begin()
	b.convs[k].Nodes, b.convs[k].ClientKnown = nodes, true
	return k
}

// header takes a line of tshark's block around the bytes (followHeader)
// for the dump of mode: a Follow line begins a conversation, a Node line
// names a side of it. It reports whether the line was one.
func (b *followBuilder) header(l followLine, mode string) (bool, *Error) {
	h, node, addr, begins, modeErr := followHeader(l.text, mode)
	switch {
	case !h:
	case modeErr != "":
		return true, errAt(b.format, l.start, "%s", modeErr)
	case begins:
		b.begin()
	case node >= 0:
		if len(b.convs) == 0 {
			b.begin()
		}
		b.convs[len(b.convs)-1].Nodes[node] = addr
	}
	return h, nil
}

// indent is how far line is indented.
func indent(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// leastIndent is the indentation of node 0's lines, the least of the lines
// that are neither blank nor tshark's header, up to the first that data
// rejects: a dump pasted indented as a whole (a Markdown code block) keeps
// its sides apart.
func leastIndent(text, mode string, data func(l followLine, at int) bool) int {
	base := -1
	for _, l := range followLines(text) {
		if h, _, _, _, _ := followHeader(l.text, mode); h || strings.TrimSpace(l.text) == "" {
			continue
		}
		ind := indent(l.text)
		if !data(l, l.start+ind) {
			break
		}
		if base < 0 || ind < base {
			base = ind
		}
	}
	return base
}

// tooMany is the error of a text past maxSent, at off.
func (b *followBuilder) tooMany(off int) *Error {
	return errAt(b.format, off, "more than %d packets or runs of one side's lines: too many to keep", maxSent)
}

func (b *followBuilder) begin() {
	b.convs = append(b.convs, Conversation{})
	b.spans = append(b.spans, nil)
}

// add appends bytes node sent to the last conversation; with join, to the
// previous Sent when the same node sent it.
func (b *followBuilder) add(node int, line int, bytes []byte, join bool) *Sent {
	if len(b.convs) == 0 {
		b.begin()
	}
	k := len(b.convs) - 1
	c, sp := &b.convs[k], b.spans[k]
	if join && len(c.Sent) > 0 && c.Sent[len(c.Sent)-1].Node == node && sp[len(sp)-1][1] == len(b.all) {
		b.all = append(b.all, bytes...)
		sp[len(sp)-1][1] = len(b.all)
		return &c.Sent[len(c.Sent)-1]
	}
	return b.addTo(k, node, line, bytes)
}

// maxSent bounds the runs of bytes (a packet, or a side's lines) a text
// may hold, each kept as a Sent: 12 MiB of alternating one-byte lines
// made 3.6 million of them, nearly 1 GB in the page. A real dump of half a
// million packets is 50 MB of text or more.
const maxSent = 1 << 19

// addTo appends bytes node sent to conversation k; nil when the text
// holds more than maxSent runs of bytes.
func (b *followBuilder) addTo(k, node, line int, bytes []byte) *Sent {
	if b.sent++; b.sent > maxSent {
		return nil
	}
	c := &b.convs[k]
	start := len(b.all)
	b.all = append(b.all, bytes...)
	c.Sent = append(c.Sent, Sent{Node: node, Line: line})
	b.spans[k] = append(b.spans[k], [2]int{start, len(b.all)})
	return &c.Sent[len(c.Sent)-1]
}

// result cuts each Sent's bytes from the buffer, now that it no longer grows.
func (b *followBuilder) result(empty int) (Result, *Error) {
	for i := range b.convs {
		for k, sp := range b.spans[i] {
			b.convs[i].Sent[k].Bytes = b.all[sp[0]:sp[1]:sp[1]]
		}
	}
	// A conversation whose side sent nothing in the range dumped is kept:
	// tshark prints its header all the same.
	kept := b.convs[:0]
	for _, c := range b.convs {
		if len(c.Sent) > 0 || c.Nodes != [2]string{} {
			kept = append(kept, c)
		}
	}
	if len(b.all) == 0 {
		return Result{}, errAt(b.format, empty, "expected the bytes of a %s dump, found none", b.format)
	}
	return Result{Bytes: b.all, Format: b.format, Conversations: kept}, nil
}

// readFollowHex reads the dialog's Hex Dump and tshark's follow,hex: lines of
// an 8-digit offset, two spaces and up to 16 bytes (an extra space after the
// eighth), then the ASCII column; node 1's lines are indented (four spaces
// in the dialog, a tab in tshark's output). Each side's offsets must go on
// from its line before, so a line lost in copying is found; a side's first
// line may start anywhere (a part of a longer dump).
func readFollowHex(text string) (Result, *Error) {
	b := &followBuilder{format: FollowHex}
	base := leastIndent(text, "hex", func(l followLine, at int) bool {
		_, _, err := followHexLine(text, at, l.eol)
		return err == nil
	})
	var next [2]int64 // each side's next offset; -1 before its first line
	offsetsOf := -1   // the conversation next belongs to
	for i, l := range followLines(text) {
		if strings.TrimSpace(l.text) == "" {
			continue
		}
		if h, err := b.header(l, "hex"); h || err != nil {
			if err != nil {
				return Result{}, err
			}
			continue
		}
		conv := len(b.convs) // the conversation this line goes to (add begins one when none is open)
		if len(b.convs) == 0 {
			conv++
		}
		if conv != offsetsOf {
			next, offsetsOf = [2]int64{-1, -1}, conv
		}
		ind := indent(l.text)
		node := 0
		if ind > base {
			node = 1
		}
		at := l.start + ind
		off, bytes, err := followHexLine(text, at, l.eol)
		if err != nil {
			return Result{}, err
		}
		if next[node] >= 0 && off != next[node] {
			return Result{}, errAt(FollowHex, at, "node %d's offset %08X does not follow its line before, which ends at %08X: a line is missing or was changed", node, off, next[node])
		}
		next[node] = off + int64(len(bytes))
		if b.add(node, i+1, bytes, true) == nil {
			return Result{}, b.tooMany(l.start)
		}
	}
	return b.result(len(text))
}

// followHexLine reads one line of bytes from at (its offset) to eol.
func followHexLine(text string, at, eol int) (off int64, out []byte, _ *Error) {
	j := at
	for j < eol && isHex(text[j]) {
		j++
	}
	if j-at != 8 {
		return 0, nil, errAt(FollowHex, at, "expected an 8-digit hex offset, %s", found(text, j))
	}
	v, _ := strconv.ParseUint(text[at:j], 16, 32)
	if !strings.HasPrefix(text[j:eol], "  ") {
		return 0, nil, errAt(FollowHex, j, "expected two spaces after the offset, %s", found(text, j))
	}
	i := j + 2
	out = make([]byte, 0, 16)
	for {
		switch {
		case i >= eol || !isHex(text[i]):
			return 0, nil, errAt(FollowHex, i, "expected a byte (two hex digits), %s", found(text, i))
		case i+1 >= eol || !isHex(text[i+1]):
			return 0, nil, errAt(FollowHex, i, "odd number of hex digits")
		case i+2 < eol && text[i+2] != ' ':
			return 0, nil, errAt(FollowHex, i+2, "expected a space between bytes, %s", found(text, i+2))
		}
		out = append(out, unhex(text[i])<<4|unhex(text[i+1]))
		i += 2
		gap := i
		for gap < eol && text[gap] == ' ' {
			gap++
		}
		// One space between bytes, two after the eighth; more is the
		// padding before the ASCII column, which also follows the
		// sixteenth byte after two.
		w := gap - i
		if len(out) == 16 || gap == eol || !(w == 1 || w == 2 && len(out) == 8) {
			i = gap
			break
		}
		i = gap
	}
	// hexdump -C's lines are laid out alike, with the ASCII column between pipes.
	if rest := strings.TrimRight(text[i:eol], " "); len(rest) >= 2 && rest[0] == '|' && rest[len(rest)-1] == '|' {
		return 0, nil, errAt(FollowHex, i, "expected the ASCII column without '|' around it (that is hexdump -C), found '|'")
	}
	return int64(v), out, nil
}

// readFollowRaw reads tshark's follow,raw: a line of hex for each packet,
// node 1's indented with a tab. Without its Follow line, lines of hex are
// plain hex, which another reader takes.
func readFollowRaw(text string) (Result, *Error) {
	b := &followBuilder{format: FollowRaw}
	base := leastIndent(text, "raw", func(l followLine, at int) bool {
		t := strings.TrimSpace(l.text)
		return len(t)%2 == 0 && strings.Trim(t, "0123456789abcdefABCDEF") == ""
	})
	var scratch []byte
	for i, l := range followLines(text) {
		t := strings.TrimSpace(l.text)
		if t == "" {
			continue
		}
		if h, err := b.header(l, "raw"); h || err != nil {
			if err != nil {
				return Result{}, err
			}
			continue
		}
		if len(b.convs) == 0 {
			return Result{}, errAt(FollowRaw, l.start, "expected tshark's \"Follow: <protocol>,raw\" line first, found %q", t)
		}
		node := 0
		if indent(l.text) > base {
			node = 1
		}
		at := l.start + strings.Index(l.text, t)
		if len(t)%2 == 1 {
			return Result{}, errAt(FollowRaw, at+len(t)-1, "odd number of hex digits")
		}
		bytes := scratch[:0]
		for k := 0; k < len(t); k += 2 {
			if !isHex(t[k]) || !isHex(t[k+1]) {
				bad := k
				if isHex(t[k]) {
					bad++
				}
				return Result{}, errAt(FollowRaw, at+bad, "expected a hex digit, %s", found(text, at+bad))
			}
			bytes = append(bytes, unhex(t[k])<<4|unhex(t[k+1]))
		}
		scratch = bytes // the builder copies the bytes: one buffer serves every line
		if b.add(node, i+1, bytes, false) == nil {
			return Result{}, b.tooMany(l.start)
		}
	}
	return b.result(len(text))
}

// readFollowYAML reads the YAML of tshark's follow,yaml and the dialog's
// Save as YAML: the peers' addresses, then each packet's number, peer,
// capture time and payload in base64. Only that shape is read, not YAML
// at large.
func readFollowYAML(text string) (Result, *Error) {
	b := &followBuilder{format: FollowYAML}
	curAt := 0          // where the current packet's lines start
	var cur *Sent       // the packet whose keys are being read
	var curData []byte  // its payload's base64, as its lines come
	var dataAt [][2]int // for errors: where in curData each of its lines starts, and where in text
	peer := -1          // the peer whose host and port are being read
	var host string
	section := "" // "peers" or "packets"
	flush := func() *Error {
		if cur == nil {
			return nil
		}
		if cur.Node < 0 {
			return errAt(FollowYAML, curAt, "packet %d has no peer:", cur.Packet)
		}
		data := make([]byte, base64.StdEncoding.DecodedLen(len(curData)))
		n, err := base64.StdEncoding.Decode(data, curData)
		if err != nil {
			at := curAt
			if k, ok := err.(base64.CorruptInputError); ok {
				for _, d := range dataAt {
					if d[0] <= int(k) {
						at = d[1] + int(k) - d[0]
					}
				}
			}
			return errAt(FollowYAML, at, "packet %d's data is not base64: %v", cur.Packet, err)
		}
		s := b.add(cur.Node, cur.Line, data[:n], false)
		if s == nil {
			return b.tooMany(curAt)
		}
		s.Packet, s.Time = cur.Packet, cur.Time
		cur, curData, dataAt = nil, nil, nil
		return nil
	}
	inData := false
	for i, l := range followLines(text) {
		t := strings.TrimSpace(l.text)
		if t == "" || strings.HasPrefix(t, "#") || t == "---" {
			continue
		}
		at := l.start + strings.Index(l.text, t)
		ind := len(l.text) - len(strings.TrimLeft(l.text, " "))
		if inData && ind >= 6 && !strings.Contains(t, ":") {
			dataAt = append(dataAt, [2]int{len(curData), at})
			curData = append(curData, t...)
			continue
		}
		inData = false
		key, val, ok := strings.Cut(strings.TrimPrefix(t, "- "), ":")
		if !ok {
			return Result{}, errAt(FollowYAML, at, "expected a key and its value (key: value), found %q", t)
		}
		val = strings.TrimSpace(val)
		bad := func(what string) (Result, *Error) {
			return Result{}, errAt(FollowYAML, at, "expected %s for %s, found %q", what, key, val)
		}
		switch {
		case ind == 0 && key == "peers" && val == "":
			if err := flush(); err != nil {
				return Result{}, err
			}
			b.begin()
			section, peer = "peers", -1
		case ind == 0 && key == "packets" && val == "":
			if section != "peers" {
				return Result{}, errAt(FollowYAML, at, "expected peers: before packets:")
			}
			section = "packets"
		case section == "peers" && key == "peer":
			if val != "0" && val != "1" {
				return bad("0 or 1")
			}
			peer = int(val[0] - '0')
		case section == "peers" && key == "host" && peer >= 0:
			host = val
		case section == "peers" && key == "port" && peer >= 0:
			// A number, or a service's name when the dialog resolved it:
			// either names the side.
			if val == "" {
				return bad("a port")
			}
			addr := host + ":" + val
			if strings.Contains(host, ":") {
				addr = "[" + host + "]:" + val
			}
			if host != "" {
				b.convs[len(b.convs)-1].Nodes[peer] = addr
			}
		case section == "packets" && key == "packet" && strings.HasPrefix(t, "- "):
			if err := flush(); err != nil {
				return Result{}, err
			}
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 {
				return bad("a packet number")
			}
			cur, curAt = &Sent{Packet: n, Line: i + 1, Node: -1}, at
		case section == "packets" && cur != nil && key == "peer":
			if val != "0" && val != "1" {
				return bad("0 or 1")
			}
			cur.Node = int(val[0] - '0')
		case section == "packets" && cur != nil && key == "timestamp":
			t, ok := epochTime(val)
			if !ok {
				return bad("seconds since 1970, such as 1700000000.123456789")
			}
			// To the nearest microsecond: tshark prints this time through
			// a float64, whose 53 bits leave today's times a resolution of
			// about a quarter of a microsecond, so its last digits are
			// noise (….270750046 for a packet captured at ….270750).
			cur.Time = t.Round(time.Microsecond)
		case section == "packets" && cur != nil && key == "data" && strings.HasPrefix(val, "!!binary"):
			if cur.Node < 0 {
				return Result{}, errAt(FollowYAML, at, "packet %d has no peer: before its data", cur.Packet)
			}
			inData = true
		case section != "" && ind > 0 && val != "" && !strings.HasPrefix(t, "- "):
			// Another key of a peer or a packet (the dialog writes each
			// packet's index): not needed.
		default:
			return Result{}, errAt(FollowYAML, at, "expected the peers: and packets: of a Follow Stream YAML dump, found %q", t)
		}
	}
	if err := flush(); err != nil {
		return Result{}, err
	}
	if len(b.convs) == 0 {
		return Result{}, errAt(FollowYAML, 0, "expected peers: first")
	}
	return b.result(len(text))
}

// epochTime reads seconds since 1970 with up to nine decimals.
func epochTime(s string) (time.Time, bool) {
	sec, frac, _ := strings.Cut(s, ".")
	n, err := strconv.ParseInt(sec, 10, 64)
	if err != nil || len(frac) > 9 {
		return time.Time{}, false
	}
	ns := int64(0)
	if frac != "" {
		f, err := strconv.ParseUint(frac, 10, 32)
		if err != nil {
			return time.Time{}, false
		}
		ns = int64(f)
		for range 9 - len(frac) {
			ns *= 10
		}
	}
	return time.Unix(n, ns).UTC(), true
}
