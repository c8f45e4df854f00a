package templates

import (
	"html/template"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/brandgen/brandgen/textlang"
)

// Syntax highlighting for the code pattern. The lexing is chroma's (github.com/alecthomas/chroma/v2):
// its lexer for the language splits the snippet into typed tokens, which map onto the pattern's
// token kinds (CSS classes t-k, t-s, ...). A short pass then refines what chroma leaves coarse and
// an editor colours: calls (name followed by "("), capitalised names as types, shell commands and
// flags, and CSS selectors, units, at-rules and custom properties. It never fails: unknown
// languages get a generic C-like lexer written in chroma's rule format, and anything a lexer
// cannot account for is drawn plain.

// tokKind is the class of a token; its CSS class is "t-" + the letter in kindClass.
type tokKind uint8

const (
	tPlain   tokKind = iota
	tKeyword         // if, func, SELECT
	tString          // "…", '…', `…`
	tComment         // // …, # …, /* … */
	tNumber          // 42, 0xff, 1.5e3, #fff in CSS
	tFunc            // called functions, macros, shell commands
	tType            // built-in and capitalised types, CSS classes
	tConst           // true, nil, None, CSS keywords, shell flags
	tProp            // JSON/YAML keys, CSS properties, HTML attributes
	tTag             // HTML tags, CSS element selectors
	tVar             // shell variables, interpolations
	tMeta            // decorators, attributes, preprocessor lines, doctype, lifetimes
	tPunct           // operators and punctuation
)

var kindClass = [...]string{tPlain: "", tKeyword: "k", tString: "s", tComment: "c", tNumber: "n",
	tFunc: "f", tType: "t", tConst: "b", tProp: "p", tTag: "g", tVar: "v", tMeta: "m", tPunct: "o"}

type token struct {
	kind tokKind
	text string
}

// lang is a language the code pattern knows: how its editor tab is labelled and which chroma
// lexer reads it, with the refinements its tokens get.
type lang struct {
	id, label, file string
	lexer           string // chroma lexer name or alias ("" for the generic lexer)
	capsAreTypes    bool   // Capitalised names are types (ALL_CAPS ones constants)
	shell           bool   // commands and --flags; "$ " prompts read as a terminal session
	css             bool   // CSS refinements (HTML applies them inside <style>)
	keys            bool   // chroma's NameTag tokens are keys (JSON, YAML, TOML)
	lifetimes       bool   // chroma's NameAttribute tokens are lifetimes (Rust)
}

