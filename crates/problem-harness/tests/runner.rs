//! The generic runner on a toy problem (the sum of a list) with planted bugs: reports do not
//! depend on the number of threads, hangs are reported, disagreements shrink deterministically.

use std::sync::Arc;
use std::time::Duration;

use problem_harness::cli::render;
use problem_harness::rand::Rng as _;
use problem_harness::{case_rng, run, Outcome, Rng, Settings, Stress};

/// Sums a list; the "solution" is wrong on any list holding `wrong_on`, and hangs on `hang_on`.
struct Sum {
    wrong_on: Option<u32>,
    hang_on: Option<u32>,
}

impl Stress for Sum {
    type Case = Vec<u32>;
    fn default_size(&self) -> usize {
        8
    }
    fn generate(&self, rng: &mut Rng, size: usize) -> Vec<u32> {
        (0..rng.gen_range(1..=size))
            .map(|_| rng.gen_range(0..50))
            .collect()
    }
    fn input(&self, case: &Vec<u32>) -> String {
        let items: Vec<String> = case.iter().map(u32::to_string).collect();
        format!("{}\n{}\n", case.len(), items.join(" "))
    }
    fn reference(&self, case: &Vec<u32>) -> String {
        format!("{}\n", case.iter().sum::<u32>())
    }
    fn real(&self, input: &str) -> Result<String, String> {
        let items: Vec<u32> = input
            .lines()
            .nth(1)
            .ok_or("no second line")?
            .split_whitespace()
            .map(|t| t.parse().map_err(|_| format!("bad number {t}")))
            .collect::<Result<_, _>>()?;
        if self.hang_on.is_some_and(|h| items.contains(&h)) {
            loop {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        let bonus = u32::from(self.wrong_on.is_some_and(|w| items.contains(&w)));
        Ok(format!("{}\n", items.iter().sum::<u32>() + bonus))
    }
    fn shrink(&self, case: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut out: Vec<Vec<u32>> = (0..case.len())
            .filter(|_| case.len() > 1)
            .map(|i| {
                let mut fewer = case.clone();
                fewer.remove(i);
                fewer
            })
            .collect();
        for i in 0..case.len() {
            if case[i] > 0 {
                let mut smaller = case.clone();
                smaller[i] /= 2;
                out.push(smaller);
            }
        }
        out
    }
    fn describe(&self, case: &Vec<u32>) -> String {
        format!("{}-items", case.len())
    }
    fn worst(&self) -> String {
        self.input(&vec![49; 8])
    }
}

/// The first case index of seed 5, size 8 whose list holds `value`.
fn first_case_holding(value: u32) -> u64 {
    let sum = Sum {
        wrong_on: None,
        hang_on: None,
    };
    (0..)
        .find(|&i| sum.generate(&mut case_rng(5, i), 8).contains(&value))
        .expect("some case holds it")
}

fn settings(jobs: usize) -> Settings {
    Settings {
        cases: 2000,
        seed: 5,
        size: 8,
        jobs,
        case_timeout: Duration::from_millis(300),
    }
}

fn report_text(problem: Sum, jobs: usize) -> String {
    let settings = settings(jobs);
    let report = run(Arc::new(problem), settings, &|_| {});
    render("sum", &settings, 300, &report)
}

#[test]
fn the_same_seed_gives_byte_identical_reports_with_any_number_of_threads() {
    let wrong = || Sum {
        wrong_on: Some(37),
        hang_on: None,
    };
    let one = report_text(wrong(), 1);
    assert!(one.starts_with("sum: DISAGREEMENT on case "), "{one}");
    for jobs in [2, 3, 8] {
        assert_eq!(report_text(wrong(), jobs), one, "-j {jobs}");
    }
    let right = || Sum {
        wrong_on: None,
        hang_on: None,
    };
    let agreed = report_text(right(), 1);
    assert!(
        agreed.starts_with("sum: 2000 cases agree (seed 5, size 8)\n"),
        "{agreed}"
    );
    assert_eq!(report_text(right(), 4), agreed);
}

#[test]
fn the_reported_case_is_the_lowest_failing_index_and_shrinks_to_the_culprit() {
    let lowest = first_case_holding(37);
    let report = run(
        Arc::new(Sum {
            wrong_on: Some(37),
            hang_on: None,
        }),
        settings(4),
        &|_| {},
    );
    let Outcome::Disagreed(failure) = report.outcome else {
        panic!("expected a disagreement: {:?}", report.outcome)
    };
    assert_eq!(failure.case_index, lowest);
    assert_eq!(report.cases, lowest + 1);
    assert_eq!(failure.input, "1\n37\n");
    assert_eq!(failure.size, "1-items");
    assert_eq!(failure.expected, "37\n");
    assert_eq!(failure.actual, "38\n");
}

#[test]
fn a_hanging_case_is_reported_with_its_index_instead_of_freezing_the_run() {
    let lowest = first_case_holding(13);
    for jobs in [1, 2] {
        let started = std::time::Instant::now();
        let settings = settings(jobs);
        let report = run(
            Arc::new(Sum {
                wrong_on: None,
                hang_on: Some(13),
            }),
            settings,
            &|_| {},
        );
        assert!(started.elapsed() < Duration::from_secs(20));
        match &report.outcome {
            Outcome::Hung { case_index, input } => {
                assert_eq!(*case_index, lowest, "-j {jobs}");
                assert!(input.contains("13"), "{input}");
            }
            other => panic!("expected a hang, got {other:?}"),
        }
        let text = render("sum", &settings, 300, &report);
        assert!(
            text.starts_with(&format!(
                "sum: HANG on case {lowest} (seed 5, size 8): no answer within 300 ms\n"
            )),
            "{text}"
        );
        assert!(
            text.ends_with(&format!(
                "--- rerun: scripts/stress sum --seed 5 --size 8 --cases {} --case-timeout-ms 300\n",
                lowest + 1
            )),
            "{text}"
        );
    }
}

/// [`Sum`] whose own reference panics on any list holding `value`: a bug of the stress code.
struct BrokenReference(u32);

impl Stress for BrokenReference {
    type Case = Vec<u32>;
    fn default_size(&self) -> usize {
        8
    }
    fn generate(&self, rng: &mut Rng, size: usize) -> Vec<u32> {
        Sum::CORRECT.generate(rng, size)
    }
    fn input(&self, case: &Vec<u32>) -> String {
        Sum::CORRECT.input(case)
    }
    fn reference(&self, case: &Vec<u32>) -> String {
        assert!(!case.contains(&self.0), "the reference trips on {}", self.0);
        Sum::CORRECT.reference(case)
    }
    fn real(&self, input: &str) -> Result<String, String> {
        Sum::CORRECT.real(input)
    }
    fn shrink(&self, case: &Vec<u32>) -> Vec<Vec<u32>> {
        Sum::CORRECT.shrink(case)
    }
    fn describe(&self, case: &Vec<u32>) -> String {
        Sum::CORRECT.describe(case)
    }
    fn worst(&self) -> String {
        Sum::CORRECT.worst()
    }
}

impl Sum {
    const CORRECT: Sum = Sum {
        wrong_on: None,
        hang_on: None,
    };
}

#[test]
fn a_panic_of_the_stress_code_itself_is_reported_at_once_not_as_a_hang() {
    let lowest = first_case_holding(21);
    for jobs in [1, 2] {
        let started = std::time::Instant::now();
        let mut settings = settings(jobs);
        // Long enough that a panic taken for a hang would show in the time.
        settings.case_timeout = Duration::from_secs(30);
        let report = run(Arc::new(BrokenReference(21)), settings, &|_| {});
        assert!(started.elapsed() < Duration::from_secs(10), "-j {jobs}");
        assert_eq!(
            report.outcome,
            Outcome::Broken {
                case_index: lowest,
                message: "the reference trips on 21".into()
            },
            "-j {jobs}"
        );
        let text = render("sum", &settings, 30_000, &report);
        assert!(
            text.starts_with(&format!(
                "sum: the stress code itself panicked on case {lowest} (seed 5, size 8): the reference trips on 21\n"
            )),
            "{text}"
        );
    }
}

/// The sum, wrong only the first time it is asked: a solution whose answers change from run
/// to run.
struct FlakySum {
    asked: std::sync::atomic::AtomicBool,
}

impl Stress for FlakySum {
    type Case = Vec<u32>;
    fn default_size(&self) -> usize {
        8
    }
    fn generate(&self, rng: &mut Rng, size: usize) -> Vec<u32> {
        Sum::right().generate(rng, size)
    }
    fn input(&self, case: &Vec<u32>) -> String {
        Sum::right().input(case)
    }
    fn reference(&self, case: &Vec<u32>) -> String {
        Sum::right().reference(case)
    }
    fn real(&self, input: &str) -> Result<String, String> {
        let answer = Sum::right().real(input)?;
        if self.asked.swap(true, std::sync::atomic::Ordering::SeqCst) {
            Ok(answer)
        } else {
            Ok(format!("wrong {answer}"))
        }
    }
    fn shrink(&self, case: &Vec<u32>) -> Vec<Vec<u32>> {
        Sum::right().shrink(case)
    }
    fn describe(&self, case: &Vec<u32>) -> String {
        Sum::right().describe(case)
    }
    fn worst(&self) -> String {
        Sum::right().worst()
    }
}

impl Sum {
    fn right() -> Sum {
        Sum {
            wrong_on: None,
            hang_on: None,
        }
    }
}

#[test]
fn a_disagreement_that_does_not_happen_again_is_reported_as_it_was_seen() {
    let flaky = FlakySum {
        asked: std::sync::atomic::AtomicBool::new(false),
    };
    let settings = settings(1);
    let report = run(Arc::new(flaky), settings, &|_| {});
    let Outcome::Disagreed(failure) = &report.outcome else {
        panic!("{:?}", report.outcome);
    };
    let first = Sum::right().generate(&mut case_rng(5, 0), 8);
    assert_eq!(failure.case_index, 0);
    assert_eq!(failure.input, Sum::right().input(&first));
    assert_eq!(failure.actual, format!("wrong {}", failure.expected));
    assert!(failure.unstable);
    let text = render("flaky", &settings, 300, &report);
    assert!(
        text.contains("--- note: run again on this input, the solution agreed"),
        "{text}"
    );
    // Its rerun line repeats `--no-save` when the run had it.
    let text = problem_harness::cli::render_run("flaky", &settings, 300, true, &report);
    assert!(
        text.ends_with(" --case-timeout-ms 300 --no-save\n"),
        "{text}"
    );
}
