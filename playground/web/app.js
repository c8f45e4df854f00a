// app.js: the playground's entry point: the API key, the tabs, the pattern catalog and the Render tab.

import { $, $$, api, busy, el, fillSelect, look, setStatus, showResult, store } from './core.js';
import { buildForm } from './form.js';
import { initTabs } from './tabs.js';

const state = {
  config: null, // /playground/config.json
  patterns: [], // GET /schemas, without the carousel slide kinds
  model: { value: {} }, // the content being edited
  view: 'form', // form or raw
};

// current returns the Render tab's pattern and its content (read from the raw tab when it is open).
export function current() {
  if (state.view === 'raw') syncFromRaw();
  return { format: $('#pattern').value, layout: $('#layout').value, content: state.model.value };
}

// load puts content into the Render tab (e.g. from a /posts response) and shows it.
export function load(pattern, content) {
  $('#pattern').value = pattern;
  choosePattern(content);
  selectTab('render');
}

function selectTab(name) {
  $$('.tabs [role=tab]').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.tab === name)));
  $$('.tab').forEach((s) => { s.hidden = s.id !== 'tab-' + name; });
}

function selectView(view) {
  if (view === state.view) return;
  if (view === 'raw') {
    $('#content-raw').value = JSON.stringify(state.model.value, null, 2);
  } else if (!syncFromRaw()) {
    return;
  }
  state.view = view;
  $$('.subtabs [data-view]').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.view === view)));
  $('#content-form').hidden = view !== 'form';
  $('#content-raw-view').hidden = view !== 'raw';
  if (view === 'form') renderForm();
}

// syncFromRaw parses the raw JSON tab into the model; false (with a message) when it is not JSON.
function syncFromRaw() {
  const slot = $('#raw-parse-error');
  slot.replaceChildren();
  try {
    state.model.value = JSON.parse($('#content-raw').value || '{}');
    return true;
  } catch (e) {
    slot.append(el('div', { class: 'issue', text: 'not valid JSON: ' + e.message }));
    return false;
  }
}

function pattern() { return state.patterns.find((p) => p.id === $('#pattern').value); }

function renderForm() {
  const p = pattern();
  if (p) buildForm($('#content-form'), p.schema, state.model, 'content');
}

// choosePattern shows the selected pattern with content (default: its sample).
function choosePattern(content) {
  const p = pattern();
  if (!p) return;
  $('#pattern-description').textContent = p.description || '';
  fillSelect($('#layout'), p.layouts || [], p.layouts && p.layouts.length ? 'default' : 'none');
  $('#layout').disabled = !(p.layouts && p.layouts.length);
  const sample = state.config.samples[p.id];
  state.model.value = structuredClone(content || sample || {});
  $('#content-raw').value = JSON.stringify(state.model.value, null, 2);
  renderForm();
}

async function loadCatalog() {
  const status = $('#key-status');
  if (!store.key()) {
    status.textContent = 'no key saved';
    return;
  }
  try {
    const body = await api('GET', '/schemas');
    state.patterns = body.patterns.filter((p) => p.kind !== 'slide');
    const sel = $('#pattern');
    const keep = sel.value;
    sel.replaceChildren(...state.patterns.map((p) => el('option', { value: p.id, text: `${p.title} (${p.id})` })));
    sel.value = state.patterns.some((p) => p.id === keep) ? keep : 'chart';
    choosePattern();
    status.textContent = `key saved · ${state.patterns.length} patterns`;
  } catch (e) {
    status.textContent = `${e.code || 'error'}: ${e.message}`;
  }
}

async function render() {
  const panel = $('#tab-render');
  await busy($('#render-btn'), panel, async () => {
    const { format, layout, content } = current();
    const body = { format, content, ...look() };
    if (layout) body.layout = layout;
    setStatus('Rendering…');
    const res = await api('POST', '/render', body);
    showResult({
      status: `Rendered ${res.pattern}.`, images: [res.image], json: res,
      links: [{ href: res.image, name: `brandgen-${res.pattern}.png`, text: 'Download PNG' }],
    });
  });
}

async function init() {
  state.config = await (await fetch('/playground/config.json')).json();
  for (const sel of $$('select[data-options]')) fillSelect(sel, state.config[sel.dataset.options], sel.dataset.empty || 'default');
  $('#api-key').value = store.key();
  $('#key-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    store.setKey($('#api-key').value.trim());
    loadCatalog();
  });
  $('#forget-key').addEventListener('click', () => {
    store.setKey('');
    $('#api-key').value = '';
    $('#key-status').textContent = 'key forgotten';
  });
  $$('.tabs [role=tab]').forEach((b) => b.addEventListener('click', () => selectTab(b.dataset.tab)));
  $$('.subtabs [data-view]').forEach((b) => b.addEventListener('click', () => selectView(b.dataset.view)));
  $('#pattern').addEventListener('change', () => choosePattern());
  $('#reset-content').addEventListener('click', () => choosePattern());
  $('#render-btn').addEventListener('click', render);
  initTabs({ current, load });
  await loadCatalog();
  document.body.dataset.ready = 'true';
}

init().catch((e) => setStatus('The playground failed to start: ' + e.message));
