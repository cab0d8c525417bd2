package docs

import "slices"

// DataField is the description of the field at path (names from the
// format's top down, joined by ".") of an embedded data format: the consumer
// protocol's subscription and assignment that ride in group APIs' bytes, the
// principal an Envelope forwards, and the control and KRaft records found in
// record batches. It is "" when there is none.
func DataField(format, path string) string {
	return dataFields[format][path]
}

var dataFields = map[string]map[string]string{
	"AbortedTxn": {
		"ProducerId":       "The producer whose transaction was aborted.",
		"FirstOffset":      "Where in the partition the aborted transaction's first record sits.",
		"LastOffset":       "Where in the partition the abort marker closing that transaction sits.",
		"LastStableOffset": "The partition's last stable offset when the abort was written; read-committed consumers stop there.",
	},
	"ConsumerProtocolAssignment": {
		"AssignedPartitions":            "Per topic, the partitions the group leader handed to this member.",
		"AssignedPartitions.Topic":      "A topic the member is to consume from.",
		"AssignedPartitions.Partitions": "Partition numbers of that topic the member now owns.",
		"UserData":                      "Extra bytes the assignor passes along to the member (sticky assignors keep their state here); null when there are none.",
	},
	"ConsumerProtocolSubscription": {
		"Topics":                     "The topic names this member subscribes to, sent to the group leader for its plan.",
		"UserData":                   "Extra bytes for the assignor, whatever it wants members to tell it; null when there are none.",
		"OwnedPartitions":            "Per topic, the partitions the member holds now, so a cooperative rebalance can leave them in place (v1+).",
		"OwnedPartitions.Topic":      "A topic the member holds partitions of.",
		"OwnedPartitions.Partitions": "Partition numbers of that topic the member holds.",
		"GenerationId":               "The group generation in which the member got its owned partitions; -1 when it holds none from a known generation.",
		"RackId":                     "Rack the consumer runs in, for assignors that keep consumers next to their replicas; null when unset.",
	},
	"ControlRecordTypeSchema": {
		"Type": "What the control record marks: 0 abort, 1 commit, 2 a quorum leader change, 3 snapshot header, 4 snapshot footer, 5 kraft.version, 6 voters.",
	},
	"DefaultPrincipalData": {
		"Type":               "Kind of principal the forwarding broker authenticated, usually User.",
		"Name":               "The principal's own name, e.g. the SASL user the client logged in as.",
		"TokenAuthenticated": "True when the client proved itself with a delegation token rather than its own credentials.",
	},
	"EndTxnMarker": {
		"CoordinatorEpoch": "Epoch of the transaction coordinator that wrote this commit or abort marker; older coordinators' markers are refused.",
	},
	"KRaftVersionRecord": {
		"Version":      "Version of this record's own layout.",
		"KRaftVersion": "The finalized kraft.version feature level: 0 for a static voter set, 1 once voters can change.",
	},
	"LeaderChangeMessage": {
		"Version":                         "Version of this record's own layout.",
		"LeaderId":                        "Replica id of the controller that won the election and wrote this record.",
		"Voters":                          "Every voter of the quorum when the leader took over.",
		"Voters.VoterId":                  "Replica id of one voter.",
		"Voters.VoterDirectoryId":         "Log directory uuid of that voter, telling apart two disks of one replica id (v1+).",
		"GrantingVoters":                  "The voters that voted for the new leader.",
		"GrantingVoters.VoterId":          "Replica id of a voter that granted its vote.",
		"GrantingVoters.VoterDirectoryId": "Log directory uuid of that voter (v1+).",
	},
	"SnapshotFooterRecord": {
		"Version": "Version of this record's own layout; the footer closes a KRaft snapshot.",
	},
	"SnapshotHeaderRecord": {
		"Version":                   "Version of this record's own layout; the header opens a KRaft snapshot.",
		"LastContainedLogTimestamp": "Append time, in ms since the epoch, of the newest log record folded into the snapshot.",
	},
	"VotersRecord": {
		"Version":                    "Version of this record's own layout.",
		"Voters":                     "The full voter set of the KRaft quorum from this point of the log on.",
		"Voters.VoterId":             "Replica id of one voter.",
		"Voters.VoterDirectoryId":    "Log directory uuid of that voter.",
		"Voters.Endpoints":           "Listeners where the other voters reach this voter.",
		"Voters.Endpoints.Name":      "The listener's name, e.g. CONTROLLER.",
		"Voters.Endpoints.Host":      "Host name or address of the listener.",
		"Voters.Endpoints.Port":      "TCP port of the listener.",
		"Voters.KRaftVersionFeature": "The range of kraft.version levels this voter can run.",
		"Voters.KRaftVersionFeature.MinSupportedVersion": "Lowest kraft.version level the voter understands.",
		"Voters.KRaftVersionFeature.MaxSupportedVersion": "Highest kraft.version level the voter understands.",
	},
}

// DataFormats lists the embedded data formats described, by name, sorted.
func DataFormats() []string {
	out := make([]string, 0, len(dataFields))
	for name := range dataFields {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}
