#!/usr/bin/env bash
# Runs every test of nonet: formatting, lints, documentation, the engine's wasm build, the Rust
# workspace's tests, the Python module's tests, and (when the game's browser tests are present)
# the browser tests in headless Chromium. The README's test command; .ci/run calls it after
# installing what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

# The engine crates do no I/O and read no clock, so they build for the browser unchanged; the
# page's engine (nonet-wasm) is built from them.
echo "== engine for wasm32-unknown-unknown"
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
RUSTFLAGS="-D warnings" cargo build --quiet --target wasm32-unknown-unknown \
  -p nonet-core -p nonet-logic -p nonet-generate -p nonet-game -p nonet-wasm

echo "== cargo test"
cargo test --workspace

# The Python module: a virtual environment (kept in the target dir with pip's cache, so a warm
# machine downloads nothing), the pinned tools, the module built by maturin into it (the dev
# profile, in the same target dir, so a warm run rebuilds nothing), then pytest, checking the
# answers against the binary `cargo test` built.
echo "== python module"
target_dir="${CARGO_TARGET_DIR:-$PWD/target}"
venv="$target_dir/python-venv"
requirements=crates/python/requirements-test.txt
if ! cmp -s "$requirements" "$venv/requirements-test.txt"; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  PIP_CACHE_DIR="$target_dir/pip-cache" "$venv/bin/pip" install --quiet \
    --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$venv/requirements-test.txt"
fi
# The workspace's clippy builds the crate without its PyO3 layer (the `python` feature).
PYO3_PYTHON="$venv/bin/python" cargo clippy -p nonet-python --features python --lib --quiet \
  -- -D warnings
(cd crates/python && VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" maturin develop --quiet >/dev/null)
NONET_BIN="$target_dir/debug/nonet" "$venv/bin/python" -m pytest -q -p no:cacheprovider crates/python

if [ -x web/run-browser-tests.sh ]; then
  echo "== browser tests"
  web/run-browser-tests.sh
fi
