#!/usr/bin/env bash
# Browser tests of `nonet play`: installs what they need (Debian's chromium if missing, the
# npm packages of web/ with `npm ci`), builds the nonet binary unless NONET_BIN is given and the
# static copy of the page unless NONET_STATIC is given (scripts/build-static.sh), and runs
# web/tests/*.test.mjs with Node's test runner. Screenshots go to test-artifacts/.
#
#   web/run-browser-tests.sh            # from anywhere
#   NONET_BIN=/path/to/nonet web/run-browser-tests.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  echo "run-browser-tests: installing Debian's chromium" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if ! command -v node >/dev/null; then
  echo "run-browser-tests: node (>= 18) is required" >&2
  exit 2
fi

cd "$here"
if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ -z "${NONET_BIN:-}" ]; then
  # Ask cargo where it put the binary (CARGO_TARGET_DIR, a workspace's target-dir and the
  # like all move it): the build's own report names the executable. The `test` profile is the
  # one `cargo test` just built everything with, so after scripts/test.sh's tests this is no
  # second build of the workspace.
  NONET_BIN="$(cd "$repo" && cargo build -p nonet --bin nonet --profile test \
    --message-format=json-render-diagnostics \
    | node -e '
      let exe = "";
      require("readline").createInterface({ input: process.stdin }).on("line", (line) => {
        try {
          const m = JSON.parse(line);
          if (m.reason === "compiler-artifact" && m.target?.name === "nonet" && m.executable) exe = m.executable;
        } catch { /* not a message */ }
      }).on("close", () => { if (!exe) process.exit(1); console.log(exe); });
    ')" || { echo "run-browser-tests: could not build nonet" >&2; exit 2; }
  export NONET_BIN
fi

if [ -z "${NONET_STATIC:-}" ]; then
  # The static copy of the page (the engine as wasm, no server): tests/offline.test.mjs.
  NONET_STATIC="$("$repo/scripts/build-static.sh")" \
    || { echo "run-browser-tests: could not build the static page" >&2; exit 2; }
  export NONET_STATIC
fi

mkdir -p "$repo/test-artifacts"
exec node --test --test-concurrency=1 tests/
