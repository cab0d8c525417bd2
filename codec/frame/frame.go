// Package frame reads and writes whole Kafka frames: the int32 size prefix, the request or response header, and the body.
//
// A request names its API and version in its header; a response does not,
// so decoding one needs them from elsewhere (the matching request, or the
// user).
package frame

import (
	"encoding/binary"
	"fmt"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Decoded is a frame read back: the message, its layout tree, and where decoding stopped, if it did.
type Decoded struct {
	Msg *message.Message // partial when Err is set
	// Bufs[0] is the frame; later entries are decompressed record batches, which nodes with Buf > 0 point into.
	Bufs [][]byte
	Tree *layout.Node
	Err  *wire.Error // the first error; nil when the whole frame decoded cleanly

	spent records.Budget // what the decode took of its budget, which DecodeStream adds up
	// recordsUnread leaves record batches unread (DecodeFields).
	recordsUnread bool

	// The record batches the decode read, which Rebuild takes again when an
	// edit leaves them as they were (nil for the frames of a stream), and
	// those of the frame an edit started from.
	keep, prior *records.Reuse
	reuse       records.Reuse // what keep points to

	// What a decode needs, held here so that a small frame costs a few
	// allocations, not one for each: the message, the first of Bufs, and
	// (for Decode) the budget and the arena.
	msg    message.Message
	frame  [1][]byte
	budget records.Budget
	arena  layout.Arena
}

// Bytes is the frame.
func (d *Decoded) Bytes() []byte { return d.Bufs[0] }

// Build encodes m and lays it out.
func Build(m *message.Message) (*Decoded, error) {
	return Rebuild(nil, m)
}

// Rebuild is Build for m edited from the message prev decoded to (or was
// built from): every record batch of the new frame whose bytes prev read
// too is taken as prev read it, its records not parsed again, so that an
// edit of a large frame costs what it changed. The result is the same as
// Build's. prev's message must not have been edited in place since (edit a
// Clone of it). A nil prev is Build.
func Rebuild(prev *Decoded, m *message.Message) (*Decoded, error) {
	b, err := Encode(m)
	if err != nil {
		return nil, err
	}
	d := newDecoded(len(b))
	if prev != nil {
		d.prior = prev.keep
	}
	decode(d, b, m.API, m.Version, m.Dir, &d.budget, &d.arena)
	d.prior = nil // what it holds is the old frame's, not to be kept alive
	if d.Err != nil {
		return d, d.Err
	}
	return d, nil
}

// DecodeRequest decodes a request frame, taking its API and version from its header.
func DecodeRequest(b []byte) *Decoded {
	api, v, err := RequestAPI(b)
	if err != nil {
		d := &Decoded{Bufs: [][]byte{b}, Err: err}
		d.Tree = &layout.Node{Name: "request", Type: "frame", End: len(b), Err: err}
		return d
	}
	return Decode(b, api, v, schema.Request)
}

// RequestAPI reads the API and version a request frame names, checking both are known.
func RequestAPI(b []byte) (*schema.API, int16, *wire.Error) {
	if len(b) < 8 {
		return nil, 0, &wire.Error{Off: len(b), Msg: fmt.Sprintf("a request needs at least 8 bytes (size, API key, version), have %d", len(b))}
	}
	key := int16(binary.BigEndian.Uint16(b[4:]))
	v := int16(binary.BigEndian.Uint16(b[6:]))
	api := schema.ByKey(key)
	if api == nil {
		return nil, 0, &wire.Error{Off: 4, Msg: fmt.Sprintf("API key %d is not a Kafka API (0-%d)", key, len(schema.APIs())-1)}
	}
	if api.Def(schema.Request, v) == nil {
		return nil, 0, &wire.Error{Off: 6, Msg: fmt.Sprintf("%s has no version %d (versions %v)", api.Name, v, api.VersionRange(schema.Request))}
	}
	return api, v, nil
}

// Decode decodes a frame of version v of api in direction dir. It never fails
// outright: the tree holds what decoded, and Err says where and why it stopped.
// The decode stays within one frame's budget (records.NewBudget): past it,
// Err says which bound stopped it, and where.
func Decode(b []byte, api *schema.API, v int16, dir schema.Direction) *Decoded {
	d := newDecoded(len(b))
	return decode(d, b, api, v, dir, &d.budget, &d.arena)
}

// DecodeFields is Decode with the record batches of records fields left
// unread: such a field's value is its bytes, its node has no children, and
// nothing is decompressed. It is for what the fields say (error codes,
// topics), which a batch's records do not change: for a Fetch response of
// compressed batches, their decompression and records were most of what
// Decode spent.
func DecodeFields(b []byte, api *schema.API, v int16, dir schema.Direction) *Decoded {
	d := newDecoded(len(b))
	d.recordsUnread = true
	return decode(d, b, api, v, dir, &d.budget, &d.arena)
}

// shareMax is the largest frame whose nodes come from shared blocks.
const shareMax = 16 << 10

// newDecoded is an empty Decoded for a frame of size bytes, with a full
// budget, that remembers its record batches for Rebuild.
func newDecoded(size int) *Decoded {
	d := &Decoded{budget: *records.NewBudget()}
	d.keep = &d.reuse
	// A small frame's tree, kept or dropped whole, shares blocks with the
	// frames before and after it (layout.Arena.Share); a big one fills
	// blocks of its own.
	d.arena.Share = size <= shareMax
	d.arena.Expect(size)
	return d
}

// decode decodes into d within budget, which it spends, with the message's
// nodes from arena.
func decode(d *Decoded, b []byte, api *schema.API, v int16, dir schema.Direction, budget *records.Budget, arena *layout.Arena) *Decoded {
	d.msg = message.Message{API: api, Version: v, Dir: dir, SizeHint: len(b)}
	d.Msg = &d.msg
	d.frame[0] = b
	d.Bufs = d.frame[:]
	def := api.Def(dir, v)
	root := arena.New()
	*root = layout.Node{Type: layout.Prefixed("message v", int(v)), End: len(b)}
	if def != nil {
		root.Name = def.Name
	} else {
		root.Name = api.Name + suffix(dir)
	}
	d.Tree = root
	var extra *layout.Node // bytes past the size prefix's end, shown last
	var dec *message.Decoder
	left := *budget
	defer func() {
		// What the decode left of its blocks goes to the next one, unless
		// it holds decompressed bytes, which the next would keep alive.
		if len(d.Bufs) > 1 {
			dec.Retire()
			arena.Retire()
		} else {
			dec.Done()
			arena.Done()
		}
		if extra != nil {
			root.Add(extra)
		}
		d.spent = records.Budget{Decompressed: left.Decompressed - budget.Decompressed,
			Records: left.Records - budget.Records, Nodes: left.Nodes - budget.Nodes}
	}()
	// sizeErr is a size prefix (or header) that disagrees with the frame;
	// the frame reports it first, but decoding goes on to show the rest.
	var sizeErr *wire.Error
	// fail stops decoding at own, an error in node n (unless a node under n
	// already carries it); the frame reports sizeErr first, if there is one.
	fail := func(own *wire.Error, n *layout.Node) *Decoded {
		d.Err = either(sizeErr, own)
		if n.Failed() == nil {
			n.Err = own
		}
		return d
	}

	fr := arena.Attach(root, layout.Node{Name: "Frame", Off: 0, Desc: "length-delimited framing", Region: layout.RegionFrame})
	r := wire.NewReader(b, 0)
	sizeNode := arena.Attach(fr, layout.Node{Name: "size", Type: "int32", Region: layout.RegionFrame, Desc: "number of bytes that follow, patched after encoding"})
	size := r.Int32()
	sizeNode.End, fr.End = r.Off(), r.Off()
	sizeNode.Value = layout.Itoa(int64(size))
	if r.Failure() != nil {
		return fail(r.Failure(), sizeNode)
	}
	if def == nil {
		return fail(&wire.Error{Off: 4, Msg: fmt.Sprintf("%s has no %s version %d", api.Name, dir, v)}, root)
	}
	body := b[4:]
	switch have := len(b) - 4; {
	case size < 0:
		return fail(&wire.Error{Off: 0, Msg: fmt.Sprintf("frame size %d is negative", size)}, sizeNode)
	case int(size) > have:
		sizeErr = &wire.Error{Off: len(b), Msg: fmt.Sprintf("frame truncated by %d bytes: size says %d, %d present", int(size)-have, size, have)}
		sizeNode.SetWarn(sizeErr.Msg)
	case int(size) < have:
		body = b[4 : 4+size]
		sizeErr = &wire.Error{Off: 4 + int(size), Msg: fmt.Sprintf("%d bytes extra after the frame: size says %d, %d present", have-int(size), size, have)}
		sizeNode.SetWarn(sizeErr.Msg)
		extra = &layout.Node{Name: "extra", Type: "bytes", Off: 4 + int(size), End: len(b), Err: sizeErr,
			Desc: "bytes after the end the size prefix gives"}
	}

	hv := schema.HeaderVersion(api, v, dir)
	hdef := schema.Header(dir)
	hregion, bregion, hname := layout.RegionRequestHeader, layout.RegionRequestBody, "RequestHeader"
	hdesc := "common request header"
	if dir == schema.Response {
		hregion, bregion, hname, hdesc = layout.RegionResponseHeader, layout.RegionResponseBody, "ResponseHeader", "common response header"
	}
	br := wire.NewReader(body, 4)
	hn := arena.Attach(root, layout.Node{Key: "header", Name: hname, Type: layout.Prefixed("v", int(hv)), Off: 4, Region: hregion, Desc: hdesc})
	// One decoder reads the header, then the body, so they share its blocks of values.
	dec = &message.Decoder{Reader: br, Version: hv, Region: hregion, Header: true, APIKey: -1, Bufs: &d.Bufs, Arena: arena,
		Records: records.Options{Budget: budget, Keep: d.keep, Prior: d.prior}, RecordsUnread: d.recordsUnread}
	d.Msg.Header = dec.Struct(hdef.Fields, hdef.Flexible.Has(hv), hn)
	hn.End = br.Off()
	nameHeaderNodes(hn)
	if f := br.Failure(); f != nil {
		return fail(f, hn)
	}
	if dir == schema.Request {
		if k, _ := d.Msg.Header.Get("RequestApiKey"); k != api.Key {
			keyErr := &wire.Error{Off: 4, Msg: fmt.Sprintf("header names API key %v, not %d (%s)", k, api.Key, api.Name)}
			sizeErr = either(sizeErr, keyErr)
			for _, c := range hn.Children {
				if c.Key == "RequestApiKey" {
					c.Err = keyErr
				}
			}
		}
	}

	flex := def.Flexible.Has(v)
	bn := arena.Attach(root, layout.Node{Key: "body", Name: def.Name, Type: "struct", Off: br.Off(), Region: bregion,
		Desc: layout.Prefixed("message body, version ", int(v))})
	dec.Version, dec.Region, dec.Header, dec.APIKey = v, bregion, false, api.Key
	d.Msg.Body = dec.Struct(def.Fields, flex, bn)
	bn.End = br.Off()
	if f := br.Failure(); f != nil {
		return fail(f, bn)
	}
	if br.Left() > 0 {
		extra := root.Add(&layout.Node{Name: "left over", Type: "bytes", Off: br.Off(), End: br.Off() + br.Left(), Region: layout.RegionNone,
			Desc: "bytes after a complete message"})
		return fail(&wire.Error{Off: br.Off(), Msg: fmt.Sprintf("%d bytes left over after a complete %s", br.Left(), def.Name)}, extra)
	}
	if sizeErr != nil {
		d.Err = sizeErr
	}
	return d
}

func either(first, second *wire.Error) *wire.Error {
	if first != nil {
		return first
	}
	return second
}

func suffix(d schema.Direction) string {
	if d == schema.Response {
		return "Response"
	}
	return "Request"
}
