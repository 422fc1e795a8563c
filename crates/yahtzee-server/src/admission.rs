//! What the server lets a request start: builds admitted against one memory budget through
//! a bounded queue, a policy for what an anonymous request may build, the data folder's
//! size budget, and a limit per client address on heavy work and builds.
//!
//! A request whose tables are not in memory gets a [`Job`] (open them from disk, or build
//! them): refused at once when the policy forbids the build, when its estimate alone is
//! past the memory limit or its files past the data budget; else queued (503 "building")
//! unless the queue is full or the client has [`Limits::per_client`] jobs already. The
//! queue starts a job when fewer than [`Limits::build_jobs`] run and the server's resident
//! memory plus the estimates of what runs plus this one's stay within
//! [`Limits::memory_limit`]. Jobs run on a [`Pool`] of `build_jobs` threads at low
//! priority, heavy work on another (a long build does not starve it), so advice, at normal
//! priority, keeps the cores it needs.

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::IpAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use yahtzee_engine::cost::{self, Build, BuildKind, Cost};
use yahtzee_engine::{Tables, Where};

use crate::{ApiError, Limits};

/// The kinds of build an operator may let anonymous requests start (`--allow-build`);
/// what the shipped pages use ([`BuildKind::Pages`]) is always allowed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Allow(HashSet<BuildKind>);

/// The kinds `--allow-build` names, with their names.
const KINDS: [(BuildKind, &str); 4] = [
    (BuildKind::Target, "target"),
    (BuildKind::Yahtzix, "yahtzix"),
    (BuildKind::Reduced, "reduced"),
    (BuildKind::MegaBonus, "mega-bonus"),
];

impl Allow {
    /// Everything.
    pub fn all() -> Allow {
        Allow(KINDS.iter().map(|&(k, _)| k).collect())
    }

    /// `target,yahtzix,reduced,mega-bonus`, `all`, or `none` (or empty: only what the
    /// pages use).
    pub fn parse(text: &str) -> Result<Allow, String> {
        let mut set = HashSet::new();
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match word {
                "all" => return Ok(Allow::all()),
                "none" => {}
                _ => {
                    let (kind, _) = KINDS.iter().find(|(_, name)| *name == word).ok_or_else(|| {
                        format!(
                            "unknown kind of build '{}' (target, yahtzix, reduced, mega-bonus, all, none)",
                            yahtzee_rules::one_line(word)
                        )
                    })?;
                    set.insert(*kind);
                }
            }
        }
        Ok(Allow(set))
    }

    fn allows(&self, kind: BuildKind) -> bool {
        kind == BuildKind::Pages || self.0.contains(&kind)
    }
}

/// The `--allow-build` name of a kind.
fn flag_of(kind: BuildKind) -> &'static str {
    KINDS
        .iter()
        .find(|&&(k, _)| k == kind)
        .map_or("", |&(_, name)| name)
}

/// One piece of work that makes a request's tables ready: open them from disk, or build
/// them, in order.
struct Job {
    key: String,
    /// The build its messages name.
    what: String,
    steps: Vec<Build>,
    memory: u64,
    disk: u64,
    /// Its CPU estimate: the queue starts the shortest first.
    seconds: f64,
    client: IpAddr,
    building: bool,
}

/// The queue, what runs, and each client's share.
#[derive(Default)]
struct Queue {
    waiting: VecDeque<Job>,
    running: HashMap<String, (u64, u64)>,
    queued: HashSet<String>,
    per_client: HashMap<IpAddr, usize>,
    /// Jobs taken off the queue because they could not fit: the refusal the next request
    /// for them gets.
    dropped: HashMap<String, String>,
}

/// The threads builds and heavy work run on, at low priority.
pub struct Pool(rayon::ThreadPool);

impl Pool {
    pub fn new(threads: usize) -> Pool {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("yahtzee-build-{i}"))
            .start_handler(|_| lower_priority())
            .build()
            .expect("the build threads start");
        Pool(pool)
    }

    /// Runs `work` on these threads (its parallel loops too).
    pub fn run<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        self.0.install(work)
    }
}

/// Nice 10 for the calling thread (Linux: per thread), so advice on the other threads
/// goes first; elsewhere nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        let tid = rustix::thread::gettid();
        let _ = rustix::process::setpriority_process(Some(tid), 10);
    }
}

/// The server's resident memory (bytes), where the system says (`/proc/self/statm`).
pub fn resident() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Bytes of the files in the data folder.
pub fn folder_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

