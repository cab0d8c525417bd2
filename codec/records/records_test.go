package records

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// captures are real records fields: Produce requests and Fetch responses captured between kgo
// and kfake by capture_test.go (go test ./codec/records/ -run TestCaptured -update).
func captures(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("testdata/*.records")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		out[strings.TrimSuffix(filepath.Base(f), ".records")] = b
	}
	return out
}

func decode(t *testing.T, b []byte, base int) (*Set, []*layout.Node, [][]byte) {
	t.Helper()
	bufs := [][]byte{nil}
	s, nodes, err := Decode(b, base, &bufs, Options{})
	require.Nil(t, err)
	return s, nodes, bufs
}

func TestMinimal(t *testing.T) {
	b := Minimal().AppendTo(nil)
	require.Len(t, b, 61)
	assert.Equal(t, uint32(49), binary.BigEndian.Uint32(b[8:]))
	assert.Equal(t, byte(2), b[16])
	assert.Equal(t, crc32.Checksum(b[21:], castagnoli), binary.BigEndian.Uint32(b[17:]))
	for i, c := range b {
		if i < 8 || (i > 11 && i < 16) || i > 20 {
			assert.Zero(t, c, "byte %d", i)
		}
	}
	s, nodes, _ := decode(t, b, 0)
	assertNoWarnings(t, nodes)
	assert.Equal(t, b, s.AppendTo(nil))
}

func TestCaptures(t *testing.T) {
	for name, b := range captures(t) {
		t.Run(name, func(t *testing.T) {
			s, nodes, bufs := decode(t, b, 40)
			assertNoWarnings(t, nodes)
			assertSpans(t, nodes, len(b)+40, bufs)
			assert.Equal(t, b, s.AppendTo(nil))
			// Built again from its fields alone (as an edit does), an uncompressed batch
			// comes out identical: kgo writes canonical varints.
			fresh := &Set{}
			for _, x := range s.Batches {
				nb := *x
				nb.raw = nil
				fresh.Batches = append(fresh.Batches, &nb)
			}
			enc := fresh.AppendTo(nil)
			if s.Batches[0].Codec() == CodecNone {
				assert.Equal(t, b, enc)
			}
			s2, _, _ := decode(t, enc, 0)
			require.Len(t, s2.Batches, len(s.Batches))
			for i := range s.Batches {
				assert.Equal(t, s.Batches[i].Records, s2.Batches[i].Records)
			}
		})
	}
}

// assertSpans checks every node of the frame lies inside its parent and inside the frame,
// and every node of a decompressed buffer inside that buffer.
func assertSpans(t testing.TB, nodes []*layout.Node, frameLen int, bufs [][]byte) {
	t.Helper()
	var check func(n *layout.Node)
	check = func(n *layout.Node) {
		size := frameLen
		if n.Buf > 0 {
			require.Less(t, n.Buf, len(bufs))
			size = len(bufs[n.Buf])
		}
		if n.Off < 0 || n.End < n.Off || n.End > size {
			t.Fatalf("%s [%d,%d) outside buffer %d of %d bytes", n.Name, n.Off, n.End, n.Buf, size)
		}
		// An error names an offset in the node's own buffer, at or after the node's start.
		if n.Err != nil && (n.Err.Off < n.Off || n.Err.Off > size) {
			t.Fatalf("%s [%d,%d) of buffer %d has an error at %d: %v", n.Name, n.Off, n.End, n.Buf, n.Err.Off, n.Err)
		}
		for _, c := range n.Kids() {
			if c.Buf == n.Buf && (c.Off < n.Off || c.End > n.End) {
				t.Fatalf("%s [%d,%d) outside its parent %s [%d,%d)", c.Name, c.Off, c.End, n.Name, n.Off, n.End)
			}
			check(c)
		}
	}
	for _, n := range nodes {
		check(n)
	}
}

