//! Checking a player's own deduction: [`Teacher::check_step`](crate::Teacher::check_step).
//!
//! A [`Claim`] is what the player says they found: a technique and as much of its pattern as
//! they care to give (cells, houses, cover houses, digits, pattern candidates) and, if they
//! like, what it removes or places. The check runs the technique's own search on the position
//! (the catalogue's finder, or Sudoku Explainer's chaining engine for the forcing chains) and
//! looks for a step of that technique whose data contains everything the claim gives: each
//! claimed cell is one of the step's cells, each claimed digit one of its digits, and so on.
//! A minimal claim (`x-wing` on 4 in rows 2 and 6) is thereby filled in by the engine.
//!
//! The answer is a [`Verdict`]: valid, with the step found (its eliminations and placements are
//! what the deduction gives); a valid pattern that removes nothing; or not valid, with a reason
//! in plain words naming the cell, digit or house that breaks it. Reasons are specific where
//! the family makes them cheap and clear (singles, intersections, subsets, basic fish, wings:
//! the cell with other candidates, the digit's other places, the base cell outside the cover
//! set) and otherwise name what differs from the nearest step of that technique found.
//!
//! Everything is deterministic: the finders return their steps in a fixed order and the first
//! match wins.

use nonet_core::{
    Cell, CellSet, Conflict, Digit, DigitSet, House, HouseKind, Layout, PencilMarks, Solutions,
};

use crate::chains::forcing_chains_on;
use crate::observer::{Observer, Stopped};
use crate::path;
use crate::position::Position;
use crate::se::grid::{Geometry, Grid};
use crate::se::Memory;
use crate::step::{Candidate, Step};
use crate::technique::{Family, Technique};
use crate::techniques;

/// A deduction as a player states it: the technique and any part of its pattern. Empty fields
/// are left for the engine to fill in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Claim {
    /// The technique, or the techniques sharing one code (`hidden-single` is a hidden single
    /// in a box, a row or a column): a step of any of them matches.
    pub techniques: Vec<Technique>,
    /// Cells of the pattern.
    pub cells: CellSet,
    /// Houses of the pattern (a fish's base set, a subset's house...).
    pub houses: Vec<House>,
    /// Cover houses (a fish's cover set, the line of a pointing...).
    pub cover_houses: Vec<House>,
    /// Digits the pattern is about.
    pub digits: DigitSet,
    /// Candidates of the pattern.
    pub pattern: Vec<Candidate>,
    /// Candidates of the pattern in a second role (fins, a wing's pivot).
    pub secondary: Vec<Candidate>,
    /// Digits the player says the step places.
    pub placements: Vec<Candidate>,
    /// Candidates the player says the step removes.
    pub eliminations: Vec<Candidate>,
    /// Candidates the player's stated chain passes through ([`chain_candidates`] of its
    /// notation): each must be a node of the step's own chain.
    pub chain: Vec<Candidate>,
}

/// The single candidates written in a chain's notation (`5r1c1 = 5r1c7 - 3r1c7 ...`): each
/// digit written right before a cell's name. Group nodes (`5(r1c7,r1c8)`) and almost locked
/// sets are left out: a claim is matched on the candidates it names.
pub fn chain_candidates(notation: &str) -> Vec<Candidate> {
    let b = notation.as_bytes();
    let digit = |i: usize| {
        b.get(i)
            .filter(|c| (b'1'..=b'9').contains(c))
            .map(|c| c - b'0')
    };
    let mut out = Vec::new();
    for i in 0..b.len() {
        let (Some(d), Some(r), Some(c)) = (digit(i), digit(i + 2), digit(i + 4)) else {
            continue;
        };
        let before = i.checked_sub(1).map(|j| b[j]);
        if b.get(i + 1) == Some(&b'r')
            && b.get(i + 3) == Some(&b'c')
            && !before.is_some_and(|x| x.is_ascii_alphanumeric())
            && digit(i + 5).is_none()
        {
            let cand = Candidate::new(
                Cell::at(usize::from(r - 1), usize::from(c - 1)),
                Digit::from_index(usize::from(d - 1)),
            );
            if !out.contains(&cand) {
                out.push(cand);
            }
        }
    }
    out
}

impl Claim {
    /// A claim of `technique` with nothing else said.
    pub fn new(technique: Technique) -> Claim {
        Claim {
            techniques: vec![technique],
            ..Claim::default()
        }
    }

    /// A claim of every technique `code` names ([`Technique::named`]: a code such as `x-wing`
    /// or `hidden-single`, a name in any case such as `X-Wing`), or `None` when it names none.
    pub fn of_code(code: &str) -> Option<Claim> {
        Technique::named(code).ok().map(|techniques| Claim {
            techniques,
            ..Claim::default()
        })
    }

    /// Everything `step` says, as a claim (what `nonet explain --format json` prints for it,
    /// read back): a step checks as valid on the position it was found in.
    pub fn from_step(step: &Step) -> Claim {
        Claim {
            techniques: vec![step.technique],
            cells: step.cells,
            houses: step.houses.clone(),
            cover_houses: step.cover_houses.clone(),
            digits: step.digits,
            pattern: step.pattern.clone(),
            secondary: step.secondary.clone(),
            placements: step.placement.into_iter().collect(),
            eliminations: step.eliminations.iter().collect(),
            chain: step
                .notation()
                .map(|n| chain_candidates(&n))
                .unwrap_or_default(),
        }
    }

