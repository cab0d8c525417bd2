//go:build !js

// Package traffic records the exact Kafka frames a client and an in-process kfake cluster exchange, for tests.
//
// Record starts a kfake cluster on 127.0.0.1 and, in front of each broker, a
// small TCP proxy on 127.0.0.1 that copies bytes both ways and cuts them into
// frames. The cluster advertises the proxies' addresses (its listeners report
// the proxy address as their own), so every connection the client makes,
// including those to brokers learned from metadata, goes through a proxy.
// Requests and responses are paired by correlation id per connection.
// Nothing listens on anything but the loopback address, and everything stops
// when Record returns or its time runs out.
//
// Record runs a kgo client in the process. Listen serves a client that runs
// in another process (kcat, a Node.js script): it returns the bootstrap
// addresses, and Stop returns what was recorded. Advertise and
// AnswerLegacyProduce make kfake look like a broker that takes old versions,
// so such clients use every codec and message format they have.
package traffic

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
)

// Timeout bounds a whole Record call, fn included.
const Timeout = 30 * time.Second

// maxFrame bounds one captured frame, far above anything a test produces.
const maxFrame = 64 << 20

// Exchange is one request and its response, as they crossed the wire, size prefix included.
type Exchange struct {
	Conn          int   // which proxied connection, in the order they were opened
	APIKey        int16 // from the request header
	APIVersion    int16
	CorrelationID int32
	Request       []byte
	Response      []byte // nil when the broker sent none (Produce with acks=0) or the run ended first
}

// Options tune Record; the zero value is one broker that creates topics on first use.
type Options struct {
	Cluster []kfake.Opt // added after the defaults (one broker, auto topic creation)
	Client  []kgo.Opt   // added after the seed brokers
	Timeout time.Duration
}

// Record runs fn against a fresh kfake cluster through recording proxies and returns every
// exchange in the order the requests were sent (per connection; connections in opening order).
// The error says why the cluster or the client did not start, or that the time ran out
// (the exchanges recorded until then are returned with it).
func Record(opts []kgo.Opt, fn func(ctx context.Context, cl *kgo.Client)) ([]Exchange, error) {
	return RecordWith(Options{Client: opts}, fn)
}

// RecordWith is Record with cluster options and a time limit.
func RecordWith(o Options, fn func(ctx context.Context, cl *kgo.Client)) ([]Exchange, error) {
	if o.Timeout <= 0 {
		o.Timeout = Timeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.Timeout)
	defer cancel()

	s, err := Listen(o)
	if err != nil {
		return nil, err
	}
	kopts := append([]kgo.Opt{
		kgo.SeedBrokers(s.Addrs...),
		kgo.AllowAutoTopicCreation(),
		kgo.RequestTimeoutOverhead(5 * time.Second),
		kgo.RetryTimeout(10 * time.Second),
	}, o.Client...)
	cl, err := kgo.NewClient(kopts...)
	if err != nil {
		s.Stop()
		return nil, fmt.Errorf("traffic: starting kgo: %w", err)
	}
	func() {
		defer cl.Close()
		fn(ctx, cl)
	}()
	exs := s.Stop()
	if ctx.Err() != nil {
		return exs, fmt.Errorf("traffic: ran out of time after %v", o.Timeout)
	}
	return exs, nil
}

// Session is a kfake cluster behind recording proxies, for a client that runs
// in another process (kcat, a Node.js script): point it at Addrs, then Stop.
type Session struct {
	// Addrs are the bootstrap addresses, the brokers' proxies on 127.0.0.1.
	Addrs []string
	// Cluster is the kfake cluster itself, for control hooks.
	Cluster *kfake.Cluster
	rec     *recorder

	advMu sync.Mutex
	adv   *kmsg.ApiVersionsResponse // what ApiVersions answers once Advertise was called
}

// Listen starts a kfake cluster (one broker that creates topics on first use,
// then o.Cluster) with a recording proxy in front of each broker. o.Client and
// o.Timeout are not used: the caller runs the client and decides when to Stop.
func Listen(o Options) (*Session, error) {
	rec := &recorder{}
	copts := append([]kfake.Opt{
		kfake.NumBrokers(1),
		kfake.AllowAutoTopicCreation(),
		kfake.ListenFn(rec.listen),
	}, o.Cluster...)
	c, err := kfake.NewCluster(copts...)
	if err != nil {
		rec.close()
		return nil, fmt.Errorf("traffic: starting kfake: %w", err)
	}
	return &Session{Addrs: c.ListenAddrs(), Cluster: c, rec: rec}, nil
}

