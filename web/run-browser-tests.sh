#!/usr/bin/env bash
# Browser tests of `nonet play`: installs what they need (Debian's chromium if missing, the
# npm packages of web/ with `npm ci`), builds the nonet binary unless NONET_BIN is given, and
# runs web/tests/*.test.mjs with Node's test runner. Screenshots go to test-artifacts/.
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
if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ -z "${NONET_BIN:-}" ]; then
  (cd "$repo" && cargo build -p nonet --quiet)
  export NONET_BIN="$repo/target/debug/nonet"
fi

mkdir -p "$repo/test-artifacts"
exec node --test --test-concurrency=1 tests/
