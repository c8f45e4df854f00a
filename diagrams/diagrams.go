// Package diagrams is the diagram service behind /diagrams: it plans diagrams from prompts (a
// model planner or the offline rules), checks what was planned (Mermaid's own parser, the graph's
// rules), stores diagrams with their history, and renders, restyles, renames, exports, lists and
// deletes them. Seven types: architecture (package arch draws it) and the Mermaid types flowchart,
// sequence, class, er, mindmap and gantt (package mermaid lays them out in the render pool's warm
// stage; the page is templates' diagram page, rendered through studio).
//
// Every create, refine, restyle and rename appends a revision; a refine that cannot produce a
// valid diagram changes nothing. Stored sources never leave the service.
package diagrams

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/diagrams/arch"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/studio"
)

// Store is the persistence the service needs (db.Store).
type Store interface {
	CreateDiagram(ctx context.Context, d db.Diagram, note string) error
	Diagram(ctx context.Context, accountID int64, id string) (db.Diagram, error)
	UpdateDiagram(ctx context.Context, d db.Diagram, note string) error
	DeleteDiagram(ctx context.Context, accountID int64, id string) error
	ListDiagrams(ctx context.Context, accountID int64, cursor string, limit int) ([]db.Diagram, string, error)
	Brand(ctx context.Context, accountID int64) (brandgen.Brand, bool, error)
}

// Service is the diagram service. It is safe for concurrent use.
type Service struct {
	store   Store
	studio  *studio.Studio
	planner Planner
	arts    *lru
}

// New wires the service. planner nil is the offline planner.
func New(store Store, st *studio.Studio, planner Planner) *Service {
	if planner == nil {
		planner = Offline{}
	}
	return &Service{store: store, studio: st, planner: planner, arts: newLRU(256)}
}

// Diagram is the API's view of a diagram.
type Diagram struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Title string `json:"title"`
	Size  string `json:"size"`
	Theme string `json:"theme"`
	Image string `json:"image,omitempty"` // data:image/png;base64,...
	Note  string `json:"note,omitempty"`
}

// Result is a rendered diagram: its view and the PNG (the view's Image is left to the caller).
type Result struct {
	Diagram Diagram
	PNG     []byte
	// Provider, LLM and tokens of the planning call (create and refine with a prompt).
	Provider, LLM                  string
	PromptTokens, CompletionTokens int
}

// storedDiagram is a db row with its JSON decoded.
type storedDiagram struct {
	db.Diagram
	model    Model
	settings Settings
}

func decode(d db.Diagram) (storedDiagram, error) {
	sd := storedDiagram{Diagram: d}
	if len(d.Model) > 0 && string(d.Model) != "null" {
		if err := json.Unmarshal(d.Model, &sd.model); err != nil {
			return sd, fmt.Errorf("diagrams: decode model of %s: %w", d.ID, err)
		}
	}
	if len(d.Display) > 0 && string(d.Display) != "null" {
		if err := json.Unmarshal(d.Display, &sd.settings); err != nil {
			return sd, fmt.Errorf("diagrams: decode display of %s: %w", d.ID, err)
		}
	}
	return sd, nil
}

func (sd *storedDiagram) encode() error {
	var err error
	if sd.Model, err = json.Marshal(sd.model); err != nil {
		return err
	}
	sd.Display, err = json.Marshal(sd.settings)
	return err
}

// resolve applies a request's display fields over base: request field > base (the diagram's
// current settings, or the saved defaults then the system defaults at create).
func resolve(base Settings, d Display) Settings {
	if d.Size != "" {
		base.Size = d.Size
	}
	if d.Theme != "" {
		base.Theme = d.Theme
	}
	if d.Style != "" {
		base.Style = d.Style
	}
	if d.NodeStyle != "" {
		base.NodeStyle = d.NodeStyle
	}
	if d.Transparent != nil {
		base.Transparent = *d.Transparent
	}
	if c := d.Colors; c != nil {
		base.Colors = *c
	}
	if d.Unbranded != nil {
		base.Branded = !*d.Unbranded
	}
	return base
}

