package ui

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// regionBad marks bytes from where decoding failed to the end. It is past
// every layout.Region, so the grid draws it as class r15 (outlined in red by
// kafkawire.css) without knowing about it.
const regionBad = 15

// Bounds on what the paste box reads, from what the page was measured to
// handle (headless Chromium on a busy 2-core machine, from the paste to the
// frame on screen, the page unresponsive meanwhile): a 1 MiB frame as plain
// hex in 3 s and as a hexdump in 8 s, 4 MiB in 11 s and 20 s, 16 MiB in
// 36 s and 128 s. A frame shown travels in the page's link, which keeps
// about 1.5 MiB. Past the bounds the box reads nothing, keeps the text in
// the field, and says to use the command line, which has no such bound.
const (
	// MaxPasteBytes bounds the bytes a paste or a dropped file holds once read.
	MaxPasteBytes = 2 << 20
	// MaxPasteText bounds pasted text and dropped files before they are read:
	// room for MaxPasteBytes as a hexdump -C (4.9 characters a byte).
	MaxPasteText = 12 << 20
)

// tooMuch is the message for an input past a bound: what it holds, the
// bound, and what to do instead (file names the input for the command line).
func tooMuch(what string, n, max int, unit, file string) *hexin.Error {
	if file == "" {
		file = "FILE"
	}
	return &hexin.Error{Msg: fmt.Sprintf("%s %s %s: the page reads at most %s (%d MiB). Nothing was read. For input this large use the command line: kafkawire decode %s",
		what, groupDigits(n), unit, groupDigits(max), max>>20, file)}
}

// TooLong is the message for pasted text of n bytes past MaxPasteText.
func TooLong(n int) *hexin.Error {
	return tooMuch("The pasted text has", n, MaxPasteText, "characters", "")
}

// Paste is what the user pasted or dropped and what kafkawire reads in it:
// the text (or a binary file's bytes), the format it was read as, and the
// frames in those bytes. Its methods never panic on input.
type Paste struct {
	Text   string       // the text as typed, pasted or dropped
	File   string       // name of a dropped file, "" for text
	Raw    []byte       // a dropped file's bytes when they are not text (source.Sniff); nil for text
	Forced hexin.Format // the format the user picked, "" to detect
	Dir    string       // "" (detect), "request" or "response": read the whole input as one frame of that kind
	Hints  map[int]frame.Hint
	Cur    int // the frame shown
	// Keys is the TLS key log the user gave, nil for none: it stays when
	// the paste is replaced.
	Keys *KeyLog

	// What was read.
	Bytes        []byte
	Named        []source.Named // the API and version the input names for the frames at these offsets (lines of kafkawire frames)
	Format       hexin.Format
	Alternatives []hexin.Format // the formats that accept the text, the detected one first (and the forced one)
	LeftOut      string         // what of the text was not read (its last line, cut inside), "" when all was
	Err          *hexin.Error   // the text is not bytes in any (or the forced) format
	Frames       []PastedFrame
	Guesses      []frame.Candidate // for the current frame, after Guess
	Guessed      bool
	// GuessStopped says why Guess gave up before trying every reading
	// (frame.Guesser.Stopped); the box shows it instead of "none fits".
	GuessStopped string
	// Capture lists the frames of a capture, or of a packet dump of several
	// TCP streams, instead of Frames; nil for other inputs.
	Capture *CaptureList

	// each, when set, is called after every frame of a stream is decoded
	// (frame.DecodeStreamEach): the page reads a long paste off the UI
	// goroutine and shows its progress from it.
	each func(done, total int)
	// kinds keeps Kinds' answers: the frame list asks for the same
	// ranges of thousands of frames at every render.
	kinds map[[2]int]string
	// guessedFor keeps the last guess made, for the bytes it was made
	// for: deciding whether a single frame is a request guesses it as a
	// response, and the Guess button then asks again for the same bytes
	// (a quarter of a second for a 1 MiB response in the page).
	guessedFor guessed
}

type guessed struct {
	b       []byte
	list    []frame.Candidate
	stopped string
}

// guess guesses b as a response (frame.Guesser), or gives the answer it gave for b last.
func (p *Paste) guess(b []byte) ([]frame.Candidate, string) {
	if g := p.guessedFor; len(g.b) == len(b) && len(b) > 0 && &g.b[0] == &b[0] {
		return g.list, g.stopped
	}
	var g frame.Guesser
	list := g.Guess(b)
	p.guessedFor = guessed{b, list, g.Stopped}
	return list, g.Stopped
}

