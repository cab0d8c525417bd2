package ui

import (
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// LongFrame is an edited frame the page's link cannot hold, offered as a file.
type LongFrame struct {
	Dir  schema.Direction
	Size int    // bytes
	Name string // the file name offered, e.g. Fetch-v16-response.bin
	Href string // a Blob URL of the frame, made in the browser
}

// LinkNotice says which edited frames are too long for the page's link
// (FitLink) and offers each as a .bin file, which the paste box opens again.
// With nothing left out it renders an empty placeholder, so that the panes
// after it keep their place in go-app's positional diff.
type LinkNotice struct {
	app.Compo

	Frames []LongFrame
}

func (n *LinkNotice) Render() app.UI {
	if len(n.Frames) == 0 {
		return app.Div().Class("long-link-none")
	}
	var items []app.UI
	for _, f := range n.Frames {
		items = append(items, app.P().Body(
			app.Text("The "+f.Dir.String()+" you edited ("+groupDigits(f.Size)+" bytes) is too long for this page's link: "+
				"its fragment would pass the "+groupDigits(MaxURL)+" characters browsers keep in a URL, and a reload or a shared link would lose it. "+
				"The link leaves it out. "),
			app.A().Class("btn long-link-file").Href(f.Href).Attr("download", f.Name).
				Attr("data-dir", f.Dir.String()).Text("Download "+f.Name),
			app.Text(" to keep it, and open the file again with Paste frame (drop it on the paste box or pick it). The file is made in your browser; nothing leaves it."),
		))
	}
	return app.Div().Class("notice long-link").Attr("role", "status").Body(items...)
}
