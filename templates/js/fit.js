// brandgen auto-fit. Our own script: pages never run user scripts, and all content reaches the page
// through html/template escaping. After fonts and images are ready it fits the text of the page by
// hierarchy, then sets <html data-ready="1">, which the renderer waits for.
//
// Every element marked data-fit="<min px>" (optionally data-lines="<max lines>") takes part. Each
// has a role: "h" (headline: .headline, .display, h1), "sub" (subtitle: .lead), "label" (kickers,
// tags, upper-case labels, anything set at --fs-xs or below) or "body" (everything else), or the
// one named by data-role. The whole block scales together by one factor, so the ratios between
// headline, subtitle and body stay as the template set them (the subtitle at most 1.6x the body
// and smaller than the headline): down while anything overflows, and up, when the page asks for it
// with data-fit-grow="<max factor>", while everything still fits; with data-fit-keep="<factor>"
// beside it, optional parts go before the block shrinks under that factor (and a headline never
// shrinks alone under 0.8 of its scaled size while the block grows). Text that does not fit its own
// box or line cap (a long headline, a one-line label) then shrinks alone. Body text never goes under --fs-floor, labels never
// under --fs-floor-label: when the block cannot fit above them, elements marked
// data-optional="<order>" are dropped (lowest order first) and reported. Only when nothing optional
// is left does the old per-element shrink go below the floor, and that is reported too. A page's
// data-fit-drop="<order>" drops the tiers up to that order before fitting (the template's call from
// the content's length, the same in every style), reported the same way. An element marked
// data-fit-below="<selector>" ends at most at the size of the element the selector names (times
// data-fit-ratio="<k>" when given). Text that does not fit alone shrinks in page order, an element
// marked data-fit-first before the rest. An element marked data-hold-lines keeps the lines it has at the
// template's sizes when the block's growth stops at its next line (see fitBlock). The report
// is window.__brandgenFit = {warnings: [{code, message, path}], scale, runs} (runs: the page fits run,
// refits included: what a page cost).
(function () {
  "use strict";
  var root = document.documentElement;
  var report = { warnings: [], scale: 1 };
  window.__brandgenFit = report;

  var M = window.__brandgenMeasure, px = M.px, visible = M.visible, rows = M.rows, lines = M.lines;
  var overflows = M.overflows, boxOverflows = M.boxOverflows, sizeOf = M.sizeOf;
  function cssPx(name, dflt) { return px(getComputedStyle(root).getPropertyValue(name)) || dflt; }

  function lineCount(el) { return lines(el).n; }

  function fits(el) {
    var maxLines = parseInt(el.getAttribute("data-lines") || "0", 10);
    // data-hold-lines: the lines el had at the template's sizes while the block grows (__bgHold,
    // fitBlock), or the lines js/clauses.js's stray remedy left it (__bgLines).
    [el.__bgHold, el.__bgLines].forEach(function (n) { if (n && (!maxLines || n < maxLines)) maxLines = n; });
    if (overflows(el)) return false;
    return !(maxLines > 0 && lineCount(el) > maxLines);
  }

  function minOf(el) { return Math.max(8, px(el.getAttribute("data-fit")) || 12); }

  function setSize(el, s) { el.style.fontSize = s + "px"; }

  // fit shrinks one element by bisection between lo (default its minimum) and its current size.
  function fit(el, lo) {
    var hi = sizeOf(el);
    lo = lo || minOf(el);
    if (fits(el) || hi <= lo) { if (!fits(el)) el.classList.add("fit-clamped"); return; }
    setSize(el, lo);
    if (!fits(el)) {
      // Past the minimum: a smaller size still beats text cut off. Go down to 3/4 of it, then
      // let long words break anywhere; only then is the box clipped.
      var floor = Math.max(10, Math.floor(lo * 0.75));
      for (var s = lo - 1; s >= floor && !fits(el); s--) setSize(el, s);
      if (!fits(el)) { el.classList.add("fit-clamped"); }
      return;
    }
    largest(el, lo, hi);
  }

  // largest sets el at the largest size between lo (fits) and hi by bisection, to the half pixel
  // under it (fit, shrinkAlone).
  function largest(el, lo, hi) {
    for (var i = 0; i < 9 && hi - lo > 0.5; i++) {
      var mid = (lo + hi) / 2;
      setSize(el, mid);
      if (fits(el)) lo = mid; else hi = mid;
    }
    setSize(el, Math.floor(lo * 2) / 2);
  }

  // shrinkAlone shrinks one element by bisection down to lo, never below it and without clamping:
  // the block decides what happens when that is not enough. (Starting it from the share its last
  // shrink kept saved layouts but landed CJK headlines on other breaks: a stranded 服务的 in the
  // flat CJK cover story, TestCJKHeadlineNoStrandedLine.)
  function shrinkAlone(el, lo) {
    var key = landing(el, lo), at = key && landed[key];
    if (at) { el.style.fontSize = at; return; }
    var hi = sizeOf(el);
    if (hi <= lo) return;
    setSize(el, lo);
    if (fits(el)) largest(el, lo, hi);
    if (key) landed[key] = el.style.fontSize;
  }

  // Layout is a function of the fit scope's markup, and nothing outside main.content changes
  // while the page is fitted. So a lone shrink that starts from markup it met before lands where
  // it landed then: landed remembers it by the element, its floor, its line caps and the markup,
  // named by every fit element's inline style (the sizes the fit sets) and the scope's HTML as it
  // was after its last other change (a MutationObserver tells: the clause and widow remedies'
  // text, breaks and classes, a dropped part). The block's bisection and the page's refits meet
  // the same markup again and again: on the 408 bench pages 8,400 of 34,500 layouts the fit
  // forces are saved, every size, box, scale and warning the same, the slowest pages' fits 10-50%
  // faster (a 3x3 grid's 236 lone shrinks: 130 met before).
  var landed = {}, fitScope = null, fitEls = [], markup = null, watch = null, markups = new Map();
  function landing(el, lo) {
    if (!fitScope || !window.MutationObserver) return "";
    if (!watch) {
      watch = new MutationObserver(function () {});
      watch.observe(fitScope, { subtree: true, childList: true, characterData: true, attributes: true });
    }
    var other = watch.takeRecords().some(function (r) {
      return !(r.type === "attributes" && r.attributeName === "style" && r.target.hasAttribute("data-fit"));
    });
    if (other || markup === null) {
      // The HTML is named by a number: it can hold a large inline image.
      var html = fitScope.innerHTML;
      if (!markups.has(html)) markups.set(html, markups.size);
      markup = markups.get(html);
      fitEls = Array.prototype.slice.call(fitScope.querySelectorAll("[data-fit]"));
    }
    var styles = fitEls.map(function (e) { return e.style.cssText; }).join(";");
    return [markup, fitEls.indexOf(el), lo, el.__bgHold || 0, el.__bgLines || 0, styles].join("|");
  }

  // shrinkInside scales every fit element inside box down in steps while box overflows.
  function shrinkInside(box) {
    var els = box.querySelectorAll("[data-fit]");
    if (!els.length) return;
    for (var step = 0; step < 20 && boxOverflows(box); step++) {
      var moved = false;
      for (var i = 0; i < els.length; i++) {
        var cur = sizeOf(els[i]), min = step < 10 ? minOf(els[i]) : Math.max(10, Math.floor(minOf(els[i]) * 0.75));
        if (cur > min) { setSize(els[i], Math.max(min, Math.floor(cur * 0.94))); moved = true; }
      }
      if (!moved && step >= 10) break;
    }
  }

  function evenGroups() {
    var groups = {};
    document.querySelectorAll("[data-fit-group]").forEach(function (el) {
      if (!visible(el)) return;
      var g = el.getAttribute("data-fit-group");
      var s = sizeOf(el);
      groups[g] = groups[g] === undefined ? s : Math.min(groups[g], s);
    });
    document.querySelectorAll("[data-fit-group]").forEach(function (el) {
      var g = groups[el.getAttribute("data-fit-group")];
      if (g !== undefined) setSize(el, g);
    });
  }

  function roleOf(el, xs) {
    var r = el.getAttribute("data-role");
    if (r) return r;
    if (el.matches(".headline,.display,h1")) return "h";
    if (el.matches(".lead")) return "sub";
    var cs = getComputedStyle(el);
    if (el.matches(".kicker,.small,.tag,.chip") || cs.textTransform === "uppercase" || sizeOf(el) <= xs + 0.5) return "label";
    return "body";
  }

  // roleFloor is the readable floor of a text of role starting at base: labels rest on
  // --fs-floor-label, body text on --fs-floor; the headline on 1.5x the body floor and the
  // subtitle just above it (never above their own base), so the hierarchy survives the tightest fit.
  function roleFloor(role, base) {
    var floor = cssPx("--fs-floor", 24);
    if (role === "label") return cssPx("--fs-floor-label", 18);
    if (role === "h") return Math.min(Math.round(floor * 1.5), Math.max(base, floor));
    if (role === "sub") return Math.min(Math.round(floor * 1.08), Math.max(base, floor));
    return floor;
  }

  // Block is the set of fit elements inside main.content with their base sizes and floors.
  function block(scope) {
    var xs = cssPx("--fs-xs", 19);
    var items = [];
    scope.querySelectorAll("[data-fit]").forEach(function (el) {
      if (!visible(el)) return;
      // Role and base size are read once, before any fitting: a refit after optional parts were
      // dropped starts again from the template's sizes, not from the shrunk ones.
      if (!el.__bgFit) el.__bgFit = { role: roleOf(el, xs), base: sizeOf(el) };
      var role = el.__bgFit.role, base = el.__bgFit.base;
      items.push({ el: el, role: role, base: base, floor: roleFloor(role, base) });
    });
    // data-fit-first: shrunk alone before the others (apply goes in page order otherwise).
    items.sort(function (a, b) { return b.el.hasAttribute("data-fit-first") - a.el.hasAttribute("data-fit-first"); });
    // Ratios: the subtitle is at most 1.6x the largest body text and smaller than the headline.
    var body = 0, head = 0;
    items.forEach(function (it) {
      if (it.role === "body") body = Math.max(body, it.base);
      if (it.role === "h") head = head ? Math.min(head, it.base) : it.base;
    });
    items.forEach(function (it) {
      if (it.role !== "sub") return;
      if (body) it.base = Math.min(it.base, body * 1.6);
      if (head) it.base = Math.min(it.base, head / 1.15);
    });
    return items;
  }

  // hold (0.8 on pages with data-fit-keep): the least share of its scaled size a headline may shrink to
  // alone, so the block does not grow its items while the headline shrinks under them.
  var hold = 0;
  function apply(items, k) {
    // Below 1 every size stops at its floor, so long content compresses the hierarchy (headline
    // and subtitle keep shrinking while the body rests on the floor) before anything is dropped.
    items.forEach(function (it) {
      var s = Math.max(it.floor, it.base * k);
      setSize(it.el, Math.round(s * 2) / 2);
    });
    // Text that does not fit its own box or line cap (a long headline, a one-line label) then
    // shrinks alone, never under its floor; the block's scale answers only for the space it shares.
    items.forEach(function (it) {
      if (!fits(it.el)) shrinkAlone(it.el, Math.max(it.floor, minOf(it.el), it.role === "h" ? Math.floor(it.base * k * hold) : 0));
    });
  }

  // blockFits reports whether every element and box fits; report.limit names the last one that
  // did not (what stopped growth or forced a shrink), for whoever debugs a layout.
  function blockFits(items, boxes) {
    for (var i = 0; i < items.length; i++) if (!fits(items[i].el)) { report.limit = String(items[i].el.className); return false; }
    for (var j = 0; j < boxes.length; j++) if (boxOverflows(boxes[j])) { report.limit = "box " + String(boxes[j].className); return false; }
    return true;
  }

  // kFloor is the factor at which every text rests on its floor.
  function kFloor(items) {
    var k = 1;
    items.forEach(function (it) { k = Math.min(k, it.floor / it.base); });
    return k;
  }

  function pathOf(el) { return el.getAttribute("data-path") || "content"; }

  // fitBlock scales the block; it returns false when it cannot fit above the floors, or, with
  // keep > 0, at a factor under keep (the hierarchy squashed: headline and names near the body).
  function fitBlock(scope, grow, keep) {
    var items = block(scope);
    if (!items.length) return true;
    var boxes = Array.prototype.slice.call(scope.querySelectorAll("[data-fit-box]"));
    boxes.push(scope);
    var lo = Math.max(kFloor(items), Math.min(keep || 0, 1)), hi = 1, held = [], at1 = [];
    items.forEach(function (it) { it.el.__bgHold = 0; });
    apply(items, 1);
    if (blockFits(items, boxes)) {
      if (grow <= 1) return true;
      held = items.filter(function (it) { return it.el.hasAttribute("data-hold-lines"); });
      at1 = held.map(function (it) { return lineCount(it.el); });
      lo = 1; hi = grow;
      apply(items, hi);
      if (blockFits(items, boxes)) { report.scale = Math.round(fewerLines(items, boxes, hi) * 100) / 100; return true; }
    } else {
      apply(items, Math.min(lo, 1));
      if (lo >= 1 || !blockFits(items, boxes)) return false;
    }
    lo = bisect(items, boxes, lo, hi);
    // data-hold-lines: when the growth stopped while the element still has the lines it had at
    // the template's sizes (its next line would overflow the block), it keeps those lines (it
    // shrinks alone to keep them) and the rest of the block grows on: a headline's line jump does
    // not leave the room it would have taken empty (event story: a 200 px band under a
    // three-line title). A headline that took a line more as it grew has filled its room.
    if (held.length && lo < grow - 0.01 && held.every(function (it, i) { return lineCount(it.el) === at1[i]; })) {
      held.forEach(function (it, i) { it.el.__bgHold = at1[i]; });
      apply(items, grow);
      lo = blockFits(items, boxes) ? grow : bisect(items, boxes, lo, grow);
    }
    lo = fewerLines(items, boxes, lo);
    report.scale = Math.round(lo * 100) / 100;
    return true;
  }

  // fewerLines: a headline marked data-fewer-lines="<share>" on more lines at the block's factor k
  // than at share of k takes the fewer lines, the block at the largest factor that gives them: the
  // line count follows the text, not a style's few pixels of box (cover CJK landscape: blueprint's
  // bracket inset set four lines at 0.94 where three fit at 0.9 and the other styles set three).
  function fewerLines(items, boxes, k) {
    var h = items.filter(function (it) { return it.el.hasAttribute("data-fewer-lines"); })[0];
    if (!h) return k;
    var n = lineCount(h.el), lo = k * (px(h.el.getAttribute("data-fewer-lines")) || 0.9), hi = k;
    var fewer = function (f) { apply(items, f); return lineCount(h.el) < n && blockFits(items, boxes); };
    if (!fewer(lo)) { apply(items, k); return k; }
    for (var i = 0; i < 8 && hi - lo > 0.005; i++) { var mid = (lo + hi) / 2; if (fewer(mid)) lo = mid; else hi = mid; }
    apply(items, lo);
    return lo;
  }

  // bisect sets the block at the largest factor between lo (fits) and hi (does not) that fits
  // and returns it.
  function bisect(items, boxes, lo, hi) {
    for (var i = 0; i < 8 && hi - lo > 0.01; i++) {
      var mid = (lo + hi) / 2;
      apply(items, mid);
      if (blockFits(items, boxes)) lo = mid; else hi = mid;
    }
    apply(items, lo);
    return lo;
  }

  // order keeps the headline above the subtitle after headlines shrank alone.
  function order(scope) {
    var heads = scope.querySelectorAll(".headline,h1"), h = Infinity;
    heads.forEach(function (el) { if (visible(el)) h = Math.min(h, sizeOf(el)); });
    if (h === Infinity) return;
    scope.querySelectorAll("[data-fit].lead").forEach(function (el) {
      if (visible(el) && sizeOf(el) > h / 1.12) setSize(el, Math.floor(h / 1.12));
    });
  }

  function legacy() {
    var els = document.querySelectorAll("[data-fit]");
    for (var pass = 0; pass < 2; pass++) {
      for (var i = 0; i < els.length; i++) if (visible(els[i])) fit(els[i]);
      // Innermost boxes first, so an overflowing card shrinks its own text, not the headline.
      var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-fit-box],.content"));
      boxes.reverse().forEach(shrinkInside);
      evenGroups();
    }
  }

  // run fits the page; maxGrow, when given, caps the page's data-fit-grow.
  function run(maxGrow) {
    report.runs = (report.runs || 0) + 1;
    var scope = document.querySelector("main.content");
    fitScope = scope;
    if (scope) {
      var g = document.querySelector("[data-fit-grow]");
      var grow = g ? px(g.getAttribute("data-fit-grow")) || 1 : 1;
      if (maxGrow) grow = Math.max(1, Math.min(grow, maxGrow));
      // data-fit-keep="<factor>": optional parts go before the block shrinks under that factor of
      // the template's sizes (lists: a wall of text at the floor under a squashed headline reads
      // worse than the titles alone); with nothing optional left, the floors decide as usual.
      var keep = g ? px(g.getAttribute("data-fit-keep")) : 0;
      hold = keep ? 0.8 : 0;
      // Optional parts go tier by tier (data-optional="1" first), each tier as a whole, each
      // content path reported once (a snippet's lines go in several tiers, one warning).
      var tiers = {};
      scope.querySelectorAll("[data-optional]").forEach(function (el) {
        if (!visible(el)) return;
        var t = px(el.getAttribute("data-optional"));
        (tiers[t] = tiers[t] || []).push(el);
      });
      var ranks = Object.keys(tiers).map(Number).sort(function (a, b) { return a - b; });
      var seen = {};
      function drop(rank) {
        tiers[rank].forEach(function (el) {
          el.style.display = "none";
          var path = pathOf(el);
          if (seen[path]) return;
          seen[path] = true;
          report.warnings.push({ code: "content_dropped", path: path,
            message: "left out: the content does not fit above the readable minimum text size" });
        });
      }
      // data-fit-drop="<tier>": tiers up to it go before any fitting, the template's call from the
      // content's length (every style makes the same one; a measured threshold splits the styles
      // whose faces sit either side of it).
      var pre = g ? px(g.getAttribute("data-fit-drop")) : 0, i = 0;
      for (; i < ranks.length && ranks[i] <= pre; i++) drop(ranks[i]);
      var ok = fitBlock(scope, grow, keep);
      for (; i < ranks.length && !ok; i++) {
        drop(ranks[i]);
        ok = fitBlock(scope, grow, i < ranks.length - 1 ? keep : 0);
      }
      if (!ok && keep) ok = fitBlock(scope, grow, 0);
      if (!ok) {
        report.warnings.push({ code: "text_below_minimum", path: "content",
          message: "the content is too long to fit above the readable minimum text size; shorten it" });
      }
      evenGroups();
      order(scope);
      below(scope);
    }
    legacy();
  }

  // below caps each element marked data-fit-below="<selector>" at the size of the first element
  // the selector matches (times data-fit-ratio, default 1), never under its own minimum: a code
  // slide's caption stays under its snippet, the hero, after the fit shrank the code alone. With a
  // ratio under 1 the cap keeps a step between two texts that line caps shrank alone to one size
  // (a stat's source level with its context); the text then stays on its role's floor too.
  function below(scope) {
    scope.querySelectorAll("[data-fit-below]").forEach(function (el) {
      var ref = scope.querySelector(el.getAttribute("data-fit-below"));
      if (!ref || !visible(el) || !visible(ref)) return;
      var k = px(el.getAttribute("data-fit-ratio")) || 1, lo = minOf(el);
      if (k < 1 && el.__bgFit) lo = Math.max(lo, roleFloor(el.__bgFit.role, el.__bgFit.base));
      var cap = Math.floor(sizeOf(ref) * k * 2) / 2;
      if (sizeOf(el) > cap) setSize(el, Math.max(cap, lo));
    });
  }

  function images() {
    return Promise.all(Array.prototype.map.call(document.images, function (img) {
      return img.decode ? img.decode().catch(function () {}) : Promise.resolve();
    }));
  }

  // done marks the page fitted. Fit boxes then clip their ink .3em out (base.css .fit-ink, issue
  // 10); inline blocks keep overflow:hidden, which sets their baseline at their bottom edge
  // (clip would move their line: flat's kicker pill).
  function done() {
    document.querySelectorAll("[data-fit]").forEach(function (el) {
      if (getComputedStyle(el).display.indexOf("inline") !== 0) el.classList.add("fit-ink");
    });
    root.setAttribute("data-ready", "1");
  }

  // Touch layout so every font the page uses starts loading before we wait on them.
  void document.body.offsetHeight;
  Promise.all([document.fonts.ready, images()])
    .then(function () { return document.fonts.ready; })
    .then(function () {
      try {
        // js/clauses.js (in this script, before this file) marks clauses and picks their breaks.
        var cl = window.__brandgenClauses;
        if (cl) cl.mark();
        // js/compounds.js (before this file) keeps hyphenated compounds whole.
        if (window.__brandgenCompounds) window.__brandgenCompounds();
        if (cl) cl.fit({ run: run, sizeOf: sizeOf, report: report, rows: rows }); else run();
      } finally { done(); }
    }, done);
})();
