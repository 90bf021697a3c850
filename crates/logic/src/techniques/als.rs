//! Almost locked sets: ALS-XZ and ALS-XY-Wing.
//!
//! An almost locked set (ALS) is N cells of one house with N+1 candidates between them: remove
//! any one digit and the rest are locked in. A restricted common candidate (RC) of two ALSs is
//! a digit whose cells in both see each other, so it is true in at most one of them.

use std::collections::HashSet;

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

use crate::position::Position;
use crate::step::{Candidate, CandidateSet, Step};
use crate::technique::Technique;

/// ALS-XZ and ALS-XY-Wing stop after this many distinct steps (in their search order, so the
/// first step, the one a hint or the path takes, is unchanged). Real positions have a few
/// dozen at most; a position full of candidates can have a million (ALS-XY-Wing: 30 s), and
/// no one reads such a list, while a hint request must stay bounded.
pub const MAX_STEPS: usize = 1000;

/// An almost locked set with per-digit masks.
#[derive(Clone, Debug)]
pub struct Als {
    /// Its cells.
    pub cells: CellSet,
    /// Its candidates (one more than cells).
    pub digits: DigitSet,
    /// The house it was found in.
    pub house: House,
    /// For each digit, its cells holding it.
    pub digit_cells: [CellSet; 9],
    /// For each digit, the cells outside the ALS seeing all of its cells holding it.
    pub sees: [CellSet; 9],
}

/// Every ALS of the position (each set of cells once), up to `max_cells` cells.
// The subset masks index a table of unions: a range loop reads best.
#[allow(clippy::needless_range_loop)]
pub fn all_als(pos: &Position, max_cells: usize) -> Vec<Als> {
    let mut out: Vec<Als> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut union = [0u16; 512];
    for h in pos.houses() {
        let cells: Vec<Cell> = (pos.house_cells(h) & pos.empty_cells()).iter().collect();
        let n = cells.len();
        // union[mask] = the digits of the cells in `mask`, built from the mask without its
        // lowest bit.
        for mask in 1usize..(1 << n) {
            let low = mask.trailing_zeros() as usize;
            union[mask] = union[mask & (mask - 1)] | pos.cands(cells[low]).bits();
        }
        for mask in 1usize..(1 << n) {
            let k = mask.count_ones() as usize;
            if k > max_cells || k >= n || union[mask].count_ones() as usize != k + 1 {
                continue;
            }
            let set: CellSet = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| cells[i])
                .collect();
            if !seen.insert(set.bits()) {
                continue;
            }
            let digits = DigitSet::from_bits(union[mask]);
            let mut digit_cells = [CellSet::EMPTY; 9];
            let mut sees = [CellSet::EMPTY; 9];
            for d in digits {
                digit_cells[d.index()] = set & pos.cells_of(d);
                sees[d.index()] = pos.common_peers(digit_cells[d.index()]).difference(set);
            }
            out.push(Als {
                cells: set,
                digits,
                house: h,
                digit_cells,
                sees,
            });
        }
    }
    out
}

/// The restricted common candidates of two ALSs: digits whose cells in one see all its cells
/// in the other, and that lie in no cell the sets share.
fn rcs(a: &Als, b: &Als) -> DigitSet {
    let overlap = a.cells & b.cells;
    if overlap == a.cells || overlap == b.cells {
        return DigitSet::EMPTY;
    }
    (a.digits & b.digits)
        .iter()
        .filter(|d| {
            let (ad, bd) = (a.digit_cells[d.index()], b.digit_cells[d.index()]);
            ((ad | bd) & overlap).is_empty() && bd.difference(a.sees[d.index()]).is_empty()
        })
        .collect()
}

/// Every pair `(i, j)`, `i < j`, of `all` with a restricted common candidate.
pub fn links(all: &[Als]) -> Vec<(u32, u32, DigitSet)> {
    let mut v = Vec::new();
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            let rc = rcs(&all[i], &all[j]);
            if !rc.is_empty() {
                v.push((i as u32, j as u32, rc));
            }
        }
    }
    v
}

fn elim(pos: &Position, out: &mut CandidateSet, d: Digit, targets: CellSet) {
    out.add_cells(d, targets & pos.cells_of(d));
}

/// A set of eliminations as one cell set per digit: built, compared and hashed without
/// allocating, because on positions full of candidates millions of ALS pairs and triples give
/// the same few thousand sets, and only the first of each becomes a step.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Elims([u128; 9]);

