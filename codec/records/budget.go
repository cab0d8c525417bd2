package records

import "strconv"

// What one frame may cost to decode. A few kilobytes of compressed records
// can expand to millions of records, and each record to a dozen layout
// nodes; these bounds keep the decode of any frame to a few hundred MiB
// while real traffic (brokers take requests of about 1 MiB by default) stays
// far inside them.
const (
	// MaxFrameDecompressed bounds the bytes all compressed batches and legacy
	// wrappers of one frame decompress to together.
	MaxFrameDecompressed = 64 << 20
	// MaxRecords bounds the records, record headers and legacy messages one
	// frame decodes (a record costs about 100 bytes of memory, a header 50).
	MaxRecords = 500_000
	// MaxNodes bounds the layout nodes one frame's decode builds (about 200
	// bytes each), and those one lazy node builds when it is opened.
	MaxNodes = 500_000
)

// Budget is what is left of one frame's bounds while it decodes. The
// decodes of every records field of a frame share one (through
// Options.Budget), so a frame of eight batches costs what one batch may,
// not eight times that. Once a part is spent, decoding stops where it is
// with an error that says which bound stopped it; what decoded before stays.
type Budget struct {
	Decompressed int // bytes compressed records may still decompress to
	Records      int // records, record headers and legacy messages still to decode
	Nodes        int // layout nodes still to build
}

// NewBudget is the full budget of one frame.
func NewBudget() *Budget {
	return &Budget{Decompressed: MaxFrameDecompressed, Records: MaxRecords, Nodes: MaxNodes}
}

// Spend counts n layout nodes built. A nil budget has no bounds.
func (b *Budget) Spend(nodes int) {
	if b != nil {
		b.Nodes -= nodes
	}
}

// NodesSpent says why no more nodes may be built, or "" while some may.
func (b *Budget) NodesSpent() string {
	if b == nil || b.Nodes > 0 {
		return ""
	}
	return "decoding stopped here: the frame's budget of " + strconv.Itoa(MaxNodes) + " layout nodes is spent"
}

// recordsSpent says why no more records may be decoded, or "" while some may.
func (b *Budget) recordsSpent() string {
	if b.Records > 0 {
		return ""
	}
	return "decoding stopped here: the frame's budget of " + strconv.Itoa(MaxRecords) + " records and headers is spent"
}

// spent says why decoding must stop before the next record or message, or "".
func (b *Budget) spent() string {
	if why := b.NodesSpent(); why != "" {
		return why
	}
	return b.recordsSpent()
}

// decompressLimit is what the next decompression may yield: the caller's
// bound for one batch, or what is left of the frame's, whichever is less.
// frameBound reports that the frame's budget is the smaller.
func (d *decoder) decompressLimit() (limit int, frameBound bool) {
	limit = d.opts.maxDecompressed()
	if left := max(d.budget.Decompressed, 0); left < limit {
		return left, true
	}
	return limit, false
}

// frameSpentText says that a decompression passed what is left of the frame's budget.
func frameSpentText(left int) string {
	return "decompresses to more than the " + strconv.Itoa(left) + " bytes left of the frame's budget of " +
		strconv.Itoa(MaxFrameDecompressed>>20) + " MiB decompressed for all its batches"
}
