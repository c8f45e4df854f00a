package charts

import (
	"math"
	"strings"
	"testing"
)

func TestFontWidthMatchesChromium(t *testing.T) {
	// Widths Chromium measured for Inter at 100 px (canvas measureText, with kerning).
	tests := []struct {
		weight int
		text   string
		want   float64
	}{
		{400, "Hello World", 539.9},
		{600, "Hello World", 556.0},
		{700, "Hello World", 564.0},
	}
	for _, tt := range tests {
		got := font{family: "Inter", weight: tt.weight, size: 100}.width(tt.text)
		if got < tt.want || got > tt.want*1.03 {
			t.Errorf("width(%q, %d) = %.1f, want %.1f to 3%% over", tt.text, tt.weight, got, tt.want)
		}
	}
	mono := font{family: "'JetBrains Mono', monospace", size: 10}.width("abcdef")
	if math.Abs(mono-36) > 0.01 {
		t.Errorf("mono width = %v, want 36", mono)
	}
	if w := (font{family: "Inter", size: 10}).width("日本語"); w != 30 {
		t.Errorf("CJK width = %v, want 30", w)
	}
	if w := (font{family: "Inter", size: 10, lining: true}).width("111"); w <= (font{family: "Inter", size: 10}).width("111") {
		t.Errorf("tabular figures should be wider than proportional ones for 1")
	}
}

func TestFontWidthEmoji(t *testing.T) {
	f := font{family: "Inter", size: 10}
	for _, tc := range []struct {
		text string
		want float64
	}{
		{"🚀", 12},
		{"👩‍💻", 12},  // a ZWJ sequence is one emoji
		{"🇯🇵🇫🇷", 24}, // two flags
		{"1️⃣", 12},  // a keycap
		{"❤️", 12},   // VS16 makes a text heart an emoji
		{"👍🏽", 12},   // with a skin tone
		{"★", 10},    // pictographs drawn as text
		{"©", 10},
	} {
		if got := f.width(tc.text); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("width(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestFit(t *testing.T) {
	f := font{family: "Inter", weight: 500, size: 24}
	tests := []struct {
		name      string
		text      string
		maxWidth  float64
		maxLines  int
		minSize   float64
		lines     int
		truncated bool
	}{
		{"short", "Q1", 100, 2, 16, 1, false},
		{"slight shrink on one line", "Marketing", 110, 2, 16, 1, false},
		{"wraps", "Organic search traffic", 170, 2, 16, 2, false},
		{"truncates after shrinking", "Referral partners and affiliates from the partner program", 120, 2, 16, 2, true},
		{"one line only", "Referral partners and affiliates", 120, 1, 16, 1, true},
		{"single long word", "Internationalization", 80, 2, 16, 1, true},
		{"cjk wraps between characters", "日本語のラベルはとても長いです", 200, 2, 16, 2, false},
		{"empty", "", 100, 2, 16, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tb := fit(tt.text, f, tt.maxWidth, tt.maxLines, tt.minSize)
			if len(tb.lines) != tt.lines || tb.truncated != tt.truncated {
				t.Fatalf("fit = %q (size %.1f, truncated %v), want %d lines, truncated %v", tb.lines, tb.size, tb.truncated, tt.lines, tt.truncated)
			}
			if tb.size < tt.minSize || tb.size > f.size {
				t.Fatalf("size %.1f outside %v..%v", tb.size, tt.minSize, f.size)
			}
			for _, l := range tb.lines {
				if w := f.withSize(tb.size).width(l); w > tt.maxWidth+0.01 {
					t.Fatalf("line %q is %.1f wide, max %.1f", l, w, tt.maxWidth)
				}
			}
			if tt.truncated && !strings.HasSuffix(tb.lines[len(tb.lines)-1], "…") {
				t.Fatalf("truncated text should end with an ellipsis: %q", tb.lines)
			}
			if !tt.truncated && tt.text != "" {
				joined := strings.Join(tb.lines, " ")
				if strings.ReplaceAll(joined, " ", "") != strings.ReplaceAll(tt.text, " ", "") {
					t.Fatalf("lines %q lose text of %q", tb.lines, tt.text)
				}
			}
		})
	}
}

func TestFitNeverBreaksWords(t *testing.T) {
	f := font{family: "Inter", weight: 500, size: 22}
	tb := fit("September", f, 60, 2, 15)
	for _, l := range tb.lines {
		if l != "September" && !strings.HasSuffix(l, "…") {
			t.Fatalf("word broken: %q", tb.lines)
		}
	}
}

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  a\tb\n\nc  ", "a b c"},
		{"bell\x07here", "bell here"},
		{"bad\xffutf8", "bad\ufffdutf8"},
		{"<b>&amp;</b>", "<b>&amp;</b>"}, // escaping is esc's job
	}
	for _, tt := range tests {
		if got := clean(tt.in); got != tt.want {
			t.Errorf("clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := esc(`<a href="x">'&'</a>`); got != "&lt;a href=&#34;x&#34;&gt;&#39;&amp;&#39;&lt;/a&gt;" {
		t.Errorf("esc = %q", got)
	}
}
