package generate

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file builds the code format: the snippet, its language and its title.

var langAliases = map[string]string{"js": "javascript", "jsx": "javascript", "node": "javascript", "ts": "typescript",
	"tsx": "typescript", "py": "python", "python3": "python", "sh": "bash", "shell": "bash", "zsh": "bash",
	"console": "bash", "golang": "go", "yml": "yaml", "c++": "cpp", "rs": "rust", "rb": "ruby", "kt": "kotlin",
	"postgres": "sql", "postgresql": "sql", "mysql": "sql", "md": "markdown", "dockerfile": "dockerfile", "html5": "html"}

var langNameRe = regexp.MustCompile(`(?i)\b(go|golang|python|javascript|typescript|rust|sql|bash|shell|java|kotlin|swift|ruby|php|css|html|yaml|json|c\+\+|c#|elixir|haskell|scala|dart|lua)\b`)

var langGuesses = []struct {
	lang string
	re   *regexp.Regexp
}{
	{"go", regexp.MustCompile(`(?m)^\s*package\s+\w+\s*$|\bfunc\s+(?:\(\w+\s+\*?\w+\)\s*)?\w+\(|:=|\bfmt\.\w+\(|\bgo\s+func\b|\bchan\s+\w+|\berr\s*!=\s*nil\b`)},
	{"rust", regexp.MustCompile(`\bfn\s+\w+\(|\blet\s+mut\b|\bimpl\s+\w+|println!\(|\bpub\s+(?:fn|struct)\b|->\s*Result<`)},
	{"python", regexp.MustCompile(`(?m)^\s*def\s+\w+\(.*\)\s*(?:->\s*\w+\s*)?:|^\s*from\s+\w+\s+import\b|^\s*import\s+\w+\s*$|\bprint\(|\bself\.|^\s*class\s+\w+.*:\s*$|\belif\b|\bNone\b`)},
	{"typescript", regexp.MustCompile(`\binterface\s+\w+\s*\{|:\s*(?:string|number|boolean)\b|\bexport\s+type\b|\bas\s+const\b|<\w+>\(`)},
	{"javascript", regexp.MustCompile(`\bconst\s+\w+\s*=|\blet\s+\w+\s*=|=>|\bconsole\.log\(|\bfunction\s+\w*\(|\brequire\(|\bexport\s+default\b|\bawait\s`)},
	{"sql", regexp.MustCompile(`(?i)\bselect\s+.+\s+from\s|\binsert\s+into\b|\bcreate\s+table\b|\bupdate\s+\w+\s+set\b|\bwhere\s+\w+\s*=`)},
	{"bash", regexp.MustCompile(`(?m)^\s*\$\s|^\s*(?:npm|npx|pnpm|yarn|go|pip|docker|kubectl|curl|git|brew|apt|sudo|cd|ls|echo|export)\s|^#!/bin/(?:ba)?sh`)},
	{"html", regexp.MustCompile(`(?i)<(?:!doctype|html|div|span|body|head|p|a|img|section)\b`)},
	{"css", regexp.MustCompile(`(?m)^\s*[.#]?[\w-]+(?:\s*[,>+~]\s*[.#]?[\w-]+)*\s*\{\s*$|^\s*[\w-]+\s*:\s*[^;]+;\s*$`)},
	{"json", regexp.MustCompile(`^\s*[{\[]\s*"`)},
	{"java", regexp.MustCompile(`\bpublic\s+(?:static\s+)?(?:void|class)\b|System\.out\.println`)},
	{"c", regexp.MustCompile(`#include\s*<`)},
}

// guessLanguage names the language of a snippet.
func guessLanguage(code string) string {
	for _, g := range langGuesses {
		if g.re.MatchString(code) {
			return g.lang
		}
	}
	return "text"
}

func (d *doc) codeContent() *posts.CodeContent {
	c := &posts.CodeContent{}
	if d.code != "" {
		lang := strings.ToLower(d.codeLang)
		if a, ok := langAliases[lang]; ok {
			lang = a
		}
		if lang == "" {
			lang = guessLanguage(d.code)
		}
		if lang == "text" {
			if m := langNameRe.FindStringSubmatch(d.codeHead + " " + d.codeTail); m != nil {
				lang = strings.ToLower(m[1])
				if a, ok := langAliases[lang]; ok {
					lang = a
				}
			}
		}
		c.Language = lang
		c.Code = clipLines(d.code, 30, 2400)
		// The text before the code, without its instruction ("Show a code snippet of ...").
		if h := strings.TrimSpace((&doc{}).stripLead(d.codeHead)); h != "" {
			c.Title = upperFirst(strings.TrimSuffix(trimSentence(sentences(strings.ReplaceAll(h, "\n", " "))[0]), ":"))
			if ss := sentences(strings.ReplaceAll(h, "\n", " ")); len(ss) > 1 && d.codeTail == "" {
				c.Caption = strings.Join(ss[1:], " ")
			}
		}
		if t := strings.TrimSpace(d.codeTail); t != "" {
			c.Caption = strings.Join(strings.Fields(t), " ")
		}
		if c.Title == "" && c.Caption != "" {
			c.Title, c.Caption = trimSentence(sentences(c.Caption)[0]), strings.Join(sentences(c.Caption)[1:], " ")
		}
		return c
	}
	// No code in the prompt: show its words as a markdown note, the honest way to put text in an
	// editor window.
	c.Language = "markdown"
	c.Title = d.title()
	var b strings.Builder
	b.WriteString("# " + c.Title + "\n")
	items := d.listOrInline()
	if r := d.rest(); len(r) > 0 && len(items) > 0 {
		b.WriteString("\n" + strings.Join(r, " ") + "\n")
	} else if len(items) == 0 {
		items = d.rest()
	}
	if len(items) > 0 {
		b.WriteString("\n")
		for _, it := range items {
			b.WriteString("- " + it + "\n")
		}
	}
	c.Code = clipLines(strings.TrimRight(b.String(), "\n"), 30, 2400)
	return c
}

// clipLines keeps at most maxLines whole lines and maxRunes runes of code.
func clipLines(code string, maxLines, maxRunes int) string {
	lines := strings.Split(strings.TrimRight(code, "\n\t "), "\n")
	if len(lines) > maxLines {
		lines = lines[:maxLines]
	}
	out := ""
	for i, l := range lines {
		next := l
		if i > 0 {
			next = "\n" + l
		}
		if runes(out)+runes(next) > maxRunes {
			if out == "" {
				return string([]rune(l)[:maxRunes])
			}
			break
		}
		out += next
	}
	return out
}
