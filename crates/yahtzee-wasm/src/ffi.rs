//! The module's raw interface, wrapped by `js/yahtzee.js`.
//!
//! Strings and bytes cross in the module's memory: JavaScript asks [`yz_alloc`] for room,
//! writes its argument there and passes pointer and length; the module frees it. Every
//! call returns 0 (its answer, JSON or bytes, waits in the output buffer: [`yz_out_ptr`],
//! [`yz_out_len`]) or 1 (the output buffer holds a one-line error message). A panic, which
//! no input should cause, leaves its message in the output buffer before the module traps:
//! the wrapper throws it as an `Error` and starts a fresh instance.
//!
//! Imported: `env.yz_progress(done, total)`, called while a table is solved (`host`).

use std::cell::RefCell;

use crate::host::progress;
use crate::Engine;

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::default();
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn set_out(bytes: Vec<u8>) {
    OUT.with(|o| *o.borrow_mut() = bytes);
}

/// Answers with `Ok` bytes (status 0) or an error's one-line message (status 1).
fn answer<E: std::fmt::Display>(result: Result<Vec<u8>, E>) -> u32 {
    match result {
        Ok(bytes) => {
            set_out(bytes);
            0
        }
        Err(e) => {
            set_out(yahtzee_rules::one_line(&e.to_string()).into_bytes());
            1
        }
    }
}

/// Runs `f` on the engine with the UTF-8 argument at `ptr`, which it frees.
fn with_text(
    ptr: *mut u8,
    len: usize,
    f: impl FnOnce(&mut Engine, &str) -> Result<Vec<u8>, String>,
) -> u32 {
    install_panic_hook();
    let arg = take(ptr, len);
    let result = match std::str::from_utf8(&arg) {
        Ok(text) => ENGINE.with(|e| f(&mut e.borrow_mut(), text)),
        Err(_) => Err("the argument is not UTF-8 text".to_string()),
    };
    answer(result)
}

/// The argument buffer JavaScript filled, taken back (and freed when dropped).
fn take(ptr: *mut u8, len: usize) -> Vec<u8> {
    if len == 0 {
        return Vec::new();
    }
    // SAFETY: `ptr` came from `yz_alloc(len)` (a `Vec` of exactly this capacity, leaked),
    // and JavaScript hands each buffer back exactly once.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// A panic's message goes to the output buffer before the module traps.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let message = format!("internal error: {info}");
            set_out(yahtzee_rules::one_line(&message).into_bytes());
        }));
    });
}

/// Room for an argument of `len` bytes; handed back by the call it is passed to.
#[no_mangle]
pub extern "C" fn yz_alloc(len: usize) -> *mut u8 {
    let mut v = Vec::<u8>::with_capacity(len);
    let ptr = v.as_mut_ptr();
    std::mem::forget(v);
    ptr
}

/// Frees an argument buffer that was never passed to a call.
#[no_mangle]
pub extern "C" fn yz_free(ptr: *mut u8, len: usize) {
    drop(take(ptr, len));
}

/// Room for a new thread's TLS block (`__tls_size` bytes aligned to `__tls_align`), never
/// freed: a thread lives as long as the module.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
#[no_mangle]
pub extern "C" fn yz_tls_alloc(size: usize, align: usize) -> *mut u8 {
    let layout =
        std::alloc::Layout::from_size_align(size.max(1), align.max(1)).expect("a TLS layout");
    // SAFETY: a non-zero size; the block is handed to `__wasm_init_tls` and kept forever.
    unsafe { std::alloc::alloc_zeroed(layout) }
}

/// Joins the solver's worker pool and runs its jobs forever: the whole life of a worker
/// thread that JavaScript started over this module's shared memory (threaded build only).
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
#[no_mangle]
pub extern "C" fn yz_worker_loop() {
    yahtzee_solver::wasm_pool::worker_loop()
}

