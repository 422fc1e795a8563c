//! Running independent pieces of work: in parallel on rayon's threads with the `parallel`
//! feature (the default); without it, on the WebAssembly worker pool ([`wasm_pool`]) when
//! the module is built with shared memory (`+atomics`) and workers have joined, else one
//! after the other. Every way, each item is computed alone and the results come back in
//! input order, so a solve gives the same bits.

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

/// `f` over `items`, results in input order: on the worker pool when it has workers.
#[cfg(not(feature = "parallel"))]
pub(crate) fn map_init<T, W, R>(
    items: &[T],
    init: impl Fn() -> W + Sync + Send,
    f: impl Fn(&mut W, &T) -> R + Sync + Send,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    #[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
    if wasm_pool::workers() > 0 && items.len() > 1 {
        return wasm_pool::map_init(items, init, f);
    }
    let mut w = init();
    items.iter().map(|t| f(&mut w, t)).collect()
}

/// A pool of WebAssembly threads sharing the module's memory: JavaScript starts each worker
/// (a Web Worker or a Node.js worker thread instantiating the same module over the same
/// shared memory, with its own stack and TLS block) and calls [`wasm_pool::worker_loop`],
/// which never returns; [`wasm_pool::map_init`] hands every worker and the calling thread
/// the same job, items taken one at a time from a shared counter. Waits are the standard
/// library's `Mutex` and `Condvar` (futexes over `memory.atomic.wait32`), so the calling
/// thread must be allowed to block: a worker, or Node.js, never a page's main thread.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub mod wasm_pool {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Condvar, Mutex, MutexGuard};

    /// A job: a function every thread runs once, borrowed for the job's length.
    type Job<'a> = &'a (dyn Fn() + Sync);

    struct Pool {
        /// Jobs started so far: a worker runs each new one.
        generation: u64,
        /// The current job, as the address of a `Job` on the caller's stack.
        job: usize,
        /// Workers still running the current job.
        active: usize,
        workers: usize,
    }

    static POOL: Mutex<Pool> = Mutex::new(Pool {
        generation: 0,
        job: 0,
        active: 0,
        workers: 0,
    });
    static START: Condvar = Condvar::new();
    static FINISHED: Condvar = Condvar::new();

    fn pool() -> MutexGuard<'static, Pool> {
        POOL.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Workers that have joined.
    pub fn workers() -> usize {
        pool().workers
    }

    /// Joins the pool and runs its jobs forever (a worker thread's whole life).
    pub fn worker_loop() -> ! {
        let mut p = pool();
        p.workers += 1;
        let mut seen = p.generation;
        loop {
            while p.generation == seen {
                p = START.wait(p).unwrap_or_else(|e| e.into_inner());
            }
            seen = p.generation;
            let job = p.job;
            drop(p);
            // SAFETY: `job` is the address of a `Job` that `run_on_all` keeps alive until
            // every worker has finished it (it waits for `active` to reach 0).
            let f = unsafe { *(job as *const Job) };
            f();
            p = pool();
            p.active -= 1;
            if p.active == 0 {
                FINISHED.notify_all();
            }
        }
    }

    /// Runs `f` on every worker and on the calling thread; returns when all are done.
    fn run_on_all(f: Job) {
        let mut p = pool();
        p.job = &f as *const Job as usize;
        p.active = p.workers;
        p.generation += 1;
        START.notify_all();
        drop(p);
        f();
        let mut p = pool();
        while p.active > 0 {
            p = FINISHED.wait(p).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// `f` over `items` on every thread of the pool, results in input order.
    pub(crate) fn map_init<T, W, R>(
        items: &[T],
        init: impl Fn() -> W + Sync + Send,
        f: impl Fn(&mut W, &T) -> R + Sync + Send,
    ) -> Vec<R>
    where
        T: Sync,
        R: Send,
    {
        let next = AtomicUsize::new(0);
        let done = Mutex::new(Vec::with_capacity(items.len()));
        run_on_all(&|| {
            let mut mine = Vec::new();
            let mut w = None;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let w = w.get_or_insert_with(&init);
                mine.push((i, f(w, item)));
            }
            done.lock().unwrap_or_else(|p| p.into_inner()).extend(mine);
        });
        let mut done = done.into_inner().unwrap_or_else(|p| p.into_inner());
        done.sort_unstable_by_key(|&(i, _)| i);
        done.into_iter().map(|(_, r)| r).collect()
    }
}