// PastedFrame is one frame of a paste, decoded as far as it goes.
type PastedFrame struct {
	Off     int    // offset in the pasted bytes
	Bytes   []byte // the frame, with a size prefix (added when the paste had none)
	Dir     schema.Direction
	API     *schema.API // nil for a response whose API is not known yet
	Version int16
	Paired  int    // the frame it answers (a response) or that answers it (a request), -1 for none
	Added   bool   // kafkawire added the size prefix
	Err     string // where decoding stopped, "" when clean
	Bad     int    // first bad byte, -1 for none
	Corr    int32
	Known   bool // the API and version come from the header or the paired request
	// Note says what the codec did not do for this frame of a stream and
	// why (frame.Part.Note): not decoded once the stream's budget was
	// spent, or not tried as a response once guessing stopped.
	Note string
}

// Empty reports whether there is nothing to read.
func (p *Paste) Empty() bool {
	return p.Raw == nil && p.Capture == nil && strings.TrimSpace(p.Text) == ""
}

// Read parses the input and decodes its frames. Text and a dropped file's
// bytes are read alike, through codec/source, as the command line reads them.
func (p *Paste) Read() {
	p.Bytes, p.Named, p.Format, p.Alternatives, p.Err, p.Frames = nil, nil, "", nil, nil, nil
	p.Capture.Stop()
	p.Guesses, p.Guessed, p.GuessStopped, p.Capture, p.kinds, p.guessedFor = nil, false, "", nil, nil, guessed{}
	if p.Empty() {
		return
	}
	data := p.Raw
	if data == nil {
		if len(p.Text) > MaxPasteText {
			p.Err = TooLong(len(p.Text))
			return
		}
		data = []byte(p.Text)
	}
	var in source.Input
	err := safely(func() error {
		var rerr error
		in, rerr = source.Read(data, source.Options{Format: p.Forced, Requests: conversation.LooksLikeRequests})
		return rerr
	})
	// The switcher offers what detection found, in its order, and the forced format.
	p.Alternatives = in.Alternatives
	p.LeftOut = in.LeftOut
	if p.Forced != "" && in.Kind == source.Text {
		p.Alternatives = append(p.Alternatives, p.Forced)
	}
	p.Alternatives = dedupe(p.Alternatives)
	if in.Kind == source.Pcap || in.Kind == source.Pcapng || err == nil && len(in.Streams) != 1 {
		// A capture, or a packet dump of several TCP streams: the
		// conversation list shows every frame of every connection. (A file
		// dropped in the page is read in chunks instead, by loadCapture.)
		var res conversation.Result
		if ferr := safely(func() error {
			res = conversation.Find(in, conversation.Options{MaxFrames: CaptureMaxFrames, Keys: p.Keys.keys()})
			return nil
		}); ferr != nil && err == nil {
			err = ferr
		}
		p.Capture = newCaptureList(p.File, len(data), in, res, err)
		p.Capture.KeyLog = p.Keys.name()
		return
	}
	if err != nil {
		he, ok := errors.AsType[*hexin.Error](err)
		if !ok {
			// Not text that failed at a character: no line and column to show.
			he = &hexin.Error{Msg: err.Error()}
		}
		p.Err = he
		return
	}
	if n := len(in.Streams[0].Bytes); n > MaxPasteBytes {
		what := "The paste holds"
		if p.File != "" {
			what = p.File + " holds"
		}
		p.Err = tooMuch(what, n, MaxPasteBytes, "bytes", p.File)
		return
	}
	p.Bytes, p.Named, p.Format = in.Streams[0].Bytes, in.Streams[0].Named, hexin.Format(in.Streams[0].Origin)
	if len(p.Bytes) == 0 {
		return
	}
	p.decodeSafely()
	if p.Cur >= len(p.Frames) || p.Cur < 0 {
		p.Cur = 0
	}
}

