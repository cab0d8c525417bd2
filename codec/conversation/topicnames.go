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
// DescribeTopicPartitions, group descriptions) say which topic it is. A
// topic deleted and created again has a new id: the old one is named as
// the earlier topic of that name. The zero value, and nil, name nothing.
type TopicNames struct {
	names  map[string]string // id → name
	latest map[string]string // name → the id the capture named it with last, where it named more than one
}

// Name is the name of the topic of id (as a node shows it); "" when the
// frames do not name it.
func (t *TopicNames) Name(id string) string {
	if t == nil {
		return ""
	}
	return t.names[id]
}

// Names is every id named, with its name; not to be changed.
func (t *TopicNames) Names() map[string]string {
	if t == nil {
		return nil
	}
	return t.names
}

// Of says which topic the id node n holds is: its name, and for an id its
// name had before another id was named so (the topic deleted and created
// again, or another cluster's topic of that name), that id; "" when n is
// no uuid or the id was not named.
func (t *TopicNames) Of(n *layout.Node) string {
	if n == nil || n.Type != "uuid" {
		return ""
	}
	name := t.Name(n.Value)
	if name == "" {
		return ""
	}
	if later := t.latest[name]; later != "" && later != n.Value {
		return name + "; the capture names another id " + name + " later, " + later + ": the topic deleted and created again, or another cluster's"
	}
	return name
}

// add names id, unless it was named before; an id new to a name that had
// another is the name's latest (the topic was deleted and created again).
// A name's ids are told apart by the order the capture first names them.
func (t *TopicNames) add(id, name string, first map[string]string) {
	if _, ok := t.names[id]; ok {
		return
	}
	t.names[id] = name
	if prev, ok := first[name]; !ok {
		first[name] = id
	} else if prev != id {
		if t.latest == nil {
			t.latest = map[string]string{}
		}
		t.latest[name] = id
	}
}

// TopicNames is every topic id the frames name, with its name, and
// whether it stopped at limit decodes (0: no limit). Only the frames that
// can name one are decoded, and of those that repeat one another byte for
// byte past their correlation id (a client's metadata refreshes, a capture
// of many short connections) only the first.
func (r Result) TopicNames(limit int) (names *TopicNames, cut bool) {
	names = &TopicNames{names: map[string]string{}}
	first := map[string]string{} // name → the first id named with it
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
	for i := range r.frames.n {
		s := r.at(i)
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
			m.TopicIDs(func(id message.UUID, name string) { names.add(id.String(), name, first) })
		}
	}
	return names, false
}
