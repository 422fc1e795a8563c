//! The card as a table: a letter for each open box (the key that scores or picks it), the
//! row under the cursor, filled rows dimmed, the totals' rows, and what a choice costs.

use ratatui::layout::Constraint;
use ratatui::style::Style;
use ratatui::widgets::{Cell, Row, Table as Grid};

use super::palette::Palette;

/// The keys of the boxes in the card's order: letters that are no command (`c`
/// chance-chance, `h` hint, `m` mulligan, `q` quit, `r` roll, `t` hints on/off, `u` undo).
pub const BOX_KEYS: &[u8] = b"abdefgijklnopsvwxyz";

/// The key of box `b` (a blank past the letters).
pub fn box_key(b: usize) -> char {
    BOX_KEYS.get(b).map_or(' ', |&k| k as char)
}

/// The box of a key among `boxes` boxes.
pub fn box_of_key(c: char, boxes: usize) -> Option<usize> {
    BOX_KEYS
        .iter()
        .position(|&k| k as char == c)
        .filter(|&b| b < boxes)
}

/// A cost as a card shows it, six columns: "best", or the expected points lost.
pub fn cost_text(cost: f64) -> String {
    if cost <= 1e-9 {
        "  best".to_string()
    } else {
        format!("{:>6}", format!("-{cost:.2}"))
    }
}

/// What filling each box of `options` (a box and its value) costs against the best of
/// them, plus `stop`: what stopping costs when rerolls are left.
pub fn fill_costs<M>(options: Vec<(M, f64)>, stop: f64) -> Vec<(M, f64)> {
    let best = options
        .iter()
        .map(|o| o.1)
        .fold(f64::NEG_INFINITY, f64::max);
    options
        .into_iter()
        .map(|(m, v)| (m, stop + best - v))
        .collect()
}

/// The next open box from `from` down the card (or up), round the end; `None` when all
/// `n` are filled.
pub fn next_open(from: usize, n: usize, down: bool, open: impl Fn(usize) -> bool) -> Option<usize> {
    let mut b = from;
    for _ in 0..n {
        b = if down { (b + 1) % n } else { (b + n - 1) % n };
        if open(b) {
            return Some(b);
        }
    }
    None
}

/// A box's row style: the cursor's, plain while open, dimmed once filled.
pub fn row_style(cursor: bool, open: bool, palette: Palette) -> Style {
    if cursor {
        palette.cursor()
    } else if open {
        Style::default()
    } else {
        palette.dim()
    }
}

/// The upper section's bonus: "+35" once earned, else "40/63".
pub fn upper_bonus(upper: u32, threshold: u32, bonus: u32) -> String {
    if upper >= threshold {
        format!("+{bonus}")
    } else {
        format!("{upper}/{threshold}")
    }
}

/// A totals' row: a blank key, `name`, `blanks` empty cells, then `values`.
pub fn summary_row(
    name: &'static str,
    blanks: usize,
    values: impl IntoIterator<Item = String>,
) -> Row<'static> {
    let mut row = vec![Cell::from(""), Cell::from(name)];
    row.extend((0..blanks).map(|_| Cell::from("")));
    row.extend(values.into_iter().map(Cell::from));
    Row::new(row)
}

/// The card: `rows` under a dimmed `header`, columns of `widths`, one apart. Its first two
/// columns are the box's key and label.
pub fn grid(
    header: Row<'static>,
    rows: Vec<Row<'static>>,
    widths: impl IntoIterator<Item = u16>,
    palette: Palette,
) -> Grid<'static> {
    let widths: Vec<Constraint> = [1, 15]
        .into_iter()
        .chain(widths)
        .map(Constraint::Length)
        .collect();
    Grid::new(rows, widths)
        .header(header.style(palette.dim()))
        .column_spacing(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_skips_filled_boxes_round_the_end() {
        let open = |b: usize| b != 1 && b != 2;
        assert_eq!(next_open(0, 4, true, open), Some(3));
        assert_eq!(next_open(3, 4, true, open), Some(0));
        assert_eq!(next_open(0, 4, false, open), Some(3));
        assert_eq!(next_open(0, 4, true, |_| false), None);
    }

    #[test]
    fn a_box_costs_what_it_loses_against_the_best_plus_stopping() {
        let costs = fill_costs(vec![('a', 10.0), ('b', 7.5)], 1.0);
        assert_eq!(costs, [('a', 1.0), ('b', 3.5)]);
        assert_eq!(cost_text(0.0), "  best");
        assert_eq!(cost_text(2.5), " -2.50");
        assert_eq!(upper_bonus(40, 63, 35), "40/63");
        assert_eq!(upper_bonus(63, 63, 35), "+35");
        assert_eq!(box_of_key('c', 19), None, "c is chance-chance");
        assert_eq!(box_of_key('d', 19), Some(2));
        assert_eq!(box_of_key('d', 2), None);
    }
}
