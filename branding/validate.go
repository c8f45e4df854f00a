package branding

import (
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
)

// Text caps, in Unicode code points. A name fits the badge pill at 1080 px in one or two lines; a
// handle is a social handle or a domain; a tagline is one sentence.
const (
	MaxNameLen    = 80
	MaxHandleLen  = 40
	MaxTaglineLen = 140
)

var hexColor = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// IsHexColor reports whether c is a hex colour as the API takes it: "#RGB" or "#RRGGBB".
func IsHexColor(c string) bool { return hexColor.MatchString(c) }

// Validate names every invalid field of b; prefix is prepended to field names ("brand." gives
// "brand.colors.primary"). Every field is optional: empty strings and nil colours pass.
//
// Rules: name <= 80, handle <= 40, tagline <= 140 code points, none of them blank or holding
// control characters; colours "#RGB" or "#RRGGBB"; logo either a base64 data URI of image/png,
// image/svg+xml, image/jpeg or image/webp of at most 2 MiB whose bytes really are that type (SVGs
// must also pass the safety rules of the package: nothing that runs or loads), or an https URL
// without credentials whose host is a valid DNS name or IP address. Whether an https host is public
// is checked when the logo is fetched (Resolver), where DNS is answered.
func Validate(b brandgen.Brand, prefix string) []brandgen.Issue {
	var issues []brandgen.Issue
	add := func(field, msg string) {
		issues = append(issues, brandgen.Issue{Field: prefix + field, Message: msg})
	}
	if msg := checkText(b.Name, MaxNameLen); msg != "" {
		add("name", msg)
	}
	if msg := checkText(b.Handle, MaxHandleLen); msg != "" {
		add("handle", msg)
	}
	if b.Logo != "" {
		if err := checkLogo(b.Logo); err != nil {
			add("logo", err.Error())
		}
	}
	if b.Colors != nil {
		if msg := checkColor(b.Colors.Primary); msg != "" {
			add("colors.primary", msg)
		}
		if msg := checkColor(b.Colors.Secondary); msg != "" {
			add("colors.secondary", msg)
		}
	}
	if msg := checkText(b.Tagline, MaxTaglineLen); msg != "" {
		add("tagline", msg)
	}
	return issues
}

func checkText(s string, max int) string {
	if s == "" {
		return ""
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Sprintf("must be at most %d characters (got %d)", max, n)
	}
	if strings.TrimSpace(s) == "" {
		return "must not be blank"
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return "must be one line without control characters"
		}
	}
	return ""
}

func checkColor(c string) string {
	if c == "" || hexColor.MatchString(c) {
		return ""
	}
	return fmt.Sprintf(`must be a hex color like "#1a2b3c" or "#abc" (got %q)`, truncate(c, 20))
}

// checkLogo checks a logo's form without network access: a data URI in full, an https URL by
// syntax.
func checkLogo(logo string) error {
	if isDataURI(logo) {
		_, err := parseDataURI(logo, MaxLogoBytes)
		return err
	}
	_, err := parseLogoURL(logo)
	return err
}

func isDataURI(s string) bool { return len(s) >= 5 && strings.EqualFold(s[:5], "data:") }

// parseLogoURL checks that raw is an https URL without credentials and with a valid host.
func parseLogoURL(raw string) (*url.URL, error) {
	if len(raw) > maxLogoURLLen {
		return nil, logoErrorf("URL is longer than %d characters", maxLogoURLLen)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Opaque != "" {
		return nil, logoErrorf("must be a base64 data URI (data:image/png;base64,...) or an https URL")
	}
	if !strings.EqualFold(u.Scheme, "https") {
		return nil, logoErrorf("URL must use https (got %s:)", truncate(u.Scheme, 10))
	}
	if u.User != nil {
		return nil, logoErrorf("URL must not contain credentials")
	}
	if !validHost(u.Hostname()) {
		return nil, logoErrorf("URL host %q is not a valid host name or IP address", truncate(u.Hostname(), 60))
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, logoErrorf("URL port %q is not valid", truncate(p, 10))
		}
	}
	return u, nil
}

// validHost accepts an IP literal (without zone) or a DNS name of letters, digits and hyphens
// (punycode for international names), with at least one dot or being "localhost".
func validHost(h string) bool {
	if h == "" {
		return false
	}
	if a, err := netip.ParseAddr(h); err == nil {
		return a.Zone() == ""
	}
	if net.ParseIP(h) != nil { // forms netip rejects
		return false
	}
	h = strings.TrimSuffix(h, ".")
	if len(h) > 253 {
		return false
	}
	labels := strings.Split(h, ".")
	if len(labels) < 2 && !strings.EqualFold(h, "localhost") {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	// An all-numeric last label is not a top-level domain (catches "1.2.3" style hosts).
	last := labels[len(labels)-1]
	if strings.Trim(last, "0123456789") == "" {
		return false
	}
	return true
}
