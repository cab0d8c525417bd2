package conversation

import (
	"encoding/binary"
	"slices"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// Filter finds frames by what they are and say, in the words the page's
// capture list and the command's --filter take: terms separated by
// spaces, every one of which a frame must match. A term may name its
// field: api:Fetch (or api:fetch/v12), conn:51234, corr:7 (or id:7),
// dir:request, v:12, client:consumer-2 (part of the request's client id),
// err:rebalance (a response whose error codes' names hold it), topic:orders
// (a frame that names the topic, by name or by an id the capture names);
// "error" matches frames with a problem and responses with an error code,
// "broken" the first only; "unanswered" (or "noresponse") requests a broker
// answers that have no response in the input (not a Produce with acks=0,
// which none answers); "longpoll" the frames of a Fetch or ShareFetch the
// broker held for its MaxWaitMs (Result.LongPoll). A bare number matches a correlation id or a
// port, whole. A bare API name matches that API alone (not a client id
// holding it, as Java's producer-1); another bare term matches part of
// an API's name, the connection (any part), the direction, "vN" the
// version, or the client id.
type Filter struct {
	terms []string // lower case
}

// ParseFilter reads a filter; any text is one, what it does not
// understand (FilterHint) being text to find.
func ParseFilter(q string) Filter { return Filter{terms: strings.Fields(strings.ToLower(q))} }

// Empty reports whether the filter has no term: every frame matches.
func (flt Filter) Empty() bool { return len(flt.terms) == 0 }

// Sayings gives a filter what frames say past their headers: their facts
// (error codes, topics), which a decode finds, and the names of topic ids.
// A page bounds the decodes a filter makes; the command does not.
type Sayings interface {
	FactsOf(i int, f *Frame) *Facts
	TopicNames() *TopicNames
}

// Decoded is the Sayings a command filters with: every frame's facts,
// decoded when first asked for, a body seen before once.
func (r Result) Decoded() Sayings { return &decoded{r: r} }

type decoded struct {
	r      Result
	cache  FactCache
	names  *TopicNames
	byName bool
}

func (d *decoded) FactsOf(i int, f *Frame) *Facts {
	fa, _ := d.cache.Of(f)
	return fa
}

func (d *decoded) TopicNames() *TopicNames {
	if !d.byName {
		d.names, _ = d.r.TopicNames(0)
		d.byName = true
	}
	return d.names
}

// Match reports whether frame i of r matches every term; facts are asked
// for only by the terms that need them.
func (flt Filter) Match(r Result, i int, facts Sayings) bool {
	if len(flt.terms) == 0 {
		return true
	}
	f := r.Frame(i)
	api := "?"
	if f.API != nil {
		api = strings.ToLower(f.API.Name)
	}
	ver := "v" + strconv.Itoa(int(f.Version))
	corr := strconv.Itoa(int(f.CorrelationID))
	conn := strings.ToLower(f.Conn)
	dir := f.Dir.String()
	bad := len(f.Problems()) > 0
	// A term that names an API matches it alone (produce is not
	// InitProducerId); any other matches the API names it is part of.
	apiIs := func(t string) bool {
		name, v, hasV := strings.Cut(t, "/")
		if hasV && v != ver && "v"+v != ver {
			return false
		}
		if schema.ByName(name) != nil {
			return api == name
		}
		return strings.Contains(api, name)
	}
	errorCodes := func() []int16 {
		if f.Dir != schema.Response || f.API == nil {
			return nil
		}
		return facts.FactsOf(i, &f).ErrorCodes
	}
	client := func() string { return strings.ToLower(r.ClientID(i)) }
	for _, t := range flt.terms {
		key, val, keyed := strings.Cut(t, ":")
		if keyed && val != "" {
			var ok bool
			switch key {
			case "api":
				ok = f.API != nil && apiIs(val)
			case "conn":
				ok = strings.Contains(conn, val)
			case "corr", "id":
				ok = val == corr
			case "dir":
				ok = strings.HasPrefix(dir, val)
			case "v", "version":
				ok = "v"+strings.TrimPrefix(val, "v") == ver
			case "client":
				ok = strings.Contains(client(), val)
			case "err", "error":
				for _, c := range errorCodes() {
					ok = ok || strings.Contains(strings.ToLower(schema.ErrorName(c)), val)
				}
			case "topic":
				for _, name := range topicsOf(i, &f, facts) {
					ok = ok || strings.Contains(strings.ToLower(name), val)
				}
			default:
				keyed = false
			}
			if keyed {
				if !ok {
					return false
				}
				continue
			}
		}
		switch {
		case t == "broken":
			if !bad {
				return false
			}
		case t == "unanswered" || t == "noresponse":
			if f.Dir != schema.Request || f.Pair >= 0 || !f.AnswerExpected() {
				return false
			}
		case t == "longpoll" || t == "longpolls":
			if _, held := r.LongPoll(i); !held {
				return false
			}
		case t == "error" || t == "errors":
			// A frame the capture broke, or a response with an error code.
			if !bad && len(errorCodes()) == 0 {
				return false
			}
		case strings.Trim(t, "0123456789") == "":
			// A number is a correlation id or a port, whole: not a part
			// of every address (27 of 127.0.0.1).
			if t != corr && !hasPort(conn, t) {
				return false
			}
		case schema.ByName(t) != nil:
			// A whole API name is that API, not a client id holding it
			// (Java's producer-1 is no Produce).
			if f.API == nil || !apiIs(t) {
				return false
			}
		case t == ver, dir == t,
			f.API != nil && apiIs(t),
			strings.Contains(conn, t),
			strings.Contains(client(), t):
		default:
			return false
		}
	}
	return true
}

// topicsOf are the names of the topics frame i names, by name or by an id
// the capture names.
func topicsOf(i int, f *Frame, facts Sayings) []string {
	if f.API == nil {
		return nil
	}
	fa := facts.FactsOf(i, f)
	if len(fa.TopicIDs) == 0 {
		return fa.Topics
	}
	names := slices.Clone(fa.Topics)
	for _, id := range fa.TopicIDs {
		if name := facts.TopicNames().Name(id.String()); name != "" {
			names = append(names, name)
		}
	}
	return names
}

// Problems says what the input broke of the frame or left odd about it:
// bytes lost or skipped, a note, a response whose API is unknown; none for
// most frames.
func (f *Frame) Problems() []string {
	var out []string
	if f.Broken != "" {
		out = append(out, "broken: "+f.Broken)
	}
	if f.Skipped > 0 {
		out = append(out, strconv.Itoa(f.Skipped)+" bytes skipped before it")
	}
	if f.Note != "" {
		out = append(out, f.Note)
	}
	if f.Dir == schema.Response && f.API == nil {
		out = append(out, "its request is not in the capture: API unknown")
	}
	return out
}

// filterKeys are the keys a filter term may name (Match).
var filterKeys = []string{"api", "conn", "corr", "id", "dir", "v", "version", "err", "error", "client", "topic"}

// FilterHint says what in filter q is not understood, and is only looked
// for as text: a key there is not (foo:bar) or a comparison (latency>1ms).
// "" when every term is understood.
func FilterHint(q string) string {
	for _, t := range strings.Fields(strings.ToLower(q)) {
		if key, val, keyed := strings.Cut(t, ":"); keyed && val != "" && key != "" &&
			strings.Trim(key, "abcdefghijklmnopqrstuvwxyz") == "" && !slices.Contains(filterKeys, key) {
			return "no key " + key + ": the keys are api, conn, corr (or id), dir, v, client, topic and err (and the words error, broken, unanswered and longpoll)"
		}
		if len(t) > 1 && t[0] == '-' || t == "!" || strings.HasPrefix(t, "not:") {
			return t + ": a filter has no negation; every term must match (unanswered, api:Fetch error)"
		}
		if t == "or" || t == "||" {
			return "a filter has no or: every term must match; filter for one, then the other"
		}
		if strings.ContainsAny(t, "<>") || strings.Contains(t, "!=") {
			return t + " is no comparison here, only text to find: a term matches the API, connection, correlation id, direction or version"
		}
	}
	return ""
}

// hasPort reports whether port is one of the two of conn ("a:p>b:q").
func hasPort(conn, port string) bool {
	for _, end := range strings.Split(conn, ">") {
		if i := strings.LastIndexByte(end, ':'); i >= 0 && end[i+1:] == port {
			return true
		}
	}
	return false
}

// ClientID is the client id the request of frame i names in its header (a
// response's request's): who sent it. "" when there is none (a null or
// empty one, a header v0, a response whose request the input lacks).
func (r Result) ClientID(i int) string {
	f := r.Frame(i)
	if f.Dir == schema.Response {
		if f.Pair < 0 || f.Pair >= r.Len() {
			return ""
		}
		f = r.Frame(f.Pair)
	}
	if f.API == nil || schema.HeaderVersion(f.API, f.Version, schema.Request) < 1 || len(f.Bytes) < 14 {
		return ""
	}
	// size, key, version, correlation id, then the client id: an int16
	// length (-1: null) and its bytes, in every header from v1 on.
	n := int(int16(binary.BigEndian.Uint16(f.Bytes[12:])))
	if n <= 0 || 14+n > len(f.Bytes) {
		return ""
	}
	return string(f.Bytes[14 : 14+n])
}
