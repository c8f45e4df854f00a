package carousel

// textProbe runs in each rendered slide (renderer.Pool.RenderProbe) and returns its lines of text:
// [{t, x, y, w, h, s}] in CSS pixels from the top-left corner, s the font size. It walks the text
// nodes of the canvas in document order (skipping aria-hidden parts: decoration, the footer's
// counter and swipe cue), measures each word's box (each CJK character's; a word that wraps, letter
// by letter), and joins them into a line while they sit on the same band and run left to right.
// Collapsed white space becomes one space, and the joiners the templates add to hold words together
// (U+2060 after a hyphen, U+200B) are dropped; in preformatted text (code) spaces are kept and a newline
// ends the line.
const textProbe = `(() => {
  const root = document.querySelector('.canvas') || document.body;
  const styles = new Map();
  const style = el => { let cs = styles.get(el); if (!cs) { cs = getComputedStyle(el); styles.set(el, cs); } return cs; };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode(n) {
      if (!n.nodeValue || !n.nodeValue.trim()) return NodeFilter.FILTER_SKIP;
      const el = n.parentElement;
      if (!el || el.closest('[aria-hidden="true"],style,script,.decor,svg defs')) return NodeFilter.FILTER_REJECT;
      const cs = style(el);
      if (cs.visibility === 'hidden' || cs.display === 'none' || parseFloat(cs.opacity) === 0) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    }
  });
  // Tokens: a run of white space, one CJK character, or a run of anything else (a word).
  const token = /\s+|[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]+/g;
  const out = [];
  const r = document.createRange();
  let cur = null, gap = false;
  const close = () => { if (cur) { cur.t = cur.t.replace(/[\u200b\u2060]/g, '').replace(/\s+$/, ''); if (cur.t) out.push(cur); } cur = null; gap = false; };
  // place adds a piece of text with its box to the current line, or starts a new line.
  const place = (text, b, size) => {
    const same = cur && Math.abs((b.top + b.height / 2) - (cur.y + cur.h / 2)) < Math.max(cur.h, b.height) * 0.45 &&
      b.left >= cur.x + cur.w - size * 0.3 && b.left - (cur.x + cur.w) < size * 3;
    if (!same) { close(); cur = {t: text, x: b.left, y: b.top, w: b.width, h: b.height, s: size}; return; }
    if (gap || b.left - (cur.x + cur.w) > size * 0.2) cur.t += ' ';
    gap = false;
    cur.t += text;
    const right = Math.max(cur.x + cur.w, b.right), top = Math.min(cur.y, b.top), bottom = Math.max(cur.y + cur.h, b.bottom);
    cur.w = right - cur.x; cur.y = top; cur.h = bottom - top; cur.s = Math.max(cur.s, size);
  };
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const size = parseFloat(style(n.parentElement).fontSize) || 16;
    const text = n.nodeValue;
    const pre = /^pre/.test(style(n.parentElement).whiteSpace) || n.parentElement.closest('pre');
    token.lastIndex = 0;
    for (let m = token.exec(text); m; m = token.exec(text)) {
      const s = m[0], at = m.index;
      if (/^\s+$/.test(s)) {
        if (pre && s.includes('\n')) { close(); continue; }
        if (!pre) { if (cur) gap = true; continue; }
      }
      r.setStart(n, at); r.setEnd(n, at + s.length);
      const rects = r.getClientRects();
      if (rects.length === 1 && rects[0].width > 0) { place(s, rects[0], size); continue; }
      if (rects.length === 0) { if (cur) gap = true; continue; }
      // The word wraps (or is white space in pre text): measure it character by character.
      let i = at;
      for (const ch of s) {
        r.setStart(n, i); r.setEnd(n, i + ch.length);
        i += ch.length;
        const b = r.getClientRects()[0];
        if (!b || b.width === 0) { if (cur) gap = true; continue; }
        place(ch, b, size);
      }
    }
    // A text node ends: keep the line open (the next node may continue it); white space collapsed
    // away at the end reads as a space.
    if (cur && /\s$/.test(text)) gap = true;
  }
  close();
  return out.map(l => ({t: l.t, x: +l.x.toFixed(1), y: +l.y.toFixed(1), w: +l.w.toFixed(1), h: +l.h.toFixed(1), s: +l.s.toFixed(1)}));
})()`
