//! The deadline of one search: a time limit from when it starts, and the caller's word that it
//! is no longer wanted. The engine reads no clock: a front end checks its deadline in the
//! observer the engine calls between attempts (`Generator::generate_observed`).

use std::time::{Duration, Instant};

use nonet_generate::Stop;

/// When one search must stop: `limit` after it started (`None`: never by time).
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// When the search started, and its limit. Without a limit the clock is not read (a batch
    /// gives every puzzle a deadline, and most have none).
    limit: Option<(Instant, Duration)>,
}

impl Deadline {
    /// A deadline `limit` from now (`None`: no time limit, only cancellation stops the search).
    #[inline]
    pub fn after(limit: Option<Duration>) -> Deadline {
        Deadline {
            limit: limit.map(|l| (Instant::now(), l)),
        }
    }

    /// What the engine's observer answers: [`Stop::Cancel`] when `cancelled` (another puzzle of
    /// the batch failed, or the caller went away: that comes first, as the search's own time
    /// does not matter then), [`Stop::OutOfTime`] with the time spent once the limit is
    /// reached, else go on.
    #[inline]
    pub fn check(&self, cancelled: bool) -> Result<(), Stop> {
        if cancelled {
            return Err(Stop::Cancel);
        }
        match self.limit {
            Some((started, limit)) => {
                let elapsed = started.elapsed();
                if elapsed >= limit {
                    Err(Stop::OutOfTime(elapsed))
                } else {
                    Ok(())
                }
            }
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancellation_comes_before_the_time_limit() {
        let spent = Deadline::after(Some(Duration::ZERO));
        assert_eq!(spent.check(true), Err(Stop::Cancel));
        assert!(matches!(spent.check(false), Err(Stop::OutOfTime(_))));
    }

    #[test]
    fn without_a_limit_only_cancellation_stops() {
        let open = Deadline::after(None);
        assert_eq!(open.check(false), Ok(()));
        assert_eq!(open.check(true), Err(Stop::Cancel));
        // A limit far beyond the test's run is not reached.
        let far = Deadline::after(Some(Duration::from_secs(366 * 86400)));
        assert_eq!(far.check(false), Ok(()));
    }
}