/// The admission of builds and heavy work.
pub struct Admission {
    queue: Mutex<Queue>,
    /// Memory reserved by heavy work under way (its estimate).
    heavy_reserved: Mutex<u64>,
    /// The costs reckoned so far, by build ([`Build::key`]).
    known_costs: Mutex<HashMap<String, Cost>>,
    /// One cost reckoned at a time, on [`Admission::estimates`].
    reckoning: Arc<tokio::sync::Semaphore>,
    /// One low-priority thread for reckoning costs.
    estimates: Arc<Pool>,
    /// Where jobs run.
    pub pool: Arc<Pool>,
    /// Where heavy work runs (its own threads: a long build does not starve it).
    pub heavy_pool: Arc<Pool>,
}

/// A client's slot of heavy work or a build, given back when dropped.
pub struct ClientSlot {
    admission: Arc<Admission>,
    client: IpAddr,
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        self.admission.release_client(self.client);
    }
}

/// Heavy work's reservation of memory, given back when dropped.
pub struct Reservation {
    admission: Arc<Admission>,
    bytes: u64,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut r = self
            .admission
            .heavy_reserved
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        *r = r.saturating_sub(self.bytes);
    }
}

fn refused(status: StatusCode, reason: &'static str, message: String) -> ApiError {
    log_refusal(reason, &message);
    ApiError::refused(status, reason, message)
}

