package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestFieldDocsListNoPathTwice stands in for the compiler's check of map
// literals, which the field descriptions were before they became lists: a
// path written twice in one list would silently lose its first description.
func TestFieldDocsListNoPathTwice(t *testing.T) {
	lists := 0
	for _, name := range []string{"apis_low.go", "apis_high.go"} {
		fs := token.NewFileSet()
		f, err := parser.ParseFile(fs, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if id, ok := cl.Type.(*ast.Ident); !ok || id.Name != "fieldDocs" {
				return true
			}
			lists++
			seen := map[string]bool{}
			for _, e := range cl.Elts {
				pair, ok := e.(*ast.CompositeLit)
				if !ok || len(pair.Elts) != 2 {
					t.Errorf("%s: not a {path, text} pair", fs.Position(e.Pos()))
					continue
				}
				lit, ok := pair.Elts[0].(*ast.BasicLit)
				if !ok {
					t.Errorf("%s: the path is not a string constant", fs.Position(pair.Pos()))
					continue
				}
				p, _ := strconv.Unquote(lit.Value)
				if seen[p] {
					t.Errorf("%s: path %q listed twice", fs.Position(lit.Pos()), p)
				}
				seen[p] = true
			}
			return true
		})
	}
	if lists < 190 {
		t.Errorf("found %d field lists, want the 190 or more of the API explanations", lists)
	}
}