// defaults are the saved diagram defaults of an account over the system defaults: light, auto,
// glass, structured, opaque, unbranded.
func defaults(a brandgen.Account) Settings {
	st := Settings{Size: brandgen.SizeAuto, Theme: brandgen.ThemeLight, Style: brandgen.StyleGlass, NodeStyle: "structured"}
	dd := a.Settings.DiagramDefaults
	if dd.Theme != "" {
		st.Theme = dd.Theme
	}
	if dd.Size != "" {
		st.Size = dd.Size
	}
	if dd.NodeStyle != "" {
		st.NodeStyle = dd.NodeStyle
	}
	if dd.Transparent != nil {
		st.Transparent = *dd.Transparent
	}
	if dd.Branded != nil {
		st.Branded = *dd.Branded
	}
	return st
}

// Create plans a diagram from the request's prompt, checks it, renders it and stores it.
func (s *Service) Create(ctx context.Context, a brandgen.Account, r CreateRequest) (Result, error) {
	typ := r.Type
	if typ == "" {
		typ = DefaultType
	}
	plan, err := s.planner.Plan(ctx, typ, strings.TrimSpace(*r.Prompt))
	if err != nil {
		return Result{}, err
	}
	if err := checkGraph(typ, plan.Model); err != nil {
		return Result{}, planFailed(plan, err)
	}
	title := plan.Title
	if r.Title != nil {
		title = strings.TrimSpace(*r.Title)
	}
	sd := storedDiagram{Diagram: db.Diagram{ID: NewID(), AccountID: a.ID, Type: typ, Title: clipTitle(title), Brand: r.Brand},
		model: plan.Model, settings: resolve(defaults(a), r.Display)}
	img, err := s.draw(ctx, a.ID, typ, sd.Title, sd.model, sd.Brand, sd.settings)
	if errors.Is(err, mermaid.ErrSyntax) { // drawing parses the source (no separate check)
		return Result{}, planFailed(plan, err)
	}
	if err != nil {
		return Result{}, err
	}
	if err := sd.encode(); err != nil {
		return Result{}, err
	}
	if err := s.store.CreateDiagram(ctx, sd.Diagram, "create: "+plan.Note); err != nil {
		return Result{}, err
	}
	return s.result(sd, img, plan.Note, plan), nil
}

// planFailed reports a planned diagram that did not pass its checks: the model's failure is the
// provider's (503, nothing charged); the offline planner's is a bug.
func planFailed(p Plan, err error) error {
	if p.Provider != "offline" {
		return fmt.Errorf("%w: the model's diagram is invalid: %w", brandgen.ErrProviderUnavailable, err)
	}
	return fmt.Errorf("diagrams: the offline planner made an invalid diagram: %w", err)
}

