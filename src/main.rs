//! `yahtzee`: the command-line face of the engine. A thin layer: it parses arguments,
//! finds or builds the value table, and prints what the library crates compute.

mod advise;
mod duel;
mod export;
mod painted;
mod play;
mod progress;
mod review;
mod rules_cmd;
mod serve;
mod solve;
mod stats;
mod train;
mod triple;
mod yahtzix;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Exact optimal play for Yahtzee: solve the game, then ask for the best move.
///
/// Help is wrapped at 80 columns at most (narrower terminals: their width), as is every
/// report the commands print.
#[derive(Parser)]
#[command(
    name = "yahtzee",
    version,
    about,
    propagate_version = true,
    arg_required_else_help = true,
    max_term_width = 80,
    after_help = DATA_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a rule set exactly and write its value table.
    Solve(solve::Args),
    /// Rank every option for a position: which dice to keep, or which box to fill.
    Advise(advise::Args),
    /// Exact statistics of optimal play: distribution of the total, per-box table.
    Stats(stats::StatsArgs),
    /// Play many games with the optimal strategy and report the same statistics.
    Simulate(stats::SimulateArgs),
    /// List every rule set and house rule with its optimal expected score.
    Rules(rules_cmd::Args),
    /// Play a game in the terminal, with hints and the cost of every decision.
    Play(play::Args),
    /// Judge every decision of a game record against optimal play.
    Review(review::Args),
    /// Puzzles from the exact table: practice, the daily puzzle, a proficiency test.
    Train(train::Args),
    /// Triple Yahtzee (three columns, ×1 ×2 ×3): advise, simulate, play, review.
    Triple(triple::Args),
    /// Yahtzix (six dice, push-your-luck race): solve, advise, play, stats.
    Yahtzix(yahtzix::Args),
    /// Painted Yahtzee (coloured dice, 23 boxes): advise, simulate, play, review.
    Painted(painted::Args),
    /// Bots against each other over many seeded games: win rates with 95% intervals.
    Duel(duel::Args),
    /// Serve the web advisor and the JSON API over HTTP.
    Serve(serve::Args),
    /// Write a copy of a table for an app or another tool: f32, npy, csv, or Parquet with
    /// decoded columns (target tables too, with --objective target).
    Export(export::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `yahtzee manpage > yahtzee.1`.
    Manpage,
}

/// Where tables are kept, for `yahtzee --help` (the policy is `yahtzee_table::store::data_dir`).
const DATA_HELP: &str = "Tables are solved on first use and kept in the data folder: \
$YAHTZEE_DATA_DIR when set; else data/ of the source checkout when run from its own build; \
else the cache folder (~/.cache/yahtzee on Linux, ~/Library/Caches/yahtzee on macOS, \
%LOCALAPPDATA%\\yahtzee\\cache on Windows). `yahtzee rules` prints the folder in use.";

/// `--rules NAME [--house SWITCH]...`: the rule set, shared by every command.
#[derive(clap::Args, Clone, Debug)]
pub struct RulesOpts {
    /// Rule set (`yahtzee rules` lists them with their expected scores); `yahtzee`,
    /// `official` and `american` mean forced.
    #[arg(long, value_parser = RulesParser, default_value = "forced")]
    rules: &'static yahtzee_rules::RuleSet,
    /// House rule to add (repeat or separate with commas): each combination is a rule set
    /// of its own, with its own table.
    #[arg(long, value_enum, value_delimiter = ',')]
    house: Vec<HouseArg>,
    /// With `--house mega-yahtzee`: the Mega bonus for six of a kind (default 1000; another
    /// bonus is a rule set of its own, named like `forced+mega-yahtzee=500`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    mega_bonus: Option<u32>,
}

impl RulesOpts {
    pub fn rules(&self) -> anyhow::Result<&'static yahtzee_rules::RuleSet> {
        if self.mega_bonus.is_some() && !self.house.contains(&HouseArg::MegaYahtzee) {
            anyhow::bail!("--mega-bonus needs --house mega-yahtzee");
        }
        // Added to the rule set's own (a full name such as `forced+mulligan` brings some),
        // by the names --house takes, which are the switches' own.
        let values: Vec<_> = self
            .house
            .iter()
            .filter_map(|h| h.to_possible_value())
            .collect();
        let house: Vec<&str> = values.iter().map(|v| v.get_name()).collect();
        let rules = yahtzee_engine::with_house(self.rules, &house)?;
        Ok(match self.mega_bonus {
            Some(bonus) => rules.with_mega_bonus(bonus),
            None => rules,
        })
    }
}

