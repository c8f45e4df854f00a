// brandgen CJK typesetting, on pages whose <html lang> is ja, zh-* or ko (set from the content's
// script). It runs before fit.js measures anything:
//  - Chinese and Japanese: marks where a line may break, as <wbr> between phrases built from the
//    words of the browser's own ICU dictionary (Intl.Segmenter), and sets html.cjk-seg, which makes
//    the page word-break:keep-all so lines break only there, at spaces and after punctuation.
//    Japanese would otherwise use word-break:auto-phrase, which breaks anywhere inside a phrase
//    longer than the line; Korean uses keep-all (breaks at spaces) without a script (base.css).
//  - Headlines: each short clause of a headline of several clauses (少即是多，| 简单即是力量。) is
//    marked, and fit.js keeps it on one line unless that costs the headline too much of its size
//    (fitClauses), so lines break between clauses first, between phrases inside a long clause.
//  - Every language: text set with Latin display metrics (line height under 1.25, negative
//    tracking) gets CJK ones, so the lines of a CJK headline do not touch; a headline (36 px and
//    up) is marked data-cjk-trim: after the fit, js/cjklines.js sets the punctuation ending or
//    opening one of its lines half-width (OpenType halt), so a line ending in ，or 。 does not
//    carry half an em of blank that pushes a centred line off centre; a mid-line ，keeps its em.
(function () {
  "use strict";
  var root = document.documentElement;
  var lang = (root.getAttribute("lang") || "").toLowerCase();
  var zh = lang === "zh" || lang.indexOf("zh-") === 0;
  if (!zh && lang !== "ja" && lang !== "ko") return;
  var scope = document.querySelector(".content") || document.body;
  var cjkRe = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
  var hanRe = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/;
  var hiraRe = /^[\u3041-\u309f]+$/;
  var particles = "的了着过吗呢吧啊地得们么嘛呀哦";
  var countRe = /^[0-9一二三四五六七八九十百千万两几]+[个只张条件位次款种项篇步招]$/;
  // amountRe: a number, with a measure word or a lead before it, that binds to a unit of one or two
  // characters after it (二十|分钟 -> 二十分钟, 从八个|小时 -> 从八个小时), so a line never ends on it.
  var amountRe = /^[从约近共第每]?[0-9一二三四五六七八九十百千万两几]+[个只张条件位次款种项篇步招]?$/;
  var complements = "下出进回起开来去到完住走"; // not 上, 好: locative and adjective more often (服务器|上)
  // leads are one-character adverbs, conjunctions, prepositions and determiners that begin a
  // phrase and never end a word, so the suffix rule below must not glue them to the word before
  // (模式|现|已|上线 is 模式 现已 上线, not 模式现 已; 而且|每|一|张 is 而且 每一张, not 而且每 一张).
  var leads = "和与及或并而且但却都也还又再才就已现将正从向对被把让给比很最更均皆仍亦即每各该某";
  // prefixes are one-character adjectives that, alone before a word, modify it (高|并发, 新|版本,
  // 多|语言, 大|文件): the suffix rule below must not glue them to the word before.
  // 第 (the ordinal prefix) binds to its number the same way (在|第|一周 is 在 第一周, not 在第 一周),
  // and 预 (pre-) to its word (已在|预|发布 is 已在 预发布, not 已在预 发布).
  var adjPrefixes = "高低大小新老全多超微零单双", prefixes = adjPrefixes + "第预", adjectives = adjPrefixes + "快慢好差强弱长短轻重";
  var skip = { CODE: 1, PRE: 1, SCRIPT: 1, STYLE: 1, svg: 1, SVG: 1, TEXTAREA: 1 };

  function textNodes(el) {
    var out = [];
    var w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) {
        for (var p = n.parentNode; p && p !== el; p = p.parentNode) {
          if (skip[p.nodeName]) return NodeFilter.FILTER_REJECT;
        }
        return cjkRe.test(n.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      }
    });
    for (var n = w.nextNode(); n; n = w.nextNode()) out.push(n);
    return out;
  }

  // units joins the segmenter's words into the pieces a line must not split: runs of one-character
  // Han words the dictionary did not know (调|用, 十|个) become one piece, and hiragana (particles,
  // okurigana), particles and remaining lone Han characters join the word before them
  // (生産|性|を -> 生産性を, 高性能|的 -> 高性能的).
  function units(text, seg) {
    var segs = [], from = false;
    var it = seg.segment(text)[Symbol.iterator]();
    for (var r = it.next(); !r.done; r = it.next()) {
      var t = r.value.segment, cjk = cjkRe.test(t);
      // In a clause opened by 从 (from), 到 is "to": a lead, not a verb's complement (从连接池 |
      // 到缓存策略, not 从连接 | 池到缓存).
      if (/[，。！？；：,.!?;:]/.test(t)) from = false;
      segs.push({ text: t, word: !!r.value.isWordLike, cjk: cjk,
        particle: particles.indexOf(t) >= 0 && t.length === 1,
        single: t.length === 1 && hanRe.test(t) && particles.indexOf(t) < 0,
        lead: leads.indexOf(t) >= 0 && t.length === 1 || t === "到" && from });
      if (t === "从") from = true;
    }
    // A Chinese verb the dictionary left alone takes its resultative or directional complement
    // (种|下 -> 种下, 写|完, 买|到) before the rules below could make the verb a suffix (地球种|下).
    if (zh) {
      for (var c = 0; c + 1 < segs.length; c++) {
        if (segs[c].single && segs[c + 1].single && complements.indexOf(segs[c + 1].text) >= 0 && !segs[c + 1].lead) {
          segs.splice(c, 2, { text: segs[c].text + segs[c + 1].text, word: true, cjk: true, particle: false, single: false });
        }
      }
    }
    // Runs of single characters: the dictionary cuts words it does not know after a word it
    // does (浏览|器, 开发|者, 服务|器), so the first character of a run right after a Han word
    // is its suffix and joins it; a lone character with no such word before it (少|即是多 at the
    // start, after punctuation) joins the word after it; what is left goes in chunks of two to four.
    var merged = [];
    for (var i = 0; i < segs.length; ) {
      if (!segs[i].single) { merged.push(segs[i++]); continue; }
      var j = i;
      while (j < segs.length && segs[j].single) j++;
      // A prefix that ends the run (高, 新, 多: an adjective before a noun) goes with the word
      // after it, and the leads right before it with them: 服务在|高|并发 is 服务在 高并发, not
      // 服务在高 并发; 和|多|语言 is 和多语言. Not when a lone adjective follows that word: then
      // both are predicates (成本|低|性能|高 is 成本低 性能高).
      var pred = j + 1 < segs.length && segs[j + 1].single && adjectives.indexOf(segs[j + 1].text) >= 0;
      if (j < segs.length && segs[j].word && hanRe.test(segs[j].text) && !segs[j].particle && !pred &&
          segs[j].text.length <= 3 && prefixes.indexOf(segs[j - 1].text) >= 0) {
        var p = j - 1;
        while (p > i && segs[p - 1].lead) p--;
        var joined = segs.slice(p, j + 1).map(function (s) { return s.text; }).join("");
        segs.splice(p, j - p + 1, { text: joined, word: true, cjk: true, particle: false, single: false });
        if (p === i) continue;
        j = p;
      }
      // A run opened by a prefix starts with the prefix and what it modifies (制作|多|页|图|文 is
      // 制作 多页 图文, not 制作多 页图文): the prefix is not the word before's suffix.
      var pair = j - i >= 2 && prefixes.indexOf(segs[i].text) >= 0 && !segs[i + 1].lead &&
          adjectives.indexOf(segs[i + 1].text) < 0;
      var last = merged.length ? merged[merged.length - 1] : null;
      if (!pair && last && last.word && hanRe.test(last.text) && last.text.length >= 2 && last.text.length <= 3 &&
          !segs[i].lead) {
        last.text += segs[i++].text;
        if (i === j) continue;
      } else if (j - i === 1 && j < segs.length && segs[j].word && hanRe.test(segs[j].text) && !segs[j].particle &&
          segs[j].text.length <= 3 && !/^第/.test(segs[j].text)) {
        // (not onto an ordinal, which opens a phrase: 2026 年|第一|季度 is 年 第一季度, not 年第一 季度)
        segs[j] = { text: segs[i].text + segs[j].text, word: true, cjk: true, particle: false, single: false };
        i = j;
        continue;
      }
      var n = j - i, size = n <= 4 ? n : 2;
      for (var k = i; k < j; k += size) {
        var chunk = segs.slice(k, Math.min(j, k + size)), txt = "";
        chunk.forEach(function (c) { txt += c.text; });
        merged.push({ text: txt, word: true, cjk: true, particle: false, single: txt.length === 1 });
      }
      i = j;
    }
    var out = [];
    merged.forEach(function (s) {
      var prev = out.length ? out[out.length - 1] : null;
      if (prev && prev.word && prev.cjk && s.word &&
          (hiraRe.test(s.text) || s.particle || (s.single && prev.text.length <= 4))) {
        prev.text += s.text;
        return;
      }
      out.push({ text: s.text, word: s.word, cjk: s.cjk });
    });
    // A Chinese number with its measure word binds to the word it counts (十个 + 实用 -> 十个实用, so
    // a line never ends on 十个).
    if (zh) {
      for (var q = out.length - 2; q >= 0; q--) {
        if ((countRe.test(out[q].text) || amountRe.test(out[q].text) && out[q + 1].text.length <= 2) &&
            out[q + 1].word && hanRe.test(out[q + 1].text)) {
          out.splice(q, 2, { text: out[q].text + out[q + 1].text, word: true, cjk: true });
        }
      }
    }
    return out;
  }

  // unitGlue keeps a number with a one-character unit after it ("3000 元", "1.8 秒", "3 年"): the
  // space between them becomes a no-break space, so the unit never starts a line alone. (Gluing a
  // one-character word before a number too, "约 3000", makes a box too narrow for "约 3000 元" break
  // it inside the number instead.)
  var unitRe = /([0-9%])[ ]([\u3400-\u4dbf\u4e00-\u9fff])(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])/g;
  // tailRe: a clause's last word of one or two Han characters after a space (导入 brandgen 之后，)
  // stays with the word before it: 之后， never starts a line.
  var tailRe = /(\S)[ ]([\u3400-\u4dbf\u4e00-\u9fff]{1,2}[，。、！？；：])/g;
  // nameRe: a short run of two or three Latin words set between CJK words (最新の MacBook Pro を支給)
  // is a name: its spaces become no-break spaces, so a line never breaks inside it (MacBook | Pro).
  var nameRe = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af] )([A-Za-z0-9][\w.+#-]*(?: [A-Za-z0-9][\w.+#-]*){1,2})(?= [\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])/g;
  function glueName(all, before, name) { return name.length > 20 ? all : before + name.replace(/ /g, "\u00a0"); }
  // particleRe: in Japanese a particle after a space (MacBook Pro を支給) belongs to the word before
  // it, as a phrase does: a line never starts with it (MacBook Pro | を支給).
  var particleRe = /(\S)[ ]([\u3041-\u309f])/g;
  function unitGlue() {
    textNodes(scope).forEach(function (n) {
      var v = n.nodeValue.replace(unitRe, "$1\u00a0$2").replace(tailRe, "$1\u00a0$2").replace(nameRe, glueName);
      if (lang === "ja") v = v.replace(particleRe, "$1\u00a0$2");
      if (v !== n.nodeValue) n.nodeValue = v;
    });
  }

  // orphanGlue returns the index of the unit after which no break goes, so a short last phrase
  // ("套餐。", "支給。") never ends a paragraph alone on its line: it stays with the phrase before
  // it. text-wrap:pretty does not do this for CJK in Chromium (it looks at Latin words only). The
  // pair is kept short enough to fit any line it can land on; -1 when there is nothing to glue.
  // Inside a clause the break is kept as a hidden <wbr class="orphan">, which js/clauses.js shows
  // in a headline whose lines would otherwise strand a short piece of a clause (少即是多，| 简单 |
  // 即是力量。 becomes 少即是多，| 简单即是 | 力量。).
  var punctRe = /[\s\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\u2010-\u206f.,!?;:()\[\]"']/g;
  function orphanGlue(us) {
    var last = -1;
    for (var i = 0; i + 1 < us.length; i++) {
      var a = us[i], b = us[i + 1];
      if (a.word && b.word && (a.cjk || b.cjk)) last = i;
    }
    if (last < 0) return -1;
    var tail = "";
    for (var j = last + 1; j < us.length; j++) tail += us[j].text;
    tail = tail.replace(punctRe, "");
    var prev = us[last].text.replace(punctRe, "");
    return tail.length > 0 && tail.length <= 3 && cjkRe.test(tail) && prev.length + tail.length <= 8 ? last : -1;
  }

  function segment() {
    if (typeof Intl === "undefined" || !Intl.Segmenter) return;
    var segmenter = new Intl.Segmenter(zh ? "zh" : "ja", { granularity: "word" });
    textNodes(scope).forEach(function (n) {
      var us = units(n.nodeValue, segmenter);
      if (us.length < 2) return;
      // Only a clause's orphan break is kept (hidden): the fit chooses between a clause's lines.
      var frag = document.createDocumentFragment(), buf = "", glue = orphanGlue(us), inClause = !!n.parentNode.closest("span.clause");
      for (var i = 0; i < us.length; i++) {
        buf += us[i].text;
        var a = us[i], b = us[i + 1];
        if (b && a.word && b.word && (a.cjk || b.cjk) && (i !== glue || inClause)) {
          frag.appendChild(document.createTextNode(buf));
          var br = frag.appendChild(document.createElement("wbr"));
          if (i === glue) { br.className = "orphan"; br.style.display = "none"; }
          buf = "";
        }
      }
      if (buf) frag.appendChild(document.createTextNode(buf));
      n.parentNode.replaceChild(frag, n);
    });
    root.classList.add("cjk-seg");
  }

  // metrics gives elements whose own text is CJK a CJK line height and no negative tracking.
  function metrics() {
    var seen = [];
    textNodes(scope).forEach(function (n) {
      var el = n.parentNode;
      while (el && el !== scope && getComputedStyle(el).display === "inline") el = el.parentNode;
      if (!el || seen.indexOf(el) >= 0) return;
      seen.push(el);
      var cs = getComputedStyle(el);
      var fs = parseFloat(cs.fontSize) || 16;
      var lh = parseFloat(cs.lineHeight);
      // Text held on one line (white-space:nowrap: a hero figure, 7折) has no lines to touch: it
      // only needs the em box its CJK glyphs fill (1.25 there held the offer's growth, the figure
      // at half the column).
      var one = /^(nowrap|pre)$/.test(cs.whiteSpace);
      var want = one ? 1 : fs >= 36 ? 1.25 : 1.4;
      if (!isNaN(lh) && lh / fs < want) el.style.lineHeight = String(want);
      if (parseFloat(cs.letterSpacing) < 0) el.style.letterSpacing = "0";
      // Only the punctuation that ends (or opens) a line is set half-width, after the fit
      // (js/cjklines.js trimEnds): halt on the whole headline squeezed a mid-line ，too
      // (春季大促,全年套餐 read as one run, Latin-tight).
      if (fs >= 36 && el.matches(heads)) el.setAttribute("data-cjk-trim", "");
    });
  }

  // clauses wraps each clause of a headline with several (text up to and including ，、。！？；：
  // and any closing bracket or quote after it) in a span.clause with a break opportunity after it,
  // for fit.js to keep on one line or not (fitClauses). A clause over maxClause characters is left
  // to the phrase breaks.
  var heads = "h1,.headline,.display,[data-role='h'],[data-clauses]";
  var clauseRe = /[^，、。！？；：]*[，、。！？；：]+[」』）”’】》〉]*|[^，、。！？；：]+$/g, maxClause = 12;
  function clauses() {
    scope.querySelectorAll(heads).forEach(function (host) {
      textNodes(host).forEach(function (n) {
        var parts = n.nodeValue.match(clauseRe) || [];
        var cjkParts = parts.filter(function (p) { return cjkRe.test(p) && p.trim(); });
        if (cjkParts.length < 2) return;
        var frag = document.createDocumentFragment();
        parts.forEach(function (p, i) {
          var len = Array.from(p.trim()).length;
          if (len < 2 || len > maxClause || !cjkRe.test(p)) {
            frag.appendChild(document.createTextNode(p));
          } else {
            var span = document.createElement("span");
            span.className = "clause";
            span.textContent = p;
            frag.appendChild(span);
          }
          if (i < parts.length - 1) frag.appendChild(document.createElement("wbr"));
        });
        n.parentNode.replaceChild(frag, n);
        // A kept clause too wide for the line must overflow its headline (which fit.js then
        // shrinks), not widen a shrink-to-fit one (a centred flex item) past its column.
        if (getComputedStyle(host).maxWidth === "none") host.style.maxWidth = "100%";
      });
    });
  }

  unitGlue();
  clauses();
  if (zh || lang === "ja") segment();
  metrics();
})();
