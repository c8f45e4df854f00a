package brandgen

// Colors are a brand's hex colours ("#RGB" or "#RRGGBB").
type Colors struct {
	Primary   string `json:"primary,omitempty"`
	Secondary string `json:"secondary,omitempty"`
}

// Brand is a saved profile or a per-call override. Every field is optional.
type Brand struct {
	Name    string  `json:"name,omitempty"`
	Handle  string  `json:"handle,omitempty"`
	Logo    string  `json:"logo,omitempty"` // data URI (png, svg, jpeg, webp) or https URL
	Colors  *Colors `json:"colors,omitempty"`
	Tagline string  `json:"tagline,omitempty"`
}

// IsZero reports whether no field of the brand is set.
func (b Brand) IsZero() bool {
	return b.Name == "" && b.Handle == "" && b.Logo == "" && b.Tagline == "" &&
		(b.Colors == nil || (b.Colors.Primary == "" && b.Colors.Secondary == ""))
}

// Badge is what a render stamps top-right: a resolved brand, with the logo already inlined as a
// data URI, or nothing when the call is unbranded. Colours survive unbranded.
type Badge struct {
	Show    bool   // false when unbranded
	Name    string // brand name, or the service's name for the default mark
	Handle  string
	LogoURI string // data: URI safe to put in the page, or empty
	Default bool   // true when this is the service's own default mark
	Tagline string
	Colors  Colors // resolved brand colours (may be empty: the style's defaults apply)
}
