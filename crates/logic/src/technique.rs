//! The catalogue of techniques: names as players know them, stable codes for `--techniques`,
//! families, and whether a technique assumes a unique solution. (Sudoku Explainer's
//! difficulties are computed by its producers in `se/` and `chains/`.)

/// A solving technique. The variants are grouped by family, roughly easiest first; the order
/// the logical solver's path actually tries them in is `crate::path::ORDER`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum Technique {
    // Singles
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a box.
    HiddenSingleBox,
    /// A digit with one place left in a row.
    HiddenSingleRow,
    /// A digit with one place left in a column.
    HiddenSingleColumn,
    /// A cell with one candidate left.
    NakedSingle,
    // Sudoku Explainer's "direct" techniques: a step that at once yields a single.
    /// Pointing that at once leaves a hidden single (SE 1.7).
    DirectPointing,
    /// Claiming that at once leaves a hidden single (SE 1.9).
    DirectClaiming,
    /// A hidden pair that at once leaves a hidden single (SE 2.0).
    DirectHiddenPair,
    /// A hidden triplet that at once leaves a hidden single (SE 2.5).
    DirectHiddenTriple,
    // Intersections
    /// Locked candidates type 1: a digit of a box confined to one row or column.
    Pointing,
    /// Locked candidates type 2: a digit of a row or column confined to one box.
    Claiming,
    /// A naked pair inside the intersection of a box and a line.
    LockedPair,
    /// A naked triple inside the intersection of a box and a line.
    LockedTriple,
    // Subsets
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Two digits of a house confined to the same two cells.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// Three digits of a house confined to the same three cells.
    HiddenTriple,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// Four digits of a house confined to the same four cells.
    HiddenQuad,
    // Fish
    /// Basic fish of size 2.
    XWing,
    /// Basic fish of size 3.
    Swordfish,
    /// Basic fish of size 4.
    Jellyfish,
    /// X-Wing with fins.
    FinnedXWing,
    /// Swordfish with fins.
    FinnedSwordfish,
    /// Jellyfish with fins.
    FinnedJellyfish,
    /// Sashimi X-Wing.
    SashimiXWing,
    /// Sashimi Swordfish.
    SashimiSwordfish,
    /// Sashimi Jellyfish.
    SashimiJellyfish,
    // Single-digit patterns
    /// Two strong links joined at one end by a line.
    Skyscraper,
    /// A strong link in a row and one in a column joined in a box.
    TwoStringKite,
    /// The general single-digit chain of three links.
    TurbotFish,
    /// A box whose candidates of a digit lie on one row and one column, with a strong link.
    EmptyRectangle,
    // Wings
    /// Pivot xy with pincers xz and yz.
    XYWing,
    /// Pivot xyz with pincers xz and yz.
    XYZWing,
    /// Two xy cells joined by a strong link on one of the digits.
    WWing,
    // Colouring
    /// Simple colours: a cell sees both colours.
    SimpleColorsTrap,
    /// Simple colours: a colour sees itself.
    SimpleColorsWrap,
    /// Multi-colours.
    MultiColors,
    // Uniqueness (valid only for puzzles with one solution)
    /// Unique rectangle type 1.
    UniqueRectangle1,
    /// Unique rectangle type 2.
    UniqueRectangle2,
    /// Unique rectangle type 3.
    UniqueRectangle3,
    /// Unique rectangle type 4.
    UniqueRectangle4,
    /// Unique rectangle type 5.
    UniqueRectangle5,
    /// Unique rectangle type 6.
    UniqueRectangle6,
    /// Hidden rectangle.
    HiddenRectangle,
    /// Unique loop (SE's generalisation of rectangles to 6+ cells), types 1-4.
    UniqueLoop,
    /// Bivalue universal grave plus one.
    Bug1,
    /// BUG type 2 (SE).
    Bug2,
    /// BUG type 3 (SE).
    Bug3,
    /// BUG type 4 (SE).
    Bug4,
    // Chains and loops
    /// A chain of bivalue cells with the same two digits.
    RemotePair,
    /// Single-digit alternating chain.
    XChain,
    /// Chain through bivalue cells.
    XYChain,
    /// Alternating inference chain (discontinuous nice loop).
    Aic,
    /// Continuous nice loop.
    NiceLoop,
    /// Alternating inference chain with grouped nodes (several cells of a box-line
    /// intersection acting as one node).
    GroupedAic,
    /// Nice loop with grouped nodes.
    GroupedNiceLoop,
    /// Single-digit loop (SE "Bidirectional X-Cycle").
    XCycle,
    /// Bivalue-cell loop (SE "Bidirectional Y-Cycle").
    YCycle,
    /// SE's mixed X/Y loop ("Bidirectional XY-Cycle").
    XYCycle,
    /// SE "Forcing X-Chain" (one-digit forcing chain).
    ForcingXChain,
    /// SE "Forcing Y-Chain" (bivalue cells forcing chain).
    ForcingYChain,
    /// SE "Forcing XY-Chain".
    ForcingXYChain,
    // Almost locked sets and friends
    /// Two ALSs with a restricted common candidate.
    AlsXz,
    /// Three ALSs forming a wing.
    AlsXyWing,
    /// A chain of ALSs, each linked to the next by a restricted common candidate.
    AlsXyChain,
    /// A stem cell whose every candidate is linked to an ALS (a petal); a digit common to all
    /// petals is true in one of them.
    DeathBlossom,
    /// Sue de Coq.
    SueDeCoq,
    /// Aligned pair exclusion.
    AlignedPairExclusion,
    /// Aligned triplet exclusion.
    AlignedTripletExclusion,
    // Forcing chains
    /// Nishio (contradiction) forcing chain.
    NishioForcingChain,
    /// Cell forcing chains (every candidate of a cell leads to the same conclusion).
    CellForcingChain,
    /// Region (unit) forcing chains.
    RegionForcingChain,
    /// Contradiction forcing chain (assuming a candidate leads to a contradiction).
    ContradictionForcingChain,
    /// Double forcing chain (both values of a candidate lead to the same conclusion).
    DoubleForcingChain,
    /// Dynamic forcing chains.
    DynamicForcingChain,
    /// Dynamic forcing chains with one level of nesting (SE "Dynamic Forcing Chains (+)").
    DynamicForcingChainPlus,
    /// Nested forcing chains (SE levels 2-5).
    NestedForcingChain,
    /// A guess checked against the solution: the last resort, never a logical step.
    TrialAndError,
}

