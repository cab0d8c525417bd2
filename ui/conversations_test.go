package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A connection's hosts are in spans a phone shows as "…", its ports
// outside them; names that are not host:port pairs are left whole, and
// every text is escaped.
func TestConnHTMLSetsTheHostsApart(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:59321>127.0.0.1:9092": `<span class="cn-h">127.0.0.1</span>:59321&gt;<span class="cn-h">127.0.0.1</span>:9092`,
		"[::1]:40000>[::1]:29092":        `<span class="cn-h">[::1]</span>:40000&gt;<span class="cn-h">[::1]</span>:29092`,
		"client>broker":                  `client&gt;broker`,
		"a:b>c:":                         `a:b&gt;c:`,
		"<x>:1":                          `&lt;x&gt;:1`,
		"":                               ``,
	} {
		assert.Equal(t, want, connHTML(in), in)
	}
}
