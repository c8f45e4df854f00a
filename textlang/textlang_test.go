package textlang

import "testing"

func TestDetect(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", None},
		{"Ship faster with brandgen", None},
		{"Grüße aus Köln — 🚀 émoji", None},
		{"シニア Go エンジニア", Japanese},
		{"株式会社ノースウィンド", Japanese},
		{"東京で働く", Japanese},                     // Han with one hiragana
		{"一次 API 调用，生成品牌图片", ChineseSimplified}, // Han only, Simplified forms
		{"高性能", ChineseSimplified},              // no script-specific character: Simplified
		{"我們的團隊正在招聘資深工程師", ChineseTraditional},
		{"開發者指南：一次呼叫，產生品牌圖片", ChineseTraditional},
		{"开发者指南 開", ChineseSimplified}, // more Simplified-only than Traditional-only
		{"서울에서 일하는 시니어 엔지니어", Korean},
		{"韓國 서울", Korean},                    // Hangul with Hanja
		{"Launch ー ・ 中文", ChineseSimplified}, // prolonged sound mark and middle dot are not kana
	} {
		if got := Detect(tc.in); got != tc.want {
			t.Errorf("Detect(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestOf(t *testing.T) {
	type item struct{ Title, Text string }
	type content struct {
		Title string
		Items []item
		Tags  map[string]string
		Ptr   *item
		n     string // unexported: ignored
	}
	for _, tc := range []struct {
		name string
		in   any
		want string
	}{
		{"nil", nil, None},
		{"latin", content{Title: "Hello"}, None},
		{"nested ja", content{Title: "Go", Items: []item{{Text: "ひらがな"}}}, Japanese},
		{"pointer zh-Hant", &content{Ptr: &item{Title: "這是國語"}}, ChineseTraditional},
		{"map ko", content{Tags: map[string]string{"a": "한국어"}}, Korean},
		{"unexported ignored", content{n: "ひらがな"}, None},
	} {
		if got := Of(tc.in); got != tc.want {
			t.Errorf("%s: Of = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestBase(t *testing.T) {
	for in, want := range map[string]string{"ja": "ja", "ko": "ko", "zh-Hans": "zh", "zh-Hant": "zh", "zh": "zh", "en": "", "": ""} {
		if got := Base(in); got != want {
			t.Errorf("Base(%q) = %q, want %q", in, got, want)
		}
		if IsCJK(in) != (want != "") {
			t.Errorf("IsCJK(%q) = %v", in, IsCJK(in))
		}
	}
}
