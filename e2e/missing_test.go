//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Addresses typed or shared by hand reach a page: a version's page with a
// slash after it is that page; an API's name alone, or a version it does
// not have, lists its versions to pick; any other path says it is none
// and links to every API key. Each keeps the top bar and its search.
func TestAddressesTypedByHand(t *testing.T) {
	s := newSession(t, false)

	s.open("/Produce/v3/")
	if got := s.text("h1"); got != "Produce v3" {
		t.Errorf("/Produce/v3/ shows %q", got)
	}
	if !eval[bool](s, `!!document.querySelector('#request .grid')`) {
		t.Error("/Produce/v3/ has no request grid")
	}

	s.open("/Produce")
	if got := s.text("h1"); got != "Pick a version of Produce" {
		t.Errorf("/Produce shows %q", got)
	}
	links := s.text("#missing-versions")
	if !strings.HasPrefix(links, "v0 v1 v2") || !strings.Contains(links, "v13") {
		t.Errorf("/Produce lists the versions %q", links)
	}
	if !eval[bool](s, `!!document.querySelector('#api-picker')`) {
		t.Error("no API search in the top bar")
	}
	s.do(10*time.Second, chromedp.Click(`#missing-versions a:last-child`))
	s.waitFor("the last version's page", `document.querySelector('h1') && document.querySelector('h1').textContent.startsWith('Produce v1')`)

	s.open("/Produce/v99")
	if got := s.text("h1"); got != "Produce has no version 99" {
		t.Errorf("/Produce/v99 shows %q", got)
	}
	s.open("/nothing/here/at/all")
	if got := s.text("h1"); got != "Not a Kafka API version" {
		t.Errorf("/nothing/here/at/all shows %q", got)
	}
	s.shot("not-a-page", "main")
}
