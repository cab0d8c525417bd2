package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// PasteSlot is where the paste-hex box (issue 5) goes: a frame pasted from
// a log, parsed by codec/hexin, replaces the pane it belongs to. Empty for now.
type PasteSlot struct {
	app.Compo
}

func (p *PasteSlot) Render() app.UI {
	return app.Div().ID("paste-slot").Class("paste-slot")
}
