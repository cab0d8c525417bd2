//go:build !js

package conversation_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"maps"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A response's error codes are found anywhere in its body, as kmsg wrote
// them; a cut response keeps those before the cut; a request, and a
// response whose API is unknown, have none.
func TestFrameErrorCodes(t *testing.T) {
	resp := kmsg.NewPtrDeleteTopicsResponse()
	resp.Version = 6
	for _, e := range []struct {
		topic string
		code  int16
	}{{"orders", 0}, {"no-such-topic", 3}, {"locked", 41}} {
		r := kmsg.NewDeleteTopicsResponseTopic()
		r.Topic, r.ErrorCode = kmsg.StringPtr(e.topic), e.code
		resp.Topics = append(resp.Topics, r)
	}
	// A flexible response header: the correlation id, then no tagged fields.
	b := binary.BigEndian.AppendUint32(nil, 7)
	b = append(b, 0)
	b = resp.AppendTo(b)
	b = append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)

	api := schema.ByName("DeleteTopics")
	f := conversation.Frame{Dir: schema.Response, API: api, Version: 6, Bytes: b}
	assert.Equal(t, []int16{3, 41}, f.ErrorCodes())

	// Cut inside the third topic: the second's code was read.
	cut := f
	cut.Bytes, cut.Broken = b[:len(b)-8], "the capture lost the rest"
	assert.Equal(t, []int16{3}, cut.ErrorCodes())
	// The same bytes, the input not saying they were cut: a frame that
	// does not decode is not what it was taken for, and says nothing.
	misread := cut
	misread.Broken = ""
	assert.Empty(t, misread.ErrorCodes())

	unknown := f
	unknown.API = nil
	assert.Empty(t, unknown.ErrorCodes())
	req := f
	req.Dir = schema.Request
	assert.Empty(t, req.ErrorCodes())

	assert.Equal(t, "UNKNOWN_TOPIC_OR_PARTITION", schema.ErrorName(3))
	assert.Equal(t, "error 9999", schema.ErrorName(9999))
}

// A Fetch response a capture's snap length cut inside its records keeps
// the error code of the partition before them.
func TestFrameErrorCodesCutFetch(t *testing.T) {
	resp := kmsg.NewPtrFetchResponse()
	resp.Version = 11 // not flexible: the header is the correlation id alone
	topic := kmsg.NewFetchResponseTopic()
	topic.Topic = "orders"
	for i, code := range []int16{1, 0} {
		p := kmsg.NewFetchResponseTopicPartition()
		p.Partition, p.ErrorCode = int32(i), code
		if code == 0 {
			p.RecordBatches = make([]byte, 500) // cut below, whatever they hold
		}
		topic.Partitions = append(topic.Partitions, p)
	}
	resp.Topics = append(resp.Topics, topic)
	b := resp.AppendTo(binary.BigEndian.AppendUint32(nil, 9))
	b = append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)

	f := conversation.Frame{Dir: schema.Response, API: schema.ByName("Fetch"), Version: 11, Bytes: b[:len(b)-300], Broken: "cut by the snap length"}
	assert.NotNil(t, f.Decode().Err)
	assert.Equal(t, []int16{1}, f.ErrorCodes())
}

