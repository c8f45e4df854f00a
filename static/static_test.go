package static

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// Every font css/fonts.css references is embedded, is WOFF2, and every shipped font is referenced.
func TestFontsCSSMatchesFiles(t *testing.T) {
	css := FontsCSS()
	refs := regexp.MustCompile(`url\('([^']+)'\)`).FindAllStringSubmatch(css, -1)
	if len(refs) < 10 {
		t.Fatalf("fonts.css references %d fonts, want >= 10", len(refs))
	}
	seen := map[string]bool{}
	for _, r := range refs {
		u := r[1]
		if !strings.HasPrefix(u, Origin) {
			t.Errorf("font url %q is not under %s", u, Origin)
			continue
		}
		p := strings.TrimPrefix(u, Origin)
		b, err := fs.ReadFile(FS, p)
		if err != nil {
			t.Errorf("font %s: %v", p, err)
			continue
		}
		if string(b[:4]) != "wOF2" {
			t.Errorf("font %s: signature %q, want wOF2", p, b[:4])
		}
		seen[p] = true
	}
	fonts, _ := fs.Glob(FS, "fonts/*.woff2")
	for _, f := range fonts {
		if !seen[f] {
			t.Errorf("%s is shipped but not referenced by fonts.css", f)
		}
	}
}

// Each font package's licence ships beside its fonts, and the whole tree stays under 15 MB.
func TestLicencesAndSize(t *testing.T) {
	for _, pkg := range []string{"fonts-inter", "fonts-jetbrains-mono", "fonts-ebgaramond", "fonts-noto-color-emoji"} {
		b, err := fs.ReadFile(FS, "fonts/LICENSE-"+pkg+".txt")
		if err != nil || !strings.Contains(string(b), "License") {
			t.Errorf("licence of %s missing or empty: %v", pkg, err)
		}
	}
	var total, vendor int64
	err := fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if strings.HasPrefix(p, "vendor/") {
			vendor += info.Size()
			return nil
		}
		total += info.Size()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total > 15<<20 {
		t.Errorf("static tree is %d bytes, want < 15 MB", total)
	}
	// Vendored scripts (mermaid) have their own budget.
	if vendor > 8<<20 {
		t.Errorf("static/vendor is %d bytes, want < 8 MB", vendor)
	}
	t.Logf("static tree: %.1f MB, vendor %.1f MB", float64(total)/(1<<20), float64(vendor)/(1<<20))
}
