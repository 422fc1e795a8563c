//! The two-player cache file: what is written reads back bit for bit, and damage is refused
//! where it is read — the head (scores, last turns) on open, an accept block when a turn
//! reads it, every block before a bot plays.

use yahtzee_yahtzix::duel::{Layout, Seat};
use yahtzee_yahtzix::sim::DuelBot;
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Error, Rules};

/// Target 150: 30 units.
const N: usize = 30;

fn layout() -> Layout {
    Layout::of(&rules())
}

fn rules() -> Rules {
    Rules::new(150, true, false).unwrap()
}

/// The solved game written once; the file's bytes.
fn saved(dir: &std::path::Path) -> (Duel, Vec<u8>) {
    let duel = Duel::solve(&rules()).unwrap();
    let path = dir.join("t.table");
    duel.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    (duel, bytes)
}

fn load(dir: &std::path::Path, bytes: &[u8]) -> Result<Duel, Error> {
    let path = dir.join("bad.table");
    std::fs::write(&path, bytes).unwrap();
    Duel::load(&path, &rules())
}

fn fails_with(r: Result<impl Sized, Error>, words: &str) {
    match r {
        Ok(_) => panic!("accepted; expected '{words}'"),
        Err(e) => {
            let text = e.to_string();
            assert!(text.contains(words), "{text}");
            assert_eq!(text.lines().count(), 1, "{text}");
        }
    }
}

#[test]
fn the_file_reads_back_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let (duel, bytes) = saved(dir.path());
    let l = layout();
    assert_eq!((l.blocks, l.block_values), (2 * N, 5 * N * (N - 1) / 2));
    assert_eq!(bytes.len(), l.len);
    let back = load(dir.path(), &bytes).unwrap();
    back.verify_all().unwrap();
    assert_eq!(duel.max_difference(&back), 0.0);
    assert_eq!(
        duel.first_player_wins().to_bits(),
        back.first_player_wins().to_bits()
    );
    assert_eq!(duel.residual.to_bits(), back.residual.to_bits());
    for (seat, me, opp) in [(Seat::First, 60 / 5, 100 / 5), (Seat::Second, 0, 7)] {
        for t in [1, opp / 2, opp] {
            for left in 1..=5 {
                let a = duel.accept(seat, me, opp, t, left).unwrap();
                let b = back.accept(seat, me, opp, t, left).unwrap();
                assert_eq!(a.to_bits(), b.to_bits());
            }
        }
    }
}

#[test]
fn damage_is_refused_where_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let (_, good) = saved(dir.path());
    // The head: the none table.
    let mut bytes = good.clone();
    bytes[200] ^= 1;
    fails_with(load(dir.path(), &bytes), "checksum mismatch");
    // Truncated, or a byte too many.
    fails_with(load(dir.path(), &good[..good.len() - 1]), "truncated");
    fails_with(load(dir.path(), &good[..layout().head / 2]), "truncated");
    let mut longer = good.clone();
    longer.push(0);
    fails_with(load(dir.path(), &longer), "truncated");
    // The block of the second player with 0 points: opens, but a turn reading it (the first
    // player's turn at (me, 0): the opponent's offers) or its accept values are refused.
    let block = N; // seat Second, me 0
    let mut bytes = good.clone();
    let l = layout();
    bytes[l.head + 4 * block * l.block_values + 4 * 17] ^= 0x40;
    let duel = load(dir.path(), &bytes).unwrap();
    let rolls = Rolls::new(&rules());
    fails_with(
        duel.turn_setup(Seat::First, 10, 0, 54).map(|_| ()),
        "block 30",
    );
    fails_with(duel.accept(Seat::Second, 0, 20, 1, 1), "block 30");
    // Turns that read other blocks are answered: their values are sound.
    duel.turn_setup(Seat::First, 10, 6, 54).unwrap();
    duel.accept(Seat::Second, 6, 20, 1, 1).unwrap();
    fails_with(duel.verify_all(), "block 30");
    fails_with(DuelBot::new(&duel, &rolls).map(|_| ()), "block 30");
}

#[test]
fn values_outside_zero_one_are_refused_even_with_the_right_checksum() {
    let dir = tempfile::tempdir().unwrap();
    let (_, good) = saved(dir.path());
    // The head: a last-turn value of 2.
    let mut bytes = good.clone();
    let l = layout();
    let at = l.head - 16;
    bytes[at..at + 8].copy_from_slice(&2f64.to_le_bytes());
    l.reseal(&mut bytes);
    fails_with(load(dir.path(), &bytes), "outside [0, 1]");
    // The no-offer table (after the 80 bytes before it): NaN for a state a game reaches
    // (first player, 0 and 0), a value for one it cannot (first player, 0 and 5 points).
    for (state, value) in [(0, f64::NAN), (1, 0.5)] {
        let mut bytes = good.clone();
        let at = 80 + 8 * state;
        bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
        l.reseal(&mut bytes);
        fails_with(load(dir.path(), &bytes), "scores no game reaches");
    }
    // A block.
    let mut bytes = good.clone();
    let at = l.head + 4 * (N + 6) * l.block_values; // seat Second, me 6: its first value
    bytes[at..at + 4].copy_from_slice(&1.5f32.to_le_bytes());
    // Every CRC rewritten to match, as a careless writer would.
    l.reseal(&mut bytes);
    let duel = load(dir.path(), &bytes).unwrap();
    fails_with(duel.accept(Seat::Second, 6, 20, 1, 1), "outside [0, 1]");
    duel.accept(Seat::Second, 7, 20, 1, 1).unwrap();
    // NaN where a game goes, in the block of seat Second, 7 units: refused too.
    let mut bytes = good.clone();
    let at = l.head + 4 * ((N + 7) * l.block_values + 5 * 20 * 19 / 2);
    bytes[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    l.reseal(&mut bytes);
    let duel = load(dir.path(), &bytes).unwrap();
    fails_with(duel.accept(Seat::Second, 7, 20, 1, 1), "no game reaches");
}
