package arch

import (
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/brandgen/brandgen/static"
	"github.com/tdewolff/font"
)

// Export is the self-contained SVG download of a drawing:
//   - the shipped faces the text uses (family, weight, style), each subset with tdewolff/font to
//     the characters drawn in it and embedded as a WOFF2 data URI in an @font-face rule;
//   - every id, url(#...) and href="#..." prefixed with a hash of the file, and the embedded
//     families renamed with the same prefix, so two exports inlined into one HTML page collide
//     neither in ids nor in fonts;
//   - text stays <text>, icons stay inline symbols, and nothing refers outside the file (an
//     <image> whose href is not a data: URI is dropped).
//
// Characters the shipped faces lack (CJK, Arabic, ...) keep the system font fallbacks of the
// family lists.
func Export(d Drawing) ([]byte, error) {
	if !strings.HasPrefix(d.SVG, "<svg") {
		return nil, errors.New("arch: export: not a drawing")
	}
	svg := externalImageRe.ReplaceAllString(d.SVG, "")
	runs, err := textRuns(svg)
	if err != nil {
		return nil, fmt.Errorf("arch: export: %w", err)
	}
	h := fnv.New64a()
	io.WriteString(h, svg)
	prefix := fmt.Sprintf("bgx%010x", h.Sum64()&0xffffffffff)

	var css strings.Builder
	keys := make([]faceKey, 0, len(runs))
	for k := range runs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	for _, k := range keys {
		woff2, err := subsetFace(k.file, runs[k])
		if err != nil {
			return nil, fmt.Errorf("arch: export: subset %s: %w", k.file, err)
		}
		if woff2 == nil {
			continue
		}
		style := "normal"
		if k.italic {
			style = "italic"
		}
		fmt.Fprintf(&css, "@font-face{font-family:'%s %s';src:url(data:font/woff2;base64,%s) format('woff2');font-weight:%d;font-style:%s}",
			prefix, k.family, base64.StdEncoding.EncodeToString(woff2), k.weight, style)
	}

	svg = prefixIDs(svg, prefix+"-")
	svg = shippedFamilyRe.ReplaceAllString(svg, "${1}"+prefix+" ${2}${3}")
	open := strings.Index(svg, ">") + 1
	var out strings.Builder
	out.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	out.WriteString(svg[:open])
	if t := titleRe.FindStringSubmatch(svg[:open]); t != nil {
		fmt.Fprintf(&out, "<title>%s</title>", t[1])
	}
	if css.Len() > 0 {
		fmt.Fprintf(&out, "<style>%s</style>", css.String())
	}
	out.WriteString(svg[open:])
	return []byte(out.String()), nil
}

var (
	externalImageRe = regexp.MustCompile(`<image\b[^>]*\bhref="(?:[^d"]|d[^a"]|da[^t"]|dat[^a"]|data[^:"])[^"]*"[^>]*/>`)
	shippedFamilyRe = regexp.MustCompile(`(&#39;|')BG (Inter Display|Inter|Garamond|Mono)(&#39;|')`)
	titleRe         = regexp.MustCompile(`aria-label="([^"]*)"`)
)

// faceKey is one shipped face as the text uses it.
type faceKey struct {
	family string // "Inter", "Inter Display", "Garamond", "Mono"
	weight int    // the face's own weight
	italic bool
	file   string // static/fonts file
}

func (k faceKey) String() string { return fmt.Sprintf("%s/%d/%v", k.family, k.weight, k.italic) }

// shippedFaces are the faces static/fonts ships, by family: weight -> file ("i" suffix: italic).
var shippedFaces = map[string]map[string]string{
	"Inter":         {"400": "Inter-Regular.woff2", "500": "Inter-Medium.woff2", "600": "Inter-SemiBold.woff2", "700": "Inter-Bold.woff2"},
	"Inter Display": {"600": "InterDisplay-SemiBold.woff2", "700": "InterDisplay-Bold.woff2", "800": "InterDisplay-ExtraBold.woff2"},
	"Garamond":      {"400": "EBGaramond12-Regular.woff2", "400i": "EBGaramond12-Italic.woff2"},
	"Mono":          {"400": "JetBrainsMono-Regular.woff2", "500": "JetBrainsMono-Medium.woff2", "700": "JetBrainsMono-Bold.woff2"},
}

