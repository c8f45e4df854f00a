package templates

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// The refinements of chroma's tokens (see highlight.go): where chroma's lexers leave a token
// coarse, these rules colour it the way an editor does.

// refine sharpens chroma's kinds where an editor colours more finely.
func refine(ct []ctoken, l *lang) {
	inStyle := false // HTML: between <style> and </style>
	for i := range ct {
		t := &ct[i]
		if l == langHTML || l == langVue {
			if t.typ == chroma.NameTag && strings.EqualFold(t.text, "style") {
				inStyle = !(i > 0 && ct[i-1].text == "/")
				continue
			}
		}
		if l.css || inStyle {
			refineCSS(ct, i)
			continue
		}
		if l.shell {
			continue
		}
		if t.kind == tKeyword && !hasLetter(t.text) && l != langMarkdown { // markdown bullets stay marked
			t.kind = tPunct // &, $( ... chroma files under keywords
		}
		if t.typ == chroma.NameBuiltinPseudo && startsUpper(t.text) {
			t.kind = tType // Self
		}
		isName := t.typ == chroma.Name || t.typ == chroma.NameOther || (l == langGeneric && t.typ == chroma.Name)
		switch {
		case t.typ == chroma.NameBuiltin && calledAt(ct, i+1) && startsUpper(t.text) && l == langRust:
			t.kind = tConst // an enum constructor: Some(x), Ok(v)
		case t.typ == chroma.NameBuiltin && calledAt(ct, i+1) && startsUpper(t.text):
			t.kind = tType // a constructor: Error("x")
		case t.typ == chroma.NameTag && (l == langTS || l == langJS):
			t.kind = tType // a type argument: Promise<Blob>
		case t.typ == chroma.KeywordType && (l == langTS || l == langTSX) && !tsTypes[t.text] && !startsUpper(t.text) && !strings.Contains(t.text, "."):
			t.kind = tPlain // chroma reads "content: stat" in an object as a type annotation
		case t.typ == chroma.NameBuiltin && calledAt(ct, i+1):
			t.kind = tFunc
		case isName && calledAt(ct, i+1):
			t.kind = tFunc
		case isName && l.capsAreTypes && startsUpper(t.text):
			t.kind = tType
			if allCaps(t.text) {
				t.kind = tConst
			}
		}
	}
	if l.shell {
		refineShell(ct)
	}
}

// tsTypes are TypeScript's lower-case type names.
var tsTypes = map[string]bool{"string": true, "number": true, "boolean": true, "any": true, "unknown": true,
	"never": true, "object": true, "bigint": true, "symbol": true, "void": true, "undefined": true, "null": true}

// calledAt reports whether the token at i opens a call's parentheses.
func calledAt(ct []ctoken, i int) bool {
	return i < len(ct) && strings.HasPrefix(ct[i].text, "(")
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// allCaps reports whether a name is a constant written in capitals (MAX_SIZE, not A or HTTPServer).
func allCaps(s string) bool {
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsUpper(r):
			letters++
		}
	}
	return letters >= 2 && strings.ContainsRune(s, '_')
}