impl Technique {
    /// The name players know, as printed in explanations and JSON (`"Hidden Single"`, ...).
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            HiddenSingleBox | HiddenSingleRow | HiddenSingleColumn => "Hidden Single",
            NakedSingle => "Naked Single",
            DirectPointing => "Direct Pointing",
            DirectClaiming => "Direct Claiming",
            DirectHiddenPair => "Direct Hidden Pair",
            DirectHiddenTriple => "Direct Hidden Triplet",
            Pointing => "Pointing",
            Claiming => "Claiming",
            LockedPair => "Locked Pair",
            LockedTriple => "Locked Triple",
            NakedPair => "Naked Pair",
            HiddenPair => "Hidden Pair",
            NakedTriple => "Naked Triple",
            HiddenTriple => "Hidden Triple",
            NakedQuad => "Naked Quad",
            HiddenQuad => "Hidden Quad",
            XWing => "X-Wing",
            Swordfish => "Swordfish",
            Jellyfish => "Jellyfish",
            FinnedXWing => "Finned X-Wing",
            FinnedSwordfish => "Finned Swordfish",
            FinnedJellyfish => "Finned Jellyfish",
            SashimiXWing => "Sashimi X-Wing",
            SashimiSwordfish => "Sashimi Swordfish",
            SashimiJellyfish => "Sashimi Jellyfish",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "Empty Rectangle",
            XYWing => "XY-Wing",
            XYZWing => "XYZ-Wing",
            WWing => "W-Wing",
            SimpleColorsTrap => "Simple Colors Trap",
            SimpleColorsWrap => "Simple Colors Wrap",
            MultiColors => "Multi-Colors",
            UniqueRectangle1 => "Unique Rectangle Type 1",
            UniqueRectangle2 => "Unique Rectangle Type 2",
            UniqueRectangle3 => "Unique Rectangle Type 3",
            UniqueRectangle4 => "Unique Rectangle Type 4",
            UniqueRectangle5 => "Unique Rectangle Type 5",
            UniqueRectangle6 => "Unique Rectangle Type 6",
            HiddenRectangle => "Hidden Rectangle",
            UniqueLoop => "Unique Loop",
            Bug1 => "BUG+1",
            Bug2 => "BUG Type 2",
            Bug3 => "BUG Type 3",
            Bug4 => "BUG Type 4",
            RemotePair => "Remote Pair",
            XChain => "X-Chain",
            XYChain => "XY-Chain",
            Aic => "AIC",
            NiceLoop => "Nice Loop",
            GroupedAic => "Grouped AIC",
            GroupedNiceLoop => "Grouped Nice Loop",
            XCycle => "X-Cycle",
            YCycle => "Y-Cycle",
            XYCycle => "XY-Cycle",
            ForcingXChain => "Forcing X-Chain",
            ForcingYChain => "Forcing Y-Chain",
            ForcingXYChain => "Forcing XY-Chain",
            AlsXz => "ALS-XZ",
            AlsXyWing => "ALS-XY-Wing",
            AlsXyChain => "ALS-XY-Chain",
            DeathBlossom => "Death Blossom",
            SueDeCoq => "Sue de Coq",
            AlignedPairExclusion => "Aligned Pair Exclusion",
            AlignedTripletExclusion => "Aligned Triplet Exclusion",
            NishioForcingChain => "Nishio Forcing Chain",
            CellForcingChain => "Cell Forcing Chain",
            RegionForcingChain => "Region Forcing Chain",
            ContradictionForcingChain => "Contradiction Forcing Chain",
            DoubleForcingChain => "Double Forcing Chain",
            DynamicForcingChain => "Dynamic Forcing Chain",
            DynamicForcingChainPlus => "Dynamic Forcing Chain (+)",
            NestedForcingChain => "Nested Forcing Chain",
            TrialAndError => "Trial and Error",
        }
    }

    /// Whether the technique assumes the puzzle has exactly one solution.
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1
                | UniqueRectangle2
                | UniqueRectangle3
                | UniqueRectangle4
                | UniqueRectangle5
                | UniqueRectangle6
                | HiddenRectangle
                | UniqueLoop
                | Bug1
                | Bug2
                | Bug3
                | Bug4
        )
    }
}

