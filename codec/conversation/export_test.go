package conversation

// WithMaxFrames is o with a bound on frames smaller than MaxFrames, for
// tests that would otherwise need millions of frames.
func WithMaxFrames(o Options, n int) Options {
	o.maxFrames = n
	return o
}