impl std::hash::Hash for Elims {
    /// One word folded from the nine sets, so the hasher reads 8 bytes rather than 144.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut h = 0u64;
        for &b in &self.0 {
            for w in [b as u64, (b >> 64) as u64] {
                h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
            }
        }
        state.write_u64(h);
    }
}

impl Elims {
    /// Adds the candidates of `d` among `targets`.
    fn add(&mut self, pos: &Position, d: Digit, targets: CellSet) {
        self.0[d.index()] |= (targets & pos.cells_of(d)).bits();
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }

    /// The candidates as a set.
    fn to_set(self) -> CandidateSet {
        CandidateSet::from_masks(self.0)
    }
}

fn als_pattern(pos: &Position, sets: &[&Als]) -> (Vec<Candidate>, CellSet, Vec<House>) {
    let mut pattern = Vec::new();
    let mut cells = CellSet::EMPTY;
    let mut houses = Vec::new();
    for a in sets {
        cells |= a.cells;
        houses.push(a.house);
        for c in a.cells {
            for d in pos.cands(c) {
                pattern.push(Candidate::new(c, d));
            }
        }
    }
    (pattern, cells, houses)
}

/// ALS-XZ: two ALSs with a restricted common candidate x; any other common digit z is true in
/// one of them, so z leaves every cell seeing all its cells in both. With two RCs (doubly
/// linked) both sets become locked and more goes.
pub fn als_xz(pos: &Position) -> Vec<Step> {
    let all = pos.als();
    let mut out: Vec<Step> = Vec::new();
    let mut seen: HashSet<Elims> = HashSet::new();
    for &(i, j, rc) in pos.als_links() {
        let (a, b) = (&all[i as usize], &all[j as usize]);
        {
            let union = a.cells | b.cells;
            let mut elims = Elims::default();
            let common = a.digits & b.digits;
            for x in rc {
                for z in common.difference(DigitSet::single(x)) {
                    elims.add(
                        pos,
                        z,
                        (a.sees[z.index()] & b.sees[z.index()]).difference(union),
                    );
                }
            }
            if rc.len() >= 2 {
                for x in rc {
                    elims.add(
                        pos,
                        x,
                        (a.sees[x.index()] & b.sees[x.index()]).difference(union),
                    );
                }
                for s in [a, b] {
                    for z in s.digits.difference(rc) {
                        elims.add(pos, z, s.sees[z.index()].difference(union));
                    }
                }
            }
            // Many pairs give the same eliminations: keep the first, before building it.
            if elims.is_empty() || !seen.insert(elims) {
                continue;
            }
            let mut s = Step::new(Technique::AlsXz);
            let (pattern, cells, houses) = als_pattern(pos, &[a, b]);
            s.eliminations = elims.to_set();
            s.pattern = pattern;
            s.secondary = union
                .iter()
                .flat_map(|c| {
                    (pos.cands(c) & rc)
                        .iter()
                        .map(move |d| Candidate::new(c, d))
                })
                .collect();
            s.cells = cells;
            s.houses = houses;
            s.sets = vec![a.cells, b.cells];
            s.digits = rc;
            out.push(s);
            if out.len() >= MAX_STEPS {
                return out;
            }
        }
    }
    out
}

