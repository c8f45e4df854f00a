// Runs in the render pool's stage window, where vendor/mermaid.min.js is loaded once per tab
// (renderer.Config.StageScripts). Called as (<this file>)(request) through renderer.Pool.Eval.
//
// request: {op: "parse"|"render", type, source, id, config, fonts, lang}
// parse  -> {diagramType}
// render -> {svg, width, height, diagramType, nodes, edges, groups}: the SVG with reveal marks
//           (see mark below) and the type Mermaid's parser saw
(() => {
'use strict';

// mark adds the reveal marks shared with the animation and architecture code: every node
// data-node="<id>", every edge data-edge="<from>-><to>" with data-from/data-to, every group
// data-group="<id>", each with data-order="<n>" (0-based build order). Edge labels carry
// data-label-for="<from>-><to>" and their edge's order. Several elements may carry one node's
// mark (a sequence participant's top box, lifeline and bottom box).
function mark(svg, diag, type) {
  const sid = svg.id;
  const byDom = id => svg.querySelector('[id="' + CSS.escape(sid + '-' + id) + '"]');
  let order = 0;
  const counts = {nodes: 0, edges: 0, groups: 0};
  const set = (el, attrs) => {
    if (!el) return false;
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return true;
  };
  const db = diag.db;
  if (type === 'sequence') {
    for (const id of db.getActorKeys()) {
      const n = order++;
      counts.nodes++;
      const top = svg.querySelector('g[data-et="participant"][data-id="' + CSS.escape(id) + '"]');
      set(top, {'data-node': id, 'data-order': n});
      set(svg.querySelector('line[data-et="life-line"][data-id="' + CSS.escape(id) + '"]'), {'data-node': id, 'data-order': n});
      for (const r of svg.querySelectorAll('rect.actor-bottom[name="' + CSS.escape(id) + '"]')) set(r.parentElement, {'data-node': id, 'data-order': n});
    }
    for (const el of svg.querySelectorAll('[data-et="message"], [data-et="note"]')) {
      const n = order++;
      if (el.dataset.et === 'note') {
        counts.nodes++;
        set(el, {'data-node': 'note-' + el.dataset.id, 'data-order': n});
        continue;
      }
      counts.edges++;
      const key = el.dataset.from + '->' + el.dataset.to;
      set(el, {'data-edge': key, 'data-order': n});
      for (let t = el.previousElementSibling; t && t.classList.contains('messageText'); t = t.previousElementSibling) {
        set(t, {'data-label-for': key, 'data-order': n});
      }
    }
    return counts;
  }
  if (type === 'gantt') {
    const tasks = db.getTasks();
    const sections = [];
    for (const t of tasks) if (!sections.includes(t.section)) sections.push(t.section);
    const titles = svg.querySelectorAll('text.sectionTitle');
    let seen = new Set();
    for (const t of tasks) {
      const si = sections.indexOf(t.section);
      if (!seen.has(si)) {
        seen.add(si);
        counts.groups++;
        set(titles[si], {'data-group': 'section-' + (si + 1), 'data-order': order++});
      }
      const n = order++;
      counts.nodes++;
      set(byDom(t.id), {'data-node': t.id, 'data-order': n});
      set(byDom(t.id + '-text'), {'data-node': t.id, 'data-order': n});
    }
    return counts;
  }
  // flowchart, class, er, mindmap: the unified layout data. It may come from a second parse (er),
  // whose id counters differ from the render's: elements are matched on ids without their
  // counters, in order.
  const data = db.getData();
  const norm = id => String(id).replace(/-\d+(?=_|$)/g, '').replace(/_\d+$/, '');
  const queues = (els, key) => {
    const m = new Map();
    for (const el of els) {
      const k = norm(key(el));
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(el);
    }
    return k => { const q = m.get(norm(k)); return q && q.length ? q.shift() : null; };
  };
  const local = el => el.id.startsWith(sid + '-') ? el.id.slice(sid.length + 1) : el.id;
  const nodeEl = queues(svg.querySelectorAll('g.node[id]'), local);
  const groupEl = queues(svg.querySelectorAll('g.cluster[id]'), local);
  const edgeEl = queues(svg.querySelectorAll('path[data-edge][data-id]'), el => el.dataset.id);
  const labelEl = queues(svg.querySelectorAll('g.edgeLabel g.label[data-id]'), el => el.dataset.id);
  const name = n => type === 'er' ? String(n.label || n.id) : String(n.id);
  const ids = new Map(); // layout id -> mark id
  for (const n of data.nodes) ids.set(n.id, name(n));
  const groups = new Map(data.nodes.filter(n => n.isGroup).map(n => [n.id, n]));
  const drawn = new Set(), groupDone = new Set(), edgeDone = new Set();
  const openGroup = gid => {
    if (!gid || groupDone.has(gid) || !groups.has(gid)) return;
    openGroup(groups.get(gid).parentId);
    groupDone.add(gid);
    const el = groupEl(groups.get(gid).domId || gid);
    if (set(el, {'data-group': gid, 'data-order': order})) { order++; counts.groups++; }
  };
  const drawEdges = () => {
    for (const e of data.edges) {
      if (edgeDone.has(e.id) || !drawn.has(e.start) || !drawn.has(e.end)) continue;
      edgeDone.add(e.id);
      const from = ids.get(e.start), to = ids.get(e.end), key = from + '->' + to;
      if (!set(edgeEl(e.id), {'data-edge': key, 'data-from': from, 'data-to': to, 'data-order': order})) continue;
      const label = labelEl(e.id);
      if (label) set(label.closest('.edgeLabel') || label, {'data-label-for': key, 'data-order': order});
      order++;
      counts.edges++;
    }
  };
  for (const n of data.nodes) {
    if (n.isGroup) continue;
    openGroup(n.parentId);
    if (!set(nodeEl(n.domId || n.id), {'data-node': name(n), 'data-order': order})) continue;
    order++;
    counts.nodes++;
    drawn.add(n.id);
    drawEdges();
  }
  for (const gid of groups.keys()) openGroup(gid);
  return counts;
}

// thinTicks hides every other gantt axis label (then every third, ...) while neighbours overlap:
// the axis has d3's ~10 ticks whatever the width.
function thinTicks(svg) {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:-20000px;top:0;visibility:hidden';
  host.appendChild(svg);
  document.body.appendChild(host);
  try {
    const ticks = [...svg.querySelectorAll('.grid .tick')].map(g => {
      const t = g.querySelector('text');
      const m = /translate\(\s*([-\d.]+)/.exec(g.getAttribute('transform') || '');
      return t && m ? {t, x: Number(m[1]), w: t.getBBox().width} : null;
    }).filter(Boolean);
    for (let step = 1; step <= ticks.length; step++) {
      const shown = ticks.filter((_, i) => i % step === 0);
      let ok = true;
      for (let i = 1; i < shown.length; i++) {
        if (shown[i - 1].x + shown[i - 1].w / 2 + 16 > shown[i].x - shown[i].w / 2) { ok = false; break; }
      }
      if (ok) {
        ticks.forEach((k, i) => { if (i % step !== 0) k.t.setAttribute('display', 'none'); });
        break;
      }
    }
  } finally {
    host.remove();
  }
}

// drawn holds the diagram each render drew, by render id, for mark (saves parsing the source a
// second time: ~15 ms for a class diagram).
const drawn = window.__bgDrawn || (window.__bgDrawn = new Map());

// keepDrawn wraps a diagram type's renderer so each draw(text, id, version, diagram) keeps its
// diagram in drawn. Some renderers are read-only (er's): those keep parsing twice.
const tried = window.__bgKeepTried || (window.__bgKeepTried = new WeakSet());
function keepDrawn(r) {
  if (!r || typeof r.draw !== 'function' || tried.has(r)) return;
  tried.add(r);
  const draw = r.draw;
  try {
    r.draw = function (...args) {
      if (args[3]) drawn.set(String(args[1]), args[3]);
      return draw.apply(this, args);
    };
  } catch (e) {
    // not writable
  }
}

return async (req) => {
  const M = window.mermaid;
  if (!M) throw new Error('mermaid is not loaded in the stage (renderer.Config.StageScripts)');
  if (window.__bgMermaidWarm) await window.__bgMermaidWarm; // vendor/mermaid-warm.js
  // Mermaid measures text in the stage document: give it our @font-face rules, applied, once,
  // and load the faces the diagram uses before it measures.
  if (!window.__bgDiagramFonts) {
    window.__bgDiagramFonts = new Promise((resolve, reject) => {
      const l = document.createElement('link');
      l.rel = 'stylesheet';
      l.href = '/css/fonts.css';
      l.onload = resolve;
      l.onerror = () => reject(new Error('fonts.css did not load in the stage'));
      document.head.appendChild(l);
    });
  }
  await window.__bgDiagramFonts;
  await Promise.all((req.fonts || []).map(f => document.fonts.load(f, req.sample || 'A')));

  // initialize recomputes the theme: only when the configuration changed since the last call.
  const cfg = JSON.stringify(req.config);
  if (window.__bgMermaidConfig !== cfg) {
    M.initialize(Object.assign({startOnLoad: false}, req.config));
    window.__bgMermaidConfig = cfg;
  }
  if (req.op === 'parse') {
    const r = await M.parse(req.source);
    return {diagramType: r.diagramType};
  }
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:absolute;left:-20000px;top:0;width:4000px;visibility:hidden';
  if (req.lang) host.lang = req.lang;
  document.body.appendChild(host);
  let out;
  try {
    out = await M.render(req.id, req.source, host);
  } catch (e) {
    drawn.delete(req.id);
    throw e;
  } finally {
    host.remove();
  }
  // The marks need the parsed diagram: the one the render drew (kept by keepDrawn under the
  // render's id), else a second parse, whose renderer then keeps the next ones.
  let diag = drawn.get(req.id);
  drawn.delete(req.id);
  if (!diag || !diag.db) {
    diag = await M.mermaidAPI.getDiagramFromText(req.source);
    keepDrawn(diag.renderer);
  }
  const tpl = document.createElement('template');
  tpl.innerHTML = out.svg;
  const svg = tpl.content.querySelector('svg');
  if (!svg) throw new Error('mermaid returned no <svg>');
  const counts = mark(svg, diag, req.type);
  if (req.type === 'gantt') thinTicks(svg);
  // Crow's feet at their drawn size, not multiplied by the (thicker) relationship line's width.
  for (const m of svg.querySelectorAll('marker.er')) m.setAttribute('markerUnits', 'userSpaceOnUse');
  const vb = (svg.getAttribute('viewBox') || '').split(/[\s,]+/).map(Number);
  if (vb.length !== 4 || !(vb[2] > 0) || !(vb[3] > 0)) throw new Error('mermaid returned an SVG without a viewBox');
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.style.removeProperty('max-width');
  return Object.assign({svg: svg.outerHTML, width: vb[2], height: vb[3], diagramType: diag.type}, counts);
};
})()
