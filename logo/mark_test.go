package logo

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func TestSubjectOf(t *testing.T) {
	for _, tc := range []struct{ prompt, want string }{
		{"a fox for a cybersecurity startup", "fox"},
		{"water drop purifier", "drop"}, // a motif's own name beats an earlier synonym
		{"Leaves & roots", "leaf"},
		{"organic grocery", "leaf"},
		{"secure payments", "shield"},
		{"Lightning-fast builds", "bolt"},
		{"Foxes", "fox"},
		{"Acme Corp", ""},
		{"", ""},
		{"東京", ""},
	} {
		if got := subjectOf(keywords(tc.prompt)); got != tc.want {
			t.Errorf("subjectOf(%q) = %q, want %q", tc.prompt, got, tc.want)
		}
	}
}

// checkSVG parses doc as XML and fails on any element that could draw text or load something.
func checkSVG(t *testing.T, name, doc string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	elements := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed: %v\n%s", name, err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok {
			elements++
			switch se.Name.Local {
			case "text", "tspan", "textPath", "font", "image", "use", "foreignObject", "script", "style":
				t.Errorf("%s: has a <%s> element", name, se.Name.Local)
			}
		}
		if cd, ok := tok.(xml.CharData); ok && strings.TrimSpace(string(cd)) != "" {
			t.Errorf("%s: has character data %q", name, cd)
		}
	}
	if elements < 3 {
		t.Errorf("%s: only %d elements", name, elements)
	}
}

func TestMarkEveryMotif(t *testing.T) {
	for name := range motifs {
		for _, variant := range []string{name, name + " studio", "the " + name + " company", name + " labs inc"} {
			checkSVG(t, variant, Mark(variant, "#0f766e", "#fb7185"))
		}
	}
	for _, p := range []string{"Acme Corp", "Zenith", "Orbital Dynamics", "Helix", "Quanta Studio", "株式会社", "x", "42"} {
		checkSVG(t, p, Mark(p, "", ""))
	}
}

func TestMarkDeterministicAndBranded(t *testing.T) {
	a := Mark("a fox for a cybersecurity startup", "#e4572e", "#17bebb")
	if b := Mark("A fox for a   cybersecurity startup!", "#e4572e", "#17bebb"); a != b {
		t.Error("the same words gave different marks")
	}
	if b := Mark("a fox for a bakery", "#e4572e", "#17bebb"); a == b {
		t.Error("different prompts gave the same mark")
	}
	if b := Mark("a fox for a cybersecurity startup", "#2648ff", "#17bebb"); a == b {
		t.Error("other brand colours gave the same mark")
	}
	// The colours come from the brand: its secondary as is (a rocket's fins and flame), the primary
	// in its tonal gradient.
	if !strings.Contains(Mark("rocket", "#e4572e", "#17bebb"), "#17bebb") {
		t.Error("the secondary colour is not used")
	}
	if def := Mark("rocket", "", ""); !strings.Contains(def, DefaultSecondary) {
		t.Error("without brand colours the default secondary is not used")
	}
}
