// cjklines.js evens the lines of a CJK page's quotes and headlines after the fit (loaded in fit.js's
// script before clauses.js, which calls it through window.__brandgenCJKLines with its row helpers).
(function () {
  "use strict";
  var sizeOf, rows, lineMax;
  var cjkPage = /^(ja|ko|zh)\b/i.test(document.documentElement.getAttribute("lang") || "");
  var px = window.__brandgenMeasure.px; // js/measure.js, first in the fit script

  // balance narrows each element marked data-balance on a CJK page, after every fit, to the least
  // width that keeps its number of lines, so the lines of a CJK quote come out of even length
  // (千里之行，始于足下。每一个 | 伟大的产品， is ragged). CSS text-wrap:balance does this only for a
  // few lines in Chromium; here any number of lines is balanced, and only at the phrase breaks
  // cjk.js left (kept clauses and phrases never split). unbalance gives the width back before the
  // next fit measures anything.
  function balanced() {
    return cjkPage ? Array.prototype.filter.call(document.querySelectorAll("[data-balance]"), function (el) { return el.getClientRects().length > 0; }) : [];
  }
  function unbalance() {
    balanced().forEach(function (el) {
      if (el.__bgMaxWidth === undefined) el.__bgMaxWidth = el.style.maxWidth;
      el.style.maxWidth = el.__bgMaxWidth;
    });
  }
  function balance() {
    balanced().forEach(function (el) {
      var fs = sizeOf(el), n = rows(el, fs).length;
      if (n < 2) return;
      var cs = getComputedStyle(el), inset = 0;
      if (cs.boxSizing !== "border-box") {
        ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"].forEach(function (k) { inset += parseFloat(cs[k]) || 0; });
      }
      // share is the shortest line over the longest at width w, 0 when w changes the line count.
      var share = function (w) {
        el.style.maxWidth = w + "px";
        var rs = rows(el, fs);
        if (rs.length !== n || el.scrollWidth > el.clientWidth + 1) return 0;
        var lo = Infinity, hi = 0;
        rs.forEach(function (x) { lo = Math.min(lo, x.r - x.l); hi = Math.max(hi, x.r - x.l); });
        return lo / hi;
      };
      var full = el.getBoundingClientRect().width - inset, hi = full, lo = full / 2;
      for (var i = 0; i < 10 && hi - lo > 1; i++) {
        var mid = (lo + hi) / 2;
        if (share(mid) > 0) hi = mid; else lo = mid;
      }
      // The narrowest width can still leave a short last line (the phrases fill the lines above
      // it): between it and the full width, the one whose lines are most even wins, the narrower
      // on a tie.
      var best = Math.ceil(hi), most = share(best);
      for (var k = 1; k <= 12 && most < 0.8; k++) {
        var w = Math.ceil(hi + (full - hi) * k / 12), v = share(w);
        if (v > most + 0.02) { best = w; most = v; }
      }
      el.style.maxWidth = best + "px";
    });
  }

  // evenLines sets a CJK headline (data-clauses) whose lines strand a short one between longer
  // ones (用 Go 构建 | 高性能 API | 服务的 | 十个实用技巧: balance fills from the top, and the last
  // phrase, the widest, leaves the line above it short) on as many lines chosen so the shortest
  // inner line is as long as it can be (用 Go | 构建高性能 | API 服务的 | 十个实用技巧): forced
  // breaks at its phrase breaks (a shown <wbr>, a space) after the fit. The size stays: the breaks are kept only when the headline then
  // has as many lines, none wider than its box, none stranded, and a first line at least 3/10 of
  // the longest. Only a headline of text and breaks (clauses are chosen by fitClauses).
  function evenLines() {
    if (!cjkPage) return;
    document.querySelectorAll("[data-clauses][data-fit]").forEach(function (h) {
      if (!h.getClientRects().length || Array.prototype.some.call(h.children, function (c) { return c.tagName !== "WBR"; })) return;
      var fs = sizeOf(h), lines = rows(h, fs), n = lines.length;
      var inner = function (ls) {
        var m = lineMax(ls);
        return ls.slice(1, -1).some(function (x) { return x.r - x.l < m * minStrand; });
      };
      if (n < 3 || !inner(lines)) return;
      // atoms: the text between break opportunities, each with the break before it ("" a <wbr>, " " a space).
      var atoms = [], sep = "";
      Array.prototype.slice.call(h.childNodes).forEach(function (c) {
        if (c.nodeType === 1) { if (getComputedStyle(c).display !== "none") sep = ""; return; }
        var re = /[^ ]+/g, m;
        while ((m = re.exec(c.nodeValue))) {
          var r = document.createRange();
          r.setStart(c, m.index); r.setEnd(c, m.index + m[0].length);
          atoms.push({ n: c, at: m.index, w: r.getBoundingClientRect().width, sep: m.index > 0 || / $/.test(sep) ? " " : sep });
          sep = "";
        }
        if (/ $/.test(c.nodeValue)) sep = " ";
      });
      // room: the fit's own tolerance (a line as wide as the box plus 1 px fits).
      var cs = getComputedStyle(h), room = h.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight) + 1;
      var space = fs * 0.3, m = atoms.length;
      if (m > 24) return;
      var width = function (i, j) { // atoms i..j-1 on one line
        var w = 0;
        for (var k = i; k < j; k++) w += atoms[k].w + (k > i && atoms[k].sep ? space : 0);
        return w;
      };
      // The n lines, each within room, whose shortest inner line (or first line at 5/8 of its
      // width: a lead-in may be shorter) is the longest.
      var starts = null, bestScore = -1;
      (function pick(from, left, acc, score) {
        if (left === 1) {
          var w = width(from, m);
          if (w > room || m - from < 1) return;
          if (score > bestScore) { bestScore = score; starts = acc.slice(); }
          return;
        }
        for (var j = from + 1; j <= m - left + 1; j++) {
          var lw = width(from, j);
          if (lw > room) break;
          var sc = Math.min(score, from === 0 ? lw * 1.6 : lw);
          if (sc <= bestScore) continue;
          acc.push(j); pick(j, left - 1, acc, sc); acc.pop();
        }
      })(0, n, [], Infinity);
      if (!starts) return;
      // Split from the last start back, so the earlier atoms' offsets stay true.
      var brs = starts.slice().reverse().map(function (i) {
        var a = atoms[i], at = a.n.splitText(a.at), br = document.createElement("br");
        br.className = "even-br";
        at.parentNode.insertBefore(br, at);
        return br;
      });
      var got = rows(h, fs);
      if (got.length === n && !inner(got) && got[0].r - got[0].l >= lineMax(got) * 0.3 && h.scrollWidth <= h.clientWidth + 1) return;
      brs.forEach(function (br) { br.remove(); });
      h.normalize();
    });
  }
  // minStrand: a line of a CJK headline under this share of the longest, between two others, is
  // stranded (poor's stranded, visualtest strandedLines).
  var minStrand = 0.55;

  // trimEnds sets half-width (OpenType halt) the punctuation that ends a line (，。、！？ and
  // closing brackets) or opens one (opening brackets) of each headline cjk.js marked
  // data-cjk-trim, after the fit: a line ending in ，or 。 carries no half em of blank that pushes
  // a centred line off centre, and a comma inside a line keeps its full em (halt on the whole
  // headline set 春季大促,全年套餐 as one tight run). Each such mark goes in a span of its own; the
  // line only narrows, and the spans are undone if the line count changes.
  var closeRe = /[\uff0c\u3002\u3001\uff01\uff1f\uff1b\uff1a\u300d\u300f\uff09\u3011\u300b\u3009\u3015\uff3d\u201d\u2019]/;
  var openRe = /[\u300c\u300e\uff08\u3010\u300a\u3008\u3014\uff3b\u201c\u2018]/;
  function trimEnds() {
    if (!cjkPage) return;
    document.querySelectorAll("[data-cjk-trim]").forEach(function (h) {
      if (!h.getClientRects().length) return;
      var fs = sizeOf(h), n0 = rows(h, fs).length, chars = [];
      var w = document.createTreeWalker(h, NodeFilter.SHOW_TEXT), r = document.createRange();
      for (var n = w.nextNode(); n; n = w.nextNode()) {
        if (n.parentElement.closest("svg")) continue;
        for (var i = 0; i < n.nodeValue.length; i++) {
          var ch = n.nodeValue[i];
          if (/\s/.test(ch)) continue;
          r.setStart(n, i); r.setEnd(n, i + 1);
          var b = r.getBoundingClientRect();
          if (b.width) chars.push({ n: n, at: i, ch: ch, c: (b.top + b.bottom) / 2 });
        }
      }
      var marks = chars.filter(function (x, k) {
        var prev = chars[k - 1], next = chars[k + 1];
        if (closeRe.test(x.ch)) return !next || Math.abs(next.c - x.c) > fs * 0.5;
        return openRe.test(x.ch) && (!prev || Math.abs(prev.c - x.c) > fs * 0.5);
      });
      if (!marks.length) return;
      var ff = getComputedStyle(h).fontFeatureSettings;
      ff = !ff || ff === "normal" ? '"halt"' : ff + ', "halt"';
      // From the last mark back, so the earlier marks' offsets stay true.
      var spans = marks.reverse().map(function (x) {
        var t = x.n.splitText(x.at);
        t.splitText(1);
        var span = document.createElement("span");
        span.className = "cjk-trim";
        span.style.fontFeatureSettings = ff;
        t.parentNode.insertBefore(span, t);
        span.appendChild(t);
        return span;
      });
      if (rows(h, fs).length === n0 && h.scrollWidth <= h.clientWidth + 1) return;
      spans.forEach(function (span) { span.replaceWith(span.firstChild); });
      h.normalize();
    });
  }

  window.__brandgenCJKLines = {
    trimEnds: trimEnds,
    init: function (api) { sizeOf = api.sizeOf; rows = api.rows; lineMax = api.lineMax; },
    balance: balance,
    unbalance: unbalance,
    evenLines: evenLines
  };
})();
