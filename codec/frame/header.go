package frame

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// headerNames are the protocol guide's names for the header's fields, by
// their schema names. Their descriptions come from codec/docs, as the body's do.
var headerNames = map[string]string{
	"RequestApiKey":     "request_api_key",
	"RequestApiVersion": "request_api_version",
	"CorrelationId":     "correlation_id",
	"ClientId":          "client_id",
}

// nameHeaderNodes gives the header's field nodes the protocol guide's names
// (request_api_key, client_id...).
func nameHeaderNodes(n *layout.Node) {
	for _, c := range n.Children {
		name, ok := headerNames[c.Key]
		if !ok {
			continue
		}
		c.Name = name
		switch c.Key {
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
