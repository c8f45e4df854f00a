package templates

import (
	"strings"
	"testing"
)

// A run without spaces wraps between its tokens: after a "." "(" "," "[" or "{" that stands
// between two tokens the page gets a <wbr> and the wrapped lines a zero-width space (wrapRows
// breaks there), so a long call breaks before its string, not inside it ("in_hot_stan|dby").
// A mark after a space or at a line's start, and strings and numbers, get none.
func TestHighlightBreaksBetweenTokens(t *testing.T) {
	const nb, zw = "\u00a0", "\u200b"
	cases := []struct {
		name, line, language string
		wrapped              string   // the line as the page wraps it
		html                 []string // in the HTML
		noHTML               []string // not in it
	}{
		{"a call chain", `return c.PgConn().ParameterStatus("in_hot_standby") != "on"`, "go",
			"return" + nb + "c." + zw + "PgConn()." + zw + "ParameterStatus(" + zw + `"in_hot_standby") != "on"`,
			[]string{`<span class="t-o">.<wbr></span>`, `<span class="t-o">(<wbr></span><span class="t-s">&#34;in_hot_standby&#34;</span>`}, nil},
		{"arguments after a comma without a space", "f(a,b)", "go", "f(" + zw + "a," + zw + "b)", []string{"(<wbr>", ",<wbr>"}, nil},
		{"a comma before a space keeps the space's break", "f(a, b)", "go", "f(" + zw + "a, b)", nil, []string{",<wbr>"}},
		{"an index", "xs[i]", "python", "xs[" + zw + "i]", []string{"[<wbr>"}, nil},
		{"a CSS class after a space gets none", "a .card{color:red}", "css", "a .card{" + zw + "color:red}", nil, []string{".<wbr>"}},
		{"a number's point is not a break", "x = 1.5", "python", "x" + nb + "=" + nb + "1.5", nil, []string{"<wbr>"}},
		{"a string's dots are not breaks", `s = "a.b.c"`, "python", "s" + nb + "=" + nb + `"a.b.c"`, nil, []string{"<wbr>"}},
		{"a mark at the line's end gets none", "foo(", "go", "foo(", nil, []string{"<wbr>"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, wrapped := highlight([]string{c.line}, c.language)
			if len(wrapped) != 1 || wrapped[0] != c.wrapped {
				t.Errorf("wrapped %q, want %q", wrapped, c.wrapped)
			}
			for _, want := range c.html {
				if !strings.Contains(string(h), want) {
					t.Errorf("HTML %s, want %s in it", h, want)
				}
			}
			for _, not := range c.noHTML {
				if strings.Contains(string(h), not) {
					t.Errorf("HTML %s, want no %s in it", h, not)
				}
			}
			if strings.Contains(string(h), zw) {
				t.Errorf("HTML %s holds a zero-width space: copied code would carry it", h)
			}
		})
	}
}

// Inside brackets a name keeps the word after it (its type) on its row: the space after a word
// is a no-break space, the one after a comma or an operator stays a break; strings and code
// outside brackets keep theirs.
func TestHighlightGluesParams(t *testing.T) {
	const nb, zw = "\u00a0", "\u200b"
	cases := []struct{ name, line, language, wrapped string }{
		{"a name and its type", "f := func(ctx context.Context, c *pgx.Conn) bool {", "go",
			"f := func(" + zw + "ctx" + nb + "context." + zw + "Context, c" + nb + "*pgx." + zw + "Conn) bool {"},
		{"an operator keeps its break", "foo(a + b, c)", "python", "foo(" + zw + "a" + nb + "+ b, c)"},
		{"a string's spaces", `f("a b", c)`, "go", "f(" + zw + `"a b", c)`},
		{"outside brackets", "SELECT a FROM t", "sql", "SELECT" + nb + "a FROM" + nb + "t"},
		{"a keyword after a word keeps its break", "(SELECT id FROM t)", "sql", "(SELECT" + nb + "id FROM" + nb + "t)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, wrapped := highlight([]string{c.line}, c.language); len(wrapped) != 1 || wrapped[0] != c.wrapped {
				t.Errorf("wrapped %q, want %q", wrapped, c.wrapped)
			}
		})
	}
}

// A name, its assignment or comparison operator and a short literal hold together (the spaces
// around the operator are no-break spaces); a longer value, a call or an expression keeps its
// breaks, and so does an operator inside a string or a comment.
func TestHighlightGluesShortValue(t *testing.T) {
	const nb = "\u00a0"
	cases := []struct{ name, line, language, wrapped string }{
		{"a setting and its value", "ALTER ROLE api SET statement_timeout = '2s';", "sql",
			"ALTER ROLE" + nb + "api SET" + nb + "statement_timeout" + nb + "=" + nb + "'2s';"},
		{"a number", "retries = 3", "python", "retries" + nb + "=" + nb + "3"},
		{"a comparison with a constant", "if err != nil {", "go", "if" + nb + "err" + nb + "!=" + nb + "nil {"},
		{"a long string keeps its breaks", `msg = "a much longer message"`, "python", `msg = "a much longer message"`},
		{"a call keeps its breaks", "x := compute(a)", "go", "x := compute(\u200ba)"},
		{"in a comment", "-- x = 1", "sql", "--" + nb + "x = 1"}, // (the marker holds its first word: glueComment)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, wrapped := highlight([]string{c.line}, c.language); len(wrapped) != 1 || wrapped[0] != c.wrapped {
				t.Errorf("wrapped %q, want %q", wrapped, c.wrapped)
			}
		})
	}
}

func TestHighlightGluesCommentMarker(t *testing.T) {
	const nb = "\u00a0"
	cases := []struct{ name, line, language, wrapped string }{
		{"python", `x = 1  # 保存`, "python", "x" + nb + "=" + nb + "1  #" + nb + "保存"}, // (x = 1 held too: glueShortValue)
		{"go, two spaces", "x := 1 //  note", "go", "x" + nb + ":=" + nb + "1 //" + nb + nb + "note"},
		{"a bare marker", "#", "python", "#"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, wrapped := highlight([]string{c.line}, c.language); len(wrapped) != 1 || wrapped[0] != c.wrapped {
				t.Errorf("wrapped %q, want %q", wrapped, c.wrapped)
			}
		})
	}
}