    /// Reads the one-candidate cells of a position read from a pencil-mark grid. A grid writes
    /// a cell with one candidate left as it writes a placed digit, so such a cell comes back
    /// placed; it is made a one-candidate cell again when its digit is still a candidate of
    /// one of its peers on the position's layout (a placed digit would have left them), or when
    /// the claim places that digit there or names it as a candidate of its pattern. A naked
    /// single, a pattern with a corner down to one candidate (a path without naked singles
    /// leaves such cells), and the position around them then check as `nonet explain --pencil`
    /// printed them.
    pub fn read_grid_singles(&self, pm: &mut PencilMarks) {
        let layout = pm.layout();
        // Decided on the position as read, then applied.
        let freed: Vec<(Cell, Digit)> = Cell::all()
            .filter_map(|c| pm.value(c).map(|d| (c, d)))
            .filter(|&(cell, d)| {
                let named = Candidate::new(cell, d);
                self.placements
                    .iter()
                    .chain(&self.pattern)
                    .chain(&self.secondary)
                    .chain(&self.chain)
                    .any(|&c| c == named)
                    || layout
                        .peers(cell)
                        .iter()
                        .any(|p| pm.value(p).is_none() && pm.candidates(p).contains(d))
            })
            .collect();
        for (cell, d) in freed {
            pm.set_candidates(cell, DigitSet::single(d));
        }
    }

    /// The technique's name for sentences ("X-Wing").
    fn name(&self) -> &'static str {
        self.techniques.first().map_or("step", |t| t.name())
    }

    /// Every cell the claim names: its cells and the cells of its pattern candidates.
    fn named_cells(&self) -> CellSet {
        let mut cells = self.cells;
        for c in self.pattern.iter().chain(&self.secondary) {
            cells.insert(c.cell);
        }
        cells
    }

    /// Every digit the claim names: its digits and those of its pattern candidates.
    fn named_digits(&self) -> DigitSet {
        let mut digits = self.digits;
        for c in self.pattern.iter().chain(&self.secondary) {
            digits.insert(c.digit);
        }
        digits
    }
}

/// What the check concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The deduction holds: [`Verdict::step`] is the step, with what it removes and places.
    Valid,
    /// The pattern is there, but it removes nothing in this position.
    RemovesNothing,
    /// The deduction does not hold: [`Verdict::reason`] says why.
    Invalid,
}

/// The answer to a claimed deduction.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Valid, valid but useless, or not valid.
    pub outcome: Outcome,
    /// For a valid step its explanation; otherwise why it fails, naming the cell, digit or
    /// house at fault.
    pub reason: String,
    /// The step the engine found for the claim, when there is one (its eliminations and
    /// placements are the deduction's).
    pub step: Option<Step>,
}

impl Verdict {
    /// Whether the deduction holds and changes something.
    pub fn is_valid(&self) -> bool {
        self.outcome == Outcome::Valid
    }

    fn invalid(reason: String) -> Verdict {
        Verdict {
            outcome: Outcome::Invalid,
            reason,
            step: None,
        }
    }
}

/// Why a claim cannot be checked at all (as opposed to a claim checked and found wrong).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// The position breaks a rule: a digit twice in a house.
    #[error("the position breaks a rule: {0}")]
    Conflict(Conflict),
    /// An empty cell of the position has no candidate left.
    #[error("the position is broken: {0} has no candidate left")]
    DeadCell(Cell),
    /// The claim names no technique.
    #[error("the claim names no technique")]
    NoTechnique,
    /// The technique is one the engine does not search for, so it cannot judge it.
    #[error("nonet cannot check a {0} step: its solver never searches for one")]
    Unsupported(Technique),
    /// A guess is not a deduction.
    #[error("trial and error is a guess, not a deduction: there is nothing to check")]
    Guess,
    /// The caller's observer stopped the check before it finished (its forcing chains' search).
    #[error("the check was stopped before it finished")]
    Stopped,
}

impl From<Stopped> for CheckError {
    fn from(_: Stopped) -> Self {
        CheckError::Stopped
    }
}

