//! A problem's [`Stress`] with its case type hidden behind `dyn`, so that the runner, the
//! shrinker, the hunt and the command line are compiled once here rather than once for every
//! problem's tools binary and test (most of each one's build time before).

use std::any::Any;
use std::fmt::{self, Debug};
use std::sync::Arc;

use super::case::{Rng, Stress};

/// A case of some problem: shared, so cloning it is cheap.
#[derive(Clone)]
pub struct AnyCase(Arc<dyn CaseObject>);

/// What a case is to the runner: printable, sendable, and of a type found again by downcasting.
trait CaseObject: Any + Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + Debug + Send + Sync> CaseObject for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Debug for AnyCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// [`Stress`] in a form that can sit behind `dyn` (no associated type).
trait DynStress: Send + Sync {
    fn default_size(&self) -> usize;
    fn generate(&self, rng: &mut Rng, size: usize) -> AnyCase;
    fn input(&self, case: &AnyCase) -> String;
    fn reference(&self, case: &AnyCase) -> String;
    fn real(&self, input: &str) -> Result<String, String>;
    fn shrink(&self, case: &AnyCase) -> Vec<AnyCase>;
    fn describe(&self, case: &AnyCase) -> String;
    fn worst(&self) -> String;
}

/// One problem's [`Stress`], seen through [`DynStress`].
struct Typed<P>(P);

impl<P: Stress> Typed<P> {
    /// The problem's own case inside `case`.
    fn case(case: &AnyCase) -> &P::Case {
        // Through the `dyn`, not the `Arc`: the `Arc` is a `CaseObject` too.
        (*case.0)
            .as_any()
            .downcast_ref()
            .expect("an erased problem only sees its own cases")
    }
}

impl<P: Stress> DynStress for Typed<P> {
    fn default_size(&self) -> usize {
        self.0.default_size()
    }
    fn generate(&self, rng: &mut Rng, size: usize) -> AnyCase {
        AnyCase(Arc::new(self.0.generate(rng, size)))
    }
    fn input(&self, case: &AnyCase) -> String {
        self.0.input(Self::case(case))
    }
    fn reference(&self, case: &AnyCase) -> String {
        self.0.reference(Self::case(case))
    }
    fn real(&self, input: &str) -> Result<String, String> {
        self.0.real(input)
    }
    fn shrink(&self, case: &AnyCase) -> Vec<AnyCase> {
        let smaller = self.0.shrink(Self::case(case));
        smaller.into_iter().map(|c| AnyCase(Arc::new(c))).collect()
    }
    fn describe(&self, case: &AnyCase) -> String {
        self.0.describe(Self::case(case))
    }
    fn worst(&self) -> String {
        self.0.worst()
    }
}

/// Any problem's [`Stress`], its case type erased: the one `Stress` the generic tools are
/// compiled for.
///
/// ```
/// use problem_harness::{Erased, Rng, Stress};
/// struct Double;
/// impl Stress for Double {
///     type Case = u32;
///     fn default_size(&self) -> usize { 9 }
///     fn generate(&self, _: &mut Rng, size: usize) -> u32 { size as u32 }
///     fn input(&self, n: &u32) -> String { format!("{n}\n") }
///     fn reference(&self, n: &u32) -> String { format!("{}\n", 2 * n) }
///     fn real(&self, input: &str) -> Result<String, String> {
///         let n: u32 = input.trim().parse().map_err(|_| "a number".to_string())?;
///         Ok(format!("{}\n", n + n))
///     }
///     fn shrink(&self, n: &u32) -> Vec<u32> { (*n > 0).then(|| n / 2).into_iter().collect() }
///     fn describe(&self, n: &u32) -> String { n.to_string() }
///     fn worst(&self) -> String { "1000000\n".into() }
/// }
/// let erased = Erased::new(Double);
/// let case = erased.generate(&mut problem_harness::case_rng(1, 0), 4);
/// assert_eq!((erased.input(&case), erased.reference(&case)), ("4\n".into(), "8\n".into()));
/// assert_eq!(erased.shrink(&case).len(), 1);
/// ```
pub struct Erased(Box<dyn DynStress>);

impl Erased {
    /// `problem` with its case type erased.
    pub fn new<P: Stress>(problem: P) -> Erased {
        Erased(Box::new(Typed(problem)))
    }
}

impl Stress for Erased {
    type Case = AnyCase;

    fn default_size(&self) -> usize {
        self.0.default_size()
    }
    fn generate(&self, rng: &mut Rng, size: usize) -> AnyCase {
        self.0.generate(rng, size)
    }
    fn input(&self, case: &AnyCase) -> String {
        self.0.input(case)
    }
    fn reference(&self, case: &AnyCase) -> String {
        self.0.reference(case)
    }
    fn real(&self, input: &str) -> Result<String, String> {
        self.0.real(input)
    }
    fn shrink(&self, case: &AnyCase) -> Vec<AnyCase> {
        self.0.shrink(case)
    }
    fn describe(&self, case: &AnyCase) -> String {
        self.0.describe(case)
    }
    fn worst(&self) -> String {
        self.0.worst()
    }
}
