//! The games' tables held in memory ([`MemoryTables`], what the browser's module uses)
//! answer exactly as the files of a data folder ([`Tables`]); the files it builds are the
//! files a data folder holds, byte for byte; a damaged stored file is refused and built
//! again.

use std::sync::Arc;

use serde_json::{json, Value};
use yahtzee_engine::{Game, MemoryTables, Tables};

const GIB: u64 = 1 << 30;

fn memory() -> MemoryTables {
    MemoryTables::new(GIB, Box::new(|_, _| {}))
}

/// Every file built since the last call, each taken.
fn take_all(mem: &MemoryTables) -> Vec<(String, Vec<u8>)> {
    let (names, _) = mem.take_built();
    names
        .into_iter()
        .map(|n| {
            let bytes = mem.take(&n).expect("a built file waits");
            assert!(mem.take(&n).is_none(), "{n} is taken once");
            (n, bytes)
        })
        .collect()
}

fn body(v: &Value) -> Vec<u8> {
    serde_json::to_vec(v).unwrap()
}

/// The same question through a data folder and through memory.
fn both(tables: &Tables, mem: &MemoryTables, q: &Value) -> (Value, Value) {
    let b = body(q);
    let game = Game::of_request(&b).unwrap();
    (
        game.advise(tables, &b).unwrap(),
        game.advise_other(mem, &b).unwrap(),
    )
}

/// The questions of the test: one per game, in reduced or small forms.
fn questions() -> Vec<Value> {
    vec![
        json!({"game": "triple", "card": "1.ones=3 2.sixes=24", "dice": "66612", "rolls_left": 1}),
        json!({"game": "yahtzix", "target": 300, "me": 100, "opp": 150, "dice": "115523"}),
        json!({"game": "painted:c2:ones,yahtzee,colours,flush", "card": "ones=2",
               "dice": "1r 1y 6r 6r 2y", "rolls_left": 2}),
    ]
}

#[test]
fn memory_answers_every_game_as_a_data_folder_does_and_builds_the_same_files() {
    let dir = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let mem = memory();
    for q in questions() {
        let (from_files, from_memory) = both(&tables, &mem, &q);
        assert_eq!(from_files, from_memory, "{q}");
        assert!(!from_memory["options"].as_array().unwrap().is_empty());
    }
    assert!(mem.take_built().1.is_empty());
    let built = take_all(&mem);
    let names: Vec<&str> = built.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.contains(&"forced.table"), "{names:?}");
    assert!(names.contains(&"yahtzix-300.table"), "{names:?}");
    for (name, bytes) in &built {
        let on_disk = std::fs::read(dir.path().join(name)).unwrap();
        assert!(
            bytes == &on_disk,
            "{name}: the built bytes are the data folder's file"
        );
    }
    // Each question says which files it needs: the ones built for it.
    for q in questions() {
        for name in mem.files_for(&body(&q)).unwrap() {
            assert!(names.contains(&name.as_str()), "{name} of {q}");
        }
    }
    assert!(mem.take_built().0.is_empty(), "taken once");
}

#[test]
fn stored_files_are_opened_without_a_solve_and_damaged_ones_are_built_again() {
    let first = memory();
    let mut stored = Vec::new();
    let mut answers = Vec::new();
    for q in questions() {
        answers.push(
            Game::of_request(&body(&q))
                .unwrap()
                .advise_other(&first, &body(&q))
                .unwrap(),
        );
    }
    stored.extend(take_all(&first));
    assert!(!stored.is_empty());

    // Handed back in: the same answers, nothing built.
    let second = memory();
    for (name, bytes) in &stored {
        second.give(name, bytes.clone());
    }
    for (q, a) in questions().iter().zip(&answers) {
        let b = body(q);
        assert_eq!(
            &Game::of_request(&b)
                .unwrap()
                .advise_other(&second, &b)
                .unwrap(),
            a
        );
    }
    let (built, rejected) = second.take_built();
    assert!(built.is_empty(), "{built:?}");
    assert!(rejected.is_empty());

    // One byte flipped in each stored file: refused, built again, the same answers.
    let third = memory();
    for (name, bytes) in &stored {
        let mut bad = bytes.clone();
        let at = bad.len() - 9;
        bad[at] ^= 0x40;
        third.give(name, bad);
    }
    for (q, a) in questions().iter().zip(&answers) {
        let b = body(q);
        assert_eq!(
            &Game::of_request(&b)
                .unwrap()
                .advise_other(&third, &b)
                .unwrap(),
            a
        );
    }
    let (built, mut rejected) = third.take_built();
    let mut names: Vec<String> = stored.iter().map(|(n, _)| n.clone()).collect();
    names.sort();
    rejected.sort();
    assert_eq!(rejected, names, "every damaged file is reported, to delete");
    assert_eq!(built.len(), stored.len(), "and built again, to store");
}