// refineCSS fixes chroma's CSS tokens at i: property names (chroma's Keyword) are properties,
// "@media" is a keyword, ".btn" a class, ":hover" a pseudo-class, "1.5rem" one number, "--x" a
// custom property and "!important" a keyword.
func refineCSS(ct []ctoken, i int) {
	t := &ct[i]
	prev := func(text string) bool { return i > 0 && ct[i-1].text == text }
	next := func(j int) *ctoken {
		if i+j < len(ct) {
			return &ct[i+j]
		}
		return nil
	}
	nextText := func() string { // the next token's text, spaces skipped
		for j := i + 1; j < len(ct); j++ {
			if s := strings.TrimSpace(ct[j].text); s != "" {
				return s
			}
		}
		return ""
	}
	switch {
	case (t.typ == chroma.NameBuiltin || t.typ == chroma.Name || t.typ == chroma.NameFunction) && calledAt(ct, i+1):
		t.kind = tFunc // rgb(, blur(
	case (t.typ == chroma.Name || t.typ == chroma.Text || t.typ == chroma.NameOther) && hasLetter(t.text) && strings.HasPrefix(nextText(), ":") && !(i > 0 && ct[i-1].text == "-"):
		t.kind = tProp // a property chroma does not know: backdrop-filter
	case t.typ == chroma.Keyword && prev("@"):
		t.kind, ct[i-1].kind = tKeyword, tKeyword
	case t.typ == chroma.Keyword:
		t.kind = tProp
	case t.typ == chroma.NameClass && prev("."):
		ct[i-1].kind = tType
	case t.typ == chroma.NameDecorator && (prev(":") || prev("::")):
		t.kind, ct[i-1].kind = tKeyword, tKeyword
	case t.typ == chroma.NameTag && t.text != "" && t.text[0] >= '0' && t.text[0] <= '9':
		t.kind = tNumber
	case t.typ == chroma.NameTag && next(1) != nil && next(1).typ == chroma.Operator && next(1).text == ":":
		t.kind = tProp // a media feature: (max-width: 600px)
	case t.typ == chroma.KeywordType && i > 0 && ct[i-1].kind == tNumber:
		t.kind = tNumber // a unit
	case t.typ == chroma.CommentPreproc && strings.HasPrefix(t.text, "!"):
		t.kind = tKeyword
	case t.text == "-" && next(1) != nil && next(1).text == "-" && next(2) != nil && next(2).typ.InCategory(chroma.Name) && !prev("-"):
		t.kind, next(1).kind, next(2).kind = tVar, tVar, tVar
	}
}

// shellDeclarations are shell builtins that declare rather than run: drawn as keywords.
var shellDeclarations = map[string]bool{"export": true, "local": true, "declare": true, "readonly": true,
	"typeset": true, "unset": true, "alias": true, "source": true}

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

func isDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// shellCommandSep are the tokens after which a shell word is a command.
var shellCommandSep = map[string]bool{"|": true, "||": true, "&&": true, ";": true, "&": true, "(": true,
	"$(": true, "`": true, "then": true, "do": true, "else": true, "elif": true, "if": true, "while": true,
	"until": true, "!": true, "time": true, "sudo": true, "exec": true, "xargs": true}

// refineShell colours the command of each shell command line as a function and its -flags as
// constants; chroma leaves both plain.
func refineShell(ct []ctoken) {
	cmd := true // the next word is a command
	for i := range ct {
		cmd = shellWord(ct, i, cmd)
		if strings.Contains(ct[i].text, "\n") {
			cmd = true
		}
	}
}

// shellWord refines the token at i, given whether a command is due there, and returns whether
// one is due after it.
func shellWord(ct []ctoken, i int, cmd bool) bool {
	t := &ct[i]
	text := strings.TrimSpace(t.text)
	assigned := i > 1 && ct[i-1].text == "=" && ct[i-2].kind == tVar // FOO=1 before the command
	switch {
	case text == "":
		return cmd
	case t.typ == chroma.GenericPrompt:
		return true
	case t.kind == tKeyword && !hasLetter(text):
		t.kind = tPunct // $( and ) of a command substitution
		return shellCommandSep[text]
	case t.typ == chroma.NameBuiltin && shellDeclarations[text]:
		t.kind = tKeyword
		return false
	case t.kind == tPlain && isDigits(text):
		t.kind = tNumber
		return false
	case t.typ == chroma.NameBuiltin || (t.kind == tPlain && cmd && text[0] != '-' && !assigned):
		t.kind = tFunc
		return shellCommandSep[text]
	case t.kind == tPlain && text[0] == '-':
		t.kind = tConst
		return false
	case t.kind == tPunct || t.kind == tKeyword:
		if t.typ == chroma.Operator && text == "=" && i > 0 && ct[i-1].kind == tVar {
			return cmd
		}
		return shellCommandSep[text]
	case t.kind == tVar && i+1 < len(ct) && ct[i+1].text == "=":
		return cmd
	case assigned:
		return cmd
	}
	return false
}
