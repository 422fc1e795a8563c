//! The exact solver, layer by layer: layer `n` holds the canonical filled sets with `n`
//! boxes filled and needs only layer `n + 1`. Each set's block of values (every upper total
//! and flag) is computed on its own by [`solve_set`], so a layer can be cut into chunks of
//! sets anywhere and computed anywhere — on this machine's threads ([`solve`]) or on a
//! cluster's workers (`scripts/painted_ray.py` through the Python package, calling
//! [`solve_chunk`]) — and the values are the same bits either way.

use std::path::Path;

use rayon::prelude::*;

use crate::game::{Game, Layers, State};
use crate::turn::{Plan, TurnValues};

/// Lanes of a turn in the solver: eight states of one filled set at once.
const LANES: usize = 8;

/// The values of layer `n + 1`, to look the next states up in.
pub struct Next<'a> {
    pub game: &'a Game,
    pub layers: &'a Layers,
    /// Layer `n + 1`'s values (empty for the full card, where every value is 0).
    pub values: &'a [f64],
}

impl Next<'_> {
    /// The value of a state of layer `n + 1`.
    #[inline]
    pub fn value(&self, s: State) -> f64 {
        if s.filled.count_ones() as usize == self.game.box_count() {
            return 0.0;
        }
        let id = self.game.set_id(s.filled);
        let pos = self.layers.position[id] as usize;
        self.values[pos * self.game.states_per_set() + self.game.state_offset(s)]
    }
}

/// The block of values of the canonical set `id`: every state of it, in offset order; the
/// states no game reaches (an upper total the filled upper boxes cannot make, the Yahtzee
/// flag with the Yahtzee box open) are NaN and not computed.
pub fn solve_set(plan: &Plan, id: usize, next: &Next, out: &mut [f64]) {
    let game = &plan.game;
    let filled = game.set_of_id(id);
    if filled.count_ones() as usize == game.box_count() {
        out.fill(0.0);
        return;
    }
    out.fill(f64::NAN);
    let reachable = game.reachable_offsets(filled);
    if reachable.len() >= LANES {
        let mut tv = TurnValues::<LANES>::new(plan);
        for group in reachable.chunks(LANES) {
            // A short last group repeats its last state.
            let lanes: [State; LANES] =
                std::array::from_fn(|l| game.state_at(filled, group[l.min(group.len() - 1)]));
            plan.turn::<LANES, false>(&lanes, &mut |_, s| next.value(s), &mut tv);
            for (l, &o) in group.iter().enumerate() {
                out[o] = tv.value[l];
            }
        }
    } else {
        let mut tv = TurnValues::<1>::new(plan);
        for o in reachable {
            let lanes = [game.state_at(filled, o)];
            plan.turn::<1, false>(&lanes, &mut |_, s| next.value(s), &mut tv);
            out[o] = tv.value[0];
        }
    }
}

/// The values of sets `range` (positions in layer `n`) given layer `n + 1`'s values.
/// Sets run in parallel on this machine's threads; the bits do not depend on how many.
pub fn solve_chunk(
    plan: &Plan,
    layers: &Layers,
    n: usize,
    range: std::ops::Range<usize>,
    next_values: &[f64],
) -> Vec<f64> {
    let game = &plan.game;
    let sps = game.states_per_set();
    let next = Next {
        game,
        layers,
        values: next_values,
    };
    let ids = &layers.sets[n][range];
    let mut out = vec![0.0; ids.len() * sps];
    out.par_chunks_mut(sps)
        .zip(ids.par_iter())
        .for_each(|(block, &id)| solve_set(plan, id as usize, &next, block));
    out
}

/// Checks the length of layer `n + 1`'s values for a chunk of layer `n`.
pub fn check_next(game: &Game, layers: &Layers, n: usize, next: &[f64]) -> Result<(), String> {
    let want = if n >= game.box_count() {
        0
    } else {
        layers.sets[n + 1].len() * game.states_per_set()
    };
    if next.len() != want {
        return Err(format!(
            "layer {} of {} has {} values, expected {want}",
            n + 1,
            game.name(),
            next.len()
        ));
    }
    Ok(())
}

