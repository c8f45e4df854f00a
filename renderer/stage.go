package renderer

import (
	"encoding/json"
	"strings"
)

// Origin is the internal origin every page is rendered at. The pool answers requests to it from
// Config.Assets (https://brandgen.internal/fonts/Inter.woff2 is Assets' "fonts/Inter.woff2");
// every other request is blocked.
const Origin = "https://brandgen.internal"

// stagePath is the URL path of the stage page; it is served by the pool, not from Assets. It is
// the origin's root so that relative URLs in pages resolve against "/".
const stagePath = "/"

// stageScript drives a tab. The stage page stays loaded for the tab's whole life, so fonts and
// style sheets it has loaded stay in Chromium's memory cache. Each render writes the page into a
// fresh same-origin iframe (document.open/write/close on an about:blank frame made in advance),
// so every page gets a new document and a new JavaScript global: top-level const/let and timers
// of one page never leak into the next, as they would with Page.setDocumentContent, which
// reuses the window. It measured 12 ms against 30 ms for an iframe with srcdoc and 58 ms for a
// navigation.
//
// Readiness contract with page templates: a page is ready when its load event has fired,
// document.fonts is loaded (after a forced layout, so that used faces have started loading),
// every <img> has loaded or failed and is decoded, and, if <html> has the data-wait attribute,
// once document.documentElement.dataset.ready === "1" (then fonts are awaited once more).
const stageScript = `(() => {
'use strict';
let frame = null, stage = 'idle';
const keep = [];
function fresh() {
  const f = document.createElement('iframe');
  f.setAttribute('aria-hidden', 'true');
  f.setAttribute('tabindex', '-1');
  // No top navigation, popups, dialogs, forms or downloads; scripts and the origin stay.
  f.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  document.body.replaceChildren(f);
  frame = f;
  return f;
}
function within(p, ms) {
  let timer;
  const t = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('page not ready after ' + ms + ' ms: ' + stage)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}
async function fontsLoaded(d) {
  d.documentElement.getBoundingClientRect();
  while (d.fonts.status !== 'loaded') await d.fonts.ready;
}
async function settle(win) {
  const d = win.document;
  for (const img of d.images) if (img.loading === 'lazy') img.loading = 'eager';
  if (d.readyState !== 'complete') {
    stage = 'waiting for the load event (style sheets, scripts, images)';
    await new Promise(r => win.addEventListener('load', r, {once: true}));
  }
  stage = 'waiting for document.fonts';
  await fontsLoaded(d);
  stage = 'waiting for images to decode';
  await Promise.all(Array.from(d.images, img => img.decode().catch(() => null)));
  const root = d.documentElement;
  if (root.hasAttribute('data-wait') && root.dataset.ready !== '1') {
    stage = 'waiting for <html data-ready="1"> (the page has data-wait)';
    await new Promise(r => {
      const mo = new MutationObserver(() => {
        if (root.dataset.ready === '1') { mo.disconnect(); r(); }
      });
      mo.observe(root, {attributes: true, attributeFilter: ['data-ready']});
    });
    stage = 'waiting for document.fonts after data-ready';
    await fontsLoaded(d);
  }
  stage = 'ready';
}
window.__bg = {
  prepare() { fresh(); stage = 'idle'; return true; },
  async render(html, w, h, budget) {
    const f = frame && !frame.dataset.used ? frame : fresh();
    f.dataset.used = '1';
    f.style.width = w + 'px';
    f.style.height = h + 'px';
    const win = f.contentWindow, d = win.document;
    stage = 'parsing';
    d.open();
    d.write(html);
    d.close();
    await within(settle(win), budget);
    // A page whose color-scheme differs from its frame's gets an opaque backdrop; match it.
    const cs = getComputedStyle(d.documentElement).colorScheme;
    if (cs && cs !== 'normal') f.style.colorScheme = cs;
    return d.compatMode;
  },
  async step(js, budget) {
    if (!frame || !frame.dataset.used) throw new Error('no page to run the step in');
    const win = frame.contentWindow;
    stage = 'running the frame step';
    await within((async () => {
      const r = win.eval(js);
      if (r && typeof r.then === 'function') await r;
      stage = 'waiting for document.fonts after the frame step';
      await fontsLoaded(win.document);
    })(), budget);
    return true;
  },
  async warm(fonts, sheets) {
    const failed = [];
    await Promise.all(fonts.map((u, i) => new FontFace('bgwarm' + i, 'url("' + u + '")').load()
      .then(f => { keep.push(f); }, e => { failed.push(u + ': ' + e); })));
    await Promise.all(sheets.map(u => new Promise(r => {
      const l = document.createElement('link');
      l.rel = 'stylesheet';
      l.media = 'not all';
      l.href = u;
      l.onload = r;
      l.onerror = () => { failed.push(u); r(); };
      document.head.appendChild(l);
    })));
    return failed;
  },
};
})();`

// stageRef is how evaluated expressions reach the stage's API: it throws stageLost when the tab
// no longer shows the stage.
const stageRef = "(window.__bg || (() => { throw new Error('" + stageLost + "') })())"

const stageLost = "brandgen stage lost"

// stageHTML is the stage document.
var stageHTML = []byte(`<!doctype html><html><head><meta charset="utf-8"><title>brandgen stage</title>
<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}
iframe{position:fixed;left:0;top:0;display:block;border:0;margin:0;padding:0;background:transparent}</style>
<script>` + stageScript + `</script></head><body></body></html>`)

// jsString quotes s as a JavaScript string literal (JSON is one; encoding/json also escapes
// <, > and &, which is harmless here).
func jsString(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}

// jsStrings quotes a list of strings as a JavaScript array literal.
func jsStrings(list []string) string {
	if len(list) == 0 {
		return "[]"
	}
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = jsString(s)
	}
	return "[" + strings.Join(parts, ",") + "]"
}