/// Checks `claim` on `pm` (made consistent first, as the teacher's `next_step` does) on its
/// layout, with the teacher's techniques.
pub(crate) fn check(
    uniqueness_allowed: bool,
    pm: &PencilMarks,
    claim: &Claim,
    obs: &Observer,
) -> Result<Verdict, CheckError> {
    if claim.techniques.is_empty() {
        return Err(CheckError::NoTechnique);
    }
    if claim.techniques.contains(&Technique::TrialAndError) {
        return Err(CheckError::Guess);
    }
    if let Some(&t) = claim.techniques.iter().find(|&&t| !searchable(t)) {
        return Err(CheckError::Unsupported(t));
    }
    pm.to_puzzle().check().map_err(CheckError::Conflict)?;
    let pm = path::normalize(pm);
    if let Some(cell) = Cell::all().find(|&c| pm.value(c).is_none() && pm.candidates(c).is_empty())
    {
        return Err(CheckError::DeadCell(cell));
    }
    let pos = Position::new(&pm);

    if claim.techniques.iter().any(|t| t.needs_uniqueness()) {
        let why = if !uniqueness_allowed {
            Some("uniqueness techniques are turned off".to_string())
        } else {
            match pm.to_puzzle().solutions() {
                Solutions::Unique(_) => None,
                Solutions::Multiple(_) => Some(
                    "the digits placed so far leave several solutions, and a uniqueness \
                     technique holds only when there is exactly one"
                        .to_string(),
                ),
                Solutions::None => Some(
                    "the digits placed so far leave no solution, and a uniqueness technique \
                     holds only when there is exactly one"
                        .to_string(),
                ),
            }
        };
        if let Some(why) = why {
            return Ok(Verdict::invalid(format!(
                "not {}: {why}",
                article(claim.name())
            )));
        }
    }

    // A result the claim names on a candidate that is not there is said at once: no step
    // found could give it, and the search for a stated chain can take most of a minute. (Not
    // so its pattern: a chain's holds candidates its links removed.)
    if let Some(reason) = missing_results(&pos, claim) {
        return Ok(Verdict::invalid(reason));
    }
    let found = found_steps(&pm, &pos, claim, obs)?;
    let matching: Vec<&Step> = found.iter().filter(|s| matches(claim, s)).collect();
    // The first matching step that gives everything claimed (and changes something) wins.
    if let Some(step) = matching.iter().find(|s| proves(claim, s)) {
        let mut step = (*step).clone();
        if step.difficulty.is_none() {
            step.difficulty = Some(crate::difficulty::difficulty(&step));
        }
        return Ok(Verdict {
            outcome: Outcome::Valid,
            reason: format!(
                "{}. {}",
                found_summary(&step, pm.layout()),
                step.explanation(pm.layout())
            ),
            step: Some(step),
        });
    }
    // The nearest productive match: the one touching most of the claimed results' cells.
    let touching = |s: &Step| {
        let cells: CellSet = s
            .placement
            .map(|c| c.cell)
            .into_iter()
            .chain(s.eliminations.cells())
            .collect();
        claim
            .placements
            .iter()
            .chain(&claim.eliminations)
            .filter(|c| cells.contains(c.cell))
            .count()
    };
    let best = matching
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_productive())
        .max_by_key(|(i, s)| (touching(s), std::cmp::Reverse(*i)))
        .map(|(_, s)| s);
    if let Some(step) = best {
        // What is wrong with the claim itself comes first (a candidate that is not there, the
        // family's own reason); only then the result the claim gets wrong.
        let family = || match family_reason(&pos, claim) {
            Some(Verdict {
                outcome: Outcome::Invalid,
                reason,
                ..
            }) => Some(reason),
            _ => None,
        };
        let reason = facts(&pos, claim)
            .or_else(family)
            .unwrap_or_else(|| not_given(claim, step));
        return Ok(Verdict::invalid(reason));
    }
    if let Some(step) = matching.first() {
        // The pattern is shown only when the claim named it: otherwise it would give away a
        // pattern the player did not find.
        let shown = names_all_of(claim, step).then(|| (*step).clone());
        return Ok(removes_nothing(claim, shown));
    }
    // No step of the technique contains the claim: say what is wrong with it, from the most
    // concrete (a candidate that is not there) to the most general.
    if let Some(reason) = facts(&pos, claim) {
        return Ok(Verdict::invalid(reason));
    }
    if let Some(v) = family_reason(&pos, claim) {
        return Ok(v);
    }
    Ok(Verdict::invalid(nearest_reason(claim, &found, pm.layout())))
}

/// Whether the engine searches for `t` (the catalogue's finders, or the chaining engine).
fn searchable(t: Technique) -> bool {
    !matches!(t.entry().search, techniques::Search::Elsewhere)
        || path::forcing_techniques().contains(&t)
}

/// Every step of the claimed techniques the engine finds on `pos`, productive or not, in the
/// finders' order (then the chaining engine's, for the forcing chains).
fn found_steps(
    pm: &PencilMarks,
    pos: &Position,
    claim: &Claim,
    obs: &Observer,
) -> Result<Vec<Step>, Stopped> {
    let mut steps: Vec<Step> = Vec::new();
    // One search per group of techniques found together (an X-Chain search also finds
    // X-Cycles): each claimed technique keeps its own steps of it.
    let mut searched: Vec<Option<techniques::Group>> = Vec::new();
    for &t in &claim.techniques {
        let group = techniques::group(t);
        if group.is_some() && searched.contains(&group) {
            continue;
        }
        searched.push(group);
        steps.extend(
            techniques::find_family(t, pos)
                .into_iter()
                .filter(|s| claim.techniques.contains(&s.technique)),
        );
    }
    steps.dedup();
    steps = with_every_full_house(pos, steps);
    let forcing = path::forcing_techniques();
    if claim.techniques.iter().any(|t| forcing.contains(t)) {
        steps.extend(forcing_steps(pm, pos, claim, obs)?);
    }
    Ok(steps)
}

/// `steps` with each full house also under the cell's other complete houses: the finder names
/// a cell's full house once (under its first house), and a player may name any of them.
fn with_every_full_house(pos: &Position, steps: Vec<Step>) -> Vec<Step> {
    let mut out = Vec::with_capacity(steps.len());
    for s in steps {
        let more: Vec<Step> = match (s.technique, s.placement, s.houses.first()) {
            (Technique::FullHouse, Some(p), Some(&first)) => pos
                .layout()
                .all_houses_of(p.cell)
                .iter()
                .filter(|&&h| {
                    h != first
                        && (pos.house_cells(h) & pos.empty_cells()) == CellSet::single(p.cell)
                })
                .map(|&h| {
                    let mut other = s.clone();
                    other.cells = pos.house_cells(h);
                    other.houses = vec![h];
                    other
                })
                .collect(),
            _ => Vec::new(),
        };
        out.push(s);
        out.extend(more);
    }
    out
}

