package templates

import "testing"

func TestKeepNumbers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"We are now SOC 2 Type II certified", "We are now SOC\u00a02 Type\u00a0II certified"},
		{"Postgres 16 and Go 1.22 are here", "Postgres\u00a016 and Go\u00a01.22 are here"},
		{"Available from March 12, 2026", "Available from March\u00a012, 2026"},
		{"We shipped 3 features in 2026", "We shipped 3 features in 2026"}, // lower case: the number goes with what follows
		{"Version 2.0 ships", "Version\u00a02.0 ships"},
		{"Top 10000000 users", "Top 10000000 users"}, // not a short number
		{"Ideas I like", "Ideas I like"},             // "I" is a word, not a numeral after a name
		{"深色模式现已上线", "深色模式现已上线"},
		{"Available from Thursday, 12 March 2026", "Available from Thursday, 12\u00a0March\u00a02026"},
		{"3 Sept. in Berlin", "3\u00a0Sept. in Berlin"},
		{"12 Mayors agree", "12 Mayors agree"},                 // not a month: the name runs on
		{"Core hours 11–15 CET", "Core hours 11–\u206015 CET"}, // a range keeps its second figure
		{"from 2024—2026", "from 2024—\u20602026"},
		{"A long–winded talk", "A long–winded talk"}, // words: the dash may break
		{"Northwind customer survey, n = 1,204, March 2026", "Northwind customer survey, n\u00a0=\u00a01,204, March\u00a02026"},
		{"Panel of N = 1,200 developers", "Panel of N\u00a0=\u00a01,200 developers"},
		{"significant at p < 0.05", "significant at p\u00a0<\u00a00.05"},
		{"Δ ≈ −2%", "Δ\u00a0≈\u00a0−2%"},
		{"x = y", "x = y"},                   // no figure: the words break as they like
		{"a = 3 = b", "a\u00a0=\u00a03 = b"}, // one relation per figure
		{"Lunch in 10 minutes 🥗", "Lunch in 10\u00a0minutes 🥗"},
		{"p99 latency at 42 ms", "p99 latency at 42\u00a0ms"},
		{"Renders in under 300 ms, 2.5 s at worst", "Renders in under 300\u00a0ms, 2.5\u00a0s at worst"},
		{"Free for 30 days (or 1 month)", "Free for 30\u00a0days (or 1\u00a0month)"},
		{"10 minds agree", "10 minds agree"}, // not a unit
		{"v2 ships", "v2 ships"},             // a name's number, not a figure
	} {
		if got := keepNumbers(tc.in); got != tc.want {
			t.Errorf("keepNumbers(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The comparison's binds: "vs" goes with the side after it (a word that only contains it is left
// alone); a spaced slash goes with the word after it (a slash between figures or unspaced is left);
// a last word of three letters or fewer joins the word before it, in texts of three words or more.
func TestBinds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fn    func(string) string
		cases map[string]string
	}{
		{"bindVersus", bindVersus, map[string]string{
			"Self-hosted vs hosted image APIs": "Self-hosted vs\u00a0hosted image APIs",
			"Go vs. Rust":                      "Go vs.\u00a0Rust",
			"Tabs versus spaces":               "Tabs versus\u00a0spaces",
			"Canvas vs SVG vs WebGL":           "Canvas vs\u00a0SVG vs\u00a0WebGL",
			"Canvs and vsync":                  "Canvs and vsync",
			"vs":                               "vs",
		}},
		{"bindRate", bindRate, map[string]string{
			"$450 / month":   "$450 /\u00a0month",
			"2 / user / day": "2 /\u00a0user /\u00a0day",
			"24/7 support":   "24/7 support",
			"1 / 2":          "1 / 2",
			"and/or":         "and/or",
		}},
		{"bindShortEnd", bindShortEnd, map[string]string{
			"docker compose up":  "docker compose\u00a0up",
			"Sign up":            "Sign up",
			"Never":              "Never",
			"Pay as you go.":     "Pay as you\u00a0go.",
			"Runs on your infra": "Runs on your infra",
		}},
	} {
		for in, want := range tc.cases {
			if got := tc.fn(in); got != want {
				t.Errorf("%s(%q) = %q, want %q", tc.name, in, got, want)
			}
		}
	}
}

func TestLetterWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{"Tabs ⇥", 1},
		{"Spaces ␣", 1},
		{"Self-hosted", 1},
		{"Hosted SaaS", 2},
		{"Go 1.22 🚀", 2},
		{"", 0},
	} {
		if got := letterWords(c.in); got != c.want {
			t.Errorf("letterWords(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}
