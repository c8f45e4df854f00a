package branding

import (
	"context"
	"encoding/base64"
	"reflect"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

func TestMerge(t *testing.T) {
	saved := &brandgen.Brand{
		Name: "Acme", Handle: "@acme", Logo: "https://cdn.example.com/acme.png", Tagline: "Rockets",
		Colors: &brandgen.Colors{Primary: "#111111", Secondary: "#222222"},
	}
	tests := []struct {
		name           string
		perCall, saved *brandgen.Brand
		want           brandgen.Brand
	}{
		{"both nil", nil, nil, brandgen.Brand{}},
		{"saved only", nil, saved, *saved},
		{"per-call only", &brandgen.Brand{Name: "Beta"}, nil, brandgen.Brand{Name: "Beta"}},
		{"per-call fields override one by one", &brandgen.Brand{Name: "Beta", Colors: &brandgen.Colors{Secondary: "#333"}}, saved,
			brandgen.Brand{Name: "Beta", Handle: "@acme", Logo: "https://cdn.example.com/acme.png", Tagline: "Rockets",
				Colors: &brandgen.Colors{Primary: "#111111", Secondary: "#333"}}},
		{"empty per-call colors keep saved", &brandgen.Brand{Colors: &brandgen.Colors{}}, saved, *saved},
		{"zero colours stay nil", &brandgen.Brand{Colors: &brandgen.Colors{}}, &brandgen.Brand{Name: "X"}, brandgen.Brand{Name: "X"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Merge(tt.perCall, tt.saved)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Merge = %+v (colors %+v), want %+v", got, got.Colors, tt.want)
			}
		})
	}
	got := Merge(nil, saved)
	got.Colors.Primary = "#000"
	if saved.Colors.Primary != "#111111" {
		t.Fatal("Merge result aliases the saved colours")
	}
}

func TestResolve(t *testing.T) {
	r := NewResolver(ResolverOptions{})
	png := pngBytes(t, 16, 16)
	pngURI := dataURI("image/png", png)
	colors := &brandgen.Colors{Primary: "#ff5500", Secondary: "#0055ff"}
	tests := []struct {
		name           string
		perCall, saved *brandgen.Brand
		unbranded      bool
		want           brandgen.Badge
	}{
		{"no brand ever set", nil, nil, false, brandgen.Badge{
			Show: true, Default: true, Name: "brandgen", LogoURI: DefaultMarkURI()}},
		{"zero brands", &brandgen.Brand{}, &brandgen.Brand{Colors: &brandgen.Colors{}}, false, brandgen.Badge{
			Show: true, Default: true, Name: "brandgen", LogoURI: DefaultMarkURI()}},
		{"colours only keep the default mark with the colours", nil, &brandgen.Brand{Colors: colors}, false, brandgen.Badge{
			Show: true, Default: true, Name: "brandgen", LogoURI: DefaultMarkURI(), Colors: *colors}},
		{"saved brand", nil, &brandgen.Brand{Name: "Acme", Handle: "@acme", Logo: pngURI, Colors: colors, Tagline: "Go"}, false, brandgen.Badge{
			Show: true, Name: "Acme", Handle: "@acme", LogoURI: pngURI, Colors: *colors, Tagline: "Go"}},
		{"per-call name over saved logo", &brandgen.Brand{Name: "Beta"}, &brandgen.Brand{Name: "Acme", Logo: pngURI}, false, brandgen.Badge{
			Show: true, Name: "Beta", LogoURI: pngURI}},
		{"name without logo", &brandgen.Brand{Name: "Solo"}, nil, false, brandgen.Badge{Show: true, Name: "Solo"}},
		{"unbranded keeps colours only", &brandgen.Brand{Name: "Beta", Logo: "https://unreachable.invalid/x.png"},
			&brandgen.Brand{Colors: colors}, true, brandgen.Badge{Show: false, Colors: *colors}},
		{"unbranded with no brand", nil, nil, true, brandgen.Badge{Show: false}},
		{"lower-case data URI canonicalized", &brandgen.Brand{Name: "A", Logo: "DATA:image/PNG;BASE64," + base64.StdEncoding.EncodeToString(png)}, nil, false,
			brandgen.Badge{Show: true, Name: "A", LogoURI: pngURI}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := r.Resolve(context.Background(), tt.perCall, tt.saved, tt.unbranded)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("badge = %+v\nwant    %+v", shortBadge(got), shortBadge(tt.want))
			}
		})
	}
}

func shortBadge(b brandgen.Badge) brandgen.Badge {
	if len(b.LogoURI) > 40 {
		b.LogoURI = b.LogoURI[:40] + "..."
	}
	return b
}

func TestResolveInvalid(t *testing.T) {
	r := NewResolver(ResolverOptions{})
	tests := []struct {
		name           string
		perCall, saved *brandgen.Brand
		field, msg     string
	}{
		{"saved colour broken", nil, &brandgen.Brand{Colors: &brandgen.Colors{Primary: "red"}}, "brand.colors.primary", "hex"},
		{"svg with script", &brandgen.Brand{Logo: dataURI("image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>`))}, nil, "brand.logo", "event handler"},
		{"http logo", &brandgen.Brand{Logo: "http://example.com/a.png"}, nil, "brand.logo", "https"},
		{"metadata address refused", &brandgen.Brand{Logo: "https://169.254.169.254/latest/meta-data"}, nil, "brand.logo", "private address not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := r.Resolve(context.Background(), tt.perCall, tt.saved, false)
			e, ok := brandgen.AsError(err)
			if !ok || e.Code != brandgen.CodeValidation {
				t.Fatalf("err = %v, want a validation_error", err)
			}
			if len(e.Issues) != 1 || e.Issues[0].Field != tt.field || !strings.Contains(e.Issues[0].Message, tt.msg) {
				t.Fatalf("issues = %v, want one on %s containing %q", e.Issues, tt.field, tt.msg)
			}
		})
	}
}

func TestDefaultMark(t *testing.T) {
	uri := DefaultMarkURI()
	got, err := parseDataURI(uri, MaxLogoBytes)
	if err != nil {
		t.Fatalf("default mark fails the logo rules: %v", err)
	}
	if got != uri {
		t.Fatal("default mark URI is not canonical")
	}
	if !strings.HasPrefix(uri, "data:image/svg+xml;base64,") || len(uri) > 2048 {
		t.Fatalf("default mark URI %d bytes: %.40s", len(uri), uri)
	}
	if string(DefaultMarkSVG()) != defaultMarkSVG {
		t.Fatal("DefaultMarkSVG differs")
	}
}
