package templates

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

// A code slide's short snippet is set large enough to fill its window (up to the third heading
// under a title, the second alone), growing by wrapping its longest lines; a long snippet stays
// at most the lead size and never under the floor (24 px at 1080 px).
func TestCodeViewSlideSizes(t *testing.T) {
	long := strings.Repeat("x := compute(alpha, beta, gamma, delta, epsilon)\n", 30)
	cases := []struct {
		name, code, title string
		size              brandgen.Size
		atLeast, atMost   func(TypeScale) int
	}{
		{"one line alone", "go test -race ./...", "", brandgen.SizePortrait,
			func(t TypeScale) int { return t.H3 }, func(t TypeScale) int { return t.H2 }},
		{"three long lines, titled", "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)\ndefer cancel()\nrows, err := db.QueryContext(ctx, q)",
			"Use context for timeouts", brandgen.SizePortrait,
			func(t TypeScale) int { return t.Body + 2 }, func(t TypeScale) int { return t.H3 }},
		{"seven short lines, titled", "on:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    needs: test\n    runs-on: ubuntu-latest",
			"Deploy on green only", brandgen.SizeSquare,
			func(t TypeScale) int { return t.Lead + 1 }, func(t TypeScale) int { return t.H3 }},
		{"long", long, "Title", brandgen.SizePortrait,
			func(t TypeScale) int { return 24 }, func(t TypeScale) int { return t.Lead }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: c.size}, Badge: brandgen.Badge{Show: true}}).SlideArea()
			v := codeView(d, c.code, "go", c.title, "")
			if lo, hi := c.atLeast(d.M.Type), c.atMost(d.M.Type); v.FontSize < lo || v.FontSize > hi {
				t.Errorf("font %d px, want %d..%d", v.FontSize, lo, hi)
			}
		})
	}
}

// A short snippet on a code slide grows on to the caption's size (top) while every line wraps into
// two rows at most and the rows fit the height.
func TestHeroCodeSize(t *testing.T) {
	ctx := "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)"
	cases := []struct {
		name      string
		lines     []string
		size, top float64
		availH    float64
		want      float64
	}{
		{"short lines grow to the top", []string{"a := 1", "return a"}, 30, 38, 1000, 38},
		{"a line that would wrap into three rows stops it", []string{ctx, "defer cancel()"}, 30, 38, 1000, 33},
		{"rows that overrun the height stop it", make([]string, 10), 30, 38, 10 * 35 * codeLeading, 35},
		{"already at the top", []string{"a := 1"}, 38, 38, 1000, 38},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := heroCodeSize(c.lines, c.size, c.top, 852, c.availH, 3, codeLeading); got != c.want {
				t.Errorf("size %.0f, want %.0f", got, c.want)
			}
		})
	}
}

// A code slide's snippet that does not fit at the floor with its words at their usual sizes is
// dense: set at the floor or above, its lines past the room optional and the first tier dropped
// up front (the 15-line sample was set at 18-19 px in a square); a sparse one (its rows under half
// the room, words around it) grows its window and its title.
func TestCodeViewSlideDense(t *testing.T) {
	fn := "func openPool(ctx context.Context, url string) (*pgxpool.Pool, error) {\n\tcfg, err := pgxpool.ParseConfig(url)\n"
	fifteen := fn + strings.Repeat("\tcfg.MaxConnLifetime = 30 * time.Minute\n", 12) + "}"
	cases := []struct {
		name, code, title, caption string
		size                       brandgen.Size
		long, drop, sparse         bool
	}{
		{"fifteen lines in a square", fifteen, "A connection pool that survives a failover", "BeforeAcquire drops connections that landed on a standby.", brandgen.SizeSquare, true, true, false},
		{"fifteen lines in portrait", fifteen, "A pool", "", brandgen.SizePortrait, true, false, false},
		{"three lines under a title", "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)\ndefer cancel()\nrows, err := db.QueryContext(ctx, q)", "用 context 控制超时", "超时之后查询会被自动取消。", brandgen.SizePortrait, false, false, true},
		{"one line alone", "go test -race ./...", "", "", brandgen.SizePortrait, false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: c.size}, Badge: brandgen.Badge{Show: true}}).SlideArea()
			v := codeView(d, c.code, "go", c.title, c.caption)
			if v.FontSize < d.M.Floor || v.MinSize != d.M.Floor {
				t.Errorf("font %d px, min %d: want both at or above the floor %d", v.FontSize, v.MinSize, d.M.Floor)
			}
			if v.Long != c.long || v.Drop != c.drop || v.Sparse != c.sparse {
				t.Errorf("long %v, drop %v, sparse %v; want %v, %v, %v", v.Long, v.Drop, v.Sparse, c.long, c.drop, c.sparse)
			}
			if opt := strings.Count(string(v.HTML), `data-path="content.code"`); c.long && opt == 0 {
				t.Errorf("no optional lines in a dense snippet")
			}
		})
	}
}

// Every style gives a code slide's snippet the same room (blueprint's window gives back in its
// padding what its corner ticks' inset takes), so the styles set it at one size and leading: the
// square SQL sample was 30 px in blueprint, 32.5 in the others, and blueprint's rows wrapped one
// column earlier ("context. / WithTimeout(").
func TestCodeViewStylesAgree(t *testing.T) {
	cases := []struct{ name, code, lang, title, caption string }{
		{"sql", "ALTER ROLE api SET statement_timeout = '2s';\nALTER ROLE reporting SET statement_timeout = '5min';\n\n-- check it\nSHOW statement_timeout;", "sql", "Set a statement timeout per role", "One runaway query can no longer take the primary down."},
		{"cjk", "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)\ndefer cancel()\nrows, err := db.QueryContext(ctx, q)", "go", "用 context 控制超时", "超时之后查询会被自动取消。"},
		{"yaml", "on:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    needs: test\n    runs-on: ubuntu-latest", "yaml", "Deploy on green only ✅", "No green, no ship 🚦"},
	}
	for _, c := range cases {
		for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare} {
			t.Run(c.name+"/"+string(size), func(t *testing.T) {
				view := func(style brandgen.Style) CodeView {
					d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: size, Style: style}, Badge: brandgen.Badge{Show: true}}).SlideArea()
					return codeView(d, c.code, c.lang, c.title, c.caption)
				}
				flat, bp := view("flat"), view("blueprint")
				if bp.FontSize != flat.FontSize || bp.Leading != flat.Leading || bp.Sparse != flat.Sparse {
					t.Errorf("blueprint %d px, leading %v, sparse %v; flat %d px, leading %v, sparse %v",
						bp.FontSize, bp.Leading, bp.Sparse, flat.FontSize, flat.Leading, flat.Sparse)
				}
			})
		}
	}
}
