package docs

// The primer: a walk through the wire format from the first byte, one
// lesson a page under /learn/. The words are here, beside the rest of the
// project's explanations, so the eight-word test reads them too; the UI
// renders each Example live from the codec.

// Lesson is one page of the primer.
type Lesson struct {
	Slug     string // the page's path under /learn/
	Title    string
	Summary  string // one line, for the primer's index
	Sections []Section
}

// Section is a heading, its paragraphs, and the live examples under them.
type Section struct {
	Heading  string
	Text     []string
	Examples []LessonExample
}

// LessonExample names a message the UI builds with the codec at render time.
type LessonExample struct {
	API       string
	Version   int16
	Response  bool
	Realistic bool   // message.Example rather than message.Minimal
	Caption   string // what to look at in it
	// Codec, when set, compresses the example's record batches with this
	// codec (a records.Codec name: "gzip", "zstd", ...).
	Codec string
	// Strings sets top-level string fields of the body, by name: a way to
	// show a tagged field that the example leaves at its default.
	Strings map[string]string
}

// Lessons is the primer, in reading order.
func Lessons() []Lesson { return lessons }

// LessonBySlug finds a lesson; nil when there is none.
func LessonBySlug(slug string) (*Lesson, int) {
	for i := range lessons {
		if lessons[i].Slug == slug {
			return &lessons[i], i
		}
	}
	return nil, -1
}

// LearnIntro opens the primer's index.
const LearnIntro = "Seven short pages on how Kafka lays a message out in bytes, starting from the first byte a client writes to its socket. Every grid below is built by kafkawire's codec while the page renders: click a byte or a row of the tree to see which field it belongs to, and follow the link under each one to the full page of that API version, where you can edit it."

