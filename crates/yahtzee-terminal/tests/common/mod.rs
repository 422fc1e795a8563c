//! What the terminal games' tests share.

use yahtzee_rules::{Category, RuleSet};
use yahtzee_triple::{solitaire_table, Kind, Player, Triple, Valuer, Variant, FEATURES};

/// Triple Yahtzee with three columns of Twos, Yahtzee and Chance, played on the columns'
/// exact solitaire values.
pub fn triple_player() -> Player {
    let forced = RuleSet::by_name("forced").unwrap();
    let boxes = [Category::Twos, Category::Yahtzee, Category::Chance];
    let game = Triple {
        rules: forced.reduced(&boxes, 4),
        variant: Variant::Lowe1978,
    };
    let zero = vec![[0.0; FEATURES]; game.turns()];
    Player::new(Valuer::new(
        game,
        Kind::Solitaire,
        solitaire_table(&game),
        zero,
    ))
}
