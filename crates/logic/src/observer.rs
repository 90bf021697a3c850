//! The caller's stop check on a long search: an [`Observer`] the SE rater and the teacher's
//! path ask between steps and inside the chaining engine's searches (once per cell of every
//! multiple/dynamic/nested level, at every depth of nesting), so that a search no one wants any
//! more ends within a bounded time whatever the puzzle (docs/rating.md, "Stopping a rating").
//!
//! The engine reads no clock: a time limit or a cancellation flag is the caller's to check in
//! its closure (`nonet_answers::Deadline` feeds both). A stopped search ends with the typed
//! outcome [`Stopped`], never a panic, and an observer that never stops changes nothing: the
//! steps and ratings are those of the unobserved search, bit for bit.

use std::cell::Cell;

/// The search was stopped by its observer before it finished: it has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("stopped before it finished")]
pub struct Stopped;

/// A long search's stop check: the caller's closure, asked between steps and inside the long
/// searches; once it answers `true` the search ends with [`Stopped`] (and the closure is not
/// asked again).
pub struct Observer<'a> {
    /// The caller's check (`None`: never stop, and nothing is called).
    check: Option<&'a dyn Fn() -> bool>,
    /// Whether the check has answered `true`: the searches under way unwind on this alone.
    stopped: Cell<bool>,
}

impl<'a> Observer<'a> {
    /// An observer asking `check` whether to stop.
    pub fn new(check: &'a dyn Fn() -> bool) -> Observer<'a> {
        Observer {
            check: Some(check),
            stopped: Cell::new(false),
        }
    }

    /// An observer that never stops the search (the unobserved entry points use it).
    pub fn never() -> Observer<'static> {
        Observer {
            check: None,
            stopped: Cell::new(false),
        }
    }

    /// Asks the caller whether to stop (once it has said so, no more): `true` from then on.
    #[inline]
    pub fn poll(&self) -> bool {
        match self.check {
            None => false,
            Some(check) => {
                if !self.stopped.get() && check() {
                    self.stopped.set(true);
                }
                self.stopped.get()
            }
        }
    }

    /// [`Observer::poll`] as a result, for `?`.
    #[inline]
    pub fn check(&self) -> Result<(), Stopped> {
        if self.poll() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }

    /// Whether the caller has already said stop, without asking again: how a search under way
    /// learns that a nested one was stopped.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped.get()
    }
}

impl std::fmt::Debug for Observer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Observer")
            .field("observed", &self.check.is_some())
            .field("stopped", &self.stopped.get())
            .finish()
    }
}

/// The result of a search run without an observer, which never stops.
pub(crate) fn unobserved<T>(r: Result<T, Stopped>) -> T {
    match r {
        Ok(t) => t,
        Err(Stopped) => unreachable!("a search without an observer is never stopped"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_observer_asks_until_it_is_told_to_stop_and_then_stays_stopped() {
        let asked = Cell::new(0);
        let check = || {
            asked.set(asked.get() + 1);
            asked.get() >= 3
        };
        let obs = Observer::new(&check);
        assert_eq!(obs.check(), Ok(()));
        assert!(!obs.stopped());
        assert!(!obs.poll());
        assert_eq!(obs.check(), Err(Stopped));
        assert!(obs.stopped() && obs.poll());
        assert_eq!(asked.get(), 3, "no question after the stop");
        let never = Observer::never();
        assert!(!never.poll() && !never.stopped());
    }
}
