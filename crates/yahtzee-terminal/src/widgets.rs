//! The widgets every full-screen game is drawn with, written once:
//!
//! - [`palette`]: the colours, or none under `NO_COLOR`;
//! - [`dice`]: dice drawn large, and the dice a person holds ([`dice::Holds`]);
//! - [`card`]: the card as a table: box keys, rows under the cursor, filled or open, the
//!   totals' rows, the cost of a choice;
//! - [`panel`]: where things go ([`panel::Areas`]), the panel beside the dice (title,
//!   status, messages), the key line, the key list, a terminal too small;
//! - [`chrome`]: what every screen keeps beside its game (hints on or off, the key list
//!   open, the messages, the colours) and the keys every screen answers alike.
//!
//! Widgets only draw and keep their own state; the games decide what they show.

pub mod card;
pub mod chrome;
pub mod dice;
pub mod palette;
pub mod panel;
