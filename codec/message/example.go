package message

import (
	"hash/fnv"
	"strings"
	"sync"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Example is a realistic instance of a message, beside the minimal one: the
// values a client or broker would plausibly send (a topic "orders", producer
// id 4000, correlation id 7, client id "kafkawire"), -1 and null where real
// clients send them, two elements in partition and replica lists and one in
// other arrays, and in records fields one batch of two records with a header.
//
// It is built from the schema, not written per message: each field takes its
// value from a small table of realistic values by field name (exampleValues),
// refined by the array it sits in for the names that mean different things
// in different places (a topic's Name is not a config's Name), else from the
// schema's default, else null where the field may be null, else a zero.
// Tagged fields are left out, as clients leave out those at their defaults.
func Example(api *schema.API, v int16, d schema.Direction) *Message {
	m := Minimal(api, v, d)
	ex := exampler{api: api, dir: d, v: v}
	m.Header.Set("CorrelationId", int32(7))
	if d == schema.Request && schema.HeaderVersion(api, v, d) >= 1 {
		m.Header.Set("ClientId", "kafkawire")
	}
	if def := api.Def(d, v); def != nil {
		m.Body = ex.structVal(def.Fields, def.Flexible.Has(v), "", 0)
	}
	return m
}

type exampler struct {
	api *schema.API
	dir schema.Direction
	v   int16
}

// structVal is a struct of fields, element idx of the array parent (0 outside arrays).
func (ex exampler) structVal(fields []*schema.Field, flex bool, parent string, idx int) *Struct {
	s := &Struct{}
	for _, f := range fields {
		if !f.Versions.Has(ex.v) || (flex && f.Tagged.Has(ex.v)) {
			continue
		}
		s.Fields = append(s.Fields, Field{Name: f.Name, Value: ex.value(f, flex, parent, idx)})
	}
	return s
}

func (ex exampler) value(f *schema.Field, flex bool, parent string, idx int) any {
	if f.IsArray() {
		n := exampleCount(f)
		arr := make([]any, n)
		for i := range arr {
			if f.IsStruct() {
				arr[i] = ex.structVal(f.Fields, flex, f.Name, i)
			} else {
				arr[i] = ex.scalar(f, f.Elem(), parent, i)
			}
		}
		return arr
	}
	if f.IsStruct() {
		return ex.structVal(f.Fields, flex, f.Name, 0)
	}
	return ex.scalar(f, f.Type, parent, idx)
}

// exampleCount is how many elements an example array holds: two for lists
// of partitions and replicas, none for lists that are empty in a healthy
// cluster and for lists of numbers or strings the table has no value for
// (a filter of one empty string says nothing), one otherwise.
func exampleCount(f *schema.Field) int {
	switch f.Name {
	case "OfflineReplicas", "AddingReplicas", "RemovingReplicas", "EligibleLeaderReplicas", "LastKnownElr",
		"OfflineLogDirs", "ForgottenTopicsData", "AbortedTransactions":
		return 0
	case "Partitions", "PartitionIndexes", "Replicas", "Isr", "IsrNodes", "ReplicaNodes", "BrokerIds", "NewIsr":
		return 2
	}
	if !f.IsStruct() && exampleValues()[f.Name] == nil && !replicaList(f.Name) {
		return 0
	}
	return 1
}

// replicaList reports whether an array of int32 lists brokers (1, 2, ...).
func replicaList(name string) bool {
	return strings.HasSuffix(name, "Replicas") || strings.HasSuffix(name, "Isr") || strings.HasSuffix(name, "Nodes") || name == "BrokerIds"
}

// scalar is a primitive value of type typ for field f (an element of f
// when f is an array), element idx of its array.
func (ex exampler) scalar(f *schema.Field, typ, parent string, idx int) any {
	nullable := f.Nullable.Has(ex.v) && !f.IsArray()
	if format := embeddedFormats[ex.api.Key][f.Name]; format != "" && schema.KindOf(typ) == schema.KindBytes {
		if b := exampleData(format); b != nil {
			return b
		}
	}
	for _, text := range ex.texts(f.Name, parent) {
		if text == "null" {
			if nullable {
				return nil
			}
			continue
		}
		if val, ok := exampleParse(typ, text, idx); ok {
			return val
		}
	}
	kind := schema.KindOf(typ)
	switch kind {
	case schema.KindRecords:
		return exampleRecords(ex.dir)
	case schema.KindUUID:
		return exampleUUID(f.Name)
	case schema.KindBytes:
		if nullable {
			return nil
		}
		return []byte{}
	}
	if f.IsArray() && kind == schema.KindInt32 {
		switch {
		case replicaList(f.Name):
			return int32(1 + idx)
		case f.Name == "Partitions" || f.Name == "PartitionIndexes":
			return int32(idx)
		}
	}
	if !f.IsArray() {
		if nullByDefault(f, ex.v) {
			return nil
		}
		return scalarDefault(f)
	}
	return Zero(typ)
}

// texts are the candidate example values of a field, most specific first:
// for this API and direction, for the field in this array, for its name.
func (ex exampler) texts(name, parent string) []string {
	var out []string
	if t, ok := apiExamples[ex.api.Name+" "+ex.dir.String()+" "+name]; ok {
		out = append(out, t)
	}
	if name == "Name" || name == "Value" || name == "Host" || name == "Key" {
		for _, c := range contextual {
			if strings.Contains(parent, c.within) && (c.field == name) {
				out = append(out, c.text)
				break
			}
		}
	}
	if ex.dir == schema.Request {
		if t, ok := requestExamples[name]; ok {
			out = append(out, t)
		}
	}
	return append(out, exampleValues()[name]...)
}

// exampleParse reads an example text as a value of type typ; "+i" after a
// number adds the element's index (broker 1, broker 2).
func exampleParse(typ, text string, idx int) (any, bool) {
	plus := strings.HasSuffix(text, "+i")
	text = strings.TrimSuffix(text, "+i")
	switch schema.KindOf(typ) {
	case schema.KindString:
		return text, true
	case schema.KindBytes:
		return []byte(text), true
	case schema.KindRecords, schema.KindUUID:
		return nil, false
	}
	val, err := ParseValue(typ, text)
	if err != nil {
		return nil, false
	}
	if plus {
		val = addIndex(val, idx)
	}
	return val, true
}

func addIndex(val any, idx int) any {
	switch x := val.(type) {
	case int8:
		return x + int8(idx)
	case int16:
		return x + int16(idx)
	case int32:
		return x + int32(idx)
	case int64:
		return x + int64(idx)
	}
	return val
}

// contextual gives the fields whose meaning depends on where they sit their
// value by the array they are in ("Configs" holds config names).
var contextual = []struct{ field, within, text string }{
	{"Name", "Config", "retention.ms"},
	{"Name", "Synonym", "retention.ms"},
	{"Value", "Config", "604800000"},
	{"Value", "Synonym", "604800000"},
	{"Name", "Group", "orders-app"},
	{"Name", "Feature", "metadata.version"},
	{"Name", "Listener", "PLAINTEXT"},
	{"Name", "Endpoint", "PLAINTEXT"},
	{"Name", "Protocol", "range"},
	{"Name", "Mechanism", "SCRAM-SHA-256"},
	{"Name", "Scram", "alice"},
	{"Name", "User", "alice"},
	{"Name", "Deletion", "alice"},
	{"Name", "Upsertion", "alice"},
	{"Name", "Entity", "alice"},
	{"Name", "Metric", "org.apache.kafka.producer.record.error.rate"},
	{"Host", "Acl", "*"},
	{"Host", "Creation", "*"},
	{"Host", "Filter", "*"},
	{"Key", "Entit", "client-id"},
	{"Key", "Entr", "producer_byte_rate"},
}

// apiExamples are values one API gives a field that others give otherwise,
// keyed "API direction Field".
var apiExamples = map[string]string{
	// A producer asks for its first id: it has none yet.
	"InitProducerId request ProducerId":    "-1",
	"InitProducerId request ProducerEpoch": "-1",
	"FindCoordinator request Key":          "orders-app",
	"SaslHandshake request Mechanism":      "PLAIN",
	"SaslAuthenticate request AuthBytes":   "\x00alice\x00alice-secret",
	"ListOffsets request Timestamp":        "-1", // the latest offset
	"Fetch request LogStartOffset":         "-1", // consumers send -1
	"Metadata request Name":                "orders",
}

// requestExamples are values a field takes in requests and not in responses.
var requestExamples = map[string]string{
	"ReplicaId":    "-1", // a consumer, not a follower
	"TimeoutMs":    "30000",
	"Timestamp":    "-1",
	"LeaderEpoch":  "-1",
	"ReplicaEpoch": "-1",
}

// exampleValueList holds realistic values by field name, tried in order; "null"
// applies only where the field may be null. "+i" counts up along an array,
// so that two partitions or brokers differ.
var exampleValueList = []struct {
	field  string
	values []string
}{
	{"PartitionIndex", []string{"0+i"}},
	{"Partition", []string{"0+i"}},
	{"PartitionId", []string{"0+i"}},
	{"Index", []string{"0+i"}},
	{"ProducerId", []string{"4000"}},
	{"ProducerEpoch", []string{"0"}},
	{"TransactionalId", []string{"null", "orders-txn"}},
	{"TransactionTimeoutMs", []string{"60000"}},
	{"Acks", []string{"-1"}},
	{"TimeoutMs", []string{"30000"}},
	{"timeoutMs", []string{"30000"}},
	{"ErrorCode", []string{"0"}},
	{"ThrottleTimeMs", []string{"0"}},
	{"ErrorMessage", []string{"null"}},
	{"Name", []string{"orders"}},
	{"Topic", []string{"orders"}},
	{"TopicName", []string{"orders"}},
	{"Topics", []string{"orders"}},
	{"TopicNames", []string{"orders"}},
	{"SubscribedTopicNames", []string{"orders"}},
	{"GroupId", []string{"orders-app"}},
	{"GroupIds", []string{"orders-app"}},
	{"Groups", []string{"orders-app"}},
	{"CoordinatorKeys", []string{"orders-app"}},
	{"MemberId", []string{"kafkawire-5d1b7c2e-0f3a-4c55-9b8e-2a6f1e7d4c90"}},
	{"GroupInstanceId", []string{"null"}},
	{"ProtocolType", []string{"consumer"}},
	{"ProtocolName", []string{"range"}},
	{"GenerationId", []string{"1"}},
	{"MemberEpoch", []string{"1"}},
	{"GroupEpoch", []string{"1"}},
	{"SessionTimeoutMs", []string{"45000"}},
	{"RebalanceTimeoutMs", []string{"300000"}},
	{"HeartbeatIntervalMs", []string{"3000"}},
	{"ClusterId", []string{"MkU3OEVBNTcwNTJENDM2Qk"}},
	{"ClientId", []string{"kafkawire"}},
	{"ClientHost", []string{"/127.0.0.1"}},
	{"ClientSoftwareName", []string{"kafkawire"}},
	{"ClientSoftwareVersion", []string{"1.0.0"}},
	{"Host", []string{"kafka-1.example.com"}},
	{"Port", []string{"9092"}},
	{"Rack", []string{"null"}},
	{"NodeId", []string{"1+i"}},
	{"BrokerId", []string{"1+i"}},
	{"LeaderId", []string{"1"}},
	{"Leader", []string{"1"}},
	{"ControllerId", []string{"1"}},
	{"ReplicaId", []string{"1"}},
	{"LeaderEpoch", []string{"0"}},
	{"CurrentLeaderEpoch", []string{"0"}},
	{"LastFetchedEpoch", []string{"-1"}},
	{"BrokerEpoch", []string{"1"}},
	{"ControllerEpoch", []string{"1"}},
	{"PartitionEpoch", []string{"1"}},
	{"FetchOffset", []string{"42"}},
	{"Offset", []string{"42"}},
	{"CommittedOffset", []string{"42"}},
	{"CommittedLeaderEpoch", []string{"0"}},
	{"CommittedMetadata", []string{""}},
	{"Metadata", []string{""}},
	{"HighWatermark", []string{"44"}},
	{"LastStableOffset", []string{"44"}},
	{"LogStartOffset", []string{"0"}},
	{"LogEndOffset", []string{"44"}},
	{"EndOffset", []string{"44"}},
	{"BaseOffset", []string{"42"}},
	{"FirstOffset", []string{"42"}},
	{"LastOffset", []string{"43"}},
	{"Timestamp", []string{"1767225600000"}},
	{"LogAppendTimeMs", []string{"-1"}},
	{"MaxWaitMs", []string{"500"}},
	{"MinBytes", []string{"1"}},
	{"MaxBytes", []string{"52428800"}},
	{"PartitionMaxBytes", []string{"1048576"}},
	{"IsolationLevel", []string{"0"}},
	{"SessionId", []string{"0"}},
	{"SessionEpoch", []string{"0"}},
	{"NumPartitions", []string{"3"}},
	{"ReplicationFactor", []string{"3"}},
	{"ResourceType", []string{"2"}}, // TOPIC
	{"ResourceName", []string{"orders"}},
	{"PatternType", []string{"3"}}, // LITERAL
	{"ResourcePatternType", []string{"3"}},
	{"PermissionType", []string{"3"}}, // ALLOW
	{"Operation", []string{"3"}},      // READ
	{"PrincipalType", []string{"User"}},
	{"PrincipalName", []string{"alice"}},
	{"Principal", []string{"User:alice"}},
	{"Mechanism", []string{"1"}}, // SCRAM-SHA-256
	{"Mechanisms", []string{"PLAIN"}},
	{"Iterations", []string{"4096"}},
	{"Reason", []string{"null"}},
	{"ApiKey", []string{"0"}},
	{"MinVersion", []string{"0"}},
	{"MaxVersion", []string{"11"}},
	{"AllowAutoTopicCreation", []string{"true"}},
	{"MaxNumOffsets", []string{"1"}},
	{"SubscriptionId", []string{"1"}},
	{"PushIntervalMs", []string{"30000"}},
	{"TelemetryMaxBytes", []string{"1048576"}},
	{"LogDir", []string{"/var/lib/kafka/data"}},
	{"Path", []string{"/var/lib/kafka/data"}},

	{"SubtopologyId", []string{"0"}},
	{"SourceTopics", []string{"orders"}},
	{"GroupState", []string{"Stable"}},
	{"SecurityProtocol", []string{"0"}}, // PLAINTEXT
	{"Listener", []string{"PLAINTEXT"}},
	{"HostName", []string{"kafka-1.example.com"}},
	{"Id", []string{"1"}},
	{"ExpiryTimestampMs", []string{"1767312000000"}}, // a day after exampleTime
	{"ExpiryTimestamp", []string{"1767312000000"}},
	{"IssueTimestampMs", []string{"1767225600000"}},
	{"IssueTimestamp", []string{"1767225600000"}},
	{"MaxTimestamp", []string{"1767225600005"}},
	{"MaxTimestampMs", []string{"1767225600005"}},
	{"MaxLifetimeMs", []string{"604800000"}},
	{"ExpiryTimePeriodMs", []string{"86400000"}},
	{"RenewPeriodMs", []string{"86400000"}},
	{"TokenId", []string{"kafkawire-token"}},
	{"Hmac", []string{"hmac-of-kafkawire-token"}},
	{"ResourceTypeFilter", []string{"2"}},
	{"ResourceNameFilter", []string{"orders"}},
	{"PatternTypeFilter", []string{"3"}},
	{"PrincipalFilter", []string{"User:alice"}},
	{"HostFilter", []string{"*"}},
	{"EntityType", []string{"client-id"}},
	{"EntityName", []string{"kafkawire"}},
	{"Feature", []string{"metadata.version"}},
	{"ConfigurationKeys", []string{"retention.ms"}},
	{"TransactionState", []string{"Ongoing"}},
	{"AssignorName", []string{"uniform"}},
	{"User", []string{"alice"}},
	{"TransactionalIds", []string{"orders-txn"}},
	{"V3AndBelowTransactionalId", []string{"orders-txn"}},
	{"V3AndBelowProducerId", []string{"4000"}},
	{"V3AndBelowProducerEpoch", []string{"0"}},
	{"CoordinatorEpoch", []string{"1"}},
	{"StateEpoch", []string{"1"}},
	{"AssignmentEpoch", []string{"1"}},
	{"TopologyEpoch", []string{"1"}},
	{"ShareSessionEpoch", []string{"0"}},
	{"DeliveryCount", []string{"1"}},
	{"AcquisitionLockTimeoutMs", []string{"30000"}},
	{"MaxRecords", []string{"500"}},
	{"BatchSize", []string{"500"}},
	{"ProducerIdStart", []string{"4000"}},
}

// exampleValues is exampleValueList by field name, made on first use. The
// table is written as a slice, which the compiler lays out as static data;
// as a map literal it was 50 KB of code in app.wasm, run at start-up.
var exampleValues = sync.OnceValue(func() map[string][]string {
	m := make(map[string][]string, len(exampleValueList))
	for _, e := range exampleValueList {
		m[e.field] = e.values
	}
	return m
})

// exampleUUID is a fixed, non-zero uuid per field name, so a TopicId is the
// same in every example and differs from a directory id.
func exampleUUID(name string) UUID {
	var u UUID
	h := fnv.New128a()
	h.Write([]byte("kafkawire " + name))
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x40 // a version 4 uuid, as Kafka makes them
	u[8] = u[8]&0x3f | 0x80
	return u
}

// exampleTime is 2026-01-01T00:00:00Z in milliseconds: the records' timestamps.
const exampleTime = 1767225600000

// exampleRecords is one RecordBatch v2 of two records, the first with a
// header, from an idempotent producer (id 4000, epoch 0). In a response it
// sits at offset 42, where the example's fetch offset points.
func exampleRecords(d schema.Direction) *records.Set {
	base := int64(0)
	if d == schema.Response {
		base = 42
	}
	return &records.Set{Batches: []*records.Batch{{
		BaseOffset:           base,
		PartitionLeaderEpoch: 0,
		Magic:                2,
		BaseTimestamp:        exampleTime,
		MaxTimestamp:         exampleTime + 5,
		ProducerID:           4000,
		ProducerEpoch:        0,
		BaseSequence:         0,
		Records: []records.Record{
			{OffsetDelta: 0, Key: records.Bytes("order-1"), Value: records.Bytes(`{"item":"book","qty":1}`),
				Headers: []records.Header{{Key: records.Bytes("trace-id"), Value: records.Bytes("7f3a9c")}}},
			{OffsetDelta: 1, TimestampDelta: 5, Key: records.Bytes("order-2"), Value: records.Bytes(`{"item":"pen","qty":3}`)},
		},
	}}}
}

// exampleData is the example of an embedded data format (a consumer's
// subscription in JoinGroup's metadata) at its newest version, written as
// clients write it: an int16 version, then the struct. Nil if the format is
// unknown.
func exampleData(name string) []byte {
	def := schema.Data(name)
	if def == nil {
		return nil
	}
	v := def.Valid.Hi
	flex := def.Flexible.Has(v)
	ex := exampler{api: &schema.API{Key: -1, Name: name}, v: v}
	s := ex.structVal(def.Fields, flex, "", 0)
	out, err := AppendStruct([]byte{byte(v >> 8), byte(v)}, def.Fields, s, v, flex)
	if err != nil {
		return nil
	}
	return out
}
