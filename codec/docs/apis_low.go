package docs

// apisLow explains API keys 0 to 47.
var apisLow = []API{}
