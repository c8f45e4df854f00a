package handlers

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/gin-gonic/gin"
)

// saveBrand replaces the saved brand profile. A remote logo is fetched once here so that a logo
// that cannot be used is reported now, not at a later render.
func (s *server) saveBrand(c *gin.Context) {
	var b brandgen.Brand
	if err := bind(c, &b); err != nil {
		fail(c, err)
		return
	}
	if err := brandgen.Invalid(sortIssues(branding.Validate(b, ""))); err != nil {
		fail(c, err)
		return
	}
	if b.Logo != "" {
		uri, err := s.Brands.InlineLogo(c.Request.Context(), b.Logo)
		if err != nil {
			fail(c, unprefix(err, "brand."))
			return
		}
		if len(b.Logo) > 5 && strings.EqualFold(b.Logo[:5], "data:") {
			b.Logo = uri // stored as checked: an SVG rebuilt by the sanitiser, never the bytes as sent
		}
	}
	if err := s.store.SaveBrand(c.Request.Context(), account(c).ID, b); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, BrandResponse{Brand: b})
}

// getBrand returns the saved profile ({} when none was saved).
func (s *server) getBrand(c *gin.Context) {
	b, _, err := s.store.Brand(c.Request.Context(), account(c).ID)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, BrandResponse{Brand: b})
}

// unprefix strips a field prefix from a validation error's issues.
func unprefix(err error, prefix string) error {
	e, ok := brandgen.AsError(err)
	if !ok || e.Code != brandgen.CodeValidation {
		return err
	}
	out := *e
	out.Issues = make([]brandgen.Issue, len(e.Issues))
	for i, is := range e.Issues {
		is.Field = strings.TrimPrefix(is.Field, prefix)
		out.Issues[i] = is
	}
	return &out
}

func (s *server) getSettings(c *gin.Context) {
	c.JSON(http.StatusOK, account(c).Settings)
}

// patchSettings merges diagramDefaults: a field present sets it, null clears it back to the system
// default, an absent field is kept.
func (s *server) patchSettings(c *gin.Context) {
	var req SettingsPatch
	if err := bind(c, &req); err != nil {
		fail(c, err)
		return
	}
	a := account(c)
	d := a.Settings.DiagramDefaults
	var issues []brandgen.Issue
	for name, raw := range req.DiagramDefaults {
		field := "diagramDefaults." + name
		null := string(raw) == "null"
		var err error
		switch name {
		case "theme":
			err = setEnum(raw, null, &d.Theme, brandgen.Themes)
		case "size":
			err = setEnum(raw, null, &d.Size, append([]brandgen.Size{brandgen.SizeAuto}, brandgen.Sizes...))
		case "nodeStyle":
			err = setEnum(raw, null, &d.NodeStyle, brandgen.NodeStyles)
		case "transparent":
			err = setBool(raw, null, &d.Transparent)
		case "branded":
			err = setBool(raw, null, &d.Branded)
		default:
			err = fmt.Errorf("is not a diagram default; allowed: theme, size, nodeStyle, transparent, branded")
		}
		if err != nil {
			issues = append(issues, brandgen.Issue{Field: field, Message: err.Error()})
		}
	}
	if err := brandgen.Invalid(sortIssues(issues)); err != nil {
		fail(c, err)
		return
	}
	a.Settings.DiagramDefaults = d
	if err := s.store.UpdateSettings(c.Request.Context(), a.ID, a.Settings); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, a.Settings)
}

func setEnum[T ~string](raw json.RawMessage, null bool, dst *T, allowed []T) error {
	if null {
		*dst = ""
		return nil
	}
	var v T
	if json.Unmarshal(raw, &v) != nil || !oneOf(v, allowed) {
		return fmt.Errorf("must be one of %s", brandgen.Enum(allowed))
	}
	*dst = v
	return nil
}

func setBool(raw json.RawMessage, null bool, dst **bool) error {
	if null {
		*dst = nil
		return nil
	}
	var v bool
	if json.Unmarshal(raw, &v) != nil {
		return fmt.Errorf("must be true or false")
	}
	*dst = &v
	return nil
}

func oneOf[T comparable](v T, set []T) bool {
	for _, s := range set {
		if v == s {
			return true
		}
	}
	return false
}
