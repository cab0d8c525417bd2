package frame

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// guideNames are the protocol guide's names for the header's fields, by
// their schema names. Their descriptions come from codec/docs, as the body's do.
var guideNames = map[string]string{
	"RequestApiKey":     "request_api_key",
	"RequestApiVersion": "request_api_version",
	"CorrelationId":     "correlation_id",
	"ClientId":          "client_id",
}

// GuideName is the protocol guide's name (client_id) of the header field
// whose schema name is field (ClientId), or "" for any other field.
func GuideName(field string) string { return guideNames[field] }

// nameHeaderNodes keeps the header's field nodes under their schema names,
// the names the JSON form and every path use (a position has one name), and
// says the protocol guide's name (client_id) in the description, for those
// who know the fields by it.
func nameHeaderNodes(n *layout.Node) {
	for _, c := range n.Children {
		guide, ok := guideNames[c.Key]
		if !ok {
			continue
		}
		// Every frame has a header: its texts are made once, not per decode.
		c.Desc = headerTexts.Get([2]string{c.Desc, guide}, func(k [2]string) string {
			return join(k[0], "In Kafka's protocol guide: "+k[1]+".")
		})
		switch c.Key {
		case "ClientId":
			c.Type = "nullable_string"
		case "RequestApiKey":
			v := c.Value
			c.Value = headerTexts.Get([2]string{v, "api key"}, func(k [2]string) string { return namedAPIKey(k[0]) })
		}
	}
}

// headerTexts holds the header nodes' descriptions and API key values, made once.
var headerTexts layout.Cache[[2]string, string]

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

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}
