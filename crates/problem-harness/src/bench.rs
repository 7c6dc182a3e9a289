//! Criterion on a problem's worst input: the whole in-process program, text in, text out.

use super::runner::Stress;

/// The worst input of `problem`, checked to be valid.
///
/// # Panics
/// When the solution rejects it: a worst input must be a valid one.
pub fn valid_worst_input<P: Stress>(name: &str, problem: &P) -> String {
    let input = problem.worst();
    if let Err(e) = problem.real(&input) {
        panic!("{name}: the worst input is invalid: {e}");
    }
    input
}

/// Whether criterion measures (`cargo bench` passes `--bench`) rather than runs each bench once
/// in its test mode (`cargo test --benches`): for a bench too slow to be a smoke test.
pub fn measuring() -> bool {
    std::env::args().any(|a| a == "--bench")
}

/// `std::hint::black_box`, reachable from problem crates whose declared floor (1.63) predates it.
pub fn black_box<T>(value: T) -> T {
    std::hint::black_box(value)
}

/// Runs the benchmark `<name>/worst`: `real`, the whole in-process program, on `input`, as
/// criterion's command line asks (`cargo bench` measures it, `cargo test --benches` runs it
/// once). Not generic, so criterion is compiled once, here, rather than in every problem's
/// bench (about a second of CPU each).
pub fn run(name: &str, input: &str, real: &dyn Fn(&str) -> Result<String, String>) {
    let mut c = criterion::Criterion::default().configure_from_args();
    c.bench_function(&format!("{name}/worst"), |b| {
        b.iter(|| real(black_box(input)))
    });
    c.final_summary();
}

/// `benches/solve.rs` of a problem crate (with the `tools` feature):
/// `problem_harness::bench_main!(my_crate::stress::P::default());` benchmarks `<crate>/worst`.
#[macro_export]
macro_rules! bench_main {
    ($problem:expr) => {
        fn main() {
            let problem = $problem;
            let name = env!("CARGO_PKG_NAME");
            let input = $crate::bench::valid_worst_input(name, &problem);
            $crate::bench::run(name, &input, &|input| $crate::Stress::real(&problem, input));
        }
    };
}
