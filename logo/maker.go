package logo

import (
	"context"
	"fmt"

	"github.com/brandgen/brandgen"
)

// Providers of a logo.
const (
	ProviderOffline = "offline"
	ProviderOpenAI  = "openai"
	// OfflineModel names the offline generator; bump it when marks change for the same prompt.
	OfflineModel = "marks-v1"
)

// ImageModel draws a mark with an image model (generate.ImageModel): a PNG, ideally with a
// transparent background. Failures wrap brandgen.ErrProviderUnavailable.
type ImageModel interface {
	Mark(ctx context.Context, prompt, primary, secondary string) ([]byte, error)
	Name() string
}

// SVGRenderer renders an SVG document onto a transparent size x size PNG (studio.Studio).
type SVGRenderer interface {
	RenderSVG(ctx context.Context, svg string, width, height int, transparent bool, lang string) ([]byte, error)
}

// ColorSource gives an account's saved brand colours (studio.Studio).
type ColorSource interface {
	BrandColors(ctx context.Context, accountID int64) (brandgen.Colors, error)
}

// Maker makes logo marks: with the image model when one is configured, else offline.
type Maker struct {
	model  ImageModel // nil: offline
	render SVGRenderer
	colors ColorSource
}

// NewMaker returns a Maker; model may be nil (offline marks only).
func NewMaker(model ImageModel, render SVGRenderer, colors ColorSource) *Maker {
	return &Maker{model: model, render: render, colors: colors}
}

// Make draws the mark for prompt in the colours of the account's saved brand (defaults when none)
// and returns the transparent PNG.
func (m *Maker) Make(ctx context.Context, accountID int64, prompt string) ([]byte, error) {
	c, err := m.colors.BrandColors(ctx, accountID)
	if err != nil {
		return nil, err
	}
	res, err := m.Draw(ctx, prompt, c.Primary, c.Secondary)
	if err != nil {
		return nil, err
	}
	return res.PNG, nil
}

// Result is a made mark: a transparent Canvas x Canvas PNG and who drew it.
type Result struct {
	PNG      []byte
	Provider string
	Model    string
}

// Draw draws the mark for prompt in the brand colours ("#RRGGBB"; empty: defaults).
func (m *Maker) Draw(ctx context.Context, prompt, primary, secondary string) (Result, error) {
	if m.model != nil {
		_, p, q := newPalette(primary, secondary)
		raw, err := m.model.Mark(ctx, prompt, p.hex(), q.hex())
		if err != nil {
			return Result{}, err
		}
		out, err := Square(raw, Canvas, Margin)
		if err != nil { // an answer that is no usable image is the provider's failure
			return Result{}, fmt.Errorf("logo: the model's image: %w: %w", brandgen.ErrProviderUnavailable, err)
		}
		return Result{PNG: out, Provider: ProviderOpenAI, Model: m.model.Name()}, nil
	}
	raw, err := m.render.RenderSVG(ctx, Mark(prompt, primary, secondary), Canvas, Canvas, true, "")
	if err != nil {
		return Result{}, fmt.Errorf("logo: render mark: %w", err)
	}
	out, err := Square(raw, Canvas, Margin)
	if err != nil {
		return Result{}, fmt.Errorf("logo: offline mark: %w", err)
	}
	return Result{PNG: out, Provider: ProviderOffline, Model: OfflineModel}, nil
}
