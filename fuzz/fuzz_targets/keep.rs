//! Fuzz target `keep`: see `yahtzee_hardening::keep`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("keep"),
    |data: &[u8]| yahtzee_hardening::run("keep", data)
);
