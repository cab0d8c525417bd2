package conversation

import (
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

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
	terms []term
}

// term is one term of a filter, with what Match compares it to worked out
// once: a list of half a million frames is matched on every keystroke.
type term struct {
	text     string // lower case
	key, val string // a keyed term's parts, when keyed
	keyed    bool   // key is one of filterKeys and val is not empty
	api      apiTerm
	isAPI    bool // text names an API: it matches that API alone
	digits   bool // text is a number: a correlation id or a port
	// text (val, for a keyed term) as the number it writes, when it
	// writes one as strconv would: the frame's correlation id, version.
	num, ver int64
	isNum    bool
	isVer    bool // "vN" (keyed v: takes N too)
}

// apiTerm is a term as it names APIs: name, or name/vN (name/N).
type apiTerm struct {
	name   string
	exact  bool // name is an API's whole name
	ver    int64
	hasVer bool
	verOK  bool // the version part reads as a version ("v12" or "12")
}

func newAPITerm(t string) apiTerm {
	name, v, hasV := strings.Cut(t, "/")
	a := apiTerm{name: name, exact: schema.ByName(name) != nil, hasVer: hasV}
	if hasV {
		a.ver, a.verOK = versionOf(v)
		if !a.verOK {
			a.ver, a.verOK = versionOf("v" + v)
		}
	}
	return a
}

// is reports whether the API named api (lower case) at version v is one
// the term names.
func (a apiTerm) is(api string, v int16) bool {
	if a.hasVer && (!a.verOK || a.ver != int64(v)) {
		return false
	}
	if a.exact {
		return api == a.name
	}
	return strings.Contains(api, a.name)
}

// versionOf reads "vN" as strconv writes it ("v012" is not v12).
func versionOf(t string) (int64, bool) {
	if !strings.HasPrefix(t, "v") {
		return 0, false
	}
	return numberOf(t[1:])
}

// numberOf reads t as the number strconv writes as t, and only then.
func numberOf(t string) (int64, bool) {
	n, err := strconv.ParseInt(t, 10, 64)
	return n, err == nil && strconv.FormatInt(n, 10) == t
}

// ParseFilter reads a filter; any text is one, what it does not
// understand (FilterHint) being text to find.
func ParseFilter(q string) Filter {
	var flt Filter
	for _, t := range strings.Fields(strings.ToLower(q)) {
		tm := term{text: t, api: newAPITerm(t), isAPI: schema.ByName(t) != nil,
			digits: strings.Trim(t, "0123456789") == ""}
		if key, val, ok := strings.Cut(t, ":"); ok && val != "" && slices.Contains(filterKeys, key) {
			tm.key, tm.val, tm.keyed = key, val, true
			if key == "api" {
				tm.api = newAPITerm(val)
			}
			tm.num, tm.isNum = numberOf(val)
			tm.ver, tm.isVer = versionOf("v" + strings.TrimPrefix(val, "v"))
		} else {
			tm.num, tm.isNum = numberOf(t)
			tm.ver, tm.isVer = versionOf(t)
		}
		flt.terms = append(flt.terms, tm)
	}
	return flt
}

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

// lowerAPINames are the APIs' names in lower case, by key: Match compares
// every frame's with the terms.
var lowerAPINames = sync.OnceValue(func() []string {
	var out []string
	for _, a := range schema.APIs() {
		if int(a.Key) >= len(out) {
			out = append(out, make([]string, int(a.Key)+1-len(out))...)
		}
		out[a.Key] = strings.ToLower(a.Name)
	}
	return out
})

// Match reports whether frame i of r matches every term; facts are asked
// for only by the terms that need them. What a frame keeps (its API,
// version, correlation id, connection, direction, client id) is read as kept; the
// frame is put back together (Result.Frame) only for a term that looks
// into its bytes. Matching many frames of one result, For is quicker.
func (flt Filter) Match(r Result, i int, facts Sayings) bool {
	m := Matcher{flt: flt, r: r, facts: facts}
	return m.Match(i)
}

// Matcher matches the frames of one result against a filter, Filter.Match
// as one loop over a list does it: what a term says of a connection's name
// or a client id is worked out once for each, when a frame first asks. A
// capture of short connections has half a million frames over 79,000
// connections and a handful of client ids; looking into each frame's was
// most of the time a key typed into the page's filter took.
type Matcher struct {
	flt   Filter
	r     Result
	facts Sayings
	// conns, clients and apis are, by term, what it said of each
	// connection, client id and API (an index in Conns, in
	// Result.clients, an API's key) so far: unknown, no, yes; made when a
	// frame first asks (said). Only the first keptTerms terms keep them,
	// so that a long filter on a big capture costs no more: the others
	// look each time. apis is kept only for a term that names part of an
	// API's name (not a whole name, not a version).
	conns, clients, apis [][]answer
	keeps                []keep // by term, which of them it may keep
}