/// The chaining engine's step at each level that may give a claimed technique, run as the path
/// runs it (levels in order, one shared memory).
fn forcing_steps(
    pm: &PencilMarks,
    pos: &Position,
    claim: &Claim,
    obs: &Observer,
) -> Result<Vec<Step>, Stopped> {
    if !pos.is_standard() {
        return Ok(techniques::forcing::contradiction_chain(pos)
            .into_iter()
            .filter(|s| claim.techniques.contains(&s.technique))
            .collect());
    }
    let levels = path::forcing_levels_for(pm);
    let last = levels
        .iter()
        .rposition(|(_, ts)| ts.iter().any(|t| claim.techniques.contains(t)));
    let Some(last) = last else {
        return Ok(Vec::new());
    };
    let g = Grid::new(Geometry::standard(), pos.board().clone());
    let mut memory = Memory::new();
    let mut out = Vec::new();
    for &(level, _) in &levels[..=last] {
        obs.check()?;
        if let Some(mut s) = forcing_chains_on(&g, level, &mut memory, obs)? {
            if claim.techniques.contains(&s.technique) {
                if s.difficulty.is_none() {
                    s.difficulty = Some(crate::difficulty::difficulty(&s));
                }
                // A step that proves the claim is the verdict: the dearer levels after it
                // could only add steps that lose to it (the nested chain the hint names took
                // 35 s to check, searching every nested level, against 0.05 s to find).
                let done = proves(claim, &s);
                out.push(s);
                if done {
                    break;
                }
            }
        }
    }
    Ok(out)
}

/// Whether `step` proves `claim`: it matches it, changes something, and gives every result
/// the claim says it gives.
fn proves(claim: &Claim, step: &Step) -> bool {
    matches(claim, step)
        && step.is_productive()
        && claim
            .eliminations
            .iter()
            .all(|&e| step.eliminations.contains(e))
        && claim.placements.iter().all(|&p| step.placement == Some(p))
}

/// Whether every part of the claim is part of `step`. A single claimed in one cell is the
/// single that places there, not any of its house: "a Hidden Single in r5c5" is not made
/// valid by the one in r3c5 that shares its column (a claim naming the house's cells, as a
/// step's own data does, still matches).
fn matches(claim: &Claim, step: &Step) -> bool {
    let cells = match (step.technique.family(), step.placement) {
        (Family::Singles, Some(p)) if claim.cells.len() == 1 => CellSet::single(p.cell),
        _ => step.cells,
    };
    claim.techniques.contains(&step.technique)
        && claim.cells.difference(cells).is_empty()
        && claim.houses.iter().all(|h| step.houses.contains(h))
        && claim
            .cover_houses
            .iter()
            .all(|h| step.cover_houses.contains(h))
        && claim.digits.difference(step.digits).is_empty()
        && claim.pattern.iter().all(|c| step.pattern.contains(c))
        && claim.secondary.iter().all(|c| step.secondary.contains(c))
        && (claim.chain.is_empty() || {
            let nodes = step
                .notation()
                .map(|n| chain_candidates(&n))
                .unwrap_or_default();
            claim.chain.iter().all(|c| nodes.contains(c))
        })
}

/// Whether the claim names all of `step`'s pattern: every cell of it, or its houses and
/// digits (which determine a fish, a subset, an intersection). Only then may a reason say
/// what the step does: otherwise it would show the player a pattern they did not name.
fn names_all_of(claim: &Claim, step: &Step) -> bool {
    step.cells.difference(claim.named_cells()).is_empty()
        || (!step.houses.is_empty()
            && step.houses.iter().all(|h| claim.houses.contains(h))
            && step.digits.difference(claim.named_digits()).is_empty())
}

/// The first claimed elimination or placement that the matching `step` does not give, with
/// what the step gives instead when the claim names the whole pattern.
fn not_given(claim: &Claim, step: &Step) -> String {
    let gives = if names_all_of(claim, step) {
        format!(": it {}", describe_result(step))
    } else {
        String::new()
    };
    if let Some(e) = claim
        .eliminations
        .iter()
        .find(|&&e| !step.eliminations.contains(e))
    {
        return format!(
            "the {} does not remove {} from {}{gives}",
            claim.name(),
            e.digit,
            e.cell
        );
    }
    if let Some(p) = claim
        .placements
        .iter()
        .find(|&&p| step.placement != Some(p))
    {
        return format!(
            "the {} does not place {} in {}{gives}",
            claim.name(),
            p.digit,
            p.cell
        );
    }
    format!("the {} does not give all it claims{gives}", claim.name())
}

/// "removes 4 from r5c1 and r6c6" / "places 7 in r9c3" / "removes 2 from r1c1; 5 from r1c1
/// and r2c3".
fn describe_result(step: &Step) -> String {
    let mut parts = Vec::new();
    if let Some(p) = step.placement {
        parts.push(format!("places {} in {}", p.digit, p.cell));
    }
    if !step.eliminations.is_empty() {
        let by_digit: Vec<String> = step
            .eliminations
            .digits()
            .iter()
            .map(|d| format!("{d} from {}", cells_list(step.eliminations.cells_of(d))))
            .collect();
        parts.push(format!("removes {}", by_digit.join("; ")));
    }
    if parts.is_empty() {
        "removes nothing".to_string()
    } else {
        parts.join(" and ")
    }
}

