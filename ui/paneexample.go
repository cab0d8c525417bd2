package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A pane can show, besides the minimal instance, the API's realistic
// example, or a message written as JSON. Both replace the message as an
// edit does: the frame is marked edited, so the URL fragment carries it, and
// the bytes that changed are flashed; Reset brings the minimal one back.

// maxJSONFrame is the largest frame shown as JSON: beyond it the text would
// be megabytes, too much for a text box.
const maxJSONFrame = 256 << 10

// ShowExample replaces the message with the API's realistic example.
func (p *Pane) ShowExample() error {
	if p.Msg == nil {
		return errors.New("no message")
	}
	m := p.Msg
	return p.replace(func() (*message.Message, error) { return message.Example(m.API, m.Version, p.Dir), nil })
}

// IsExample reports whether the pane shows the example, byte for byte.
func (p *Pane) IsExample() bool {
	if p.Msg == nil || !p.Edited {
		return false
	}
	b := exampleFrame(p.Msg.API, p.Msg.Version, p.Dir)
	return b != nil && bytes.Equal(b, p.Bytes())
}

type exampleKey struct {
	api int16
	v   int16
	dir schema.Direction
}

// examples caches the example frames compared against on every render.
var examples sync.Map // exampleKey -> []byte

// exampleFrame is the encoded example of api v in direction dir, nil if it does not encode.
func exampleFrame(api *schema.API, v int16, dir schema.Direction) []byte {
	k := exampleKey{api.Key, v, dir}
	if b, ok := examples.Load(k); ok {
		return b.([]byte)
	}
	var b []byte
	if safely(func() error {
		var err error
		b, err = frame.Encode(message.Example(api, v, dir))
		return err
	}) != nil {
		b = nil
	}
	examples.Store(k, b)
	return b
}

// JSON is the message in the CLI's JSON form, indented; an error when the
// frame did not decode or is too large to show as text.
func (p *Pane) JSON() (string, error) {
	if p.Msg == nil {
		return "", errors.New("no message")
	}
	if p.Decoded != nil && p.Decoded.Err != nil {
		return "", errors.New("the frame does not decode, so it has no JSON")
	}
	if len(p.Bytes()) > maxJSONFrame {
		return "", errors.New("the frame is " + strconv.Itoa(len(p.Bytes())) + " bytes: too large to show as JSON here (kafkawire decode --json prints it)")
	}
	var out bytes.Buffer
	err := safely(func() error {
		b, err := p.Msg.MarshalJSON()
		if err != nil {
			return err
		}
		return json.Indent(&out, b, "", "  ")
	})
	return out.String(), err
}

// SetJSON replaces the message with the one text describes: the JSON form
// JSON writes (the api, version and direction may be left out), or the body
// alone, as reference pages print a message. It reports whether the bytes
// changed. An error says where in the text it is: line and column, for a
// syntax error and for a value that does not fit its field.
func (p *Pane) SetJSON(text string) (bool, error) {
	if p.Msg == nil {
		return false, errors.New("no message")
	}
	old := p.Bytes()
	m := p.Msg
	err := p.replace(func() (*message.Message, error) {
		return messageFromJSON(text, m.API, m.Version, p.Dir)
	})
	return err == nil && !bytes.Equal(old, p.Bytes()), err
}

// bodyOnly wraps a JSON body into a message's JSON form.
const bodyOnly = `{"body":`

// messageFromJSON reads text as message.FromJSON does, and also a body
// alone: an object that has none of the message form's keys.
func messageFromJSON(text string, api *schema.API, v int16, dir schema.Direction) (*message.Message, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &top); err != nil {
		return nil, syntaxErrorAt(text, err)
	}
	data, shift := text, 0
	bare := true
	for _, k := range []string{"api", "apiKey", "version", "direction", "header", "body"} {
		if _, ok := top[k]; ok {
			bare = false
		}
	}
	if bare {
		data, shift = bodyOnly+text+"}", len(bodyOnly)
	}
	m, err := message.FromJSON([]byte(data), api, v, dir)
	if err != nil {
		return nil, jsonErrorAt(text, data, shift, err)
	}
	return m, nil
}

// syntaxErrorAt says where in text JSON that does not parse, or is not an object, goes wrong.
func syntaxErrorAt(text string, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset - 1 // the offset counts the offending byte
	case errors.As(err, &te):
		off = te.Offset - 1
		err = errors.New("want a JSON object (the message, or its body), not " + te.Value)
	}
	if off < 0 {
		return errors.New("JSON: " + err.Error())
	}
	line, col := lineCol(text, int(off))
	return errors.New("JSON line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col) + ": " + err.Error())
}

// replace shows the message make builds, as an edit would.
func (p *Pane) replace(build func() (*message.Message, error)) error {
	var d *frame.Decoded
	var next *message.Message
	err := safely(func() error {
		m, err := build()
		if err != nil {
			return err
		}
		if d, err = frame.Build(m); err != nil {
			return err
		}
		next = m
		return nil
	})
	if err != nil {
		return err
	}
	old := p.Bytes()
	p.Msg = next
	p.setDecoded(d)
	p.Changed = diff(old, p.Bytes())
	p.Gen++
	p.EditErr, p.Notice = "", ""
	p.Edited, p.AsGiven = true, false
	return nil
}

