package conversation

import (
	"slices"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// RequestAPIs lists, per connection (by index in Conns), the API and
// version of its requests, each once, in the order first seen: a
// response on it whose request the input lacks (the capture began after
// it) is most likely of one of them. One pass over the frames.
func (r Result) RequestAPIs() [][]frame.Candidate {
	out := make([][]frame.Candidate, len(r.Conns))
	for i := range r.frames.n {
		s := r.at(i)
		if s.dir != schema.Request || s.api < 0 {
			continue
		}
		c := frame.Candidate{API: schema.ByKey(s.api), Version: s.version}
		if c.API != nil && !slices.ContainsFunc(out[s.conn], func(o frame.Candidate) bool { return o.API == c.API && o.Version == c.Version }) {
			out[s.conn] = append(out[s.conn], c)
		}
	}
	return out
}

// OwnReading is how frame i, a response whose request the input lacks,
// reads as one of its connection's requests (own, RequestAPIs' for its
// connection): the first of their APIs and versions that decodes it
// whole. A decode for each, at most: a connection's requests use a few.
func (r Result) OwnReading(i int, own []frame.Candidate) (frame.Candidate, bool) {
	f := r.Frame(i)
	if f.Dir != schema.Response || f.API != nil {
		return frame.Candidate{}, false
	}
	for _, c := range own {
		if d := frame.Decode(f.Bytes, c.API, c.Version, schema.Response); d.Err == nil {
			return c, true
		}
	}
	return frame.Candidate{}, false
}

// OwnFirst puts first the readings (frame.Guess's, most plausible first)
// of an API and version in own (a connection's requests, RequestAPIs),
// keeping the order within each part, and says how many those are.
func OwnFirst(readings, own []frame.Candidate) ([]frame.Candidate, int) {
	isOwn := func(c frame.Candidate) bool {
		return slices.ContainsFunc(own, func(o frame.Candidate) bool { return o.API == c.API && o.Version == c.Version })
	}
	out := make([]frame.Candidate, 0, len(readings))
	for _, c := range readings {
		if isOwn(c) {
			out = append(out, c)
		}
	}
	n := len(out)
	for _, c := range readings {
		if !isOwn(c) {
			out = append(out, c)
		}
	}
	return out, n
}
