package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/versiondiff"
)

// parseAnywhere parses flags that may come before, between or after the
// positional arguments (the flag package stops at the first of those), and
// returns the positional ones.
func parseAnywhere(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err}
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// usageError is a command line the flags do not read: the flag package
// has said so and printed the command's usage, and the exit status is 2,
// as for any command-line tool's misuse.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// findAPI finds an API by name (any case) or key.
func findAPI(s string) (*schema.API, error) {
	if s == "" {
		return nil, errors.New("--api is required (a name like Produce, or a key like 0)")
	}
	a := schema.Resolve(s)
	if a == nil {
		return nil, fmt.Errorf("no API %q (see kafkawire apis)", s)
	}
	return a, nil
}

// diffResult is what `diff --json` prints: both directions.
type diffResult struct {
	API      string            `json:"api"`
	From     int16             `json:"from"`
	To       int16             `json:"to"`
	Request  *versiondiff.Diff `json:"request"`
	Response *versiondiff.Diff `json:"response"`
}

func runDiff(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	apiName := fs.String("api", "", "API `name or key`, e.g. Fetch or 1")
	asJSON := fs.Bool("json", false, "print the changes as JSON")
	pos, err := parseAnywhere(fs, args)
	if err != nil {
		return err
	}
	api, err := findAPI(*apiName)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return fmt.Errorf("diff needs two versions, FROM and TO (%s has versions %v), got %d", api.Name, api.VersionRange(schema.Request), len(pos))
	}
	var vs [2]int16
	for i, p := range pos {
		n, err := strconv.ParseInt(strings.TrimPrefix(strings.ToLower(p), "v"), 10, 16)
		if err != nil || n < 0 {
			return fmt.Errorf("version %q is not a number like 7 or v7", p)
		}
		vs[i] = int16(n)
	}
	res := diffResult{API: api.Name, From: vs[0], To: vs[1]}
	if res.Request, err = versiondiff.Between(api, schema.Request, vs[0], vs[1]); err != nil {
		return err
	}
	if res.Response, err = versiondiff.Between(api, schema.Response, vs[0], vs[1]); err != nil {
		return err
	}
	if *asJSON {
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	fmt.Fprintf(stdout, "%s v%d -> v%d\n", api.Name, vs[0], vs[1])
	for _, d := range []*versiondiff.Diff{res.Request, res.Response} {
		printDiff(stdout, d)
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func printDiff(w io.Writer, d *versiondiff.Diff) {
	fmt.Fprintf(w, "\n%s\n", d.Dir)
	if d.Empty() {
		fmt.Fprintln(w, "  no change")
		return
	}
	fmt.Fprintf(w, "  flexible       %s -> %s\n", yesNo(d.From.Flexible), yesNo(d.To.Flexible))
	fmt.Fprintf(w, "  header         v%d -> v%d\n", d.From.Header, d.To.Header)
	fmt.Fprintf(w, "  minimal frame  %d -> %d bytes (%+d)\n", d.From.MinimalSize, d.To.MinimalSize, d.SizeChange())
	if len(d.Fields) == 0 {
		fmt.Fprintln(w, "  fields         none added, removed or changed")
		return
	}
	fmt.Fprintln(w, "  fields")
	for _, c := range d.Fields {
		fmt.Fprintf(w, "    %s\n", fieldLine(c))
	}
}

func fieldLine(c *versiondiff.FieldChange) string {
	switch c.Change {
	case versiondiff.Added, versiondiff.Removed:
		mark := "+"
		if c.Change == versiondiff.Removed {
			mark = "-"
		}
		s := fmt.Sprintf("%s %s %s", mark, c.Path, c.Type)
		if c.IsNullable {
			s += ", nullable"
		}
		if c.IsTagged {
			s += fmt.Sprintf(", tagged (tag %d)", *c.Tag)
		}
		return s
	case versiondiff.TypeChanged:
		return fmt.Sprintf("~ %s type %s -> %s", c.Path, c.FromType, c.ToType)
	case versiondiff.Tagged, versiondiff.Untagged:
		return fmt.Sprintf("~ %s %s (tag %d)", c.Path, c.Change, *c.Tag)
	}
	return fmt.Sprintf("~ %s %s", c.Path, c.Change)
}

func runErrors(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("errors", flag.ContinueOnError)
	apiName := fs.String("api", "", "only the errors this API's responses can carry (`name or key`)")
	asJSON := fs.Bool("json", false, "print the errors as JSON")
	pos, err := parseAnywhere(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("errors takes no arguments but --api and --json, got %q", pos)
	}
	list := docs.AllErrors()
	if *apiName != "" {
		api, err := findAPI(*apiName)
		if err != nil {
			return err
		}
		list = docs.Errors(api.Name)
	}
	if *asJSON {
		b, err := json.MarshalIndent(list, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "CODE\tNAME\tRETRIABLE\tMEANING")
	for _, e := range list {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", e.Code, e.Name, yesNo(e.Retriable), e.Meaning)
	}
	return w.Flush()
}
