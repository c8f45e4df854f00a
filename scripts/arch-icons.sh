#!/usr/bin/env bash
# Vendors the icons of the architecture diagrams (diagrams/arch/icons) from npm: exactly the icons
# named "logos:<name>" or "tabler:<name>" in diagrams/arch/icons/kinds.go, written as one minified
# JSON file with the two sets' licences. Run it after adding a kind; commit the result.
#   @iconify-json/logos  (SVG Logos by Gil Barbara, CC0-1.0)
#   @iconify-json/tabler (Tabler Icons by Paweł Kuna, MIT)
set -euo pipefail
cd "$(dirname "$0")/.."
LOGOS_VERSION=1.2.19
TABLER_VERSION=1.2.41
out=diagrams/arch/icons
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@iconify-json/logos@$LOGOS_VERSION" "@iconify-json/tabler@$TABLER_VERSION" >/dev/null)
for f in "$tmp"/*.tgz; do
  d="$tmp/$(basename "$f" .tgz)"; mkdir -p "$d"; tar -xzf "$f" -C "$d"
done
grep -oE '"(logos|tabler):[a-z0-9-]+"' "$out/kinds.go" | tr -d '"' | sort -u >"$tmp/wanted.txt"
node - "$tmp" "$out" <<'JS'
const fs = require('fs'), path = require('path');
const [tmp, out] = process.argv.slice(2);
const dirs = fs.readdirSync(tmp).filter(d => fs.statSync(path.join(tmp, d)).isDirectory());
const set = {};
for (const d of dirs) {
  const pkg = path.join(tmp, d, 'package');
  const icons = JSON.parse(fs.readFileSync(path.join(pkg, 'icons.json')));
  const info = JSON.parse(fs.readFileSync(path.join(pkg, 'info.json')));
  const meta = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json')));
  set[icons.prefix] = {icons, info, version: meta.version};
}
const wanted = fs.readFileSync(path.join(tmp, 'wanted.txt'), 'utf8').trim().split('\n');
const result = {};
for (const w of wanted) {
  const [prefix, name] = w.split(':');
  const s = set[prefix].icons;
  let icon = s.icons[name];
  if (!icon && s.aliases && s.aliases[name]) icon = s.icons[s.aliases[name].parent];
  if (!icon) { console.error('missing icon ' + w); process.exit(1); }
  result[w] = {body: icon.body, width: icon.width || s.width || 16, height: icon.height || s.height || 16};
}
fs.writeFileSync(path.join(out, 'icons.json'), JSON.stringify(result) + '\n');
const lic = [];
for (const [prefix, s] of Object.entries(set)) {
  lic.push(`${s.info.name} (@iconify-json/${prefix} ${s.version}) by ${s.info.author.name} <${s.info.author.url}>\n` +
    `Licence: ${s.info.license.title} (${s.info.license.spdx}), ${s.info.license.url}\n`);
}
fs.writeFileSync(path.join(out, 'LICENSE-icons.txt'), lic.join('\n') + '\n' + fs.readFileSync(path.join(out, 'licence-texts.txt'), 'utf8'));
console.log(`${Object.keys(result).length} icons -> ${out}/icons.json`);
JS
