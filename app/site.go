package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kafkawire/kafkawire/ui"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// runSite writes the static site: one pre-rendered page per API and version, the index, 404.html, and the assets.
func runSite(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("site", flag.ContinueOnError)
	base := fs.String("base", "/", "URL path the site is served under (e.g. /kafkawire/ for a project site)")
	out := fs.String("out", "dist", "output directory")
	web := fs.String("web", "web", "directory with app.wasm and the static assets")
	domain := fs.String("domain", "kafkawire.github.io", "host name for links in page metadata")
	if pos, err := parseAnywhere(fs, args); err != nil {
		return err
	} else if len(pos) > 0 {
		return fmt.Errorf("site takes no arguments but -base, -out, -web and -domain, got %q", pos)
	}
	start := time.Now()
	n, version, err := writeSite(*out, *web, *base, *domain)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d pages to %s under %s (build %s) in %v\n", n, *out, *base, version, time.Since(start).Round(time.Millisecond))
	return nil
}

// writeSite generates the site into out. The build id is a hash of the
// assets, so the service worker's cache name changes exactly when they do.
func writeSite(out, web, base, domain string) (pages int, version string, err error) {
	if _, err := os.Stat(filepath.Join(web, "app.wasm")); err != nil {
		return 0, "", errors.New("no app.wasm in " + web + ": run `make wasm` first")
	}
	version, err = buildID(web)
	if err != nil {
		return 0, "", err
	}
	if err := os.RemoveAll(out); err != nil {
		return 0, "", err
	}
	ui.Register()
	h := ui.NewHandler(ui.Config{Base: base, Version: version, Domain: domain})
	paths := ui.Paths()
	if err := app.GenerateStaticWebsite(out, h, paths...); err != nil {
		return 0, "", err
	}
	// The generator leaves web/ empty and writes no 404 page.
	if err := copyDir(web, filepath.Join(out, "web")); err != nil {
		return 0, "", err
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		return 0, "", err
	}
	if err := os.WriteFile(filepath.Join(out, "404.html"), index, 0o644); err != nil {
		return 0, "", err
	}
	// GitHub Pages would otherwise run Jekyll over the site.
	if err := os.WriteFile(filepath.Join(out, ".nojekyll"), nil, 0o644); err != nil {
		return 0, "", err
	}
	robots := "User-agent: *\nAllow: /\n"
	if err := os.WriteFile(filepath.Join(out, "robots.txt"), []byte(robots), 0o644); err != nil {
		return 0, "", err
	}
	return len(paths), version, nil
}

func buildID(web string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(web, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(p, ".gz") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		io.WriteString(h, filepath.ToSlash(p))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

func copyDir(from, to string) error {
	return filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if strings.HasSuffix(p, ".gz") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}
