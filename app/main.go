// Command kafkawire shows what a Kafka frame says: it encodes and decodes any API and version, and serves the visualizer.
//
//	kafkawire apis [--summary]
//	kafkawire encode --api NAME|KEY --version N (--request|--response) [--example | --json FILE|-]
//	kafkawire decode [--request | --response --api NAME|KEY --version N] [--json] [--guess] [--port N] [--keylog FILE] [FILE]
//	kafkawire frames [--api NAME|KEY --version N] [--port N] [--keylog FILE] [--errors] [FILE]
//	kafkawire diff --api NAME|KEY FROM TO [--json]
//	kafkawire errors [--api NAME|KEY] [--json]
//	kafkawire serve [-addr 127.0.0.1:8000]
//	kafkawire site [-base /kafkawire/] [-out dist]
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

const usage = `kafkawire shows what a Kafka frame says.

  kafkawire apis [--summary]          every API key, its versions and flags
                                      (--summary: and its role and what it does)
  kafkawire encode --api NAME|KEY --version N (--request|--response) [--example | --json FILE|-]
                                      a frame as hex: the minimal instance, a realistic
                                      example (--example), or the message of a JSON file
  kafkawire decode [--request | --response --api NAME|KEY --version N] [--json] [--guess]
                   [--port N] [--keylog FILE] [FILE]
                                      a frame from hex (any dump format) to its tree or JSON;
                                      a capture (pcap, pcapng): every Kafka frame in it
                                      (--guess: the APIs and versions a response reads as)
  kafkawire frames [--api NAME|KEY --version N] [--port N] [--keylog FILE] [--errors] [FILE]
                                      every Kafka frame in any input, one JSON object a line
                                      (--port: a server port, for connections caught mid-way;
                                      --keylog FILE: a TLS key log that opens TLS connections;
                                      --errors: each response's error codes by name)
  kafkawire diff --api NAME|KEY FROM TO [--json]
                                      what changed in the request and response between two versions
  kafkawire errors [--api NAME|KEY] [--json]
                                      every error code, or those an API's responses can carry
  kafkawire serve [-addr 127.0.0.1:8000]
                                      serve the visualizer
  kafkawire site [-base /] [-out dist]
                                      write the static site
`

func main() {
	widenPipe(os.Stdout)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program, so tests can drive it; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	// Bad input must never show a Go panic trace: say what happened on one line.
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "kafkawire: internal error: %v\n", p)
			status = 2
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "apis":
		err = runAPIs(args[1:], stdout)
	case "encode":
		err = runEncode(args[1:], stdin, stdout)
	case "decode":
		err = runDecode(args[1:], stdin, stdout, stderr)
	case "frames":
		err = runFrames(args[1:], stdin, stdout, stderr)
	case "diff":
		err = runDiff(args[1:], stdout)
	case "errors":
		err = runErrors(args[1:], stdout)
	case "serve":
		err = runServe(args[1:], stdout)
	case "site":
		err = runSite(args[1:], stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "kafkawire: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		// -h or --help after a command: the flag package has printed the
		// command's usage, which is what was asked for.
		return 0
	}
	if errors.As(err, new(usageError)) {
		// The flag package has printed the command's usage; the error
		// goes last, where it is seen.
		fmt.Fprintf(stderr, "kafkawire: %v\n", err)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "kafkawire: %v\n", err)
		return 1
	}
	return 0
}
