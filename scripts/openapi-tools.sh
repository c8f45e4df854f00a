#!/usr/bin/env bash
# Installs the pinned npm tools the OpenAPI tests run (scripts/openapi-tools/package.json and its
# package-lock.json: @redocly/cli, openapi-typescript, openapi-fetch, typescript) into a cache
# outside the repository: $BRANDGEN_OPENAPI_TOOLS, default ${XDG_CACHE_HOME:-~/.cache}/brandgen/openapi-tools.
# Quiet and quick when they are already there at the locked versions. Needs Node.js >= 20.19 and npm.
set -euo pipefail
src="$(cd "$(dirname "$0")/openapi-tools" && pwd)"
dir="${BRANDGEN_OPENAPI_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/brandgen/openapi-tools}"
if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing nodejs and npm ..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
  else
    echo "brandgen's OpenAPI tests need Node.js (>= 20.19) and npm" >&2
    exit 1
  fi
fi
want="$(cat "$src/package.json" "$src/package-lock.json" | sha256sum | cut -d' ' -f1)"
if [ -f "$dir/.installed" ] && [ "$(cat "$dir/.installed")" = "$want" ] && [ -x "$dir/node_modules/.bin/redocly" ]; then
  exit 0
fi
echo "installing the OpenAPI test tools into $dir ..." >&2
mkdir -p "$dir"
cp "$src/package.json" "$src/package-lock.json" "$dir/"
(cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null)
echo "$want" >"$dir/.installed"
