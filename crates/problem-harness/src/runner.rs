//! The generic stress runner: cases from `(seed, index)`, worker threads, a per-case time limit,
//! and a report that is the same whatever the number of threads.

use std::collections::BTreeMap;
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

pub use super::case::{case_rng, Rng, Stress};
use super::case::{judge_case, panic_message, real_answer};
use super::erased::Erased;
use super::shrink::shrink;

/// How to run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Cases to try: indices `0..cases`.
    pub cases: u64,
    /// Base seed; case `i` uses its own stream derived from `(seed, i)`.
    pub seed: u64,
    /// Board-size knob for the generator.
    pub size: usize,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// A case (or a shrinking step) running longer than this is a hang.
    pub case_timeout: Duration,
}

/// A disagreement between the solution and the reference, shrunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The lowest failing case index (the same for any number of threads).
    pub case_index: u64,
    /// The shrunk input.
    pub input: String,
    /// The size words of the shrunk case ([`Stress::describe`]).
    pub size: String,
    /// The reference's answer to it.
    pub expected: String,
    /// The real solution's answer (or its error or panic message).
    pub actual: String,
    /// The input size before shrinking, in bytes.
    pub shrunk_from: usize,
    /// Whether the solution agreed with the reference when run again on the reported input:
    /// its answers change from run to run (state kept between calls, hash order, time). The
    /// input is then the case as first found, and `actual` what the solution answered then.
    pub unstable: bool,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every case agreed.
    Agreed,
    /// The solution and the reference disagreed (or the solution panicked or rejected a case).
    Disagreed(Failure),
    /// A case gave no answer within the time limit; it is reported unshrunk.
    Hung {
        /// Its index.
        case_index: u64,
        /// Its input.
        input: String,
    },
    /// The stress code itself (the generator, `input` or the reference) panicked on a case: a
    /// bug of the harness, not a verdict on the solution.
    Broken {
        /// The case's index.
        case_index: u64,
        /// The panic's message.
        message: String,
    },
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Report {
    /// Cases whose verdict the report rests on: all of them, or up to the first failure.
    pub cases: u64,
    /// Wall time (the one figure that depends on the machine).
    pub elapsed: Duration,
    /// How it ended.
    pub outcome: Outcome,
    /// How often each reference answer came up when every case agreed: what the generator covers.
    pub answers: BTreeMap<String, u64>,
}

/// Why a case went wrong.
#[derive(Clone)]
enum Bad<C> {
    /// The solution and the reference disagreed on it; what the solution answered.
    Disagreed(C, String),
    /// The stress code itself panicked on it, with this message.
    Broken(String),
}

/// What the workers share.
struct Shared<P: Stress> {
    problem: Arc<P>,
    settings: Settings,
    next: AtomicU64,
    /// The lowest index that failed or hung so far; no worker starts a case above it.
    lowest_bad: AtomicU64,
    done: AtomicU64,
    /// Per worker: the case it is running and since when.
    running: Mutex<Vec<Option<(u64, Instant)>>>,
    /// Cases that went wrong, by index: the lowest is the one reported.
    failures: Mutex<BTreeMap<u64, Bad<P::Case>>>,
    answers: Mutex<BTreeMap<String, u64>>,
}