// The topic ids a consumer's Fetch requests carry (v13 on) are named from
// the capture's Metadata responses: each id the requests hold has the name
// kmsg reads for it from the Metadata responses, and TopicNames.Of names
// the nodes of the decoded requests that hold one.
func TestTopicNamesFromMetadata(t *testing.T) {
	conns := traffic.ByConn(recordings[0].exchanges(t)) // kgo: produces to and consumes "orders"
	want := map[string]string{}
	for _, exs := range conns {
		for _, ex := range exs {
			if ex.APIKey != 3 || ex.Response == nil {
				continue
			}
			resp := kmsg.NewPtrMetadataResponse()
			resp.Version = ex.APIVersion
			body := ex.Response[8:]
			if resp.IsFlexible() {
				body = body[1:] // the header's empty tagged fields
			}
			require.NoError(t, resp.ReadFrom(body))
			for _, tp := range resp.Topics {
				if tp.Topic != nil && tp.TopicID != [16]byte{} {
					want[message.UUID(tp.TopicID).String()] = *tp.Topic
				}
			}
		}
	}
	require.Contains(t, slices.Collect(maps.Values(want)), "orders", "kgo's Metadata responses carry the topic's id")

	res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segments(capturetest.Scenario{MSS: 1400}, conns)))
	names, cut := res.TopicNames(0)
	require.False(t, cut)
	// Bounded, it stops at its limit of decodes, and says so.
	few, cut := res.TopicNames(1)
	assert.True(t, cut)
	assert.LessOrEqual(t, len(few.Names()), len(names.Names()))
	assert.Equal(t, want, names.Names())

	named := 0
	for _, f := range res.All() {
		if f.API == nil || f.API.Name != "Fetch" || f.Dir != schema.Request || f.Version < 13 {
			continue
		}
		d := f.Decode()
		require.Nil(t, d.Err)
		var walk func(n *layout.Node)
		walk = func(n *layout.Node) {
			if n.Name == "TopicId" {
				assert.Equal(t, "orders", names.Of(n), n.Value)
				named++
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(d.Tree)
	}
	assert.Greater(t, named, 0, "kgo's Fetch requests carry topic ids")
	assert.Empty(t, names.Of(&layout.Node{Type: "string", Value: "orders"}), "only a uuid names a topic")
}

// A Produce with acks=0 expects no answer, and a capture of kgo producing
// so has none for it; any other request expects one. A connection the
// capture saw closed says so; one still open at the capture's end does not.
func TestUnansweredRequests(t *testing.T) {
	exs, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	for _, closed := range []bool{true, false} {
		var segs []pcapwrite.Segment
		t0 := time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC)
		for i, exs := range traffic.ByConn(exs) {
			c := pcapwrite.NewConn(netip.MustParseAddrPort(fmt.Sprintf("127.0.0.1:%d", 40000+i)), netip.MustParseAddrPort("127.0.0.1:9092"), t0)
			c.Open()
			for _, ex := range exs {
				c.Send(true, ex.Request, 1400)
				if ex.Response != nil {
					c.Send(false, ex.Response, 1400)
				}
			}
			if closed {
				c.Close()
			}
			segs = append(segs, c.Segments...)
		}
		res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))
		produces := 0
		for i, f := range res.All() {
			assert.Equal(t, closed, res.ConnOf(i).Closer != "", f.Conn)
			assert.True(t, res.ConnOf(i).TCP, f.Conn)
			if f.Dir != schema.Request {
				assert.False(t, f.AnswerExpected(), "a response expects none")
				continue
			}
			if f.API.Name == "Produce" {
				produces++
				assert.Equal(t, -1, f.Pair, "kfake answers no Produce with acks=0")
				assert.False(t, f.AnswerExpected())
			} else {
				assert.True(t, f.AnswerExpected(), f.API.Name)
			}
		}
		assert.Positive(t, produces)
	}
}

// The filter's "unanswered" finds the requests a broker answers that
// have no response: one whose response the capture lost, not kgo's
// Produce requests with acks=0, which no broker answers.
func TestFilterUnanswered(t *testing.T) {
	exs, lost := lostResponse(t)
	res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, capturetest.Scenario{}.Segments(traffic.Wire(traffic.ByConn(exs)))))
	matching := func(q string) []int {
		flt, sayings := conversation.ParseFilter(q), res.Decoded()
		var out []int
		for i := range res.Len() {
			if flt.Match(res, i, sayings) {
				out = append(out, i)
			}
		}
		return out
	}
	found := matching("unanswered")
	require.Len(t, found, 1)
	assert.Equal(t, lost.Request, res.Frame(found[0]).Bytes)
	assert.Equal(t, found, matching("noresponse"))
	assert.Empty(t, matching("api:produce unanswered"), "acks=0: none expected")
	assert.Positive(t, len(matching("api:produce dir:request")), "kgo produced")
	assert.Empty(t, conversation.FilterHint("unanswered"))
}

