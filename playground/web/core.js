// core.js: the API client, the error display and the shared look fields.

const KEY = 'brandgen.apiKey';

export const store = {
  key: () => localStorage.getItem(KEY) || '',
  setKey: (k) => (k ? localStorage.setItem(KEY, k) : localStorage.removeItem(KEY)),
};

// ApiError is a non-2xx answer: the envelope {error, message, issues}.
export class ApiError extends Error {
  constructor(status, body) {
    super(body.message || `HTTP ${status}`);
    this.status = status;
    this.code = body.error || 'http_' + status;
    this.issues = body.issues || [];
  }
}

// api calls /api/v1 + path with the saved key in the x-api-key header (never in the URL).
// as: 'json' (default) or 'blob'.
export async function api(method, path, body, as = 'json') {
  const key = store.key();
  if (!key) throw new ApiError(401, { error: 'unauthorized', message: 'paste an API key first (top right)' });
  const init = { method, headers: { 'x-api-key': key } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch('/api/v1' + path, init);
  } catch (e) {
    throw new ApiError(0, { error: 'network', message: 'the server did not answer: ' + e.message });
  }
  if (!res.ok) {
    let env = {};
    try { env = await res.json(); } catch { env = { message: res.statusText }; }
    if (res.status === 429 && !env.message) env.message = 'rate limited';
    const retry = res.headers.get('Retry-After');
    if (retry) env.message = `${env.message} (retry after ${retry} s)`;
    throw new ApiError(res.status, env);
  }
  return as === 'blob' ? res.blob() : res.json();
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

// fillSelect puts the options of a select: an empty "default" option first (label data-empty).
export function fillSelect(select, values, emptyLabel = 'default') {
  select.replaceChildren(el('option', { value: '', text: emptyLabel }), ...values.map((v) => el('option', { value: v, text: v })));
}

// --- errors -----------------------------------------------------------------------------------

export function clearIssues() {
  $$('.issue').forEach((n) => n.remove());
  $$('[aria-invalid]').forEach((n) => n.removeAttribute('aria-invalid'));
  $$('.errors').forEach((n) => n.replaceChildren());
}

const visible = (n) => n.getClientRects().length > 0;

// target finds the visible element whose data-path is field, or the nearest ancestor path
// ("content.rows[2].left" -> "content.rows[2]" -> "content.rows" -> "content"), in the scopes.
function target(field, scopes) {
  let path = field;
  while (path) {
    for (const scope of scopes) {
      const hit = $$('[data-path]', scope).find((n) => n.dataset.path === path && visible(n));
      if (hit) return { node: hit, rest: field.slice(path.length).replace(/^\./, '') };
    }
    const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    path = cut > 0 ? path.slice(0, cut) : '';
  }
  return null;
}

// showError puts an API error on the page: each issue next to the field it names (in the panel
// or the look aside), the rest in the panel's error box. alias renames issue fields first.
export function showError(err, panel, alias = {}) {
  const box = $('.errors', panel);
  if (!(err instanceof ApiError)) {
    const text = String(err && err.message ? err.message : err);
    box.append(el('p', { text }));
    setStatus('Failed: ' + text);
    return;
  }
  box.append(el('p', { class: 'code', text: `${err.status || ''} ${err.code}: ${err.message}` }));
  for (const is of err.issues) {
    const field = alias[is.field] || is.field;
    const t = target(field, [panel, $('#look')]);
    if (!t) {
      box.append(el('p', { class: 'issue-line', text: `${field}: ${is.message}` }));
      continue;
    }
    t.node.setAttribute('aria-invalid', 'true');
    const text = (t.rest ? t.rest + ' ' : '') + is.message;
    const note = el('div', { class: 'issue', 'data-for': field, role: 'alert', text });
    const wrap = t.node.closest('.field');
    if (wrap) wrap.append(note);
    else if (t.node.tagName === 'FIELDSET' || t.node.tagName === 'DIV') {
      const legend = t.node.querySelector(':scope > legend');
      if (legend) legend.after(note); else t.node.prepend(note);
    } else t.node.after(note);
  }
  setStatus(err.issues.length ? 'The request was refused: see the messages next to the fields.' : `The request failed: ${err.message}`);
}

// --- look -------------------------------------------------------------------------------------

// look reads the shared size, theme, style, badge and brand fields; only set fields are sent.
export function look() {
  const out = {};
  for (const f of ['size', 'theme', 'style']) {
    const v = $(`#look-${f}`).value;
    if (v) out[f] = v;
  }
  const ub = $('#look-unbranded').value;
  if (ub) out.unbranded = ub === 'true';
  const brand = {};
  for (const f of ['name', 'handle', 'logo', 'tagline']) {
    const v = $(`#brand-${f}`).value.trim();
    if (v) brand[f] = v;
  }
  const colors = {};
  for (const f of ['primary', 'secondary']) {
    const v = $(`#brand-${f}`).value.trim();
    if (v) colors[f] = v;
  }
  if (Object.keys(colors).length) brand.colors = colors;
  if (Object.keys(brand).length) out.brand = brand;
  return out;
}

// --- result -----------------------------------------------------------------------------------

export function setStatus(text) { $('#result-status').textContent = text; }

// dataBlobURL turns a data URI into an object URL (downloads of large PDFs and GIFs).
export function dataBlobURL(uri) {
  const [head, b64] = uri.split(',', 2);
  const type = head.slice(5).split(';')[0];
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return URL.createObjectURL(new Blob([bytes], { type }));
}

// showResult shows images (data URIs), download links and the response JSON (images elided).
export function showResult({ status, images = [], links = [], json }) {
  setStatus(status);
  $('#result-images').replaceChildren(...images.map((src, i) => el('img', { src, alt: `result ${i + 1}`, class: 'result-image' })));
  $('#result-links').replaceChildren(...links.map(({ href, name, text }) => el('a', { href, download: name, class: 'button', text })));
  $('#result-json').textContent = json === undefined ? '' : JSON.stringify(json, elide, 2);
}

function elide(k, v) {
  return typeof v === 'string' && v.startsWith('data:') && v.length > 120 ? v.slice(0, 40) + `… (${v.length} chars)` : v;
}

// busy disables a button while fn runs and reports anything thrown in the panel.
export async function busy(button, panel, fn, alias) {
  clearIssues();
  button.disabled = true;
  const label = button.textContent;
  button.textContent = label + '…';
  try {
    await fn();
  } catch (e) {
    showError(e, panel, alias);
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}