var (
	langGo         = &lang{id: "go", label: "Go", file: "main.go", lexer: "go", capsAreTypes: true}
	langPython     = &lang{id: "python", label: "Python", file: "main.py", lexer: "python", capsAreTypes: true}
	langJS         = &lang{id: "javascript", label: "JavaScript", file: "index.js", lexer: "javascript", capsAreTypes: true}
	langJSX        = &lang{id: "javascript", label: "JSX", file: "App.jsx", lexer: "react", capsAreTypes: true}
	langTS         = &lang{id: "typescript", label: "TypeScript", file: "index.ts", lexer: "typescript", capsAreTypes: true}
	langTSX        = &lang{id: "typescript", label: "TSX", file: "App.tsx", lexer: "tsx", capsAreTypes: true}
	langRust       = &lang{id: "rust", label: "Rust", file: "main.rs", lexer: "rust", capsAreTypes: true, lifetimes: true}
	langSQL        = &lang{id: "sql", label: "SQL", file: "query.sql", lexer: "sql"}
	langPostgreSQL = &lang{id: "sql", label: "SQL", file: "query.sql", lexer: "postgresql"}
	langMySQL      = &lang{id: "sql", label: "SQL", file: "query.sql", lexer: "mysql"}
	langBash       = &lang{id: "bash", label: "Bash", file: "script.sh", lexer: "bash", shell: true}
	langJSON       = &lang{id: "json", label: "JSON", file: "data.json", lexer: "json", keys: true}
	langYAML       = &lang{id: "yaml", label: "YAML", file: "config.yaml", lexer: "yaml", keys: true}
	langTOML       = &lang{id: "toml", label: "TOML", file: "config.toml", lexer: "toml", keys: true}
	langJava       = &lang{id: "java", label: "Java", file: "Main.java", lexer: "java", capsAreTypes: true}
	langKotlin     = &lang{id: "kotlin", label: "Kotlin", file: "Main.kt", lexer: "kotlin", capsAreTypes: true}
	langSwift      = &lang{id: "swift", label: "Swift", file: "main.swift", lexer: "swift", capsAreTypes: true}
	langC          = &lang{id: "c", label: "C", file: "main.c", lexer: "c"}
	langCPP        = &lang{id: "cpp", label: "C++", file: "main.cpp", lexer: "cpp", capsAreTypes: true}
	langCSharp     = &lang{id: "csharp", label: "C#", file: "Program.cs", lexer: "csharp", capsAreTypes: true}
	langRuby       = &lang{id: "ruby", label: "Ruby", file: "app.rb", lexer: "ruby", capsAreTypes: true}
	langPHP        = &lang{id: "php", label: "PHP", file: "index.php", lexer: "php", capsAreTypes: true}
	langHTML       = &lang{id: "html", label: "HTML", file: "index.html", lexer: "html"}
	langXML        = &lang{id: "html", label: "XML", file: "data.xml", lexer: "xml"}
	langVue        = &lang{id: "html", label: "Vue", file: "App.vue", lexer: "vue"}
	langCSS        = &lang{id: "css", label: "CSS", file: "styles.css", lexer: "css", css: true}
	langSCSS       = &lang{id: "css", label: "SCSS", file: "styles.scss", lexer: "scss", css: true}
	langSass       = &lang{id: "css", label: "Sass", file: "styles.sass", lexer: "sass", css: true}
	langLess       = &lang{id: "css", label: "Less", file: "styles.less", lexer: "css", css: true}
	langMarkdown   = &lang{id: "markdown", label: "Markdown", file: "README.md", lexer: "markdown"}
	langDocker     = &lang{id: "dockerfile", label: "Dockerfile", file: "Dockerfile", lexer: "docker"}
	langGeneric    = &lang{id: "", label: "", file: "snippet.txt", capsAreTypes: false}
)

// langAliases maps what users write as a language to its lexer.
var langAliases = map[string]*lang{
	"go": langGo, "golang": langGo,
	"python": langPython, "py": langPython, "python3": langPython,
	"javascript": langJS, "js": langJS, "node": langJS, "nodejs": langJS, "mjs": langJS, "jsx": langJSX,
	"typescript": langTS, "ts": langTS, "tsx": langTSX,
	"rust": langRust, "rs": langRust,
	"sql": langSQL, "postgres": langPostgreSQL, "postgresql": langPostgreSQL, "psql": langPostgreSQL,
	"plpgsql": langPostgreSQL, "mysql": langMySQL, "sqlite": langSQL,
	"bash": langBash, "sh": langBash, "shell": langBash, "zsh": langBash, "console": langBash,
	"terminal": langBash, "shellscript": langBash,
	"json": langJSON, "jsonc": langJSON, "json5": langJSON,
	"yaml": langYAML, "yml": langYAML, "toml": langTOML,
	"html": langHTML, "htm": langHTML, "xml": langXML, "svg": langXML, "vue": langVue,
	"css": langCSS, "scss": langSCSS, "sass": langSass, "less": langLess,
	"java": langJava, "kotlin": langKotlin, "kt": langKotlin, "swift": langSwift,
	"c": langC, "h": langC, "cpp": langCPP, "c++": langCPP, "cc": langCPP, "hpp": langCPP,
	"csharp": langCSharp, "c#": langCSharp, "cs": langCSharp, "dotnet": langCSharp,
	"ruby": langRuby, "rb": langRuby, "php": langPHP,
	"markdown": langMarkdown, "md": langMarkdown, "dockerfile": langDocker, "docker": langDocker,
}