impl Admission {
    pub fn new(limits: &Limits) -> Arc<Admission> {
        Arc::new(Admission {
            queue: Mutex::default(),
            heavy_reserved: Mutex::new(0),
            known_costs: Mutex::default(),
            reckoning: Arc::new(tokio::sync::Semaphore::new(1)),
            estimates: Arc::new(Pool::new(1)),
            pool: Arc::new(Pool::new(limits.build_jobs)),
            heavy_pool: Arc::new(Pool::new(limits.build_jobs)),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Memory in use or promised: resident, the estimates of the jobs running and of the
    /// heavy work under way.
    fn committed(&self, q: &Queue) -> u64 {
        let running: u64 = q.running.values().map(|(m, _)| m).sum();
        let heavy = *self
            .heavy_reserved
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        resident().unwrap_or(0) + running + heavy
    }

    /// A slot for `client`'s heavy work or build, or a 429 when it has `per_client` already.
    pub fn client_slot(
        self: &Arc<Self>,
        client: IpAddr,
        limits: &Limits,
    ) -> Result<ClientSlot, ApiError> {
        let mut q = self.lock();
        let n = q.per_client.entry(client).or_insert(0);
        if *n >= limits.per_client {
            return Err(over_share(client, *n, limits));
        }
        *n += 1;
        Ok(ClientSlot {
            admission: self.clone(),
            client,
        })
    }

    fn release_client(&self, client: IpAddr) {
        let mut q = self.lock();
        if let Some(n) = q.per_client.get_mut(&client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                q.per_client.remove(&client);
            }
        }
    }

    /// Reserves `bytes` for heavy work when they fit within the memory limit now; the
    /// reservation is given back when dropped.
    pub fn reserve(self: &Arc<Self>, bytes: u64, limits: &Limits) -> Result<Reservation, ApiError> {
        let q = self.lock();
        let committed = self.committed(&q);
        if committed + bytes > limits.memory_limit {
            return Err(ApiError::busy(format!(
                "this question needs about {} of memory and the server has {} of its {} free now; try again later",
                cost::bytes(bytes),
                cost::bytes(limits.memory_limit.saturating_sub(committed)),
                cost::bytes(limits.memory_limit)
            )));
        }
        *self
            .heavy_reserved
            .lock()
            .unwrap_or_else(|p| p.into_inner()) += bytes;
        Ok(Reservation {
            admission: self.clone(),
            bytes,
        })
    }

    /// Memory free for heavy work now (the limit less what is committed).
    pub fn free_memory(&self, limits: &Limits) -> u64 {
        let q = self.lock();
        limits.memory_limit.saturating_sub(self.committed(&q))
    }

    /// Makes `builds` ready: `Ok` when all are in memory, else a job is queued (or already
    /// is) and the answer is 503 "building", or the refusal says why not.
    pub async fn need(
        self: &Arc<Self>,
        tables: &Arc<Tables>,
        builds: Vec<Build>,
        client: IpAddr,
        limits: &Limits,
    ) -> Result<(), ApiError> {
        let wanted = wanted(tables, builds, &limits.allow)?;
        let Some((first, _)) = wanted.first() else {
            return Ok(());
        };
        let what = first.describe();
        let key = wanted
            .iter()
            .map(|(b, _)| b.key())
            .collect::<Vec<_>>()
            .join(" + ");
        let building = wanted.iter().any(|(_, at)| *at == Where::Missing);
        if let Some(answer) = self.under_way(&key, &what, building) {
            return Err(answer);
        }
        let costs = self
            .costs(wanted.iter().map(|(b, _)| b.clone()).collect())
            .await?;
        let job = Job::of(key, wanted, costs, client);
        if job.memory > limits.memory_limit {
            return Err(refused(
                StatusCode::FORBIDDEN,
                "memory",
                format!(
                    "{} needs about {} of memory, more than this server's limit of {} (--memory-limit)",
                    job.what,
                    cost::bytes(job.memory),
                    cost::bytes(limits.memory_limit)
                ),
            ));
        }
        let what = job.what.clone();
        self.enqueue(job, tables, limits)?;
        self.pump(tables, limits);
        Err(building_answer(&what, building))
    }

    /// Queues `job` unless it is queued or runs already, or its files do not fit, or its
    /// client has its share, or its memory is held by open tables, or the queue is full.
    fn enqueue(&self, job: Job, tables: &Tables, limits: &Limits) -> Result<(), ApiError> {
        let mut q = self.lock();
        if q.running.contains_key(&job.key) || q.queued.contains(&job.key) {
            return Err(building_answer(&job.what, job.building));
        }
        if job.disk > 0 {
            let promised: u64 = q.running.values().map(|(_, d)| d).sum::<u64>()
                + q.waiting.iter().map(|j| j.disk).sum::<u64>();
            disk_fits(&job, folder_bytes(tables.dir()) + promised, tables, limits)?;
        }
        let slots = q.per_client.get(&job.client).copied().unwrap_or(0);
        if slots >= limits.per_client {
            return Err(over_share(job.client, slots, limits));
        }
        let committed = self.committed(&q);
        if q.running.is_empty() && committed + job.memory > limits.memory_limit {
            // Nothing runs whose memory would come back: the open tables hold it.
            let message = not_free(&job.what, job.memory, committed, limits);
            return Err(refused(StatusCode::SERVICE_UNAVAILABLE, "busy", message));
        }
        if q.waiting.len() >= limits.build_queue {
            return Err(refused(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!(
                    "{} builds are waiting already (--build-queue); try again later",
                    q.waiting.len()
                ),
            ));
        }
        *q.per_client.entry(job.client).or_insert(0) += 1;
        q.queued.insert(job.key.clone());
        q.waiting.push_back(job);
        Ok(())
    }

    /// The answer to a request whose job is queued or runs (503 "building"), or was taken
    /// off the queue for want of memory (503 "busy", once); `None` otherwise.
    fn under_way(&self, key: &str, what: &str, building: bool) -> Option<ApiError> {
        let mut q = self.lock();
        if let Some(message) = q.dropped.remove(key) {
            return Some(refused(StatusCode::SERVICE_UNAVAILABLE, "busy", message));
        }
        (q.running.contains_key(key) || q.queued.contains(key))
            .then(|| building_answer(what, building))
    }

    /// The costs of `builds`, remembered: reckoning one can take a second (a target
    /// table's vector lengths, state by state), so it is done once, off the request's
    /// thread.
    async fn costs(self: &Arc<Self>, builds: Vec<Build>) -> Result<Vec<Cost>, ApiError> {
        let known = |b: &Build| {
            let k = self.known_costs.lock().unwrap_or_else(|p| p.into_inner());
            k.get(&b.key()).copied()
        };
        if let Some(all) = builds.iter().map(known).collect::<Option<Vec<Cost>>>() {
            return Ok(all);
        }
        // One reckoning at a time, on its own low-priority thread: a flood of new target
        // tables waits its turn (or is told to come back), and advice keeps the cores.
        let permit = tokio::time::timeout(
            Duration::from_secs(2),
            self.reckoning.clone().acquire_owned(),
        )
        .await
        .map_err(|_| {
            ApiError::busy(
                "the server is reckoning the cost of other builds; try again in a few seconds"
                    .into(),
            )
        })?
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let me = self.clone();
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let pool = me.estimates.clone();
            pool.run(|| {
                builds
                    .iter()
                    .map(|b| {
                        let key = b.key();
                        if let Some(c) = me
                            .known_costs
                            .lock()
                            .unwrap_or_else(|p| p.into_inner())
                            .get(&key)
                        {
                            return *c;
                        }
                        let c = b.cost();
                        let mut known = me.known_costs.lock().unwrap_or_else(|p| p.into_inner());
                        if known.len() >= COSTS_KEPT {
                            known.clear();
                        }
                        known.insert(key, c);
                        c
                    })
                    .collect()
            })
        })
        .await
        .map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: {e}"),
            )
        })
    }

    /// Starts the waiting jobs that fit, the shortest first (so a flood of long builds
    /// does not hold back the pages' one-second tables).
    fn pump(self: &Arc<Self>, tables: &Arc<Tables>, limits: &Limits) {
        let mut q = self.lock();
        while q.running.len() < limits.build_jobs.max(1) {
            let Some(next) = (0..q.waiting.len())
                .min_by(|&a, &b| q.waiting[a].seconds.total_cmp(&q.waiting[b].seconds))
            else {
                break;
            };
            let job = q.waiting.remove(next).expect("a waiting job");
            q.waiting.push_front(job);
            let job = q.waiting.front().expect("a front job");
            let committed = self.committed(&q);
            if committed + job.memory > limits.memory_limit {
                if !q.running.is_empty() {
                    // Waits for the running jobs' memory.
                    break;
                }
                // Nothing runs and it does not fit: the memory is held by open tables.
                let job = q.waiting.pop_front().expect("a front job");
                q.queued.remove(&job.key);
                let message = not_free(&job.key, job.memory, committed, limits);
                log_refusal("busy", &message);
                q.dropped.insert(job.key.clone(), message);
                drop(q);
                self.release_client(job.client);
                q = self.lock();
                continue;
            }
            let job = q.waiting.pop_front().expect("a front job");
            q.queued.remove(&job.key);
            q.running.insert(job.key.clone(), (job.memory, job.disk));
            self.start(job, tables.clone(), limits.clone());
        }
    }

    fn start(self: &Arc<Self>, job: Job, tables: Arc<Tables>, limits: Limits) {
        let me = self.clone();
        let pool = self.pool.clone();
        eprintln!(
            "{} started: {} (estimate: {} of memory, {} of disk) for {}",
            if job.building { "build" } else { "open" },
            job.key,
            cost::bytes(job.memory),
            cost::bytes(job.disk),
            job.client
        );
        tokio::task::spawn_blocking(move || {
            let start = Instant::now();
            let outcome = pool.run(|| job.steps.iter().try_for_each(|b| tables.prepare(b)));
            let secs = start.elapsed().as_secs_f64();
            let verb = if job.building { "build" } else { "open" };
            match outcome {
                Ok(()) => {
                    let written: u64 = job
                        .steps
                        .iter()
                        .flat_map(|b| tables.files(b))
                        .filter_map(|p| std::fs::metadata(p).ok())
                        .map(|m| m.len())
                        .sum();
                    eprintln!(
                        "{verb} finished: {} in {secs:.1} s, {} on disk",
                        job.key,
                        cost::bytes(written)
                    );
                }
                Err(e) => eprintln!("{verb} failed: {} after {secs:.1} s: {e}", job.key),
            }
            me.lock().running.remove(&job.key);
            me.release_client(job.client);
            me.pump(&tables, &limits);
        });
    }
}

