//! The judge program's `main`: read stdin once, solve, print once, exit 2 on malformed input.

use std::io::{Read, Write};

use super::error::InputError;

/// Runs a whole judge program: reads all of stdin, calls `solve`, and prints its answer.
///
/// On malformed input it prints one line, `input error: ...`, to stderr and exits with
/// status 2, so a bad test file never ends in a panic backtrace.
///
/// ```no_run
/// fn solve(input: &str) -> Result<String, grid_core::InputError> {
///     Ok(format!("{}\n", input.split_whitespace().count()))
/// }
/// fn main() {
///     grid_core::run_judge(solve)
/// }
/// ```
pub fn run_judge(solve: fn(&str) -> Result<String, InputError>) {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        fail(&format!(
            "could not read standard input as UTF-8 text ({e})"
        ));
    }
    match solve(&input) {
        Ok(answer) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe on the reader's side is not our failure to report.
            let _ = out.write_all(answer.as_bytes()).and_then(|_| out.flush());
        }
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("input error: {message}");
    std::process::exit(2)
}
