#!/usr/bin/env bash
# Runs every test of nonet: formatting, lints, the Rust workspace's tests, and (when the game's
# browser tests are present) the browser tests in headless Chromium. The README's test command;
# .ci/run calls it after installing what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== cargo test"
cargo test --workspace

if [ -x web/run-browser-tests.sh ]; then
  echo "== browser tests"
  web/run-browser-tests.sh
fi
