package posts

import (
	"fmt"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
)

// Validate adds the rules the schema cannot hold: caps on the strings inside string lists.
func Validate(v any, prefix string) []brandgen.Issue {
	var issues []brandgen.Issue
	capList := func(field string, items []string, max int) {
		for i, s := range items {
			if utf8.RuneCountInString(s) > max {
				issues = append(issues, brandgen.Issue{Field: fmt.Sprintf("%s%s[%d]", prefix, field, i), Message: fmt.Sprintf("must be at most %d characters", max)})
			} else if s == "" {
				issues = append(issues, brandgen.Issue{Field: fmt.Sprintf("%s%s[%d]", prefix, field, i), Message: "must not be empty"})
			}
		}
	}
	switch c := v.(type) {
	case AdContent:
		capList("features", c.Features, 50)
	case HiringContent:
		capList("perks", c.Perks, 60)
	}
	return issues
}