// A bare API name finds that API, not the client ids that hold it (Java's
// producer-1); a bare word of a client id finds its frames.
func TestFilterBareAPINameIsNoClientID(t *testing.T) {
	exs, err := traffic.Record([]kgo.Opt{kgo.DefaultProduceTopic("orders"), kgo.ClientID("producer-1")}, func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Value: []byte("v")}).FirstErr())
	})
	require.NoError(t, err)
	res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, capturetest.Scenario{}.Segments(traffic.Wire(traffic.ByConn(exs)))))
	count := func(q string) (n int, apis map[string]int) {
		flt, sayings := conversation.ParseFilter(q), res.Decoded()
		apis = map[string]int{}
		for i, f := range res.All() {
			if flt.Match(res, i, sayings) {
				n++
				apis[f.API.Name]++
			}
		}
		return n, apis
	}
	n, apis := count("Produce")
	assert.Equal(t, map[string]int{"Produce": n}, apis)
	assert.Positive(t, n)
	all, _ := count("producer-1")
	assert.Equal(t, res.Len(), all, "every frame: the requests' client id, and their responses'")
}

// lostResponse is kgo producing with acks=0 (traffic.ProduceNoAcks), the
// response to one request that expects one (not a Produce) left out, as
// a capture that lost it; and that exchange.
func lostResponse(t *testing.T) ([]traffic.Exchange, traffic.Exchange) {
	exs, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	for i, ex := range exs {
		if ex.APIKey != 0 && ex.Response != nil {
			exs[i].Response = nil
			return exs, exs[i]
		}
	}
	t.Fatal("kgo sent no request but Produce")
	return nil, traffic.Exchange{}
}

