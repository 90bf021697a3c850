//! The difficulty of one step of the explaining path, on Sudoku Explainer's scale: the
//! technique's base difficulty from the catalogue ([`Technique::base`]) plus the bonus SE adds
//! for the size of this instance (`SE-SPEC.md` §4.10, §4.11, §5.2, §6). Steps that come from
//! SE's own chaining engine already carry the difficulty SE computed and keep it.
//!
//! Techniques SE has keep SE's exact numbers. Those it lacks get nonet's base
//! (`docs/rating.md`, "Techniques SE lacks") and the same kind of bonus SE gives its nearest
//! technique: SE's chain-length bonus for the chains and almost-locked-set steps, a cell beyond
//! four for a Sue de Coq. So every step has a difficulty and a path's hardest step is the one
//! with the largest.

use crate::chains::length_bonus;
use crate::se::round1;
use crate::se::unique::loop_base;
use crate::step::Step;
use crate::technique::Technique;

/// The step's difficulty on Sudoku Explainer's scale: SE's where SE has the technique, else
/// nonet's (see the module documentation).
pub(crate) fn difficulty(step: &Step) -> f64 {
    use Technique::*;
    let base = step.technique.base();
    let bonus = match step.technique {
        // A rectangle has 4 cells; longer unique loops count 6, 8, 10+ (§4.10), summed as SE
        // sums them.
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueLoop => {
            let loop_cells = loop_len(step);
            let mut b = loop_base(loop_cells) - base;
            if step.technique == UniqueRectangle3 {
                // The roof's extra digits with k more cells make a naked set of k + 1 digits:
                // SE adds 0.1 per digit beyond the first (a pair: +0.1).
                let k = step.cells.len().saturating_sub(loop_cells).clamp(1, 3);
                b += 0.1 * k as f64;
            }
            b
        }
        // A naked set of n digits found beside the BUG cells: 5.7 + (n - 1) * 0.1 (§4.11).
        Bug3 => 0.1 * (step.digits.len().max(2) - 1) as f64,
        // Cycles and chains: SE's length bonus over the chain's nodes (§5.5, §6); the
        // teacher's own chains (X-, XY-chains, remote pairs, AICs, nice loops) are counted as
        // SE counts its cycles and forcing chains.
        XCycle | YCycle | XYCycle | ForcingXChain | ForcingYChain | ForcingXYChain | RemotePair
        | XChain | XYChain | Aic | NiceLoop | GroupedAic | GroupedNiceLoop => {
            step.chain.as_ref().map_or(0.0, |c| {
                let nodes: usize = c.branches.iter().map(Vec::len).sum();
                // A loop of n links has n nodes; an open chain one more than its links.
                let nodes = if c.is_loop { nodes } else { nodes + 1 };
                length_bonus(nodes as u32)
            })
        }
        // Chains whose nodes are almost locked sets: each set's cells are nodes the reader
        // follows, and each set is joined to the next by one link.
        AlsXz | AlsXyWing | AlsXyChain | DeathBlossom => {
            let cells: usize = step.sets.iter().map(|s| s.len()).sum();
            length_bonus((cells + step.sets.len()) as u32)
        }
        // A naked set split over a box and a line: +0.1 a cell beyond a quad's four.
        SueDeCoq => {
            let cells: usize = step.sets.iter().map(|s| s.len()).sum();
            0.1 * cells.saturating_sub(4) as f64
        }
        _ => 0.0,
    };
    if step.technique.se_base().is_some() {
        // SE's own number, as SE computes it (its float sums decide its tie-breaks).
        base + bonus
    } else {
        // nonet's: one decimal, as it is written (6.6 + 0.3 is 6.9, not 6.8999999999999995).
        round1(base + bonus)
    }
}

