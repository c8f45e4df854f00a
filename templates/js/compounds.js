// compounds.js keeps hyphenated compounds on one line (loaded in fit.js's script, before it; fit.js
// calls window.__brandgenCompounds once fonts are ready, before fitting).
(function () {
  "use strict";
  var px = window.__brandgenMeasure.px; // js/measure.js, first in the fit script

  // keepCompounds stops headlines and short item text (list items, labels, any short fitted text)
  // breaking inside a hyphenated word ("Self- / hosted", "USB- / C"): each compound is wrapped in a
  // no-wrap span (the text is unchanged, so any font's own hyphen is drawn). Paragraphs (more than
  // shortText characters) keep their breaks: there a hyphen break beats a ragged line. A compound
  // over 30 characters (URLs, slugs) or wider than its box at the starting size may still break.
  // fit.js runs it once fonts are ready, before fitting (window.__brandgenCompounds).
  var shortText = 80;
  function compoundHosts() {
    var out = Array.prototype.slice.call(document.querySelectorAll("h1,h2,h3,.headline,.display,.title,[data-role='h']"));
    document.querySelectorAll("li,dt,dd,label,.label,.tag,.chip,.kicker,[data-role='label'],[data-fit]").forEach(function (el) {
      if (out.indexOf(el) < 0 && el.textContent.trim().length <= shortText) out.push(el);
    });
    return out;
  }
  function keepCompounds() {
    var re = /[^\s\-\u2010]+(?:[\-\u2010][^\s\-\u2010]+)+/g;
    compoundHosts().forEach(function (el) {
      var w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), nodes = [];
      for (var n = w.nextNode(); n; n = w.nextNode()) {
        if (!n.parentElement.closest("svg,code,pre,.nobr") && /\S[\-\u2010]\S/.test(n.nodeValue)) nodes.push(n);
      }
      nodes.forEach(function (n) {
        var text = n.nodeValue, frag = document.createDocumentFragment(), at = 0, m;
        re.lastIndex = 0;
        while ((m = re.exec(text))) {
          if (m[0].length > 30) continue;
          frag.appendChild(document.createTextNode(text.slice(at, m.index)));
          var span = document.createElement("span");
          span.className = "nobr";
          span.style.whiteSpace = "nowrap";
          span.textContent = m[0];
          frag.appendChild(span);
          at = m.index + m[0].length;
        }
        if (at === 0) return;
        frag.appendChild(document.createTextNode(text.slice(at)));
        n.parentNode.replaceChild(frag, n);
      });
      var room = el.clientWidth - px(getComputedStyle(el).paddingLeft) - px(getComputedStyle(el).paddingRight);
      el.querySelectorAll("span.nobr").forEach(function (span) {
        if (room > 0 && span.getBoundingClientRect().width > room) span.replaceWith(document.createTextNode(span.textContent));
      });
    });
  }

  window.__brandgenCompounds = keepCompounds;
})();