// Why a request went unanswered, told by time: bytes a snap length cut
// from the responses before it cannot hold its response; a request sent
// after the server closed the connection says so; and how long one waited
// before the connection closed, or the capture ended with it open.
func TestUnansweredByTime(t *testing.T) {
	conn := answered(t)
	last := conn[len(conn)-1]
	t0 := time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC)
	build := func(end func(c *pcapwrite.Conn)) *pcapwrite.Conn {
		c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:9092"), t0)
		c.Open()
		for _, ex := range conn {
			c.Send(true, ex.Request, 0)
			if ex.CorrelationID != last.CorrelationID {
				c.Send(false, ex.Response, 0)
			}
		}
		end(c)
		return c
	}
	lastRequest := func(res conversation.Result) int {
		i := res.Len() - 1
		f := res.Frame(i)
		require.Equal(t, schema.Request, f.Dir)
		require.Equal(t, last.APIKey, f.API.Key)
		require.Equal(t, last.CorrelationID, f.CorrelationID, "the last request (its bytes cut in a snap length's capture)")
		return i
	}

	// tcpdump -s 80: 26 bytes of each packet's payload kept, the
	// responses before the last request cut.
	waited := build(func(c *pcapwrite.Conn) { c.Wait(1500 * time.Millisecond); c.Close() })
	res := find(t, pcapwrite.WritePcapSnap(pcapwrite.Ethernet, true, 80, waited.Segments))
	i := lastRequest(res)
	require.Positive(t, res.ConnOf(i).Lost[1], "the snap length cut responses")
	why, expected := res.NoResponses().Why(i)
	assert.True(t, expected)
	assert.Equal(t, "the client closed the connection before one came", why)
	d, ok := res.NoResponses().Waited(i)
	require.True(t, ok)
	assert.InDelta(t, 1500*time.Millisecond, d, float64(time.Millisecond), "from the request to the client's FIN")
	// Still open at the end, it waited until the capture's last packet:
	// the server's ACK a second later, or another connection's handshake
	// five seconds later.
	open := build(func(c *pcapwrite.Conn) { c.Wait(time.Second); c.Ack(false) })
	res = find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, open.Segments))
	i = lastRequest(res)
	why, _ = res.NoResponses().Why(i)
	assert.Equal(t, "the capture ends with the connection still open", why)
	d, ok = res.NoResponses().Waited(i)
	require.True(t, ok)
	assert.InDelta(t, time.Second, d, float64(time.Millisecond))
	other := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40009"), netip.MustParseAddrPort("127.0.0.1:9092"), open.Segments[len(open.Segments)-1].Time.Add(4*time.Second))
	other.Open()
	res = find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, append(slices.Clone(open.Segments), other.Segments...)))
	d, ok = res.NoResponses().Waited(lastRequest(res))
	require.True(t, ok)
	assert.InDelta(t, 5*time.Second, d, float64(time.Millisecond))
	_, ok = res.NoResponses().Waited(0)
	assert.False(t, ok, "an answered request")

	// The client's packets alone (tcpdump dst port 9092): the server may
	// have answered; no wait is claimed.
	var clientOnly []pcapwrite.Segment
	for _, sg := range waited.Segments {
		if sg.Dst.Port() == 9092 {
			clientOnly = append(clientOnly, sg)
		}
	}
	res = find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, clientOnly))
	for i, f := range res.All() {
		why, _ := res.NoResponses().Why(i)
		assert.Equal(t, "the capture holds nothing the server sent on this connection", why, f.API.Name)
		_, ok := res.NoResponses().Waited(i)
		assert.False(t, ok, f.API.Name)
	}

	// The last response lost, then both sides close seconds later: the
	// server's FIN says bytes are missing before it, so no hang is claimed.
	dropLast := build(func(c *pcapwrite.Conn) {})
	k := len(dropLast.Segments)
	dropLast.Send(false, last.Response, 0)
	dropLast.Wait(3 * time.Second)
	dropLast.Close()
	segs := append(slices.Clone(dropLast.Segments[:k]), dropLast.Segments[k+1:]...)
	res = find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))
	i = lastRequest(res)
	why, _ = res.NoResponses().Why(i)
	assert.Equal(t, "the capture lost bytes the server sent on this connection: its response may be among them", why)
	_, ok = res.NoResponses().Waited(i)
	assert.False(t, ok)

	// The server closes its side first; the client's last request comes
	// after, and the server resets the connection.
	late := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40001"), netip.MustParseAddrPort("127.0.0.1:9092"), t0)
	late.Open()
	for _, ex := range conn[:len(conn)-1] {
		late.Send(true, ex.Request, 0)
		late.Send(false, ex.Response, 0)
	}
	late.Fin(false)
	late.Send(true, last.Request, 0)
	late.Reset(false)
	res = find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, late.Segments))
	i = lastRequest(res)
	why, expected = res.NoResponses().Why(i)
	assert.True(t, expected)
	assert.Equal(t, "it was sent after the server had closed the connection", why)
	_, ok = res.NoResponses().Waited(i)
	assert.False(t, ok, "it waited for nothing")
}

// A response the capture lost whole (its packet missing: editcap -r)
// breaks no frame, and the connection's notes still say the server's
// bytes are missing; its request says why it has none.
func TestLostResponseIsNoted(t *testing.T) {
	conn, c := openAnswered(t)
	drop, lost := -1, traffic.Exchange{}
	for _, ex := range conn {
		c.Send(true, ex.Request, 0)
		if ex.Response != nil {
			c.Send(false, ex.Response, 0)
			if drop < 0 {
				drop, lost = len(c.Segments)-1, ex
			}
		}
	}
	require.GreaterOrEqual(t, drop, 0)
	segs := append(c.Segments[:drop:drop], c.Segments[drop+1:]...)
	res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segs))
	require.Len(t, res.Conns, 1)
	assert.Contains(t, res.Conns[0].Notes, fmt.Sprintf("server stream: %d bytes it sent are not in the capture (packets the capture missed, or cut short by its snap length)", len(lost.Response)))
	for i, f := range res.All() {
		assert.Empty(t, f.Broken)
		if f.Dir == schema.Request && f.CorrelationID == lost.CorrelationID {
			why, _ := res.NoResponses().Why(i)
			assert.Equal(t, "the capture lost its response: a later request on this connection was answered, and a broker answers them in order", why)
		}
	}
}

