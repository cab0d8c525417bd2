package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

func runAPIs(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("apis", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "KEY\tNAME\tREQUEST\tRESPONSE\tFLEXIBLE\tFLAGS")
	for _, a := range schema.APIs() {
		var flags []string
		if dep := versionsWhere(a, func(f schema.Flags) bool { return f.Deprecated }); dep != "" {
			flags = append(flags, "deprecated "+dep)
		}
		if !a.Removed.Empty() {
			flags = append(flags, "removed in 4.0 "+a.Removed.String())
		}
		if un := versionsWhere(a, func(f schema.Flags) bool { return f.Unstable }); un != "" {
			flags = append(flags, "unstable "+un)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\n", a.Key, a.Name, a.VersionRange(schema.Request), a.VersionRange(schema.Response),
			a.FlexibleRange(), strings.Join(flags, ", "))
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
	jsonFile := fs.String("json", "", "read the message from this JSON `file` (- for stdin)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	api, v, err := af.resolve()
	if err != nil {
		return err
	}
	if af.request == af.response {
		return errors.New("say --request or --response")
	}
	dir := schema.Request
	if af.response {
		dir = schema.Response
	}
	m := message.Minimal(api, v, dir)
	if *jsonFile != "" {
		data, err := readInput(*jsonFile, stdin)
		if err != nil {
			return err
		}
		if m, err = message.FromJSON(data, api, v, dir); err != nil {
			return err
		}
	}
	b, err := frame.Encode(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%x\n", b)
	return err
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" || name == "" {
		return io.ReadAll(io.LimitReader(stdin, 256<<20))
	}
	return os.ReadFile(name)
}

func runDecode(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("decode", flag.ContinueOnError)
	var af apiFlags
	af.register(fs)
	asJSON := fs.Bool("json", false, "print the message as JSON instead of the tree")
	guess := fs.Bool("guess", false, "for a response of unknown API: list the (API, version) pairs that decode it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return errors.New("decode reads one file (or stdin)")
	}
	data, err := readInput(fs.Arg(0), stdin)
	if err != nil {
		return err
	}
	// Text dumps, raw binary files (and captures, once read) come in through one seam.
	in, err := source.Read(data, source.Options{})
	if err != nil {
		return fmt.Errorf("reading the input as bytes: %v", err)
	}
	var hint frame.Hint
	if af.api != "" {
		if hint.API, hint.Version, err = af.resolve(); err != nil {
			return err
		}
	}
	if len(in.Streams) == 1 {
		return decodeBytes(stdout, in.Streams[0].Bytes, af, hint, *asJSON, *guess)
	}
	// A capture holds a stream per connection and direction: each under a heading.
	var first error
	for i, s := range in.Streams {
		fmt.Fprintf(stdout, "# stream %d: %s, %d bytes\n", i+1, s.Describe(), len(s.Bytes))
		if err := decodeBytes(stdout, s.Bytes, af, hint, *asJSON, *guess); err != nil && first == nil {
			first = fmt.Errorf("stream %d: %v", i+1, err)
		}
	}
	return first
}

// decodeBytes decodes one stream of bytes: one frame, or several back to back.
func decodeBytes(stdout io.Writer, b []byte, af apiFlags, hint frame.Hint, asJSON, guess bool) error {
	if guess {
		return printGuesses(stdout, b)
	}
	// Several frames back to back (a TCP stream) are decoded one by one.
	if pieces := frame.Split(b); len(pieces) > 1 && !af.request && !af.response {
		return decodeStream(stdout, b, hint, asJSON)
	}
	var d *frame.Decoded
	if af.response || (hint.API != nil && !af.request) {
		d, _ = frame.DecodeLoose(b, hint.API, hint.Version, schema.Response)
	} else {
		d, _ = frame.DecodeRequestLoose(b)
	}
	return printDecoded(stdout, d, asJSON)
}

func printGuesses(stdout io.Writer, b []byte) error {
	var g frame.Guesser
	cands := g.Guess(b)
	if cands == nil && g.Stopped != "" {
		return errors.New(g.Stopped)
	}
	if len(cands) == 0 {
		return errors.New("no API and version decodes these bytes as a whole response")
	}
	for i, c := range cands {
		if i == 20 {
			fmt.Fprintf(stdout, "... and %d more\n", len(cands)-20)
			break
		}
		fmt.Fprintf(stdout, "%s\t--api %s --version %d\n", c, c.API.Name, c.Version)
	}
	return nil
}

func decodeStream(stdout io.Writer, b []byte, hint frame.Hint, asJSON bool) error {
	var first error
	for i, p := range frame.DecodeStream(b, hint) {
		fmt.Fprintf(stdout, "# frame %d at 0x%04x, %d bytes, %s", i+1, p.Off, len(p.Piece.Bytes), p.Dir)
		if p.PairedWith >= 0 {
			fmt.Fprintf(stdout, " to frame %d", p.PairedWith+1)
		}
		fmt.Fprintln(stdout)
		if p.Note != "" {
			fmt.Fprintf(stdout, "  (%s)\n", p.Note)
		}
		if p.Decoded == nil && p.Note != "" {
			if first == nil {
				first = fmt.Errorf("frame %d: %s", i+1, p.Note)
			}
			continue
		}
		if p.Decoded == nil {
			err := fmt.Errorf("frame %d: a response whose request is not in the input: name it with --api and --version, or list candidates with --guess", i+1)
			fmt.Fprintln(stdout, "  (not decoded: give --api and --version)")
			if first == nil {
				first = err
			}
			continue
		}
		if err := printDecoded(stdout, p.Decoded, asJSON); err != nil && first == nil {
			first = fmt.Errorf("frame %d (stream offset 0x%04x): %v", i+1, p.Off, err)
		}
	}
	return first
}

func printDecoded(stdout io.Writer, d *frame.Decoded, asJSON bool) error {
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
	if err := d.Tree.WriteText(stdout); err != nil {
		return err
	}
	if d.Err != nil {
		return d.Err
	}
	return nil
}
