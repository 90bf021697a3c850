#!/usr/bin/env bash
# Browser tests of the page: installs what they need (Debian's chromium if missing, the npm
# packages of web/ with `npm ci`), builds the nonet binary unless NONET_BIN is given and the
# static copy of the page unless NONET_STATIC is given (scripts/build-static.sh), and runs
# web/tests/*.test.mjs with Node's test runner twice: on `nonet play`, then on the static copy
# served by a plain file server with no nonet process (NONET_TARGET=static; each test of what
# only the server does is skipped there and says why). Screenshots go to test-artifacts/ (the
# static run's named static-*).
#
#   web/run-browser-tests.sh                      # from anywhere
#   NONET_BIN=/path/to/nonet web/run-browser-tests.sh
#   NONET_TARGETS=static web/run-browser-tests.sh  # one target: server or static
#   NONET_TARGETS=static NONET_STATIC_SUITES="tests/board.test.mjs" web/run-browser-tests.sh
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
status=0
for target in ${NONET_TARGETS:-server static}; do
  case "$target" in
    # Every suite; offline.test.mjs plays the static copy with its file server stopped too.
    server) files=(tests/*.test.mjs) ;;
    # The suites whose paths go through the engine and the store (games made, moves, hints,
    # the bot, Learn, the setter, variants, daily, progress links) again on the static copy.
    # Left to the server run: offline.test.mjs (it is the static copy's already),
    # server.test.mjs (the server's defences alone), and board.test.mjs and polish.test.mjs
    # (the board's looks and input, the same files on either target; they pass on the static
    # copy too, with NONET_TARGETS=static and their names given: half the static run's time).
    static) files=(${NONET_STATIC_SUITES:-tests/coach.test.mjs tests/game.test.mjs tests/net.test.mjs
                   tests/player.test.mjs tests/setter-jigsaw.test.mjs tests/variants.test.mjs}) ;;
    *) echo "run-browser-tests: unknown target $target (server or static)" >&2; exit 2 ;;
  esac
  echo "run-browser-tests: target $target" >&2
  NONET_TARGET="$target" node --test --test-concurrency=1 "${files[@]}" || status=1
done
exit "$status"