/// House rules selectable with `--house`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HouseArg {
    /// Once per game, a fourth roll (of one or more dice) after a turn's third roll.
    Mulligan,
    /// Instead of scoring Chance after the last roll, reroll all five dice once and score
    /// that in Chance.
    ChanceChance,
    /// A natural full house on any roll must be scored in Full House at once while it is
    /// open.
    FoolHouse,
    /// Once per game, a sixth die for a whole turn; five are scored; six of a kind adds the
    /// Mega bonus (--mega-bonus, default 1000).
    MegaYahtzee,
}

/// `--rules NAME`: parsed by the engine's [`yahtzee_rules::RuleSet::named`], so the CLI
/// takes the same names as every other front end (aliases of the official game, full
/// names with house rules) and refuses a typo with the same suggestion.
#[derive(Clone)]
struct RulesParser;

impl clap::builder::TypedValueParser for RulesParser {
    type Value = &'static yahtzee_rules::RuleSet;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let text = value.to_string_lossy();
        yahtzee_rules::RuleSet::named(&text)
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n")))
    }

    /// The base rule sets, for `--help` and shell completion (aliases hidden: one name
    /// per game in the list).
    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        use clap::builder::PossibleValue;
        let bases = yahtzee_rules::RuleSet::all()
            .iter()
            .map(|r| PossibleValue::new(r.name).help(r.description));
        let aliases = yahtzee_rules::ALIASES
            .iter()
            .map(|&(alias, _)| PossibleValue::new(alias).hide(true));
        Some(Box::new(bases.chain(aliases)))
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // A bare `yahtzee` (or `yahtzee triple`): the whole help, as clap prints it,
            // rather than one folded line; clap's exit code.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
        Err(e) => {
            eprintln!("{}", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Advise(args) => advise::run(args),
        Command::Stats(args) => stats::run_stats(args),
        Command::Simulate(args) => stats::run_simulate(args),
        Command::Duel(args) => duel::run(args),
        Command::Rules(args) => rules_cmd::run(args),
        Command::Play(args) => play::run(args),
        Command::Review(args) => review::run(args),
        Command::Train(args) => train::run(args),
        Command::Triple(args) => triple::run(args),
        Command::Yahtzix(args) => yahtzix::run(args),
        Command::Painted(args) => painted::run(args),
        Command::Export(args) => export::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Completions { shell } => completions(shell),
        Command::Manpage => manpage(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", one_line(&format!("{e:#}")));
            ExitCode::FAILURE
        }
    }
}

fn completions(shell: clap_complete::Shell) -> anyhow::Result<()> {
    use clap::CommandFactory;
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "yahtzee", &mut out);
    print_stdout(&String::from_utf8(out)?)
}

fn manpage() -> anyhow::Result<()> {
    use clap::CommandFactory;
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    print_stdout(&String::from_utf8(out)?)
}

/// Folds a multi-line message into one line (clap's usage hints included).
fn one_line(msg: &str) -> String {
    msg.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Prints `answer` as pretty JSON with `json`, else as `text` writes it.
pub fn print<T: serde::Serialize>(
    json: bool,
    answer: &T,
    text: impl FnOnce(&T) -> String,
) -> anyhow::Result<()> {
    if json {
        return print_stdout(&(serde_json::to_string_pretty(answer)? + "\n"));
    }
    print_stdout(&text(answer))
}

/// Prints `answer` with the seconds since `start`: in the JSON, a field `seconds`.
pub fn print_timed<T: serde::Serialize>(
    json: bool,
    answer: &T,
    start: std::time::Instant,
    text: impl FnOnce(&T, f64) -> String,
) -> anyhow::Result<()> {
    let secs = start.elapsed().as_secs_f64();
    let mut out = serde_json::to_value(answer)?;
    out["seconds"] = secs.into();
    print(json, &out, |_| text(answer, secs))
}

/// A game record's file read whole: its name (for messages) and its text.
pub fn read_record(file: &std::path::Path) -> anyhow::Result<(String, String)> {
    use anyhow::Context;
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {name}"))?;
    Ok((name, text))
}

/// Writes a command's output; a closed pipe (`| head`) is not an error.
pub fn print_stdout(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
