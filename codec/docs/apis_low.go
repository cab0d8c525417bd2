package docs

// apisLow explains API keys 0 to 47.
var apisLow = []apiText{
	{
		Name:    "Produce",
		Role:    Producing,
		Summary: "Write record batches to partition leaders.",
		Intro: "A producer sends Produce to the leader of each partition it writes to, with one record batch per partition. " +
			"The leader appends the batches to its log and answers according to Acks: not at all, after its own write, or once every in-sync replica holds the records. " +
			"Before producing, a client learns the leaders from Metadata; idempotent and transactional producers first get a producer id from InitProducerId, and a transactional producer registers its partitions with AddPartitionsToTxn.",
		Related: []string{"Metadata", "InitProducerId", "AddPartitionsToTxn", "EndTxn", "Fetch"},
		Request: fieldDocs{
			{"TransactionalId", "The producer's transactional id when these batches are part of a transaction; null for a plain or merely idempotent producer."},
			{"Acks", "How many replicas must hold the records before the leader replies: 0 means the broker sends no response at all, 1 the leader alone, -1 every in-sync replica (with min.insync.replicas enforced)."},
			{"TimeoutMs", "With Acks -1, how long in ms the leader waits for the in-sync replicas to copy the records before it gives up on the partition with REQUEST_TIMED_OUT."},
			{"TopicData", "The topics this request writes to, each with its partitions and their batches."},
			{"TopicData.Name", "The topic written to, by name (versions before 13)."},
			{"TopicData.TopicId", "The topic written to, by its uuid; from v13 it replaces the name."},
			{"TopicData.PartitionData", "The partitions of this topic that get records."},
			{"TopicData.PartitionData.Index", "The partition number the records go to."},
			{"TopicData.PartitionData.Records", "The record batches to append, in the v2 batch format from Produce v3 on (older versions carry message sets); a producer normally sends one batch per partition."},
		},
		Response: lowMerge(fieldDocs{
			{"Responses", "One result per topic of the request."},
			{"Responses.Name", "The topic this result is about, by name (before v13)."},
			{"Responses.TopicId", "The topic this result is about, by uuid (v13 and up)."},
			{"Responses.PartitionResponses", "One result per partition written to."},
			{"Responses.PartitionResponses.Index", "The partition number this result is about."},
			{"Responses.PartitionResponses.ErrorCode", "0 when the batch was appended; otherwise why not, such as NOT_LEADER_OR_FOLLOWER (refresh metadata and retry), DUPLICATE_SEQUENCE_NUMBER or MESSAGE_TOO_LARGE."},
			{"Responses.PartitionResponses.BaseOffset", "Offset the leader gave the first record of the appended batch; the others follow it. -1 on error."},
			{"Responses.PartitionResponses.LogAppendTimeMs", "When the topic's timestamps are LogAppendTime, the time in ms since the Unix epoch the broker stamped on the batch; -1 when the records keep the producer's CreateTime."},
			{"Responses.PartitionResponses.LogStartOffset", "The partition's earliest offset still kept, as of this append; -1 on error."},
			{"Responses.PartitionResponses.RecordErrors", "The individual records that made the broker refuse the batch (for INVALID_RECORD and similar), by their position; empty when the batch failed as a whole or not at all."},
			{"Responses.PartitionResponses.RecordErrors.BatchIndex", "Position of the refused record inside its batch, counting from 0."},
			{"Responses.PartitionResponses.RecordErrors.BatchIndexErrorMessage", "Why the broker refused that record; null when it gives no reason."},
			{"Responses.PartitionResponses.ErrorMessage", "Human-readable detail on the partition's error; null when there is none."},
			{"Responses.PartitionResponses.CurrentLeader", "Sent with NOT_LEADER_OR_FOLLOWER or FENCED_LEADER_EPOCH: who this broker thinks leads the partition now, so the producer can move without a Metadata round trip (KIP-951)."},
			{"Responses.PartitionResponses.CurrentLeader.LeaderId", "Broker id of the partition's present leader; -1 when this broker does not know it."},
			{"Responses.PartitionResponses.CurrentLeader.LeaderEpoch", "Leader epoch of that leader; -1 when unknown."},
		}, lowUnder("NodeEndpoints", lowEndpoints("CurrentLeader"))),
	},
	{
		Name:    "Fetch",
		Role:    Consuming,
		Summary: "Read record batches from a partition, as a consumer or a follower replica.",
		Intro: "Consumers send Fetch to the leader of a partition, or to a preferred read replica, to read record batches from an offset; follower brokers send it to copy the leader's log, and KRaft voters and observers use it to replicate the metadata log. " +
			"The broker may hold the request for up to MaxWaitMs until MinBytes of data are ready, which makes Fetch a long poll. " +
			"From v7, fetch sessions let the client send only partitions that changed since the previous fetch. " +
			"A consumer finds its start offsets with OffsetFetch or ListOffsets and checks for truncation after a leader change with OffsetForLeaderEpoch.",
		Related: []string{"Metadata", "ListOffsets", "OffsetFetch", "OffsetCommit", "OffsetForLeaderEpoch", "Produce"},
		Request: fieldDocs{
			{"ClusterId", "Sent by a KRaft replica fetching the metadata log: the id of the cluster it thinks it belongs to, so a stray node of another cluster is refused; null when it does not check."},
			{"ReplicaId", "Who fetches: the broker id of a follower replica, -1 for a consumer (-2 marks a debugging consumer allowed to read from followers). From v15 followers send ReplicaState instead."},
			{"ReplicaState", "For a follower replica (v15 and up): its broker id and broker epoch; consumers leave it out."},
			{"ReplicaState.ReplicaId", "Broker id of the follower fetching; -1 for a consumer."},
			{"ReplicaState.ReplicaEpoch", "The follower's broker epoch from its registration with the controller, so the leader can ignore a previous incarnation of it; -1 when not known."},
			{"MaxWaitMs", "Longest time in ms the broker may hold the request before answering with whatever it has, when less than MinBytes is ready."},
			{"MinBytes", "Amount of record data in bytes the broker should wait for before answering; 0 answers at once, 1 as soon as anything is there."},
			{"MaxBytes", "Upper bound in bytes on the record data of the whole response (0x7fffffff means none); the first batch comes back even when larger, so the fetcher always progresses."},
			{"IsolationLevel", "0 (read_uncommitted) returns everything below the high watermark; 1 (read_committed) stops at the last stable offset, hiding open transactions and listing the aborted ones."},
			{"SessionId", "The fetch session this request continues; 0 when the client has none (or asks for a new one)."},
			{"SessionEpoch", "Position in the fetch session: 0 asks to start a new session, each later fetch adds one, and -1 means a full fetch without a session (closing SessionId's session if one is named)."},
			{"Topics", "The partitions to read, by topic; in an ongoing session only those added or changed since the last fetch."},
			{"Topics.Topic", "The topic to read, by name (before v13)."},
			{"Topics.TopicId", "The topic to read, by uuid (v13 and up)."},
			{"Topics.Partitions", "The partitions of this topic to read."},
			{"Topics.Partitions.Partition", "The partition number to read."},
			{"Topics.Partitions.CurrentLeaderEpoch", "The leader epoch the fetcher believes is current; a broker with another epoch answers FENCED_LEADER_EPOCH or UNKNOWN_LEADER_EPOCH. -1 skips the check."},
			{"Topics.Partitions.FetchOffset", "Offset of the first record wanted."},
			{"Topics.Partitions.LastFetchedEpoch", "Epoch of the last batch the fetching replica already has; the leader compares it with its own history and answers with DivergingEpoch when the logs differ. -1 when unknown."},
			{"Topics.Partitions.LogStartOffset", "Sent by followers: their own earliest offset, which the leader tracks; consumers send -1."},
			{"Topics.Partitions.PartitionMaxBytes", "Upper bound in bytes on the record data returned for this partition (a larger first batch still comes back, KIP-74)."},
			{"Topics.Partitions.ReplicaDirectoryId", "For KRaft: uuid of the log directory the fetching replica keeps this partition in, which tells apart a voter whose disk was replaced (KIP-853)."},
			{"Topics.Partitions.HighWatermark", "The fetching replica's own high watermark, so the leader can answer early once its high watermark has moved past it; -1 when the replica does not know it, and the int64 maximum when it does not use this."},
			{"ForgottenTopicsData", "Partitions to take out of the fetch session (v7 and up), by topic."},
			{"ForgottenTopicsData.Topic", "Topic whose partitions leave the session, by name (v7 to v12)."},
			{"ForgottenTopicsData.TopicId", "Topic whose partitions leave the session, by uuid (v13 and up)."},
			{"ForgottenTopicsData.Partitions", "Partition numbers of that topic to drop from the session."},
			{"RackId", "The consumer's rack (client.rack), so the leader can point it at a replica in the same rack; empty when unknown."},
		},
		Response: lowMerge(fieldDocs{
			{"ErrorCode", "An error for the request as a whole, mostly about the fetch session (FETCH_SESSION_ID_NOT_FOUND, INVALID_FETCH_SESSION_EPOCH); 0 otherwise, with per-partition errors below."},
			{"SessionId", "The fetch session the broker keeps for this client; 0 when it created none."},
			{"Responses", "The data read, by topic; in a session only partitions with news."},
			{"Responses.Topic", "The topic these partitions belong to, by name (before v13)."},
			{"Responses.TopicId", "The topic these partitions belong to, by uuid (v13 and up)."},
			{"Responses.Partitions", "The partitions of this topic with data or an error."},
			{"Responses.Partitions.PartitionIndex", "The partition number."},
			{"Responses.Partitions.ErrorCode", "0 on success; otherwise the partition's error, such as OFFSET_OUT_OF_RANGE (reset the offset) or NOT_LEADER_OR_FOLLOWER."},
			{"Responses.Partitions.HighWatermark", "Offset just past the last record all in-sync replicas hold; a consumer reads only below it. Its distance from the consumer's position is the lag."},
			{"Responses.Partitions.LastStableOffset", "Offset below which every transaction is decided; read_committed consumers read only below it. -1 when unknown."},
			{"Responses.Partitions.LogStartOffset", "Earliest offset still in the partition's log; -1 when unknown."},
			{"Responses.Partitions.DivergingEpoch", "Sent when the fetcher's LastFetchedEpoch shows its log has diverged from the leader's: the largest epoch they share and where it ends, so the fetcher truncates there."},
			{"Responses.Partitions.DivergingEpoch.Epoch", "The largest leader epoch the fetcher's log and the leader's have in common; -1 when none."},
			{"Responses.Partitions.DivergingEpoch.EndOffset", "Offset where that epoch ends in the leader's log; the fetcher truncates to it. -1 when none."},
			{"Responses.Partitions.CurrentLeader", "Sent with a leadership error: the partition's leader as this broker knows it, so the fetcher can move without asking Metadata."},
			{"Responses.Partitions.CurrentLeader.LeaderId", "Broker id of the present leader; -1 when unknown."},
			{"Responses.Partitions.CurrentLeader.LeaderEpoch", "Epoch of the present leader; -1 when unknown."},
			{"Responses.Partitions.SnapshotId", "In KRaft, sent when the fetch offset is older than the metadata log keeps: the snapshot the replica should load instead (with FetchSnapshot)."},
			{"Responses.Partitions.SnapshotId.EndOffset", "End offset of the snapshot to load; -1 when there is none."},
			{"Responses.Partitions.SnapshotId.Epoch", "Epoch of the last record the snapshot covers; -1 when there is none."},
			{"Responses.Partitions.AbortedTransactions", "For read_committed fetches: the transactions aborted inside the returned range, by producer and first offset, so the consumer can skip their records; null for read_uncommitted."},
			{"Responses.Partitions.AbortedTransactions.ProducerId", "Producer whose transaction was aborted."},
			{"Responses.Partitions.AbortedTransactions.FirstOffset", "Offset of that aborted transaction's first record."},
			{"Responses.Partitions.PreferredReadReplica", "Broker id of a replica the consumer should fetch this partition from instead (KIP-392, such as one in its rack); -1 to keep fetching from the leader."},
			{"Responses.Partitions.Records", "The record batches read, starting at or before FetchOffset; the last batch may be cut short by the size limits and is then to be ignored. Null or empty when there is nothing."},
		}, lowUnder("NodeEndpoints", lowEndpoints("CurrentLeader"))),
	},
	{
		Name:    "ListOffsets",
		Role:    Consuming,
		Summary: "Find the offset of a partition's earliest or latest record, or of a point in time.",
		Intro: "A consumer sends ListOffsets to a partition's leader when it has no committed offset or must reset one, asking for the earliest offset, the latest, or the first offset at or after a timestamp. " +
			"Admin tools use it too, for instance to show lag as the distance from a group's committed offsets to the end of each partition. " +
			"The timestamp field doubles as a selector: negative values pick special positions instead of a time.",
		Related: []string{"Fetch", "OffsetFetch", "OffsetCommit", "Metadata"},
		Request: fieldDocs{
			{"ReplicaId", "Broker id when a follower replica asks; -1 for consumers and admin clients (the normal case)."},
			{"IsolationLevel", "0 (read_uncommitted) lets the latest offset be the high watermark; 1 (read_committed) caps it at the last stable offset, before any open transaction."},
			{"Topics", "The topics to look up, each with its partitions."},
			{"Topics.Name", "Topic whose offsets are wanted."},
			{"Topics.Partitions", "The partitions of that topic to look up."},
			{"Topics.Partitions.PartitionIndex", "Partition number to look up."},
			{"Topics.Partitions.CurrentLeaderEpoch", "The leader epoch the client knows, so a broker with another epoch refuses with FENCED_LEADER_EPOCH or UNKNOWN_LEADER_EPOCH; -1 skips the check."},
			{"Topics.Partitions.Timestamp", "Which offset to find: a time in ms since the Unix epoch finds the first record at or after it; -1 asks for the latest offset, -2 the earliest, -3 the record with the largest timestamp (v7), -4 the earliest offset kept on local disk (v8, tiered storage), -5 the latest offset already in remote storage (v9), -6 the earliest offset not yet uploaded to remote storage (v11)."},
			{"Topics.Partitions.MaxNumOffsets", "Only in v0: how many segment-start offsets at or before the timestamp to return at most."},
			{"TimeoutMs", "How long in ms the broker may take to answer, which matters when the lookup must read tiered (remote) storage (v10 and up)."},
		},
		Response: fieldDocs{
			{"Topics", "The answers, by topic."},
			{"Topics.Name", "Topic the answers below belong to."},
			{"Topics.Partitions", "One answer per partition asked about."},
			{"Topics.Partitions.PartitionIndex", "Partition number answered."},
			{"Topics.Partitions.ErrorCode", "0 on success; otherwise the partition's error, such as NOT_LEADER_OR_FOLLOWER or OFFSET_NOT_AVAILABLE while a new leader catches up."},
			{"Topics.Partitions.Timestamp", "Timestamp in ms of the record found; -1 when the query was for the earliest or latest offset, or nothing matched."},
			{"Topics.Partitions.Offset", "The offset found; for the latest it is the offset the next record will get. -1 when no record is at or after the requested time."},
			{"Topics.Partitions.LeaderEpoch", "Leader epoch of the record at that offset, for later truncation checks; -1 when unknown."},
			{"Topics.Partitions.OldStyleOffsets", "Only in v0: the segment-start offsets found, newest first."},
		},
	},
	{
		Name:    "Metadata",
		Role:    Cluster,
		Summary: "Learn the brokers, the topics and which broker leads each partition.",
		Intro: "Every client sends Metadata to any broker right after ApiVersions, and again whenever a leader moves or a topic appears. " +
			"The answer lists the live brokers with their addresses, the cluster id, and for each topic asked about its partitions with leader, replicas and in-sync replicas. " +
			"Producers and consumers use it to know which broker to send Produce, Fetch and ListOffsets to; admin clients use it to list topics.",
		Related: []string{"ApiVersions", "Produce", "Fetch", "FindCoordinator", "CreateTopics"},
		Request: fieldDocs{
			{"Topics", "The topics to describe; null asks for every topic (v1 and up), an empty array for none, which still returns the brokers. In v0 an empty array means every topic."},
			{"Topics.TopicId", "The topic asked about, by uuid (v10 and up); the zero uuid when it is named instead."},
			{"Topics.Name", "The topic asked about, by name; null from v10 when it is asked for by TopicId."},
			{"AllowAutoTopicCreation", "Whether the broker may create a topic that does not exist (when auto.create.topics.enable is on); consumers usually send false."},
			{"IncludeClusterAuthorizedOperations", "Ask for the operations the client may perform on the cluster (v8 to v10; later versions use DescribeCluster)."},
			{"IncludeTopicAuthorizedOperations", "Ask for the operations the client may perform on each topic returned."},
		},
		Response: fieldDocs{
			{"Brokers", "The brokers of the cluster the client may talk to (controllers are never listed)."},
			{"Brokers.NodeId", "Broker id, as leader and replica fields name it."},
			{"Brokers.Host", "Host name or IP address to reach the broker at, on the listener the client connected through."},
			{"Brokers.Port", "TCP port of that listener."},
			{"Brokers.Rack", "The broker's rack (broker.rack); null when it has none."},
			{"ClusterId", "Unique id of the cluster; null when the broker has none to give."},
			{"ControllerId", "Broker id the client should treat as the controller for admin requests; -1 when unknown. In KRaft clusters this is a broker chosen to forward, since clients cannot reach controllers."},
			{"Topics", "One entry per topic asked about, or every topic the client may describe."},
			{"Topics.ErrorCode", "0 when the topic is described; otherwise why not, such as UNKNOWN_TOPIC_OR_PARTITION, LEADER_NOT_AVAILABLE while it is being created, or TOPIC_AUTHORIZATION_FAILED."},
			{"Topics.Name", "The topic's name; null from v12 when it was asked for by an id the broker does not know."},
			{"Topics.TopicId", "The topic's uuid (v10 and up); the zero uuid when unknown."},
			{"Topics.IsInternal", "True for topics Kafka keeps for itself, such as __consumer_offsets and __transaction_state."},
			{"Topics.Partitions", "The topic's partitions with their replica placement."},
			{"Topics.Partitions.ErrorCode", "0 when the partition is healthy; LEADER_NOT_AVAILABLE when it has no leader, or in old versions REPLICA_NOT_AVAILABLE when some replica is down."},
			{"Topics.Partitions.PartitionIndex", "Number of the partition described, from 0."},
			{"Topics.Partitions.LeaderId", "Broker id of the partition's leader, where Produce and Fetch go; -1 when it has none."},
			{"Topics.Partitions.LeaderEpoch", "Epoch of that leader, which clients send back to detect stale metadata; -1 when unknown."},
			{"Topics.Partitions.ReplicaNodes", "Broker ids of every replica of the partition, the preferred leader first."},
			{"Topics.Partitions.IsrNodes", "Broker ids of the replicas in sync with the leader, the ones acks=-1 waits for."},
			{"Topics.Partitions.OfflineReplicas", "Broker ids of replicas whose log directory is offline."},
			{"Topics.TopicAuthorizedOperations", "Bit set of the ACL operations the client may perform on the topic, one bit per operation code; -2147483648 when not asked for."},
			{"ClusterAuthorizedOperations", "Bit set of the ACL operations the client may perform on the cluster; -2147483648 when not asked for."},
			{"ErrorCode", "An error for the whole request (v13 and up), such as REBOOTSTRAP_REQUIRED telling the client to start over from its bootstrap servers; 0 otherwise."},
		},
	},
	{
		Name:    "LeaderAndIsr",
		Role:    KRaft,
		Summary: "ZooKeeper-era controller tells a broker which partitions it leads or follows.",
		Intro: "In ZooKeeper mode the controller sends LeaderAndIsr to brokers whenever partition leadership or replica sets change, telling each one which partitions to lead and which to follow. " +
			"The broker then starts or stops fetching and serving, and answers with an error per partition. " +
			"It goes with UpdateMetadata and StopReplica; KRaft brokers learn the same facts from the metadata log instead, and Kafka 4.0 removed all its versions.",
		Related: []string{"UpdateMetadata", "StopReplica", "ControlledShutdown", "AlterPartition"},
		Request: lowMerge(fieldDocs{
			{"ControllerId", "Broker id of the controller sending the request."},
			{"isKRaftController", "True when a KRaft controller sends it to ZooKeeper brokers during a migration (KIP-866)."},
			{"ControllerEpoch", "Epoch of the sending controller; a broker ignores requests from an older controller with STALE_CONTROLLER_EPOCH."},
			{"BrokerEpoch", "The receiving broker's epoch as the controller knows it, so a broker that restarted drops requests meant for its earlier run; -1 when not checked."},
			{"Type", "What the request holds: 1 (incremental) only the partitions that changed, 2 (full) every partition the broker should have, after which it may delete stray ones; 0 when unset."},
			{"UngroupedPartitionStates", "Partition states in v0 and v1, each naming its topic."},
			{"TopicStates", "Partition states grouped by topic (v2 and up)."},
			{"TopicStates.TopicName", "Topic the partition states below belong to."},
			{"TopicStates.TopicId", "The topic's uuid (v5 and up)."},
			{"TopicStates.PartitionStates", "The topic's partitions whose leadership or replicas this broker must apply."},
			{"LiveLeaders", "The brokers that lead any of the partitions listed, with their addresses, so followers can connect."},
			{"LiveLeaders.BrokerId", "Broker id of a leader."},
			{"LiveLeaders.HostName", "Host that leader's replication listener is reachable at."},
			{"LiveLeaders.Port", "TCP port of that listener."},
		}, lowUnder("UngroupedPartitionStates", lowLeaderAndIsrState), lowUnder("TopicStates.PartitionStates", lowLeaderAndIsrState)),
		Response: lowMerge(fieldDocs{
			{"ErrorCode", "An error for the whole request, such as STALE_CONTROLLER_EPOCH or STALE_BROKER_EPOCH; 0 otherwise."},
			{"PartitionErrors", "One result per partition (v0 to v4)."},
			{"Topics", "Results grouped by topic (v5 and up)."},
			{"Topics.TopicId", "Uuid of the topic the results below belong to."},
			{"Topics.PartitionErrors", "One result per partition of that topic."},
		}, lowUnder("PartitionErrors", lowPartitionError), lowUnder("Topics.PartitionErrors", lowPartitionError)),
	},
	{
		Name:    "StopReplica",
		Role:    KRaft,
		Summary: "ZooKeeper-era controller tells a broker to stop replicating partitions, maybe deleting them.",
		Intro: "In ZooKeeper mode the controller sends StopReplica to a broker that must stop serving some partitions: when a topic is deleted, when a reassignment moves a replica away, or when a broker shuts down in a controlled way. " +
			"The broker stops fetching or leading those partitions and, when told to, deletes their logs. " +
			"It goes with LeaderAndIsr and UpdateMetadata, and Kafka 4.0 removed it with the rest of ZooKeeper mode.",
		Related: []string{"LeaderAndIsr", "UpdateMetadata", "ControlledShutdown"},
		Request: fieldDocs{
			{"ControllerId", "Broker id of the controller sending the request."},
			{"isKRaftController", "True when a KRaft controller sends it during a ZooKeeper migration (KIP-866)."},
			{"ControllerEpoch", "Epoch of the sending controller; requests from an older controller are refused."},
			{"BrokerEpoch", "The receiving broker's epoch as the controller knows it, so requests meant for an earlier run are dropped; -1 when not checked."},
			{"DeletePartitions", "In v0 to v2, for all partitions listed: true to delete their logs as well, false to only stop replicating."},
			{"UngroupedPartitions", "The partitions to stop, each naming its topic (v0)."},
			{"UngroupedPartitions.TopicName", "Topic of the partition to stop."},
			{"UngroupedPartitions.PartitionIndex", "Partition number to stop."},
			{"Topics", "The partitions to stop, grouped by topic (v1 and v2)."},
			{"Topics.Name", "Topic whose partitions stop."},
			{"Topics.PartitionIndexes", "Partition numbers of that topic to stop."},
			{"TopicStates", "The partitions to stop with their own settings, grouped by topic (v3 and up)."},
			{"TopicStates.TopicName", "Topic whose partitions stop."},
			{"TopicStates.PartitionStates", "The partitions of that topic to stop."},
			{"TopicStates.PartitionStates.PartitionIndex", "Partition number to stop."},
			{"TopicStates.PartitionStates.LeaderEpoch", "Leader epoch the controller has for the partition, so an out-of-date request is ignored; -1 skips the check and -2 marks a partition of a topic being deleted."},
			{"TopicStates.PartitionStates.DeletePartition", "True to delete this partition's log after stopping it."},
		},
		Response: lowMerge(fieldDocs{
			{"ErrorCode", "An error for the whole request, such as STALE_CONTROLLER_EPOCH; 0 otherwise."},
			{"PartitionErrors", "One result per partition the request named."},
		}, lowUnder("PartitionErrors", lowPartitionError), fieldDocs{
			{"PartitionErrors.TopicName", "Topic of the partition this result is for."},
		}),
	},
	{
		Name:    "UpdateMetadata",
		Role:    KRaft,
		Summary: "ZooKeeper-era controller pushes the cluster's brokers and partition leaders to every broker.",
		Intro: "In ZooKeeper mode the controller sends UpdateMetadata to every broker after brokers join or leave or leadership changes, so each broker's metadata cache can answer clients' Metadata requests. " +
			"It carries the live brokers with their listeners and the state of the partitions that changed. " +
			"It goes with LeaderAndIsr and StopReplica; KRaft brokers read the metadata log instead, and Kafka 4.0 removed this API.",
		Related: []string{"LeaderAndIsr", "StopReplica", "Metadata"},
		Request: lowMerge(fieldDocs{
			{"ControllerId", "Broker id of the controller sending the request."},
			{"isKRaftController", "True when a KRaft controller sends it during a ZooKeeper migration (KIP-866)."},
			{"Type", "What the request holds: 1 (incremental) only what changed, 2 (full) the whole cluster state, as a KRaft controller sends during a migration; 0 when unset."},
			{"ControllerEpoch", "Epoch of the sending controller; requests from an older controller are refused."},
			{"BrokerEpoch", "The receiving broker's epoch as the controller knows it, so requests meant for an earlier run are dropped; -1 when not checked."},
			{"UngroupedPartitionStates", "Partition states in v0 to v4, each naming its topic."},
			{"TopicStates", "Partition states grouped by topic (v5 and up)."},
			{"TopicStates.TopicName", "Topic the partition states below belong to."},
			{"TopicStates.TopicId", "The topic's uuid (v7 and up)."},
			{"TopicStates.PartitionStates", "The topic's partitions whose state changed."},
			{"LiveBrokers", "Every broker alive in the cluster, with how to reach it."},
			{"LiveBrokers.Id", "Broker id."},
			{"LiveBrokers.V0Host", "Host of the broker's plaintext listener (v0 only)."},
			{"LiveBrokers.V0Port", "Port of the broker's plaintext listener (v0 only)."},
			{"LiveBrokers.Endpoints", "The broker's listeners (v1 and up)."},
			{"LiveBrokers.Endpoints.Port", "TCP port of this listener."},
			{"LiveBrokers.Endpoints.Host", "Host name or IP address of this listener."},
			{"LiveBrokers.Endpoints.Listener", "Listener name, such as PLAINTEXT or INTERNAL (v3 and up)."},
			{"LiveBrokers.Endpoints.SecurityProtocol", "Security protocol of this listener: 0 PLAINTEXT, 1 SSL, 2 SASL_PLAINTEXT, 3 SASL_SSL."},
			{"LiveBrokers.Rack", "The broker's rack (broker.rack); null when it has none."},
		}, lowUnder("UngroupedPartitionStates", lowUpdateMetadataState), lowUnder("TopicStates.PartitionStates", lowUpdateMetadataState)),
		Response: fieldDocs{
			{"ErrorCode", "0 when the broker applied the update; otherwise why not, such as STALE_CONTROLLER_EPOCH."},
		},
	},
	{
		Name:    "ControlledShutdown",
		Role:    KRaft,
		Summary: "ZooKeeper-era broker asks the controller to move its leaderships away before it stops.",
		Intro: "A ZooKeeper-mode broker that is shutting down cleanly sends ControlledShutdown to the controller, which moves leadership of the broker's partitions to other in-sync replicas. " +
			"The answer lists partitions it could not move yet, and the broker retries until none are left or it gives up. " +
			"KRaft brokers ask for the same with BrokerHeartbeat, and Kafka 4.0 removed this API; version 0 is sent with request header v0, without a client id.",
		Related: []string{"LeaderAndIsr", "StopReplica", "BrokerHeartbeat"},
		Request: fieldDocs{
			{"BrokerId", "Id of the broker that wants to shut down."},
			{"BrokerEpoch", "That broker's epoch, so the controller ignores a request from an earlier run of it; -1 when not sent."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the controller handled the request; otherwise why not, such as STALE_BROKER_EPOCH."},
			{"RemainingPartitions", "Partitions the broker still leads, whose leadership could not be moved yet; empty when it may shut down."},
			{"RemainingPartitions.TopicName", "Topic of a partition still led by the broker."},
			{"RemainingPartitions.PartitionIndex", "Partition number still led by the broker."},
		},
	},
	{
		Name:    "OffsetCommit",
		Role:    Groups,
		Summary: "Save a consumer group's positions in its partitions.",
		Intro: "A consumer sends OffsetCommit to its group coordinator (found with FindCoordinator) to record how far it has processed each partition, periodically or after processing. " +
			"The coordinator checks that the member still belongs to the current generation, or member epoch in the new group protocol, and stores the offsets in __consumer_offsets. " +
			"After a restart or a rebalance, OffsetFetch reads them back; transactional producers commit offsets with TxnOffsetCommit instead.",
		Related: []string{"FindCoordinator", "OffsetFetch", "JoinGroup", "ConsumerGroupHeartbeat", "TxnOffsetCommit", "OffsetDelete"},
		Request: fieldDocs{
			{"GroupId", "The consumer group whose offsets are committed."},
			{"GenerationIdOrMemberEpoch", "The group generation (classic protocol) or member epoch (consumer protocol) the committer belongs to, so a member that was rebalanced out is refused; -1 for a commit from outside the group's membership, such as an admin tool or a consumer with manual assignment."},
			{"MemberId", "The committer's member id in the group; empty when it is not a member."},
			{"GroupInstanceId", "The committer's static instance id (group.instance.id); null for a dynamic member."},
			{"RetentionTimeMs", "How long in ms to keep these offsets (v2 to v4); -1 lets the broker apply offsets.retention.minutes."},
			{"Topics", "The offsets to commit, by topic."},
			{"Topics.Name", "Topic of the offsets, by name (before v10)."},
			{"Topics.TopicId", "Topic of the offsets, by uuid (v10 and up)."},
			{"Topics.Partitions", "The partitions of that topic with an offset to commit."},
			{"Topics.Partitions.PartitionIndex", "Partition whose position is committed."},
			{"Topics.Partitions.CommittedOffset", "The position to resume from: the offset of the next record to consume, one past the last one processed."},
			{"Topics.Partitions.CommittedLeaderEpoch", "Leader epoch of the last record consumed, so a consumer resuming here can detect log truncation; -1 when unknown."},
			{"Topics.Partitions.CommittedMetadata", "Free text the client stores with the offset; null or empty when it has none."},
			{"Topics.Partitions.CommitTimestamp", "Only in v1: the commit time in ms since the Unix epoch, from which retention counts; -1 lets the broker use its own clock."},
		},
		Response: fieldDocs{
			{"Topics", "The results, by topic."},
			{"Topics.Name", "Topic the commit results below are for, by name (before v10)."},
			{"Topics.TopicId", "Topic the commit results below are for, by uuid (v10 and up)."},
			{"Topics.Partitions", "One result per partition committed."},
			{"Topics.Partitions.PartitionIndex", "Partition whose commit this result reports."},
			{"Topics.Partitions.ErrorCode", "0 when the offset was stored; otherwise why not, such as ILLEGAL_GENERATION or UNKNOWN_MEMBER_ID after a rebalance, REBALANCE_IN_PROGRESS, NOT_COORDINATOR or OFFSET_METADATA_TOO_LARGE."},
		},
	},
	{
		Name:    "OffsetFetch",
		Role:    Groups,
		Summary: "Read the offsets a consumer group has committed.",
		Intro: "A consumer sends OffsetFetch to its group coordinator when it is given partitions, to learn where to resume reading; admin tools send it to show a group's offsets and lag. " +
			"From v8 one request may ask about several groups at once. " +
			"It reads what OffsetCommit and TxnOffsetCommit stored; where a partition has no offset the consumer falls back to ListOffsets and its auto.offset.reset policy.",
		Related: []string{"OffsetCommit", "TxnOffsetCommit", "FindCoordinator", "ListOffsets", "Fetch"},
		Request: fieldDocs{
			{"GroupId", "The group whose offsets are wanted (before v8)."},
			{"Topics", "The partitions wanted, by topic (before v8); null asks for every partition the group has an offset for (v2 and up)."},
			{"Topics.Name", "Topic whose offsets are wanted."},
			{"Topics.PartitionIndexes", "Partitions of that topic whose committed offsets are wanted."},
			{"Groups", "The groups asked about, each with its partitions (v8 and up)."},
			{"Groups.GroupId", "A group whose offsets are wanted."},
			{"Groups.MemberId", "With the consumer group protocol, the asking member's id, checked with MemberEpoch; null when an admin client or non-member asks."},
			{"Groups.MemberEpoch", "The asking member's epoch, so a fenced member cannot read; -1 when the asker is not a member."},
			{"Groups.Topics", "The partitions wanted in that group, by topic; null for every partition with an offset."},
			{"Groups.Topics.Name", "Topic whose offsets are wanted, by name (v8 and v9)."},
			{"Groups.Topics.TopicId", "Topic whose offsets are wanted, by uuid (v10 and up)."},
			{"Groups.Topics.PartitionIndexes", "Partitions of that topic whose committed offsets are wanted."},
			{"RequireStable", "True to refuse (with UNSTABLE_OFFSET_COMMIT) partitions whose offsets a still-open transaction is about to change, so a read_committed consumer does not resume from an offset that may move."},
		},
		Response: lowMerge(fieldDocs{
			{"Topics", "The offsets found, by topic (before v8)."},
			{"Topics.Name", "Topic of the offsets."},
			{"Topics.Partitions", "One entry per partition."},
			{"ErrorCode", "An error for the whole request (v2 to v7), such as NOT_COORDINATOR, COORDINATOR_LOAD_IN_PROGRESS or GROUP_AUTHORIZATION_FAILED; 0 otherwise."},
			{"Groups", "One answer per group asked about (v8 and up)."},
			{"Groups.GroupId", "The group this answer is for."},
			{"Groups.Topics", "The group's offsets, by topic."},
			{"Groups.Topics.Name", "Topic of the offsets, by name (v8 and v9)."},
			{"Groups.Topics.TopicId", "Topic of the offsets, by uuid (v10 and up)."},
			{"Groups.Topics.Partitions", "One entry per partition."},
			{"Groups.ErrorCode", "An error for this group as a whole, such as NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED; 0 otherwise."},
		}, lowUnder("Topics.Partitions", lowFetchedOffset), lowUnder("Groups.Topics.Partitions", lowFetchedOffset)),
	},
	{
		Name:    "FindCoordinator",
		Role:    Groups,
		Summary: "Find the broker that coordinates a group, a transactional id or a share partition.",
		Intro: "Before talking to a group or a transaction, a client sends FindCoordinator to any broker to learn which broker is its coordinator: the leader of the __consumer_offsets or __transaction_state partition its key hashes to. " +
			"Consumers then send JoinGroup, OffsetCommit and the like there, and transactional producers send InitProducerId and EndTxn. " +
			"From v4 one request can look up many keys; a client asks again when a coordinator answers NOT_COORDINATOR.",
		Related: []string{"JoinGroup", "OffsetCommit", "OffsetFetch", "ConsumerGroupHeartbeat", "InitProducerId", "AddPartitionsToTxn", "EndTxn"},
		Request: fieldDocs{
			{"Key", "The group id or transactional id to look up (before v4)."},
			{"KeyType", "What the keys are: 0 a group id, 1 a transactional id, 2 a share-group key (group, topic and partition)."},
			{"CoordinatorKeys", "The group ids or transactional ids to look up, all of the same KeyType (v4 and up)."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the coordinator was found (before v4); otherwise why not, such as COORDINATOR_NOT_AVAILABLE while its partition has no leader."},
			{"ErrorMessage", "Detail on the error (v1 to v3); null when there is none."},
			{"NodeId", "Broker id of the coordinator (before v4); -1 on error."},
			{"Host", "Host name or IP address of the coordinator (before v4)."},
			{"Port", "TCP port of the coordinator (before v4)."},
			{"Coordinators", "One answer per key asked about (v4 and up)."},
			{"Coordinators.Key", "The group id or transactional id this answer is for."},
			{"Coordinators.NodeId", "Broker id of that key's coordinator; -1 on error."},
			{"Coordinators.Host", "Host name or IP address of that coordinator."},
			{"Coordinators.Port", "TCP port of that coordinator."},
			{"Coordinators.ErrorCode", "0 when found; otherwise why not, such as COORDINATOR_NOT_AVAILABLE or GROUP_AUTHORIZATION_FAILED."},
			{"Coordinators.ErrorMessage", "Detail on that key's error; null when there is none."},
		},
	},
	{
		Name:    "JoinGroup",
		Role:    Groups,
		Summary: "Join a classic consumer group and take part in a rebalance.",
		Intro: "In the classic group protocol, each consumer (or Connect worker) sends JoinGroup to the group coordinator when it starts and whenever a rebalance begins, listing the assignment strategies it supports. " +
			"The coordinator waits for the members, picks a strategy, makes one member the leader and sends that leader every member's subscription. " +
			"The leader then computes the assignment and hands it over with SyncGroup; members stay in the group with Heartbeat and leave with LeaveGroup.",
		Related: []string{"FindCoordinator", "SyncGroup", "Heartbeat", "LeaveGroup", "ConsumerGroupHeartbeat"},
		Request: fieldDocs{
			{"GroupId", "The group to join."},
			{"SessionTimeoutMs", "How long in ms the coordinator waits without a heartbeat before it drops the member and rebalances."},
			{"RebalanceTimeoutMs", "How long in ms the coordinator waits for every member to rejoin during a rebalance (max.poll.interval.ms for consumers); -1 in versions that lack it means the session timeout."},
			{"MemberId", "Empty on a first join; the id the coordinator gave, on a rejoin. From v4 a first join is answered MEMBER_ID_REQUIRED with an id to join again with."},
			{"GroupInstanceId", "The static instance id (group.instance.id), which lets a restarted member take its place back without a rebalance; null for a dynamic member."},
			{"ProtocolType", "The kind of group, which every member must share: \"consumer\" for consumers, \"connect\" for Connect workers."},
			{"Protocols", "The assignment strategies the member supports, in order of preference."},
			{"Protocols.Name", "An assignment strategy, such as \"range\", \"roundrobin\" or \"cooperative-sticky\"."},
			{"Protocols.Metadata", "What the strategy needs to know about the member; for consumers a ConsumerProtocolSubscription with the topics it wants and the partitions it owns."},
			{"Reason", "Why the member is joining, for the broker's log (v8 and up); null when none is given."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; otherwise why not, such as MEMBER_ID_REQUIRED (rejoin with the MemberId given), UNKNOWN_MEMBER_ID, INCONSISTENT_GROUP_PROTOCOL or GROUP_MAX_SIZE_REACHED."},
			{"GenerationId", "Number of the group generation the member joined, raised at every rebalance; later requests carry it. -1 on error."},
			{"ProtocolType", "The group's protocol type, such as \"consumer\" (v7 and up); null on error."},
			{"ProtocolName", "The assignment strategy the coordinator chose, one every member supports; null on error from v7."},
			{"Leader", "Member id of the member chosen to compute the assignment."},
			{"SkipAssignment", "True when the leader is a static member rejoining a stable group: it must not compute a new assignment and just syncs (v9 and up)."},
			{"MemberId", "This member's id in the group, to send in every later request."},
			{"Members", "Every member with its subscription, sent only to the leader; empty for the others."},
			{"Members.MemberId", "Id of one member of the new generation."},
			{"Members.GroupInstanceId", "That member's static instance id; null for a dynamic member."},
			{"Members.Metadata", "That member's data for the chosen strategy, as it sent it in Protocols.Metadata."},
		},
	},
	{
		Name:    "Heartbeat",
		Role:    Groups,
		Summary: "Tell a classic group's coordinator that a member is still alive.",
		Intro: "Each member of a classic group sends Heartbeat to the group coordinator every heartbeat.interval.ms between JoinGroup rounds, to show it is alive. " +
			"If heartbeats stop for longer than the session timeout, the coordinator removes the member and rebalances the group. " +
			"An answer of REBALANCE_IN_PROGRESS tells the member to rejoin with JoinGroup; consumer groups using the newer protocol use ConsumerGroupHeartbeat instead.",
		Related: []string{"JoinGroup", "SyncGroup", "LeaveGroup", "ConsumerGroupHeartbeat"},
		Request: fieldDocs{
			{"GroupId", "The group the member belongs to."},
			{"GenerationId", "The generation the member last joined; a stale one is answered ILLEGAL_GENERATION."},
			{"MemberId", "The member's id, as JoinGroup gave it."},
			{"GroupInstanceId", "The member's static instance id; null for a dynamic member."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the member is fine; REBALANCE_IN_PROGRESS asks it to rejoin, UNKNOWN_MEMBER_ID or ILLEGAL_GENERATION say it was dropped, FENCED_INSTANCE_ID that another instance took its static id."},
		},
	},
	{
		Name:    "LeaveGroup",
		Role:    Groups,
		Summary: "Remove members from a classic group at once.",
		Intro: "A member of a classic group sends LeaveGroup to the coordinator when it closes, so the group rebalances now instead of after the session timeout. " +
			"From v3 one request can remove several members, and admin clients use it to remove static members by their instance id. " +
			"It ends what JoinGroup started; members using the newer consumer protocol leave through ConsumerGroupHeartbeat.",
		Related: []string{"JoinGroup", "Heartbeat", "SyncGroup", "ConsumerGroupHeartbeat"},
		Request: fieldDocs{
			{"GroupId", "The group to leave."},
			{"MemberId", "Id of the member leaving (before v3)."},
			{"Members", "The members to remove (v3 and up)."},
			{"Members.MemberId", "Id of a member to remove; empty when it is named by GroupInstanceId alone."},
			{"Members.GroupInstanceId", "Static instance id of the member to remove; null for a dynamic member."},
			{"Members.Reason", "Why the member leaves, for the broker's log (v5 and up); null when none is given."},
		},
		Response: fieldDocs{
			{"ErrorCode", "An error for the whole request, such as NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED; 0 otherwise."},
			{"Members", "One result per member asked to leave (v3 and up)."},
			{"Members.MemberId", "Id of the member this result is for."},
			{"Members.GroupInstanceId", "Static instance id of the member this result is for; null for a dynamic member."},
			{"Members.ErrorCode", "0 when the member was removed; otherwise why not, such as UNKNOWN_MEMBER_ID or FENCED_INSTANCE_ID."},
		},
	},
	{
		Name:    "SyncGroup",
		Role:    Groups,
		Summary: "Hand out a classic group's partition assignment after a join round.",
		Intro: "After JoinGroup completes, every member of a classic group sends SyncGroup to the coordinator. " +
			"The leader's request carries the assignment it computed for each member, the others send none, and the coordinator answers each member with its own part. " +
			"Members then fetch their partitions and keep up Heartbeat until the next rebalance.",
		Related: []string{"JoinGroup", "Heartbeat", "LeaveGroup", "OffsetFetch"},
		Request: fieldDocs{
			{"GroupId", "The group being synced."},
			{"GenerationId", "The generation the member joined, from JoinGroup."},
			{"MemberId", "The member's id, from JoinGroup."},
			{"GroupInstanceId", "The member's static instance id; null for a dynamic member."},
			{"ProtocolType", "The group's protocol type, checked against the one chosen (v5 and up); null skips the check."},
			{"ProtocolName", "The strategy chosen in JoinGroup, checked by the coordinator (v5 and up); null skips the check."},
			{"Assignments", "From the leader only: what each member gets; empty from every other member."},
			{"Assignments.MemberId", "Member the assignment is for."},
			{"Assignments.Assignment", "That member's share, opaque to the broker; for consumers a ConsumerProtocolAssignment listing its partitions."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; REBALANCE_IN_PROGRESS means another round started and the member must rejoin, ILLEGAL_GENERATION or UNKNOWN_MEMBER_ID that it was dropped."},
			{"ProtocolType", "The group's protocol type (v5 and up); null on error."},
			{"ProtocolName", "The strategy in use (v5 and up); null on error."},
			{"Assignment", "This member's share as the leader wrote it; for consumers a ConsumerProtocolAssignment. Empty when it got nothing."},
		},
	},
	{
		Name:    "DescribeGroups",
		Role:    Groups,
		Summary: "Show classic groups' state, strategy and members.",
		Intro: "Admin clients (kafka-consumer-groups --describe, for one) send DescribeGroups to the coordinator of each group to see its state, its chosen strategy and its members with their assignments. " +
			"It reads classic groups; groups using the newer consumer protocol are described with ConsumerGroupDescribe. " +
			"The admin client finds the coordinator with FindCoordinator and often lists groups first with ListGroups.",
		Related: []string{"ListGroups", "FindCoordinator", "ConsumerGroupDescribe", "OffsetFetch", "DeleteGroups"},
		Request: fieldDocs{
			{"Groups", "Ids of the groups to describe."},
			{"IncludeAuthorizedOperations", "Ask for the ACL operations the client may perform on each group (v3 and up)."},
		},
		Response: fieldDocs{
			{"Groups", "One description per group asked about."},
			{"Groups.ErrorCode", "0 when the group is described; otherwise why not, such as NOT_COORDINATOR, GROUP_AUTHORIZATION_FAILED, or from v6 GROUP_ID_NOT_FOUND for a group that does not exist."},
			{"Groups.ErrorMessage", "Detail on the group's error (v6 and up); null when there is none."},
			{"Groups.GroupId", "The group described."},
			{"Groups.GroupState", "The group's state: Empty, PreparingRebalance, CompletingRebalance, Stable or Dead (Dead also for an unknown group before v6); empty on error."},
			{"Groups.ProtocolType", "The kind of group, such as \"consumer\" or \"connect\"; empty when the group has no members."},
			{"Groups.ProtocolData", "The assignment strategy in use, such as \"range\"; empty when none is chosen."},
			{"Groups.Members", "The group's current members."},
			{"Groups.Members.MemberId", "The member's id given by the coordinator."},
			{"Groups.Members.GroupInstanceId", "The member's static instance id; null for a dynamic member."},
			{"Groups.Members.ClientId", "The client.id the member sent in its latest JoinGroup."},
			{"Groups.Members.ClientHost", "Address the member connected from."},
			{"Groups.Members.MemberMetadata", "The member's data for the chosen strategy (for consumers a ConsumerProtocolSubscription); empty when the group is not stable."},
			{"Groups.Members.MemberAssignment", "The member's share from the leader (for consumers a ConsumerProtocolAssignment); empty when the group is not stable."},
			{"Groups.AuthorizedOperations", "Bit set of the ACL operations the client may perform on the group, one bit per operation code; -2147483648 when not asked for."},
		},
	},
	{
		Name:    "ListGroups",
		Role:    Groups,
		Summary: "List the groups a broker coordinates.",
		Intro: "Admin clients send ListGroups to every broker, since each one only knows the groups it coordinates, and merge the answers. " +
			"Filters on state (v4) and type (v5) narrow the list, for example to empty groups or to groups of the newer consumer protocol. " +
			"The ids found are then described with DescribeGroups or ConsumerGroupDescribe.",
		Related: []string{"DescribeGroups", "ConsumerGroupDescribe", "DeleteGroups", "FindCoordinator"},
		Request: fieldDocs{
			{"StatesFilter", "Only list groups in these states, such as \"Stable\" or \"Empty\"; empty lists groups in any state (v4 and up)."},
			{"TypesFilter", "Only list groups of these types: \"classic\", \"consumer\", \"share\" or \"streams\"; empty lists every type (v5 and up)."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; otherwise why not, such as COORDINATOR_LOAD_IN_PROGRESS."},
			{"Groups", "The groups this broker coordinates that pass the filters and that the client may describe."},
			{"Groups.GroupId", "Id of a group this broker coordinates."},
			{"Groups.ProtocolType", "The kind of group, such as \"consumer\" or \"connect\"; empty for a group that only holds committed offsets."},
			{"Groups.GroupState", "The group's state, such as Stable or Empty (v4 and up)."},
			{"Groups.GroupType", "The group's type: classic, consumer, share or streams (v5 and up)."},
		},
	},
	{
		Name:    "SaslHandshake",
		Role:    Security,
		Summary: "Choose the SASL mechanism for authenticating a connection.",
		Intro: "On a SASL listener, a client sends SaslHandshake right after ApiVersions to name the mechanism it will use, such as PLAIN, SCRAM-SHA-256, GSSAPI or OAUTHBEARER. " +
			"The broker answers with the mechanisms it has enabled. " +
			"With v1 the authentication exchange then goes through SaslAuthenticate requests; with v0 the raw SASL tokens follow, framed only by a size.",
		Related: []string{"SaslAuthenticate", "ApiVersions"},
		Request: fieldDocs{
			{"Mechanism", "The SASL mechanism the client wants, such as PLAIN, SCRAM-SHA-512 or OAUTHBEARER."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the mechanism is accepted; UNSUPPORTED_SASL_MECHANISM when the broker does not offer it, ILLEGAL_SASL_STATE when the request comes at the wrong point."},
			{"Mechanisms", "The SASL mechanisms this listener accepts."},
		},
	},
	{
		Name:    "ApiVersions",
		Role:    Cluster,
		Summary: "Learn which APIs and versions a broker supports; the first request on a connection.",
		Intro: "A client sends ApiVersions first on every new connection to learn, for each API key, the range of versions the broker accepts, and then picks for every request the highest version both support. " +
			"Its response always uses response header v0, so a client that asked with a version the broker does not know still reads the answer: the broker replies UNSUPPORTED_VERSION with its list in v0 format, and the client retries. " +
			"From v3 the answer also lists feature levels, and the client then goes on with SaslHandshake on SASL listeners and with Metadata.",
		Related: []string{"Metadata", "SaslHandshake", "UpdateFeatures"},
		Request: fieldDocs{
			{"ClientSoftwareName", "Name of the client library, such as \"apache-kafka-java\", shown in broker metrics (v3 and up)."},
			{"ClientSoftwareVersion", "Version of the client library, such as \"3.9.0\" (v3 and up)."},
			{"ClusterId", "The cluster the client means to reach, so the broker can tell the client has come to the wrong cluster (v5 and up); null when unknown, and sent together with NodeId."},
			{"NodeId", "The broker id the client means to reach, so a node that is not it can say so (v5 and up); -1 when unknown."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; UNSUPPORTED_VERSION when the client's version is too new, with ApiKeys still filled in so the client can retry with one the broker knows."},
			{"ApiKeys", "Every API the broker accepts on this listener, with its version range."},
			{"ApiKeys.ApiKey", "An API key, such as 0 for Produce."},
			{"ApiKeys.MinVersion", "Oldest version of that API the broker accepts."},
			{"ApiKeys.MaxVersion", "Newest version of that API the broker accepts."},
			{"SupportedFeatures", "Features this broker's software can run and their level ranges, such as metadata.version (v3 and up)."},
			{"SupportedFeatures.Name", "A feature flag, such as metadata.version or transaction.version."},
			{"SupportedFeatures.MinVersion", "Lowest level of that feature the broker can run."},
			{"SupportedFeatures.MaxVersion", "Highest level of that feature the broker can run."},
			{"FinalizedFeaturesEpoch", "Version of the cluster-wide feature levels below, raised at each change; -1 when the broker does not know them."},
			{"FinalizedFeatures", "The feature levels the whole cluster has agreed to run at (v3 and up)."},
			{"FinalizedFeatures.Name", "A feature flag."},
			{"FinalizedFeatures.MaxVersionLevel", "The level the cluster runs that feature at."},
			{"FinalizedFeatures.MinVersionLevel", "The lowest level of that feature the cluster still accepts."},
			{"ZkMigrationReady", "From a KRaft controller: true when it is configured to take over a ZooKeeper cluster (KIP-866)."},
		},
	},
	{
		Name:    "CreateTopics",
		Role:    Admin,
		Summary: "Create topics with their partition counts, replication and configs.",
		Intro: "Admin clients send CreateTopics to create topics, giving either a partition count and replication factor or an explicit replica placement, plus topic configs. " +
			"In KRaft clusters any broker takes the request and forwards it to the active controller; before, it had to go to the controller broker. " +
			"With validateOnly it only checks the request, and Metadata shows the new topic once its partitions have leaders.",
		Related: []string{"DeleteTopics", "CreatePartitions", "Metadata", "DescribeConfigs"},
		Request: fieldDocs{
			{"Topics", "The topics to create."},
			{"Topics.Name", "Name of the topic to create."},
			{"Topics.NumPartitions", "How many partitions the topic gets; -1 for the broker's num.partitions (v4 and up), and -1 when Assignments are given."},
			{"Topics.ReplicationFactor", "How many copies of each partition; -1 for the broker's default.replication.factor (v4 and up), and -1 when Assignments are given."},
			{"Topics.Assignments", "An explicit placement of replicas, partition by partition; empty to let the controller place them."},
			{"Topics.Assignments.PartitionIndex", "Partition number being placed."},
			{"Topics.Assignments.BrokerIds", "Broker ids that hold this partition's replicas, the preferred leader first."},
			{"Topics.Configs", "Topic configs to set at creation, overriding broker defaults."},
			{"Topics.Configs.Name", "Config key, such as retention.ms or cleanup.policy."},
			{"Topics.Configs.Value", "The config's value as a string; null leaves the default."},
			{"timeoutMs", "How long in ms the broker waits for the topics to be created before it answers, with REQUEST_TIMED_OUT for those not yet done."},
			{"validateOnly", "True to check the request and report what would happen without creating anything (v1 and up)."},
		},
		Response: fieldDocs{
			{"Topics", "One result per topic asked for."},
			{"Topics.Name", "The topic this result is for."},
			{"Topics.TopicId", "Uuid given to the new topic (v7 and up)."},
			{"Topics.ErrorCode", "0 when the topic was created (or would be); otherwise why not, such as TOPIC_ALREADY_EXISTS, INVALID_REPLICATION_FACTOR or POLICY_VIOLATION."},
			{"Topics.ErrorMessage", "Detail on the topic's error; null when there is none."},
			{"Topics.TopicConfigErrorCode", "Why the configs below are missing although the topic was created, such as TOPIC_AUTHORIZATION_FAILED when the client may not describe its configs; absent when they are there."},
			{"Topics.NumPartitions", "Partition count the topic got (v5 and up); -1 on error."},
			{"Topics.ReplicationFactor", "Replication factor the topic got (v5 and up); -1 on error."},
			{"Topics.Configs", "The new topic's configs with their values (v5 and up); null when they could not be returned."},
			{"Topics.Configs.Name", "Config key."},
			{"Topics.Configs.Value", "The config's value; null when it is sensitive."},
			{"Topics.Configs.ReadOnly", "True when this config cannot be altered."},
			{"Topics.Configs.ConfigSource", "Where the value comes from: 1 set on the topic, 2 or 3 a dynamic broker setting, 4 the broker's properties file, 5 Kafka's default; -1 when unknown."},
			{"Topics.Configs.IsSensitive", "True for secrets such as passwords, whose value is withheld."},
		},
	},
	{
		Name:    "DeleteTopics",
		Role:    Admin,
		Summary: "Delete topics and all their data.",
		Intro: "Admin clients send DeleteTopics to remove topics, by name or from v6 by topic id. " +
			"In KRaft clusters any broker forwards it to the active controller, which drops the partitions from the metadata log; the brokers then delete the logs in the background. " +
			"It undoes CreateTopics, and needs delete.topic.enable on the brokers.",
		Related: []string{"CreateTopics", "DeleteRecords", "Metadata"},
		Request: fieldDocs{
			{"Topics", "The topics to delete, each by name or by id (v6 and up)."},
			{"Topics.Name", "Name of a topic to delete; null when it is named by TopicId."},
			{"Topics.TopicId", "Uuid of a topic to delete; the zero uuid when it is named by Name."},
			{"TopicNames", "Names of the topics to delete (before v6)."},
			{"TimeoutMs", "How long in ms the broker waits for the deletion to be decided before answering, with REQUEST_TIMED_OUT for topics not yet done."},
		},
		Response: fieldDocs{
			{"Responses", "One result per topic asked for."},
			{"Responses.Name", "The topic this result is for; from v6 null when it was named by an id the broker cannot resolve."},
			{"Responses.TopicId", "Uuid of the topic this result is for (v6 and up)."},
			{"Responses.ErrorCode", "0 when the topic is deleted; otherwise why not, such as UNKNOWN_TOPIC_OR_PARTITION, UNKNOWN_TOPIC_ID, TOPIC_AUTHORIZATION_FAILED or TOPIC_DELETION_DISABLED."},
			{"Responses.ErrorMessage", "Detail on the topic's error (v5 and up); null when there is none."},
		},
	},
	{
		Name:    "DeleteRecords",
		Role:    Admin,
		Summary: "Drop the records of partitions below an offset.",
		Intro: "Admin clients send DeleteRecords to the leader of each partition to delete every record before a given offset, for example to purge data that was already processed. " +
			"The leader moves the partition's log start offset up, the followers follow, and whole segments below it are removed. " +
			"Consumers positioned below the new start get OFFSET_OUT_OF_RANGE on Fetch; ListOffsets with the earliest selector shows the new start.",
		Related: []string{"ListOffsets", "Fetch", "DeleteTopics", "Metadata"},
		Request: fieldDocs{
			{"Topics", "The partitions to trim, by topic."},
			{"Topics.Name", "Topic to trim."},
			{"Topics.Partitions", "The partitions of that topic to trim."},
			{"Topics.Partitions.PartitionIndex", "Partition number to trim."},
			{"Topics.Partitions.Offset", "Records before this offset are deleted and it becomes the log start offset; -1 means the high watermark, deleting everything readable."},
			{"TimeoutMs", "How long in ms the leader waits for the followers to move their start offsets too before it answers."},
		},
		Response: fieldDocs{
			{"Topics", "The results, by topic."},
			{"Topics.Name", "Topic the results belong to."},
			{"Topics.Partitions", "One result per partition."},
			{"Topics.Partitions.PartitionIndex", "Partition that was trimmed."},
			{"Topics.Partitions.LowWatermark", "The partition's log start offset after the deletion; -1 on error."},
			{"Topics.Partitions.ErrorCode", "0 on success; otherwise why not, such as OFFSET_OUT_OF_RANGE for an offset past the high watermark, or NOT_LEADER_OR_FOLLOWER."},
		},
	},
	{
		Name:    "InitProducerId",
		Role:    Transactions,
		Summary: "Get a producer id and epoch for idempotent or transactional producing.",
		Intro: "A producer sends InitProducerId when it starts, before producing: an idempotent producer to any broker, with a null transactional id, and a transactional producer to its transaction coordinator found with FindCoordinator. " +
			"The answer is a producer id and an epoch that the producer stamps on every batch so brokers can drop duplicates; for a transactional id, a new epoch also fences any older instance and aborts its open transaction. " +
			"A transactional producer goes on with AddPartitionsToTxn, Produce and EndTxn.",
		Related: []string{"FindCoordinator", "Produce", "AddPartitionsToTxn", "EndTxn", "AddOffsetsToTxn"},
		Request: fieldDocs{
			{"TransactionalId", "The producer's transactional.id; null for a producer that is only idempotent (an empty string is refused with INVALID_REQUEST)."},
			{"TransactionTimeoutMs", "How long in ms a transaction of this producer may stay open before the coordinator aborts it (transaction.timeout.ms); ignored without a transactional id."},
			{"ProducerId", "The producer id the producer already has, when it asks for a new epoch after an error without losing its identity (v3 and up); -1 when it has none."},
			{"ProducerEpoch", "The epoch that goes with ProducerId; -1 when it has none."},
			{"Enable2Pc", "True when an external transaction manager drives two-phase commit, so the coordinator never aborts the transaction on timeout (v6 and up, KIP-939)."},
			{"KeepPreparedTxn", "True to keep a transaction already prepared by the previous instance instead of aborting it, so the external manager can still decide it (v6 and up, KIP-939)."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; otherwise why not, such as CONCURRENT_TRANSACTIONS while an earlier transaction completes (retry), NOT_COORDINATOR, or TRANSACTIONAL_ID_AUTHORIZATION_FAILED."},
			{"ProducerId", "The producer id to put on every batch; -1 on error."},
			{"ProducerEpoch", "The epoch to put on every batch alongside the producer id."},
			{"OngoingTxnProducerId", "With KeepPreparedTxn, the producer id of the prepared transaction that was kept; -1 when there is none (v6 and up)."},
			{"OngoingTxnProducerEpoch", "The epoch of that kept transaction; -1 when there is none."},
		},
	},
	{
		Name:    "OffsetForLeaderEpoch",
		Role:    Consuming,
		Summary: "Ask a leader where a leader epoch ended, to find log divergence.",
		Intro: "Follower replicas send OffsetForLeaderEpoch to a new leader to learn where their last epoch ends in the leader's log, and truncate anything past it, so replicas never keep records the leader lost. " +
			"Since v3 consumers send it too, after a leader change, to check that the position they hold was not truncated away (KIP-320). " +
			"Newer followers get the same answer inside Fetch through LastFetchedEpoch and DivergingEpoch.",
		Related: []string{"Fetch", "Metadata", "ListOffsets"},
		Request: fieldDocs{
			{"ReplicaId", "Broker id of the follower asking, or -1 for a consumer (v3 and up)."},
			{"Topics", "The partitions to ask about, by topic."},
			{"Topics.Topic", "Topic to ask about."},
			{"Topics.Partitions", "The partitions of that topic to ask about."},
			{"Topics.Partitions.Partition", "Partition whose epoch end is wanted."},
			{"Topics.Partitions.CurrentLeaderEpoch", "The leader epoch the asker believes is current, so a broker with another one refuses with FENCED_LEADER_EPOCH or UNKNOWN_LEADER_EPOCH; -1 skips the check."},
			{"Topics.Partitions.LeaderEpoch", "The epoch whose end is wanted, normally that of the last record the asker holds."},
		},
		Response: fieldDocs{
			{"Topics", "The answers, by topic."},
			{"Topics.Topic", "Topic the answers belong to."},
			{"Topics.Partitions", "One answer per partition."},
			{"Topics.Partitions.ErrorCode", "0 on success; otherwise why not, such as NOT_LEADER_OR_FOLLOWER or FENCED_LEADER_EPOCH."},
			{"Topics.Partitions.Partition", "Partition this answer is for."},
			{"Topics.Partitions.LeaderEpoch", "The largest epoch the leader knows that is at most the one asked about; -1 when there is none."},
			{"Topics.Partitions.EndOffset", "Where that epoch ends: the first offset of the next epoch, or the log end offset when it is the current one. The asker truncates to it; -1 when unknown."},
		},
	},
	{
		Name:    "AddPartitionsToTxn",
		Role:    Transactions,
		Summary: "Register partitions in an ongoing transaction.",
		Intro: "A transactional producer sends AddPartitionsToTxn to its transaction coordinator before it first writes to a partition inside a transaction, so the coordinator knows where to write commit or abort markers. " +
			"From v4, brokers send it to the coordinator as well, with VerifyOnly, to check that a transactional batch belongs to an open transaction before appending it (KIP-890). " +
			"It follows InitProducerId, and EndTxn closes the transaction; consumer offsets join through AddOffsetsToTxn instead.",
		Related: []string{"InitProducerId", "Produce", "EndTxn", "AddOffsetsToTxn", "FindCoordinator"},
		Request: lowMerge(fieldDocs{
			{"Transactions", "The transactions to add partitions to or to check, one entry per transactional id (v4 and up, sent by brokers)."},
			{"Transactions.TransactionalId", "The transactional id of the transaction."},
			{"Transactions.ProducerId", "The producer id of the transaction's producer."},
			{"Transactions.ProducerEpoch", "That producer's current epoch; an older one is fenced."},
			{"Transactions.VerifyOnly", "True to only check that the partitions are already part of the transaction, adding nothing."},
			{"Transactions.Topics", "The partitions, by topic."},
			{"V3AndBelowTransactionalId", "The producer's transactional id (v0 to v3, sent by clients)."},
			{"V3AndBelowProducerId", "The producer id InitProducerId gave (v0 to v3)."},
			{"V3AndBelowProducerEpoch", "The epoch InitProducerId gave (v0 to v3); an older one is fenced."},
			{"V3AndBelowTopics", "The partitions to add, by topic (v0 to v3)."},
		}, lowUnder("Transactions.Topics", lowTxnTopic), lowUnder("V3AndBelowTopics", lowTxnTopic)),
		Response: lowMerge(fieldDocs{
			{"ErrorCode", "An error for the whole request (v4 and up), such as CLUSTER_AUTHORIZATION_FAILED; 0 otherwise."},
			{"ResultsByTransaction", "One result per transaction (v4 and up)."},
			{"ResultsByTransaction.TransactionalId", "The transactional id this result is for."},
			{"ResultsByTransaction.TopicResults", "The transaction's results, by topic."},
			{"ResultsByTopicV3AndBelow", "The results, by topic (v0 to v3)."},
		}, lowUnder("ResultsByTransaction.TopicResults", lowTxnTopicResult), lowUnder("ResultsByTopicV3AndBelow", lowTxnTopicResult)),
	},
	{
		Name:    "AddOffsetsToTxn",
		Role:    Transactions,
		Summary: "Bring a consumer group's offset commits into a transaction.",
		Intro: "A transactional producer that consumes and produces in one transaction sends AddOffsetsToTxn to its transaction coordinator, naming the consumer group whose offsets it will commit. " +
			"The coordinator adds that group's __consumer_offsets partition to the transaction, so the commit markers cover the offsets too. " +
			"The producer then sends TxnOffsetCommit to the group coordinator and finishes with EndTxn.",
		Related: []string{"TxnOffsetCommit", "EndTxn", "AddPartitionsToTxn", "InitProducerId"},
		Request: fieldDocs{
			{"TransactionalId", "The producer's transactional id."},
			{"ProducerId", "The producer id InitProducerId gave."},
			{"ProducerEpoch", "The producer's current epoch; an older one is fenced with PRODUCER_FENCED."},
			{"GroupId", "The consumer group whose offsets will be committed inside the transaction."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; otherwise why not, such as CONCURRENT_TRANSACTIONS (retry), PRODUCER_FENCED, INVALID_TXN_STATE or GROUP_AUTHORIZATION_FAILED."},
		},
	},
	{
		Name:    "EndTxn",
		Role:    Transactions,
		Summary: "Commit or abort a transaction.",
		Intro: "A transactional producer sends EndTxn to its transaction coordinator to commit or abort the open transaction. " +
			"The coordinator records the decision in __transaction_state and then writes commit or abort markers to every partition of the transaction with WriteTxnMarkers, which makes the records visible to read_committed consumers or discards them. " +
			"It closes what InitProducerId, AddPartitionsToTxn and AddOffsetsToTxn opened.",
		Related: []string{"InitProducerId", "AddPartitionsToTxn", "AddOffsetsToTxn", "TxnOffsetCommit", "WriteTxnMarkers"},
		Request: fieldDocs{
			{"TransactionalId", "The producer's transactional id."},
			{"ProducerId", "The producer id of the transaction."},
			{"ProducerEpoch", "The producer's current epoch; an older one is fenced."},
			{"Committed", "True to commit the transaction, false to abort it."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the decision was recorded; otherwise why not, such as CONCURRENT_TRANSACTIONS, INVALID_TXN_STATE, PRODUCER_FENCED or TRANSACTION_ABORTABLE."},
			{"ProducerId", "With the newer transaction protocol (v5 and up), the producer id to use for the next transaction; -1 when unchanged or on error."},
			{"ProducerEpoch", "The epoch to use for the next transaction, raised at every transaction end in the newer protocol; -1 when unchanged or on error."},
		},
	},
	{
		Name:    "WriteTxnMarkers",
		Role:    Transactions,
		Summary: "Transaction coordinator writes commit or abort markers to partition leaders.",
		Intro: "After EndTxn, the transaction coordinator sends WriteTxnMarkers to the leader of every partition the transaction touched. " +
			"Each leader appends a control batch marking the producer's records as committed or aborted, which moves the last stable offset on for read_committed consumers. " +
			"It is broker-to-broker traffic, never sent by clients.",
		Related: []string{"EndTxn", "AddPartitionsToTxn", "Fetch"},
		Request: fieldDocs{
			{"Markers", "The markers to write, one per transaction."},
			{"Markers.ProducerId", "Producer id of the transaction the marker closes."},
			{"Markers.ProducerEpoch", "That producer's epoch, written into the marker."},
			{"Markers.TransactionResult", "True for a commit marker, false for an abort marker."},
			{"Markers.Topics", "The partitions to write the marker to, by topic."},
			{"Markers.Topics.Name", "Topic to write the marker to."},
			{"Markers.Topics.PartitionIndexes", "Partitions of that topic the transaction wrote to, each of which gets the marker."},
			{"Markers.CoordinatorEpoch", "Epoch of the coordinator, so markers from a coordinator that lost its role are refused."},
			{"Markers.TransactionVersion", "The transaction protocol version the transaction ran with (transaction.version): 0 or 1 the original protocol, 2 the newer one where the epoch is raised at every transaction end (v2 and up)."},
		},
		Response: fieldDocs{
			{"Markers", "One result per marker."},
			{"Markers.ProducerId", "Producer id of the transaction this result is for."},
			{"Markers.Topics", "The results, by topic."},
			{"Markers.Topics.Name", "Topic the marker results below are for."},
			{"Markers.Topics.Partitions", "One result per partition."},
			{"Markers.Topics.Partitions.PartitionIndex", "Partition the marker was written to (or not)."},
			{"Markers.Topics.Partitions.ErrorCode", "0 when the marker was written; otherwise why not, such as NOT_LEADER_OR_FOLLOWER or INVALID_PRODUCER_EPOCH."},
		},
	},
	{
		Name:    "TxnOffsetCommit",
		Role:    Transactions,
		Summary: "Commit a consumer group's offsets as part of a transaction.",
		Intro: "A transactional producer that read its input with a consumer sends TxnOffsetCommit to the group coordinator, after AddOffsetsToTxn, to commit the consumer's offsets inside the transaction. " +
			"The offsets stay pending and take effect only when EndTxn commits; an abort discards them. " +
			"From v3 it carries the consumer's group generation and member id, so a producer whose consumer was rebalanced out is fenced (KIP-447).",
		Related: []string{"AddOffsetsToTxn", "EndTxn", "OffsetCommit", "OffsetFetch"},
		Request: fieldDocs{
			{"TransactionalId", "The producer's transactional id."},
			{"GroupId", "The consumer group whose offsets are committed."},
			{"ProducerId", "The producer id of the transaction."},
			{"ProducerEpoch", "The producer's current epoch; an older one is fenced."},
			{"GenerationIdOrMemberEpoch", "The consumer's group generation (classic protocol) or member epoch (consumer protocol), so a zombie is fenced; -1 when not checked (v3 and up)."},
			{"MemberId", "The consumer's member id in the group; empty when not checked (v3 and up)."},
			{"GroupInstanceId", "The consumer's static instance id; null for a dynamic member (v3 and up)."},
			{"Topics", "The offsets to commit, by topic."},
			{"Topics.Name", "Topic of the offsets, by name (before v6)."},
			{"Topics.TopicId", "Topic of the offsets, by uuid (v6 and up)."},
			{"Topics.Partitions", "The partitions with an offset to commit."},
			{"Topics.Partitions.PartitionIndex", "Partition whose position is committed in the transaction."},
			{"Topics.Partitions.CommittedOffset", "The position to resume from: the next offset to consume."},
			{"Topics.Partitions.CommittedLeaderEpoch", "Leader epoch of the last record consumed; -1 when unknown (v2 and up)."},
			{"Topics.Partitions.CommittedMetadata", "Free text stored with the offset; null or empty when there is none."},
		},
		Response: fieldDocs{
			{"Topics", "The results, by topic."},
			{"Topics.Name", "Topic the commit results below are for, by name (before v6)."},
			{"Topics.TopicId", "Topic the commit results below are for, by uuid (v6 and up)."},
			{"Topics.Partitions", "One result per partition."},
			{"Topics.Partitions.PartitionIndex", "Partition whose pending commit this result reports."},
			{"Topics.Partitions.ErrorCode", "0 when the offset is pending in the transaction; otherwise why not, such as ILLEGAL_GENERATION, UNKNOWN_MEMBER_ID, PRODUCER_FENCED or CONCURRENT_TRANSACTIONS."},
		},
	},
	{
		Name:    "DescribeAcls",
		Role:    Security,
		Summary: "List the ACLs that match a filter.",
		Intro: "Admin clients (kafka-acls --list, for one) send DescribeAcls to any broker to list the access control entries matching a filter on resource, principal, host, operation and permission. " +
			"The broker answers from the authorizer's ACLs, which in KRaft clusters live in the metadata log. " +
			"It goes with CreateAcls and DeleteAcls, which take the same filter fields.",
		Related: []string{"CreateAcls", "DeleteAcls"},
		Request: fieldDocs{
			{"ResourceTypeFilter", "Kind of resource to match: 1 any, 2 topic, 3 group, 4 cluster, 5 transactional id, 6 delegation token, 7 user."},
			{"ResourceNameFilter", "Resource name to match; null matches any name."},
			{"PatternTypeFilter", "How ACL resource names are matched (v1 and up): 1 any pattern, 2 match (every ACL that applies to the name, literal, wildcard or prefixed), 3 literal, 4 prefixed."},
			{"PrincipalFilter", "Principal to match, such as \"User:alice\"; null matches any principal."},
			{"HostFilter", "Host to match, such as an IP address or \"*\"; null matches any host."},
			{"Operation", "Operation to match: 1 any, 2 all, 3 read, 4 write, 5 create, 6 delete, 7 alter, 8 describe, 9 cluster action, 10 describe configs, 11 alter configs, 12 idempotent write, 13 create tokens, 14 describe tokens."},
			{"PermissionType", "Permission to match: 1 any, 2 deny, 3 allow."},
		},
		Response: lowMerge(fieldDocs{
			{"ErrorCode", "0 on success; otherwise why not, such as SECURITY_DISABLED when no authorizer is set up, or CLUSTER_AUTHORIZATION_FAILED."},
			{"ErrorMessage", "Detail on the error; null when there is none."},
			{"Resources", "The matching ACLs, grouped by resource."},
			{"Resources.ResourceType", "Kind of resource: 2 topic, 3 group, 4 cluster, 5 transactional id, 6 delegation token, 7 user."},
			{"Resources.ResourceName", "Name of the resource, or \"*\" for a wildcard entry."},
			{"Resources.PatternType", "How the ACLs' resource name applies: 3 literal, 4 prefixed (v1 and up)."},
			{"Resources.Acls", "The entries on that resource."},
		}, lowUnder("Resources.Acls", lowACLEntry)),
	},
	{
		Name:    "CreateAcls",
		Role:    Security,
		Summary: "Add access control entries.",
		Intro: "Admin clients (kafka-acls --add, for one) send CreateAcls to any broker to add entries that allow or deny a principal an operation on a resource from a host. " +
			"In KRaft clusters the request is forwarded to the active controller, which writes the entries to the metadata log for every broker's authorizer. " +
			"DescribeAcls lists the entries and DeleteAcls removes them.",
		Related: []string{"DescribeAcls", "DeleteAcls"},
		Request: fieldDocs{
			{"Creations", "The entries to add."},
			{"Creations.ResourceType", "Kind of resource the entry protects: 2 topic, 3 group, 4 cluster, 5 transactional id, 6 delegation token, 7 user."},
			{"Creations.ResourceName", "Name of the resource, a prefix of names when the pattern is prefixed, or \"*\" for every resource of the kind; \"kafka-cluster\" for the cluster."},
			{"Creations.ResourcePatternType", "How ResourceName applies: 3 literal (the exact name, or the wildcard \"*\"), 4 prefixed (every name starting with it) (v1 and up)."},
			{"Creations.Principal", "Who the entry is for, such as \"User:alice\", or \"User:*\" for everyone."},
			{"Creations.Host", "Host the entry applies to, an IP address, or \"*\" for every host."},
			{"Creations.Operation", "Operation the entry covers: 2 all, 3 read, 4 write, 5 create, 6 delete, 7 alter, 8 describe, 9 cluster action, 10 describe configs, 11 alter configs, 12 idempotent write, 13 create tokens, 14 describe tokens."},
			{"Creations.PermissionType", "2 to deny the operation, 3 to allow it; a deny wins over an allow."},
		},
		Response: fieldDocs{
			{"Results", "One result per entry, in the order of Creations."},
			{"Results.ErrorCode", "0 when the entry was added; otherwise why not, such as SECURITY_DISABLED, CLUSTER_AUTHORIZATION_FAILED or INVALID_REQUEST for a malformed entry."},
			{"Results.ErrorMessage", "Detail on the entry's error; null when there is none."},
		},
	},
	{
		Name:    "DeleteAcls",
		Role:    Security,
		Summary: "Remove the access control entries that match filters.",
		Intro: "Admin clients (kafka-acls --remove, for one) send DeleteAcls to any broker with one or more filters; every entry matching a filter is removed. " +
			"In KRaft clusters the active controller applies the removal through the metadata log. " +
			"The answer lists, per filter, the entries that were deleted, as DescribeAcls would have shown them.",
		Related: []string{"DescribeAcls", "CreateAcls"},
		Request: fieldDocs{
			{"Filters", "The filters; each entry matching any of them is deleted."},
			{"Filters.ResourceTypeFilter", "Kind of resource to match: 1 any, 2 topic, 3 group, 4 cluster, 5 transactional id, 6 delegation token, 7 user."},
			{"Filters.ResourceNameFilter", "Resource name to match; null matches any name."},
			{"Filters.PatternTypeFilter", "How entries' resource names are matched (v1 and up): 1 any pattern, 2 match (every entry that applies to the name), 3 literal, 4 prefixed."},
			{"Filters.PrincipalFilter", "Principal to match, such as \"User:alice\"; null matches any principal."},
			{"Filters.HostFilter", "Host to match; null matches any host."},
			{"Filters.Operation", "Operation to match: 1 any, 2 all, 3 read, 4 write, 5 create, 6 delete, 7 alter, 8 describe, and so on up to 14 describe tokens."},
			{"Filters.PermissionType", "Permission to match: 1 any, 2 deny, 3 allow."},
		},
		Response: lowMerge(fieldDocs{
			{"FilterResults", "One result per filter, in request order."},
			{"FilterResults.ErrorCode", "0 when the filter was applied; otherwise why not, such as SECURITY_DISABLED or CLUSTER_AUTHORIZATION_FAILED."},
			{"FilterResults.ErrorMessage", "Detail on the filter's error; null when there is none."},
			{"FilterResults.MatchingAcls", "The entries the filter matched and removed."},
			{"FilterResults.MatchingAcls.ErrorCode", "0 when this entry was removed; otherwise why it could not be."},
			{"FilterResults.MatchingAcls.ErrorMessage", "Detail on this entry's error; null when there is none."},
			{"FilterResults.MatchingAcls.ResourceType", "Kind of resource of the removed entry: 2 topic, 3 group, 4 cluster, 5 transactional id, 6 delegation token, 7 user."},
			{"FilterResults.MatchingAcls.ResourceName", "Resource name of the removed entry."},
			{"FilterResults.MatchingAcls.PatternType", "How the removed entry's resource name applied: 3 literal, 4 prefixed (v1 and up)."},
		}, lowUnder("FilterResults.MatchingAcls", lowACLEntry)),
	},
	{
		Name:    "DescribeConfigs",
		Role:    Admin,
		Summary: "Read the configs of topics, brokers, groups and other resources.",
		Intro: "Admin clients (kafka-configs --describe, for one) send DescribeConfigs to read the configuration of topics, brokers, broker loggers, client-metrics subscriptions or groups. " +
			"Topic and cluster-wide configs can be asked of any broker, while a broker's own configs go to that broker. " +
			"Each value comes with its source, and optionally its synonyms in order of precedence and its documentation; AlterConfigs and IncrementalAlterConfigs change them.",
		Related: []string{"IncrementalAlterConfigs", "AlterConfigs", "CreateTopics"},
		Request: fieldDocs{
			{"Resources", "The resources whose configs are wanted."},
			{"Resources.ResourceType", "Kind of resource: 2 topic, 4 broker, 8 broker logger, 16 client-metrics subscription, 32 group."},
			{"Resources.ResourceName", "The topic name, the broker id written as a string, a subscription or group name; an empty name with type broker means the cluster-wide broker defaults."},
			{"Resources.ConfigurationKeys", "The config keys wanted; null asks for all of them."},
			{"IncludeSynonyms", "Also return, for each config, every place a value for it is set, in order of precedence (v1 and up)."},
			{"IncludeDocumentation", "Also return each config's documentation text (v3 and up)."},
		},
		Response: fieldDocs{
			{"Results", "One result per resource asked about."},
			{"Results.ErrorCode", "0 when the resource is described; otherwise why not, such as UNKNOWN_TOPIC_OR_PARTITION or TOPIC_AUTHORIZATION_FAILED."},
			{"Results.ErrorMessage", "Detail on the resource's error; null when there is none."},
			{"Results.ResourceType", "Kind of resource, as asked: 2 topic, 4 broker, 8 broker logger, 16 client-metrics subscription, 32 group."},
			{"Results.ResourceName", "Name of the resource, as asked."},
			{"Results.Configs", "The resource's configs with their values."},
			{"Results.Configs.Name", "Config key, such as retention.ms."},
			{"Results.Configs.Value", "The value in effect, as a string; null when it is sensitive or has no value."},
			{"Results.Configs.ReadOnly", "True when the config cannot be changed at runtime."},
			{"Results.Configs.ConfigSource", "Where the value comes from (v1 and up): 1 set on the topic, 2 set dynamically for this broker, 3 set dynamically for all brokers, 4 the broker's properties file, 5 Kafka's default, 6 a broker logger level, 7 a client-metrics setting, 8 set on the group; -1 when unknown."},
			{"Results.Configs.IsSensitive", "True for secrets such as passwords; their value is returned as null."},
			{"Results.Configs.Synonyms", "Every place a value for this config is set, highest precedence first, when asked for (v1 and up)."},
			{"Results.Configs.Synonyms.Name", "Key under which this value is set; may differ from the config's own, such as log.retention.ms for a topic's retention.ms."},
			{"Results.Configs.Synonyms.Value", "The value set there; null when sensitive."},
			{"Results.Configs.Synonyms.Source", "Where this value is set, with the same codes as ConfigSource."},
			{"Results.Configs.ConfigType", "Type of the config's value (v3 and up): 1 boolean, 2 string, 3 int, 4 short, 5 long, 6 double, 7 list, 8 class, 9 password; 0 when unknown."},
			{"Results.Configs.Documentation", "Text explaining the config, when asked for (v3 and up); null when there is none."},
			{"Results.Configs.IsDefault", "Only in v0: true when the value is the default; later versions say this with ConfigSource."},
		},
	},
	{
		Name:    "AlterConfigs",
		Role:    Admin,
		Summary: "Replace the dynamic configs of resources (older, non-incremental).",
		Intro: "Admin clients sent AlterConfigs to set the dynamic configs of topics and brokers, replacing the resource's whole set: every dynamic config not named in the request goes back to its default. " +
			"Because of that all-or-nothing behaviour, IncrementalAlterConfigs replaced it for most uses. " +
			"Broker configs go to that broker, other resources to any broker, which forwards them to the controller in KRaft clusters.",
		Related: []string{"IncrementalAlterConfigs", "DescribeConfigs"},
		Request: fieldDocs{
			{"Resources", "The resources to configure."},
			{"Resources.ResourceType", "Kind of resource: 2 topic, 4 broker, 8 broker logger."},
			{"Resources.ResourceName", "The topic name or the broker id as a string; an empty name with type broker means the cluster-wide broker defaults."},
			{"Resources.Configs", "The full set of dynamic configs the resource will have; those left out are removed."},
			{"Resources.Configs.Name", "Config key, such as retention.ms."},
			{"Resources.Configs.Value", "The value to set, as a string; null removes the override."},
			{"ValidateOnly", "True to check the request without changing anything."},
		},
		Response: fieldDocs{
			{"Responses", "One result per resource."},
			{"Responses.ErrorCode", "0 when the configs were applied (or would be); otherwise why not, such as INVALID_CONFIG, POLICY_VIOLATION or TOPIC_AUTHORIZATION_FAILED."},
			{"Responses.ErrorMessage", "Detail on the resource's error; null when there is none."},
			{"Responses.ResourceType", "Kind of resource, as asked."},
			{"Responses.ResourceName", "Name of the resource, as asked."},
		},
	},
	{
		Name:    "AlterReplicaLogDirs",
		Role:    Admin,
		Summary: "Move replicas between the log directories of a broker.",
		Intro: "On brokers with several log directories (JBOD), admin clients send AlterReplicaLogDirs to the broker holding a replica to move it to another of its directories. " +
			"The broker copies the partition into a future replica in the target directory and swaps it in once it has caught up. " +
			"DescribeLogDirs shows the directories, their replicas and how far a move has come.",
		Related: []string{"DescribeLogDirs", "AlterPartitionReassignments"},
		Request: fieldDocs{
			{"Dirs", "The target directories, each with the replicas to move into it."},
			{"Dirs.Path", "Absolute path of the target log directory on the broker."},
			{"Dirs.Topics", "The replicas to move there, by topic."},
			{"Dirs.Topics.Name", "Topic whose replicas move."},
			{"Dirs.Topics.Partitions", "Partition numbers of that topic to move."},
		},
		Response: fieldDocs{
			{"Results", "The results, by topic."},
			{"Results.TopicName", "Topic of the replicas being moved."},
			{"Results.Partitions", "One result per partition."},
			{"Results.Partitions.PartitionIndex", "Partition whose replica is moved."},
			{"Results.Partitions.ErrorCode", "0 when the move was started; otherwise why not, such as LOG_DIR_NOT_FOUND, KAFKA_STORAGE_ERROR or REPLICA_NOT_AVAILABLE."},
		},
	},
	{
		Name:    "DescribeLogDirs",
		Role:    Admin,
		Summary: "Show a broker's log directories and the size of each replica in them.",
		Intro: "Admin clients send DescribeLogDirs to each broker to see its log directories, whether they are online, and the size of every replica each holds. " +
			"It shows disk use per partition and, for replicas being moved by AlterReplicaLogDirs, how far the new copy lags. " +
			"From v4 it also reports each directory's total and free space.",
		Related: []string{"AlterReplicaLogDirs", "Metadata"},
		Request: fieldDocs{
			{"Topics", "The partitions to report on, by topic; null for every partition."},
			{"Topics.Topic", "Topic to report on."},
			{"Topics.Partitions", "Partitions of that topic to report on."},
		},
		Response: fieldDocs{
			{"ErrorCode", "An error for the whole request (v3 and up), such as CLUSTER_AUTHORIZATION_FAILED; 0 otherwise."},
			{"Results", "One entry per log directory of the broker."},
			{"Results.ErrorCode", "0 when the directory is online; KAFKA_STORAGE_ERROR when it is offline."},
			{"Results.LogDir", "Absolute path of the log directory."},
			{"Results.Topics", "The replicas in that directory, by topic."},
			{"Results.Topics.Name", "Topic of the replicas."},
			{"Results.Topics.Partitions", "One entry per replica of that topic in the directory."},
			{"Results.Topics.Partitions.PartitionIndex", "Partition the replica belongs to."},
			{"Results.Topics.Partitions.PartitionSize", "Size of the replica's log on disk, in bytes."},
			{"Results.Topics.Partitions.OffsetLag", "For a future replica, how many offsets it is behind the replica it will replace; otherwise how far its log end is behind the high watermark, usually 0."},
			{"Results.Topics.Partitions.IsFutureKey", "True when this is the future copy that AlterReplicaLogDirs is moving into the directory."},
			{"Results.TotalBytes", "Size of the volume the directory is on, in bytes (v4 and up); -1 when unknown."},
			{"Results.UsableBytes", "Free space Kafka may use on that volume, in bytes (v4 and up); -1 when unknown."},
			{"Results.IsCordoned", "True when the directory is cordoned and gets no new replicas (v5 and up)."},
		},
	},
	{
		Name:    "SaslAuthenticate",
		Role:    Security,
		Summary: "Carry the SASL authentication exchange inside Kafka requests.",
		Intro: "After SaslHandshake v1, a client sends SaslAuthenticate one or more times, each carrying the next token of its SASL mechanism, until the broker accepts or rejects it. " +
			"Wrapping the tokens in Kafka requests lets the broker report a clear error instead of closing the connection. " +
			"From v1 the broker also says how long the session may last, after which the client authenticates again on the same connection (KIP-368).",
		Related: []string{"SaslHandshake", "ApiVersions", "CreateDelegationToken"},
		Request: fieldDocs{
			{"AuthBytes", "The client's next token for the mechanism, such as the PLAIN credentials or a SCRAM message."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the step succeeded; SASL_AUTHENTICATION_FAILED when the credentials were refused, ILLEGAL_SASL_STATE when out of order."},
			{"ErrorMessage", "Detail on the failure; null when there is none."},
			{"AuthBytes", "The broker's token for the client's next step; empty when the mechanism has nothing to send."},
			{"SessionLifetimeMs", "How long in ms the authenticated session lasts before the client must authenticate again (v1 and up); 0 when it does not expire."},
		},
	},
	{
		Name:    "CreatePartitions",
		Role:    Admin,
		Summary: "Add partitions to existing topics.",
		Intro: "Admin clients send CreatePartitions to raise the number of partitions of topics, optionally placing the new ones on given brokers. " +
			"In KRaft clusters any broker forwards it to the active controller. " +
			"Partitions can only be added, never removed, and keyed producers then send some keys to new partitions; Metadata shows the new partitions.",
		Related: []string{"CreateTopics", "Metadata", "AlterPartitionReassignments"},
		Request: fieldDocs{
			{"Topics", "The topics to grow."},
			{"Topics.Name", "Topic to grow."},
			{"Topics.Count", "The total number of partitions the topic should have afterwards, not the number to add."},
			{"Topics.Assignments", "Where to put each new partition's replicas, one entry per new partition; null lets the controller choose."},
			{"Topics.Assignments.BrokerIds", "Broker ids holding one new partition's replicas, the preferred leader first."},
			{"TimeoutMs", "How long in ms the broker waits for the partitions to be created before answering."},
			{"ValidateOnly", "True to check the request without creating anything."},
		},
		Response: fieldDocs{
			{"Results", "One result per topic."},
			{"Results.Name", "Topic this result is for."},
			{"Results.ErrorCode", "0 when the partitions were added (or would be); otherwise why not, such as INVALID_PARTITIONS when Count is not above the current number, or INVALID_REPLICA_ASSIGNMENT."},
			{"Results.ErrorMessage", "Detail on the topic's error; null when there is none."},
		},
	},
	{
		Name:    "CreateDelegationToken",
		Role:    Security,
		Summary: "Create a delegation token for authenticating without the original credentials.",
		Intro: "A client authenticated with Kerberos, TLS or SCRAM sends CreateDelegationToken to get a token that other processes can use to authenticate through SASL/SCRAM, so the original credentials need not be handed out. " +
			"The token has an owner, renewers, an expiry that renewals push back, and a hard maximum lifetime. " +
			"It goes with RenewDelegationToken, ExpireDelegationToken and DescribeDelegationToken.",
		Related: []string{"RenewDelegationToken", "ExpireDelegationToken", "DescribeDelegationToken", "SaslAuthenticate"},
		Request: fieldDocs{
			{"OwnerPrincipalType", "Type of the principal the token is created for, such as \"User\", when it is not the requester (v3 and up); null for the requester."},
			{"OwnerPrincipalName", "Name of that owner principal (v3 and up); null for the requester."},
			{"Renewers", "Principals besides the owner allowed to renew the token."},
			{"Renewers.PrincipalType", "Type of a renewer principal, such as \"User\"."},
			{"Renewers.PrincipalName", "Name of a renewer principal."},
			{"MaxLifetimeMs", "Longest the token may live in ms, however often renewed; -1 for the broker's delegation.token.max.lifetime.ms."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the token was created; otherwise why not, such as DELEGATION_TOKEN_AUTH_DISABLED or DELEGATION_TOKEN_REQUEST_NOT_ALLOWED for a client that itself used a token."},
			{"PrincipalType", "Type of the token's owner principal."},
			{"PrincipalName", "Name of the token's owner principal."},
			{"TokenRequesterPrincipalType", "Type of the principal that asked for the token (v3 and up)."},
			{"TokenRequesterPrincipalName", "Name of the principal that asked for the token (v3 and up)."},
			{"IssueTimestampMs", "When the token was created, in ms since the Unix epoch."},
			{"ExpiryTimestampMs", "When the token expires unless renewed, in ms since the Unix epoch."},
			{"MaxTimestampMs", "When the token expires at the latest, whatever the renewals, in ms since the Unix epoch."},
			{"TokenId", "The token's id, used as the SCRAM user name when authenticating with it."},
			{"Hmac", "The token's secret (an HMAC of its id), used as the SCRAM password and to renew, expire or describe it."},
		},
	},
	{
		Name:    "RenewDelegationToken",
		Role:    Security,
		Summary: "Push back a delegation token's expiry.",
		Intro: "The owner or a renewer of a delegation token sends RenewDelegationToken before the token expires, to extend it by a renew period. " +
			"The new expiry can never pass the maximum lifetime set by CreateDelegationToken. " +
			"ExpireDelegationToken ends a token early, and DescribeDelegationToken shows the current expiry.",
		Related: []string{"CreateDelegationToken", "ExpireDelegationToken", "DescribeDelegationToken"},
		Request: fieldDocs{
			{"Hmac", "The secret of the token to renew, as CreateDelegationToken returned it."},
			{"RenewPeriodMs", "How long in ms from now the token should stay valid; -1 for the broker's delegation.token.expiry.time.ms."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 when the token was renewed; otherwise why not, such as DELEGATION_TOKEN_NOT_FOUND, DELEGATION_TOKEN_EXPIRED or DELEGATION_TOKEN_OWNER_MISMATCH."},
			{"ExpiryTimestampMs", "The token's new expiry, in ms since the Unix epoch."},
		},
	},
	{
		Name:    "ExpireDelegationToken",
		Role:    Security,
		Summary: "Change when a delegation token expires, or end it now.",
		Intro: "The owner or a renewer of a delegation token sends ExpireDelegationToken to set its expiry to a time from now, typically to revoke it at once with a negative period. " +
			"Once expired, the token no longer authenticates and the brokers forget it. " +
			"It ends what CreateDelegationToken started; RenewDelegationToken extends a token instead.",
		Related: []string{"CreateDelegationToken", "RenewDelegationToken", "DescribeDelegationToken"},
		Request: fieldDocs{
			{"Hmac", "The secret of the token to expire, as CreateDelegationToken returned it."},
			{"ExpiryTimePeriodMs", "In how many ms from now the token should expire; a negative value expires it immediately."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; otherwise why not, such as DELEGATION_TOKEN_NOT_FOUND or DELEGATION_TOKEN_OWNER_MISMATCH."},
			{"ExpiryTimestampMs", "The token's new expiry, in ms since the Unix epoch."},
		},
	},
	{
		Name:    "DescribeDelegationToken",
		Role:    Security,
		Summary: "List delegation tokens with their owners, renewers and expiry.",
		Intro: "Admin clients send DescribeDelegationToken to list the delegation tokens of some owners, or every token they may see. " +
			"Each token comes with its owner, renewers, issue and expiry times and its secret, so only principals allowed to describe a token get it. " +
			"It shows the state that CreateDelegationToken, RenewDelegationToken and ExpireDelegationToken change.",
		Related: []string{"CreateDelegationToken", "RenewDelegationToken", "ExpireDelegationToken"},
		Request: fieldDocs{
			{"Owners", "The owners whose tokens are wanted; null for every token the client may describe."},
			{"Owners.PrincipalType", "Type of an owner principal, such as \"User\"."},
			{"Owners.PrincipalName", "Name of an owner principal."},
		},
		Response: fieldDocs{
			{"ErrorCode", "0 on success; otherwise why not, such as DELEGATION_TOKEN_AUTH_DISABLED."},
			{"Tokens", "The tokens found."},
			{"Tokens.PrincipalType", "Type of the token's owner principal."},
			{"Tokens.PrincipalName", "Name of the token's owner principal."},
			{"Tokens.TokenRequesterPrincipalType", "Type of the principal that asked for the token (v3 and up)."},
			{"Tokens.TokenRequesterPrincipalName", "Name of the principal that asked for the token (v3 and up)."},
			{"Tokens.IssueTimestamp", "When the token was created, in ms since the Unix epoch."},
			{"Tokens.ExpiryTimestamp", "When the token expires unless renewed, in ms since the Unix epoch."},
			{"Tokens.MaxTimestamp", "When the token expires at the latest, in ms since the Unix epoch."},
			{"Tokens.TokenId", "The token's id, its SCRAM user name."},
			{"Tokens.Hmac", "The token's secret, its SCRAM password."},
			{"Tokens.Renewers", "Principals besides the owner allowed to renew the token."},
			{"Tokens.Renewers.PrincipalType", "Type of a renewer principal, such as \"User\"."},
			{"Tokens.Renewers.PrincipalName", "Name of a renewer principal."},
		},
	},
	{
		Name:    "DeleteGroups",
		Role:    Groups,
		Summary: "Delete consumer groups and their committed offsets.",
		Intro: "Admin clients send DeleteGroups to the coordinator of each group to remove groups that have no active members, together with all their committed offsets. " +
			"A group with members is refused with NON_EMPTY_GROUP. " +
			"The coordinator is found with FindCoordinator, and OffsetDelete removes only some partitions' offsets instead.",
		Related: []string{"ListGroups", "DescribeGroups", "OffsetDelete", "FindCoordinator"},
		Request: fieldDocs{
			{"GroupsNames", "Ids of the groups to delete."},
		},
		Response: fieldDocs{
			{"Results", "One result per group."},
			{"Results.GroupId", "The group this result is for."},
			{"Results.ErrorCode", "0 when the group was deleted; otherwise why not, such as NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND, NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED."},
			{"Results.ErrorMessage", "Detail on the group's error (v3 and up); null when there is none."},
		},
	},
	{
		Name:    "ElectLeaders",
		Role:    Admin,
		Summary: "Move partition leadership back to the preferred replica, or elect an unclean leader.",
		Intro: "Admin clients (kafka-leader-election, for one) send ElectLeaders to trigger leader elections, usually to give leadership back to each partition's preferred replica after broker restarts. " +
			"From v1 it can also force an unclean election, choosing a replica that is not in sync when no in-sync one is alive, at the risk of losing records. " +
			"In KRaft clusters any broker forwards it to the active controller; Metadata then shows the new leaders.",
		Related: []string{"Metadata", "AlterPartitionReassignments"},
		Request: fieldDocs{
			{"ElectionType", "0 to elect the preferred replica, 1 for an unclean election among out-of-sync replicas (v1 and up)."},
			{"TopicPartitions", "The partitions to elect leaders for, by topic; null means every partition."},
			{"TopicPartitions.Topic", "Topic of the partitions."},
			{"TopicPartitions.Partitions", "Partitions of that topic that need an election."},
			{"TimeoutMs", "How long in ms the broker waits for the elections before it answers."},
		},
		Response: fieldDocs{
			{"ErrorCode", "An error for the whole request (v1 and up), such as CLUSTER_AUTHORIZATION_FAILED; 0 otherwise."},
			{"ReplicaElectionResults", "The results, by topic."},
			{"ReplicaElectionResults.Topic", "Topic the election results below are for."},
			{"ReplicaElectionResults.PartitionResult", "One result per partition."},
			{"ReplicaElectionResults.PartitionResult.PartitionId", "Partition the election was held for."},
			{"ReplicaElectionResults.PartitionResult.ErrorCode", "0 when a leader was elected; otherwise why not, such as ELECTION_NOT_NEEDED when the preferred replica already leads, PREFERRED_LEADER_NOT_AVAILABLE or ELIGIBLE_LEADERS_NOT_AVAILABLE."},
			{"ReplicaElectionResults.PartitionResult.ErrorMessage", "Detail on the partition's error; null when there is none."},
		},
	},
	{
		Name:    "IncrementalAlterConfigs",
		Role:    Admin,
		Summary: "Set, delete, append to or subtract from single configs of resources.",
		Intro: "Admin clients (kafka-configs --alter, for one) send IncrementalAlterConfigs to change individual configs of topics, brokers, broker loggers, client-metrics subscriptions or groups, leaving the others as they are. " +
			"Each change sets a value, deletes an override, or adds to or removes from a list-valued config. " +
			"Broker configs go to that broker and the rest to any broker, which forwards them to the controller in KRaft clusters; DescribeConfigs shows the result.",
		Related: []string{"DescribeConfigs", "AlterConfigs", "CreateTopics"},
		Request: fieldDocs{
			{"Resources", "The resources to change."},
			{"Resources.ResourceType", "Kind of resource: 2 topic, 4 broker, 8 broker logger, 16 client-metrics subscription, 32 group."},
			{"Resources.ResourceName", "The topic name, the broker id as a string, a subscription or group name; an empty name with type broker means the cluster-wide broker defaults."},
			{"Resources.Configs", "The changes to make to that resource."},
			{"Resources.Configs.Name", "Config key, such as retention.ms."},
			{"Resources.Configs.ConfigOperation", "The change: 0 set the value, 1 delete the override (back to the default), 2 append to a list, 3 subtract from a list."},
			{"Resources.Configs.Value", "The value to set, append or subtract, as a string; null with a delete."},
			{"ValidateOnly", "True to check the changes without applying them."},
		},
		Response: fieldDocs{
			{"Responses", "One result per resource."},
			{"Responses.ErrorCode", "0 when the changes were applied (or would be); otherwise why not, such as INVALID_CONFIG, POLICY_VIOLATION or TOPIC_AUTHORIZATION_FAILED."},
			{"Responses.ErrorMessage", "Detail on the resource's error; null when there is none."},
			{"Responses.ResourceType", "Kind of resource, as asked."},
			{"Responses.ResourceName", "Name of the resource, as asked."},
		},
	},
	{
		Name:    "AlterPartitionReassignments",
		Role:    Admin,
		Summary: "Start or cancel moving partition replicas to other brokers.",
		Intro: "Admin clients (kafka-reassign-partitions, for one) send AlterPartitionReassignments to give partitions a new set of replicas, or to cancel a reassignment in progress. " +
			"The controller adds the new replicas, waits for them to catch up and join the in-sync set, and then drops the old ones. " +
			"ListPartitionReassignments shows the moves still under way; in KRaft clusters any broker forwards the request to the active controller.",
		Related: []string{"ListPartitionReassignments", "ElectLeaders", "AlterReplicaLogDirs", "Metadata"},
		Request: fieldDocs{
			{"TimeoutMs", "How long in ms the broker waits for the controller to accept the reassignments before it answers."},
			{"AllowReplicationFactorChange", "False to refuse any reassignment that would change a partition's number of replicas (v1 and up); true, the default, allows it."},
			{"Topics", "The partitions to reassign, by topic."},
			{"Topics.Name", "Topic of the partitions."},
			{"Topics.Partitions", "The partitions of that topic to reassign."},
			{"Topics.Partitions.PartitionIndex", "Partition to move."},
			{"Topics.Partitions.Replicas", "The broker ids that should hold the partition's replicas, the preferred leader first; null cancels the reassignment in progress."},
		},
		Response: fieldDocs{
			{"AllowReplicationFactorChange", "The AllowReplicationFactorChange setting the request was handled with (v1 and up)."},
			{"ErrorCode", "An error for the whole request, such as NOT_CONTROLLER or CLUSTER_AUTHORIZATION_FAILED; 0 otherwise."},
			{"ErrorMessage", "Detail on that error; null when there is none."},
			{"Responses", "The results, by topic."},
			{"Responses.Name", "Topic the reassignment results below are for."},
			{"Responses.Partitions", "One result per partition."},
			{"Responses.Partitions.PartitionIndex", "Partition this result is for."},
			{"Responses.Partitions.ErrorCode", "0 when the reassignment was started or cancelled; otherwise why not, such as NO_REASSIGNMENT_IN_PROGRESS for a cancel with nothing to cancel, or INVALID_REPLICA_ASSIGNMENT."},
			{"Responses.Partitions.ErrorMessage", "Detail on the partition's error; null when there is none."},
		},
	},
	{
		Name:    "ListPartitionReassignments",
		Role:    Admin,
		Summary: "Show the partition reassignments in progress.",
		Intro: "Admin clients send ListPartitionReassignments to see which partitions are being moved, with the replicas being added and removed. " +
			"In KRaft clusters any broker forwards it to the active controller. " +
			"It follows AlterPartitionReassignments, which starts and cancels the moves.",
		Related: []string{"AlterPartitionReassignments", "Metadata"},
		Request: fieldDocs{
			{"TimeoutMs", "How long in ms the broker waits for the controller's answer."},
			{"Topics", "The partitions to ask about, by topic; null for every partition being reassigned."},
			{"Topics.Name", "Topic to ask about."},
			{"Topics.PartitionIndexes", "Partitions of that topic to ask about."},
		},
		Response: fieldDocs{
			{"ErrorCode", "An error for the whole request, such as CLUSTER_AUTHORIZATION_FAILED; 0 otherwise."},
			{"ErrorMessage", "Detail on that error; null when there is none."},
			{"Topics", "The reassignments in progress, by topic."},
			{"Topics.Name", "Topic being reassigned."},
			{"Topics.Partitions", "Its partitions being reassigned."},
			{"Topics.Partitions.PartitionIndex", "Partition being moved."},
			{"Topics.Partitions.Replicas", "Broker ids of every replica the partition has during the move, old and new."},
			{"Topics.Partitions.AddingReplicas", "Broker ids of the replicas the move adds, still catching up."},
			{"Topics.Partitions.RemovingReplicas", "Broker ids of the replicas the move will drop once the new ones are in sync."},
		},
	},
	{
		Name:    "OffsetDelete",
		Role:    Groups,
		Summary: "Remove a group's committed offsets for some partitions.",
		Intro: "Admin clients send OffsetDelete to the group coordinator to remove the committed offsets of chosen partitions from a group, for instance after the group stopped reading a topic. " +
			"The coordinator refuses partitions of topics the group is still subscribed to. " +
			"DeleteGroups removes a whole group instead, and OffsetFetch shows what remains.",
		Related: []string{"OffsetCommit", "OffsetFetch", "DeleteGroups", "FindCoordinator"},
		Request: fieldDocs{
			{"GroupId", "The group whose offsets are removed."},
			{"Topics", "The partitions whose offsets are removed, by topic."},
			{"Topics.Name", "Topic of the partitions."},
			{"Topics.Partitions", "The partitions of that topic."},
			{"Topics.Partitions.PartitionIndex", "Partition whose committed offset goes."},
		},
		Response: fieldDocs{
			{"ErrorCode", "An error for the whole request, such as GROUP_ID_NOT_FOUND, NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED; 0 otherwise."},
			{"Topics", "The results, by topic."},
			{"Topics.Name", "Topic the deletion results below are for."},
			{"Topics.Partitions", "One result per partition."},
			{"Topics.Partitions.PartitionIndex", "Partition this result is for."},
			{"Topics.Partitions.ErrorCode", "0 when the offset was removed; GROUP_SUBSCRIBED_TO_TOPIC when the group still reads that topic, or TOPIC_AUTHORIZATION_FAILED."},
		},
	},
}

// The helpers below are marked go:noinline: the tables above call them
// hundreds of times, once at start, and their copies inlined at every
// call were 10 KB of the gzipped app.wasm.

// lowEndpoints describes the NodeEndpoints array that Produce and Fetch
// responses add for the leaders they name (KIP-951).
//
//go:noinline
func lowEndpoints(namedIn string) fieldDocs {
	return fieldDocs{
		{"", "Addresses of the brokers named in " + namedIn + ", so the client can reach a new leader it has no address for yet."},
		{"NodeId", "Broker id of this endpoint, as " + namedIn + " names it."},
		{"Host", "Host name or IP address the broker is reachable at on this listener."},
		{"Port", "TCP port of the broker on this listener."},
		{"Rack", "The broker's rack (broker.rack); null when it has none."},
	}
}

// lowUnder puts every path of m under prefix; the key "" becomes prefix itself.
//
//go:noinline
func lowUnder(prefix string, m fieldDocs) fieldDocs {
	out := make(fieldDocs, len(m))
	for i, f := range m {
		out[i] = fieldDoc{prefix, f.text}
		if f.path != "" {
			out[i].path = prefix + "." + f.path
		}
	}
	return out
}

// lowMerge joins lists of descriptions; a later one wins on the same path
// (as fieldDocs.toMap reads them).
//
//go:noinline
func lowMerge(ms ...fieldDocs) fieldDocs {
	var out fieldDocs
	for _, m := range ms {
		out = append(out, m...)
	}
	return out
}

// lowLeaderAndIsrState describes one partition's state in LeaderAndIsr.
var lowLeaderAndIsrState = fieldDocs{
	{"TopicName", "Topic of the partition (only when states are not grouped by topic, v0 and v1)."},
	{"PartitionIndex", "Partition whose leader and replicas are given."},
	{"ControllerEpoch", "Epoch of the controller that last decided this partition's leader."},
	{"Leader", "Broker id of the partition's leader; the receiver leads the partition when this is its own id and follows it otherwise."},
	{"LeaderEpoch", "The leader's epoch, raised at every leader change; the broker ignores states older than the one it has."},
	{"Isr", "Broker ids of the replicas in sync with the leader."},
	{"PartitionEpoch", "Version of the partition's state, raised at every change of leader or ISR (the ZooKeeper node version in ZooKeeper mode)."},
	{"Replicas", "Broker ids of every assigned replica, the preferred leader first."},
	{"AddingReplicas", "Replicas a reassignment is adding, which are not yet in sync."},
	{"RemovingReplicas", "Replicas a reassignment will remove once the new ones are in sync."},
	{"IsNew", "True when the replica is being created now, so a missing log is expected rather than a sign of a lost disk."},
	{"LeaderRecoveryState", "0 when the leader's log is complete, 1 while a leader picked by an unclean election is still recovering."},
}

// lowUpdateMetadataState describes one partition's state in UpdateMetadata.
var lowUpdateMetadataState = fieldDocs{
	{"TopicName", "Topic of the partition (only when states are not grouped by topic, v0 to v4)."},
	{"PartitionIndex", "Partition whose state is given."},
	{"ControllerEpoch", "Epoch of the controller that last decided this partition's leader."},
	{"Leader", "Broker id of the partition's leader; -1 when it has none, -2 when the topic is being deleted."},
	{"LeaderEpoch", "The leader's epoch, raised at every leader change."},
	{"Isr", "Broker ids of the replicas in sync with the leader."},
	{"ZkVersion", "Version of the partition's state in ZooKeeper, raised at every change of leader or ISR."},
	{"Replicas", "Broker ids of every assigned replica, the preferred leader first."},
	{"OfflineReplicas", "Broker ids of replicas whose log directory is offline (v4 and up)."},
}

// lowPartitionError is a per-partition result of a controller request to a broker.
var lowPartitionError = fieldDocs{
	{"TopicName", "Topic of the partition (before results are grouped by topic)."},
	{"PartitionIndex", "Partition this result is for."},
	{"ErrorCode", "0 when the broker applied the change to this partition; otherwise the partition's error, such as KAFKA_STORAGE_ERROR."},
}

// lowFetchedOffset is one partition's committed offset in OffsetFetch.
var lowFetchedOffset = fieldDocs{
	{"PartitionIndex", "Partition the committed offset belongs to."},
	{"CommittedOffset", "The committed position, the next offset to consume; -1 when the group has no offset for this partition."},
	{"CommittedLeaderEpoch", "Leader epoch stored with the offset, for truncation checks on resume; -1 when none was stored."},
	{"Metadata", "The free text stored with the offset; null or empty when there is none."},
	{"ErrorCode", "0 on success; otherwise the partition's error, such as UNSTABLE_OFFSET_COMMIT when RequireStable is set and a transaction is pending."},
}

// lowTxnTopic is one topic's partitions in AddPartitionsToTxn.
var lowTxnTopic = fieldDocs{
	{"Name", "Topic whose partitions join the transaction."},
	{"Partitions", "Partitions of that topic the producer is about to write to."},
}

// lowTxnTopicResult is one topic's results in AddPartitionsToTxn.
var lowTxnTopicResult = fieldDocs{
	{"Name", "Topic the results below are for."},
	{"ResultsByPartition", "One result per partition."},
	{"ResultsByPartition.PartitionIndex", "Partition this result is for."},
	{"ResultsByPartition.PartitionErrorCode", "0 when the partition is in the transaction; otherwise why not, such as CONCURRENT_TRANSACTIONS, INVALID_PRODUCER_EPOCH, or OPERATION_NOT_ATTEMPTED when another partition of the request failed."},
}

// lowACLEntry is one access control entry as DescribeAcls lists it.
var lowACLEntry = fieldDocs{
	{"Principal", "Who the entry is for, such as \"User:alice\", or \"User:*\" for everyone."},
	{"Host", "Host the entry applies to, or \"*\" for every host."},
	{"Operation", "Operation the entry covers: 2 all, 3 read, 4 write, 5 create, 6 delete, 7 alter, 8 describe, 9 cluster action, 10 describe configs, 11 alter configs, 12 idempotent write, 13 create tokens, 14 describe tokens."},
	{"PermissionType", "2 to deny the operation, 3 to allow it."},
}
