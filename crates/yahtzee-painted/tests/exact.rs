//! The turn kernel against a plain brute force over coloured dice, the layered solver
//! against a plain recursion over every (non-canonical) state, the one-colour game against
//! the solitaire solver, and the bits against thread count and chunking.

use std::collections::HashMap;

use yahtzee_painted::game::{Game, Layers, State};
use yahtzee_painted::solve::{self, solve_chunk, table_from_layers};
use yahtzee_painted::turn::{Plan, TurnValues};
use yahtzee_painted::Hand;

/// A deterministic pseudo-random value of a state (a stand-in for the next layer); like
/// every value of the game, the same for states that differ only by which colour boxes
/// are filled.
fn noise(game: &Game, s: State) -> f64 {
    let mut x = (game.set_id(s.filled) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (u64::from(s.upper) << 40)
        ^ (u64::from(s.yahtzee_50) << 50);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    (x % 10_000) as f64 / 100.0
}

/// The best move's points plus `next`, by the rules' move list.
fn best_final(game: &Game, s: State, hand: &Hand, next: &dyn Fn(State) -> f64) -> f64 {
    let mut best = f64::NEG_INFINITY;
    game.for_each_move(s, hand, |m| {
        best = best.max(f64::from(m.points()) + next(m.next))
    });
    best
}

/// A plain turn: the expectation of a keep by enumerating every ordered outcome of the
/// dice thrown, the best keep of a hand by every subset of positions; memoised on sorted
/// dice only.
fn brute_turn(game: &Game, s: State, next: &dyn Fn(State) -> f64) -> f64 {
    struct B<'a> {
        game: &'a Game,
        s: State,
        next: &'a dyn Fn(State) -> f64,
        faces: u64,
        hands: HashMap<(u64, u8), f64>,
        keeps: HashMap<(u64, u8), f64>,
    }
    fn key(dice: &mut [u8]) -> u64 {
        dice.sort_unstable();
        dice.iter()
            .fold(dice.len() as u64, |k, &d| k * 64 + u64::from(d))
    }
    impl B<'_> {
        /// Value of holding `hand` (5 dice) with `left` rerolls to go.
        fn hand(&mut self, hand: &mut [u8], left: u8) -> f64 {
            let k = key(hand);
            if let Some(&v) = self.hands.get(&(k, left)) {
                return v;
            }
            let v = if left == 0 {
                best_final(self.game, self.s, &Hand::from_faces(hand), self.next)
            } else {
                (0..1u32 << 5)
                    .map(|mask| {
                        let kept: Vec<u8> = (0..5)
                            .filter(|i| mask >> i & 1 == 1)
                            .map(|i| hand[i])
                            .collect();
                        self.keep(kept, left)
                    })
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            self.hands.insert((k, left), v);
            v
        }

        /// Expectation of throwing the other dice of `kept` with `left` throws to go.
        fn keep(&mut self, mut kept: Vec<u8>, left: u8) -> f64 {
            let k = key(&mut kept);
            if let Some(&v) = self.keeps.get(&(k, left)) {
                return v;
            }
            let throw = 5 - kept.len() as u32;
            let outcomes = self.faces.pow(throw);
            let mut sum = 0.0;
            for o in 0..outcomes {
                let mut hand = kept.clone();
                let mut x = o;
                for _ in 0..throw {
                    hand.push((x % self.faces) as u8);
                    x /= self.faces;
                }
                sum += self.hand(&mut hand, left - 1);
            }
            let v = sum / outcomes as f64;
            self.keeps.insert((k, left), v);
            v
        }
    }
    let mut b = B {
        game,
        s,
        next,
        faces: game.faces() as u64,
        hands: HashMap::new(),
        keeps: HashMap::new(),
    };
    b.keep(Vec::new(), 3)
}

#[test]
fn the_turn_equals_a_brute_force_over_coloured_dice() {
    for name in [
        "painted:c2:ones,fives,yahtzee,full-house,colours,four-of-a-color,painted-house,flush,palette",
        "painted:c3:sixes,small-straight,colours,painted-house",
    ] {
        let game = Game::named(name).unwrap();
        let plan = Plan::new(&game);
        let y = game.box_index(yahtzee_painted::PaintedBox::Number(yahtzee_rules::Category::Yahtzee));
        // Several positions: an empty card, a card with boxes filled (the Yahtzee box with
        // 50 for the Joker and the bonus), an upper total near the threshold.
        let mut states = vec![State::default()];
        if let Some(y) = y {
            states.push(State { filled: 1 << y | 1 << 0, upper: 1, yahtzee_50: true });
            states.push(State { filled: 1 << y, upper: 0, yahtzee_50: false });
        }
        states.push(State { filled: 0b1010, upper: (game.threshold - 1) as u8, yahtzee_50: false });
        for s in states {
            let mut tv = TurnValues::<1>::new(&plan);
            plan.turn::<1, false>(&[s], &mut |_, n| noise(&game, n), &mut tv);
            let brute = brute_turn(&game, s, &|n| noise(&game, n));
            // Sums in another order: equal to rounding.
            assert!((tv.value[0] - brute).abs() < 1e-10 * brute.abs(), "{name} {s:?}: {} vs {brute}", tv.value[0]);
            // Eight lanes give each lane's single-lane value, and a follower lane carrying
            // the same values as the decider gets the same value.
            let mut tv8 = TurnValues::<8>::new(&plan);
            plan.turn::<8, false>(&[s; 8], &mut |_, n| noise(&game, n), &mut tv8);
            assert_eq!(tv8.value[3].to_bits(), tv.value[0].to_bits());
            let mut tf = TurnValues::<2>::new(&plan);
            plan.turn::<2, true>(&[s; 2], &mut |_, n| noise(&game, n), &mut tf);
            assert_eq!(tf.value[1].to_bits(), tv.value[0].to_bits());
        }
    }
}

