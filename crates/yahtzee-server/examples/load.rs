//! Load test of `yahtzee serve` on loopback: advice requests at a fixed rate over
//! keep-alive connections; reports the rate achieved and the latency percentiles.
//!
//! ```text
//! cargo run --release -p yahtzee-server --example load -- ADDR [RATE] [SECONDS] [CONNECTIONS] [GAME]
//! ```
//!
//! GAME picks the mix of positions: `yahtzee` (default), `triple` or `yahtzix` (target
//! 1000, named: the default is 2000; its table must be solved first, e.g. by one request).
//!
//! Open loop: request `i` is due at `i / RATE` seconds and its latency is counted from
//! then, so a server that falls behind is charged for the wait (no coordinated omission).
//! Bounded: RATE × SECONDS requests, to a loopback address only.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// A spread of positions: new and late cards, every number of rolls left.
const BODIES: [&str; 6] = [
    r#"{"dice":"13346","rolls_left":2}"#,
    r#"{"scorecard":"ones=3 fours=12 full_house=25 yahtzee=50","dice":"44456","rolls_left":1}"#,
    r#"{"scorecard":"ones=3 fours=12 full_house=25 yahtzee=50","dice":"44444","rolls_left":0}"#,
    r#"{"scorecard":"sixes=24 chance=22 small_straight=30","dice":"12345","rolls_left":2}"#,
    r#"{"scorecard":"ones=2 twos=6 threes=9 fours=12 fives=15 sixes=18","dice":"66612","rolls_left":1}"#,
    r#"{"rules":"yatzy","scorecard":"ones=3 one_pair=12","dice":"55221","rolls_left":0}"#,
];

/// Triple Yahtzee positions: a new card, a late one, each number of rolls left, both
/// variants.
const TRIPLE: [&str; 4] = [
    r#"{"game":"triple","dice":"13346","rolls_left":2}"#,
    r#"{"game":"triple","card":"1.ones=3 2.fours=12 3.yahtzee=50","dice":"44456","rolls_left":1}"#,
    r#"{"game":"triple","card":"1.ones=3 2.fours=12 3.yahtzee=50","dice":"66666","rolls_left":0}"#,
    r#"{"game":"triple","variant":"forum","card":"1.sixes=24 2.chance=22","dice":"12345","rolls_left":2}"#,
];

/// Yahtzix positions at 1000: before a turn, with an offer, first and later rolls.
const YAHTZIX: [&str; 4] = [
    r#"{"game":"yahtzix","target":1000,"me":0,"opp":0}"#,
    r#"{"game":"yahtzix","target":1000,"me":350,"opp":600,"offer":"150:2"}"#,
    r#"{"game":"yahtzix","target":1000,"me":100,"opp":150,"dice":"115523"}"#,
    r#"{"game":"yahtzix","target":1000,"me":700,"opp":650,"second":true,"dice":"154","roll":2,"total":200,"held":3}"#,
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let addr: SocketAddr = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .expect("usage: load ADDR [RATE] [SECONDS] [CONNECTIONS] [GAME]");
    let bodies: &'static [&'static str] = match args.get(5).map(String::as_str) {
        None | Some("yahtzee") => &BODIES,
        Some("triple") => &TRIPLE,
        Some("yahtzix") => &YAHTZIX,
        Some(other) => panic!("unknown game {other} (yahtzee, triple, yahtzix)"),
    };
    assert!(
        addr.ip().is_loopback(),
        "the load test only targets loopback"
    );
    let num = |i: usize, d: f64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (rate, seconds, conns) = (num(2, 500.0), num(3, 10.0), num(4, 8.0) as usize);
    let total = (rate * seconds) as usize;
    let start = Instant::now() + Duration::from_millis(200);
    let workers: Vec<_> = (0..conns)
        .map(|c| {
            std::thread::spawn(move || {
                let mut stream = connect(addr);
                let mut lat = Vec::new();
                let mut errors = 0u64;
                for i in (c..total).step_by(conns) {
                    let due = start + Duration::from_secs_f64(i as f64 / rate);
                    if let Some(wait) = due.checked_duration_since(Instant::now()) {
                        std::thread::sleep(wait);
                    }
                    let body = bodies[i % bodies.len()];
                    match request(&mut stream, body) {
                        Some(200) => lat.push(due.elapsed()),
                        other => {
                            // Said, so a failure can be told from a closed connection.
                            if errors < 3 {
                                eprintln!("request {i}: {other:?} (None: no answer) for {body}");
                            }
                            errors += 1;
                            stream = connect(addr);
                        }
                    }
                }
                (lat, errors)
            })
        })
        .collect();
    let mut lat = Vec::new();
    let mut errors = 0;
    for w in workers {
        let (l, e) = w.join().expect("worker");
        lat.extend(l);
        errors += e;
    }
    let elapsed = start.elapsed().as_secs_f64();
    lat.sort();
    let pct =
        |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)].as_secs_f64() * 1e3;
    println!(
        "{} requests ({} ok, {errors} failed) in {elapsed:.2} s: {:.0} per second over {conns} connections (asked {rate})",
        total,
        lat.len(),
        lat.len() as f64 / elapsed
    );
    println!(
        "latency: p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
}

fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).expect("the server is listening");
    s.set_nodelay(true).expect("nodelay");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    s
}

/// One keep-alive request; the response's status once its body is read.
fn request(stream: &mut TcpStream, body: &str) -> Option<u16> {
    let head = format!(
        "POST /api/advise HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).ok()?;
    stream.write_all(body.as_bytes()).ok()?;
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let status = line.split(' ').nth(1)?.parse().ok()?;
    let mut length = 0;
    loop {
        line.clear();
        reader.read_line(&mut line).ok()?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().ok()?;
        }
    }
    let mut buf = vec![0; length];
    reader.read_exact(&mut buf).ok()?;
    Some(status)
}
