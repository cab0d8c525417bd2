package conversation

import (
	"hash/maphash"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// ErrorCodes finds responses' error codes (Frame.ErrorCodes), decoding a
// body it has seen before only once: a capture repeats itself (empty
// fetches, heartbeats, a client's metadata refreshes, the same short
// connection again and again), and the responses that differ only in their
// correlation id carry the same codes. The zero value is ready to use.
type ErrorCodes struct {
	seed   maphash.Seed
	byBody map[bodyKey][]int16
}

type bodyKey struct {
	api, version int16
	hash         uint64 // of the bytes after the size and correlation id
}

// sameBodyMax is the largest response whose body is looked up: a big one
// (a fetch with records) is seldom sent twice, and reading all its bytes
// for a hash costs about what its decode does, whose records are skipped.
const sameBodyMax = 64 << 10

// Of is frame f's error codes, and whether they were decoded now rather
// than taken from a response with the same body.
func (c *ErrorCodes) Of(f *Frame) (codes []int16, decoded bool) {
	if f.Dir != schema.Response || f.API == nil {
		return nil, false
	}
	if len(f.Bytes) <= 8 || len(f.Bytes) > sameBodyMax {
		return f.ErrorCodes(), true
	}
	if c.byBody == nil {
		c.seed, c.byBody = maphash.MakeSeed(), map[bodyKey][]int16{}
	}
	k := bodyKey{f.API.Key, f.Version, maphash.Bytes(c.seed, f.Bytes[8:])}
	if codes, ok := c.byBody[k]; ok {
		return codes, false
	}
	codes = f.ErrorCodes()
	c.byBody[k] = codes
	return codes, true
}
