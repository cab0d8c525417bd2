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

// Facts decodes the frame for its facts, as far as its bytes decode; none
// for a frame whose API is not known.
func (f *Frame) Facts() *Facts {
	d := f.Decode()
	if d == nil || d.Msg == nil {
		return &Facts{}
	}
	fa := &Facts{}
	if f.Dir == schema.Response {
		fa.ErrorCodes = d.Msg.ErrorCodes()
	}
	fa.Topics, fa.TopicIDs = d.Msg.Topics()
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
	// The correlation id ends a response's first 8 bytes (after the
	// size), a request's first 12 (after its API key and version too).
	past := 8
	if f.Dir == schema.Request {
		past = 12
	}
	if len(f.Bytes) <= past || len(f.Bytes) > sameBodyMax {
		return f.Facts(), true
	}
	if c.byBody == nil {
		c.seed, c.byBody = maphash.MakeSeed(), map[bodyKey]*Facts{}
	}
	k := bodyKey{f.API.Key, f.Version, f.Dir, maphash.Bytes(c.seed, f.Bytes[past:])}
	if fa, ok := c.byBody[k]; ok {
		return fa, false
	}
	fa := f.Facts()
	c.byBody[k] = fa
	return fa, true
}