// Refine edits a diagram: with a prompt its content (planned; metered by the caller), without one
// only its display (restyle). Omitted fields keep their values; nothing changes on error.
func (s *Service) Refine(ctx context.Context, a brandgen.Account, id string, r RefineRequest) (Result, error) {
	sd, err := s.load(ctx, a.ID, id)
	if err != nil {
		return Result{}, err
	}
	var plan Plan
	note := "restyle"
	if r.Prompt != nil {
		if plan, err = s.planner.Refine(ctx, sd.Type, sd.model, strings.TrimSpace(*r.Prompt)); err != nil {
			return Result{}, err
		}
		if err := checkGraph(sd.Type, plan.Model); err != nil {
			return Result{}, planFailed(plan, err)
		}
		sd.model = plan.Model
		note = "refine: " + plan.Note
		// Display changes the instruction asked for ("make it dark"), unless the request sets them.
		if plan.Display.Theme != "" && r.Theme == "" {
			r.Theme = plan.Display.Theme
		}
		if plan.Display.Size != "" && r.Size == "" {
			r.Size = plan.Display.Size
		}
		if plan.Display.Transparent != nil && r.Transparent == nil {
			r.Transparent = plan.Display.Transparent
		}
	}
	sd.settings = resolve(sd.settings, r.Display)
	if r.Brand != nil {
		sd.Brand = r.Brand
	}
	if r.Title != nil {
		sd.Title = clipTitle(strings.TrimSpace(*r.Title))
	}
	img, err := s.draw(ctx, a.ID, sd.Type, sd.Title, sd.model, sd.Brand, sd.settings)
	if errors.Is(err, mermaid.ErrSyntax) && r.Prompt != nil {
		return Result{}, planFailed(plan, err)
	}
	if err != nil {
		return Result{}, err
	}
	if err := sd.encode(); err != nil {
		return Result{}, err
	}
	if err := s.store.UpdateDiagram(ctx, sd.Diagram, note); err != nil {
		return Result{}, err
	}
	shown := plan.Note
	if r.Prompt == nil {
		shown = "restyled"
	}
	return s.result(sd, img, shown, plan), nil
}

// Rename sets the title ("" clears it) and renders the diagram.
func (s *Service) Rename(ctx context.Context, a brandgen.Account, id, title string) (Result, error) {
	sd, err := s.load(ctx, a.ID, id)
	if err != nil {
		return Result{}, err
	}
	sd.Title = clipTitle(strings.TrimSpace(title))
	img, err := s.draw(ctx, a.ID, sd.Type, sd.Title, sd.model, sd.Brand, sd.settings)
	if err != nil {
		return Result{}, err
	}
	if err := s.store.UpdateDiagram(ctx, sd.Diagram, "rename"); err != nil {
		return Result{}, err
	}
	return s.result(sd, img, "renamed", Plan{}), nil
}

// Delete removes the diagram and its history.
func (s *Service) Delete(ctx context.Context, a brandgen.Account, id string) error {
	return s.store.DeleteDiagram(ctx, a.ID, id)
}

// Get renders the diagram with the overrides (that render only).
func (s *Service) Get(ctx context.Context, a brandgen.Account, id string, o Overrides) (Result, error) {
	sd, err := s.load(ctx, a.ID, id)
	if err != nil {
		return Result{}, err
	}
	st := sd.settings.with(o)
	img, err := s.draw(ctx, a.ID, sd.Type, sd.Title, sd.model, sd.Brand, st)
	if err != nil {
		return Result{}, err
	}
	sd.settings = st
	return s.result(sd, img, "", Plan{}), nil
}

// ErrSVGUnsupported: SVG export of a diagram that is not an architecture diagram.
var ErrSVGUnsupported = &brandgen.Error{Code: brandgen.CodeSVGUnsupported,
	Message: "SVG export is available for architecture diagrams only; use format=png"}

// SVG is the self-contained SVG export of an architecture diagram.
func (s *Service) SVG(ctx context.Context, a brandgen.Account, id string, o Overrides) ([]byte, error) {
	sd, err := s.load(ctx, a.ID, id)
	if err != nil {
		return nil, err
	}
	if sd.Type != "architecture" {
		return nil, ErrSVGUnsupported
	}
	badge, err := s.studio.Badge(ctx, a.ID, sd.Brand, !sd.settings.Branded)
	if err != nil {
		return nil, err
	}
	st := sd.settings.with(o)
	if sd.model.Graph == nil {
		return nil, errors.New("diagrams: architecture diagram without a graph")
	}
	d, err := arch.Draw(*sd.model.Graph, arch.Options{Look: brandgen.Look{Size: st.Size, Theme: st.Theme, Style: st.Style},
		NodeStyle: st.NodeStyle, Title: sd.Title, Badge: badge, Transparent: st.Transparent,
		Colors: arch.Colors{Primary: st.Colors.Primary, Secondary: st.Colors.Secondary, Background: st.Colors.Background}})
	if err != nil {
		return nil, fmt.Errorf("draw architecture: %w", err)
	}
	return arch.Export(d)
}

