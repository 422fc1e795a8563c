//! Fuzz target `dice`: see `yahtzee_hardening::dice`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| yahtzee_hardening::run("dice", data));
