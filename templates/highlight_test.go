package templates

import (
	"html/template"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
)

// kindOf returns the class letter of the first token whose text is exactly text, and whether one
// was found. Plain text merges with its plain neighbours, so a word inside a plain token counts as
// a plain token of its own.
func kindOf(toks []token, text string) (string, bool) {
	for _, t := range toks {
		if strings.TrimSpace(t.text) == text {
			return kindClass[t.kind], true
		}
	}
	for _, t := range toks {
		if t.kind == tPlain && strings.Contains(" "+strings.Join(strings.Fields(t.text), " ")+" ", " "+text+" ") {
			return "", true
		}
	}
	return "", false
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		lang, code string
		want       map[string]string // token text -> class letter ("" plain)
	}{
		{"go", "package main\n// Hello\nfunc main() {\n\tx := 0x1F + 1.5e-3\n\tfmt.Println(\"hi\\n\", `raw\nline`, 'a', nil)\n\tvar u User\n}",
			map[string]string{"package": "k", "// Hello": "c", "0x1F": "n", "1.5e-3": "n", "Println": "f",
				`"hi\n"`: "s", "`raw\nline`": "s", "'a'": "s", "nil": "b", "User": "t", "x": "", ":=": "o"}},
		{"golang", "type Server struct{ mu sync.Mutex }\nfunc (s *Server) Handle() error { return nil }",
			map[string]string{"Server": "t", "Mutex": "t", "Handle": "f", "error": "t", "s": ""}},
		{"python", "@app.get(\"/\")\nasync def render(x: int = 3) -> str:\n    \"\"\"Doc.\"\"\"\n    return f\"{x}\" # done\nclass Brand(Base): pass",
			map[string]string{"@app.get": "m", "async": "k", "def": "k", "render": "f", "int": "t", "3": "n",
				`"""Doc."""`: "s", `f"`: "s", "{": "v", "# done": "c", "Brand": "t", "pass": "k"}},
		{"py", "x = None if True else print('a#b')", map[string]string{"None": "b", "True": "b", "print": "f", "'a#b'": "s"}},
		{"javascript", "const $el = document.querySelector(`#${id}`); // pick\nlet n = 42n;",
			map[string]string{"const": "k", "$el": "", "querySelector": "f", "`#": "s", "${": "v", "// pick": "c", "42": "n"}},
		{"ts", "interface Stat { value: string }\nexport type Id = number;",
			map[string]string{"interface": "k", "Stat": "t", "string": "t", "export": "k", "Id": "t", "number": "t"}},
		{"rust", "#[derive(Debug)]\nfn f<'a>(s: &'a str) -> Option<char> { println!(\"{}\", r#\"x\"#); Some('c') }",
			map[string]string{"#[derive(Debug)]": "m", "fn": "k", "f": "f", "'a": "m", "str": "t", "Option": "t",
				"println!": "f", `r#"x"#`: "s", "Some": "b", "'c'": "s"}},
		{"sql", "SELECT id, count(*) FROM users WHERE name = 'O''Hara' -- who\nLIMIT 10;",
			map[string]string{"SELECT": "k", "count": "k", "FROM": "k", "'O''Hara'": "s", "-- who": "c", "10": "n", "id": ""}},
		{"bash", "#!/bin/sh\nFOO=1 docker run --rm -p 8080:8080 \"$IMG\" | grep -v x # note\nif [ -f ~/.x ]; then echo ${HOME} $1; fi",
			map[string]string{"#!/bin/sh": "m", "FOO": "v", "docker": "f", "run": "", "--rm": "b", "-p": "b", "$IMG": "v",
				"grep": "f", "-v": "b", "# note": "c", "if": "k", "-f": "b", "then": "k", "echo": "f", "${HOME}": "v", "$1": "v"}},
		{"sh", "curl -s url#frag", map[string]string{"curl": "f", "-s": "b", "url#frag": ""}},
		{"json", `{"name": "Ada", "n": [1, -2.5e3, true, null]}`,
			map[string]string{`"name"`: "p", `"Ada"`: "s", "1": "n", "-2.5e3": "n", "true": "b", "null": "b"}},
		{"yaml", "services:\n  web:\n    image: \"nginx\" # pinned\n    replicas: 3",
			map[string]string{"services": "p", "web": "p", `"nginx"`: "s", "# pinned": "c", "3": "n"}},
		{"html", "<!doctype html>\n<a href=\"/x\" class=y>Hi &amp; bye</a><!-- c --><style>a{color:#fff}</style><script>let x = 1;</script>",
			map[string]string{"<!doctype html>": "m", "a": "g", "href": "p", `"/x"`: "s", "y": "s", "&amp;": "b", "<!-- c -->": "c",
				"style": "g", "color": "p", "#fff": "n", "let": "k"}},
		{"css", "@media (max-width: 600px) {\n  .btn:hover { color: var(--x); margin: 0 -1.5rem !important; }\n}\nh1 > span { font: 700 2em/1 Inter, sans-serif }",
			map[string]string{"@media": "k", "max-width": "p", "600px": "n", ".btn": "t", ":hover": "k", "color": "p", "var": "f",
				"--x": "v", "-1.5rem": "n", "!important": "k", "h1": "g", "span": "g", "sans-serif": "b"}},
		{"java", "@Override public String toString() { return \"x\"; }", map[string]string{"@Override": "m", "public": "k", "String": "t", "toString": "f"}},
		{"brainfuck", "if (x) return \"y\" // z", map[string]string{"if": "k", "return": "k", `"y"`: "s", "// z": "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			toks := tokenize(tt.code, lookupLang(tt.lang))
			var joined strings.Builder
			for _, tk := range toks {
				joined.WriteString(tk.text)
			}
			if joined.String() != tt.code {
				t.Fatalf("tokens do not add up to the code:\n got %q\nwant %q", joined.String(), tt.code)
			}
			for text, want := range tt.want {
				got, ok := kindOf(toks, text)
				if !ok {
					t.Errorf("no token %q in %v", text, toks)
					continue
				}
				if got != want {
					t.Errorf("token %q: class %q, want %q", text, got, want)
				}
			}
		})
	}
}

