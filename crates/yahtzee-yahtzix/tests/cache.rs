//! The two-player cache file: what is written reads back bit for bit, and damage is refused
//! where it is read — the head (scores, last turns) on open, an accept block when a turn
//! reads it, every block before a bot plays.

use yahtzee_yahtzix::duel::Seat;
use yahtzee_yahtzix::sim::DuelBot;
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Error, Rules};

/// Target 150: 30 units.
const N: usize = 30;
/// The layout of `duel/cache.rs`: the fixed head, the none table, the last turns.
const FINALS: usize = N + 80 + 1;
const HEAD: usize = 80 + 8 * (2 * N * N + FINALS * (1 + 6 * FINALS)) + 8;
const BLOCK: usize = 5 * N * (N - 1) / 2;

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
    assert_eq!(bytes.len(), HEAD + 8 * 2 * N * BLOCK + 4 * 2 * N + 4);
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
    fails_with(load(dir.path(), &good[..HEAD / 2]), "truncated");
    let mut longer = good.clone();
    longer.push(0);
    fails_with(load(dir.path(), &longer), "truncated");
    // The block of the second player with 0 points: opens, but a turn reading it (the first
    // player's turn at (me, 0): the opponent's offers) or its accept values are refused.
    let block = N; // seat Second, me 0
    let mut bytes = good.clone();
    bytes[HEAD + 8 * block * BLOCK + 8 * 17] ^= 0x40;
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
    let mut bytes = good.clone();
    let at = HEAD + 8 * (N + 6) * BLOCK; // seat Second, me 6: its first value
    bytes[at..at + 8].copy_from_slice(&1.5f64.to_le_bytes());
    // Rewrite that block's CRC and the CRC of the CRCs, as a careless writer would.
    let block = N + 6;
    let from = HEAD + 8 * block * BLOCK;
    let crc = crc32fast::hash(&bytes[from..from + 8 * BLOCK]);
    let tail = HEAD + 8 * 2 * N * BLOCK;
    bytes[tail + 4 * block..tail + 4 * block + 4].copy_from_slice(&crc.to_le_bytes());
    let end = bytes.len() - 4;
    let all = crc32fast::hash(&bytes[tail..end]);
    bytes[end..].copy_from_slice(&all.to_le_bytes());
    let duel = load(dir.path(), &bytes).unwrap();
    fails_with(duel.accept(Seat::Second, 6, 20, 1, 1), "outside [0, 1]");
    duel.accept(Seat::Second, 5, 20, 1, 1).unwrap();
}
