//! Greedy shrinking of a failing case, each step under the per-case time limit.

use std::sync::mpsc;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use super::case::{case_rng, judge_case, Stress};

/// Fresh cases tried at each smaller size when greedy shrinking stalls.
const TRIES_PER_SIZE: u64 = 400;

/// Whether the solution still disagrees on `case`; a candidate that hangs does not count (its
/// thread is abandoned), so shrinking a disagreement never turns it into a hang.
fn still_fails<P: Stress>(problem: &Arc<P>, case: &P::Case, timeout: Duration) -> bool {
    let (tx, rx) = mpsc::channel();
    let problem = Arc::clone(problem);
    let case = case.clone();
    thread::spawn(move || {
        let _ = tx.send(judge_case(&*problem, &case).is_err());
    });
    rx.recv_timeout(timeout).unwrap_or(false)
}

/// Shrinks a failing case: greedily through the problem's own candidates, then, since greedy
/// steps can stall on a board that no single step makes smaller, by looking for a failing case
/// among fresh ones generated at each smaller size (smallest first, from a fixed stream) and
/// shrinking that; the shorter input wins. Deterministic: the same case always gives the same
/// result.
pub fn shrink<P: Stress>(
    problem: &Arc<P>,
    case: P::Case,
    size: usize,
    timeout: Duration,
) -> P::Case {
    let greedy = shrink_greedily(problem, case, timeout);
    let length = problem.input(&greedy).len();
    for smaller in 1..size {
        for i in 0..TRIES_PER_SIZE {
            let fresh = problem.generate(&mut case_rng(u64::MAX - smaller as u64, i), smaller);
            if problem.input(&fresh).len() < length && still_fails(problem, &fresh, timeout) {
                let shrunk = shrink_greedily(problem, fresh, timeout);
                return if problem.input(&shrunk).len() < length {
                    shrunk
                } else {
                    greedy
                };
            }
        }
    }
    greedy
}

/// Takes the first smaller candidate that still fails, until none does.
fn shrink_greedily<P: Stress>(problem: &Arc<P>, case: P::Case, timeout: Duration) -> P::Case {
    let mut current = case;
    'outer: loop {
        for candidate in problem.shrink(&current) {
            if still_fails(problem, &candidate, timeout) {
                current = candidate;
                continue 'outer;
            }
        }
        return current;
    }
}
