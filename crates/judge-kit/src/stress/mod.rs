//! Stress testing: each problem's real solution (in-process, through its library) against an
//! independent reference on generated inputs, in parallel, shrinking any disagreement.

pub mod block_game;
pub mod game_2048;
pub mod new_game_2;
pub mod puyo;
pub mod puzzle;
pub mod worst;

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// The random source of generators: ChaCha8, the same stream on every machine.
pub type Rng = ChaCha8Rng;

/// One problem as the stress runner sees it.
pub trait StressProblem: Sync {
    /// A generated test case (a model the generator, reference and shrinker share).
    type Case: Clone + Debug + Send + Sync;

    /// The problem crate's name.
    fn name(&self) -> &'static str;
    /// The board-size knob used when none is given: large enough to reach the rules' corners,
    /// small enough for the reference to stay fast.
    fn default_size(&self) -> usize;
    /// A valid random case; `size` bounds the board side (clamped to the problem's limits).
    fn generate(&self, rng: &mut Rng, size: usize) -> Self::Case;
    /// The case as judge input text.
    fn input(&self, case: &Self::Case) -> String;
    /// The reference answer, as the judge's expected output.
    fn reference(&self, case: &Self::Case) -> String;
    /// The real solution's answer to `input` (its library's `run`).
    fn real(&self, input: &str) -> Result<String, String>;
    /// Smaller valid cases to try while shrinking, most promising first.
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case>;
}

/// How to run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Cases to try.
    pub cases: u64,
    /// Base seed; case `i` uses its own stream derived from `(seed, i)`.
    pub seed: u64,
    /// Board-size knob for the generators.
    pub size: usize,
}

/// A disagreement, shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The index of the case that failed first (rerun with the same seed to see it again).
    pub case_index: u64,
    /// The shrunk input.
    pub input: String,
    /// The reference's answer to it.
    pub expected: String,
    /// The real solution's answer (or its error or panic message).
    pub actual: String,
    /// The input size before and after shrinking, in bytes.
    pub shrunk_from: usize,
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Cases run (less than asked when a failure stopped the run).
    pub cases: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// The first failure, shrunk.
    pub failure: Option<Failure>,
    /// How often each reference answer came up: a view of what the generator covers.
    pub answers: BTreeMap<String, u64>,
}

/// The generator stream of case `index` under `seed`.
pub fn case_rng(seed: u64, index: u64) -> Rng {
    // SplitMix-style mixing, so nearby (seed, index) pairs give unrelated streams.
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Rng::seed_from_u64(z ^ (z >> 31))
}

/// The real answer, with a panic turned into an error message.
fn real_answer<P: StressProblem>(problem: &P, input: &str) -> String {
    match catch_unwind(AssertUnwindSafe(|| problem.real(input))) {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => format!("<rejected the input: {e}>"),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            format!("<panicked: {msg}>")
        }
    }
}

/// The reference's answer when the real solution disagrees with it, else `Ok` with the answer.
fn judge_case<P: StressProblem>(problem: &P, case: &P::Case) -> Result<String, String> {
    let expected = problem.reference(case);
    if real_answer(problem, &problem.input(case)) == expected {
        Ok(expected)
    } else {
        Err(expected)
    }
}

/// Whether the real solution and the reference disagree on `case`.
fn disagrees<P: StressProblem>(problem: &P, case: &P::Case) -> bool {
    judge_case(problem, case).is_err()
}

/// Greedy shrinking: take the first smaller candidate that still fails, until none does.
pub fn shrink<P: StressProblem>(problem: &P, case: P::Case) -> P::Case {
    let mut current = case;
    'outer: loop {
        for candidate in problem.shrink(&current) {
            if disagrees(problem, &candidate) {
                current = candidate;
                continue 'outer;
            }
        }
        return current;
    }
}

