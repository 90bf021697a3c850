//! Technique targets (`GenerateOptions::techniques`, `nonet generate --technique`): puzzles
//! whose easiest-first path (nonet-logic's [`Teacher`], the path of `nonet explain`) uses one
//! of the techniques asked for, and nothing harder than it.
//!
//! "Harder" is the teacher's own order ([`Teacher::techniques`]: the documented easiest-first
//! order, then the forcing chains): the path always takes the first technique of that order
//! that applies, so a puzzle "uses X and nothing harder" exactly when its hardest step, by that
//! order, is X. A teacher allowed only the techniques up to the hardest one asked for (and no
//! guess) takes the same steps as the full teacher wherever it does not get stuck, so it is the
//! dig's upper bound (a removal is kept only if that teacher still solves the puzzle) and, at
//! the end, gives the whole path the puzzle is accepted on.
//!
//! The dig is steered: until a kept removal leaves a puzzle whose hardest step is one asked
//! for, the bound is that teacher's; from then on a removal is kept only if the hardest step
//! stays one asked for. Digging to the bound alone ends mostly at some easier technique of the
//! order (a removal that needs the technique is often followed by one that lets an easier
//! technique through first); holding on to the technique once it appears keeps it.
//!
//! Measured and dropped: a dig bounded by the basic techniques (singles, intersections) and
//! the one asked for, nothing between. Its puzzles need the technique against the basics, but
//! the accepting path then mostly finds an easier technique of the order first: fewer
//! accepted for 15 of the 20 techniques that came out at all (`docs/generator.md`).

use nonet_core::{PencilMarks, Puzzle, Sudoku, Variant};
use nonet_logic::Path;
use nonet_logic::{Family, Step, Teacher, Technique};

use crate::error::{GenerateError, Impossible};
use crate::grid::{self, Geometry, Singles};

/// Attempts allowed per puzzle when the options set no `max_attempts`: a count, never a
/// clock, so a run gives the same puzzles or the same error on any machine. The rarest
/// targetable techniques of `docs/generator.md`'s table took a few thousand attempts a puzzle.
pub(crate) const DEFAULT_BUDGET: u64 = 10_000;

/// Techniques the teacher's path can use but that no dig of `docs/generator.md`'s measurement
/// left as a puzzle's hardest step (none in 20 s, release, one thread, thousands of attempts):
/// asking for one is refused up front rather than searched for in vain.
const TOO_RARE: &[Technique] = {
    use Technique::*;
    &[
        UniqueRectangle5,
        NakedQuad,
        Jellyfish,
        HiddenQuad,
        SashimiJellyfish,
        RemotePair,
        XCycle,
        NiceLoop,
        GroupedNiceLoop,
        ForcingXChain,
        ForcingYChain,
        ForcingXYChain,
        XYCycle,
        ContradictionForcingChain,
        DoubleForcingChain,
        DynamicForcingChainPlus,
        // On the path since it reaches SE's nested levels; not measured: it comes after the
        // dynamic forcing chains "+", which no dig left as a hardest step.
        NestedForcingChain,
    ]
};

/// A position for practising a technique: the teacher's next step there is `step`.
#[derive(Clone, Debug, PartialEq)]
pub struct Drill {
    /// The pencil-mark grid (givens, the digits the path placed so far, and the candidates it
    /// left) just before the step.
    pub position: PencilMarks,
    /// The step the teacher takes next from `position`: the first step of the puzzle's path
    /// whose technique is one of those asked for.
    pub step: Step,
    /// How many steps of the puzzle's path come before it.
    pub index: usize,
}

/// Whether `technique` can be targeted on `variant`'s layout, or why not: a guess is not a
/// technique, Sudoku Explainer's rating-only forms are never on the teacher's path, its
/// chaining engine knows only the standard houses, and a few techniques are too rare.
pub fn targetable(technique: Technique, variant: Variant) -> Result<(), GenerateError> {
    if technique == Technique::TrialAndError {
        return Err(Impossible::Guess.into());
    }
    if rank(technique).is_none() {
        return Err(Impossible::RatingOnly(technique).into());
    }
    if !variant.is_standard() && technique.standard_layout_only() {
        return Err(Impossible::StandardOnly(technique, variant).into());
    }
    if TOO_RARE.contains(&technique) {
        return Err(Impossible::TooRare(technique).into());
    }
    Ok(())
}

/// The place of `technique` in the teacher's order, if the path uses it at all.
fn rank(technique: Technique) -> Option<usize> {
    Teacher::techniques().iter().position(|&t| t == technique)
}

/// A validated technique target: the techniques asked for and the teacher's order up to the
/// hardest of them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TechniqueTarget {
    /// The techniques asked for, in the teacher's order, without repeats.
    wanted: Vec<Technique>,
    /// The teacher's order up to and including the hardest technique asked for.
    allowed: Vec<Technique>,
    /// Whether no technique asked for is a single: then a puzzle the singles solve fits the
    /// bound but is not yet on target, and needs no teacher to say so.
    beyond_singles: bool,
}

