package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Legend names the regions with the colours the grid and the tree use.
type Legend struct {
	app.Compo
}

var legendRegions = []layout.Region{
	layout.RegionFrame, layout.RegionRequestHeader, layout.RegionResponseHeader,
	layout.RegionRequestBody, layout.RegionResponseBody, layout.RegionBatch,
	layout.RegionRecord, layout.RegionTagged,
}

func (l *Legend) Render() app.UI {
	items := make([]app.UI, 0, len(legendRegions))
	for _, r := range legendRegions {
		items = append(items, app.Li().Class("lg").Body(
			app.Span().Class("sw r"+strconv.Itoa(int(r))).Aria("hidden", "true"),
			app.Text(r.String()),
		))
	}
	return app.Ul().Class("legend").Aria("label", "regions").Body(items...)
}
