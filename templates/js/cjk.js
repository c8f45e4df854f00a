// brandgen CJK typesetting, on pages whose <html lang> is ja, zh-* or ko (set from the content's
// script). It runs before fit.js measures anything:
//  - Chinese and Japanese: marks where a line may break, as <wbr> between phrases built from the
//    words of the browser's own ICU dictionary (Intl.Segmenter), and sets html.cjk-seg, which makes
//    the page word-break:keep-all so lines break only there, at spaces and after punctuation.
//    Japanese would otherwise use word-break:auto-phrase, which breaks anywhere inside a phrase
//    longer than the line; Korean uses keep-all (breaks at spaces) without a script (base.css).
//  - Every language: text set with Latin display metrics (line height under 1.25, negative
//    tracking) gets CJK ones, so the lines of a CJK headline do not touch.
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
  // leads are one-character adverbs, conjunctions and prepositions that begin a phrase and never
  // end a word, so the suffix rule below must not glue them to the word before (模式|现|已|上线
  // is 模式 现已 上线, not 模式现 已).
  var leads = "和与及或并而但却都也还又再才就已现将正从向对被把让给比很最更均皆仍亦即";
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
    var segs = [];
    var it = seg.segment(text)[Symbol.iterator]();
    for (var r = it.next(); !r.done; r = it.next()) {
      var t = r.value.segment, cjk = cjkRe.test(t);
      segs.push({ text: t, word: !!r.value.isWordLike, cjk: cjk,
        particle: particles.indexOf(t) >= 0 && t.length === 1,
        single: t.length === 1 && hanRe.test(t) && particles.indexOf(t) < 0 });
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
      var last = merged.length ? merged[merged.length - 1] : null;
      if (last && last.word && hanRe.test(last.text) && last.text.length >= 2 && last.text.length <= 3 &&
          leads.indexOf(segs[i].text) < 0) {
        last.text += segs[i++].text;
        if (i === j) continue;
      } else if (j - i === 1 && j < segs.length && segs[j].word && hanRe.test(segs[j].text) && !segs[j].particle &&
          segs[j].text.length <= 3) {
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
    return out;
  }

  // unitGlue keeps a number with a one-character unit after it ("3000 元", "1.8 秒", "3 年"): the
  // space between them becomes a no-break space, so the unit never starts a line alone. (Gluing a
  // one-character word before a number too, "约 3000", makes a box too narrow for "约 3000 元" break
  // it inside the number instead.)
  var unitRe = /([0-9%])[ ]([\u3400-\u4dbf\u4e00-\u9fff])(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])/g;
  function unitGlue() {
    textNodes(scope).forEach(function (n) {
      var v = n.nodeValue.replace(unitRe, "$1\u00a0$2");
      if (v !== n.nodeValue) n.nodeValue = v;
    });
  }

  function segment() {
    if (typeof Intl === "undefined" || !Intl.Segmenter) return;
    var seg = new Intl.Segmenter(zh ? "zh" : "ja", { granularity: "word" });
    textNodes(scope).forEach(function (n) {
      var us = units(n.nodeValue, seg);
      if (us.length < 2) return;
      var frag = document.createDocumentFragment(), buf = "";
      for (var i = 0; i < us.length; i++) {
        buf += us[i].text;
        var a = us[i], b = us[i + 1];
        if (b && a.word && b.word && (a.cjk || b.cjk)) {
          frag.appendChild(document.createTextNode(buf));
          frag.appendChild(document.createElement("wbr"));
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
      var want = fs >= 36 ? 1.25 : 1.4;
      if (!isNaN(lh) && lh / fs < want) el.style.lineHeight = String(want);
      if (parseFloat(cs.letterSpacing) < 0) el.style.letterSpacing = "0";
    });
  }

  unitGlue();
  if (zh || lang === "ja") segment();
  metrics();
})();