// Stop closes the cluster and the proxies and returns every exchange, in the
// order the requests were sent (per connection; connections in opening order).
func (s *Session) Stop() []Exchange {
	s.rec.settle(settleWithin)
	s.Cluster.Close()
	s.rec.close()
	return s.rec.exchanges()
}

// Stray counts the responses that answered no request waiting on their
// connection (an unknown or repeated correlation id); Stop leaves them out.
func (s *Session) Stray() int {
	s.rec.mu.Lock()
	defer s.rec.mu.Unlock()
	n := 0
	for _, c := range s.rec.convs {
		c.mu.Lock()
		n += c.stray
		c.mu.Unlock()
	}
	return n
}

// BrokerAddrs are the brokers' own addresses, behind the proxies: what is
// said to them directly is not recorded.
func (s *Session) BrokerAddrs() []string {
	s.rec.mu.Lock()
	defer s.rec.mu.Unlock()
	return append([]string(nil), s.rec.brokers...)
}

// recorder owns the proxies and what they saw.
type recorder struct {
	mu      sync.Mutex
	lns     []net.Listener
	brokers []string // the brokers' own addresses, behind the proxies
	conns   []net.Conn
	convs   []*conversation
	closed  bool
	wg      sync.WaitGroup
	closeMu sync.Once
	// reading counts the proxies still reading a client's requests.
	reading atomic.Int32
}

// settleWithin bounds how long Stop waits for the proxies to read what
// the clients sent before they closed (settle).
const settleWithin = 2 * time.Second

// settle waits, at most d, until every client's connection has been read
// to its end. A client that closes right after writing (kgo's Produce with
// acks=0) leaves its last request in the socket: closing the proxies
// first lost it, about once in 200 recordings.
func (r *recorder) settle(d time.Duration) {
	for deadline := time.Now().Add(d); r.reading.Load() > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
}

// listen is kfake's ListenFn: the broker's real listener, wrapped so that it reports the
// address of a proxy started in front of it.
func (r *recorder) listen(network, addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host != "127.0.0.1" {
		return nil, fmt.Errorf("traffic: refusing to listen on %q: only 127.0.0.1", addr)
	}
	broker, err := net.Listen(network, addr)
	if err != nil {
		return nil, err
	}
	proxy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		broker.Close()
		return nil, err
	}
	r.mu.Lock()
	r.lns = append(r.lns, proxy)
	r.brokers = append(r.brokers, broker.Addr().String())
	r.mu.Unlock()
	r.wg.Add(1)
	go r.serve(proxy, broker.Addr().String())
	return advertised{broker, proxy.Addr()}, nil
}

// advertised is a listener that names another address as its own.
type advertised struct {
	net.Listener
	addr net.Addr
}

func (a advertised) Addr() net.Addr { return a.addr }

func (r *recorder) serve(ln net.Listener, target string) {
	defer r.wg.Done()
	for {
		client, err := ln.Accept()
		if err != nil {
			return
		}
		broker, err := net.DialTimeout("tcp", target, 5*time.Second)
		if err != nil {
			client.Close()
			continue
		}
		r.mu.Lock()
		if r.closed {
			r.mu.Unlock()
			client.Close()
			broker.Close()
			return
		}
		conv := &conversation{id: len(r.convs), pending: map[int32]int{}}
		r.convs = append(r.convs, conv)
		r.conns = append(r.conns, client, broker)
		r.mu.Unlock()
		r.wg.Add(2)
		r.reading.Add(1)
		go r.pipe(client, broker, conv, true)
		go r.pipe(broker, client, conv, false)
	}
}

