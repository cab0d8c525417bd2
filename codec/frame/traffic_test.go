//go:build !js

package frame_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Real traffic: a kgo client producing, consuming in a group and asking admin
// questions of an in-process kfake cluster on 127.0.0.1. Every frame that
// crossed the wire decodes cleanly and re-encodes to the same bytes.
func TestRealTraffic(t *testing.T) {
	const topic = "orders"
	exchanges, err := traffic.Record([]kgo.Opt{
		kgo.ConsumerGroup("billing"),
		kgo.ConsumeTopics(topic),
		kgo.ClientID("kafkawire-test"),
		kgo.FetchMaxWait(200 * time.Millisecond),
	}, func(ctx context.Context, cl *kgo.Client) {
		for i := 0; i < 3; i++ {
			r := &kgo.Record{Topic: topic, Key: []byte("k"), Value: []byte(strings.Repeat("v", i*50)),
				Headers: []kgo.RecordHeader{{Key: "h", Value: []byte("x")}}}
			require.NoError(t, cl.ProduceSync(ctx, r).FirstErr())
		}
		got := 0
		for got < 3 && ctx.Err() == nil {
			fs := cl.PollFetches(ctx)
			fs.EachRecord(func(*kgo.Record) { got++ })
		}
		require.NoError(t, cl.CommitUncommittedOffsets(ctx))
		// A few admin requests, sent as kmsg values.
		for _, req := range []kmsg.Request{kmsg.NewPtrDescribeGroupsRequest(), kmsg.NewPtrListGroupsRequest(), kmsg.NewPtrDescribeConfigsRequest()} {
			if dg, ok := req.(*kmsg.DescribeGroupsRequest); ok {
				dg.Groups = []string{"billing"}
			}
			_, err := cl.Request(ctx, req)
			require.NoError(t, err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	require.NotEmpty(t, exchanges)
	seen := map[string]bool{}
	for _, ex := range exchanges {
		api := schema.ByKey(ex.APIKey)
		require.NotNil(t, api, "API key %d", ex.APIKey)
		name := api.Name
		seen[name] = true

		req := frame.DecodeRequest(ex.Request)
		require.Nil(t, req.Err, "%s v%d request: %v\n%s", name, ex.APIVersion, req.Err, req.Tree.Text())
		again, err := frame.Encode(req.Msg)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(ex.Request, again), "%s v%d request re-encodes differently", name, ex.APIVersion)
		checkSpans(t, req.Tree)

		if ex.Response == nil {
			continue
		}
		resp := frame.Decode(ex.Response, api, ex.APIVersion, schema.Response)
		require.Nil(t, resp.Err, "%s v%d response: %v\n%s", name, ex.APIVersion, resp.Err, resp.Tree.Text())
		again, err = frame.Encode(resp.Msg)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(ex.Response, again), "%s v%d response re-encodes differently", name, ex.APIVersion)
		checkSpans(t, resp.Tree)

		// The consumer protocol carried in bytes fields opens as its own tree.
		if name == "JoinGroup" && testing.Verbose() {
			t.Log(req.Tree.Text())
		}
		if name == "JoinGroup" {
			assert.Contains(t, req.Tree.Text(), "ConsumerProtocolSubscription embedded v")
			assert.Contains(t, req.Tree.Text(), `"orders"`)
		}
		if name == "SyncGroup" {
			assert.Contains(t, resp.Tree.Text(), "ConsumerProtocolAssignment embedded v")
		}
		if name == "Produce" {
			assert.Contains(t, req.Tree.Text(), "RecordBatch")
		}
	}
	for _, want := range []string{"ApiVersions", "Metadata", "Produce", "Fetch", "FindCoordinator", "JoinGroup", "SyncGroup", "OffsetCommit", "DescribeGroups", "ListGroups"} {
		assert.True(t, seen[want], "no %s exchange was captured", want)
	}
}

// kgo in a share group (KIP-932) against kfake: every frame of the share
// group's APIs and the rest decodes cleanly, re-encodes to the same
// bytes, and kmsg reads the same body and writes it back the same.
func TestRealShareGroupTraffic(t *testing.T) {
	exchanges, err := traffic.ShareConsume("orders")
	require.NoError(t, err)
	seen := decodesAsKmsg(t, exchanges)
	for _, want := range []string{"ShareGroupHeartbeat", "ShareFetch", "ShareAcknowledge"} {
		assert.Positive(t, seen[want], "no %s exchange was captured: %v", want, seen)
	}
	t.Logf("exchanges: %v", seen)
}

// kgo in a consumer group of the protocol KIP-848 brought in, the broker
// assigning partitions (ConsumerGroupHeartbeat), against kfake: every
// frame decodes, re-encodes the same, and kmsg reads and writes each body
// the same.
func TestRealConsumerGroupHeartbeatTraffic(t *testing.T) {
	exchanges, err := traffic.Record([]kgo.Opt{
		kgo.ConsumerGroup("billing"), kgo.ServerSideBalancer(), kgo.ConsumeTopics("orders"),
		kgo.DefaultProduceTopic("orders"), kgo.FetchMaxWait(50 * time.Millisecond),
	}, func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Value: []byte("fine")}).FirstErr())
		for got := 0; got == 0 && ctx.Err() == nil; {
			got = cl.PollFetches(ctx).NumRecords()
		}
		require.NoError(t, cl.CommitUncommittedOffsets(ctx))
		describe := kmsg.NewPtrConsumerGroupDescribeRequest()
		describe.Groups = []string{"billing"}
		_, err := cl.Request(ctx, describe)
		require.NoError(t, err)
	})
	require.NoError(t, err)
	seen := decodesAsKmsg(t, exchanges)
	for _, want := range []string{"ConsumerGroupHeartbeat", "Fetch", "OffsetCommit", "ConsumerGroupDescribe"} {
		assert.Positive(t, seen[want], "no %s exchange was captured: %v", want, seen)
	}
	assert.Zero(t, seen["JoinGroup"], "the broker assigns: no JoinGroup")
	for _, ex := range exchanges {
		if ex.APIKey == 69 {
			d := frame.Decode(ex.Response, schema.ByKey(69), ex.APIVersion, schema.Response)
			// The member, its subscription and what it owns (kfake leaves
			// the assignment's topic names empty: its ids say).
			text := d.Tree.Text()
			assert.Contains(t, text, `SubscribedTopicNames[0] string = "orders"`)
			assert.Contains(t, text, "MemberType int8 = 1 ")
			assert.Contains(t, text, "Assignment Assignment = struct")
		}
	}
	t.Logf("exchanges: %v", seen)
}

