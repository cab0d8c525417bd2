package records

import (
	"testing"

	"github.com/kafkawire/kafkawire/codec/layout"
)

func assertNoWarnings(t *testing.T, nodes []*layout.Node) {
	t.Helper()
	for _, n := range nodes {
		n.Walk(func(c *layout.Node, _ int) bool {
			if c.Warn() != "" || c.Err != nil {
				t.Errorf("%s: warn %q err %q", c.Name, c.Warn(), c.Err)
			}
			return true
		})
	}
}
