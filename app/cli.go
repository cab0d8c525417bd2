package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

func runAPIs(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("apis", flag.ContinueOnError)
	// The summary is free text, so it comes as two extra columns at the end
	// and only when asked for: scripts reading the first columns keep working.
	summary := fs.Bool("summary", false, "add each API's role and one-line summary as the last two columns")
	if pos, err := parseAnywhere(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return fmt.Errorf("apis takes no arguments but --summary, got %q", pos)
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	head := "KEY\tNAME\tREQUEST\tRESPONSE\tFLEXIBLE\tFLAGS"
	if *summary {
		head += "\tROLE\tSUMMARY"
	}
	fmt.Fprintln(w, head)
	for _, a := range schema.APIs() {
		var flags []string
		if dep := versionsWhere(a, func(f schema.Flags) bool { return f.Deprecated }); dep != "" {
			flags = append(flags, "deprecated "+dep)
		}
		if !a.Removed.Empty() {
			flags = append(flags, "removed in 4.0 "+a.Removed.String())
		}
		if !a.Dropped.Empty() {
			flags = append(flags, "early access, dropped "+a.Dropped.String())
		}
		if un := versionsWhere(a, func(f schema.Flags) bool { return f.Unstable }); un != "" {
			flags = append(flags, "unstable "+un)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s", a.Key, a.Name, a.VersionRange(schema.Request), a.VersionRange(schema.Response),
			a.FlexibleRange(), strings.Join(flags, ", "))
		if *summary {
			role, sum := "", ""
			if d := docs.ForAPI(a.Name); d != nil {
				role, sum = string(d.Role), d.Summary
			}
			fmt.Fprintf(w, "\t%s\t%s", role, sum)
		}
		fmt.Fprintln(w)
	}
	return w.Flush()
}

// versionsWhere lists the versions of a whose flags satisfy keep, as a range when they are contiguous.
func versionsWhere(a *schema.API, keep func(schema.Flags) bool) string {
	var vs []string
	for _, v := range a.Versions(schema.Request) {
		if keep(a.VersionFlags(v)) {
			vs = append(vs, strconv.Itoa(int(v)))
		}
	}
	if len(vs) > 2 {
		return vs[0] + "-" + vs[len(vs)-1]
	}
	return strings.Join(vs, ",")
}

// apiFlags are the flags that pick a message: --api, --version, --request/--response.
type apiFlags struct {
	api      string
	version  int
	request  bool
	response bool
}

func (f *apiFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.api, "api", "", "API `name or key`, e.g. Produce or 0")
	fs.IntVar(&f.version, "version", -1, "API `version`")
	fs.BoolVar(&f.request, "request", false, "the frame is a request")
	fs.BoolVar(&f.response, "response", false, "the frame is a response")
}

func (f *apiFlags) resolve() (*schema.API, int16, error) {
	a, err := findAPI(f.api)
	if err != nil {
		return nil, 0, err
	}
	if f.version < 0 {
		return nil, 0, fmt.Errorf("--version is required (%s has versions %v)", a.Name, a.VersionRange(schema.Request))
	}
	if a.Def(schema.Request, int16(f.version)) == nil {
		return nil, 0, fmt.Errorf("%s has no version %d (versions %v)", a.Name, f.version, a.VersionRange(schema.Request))
	}
	return a, int16(f.version), nil
}

