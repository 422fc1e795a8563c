//! Stopping a long computation from outside: a shared flag that the solvers read between
//! filled sets and levels (the statistics and the best response read it too). A cancelled
//! computation returns [`Cancelled`], never a partial answer; one never cancelled gives
//! the same bits as before.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A cancellation flag, cheap to clone: every clone sees the same flag. A server sets it
/// at a request's time limit or when its client goes away ([`Cancel::on_drop`]).
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Sets the flag: the computations reading it stop at their next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// True once [`Cancel::cancel`] has been called on this flag or a clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(Cancelled)` once the flag is set.
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// A guard that sets the flag when dropped (unless [`CancelOnDrop::disarm`]ed): held by
    /// a request's future, it cancels the work when the future is dropped (the client went
    /// away, a time limit passed).
    pub fn on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(Some(self.clone()))
    }
}

/// Sets its flag when dropped: [`Cancel::on_drop`].
#[derive(Debug)]
pub struct CancelOnDrop(Option<Cancel>);

impl CancelOnDrop {
    /// Drops the guard without setting the flag (the work finished).
    pub fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(c) = self.0.take() {
            c.cancel();
        }
    }
}

/// The error of a cancelled computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cancelled;

impl std::fmt::Display for Cancelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the computation was cancelled")
    }
}

impl std::error::Error for Cancelled {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_the_guard_sets_it() {
        let c = Cancel::new();
        let d = c.clone();
        assert!(c.check().is_ok());
        c.on_drop().disarm();
        assert!(!d.is_cancelled());
        drop(d.on_drop());
        assert!(c.is_cancelled());
        assert_eq!(c.check(), Err(Cancelled));
    }
}
