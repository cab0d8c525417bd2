package main

import (
	"errors"
	"io"
)

// runServe serves the visualizer. (Being written: see the site work.)
func runServe(args []string, stdout io.Writer) error { return errors.New("serve: not built yet") }

// runSite writes the static site. (Being written: see the site work.)
func runSite(args []string, stdout io.Writer) error { return errors.New("site: not built yet") }
