// Package brandkit is the catalog of brand-kit assets (social covers, profile pictures, logo cards,
// meeting backgrounds, an email signature banner and a link preview), each with its exact pixel
// size, the themes it is drawn in, how many pills it shows and the area its text and logo keep to,
// and the validation of a render request. Drawing lives in templates; rendering in studio.
package brandkit

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
)

// Groups of the catalog.
const (
	GroupSocial  = "social"
	GroupProfile = "profile"
	GroupLogo    = "logo"
	GroupMeeting = "meeting"
	GroupEmail   = "email"
	GroupWeb     = "web"
)

// Limits of a render request.
const (
	MaxPills     = 10  // api-v1.md: brand-kit pills
	MaxPillRunes = 32  // one pill is a short tag
	MaxTagline   = 140 // the brand tagline cap
)

// Rect is an area of an asset in pixels.
type Rect struct {
	X int `json:"x"`
	Y int `json:"y"`
	W int `json:"w"`
	H int `json:"h"`
}

// Asset is one entry of the catalog. The JSON form is what GET /brandkit lists: the contract's id,
// group, title, w and h, plus the themes it is drawn in, the most pills it shows (0: none) and its
// safe area (where text and logo stay; the platform crops or overlaps the rest).
type Asset struct {
	ID     string           `json:"id"`
	Group  string           `json:"group"`
	Title  string           `json:"title"`
	W      int              `json:"w"`
	H      int              `json:"h"`
	Themes []brandgen.Theme `json:"themes"`
	Pills  int              `json:"pills"`
	Safe   Rect             `json:"safeArea"`
	// Round: the platform crops the image to a circle; content stays inside the inscribed circle
	// of Safe.
	Round bool `json:"round,omitempty"`
	// Template is the page that draws the asset (several assets may share one).
	Template string `json:"-"`
}

var both = []brandgen.Theme{brandgen.ThemeLight, brandgen.ThemeDark}

// assets is the catalog, in the order GET /brandkit lists it.
var assets = []Asset{
	// LinkedIn shows the profile photo over the banner's lower left: text keeps to the right.
	{ID: "linkedin-banner", Group: GroupSocial, Title: "LinkedIn profile banner", W: 1584, H: 396, Themes: both, Pills: 10,
		Safe: Rect{X: 568, Y: 40, W: 960, H: 316}, Template: "cover-right"},
	// The company page draws its logo below the cover's left edge; the cover is very thin.
	{ID: "linkedin-company-cover", Group: GroupSocial, Title: "LinkedIn company page cover", W: 1128, H: 191, Themes: both, Pills: 5,
		Safe: Rect{X: 296, Y: 24, W: 784, H: 143}, Template: "strip"},
	// X puts the avatar over the header's lower left and crops top and bottom on phones.
	{ID: "x-header", Group: GroupSocial, Title: "X (Twitter) header", W: 1500, H: 500, Themes: both, Pills: 10,
		Safe: Rect{X: 460, Y: 70, W: 980, H: 360}, Template: "cover-right"},
	// YouTube shows the whole 2560x1440 only on TVs; every device shows the 1546x423 centre.
	{ID: "youtube-channel-art", Group: GroupSocial, Title: "YouTube channel art", W: 2560, H: 1440, Themes: both, Pills: 10,
		Safe: Rect{X: 507, Y: 508, W: 1546, H: 423}, Template: "youtube"},
	// Facebook shows 820x312 on desktops and crops the sides on phones (about 560 px of the centre).
	{ID: "facebook-cover", Group: GroupSocial, Title: "Facebook cover", W: 851, H: 315, Themes: both, Pills: 6,
		Safe: Rect{X: 146, Y: 36, W: 559, H: 243}, Template: "center"},
	{ID: "profile-picture", Group: GroupProfile, Title: "Profile picture (round-safe)", W: 400, H: 400, Themes: both,
		Safe: Rect{X: 0, Y: 0, W: 400, H: 400}, Round: true, Template: "avatar"},
	{ID: "profile-picture-ring", Group: GroupProfile, Title: "Profile picture with a brand ring (round-safe)", W: 400, H: 400, Themes: both,
		Safe: Rect{X: 0, Y: 0, W: 400, H: 400}, Round: true, Template: "avatar-ring"},
	{ID: "logo-card-square", Group: GroupLogo, Title: "Logo card, square", W: 1080, H: 1080, Themes: both,
		Safe: Rect{X: 96, Y: 96, W: 888, H: 888}, Template: "logo-square"},
	{ID: "logo-card-landscape", Group: GroupLogo, Title: "Logo card, landscape", W: 1920, H: 1080, Themes: both,
		Safe: Rect{X: 160, Y: 120, W: 1600, H: 840}, Template: "logo-landscape"},
	// Video calls put the speaker in the middle and mirror the self view: the brand sits top-left,
	// clear of the head and shoulders.
	{ID: "meeting-background-light", Group: GroupMeeting, Title: "Meeting background, light", W: 1920, H: 1080,
		Themes: []brandgen.Theme{brandgen.ThemeLight}, Pills: 10, Safe: Rect{X: 96, Y: 88, W: 640, H: 904}, Template: "meeting"},
	{ID: "meeting-background-dark", Group: GroupMeeting, Title: "Meeting background, dark", W: 1920, H: 1080,
		Themes: []brandgen.Theme{brandgen.ThemeDark}, Pills: 10, Safe: Rect{X: 96, Y: 88, W: 640, H: 904}, Template: "meeting"},
	{ID: "email-signature", Group: GroupEmail, Title: "Email signature banner", W: 600, H: 200, Themes: both,
		Safe: Rect{X: 20, Y: 20, W: 560, H: 160}, Template: "signature"},
	{ID: "og-image", Group: GroupWeb, Title: "Link preview (Open Graph)", W: 1200, H: 630, Themes: both, Pills: 8,
		Safe: Rect{X: 80, Y: 64, W: 1040, H: 502}, Template: "og"},
}