/// Runs `settings.cases` cases in parallel; stops at the first disagreement and shrinks it.
/// `progress` is called with the number of cases done so far (from any thread).
pub fn run<P: StressProblem>(
    problem: &P,
    settings: Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Report {
    let start = Instant::now();
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let first_bad: Mutex<Option<(u64, P::Case)>> = Mutex::new(None);
    let answers: Mutex<BTreeMap<String, u64>> = Mutex::new(BTreeMap::new());
    // Panics of the real solution are caught and reported; keep their messages off the screen.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    (0..settings.cases).into_par_iter().for_each(|i| {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let case = problem.generate(&mut case_rng(settings.seed, i), settings.size);
        let verdict = judge_case(problem, &case);
        let answer = match &verdict {
            Ok(a) | Err(a) => a.trim_end().to_string(),
        };
        *answers
            .lock()
            .expect("not poisoned")
            .entry(answer)
            .or_insert(0) += 1;
        if verdict.is_err() {
            stop.store(true, Ordering::Relaxed);
            let mut slot = first_bad.lock().expect("not poisoned");
            // Keep the lowest index, so the report does not depend on thread timing.
            if slot.as_ref().is_none_or(|(j, _)| i < *j) {
                *slot = Some((i, case));
            }
        }
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n.is_multiple_of(256) {
            progress(n);
        }
    });
    let bad = first_bad.into_inner().expect("not poisoned");
    let failure = bad.map(|(index, case)| {
        let shrunk_from = problem.input(&case).len();
        let small = shrink(problem, case);
        let input = problem.input(&small);
        Failure {
            case_index: index,
            actual: real_answer(problem, &input),
            expected: problem.reference(&small),
            input,
            shrunk_from,
        }
    });
    std::panic::set_hook(hook);
    let cases = done.load(Ordering::Relaxed);
    progress(cases);
    Report {
        cases,
        elapsed: start.elapsed(),
        failure,
        answers: answers.into_inner().expect("not poisoned"),
    }
}

/// Every problem the stress runner knows, by crate name.
pub const PROBLEMS: [&str; 5] = [
    "boj-11559-puyo-puyo",
    "boj-12100-2048-easy",
    "boj-17837-new-game-2",
    "programmers-42894-block-game",
    "programmers-84021-puzzle-pieces",
];

/// A finished run of one problem, with what a user needs to reproduce it.
#[derive(Clone, Debug)]
pub struct NamedReport {
    /// The board-size knob that was used.
    pub size: usize,
    /// The run itself.
    pub report: Report,
}

/// Runs the problem named `name` (a crate name from [`PROBLEMS`]); `size` of `None` uses the
/// problem's default.
pub fn run_named(
    name: &str,
    cases: u64,
    seed: u64,
    size: Option<usize>,
    progress: &(dyn Fn(u64) + Sync),
) -> Option<NamedReport> {
    fn go<P: StressProblem>(
        p: &P,
        cases: u64,
        seed: u64,
        size: Option<usize>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> NamedReport {
        let size = size.unwrap_or_else(|| p.default_size());
        let report = run(p, Settings { cases, seed, size }, progress);
        NamedReport { size, report }
    }
    Some(match name {
        "boj-11559-puyo-puyo" => go(&puyo::Puyo, cases, seed, size, progress),
        "boj-12100-2048-easy" => go(&game_2048::Game2048::default(), cases, seed, size, progress),
        "boj-17837-new-game-2" => go(&new_game_2::NewGame2, cases, seed, size, progress),
        "programmers-42894-block-game" => go(
            &block_game::BlockGame::default(),
            cases,
            seed,
            size,
            progress,
        ),
        "programmers-84021-puzzle-pieces" => {
            go(&puzzle::Puzzle::default(), cases, seed, size, progress)
        }
        _ => return None,
    })
}

/// A short stable hash of a failing input, for its regression sample's file name.
pub fn short_hash(text: &str) -> String {
    // FNV-1a: stable across platforms and Rust versions, unlike DefaultHasher.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    format!("{:06x}", h & 0xff_ffff)
}
