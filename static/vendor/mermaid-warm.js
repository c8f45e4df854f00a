// Loaded into each render tab's stage after mermaid.min.js (renderer.Config.StageScripts): the
// first render of each diagram type compiles its parser and layout code, which costs ~1 s on this
// machine. Rendering one tiny diagram of every type here, when the tab opens, keeps that off the
// first request. The stage's diagram script (diagrams/mermaid/stage.js) awaits __bgMermaidWarm.
(() => {
  'use strict';
  const M = window.mermaid;
  if (!M) return;
  const sources = [
    'flowchart LR\n  a["A"] --> b[("B")]',
    'sequenceDiagram\n  participant a as A\n  a->>a: x',
    'classDiagram\n  class A {\n    +x\n  }\n  A --> B : y',
    'erDiagram\n  a ||--o{ b : has',
    'erDiagram\n  a ||--o{ b : ""\n  c ||--o{ b : ""',
    'mindmap\n  root((A))\n    B',
    'gantt\n  dateFormat YYYY-MM-DD\n  section S\n  A :a1, 2026-01-05, 3d',
  ];
  window.__bgMermaidWarm = (async () => {
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position:absolute;left:-20000px;top:0;width:4000px;visibility:hidden';
    document.body.appendChild(host);
    try {
      for (const [i, src] of sources.entries()) {
        // The dense er layout (ELK) is warmed with the second er source.
        M.initialize({startOnLoad: false, htmlLabels: false, layout: i === 4 ? 'elk' : 'dagre'});
        try { await M.render('bgwarm' + i, src, host); } catch (e) { /* warming only */ }
      }
    } finally {
      host.remove();
      window.__bgMermaidConfig = undefined; // the next diagram initialises with its own config
    }
  })();
})();
