package docs

// apisHigh explains API keys 48 and up.
var apisHigh = []API{}
