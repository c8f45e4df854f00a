package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"path/filepath"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/brandkit"
	"github.com/brandgen/brandgen/logo"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// sheetBrands is a saved-brand store for contact sheets: account id -> brand.
type sheetBrands map[int64]brandgen.Brand

func (s sheetBrands) Brand(_ context.Context, id int64) (brandgen.Brand, bool, error) {
	b, ok := s[id]
	return b, ok, nil
}

// sampleLogoSVG is a brand logo for sheets: a compass-like mark on a rounded tile.
const sampleLogoSVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">` +
	`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>` +
	`<rect x="4" y="4" width="112" height="112" rx="30" fill="url(#g)"/>` +
	`<path d="M60 20 L72 60 L60 100 L48 60 Z" fill="#fff"/><path d="M20 60 L60 50 L100 60 L60 70 Z" fill="#f59e0b"/>` +
	`<circle cx="60" cy="60" r="7" fill="#4f46e5" stroke="#fff" stroke-width="4"/></svg>`

// kitCase is one brand the brand-kit sheets show, with the request fields it is drawn with.
type kitCase struct {
	label   string
	brand   *brandgen.Brand // nil: no brand saved
	tagline string
	pills   []string
}

var kitCases = []kitCase{
	{label: "logo", brand: &brandgen.Brand{Name: "Northwind Labs", Handle: "@northwind", Tagline: "Data tools for teams that ship",
		Logo:   "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(sampleLogoSVG)),
		Colors: &brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}},
		pills: []string{"Analytics", "Open source", "SOC 2"}},
	{label: "nologo", brand: &brandgen.Brand{Name: "Aurora Health", Tagline: "Care that follows you home",
		Colors: &brandgen.Colors{Primary: "#0f766e", Secondary: "#fb7185"}}},
	{label: "long", brand: &brandgen.Brand{Name: "The International Federation of Independent Coffee Roasters", Handle: "@ificr",
		Colors: &brandgen.Colors{Primary: "#9a3412", Secondary: "#0ea5e9"}},
		tagline: "Sourcing, roasting and brewing better coffee together since 1987, with members in more than forty countries worldwide",
		pills:   []string{"Specialty coffee", "Direct trade", "Roasting", "Barista training", "Sustainability", "Cupping", "Events", "Research", "Community", "Equipment"}},
	{label: "cjk", brand: &brandgen.Brand{Name: "東京デザイン工房", Tagline: "毎日の暮らしに、美しいデザインを。",
		Colors: &brandgen.Colors{Primary: "#be123c", Secondary: "#1d4ed8"}},
		pills: []string{"ブランディング", "UI デザイン", "写真"}},
	{label: "nobrand"},
}

// kitSheets renders every brand-kit asset for every case in every theme it supports, one sheet per
// asset, into out.
func kitSheets(ctx context.Context, pool *renderer.Pool, resolver *branding.Resolver, out string, stdout io.Writer) error {
	kitPages, err := templates.NewKit()
	if err != nil {
		return err
	}
	pages, err := templates.New()
	if err != nil {
		return err
	}
	store := sheetBrands{}
	for i, c := range kitCases {
		if c.brand != nil {
			store[int64(i+1)] = *c.brand
		}
	}
	kit := studio.NewKit(studio.New(pages, pool, resolver, store), kitPages)
	for _, a := range brandkit.All() {
		var imgs []image.Image
		var labels []string
		for i, c := range kitCases {
			for _, theme := range a.Themes {
				spec, err := brandkit.Check(brandkit.Request{ID: a.ID, Theme: theme, Tagline: c.tagline, Pills: c.pills})
				if err != nil {
					return err
				}
				b, err := kit.Render(ctx, int64(i+1), spec)
				if err != nil {
					return fmt.Errorf("brandkit %s/%s %s: %w", a.ID, c.label, theme, err)
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					return err
				}
				imgs = append(imgs, templates.Thumbnail(img, min(a.W, 900)))
				labels = append(labels, fmt.Sprintf("%s %s", c.label, theme))
			}
		}
		cols := 2
		if a.W <= 600 {
			cols = 4
		}
		path := filepath.Join(out, "brandkit-"+a.ID+".png")
		if err := writePNG(path, templates.ContactSheet(imgs, cols, labels)); err != nil {
			return err
		}
		fmt.Fprintln(stdout, path)
	}
	return nil
}

// logoPrompts are 24 varied briefs for the offline logo sheet: 18 with a subject, 6 abstract.
var logoPrompts = []string{
	"a fox for a cybersecurity startup", "leaf for an organic grocery", "ocean wave surf school",
	"shield for a password manager", "lightning bolt energy drink", "mountain outdoor gear",
	"star rating platform", "cloud hosting company", "bird for a messaging app",
	"flower shop in Lisbon", "rocket launch accelerator", "eye clinic",
	"heart health app", "water drop purifier", "sun solar panels",
	"key real estate agency", "moon sleep tracker", "paw pet grooming",
	"Acme Corp", "Zenith Partners", "Orbital Dynamics", "Helix", "Quanta Studio", "Bright Tools",
}

// logoSheet renders the offline marks of logoPrompts in three brand palettes into out.
func logoSheet(ctx context.Context, st *studio.Studio, out string, stdout io.Writer) error {
	maker := logo.NewMaker(nil, st, st)
	for _, pal := range []struct{ name, primary, secondary string }{
		{"indigo-amber", "#4f46e5", "#f59e0b"}, {"teal-coral", "#0f766e", "#fb7185"}, {"default", "", ""},
	} {
		var imgs []image.Image
		var labels []string
		for _, p := range logoPrompts {
			res, err := maker.Draw(ctx, p, pal.primary, pal.secondary)
			if err != nil {
				return fmt.Errorf("logo %q: %w", p, err)
			}
			img, err := png.Decode(bytes.NewReader(res.PNG))
			if err != nil {
				return err
			}
			imgs = append(imgs, onWhite(templates.Thumbnail(img, 300)))
			labels = append(labels, p)
		}
		path := filepath.Join(out, "logo-offline-"+pal.name+".png")
		if err := writePNG(path, templates.ContactSheet(imgs, 6, labels)); err != nil {
			return err
		}
		fmt.Fprintln(stdout, path)
	}
	return nil
}

// onWhite flattens a transparent mark onto white, as it is usually seen.
func onWhite(img image.Image) image.Image {
	b := img.Bounds()
	dst := image.NewRGBA(b)
	draw.Draw(dst, b, image.White, image.Point{}, draw.Src)
	draw.Draw(dst, b, img, b.Min, draw.Over)
	return dst
}
