package conversation

import "github.com/kafkawire/kafkawire/codec/schema"

// NoResponses tells why the requests of a Result that have no response
// have none, as far as the input tells. Safe for concurrent use.
type NoResponses struct {
	r    Result
	last []int // per connection, its last request answered; -1 for none
}

// NoResponses finds what Why needs: Find found it as it ordered the
// frames; for a Result made otherwise, one pass over them.
func (r Result) NoResponses() *NoResponses {
	if len(r.lastAnswered) == len(r.Conns) {
		return &NoResponses{r: r, last: r.lastAnswered}
	}
	n := &NoResponses{r: r, last: make([]int, len(r.Conns))}
	for c := range n.last {
		n.last[c] = -1
	}
	for i := range r.frames {
		if s := &r.frames[i]; s.dir == schema.Request && s.pair >= 0 {
			n.last[s.conn] = i
		}
	}
	return n
}

// Why says why request i has no response: a Produce with acks=0 is not
// answered at all (expected false); otherwise the input lost its response
// (a later request on the connection was answered, and a broker answers a
// connection's requests in order; or the capture holds nothing, or not
// everything, the server sent), or the connection was closed (by the
// client, giving up, or by the server, refusing) without an answer, or
// was still open where the capture ends. "" for a frame that
// is no request, or has a response, and where the input has no packets to
// tell by (lines of kafkawire frames, a client's log).
func (n *NoResponses) Why(i int) (why string, expected bool) {
	f := n.r.Frame(i)
	if f.Dir != schema.Request {
		return "", false
	}
	if f.Pair >= 0 {
		return "", true
	}
	if !f.AnswerExpected() {
		return "acks=0: the broker sends no response", false
	}
	c := n.r.ConnOf(i)
	switch {
	case !c.TCP:
		return "", true
	case n.last[n.r.ConnIndex(i)] > i:
		return "the capture lost its response: a later request on this connection was answered, and a broker answers them in order", true
	case c.Lost[1] > 0:
		return "the capture lost bytes the server sent on this connection: its response may be among them", true
	case c.Closer == "server" && c.Reset:
		return "the server reset the connection instead", true
	case c.Closer == "server":
		return "the server closed the connection instead", true
	case !c.ServerSeen:
		return "the capture holds nothing the server sent on this connection", true
	case c.Closer == "client" && c.Reset:
		return "the client reset the connection before one came", true
	case c.Closer == "client":
		return "the client closed the connection before one came", true
	}
	return "the capture ends with the connection still open", true
}
