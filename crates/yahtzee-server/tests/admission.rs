//! What a request may start: the build policy, the memory limit against each build's
//! estimate, the data folder's budget, the bounded queue and the share of each client
//! (docs/SERVER.md, "Running it for the public"). Over real HTTP, small games only.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use yahtzee_server::{Allow, Limits};

mod common;
use common::start;

/// A POST from the client `from` (an `X-Forwarded-For` entry, which a server started with
/// `trust_forwarded` counts as the client): status, headers, body as JSON.
fn post_from(addr: SocketAddr, from: &str, path: &str, body: &Value) -> (u16, String, Value) {
    let body = body.to_string();
    let raw = format!(
        "POST {path} HTTP/1.1\r\nHost: test\r\nX-Forwarded-For: 203.0.113.9, {from}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (status, head, text) = common::send(addr, raw.as_bytes(), Duration::from_secs(60));
    let v = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
    (status, head.to_ascii_lowercase(), v)
}

fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, String, Value) {
    post_from(addr, "198.51.100.1", path, body)
}

fn yahtzix(target: u32) -> Value {
    json!({"game": "yahtzix", "target": target, "me": 0, "opp": 0})
}

/// One line, and the reason a build was refused.
fn refusal(v: &Value) -> (&str, &str) {
    let error = v["error"].as_str().expect("an error line");
    assert!(!error.contains('\n'), "{error}");
    (v["refused"].as_str().unwrap_or(""), error)
}

#[test]
fn by_default_only_what_the_pages_use_is_built_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let addr = start(dir.path(), Limits::default());
    let cases = [
        (
            json!({"dice": "13346", "rolls_left": 2, "target": 250}),
            "the target table of forced",
            "--allow-build target",
        ),
        (
            yahtzix(5000),
            "the Yahtzix table to 5000",
            "--allow-build yahtzix",
        ),
        (
            json!({"game": "painted:c2:ones,twos,colours", "dice": "1r 2y 3r 4y 5r", "rolls_left": 2}),
            "painted:c2:ones,twos,colours",
            "--allow-build reduced",
        ),
        (
            json!({"rules": "forced:ones,twos,yahtzee,chance@6", "dice": "13346", "rolls_left": 2}),
            "the table of forced:ones,twos,yahtzee,chance@6",
            "--allow-build reduced",
        ),
        (
            json!({"rules": "forced+mega-yahtzee=777", "dice": "13346", "rolls_left": 2}),
            "the table of forced+mega-yahtzee=777",
            "--allow-build mega-bonus",
        ),
    ];
    for (body, what, flag) in cases {
        let (status, _, v) = post(addr, "/api/advise", &body);
        assert_eq!(status, 403, "{v}");
        let (reason, error) = refusal(&v);
        assert_eq!(reason, "policy", "{error}");
        assert!(error.contains(what) && error.contains(flag), "{error}");
        // And how to build it ahead, with the data folder.
        assert!(
            error.contains("yahtzee ") && error.contains("YAHTZEE_DATA_DIR="),
            "{error}"
        );
    }
    // Statistics under the same policy.
    let (status, _, v) = post(
        addr,
        "/api/stats",
        &json!({"game": "yahtzix", "target": 150}),
    );
    assert_eq!((status, refusal(&v).0), (403, "policy"), "{v}");
    // Nothing was written, nothing was started.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // What the pages use is built: the official table.
    let (status, head, v) = post(
        addr,
        "/api/advise",
        &json!({"dice": "13346", "rolls_left": 2}),
    );
    assert_eq!(
        (status, v["status"].as_str()),
        (503, Some("building")),
        "{v}"
    );
    assert!(head.contains("retry-after: 2"), "{head}");
}

