//! Aligned pair and triplet exclusion.
//!
//! Take two (or three) cells and try every combination of their candidates. A combination is
//! impossible when two cells that see each other get the same digit, or when it empties an
//! almost locked set: a set of N cells with N+1 digits that would lose two digits because each
//! is placed in a cell seeing all of the set's cells with that digit (a bivalue cell is the
//! smallest such set). A candidate that appears in no possible combination is false.
//!
//! [`allowed`] is the one test of a group of cells, run by the teacher here and by Sudoku
//! Explainer's producers (`crate::se::exclusion`): each face chooses its groups and their
//! excluding sets (the teacher: small almost locked sets; SE: the cells of two or three
//! candidates that see every cell of the group) and builds its own step.

use nonet_core::{Cell, CellSet, Digit, DigitSet};

use super::als::Als;
use crate::board::{bits16, pop9};
use crate::position::Position;
use crate::step::{Candidate, Step};
use crate::technique::Technique;

/// Aligned exclusion over `size` (2 or 3) cells.
pub fn aligned_exclusion(pos: &Position, size: usize) -> Vec<Step> {
    let technique = if size == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripletExclusion
    };
    // Small sets only (three cells for pairs, two for triplets): a large ALS is rarely
    // emptied by two or three cells, and the search stays fast.
    let max = if size == 2 { 3 } else { 2 };
    let als: Vec<&Als> = pos.als().iter().filter(|a| a.cells.len() <= max).collect();
    let cells: Vec<Cell> = pos
        .empty_cells()
        .iter()
        .filter(|&c| pos.cands(c).len() >= 2)
        .collect();
    // For each cell, the ALSs it can take a digit from (as a bitset over `als`), with the
    // digits it would kill. An ALS matters to a group only if two of its cells can hit it.
    let words = als.len().div_ceil(64);
    let mut hits: Vec<Vec<u64>> = vec![vec![0; words]; 81];
    // kills[k][cell]: the digits of ALS k that a digit placed in `cell` would remove.
    let mut kills: Vec<[DigitSet; 81]> = vec![[DigitSet::EMPTY; 81]; als.len()];
    for (k, a) in als.iter().enumerate() {
        for &g in &cells {
            if a.cells.contains(g) {
                continue;
            }
            let kill: DigitSet = (a.digits & pos.cands(g))
                .iter()
                .filter(|d| a.digit_cells[d.index()].difference(pos.peers(g)).is_empty())
                .collect();
            kills[k][g.index()] = kill;
            if !kill.is_empty() {
                hits[g.index()][k / 64] |= 1 << (k % 64);
            }
        }
    }
    let mut out = Vec::new();
    let mut relevant = vec![0u64; words];
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate().skip(i + 1) {
            if size == 2 {
                if pos.sees(a, b) {
                    for w in 0..words {
                        relevant[w] = hits[a.index()][w] & hits[b.index()][w];
                    }
                    if let Some(s) = exclude(pos, &[a, b], &als, &kills, &relevant, technique) {
                        out.push(s);
                    }
                }
                continue;
            }
            let ab = pos.sees(a, b);
            for &c in &cells[j + 1..] {
                let links =
                    usize::from(ab) + usize::from(pos.sees(a, c)) + usize::from(pos.sees(b, c));
                if links < 2 {
                    continue;
                }
                let mut any = 0;
                for w in 0..words {
                    let (ha, hb, hc) = (hits[a.index()][w], hits[b.index()][w], hits[c.index()][w]);
                    relevant[w] = (ha & hb) | (ha & hc) | (hb & hc);
                    // Only triplets that some set touches from all three cells: the others
                    // are mostly pair exclusions, and skipping them keeps this fast.
                    any |= ha & hb & hc;
                }
                if any == 0 {
                    continue;
                }
                if let Some(s) = exclude(pos, &[a, b, c], &als, &kills, &relevant, technique) {
                    out.push(s);
                }
            }
        }
    }
    out
}

/// A set of cells that a combination of digits for a group may empty: per cell of the group
/// (in group order), the candidates of that cell whose placement there would take a digit
/// from the set, and how many digits the set can lose before it is empty (its digits less its
/// cells, plus one: two for an almost locked set, all of them for a single cell).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Excluder {
    kills: [u16; 3],
    need: u32,
}

impl Excluder {
    /// The excluder of `kills` (digit masks per group cell, within that cell's candidates) and
    /// `need` (two or more), if the group's candidates can empty it at all.
    #[inline]
    pub(crate) fn new(kills: [u16; 3], need: u32) -> Option<Excluder> {
        (pop9(kills[0] | kills[1] | kills[2]) >= need).then_some(Excluder { kills, need })
    }

