package textlang

import "testing"

func TestColumns(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     int
	}{
		{"empty", "", 0},
		{"latin", "Ship faster", 11},
		{"accented", "Café déjà vu", 12},
		{"decomposed accent", "Cafe\u0301", 4},
		{"chinese", "浏览器", 6},
		{"japanese kana and kanji", "シニアGoエンジニア", 18},
		{"korean", "서울 오피스", 11},
		{"full-width punctuation", "你好，世界。", 12},
		{"full-width digits", "１２３", 6},
		{"half-width katakana", "ｶﾀｶﾅ", 4},
		{"emoji", "🚀", 2},
		{"emoji with variation selector", "☀️", 2},
		{"zwj family", "👩\u200d💻", 4},
		{"mixed", "一次 API 调用", 13},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Columns(tc.in); got != tc.want {
				t.Errorf("Columns(%q) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}

// A CJK line counts about as long as a Latin line of the same printed width, not three times it.
func TestColumnsMatchPrintedWidth(t *testing.T) {
	latin := "Set up backups" // 14 columns, ~7em at ~0.5em a letter
	cjk := "设置自动备份任务"         // 8 ideographs, ~8em
	if l, c := Columns(latin), Columns(cjk); c < l || c > l*3/2 {
		t.Errorf("cjk %d columns vs latin %d: want within 1.5x (len: %d vs %d bytes)", c, l, len(cjk), len(latin))
	}
}
