//! [`Puzzle`]: givens with the layout they are played on, the value every face passes to ask
//! about a puzzle of any variant.

use std::fmt;

use crate::cell::Cell;
use crate::error::Conflict;
use crate::fast::Keep;
use crate::house::{Layout, STANDARD};
use crate::sudoku::{conflicts_on, Solutions, Solver, Sudoku};
use crate::{generic, reference};

/// A puzzle: its givens and its [`Layout`] (the standard one, a jigsaw's regions, X-Sudoku's
/// diagonals, Windoku's windows). Every question about a puzzle (its clashes, its solutions,
/// its candidates: [`crate::PencilMarks::raw`]) takes the geometry from here, so no question
/// can be asked on the wrong layout. Cheap to clone (the layout is shared).
///
/// The standard layout's fast paths (the band solver, the clash check by bit masks) are chosen
/// inside, when the layout is standard.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Puzzle {
    givens: Sudoku,
    layout: Layout,
}

/// A grid on the standard layout.
impl From<Sudoku> for Puzzle {
    fn from(givens: Sudoku) -> Puzzle {
        Puzzle {
            givens,
            layout: Layout::standard(),
        }
    }
}

/// A grid on the standard layout.
impl From<&Sudoku> for Puzzle {
    fn from(givens: &Sudoku) -> Puzzle {
        Puzzle::from(*givens)
    }
}

impl Puzzle {
    /// `givens` on `layout`.
    pub fn new(givens: Sudoku, layout: Layout) -> Puzzle {
        Puzzle { givens, layout }
    }

    /// The givens.
    pub fn givens(&self) -> &Sudoku {
        &self.givens
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Other digits on the same layout (a solution, or the puzzle after an edit).
    pub fn with_givens(&self, givens: Sudoku) -> Puzzle {
        Puzzle {
            givens,
            layout: self.layout.clone(),
        }
    }

    /// Every repeated digit in every house of the layout (in the layout's house order), the
    /// first two cells of each.
    pub fn conflicts(&self) -> Vec<Conflict> {
        conflicts_on(&self.layout, &self.givens)
    }

    /// `Ok` when no digit repeats in a house of the layout; otherwise the first [`Conflict`].
    pub fn check(&self) -> Result<(), Conflict> {
        if self.layout.is_standard() {
            // The allocation-free bit-mask pass first (batch commands check every puzzle).
            return self.givens.check();
        }
        self.conflicts().into_iter().next().map_or(Ok(()), Err)
    }

    /// Counts the solutions, stopping once `limit` are found: the band solver on the standard
    /// layout, the solver over generic houses on the others.
    pub fn count_solutions(&self, limit: usize) -> usize {
        self.search(Solver::Fast, limit, Keep::Nothing).0
    }

    /// As [`Puzzle::count_solutions`], with the chosen solver.
    pub fn count_solutions_with(&self, solver: Solver, limit: usize) -> usize {
        self.search(solver, limit, Keep::Nothing).0
    }

    /// Whether the puzzle has no, one or several solutions, with one of them (fast solver).
    pub fn solutions(&self) -> Solutions {
        self.solutions_with(Solver::Fast)
    }

    /// As [`Puzzle::solutions`], with the chosen solver.
    pub fn solutions_with(&self, solver: Solver) -> Solutions {
        match self.search(solver, 2, Keep::First) {
            (0, _) => Solutions::None,
            (1, Some(s)) => Solutions::Unique(s),
            (_, Some(s)) => Solutions::Multiple(s),
            (_, None) => unreachable!("a solver found a solution but kept none"),
        }
    }

    /// The solution, only if it is unique.
    pub fn unique_solution(&self) -> Option<Sudoku> {
        match self.solutions() {
            Solutions::Unique(s) => Some(s),
            _ => None,
        }
    }

    fn search(&self, solver: Solver, limit: usize, keep: Keep) -> (usize, Option<Sudoku>) {
        if self.layout.is_standard() {
            return self.givens.search(solver, limit, keep);
        }
        if limit == 0 {
            return (0, None);
        }
        let layout = &self.layout;
        let cells = self.givens.to_bytes();
        let (n, first) = match solver {
            // The generic solver refutes clashing givens as it loads them, and keeps the digits
            // no given uses in order (counting each solution it finds for all their orders).
            Solver::Fast => generic::count(layout, &cells, limit),
            Solver::Reference => {
                if self.check().is_err() {
                    return (0, None);
                }
                let mut first = None;
                let n = if cells == [0; 81] {
                    // The digits of an empty grid can be relabelled freely, so it has a
                    // solution exactly when it has one whose first region reads 1 to 9 in cell
                    // order; and then it has at least 9! of them. Fixing the region spares the
                    // search those relabellings, which is what makes a layout without any
                    // solution quick enough to refute.
                    let mut cells = [0u8; 81];
                    let [_, _, first_region] = layout.houses_of(Cell::from_index(0));
                    for (k, c) in layout.cells(first_region).iter().enumerate() {
                        cells[c.index()] = k as u8 + 1;
                    }
                    let n = reference::count_in(layout, &cells, 1, &mut first);
                    if n == 0 {
                        0
                    } else {
                        limit.min(362_880)
                    }
                } else {
                    reference::count_in(layout, &cells, limit, &mut first)
                };
                (n, first)
            }
        };
        (n, first.map(Sudoku::from_digits))
    }
}

/// Written as the givens' line, then the layout unless it is the standard one.
impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.layout == STANDARD {
            write!(f, "Puzzle({})", self.givens.to_line())
        } else {
            write!(f, "Puzzle({}, {:?})", self.givens.to_line(), self.layout)
        }
    }
}