// kgo producing in transactions, one committed and one aborted, and
// reading them back read_committed, against kfake: the transaction APIs
// (with KIP-890's second version, no AddPartitionsToTxn: the Produce adds
// its partition) and the control batches ending each transaction decode,
// re-encode the same, and kmsg reads and writes each body the same.
func TestRealTransactionTraffic(t *testing.T) {
	exchanges, err := traffic.Record([]kgo.Opt{
		kgo.TransactionalID("kafkawire-tx"), kgo.DefaultProduceTopic("ledger"), kgo.ConsumeTopics("ledger"),
		kgo.FetchIsolationLevel(kgo.ReadCommitted()), kgo.FetchMaxWait(50 * time.Millisecond),
	}, func(ctx context.Context, cl *kgo.Client) {
		for _, end := range []kgo.TransactionEndTry{kgo.TryCommit, kgo.TryAbort} {
			require.NoError(t, cl.BeginTransaction())
			require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Value: []byte(fmt.Sprint(end))}).FirstErr())
			require.NoError(t, cl.EndTransaction(ctx, end))
		}
		for got := 0; got == 0 && ctx.Err() == nil; {
			got = cl.PollFetches(ctx).NumRecords()
		}
	})
	require.NoError(t, err)
	seen := decodesAsKmsg(t, exchanges)
	for _, want := range []string{"InitProducerId", "EndTxn", "Produce", "Fetch"} {
		assert.Positive(t, seen[want], "no %s exchange was captured: %v", want, seen)
	}
	// The transactions' end markers: a control batch, its record's key
	// naming commit or abort. (kfake lists no aborted transactions in a
	// read_committed Fetch: its AbortedTransactions are null.)
	control := 0
	for _, ex := range exchanges {
		if ex.APIKey == 1 && ex.Response != nil {
			text := frame.Decode(ex.Response, schema.ByKey(1), ex.APIVersion, schema.Response).Tree.Text()
			control += strings.Count(text, "control bit 5 = true")
		}
	}
	assert.Positive(t, control, "a Fetch response holds a control batch")
	t.Logf("exchanges: %v", seen)
}

