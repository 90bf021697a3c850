//! Builds the page's engine, the `nonet-wasm` crate for `wasm32-unknown-unknown`, so that the
//! binary serves it as `/nonet.wasm` (`src/assets.rs` embeds `$OUT_DIR/nonet.wasm`).
//!
//! A nested `cargo build` of that one crate, with its own target directory beside this build's
//! (`<target>/<profile>/../nonet-wasm`, so it is built once and then only when the engine
//! changes) and the `wasm` profile. It needs nothing from the network: every crate it uses is
//! one the server uses too. If the wasm32 target's standard library is missing (`rustup target
//! add wasm32-unknown-unknown`), or the build fails, the binary is built without the engine
//! and cargo prints a warning: the page then plays through the server only (no move is shown
//! before the server's answer, and there is no static copy to make from it).
//!
//! `NONET_WASM` overrides it: `off` builds no engine; a path embeds that file as it is.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let dest = out.join("nonet.wasm");
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.join("../..");
    println!("cargo:rerun-if-env-changed=NONET_WASM");
    for krate in ["core", "logic", "generate", "game", "view", "wasm"] {
        println!("cargo:rerun-if-changed=../{krate}/src");
        println!("cargo:rerun-if-changed=../{krate}/Cargo.toml");
    }
    println!("cargo:rerun-if-changed=../../Cargo.lock");
    let bytes = match env::var("NONET_WASM").ok().as_deref() {
        Some("off") => Vec::new(),
        Some(path) => std::fs::read(path).unwrap_or_else(|e| {
            println!(
                "cargo:warning=NONET_WASM={path} cannot be read ({e}): no engine for the page"
            );
            Vec::new()
        }),
        None => build(&root, &out).unwrap_or_else(|why| {
            println!("cargo:warning=the page's engine (nonet.wasm) is not built: {why}");
            println!(
                "cargo:warning=the game is served and plays through the server; for the engine \
                 in the page (and scripts/build-static.sh): rustup target add \
                 wasm32-unknown-unknown"
            );
            Vec::new()
        }),
    };
    std::fs::write(&dest, bytes).expect("OUT_DIR is writable");
}

/// The nested build; the engine's bytes, or why there are none.
fn build(root: &Path, out: &Path) -> Result<Vec<u8>, String> {
    const TARGET: &str = "wasm32-unknown-unknown";
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let libdir = Command::new(&rustc)
        .args(["--print", "target-libdir", "--target", TARGET])
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    let libdir = String::from_utf8_lossy(&libdir.stdout).trim().to_string();
    let has_std = std::fs::read_dir(&libdir)
        .map(|entries| {
            entries
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with("libstd-"))
        })
        .unwrap_or(false);
    if !has_std {
        return Err(format!("the {TARGET} target is not installed"));
    }
    // OUT_DIR is <target>/<profile>/build/<crate>-<hash>/out: the engine's own target
    // directory goes beside the profiles, shared by them and kept across rebuilds.
    let target_dir = out
        .ancestors()
        .nth(4)
        .map_or_else(|| out.join("nonet-wasm"), |t| t.join("nonet-wasm"));
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root)
        .args(["build", "--offline", "--quiet", "-p", "nonet-wasm"])
        .args(["--profile", "wasm", "--target", TARGET, "--target-dir"])
        .arg(&target_dir);
    // This build's own settings are not the engine's: its flags (clippy's wrapper, a
    // coverage run's flags) and its target directory stay out of the nested build.
    for var in [
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "CARGO_BUILD_RUSTFLAGS",
    ] {
        cmd.env_remove(var);
    }
    // Its stdout would be read as this script's instructions to cargo.
    let status = cmd
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build -p nonet-wasm failed ({status})"));
    }
    let wasm = target_dir.join(TARGET).join("wasm").join("nonet_wasm.wasm");
    std::fs::read(&wasm).map_err(|e| format!("{}: {e}", wasm.display()))
}