/// The step found, named by its parts and its result: "an X-Wing on 4 in rows 2 and 6, over
/// columns 3 and 7 (r2c3, r2c7, r6c3 and r6c7): it removes 4 from r5c3 and r8c7".
fn found_summary(step: &Step, layout: &Layout) -> String {
    let mut s = article(step.technique.name());
    if !step.digits.is_empty() {
        s += &format!(" on {}", list(step.digits.iter().map(|d| d.to_string())));
    }
    if !step.houses.is_empty() {
        s += &format!(
            " in {}",
            list(step.houses.iter().map(|&h| layout.name(h).to_string()))
        );
    }
    if !step.cover_houses.is_empty() {
        s += &format!(
            ", over {}",
            list(
                step.cover_houses
                    .iter()
                    .map(|&h| layout.name(h).to_string())
            )
        );
    }
    // The pattern's own cells (a hidden single's cell, not its whole house), else its cells.
    let pattern: CellSet = step
        .pattern
        .iter()
        .chain(&step.secondary)
        .map(|c| c.cell)
        .collect();
    let cells = if pattern.is_empty() {
        step.cells
    } else {
        pattern
    };
    if !cells.is_empty() {
        s += &format!(" ({})", cells_list(cells));
    }
    format!("{s}: it {}", describe_result(step))
}

fn removes_nothing(claim: &Claim, step: Option<Step>) -> Verdict {
    Verdict {
        outcome: Outcome::RemovesNothing,
        reason: format!(
            "a valid {} pattern, but it removes nothing in this position",
            claim.name()
        ),
        step,
    }
}

/// The first candidate of the claim's pattern (its second role and its stated chain too) that
/// is not on the position. (Its placements and eliminations were looked at before the search:
/// `missing_results`.)
fn facts(pos: &Position, claim: &Claim) -> Option<String> {
    claim
        .pattern
        .iter()
        .chain(&claim.secondary)
        .chain(&claim.chain)
        .find_map(|c| missing(pos, c))
}

/// Why candidate `c` is not on `pos`, if it is not.
fn missing(pos: &Position, c: &Candidate) -> Option<String> {
    match pos.value(c.cell) {
        Some(v) => Some(format!("{} is already solved ({v})", c.cell)),
        None if !pos.has(c.cell, c.digit) => Some(format!(
            "{} does not hold {} (its candidates are {})",
            c.cell,
            c.digit,
            digits(pos.cands(c.cell))
        )),
        None => None,
    }
}

/// Why a placement or an elimination the claim names cannot be: its candidate is not there.
fn missing_results(pos: &Position, claim: &Claim) -> Option<String> {
    for p in &claim.placements {
        if let Some(why) = missing(pos, p) {
            return Some(why);
        }
    }
    for e in &claim.eliminations {
        if let Some(why) = missing(pos, e) {
            return Some(format!("{why}, so {} cannot be removed from it", e.digit));
        }
    }
    None
}

/// A reason specific to the claim's family, when the claim says enough for one.
fn family_reason(pos: &Position, claim: &Claim) -> Option<Verdict> {
    let t = claim.techniques[0];
    let reason = match t {
        Technique::FullHouse
        | Technique::HiddenSingleBox
        | Technique::HiddenSingleRow
        | Technique::HiddenSingleColumn
        | Technique::NakedSingle => single_reason(pos, claim),
        Technique::Pointing | Technique::Claiming => intersection_reason(pos, claim),
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            naked_reason(pos, claim, t, subset_size(t))
        }
        Technique::LockedPair | Technique::LockedTriple => {
            naked_reason(pos, claim, t, subset_size(t))
        }
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            hidden_reason(pos, claim, t, subset_size(t))
        }
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            fish_reason(pos, claim, t, subset_size(t))
        }
        Technique::XYWing | Technique::XYZWing | Technique::WWing => wing_reason(pos, claim, t),
        _ => None,
    }?;
    Some(match reason {
        Reason::Invalid(r) => Verdict::invalid(r),
        Reason::RemovesNothing => removes_nothing(claim, None),
    })
}

/// A family's finding: the pattern is broken (why), or it holds but removes nothing.
enum Reason {
    Invalid(String),
    RemovesNothing,
}

fn subset_size(t: Technique) -> usize {
    use Technique::*;
    match t {
        NakedPair | HiddenPair | LockedPair | XWing => 2,
        NakedTriple | HiddenTriple | LockedTriple | Swordfish => 3,
        _ => 4,
    }
}

/// The cell a single is about and its digit if the claim gives one: its placement, else its
/// one pattern candidate, else its one cell (and one digit).
fn single_target(claim: &Claim) -> Option<(Cell, Option<Digit>)> {
    if let Some(p) = claim.placements.first() {
        return Some((p.cell, Some(p.digit)));
    }
    if let [c] = claim.pattern.as_slice() {
        return Some((c.cell, Some(c.digit)));
    }
    let cell = (claim.cells.len() == 1)
        .then(|| claim.cells.first())
        .flatten()?;
    Some((cell, claim.digits.single_digit()))
}

