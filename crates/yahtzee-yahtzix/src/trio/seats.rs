//! Seat order and the mover's view of it: each seat's chances and scores in seat order
//! (seat 0 moves first in every round), turned so the mover's own come first.

/// Each seat's chance to win, in seat order (seat 0 moves first in every round).
pub type Chances = [f64; 3];

/// Scores in seat order, in units of five points.
pub type Scores = [usize; 3];

/// The seat before `m` in the round: whose leftover dice `m` is offered.
pub(crate) fn prev(m: usize) -> usize {
    (m + 2) % 3
}

/// `abs` (seat order) as the turn of mover `m` sees it: her own chance first.
pub(crate) fn rotate(abs: Chances, m: usize) -> Chances {
    std::array::from_fn(|i| abs[(m + i) % 3])
}

/// The inverse of [`rotate`].
pub(crate) fn unrotate(rot: Chances, m: usize) -> Chances {
    std::array::from_fn(|j| rot[(j + 3 - m) % 3])
}
