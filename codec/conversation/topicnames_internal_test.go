package conversation

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// A name given to many ids (a hostile Metadata response, or a topic
// created again and again) costs each id one step: every id but the last
// named is the topic before it was deleted, pointing to the last.
func TestTopicNamesManyIDsOfOneName(t *testing.T) {
	names := &TopicNames{names: map[string]string{}}
	first := map[string]string{}
	const n = 100_000
	for i := range n {
		names.add(fmt.Sprint("id", i), "gamma", first)
	}
	names.add("id0", "other", first) // named before: kept
	last := fmt.Sprint("id", n-1)
	assert.Equal(t, "gamma", names.Of(&layout.Node{Type: "uuid", Value: last}))
	assert.Equal(t, "gamma; the capture names another id gamma later, "+last+": the topic deleted and created again, or another cluster's", names.Of(&layout.Node{Type: "uuid", Value: "id0"}))
	assert.Equal(t, "gamma; the capture names another id gamma later, "+last+": the topic deleted and created again, or another cluster's", names.Of(&layout.Node{Type: "uuid", Value: "id500"}))
	assert.Len(t, names.Names(), n)
}
