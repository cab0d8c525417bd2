package docs

// apisHigh explains API keys 48 and up.
var apisHigh = []API{
	{
		Name:    "DescribeClientQuotas",
		Role:    Security,
		Summary: "Read the quota limits set for users, client ids and IP addresses.",
		Intro: "DescribeClientQuotas lists the quota values that apply to client entities: users, client ids and IP addresses, or their defaults. " +
			"An admin client sends it to any broker, with a filter made of one component per entity type. " +
			"It is how tools such as kafka-configs show quotas before or after AlterClientQuotas changes them.",
		Related: []string{"AlterClientQuotas", "DescribeConfigs"},
		Request: map[string]string{
			"Components":            "The filter: one component per entity type to match; an empty list with Strict false matches every quota entity.",
			"Components.EntityType": `Which part of the entity this component filters on: "user", "client-id" or "ip".`,
			"Components.MatchType":  "How to match: 0 for the entity whose name equals Match, 1 for the default entity of this type, 2 for any entity that names this type explicitly.",
			"Components.Match":      "The entity name to compare with when MatchType is 0; null for the other match types.",
			"Strict":                "When true, only entities made of exactly the filtered entity types are returned; when false, entities that also carry other types match too.",
		},
		Response: map[string]string{
			"ThrottleTimeMs":            hiThrottleTime,
			"ErrorCode":                 "Error for the whole lookup, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED without describe rights on the cluster, or INVALID_REQUEST for a bad filter.",
			"ErrorMessage":              hiErrorMessage,
			"Entries":                   "One entry per matching quota entity with its values; null when ErrorCode is set.",
			"Entries.Entity":            "The parts that name this quota entity, such as a user together with a client id.",
			"Entries.Entity.EntityType": `The kind of this part: "user", "client-id" or "ip".`,
			"Entries.Entity.EntityName": "The user, client id or address this part names; null means the default entity of that type.",
			"Entries.Values":            "The quota settings on this entity, one per key.",
			"Entries.Values.Key":        "The quota setting, for example producer_byte_rate, consumer_byte_rate, request_percentage or connection_creation_rate.",
			"Entries.Values.Value":      "The limit as a floating-point number in the setting's own unit (bytes per second for the byte rates, a percentage for request_percentage).",
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
		Request: map[string]string{
			"Entries":                   "The quota entities to change, each with the settings to set or remove.",
			"Entries.Entity":            "The parts naming the entity whose quotas change, such as a user alone or a user with a client id.",
			"Entries.Entity.EntityType": `The kind of this part: "user", "client-id" or "ip".`,
			"Entries.Entity.EntityName": "The user, client id or address; null targets the default entity of that type.",
			"Entries.Ops":               "The changes to make to this entity's quota settings.",
			"Entries.Ops.Key":           "The quota setting to change, for example producer_byte_rate or request_percentage.",
			"Entries.Ops.Value":         "The new limit in the setting's unit (bytes per second for the byte rates); ignored when Remove is true.",
			"Entries.Ops.Remove":        "True to delete the setting from this entity, false to set it to Value.",
			"ValidateOnly":              "When true, the broker checks the changes and reports errors without applying anything.",
		},
		Response: map[string]string{
			"ThrottleTimeMs":            hiThrottleTime,
			"Entries":                   "One result per entity of the request.",
			"Entries.ErrorCode":         "The outcome for this entity, 0 on success; for example INVALID_REQUEST for an unknown setting or CLUSTER_AUTHORIZATION_FAILED.",
			"Entries.ErrorMessage":      hiErrorMessage,
			"Entries.Entity":            "The parts naming the entity this result is for, echoed from the request.",
			"Entries.Entity.EntityType": `The kind of this part: "user", "client-id" or "ip".`,
			"Entries.Entity.EntityName": "The user, client id or address; null for the default entity of that type.",
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
		Request: map[string]string{
			"Users":      "The users to look up; null or an empty list asks for every user that has SCRAM credentials.",
			"Users.Name": "A user (SASL principal name) to describe.",
		},
		Response: map[string]string{
			"ThrottleTimeMs":                     hiThrottleTime,
			"ErrorCode":                          "Error for the whole request, 0 unless the caller may not describe the cluster or the lookup itself failed.",
			"ErrorMessage":                       hiErrorMessage,
			"Results":                            "One result per user described.",
			"Results.User":                       "The user this result is about.",
			"Results.ErrorCode":                  "The outcome for this user, 0 on success; RESOURCE_NOT_FOUND when a named user has no SCRAM credential, DUPLICATE_RESOURCE when it was asked twice.",
			"Results.ErrorMessage":               hiErrorMessage,
			"Results.CredentialInfos":            "One entry per SCRAM mechanism the user has a credential for.",
			"Results.CredentialInfos.Mechanism":  hiScramMechanism,
			"Results.CredentialInfos.Iterations": "How many hashing iterations were used when the credential was salted.",
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
		Request: map[string]string{
			"Deletions":                 "Credentials to delete, one per user and mechanism.",
			"Deletions.Name":            "The user whose credential is deleted.",
			"Deletions.Mechanism":       hiScramMechanism,
			"Upsertions":                "Credentials to create or overwrite, one per user and mechanism.",
			"Upsertions.Name":           "The user whose credential is set.",
			"Upsertions.Mechanism":      hiScramMechanism,
			"Upsertions.Iterations":     "Hashing iterations used to derive SaltedPassword; the broker accepts 4096 to 16384.",
			"Upsertions.Salt":           "Random bytes the client chose and mixed into the hash.",
			"Upsertions.SaltedPassword": "The password after salting and hashing with the mechanism's algorithm, computed on the client.",
		},
		Response: map[string]string{
			"ThrottleTimeMs":       hiThrottleTime,
			"Results":              "One result per user touched by the deletions and upsertions.",
			"Results.User":         "The user this result is about.",
			"Results.ErrorCode":    "The outcome for this user, 0 on success; for example RESOURCE_NOT_FOUND when deleting a credential that does not exist, UNSUPPORTED_SASL_MECHANISM, or UNACCEPTABLE_CREDENTIAL for a bad iteration count or empty user.",
			"Results.ErrorMessage": hiErrorMessage,
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
		Request: map[string]string{
			"ClusterId":                            hiRaftClusterID,
			"VoterId":                              "The replica id of the voter this request is addressed to; a receiver that is not that voter answers INVALID_VOTER_KEY. -1 when not set.",
			"Topics":                               hiRaftTopics,
			"Topics.TopicName":                     hiRaftTopicName,
			"Topics.Partitions":                    "The partitions the election is for (partition 0 of the metadata topic).",
			"Topics.Partitions.PartitionIndex":     hiRaftPartition,
			"Topics.Partitions.ReplicaEpoch":       "The epoch the candidate is standing for; in a pre-vote, the epoch it would use if it went on to a real election.",
			"Topics.Partitions.ReplicaId":          "The replica id of the candidate asking for the vote (named CandidateId before version 2).",
			"Topics.Partitions.ReplicaDirectoryId": "The metadata log directory id of the candidate, which together with its id names the voter.",
			"Topics.Partitions.VoterDirectoryId":   "The metadata log directory id of the voter being asked, checked against the receiver's own.",
			"Topics.Partitions.LastOffsetEpoch":    "The epoch of the candidate's last log entry; voters compare it first to judge whose log is newer.",
			"Topics.Partitions.LastOffset":         "The end offset of the candidate's metadata log, compared when the epochs are equal.",
			"Topics.Partitions.PreVote":            "True for a pre-vote: the voter answers whether it would grant a vote but records nothing and the epoch is not raised.",
		},
		Response: map[string]string{
			"ErrorCode":                        hiRaftTopError,
			"Topics":                           "The results per topic, echoing the request.",
			"Topics.TopicName":                 hiRaftTopicName,
			"Topics.Partitions":                "The results per partition.",
			"Topics.Partitions.PartitionIndex": hiRaftPartition,
			"Topics.Partitions.ErrorCode":      "The outcome for this partition, 0 when the vote was considered; for example FENCED_LEADER_EPOCH or INVALID_VOTER_KEY.",
			"Topics.Partitions.LeaderId":       hiRaftLeaderID,
			"Topics.Partitions.LeaderEpoch":    hiRaftLeaderEpoch,
			"Topics.Partitions.VoteGranted":    "True when this voter gives the candidate its vote for the epoch (or, for a pre-vote, would give it).",
			"NodeEndpoints":                    hiRaftNodeEndpoints,
			"NodeEndpoints.NodeId":             "The replica id of the node these addresses belong to.",
			"NodeEndpoints.Host":               "The host name or IP address of that node's listener.",
			"NodeEndpoints.Port":               "The TCP port of that node's listener.",
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
		Request: map[string]string{
			"ClusterId":                          hiRaftClusterID,
			"VoterId":                            "The replica id of the voter this notice is addressed to; -1 when not set.",
			"Topics":                             hiRaftTopics,
			"Topics.TopicName":                   hiRaftTopicName,
			"Topics.Partitions":                  "The partitions whose new leadership is announced.",
			"Topics.Partitions.PartitionIndex":   hiRaftPartition,
			"Topics.Partitions.VoterDirectoryId": "The metadata log directory id of the voter addressed, so a replaced disk does not accept it.",
			"Topics.Partitions.LeaderId":         "The replica id of the controller that won the election.",
			"Topics.Partitions.LeaderEpoch":      "The epoch the new leader won.",
			"LeaderEndpoints":                    "The listeners on which the new leader can be reached.",
			"LeaderEndpoints.Name":               "The listener name, such as CONTROLLER.",
			"LeaderEndpoints.Host":               "The host name or IP address of that listener.",
			"LeaderEndpoints.Port":               "The TCP port of that listener.",
		},
		Response: map[string]string{
			"ErrorCode":                        hiRaftTopError,
			"Topics":                           "The results per topic.",
			"Topics.TopicName":                 hiRaftTopicName,
			"Topics.Partitions":                "The results per partition.",
			"Topics.Partitions.PartitionIndex": hiRaftPartition,
			"Topics.Partitions.ErrorCode":      "The outcome for this partition, 0 when the voter accepts the new leader; FENCED_LEADER_EPOCH when it already knows a later epoch.",
			"Topics.Partitions.LeaderId":       hiRaftLeaderID,
			"Topics.Partitions.LeaderEpoch":    hiRaftLeaderEpoch,
			"NodeEndpoints":                    hiRaftNodeEndpoints,
			"NodeEndpoints.NodeId":             "The replica id of the node these addresses belong to.",
			"NodeEndpoints.Host":               "The host name or IP address of that node's listener.",
			"NodeEndpoints.Port":               "The TCP port of that node's listener.",
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
		Request: map[string]string{
			"ClusterId":                                                  hiRaftClusterID,
			"Topics":                                                     hiRaftTopics,
			"Topics.TopicName":                                           hiRaftTopicName,
			"Topics.Partitions":                                          "The partitions whose leader resigns.",
			"Topics.Partitions.PartitionIndex":                           hiRaftPartition,
			"Topics.Partitions.LeaderId":                                 "The replica id of the leader that is stepping down.",
			"Topics.Partitions.LeaderEpoch":                              "The epoch that is ending.",
			"Topics.Partitions.PreferredSuccessors":                      "Voter ids ordered from most to least caught up; earlier voters wait less before campaigning (version 0 only).",
			"Topics.Partitions.PreferredCandidates":                      "Voters ordered from most to least caught up, each named by id and directory; earlier ones campaign sooner (replaces PreferredSuccessors in version 1).",
			"Topics.Partitions.PreferredCandidates.CandidateId":          "The replica id of a voter the leader suggests as successor.",
			"Topics.Partitions.PreferredCandidates.CandidateDirectoryId": "The metadata log directory id of that voter.",
			"LeaderEndpoints":                                            "The listeners of the resigning leader.",
			"LeaderEndpoints.Name":                                       "The listener name, such as CONTROLLER.",
			"LeaderEndpoints.Host":                                       "The host name or IP address of that listener.",
			"LeaderEndpoints.Port":                                       "The TCP port of that listener.",
		},
		Response: map[string]string{
			"ErrorCode":                        hiRaftTopError,
			"Topics":                           "The results per topic.",
			"Topics.TopicName":                 hiRaftTopicName,
			"Topics.Partitions":                "The results per partition.",
			"Topics.Partitions.PartitionIndex": hiRaftPartition,
			"Topics.Partitions.ErrorCode":      "The outcome for this partition, 0 when accepted; FENCED_LEADER_EPOCH when the voter already knows a later epoch.",
			"Topics.Partitions.LeaderId":       hiRaftLeaderID,
			"Topics.Partitions.LeaderEpoch":    hiRaftLeaderEpoch,
			"NodeEndpoints":                    hiRaftNodeEndpoints,
			"NodeEndpoints.NodeId":             "The replica id of the node these addresses belong to.",
			"NodeEndpoints.Host":               "The host name or IP address of that node's listener.",
			"NodeEndpoints.Port":               "The TCP port of that node's listener.",
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
		Request: map[string]string{
			"Topics":                           "The quorum topics to describe; in practice only the metadata topic.",
			"Topics.TopicName":                 hiRaftTopicName,
			"Topics.Partitions":                "The partitions to describe (partition 0 of the metadata topic).",
			"Topics.Partitions.PartitionIndex": hiRaftPartition,
		},
		Response: hiMerge(map[string]string{
			"ErrorCode":                        "Error for the whole request, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED, or NOT_LEADER_OR_FOLLOWER when the node asked is not the quorum leader.",
			"ErrorMessage":                     hiErrorMessage,
			"Topics":                           "The quorum state per topic.",
			"Topics.TopicName":                 hiRaftTopicName,
			"Topics.Partitions":                "The quorum state per partition.",
			"Topics.Partitions.PartitionIndex": hiRaftPartition,
			"Topics.Partitions.ErrorCode":      "The outcome for this partition, 0 on success; UNKNOWN_TOPIC_OR_PARTITION when it is not a quorum partition.",
			"Topics.Partitions.ErrorMessage":   hiErrorMessage,
			"Topics.Partitions.LeaderId":       "The replica id of the quorum leader, or -1 when there is none.",
			"Topics.Partitions.LeaderEpoch":    "The epoch of the current leader.",
			"Topics.Partitions.HighWatermark":  "The offset up to which the metadata log is committed by a majority of voters.",
			"Topics.Partitions.CurrentVoters":  "The voters: the controllers that elect the leader and must replicate entries before they commit.",
			"Topics.Partitions.Observers":      "The observers: brokers and other replicas that fetch the metadata log without voting.",
			"Nodes":                            "The addresses of the voters, one entry per node.",
			"Nodes.NodeId":                     "The replica id of the voter.",
			"Nodes.Listeners":                  "The listeners on which this voter accepts controller traffic.",
			"Nodes.Listeners.Name":             "The listener name, such as CONTROLLER.",
			"Nodes.Listeners.Host":             "The host name or IP address of that listener.",
			"Nodes.Listeners.Port":             "The TCP port of that listener.",
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
		Request: map[string]string{
			"BrokerId":                                       "The id of the broker that leads the partitions and asks for the change.",
			"BrokerEpoch":                                    "The epoch the controller gave that broker at registration, so a restarted broker's stale request is rejected; -1 when unknown.",
			"Topics":                                         "The topics whose partitions change ISR.",
			"Topics.TopicName":                               "The topic name, used up to version 1.",
			"Topics.TopicId":                                 "The topic id, used from version 2 in place of the name.",
			"Topics.Partitions":                              "The partitions whose ISR changes.",
			"Topics.Partitions.PartitionIndex":               "The partition number within the topic.",
			"Topics.Partitions.LeaderEpoch":                  "The leader epoch under which the leader proposes the change; a stale epoch is fenced.",
			"Topics.Partitions.NewIsr":                       "The proposed ISR as a list of broker ids (up to version 2).",
			"Topics.Partitions.NewIsrWithEpochs":             "The proposed ISR with each broker's epoch, so a broker that restarted and lost data cannot rejoin under its old epoch (from version 3).",
			"Topics.Partitions.NewIsrWithEpochs.BrokerId":    "The id of a broker in the proposed ISR.",
			"Topics.Partitions.NewIsrWithEpochs.BrokerEpoch": "That broker's current epoch as the leader saw it in its fetches; -1 when the follower did not send one.",
			"Topics.Partitions.LeaderRecoveryState":          hiLeaderRecovery,
			"Topics.Partitions.PartitionEpoch":               "The partition epoch the leader last saw; the controller refuses the change when the partition has moved on.",
		},
		Response: map[string]string{
			"ThrottleTimeMs":                        hiThrottleTime,
			"ErrorCode":                             "Error for the whole request, 0 on success; for example STALE_BROKER_EPOCH or NOT_CONTROLLER.",
			"Topics":                                "The results per topic.",
			"Topics.TopicName":                      "The topic name, used up to version 1.",
			"Topics.TopicId":                        "The topic id, used from version 2.",
			"Topics.Partitions":                     "The results per partition.",
			"Topics.Partitions.PartitionIndex":      "The partition number within the topic.",
			"Topics.Partitions.ErrorCode":           "The outcome for this partition, 0 on success; for example INVALID_UPDATE_VERSION, FENCED_LEADER_EPOCH, INELIGIBLE_REPLICA or NEW_LEADER_ELECTED.",
			"Topics.Partitions.LeaderId":            "The broker id of the partition leader after the change.",
			"Topics.Partitions.LeaderEpoch":         "The leader epoch after the change.",
			"Topics.Partitions.Isr":                 "The broker ids of the ISR as the controller committed it.",
			"Topics.Partitions.LeaderRecoveryState": hiLeaderRecovery,
			"Topics.Partitions.PartitionEpoch":      "The new partition epoch, which the leader must send with its next change.",
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
		Request: map[string]string{
			"timeoutMs":                      "How long, in milliseconds, the caller will wait for the update to be applied; 60000 by default.",
			"FeatureUpdates":                 "The features to change, one entry per feature name.",
			"FeatureUpdates.Feature":         "The feature to change, for example metadata.version or transaction.version.",
			"FeatureUpdates.MaxVersionLevel": "The finalized level to set; a value of 1 or more sets it, 0 or below removes the feature (its level becomes 0).",
			"FeatureUpdates.AllowDowngrade":  "Version 0 only: true permits a level lower than the current one (replaced by UpgradeType).",
			"FeatureUpdates.UpgradeType":     "1 to upgrade only (the default), 2 for a safe downgrade that loses no metadata, 3 for an unsafe downgrade that may lose some.",
			"ValidateOnly":                   "When true, the controller checks the update and reports errors without applying it.",
		},
		Response: map[string]string{
			"ThrottleTimeMs":       hiThrottleTime,
			"ErrorCode":            "Error for the whole request, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED, or INVALID_UPDATE_VERSION from version 2 where per-feature results are gone.",
			"ErrorMessage":         hiErrorMessage,
			"Results":              "One result per requested feature (versions 0 and 1; version 2 reports only the top-level error).",
			"Results.Feature":      "The feature this result is for.",
			"Results.ErrorCode":    "The outcome for this feature, 0 on success; INVALID_UPDATE_VERSION when a node cannot support the level.",
			"Results.ErrorMessage": hiErrorMessage,
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
		Request: map[string]string{
			"RequestData":       "The client's whole request, header and body, as it arrived, in bytes.",
			"RequestPrincipal":  "The client's authenticated principal serialized by the broker's principal serde, so the controller authorizes the original caller; null when not given.",
			"ClientHostAddress": "The client's IP address as raw bytes: 4 for IPv4, 16 for IPv6.",
		},
		Response: map[string]string{
			"ResponseData": "The inner response, header and body, for the broker to pass on to the client; null when ErrorCode is set.",
			"ErrorCode":    "Error with the envelope itself, 0 on success; for example CLUSTER_AUTHORIZATION_FAILED when the forwarding broker is not trusted, or NOT_CONTROLLER.",
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
		Request: map[string]string{
			"ClusterId":                              "The cluster id when known, checked by the leader so a misplaced node is refused; null when unknown.",
			"ReplicaId":                              "The id of the fetching replica; -1 by default.",
			"MaxBytes":                               "The most snapshot bytes to return in this response, in bytes; 2147483647 by default.",
			"Topics":                                 hiRaftTopics,
			"Topics.Name":                            hiRaftTopicName,
			"Topics.Partitions":                      "The partitions whose snapshot is fetched.",
			"Topics.Partitions.Partition":            hiRaftPartition,
			"Topics.Partitions.CurrentLeaderEpoch":   "The leader epoch the fetcher knows, so a stale leader can be detected; -1 when unknown.",
			"Topics.Partitions.SnapshotId":           hiSnapshotID,
			"Topics.Partitions.SnapshotId.EndOffset": hiSnapshotEnd,
			"Topics.Partitions.SnapshotId.Epoch":     hiSnapshotEpoch,
			"Topics.Partitions.Position":             "The byte position in the snapshot file to continue from; 0 for the first chunk.",
			"Topics.Partitions.ReplicaDirectoryId":   "The metadata log directory id of the fetching replica.",
		},
		Response: map[string]string{
			"ThrottleTimeMs":                              hiThrottleTime,
			"ErrorCode":                                   hiRaftTopError,
			"Topics":                                      "The results per topic.",
			"Topics.Name":                                 hiRaftTopicName,
			"Topics.Partitions":                           "The results per partition.",
			"Topics.Partitions.Index":                     hiRaftPartition,
			"Topics.Partitions.ErrorCode":                 "The outcome for this partition, 0 on success; for example SNAPSHOT_NOT_FOUND, POSITION_OUT_OF_RANGE or NOT_LEADER_OR_FOLLOWER.",
			"Topics.Partitions.SnapshotId":                hiSnapshotID,
			"Topics.Partitions.SnapshotId.EndOffset":      hiSnapshotEnd,
			"Topics.Partitions.SnapshotId.Epoch":          hiSnapshotEpoch,
			"Topics.Partitions.CurrentLeader":             "The leader the responder knows, so a fetcher that asked the wrong node can go to the right one.",
			"Topics.Partitions.CurrentLeader.LeaderId":    hiRaftLeaderID,
			"Topics.Partitions.CurrentLeader.LeaderEpoch": hiRaftLeaderEpoch,
			"Topics.Partitions.Size":                      "The total size of the snapshot, in bytes, so the fetcher knows when it is done.",
			"Topics.Partitions.Position":                  "The byte position in the snapshot where UnalignedRecords begins.",
			"Topics.Partitions.UnalignedRecords":          "A chunk of the snapshot's record batches; the chunk is cut at a byte position, so it may start or end mid-batch.",
			"NodeEndpoints":                               hiRaftNodeEndpoints,
			"NodeEndpoints.NodeId":                        "The replica id of the node these addresses belong to.",
			"NodeEndpoints.Host":                          "The host name or IP address of that node's listener.",
			"NodeEndpoints.Port":                          "The TCP port of that node's listener.",
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

	hiLeaderRecovery = "0 when the partition is recovered, 1 while a leader chosen by an unclean election is still recovering it."
)

// hiReplicaState describes the fields of one voter or observer in DescribeQuorum.
func hiReplicaState(who string) map[string]string {
	return map[string]string{
		"ReplicaId":             "The replica id of this " + who + ".",
		"ReplicaDirectoryId":    "The metadata log directory id of this " + who + ".",
		"LogEndOffset":          "The end offset of this " + who + "'s copy of the metadata log as the leader last saw it, or -1 when unknown.",
		"LastFetchTimestamp":    "Wall-clock time, in ms since the epoch, when this " + who + " last fetched from the leader; -1 for the leader itself or when unknown.",
		"LastCaughtUpTimestamp": "Wall-clock time, in ms since the epoch, up to which this " + who + " was known to have every record the leader had; the current time for the leader, -1 when unknown.",
	}
}

// hiUnder returns m with every key prefixed by "prefix.".
func hiUnder(prefix string, m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[prefix+"."+k] = v
	}
	return out
}

// hiMerge returns the union of maps; a later map wins on a shared key.
func hiMerge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
