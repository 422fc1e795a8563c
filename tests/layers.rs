//! The crates' imports point one way, down ARCHITECTURE.md's layers: rules → solver →
//! table → advice → stats → play / games → engine → front ends. Read from `cargo
//! metadata`, so a new dependency that points up (or a cycle) fails here, not in review.
//! `yahtzee-record` (the game records' reader, which the games share) lies below them all.
//! `scripts/crate_graph.py` draws the same graph (docs/crates.svg).

mod support;

use std::collections::HashMap;

/// Each workspace crate's layer: a crate may depend only on crates of lower layers.
const LAYERS: [(&str, u8); 21] = [
    ("yahtzee-record", 0),
    ("yahtzee-rules", 1),
    ("yahtzee-yahtzix", 1),
    ("yahtzee-solver", 2),
    ("yahtzee-table", 3),
    ("yahtzee-exact", 3),
    ("yahtzee-triple", 3),
    ("yahtzee-advice", 4),
    ("yahtzee-painted", 4),
    ("yahtzee-stats", 5),
    ("yahtzee-learn", 5),
    ("yahtzee-play", 6),
    ("yahtzee-engine", 7),
    ("yahtzee-server", 8),
    ("yahtzee-py", 8),
    ("yahtzee-c", 8),
    ("yahtzee-wasm", 8),
    ("yahtzee-terminal", 8),
    ("yahtzee", 9),
    ("yahtzee-hardening", 10),
    ("yahtzee-fuzz", 11),
];

#[test]
fn every_import_points_down_the_layers() {
    let meta = support::workspace_metadata();
    let layer: HashMap<&str, u8> = LAYERS.into_iter().collect();
    let mut edges = 0;
    for package in meta["packages"].as_array().unwrap() {
        let name = package["name"].as_str().unwrap();
        let Some(&mine) = layer.get(name) else {
            panic!("{name} has no layer: add it to LAYERS and to ARCHITECTURE.md");
        };
        for dep in package["dependencies"].as_array().unwrap() {
            let dep_name = dep["name"].as_str().unwrap();
            // Dev-dependencies (tests) may reach anywhere; builds may not.
            if dep["kind"].as_str() == Some("dev") {
                continue;
            }
            if let Some(&theirs) = layer.get(dep_name) {
                edges += 1;
                assert!(
                    theirs < mine,
                    "{name} (layer {mine}) depends on {dep_name} (layer {theirs}): imports point down"
                );
            }
        }
    }
    assert!(
        edges > 20,
        "the workspace's crates were read ({edges} edges)"
    );
}