/// Worker threads in the pool (0: the one-thread build, or none started).
#[no_mangle]
pub extern "C" fn yz_threads() -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
    return yahtzee_solver::wasm_pool::workers();
    #[cfg(not(all(target_arch = "wasm32", target_feature = "atomics")))]
    0
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn yz_out_ptr() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// The last answer's length in bytes.
#[no_mangle]
pub extern "C" fn yz_out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

/// The version ([`crate::version`]).
#[no_mangle]
pub extern "C" fn yz_version() -> u32 {
    answer::<String>(Ok(crate::version().into_bytes()))
}

/// `GET /api/rules` as JSON.
#[no_mangle]
pub extern "C" fn yz_rules() -> u32 {
    install_panic_hook();
    answer::<String>(Ok(ENGINE.with(|e| e.borrow().rules()).into_bytes()))
}

/// `GET /api/card?rules=NAME` as JSON.
#[no_mangle]
pub extern "C" fn yz_card(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.card(name)
            .map(String::into_bytes)
            .map_err(|e| e.to_string())
    })
}

/// `"true"` or `"false"`: whether the table of NAME is loaded.
#[no_mangle]
pub extern "C" fn yz_has_table(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.has_table(name)
            .map(|b| b.to_string().into_bytes())
            .map_err(|e| e.to_string())
    })
}

/// Solves the table of NAME, calling `env.yz_progress`; answers the empty card's value as
/// JSON.
#[no_mangle]
pub extern "C" fn yz_solve(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.solve(name, &progress)
            .map(|v| json_number(v).into_bytes())
            .map_err(|e| e.to_string())
    })
}

/// Solves the part of its rule set's table that the card of an `/api/advise` body (JSON
/// text) can still reach, calling `env.yz_progress`; answers the card's expected points
/// still to come as JSON (`Engine::solve_for`).
#[no_mangle]
pub extern "C" fn yz_solve_for(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, body| {
        e.solve_for(body.as_bytes(), &progress)
            .map(|v| json_number(v).into_bytes())
            .map_err(|e| e.to_string())
    })
}

/// Whether an `/api/advise` body (JSON text) is answered without solving: `true` or
/// `false`.
#[no_mangle]
pub extern "C" fn yz_covers(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, body| {
        e.covers(body.as_bytes())
            .map(|b| b.to_string().into_bytes())
            .map_err(|e| e.to_string())
    })
}

/// The table file of NAME, as bytes.
#[no_mangle]
pub extern "C" fn yz_table_bytes(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.table_bytes(name)
            .map(<[u8]>::to_vec)
            .map_err(|e| e.to_string())
    })
}

/// Loads the table file at (`bytes`, `bytes_len`) for NAME, checked; answers the empty
/// card's value as JSON. Both buffers are handed back.
#[no_mangle]
pub extern "C" fn yz_load_table(
    name: *mut u8,
    name_len: usize,
    bytes: *mut u8,
    bytes_len: usize,
) -> u32 {
    let table = take(bytes, bytes_len);
    with_text(name, name_len, |e, name| {
        e.load_table(name, table)
            .map(|v| json_number(v).into_bytes())
            .map_err(|e| e.to_string())
    })
}

/// Forgets the table of NAME.
#[no_mangle]
pub extern "C" fn yz_drop_table(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.drop_table(name)
            .map(|()| b"null".to_vec())
            .map_err(|e| e.to_string())
    })
}

/// `"true"` or `"false"`: whether the companion table of NAME is built or loaded.
#[cfg(feature = "explain")]
#[no_mangle]
pub extern "C" fn yz_has_companion(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.has_companion(name)
            .map(|b| b.to_string().into_bytes())
            .map_err(|e| e.to_string())
    })
}

/// Builds the companion table of NAME (its value table solved first when missing),
/// calling `env.yz_progress` with the card's levels done; answers `null`.
#[cfg(feature = "explain")]
#[no_mangle]
pub extern "C" fn yz_solve_companion(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.solve_companion(name, &progress)
            .map(|()| b"null".to_vec())
            .map_err(|e| e.to_string())
    })
}