// keep says which answers a term keeps (Matcher).
type keep struct{ conns, clients, apis bool }

// keptTerms is how many of a filter's terms keep their answers (Matcher).
const keptTerms = 16

type answer uint8

const (
	unknown answer = iota
	no
	yes
)

// For is the Matcher of the frames of r.
func (flt Filter) For(r Result, facts Sayings) *Matcher {
	n := min(len(flt.terms), keptTerms)
	m := &Matcher{flt: flt, r: r, facts: facts,
		conns: make([][]answer, n), clients: make([][]answer, n), apis: make([][]answer, n), keeps: make([]keep, n)}
	for k, t := range flt.terms[:n] {
		bare := !t.keyed && !keywords[t.text] && !t.isAPI
		m.keeps[k] = keep{
			conns:   bare || t.keyed && t.key == "conn",
			clients: bare && !t.digits || t.keyed && t.key == "client",
			// An API's whole name (isAPI's among them) is one comparison:
			// kept, it was slower.
			apis: !t.api.hasVer && !t.api.exact && (bare || t.keyed && t.key == "api"),
		}
	}
	return m
}

// keywords are the bare terms that match what a frame is, not text.
var keywords = map[string]bool{"broken": true, "unanswered": true, "noresponse": true,
	"longpoll": true, "longpolls": true, "error": true, "errors": true}

// said is what a term said of thing k (a connection, a client id, an API)
// before, else what says does, kept in *seen, made of n answers when
// first needed.
func said(seen *[]answer, n int, k int32, says func() bool) bool {
	if *seen == nil {
		*seen = make([]answer, n)
	}
	if a := (*seen)[k]; a != unknown {
		return a == yes
	}
	ok := says()
	(*seen)[k] = no
	if ok {
		(*seen)[k] = yes
	}
	return ok
}