impl TechniqueTarget {
    /// The target for `techniques` on `variant` (`None` for none), or why it cannot be met.
    pub(crate) fn new(
        techniques: &[Technique],
        variant: Variant,
    ) -> Result<Option<TechniqueTarget>, GenerateError> {
        if techniques.is_empty() {
            return Ok(None);
        }
        for &t in techniques {
            targetable(t, variant)?;
        }
        let order = Teacher::techniques();
        let last = techniques
            .iter()
            .filter_map(|&t| rank(t))
            .max()
            .expect("targetable techniques have a rank");
        let allowed = order[..=last].to_vec();
        let wanted = order
            .iter()
            .copied()
            .filter(|t| techniques.contains(t))
            .collect();
        Ok(Some(TechniqueTarget {
            beyond_singles: techniques.iter().all(|t| t.family() != Family::Singles),
            wanted,
            allowed,
        }))
    }

    /// A short description, for messages: `technique X-Wing` or `technique X-Wing or
    /// Swordfish`.
    pub(crate) fn describe(&self) -> String {
        let mut names: Vec<&str> = self.wanted.iter().map(|t| t.name()).collect();
        names.dedup();
        format!("technique {}", names.join(" or "))
    }

    /// The teacher the target is checked with: the allowed techniques, no guess.
    pub(crate) fn teacher(&self) -> Teacher {
        Teacher::new()
            .with_techniques(self.allowed.iter().copied())
            .with_guesses(false)
    }

    /// Whether the dig may keep the puzzle (unique on `geo`'s layout): nothing harder than
    /// the hardest technique asked for, and once `found` (a kept puzzle was on target), still
    /// on target; sets `found` when it is. Singles are checked by the generator's own quick
    /// solver first: most removals of a dig leave a puzzle they solve.
    pub(crate) fn fits(
        &self,
        geo: &Geometry,
        teacher: &Teacher,
        found: &mut bool,
        puzzle: &[u8; 81],
    ) -> bool {
        if !*found
            && self.beyond_singles
            && grid::solves_with_singles(geo, puzzle, Singles::HiddenAndNaked)
        {
            return true;
        }
        let s = geo.puzzle(Sudoku::from_bytes(*puzzle).expect("digits 0-9"));
        let Some(path) = teacher.path(&s).ok().filter(Path::is_solved) else {
            return false;
        };
        let on = self
            .hardest(&path)
            .is_some_and(|t| self.wanted.contains(&t));
        *found |= on;
        on || !*found
    }

    /// The technique of a path's hardest step by the teacher's order (`None` for no step).
    fn hardest(&self, path: &Path) -> Option<Technique> {
        path.steps
            .iter()
            .filter_map(|s| self.allowed.iter().position(|&t| t == s.technique))
            .max()
            .map(|i| self.allowed[i])
    }

    /// The finished puzzle's path when it is on target (solved by the allowed techniques, its
    /// hardest step one of those asked for), with that technique.
    pub(crate) fn accepts(&self, teacher: &Teacher, puzzle: &Puzzle) -> Option<(Path, Technique)> {
        let path = teacher.path(puzzle).ok().filter(Path::is_solved)?;
        let hardest = self.hardest(&path)?;
        self.wanted.contains(&hardest).then_some((path, hardest))
    }

    /// The drill of an accepted path: the position before its first step of a technique asked
    /// for.
    pub(crate) fn drill(&self, path: &Path) -> Option<Drill> {
        let index = path
            .steps
            .iter()
            .position(|s| self.wanted.contains(&s.technique))?;
        let mut position = path.start.clone();
        for step in &path.steps[..index] {
            step.apply_to(&mut position);
        }
        Some(Drill {
            position,
            step: path.steps[index].clone(),
            index,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_and_rating_only_forms_are_not_targets() {
        for t in [
            Technique::TrialAndError,
            Technique::DirectPointing,
            Technique::Bug2,
        ] {
            assert!(targetable(t, Variant::STANDARD).is_err(), "{t:?}");
        }
        let x = Variant {
            diagonals: true,
            ..Variant::STANDARD
        };
        assert!(targetable(Technique::NishioForcingChain, x).is_err());
        assert!(targetable(Technique::XWing, x).is_ok());
    }

    #[test]
    fn the_bound_is_the_teachers_order_up_to_the_hardest_asked_for() {
        let t = TechniqueTarget::new(&[Technique::XWing, Technique::NakedPair], Variant::STANDARD)
            .unwrap()
            .unwrap();
        assert_eq!(t.wanted, &[Technique::NakedPair, Technique::XWing]);
        assert_eq!(t.allowed.last(), Some(&Technique::XWing));
        assert!(!t.allowed.contains(&Technique::HiddenPair));
        assert!(t.beyond_singles);
        let box_only = TechniqueTarget::new(&[Technique::HiddenSingleBox], Variant::STANDARD)
            .unwrap()
            .unwrap();
        assert!(!box_only.beyond_singles);
        assert_eq!(
            box_only.allowed,
            [Technique::FullHouse, Technique::HiddenSingleBox]
        );
    }
}