    /// The digits of the set the combination `combo` (a digit index per group cell, in
    /// group order) takes from it.
    fn lost(&self, combo: &[usize]) -> u16 {
        combo
            .iter()
            .zip(self.kills)
            .fold(0, |m, (&d, k)| m | (1u16 << d) & k)
    }

    /// Whether the combination `combo` empties the set.
    pub(crate) fn empties(&self, combo: &[usize]) -> bool {
        pop9(self.lost(combo)) >= self.need
    }

    /// The candidates of the last group cell that, with the digits `lost` of the set already
    /// taken by the others, would empty it: none when one more digit is not enough, every
    /// candidate (`!0`) when the set is empty already.
    #[inline]
    fn forbids(&self, lost: u16, last: usize) -> u16 {
        let n = pop9(lost);
        if n >= self.need {
            !0
        } else if n + 1 == self.need {
            self.kills[last] & !lost
        } else {
            0
        }
    }
}

/// The one test of aligned exclusion: the candidates of each cell of a group of two or three
/// (`cands`, digit masks) that appear in a possible combination, one digit per cell, where two
/// cells that see each other (`sees`: cells 0 and 1, 0 and 2, 1 and 2) differ and no
/// `excluders` set is emptied. A candidate not returned is excluded.
///
/// The combinations of the first cells are walked in digit order, and the third cell's (or,
/// for a pair, the second's) allowed digits are found for all of them at once; the walk stops
/// once every candidate is allowed.
pub(crate) fn allowed(cands: &[u16], sees: [bool; 3], excluders: &[Excluder]) -> [u16; 3] {
    let mut ok = [0u16; 3];
    match *cands {
        [m0, m1] => {
            for a in bits16(m0) {
                let mut allowed = m1;
                if sees[0] {
                    allowed &= !(1 << a);
                }
                for e in excluders {
                    allowed &= !e.forbids((1 << a) & e.kills[0], 1);
                }
                if allowed != 0 {
                    ok[0] |= 1 << a;
                    ok[1] |= allowed;
                    if ok[0] == m0 && ok[1] == m1 {
                        break;
                    }
                }
            }
        }
        [m0, m1, m2] => {
            'a: for a in bits16(m0) {
                for b in bits16(m1) {
                    if a == b && sees[0] {
                        continue;
                    }
                    if ok[0] >> a & ok[1] >> b & 1 != 0 && ok[2] == m2 {
                        // a and b are allowed already, and so is every third digit.
                        continue;
                    }
                    let mut allowed = m2;
                    if sees[1] {
                        allowed &= !(1 << a);
                    }
                    if sees[2] {
                        allowed &= !(1 << b);
                    }
                    for e in excluders {
                        let lost = ((1 << a) & e.kills[0]) | ((1 << b) & e.kills[1]);
                        allowed &= !e.forbids(lost, 2);
                    }
                    if allowed != 0 {
                        ok[0] |= 1 << a;
                        ok[1] |= 1 << b;
                        ok[2] |= allowed;
                        if ok[0] == m0 && ok[1] == m1 && ok[2] == m2 {
                            break 'a;
                        }
                    }
                }
            }
        }
        _ => unreachable!("aligned exclusion tests groups of two or three cells"),
    }
    ok
}

/// The step excluding candidates of `group` (two or three cells), if any is excluded.
fn exclude(
    pos: &Position,
    group: &[Cell],
    als: &[&Als],
    kill_table: &[[DigitSet; 81]],
    mask: &[u64],
    technique: Technique,
) -> Option<Step> {
    // The relevant sets, each with what the group's cells would kill in it.
    let mut relevant: Vec<(&Als, Excluder)> = Vec::new();
    for (k, a) in als.iter().enumerate() {
        if mask[k / 64] & (1 << (k % 64)) == 0 {
            continue;
        }
        let mut kills = [0u16; 3];
        for (kill, g) in kills.iter_mut().zip(group) {
            *kill = kill_table[k][g.index()].bits();
        }
        let need = (a.digits.len() - a.cells.len() + 1) as u32;
        if let Some(e) = Excluder::new(kills, need) {
            relevant.push((a, e));
        }
    }
    if relevant.is_empty() {
        return None;
    }
    let n = group.len();
    let mut cands = [0u16; 3];
    for (m, &c) in cands.iter_mut().zip(group) {
        *m = pos.cands(c).bits();
    }
    let sees = |x: usize, y: usize| y < n && pos.sees(group[x], group[y]);
    let excluders: Vec<Excluder> = relevant.iter().map(|&(_, e)| e).collect();
    let ok = allowed(
        &cands[..n],
        [sees(0, 1), sees(0, 2), sees(1, 2)],
        &excluders,
    );
    if ok[..n] == cands[..n] {
        return None;
    }
    // Something is excluded: walk every combination to collect the first set that blocks
    // each (the step shows them).
    let lists: Vec<Vec<Digit>> = group
        .iter()
        .map(|&c| pos.cands(c).iter().collect())
        .collect();
    let all: Vec<&[Digit]> = lists.iter().map(Vec::as_slice).collect();
    let mut used: Vec<CellSet> = Vec::new();
    let mut combo = [0usize; 3];
    for_each_combination(&all, |digits| {
        for (x, d) in combo.iter_mut().zip(digits) {
            *x = d.index();
        }
        let combo = &combo[..n];
        let clash = (0..n).any(|x| (x + 1..n).any(|y| combo[x] == combo[y] && sees(x, y)));
        if !clash {
            if let Some((a, _)) = relevant.iter().find(|(_, e)| e.empties(combo)) {
                if !used.contains(&a.cells) {
                    used.push(a.cells);
                }
            }
        }
        false
    });
    let possible: Vec<DigitSet> = ok[..n].iter().map(|&m| DigitSet::from_bits(m)).collect();
    build(pos, group, &possible, &used, technique)
}

