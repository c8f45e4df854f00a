// brandgen page measures: where a page's text landed, read from layout (client rects, scroll
// sizes). js/fit.js fits by them and passes rows on to js/clauses.js; nothing here writes to the
// page. window.__brandgenMeasure holds them (js/cjklines.js and js/compounds.js read px from it).
(function () {
  "use strict";

  function px(v) { var n = parseFloat(v); return isNaN(n) ? 0 : n; }

  function visible(el) { return el.getClientRects().length > 0; }

  // textRects are the client rects of the text and images inside el. A child element's own box is
  // left out: a chip's icon and the span around its two lines sit centred between the lines and
  // were read as a third (the chip failed its line cap and the fit dropped every perk).
  function textRects(el) {
    var out = [], w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT), n;
    var r = document.createRange();
    while ((n = w.nextNode())) {
      if (n.nodeType === 1) {
        if (n.tagName === "IMG") Array.prototype.push.apply(out, n.getClientRects());
        continue;
      }
      if (!n.data.trim() || n.parentElement.closest("svg,style,script")) continue;
      r.selectNodeContents(n);
      Array.prototype.push.apply(out, r.getClientRects());
    }
    return out;
  }

  // rows are the lines of el's text, top to bottom: the client rects of its text grouped by
  // vertical centre (centres under tol px apart are one line), each {c, l, r} (centre, left and
  // right). js/clauses.js groups with it too (tol half the font size).
  function rows(el, tol) {
    var out = [], rects = textRects(el);
    for (var i = 0; i < rects.length; i++) {
      var b = rects[i];
      if (!b.width || !b.height) continue;
      var c = (b.top + b.bottom) / 2, row = null;
      for (var j = 0; j < out.length && !row; j++) if (Math.abs(out[j].c - c) < tol) row = out[j];
      if (!row) out.push(row = { c: c, l: b.left, r: b.right });
      row.l = Math.min(row.l, b.left); row.r = Math.max(row.r, b.right);
    }
    return out.sort(function (a, b) { return a.c - b.c; });
  }

  // Line boxes of el's own text: its rows, grouped within half a line height. A line's content
  // area can be taller than its line box (tight line-height, fallback fonts), but half-leading is
  // symmetric, so both share one centre.
  function lines(el) {
    var cs = getComputedStyle(el);
    var fs = px(cs.fontSize), lh = px(cs.lineHeight) || fs * 1.2;
    var rs = rows(el, lh * 0.5), bottom = -Infinity;
    for (var k = 0; k < rs.length; k++) bottom = Math.max(bottom, rs[k].c + lh / 2);
    return { n: rs.length, bottom: bottom };
  }

  function hasBlockChild(el) {
    for (var c = el.firstElementChild; c; c = c.nextElementSibling) {
      var d = getComputedStyle(c).display;
      if (d !== "inline" && d !== "none" && d !== "contents") return true;
    }
    return false;
  }

  // overflows reports text that does not fit el's box. Vertically it trusts scrollHeight only for
  // boxes with block children; text is measured by its line boxes, so the glyphs of a tight
  // line-height standing out of their line box are not read as overflow.
  function overflows(el) {
    if (el.scrollWidth > el.clientWidth + 1) return true;
    if (el.scrollHeight <= el.clientHeight + 1) return false;
    if (hasBlockChild(el)) return true;
    var cs = getComputedStyle(el), rect = el.getBoundingClientRect();
    var inner = rect.bottom - px(cs.borderBottomWidth);
    return lines(el).bottom > inner + 1;
  }

  // boxOverflows is overflows for containers. scrollHeight misses content pushed out of the top
  // (centred columns), so the text's extent is checked too, allowing for the glyph overhang of
  // tight line boxes.
  function boxOverflows(box) {
    if (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1) return true;
    var w = document.createTreeWalker(box, NodeFilter.SHOW_TEXT), n;
    while ((n = w.nextNode()) && (!n.textContent.trim() || n.parentElement.closest("style,script"))) { /* skip blank and style text */ }
    if (!n) return false;
    var r = document.createRange();
    r.selectNodeContents(box);
    var t = r.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (!t.height) return false;
    // A padded box (a glass card) must hold its content inside its padding: a grid's rows can
    // overflow into the padding without moving scrollHeight (announcement landscape: a long title
    // stood 60 px into the card's bottom padding, the kicker on its top edge). At the bottom the
    // glyphs' overhang is allowed as at the top, a little less (descenders are shorter).
    var cs = getComputedStyle(box), pt = px(cs.paddingTop), pb = px(cs.paddingBottom);
    var top = b.top + (pt ? px(cs.borderTopWidth) + pt : 0);
    // Tight line-heights let glyphs stand out by up to ~0.4em (CJK faces are tall).
    if (t.top < top - Math.max(12, sizeOf(n.parentElement) * 0.4)) return true;
    if (!pb) return false;
    for (var last = n; (n = w.nextNode()); ) if (n.textContent.trim() && !n.parentElement.closest("style,script")) last = n;
    return t.bottom > b.bottom - px(cs.borderBottomWidth) - pb + Math.max(12, sizeOf(last.parentElement) * 0.25);
  }

  function sizeOf(el) { return px(getComputedStyle(el).fontSize); }

  window.__brandgenMeasure = { px: px, visible: visible, rows: rows, lines: lines, overflows: overflows,
    boxOverflows: boxOverflows, sizeOf: sizeOf };
})();
