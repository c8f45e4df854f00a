package templates

import (
	"strings"
	"testing"
)

// The page language puts its region's Noto CJK face first among the CJK faces, and the colour emoji
// font precedes the Noto symbol fonts in every stack, followed by the symbols it lacks ('BG Symbols').
func TestFontStack(t *testing.T) {
	for _, tc := range []struct{ lang, sans, serif string }{
		{"", "Noto Sans CJK SC", "Noto Serif CJK SC"},
		{"en", "Noto Sans CJK SC", "Noto Serif CJK SC"},
		{"ja", "Noto Sans CJK JP", "Noto Serif CJK JP"},
		{"ko", "Noto Sans CJK KR", "Noto Serif CJK KR"},
		{"zh-Hans", "Noto Sans CJK SC", "Noto Serif CJK SC"},
		{"zh-Hant", "Noto Sans CJK TC", "Noto Serif CJK TC"},
	} {
		for _, st := range []struct{ name, stack, want string }{
			{"sans", FontSans, tc.sans}, {"display", FontDisplay, tc.sans}, {"mono", FontMono, tc.sans}, {"serif", FontSerif, tc.serif},
		} {
			got := FontStack(st.stack, tc.lang)
			i := strings.Index(got, "CJK")
			if i < 0 {
				t.Fatalf("%s/%s: no CJK face in %s", tc.lang, st.name, got)
			}
			if first := got[strings.LastIndex(got[:i], "'")+1 : i+len("CJK XX")]; first != st.want {
				t.Errorf("%s/%s: first CJK face %q, want %q", tc.lang, st.name, first, st.want)
			}
			if strings.Count(got, "CJK") != 4 {
				t.Errorf("%s/%s: %d CJK faces, want 4: %s", tc.lang, st.name, strings.Count(got, "CJK"), got)
			}
			if e, s := strings.Index(got, "'BG Emoji'"), strings.Index(got, "'Noto Sans Symbols'"); e < 0 || s < 0 || e > s {
				t.Errorf("%s/%s: the emoji font is not before the symbol fonts: %s", tc.lang, st.name, got)
			}
			// On a CJK page its face comes right after ours and the colour emoji (a face passed
			// costs every layout of a CJK text); elsewhere the stack is left as it is.
			scripts := strings.Index(got, "'Noto Sans'")
			if st.name == "serif" {
				scripts = strings.Index(got, "'Noto Serif'")
			}
			if cjk := strings.Index(got, "'"+st.want+"'"); (tc.lang == "" || tc.lang == "en") != (cjk > scripts) {
				t.Errorf("%s/%s: CJK face at %d, the script faces at %d: %s", tc.lang, st.name, cjk, scripts, got)
			}
			if strings.Count(got, "'BG Emoji'") != 1 {
				t.Errorf("%s/%s: want one 'BG Emoji': %s", tc.lang, st.name, got)
			}
			// 'BG Symbols' (Symbols2's glyphs the emoji ranges claim) comes right after the colour
			// emoji, and on a CJK page right after its CJK face, which covers some of them (★).
			after := "'BG Emoji',"
			if tc.lang != "" && tc.lang != "en" {
				after = "'BG Emoji','" + st.want + "',"
			}
			if !strings.Contains(got, after+"'BG Symbols','Noto") || strings.Count(got, "'BG Symbols'") != 1 {
				t.Errorf("%s/%s: 'BG Symbols' not once right after %s: %s", tc.lang, st.name, after, got)
			}
		}
	}
}

func TestNumParts(t *testing.T) {
	for in, want := range map[string]string{
		"4.9":        `<span class="nps">4<span class="np">.</span>9</span>`,
		"$1,200":     `<span class="nps">$1<span class="np">,</span>200</span>`,
		"<b>1</b>+2": `&lt;b&gt;1&lt;/b&gt;&#43;2`,
		"99%":        "99%",
		"4.9 ★":      `<span class="nps">4<span class="np">.</span>9<span class="np"> </span>★</span>`,
		"10 x":       `<span class="nps">10<span class="np"> </span>x</span>`,
	} {
		if got := string(numParts(in)); got != want {
			t.Errorf("numParts(%q) = %s, want %s", in, got, want)
		}
	}
}
