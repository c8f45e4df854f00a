package templates

import (
	"html/template"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Syntax highlighting for the code pattern: a small table-driven tokenizer per language family,
// enough to colour keywords, strings, comments, numbers, functions, types and constants the way an
// editor does. It never fails: unknown languages get a generic C-like lexer, and unterminated
// strings or comments run to the end of the snippet.

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
	tVar             // shell variables
	tMeta            // decorators, attributes, doctype, lifetimes
	tPunct           // operators and punctuation
)

var kindClass = [...]string{tPlain: "", tKeyword: "k", tString: "s", tComment: "c", tNumber: "n",
	tFunc: "f", tType: "t", tConst: "b", tProp: "p", tTag: "g", tVar: "v", tMeta: "m", tPunct: "o"}

type token struct {
	kind tokKind
	text string
}

// lang describes a language for the generic lexer.
type lang struct {
	id, label, file string
	keywords        map[string]bool
	types           map[string]bool
	consts          map[string]bool
	builtins        map[string]bool // highlighted as functions
	lineComments    []string
	blockComments   [][2]string
	quotes          string // string delimiters that end at a newline
	multiQuotes     string // string delimiters that may span lines
	triple          bool   // Python triple-quoted strings
	strPrefixes     string // letters that may prefix a string (f"…", r'…', b"…")
	noEscape        string // delimiters whose strings have no backslash escapes
	doubledQuote    bool   // SQL: '' inside '…' is an escaped quote
	foldCase        bool   // keywords match in any case
	identExtra      string // extra identifier characters ($ in JavaScript)
	decorator       bool   // @name is a decorator
	capsAreTypes    bool   // Capitalised identifiers are types
	rust            bool   // macros!, 'lifetimes, #[attributes], r#"raw"#
	hashComment     bool   // # starts a comment only at the start of a word (shell)
	shell           bool   // $vars, command position, --flags
}

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var cLikeComments = [][2]string{{"/*", "*/"}}

