// form.js: a form generated from a pattern's JSON schema, editing a plain JSON value in place.
// Every input carries data-path (e.g. "content.rows[2].left"), the field path the API names in
// its validation issues, so errors land next to the input they are about.

import { el } from './core.js';

// buildForm renders schema into container for the value held in model.value, under basePath.
// Edits change model.value; structural edits (adding or removing array items) re-render.
export function buildForm(container, schema, model, basePath) {
  const rerender = () => buildForm(container, schema, model, basePath);
  const root = objectFields(schema, () => model.value, (v) => { model.value = v || {}; }, basePath, rerender, true);
  container.replaceChildren(...root);
}

const typeOf = (s) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type) || (s.properties ? 'object' : s.items ? 'array' : undefined);

// objectFields returns one node per property of an object schema.
function objectFields(schema, get, set, path, rerender, top) {
  const req = new Set(schema.required || []);
  const props = schema.properties || {};
  return Object.entries(props).map(([name, ps]) => {
    const childGet = () => (get() || {})[name];
    const childSet = (v) => {
      let o = get();
      if (!o) { if (v === undefined) return; o = {}; set(o); }
      if (v === undefined) delete o[name]; else o[name] = v;
      if (!top && Object.keys(o).length === 0) set(undefined);
    };
    return node(ps, name, req.has(name), childGet, childSet, path ? `${path}.${name}` : name, rerender);
  });
}

function label(name, required, schema, forId) {
  const l = el('label', { for: forId, text: name + (required ? ' *' : '') });
  if (schema.description) l.append(el('small', { text: ' ' + schema.description }));
  return l;
}

let seq = 0;

// node renders one value of the schema.
function node(schema, name, required, get, set, path, rerender) {
  const type = typeOf(schema);
  const id = 'f' + ++seq;
  if (type === 'object' && schema.properties) {
    return el('fieldset', { 'data-path': path }, el('legend', { text: name + (required ? ' *' : '') }),
      ...objectFields(schema, get, set, path, rerender, false));
  }
  if (type === 'array') return arrayNode(schema, name, required, get, set, path, rerender);
  if (schema.enum) {
    const sel = el('select', { id, 'data-path': path });
    const opts = schema.enum.map((v) => el('option', { value: String(v), text: String(v) }));
    sel.append(el('option', { value: '', text: required ? 'choose…' : '—' }), ...opts);
    sel.value = get() === undefined ? '' : String(get());
    sel.addEventListener('change', () => set(sel.value === '' ? undefined : sel.value));
    return wrap(label(name, required, schema, id), sel);
  }
  const branches = schema.anyOf || schema.oneOf;
  const kinds = branches ? branches.map(typeOf) : [type];
  if (kinds.includes('string') || kinds.includes('number') || kinds.includes('integer')) {
    const numeric = !kinds.includes('string');
    const long = (schema.maxLength || 0) > 140 || (branches || []).some((b) => (b.maxLength || 0) > 140);
    const input = long ? el('textarea', { id, rows: 3, 'data-path': path }) : el('input', { id, type: numeric ? 'number' : 'text', step: numeric ? 'any' : undefined, 'data-path': path });
    const v = get();
    input.value = v === undefined || v === null ? '' : String(v);
    input.addEventListener('input', () => {
      const raw = input.value;
      if (raw === '') return set(undefined);
      set(numeric ? Number(raw) : raw);
    });
    return wrap(label(name, required, schema, id), input);
  }
  if (type === 'boolean') {
    const box = el('input', { id, type: 'checkbox', 'data-path': path });
    box.checked = get() === true;
    box.addEventListener('change', () => set(box.checked));
    return wrap(el('label', { for: id, text: name }), box, 'field check');
  }
  // anything else is edited as JSON
  const ta = el('textarea', { id, rows: 3, 'data-path': path, spellcheck: 'false' });
  ta.value = get() === undefined ? '' : JSON.stringify(get(), null, 2);
  ta.addEventListener('change', () => {
    if (ta.value.trim() === '') return set(undefined);
    try { set(JSON.parse(ta.value)); ta.removeAttribute('aria-invalid'); } catch { ta.setAttribute('aria-invalid', 'true'); }
  });
  return wrap(label(name + ' (JSON)', required, schema, id), ta);
}

function wrap(labelNode, input, cls = 'field') {
  return el('div', { class: cls }, labelNode, input);
}

function arrayNode(schema, name, required, get, set, path, rerender) {
  const items = schema.items || {};
  const list = get() || [];
  const fs = el('fieldset', { class: 'array', 'data-path': path },
    el('legend', { text: `${name}${required ? ' *' : ''} (${list.length}${schema.maxItems ? ' of max ' + schema.maxItems : ''})` }));
  if (schema.description) fs.append(el('p', { class: 'hint', text: schema.description }));
  list.forEach((_, i) => {
    const itemGet = () => (get() || [])[i];
    const itemSet = (v) => { const a = get() || []; a[i] = v === undefined ? (typeOf(items) === 'object' ? {} : '') : v; set(a); };
    const remove = el('button', { type: 'button', class: 'link', text: 'remove', 'aria-label': `remove ${name} ${i + 1}`,
      onclick: () => { const a = get() || []; a.splice(i, 1); set(a.length ? a : undefined); rerender(); } });
    const child = node(items, `${i + 1}`, false, itemGet, itemSet, `${path}[${i}]`, rerender);
    fs.append(el('div', { class: 'item' }, child, remove));
  });
  const full = schema.maxItems && list.length >= schema.maxItems;
  fs.append(el('button', { type: 'button', class: 'secondary small', disabled: full, text: `add ${name}`,
    onclick: () => { const a = get() || []; a.push(blank(items)); set(a); rerender(); } }));
  return fs;
}

// blank is a new empty item for an array.
function blank(schema) {
  switch (typeOf(schema)) {
    case 'object': return {};
    case 'number': case 'integer': return 0;
    case 'boolean': return false;
    default: return '';
  }
}
