//! The questions of the floods: build-triggering ones (every kind of table the server
//! can build), heavy ones, and malformed requests.

use rand::Rng;
use serde_json::json;

use super::config::Mix;
use super::http::{post, request};
use super::judge::{
    Kind, BAD_JSON, BAD_VALUE, BUILD_PAINTED, BUILD_REDUCED, BUILD_TARGET, BUILD_TRIPLE,
    BUILD_VALUES, BUILD_YAHTZIX, CONTROL, DEEP_JSON, GARBAGE, HEAVY_LATE, HEAVY_STATS,
    HEAVY_YAHTZIX, HUGE_LENGTH, MANY_HEADERS, NEW_NAMES, NOT_UTF8, NO_PATH, OVERSIZE, TRUNCATED,
    UNKNOWN_FIELD, WRONG_METHOD,
};

/// The build flood's questions: (kind, path, body), the kinds interleaved.
pub(super) fn build_questions(mix: Mix) -> Vec<(&'static Kind, &'static str, String)> {
    let advise = "/api/advise";
    let names: Vec<&str> = yahtzee_rules::RuleSet::every().map(|r| r.name).collect();
    let small = mix == Mix::Small;
    let take = |n: usize| if small { n } else { usize::MAX };
    let values: Vec<_> = names
        .iter()
        .take(take(6))
        .map(|r| {
            let body = json!({"rules": r, "dice": "13346", "rolls_left": 2});
            (&BUILD_VALUES, advise, body.to_string())
        })
        .collect();
    let targets: Vec<_> = names
        .iter()
        .take(take(3))
        .map(|r| {
            let body = json!({"rules": r, "dice": "13346", "rolls_left": 2, "target": 250});
            (&BUILD_TARGET, advise, body.to_string())
        })
        .collect();
    let yahtzix: Vec<_> = (100..=5000)
        .step_by(50)
        .filter(|t| !small || [100, 150, 200, 5000].contains(t))
        .map(|t| {
            let body = json!({"game": "yahtzix", "target": t, "me": 0, "opp": 0});
            (&BUILD_YAHTZIX, advise, body.to_string())
        })
        .collect();
    let pool = [
        "ones", "twos", "threes", "fours", "fives", "sixes", "chance", "yahtzee", "flush",
        "palette",
    ];
    let mut painted = Vec::new();
    for colours in 1..=3 {
        for (i, a) in pool.iter().enumerate() {
            for b in &pool[i + 1..] {
                let game = format!("painted:c{colours}:{a},{b}");
                let body =
                    json!({"game": game, "card": "", "dice": "1r 2r 3r 4r 5r", "rolls_left": 2});
                // Both doors: /api/advise with the game, and Painted Yahtzee's own.
                let path = if painted.len().is_multiple_of(2) {
                    advise
                } else {
                    "/api/painted/advise"
                };
                painted.push((&BUILD_PAINTED, path, body.to_string()));
            }
        }
    }
    if small {
        painted.truncate(4);
    }
    let upper = ["ones", "twos", "threes", "fours", "fives", "sixes"];
    let lower = ["chance", "yahtzee", "full_house", "small_straight"];
    let mut reduced = Vec::new();
    for (i, u) in upper.iter().enumerate() {
        for l in &lower {
            let threshold = 3 * (i + 1);
            let rules = format!("forced:{u},{l}@{threshold}");
            let body = json!({"rules": rules, "dice": "13346", "rolls_left": 2});
            reduced.push((&BUILD_REDUCED, advise, body.to_string()));
        }
    }
    if small {
        reduced.truncate(3);
    }
    let triple: Vec<_> = ["1978", "forum"]
        .iter()
        .map(|v| {
            let body = json!({"game": "triple", "variant": v, "dice": "13346", "rolls_left": 2});
            (&BUILD_TRIPLE, advise, body.to_string())
        })
        .collect();
    let mut lists = [values, targets, yahtzix, painted, reduced, triple].map(Vec::into_iter);
    let mut out = Vec::new();
    loop {
        let before = out.len();
        for list in &mut lists {
            out.extend(list.next());
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The heavy flood's questions.
pub(super) fn heavy_questions() -> Vec<(&'static Kind, &'static str, String)> {
    let stats = "/api/stats";
    vec![
        (&HEAVY_STATS, stats, r#"{"scorecard":""}"#.into()),
        (
            &HEAVY_YAHTZIX,
            stats,
            r#"{"game":"yahtzix","target":2000,"players":4}"#.into(),
        ),
        (
            &HEAVY_LATE,
            stats,
            r#"{"scorecard":"ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 chance=22 yahtzee=50 full_house=25"}"#
                .into(),
        ),
        (&HEAVY_STATS, stats, r#"{"rules":"yatzy","scorecard":""}"#.into()),
        (
            &HEAVY_YAHTZIX,
            stats,
            r#"{"game":"yahtzix","target":2000,"players":2,"games":20000}"#.into(),
        ),
    ]
}

/// The `n`th malformed request: its kind, its bytes, whether the writing half is shut
/// after them.
pub(super) fn malformed(n: usize, rng: &mut impl Rng) -> (&'static Kind, Vec<u8>, bool) {
    let advise = "/api/advise";
    match n % 18 {
        0 => (
            &BAD_JSON,
            post(advise, r#"{"dice":"13346","rolls_left":"#),
            false,
        ),
        1 => (
            &UNKNOWN_FIELD,
            post(advise, r#"{"dice":"13346","rolls_left":2,"colour":"red"}"#),
            false,
        ),
        2 => (
            &BAD_VALUE,
            post(advise, r#"{"dice":"1337","rolls_left":2}"#),
            false,
        ),
        3 => (
            &BAD_VALUE,
            post(advise, r#"{"game":"yahtzix","target":2010,"me":0,"opp":0}"#),
            false,
        ),
        4 => (
            &BAD_VALUE,
            post(
                advise,
                r#"{"game":"painted:c9:ones","card":"","dice":"1r 2r 3r 4r 5r","rolls_left":2}"#,
            ),
            false,
        ),
        5 => (&DEEP_JSON, post(advise, &"[".repeat(20_000)), false),
        6 => {
            let body = b"{\"dice\":\"\xff\xfe\",\"rolls_left\":2}";
            (&NOT_UTF8, request("POST", advise, body, false), false)
        }
        7 => (
            &CONTROL,
            post(
                advise,
                r#"{"scorecard":"ones=3\n\u0000\u001b[31m\r\u2028","dice":"13346","rolls_left":2}"#,
            ),
            false,
        ),
        8 => {
            // A name no one asked for before: a Mega bonus or a reduced game's threshold
            // (with a card it cannot hold, so nothing is built).
            let round = n / 18;
            let rules = if round.is_multiple_of(2) {
                format!("forced+mega-yahtzee={}", 1 + round % 99_999)
            } else {
                format!("forced:ones,chance@{round}")
            };
            let body =
                json!({"rules": rules, "scorecard": "ones=7", "dice": "13346", "rolls_left": 2});
            (&NEW_NAMES, post(advise, &body.to_string()), false)
        }
        9 => {
            let body = format!(r#"{{"scorecard":"{}"}}"#, "x".repeat(70 * 1024));
            (&OVERSIZE, post(advise, &body), false)
        }
        10 => {
            let head = "POST /api/advise HTTP/1.1\r\nHost: attack\r\nContent-Length: 1000000000000\r\n\r\n{\"dice\":";
            (&HUGE_LENGTH, head.as_bytes().to_vec(), true)
        }
        11 => {
            let head = "POST /api/advise HTTP/1.1\r\nHost: attack\r\nContent-Length: 100\r\n\r\n{\"dice\":\"13346\",";
            (&TRUNCATED, head.as_bytes().to_vec(), true)
        }
        12 => {
            let mut bytes: Vec<u8> = (0..rng.random_range(1..400))
                .map(|_| rng.random())
                .collect();
            bytes.extend_from_slice(b"\r\n\r\n");
            (&GARBAGE, bytes, true)
        }
        13 => {
            let mut head = String::from("POST /api/advise HTTP/1.1\r\nHost: attack\r\n");
            for i in 0..200 {
                head.push_str(&format!("X-Attack-{i}: {}\r\n", "a".repeat(100)));
            }
            head.push_str("Content-Length: 2\r\n\r\n{}");
            (&MANY_HEADERS, head.into_bytes(), false)
        }
        14 => (&WRONG_METHOD, request("GET", advise, b"", false), false),
        15 => (
            &WRONG_METHOD,
            request("PUT", "/api/stats", br#"{"scorecard":""}"#, false),
            false,
        ),
        16 => {
            let head = "POST /api/advise HTTP/1.1\r\nHost: attack\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"dic\r\n";
            (&TRUNCATED, head.as_bytes().to_vec(), true)
        }
        _ => (&NO_PATH, post("/api/advise/../../etc/passwd", "{}"), false),
    }
}
