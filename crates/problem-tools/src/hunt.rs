//! Hunting the worst input: the real solution timed in-process on generated cases, to choose the
//! input a problem's benchmark and `worst` use.
//!
//! Every case is timed once; the slowest are then timed again several times each, interleaved
//! (so a slow moment of the machine touches them all alike), and ranked by their least time,
//! the figure least moved by a noisy machine.

use std::time::{Duration, Instant};

use super::runner::{case_rng, Stress};

/// What to hunt through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HuntSettings {
    /// The seeds, each with `cases` cases (indices from 0).
    pub seeds: std::ops::RangeInclusive<u64>,
    /// Cases per seed.
    pub cases: u64,
    /// The generator's size knob.
    pub size: usize,
    /// How many of the slowest to time again and report.
    pub top: usize,
    /// How many more runs each of those gets.
    pub repeat: usize,
}

/// One of the slowest cases found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunted {
    /// Its seed.
    pub seed: u64,
    /// Its index under that seed.
    pub index: u64,
    /// Its first run.
    pub first: Duration,
    /// The least of all its runs.
    pub least: Duration,
    /// The size of its input text, in bytes.
    pub input_bytes: usize,
}

/// The `settings.top` slowest cases of the solution, slowest first (by least time), with how
/// many cases were timed; `progress` hears how many are done. A case the solution rejects or
/// panics on is timed like any other (stress runs are what check answers).
pub fn hunt<P: Stress>(
    problem: &P,
    settings: &HuntSettings,
    progress: &dyn Fn(u64),
) -> (Vec<Hunted>, u64) {
    let time = |input: &str| {
        let start = Instant::now();
        let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| problem.real(input)));
        let took = start.elapsed();
        drop(answer);
        took
    };
    let mut timed: Vec<(Duration, u64, u64)> = Vec::new();
    let mut done = 0;
    for seed in settings.seeds.clone() {
        for index in 0..settings.cases {
            let case = problem.generate(&mut case_rng(seed, index), settings.size);
            timed.push((time(&problem.input(&case)), seed, index));
            done += 1;
            progress(done);
        }
    }
    timed.sort_by_key(|&(took, _, _)| std::cmp::Reverse(took));
    let mut slowest: Vec<(Hunted, String)> = timed
        .iter()
        .take(settings.top)
        .map(|&(first, seed, index)| {
            let input = problem.input(&problem.generate(&mut case_rng(seed, index), settings.size));
            let hunted = Hunted {
                seed,
                index,
                first,
                least: first,
                input_bytes: input.len(),
            };
            (hunted, input)
        })
        .collect();
    for _ in 0..settings.repeat {
        for (hunted, input) in &mut slowest {
            hunted.least = hunted.least.min(time(input));
        }
    }
    let mut slowest: Vec<Hunted> = slowest.into_iter().map(|(h, _)| h).collect();
    slowest.sort_by(|a, b| b.least.cmp(&a.least).then(a.seed.cmp(&b.seed)));
    (slowest, done)
}

/// The hunt's report: one line per case, slowest first, and how to use the first.
pub fn render_hunt(name: &str, settings: &HuntSettings, slowest: &[Hunted], timed: u64) -> String {
    let mut out = format!(
        "{name}: the slowest of {timed} cases (seeds {}..={}, {} each, size {}), least of {} runs:\n",
        settings.seeds.start(),
        settings.seeds.end(),
        settings.cases,
        settings.size,
        settings.repeat + 1
    );
    for h in slowest {
        out.push_str(&format!(
            "  seed {} case {}: {:.2} ms (first run {:.2} ms), input {} bytes\n",
            h.seed,
            h.index,
            h.least.as_secs_f64() * 1000.0,
            h.first.as_secs_f64() * 1000.0,
            h.input_bytes
        ));
    }
    if let Some(worst) = slowest.first() {
        out.push_str(&format!(
            "to make it the worst input, have `worst()` generate seed {} case {} at size {}\n",
            worst.seed, worst.index, settings.size
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::Rng;
    use rand::Rng as _;

    /// Cases whose input is a number of milliseconds to spin for: mostly 0, now and then 20, 40
    /// or 60, gaps no noise of a loaded machine closes.
    struct Spin;

    impl Stress for Spin {
        type Case = u64;
        fn default_size(&self) -> usize {
            1
        }
        fn generate(&self, rng: &mut Rng, _size: usize) -> u64 {
            match rng.gen_range(0..30) {
                0 => 60,
                1 => 40,
                2 => 20,
                _ => 0,
            }
        }
        fn input(&self, case: &u64) -> String {
            case.to_string()
        }
        fn reference(&self, _case: &u64) -> String {
            String::new()
        }
        fn real(&self, input: &str) -> Result<String, String> {
            let millis: u64 = input.parse().map_err(|_| "not a number".to_string())?;
            let start = Instant::now();
            while start.elapsed() < Duration::from_millis(millis) {}
            Ok(String::new())
        }
        fn shrink(&self, _case: &u64) -> Vec<u64> {
            Vec::new()
        }
        fn describe(&self, case: &u64) -> String {
            case.to_string()
        }
        fn worst(&self) -> String {
            "60".to_string()
        }
    }

    #[test]
    fn the_slowest_cases_come_first_and_are_the_largest_spins() {
        let settings = HuntSettings {
            seeds: 1..=2,
            cases: 40,
            size: 1,
            top: 3,
            repeat: 2,
        };
        let (slowest, timed) = hunt(&Spin, &settings, &|_| {});
        assert_eq!(timed, 80);
        assert_eq!(slowest.len(), 3);
        assert!(slowest.windows(2).all(|w| w[0].least >= w[1].least));
        // The three longest spins of the 80 cases (as values: equal spins may come in any order).
        let mut spins: Vec<u64> = (1..=2)
            .flat_map(|seed| (0..40).map(move |i| Spin.generate(&mut case_rng(seed, i), 1)))
            .collect();
        spins.sort_unstable();
        let mut found: Vec<u64> = slowest
            .iter()
            .map(|h| Spin.generate(&mut case_rng(h.seed, h.index), 1))
            .collect();
        found.sort_unstable();
        assert_eq!(found, spins[spins.len() - 3..].to_vec());
        let text = render_hunt("spin", &settings, &slowest, timed);
        assert!(text.starts_with("spin: the slowest of 80 cases (seeds 1..=2, 40 each, size 1)"));
        assert!(text.contains(&format!(
            "have `worst()` generate seed {} case {} at size 1",
            slowest[0].seed, slowest[0].index
        )));
    }
}