// Lines of kafkawire frames name a connection, but no packets: whether it
// closed is not known.
func TestConnFromLinesIsNotTCP(t *testing.T) {
	ex := traffic.ByConn(recordings[0].exchanges(t))[0][0]
	line := `{"conn":"127.0.0.1:40872>127.0.0.1:19092","time":"2026-12-03T13:56:38.775843000Z","direction":"request","hex":"` + fmt.Sprintf("%x", ex.Request) + `"}` + "\n"
	res := find(t, []byte(line))
	require.Equal(t, 1, res.Len())
	assert.Equal(t, "127.0.0.1:40872>127.0.0.1:19092", res.Frame(0).Conn)
	assert.False(t, res.ConnOf(0).TCP)
	assert.Empty(t, res.ConnOf(0).Closer)
}

// FactCache decodes a body once: the same frame again, under another
// correlation id, takes the facts found before; another body, or the same
// bytes read as another version, is decoded.
func TestFactsDecodeABodyOnce(t *testing.T) {
	resp := kmsg.NewPtrDeleteTopicsResponse()
	resp.Version = 6
	r := kmsg.NewDeleteTopicsResponseTopic()
	r.Topic, r.ErrorCode = kmsg.StringPtr("no-such-topic"), 3
	resp.Topics = append(resp.Topics, r)
	frameOf := func(corr uint32, version int16) *conversation.Frame {
		b := append(binary.BigEndian.AppendUint32(nil, corr), 0)
		b = resp.AppendTo(b)
		b = append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)
		return &conversation.Frame{Dir: schema.Response, API: schema.ByName("DeleteTopics"), Version: version, Bytes: b}
	}
	var c conversation.FactCache
	fa, decoded := c.Of(frameOf(1, 6))
	assert.Equal(t, []int16{3}, fa.ErrorCodes)
	assert.Equal(t, []string{"no-such-topic"}, fa.Topics)
	assert.True(t, decoded)
	fa, decoded = c.Of(frameOf(2, 6))
	assert.Equal(t, []int16{3}, fa.ErrorCodes)
	assert.False(t, decoded, "the same body under another correlation id")
	_, decoded = c.Of(frameOf(3, 5))
	assert.True(t, decoded, "read as another version")
	resp.ThrottleMillis = 7
	fa, decoded = c.Of(frameOf(4, 6))
	assert.Equal(t, []int16{3}, fa.ErrorCodes)
	assert.True(t, decoded, "another body")

	// A request's correlation id comes after its API key and version.
	req := kmsg.NewPtrMetadataRequest()
	req.Version = 12
	topic := kmsg.NewMetadataRequestTopic()
	topic.Topic = kmsg.StringPtr("orders")
	req.Topics = append(req.Topics, topic)
	requestOf := func(corr int32) *conversation.Frame {
		b := binary.BigEndian.AppendUint16(nil, 3)
		b = binary.BigEndian.AppendUint16(b, 12)
		b = binary.BigEndian.AppendUint32(b, uint32(corr))
		b = append(b, 0xff, 0xff, 0) // a null client id, no tagged fields
		b = req.AppendTo(b)
		b = append(binary.BigEndian.AppendUint32(nil, uint32(len(b))), b...)
		return &conversation.Frame{Dir: schema.Request, API: schema.ByName("Metadata"), Version: 12, Bytes: b}
	}
	fa, decoded = c.Of(requestOf(1))
	assert.True(t, decoded)
	assert.Equal(t, []string{"orders"}, fa.Topics)
	assert.Empty(t, fa.ErrorCodes, "a request has none")
	_, decoded = c.Of(requestOf(2))
	assert.False(t, decoded, "the same request under another correlation id")
}

