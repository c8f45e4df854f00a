#!/usr/bin/env bash
# Refreshes static/vendor/mermaid.min.js (and its licence) from the npm registry. The version is
# pinned here; bump it, run this script, run the diagrams tests and look at `brandgen sheet`.
#   usage: scripts/vendor-mermaid.sh [VERSION]
set -euo pipefail
VERSION="${1:-12.3.0}"
cd "$(dirname "$0")/.."
dest=static/vendor
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "mermaid@${VERSION}" >/dev/null && tar xzf "mermaid-${VERSION}.tgz")
test -s "$tmp/package/dist/mermaid.min.js"
mkdir -p "$dest"
cp "$tmp/package/dist/mermaid.min.js" "$dest/mermaid.min.js"
cp "$tmp/package/LICENSE" "$dest/LICENSE-mermaid.txt"
printf '%s\n' "$VERSION" > "$dest/MERMAID_VERSION"
echo "mermaid ${VERSION}: $(wc -c < "$dest/mermaid.min.js") bytes in $dest/mermaid.min.js"
