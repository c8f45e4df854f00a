package generate

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// DefaultImageModel is the image model of logo marks when none is configured.
const DefaultImageModel = openai.CreateImageModelGptImage1

// ImageModel draws logo marks with an OpenAI-compatible image generation endpoint (gpt-image
// models: transparent background, PNG output). It is safe for concurrent use.
type ImageModel struct {
	client *openai.Client
	errs   *Model // formats provider errors (model name, host, redaction)
	cfg    ModelConfig
}

// NewImageModel returns an image model client; cfg.Model empty takes DefaultImageModel.
func NewImageModel(cfg ModelConfig) *ImageModel {
	if strings.TrimSpace(cfg.Model) == "" {
		cfg.Model = DefaultImageModel
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * DefaultTimeout // image generation is slower than text
	}
	client, host := newClient(cfg)
	return &ImageModel{client: client, cfg: cfg, errs: &Model{cfg: cfg, host: host}}
}

// newClient is the OpenAI-compatible client of cfg and its host for messages (base URL without the
// scheme or any user:password@).
func newClient(cfg ModelConfig) (*openai.Client, string) {
	oc := openai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL != "" {
		oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	}
	if cfg.HTTPClient != nil {
		oc.HTTPClient = cfg.HTTPClient
	} else {
		oc.HTTPClient = &http.Client{}
	}
	host := oc.BaseURL
	if u, err := url.Parse(oc.BaseURL); err == nil && u.Host != "" {
		host = u.Host + u.Path
	}
	return openai.NewClientWithConfig(oc), host
}

// Name is the model name.
func (m *ImageModel) Name() string { return m.cfg.Model }

// Mark asks for a logo mark (shapes only, no text) in the two colours and returns the PNG bytes.
// Failures wrap brandgen.ErrProviderUnavailable.
func (m *ImageModel) Mark(ctx context.Context, prompt, primary, secondary string) ([]byte, error) {
	req := openai.ImageRequest{
		Model:        m.cfg.Model,
		Prompt:       markPrompt(prompt, primary, secondary),
		N:            1,
		Size:         openai.CreateImageSize1024x1024,
		Background:   openai.CreateImageBackgroundTransparent,
		OutputFormat: openai.CreateImageOutputFormatPNG,
	}
	cctx, cancel := context.WithTimeout(ctx, m.cfg.Timeout)
	defer cancel()
	start := time.Now()
	resp, err := m.client.CreateImage(cctx, req)
	if err != nil {
		return nil, m.errs.providerError(ctx, cctx, err, time.Since(start))
	}
	if len(resp.Data) == 0 || resp.Data[0].B64JSON == "" {
		return nil, &ProviderError{Model: m.cfg.Model, Host: m.errs.host, Reason: "the answer has no base64 image"}
	}
	raw, err := base64.StdEncoding.DecodeString(resp.Data[0].B64JSON)
	if err != nil {
		return nil, &ProviderError{Model: m.cfg.Model, Host: m.errs.host, Reason: "the image is not valid base64: " + err.Error()}
	}
	return raw, nil
}

// markPrompt is the image prompt of a logo mark.
func markPrompt(prompt, primary, secondary string) string {
	return fmt.Sprintf(`Design a logo mark (a symbol only) for this brief: %s

Rules:
- No text, no letters, no numbers, no monograms, no words of any script anywhere in the image.
- A simple, bold, geometric vector mark built from clean shapes (circles, arcs, polygons, symmetry), flat colour, no photo, no 3D render, no mockup, no gradient background.
- Use the brand colours %s (primary) and %s (secondary), plus white or a dark shade of the primary if needed.
- One centred mark on a fully transparent background, with empty space around it, readable at 32 pixels.`,
		strings.TrimSpace(prompt), primary, secondary)
}