impl<P: Stress> Shared<P> {
    fn work(&self, worker: usize) {
        loop {
            let i = self.next.fetch_add(1, Ordering::SeqCst);
            if i >= self.settings.cases || i > self.lowest_bad.load(Ordering::SeqCst) {
                return;
            }
            self.running.lock().expect("not poisoned")[worker] = Some((i, Instant::now()));
            // The solution's panics are caught inside `judge_case`; one out here is the stress
            // code's own, and must not leave the case looking as if it ran forever.
            let judged = catch_unwind(AssertUnwindSafe(|| {
                let case = self
                    .problem
                    .generate(&mut case_rng(self.settings.seed, i), self.settings.size);
                let verdict = judge_case(&*self.problem, &case);
                (case, verdict)
            }));
            self.running.lock().expect("not poisoned")[worker] = None;
            let (case, verdict) = match judged {
                Ok(judged) => judged,
                Err(panic) => {
                    self.lowest_bad.fetch_min(i, Ordering::SeqCst);
                    let message = panic_message(&*panic);
                    let bad = Bad::Broken(message);
                    self.failures.lock().expect("not poisoned").insert(i, bad);
                    self.done.fetch_add(1, Ordering::SeqCst);
                    continue;
                }
            };
            match verdict {
                Ok(answer) => {
                    let key = answer.trim_end().to_string();
                    *self
                        .answers
                        .lock()
                        .expect("not poisoned")
                        .entry(key)
                        .or_insert(0) += 1;
                }
                Err(actual) => {
                    self.lowest_bad.fetch_min(i, Ordering::SeqCst);
                    let bad = Bad::Disagreed(case, actual);
                    self.failures.lock().expect("not poisoned").insert(i, bad);
                }
            }
            self.done.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// Runs `settings.cases` cases on `settings.jobs` threads. Reports the lowest failing index (every
/// lower index is checked before the run ends, so the report does not depend on thread timing),
/// shrunk; a case that runs past `settings.case_timeout` is reported as a hang and its thread is
/// abandoned. `progress` is called now and then with the number of cases done.
pub fn run<P: Stress>(problem: Arc<P>, settings: Settings, progress: &dyn Fn(u64)) -> Report {
    let start = Instant::now();
    let jobs = settings.jobs.max(1);
    let shared = Arc::new(Shared {
        problem: Arc::clone(&problem),
        settings,
        next: AtomicU64::new(0),
        lowest_bad: AtomicU64::new(u64::MAX),
        done: AtomicU64::new(0),
        running: Mutex::new(vec![None; jobs]),
        failures: Mutex::new(BTreeMap::new()),
        answers: Mutex::new(BTreeMap::new()),
    });
    // Panics of the solution are caught and reported; keep their messages off the screen.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let (finished, finished_rx) = mpsc::channel();
    for worker in 0..jobs {
        let shared = Arc::clone(&shared);
        let finished = finished.clone();
        thread::spawn(move || {
            shared.work(worker);
            let _ = finished.send(worker);
        });
    }
    let mut idle = vec![false; jobs];
    let mut hung: BTreeMap<u64, usize> = BTreeMap::new();
    loop {
        match finished_rx.recv_timeout(Duration::from_millis(50)) {
            Ok(worker) => idle[worker] = true,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        progress(shared.done.load(Ordering::SeqCst));
        for (worker, slot) in shared
            .running
            .lock()
            .expect("not poisoned")
            .iter()
            .enumerate()
        {
            if let Some((i, since)) = slot {
                if since.elapsed() > settings.case_timeout && !hung.contains_key(i) {
                    hung.insert(*i, worker);
                    shared.lowest_bad.fetch_min(*i, Ordering::SeqCst);
                }
            }
        }
        // A hung worker never finishes: the run is over when every other worker is idle.
        let busy = (0..jobs).any(|w| !idle[w] && !hung.values().any(|&h| h == w));
        if !busy {
            break;
        }
    }
    let first_bad = shared
        .failures
        .lock()
        .expect("not poisoned")
        .iter()
        .next()
        .map(|(i, bad)| (*i, bad.clone()));
    let first_hang = hung.keys().next().copied();
    let outcome = match (first_bad, first_hang) {
        (Some((i, bad)), hang) if hang.is_none_or(|h| i < h) => match bad {
            Bad::Disagreed(case, actual) => {
                Outcome::Disagreed(failure(&problem, i, case, actual, &settings))
            }
            Bad::Broken(message) => Outcome::Broken {
                case_index: i,
                message,
            },
        },
        (_, Some(h)) => Outcome::Hung {
            case_index: h,
            input: problem.input(&problem.generate(&mut case_rng(settings.seed, h), settings.size)),
        },
        _ => Outcome::Agreed,
    };
    std::panic::set_hook(hook);
    let (cases, answers) = match &outcome {
        Outcome::Agreed => (
            settings.cases,
            std::mem::take(&mut *shared.answers.lock().expect("not poisoned")),
        ),
        Outcome::Disagreed(f) => (f.case_index + 1, BTreeMap::new()),
        Outcome::Hung { case_index, .. } | Outcome::Broken { case_index, .. } => {
            (case_index + 1, BTreeMap::new())
        }
    };
    progress(shared.done.load(Ordering::SeqCst));
    Report {
        cases,
        elapsed: start.elapsed(),
        outcome,
        answers,
    }
}

fn failure<P: Stress>(
    problem: &Arc<P>,
    index: u64,
    case: P::Case,
    first_answer: String,
    settings: &Settings,
) -> Failure {
    let original = problem.input(&case);
    let shrunk_from = original.len();
    let first = Failure {
        case_index: index,
        expected: problem.reference(&case),
        size: problem.describe(&case),
        actual: first_answer,
        input: original,
        shrunk_from,
        unstable: true,
    };
    let small = shrink(problem, case, settings.size, settings.case_timeout);
    let input = problem.input(&small);
    let expected = problem.reference(&small);
    let actual = real_answer(&**problem, &input);
    if actual == expected {
        // It agreed this time: the case as found, with the answer that disagreed.
        return first;
    }
    Failure {
        case_index: index,
        actual,
        expected,
        size: problem.describe(&small),
        input,
        shrunk_from,
        unstable: false,
    }
}

/// Asserts that the solution agrees with the reference on `cases` cases of `seed` at `size`,
/// on two threads: the quick check a problem's own unit tests run.
///
/// # Panics
/// When they disagree or a case hangs (over a minute).
pub fn assert_agrees<P: Stress>(problem: P, cases: u64, seed: u64, size: usize) {
    assert_erased_agrees(Erased::new(problem), cases, seed, size);
}

/// [`assert_agrees`], compiled once for every problem.
fn assert_erased_agrees(problem: Erased, cases: u64, seed: u64, size: usize) {
    let settings = Settings {
        cases,
        seed,
        size,
        jobs: 2,
        case_timeout: Duration::from_secs(60),
    };
    let report = run(Arc::new(problem), settings, &|_| {});
    assert_eq!(report.outcome, Outcome::Agreed, "seed {seed}, size {size}");
}
