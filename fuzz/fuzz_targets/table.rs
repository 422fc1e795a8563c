//! Fuzz target `table`: see `yahtzee_hardening::table`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("table"),
    |data: &[u8]| yahtzee_hardening::run("table", data)
);
