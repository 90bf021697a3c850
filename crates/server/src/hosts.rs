//! [`AllowedHosts`]: the names this server answers to, checked against every request's `Host`
//! and every state-changing request's `Origin`.
//!
//! Why: a page on another site can make the browser send requests to the server (CSRF), and a
//! page whose DNS name is rebound to the server's address (DNS rebinding) makes those requests
//! same-origin in the browser's eyes, with its own name in `Host` and `Origin`. Comparing the two
//! with each other proves nothing (the attacker controls both), so both are compared with a list
//! the attacker cannot choose: loopback names, the bound address, the machine's own names and
//! addresses (when bound to every interface), and the names given with `--allow-host` (a reverse
//! proxy). The list applies on every bind, loopback or not.

use std::net::{IpAddr, SocketAddr, ToSocketAddrs, UdpSocket};

/// One name the server answers to.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// Lower case, no trailing dot; IPv6 addresses in brackets (`[::1]`).
    name: String,
    /// The port the `Host` must name; `None`: any.
    port: Option<u16>,
    /// Whether an `https://` origin is accepted for this name (a TLS-terminating proxy); the
    /// server itself speaks plain HTTP only.
    https: bool,
}

/// The `Host` names (with ports) a server answers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllowedHosts {
    entries: Vec<Entry>,
}

/// An `--allow-host` value that is not a host name, an IP address or either with a port.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a host name, IP address or NAME:PORT: {0:?}")]
pub struct BadHostName(pub String);

/// Splits `name[:port]` (IPv6 in brackets) into a normalised name and the port; `None` if it is
/// not a well-formed authority.
fn parse_authority(raw: &str) -> Option<(String, Option<u16>)> {
    let raw = raw.trim();
    let (name, port) = if let Some(rest) = raw.strip_prefix('[') {
        let (addr, after) = rest.split_once(']')?;
        addr.parse::<std::net::Ipv6Addr>().ok()?;
        let port = match after {
            "" => None,
            p => Some(p.strip_prefix(':')?),
        };
        (format!("[{}]", addr.to_ascii_lowercase()), port)
    } else {
        match raw.split_once(':') {
            Some((n, p)) => (n.to_string(), Some(p)),
            None => (raw.to_string(), None),
        }
    };
    let port = match port {
        None => None,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => Some(p.parse().ok()?),
        Some(_) => return None,
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    let valid = !name.is_empty()
        && (name.starts_with('[')
            || name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_'));
    valid.then_some((name, port))
}

/// The name of an address as it appears in a `Host` header.
fn ip_name(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => format!("[{v6}]"),
        },
    }
}

impl AllowedHosts {
    /// `localhost`, `127.0.0.1` and `[::1]` on `port` (`None`: any port, for tests that drive the
    /// router without a socket).
    pub fn loopback(port: Option<u16>) -> AllowedHosts {
        let mut hosts = AllowedHosts {
            entries: Vec::new(),
        };
        for name in ["localhost", "127.0.0.1", "[::1]"] {
            hosts.push(name.to_string(), port, false);
        }
        hosts
    }

    /// The names a server bound to `addr` answers to: loopback names and the bound address;
    /// beyond loopback also the machine's host name (and `NAME.local`), and when bound to every
    /// interface the machine's addresses.
    pub fn for_bind(addr: SocketAddr) -> AllowedHosts {
        let port = Some(addr.port());
        let mut hosts = AllowedHosts::loopback(port);
        let ip = addr.ip();
        if ip.is_loopback() {
            hosts.push(ip_name(ip), port, false);
            return hosts;
        }
        if let Some(name) = machine_name() {
            for n in [format!("{name}.local"), name] {
                if let Some((n, None)) = parse_authority(&n) {
                    hosts.push(n, port, false);
                }
            }
        }
        if ip.is_unspecified() {
            for ip in machine_addresses(ip.is_ipv6()) {
                hosts.push(ip_name(ip), port, false);
            }
        } else {
            hosts.push(ip_name(ip), port, false);
        }
        hosts
    }

    /// Adds an `--allow-host` value: `NAME` (any port, `http` or `https` origins) or
    /// `NAME:PORT`.
    pub fn allow(&mut self, spec: &str) -> Result<(), BadHostName> {
        let (name, port) = parse_authority(spec).ok_or_else(|| BadHostName(spec.to_string()))?;
        self.push(name, port, true);
        Ok(())
    }

    fn push(&mut self, name: String, port: Option<u16>, https: bool) {
        let entry = Entry { name, port, https };
        if !self.entries.contains(&entry) {
            self.entries.push(entry);
        }
    }

    /// The names, as `name` or `name:port`, for messages.
    pub fn describe(&self) -> Vec<String> {
        self.entries
            .iter()
            .map(|e| match e.port {
                Some(p) => format!("{}:{p}", e.name),
                None => e.name.clone(),
            })
            .collect()
    }