impl Technique {
    /// Sudoku Explainer 1.2.1.3's base difficulty of the technique (`SE-SPEC.md` §4-5), or
    /// `None` where SE has no such technique (finned fish, skyscrapers, colouring, ALS, ...).
    /// Size, loop-length and chain-length bonuses are added per step (`crate::difficulty`).
    pub fn se_base(self) -> Option<f64> {
        use Technique::*;
        Some(match self {
            FullHouse => 1.0,
            HiddenSingleBox => 1.2,
            HiddenSingleRow | HiddenSingleColumn => 1.5,
            DirectPointing => 1.7,
            DirectClaiming => 1.9,
            DirectHiddenPair => 2.0,
            NakedSingle => 2.3,
            DirectHiddenTriple => 2.5,
            Pointing => 2.6,
            Claiming => 2.8,
            // SE finds a locked pair or triple as the naked set it is, in the box or the line.
            NakedPair | LockedPair => 3.0,
            XWing => 3.2,
            HiddenPair => 3.4,
            NakedTriple | LockedTriple => 3.6,
            Swordfish => 3.8,
            HiddenTriple => 4.0,
            XYWing => 4.2,
            XYZWing => 4.4,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
            | UniqueLoop => 4.5,
            NakedQuad => 5.0,
            Jellyfish => 5.2,
            HiddenQuad => 5.4,
            Bug1 => 5.6,
            Bug2 | Bug3 | Bug4 => 5.7,
            AlignedPairExclusion => 6.2,
            XCycle | YCycle => 6.5,
            ForcingXChain => 6.6,
            XYCycle | ForcingYChain | ForcingXYChain => 7.0,
            AlignedTripletExclusion => 7.5,
            NishioForcingChain => 7.5,
            CellForcingChain | RegionForcingChain => 8.0,
            ContradictionForcingChain | DoubleForcingChain | DynamicForcingChain => 8.5,
            DynamicForcingChainPlus => 9.0,
            NestedForcingChain => 9.5,
            _ => return None,
        })
    }
}

impl Technique {
    /// The stable code of the technique for `--techniques` lists: its name in lower case with
    /// words joined by `-` (`hidden-single`, `x-wing`, `2-string-kite`, `bug+1`,
    /// `dynamic-forcing-chain-plus`).
    pub fn code(self) -> String {
        let mut code = String::new();
        for ch in self.name().chars() {
            match ch {
                ' ' | '-' => {
                    if !code.ends_with('-') {
                        code.push('-');
                    }
                }
                '(' | ')' => {}
                c => code.extend(c.to_lowercase()),
            }
        }
        let code = code.trim_end_matches('-');
        // "Dynamic Forcing Chain (+)" reads "dynamic-forcing-chain-plus".
        match code.strip_suffix("-+") {
            Some(stem) => format!("{stem}-plus"),
            None => code.to_string(),
        }
    }
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
