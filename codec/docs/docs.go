// Package docs holds kafkawire's own explanations of the Kafka protocol: what
// every API is for and what every field of every message means.
//
// The words are the project's own. Kafka's message definitions carry
// descriptions too (Apache-licensed text); none of them is copied here, and a
// test fails on any run of eight words in common with them. Facts such as
// version ranges come from the catalogue (codec/schema), not from this text.
package docs

// Role groups the APIs by what they are for, as the index lists them.
type Role string

const (
	Producing    Role = "Producing"
	Consuming    Role = "Consuming"
	Groups       Role = "Consumer groups"
	Transactions Role = "Transactions"
	Admin        Role = "Topic and config admin"
	Security     Role = "Security and quotas"
	Cluster      Role = "Cluster and client basics"
	KRaft        Role = "KRaft and controller internals"
	ShareGroups  Role = "Share groups"
	Streams      Role = "Streams groups"
	Telemetry    Role = "Telemetry"
)

// API explains one API key.
type API struct {
	Name    string   // the catalogue's name, e.g. "Produce"
	Role    Role     // the index group
	Summary string   // one line for the index
	Intro   string   // 2 to 5 sentences: what it does, who sends it to whom, when
	Related []string // names of the APIs it goes with
	// Request and Response describe the fields of the body, keyed by the
	// field's path of names from the body down ("Topics.Partitions.Index").
	Request  map[string]string
	Response map[string]string
}

// all is every API's explanation: keys 0-47 in apis_low.go, 48 and up in apis_high.go.
var all = append(append([]API(nil), apisLow...), apisHigh...)
