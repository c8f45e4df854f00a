package posts

// Sample is realistic content for a format, used by contact sheets, overflow tests and docs.
type Sample struct {
	Name    string // "short", "long", "emoji", "cjk", ...
	Layout  string // optional layout hint
	Content any    // a value of the format's content type
}

var samples = map[string][]Sample{}

// addSamples registers samples for a format (called from init in samples_*.go).
func addSamples(format string, s ...Sample) { samples[format] = append(samples[format], s...) }

// Samples returns the samples of a format: the first is the typical one; one named "long" fills
// every field to its limits.
func Samples(format string) []Sample { return samples[format] }
