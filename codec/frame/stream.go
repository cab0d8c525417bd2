package frame

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Piece is one frame cut from a stream of bytes, with where it sat.
type Piece struct {
	Off   int    // offset of its size prefix in the stream
	Bytes []byte // the frame, size prefix included (cut short when the stream ends early)
	// Short is how many bytes the size prefix promised beyond the end of the stream.
	Short int
	// Rest, when set, says why the bytes from Off on were not cut into
	// frames: past MaxPieces frames, a size prefix no frame has, or too
	// few bytes for a size prefix.
	Rest string
	// Unprefixed marks the one piece of a stream that is a whole request
	// without its size prefix (see Split); DecodeRequestLoose reads it.
	Unprefixed bool
}

// MaxPieces bounds the frames Split cuts a stream into. Bytes made to look
// like frames of 8 bytes each are 33 million "frames" in 256 MiB, and each
// frame listed costs hundreds of bytes: the command line held 2.8 GB for
// 32 MiB of them.
const MaxPieces = 1 << 16

// minBody is the smallest frame after its size prefix: a response's
// correlation id.
const minBody = 4

// Split cuts a stream of frames sent back to back (as on a TCP connection) by their size prefixes.
// A last frame that the stream cuts short is returned with Short set.
//
// Bytes pasted without their size prefix start with a request's API key and
// version, and those of Produce (key 0) read as a small size prefix: 00 00
// 00 09 is a "frame" of 9 bytes. When the bytes cut so do not start with a
// request that decodes cleanly but read whole as one, without its prefix,
// that decodes cleanly, that reading wins: Split returns them as one piece
// marked Unprefixed.
func Split(b []byte) []Piece {
	pieces := cut(b)
	if len(pieces) > 1 && unprefixed(b, pieces[0]) {
		return []Piece{{Off: 0, Bytes: b, Unprefixed: true}}
	}
	return pieces
}

// unprefixed reports whether b reads as one request without its size
// prefix that decodes cleanly, while first, the frame its first 4 bytes
// cut as a size prefix, is no request that does. The cheap test comes
// first: b's first 4 bytes must name a known API and version, which few
// real size prefixes do.
func unprefixed(b []byte, first Piece) bool {
	api := schema.ByKey(int16(binary.BigEndian.Uint16(b)))
	if api == nil || api.Def(schema.Request, int16(binary.BigEndian.Uint16(b[2:]))) == nil {
		return false
	}
	if DecodeRequest(first.Bytes).Err == nil {
		return false
	}
	prefixed := binary.BigEndian.AppendUint32(make([]byte, 0, len(b)+4), uint32(len(b)))
	return DecodeRequest(append(prefixed, b...)).Err == nil
}

// cut is Split by size prefixes alone.
func cut(b []byte) []Piece {
	var out []Piece
	for off := 0; off < len(b); {
		if len(out) == MaxPieces {
			out = append(out, Piece{Off: off, Bytes: b[off:],
				Rest: fmt.Sprintf("not cut into frames: a stream is cut into %d frames at most, and these bytes come after them", MaxPieces)})
			break
		}
		if len(b)-off < 4 {
			// Too few for a size prefix, so no frame's size is known: not a
			// frame cut short but bytes left over (a stray "0000" was a
			// 2-byte response paired with the request before it).
			out = append(out, Piece{Off: off, Bytes: b[off:],
				Rest: "too few for a size prefix (4 bytes): not a frame"})
			break
		}
		size := int64(int32(binary.BigEndian.Uint32(b[off:])))
		if size < minBody {
			// Not a size prefix: the rest is one piece that says so. (Cut
			// at every 4 bytes, a megabyte of zeros was a quarter of a
			// million empty "frames".)
			out = append(out, Piece{Off: off, Bytes: b[off:],
				Rest: fmt.Sprintf("not cut into frames: they start with a size prefix of %d, and no frame is under %d bytes (a response's correlation id)", size, minBody)})
			break
		}
		end := int64(off) + 4 + size
		if end > int64(len(b)) {
			out = append(out, Piece{Off: off, Bytes: b[off:], Short: int(end - int64(len(b)))})
			break
		}
		out = append(out, Piece{Off: off, Bytes: b[off:end]})
		off = int(end)
	}
	return out
}

// Pasted bytes often start at the header, without the size prefix. The
// loose decoders below take the bytes as they are when they decode cleanly
// or their first 4 bytes match their length, else try them with a size
// prefix added, and keep whichever reading decodes cleanly.

// DecodeRequestLoose decodes a request that may lack its size prefix; added reports a prefix was added.
func DecodeRequestLoose(b []byte) (d *Decoded, added bool) {
	return loose(b, DecodeRequest)
}

