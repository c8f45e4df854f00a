package templates

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Template funcs of the people- and event-centred post formats (testimonial, event, hiring):
// avatar initials, the calendar tile of an event date and the icon of a job perk.

// honorifics are words skipped when deriving initials.
var honorifics = map[string]bool{"dr": true, "mr": true, "mrs": true, "ms": true, "mx": true,
	"prof": true, "sir": true, "dame": true, "miss": true}

// initials returns the avatar initials of a person: given (trimmed, upper-cased, at most 3
// characters) when set, else derived from name: the first letters of its first and last words
// ("Ada Lovelace" -> "AL", "Dr. Jane van der Berg" -> "JB"), one letter for a one-word name or an
// uncased script (Arabic, Hebrew, ...), and the first character alone for a CJK name ("王小明" ->
// "王"). Honorifics, @handles and parenthesised words are skipped. It returns "" when the name has
// no letter (an emoji-only name): the template then draws a person icon.
func initials(given, name string) string {
	if g := strings.TrimSpace(given); g != "" {
		g = strings.ToUpper(g)
		if utf8.RuneCountInString(g) > 3 {
			g = string([]rune(g)[:3])
		}
		return g
	}
	var letters []rune
	for _, w := range strings.Fields(name) {
		if strings.HasPrefix(w, "(") || strings.HasPrefix(w, "@") {
			continue
		}
		if honorifics[strings.ToLower(strings.TrimRight(w, "."))] {
			continue
		}
		for _, r := range w {
			if unicode.IsLetter(r) {
				letters = append(letters, r)
				break
			}
		}
	}
	if len(letters) == 0 {
		return ""
	}
	first := letters[0]
	if wideScript(first) || !cased(first) || len(letters) == 1 {
		return string(unicode.ToUpper(first))
	}
	return string([]rune{unicode.ToUpper(first), unicode.ToUpper(letters[len(letters)-1])})
}

// wideScript reports whether r is a CJK ideograph, kana or hangul: one is a whole initial.
func wideScript(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// cased reports whether r's script has upper and lower case (Latin, Greek, Cyrillic, ...); letters
// of uncased scripts such as Arabic join up, so only one is used.
func cased(r rune) bool { return unicode.ToUpper(r) != unicode.ToLower(r) }

// DateTile is an event date split for a calendar-like tile: Month on the band, Day in big figures,
// Foot (weekday and/or year) under it. OK is false when the date could not be read; the template
// then shows the date as text.
type DateTile struct {
	Month, Day, Weekday, Year string
}

// OK reports whether the tile has a month and a day.
func (t DateTile) OK() bool { return t.Month != "" && t.Day != "" }

// Foot is the line under the day: weekday and year, as present.
func (t DateTile) Foot() string {
	switch {
	case t.Weekday != "" && t.Year != "":
		return t.Weekday + " · " + t.Year
	case t.Weekday != "":
		return t.Weekday
	}
	return t.Year
}

var (
	isoDate    = regexp.MustCompile(`\b(\d{4})-(\d{1,2})-(\d{1,2})\b`)
	dottedDate = regexp.MustCompile(`\b(\d{1,2})\.(\d{1,2})\.(\d{2,4})?`)
	slashDate  = regexp.MustCompile(`\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b`)
	cjkDate    = regexp.MustCompile(`(?:(\d{4})\s*年)?\s*(\d{1,2})\s*月\s*(\d{1,2})(?:\s*[-–~〜至]\s*(\d{1,2}))?\s*日`)
	dayNumber  = regexp.MustCompile(`\d{1,2}(?:st|nd|rd|th|er|\.|º)?(?:\s*[-–—]\s*\d{1,2}(?:st|nd|rd|th|er|\.|º)?)?`)
	yearNumber = regexp.MustCompile(`\b(19|20|21)\d{2}\b`)
	dayDigits  = regexp.MustCompile(`\d{1,2}`)
	wordRE     = regexp.MustCompile(`\p{L}+`)
)

// monthAbbr are the English month abbreviations used for numeric dates.
var monthAbbr = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}

// monthWords maps month names and abbreviations (English, German, French, Spanish, Italian,
// Portuguese, Dutch) to their number.
var monthWords = map[string]int{}

// weekdayWords are weekday names and abbreviations in the same languages.
var weekdayWords = map[string]bool{}

