//! What the Yahtzee screen shows: the dice (the suggested keep dashed), the panel of the
//! turn and what happened, every player's card with the dice's score and the cost of each
//! open box, the keys of the moment.

use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Row, Table as Grid};
use yahtzee_advice::{Advice, Choice};
use yahtzee_rules::{Category, Dice, Move, Scorecard};

use super::{Phase, Screen};
use crate::widgets::card::{box_key, cost_text, grid, row_style, summary_row, upper_bonus};
use crate::widgets::dice::{mark, DieView};
use crate::widgets::panel::{held_cost, left, title, Board};

impl Screen<'_> {
    /// The screen in the usual layout.
    pub(super) fn board(&self) -> Board {
        Board {
            card_rows: self.card_rows() as u16 + 1,
            dice: self.dice_views(),
            side: self.side_lines(),
            card: self.card_grid(),
            keys: self.key_line(),
        }
    }

    fn dice_views(&self) -> Vec<DieView> {
        let Some(dice) = self.t.game.dice() else {
            return Vec::new();
        };
        let deciding = self.phase == Phase::Decide;
        let faces = dice.faces();
        let keep = match self.suggested_keep() {
            Some(k) if self.chrome.hints && deciding => k.faces(),
            _ => Vec::new(),
        };
        self.holds.views(&faces, deciding, &mark(&faces, &keep))
    }

    /// The best keep, when the best option is to roll again.
    fn suggested_keep(&self) -> Option<Dice> {
        match self.advice()?.best().choice {
            Choice::Keep(k) => Some(k),
            _ => None,
        }
    }

    /// The advice for a person deciding with hints on.
    fn advice(&self) -> Option<Advice> {
        if !self.chrome.hints || self.phase != Phase::Decide {
            return None;
        }
        self.t.advice()
    }

    /// With hints on: the expected points lost by filling each open box now, against the
    /// best option (a keep, while rolls are left). The boxes' values are those after the
    /// last roll: filling a box ends the turn whatever the rolls left.
    fn fill_costs(&self) -> Vec<(Category, f64)> {
        let (Some(advice), Some(dice)) = (self.advice(), self.t.game.dice()) else {
            return Vec::new();
        };
        let card = &self.t.game.current().card;
        let Ok(last) = self.t.advisor.advise(card, dice, 0) else {
            return Vec::new();
        };
        let best = advice.best().ev_remaining;
        last.options
            .iter()
            .filter_map(|o| match o.choice {
                Choice::Fill { category, .. } => Some((category, best - o.ev_remaining)),
                _ => None,
            })
            .collect()
    }

    /// Right of the dice: whose turn and the rolls left, then what just happened.
    fn side_lines(&self) -> Vec<Line<'static>> {
        let game = &self.t.game;
        let rounds = game.rules().box_count();
        let head = match self.phase {
            Phase::Over => "Game over".to_string(),
            _ => format!(
                "Round {}/{rounds} · {}",
                game.round().min(rounds as u32),
                game.current().name
            ),
        };
        let mut lines = vec![title(head, self.chrome.palette), Line::from(self.status())];
        let mut room = 3usize;
        if let Some(cost) = self.keep_cost() {
            lines.push(held_cost(cost));
            room -= 1;
        }
        match self.phase {
            Phase::Over => lines.extend(self.standings()),
            _ => lines.extend(self.chrome.message.tail(room)),
        }
        lines
    }

    fn status(&self) -> String {
        match self.phase {
            Phase::Over => self.record.status(" · q quits"),
            Phase::SixthDie => "sixth die in hand: take it this turn? y/n".to_string(),
            Phase::Bot(_) => "bot's turn (space: skip)".to_string(),
            Phase::Decide => left(self.t.game.rolls_left(), "roll"),
        }
    }

    /// With hints on: what rolling with the dice held costs.
    fn keep_cost(&self) -> Option<f64> {
        let advice = self.advice()?;
        if self.t.game.rolls_left() == 0 || self.holds.all() {
            return None;
        }
        let keep = self.held_dice();
        let best = advice.best().ev_remaining;
        let o = advice
            .options
            .iter()
            .find(|o| o.choice == Choice::Keep(keep))?;
        Some(best - o.ev_remaining)
    }

    fn standings(&self) -> Vec<Line<'static>> {
        let players = self.t.game.players();
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(players[i].card.total()));
        order
            .into_iter()
            .take(3)
            .enumerate()
            .map(|(rank, i)| {
                Line::from(format!(
                    "{}. {} {} · lost {:.2}",
                    rank + 1,
                    players[i].name,
                    players[i].card.total(),
                    self.t.costs[i]
                ))
            })
            .collect()
    }

    /// Rows of the card below its header: the boxes, the upper bonus, the Yahtzee bonus
    /// where the rules have one, the total.
    fn card_rows(&self) -> usize {
        let rules = self.t.game.rules();
        rules.box_count() + 2 + usize::from(rules.yahtzee_bonus > 0)
    }

    fn card_grid(&self) -> Grid<'static> {
        let game = &self.t.game;
        let rules = game.rules();
        let palette = self.chrome.palette;
        let seat = game.current_seat();
        let mut header = vec![
            Cell::from(""),
            Cell::from("box"),
            Cell::from("dice"),
            Cell::from(if self.chrome.hints { "cost" } else { "" }),
        ];
        for (i, p) in game.players().iter().enumerate() {
            let name: String = p.name.chars().take(7).collect();
            let on = i == seat && self.phase != Phase::Over;
            let style = if on {
                palette.accent()
            } else {
                Default::default()
            };
            header.push(Cell::from(Span::styled(name, style)));
        }
        let moves = if self.phase == Phase::Decide {
            game.moves()
        } else {
            Vec::new()
        };
        let costs = self.fill_costs();
        let mut rows: Vec<Row> = (0..rules.box_count())
            .map(|b| self.box_row(b, &moves, &costs))
            .collect();
        let totals = |value: &dyn Fn(&Scorecard) -> String| {
            game.players()
                .iter()
                .map(|p| value(&p.card))
                .collect::<Vec<_>>()
        };
        rows.push(summary_row(
            "upper bonus",
            2,
            totals(&|card| {
                upper_bonus(card.upper_total(), rules.upper_threshold, rules.upper_bonus)
            }),
        ));
        if rules.yahtzee_bonus > 0 {
            let bonus = totals(&|card| format!("{:>3}", card.yahtzee_bonus()));
            rows.push(summary_row("Yahtzee bonus", 2, bonus));
        }
        let total = totals(&|card| format!("{:>3}", card.total()));
        rows.push(summary_row("total", 2, total).style(palette.accent()));
        let widths = [4, 6].into_iter().chain(game.players().iter().map(|_| 7));
        grid(Row::new(header), rows, widths, palette)
    }

    /// Box `b`: its key while open, its label, what the dice score there, with hints what
    /// filling it costs, and every player's score.
    fn box_row(&self, b: usize, moves: &[Move], costs: &[(Category, f64)]) -> Row<'static> {
        let game = &self.t.game;
        let c = game.rules().boxes[b];
        let open = !game.current().card.state().is_filled(b);
        let m = moves.iter().find(|m| m.box_index == b);
        let now = m.map_or(String::new(), |m| format!("{:>3}", m.points()));
        let cost = match m {
            Some(_) => costs
                .iter()
                .find(|(x, _)| *x == c)
                .map_or(String::new(), |&(_, v)| cost_text(v)),
            None => String::new(),
        };
        let key = if open {
            box_key(b).to_string()
        } else {
            String::new()
        };
        let mut row = vec![
            Cell::from(key),
            Cell::from(c.label()),
            Cell::from(now),
            Cell::from(cost),
        ];
        for p in game.players() {
            let score = p.card.score(c);
            row.push(Cell::from(
                score.map_or("·".to_string(), |s| format!("{s:>3}")),
            ));
        }
        let cursor = self.phase == Phase::Decide && b == self.box_cursor;
        Row::new(row).style(row_style(cursor, open, self.chrome.palette))
    }

    fn key_line(&self) -> &'static str {
        match self.phase {
            Phase::Over => "q quit · ? keys",
            Phase::SixthDie => "y take it · n roll five · h hint · ? keys · q quit",
            Phase::Bot(_) => "space: the bots' moves at once · ? keys · q quit",
            Phase::Decide => {
                "1-5 hold · r roll · letter/enter score · h hint · u undo · t hints · ? · q quit"
            }
        }
    }
}
