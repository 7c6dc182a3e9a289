//! One stress case: what the runner asks of a problem ([`Stress`]), the generator stream of a
//! case, and how one case is judged (the real answer against the reference). A leaf: it
//! imports no other module of the crate; the runner and the shrinker both build on it.

use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The random source of generators: ChaCha8, the same stream on every machine.
pub type Rng = ChaCha8Rng;

/// One problem as the stress runner sees it: implemented in the problem's own crate.
pub trait Stress: Send + Sync + 'static {
    /// A generated test case (a model the generator, reference and shrinker share).
    type Case: Clone + Debug + Send + Sync + 'static;

    /// The board-size knob used when none is given: large enough to reach the rules' corners,
    /// small enough for the reference to stay fast.
    fn default_size(&self) -> usize;
    /// A valid random case; `size` bounds the board side (clamped to the problem's limits).
    fn generate(&self, rng: &mut Rng, size: usize) -> Self::Case;
    /// The case as judge input text.
    fn input(&self, case: &Self::Case) -> String;
    /// The reference answer (plainly written, independent of the solution), as expected output.
    fn reference(&self, case: &Self::Case) -> String;
    /// The real solution's answer to `input` (its library's `run`), or its error message.
    fn real(&self, input: &str) -> Result<String, String>;
    /// Smaller valid cases to try while shrinking, most promising (smallest) first; boards
    /// should shrink in size (rows, columns, pieces), not only in values.
    fn shrink(&self, case: &Self::Case) -> Vec<Self::Case>;
    /// A few words naming the case's size for file names and reports, e.g. `3x3`.
    fn describe(&self, case: &Self::Case) -> String;
    /// The hardest valid input known (for benchmarks and whole-process timing).
    fn worst(&self) -> String;
}

/// The generator stream of case `index` under `seed`.
pub fn case_rng(seed: u64, index: u64) -> Rng {
    // SplitMix-style mixing, so nearby (seed, index) pairs give unrelated streams.
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Rng::seed_from_u64(z ^ (z >> 31))
}

/// The real answer, with a panic turned into a message.
pub(crate) fn real_answer<P: Stress>(problem: &P, input: &str) -> String {
    match catch_unwind(AssertUnwindSafe(|| problem.real(input))) {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => format!("<rejected the input: {e}>"),
        Err(panic) => format!("<panicked: {}>", panic_message(&*panic)),
    }
}

/// The message a panic was raised with (empty when it carried no text).
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// `Ok(answer)` when the solution agrees with the reference, else `Err(the solution's answer)`.
pub(crate) fn judge_case<P: Stress>(problem: &P, case: &P::Case) -> Result<String, String> {
    let expected = problem.reference(case);
    let actual = real_answer(problem, &problem.input(case));
    if actual == expected {
        Ok(expected)
    } else {
        Err(actual)
    }
}