fn single_reason(pos: &Position, claim: &Claim) -> Option<Reason> {
    let (cell, digit) = single_target(claim)?;
    let t = claim.techniques[0];
    if t == Technique::NakedSingle {
        let cands = pos.cands(cell);
        return (cands.len() > 1).then(|| {
            Reason::Invalid(format!(
                "{cell} has candidates {}: a naked single needs one candidate left",
                digits(cands)
            ))
        });
    }
    let kinds: Vec<HouseKind> = claim
        .techniques
        .iter()
        .filter_map(|t| match t {
            Technique::HiddenSingleBox => Some(HouseKind::Box),
            Technique::HiddenSingleRow => Some(HouseKind::Row),
            Technique::HiddenSingleColumn => Some(HouseKind::Column),
            _ => None,
        })
        .collect();
    // The houses to look at: those claimed, else the cell's houses of the technique's kinds
    // (a full house: every house of the cell).
    let houses: Vec<House> = if claim.houses.is_empty() {
        pos.layout()
            .all_houses_of(cell)
            .iter()
            .copied()
            .filter(|h| {
                t == Technique::FullHouse
                    || kinds.contains(&h.kind())
                    || (h.kind() == HouseKind::Region && kinds.contains(&HouseKind::Box))
            })
            .collect()
    } else {
        claim.houses.clone()
    };
    let mut reasons = Vec::new();
    for &h in &houses {
        let hn = pos.layout().name(h);
        let cells = pos.house_cells(h);
        if !cells.contains(cell) {
            reasons.push(format!("{cell} is not in {hn}"));
            continue;
        }
        let others = if t == Technique::FullHouse {
            (cells & pos.empty_cells()).difference(CellSet::single(cell))
        } else {
            pos.cells_in(digit?, h).difference(CellSet::single(cell))
        };
        if others.is_empty() {
            return None;
        }
        reasons.push(if t == Technique::FullHouse {
            format!("{hn} has other empty cells: {}", cells_list(others))
        } else {
            format!(
                "{} has other places in {hn}: {}",
                digit?,
                cells_list(others)
            )
        });
    }
    (!reasons.is_empty()).then(|| {
        Reason::Invalid(format!(
            "{}: not {}",
            reasons.join("; "),
            article(claim.name())
        ))
    })
}

fn intersection_reason(pos: &Position, claim: &Claim) -> Option<Reason> {
    let digit = claim.named_digits().single_digit()?;
    let pointing = claim.techniques[0] == Technique::Pointing;
    let base = match claim.houses.first() {
        Some(&h) => h,
        // Without a house, the box (pointing) or line (claiming) the claimed cells share.
        None => {
            let cells = claim.named_cells();
            if cells.is_empty() {
                return None;
            }
            pos.common_houses(cells).find(|h| {
                (h.kind() == HouseKind::Row || h.kind() == HouseKind::Column) != pointing
            })?
        }
    };
    let base_n = pos.layout().name(base);
    let places = pos.cells_in(digit, base);
    if places.is_empty() {
        return Some(Reason::Invalid(no_place(pos, digit, base)));
    }
    if let Some(c) = claim.named_cells().difference(places).first() {
        return Some(Reason::Invalid(format!(
            "{c} is not a place of {digit} in {base_n} (those are {})",
            cells_list(places)
        )));
    }
    if let Some(&cover) = claim.cover_houses.first() {
        let cover_n = pos.layout().name(cover);
        let outside = places.difference(pos.house_cells(cover));
        if let Some(c) = outside.first() {
            return Some(Reason::Invalid(format!(
                "{c} also holds {digit}, outside {cover_n}: {digit} in {base_n} is not confined to \
                 {cover_n}"
            )));
        }
    }
    let confined = pos
        .common_houses(places)
        .any(|h| h != base && h.kind() != base.kind());
    if !confined {
        return Some(Reason::Invalid(format!(
            "{digit} in {base_n} lies in {}, which share no {}: not {}",
            cells_list(places),
            if pointing { "row or column" } else { "box" },
            article(claim.name())
        )));
    }
    // Confined: the pattern holds, and it matched no productive step.
    Some(Reason::RemovesNothing)
}

fn naked_reason(pos: &Position, claim: &Claim, t: Technique, n: usize) -> Option<Reason> {
    let cells = claim.named_cells();
    if cells.is_empty() {
        return None;
    }
    let name = t.name();
    let a_name = article(name);
    if cells.len() != n {
        return Some(Reason::Invalid(format!(
            "{a_name} needs {n} cells; the claim names {}: {}",
            cells.len(),
            cells_list(cells)
        )));
    }
    if let Some(c) = cells.iter().find(|&c| pos.value(c).is_some()) {
        return Some(Reason::Invalid(format!("{c} is already solved")));
    }
    if pos.common_house(cells).is_none() {
        return Some(Reason::Invalid(format!(
            "{} share no house: not {a_name}",
            cells_list(cells)
        )));
    }
    let union = pos.cands_of(cells);
    let claimed = claim.named_digits();
    if claimed.len() == n {
        if let Some(c) = cells
            .iter()
            .find(|&c| !pos.cands(c).difference(claimed).is_empty())
        {
            let extra = pos.cands(c).difference(claimed);
            return Some(Reason::Invalid(format!(
                "{c} has candidates {}: {} is not one of the {name}'s digits {}",
                digits(pos.cands(c)),
                digits(extra),
                digits(claimed)
            )));
        }
    }
    if union.len() > n {
        // The cell with the most candidates is the one to blame.
        let c = cells.iter().max_by_key(|&c| pos.cands(c).len())?;
        return Some(Reason::Invalid(format!(
            "{c} has candidates {}: {a_name} needs {n} cells with only {n} candidates between \
             them, and {} hold {}",
            digits(pos.cands(c)),
            cells_list(cells),
            digits(union)
        )));
    }
    if matches!(t, Technique::LockedPair | Technique::LockedTriple)
        && !pos.common_houses(cells).any(|h| h.kind() == HouseKind::Box)
    {
        return Some(Reason::Invalid(format!(
            "{} are not in one box: a locked set lies where a box and a line meet",
            cells_list(cells)
        )));
    }
    Some(Reason::RemovesNothing)
}

