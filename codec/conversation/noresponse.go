package conversation

import (
	"time"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// Why's texts that Waited tells apart.
const (
	whyLost       = "the capture lost its response: a later request on this connection was answered, and a broker answers them in order"
	whyLostBytes  = "the capture lost bytes the server sent on this connection: its response may be among them"
	whyAfterClose = "it was sent after the server had closed the connection"
)

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
// connection's requests in order; or the capture holds nothing the server
// sent, or lost bytes it sent after the request), or it was sent after the
// server had closed the connection, or the connection was closed (by the
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
	sent := unixNano(f.Time)
	switch {
	case !c.TCP:
		return "", true
	case n.last[n.r.ConnIndex(i)] > i:
		return whyLost, true
	case c.Lost[1] > 0 && (c.lostWhenUnknown[1] || sent == 0 || c.lostUntil[1] >= sent):
		// Bytes the server sent before the request (a snap length's cuts
		// of earlier responses) cannot hold its response.
		return whyLostBytes, true
	case c.closedAt[1] > 0 && sent > c.closedAt[1]:
		return whyAfterClose, true
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

// Waited is how long request i, which has no response, waited for one at
// least: until the connection was closed, or the capture ended with it
// still open. ok is false for a request with a response or none expected,
// one whose response the capture may have lost, one sent to a server that
// had already closed the connection, and an input without times.
func (n *NoResponses) Waited(i int) (d time.Duration, ok bool) {
	why, expected := n.Why(i)
	if !expected || why == "" || why == whyLost || why == whyLostBytes || why == whyAfterClose {
		return 0, false
	}
	f := n.r.Frame(i)
	sent := unixNano(f.Time)
	if sent == 0 {
		return 0, false
	}
	c := &n.r.Conns[n.r.ConnIndex(i)]
	end := n.r.end
	for _, at := range c.closedAt {
		if at >= sent && at < end {
			end = at
		}
	}
	if end < sent {
		return 0, false
	}
	return time.Duration(end - sent), true
}
