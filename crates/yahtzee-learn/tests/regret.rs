//! The environment's exact feedback on small games, against the solver's values.

use yahtzee_learn::{Action, Batch, Env, Layout, Model, Outputs, KEEP_ACTIONS};
use yahtzee_rules::{Category, RuleSet};

/// A small game of `base` (a named rule set) with these boxes, solved, as a model.
fn small(base: &str, boxes: &[Category], threshold: u32) -> (Layout, &'static Model, f64) {
    let rules = RuleSet::named(base).unwrap().reduced(boxes, threshold);
    let values: &'static [f64] =
        Box::leak(yahtzee_solver::solve(rules, &|_| {}).into_boxed_slice());
    let start = values[rules.state_index(yahtzee_rules::State::START)];
    (
        Layout::new(rules),
        Box::leak(Box::new(Model::new(rules, values))),
        start,
    )
}

/// Every house rule, in small games of three base rule sets.
const RULES: [&str; 5] = [
    "forced",
    "yatzy+mulligan+fool-house",
    "free+chance-chance",
    "forced+mega-yahtzee",
    "yatzy+mulligan+chance-chance+fool-house+mega-yahtzee",
];

const BOXES: [Category; 4] = [
    Category::Threes,
    Category::FullHouse,
    Category::Yahtzee,
    Category::Chance,
];

/// A deterministic pseudo-random legal action (an xorshift of `state`).
fn random_action(env: &Env, state: &mut u64) -> usize {
    let n = env.layout().action_count();
    loop {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        let a = (*state % n as u64) as usize;
        if env.is_legal(a) {
            return a;
        }
    }
}

/// Plays `games` episodes with `choose`; returns per game (total, summed regret, the
/// optimal value at the start).
fn play(
    layout: Layout,
    model: &'static Model,
    games: u64,
    mut choose: impl FnMut(&Env) -> usize,
) -> Vec<(f64, f64, f64)> {
    let mut env = Env::new(layout, Some(model)).unwrap();
    (0..games)
        .map(|g| {
            env.reset(11, g);
            let start = env.optimal_value().unwrap();
            let mut regret = 0.0;
            while !env.is_over() {
                let a = choose(&env);
                regret += env.step(a).unwrap().regret.unwrap();
            }
            (f64::from(env.total()), regret, start)
        })
        .collect()
}

fn mean_and_half_width(xs: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let n = xs.clone().count() as f64;
    let mean = xs.clone().sum::<f64>() / n;
    let var = xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 4.0 * (var / n).sqrt())
}

#[test]
fn optimal_play_has_no_regret_and_scores_the_solved_value() {
    for base in RULES {
        let (layout, model, start) = small(base, &BOXES, 9);
        let games = play(layout, model, 4000, |e| e.best_action().unwrap());
        assert!(
            games.iter().all(|g| g.1.abs() < 1e-9),
            "{base}: optimal play has regret"
        );
        let (mean, half) = mean_and_half_width(games.iter().map(|g| g.0));
        assert!(
            (mean - start).abs() < half,
            "{base}: mean {mean} vs exact {start} ± {half}"
        );
    }
}

/// A random agent's total plus its summed regret is the solved value plus zero-mean noise:
/// each step's regret is exactly what the action lost in expectation.
#[test]
fn total_plus_regret_is_the_solved_value_in_expectation() {
    for base in RULES {
        let (layout, model, start) = small(base, &BOXES, 9);
        let mut seed = 0x9e37_79b9_u64;
        let games = play(layout, model, 4000, |e| random_action(e, &mut seed));
        let (mean_regret, _) = mean_and_half_width(games.iter().map(|g| g.1));
        assert!(
            mean_regret > 1.0,
            "{base}: random play loses points ({mean_regret})"
        );
        let (mean, half) = mean_and_half_width(games.iter().map(|g| g.0 + g.1));
        assert!(
            (mean - start).abs() < half,
            "{base}: {mean} vs {start} ± {half}"
        );
        // The optimal value at the start of a game averages to the solved value too (under
        // Mega Yahtzee it is the same every game, before any die: the kernel's to 1e-9).
        let (opening, half) = mean_and_half_width(games.iter().map(|g| g.2));
        assert!(
            (opening - start).abs() < half.max(1e-9),
            "{base}: {opening} vs {start}"
        );
    }
}

