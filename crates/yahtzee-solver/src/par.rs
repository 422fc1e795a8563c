//! Running independent pieces of work: in parallel on rayon's threads with the `parallel`
//! feature (the default), one after the other without it (WebAssembly in a browser).
//! Either way the results come back in input order, so a solve gives the same bits.

/// `f` over `items`, with a workspace from `init` per worker, results in input order.
#[cfg(feature = "parallel")]
pub(crate) fn map_init<T, W, R>(
    items: &[T],
    init: impl Fn() -> W + Sync + Send,
    f: impl Fn(&mut W, &T) -> R + Sync + Send,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    use rayon::prelude::*;
    items.par_iter().map_init(init, f).collect()
}

/// `f` over `items`, with one workspace from `init`, results in input order.
#[cfg(not(feature = "parallel"))]
pub(crate) fn map_init<T, W, R>(
    items: &[T],
    init: impl Fn() -> W + Sync + Send,
    f: impl Fn(&mut W, &T) -> R + Sync + Send,
) -> Vec<R> {
    let mut w = init();
    items.iter().map(|t| f(&mut w, t)).collect()
}
