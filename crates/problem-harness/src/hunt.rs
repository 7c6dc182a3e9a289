//! Hunting the worst input: the real solution timed in-process on generated cases, to choose the
//! input a problem's benchmark and `worst` use.
//!
//! Every case is timed in a few passes over all of them (two by default, the second in the
//! other order), and screened by its least time; the slowest by that are then timed again
//! several times each, interleaved (so a slow moment of the machine touches them all alike), and
//! ranked by their least time, the figure least moved by a noisy machine. More are timed again
//! than are reported: on a loaded machine one run can be half again as slow as the least of
//! many, so the true slowest may rank well below the top by its first run (seen: the slowest
//! case, by least of 100 runs, was not among the ten slowest first runs of 12 000). A second
//! pass is what keeps a slow moment of the machine, seconds long, from filling the shortlist
//! with the cases it happened to: one pass over 100 000 cases once missed the slowest of them
//! (by instructions), found by a pass over 40 000 of the same.

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
    /// How many of the slowest to report (the [`shortlist`] of them by first run is timed again).
    pub top: usize,
    /// How many more runs each of those gets.
    pub repeat: usize,
    /// Passes over all the cases before the shortlist (0 counts as 1).
    pub screens: usize,
}

impl HuntSettings {
    /// How many passes over all the cases are made: [`HuntSettings::screens`], at least one.
    fn passes(&self) -> usize {
        self.screens.max(1)
    }
}

/// One of the slowest cases found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunted {
    /// Its seed.
    pub seed: u64,
    /// Its index under that seed.
    pub index: u64,
    /// Its first run (in the first pass).
    pub first: Duration,
    /// The least of all its runs.
    pub least: Duration,
    /// The size of its input text, in bytes.
    pub input_bytes: usize,
}

/// How many of the slowest first runs are timed again to report the `top` slowest: four times
/// as many, and at least 40.
///
/// ```
/// assert_eq!(problem_harness::hunt::shortlist(10), 40);
/// assert_eq!(problem_harness::hunt::shortlist(25), 100);
/// ```
pub fn shortlist(top: usize) -> usize {
    (4 * top).max(40)
}

/// The `settings.top` slowest cases of the solution, slowest first (by least time), with how
/// many cases were timed; `progress` hears how many runs of the passes over them are done. A
/// case the solution rejects or panics on is timed like any other (stress runs are what check
/// answers).
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
    let cases: Vec<(u64, u64)> = settings
        .seeds
        .clone()
        .flat_map(|seed| (0..settings.cases).map(move |index| (seed, index)))
        .collect();
    // Per case: its first run and its least run so far.
    let mut timed = vec![(Duration::ZERO, Duration::MAX); cases.len()];
    let mut done = 0;
    for pass in 0..settings.passes() {
        for j in 0..cases.len() {
            // Every other pass in the other order.
            let k = if pass % 2 == 0 {
                j
            } else {
                cases.len() - 1 - j
            };
            let (seed, index) = cases[k];
            let case = problem.generate(&mut case_rng(seed, index), settings.size);
            let took = time(&problem.input(&case));
            if pass == 0 {
                timed[k].0 = took;
            }
            timed[k].1 = timed[k].1.min(took);
            done += 1;
            progress(done);
        }
    }
    let mut ranked: Vec<usize> = (0..cases.len()).collect();
    ranked.sort_by_key(|&k| std::cmp::Reverse(timed[k].1));
    let mut slowest: Vec<(Hunted, String)> = ranked
        .iter()
        .take(shortlist(settings.top))
        .map(|&k| {
            let (seed, index) = cases[k];
            let (first, least) = timed[k];
            let input = problem.input(&problem.generate(&mut case_rng(seed, index), settings.size));
            let hunted = Hunted {
                seed,
                index,
                first,
                least,
                input_bytes: input.len(),
            };
            (hunted, input)
        })
        .collect();
    // Each round starts at another place in the list, so that a machine slow at the same moment
    // of every round slows other cases each time, not one case every time (a case once came out
    // 20 % slower than its time among others, on each of its twelve runs).
    let listed = slowest.len();
    for round in 0..settings.repeat {
        let start = round * listed / settings.repeat.max(1);
        for j in 0..listed {
            let (hunted, input) = &mut slowest[(start + j) % listed];
            hunted.least = hunted.least.min(time(input));
        }
    }
    let mut slowest: Vec<Hunted> = slowest.into_iter().map(|(h, _)| h).collect();
    slowest.sort_by(|a, b| b.least.cmp(&a.least).then(a.seed.cmp(&b.seed)));
    slowest.truncate(settings.top);
    (slowest, cases.len() as u64)
}