/// The builds of `builds` that are not ready (with where each stands), or the refusal of
/// the first that the policy does not let a request build.
fn wanted(
    tables: &Tables,
    builds: Vec<Build>,
    allow: &Allow,
) -> Result<Vec<(Build, Where)>, ApiError> {
    let mut wanted = Vec::new();
    for b in builds {
        let at = tables.locate(&b);
        // A value or target table on disk is mapped in milliseconds, on the request.
        let mapped = matches!(b, Build::Values(_) | Build::Target(_));
        if at == Where::InMemory || (at == Where::OnDisk && mapped) {
            continue;
        }
        let kind = b.kind();
        if at == Where::Missing && !allow.allows(kind) && matches!(b, Build::YahtzixThree(_)) {
            // It only makes three players' chances to win the table exact: without it
            // they are estimated.
            continue;
        }
        if at == Where::Missing && !allow.allows(kind) {
            return Err(refused(
                StatusCode::FORBIDDEN,
                "policy",
                format!(
                    "{} is not built on request here: build it ahead with `{}`, or start the server with --allow-build {}",
                    b.describe(),
                    b.command(tables.dir()),
                    flag_of(kind)
                ),
            ));
        }
        wanted.push((b, at));
    }
    Ok(wanted)
}

impl Job {
    /// The job that makes `wanted` ready, in order: its peak memory (each step's peak over
    /// what the earlier ones hold), its files and CPU (the builds'), named in messages by
    /// the build with the largest file.
    fn of(key: String, wanted: Vec<(Build, Where)>, costs: Vec<Cost>, client: IpAddr) -> Job {
        let mut job = Job {
            what: wanted
                .first()
                .map(|(b, _)| b.describe())
                .unwrap_or_default(),
            key,
            steps: Vec::new(),
            memory: 0,
            disk: 0,
            seconds: 0.0,
            client,
            building: false,
        };
        let (mut held, mut most_disk) = (0, 0);
        for ((b, at), c) in wanted.into_iter().zip(costs) {
            if at == Where::Missing {
                job.memory = job.memory.max(held + c.memory);
                job.disk += c.disk;
                job.seconds += c.cpu_seconds;
                job.building = true;
                if c.disk > most_disk {
                    most_disk = c.disk;
                    job.what = b.describe();
                }
            } else {
                job.memory = job.memory.max(held + c.held);
            }
            held += c.held;
            job.steps.push(b);
        }
        job
    }
}