// jsonErrorAt adds the line and column in text of the value an error of
// message.FromJSON names by its path ("body.Topics[0].Name: ..."), for the
// errors that do not say it already. data is what FromJSON read: text, or
// text after shift bytes that wrap a body alone.
func jsonErrorAt(text, data string, shift int, err error) error {
	msg := err.Error()
	if strings.Contains(msg, "line ") {
		return err
	}
	path, rest, ok := strings.Cut(msg, ": ")
	if !ok || !(strings.HasPrefix(path, "body") || strings.HasPrefix(path, "header")) || strings.ContainsAny(path, " \"") {
		return err
	}
	steps := pathSteps(path)
	// "no field "X"": point at the unknown key's value.
	if name, ok := strings.CutPrefix(rest, `no field "`); ok {
		if i := strings.IndexByte(name, '"'); i > 0 {
			steps = append(steps, name[:i])
		}
	}
	off := jsonOffset([]byte(data), steps) - shift
	if off < 0 {
		return err
	}
	line, col := lineCol(text, off)
	return errors.New("JSON line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col) + ": " + msg)
}

// pathSteps splits "body.Topics[0].Name" into body, Topics, [0], Name.
func pathSteps(path string) []string {
	var out []string
	for _, part := range strings.Split(path, ".") {
		for part != "" {
			i := strings.IndexByte(part[1:], '[')
			if i < 0 {
				out = append(out, part)
				break
			}
			out = append(out, part[:i+1])
			part = part[i+1:]
		}
	}
	return out
}

// jsonOffset is the offset in data of the value at steps (object keys, or
// "[i]" for array elements), or of the deepest one found on the way; -1 if
// data does not parse that far.
func jsonOffset(data []byte, steps []string) int {
	dec := json.NewDecoder(bytes.NewReader(data))
	return walkJSON(dec, data, steps)
}

func walkJSON(dec *json.Decoder, data []byte, steps []string) int {
	start := skipSep(data, int(dec.InputOffset()))
	tok, err := dec.Token()
	if err != nil {
		return -1
	}
	d, isDelim := tok.(json.Delim)
	if len(steps) == 0 || !isDelim {
		return start
	}
	step := steps[0]
	switch d {
	case '{':
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return start
			}
			if k == step {
				if off := walkJSON(dec, data, steps[1:]); off >= 0 {
					return off
				}
				return start
			}
			if skipJSON(dec) != nil {
				return start
			}
		}
	case '[':
		want, err := strconv.Atoi(strings.Trim(step, "[]"))
		if err != nil {
			return start
		}
		for i := 0; dec.More(); i++ {
			if i == want {
				if off := walkJSON(dec, data, steps[1:]); off >= 0 {
					return off
				}
				return start
			}
			if skipJSON(dec) != nil {
				return start
			}
		}
	}
	return start
}

// skipJSON reads one whole value.
func skipJSON(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// skipSep skips the white space, colons and commas before a value.
func skipSep(data []byte, i int) int {
	for i < len(data) && strings.IndexByte(" \t\r\n:,", data[i]) >= 0 {
		i++
	}
	return i
}

// lineCol is the 1-based line and column (in characters) of byte offset off.
func lineCol(text string, off int) (line, col int) {
	line, col = 1, 1
	for _, r := range text[:min(off, len(text))] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// ExampleEvents receives the instance switch and the JSON boxes of a page.
type ExampleEvents interface {
	// ShowInstance loads the example (or the minimal instance) into both panes.
	ShowInstance(ctx app.Context, example bool)
	// ApplyJSON re-encodes pane dir from text; it reports whether the bytes changed.
	ApplyJSON(ctx app.Context, dir schema.Direction, text string) (bool, error)
	// PaneJSON is the JSON of pane dir.
	PaneJSON(dir schema.Direction) (string, error)
}

// ShowInstance implements ExampleEvents.
func (c *Page) ShowInstance(ctx app.Context, example bool) {
	kept := false // the page as it was has its link written, to be a step back
	holds := c.linkHoldsAll()
	c.forgetReplaced()
	for _, p := range []*Pane{c.req, c.resp} {
		if p == nil {
			continue
		}
		// An instance asked for is shown whole; what it replaces was lost
		// if made or given here.
		p.Folded = false
		lost := p.Edited && !p.IsMinimal() && !p.IsExample()
		if lost && holds && !kept {
			c.flushLink()
			kept = true
		}
		if example {
			if err := p.ShowExample(); err != nil {
				p.Notice = err.Error()
			}
		} else {
			p.Reset()
		}
		if lost {
			p.Replaced = "Replaced by the " + map[bool]string{false: "minimal", true: "example"}[example] + " " + p.Dir.String() + "."
			p.Undo = holds
		}
	}
	c.syncURL()
	if kept {
		c.pushLink()
	}
}

// ApplyJSON implements ExampleEvents.
func (c *Page) ApplyJSON(ctx app.Context, dir schema.Direction, text string) (bool, error) {
	p := c.pane(dir)
	if p == nil {
		return false, errors.New("no pane")
	}
	changed, err := p.SetJSON(text)
	if changed {
		c.forgetReplaced() // the JSON's frame is now what Back leaves
		c.syncURL()
	}
	return changed, err
}

// PaneJSON implements ExampleEvents.
func (c *Page) PaneJSON(dir schema.Direction) (string, error) {
	p := c.pane(dir)
	if p == nil {
		return "", errors.New("no pane")
	}
	return p.JSON()
}

// instanceSwitch is the page's minimal / example switch.
func (c *Page) instanceSwitch() app.UI {
	return &InstanceSwitch{On: c, Minimal: !c.req.Edited && !c.resp.Edited, Example: c.req.IsExample() && c.resp.IsExample()}
}

// jsonBox is the JSON box under pane p.
func (c *Page) jsonBox(p *Pane) app.UI {
	return &JSONBox{On: c, Dir: p.Dir, Bytes: p.Bytes()}
}
