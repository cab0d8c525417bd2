package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// timeLayout is RFC 3339 with all nine digits of the nanoseconds, so
// times line up and sort as text.
const timeLayout = "2006-01-02T15:04:05.000000000Z07:00"

// appendTime appends t in timeLayout, or its time of day alone when the
// input did not say the date (tcpdump's default times), rather than a date
// made up.
func appendTime(b []byte, t time.Time) []byte {
	if hexin.Dateless(t) {
		return t.AppendFormat(b, "15:04:05.000000000")
	}
	return t.UTC().AppendFormat(b, timeLayout)
}

// portList is the --port flag: server ports, repeated or comma-separated.
type portList []uint16

func (p *portList) String() string { return fmt.Sprint(*p) }

func (p *portList) Set(s string) error {
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 16)
		if err != nil || n == 0 {
			return fmt.Errorf("%q is not a TCP port", f)
		}
		*p = append(*p, uint16(n))
	}
	return nil
}

// maxWhole bounds an input that is not a capture, read whole.
const maxWhole = 256 << 20

// maxDecompressed is as much of a compressed capture as the command line
// reads: a small file that decompresses to more than that is hostile, or
// a capture to cut with editcap first.
const maxDecompressed = 1 << 30

// found is what readFrames found in an input. warning is a capture that
// breaks part way: the frames before the break are kept.
type found struct {
	in      source.Input
	res     conversation.Result
	warning error
	keys    bool // a key log was given, or the capture carries one
}

// readFrames reads any input (a capture, raw bytes, a text dump; each may
// be compressed) from the file name (stdin for "" or "-") and finds its
// Kafka frames. A capture is read as it streams in, never held whole, so a
// big one costs the memory of its TCP streams only. The secrets of the key
// logs open the input's TLS connections they are for; a note about them
// goes to stderr.
func readFrames(name string, stdin io.Reader, hint frame.Hint, ports []uint16, keyLogs keyLogFiles, stderr io.Writer) (found, error) {
	keys, err := keyLogs.read(stderr)
	if err != nil {
		return found{}, err
	}
	r := stdin
	if name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return found{}, err
		}
		defer f.Close()
		r = f
	}
	content, kind, comp, err := source.Open(r, maxDecompressed)
	if err != nil {
		return found{in: source.Input{Compression: comp}}, err
	}
	o := source.Options{ServerPorts: ports, Requests: conversation.LooksLikeRequests}
	var in source.Input
	if kind == source.Pcap || kind == source.Pcapng {
		in, err = source.ReadCapture(content, o)
	} else {
		// Not a capture: read whole, up to a bound (a compressed file's
		// lower, since a small file holds it).
		limit := int64(maxWhole)
		if comp != source.Uncompressed {
			limit = source.MaxWhole
		}
		data, rerr := io.ReadAll(io.LimitReader(content, limit+1))
		if rerr != nil && len(data) == 0 {
			return found{}, rerr
		}
		if int64(len(data)) > limit {
			data, rerr = data[:limit], fmt.Errorf("only the first %d MiB of the input were read: it is not a capture, and bytes or text are read up to that", limit>>20)
		}
		if decrypt.LooksLikeKeyLog(data) {
			return found{}, errors.New("this is a TLS key log, not a capture: give it with --keylog, beside the capture of the connections it opens")
		}
		in, err = source.ReadContent(data, o)
		if rerr != nil {
			err = rerr
		}
	}
	in.Compression = comp
	if err != nil && len(in.Streams) == 0 {
		return found{in: in}, fmt.Errorf("reading the input as bytes: %v", err)
	}
	res := conversation.Find(in, conversation.Options{Hint: hint, Keys: keys})
	if res.CaptureKeysErr != nil {
		fmt.Fprintf(stderr, "kafkawire: note: %v; the sessions before it (%d) are used\n", res.CaptureKeysErr, res.CaptureKeys)
	} else if res.CaptureKeys > 0 {
		sessions := fmt.Sprintf("%d TLS sessions", res.CaptureKeys)
		if res.CaptureKeys == 1 {
			sessions = "1 TLS session"
		}
		fmt.Fprintf(stderr, "kafkawire: note: the capture carries the secrets of %s (a pcapng Decryption Secrets Block), which open its TLS connections\n", sessions)
	}
	return found{in: in, res: res, warning: err, keys: keys != nil || res.CaptureKeys > 0}, nil
}

// keyLogFiles are the files --keylog names: it may be given once a file,
// a key log a client, and they read as one.
type keyLogFiles []string