// All returns the catalog in listing order. The slice is a copy.
func All() []Asset {
	out := make([]Asset, len(assets))
	copy(out, assets)
	return out
}

// Lookup finds an asset by id.
func Lookup(id string) (Asset, bool) {
	for _, a := range assets {
		if a.ID == id {
			return a, true
		}
	}
	return Asset{}, false
}

// IDs lists the asset ids, comma-separated, for messages.
func IDs() string {
	ids := make([]string, len(assets))
	for i, a := range assets {
		ids[i] = a.ID
	}
	return strings.Join(ids, ", ")
}

// Supports reports whether the asset is drawn in theme t.
func (a Asset) Supports(t brandgen.Theme) bool {
	for _, x := range a.Themes {
		if x == t {
			return true
		}
	}
	return false
}

// Request is a render request: an asset id, an optional theme, tagline override and pills.
type Request struct {
	ID      string         `json:"id"`
	Theme   brandgen.Theme `json:"theme,omitempty"`
	Tagline string         `json:"tagline,omitempty"`
	Pills   []string       `json:"pills,omitempty"`
}

// Spec is a validated request: the asset, the theme it is drawn in and the cleaned text.
type Spec struct {
	Asset   Asset
	Theme   brandgen.Theme
	Tagline string   // the override ("" keeps the saved tagline)
	Pills   []string // trimmed; empty when the asset shows none
}

// Check validates r. An unknown id is an unknown_asset error; every other problem is one issue of a
// validation_error, named by its path (id, theme, tagline, pills, pills[3]).
//
// theme and pills apply where the asset supports them (Asset.Themes, Asset.Pills): a theme the
// asset is not drawn in falls back to its own, pills beyond what it shows are not drawn. Both are
// still validated, so a request is valid or not whatever the asset.
func Check(r Request) (Spec, error) {
	var issues []brandgen.Issue
	id := strings.TrimSpace(r.ID)
	if id == "" {
		issues = append(issues, brandgen.Issue{Field: "id", Message: "is required: one of " + IDs()})
	}
	if r.Theme != "" && !r.Theme.Valid() {
		issues = append(issues, brandgen.Issue{Field: "theme", Message: "must be one of " + brandgen.Enum(brandgen.Themes)})
	}
	tagline := strings.TrimSpace(r.Tagline)
	if n := utf8.RuneCountInString(tagline); n > MaxTagline {
		issues = append(issues, brandgen.Issue{Field: "tagline", Message: fmt.Sprintf("must be at most %d characters (is %d)", MaxTagline, n)})
	}
	pills := make([]string, 0, len(r.Pills))
	if len(r.Pills) > MaxPills {
		issues = append(issues, brandgen.Issue{Field: "pills", Message: fmt.Sprintf("must have at most %d items (has %d)", MaxPills, len(r.Pills))})
	}
	for i, p := range r.Pills {
		p = strings.Join(strings.Fields(p), " ")
		field := fmt.Sprintf("pills[%d]", i)
		switch n := utf8.RuneCountInString(p); {
		case n == 0:
			issues = append(issues, brandgen.Issue{Field: field, Message: "must not be empty"})
		case n > MaxPillRunes:
			issues = append(issues, brandgen.Issue{Field: field, Message: fmt.Sprintf("must be at most %d characters (is %d)", MaxPillRunes, n)})
		}
		pills = append(pills, p)
	}
	a, ok := Lookup(id)
	if !ok && id != "" {
		if len(issues) == 0 {
			return Spec{}, brandgen.Errorf(brandgen.CodeUnknownAsset, "unknown brand-kit asset %q; assets: %s", id, IDs())
		}
		issues = append(issues, brandgen.Issue{Field: "id", Message: "is not a brand-kit asset: one of " + IDs()})
	}
	if err := brandgen.Invalid(issues); err != nil {
		return Spec{}, err
	}
	s := Spec{Asset: a, Theme: a.Themes[0], Tagline: tagline}
	if r.Theme != "" && a.Supports(r.Theme) {
		s.Theme = r.Theme
	}
	if len(pills) > a.Pills {
		pills = pills[:a.Pills]
	}
	s.Pills = pills
	return s, nil
}