func init() {
	months := [][]string{
		{"january", "jan", "januar", "jänner", "janvier", "janv", "enero", "ene", "gennaio", "gen", "janeiro", "januari"},
		{"february", "feb", "februar", "février", "fevrier", "févr", "fevr", "febrero", "febbraio", "fevereiro", "fev", "februari"},
		{"march", "mar", "märz", "maerz", "mär", "mars", "marzo", "março", "maart", "mrt"},
		{"april", "apr", "avril", "avr", "abril", "abr", "aprile"},
		{"may", "mai", "mayo", "maggio", "mag", "maio", "mei"},
		{"june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho"},
		{"july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho"},
		{"august", "aug", "août", "aout", "agosto", "ago", "augustus"},
		{"september", "sep", "sept", "septembre", "septiembre", "settembre", "set", "setembro"},
		{"october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro", "out"},
		{"november", "nov", "novembre", "noviembre", "novembro"},
		{"december", "dec", "dez", "dezember", "décembre", "decembre", "déc", "diciembre", "dic", "dicembre", "dezembro"},
	}
	for i, names := range months {
		for _, n := range names {
			monthWords[n] = i + 1
		}
	}
	for _, w := range strings.Fields(`monday mon tuesday tue tues wednesday wed thursday thu thur thurs friday fri
		saturday sat sunday sun montag mo dienstag di mittwoch mi donnerstag do freitag fr samstag sa sonntag so
		lundi lun mardi mercredi mer jeudi jeu vendredi ven samedi dimanche dim lunes martes miércoles miercoles
		jueves viernes sábado sabado domingo lunedì martedì mercoledì giovedì venerdì sabato domenica`) {
		weekdayWords[w] = true
	}
}

// dateTile reads an event date written for people ("Thu, 12 March 2026", "March 12–14, 2026",
// "2026-03-12", "12.03.2026", "2026年3月12日") into a DateTile. Times ("18:00") are ignored.
// Ambiguous numeric dates (03/04) and dates without a day ("March 2026", "Every Tuesday") give a
// tile that is not OK.
func dateTile(s string) DateTile {
	var t DateTile
	s = strings.TrimSpace(s)
	if s == "" {
		return t
	}
	for _, w := range wordRE.FindAllString(s, -1) {
		if weekdayWords[strings.ToLower(w)] && t.Weekday == "" {
			t.Weekday = abbr(w)
		}
	}
	if m := cjkDate.FindStringSubmatch(s); m != nil {
		t.Year = m[1]
		t.Month = m[2] + "月"
		t.Day = m[3]
		if m[4] != "" {
			t.Day += "–" + m[4]
		}
		t.Weekday = cjkWeekday(s)
		return t
	}
	if m := isoDate.FindStringSubmatch(s); m != nil {
		if mo, _ := strconv.Atoi(m[2]); mo >= 1 && mo <= 12 && validDay(m[3]) {
			t.Year, t.Month, t.Day = m[1], monthAbbr[mo-1], strings.TrimLeft(m[3], "0")
			return t
		}
	}
	// A month written as a word, with the nearest day number.
	for _, loc := range wordRE.FindAllStringIndex(s, -1) {
		w := s[loc[0]:loc[1]]
		if _, ok := monthWords[strings.ToLower(w)]; !ok {
			continue
		}
		day := nearestDay(s, loc[0], loc[1])
		if day == "" {
			continue
		}
		t.Month, t.Day = abbr(w), day
		if y := yearNumber.FindString(s); y != "" {
			t.Year = y
		}
		return t
	}
	if m := dottedDate.FindStringSubmatch(s); m != nil && validDay(m[1]) {
		if mo, _ := strconv.Atoi(m[2]); mo >= 1 && mo <= 12 {
			t.Month, t.Day = monthAbbr[mo-1], strings.TrimLeft(m[1], "0")
			t.Year = fullYear(m[3])
			return t
		}
	}
	if m := slashDate.FindStringSubmatch(s); m != nil {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		switch {
		case a > 12 && a <= 31 && b >= 1 && b <= 12: // day/month
			t.Month, t.Day = monthAbbr[b-1], strconv.Itoa(a)
		case b > 12 && b <= 31 && a >= 1 && a <= 12: // month/day
			t.Month, t.Day = monthAbbr[a-1], strconv.Itoa(b)
		default:
			return DateTile{Weekday: t.Weekday}
		}
		t.Year = fullYear(m[3])
		return t
	}
	return DateTile{Weekday: t.Weekday}
}

// nearestDay finds the day number (or range) closest to the month word at s[start:end]: the
// number right after it ("March 12") or right before it ("12 March"), never a time or a year.
func nearestDay(s string, start, end int) string {
	after := strings.TrimLeft(s[end:], " .,")
	if loc := dayNumber.FindStringIndex(after); loc != nil && loc[0] == 0 {
		if d := cleanDay(after[:loc[1]], after[loc[1]:]); d != "" {
			return d
		}
	}
	before := strings.TrimRight(s[:start], " .,")
	for _, link := range []string{" de", " del", " of"} { // "12 de marzo", "12th of March"
		before = strings.TrimSuffix(before, link)
	}
	before = strings.TrimRight(before, " .") // "12. März"
	locs := dayNumber.FindAllStringIndex(before, -1)
	if n := len(locs); n > 0 && locs[n-1][1] == len(before) {
		return cleanDay(before[locs[n-1][0]:], "")
	}
	return ""
}

