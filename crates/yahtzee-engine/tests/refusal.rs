//! A build that cannot fit is refused before it starts, in one line with its estimate
//! ([`yahtzee_engine::cost::check`], [`yahtzee_engine::check_value_build`]).

use yahtzee_engine::cost::Build;
use yahtzee_engine::Tables;
use yahtzee_rules::RuleSet;

/// The build the issue was about: Yahtzix to 5,000 for two is refused on a machine of
/// 24 GiB (a limit of 12) before anything is built, in one line with its estimate.
#[test]
fn a_build_past_the_limit_is_refused_before_it_starts() {
    let rules = yahtzee_yahtzix::Rules::new(5000, true, false).unwrap();
    let build = Build::Yahtzix(rules);
    let cost = build.cost();
    // The cache file at 5,000 (20.1 GB, as measured when issue 35 was filed) and the solve
    // beside it.
    assert!(
        cost.disk > 20_000_000_000 && cost.disk < 20_200_000_000,
        "{cost:?}"
    );
    assert!(cost.memory > cost.disk);
    let dir = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(dir.path().to_path_buf())).with_memory_limit(12 << 30);
    let err = tables.prepare(&build).unwrap_err().to_string();
    assert!(!err.contains('\n'), "{err}");
    assert!(
        err.contains("Yahtzix table to 5000")
            && err.contains("GiB of memory")
            && err.contains("limit of 12.0 GiB"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
    // Within the limit the same build's check passes; 2,000 fits in 12 GiB.
    let standard = Build::Yahtzix(yahtzee_yahtzix::Rules::standard());
    assert!(tables.check(&standard).is_ok());
    // A disk too small is refused likewise.
    let budget = yahtzee_engine::cost::Budget {
        memory: u64::MAX,
        disk_free: Some(1 << 30),
    };
    let err = yahtzee_engine::cost::check(&standard, &budget)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("of disk") && err.contains("1.0 GiB free"),
        "{err}"
    );
}

/// The WebAssembly module's check (value tables, its only builds): the official table's
/// solve needs about 17 MiB; refused under 16, allowed under 32.
#[test]
fn a_value_build_is_checked_where_there_are_no_files() {
    let forced = RuleSet::by_name("forced").unwrap();
    assert_eq!(
        yahtzee_engine::value_build_memory(forced),
        Build::Values(forced).cost().memory
    );
    let err = yahtzee_engine::check_value_build(forced, 16 << 20)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "the table of forced needs about 17 MiB of memory to build, more than the limit of 16 MiB"
    );
    assert!(yahtzee_engine::check_value_build(forced, 32 << 20).is_ok());
}
