package conversation

import (
	"time"

	"github.com/kafkawire/kafkawire/codec/schema"
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
	for i := range r.frames.n {
		if s := r.at(i); s.dir == schema.Request && s.pair >= 0 {
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
	r := n.reason(i)
	return whys[r], r != notRequest && r != noAnswerExpected
}

// Waited is how long request i, which has no response, waited for one at
// least: until the connection was closed, or the capture ended with it
// still open. ok is false for a request with a response or none expected,
// one whose response the capture may have lost or whose server it does
// not hold, one sent to a server that had already closed the connection,
// and an input without times.
func (n *NoResponses) Waited(i int) (d time.Duration, ok bool) {
	switch n.reason(i) {
	case serverReset, serverClosed, clientReset, clientClosed, stillOpen:
	default:
		return 0, false
	}
	sent := n.r.stamp(n.r.Frame(i).Time)
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
	if end <= sent {
		return 0, false // nothing seen after it to wait for
	}
	return time.Duration(end - sent), true
}

// noAnswer is why a request has no response (Why's texts, by number).
type noAnswer uint8

const (
	notTold    noAnswer = iota // the input has no packets to tell by
	notRequest                 // a response: nothing to answer
	answered
	noAnswerExpected
	lostLater
	lostBytes
	afterServerClose
	serverReset
	serverClosed
	noServer
	clientReset
	clientClosed
	stillOpen
)

var whys = [...]string{
	noAnswerExpected: "acks=0: the broker sends no response",
	lostLater:        "the capture lost its response: a later request on this connection was answered, and a broker answers them in order",
	lostBytes:        "the capture lost bytes the server sent on this connection: its response may be among them",
	afterServerClose: "it was sent after the server had closed the connection",
	serverReset:      "the server reset the connection instead",
	serverClosed:     "the server closed the connection instead",
	noServer:         "the capture holds nothing the server sent on this connection",
	clientReset:      "the client reset the connection before one came",
	clientClosed:     "the client closed the connection before one came",
	stillOpen:        "the capture ends with the connection still open",
}

func (n *NoResponses) reason(i int) noAnswer {
	f := n.r.Frame(i)
	switch {
	case f.Dir != schema.Request:
		return notRequest
	case f.Pair >= 0:
		return answered
	case !f.AnswerExpected():
		return noAnswerExpected
	}
	c := &n.r.Conns[n.r.ConnIndex(i)]
	sent := n.r.stamp(f.Time)
	switch {
	case !c.TCP:
		return notTold
	case n.last[n.r.ConnIndex(i)] > i:
		return lostLater
	case c.Lost[1] > 0 && (sent == 0 || c.lostUntil[1] >= sent):
		// Bytes the server sent before the request (a snap length's cuts
		// of earlier responses) cannot hold its response.
		return lostBytes
	case c.closedAt[1] > 0 && sent > c.closedAt[1]:
		return afterServerClose
	case c.Closer == "server" && c.Reset:
		return serverReset
	case c.Closer == "server":
		return serverClosed
	case !c.ServerSeen:
		return noServer
	case c.Closer == "client" && c.Reset:
		return clientReset
	case c.Closer == "client":
		return clientClosed
	}
	return stillOpen
}
