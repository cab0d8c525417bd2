// Command wasm is the browser entry of the kafkawire visualizer, built to web/app.wasm.
package main

import (
	"github.com/kafkawire/kafkawire/ui"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	ui.Register()
	app.RunWhenOnBrowser()
}