func TestControl(t *testing.T) {
	s, nodes, _ := decode(t, captures(t)["txn-0"], 0)
	require.Len(t, s.Batches, 2)
	text := nodes[1].Text()
	assert.Contains(t, text, "control bit 5 = true")
	assert.Contains(t, text, "type int16 = 1 (COMMIT)")
	assert.Contains(t, text, "coordinatorEpoch int32 = ")
	assert.Contains(t, text, "COMMIT marker")
}

func TestPartialTail(t *testing.T) {
	whole := captures(t)["none-0"]
	for _, cut := range []int{5, 12, 30, len(whole) - 1} {
		b := append(append([]byte{}, whole...), whole[:cut]...)
		s, nodes, _ := decode(t, b, 100)
		require.Len(t, s.Batches, 1)
		require.Len(t, nodes, 2)
		tail := nodes[1]
		assert.Equal(t, "partial batch", tail.Name)
		assert.Equal(t, 100+len(whole), tail.Off)
		assert.Equal(t, 100+len(b), tail.End)
		if cut >= 12 {
			assert.Equal(t, "partial batch, "+itoa(int64(cut))+" of "+itoa(int64(len(whole)))+" bytes", tail.Warn())
		} else {
			assert.Contains(t, tail.Value, "too short")
		}
		assert.Equal(t, b, s.AppendTo(nil))
	}
}

func TestCRCMismatch(t *testing.T) {
	b := bytes.Clone(captures(t)["none-0"])
	b[len(b)-1] ^= 0xff // the last header value byte
	s, nodes, _ := decode(t, b, 0x20)
	crc := nodes[0].Children[4]
	require.Equal(t, "crc", crc.Name)
	assert.Regexp(t, `^CRC-32C mismatch: the bytes after it sum to 0x[0-9a-f]{8}, the batch says 0x[0-9a-f]{8}$`, crc.Warn())
	assert.Equal(t, b, s.AppendTo(nil), "a warning keeps the bytes as they are")
}

func TestWrongCodec(t *testing.T) {
	gz := captures(t)["gzip-0"]
	for codec, want := range map[int16]string{
		4: "at 0x004d: zstd records: not valid zstd data",
		3: "at 0x004d: lz4 records: not valid lz4 data",
		2: "at 0x004d: snappy records: not valid snappy data",
		5: "at 0x004d: unknown codec 5 records: compression codec 5 does not exist",
	} {
		b := bytes.Clone(gz)
		binary.BigEndian.PutUint16(b[21:], uint16(codec))
		s, nodes, err := Decode(b, 0x10, nil, Options{})
		require.NotNil(t, err, "codec %d", codec)
		assert.Contains(t, err.Error(), want)
		assert.NotNil(t, nodes[0].Failed())
		assert.Empty(t, s.Batches)
	}
}

// hostile rewrites a field of the uncompressed capture and expects an error at that field.
func TestHostileLengths(t *testing.T) {
	base := captures(t)["none-0"]
	rec0 := 61 // the first record's length varint
	cases := []struct {
		name string
		edit func(b []byte) []byte
		want string
	}{
		{"record count 2^31-1", func(b []byte) []byte { binary.BigEndian.PutUint32(b[57:], 1<<31-1); return b },
			"at 0x0039: record count 2147483647 needs at least 15032385529 bytes, 1123 left"},
		{"negative record count", func(b []byte) []byte { binary.BigEndian.PutUint32(b[57:], 0x80000000); return b },
			"at 0x0039: record count -2147483648 is negative"},
		{"record length 2^31-1", func(b []byte) []byte {
			return splice(b, rec0, 1, binary.AppendVarint(nil, 1<<31-1))
		}, "at 0x003d: record length 2147483647 runs past the end"},
		{"record length over 32 bits", func(b []byte) []byte {
			return splice(b, rec0, 1, binary.AppendVarint(nil, 1<<40))
		}, "at 0x003d: varint 1099511627776 does not fit in 32 bits"},
		{"key length 2^31-1", func(b []byte) []byte {
			return splice(b, rec0+4, 1, binary.AppendVarint(nil, 1<<31-1))
		}, "at 0x0041: key length 2147483647 runs past the end"},
		{"key length -2", func(b []byte) []byte { b[rec0+4] = 3; return b }, "at 0x0041: key length -2: only -1 (null) may be negative"},
		{"negative batch length", func(b []byte) []byte { binary.BigEndian.PutUint32(b[8:], 0xfffffff0); return b },
			"at 0x0008: batch length -16 is too small for a batch header"},
		{"magic 3", func(b []byte) []byte { b[16] = 3; return b }, "at 0x0010: magic 3: only 0, 1 and 2 exist"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := c.edit(bytes.Clone(base))
			var ms1, ms2 runtimeMem
			ms1.read()
			s, nodes, err := Decode(b, 0, nil, Options{})
			ms2.read()
			require.NotNil(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.NotNil(t, s)
			require.NotEmpty(t, nodes)
			assert.NotNil(t, nodes[0].Failed(), "a node shows where decoding stopped")
			assert.Less(t, ms2.total-ms1.total, uint64(1<<20), "nothing sized by the hostile length")
		})
	}
}