// lookupLang finds the language of a name; unknown names get the generic lexer.
func lookupLang(name string) *lang {
	if l, ok := langAliases[strings.ToLower(strings.TrimSpace(name))]; ok {
		return l
	}
	return langGeneric
}

// genericLexer reads languages chroma does not know, the way most C-like languages look: //, #
// and /* */ comments, quoted strings, numbers, common keywords, types and constants.
var genericLexer = chroma.MustNewLexer(&chroma.Config{Name: "brandgen generic", DotAll: false},
	func() chroma.Rules {
		return chroma.Rules{"root": {
			{Pattern: `(?s)/\*.*?(?:\*/|\z)`, Type: chroma.CommentMultiline},
			{Pattern: `(?://|#)[^\n]*`, Type: chroma.CommentSingle},
			{Pattern: `"(?:\\.|[^"\\\n])*(?:"|$)|'(?:\\.|[^'\\\n])*(?:'|$)|` + "`[^`]*(?:`|\\z)", Type: chroma.LiteralString},
			{Pattern: `\b(?:0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)\b`, Type: chroma.LiteralNumber},
			{Pattern: chroma.Words(`\b`, `\b`, strings.Fields("if else elif for foreach while do return function func fn def class struct enum interface import from export package module use let const var val public private protected static new try catch finally throw switch case break continue in of async await yield")...), Type: chroma.Keyword},
			{Pattern: chroma.Words(`\b`, `\b`, strings.Fields("int float double string bool boolean void char long")...), Type: chroma.KeywordType},
			{Pattern: chroma.Words(`\b`, `\b`, strings.Fields("true false null nil None True False undefined")...), Type: chroma.KeywordConstant},
			{Pattern: `[\p{L}_][\p{L}\p{N}_]*`, Type: chroma.Name},
			{Pattern: `[-+*/%=<>!&|^~?:]+`, Type: chroma.Operator},
			{Pattern: `[()\[\]{},;.@$\\]`, Type: chroma.Punctuation},
			{Pattern: `\s+`, Type: chroma.Text},
			{Pattern: `.`, Type: chroma.Text},
		}}
	})

// lexerFor returns chroma's lexer for l (the terminal-session lexer for shell snippets with
// "$ " prompts).
func lexerFor(code string, l *lang) chroma.Lexer {
	name := l.lexer
	if l.shell && hasPrompt(code) {
		name = "console"
	}
	if name != "" {
		if lx := lexers.Get(name); lx != nil {
			return lx
		}
	}
	return genericLexer
}

// hasPrompt reports whether a shell snippet is a terminal session: a line starts with "$ ".
func hasPrompt(code string) bool {
	for _, ln := range strings.Split(code, "\n") {
		if strings.HasPrefix(strings.TrimLeft(ln, " "), "$ ") {
			return true
		}
	}
	return false
}

// ctoken is one of chroma's tokens with the kind it maps to.
type ctoken struct {
	typ  chroma.TokenType
	kind tokKind
	text string
}

// tokenize splits code into highlighted tokens whose texts add up to code.
func tokenize(code string, l *lang) []token {
	if code == "" {
		return nil
	}
	ct, ok := lex(code, l)
	if !ok {
		return []token{{tPlain, code}}
	}
	refine(ct, l)
	var out tokens
	for _, t := range ct {
		out.add(t.kind, t.text)
	}
	return out
}

// lex runs chroma's lexer over code. ok is false when the tokens do not add up to code (invalid
// UTF-8, a lexer error): the caller then draws the snippet plain.
func lex(code string, l *lang) (ct []ctoken, ok bool) {
	defer func() {
		if recover() != nil {
			ct, ok = nil, false
		}
	}()
	if !utf8.ValidString(code) {
		return nil, false
	}
	it, err := lexerFor(code, l).Tokenise(nil, code)
	if err != nil {
		return nil, false
	}
	n := 0
	for t := it(); t != chroma.EOF; t = it() {
		text := t.Value
		if n+len(text) > len(code) { // chroma appends a newline to snippets without one
			text = text[:len(code)-n]
		}
		if text == "" {
			continue
		}
		if code[n:n+len(text)] != text {
			return nil, false
		}
		n += len(text)
		ct = append(ct, ctoken{typ: t.Type, kind: kindOfType(t.Type, l), text: text})
	}
	return ct, n == len(code)
}

