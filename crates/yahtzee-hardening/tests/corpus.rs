//! The fuzz corpora replayed by the ordinary test command, without the fuzzer: every seed
//! (`fuzz/corpus/TARGET/`) and every crash found and fixed (`fuzz/regressions/TARGET/`)
//! through the check its fuzz target runs ([`yahtzee_hardening::run`]).

use std::path::Path;

use yahtzee_hardening::{run, TARGETS};

fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|e| e.expect("a readable folder").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn replay(kind: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(kind);
    let mut count = 0;
    let mut failed = Vec::new();
    for target in TARGETS {
        for file in files(&root.join(target)) {
            let data = std::fs::read(&file).expect("a readable file");
            if std::panic::catch_unwind(|| run(target, &data)).is_err() {
                failed.push(format!("{target}: {}", file.display()));
            }
            count += 1;
        }
    }
    assert!(failed.is_empty(), "failing inputs:\n{}", failed.join("\n"));
    count
}

#[test]
fn every_seed_passes_its_target_check() {
    let n = replay("corpus");
    // Each target has seeds (a folder emptied by mistake would pass silently otherwise).
    for target in TARGETS {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fuzz/corpus")
            .join(target);
        assert!(!files(&dir).is_empty(), "no seeds for {target}");
    }
    assert!(n >= TARGETS.len());
}

#[test]
fn every_crash_found_stays_fixed() {
    replay("regressions");
}
