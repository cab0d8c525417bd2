package message

import "github.com/kafkawire/kafkawire/codec/layout"

// slab hands out structs, field lists and arrays from larger blocks: a
// Metadata response of 1,000 topics holds 11,000 structs and 31,000 arrays,
// and one allocation each made decoding it allocation-bound. Blocks start
// small, so a tiny message costs little, and double up to slabMax. The zero
// value is ready to use.
type slab struct {
	structs []Struct
	fields  []Field
	anys    []any
	block   int
	// pin, when set, cuts the blocks from chunks every sharing slab takes
	// from, and done gives back what a decode left unused of its last
	// blocks: the pin of the decoder's layout.Arena (SharePin), so that a
	// decode's values come from the same epoch as its nodes.
	pin *layout.Pin
}

const (
	slabMin = 8
	slabMax = 1024
)

// The chunks slabs take their blocks from: 32 KB each.
var (
	sharedStructs = layout.Shared[Struct]{Chunk: layout.ChunkLen[Struct](32 << 10)}
	sharedFields  = layout.Shared[Field]{Chunk: layout.ChunkLen[Field](32 << 10)}
	sharedAnys    = layout.Shared[any]{Chunk: layout.ChunkLen[any](32 << 10)}
)

// done gives back the unused ends of the slab's last blocks.
func (s *slab) done() {
	if s.pin == nil {
		return
	}
	if sharedStructs.GiveBack(s.structs[:len(s.structs):len(s.structs)], len(s.structs)) {
		s.structs = nil
	}
	if sharedFields.GiveBack(s.fields[:len(s.fields):len(s.fields)], len(s.fields)) {
		s.fields = nil
	}
	if sharedAnys.GiveBack(s.anys[:len(s.anys):len(s.anys)], len(s.anys)) {
		s.anys = nil
	}
}

// retire ends the epoch of the chunks the slab's blocks came from (layout.Arena.Retire).
func (s *slab) retire() {
	if s.pin != nil {
		layout.EndEpoch()
	}
}

func (s *slab) grow(need int) int {
	s.block = min(max(slabMin, 2*s.block), slabMax)
	return max(s.block, need)
}

// newStruct is an empty struct with room for nf fields. Appending more
// fields than that is safe: the list is then copied elsewhere.
func (s *slab) newStruct(nf int) *Struct {
	if len(s.structs) == 0 {
		s.structs = layout.Take(&sharedStructs, s.pin, s.grow(1))
	}
	st := &s.structs[0]
	s.structs = s.structs[1:]
	st.Fields = s.fieldList(nf)
	return st
}

func (s *slab) fieldList(n int) []Field {
	if n == 0 {
		return []Field{} // empty, not nil, as make makes it
	}
	if n > slabMax/4 {
		return make([]Field, 0, n)
	}
	if len(s.fields) < n {
		s.fields = layout.Take(&sharedFields, s.pin, s.grow(n))
	}
	f := s.fields[:0:n]
	s.fields = s.fields[n:]
	return f
}

// array is an empty array with room for n elements, as fieldList.
func (s *slab) array(n int) []any {
	if n == 0 {
		return []any{} // an empty array is not a null one
	}
	if n > slabMax/4 {
		return make([]any, 0, n)
	}
	if len(s.anys) < n {
		s.anys = layout.Take(&sharedAnys, s.pin, s.grow(n))
	}
	a := s.anys[:0:n]
	s.anys = s.anys[n:]
	return a
}
