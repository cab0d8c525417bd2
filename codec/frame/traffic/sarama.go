//go:build !js

package traffic

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/IBM/sarama"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// SaramaTopic is the topic RecordSarama produces to and consumes from,
// SaramaGroup the consumer group it joins.
const (
	SaramaTopic = "payments"
	SaramaGroup = "ledger"
)

// SaramaValues are the values RecordSarama produces with each compression:
// small ones, and one of 200,000 bytes that does not compress, so its
// Produce request and the Fetch responses that carry it span many segments.
func SaramaValues() [][]byte {
	big := make([]byte, 200_000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range big {
		big[i] = byte(rng.Uint32())
	}
	return [][]byte{[]byte("ten bytes!"), big, []byte(strings.Repeat("three hundred ", 22)), []byte("five!")}
}

// saramaCodecs are the compressions RecordSarama produces with, one
// producer each.
var saramaCodecs = []sarama.CompressionCodec{sarama.CompressionNone, sarama.CompressionGZIP, sarama.CompressionSnappy, sarama.CompressionLZ4, sarama.CompressionZSTD}

// SaramaVersions are the Kafka versions RecordSarama is asked to speak in
// the tests: sarama's default, 2.8, which it covers fully; 2.3, whose
// JoinGroup v5 and SyncGroup v3 Wireshark misreads; 1.0, with DeleteTopics v1
// and no zstd.
var SaramaVersions = []sarama.KafkaVersion{sarama.V2_8_0_0, sarama.V2_3_0_0, sarama.V1_0_0_0}

// RecordSarama records what IBM's sarama client, speaking the protocol of
// the Kafka version given, exchanges with a fresh kfake cluster through the
// recording proxies while it does what an application does: a synchronous
// producer per compression (none, gzip, snappy, lz4, and zstd from 2.1 on)
// sends SaramaValues, a partition consumer reads them all back, a consumer
// group joins, syncs, heartbeats, reads them again, commits and leaves, and
// a cluster admin creates, lists, describes and deletes a topic and lists
// and describes groups and their offsets. Requests still waiting at the end
// have a nil Response.
func RecordSarama(version sarama.KafkaVersion) ([]Exchange, error) {
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	// One partition, so the consumers read back everything produced.
	s, err := Listen(Options{Cluster: []kfake.Opt{kfake.SeedTopics(1, SaramaTopic)}})
	if err != nil {
		return nil, err
	}
	err = saramaLife(ctx, s, version)
	exs := s.Stop()
	if err == nil && ctx.Err() != nil {
		err = fmt.Errorf("traffic: ran out of time after %v", Timeout)
	}
	return exs, err
}

func saramaConfig(version sarama.KafkaVersion) *sarama.Config {
	cfg := sarama.NewConfig()
	cfg.ClientID = "kafkawire-sarama"
	cfg.Version = version
	cfg.Net.DialTimeout = 5 * time.Second
	cfg.Net.ReadTimeout = 10 * time.Second
	cfg.Net.WriteTimeout = 10 * time.Second
	cfg.Metadata.Retry.Backoff = 50 * time.Millisecond
	cfg.Producer.Return.Successes = true
	cfg.Producer.RequiredAcks = sarama.WaitForAll
	cfg.Producer.Retry.Backoff = 50 * time.Millisecond
	cfg.Consumer.Return.Errors = true
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	cfg.Consumer.MaxWaitTime = 100 * time.Millisecond
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	cfg.Consumer.Group.Heartbeat.Interval = 100 * time.Millisecond
	cfg.Consumer.Group.Rebalance.Retry.Backoff = 50 * time.Millisecond
	return cfg
}

func saramaLife(ctx context.Context, s *Session, version sarama.KafkaVersion) error {
	values := SaramaValues()
	for _, codec := range saramaCodecs {
		if codec == sarama.CompressionZSTD && !version.IsAtLeast(sarama.V2_1_0_0) {
			continue // zstd came with Kafka 2.1
		}
		cfg := saramaConfig(version)
		cfg.Producer.Compression = codec
		p, err := sarama.NewSyncProducer(s.Addrs, cfg)
		if err != nil {
			return fmt.Errorf("traffic: sarama producer (%v): %w", codec, err)
		}
		for i, v := range values {
			_, _, err = p.SendMessage(&sarama.ProducerMessage{Topic: SaramaTopic, Key: sarama.StringEncoder(fmt.Sprint("k", i)), Value: sarama.ByteEncoder(v),
				Headers: []sarama.RecordHeader{{Key: []byte("codec"), Value: []byte(codec.String())}}})
			if err != nil {
				break
			}
		}
		if cerr := p.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("traffic: sarama producing with %v: %w", codec, err)
		}
	}
	want := len(values) * len(saramaCodecs)
	if !version.IsAtLeast(sarama.V2_1_0_0) {
		want -= len(values)
	}
	if err := saramaConsume(ctx, s.Addrs, version, want); err != nil {
		return err
	}
	if err := saramaGroup(ctx, s, version, want); err != nil {
		return err
	}
	return saramaAdmin(s.Addrs, version)
}

