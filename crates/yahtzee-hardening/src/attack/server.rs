//! The attacked server watched from outside: its resident memory (`/proc/PID/status`),
//! whether it still runs and answers `/api/health`, and the bytes in its data folder.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use serde_json::{json, Value};

use super::http::{exchange, request};

/// `field` of `/proc/PID/status` (kB) in bytes.
pub(super) fn proc_status(pid: u32, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line[field.len()..]
        .trim_start_matches(':')
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// Bytes of the files under `dir` (its folders too, a few levels down).
pub fn folder_bytes(dir: &Path) -> u64 {
    fn walk(dir: &Path, depth: u32) -> u64 {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        entries
            .filter_map(Result::ok)
            .map(|e| match e.metadata() {
                Ok(m) if m.is_file() => m.len(),
                Ok(m) if m.is_dir() && depth < 4 => walk(&e.path(), depth + 1),
                _ => 0,
            })
            .sum()
    }
    walk(dir, 0)
}

/// Whether process `pid` runs (exists and is not a zombie).
pub(super) fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let state = s.rsplit_once(") ")?.1.chars().next()?;
            Some(state != 'Z' && state != 'X')
        })
        .unwrap_or(false)
}

/// `GET /api/health` answered `{"status": "ok"}`.
pub(super) fn healthy(addr: SocketAddr) -> Result<(), String> {
    let r = exchange(
        addr,
        None,
        &request("GET", "/api/health", b"", false),
        false,
        Duration::from_secs(10),
    )?;
    let body: Option<Value> = serde_json::from_slice(&r.body).ok();
    if r.status == 200 && body == Some(json!({"status": "ok"})) {
        Ok(())
    } else {
        Err(format!(
            "/api/health: {} {}",
            r.status,
            String::from_utf8_lossy(&r.body)
        ))
    }
}
