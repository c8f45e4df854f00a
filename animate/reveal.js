// brandgen reveal: hides a rendered page's elements and shows them again over a timeline, one
// frame per call of __reveal.frame(t) with t in [0, 1). It is evaluated in the page by the render
// pool's frame steps (renderer.Pool.FramesFunc); MODE is replaced by "flow" or "build".
//
// What it reveals, first match wins:
//  1. Diagram marks: [data-node], [data-edge] (with data-from/data-to), [data-group], each with
//     data-order. build: by data-order. flow: from source nodes along edges, breadth first; an edge
//     draws after its source node, a group shows with its first node.
//  2. Any elements with data-order, by data-order.
//  3. A post or chart page: the blocks of <main> in reading order (headline, subtitle, cards, list
//     items, ...), found at run time; a chart's bars, points, slices or tiles one by one, with their
//     labels.
// The badge and the background stay visible. At t = 1 the page is the plain render (the caller
// captures that frame before installing this script).
(function () {
  "use strict";
  var MODE = "__MODE__";
  var doc = document;
  var svgNS = "http://www.w3.org/2000/svg";

  function visible(el) {
    if (!el || el.nodeType !== 1) return false;
    var tag = el.tagName.toLowerCase();
    if (tag === "style" || tag === "script" || tag === "defs" || tag === "template" || tag === "title") return false;
    var r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    var cs = getComputedStyle(el);
    return cs.display !== "none" && cs.visibility !== "hidden";
  }
  function kids(el) {
    var out = [];
    for (var c = el.firstElementChild; c; c = c.nextElementSibling) if (visible(c)) out.push(c);
    return out;
  }
  function center(el) {
    var r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, r: r };
  }
  function num(v, d) { var n = parseFloat(v); return isNaN(n) ? d : n; }
  function isSVG(el) { return el.namespaceURI === svgNS && el.tagName.toLowerCase() !== "svg"; }

  // ---- 1. diagram marks -------------------------------------------------------------------
  function diagramUnits() {
    var marks = Array.prototype.slice.call(doc.querySelectorAll("[data-node],[data-edge],[data-group],[data-label-for]"));
    if (!marks.length) return null;
    // One unit per mark key: a node, edge or group may be drawn as several elements (a sequence
    // participant's top box, lifeline and bottom box; a gantt bar and its label), and an edge's
    // label may sit apart from it (data-label-for="<from>-><to>").
    var keyOf = function (el) {
      if (el.hasAttribute("data-node")) return "n:" + el.getAttribute("data-node");
      if (el.hasAttribute("data-edge")) return "e:" + el.getAttribute("data-edge");
      if (el.hasAttribute("data-label-for")) return "e:" + el.getAttribute("data-label-for");
      return "g:" + el.getAttribute("data-group");
    };
    var byKey = {}, keys = [];
    marks.forEach(function (el) {
      var k = keyOf(el);
      if (!(k in byKey)) { byKey[k] = []; keys.push(k); }
      byKey[k].push(el);
    });
    var order = function (k) {
      return Math.min.apply(null, byKey[k].map(function (el) { return num(el.getAttribute("data-order"), 1e9); }));
    };
    var kindOf = function (k) { return k[0] === "e" ? "edge" : k[0] === "g" ? "fade" : "pop"; };
    if (MODE === "build") {
      keys.sort(function (a, b) { return order(a) - order(b); });
      return keys.map(function (k, i) { return { level: i, els: byKey[k], kind: kindOf(k) }; });
    }
    var out = {}, indeg = {}, ids = [];
    keys.forEach(function (k) {
      if (k[0] !== "n") return;
      var id = k.slice(2);
      out[id] = []; indeg[id] = 0; ids.push(id);
    });
    var edgeKeys = keys.filter(function (k) { return k[0] === "e"; });
    var ends = {};
    edgeKeys.forEach(function (k) {
      var el = byKey[k][0], f = el.getAttribute("data-from"), t = el.getAttribute("data-to");
      if (f === null || t === null) {
        var key = k.slice(2), i = key.indexOf("->");
        if (i > 0) { f = key.slice(0, i); t = key.slice(i + 2); }
      }
      ends[k] = { from: f, to: t };
      if (f in out && t in indeg) { out[f].push(t); indeg[t]++; }
    });
    ids.sort(function (a, b) { return order("n:" + a) - order("n:" + b); });
    var level = {}, queue = [];
    ids.forEach(function (id) { if (indeg[id] === 0) { level[id] = 0; queue.push(id); } });
    if (!queue.length && ids.length) { level[ids[0]] = 0; queue.push(ids[0]); }
    var maxLevel = 0;
    // Breadth first from the sources; nodes only reachable through a cycle, or not at all, start
    // new trees after what was reached.
    for (;;) {
      while (queue.length) {
        var id = queue.shift();
        out[id].forEach(function (to) {
          if (!(to in level)) { level[to] = level[id] + 1; maxLevel = Math.max(maxLevel, level[to]); queue.push(to); }
        });
      }
      var rest = ids.filter(function (id) { return !(id in level); });
      if (!rest.length) break;
      level[rest[0]] = maxLevel + 1; maxLevel++; queue.push(rest[0]);
    }
    var units = [];
    ids.forEach(function (id) { units.push({ level: level[id] * 2, els: byKey["n:" + id], kind: "pop" }); });
    edgeKeys.forEach(function (k) {
      var f = ends[k].from;
      var l = f in level ? level[f] * 2 + 1 : maxLevel * 2 + 1;
      units.push({ level: l, els: byKey[k], kind: "edge" });
    });
    keys.filter(function (k) { return k[0] === "g"; }).forEach(function (k) {
      var r = byKey[k][0].getBoundingClientRect(), best = 1e9;
      ids.forEach(function (id) {
        var c = center(byKey["n:" + id][0]);
        if (c.x >= r.left && c.x <= r.right && c.y >= r.top && c.y <= r.bottom) best = Math.min(best, level[id] * 2);
      });
      units.push({ level: best === 1e9 ? 0 : best - 0.5, els: byKey[k], kind: "fade" });
    });
    return units;
  }

  // ---- 2. data-order ----------------------------------------------------------------------
  function orderedUnits() {
    var els = Array.prototype.slice.call(doc.querySelectorAll("[data-order]")).filter(visible);
    if (!els.length) return null;
    // Only the outermost marked elements: an ordered element inside another moves with it.
    els = els.filter(function (el) { return !el.parentElement.closest("[data-order]"); });
    els.sort(function (a, b) { return num(a.getAttribute("data-order"), 0) - num(b.getAttribute("data-order"), 0); });
    return els.map(function (el, i) { return { level: num(el.getAttribute("data-order"), i), els: [el], kind: "rise" }; });
  }

  // ---- 3. posts and charts ----------------------------------------------------------------
  var ATOMIC = /^(p|h1|h2|h3|h4|h5|h6|li|blockquote|pre|img|figure|table|tr|dt|dd|picture|video|canvas|button|span|a|em|strong|code)$/;
  function hasText(el) {
    for (var c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && c.nodeValue.trim()) return true;
    return false;
  }
  function blocks(el, out) {
    var tag = el.tagName.toLowerCase();
    if (el.hasAttribute("data-chart")) {
      out.push({ chart: el });
      return;
    }
    var ks = kids(el);
    if (tag === "svg" || ATOMIC.test(tag) || el.classList.contains("card") || hasText(el) || ks.length === 0) {
      out.push({ el: el });
      return;
    }
    ks.forEach(function (k) { blocks(k, out); });
  }
  function readingOrder(a, b) {
    var ca = center(a.el || a.chart), cb = center(b.el || b.chart);
    var ra = ca.r, rb = cb.r;
    // Same row when they overlap vertically by half the smaller height: left to right.
    var overlap = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (overlap > 0.5 * Math.min(ra.height, rb.height)) return ra.left - rb.left;
    return ra.top - rb.top;
  }
  function chartUnits(box, level0) {
    var units = [{ level: level0, els: [box], kind: "rise" }];
    var svg = box.querySelector("svg");
    if (!svg) return units;
    var level = level0 + 1;
    var cats = svg.querySelector("g.categories");
    var data = [];
    ["g.bars", "g.markers", "g.values"].forEach(function (sel) {
      var g = svg.querySelector(sel);
      if (g) kids(g).forEach(function (k) { data.push({ el: k, bar: sel === "g.bars" }); });
    });
    if (cats && kids(cats).length) {
      var anchors = kids(cats), cs = anchors.map(center);
      var spreadX = Math.max.apply(null, cs.map(function (c) { return c.x; })) - Math.min.apply(null, cs.map(function (c) { return c.x; }));
      var spreadY = Math.max.apply(null, cs.map(function (c) { return c.y; })) - Math.min.apply(null, cs.map(function (c) { return c.y; }));
      var horiz = spreadY > spreadX; // categories stacked: horizontal bars
      var per = anchors.map(function (a) { return { level: 0, els: [a], kind: "rise", bars: [] }; });
      data.forEach(function (d) {
        var c = center(d.el), best = 0, bd = 1e9;
        cs.forEach(function (a, i) {
          var dd = Math.abs(horiz ? a.y - c.y : a.x - c.x);
          if (dd < bd) { bd = dd; best = i; }
        });
        if (d.bar) per[best].bars.push(d.el); else per[best].els.push(d.el);
      });
      // A line's stroke and its area draw along the points.
      var lines = Array.prototype.filter.call(svg.children, function (el) { return el.tagName.toLowerCase() === "path"; });
      per.forEach(function (u, i) {
        u.level = level + i;
        u.bars.forEach(function (b) { units.push({ level: level + i, els: [b], kind: horiz ? "growx" : "growy" }); });
        units.push(u);
      });
      if (lines.length) units.push({ level: level, span: per.length, els: lines, kind: "wipe" });
      return units;
    }
    var tiles = svg.querySelectorAll("g.tile");
    if (tiles.length) {
      Array.prototype.forEach.call(tiles, function (t, i) { units.push({ level: level + i, els: [t], kind: "pop" }); });
      return units;
    }
    // A donut: slices from the first plain group, legend rows matched by order.
    var sliceGroup = Array.prototype.find.call(svg.children, function (el) { return el.tagName.toLowerCase() === "g" && !el.getAttribute("class"); });
    if (sliceGroup) {
      var slices = kids(sliceGroup);
      var legend = svg.querySelector("g.legend"), rows = [];
      if (legend) {
        kids(legend).forEach(function (k) {
          var c = center(k), row = rows.find(function (r) { return Math.abs(r.y - c.y) < 12; });
          if (!row) { row = { y: c.y, els: [] }; rows.push(row); }
          row.els.push(k);
        });
        rows.sort(function (a, b) { return a.y - b.y; });
      }
      var vb = svg.viewBox && svg.viewBox.baseVal;
      slices.forEach(function (s, i) {
        units.push({ level: level + i, els: [s], kind: "spin", origin: vb ? (vb.width / 2) + "px " + "50%" : "50% 50%" });
        if (rows[i]) units.push({ level: level + i, els: rows[i].els, kind: "rise" });
      });
      var loose = Array.prototype.filter.call(svg.children, function (el) {
        var t = el.tagName.toLowerCase();
        return el !== sliceGroup && el !== legend && t !== "defs";
      });
      if (loose.length) units.push({ level: level + slices.length, els: loose, kind: "fade" });
    }
    return units;
  }
  function postUnits() {
    var root = doc.querySelector("main") || doc.body;
    var found = [];
    blocks(root, found);
    found.sort(readingOrder);
    var units = [], level = 0;
    found.forEach(function (b) {
      if (b.chart) {
        var cu = chartUnits(b.chart, level);
        cu.forEach(function (u) { units.push(u); level = Math.max(level, u.level + (u.span || 1)); });
        return;
      }
      units.push({ level: level++, els: [b.el], kind: MODE === "build" ? "pop" : "rise" });
    });
    return units;
  }

  // ---- schedule and effects ---------------------------------------------------------------
  var units = diagramUnits() || orderedUnits() || postUnits();
  var levels = [];
  units.forEach(function (u) { if (levels.indexOf(u.level) < 0) levels.push(u.level); });
  levels.sort(function (a, b) { return a - b; });
  var K = Math.max(levels.length, 1);
  var D = K === 1 ? 1 : MODE === "build" ? 1 / K : Math.min(0.5, Math.max(1.8 / K, 0.14));
  var step = K === 1 ? 0 : MODE === "build" ? 1 / K : (1 - D) / (K - 1);
  units.forEach(function (u) {
    var k = levels.indexOf(u.level);
    u.start = k * step;
    u.dur = u.span ? Math.min(1 - u.start, (u.span - 1) * step + D) : D;
    u.saved = u.els.map(function (el) { return el.getAttribute("style"); });
    if (u.kind === "wipe" || u.kind === "edge") {
      u.paths = [];
      u.els.forEach(function (el) {
        var ps = el.matches("path,line,polyline") ? [el] : Array.prototype.slice.call(el.querySelectorAll("path,line,polyline"));
        ps.forEach(function (p) {
          var cs = getComputedStyle(p);
          var stroked = cs.stroke !== "none" && cs.strokeDasharray === "none" && typeof p.getTotalLength === "function";
          if (stroked && (cs.fill === "none" || cs.fill === "transparent" || el.hasAttribute("data-edge"))) {
            u.paths.push({ el: p, len: p.getTotalLength(), style: p.getAttribute("style") });
          }
        });
      });
    }
  });

  function ease(x) { return 1 - Math.pow(1 - x, 3); }
  function set(el, prop, v) { el.style.setProperty(prop, v, "important"); }
  function show(u, p) {
    u.els.forEach(function (el) {
      var svg = isSVG(el);
      switch (u.kind) {
        case "growy": case "growx":
          set(el, "transform-box", "fill-box");
          set(el, "transform-origin", u.kind === "growy" ? "50% 100%" : "0% 50%");
          set(el, "scale", u.kind === "growy" ? "1 " + Math.max(p, 0.001) : Math.max(p, 0.001) + " 1");
          set(el, "opacity", String(Math.min(1, p * 3)));
          break;
        case "spin":
          set(el, "transform-origin", u.origin);
          set(el, "scale", String(0.8 + 0.2 * p));
          set(el, "opacity", String(p));
          break;
        case "pop":
          if (svg) set(el, "transform-box", "fill-box");
          set(el, "transform-origin", "50% 50%");
          set(el, "scale", String(0.9 + 0.1 * p));
          set(el, "opacity", String(p));
          break;
        case "fade":
          set(el, "opacity", String(p));
          break;
        case "wipe": case "edge":
          if (u.paths.some(function (q) { return q.el === el; })) break;
          // Arrowheads and labels of an edge, a line's area: after most of the stroke is drawn.
          set(el, "opacity", String(u.kind === "edge" && u.paths.length ? Math.max(0, (p - 0.6) / 0.4) : p));
          break;
        default: // rise
          set(el, "translate", "0 " + Math.round((1 - p) * 28) + "px");
          set(el, "opacity", String(p));
      }
    });
    (u.paths || []).forEach(function (q) {
      set(q.el, "stroke-dasharray", q.len + " " + q.len);
      set(q.el, "stroke-dashoffset", String(q.len * (1 - p)));
      set(q.el, "opacity", p > 0 ? "1" : "0");
    });
  }
  function restore(u) {
    u.els.forEach(function (el, i) {
      if (u.saved[i] === null) el.removeAttribute("style"); else el.setAttribute("style", u.saved[i]);
    });
    (u.paths || []).forEach(function (q) {
      if (q.style === null) q.el.removeAttribute("style"); else q.el.setAttribute("style", q.style);
    });
  }
  window.__reveal = {
    units: units.length,
    levels: K,
    frame: function (t) {
      // A unit that has fully appeared gets its own style back once; the others are styled for t.
      units.forEach(function (u) {
        var x = (t - u.start) / u.dur;
        if (t >= 1 || x >= 1) {
          if (u.styled) { restore(u); u.styled = false; }
          return;
        }
        show(u, x <= 0 ? 0 : MODE === "build" && u.kind !== "edge" ? ease(Math.min(1, x * 1.6)) : ease(x));
        u.styled = true;
      });
      return true;
    },
  };
})();
