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

/// `std::hint::black_box`, reachable from problem crates whose declared floor (1.63) predates it.
pub fn black_box<T>(value: T) -> T {
    std::hint::black_box(value)
}

/// `benches/solve.rs` of a problem crate (with criterion as a dev-dependency):
/// `problem_harness::bench_main!(my_crate::stress::P::default());` benchmarks `<crate>/worst`.
#[macro_export]
macro_rules! bench_main {
    ($problem:expr) => {
        fn worst(c: &mut ::criterion::Criterion) {
            let problem = $problem;
            let input = $crate::bench::valid_worst_input(env!("CARGO_PKG_NAME"), &problem);
            c.bench_function(concat!(env!("CARGO_PKG_NAME"), "/worst"), |b| {
                b.iter(|| $crate::Stress::real(&problem, $crate::bench::black_box(&input)))
            });
        }
        ::criterion::criterion_group!(benches, worst);
        ::criterion::criterion_main!(benches);
    };
}
