//! Fitted corrections of the standard game, written by
//! `cargo run --release -p yahtzee-triple --example fit > crates/yahtzee-triple/src/weights.rs`.
//! One row per turn number (boxes filled), one column per feature of `Valuer::features`.

/// 1978 rules.
pub const LOWE_1978: [[f64; 24]; 39] = [[0.0; 24]; 39];

/// Forum rules.
pub const FORUM: [[f64; 24]; 39] = [[0.0; 24]; 39];