// DecodeLoose decodes a frame that may lack its size prefix; added reports a prefix was added.
func DecodeLoose(b []byte, api *schema.API, v int16, dir schema.Direction) (d *Decoded, added bool) {
	return loose(b, func(b []byte) *Decoded { return Decode(b, api, v, dir) })
}

func loose(b []byte, decode func([]byte) *Decoded) (*Decoded, bool) {
	d := decode(b)
	if d.Err == nil || (len(b) >= 4 && int64(int32(binary.BigEndian.Uint32(b))) == int64(len(b)-4)) {
		return d, false
	}
	prefixed := binary.BigEndian.AppendUint32(make([]byte, 0, len(b)+4), uint32(len(b)))
	if p := decode(append(prefixed, b...)); p.Err == nil {
		if fr := p.Tree.Children[0]; len(fr.Children) > 0 {
			fr.Children[0].Desc = "not in the input: added by kafkawire, which read the input as a frame without its size prefix"
		}
		return p, true
	}
	return d, false
}

// CorrelationID is the correlation id of a frame: at offset 8 in a request
// (after the API key and version), at offset 4 in a response.
func CorrelationID(b []byte, dir schema.Direction) (int32, bool) {
	off := 4
	if dir == schema.Request {
		off = 8
	}
	if len(b) < off+4 {
		return 0, false
	}
	return int32(binary.BigEndian.Uint32(b[off:])), true
}

// asRequest decodes b as a request when its header names a known API and
// version (else d is nil), and reports whether it is one: it decodes
// cleanly with a plausible client id.
func asRequest(b []byte, arena *layout.Arena) (d *Decoded, ok bool) {
	api, v, err := RequestAPI(b)
	if err != nil {
		return nil, false
	}
	d = decode(new(Decoded), b, api, v, schema.Request, records.NewBudget(), arena)
	if d.Err != nil {
		return d, false
	}
	if cid, ok := d.Msg.Header.Get("ClientId"); ok && cid != nil {
		if s, _ := cid.(string); !plausibleText(s) {
			return d, false
		}
	}
	return d, true
}

// Candidate is one (API, version) a response frame decodes cleanly as.
type Candidate struct {
	API     *schema.API
	Version int16
	// Doubt counts values that decode but look unlikely (unknown error codes, unreadable strings); lower is better.
	Doubt int
	// Fields counts the struct fields and array elements decoded; among
	// equally doubtful readings, the one that finds more structure wins.
	Fields int
}

func (c Candidate) String() string {
	return fmt.Sprintf("%s v%d", c.API.Name, c.Version)
}

// Guess lists the (API, version) pairs that decode a response frame whole
// and cleanly, most plausible first. Its work is bounded as a Guesser's.
func Guess(b []byte) []Candidate {
	var g Guesser
	return g.Guess(b)
}

// What a Guesser may spend over all the pieces it guesses: the decodes it
// tries share one budget, as one frame's parts do.
const (
	GuessNodes        = 2_000_000
	GuessRecords      = 2_000_000
	GuessDecompressed = 256 << 20
	// GuessDecodes bounds the readings tried: thousands of tiny broken
	// pieces spend no nodes to speak of, but each is tried as every
	// reading that fits it (the 10,000 of issue 11 as 28 each, 3.4 s of
	// the page's time at 50,000). A stream guesses only the pieces that
	// name a request's API and version and fail as one, before any request
	// decodes: real streams guess a few, each as 368 readings at most.
	GuessDecodes = 10_000
)

// guessMemoMax is the largest piece whose answer a Guesser remembers.
const guessMemoMax = 64 << 10

// Guesser guesses the API and version of the responses of one stream. It
// tries only the pairs whose shortest frame fits the piece, remembers the
// answer for pieces that differ at most in their correlation id, and stops
// once its budget is spent: Guess then returns nil (not an empty list) and
// Stopped says why.
// The zero value is ready to use.
type Guesser struct {
	Stopped string // set when the budget ran out
	// Guessed counts the pieces guessed by decoding, Remembered those answered from memory.
	Guessed, Remembered int
	// Decodes counts the readings tried, for GuessDecodes.
	Decodes int

	budget *records.Budget
	memo   map[string][]Candidate
	// arena holds the nodes of one reading at a time: Guess keeps the
	// values it scores, never the trees.
	arena layout.Arena
}

