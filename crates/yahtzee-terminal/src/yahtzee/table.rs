//! The table of a game of Yahtzee, with no input or output: the game, its record, its dice,
//! what each seat's decisions cost and the positions `undo` goes back to. The line mode
//! ([`super::play_games`]) and the full screen ([`super::screen`]) both play through it, so
//! a decision is judged, applied and recorded the same way in both.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_advice::{Advice, Advisor};
use yahtzee_play::{judge, label, Aim, Bots, Event, Game, Record};
use yahtzee_rules::{Category, Dice, Move};

use crate::Error;

/// What a decision cost against optimal play, as a player reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Expected points lost (0 for an optimal choice).
    pub cost: f64,
    /// Expected final total after the choice made.
    pub chosen_total: f64,
    /// The best option's label and expected final total.
    pub best: String,
    pub best_total: f64,
}

impl Verdict {
    /// "optimal", or what it cost and what was best (two lines, each within 80 columns).
    pub fn text(&self) -> String {
        if self.cost > 0.0 {
            format!(
                "that cost {:.2} expected points (expected final total {:.2});\n  best was {} \
                 for {:.2}",
                self.cost, self.chosen_total, self.best, self.best_total
            )
        } else {
            "optimal".to_string()
        }
    }

    /// "optimal", or what it cost and what was best, in a few words (the full screen).
    pub fn short_text(&self) -> String {
        if self.cost > 0.0 {
            format!("cost {:.2}: best was {}", self.cost, self.best)
        } else {
            "optimal".to_string()
        }
    }
}

/// The game before a person's decision, for `undo`.
#[derive(Clone)]
struct Snapshot {
    game: Game,
    rng: ChaCha8Rng,
}

/// One game at the table.
pub struct Table<'a> {
    pub advisor: &'a Advisor,
    pub bots: &'a Bots<'a>,
    /// What each seat's bot plays for.
    pub aims: &'a [Aim],
    pub game: Game,
    pub record: Record,
    rng: ChaCha8Rng,
    /// Expected points each seat lost against optimal play (undone decisions included).
    pub costs: Vec<f64>,
    undo: Vec<Snapshot>,
}

