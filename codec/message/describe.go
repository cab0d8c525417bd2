package message

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unicode"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// String writes the uuid as Kafka does: URL-safe base64 without padding.
func (u UUID) String() string { return base64.RawURLEncoding.EncodeToString(u[:]) }

// descriptions says what the most common fields mean, in our own words. Any
// other field gets a description made from its name and entity type.
var descriptions = map[string]string{
	"ThrottleTimeMs":         "how long the broker held the response back for quota, in ms",
	"ErrorCode":              "0 when all went well, else the error",
	"ErrorMessage":           "details of the error, if the broker gave any",
	"Topics":                 "one entry per topic",
	"Partitions":             "one entry per partition",
	"Name":                   "name of this entry",
	"TopicId":                "the topic's uuid",
	"PartitionIndex":         "partition number within the topic",
	"Partition":              "partition number within the topic",
	"PartitionId":            "partition number within the topic",
	"ProducerId":             "id of the producer, -1 when none",
	"ProducerEpoch":          "producer epoch; guards against zombie producers",
	"TransactionalId":        "the transaction's id, null when not transactional",
	"TransactionTimeoutMs":   "idle time before the coordinator aborts the transaction, in ms",
	"GroupId":                "the consumer group",
	"MemberId":               "the member's id, given by the coordinator",
	"GroupInstanceId":        "static membership id, null when dynamic",
	"GenerationId":           "generation of the group this member belongs to",
	"LeaderId":               "broker id of the partition leader",
	"LeaderEpoch":            "epoch of the partition leader",
	"CurrentLeaderEpoch":     "leader epoch the client knows, to detect stale metadata",
	"NodeId":                 "broker id",
	"BrokerId":               "broker id",
	"Host":                   "host name of the broker",
	"Port":                   "port of the broker",
	"Rack":                   "rack of the broker, null if unset",
	"Records":                "the record batches",
	"TimeoutMs":              "how long the broker may wait before answering, in ms",
	"Acks":                   "acknowledgements required: 0 none, 1 leader, -1 all in-sync replicas",
	"Timestamp":              "a time, in ms since the epoch",
	"Offset":                 "an offset in the partition",
	"CommittedOffset":        "the committed offset",
	"Metadata":               "free-form metadata stored with the offset",
	"ClusterId":              "the cluster's id",
	"ControllerId":           "broker id of the controller",
	"IsInternal":             "true for topics Kafka uses itself",
	"ReplicaNodes":           "broker ids of the replicas",
	"IsrNodes":               "broker ids of the in-sync replicas",
	"OfflineReplicas":        "broker ids of replicas that are offline",
	"ProtocolType":           "kind of group protocol, e.g. consumer",
	"ProtocolName":           "the chosen assignment protocol",
	"SessionTimeoutMs":       "time without a heartbeat before the member is removed, in ms",
	"RebalanceTimeoutMs":     "time members have to rejoin during a rebalance, in ms",
	"ReplicaId":              "broker id of the follower fetching, -1 for consumers",
	"MaxWaitMs":              "longest time to wait for data, in ms",
	"MinBytes":               "least data to wait for",
	"MaxBytes":               "most data to return",
	"IsolationLevel":         "0 read uncommitted, 1 read committed",
	"SessionId":              "fetch session id",
	"SessionEpoch":           "fetch session epoch",
	"HighWatermark":          "offset after the last committed record",
	"LastStableOffset":       "offset below which all transactions are decided",
	"LogStartOffset":         "first offset still in the log",
	"ValidateOnly":           "check the request without applying it",
	"ApiKey":                 "an API key",
	"MinVersion":             "lowest supported version",
	"MaxVersion":             "highest supported version",
	"ResourceType":           "kind of resource",
	"ResourceName":           "name of the resource",
	"Configs":                "configuration entries",
	"Value":                  "the value",
	"Key":                    "the key",
	"AllowAutoTopicCreation": "create missing topics on the fly",
	"Throttle":               "throttle time, in ms",
}

// headerDescriptions are the header fields' descriptions, by their schema names.
var headerDescriptions = map[string]string{
	"RequestApiKey":     "numeric id of the API being invoked",
	"RequestApiVersion": "version of the API being invoked",
	"CorrelationId":     "echoed back by the broker in the response",
	"ClientId":          "always a non-flexible int16-prefixed string",
}

// Describe is a short description of field f in the project's own words.
func Describe(f *schema.Field) string {
	if d, ok := descriptions[f.Name]; ok {
		return d
	}
	words := splitWords(f.Name)
	switch {
	case strings.HasSuffix(f.Name, "Ms"):
		words = strings.TrimSuffix(words, " ms") + ", in ms"
	case strings.HasSuffix(f.Name, "ErrorCode"):
		return words[:len(words)-len("error code")] + "error code, 0 for none"
	}
	if f.IsArray() {
		return "list of " + words
	}
	if f.EntityType != "" && !strings.Contains(strings.ToLower(words), strings.ToLower(splitWords(f.EntityType))) {
		return words + " (a " + splitWords(f.EntityType) + ")"
	}
	return words
}

// splitWords turns "PartitionIndex" into "partition index".
func splitWords(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// snakeCase turns "RequestApiKey" into "request_api_key", the header's names in the protocol guide.
func snakeCase(name string) string { return strings.ReplaceAll(splitWords(name), " ", "_") }

// NameHeaderNodes gives the header's field nodes the protocol guide's names
// (request_api_key, client_id...) and descriptions.
func NameHeaderNodes(n *layout.Node) {
	for _, c := range n.Children {
		if c.Key == "" {
			continue
		}
		c.Name = snakeCase(c.Key)
		c.Desc = headerDescriptions[c.Key]
		if c.Key == "CorrelationId" && c.Region == layout.RegionResponseHeader {
			c.Desc = "matches the correlation_id of the request"
		}
		if c.Key == "ClientId" {
			c.Type = "nullable_string"
		}
		if c.Key == "RequestApiKey" {
			c.Value = namedAPIKey(c.Value)
		}
	}
}

func namedAPIKey(v string) string {
	k, err := strconv.Atoi(v)
	if err != nil {
		return v
	}
	if a := schema.ByKey(int16(k)); a != nil {
		return v + " (" + a.Name + ")"
	}
	return v
}
