//! Fuzz target `scorecard`: see `yahtzee_hardening::scorecard`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("scorecard"),
    |data: &[u8]| yahtzee_hardening::run("scorecard", data)
);
