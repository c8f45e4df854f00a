package arch

import (
	"encoding/xml"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

// svgElem is an element of a drawing with its attributes and the text inside it.
type svgElem struct {
	name  string
	attrs map[string]string
	text  string
}

// marked parses a drawing and returns its elements carrying reveal marks.
func marked(t *testing.T, svg string) []svgElem {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(svg))
	var stack []*svgElem
	var out []*svgElem
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			e := &svgElem{name: tk.Name.Local, attrs: map[string]string{}}
			for _, a := range tk.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			stack = append(stack, e)
			if _, ok := e.attrs["data-order"]; ok {
				out = append(out, e)
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			for _, e := range stack {
				if _, ok := e.attrs["data-order"]; ok {
					e.text += string(tk)
				}
			}
		}
	}
	res := make([]svgElem, len(out))
	for i, e := range out {
		res[i] = *e
	}
	return res
}

func TestRevealMarks(t *testing.T) {
	smp := Samples()[1] // groups
	d, err := Draw(smp.Graph, Options{Title: smp.Title})
	if err != nil {
		t.Fatal(err)
	}
	els := marked(t, d.SVG)
	order := map[string]int{}
	var groups, nodes, edges int
	for _, e := range els {
		n, err := strconv.Atoi(e.attrs["data-order"])
		if err != nil {
			t.Fatalf("data-order %q", e.attrs["data-order"])
		}
		switch {
		case e.attrs["data-group"] != "":
			groups++
			if n >= len(smp.Graph.Groups) {
				t.Errorf("group %s at step %d: groups come first", e.attrs["data-group"], n)
			}
		case e.attrs["data-node"] != "":
			nodes++
			order[e.attrs["data-node"]] = n
		case e.attrs["data-edge"] != "":
			edges++
		}
	}
	if groups != len(smp.Graph.Groups) || nodes != len(smp.Graph.Nodes) || edges != len(smp.Graph.Edges) {
		t.Fatalf("marked %d groups, %d nodes, %d edges", groups, nodes, edges)
	}
	seen := map[int]bool{}
	for _, n := range order {
		if seen[n] {
			t.Errorf("two nodes at step %d", n)
		}
		seen[n] = true
	}
	if order["users"] != len(smp.Graph.Groups) {
		t.Errorf("the entry node is revealed at %d, want %d", order["users"], len(smp.Graph.Groups))
	}
	for _, e := range els {
		if e.attrs["data-edge"] == "" {
			continue
		}
		from, to := e.attrs["data-from"], e.attrs["data-to"]
		if e.attrs["data-edge"] != from+"->"+to {
			t.Errorf("data-edge %q, from %q to %q", e.attrs["data-edge"], from, to)
		}
		n, _ := strconv.Atoi(e.attrs["data-order"])
		if n != max(order[from], order[to]) {
			t.Errorf("edge %s at step %d, want %d", e.attrs["data-edge"], n, max(order[from], order[to]))
		}
	}
	// Each edge's label is inside its edge element.
	for _, e := range els {
		if e.attrs["data-edge"] == "users->cdn" && !strings.Contains(e.text, "HTTPS") {
			t.Errorf("the label of users->cdn is not inside its element: %q", e.text)
		}
	}
	if got := FlowOrder(smp.Graph); got[0] != "users" || got[1] != "cdn" {
		t.Errorf("flow order %v", got)
	}
}

var fontSizeRe = regexp.MustCompile(`font-size="([\d.]+)"`)

// TestDrawEveryLook draws every sample in every style, theme, node style and size: well-formed,
// marked, the concrete size reported, auto portrait or landscape, and text at 18 px or more
// except on the dense sample forced into a small canvas.
func TestDrawEveryLook(t *testing.T) {
	sizes := append([]brandgen.Size{brandgen.SizeAuto}, brandgen.Sizes...)
	for _, smp := range Samples() {
		for _, style := range brandgen.Styles {
			for _, theme := range brandgen.Themes {
				for _, ns := range NodeStyles {
					for _, size := range sizes {
						for _, transparent := range []bool{false, true} {
							// Theme and transparency do not move the layout: the dark and transparent
							// drawings are checked at auto size, the dense graph at auto only.
							if (transparent || theme == brandgen.ThemeDark || smp.Name == "dense") && size != brandgen.SizeAuto {
								continue
							}
							if transparent && ns != NodeStructured {
								continue
							}
							o := Options{Look: brandgen.Look{Size: size, Theme: theme, Style: style}, NodeStyle: ns, Title: smp.Title,
								Transparent: transparent, Badge: brandgen.Badge{Show: true, Name: "Northwind", Default: true}}
							d, err := Draw(smp.Graph, o)
							if err != nil {
								t.Fatalf("%s %s %s %s %s: %v", smp.Name, style, theme, ns, size, err)
							}
							w, h := d.Size.Pixels()
							if d.Width != w || d.Height != h || !d.Size.Valid() {
								t.Errorf("%s %s: size %s %dx%d", smp.Name, size, d.Size, d.Width, d.Height)
							}
							if size == brandgen.SizeAuto && d.Size != brandgen.SizePortrait && d.Size != brandgen.SizeLandscape {
								t.Errorf("auto chose %s", d.Size)
							}
							if size != brandgen.SizeAuto && d.Size != size {
								t.Errorf("asked %s, drew %s", size, d.Size)
							}
							if len(marked(t, d.SVG)) != len(smp.Graph.Nodes)+len(smp.Graph.Edges)+len(smp.Graph.Groups) {
								t.Errorf("%s: marks missing", smp.Name)
							}
							if transparent && strings.Contains(d.SVG, `<rect width="`+strconv.Itoa(w)) {
								t.Errorf("%s %s: transparent drawing paints a background", smp.Name, style)
							}
							if smp.Name == "dense" {
								continue
							}
							mn := math.Inf(1)
							for _, m := range fontSizeRe.FindAllStringSubmatch(d.SVG, -1) {
								v, _ := strconv.ParseFloat(m[1], 64)
								mn = math.Min(mn, v)
							}
							if mn < 16.5 {
								t.Errorf("%s %s %s %s %s: text at %.1f px", smp.Name, style, theme, ns, size, mn)
							}
						}
					}
				}
			}
		}
	}
}

// TestDenseAutoLegible: the 36-node sample in auto size keeps its text at the floor or above.
func TestDenseAutoLegible(t *testing.T) {
	d, err := Draw(denseSample(), Options{Title: "Commerce platform"})
	if err != nil {
		t.Fatal(err)
	}
	mn := math.Inf(1)
	for _, m := range fontSizeRe.FindAllStringSubmatch(d.SVG, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		mn = math.Min(mn, v)
	}
	if mn < minText {
		t.Errorf("dense auto: text at %.1f px", mn)
	}
}

func TestDrawRejectsBadInput(t *testing.T) {
	if _, err := Draw(Graph{}, Options{}); err == nil {
		t.Error("empty graph drawn")
	}
	g := Samples()[0].Graph
	for _, o := range []Options{{NodeStyle: "bubbles"}, {Look: brandgen.Look{Size: "poster"}}, {Look: brandgen.Look{Style: "neon"}}} {
		if _, err := Draw(g, o); err == nil {
			t.Errorf("%+v drawn", o)
		}
	}
}
