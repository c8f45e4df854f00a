package handlers

import (
	"encoding/json"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
)

// maxScanIssues bounds the issues scanJSON collects; the envelope shows fewer (maxIssues).
const maxScanIssues = 1000

// scanJSON walks a body that json.Valid accepted and names every string that holds invalid UTF-8
// (raw bytes or lone \u surrogates) or a control character other than tab, line feed and carriage
// return, and every object key given twice. Go's decoder would silently replace the first, drop
// the second and let the last duplicate win, so each gets an issue of its own. Paths are written as
// the validators write them: "series[0].label", "content.tiles[2].value"; "body" for the body.
// When raw is an object, scanJSON also returns its members, each value a slice of raw (the last
// of a duplicated key wins, as with encoding/json).
func scanJSON(raw []byte) (map[string]json.RawMessage, []brandgen.Issue) {
	s := scanner{raw: raw}
	s.value("")
	return s.fields, s.issues
}

type scanner struct {
	raw    []byte
	i      int
	issues []brandgen.Issue
	fields map[string]json.RawMessage // the top-level object's members
}

func (s *scanner) add(path, msg string) {
	if path == "" {
		path = "body"
	}
	if len(s.issues) < maxScanIssues {
		s.issues = append(s.issues, brandgen.Issue{Field: path, Message: msg})
	}
}

func (s *scanner) ws() {
	for s.i < len(s.raw) {
		switch s.raw[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) value(path string) {
	s.ws()
	if s.i >= len(s.raw) {
		return
	}
	switch s.raw[s.i] {
	case '{':
		s.i++
		seen := map[string]bool{}
		top := path == "" && s.fields == nil
		if top {
			s.fields = map[string]json.RawMessage{}
		}
		for {
			s.ws()
			if s.i >= len(s.raw) || s.raw[s.i] == '}' {
				s.i++
				return
			}
			if s.raw[s.i] == ',' {
				s.i++
				continue
			}
			start := s.i
			keyOK := s.str()
			var key string
			_ = json.Unmarshal(s.raw[start:s.i], &key)
			child := key
			if path != "" {
				child = path + "." + key
			}
			if !keyOK {
				s.add(child, "has a name that is not valid UTF-8 or holds control characters")
			} else if seen[key] {
				s.add(child, "is given more than once")
			}
			seen[key] = true
			s.ws()
			if s.i < len(s.raw) && s.raw[s.i] == ':' {
				s.i++
			}
			s.ws()
			start = s.i
			s.value(child)
			if top {
				s.fields[key] = json.RawMessage(s.raw[start:min(s.i, len(s.raw)):min(s.i, len(s.raw))])
			}
		}
	case '[':
		s.i++
		for n := 0; ; {
			s.ws()
			if s.i >= len(s.raw) || s.raw[s.i] == ']' {
				s.i++
				return
			}
			if s.raw[s.i] == ',' {
				s.i++
				continue
			}
			s.value(path + "[" + strconv.Itoa(n) + "]")
			n++
		}
	case '"':
		if !s.str() {
			s.add(path, "must be valid UTF-8 text without control characters")
		}
	default: // number, true, false, null
		for s.i < len(s.raw) {
			switch s.raw[s.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			s.i++
		}
	}
}

// str consumes a string at s.i and reports whether it is clean text.
func (s *scanner) str() bool {
	s.i++ // opening quote
	ok := true
	for s.i < len(s.raw) {
		c := s.raw[s.i]
		switch {
		case c == '"':
			s.i++
			return ok
		case c == '\\':
			if s.i+1 >= len(s.raw) {
				s.i = len(s.raw)
				return false
			}
			if s.raw[s.i+1] != 'u' {
				s.i += 2 // \n \t \r \" \\ \/ \b \f: \b and \f are control characters
				if e := s.raw[s.i-1]; e == 'b' || e == 'f' {
					ok = false
				}
				continue
			}
			r, n := s.escape(s.i)
			s.i += n
			if r == utf8.RuneError || !cleanRune(r) {
				ok = false
			}
		case c < utf8.RuneSelf:
			s.i++
		default:
			r, n := utf8.DecodeRune(s.raw[s.i:])
			s.i += n
			if r == utf8.RuneError && n == 1 || !cleanRune(r) {
				ok = false
			}
		}
	}
	return false
}

// escape decodes \uXXXX (and a following low surrogate) at i; a lone surrogate is RuneError.
func (s *scanner) escape(i int) (rune, int) {
	r, ok := hex4(s.raw, i+2)
	if !ok {
		return utf8.RuneError, min(6, len(s.raw)-i)
	}
	if r < 0xD800 || r > 0xDFFF {
		return r, 6
	}
	if r >= 0xDC00 || i+12 > len(s.raw) || s.raw[i+6] != '\\' || s.raw[i+7] != 'u' {
		return utf8.RuneError, 6
	}
	lo, ok := hex4(s.raw, i+8)
	if !ok || lo < 0xDC00 || lo > 0xDFFF {
		return utf8.RuneError, 6
	}
	return 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00), 12
}

func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[i:i+4]), 16, 32)
	return rune(v), err == nil
}

// cleanRune refuses control characters (C0, DEL, C1) but tab, line feed and carriage return.
func cleanRune(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || !unicode.IsControl(r)
}
