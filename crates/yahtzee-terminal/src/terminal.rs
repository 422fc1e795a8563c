//! Holding the terminal for a full-screen game (raw mode, the alternate screen, ratatui's
//! panic hook) and giving it back on every way out: the game's end, a panic, and an
//! interrupt, whose handler ([`crate::file::save_on_interrupt`]) calls [`give_back`]
//! before it writes the record.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set while a full-screen game holds the terminal: an interrupt gives it back first.
static HELD: AtomicBool = AtomicBool::new(false);

/// Takes the terminal, runs `f` on it and gives it back (also to an interrupt handler
/// meanwhile, through [`give_back`]).
pub fn with_terminal<T>(f: impl FnOnce(&mut ratatui::DefaultTerminal) -> T) -> io::Result<T> {
    let mut terminal = ratatui::try_init()?;
    HELD.store(true, Ordering::SeqCst);
    let result = f(&mut terminal);
    HELD.store(false, Ordering::SeqCst);
    restore();
    Ok(result)
}

/// Gives the terminal back if a full-screen game holds it (an interrupt's first step).
pub fn give_back() {
    if HELD.swap(false, Ordering::SeqCst) {
        restore();
    }
}

/// Gives the terminal back: cooked mode, the main screen, the cursor shown.
pub fn restore() {
    ratatui::restore();
}
