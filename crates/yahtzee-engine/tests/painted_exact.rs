//! Exact Painted Yahtzee advice wherever the exact table is in the data folder: a game too
//! big to solve on first use (more than `EXACT_LIMIT` states, as the full game) plays its
//! split strategy until `solve_exact` writes its table, then plays exactly from the mapped
//! file — the same values, bit for bit, as the exact table solved in memory; a damaged
//! file falls back to the split strategy.

use yahtzee_engine::painted::{self, DiceText, Question, Strategy};
use yahtzee_engine::Tables;
use yahtzee_painted::advice::Advisor;
use yahtzee_painted::approx::Valuer;
use yahtzee_painted::card::Card;
use yahtzee_painted::{Game, Hand};

/// One colour, the 13 Yahtzee boxes and the colour box: 2,097,152 states, just past
/// `EXACT_LIMIT`, solved in seconds (one colour is the cheapest kind).
const BIG: &str = "painted:c1:ones,twos,threes,fours,fives,sixes,three_of_a_kind,\
four_of_a_kind,full_house,small_straight,large_straight,yahtzee,chance,colours";

fn question(card: &str, dice: &str, rolls_left: u8) -> Question {
    Question {
        game: BIG.into(),
        card: card.into(),
        dice: DiceText::Text(dice.into()),
        rolls_left,
    }
}

const POSITIONS: [(&str, &str, u8); 3] = [
    ("", "3r 3r 4r 5r 6r", 2),
    ("ones=3 red=18 yahtzee=50", "6r 6r 6r 2r 2r", 1),
    ("sixes=24 chance=22 full_house=25", "1r 2r 3r 4r 6r", 0),
];

#[test]
fn the_exact_table_in_the_data_folder_is_played_exactly() {
    let game = Game::named(BIG).unwrap();
    assert!(game.state_count() > painted::EXACT_LIMIT);
    let data = tempfile::tempdir().unwrap();
    let checkpoints = tempfile::tempdir().unwrap();

    // No table yet: the split strategy, and it says so.
    let tables = Tables::new(Some(data.path().to_path_buf()));
    let split = question("", "3r 3r 4r 5r 6r", 2).answer(&tables).unwrap();
    assert_eq!(split.strategy, "split");

    let (path, start) =
        painted::solve_exact(&tables, &game, checkpoints.path(), 4096, &mut |_| {}).unwrap();
    assert_eq!(path, painted::table_path(data.path(), &game));

    // Solved in memory, the same game's exact values.
    let exact = Valuer::exact(&game);
    let Valuer::Exact(_, table) = &exact else {
        unreachable!()
    };
    let empty = game.state_index(Default::default());
    assert_eq!(table.get(empty).to_bits(), start.to_bits());
    let reference = Advisor::new(&game, exact.clone());

    // A fresh process's tables: the file, mapped.
    let tables = Tables::new(Some(data.path().to_path_buf()));
    for (card, dice, rolls) in POSITIONS {
        let a = question(card, dice, rolls).answer(&tables).unwrap();
        assert_eq!(a.strategy, "exact");
        let card = Card::parse(&game, card).unwrap();
        let hand = Hand::parse(dice, game.colours).unwrap();
        let want = reference.advise(&card, &hand, rolls).unwrap();
        assert_eq!(a.options, want.options, "{dice} with {rolls} rolls left");
        // The split strategy valued the first position otherwise.
        if rolls == 2 && card.state(&game) == Default::default() {
            assert_ne!(a.expected_total, split.expected_total);
        }
    }

    // A damaged file: the split strategy again (with a notice), not a wrong answer.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&path, bytes).unwrap();
    let tables = Tables::new(Some(data.path().to_path_buf()));
    let a = question("", "3r 3r 4r 5r 6r", 2).answer(&tables).unwrap();
    assert_eq!(a.strategy, "split");
    assert_eq!(a.options, split.options);
}

#[test]
fn a_solve_past_the_memory_limit_is_refused_before_it_starts() {
    let game = Game::named(BIG).unwrap();
    let data = tempfile::tempdir().unwrap();
    let checkpoints = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(data.path().to_path_buf())).with_memory_limit(10 << 20);
    let e = painted::solve_exact(&tables, &game, checkpoints.path(), 64, &mut |_| {})
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("needs about") && e.contains("limit"), "{e}");
    assert_eq!(std::fs::read_dir(checkpoints.path()).unwrap().count(), 0);
}

#[test]
fn simulation_plays_the_strategy_asked_for() {
    let game = Game::named(BIG).unwrap();
    let data = tempfile::tempdir().unwrap();
    let checkpoints = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(data.path().to_path_buf()));
    let ask = |strategy| painted::SimulateQuestion {
        game: BIG.into(),
        games: 40,
        seed: 3,
        strategy,
    };
    // No exact table: the best there is is the split strategy; exact is refused.
    assert_eq!(
        ask(Strategy::Best).answer(&tables).unwrap().strategy,
        "split"
    );
    let e = ask(Strategy::Exact)
        .answer(&tables)
        .unwrap_err()
        .to_string();
    assert!(e.contains("yahtzee painted solve"), "{e}");
    painted::solve_exact(&tables, &game, checkpoints.path(), 4096, &mut |_| {}).unwrap();
    let tables = Tables::new(Some(data.path().to_path_buf()));
    let best = ask(Strategy::Best).answer(&tables).unwrap();
    assert_eq!(best.strategy, "exact");
    assert_eq!(
        ask(Strategy::Exact).answer(&tables).unwrap().mean,
        best.mean
    );
    // The split strategy on the same dice, for its gap.
    let split = ask(Strategy::Split).answer(&tables).unwrap();
    assert_eq!(split.strategy, "split");
    let fresh = tempfile::tempdir().unwrap();
    let before = ask(Strategy::Best)
        .answer(&Tables::new(Some(fresh.path().to_path_buf())))
        .unwrap();
    assert_eq!(split.mean, before.mean);
}
