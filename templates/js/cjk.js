// brandgen CJK typesetting, on pages whose <html lang> is ja, zh-* or ko (set from the content's
// script). It runs before fit.js measures anything:
//  - Chinese: marks where a line may break, as <wbr> between words found by the browser's own ICU
//    dictionary (Intl.Segmenter), the page setting word-break:keep-all so lines break only there,
//    at spaces and after punctuation. Single characters the dictionary leaves alone are kept with
//    their neighbours (调|用 -> 调用) and particles (的, 了, ...) stay with the word before them.
//    Japanese uses word-break:auto-phrase and Korean keep-all (base.css) instead.
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
  var particles = "的了着过吗呢吧啊地得们么嘛呀哦";
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

  // units joins the segmenter's words into the pieces a line must not split.
  function units(text, seg) {
    var out = [];
    var it = seg.segment(text)[Symbol.iterator]();
    for (var r = it.next(); !r.done; r = it.next()) {
      var s = r.value.segment, word = r.value.isWordLike && cjkRe.test(s);
      var prev = out.length ? out[out.length - 1] : null;
      if (prev && prev.word && word && hanRe.test(s) &&
          (particles.indexOf(s) >= 0 && s.length === 1 ||
           s.length === 1 && prev.single && prev.text.length < 4)) {
        prev.text += s;
        prev.single = prev.single && particles.indexOf(s) < 0;
        continue;
      }
      out.push({ text: s, word: word, single: word && s.length === 1 && hanRe.test(s) });
    }
    return out;
  }

  function segmentChinese() {
    if (typeof Intl === "undefined" || !Intl.Segmenter) return;
    var seg = new Intl.Segmenter("zh", { granularity: "word" });
    textNodes(scope).forEach(function (n) {
      var us = units(n.nodeValue, seg);
      if (us.length < 2) return;
      var frag = document.createDocumentFragment(), buf = "";
      for (var i = 0; i < us.length; i++) {
        buf += us[i].text;
        if (i + 1 < us.length && us[i].word && us[i + 1].word) {
          frag.appendChild(document.createTextNode(buf));
          frag.appendChild(document.createElement("wbr"));
          buf = "";
        }
      }
      if (buf) frag.appendChild(document.createTextNode(buf));
      n.parentNode.replaceChild(frag, n);
    });
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

  if (zh) segmentChinese();
  metrics();
})();