fn hidden_reason(pos: &Position, claim: &Claim, t: Technique, n: usize) -> Option<Reason> {
    let name = t.name();
    let a_name = article(name);
    let digits_claimed = claim.named_digits();
    let cells = claim.named_cells();
    let house = match claim.houses.first() {
        Some(&h) => h,
        None if !cells.is_empty() => pos.common_house(cells)?,
        None => return None,
    };
    let house_n = pos.layout().name(house);
    if !digits_claimed.is_empty() && digits_claimed.len() != n {
        return Some(Reason::Invalid(format!(
            "{a_name} needs {n} digits; the claim names {}",
            digits(digits_claimed)
        )));
    }
    if let Some(c) = cells.iter().find(|&c| !pos.house_cells(house).contains(c)) {
        return Some(Reason::Invalid(format!("{c} is not in {house_n}")));
    }
    if digits_claimed.len() != n {
        return None;
    }
    let mut places = CellSet::EMPTY;
    for d in digits_claimed {
        let p = pos.cells_in(d, house);
        if p.is_empty() {
            return Some(Reason::Invalid(no_place(pos, d, house)));
        }
        if cells.len() == n {
            if let Some(c) = p.difference(cells).first() {
                return Some(Reason::Invalid(format!(
                    "{d} also lies in {c} in {house_n}: the {name}'s digits {} must be confined \
                     to {}",
                    digits(digits_claimed),
                    cells_list(cells)
                )));
            }
        }
        places = places.union(p);
    }
    if let Some(c) = cells.difference(places).first() {
        return Some(Reason::Invalid(format!(
            "{c} holds none of {} in {house_n}: it is not part of the {name}",
            digits(digits_claimed)
        )));
    }
    if places.len() > n {
        return Some(Reason::Invalid(format!(
            "in {house_n}, {} lie in {} cells ({}): {a_name} needs {n}",
            digits(digits_claimed),
            places.len(),
            cells_list(places)
        )));
    }
    Some(Reason::RemovesNothing)
}

/// The line across `line` through `cell` (a row's cell's column, a column's cell's row).
fn cross_line(line: House, cell: Cell) -> House {
    if line.kind() == HouseKind::Row {
        House::column(cell.col())
    } else {
        House::row(cell.row())
    }
}

fn fish_reason(pos: &Position, claim: &Claim, t: Technique, n: usize) -> Option<Reason> {
    let digit = claim.named_digits().single_digit()?;
    let a_name = article(t.name());
    let cells = claim.named_cells();
    if let Some(c) = cells.iter().find(|&c| !pos.has(c, digit)) {
        return Some(Reason::Invalid(match pos.value(c) {
            Some(v) => format!("{c} is already solved ({v})"),
            None => format!(
                "{c} does not hold {digit} (its candidates are {}): it cannot be a corner of \
                 {a_name} on {digit}",
                digits(pos.cands(c))
            ),
        }));
    }
    if !claim.houses.is_empty() {
        return fish_reason_on(pos, claim, t, n, digit, &claim.houses, &claim.cover_houses);
    }
    // Only cells (the game sends the cells the player marked): the base lines are their rows
    // or their columns, whichever are n; a fish holds if either does.
    if cells.is_empty() {
        return None;
    }
    let rows: Vec<House> = line_set(cells, HouseKind::Row);
    let cols: Vec<House> = line_set(cells, HouseKind::Column);
    if rows.len() > n && cols.len() > n {
        return Some(Reason::Invalid(format!(
            "{a_name} lies in {n} rows and {n} columns; {} lie in {} rows and {} columns",
            cells_list(cells),
            rows.len(),
            cols.len()
        )));
    }
    let mut first = None;
    for (base, cover) in [(&rows, &cols), (&cols, &rows)] {
        if base.len() != n {
            continue;
        }
        // The cells' other lines are the cover the player means, when there are n of them.
        let cover = if cover.len() == n {
            cover.as_slice()
        } else {
            claim.cover_houses.as_slice()
        };
        match fish_reason_on(pos, claim, t, n, digit, base, cover) {
            Some(Reason::Invalid(r)) => first = first.or(Some(r)),
            other => return other,
        }
    }
    first.map(Reason::Invalid)
}

/// The distinct lines of `kind` through `cells`, in order.
fn line_set(cells: CellSet, kind: HouseKind) -> Vec<House> {
    let mut lines: Vec<House> = cells
        .iter()
        .map(|c| match kind {
            HouseKind::Row => House::row(c.row()),
            _ => House::column(c.col()),
        })
        .collect();
    lines.sort();
    lines.dedup();
    lines
}