// Guess lists the (API, version) pairs that decode b whole and cleanly as a
// response, most plausible first; b may lack its size prefix.
func (g *Guesser) Guess(b []byte) []Candidate {
	if len(b) < 4 || int64(int32(binary.BigEndian.Uint32(b))) != int64(len(b)-4) {
		b = append(binary.BigEndian.AppendUint32(make([]byte, 0, len(b)+4), uint32(len(b))), b...)
	}
	if len(b) < 8 {
		return nil // not even a correlation id
	}
	// The correlation id never decides a reading: pieces that differ only
	// there get the same answer.
	key := ""
	if len(b) <= guessMemoMax {
		key = string(b[:4]) + string(b[8:])
		if c, ok := g.memo[key]; ok {
			g.Remembered++
			return c
		}
	}
	if g.Stopped != "" {
		return nil
	}
	if g.budget == nil {
		g.budget = &records.Budget{Decompressed: GuessDecompressed, Records: GuessRecords, Nodes: GuessNodes}
	}
	g.Guessed++
	var out []Candidate
	for _, rd := range readings() {
		if rd.min > len(b) {
			break
		}
		if rd.exact >= 0 && rd.exact != len(b) {
			continue // a fixed-size reading of another size
		}
		if g.Decodes >= GuessDecodes {
			g.Stopped = fmt.Sprintf("guessing stopped at piece %d: the budget of %d readings tried for guessing is spent",
				g.Guessed, GuessDecodes)
			return nil
		}
		g.Decodes++
		g.arena.Reset()
		d := decode(&Decoded{}, b, rd.api, rd.v, schema.Response, g.budget, &g.arena)
		if g.budget.Nodes <= 0 || g.budget.Records <= 0 || g.budget.Decompressed <= 0 {
			g.Stopped = fmt.Sprintf("guessing stopped at piece %d: the budget of %d layout nodes, %d records and %d MiB decompressed for guessing is spent",
				g.Guessed, GuessNodes, GuessRecords, GuessDecompressed>>20)
			return nil
		}
		if d.Err != nil {
			continue
		}
		s := scoreMessage(d.Msg)
		out = append(out, Candidate{API: rd.api, Version: rd.v, Doubt: s.doubt, Fields: s.fields})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Doubt != b.Doubt {
			return a.Doubt < b.Doubt
		}
		if a.Fields != b.Fields {
			return a.Fields > b.Fields
		}
		if a.API.Key != b.API.Key {
			return a.API.Key < b.API.Key
		}
		return a.Version > b.Version
	})
	if out == nil {
		out = []Candidate{} // guessed, and none fits: nil means not guessed
	}
	if key != "" {
		if g.memo == nil {
			g.memo = map[string][]Candidate{}
		}
		g.memo[key] = out
	}
	return out
}

// What the frames of one stream may spend together (see records.Budget for
// one frame's): a paste of many bombs holds no more than a few frames'
// worth of decompressed bytes, records and nodes.
const (
	StreamDecompressed = 128 << 20
	StreamRecords      = 1_000_000
	StreamNodes        = 1_000_000
)

// streamSpent says why no more frames of a stream are decoded, or "".
func streamSpent(s records.Budget) string {
	var what string
	switch {
	case s.Decompressed >= StreamDecompressed:
		what = fmt.Sprintf("%d MiB decompressed", StreamDecompressed>>20)
	case s.Records >= StreamRecords:
		what = fmt.Sprintf("%d records and headers", StreamRecords)
	case s.Nodes >= StreamNodes:
		what = fmt.Sprintf("%d layout nodes", StreamNodes)
	default:
		return ""
	}
	return "not decoded: the frames before it spent the stream's budget of " + what
}

// Hint names the API and version of responses whose request is not in the stream.
type Hint struct {
	API     *schema.API
	Version int16
	// Responses says every frame is a response of API and Version (decode --response);
	// Requests, that every frame is a request (decode --request).
	Responses, Requests bool
}

// ResponseHint is the hint for a response of API key and version, when the
// catalogue knows that response (an input naming it may not).
func ResponseHint(key, version int16) (Hint, bool) {
	api := schema.ByKey(key)
	if api == nil || api.Def(schema.Response, version) == nil {
		return Hint{}, false
	}
	return Hint{API: api, Version: version}, true
}

// Part is one frame of a stream, decoded.
type Part struct {
	Piece
	Dir schema.Direction
	// Decoded is nil for a response whose API and version are unknown.
	*Decoded
	// PairedWith is the index of the request a response was paired with by correlation id, or -1.
	PairedWith int
	// Note says what was not done for this frame and why (guessing it as a
	// response, once the stream's guessing budget is spent).
	Note string
}

// DecodeStream splits b into frames and decodes each: requests from their
// headers; responses as the request with the same correlation id earlier in
// the stream says, else as hint says (when hint.API is set).
func DecodeStream(b []byte, hint Hint) []Part {
	return DecodeStreamEach(b, hint, nil)
}

