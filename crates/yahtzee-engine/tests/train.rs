//! The trainer's puzzles (`yahtzee_engine::train`): each is a position of its seeded game
//! ranked exactly as `advise --explain` ranks it, chosen by its own rule, tagged and graded
//! as documented, and the same for the same query.

use std::sync::OnceLock;

use yahtzee_engine::train::{self, Difficulty, Kind, Player, Query, Theme};
use yahtzee_engine::{advise, explain, parse_card, PlayFor, Tables, TurnMulligan};
use yahtzee_rules::RuleSet;

/// A reduced game with every kind of box a theme speaks of: the upper boxes and bonus, a
/// straight, three of a kind and a full house, Yahtzee and its Joker.
const REDUCED: &str =
    "forced:ones,twos,threes,fours,fives,sixes,three_of_a_kind,full_house,small_straight,yahtzee,chance@30";

fn tables() -> &'static Tables {
    static TABLES: OnceLock<(tempfile::TempDir, Tables)> = OnceLock::new();
    &TABLES
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let tables = Tables::new(Some(dir.path().to_path_buf()));
            (dir, tables)
        })
        .1
}

fn puzzles(rules: &'static RuleSet, query: &Query) -> Result<Vec<train::Puzzle>, String> {
    let advisor = tables().advisor(rules).unwrap();
    let companion = tables().companion(rules).unwrap();
    train::puzzles(&advisor, &companion, query).map_err(|e| e.to_string())
}

fn query(seed: u64, count: usize) -> Query {
    Query {
        seed,
        count,
        difficulty: None,
    }
}

#[test]
fn each_puzzle_is_its_position_ranked_and_explained_as_advise_explain_ranks_it() {
    let rules = RuleSet::named(REDUCED).unwrap();
    let advisor = tables().advisor(rules).unwrap();
    let companion = tables().companion(rules).unwrap();
    let set = puzzles(rules, &query(7, 12)).unwrap();
    assert_eq!(set.len(), 12);
    for (i, p) in set.iter().enumerate() {
        assert_eq!(p.number, i + 1);
        let card = parse_card(rules, &p.card).unwrap();
        let dice = p.dice();
        let rolls = p.report.rolls_left;
        let mut want = advise(&advisor, None, &card, dice, rolls, &PlayFor::Expected).unwrap();
        explain(
            &advisor,
            &companion,
            &card,
            &dice,
            rolls,
            TurnMulligan::AsCard,
            &mut want,
        )
        .unwrap();
        assert_eq!(
            serde_json::to_value(&p.report).unwrap(),
            serde_json::to_value(&want).unwrap(),
            "puzzle {}",
            p.number
        );
    }
}

#[test]
fn a_puzzle_is_chosen_by_its_rule_and_graded_by_its_margin() {
    let rules = RuleSet::named(REDUCED).unwrap();
    let set = puzzles(rules, &query(3, 30)).unwrap();
    let mut kinds = Vec::new();
    for p in &set {
        let card = parse_card(rules, &p.card).unwrap();
        let losses: Vec<f64> = p.report.options.iter().map(|o| o.loss).collect();
        assert_eq!(losses[0], 0.0);
        assert!(losses.windows(2).all(|w| w[0] <= w[1]), "ranked best first");
        let margin = *losses.iter().find(|&&l| l > 1e-9).unwrap();
        assert_eq!(p.margin, margin);
        assert_eq!(p.difficulty, Difficulty::of_margin(margin));
        assert_eq!(p.greedy, train::greedy_choice(&card, &p.report));
        assert_eq!(p.myopic, train::myopic_choice(&card, &p.report));
        let (greedy_loss, myopic_loss) = (losses[p.greedy], losses[p.myopic]);
        match p.kind {
            Kind::Trap => {
                assert!(greedy_loss.max(myopic_loss) >= train::TRAP);
                assert_eq!(losses[p.against], greedy_loss.max(myopic_loss));
                assert!(p.against == p.greedy || p.against == p.myopic);
            }
            Kind::Close => {
                assert!(greedy_loss < train::TRAP && greedy_loss > 0.0);
                assert!(myopic_loss < train::TRAP && myopic_loss > 0.0);
                assert!(margin < train::CLOSE);
                assert_eq!(losses[p.against], margin);
            }
        }
        assert_eq!(Player::Greedy.loss(&card, &p.report), greedy_loss);
        assert_eq!(Player::Myopic.loss(&card, &p.report), myopic_loss);
        assert_eq!(Player::Optimal.loss(&card, &p.report), 0.0);
        let mean = losses.iter().sum::<f64>() / losses.len() as f64;
        assert_eq!(Player::Random.loss(&card, &p.report), mean);
        // One puzzle a turn: no two from the same turn of the same game.
        kinds.push(p.kind);
    }
    let turns: std::collections::HashSet<(u64, u32)> =
        set.iter().map(|p| (p.game, p.turn)).collect();
    assert_eq!(turns.len(), set.len());
    assert!(
        kinds.contains(&Kind::Trap) && kinds.contains(&Kind::Close),
        "{kinds:?}"
    );
}

