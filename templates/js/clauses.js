// brandgen clause-aware line breaking for display text; it runs inside fit.js's fit (it is loaded
// in the same script, before fit.js, and hooks in through window.__brandgenClauses).
//  - mark: the text of elements marked data-clauses is cut into clauses (text up to , ; : . ! ?
//    and a space) in span.clause (CJK headlines get theirs from js/cjk.js), and an emoji is glued
//    to the word before it.
//  - fit: the page is fitted with each combination of clauses kept on one line (fitClauses); then
//    a word the fit left alone on a line of an element marked data-widow is freed (widows: one
//    measured mechanism, opt-in per pattern).
(function () {
  "use strict";
  var run, sizeOf, report, rowsOf;

  // markClauses wraps the clauses of the text of elements marked data-clauses (text up to , ; : . ! ?
  // and a space: "Make it work, | make it right, | make it fast.") in span.clause, the space after
  // each left outside it as the break between them. CJK headlines get theirs from js/cjk.js.
  var clauseRe = /[\s\S]*?[,;:.!?\u2026]["\u201d\u2019)\]]*(?=\s|$)|[\s\S]+$/g;
  // An emoji is glued to the word before it, so it never starts a line alone.
  var emojiRe = / (?=\p{Extended_Pictographic})/gu, maxClause = 24;
  function markClauses() {
    document.querySelectorAll("[data-clauses]").forEach(function (host) {
      var w = document.createTreeWalker(host, NodeFilter.SHOW_TEXT), nodes = [];
      for (var n = w.nextNode(); n; n = w.nextNode()) if (!n.parentElement.closest("svg,.emo,.nobr")) nodes.push(n);
      // Two to four words ("Less, but better.") may stack a word a line, as a poster does: they
      // keep every break.
      var few = (host.textContent.match(/[\p{L}\p{N}]+/gu) || []).length < 5;
      nodes.forEach(function (n) {
        n.nodeValue = n.nodeValue.replace(emojiRe, "\u00a0");
        var next = n.nextSibling;
        if (next && next.nodeType === 1 && next.matches(".emo") && / $/.test(n.nodeValue)) n.nodeValue = n.nodeValue.slice(0, -1) + "\u00a0";
      });
      if (few || host.querySelector("span.clause")) return;
      nodes.forEach(function (n) {
        var parts = (n.nodeValue.match(clauseRe) || []).filter(function (p) { return p.trim(); });
        if (parts.length < 2) return;
        var frag = document.createDocumentFragment(), span = null;
        parts.forEach(function (p) {
          var lead = p.match(/^\s*/)[0], body = p.slice(lead.length);
          if (lead) frag.appendChild(document.createTextNode(lead));
          // A clause over maxClause characters is a sentence: it breaks as it likes.
          if (Array.from(body).length > maxClause) { frag.appendChild(document.createTextNode(body)); span = null; return; }
          span = document.createElement("span");
          span.className = "clause";
          span.textContent = body;
          frag.appendChild(span);
        });
        var after = n.nextSibling;
        n.parentNode.replaceChild(frag, n);
        // An emoji glued to the last clause's last word belongs to that clause (kept with it, and
        // measured with it when the fit judges the clause's lines).
        if (span && after && after.nodeType === 1 && after.matches(".emo") && /\u00a0$/.test(span.textContent)) span.appendChild(after);
        // A kept clause too wide for the line must overflow its element (which the fit then
        // shrinks), not widen a shrink-to-fit one (a centred flex item) past its column.
        if (getComputedStyle(host).maxWidth === "none") host.style.maxWidth = "100%";
      });
    });
  }

  // keepClause keeps a clause on one line (no wrap, the phrase breaks cjk.js put in it hidden) or
  // frees it.
  // A freed clause's orphan breaks (cjk.js's hidden <wbr class="orphan">) show only while orphans
  // is set (fitClauses).
  var orphans = false;
  function keepClause(span, keep) {
    span.style.whiteSpace = keep ? "nowrap" : "";
    span.querySelectorAll("wbr").forEach(function (w) { w.style.display = keep || !orphans && w.matches(".orphan") ? "none" : ""; });
  }

  // rows are the lines of el (fit.js's rows: the client rects of its text grouped by vertical
  // centre, within half the font size fs). lineMax is the width of the longest of rows' lines (0
  // for none).
  function lineMax(lines) {
    return lines.reduce(function (m, x) { return Math.max(m, x.r - x.l); }, 0);
  }
  function rows(el, fs) { return rowsOf(el, fs * 0.5); }
  // A word left alone on a line of an element marked data-widow (opt-in per pattern) is a stray:
  // "prerequisite | for | reliability.", "and headless | Chrome", "Your first | month | is on us",
  // "Golang | Weekly". strays finds them, widows frees them; both are measured (see widows).
  // Latin-like words only (CJK lines are chosen by fitClauses' scores).
  var widowRe = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}'\u2019\-.,;:!?%&]+$/u;
  // strays returns, for each word of host left alone on a line, the word to glue to the one after
  // it (a last line's word is glued to the word before it), and whether a glued pair ("How
  // Fjordby | te") broke inside a word.
  function strays(host) {
    var fs = sizeOf(host), lines = rows(host, fs), out = { glue: [], split: false };
    if (lines.length < 2) return out;
    var longest = lineMax(lines);
    var w = document.createTreeWalker(host, NodeFilter.SHOW_TEXT), words = [];
    // An emoji or a mark after a word on its line (glued: "countdowns ⏳.") is part of that word,
    // not a word of its own: "countdowns ⏳." alone on a line is a stray. In display text cut
    // into clauses (data-clauses) an emoji still counts as a word of its line: "Only with |
    // tests 🧪" is stacked, not a stray (glued, the poster's headline lost half its size).
    var own = host.hasAttribute("data-clauses");
    for (var n = w.nextNode(); n; n = w.nextNode()) {
      if (n.parentElement.closest("svg")) continue;
      var re = /[^\s\u00a0]+/g, m;
      while ((m = re.exec(n.nodeValue))) {
        var r = document.createRange();
        r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
        var b = r.getBoundingClientRect(), c = (b.top + b.bottom) / 2, prev = words[words.length - 1];
        if (prev && !own && !/[\p{L}\p{N}]/u.test(m[0]) && Math.abs(prev.c - c) < fs * 0.5) { prev.tail += m[0]; continue; }
        words.push({ n: n, at: m.index, len: m[0].length, text: m[0], tail: "", c: c });
      }
    }
    // A glued pair shows as one word with a no-break space in it: it must sit on one line.
    host.__bgGlued = host.__bgGlued || [];
    host.__bgGlued.forEach(function (g) {
      var r = document.createRange(), cs = [];
      var end = g.n.nodeValue.indexOf(" ", g.at + g.len + 1);
      r.setStart(g.n, g.at); r.setEnd(g.n, end < 0 ? g.n.nodeValue.length : end);
      Array.prototype.forEach.call(r.getClientRects(), function (b) {
        var c = (b.top + b.bottom) / 2;
        if (b.width && !cs.some(function (x) { return Math.abs(x - c) < fs * 0.4; })) cs.push(c);
      });
      if (cs.length > 1) out.split = true;
    });
    // ragged: a line inside the text under 3/5 of the longest ("Branded images | at scale | with
    // Go and"), unless it ends a clause ("Ship it. | Then make | it beautiful.").
    var ends = function (wd) { return /[,;:.!?\u2026]["\u201d\u2019)\]]*$/.test(wd.text + wd.tail); };
    var wordsOn = function (x) { return words.filter(function (wd) { return Math.abs(wd.c - x.c) < fs * 0.5; }); };
    out.ragged = lines.slice(0, -1).some(function (x) {
      var on = wordsOn(x);
      return x.r - x.l < longest * 0.6 && !(on.length && ends(on[on.length - 1]));
    });
    var count = 0;
    words.forEach(function (wd) { count += (wd.text.match(/[\p{L}\p{N}]+/gu) || []).length; });
    // Two to four words of display text ("Less, | but | better.") may stack a word a line, as a
    // poster does (markClauses keeps their breaks too).
    if (count < 2 || count < 5 && host.hasAttribute("data-clauses")) return out;
    var name = count === 2 && words.every(function (wd) { return widowRe.test(wd.text); });
    lines.forEach(function (x, li) {
      var on = wordsOn(x);
      if (on.length !== 1 || !widowRe.test(on[0].text)) return;
      // A one-word line is a stray when it is under 4/5 of the longest ("Your first | month |
      // is on us"), or when the text is two Latin-like words (a name: "Golang | Weekly", not
      // "brandgen | 工作室"); not a word that ends a clause inside the text, a line of its own
      // ("Deploy on | Friday? | Only with | tests", stacked).
      var i = words.indexOf(on[0]), last = li === lines.length - 1;
      if (!name && (x.r - x.l >= longest * 0.8 || !last && ends(on[0]))) return;
      var left = last || i === words.length - 1 ? words[i - 1] : on[0], right = words[words.indexOf(left) + 1];
      // Only a single space between two words in one text node is glued.
      if (!left || !right || left.n !== right.n || left.at + left.len + 1 !== right.at) return;
      if (out.glue.indexOf(left) < 0) out.glue.push(left);
    });
    return out;
  }
  // least is the smallest size a remedy for a stray may set host at, from its size fs as the fit
  // set it: 7/8 of it, or 4/5 while that stays at or above the template's size (a grown headline
  // keeps growing over the rest: showcase's "How | Fjordbyte cut", freed, is still 1.2x its
  // template size).
  function least(host, fs) {
    var base = host.__bgFit ? host.__bgFit.base : fs;
    return Math.min(fs * 0.875, Math.max(base, fs * 0.8));
  }
  // grown caps a page's growth (maxGrow, when given) at the scale it had before a costly glue was
  // kept (host.__bgGrow, see widows).
  function grown(maxGrow) {
    var g = maxGrow || Infinity;
    document.querySelectorAll("[data-widow]").forEach(function (h) { if (h.__bgGrow) g = Math.min(g, h.__bgGrow); });
    return g === Infinity ? maxGrow : g;
  }
  // capped sets each element a stray remedy set smaller (host.__bgMax) back at that size after a fit.
  function capped() {
    document.querySelectorAll("[data-widow]").forEach(function (h) {
      if (h.__bgMax && sizeOf(h) > h.__bgMax) h.style.fontSize = h.__bgMax + "px";
    });
  }
  // widows frees the strays of each element marked data-widow (opt-in per pattern). First it
  // glues each to its neighbour (a last word to the one before it, any other to the one after it)
  // and fits the page again, a few rounds while a glue strands another word. The glue is measured:
  // when it leaves a word alone still, breaks a glued pair inside a word, leaves a short line
  // inside the text, or sets the element under least (the pair too wide for the line), it is
  // undone. Then an element marked data-widow="size" (its page is set smaller too: fitClauses'
  // unstrand) is set smaller alone, step by step down to least, which can go a little under its
  // template's size, until no word is left alone ("and headless | Chrome" becomes "Branded images
  // at | scale with Go and | headless Chrome"); else it is left as the fit set it. It runs at most
  // twice per element.
  // Hosts in one data-fit-group (grid's cell titles, its cell texts) are freed together, one
  // refit per round for all of them: a refit per host (each refit fits the whole page) made a 3x3
  // grid with its 18 titles and texts marked take over 30 s. maxRefits caps the refits of a
  // page's widows (a set is not started past it), so no content makes a page script hang.
  var maxRefits = 48, refits = 0;
  function widows(refit) {
    var sets = [], groups = {};
    document.querySelectorAll("[data-widow]").forEach(function (host) {
      if (host.__bgWidow >= 2 || !host.getClientRects().length) return;
      host.__bgWidow = (host.__bgWidow || 0) + 1;
      var g = host.getAttribute("data-fit-group");
      if (g && groups[g]) { groups[g].push(host); return; }
      sets.push(g ? (groups[g] = [host]) : [host]);
    });
    var again = function () { refits++; refit(); };
    sets.forEach(function (set) { if (refits < maxRefits) freeSet(set, again); });
  }
  function freeSet(set, refit) {
    var hs = set.map(function (host) {
      var fs = sizeOf(host);
      return { host: host, fs: fs, lo: least(host, fs), st0: strays(host), ow: host.style.overflowWrap, tw: host.style.textWrap };
    }).filter(function (h) { return h.st0.glue.length; });
    if (!hs.length) return;
    var scale0 = report.scale;
    // attempt glues the strays of each host's layout, a few rounds, and keeps each host's glue
    // when it is good; it returns the hosts whose glue it undid. A glued pair too wide for the
    // line must overflow (and the fit shrink it), not break inside a word ("How Fjordby | te");
    // greedy also sets the lines unbalanced (balance can rebreak the whole headline around a
    // glued pair: "Branded images | at scale | with Go and").
    function attempt(hs, greedy) {
      hs.forEach(function (h) {
        h.saved = []; h.st = h.st0;
        h.host.style.overflowWrap = "normal";
        if (greedy) h.host.style.textWrap = "wrap";
      });
      for (var round = 0; round < 3; round++) {
        var live = hs.filter(function (h) { return h.st.glue.length && !h.st.split; });
        if (!live.length) break;
        live.forEach(function (h) {
          h.st.glue.slice().reverse().forEach(function (g) {
            h.saved.push([g.n, g.n.nodeValue]);
            var i = g.at + g.len;
            g.n.nodeValue = g.n.nodeValue.slice(0, i) + "\u00a0" + g.n.nodeValue.slice(i + 1);
            h.host.__bgGlued.push(g);
          });
        });
        refit();
        live.forEach(function (h) { h.st = strays(h.host); });
      }
      // A glue that costs an element more than 1/8 of its size (down to least) is kept only
      // with the page held at the growth it had: the rest of the page must not grow into the
      // room the element gave up (showcase's cards and call to action, grown, broke badly).
      var costly = hs.filter(function (h) {
        var size = sizeOf(h.host);
        return !h.st.split && !h.st.glue.length && size < h.fs * 0.875 && size >= h.lo - 0.25;
      });
      if (costly.length && report.scale > scale0) {
        costly.forEach(function (h) { h.host.__bgGrow = scale0; });
        refit();
        hs.forEach(function (h) { h.st = strays(h.host); });
      }
      var bad = hs.filter(function (h) { return h.st.glue.length || h.st.split || h.st.ragged || sizeOf(h.host) < h.lo - 0.25; });
      if (!bad.length) return bad;
      bad.forEach(function (h) {
        h.host.__bgGrow = 0;
        h.saved.reverse().forEach(function (s) { s[0].nodeValue = s[1]; });
        h.host.style.overflowWrap = h.ow;
        h.host.style.textWrap = h.tw;
        h.host.__bgGlued = [];
      });
      refit();
      bad.forEach(function (h) { h.st0 = strays(h.host); });
      return bad.filter(function (h) { return h.st0.glue.length; });
    }
    var left = attempt(hs, false);
    if (left.length) left = attempt(left, true);
    left.forEach(function (h) { if (h.host.getAttribute("data-widow") === "size") smaller(h.host, h.lo, refit); });
  }
  // smaller sets host (data-widow="size") smaller alone, step by step down to lo, until no word
  // is left alone; else it is left as the fit set it.
  function smaller(host, lo, refit) {
    var at = sizeOf(host);
    for (var s = at - Math.max(0.5, at * 0.015); s >= lo; s -= Math.max(0.5, at * 0.015)) {
      host.style.fontSize = Math.floor(s * 2) / 2 + "px";
      var st = strays(host);
      if (!st.glue.length && !st.ragged) {
        host.__bgMax = Math.floor(s * 2) / 2;
        if (host.hasAttribute("data-hold-lines")) hold(host, refit);
        return;
      }
    }
    host.style.fontSize = at + "px";
  }

  // hold keeps host, which a stray's remedy set smaller alone, at the lines it has now in every
  // later fit (fit.js reads host.__bgLines as a line cap) and fits the page again, so the rest of
  // the block grows into the room the headline gave up instead of leaving it empty (event story:
  // "Branded images at | scale with Go and | headless Chrome" held the page at the growth its
  // four lines allowed, a 200 px band under it). Undone when the refit strands a word again.
  function hold(host, refit) {
    host.__bgLines = rows(host, sizeOf(host)).length;
    refit();
    if (!strays(host).glue.length) return;
    host.__bgLines = 0;
    refit();
  }

  // Clauses (markClauses, js/cjk.js) can be kept on one line so lines break between clauses
  // (少即是多，| 简单即是力量。) rather than inside one. The page is fitted with
  // every clause kept, then freeing the widest kept clause one at a time, down to none kept; the
  // layout with the largest headline wins, a headline that ends in a short line (under 3/5 of its
  // longest) or breaks a clause into a short piece (Make it | work,) or after starting it mid-line
  // (每一次 | 渲染，都为 | ...) counting for 70% of its size, one stranding a short piece of a
  // clause inside it for 55% (poor); a tie goes to more clauses kept. Last, the clauses are tried
  // stacked, each starting a line, and a stranding layout with cjk.js's orphan breaks. A headline
  // held narrow by a kept clause (or a
  // data-clauses one held narrow by its words) holds the block's growth to its own, so the text
  // under it does not outgrow it.
  function fitClauses() {
    orphans = false;
    var keep = keepClause, scope = document.querySelector("main.content");
    var spans = scope ? Array.prototype.slice.call(scope.querySelectorAll("span.clause")) : [];
    var marked = scope ? Array.prototype.slice.call(scope.querySelectorAll("[data-clauses][data-fit]")) : [];
    if (!spans.length && !marked.length) { run(grown()); capped(); return; }
    var hosts = [];
    spans.forEach(function (s) {
      var h = s.parentElement.closest("[data-fit]");
      if (h && hosts.indexOf(h) < 0) hosts.push(h);
    });
    // stackBreaks shows (or hides) a forced break before every clause that does not open its
    // headline: a <br> kept in the text, so an emoji glued to a clause's last word stays on its line.
    var brs = [];
    spans.forEach(function (s) {
      var prev = s.previousSibling;
      if (prev && prev.nodeType === 3 && !prev.nodeValue.trim()) prev = prev.previousSibling;
      if (!prev) return;
      if (prev.nodeType === 1 && prev.matches("br.clause-br")) { brs.push(prev); return; } // a second fit
      var br = document.createElement("br");
      br.className = "clause-br";
      br.style.display = "none";
      s.parentNode.insertBefore(br, s);
      brs.push(br);
    });
    function stackBreaks(on) { brs.forEach(function (br) { br.style.display = on ? "" : "none"; }); }
    var els = Array.prototype.slice.call(document.querySelectorAll("[data-fit],[data-optional]"));
    var start = els.map(function (el) { return [el.style.fontSize, el.style.display, el.className]; });
    function reset() {
      els.forEach(function (el, i) { el.style.fontSize = start[i][0]; el.style.display = start[i][1]; el.className = start[i][2]; });
      report.warnings = []; report.scale = 1; delete report.limit;
    }
    function fitWith(kept, stack, cap) {
      reset();
      spans.forEach(function (s) { keep(s, kept.indexOf(s) >= 0); });
      stackBreaks(stack);
      run(grown(cap));
      capped();
      var k = Infinity;
      (kept.length ? hosts.concat(marked) : marked).forEach(function (h) {
        // (not one held at its lines, data-hold-lines: it gives its growth up to the block)
        if (h.__bgFit && h.getClientRects().length && !h.__bgLines && !h.__bgHold) k = Math.min(k, Math.max(sizeOf(h) / h.__bgFit.base, under(h)));
      });
      if (k < report.scale - 0.01) { reset(); run(grown(Math.min(cap || Infinity, Math.floor(k * 1000) / 1000))); capped(); }
    }
    // under is the growth at which the largest text under headline h (a smaller base, not a
    // headline: details, body, points) comes within 1.15 of h's size: the block may grow past h's
    // own growth up to there. A headline set large by its template (offer landscape's H1 in the
    // narrow column) and shrunk alone to keep its clause (全年套餐限时优惠) held the whole block at
    // its own growth, the details small under a band of empty column; the text under it still
    // never outgrows it. CJK pages only (Latin display text, held by its words, keeps the cap).
    function under(h) {
      var big = 0;
      if (!cjkPage) return 0;
      els.forEach(function (el) {
        var f = el.__bgFit;
        if (f && el !== h && el.hasAttribute("data-fit") && f.role !== "h" && f.base < h.__bgFit.base && el.getClientRects().length) big = Math.max(big, f.base);
      });
      return big ? sizeOf(h) / (big * 1.15) : 0;
    }
    // lone reports a headline line, not the last, that is one short word beside much longer lines
    // (Office hours: | ask us anything | about | brand kits): balance keeps the line count, so a
    // grown headline can strand a word.
    function lone(h) {
      // A word alone on its last line counts too ("and headless | Chrome"): a little smaller, the
      // line takes the word before it.
      if (strays(h).glue.length) return true;
      var lines = rows(h, sizeOf(h));
      if (lines.length < 3) return false;
      var longest = lineMax(lines);
      return lines.slice(0, -1).some(function (x) { return x.r - x.l < longest * 0.42; });
    }
    // unstrand sets a grown page a little smaller (down to 85% of its growth, never under the
    // template's sizes) when that gives its headlines marked data-widow="size" lines without a
    // lone word (opt-in: a smaller headline can break a page's own size rules, story over
    // portrait); widows then glues what is left, or sets the headline alone smaller.
    function unstrand(kept, stack) {
      var heads = hosts.concat(marked).filter(function (h) { return h.getAttribute("data-widow") === "size" && h.getClientRects().length; });
      if (!heads.some(lone)) return;
      var grown = report.scale;
      for (var f = 0.97; f > 0.84 && grown * f >= 1; f -= 0.03) {
        fitWith(kept, stack, Math.floor(grown * f * 100) / 100);
        if (!heads.some(lone)) return;
      }
      fitWith(kept, stack);
    }
    // poor gives the share of its size a headline's layout counts for: 0.55 when a clause broken
    // into pieces leaves a short one on a line inside the headline (少即是多，| 简单 | 即是力量。: a
    // stranded fragment between two full lines reads worse than two lines at a smaller size), 0.7
    // when it is ragged (a short last line, a clause broken into a short piece or started
    // mid-line), 1 otherwise.
    function poor(h) {
      var fs = sizeOf(h), lines = rows(h, fs);
      if (lines.length < 2) return 1;
      var longest = lineMax(lines);
      var last = lines[lines.length - 1], short = longest * (cjkPage ? minShareCJK : 0.6);
      if (stranded(h, fs, lines, short)) return 0.55;
      return ragged(h, fs, lines, last, short) ? 0.7 : 1;
    }
    function stranded(h, fs, lines, short) {
      var inner = lines.slice(1, -1);
      return spans.some(function (s) {
        if (!h.contains(s)) return false;
        var own = rows(s, fs);
        return own.length > 1 && own.some(function (x) {
          return x.r - x.l < short && inner.some(function (y) { return Math.abs(y.c - x.c) < fs * 0.5; });
        });
      });
    }
    function ragged(h, fs, lines, last, short) {
      if (last.r - last.l < short) return true;
      return spans.some(function (s) {
        if (!h.contains(s)) return false;
        var own = rows(s, fs);
        if (own.length < 2) return false;
        if (own.some(function (x) { return x.r - x.l < short; })) return true;
        var line = null;
        lines.forEach(function (x) { if (Math.abs(x.c - own[0].c) < fs * 0.5) line = x; });
        return line && own[0].l > line.l + fs * 0.25;
      });
    }
    var strands = false;
    function score(free) {
      var v = Infinity;
      hosts.forEach(function (h, i) {
        var p = poor(h);
        if (p < 0.6) strands = true;
        v = Math.min(v, sizeOf(h) / (free ? free[i] : sizeOf(h)) * p);
      });
      return v;
    }
    fitWith([]);
    if (!spans.length) { unstrand([]); return; }
    var free = hosts.map(sizeOf), best = [], bestScore = score(null);
    for (var kept = spans.slice(); kept.length; ) {
      fitWith(kept);
      var v = score(free);
      if (v >= bestScore - 0.005) { best = kept.slice(); bestScore = v; }
      var widest = null, w = -1;
      kept.forEach(function (s) {
        var r = s.getBoundingClientRect().width / Math.max(1, s.parentElement.closest("[data-fit]").clientWidth);
        if (r > w) { w = r; widest = s; }
      });
      kept.splice(kept.indexOf(widest), 1);
    }
    // Stacked: every clause starts a line and the lines balance ("Deploy on | Friday? | Only
    // with | tests"), which neither keeping a clause whole nor freeing it gives when the clauses
    // are too wide for one line at the size the box allows but a free layout breaks them
    // mid-line. It wins only by a clear margin.
    var stack = false;
    if (brs.length) {
      fitWith([], true);
      if (score(free) > bestScore + 0.02) { stack = true; best = []; }
    }
    // When a layout stranded a piece of a clause, the orphan breaks are tried (a short last phrase
    // may take a line of its own: 少即是多，| 简单即是 | 力量。); they win by a clear margin.
    fitWith(best, stack);
    if (strands && document.querySelector("span.clause wbr.orphan")) {
      orphans = true;
      var tries = [[best, stack], [[], false]], won = null;
      tries.forEach(function (t) {
        fitWith(t[0], t[1]);
        var v = score(free);
        if (v > bestScore + 0.02) { bestScore = v; won = t; }
      });
      if (won) { best = won[0]; stack = won[1]; } else orphans = false;
      fitWith(best, stack);
    }
    unstrand(best, stack);
  }

  var cjkPage = /^(ja|ko|zh)\b/i.test(document.documentElement.getAttribute("lang") || "");
  // minShareCJK: a line of a CJK headline or quote under this share of the longest is ragged. CJK
  // phrases are short and even, so a clause split into two phrases (都从一个小小的 | 版本开始。) may
  // leave a shorter piece than a Latin one may ("Make it | work,").
  var minShareCJK = 0.5;
  window.__brandgenClauses = {
    mark: markClauses,
    fit: function (api) {
      sizeOf = api.sizeOf; report = api.report; rowsOf = api.rows;
      // js/cjklines.js (before this file's caller, fit.js) evens a CJK page's lines.
      var cjk = window.__brandgenCJKLines;
      if (cjk) cjk.init({ sizeOf: sizeOf, rows: rows, lineMax: lineMax });
      run = function (maxGrow) { if (cjk) cjk.unbalance(); api.run(maxGrow); if (cjk) cjk.balance(); };
      fitClauses();
      // Twice: the refit after one element's glue can strand a word of another set with it
      // (a data-fit-group: grid's cell texts).
      widows(fitClauses); widows(fitClauses);
      if (cjk) { cjk.evenLines(); cjk.trimEnds(); }
    }
  };
})();