// DecodeStreamEach is DecodeStream calling each (when not nil) after every
// frame with how many are decoded of how many: the page shows progress and
// lets the browser paint from it.
func DecodeStreamEach(b []byte, hint Hint, each func(done, total int)) []Part {
	// By size prefixes alone: every part's bytes are a frame as the stream
	// holds it, prefix included. (Split's one unprefixed request is decoded
	// alone, with DecodeRequestLoose, by those who call Split first.)
	pieces := cut(b)
	parts := make([]Part, 0, len(pieces))
	type asked struct {
		api *schema.API
		v   int16
		idx int
	}
	requests := map[int32]asked{}
	var g Guesser // one budget and one memory for the whole stream
	// The frames' nodes come from one arena: every part's tree is kept as
	// long as the stream, and thousands of tiny frames each starting an
	// arena of their own spent most of a paste's time allocating blocks.
	var arena layout.Arena
	dec := func(b []byte, api *schema.API, v int16, dir schema.Direction) *Decoded {
		return decode(new(Decoded), b, api, v, dir, records.NewBudget(), &arena)
	}
	noResponse := func(part *Part) bool {
		c := g.Guess(part.Piece.Bytes)
		if c == nil && g.Stopped != "" {
			part.Note = "not tried as a response: " + g.Stopped
		}
		return len(c) == 0
	}
	// answers reports whether b, read as a response, has the correlation id
	// of a request before it.
	answers := func(b []byte) bool {
		id, ok := CorrelationID(b, schema.Response)
		_, asked := requests[id]
		return ok && asked
	}
	// Every part keeps its tree and buffers, so the stream has a budget
	// of its own: once the frames so far have spent it, the rest are
	// split but not decoded, each with a note that says so.
	var spent records.Budget
	for _, p := range pieces {
		part := Part{Piece: p, PairedWith: -1}
		if p.Rest != "" {
			part.Dir = schema.Response // no header read: not known
			part.Note = p.Rest
			parts = append(parts, part)
			break
		}
		if why := streamSpent(spent); why != "" {
			part.Dir = schema.Response
			if _, _, err := RequestAPI(p.Bytes); err == nil {
				part.Dir = schema.Request
			}
			part.Note = why
			parts = append(parts, part)
			if each != nil {
				each(len(parts), len(pieces))
			}
			continue
		}
		if hint.Responses && hint.API != nil {
			part.Dir = schema.Response
			part.Decoded = dec(p.Bytes, hint.API, hint.Version, schema.Response)
		} else if hint.Requests {
			part.Dir = schema.Request
			part.Decoded = DecodeRequest(p.Bytes)
		} else if req, ok := asRequest(p.Bytes, &arena); ok {
			part.Dir = schema.Request
			part.Decoded = req
			if id, ok := CorrelationID(p.Bytes, schema.Request); ok {
				requests[id] = asked{part.Decoded.Msg.API, part.Decoded.Msg.Version, len(parts)}
			}
		} else if req != nil && hint.API == nil && p.Short > 0 && !answers(p.Bytes) {
			// The input ends inside a frame whose header names a known
			// request, and which answers no request before it: that
			// request, cut short. (Read as a response, its API key and
			// version were a correlation id that pairs with nothing.)
			part.Dir = schema.Request
			part.Decoded = req
		} else if req != nil && hint.API == nil && !answers(p.Bytes) && noResponse(&part) {
			// Names a known API and version, answers no request before it,
			// decodes as no response, and fails as a request: show why, as
			// a request (one damaged among a client's). (A response whose
			// correlation id is small reads as a Produce request header.)
			part.Dir = schema.Request
			part.Decoded = req
		} else {
			part.Dir = schema.Response
			id, _ := CorrelationID(p.Bytes, schema.Response)
			if q, ok := requests[id]; ok && answers(p.Bytes) {
				part.Decoded = dec(p.Bytes, q.api, q.v, schema.Response)
				part.PairedWith = q.idx
			} else if hint.API != nil {
				part.Decoded = dec(p.Bytes, hint.API, hint.Version, schema.Response)
			}
		}
		if part.Decoded != nil {
			spent.Decompressed += part.Decoded.spent.Decompressed
			spent.Records += part.Decoded.spent.Records
			spent.Nodes += part.Decoded.spent.Nodes
		}
		if part.Decoded != nil && p.Short > 0 && part.Err == nil {
			part.Err = &wire.Error{Off: len(p.Bytes), Msg: fmt.Sprintf("frame truncated by %d bytes", p.Short)}
		}
		parts = append(parts, part)
		if each != nil {
			each(len(parts), len(pieces))
		}
	}
	return parts
}
