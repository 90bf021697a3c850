//! The climb: when no dig reaches the part of a band a puzzle aims at (the top of the ER scale,
//! where a dig rated above 9.1 is rare), a seeded local search moves toward it from the
//! best-rated puzzle found so far.
//!
//! A move empties one given symmetry orbit and fills one orbit (the same one or an empty one)
//! with random digits: the clue pattern stays nearly the same and keeps its symmetry, and the
//! solution may change. A move is kept when the puzzle has a unique solution on the layout
//! (nonet-core's exact answer, whatever its search order), is minimal when minimality is asked
//! for, keeps its clue count in range, and its ER (the capped rater, which never searches above
//! the part's top) is at least the current one; on a plateau of ER, SE's EP and ED must not
//! drop either. Equal moves let the search wander the plateaus SE's ratings form, from where a
//! harder step is within one move. Moves that keep the puzzle's own solution only (a clue
//! emptied, clues of the solution given back until it is unique again) were tried first: a
//! solution digit given back tells so much that nearly every such neighbour of an ER 8.9 puzzle
//! rated under 8 (most under 3). The search stops at the first puzzle in the part, or after
//! [`CLIMB_TRIES`] rated moves or [`CLIMB_MOVES`] moves drawn (counts, never a clock, so the
//! same seed climbs the same way everywhere). The caller's observer is asked after every rated
//! move, so a deadline or a cancellation ends a climb within one rating, not after it; a climb
//! the observer lets run is the same climb.

use nonet_core::{CellSet, Puzzle, Solutions, Sudoku};

use crate::generator::{is_minimal_except, Orbit};
use crate::grid::Geometry;
use crate::rating::{capped_er, rate, tenths};
use crate::Stop;

/// Moves rated per climb (those that keep a unique solution).
pub(crate) const CLIMB_TRIES: u32 = 300;
/// Moves drawn per climb (most leave the puzzle without a unique solution, and are dropped
/// after one question to the solver).
pub(crate) const CLIMB_MOVES: u32 = 100_000;

/// A finished dig that missed its part: where a climb may start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Miss {
    /// The puzzle (unique on the layout).
    pub puzzle: [u8; 81],
    /// Its solution.
    pub solution: [u8; 81],
    /// Its ER in tenths.
    pub er: i64,
    /// Its EP and ED in tenths, when known (else zero): how a climb breaks ties of ER.
    pub tie: (i64, i64),
}

/// What a climb must keep besides the rating.
pub(crate) struct Bounds<'a> {
    /// The symmetry's orbits: the units moves swap.
    pub orbits: &'a [Orbit],
    /// Inclusive bounds on the number of clues.
    pub clues: (usize, usize),
    /// Whether every puzzle on the way must be minimal.
    pub minimal: bool,
}

/// How a climb ended.
#[derive(Debug)]
pub(crate) enum Climbed {
    /// A puzzle in the part aimed at.
    Reached(Miss),
    /// The budget ran out first: the highest-rated puzzle on the way (a later climb toward a
    /// higher part may start there).
    Missed(Miss),
    /// The caller's observer asked to stop.
    Stopped(Stop),
}

