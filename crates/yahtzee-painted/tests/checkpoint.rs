//! The resumable solve (`checkpoint`): the same bits as the one-pass solver, however it
//! was stopped; finished layers verified by their SHA-256 and never computed again; a
//! damaged layer computed again; another game's folder and a second solve refused.

use std::path::Path;

use yahtzee_painted::checkpoint::{self, Folder, Progress};
use yahtzee_painted::game::{Game, Layers};
use yahtzee_painted::solve;
use yahtzee_painted::turn::Plan;

const GAME: &str = "painted:c2:ones,twos,yahtzee,chance,colours,flush";

fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

/// Solves `game` in `dir` with chunks of `chunk` sets: the table and the layers computed
/// (each chunk's layer, once per chunk).
fn solve_in(game: &Game, dir: &Path, chunk: usize) -> (Vec<f64>, Vec<usize>) {
    let plan = Plan::new(game);
    let layers = Layers::of(game);
    let folder = Folder::open(dir, game, &layers, chunk).unwrap();
    let mut computed = Vec::new();
    let mut last_done = None;
    let table = checkpoint::solve_in(&folder, &plan, &layers, &mut |p: Progress| {
        assert!(p.done <= p.total && p.resumed <= p.done);
        // Called before each chunk it computes, then once at the end.
        if last_done != Some(p.done) {
            computed.push(p.layer);
        }
        last_done = Some(p.done);
    })
    .unwrap();
    computed.pop(); // the closing call
    (table, computed)
}

#[test]
fn a_stopped_solve_resumes_to_the_same_bits() {
    let game = Game::named(GAME).unwrap();
    let plain = solve::solve(&game);
    let dir = tempfile::tempdir().unwrap();
    let (table, computed) = solve_in(&game, dir.path(), 3);
    assert_eq!(bits(&table), bits(&plain));
    assert!(!computed.is_empty());

    // Each chunk computed is logged with its CPU time.
    let log = || std::fs::read_to_string(dir.path().join("log.jsonl")).unwrap();
    let lines: Vec<serde_json::Value> = log()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), computed.len());
    assert!(lines
        .iter()
        .all(|l| l["event"] == "chunk" && l["cpu_seconds"].as_f64().unwrap() >= 0.0));

    // Everything there: nothing is computed again.
    let (again, computed) = solve_in(&game, dir.path(), 3);
    assert_eq!(bits(&again), bits(&plain));
    assert!(computed.is_empty(), "{computed:?}");
    assert_eq!(log().lines().count(), lines.len());

    // Stopped in layer 2: layers 2 to 0 gone, two chunks of layer 2 written. Only the rest
    // of layer 2 and layers 1 and 0 are computed.
    let layers = Layers::of(&game);
    for n in 0..=2 {
        std::fs::remove_file(dir.path().join(format!("layer-{n:02}.f64"))).unwrap();
        std::fs::remove_file(dir.path().join(format!("layer-{n:02}.json"))).unwrap();
    }
    let plan = Plan::new(&game);
    let next = solve_layer_values(&game, &plain, &layers, 3);
    let chunks = dir.path().join("layer-02.chunks");
    std::fs::create_dir_all(&chunks).unwrap();
    for start in [0, 3] {
        let v = solve::solve_chunk(&plan, &layers, 2, start..start + 3, &next);
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        let name = format!("{start:010}-{:010}.f64", start + 3);
        std::fs::write(chunks.join(name), bytes).unwrap();
    }
    let (resumed, computed) = solve_in(&game, dir.path(), 3);
    assert_eq!(bits(&resumed), bits(&plain));
    let layer2_chunks = layers.sets[2].len().div_ceil(3);
    let want: Vec<usize> = std::iter::repeat_n(2, layer2_chunks - 2)
        .chain(std::iter::repeat_n(1, layers.sets[1].len().div_ceil(3)))
        .chain([0])
        .collect();
    assert_eq!(computed, want);
    assert!(!chunks.exists(), "the chunks go once their layer is joined");
}

/// Layer `n`'s values, in layer order, from the table in state order.
fn solve_layer_values(game: &Game, table: &[f64], layers: &Layers, n: usize) -> Vec<f64> {
    let sps = game.states_per_set();
    layers.sets[n]
        .iter()
        .flat_map(|&id| table[id as usize * sps..(id as usize + 1) * sps].to_vec())
        .collect()
}

#[test]
fn a_damaged_layer_is_computed_again() {
    let game = Game::named(GAME).unwrap();
    let plain = solve::solve(&game);
    let dir = tempfile::tempdir().unwrap();
    solve_in(&game, dir.path(), 4);
    // One bit flipped in layer 3: its SHA-256 no longer matches its record.
    let path = dir.path().join("layer-03.f64");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[100] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let (table, computed) = solve_in(&game, dir.path(), 4);
    assert_eq!(bits(&table), bits(&plain));
    assert!(
        computed.contains(&3) && !computed.contains(&4),
        "{computed:?}"
    );
    // Layers 2 to 0 were finished and intact: skipped.
    assert!(!computed.contains(&2), "{computed:?}");
}

#[test]
fn chunk_size_and_threads_do_not_change_the_table() {
    let game = Game::named(GAME).unwrap();
    let plain = solve::solve(&game);
    let dir = tempfile::tempdir().unwrap();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let (table, _) = one.install(|| solve_in(&game, dir.path(), 1));
    assert_eq!(bits(&table), bits(&plain));
    // The manifest reads as the Ray driver writes it (Python's json.dumps, sorted keys).
    let manifest = std::fs::read_to_string(dir.path().join("painted.json")).unwrap();
    assert!(
        manifest.starts_with(&format!("{{\"game\": \"{GAME}\", \"layout\": [1, ")),
        "{manifest}"
    );
    let record = std::fs::read_to_string(dir.path().join("layer-00.json")).unwrap();
    let sha = checkpoint::sha256_file(&dir.path().join("layer-00.f64")).unwrap();
    assert_eq!(
        record,
        format!(
            "{{\"bytes\": {}, \"ids\": 1, \"layer\": 0, \"sha256\": \"{sha}\"}}\n",
            8 * game.states_per_set()
        )
    );
}

#[test]
fn another_games_folder_and_a_second_solve_are_refused() {
    let game = Game::named(GAME).unwrap();
    let layers = Layers::of(&game);
    let dir = tempfile::tempdir().unwrap();
    let first = Folder::open(dir.path(), &game, &layers, 8).unwrap();
    let e = Folder::open(dir.path(), &game, &layers, 8).err().unwrap();
    assert!(e.contains("another solve is running"), "{e}");
    drop(first);
    let other = Game::named("painted:c2:ones,yahtzee,colours").unwrap();
    let e = Folder::open(dir.path(), &other, &Layers::of(&other), 8)
        .err()
        .unwrap();
    assert!(e.contains("holds the layers of") && e.contains(GAME), "{e}");
    assert!(Folder::open(dir.path(), &game, &layers, 0).is_err());
}
