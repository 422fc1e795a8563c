//! Fuzz target `record`: see `yahtzee_hardening::record`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("record"),
    |data: &[u8]| yahtzee_hardening::run("record", data)
);
