package generate

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

// This file builds the stat format.

var (
	fromToRe         = regexp.MustCompile(`^\S+(?:\s+\S+)?\s+(?:to|→|->)\s+`)
	sourceSentenceRe = regexp.MustCompile(`(?i)^\s*(?:source|via|data)\s*:`)
	digitRe          = regexp.MustCompile(`\d`)
	trailingSourceRe = regexp.MustCompile(`\s*\((\p{Lu}[\p{L}\p{N}&.' -]{1,60}(?:,\s*\d{4})?)\)\s*$`)
)

func (d *doc) stat() *posts.StatContent {
	c := &posts.StatContent{}
	var used string
	for _, s := range append(d.prose, listTexts(d.list)...) {
		if v, at := findValue(s); v != "" {
			// "grew from $1.2M to $4.2M": the figure is where it went.
			if m := fromToRe.FindStringSubmatchIndex(s[at:]); m != nil && m[0] == 0 {
				if v2, at2 := findValue(s[at+m[1]:]); v2 != "" && at2 == 0 {
					v, at = v2, at+m[1]
				}
			}
			c.Value = strings.Join(strings.Fields(v), " ")
			used = s
			rest := strings.TrimSpace(s[at+len(v):])
			if strings.TrimSpace(s[:at]) == "" && len(strings.Fields(rest)) >= 2 {
				c.Label = trimSentence(rest)
			} else {
				c.Label = trimSentence(s)
			}
			break
		}
	}
	if c.Value == "" {
		for _, s := range append(d.prose, listTexts(d.list)...) {
			if m := anyNumberRe.FindString(s); m != "" && runes(m) <= 16 {
				c.Value, used, c.Label = m, s, trimSentence(s)
				break
			}
		}
	}
	if c.Value == "" {
		if items := d.listOrInline(); len(items) >= 2 {
			c.Value = fmt.Sprint(len(items))
			c.Label = d.title()
			used = d.headSentence()
		}
	}
	if c.Value == "" {
		c.Value = salientWord(d.title())
		c.Label = d.title()
		used = d.headSentence()
	}
	if m := sourceRe.FindStringSubmatch(d.raw); m != nil {
		c.Source = upperFirst(trimSentence(strings.TrimSpace(m[1])))
	} else if m := trailingSourceRe.FindStringSubmatchIndex(c.Label); m != nil {
		// "... because of shipping costs (Baymard Institute)": a name in parentheses at the end.
		c.Source = c.Label[m[2]:m[3]]
		c.Label = strings.TrimSpace(c.Label[:m[0]])
	}
	var ctx []string
	for _, s := range d.prose {
		if s == used || sourceSentenceRe.MatchString(s) || (c.Source != "" && strings.Contains(s, c.Source) && runes(s) < runes(c.Source)+20) {
			continue
		}
		ctx = append(ctx, s)
	}
	c.Context = strings.Join(ctx, " ")
	return c
}

func listTexts(l []listItem) []string {
	out := make([]string, len(l))
	for i, it := range l {
		out[i] = it.text
	}
	return out
}

// salientWord picks a short, prominent word of s to stand as a figure: a capitalised word after
// the first, else the longest word.
func salientWord(s string) string {
	if hasCJK(s) {
		best := ""
		for _, c := range clauses(s) {
			if runes(c) >= 2 && runes(c) <= 16 && (best == "" || runes(c) < runes(best)) {
				best = c
			}
		}
		if best != "" {
			return best
		}
	}
	ws := wordsOf(s)
	if len(ws) == 0 {
		return clip(s, 16)
	}
	best := ""
	for i, w := range ws {
		if i > 0 && runes(w) <= 16 && len(w) > 1 && strings.ToUpper(w[:1]) == w[:1] && !danglingWords[strings.ToLower(w)] && !digitRe.MatchString(w[:1]) {
			return w
		}
		if runes(w) > runes(best) && runes(w) <= 16 {
			best = w
		}
	}
	if best == "" {
		best = clip(ws[0], 16)
	}
	return upperFirst(best)
}
