//! A run of generated puzzles, a range at a time on the current rayon pool: puzzle `i` of a run
//! comes from `puzzle_seed(seed, i)` only, each under its own [`Deadline`], and the first
//! puzzle that fails stops the others (`nonet generate` and Python's `generate`).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use nonet_generate::{puzzle_seed, GenerateError, Generated, Generator};
use rayon::prelude::*;

use crate::Deadline;

/// One puzzle's outcome in a run.
pub type Outcome = Result<Generated, GenerateError>;

/// A run of `generator` from `seed`, each puzzle given `limit` (`None`: no time limit).
pub struct Generation<'g> {
    generator: &'g Generator,
    seed: u64,
    limit: Option<Duration>,
    /// Set when a puzzle fails: the puzzles still being searched stop rather than each run out
    /// its own time limit.
    failed: AtomicBool,
}

impl<'g> Generation<'g> {
    /// A run of `generator` from `seed`, with `limit` for each puzzle.
    pub fn new(generator: &'g Generator, seed: u64, limit: Option<Duration>) -> Generation<'g> {
        Generation {
            generator,
            seed,
            limit,
            failed: AtomicBool::new(false),
        }
    }

    /// Generates puzzles `range` of the run in parallel, appending them to `out` in index order.
    /// Once a puzzle has failed (in any range of the run) or `cancelled` says so, the puzzles not
    /// yet done fail as [`GenerateError::Cancelled`]. `on_attempt` is called before each attempt,
    /// `on_done` after each puzzle (for a progress bar).
    pub fn range(
        &self,
        range: Range<u64>,
        cancelled: &(dyn Fn() -> bool + Sync),
        on_attempt: &(dyn Fn() + Sync),
        on_done: &(dyn Fn() + Sync),
        out: &mut Vec<Outcome>,
    ) {
        let stopped = || self.failed.load(Ordering::Relaxed) || cancelled();
        let outcomes = range.into_par_iter().map(|i| {
            if stopped() {
                return Err(GenerateError::Cancelled);
            }
            let deadline = Deadline::after(self.limit);
            let r = self
                .generator
                .generate_observed(puzzle_seed(self.seed, i), &|_| {
                    on_attempt();
                    deadline.check(stopped())
                });
            if r.is_err() {
                self.failed.store(true, Ordering::Relaxed);
            }
            on_done();
            r
        });
        out.par_extend(outcomes);
    }
}

/// The failure to report among a range's outcomes: the first that is not
/// [`GenerateError::Cancelled`] (the others were cancelled because of it), with its index in
/// `outcomes`.
pub fn real_failure(outcomes: &[Outcome]) -> Option<(usize, &GenerateError)> {
    outcomes.iter().enumerate().find_map(|(k, r)| match r {
        Err(e) if *e != GenerateError::Cancelled => Some((k, e)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_generate::GenerateOptions;

    #[test]
    fn a_range_keeps_index_order_and_a_cancelled_run_makes_nothing() {
        let generator = Generator::new(GenerateOptions::default()).unwrap();
        let run = Generation::new(&generator, 5, None);
        let (mut all, mut parts) = (Vec::new(), Vec::new());
        run.range(0..4, &|| false, &|| {}, &|| {}, &mut all);
        run.range(0..2, &|| false, &|| {}, &|| {}, &mut parts);
        run.range(2..4, &|| false, &|| {}, &|| {}, &mut parts);
        let puzzles =
            |v: &[Outcome]| -> Vec<_> { v.iter().map(|r| r.as_ref().unwrap().puzzle).collect() };
        assert_eq!(puzzles(&all), puzzles(&parts));
        assert_eq!(real_failure(&all), None);
        let mut none = Vec::new();
        run.range(0..3, &|| true, &|| {}, &|| {}, &mut none);
        assert!(none.iter().all(|r| *r == Err(GenerateError::Cancelled)));
        assert_eq!(real_failure(&none), None);
    }

    #[test]
    fn the_real_failure_is_the_first_that_was_not_cancelled() {
        let timeout = GenerateError::Timeout {
            target: "a level".to_string(),
            attempts: 3,
            elapsed: Duration::from_secs(1),
        };
        let outcomes = vec![Err(GenerateError::Cancelled), Err(timeout.clone())];
        assert_eq!(real_failure(&outcomes), Some((1, &timeout)));
    }
}
