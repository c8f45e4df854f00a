package templates

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/brandkit"
)

func TestKitBuildsEveryAsset(t *testing.T) {
	k, err := NewKit()
	if err != nil {
		t.Fatal(err)
	}
	c := KitContent{Name: `Acme <script>alert(1)</script>`, Tagline: "Ships & sails", Pills: []string{"a<b", "c"},
		LogoURI: "javascript:alert(1)", Colors: brandgen.Colors{Primary: "#0f766e"}}
	for _, a := range brandkit.All() {
		for _, theme := range a.Themes {
			pg, err := k.Build(a, theme, c)
			if err != nil {
				t.Fatalf("%s %s: %v", a.ID, theme, err)
			}
			if pg.Width != a.W || pg.Height != a.H || pg.Transparent {
				t.Errorf("%s: page %dx%d transparent=%v", a.ID, pg.Width, pg.Height, pg.Transparent)
			}
			for _, bad := range []string{"<script>alert", "javascript:", "a<b"} {
				if strings.Contains(pg.HTML, bad) {
					t.Errorf("%s: unescaped %q in the page", a.ID, bad)
				}
			}
			if !strings.Contains(pg.HTML, `data-theme="`+string(theme)+`"`) || !strings.Contains(pg.HTML, "--sw:") {
				t.Errorf("%s: page lacks theme or safe-area variables", a.ID)
			}
			if a.Template != "avatar" && a.Template != "avatar-ring" && !strings.Contains(pg.HTML, "Acme &lt;script&gt;") {
				t.Errorf("%s: the name is not on the page", a.ID)
			}
		}
	}
}

func TestLangOf(t *testing.T) {
	for in, want := range map[string]string{"Acme": "en", "東京デザイン": "ja", "北京设计": "zh-Hans", "서울 디자인": "ko", "": "en", "Café Ω": "en"} {
		if got := langOf(in); got != want {
			t.Errorf("langOf(%q) = %s, want %s", in, got, want)
		}
	}
}