/// The trainer's puzzles: the request (JSON text) in, the puzzles (JSON) out.
#[cfg(feature = "explain")]
#[no_mangle]
pub extern "C" fn yz_puzzles(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, body| {
        e.puzzles(body.as_bytes())
            .map(String::into_bytes)
            .map_err(|e| e.to_string())
    })
}

/// The companion table file of NAME, as bytes.
#[cfg(feature = "explain")]
#[no_mangle]
pub extern "C" fn yz_companion_bytes(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, name| {
        e.companion_bytes(name)
            .map(<[u8]>::to_vec)
            .map_err(|e| e.to_string())
    })
}

/// Loads the companion table file at (`bytes`, `bytes_len`) for NAME, checked; answers
/// `null`. Both buffers are handed back.
#[cfg(feature = "explain")]
#[no_mangle]
pub extern "C" fn yz_load_companion(
    name: *mut u8,
    name_len: usize,
    bytes: *mut u8,
    bytes_len: usize,
) -> u32 {
    let table = take(bytes, bytes_len);
    with_text(name, name_len, |e, name| {
        e.load_companion(name, table)
            .map(|()| b"null".to_vec())
            .map_err(|e| e.to_string())
    })
}

/// `POST /api/advise`: the body (JSON text) in, the answer (JSON) out. In the games module
/// a body whose `"game"` is another game's is answered from its tables ([`crate::games`]).
#[no_mangle]
pub extern "C" fn yz_advise(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |e, body| {
        #[cfg(feature = "games")]
        if let Some(answer) = crate::games::advise(body.as_bytes()) {
            return answer.map_err(|e| e.to_string());
        }
        e.advise(body.as_bytes())
            .map(String::into_bytes)
            .map_err(|e| e.to_string())
    })
}

/// The names of the stored files a question (JSON text) needs, as a JSON list: the host
/// hands in those it has ([`yz_game_give`]) before asking.
#[cfg(feature = "games")]
#[no_mangle]
pub extern "C" fn yz_game_files(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |_, body| {
        crate::games::files_for(body.as_bytes()).map_err(|e| e.to_string())
    })
}

/// Hands in the stored file NAME, its bytes at (`bytes`, `bytes_len`): checked when first
/// needed. Both buffers are handed back.
#[cfg(feature = "games")]
#[no_mangle]
pub extern "C" fn yz_game_give(
    name: *mut u8,
    name_len: usize,
    bytes: *mut u8,
    bytes_len: usize,
) -> u32 {
    let file = take(bytes, bytes_len);
    with_text(name, name_len, |_, name| {
        crate::games::give(name, file);
        Ok(b"null".to_vec())
    })
}

/// What to store and delete since the last call, as JSON: `{"built": [names], "rejected":
/// [names]}`; each built file's bytes wait for [`yz_game_take`].
#[cfg(feature = "games")]
#[no_mangle]
pub extern "C" fn yz_game_built() -> u32 {
    install_panic_hook();
    answer::<String>(Ok(crate::games::built().into_bytes()))
}

/// Sets the most memory a build may take to `mb` megabytes (10^6 bytes; the default is
/// [`crate::games::MEMORY_LIMIT`]).
#[cfg(feature = "games")]
#[no_mangle]
pub extern "C" fn yz_game_memory_limit(mb: u32) -> u32 {
    install_panic_hook();
    crate::games::set_memory_limit(u64::from(mb) * 1_000_000);
    answer::<String>(Ok(b"null".to_vec()))
}

/// The bytes of the built file NAME (once).
#[cfg(feature = "games")]
#[no_mangle]
pub extern "C" fn yz_game_take(ptr: *mut u8, len: usize) -> u32 {
    with_text(ptr, len, |_, name| crate::games::take(name))
}

fn json_number(v: f64) -> String {
    serde_json::to_string(&v).expect("a finite number")
}