#[test]
fn masks_follow_the_rules() {
    let (layout, model, _) = small("forced+mulligan+fool-house", &BOXES, 9);
    let mut env = Env::new(layout, Some(model)).unwrap();
    let chance = layout.score_action(layout.box_of(Category::Chance).unwrap());
    let mut seed = 7u64;
    let mut seen_forced = false;
    let mut seen_mulligan = false;
    for g in 0..300 {
        env.reset(3, g);
        while !env.is_over() {
            let dice = env.dice();
            let forced = dice.is_natural_full_house()
                && env.is_legal(layout.score_action(layout.box_of(Category::FullHouse).unwrap()));
            let keeps = (0..KEEP_ACTIONS).filter(|&a| env.is_legal(a)).count();
            if forced {
                // Fool-house: the natural full house goes in Full House, nothing else.
                seen_forced = true;
                assert_eq!(keeps, 0);
                assert!(!env.is_legal(chance));
            } else if env.rolls_left() > 0 {
                assert_eq!(keeps, KEEP_ACTIONS);
            } else if keeps > 0 {
                // The mulligan in hand: every keep but keeping all five.
                seen_mulligan = true;
                assert_eq!(keeps, KEEP_ACTIONS - 1);
            }
            for a in 0..layout.action_count() {
                assert_eq!(env.is_legal(a), env.why_illegal(a).is_none(), "action {a}");
            }
            let a = random_action(&env, &mut seed);
            let before = env.dice();
            let illegal = (0..layout.action_count()).find(|&a| !env.is_legal(a));
            if let Some(bad) = illegal {
                assert!(env.step(bad).is_err());
                assert_eq!(env.dice(), before, "a refused action changes nothing");
            }
            env.step(a).unwrap();
        }
    }
    assert!(seen_forced && seen_mulligan);
    assert!(matches!(
        layout.action(KEEP_ACTIONS),
        Some(Action::Score(0))
    ));
}

/// Two agents on one seed see the same fresh dice: the same opening roll every turn they
/// both reach, whatever they kept before.
#[test]
fn fresh_dice_do_not_depend_on_the_actions() {
    let (layout, model, _) = small("forced", &BOXES, 9);
    let mut a = Env::new(layout, Some(model)).unwrap();
    let mut b = Env::new(layout, Some(model)).unwrap();
    a.reset(5, 0);
    b.reset(5, 0);
    assert_eq!(a.dice(), b.dice());
    // a rerolls everything, b keeps everything: a's new dice are the roll's fresh draws.
    a.step(0).unwrap();
    b.step(31).unwrap();
    let mut c = Env::new(layout, None).unwrap();
    c.reset(5, 0);
    c.step(0).unwrap();
    assert_eq!(a.dice(), c.dice(), "the same draws whatever the model");
    // Both score box 0 now: the next turn opens on the same roll.
    a.step(layout.score_action(0)).unwrap();
    b.step(layout.score_action(0)).unwrap();
    assert_eq!(a.dice(), b.dice());
}

/// A batch's output arrays, owned, one row per game.
struct Rows {
    obs: Vec<f32>,
    rew: Vec<f64>,
    term: Vec<bool>,
    reset: Vec<bool>,
    masks: Vec<u8>,
    regret: Vec<f64>,
    ar: Vec<f64>,
    opt: Vec<f64>,
}

impl Rows {
    fn new(layout: &Layout, n: usize) -> Rows {
        let (ol, al) = (layout.observation_len(), layout.action_count());
        Rows {
            obs: vec![0.0; n * ol],
            rew: vec![0.0; n],
            term: vec![false; n],
            reset: vec![false; n],
            masks: vec![0; n * al],
            regret: vec![0.0; n],
            ar: vec![0.0; n * al],
            opt: vec![0.0; n],
        }
    }

    fn out(&mut self) -> Outputs<'_> {
        Outputs {
            observations: &mut self.obs,
            rewards: &mut self.rew,
            terminated: &mut self.term,
            reset: &mut self.reset,
            masks: &mut self.masks,
            regret: &mut self.regret,
            action_regret: &mut self.ar,
            optimal_value: &mut self.opt,
        }
    }
}

