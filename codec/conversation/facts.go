package conversation

import (
	"hash/maphash"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Facts are what a frame says that a capture's frames are searched by: a
// response's error codes other than NONE, and the topics the frame names,
// by name and by id (TopicNames names those).
type Facts struct {
	ErrorCodes []int16
	Topics     []string
	TopicIDs   []message.UUID
}

// Facts decodes the frame for its facts, as far as the bytes of a frame
// cut short decode; none for a frame whose API is not known, or a whole
// one that does not decode.
func (f *Frame) Facts() *Facts {
	m := f.message()
	if m == nil {
		return &Facts{}
	}
	fa := &Facts{}
	if f.Dir == schema.Response {
		fa.ErrorCodes = m.ErrorCodes()
	}
	fa.Topics, fa.TopicIDs = m.Topics()
	return fa
}

// FactCache finds frames' facts, decoding a body it has seen before only
// once: a capture repeats itself (empty fetches, heartbeats, a client's
// metadata refreshes, the same short connection again and again), and the
// frames that differ only in their correlation id say the same. The zero
// value is ready to use.
type FactCache struct {
	seed   maphash.Seed
	byBody map[bodyKey]*Facts
}

type bodyKey struct {
	api, version int16
	dir          schema.Direction
	hash         uint64 // of the bytes after the correlation id
}

// sameBodyMax is the largest frame whose body is looked up: a big one (a
// fetch with records, a produce) is seldom sent twice, and reading all its
// bytes for a hash costs about what its decode does, whose records are
// skipped.
const sameBodyMax = 64 << 10

// Of is frame f's facts, shared with the frames of the same body (not to
// be changed), and whether they were decoded now rather than taken from a
// frame with the same body.
func (c *FactCache) Of(f *Frame) (facts *Facts, decoded bool) {
	if f.API == nil {
		return &Facts{}, false
	}
	if len(f.Bytes) > sameBodyMax {
		return f.Facts(), true
	}
	if c.byBody == nil {
		c.seed, c.byBody = maphash.MakeSeed(), map[bodyKey]*Facts{}
	}
	k := bodyKey{f.API.Key, f.Version, f.Dir, maphash.Bytes(c.seed, f.body())}
	if fa, ok := c.byBody[k]; ok {
		return fa, false
	}
	fa := f.Facts()
	c.byBody[k] = fa
	return fa, true
}

// body is the frame's bytes past its correlation id, which two frames
// that say the same differ in: a response's first 8 bytes (its size and
// correlation id), a request's first 12 (its API key and version too).
func (f *Frame) body() []byte {
	past := 8
	if f.Dir == schema.Request {
		past = 12
	}
	return f.Bytes[min(past, len(f.Bytes)):]
}
