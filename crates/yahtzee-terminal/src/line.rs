//! Line editing for the line mode in a terminal (`--plain`): arrow keys move along the line
//! and through the commands typed before, instead of printing `^[[A` into the command.
//! [`Editor`] reads lines with rustyline and hands them on as a [`BufRead`], so the games
//! read it like any other input; Ctrl-C or Ctrl-D ends the input, and the game stops with
//! its record written.

use std::io::{self, BufRead, Read};

use rustyline::error::ReadlineError;
use rustyline::DefaultEditor;

/// Standard input, a line at a time, edited.
pub struct Editor {
    editor: DefaultEditor,
    line: Vec<u8>,
    at: usize,
    ended: bool,
}

impl Editor {
    pub fn new() -> io::Result<Editor> {
        let editor = DefaultEditor::new().map_err(io::Error::other)?;
        Ok(Editor {
            editor,
            line: Vec::new(),
            at: 0,
            ended: false,
        })
    }
}

impl BufRead for Editor {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.line.len() && !self.ended {
            match self.editor.readline("> ") {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = self.editor.add_history_entry(line.as_str());
                    }
                    self.line = format!("{line}\n").into_bytes();
                    self.at = 0;
                }
                Err(ReadlineError::Interrupted | ReadlineError::Eof) => self.ended = true,
                Err(e) => return Err(io::Error::other(e)),
            }
        }
        Ok(&self.line[self.at.min(self.line.len())..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

impl Read for Editor {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let line = self.fill_buf()?;
            let n = line.len().min(out.len());
            out[..n].copy_from_slice(&line[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}
