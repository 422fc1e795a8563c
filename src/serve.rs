//! `yahtzee serve`: the web advisor and the JSON API (`crates/yahtzee-server`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
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
    /// Most memory one best response (playing to win) may take, in GiB [default:
    /// $YAHTZEE_MEMORY_LIMIT, or half the machine's]; a first turn needs 10.4 GiB.
    #[arg(long, value_name = "GIB", value_parser = yahtzee_advice::win::parse_gib)]
    memory_limit: Option<u64>,
}

pub fn run(args: Args) -> Result<()> {
    let mut limits = Limits {
        heavy_seconds: args.heavy_seconds,
        ..Limits::default()
    };
    if let Some(bytes) = args.memory_limit {
        limits.memory_limit = bytes;
    }
    let state = AppState::new(Tables::new(args.data_dir), limits);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.bind, args.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", args.bind, args.port))?;
        let addr = listener.local_addr()?;
        // The first line of output names the address (tests read the port from it).
        let mut out = std::io::stdout().lock();
        writeln!(out, "listening on http://{addr}")?;
        out.flush()?;
        drop(out);
        yahtzee_server::serve(listener, state)
            .await
            .context("serving")
    })
}
