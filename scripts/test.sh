#!/usr/bin/env bash
# Runs every test of nonet: formatting, lints, documentation, the engine's wasm build, the Rust
# workspace's tests, and (when the game's browser tests are present) the browser tests in
# headless Chromium. The README's test command;
# .ci/run calls it after installing what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

# The engine crates do no I/O and read no clock, so they build for the browser unchanged.
echo "== engine for wasm32-unknown-unknown"
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
RUSTFLAGS="-D warnings" cargo build --quiet --target wasm32-unknown-unknown \
  -p nonet-core -p nonet-logic -p nonet-generate

echo "== cargo test"
cargo test --workspace

if [ -x web/run-browser-tests.sh ]; then
  echo "== browser tests"
  web/run-browser-tests.sh
fi