/// Climbs from `start` toward the ER values `lo..=hi` (tenths) on `geo`'s layout, asking
/// `observe` after every rated move whether to go on.
pub(crate) fn climb(
    geo: &Geometry,
    bounds: &Bounds,
    start: &Miss,
    (lo, hi): (i64, i64),
    rng: &mut crate::PuzzleRng,
    observe: &dyn Fn() -> Result<(), Stop>,
) -> Climbed {
    if start.er > hi {
        return Climbed::Missed(*start);
    }
    let layout = geo.layout();
    let given = |p: &[u8; 81], o: &Orbit| p[o.first.index()] != 0;
    let mut at = *start;
    if at.er >= lo {
        return Climbed::Reached(at);
    }
    let mut ratings = 0;
    for _ in 0..CLIMB_MOVES {
        let puzzle = at.puzzle;
        let out = bounds.orbits[rng.below(bounds.orbits.len() as u32) as usize];
        if !given(&puzzle, &out) {
            continue;
        }
        // The orbit given back: the one emptied (its digits changed) or another.
        let into = bounds.orbits[rng.below(bounds.orbits.len() as u32) as usize];
        if into.first != out.first && given(&puzzle, &into) {
            continue;
        }
        let mut next = puzzle;
        out.for_each(|c| next[c.index()] = 0);
        into.for_each(|c| next[c.index()] = 1 + rng.below(9) as u8);
        if next == puzzle {
            continue;
        }
        let count = next.iter().filter(|&&d| d != 0).count();
        if count < bounds.clues.0 || count > bounds.clues.1 {
            continue;
        }
        let sudoku = Puzzle::new(
            Sudoku::from_bytes(next).expect("digits 0-9"),
            layout.clone(),
        );
        // Unique or not is the solver's exact answer, whatever its search order.
        let Solutions::Unique(solved) = sudoku.solutions() else {
            continue;
        };
        let solved = solved.to_bytes();
        if bounds.minimal && !is_minimal_except(geo, &next, &solved, CellSet::EMPTY) {
            continue;
        }
        ratings += 1;
        let rated = capped_er(&sudoku, hi);
        if let Err(stop) = observe() {
            return Climbed::Stopped(stop);
        }
        let Some(er) = rated.filter(|&r| r >= at.er) else {
            continue;
        };
        // On a plateau of ER, the move must not lower SE's other two measures (EP, the hardest
        // step before the first placement, then ED, the first step): a gentle slope toward
        // puzzles whose hard steps come early and often.
        let tie = if er == at.er {
            let Some(r) = rate(&sudoku) else {
                continue;
            };
            let tie = (tenths(r.ep), tenths(r.ed));
            if tie < at.tie {
                continue;
            }
            tie
        } else {
            (0, 0)
        };
        at = Miss {
            puzzle: next,
            solution: solved,
            er,
            tie,
        };
        if er >= lo {
            return Climbed::Reached(at);
        }
        if ratings == CLIMB_TRIES {
            break;
        }
    }
    Climbed::Missed(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GenerateOptions, Generator, Level, PuzzleRng, Symmetry, Target};
    use nonet_core::{Cell, STANDARD};

    /// A climb from a dug puzzle ends in the part asked for, above the dig's rating, with the
    /// same solution, a unique solution, the symmetry's orbits whole and, when asked for,
    /// minimal.
    #[test]
    fn a_climb_rises_above_its_digs_rating_keeping_symmetry_and_minimality() {
        let geo = Geometry::new(&STANDARD);
        for (symmetry, minimal, seed, part) in [
            (Symmetry::None, true, 1, (23, 26)),
            (Symmetry::None, true, 2, (23, 26)),
            (Symmetry::Rot180, false, 1, (23, 26)),
            (Symmetry::Rot180, false, 2, (23, 26)),
        ] {
            let g = Generator::new(GenerateOptions {
                symmetry,
                minimal,
                target: Target {
                    level: Some(Level::Easy),
                    ..Target::default()
                },
                ..GenerateOptions::default()
            })
            .unwrap();
            let orbits: Vec<Orbit> = symmetry.orbits().into_iter().map(Orbit::new).collect();
            let bounds = Bounds {
                orbits: &orbits,
                clues: (17, 81),
                minimal,
            };
            let dug = g.generate(seed).unwrap();
            let start = Miss {
                puzzle: dug.puzzle.to_bytes(),
                solution: dug.solution.to_bytes(),
                er: tenths(dug.rating.unwrap().er),
                tie: (0, 0),
            };
            let case = format!("{symmetry}, minimal {minimal}, seed {seed}");
            assert!(start.er < part.0, "{case}: the dig is already there");
            let mut rng = PuzzleRng::new(seed);
            let Climbed::Reached(Miss {
                puzzle: climbed,
                solution,
                er,
                ..
            }) = climb(&geo, &bounds, &start, part, &mut rng, &|| Ok(()))
            else {
                panic!("{case}: no climb to {part:?}")
            };
            let sudoku = Sudoku::from_bytes(climbed).unwrap();
            assert_eq!(tenths(rate(&sudoku.into()).unwrap().er), er);
            assert!((part.0..=part.1).contains(&er), "{case}: {er}");
            assert_eq!(
                sudoku.solutions(),
                Solutions::Unique(Sudoku::from_bytes(solution).unwrap()),
                "{case}"
            );
            let givens = (0..81)
                .filter(|&c| climbed[c] != 0)
                .map(Cell::from_index)
                .collect::<CellSet>();
            assert!(symmetry.holds_for(givens), "{case}: {sudoku}");
            assert!(
                !minimal || crate::is_minimal(&sudoku.into()),
                "{case}: {sudoku}"
            );
        }
    }

    /// A deadline used to be checked only between attempts, so a climb (hundreds of ratings
    /// near the top of the scale) overran it by up to a few seconds: the climb now asks the
    /// observer after every rated move, and ends at the first stop.
    #[test]
    fn a_deadline_stops_a_climb_within_one_rating() {
        let geo = Geometry::new(&STANDARD);
        let g = Generator::new(GenerateOptions {
            minimal: true,
            target: Target {
                level: Some(Level::Easy),
                ..Target::default()
            },
            ..GenerateOptions::default()
        })
        .unwrap();
        let orbits: Vec<Orbit> = Symmetry::None
            .orbits()
            .into_iter()
            .map(Orbit::new)
            .collect();
        let bounds = Bounds {
            orbits: &orbits,
            clues: (17, 81),
            minimal: true,
        };
        let dug = g.generate(1).unwrap();
        let start = Miss {
            puzzle: dug.puzzle.to_bytes(),
            solution: dug.solution.to_bytes(),
            er: tenths(dug.rating.unwrap().er),
            tie: (0, 0),
        };
        // Out of reach: the climb would run its whole budget.
        let part = (95, 99);
        let asked = std::cell::Cell::new(0);
        let third = || {
            asked.set(asked.get() + 1);
            if asked.get() == 3 {
                Err(Stop::OutOfTime(std::time::Duration::from_secs(1)))
            } else {
                Ok(())
            }
        };
        let climbed = climb(&geo, &bounds, &start, part, &mut PuzzleRng::new(1), &third);
        assert!(
            matches!(climbed, Climbed::Stopped(Stop::OutOfTime(_))),
            "{climbed:?}"
        );
        assert_eq!(asked.get(), 3);
        // An observer that lets the climb run does not change it.
        let run = |observe: &dyn Fn() -> Result<(), Stop>| match climb(
            &geo,
            &bounds,
            &start,
            (24, 26),
            &mut PuzzleRng::new(2),
            observe,
        ) {
            Climbed::Reached(m) | Climbed::Missed(m) => (m.puzzle, m.er),
            Climbed::Stopped(stop) => panic!("{stop:?}"),
        };
        let counted = std::cell::Cell::new(0);
        assert_eq!(
            run(&|| Ok(())),
            run(&|| {
                counted.set(counted.get() + 1);
                Ok(())
            })
        );
        assert!(counted.get() > 0);
    }
}