// matchFace picks the face CSS font matching would: the exact weight, else the nearest (ties
// toward bolder above 500, lighter below), italic only where the family has it.
func matchFace(family string, weight int, italic bool) (faceKey, bool) {
	faces, ok := shippedFaces[family]
	if !ok {
		return faceKey{}, false
	}
	best, bestD := -1, 1<<30
	for w := range faces {
		n, _ := strconv.Atoi(strings.TrimSuffix(w, "i"))
		if strings.HasSuffix(w, "i") != italic {
			continue
		}
		d := n - weight
		if d < 0 {
			d = -d*2 + 1 // lighter faces rank after bolder ones of the same distance
		} else {
			d *= 2
		}
		if d < bestD {
			best, bestD = n, d
		}
	}
	if best < 0 {
		if italic {
			return matchFace(family, weight, false)
		}
		return faceKey{}, false
	}
	w := strconv.Itoa(best)
	if italic {
		w += "i"
	}
	return faceKey{family: family, weight: best, italic: italic, file: faces[w]}, true
}

// textRuns collects the characters drawn in each shipped face: the text of every <text>, in the
// face its own or inherited font-family, font-weight and font-style select.
func textRuns(svg string) (map[faceKey]map[rune]bool, error) {
	type fontState struct {
		family string
		weight int
		italic bool
	}
	runs := map[faceKey]map[rune]bool{}
	dec := xml.NewDecoder(strings.NewReader(svg))
	dec.Strict = true
	stack := []fontState{{family: "", weight: 400}}
	inText := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("parse svg: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			st := stack[len(stack)-1]
			for _, a := range t.Attr {
				switch a.Name.Local {
				case "font-family":
					st.family = a.Value
				case "font-weight":
					if w, err := strconv.Atoi(a.Value); err == nil {
						st.weight = w
					}
				case "font-style":
					st.italic = a.Value == "italic"
				}
			}
			stack = append(stack, st)
			if t.Name.Local == "text" {
				inText++
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if t.Name.Local == "text" {
				inText--
			}
		case xml.CharData:
			if inText == 0 {
				continue
			}
			st := stack[len(stack)-1]
			fam := shippedFamily(st.family)
			k, ok := matchFace(fam, st.weight, st.italic)
			if !ok {
				continue
			}
			set := runs[k]
			if set == nil {
				set = map[rune]bool{}
				runs[k] = set
			}
			for _, r := range string(t) {
				set[r] = true
			}
		}
	}
	return runs, nil
}

// shippedFamily is the shipped family a CSS family list starts with ("" when none).
func shippedFamily(list string) string {
	first := strings.Trim(strings.TrimSpace(strings.Split(list, ",")[0]), `'"`)
	if name, ok := strings.CutPrefix(first, "BG "); ok {
		return name
	}
	return ""
}

// parsedFaces caches the shipped faces, decompressed and parsed once per process.
var parsedFaces sync.Map // file -> *parsedFace

type parsedFace struct {
	once sync.Once
	mu   sync.Mutex // Subset is not documented as safe for concurrent use
	sfnt *font.SFNT
	err  error
}

// subsetFace returns the face cut down to the characters (plus .notdef), as WOFF2; nil when the
// face has none of them.
func subsetFace(file string, chars map[rune]bool) ([]byte, error) {
	v, _ := parsedFaces.LoadOrStore(file, &parsedFace{})
	pf := v.(*parsedFace)
	pf.once.Do(func() {
		raw, err := fs.ReadFile(static.FS, "fonts/"+file)
		if err != nil {
			pf.err = err
			return
		}
		pf.sfnt, pf.err = font.ParseSFNT(raw, 0)
	})
	if pf.err != nil {
		return nil, pf.err
	}
	pf.mu.Lock()
	defer pf.mu.Unlock()
	runes := make([]rune, 0, len(chars))
	for r := range chars {
		runes = append(runes, r)
	}
	sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
	glyphs := []uint16{0}
	seen := map[uint16]bool{0: true}
	for _, r := range runes {
		if id := pf.sfnt.GlyphIndex(r); id != 0 && !seen[id] {
			seen[id] = true
			glyphs = append(glyphs, id)
		}
	}
	if len(glyphs) == 1 {
		return nil, nil
	}
	sub, err := pf.sfnt.Subset(glyphs, font.SubsetOptions{Tables: font.KeepMinTables})
	if err != nil {
		return nil, err
	}
	return sub.WriteWOFF2()
}