/// The cells of the rectangle or loop: 4 for a rectangle, the chain's cells for a loop.
fn loop_len(step: &Step) -> usize {
    match step.technique {
        Technique::UniqueLoop => step.cells.len().max(4),
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::{Chain, ChainLink, ChainNode, LinkKind};
    use nonet_core::{Cell, CellSet, Digit};

    fn node(i: usize) -> ChainNode {
        ChainNode {
            cells: CellSet::single(Cell::new(i).unwrap()),
            digit: Digit::new(1).unwrap(),
            on: i.is_multiple_of(2),
        }
    }

    fn chain(links: usize, is_loop: bool) -> Chain {
        let branch = (0..links)
            .map(|i| ChainLink {
                from: node(i),
                to: node(i + 1),
                kind: LinkKind::Weak,
            })
            .collect();
        Chain {
            branches: vec![branch],
            is_loop,
        }
    }

    #[test]
    fn base_difficulties_follow_the_catalogue() {
        for (t, d) in [
            (Technique::FullHouse, 1.0),
            (Technique::HiddenSingleBox, 1.2),
            (Technique::HiddenSingleColumn, 1.5),
            (Technique::NakedSingle, 2.3),
            (Technique::Pointing, 2.6),
            (Technique::Claiming, 2.8),
            (Technique::LockedPair, 3.0),
            (Technique::XWing, 3.2),
            (Technique::HiddenTriple, 4.0),
            (Technique::XYZWing, 4.4),
            (Technique::UniqueRectangle1, 4.5),
            (Technique::Jellyfish, 5.2),
            (Technique::Bug1, 5.6),
            (Technique::AlignedPairExclusion, 6.2),
        ] {
            assert_eq!(difficulty(&Step::new(t)), d, "{t}");
        }
    }

    #[test]
    fn techniques_se_lacks_have_nonets_difficulty() {
        for (t, d) in [
            (Technique::Skyscraper, 3.5),
            (Technique::TwoStringKite, 3.6),
            (Technique::FinnedXWing, 3.4),
            (Technique::WWing, 4.4),
            (Technique::SimpleColorsTrap, 6.6),
            (Technique::TrialAndError, 20.0),
        ] {
            assert_eq!(t.se_base(), None, "{t}");
            assert_eq!(difficulty(&Step::new(t)), d, "{t}");
        }
    }

    #[test]
    fn every_technique_has_a_base_and_se_keeps_its_own() {
        for t in Technique::all() {
            let base = t.base();
            assert!(base > 0.0 && base <= 20.0, "{t}: {base}");
            if let Some(se) = t.se_base() {
                assert_eq!(se, base, "{t}");
            }
        }
    }

    #[test]
    fn chains_and_als_steps_se_lacks_get_ses_length_bonus() {
        // An XY-Chain of 8 links (9 nodes): 6.6 + 0.2, as SE's forcing X-chain of that length.
        let mut s = Step::new(Technique::XYChain);
        s.chain = Some(chain(8, false));
        assert_eq!(difficulty(&s), 6.8);
        // Written with one decimal: 6.6 + 0.3 would be 6.8999999999999995.
        s.chain = Some(chain(12, false));
        assert_eq!(difficulty(&s), 6.9);
        // An ALS-XZ on sets of 2 and 4 cells: 6 cells and 2 sets, complexity 8: +0.1.
        let mut s = Step::new(Technique::AlsXz);
        s.sets = vec![
            (0..2).map(|i| Cell::new(i).unwrap()).collect(),
            (9..13).map(|i| Cell::new(i).unwrap()).collect(),
        ];
        assert_eq!(difficulty(&s), 7.1);
    }

    #[test]
    fn cycles_get_the_length_bonus_of_their_nodes() {
        // SE-SPEC §6: complexity 6 or less adds nothing, 7-8 adds 0.1, 9-10 adds 0.2.
        for (links, bonus) in [(4, 0.0), (6, 0.0), (8, 0.1), (10, 0.2)] {
            let mut s = Step::new(Technique::XCycle);
            s.chain = Some(chain(links, true));
            assert_eq!(difficulty(&s), 6.5 + bonus, "{links} links");
        }
        // An open forcing chain of 6 links has 7 nodes.
        let mut s = Step::new(Technique::ForcingXChain);
        s.chain = Some(chain(6, false));
        assert_eq!(difficulty(&s), 6.6 + 0.1);
    }

    #[test]
    fn unique_rectangle_type_3_adds_its_naked_set() {
        let mut s = Step::new(Technique::UniqueRectangle3);
        s.cells = (0..5).map(|i| Cell::new(i).unwrap()).collect();
        assert_eq!(difficulty(&s), 4.5 + 0.1);
    }
}
