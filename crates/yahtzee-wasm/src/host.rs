//! What the module imports from its host: `env.yz_progress(done, total)`, called while a
//! table is solved. Below both the raw exports (`ffi`) and the games module, which each
//! report a solve's progress through it.

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
extern "C" {
    fn yz_progress(done: f64, total: f64);
}

/// Progress of a solve, passed to JavaScript (natively: nowhere).
pub(crate) fn progress(done: u64, total: u64) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: an imported JavaScript function taking two numbers; nothing is shared.
    unsafe {
        yz_progress(done as f64, total as f64)
    };
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (done, total);
}
