#!/usr/bin/env bash
# Makes sure the headless Chromium, the fonts brandgen renders with and libdeflate (the PNG
# re-encode's deflate, linked by a cgo build; CGO_ENABLED=0 builds without it) are installed.
# As root it installs what is missing with apt; otherwise it says exactly what to install and
# fails.
set -euo pipefail
packages=(chromium-headless-shell fonts-inter fonts-jetbrains-mono fonts-noto-core fonts-noto-color-emoji fonts-noto-cjk fonts-ebgaramond
  fonts-droid-fallback # the carousel PDF text layer's CJK TrueType font
  libdeflate-dev)      # headers and library of the PNG re-encode's deflate (cgo)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ -n "${CHROME_PATH:-}" ] && [ -x "${CHROME_PATH}" ]; then
  # an explicit browser is configured; fonts are still wanted
  missing=("${missing[@]/chromium-headless-shell}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "brandgen needs Chromium (headless shell), fonts and libdeflate: ${missing[*]}; install them with your package manager and set CHROME_PATH (or build with CGO_ENABLED=0, without libdeflate)" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "brandgen needs these Debian packages: ${missing[*]}" >&2
  echo "install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing ${missing[*]} ..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
