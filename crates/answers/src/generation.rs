//! A run of generated puzzles, a range at a time on the batch runner's [`Workers`]: puzzle `i`
//! of a run comes from `puzzle_seed(seed, i)` only, each under its own [`Deadline`], and the
//! first puzzle that fails stops the others (`nonet generate` and Python's `generate`).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::batch::{Batch, Workers};
use crate::Deadline;
use nonet_core::{RegionMap, RegionMapError, Variant};
use nonet_generate::{puzzle_seed, GenerateError, Generated, Generator};

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

    /// Generates puzzles `range` of the run in parallel on `workers`, appending them to `out` in
    /// index order.
    /// Once a puzzle has failed (in any range of the run) or `cancelled` says so, the puzzles not
    /// yet done fail as [`GenerateError::Cancelled`]. `on_attempt` is called before each attempt,
    /// `on_done` after each puzzle (for a progress bar).
    pub fn range(
        &self,
        workers: &Workers,
        range: Range<u64>,
        cancelled: &(dyn Fn() -> bool + Sync),
        on_attempt: &(dyn Fn() + Sync),
        on_done: &(dyn Fn() + Sync),
        out: &mut Vec<Outcome>,
    ) {
        let stopped = || self.failed.load(Ordering::Relaxed) || cancelled();
        let job = |&i: &u64, deadline: &Deadline| {
            if stopped() {
                return Err(GenerateError::Cancelled);
            }
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
        };
        let batch = Batch::whole(workers).limit(self.limit);
        let indices: Vec<u64> = range.collect();
        let _ = batch.run_slice(&indices, &job, &mut |_, r| {
            out.push(r);
            Ok::<(), std::convert::Infallible>(())
        });
    }
}

/// A fresh seed for a run given none (`nonet generate` without `--seed`, Python's
/// `generate(seed=None)`): from the OS-seeded hasher, the clock and the process, 12 decimal
/// digits at most, short enough to type.
pub fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(t) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        h.write_u128(t.as_nanos());
    }
    h.write_u32(std::process::id());
    h.finish() % 1_000_000_000_000
}

/// A time limit in seconds out of range: not a number, negative, or over a year.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("give a number of seconds up to a year, or 0 for no limit")]
pub struct LimitOutOfRange;

/// Each puzzle's time limit from `secs` seconds (`--timeout`, Python's `timeout=`): 0 is none;
/// else more than 0 and at most a year, beyond any search worth waiting for and far from
/// `Duration`'s limit.
pub fn time_limit(secs: f64) -> Result<Option<Duration>, LimitOutOfRange> {
    if secs == 0.0 {
        return Ok(None);
    }
    if secs > 0.0 && secs <= 366.0 * 86400.0 {
        Ok(Some(Duration::from_secs_f64(secs)))
    } else {
        Err(LimitOutOfRange)
    }
}

/// Why a run's region map cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RegionsError {
    /// A map given for a variant that is not a jigsaw.
    #[error("a region map needs the jigsaw variant")]
    NotJigsaw,
    /// The map breaks a rule.
    #[error(transparent)]
    Map(#[from] RegionMapError),
}

/// The region map every puzzle of a run takes (`--regions`, Python's `regions=`): only a
/// jigsaw takes one (`None`: each puzzle draws its own).
pub fn regions(variant: Variant, map: Option<&str>) -> Result<Option<RegionMap>, RegionsError> {
    match map {
        None => Ok(None),
        Some(_) if !variant.jigsaw => Err(RegionsError::NotJigsaw),
        Some(map) => Ok(Some(RegionMap::parse(map)?)),
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
        let workers = Workers::new(None).unwrap();
        run.range(&workers, 0..4, &|| false, &|| {}, &|| {}, &mut all);
        let alone = Workers::new(Some(1)).unwrap();
        run.range(&alone, 0..2, &|| false, &|| {}, &|| {}, &mut parts);
        run.range(&workers, 2..4, &|| false, &|| {}, &|| {}, &mut parts);
        let puzzles =
            |v: &[Outcome]| -> Vec<_> { v.iter().map(|r| r.as_ref().unwrap().puzzle).collect() };
        assert_eq!(puzzles(&all), puzzles(&parts));
        assert_eq!(real_failure(&all), None);
        let mut none = Vec::new();
        run.range(&workers, 0..3, &|| true, &|| {}, &|| {}, &mut none);
        assert!(none.iter().all(|r| *r == Err(GenerateError::Cancelled)));
        assert_eq!(real_failure(&none), None);
    }

    #[test]
    fn time_limits_and_region_maps_are_checked_alike_for_every_face() {
        assert_eq!(time_limit(0.0), Ok(None));
        assert_eq!(time_limit(1.5), Ok(Some(Duration::from_millis(1500))));
        for bad in [-1.0, f64::NAN, f64::INFINITY, 367.0 * 86400.0] {
            assert_eq!(time_limit(bad), Err(LimitOutOfRange), "{bad}");
        }
        let boxes =
            "111222333111222333111222333444555666444555666444555666777888999777888999777888999";
        let jigsaw: Variant = "jigsaw".parse().unwrap();
        assert!(regions(jigsaw, Some(boxes)).unwrap().is_some());
        assert_eq!(regions(jigsaw, None), Ok(None));
        assert_eq!(
            regions(Variant::default(), Some(boxes)),
            Err(RegionsError::NotJigsaw)
        );
        assert!(matches!(
            regions(jigsaw, Some(&boxes[1..])),
            Err(RegionsError::Map(_))
        ));
        assert!(random_seed() < 1_000_000_000_000);
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