// cleanDay normalises a matched day ("12th", "12 - 14") to "12" or "12–14"; rest is the text after
// the match, which rules out times ("18:00") and longer numbers.
func cleanDay(m, rest string) string {
	if strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "h") && len(rest) > 1 && rest[1] >= '0' && rest[1] <= '9' {
		return ""
	}
	if r, _ := utf8.DecodeRuneInString(rest); unicode.IsDigit(r) {
		return ""
	}
	var parts []string
	for _, p := range dayDigits.FindAllString(m, -1) {
		if !validDay(p) {
			return ""
		}
		parts = append(parts, strings.TrimLeft(p, "0"))
	}
	return strings.Join(parts, "–")
}

func validDay(s string) bool {
	d, err := strconv.Atoi(s)
	return err == nil && d >= 1 && d <= 31
}

// fullYear turns "26" into "2026"; "" stays "".
func fullYear(y string) string {
	if len(y) == 2 {
		return "20" + y
	}
	return y
}

// abbr is the first three letters of a word, upper-cased ("March" -> "MAR", "März" -> "MÄR").
func abbr(w string) string {
	r := []rune(w)
	if len(r) > 3 {
		r = r[:3]
	}
	return strings.ToUpper(string(r))
}

// cjkWeekday finds "星期四", "周四" or "(木)" style weekdays.
func cjkWeekday(s string) string {
	for _, p := range []string{"星期", "周", "週"} {
		if i := strings.Index(s, p); i >= 0 {
			r, _ := utf8.DecodeRuneInString(s[i+len(p):])
			if strings.ContainsRune("一二三四五六日天", r) {
				return p + string(r)
			}
		}
	}
	for _, r := range "月火水木金土日" {
		for _, open := range []string{"(", "（"} {
			if strings.Contains(s, open+string(r)) {
				return string(r) + "曜日"
			}
		}
	}
	return ""
}

// perkIcon picks the icon of a job perk from its words: globe (remote), coin (pay), chart (equity),
// sun (time off), heart (health), book (learning), laptop (equipment), clock (flexible hours), home
// (family), users (team), plane (relocation, travel), coffee (food), shield (pension, insurance
// the company pays), or spark for anything else. A perk that starts with its own emoji gets "".
func perkIcon(perk string) string {
	p := strings.ToLower(strings.TrimSpace(perk))
	if r, _ := utf8.DecodeRuneInString(p); r != utf8.RuneError && !unicode.IsLetter(r) && !unicode.IsDigit(r) &&
		(unicode.Is(unicode.So, r) || r > 0x2000 && !unicode.IsPunct(r) && !unicode.Is(unicode.Sc, r)) {
		return ""
	}
	for _, k := range perkKeywords {
		for _, w := range k.words {
			if strings.Contains(p, w) {
				return k.icon
			}
		}
	}
	return "spark"
}

var perkKeywords = []struct {
	icon  string
	words []string
}{
	{"home", []string{"parental", "family", "child", "kids", "maternity", "paternity", "elternzeit"}},
	{"chart", []string{"equity", "stock", "options", "esop", "shares", "rsu"}},
	{"shield", []string{"pension", "401k", "401(k)", "retirement", "life insurance"}},
	{"heart", []string{"health", "medical", "dental", "vision", "insurance", "wellness", "wellbeing", "gym", "mental", "sport"}},
	{"sun", []string{"vacation", "holiday", "days off", "day off", "pto", "paid leave", "leave", "sabbatical", "urlaub", "time off"}},
	{"globe", []string{"remote", "anywhere", "work from", "home office", "distributed", "worldwide"}},
	{"plane", []string{"relocation", "visa", "travel", "offsite", "retreat"}},
	{"laptop", []string{"laptop", "equipment", "macbook", "setup", "hardware", "gear", "desk", "monitor"}},
	{"book", []string{"learning", "training", "conference", "education", "course", "book", "growth", "mentor", "budget for"}},
	{"clock", []string{"flexible", "hours", "4-day", "four-day", "async", "schedule", "part-time", "flexi"}},
	{"coin", []string{"salary", "pay", "compensation", "bonus", "€", "$", "£", "¥", "stipend"}},
	{"users", []string{"team", "culture", "meetup", "community", "colleagues", "events"}},
	{"coffee", []string{"lunch", "food", "meal", "coffee", "snack", "drinks", "breakfast"}},
}

// placeSeparators are the separators a venue line is written with ("東京都渋谷区 · Shibuya Stream 7F").
var placeSeparators = regexp.MustCompile(`\s+[·•|]\s+`)

// placeParts splits a place at its separators, each separator kept at the end of the part before it,
// so the template sets every part as one unit and the line breaks only after a separator (never
// "Shibuya / Stream 7F" while "東京都渋谷区 ·" has room on the line above). A place without
// separators is one part.
func placeParts(s string) []string { return partsAfter(s, placeSeparators) }
