package templates

import (
	"html/template"
	"strings"
	"testing"
)

// TestCodeLineRows: a wrapped line's continuation rows hang under its own indent (2 columns in
// from it, at most 40% of the row), so they hold fewer columns than under the gutter and the row
// estimate counts them so.
func TestCodeLineRows(t *testing.T) {
	cases := []struct {
		line       string
		width      int
		hang, rows int
	}{
		{"x := 1", 40, 2, 1},
		{"return nil, fmt.Errorf(\"parse %s: %w\", redact(url), err)", 40, 2, 2},
		// The indented return: 8 columns of indent, the continuation starts at 10, 30 columns left.
		{"        return nil, fmt.Errorf(\"parse %s: %w\", redact(url), err)", 40, 10, 2},
		// In 30 columns: under the gutter (28 per continuation) three rows, under the indent (24) four.
		{"    cfg.BeforeAcquire = func(ctx context.Context, c *pgx.Conn) bool {", 30, 6, 4},
		// A deep indent: the hang is capped at 40% of the row (12 of 30), the continuations keep 18.
		{strings.Repeat(" ", 24) + "callSomething(alpha, beta, gamma, delta)", 30, 12, 4},
		// Indent wider than the row: the indent (no-break spaces, highlight) keeps its word and
		// wraps with it, 20 + 12 + 9 columns.
		{strings.Repeat(" ", 40) + "x", 20, 8, 3},
		// The indent never stands alone on a row: the first word breaks on the indent's row, 20 + 12 + 6.
		{"        " + strings.Repeat("x", 30), 20, 8, 3},
		// A keyword glued to its word (a no-break space): "return" does not stand alone, 20 + 9
		// columns (with a space: "return", then its word over two rows).
		{"    return\u00a0c.PgConn().Ready()", 20, 6, 2},
	}
	for _, c := range cases {
		if got := codeLineHang(c.line, c.width); got != c.hang {
			t.Errorf("codeLineHang(%q, %d) = %d, want %d", c.line, c.width, got, c.hang)
		}
		if got := codeLineRows(c.line, c.width); got != c.rows {
			t.Errorf("codeLineRows(%q, %d) = %d, want %d", c.line, c.width, got, c.rows)
		}
	}
}

// TestCodeIndentHTML: an indented line carries its indent in columns (--i, tabs expanded), an
// unindented one none, and markOptional keeps it on a line it marks optional.
func TestCodeIndentHTML(t *testing.T) {
	lines := CodeLines("func f() {\n\tif x {\n\t\treturn y\n\t}\n\n\treturn 0\n}")
	h := string(Highlight(lines, "go"))
	want := []string{`<span class="l">`, `<span class="l" style="--i:4">`, `<span class="l" style="--i:8">`,
		`<span class="l" style="--i:4">`, `<span class="l">`, `<span class="l" style="--i:4">`, `<span class="l">`}
	rest := h
	for i, w := range want {
		k := strings.Index(rest, `<span class="l"`)
		if k < 0 || !strings.HasPrefix(rest[k:], w) {
			t.Fatalf("line %d: want %s in %s", i+1, w, h)
		}
		rest = rest[k+len(w):]
	}
	m := string(markOptional(template.HTML(h), 4, 5))
	if !strings.Contains(m, `<span class="l" data-optional="3" data-path="content.code" style="--i:4">`) ||
		strings.Count(m, `<span class="l"`) != len(lines) {
		t.Errorf("markOptional lost a line's indent: %s", m)
	}
}
