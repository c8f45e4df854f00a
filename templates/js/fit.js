// brandgen auto-fit. Our own script: pages never run user scripts, and all content reaches the page
// through html/template escaping. After fonts and images are ready it shrinks every element marked
// data-fit="<min px>" (optionally data-lines="<max lines>") until its text fits its box (below the
// minimum, down to 3/4 of it, only when the text would otherwise be cut off), then shrinks
// fit elements inside any still-overflowing [data-fit-box] (and .content) container, evens out
// data-fit-group members, and finally sets <html data-ready="1">, which the renderer waits for.
(function () {
  "use strict";
  var root = document.documentElement;

  function px(v) { var n = parseFloat(v); return isNaN(n) ? 0 : n; }

  function overflows(el) {
    return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  }

  // Lines of text the element's content occupies, from the content's height and its line height.
  function lineCount(el) {
    var cs = getComputedStyle(el);
    var lh = px(cs.lineHeight) || px(cs.fontSize) * 1.2;
    var r = document.createRange();
    r.selectNodeContents(el);
    var h = r.getBoundingClientRect().height;
    return Math.round(h / lh);
  }

  function fits(el) {
    var maxLines = parseInt(el.getAttribute("data-lines") || "0", 10);
    if (overflows(el)) return false;
    return !(maxLines > 0 && lineCount(el) > maxLines);
  }

  function minOf(el) { return Math.max(8, px(el.getAttribute("data-fit")) || 12); }

  function setSize(el, s) { el.style.fontSize = s + "px"; }

  // fit shrinks one element by bisection between its minimum and its current size.
  function fit(el) {
    var hi = px(getComputedStyle(el).fontSize), lo = minOf(el);
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
    for (var i = 0; i < 9 && hi - lo > 0.5; i++) {
      var mid = (lo + hi) / 2;
      setSize(el, mid);
      if (fits(el)) lo = mid; else hi = mid;
    }
    setSize(el, Math.floor(lo * 2) / 2);
  }

  // shrinkInside scales every fit element inside box down in steps while box overflows.
  function shrinkInside(box) {
    var els = box.querySelectorAll("[data-fit]");
    if (!els.length) return;
    for (var step = 0; step < 20 && overflows(box); step++) {
      var moved = false;
      for (var i = 0; i < els.length; i++) {
        var cur = px(getComputedStyle(els[i]).fontSize), min = step < 10 ? minOf(els[i]) : Math.max(10, Math.floor(minOf(els[i]) * 0.75));
        if (cur > min) { setSize(els[i], Math.max(min, Math.floor(cur * 0.94))); moved = true; }
      }
      if (!moved && step >= 10) break;
    }
  }

  function evenGroups() {
    var groups = {};
    document.querySelectorAll("[data-fit-group]").forEach(function (el) {
      var g = el.getAttribute("data-fit-group");
      var s = px(getComputedStyle(el).fontSize);
      groups[g] = groups[g] === undefined ? s : Math.min(groups[g], s);
    });
    document.querySelectorAll("[data-fit-group]").forEach(function (el) {
      setSize(el, groups[el.getAttribute("data-fit-group")]);
    });
  }

  function run() {
    var els = document.querySelectorAll("[data-fit]");
    for (var pass = 0; pass < 2; pass++) {
      for (var i = 0; i < els.length; i++) fit(els[i]);
      // Innermost boxes first, so an overflowing card shrinks its own text, not the headline.
      var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-fit-box],.content"));
      boxes.reverse().forEach(shrinkInside);
      evenGroups();
    }
  }

  function images() {
    return Promise.all(Array.prototype.map.call(document.images, function (img) {
      return img.decode ? img.decode().catch(function () {}) : Promise.resolve();
    }));
  }

  function done() { root.setAttribute("data-ready", "1"); }

  // Touch layout so every font the page uses starts loading before we wait on them.
  void document.body.offsetHeight;
  Promise.all([document.fonts.ready, images()])
    .then(function () { return document.fonts.ready; })
    .then(function () {
      return new Promise(function (resolve) { requestAnimationFrame(function () { resolve(); }); });
    })
    .then(function () { try { run(); } finally { done(); } }, done);
})();
