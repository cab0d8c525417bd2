package message

import (
	"encoding/base64"
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
	"ThrottleTimeMs":              "how long the broker held the response back for quota, in ms",
	"ErrorCode":                   "0 when all went well, else the error",
	"ErrorMessage":                "details of the error, if the broker gave any",
	"Topics":                      "one entry per topic",
	"Partitions":                  "one entry per partition",
	"Name":                        "name of this entry",
	"TopicId":                     "the topic's uuid",
	"PartitionIndex":              "partition number within the topic",
	"Partition":                   "partition number within the topic",
	"PartitionId":                 "partition number within the topic",
	"ProducerId":                  "id of the producer, -1 when none",
	"ProducerEpoch":               "producer epoch; guards against zombie producers",
	"TransactionalId":             "the transaction's id, null when not transactional",
	"TransactionTimeoutMs":        "idle time before the coordinator aborts the transaction, in ms",
	"GroupId":                     "the consumer group",
	"MemberId":                    "the member's id, given by the coordinator",
	"GroupInstanceId":             "static membership id, null when dynamic",
	"GenerationId":                "generation of the group this member belongs to",
	"LeaderId":                    "broker id of the partition leader",
	"LeaderEpoch":                 "epoch of the partition leader",
	"CurrentLeaderEpoch":          "leader epoch the client knows, to detect stale metadata",
	"NodeId":                      "broker id",
	"BrokerId":                    "broker id",
	"Host":                        "host name of the broker",
	"Port":                        "port of the broker",
	"Rack":                        "rack of the broker, null if unset",
	"Records":                     "the record batches",
	"TimeoutMs":                   "how long the broker may wait before answering, in ms",
	"Acks":                        "acknowledgements required: 0 none, 1 leader, -1 all in-sync replicas",
	"Timestamp":                   "a time, in ms since the epoch",
	"Offset":                      "an offset in the partition",
	"CommittedOffset":             "the committed offset",
	"Metadata":                    "free-form metadata stored with the offset",
	"ClusterId":                   "the cluster's id",
	"ControllerId":                "broker id of the controller",
	"IsInternal":                  "true for topics Kafka uses itself",
	"ReplicaNodes":                "broker ids of the replicas",
	"IsrNodes":                    "broker ids of the in-sync replicas",
	"OfflineReplicas":             "broker ids of replicas that are offline",
	"ProtocolType":                "kind of group protocol, e.g. consumer",
	"ProtocolName":                "the chosen assignment protocol",
	"SessionTimeoutMs":            "time without a heartbeat before the member is removed, in ms",
	"RebalanceTimeoutMs":          "time members have to rejoin during a rebalance, in ms",
	"ReplicaId":                   "broker id of the follower fetching, -1 for consumers",
	"MaxWaitMs":                   "longest time to wait for data, in ms",
	"MinBytes":                    "least data to wait for",
	"MaxBytes":                    "most data to return",
	"IsolationLevel":              "0 read uncommitted, 1 read committed",
	"SessionId":                   "fetch session id",
	"SessionEpoch":                "fetch session epoch",
	"HighWatermark":               "offset after the last committed record",
	"LastStableOffset":            "offset below which all transactions are decided",
	"ValidateOnly":                "check the request without applying it",
	"ApiKey":                      "an API key",
	"MinVersion":                  "lowest supported version",
	"MaxVersion":                  "highest supported version",
	"ResourceType":                "kind of resource",
	"ResourceName":                "name of the resource",
	"Configs":                     "configuration entries",
	"Value":                       "the value",
	"Key":                         "the key",
	"AllowAutoTopicCreation":      "create missing topics on the fly",
	"TopicName":                   "name of the topic",
	"Topic":                       "name of the topic",
	"Results":                     "one result per item asked for",
	"Responses":                   "one response per item asked for",
	"MemberEpoch":                 "epoch of the member in the new consumer group protocol",
	"Groups":                      "one entry per group",
	"NodeEndpoints":               "host and port of brokers the client may need next",
	"BrokerEpoch":                 "epoch of the broker's registration with the controller",
	"FirstOffset":                 "first offset of the range",
	"LastOffset":                  "last offset of the range",
	"StartOffset":                 "first offset of the range",
	"EndOffset":                   "offset after the last one of the range",
	"Operation":                   "ACL operation (read, write, describe...)",
	"PrincipalName":               "name part of the principal",
	"PrincipalType":               "type part of the principal, e.g. User",
	"PermissionType":              "ACL permission: allow or deny",
	"RackId":                      "rack of the member, null if unknown",
	"CurrentLeader":               "the leader the broker knows, for clients with stale metadata",
	"PartitionIndexes":            "partition numbers",
	"Assignment":                  "the partitions given to the member",
	"ReplicationFactor":           "copies of each partition, -1 for the broker default",
	"NumPartitions":               "number of partitions, -1 for the broker default",
	"Epoch":                       "an epoch",
	"Members":                     "one entry per group member",
	"ControllerEpoch":             "epoch of the controller that sent this",
	"CommittedLeaderEpoch":        "leader epoch of the committed offset, -1 if unknown",
	"PartitionEpoch":              "epoch of the partition's state",
	"Replicas":                    "broker ids of the replicas",
	"Isr":                         "broker ids of the in-sync replicas",
	"Index":                       "partition number within the topic",
	"BaseOffset":                  "offset the broker gave the first record",
	"LogAppendTimeMs":             "time the broker appended the records, in ms; -1 when the producer's times are kept",
	"LogStartOffset":              "first offset still in the log",
	"RecordErrors":                "records the broker rejected, by index in the batch",
	"BatchIndex":                  "index of the rejected record in its batch",
	"BatchIndexErrorMessage":      "why that record was rejected",
	"TopicData":                   "one entry per topic",
	"PartitionData":               "one entry per partition",
	"ForgottenTopicsData":         "partitions to drop from the fetch session",
	"PartitionMaxBytes":           "most data to return for this partition",
	"FetchOffset":                 "offset to fetch from",
	"PreferredReadReplica":        "replica the consumer should fetch from instead, -1 for the leader",
	"AbortedTransactions":         "aborted transactions in the fetched range, for read-committed consumers",
	"LastFetchedEpoch":            "epoch of the last record the follower has",
	"ClientHost":                  "host the client connected from",
	"GroupState":                  "state of the group, e.g. Stable",
	"ClientSoftwareName":          "name of the client library",
	"ClientSoftwareVersion":       "version of the client library",
	"ApiKeys":                     "the APIs the broker supports, with their version ranges",
	"SupportedFeatures":           "features the broker supports",
	"FinalizedFeatures":           "features enabled cluster-wide",
	"Brokers":                     "the brokers of the cluster",
	"IncludeAuthorizedOperations": "also return what the client may do",
	"AuthorizedOperations":        "bit set of the operations the client may do, -2147483648 if not asked",
	"HeartbeatIntervalMs":         "how often the member should heartbeat, in ms",
	"Protocols":                   "the assignment protocols the member supports",
	"Assignments":                 "the partitions the leader gave each member",
	"Leader":                      "member id of the group leader",
	"SkipAssignment":              "the leader need not assign: the group was static",
	"GenerationIdOrMemberEpoch":   "generation (classic groups) or member epoch (consumer groups)",
	"Mechanism":                   "SASL mechanism, e.g. PLAIN or SCRAM-SHA-256",
	"AuthBytes":                   "SASL bytes for the mechanism",
	"ProducerIdBlock":             "range of producer ids",
	"Markers":                     "transaction markers to write",
	"TransactionResult":           "false to abort, true to commit",
	"CoordinatorEpoch":            "epoch of the transaction coordinator",
	"Coordinators":                "one coordinator per key asked for",
	"CoordinatorKeys":             "group or transactional ids to find the coordinator of",
	"ConfigSource":                "where the config value comes from",
	"IsSensitive":                 "the value is hidden, e.g. a password",
	"ReadOnly":                    "the config cannot be changed",
	"ResourceTypeFilter":          "kind of resource to match",
	"ResourceNameFilter":          "resource name to match, null for any",
	"PatternTypeFilter":           "how names are matched: literal, prefixed, any...",
	"PrincipalFilter":             "principal to match, null for any",
	"HostFilter":                  "host to match, null for any",
	"PatternType":                 "how the resource name is matched: literal or prefixed",
	"Listeners":                   "the listeners of the broker",
	"SecurityProtocol":            "security protocol of the listener",
	"IncarnationId":               "changes every time the broker process starts",
	"TokenId":                     "id of the delegation token",
	"Hmac":                        "HMAC of the delegation token",
	"Renewers":                    "principals allowed to renew the token",
	"ExpiryTimestampMs":           "when the token expires, in ms since the epoch",
	"IssueTimestamp":              "when the token was issued, in ms since the epoch",
	"SnapshotId":                  "end offset and epoch that name the snapshot",
	"VoterId":                     "replica id of the voter",
	"VoterDirectoryId":            "log directory id of the voter",
	"ReplicaDirectoryId":          "log directory id of the replica",
	"LeaderRecoveryState":         "0 when recovered, 1 while the leader recovers",
	"AddingReplicas":              "replicas being added by a reassignment",
	"RemovingReplicas":            "replicas being removed by a reassignment",
	"SubscribedTopicNames":        "topics the member subscribes to",
	"AcknowledgementBatches":      "ranges of records being acknowledged",
	"AcknowledgeTypes":            "per range: 0 gap, 1 accept, 2 release, 3 reject",
	"DeliveryCount":               "how often the record was delivered",
	"ShareSessionEpoch":           "epoch of the share session",
	"GroupEpoch":                  "epoch of the group",
	"AssignmentEpoch":             "epoch of the target assignment",
	"InstanceId":                  "static membership id",
	"GroupIds":                    "the groups",
	"Entries":                     "the entries",
	"MinSupportedVersion":         "lowest version supported",
	"MaxSupportedVersion":         "highest version supported",
	"MaxVersionLevel":             "highest feature level",
	"MinVersionLevel":             "lowest feature level",
	"ClientInstanceId":            "id the broker gave this client for metrics",

	"Throttle": "throttle time, in ms",
}

// describedFields holds descriptions made once per schema field.
var describedFields layout.Cache[*schema.Field, string]

func describeCached(f *schema.Field) string {
	return describedFields.Get(f, func() string { return Describe(f) })
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