/// Every state of a game by plain recursion over actual filled sets (no canonical sets),
/// each turn by brute force.
fn plain_value(game: &Game, s: State, memo: &mut HashMap<State, f64>) -> f64 {
    if s.filled.count_ones() as usize == game.box_count() {
        return 0.0;
    }
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    // The next states' values first (the brute force takes a plain function).
    let mut nexts = HashMap::new();
    for b in (0..game.box_count()).filter(|&b| !s.is_filled(b)) {
        for score in [0, 1, 2, 3, 4, 5, 50] {
            let (n, _) = game.place(s, b, score);
            nexts.entry(n).or_insert_with(|| plain_value(game, n, memo));
        }
    }
    let v = brute_turn(game, s, &|n| nexts[&n]);
    memo.insert(s, v);
    v
}

#[test]
fn the_solver_equals_a_plain_recursion_over_every_state() {
    let game = Game::named("painted:c2:ones,yahtzee,colours,flush").unwrap();
    let table = solve::solve(&game);
    let mut memo = HashMap::new();
    let mut checked = 0;
    for filled in 0..1u32 << game.box_count() {
        // Only states that can occur (the recursion visits what they lead to).
        for o in 0..game.states_per_set() {
            let s = game.state_at(filled, o);
            if !game.is_reachable(s) {
                continue;
            }
            let plain = plain_value(&game, s, &mut memo);
            let v = table[game.state_index(s)];
            assert!(
                (v - plain).abs() < 1e-10 * plain.abs().max(1.0),
                "{s:?}: {v} vs {plain}"
            );
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn one_colour_and_the_yahtzee_card_is_the_forced_game() {
    let names = "ones,twos,threes,fours,fives,sixes,three-of-a-kind,four-of-a-kind,full-house,small-straight,large-straight,yahtzee,chance";
    let game = Game::named(&format!("painted:c1:{names}")).unwrap();
    let table = solve::solve(&game);
    let rules = yahtzee_rules::RuleSet::named("forced").unwrap();
    let forced = yahtzee_solver::solve(rules, &|_| {});
    // Every state of the solitaire table, by the same value (another summation order).
    for filled in 0..1u32 << 13 {
        for o in 0..game.states_per_set() {
            let s = game.state_at(filled, o);
            if !game.is_reachable(s) {
                continue; // the solitaire table leaves these NaN
            }
            let base = yahtzee_rules::State::new(filled, s.upper, s.yahtzee_50);
            let (a, b) = (table[game.state_index(s)], forced[rules.state_index(base)]);
            assert!(
                (a - b).abs() < 1e-10 * b.abs().max(1.0),
                "{s:?}: {a} vs {b}"
            );
        }
    }
    let v = solve::start_value(&game, &table);
    assert!((v - rules.expected_value).abs() < 5e-9, "{v}");
}

#[test]
fn chunks_and_threads_give_the_same_bits() {
    let game =
        Game::named("painted:c2:ones,sixes,yahtzee,chance,colours,four-of-a-color,flush").unwrap();
    let whole = solve::solve(&game);
    // Layer by layer in chunks of 3 sets, on one thread.
    let plan = Plan::new(&game);
    let layers = Layers::of(&game);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut values: Vec<Vec<f64>> = vec![Vec::new(); game.box_count() + 1];
    for n in (0..=game.box_count()).rev() {
        let next = if n == game.box_count() {
            Vec::new()
        } else {
            values[n + 1].clone()
        };
        let len = layers.sets[n].len();
        let mut layer = Vec::new();
        for start in (0..len).step_by(3) {
            let end = (start + 3).min(len);
            layer.extend(one.install(|| solve_chunk(&plan, &layers, n, start..end, &next)));
        }
        values[n] = layer;
    }
    let chunked = table_from_layers(&game, &layers, &values);
    assert!(whole
        .iter()
        .zip(&chunked)
        .all(|(a, b)| a.to_bits() == b.to_bits()));
}

#[test]
fn the_table_file_round_trips() {
    let game = Game::named("painted:c2:ones,colours,flush").unwrap();
    let table = solve::solve(&game);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.table");
    solve::write_table(&path, &game, &table).unwrap();
    // The same bits (unreachable states are NaN, which `==` would not equal).
    let read = solve::read_table(&path, &game).unwrap();
    assert!(read
        .iter()
        .zip(&table)
        .all(|(a, b)| a.to_bits() == b.to_bits()));
    assert_eq!(read.len(), table.len());
    let other = Game::named("painted:c2:twos,colours,flush").unwrap();
    let e = solve::read_table(&path, &other).unwrap_err();
    assert!(
        e.contains("not 'painted:c2:twos,colours,flush'") && !e.contains('\n'),
        "{e}"
    );
}