// pipe copies frames from src to dst, recording each one. A frame is forwarded whole,
// so what is recorded is exactly what the other side received.
func (r *recorder) pipe(src, dst net.Conn, conv *conversation, requests bool) {
	defer r.wg.Done()
	if requests {
		defer r.reading.Add(-1)
	}
	defer dst.Close()
	defer src.Close()
	var size [4]byte
	for {
		if _, err := io.ReadFull(src, size[:]); err != nil {
			return
		}
		n := int32(binary.BigEndian.Uint32(size[:]))
		if n < 0 || n > maxFrame {
			return
		}
		frame := make([]byte, 4+int(n))
		copy(frame, size[:])
		if _, err := io.ReadFull(src, frame[4:]); err != nil {
			return
		}
		if requests {
			conv.request(frame)
		} else {
			conv.response(frame)
		}
		if _, err := dst.Write(frame); err != nil {
			return
		}
	}
}

func (r *recorder) close() {
	r.closeMu.Do(func() {
		r.mu.Lock()
		r.closed = true
		for _, ln := range r.lns {
			ln.Close()
		}
		for _, c := range r.conns {
			c.Close()
		}
		r.mu.Unlock()
		done := make(chan struct{})
		go func() { r.wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
		}
	})
}

func (r *recorder) exchanges() []Exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Exchange
	for _, c := range r.convs {
		c.mu.Lock()
		out = append(out, c.ex...)
		c.mu.Unlock()
	}
	return out
}

// conversation is one proxied connection.
type conversation struct {
	id      int
	mu      sync.Mutex
	ex      []Exchange
	pending map[int32]int // correlation id → index in ex
	stray   int           // responses whose correlation id no request was waiting for
}

func (c *conversation) request(frame []byte) {
	if len(frame) < 12 {
		return
	}
	e := Exchange{
		Conn:          c.id,
		APIKey:        int16(binary.BigEndian.Uint16(frame[4:])),
		APIVersion:    int16(binary.BigEndian.Uint16(frame[6:])),
		CorrelationID: int32(binary.BigEndian.Uint32(frame[8:])),
		Request:       frame,
	}
	c.mu.Lock()
	c.pending[e.CorrelationID] = len(c.ex)
	c.ex = append(c.ex, e)
	c.mu.Unlock()
}

func (c *conversation) response(frame []byte) {
	if len(frame) < 8 {
		return
	}
	id := int32(binary.BigEndian.Uint32(frame[4:]))
	c.mu.Lock()
	defer c.mu.Unlock()
	if i, ok := c.pending[id]; ok {
		c.ex[i].Response = frame
		delete(c.pending, id)
	} else {
		c.stray++
	}
}

// ErrNoResponse is returned by Exchange.Decode when the exchange has no response.
var ErrNoResponse = errors.New("traffic: no response")

// ByConn gives the exchanges of each connection, in the order they were sent.
func ByConn(exs []Exchange) [][]Exchange {
	var out [][]Exchange
	for _, ex := range exs {
		for len(out) <= ex.Conn {
			out = append(out, nil)
		}
		out[ex.Conn] = append(out[ex.Conn], ex)
	}
	return out
}

// Wire gives the frames of each connection, to write as a capture.
func Wire(conns [][]Exchange) [][]capturetest.Exchange {
	out := make([][]capturetest.Exchange, len(conns))
	for i, exs := range conns {
		for _, ex := range exs {
			out[i] = append(out[i], capturetest.Exchange{Request: ex.Request, Response: ex.Response})
		}
	}
	return out
}

// Consume records kgo producing one record to topic and consuming it
// back: its Fetch requests (v13 on, against kfake) carry the topic's id
// alone, which its Metadata responses name.
func Consume(topic string) ([]Exchange, error) {
	var err error
	exs, rerr := Record([]kgo.Opt{kgo.ConsumeTopics(topic), kgo.DefaultProduceTopic(topic), kgo.FetchMaxWait(50 * time.Millisecond)}, func(ctx context.Context, cl *kgo.Client) {
		if err = cl.ProduceSync(ctx, &kgo.Record{Value: []byte("fine")}).FirstErr(); err != nil {
			return
		}
		for got := 0; got == 0 && ctx.Err() == nil; {
			got = cl.PollFetches(ctx).NumRecords()
		}
	})
	if rerr != nil {
		return exs, rerr
	}
	return exs, err
}