/// ALS-XY-Wing: a pivot ALS C with RC x to ALS A and RC y to ALS B (x != y); a digit z common
/// to A and B leaves every cell seeing all its cells in both.
pub fn als_xy_wing(pos: &Position) -> Vec<Step> {
    let all = pos.als();
    let n = all.len();
    let mut partners: Vec<Vec<(usize, DigitSet)>> = vec![Vec::new(); n];
    for &(i, j, rc) in pos.als_links() {
        partners[i as usize].push((j as usize, rc));
        partners[j as usize].push((i as usize, rc));
    }
    let mut out: Vec<Step> = Vec::new();
    let mut seen: HashSet<Elims> = HashSet::new();
    for (ci, c) in all.iter().enumerate() {
        let ps = &partners[ci];
        for (k, &(ai, rca)) in ps.iter().enumerate() {
            for &(bi, rcb) in &ps[k + 1..] {
                let (a, b) = (&all[ai], &all[bi]);
                if a.cells == b.cells {
                    continue;
                }
                let common = a.digits & b.digits;
                let union = a.cells | b.cells | c.cells;
                // What each common digit z would remove, whatever x and y are; `live`: the
                // digits that remove something.
                let mut all_z = Elims::default();
                let mut live = 0u16;
                for z in common {
                    let t =
                        (a.sees[z.index()] & b.sees[z.index()] & pos.cells_of(z)).difference(union);
                    all_z.0[z.index()] = t.bits();
                    live |= u16::from(!t.is_empty()) << z.index();
                }
                if live == 0 {
                    continue;
                }
                // The eliminations of (x, y) depend only on which live digits x and y are:
                // each such pair is tried once (on dense positions many (x, y) share it).
                let mut tried = [u16::MAX; 81];
                let mut n_tried = 0;
                for x in rca {
                    for y in rcb {
                        if x == y {
                            continue;
                        }
                        let xy = DigitSet::single(x) | DigitSet::single(y);
                        let dropped = xy.bits() & live;
                        if dropped == live || tried[..n_tried].contains(&dropped) {
                            continue;
                        }
                        tried[n_tried] = dropped;
                        n_tried += 1;
                        let mut elims = all_z;
                        for d in DigitSet::from_bits(dropped) {
                            elims.0[d.index()] = 0;
                        }
                        // The same eliminations come from many triples (on positions full of
                        // candidates, millions): keep the first, and build only that one.
                        if !seen.insert(elims) {
                            continue;
                        }
                        let zs = common.difference(xy);
                        let mut s = Step::new(Technique::AlsXyWing);
                        let (pattern, cells, houses) = als_pattern(pos, &[c, a, b]);
                        s.eliminations = elims.to_set();
                        s.pattern = pattern;
                        s.cells = cells;
                        s.houses = houses;
                        s.sets = vec![c.cells, a.cells, b.cells];
                        s.digits = DigitSet::single(x) | DigitSet::single(y) | zs;
                        out.push(s);
                        if out.len() >= MAX_STEPS {
                            return out;
                        }
                    }
                }
            }
        }
    }
    out
}

