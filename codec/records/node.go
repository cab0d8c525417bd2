package records

import (
	"encoding/hex"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// decoder carries what every level of a records decode needs: where
// decompressed buffers go, and the caller's options.
type decoder struct {
	bufs   *[][]byte
	opts   Options
	budget *Budget // the frame's, shared with the other records fields of the frame
	arena  layout.Arena

	// The batch being decoded: what an earlier decode made of the same
	// bytes (Options.Prior), and what this one takes to remember it
	// (Options.Keep): whether it decoded cleanly, its records' cost, and its
	// decompressed records.
	hit   *reused
	clean bool
	cost  int
	plain []byte
	// parsed is what lazyBatch's parse of the batch's records gave when
	// it did not read cleanly, for decodeRecords to take.
	parsed *parsedRecords
}

// add appends a copy of proto to parent's children, taking the node from the arena.
func (d *decoder) add(parent *layout.Node, proto layout.Node) *layout.Node {
	d.budget.Nodes--
	return d.arena.Attach(parent, proto)
}

// over reports whether the frame's budget allows no further record or
// message at r's position. If so it fails r there, under parent a node
// over the bytes left says they were not decoded and why.
func (d *decoder) over(r *wire.Reader, parent *layout.Node) bool {
	if r.Failure() != nil {
		return false
	}
	why := d.budget.spent()
	if why == "" {
		return false
	}
	d.notDecoded(r, parent, parent.Buf, why)
	return true
}

// notDecoded fails r where it stands for reason why, with a node under
// parent over the bytes left, which lie in buffer buf.
func (d *decoder) notDecoded(r *wire.Reader, parent *layout.Node, buf int, why string) {
	off, left := r.Off(), r.Left()
	n := d.add(parent, layout.Node{Name: "not decoded", Type: "bytes", Value: itoa(int64(left)) + " bytes", Off: off, End: off + left,
		Buf: buf, Region: parent.Region, Desc: "bytes past the frame's decoding budget"})
	r.Bytes(left, "rest")
	r.Fail(off, "%s", why)
	n.Err = r.Failure()
}

// decompress decompresses payload within the batch's bound and what is
// left of the frame's, and charges the frame's budget.
func (d *decoder) decompress(codec Codec, payload []byte) ([]byte, bool, error) {
	limit, frameBound := d.decompressLimit()
	plain, xerial, err := decompress(codec, payload, limit)
	if err != nil {
		if frameBound && errors.Is(err, errTooBig) {
			err = errors.New(frameSpentText(limit))
		}
		return nil, false, err
	}
	d.budget.Decompressed -= len(plain)
	return plain, xerial, nil
}

// field reads one value with read and hangs a node for it under parent, in parent's buffer and region.
// Once the reader has failed it adds nothing, so decoding code can run straight-line.
func (d *decoder) field(r *wire.Reader, parent *layout.Node, name, typ, desc string, read func() string) *layout.Node {
	if r.Failure() != nil {
		return nil
	}
	off := r.Off()
	v := read()
	n := d.add(parent, layout.Node{Name: name, Type: typ, Value: v, Desc: desc, Off: off, End: r.Off(), Buf: parent.Buf, Region: parent.Region,
		Key: editKey(parent, name)})
	if f := r.Failure(); f != nil {
		n.Value = ""
		n.Err = f
	}
	return n
}

// varBytes reads a zigzag-varint-length byte string (-1 = null), as records and headers carry them.
func (d *decoder) varBytes(r *wire.Reader, parent *layout.Node, name, desc string) (Bytes, *layout.Node) {
	return d.sizedBytes(r, parent, name, desc, "varbytes", wire.PrefixVarint)
}

// sizedBytes reads a byte string whose length (-1 = null) is written as p, as a node with its
// length and data as children.
func (d *decoder) sizedBytes(r *wire.Reader, parent *layout.Node, name, desc, typ string, p wire.Prefix) (Bytes, *layout.Node) {
	if r.Failure() != nil {
		return nil, nil
	}
	n := d.add(parent, layout.Node{Name: name, Type: typ, Desc: desc, Off: r.Off(), Buf: parent.Buf, Region: parent.Region,
		Key: editKey(parent, name)})
	var l wire.Length
	d.field(r, n, "length", p.String(), "", func() string {
		l = r.ReadLength(p, name)
		return lengthText(l.N)
	})
	var b Bytes
	if l.N > 0 && r.Fits(l, 1, name) {
		d.field(r, n, "data", "bytes", "", func() string {
			b = r.Data(l, name)
			return layout.SizeText(l.N)
		})
	} else if l.N == 0 {
		b = Bytes{}
	}
	if f := r.Failure(); f != nil {
		if n.Failed() == nil {
			n.Err = f
		}
	} else {
		n.Value = preview(b)
	}
	n.End = r.Off()
	return b, n
}

func lengthText(n int) string {
	if n == -1 {
		return "-1 (null)"
	}
	return itoa(int64(n))
}

func itoa(v int64) string { return layout.Itoa(v) }

// previewMax bounds how much of a key or value a node shows.
const previewMax = 40

// preview shows bytes as quoted text when they read as text, and as hex otherwise.
// Only a prefix is looked at: values can be megabytes and the node shows 40 bytes.
func preview(b []byte) string {
	if b == nil {
		return "null"
	}
	var buf [2*previewMax + 32]byte
	return string(appendPreview(buf[:0], b))
}

// appendPreview appends what preview shows, so callers build a node's text in one allocation.
func appendPreview(dst, b []byte) []byte {
	if b == nil {
		return append(dst, "null"...)
	}
	p, cut := b, false
	if len(p) > previewMax {
		p, cut = p[:previewMax], true
		// Drop a rune the cut split in two.
		for i := 0; i < utf8.UTFMax && len(p) > 0 && !utf8.Valid(p); i++ {
			p = p[:len(p)-1]
		}
	}
	if plainASCII(p) {
		// What AppendQuote would write, without its rune by rune work:
		// most keys and values are text that needs no escapes.
		dst = append(dst, '"')
		dst = append(dst, p...)
		dst = append(dst, '"')
	} else if printable(p) {
		dst = strconv.AppendQuote(dst, string(p))
	} else {
		if len(b) > previewMax/2 {
			p, cut = b[:previewMax/2], true
		}
		dst = append(dst, "0x"...)
		dst = hex.AppendEncode(dst, p)
	}
	if cut {
		dst = append(dst, "… ("...)
		dst = strconv.AppendInt(dst, int64(len(b)), 10)
		dst = append(dst, " bytes)"...)
	}
	return dst
}

// plainASCII reports whether b is printable ASCII that a Go quoted string
// holds as it is (no quote or backslash to escape).
func plainASCII(b []byte) bool {
	for _, c := range b {
		if c < ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

func printable(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for _, c := range string(b) {
		if !unicode.IsPrint(c) && c != ' ' {
			return false
		}
	}
	return true
}

// stamp shows a millisecond timestamp with its UTC time when it is a plausible one.
func stamp(ms int64) string {
	var buf [48]byte
	return string(appendStamp(buf[:0], ms))
}

func appendStamp(dst []byte, ms int64) []byte {
	dst = strconv.AppendInt(dst, ms, 10)
	if ms > 0 && ms < 1<<45 { // up to the year 3084
		dst = append(dst, " ("...)
		dst = time.UnixMilli(ms).UTC().AppendFormat(dst, "2006-01-02T15:04:05.000Z")
		dst = append(dst, ')')
	}
	return dst
}

// Names and keys. A position inside a records field is named as the JSON
// form names it (see the package doc): batches[0].records[3].headers[1].key,
// batches[0].messages[2].value for a legacy wrapper's inner message. A node's
// Name is the last step of that path, with its index in brackets; its Key is
// the step it adds to the value path (see message.ChildPath): "batches.0",
// "messages.2" (lists the tree has no node of their own for), a field's
// name, or an element's index under its list's node ("records", "headers").

func batchName(i int) string { _, n := layout.ElementName("batches", i); return n }
func batchKey(i int) string  { return layout.Prefixed("batches.", i) }

// editKey is the step a field named name adds to the value path of its
// parent (see Set.resolve), or "" for nodes that are not values one edits:
// lengths, counts, CRCs and magic bytes follow from the rest. It keys on
// what the parent is, and only a parent that is a value passes keys on.
func editKey(parent *layout.Node, name string) string {
	if parent.Key == "" {
		return ""
	}
	var fields []string
	switch {
	case parent.Type == "Header":
		fields = byteFields
	case parent.Type == "Record":
		if slices.Contains(byteFields, name) {
			return name
		}
		fields = recordInts
	case parent.Type == "RecordBatch v2":
		fields = batchInts
	case strings.HasPrefix(parent.Type, "Message"):
		fields = messageFields
	}
	if slices.Contains(fields, name) {
		return name
	}
	return ""
}

// inDecompressed is the error f, met in a compressed batch's or wrapper's
// decompressed bytes, as the frame reports it: f's offset is in those bytes.
func inDecompressed(f *wire.Error) string {
	return "in the decompressed records, at 0x" + hex4(f.Off) + " of them: " + f.Msg
}

func hex4(v int) string {
	s := strconv.FormatInt(int64(v), 16)
	for len(s) < 4 {
		s = "0" + s
	}
	return s
}

// isIndex reports whether a key is an element index (a batch's key). It
// runs for many nodes of a large fetch, so it allocates no error.
func isIndex(k string) bool {
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
	}
	return k != ""
}

// lengthOf names the length of a field for error messages, without building a string per record.
func lengthOf(name string) string {
	switch name {
	case "key":
		return "key length"
	case "value":
		return "value length"
	}
	return name + " length"
}
