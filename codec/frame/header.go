package frame

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// headerField is how the layout shows a header field: by the protocol
// guide's name for it, with a description in our words.
type headerField struct{ name, desc string }

// headerFields are the header's fields, by their schema names.
var headerFields = map[string]headerField{
	"RequestApiKey":     {"request_api_key", "numeric id of the API being invoked"},
	"RequestApiVersion": {"request_api_version", "version of the API being invoked"},
	"CorrelationId":     {"correlation_id", "echoed back by the broker in the response"},
	"ClientId":          {"client_id", "always a non-flexible int16-prefixed string"},
}

// nameHeaderNodes gives the header's field nodes the protocol guide's names
// (request_api_key, client_id...) and descriptions.
func nameHeaderNodes(n *layout.Node) {
	for _, c := range n.Children {
		hf, ok := headerFields[c.Key]
		if !ok {
			continue
		}
		c.Name, c.Desc = hf.name, hf.desc
		switch c.Key {
		case "CorrelationId":
			if c.Region == layout.RegionResponseHeader {
				c.Desc = "matches the correlation_id of the request"
			}
		case "ClientId":
			c.Type = "nullable_string"
		case "RequestApiKey":
			c.Value = namedAPIKey(c.Value)
		}
	}
}

func namedAPIKey(v string) string {
	k, err := strconv.Atoi(v)
	if err != nil {
		return v
	}
	if a := schema.ByKey(int16(k)); a != nil {
		return v + " (" + a.Name + ")"
	}
	return v
}
