package docs

import (
	"sort"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// Error is one error code as an API page lists it: the catalogue's facts and
// our one line on what it means.
type Error struct {
	Code      int16  `json:"code"`
	Name      string `json:"name"`
	Retriable bool   `json:"retriable"`
	Meaning   string `json:"meaning"`
}

// ErrorMeaning is our one line on what error code means, or "" for a code
// the catalogue does not know.
func ErrorMeaning(code int16) string {
	e := schema.Error(code)
	if e == nil {
		return ""
	}
	return errorMeanings[e.Name]
}

// AllErrors lists every error code of the catalogue with its meaning, ascending.
func AllErrors() []Error {
	var out []Error
	for _, e := range schema.ErrorCodes() {
		out = append(out, errorOf(e))
	}
	return out
}

func errorOf(e schema.ErrorCode) Error {
	return Error{Code: e.Code, Name: e.Name, Retriable: e.Retriable, Meaning: errorMeanings[e.Name]}
}

// Errors lists the error codes the responses of the named API (any case) can
// carry, ascending by code; nil for an unknown API. NONE is left out, and
// UNKNOWN_SERVER_ERROR is always in: a broker answers any failure its
// handler did not expect with it.
func Errors(apiName string) []Error {
	a := schema.ByName(apiName)
	if a == nil {
		return nil
	}
	names := append([]string{"UNKNOWN_SERVER_ERROR"}, apiErrors()[a.Name]...)
	seen := map[int16]bool{}
	var out []Error
	for _, n := range names {
		e := schema.ErrorByName(n)
		if e == nil || seen[e.Code] {
			continue
		}
		seen[e.Code] = true
		out = append(out, errorOf(*e))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// errorMeanings says, per error name of the catalogue, what a response
// carrying it tells the client, and what the client usually does next.
var errorMeanings = map[string]string{
	"UNKNOWN_SERVER_ERROR":                       "The broker failed in a way it has no code for; its log says more, and the client treats the request as failed.",
	"NONE":                                       "No error: the operation, or this part of it, succeeded.",
	"OFFSET_OUT_OF_RANGE":                        "The offset asked for is below the log start or above the end of the partition's log; a consumer resets its position by its reset policy.",
	"CORRUPT_MESSAGE":                            "A record batch failed its CRC check or could not be parsed, or a record's key or size broke the rules.",
	"UNKNOWN_TOPIC_OR_PARTITION":                 "This broker hosts no such topic or partition, perhaps only not yet; refresh metadata and try again.",
	"INVALID_FETCH_SIZE":                         "The fetch asked for a size the broker will not serve, such as a negative maximum.",
	"LEADER_NOT_AVAILABLE":                       "The partition has no leader at this moment, usually during an election or just after the topic was made; retry after a metadata refresh.",
	"NOT_LEADER_OR_FOLLOWER":                     "This broker does not lead the partition (or, for a follower fetch, is no replica of it); refresh metadata and send to the current leader.",
	"REQUEST_TIMED_OUT":                          "The broker gave up waiting for the work the request needed, such as replicas acknowledging a write within TimeoutMs.",
	"BROKER_NOT_AVAILABLE":                       "The broker named in the request or answer is not up; old brokers also used it in Metadata for an offline replica.",
	"REPLICA_NOT_AVAILABLE":                      "A replica of the partition is missing on the broker asked, for example one being moved or not yet created there.",
	"MESSAGE_TOO_LARGE":                          "A batch is bigger than the topic's or broker's size limit (max.message.bytes); the producer must split it or raise the limit.",
	"STALE_CONTROLLER_EPOCH":                     "A controller request carried an older controller epoch than the broker already saw, so it comes from a deposed controller.",
	"OFFSET_METADATA_TOO_LARGE":                  "The metadata string attached to a committed offset is longer than offset.metadata.max.bytes allows.",
	"NETWORK_EXCEPTION":                          "The connection closed before the answer came; the client reconnects and retries.",
	"COORDINATOR_LOAD_IN_PROGRESS":               "The coordinator is still reading its group or transaction state from its internal topic after taking over; retry shortly.",
	"COORDINATOR_NOT_AVAILABLE":                  "No coordinator can serve this group or transactional id now, often because its internal topic is missing or has no leader; find it again and retry.",
	"NOT_COORDINATOR":                            "This broker is not the coordinator of that group or transactional id (any more); look it up again with FindCoordinator.",
	"INVALID_TOPIC_EXCEPTION":                    "The topic name is illegal (too long, bad characters, empty) or names an internal topic the request may not touch.",
	"RECORD_LIST_TOO_LARGE":                      "The records sent for one partition add up to more than the segment size, so they can never be written.",
	"NOT_ENOUGH_REPLICAS":                        "Fewer replicas are in sync than min.insync.replicas asks for, so a write with acks -1 was refused before it was appended.",
	"NOT_ENOUGH_REPLICAS_AFTER_APPEND":           "The leader appended the records, but the in-sync set shrank below min.insync.replicas before they were copied; a retry may duplicate them.",
	"INVALID_REQUIRED_ACKS":                      "Acks was a value other than -1, 0 or 1.",
	"ILLEGAL_GENERATION":                         "The generation id sent is not the group's current one: a rebalance happened, and the member must rejoin.",
	"INCONSISTENT_GROUP_PROTOCOL":                "The member's protocol type or assignors share nothing with those of the group it tries to join.",
	"INVALID_GROUP_ID":                           "The group id is empty or otherwise not acceptable for this request.",
	"UNKNOWN_MEMBER_ID":                          "The coordinator does not know this member id, typically because the member's session expired; it must join again.",
	"INVALID_SESSION_TIMEOUT":                    "The session timeout asked for lies outside the broker's group.min and group.max session timeout settings.",
	"REBALANCE_IN_PROGRESS":                      "The group is rebalancing, so the member must rejoin before its heartbeats, syncs or commits are accepted.",
	"INVALID_COMMIT_OFFSET_SIZE":                 "The commit was refused because of the size of the offset data it carried.",
	"TOPIC_AUTHORIZATION_FAILED":                 "The principal lacks the ACL this operation needs on the topic.",
	"GROUP_AUTHORIZATION_FAILED":                 "The principal lacks the ACL this operation needs on the group.",
	"CLUSTER_AUTHORIZATION_FAILED":               "The principal lacks the ACL this operation needs on the cluster resource.",
	"INVALID_TIMESTAMP":                          "A record's timestamp is too far from the broker's clock for the topic's message.timestamp difference limits.",
	"UNSUPPORTED_SASL_MECHANISM":                 "The broker has no enabled SASL mechanism by the name the client asked for; the answer lists the enabled ones.",
	"ILLEGAL_SASL_STATE":                         "A SASL request came at the wrong point of the handshake, for example an authenticate before the handshake.",
	"UNSUPPORTED_VERSION":                        "The broker does not support the API version, or a feature the request asks for at that version.",
	"TOPIC_ALREADY_EXISTS":                       "A topic by that name exists already (or is being deleted and not gone yet).",
	"INVALID_PARTITIONS":                         "The partition count is not acceptable: below one, or not more than the topic already has.",
	"INVALID_REPLICATION_FACTOR":                 "The replication factor is below one or larger than the number of brokers that could hold replicas.",
	"INVALID_REPLICA_ASSIGNMENT":                 "An explicit replica assignment is unusable: unknown brokers, a broker twice, or partitions of unequal size.",
	"INVALID_CONFIG":                             "A configuration name or value was refused: unknown, of the wrong type, or out of range.",
	"NOT_CONTROLLER":                             "The request went to a node that is not the active controller; find the controller again and resend.",
	"INVALID_REQUEST":                            "The request is malformed or self-contradictory in a way the broker detected; the error message usually says how.",
	"UNSUPPORTED_FOR_MESSAGE_FORMAT":             "The operation needs a newer record format than the one the topic stores.",
	"POLICY_VIOLATION":                           "A create-topic or alter-config policy plug-in on the broker rejected the request.",
	"OUT_OF_ORDER_SEQUENCE_NUMBER":               "An idempotent producer's batch skipped sequence numbers, so the broker lost track of what came before; the producer must reset.",
	"DUPLICATE_SEQUENCE_NUMBER":                  "The batch's sequence numbers were written already: a retry of a batch that did land, which the broker does not append twice.",
	"INVALID_PRODUCER_EPOCH":                     "The producer's epoch is older than the one the broker knows for its producer id; another instance has taken over.",
	"INVALID_TXN_STATE":                          "The transaction is in a state where this operation cannot happen, such as committing one that is already aborting.",
	"INVALID_PRODUCER_ID_MAPPING":                "The producer id given does not belong to that transactional id, or no transaction is open for it.",
	"INVALID_TRANSACTION_TIMEOUT":                "The transaction timeout asked for is over the broker's transaction.max.timeout.ms.",
	"CONCURRENT_TRANSACTIONS":                    "The previous transaction of this producer is still being completed; retry after a short wait.",
	"TRANSACTION_COORDINATOR_FENCED":             "A transaction marker came from a coordinator whose epoch is older than the one the partition leader has seen.",
	"TRANSACTIONAL_ID_AUTHORIZATION_FAILED":      "The principal lacks the ACL this operation needs on the transactional id.",
	"SECURITY_DISABLED":                          "The request needs security features (authorizer, delegation tokens) that the cluster has not enabled.",
	"OPERATION_NOT_ATTEMPTED":                    "The broker skipped this part because another part of the same request failed first.",
	"KAFKA_STORAGE_ERROR":                        "A disk or log directory holding the partition failed on this broker; another replica may take over.",
	"LOG_DIR_NOT_FOUND":                          "The log directory named in the request is not configured on that broker.",
	"SASL_AUTHENTICATION_FAILED":                 "The credentials did not pass SASL authentication; the broker closes the connection after saying so.",
	"UNKNOWN_PRODUCER_ID":                        "The broker holds no state for this producer id, for example after its records were deleted by retention.",
	"REASSIGNMENT_IN_PROGRESS":                   "A partition reassignment is running on this topic, so the change was refused until it ends.",
	"DELEGATION_TOKEN_AUTH_DISABLED":             "Delegation tokens are not enabled on this cluster.",
	"DELEGATION_TOKEN_NOT_FOUND":                 "No delegation token has the given HMAC.",
	"DELEGATION_TOKEN_OWNER_MISMATCH":            "The principal asking is neither the token's owner nor one of its renewers.",
	"DELEGATION_TOKEN_REQUEST_NOT_ALLOWED":       "Token operations cannot be made over a connection that itself authenticated with a delegation token, nor without authentication.",
	"DELEGATION_TOKEN_AUTHORIZATION_FAILED":      "The principal lacks the rights to describe or act on this delegation token.",
	"DELEGATION_TOKEN_EXPIRED":                   "The delegation token is past its expiry time.",
	"INVALID_PRINCIPAL_TYPE":                     "The principal type given is not one the broker knows, such as anything other than User.",
	"NON_EMPTY_GROUP":                            "The group still has active members, so it cannot be deleted or have its offsets changed.",
	"GROUP_ID_NOT_FOUND":                         "No group by this id exists on the coordinator.",
	"FETCH_SESSION_ID_NOT_FOUND":                 "The fetch session id is unknown to the broker, perhaps evicted; the fetcher starts a new full session.",
	"INVALID_FETCH_SESSION_EPOCH":                "The fetch session epoch is not the next one the broker expects; the fetcher starts a new full session.",
	"LISTENER_NOT_FOUND":                         "The leader has no endpoint on the listener the request came in on, which points to a listener misconfiguration.",
	"TOPIC_DELETION_DISABLED":                    "Deleting topics is switched off on the cluster (delete.topic.enable=false).",
	"FENCED_LEADER_EPOCH":                        "The leader epoch in the request is older than the partition's present epoch; the client's metadata is stale.",
	"UNKNOWN_LEADER_EPOCH":                       "The leader epoch in the request is newer than the one this broker knows; it has not caught up yet, so retry.",
	"UNSUPPORTED_COMPRESSION_TYPE":               "The request asked for a compression codec the message version cannot carry, such as zstd below the needed API version.",
	"STALE_BROKER_EPOCH":                         "The broker epoch sent is not the broker's current one: it comes from an earlier life of that broker.",
	"OFFSET_NOT_AVAILABLE":                       "The leader cannot serve that offset yet, usually because the high watermark has not caught up after an election; retry.",
	"MEMBER_ID_REQUIRED":                         "A new member must join with the member id that this response hands it (two-step join, KIP-394).",
	"PREFERRED_LEADER_NOT_AVAILABLE":             "The preferred replica could not become leader, for example because it is offline or out of sync.",
	"GROUP_MAX_SIZE_REACHED":                     "The group already holds as many members as group.max.size allows.",
	"FENCED_INSTANCE_ID":                         "Another member has taken over this static group.instance.id, so this one is fenced out.",
	"ELIGIBLE_LEADERS_NOT_AVAILABLE":             "No replica that may lead under the election type asked for is live and in sync.",
	"ELECTION_NOT_NEEDED":                        "The partition already has the leader this election would pick.",
	"NO_REASSIGNMENT_IN_PROGRESS":                "A cancellation was asked for a partition that is not being reassigned.",
	"GROUP_SUBSCRIBED_TO_TOPIC":                  "The offsets cannot be deleted because the group still consumes that topic.",
	"INVALID_RECORD":                             "The broker refused a record for a reason of its own content, for example a missing key on a compacted topic.",
	"UNSTABLE_OFFSET_COMMIT":                     "A transactional offset commit for this partition is still open, so the committed offset is not final; retry later.",
	"THROTTLING_QUOTA_EXCEEDED":                  "The client went over a rate quota (topic and partition mutations for admin requests, push frequency for telemetry); the throttle time says how long to wait.",
	"PRODUCER_FENCED":                            "A newer producer with the same transactional id has started, so this one must stop.",
	"RESOURCE_NOT_FOUND":                         "The resource named (a user's credentials, a config entity) does not exist.",
	"DUPLICATE_RESOURCE":                         "The same resource appears more than once in one request.",
	"UNACCEPTABLE_CREDENTIAL":                    "The credential fails the broker's rules, such as a SCRAM iteration count out of bounds.",
	"INCONSISTENT_VOTER_SET":                     "The node sending this is not a voter of the quorum the receiver knows, or the voter sets disagree.",
	"INVALID_UPDATE_VERSION":                     "A version number in the update does not fit: a partition epoch that is not the current one (AlterPartition), or a feature level the nodes cannot support.",
	"FEATURE_UPDATE_FAILED":                      "The controller could not apply the feature update.",
	"PRINCIPAL_DESERIALIZATION_FAILURE":          "The controller could not rebuild the principal a forwarded (Envelope) request carried.",
	"SNAPSHOT_NOT_FOUND":                         "The metadata snapshot asked for, by end offset and epoch, is not on this node.",
	"POSITION_OUT_OF_RANGE":                      "The byte position asked for lies outside the snapshot's size.",
	"UNKNOWN_TOPIC_ID":                           "No topic has this uuid on the broker, perhaps only not yet; refresh metadata and try again.",
	"DUPLICATE_BROKER_REGISTRATION":              "Another live broker has already registered with this broker id.",
	"BROKER_ID_NOT_REGISTERED":                   "The controller has no registration for this broker id.",
	"INCONSISTENT_TOPIC_ID":                      "The topic id in the request does not match the id the broker has for that topic name, as after a delete and re-create.",
	"INCONSISTENT_CLUSTER_ID":                    "The cluster id sent does not match this node's cluster, so the sender belongs elsewhere.",
	"TRANSACTIONAL_ID_NOT_FOUND":                 "No transaction state exists for this transactional id.",
	"FETCH_SESSION_TOPIC_ID_ERROR":               "The fetch session and the request disagree on topic ids (some sent, some not, or changed); start a new session.",
	"INELIGIBLE_REPLICA":                         "The proposed in-sync set holds a replica that may not be in it, such as a fenced or shutting-down broker.",
	"NEW_LEADER_ELECTED":                         "The change was refused because a new leader is elected in between; the sender re-reads the partition state.",
	"OFFSET_MOVED_TO_TIERED_STORAGE":             "The requested offset is kept only in remote (tiered) storage, not on this broker's local disk.",
	"FENCED_MEMBER_EPOCH":                        "The member's epoch is behind the group's record of it, so the member is fenced and must rejoin with epoch 0.",
	"UNRELEASED_INSTANCE_ID":                     "The static instance id is still held by a member that has not left, so it cannot be reused yet.",
	"UNSUPPORTED_ASSIGNOR":                       "The server-side assignor named is not configured on the broker.",
	"STALE_MEMBER_EPOCH":                         "The member epoch sent with an offset commit or fetch is not the member's current one; refresh it with a heartbeat.",
	"MISMATCHED_ENDPOINT_TYPE":                   "The request reached a broker through a controller endpoint, or the other way round.",
	"UNSUPPORTED_ENDPOINT_TYPE":                  "This API cannot be served on the kind of endpoint (broker or controller) it was sent to.",
	"UNKNOWN_CONTROLLER_ID":                      "The controller id named is not a known controller.",
	"UNKNOWN_SUBSCRIPTION_ID":                    "The telemetry subscription id is not the current one; fetch the subscription again.",
	"TELEMETRY_TOO_LARGE":                        "The metrics pushed exceed the size the broker accepts.",
	"INVALID_REGISTRATION":                       "The broker or controller registration is unusable, for example it conflicts with the metadata version.",
	"TRANSACTION_ABORTABLE":                      "The transaction hit an error the producer can recover from by aborting it and starting a new one.",
	"INVALID_RECORD_STATE":                       "A share-group acknowledgement names records that are not in an acquired state for this member.",
	"SHARE_SESSION_NOT_FOUND":                    "The share session id is unknown to the broker; open a new share session.",
	"INVALID_SHARE_SESSION_EPOCH":                "The share session epoch is not the next one expected; open a new share session.",
	"FENCED_STATE_EPOCH":                         "The share-group state write carries an older state epoch than the one stored.",
	"INVALID_VOTER_KEY":                          "The voter's directory id does not match the one the quorum knows for that node id.",
	"DUPLICATE_VOTER":                            "The node asked to be added is a voter already.",
	"VOTER_NOT_FOUND":                            "The node named is not among the quorum's voters.",
	"INVALID_REGULAR_EXPRESSION":                 "The subscription's regular expression does not compile.",
	"REBOOTSTRAP_REQUIRED":                       "The client's view of the cluster is too stale; it must reconnect to its bootstrap servers and start over.",
	"STREAMS_INVALID_TOPOLOGY":                   "The Streams topology the member sent is unusable.",
	"STREAMS_INVALID_TOPOLOGY_EPOCH":             "The Streams topology epoch is older than, or inconsistent with, the one the group holds.",
	"STREAMS_TOPOLOGY_FENCED":                    "The group runs a newer topology than this member's, so it must stop using the old one.",
	"SHARE_SESSION_LIMIT_REACHED":                "The broker already holds as many share sessions as it is allowed.",
	"GROUP_DELETION_FAILED":                      "The group or its state could not be deleted.",
	"STREAMS_TOPOLOGY_DESCRIPTION_UPDATE_FAILED": "The broker could not store the Streams topology description sent.",
	"CONTROLLER_ID_NOT_REGISTERED":               "The controller id given has no registration in the metadata log.",
}