func dedupe(fs []hexin.Format) []hexin.Format {
	out := fs[:0]
	seen := map[hexin.Format]bool{}
	for _, f := range fs {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// decodeSafely decodes the bytes read into frames; should the codec panic,
// the bytes are one frame that says so.
func (p *Paste) decodeSafely() {
	if err := safely(func() error { p.decode(); return nil }); err != nil {
		p.Frames = []PastedFrame{{Bytes: p.Bytes, Dir: schema.Response, Paired: -1, Bad: -1, Err: err.Error()}}
	}
}

// decode mirrors the command line: several frames back to back are split by
// their size prefixes and decoded as a stream (responses paired with their
// requests by correlation id); one frame is a request when its header says
// so, else a response whose API and version the user picks or guesses.
func (p *Paste) decode() {
	b := p.Bytes
	if pieces := frame.Split(b); len(pieces) > 1 && p.Dir == "" {
		parts := frame.DecodeStreamEach(b, frame.Hint{}, p.each)
		for i, part := range parts {
			f := PastedFrame{Off: part.Off, Bytes: part.Piece.Bytes, Dir: part.Dir, Paired: part.PairedWith, Bad: -1, Note: part.Note}
			f.Corr, _ = frame.CorrelationID(part.Piece.Bytes, part.Dir)
			d := part.Decoded
			if h, ok := p.hint(i, part.Off); ok && part.Dir == schema.Response && part.PairedWith < 0 {
				d = frame.Decode(part.Piece.Bytes, h.API, h.Version, schema.Response)
			} else if d != nil {
				f.Known = true
			}
			f.set(d)
			p.Frames = append(p.Frames, f)
		}
		for i, f := range p.Frames {
			if f.Dir == schema.Response && f.Paired >= 0 && p.Frames[f.Paired].Paired < 0 {
				p.Frames[f.Paired].Paired = i
			}
		}
		return
	}
	f := PastedFrame{Off: 0, Bytes: b, Paired: -1, Bad: -1}
	req, added := frame.DecodeRequestLoose(b)
	asRequest := false
	switch p.Dir {
	case "request":
		asRequest = true
	case "":
		// A request that decodes cleanly is one. One that names a known API
		// and version but does not decode is shown as a broken request unless
		// the bytes decode cleanly as some response: a response's correlation
		// id often reads as API key 0 and a small version.
		// A frame the user named a response's API for is a response
		// unless it decodes as a request (the guess of a 1 MiB response
		// takes a quarter of a second in the page).
		_, picked := p.hint(0, 0)
		asRequest = req.Err == nil
		if !asRequest && req.Msg != nil && !picked {
			list, _ := p.guess(b)
			asRequest = len(list) == 0
		}
	}
	if asRequest {
		f.Dir, f.Added, f.Known = schema.Request, added, req.Msg != nil
		f.Corr, _ = frame.CorrelationID(req.Bytes(), schema.Request)
		f.set(req)
		p.Frames = []PastedFrame{f}
		return
	}
	f.Dir = schema.Response
	if h, ok := p.hint(0, 0); ok {
		d, added := frame.DecodeLoose(b, h.API, h.Version, schema.Response)
		f.Added = added
		f.set(d)
	} else if len(b) >= 8 {
		f.Corr, _ = frame.CorrelationID(b, schema.Response)
	}
	p.Frames = []PastedFrame{f}
}

// hint is the API and version frame i, at off, is to be read as when it is
// a response without its request: the user's pick, else what the input
// names for it.
func (p *Paste) hint(i, off int) (frame.Hint, bool) {
	if h, ok := p.Hints[i]; ok {
		return h, true
	}
	if n, ok := source.NamedAt(p.Named, off); ok {
		return frame.ResponseHint(n.APIKey, n.Version)
	}
	return frame.Hint{}, false
}

// set takes the decoded frame's bytes, API and error; d may be nil (a response not decoded yet).
func (f *PastedFrame) set(d *frame.Decoded) {
	if d == nil {
		return
	}
	f.Bytes = d.Bytes()
	if d.Msg != nil {
		f.API, f.Version = d.Msg.API, d.Msg.Version
	}
	if f.Dir == schema.Response {
		f.Corr, _ = frame.CorrelationID(f.Bytes, schema.Response)
	}
	if d.Err != nil {
		f.Err = d.Err.Error()
		f.Bad = BadFrom(d)
	}
}

// BadFrom is the first byte of d's frame that did not decode, or -1: the
// earliest offset any error in the tree names (a size prefix that disagrees
// is reported first, but a body that failed earlier still fails there).
func BadFrom(d *frame.Decoded) int {
	if d == nil || d.Err == nil {
		return -1
	}
	bad := d.Err.Off
	if off, ok := deepestError(d.Tree); ok && off < bad {
		bad = off
	}
	return bad
}

// deepestError is the first offset in the frame where a node of n fails
// that has no failing node under it: a field cut short whose bytes still
// decoded as far as they went (a records field whose length runs past the
// frame's end) fails at its start, but its bytes are good up to where
// its own fields fail. Errors in decompressed buffers count where their
// batch fails in the frame.
func deepestError(n *layout.Node) (int, bool) {
	off, found := 0, false
	// Children built on demand are records that parsed cleanly: no
	// errors there, and building them all could cost a great deal.
	if n.Built() {
		for _, c := range n.Children {
			if o, ok := deepestError(c); ok && (!found || o < off) {
				off, found = o, true
			}
		}
	}
	if !found && n.Err != nil && n.Buf == 0 {
		return n.Err.Off, true
	}
	return off, found
}

// Decoded reports whether frame i has an API and version to be shown with.
func (p *Paste) Decoded(i int) bool {
	return i >= 0 && i < len(p.Frames) && p.Frames[i].API != nil
}

// Target is where frame i is shown: the page of its API and version, with
// it (and the frame it is paired with) in the fragment, like an edit.
func (p *Paste) Target(i int) (path, frag string, ok bool) {
	if !p.Decoded(i) {
		return "", "", false
	}
	f := p.Frames[i]
	var paired []byte
	if j := f.Paired; j >= 0 && j < len(p.Frames) && p.Frames[j].API == f.API && p.Frames[j].Version == f.Version {
		paired = p.Frames[j].Bytes
	}
	path, frag = pairTarget(f.API, f.Version, f.Dir, f.Bytes, paired)
	return path, frag, true
}

// Guess lists the (API, version) pairs that decode the current frame as a whole response.
func (p *Paste) Guess() {
	p.Guesses, p.Guessed, p.GuessStopped = nil, true, ""
	if p.Cur < 0 || p.Cur >= len(p.Frames) {
		return
	}
	b := p.Frames[p.Cur].Bytes
	_ = safely(func() error { p.Guesses, p.GuessStopped = p.guess(b); return nil })
}

// Pick decodes the current frame as a response of api at version v.
func (p *Paste) Pick(api *schema.API, v int16) {
	if api == nil || api.Def(schema.Response, v) == nil || p.Cur < 0 || p.Cur >= len(p.Frames) {
		return
	}
	if p.Hints == nil {
		p.Hints = map[int]frame.Hint{}
	}
	p.Hints[p.Cur] = frame.Hint{API: api, Version: v}
	if len(p.Frames) == 1 && p.Frames[0].Dir == schema.Request {
		p.Dir = "response"
	}
	// The bytes are read already: decode them again, not the text (a 1 MiB
	// frame pasted as xxd is 4.6 MB of text to parse again).
	cur := p.Cur
	p.Frames, p.Guesses, p.Guessed, p.GuessStopped, p.kinds = nil, nil, false, "", nil
	p.decodeSafely()
	p.Cur = cur
}

// Status is the one line that says what was read: "hexdump -C · 102 bytes".
func (p *Paste) Status() string {
	if p.Err != nil {
		return ""
	}
	n := len(p.Bytes)
	unit := " bytes"
	if n == 1 {
		unit = " byte"
	}
	s := string(p.Format) + " · " + strconv.Itoa(n) + unit
	if p.File != "" {
		s = p.File + " · " + s
	}
	return s
}

// listed is what the frame list says a frame is.
func (f PastedFrame) listed() string {
	if f.API == nil {
		return f.Describe() + " · API unknown"
	}
	return f.Describe()
}

// Kinds sums up frames [from, to) by what they are, the most frequent
// first: "9,998 request · Produce v3 · error, 2 response · API unknown".
// A list of thousands of frames shows this instead of a row for each.
func (p *Paste) Kinds(from, to int) string {
	if s, ok := p.kinds[[2]int{from, to}]; ok {
		return s
	}
	s := p.countKinds(from, to)
	if p.kinds == nil {
		p.kinds = map[[2]int]string{}
	}
	p.kinds[[2]int{from, to}] = s
	return s
}

func (p *Paste) countKinds(from, to int) string {
	type kind struct {
		what string
		n    int
	}
	var kinds []kind
	at := map[string]int{}
	for _, f := range p.Frames[from:to] {
		what := f.listed()
		if f.Err != "" {
			what += " · error"
		}
		if f.Note != "" {
			what += " · " + noteShort(f.Note)
		}
		i, ok := at[what]
		if !ok {
			i = len(kinds)
			at[what] = i
			kinds = append(kinds, kind{what: what})
		}
		kinds[i].n++
	}
	sort.SliceStable(kinds, func(i, j int) bool { return kinds[i].n > kinds[j].n })
	const shown = 3
	parts := []string{}
	for i, k := range kinds {
		if i == shown {
			rest := 0
			for _, k := range kinds[shown:] {
				rest += k.n
			}
			parts = append(parts, groupDigits(rest)+" of "+strconv.Itoa(len(kinds)-shown)+" other kinds")
			break
		}
		parts = append(parts, groupDigits(k.n)+" "+k.what)
	}
	frames := " frames: "
	if to-from == 1 {
		frames = " frame: "
	}
	return groupDigits(to-from) + frames + strings.Join(parts, ", ")
}

// Describe is a frame as the frame list writes it.
func (f PastedFrame) Describe() string {
	s := f.Dir.String()
	if f.API != nil {
		s += " · " + f.API.Name + " v" + strconv.Itoa(int(f.Version))
	}
	return s
}
