//! Every strategy only ever makes legal moves, checked against a reference reading of the
//! rules written here from the rule texts (not from `game.rs`), over seeded games of both
//! variants; and the engine's move lists equal the reference's on random positions rich in
//! five of a kinds.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yahtzee_rules::{tables, Category, Dice};
use yahtzee_triple::sim::roll_dice;
use yahtzee_triple::{
    solitaire_table, standard_player, Kind, Triple, TripleCard, Variant, MULTIPLIERS,
};

/// (column, box index, score written, Yahtzee bonus) of a legal move.
type Ref = (usize, usize, u32, u32);

fn yahtzee_box(game: &Triple) -> usize {
    game.rules
        .box_index(Category::Yahtzee)
        .expect("a Yahtzee box")
}

/// The rule texts' legal moves. `rolled`: Yahtzees rolled before this one (Forum).
fn reference(card: &TripleCard, rolled: u32, dice: &Dice) -> Vec<Ref> {
    let game = card.game();
    let rules = game.rules;
    let y = yahtzee_box(&game);
    let open = |c: usize, b: usize| card.score(c, b).is_none();
    let normal = |b: usize| rules.score(rules.boxes[b], dice);
    let joker = |b: usize| match rules.boxes[b] {
        Category::FullHouse => 25,
        Category::SmallStraight => 30,
        Category::LargeStraight => 40,
        _ => normal(b),
    };
    let is_upper = |b: usize| rules.boxes[b].upper_face().is_some();
    let nb = game.boxes();
    let mut out = Vec::new();
    let five = dice.five_of_a_kind();
    match game.variant {
        Variant::Lowe1978 => {
            for c in 0..3 {
                let boxes: Vec<usize> = (0..nb).filter(|&b| open(c, b)).collect();
                let Some(f) = five.filter(|_| !open(c, y)) else {
                    out.extend(boxes.iter().map(|&b| (c, b, normal(b), 0)));
                    continue;
                };
                let chip = if card.score(c, y) == Some(50) { 100 } else { 0 };
                let fb = usize::from(f) - 1;
                if open(c, fb) {
                    out.push((c, fb, 5 * u32::from(f), chip));
                } else if boxes.iter().any(|&b| !is_upper(b)) {
                    out.extend(
                        boxes
                            .iter()
                            .filter(|&&b| !is_upper(b))
                            .map(|&b| (c, b, joker(b), chip)),
                    );
                } else {
                    out.extend(boxes.iter().map(|&b| (c, b, 0, chip)));
                }
            }
        }
        Variant::Forum => {
            let all: Vec<(usize, usize)> = (0..3)
                .flat_map(|c| (0..nb).map(move |b| (c, b)))
                .filter(|&(c, b)| open(c, b))
                .collect();
            let Some(f) = five.filter(|_| rolled > 0) else {
                return all.iter().map(|&(c, b)| (c, b, normal(b), 0)).collect();
            };
            let fb = usize::from(f) - 1;
            let tier: Vec<(usize, usize, u32)> = [
                all.iter()
                    .filter(|p| p.1 == y)
                    .map(|&(c, b)| (c, b, 50))
                    .collect::<Vec<_>>(),
                all.iter()
                    .filter(|p| p.1 == fb)
                    .map(|&(c, b)| (c, b, 5 * u32::from(f)))
                    .collect(),
                all.iter()
                    .filter(|p| !is_upper(p.1))
                    .map(|&(c, b)| (c, b, joker(b)))
                    .collect(),
                all.iter().map(|&(c, b)| (c, b, 0)).collect(),
            ]
            .into_iter()
            .find(|t| !t.is_empty())
            .unwrap_or_default();
            for (c, b, score) in tier {
                let fifties_after = (0..3)
                    .filter(|&k| card.score(k, y) == Some(50) || (k == c && b == y))
                    .count();
                let bonus = match rolled + 1 {
                    2 | 3 if b == y => 100 * MULTIPLIERS[c],
                    n if n >= 4 && fifties_after == 3 => 300,
                    _ => 0,
                };
                out.push((c, b, score, bonus));
            }
        }
    }
    out
}

fn engine(card: &TripleCard, dice: &Dice) -> Vec<Ref> {
    let game = card.game();
    let mut v: Vec<Ref> = game
        .moves(&card.state(), dice)
        .iter()
        .map(|m| (m.col, m.box_index, m.score, m.yahtzee_bonus))
        .collect();
    v.sort_unstable();
    v
}

fn sorted(mut v: Vec<Ref>) -> Vec<Ref> {
    v.sort_unstable();
    v
}

/// Dice where one roll in three is five of a kind.
fn yahtzee_rich(rng: &mut impl Rng) -> Dice {
    if rng.random_range(0..3) == 0 {
        let f = rng.random_range(0..6);
        let mut counts = [0; 6];
        counts[f] = 5;
        Dice::from_counts(counts).expect("five dice")
    } else {
        roll_dice(Dice::EMPTY, rng)
    }
}

#[test]
fn move_lists_match_the_reference_on_random_positions() {
    for variant in [Variant::Lowe1978, Variant::Forum] {
        let game = Triple::standard(variant);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..60 {
            let mut card = TripleCard::new(game);
            let mut rolled = 0;
            while !card.is_full() {
                let dice = yahtzee_rich(&mut rng);
                let want = sorted(reference(&card, rolled, &dice));
                assert_eq!(
                    engine(&card, &dice),
                    want,
                    "{} card {}",
                    variant.name(),
                    card.to_text()
                );
                let moves = game.moves(&card.state(), &dice);
                let m = moves[rng.random_range(0..moves.len())];
                card.apply(&m, dice.five_of_a_kind().is_some());
                rolled += u32::from(dice.five_of_a_kind().is_some());
            }
        }
    }
}

#[test]
fn strategies_only_make_legal_moves() {
    let table = solitaire_table(&Triple::standard(Variant::Lowe1978));
    for variant in [Variant::Lowe1978, Variant::Forum] {
        for kind in [Kind::Fitted, Kind::Solitaire, Kind::Greedy] {
            let player = standard_player(variant, kind, Arc::clone(&table));
            for g in 0..6 {
                play_checked(&player, &mut ChaCha8Rng::seed_from_u64(100 + g));
            }
        }
    }
}

/// One game, every keep and move checked; the card's total must equal the points earned.
fn play_checked(player: &yahtzee_triple::Player, rng: &mut ChaCha8Rng) {
    let game = player.game();
    let mut card = TripleCard::new(game);
    let (mut rolled, mut earned) = (0, 0);
    while !card.is_full() {
        let s = card.state();
        let turn = player.turn(&s);
        let mut dice = yahtzee_rich(rng);
        for left in [2u8, 1] {
            let k = tables().keep(turn.best_keep(&dice, left));
            assert!(dice.contains(&k), "keep {k:?} from {dice:?}");
            dice = if k == dice { dice } else { roll_dice(k, rng) };
        }
        let m = player.best_move(&s, &dice);
        let legal = reference(&card, rolled, &dice);
        assert!(
            legal.contains(&(m.col, m.box_index, m.score, m.yahtzee_bonus)),
            "{:?} illegal for {dice:?} on {}",
            m,
            card.to_text()
        );
        let before = card.column_total(m.col);
        card.apply(&m, dice.five_of_a_kind().is_some());
        let column_gain = card.column_total(m.col) - before;
        assert_eq!(m.points, MULTIPLIERS[m.col] * column_gain + m.yahtzee_bonus);
        earned += m.points;
        rolled += u32::from(dice.five_of_a_kind().is_some());
    }
    assert_eq!(card.total(), earned);
}
