//! `nonet play`: the web game. Serves the page and its JSON API on loopback, keeps games in an
//! SQLite database, prints the address and opens a browser (best effort).

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use anyhow::Result;
use clap::Args;
use nonet_server::{default_db_path, AllowedHosts, ServeConfig};

use crate::status::Status;

/// The port used when none is given (falls back to a free one if taken).
const DEFAULT_PORT: u16 = 9009;

// Arguments of `nonet play` (a plain comment: the subcommand's help text is its
// variant's doc comment in `main.rs`, which a doc comment here would override, since the
// arguments are added lazily, after it).
#[derive(Args, Debug)]
#[command(after_help = crate::help::after_help("play"))]
pub struct PlayArgs {
    /// Port to listen on (default 9009, or a free one if that is taken; 0 picks a free one).
    #[arg(long)]
    pub port: Option<u16>,
    /// The database file (default: $XDG_DATA_HOME/nonet/nonet.db or ~/.local/share/nonet/nonet.db).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Do not open a browser.
    #[arg(long)]
    pub no_open: bool,
    /// Listen on this address instead of 127.0.0.1. Anything but loopback lets other machines
    /// reach your games: only for trusted networks.
    #[arg(long, value_name = "ADDR")]
    pub host: Option<IpAddr>,
    /// Also answer requests addressed to NAME (or NAME:PORT), e.g. a reverse proxy's name; may
    /// be repeated. Loopback names, the bound address and this machine's names are always
    /// accepted; any other name is refused (it guards against DNS rebinding).
    #[arg(long, value_name = "NAME", value_parser = parse_allow_host)]
    pub allow_host: Vec<String>,
}

/// Checks an `--allow-host` value as the server will read it.
fn parse_allow_host(s: &str) -> Result<String, String> {
    AllowedHosts::loopback(None)
        .allow(s)
        .map(|()| s.to_string())
        .map_err(|e| e.to_string())
}

pub fn run(args: PlayArgs) -> Result<Status> {
    let host = args.host.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    if !host.is_loopback() {
        eprintln!(
            "nonet play: warning: listening on {host}: other machines on the network can reach \
             this server and your games. Use it only on a network you trust."
        );
    }
    let db = args.db.unwrap_or_else(default_db_path);
    let config = ServeConfig {
        host,
        port: args.port.unwrap_or(DEFAULT_PORT),
        fallback_to_free_port: args.port.is_none(),
        db: db.clone(),
        allow_hosts: args.allow_host,
    };
    let open = !args.no_open;
    nonet_server::run(config, |url| {
        println!("nonet play: serving on {url}");
        println!("nonet play: games are saved in {}", db.display());
        println!("nonet play: press Ctrl-C to stop");
        let _ = std::io::stdout().flush();
        if open {
            open_browser(url);
        }
    })?;
    Ok(Status::Ok)
}

/// Opens `url` in the user's browser: `$BROWSER` if set, else the platform's opener. Failing
/// is fine (a server, a container): the address is printed anyway.
fn open_browser(url: &str) {
    let mut candidates: Vec<(String, Vec<String>)> = Vec::new();
    if let Ok(b) = std::env::var("BROWSER") {
        if !b.trim().is_empty() {
            candidates.push((b, vec![url.to_string()]));
        }
    }
    if cfg!(target_os = "macos") {
        candidates.push(("open".into(), vec![url.into()]));
    } else if cfg!(windows) {
        candidates.push((
            "cmd".into(),
            vec!["/C".into(), "start".into(), String::new(), url.into()],
        ));
    } else {
        candidates.push(("xdg-open".into(), vec![url.into()]));
    }
    for (program, args) in candidates {
        let spawned = Command::new(&program)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if spawned.is_ok() {
            return;
        }
    }
    eprintln!("nonet play: could not open a browser; open {url} yourself");
}