// A topic deleted and created again has a new id: the capture names both
// after it, the old one as the topic before it was deleted (kfake answers
// the CreateTopics and Metadata requests with the ids; kmsg reads them).
func TestTopicNamesOfATopicCreatedAgain(t *testing.T) {
	var ids []message.UUID
	exs, err := traffic.Record(nil, func(ctx context.Context, cl *kgo.Client) {
		for range 2 {
			create := kmsg.NewPtrCreateTopicsRequest()
			ct := kmsg.NewCreateTopicsRequestTopic()
			ct.Topic, ct.NumPartitions, ct.ReplicationFactor = "gamma", 1, 1
			create.Topics = append(create.Topics, ct)
			resp, err := create.RequestWith(ctx, cl)
			require.NoError(t, err)
			require.Zero(t, resp.Topics[0].ErrorCode)
			ids = append(ids, message.UUID(resp.Topics[0].TopicID))
			meta := kmsg.NewPtrMetadataRequest()
			mt := kmsg.NewMetadataRequestTopic()
			mt.Topic = kmsg.StringPtr("gamma")
			meta.Topics = append(meta.Topics, mt)
			_, err = meta.RequestWith(ctx, cl)
			require.NoError(t, err)
			if len(ids) == 1 {
				del := kmsg.NewPtrDeleteTopicsRequest()
				dt := kmsg.NewDeleteTopicsRequestTopic()
				dt.Topic = kmsg.StringPtr("gamma")
				del.Topics = append(del.Topics, dt)
				del.TopicNames = []string{"gamma"}
				_, err = del.RequestWith(ctx, cl)
				require.NoError(t, err)
			}
		}
	})
	require.NoError(t, err)
	require.Len(t, ids, 2)
	require.NotEqual(t, ids[0], ids[1], "a new id")
	res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, segments(capturetest.Scenario{MSS: 1400}, traffic.ByConn(exs))))
	names, _ := res.TopicNames(0)
	old, now := ids[0].String(), ids[1].String()
	assert.Equal(t, "gamma", names.Name(old))
	assert.Equal(t, "gamma", names.Name(now))
	assert.Equal(t, "gamma; the capture names another id gamma later, "+now+": the topic deleted and created again, or another cluster's", names.Of(&layout.Node{Type: "uuid", Value: old}))
	assert.Equal(t, "gamma", names.Of(&layout.Node{Type: "uuid", Value: now}))
}

// A Fetch answered after its MaxWaitMs is the broker's long poll, not a
// slow broker; one answered at once is not. So is a share group's
// ShareFetch (KIP-932). Both are kgo's against kfake.
func TestLongPoll(t *testing.T) {
	consume, err := traffic.Consume("orders")
	require.NoError(t, err)
	share, err := traffic.ShareConsume("orders")
	require.NoError(t, err)
	for _, tc := range []struct {
		api string
		exs []traffic.Exchange
	}{{"Fetch", traffic.Answered(consume, 1, 2)}, {"ShareFetch", traffic.Answered(share, 78, 2)}} {
		require.NotNil(t, tc.exs, tc.api)
		maxWait, err := tc.exs[0].MaxWait()
		require.NoError(t, err)
		quick, err := tc.exs[1].MaxWait()
		require.NoError(t, err)
		require.Greater(t, quick, 100*time.Microsecond, "the quick one is answered well within its wait")
		c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:9092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
		c.Open()
		c.Exchange(tc.exs[0].Request, tc.exs[0].Response, maxWait)
		c.Exchange(tc.exs[1].Request, tc.exs[1].Response, 0)
		res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, c.Segments))
		require.Equal(t, 4, res.Len())
		for i, want := range []bool{true, true, false, false} {
			assert.Equal(t, tc.api, res.Frame(i).API.Name)
			got, held := res.LongPoll(i)
			assert.Equal(t, want, held, "%s frame %d", tc.api, i)
			assert.Equal(t, []time.Duration{maxWait, maxWait, quick, quick}[i], got, "%s frame %d", tc.api, i)
		}
		// The filter's word for them: the held exchange's two frames.
		var polls []int
		for i := range res.Len() {
			if conversation.ParseFilter("longpoll").Match(res, i, res.Decoded()) {
				polls = append(polls, i)
			}
		}
		assert.Equal(t, []int{0, 1}, polls, tc.api)
	}

	// A Fetch asking for MinBytes 0 is answered at once, never held: one
	// that took thirty times its wait was a slow broker, not a long poll.
	fetch := traffic.Answered(consume, 1, 1)[0]
	req, _, err := fetch.Decode()
	require.NoError(t, err)
	kf := req.(*kmsg.FetchRequest)
	require.Positive(t, kf.MinBytes, "kgo asks for at least a byte")
	kf.MinBytes = 0
	body, err := traffic.RequestBody(fetch.Request, kf.IsFlexible())
	require.NoError(t, err)
	rewritten := kf.AppendTo(append([]byte(nil), fetch.Request[:len(fetch.Request)-len(body)]...))
	binary.BigEndian.PutUint32(rewritten, uint32(len(rewritten)-4))
	maxWait, err := fetch.MaxWait()
	require.NoError(t, err)
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:9092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
	c.Open()
	c.Exchange(rewritten, fetch.Response, 30*maxWait)
	res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, c.Segments))
	require.Equal(t, 2, res.Len())
	for i := range 2 {
		_, held := res.LongPoll(i)
		assert.False(t, held, "frame %d", i)
	}
}