func (k *keyLogFiles) String() string { return strings.Join(*k, " ") }

func (k *keyLogFiles) Set(name string) error {
	*k = append(*k, name)
	return nil
}

// register adds --keylog to fs.
func (k *keyLogFiles) register(fs *flag.FlagSet) {
	fs.Var(k, "keylog", "a TLS key log `file` (SSLKEYLOGFILE's format) whose secrets open the capture's TLS connections (repeat for several)")
}

// read reads the key logs; nil for none. A key log whose end is cut (its
// writer died mid-line) opens the sessions before the cut, with a note.
func (k keyLogFiles) read(stderr io.Writer) (*decrypt.KeyLog, error) {
	var all *decrypt.KeyLog
	for _, name := range k {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("--keylog: %w", err)
		}
		keys, err := decrypt.ParseKeyLog(source.FromUTF16(data)) // one saved by PowerShell
		switch {
		case err != nil && keys.Len() == 0:
			return nil, fmt.Errorf("--keylog %s: %w", name, err)
		case err != nil:
			fmt.Fprintf(stderr, "kafkawire: note: --keylog %s: %v; the %d sessions before it are used\n", name, err, keys.Len())
		case keys.Len() == 0:
			return nil, fmt.Errorf("--keylog %s: no TLS secrets in it (lines such as CLIENT_RANDOM or CLIENT_TRAFFIC_SECRET_0)", name)
		}
		if all == nil {
			all = keys
		} else {
			all.Add(keys)
		}
	}
	return all, nil
}

// nothingFound says, on one line, why an input gave no frame. When a key
// log was given, the notes before it say why it opened no connection.
func nothingFound(stderr io.Writer, fd found) error {
	in, res := fd.in, fd.res
	if fd.keys {
		printNotes(stderr, in, res, fd.warning)
	}
	if in.Kind == source.Text || in.Kind == source.Binary {
		if len(res.Conns) == 0 || res.Conns[0].Name == "" {
			return errors.New("no Kafka frame found in the input")
		}
	}
	counts := map[conversation.Kind]int{}
	after := 0 // TLS connections caught after their handshake
	for _, c := range res.Conns {
		counts[c.Kind]++
		if c.AfterHandshake {
			after++
		}
	}
	what := fmt.Sprintf("%d TCP connections", len(res.Conns))
	if len(res.Conns) == 1 {
		what = "1 TCP connection"
	}
	if n := counts[conversation.TLS]; n > 0 {
		what += fmt.Sprintf(", %d of them TLS", n)
		switch {
		case after == n:
			what += " caught after the handshake, without which no key log opens them"
		case !fd.keys:
			what += " (give their key log with --keylog to open them)"
		default:
			what += " the key log does not open (see the notes above)"
		}
		if after > 0 && after < n {
			what += fmt.Sprintf("; %d caught after the handshake, which no key log opens", after)
		}
	}
	if counts[conversation.TLS] < len(res.Conns) {
		what += ", none whose client sends Kafka requests (name a server port with --port if its client's side was not captured)"
	}
	cut := ""
	if in.Cut > 0 {
		cut = "; " + in.CutNote()
	}
	kind := in.Kind.String()
	if in.Compression != source.Uncompressed {
		kind = string(in.Compression) + "-compressed " + kind
	}
	return fmt.Errorf("no Kafka frame found in this %s input: %s%s", kind, what, cut)
}

// noAnswer is why a request has no response, and how long it waited for
// one at least (conversation.NoResponses).
type noAnswer struct {
	why     string
	waited  time.Duration
	hasWait bool
}

func noAnswerTo(n *conversation.NoResponses, i int) noAnswer {
	why, _ := n.Why(i)
	waited, ok := n.Waited(i)
	return noAnswer{why, waited, ok}
}

// longPoll is the MaxWaitMs of Fetch or ShareFetch exchange i when the
// broker held it, nine tenths of it or more (conversation.Result.LongPoll),
// 0 otherwise.
func longPoll(res conversation.Result, i int) time.Duration {
	if maxWait, held := res.LongPoll(i); held {
		return maxWait
	}
	return 0
}

// lineKeys are the keys of a `kafkawire frames` line that only some
// frames have.
type lineKeys struct {
	latency    time.Duration // the exchange's, when hasLatency (conversation.Result.Latency)
	hasLatency bool
	maxWait    time.Duration // the request's MaxWaitMs when the exchange is a long poll, 0 for none
	noResponse noAnswer      // why a request has no response, and how long it waited at least
	errs       []int16       // the response's error codes (with --errors)
}