impl<'a> Table<'a> {
    pub fn new(
        advisor: &'a Advisor,
        bots: &'a Bots<'a>,
        aims: &'a [Aim],
        seats: &[(String, bool)],
        seed: u64,
    ) -> Table<'a> {
        let rules = advisor.table().rules();
        Table {
            advisor,
            bots,
            aims,
            game: Game::new(rules, seats.to_vec()),
            record: Record::new(rules, Some(seed), seats.to_vec()),
            rng: ChaCha8Rng::seed_from_u64(seed),
            costs: vec![0.0; seats.len()],
            undo: Vec::new(),
        }
    }

    /// A new game at the table of `games`, with the dice of `seed`.
    pub fn for_games(games: &super::Games<'a>, seed: u64) -> Table<'a> {
        Table::new(
            games.advisor,
            games.bots,
            &games.seats.aims,
            &games.seats.seats,
            seed,
        )
    }

    /// Starts the turn of the seat to play: records its first line.
    pub fn start_turn(&mut self) {
        self.record.push(Event::Turn {
            round: self.game.round(),
            player: self.game.current().name.clone(),
        });
    }

    /// Rolls the dice not kept with the table's dice, and records the roll.
    pub fn roll(&mut self) -> Result<Dice, Error> {
        let dice = yahtzee_play::bot::roll_up_to(
            self.game.to_keep(),
            self.game.dice_per_roll(),
            &mut self.rng,
        );
        self.rolled(dice).map_err(Error::Game)?;
        Ok(dice)
    }

    /// Takes `dice` (all showing, typed at a real table) as the roll, and records it.
    pub fn rolled(&mut self, dice: Dice) -> Result<(), String> {
        self.game.roll(dice).map_err(|e| e.to_string())?;
        self.record.push(Event::Roll(dice));
        Ok(())
    }

    /// How many dice are rolled: five, or six on the Mega turn.
    pub fn showing(&self) -> usize {
        self.game.dice().map_or(5, |d| d.len())
    }

    /// Applies a decision of the seat to play: judges it, applies it and records it. A
    /// person's decision can be taken back with [`Table::undo`]. Returns what it cost (for
    /// decisions the table can judge) and the box filled, if one was.
    pub fn act(&mut self, event: Event) -> Result<(Option<Verdict>, Option<Move>), String> {
        let judged = judge(self.advisor, &self.game, &event);
        let before = Snapshot {
            game: self.game.clone(),
            rng: self.rng.clone(),
        };
        let result = match &event {
            Event::Keep(k) => self.game.keep(*k).map(|()| None),
            Event::Score(c) => self.game.score(*c).map(Some),
            Event::Mulligan(k) => self.game.mulligan(*k).map(|()| None),
            Event::ChanceChance => self.game.chance_chance().map(|()| None),
            Event::SixthDie => self.game.take_sixth_die().map(|()| None),
            _ => Ok(None),
        };
        let scored = result.map_err(|e| e.to_string())?;
        if event.is_decision() && !before.game.current().bot {
            self.undo.push(before.clone());
        }
        self.record.push(event);
        let verdict = self.charge(judged, &before.game);
        Ok((verdict, scored))
    }

    /// A person keeps the sixth die in hand (house rule "mega-yahtzee"): no event, but a
    /// decision all the same, judged as the turn's first roll.
    pub fn decline_sixth_die(&mut self) -> Option<Verdict> {
        let judged = judge(self.advisor, &self.game, &Event::Roll(Dice::EMPTY));
        let game = self.game.clone();
        self.charge(judged, &game)
    }

    /// Adds a judged decision's cost to the seat that made it, in `game` (as it was).
    fn charge(&mut self, judged: Option<(Advice, usize)>, game: &Game) -> Option<Verdict> {
        let (advice, i) = judged?;
        let best = advice.best();
        let chosen = &advice.options[i];
        let cost = (best.ev_remaining - chosen.ev_remaining).max(0.0);
        self.costs[game.current_seat()] += cost;
        let so_far = f64::from(game.current().card.total());
        let showing = game.dice().map_or(5, |d| d.len());
        Some(Verdict {
            cost,
            chosen_total: so_far + chosen.ev_remaining,
            best: label(&best.choice, showing),
            best_total: so_far + best.ev_remaining,
        })
    }

    /// Whether the seat to play can take back a decision of its own (the last decision of
    /// a person was this seat's).
    pub fn can_undo(&self) -> bool {
        self.undo
            .last()
            .is_some_and(|s| s.game.current_seat() == self.game.current_seat())
    }

    /// Takes back the last decision of the seat to play and everything after it (the
    /// rolls, other seats' turns); its cost still counts. False if there is none.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        let Some(s) = self.undo.pop() else {
            return false;
        };
        self.game = s.game;
        self.rng = s.rng;
        self.record.push(Event::Undo);
        true
    }

    /// What a bot of the seat to play does next.
    pub fn bot_decision(&self) -> Result<Event, Error> {
        let aim = self.aims[self.game.current_seat()];
        self.bots
            .decide(aim, &self.game)
            .map_err(|e| Error::Game(format!("the bot cannot decide: {e}")))
    }

    /// Whether a bot of the seat to play takes the sixth die before the first roll.
    pub fn bot_takes_sixth_die(&self) -> Result<bool, Error> {
        let aim = self.aims[self.game.current_seat()];
        self.bots
            .takes_sixth_die(aim, &self.game)
            .map_err(|e| Error::Game(format!("the bot cannot decide: {e}")))
    }

    /// Whether the seat to play has the sixth die in hand before the turn's first roll.
    pub fn sixth_die_question(&self) -> bool {
        let card = &self.game.current().card;
        card.rules().house.mega_yahtzee
            && !card.mega_used()
            && self.game.rolls_made() == 0
            && !self.game.with_sixth_die()
    }

    /// Every option of the position of the seat to play, ranked (none before a roll).
    pub fn advice(&self) -> Option<Advice> {
        let dice = self.game.dice()?;
        let card = &self.game.current().card;
        self.advisor.advise(card, dice, self.game.rolls_left()).ok()
    }

    /// A chance-chance roll goes in Chance: scored at once.
    pub fn score_chance_chance(&mut self) -> Result<Option<Move>, Error> {
        self.act(Event::Score(Category::Chance))
            .map(|(_, m)| m)
            .map_err(|e| Error::Game(format!("chance-chance: {e}")))
    }
}