// The server's side alone, its last response lost before its FIN: the
// frames before the loss still read as responses.
func TestServerSideAloneWithItsTailLost(t *testing.T) {
	conn, c := openAnswered(t)
	for _, ex := range conn {
		c.Send(true, ex.Request, 0)
		c.Send(false, ex.Response, 0)
	}
	c.Fin(false)
	var server []pcapwrite.Segment
	for k, sg := range c.Segments {
		if sg.Src.Port() == 9092 && k != len(c.Segments)-2 { // the last response lost
			server = append(server, sg)
		}
	}
	res := find(t, pcapwrite.WritePcap(pcapwrite.Ethernet, true, server))
	require.Len(t, res.Conns, 1)
	assert.Equal(t, conversation.Kafka, res.Conns[0].Kind, "%v", res.Conns[0].Notes)
	assert.Equal(t, len(conn)-1, res.Len())
}

// The long poll's note says when the wait does not explain the latency:
// past a tenth of the wait beyond it.
func TestLongPollNote(t *testing.T) {
	wait := 500 * time.Millisecond
	held := "a long poll: a broker holds a Fetch until MinBytes of records are there or its MaxWaitMs (500ms) has passed"
	assert.Equal(t, held, conversation.LongPollNote("Fetch", 450*time.Millisecond, wait, time.Duration.String))
	assert.Equal(t, held, conversation.LongPollNote("Fetch", 550*time.Millisecond, wait, time.Duration.String))
	assert.Equal(t, "a long poll, answered 51ms past its MaxWaitMs (500ms): more than the wait explains", conversation.LongPollNote("Fetch", 551*time.Millisecond, wait, time.Duration.String))
	assert.Equal(t, "a long poll: a broker holds a ShareFetch until MinBytes of records it can acquire for this member are there or its MaxWaitMs (500ms) has passed", conversation.LongPollNote("ShareFetch", wait, wait, time.Duration.String))
}

// answered is a connection of kgo's traffic whose every request a broker
// answers (ApiVersions, Metadata).
func answered(t *testing.T) []traffic.Exchange {
	exs, err := traffic.ProduceNoAcks("orders")
	require.NoError(t, err)
	conn := traffic.AllAnswered(exs)
	require.NotNil(t, conn, "kgo's connections: one asks only what a broker answers (ApiVersions, Metadata)")
	return conn
}

// openAnswered is answered's exchanges and a capture of a connection for
// them, opened.
func openAnswered(t *testing.T) ([]traffic.Exchange, *pcapwrite.Conn) {
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:40000"), netip.MustParseAddrPort("127.0.0.1:9092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
	c.Open()
	return answered(t), c
}