// kindOfType maps a chroma token type onto a token kind.
func kindOfType(tt chroma.TokenType, l *lang) tokKind {
	switch tt {
	case chroma.KeywordConstant, chroma.NameBuiltinPseudo, chroma.NameConstant, chroma.NameEntity,
		chroma.LiteralStringSymbol, chroma.LiteralStringBoolean:
		return tConst
	case chroma.KeywordType, chroma.NameClass, chroma.NameException, chroma.NameBuiltin, chroma.GenericDeleted,
		chroma.GenericError, chroma.GenericTraceback:
		return tType // NameBuiltin: refine makes it a function when it is called
	case chroma.NameFunction, chroma.NameFunctionMagic:
		return tFunc
	case chroma.NameDecorator, chroma.NameLabel, chroma.CommentPreproc:
		return tMeta
	case chroma.NameAttribute:
		if l.lifetimes {
			return tMeta
		}
		return tProp
	case chroma.NameProperty:
		return tProp
	case chroma.NameTag:
		if l.keys {
			return tProp
		}
		return tTag
	case chroma.LiteralStringInterpol:
		return tVar
	case chroma.CommentPreprocFile, chroma.GenericInserted:
		return tString
	case chroma.OperatorWord, chroma.GenericHeading, chroma.GenericSubheading:
		return tKeyword
	case chroma.NameOperator, chroma.GenericPrompt:
		return tPunct
	case chroma.GenericOutput:
		return tComment
	}
	switch {
	case tt.InCategory(chroma.Keyword):
		return tKeyword
	case tt.InSubCategory(chroma.NameVariable):
		return tVar
	case tt.InSubCategory(chroma.LiteralString):
		return tString
	case tt.InSubCategory(chroma.LiteralNumber), tt == chroma.Literal, tt == chroma.LiteralDate:
		return tNumber
	case tt.InCategory(chroma.Operator), tt.InCategory(chroma.Punctuation):
		return tPunct
	case tt.InCategory(chroma.Comment):
		return tComment
	}
	return tPlain
}

// tokens collects tokens, merging neighbours of the same kind.
type tokens []token

func (ts *tokens) add(k tokKind, s string) {
	if s == "" {
		return
	}
	if n := len(*ts); n > 0 && (*ts)[n-1].kind == k {
		(*ts)[n-1].text += s
		return
	}
	*ts = append(*ts, token{k, s})
}

