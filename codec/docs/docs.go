// Package docs holds kafkawire's own explanations of the Kafka protocol: what
// every API is for and what every field of every message means.
//
// The words are the project's own. Kafka's message definitions carry
// descriptions too (Apache-licensed text); none of them is copied here, and a
// test fails on any run of eight words in common with them. Facts such as
// version ranges come from the catalogue (codec/schema), not from this text.
package docs

import (
	"strings"
	"sync"

	"github.com/kafkawire/kafkawire/codec/schema"
)

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

// apiText is how apis_low.go and apis_high.go write an API's explanation:
// as API, with the field descriptions as lists rather than maps. The
// compiler lays out lists of constants as static data in the binary, while
// it builds every map literal with code run at start-up: written as maps,
// the 1,800-odd paths cost half a megabyte of app.wasm. The maps of API are
// made from the lists on first use (see all).
type apiText struct {
	Name              string
	Role              Role
	Summary           string
	Intro             string
	Related           []string
	Request, Response fieldDocs
}

// fieldDoc is the description of the field at path.
type fieldDoc struct{ path, text string }

// fieldDocs lists field descriptions; a path listed twice (a shared list
// merged in, then overridden) takes its last description.
type fieldDocs []fieldDoc

// toMap is the list as a map from path to description.
func (l fieldDocs) toMap() map[string]string {
	m := make(map[string]string, len(l))
	for _, f := range l {
		m[f.path] = f.text
	}
	return m
}

// all is every API's explanation, keys 0-47 from apis_low.go and 48 and
// up from apis_high.go, made on first use.
var all = sync.OnceValue(func() []API {
	out := make([]API, 0, len(apisLow)+len(apisHigh))
	for _, list := range [][]apiText{apisLow, apisHigh} {
		for _, t := range list {
			out = append(out, API{Name: t.Name, Role: t.Role, Summary: t.Summary, Intro: t.Intro, Related: t.Related,
				Request: t.Request.toMap(), Response: t.Response.toMap()})
		}
	}
	return out
})

// roles is the order the index shows the roles in.
var roles = []Role{Cluster, Producing, Consuming, Groups, Transactions, Admin, Security, KRaft, ShareGroups, Streams, Telemetry}

// Roles lists the roles in the order the index shows them.
func Roles() []Role { return append([]Role(nil), roles...) }

// APIs lists every API explained, keys ascending as the catalogue has them.
func APIs() []*API {
	apis := all()
	out := make([]*API, len(apis))
	for i := range apis {
		out[i] = &apis[i]
	}
	return out
}

// ForAPI returns the explanation of the API named name (any case), or nil.
func ForAPI(name string) *API {
	apis := all()
	for i := range apis {
		if strings.EqualFold(apis[i].Name, name) {
			return &apis[i]
		}
	}
	return nil
}

// Field is the description of the field at path (names from the body down,
// joined by ".") in the request or response of the named API, or "" when
// there is none. A field whose meaning is the same in every API (see
// everywhere) is found even when the API's own map leaves it out.
func Field(apiName string, dir schema.Direction, path string) string {
	a := ForAPI(apiName)
	if a == nil {
		return ""
	}
	m := a.Request
	if dir == schema.Response {
		m = a.Response
	}
	if d, ok := m[path]; ok {
		return d
	}
	return everywhere[dir][path]
}

// everywhere describes the top-level fields that mean the same in every API.
var everywhere = map[schema.Direction]map[string]string{
	schema.Response: {
		"ThrottleTimeMs": "How long, in ms, the broker held this response back or asks the client to hold back because a quota was exceeded; 0 when no quota applied.",
	},
}

// Header is the description of a request or response header field, or "".
func Header(dir schema.Direction, field string) string {
	if dir == schema.Response {
		return responseHeader[field]
	}
	return requestHeader[field]
}

var requestHeader = map[string]string{
	"RequestApiKey":     "The number of the API the body belongs to (0 Produce, 1 Fetch, 3 Metadata, 18 ApiVersions, ...); it says how to read the rest of the bytes.",
	"RequestApiVersion": "Which version of that API's schema the body is written in; the client picks it from the range the broker announced in ApiVersions.",
	"CorrelationId":     "A number the client chooses, usually counting up per connection; the broker copies it into the response so the client can pair answers with its requests.",
	"ClientId":          "A free label for the client application, used by brokers in logs, metrics and client-id quotas; null or empty when the client gives none. It keeps its two-byte length even in header v2.",
}

var responseHeader = map[string]string{
	"CorrelationId": "The CorrelationId of the request this answers, copied back unchanged; responses on one connection come back in the order the requests were sent.",
}

// Search lists the APIs whose name or summary holds every word of query
// (any case), in key order; an empty query lists them all.
func Search(query string) []*API {
	terms := strings.Fields(strings.ToLower(query))
	var out []*API
	apis := all()
	for i := range apis {
		text := strings.ToLower(apis[i].Name + " " + apis[i].Summary)
		match := true
		for _, t := range terms {
			if !strings.Contains(text, t) {
				match = false
				break
			}
		}
		if match {
			out = append(out, &apis[i])
		}
	}
	return out
}
