package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// detailsHexMax is how many of a node's bytes the details panel writes out;
// a 1 MiB records field would otherwise put two million hex digits in the DOM.
const detailsHexMax = 256

// NodeDetails is everything known about one node, shown whole where the
// tree row has to cut it short: the full description and value, where its
// bytes are, the bytes themselves, and its position (as the breadcrumb names it).
type NodeDetails struct {
	Name  string
	Desc  string
	Type  string
	Value string
	Path  string // the position, as the breadcrumb names it (Topics[0].Name, Topics[0].Name > length)
	Off   int
	End   int
	Buf   int // 0: the frame; k > 0: the k-th decompressed buffer
	// BufName names the compressed bytes whose decompression holds the
	// node's when Buf > 0, as the breadcrumb does (Records.batches[0].records).
	BufName string
	Hex     string // the node's bytes in hex, cut at detailsHexMax bytes
	Warn    string
	Err     string
}

// Details describes node n, whose bytes are in buf and whose path is path.
func Details(n *layout.Node, buf []byte, path string) NodeDetails {
	d := NodeDetails{Name: n.Name, Desc: n.Desc, Type: n.Type, Value: n.Value, Path: path,
		Off: n.Off, End: n.End, Buf: n.Buf, Warn: n.Warn()}
	if n.Err != nil {
		d.Err = n.Err.Error()
	}
	lo, hi := min(max(n.Off, 0), len(buf)), min(max(n.End, 0), len(buf))
	if lo < hi {
		d.Hex = spacedHex(buf[lo:min(hi, lo+detailsHexMax)])
		if more := hi - lo - detailsHexMax; more > 0 {
			d.Hex += " … and " + strconv.Itoa(more) + " more bytes"
		}
	}
	return d
}

// spacedHex writes b as hex, a space between bytes, for wrapping.
func spacedHex(b []byte) string {
	var s strings.Builder
	s.Grow(3 * len(b))
	for i, c := range b {
		if i > 0 {
			s.WriteByte(' ')
		}
		s.WriteString(hexByte[c])
	}
	return s.String()
}

// DetailsPanel shows the details of the selected node, or says how to select one.
type DetailsPanel struct {
	app.Compo

	Dir  string // "request" or "response": the panel's id is details-<Dir>
	Node *NodeDetails
}

func (p *DetailsPanel) Render() app.UI {
	root := app.Section().ID("details-"+p.Dir).Class("details").Aria("label", "selected field of the "+p.Dir)
	d := p.Node
	if d == nil {
		return root.Body(app.P().Class("details-empty").Text("Click a byte or a tree row to see its field in full here."))
	}
	var where string
	switch {
	case d.End <= d.Off:
		where = "at byte " + strconv.Itoa(d.Off) + " of the frame, no bytes of its own"
	case d.End-d.Off == 1:
		where = "byte " + strconv.Itoa(d.Off) + " of the frame (0x" + hex4(d.Off) + ")"
	default:
		where = "bytes " + strconv.Itoa(d.Off) + " to " + strconv.Itoa(d.End-1) + " of the frame (0x" + hex4(d.Off) + " to 0x" + hex4(d.End-1) + ")"
	}
	if d.Buf > 0 {
		name := d.BufName
		if name == "" {
			name = "records"
		}
		where = strings.Replace(where, "of the frame", "of the decompressed "+name, 1)
	}
	size := strconv.Itoa(d.End-d.Off) + " bytes"
	if d.End-d.Off == 1 {
		size = "1 byte"
	}
	var rows []app.UI
	add := func(label, value, class string) {
		if value == "" {
			return
		}
		dd := app.Dd().Text(value)
		if class != "" {
			dd = dd.Class(class)
		}
		rows = append(rows, app.Dt().Text(label), dd)
	}
	add("type", d.Type, "")
	add("value", d.Value, "details-value")
	add("position", where, "")
	add("size", size, "")
	add("bytes", d.Hex, "details-hex")
	add("path", d.Path, "details-path")
	add("warning", d.Warn, "warn")
	add("error", d.Err, "errmsg")
	var desc app.UI
	if d.Desc != "" {
		desc = app.P().Class("details-desc").Text(d.Desc)
	}
	return root.Body(
		app.H3().Text(d.Name),
		desc,
		app.Dl().Body(rows...),
	)
}
