package templates

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// glueKeywords keeps a keyword with the token after it when a line wraps (pre-wrap breaks after
// any space): "return" stood alone on a row over "c.PgConn().ParameterStatus(…)", its operand
// wrapped whole to the next row. The space between a keyword and a following word that is not a
// keyword becomes a no-break space (a keyword run, "CREATE TABLE IF NOT EXISTS", still breaks
// between its keywords; its last keyword keeps its word). A line's indent is made of no-break
// spaces too: the break after it was the only one left before a glued keyword, and left a row
// of indent alone. Where the keyword and its word do not fit the row together, the word breaks
// inside (overflow-wrap:anywhere) on the keyword's row.
func glueKeywords(toks []token) {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind != tKeyword || !isWord(toks[i].text) {
			continue
		}
		next, rest := toks[i+1].text, ""
		switch {
		case len(next) > 1 && next[0] == ' ' && !isSpaceOrNL(next[1]):
			rest = next[1:]
		case next == " " && i+2 < len(toks) && toks[i+2].text != "" && !isSpaceOrNL(toks[i+2].text[0]):
			if toks[i+2].kind == tKeyword {
				continue
			}
			rest = ""
		default:
			continue
		}
		toks[i+1].text = nbsp + rest
	}
}

// glueParams keeps a parameter or argument with the word after it inside brackets: a space there
// that follows a word (a name before its type, "c *pgx.Conn", "ctx context.Context") becomes a
// no-break space, so a wrapped signature breaks after its commas (and operators), not between a
// name and its type (a keyword after the word keeps its break: a subquery's "id FROM users WHERE"
// is not one run): the long slide's line 11 read "func(ctx context.Context, c / *pgx.Conn) bool {".
// Strings and comments are left alone; brackets are counted across lines.
func glueParams(toks []token) {
	depth := 0
	for i := range toks {
		t := &toks[i]
		switch t.kind {
		case tString, tComment:
			continue
		case tPunct:
			depth = max(0, depth+strings.Count(t.text, "(")+strings.Count(t.text, "[")-strings.Count(t.text, ")")-strings.Count(t.text, "]"))
			continue
		}
		if depth == 0 || !strings.Contains(t.text, " ") {
			continue
		}
		rs := []rune(t.text)
		for j, r := range rs {
			if r != ' ' || j+1 >= len(rs) && i+1 >= len(toks) {
				continue
			}
			prevWord := j > 0 && isWordRune(rs[j-1])
			nextText := j+1 < len(rs) && rs[j+1] != ' ' && rs[j+1] != '\n'
			if j+1 == len(rs) && i+1 < len(toks) {
				n := toks[i+1].text
				nextText = n != "" && !isSpaceOrNL(n[0]) && !strings.ContainsAny(n[:1], ",)]") && toks[i+1].kind != tKeyword
			}
			if prevWord && nextText {
				rs[j] = '\u00a0'
			}
		}
		t.text = string(rs)
	}
}

// relOps are the assignment and comparison operators glueShortValue holds with their operands.
var relOps = map[string]bool{"=": true, ":=": true, "==": true, "!=": true, "<>": true, "<": true, ">": true,
	"<=": true, ">=": true, "+=": true, "-=": true, "===": true, "!==": true}

// shortValue is the most runes a literal may have for glueShortValue to hold it with its operator.
const shortValue = 12

