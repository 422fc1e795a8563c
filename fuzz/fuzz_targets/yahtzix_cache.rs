//! Fuzz target `yahtzix_cache`: see `yahtzee_hardening::yahtzix_cache`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("yahtzix_cache"),
    |data: &[u8]| yahtzee_hardening::run("yahtzix_cache", data)
);
