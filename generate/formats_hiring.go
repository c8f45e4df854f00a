package generate

// This file builds the hiring format: the role (with the skills in parentheses after it), the
// company, where, the kind of contract, the perks and the salary, and how to apply.

import (
	"regexp"
	"strings"

	"github.com/brandgen/brandgen/posts"
)

var (
	perksLabelRe  = regexp.MustCompile(`(?i)\b(?:perks|benefits|we\s+offer|what\s+you\s+get|why\s+join(?:\s+us)?)\s*:\s*(.+)`)
	hiringNoiseRe = regexp.MustCompile(`(?i)\bhiring\b|\bapply\b|\bjoin\s+(?:us|our)\b|招聘|简历|履歴書|応募|地点`)
	roleLabelRe   = regexp.MustCompile(`(?i)\b(?:role|position|job(?:\s+title)?)\s*:\s*([^.!?\n,;]+)`)
	cjkRoleRe     = regexp.MustCompile(`(?:招聘|诚聘|募集|採用|채용)\s*[:：]?\s*([^，。,;；！!\s]{2,30})`)
	cjkPlaceRe    = regexp.MustCompile(`(?:地点|工作地点|地點|勤務地|근무지)\s*[:：]?\s*([^，。,;；！!\s]{1,20})`)
	cjkTypeRe     = regexp.MustCompile(`全职|兼职|实习|全職|兼職|實習|正社員|契約社員|アルバイト|정규직|계약직|인턴`)
	applyRe       = regexp.MustCompile(`(?i)\b(?:apply|send\s+(?:your\s+)?(?:cv|resume)|reach\s+out)\s+(?:now\s+|today\s+)?(?:at|to|via|on)\s+(\S+)|\bdm\s+(?:us|me)\b`)
	// skillsRe reads the parentheses right after a role: "Frontend Engineer (React, TypeScript)".
	skillsRe = regexp.MustCompile(`^\s*[(（]([^)）]{1,60})[)）]`)
	// salaryRe finds a pay range: "$70k-$85k CAD", "€80-95k", "$180k-$210k + equity".
	salaryRe = regexp.MustCompile(`(?i)(?:\bsalary\s*:?\s*)?[$€£]\s?\d[\d,.]*k?(?:\s?(?:-|–|to)\s?[$€£]?\d[\d,.]*k?)?(?:\s?(?:USD|EUR|GBP|CAD|AUD|CHF))?(?:\s*\+\s*equity)?`)
)

func (d *doc) hiring() *posts.HiringContent {
	c := &posts.HiringContent{}
	role, src := d.hiringRole()
	c.Role = strings.TrimSpace(hiringLeadRe.ReplaceAllString(role, ""))
	// Skills in parentheses right after the role belong to it; contract terms do not.
	if src != "" {
		if i := strings.Index(strings.ToLower(src), strings.ToLower(role)); i >= 0 && len(strings.ToLower(src)) == len(src) {
			if m := skillsRe.FindStringSubmatch(src[i+len(role):]); m != nil && !employmentRe.MatchString(m[1]) &&
				!remoteRe.MatchString(m[1]) && !digitRe.MatchString(m[1]) && runes(c.Role)+runes(m[1])+3 <= 80 {
				c.Role += " (" + m[1] + ")"
			}
		}
	}
	if m := companyRe.FindStringSubmatch(d.raw); m != nil {
		co := m[1]
		if co == "" {
			co = m[2]
		}
		if !notACompanyRe.MatchString(co) && findDate(co) == "" && !strings.Contains(c.Role, co) {
			c.Company = co
		}
	}
	c.Location = d.hiringLocation(c.Company)
	if m := cjkTypeRe.FindString(d.raw); m != "" {
		c.Type = m
	} else if m := employmentRe.FindString(d.raw); m != "" {
		t := strings.ToLower(m)
		t = dashSpaceRe.ReplaceAllString(t, "-")
		c.Type = upperFirst(strings.Replace(t, "working-student", "working student", 1))
	}
	c.Perks = d.hiringPerks(c)
	if m := applyRe.FindStringSubmatch(d.raw); m != nil {
		if m[1] != "" {
			c.Apply = strings.TrimRight(displayURL(m[1]), ".,;!")
		} else {
			c.Apply = "DM us"
		}
	} else if e := emailRe.FindString(d.raw); e != "" {
		c.Apply = e
	} else if u := findURLs(d.raw); len(u) > 0 {
		c.Apply = u[0]
	}
	return c
}