/// [`fish_reason`] on the base lines `base` and, when the claim gives them, the cover lines
/// `cover`. Every reason speaks of the claimed lines only (a candidate in one of them, how many
/// lines they spread over), never of a fish elsewhere.
fn fish_reason_on(
    pos: &Position,
    claim: &Claim,
    t: Technique,
    n: usize,
    digit: Digit,
    base: &[House],
    cover: &[House],
) -> Option<Reason> {
    let name = t.name();
    let a_name = article(name);
    let kind = base[0].kind();
    if !matches!(kind, HouseKind::Row | HouseKind::Column) || base.iter().any(|h| h.kind() != kind)
    {
        return Some(Reason::Invalid(format!(
            "{a_name}'s base set is {n} rows or {n} columns; the claim gives {}",
            list(base.iter().map(|&h| pos.layout().name(h).to_string()))
        )));
    }
    if base.len() != n {
        return Some(Reason::Invalid(format!(
            "{a_name} has {n} base lines; the claim gives {}",
            base.len()
        )));
    }
    let base_list = list(base.iter().map(|&h| pos.layout().name(h).to_string()));
    if let Some(c) = claim
        .named_cells()
        .iter()
        .find(|&c| !base.iter().any(|&b| pos.house_cells(b).contains(c)))
    {
        return Some(Reason::Invalid(format!(
            "{c} is not in the base set ({base_list})"
        )));
    }
    let mut covers: Vec<House> = Vec::new();
    let mut places = CellSet::EMPTY;
    for &b in base {
        let p = pos.cells_in(digit, b);
        if p.is_empty() {
            return Some(Reason::Invalid(format!(
                "{digit} has no place left in {}: it cannot be a base line of {a_name}",
                pos.layout().name(b)
            )));
        }
        places = places.union(p);
        for c in p {
            let cross = cross_line(b, c);
            if !covers.contains(&cross) {
                covers.push(cross);
            }
        }
    }
    covers.sort();
    if !cover.is_empty() {
        if let Some(c) = places
            .iter()
            .find(|&c| !cover.iter().any(|&h| pos.house_cells(h).contains(c)))
        {
            return Some(Reason::Invalid(format!(
                "{c} also holds {digit}, outside {}: {base_list} are not the base set of \
                 {a_name} on {digit}",
                list(cover.iter().map(|&h| pos.layout().name(h).to_string()))
            )));
        }
    }
    if covers.len() > n {
        // Blame the base cell whose cover line holds the fewest of the base's candidates.
        let c = places.iter().min_by_key(|&c| {
            let cross = cross_line(base[0], c);
            (pos.house_cells(cross) & places).len()
        })?;
        return Some(Reason::Invalid(format!(
            "{c} also holds {digit}: in {base_list}, {digit} lies in {} {}s where {a_name} \
             needs {n}, so they are not its base set",
            covers.len(),
            covers[0].kind().name(),
        )));
    }
    Some(Reason::RemovesNothing)
}

fn wing_reason(pos: &Position, claim: &Claim, t: Technique) -> Option<Reason> {
    let cells = claim.named_cells();
    if cells.is_empty() {
        return None;
    }
    if let Some(c) = cells.iter().find(|&c| pos.value(c).is_some()) {
        return Some(Reason::Invalid(format!("{c} is already solved")));
    }
    let name = t.name();
    let a_name = article(name);
    let (what, ok): (&str, fn(usize) -> bool) = match t {
        Technique::XYZWing => (
            "a pivot with three candidates and two pincers with two",
            |n| n == 2 || n == 3,
        ),
        Technique::XYWing => ("three cells with two candidates each", |n| n == 2),
        // A W-Wing's claimed cells may include those of its strong link: only its two bivalue
        // ends are checked, by the finder.
        _ => return None,
    };
    let bad = cells.iter().find(|&c| !ok(pos.cands(c).len()))?;
    Some(Reason::Invalid(format!(
        "{bad} has {} candidates ({}): {a_name} is made of {what}",
        pos.cands(bad).len(),
        digits(pos.cands(bad))
    )))
}

/// The reason when nothing else says more: no step of the technique at all, or the first part
/// of the claim that no step of it found here has. It names only what the player named: the
/// steps found are never described, as that would show a pattern the player did not claim.
fn nearest_reason(claim: &Claim, found: &[Step], layout: &Layout) -> String {
    let name = claim.name();
    if found.is_empty() {
        return format!("there is no {name} in this position");
    }
    let none_has = |part: &dyn Fn(&Step) -> bool| !found.iter().any(part);
    let what = if let Some(d) = claim
        .named_digits()
        .iter()
        .find(|&d| none_has(&|s: &Step| s.digits.contains(d)))
    {
        format!("none is on {d}")
    } else if let Some(c) = claim
        .named_cells()
        .iter()
        .find(|&c| none_has(&|s: &Step| s.cells.contains(c)))
    {
        format!("none uses {c}")
    } else if let Some(h) = claim
        .houses
        .iter()
        .find(|h| none_has(&|s: &Step| s.houses.contains(h)))
    {
        format!("none lies in {}", layout.name(*h))
    } else if let Some(h) = claim
        .cover_houses
        .iter()
        .find(|h| none_has(&|s: &Step| s.cover_houses.contains(h)))
    {
        format!("none is covered by {}", layout.name(*h))
    } else {
        "none has all of the parts claimed together".to_string()
    };
    format!("no {name} in this position matches the claim: {what}")
}

/// Why `d` has no place in `house`: placed there already (in which cell), or ruled out of
/// every empty cell.
fn no_place(pos: &Position, d: Digit, house: House) -> String {
    let name = pos.layout().name(house);
    match pos
        .house_cells(house)
        .difference(pos.empty_cells())
        .iter()
        .find(|&c| pos.value(c) == Some(d))
    {
        Some(c) => format!("{d} is placed in {name} already ({c})"),
        None => format!("{d} has no place left in {name}: no empty cell of it can hold {d}"),
    }
}

/// The name with its indefinite article: "a Naked Pair", "an X-Wing", "an AIC".
fn article(name: &str) -> String {
    let first = name.chars().next().unwrap_or(' ').to_ascii_uppercase();
    if matches!(first, 'A' | 'E' | 'I' | 'O' | 'X') {
        format!("an {name}")
    } else {
        format!("a {name}")
    }
}

/// Digits as `1,7,9`.
fn digits(set: DigitSet) -> String {
    set.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Cells as `r1c1, r1c5 and r1c9`.
fn cells_list(cells: CellSet) -> String {
    list(cells.iter().map(|c| c.to_string()))
}

/// Items as `a`, `a and b`, `a, b and c`.
fn list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
