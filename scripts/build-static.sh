#!/usr/bin/env bash
# Builds the game's page as static files, to serve with no nonet server (any static file
# server, at a site's root) or to install as an app: web/'s page, styles and modules, the
# engine as WebAssembly (crates/wasm, built here for wasm32-unknown-unknown), and the service
# worker with the files' list and a version filled in. The copy's page says
# `<meta name="nonet-backend" content="local">`: it plays with its own engine and keeps its
# games in the browser's IndexedDB (web/js/local.js).
#
#   scripts/build-static.sh [OUT]     # default OUT: $CARGO_TARGET_DIR/static (or target/static)
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-target}"
case "$target" in /*) ;; *) target="$repo/$target" ;; esac
out="${1:-$target/static}"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
cargo build --quiet -p nonet-wasm --profile wasm --target wasm32-unknown-unknown
wasm="$target/wasm32-unknown-unknown/wasm/nonet_wasm.wasm"

rm -rf "$out"
mkdir -p "$out/js"
cp web/index.html web/*.css web/favicon.svg web/manifest.webmanifest "$out/"
cp web/js/*.js "$out/js/"
cp "$wasm" "$out/nonet.wasm"

sed -i 's|<meta name="nonet-backend" content="server">|<meta name="nonet-backend" content="local">|' "$out/index.html"
grep -q '<meta name="nonet-backend" content="local">' "$out/index.html" \
  || { echo "build-static: web/index.html has no nonet-backend meta to set" >&2; exit 1; }

# The service worker keeps every file (the page as `/`); its version changes with any of them.
files="$(cd "$out" && find . -type f ! -name index.html | sed 's|^\.||' | LC_ALL=C sort)"
list="$(printf '"/"'; for f in $files; do printf ',"%s"' "$f"; done)"
version="$(cd "$out" && find . -type f | LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)"
sed -e "s|__VERSION__|$version|" -e "s|__ASSETS__|[$list]|" web/sw.js > "$out/sw.js"

echo "$out"
