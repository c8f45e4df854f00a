package templates

import (
	"html/template"

	"github.com/brandgen/brandgen"
)

// pageMemo keeps what a page's template funcs compute once and call again while the page is built:
// a code slide calls codeView from its slide-fit hook and its body, and blueprint's view calls it
// once more as the sans styles see it (its Sparse). Data carries it by pointer, so the copies a
// template makes (SlideArea) share it; a page is built on one goroutine.
type pageMemo struct {
	codeViews map[codeViewKey]CodeView
	highlit   map[highlightKey]highlighted
}

// codeViewKey is what a CodeView depends on: the page's look and metrics and the call's texts.
type codeViewKey struct {
	look                           brandgen.Look
	m                              Metrics
	badge                          bool
	code, language, title, caption string
}

// highlightKey is what a snippet's highlighting depends on.
type highlightKey struct {
	code, language string
}

// memoCodeView is codeView's result for key, computed by view on the first call of the page.
func (p *pageMemo) memoCodeView(key codeViewKey, view func() CodeView) CodeView {
	if p == nil {
		return view()
	}
	if v, ok := p.codeViews[key]; ok {
		return v
	}
	if p.codeViews == nil {
		p.codeViews = map[codeViewKey]CodeView{}
	}
	v := view()
	p.codeViews[key] = v
	return v
}

// highlighted is a snippet's highlight: its HTML and its lines as the page wraps them.
type highlighted struct {
	html    template.HTML
	wrapped []string
}

// memoHighlight is highlight(lines, language) for code, highlighted once per page.
func (p *pageMemo) memoHighlight(code string, lines []string, language string) (template.HTML, []string) {
	if p == nil {
		return highlight(lines, language)
	}
	key := highlightKey{code, language}
	if h, ok := p.highlit[key]; ok {
		return h.html, h.wrapped
	}
	if p.highlit == nil {
		p.highlit = map[highlightKey]highlighted{}
	}
	html, wrapped := highlight(lines, language)
	p.highlit[key] = highlighted{html, wrapped}
	return html, wrapped
}
