package conversation

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/source"
)

// A port reused makes two connections of one name, told apart by number;
// an input that numbers none tells them apart by name; a stream whose
// direction is unknown joins the connection named the other way round.
func TestGroupByNumberThenName(t *testing.T) {
	streams := []source.Stream{
		{Conn: "a:1>b:2", ConnNumber: 0, Dir: source.ClientToServer},
		{Conn: "a:1>b:2", ConnNumber: 0, Dir: source.ServerToClient},
		{Conn: "a:1>b:2", ConnNumber: 1, Dir: source.ClientToServer}, // the port reused
		{Conn: "c:3>d:4", ConnNumber: 1, Dir: source.ClientToServer}, // numbered as the one before
		{Conn: "a:1>b:2", ConnNumber: 1, Dir: source.ServerToClient},
		{Conn: "e:5>f:6", ConnNumber: 2},
		{Conn: "f:6>e:5", ConnNumber: 2},
		{Bytes: []byte{0}}, // pasted
	}
	type g struct {
		name           string
		client, server int
	}
	var got []g
	for _, x := range group(streams, nil) {
		got = append(got, g{x.name, x.client, x.server})
	}
	assert.Equal(t, []g{{"a:1>b:2", 0, 1}, {"a:1>b:2", 2, 4}, {"c:3>d:4", 3, -1}, {"e:5>f:6", 5, 6}, {"", 7, -1}}, got)
}