// TestTokenizeTotal feeds every language hostile and truncated input: the tokens always add up to
// the input, and nothing panics or loops.
func TestTokenizeTotal(t *testing.T) {
	inputs := []string{"", "\"", "'", "`", "/*", "<!--", "<", "<a", "<a href=\"", "#[", "r#\"", "$", "${", "\\", "@", "0x", "1e", "1e+",
		"'\\", "'ab", "\"\"\"", "f'", "--", "&", "&amp", "{", "}", ":", ".", "-", "#", "é", "日本", "🎉", "\x00", "\xff\xfe"}
	for name := range langAliases {
		for _, in := range inputs {
			for _, code := range []string{in, "x " + in, in + " y\nz"} {
				toks := tokenize(code, lookupLang(name))
				var b strings.Builder
				for _, tk := range toks {
					if tk.text == "" {
						t.Errorf("%s %q: empty token", name, code)
					}
					b.WriteString(tk.text)
				}
				if b.String() != code {
					t.Errorf("%s %q: tokens give %q", name, code, b.String())
				}
			}
		}
	}
}

func TestCodeLines(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"a\r\nb\rc", []string{"a", "b", "c"}},
		{"\n\n  x\n    y  \n\n", []string{"x", "  y"}},
		{"\tif x {\n\t\treturn\n\t}", []string{"if x {", "    return", "}"}},
		{"ab\tc", []string{"ab  c"}},
		{"日本\tx", []string{"日本    x"}}, // 日本 takes 4 columns: the tab pads to the stop at 8
		{"", nil},
	}
	for _, tt := range tests {
		got := CodeLines(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("CodeLines(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestHighlight(t *testing.T) {
	h := Highlight([]string{"x := \"<b>&\" // </span>", "", "}"}, "go")
	// The short string holds with its name and operator (glueShortValue), the comment marker with its
	// first word (glueComment): no-break spaces.
	want := template.HTML("<span class=\"l\">x\u00a0<span class=\"t-o\">:=</span>\u00a0<span class=\"t-s\">" + `&#34;&lt;b&gt;&amp;&#34;</span> <span class="t-c">//` + "\u00a0" + `&lt;/span&gt;</span></span>` +
		`<span class="l"> </span><span class="l"><span class="t-o">}</span></span>`)
	if h != want {
		t.Errorf("Highlight:\n got %s\nwant %s", h, want)
	}
	// A comment spanning lines is closed and reopened on each line.
	h = Highlight([]string{"/* a", "b */ x"}, "c")
	if !strings.Contains(string(h), `<span class="l"><span class="t-c">/*`+"\u00a0"+`a</span></span><span class="l"><span class="t-c">b */</span> x</span>`) {
		t.Errorf("multi-line comment: %s", h)
	}
}

func TestCodeView(t *testing.T) {
	d := (&Set{}).data(nil, Options{Look: brandgen.Look{Size: brandgen.SizePortrait}, Badge: brandgen.Badge{Show: true}})
	short := codeView(d, "fmt.Println(1)", "Go", "", "")
	long := codeView(d, strings.Repeat("x := compute(alpha, beta, gamma, delta, epsilon) // a comment that runs long\n", 30), "golang", "Title", "Caption")
	if short.Lang != "go" || short.Label != "Go" || short.File != "main.go" || short.Lines != 1 || short.Digits != 1 {
		t.Errorf("short view: %+v", short)
	}
	if long.Lines != 30 || long.Digits != 2 || !long.Long || long.Cols != 76 {
		t.Errorf("long view: lines %d digits %d long %v cols %d", long.Lines, long.Digits, long.Long, long.Cols)
	}
	// A short snippet without a title is set above the lead size, up to the second heading (a
	// one-liner at the lead size sat in a thin strip of its slide).
	if short.FontSize <= d.M.Type.Lead || short.FontSize > d.M.Type.H2 {
		t.Errorf("short snippet starts at %d px, want over the lead size %d, at most %d", short.FontSize, d.M.Type.Lead, d.M.Type.H2)
	}
	if long.FontSize >= short.FontSize || long.FontSize < long.MinSize {
		t.Errorf("long snippet starts at %d px (short %d, min %d)", long.FontSize, short.FontSize, long.MinSize)
	}
	// 30 lines of 77 columns do not fit at the floor: they wrap and their tail is optional, the
	// code never under the floor.
	if long.FontSize < d.M.Floor || !long.Drop {
		t.Errorf("long snippet at %d px (floor %d), drop %v: want the floor and its tail dropped", long.FontSize, d.M.Floor, long.Drop)
	}
	unknown := codeView(d, "print 1", "Brainfuck++", "", "")
	if unknown.Lang != "" || unknown.Label != "Brainfuck++" || unknown.File != "snippet" {
		t.Errorf("unknown language view: %+v", unknown)
	}
	for _, s := range posts.Samples(posts.Code) {
		c := s.Content.(posts.CodeContent)
		v := codeView(d, c.Code, c.Language, c.Title, c.Caption)
		if v.Lang == "" {
			t.Errorf("sample %s: language %q not recognised", s.Name, c.Language)
		}
		if n := strings.Count(string(v.HTML), `<span class="l"`); n != v.Lines {
			t.Errorf("sample %s: %d lines drawn, want %d", s.Name, n, v.Lines)
		}
		if !utf8.ValidString(string(v.HTML)) {
			t.Errorf("sample %s: invalid UTF-8", s.Name)
		}
	}
}

// TestLexersExist: every language the code pattern names has a chroma lexer (the generic lexer
// is only for names it does not know).
func TestLexersExist(t *testing.T) {
	for name, l := range langAliases {
		if l.lexer == "" {
			t.Errorf("%s: no lexer", name)
			continue
		}
		if lx := lexerFor("x", l); lx == genericLexer {
			t.Errorf("%s: chroma has no lexer %q", name, l.lexer)
		}
	}
	// A shell snippet with prompts reads as a terminal session: the prompt is punctuation, the
	// command a function, its flags constants.
	toks := tokenize("$ npm install brandgen --save\n$ brandgen render", langBash)
	for text, want := range map[string]string{"$": "o", "npm": "f", "--save": "b", "install": ""} {
		if got, ok := kindOf(toks, text); !ok || got != want {
			t.Errorf("console %q: class %q (found %v), want %q; %v", text, got, ok, want, toks)
		}
	}
}

// A keyword keeps the word after it when its line wraps (a no-break space between them; a run of
// keywords still breaks between its keywords), and a line's indent is no-break spaces: "return"
// stood alone on a row over its operand, and a row of indent alone was the only break left before
// a glued keyword. The lines as the page wraps them (highlight's second result) say the same.
func TestHighlightGluesKeywords(t *testing.T) {
	const nb = "\u00a0"
	cases := []struct {
		name, line, language string
		wrapped              string // the line as the page wraps it
		html                 string // in the HTML
	}{
		{"return and its operand", "return c.PgConn()", "go", "return" + nb + "c.\u200bPgConn()", `<span class="t-k">return</span>` + nb + "c"},
		{"the indent", "    return nil", "go", "    return" + nb + "nil", nb + nb + nb + nb + `<span class="t-k">return</span>`},
		{"a keyword mid-line", "x := range items", "go", "x := range" + nb + "items", `<span class="t-k">range</span>` + nb + "items"},
		{"a run of keywords breaks between them", "CREATE TABLE IF NOT EXISTS users", "sql", "CREATE TABLE IF NOT EXISTS" + nb + "users", `<span class="t-k">NOT</span> <span class="t-k">EXISTS</span>` + nb + "users"},
		{"two spaces after a keyword stay spaces", "return  x", "go", "return  x", `<span class="t-k">return</span>  x`},
		{"a keyword at the line's end", "else", "go", "else", `<span class="t-k">else</span>`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, wrapped := highlight([]string{c.line}, c.language)
			if len(wrapped) != 1 || wrapped[0] != c.wrapped {
				t.Errorf("wrapped %q, want %q", wrapped, c.wrapped)
			}
			if !strings.Contains(string(h), c.html) {
				t.Errorf("HTML %s, want %s in it", h, c.html)
			}
		})
	}
}
