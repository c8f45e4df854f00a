// brandgen brand-kit fitting. Our own script: pages run nothing else, and all text reaches the page
// through html/template escaping. Once fonts and images are ready it
//   1. shrinks every [data-fit="<min px>"] element (optionally [data-lines="<n>"]) until its text fits
//      its own box and line cap, by bisection, never below its minimum;
//   2. drops pills from the end while a .pills list wraps past its data-rows (default 1) rows;
//   3. while a [data-box] container still overflows, shrinks its fit elements to 80% of their size
//      (tagline first), then drops pills from the end, then shrinks the text to its minimum;
// and sets <html data-ready="1">, which the renderer waits for. Pills it dropped are reported as
// window.__brandgenFit = {warnings: [{code: "content_dropped", path: "pills[i]", message}]}.
(function () {
  "use strict";
  var root = document.documentElement;
  var report = { warnings: [] };
  window.__brandgenFit = report;
  function px(v) { var n = parseFloat(v); return isNaN(n) ? 0 : n; }
  function size(el) { return px(getComputedStyle(el).fontSize); }
  function setSize(el, s) { el.style.fontSize = s + "px"; }
  function overflows(el) { return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1; }
  function lines(el) {
    var lh = px(getComputedStyle(el).lineHeight) || size(el) * 1.2;
    var r = document.createRange();
    r.selectNodeContents(el);
    return Math.round(r.getBoundingClientRect().height / lh);
  }
  // A tight line height lets glyphs reach past the line box: up to a fifth of the font size of
  // vertical spill is not overflow.
  function fits(el) {
    var max = parseInt(el.getAttribute("data-lines") || "0", 10);
    var spill = el.scrollHeight - el.clientHeight, wide = el.scrollWidth > el.clientWidth + 1;
    return !wide && spill <= Math.max(1, size(el) * 0.2) && !(max > 0 && lines(el) > max);
  }
  function minOf(el) { return Math.max(8, px(el.getAttribute("data-fit"))); }
  function fit(el) {
    var hi = size(el), lo = minOf(el);
    if (fits(el) || hi <= lo) return;
    setSize(el, lo);
    if (!fits(el)) { el.classList.add("clamped"); return; }
    for (var i = 0; i < 10 && hi - lo > 0.5; i++) {
      var mid = (lo + hi) / 2;
      setSize(el, mid);
      if (fits(el)) lo = mid; else hi = mid;
    }
    setSize(el, Math.floor(lo));
  }
  function visiblePills(list) {
    return Array.prototype.filter.call(list.children, function (li) { return li.style.display !== "none"; });
  }
  function rowsOf(list) {
    var tops = {};
    visiblePills(list).forEach(function (li) { tops[Math.round(li.offsetTop)] = true; });
    return Object.keys(tops).length;
  }
  function dropLast(list) {
    var v = visiblePills(list);
    if (!v.length) return false;
    v[v.length - 1].style.display = "none";
    if (v.length === 1) list.style.display = "none";
    return true;
  }
  function trimPills(list) {
    var holder = list.closest("[data-rows]");
    var rows = parseInt((holder && holder.getAttribute("data-rows")) || "1", 10);
    while (rowsOf(list) > rows || (visiblePills(list).length && overflows(list))) { if (!dropLast(list)) break; }
  }
  // settle makes box fit: text shrinks to 80% of its size, then pills go from the end, then text
  // shrinks to its minimum (tagline first, data-fit-order), so type stays readable as long as an
  // optional part can make room.
  function settle(box) {
    var lists = box.querySelectorAll(".pills");
    var els = Array.prototype.slice.call(box.querySelectorAll("[data-fit]"));
    els.sort(function (a, b) { return px(b.getAttribute("data-fit-order")) - px(a.getAttribute("data-fit-order")); });
    var start = els.map(size);
    function shrink(floorOf) {
      for (var step = 0; step < 30 && overflows(box); step++) {
        var moved = false;
        for (var j = 0; j < els.length && !moved; j++) {
          var cur = size(els[j]), floor = floorOf(j);
          if (cur > floor + 0.5) { setSize(els[j], Math.max(floor, Math.floor(cur * 0.95))); moved = true; }
        }
        if (!moved) return;
      }
    }
    shrink(function (j) { return Math.max(minOf(els[j]), start[j] * 0.8); });
    for (var k = lists.length - 1; k >= 0; k--) {
      while (overflows(box) && dropLast(lists[k])) {}
    }
    shrink(function (j) { return minOf(els[j]); });
  }
  function run() {
    document.querySelectorAll("[data-fit]").forEach(fit);
    document.querySelectorAll(".pills").forEach(trimPills);
    document.querySelectorAll("[data-box]").forEach(settle);
    // Each asset draws one pills list, in request order.
    var list = document.querySelector(".pills");
    if (list) Array.prototype.forEach.call(list.children, function (li, i) {
      if (li.style.display === "none" || list.style.display === "none") {
        report.warnings.push({ code: "content_dropped", path: "pills[" + i + "]",
          message: "left out: the pill does not fit the asset" });
      }
    });
  }
  function images() {
    return Promise.all(Array.prototype.map.call(document.images, function (img) {
      return img.decode ? img.decode().catch(function () {}) : Promise.resolve();
    }));
  }
  function done() { root.setAttribute("data-ready", "1"); }
  void document.body.offsetHeight;
  Promise.all([document.fonts.ready, images()])
    .then(function () { return document.fonts.ready; })
    .then(function () { return new Promise(function (r) { requestAnimationFrame(function () { r(); }); }); })
    .then(function () { try { run(); } finally { done(); } }, done);
})();
