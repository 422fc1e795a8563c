//! [`TableError`]: why a table could not be written or opened, one variant and one
//! one-line message per failure.

use std::path::PathBuf;

use thiserror::Error;

/// Why a table could not be written or opened. Each failure has its own message.
#[derive(Debug, Error)]
pub enum TableError {
    // The I/O error is part of the message rather than an error `source`, so printing the
    // whole error chain does not repeat it.
    #[error("cannot open table {path}: {io}")]
    Open { path: PathBuf, io: std::io::Error },
    #[error("{rules}: playing for a target or to win takes a Mega bonus of at most {max} (the rule text's \"up to 1000\"; each points vector grows with the bonus), not {bonus}")]
    MegaBonusTooLarge { rules: String, bonus: u32, max: u32 },
    #[error("cannot write table {path}: {io}")]
    Write { path: PathBuf, io: std::io::Error },
    #[error("{path} is truncated: only {found} bytes, not even a header")]
    TooShort { path: PathBuf, found: u64 },
    #[error("{path} is not a Yahtzee table file (bad magic bytes)")]
    BadMagic { path: PathBuf },
    #[error("{path} has table format version {found}, this program reads version {expected}: rebuild it with `yahtzee solve`")]
    Version {
        path: PathBuf,
        found: u32,
        expected: u32,
    },
    #[error("{path} has a corrupt header: {reason}")]
    BadHeader { path: PathBuf, reason: String },
    #[error("{path} is a table for objective '{found}', not '{expected}' (see `yahtzee solve --objective`)")]
    WrongObjective {
        path: PathBuf,
        found: String,
        expected: &'static str,
    },
    #[error("{path} is a table for rules '{found}', not '{expected}'")]
    WrongRules {
        path: PathBuf,
        found: String,
        expected: String,
    },
    #[error("{path} has dimensions that do not match rules '{rules}': {reason}")]
    Dimensions {
        path: PathBuf,
        rules: String,
        reason: String,
    },
    #[error("{path} is truncated or padded: expected {expected} bytes, found {found}")]
    Size {
        path: PathBuf,
        expected: u64,
        found: u64,
    },
    #[error("{path} is corrupt: payload checksum {found:08x} does not match the header's {expected:08x}")]
    Checksum {
        path: PathBuf,
        expected: u32,
        found: u32,
    },
    #[error(
        "{path} is corrupt: index checksum {found:08x} does not match the header's {expected:08x}"
    )]
    IndexChecksum {
        path: PathBuf,
        expected: u32,
        found: u32,
    },
    #[error("{path} is corrupt: {reason}")]
    BadIndex { path: PathBuf, reason: String },
    #[error("{path} is corrupt: the values of filled set {filled:#x} fail their checksum")]
    BlockChecksum { path: PathBuf, filled: u32 },
    #[error("{path} is corrupt: {state} holds {reason}")]
    BadValue {
        path: PathBuf,
        state: String,
        reason: String,
    },
    #[error("{path} is corrupt: {state} has {reason}")]
    BadProbability {
        path: PathBuf,
        state: String,
        reason: String,
    },
    #[error("{path} is not a sound export: {reason}")]
    BadExport { path: PathBuf, reason: String },
}
