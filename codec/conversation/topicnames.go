package conversation

import (
	"hash/maphash"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// TopicNames names topic ids: the uuid as a decoded node shows it (Kafka's
// base64) to the topic's name. Fetch from v13 and Produce from v13 carry a
// topic's id alone; the capture's Metadata responses (and CreateTopics,
// DescribeTopicPartitions, group descriptions) say which topic it is.
type TopicNames map[string]string

// Of is the name of the topic whose id node n holds; "" when n is no uuid
// or the id was not named.
func (t TopicNames) Of(n *layout.Node) string {
	if n == nil || n.Type != "uuid" {
		return ""
	}
	return t[n.Value]
}

// TopicNames is every topic id the frames name, with its name, and
// whether it stopped at limit decodes (0: no limit). Only the frames that
// can name one are decoded, and of those that repeat one another byte for
// byte past their correlation id (a client's metadata refreshes, a capture
// of many short connections) only the first.
func (r Result) TopicNames(limit int) (names TopicNames, cut bool) {
	names = TopicNames{}
	type shape struct {
		api, version int16
		dir          schema.Direction
	}
	can := map[shape]bool{}
	type body struct {
		shape
		hash uint64
	}
	seen := map[body]bool{}
	seed := maphash.MakeSeed()
	decoded := 0
	for i := range r.frames {
		s := &r.frames[i]
		if s.api < 0 {
			continue
		}
		k := shape{s.api, s.version, s.dir}
		ok, known := can[k]
		if !known {
			ok = schema.ByKey(s.api).NamesTopicIDs(s.dir, s.version)
			can[k] = ok
		}
		if !ok {
			continue
		}
		f := r.Frame(i)
		b := body{k, maphash.Bytes(seed, f.body())}
		if seen[b] {
			continue
		}
		seen[b] = true
		if limit > 0 && decoded == limit {
			return names, true
		}
		decoded++
		if m := f.message(); m != nil {
			m.TopicIDs(func(id message.UUID, name string) {
				if _, ok := names[id.String()]; !ok {
					names[id.String()] = name
				}
			})
		}
	}
	return names, false
}
