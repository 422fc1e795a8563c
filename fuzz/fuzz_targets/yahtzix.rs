//! Fuzz target `yahtzix`: see `yahtzee_hardening::yahtzix`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("yahtzix"),
    |data: &[u8]| yahtzee_hardening::run("yahtzix", data)
);
