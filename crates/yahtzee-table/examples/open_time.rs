//! Times opening a value table, whose checks (header, checksum, every value) run on each
//! open: `cargo run --release -p yahtzee-table --example open_time -- data/forced.table`.
use std::time::Instant;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("data/forced.table".into());
    let rules_name = std::env::args().nth(2).unwrap_or("forced".into());
    let rules = yahtzee_rules::RuleSet::by_name(&rules_name).expect("a rule set name");
    let path = std::path::Path::new(&path);
    let n = 200;
    yahtzee_table::Table::open(path, rules).expect("a sound table");
    let t = Instant::now();
    for _ in 0..n {
        yahtzee_table::Table::open(path, rules).expect("a sound table");
    }
    let open = t.elapsed() / n;
    // What opening cost before the value checks: map the file and check its CRC-32.
    let t = Instant::now();
    for _ in 0..n {
        let file = std::fs::File::open(path).expect("readable");
        // SAFETY: read-only map of a file nobody modifies during the measurement.
        let map = unsafe { memmap2::Mmap::map(&file) }.expect("mappable");
        std::hint::black_box(crc32fast::hash(&map[64..]));
    }
    let crc = t.elapsed() / n;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(yahtzee_table::Bounds::new(rules));
    }
    let bounds = t.elapsed() / n;
    // Milliseconds always (docs/HARDENING.md's figures; scripts/reproduce.py reads them).
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    println!(
        "Table::open {:.3}ms; map + CRC-32 alone (the checks before values were checked) {:.3}ms; bounds {:.3}ms",
        ms(open),
        ms(crc),
        ms(bounds)
    );
}