var lessons = []Lesson{
	{
		Slug:    "framing",
		Title:   "Framing and the size prefix",
		Summary: "A connection carries a stream of frames, each opened by a four-byte length.",
		Sections: []Section{{
			Heading: "One frame per message",
			Text: []string{
				"A Kafka client talks to a broker over a plain TCP connection, with TLS on top when the listener asks for it. Both sides write a stream of frames: every request and every response travels as exactly one frame, and nothing is written between them.",
				"A frame starts with a size: a signed 32-bit integer in big-endian order that says how many bytes follow it. The four bytes of the size are not counted in it. A reader takes four bytes, then takes that many more, and has a whole message in hand without knowing anything about the API inside. Brokers refuse a request whose size is above their socket.request.max.bytes setting (100 MiB unless changed) and close the connection.",
				"After the size come a header and then the body. The request header names the API and its version, so the broker knows how to read the body. A response does not name its API: its header carries only the correlation id the client chose, and the client has to remember which request it sent under that id. On one connection a broker answers requests in the order they arrived.",
			},
			Examples: []LessonExample{
				{API: "ApiVersions", Version: 3, Caption: "The smallest request a modern client sends first. Bytes 0 to 3 are the size; select them and compare the number with the length of the grid minus four."},
				{API: "ApiVersions", Version: 3, Response: true, Caption: "The matching response: the same size prefix, then a header of just the correlation id."},
			},
		}},
	},
	{
		Slug:    "headers",
		Title:   "Request and response headers",
		Summary: "Header versions 0, 1 and 2 for requests, 0 and 1 for responses, and why ApiVersions answers with the oldest.",
		Sections: []Section{
			{
				Heading: "Request headers",
				Text: []string{
					"Request header v0 is eight bytes: the API key (int16), the API version (int16) and the correlation id (int32). The broker copies the correlation id into its answer. Only ControlledShutdown v0 ever used this header.",
					"Request header v1 adds the client id after the correlation id: a nullable string with a two-byte length, where a length of -1 means null. Brokers use it in logs, metrics and quotas. Every other version that is not flexible uses this header.",
					"Request header v2 is the header of flexible versions. It keeps the client id in its old two-byte-length form, which is easy to miss since the body around it switches to compact strings, and then adds a tagged-field section; with no tagged fields that section is a single zero byte.",
				},
				Examples: []LessonExample{
					{API: "Metadata", Version: 4, Realistic: true, Caption: "Header v1: key 3, version 4, correlation id 7 and the client id \"kafkawire\" with its int16 length."},
					{API: "Metadata", Version: 9, Realistic: true, Caption: "Header v2: the same fields, the same int16 length before the client id, then one byte for the empty tagged-field section."},
				},
			},
			{
				Heading: "Response headers",
				Text: []string{
					"Response header v0 is the correlation id alone. Response header v1 appends a tagged-field section and goes with every flexible response version.",
				},
				Examples: []LessonExample{
					{API: "Metadata", Version: 9, Response: true, Caption: "A flexible response: correlation id, then the empty tagged-field section of header v1, then the body."},
				},
			},
			{
				Heading: "The ApiVersions exception",
				Text: []string{
					"ApiVersions is how a client learns which versions a broker supports, so the client cannot know in advance which response header the broker will use. KIP-511, which brought ApiVersions v3 and its client software name and version, fixed the rule that settles this: the ApiVersions response always uses header v0, even from v3 on, where its body is flexible. A client can then read the correlation id and the error code whatever happened.",
					"When a broker does not support the ApiVersions version it was sent, it answers in the v0 body layout with the error UNSUPPORTED_VERSION and its list of supported ranges, and the client tries again with a version from that list.",
				},
				Examples: []LessonExample{
					{API: "ApiVersions", Version: 3, Response: true, Realistic: true, Caption: "A flexible body after a v0 header: four bytes of correlation id, then straight into the error code, with no tagged-field byte between them."},
				},
			},
		},
	},
	{
		Slug:    "primitives",
		Title:   "Primitive types",
		Summary: "Fixed-width integers, varints with zigzag, UUIDs, and strings and bytes in their classic and compact forms.",
		Sections: []Section{
			{
				Heading: "Fixed-width numbers",
				Text: []string{
					"int8, int16, int32 and int64 are two's complement integers, most significant byte first. uint16 and uint32 are the unsigned forms of the same widths, float64 is an IEEE 754 double in big-endian order, and a boolean is one byte holding 0 or 1.",
				},
				Examples: []LessonExample{
					{API: "Metadata", Version: 4, Response: true, Realistic: true, Caption: "Broker ids and ports are int32, error codes int16, IsInternal a one-byte boolean."},
				},
			},
			{
				Heading: "Varints, varlongs and zigzag",
				Text: []string{
					"An unsigned varint stores seven bits of the number per byte, lowest group first; the top bit of a byte is set when another byte follows. Numbers below 128 take one byte. Compact lengths and tag numbers are unsigned varints.",
					"Signed varints and varlongs first map the number with zigzag encoding, so that small negative numbers stay small: 0 becomes 0, -1 becomes 1, 1 becomes 2, -2 becomes 3. In code that is (n << 1) ^ (n >> 31) for 32 bits and (n << 1) ^ (n >> 63) for 64. A varint takes up to five bytes and a varlong up to ten. The signed forms appear inside records, where a length of -1 (one byte, 01) marks a null key or value.",
				},
				Examples: []LessonExample{
					{API: "Produce", Version: 9, Realistic: true, Caption: "Open a record in the batch: its length, timestamp delta, offset delta and key length are zigzag varints."},
				},
			},
			{
				Heading: "UUIDs",
				Text: []string{
					"A UUID is sixteen raw bytes with no length in front. Kafka has given every topic an id since version 2.8; sixteen zero bytes stand for no id. From Metadata v10 a topic can be asked about by id or by name: a client fills one and leaves the other zero (the id) or null (the name).",
				},
				Examples: []LessonExample{
					{API: "Metadata", Version: 12, Realistic: true, Caption: "TopicId is sixteen bytes with no length before them. This example fills both the id and the name to show both encodings; a real client fills one of the two."},
				},
			},
			{
				Heading: "Strings and bytes",
				Text: []string{
					"A classic string is an int16 byte count followed by that many bytes of UTF-8; in a nullable string a count of -1 means null, which is different from the empty string of count 0. Classic bytes work the same way with an int32 count.",
					"Flexible versions use compact forms: the count is an unsigned varint holding the length plus one. A compact 0 means null and 1 means empty, so the string \"orders\" costs one byte of length instead of two, and a nullable field needs no separate marker.",
				},
				Examples: []LessonExample{
					{API: "Metadata", Version: 4, Realistic: true, Caption: "The topic name \"orders\" after an int16 length of 6."},
					{API: "Metadata", Version: 12, Realistic: true, Caption: "The same name as a compact string: a single length byte of 7, one more than its six bytes."},
				},
			},
		},
	},
	{
		Slug:    "arrays",
		Title:   "Arrays, classic and compact",
		Summary: "A count, then the elements back to back, with no size per element.",
		Sections: []Section{{
			Heading: "Counts and elements",
			Text: []string{
				"A classic array is an int32 count of elements, then the elements one after another. An element that is a struct is just its fields in schema order: there is no length per element, so a reader has to understand every field to find where the next element starts. A nullable array uses a count of -1 for null.",
				"A compact array, used by flexible versions, stores the count plus one as an unsigned varint, so 0 is null and 1 is an empty array. In flexible versions each struct element also ends with its own tagged-field section.",
				"Null and empty often mean different things. In a Metadata request from v1 on, a null topic list asks about every topic in the cluster, while an empty list asks about none and returns only the brokers.",
			},
			Examples: []LessonExample{
				{API: "Metadata", Version: 4, Realistic: true, Caption: "Topics as a classic array: an int32 count of 1, then one struct holding the name."},
				{API: "Metadata", Version: 9, Realistic: true, Caption: "The same list as a compact array: a count byte of 2 for one element, and a tagged-field byte closing the element."},
				{API: "Metadata", Version: 9, Response: true, Realistic: true, Caption: "Nested arrays: brokers, then topics, each topic with its partitions, each partition with its replica lists."},
			},
		}},
	},
	{
		Slug:    "flexible",
		Title:   "Flexible versions and tagged fields",
		Summary: "From a per-API version on, compact lengths and a tagged-field section at the end of every struct.",
		Sections: []Section{
			{
				Heading: "What changes at the flexible version",
				Text: []string{
					"KIP-482 gave every API a version from which it is flexible. From that version on, strings, bytes, arrays and record sets in the body switch to their compact forms, the request header moves to v2 and the response header to v1 (all but the ApiVersions response, see the lesson on headers), and every struct ends in a tagged-field section.",
					"The flexible version differs per API: Metadata turns flexible at v9, Produce at v9, Fetch at v12, ApiVersions at v3. Compare the two pages below: the fields are the same, the bytes are not.",
				},
				Examples: []LessonExample{
					{API: "Metadata", Version: 8, Realistic: true, Caption: "The last classic version: int16 string lengths and an int32 array count."},
					{API: "Metadata", Version: 9, Realistic: true, Caption: "The first flexible version: the same request with compact lengths and a zero byte after the header, after each topic and after the body."},
				},
			},
			{
				Heading: "Tagged fields",
				Text: []string{
					"A tagged-field section is an unsigned varint count, then for each field its tag number (unsigned varint), its size in bytes (unsigned varint) and its value. Tags appear in increasing order. A reader that meets a tag it does not know skips that many bytes, which lets a field be added to a version already released, in both directions, without breaking older peers.",
					"A tagged field at its default value is left out entirely, so in the common case the section is one byte: a count of zero. The schema table on each API page lists which fields are tagged and their tag numbers.",
				},
				Examples: []LessonExample{
					{API: "Fetch", Version: 12, Realistic: true, Caption: "Fetch v12 with its tagged fields left out at their defaults: every struct ends in one zero byte."},
					{API: "Fetch", Version: 12, Realistic: true, Strings: map[string]string{"ClusterId": "MkU3OEVBNTcwNTJENDM2Qk"}, Caption: "The same request with the tagged ClusterId set: at the end of the body the count is 1, then tag 0, a size of 23, and the field's value, a compact string."},
				},
			},
		},
	},
	{
		Slug:    "record-batch",
		Title:   "The record batch v2",
		Summary: "The 61-byte batch header, attribute bits, deltas, the CRC-32C and compression.",
		Sections: []Section{
			{
				Heading: "The batch header",
				Text: []string{
					"Produce and Fetch carry records in a field of their own type, a byte string that holds one or more record batches. Since Kafka 0.11 a batch is the v2 format (magic 2), and it opens with a fixed header of 61 bytes: base offset (int64), batch length (int32, the bytes after this field), partition leader epoch (int32), magic (int8, 2), CRC (uint32), attributes (int16), last offset delta (int32), base timestamp and max timestamp (int64 each), producer id (int64), producer epoch (int16), base sequence (int32), and the number of records (int32).",
					"The attribute bits: bits 0 to 2 hold the compression codec (0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd); bit 3 is the timestamp type (0 the producer's create time, 1 the broker's log append time); bit 4 marks a transactional batch; bit 5 a control batch, whose records are transaction markers rather than data; bit 6 says the base timestamp holds a delete horizon, set by log compaction.",
					"The CRC is a CRC-32C (Castagnoli) computed from the attributes to the end of the batch. It leaves out the base offset, the batch length, the partition leader epoch and the magic byte, so a broker can give a batch its offsets and leader epoch without computing the checksum again.",
				},
				Examples: []LessonExample{
					{API: "Produce", Version: 9, Realistic: true, Caption: "One batch of two records with a header. A producer sends base offset 0; the broker assigns the real offsets when it appends."},
				},
			},
			{
				Heading: "Records and deltas",
				Text: []string{
					"Each record is small because most of what it needs is in the batch header. A record is its length (varint), an attributes byte that is unused today, a timestamp delta (varlong) and an offset delta (varint) from the batch's base values, the key and the value each behind a varint length with -1 for null, and a varint count of headers, each header a varint-length key and a varint-length value.",
					"A record's offset is the base offset plus its offset delta, and its timestamp the base timestamp plus its timestamp delta, so a batch of close records spends a byte or two on each.",
				},
				Examples: []LessonExample{
					{API: "Fetch", Version: 12, Response: true, Realistic: true, Caption: "The same batch layout on the way back, inside a partition of a Fetch response."},
				},
			},
			{
				Heading: "Compression",
				Text: []string{
					"When the codec bits are not zero, the 61-byte header stays as it is and everything after the record count, the records themselves, is compressed as one block. The count still says how many records are inside, and the CRC covers the compressed bytes as sent. kafkawire shows such a block beside the frame, decompressed, with its own grid: paste a compressed batch on a Produce or Fetch page to see it.",
				},
				Examples: []LessonExample{
					{API: "Produce", Version: 9, Realistic: true, Codec: "gzip", Caption: "The batch above with its codec bits set to 1 (gzip): the header fields read as before, and after the record count comes one gzip block. The tree shows the records decompressed. Two short records gain nothing: gzip's own header and trailer make the frame longer, where a real batch of many similar records shrinks."},
				},
			},
		},
	},
	{
		Slug:    "client-start",
		Title:   "How a client starts",
		Summary: "ApiVersions, then Metadata, then Produce or Fetch to the partition leaders.",
		Sections: []Section{
			{
				Heading: "ApiVersions first",
				Text: []string{
					"A client opens a connection to one of its bootstrap servers and sends ApiVersions, usually at the newest version it knows. The broker answers with a range of versions for every API key it serves. From then on the client uses, for each API, the highest version both sides support. With SASL configured, SaslHandshake and SaslAuthenticate come next, before anything else is allowed.",
				},
				Examples: []LessonExample{
					{API: "ApiVersions", Version: 4, Realistic: true, Caption: "The client names its software and version."},
					{API: "ApiVersions", Version: 4, Response: true, Realistic: true, Caption: "The broker's ranges: one entry per API key it serves (a single one here, Produce), each the key, the lowest and the highest version it accepts."},
				},
			},
			{
				Heading: "Then Metadata",
				Text: []string{
					"The bootstrap server is only a way in. A Metadata request returns the cluster's brokers with their hosts and ports, and for each topic asked about its partitions, the leader of each and its replicas. The client keeps this map and asks again when a broker answers NOT_LEADER_OR_FOLLOWER or a partition moves.",
				},
				Examples: []LessonExample{
					{API: "Metadata", Version: 12, Realistic: true, Caption: "Asking about the topic \"orders\"."},
					{API: "Metadata", Version: 12, Response: true, Realistic: true, Caption: "Brokers, then the topic with its partitions and their leaders."},
				},
			},
			{
				Heading: "Then Produce or Fetch",
				Text: []string{
					"A producer opens connections to the leaders of the partitions it writes to and sends Produce requests holding record batches. With acks set to 0 the broker sends no response at all; otherwise it answers with the base offset given to each batch. A consumer sends Fetch to the leader (or, since KIP-392, to a nearby follower), naming a position per partition, and gets record batches back. A consumer in a group first finds its coordinator with FindCoordinator and joins the group before it knows which partitions to fetch.",
				},
				Examples: []LessonExample{
					{API: "Produce", Version: 9, Realistic: true, Caption: "A Produce request: acks, timeout, then topics, partitions and their batches."},
					{API: "Fetch", Version: 12, Realistic: true, Caption: "A Fetch request: how long to wait, how many bytes at least and at most, then the positions to read from."},
				},
			},
		},
	},
}