// Admin requests, sent by kgo as kmsg values to kfake and answered by it:
// topics, partitions, configs, ACLs, quotas, SCRAM credentials, records,
// producers and transactions, the cluster and its log directories. Each
// frame decodes, re-encodes the same, and kmsg reads and writes each body
// the same. What kfake answers (an error code, often) does not matter:
// its answers are another implementation's bytes.
func TestRealAdminTraffic(t *testing.T) {
	const topic = "admin-a"
	var sent []string
	exchanges, err := traffic.Record(nil, func(ctx context.Context, cl *kgo.Client) {
		create := kmsg.NewPtrCreateTopicsRequest()
		create.Topics = []kmsg.CreateTopicsRequestTopic{{Topic: topic, NumPartitions: 2, ReplicationFactor: 1,
			Configs: []kmsg.CreateTopicsRequestTopicConfig{{Name: "retention.ms", Value: kmsg.StringPtr("60000")}}}}
		partitions := kmsg.NewPtrCreatePartitionsRequest()
		partitions.Topics = []kmsg.CreatePartitionsRequestTopic{{Topic: topic, Count: 3}}
		configs := kmsg.NewPtrDescribeConfigsRequest()
		configs.Resources = []kmsg.DescribeConfigsRequestResource{{ResourceType: kmsg.ConfigResourceTypeTopic, ResourceName: topic}}
		configs.IncludeSynonyms, configs.IncludeDocumentation = true, true
		alter := kmsg.NewPtrIncrementalAlterConfigsRequest()
		alter.Resources = []kmsg.IncrementalAlterConfigsRequestResource{{ResourceType: kmsg.ConfigResourceTypeTopic, ResourceName: topic,
			Configs: []kmsg.IncrementalAlterConfigsRequestResourceConfig{{Name: "retention.ms", Value: kmsg.StringPtr("120000")}}}}
		topicParts := kmsg.NewPtrDescribeTopicPartitionsRequest()
		topicParts.Topics = []kmsg.DescribeTopicPartitionsRequestTopic{{Topic: topic}}
		producers := kmsg.NewPtrDescribeProducersRequest()
		producers.Topics = []kmsg.DescribeProducersRequestTopic{{Topic: topic, Partitions: []int32{0, 1}}}
		deleteRecords := kmsg.NewPtrDeleteRecordsRequest()
		deleteRecords.Topics = []kmsg.DeleteRecordsRequestTopic{{Topic: topic, Partitions: []kmsg.DeleteRecordsRequestTopicPartition{{Partition: 0, Offset: 0}}}}
		acl := kmsg.NewPtrCreateACLsRequest()
		acl.Creations = []kmsg.CreateACLsRequestCreation{{ResourceType: kmsg.ACLResourceTypeTopic, ResourceName: topic,
			ResourcePatternType: kmsg.ACLResourcePatternTypeLiteral, Principal: "User:alice", Host: "*",
			Operation: kmsg.ACLOperationRead, PermissionType: kmsg.ACLPermissionTypeAllow}}
		acls := kmsg.NewPtrDescribeACLsRequest()
		acls.ResourceType, acls.ResourcePatternType = kmsg.ACLResourceTypeAny, kmsg.ACLResourcePatternTypeAny
		acls.Operation, acls.PermissionType = kmsg.ACLOperationAny, kmsg.ACLPermissionTypeAny
		deleteACLs := kmsg.NewPtrDeleteACLsRequest()
		deleteACLs.Filters = []kmsg.DeleteACLsRequestFilter{{ResourceType: kmsg.ACLResourceTypeTopic, ResourceName: kmsg.StringPtr(topic),
			ResourcePatternType: kmsg.ACLResourcePatternTypeLiteral, Operation: kmsg.ACLOperationAny, PermissionType: kmsg.ACLPermissionTypeAny}}
		quota := kmsg.NewPtrAlterClientQuotasRequest()
		quota.Entries = []kmsg.AlterClientQuotasRequestEntry{{Entity: []kmsg.AlterClientQuotasRequestEntryEntity{{Type: "client-id", Name: kmsg.StringPtr("billing")}},
			Ops: []kmsg.AlterClientQuotasRequestEntryOp{{Key: "producer_byte_rate", Value: 1024}}}}
		scram := kmsg.NewPtrAlterUserSCRAMCredentialsRequest()
		scram.Upsertions = []kmsg.AlterUserSCRAMCredentialsRequestUpsertion{{Name: "alice", Mechanism: 1, Iterations: 4096,
			Salt: []byte("salt-salt-salt"), SaltedPassword: bytes.Repeat([]byte{7}, 32)}}
		deleteTopics := kmsg.NewPtrDeleteTopicsRequest()
		deleteTopics.TopicNames = []string{topic}
		deleteTopics.Topics = []kmsg.DeleteTopicsRequestTopic{{Topic: kmsg.StringPtr(topic)}}
		for _, req := range []kmsg.Request{
			create, partitions, configs, alter, topicParts, producers, deleteRecords,
			kmsg.NewPtrDescribeClusterRequest(), kmsg.NewPtrDescribeLogDirsRequest(), kmsg.NewPtrListPartitionReassignmentsRequest(),
			kmsg.NewPtrListTransactionsRequest(), kmsg.NewPtrDescribeClientQuotasRequest(), quota,
			acl, acls, deleteACLs, scram, kmsg.NewPtrDescribeUserSCRAMCredentialsRequest(), deleteTopics,
		} {
			_, err := cl.Request(ctx, req)
			require.NoError(t, err, "%s", kmsg.NameForKey(req.Key()))
			sent = append(sent, kmsg.NameForKey(req.Key()))
		}
	})
	require.NoError(t, err)
	seen := decodesAsKmsg(t, exchanges)
	for _, name := range sent {
		// kmsg's names and the catalogue's differ in case only (ACLs, SCRAM).
		found := false
		for have := range seen {
			found = found || strings.EqualFold(have, name)
		}
		assert.True(t, found, "no %s exchange was captured: %v", name, seen)
	}
	t.Logf("exchanges: %v", seen)
}

