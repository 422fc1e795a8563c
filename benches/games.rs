//! Advice for Triple Yahtzee and Yahtzix through the engine's one door (`Game::advise`:
//! the JSON body in, the JSON answer out, as `yahtzee serve` answers it), once the game's
//! tables are in memory. The server's latency under load: `scripts/load_test.sh RATE
//! SECONDS CONNECTIONS triple|yahtzix`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use yahtzee_engine::{Game, Tables};

const TRIPLE: [(&str, &str); 3] = [
    (
        "rolls_left_2",
        r#"{"game":"triple","card":"1.ones=3 2.fours=12 3.yahtzee=50","dice":"44456","rolls_left":2}"#,
    ),
    (
        "rolls_left_1",
        r#"{"game":"triple","dice":"13346","rolls_left":1}"#,
    ),
    (
        "rolls_left_0",
        r#"{"game":"triple","card":"1.ones=3 2.fours=12 3.yahtzee=50","dice":"66666","rolls_left":0}"#,
    ),
];

const YAHTZIX: [(&str, &str); 3] = [
    (
        "before_turn",
        r#"{"game":"yahtzix","target":1000,"me":350,"opp":600,"offer":"150:2"}"#,
    ),
    (
        "first_roll",
        r#"{"game":"yahtzix","target":1000,"me":100,"opp":150,"dice":"115523"}"#,
    ),
    (
        "second_roll",
        r#"{"game":"yahtzix","target":1000,"me":700,"opp":650,"second":true,"dice":"154","roll":2,"total":200,"held":3}"#,
    ),
];

fn games(c: &mut Criterion) {
    // The data folder's tables (data/, or $YAHTZEE_DATA_DIR): Yahtzix to 1000 (named: the
    // default is 2000) is solved there first when missing (about 10 s).
    let tables = Tables::new(None);
    for (group, cases) in [("advise_triple", TRIPLE), ("advise_yahtzix", YAHTZIX)] {
        let mut g = c.benchmark_group(group);
        for (name, body) in cases {
            let game = Game::of_request(body.as_bytes()).unwrap();
            for build in game.builds(body.as_bytes(), false).unwrap() {
                tables.prepare(&build).unwrap();
            }
            g.bench_function(name, |b| {
                b.iter(|| black_box(game.advise(&tables, body.as_bytes()).unwrap()))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, games);
criterion_main!(benches);
