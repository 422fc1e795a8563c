//! Fuzz target `serve_body`: see `yahtzee_hardening::serve_body`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| yahtzee_hardening::run("serve_body", data));
