package message

import (
	"strings"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// How layout nodes map to value paths. The decoders give a node a Key when
// it holds a value one edits: "header" and "body" start a path, a field
// adds its name, an element its index, a batch "batches.0" (the records
// JSON's key and index). A keyless node (a length, a tag count, the
// decompressed bytes of a batch) is not a value of its own but hands its
// parent's path on to its children, so the records inside a compressed
// batch are named body...Records.batches.0.records.3 as any others.
// This is the only place that reads Keys as paths.

// Display is the path as users see it, in the tree, the breadcrumb, errors
// and the details panel: field names as the schema and the JSON form give
// them, an index in brackets, the body's fields without a prefix:
// Topics[0].PartitionIndexes[1], header.ClientId. A record inside a batch
// reads Records.batches[0].records[3], as the JSON form nests it. The dotted form (body.Topics.0) stays the
// internal one: element nodes' Keys and FindNode use it.
func (p Path) Display() string {
	var b strings.Builder
	for i, step := range p {
		switch {
		case i == 0 && step == "body":
			continue
		case isIndex(step):
			b.WriteString("[" + step + "]")
			continue
		case b.Len() > 0:
			b.WriteByte('.')
		}
		b.WriteString(step)
	}
	return b.String()
}

// DisplayPath is Display of the dotted path s.
func DisplayPath(s string) string { return ParsePath(s).Display() }

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ChildPath is the value path of node c, whose parent hands on path pass
// ("" at the root), and the path c hands on to its own children. A node
// that is not a value has path "".
func ChildPath(pass string, c *layout.Node) (path, next string) {
	path = childPath(pass, c)
	if c.Key == "" {
		return "", pass
	}
	return path, path
}

// FindNode is the node of tree whose value path is p, or nil. It enters only
// the subtrees whose path leads to p, so it costs about depth times fan-out.
func FindNode(tree *layout.Node, p Path) *layout.Node {
	want := p.String()
	if tree == nil || want == "" {
		return nil
	}
	var find func(n *layout.Node, pass string) *layout.Node
	find = func(n *layout.Node, pass string) *layout.Node {
		for _, c := range n.Kids() {
			cp, next := ChildPath(pass, c)
			if cp == want {
				return c
			}
			if next != "" && !strings.HasPrefix(want, next+".") {
				continue
			}
			if r := find(c, next); r != nil {
				return r
			}
		}
		return nil
	}
	return find(tree, "")
}

// childPath is the value path of node c under a node that hands on path pass.
func childPath(pass string, c *layout.Node) string {
	switch {
	case c.Key == "":
		return ""
	case pass == "":
		if c.Key == "header" || c.Key == "body" {
			return c.Key
		}
		return "" // a key outside header and body names no value
	}
	return pass + "." + c.Key
}