// ShareConsume is a kgo client in share group "sharing" (KIP-932: a
// queue's consumers, not a group's partitions) polling topic with
// ShareFetch until it gets a record it produced once it had joined: the
// group reads from the latest offset, so the ShareFetches before the
// record came are long polls the broker held for their MaxWaitMs. Its
// exchanges are the share group's APIs (ShareGroupHeartbeat, ShareFetch,
// ShareAcknowledge) besides the client's usual ones.
func ShareConsume(topic string) ([]Exchange, error) {
	var err error
	exs, rerr := Record([]kgo.Opt{kgo.ShareGroup("sharing"), kgo.ConsumeTopics(topic), kgo.DefaultProduceTopic(topic), kgo.FetchMaxWait(50 * time.Millisecond)}, func(ctx context.Context, cl *kgo.Client) {
		got := make(chan int, 1)
		go func() {
			n := 0
			for n == 0 && ctx.Err() == nil {
				fs := cl.PollFetches(ctx)
				if fs.IsClientClosed() {
					break
				}
				n = fs.NumRecords()
			}
			got <- n
		}()
		// Several of its 50 ms polls go by before a record is there. A
		// record produced before the member has joined is before the
		// group's starting offset and never comes: one more then, until
		// one does.
		for {
			time.Sleep(300 * time.Millisecond)
			if err = cl.ProduceSync(ctx, &kgo.Record{Value: []byte("shared")}).FirstErr(); err != nil {
				return
			}
			select {
			case n := <-got:
				if n == 0 {
					err = errors.New("traffic: the share group got no record")
				}
				return
			case <-time.After(time.Second):
			}
		}
	})
	if rerr != nil {
		return exs, rerr
	}
	return exs, err
}

// Answered is the answered exchanges of API key on the first connection
// (ByConn's order) that has at least n of them; nil when none has.
func Answered(exs []Exchange, key int16, n int) []Exchange {
	for _, conn := range ByConn(exs) {
		var out []Exchange
		for _, ex := range conn {
			if ex.APIKey == key && ex.Response != nil {
				out = append(out, ex)
			}
		}
		if len(out) >= n {
			return out
		}
	}
	return nil
}

// AllAnswered is the exchanges of the first connection (ByConn's order)
// with two or more, every one answered (no Produce with acks=0 among
// them); nil when none has.
func AllAnswered(exs []Exchange) []Exchange {
	for _, conn := range ByConn(exs) {
		if len(conn) > 1 && !slices.ContainsFunc(conn, func(ex Exchange) bool { return ex.Response == nil }) {
			return conn
		}
	}
	return nil
}

// CaughtLate is the packets of one connection carrying exs, answered
// exchanges, caught after the first request was sent (no handshake, no
// first request): its response is the first frame, whose request the
// capture lacks.
func CaughtLate(exs []Exchange) []pcapwrite.Segment {
	c := pcapwrite.NewConn(netip.MustParseAddrPort("127.0.0.1:43396"), netip.MustParseAddrPort("127.0.0.1:9092"), time.Date(2026, 12, 4, 1, 2, 3, 0, time.UTC))
	for k, ex := range exs {
		if k > 0 {
			c.Send(true, ex.Request, 0)
		}
		c.Send(false, ex.Response, 0)
	}
	return c.Segments
}

// ProduceNoAcks records kgo producing one record to topic with acks=0: a
// Produce request the broker (kfake) answers with nothing.
func ProduceNoAcks(topic string) ([]Exchange, error) {
	var err error
	exs, rerr := Record([]kgo.Opt{kgo.DefaultProduceTopic(topic), kgo.RequiredAcks(kgo.NoAck()), kgo.DisableIdempotentWrite()}, func(ctx context.Context, cl *kgo.Client) {
		err = cl.ProduceSync(ctx, &kgo.Record{Value: []byte("fire and forget")}).FirstErr()
	})
	if rerr != nil {
		return exs, rerr
	}
	return exs, err
}

// DeleteMissingTopic sends, through cl, a request kfake answers with an
// error code: a DeleteTopics of a topic it does not have, answered with
// UNKNOWN_TOPIC_OR_PARTITION (3).
func DeleteMissingTopic(ctx context.Context, cl *kgo.Client) error {
	req := kmsg.NewPtrDeleteTopicsRequest()
	topic := kmsg.NewDeleteTopicsRequestTopic()
	topic.Topic = kmsg.StringPtr("no-such-topic")
	req.Topics = append(req.Topics, topic)
	req.TopicNames = []string{"no-such-topic"}
	req.TimeoutMillis = 1000
	_, err := req.RequestWith(ctx, cl)
	return err
}
