//! scripts/reproduce.py (docs/REPRODUCING.md) run the way the test suite can afford: its
//! `ci` tier (the quick mode's seconds-long figures: `forced` and reduced games), on 1
//! thread and on 2. Every figure reproduces; the two manifests' results (tables' SHA-256,
//! figures, rule sets, seeds) are equal; a wrong published figure fails the run.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn reproduce(figures: &Path, out: &Path, threads: u32) -> std::process::Output {
    Command::new("python3")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/reproduce.py"))
        .args(["--tier", "ci", "--threads", &threads.to_string()])
        .arg("--figures")
        .arg(figures)
        .arg("--out")
        .arg(out)
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_yahtzee"))
        .output()
        .expect("python3 runs (scripts/test.sh installs it)")
}

fn manifest(out: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap()
}

fn figures_file() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/figures.json")
}

#[test]
fn the_ci_tier_reproduces_with_the_same_bits_on_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    for (out, threads) in [(&one, 1), (&two, 2)] {
        let run = reproduce(&figures_file(), out, threads);
        let text = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success(),
            "{text}\n{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            !text.contains("DIFFERS") && !text.contains("ERROR"),
            "{text}"
        );
    }
    let (a, b) = (manifest(&one), manifest(&two));
    assert_eq!(a["run"]["threads"], 1);
    assert_eq!(b["run"]["threads"], 2);
    assert_eq!(a["results"], b["results"], "1 thread and 2 threads differ");
    // The official game's table is among them, hashed.
    let sha = a["results"]["tables_sha256"]["forced.table"]
        .as_str()
        .unwrap();
    assert_eq!(sha.len(), 64);
    assert!(
        a["results"]["rule_sets"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.as_str().unwrap().contains(':')),
        "no reduced game in the ci tier"
    );
    let cores = a["run"]["machine"]["cores"].as_u64().unwrap();
    assert!(cores >= 1);
}

#[test]
fn a_figure_that_does_not_reproduce_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut f: Value =
        serde_json::from_str(&std::fs::read_to_string(figures_file()).unwrap()).unwrap();
    // One ci figure, published with another last digit: the one whose recipe is quickest
    // (a reduced game's, not a whole solve's).
    let figs = f["figures"].as_array().unwrap().clone();
    let recipes = f["recipes"].clone();
    let minutes = |g: &Value| {
        recipes[g["recipe"].as_str().unwrap()]["minutes"]
            .as_f64()
            .unwrap()
    };
    let fig = figs
        .into_iter()
        .filter(|g| {
            recipes[g["recipe"].as_str().unwrap()]["tier"] == "ci"
                && g["kind"] == "exact"
                && g["published"]
                    .as_str()
                    .unwrap()
                    .ends_with(|c: char| c.is_ascii_digit())
        })
        .min_by(|a, b| minutes(a).total_cmp(&minutes(b)))
        .expect("an exact ci figure");
    let mut wrong = fig.clone();
    let p = wrong["published"].as_str().unwrap().to_string();
    let last = p.chars().last().unwrap().to_digit(10).unwrap();
    wrong["published"] = Value::from(format!("{}{}", &p[..p.len() - 1], (last + 1) % 10));
    wrong["id"] = Value::from("wrong");
    f["figures"] = Value::from(vec![fig, wrong]);
    let path = dir.path().join("figures.json");
    std::fs::write(&path, serde_json::to_string(&f).unwrap()).unwrap();
    let run = reproduce(&path, &dir.path().join("out"), 2);
    let text = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("wrong ") && l.ends_with("DIFFERS")),
        "{text}"
    );
    assert!(text.contains("1 DIFFERS, 1 ok"), "{text}");
}