// keysOf are the optional keys of frame i's line, errs its error codes.
func keysOf(res conversation.Result, unanswered *conversation.NoResponses, i int, errs []int16) lineKeys {
	k := lineKeys{maxWait: longPoll(res, i), errs: errs}
	k.latency, k.hasLatency = res.Latency(i)
	if f := res.Frame(i); f.Dir == schema.Request && f.Pair < 0 {
		k.noResponse = noAnswerTo(unanswered, i)
	}
	return k
}

// appendFrameLine appends one line of `kafkawire frames`: a JSON object
// with the keys in a fixed order, null where the input does not say, and
// after the hex the keys that only some frames have (lineKeys): the
// exchange's latency, a long poll's MaxWaitMs, why a request has no
// response and how long it waited at least, the response's error codes by
// name, then why it is broken, a note. It is written by hand so that a
// frame's hex goes straight to the output, not through a string per frame
// (a 100 MB capture has 200 MB of hex).
func appendFrameLine(b []byte, f *conversation.Frame, k lineKeys) []byte {
	b = append(b, `{"conn":`...)
	b = appendNullableString(b, f.Conn)
	b = append(b, `,"time":`...)
	if f.Time.IsZero() {
		b = append(b, "null"...)
	} else {
		b = append(b, '"')
		b = appendTime(b, f.Time)
		b = append(b, '"')
	}
	b = append(b, `,"direction":"`...)
	b = append(b, map[schema.Direction]string{schema.Request: "request", schema.Response: "response"}[f.Dir]...)
	b = append(b, `","apiKey":`...)
	if f.API == nil {
		b = append(b, `null,"apiName":null,"version":null`...)
	} else {
		b = strconv.AppendInt(b, int64(f.API.Key), 10)
		b = append(b, `,"apiName":`...)
		b = appendNullableString(b, f.API.Name)
		b = append(b, `,"version":`...)
		b = strconv.AppendInt(b, int64(f.Version), 10)
	}
	b = append(b, `,"correlationId":`...)
	if id, ok := frame.CorrelationID(f.Bytes, f.Dir); ok {
		b = strconv.AppendInt(b, int64(id), 10)
	} else {
		b = append(b, "null"...)
	}
	b = append(b, `,"hex":"`...)
	b = appendHex(b, f.Bytes)
	b = append(b, '"')
	if k.hasLatency {
		b = append(b, `,"latencyUs":`...)
		b = strconv.AppendInt(b, k.latency.Microseconds(), 10)
	}
	if k.maxWait > 0 {
		b = append(b, `,"longPoll":true,"maxWaitMs":`...)
		b = strconv.AppendInt(b, k.maxWait.Milliseconds(), 10)
	}
	if k.noResponse.why != "" {
		b = append(b, `,"noResponse":`...)
		b = appendNullableString(b, k.noResponse.why)
	}
	if k.noResponse.hasWait {
		b = append(b, `,"waitedUs":`...)
		b = strconv.AppendInt(b, k.noResponse.waited.Microseconds(), 10)
	}
	if len(k.errs) > 0 {
		b = append(b, `,"errors":[`...)
		for i, c := range k.errs {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendNullableString(b, schema.ErrorName(c))
		}
		b = append(b, ']')
	}
	if f.Broken != "" {
		b = append(b, `,"broken":`...)
		b = appendNullableString(b, f.Broken)
	}
	if f.Note != "" {
		b = append(b, `,"note":`...)
		b = appendNullableString(b, f.Note)
	}
	return append(b, "}\n"...)
}

// hexPairs holds each byte's two lowercase hex digits, the first in the
// low byte, so that a little-endian store writes them in order.
var hexPairs = func() (t [256]uint16) {
	const digits = "0123456789abcdef"
	for i := range t {
		t[i] = uint16(digits[i>>4]) | uint16(digits[i&15])<<8
	}
	return t
}()

// appendHex appends src in lowercase hex, as hex.AppendEncode does, at
// twice its speed: one table load per byte and one store per four bytes,
// where encoding/hex loads and stores each digit alone. The hex is most of
// what `kafkawire frames` does (e2e/bench/ROUNDS.md).
func appendHex(b, src []byte) []byte {
	n := len(b)
	b = slices.Grow(b, 2*len(src))[:n+2*len(src)]
	dst := b[n:]
	for len(src) >= 4 {
		binary.LittleEndian.PutUint64(dst, uint64(hexPairs[src[0]])|uint64(hexPairs[src[1]])<<16|
			uint64(hexPairs[src[2]])<<32|uint64(hexPairs[src[3]])<<48)
		src, dst = src[4:], dst[8:]
	}
	for i, c := range src {
		binary.LittleEndian.PutUint16(dst[2*i:], hexPairs[c])
	}
	return b
}

