package brandkit

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

func TestCatalog(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range All() {
		if seen[a.ID] {
			t.Errorf("duplicate id %s", a.ID)
		}
		seen[a.ID] = true
		if a.Group == "" || a.Title == "" || a.Template == "" || len(a.Themes) == 0 {
			t.Errorf("%s: incomplete %+v", a.ID, a)
		}
		if a.W < 1 || a.H < 1 || a.W > 4096 || a.H > 4096 || a.W*a.H > 4096*4096/2 {
			t.Errorf("%s: %dx%d is outside the renderer's limits", a.ID, a.W, a.H)
		}
		s := a.Safe
		if s.X < 0 || s.Y < 0 || s.W < 1 || s.H < 1 || s.X+s.W > a.W || s.Y+s.H > a.H {
			t.Errorf("%s: safe area %+v outside %dx%d", a.ID, s, a.W, a.H)
		}
		if a.Pills > MaxPills {
			t.Errorf("%s: shows %d pills", a.ID, a.Pills)
		}
	}
	yt, _ := Lookup("youtube-channel-art")
	if yt.Safe != (Rect{X: (2560 - 1546) / 2, Y: (1440 - 423) / 2, W: 1546, H: 423}) {
		t.Errorf("YouTube safe area %+v, want the 1546x423 centre", yt.Safe)
	}
}

func TestCheck(t *testing.T) {
	pills := func(n int, s string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = s
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		req    Request
		code   brandgen.Code
		fields string
	}{
		{"minimal", Request{ID: "og-image"}, "", ""},
		{"ten pills", Request{ID: "og-image", Pills: pills(10, "Go")}, "", ""},
		{"eleven pills", Request{ID: "og-image", Pills: pills(11, "Go")}, brandgen.CodeValidation, "pills"},
		{"long pill", Request{ID: "og-image", Pills: []string{"a", "b", "c", strings.Repeat("é", MaxPillRunes+1)}}, brandgen.CodeValidation, "pills[3]"},
		{"blank pill", Request{ID: "og-image", Pills: []string{"  "}}, brandgen.CodeValidation, "pills[0]"},
		{"no id", Request{}, brandgen.CodeValidation, "id"},
		{"unknown id", Request{ID: "tiktok"}, brandgen.CodeUnknownAsset, ""},
		{"unknown id and bad theme", Request{ID: "tiktok", Theme: "sepia"}, brandgen.CodeValidation, "theme,id"},
		{"long tagline", Request{ID: "og-image", Tagline: strings.Repeat("t", MaxTagline+1)}, brandgen.CodeValidation, "tagline"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Check(tc.req)
			if tc.code == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			e, ok := brandgen.AsError(err)
			if !ok || e.Code != tc.code {
				t.Fatalf("err = %v, want code %s", err, tc.code)
			}
			var fields []string
			for _, is := range e.Issues {
				fields = append(fields, is.Field)
			}
			if strings.Join(fields, ",") != tc.fields {
				t.Errorf("issues %v, want %s", fields, tc.fields)
			}
		})
	}
}

func TestCheckAppliesSupport(t *testing.T) {
	s, err := Check(Request{ID: "meeting-background-dark", Theme: brandgen.ThemeLight, Pills: []string{"a"}})
	if err != nil || s.Theme != brandgen.ThemeDark {
		t.Errorf("meeting-background-dark drawn %s (%v), want dark", s.Theme, err)
	}
	s, err = Check(Request{ID: "profile-picture", Theme: brandgen.ThemeDark, Pills: []string{"a", "b"}, Tagline: "  hi  "})
	if err != nil || s.Theme != brandgen.ThemeDark || len(s.Pills) != 0 || s.Tagline != "hi" {
		t.Errorf("profile-picture spec %+v (%v)", s, err)
	}
	s, _ = Check(Request{ID: "facebook-cover", Pills: []string{"1", "2", "3", "4", "5", "6", "7", "8"}})
	if len(s.Pills) != 6 {
		t.Errorf("facebook-cover keeps %d pills, want 6", len(s.Pills))
	}
}