/// The hunt's report: one line per case, slowest first, and how to use the first.
pub fn render_hunt(name: &str, settings: &HuntSettings, slowest: &[Hunted], timed: u64) -> String {
    let mut out = format!(
        "{name}: the slowest of {timed} cases (seeds {}..={}, {} each, size {}), least of {} runs:\n",
        settings.seeds.start(),
        settings.seeds.end(),
        settings.cases,
        settings.size,
        settings.repeat + settings.passes()
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
    use std::collections::HashSet;
    use std::sync::Mutex;

    use super::*;
    use crate::runner::Rng;
    use rand::Rng as _;

    /// A case: milliseconds to spin on every run, more on its first run only (a machine busy
    /// just then), and a tag that tells cases apart.
    type Case = (u64, u64, u64);

    /// Cases that spin, drawn by `pick`; gaps between spins are ones no noise closes.
    struct Spins {
        pick: fn(&mut Rng) -> (u64, u64),
        run_before: Mutex<HashSet<String>>,
    }

    impl Spins {
        fn new(pick: fn(&mut Rng) -> (u64, u64)) -> Spins {
            Spins {
                pick,
                run_before: Mutex::new(HashSet::new()),
            }
        }

        fn case(&self, seed: u64, index: u64) -> Case {
            self.generate(&mut case_rng(seed, index), 1)
        }
    }

    impl Stress for Spins {
        type Case = Case;
        fn default_size(&self) -> usize {
            1
        }
        fn generate(&self, rng: &mut Rng, _size: usize) -> Case {
            let (every, first) = (self.pick)(rng);
            (every, first, rng.gen())
        }
        fn input(&self, case: &Case) -> String {
            format!("{} {} {}", case.0, case.1, case.2)
        }
        fn reference(&self, _case: &Case) -> String {
            String::new()
        }
        fn real(&self, input: &str) -> Result<String, String> {
            let first = self.run_before.lock().unwrap().insert(input.to_string());
            let millis: Vec<u64> = input.split(' ').map(|w| w.parse().unwrap()).collect();
            let spin = millis[0] + if first { millis[1] } else { 0 };
            let start = Instant::now();
            while start.elapsed() < Duration::from_millis(spin) {}
            Ok(String::new())
        }
        fn shrink(&self, _case: &Case) -> Vec<Case> {
            Vec::new()
        }
        fn describe(&self, case: &Case) -> String {
            self.input(case)
        }
        fn worst(&self) -> String {
            String::new()
        }
    }

    /// 40 cases per seed in one pass, each of the shortlist timed twice more, the `top` reported.
    fn spin_settings(seeds: std::ops::RangeInclusive<u64>, top: usize) -> HuntSettings {
        HuntSettings {
            seeds,
            cases: 40,
            size: 1,
            top,
            repeat: 2,
            screens: 1,
        }
    }

    #[test]
    fn the_slowest_cases_come_first_and_are_the_largest_spins() {
        // Mostly 0, now and then 20, 40 or 60 ms.
        let spins = Spins::new(|rng| match rng.gen_range(0..30) {
            0 => (60, 0),
            1 => (40, 0),
            2 => (20, 0),
            _ => (0, 0),
        });
        let settings = spin_settings(1..=2, 3);
        let (slowest, timed) = hunt(&spins, &settings, &|_| {});
        assert_eq!(timed, 80);
        assert_eq!(slowest.len(), 3);
        assert!(slowest.windows(2).all(|w| w[0].least >= w[1].least));
        // The three longest spins of the 80 cases (as values: equal spins may come in any order).
        let mut all: Vec<u64> = (1..=2)
            .flat_map(|seed| (0..40).map(move |i| (seed, i)))
            .map(|(seed, i)| spins.case(seed, i).0)
            .collect();
        all.sort_unstable();
        let mut found: Vec<u64> = slowest
            .iter()
            .map(|h| spins.case(h.seed, h.index).0)
            .collect();
        found.sort_unstable();
        assert_eq!(found, all[all.len() - 3..].to_vec());
        let text = render_hunt("spin", &settings, &slowest, timed);
        assert!(text.starts_with("spin: the slowest of 80 cases (seeds 1..=2, 40 each, size 1)"));
        assert!(text.contains(&format!(
            "have `worst()` generate seed {} case {} at size 1",
            slowest[0].seed, slowest[0].index
        )));
    }

    #[test]
    fn a_case_slow_every_time_beats_cases_slow_only_on_their_first_run() {
        // An eighth spin 15 ms every run, three eighths 30 ms on their first run only.
        let spins = Spins::new(|rng| match rng.gen_range(0..8) {
            0 => (15, 0),
            1..=3 => (0, 30),
            _ => (0, 0),
        });
        let settings = spin_settings(1..=1, 1);
        let cases: Vec<Case> = (0..40).map(|i| spins.case(1, i)).collect();
        assert!(cases.iter().any(|c| c.0 == 15) && cases.iter().any(|c| c.1 == 30));
        let (slowest, _) = hunt(&spins, &settings, &|_| {});
        assert_eq!(slowest.len(), 1);
        assert_eq!(cases[slowest[0].index as usize].0, 15);
    }

    #[test]
    fn a_second_pass_keeps_cases_slow_only_once_out_of_the_shortlist() {
        // 120 cases: a twentieth spin 9 ms every run, a tenth 2 ms; nine twentieths 25 ms on
        // their first run only (a slow moment of the machine), more than the shortlist holds.
        let spins = Spins::new(|rng| match rng.gen_range(0..20) {
            0 => (9, 0),
            1 | 2 => (2, 0),
            3..=11 => (0, 25),
            _ => (0, 0),
        });
        let settings = |screens| HuntSettings {
            cases: 120,
            screens,
            ..spin_settings(1..=1, 1)
        };
        let cases: Vec<Case> = (0..120).map(|i| spins.case(1, i)).collect();
        let slowest = cases.iter().map(|c| c.0).max().unwrap();
        let once = cases.iter().filter(|c| c.1 > 0).count();
        assert!(slowest == 9 && once > shortlist(1), "{once} slow once");
        let (found, timed) = hunt(&spins, &settings(2), &|_| {});
        assert_eq!(timed, 120);
        assert_eq!(cases[found[0].index as usize].0, 9);
        // With one pass, the cases slow once fill the shortlist.
        let fresh = Spins::new(spins.pick);
        let (found, _) = hunt(&fresh, &settings(1), &|_| {});
        assert_eq!(cases[found[0].index as usize].0, 0);
    }
}