#[test]
fn a_build_past_the_memory_limit_or_the_data_budget_is_refused_with_its_estimate() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        allow: Allow::all(),
        memory_limit: 64 << 20,
        data_budget: 4 << 20,
        ..Limits::default()
    };
    let addr = start(dir.path(), limits);
    // Yahtzix to 1,000: about 160 MB of tables.
    let (status, _, v) = post(addr, "/api/advise", &yahtzix(1000));
    assert_eq!(status, 403, "{v}");
    let (reason, error) = refusal(&v);
    assert_eq!(reason, "memory");
    assert!(
        error.contains("Yahtzix table to 1000")
            && error.contains("MiB of memory")
            && error.contains("limit of 64 MiB"),
        "{error}"
    );
    // The official table's 8 MiB file is past a data budget of 4 MiB.
    let (status, _, v) = post(
        addr,
        "/api/advise",
        &json!({"dice": "13346", "rolls_left": 2}),
    );
    assert_eq!(status, 507, "{v}");
    let (reason, error) = refusal(&v);
    assert_eq!(reason, "disk");
    assert!(
        error.contains("--data-budget") && error.contains("4 MiB"),
        "{error}"
    );
    // A small game fits both: built, then answered.
    let small =
        json!({"rules": "forced:ones,twos,yahtzee,chance@6", "dice": "13346", "rolls_left": 2});
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, _, v) = post(addr, "/api/advise", &small);
        if status == 200 {
            assert!(
                v["options"].as_array().is_some_and(|o| !o.is_empty()),
                "{v}"
            );
            break;
        }
        assert_eq!(
            (status, v["status"].as_str()),
            (503, Some("building")),
            "{v}"
        );
        assert!(Instant::now() < deadline, "never built");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_queue_is_bounded_and_each_client_has_its_share() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        allow: Allow::all(),
        build_jobs: 1,
        build_queue: 1,
        per_client: 2,
        trust_forwarded: true,
        ..Limits::default()
    };
    let addr = start(dir.path(), limits);
    let plain =
        json!({"rules": "forced:ones,twos,yahtzee,chance@6", "dice": "13346", "rolls_left": 2});
    let deadline = Instant::now() + Duration::from_secs(30);
    while post(addr, "/api/advise", &plain).0 != 200 {
        assert!(Instant::now() < deadline, "never built");
        std::thread::sleep(Duration::from_millis(50));
    }
    // One client: its first build runs, its second waits, its third is one too many. Races
    // to 500 and below: each build takes about a second on 2 cores (4.4 s at 900), far
    // longer than the few questions asked while it runs.
    let (s1, _, v1) = post_from(addr, "192.0.2.1", "/api/advise", &yahtzix(500));
    let (s2, _, v2) = post_from(addr, "192.0.2.1", "/api/advise", &yahtzix(450));
    let (s3, h3, v3) = post_from(addr, "192.0.2.1", "/api/advise", &yahtzix(400));
    assert_eq!((s1, v1["status"].as_str()), (503, Some("building")), "{v1}");
    assert_eq!((s2, v2["status"].as_str()), (503, Some("building")), "{v2}");
    assert_eq!((s3, refusal(&v3).0), (429, "per-client"), "{v3}");
    assert!(h3.contains("retry-after"), "{h3}");
    assert!(refusal(&v3).1.contains("at most 2"), "{v3}");
    // Asking again for what is under way (or done by now) is no new job.
    let (s, _, v) = post_from(addr, "192.0.2.1", "/api/advise", &yahtzix(450));
    assert_eq!((s, v["status"].as_str()), (503, Some("building")), "{v}");
    // Another client: the queue (one place) is full.
    let (s4, h4, v4) = post_from(addr, "192.0.2.2", "/api/advise", &yahtzix(350));
    assert_eq!(s4, 503, "{v4}");
    assert_eq!(refusal(&v4).0, "busy", "{v4}");
    assert!(h4.contains("retry-after"), "{h4}");
    // Advice from a table already open is answered meanwhile.
    let (s, _, v) = post_from(addr, "192.0.2.3", "/api/advise", &plain);
    assert_eq!(s, 200, "{v}");
    // Both of the first client's builds finish: its share is free again.
    for target in [500, 450] {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let (s, _, v) = post_from(addr, "192.0.2.1", "/api/advise", &yahtzix(target));
            if s == 200 {
                break;
            }
            assert_eq!((s, v["status"].as_str()), (503, Some("building")), "{v}");
            assert!(Instant::now() < deadline, "{target} never built");
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    let (s, _, v) = post_from(addr, "192.0.2.1", "/api/advise", &yahtzix(400));
    assert_eq!((s, v["status"].as_str()), (503, Some("building")), "{v}");
}

/// Posts `body` until it is answered (a build or an open under way answers 503).
fn answered(addr: SocketAddr, body: &Value) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (s, _, v) = post(addr, "/api/advise", body);
        if s == 200 {
            return v;
        }
        assert_eq!((s, v["status"].as_str()), (503, Some("building")), "{v}");
        assert!(Instant::now() < deadline, "never answered: {body}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn three_players_chances_to_win_the_table_are_exact_where_the_policy_builds_their_game() {
    let q = json!({"game": "yahtzix", "target": 100, "scores": [0, 0, 0], "seat": 1});
    // The two-player table to 100 built ahead (as an operator would); the public policy
    // does not build the three-player game on request: the chances are estimated.
    let dir = tempfile::tempdir().unwrap();
    let rules = yahtzee_yahtzix::Rules::new(100, true, false).unwrap();
    let ahead = yahtzee_engine::Tables::new(Some(dir.path().to_path_buf()));
    ahead.yahtzix(&rules).unwrap();
    let addr = start(dir.path(), Limits::default());
    let v = answered(addr, &q);
    assert_eq!(v["table_chance"]["kind"], "estimate", "{v}");
    assert!(v["options"][0]["p_table_ci95"].as_f64().unwrap() > 0.0);
    // A server that builds it (a local user's) answers 503 while it does, then exactly:
    // seat 1's chance from the empty table is the three-player game's, with no interval.
    let limits = Limits {
        allow: Allow::all(),
        ..Limits::default()
    };
    let addr = start(dir.path(), limits);
    let (s, _, v) = post(addr, "/api/advise", &q);
    assert_eq!((s, v["status"].as_str()), (503, Some("building")), "{v}");
    let v = answered(addr, &q);
    assert_eq!(v["table_chance"]["kind"], "exact", "{v}");
    let trio = ahead.three(&rules).unwrap();
    let p = v["options"][0]["p_table"].as_f64().unwrap();
    assert!((p - trio.start()[0]).abs() < 1e-9, "{p} {:?}", trio.start());
    assert!(v["options"][0].get("p_table_ci95").is_none(), "{v}");
}
