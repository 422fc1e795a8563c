//! Fuzz target `dice`: see `yahtzee_hardening::dice`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("dice"),
    |data: &[u8]| yahtzee_hardening::run("dice", data)
);