// decodesAsKmsg checks that every frame of exchanges decodes cleanly,
// re-encodes to the same bytes, lays out within its parents, and that kmsg
// reads the same body and writes it back the same; it counts the
// exchanges by API.
func decodesAsKmsg(t *testing.T, exchanges []traffic.Exchange) map[string]int {
	t.Helper()
	seen := map[string]int{}
	for _, ex := range exchanges {
		api := schema.ByKey(ex.APIKey)
		require.NotNil(t, api, "API key %d", ex.APIKey)
		seen[api.Name]++
		for _, side := range []struct {
			dir schema.Direction
			b   []byte
		}{{schema.Request, ex.Request}, {schema.Response, ex.Response}} {
			if side.b == nil {
				continue
			}
			d := frame.Decode(side.b, api, ex.APIVersion, side.dir)
			require.Nil(t, d.Err, "%s v%d %s: %v\n%s", api.Name, ex.APIVersion, side.dir, d.Err, d.Tree.Text())
			again, err := frame.Encode(d.Msg)
			require.NoError(t, err)
			assert.True(t, bytes.Equal(side.b, again), "%s v%d %s re-encodes differently", api.Name, ex.APIVersion, side.dir)
			checkSpans(t, d.Tree)
			k := kmsgFor(instance{api, side.dir, ex.APIVersion})
			require.NotNil(t, k, "kmsg knows %s", api.Name)
			k.SetVersion(ex.APIVersion)
			body := side.b[bodyNode(t, d).Off:]
			require.NoError(t, k.ReadFrom(body), "kmsg reads %s v%d %s", api.Name, ex.APIVersion, side.dir)
			assert.Equal(t, body, k.AppendTo(nil), "kmsg writes %s v%d %s back the same", api.Name, ex.APIVersion, side.dir)
		}
	}
	return seen
}

// checkSpans asserts every node of the frame buffer lies inside its parent.
func checkSpans(t *testing.T, root *layout.Node) {
	t.Helper()
	var walk func(n *layout.Node)
	walk = func(n *layout.Node) {
		for _, c := range n.Kids() {
			if c.Buf == n.Buf {
				assert.True(t, c.Off >= n.Off && c.End <= n.End && c.Off <= c.End, "%s [%d,%d) outside %s [%d,%d)", c.Name, c.Off, c.End, n.Name, n.Off, n.End)
			}
			walk(c)
		}
	}
	walk(root)
}

// sarama's traffic, speaking Kafka 2.8, 2.3 and 1.0 (JoinGroup v5 and
// SyncGroup v3, DeleteTopics v1, batches in every compression): every frame
// decodes cleanly and re-encodes to the same bytes.
func TestRealSaramaTraffic(t *testing.T) {
	for _, version := range traffic.SaramaVersions {
		t.Run(version.String(), func(t *testing.T) {
			exchanges, err := traffic.RecordSarama(version)
			require.NoError(t, err)
			for _, ex := range exchanges {
				api := schema.ByKey(ex.APIKey)
				require.NotNil(t, api, "API key %d", ex.APIKey)
				req := frame.DecodeRequest(ex.Request)
				require.Nil(t, req.Err, "%s v%d request: %v", api.Name, ex.APIVersion, req.Err)
				again, err := frame.Encode(req.Msg)
				require.NoError(t, err)
				assert.True(t, bytes.Equal(ex.Request, again), "%s v%d request re-encodes differently", api.Name, ex.APIVersion)
				checkSpans(t, req.Tree)
				if ex.Response == nil {
					continue
				}
				resp := frame.Decode(ex.Response, api, ex.APIVersion, schema.Response)
				require.Nil(t, resp.Err, "%s v%d response: %v", api.Name, ex.APIVersion, resp.Err)
				again, err = frame.Encode(resp.Msg)
				require.NoError(t, err)
				assert.True(t, bytes.Equal(ex.Response, again), "%s v%d response re-encodes differently", api.Name, ex.APIVersion)
				checkSpans(t, resp.Tree)
				if api.Name == "JoinGroup" {
					assert.Contains(t, req.Tree.Text(), "ConsumerProtocolSubscription embedded v")
				}
			}
		})
	}
}