// glueShortValue keeps a name, its assignment or comparison operator and a short literal after it
// ("statement_timeout = '2s'", "retries = 3", "x == nil") on one row: the spaces around the operator
// become no-break spaces, so a wrapped line breaks before the name, not between the name and its
// operator or the operator and its value. Pre-wrap broke after any space, and the short code slide
// read "ALTER ROLE api SET statement_timeout / = '2s';" (its next line broke before SET). A
// longer value (a call, an expression) keeps its breaks: glued, it could only break inside.
func glueShortValue(toks []token) {
	for i := 1; i+2 < len(toks); i++ {
		if toks[i].kind != tPunct || !relOps[toks[i].text] {
			continue
		}
		prev, next, val := toks[i-1], toks[i+1], toks[i+2]
		if prev.kind == tString || prev.kind == tComment || !strings.HasSuffix(prev.text, " ") || next.text != " " {
			continue
		}
		before := []rune(strings.TrimSuffix(prev.text, " "))
		if len(before) == 0 || !(isWordRune(before[len(before)-1]) || strings.ContainsRune(")]'\"", before[len(before)-1])) {
			continue
		}
		if val.kind != tString && val.kind != tNumber && val.kind != tConst || utf8.RuneCountInString(val.text) > shortValue || strings.ContainsAny(val.text, " \n") {
			continue
		}
		toks[i-1].text = strings.TrimSuffix(prev.text, " ") + nbsp
		toks[i+1].text = nbsp
	}
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// zwsp marks a break opportunity breakTokens adds: in the wrapped lines (wrapRows breaks there, as
// the page does) and written as <wbr> in the HTML (highlight), so copied code carries no character
// for it.
const zwsp = "\u200b"

// breakTokens lets a long line wrap between its tokens before it wraps inside one: in a run
// without spaces (c.PgConn().ParameterStatus("in_hot_standby")) a punctuation token ending in
// one of . ( , [ { that stands between two other tokens gets a break opportunity after it. Under
// pre-wrap with overflow-wrap:anywhere the page broke such a run at its row's last column, inside
// an identifier or a string ("in_hot_stan|dby"); anywhere-breaks are taken only where a row has no
// other opportunity. A punctuation token after a space or at a line's start (a CSS class's ".",
// "...rest") gets none: the break would leave the mark alone at a row's end.
func breakTokens(toks []token) {
	for i := 1; i+1 < len(toks); i++ {
		t, prev, next := toks[i].text, toks[i-1].text, toks[i+1].text
		if toks[i].kind != tPunct || t == "" || prev == "" || next == "" ||
			!strings.ContainsRune(".(,[{", rune(t[len(t)-1])) || strings.ContainsAny(t, " \t\n") {
			continue
		}
		if isSpaceOrNL(prev[len(prev)-1]) || isSpaceOrNL(next[0]) || strings.HasSuffix(prev, nbsp) || strings.HasPrefix(next, nbsp) {
			continue
		}
		toks[i].text = t + zwsp
	}
}

// isWord reports whether s is one word: letters, digits and underscores.
func isWord(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !isWordRune(r) }) < 0
}

func isSpaceOrNL(b byte) bool { return b == ' ' || b == '\n' || b == '\t' }

// commentMarkers are the markers a line comment or a block comment opens with, longest first.
var commentMarkers = []string{"<!--", "/*", "//", "--", "#", ";"}

// glueComment keeps a comment's marker with its first word when a line wraps: the space(s) after
// the marker become no-break spaces. The CJK code sample's "open(…).write(png)  # 保存 🎉" wrapped
// as "…write(png)  #" over "保存 🎉", the marker alone at the row's end; now the comment moves whole.
func glueComment(toks []token) {
	for i := range toks {
		t := &toks[i]
		if t.kind != tComment {
			continue
		}
		for _, m := range commentMarkers {
			if !strings.HasPrefix(t.text, m) {
				continue
			}
			rest := t.text[len(m):]
			word := strings.TrimLeft(rest, " ")
			if n := len(rest) - len(word); n > 0 && word != "" && !isSpaceOrNL(word[0]) {
				t.text = m + strings.Repeat(nbsp, n) + word
			}
			break
		}
	}
}

// wj is the word joiner (U+2060): no break between the characters on either side of it, no width.
const wj = "\u2060"

// hyphenBreak matches a hyphen (or minus) with a letter or digit right after it.
var hyphenBreak = regexp.MustCompile(`-([\pL\pN])`)

// glueHyphens keeps a hyphenated name or flag whole when a line wraps: a word joiner after each
// hyphen that a letter or digit follows, in every token but comments (prose, where a hyphen may
// break). Pre-wrap breaks after a hyphen, which wrapRows does not (it counts "border-radius" as one
// word), so wrapped code read "border- / radius" and "rand - / hex 32".
func glueHyphens(toks []token) {
	for i := range toks {
		if toks[i].kind == tComment {
			continue
		}
		toks[i].text = hyphenBreak.ReplaceAllString(toks[i].text, "-"+wj+"$1")
		if i+1 < len(toks) && strings.HasSuffix(toks[i].text, "-") && toks[i+1].kind != tComment {
			if r, _ := utf8.DecodeRuneInString(toks[i+1].text); unicode.IsLetter(r) || unicode.IsDigit(r) {
				toks[i].text += wj
			}
		}
	}
}
