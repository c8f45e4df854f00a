package handlers

import (
	"encoding/base64"
	"encoding/json"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/brandkit"
	"github.com/brandgen/brandgen/db/dbtest"
)

// testLogoSVG is a saved brand logo for brand-kit renders.
const testLogoSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="5" y="5" width="90" height="90" rx="24" fill="#0f766e"/><circle cx="50" cy="50" r="22" fill="#fff"/></svg>`

func saveTestBrand(t *testing.T, e *env, key string, b map[string]any) {
	t.Helper()
	if r := e.do("POST", "/api/v1/brand", key, b); r.status != 200 {
		t.Fatalf("save brand: %d %s", r.status, r.body)
	}
}

func TestBrandkitCatalog(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		r := e.do("GET", "/api/v1/brandkit", e.freeKey, nil)
		if r.status != 200 {
			t.Fatalf("GET /brandkit: %d %s", r.status, r.body)
		}
		var body struct {
			Assets []struct {
				ID, Group, Title string
				W, H             int
			} `json:"assets"`
		}
		decodeJSON(t, r.body, &body)
		want := map[string][2]int{
			"linkedin-banner": {1584, 396}, "linkedin-company-cover": {1128, 191}, "x-header": {1500, 500},
			"youtube-channel-art": {2560, 1440}, "facebook-cover": {851, 315}, "profile-picture": {400, 400},
			"logo-card-square": {1080, 1080}, "logo-card-landscape": {1920, 1080}, "meeting-background-light": {1920, 1080},
			"meeting-background-dark": {1920, 1080}, "email-signature": {600, 200}, "og-image": {1200, 630},
		}
		seen := map[string]bool{}
		for _, a := range body.Assets {
			if seen[a.ID] || a.Group == "" || a.Title == "" || a.W < 1 || a.H < 1 {
				t.Errorf("bad or duplicate entry %+v", a)
			}
			seen[a.ID] = true
			if wh, ok := want[a.ID]; ok && (wh[0] != a.W || wh[1] != a.H) {
				t.Errorf("%s is %dx%d, want %dx%d", a.ID, a.W, a.H, wh[0], wh[1])
			}
		}
		for id := range want {
			if !seen[id] {
				t.Errorf("catalog lacks %s", id)
			}
		}
		if r := e.do("GET", "/api/v1/brandkit", "", nil); r.status != 401 {
			t.Errorf("without a key: %d", r.status)
		}
	})
}

// TestBrandkitRender: every asset renders from the saved brand for a free-plan key, at its exact
// size, deterministically; bad requests name their fields.
func TestBrandkitRender(t *testing.T) {
	backends(t, func(t *testing.T, e *env) {
		saveTestBrand(t, e, e.freeKey, map[string]any{"name": "Aurora Health", "handle": "@aurora", "tagline": "Care that follows you home",
			"colors": map[string]any{"primary": "#0f766e", "secondary": "#fb7185"},
			"logo":   "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(testLogoSVG))})
		for _, a := range brandkit.All() {
			r := e.do("POST", "/api/v1/brandkit/render", e.freeKey, map[string]any{"id": a.ID, "theme": "dark",
				"pills": []string{"Telehealth", "Clinics", "24/7"}})
			if r.status != 200 {
				t.Fatalf("%s: %d %s", a.ID, r.status, r.body)
			}
			m := r.json(t)
			if m["id"] != a.ID || m["title"] != a.Title || m["width"] != float64(a.W) || m["height"] != float64(a.H) {
				t.Errorf("%s: response %v %v %v %v", a.ID, m["id"], m["title"], m["width"], m["height"])
			}
			if b := decodePNG(t, m["image"].(string)).Bounds(); b.Dx() != a.W || b.Dy() != a.H {
				t.Errorf("%s: PNG is %dx%d, want %dx%d", a.ID, b.Dx(), b.Dy(), a.W, a.H)
			}
		}

		body := map[string]any{"id": "linkedin-banner", "tagline": "Same input, same bytes", "pills": []string{"a", "b"}}
		first := e.do("POST", "/api/v1/brandkit/render", e.freeKey, body).json(t)["image"]
		second := e.do("POST", "/api/v1/brandkit/render", e.freeKey, body).json(t)["image"]
		if first != second {
			t.Error("two renders of the same input differ")
		}
		body["tagline"] = "Another tagline"
		if other := e.do("POST", "/api/v1/brandkit/render", e.freeKey, body).json(t)["image"]; other == first {
			t.Error("the tagline override changed nothing")
		}

		eleven := make([]string, 11)
		for i := range eleven {
			eleven[i] = "pill"
		}
		long := []string{"a", "b", "c", strings.Repeat("x", brandkit.MaxPillRunes+1)}
		for _, tc := range []struct {
			body   any
			code   string
			fields []string
		}{
			{map[string]any{"id": "og-image", "pills": eleven}, "validation_error", []string{"pills"}},
			{map[string]any{"id": "og-image", "pills": long}, "validation_error", []string{"pills[3]"}},
			{map[string]any{"id": "og-image", "pills": []string{"ok", " "}}, "validation_error", []string{"pills[1]"}},
			{map[string]any{"id": "og-image", "pills": "one"}, "validation_error", []string{"pills"}},
			{map[string]any{"id": "og-image", "theme": "blue", "tagline": strings.Repeat("t", 141)}, "validation_error", []string{"tagline", "theme"}},
			{map[string]any{}, "validation_error", []string{"id"}},
			{map[string]any{"id": "nope"}, "unknown_asset", nil},
			{map[string]any{"id": "nope", "theme": "blue"}, "validation_error", []string{"id", "theme"}},
			{"[1,2]", "validation_error", []string{"body"}},
		} {
			r := e.do("POST", "/api/v1/brandkit/render", e.freeKey, tc.body)
			if got := r.envelope(t, 400, tc.code); strings.Join(got, ",") != strings.Join(tc.fields, ",") {
				t.Errorf("%v: issues %v, want %v", tc.body, got, tc.fields)
			}
		}
		if r := e.do("POST", "/api/v1/brandkit/render", "", map[string]any{"id": "og-image"}); r.status != 401 {
			t.Errorf("without a key: %d", r.status)
		}

		// No brand saved: the default mark and placeholders.
		r := e.do("POST", "/api/v1/brandkit/render", e.devKey, map[string]any{"id": "og-image"})
		if r.status != 200 {
			t.Fatalf("no saved brand: %d %s", r.status, r.body)
		}
		decodePNG(t, r.json(t)["image"].(string))
	})
}

// TestBrandkitSafeAreas renders each asset for two different brands and texts: every pixel that
// changes lies inside the asset's safe area (inside its circle for round-cropped pictures).
func TestBrandkitSafeAreas(t *testing.T) {
	e := newEnv(t, envOptions{store: dbtest.SQLite(t)})
	render := func(name, tagline string, pills []string, id string) image.Image {
		saveTestBrand(t, e, e.freeKey, map[string]any{"name": name, "colors": map[string]any{"primary": "#4f46e5", "secondary": "#f59e0b"}})
		r := e.do("POST", "/api/v1/brandkit/render", e.freeKey, map[string]any{"id": id, "tagline": tagline, "pills": pills})
		if r.status != 200 {
			t.Fatalf("%s: %d %s", id, r.status, r.body)
		}
		return decodePNG(t, r.json(t)["image"].(string))
	}
	for _, a := range brandkit.All() {
		a1 := render("Northwind Labs", "Data tools for teams that ship", []string{"Analytics", "Open source"}, a.ID)
		a2 := render("The International Federation of Independent Coffee Roasters", strings.Repeat("Roasting better coffee together, ", 5)[:140],
			[]string{"Specialty coffee", "Direct trade", "Roasting", "Barista training", "Sustainability", "Cupping", "Events", "Research", "Community", "Equipment"}, a.ID)
		box, n := diffBox(a1, a2)
		if n == 0 {
			t.Errorf("%s: the two brands render the same", a.ID)
			continue
		}
		safe := image.Rect(a.Safe.X, a.Safe.Y, a.Safe.X+a.Safe.W, a.Safe.Y+a.Safe.H).Inset(-2)
		if !box.In(safe) {
			t.Errorf("%s: text and logo reach %v, outside the safe area %v", a.ID, box, safe)
		}
		if a.Round {
			cx, cy, r := float64(a.W)/2, float64(a.H)/2, float64(min(a.W, a.H))/2
			if far := farthestChange(a1, a2, cx, cy); far > r*0.8 {
				t.Errorf("%s: content reaches %.0f px from the centre, past 80%% of the circle (%.0f)", a.ID, far, r)
			}
		}
	}
}

// eachChange calls f with every pixel where a and b differ visibly.
func eachChange(a, b image.Image, f func(x, y int)) {
	bd := a.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if absDiff(r1, r2) > 2048 || absDiff(g1, g2) > 2048 || absDiff(b1, b2) > 2048 {
				f(x, y)
			}
		}
	}
}

// diffBox is the bounding box of the pixels that differ between a and b, and how many do.
func diffBox(a, b image.Image) (image.Rectangle, int) {
	var box image.Rectangle
	n := 0
	eachChange(a, b, func(x, y int) {
		box = box.Union(image.Rect(x, y, x+1, y+1))
		n++
	})
	return box, n
}

// farthestChange is the distance from (cx, cy) of the farthest pixel that differs.
func farthestChange(a, b image.Image, cx, cy float64) float64 {
	far := 0.0
	eachChange(a, b, func(x, y int) {
		dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
		far = max(far, dx*dx+dy*dy)
	})
	return math.Sqrt(far)
}

func decodeJSON(t *testing.T, raw []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("decode %.200s: %v", raw, err)
	}
}