var (
	langGo = &lang{id: "go", label: "Go", file: "main.go",
		keywords:     words("break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var"),
		types:        words("bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any comparable"),
		consts:       words("true false nil iota"),
		builtins:     words("append cap clear close complex copy delete imag len make max min new panic print println real recover"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, multiQuotes: "`", noEscape: "`",
		capsAreTypes: true}
	langPython = &lang{id: "python", label: "Python", file: "main.py",
		keywords:     words("and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case"),
		types:        words("int str float bool list dict set tuple bytes object type frozenset complex"),
		consts:       words("True False None self cls"),
		builtins:     words("print len range open isinstance enumerate zip map filter sorted sum min max super abs any all iter next repr round getattr setattr hasattr"),
		lineComments: []string{"#"}, quotes: `"'`, triple: true, strPrefixes: "fFrRbBuU", decorator: true, capsAreTypes: true}
	langJS = &lang{id: "javascript", label: "JavaScript", file: "index.js",
		keywords:     words("break case catch class const continue debugger default delete do else export extends finally for function if import in instanceof let new return super switch this throw try typeof var void while with yield async await of static get set from as"),
		types:        words("Array Object String Number Boolean Promise Map Set Date Error JSON Math RegExp Symbol BigInt"),
		consts:       words("true false null undefined NaN Infinity"),
		builtins:     words("console require fetch setTimeout setInterval"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, multiQuotes: "`", identExtra: "$",
		decorator: true, capsAreTypes: true}
	langTS = &lang{id: "typescript", label: "TypeScript", file: "index.ts",
		keywords:     words("break case catch class const continue debugger default delete do else export extends finally for function if import in instanceof let new return super switch this throw try typeof var void while with yield async await of static get set from as interface type enum implements namespace declare readonly private public protected abstract keyof infer is satisfies"),
		types:        words("string number boolean any unknown never object bigint symbol Array Object String Number Boolean Promise Map Set Date Error Record Partial Readonly Pick Omit"),
		consts:       words("true false null undefined NaN Infinity"),
		builtins:     words("console require fetch setTimeout setInterval"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, multiQuotes: "`", identExtra: "$",
		decorator: true, capsAreTypes: true}
	langRust = &lang{id: "rust", label: "Rust", file: "main.rs",
		keywords:     words("as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return self static struct super trait type unsafe use where while"),
		types:        words("i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str String Vec Option Result Box Self HashMap"),
		consts:       words("true false None Some Ok Err"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"`, multiQuotes: `"`, rust: true, capsAreTypes: true}
	langSQL = &lang{id: "sql", label: "SQL", file: "query.sql",
		keywords:     words("select from where and or not insert into values update set delete create table index view drop alter add column primary key foreign references join left right inner outer full cross on group by order having limit offset as distinct union all case when then else end is in exists between like ilike returning with recursive default constraint unique check begin commit rollback transaction if asc desc cascade grant revoke to using over partition window materialized lateral filter explain analyze vacuum trigger function procedure returns language declare execute conflict do nothing"),
		types:        words("int integer bigint smallint serial bigserial text varchar char character boolean bool date time timestamp timestamptz numeric decimal real double precision uuid jsonb json bytea interval float"),
		consts:       words("true false null current_date current_timestamp now"),
		lineComments: []string{"--"}, blockComments: cLikeComments, quotes: `'"`, multiQuotes: `'`, doubledQuote: true, noEscape: `'"`,
		foldCase: true}
	langBash = &lang{id: "bash", label: "Bash", file: "script.sh",
		keywords:     words("if then else elif fi for while until do done case esac function in return local export readonly declare set unset shift exit source alias select time break continue"),
		consts:       words("true false"),
		lineComments: []string{"#"}, quotes: `"'`, multiQuotes: `"'`, noEscape: "'", hashComment: true, shell: true}
	langJSON = &lang{id: "json", label: "JSON", file: "data.json",
		consts:       words("true false null"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`}
	langYAML = &lang{id: "yaml", label: "YAML", file: "config.yaml",
		consts:       words("true false null yes no on off ~"),
		lineComments: []string{"#"}, quotes: `"'`, hashComment: true}
	langJava = &lang{id: "java", label: "Java", file: "Main.java",
		keywords:     words("abstract assert break case catch class const continue default do else enum extends final finally for goto if implements import instanceof interface native new package private protected public return static strictfp super switch synchronized this throw throws transient try var void volatile while record sealed permits yield"),
		types:        words("boolean byte char double float int long short String Object Integer List Map"),
		consts:       words("true false null"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, decorator: true, capsAreTypes: true}
	langKotlin = &lang{id: "kotlin", label: "Kotlin", file: "Main.kt",
		keywords:     words("as break class continue do else false for fun if in interface is null object package return super this throw true try typealias typeof val var when while by catch constructor data enum finally get import init internal open override private protected public sealed set suspend companion lateinit"),
		types:        words("Int Long Double Float Boolean String Char Unit Any List Map"),
		consts:       words("true false null"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, decorator: true, capsAreTypes: true}
	langSwift = &lang{id: "swift", label: "Swift", file: "main.swift",
		keywords:     words("associatedtype class deinit enum extension fileprivate func import init inout internal let open operator private protocol public static struct subscript typealias var break case continue default defer do else fallthrough for guard if in repeat return switch where while as catch is rethrows throw throws try async await some any self Self mutating override final lazy weak"),
		types:        words("Int Double Float Bool String Character Array Dictionary Set Optional Void"),
		consts:       words("true false nil"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"`, decorator: true, capsAreTypes: true}
	langC = &lang{id: "c", label: "C", file: "main.c",
		keywords:     words("auto break case const continue default do else enum extern for goto if inline register restrict return sizeof static struct switch typedef union volatile while #include #define #ifdef #ifndef #endif #if #else #pragma"),
		types:        words("char double float int long short signed unsigned void bool size_t uint8_t uint32_t int64_t FILE"),
		consts:       words("true false NULL"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, identExtra: "#"}
	langCPP = &lang{id: "cpp", label: "C++", file: "main.cpp",
		keywords:     words("auto break case catch class const constexpr continue default delete do else enum explicit export extern for friend goto if inline mutable namespace new noexcept operator private protected public return sizeof static struct switch template this throw try typedef typename union using virtual volatile while override final co_await co_return #include #define #ifdef #ifndef #endif #if #else #pragma"),
		types:        words("char double float int long short signed unsigned void bool size_t string vector map std"),
		consts:       words("true false nullptr NULL"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, identExtra: "#", capsAreTypes: true}
	langCSharp = &lang{id: "csharp", label: "C#", file: "Program.cs",
		keywords:     words("abstract as base break case catch class const continue default delegate do else enum event explicit extern finally fixed for foreach goto if implicit in interface internal is lock namespace new operator out override params private protected public readonly record ref return sealed sizeof static struct switch this throw try typeof unsafe using virtual void volatile while async await var get set init"),
		types:        words("bool byte char decimal double float int long object sbyte short string uint ulong ushort Task List"),
		consts:       words("true false null"),
		lineComments: []string{"//"}, blockComments: cLikeComments, quotes: `"'`, capsAreTypes: true}
	langRuby = &lang{id: "ruby", label: "Ruby", file: "app.rb",
		keywords:     words("alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo rescue retry return self super then undef unless until when while yield require attr_accessor private"),
		consts:       words("true false nil"),
		builtins:     words("puts print p raise"),
		lineComments: []string{"#"}, quotes: `"'`, capsAreTypes: true}
	langPHP = &lang{id: "php", label: "PHP", file: "index.php",
		keywords:     words("abstract and array as break case catch class clone const continue declare default do echo else elseif empty enum extends final finally fn for foreach function global if implements include instanceof interface isset list match namespace new or print private protected public readonly require return static switch throw trait try unset use var while yield"),
		types:        words("int float string bool void mixed"),
		consts:       words("true false null TRUE FALSE NULL"),
		lineComments: []string{"//", "#"}, blockComments: cLikeComments, quotes: `"'`, identExtra: "$", capsAreTypes: true}
	langGeneric = &lang{id: "", label: "", file: "snippet.txt",
		keywords:     words("if else elif for foreach while do return function func fn def class struct enum interface import from export package module use let const var val public private protected static new try catch finally throw switch case break continue in of async await yield"),
		types:        words("int float double string bool boolean void char long"),
		consts:       words("true false null nil None True False undefined"),
		lineComments: []string{"//", "#"}, blockComments: cLikeComments, quotes: `"'`, multiQuotes: "`"}
	langHTML = &lang{id: "html", label: "HTML", file: "index.html"}
	langCSS  = &lang{id: "css", label: "CSS", file: "styles.css"}
)

// langAliases maps what users write as a language to its lexer.
var langAliases = map[string]*lang{
	"go": langGo, "golang": langGo,
	"python": langPython, "py": langPython, "python3": langPython,
	"javascript": langJS, "js": langJS, "jsx": langJS, "node": langJS, "nodejs": langJS, "mjs": langJS,
	"typescript": langTS, "ts": langTS, "tsx": langTS,
	"rust": langRust, "rs": langRust,
	"sql": langSQL, "postgres": langSQL, "postgresql": langSQL, "psql": langSQL, "mysql": langSQL,
	"sqlite": langSQL, "plpgsql": langSQL,
	"bash": langBash, "sh": langBash, "shell": langBash, "zsh": langBash, "console": langBash,
	"terminal": langBash, "shellscript": langBash,
	"json": langJSON, "jsonc": langJSON, "json5": langJSON,
	"yaml": langYAML, "yml": langYAML,
	"html": langHTML, "htm": langHTML, "xml": langHTML, "svg": langHTML, "vue": langHTML,
	"css": langCSS, "scss": langCSS, "sass": langCSS, "less": langCSS,
	"java": langJava, "kotlin": langKotlin, "kt": langKotlin, "swift": langSwift,
	"c": langC, "h": langC, "cpp": langCPP, "c++": langCPP, "cc": langCPP, "hpp": langCPP,
	"csharp": langCSharp, "c#": langCSharp, "cs": langCSharp, "dotnet": langCSharp,
	"ruby": langRuby, "rb": langRuby, "php": langPHP,
}

// lookupLang finds the lexer for a language name; unknown names get the generic lexer.
func lookupLang(name string) *lang {
	if l, ok := langAliases[strings.ToLower(strings.TrimSpace(name))]; ok {
		return l
	}
	return langGeneric
}

// tokenize splits code into highlighted tokens.
func tokenize(code string, l *lang) []token {
	var out tokens
	switch l {
	case langHTML:
		lexHTML(code, &out)
	case langCSS:
		lexCSS(code, &out)
	default:
		lexGeneric(code, l, &out)
	}
	return out
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

func isIdentStart(r rune, extra string) bool {
	return r == '_' || unicode.IsLetter(r) || (extra != "" && strings.ContainsRune(extra, r))
}

func isIdentPart(r rune, extra string) bool {
	return isIdentStart(r, extra) || unicode.IsDigit(r)
}

// scanNumber returns the length of the number literal at the start of s (0 if none): decimal,
// hex, octal and binary integers, fractions, exponents, digit separators and type suffixes.
func scanNumber(s string) int {
	if s == "" || !(isDigit(s[0]) || s[0] == '.' && len(s) > 1 && isDigit(s[1])) {
		return 0
	}
	hex := len(s) > 1 && s[0] == '0' && s[1]|0x20 == 'x'
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case isDigit(c) || c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z':
			i++
		case c == '.' && i+1 < len(s) && isDigit(s[i+1]):
			i++
		case (c == '+' || c == '-') && i > 0 && (!hex && s[i-1]|0x20 == 'e' || s[i-1]|0x20 == 'p') &&
			i+1 < len(s) && isDigit(s[i+1]):
			i++
		default:
			return i
		}
	}
	return i
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// scanString returns the length of the string literal opening with quote q at s[0]: up to and
// including the closing quote, or to the end of the line (or snippet, for multi-line strings).
func scanString(s string, q byte, multiline, escapes, doubled bool) int {
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && escapes:
			i++
		case c == q:
			if doubled && i+1 < len(s) && s[i+1] == q {
				i++
				continue
			}
			return i + 1
		case c == '\n' && !multiline:
			return i
		}
	}
	return len(s)
}

// nextNonSpace is the first byte after s[i:] that is not a space or tab (0 at the end).
func nextNonSpace(s string, i int) byte {
	for ; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' {
			return s[i]
		}
	}
	return 0
}

// prevNonSpace is the last byte before s[:i] that is not a space or tab (0 at the start).
func prevNonSpace(s string, i int) byte {
	for i--; i >= 0; i-- {
		if s[i] != ' ' && s[i] != '\t' {
			return s[i]
		}
	}
	return 0
}

func lexGeneric(s string, l *lang, out *tokens) {
	cmdPos := true // shell: the next word is a command
	after := ""    // the keyword just before the current word, if any ("func", "class")
	for i := 0; i < len(s); {
		rest := s[i:]
		c := s[i]
		// Block comments.
		if n := matchBlockComment(rest, l.blockComments); n > 0 {
			out.add(tComment, rest[:n])
			i += n
			continue
		}
		// Line comments.
		if matchLineComment(rest, l) && (!l.hashComment || i == 0 || strings.IndexByte(" \t\n", s[i-1]) >= 0) {
			n := strings.IndexByte(rest, '\n')
			if n < 0 {
				n = len(rest)
			}
			out.add(tComment, rest[:n])
			i += n
			continue
		}
		switch {
		case c == '\n':
			out.add(tPlain, "\n")
			cmdPos = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			out.add(tPlain, rest[:1])
			i++
			continue
		}
		// Rust raw strings r"…" r#"…"#, attributes #[…], lifetimes and chars.
		if l.rust {
			if n := rustRaw(rest); n > 0 {
				out.add(tString, rest[:n])
				i += n
				continue
			}
			if strings.HasPrefix(rest, "#[") || strings.HasPrefix(rest, "#![") {
				n := strings.IndexByte(rest, ']')
				if n < 0 {
					n = len(rest) - 1
				}
				out.add(tMeta, rest[:n+1])
				i += n + 1
				continue
			}
			if c == '\'' {
				if n := rustChar(rest); n > 0 {
					out.add(tString, rest[:n])
					i += n
					continue
				}
				// A lifetime: 'a, 'static.
				j := 1
				for j < len(rest) && (isDigit(rest[j]) || rest[j] == '_' || rest[j]|0x20 >= 'a' && rest[j]|0x20 <= 'z') {
					j++
				}
				out.add(tMeta, rest[:j])
				i += j
				continue
			}
		}
		// Python triple-quoted strings.
		if l.triple && (strings.HasPrefix(rest, `"""`) || strings.HasPrefix(rest, `'''`)) {
			end := strings.Index(rest[3:], rest[:3])
			n := len(rest)
			if end >= 0 {
				n = 3 + end + 3
			}
			out.add(tString, rest[:n])
			i += n
			continue
		}
		// Strings.
		if strings.IndexByte(l.quotes+l.multiQuotes, c) >= 0 {
			multi := strings.IndexByte(l.multiQuotes, c) >= 0
			n := scanString(rest, c, multi, strings.IndexByte(l.noEscape, c) < 0, l.doubledQuote && c == '\'')
			kind := tString
			if l == langJSON || l == langYAML {
				if nx := nextNonSpace(s, i+n); nx == ':' {
					kind = tProp
				}
			}
			out.add(kind, rest[:n])
			i += n
			cmdPos = false
			continue
		}
		// Shell variables: $NAME, ${…}, $1, $@, $(…) opens a command.
		if l.shell && c == '$' && len(rest) > 1 {
			switch nx := rest[1]; {
			case nx == '{':
				n := strings.IndexByte(rest, '}')
				if n < 0 {
					n = len(rest) - 1
				}
				out.add(tVar, rest[:n+1])
				i += n + 1
				continue
			case nx == '(':
				out.add(tPunct, "$(")
				i += 2
				cmdPos = true
				continue
			case strings.IndexByte("@*#?$!0123456789-", nx) >= 0:
				out.add(tVar, rest[:2])
				i += 2
				continue
			case nx == '_' || nx|0x20 >= 'a' && nx|0x20 <= 'z':
				j := 2
				for j < len(rest) && (rest[j] == '_' || isDigit(rest[j]) || rest[j]|0x20 >= 'a' && rest[j]|0x20 <= 'z') {
					j++
				}
				out.add(tVar, rest[:j])
				i += j
				continue
			}
		}
		// Shell flags: -x, --flag=value.
		if l.shell && c == '-' && !cmdPos && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') && len(rest) > 1 &&
			(rest[1] == '-' || rest[1]|0x20 >= 'a' && rest[1]|0x20 <= 'z') {
			j := 1
			for j < len(rest) && (rest[j] == '-' || rest[j] == '_' || isDigit(rest[j]) || rest[j]|0x20 >= 'a' && rest[j]|0x20 <= 'z') {
				j++
			}
			out.add(tConst, rest[:j])
			i += j
			continue
		}
		// Numbers (not in the middle of an identifier).
		if n := scanNumber(rest); n > 0 && (i == 0 || !isIdentPartByte(s[i-1], l.identExtra)) {
			out.add(tNumber, rest[:n])
			i += n
			cmdPos = false
			continue
		}
		// Decorators and annotations.
		if l.decorator && c == '@' && len(rest) > 1 && isIdentStartByte(rest[1]) {
			j := 1
			for j < len(rest) && (isIdentPartByte(rest[j], "") || rest[j] == '.') {
				j++
			}
			out.add(tMeta, rest[:j])
			i += j
			continue
		}
		// Identifiers and words.
		r, size := utf8.DecodeRuneInString(rest)
		if isIdentStart(r, l.identExtra) {
			j := size
			for j < len(rest) {
				r2, sz := utf8.DecodeRuneInString(rest[j:])
				if !isIdentPart(r2, l.identExtra) && !(l.shell && (r2 == '-' || r2 == '.' || r2 == '/')) {
					break
				}
				j += sz
			}
			word := rest[:j]
			// String prefixes: f"…", rb'…'.
			if l.strPrefixes != "" && j <= 2 && j < len(rest) && (rest[j] == '"' || rest[j] == '\'') &&
				strings.Trim(word, l.strPrefixes) == "" {
				q := rest[j]
				var n int
				if l.triple && strings.HasPrefix(rest[j:], strings.Repeat(string(q), 3)) {
					end := strings.Index(rest[j+3:], rest[j:j+3])
					n = len(rest)
					if end >= 0 {
						n = j + 3 + end + 3
					}
				} else {
					n = j + scanString(rest[j:], q, false, !strings.ContainsAny(word, "rR"), false)
				}
				out.add(tString, rest[:n])
				i += n
				continue
			}
			kind := classifyWord(word, s, i+j, l, cmdPos)
			next := cmdPos && l.shell && (kind == tKeyword || word == "sudo" || word == "env" || word == "time")
			if l.shell && cmdPos && j < len(rest) && rest[j] == '=' { // VAR=value cmd
				out.add(tVar, word)
				out.add(tPunct, "=")
				k := j + 1
				if k < len(rest) && (rest[k] == '"' || rest[k] == '\'') {
					k += scanString(rest[k:], rest[k], true, rest[k] == '"', false)
				} else {
					for k < len(rest) && strings.IndexByte(" \t\n;&|", rest[k]) < 0 {
						k++
					}
				}
				out.add(tString, rest[j+1:k])
				i += k
				continue
			}
			if l.rust && j < len(rest) && rest[j] == '!' && (j+1 >= len(rest) || rest[j+1] != '=') {
				kind = tFunc
			}
			switch {
			case kind == tPlain && defKeywords[after]:
				kind = tFunc
			case (kind == tPlain || kind == tFunc) && typeKeywords[after]:
				kind = tType
			}
			after = ""
			if kind == tKeyword {
				after = strings.ToLower(word)
			}
			out.add(kind, word)
			if l.rust && j < len(rest) && rest[j] == '!' && (j+1 >= len(rest) || rest[j+1] != '=') {
				out.add(tFunc, "!")
				j++
			}
			i += j
			cmdPos = next
			continue
		}
		// Punctuation and everything else.
		after = ""
		if l.shell {
			cmdPos = c == '|' || c == ';' || c == '&' || c == '(' || c == '`' || c == '{' || (cmdPos && c == '!')
		}
		out.add(tPunct, rest[:size])
		i += size
	}
}

// defKeywords introduce a function name; typeKeywords a type name.
var (
	defKeywords  = words("func fn def function fun")
	typeKeywords = words("class struct type interface enum trait impl record")
)

func isIdentStartByte(c byte) bool {
	return c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0x80
}

func isIdentPartByte(c byte, extra string) bool {
	return isIdentStartByte(c) || isDigit(c) || strings.IndexByte(extra, c) >= 0
}

func classifyWord(word, s string, after int, l *lang, cmdPos bool) tokKind {
	key := word
	if l.foldCase {
		key = strings.ToLower(word)
	}
	switch {
	case l.keywords[key]:
		return tKeyword
	case l.consts[key]:
		return tConst
	case l.types[key]:
		return tType
	case l.shell && cmdPos:
		return tFunc
	case l.shell:
		return tPlain
	case l == langYAML:
		if nextNonSpace(s, after) == ':' {
			return tProp
		}
		return tPlain
	case l == langJSON:
		return tPlain
	}
	if nextNonSpace(s, after) == '(' || l.builtins[key] {
		return tFunc
	}
	if l.capsAreTypes {
		if r, _ := utf8.DecodeRuneInString(word); unicode.IsUpper(r) && prevNonSpace(s, after-len(word)) != '@' {
			return tType
		}
	}
	return tPlain
}

func matchBlockComment(s string, pairs [][2]string) int {
	for _, p := range pairs {
		if strings.HasPrefix(s, p[0]) {
			end := strings.Index(s[len(p[0]):], p[1])
			if end < 0 {
				return len(s)
			}
			return len(p[0]) + end + len(p[1])
		}
	}
	return 0
}

func matchLineComment(s string, l *lang) bool {
	for _, p := range l.lineComments {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// rustRaw matches a raw string r"…", r#"…"#, br"…" at the start of s.
func rustRaw(s string) int {
	i := 0
	if strings.HasPrefix(s, "br") {
		i = 2
	} else if strings.HasPrefix(s, "r") {
		i = 1
	} else {
		return 0
	}
	hashes := 0
	for i < len(s) && s[i] == '#' {
		hashes++
		i++
	}
	if i >= len(s) || s[i] != '"' {
		return 0
	}
	closer := `"` + strings.Repeat("#", hashes)
	end := strings.Index(s[i+1:], closer)
	if end < 0 {
		return len(s)
	}
	return i + 1 + end + len(closer)
}

// rustChar matches a char literal 'a', '\n', '\u{1F600}' at the start of s (0 for a lifetime).
func rustChar(s string) int {
	if len(s) < 3 {
		return 0
	}
	if s[1] == '\\' {
		end := strings.IndexByte(s[2:], '\'')
		if end < 0 || end > 10 {
			return 0
		}
		return 2 + end + 1
	}
	_, size := utf8.DecodeRuneInString(s[1:])
	if 1+size < len(s) && s[1+size] == '\'' {
		return 1 + size + 1
	}
	return 0
}

// lexHTML highlights markup: tags, attributes, values, comments, entities, and the contents of
// <style> and <script> elements with the CSS and JavaScript lexers.
func lexHTML(s string, out *tokens) {
	for i := 0; i < len(s); {
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			n := matchBlockComment(rest, [][2]string{{"<!--", "-->"}})
			out.add(tComment, rest[:n])
			i += n
		case strings.HasPrefix(rest, "<!") || strings.HasPrefix(rest, "<?"):
			n := strings.IndexByte(rest, '>')
			if n < 0 {
				n = len(rest) - 1
			}
			out.add(tMeta, rest[:n+1])
			i += n + 1
		case rest[0] == '<' && len(rest) > 1 && (rest[1] == '/' || isIdentStartByte(rest[1])):
			n, name := lexTag(rest, out)
			i += n
			lower := strings.ToLower(name)
			if (lower == "style" || lower == "script") && rest[1] != '/' && !strings.HasSuffix(rest[:n], "/>") {
				body := s[i:]
				end := strings.Index(strings.ToLower(body), "</"+lower)
				if end < 0 {
					end = len(body)
				}
				if lower == "style" {
					lexCSS(body[:end], out)
				} else {
					lexGeneric(body[:end], langJS, out)
				}
				i += end
			}
		case rest[0] == '&':
			n := strings.IndexByte(rest, ';')
			if n > 0 && n < 12 && !strings.ContainsAny(rest[:n], " \n<") {
				out.add(tConst, rest[:n+1])
				i += n + 1
			} else {
				out.add(tPlain, "&")
				i++
			}
		default:
			n := strings.IndexAny(rest, "<&")
			if n < 0 {
				n = len(rest)
			}
			if n == 0 {
				n = 1
			}
			out.add(tPlain, rest[:n])
			i += n
		}
	}
}

// lexTag highlights one tag starting at s[0] == '<' and returns its length and name.
func lexTag(s string, out *tokens) (int, string) {
	i := 1
	if s[1] == '/' {
		i = 2
	}
	out.add(tPunct, s[:i])
	j := i
	for j < len(s) && (isIdentPartByte(s[j], "-:.")) {
		j++
	}
	name := s[i:j]
	out.add(tTag, name)
	i = j
	for i < len(s) {
		c := s[i]
		switch {
		case c == '>':
			out.add(tPunct, ">")
			return i + 1, name
		case c == '/' && i+1 < len(s) && s[i+1] == '>':
			out.add(tPunct, "/>")
			return i + 2, name
		case c == '"' || c == '\'':
			n := scanString(s[i:], c, true, false, false)
			out.add(tString, s[i:i+n])
			i += n
		case c == '=':
			out.add(tPunct, "=")
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			out.add(tPlain, s[i:i+1])
			i++
		default:
			j := i
			for j < len(s) && strings.IndexByte(" \t\r\n=>\"'", s[j]) < 0 && !(s[j] == '/' && j+1 < len(s) && s[j+1] == '>') {
				j++
			}
			if j == i {
				j = i + 1
			}
			kind := tProp
			if i > 0 && s[i-1] == '=' {
				kind = tString // an unquoted value
			}
			out.add(kind, s[i:j])
			i = j
		}
	}
	return len(s), name
}

// lexCSS highlights style sheets: selectors, at-rules, properties, values, colours and units.
func lexCSS(s string, out *tokens) {
	depth, parens := 0, 0
	inValue := false // between "prop:" and ";" or "}" (or ")" in a media query)
	for i := 0; i < len(s); {
		rest := s[i:]
		c := s[i]
		if n := matchBlockComment(rest, cLikeComments); n > 0 {
			out.add(tComment, rest[:n])
			i += n
			continue
		}
		if strings.HasPrefix(rest, "//") && (i == 0 || s[i-1] != ':') { // SCSS line comments, not url(//…)
			n := strings.IndexByte(rest, '\n')
			if n < 0 {
				n = len(rest)
			}
			out.add(tComment, rest[:n])
			i += n
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			out.add(tPlain, rest[:1])
			i++
		case c == '"' || c == '\'':
			n := scanString(rest, c, false, true, false)
			out.add(tString, rest[:n])
			i += n
		case c == '{':
			depth++
			inValue = false
			out.add(tPunct, "{")
			i++
		case c == '}':
			depth = max(depth-1, 0)
			inValue = false
			out.add(tPunct, "}")
			i++
		case c == ';':
			inValue = false
			out.add(tPunct, ";")
			i++
		case c == '@':
			j := 1
			for j < len(rest) && isIdentPartByte(rest[j], "-") {
				j++
			}
			out.add(tKeyword, rest[:j])
			i += j
		case inValue && c == '#':
			j := 1
			for j < len(rest) && isIdentPartByte(rest[j], "") {
				j++
			}
			out.add(tNumber, rest[:j])
			i += j
		case isDigit(c) || inValue && ((c == '.' || c == '-') && len(rest) > 1 && (isDigit(rest[1]) || rest[1] == '.' && len(rest) > 2 && isDigit(rest[2]))):
			j := 1
			for j < len(rest) && (isDigit(rest[j]) || rest[j] == '.') {
				j++
			}
			for j < len(rest) && (rest[j] == '%' || rest[j]|0x20 >= 'a' && rest[j]|0x20 <= 'z') {
				j++
			}
			out.add(tNumber, rest[:j])
			i += j
		case !inValue && depth > 0 && isIdentStartByte(c) || c == '-' && !inValue && depth > 0:
			j := 0
			for j < len(rest) && isIdentPartByte(rest[j], "-") {
				j++
			}
			if j == 0 {
				j = 1
			}
			if nextNonSpace(s, i+j) == ':' {
				out.add(tProp, rest[:j])
				i += j
				k := i
				for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
					k++
				}
				out.add(tPlain, s[i:k])
				out.add(tPunct, ":")
				i = k + 1
				inValue = true
				continue
			}
			out.add(tTag, rest[:j]) // a nested selector
			i += j
		case inValue && (isIdentStartByte(c) || c == '-'):
			j := 0
			for j < len(rest) && isIdentPartByte(rest[j], "-") {
				j++
			}
			if j == 0 {
				j = 1
			}
			kind := tConst
			if j < len(rest) && rest[j] == '(' {
				kind = tFunc
			} else if strings.HasPrefix(rest, "--") {
				kind = tVar
			} else if strings.EqualFold(rest[:j], "important") {
				kind = tKeyword
			}
			out.add(kind, rest[:j])
			i += j
		case !inValue && (c == '.' || c == '#') && len(rest) > 1 && isIdentStartByte(rest[1]):
			j := 1
			for j < len(rest) && isIdentPartByte(rest[j], "-") {
				j++
			}
			out.add(tType, rest[:j])
			i += j
		case !inValue && c == ':':
			j := 1
			for j < len(rest) && (rest[j] == ':' || isIdentPartByte(rest[j], "-")) {
				j++
			}
			out.add(tKeyword, rest[:j])
			i += j
		case !inValue && isIdentStartByte(c):
			j := 0
			for j < len(rest) && isIdentPartByte(rest[j], "-") {
				j++
			}
			if parens > 0 && nextNonSpace(s, i+j) == ':' { // @media (max-width: 600px)
				out.add(tProp, rest[:j])
				i += j
				inValue = true
				continue
			}
			out.add(tTag, rest[:j])
			i += j
		case c == '(' || c == ')':
			if c == '(' {
				parens++
			} else {
				parens = max(parens-1, 0)
				if parens == 0 && depth == 0 {
					inValue = false
				}
			}
			out.add(tPunct, rest[:1])
			i++
		default:
			_, size := utf8.DecodeRuneInString(rest)
			out.add(tPunct, rest[:size])
			i += size
		}
	}
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
	for _, r := range s {
		if r == '\t' {
			n := width - col%width
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col += runeCols(r)
	}
	return b.String()
}

// runeCols is how many monospace columns a rune takes: 2 for East Asian wide characters and emoji.
func runeCols(r rune) int {
	if isWide(r) || r >= 0x1F000 {
		return 2
	}
	return 1
}

// textCols is the width of a line in monospace columns.
func textCols(s string) int {
	n := 0
	for _, r := range s {
		n += runeCols(r)
	}
	return n
}

// Highlight renders code as HTML: one <span class="l"> per line (display:block in the code
// pattern's CSS), tokens inside as <span class="t-X">. Empty lines hold a space so they keep
// their height. All text is escaped.
func Highlight(lines []string, language string) template.HTML {
	toks := tokenize(strings.Join(lines, "\n"), lookupLang(language))
	var b strings.Builder
	b.Grow(len(lines) * 64)
	lineOpen := false
	empty := true
	open := func() {
		if !lineOpen {
			b.WriteString(`<span class="l">`)
			lineOpen, empty = true, true
		}
	}
	closeLine := func() {
		open()
		if empty {
			b.WriteString(" ")
		}
		b.WriteString(`</span>`)
		lineOpen = false
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
			if cls := kindClass[t.kind]; cls != "" {
				b.WriteString(`<span class="t-`)
				b.WriteString(cls)
				b.WriteString(`">`)
				template.HTMLEscape(&b, []byte(part))
				b.WriteString(`</span>`)
			} else {
				template.HTMLEscape(&b, []byte(part))
			}
		}
	}
	if len(lines) > 0 {
		closeLine()
	}
	return template.HTML(b.String())
}