// CodeLines prepares a snippet for display: CRLF and CR become LF, tabs expand to 4-column stops,
// trailing spaces and blank lines at both ends go, and indentation common to every line is
// removed. It returns the lines.
func CodeLines(code string) []string {
	code = strings.ReplaceAll(code, "\r\n", "\n")
	code = strings.ReplaceAll(code, "\r", "\n")
	lines := strings.Split(code, "\n")
	for i, ln := range lines {
		lines[i] = strings.TrimRight(expandTabs(ln, 4), " \u00a0")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	indent := -1
	for _, ln := range lines {
		if ln == "" {
			continue
		}
		n := len(ln) - len(strings.TrimLeft(ln, " "))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	if indent > 0 {
		for i, ln := range lines {
			if len(ln) >= indent {
				lines[i] = ln[indent:]
			}
		}
	}
	return lines
}

func expandTabs(s string, width int) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	monoGlyphs(s, func(g string, cols int) {
		if g == "\t" {
			n := width - col%width
			b.WriteString(strings.Repeat(" ", n))
			col += n
			return
		}
		b.WriteString(g)
		col += cols
	})
	return b.String()
}

// monoGlyphs calls fn for each glyph of s with the monospace columns it takes: an emoji (a whole
// sequence as textlang.EmojiLen finds it: 🚀, ❤️, 👩‍💻, 🇯🇵) takes two, any other rune what
// textlang.Columns gives it (two for East Asian wide characters, none for combining marks).
func monoGlyphs(s string, fn func(g string, cols int)) {
	eachGlyph(s, func(g []rune, emoji bool) {
		if emoji {
			fn(string(g), 2)
		} else {
			fn(string(g), textlang.Columns(string(g)))
		}
	})
}

// lineIndent is a line's leading indent in columns (CodeLines has expanded its tabs).
func lineIndent(ln string) int {
	return len(ln) - len(strings.TrimLeft(ln, " "))
}

// textCols is the width of a line in monospace columns (see monoGlyphs).
func textCols(s string) int {
	n := 0
	monoGlyphs(s, func(_ string, cols int) { n += cols })
	return n
}

// Highlight renders code as HTML: one <span class="l"> per line (display:block in the code
// pattern's CSS), tokens inside as <span class="t-X">. An indented line carries its indent in
// columns (style="--i:N"): a wrapped line hangs its continuation rows under its own indent, not
// under its number (codeLineRows; code.tmpl, slide-code.tmpl). Empty lines hold a space so they
// keep their height. All text is escaped. A line's indent and the space after a keyword are
// no-break spaces (glueKeywords); a break between the tokens of a run without spaces is a <wbr>
// (breakTokens).
func Highlight(lines []string, language string) template.HTML {
	h, _ := highlight(lines, language)
	return h
}

// writeCode writes a token's text escaped, breakTokens' marks as <wbr>.
func writeCode(b *strings.Builder, s string) {
	for i, part := range strings.Split(s, zwsp) {
		if i > 0 {
			b.WriteString("<wbr>")
		}
		template.HTMLEscape(b, []byte(part))
	}
}

// nbsp is the no-break space: as wide as a space in the monospace face (JetBrains Mono).
const nbsp = "\u00a0"

// highlight is Highlight and the lines as the page wraps them (codeLineRows reads them): the
// spaces glueKeywords glues are no-break spaces, the indent stays spaces (wrapRows keeps an indent
// with its first word).
func highlight(lines []string, language string) (template.HTML, []string) {
	toks := tokenize(strings.Join(lines, "\n"), lookupLang(language))
	glueKeywords(toks)
	glueParams(toks)
	glueShortValue(toks)
	glueComment(toks)
	glueHyphens(toks)
	breakTokens(toks)
	var glued strings.Builder
	for _, t := range toks {
		glued.WriteString(t.text)
	}
	var b strings.Builder
	b.Grow(len(lines) * 64)
	lineOpen := false
	empty := true
	indent := false // at the line's indent: its spaces are written as no-break spaces
	line := 0
	open := func() {
		if !lineOpen {
			if line < len(lines) && lineIndent(lines[line]) > 0 {
				b.WriteString(`<span class="l" style="--i:` + strconv.Itoa(lineIndent(lines[line])) + `">`)
			} else {
				b.WriteString(`<span class="l">`)
			}
			lineOpen, empty, indent = true, true, true
		}
	}
	closeLine := func() {
		open()
		if empty {
			b.WriteString(" ")
		}
		b.WriteString(`</span>`)
		lineOpen = false
		line++
	}
	for _, t := range toks {
		parts := strings.Split(t.text, "\n")
		for k, part := range parts {
			if k > 0 {
				closeLine()
			}
			if part == "" {
				continue
			}
			open()
			empty = false
			if indent {
				lead := len(part) - len(strings.TrimLeft(part, " "))
				indent = lead == len(part)
				part = strings.Repeat(nbsp, lead) + part[lead:]
			}
			if cls := kindClass[t.kind]; cls != "" {
				b.WriteString(`<span class="t-`)
				b.WriteString(cls)
				b.WriteString(`">`)
				writeCode(&b, part)
				b.WriteString(`</span>`)
			} else {
				writeCode(&b, part)
			}
		}
	}
	if len(lines) > 0 {
		closeLine()
	}
	wrapped := lines
	if len(toks) > 0 {
		wrapped = strings.Split(glued.String(), "\n")
	}
	return template.HTML(b.String()), wrapped
}