// frameLinesChunk is about how many bytes of lines one worker writes before
// handing them on: big enough that handing on costs nothing, small enough
// that the first lines leave early and the chunks in flight stay small.
const frameLinesChunk = 1 << 20

// writeFrameLines writes every frame's line to w, in order. Turning the
// frames into hex is most of the command's work (two bytes out for every
// byte in), so the lines are made by a worker per core, chunk by chunk,
// while the chunks made before them are written.
func writeFrameLines(w io.Writer, res conversation.Result, only []int, withErrors bool) error {
	workers := max(1, runtime.GOMAXPROCS(0))
	unanswered := res.NoResponses() // read by every worker
	// The k-th line is of frame index(k): every frame, or those of only.
	n, index := res.Len(), func(k int) int { return k }
	if only != nil {
		n, index = len(only), func(k int) int { return only[k] }
	}
	type chunk struct {
		from, to int // lines
		size     int // the lines' bytes, about
		lines    chan []byte
	}
	// Cut the frames into chunks of about frameLinesChunk bytes of hex.
	var chunks []chunk
	for from := 0; from < n; {
		to, size := from, 0
		for to < n && (to == from || size < frameLinesChunk) {
			size += 2*len(res.Frame(index(to)).Bytes) + 256
			to++
		}
		chunks = append(chunks, chunk{from: from, to: to, size: size, lines: make(chan []byte, 1)})
		from = to
	}
	// Workers take chunks in order; at most 2*workers are made ahead of the
	// writer, so memory stays a few chunks whatever the input's size.
	next := make(chan *chunk)
	ahead := make(chan struct{}, 2*workers)
	spare := make(chan []byte, 2*workers+1) // written chunks' buffers, reused
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(next)
		for i := range chunks {
			select {
			case ahead <- struct{}{}:
			case <-done:
				return
			}
			select {
			case next <- &chunks[i]:
			case <-done:
				return
			}
		}
	}()
	for range workers {
		go func() {
			var facts conversation.FactCache // a worker's own: a body seen before is not decoded again
			for c := range next {
				var b []byte
				select {
				case b = <-spare:
				default:
				}
				// Sized once: grown as the hex came, a chunk's buffer was
				// copied about twice over.
				if cap(b) < c.size {
					b = make([]byte, 0, c.size)
				}
				for k := c.from; k < c.to; k++ {
					i := index(k)
					f := res.Frame(i)
					var errs []int16
					if withErrors {
						if f.Dir == schema.Response {
							fa, _ := facts.Of(&f)
							errs = fa.ErrorCodes
						}
					}
					b = appendFrameLine(b, &f, keysOf(res, unanswered, i, errs))
				}
				c.lines <- b
			}
		}()
	}
	for i := range chunks {
		b := <-chunks[i].lines
		<-ahead
		if _, err := w.Write(b); err != nil {
			return err
		}
		select {
		case spare <- b[:0]:
		default:
		}
	}
	return nil
}