#[test]
fn a_difficulty_asked_for_gives_only_that_difficulty() {
    let rules = RuleSet::named(REDUCED).unwrap();
    for d in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        let q = Query {
            seed: 11,
            count: 4,
            difficulty: Some(d),
        };
        let set = puzzles(rules, &q).unwrap();
        assert!(set.iter().all(|p| p.difficulty == d), "{d:?}");
    }
}

#[test]
fn the_same_query_gives_the_same_puzzles_and_another_seed_others() {
    let rules = RuleSet::named(REDUCED).unwrap();
    let json = |seed| serde_json::to_string(&puzzles(rules, &query(seed, 6)).unwrap()).unwrap();
    assert_eq!(json(5), json(5));
    assert_ne!(json(5), json(6));
    // A longer set starts with the shorter one.
    let short = puzzles(rules, &query(5, 3)).unwrap();
    let long = puzzles(rules, &query(5, 6)).unwrap();
    for (a, b) in short.iter().zip(&long) {
        assert_eq!((a.game, a.turn, &a.card), (b.game, b.turn, &b.card));
    }
}

#[test]
fn themes_are_read_from_the_position_and_its_explanations() {
    let rules = RuleSet::named(REDUCED).unwrap();
    let set = puzzles(rules, &query(1, 40)).unwrap();
    let mut seen = std::collections::HashSet::new();
    for p in &set {
        let card = parse_card(rules, &p.card).unwrap();
        let open = (0..rules.box_count())
            .filter(|&b| !card.state().is_filled(b))
            .count();
        let joker = p.report.options[0].joker || p.report.options[p.against].joker;
        assert!(p.against != 0);
        match p.theme {
            Theme::Joker => assert!(joker),
            Theme::Endgame => assert!(!joker && open <= 3),
            Theme::WhereToZero => {
                assert!(!joker && open > 3 && p.report.rolls_left == 0);
                let zero = |i: usize| p.report.options[i].score == Some(0);
                assert!(zero(0) || zero(p.against));
            }
            _ => assert!(!joker && open > 3),
        }
        seen.insert(p.theme);
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

#[test]
fn bad_counts_are_refused_before_any_game() {
    let rules = RuleSet::named(REDUCED).unwrap();
    for count in [0, train::MAX_PUZZLES + 1] {
        let e = puzzles(rules, &query(1, count)).err().unwrap();
        assert!(e.contains("--count") && !e.contains('\n'), "{e}");
    }
}

#[test]
fn puzzles_come_under_house_rules_and_yatzy_too() {
    for name in ["forced+mulligan+chance-chance", "yatzy"] {
        let rules = yahtzee_engine::rules_named(name, &[]).unwrap();
        let set = puzzles(rules, &query(2, 3)).unwrap();
        assert_eq!(set.len(), 3, "{name}");
        assert!(set.iter().all(|p| p.report.rules == rules.name));
    }
}

/// The plausible players by hand, on an empty card of the reduced game, 1 2 3 4 5 with two
/// rolls left: greedy keeps its most common face (all once: the highest, 5); myopic stands
/// on the small straight's 30 points this turn (keeps them all).
#[test]
fn the_plausible_players_choose_as_their_rules_say() {
    let rules = RuleSet::named(REDUCED).unwrap();
    let advisor = tables().advisor(rules).unwrap();
    let card = parse_card(rules, "").unwrap();
    let dice = yahtzee_engine::parse_dice("12345").unwrap();
    let report = advise(&advisor, None, &card, dice, 2, &PlayFor::Expected).unwrap();
    let keep = |i: usize| report.options[i].keep.clone();
    assert_eq!(keep(train::greedy_choice(&card, &report)), Some(vec![5]));
    assert_eq!(
        keep(train::myopic_choice(&card, &report)),
        Some(vec![1, 2, 3, 4, 5])
    );
    // After the last roll, 4 4 4 4 2: greedy writes the most points now, the first box of
    // them in card order (three of a kind and Chance 18 against Fours 16: three of a
    // kind); so does myopic.
    let dice = yahtzee_engine::parse_dice("44442").unwrap();
    let report = advise(&advisor, None, &card, dice, 0, &PlayFor::Expected).unwrap();
    for i in [
        train::greedy_choice(&card, &report),
        train::myopic_choice(&card, &report),
    ] {
        let o = &report.options[i];
        assert_eq!((o.category, o.score), (Some("three_of_a_kind"), Some(18)));
    }
}
