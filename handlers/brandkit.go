package handlers

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/brandkit"
	"github.com/gin-gonic/gin"
)

// KitRenderer renders brand-kit assets from an account's saved brand (studio.Kit).
type KitRenderer interface {
	// RenderReport returns the PNG and the pills the page left out (content_dropped on pills[i]).
	RenderReport(ctx context.Context, accountID int64, spec brandkit.Spec) ([]byte, []brandgen.Warning, error)
}

// brandkitCatalog lists the brand-kit assets.
func (s *server) brandkitCatalog(c *gin.Context) {
	c.JSON(http.StatusOK, AssetList{Assets: brandkit.All()})
}

// renderAsset renders one brand-kit asset from the saved brand: free, deterministic, every plan.
func (s *server) renderAsset(c *gin.Context) {
	var req brandkit.Request
	if err := bind(c, &req); err != nil {
		fail(c, err)
		return
	}
	spec, err := brandkit.Check(req)
	if err != nil {
		if e, ok := brandgen.AsError(err); ok {
			e.Issues = sortIssues(e.Issues)
		}
		fail(c, err)
		return
	}
	png, warnings, err := s.Kit.RenderReport(c.Request.Context(), account(c).ID, spec)
	if err != nil {
		fail(c, err)
		return
	}
	a := spec.Asset
	// Pills past what the asset shows are not drawn: reported like those the page had no room for.
	var unshown []brandgen.Warning
	for i := len(spec.Pills); i < len(req.Pills); i++ {
		unshown = append(unshown, brandgen.Warning{Code: "content_dropped", Path: fmt.Sprintf("pills[%d]", i),
			Message: fmt.Sprintf("left out: the %s asset shows at most %d pills", a.ID, a.Pills)})
	}
	c.JSON(http.StatusOK, AssetResponse{ID: a.ID, Title: a.Title, Width: a.W, Height: a.H, Image: pngURI(png),
		Warnings: append(warnings, unshown...)})
}

// LogoMaker makes logo marks (logo.Maker behind a colour lookup, see app).
type LogoMaker interface {
	// Make returns a transparent PNG of the mark for prompt in the account's brand colours.
	Make(ctx context.Context, accountID int64, prompt string) ([]byte, error)
}

// maxLogoPrompt is the /logo prompt cap (api-v1.md).
const maxLogoPrompt = 2000

// createLogo charges one logo (the free one first, then LogoPriceCredits), makes the mark and
// refunds the charge on any failure, so balances change only with a logo returned.
func (s *server) createLogo(c *gin.Context) {
	var req LogoRequest
	if err := bind(c, &req); err != nil {
		fail(c, err)
		return
	}
	switch {
	case req.Prompt == nil || strings.TrimSpace(*req.Prompt) == "":
		fail(c, brandgen.Invalid([]brandgen.Issue{{Field: "prompt", Message: "is required"}}))
		return
	case utf8.RuneCountInString(*req.Prompt) > maxLogoPrompt:
		fail(c, brandgen.Invalid([]brandgen.Issue{{Field: "prompt", Message: fmt.Sprintf("must be at most %d characters (is %d)", maxLogoPrompt, utf8.RuneCountInString(*req.Prompt))}}))
		return
	}
	ctx := c.Request.Context()
	acct := account(c)
	usedFree, freeLeft, credits, err := s.store.SpendLogo(ctx, acct.ID, brandgen.LogoPriceCredits)
	if err != nil {
		fail(c, err)
		return
	}
	png, err := s.Logos.Make(ctx, acct.ID, strings.TrimSpace(*req.Prompt))
	if err != nil {
		if rerr := s.store.RefundLogo(context.WithoutCancel(ctx), acct.ID, usedFree, brandgen.LogoPriceCredits); rerr != nil {
			_ = c.Error(fmt.Errorf("refund logo of account %d: %w", acct.ID, rerr))
		}
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, LogoResponse{Image: pngURI(png), FreeLeft: freeLeft, Credits: credits})
}
