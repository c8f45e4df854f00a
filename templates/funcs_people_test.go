package templates

import (
	"strings"
	"testing"
)

func TestInitials(t *testing.T) {
	tests := []struct{ given, name, want string }{
		{"", "Ada Lovelace", "AL"},
		{"", "ada lovelace", "AL"},
		{"", "Dr. Jane van der Berg", "JB"},
		{"", "Prof Grace Hopper", "GH"},
		{"", "Madonna", "M"},
		{"", "  Jean-Luc   Picard ", "JP"},
		{"", "Élodie Dupré", "ÉD"},
		{"", "Сергей Брин", "СБ"},
		{"", "王小明", "王"},
		{"", "山田 太郎", "山"},
		{"", "김민준", "김"},
		{"", "محمد علي", "م"},
		{"", "Sam Rivera (she/her)", "SR"},
		{"", "@jdoe Jane Doe", "JD"},
		{"", "🚀", ""},
		{"", "", ""},
		{"ab", "Ada Lovelace", "AB"},
		{" xyzw ", "Ada Lovelace", "XYZ"},
		{"李", "Li Wei", "李"},
	}
	for _, tt := range tests {
		if got := initials(tt.given, tt.name); got != tt.want {
			t.Errorf("initials(%q, %q) = %q, want %q", tt.given, tt.name, got, tt.want)
		}
	}
}

func TestDateTile(t *testing.T) {
	tests := []struct {
		in                        string
		month, day, weekday, year string
	}{
		{"Thu, 12 March 2026", "MAR", "12", "THU", "2026"},
		{"Thursday, March 12, 2026", "MAR", "12", "THU", "2026"},
		{"March 12th", "MAR", "12", "", ""},
		{"12–14 May 2026", "MAY", "12–14", "", "2026"},
		{"May 12 - 14, 2026", "MAY", "12–14", "", "2026"},
		{"Tue 3 Feb, 18:00", "FEB", "3", "TUE", ""},
		{"2026-03-05", "MAR", "5", "", "2026"},
		{"12.03.2026", "MAR", "12", "", "2026"},
		{"Do., 12. März 2026", "MÄR", "12", "DO", "2026"},
		{"jeudi 12 mars", "MAR", "12", "JEU", ""},
		{"12 de marzo de 2026", "MAR", "12", "", "2026"},
		{"the 12th of June", "JUN", "12", "", ""},
		{"2026年3月12日（木）", "3月", "12", "木曜日", "2026"},
		{"3月12日 星期四", "3月", "12", "星期四", ""},
		{"24/03/2026", "MAR", "24", "", "2026"},
		{"03/24/2026", "MAR", "24", "", "2026"},
		{"03/04/2026", "", "", "", ""},
		{"March 2026", "", "", "", ""},
		{"Every Tuesday", "", "", "TUE", ""},
		{"Tomorrow 18:00", "", "", "", ""},
		{"", "", "", "", ""},
	}
	for _, tt := range tests {
		got := dateTile(tt.in)
		if got.Month != tt.month || got.Day != tt.day || got.Weekday != tt.weekday || got.Year != tt.year {
			t.Errorf("dateTile(%q) = %+v, want month %q day %q weekday %q year %q", tt.in, got, tt.month, tt.day, tt.weekday, tt.year)
		}
		if ok := tt.month != "" && tt.day != ""; got.OK() != ok {
			t.Errorf("dateTile(%q).OK() = %v, want %v", tt.in, got.OK(), ok)
		}
	}
	if f := (DateTile{Weekday: "THU", Year: "2026"}).Foot(); f != "THU · 2026" {
		t.Errorf("Foot = %q", f)
	}
}

func TestPerkIcon(t *testing.T) {
	tests := []struct{ perk, want string }{
		{"Remote-first, anywhere in the EU", "globe"},
		{"€75k–95k salary + bonus", "coin"},
		{"Meaningful equity", "chart"},
		{"30 days paid vacation", "sun"},
		{"Private health insurance", "heart"},
		{"€2,000 yearly learning budget", "book"},
		{"MacBook Pro and a home-office setup", "laptop"},
		{"Flexible hours, async by default", "clock"},
		{"16 weeks parental leave", "home"},
		{"Twice-yearly team offsite", "plane"},
		{"Free lunch every Friday", "coffee"},
		{"Company pension plan", "shield"},
		{"Work on open source", "spark"},
		{"🌍 Remote anywhere", ""},
		{"✨ Good vibes", ""},
	}
	for _, tt := range tests {
		if got := perkIcon(tt.perk); got != tt.want {
			t.Errorf("perkIcon(%q) = %q, want %q", tt.perk, got, tt.want)
		}
	}
}

func TestPlaceParts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"東京都渋谷区 · Shibuya Stream 7F", []string{"東京都渋谷区 ·", "Shibuya Stream 7F"}},
		{"Kulturbrauerei, Berlin", []string{"Kulturbrauerei, Berlin"}},
		{" Hall B | Messe Wien • Vienna ", []string{"Hall B |", "Messe Wien •", "Vienna"}},
		{"Zoom · ", []string{"Zoom ·"}},
		{"· Online", []string{"· Online"}},
		{"A·B", []string{"A·B"}},
	} {
		got := placeParts(tc.in)
		if strings.Join(got, "\x00") != strings.Join(tc.want, "\x00") {
			t.Errorf("placeParts(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
