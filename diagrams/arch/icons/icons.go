// Package icons is the icon set of the architecture diagrams: the node kinds (user, database,
// aws-lambda, postgres, ...) with the words people type for them, and the vendored SVG icons they
// draw, brand logos from @iconify-json/logos (CC0) and generic line icons from
// @iconify-json/tabler (MIT). scripts/arch-icons.sh refreshes icons.json from npm with exactly the
// icons kinds.go names; LICENSE-icons.txt carries both licences.
package icons

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Kind is one node kind.
type Kind struct {
	Key     string   // "aws-lambda"
	Title   string   // "AWS Lambda"
	Icon    string   // "logos:aws-lambda"
	Aliases []string // lower-case words and phrases that name it
}

// Icon is one vendored icon: SVG markup in a Width x Height view box.
type Icon struct {
	Name   string // "logos:aws-lambda"
	Body   string `json:"body"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// Line is true for the generic icons, drawn with stroke="currentColor" in the style's ink;
	// logos keep their brand colours.
	Line bool `json:"-"`
	// Dark is true for logos that paint with near-black ink (GitHub, Vercel, the AWS wordmark's
	// letters): on a dark surface Ink turns that ink into currentColor.
	Dark bool `json:"-"`
}

//go:embed icons.json
var iconsJSON []byte

var (
	loadOnce sync.Once
	iconSet  map[string]Icon
	byKey    map[string]Kind
	byAlias  map[string]string
	loadErr  error
)

func load() {
	loadOnce.Do(func() {
		var raw map[string]Icon
		if err := json.Unmarshal(iconsJSON, &raw); err != nil {
			loadErr = fmt.Errorf("icons: icons.json: %w", err)
			return
		}
		iconSet = make(map[string]Icon, len(raw))
		for name, ic := range raw {
			ic.Name = name
			ic.Line = strings.HasPrefix(name, "tabler:")
			ic.Dark = !ic.Line && hasDarkInk(ic.Body)
			iconSet[name] = ic
		}
		byKey = make(map[string]Kind, len(kinds))
		byAlias = map[string]string{}
		for _, k := range kinds {
			byKey[k.Key] = k
			byAlias[k.Key] = k.Key
			byAlias[strings.ReplaceAll(k.Key, "-", " ")] = k.Key
		}
		// Aliases after every key, so that a key always names its own kind.
		for _, k := range kinds {
			for _, a := range k.Aliases {
				if _, taken := byAlias[a]; !taken {
					byAlias[a] = k.Key
				}
			}
		}
	})
}

var colorRe = regexp.MustCompile(`(?i)(?:\s|^)(?:fill|stroke)="(#[0-9a-f]{3,6}|url\([^)]*\)|[a-z]+)"`)

// darkInk is the luminance under which a logo colour disappears on a dark surface.
const darkInk = 0.22

// hasDarkInk reports whether the markup paints with near-black anywhere (an element without a
// fill paints black).
func hasDarkInk(body string) bool {
	if !strings.Contains(body, "fill=") && !strings.Contains(body, "stroke=") {
		return true
	}
	for _, m := range colorRe.FindAllStringSubmatch(body, -1) {
		c := strings.ToLower(m[1])
		if strings.HasPrefix(c, "#") && luminance(c) < darkInk {
			return true
		}
	}
	return false
}

// Ink returns the body with its near-black colours replaced by currentColor, for dark surfaces.
func (ic Icon) Ink() string {
	if !ic.Dark {
		return ic.Body
	}
	body := colorRe.ReplaceAllStringFunc(ic.Body, func(attr string) string {
		m := colorRe.FindStringSubmatch(attr)
		c := strings.ToLower(m[1])
		if strings.HasPrefix(c, "#") && luminance(c) < darkInk {
			return strings.Replace(attr, m[1], "currentColor", 1)
		}
		return attr
	})
	if !strings.Contains(ic.Body, "fill=") {
		body = `<g fill="currentColor">` + body + `</g>`
	}
	return body
}

func luminance(hex string) float64 {
	h := strings.TrimPrefix(hex, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	var r, g, b int
	if _, err := fmt.Sscanf(h, "%02x%02x%02x", &r, &g, &b); err != nil {
		return 1
	}
	return (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 255
}

// Lookup returns the kind of a key ("aws-lambda"); ok is false for an unknown key.
func Lookup(key string) (Kind, bool) {
	load()
	k, ok := byKey[strings.ToLower(strings.TrimSpace(key))]
	return k, ok
}

// Resolve maps what a user or a model wrote ("RDS", "load balancer", "aws-rds", "Postgres") to a
// kind key; ok is false when nothing matches.
func Resolve(name string) (string, bool) {
	load()
	n := strings.ToLower(strings.Join(strings.Fields(strings.NewReplacer("_", " ").Replace(name)), " "))
	if k, ok := byAlias[n]; ok {
		return k, true
	}
	if k, ok := byAlias[strings.ReplaceAll(n, " ", "-")]; ok {
		return k, true
	}
	return "", false
}

// Aliases returns every alias and key with its kind, for planners that scan text.
func Aliases() map[string]string {
	load()
	out := make(map[string]string, len(byAlias))
	for a, k := range byAlias {
		out[a] = k
	}
	return out
}

// Keys lists every kind key, sorted.
func Keys() []string {
	load()
	out := make([]string, 0, len(byKey))
	for k := range byKey {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ForKind returns the icon a node kind draws: the kind's own, or the generic service icon for an
// unknown or empty kind.
func ForKind(key string) Icon {
	load()
	if k, ok := Lookup(key); ok {
		if ic, ok := iconSet[k.Icon]; ok {
			return ic
		}
	}
	if k, ok := Resolve(key); ok {
		if ic, ok := iconSet[byKey[k].Icon]; ok {
			return ic
		}
	}
	return iconSet["tabler:hexagons"]
}

// ForGroup returns the small icon beside a group label of the kind ("region", "vpc", ...).
func ForGroup(kind string) Icon {
	load()
	name, ok := groupIcons[kind]
	if !ok {
		name = groupIcons["generic"]
	}
	return iconSet[name]
}

// Named returns a vendored icon by its full name ("tabler:user").
func Named(name string) (Icon, bool) {
	load()
	ic, ok := iconSet[name]
	return ic, ok
}

// Err reports a broken embedded icon set (never, once the tests pass).
func Err() error { load(); return loadErr }
