package templates

import (
	"regexp"
	"strings"
	"unicode"
)

// nameNumber matches a capitalised word and the short number or Roman numeral that belongs to it
// ("SOC 2", "Type II" (Roman numerals of two letters or more: "I" is a word), "Postgres 16", "Go 1.22", "Part 4", "March 12"), so a line never ends with
// the name and starts with its number ("SOC / 2 Type II").
var nameNumber = regexp.MustCompile(`\b(\p{Lu}[\p{L}\p{N}-]*) ((?:\d{1,4}(?:\.\d{1,3})?|I{2,3}|IV|VI{1,3}|IX)\b)`)

// dayMonth matches a day of the month and the English month name after it ("12 March", "3 Sept"),
// a date written day first.
var dayMonth = regexp.MustCompile(`\b(\d{1,2}) ((?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)(\s|\x{00a0}|$|[,.;:!?)])`)

// relNumber matches a relation written with spaces and the figure after it ("n = 1,204", "p < 0.05",
// "Δ ≈ −2%"): the term before the sign, the sign and a number, which read as one figure.
var relNumber = regexp.MustCompile(`(\S) ([=<>≈≤≥≠~±]) ([-−+]?[\p{N}.,]*\p{N})`)

// numberUnit matches a figure and the unit of time, size or rate written after it ("10 minutes",
// "300 ms", "42 ms", "30 days", "2 GB"): a line never ends on the figure and starts with its unit.
var numberUnit = regexp.MustCompile(`(^|[\s(])([-−+]?\p{N}[\p{N}.,]*) ((?:ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|yrs?|px|KB|MB|GB|TB|kB|km|kg|fps|x)\b)`)

// numRange matches a range of numbers written with an en or em dash ("11–15", "2024—2026"): a
// line may break after the dash (Unicode line breaking), which read as two figures ("Core hours
// 11– / 15 CET"). A hyphen between digits already holds.
var numRange = regexp.MustCompile(`(\p{N})([\x{2013}\x{2014}])(\p{N})`)

// keepNumbers joins each capitalised word to the number after it with a no-break space (U+00A0),
// for headlines, where a line break between the two reads as two things, and a day to its month
// ("12 March 2026" never breaks as "12 / March 2026"). Lower-case words keep their break ("in
// 2026", "ship 3 features": the number belongs to what follows). A relation stays with its figure
// ("n = 1,204" never breaks as "n = / 1,204" in a survey's source line), a figure with its unit
// ("Lunch in 10 / minutes" in an ad's headline), and a range keeps its second figure (a word
// joiner, U+2060, after its dash: "11–15" never breaks as "11– / 15").
func keepNumbers(s string) string {
	s = numRange.ReplaceAllString(s, "$1$2\u2060$3")
	s = relNumber.ReplaceAllString(s, "$1\u00a0$2\u00a0$3")
	s = numberUnit.ReplaceAllString(s, "$1$2\u00a0$3")
	s = nameNumber.ReplaceAllString(s, "$1\u00a0$2")
	return dayMonth.ReplaceAllString(s, "$1\u00a0$2$3")
}

// versus matches "vs", "vs." or "versus" between two words.
var versus = regexp.MustCompile(`(\S) (vs\.?|versus|VS\.?) (\S)`)

// bindVersus joins "vs" to the word after it with a no-break space, so a comparison's title never
// ends a line on it ("Self-hosted vs / hosted / image APIs" in editorial's landscape title left
// "hosted" alone between two lines): the second side starts its line with "vs".
func bindVersus(s string) string {
	return versus.ReplaceAllString(s, "$1 $2\u00a0$3")
}

// rateSlash matches a spaced slash before a word ("$40 / month", "2 / user").
var rateSlash = regexp.MustCompile(`(\S) / (\pL)`)

// bindRate joins a spaced slash to the word after it with a no-break space, so a rate breaks before
// its slash ("$450 / month" in a comparison's narrow column set "$450 /" over "month"; now "$450" over
// "/ month").
func bindRate(s string) string {
	return rateSlash.ReplaceAllString(s, "$1 /\u00a0$2")
}

// shortEnd matches the last space of a text of three words or more before a last word of at most
// three letters ("docker compose up").
var shortEnd = regexp.MustCompile(`^(\S+ \S+.*?) (\pL{1,3}[.!?]?)$`)

// bindShortEnd joins a short last word to the word before it with a no-break space, so a value in
// a narrow column does not end on it alone ("docker compose / up" in the comparison's story columns;
// now "docker / compose up"). Two-word texts ("Sign up") are left to break as they do.
func bindShortEnd(s string) string {
	return shortEnd.ReplaceAllString(s, "$1\u00a0$2")
}

// figureCompound matches the hyphen of a compound led by a figure ("30-page", "48-hour", "2-factor").
var figureCompound = regexp.MustCompile(`(\p{N})-(\p{L})`)

// oneLetter matches a one-letter Latin word ("A", "a", "I") and the space after it.
var oneLetter = regexp.MustCompile(`(^|[\s(\x{201c}"])(\p{Latin}) `)

// GlueFigures keeps a figure-led compound of a slide's paragraph on one line with a word joiner
// (U+2060) after its hyphen: compounds.js leaves a paragraph's hyphens as break points (over 80
// characters, a hyphen break beats a ragged line), and the long CTA's balanced body read "in a free
// 30- / page guide", the figure cut from what it counts. A one-letter word is joined to the word
// after it with a no-break space, the typesetter's rule: the emoji point's square body ended a
// line on it ("the same 200 rows. A / 30-second cache"). Latin script only: a CJK character
// between spaces ("用 Go") is a word of its own.
func (d Data) GlueFigures(s string) string {
	s = figureCompound.ReplaceAllString(s, "$1-"+wj+"$2")
	return oneLetter.ReplaceAllString(s, "$1$2\u00a0")
}

// letterWord matches a word with a letter or a digit in it.
var letterWord = regexp.MustCompile(`[\pL\pN]`)

// letterWords counts the space-separated words of s that hold a letter or a digit: a symbol or an
// emoji set after a name ("Tabs ⇥", "Spaces ␣") is part of the name, not a word of its own.
func letterWords(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		if letterWord.MatchString(f) {
			n++
		}
	}
	return n
}

// partsAfter splits s (trimmed) at each match of sep, the separator kept at the end of the part
// before it (a separator set off by spaces keeps one space before it: "東京都渋谷区 · Shibuya
// Stream 7F" -> "東京都渋谷区 ·", "Shibuya Stream 7F"), so a template can set each part as one unit and the line breaks only after a separator.
// A text without separators, or with a separator opening it or following another at once (an empty
// part), is one part. placeParts (a venue's " · ") and commaParts (a credit's ", ") split with it.
func partsAfter(s string, sep *regexp.Regexp) []string {
	s = strings.TrimSpace(s)
	var out []string
	at := 0
	for _, loc := range sep.FindAllStringIndex(s, -1) {
		if loc[0] == at || loc[1] == len(s) {
			return []string{s}
		}
		match := s[loc[0]:loc[1]]
		mark := strings.TrimSpace(match)
		if strings.TrimLeftFunc(match, unicode.IsSpace) != match {
			mark = " " + mark
		}
		out = append(out, s[at:loc[0]]+mark)
		at = loc[1]
	}
	return append(out, s[at:])
}