// saramaConsume reads n messages of partition 0 from the start.
func saramaConsume(ctx context.Context, addrs []string, version sarama.KafkaVersion, n int) error {
	c, err := sarama.NewConsumer(addrs, saramaConfig(version))
	if err != nil {
		return fmt.Errorf("traffic: sarama consumer: %w", err)
	}
	defer c.Close()
	pc, err := c.ConsumePartition(SaramaTopic, 0, sarama.OffsetOldest)
	if err != nil {
		return fmt.Errorf("traffic: sarama consuming: %w", err)
	}
	defer pc.Close()
	for got := 0; got < n; {
		select {
		case <-pc.Messages():
			got++
		case err := <-pc.Errors():
			return fmt.Errorf("traffic: sarama consuming: %w", err)
		case <-ctx.Done():
			return fmt.Errorf("traffic: sarama consumed %d of %d messages", got, n)
		}
	}
	return nil
}

// groupHandler reads n messages in a consumer group session, marks them,
// waits for a heartbeat to be recorded, and commits.
type groupHandler struct {
	s    *Session
	n    int
	done chan struct{}
}

func (h *groupHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *groupHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *groupHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	got := 0
	for got < h.n {
		select {
		case m, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			sess.MarkMessage(m, "")
			got++
		case <-sess.Context().Done():
			return nil
		}
	}
	for !h.s.saw(int16(kmsg.Heartbeat)) {
		select {
		case <-time.After(20 * time.Millisecond):
		case <-sess.Context().Done():
			return nil
		}
	}
	sess.Commit()
	close(h.done)
	<-sess.Context().Done()
	return nil
}

// saramaGroup consumes n messages in a group, commits, and leaves.
func saramaGroup(ctx context.Context, s *Session, version sarama.KafkaVersion, n int) error {
	g, err := sarama.NewConsumerGroup(s.Addrs, SaramaGroup, saramaConfig(version))
	if err != nil {
		return fmt.Errorf("traffic: sarama consumer group: %w", err)
	}
	gctx, stop := context.WithCancel(ctx)
	h := &groupHandler{s: s, n: n, done: make(chan struct{})}
	consumed := make(chan error, 1)
	go func() {
		for gctx.Err() == nil {
			if err := g.Consume(gctx, []string{SaramaTopic}, h); err != nil {
				consumed <- err
				return
			}
		}
		consumed <- nil
	}()
	select {
	case <-h.done:
	case err = <-consumed:
	case <-ctx.Done():
	}
	stop()
	if cerr := g.Close(); err == nil && !errors.Is(cerr, sarama.ErrClosedConsumerGroup) {
		err = cerr
	}
	select {
	case <-h.done:
	default:
		if err == nil {
			err = errors.New("the group never consumed every message")
		}
	}
	if err != nil {
		return fmt.Errorf("traffic: sarama consumer group: %w", err)
	}
	return nil
}

// saramaAdmin asks the admin questions an operator's tool asks.
func saramaAdmin(addrs []string, version sarama.KafkaVersion) error {
	a, err := sarama.NewClusterAdmin(addrs, saramaConfig(version))
	if err != nil {
		return fmt.Errorf("traffic: sarama admin: %w", err)
	}
	defer a.Close()
	const temp = "scratch"
	steps := []struct {
		what string
		do   func() error
	}{
		{"CreateTopic", func() error {
			return a.CreateTopic(temp, &sarama.TopicDetail{NumPartitions: 2, ReplicationFactor: 1}, false)
		}},
		{"ListTopics", func() error { _, err := a.ListTopics(); return err }},
		{"DescribeConfig", func() error {
			_, err := a.DescribeConfig(sarama.ConfigResource{Type: sarama.TopicResource, Name: SaramaTopic})
			return err
		}},
		{"ListConsumerGroups", func() error { _, err := a.ListConsumerGroups(); return err }},
		{"DescribeConsumerGroups", func() error { _, err := a.DescribeConsumerGroups([]string{SaramaGroup}); return err }},
		{"ListConsumerGroupOffsets", func() error {
			_, err := a.ListConsumerGroupOffsets(SaramaGroup, map[string][]int32{SaramaTopic: {0}})
			return err
		}},
		{"DeleteTopic", func() error { return a.DeleteTopic(temp) }},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			return fmt.Errorf("traffic: sarama admin %s: %w", st.what, err)
		}
	}
	return nil
}

// saw says whether a request of the API key was recorded.
func (s *Session) saw(key int16) bool {
	s.rec.mu.Lock()
	defer s.rec.mu.Unlock()
	for _, c := range s.rec.convs {
		c.mu.Lock()
		for _, e := range c.ex {
			if e.APIKey == key {
				c.mu.Unlock()
				return true
			}
		}
		c.mu.Unlock()
	}
	return false
}