#[test]
fn a_yahtzix_solve_past_the_memory_limit_is_refused_before_it_starts() {
    let small = MemoryTables::new(40 << 20, Box::new(|_, _| {}));
    let q = body(&json!({"game": "yahtzix", "target": 1000, "me": 0, "opp": 0}));
    let e = Game::Yahtzix
        .advise_other(&small, &q)
        .unwrap_err()
        .to_string();
    assert!(e.contains("needs about") && e.contains("memory"), "{e}");
    assert!(!e.contains('\n'));
}

#[test]
fn progress_is_reported_while_a_table_is_built() {
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    let mem = MemoryTables::new(
        GIB,
        Box::new(move |done, total| log.lock().unwrap().push((done, total))),
    );
    let q = body(&json!({"game": "triple", "dice": "12345", "rolls_left": 2}));
    Game::Triple.advise_other(&mem, &q).unwrap();
    let seen = seen.lock().unwrap();
    let &(done, total) = seen.last().expect("progress reported");
    assert_eq!(done, total, "the last report is the whole");
}

#[test]
fn three_players_chances_are_exact_where_their_game_fits_the_memory_and_estimated_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let q = json!({"game": "yahtzix", "target": 100, "scores": [0, 50, 35], "seat": 2,
                   "dice": "115523"});
    let (from_files, from_memory) = both(&tables, &memory(), &q);
    assert_eq!(from_memory["table_chance"]["kind"], "exact");
    assert_eq!(from_files, from_memory);
    // The three-player game to 100 takes about 0.2 GB: not beside a 150 MB budget.
    let small = MemoryTables::new(150 << 20, Box::new(|_, _| {}));
    let a = Game::Yahtzix.advise_other(&small, &body(&q)).unwrap();
    assert_eq!(a["table_chance"]["kind"], "estimate");
    assert_eq!(
        a["options"][0]["option"],
        from_files["options"][0]["option"]
    );
}

#[test]
fn a_host_short_of_memory_for_the_exact_game_keeps_the_compact_one_in_parts() {
    // Yahtzix to 300: the exact game needs about 13 MB to solve beside its file, the
    // compact one about 8 MB (docs/GAMES.md, "Yahtzix to 2,000 in a page").
    let short = || MemoryTables::new(10 << 20, Box::new(|_, _| {}));
    let q = json!({"game": "yahtzix", "target": 300, "me": 100, "opp": 150, "dice": "115523"});
    let b = body(&q);
    let exact = Game::Yahtzix.advise_other(&memory(), &b).unwrap();
    let first = short();
    let names = first.files_for(&b).unwrap();
    assert_eq!(names, ["yahtzix-300.compact", "yahtzix-300.compact.1"]);
    let a = Game::Yahtzix.advise_other(&first, &b).unwrap();
    assert_eq!(
        (&exact["strategy"], &a["strategy"]),
        (&json!("exact"), &json!("compact"))
    );
    assert_eq!(a["options"][0]["option"], exact["options"][0]["option"]);
    let gap = (a["p_win"].as_f64().unwrap() - exact["p_win"].as_f64().unwrap()).abs();
    assert!(gap < 1e-6, "{gap}");
    let stored = take_all(&first);
    assert_eq!(
        stored.iter().map(|(n, _)| n).collect::<Vec<_>>(),
        names.iter().collect::<Vec<_>>()
    );

    // Handed back: the same answer, nothing solved.
    let second = short();
    stored
        .iter()
        .for_each(|(n, bytes)| second.give(n, bytes.clone()));
    assert_eq!(Game::Yahtzix.advise_other(&second, &b).unwrap(), a);
    assert_eq!(second.take_built(), (vec![], vec![]));

    // A damaged piece, or a missing one: every part refused, the game solved again.
    for damage in [Some(1000), None] {
        let third = short();
        for (n, bytes) in &stored {
            let mut bytes = bytes.clone();
            match damage {
                Some(at) if n.ends_with(".1") => bytes[at] ^= 0x40,
                None if n.ends_with(".1") => continue,
                _ => {}
            }
            third.give(n, bytes);
        }
        assert_eq!(Game::Yahtzix.advise_other(&third, &b).unwrap(), a);
        let (built, mut rejected) = third.take_built();
        rejected.sort();
        assert_eq!(rejected, names, "{damage:?}");
        assert_eq!(built, names, "{damage:?}");
    }

    // Without room for the compact game either: refused in one line.
    let tiny = MemoryTables::new(5 << 20, Box::new(|_, _| {}));
    let e = Game::Yahtzix
        .advise_other(&tiny, &b)
        .unwrap_err()
        .to_string();
    assert!(e.contains("needs about") && !e.contains('\n'), "{e}");
}