// appendNullableString appends s as a JSON string, or null when it is
// empty. Only the quote, the backslash and control characters need
// escaping; the ">" of a connection's name stays as it is.
func appendNullableString(b []byte, s string) []byte {
	if s == "" {
		return append(b, "null"...)
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20:
			b = append(b, fmt.Sprintf("\\u%04x", c)...)
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

func runFrames(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("frames", flag.ContinueOnError)
	api := fs.String("api", "", "API `name or key` of responses whose request is not in the input")
	version := fs.Int("version", -1, "API `version` of those responses")
	var ports portList
	fs.Var(&ports, "port", "a Kafka server's TCP `port`, for connections captured without their start (repeat, or separate by commas)")
	var keyLogs keyLogFiles
	keyLogs.register(fs)
	withErrors := fs.Bool("errors", false, "decode every response and name its error codes on its line (\"errors\")")
	filter := fs.String("filter", "", "only the frames that match, as in the page's capture list: `terms` such as 'api:Fetch error', 'topic:orders corr:7', 'conn:51234 client:billing', 'unanswered'")
	// Flags may come after the file too (frames cap.pcap --port 19092).
	files, err := parseAnywhere(fs, args)
	if err != nil {
		return err
	}
	if len(files) > 1 {
		return fmt.Errorf("frames reads one file (or stdin), got %d: %q", len(files), files)
	}
	file := ""
	if len(files) == 1 {
		file = files[0]
	}
	hint, err := hintFlags(*api, *version)
	if err != nil {
		return err
	}
	fd, err := readFrames(file, stdin, hint, ports, keyLogs, stderr)
	if err != nil {
		return err
	}
	res := fd.res
	if res.Len() == 0 {
		return nothingFound(stderr, fd)
	}
	printNotes(stderr, fd.in, res, fd.warning)
	only, err := filtered(stderr, res, *filter)
	if err != nil {
		return err
	}
	return writeFrameLines(stdout, res, only, *withErrors)
}

// filtered is the frames of res that match filter q, in order; nil for
// every frame when q is empty. What of q is only text to find is said on
// stderr; no frame matching is an error, as grep's.
func filtered(stderr io.Writer, res conversation.Result, q string) ([]int, error) {
	flt := conversation.ParseFilter(q)
	if flt.Empty() {
		return nil, nil
	}
	if hint := conversation.FilterHint(q); hint != "" {
		fmt.Fprintf(stderr, "kafkawire: note: --filter: %s\n", hint)
	}
	match := flt.For(res, res.Decoded())
	only := []int{}
	for i := range res.Len() {
		if match.Match(i) {
			only = append(only, i)
		}
	}
	if len(only) == 0 {
		return nil, fmt.Errorf("no frame of the %d matches --filter %q", res.Len(), q)
	}
	return only, nil
}

// hintFlags reads --api and --version given for responses without their request.
func hintFlags(api string, version int) (frame.Hint, error) {
	if api == "" {
		if version >= 0 {
			return frame.Hint{}, errors.New("--version needs --api")
		}
		return frame.Hint{}, nil
	}
	af := apiFlags{api: api, version: version}
	a, v, err := af.resolve()
	return frame.Hint{API: a, Version: v}, err
}

// printNotes says on stderr what was skipped or odd, connection by connection.
func printNotes(stderr io.Writer, in source.Input, res conversation.Result, warning error) {
	if warning != nil {
		fmt.Fprintf(stderr, "kafkawire: note: the input breaks off, frames before the break are given: %v\n", warning)
	}
	if in.Cut > 0 {
		fmt.Fprintf(stderr, "kafkawire: note: %s\n", in.CutNote())
	}
	if in.LeftOut != "" {
		fmt.Fprintf(stderr, "kafkawire: note: %s\n", in.LeftOut)
	}
	var printed [2]int // broken frames' notes, others
	left := 0
	for _, c := range res.Conns {
		for _, n := range c.Notes {
			kind, most := 1, maxOtherNotes
			if conversation.BrokenFrameNote(n) {
				kind, most = 0, maxBrokenNotes
			}
			if printed[kind] == most {
				left++
				continue
			}
			printed[kind]++
			fmt.Fprintf(stderr, "kafkawire: note: %s: %s\n", c.Name, n)
		}
	}
	if left > 0 {
		fmt.Fprintf(stderr, "kafkawire: note: %d more notes left out here: each broken frame's line says how it is broken (frames' \"broken\", decode's heading), and the page's list of connections shows every note\n", left)
	}
}

// The notes printed, at most: a capture whose snap length cut every
// packet has a note for every frame, and one for each side of every
// connection (the bytes cut).
const (
	maxBrokenNotes = 20
	maxOtherNotes  = 50
)

// headings is where decode writes each frame's heading and notes: with the
// frames, or on stderr when the frames are JSON, so that what stdout gets
// is JSON documents only, one a frame, which encode --json reads back.
func headings(stdout, stderr io.Writer, asJSON bool) io.Writer {
	if asJSON {
		return stderr
	}
	return stdout
}

// decodeConversations prints every frame of an input with connections (a
// capture, a packet dump), each under a heading naming its connection.
func decodeConversations(stdout, stderr io.Writer, fd found, asJSON bool, filter string, guess bool) error {
	res := fd.res
	if res.Len() == 0 {
		return nothingFound(stderr, fd)
	}
	printNotes(stderr, fd.in, res, fd.warning)
	only, err := filtered(stderr, res, filter)
	if err != nil {
		return err
	}
	var first error
	notes := headings(stdout, stderr, asJSON)
	unanswered := res.NoResponses()
	var orphans orphanReader
	var name func(*layout.Node) string
	if !asJSON {
		// Topic ids (Fetch and Produce from v13) are printed with the
		// names the capture's Metadata responses give them.
		names, _ := res.TopicNames(0) // as many as printing every frame decodes
		name = names.Of
	}
	for i, f := range res.All() {
		if only != nil {
			if _, ok := slices.BinarySearch(only, i); !ok {
				continue
			}
		}
		conn := f.Conn
		if conn == "" {
			conn = "-"
		}
		fmt.Fprintf(notes, "# conn %s frame %d: %s", conn, i+1, f.Dir)
		if f.API != nil {
			fmt.Fprintf(notes, " %s v%d", f.API.Name, f.Version)
		}
		if id, ok := frame.CorrelationID(f.Bytes, f.Dir); ok {
			fmt.Fprintf(notes, ", correlation id %d", id)
		}
		if !f.Time.IsZero() {
			fmt.Fprintf(notes, ", %s", appendTime(nil, f.Time))
		}
		if f.Pair >= 0 {
			fmt.Fprintf(notes, ", %s frame %d", map[schema.Direction]string{schema.Request: "answered by", schema.Response: "answers"}[f.Dir], f.Pair+1)
		}
		fmt.Fprintln(notes)
		if maxWait := longPoll(res, i); maxWait > 0 {
			took, _ := res.Latency(i)
			fmt.Fprintf(notes, "  (%s)\n", conversation.LongPollNote(f.API.Name, took, maxWait, time.Duration.String))
		}
		fail := func(err error) {
			if first == nil {
				first = fmt.Errorf("conn %s frame %d: %v", conn, i+1, err)
			}
		}
		if f.Broken != "" {
			fmt.Fprintf(notes, "  (broken: %s)\n", f.Broken)
			fail(errors.New("broken: " + f.Broken))
		}
		if f.Dir == schema.Request && f.Pair < 0 {
			if no := noAnswerTo(unanswered, i); no.hasWait {
				fmt.Fprintf(notes, "  (%s; it waited %v at least)\n", no.why, no.waited.Round(time.Microsecond))
			} else if no.why != "" {
				fmt.Fprintf(notes, "  (%s)\n", no.why)
			}
		}
		d := f.Decode()
		if d == nil {
			printOrphan(notes, &orphans, res, i, &f, guess)
			fail(errors.New("a response whose request is not in the input: name it with --api and --version"))
			continue
		}
		if err := printDecoded(stdout, d, asJSON, name); err != nil {
			fail(err)
		}
	}
	return first
}

// orphanReader reads the responses whose request the input lacks (the
// capture began after it): the APIs each connection's requests use, and
// for --guess one Guesser, whose budget bounds the work over all of them.
type orphanReader struct {
	guesser frame.Guesser
	apis    [][]frame.Candidate // by connection, made on first use
}

// printOrphan says, under frame i's heading, how to read it: as the first
// of its connection's own requests' APIs that decodes it, or with --guess
// every reading, those first.
func printOrphan(notes io.Writer, o *orphanReader, res conversation.Result, i int, f *conversation.Frame, guess bool) {
	if o.apis == nil {
		o.apis = res.RequestAPIs()
	}
	ownAPIs := o.apis[res.ConnIndex(i)]
	if !guess {
		if c, ok := res.OwnReading(i, ownAPIs); ok {
			fmt.Fprintf(notes, "  (not decoded: a response whose request is not in the input; it reads whole as %s, as this connection's requests do: give --api %s --version %d, or --guess for every reading)\n", c, c.API.Name, c.Version)
		} else {
			fmt.Fprintln(notes, "  (not decoded: a response whose request is not in the input; give --api and --version, or --guess for the readings that decode it)")
		}
		return
	}
	readings, own := conversation.OwnFirst(o.guesser.Guess(f.Bytes), ownAPIs)
	switch {
	case len(readings) > 0:
		fmt.Fprintln(notes, "  (not decoded: a response whose request is not in the input; these readings decode it whole, as this connection's requests first:)")
		for k, c := range readings {
			mark := ""
			if k < own {
				mark = "  (as this connection's requests)"
			}
			fmt.Fprintf(notes, "  %s\t--api %s --version %d%s\n", c, c.API.Name, c.Version, mark)
		}
	case o.guesser.Stopped != "":
		fmt.Fprintf(notes, "  (not decoded: a response whose request is not in the input; no reading tried: %s)\n", o.guesser.Stopped)
	default:
		fmt.Fprintln(notes, "  (not decoded: a response whose request is not in the input; no API and version decodes it whole)")
	}
}
