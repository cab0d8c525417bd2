// Command hello is the smallest go-app app: one component and one route.
// `make bench` builds it as it builds app.wasm and sets the two beside
// each other, so what kafkawire adds to go-app's own weight is measured,
// not remembered.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type hello struct{ app.Compo }

func (h *hello) Render() app.UI { return app.H1().Text("Hello") }

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
}