/// ALS-XY-Chain: ALSs A1 - A2 - ... - An, each linked to the next by a restricted common
/// candidate, the two links of each inner set different. If a digit z common to A1 and An
/// (and not their outer links) were false in both, A1 would be locked and hold its link digit,
/// which removes it from A2, which is then locked and holds the next link digit, and so on to
/// An, which would be locked with z: so z is true in A1 or An and leaves every cell seeing all
/// its cells in both. Chains of three to five sets; the search is bounded.
pub fn als_xy_chain(pos: &Position) -> Vec<Step> {
    const MAX_SETS: usize = 5;
    const MAX_EXPANSIONS: usize = 20_000;
    let all = pos.als();
    let mut adj: Vec<Vec<(usize, DigitSet)>> = vec![Vec::new(); all.len()];
    for &(i, j, rc) in pos.als_links() {
        adj[i as usize].push((j as usize, rc));
        adj[j as usize].push((i as usize, rc));
    }
    let mut out: Vec<Step> = Vec::new();
    let mut expansions = 0usize;
    // (ALS index, digit of the link into it) along the current path.
    let mut path: Vec<(usize, Option<Digit>)> = Vec::new();
    for start in 0..all.len() {
        path.clear();
        path.push((start, None));
        extend(
            pos,
            all,
            &adj,
            &mut path,
            &mut out,
            &mut expansions,
            MAX_SETS,
            MAX_EXPANSIONS,
        );
        if expansions > MAX_EXPANSIONS {
            break;
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn extend(
    pos: &Position,
    all: &[Als],
    adj: &[Vec<(usize, DigitSet)>],
    path: &mut Vec<(usize, Option<Digit>)>,
    out: &mut Vec<Step>,
    expansions: &mut usize,
    max_sets: usize,
    max_expansions: usize,
) {
    let (last, into) = *path.last().expect("non-empty");
    for &(next, rc) in &adj[last] {
        if path.iter().any(|&(k, _)| k == next) {
            continue;
        }
        for r in rc {
            if Some(r) == into {
                continue;
            }
            *expansions += 1;
            if *expansions > max_expansions {
                return;
            }
            path.push((next, Some(r)));
            if path.len() >= 3 {
                conclude(pos, all, path, out);
            }
            if path.len() < max_sets {
                extend(
                    pos,
                    all,
                    adj,
                    path,
                    out,
                    expansions,
                    max_sets,
                    max_expansions,
                );
            }
            path.pop();
        }
    }
}

fn conclude(pos: &Position, all: &[Als], path: &[(usize, Option<Digit>)], out: &mut Vec<Step>) {
    let (first, last) = (&all[path[0].0], &all[path[path.len() - 1].0]);
    let r_first = path[1].1.expect("linked");
    let r_last = path[path.len() - 1].1.expect("linked");
    let union = first.cells | last.cells;
    let mut elims = CandidateSet::EMPTY;
    for z in first.digits & last.digits {
        if z == r_first || z == r_last {
            continue;
        }
        elim(
            pos,
            &mut elims,
            z,
            (first.sees[z.index()] & last.sees[z.index()]).difference(union),
        );
    }
    if elims.is_empty() {
        return;
    }
    if out.iter().any(|o| o.eliminations == elims) {
        return;
    }
    let sets: Vec<&Als> = path.iter().map(|&(k, _)| &all[k]).collect();
    let (pattern, cells, houses) = als_pattern(pos, &sets);
    let mut s = Step::new(Technique::AlsXyChain);
    s.eliminations = elims;
    s.pattern = pattern;
    s.cells = cells;
    s.houses = houses;
    s.sets = sets.iter().map(|a| a.cells).collect();
    s.digits = path.iter().filter_map(|&(_, r)| r).collect();
    out.push(s);
}

/// Death Blossom: a stem cell whose every candidate d has a petal, an ALS holding d with all
/// its d-cells seeing the stem. Whatever the stem takes removes that digit from its petal,
/// which is then locked; so a digit z common to all petals (and none of their stem digits) is
/// true in one of them, and leaves every cell seeing all its cells in every petal. Stems of
/// two to four candidates; the search is bounded.
pub fn death_blossom(pos: &Position) -> Vec<Step> {
    const MAX_COMBOS: usize = 40_000;
    const MAX_PER_STEM: usize = 4_000;
    let all = pos.als();
    // by_cell[d][c]: the ALSs holding d whose d-cells all see cell c (c outside them).
    let mut by_cell: Vec<Vec<Vec<usize>>> = vec![vec![Vec::new(); 81]; 9];
    for (k, a) in all.iter().enumerate() {
        for d in a.digits {
            for c in a.sees[d.index()] & pos.empty_cells() {
                by_cell[d.index()][c.index()].push(k);
            }
        }
    }
    let mut out: Vec<Step> = Vec::new();
    let mut combos = 0usize;
    for stem in pos.empty_cells() {
        let sc = pos.cands(stem);
        if !(2..=4).contains(&sc.len()) {
            continue;
        }
        let stem_digits: Vec<Digit> = sc.iter().collect();
        // Petals per stem digit.
        let petals: Vec<Vec<usize>> = stem_digits
            .iter()
            .map(|&d| by_cell[d.index()][stem.index()].clone())
            .collect();
        if petals.iter().any(Vec::is_empty) {
            continue;
        }
        let mut idx = vec![0usize; petals.len()];
        let mut here = 0usize;
        'combos: loop {
            combos += 1;
            here += 1;
            if combos > MAX_COMBOS {
                return out;
            }
            if here > MAX_PER_STEM {
                break;
            }
            let chosen: Vec<&Als> = (0..petals.len()).map(|i| &all[petals[i][idx[i]]]).collect();
            let mut zs = DigitSet::ALL.difference(sc);
            let mut cells = CellSet::EMPTY;
            for a in &chosen {
                zs &= a.digits;
                cells |= a.cells;
            }
            let mut elims = CandidateSet::EMPTY;
            for z in zs {
                let mut targets = CellSet::ALL;
                for a in &chosen {
                    targets &= a.sees[z.index()];
                }
                elim(
                    pos,
                    &mut elims,
                    z,
                    targets.difference(cells | CellSet::single(stem)),
                );
            }
            if !elims.is_empty() && !out.iter().any(|o| o.eliminations == elims) {
                let (mut pattern, pcells, houses) = als_pattern(pos, &chosen);
                for d in sc {
                    pattern.push(Candidate::new(stem, d));
                }
                let mut s = Step::new(Technique::DeathBlossom);
                s.eliminations = elims;
                s.pattern = pattern;
                s.secondary = sc.iter().map(|d| Candidate::new(stem, d)).collect();
                s.cells = pcells | CellSet::single(stem);
                s.houses = houses;
                s.sets = std::iter::once(CellSet::single(stem))
                    .chain(chosen.iter().map(|a| a.cells))
                    .collect();
                s.digits = zs;
                out.push(s);
            }
            // Next combination.
            let mut k = 0;
            loop {
                if k == idx.len() {
                    break 'combos;
                }
                idx[k] += 1;
                if idx[k] < petals[k].len() {
                    break;
                }
                idx[k] = 0;
                k += 1;
            }
        }
    }
    out
}