// Match reports whether frame i matches every term of the filter.
func (m *Matcher) Match(i int) bool {
	flt, r, facts := m.flt, &m.r, m.facts
	if len(flt.terms) == 0 {
		return true
	}
	s := r.at(i)
	api, known := "?", false
	if names := lowerAPINames(); s.api >= 0 && int(s.api) < len(names) && names[s.api] != "" {
		api, known = names[s.api], true
	}
	dir := s.dir.String()
	conn := func() string { return r.connNames[s.conn] }
	// connHas, isAPI and clientHas are term k's answer for the frame's
	// connection, API (a known one) and client id, kept (Matcher.keeps).
	kept := func(k int) keep {
		if k < len(m.keeps) {
			return m.keeps[k]
		}
		return keep{}
	}
	connHas := func(k int, has func(conn string) bool) bool {
		if !kept(k).conns {
			return has(conn())
		}
		return said(&m.conns[k], len(r.Conns), s.conn, func() bool { return has(conn()) })
	}
	isAPI := func(k int, t term) bool {
		if !known {
			return false
		}
		if !kept(k).apis {
			return t.api.is(api, s.version)
		}
		return said(&m.apis[k], len(lowerAPINames()), int32(s.api), func() bool { return t.api.is(api, s.version) })
	}
	clientHas := func(k int, t string) bool {
		if !kept(k).clients {
			return containsLower(r.clientOf(s), t)
		}
		// A result none of whose requests names a client id has no table;
		// its frames' index is 0 all the same.
		return said(&m.clients[k], max(1, len(r.clients)), s.client, func() bool { return containsLower(r.clientOf(s), t) })
	}
	bad := s.broken != 0 || s.skipped > 0 || s.note != 0 || (s.dir == schema.Response && !known) // Frame.Problems
	var f *Frame
	frame := func() *Frame {
		if f == nil {
			whole := r.Frame(i)
			f = &whole
		}
		return f
	}
	errorCodes := func() []int16 {
		if s.dir != schema.Response || !known {
			return nil
		}
		return facts.FactsOf(i, frame()).ErrorCodes
	}
	isVersion := func(t term) bool { return t.isVer && t.ver == int64(s.version) }
	isCorr := func(t term) bool { return t.isNum && t.num == int64(s.correlationID) }
	for k, t := range flt.terms {
		contains := func(conn string) bool { return strings.Contains(conn, t.val) }
		if !t.keyed {
			contains = func(conn string) bool { return strings.Contains(conn, t.text) }
		}
		if t.keyed {
			var ok bool
			switch t.key {
			case "api":
				ok = isAPI(k, t)
			case "conn":
				ok = connHas(k, contains)
			case "corr", "id":
				ok = isCorr(t)
			case "dir":
				ok = strings.HasPrefix(dir, t.val)
			case "v", "version":
				ok = isVersion(t)
			case "client":
				ok = clientHas(k, t.val)
			case "err", "error":
				for _, c := range errorCodes() {
					ok = ok || strings.Contains(strings.ToLower(schema.ErrorName(c)), t.val)
				}
			case "topic":
				for _, name := range topicsOf(i, frame(), facts) {
					ok = ok || strings.Contains(strings.ToLower(name), t.val)
				}
			}
			if !ok {
				return false
			}
			continue
		}
		switch text := t.text; {
		case text == "broken":
			if !bad {
				return false
			}
		case text == "unanswered" || text == "noresponse":
			if s.dir != schema.Request || s.pair >= 0 || !frame().AnswerExpected() {
				return false
			}
		case text == "longpoll" || text == "longpolls":
			if _, held := r.LongPoll(i); !held {
				return false
			}
		case text == "error" || text == "errors":
			// A frame the capture broke, or a response with an error code.
			if !bad && len(errorCodes()) == 0 {
				return false
			}
		case t.digits:
			// A number is a correlation id or a port, whole: not a part
			// of every address (27 of 127.0.0.1).
			if !isCorr(t) && !connHas(k, func(conn string) bool { return hasPort(conn, text) }) {
				return false
			}
		case t.isAPI:
			// A whole API name is that API, not a client id holding it
			// (Java's producer-1 is no Produce).
			if !isAPI(k, t) {
				return false
			}
		case isVersion(t), dir == text,
			isAPI(k, t),
			connHas(k, contains),
			clientHas(k, text):
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
	for end := range strings.SplitSeq(conn, ">") {
		if i := strings.LastIndexByte(end, ':'); i >= 0 && end[i+1:] == port {
			return true
		}
	}
	return false
}

// ClientID is the client id the request of frame i names in its header (a
// response's request's): who sent it. "" when there is none (a null or
// empty one, a header v0, a response whose request the input lacks).
func (r Result) ClientID(i int) string { return r.clientOf(r.at(i)) }

// clientOf is frame s's client id, ClientID.
func (r *Result) clientOf(s *stored) string {
	if s.client == 0 {
		return "" // a result none of whose requests names one has no table
	}
	return r.clients[s.client]
}

// clientIDs is the table of the client ids a result's requests name, each
// once; a frame keeps its index. A filter looks at every frame's client
// id on each keystroke: read from each request's header, on half a
// million frames spread over a capture of 169 MB, nearly every read
// missed the processor's caches, and they were most of the filter's time.
type clientIDs struct {
	ids   []string // by index; ids[0] is "", none
	index map[string]int32
}

// add gives the index of the client id request b (an API's, key, at
// version v) names, added when new; 0 when it names none.
func (c *clientIDs) add(b []byte, key, v int16) int32 {
	id := requestClientID(b, key, v)
	if len(id) == 0 {
		return 0
	}
	if k, ok := c.index[string(id)]; ok {
		return k
	}
	if c.ids == nil {
		c.ids, c.index = []string{""}, map[string]int32{}
	}
	c.ids = append(c.ids, string(id))
	c.index[c.ids[len(c.ids)-1]] = int32(len(c.ids) - 1)
	return int32(len(c.ids) - 1)
}

// requestClientID is the client id in request b's header, an API's (key)
// at version v; nil for none.
func requestClientID(b []byte, key, v int16) []byte {
	a := schema.ByKey(key)
	if a == nil || schema.HeaderVersion(a, v, schema.Request) < 1 || len(b) < 14 {
		return nil
	}
	// size, key, version, correlation id, then the client id: an int16
	// length (-1: null) and its bytes, in every header from v1 on.
	n := int(int16(binary.BigEndian.Uint16(b[12:])))
	if n <= 0 || 14+n > len(b) {
		return nil
	}
	return b[14 : 14+n]
}

// containsLower reports whether b in lower case holds t (lower case), as
// strings.Contains(strings.ToLower(b), t) does, without making a string
// when b is ASCII.
func containsLower(b string, t string) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return strings.Contains(strings.ToLower(b), t)
		}
	}
	lower := func(c byte) byte {
		if 'A' <= c && c <= 'Z' {
			return c + 'a' - 'A'
		}
		return c
	}
next:
	for at := 0; at+len(t) <= len(b); at++ {
		for k := range len(t) {
			if lower(b[at+k]) != t[k] {
				continue next
			}
		}
		return true
	}
	return false
}
