package frame_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// FuzzDecode feeds any bytes to DecodeRequest, and to Decode for a few
// (API, version, direction) picked from the input itself. Decoding must not
// panic, every frame node's span must lie inside its parent's, and whatever
// decodes without error must re-encode to the same bytes.
func FuzzDecode(f *testing.F) {
	// Seeds: the newest version of every API, both ways. Every version
	// would be 700-odd seeds, whose baseline alone outlasts the short runs
	// of make test; the instance sweeps test them all.
	insts := allInstances()
	for i, in := range insts {
		if i+1 == len(insts) || insts[i+1].api != in.api || insts[i+1].dir != in.dir {
			f.Add(minimalFrame(f, in))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(d *frame.Decoded, what string) {
			if d == nil || d.Tree == nil {
				t.Fatalf("%s: no tree", what)
			}
			if p := spanProblems(d.Tree); len(p) > 0 {
				t.Fatalf("%s: spans: %v\n%s", what, p, d.Tree.Text())
			}
			if d.Err != nil {
				if d.Err.Off < 0 || d.Err.Off > len(b) {
					t.Fatalf("%s: error offset %d outside %d bytes: %v", what, d.Err.Off, len(b), d.Err)
				}
				return
			}
			// Nodes laid out on demand come from bytes that decoded cleanly:
			// building them all finds no error.
			d.Tree.Walk(func(*layout.Node, int) bool { return true })
			if f := d.Tree.Failed(); f != nil {
				t.Fatalf("%s: decoded cleanly, but building %s fails: %v", what, f.Name, f.Err)
			}
			again, err := frame.Encode(d.Msg)
			if err != nil {
				t.Fatalf("%s: decoded cleanly but does not encode: %v", what, err)
			}
			if !bytes.Equal(again, b) {
				t.Fatalf("%s: re-encoding differs\n in  % x\n out % x\n%s", what, b, again, d.Tree.Text())
			}
		}
		check(frame.DecodeRequest(b), "DecodeRequest")
		// Pick a few messages from the bytes: the first bytes choose, the rest decode.
		seed := 0
		for i := 0; i < len(b) && i < 8; i++ {
			seed = seed*31 + int(b[i])
		}
		for k := 0; k < 3; k++ {
			in := insts[(seed+k*257)%len(insts)]
			if seed < 0 {
				in = insts[(-seed+k*257)%len(insts)]
			}
			check(frame.Decode(b, in.api, in.v, in.dir), in.String())
		}
		// The response the request's header names, when it names one.
		if api, v, err := frame.RequestAPI(b); err == nil {
			full := frame.Decode(b, api, v, schema.Response)
			check(full, "response of the named API")
			// Its fields alone (DecodeFields): bounded as Decode is, nothing
			// decompressed, and where Decode reads the frame cleanly, so does
			// it, saying the same and encoding back to the same bytes.
			fields := frame.DecodeFields(b, api, v, schema.Response)
			if p := spanProblems(fields.Tree); len(p) > 0 {
				t.Fatalf("DecodeFields: spans: %v\n%s", p, fields.Tree.Text())
			}
			if len(fields.Bufs) != 1 {
				t.Fatalf("DecodeFields decompressed %d buffers", len(fields.Bufs)-1)
			}
			if fields.Err != nil && (fields.Err.Off < 0 || fields.Err.Off > len(b)) {
				t.Fatalf("DecodeFields: error offset %d outside %d bytes: %v", fields.Err.Off, len(b), fields.Err)
			}
			if full.Err == nil {
				if fields.Err != nil {
					t.Fatalf("Decode reads the response cleanly, DecodeFields fails: %v", fields.Err)
				}
				if !slices.Equal(full.Msg.ErrorCodes(), fields.Msg.ErrorCodes()) {
					t.Fatalf("error codes: Decode %v, DecodeFields %v", full.Msg.ErrorCodes(), fields.Msg.ErrorCodes())
				}
				if again, err := frame.Encode(fields.Msg); err != nil || !bytes.Equal(again, b) {
					t.Fatalf("DecodeFields' message encodes to other bytes (%v)\n in  % x\n out % x", err, b, again)
				}
			}
		}
	})
}
