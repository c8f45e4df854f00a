package visualtest

// bandProbe(sel, shapes) measures the largest horizontal band of the element sel (main.content, a
// slide's .sl-body) that holds nothing drawn, over its height: its HTML text, an illustration's
// disc (.il-art) and every text of its SVG drawings counted one by one (typeProbe counts an SVG as
// one box, so it cannot see a band inside a plot); with shapes, also every shape of the SVGs (a
// donut's ring, bars), not the SVG's box nor a background. It returns {gap, span, n, title}: the
// band and the drawn extent as shares of the height, the boxes counted, and the font size of the
// first .s-title inside sel (0 without one).
const bandProbe = `((sel, shapes) => {
  const root = document.querySelector(sel);
  const m = root.getBoundingClientRect();
  const boxes = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode, el = n.parentElement;
    if (!n.textContent.trim() || el.closest('svg,style,script')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    for (const b of r.getClientRects()) if (b.width > 0 && b.height > 0) boxes.push(b);
  }
  root.querySelectorAll('.il-art').forEach((el) => boxes.push(el.getBoundingClientRect()));
  const skip = shapes ? 'defs,pattern,clipPath,mask,filter,marker' : 'defs,[aria-hidden="true"],.decor';
  root.querySelectorAll('svg').forEach((svg) => {
    const s = svg.getBoundingClientRect();
    svg.querySelectorAll(shapes ? 'text,path,circle,ellipse,line,polyline,polygon,rect' : 'text').forEach((el) => {
      if (el.closest(skip) || (el.tagName === 'text' && !el.textContent.trim())) return;
      const b = el.getBoundingClientRect();
      if (b.width <= 0 && b.height <= 0) return;
      if (shapes && b.width > s.width * 0.9 && b.height > s.height * 0.9) return; // a background
      boxes.push(b);
    });
  });
  const spans = boxes.map((x) => [Math.max(x.top, m.top), Math.min(x.bottom, m.bottom)]).filter((s) => s[1] > s[0]).sort((a, c) => a[0] - c[0]);
  let gap = 0, y = m.top;
  for (const s of spans) { gap = Math.max(gap, s[0] - y); y = Math.max(y, s[1]); }
  gap = Math.max(gap, m.bottom - y);
  const span = spans.length ? (Math.max(...spans.map((s) => s[1])) - spans[0][0]) / m.height : 0;
  const title = root.querySelector('.s-title');
  return {gap: gap / m.height, span, n: boxes.length, title: title ? parseFloat(getComputedStyle(title).fontSize) : 0};
})`

// bands is bandProbe's answer.
type bands struct {
	Gap, Span, Title float64
	N                int
}