/// Every layer, from the full card to the empty one, on this machine. `progress(n)` is
/// called as layer `n` is finished.
pub fn solve_layers(plan: &Plan, layers: &Layers, progress: &dyn Fn(usize)) -> Vec<Vec<f64>> {
    let boxes = plan.game.box_count();
    let mut out: Vec<Vec<f64>> = vec![Vec::new(); boxes + 1];
    for n in (0..=boxes).rev() {
        let next = if n == boxes {
            Vec::new()
        } else {
            std::mem::take(&mut out[n + 1])
        };
        out[n] = solve_chunk(plan, layers, n, 0..layers.sets[n].len(), &next);
        if n < boxes {
            out[n + 1] = next;
        }
        progress(n);
    }
    out
}

/// The whole table in state-index order (canonical set id major) from the layers.
pub fn table_from_layers(game: &Game, layers: &Layers, values: &[Vec<f64>]) -> Vec<f64> {
    let sps = game.states_per_set();
    let mut table = vec![0.0; game.state_count()];
    for (n, sets) in layers.sets.iter().enumerate() {
        for (pos, &id) in sets.iter().enumerate() {
            let id = id as usize;
            table[id * sps..(id + 1) * sps].copy_from_slice(&values[n][pos * sps..(pos + 1) * sps]);
        }
    }
    table
}

/// Solves `game` exactly on this machine: the table in state-index order.
pub fn solve(game: &Game) -> Vec<f64> {
    let plan = Plan::new(game);
    let layers = Layers::of(game);
    let values = solve_layers(&plan, &layers, &|_| {});
    table_from_layers(game, &layers, &values)
}

/// The expected final score of the game from the empty card.
pub fn start_value(game: &Game, table: &[f64]) -> f64 {
    table[game.state_index(State::default())]
}

/// The table file of a Painted game: our table format (`yahtzee-table`), the game's name as
/// its rules.
#[cfg(feature = "native")]
pub fn write_table(path: &Path, game: &Game, values: &[f64]) -> Result<(), String> {
    yahtzee_table::write_game_table(path, &dimensions(game), values)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Reads a table file of `game` (refusing another game's, or a damaged one).
#[cfg(feature = "native")]
pub fn read_table(path: &Path, game: &Game) -> Result<Vec<f64>, String> {
    yahtzee_table::read_game_table(path, &dimensions(game)).map_err(|e| e.to_string())
}

/// A table file of `game` mapped from disk, checked whole as [`read_table`] checks it.
#[cfg(feature = "native")]
pub fn open_table(path: &Path, game: &Game) -> Result<yahtzee_table::GameTable, String> {
    yahtzee_table::GameTable::open(path, &dimensions(game)).map_err(|e| e.to_string())
}

/// The bytes of `game`'s table file (what [`write_table`] writes), for a host that keeps
/// tables without files (a browser's storage).
pub fn table_bytes(game: &Game, values: &[f64]) -> Vec<u8> {
    yahtzee_table::game_table_bytes(&dimensions(game), values)
}

/// [`read_table`] of a table file's bytes (`name` names them in messages).
pub fn table_from_bytes(bytes: &[u8], name: &str, game: &Game) -> Result<Vec<f64>, String> {
    yahtzee_table::game_table_from_bytes(bytes, Path::new(name), &dimensions(game))
        .map_err(|e| e.to_string())
}

/// The length of `game`'s table file (what [`write_table`] writes).
pub fn file_len(game: &Game) -> u64 {
    yahtzee_table::game::game_file_len(&dimensions(game))
}

fn dimensions(game: &Game) -> yahtzee_table::GameDimensions {
    yahtzee_table::GameDimensions {
        name: game.name().to_string(),
        boxes: game.box_count() as u32,
        upper_totals: game.upper_totals() as u32,
        flag_bits: (game.flags() - 1) as u32,
        value_count: game.state_count() as u64,
    }
}
