//! A game in progress: players' cards, whose turn it is, the dice and the rolls made, with
//! every action checked against the rules.

use thiserror::Error;
use yahtzee_rules::{Category, Dice, Move, RuleSet, Scorecard};

/// Why an action is not allowed now.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PlayError {
    #[error("the game is over")]
    GameOver,
    #[error("roll the dice first")]
    NotRolled,
    #[error("no rolls left this turn: choose a box")]
    NoRollsLeft,
    #[error("dice are kept, roll the others first")]
    MustRoll,
    #[error("say which dice to keep before rolling again")]
    KeepFirst,
    #[error("you cannot keep {keep}: the dice showing are {dice}")]
    NotShowing { keep: Dice, dice: Dice },
    #[error("the roll {roll} does not contain the kept dice {kept}")]
    LostKeep { roll: Dice, kept: Dice },
    #[error("{0} is not a box of this game")]
    NoSuchBox(Category),
    #[error("{0} is already filled")]
    Filled(Category),
    #[error("{category} is not allowed for {dice} (Joker rule: {allowed})")]
    JokerForbids {
        category: Category,
        dice: Dice,
        allowed: String,
    },
}

/// One seat at the table.
#[derive(Clone, Debug)]
pub struct Player {
    pub name: String,
    /// Played by the optimal strategy.
    pub bot: bool,
    pub card: Scorecard,
}

/// The state of a game between actions.
#[derive(Clone, Debug)]
pub struct Game {
    rules: &'static RuleSet,
    players: Vec<Player>,
    current: usize,
    /// Round number, from 1.
    round: u32,
    dice: Option<Dice>,
    rolls: u8,
    kept: Option<Dice>,
}

impl Game {
    pub fn new(rules: &'static RuleSet, players: Vec<(String, bool)>) -> Game {
        Game {
            rules,
            players: players
                .into_iter()
                .map(|(name, bot)| Player {
                    name,
                    bot,
                    card: Scorecard::new(rules),
                })
                .collect(),
            current: 0,
            round: 1,
            dice: None,
            rolls: 0,
            kept: None,
        }
    }

    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The player whose turn it is.
    pub fn current(&self) -> &Player {
        &self.players[self.current]
    }

    pub fn round(&self) -> u32 {
        self.round
    }

    /// True when every card is full.
    pub fn is_over(&self) -> bool {
        self.players.iter().all(|p| p.card.is_full())
    }

    /// The dice showing, once rolled this turn.
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// The dice kept for the next roll, if the player has chosen.
    pub fn kept(&self) -> Option<Dice> {
        self.kept
    }

    /// Rolls made this turn (0 to 3).
    pub fn rolls_made(&self) -> u8 {
        self.rolls
    }

    /// Rerolls still allowed after the dice showing.
    pub fn rolls_left(&self) -> u8 {
        3 - self.rolls
    }

    /// The dice that the next roll keeps (none at the start of a turn).
    pub fn to_keep(&self) -> Dice {
        self.kept.unwrap_or(Dice::EMPTY)
    }

    /// The dice after a roll: `roll` is all five dice showing, kept ones included.
    pub fn roll(&mut self, roll: Dice) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if self.rolls >= 3 {
            return Err(PlayError::NoRollsLeft);
        }
        if self.rolls > 0 && self.kept.is_none() {
            return Err(PlayError::KeepFirst);
        }
        let kept = self.to_keep();
        if !roll.contains(&kept) {
            return Err(PlayError::LostKeep { roll, kept });
        }
        self.dice = Some(roll);
        self.rolls += 1;
        self.kept = None;
        Ok(())
    }

    /// Keeps `keep` (a sub-multiset of the dice showing) and asks for a roll of the others.
    pub fn keep(&mut self, keep: Dice) -> Result<(), PlayError> {
        let dice = self.dice.ok_or(PlayError::NotRolled)?;
        if self.kept.is_some() {
            return Err(PlayError::MustRoll);
        }
        if self.rolls >= 3 {
            return Err(PlayError::NoRollsLeft);
        }
        if !dice.contains(&keep) {
            return Err(PlayError::NotShowing { keep, dice });
        }
        self.kept = Some(keep);
        Ok(())
    }

    /// The legal moves for the dice showing.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if let Some(dice) = self.dice {
            self.rules
                .for_each_move(self.current().card.state(), &dice, |m| out.push(m));
        }
        out
    }

    /// Fills box `c` with the dice showing and passes the turn. Returns the move made.
    pub fn score(&mut self, c: Category) -> Result<Move, PlayError> {
        let dice = self.dice.ok_or(PlayError::NotRolled)?;
        if self.kept.is_some() {
            return Err(PlayError::MustRoll);
        }
        let b = self.rules.box_index(c).ok_or(PlayError::NoSuchBox(c))?;
        if self.current().card.state().is_filled(b) {
            return Err(PlayError::Filled(c));
        }
        let moves = self.moves();
        let Some(m) = moves.iter().find(|m| m.box_index == b).copied() else {
            let allowed: Vec<&str> = moves
                .iter()
                .map(|m| self.rules.boxes[m.box_index].name())
                .collect();
            return Err(PlayError::JokerForbids {
                category: c,
                dice,
                allowed: allowed.join(", "),
            });
        };
        let card = &mut self.players[self.current].card;
        card.set(b, m.score)
            .expect("a legal move's score fits its box");
        let bonus = card.yahtzee_bonus() + m.yahtzee_bonus;
        card.set_yahtzee_bonus(bonus)
            .expect("a bonus earned by a legal move is valid");
        self.next_turn();
        Ok(m)
    }

    fn next_turn(&mut self) {
        self.dice = None;
        self.rolls = 0;
        self.kept = None;
        self.current += 1;
        if self.current == self.players.len() {
            self.current = 0;
            self.round += 1;
        }
    }
}