#[test]
fn a_batch_steps_like_single_games_and_resets_on_the_next_step() {
    let (layout, model, _) = small("forced", &BOXES, 9);
    let n = 37;
    let envs = (0..n)
        .map(|_| Env::new(layout, Some(model)).unwrap())
        .collect();
    let mut batch = Batch::new(envs);
    let (ol, al) = (layout.observation_len(), layout.action_count());
    let mut rows = Rows::new(&layout, n);
    batch.reset(100, 0, rows.out());
    let mut single = Env::new(layout, Some(model)).unwrap();
    single.reset(100 + 5, 0);
    let mut single_obs = vec![0f32; ol];
    single.observe(&mut single_obs);
    assert_eq!(&rows.obs[5 * ol..6 * ol], &single_obs[..]);
    // Everyone plays the best action (the first with regret 0) until every game has ended
    // once: a finished game's next step resets it.
    let mut ended = vec![false; n];
    let mut totals = vec![0.0; n];
    for _ in 0..200 {
        let actions: Vec<i64> = (0..n)
            .map(|i| {
                let row = &rows.ar[i * al..(i + 1) * al];
                row.iter().position(|&r| r == 0.0).unwrap_or(0) as i64 // the first best
            })
            .collect();
        batch.step(&actions, rows.out()).unwrap();
        for i in 0..n {
            if !rows.reset[i] {
                assert_eq!(rows.regret[i], 0.0);
                totals[i] += rows.rew[i];
            }
            if rows.term[i] {
                ended[i] = true;
            }
            if rows.reset[i] {
                assert!(ended[i]);
            }
        }
        if ended.iter().all(|&e| e) {
            break;
        }
    }
    assert!(ended.iter().all(|&e| e));
    // An illegal action anywhere refuses the whole step.
    batch.reset(100, 0, rows.out());
    let mut actions = vec![0i64; n];
    actions[3] = al as i64;
    assert!(batch.step(&actions, rows.out()).is_err());
}

/// A batch decides its games' turns eight at a time in the solver's lanes; a lone game
/// decides with the scalar strategy. Both give every action the same regret, to the bit.
#[test]
fn a_batch_values_every_action_as_a_lone_game_does() {
    for base in RULES {
        let (layout, model, _) = small(base, &BOXES, 9);
        let n = 21;
        let games = (0..n).map(|_| Env::new(layout, Some(model)).unwrap());
        let mut batch = Batch::new(games.collect());
        let mut lone: Vec<Env> = (0..n)
            .map(|_| Env::new(layout, Some(model)).unwrap())
            .collect();
        let al = layout.action_count();
        let mut rows = Rows::new(&layout, n);
        let mut lone_ar = vec![0f64; al];
        let mut seed = 99u64;
        for (i, e) in lone.iter_mut().enumerate() {
            e.reset(40 + i as u64, 0);
        }
        batch.reset(40, 0, rows.out());
        let mut compared = 0;
        for _ in 0..40 {
            // Lockstep: the lone games' actions; a game over takes 0 (ignored in the batch:
            // it resets there, and is compared no more).
            let actions: Vec<i64> = lone
                .iter()
                .map(|e| {
                    if e.is_over() {
                        0
                    } else {
                        random_action(e, &mut seed) as i64
                    }
                })
                .collect();
            for (i, e) in lone.iter().enumerate() {
                if !e.is_over() {
                    e.action_regret(&mut lone_ar).unwrap();
                    assert_eq!(&rows.ar[i * al..(i + 1) * al], &lone_ar[..], "{base}");
                    compared += 1;
                }
            }
            for (e, &a) in lone.iter_mut().zip(&actions) {
                if !e.is_over() {
                    e.step(a as usize).unwrap();
                }
            }
            let actions: Vec<i64> = actions
                .iter()
                .enumerate()
                .map(|(i, &a)| {
                    if lone[i].is_over() && !rows.term[i] && rows.reset[i] {
                        0
                    } else {
                        a
                    }
                })
                .collect();
            if batch.step(&actions, rows.out()).is_err() {
                break; // a finished lone game's 0 is illegal in the batch's new game
            }
        }
        assert!(compared > 200, "{base}: {compared}"); // 21 games of about 12 steps
    }
}

/// In every house rule's game, the mask is exactly the actions `step` accepts, and the
/// Mega turn's question comes once a game until the sixth die is taken.
#[test]
fn the_mask_is_what_step_accepts_under_every_house_rule() {
    for base in RULES {
        let (layout, model, _) = small(base, &BOXES, 9);
        let mut env = Env::new(layout, Some(model)).unwrap();
        let mut seed = 17u64;
        let mut took_sixth = 0;
        for g in 0..200 {
            env.reset(9, g);
            while !env.is_over() {
                for a in 0..layout.action_count() {
                    assert_eq!(env.is_legal(a), env.why_illegal(a).is_none(), "{base}: {a}");
                }
                let a = random_action(&env, &mut seed);
                if Some(a) == layout.sixth_die_action(true) {
                    took_sixth += 1;
                }
                env.step(a).unwrap();
            }
        }
        if layout.rules().house.mega_yahtzee {
            // Random play answers the question with a keep (rolling five) most of the time.
            assert!((1..200).contains(&took_sixth), "{base}: {took_sixth}");
        } else {
            assert_eq!(took_sixth, 0);
        }
    }
}
