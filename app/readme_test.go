package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the outputs of the README's command-line examples")

// The README's command-line examples are the console blocks of its section
// "The command line": a line "$ command" is run, the lines under it are what
// it prints (standard output and error together, in order).
const (
	readmePath    = "../README.md"
	cliSection    = "## The command line"
	buildLine     = "go build -o kafkawire ./app"
	consoleOpen   = "```console"
	fenceClose    = "```"
	commandPrompt = "$ "
)

// example is one command of the README and what it shows under it.
type example struct {
	cmd  string
	want []string
	line int // the command's line in the README, from 1
}

// readmeExamples reads the console blocks of the CLI section, in order.
func readmeExamples(t *testing.T, text string) (examples []example, section string) {
	t.Helper()
	start := strings.Index(text, "\n"+cliSection+"\n")
	if start < 0 {
		t.Fatalf("README.md has no section %q", cliSection)
	}
	lines := strings.Split(text, "\n")
	first := strings.Count(text[:start+1], "\n")
	in := false
	for i := first + 1; i < len(lines) && !strings.HasPrefix(lines[i], "## "); i++ {
		l := lines[i]
		switch {
		case !in && l == consoleOpen:
			in = true
		case in && l == fenceClose:
			in = false
		case in && strings.HasPrefix(l, commandPrompt):
			examples = append(examples, example{cmd: strings.TrimPrefix(l, commandPrompt), line: i + 1})
		case in && len(examples) > 0:
			examples[len(examples)-1].want = append(examples[len(examples)-1].want, l)
		case in:
			t.Fatalf("README.md:%d: a console block must start with a command (%q)", i+1, commandPrompt)
		}
		section += l + "\n"
	}
	return examples, section
}

// TestREADME runs the README's command-line examples as a newcomer would
// from a fresh clone: the binary built as the README says, then every
// command in order in an empty directory (so each file an example reads
// must be made by an example before it), each output compared with the
// README's. With -update it writes the outputs into the README instead.
func TestREADME(t *testing.T) {
	raw, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	examples, section := readmeExamples(t, text)
	if len(examples) < 10 {
		t.Fatalf("found %d command-line examples in the README, want the dozen or so it shows", len(examples))
	}
	if !strings.Contains(section, "\n"+buildLine+"\n") {
		t.Fatalf("the README's command-line section does not say %q", buildLine)
	}
	for _, e := range examples {
		if !strings.HasPrefix(e.cmd, "./kafkawire ") && !strings.Contains(e.cmd, "| ./kafkawire ") && !strings.HasPrefix(e.cmd, "echo ") && !strings.HasPrefix(e.cmd, "cat ") && !strings.HasPrefix(e.cmd, "xxd -r ") {
			t.Errorf("README.md:%d: %q: an example runs ./kafkawire (the binary the build line makes), or makes (echo, xxd -r) or shows (cat) a file", e.line, e.cmd)
		}
		if strings.HasPrefix(e.cmd, "kafkawire ") || strings.Contains(e.cmd, "| kafkawire ") {
			t.Errorf("README.md:%d: %q runs kafkawire from PATH; after the build line it is ./kafkawire", e.line, e.cmd)
		}
	}

	// The build line, run from the repository's root, with the binary put in an empty directory.
	dir := t.TempDir()
	build := exec.Command("go", strings.Fields(strings.Replace(buildLine, "-o kafkawire", "-o "+filepath.Join(dir, "kafkawire"), 1))[1:]...)
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", buildLine, err, out)
	}

	got := make([][]string, len(examples))
	for i, e := range examples {
		var out bytes.Buffer
		cmd := exec.Command("sh", "-c", e.cmd)
		cmd.Dir = dir
		// One buffer for both: the child writes its output and its errors to one pipe, in order.
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Errorf("README.md:%d: %s: %v\n%s", e.line, e.cmd, err, out.String())
		}
		got[i] = strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
		if out.Len() == 0 {
			got[i] = nil
		}
		if *update {
			continue
		}
		if strings.Join(got[i], "\n") != strings.Join(e.want, "\n") {
			t.Errorf("README.md:%d: %s prints\n%s\nthe README shows\n%s", e.line, e.cmd, strings.Join(got[i], "\n"), strings.Join(e.want, "\n"))
		}
	}
	if *update {
		lines := strings.Split(text, "\n")
		var outLines []string
		next := 0
		for i := 0; i < len(lines); i++ {
			if next < len(examples) && i+1 == examples[next].line {
				outLines = append(outLines, lines[i])
				outLines = append(outLines, got[next]...)
				i += len(examples[next].want)
				next++
				continue
			}
			outLines = append(outLines, lines[i])
		}
		if err := os.WriteFile(readmePath, []byte(strings.Join(outLines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote the outputs of %d examples into %s", len(examples), readmePath)
	}
}
