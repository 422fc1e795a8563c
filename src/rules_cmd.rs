//! `yahtzee rules`: every rule set and house rule, with its optimal expected score.

use anyhow::Result;

#[derive(clap::Args)]
pub struct Args {
    /// Print JSON: every rule set (base and with house rules) as an object.
    #[arg(long, short)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let data_dir = yahtzee_table::store::data_dir();
    let listing = yahtzee_engine::rules_listing();
    crate::print(args.json, &listing, |_| {
        yahtzee_engine::text::rules(&data_dir)
    })
}