// splice replaces n bytes at off with v, fixing the batch length so only the field under test is wrong.
func splice(b []byte, off, n int, v []byte) []byte {
	out := append(append(append([]byte{}, b[:off]...), v...), b[off+n:]...)
	binary.BigEndian.PutUint32(out[8:], uint32(len(out)-12))
	return out
}

func TestJSONRoundTrip(t *testing.T) {
	for name, b := range captures(t) {
		s, _, _ := decode(t, b, 0)
		j, err := json.Marshal(s)
		require.NoError(t, err)
		var back Set
		require.NoError(t, json.Unmarshal(j, &back), "%s", j)
		enc := back.AppendTo(nil)
		assert.Equal(t, b, enc, "%s: through JSON, compressed batches included, the bytes stay the same", name)
		s2, _, _ := decode(t, enc, 0)
		j2, err := json.Marshal(s2)
		require.NoError(t, err)
		assert.JSONEq(t, string(j), string(j2), name)
	}
}

func TestJSONShortForm(t *testing.T) {
	in := `{"batches":[{"codec":"zstd","records":[
		{"key":"k","value":"v"},
		{"key":null,"value":{"hex":"00ff"},"timestampDelta":5,"headers":[{"key":"h","value":null}]},
		{"value":""}]}]}`
	var s Set
	require.NoError(t, json.Unmarshal([]byte(in), &s))
	enc := s.AppendTo(nil)
	var kb kmsg.RecordBatch
	require.NoError(t, kb.ReadFrom(enc))
	assert.Equal(t, uint32(kb.CRC), crc32.Checksum(enc[21:], castagnoli))
	assert.Equal(t, int8(2), kb.Magic)
	assert.Equal(t, int64(-1), kb.ProducerID)
	assert.Equal(t, int32(2), kb.LastOffsetDelta)
	assert.Equal(t, int64(5), kb.MaxTimestamp)
	s2, _, _ := decode(t, enc, 0)
	r := s2.Batches[0].Records
	require.Len(t, r, 3)
	assert.Equal(t, Bytes("k"), r[0].Key)
	assert.Nil(t, r[1].Key)
	assert.Equal(t, Bytes{0, 0xff}, r[1].Value)
	assert.Nil(t, r[1].Headers[0].Value)
	assert.Nil(t, r[2].Key)
	assert.Equal(t, Bytes{}, r[2].Value)
	assert.Equal(t, []int32{0, 1, 2}, []int32{r[0].OffsetDelta, r[1].OffsetDelta, r[2].OffsetDelta})

	j, err := json.Marshal(&s)
	require.NoError(t, err)
	assert.Contains(t, string(j), `"value":{"hex":"00ff"}`)
	assert.Contains(t, string(j), `"key":null`)

	for _, bad := range []string{`{"batches":[{"codec":"brotli"}]}`, `{"batches":[{"magic":3}]}`, `{"batches":[{"records":[{"key":{"hex":"zz"}}]}]}`, `{"batches":[{"records":[{"key":5}]}]}`} {
		assert.Error(t, json.Unmarshal([]byte(bad), &s), bad)
	}
}

