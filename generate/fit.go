package generate

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// fit makes a posts.* content value (pointer to struct) keep every limit of its schema, read from
// the jsonschema struct tags: strings are clipped to maxLength at a word boundary (prose fields
// with an ellipsis), lists are cut to maxItems, strings of string lists to the "max N characters
// each" of the field's description, and required strings that ended up empty get fallback.
func fit(v any, fallback string) {
	fitValue(reflect.ValueOf(v).Elem(), fallback)
}

var eachMaxRe = regexp.MustCompile(`max (\d+) characters each`)

// proseFields are clipped with an ellipsis; other strings (titles, labels, names) are not.
var proseFields = map[string]bool{"Text": true, "Body": true, "Subtitle": true, "Subline": true, "Context": true,
	"Message": true, "Details": true, "Caption": true, "Quote": true, "Verdict": true}

func fitValue(v reflect.Value, fallback string) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f, fv := t.Field(i), v.Field(i)
		tags := tagValues(f.Tag.Get("jsonschema"))
		required := !strings.Contains(f.Tag.Get("json"), "omitempty")
		switch fv.Kind() {
		case reflect.String:
			s := strings.TrimSpace(fv.String())
			if max, ok := tags["maxLength"]; ok {
				if proseFields[f.Name] {
					s = clipSentences(s, max)
				} else {
					s = clip(s, max)
				}
			}
			if s == "" && (required || tags["minLength"] > 0) {
				s = clip(fallback, tags["maxLength"])
			}
			fv.SetString(s)
		case reflect.Int:
			if max, ok := tags["maximum"]; ok && int(fv.Int()) > max {
				fv.SetInt(int64(max))
			}
			if min, ok := tags["minimum"]; ok && int(fv.Int()) < min {
				fv.SetInt(int64(min))
			}
		case reflect.Slice:
			if max, ok := tags["maxItems"]; ok && fv.Len() > max {
				fv.Set(fv.Slice(0, max))
			}
			switch fv.Type().Elem().Kind() {
			case reflect.Struct:
				for j := 0; j < fv.Len(); j++ {
					fitValue(fv.Index(j), fallback)
				}
			case reflect.String:
				each := 0
				if m := eachMaxRe.FindStringSubmatch(f.Tag.Get("jsonschema_description")); m != nil {
					each, _ = strconv.Atoi(m[1])
				}
				out := fv.Slice(0, 0)
				for j := 0; j < fv.Len(); j++ {
					s := strings.TrimSpace(fv.Index(j).String())
					if each > 0 {
						s = clip(s, each)
					}
					if s != "" {
						out = reflect.Append(out, reflect.ValueOf(s))
					}
				}
				fv.Set(out)
			}
		}
	}
}

// tagValues parses "minLength=1,maxLength=120,enum=a" into its numeric settings.
func tagValues(tag string) map[string]int {
	out := map[string]int{}
	for _, kv := range strings.Split(tag, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if n, err := strconv.Atoi(v); err == nil {
			out[k] = n
		}
	}
	return out
}

// clipSentences fits prose into max runes by keeping whole sentences from the start; only a
// first sentence longer than max is clipped (with an ellipsis).
func clipSentences(s string, max int) string {
	if runes(s) <= max {
		return s
	}
	ss := sentences(s)
	kept := ""
	for _, sn := range ss {
		next := joinSentences([]string{kept, sn})
		if kept == "" {
			next = sn
		}
		if runes(next) > max {
			break
		}
		kept = next
	}
	if kept == "" {
		return clipText(s, max)
	}
	return kept
}
