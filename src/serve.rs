//! `yahtzee serve`: the web advisor and the JSON API (`crates/yahtzee-server`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use yahtzee_engine::Tables;
use yahtzee_server::{AppState, Limits};

#[derive(clap::Args)]
pub struct Args {
    /// Port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on (0.0.0.0 for every interface).
    #[arg(long, default_value = "127.0.0.1")]
    bind: std::net::IpAddr,
    /// Folder of the tables [default: $YAHTZEE_DATA_DIR, else data/]; missing ones are
    /// built there in the background.
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// Longest a heavy request (statistics, the chance to win) may take, in seconds.
    #[arg(long, default_value_t = 30)]
    heavy_seconds: u64,
    /// The server's memory budget in GiB [default: $YAHTZEE_MEMORY_LIMIT, or half the
    /// machine's]: its resident memory plus the estimates of the builds and heavy work
    /// under way stay within it; a build or best response needing more is refused.
    #[arg(long, value_name = "GIB", value_parser = yahtzee_advice::win::parse_gib)]
    memory_limit: Option<u64>,
    /// Most the data folder may hold, in GiB (never past the free disk less 1 GiB); a
    /// build that would pass it is refused (507).
    #[arg(long, value_name = "GIB", value_parser = yahtzee_advice::win::parse_gib, default_value = "16")]
    data_budget: u64,
    /// Builds and heavy computations at once, on as many low-priority threads [default:
    /// the cores less one, at least one].
    #[arg(long, value_name = "N")]
    build_jobs: Option<usize>,
    /// Builds waiting to start; more are refused (503 with Retry-After).
    #[arg(long, value_name = "N", default_value_t = 16)]
    build_queue: usize,
    /// What requests may build beyond what the shipped pages use (the value tables, the
    /// Triple Yahtzee players, Yahtzix to 2,000 for two, the Painted Yahtzee strategy): a
    /// comma list of `target` (target-score tables), `yahtzix` (other Yahtzix targets),
    /// `reduced` (reduced games), `all` or `none` [default: `all` when listening on
    /// loopback only without --trust-forwarded (a local user), else `none`].
    #[arg(long, value_name = "KINDS", value_parser = yahtzee_server::Allow::parse)]
    allow_build: Option<yahtzee_server::Allow>,
    /// Heavy questions and builds one client address may have under way or queued; more
    /// get 429 with Retry-After [default: 2; no limit when listening on loopback only
    /// without --trust-forwarded (a local user, the only client)].
    #[arg(long, value_name = "N")]
    per_client: Option<usize>,
    /// Behind a reverse proxy: the client's address is the last X-Forwarded-For entry.
    #[arg(long)]
    trust_forwarded: bool,
}

pub fn run(args: Args) -> Result<()> {
    let mut limits = Limits {
        heavy_seconds: args.heavy_seconds,
        data_budget: args.data_budget,
        build_queue: args.build_queue,
        ..Limits::for_listener(args.bind, args.trust_forwarded)
    };
    if let Some(jobs) = args.build_jobs {
        limits.build_jobs = jobs;
    }
    if let Some(allow) = args.allow_build {
        limits.allow = allow;
    }
    if let Some(n) = args.per_client {
        limits.per_client = n.max(1);
    }
    if let Some(bytes) = args.memory_limit {
        limits.memory_limit = bytes;
    }
    let state = AppState::new(Tables::new(args.data_dir), limits);
    yahtzee_server::serve_on(args.bind, args.port, state, |addr| {
        // The first line of output names the address (tests read the port from it).
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on http://{addr}")?;
        out.flush()
    })?;
    Ok(())
}