// hiringRole finds the position and the text it was read from: a "Role:" label, the words after
// "hiring"/"looking for", a CJK "招聘…", a clause holding a role word, else the title.
func (d *doc) hiringRole() (role, src string) {
	ok := func(r string) bool {
		r = strings.TrimSpace(r)
		w := strings.ToLower(r)
		return r != "" && len(strings.Fields(r)) <= 8 && !notARoleRe.MatchString(r) && !mediumWords[w] && formatWords[w] == ""
	}
	if m := roleLabelRe.FindStringSubmatch(d.raw); m != nil && ok(m[1]) {
		return strings.TrimSpace(m[1]), d.raw
	}
	if m := hiringRoleRe.FindStringSubmatch(d.raw); m != nil && ok(m[1]) {
		return upperFirst(strings.TrimSpace(m[1])), d.raw
	}
	if m := cjkRoleRe.FindStringSubmatch(d.body); m != nil {
		return m[1], d.body
	}
	for _, s := range append(d.prose, listTexts(d.list)...) {
		for _, cl := range clauses(s) {
			if loc := roleWordRe.FindStringIndex(cl); loc != nil && len(strings.Fields(cl)) <= 8 {
				cl = trimSentence(cl)
				// "A Customer Success Manager in Toronto": the role ends where the place starts.
				if p := findPlace(cl); p != "" {
					cl = removeSpan(cl, p)
				}
				cl = strings.TrimPrefix(strings.TrimPrefix(cl, "A "), "An ")
				return upperFirst(cl), s
			}
		}
	}
	return d.title(), ""
}

// hiringLocation is where the job is: a city, remote or hybrid, or both ("Lisbon (hybrid)",
// "Berlin or remote").
func (d *doc) hiringLocation(company string) string {
	loc := ""
	if m := remoteRe.FindString(d.raw); m != "" {
		loc = upperFirst(strings.TrimSpace(m))
	}
	if p := findPlace(d.raw); p != "" && p != company && !strings.HasPrefix(p, "Online") {
		switch low := strings.ToLower(loc); {
		case loc == "":
			loc = p
		case strings.Contains(loc, p):
		case low == "hybrid" || strings.HasPrefix(low, "on-site") || strings.HasPrefix(low, "onsite") || strings.HasPrefix(low, "on site"):
			loc = p + " (" + low + ")"
		default:
			loc = p + " or " + low
		}
	}
	if loc == "" {
		if m := cjkPlaceRe.FindStringSubmatch(d.raw); m != nil {
			loc = m[1]
		}
	}
	return loc
}

// hiringPerks are the perks listed (lines, a "Perks:" label, else the parts of an inline list
// that are none of the other fields) and the salary.
func (d *doc) hiringPerks(c *posts.HiringContent) []string {
	var perks []string
	for _, it := range d.list {
		perks = append(perks, upperFirst(trimSentence(it.text)))
	}
	if len(perks) == 0 {
		if m := perksLabelRe.FindStringSubmatch(d.raw); m != nil {
			for _, p := range inlineListOrOne(m[1]) {
				perks = append(perks, upperFirst(p))
			}
		}
	}
	if len(perks) == 0 {
		for _, p := range d.inline {
			perks = append(perks, upperFirst(trimSentence(p)))
		}
	}
	out := perks[:0]
	for _, p := range perks {
		low := strings.ToLower(p)
		dup := strings.Count(p, "(") != strings.Count(p, ")") // a part cut out of "(a, b)"
		for _, f := range []string{c.Role, c.Location, c.Type, c.Company} {
			if f != "" && (strings.Contains(low, strings.ToLower(f)) || strings.Contains(strings.ToLower(f), low)) {
				dup = true
			}
		}
		if !dup && !hiringNoiseRe.MatchString(p) {
			out = append(out, p)
		}
	}
	if s := strings.TrimSpace(salaryRe.FindString(d.raw)); s != "" && runes(s) <= 60 {
		found := false
		for _, p := range out {
			found = found || strings.Contains(p, s) || strings.Contains(s, p)
		}
		if !found {
			out = append(out, upperFirst(s))
		}
	}
	return out
}

func inlineListOrOne(s string) []string {
	s = trimSentence(strings.SplitN(s, ". ", 2)[0])
	if p := inlineList(s, 2); p != nil {
		return p
	}
	return []string{s}
}