/// Calls `f` on every combination of one digit from each list (the first list varies
/// fastest) until it returns `true`.
fn for_each_combination(lists: &[&[Digit]], mut f: impl FnMut(&[Digit]) -> bool) {
    if lists.iter().any(|l| l.is_empty()) {
        return;
    }
    let mut idx = [0usize; 3];
    let mut combo = [Digit::ALL[0]; 3];
    let n = lists.len();
    loop {
        for k in 0..n {
            combo[k] = lists[k][idx[k]];
        }
        if f(&combo[..n]) {
            return;
        }
        let mut k = 0;
        loop {
            if k == n {
                return;
            }
            idx[k] += 1;
            if idx[k] < lists[k].len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

fn build(
    pos: &Position,
    group: &[Cell],
    possible: &[DigitSet],
    used: &[CellSet],
    technique: Technique,
) -> Option<Step> {
    let mut s = Step::new(technique);
    for (k, &c) in group.iter().enumerate() {
        for d in pos.cands(c).difference(possible[k]) {
            s.eliminations.insert(Candidate::new(c, d));
        }
    }
    if s.eliminations.is_empty() {
        return None;
    }
    let gset: CellSet = group.iter().copied().collect();
    let blockers = used.iter().fold(CellSet::EMPTY, |u, &c| u | c);
    s.pattern = super::pattern_of(pos, gset, DigitSet::ALL);
    s.secondary = super::pattern_of(pos, blockers, DigitSet::ALL);
    s.cells = gset | blockers;
    s.digits = pos.cands_of(gset);
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The candidates of each cell found in a possible combination, by walking every
    /// combination: what [`allowed`] must give.
    fn every_combination(cands: &[u16], sees: [bool; 3], excluders: &[Excluder]) -> [u16; 3] {
        let n = cands.len();
        let pair = |x: usize, y: usize| if x == 0 { sees[y - 1] } else { sees[2] };
        let mut ok = [0u16; 3];
        for code in 0..9usize.pow(n as u32) {
            let combo: Vec<usize> = (0..n).map(|k| code / 9usize.pow(k as u32) % 9).collect();
            if (0..n).any(|k| cands[k] >> combo[k] & 1 == 0) {
                continue;
            }
            let clash = (0..n).any(|x| (x + 1..n).any(|y| combo[x] == combo[y] && pair(x, y)));
            if clash || excluders.iter().any(|e| e.empties(&combo)) {
                continue;
            }
            for k in 0..n {
                ok[k] |= 1 << combo[k];
            }
        }
        ok
    }

    proptest! {
        /// The one test of aligned exclusion, with its shortcuts (the third cell's digits
        /// found at once, the walk stopped when all is allowed), against every combination.
        #[test]
        fn allowed_is_what_every_combination_allows(
            n in 2usize..=3,
            cands in proptest::array::uniform3(1u16..0x200),
            sees in proptest::array::uniform3(any::<bool>()),
            sets in proptest::collection::vec(
                (proptest::array::uniform3(0u16..0x200), 2u32..=4),
                0..6,
            ),
        ) {
            let cands = &cands[..n];
            let sees = if n == 2 { [sees[0], false, false] } else { sees };
            let excluders: Vec<Excluder> = sets
                .iter()
                .filter_map(|&(kills, need)| {
                    let mut k = [0u16; 3];
                    for i in 0..n {
                        k[i] = kills[i] & cands[i];
                    }
                    Excluder::new(k, need)
                })
                .collect();
            prop_assert_eq!(
                allowed(cands, sees, &excluders),
                every_combination(cands, sees, &excluders)
            );
        }
    }
}
