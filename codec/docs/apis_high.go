package docs

// apisHigh explains API keys 48 and up.
var apisHigh = []apiText{
	{
		Name:    "DescribeClientQuotas",
		Role:    Security,
		Summary: "Read the quota limits set for users, client ids and IP addresses.",
		Intro: "DescribeClientQuotas lists the quota values that apply to client entities: users, client ids and IP addresses, or their defaults. " +
			"An admin client sends it to any broker, with a filter made of one component per entity type. " +
			"It is how tools such as kafka-configs show quotas before or after AlterClientQuotas changes them.",
		Related: []string{"AlterClientQuotas", "DescribeConfigs"},
		Request: fieldDocs{
			{"Components", "The filter: one component per entity type to match; an empty list with Strict false matches every quota entity."},
			{"Components.EntityType", `Which part of the entity this component filters on: "user", "client-id" or "ip".`},
			{"Components.MatchType", "How to match: 0 for the entity whose name equals Match, 1 for the default entity of this type, 2 for any entity that names this type explicitly."},
			{"Components.Match", "The entity name to compare with when MatchType is 0; null for the other match types."},
			{"Strict", "When true, only entities made of exactly the filtered entity types are returned; when false, entities that also carry other types match too."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole lookup, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED without describe rights on the cluster, or INVALID_REQUEST for a bad filter."},
			{"ErrorMessage", hiErrorMessage},
			{"Entries", "One entry per matching quota entity with its values; null when ErrorCode is set."},
			{"Entries.Entity", "The parts that name this quota entity, such as a user together with a client id."},
			{"Entries.Entity.EntityType", `The kind of this part: "user", "client-id" or "ip".`},
			{"Entries.Entity.EntityName", "The user, client id or address this part names; null means the default entity of that type."},
			{"Entries.Values", "The quota settings on this entity, one per key."},
			{"Entries.Values.Key", "The quota setting, for example producer_byte_rate, consumer_byte_rate, request_percentage or connection_creation_rate."},
			{"Entries.Values.Value", "The limit as a floating-point number in the setting's own unit (bytes per second for the byte rates, a percentage for request_percentage)."},
		},
	},
	{
		Name:    "AlterClientQuotas",
		Role:    Security,
		Summary: "Set or remove quota limits on users, client ids and IP addresses.",
		Intro: "AlterClientQuotas sets or removes quota values on client entities: users, client ids, IP addresses and their defaults. " +
			"An admin client sends it to a broker, which forwards it to the KRaft controller so the change lands in the metadata log. " +
			"ValidateOnly checks an alteration without applying it, and DescribeClientQuotas reads the result back.",
		Related: []string{"DescribeClientQuotas", "IncrementalAlterConfigs"},
		Request: fieldDocs{
			{"Entries", "The quota entities to change, each with the settings to set or remove."},
			{"Entries.Entity", "The parts naming the entity whose quotas change, such as a user alone or a user with a client id."},
			{"Entries.Entity.EntityType", `The kind of this part: "user", "client-id" or "ip".`},
			{"Entries.Entity.EntityName", "The user, client id or address; null targets the default entity of that type."},
			{"Entries.Ops", "The changes to make to this entity's quota settings."},
			{"Entries.Ops.Key", "The quota setting to change, for example producer_byte_rate or request_percentage."},
			{"Entries.Ops.Value", "The new limit in the setting's unit (bytes per second for the byte rates); ignored when Remove is true."},
			{"Entries.Ops.Remove", "True to delete the setting from this entity, false to set it to Value."},
			{"ValidateOnly", "When true, the broker checks the changes and reports errors without applying anything."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Entries", "One result per entity of the request."},
			{"Entries.ErrorCode", "The outcome for this entity, 0 on success; for example INVALID_REQUEST for an unknown setting or CLUSTER_AUTHORIZATION_FAILED."},
			{"Entries.ErrorMessage", hiErrorMessage},
			{"Entries.Entity", "The parts naming the entity this result is for, echoed from the request."},
			{"Entries.Entity.EntityType", `The kind of this part: "user", "client-id" or "ip".`},
			{"Entries.Entity.EntityName", "The user, client id or address; null for the default entity of that type."},
		},
	},
	{
		Name:    "DescribeUserScramCredentials",
		Role:    Security,
		Summary: "List which SCRAM mechanisms each user has credentials for.",
		Intro: "DescribeUserScramCredentials tells which SCRAM credentials exist for users, without revealing any secret: only the mechanism and the iteration count. " +
			"An admin client sends it to a broker when managing SASL/SCRAM users, typically to check the effect of AlterUserScramCredentials. " +
			"Clients then log in with those credentials through SaslHandshake and SaslAuthenticate.",
		Related: []string{"AlterUserScramCredentials", "SaslHandshake", "SaslAuthenticate"},
		Request: fieldDocs{
			{"Users", "The users to look up; null or an empty list asks for every user that has SCRAM credentials."},
			{"Users.Name", "A user (SASL principal name) to describe."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 unless the caller may not describe the cluster or the lookup itself failed."},
			{"ErrorMessage", hiErrorMessage},
			{"Results", "One result per user described."},
			{"Results.User", "The user this result is about."},
			{"Results.ErrorCode", "The outcome for this user, 0 on success; RESOURCE_NOT_FOUND when a named user has no SCRAM credential, DUPLICATE_RESOURCE when it was asked twice."},
			{"Results.ErrorMessage", hiErrorMessage},
			{"Results.CredentialInfos", "One entry per SCRAM mechanism the user has a credential for."},
			{"Results.CredentialInfos.Mechanism", hiScramMechanism},
			{"Results.CredentialInfos.Iterations", "How many hashing iterations were used when the credential was salted."},
		},
	},
	{
		Name:    "AlterUserScramCredentials",
		Role:    Security,
		Summary: "Create, replace or delete users' SCRAM credentials.",
		Intro: "AlterUserScramCredentials adds, replaces or deletes the SCRAM credentials that users log in with. " +
			"An admin client sends it to a broker, which forwards it to the controller; the client computes the salted password itself, so the clear password never crosses the wire. " +
			"DescribeUserScramCredentials shows the result, and SaslAuthenticate is where the credentials are then used.",
		Related: []string{"DescribeUserScramCredentials", "SaslHandshake", "SaslAuthenticate"},
		Request: fieldDocs{
			{"Deletions", "Credentials to delete, one per user and mechanism."},
			{"Deletions.Name", "The user whose credential is deleted."},
			{"Deletions.Mechanism", hiScramMechanism},
			{"Upsertions", "Credentials to create or overwrite, one per user and mechanism."},
			{"Upsertions.Name", "The user whose credential is set."},
			{"Upsertions.Mechanism", hiScramMechanism},
			{"Upsertions.Iterations", "Hashing iterations used to derive SaltedPassword; the broker accepts 4096 to 16384."},
			{"Upsertions.Salt", "Random bytes the client chose and mixed into the hash."},
			{"Upsertions.SaltedPassword", "The password after salting and hashing with the mechanism's algorithm, computed on the client."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Results", "One result per user touched by the deletions and upsertions."},
			{"Results.User", "The user this result is about."},
			{"Results.ErrorCode", "The outcome for this user, 0 on success; for example RESOURCE_NOT_FOUND when deleting a credential that does not exist, UNSUPPORTED_SASL_MECHANISM, or UNACCEPTABLE_CREDENTIAL for a bad iteration count or empty user."},
			{"Results.ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "Vote",
		Role:    KRaft,
		Summary: "A KRaft candidate asks the other voters for their vote in a leader election.",
		Intro: "Vote is the ballot of KRaft, the Raft protocol that replicates the cluster metadata log among the controllers. " +
			"When a voter stops hearing from the leader it becomes a candidate, raises the epoch and sends Vote to every other voter; with PreVote (version 2) it first asks whether it could win without raising the epoch. " +
			"A voter grants its vote only once per epoch, and only to a candidate whose log is at least as complete as its own. " +
			"The winner announces itself with BeginQuorumEpoch.",
		Related: []string{"BeginQuorumEpoch", "EndQuorumEpoch", "Fetch", "DescribeQuorum"},
		Request: fieldDocs{
			{"ClusterId", hiRaftClusterID},
			{"VoterId", "The replica id of the voter this request is addressed to; a receiver that is not that voter answers INVALID_VOTER_KEY. -1 when not set."},
			{"Topics", hiRaftTopics},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The partitions the election is for (partition 0 of the metadata topic)."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
			{"Topics.Partitions.ReplicaEpoch", "The epoch the candidate is standing for; in a pre-vote, the epoch it would use if it went on to a real election."},
			{"Topics.Partitions.ReplicaId", "The replica id of the candidate asking for the vote (named CandidateId before version 2)."},
			{"Topics.Partitions.ReplicaDirectoryId", "The metadata log directory id of the candidate, which together with its id names the voter."},
			{"Topics.Partitions.VoterDirectoryId", "The metadata log directory id of the voter being asked, checked against the receiver's own."},
			{"Topics.Partitions.LastOffsetEpoch", "The epoch of the candidate's last log entry; voters compare it first to judge whose log is newer."},
			{"Topics.Partitions.LastOffset", "The end offset of the candidate's metadata log, compared when the epochs are equal."},
			{"Topics.Partitions.PreVote", "True for a pre-vote: the voter answers whether it would grant a vote but records nothing and the epoch is not raised."},
		},
		Response: fieldDocs{
			{"ErrorCode", hiRaftTopError},
			{"Topics", "The results per topic, echoing the request."},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The results per partition."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 when the vote was considered; for example FENCED_LEADER_EPOCH or INVALID_VOTER_KEY."},
			{"Topics.Partitions.LeaderId", hiRaftLeaderID},
			{"Topics.Partitions.LeaderEpoch", hiRaftLeaderEpoch},
			{"Topics.Partitions.VoteGranted", "True when this voter gives the candidate its vote for the epoch (or, for a pre-vote, would give it)."},
			{"NodeEndpoints", hiRaftNodeEndpoints},
			{"NodeEndpoints.NodeId", "The replica id of the node these addresses belong to."},
			{"NodeEndpoints.Host", "The host name or IP address of that node's listener."},
			{"NodeEndpoints.Port", "The TCP port of that node's listener."},
		},
	},
	{
		Name:    "BeginQuorumEpoch",
		Role:    KRaft,
		Summary: "A newly elected KRaft leader tells the voters it leads the new epoch.",
		Intro: "BeginQuorumEpoch is sent by a KRaft controller that has just won an election, to every other voter of the metadata quorum. " +
			"It tells them who leads the new epoch and, from version 1, on which endpoints, so that they stop campaigning and start fetching from the leader. " +
			"The leader repeats it until each voter has acknowledged; it follows a successful round of Vote requests.",
		Related: []string{"Vote", "EndQuorumEpoch", "Fetch"},
		Request: fieldDocs{
			{"ClusterId", hiRaftClusterID},
			{"VoterId", "The replica id of the voter this notice is addressed to; -1 when not set."},
			{"Topics", hiRaftTopics},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The partitions whose new leadership is announced."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
			{"Topics.Partitions.VoterDirectoryId", "The metadata log directory id of the voter addressed, so a replaced disk does not accept it."},
			{"Topics.Partitions.LeaderId", "The replica id of the controller that won the election."},
			{"Topics.Partitions.LeaderEpoch", "The epoch the new leader won."},
			{"LeaderEndpoints", "The listeners on which the new leader can be reached."},
			{"LeaderEndpoints.Name", "The listener name, such as CONTROLLER."},
			{"LeaderEndpoints.Host", "The host name or IP address of that listener."},
			{"LeaderEndpoints.Port", "The TCP port of that listener."},
		},
		Response: fieldDocs{
			{"ErrorCode", hiRaftTopError},
			{"Topics", "The results per topic."},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The results per partition."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 when the voter accepts the new leader; FENCED_LEADER_EPOCH when it already knows a later epoch."},
			{"Topics.Partitions.LeaderId", hiRaftLeaderID},
			{"Topics.Partitions.LeaderEpoch", hiRaftLeaderEpoch},
			{"NodeEndpoints", hiRaftNodeEndpoints},
			{"NodeEndpoints.NodeId", "The replica id of the node these addresses belong to."},
			{"NodeEndpoints.Host", "The host name or IP address of that node's listener."},
			{"NodeEndpoints.Port", "The TCP port of that node's listener."},
		},
	},
	{
		Name:    "EndQuorumEpoch",
		Role:    KRaft,
		Summary: "A resigning KRaft leader asks the voters to elect a successor at once.",
		Intro: "EndQuorumEpoch is sent by the KRaft leader to the other voters when it gives up leadership, for example during a graceful shutdown. " +
			"Instead of waiting for their fetch timeout, the voters start an election right away, and the most caught-up ones, listed first, get to campaign sooner. " +
			"The election that follows runs on Vote and ends with BeginQuorumEpoch.",
		Related: []string{"Vote", "BeginQuorumEpoch", "Fetch"},
		Request: fieldDocs{
			{"ClusterId", hiRaftClusterID},
			{"Topics", hiRaftTopics},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The partitions whose leader resigns."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
			{"Topics.Partitions.LeaderId", "The replica id of the leader that is stepping down."},
			{"Topics.Partitions.LeaderEpoch", "The epoch that is ending."},
			{"Topics.Partitions.PreferredSuccessors", "Voter ids ordered from most to least caught up; earlier voters wait less before campaigning (version 0 only)."},
			{"Topics.Partitions.PreferredCandidates", "Voters ordered from most to least caught up, each named by id and directory; earlier ones campaign sooner (replaces PreferredSuccessors in version 1)."},
			{"Topics.Partitions.PreferredCandidates.CandidateId", "The replica id of a voter the leader suggests as successor."},
			{"Topics.Partitions.PreferredCandidates.CandidateDirectoryId", "The metadata log directory id of that voter."},
			{"LeaderEndpoints", "The listeners of the resigning leader."},
			{"LeaderEndpoints.Name", "The listener name, such as CONTROLLER."},
			{"LeaderEndpoints.Host", "The host name or IP address of that listener."},
			{"LeaderEndpoints.Port", "The TCP port of that listener."},
		},
		Response: fieldDocs{
			{"ErrorCode", hiRaftTopError},
			{"Topics", "The results per topic."},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The results per partition."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 when accepted; FENCED_LEADER_EPOCH when the voter already knows a later epoch."},
			{"Topics.Partitions.LeaderId", hiRaftLeaderID},
			{"Topics.Partitions.LeaderEpoch", hiRaftLeaderEpoch},
			{"NodeEndpoints", hiRaftNodeEndpoints},
			{"NodeEndpoints.NodeId", "The replica id of the node these addresses belong to."},
			{"NodeEndpoints.Host", "The host name or IP address of that node's listener."},
			{"NodeEndpoints.Port", "The TCP port of that node's listener."},
		},
	},
	{
		Name:    "DescribeQuorum",
		Role:    KRaft,
		Summary: "Show the KRaft metadata quorum: leader, voters, observers and how far each has replicated.",
		Intro: "DescribeQuorum reports the state of the KRaft quorum that replicates the cluster metadata log: the leader, its epoch and high watermark, and how far every voter and observer has fetched. " +
			"An admin client (kafka-metadata-quorum describe) sends it to a broker, which forwards it, or straight to a controller. " +
			"Operators use it to check quorum health and before changing membership with AddRaftVoter or RemoveRaftVoter.",
		Related: []string{"AddRaftVoter", "RemoveRaftVoter", "UpdateRaftVoter", "Vote", "DescribeCluster"},
		Request: fieldDocs{
			{"Topics", "The quorum topics to describe; in practice only the metadata topic."},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The partitions to describe (partition 0 of the metadata topic)."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
		},
		Response: hiMerge(fieldDocs{
			{"ErrorCode", "Error for the whole request, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED or INVALID_REQUEST."},
			{"ErrorMessage", hiErrorMessage},
			{"Topics", "The quorum state per topic."},
			{"Topics.TopicName", hiRaftTopicName},
			{"Topics.Partitions", "The quorum state per partition."},
			{"Topics.Partitions.PartitionIndex", hiRaftPartition},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 on success; NOT_LEADER_OR_FOLLOWER when the controller asked is not the quorum leader, UNKNOWN_TOPIC_OR_PARTITION when it is not the metadata partition."},
			{"Topics.Partitions.ErrorMessage", hiErrorMessage},
			{"Topics.Partitions.LeaderId", "The replica id of the quorum leader, or -1 when there is none."},
			{"Topics.Partitions.LeaderEpoch", "The epoch in which the current leader was elected."},
			{"Topics.Partitions.HighWatermark", "The offset up to which the metadata log is committed by a majority of voters."},
			{"Topics.Partitions.CurrentVoters", "The voters: the controllers that elect the leader and must replicate entries before they commit."},
			{"Topics.Partitions.Observers", "The observers: brokers and other replicas that fetch the metadata log without voting."},
			{"Nodes", "The addresses of the voters, one entry per node."},
			{"Nodes.NodeId", "The replica id of the voter."},
			{"Nodes.Listeners", "The listeners on which this voter accepts controller traffic."},
			{"Nodes.Listeners.Name", "The listener name, such as CONTROLLER."},
			{"Nodes.Listeners.Host", "The host name or IP address of that listener."},
			{"Nodes.Listeners.Port", "The TCP port of that listener."},
		}, hiUnder("Topics.Partitions.CurrentVoters", hiReplicaState("voter")), hiUnder("Topics.Partitions.Observers", hiReplicaState("observer"))),
	},
	{
		Name:    "AlterPartition",
		Role:    KRaft,
		Summary: "A partition leader asks the controller to change the partition's in-sync replica set.",
		Intro: "AlterPartition is how a partition leader changes the partition's in-sync replica set (ISR): it sends the proposed ISR to the active controller, which records it in the metadata log. " +
			"A broker sends it when a follower falls behind and must leave the ISR, or catches up and may rejoin it, and after recovering from an unclean election. " +
			"Before Kafka 3.2 it was named AlterIsr; in KRaft the new ISR reaches every broker through the metadata log, where ZooKeeper mode used LeaderAndIsr and UpdateMetadata.",
		Related: []string{"Fetch", "ElectLeaders", "BrokerHeartbeat", "LeaderAndIsr"},
		Request: fieldDocs{
			{"BrokerId", "The id of the broker that leads the partitions and asks for the change."},
			{"BrokerEpoch", "The epoch the controller gave that broker at registration, so a restarted broker's stale request is rejected; -1 when unknown."},
			{"Topics", "The topics whose partitions change ISR."},
			{"Topics.TopicName", "The topic name, used up to version 1."},
			{"Topics.TopicId", "The topic id, used from version 2 in place of the name."},
			{"Topics.Partitions", "The partitions whose ISR changes."},
			{"Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Topics.Partitions.LeaderEpoch", "The leader epoch under which the leader proposes the change; a stale epoch is fenced."},
			{"Topics.Partitions.NewIsr", "The proposed ISR as a list of broker ids (up to version 2)."},
			{"Topics.Partitions.NewIsrWithEpochs", "The proposed ISR with each broker's epoch, so a broker that restarted and lost data cannot rejoin under its old epoch (from version 3)."},
			{"Topics.Partitions.NewIsrWithEpochs.BrokerId", "The id of a broker in the proposed ISR."},
			{"Topics.Partitions.NewIsrWithEpochs.BrokerEpoch", "That broker's current epoch as the leader saw it in its fetches; -1 when the follower did not send one."},
			{"Topics.Partitions.LeaderRecoveryState", hiLeaderRecovery},
			{"Topics.Partitions.PartitionEpoch", "The partition epoch the leader last saw; the controller refuses the change when the partition has moved on."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example STALE_BROKER_EPOCH or NOT_CONTROLLER."},
			{"Topics", "The results per topic."},
			{"Topics.TopicName", "The topic name, used up to version 1."},
			{"Topics.TopicId", "The topic id, used from version 2."},
			{"Topics.Partitions", "The results per partition."},
			{"Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 on success; for example INVALID_UPDATE_VERSION, FENCED_LEADER_EPOCH, INELIGIBLE_REPLICA or NEW_LEADER_ELECTED."},
			{"Topics.Partitions.LeaderId", "The broker id of the partition leader after the change."},
			{"Topics.Partitions.LeaderEpoch", "The leader epoch after the change."},
			{"Topics.Partitions.Isr", "The broker ids of the ISR as the controller committed it."},
			{"Topics.Partitions.LeaderRecoveryState", hiLeaderRecovery},
			{"Topics.Partitions.PartitionEpoch", "The new partition epoch, which the leader must send with its next change."},
		},
	},
	{
		Name:    "UpdateFeatures",
		Role:    KRaft,
		Summary: "Raise or lower the cluster-wide finalized feature levels, such as metadata.version.",
		Intro: "UpdateFeatures changes the finalized level of cluster-wide features such as metadata.version, kraft.version, transaction.version or group.version. " +
			"An admin client (kafka-features upgrade or downgrade) sends it to a broker, which forwards it to the controller; the controller checks that every registered broker and controller supports the new level. " +
			"ApiVersions shows the supported and finalized levels, and operators raise them after a rolling upgrade.",
		Related: []string{"ApiVersions", "BrokerRegistration", "ControllerRegistration", "DescribeCluster"},
		Request: fieldDocs{
			{"timeoutMs", "How long, in milliseconds, the caller will wait for the update to be applied; 60000 by default."},
			{"FeatureUpdates", "The features to change, one entry per feature name."},
			{"FeatureUpdates.Feature", "The feature to change, for example metadata.version or transaction.version."},
			{"FeatureUpdates.MaxVersionLevel", "The finalized level to set; a value of 1 or more sets it, 0 or below removes the feature (its level becomes 0)."},
			{"FeatureUpdates.AllowDowngrade", "Version 0 only: true permits a level lower than the current one (replaced by UpgradeType)."},
			{"FeatureUpdates.UpgradeType", "1 to upgrade only (the default), 2 for a safe downgrade that loses no metadata, 3 for an unsafe downgrade that may lose some."},
			{"ValidateOnly", "When true, the controller checks the update and reports errors without applying it."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED, or INVALID_UPDATE_VERSION from version 2 where per-feature results are gone."},
			{"ErrorMessage", hiErrorMessage},
			{"Results", "One result per requested feature (versions 0 and 1; version 2 reports only the top-level error)."},
			{"Results.Feature", "The feature this result is for."},
			{"Results.ErrorCode", "The outcome for this feature, 0 on success; INVALID_UPDATE_VERSION when a node cannot support the level."},
			{"Results.ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "Envelope",
		Role:    KRaft,
		Summary: "A broker forwards a client's admin request to the controller, wrapped with the client's identity.",
		Intro: "Envelope carries a client request that a broker cannot handle itself to the active controller, together with who sent it. " +
			"In KRaft a broker receives admin requests such as CreateTopics or AlterConfigs from clients and forwards them inside an Envelope, so the controller can check the original principal's permissions. " +
			"The controller answers with an Envelope whose bytes are the inner response, which the broker passes back to the client.",
		Related: []string{"CreateTopics", "AlterConfigs", "IncrementalAlterConfigs", "CreateAcls"},
		Request: fieldDocs{
			{"RequestData", "The client's whole request, header and body, as it arrived, in bytes."},
			{"RequestPrincipal", "The client's authenticated principal serialized by the broker's principal serde, so the controller authorizes the original caller; null when not given."},
			{"ClientHostAddress", "The client's IP address as raw bytes: 4 for IPv4, 16 for IPv6."},
		},
		Response: fieldDocs{
			{"ResponseData", "The inner response, header and body, for the broker to pass on to the client; null when ErrorCode is set."},
			{"ErrorCode", "Error with the envelope itself, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED when the forwarding broker is not trusted, or NOT_CONTROLLER."},
		},
	},
	{
		Name:    "FetchSnapshot",
		Role:    KRaft,
		Summary: "A KRaft replica downloads a snapshot of the metadata log from the leader, in chunks.",
		Intro: "FetchSnapshot copies a snapshot of the KRaft metadata log from the quorum leader to a replica whose log is too far behind to catch up by fetching. " +
			"A controller or broker sends it after a Fetch response has pointed it at a snapshot id, then repeats it from the next byte position until it has the whole snapshot. " +
			"Once loaded, the replica resumes ordinary Fetch requests from the snapshot's end offset.",
		Related: []string{"Fetch", "Vote", "DescribeQuorum"},
		Request: fieldDocs{
			{"ClusterId", "The cluster id when known, checked by the leader so a misplaced node is refused; null when unknown."},
			{"ReplicaId", "The id of the fetching replica; -1 by default."},
			{"MaxBytes", "The most snapshot bytes to return in this response, in bytes; 2147483647 by default."},
			{"Topics", hiRaftTopics},
			{"Topics.Name", hiRaftTopicName},
			{"Topics.Partitions", "The partitions whose snapshot is fetched."},
			{"Topics.Partitions.Partition", hiRaftPartition},
			{"Topics.Partitions.CurrentLeaderEpoch", "The leader epoch the fetcher knows, so a stale leader can be detected; -1 when unknown."},
			{"Topics.Partitions.SnapshotId", hiSnapshotID},
			{"Topics.Partitions.SnapshotId.EndOffset", hiSnapshotEnd},
			{"Topics.Partitions.SnapshotId.Epoch", hiSnapshotEpoch},
			{"Topics.Partitions.Position", "The byte position in the snapshot file to continue from; 0 for the first chunk."},
			{"Topics.Partitions.ReplicaDirectoryId", "The metadata log directory id of the fetching replica."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", hiRaftTopError},
			{"Topics", "The results per topic."},
			{"Topics.Name", hiRaftTopicName},
			{"Topics.Partitions", "The results per partition."},
			{"Topics.Partitions.Index", hiRaftPartition},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 on success; for example SNAPSHOT_NOT_FOUND, POSITION_OUT_OF_RANGE or NOT_LEADER_OR_FOLLOWER."},
			{"Topics.Partitions.SnapshotId", hiSnapshotID},
			{"Topics.Partitions.SnapshotId.EndOffset", hiSnapshotEnd},
			{"Topics.Partitions.SnapshotId.Epoch", hiSnapshotEpoch},
			{"Topics.Partitions.CurrentLeader", "The leader the responder knows, so a fetcher that asked the wrong node can go to the right one."},
			{"Topics.Partitions.CurrentLeader.LeaderId", hiRaftLeaderID},
			{"Topics.Partitions.CurrentLeader.LeaderEpoch", hiRaftLeaderEpoch},
			{"Topics.Partitions.Size", "The total size of the snapshot, in bytes, so the fetcher knows when it is done."},
			{"Topics.Partitions.Position", "The byte position in the snapshot where UnalignedRecords begins."},
			{"Topics.Partitions.UnalignedRecords", "A chunk of the snapshot's record batches; the chunk is cut at a byte position, so it may start or end mid-batch."},
			{"NodeEndpoints", hiRaftNodeEndpoints},
			{"NodeEndpoints.NodeId", "The replica id of the node these addresses belong to."},
			{"NodeEndpoints.Host", "The host name or IP address of that node's listener."},
			{"NodeEndpoints.Port", "The TCP port of that node's listener."},
		},
	},
	{
		Name:    "DescribeCluster",
		Role:    Cluster,
		Summary: "Get the cluster id, the controller and the list of brokers or controllers.",
		Intro: "DescribeCluster returns the cluster id, the controller id and the live brokers with their addresses and racks. " +
			"An admin client sends it to any broker, or with EndpointType 2 straight to a controller, to learn the shape of the cluster, as Admin.describeCluster does. " +
			"It overlaps with Metadata but leaves out topics, and can also report the caller's permissions on the cluster.",
		Related: []string{"Metadata", "DescribeQuorum", "ApiVersions"},
		Request: fieldDocs{
			{"IncludeClusterAuthorizedOperations", "When true, the response fills ClusterAuthorizedOperations with what the caller may do on the cluster."},
			{"EndpointType", "Which nodes to list: 1 for brokers (the default), 2 for controllers, which only a controller can answer."},
			{"IncludeFencedBrokers", "When true, fenced brokers (registered but not yet serving) are listed too, with IsFenced set."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; MISMATCHED_ENDPOINT_TYPE or UNSUPPORTED_ENDPOINT_TYPE when EndpointType does not fit the node asked."},
			{"ErrorMessage", hiErrorMessage},
			{"EndpointType", "Which nodes Brokers lists: 1 for brokers, 2 for controllers."},
			{"ClusterId", "The id of the cluster the responder belongs to."},
			{"ControllerId", "From a controller, the id of the active controller; from a broker, the id of some live broker, since clients cannot reach controllers; -1 when unknown."},
			{"Brokers", "The nodes of the asked kind, with their addresses."},
			{"Brokers.BrokerId", "The node id of this broker or controller."},
			{"Brokers.Host", "The host name clients connect to on this node."},
			{"Brokers.Port", "The TCP port clients connect to on this node."},
			{"Brokers.Rack", "The rack (broker.rack) the node is placed in, or null when none is configured."},
			{"Brokers.IsFenced", "True when the broker is fenced: registered with the controller but not yet allowed to serve."},
			{"ClusterAuthorizedOperations", hiAuthorizedOps("the cluster")},
		},
	},
	{
		Name:    "DescribeProducers",
		Role:    Transactions,
		Summary: "List the producers that have recently written to given partitions, with their transaction state.",
		Intro: "DescribeProducers shows the producer state a partition leader keeps for idempotent and transactional producers: ids, epochs, last sequence numbers and any open transaction. " +
			"An admin client (kafka-transactions describe-producers) sends it to the leader of each partition. " +
			"Operators use it to find a hanging transaction that holds back the last stable offset, together with DescribeTransactions and ListTransactions.",
		Related: []string{"DescribeTransactions", "ListTransactions", "InitProducerId", "Produce"},
		Request: fieldDocs{
			{"Topics", "The topics whose partitions to inspect."},
			{"Topics.Name", "The name of a topic to inspect."},
			{"Topics.PartitionIndexes", "The partitions of that topic to inspect; the request must go to their leader."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Topics", "The results per topic."},
			{"Topics.Name", "The name of a topic from the request."},
			{"Topics.Partitions", "The results per partition."},
			{"Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 on success; for example NOT_LEADER_OR_FOLLOWER or TOPIC_AUTHORIZATION_FAILED."},
			{"Topics.Partitions.ErrorMessage", hiErrorMessage},
			{"Topics.Partitions.ActiveProducers", "The producers whose state the leader still keeps for this partition."},
			{"Topics.Partitions.ActiveProducers.ProducerId", "The producer id assigned by InitProducerId."},
			{"Topics.Partitions.ActiveProducers.ProducerEpoch", "The producer's current epoch, which rises each time the producer id is re-initialized."},
			{"Topics.Partitions.ActiveProducers.LastSequence", "The sequence number of the last record this producer wrote to the partition; -1 when none is known."},
			{"Topics.Partitions.ActiveProducers.LastTimestamp", "The timestamp, in ms since the epoch, of this producer's last write; -1 when unknown."},
			{"Topics.Partitions.ActiveProducers.CoordinatorEpoch", "The epoch of the transaction coordinator that last wrote a marker for this producer; -1 when none has."},
			{"Topics.Partitions.ActiveProducers.CurrentTxnStartOffset", "The offset of this producer's first record in its open transaction; -1 when it has no open transaction."},
		},
	},
	{
		Name:    "BrokerRegistration",
		Role:    KRaft,
		Summary: "A starting broker registers itself with the KRaft controller and gets its broker epoch.",
		Intro: "BrokerRegistration is the first thing a KRaft broker does with the controller quorum when it starts: it announces its id, listeners, rack, log directories and the feature levels it supports. " +
			"The active controller records the registration in the metadata log and answers with a new broker epoch, which the broker then shows in every BrokerHeartbeat. " +
			"The broker stays fenced until its heartbeats show it has caught up with the metadata log.",
		Related: []string{"BrokerHeartbeat", "UnregisterBroker", "ControllerRegistration", "UpdateFeatures"},
		Request: fieldDocs{
			{"BrokerId", "The node id of the broker (node.id)."},
			{"ClusterId", "The cluster id found in the broker's meta.properties; a mismatch is refused with INCONSISTENT_CLUSTER_ID."},
			{"IncarnationId", "A random id the broker process picks at each start, so the controller can tell a restart from a retry."},
			{"Listeners", "The listeners clients and other brokers use to reach this broker."},
			{"Listeners.Name", "The listener name, such as PLAINTEXT or INTERNAL."},
			{"Listeners.Host", "The advertised host of that listener."},
			{"Listeners.Port", "The advertised TCP port of that listener."},
			{"Listeners.SecurityProtocol", hiSecurityProtocol},
			{"Features", "The features this broker supports, with the range of levels it can run at; before version 4, features whose lowest level is 0 are left out."},
			{"Features.Name", "The feature name, such as metadata.version or transaction.version."},
			{"Features.MinSupportedVersion", "The lowest level of the feature this broker can run at."},
			{"Features.MaxSupportedVersion", "The highest level of the feature this broker can run at."},
			{"Rack", "The rack (broker.rack) of this broker, or null when none is configured."},
			{"IsMigratingZkBroker", "True when a ZooKeeper-mode broker registers during a migration to KRaft (Kafka 3.x only)."},
			{"LogDirs", "The directory ids of the broker's log directories that are online."},
			{"PreviousBrokerEpoch", "The broker epoch this broker had before a clean shutdown, so the controller can tell the shutdown was clean and keep its replicas eligible for leadership (ELR); -1 when there was none or the shutdown was unclean."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example DUPLICATE_BROKER_REGISTRATION when another live process holds the id, UNSUPPORTED_VERSION for a feature mismatch, or NOT_CONTROLLER."},
			{"BrokerEpoch", "The broker epoch the controller assigned for this registration; -1 when none was assigned."},
		},
	},
	{
		Name:    "BrokerHeartbeat",
		Role:    KRaft,
		Summary: "A KRaft broker reports its progress to the controller and learns whether it is fenced.",
		Intro: "BrokerHeartbeat is sent by every KRaft broker to the active controller at a steady interval (broker.heartbeat.interval.ms) for as long as it runs. " +
			"It keeps the broker's registration alive, reports how far it has read the metadata log and which log directories failed, and asks to be unfenced or to shut down. " +
			"The controller answers whether the broker has caught up, is fenced, or may finish a controlled shutdown; a broker that stops heartbeating is fenced after broker.session.timeout.ms.",
		Related: []string{"BrokerRegistration", "UnregisterBroker", "AssignReplicasToDirs", "AlterPartition"},
		Request: fieldDocs{
			{"BrokerId", "The node id of the broker."},
			{"BrokerEpoch", "The epoch the broker got from BrokerRegistration; a stale one is refused with STALE_BROKER_EPOCH."},
			{"CurrentMetadataOffset", "The highest offset of the metadata log the broker has applied; the controller unfences it once this is close to the end."},
			{"WantFence", "True when the broker asks to be fenced, for example because it has not caught up or its disks failed."},
			{"WantShutDown", "True when the broker is shutting down and asks the controller to move leadership away first."},
			{"OfflineLogDirs", "The directory ids of log directories that failed on this broker."},
			{"CordonedLogDirs", "The directory ids of log directories the operator cordoned, where no new partitions should be placed; null until the broker reaches its RECOVERY state."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example STALE_BROKER_EPOCH, NOT_CONTROLLER or BROKER_ID_NOT_REGISTERED."},
			{"IsCaughtUp", "True when the broker's metadata offset is close enough to the log end for it to be unfenced."},
			{"IsFenced", "True while the broker is fenced and may lead no partitions; false once unfenced."},
			{"ShouldShutDown", "True when the controller has moved leadership away and the broker may complete its shutdown."},
		},
	},
	{
		Name:    "UnregisterBroker",
		Role:    KRaft,
		Summary: "Remove a decommissioned broker's registration from the KRaft cluster.",
		Intro: "UnregisterBroker removes a broker's registration from the KRaft metadata, for a broker that has been shut down for good. " +
			"An admin client (kafka-cluster unregister) sends it to a broker, which forwards it to the controller; until then the old broker still appears as fenced. " +
			"It undoes what BrokerRegistration created.",
		Related: []string{"BrokerRegistration", "BrokerHeartbeat", "DescribeCluster"},
		Request: fieldDocs{
			{"BrokerId", "The node id of the broker whose registration is removed."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example BROKER_ID_NOT_REGISTERED or CLUSTER_AUTHORIZATION_FAILED."},
			{"ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "DescribeTransactions",
		Role:    Transactions,
		Summary: "Show the state of given transactional ids at their transaction coordinator.",
		Intro: "DescribeTransactions returns what the transaction coordinator knows about transactional ids: state, producer id and epoch, timeout, start time and the partitions in the open transaction. " +
			"An admin client (kafka-transactions describe) finds the coordinator with FindCoordinator and sends the request there. " +
			"It pairs with ListTransactions to find transactions and DescribeProducers to see them from the partitions' side.",
		Related: []string{"ListTransactions", "DescribeProducers", "FindCoordinator", "InitProducerId", "EndTxn"},
		Request: fieldDocs{
			{"TransactionalIds", "The transactional ids to describe, all owned by the coordinator addressed; an empty list returns nothing."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"TransactionStates", "One entry per transactional id asked for."},
			{"TransactionStates.ErrorCode", "The outcome for this id, 0 on success; for example TRANSACTIONAL_ID_NOT_FOUND, NOT_COORDINATOR or TRANSACTIONAL_ID_AUTHORIZATION_FAILED."},
			{"TransactionStates.TransactionalId", "The transactional id this entry is about."},
			{"TransactionStates.TransactionState", hiTxnState},
			{"TransactionStates.TransactionTimeoutMs", "The transaction timeout the producer set, in milliseconds; the coordinator aborts a transaction open longer than this."},
			{"TransactionStates.TransactionStartTimeMs", "When the current or latest transaction began, in ms since the epoch; -1 when the id has not started one."},
			{"TransactionStates.ProducerId", "The producer id currently bound to this transactional id."},
			{"TransactionStates.ProducerEpoch", "The current epoch of that producer id; a producer with an older epoch is fenced."},
			{"TransactionStates.Topics", "The partitions in the open transaction; while committing or aborting, only those still waiting for their marker."},
			{"TransactionStates.Topics.Topic", "The name of a topic in the transaction."},
			{"TransactionStates.Topics.Partitions", "The partition numbers of that topic in the transaction."},
		},
	},
	{
		Name:    "ListTransactions",
		Role:    Transactions,
		Summary: "List the transactional ids a broker coordinates, optionally filtered by state, producer, age or pattern.",
		Intro: "ListTransactions lists the transactional ids whose coordinator is the broker asked, with their producer id and state. " +
			"An admin client (kafka-transactions list) sends it to every broker to cover all coordinators, filtering by state, producer id, how long they have run, or (version 2) a regular expression on the id. " +
			"DescribeTransactions then gives details of the ones found.",
		Related: []string{"DescribeTransactions", "DescribeProducers", "FindCoordinator"},
		Request: fieldDocs{
			{"StateFilters", "Transaction states to keep, such as Ongoing or PrepareCommit; an empty list keeps every state."},
			{"ProducerIdFilters", "Producer ids to keep; an empty list keeps every producer."},
			{"DurationFilter", "Keep only transactions open for longer than this many milliseconds; -1 (or any negative value) keeps all."},
			{"TransactionalIdPattern", "A regular expression the transactional id must match; null or empty keeps every id."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example COORDINATOR_LOAD_IN_PROGRESS or INVALID_REGULAR_EXPRESSION."},
			{"UnknownStateFilters", "The state filters from the request that the coordinator did not recognise."},
			{"TransactionStates", "The transactional ids that passed the filters."},
			{"TransactionStates.TransactionalId", "A transactional id owned by this coordinator that passed the filters."},
			{"TransactionStates.ProducerId", "The producer id currently bound to it."},
			{"TransactionStates.TransactionState", hiTxnState},
		},
	},
	{
		Name:    "AllocateProducerIds",
		Role:    KRaft,
		Summary: "A broker asks the controller for a fresh block of producer ids to hand out.",
		Intro: "AllocateProducerIds gives a broker a block of unused producer ids, so that it can answer InitProducerId without asking anyone for each producer. " +
			"The broker sends it to the active controller when its current block runs low; the controller records the new block in the metadata log so no id is given out twice. " +
			"Before this API (KIP-730), brokers claimed their blocks directly in ZooKeeper.",
		Related: []string{"InitProducerId", "BrokerRegistration"},
		Request: fieldDocs{
			{"BrokerId", "The node id of the broker asking for ids."},
			{"BrokerEpoch", "The broker's current epoch from BrokerRegistration, checked to refuse a stale broker; -1 when unknown."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example STALE_BROKER_EPOCH, NOT_CONTROLLER or CLUSTER_AUTHORIZATION_FAILED."},
			{"ProducerIdStart", "The first producer id of the block given to the broker."},
			{"ProducerIdLen", "How many consecutive producer ids the block holds (1000 in Kafka's controller)."},
		},
	},
	{
		Name:    "ConsumerGroupHeartbeat",
		Role:    Groups,
		Summary: "A consumer joins, stays in and leaves a group under the new consumer group protocol, and receives its partitions.",
		Intro: "ConsumerGroupHeartbeat is the single request of the consumer group protocol introduced by KIP-848, replacing JoinGroup, SyncGroup, Heartbeat and LeaveGroup. " +
			"A consumer with group.protocol=consumer sends it to its group coordinator (found with FindCoordinator) when it joins, then every heartbeat interval, and once more to leave. " +
			"The coordinator computes assignments on the server side and hands each member its partitions in the response, one step of the reconciliation at a time. " +
			"Offsets are still committed with OffsetCommit and read with OffsetFetch.",
		Related: []string{"FindCoordinator", "ConsumerGroupDescribe", "OffsetCommit", "OffsetFetch", "JoinGroup"},
		Request: fieldDocs{
			{"GroupId", "The id of the consumer group (group.id)."},
			{"MemberId", "The member id; from version 1 the consumer generates it once (a UUID) and keeps it for its whole life, in version 0 it sends \"\" to join and the coordinator assigns one."},
			{"MemberEpoch", "The member's current epoch; 0 to join, -1 to leave the group, -2 for a static member leaving for a while and meaning to come back."},
			{"InstanceId", "The static member id (group.instance.id); null when the consumer is dynamic or it has not changed since the last heartbeat."},
			{"RackId", "The consumer's rack (client.rack), for rack-aware assignment; null when unset or unchanged."},
			{"RebalanceTimeoutMs", "How long, in milliseconds, the coordinator waits for the member to give up revoked partitions; -1 when unchanged since the last heartbeat."},
			{"SubscribedTopicNames", "The topic names the consumer subscribes to; null when unchanged since the last heartbeat."},
			{"SubscribedTopicRegex", "A regular expression (RE2/J syntax) matching the topics subscribed to, evaluated by the coordinator; null when unchanged or unused."},
			{"ServerAssignor", "The name of the server-side assignor to use, such as uniform or range; null for the group's default or when unchanged."},
			{"TopicPartitions", "The partitions the member owns right now, so the coordinator knows how far it has reconciled; null when unchanged since the last heartbeat."},
			{"TopicPartitions.TopicId", "The id of a topic the member owns partitions of."},
			{"TopicPartitions.Partitions", "The partition numbers of that topic the member owns."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example FENCED_MEMBER_EPOCH (rejoin with epoch 0), UNKNOWN_MEMBER_ID, NOT_COORDINATOR, GROUP_MAX_SIZE_REACHED or UNSUPPORTED_ASSIGNOR."},
			{"ErrorMessage", hiErrorMessage},
			{"MemberId", "The member id; in version 0 the one the coordinator assigned, from version 1 the consumer's own echoed back; null on error."},
			{"MemberEpoch", "The member's new epoch, which the consumer sends in its next heartbeat."},
			{"HeartbeatIntervalMs", "How long, in milliseconds, the member should wait before its next heartbeat (group.consumer.heartbeat.interval.ms)."},
			{"Assignment", "The partitions the member should own from now on; null when its assignment has not changed."},
			{"Assignment.TopicPartitions", "The assigned partitions, grouped by topic, that the member may start consuming at once."},
			{"Assignment.TopicPartitions.TopicId", "The id of an assigned topic."},
			{"Assignment.TopicPartitions.Partitions", "The partition numbers of that topic assigned to the member."},
		},
	},
	{
		Name:    "ConsumerGroupDescribe",
		Role:    Groups,
		Summary: "Describe groups using the new consumer group protocol: state, epochs, members and their assignments.",
		Intro: "ConsumerGroupDescribe describes consumer groups that use the KIP-848 protocol: their state, group and assignment epochs, assignor, and every member with its subscription, current and target assignment. " +
			"An admin client (kafka-consumer-groups --describe) sends it to each group's coordinator, found with FindCoordinator. " +
			"For classic groups the older DescribeGroups is used instead.",
		Related: []string{"ConsumerGroupHeartbeat", "DescribeGroups", "ListGroups", "FindCoordinator"},
		Request: fieldDocs{
			{"GroupIds", "The ids of the consumer groups to describe."},
			{"IncludeAuthorizedOperations", "When true, each group's AuthorizedOperations is filled with what the caller may do on it."},
		},
		Response: hiMerge(fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Groups", "One entry per group asked for."},
			{"Groups.ErrorCode", "The outcome for this group, 0 on success; for example GROUP_ID_NOT_FOUND (also when the group uses the classic protocol), NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED."},
			{"Groups.ErrorMessage", hiErrorMessage},
			{"Groups.GroupId", "The id of the consumer group."},
			{"Groups.GroupState", "The group's state: Empty, Assigning, Reconciling, Stable or Dead; \"\" on error."},
			{"Groups.GroupEpoch", "The group epoch, raised each time membership or subscriptions change."},
			{"Groups.AssignmentEpoch", "The group epoch for which the current target assignment was computed; it trails GroupEpoch while a new one is being made."},
			{"Groups.AssignorName", "The name of the server-side assignor the group uses, such as uniform or range."},
			{"Groups.Members", "The group's members."},
			{"Groups.Members.MemberId", "The id the member uses in its heartbeats, normally a UUID the client generated."},
			{"Groups.Members.InstanceId", "The member's static id (group.instance.id), or null for a dynamic member."},
			{"Groups.Members.RackId", "The member's rack (client.rack), or null."},
			{"Groups.Members.MemberEpoch", "The member's current epoch; it reaches the group's assignment epoch once the member has reconciled."},
			{"Groups.Members.ClientId", "The client.id the member's requests carry."},
			{"Groups.Members.ClientHost", "The address the member connects from."},
			{"Groups.Members.SubscribedTopicNames", "The topic names the member subscribes to."},
			{"Groups.Members.SubscribedTopicRegex", "The regular expression the member subscribes with, or null when it subscribes by name."},
			{"Groups.Members.Assignment", "The partitions the member owns now."},
			{"Groups.Members.TargetAssignment", "The partitions the assignor intends the member to own once reconciliation is done."},
			{"Groups.Members.MemberType", "Which protocol the member joined with: 0 for a classic consumer (JoinGroup) in a group converted to the new protocol, 1 for a ConsumerGroupHeartbeat consumer, -1 when unknown."},
			{"Groups.AuthorizedOperations", hiAuthorizedOps("the group")},
		}, hiUnder("Groups.Members.Assignment", hiNamedAssignment("owns now")), hiUnder("Groups.Members.TargetAssignment", hiNamedAssignment("is to own"))),
	},
	{
		Name:    "ControllerRegistration",
		Role:    KRaft,
		Summary: "A KRaft controller registers its listeners and supported features with the active controller.",
		Intro: "ControllerRegistration is the controllers' counterpart of BrokerRegistration: each KRaft controller sends it to the active controller when it starts, or when leadership changes and its registration is not yet in the metadata log. " +
			"It records the controller's listeners and the feature levels it supports, so that brokers and admin clients can find controllers and UpdateFeatures can check every node. " +
			"Unlike brokers, controllers get no epoch and send no heartbeats of this kind; their liveness comes from the Raft protocol.",
		Related: []string{"BrokerRegistration", "UnregisterController", "UpdateFeatures", "DescribeCluster"},
		Request: fieldDocs{
			{"ControllerId", "The node id of the registering controller."},
			{"IncarnationId", "A random id the controller process picks at each start, so a restart can be told from a retry."},
			{"ZkMigrationReady", "True when the controller is configured for a migration from ZooKeeper (Kafka 3.x only)."},
			{"Listeners", "The listeners this controller accepts connections on."},
			{"Listeners.Name", "The listener name, such as CONTROLLER."},
			{"Listeners.Host", "The host name of that listener."},
			{"Listeners.Port", "The TCP port of that listener."},
			{"Listeners.SecurityProtocol", hiSecurityProtocol},
			{"Features", "The features this controller supports, with the range of levels it can run at."},
			{"Features.Name", "The feature name, such as metadata.version or kraft.version."},
			{"Features.MinSupportedVersion", "The lowest level of the feature this controller can run at."},
			{"Features.MaxSupportedVersion", "The highest level of the feature this controller can run at."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example NOT_CONTROLLER when the receiver is not the active controller, or UNSUPPORTED_VERSION for a feature mismatch."},
			{"ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "GetTelemetrySubscriptions",
		Role:    Telemetry,
		Summary: "A client asks which of its metrics the broker wants pushed, how often and in what form.",
		Intro: "GetTelemetrySubscriptions starts client metrics telemetry (KIP-714): a client asks a broker which of its metrics the cluster wants, how often to push them and which compression it may use. " +
			"Producers, consumers and admin clients send it to one broker soon after connecting, and again whenever a push is refused because the subscription changed. " +
			"The subscriptions come from client-metrics config resources set by operators, and the metrics themselves travel in PushTelemetry.",
		Related: []string{"PushTelemetry", "ListConfigResources", "IncrementalAlterConfigs"},
		Request: fieldDocs{
			{"ClientInstanceId", "The id the broker gave this client instance earlier; all zeros on the first request, to be given one."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example THROTTLING_QUOTA_EXCEEDED when asked again too soon, or INVALID_REQUEST."},
			{"ClientInstanceId", "The id assigned to this client instance when the request sent all zeros; all zeros otherwise."},
			{"SubscriptionId", "An id for the current set of subscriptions; the client sends it with each push, and a stale one means it must ask again."},
			{"AcceptedCompressionTypes", "Compression codecs the broker accepts for pushed metrics (1 gzip, 2 snappy, 3 lz4, 4 zstd); the client picks one it supports, or sends them uncompressed."},
			{"PushIntervalMs", "How often, in milliseconds, the client should push metrics: the shortest interval among the matching subscriptions."},
			{"TelemetryMaxBytes", "The largest metrics payload, in bytes, the broker accepts in one push."},
			{"DeltaTemporality", "True to send counters as the change since the last push, false to send running totals."},
			{"RequestedMetrics", "Prefixes of the metric names wanted; an empty list means none, a single \"\" means every metric."},
		},
	},
	{
		Name:    "PushTelemetry",
		Role:    Telemetry,
		Summary: "A client sends a batch of its own metrics to the broker.",
		Intro: "PushTelemetry carries a client's metrics to a broker under the subscription it got from GetTelemetrySubscriptions (KIP-714). " +
			"A client sends it every push interval and a last time when it closes; the broker hands the metrics to a plugin that exports them, for example to an OpenTelemetry collector. " +
			"It lets operators see client-side metrics without touching the applications.",
		Related: []string{"GetTelemetrySubscriptions"},
		Request: fieldDocs{
			{"ClientInstanceId", "The client instance id the broker assigned in GetTelemetrySubscriptions."},
			{"SubscriptionId", "The subscription id the client received; a stale one is refused with UNKNOWN_SUBSCRIPTION_ID."},
			{"Terminating", "True on the final push, when the client is closing."},
			{"CompressionType", "The codec used for Metrics: 0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd."},
			{"Metrics", "The metrics as an OpenTelemetry MetricsData protobuf (version 1), compressed with CompressionType."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example UNKNOWN_SUBSCRIPTION_ID, TELEMETRY_TOO_LARGE, UNSUPPORTED_COMPRESSION_TYPE or THROTTLING_QUOTA_EXCEEDED when pushing too often."},
		},
	},
	{
		Name:    "AssignReplicasToDirs",
		Role:    KRaft,
		Summary: "A broker tells the controller which log directory holds each of its replicas.",
		Intro: "AssignReplicasToDirs reports to the active controller which log directory of a broker holds each of its partition replicas, a part of JBOD support in KRaft (KIP-858). " +
			"A broker sends it after it places a new replica on a disk or moves one between disks, so that the controller can tell which partitions go offline when a directory fails. " +
			"Failed directories are reported in BrokerHeartbeat.",
		Related: []string{"BrokerHeartbeat", "BrokerRegistration", "AlterReplicaLogDirs"},
		Request: fieldDocs{
			{"BrokerId", "The node id of the reporting broker."},
			{"BrokerEpoch", "The broker's epoch from BrokerRegistration, checked to refuse a stale broker; -1 when unknown."},
			{"Directories", "The log directories with the replicas they now hold."},
			{"Directories.Id", "The id of a log directory, as listed in the broker's registration."},
			{"Directories.Topics", "The topics with replicas placed in that directory."},
			{"Directories.Topics.TopicId", "The id of a topic with replicas in this directory."},
			{"Directories.Topics.Partitions", "The partitions of that topic placed in the directory."},
			{"Directories.Topics.Partitions.PartitionIndex", "The partition number within the topic."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example STALE_BROKER_EPOCH or NOT_CONTROLLER."},
			{"Directories", "The results per directory."},
			{"Directories.Id", "The id of the log directory."},
			{"Directories.Topics", "The results per topic."},
			{"Directories.Topics.TopicId", "The id of a topic whose replica placements are reported."},
			{"Directories.Topics.Partitions", "The results per partition."},
			{"Directories.Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Directories.Topics.Partitions.ErrorCode", "The outcome for this replica, 0 on success; for example UNKNOWN_TOPIC_ID or NOT_LEADER_OR_FOLLOWER when the broker holds no replica of it."},
		},
	},
	{
		Name:    "ListConfigResources",
		Role:    Admin,
		Summary: "List the resources that have configuration: client-metrics subscriptions, groups, topics, brokers.",
		Intro: "ListConfigResources lists the names of resources that carry configuration, so an admin tool can find them before describing them with DescribeConfigs. " +
			"An admin client sends it to any broker; version 0, first named ListClientMetricsResources, lists only client-metrics subscriptions, and version 1 (KIP-1142) can ask for other resource types such as groups and topics. " +
			"Client-metrics resources are what GetTelemetrySubscriptions draws on.",
		Related: []string{"DescribeConfigs", "IncrementalAlterConfigs", "GetTelemetrySubscriptions"},
		Request: fieldDocs{
			{"ResourceTypes", "The config resource types to list: 2 topic, 4 broker, 8 broker logger, 16 client metrics, 32 group; an empty list means all the types the broker supports."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED or UNSUPPORTED_VERSION."},
			{"ConfigResources", "The resources found, one entry each."},
			{"ConfigResources.ResourceName", "The resource's name: a topic, a group, a broker id or a client-metrics subscription name."},
			{"ConfigResources.ResourceType", "The resource's config type: 2 topic, 4 broker, 8 broker logger, 16 client metrics (the only kind in version 0), 32 group."},
		},
	},
	{
		Name:    "DescribeTopicPartitions",
		Role:    Admin,
		Summary: "Describe topics' partitions page by page, with leaders, ISR and eligible leader replicas.",
		Intro: "DescribeTopicPartitions returns the partitions of topics with their leaders, replicas, in-sync and eligible leader replicas, a page at a time (KIP-966). " +
			"An admin client (describeTopics, kafka-topics --describe) sends it to a broker instead of Metadata, which cannot be paged and lacks the ELR fields. " +
			"When a page is full, the response carries a cursor that the next request sends back to continue.",
		Related: []string{"Metadata", "CreateTopics", "ElectLeaders"},
		Request: fieldDocs{
			{"Topics", "The names of the topics to describe; an empty list describes every topic the caller may see."},
			{"Topics.Name", "The name of a topic to describe."},
			{"ResponsePartitionLimit", "The most partitions to put in one response; 2000 by default, and the broker may cap it lower."},
			{"Cursor", "Where to resume, from a previous response's NextCursor; null to start at the beginning."},
			{"Cursor.TopicName", "The topic to resume at."},
			{"Cursor.PartitionIndex", "The first partition of that topic to include."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Topics", "The topics described in this page."},
			{"Topics.ErrorCode", "The outcome for this topic, 0 on success; for example UNKNOWN_TOPIC_OR_PARTITION or TOPIC_AUTHORIZATION_FAILED."},
			{"Topics.Name", "The name of the described topic, as asked for."},
			{"Topics.TopicId", "The topic's id, which unlike the name is never reused for another topic."},
			{"Topics.IsInternal", "True for Kafka's own internal topics such as __consumer_offsets."},
			{"Topics.Partitions", "The topic's partitions in this page."},
			{"Topics.Partitions.ErrorCode", "The outcome for this partition, 0 on success; LEADER_NOT_AVAILABLE when it has no leader."},
			{"Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Topics.Partitions.LeaderId", "The broker id of the partition leader, or -1 when there is none."},
			{"Topics.Partitions.LeaderEpoch", "The partition's leader epoch; -1 when unknown."},
			{"Topics.Partitions.ReplicaNodes", "The broker ids of every replica of the partition."},
			{"Topics.Partitions.IsrNodes", "The broker ids of the replicas in sync with the leader."},
			{"Topics.Partitions.EligibleLeaderReplicas", "Replicas that left the ISR but may still be elected cleanly because they hold all committed data (ELR, KIP-966); null or empty when not in use."},
			{"Topics.Partitions.LastKnownElr", "The last ELR members remembered when the ELR emptied, candidates for a last-resort election; null when not in use."},
			{"Topics.Partitions.OfflineReplicas", "The broker ids of replicas that are offline, for example on a failed disk."},
			{"Topics.TopicAuthorizedOperations", hiAuthorizedOps("the topic")},
			{"NextCursor", "Where the next request should resume when this page was cut short; null when everything was returned."},
			{"NextCursor.TopicName", "The topic to resume at."},
			{"NextCursor.PartitionIndex", "The first partition of that topic not yet returned."},
		},
	},
	{
		Name:    "ShareGroupHeartbeat",
		Role:    ShareGroups,
		Summary: "A share consumer joins, stays in and leaves a share group, and receives its partitions.",
		Intro: "ShareGroupHeartbeat is the membership request of share groups (KIP-932), in which consumers share partitions and acknowledge records one by one, queue-style. " +
			"A share consumer sends it to the group coordinator (found with FindCoordinator) to join, every heartbeat interval to stay, and with epoch -1 to leave. " +
			"The coordinator assigns partitions to members, and several members may get the same partition; the records are then read with ShareFetch and settled with ShareAcknowledge. " +
			"Version 0 was an early-access version of Kafka 4.0 that Kafka 4.1 dropped; version 1 is the first stable one.",
		Related: []string{"ShareFetch", "ShareAcknowledge", "ShareGroupDescribe", "FindCoordinator"},
		Request: fieldDocs{
			{"GroupId", "The id of the share group."},
			{"MemberId", "The member id the consumer generated (a UUID) and keeps for its whole life."},
			{"MemberEpoch", "The member's current epoch; 0 to join, -1 to leave."},
			{"RackId", "The consumer's rack (client.rack); null when unset or unchanged since the last heartbeat."},
			{"SubscribedTopicNames", "The topic names the member subscribes to; null when unchanged since the last heartbeat."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example UNKNOWN_MEMBER_ID, FENCED_MEMBER_EPOCH, NOT_COORDINATOR, GROUP_MAX_SIZE_REACHED or GROUP_AUTHORIZATION_FAILED."},
			{"ErrorMessage", hiErrorMessage},
			{"MemberId", "The member id echoed back; null on error."},
			{"MemberEpoch", "The member's new epoch, to send in its next heartbeat."},
			{"HeartbeatIntervalMs", "How long, in milliseconds, to wait before the next heartbeat (group.share.heartbeat.interval.ms)."},
			{"Assignment", "The partitions the member should fetch from now on; null when its assignment has not changed."},
			{"Assignment.TopicPartitions", "The assigned partitions, grouped by topic."},
			{"Assignment.TopicPartitions.TopicId", "The id of an assigned topic."},
			{"Assignment.TopicPartitions.Partitions", "The partition numbers of that topic assigned to the member; other members may share them."},
		},
	},
	{
		Name:    "ShareGroupDescribe",
		Role:    ShareGroups,
		Summary: "Describe share groups: state, epochs, assignor and members with their assignments.",
		Intro: "ShareGroupDescribe describes share groups: their state, group and assignment epochs, assignor and members with their subscriptions and assigned partitions. " +
			"An admin client (kafka-share-groups --describe) sends it to each group's coordinator, found with FindCoordinator. " +
			"The group's delivery progress per partition is read with DescribeShareGroupOffsets.",
		Related: []string{"ShareGroupHeartbeat", "DescribeShareGroupOffsets", "ListGroups", "FindCoordinator"},
		Request: fieldDocs{
			{"GroupIds", "The ids of the share groups to describe."},
			{"IncludeAuthorizedOperations", "When true, each group's AuthorizedOperations is filled with what the caller may do on it."},
		},
		Response: hiMerge(fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Groups", "One entry per group asked for."},
			{"Groups.ErrorCode", "The outcome for this group, 0 on success; for example GROUP_ID_NOT_FOUND (also when the group is not a share group), NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED."},
			{"Groups.ErrorMessage", hiErrorMessage},
			{"Groups.GroupId", "The id of the share group."},
			{"Groups.GroupState", "The group's state: Empty, Stable or Dead; \"\" on error."},
			{"Groups.GroupEpoch", "The group epoch, raised each time membership or subscriptions change."},
			{"Groups.AssignmentEpoch", "The group epoch for which the current assignment was computed."},
			{"Groups.AssignorName", "The name of the assignor the group uses (simple by default)."},
			{"Groups.Members", "The group's members."},
			{"Groups.Members.MemberId", "The id the member uses in its heartbeats, normally a UUID the client generated."},
			{"Groups.Members.RackId", "The member's rack (client.rack), or null."},
			{"Groups.Members.MemberEpoch", "The member's current epoch."},
			{"Groups.Members.ClientId", "The client.id the member's requests carry."},
			{"Groups.Members.ClientHost", "The address the member connects from."},
			{"Groups.Members.SubscribedTopicNames", "The topic names the member subscribes to."},
			{"Groups.Members.Assignment", "The partitions assigned to the member."},
			{"Groups.AuthorizedOperations", hiAuthorizedOps("the group")},
		}, hiUnder("Groups.Members.Assignment", hiNamedAssignment("is assigned"))),
	},
	{
		Name:    "ShareFetch",
		Role:    ShareGroups,
		Summary: "A share consumer fetches records it then holds under a time-limited lock, and may acknowledge earlier ones.",
		Intro: "ShareFetch is how a member of a share group reads records: the partition leader hands out records that no other member holds and locks them to this member for a limited time. " +
			"A share consumer sends it to the leader of each assigned partition within a share session, and may piggyback acknowledgements of records it got before. " +
			"Records not acknowledged before the lock expires are delivered again, up to a delivery limit. " +
			"ShareAcknowledge settles records without fetching more, and ShareGroupHeartbeat decides which partitions a member reads.",
		Related: []string{"ShareAcknowledge", "ShareGroupHeartbeat", "Fetch"},
		Request: hiMerge(fieldDocs{
			{"GroupId", "The id of the share group the member fetches for."},
			{"MemberId", "The member id the consumer uses in ShareGroupHeartbeat."},
			{"ShareSessionEpoch", hiShareSessionEpoch},
			{"MaxWaitMs", "How long, in milliseconds, the broker may wait for MinBytes of data before answering."},
			{"MinBytes", "The least data, in bytes, the broker should gather before answering early."},
			{"MaxBytes", "The most data, in bytes, to return across all partitions; 2147483647 by default. The first batch is returned even if larger."},
			{"MaxRecords", "The most records to acquire in this fetch; may be exceeded to keep whole batches."},
			{"BatchSize", "The preferred number of records per acquired range, which also shapes how acknowledgements are grouped."},
			{"ShareAcquireMode", "How records are acquired: 0 batch-optimized (whole batches, the default), 1 record-limit (MaxRecords is strict)."},
			{"IsRenewAck", "True when the acknowledgements include Renew (4), which extends the lock on records instead of settling them."},
			{"Topics", "The topics to fetch from, and acknowledge in."},
			{"Topics.TopicId", "The id of a topic to fetch from; share requests name topics only by id."},
			{"Topics.Partitions", "The partitions of that topic to fetch from."},
			{"Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Topics.Partitions.PartitionMaxBytes", "Version 0 only: the most bytes to return from this partition, 0 to only acknowledge."},
			{"ForgottenTopicsData", "Partitions to drop from the share session, which the member no longer fetches."},
			{"ForgottenTopicsData.TopicId", "The id of a topic with partitions to drop from the session."},
			{"ForgottenTopicsData.Partitions", "The partition numbers of that topic to drop."},
		}, hiUnder("Topics.Partitions", hiAckBatches)),
		Response: hiMerge(fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example SHARE_SESSION_NOT_FOUND, INVALID_SHARE_SESSION_EPOCH or GROUP_AUTHORIZATION_FAILED."},
			{"ErrorMessage", hiErrorMessage},
			{"AcquisitionLockTimeoutMs", "How long, in milliseconds, the acquired records stay locked to this member (group.share.record.lock.duration.ms)."},
			{"Responses", "The results per topic."},
			{"Responses.TopicId", "The id of a topic in the results."},
			{"Responses.Partitions", "The results per partition."},
			{"Responses.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Responses.Partitions.ErrorCode", "The outcome of the fetch for this partition, 0 on success; for example NOT_LEADER_OR_FOLLOWER or UNKNOWN_TOPIC_ID."},
			{"Responses.Partitions.ErrorMessage", hiErrorMessage},
			{"Responses.Partitions.AcknowledgeErrorCode", "The outcome of the acknowledgements sent for this partition, 0 on success; INVALID_RECORD_STATE when the records were not held by this member."},
			{"Responses.Partitions.AcknowledgeErrorMessage", "Details for AcknowledgeErrorCode; null when there is none."},
			{"Responses.Partitions.CurrentLeader", "The partition's leader as the broker knows it, sent when the member asked the wrong broker."},
			{"Responses.Partitions.CurrentLeader.LeaderId", "The broker id of the leader, or -1 when unknown."},
			{"Responses.Partitions.CurrentLeader.LeaderEpoch", "The newest leader epoch the broker knows."},
			{"Responses.Partitions.Records", "The fetched record batches; they may hold records outside the acquired ranges, which the consumer must skip (null allowed only in version 0)."},
			{"Responses.Partitions.AcquiredRecords", "The offset ranges within Records that are now locked to this member."},
			{"Responses.Partitions.AcquiredRecords.FirstOffset", "The first offset of an acquired range."},
			{"Responses.Partitions.AcquiredRecords.LastOffset", "The last offset of that range, inclusive."},
			{"Responses.Partitions.AcquiredRecords.DeliveryCount", "How many times these records have been delivered, this time included."},
		}, hiShareNodeEndpoints),
	},
	{
		Name:    "ShareAcknowledge",
		Role:    ShareGroups,
		Summary: "A share consumer accepts, releases, rejects or renews records it holds, without fetching more.",
		Intro: "ShareAcknowledge settles records that a share group member received from ShareFetch: accepted when processed, released for another delivery, or rejected as unprocessable. " +
			"A share consumer sends it to the partition leader within its share session when it has acknowledgements but wants no new records, for example on commitSync or when closing. " +
			"Version 2 adds renewing a lock to keep records longer; version 0 was an early-access version dropped in Kafka 4.1.",
		Related: []string{"ShareFetch", "ShareGroupHeartbeat"},
		Request: hiMerge(fieldDocs{
			{"GroupId", "The id of the share group the member belongs to."},
			{"MemberId", "The member id the consumer uses in ShareGroupHeartbeat."},
			{"ShareSessionEpoch", hiShareSessionEpoch},
			{"IsRenewAck", "True when the acknowledgements include Renew (4), which extends the lock on records instead of settling them."},
			{"Topics", "The topics with records to acknowledge."},
			{"Topics.TopicId", "The id of a topic holding records to acknowledge."},
			{"Topics.Partitions", "The partitions of that topic with records to acknowledge."},
			{"Topics.Partitions.PartitionIndex", "The partition number within the topic."},
		}, hiUnder("Topics.Partitions", hiAckBatches)),
		Response: hiMerge(fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example SHARE_SESSION_NOT_FOUND, INVALID_SHARE_SESSION_EPOCH or GROUP_AUTHORIZATION_FAILED."},
			{"ErrorMessage", hiErrorMessage},
			{"AcquisitionLockTimeoutMs", "How long, in milliseconds, renewed records stay locked to this member."},
			{"Responses", "The results per topic."},
			{"Responses.TopicId", "The id of a topic in the results."},
			{"Responses.Partitions", "The results per partition."},
			{"Responses.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Responses.Partitions.ErrorCode", "The outcome for this partition, 0 on success; INVALID_RECORD_STATE when the records were not held by this member, or NOT_LEADER_OR_FOLLOWER."},
			{"Responses.Partitions.ErrorMessage", hiErrorMessage},
			{"Responses.Partitions.CurrentLeader", "The partition's leader as the broker knows it, sent when the member asked the wrong broker."},
			{"Responses.Partitions.CurrentLeader.LeaderId", "The broker id of the leader, or -1 when unknown."},
			{"Responses.Partitions.CurrentLeader.LeaderEpoch", "The newest leader epoch the broker knows."},
		}, hiShareNodeEndpoints),
	},
	{
		Name:    "AddRaftVoter",
		Role:    KRaft,
		Summary: "Add a controller to the voters of the KRaft metadata quorum.",
		Intro: "AddRaftVoter grows the KRaft controller quorum by one voter, under dynamic quorum membership (KIP-853). " +
			"An admin client (kafka-metadata-quorum add-controller) sends it to a broker or controller, and it reaches the quorum leader, which writes the new voter set to the metadata log. " +
			"The new controller must first be running as an observer and caught up; RemoveRaftVoter does the opposite and DescribeQuorum shows the result.",
		Related: []string{"RemoveRaftVoter", "UpdateRaftVoter", "DescribeQuorum"},
		Request: fieldDocs{
			{"ClusterId", "The id of the cluster the voter joins, checked by the leader; null to skip the check."},
			{"TimeoutMs", "How long, in milliseconds, the caller waits for the change to complete."},
			{"VoterId", "The replica (node) id of the controller to add."},
			{"VoterDirectoryId", "The metadata log directory id of that controller, which together with its id names the voter."},
			{"Listeners", "The listeners on which the new voter can be reached by the other controllers."},
			{"Listeners.Name", "The listener name, such as CONTROLLER."},
			{"Listeners.Host", "The host name of that listener."},
			{"Listeners.Port", "The TCP port of that listener."},
			{"AckWhenCommitted", "When true (the default), answer once the new voter set is committed; when false, once the leader has written it to its own log."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example DUPLICATE_VOTER, UNSUPPORTED_VERSION when kraft.version does not allow dynamic membership, REQUEST_TIMED_OUT, or NOT_LEADER_OR_FOLLOWER."},
			{"ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "RemoveRaftVoter",
		Role:    KRaft,
		Summary: "Remove a controller from the voters of the KRaft metadata quorum.",
		Intro: "RemoveRaftVoter takes one voter out of the KRaft controller quorum, under dynamic quorum membership (KIP-853). " +
			"An admin client (kafka-metadata-quorum remove-controller) sends it to a broker or controller, and the quorum leader writes the smaller voter set to the metadata log. " +
			"It is used to retire a controller or to replace one whose disk was lost, together with AddRaftVoter.",
		Related: []string{"AddRaftVoter", "UpdateRaftVoter", "DescribeQuorum"},
		Request: fieldDocs{
			{"ClusterId", "The id of the cluster, checked by the leader; null to skip the check."},
			{"VoterId", "The replica (node) id of the voter to remove."},
			{"VoterDirectoryId", "The metadata log directory id of the voter to remove; only the voter with both this id and directory is removed."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example VOTER_NOT_FOUND, UNSUPPORTED_VERSION when kraft.version does not allow dynamic membership, or NOT_LEADER_OR_FOLLOWER."},
			{"ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "UpdateRaftVoter",
		Role:    KRaft,
		Summary: "A KRaft voter updates its own listeners and supported kraft.version range at the leader.",
		Intro: "UpdateRaftVoter is sent by a KRaft voter to the quorum leader to refresh what the voter set records about it: its listeners and the range of kraft.version it supports. " +
			"A controller sends it after starting when its recorded endpoints or supported versions differ from what it runs with, for example after an upgrade. " +
			"The leader writes the updated voter set to the metadata log; AddRaftVoter and RemoveRaftVoter change the membership itself.",
		Related: []string{"AddRaftVoter", "RemoveRaftVoter", "DescribeQuorum", "UpdateFeatures"},
		Request: fieldDocs{
			{"ClusterId", "The id of the cluster, checked by the leader; null to skip the check."},
			{"CurrentLeaderEpoch", "The leader epoch the voter knows, so a stale leader refuses it; -1 when unknown."},
			{"VoterId", "The replica id of the voter updating itself."},
			{"VoterDirectoryId", "The metadata log directory id of that voter."},
			{"Listeners", "The listeners on which this voter can now be reached."},
			{"Listeners.Name", "The listener name, such as CONTROLLER."},
			{"Listeners.Host", "The host name of that listener."},
			{"Listeners.Port", "The TCP port of that listener."},
			{"KRaftVersionFeature", "The range of kraft.version levels this voter supports."},
			{"KRaftVersionFeature.MinSupportedVersion", "The lowest kraft.version level the voter can run at."},
			{"KRaftVersionFeature.MaxSupportedVersion", "The highest kraft.version level the voter can run at."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example VOTER_NOT_FOUND, INVALID_REQUEST, or NOT_LEADER_OR_FOLLOWER with CurrentLeader set."},
			{"CurrentLeader", "The quorum leader as the responder knows it, so the voter can retry there."},
			{"CurrentLeader.LeaderId", "The replica id of the leader, or -1 when unknown."},
			{"CurrentLeader.LeaderEpoch", "The newest leader epoch known; -1 when unknown."},
			{"CurrentLeader.Host", "The host name of the leader's listener."},
			{"CurrentLeader.Port", "The TCP port of the leader's listener."},
		},
	},
	{
		Name:    "InitializeShareGroupState",
		Role:    ShareGroups,
		Summary: "The group coordinator creates the durable state of a share group's partitions at the share coordinator.",
		Intro: "InitializeShareGroupState creates or resets the stored delivery state of a share group on some partitions. " +
			"The group coordinator sends it to the share coordinator, the broker that keeps share-group state in the internal __share_group_state topic, when a share group starts consuming a partition or when its start offset is reset. " +
			"It sets the start offset and a new state epoch that fences older writers; ReadShareGroupState and WriteShareGroupState then work on that state.",
		Related: []string{"ReadShareGroupState", "WriteShareGroupState", "DeleteShareGroupState", "ShareGroupHeartbeat", "AlterShareGroupOffsets"},
		Request: fieldDocs{
			{"GroupId", hiShareStateGroup},
			{"Topics", "The topics whose share-partition state is created."},
			{"Topics.TopicId", "The id of a topic the share group consumes."},
			{"Topics.Partitions", "The partitions of that topic to initialize."},
			{"Topics.Partitions.Partition", "The partition number within the topic."},
			{"Topics.Partitions.StateEpoch", "The new state epoch; later writes carrying an older one are refused with FENCED_STATE_EPOCH."},
			{"Topics.Partitions.StartOffset", "The offset from which the group starts delivering records; -1 to leave it to be found later (from share.auto.offset.reset)."},
		},
		Response: hiShareStateResults(nil),
	},
	{
		Name:    "ReadShareGroupState",
		Role:    ShareGroups,
		Summary: "A share-partition leader loads the group's durable delivery state for a partition.",
		Intro: "ReadShareGroupState loads the stored state of a share-partition: the start offset and which later records are acknowledged, archived or still available, with their delivery counts. " +
			"The broker leading a partition sends it to the share coordinator when a share group first fetches from that partition there, for example after a leader change. " +
			"From then on the leader keeps the state in memory and saves changes with WriteShareGroupState.",
		Related: []string{"WriteShareGroupState", "InitializeShareGroupState", "ShareFetch", "FindCoordinator"},
		Request: fieldDocs{
			{"GroupId", hiShareStateGroup},
			{"Topics", "The topics whose share-partition state is read."},
			{"Topics.TopicId", "The id of a topic the share group consumes."},
			{"Topics.Partitions", "The partitions of that topic to read."},
			{"Topics.Partitions.Partition", "The partition number within the topic."},
			{"Topics.Partitions.LeaderEpoch", "The leader epoch of the broker asking, so a stale former leader is fenced with FENCED_LEADER_EPOCH."},
		},
		Response: hiShareStateResults(hiMerge(fieldDocs{
			{"StateEpoch", "The current state epoch of the share-partition."},
			{"StartOffset", "The share-partition start offset: records before it are all settled; -1 when not initialized yet."},
		}, hiStateBatches)),
	},
	{
		Name:    "WriteShareGroupState",
		Role:    ShareGroups,
		Summary: "A share-partition leader saves changes to the group's delivery state for a partition.",
		Intro: "WriteShareGroupState saves a share-partition's delivery state durably: the new start offset and the ranges of records whose state changed. " +
			"The broker leading the partition sends it to the share coordinator after records are acknowledged, released, rejected or their locks expire. " +
			"The state was first loaded with ReadShareGroupState, and the share coordinator appends it to the __share_group_state topic.",
		Related: []string{"ReadShareGroupState", "InitializeShareGroupState", "ShareAcknowledge", "ShareFetch"},
		Request: hiMerge(fieldDocs{
			{"GroupId", hiShareStateGroup},
			{"Topics", "The topics whose share-partition state changes."},
			{"Topics.TopicId", "The id of a topic the share group consumes."},
			{"Topics.Partitions", "The partitions of that topic with changes."},
			{"Topics.Partitions.Partition", "The partition number within the topic."},
			{"Topics.Partitions.StateEpoch", "The state epoch the writer read; an outdated one is refused with FENCED_STATE_EPOCH."},
			{"Topics.Partitions.LeaderEpoch", "The leader epoch of the writing broker, so a former leader is fenced."},
			{"Topics.Partitions.StartOffset", "The new share-partition start offset; -1 when this write does not move it."},
			{"Topics.Partitions.DeliveryCompleteCount", "How many offsets from the start offset on have finished delivery (acknowledged or archived), for computing lag; -1 when not known."},
		}, hiUnder("Topics.Partitions", hiStateBatches)),
		Response: hiShareStateResults(nil),
	},
	{
		Name:    "DeleteShareGroupState",
		Role:    ShareGroups,
		Summary: "Remove the durable state of a share group's partitions from the share coordinator.",
		Intro: "DeleteShareGroupState erases the stored delivery state of a share group on some partitions. " +
			"The group coordinator sends it to the share coordinator when a share group is deleted with DeleteGroups or when its offsets are deleted with DeleteShareGroupOffsets. " +
			"It undoes InitializeShareGroupState.",
		Related: []string{"InitializeShareGroupState", "DeleteGroups", "DeleteShareGroupOffsets"},
		Request: fieldDocs{
			{"GroupId", hiShareStateGroup},
			{"Topics", "The topics whose share-partition state is deleted."},
			{"Topics.TopicId", "The id of a topic the share group consumes."},
			{"Topics.Partitions", "The partitions of that topic to delete state for."},
			{"Topics.Partitions.Partition", "The partition number within the topic."},
		},
		Response: hiShareStateResults(nil),
	},
	{
		Name:    "ReadShareGroupStateSummary",
		Role:    ShareGroups,
		Summary: "Read just the start offset and epochs of a share group's partitions, without the record detail.",
		Intro: "ReadShareGroupStateSummary returns the short form of a share-partition's stored state: the start offset, epochs and, from version 1, how many records past it are done. " +
			"The group coordinator sends it to the share coordinator to answer DescribeShareGroupOffsets, so that admin tools can show a share group's progress and lag. " +
			"ReadShareGroupState is the full form used by partition leaders.",
		Related: []string{"DescribeShareGroupOffsets", "ReadShareGroupState"},
		Request: fieldDocs{
			{"GroupId", hiShareStateGroup},
			{"Topics", "The topics whose share-partition state is summarized."},
			{"Topics.TopicId", "The id of a topic the share group consumes."},
			{"Topics.Partitions", "The partitions of that topic to summarize."},
			{"Topics.Partitions.Partition", "The partition number within the topic."},
			{"Topics.Partitions.LeaderEpoch", "A leader epoch checked against the one stored with the state, as in ReadShareGroupState."},
		},
		Response: hiShareStateResults(fieldDocs{
			{"StateEpoch", "The current state epoch of the share-partition."},
			{"LeaderEpoch", "The leader epoch last recorded with the state."},
			{"StartOffset", "The share-partition start offset; -1 when not initialized yet."},
			{"DeliveryCompleteCount", "How many offsets from the start offset on have finished delivery, used to compute lag; -1 when not known."},
		}),
	},
	{
		Name:    "StreamsGroupHeartbeat",
		Role:    Streams,
		Summary: "A Kafka Streams member joins, stays in and leaves a streams group, and receives its tasks.",
		Intro: "StreamsGroupHeartbeat is the membership request of streams groups (KIP-1071), which move the assignment of Kafka Streams tasks from the clients to the group coordinator. " +
			"Each Streams consumer sends it to the group coordinator to join (describing the application's topology the first time), then every heartbeat interval with its tasks and changelog progress, and with epoch -1 to leave. " +
			"The coordinator validates the topology, creates missing internal topics, and answers with the active, standby and warm-up tasks for the member and where other members serve interactive queries. " +
			"StreamsGroupDescribe shows the group, and offsets are committed with OffsetCommit.",
		Related: []string{"StreamsGroupDescribe", "StreamsGroupTopologyDescriptionUpdate", "FindCoordinator", "OffsetCommit", "ConsumerGroupHeartbeat"},
		Request: hiMerge(fieldDocs{
			{"GroupId", "The id of the streams group, the Streams application.id."},
			{"MemberId", "The member id the Streams consumer generated (a UUID) and keeps for its whole life."},
			{"MemberEpoch", "The member's current epoch; 0 to join, -1 to leave, -2 for a static member leaving for a while and meaning to come back."},
			{"EndpointInformationEpoch", "The epoch of the interactive-query endpoint map the member last received, so the coordinator sends a new map only when it has changed."},
			{"InstanceId", "The static member id (group.instance.id); null when not used or unchanged since the last heartbeat."},
			{"RackId", "The member's rack (client.rack); null when unset or unchanged."},
			{"RebalanceTimeoutMs", "How long, in milliseconds, the coordinator waits for the member to give up revoked tasks; -1 when unchanged since the last heartbeat."},
			{"Topology", "The application's topology, sent only when joining (epoch 0) so the coordinator can set it up or check it matches; null otherwise."},
			{"Topology.Epoch", "The topology's epoch, raised by the application when it changes its topology."},
			{"Topology.Subtopologies", "The subtopologies of the application: parts of the processing graph that share no topics, each split into tasks by partition."},
			{"ActiveTasks", "The active tasks the member runs now; null when unchanged since the last heartbeat."},
			{"StandbyTasks", "The standby tasks the member keeps now; null when unchanged."},
			{"WarmupTasks", "The warm-up tasks the member is restoring now; null when unchanged."},
			{"ProcessId", "The id of the Streams instance (process) this consumer belongs to, shared by its stream threads; null when unchanged."},
			{"UserEndpoint", "The host and port where this instance serves interactive queries (application.server); null when unchanged or not configured."},
			{"UserEndpoint.Host", "The host name of the interactive-query endpoint."},
			{"UserEndpoint.Port", "The TCP port of the interactive-query endpoint."},
			{"ClientTags", "Tags (client.tag.*) for rack-aware placement of standby tasks; null when unchanged."},
			{"ClientTags.Key", "The tag's name, such as zone."},
			{"ClientTags.Value", "The tag's value for this member, such as eu-west-1a."},
			{"TaskOffsets", "How far the member has restored each task's changelogs, sent every task offset interval or when a warm-up task catches up; null when unchanged."},
			{"TaskEndOffsets", "The changelog end offsets of each task the member holds, sent together with TaskOffsets; null when unchanged."},
			{"ShutdownApplication", "True to ask every member of the application to shut down, for example after an unrecoverable error."},
		}, hiUnder("Topology.Subtopologies", hiSubtopology(true)),
			hiUnder("ActiveTasks", hiTaskIDs("active tasks")), hiUnder("StandbyTasks", hiTaskIDs("standby tasks")), hiUnder("WarmupTasks", hiTaskIDs("warm-up tasks")),
			hiUnder("TaskOffsets", hiTaskOffset("The changelog offset the task's state is restored up to, summed over all of the task's changelog partitions.")), hiUnder("TaskEndOffsets", hiTaskOffset("The end offset of the task's changelogs, summed over all of its changelog partitions."))),
		Response: hiMerge(fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example FENCED_MEMBER_EPOCH, UNKNOWN_MEMBER_ID, STREAMS_INVALID_TOPOLOGY, STREAMS_TOPOLOGY_FENCED or NOT_COORDINATOR."},
			{"ErrorMessage", hiErrorMessage},
			{"MemberId", "The member id the client sent, echoed back."},
			{"MemberEpoch", "The member's new epoch, to send in its next heartbeat."},
			{"HeartbeatIntervalMs", "How long, in milliseconds, to wait before the next heartbeat (group.streams.heartbeat.interval.ms)."},
			{"AcceptableRecoveryLagLegacy", "Version 0 only: how many changelog records a member may be behind and still count as caught up for an active task (replaced by AcceptableRecoveryLag)."},
			{"TaskOffsetIntervalMs", "How often, in milliseconds, the member should report its task changelog offsets."},
			{"AcceptableRecoveryLag", "How many changelog records a member may be behind and still count as caught up for an active task; -1 when the broker does not support the setting."},
			{"Status", "Conditions of the group the member should know about; null or empty when there are none."},
			{"Status.StatusCode", "The condition: 0 stale topology, 1 missing source topics, 2 incorrectly partitioned topics, 3 missing internal topics, 4 shutdown requested, 5 assignment delayed, 6 missing client tags (version 1 only)."},
			{"Status.StatusDetail", "Readable detail of the condition, such as the names of the missing topics."},
			{"ActiveTasks", "The active tasks the member should run; null when unchanged since the last heartbeat."},
			{"StandbyTasks", "The standby tasks the member should keep; null when unchanged."},
			{"WarmupTasks", "The warm-up tasks the member should restore before taking them over; null when unchanged."},
			{"TopologyDescriptionRequired", "True when the coordinator has no current description of the topology and the member should send one with StreamsGroupTopologyDescriptionUpdate."},
			{"EndpointInformationEpoch", "The epoch of the endpoint map below, for the member to send back."},
			{"PartitionsByUserEndpoint", "Which partitions each interactive-query endpoint serves, one entry per member (so one endpoint may appear several times); null when unchanged."},
			{"PartitionsByUserEndpoint.UserEndpoint", "The endpoint of a member."},
			{"PartitionsByUserEndpoint.UserEndpoint.Host", "The host name of that endpoint."},
			{"PartitionsByUserEndpoint.UserEndpoint.Port", "The TCP port of that endpoint."},
			{"PartitionsByUserEndpoint.ActivePartitions", "The source partitions of that member's active tasks, repartition topics included."},
			{"PartitionsByUserEndpoint.ActivePartitions.Topic", "The name of a source topic."},
			{"PartitionsByUserEndpoint.ActivePartitions.Partitions", "The partition numbers of that topic."},
			{"PartitionsByUserEndpoint.StandbyPartitions", "The source partitions of that member's standby and warm-up tasks."},
			{"PartitionsByUserEndpoint.StandbyPartitions.Topic", "The name of a source topic."},
			{"PartitionsByUserEndpoint.StandbyPartitions.Partitions", "The partition numbers of that topic."},
		}, hiUnder("ActiveTasks", hiTaskIDs("active tasks")), hiUnder("StandbyTasks", hiTaskIDs("standby tasks")), hiUnder("WarmupTasks", hiTaskIDs("warm-up tasks"))),
	},
	{
		Name:    "StreamsGroupDescribe",
		Role:    Streams,
		Summary: "Describe streams groups: state, topology, members, their tasks and changelog progress.",
		Intro: "StreamsGroupDescribe describes streams groups (KIP-1071): their state and epochs, the topology the coordinator holds, and each member with its process, endpoints, tasks and changelog offsets. " +
			"An admin client (kafka-streams-groups --describe) sends it to each group's coordinator, found with FindCoordinator. " +
			"From version 1 it can also return the full topology description that members send with StreamsGroupTopologyDescriptionUpdate.",
		Related: []string{"StreamsGroupHeartbeat", "StreamsGroupTopologyDescriptionUpdate", "ListGroups", "FindCoordinator"},
		Request: fieldDocs{
			{"GroupIds", "The ids of the streams groups to describe."},
			{"IncludeAuthorizedOperations", "When true, each group's AuthorizedOperations is filled with what the caller may do on it."},
			{"IncludeTopologyDescription", "When true, the response carries the full topology description when the coordinator has one."},
		},
		Response: hiMerge(fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Groups", "One entry per group asked for."},
			{"Groups.ErrorCode", "The outcome for this group, 0 on success; for example GROUP_ID_NOT_FOUND (also when it is not a streams group), NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED."},
			{"Groups.ErrorMessage", hiErrorMessage},
			{"Groups.GroupId", "The id of the streams group (the application.id)."},
			{"Groups.GroupState", "The group's state: Empty, NotReady, Assigning, Reconciling, Stable or Dead; \"\" on error."},
			{"Groups.GroupEpoch", "The group epoch, raised each time membership, topology or metadata change."},
			{"Groups.AssignmentEpoch", "The group epoch for which the current target assignment was computed."},
			{"Groups.Topology", "The topology the coordinator set up for the group; null on error."},
			{"Groups.Topology.Epoch", "The epoch of that topology."},
			{"Groups.Topology.Subtopologies", "The subtopologies with partition counts set and regular expressions resolved to topics; null while the group is not ready, for example when source topics are missing."},
			{"Groups.Members", "The group's members, one per Streams consumer (stream thread)."},
			{"Groups.Members.MemberId", "The id the member uses in its heartbeats, normally a UUID the client generated."},
			{"Groups.Members.MemberEpoch", "The member's current epoch."},
			{"Groups.Members.InstanceId", "The member's static id (group.instance.id), or null."},
			{"Groups.Members.RackId", "The member's rack (client.rack), or null."},
			{"Groups.Members.ClientId", "The client.id the member's requests carry."},
			{"Groups.Members.ClientHost", "The address the member connects from."},
			{"Groups.Members.TopologyEpoch", "The epoch of the topology the member runs."},
			{"Groups.Members.ProcessId", "The id of the Streams instance (process) the member belongs to."},
			{"Groups.Members.UserEndpoint", "Where that instance serves interactive queries, or null when not configured."},
			{"Groups.Members.UserEndpoint.Host", "The host name of the interactive-query endpoint."},
			{"Groups.Members.UserEndpoint.Port", "The TCP port of the interactive-query endpoint."},
			{"Groups.Members.ClientTags", "The member's tags for rack-aware standby placement."},
			{"Groups.Members.ClientTags.Key", "The tag's name, such as zone."},
			{"Groups.Members.ClientTags.Value", "The tag's value for this member."},
			{"Groups.Members.TaskOffsets", "How far the member has restored each task's changelogs, as last reported."},
			{"Groups.Members.TaskEndOffsets", "The changelog end offsets of the member's tasks, as last reported."},
			{"Groups.Members.Assignment", "The tasks the member holds now."},
			{"Groups.Members.TargetAssignment", "The tasks the assignor intends the member to hold once reconciled."},
			{"Groups.Members.IsClassic", "True for a member that still uses the classic consumer protocol, not yet upgraded."},
			{"Groups.AuthorizedOperations", hiAuthorizedOps("the group")},
			{"Groups.TopologyDescription", "The full topology description, set only when TopologyDescriptionStatus is 3; null otherwise."},
			{"Groups.TopologyDescriptionStatus", "Whether TopologyDescription is given: 0 not asked for, 1 none stored for the group, 2 error while reading it, 3 available."},
			{"Groups.AssignorName", "The task assignor the coordinator will use for the next assignment, which may differ from the one that made the current one; null on error."},
		}, hiUnder("Groups.Topology.Subtopologies", hiSubtopology(false)),
			hiUnder("Groups.Members.TaskOffsets", hiTaskOffset("The changelog offset the task's state is restored up to, summed over all of the task's changelog partitions.")), hiUnder("Groups.Members.TaskEndOffsets", hiTaskOffset("The end offset of the task's changelogs, summed over all of its changelog partitions.")),
			hiUnder("Groups.Members.Assignment", hiTaskAssignment("holds now")), hiUnder("Groups.Members.TargetAssignment", hiTaskAssignment("is to hold")),
			hiUnder("Groups.TopologyDescription", hiTopologyDescription)),
	},
	{
		Name:    "DescribeShareGroupOffsets",
		Role:    ShareGroups,
		Summary: "Read where share groups stand on each partition: start offset and lag.",
		Intro: "DescribeShareGroupOffsets returns, for share groups, the start offset of each share-partition (records before it are all settled) and, from version 1, the lag. " +
			"An admin client (kafka-share-groups --describe) sends it to the group coordinator, found with FindCoordinator, which reads the stored state with ReadShareGroupStateSummary. " +
			"AlterShareGroupOffsets and DeleteShareGroupOffsets change what it shows.",
		Related: []string{"AlterShareGroupOffsets", "DeleteShareGroupOffsets", "ReadShareGroupStateSummary", "ShareGroupDescribe"},
		Request: fieldDocs{
			{"Groups", "The share groups to describe."},
			{"Groups.GroupId", "The id of a share group."},
			{"Groups.Topics", "The topics to describe for that group; null for every topic the group has state for."},
			{"Groups.Topics.TopicName", "The name of a topic to report on."},
			{"Groups.Topics.Partitions", "The partition numbers of that topic to describe."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"Groups", "The results per group."},
			{"Groups.GroupId", "The id of the share group."},
			{"Groups.Topics", "The results per topic."},
			{"Groups.Topics.TopicName", "The name of a topic reported on."},
			{"Groups.Topics.TopicId", "The id of that topic, resolved by the coordinator."},
			{"Groups.Topics.Partitions", "The results per partition."},
			{"Groups.Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Groups.Topics.Partitions.StartOffset", "The share-partition start offset: every record before it is settled; -1 when the group has no state for the partition."},
			{"Groups.Topics.Partitions.LeaderEpoch", "The leader epoch stored with the share-partition's state."},
			{"Groups.Topics.Partitions.Lag", "How many records between the start offset and the high watermark are not yet fully delivered; -1 when unknown."},
			{"Groups.Topics.Partitions.ErrorCode", "The outcome for this partition, 0 on success; for example TOPIC_AUTHORIZATION_FAILED or UNKNOWN_TOPIC_OR_PARTITION."},
			{"Groups.Topics.Partitions.ErrorMessage", hiErrorMessage},
			{"Groups.ErrorCode", "The outcome for the group, 0 on success; for example GROUP_ID_NOT_FOUND, NOT_COORDINATOR or GROUP_AUTHORIZATION_FAILED."},
			{"Groups.ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "AlterShareGroupOffsets",
		Role:    ShareGroups,
		Summary: "Move a share group's start offsets, for example to replay or skip records.",
		Intro: "AlterShareGroupOffsets sets new start offsets for a share group on given partitions, which resets their delivery state. " +
			"An admin client (kafka-share-groups --reset-offsets) sends it to the group coordinator; the group must have no active members, else it fails with NON_EMPTY_GROUP. " +
			"The coordinator rewrites the state through InitializeShareGroupState, and DescribeShareGroupOffsets shows the result.",
		Related: []string{"DescribeShareGroupOffsets", "DeleteShareGroupOffsets", "InitializeShareGroupState"},
		Request: fieldDocs{
			{"GroupId", "The id of the share group, which must be empty."},
			{"Topics", "The topics whose start offsets change."},
			{"Topics.TopicName", "The name of a topic whose start offsets change."},
			{"Topics.Partitions", "The partitions of that topic to change."},
			{"Topics.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Topics.Partitions.StartOffset", "The new start offset; delivery resumes from here."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND or NOT_COORDINATOR."},
			{"ErrorMessage", hiErrorMessage},
			{"Responses", "The results per topic."},
			{"Responses.TopicName", "The name of a topic from the request."},
			{"Responses.TopicId", "The id of that topic, resolved by the coordinator."},
			{"Responses.Partitions", "The results per partition."},
			{"Responses.Partitions.PartitionIndex", "The partition number within the topic."},
			{"Responses.Partitions.ErrorCode", "The outcome for this partition, 0 on success; for example UNKNOWN_TOPIC_OR_PARTITION or TOPIC_AUTHORIZATION_FAILED."},
			{"Responses.Partitions.ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "DeleteShareGroupOffsets",
		Role:    ShareGroups,
		Summary: "Forget a share group's progress on whole topics.",
		Intro: "DeleteShareGroupOffsets removes a share group's stored progress on given topics, so that consumption starts afresh if the group uses them again. " +
			"An admin client (kafka-share-groups --delete-offsets) sends it to the group coordinator; the group must have no active members. " +
			"The coordinator erases the state through DeleteShareGroupState.",
		Related: []string{"DescribeShareGroupOffsets", "AlterShareGroupOffsets", "DeleteShareGroupState"},
		Request: fieldDocs{
			{"GroupId", "The id of the share group, which must be empty."},
			{"Topics", "The topics whose state is removed, for all their partitions."},
			{"Topics.TopicName", "The name of a topic to forget."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "Error for the whole request, 0 on success; for example NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND or NOT_COORDINATOR."},
			{"ErrorMessage", hiErrorMessage},
			{"Responses", "The results per topic."},
			{"Responses.TopicName", "The name of a topic from the request."},
			{"Responses.TopicId", "The id of that topic, resolved by the coordinator."},
			{"Responses.ErrorCode", "The outcome for this topic, 0 on success; for example UNKNOWN_TOPIC_OR_PARTITION or TOPIC_AUTHORIZATION_FAILED."},
			{"Responses.ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "StreamsGroupTopologyDescriptionUpdate",
		Role:    Streams,
		Summary: "A Streams member sends the full description of its topology for admin tools to show.",
		Intro: "StreamsGroupTopologyDescriptionUpdate hands the group coordinator the full, human-oriented description of a Streams application's topology: its nodes, stores and how they connect (KIP-1331). " +
			"A member of a streams group sends it when a StreamsGroupHeartbeat response sets TopologyDescriptionRequired. " +
			"The coordinator stores it so that StreamsGroupDescribe can return it to admin tools.",
		Related: []string{"StreamsGroupHeartbeat", "StreamsGroupDescribe"},
		Request: hiMerge(fieldDocs{
			{"GroupId", "The id of the streams group."},
			{"MemberId", "The id of the member sending it; a member no longer in the group is refused with UNKNOWN_MEMBER_ID and should rejoin."},
			{"TopologyEpoch", "The epoch of the topology described."},
			{"TopologyDescription", "The description of the topology: its subtopologies, nodes and global stores."},
		}, hiUnder("TopologyDescription", hiTopologyDescription)),
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example UNKNOWN_MEMBER_ID, GROUP_ID_NOT_FOUND, NOT_COORDINATOR or STREAMS_TOPOLOGY_DESCRIPTION_UPDATE_FAILED."},
			{"ErrorMessage", hiErrorMessage},
		},
	},
	{
		Name:    "UnregisterController",
		Role:    KRaft,
		Summary: "Remove a retired controller's registration from the KRaft cluster.",
		Intro: "UnregisterController removes the registration that a KRaft controller made with ControllerRegistration, for a controller that has been retired. " +
			"An admin client sends it to a broker, which forwards it, or to a controller; it is the controllers' counterpart of UnregisterBroker. " +
			"A voter is first taken out of the quorum with RemoveRaftVoter.",
		Related: []string{"ControllerRegistration", "RemoveRaftVoter", "UnregisterBroker"},
		Request: fieldDocs{
			{"ControllerId", "The node id of the controller whose registration is removed."},
		},
		Response: fieldDocs{
			{"ThrottleTimeMs", hiThrottleTime},
			{"ErrorCode", "The outcome, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED or NOT_CONTROLLER."},
			{"ErrorMessage", hiErrorMessage},
		},
	},
}

// Words shared by many fields of the APIs above.
const (
	hiThrottleTime = "Milliseconds of throttling applied because the client went over a quota; the client should wait this long before sending again. 0 when not throttled."
	hiErrorMessage = "Details for the error code in readable words; null when there is no error or nothing to add."

	hiScramMechanism = "The SCRAM mechanism: 1 for SCRAM-SHA-256, 2 for SCRAM-SHA-512 (0 stands for an unknown mechanism)."

	hiRaftClusterID     = "The id of the cluster the sender belongs to, so that nodes of another cluster are refused with INCONSISTENT_CLUSTER_ID; null when not checked."
	hiRaftTopics        = "The quorum topics; in practice only __cluster_metadata, the KRaft metadata log."
	hiRaftTopicName     = "The name of the quorum topic, __cluster_metadata."
	hiRaftPartition     = "The partition number; the metadata log has only partition 0."
	hiRaftTopError      = "Error for the whole request, 0 on success; for example INCONSISTENT_CLUSTER_ID or CLUSTER_AUTHORIZATION_FAILED."
	hiRaftLeaderID      = "The replica id of the leader as the responder knows it, or -1 when it knows none."
	hiRaftLeaderEpoch   = "The newest leader epoch the responder knows."
	hiRaftNodeEndpoints = "Addresses of the leader named in the partition results, keyed by node id, so the sender can reach it (tagged, from version 1)."

	hiSnapshotID    = "Which snapshot: it is named by the log offset and epoch it ends at."
	hiSnapshotEnd   = "The log offset the snapshot covers up to, exclusive: the first offset not in it."
	hiSnapshotEpoch = "The epoch of the last log entry the snapshot includes."

	hiSecurityProtocol = "The security protocol of the listener: 0 PLAINTEXT, 1 SSL, 2 SASL_PLAINTEXT, 3 SASL_SSL."
	hiTxnState         = "The transaction's state at the coordinator: Empty, Ongoing, PrepareCommit, PrepareAbort, CompleteCommit, CompleteAbort, Dead or PrepareEpochFence."

	hiShareSessionEpoch = "The share session epoch: 0 opens a new session, -1 closes it, and each later request sends the previous epoch plus one."

	hiShareStateGroup = "The id of the share group whose stored state this is; the share coordinator is chosen by group, topic and partition."

	hiLeaderRecovery = "0 when the partition is recovered, 1 while a leader chosen by an unclean election is still recovering it."
)

// The helpers below are marked go:noinline: the tables above call them
// hundreds of times, once at start, and their copies inlined at every
// call were 10 KB of the gzipped app.wasm.

// hiReplicaState describes the fields of one voter or observer in DescribeQuorum.
//
//go:noinline
func hiReplicaState(who string) fieldDocs {
	return fieldDocs{
		{"ReplicaId", "The replica id of this " + who + "."},
		{"ReplicaDirectoryId", "The metadata log directory id of this " + who + "."},
		{"LogEndOffset", "The end offset of this " + who + "'s copy of the metadata log as the leader last saw it, or -1 when unknown."},
		{"LastFetchTimestamp", "Wall-clock time, in ms since the epoch, when this " + who + " last fetched from the leader; -1 for the leader itself or when unknown."},
		{"LastCaughtUpTimestamp", "Wall-clock time, in ms since the epoch, up to which this " + who + " was known to have every record the leader had; the current time for the leader, -1 when unknown."},
	}
}

// hiUnder returns m with every path prefixed by "prefix.".
//
//go:noinline
func hiUnder(prefix string, m fieldDocs) fieldDocs {
	out := make(fieldDocs, len(m))
	for i, f := range m {
		out[i] = fieldDoc{prefix + "." + f.path, f.text}
	}
	return out
}

// hiMerge joins lists of descriptions; a later one wins on a shared path
// (as fieldDocs.toMap reads them).
//
//go:noinline
func hiMerge(ms ...fieldDocs) fieldDocs {
	var out fieldDocs
	for _, m := range ms {
		out = append(out, m...)
	}
	return out
}

// hiAckBatches describes the acknowledgements of share-group records, shared by ShareFetch and ShareAcknowledge.
var hiAckBatches = fieldDocs{
	{"AcknowledgementBatches", "Ranges of offsets the member acknowledges, each with how."},
	{"AcknowledgementBatches.FirstOffset", "The first offset of the range."},
	{"AcknowledgementBatches.LastOffset", "The last offset of the range, inclusive."},
	{"AcknowledgementBatches.AcknowledgeTypes", "How to settle the range: a single value for every offset in it, or one value per offset. 0 gap (no record there), 1 accept, 2 release for redelivery, 3 reject, 4 renew the lock."},
}

// hiShareNodeEndpoints describes the leaders' addresses in share-group responses.
var hiShareNodeEndpoints = fieldDocs{
	{"NodeEndpoints", "Addresses of the leaders named in partitions that answered NOT_LEADER_OR_FOLLOWER, so the member can go there."},
	{"NodeEndpoints.NodeId", "The broker id of the leader."},
	{"NodeEndpoints.Host", "The host name of that broker."},
	{"NodeEndpoints.Port", "The TCP port of that broker."},
	{"NodeEndpoints.Rack", "The rack of that broker, or null when none is configured."},
}

// hiStateBatches describes the ranges of records in a share-partition's stored state.
var hiStateBatches = fieldDocs{
	{"StateBatches", "Ranges of offsets after the start offset whose state is recorded."},
	{"StateBatches.FirstOffset", "The first offset of the range."},
	{"StateBatches.LastOffset", "The last offset of the range, inclusive."},
	{"StateBatches.DeliveryState", "The state of the records in the range: 0 available for delivery, 2 acknowledged, 4 archived (rejected or out of delivery attempts)."},
	{"StateBatches.DeliveryCount", "How many times the records in the range have been delivered."},
}

// hiShareStateResults builds the response of the share-group state APIs: results per topic and partition, with extra fields per partition.
//
//go:noinline
func hiShareStateResults(extra fieldDocs) fieldDocs {
	return hiMerge(fieldDocs{
		{"Results", "The results per topic."},
		{"Results.TopicId", "The id of a topic in the results."},
		{"Results.Partitions", "The results per partition."},
		{"Results.Partitions.Partition", "The partition number within the topic."},
		{"Results.Partitions.ErrorCode", "The outcome for this partition, 0 on success; for example NOT_COORDINATOR, COORDINATOR_LOAD_IN_PROGRESS, FENCED_STATE_EPOCH or FENCED_LEADER_EPOCH."},
		{"Results.Partitions.ErrorMessage", hiErrorMessage},
	}, hiUnder("Results.Partitions", extra))
}

// hiTopicInfo describes an internal topic a Streams subtopology needs (changelog or repartition).
//
//go:noinline
func hiTopicInfo(kind string) fieldDocs {
	return fieldDocs{
		{"Name", "The name of the " + kind + " topic."},
		{"Partitions", "How many partitions it must have; 0 when no count is imposed (always 0 for changelogs, which follow their sources)."},
		{"ReplicationFactor", "Its replication factor; 0 for the broker's default."},
		{"TopicConfigs", "Topic configs to create it with."},
		{"TopicConfigs.Key", "A topic config name, such as cleanup.policy."},
		{"TopicConfigs.Value", "The value of that config."},
	}
}

// hiSubtopology describes a Streams subtopology as the heartbeat sends it (full) or as the describe returns it.
//
//go:noinline
func hiSubtopology(full bool) fieldDocs {
	m := hiMerge(fieldDocs{
		{"SubtopologyId", "The id of the subtopology, derived from the topology so every member computes the same one."},
		{"SourceTopics", "The topics the subtopology reads from."},
		{"StateChangelogTopics", "The changelog topics backing the subtopology's state stores, created by the coordinator."},
		{"RepartitionSinkTopics", "Internal repartition topics this subtopology produces into, for the subtopologies downstream of it to read."},
		{"RepartitionSourceTopics", "The repartition topics the subtopology reads from, created by the coordinator."},
	}, hiUnder("StateChangelogTopics", hiTopicInfo("changelog")), hiUnder("RepartitionSourceTopics", hiTopicInfo("repartition")))
	if full {
		m = append(m, fieldDocs{
			{"SourceTopicRegex", "Regular expressions naming further topics the subtopology reads from."},
			{"CopartitionGroups", "Sets of source topics that must have the same number of partitions, for joins."},
			{"CopartitionGroups.SourceTopics", "Positions in SourceTopics of the topics in this set."},
			{"CopartitionGroups.SourceTopicRegex", "Positions in SourceTopicRegex of the patterns in this set."},
			{"CopartitionGroups.RepartitionSourceTopics", "Positions in RepartitionSourceTopics of the topics in this set."},
		}...)
	}
	return m
}

// hiTaskIDs describes a list of Streams tasks, named by subtopology and partition.
//
//go:noinline
func hiTaskIDs(kind string) fieldDocs {
	return fieldDocs{
		{"SubtopologyId", "The subtopology of these " + kind + "."},
		{"Partitions", "The partition numbers of the " + kind + "; task n of a subtopology reads partition n of its source topics."},
	}
}

// hiTaskOffset describes a changelog offset per Streams task; offset says what the offset is.
//
//go:noinline
func hiTaskOffset(offset string) fieldDocs {
	return fieldDocs{
		{"SubtopologyId", "The subtopology of the task."},
		{"Partition", "The task's partition number within the subtopology."},
		{"Offset", offset},
	}
}

// hiTaskAssignment describes the active, standby and warm-up tasks a Streams member holds or will hold.
//
//go:noinline
func hiTaskAssignment(verb string) fieldDocs {
	return hiMerge(fieldDocs{
		{"ActiveTasks", "The active tasks the member " + verb + ", which process records."},
		{"StandbyTasks", "The standby tasks the member " + verb + ", which keep a copy of state."},
		{"WarmupTasks", "The warm-up tasks the member " + verb + ", which restore state before taking over."},
	}, hiUnder("ActiveTasks", hiTaskIDs("active tasks")), hiUnder("StandbyTasks", hiTaskIDs("standby tasks")), hiUnder("WarmupTasks", hiTaskIDs("warm-up tasks")))
}

// hiTopologyNode describes one node of a Streams topology description.
var hiTopologyNode = fieldDocs{
	{"Name", "The node's name, such as KSTREAM-SOURCE-0000000000."},
	{"NodeType", "What the node is: 1 source, 2 processor, 3 sink."},
	{"SourceTopics", "For a source node, the topics it reads; empty for other nodes or when the topics are chosen at run time."},
	{"SinkTopic", "For a sink node, the topic it writes; null for other nodes or when chosen at run time."},
	{"Stores", "For a processor node, the names of the state stores it uses."},
	{"Successors", "The names of the nodes this node sends records to."},
}

// hiTopologyDescription describes a Streams topology description, as sent by members and returned by describe.
var hiTopologyDescription = hiMerge(fieldDocs{
	{"Subtopologies", "The subtopologies, the independent parts of the processing graph."},
	{"Subtopologies.SubtopologyId", "The id of the subtopology within the topology."},
	{"Subtopologies.Nodes", "The processing nodes of the subtopology."},
	{"GlobalStores", "The global state stores, each filled by its own source and processor."},
	{"GlobalStores.Source", "The source node that reads the global store's topic."},
	{"GlobalStores.Processor", "The processor node that writes into the global store."},
}, hiUnder("Subtopologies.Nodes", hiTopologyNode), hiUnder("GlobalStores.Source", hiTopologyNode), hiUnder("GlobalStores.Processor", hiTopologyNode))

// hiAuthorizedOps describes an authorized-operations bit field on what.
//
//go:noinline
func hiAuthorizedOps(what string) string {
	return "What the caller may do on " + what + ": bit n is set when ACL operation n is allowed (3 READ, 4 WRITE, 7 ALTER, 8 DESCRIBE, 9 CLUSTER_ACTION, and so on); -2147483648 when not asked for."
}

// hiNamedAssignment describes an assignment listed by topic id and name, held by a member that has or will have it.
//
//go:noinline
func hiNamedAssignment(verb string) fieldDocs {
	return fieldDocs{
		{"TopicPartitions", "The partitions the member " + verb + ", grouped by topic."},
		{"TopicPartitions.TopicId", "The id of a topic the member " + verb + " partitions of."},
		{"TopicPartitions.TopicName", "The topic's name, looked up by the coordinator from the id beside it so the reader need not map ids to names."},
		{"TopicPartitions.Partitions", "The partition numbers of that topic the member " + verb + "."},
	}
}
