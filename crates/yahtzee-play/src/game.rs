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
    #[error("these rules have no {0} (add it with --house)")]
    NoHouseRule(&'static str),
    #[error("the mulligan is already used")]
    MulliganUsed,
    #[error("the mulligan is a fourth roll: use it after the third")]
    MulliganTooEarly,
    #[error("a mulligan rerolls at least one die")]
    MulliganKeepsAll,
    #[error("chance-chance needs Chance open")]
    ChanceFilled,
    #[error("the chance-chance roll must be scored in chance")]
    ChanceChanceOnly,
    #[error("the sixth die is taken before the turn's first roll")]
    SixthDieTooLate,
    #[error("the sixth die is already used")]
    SixthDieUsed,
    #[error("the roll {roll} has {got} dice; this turn rolls {want}")]
    DiceCount { roll: Dice, got: usize, want: usize },
    #[error("the mulligan is not used on the Mega-Yahtzee turn")]
    MulliganOnMega,
    #[error("{dice} is a full house: it must be scored in full house now (house rule fool-house)")]
    FoolHouse { dice: Dice },
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
    /// House rules: the next roll is the mulligan's, or a chance-chance reroll (which must
    /// then be scored in Chance).
    extra: Extra,
    /// House rule "mega-yahtzee": this turn is played with the sixth die.
    six: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extra {
    None,
    Mulligan,
    ChanceChance,
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
            extra: Extra::None,
            six: false,
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

    /// The seat (index in [`Game::players`]) whose turn it is.
    pub fn current_seat(&self) -> usize {
        self.current
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
        3u8.saturating_sub(self.rolls)
    }

    /// House rule "mega-yahtzee": true when this turn is played with the sixth die.
    pub fn with_sixth_die(&self) -> bool {
        self.six
    }

    /// Dice the next roll shows: six on the Mega turn (five for a chance-chance reroll).
    pub fn dice_per_roll(&self) -> usize {
        if self.six && self.extra != Extra::ChanceChance {
            yahtzee_rules::MEGA_DICE
        } else {
            yahtzee_rules::dice::DICE
        }
    }

    /// House rule "mega-yahtzee": before the turn's first roll, take the sixth die for this
    /// turn (once per game).
    pub fn take_sixth_die(&mut self) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        if !self.rules.house.mega_yahtzee {
            return Err(PlayError::NoHouseRule("mega-yahtzee"));
        }
        if self.current().card.mega_used() {
            return Err(PlayError::SixthDieUsed);
        }
        if self.rolls > 0 {
            return Err(PlayError::SixthDieTooLate);
        }
        self.players[self.current].card.spend_mega();
        self.six = true;
        Ok(())
    }

    /// True when the dice showing are a chance-chance reroll, to be scored in Chance.
    pub fn in_chance_chance(&self) -> bool {
        self.extra == Extra::ChanceChance && self.kept.is_none()
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
        if self.rolls >= 3 && self.extra == Extra::None {
            return Err(PlayError::NoRollsLeft);
        }
        if self.rolls > 0 && self.kept.is_none() {
            return Err(PlayError::KeepFirst);
        }
        let want = self.dice_per_roll();
        if roll.len() != want {
            return Err(PlayError::DiceCount {
                roll,
                got: roll.len(),
                want,
            });
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
        let dice = self.ready()?;
        if self.rolls >= 3 {
            return Err(PlayError::NoRollsLeft);
        }
        if !dice.contains(&keep) {
            return Err(PlayError::NotShowing { keep, dice });
        }
        self.kept = Some(keep);
        Ok(())
    }

    /// The dice showing, when the player is to decide (rolled, nothing kept, not a
    /// chance-chance roll).
    fn ready(&self) -> Result<Dice, PlayError> {
        let dice = self.dice.ok_or(PlayError::NotRolled)?;
        if self.kept.is_some() {
            return Err(PlayError::MustRoll);
        }
        if self.extra == Extra::ChanceChance {
            return Err(PlayError::ChanceChanceOnly);
        }
        self.check_fool_house(dice, None)?;
        Ok(dice)
    }

    /// House rule "fool-house": with a natural full house showing and Full House open,
    /// only scoring Full House (`c`) is allowed.
    fn check_fool_house(&self, dice: Dice, c: Option<Category>) -> Result<(), PlayError> {
        let state = self.current().card.state();
        match self.rules.forced_full_house(state, &dice) {
            Some(b) if c != Some(self.rules.boxes[b]) => Err(PlayError::FoolHouse { dice }),
            _ => Ok(()),
        }
    }

    /// House rule "mulligan": after the third roll, keep `keep` and roll the others once
    /// more; the card records the mulligan as used.
    pub fn mulligan(&mut self, keep: Dice) -> Result<(), PlayError> {
        let dice = self.ready()?;
        if !self.rules.house.mulligan {
            return Err(PlayError::NoHouseRule("mulligan"));
        }
        if self.current().card.mulligan_used() {
            return Err(PlayError::MulliganUsed);
        }
        if self.rolls < 3 {
            return Err(PlayError::MulliganTooEarly);
        }
        if self.six {
            return Err(PlayError::MulliganOnMega);
        }
        if !dice.contains(&keep) {
            return Err(PlayError::NotShowing { keep, dice });
        }
        if keep.len() == 5 {
            return Err(PlayError::MulliganKeepsAll);
        }
        self.players[self.current].card.spend_mulligan();
        self.kept = Some(keep);
        self.extra = Extra::Mulligan;
        Ok(())
    }

    /// House rule "chance-chance": instead of scoring, reroll all five dice; that roll must
    /// then be scored in Chance.
    pub fn chance_chance(&mut self) -> Result<(), PlayError> {
        self.ready()?;
        if !self.rules.house.chance_chance {
            return Err(PlayError::NoHouseRule("chance-chance"));
        }
        if self
            .rules
            .chance_chance_box(self.current().card.state())
            .is_none()
        {
            return Err(PlayError::ChanceFilled);
        }
        self.earn_mega_bonus();
        self.kept = Some(Dice::EMPTY);
        self.extra = Extra::ChanceChance;
        Ok(())
    }

    /// On the Mega turn, six of a kind showing at the end earns the Mega bonus.
    fn earn_mega_bonus(&mut self) {
        if self.six && self.dice.and_then(|d| d.six_of_a_kind()).is_some() {
            self.players[self.current].card.earn_mega_bonus();
        }
    }

    /// The legal moves for the dice showing; with six dice (Mega turn), for each box the
    /// five dice that score most there (ties: the first five found).
    pub fn moves(&self) -> Vec<Move> {
        self.moves_with_dice().into_iter().map(|(m, _)| m).collect()
    }

    /// [`Game::moves`], each with the five dice it scores.
    pub fn moves_with_dice(&self) -> Vec<(Move, Dice)> {
        let mut out: Vec<(Move, Dice)> = Vec::new();
        let Some(dice) = self.dice else {
            return out;
        };
        let state = self.current().card.state();
        let fives: Vec<Dice> = if dice.len() == yahtzee_rules::MEGA_DICE {
            (1..=6).filter_map(|f| dice.without(f)).collect()
        } else {
            vec![dice]
        };
        for five in fives {
            self.rules.for_each_move(state, &five, |m| {
                match out.iter_mut().find(|(x, _)| x.box_index == m.box_index) {
                    Some(x) if m.points() > x.0.points() => *x = (m, five),
                    Some(_) => {}
                    None => out.push((m, five)),
                }
            });
        }
        out.sort_by_key(|(m, _)| m.box_index);
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
        if self.extra == Extra::ChanceChance {
            if c != Category::Chance {
                return Err(PlayError::ChanceChanceOnly);
            }
            let m = self
                .rules
                .chance_chance_move(self.current().card.state(), &dice);
            return Ok(self.write(m));
        }
        if dice.len() == 5 {
            self.check_fool_house(dice, Some(c))?;
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
        Ok(self.write(m))
    }

    /// Writes a legal move on the current card and passes the turn.
    fn write(&mut self, m: Move) -> Move {
        if self.extra != Extra::ChanceChance {
            self.earn_mega_bonus();
        }
        let card = &mut self.players[self.current].card;
        card.set(m.box_index, m.score)
            .expect("a legal move's score fits its box");
        let bonus = card.yahtzee_bonus() + m.yahtzee_bonus;
        card.set_yahtzee_bonus(bonus)
            .expect("a bonus earned by a legal move is valid");
        self.next_turn();
        m
    }

    fn next_turn(&mut self) {
        self.dice = None;
        self.rolls = 0;
        self.kept = None;
        self.extra = Extra::None;
        self.six = false;
        self.current += 1;
        if self.current == self.players.len() {
            self.current = 0;
            self.round += 1;
        }
    }
}
