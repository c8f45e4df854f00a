#!/usr/bin/env bash
# Installs the tools tests use to check outputs with real readers (as root, with apt): rsvg-convert
# (SVG exports), poppler-utils (pdfinfo, pdftoppm, pdftotext for carousel PDFs), gifsicle (GIF size
# reference), then the pinned npm tools of the OpenAPI tests (scripts/openapi-tools.sh). Without
# root it says what to install and fails.
set -euo pipefail
bash "$(dirname "$0")/openapi-tools.sh"
packages=(librsvg2-bin poppler-utils gifsicle)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "brandgen's tests need: ${missing[*]} (Debian packages)" >&2
  exit 1
fi
echo "installing ${missing[*]} ..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
