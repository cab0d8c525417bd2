package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/kafkawire/kafkawire/app/sitehttp"
)

// runServe builds the static site into a temporary directory and serves it:
// the same files `kafkawire site` writes, served the way GitHub Pages does.
func runServe(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8000", "address to listen on")
	base := fs.String("base", "/", "URL path to serve the site under")
	web := fs.String("web", "web", "directory with app.wasm and the static assets")
	if pos, err := parseAnywhere(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return fmt.Errorf("serve takes no arguments but -addr, -base and -web, got %q", pos)
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return err
	}
	if host != "127.0.0.1" && host != "localhost" && host != "::1" {
		return errors.New("serve listens on the loopback interface only (e.g. -addr 127.0.0.1:8000)")
	}
	dir, err := os.MkdirTemp("", "kafkawire-site-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	n, version, err := writeSite(dir, *web, *base, *addr)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "kafkawire: %d pages (build %s) on http://%s%s\n", n, version, *addr, "/"+strings.TrimLeft(strings.TrimRight(*base, "/")+"/", "/"))
	return http.Serve(ln, sitehttp.Handler(dir, *base))
}
