// Package textlang guesses the language tag a page needs from the script of its text, so the page
// can pick CJK glyph forms, fonts and line-breaking rules: "ja" when kana appear, "ko" for Hangul,
// "zh-Hant" or "zh-Hans" for Han text without either (by which of the two scripts' own characters
// it uses), and "" for anything else. It has no dependencies and no state.
package textlang

import (
	"reflect"
	"strings"
	"unicode"
)

// Language tags Detect returns.
const (
	Japanese           = "ja"
	Korean             = "ko"
	ChineseSimplified  = "zh-Hans"
	ChineseTraditional = "zh-Hant"
	None               = ""
)

// Detect returns the language tag of text by its script: kana make it Japanese (Japanese mixes
// kana with Han), Hangul Korean, Han alone Chinese: Traditional when it uses more characters only
// Traditional Chinese writes (們, 這, 國, ...) than characters only Simplified writes (们, 这, 国,
// ...), else Simplified. Text without those scripts is None.
func Detect(text string) string {
	var han, kana, hangul, trad, simp int
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana) && r != 0x30FC && r != 0x30FB:
			// ー and ・ are shared with Chinese typesetting; every other kana is Japanese.
			kana++
		case unicode.Is(unicode.Hangul, r):
			hangul++
		case unicode.Is(unicode.Han, r):
			han++
			if traditionalOnly[r] {
				trad++
			} else if simplifiedOnly[r] {
				simp++
			}
		}
	}
	switch {
	case kana > 0:
		return Japanese
	case hangul > 0 && hangul >= han:
		return Korean
	case han > 0 && trad > simp:
		return ChineseTraditional
	case han > 0:
		return ChineseSimplified
	case hangul > 0:
		return Korean
	}
	return None
}

// IsCJK reports whether tag is one of the CJK tags Detect returns.
func IsCJK(tag string) bool { return tag != None && Base(tag) != "" }

// Base is the primary language of a CJK tag ("ja", "ko", "zh"), or "" for any other tag.
func Base(tag string) string {
	switch {
	case tag == Japanese, tag == Korean:
		return tag
	case tag == "zh" || strings.HasPrefix(tag, "zh-"):
		return "zh"
	}
	return ""
}

// Of returns the language tag of every string held in v (a content struct, slice, map or pointer
// to one, walked through exported fields), as Detect of their concatenation.
func Of(v any) string {
	var b strings.Builder
	collect(reflect.ValueOf(v), &b, 0)
	return Detect(b.String())
}

func collect(v reflect.Value, b *strings.Builder, depth int) {
	if !v.IsValid() || depth > 8 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		b.WriteString(v.String())
		b.WriteByte(' ')
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			collect(v.Elem(), b, depth+1)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			if t.Field(i).IsExported() {
				collect(v.Field(i), b, depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			collect(v.Index(i), b, depth+1)
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			collect(it.Value(), b, depth+1)
		}
	}
}

// pairs lists frequent characters whose Simplified and Traditional forms differ, Simplified then
// Traditional, each form used by one of the two scripts only (characters such as 后/後, 干, 里, 面,
// 系, 准, 范, 云, 台 that are also ordinary Traditional characters are left out).
const pairs = "们們个個这這来來时時会會对對国國说說学學开開为為与與体體过過还還点點现現经經实實动動么麼" +
	"无無电電关關样樣间間从從长長区區产產进進种種问問处處业業资資应應务務条條头頭书書气氣见見爱愛" +
	"号號网網术術图圖广廣线線计計认認话話设設价價钱錢读讀写寫语語让讓请請买買卖賣车車门門马馬鱼魚" +
	"东東万萬亿億乐樂园園队隊员員页頁题題类類标標数數软軟创創帮幫专專击擊拥擁欢歡历歷划劃导導统統" +
	"总總结結构構带帶费費显顯响響频頻视視觉覺览覽联聯续續绍紹围圍获獲独獨层層属屬双雙单單议議论論" +
	"办辦测測试試验驗证證随隨机機发發级級团團转轉传傳选選质質据據库庫码碼档檔优優邮郵销銷购購报報" +
	"纸紙态態节節约約场場讯訊红紅银銀铁鐵运運达達讲講听聽练練习習课課师師职職补補贴貼轻輕远遠边邊" +
	"离離简簡众眾华華护護织織细細组組维維则則绩績项項预預额額备備积積极極压壓减減协協连連确確观觀" +
	"变變换換闻聞图圖欧歐际際级級仅僅话話众眾岁歲爷爺妈媽韩韓汉漢"

var simplifiedOnly, traditionalOnly = func() (s, t map[rune]bool) {
	s, t = map[rune]bool{}, map[rune]bool{}
	rs := []rune(pairs)
	for i := 0; i+1 < len(rs); i += 2 {
		if rs[i] != rs[i+1] {
			s[rs[i]], t[rs[i+1]] = true, true
		}
	}
	return s, t
}()
