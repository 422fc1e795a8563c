//! Fuzz target `serve_body`: see `yahtzee_hardening::serve_body`.
#![no_main]

libfuzzer_sys::fuzz_target!(
    init: yahtzee_hardening::init("serve_body"),
    |data: &[u8]| yahtzee_hardening::run("serve_body", data)
);
