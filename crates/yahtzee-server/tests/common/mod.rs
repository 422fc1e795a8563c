//! What the server's tests share: a server on a free loopback port, and plain HTTP/1.1
//! requests written by hand (so a test can also send a broken one, or leave mid-request).

// Each test binary uses its own part of these helpers.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::Duration;

use yahtzee_engine::Tables;
use yahtzee_server::{AppState, Limits};

/// Starts a server on a free loopback port with tables in `dir`; returns its address.
pub fn start(dir: &Path, limits: Limits) -> SocketAddr {
    let state = AppState::new(Tables::new(Some(dir.to_path_buf())), limits);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            yahtzee_server::serve(listener, state).await.unwrap();
        });
    });
    addr
}

/// The bytes of one HTTP/1.1 request with a JSON body.
pub fn request(method: &str, path: &str, body: &[u8]) -> Vec<u8> {
    let mut raw = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    raw.extend_from_slice(body);
    raw
}

/// Sends `raw` and reads the whole answer (waiting at most `wait`): (status, headers,
/// body); status 0 when none came.
pub fn send(addr: SocketAddr, raw: &[u8], wait: Duration) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    let _ = s.write_all(raw);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}