    /// Whether a `Host` header value (or a request target's authority) names this server. A
    /// `Host` without a port means port 80, as HTTP says.
    pub fn allows_host(&self, host: &str) -> bool {
        let Some((name, port)) = parse_authority(host) else {
            return false;
        };
        let port = port.unwrap_or(80);
        self.entries
            .iter()
            .any(|e| e.name == name && e.port.is_none_or(|p| p == port))
    }

    /// Whether an `Origin` header value (`scheme://host[:port]`) is this server's own page. The
    /// scheme counts: `http` always, `https` only for `--allow-host` names.
    pub fn allows_origin(&self, origin: &str) -> bool {
        let Some((scheme, rest)) = origin.split_once("://") else {
            return false;
        };
        let https = match scheme.to_ascii_lowercase().as_str() {
            "http" => false,
            "https" => true,
            _ => return false,
        };
        let Some((name, port)) = parse_authority(rest) else {
            return false;
        };
        let port = port.unwrap_or(if https { 443 } else { 80 });
        self.entries
            .iter()
            .any(|e| e.name == name && e.port.is_none_or(|p| p == port) && (!https || e.https))
    }
}

/// The machine's host name (Linux: the kernel's; elsewhere `$HOSTNAME` or `$COMPUTERNAME`).
fn machine_name() -> Option<String> {
    let from_kernel = std::fs::read_to_string("/proc/sys/kernel/hostname").ok();
    from_kernel
        .or_else(|| std::env::var("HOSTNAME").ok())
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
}

/// The machine's addresses as other machines see them: what its host name resolves to, and the
/// source address of the default route (a UDP socket "connected" to a documentation address:
/// the kernel picks the route, and no packet is sent).
fn machine_addresses(v6: bool) -> Vec<IpAddr> {
    let mut out = Vec::new();
    if let Some(name) = machine_name() {
        if let Ok(addrs) = (name.as_str(), 0).to_socket_addrs() {
            out.extend(addrs.map(|a| a.ip()));
        }
    }
    let probes: &[(&str, &str)] = if v6 {
        &[("[::]:0", "[2001:db8::1]:9"), ("0.0.0.0:0", "192.0.2.1:9")]
    } else {
        &[("0.0.0.0:0", "192.0.2.1:9")]
    };
    for (local, remote) in probes {
        if let Ok(sock) = UdpSocket::bind(local) {
            if sock.connect(remote).is_ok() {
                if let Ok(a) = sock.local_addr() {
                    out.push(a.ip());
                }
            }
        }
    }
    out.retain(|ip| !ip.is_unspecified());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authorities_are_normalised_or_refused() {
        for (raw, want) in [
            ("LocalHost:9009", Some(("localhost", Some(9009)))),
            ("example.com.", Some(("example.com", None))),
            ("[::1]:80", Some(("[::1]", Some(80)))),
            ("[::1]", Some(("[::1]", None))),
            ("::1", None),
            ("host:", None),
            ("host:99999", None),
            ("host:+1", None),
            ("", None),
            ("a b", None),
            ("evil.com@localhost", None),
            ("[zz]:1", None),
        ] {
            let got = parse_authority(raw);
            let want = want.map(|(n, p)| (n.to_string(), p));
            assert_eq!(got, want, "{raw:?}");
        }
    }

    #[test]
    fn hosts_and_origins_match_names_ports_and_schemes() {
        let mut hosts = AllowedHosts::for_bind("0.0.0.0:9009".parse().unwrap());
        hosts.allow("games.example").unwrap();
        assert!(hosts.allows_host("localhost:9009"));
        assert!(hosts.allows_host("127.0.0.1:9009"));
        assert!(!hosts.allows_host("localhost:9010"));
        assert!(!hosts.allows_host("evil.com:9009"));
        assert!(hosts.allows_host("games.example"));
        assert!(hosts.allows_host("games.example:8443"));
        assert!(hosts.allows_origin("http://localhost:9009"));
        assert!(!hosts.allows_origin("https://localhost:9009"));
        assert!(!hosts.allows_origin("http://localhost:3000"));
        assert!(!hosts.allows_origin("http://evil.com:9009"));
        assert!(hosts.allows_origin("https://games.example"));
        assert!(!hosts.allows_origin("ftp://games.example"));
        assert!(!hosts.allows_origin("null"));
        assert!(hosts.allow("bad name").is_err());
        let lan = AllowedHosts::for_bind("192.0.2.7:9009".parse().unwrap());
        assert!(lan.allows_host("192.0.2.7:9009"));
        assert!(!lan.allows_host("192.0.2.8:9009"));
        let v6 = AllowedHosts::for_bind("[::1]:9009".parse().unwrap());
        assert!(v6.allows_host("[::1]:9009") && v6.allows_host("localhost:9009"));
    }
}
