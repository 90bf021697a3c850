//! Aligned pair and triplet exclusion.
//!
//! Take two (or three) cells and try every combination of their candidates. A combination is
//! impossible when two cells that see each other get the same digit, or when it empties an
//! almost locked set: a set of N cells with N+1 digits that would lose two digits because each
//! is placed in a cell seeing all of the set's cells with that digit (a bivalue cell is the
//! smallest such set). A candidate that appears in no possible combination is false.

use nonet_core::{Cell, CellSet, Digit, DigitSet};

use super::als::Als;
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

/// The step excluding candidates of `group` (two or three cells), if any is excluded.
fn exclude<'a>(
    pos: &Position,
    group: &[Cell],
    als: &[&'a Als],
    kill_table: &[[DigitSet; 81]],
    mask: &[u64],
    technique: Technique,
) -> Option<Step> {
    // For each relevant ALS, per group cell, the digits it would kill in the ALS.
    let mut relevant: Vec<(&'a Als, [DigitSet; 3])> = Vec::new();
    for (k, a) in als.iter().enumerate() {
        if mask[k / 64] & (1 << (k % 64)) == 0 {
            continue;
        }
        let mut kills = [DigitSet::EMPTY; 3];
        for (kill, g) in kills.iter_mut().zip(group) {
            *kill = kill_table[k][g.index()];
        }
        let union = kills.iter().fold(DigitSet::EMPTY, |u, &k| u | k);
        if union.len() >= 2 {
            relevant.push((a, kills));
        }
    }
    if relevant.is_empty() {
        return None;
    }
    // What stops a combination of digits (one per group cell, in group order): `Some(None)`
    // when two cells that see each other share a digit, `Some(Some(als))` when it empties
    // `als`, `None` when it is possible.
    let verdict = |combo: &[Digit]| -> Option<Option<&'a Als>> {
        let n = combo.len();
        if (0..n).any(|x| (x + 1..n).any(|y| combo[x] == combo[y] && pos.sees(group[x], group[y])))
        {
            return Some(None);
        }
        relevant
            .iter()
            .find(|(_, kills)| {
                let lost: DigitSet = (0..n)
                    .filter(|&k| kills[k].contains(combo[k]))
                    .map(|k| combo[k])
                    .collect();
                lost.len() >= 2
            })
            .map(|(a, _)| Some(*a))
    };
    let lists: Vec<Vec<Digit>> = group
        .iter()
        .map(|&c| pos.cands(c).iter().collect())
        .collect();
    // First, whether anything is excluded at all: for each candidate not yet seen in a
    // possible combination, look for one that holds it. On positions full of candidates the
    // first try nearly always succeeds, so this is far cheaper than walking every combination
    // (up to 729 for three cells), which only the rare group with an exclusion needs.
    let n = group.len();
    let all: Vec<&[Digit]> = lists.iter().map(Vec::as_slice).collect();
    let mut possible = [DigitSet::EMPTY; 3];
    for k in 0..n {
        for d in &lists[k] {
            if possible[k].contains(*d) {
                continue;
            }
            let mut fixed = [&[] as &[Digit]; 3];
            fixed[..n].copy_from_slice(&all);
            fixed[k] = std::slice::from_ref(d);
            for_each_combination(&fixed[..n], |combo| {
                if verdict(combo).is_some() {
                    return false;
                }
                for (p, &d) in possible.iter_mut().zip(combo) {
                    p.insert(d);
                }
                true
            });
        }
    }
    if group
        .iter()
        .zip(&possible)
        .all(|(&c, &p)| pos.cands(c) == p)
    {
        return None;
    }
    // Something is excluded: walk every combination to collect the sets that block some
    // (the step shows them).
    let mut used: Vec<CellSet> = Vec::new();
    for_each_combination(&all, |combo| {
        if let Some(Some(a)) = verdict(combo) {
            if !used.contains(&a.cells) {
                used.push(a.cells);
            }
        }
        false
    });
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