// ETag is the validator of an image form (format "png" or "svg") of the diagram with the
// overrides, and the diagram's type, without rendering.
func (s *Service) ETag(ctx context.Context, a brandgen.Account, id, format string, o Overrides) (string, string, error) {
	sd, err := s.load(ctx, a.ID, id)
	if err != nil {
		return "", "", err
	}
	var saved *brandgen.Brand
	if b, ok, err := s.store.Brand(ctx, a.ID); err != nil {
		return "", "", err
	} else if ok {
		saved = &b
	}
	return etag(sd, sd.settings.with(o), format, saved), sd.Type, nil
}

// Summary is one entry of the list: no image, no source.
type Summary struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	Title     string    `json:"title"`
	Size      string    `json:"size"`
	Theme     string    `json:"theme"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// List returns a page of the account's diagrams, newest first, and the cursor of the next page.
func (s *Service) List(ctx context.Context, a brandgen.Account, cursor string, limit int) ([]Summary, string, error) {
	rows, next, err := s.store.ListDiagrams(ctx, a.ID, cursor, limit)
	if errors.Is(err, db.ErrBadCursor) {
		return nil, "", brandgen.Invalid([]brandgen.Issue{{Field: "cursor", Message: "is not a cursor this list handed out"}})
	}
	if err != nil {
		return nil, "", err
	}
	out := make([]Summary, 0, len(rows))
	for _, r := range rows {
		sd, err := decode(r)
		if err != nil {
			return nil, "", err
		}
		out = append(out, Summary{ID: r.ID, Type: r.Type, Title: r.Title, Size: string(sd.settings.Size),
			Theme: string(sd.settings.Theme), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt})
	}
	return out, next, nil
}

func (s *Service) load(ctx context.Context, accountID int64, id string) (storedDiagram, error) {
	if !ValidID(id) {
		return storedDiagram{}, &brandgen.Error{Code: brandgen.CodeNotFound, Message: "diagram not found", Err: brandgen.ErrNotFound}
	}
	d, err := s.store.Diagram(ctx, accountID, id)
	if errors.Is(err, brandgen.ErrNotFound) {
		return storedDiagram{}, &brandgen.Error{Code: brandgen.CodeNotFound, Message: "diagram not found", Err: err}
	}
	if err != nil {
		return storedDiagram{}, err
	}
	return decode(d)
}

func (s *Service) result(sd storedDiagram, img image, note string, p Plan) Result {
	return Result{
		Diagram: Diagram{ID: sd.ID, Type: sd.Type, Title: sd.Title, Size: string(img.Size), Theme: string(sd.settings.Theme), Note: note},
		PNG:     img.PNG, Provider: p.Provider, LLM: p.LLM, PromptTokens: p.PromptTokens, CompletionTokens: p.CompletionTokens,
	}
}

func clipTitle(t string) string {
	if r := []rune(t); len(r) > MaxTitle {
		return string(r[:MaxTitle])
	}
	return t
}

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// NewID is an opaque, unguessable diagram id: "dg_" and 22 base62 characters (131 random bits).
func NewID() string {
	b := make([]byte, 22)
	max := big.NewInt(int64(len(idAlphabet)))
	for i := range b {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic("diagrams: no randomness: " + err.Error())
		}
		b[i] = idAlphabet[n.Int64()]
	}
	return "dg_" + string(b)
}

// ValidID reports whether id has the shape of a diagram id (anything else is not found).
func ValidID(id string) bool {
	if len(id) != 25 || !strings.HasPrefix(id, "dg_") {
		return false
	}
	for _, c := range id[3:] {
		if !strings.ContainsRune(idAlphabet, c) {
			return false
		}
	}
	return true
}
