// tabs.js: the Post, Diagram, Carousel and Animate tabs.

import { $, api, busy, dataBlobURL, el, look, setStatus, showResult } from './core.js';

const value = (sel) => $(sel).value.trim();

// initTabs wires the tabs; app gives current() (the Render tab's content) and load(pattern, content).
export function initTabs(app) {
  post(app);
  diagram();
  carousel();
  animate(app);
}

function post(app) {
  const panel = $('#tab-post');
  let last = null;
  $('#post-btn').addEventListener('click', () => busy($('#post-btn'), panel, async () => {
    const body = { prompt: $('#post-prompt').value, ...look() };
    if (value('#post-format')) body.format = value('#post-format');
    if (value('#post-layout')) body.layout = value('#post-layout');
    setStatus('Planning and rendering the post…');
    const res = await api('POST', '/posts', body);
    last = res;
    $('#post-edit').disabled = false;
    showResult({
      status: `Post (${res.pattern}) created.`, images: [res.image], json: res,
      links: [{ href: res.image, name: `brandgen-${res.pattern}.png`, text: 'Download PNG' }],
    });
  }));
  $('#post-edit').addEventListener('click', () => last && app.load(last.pattern, last.content));
}

// diagramDisplay are the display fields of the Diagram tab plus the shared look.
function diagramDisplay() {
  const body = look();
  if (value('#diagram-nodestyle')) body.nodeStyle = value('#diagram-nodestyle');
  if ($('#diagram-transparent').checked) body.transparent = true;
  return body;
}

function showDiagram(res, what) {
  $('#diagram-id').value = res.id;
  $('#animate-diagram').value = res.id;
  showResult({
    status: `${what}: diagram ${res.id} (${res.type}, ${res.size}, ${res.theme})${res.note ? ' · ' + res.note : ''}`,
    images: [res.image], json: res,
    links: [{ href: res.image, name: `brandgen-diagram-${res.id}.png`, text: 'Download PNG' }],
  });
}

function diagram() {
  const panel = $('#tab-diagram');
  $('#diagram-create').addEventListener('click', () => busy($('#diagram-create'), panel, async () => {
    const body = { prompt: $('#diagram-prompt').value, ...diagramDisplay() };
    if (value('#diagram-type')) body.type = value('#diagram-type');
    if (value('#diagram-title')) body.title = value('#diagram-title');
    setStatus('Creating the diagram…');
    showDiagram(await api('POST', '/diagrams', body), 'Created');
  }));
  const refine = (withPrompt) => async () => {
    const id = value('#diagram-id');
    const body = diagramDisplay();
    if (withPrompt) body.prompt = $('#diagram-refine-prompt').value;
    if (value('#diagram-title')) body.title = value('#diagram-title');
    setStatus(withPrompt ? 'Refining the diagram…' : 'Restyling the diagram…');
    showDiagram(await api('POST', `/diagrams/${encodeURIComponent(id)}/refine`, body), withPrompt ? 'Refined' : 'Restyled');
  };
  $('#diagram-refine').addEventListener('click', () => busy($('#diagram-refine'), panel, refine(true), { prompt: 'refine.prompt' }));
  $('#diagram-restyle').addEventListener('click', () => busy($('#diagram-restyle'), panel, refine(false), { prompt: 'refine.prompt' }));
  $('#diagram-svg').addEventListener('click', () => busy($('#diagram-svg'), panel, async () => {
    const id = value('#diagram-id');
    const q = new URLSearchParams({ format: 'svg', download: '1' });
    const t = $('#look-theme').value;
    if (t) q.set('theme', t);
    const blob = await api('GET', `/diagrams/${encodeURIComponent(id)}?${q}`, undefined, 'blob');
    const href = URL.createObjectURL(blob);
    const name = `brandgen-diagram-${id}.svg`;
    showResult({ status: `SVG of diagram ${id} ready (${blob.size} bytes).`, images: [href], links: [{ href, name, text: 'Download SVG' }] });
    el('a', { href, download: name }).click();
  }));
}

function carousel() {
  const panel = $('#tab-carousel');
  $('#carousel-btn').addEventListener('click', () => busy($('#carousel-btn'), panel, async () => {
    setStatus('Planning and rendering the carousel…');
    const res = await api('POST', '/carousel', { prompt: $('#carousel-prompt').value, ...look() });
    const links = [{ href: dataBlobURL(res.pdf), name: 'brandgen-carousel.pdf', text: 'Download PDF' }];
    res.slides.forEach((s, i) => links.push({ href: s, name: `brandgen-slide-${i + 1}.png`, text: `Slide ${i + 1}` }));
    showResult({ status: `Carousel of ${res.slides.length} slides.`, images: res.slides, links, json: res });
  }));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function animate(app) {
  const panel = $('#tab-animate');
  $('#animate-btn').addEventListener('click', () => busy($('#animate-btn'), panel, async () => {
    const body = {};
    if ($('#animate-source').value === 'diagram') {
      body.diagramId = value('#animate-diagram');
      const size = $('#look-size').value;
      if (size) body.size = size;
    } else {
      const { format, layout, content } = app.current();
      Object.assign(body, { format, content, ...look() });
      if (layout) body.layout = layout;
    }
    if (value('#animate-anim')) body.anim = value('#animate-anim');
    if (value('#animate-speed')) body.speed = value('#animate-speed');
    setStatus('Animating…');
    let res = await api('POST', '/animate', body);
    if (res.async) {
      for (;;) { // poll every 2.5 s, as the contract asks
        setStatus(`Job ${res.jobId}: waiting…`);
        await sleep(2500);
        const job = await api('GET', `/jobs/${encodeURIComponent(res.jobId)}`);
        setStatus(`Job ${res.jobId}: ${job.status}`);
        if (job.status === 'failed') throw new Error(`job ${res.jobId} failed: ${job.error}`);
        if (job.status === 'done') { res = { gif: job.image, jobId: res.jobId }; break; }
      }
    }
    showResult({ status: 'Animation ready.', images: [res.gif], json: res,
      links: [{ href: dataBlobURL(res.gif), name: 'brandgen-animation.gif', text: 'Download GIF' }] });
  }));
}
