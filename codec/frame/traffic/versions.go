//go:build !js

package traffic

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// Range is a span of versions of one API, both ends included.
type Range struct{ Min, Max int16 }

// Advertise makes the cluster's ApiVersions answers give these ranges for
// their keys (the others keep kfake's), until Advertise is called again.
// Clients pick their features from these ranges: librdkafka, seeing Produce
// only from v3 and Fetch only from v4, decides the broker cannot take message
// format v1 and sends every batch uncompressed; capped at Produce v2 it
// writes magic 1 message sets. kfake itself still refuses Produce below v3:
// AnswerLegacyProduce answers those.
func (s *Session) Advertise(ranges map[int16]Range) error {
	s.advMu.Lock()
	defer s.advMu.Unlock()
	if s.adv == nil {
		base, err := apiVersions(s.BrokerAddrs()[0])
		if err != nil {
			return err
		}
		s.adv = base
		s.Cluster.ControlKey(int16(kmsg.ApiVersions), func(r kmsg.Request) (kmsg.Response, error, bool) {
			s.Cluster.KeepControl()
			s.advMu.Lock()
			defer s.advMu.Unlock()
			if r.GetVersion() > s.adv.Version {
				return nil, nil, false // a version above ours: kfake answers it as a broker does
			}
			resp := *s.adv
			resp.Version = r.GetVersion()
			resp.ApiKeys = append([]kmsg.ApiVersionsResponseApiKey(nil), s.adv.ApiKeys...)
			return &resp, nil, true
		})
	}
	keys := s.adv.ApiKeys
	s.adv.ApiKeys = make([]kmsg.ApiVersionsResponseApiKey, len(keys))
	for i, k := range keys {
		if r, ok := ranges[k.ApiKey]; ok {
			k.MinVersion, k.MaxVersion = r.Min, r.Max
		}
		s.adv.ApiKeys[i] = k
	}
	return nil
}

// AdvertiseMin lowers the lowest version the cluster's ApiVersions answers
// give for these keys (never raises it), for clients that refuse a broker
// whose range does not reach down to the versions they speak.
func (s *Session) AdvertiseMin(min map[int16]int16) error {
	base, err := apiVersions(s.BrokerAddrs()[0])
	if err != nil {
		return err
	}
	for i := range base.ApiKeys {
		if v, ok := min[base.ApiKeys[i].ApiKey]; ok && v < base.ApiKeys[i].MinVersion {
			base.ApiKeys[i].MinVersion = v
		}
	}
	s.Cluster.ControlKey(int16(kmsg.ApiVersions), func(r kmsg.Request) (kmsg.Response, error, bool) {
		s.Cluster.KeepControl()
		resp := *base
		resp.ApiKeys = append([]kmsg.ApiVersionsResponseApiKey(nil), base.ApiKeys...)
		if v := r.GetVersion(); v <= base.Version {
			resp.Version = v
			return &resp, nil, true
		}
		return nil, nil, false // a version above ours: kfake answers it as a broker does
	})
	return nil
}

// AnswerLegacyProduce answers Produce v0-2 (legacy message sets, which kfake
// does not store) with success for every partition, so clients configured for
// old brokers can send their magic 0 and 1 messages through the proxies.
func (s *Session) AnswerLegacyProduce() {
	s.Cluster.ControlKey(int16(kmsg.Produce), func(r kmsg.Request) (kmsg.Response, error, bool) {
		s.Cluster.KeepControl()
		req := r.(*kmsg.ProduceRequest)
		if req.Version >= 3 {
			return nil, nil, false
		}
		resp := req.ResponseKind().(*kmsg.ProduceResponse)
		for _, t := range req.Topics {
			rt := kmsg.NewProduceResponseTopic()
			rt.Topic = t.Topic
			for _, p := range t.Partitions {
				rp := kmsg.NewProduceResponseTopicPartition()
				rp.Partition = p.Partition
				rp.LogAppendTime = -1
				rt.Partitions = append(rt.Partitions, rp)
			}
			resp.Topics = append(resp.Topics, rt)
		}
		return resp, nil, true
	})
}

// apiVersions asks a broker directly, unrecorded, which versions it serves
// (ApiVersions v3, flexible body, header v0 in the response).
func apiVersions(addr string) (*kmsg.ApiVersionsResponse, error) {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, fmt.Errorf("traffic: asking %s for its versions: %w", addr, err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	req := kmsg.NewPtrApiVersionsRequest()
	req.Version = 3
	req.ClientSoftwareName, req.ClientSoftwareVersion = "kafkawire", "0"
	frame := kmsg.NewRequestFormatter(kmsg.FormatterClientID("traffic")).AppendRequest(nil, req, 1)
	if _, err := conn.Write(frame); err != nil {
		return nil, fmt.Errorf("traffic: asking %s for its versions: %w", addr, err)
	}
	var size [4]byte
	if _, err := io.ReadFull(conn, size[:]); err != nil {
		return nil, fmt.Errorf("traffic: reading %s's versions: %w", addr, err)
	}
	n := binary.BigEndian.Uint32(size[:])
	if n < 4 || n > maxFrame {
		return nil, fmt.Errorf("traffic: %s answered ApiVersions with a frame of %d bytes", addr, n)
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(conn, body); err != nil {
		return nil, fmt.Errorf("traffic: reading %s's versions: %w", addr, err)
	}
	resp := req.ResponseKind().(*kmsg.ApiVersionsResponse)
	if err := resp.ReadFrom(body[4:]); err != nil {
		return nil, fmt.Errorf("traffic: %s's ApiVersions response: %w", addr, err)
	}
	return resp, nil
}