func runEncode(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("encode", flag.ContinueOnError)
	var af apiFlags
	af.register(fs)
	jsonFile := fs.String("json", "", "read the message from this JSON `file` (- for stdin); its api, version and direction stand in for the flags")
	example := fs.Bool("example", false, "encode a realistic example (topic \"orders\", producer id 4000, two records) instead of the minimal instance")
	if pos, err := parseAnywhere(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return fmt.Errorf("encode takes no arguments but flags (a JSON file comes with --json), got %q", pos)
	}
	if *example && *jsonFile != "" {
		return errors.New("say --example or --json, not both")
	}
	if af.request && af.response {
		return errors.New("say --request or --response, not both")
	}
	if *jsonFile == "" {
		api, v, dir, err := af.agree(message.Named{Version: -1}) // without JSON, nothing is named
		if err != nil {
			return err
		}
		m := message.Minimal(api, v, dir)
		if *example {
			m = message.Example(api, v, dir)
		}
		return writeFrame(stdout, m)
	}
	data, err := readInput(*jsonFile, stdin)
	if err != nil {
		return err
	}
	// decode --json prints a document a frame: each is encoded in turn.
	docs := jsonDocuments(data)
	for _, d := range docs {
		err := encodeJSON(stdout, data[d.start:d.end], af)
		var je *message.JSONError
		if errors.As(err, &je) {
			if je.Line == 1 {
				je.Column += d.column - 1
			}
			je.Line += d.line - 1
		}
		if err != nil && len(docs) > 1 {
			return fmt.Errorf("the JSON's message %d of %d: %w", d.n, len(docs), err)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// encodeJSON writes the frame of one JSON message.
func encodeJSON(stdout io.Writer, data []byte, af apiFlags) error {
	named, err := message.NamedInJSON(data)
	if err != nil {
		return err
	}
	api, v, dir, err := af.agree(named)
	if err != nil {
		return err
	}
	m, err := message.FromJSON(data, api, v, dir)
	if err != nil {
		return err
	}
	return writeFrame(stdout, m)
}

// writeFrame writes m's frame as a line of hex.
func writeFrame(stdout io.Writer, m *message.Message) error {
	b, err := frame.Encode(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%x\n", b)
	return err
}

// jsonDocument is one JSON value of a text of several: its bytes, from
// the end of the one before, and where they start (line and column from
// 1), for errors to say where in the whole text.
type jsonDocument struct {
	n, start, end, line, column int
}

// jsonDocuments cuts data into its JSON values. Text that does not read as
// JSON values is one document, whose error says where it breaks.
func jsonDocuments(data []byte) []jsonDocument {
	whole := []jsonDocument{{n: 1, end: len(data), line: 1, column: 1}}
	dec := json.NewDecoder(bytes.NewReader(data))
	var docs []jsonDocument
	line, column, counted := 1, 1, 0
	for {
		start := int(dec.InputOffset())
		var v json.RawMessage
		err := dec.Decode(&v)
		if err == io.EOF && len(docs) > 0 {
			docs[len(docs)-1].end = len(data) // trailing space is the last one's
			return docs
		}
		if err != nil {
			return whole
		}
		for _, c := range data[counted:start] {
			if c == '\n' {
				line, column = line+1, 1
			} else {
				column++
			}
		}
		counted = start
		docs = append(docs, jsonDocument{n: len(docs) + 1, start: start, end: int(dec.InputOffset()), line: line, column: column})
	}
}

// agree picks the message from the flags and from what the JSON names: each
// part from whichever gives it; when both do, they must agree.
func (f apiFlags) agree(named message.Named) (*schema.API, int16, schema.Direction, error) {
	fromJSON := ""
	if f.api == "" && named.API != nil {
		f.api, fromJSON = named.API.Name, " (from the JSON)"
	}
	if f.version < 0 && named.Version >= 0 {
		f.version = int(named.Version)
	}
	api, v, err := f.resolve()
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%v%s", err, fromJSON)
	}
	if named.API != nil && named.API != api {
		return nil, 0, 0, fmt.Errorf("--api says %s, the JSON says %s", api.Name, named.API.Name)
	}
	if named.Version >= 0 && named.Version != v {
		return nil, 0, 0, fmt.Errorf("--version says %d, the JSON says %d", v, named.Version)
	}
	flagged := f.request || f.response
	dir := schema.Request
	if f.response {
		dir = schema.Response
	}
	switch {
	case named.HasDir && flagged && named.Dir != dir:
		return nil, 0, 0, fmt.Errorf("--%s says %s, the JSON says %s", dir, dir, named.Dir)
	case named.HasDir:
		dir = named.Dir
	case !flagged:
		return nil, 0, 0, errors.New("say --request or --response")
	}
	return api, v, dir, nil
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" || name == "" {
		return io.ReadAll(io.LimitReader(stdin, 256<<20))
	}
	return os.ReadFile(name)
}

func runDecode(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("decode", flag.ContinueOnError)
	var af apiFlags
	af.register(fs)
	asJSON := fs.Bool("json", false, "print the message as JSON instead of the tree")
	filter := fs.String("filter", "", "of a capture, only the frames that match, as in the page's capture list: `terms` such as 'corr:7 conn:51234', 'api:Fetch error', 'topic:orders'")
	guess := fs.Bool("guess", false, "for a response of unknown API: list the (API, version) pairs that decode it")
	var ports portList
	fs.Var(&ports, "port", "in a capture: a Kafka server's TCP `port`, for connections captured without their start")
	var keyLogs keyLogFiles
	keyLogs.register(fs)
	// Flags may come after the file too (decode p.hex --json).
	files, err := parseAnywhere(fs, args)
	if err != nil {
		return err
	}
	if len(files) > 1 {
		return fmt.Errorf("decode reads one file (or stdin), got %d: %q", len(files), files)
	}
	file := ""
	if len(files) == 1 {
		file = files[0]
	}
	if af.request && af.response {
		return errors.New("say --request or --response, not both")
	}
	// A response does not name its API: decoding one needs it from the
	// flags (or --guess to list what fits), or it has nothing to decode with.
	if af.response && af.api == "" && !*guess {
		return errors.New("--response needs --api and --version (a response does not name its API), or --guess to list the pairs that decode it")
	}
	hint, err := hintFlags(af.api, af.version)
	if err != nil {
		return err
	}
	// Text dumps, raw binary files and captures come in through one seam.
	fd, err := readFrames(file, stdin, hint, ports, keyLogs, stderr)
	if err != nil {
		return err
	}
	if in := fd.in; in.Kind == source.Pcap || in.Kind == source.Pcapng || len(in.Streams) > 1 || in.Streams[0].Conn != "" || len(in.Streams[0].Named) > 0 {
		// Connections (a capture, a dump of packets), or lines of
		// kafkawire frames (which name their responses' APIs): every
		// frame under a heading, as found.
		return decodeConversations(stdout, stderr, fd, *asJSON, *filter, *guess)
	}
	if *filter != "" {
		return errors.New("--filter picks frames of a capture, a packet dump or lines of kafkawire frames; this input is " + fd.in.Kind.String())
	}
	in := fd.in
	if in.LeftOut != "" {
		fmt.Fprintf(stderr, "kafkawire: note: %s\n", in.LeftOut)
	}
	return decodeBytes(stdout, stderr, in.Streams[0].Bytes, af, hint, *asJSON, *guess)
}

// decodeBytes decodes one stream of bytes: one frame, or several back to back.
func decodeBytes(stdout, stderr io.Writer, b []byte, af apiFlags, hint frame.Hint, asJSON, guess bool) error {
	if guess {
		return printGuesses(stdout, b)
	}
	// Several frames back to back (a TCP stream) are decoded one by one.
	pieces := frame.Split(b)
	if len(pieces) > 1 && !af.request && !af.response {
		return decodeStream(stdout, stderr, b, hint, asJSON)
	}
	var d *frame.Decoded
	if af.response || (hint.API != nil && !af.request) {
		d, _ = frame.DecodeLoose(b, hint.API, hint.Version, schema.Response)
	} else {
		d, _ = frame.DecodeRequestLoose(b)
		// A request names its own API and version: flags that say
		// otherwise are a mistake to point out, not to pass over.
		if m := d.Msg; af.request && hint.API != nil && m != nil && (m.API != hint.API || af.version >= 0 && m.Version != hint.Version) {
			return fmt.Errorf("the request's header says %s v%d, not %s v%d as --api and --version do: a request names its own API and version (drop the flags, or check the bytes)", m.API.Name, m.Version, hint.API.Name, hint.Version)
		}
	}
	// The flags name every frame of a stream: when the bytes are not one frame
	// but several whole ones, each is read as the flags say.
	if d.Err != nil && len(pieces) > 1 && pieces[len(pieces)-1].Short == 0 {
		hint.Responses, hint.Requests = af.response || hint.API != nil && !af.request, af.request
		return decodeStream(stdout, stderr, b, hint, asJSON)
	}
	err := printDecoded(stdout, d, asJSON, nil)
	if err != nil && !af.request && !af.response && hint.API == nil {
		// Read as a request by default, a response whose correlation id names
		// a known API and version fails in its body; say what would work.
		if _, _, herr := frame.RequestAPI(b); herr == nil {
			if cands := frame.Guess(b); len(cands) > 0 {
				err = fmt.Errorf("%v; these bytes read badly as a request but cleanly as a response, e.g. %s: try --response --api %s --version %d, or --guess for all %d candidates",
					err, cands[0], cands[0].API.Name, cands[0].Version, len(cands))
			}
		}
	}
	return err
}

func printGuesses(stdout io.Writer, b []byte) error {
	asRequest := ""
	if d, _ := frame.DecodeRequestLoose(b); d.Err == nil {
		asRequest = fmt.Sprintf("%s %s v%d", d.Msg.API.Name, d.Msg.Dir, d.Msg.Version)
		fmt.Fprintf(stdout, "reads cleanly as a request: %s (decode without --guess shows it); as a response:\n", asRequest)
	}
	var g frame.Guesser
	cands := g.Guess(b)
	if cands == nil && g.Stopped != "" {
		return errors.New(g.Stopped)
	}
	if len(cands) == 0 {
		if asRequest != "" {
			fmt.Fprintln(stdout, "  no API and version decodes these bytes as a whole response")
			return nil
		}
		return errors.New("no API and version decodes these bytes as a whole response, nor as a request")
	}
	// Every candidate: the one that is right may rank anywhere (a response
	// of a few zero bytes fits dozens), and a pipe can cut the list.
	for _, c := range cands {
		fmt.Fprintf(stdout, "%s\t--api %s --version %d\n", c, c.API.Name, c.Version)
	}
	return nil
}

func decodeStream(stdout, stderr io.Writer, b []byte, hint frame.Hint, asJSON bool) error {
	var first error
	notes := headings(stdout, stderr, asJSON)
	for i, p := range frame.DecodeStream(b, hint) {
		if p.Rest != "" {
			// Bytes not cut into frames are no frame: say what they are
			// without a frame's heading.
			what := fmt.Sprintf("%d bytes at 0x%04x", len(p.Piece.Bytes), p.Off)
			if i > 0 {
				what += fmt.Sprintf(" after frame %d", i)
			}
			fmt.Fprintf(notes, "# %s: %s\n", what, p.Rest)
			if first == nil {
				first = fmt.Errorf("%s: %s", what, p.Rest)
			}
			continue
		}
		fmt.Fprintf(notes, "# frame %d at 0x%04x, %d bytes, %s", i+1, p.Off, len(p.Piece.Bytes), p.Dir)
		if p.PairedWith >= 0 {
			fmt.Fprintf(notes, " to frame %d", p.PairedWith+1)
		}
		fmt.Fprintln(notes)
		if p.Short > 0 {
			// As kafkawire frames says it.
			fmt.Fprintf(notes, "  (broken: the input ends %d bytes before the frame does)\n", p.Short)
		}
		if p.Note != "" {
			fmt.Fprintf(notes, "  (%s)\n", p.Note)
		}
		if p.Decoded == nil && p.Note != "" {
			if first == nil {
				first = fmt.Errorf("frame %d: %s", i+1, p.Note)
			}
			continue
		}
		if p.Decoded == nil {
			err := fmt.Errorf("frame %d: a response whose request is not in the input: name it with --api and --version, or list candidates with --guess", i+1)
			fmt.Fprintln(notes, "  (not decoded: give --api and --version)")
			if first == nil {
				first = err
			}
			continue
		}
		if err := printDecoded(stdout, p.Decoded, asJSON, nil); err != nil && first == nil {
			first = fmt.Errorf("frame %d (stream offset 0x%04x): %v", i+1, p.Off, err)
		}
	}
	return first
}

// printDecoded prints a decoded frame: its tree, with what name says a
// node's value names (a topic id's topic; nil for nothing), or its JSON.
func printDecoded(stdout io.Writer, d *frame.Decoded, asJSON bool, name func(*layout.Node) string) error {
	if asJSON {
		if d.Err != nil {
			return d.Err
		}
		out, err := json.MarshalIndent(d.Msg, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	if err := d.Tree.WriteTextNamed(stdout, name); err != nil {
		return err
	}
	if d.Err != nil {
		return d.Err
	}
	return nil
}