/// 503 "building": what a request waits for is queued or under way.
fn building_answer(what: &str, building: bool) -> ApiError {
    ApiError::building(format!(
        "{what} is being {}; try again in a few seconds",
        if building { "built" } else { "opened" }
    ))
}

/// 429 `per-client`: `client` has `n` heavy questions or builds under way (logged).
fn over_share(client: IpAddr, n: usize, limits: &Limits) -> ApiError {
    let message = format!(
        "this client's heavy questions and builds under way: {n}, at most {}; try again when they finish",
        limits.per_client
    );
    log_refusal("per-client", &format!("{client}: {message}"));
    ApiError::too_many(message)
}

/// Refuses (507 `disk`) a job whose files would take the data folder, which holds or is
/// promised `used` bytes, past its budget, or the disk past its free space less a margin.
fn disk_fits(job: &Job, used: u64, tables: &Tables, limits: &Limits) -> Result<(), ApiError> {
    let refuse = |message| Err(refused(StatusCode::INSUFFICIENT_STORAGE, "disk", message));
    if used + job.disk > limits.data_budget {
        return refuse(format!(
            "{} would take {} of disk; the data folder holds {} of its budget of {} (--data-budget)",
            job.what,
            cost::bytes(job.disk),
            cost::bytes(used),
            cost::bytes(limits.data_budget)
        ));
    }
    let free = cost::free_disk(tables.dir()).unwrap_or(u64::MAX);
    if job.disk.saturating_add(DISK_MARGIN) > free {
        return refuse(format!(
            "{} would take {} of disk; {} is free",
            job.what,
            cost::bytes(job.disk),
            cost::bytes(free)
        ));
    }
    Ok(())
}

/// The refusal of a job that does not fit in the memory free now.
fn not_free(what: &str, memory: u64, committed: u64, limits: &Limits) -> String {
    format!(
        "{what} needs about {} of memory and the server holds {} of its {} limit (--memory-limit); try again later",
        cost::bytes(memory),
        cost::bytes(committed),
        cost::bytes(limits.memory_limit)
    )
}

/// Logs a refusal on standard error: at most one line a second for each reason, the next
/// line saying how many were left out meanwhile (a flood of refusals does not flood the
/// log).
fn log_refusal(reason: &'static str, message: &str) {
    static LAST: Mutex<Option<HashMap<&'static str, (Instant, u64)>>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|p| p.into_inner());
    let last = last.get_or_insert_with(HashMap::new);
    let Some(entry) = last.get_mut(reason) else {
        last.insert(reason, (Instant::now(), 0));
        eprintln!("refused ({reason}): {message}");
        return;
    };
    if entry.0.elapsed() < Duration::from_secs(1) {
        entry.1 += 1;
        return;
    }
    let left_out = std::mem::take(&mut entry.1);
    entry.0 = Instant::now();
    if left_out > 0 {
        eprintln!(
            "refused ({reason}): {message} (and {left_out} more of this kind since the last line)"
        );
    } else {
        eprintln!("refused ({reason}): {message}");
    }
}

/// Costs remembered at most (then forgotten all at once).
const COSTS_KEPT: usize = 10_000;

/// Free disk a build leaves at least (1 GiB).
const DISK_MARGIN: u64 = 1 << 30;
