package rules

import (
	"testing"

	"github.com/brandgen/brandgen"
)

func TestDisplayOnly(t *testing.T) {
	cases := []struct {
		in    string
		ok    bool
		theme brandgen.Theme
	}{
		{"make it dark", true, brandgen.ThemeDark},
		{"please use a light theme.", true, brandgen.ThemeLight},
		{"switch to dark mode and make it landscape", true, brandgen.ThemeDark},
		{"add Redis between API and Postgres", false, ""},
		{"make it dark and remove the CDN", false, ""},
		{"", false, ""},
	}
	for _, c := range cases {
		d, note, ok := DisplayOnly(c.in)
		if ok != c.ok || d.Theme != c.theme || (ok && note == "") {
			t.Errorf("DisplayOnly(%q) = %+v, %q, %v; want ok %v theme %q", c.in, d, note, ok, c.ok, c.theme)
		}
	}
}
