//! Standard output that a closed pipe does not turn into a panic: `shoot-policy report | head`
//! stops reading early, and Rust's `print!` panics on the write that follows. As ripgrep does, the
//! command then ends quietly with status 0: the reader has what it wanted.

use std::io::{ErrorKind, Write};

/// Writes `text` to standard output; ends the process quietly when the reader has gone.
pub fn write(text: impl std::fmt::Display) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = write!(out, "{text}").and_then(|()| out.flush()) {
        quit_on(&error);
        eprintln!("shoot-policy: cannot write the output: {error}");
        std::process::exit(2);
    }
}

/// Ends the process quietly when `error` says the reader of standard output has gone.
pub fn quit_on(error: &std::io::Error) {
    if error.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
}
