//! Serves the game without the `nonet` binary: `cargo run -p nonet-server --example serve --
//! [PORT] [DB]` (defaults: a free port, `./nonet-dev.db`). For working on the page; players use
//! `nonet play`.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let port = args.next().and_then(|p| p.parse().ok()).unwrap_or(0);
    let db = args
        .next()
        .map_or_else(|| PathBuf::from("nonet-dev.db"), PathBuf::from);
    let config = nonet_server::ServeConfig {
        host: IpAddr::V4(Ipv4Addr::LOCALHOST),
        port,
        fallback_to_free_port: false,
        db,
        allow_hosts: Vec::new(),
    };
    if let Err(e) = nonet_server::run(config, |url| println!("serving on {url}")) {
        eprintln!("serve: {e}");
        std::process::exit(2);
    }
}