func TestVarintBoundaries(t *testing.T) {
	for _, n := range []int{63, 64, 127, 128, 8191, 8192, 16383, 16384} {
		s := &Set{Batches: []*Batch{{Magic: 2, Records: []Record{{Value: bytes.Repeat([]byte{'x'}, n)}}}}}
		enc := s.AppendTo(nil)
		s2, nodes, _ := decode(t, enc, 0)
		assert.Len(t, s2.Batches[0].Records[0].Value, n)
		// zigzag: 63 is one byte, 64 two; 8191 two, 8192 three.
		var ln *layout.Node
		nodes[0].Walk(func(c *layout.Node, _ int) bool {
			if c.Name == "value" && ln == nil {
				ln = c.Children[0]
			}
			return true
		})
		want := 1
		if n >= 64 {
			want = 2
		}
		if n >= 8192 {
			want = 3
		}
		assert.Equal(t, want, ln.Len(), "value length %d", n)
	}
}

func TestEditDetected(t *testing.T) {
	b := captures(t)["gzip-0"]
	s, _, _ := decode(t, b, 0)
	assert.Equal(t, b, s.AppendTo(nil))
	s.Batches[0].Records[1].Key = Bytes("now a key")
	enc := s.AppendTo(nil)
	assert.NotEqual(t, b, enc)
	s2, _, _ := decode(t, enc, 0)
	assert.Equal(t, CodecGzip, s2.Batches[0].Codec(), "recompressed with the same codec")
	assert.Equal(t, Bytes("now a key"), s2.Batches[0].Records[1].Key)
}

type runtimeMem struct{ total uint64 }

// A clone encodes as the original does, and editing it leaves the original alone.
func TestCloneIsIndependent(t *testing.T) {
	in := `{"batches":[{"codec":"zstd","records":[{"key":"k","value":"v","headers":[{"key":"h","value":"1"}]},{"value":"w"}]}]}`
	var orig Set
	require.NoError(t, json.Unmarshal([]byte(in), &orig))
	b := orig.AppendTo(nil)
	decoded, _, werr := Decode(b, 0, nil, Options{})
	require.Nil(t, werr)

	c := decoded.Clone()
	assert.Equal(t, b, c.AppendTo(nil), "an unedited clone writes the original bytes")
	require.NoError(t, c.SetText([]string{"0", "records", "0", "value"}, "changed"))
	require.NoError(t, c.Insert([]string{"0", "records", "0", "headers"}, 1))
	require.NoError(t, c.Remove([]string{"0", "records", "1"}))
	assert.Equal(t, b, decoded.AppendTo(nil), "the original is untouched")
	assert.Equal(t, Bytes("v"), decoded.Batches[0].Records[0].Value)
	assert.Len(t, decoded.Batches[0].Records[0].Headers, 1)
	assert.NotEqual(t, b, c.AppendTo(nil))
}

// One list of codecs: what the editor offers, what JSON reads, what attributes name.
func TestCodecs(t *testing.T) {
	var names []string
	for i, c := range Codecs() {
		assert.Equal(t, Codec(i), c)
		names = append(names, c.String())
		got, err := codecFromJSON(c.String())
		require.NoError(t, err)
		assert.Equal(t, c, got)
	}
	assert.Equal(t, []string{"none", "gzip", "snappy", "lz4", "zstd"}, names)
	assert.Equal(t, "unknown codec 5", Codec(5).String())
	// Names, or their exact numbers 0 to 4: nothing else (issue 11).
	got, err := codecFromJSON("4")
	require.NoError(t, err)
	assert.Equal(t, CodecZstd, got)
	for _, bad := range []string{"5", "8", "-1", "5x", "brotli"} {
		_, err := codecFromJSON(bad)
		assert.ErrorContains(t, err, `codec "`+bad+`"`)
	}
	Codecs()[0] = CodecZstd
	assert.Equal(t, CodecNone, Codecs()[0], "callers get a copy")
}
