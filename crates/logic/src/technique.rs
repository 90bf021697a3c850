//! The catalogue of techniques, as data: one [`Entry`] per technique with its name, family,
//! whether it assumes a unique solution, Sudoku Explainer's base difficulty, how the explaining
//! path finds it and its Learn paragraph. Names, codes for `--techniques`, families,
//! difficulties and the Learn view's texts are all read from it, and so is Sudoku Explainer's
//! order: [`SE_ORDER`] lists SE's producers, each with the techniques its hints are of.

use nonet_core::HouseKind;

use crate::chains::ChainLevel;

use crate::techniques::{
    aic, als, coloring, exclusion, fish, intersections, only, single_digit, singles, subsets,
    sue_de_coq, uniqueness, wings, Group, Search,
};

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
    /// A box (or a jigsaw's region) whose candidates of a digit lie on one row and one column,
    /// with a strong link.
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
    /// Alternating inference chain with grouped nodes (the cells where two houses meet, such
    /// as a box and a line, acting as one node).
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

/// A family of techniques: how players group them, and what `--techniques FAMILY` selects.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Family {
    /// Full house, hidden and naked singles.
    Singles,
    /// Sudoku Explainer's "direct" techniques (a step that at once yields a single).
    Direct,
    /// Pointing, claiming, locked pairs and triples.
    Intersections,
    /// Naked and hidden pairs, triples and quads.
    Subsets,
    /// Basic, finned and sashimi fish.
    Fish,
    /// Skyscraper, 2-string kite, turbot fish, empty rectangle.
    SingleDigit,
    /// XY-, XYZ- and W-Wing.
    Wings,
    /// Simple colours and multi-colours.
    Coloring,
    /// Techniques valid only for puzzles with one solution.
    Uniqueness,
    /// Chains and loops: remote pairs, X/XY-chains, cycles, AICs, nice loops.
    Chains,
    /// Almost locked sets and friends: ALS-XZ, -XY-Wing, -XY-Chain, Death Blossom, Sue de Coq,
    /// aligned exclusion.
    Als,
    /// Sudoku Explainer's forcing chains, the last logical resort.
    ForcingChains,
    /// A guess checked against the solution (never a logical step).
    Guess,
}

impl Family {
    /// Every family, in catalogue order.
    pub const ALL: [Family; 13] = [
        Family::Singles,
        Family::Direct,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigit,
        Family::Wings,
        Family::Coloring,
        Family::Uniqueness,
        Family::Chains,
        Family::Als,
        Family::ForcingChains,
        Family::Guess,
    ];

    /// The family's name for `--techniques` (`singles`, `single-digit`, `forcing-chains`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Direct => "direct",
            Family::Intersections => "intersections",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::SingleDigit => "single-digit",
            Family::Wings => "wings",
            Family::Coloring => "coloring",
            Family::Uniqueness => "uniqueness",
            Family::Chains => "chains",
            Family::Als => "als",
            Family::ForcingChains => "forcing-chains",
            Family::Guess => "guess",
        }
    }

    /// The family of a name (`colouring` is taken for `coloring`).
    pub fn from_name(name: &str) -> Option<Family> {
        let name = name.trim().to_ascii_lowercase();
        let name = if name == "colouring" {
            "coloring"
        } else {
            &name
        };
        Family::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The family's techniques, in catalogue order.
    pub fn techniques(self) -> impl Iterator<Item = Technique> {
        CATALOGUE
            .iter()
            .filter(move |e| e.family == self)
            .map(|e| e.technique)
    }
}

/// Where a technique's base difficulty comes from. Both are on Sudoku Explainer's scale, so
/// that every step of a path has a difficulty and the hardest is the largest.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Base {
    /// Sudoku Explainer 1.2.1.3's own base difficulty (`SE-SPEC.md` §4-5): the rater's.
    Se(f64),
    /// nonet's difficulty for a technique SE lacks, placed beside SE's techniques of the same
    /// power (`docs/rating.md`, "Techniques SE lacks"). The SE rater never reads it.
    Own(f64),
}

impl Base {
    /// The number, whoever set it.
    pub const fn value(self) -> f64 {
        match self {
            Base::Se(d) | Base::Own(d) => d,
        }
    }
}

/// One row of the catalogue: every fact about a technique that is not its sentence.
#[derive(Debug)]
pub struct Entry {
    /// The technique (the row's index is its place in the enum).
    pub technique: Technique,
    /// The name players know, as printed in explanations and JSON.
    pub name: &'static str,
    /// The family it belongs to.
    pub family: Family,
    /// Whether it assumes the puzzle has exactly one solution.
    pub needs_uniqueness: bool,
    /// The base difficulty on Sudoku Explainer's scale: SE 1.2.1.3's own (`SE-SPEC.md` §4-5),
    /// or nonet's where SE has no such technique (`docs/rating.md`, "Techniques SE lacks").
    /// Size, loop-length and chain-length bonuses are added per step (`crate::difficulty`).
    pub base: Base,
    /// How the explaining path finds it.
    pub(crate) search: Search,
    /// Whether it is found only on the standard layout: Sudoku Explainer's producers and
    /// chaining engine know only the standard houses, so the teacher leaves their techniques
    /// out on a variant's layout (all of `techniques/` runs on any layout).
    pub standard_layout_only: bool,
    /// One paragraph in plain words on what the technique looks for and why it works (the
    /// Learn view's; rows of one idea share their paragraph, see [`about`]).
    pub about: &'static str,
}

const fn row(
    technique: Technique,
    name: &'static str,
    family: Family,
    needs_uniqueness: bool,
    base: Base,
    search: Search,
) -> Entry {
    Entry {
        technique,
        name,
        family,
        needs_uniqueness,
        base,
        search,
        // Every finder of `techniques/` works on any layout; the others are Sudoku Explainer's
        // (see `Entry::standard_layout_only`), but for the guess, which needs no geometry.
        standard_layout_only: !matches!(search, Search::Alone(_) | Search::Together(_))
            && !matches!(technique, Technique::TrialAndError),
        about: about(technique),
    }
}

/// The Learn paragraph of `t`: what it looks for and why it works, in plain words. Techniques
/// that are one idea at several sizes or in several forms (the three hidden singles, the
/// naked subsets, the unique rectangles' types) share one paragraph.
const fn about(t: Technique) -> &'static str {
    use Technique::*;
    match t {
        FullHouse => "A house (row, column or box) with one empty cell left: the one digit it still lacks goes there. The first thing to look for, and the easiest.",
        HiddenSingleBox | HiddenSingleRow | HiddenSingleColumn => "Pick a digit and a house. If every cell of the house but one already sees that digit (in its row, column or box), the digit has only one place left in the house, and goes there, whatever else that cell could hold.",
        NakedSingle => "Look at one cell: if its row, column and box together already hold eight different digits, only the ninth can go in it. Hard to spot without candidates, easy with them.",
        DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple => "Sudoku Explainer's \"direct\" steps: an intersection or a hidden subset that at once leaves a single. The same reasoning as the technique it is named after, stopped at the digit it places, so only the placement is shown.",
        Pointing => "When a digit's only places in a box all lie in one row (or column), the digit of that box must sit in that line, so it can be removed from the rest of the line outside the box.",
        Claiming => "The reverse of pointing: when a digit's only places in a row (or column) all lie in one box, the line's digit must be in that box, so it can be removed from the box's other cells.",
        LockedPair | LockedTriple => "A naked pair (or triple) that sits in the intersection of a box and a line: the two (three) digits are locked in those cells, so they leave both the box and the line.",
        NakedPair | NakedTriple | NakedQuad => "Two cells of a house with the same two candidates (or three cells sharing three, four sharing four): those digits must fill those cells between them, in some order, so no other cell of the house can hold them.",
        HiddenPair | HiddenTriple | HiddenQuad => "Two digits that can go in only the same two cells of a house (three in three, four in four): those cells must hold those digits, so every other candidate in them can go.",
        XWing => "A digit that has exactly two places in each of two rows, and those places share the same two columns: the digit is in opposite corners of the rectangle, either way round, so both columns lose it everywhere else. The same holds with rows and columns swapped.",
        Swordfish | Jellyfish => "The X-Wing grown to three (four) lines: a digit whose places in three rows all fall in the same three columns. The rows must each put the digit in one of those columns, which fills the columns, so the columns lose it elsewhere.",
        FinnedXWing | FinnedSwordfish | FinnedJellyfish => "A fish with one or two extra candidates (the fin) in one box. Either the fish holds, or the digit sits in the fin: a cell that would lose the digit to the fish and also sees every fin loses it either way.",
        SashimiXWing | SashimiSwordfish | SashimiJellyfish => "A finned fish with a corner missing: without the fin it would not even be a fish. The same reasoning as the finned fish: only the cells that see the fin lose the digit.",
        Skyscraper => "Two rows each with a digit in exactly two places, lined up in one column at one end: one of the two other ends must hold the digit, so any cell that sees both of those ends cannot.",
        TwoStringKite => "A digit with two places in a row and two in a column, one of each in the same box: one of the two far ends must hold it, so a cell that sees both far ends loses the digit.",
        TurbotFish => "A chain of two strong links on one digit joined by a weak link: whichever way it falls, one of its two ends holds the digit, so a cell seeing both ends cannot.",
        EmptyRectangle => "A box whose places for a digit all lie on one row and one column (an L or a cross), paired with a line where the digit has two places: following the pair, one cell outside loses the digit.",
        XYWing => "A pivot cell with two candidates XY sees two pincers XZ and YZ. Whatever the pivot holds, one pincer becomes Z, so a cell that sees both pincers cannot hold Z.",
        XYZWing => "Like the XY-Wing, but the pivot holds XYZ: Z is in the pivot or in one of the pincers, so only a cell that sees all three loses Z.",
        WWing => "Two cells with the same two candidates XY, joined by a strong link on X (X has only two places in some house, one seeing each cell): one of the two cells is Y, so a cell seeing both loses Y.",
        SimpleColorsTrap | SimpleColorsWrap => "Colour a digit's chain of strong links in two colours: one colour is all true, the other all false. A cell that sees both colours loses the digit (trap); a colour that sees itself is false everywhere (wrap).",
        MultiColors => "Two separate colourings of one digit linked by a weak link: if two colours of different chains see each other, they cannot both be true, which removes the digit from cells seeing their partners.",
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle | UniqueLoop => "A puzzle has one solution, so four cells in two rows, two columns and two boxes can never end up as the same two digits in a swappable rectangle. The extra candidates that keep the rectangle from being deadly must therefore be used, which removes or places digits.",
        Bug1 | Bug2 | Bug3 | Bug4 => "The bivalue universal grave: if every empty cell had exactly two candidates and each digit two places per house, the puzzle would have two solutions. The few extra candidates that break this pattern must be true.",
        RemotePair => "A chain of cells all holding the same pair XY, each seeing the next: they alternate X, Y, X, Y. Two cells an odd number of links apart hold different digits, so a cell seeing both loses X and Y.",
        XChain | XCycle => "A chain on one digit that alternates strong links (the digit has two places in a house) and weak links (two places see each other). If the chain starts and ends with a strong link, one end holds the digit, so a cell seeing both ends loses it; closed into a loop it removes more.",
        XYChain | YCycle => "A chain of two-candidate cells: each cell's other digit is the next cell's first. One end holds the starting digit whatever happens, so a cell seeing both ends loses it.",
        Aic | GroupedAic | NiceLoop | GroupedNiceLoop | XYCycle => "An alternating inference chain mixes both: strong links (if this is not true, that is) and weak links (if this is true, that is not), across digits and cells, grouped cells included. Either its first or its last candidate is true, which removes whatever sees both.",
        ForcingXChain | ForcingYChain | ForcingXYChain => "Sudoku Explainer's forcing chains: suppose a candidate is true and follow what it forces, link by link. When both ways lead to the same conclusion, or one way to a contradiction, that conclusion holds.",
        AlsXz => "An almost locked set is N cells holding N+1 digits. Two such sets that share a restricted digit X (every X of one sees every X of the other) cannot both lose it, so a digit Z common to both is true in one of them: a cell seeing every Z of both loses Z.",
        AlsXyWing | AlsXyChain => "Almost locked sets linked like the cells of an XY-Wing or an XY-Chain: each restricted common digit forces the next set to lock, so the digit common to the two ends is true in one of them.",
        DeathBlossom => "A stem cell whose every candidate sees its own almost locked set (a petal): whatever the stem holds, one petal becomes locked, so a digit common to all petals leaves the cells that see all of its places.",
        SueDeCoq => "Two or three cells in the intersection of a box and a line holding more digits than cells, with helper cells in the box and the line that take the extras: the digits split between box and line, and each side loses them elsewhere.",
        AlignedPairExclusion | AlignedTripletExclusion => "Two (three) cells that see each other or share peers: list every combination of their candidates, drop those that empty a cell they both see, and a candidate found in no surviving combination can go.",
        NishioForcingChain => "Suppose a digit goes in a cell and follow its single-digit consequences: if that empties a house of the digit, the supposition was false and the candidate goes.",
        CellForcingChain | RegionForcingChain | DoubleForcingChain => "Try every candidate of a cell (or every place of a digit in a house): if all of them force the same conclusion, it holds whichever is true.",
        ContradictionForcingChain => "Suppose a candidate is true and follow the chain of consequences: when it forces a contradiction, the candidate was false.",
        DynamicForcingChain | DynamicForcingChainPlus | NestedForcingChain => "Forcing chains that grow as they go: each conclusion changes the board the next link is drawn on, and the strongest ones run smaller chains inside chains. These are the tools of the very hardest puzzles.",
        TrialAndError => "When no technique applies, try a digit and see whether it leads to a contradiction. Not a deduction: the engine uses it only as a last resort.",
    }
}

impl Entry {
    /// This row marked as found on every layout although Sudoku Explainer's engine finds it on
    /// the standard one (the teacher has its own search for the variants).
    const fn any_layout(mut self) -> Entry {
        self.standard_layout_only = false;
        self
    }
}

/// The catalogue: one row per technique, in the enum's order (a test checks it). Adding a
/// technique is a finder in `techniques/`, a row here and its sentence in `explain.rs`; the
/// teacher's order is `crate::path::ORDER`.
pub static CATALOGUE: [Entry; 79] = {
    use Base::*;
    use Family::*;
    use Technique::*;
    [
        row(
            FullHouse,
            "Full House",
            Singles,
            false,
            Se(1.0),
            Search::Alone(singles::full_house),
        ),
        row(
            HiddenSingleBox,
            "Hidden Single",
            Singles,
            false,
            Se(1.2),
            Search::Alone(|p| singles::hidden_single(p, HouseKind::Box)),
        ),
        row(
            HiddenSingleRow,
            "Hidden Single",
            Singles,
            false,
            Se(1.5),
            Search::Alone(|p| singles::hidden_single(p, HouseKind::Row)),
        ),
        row(
            HiddenSingleColumn,
            "Hidden Single",
            Singles,
            false,
            Se(1.5),
            Search::Alone(|p| singles::hidden_single(p, HouseKind::Column)),
        ),
        row(
            NakedSingle,
            "Naked Single",
            Singles,
            false,
            Se(2.3),
            Search::Alone(singles::naked_single),
        ),
        row(
            DirectPointing,
            "Direct Pointing",
            Direct,
            false,
            Se(1.7),
            Search::Elsewhere,
        ),
        row(
            DirectClaiming,
            "Direct Claiming",
            Direct,
            false,
            Se(1.9),
            Search::Elsewhere,
        ),
        row(
            DirectHiddenPair,
            "Direct Hidden Pair",
            Direct,
            false,
            Se(2.0),
            Search::Elsewhere,
        ),
        row(
            DirectHiddenTriple,
            "Direct Hidden Triplet",
            Direct,
            false,
            Se(2.5),
            Search::Elsewhere,
        ),
        row(
            Pointing,
            "Pointing",
            Intersections,
            false,
            Se(2.6),
            Search::Alone(intersections::pointing),
        ),
        row(
            Claiming,
            "Claiming",
            Intersections,
            false,
            Se(2.8),
            Search::Alone(intersections::claiming),
        ),
        row(
            LockedPair,
            "Locked Pair",
            Intersections,
            false,
            Se(3.0),
            Search::Alone(|p| intersections::locked_subset(p, 2)),
        ),
        row(
            LockedTriple,
            "Locked Triple",
            Intersections,
            false,
            Se(3.6),
            Search::Alone(|p| intersections::locked_subset(p, 3)),
        ),
        row(
            NakedPair,
            "Naked Pair",
            Subsets,
            false,
            Se(3.0),
            Search::Alone(|p| subsets::naked(p, 2)),
        ),
        row(
            HiddenPair,
            "Hidden Pair",
            Subsets,
            false,
            Se(3.4),
            Search::Alone(|p| subsets::hidden(p, 2)),
        ),
        row(
            NakedTriple,
            "Naked Triple",
            Subsets,
            false,
            Se(3.6),
            Search::Alone(|p| subsets::naked(p, 3)),
        ),
        row(
            HiddenTriple,
            "Hidden Triple",
            Subsets,
            false,
            Se(4.0),
            Search::Alone(|p| subsets::hidden(p, 3)),
        ),
        row(
            NakedQuad,
            "Naked Quad",
            Subsets,
            false,
            Se(5.0),
            Search::Alone(|p| subsets::naked(p, 4)),
        ),
        row(
            HiddenQuad,
            "Hidden Quad",
            Subsets,
            false,
            Se(5.4),
            Search::Alone(|p| subsets::hidden(p, 4)),
        ),
        row(
            XWing,
            "X-Wing",
            Fish,
            false,
            Se(3.2),
            Search::Alone(|p| fish::fish(p, 2, false)),
        ),
        row(
            Swordfish,
            "Swordfish",
            Fish,
            false,
            Se(3.8),
            Search::Alone(|p| fish::fish(p, 3, false)),
        ),
        row(
            Jellyfish,
            "Jellyfish",
            Fish,
            false,
            Se(5.2),
            Search::Alone(|p| fish::fish(p, 4, false)),
        ),
        row(
            FinnedXWing,
            "Finned X-Wing",
            Fish,
            false,
            Own(3.4),
            Search::Together(Group::FinnedFish2),
        ),
        row(
            FinnedSwordfish,
            "Finned Swordfish",
            Fish,
            false,
            Own(4.0),
            Search::Together(Group::FinnedFish3),
        ),
        row(
            FinnedJellyfish,
            "Finned Jellyfish",
            Fish,
            false,
            Own(5.4),
            Search::Together(Group::FinnedFish4),
        ),
        row(
            SashimiXWing,
            "Sashimi X-Wing",
            Fish,
            false,
            Own(3.5),
            Search::Together(Group::FinnedFish2),
        ),
        row(
            SashimiSwordfish,
            "Sashimi Swordfish",
            Fish,
            false,
            Own(4.1),
            Search::Together(Group::FinnedFish3),
        ),
        row(
            SashimiJellyfish,
            "Sashimi Jellyfish",
            Fish,
            false,
            Own(5.5),
            Search::Together(Group::FinnedFish4),
        ),
        row(
            Skyscraper,
            "Skyscraper",
            SingleDigit,
            false,
            Own(3.5),
            Search::Together(Group::Turbot),
        ),
        row(
            TwoStringKite,
            "2-String Kite",
            SingleDigit,
            false,
            Own(3.6),
            Search::Together(Group::Turbot),
        ),
        row(
            TurbotFish,
            "Turbot Fish",
            SingleDigit,
            false,
            Own(3.7),
            Search::Together(Group::Turbot),
        ),
        row(
            EmptyRectangle,
            "Empty Rectangle",
            SingleDigit,
            false,
            Own(3.7),
            Search::Alone(single_digit::empty_rectangle),
        ),
        row(
            XYWing,
            "XY-Wing",
            Wings,
            false,
            Se(4.2),
            Search::Alone(wings::xy_wing),
        ),
        row(
            XYZWing,
            "XYZ-Wing",
            Wings,
            false,
            Se(4.4),
            Search::Alone(wings::xyz_wing),
        ),
        row(
            WWing,
            "W-Wing",
            Wings,
            false,
            Own(4.4),
            Search::Alone(wings::w_wing),
        ),
        row(
            SimpleColorsTrap,
            "Simple Colors Trap",
            Coloring,
            false,
            Own(6.6),
            Search::Together(Group::SimpleColors),
        ),
        row(
            SimpleColorsWrap,
            "Simple Colors Wrap",
            Coloring,
            false,
            Own(6.6),
            Search::Together(Group::SimpleColors),
        ),
        row(
            MultiColors,
            "Multi-Colors",
            Coloring,
            false,
            Own(6.8),
            Search::Alone(coloring::multi_colors),
        ),
        row(
            UniqueRectangle1,
            "Unique Rectangle Type 1",
            Uniqueness,
            true,
            Se(4.5),
            Search::Together(Group::Rectangles),
        ),
        row(
            UniqueRectangle2,
            "Unique Rectangle Type 2",
            Uniqueness,
            true,
            Se(4.5),
            Search::Together(Group::Rectangles),
        ),
        row(
            UniqueRectangle3,
            "Unique Rectangle Type 3",
            Uniqueness,
            true,
            Se(4.5),
            Search::Together(Group::Rectangles),
        ),
        row(
            UniqueRectangle4,
            "Unique Rectangle Type 4",
            Uniqueness,
            true,
            Se(4.5),
            Search::Together(Group::Rectangles),
        ),
        row(
            UniqueRectangle5,
            "Unique Rectangle Type 5",
            Uniqueness,
            true,
            Own(4.5),
            Search::Together(Group::Rectangles),
        ),
        row(
            UniqueRectangle6,
            "Unique Rectangle Type 6",
            Uniqueness,
            true,
            Own(4.6),
            Search::Together(Group::Rectangles),
        ),
        row(
            HiddenRectangle,
            "Hidden Rectangle",
            Uniqueness,
            true,
            Own(4.6),
            Search::Together(Group::Rectangles),
        ),
        row(
            UniqueLoop,
            "Unique Loop",
            Uniqueness,
            true,
            Se(4.5),
            Search::Elsewhere,
        ),
        row(
            Bug1,
            "BUG+1",
            Uniqueness,
            true,
            Se(5.6),
            Search::Alone(uniqueness::bug_plus_one),
        ),
        row(
            Bug2,
            "BUG Type 2",
            Uniqueness,
            true,
            Se(5.7),
            Search::Elsewhere,
        ),
        row(
            Bug3,
            "BUG Type 3",
            Uniqueness,
            true,
            Se(5.7),
            Search::Elsewhere,
        ),
        row(
            Bug4,
            "BUG Type 4",
            Uniqueness,
            true,
            Se(5.7),
            Search::Elsewhere,
        ),
        row(
            RemotePair,
            "Remote Pair",
            Chains,
            false,
            Own(6.6),
            Search::Alone(|p| only(aic::find(p, Technique::RemotePair), Technique::RemotePair)),
        ),
        row(
            XChain,
            "X-Chain",
            Chains,
            false,
            Own(6.6),
            Search::Together(Group::XChains),
        ),
        row(
            XYChain,
            "XY-Chain",
            Chains,
            false,
            Own(6.6),
            Search::Together(Group::XYChains),
        ),
        row(
            Aic,
            "AIC",
            Chains,
            false,
            Own(7.0),
            Search::Together(Group::Aics),
        ),
        row(
            NiceLoop,
            "Nice Loop",
            Chains,
            false,
            Own(7.0),
            Search::Together(Group::Aics),
        ),
        row(
            GroupedAic,
            "Grouped AIC",
            Chains,
            false,
            Own(7.3),
            Search::Together(Group::GroupedAics),
        ),
        row(
            GroupedNiceLoop,
            "Grouped Nice Loop",
            Chains,
            false,
            Own(7.3),
            Search::Together(Group::GroupedAics),
        ),
        row(
            XCycle,
            "X-Cycle",
            Chains,
            false,
            Se(6.5),
            Search::Together(Group::XChains),
        ),
        row(
            YCycle,
            "Y-Cycle",
            Chains,
            false,
            Se(6.5),
            Search::Together(Group::XYChains),
        ),
        row(
            XYCycle,
            "XY-Cycle",
            ForcingChains,
            false,
            Se(7.0),
            Search::Elsewhere,
        ),
        row(
            ForcingXChain,
            "Forcing X-Chain",
            ForcingChains,
            false,
            Se(6.6),
            Search::Elsewhere,
        ),
        row(
            ForcingYChain,
            "Forcing Y-Chain",
            ForcingChains,
            false,
            Se(7.0),
            Search::Elsewhere,
        ),
        row(
            ForcingXYChain,
            "Forcing XY-Chain",
            ForcingChains,
            false,
            Se(7.0),
            Search::Elsewhere,
        ),
        row(
            AlsXz,
            "ALS-XZ",
            Als,
            false,
            Own(7.0),
            Search::Alone(als::als_xz),
        ),
        row(
            AlsXyWing,
            "ALS-XY-Wing",
            Als,
            false,
            Own(7.0),
            Search::Alone(als::als_xy_wing),
        ),
        row(
            AlsXyChain,
            "ALS-XY-Chain",
            Als,
            false,
            Own(7.0),
            Search::Alone(als::als_xy_chain),
        ),
        row(
            DeathBlossom,
            "Death Blossom",
            Als,
            false,
            Own(8.0),
            Search::Alone(als::death_blossom),
        ),
        row(
            SueDeCoq,
            "Sue de Coq",
            Als,
            false,
            Own(5.0),
            Search::Alone(sue_de_coq::sue_de_coq),
        ),
        row(
            AlignedPairExclusion,
            "Aligned Pair Exclusion",
            Als,
            false,
            Se(6.2),
            Search::Alone(|p| exclusion::aligned_exclusion(p, 2)),
        ),
        row(
            AlignedTripletExclusion,
            "Aligned Triplet Exclusion",
            Als,
            false,
            Se(7.5),
            Search::Alone(|p| exclusion::aligned_exclusion(p, 3)),
        ),
        row(
            NishioForcingChain,
            "Nishio Forcing Chain",
            ForcingChains,
            false,
            Se(7.5),
            Search::Elsewhere,
        ),
        row(
            CellForcingChain,
            "Cell Forcing Chain",
            ForcingChains,
            false,
            Se(8.0),
            Search::Elsewhere,
        ),
        row(
            RegionForcingChain,
            "Region Forcing Chain",
            ForcingChains,
            false,
            Se(8.0),
            Search::Elsewhere,
        ),
        row(
            ContradictionForcingChain,
            "Contradiction Forcing Chain",
            ForcingChains,
            false,
            Se(8.5),
            Search::Elsewhere,
        )
        .any_layout(),
        row(
            DoubleForcingChain,
            "Double Forcing Chain",
            ForcingChains,
            false,
            Se(8.5),
            Search::Elsewhere,
        ),
        row(
            DynamicForcingChain,
            "Dynamic Forcing Chain",
            ForcingChains,
            false,
            Se(8.5),
            Search::Elsewhere,
        ),
        row(
            DynamicForcingChainPlus,
            "Dynamic Forcing Chain (+)",
            ForcingChains,
            false,
            Se(9.0),
            Search::Elsewhere,
        ),
        row(
            NestedForcingChain,
            "Nested Forcing Chain",
            ForcingChains,
            false,
            Se(9.5),
            Search::Elsewhere,
        ),
        row(
            TrialAndError,
            "Trial and Error",
            Guess,
            false,
            Own(20.0),
            Search::Elsewhere,
        ),
    ]
};

/// One of Sudoku Explainer 1.2.1.3's producers, with the parameters that tell it from its
/// siblings (the same search at another size, or in its "direct" form).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeProducer {
    /// Full houses and hidden singles (box, then column, then row).
    HiddenSingle,
    /// Pointing and claiming; `direct`: only those that at once leave a hidden single.
    Locking {
        /// Whether only the direct form is sought.
        direct: bool,
    },
    /// Hidden pairs, triplets and quads of `size`; `direct`: only those that at once leave a
    /// hidden single.
    HiddenSet {
        /// Digits in the set.
        size: u8,
        /// Whether only the direct form is sought.
        direct: bool,
    },
    /// Naked singles.
    NakedSingle,
    /// Naked pairs, triplets and quads of `size`.
    NakedSet {
        /// Cells in the set.
        size: u8,
    },
    /// Basic fish of `size` lines.
    Fish {
        /// Base lines of the fish.
        size: u8,
    },
    /// XY-Wing, or XYZ-Wing when `xyz`.
    XyWing {
        /// Whether the pivot holds the third digit too.
        xyz: bool,
    },
    /// Unique rectangles and loops, types 1-4.
    UniqueLoops,
    /// BUG types 1-4.
    Bug,
    /// Aligned pair exclusion.
    AlignedPair,
    /// Bidirectional cycles and forcing X/Y/XY chains (the static chains).
    StaticChains,
    /// Aligned triplet exclusion.
    AlignedTriplet,
    /// The chaining engine's forcing chains at one level, Nishio and beyond.
    Chains(ChainLevel),
}

impl SeProducer {
    /// Whether the producer is one of SE's first twenty (singles to aligned pair exclusion,
    /// every hint rated below the chains), which the rater asks before any chain.
    pub fn is_basic(self) -> bool {
        !matches!(
            self,
            SeProducer::StaticChains | SeProducer::AlignedTriplet | SeProducer::Chains(_)
        )
    }
}

/// One producer in Sudoku Explainer's order and the catalogue's techniques its hints are of.
#[derive(Debug)]
pub struct SeStage {
    /// The producer.
    pub producer: SeProducer,
    /// The techniques of its hints (each has an SE base difficulty in the catalogue).
    pub yields: &'static [Technique],
}

/// Sudoku Explainer 1.2.1.3's producers in its exact order (SE-SPEC §3): the rater asks them
/// one after the other and takes the first hint. A producer that yields several techniques
/// (hidden singles in a box, column or row; locking as pointing or claiming) is one stage.
pub static SE_ORDER: [SeStage; 30] = {
    use SeProducer::*;
    use Technique::*;
    const fn stage(producer: SeProducer, yields: &'static [Technique]) -> SeStage {
        SeStage { producer, yields }
    }
    const fn hidden(size: u8, direct: bool) -> SeProducer {
        HiddenSet { size, direct }
    }
    [
        stage(
            HiddenSingle,
            &[
                FullHouse,
                HiddenSingleBox,
                HiddenSingleColumn,
                HiddenSingleRow,
            ],
        ),
        stage(Locking { direct: true }, &[DirectPointing, DirectClaiming]),
        stage(hidden(2, true), &[DirectHiddenPair]),
        stage(SeProducer::NakedSingle, &[Technique::NakedSingle]),
        stage(hidden(3, true), &[DirectHiddenTriple]),
        stage(Locking { direct: false }, &[Pointing, Claiming]),
        stage(NakedSet { size: 2 }, &[NakedPair]),
        stage(Fish { size: 2 }, &[XWing]),
        stage(hidden(2, false), &[HiddenPair]),
        stage(NakedSet { size: 3 }, &[NakedTriple]),
        stage(Fish { size: 3 }, &[Swordfish]),
        stage(hidden(3, false), &[HiddenTriple]),
        stage(XyWing { xyz: false }, &[XYWing]),
        stage(XyWing { xyz: true }, &[XYZWing]),
        stage(
            UniqueLoops,
            &[
                UniqueRectangle1,
                UniqueRectangle2,
                UniqueRectangle3,
                UniqueRectangle4,
                UniqueLoop,
            ],
        ),
        stage(NakedSet { size: 4 }, &[NakedQuad]),
        stage(Fish { size: 4 }, &[Jellyfish]),
        stage(hidden(4, false), &[HiddenQuad]),
        stage(Bug, &[Bug1, Bug2, Bug3, Bug4]),
        stage(AlignedPair, &[AlignedPairExclusion]),
        stage(
            StaticChains,
            &[XCycle, YCycle, XYCycle, ForcingXChain, ForcingXYChain],
        ),
        stage(AlignedTriplet, &[AlignedTripletExclusion]),
        stage(Chains(ChainLevel::Nishio), &[NishioForcingChain]),
        stage(
            Chains(ChainLevel::Multiple),
            &[CellForcingChain, RegionForcingChain],
        ),
        stage(Chains(ChainLevel::Dynamic), &[DynamicForcingChain]),
        stage(Chains(ChainLevel::DynamicPlus), &[DynamicForcingChainPlus]),
        stage(Chains(ChainLevel::Nested(2)), &[NestedForcingChain]),
        stage(Chains(ChainLevel::Nested(3)), &[NestedForcingChain]),
        stage(Chains(ChainLevel::Nested(4)), &[NestedForcingChain]),
        stage(Chains(ChainLevel::Nested(5)), &[NestedForcingChain]),
    ]
};

impl Technique {
    /// The technique's row of the [`CATALOGUE`].
    pub(crate) fn entry(self) -> &'static Entry {
        &CATALOGUE[self as usize]
    }

    /// Every technique, in catalogue order.
    pub fn all() -> impl Iterator<Item = Technique> {
        CATALOGUE.iter().map(|e| e.technique)
    }

    /// The name players know, as printed in explanations and JSON (`"Hidden Single"`, ...).
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The technique's family.
    pub fn family(self) -> Family {
        self.entry().family
    }

    /// Whether the technique assumes the puzzle has exactly one solution.
    pub fn needs_uniqueness(self) -> bool {
        self.entry().needs_uniqueness
    }

    /// Whether it is found only on the standard layout: Sudoku Explainer's producers and
    /// chaining engine know only the standard houses, so a teacher on a variant's layout
    /// leaves it out.
    pub fn standard_layout_only(self) -> bool {
        self.entry().standard_layout_only
    }

    /// Sudoku Explainer 1.2.1.3's base difficulty of the technique (`SE-SPEC.md` §4-5), or
    /// `None` where SE has no such technique (finned fish, skyscrapers, colouring, ALS, ...).
    /// Size, loop-length and chain-length bonuses are added per step (`crate::difficulty`).
    pub fn se_base(self) -> Option<f64> {
        match self.entry().base {
            Base::Se(d) => Some(d),
            Base::Own(_) => None,
        }
    }

    /// The technique's base difficulty on Sudoku Explainer's scale: SE's own
    /// ([`Technique::se_base`]), else nonet's for a technique SE lacks (`docs/rating.md`,
    /// "Techniques SE lacks"). Every technique has one.
    pub fn base(self) -> f64 {
        self.entry().base.value()
    }

    /// One paragraph in plain words on what the technique looks for and why it works (the
    /// Learn view's text; techniques of one idea share it).
    pub fn about(self) -> &'static str {
        self.entry().about
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

/// A technique name that names no technique: no code, name or identifier of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown technique '{0}' (see `nonet explain --list-techniques`)")]
pub struct UnknownTechnique(pub String);

impl Technique {
    /// Every technique `name` names, in catalogue order: the one reader of technique names
    /// for every face (`--techniques`, `generate --technique`, check-step's claims, the
    /// server's Learn and coach endpoints, Python). `name` is, in any case and with blanks
    /// around it ignored, a [`Technique::code`] (`x-wing`; `hidden-single` names the box, row
    /// and column forms, which share it), a [`Technique::name`] (`X-Wing`, `Hidden Single`) or
    /// the Rust identifier (`XWing`, `HiddenSingleBox`: that one form), which older inputs used.
    pub fn named(name: &str) -> Result<Vec<Technique>, UnknownTechnique> {
        let wanted = name.trim().to_ascii_lowercase();
        let found: Vec<Technique> = Technique::all()
            .filter(|t| {
                t.code() == wanted
                    || t.name().eq_ignore_ascii_case(&wanted)
                    // The identifier is an accepted alias only, never written out.
                    || format!("{t:?}").eq_ignore_ascii_case(&wanted)
            })
            .collect();
        if found.is_empty() {
            Err(UnknownTechnique(name.trim().to_string()))
        } else {
            Ok(found)
        }
    }
}

impl std::str::FromStr for Technique {
    type Err = UnknownTechnique;

    /// The first technique `s` names ([`Technique::named`]): a shared code reads as its first
    /// form (`hidden-single` as the box form), whose code is the same.
    fn from_str(s: &str) -> Result<Technique, UnknownTechnique> {
        Technique::named(s).map(|found| found[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::{forcing_techniques, ORDER};
    use crate::techniques::Search;

    #[test]
    fn each_row_sits_at_its_techniques_place() {
        for (i, e) in CATALOGUE.iter().enumerate() {
            assert_eq!(e.technique as usize, i, "{:?}", e.technique);
        }
    }

    #[test]
    fn every_technique_of_the_teachers_order_has_a_finder() {
        for &t in ORDER {
            assert!(
                !matches!(t.entry().search, Search::Elsewhere),
                "{t:?} is in ORDER but nothing here finds it"
            );
        }
    }

    #[test]
    fn forcing_chains_are_found_by_the_chaining_engine_only() {
        for t in forcing_techniques() {
            if t.family() == Family::ForcingChains {
                assert!(matches!(t.entry().search, Search::Elsewhere), "{t:?}");
            }
        }
    }

    #[test]
    fn codes_name_one_technique_each_or_its_box_row_column_forms() {
        for a in Technique::all() {
            for b in Technique::all() {
                if a != b && a.code() == b.code() {
                    assert_eq!(a.name(), b.name(), "{a:?} and {b:?} share a code");
                }
            }
        }
    }

    #[test]
    fn se_order_asks_each_producer_once_basic_ones_first() {
        for (i, a) in SE_ORDER.iter().enumerate() {
            for b in &SE_ORDER[i + 1..] {
                assert_ne!(a.producer, b.producer);
                assert!(
                    a.producer.is_basic() || !b.producer.is_basic(),
                    "{b:?} after {a:?}"
                );
            }
        }
        // SE-SPEC §3: twenty producers before the chains.
        assert_eq!(
            SE_ORDER.iter().filter(|st| st.producer.is_basic()).count(),
            20
        );
    }

    #[test]
    fn every_technique_an_se_producer_yields_has_an_se_base() {
        for stage in &SE_ORDER {
            assert!(!stage.yields.is_empty(), "{:?}", stage.producer);
            for t in stage.yields {
                assert!(t.se_base().is_some(), "{t:?} of {:?}", stage.producer);
            }
        }
    }

    #[test]
    fn every_row_reads_back_from_its_code_name_and_identifier() {
        for t in Technique::all() {
            let code = t.code();
            let by_code = Technique::named(&code).unwrap();
            assert!(by_code.contains(&t), "{code}");
            assert!(by_code.iter().all(|o| o.code() == code), "{code}");
            let parsed: Technique = code.parse().unwrap();
            assert_eq!(parsed.code(), code);
            assert_eq!(parsed, by_code[0]);
            assert!(
                Technique::named(t.name()).unwrap().contains(&t),
                "{}",
                t.name()
            );
            let upper = format!("  {}  ", t.name().to_uppercase());
            assert!(Technique::named(&upper).unwrap().contains(&t), "{upper}");
            // The identifier names its own form only.
            assert_eq!(format!("{t:?}").parse::<Technique>(), Ok(t));
            assert_eq!(Technique::named(&format!("{t:?}")).unwrap(), vec![t]);
        }
    }

    #[test]
    fn unknown_technique_names_say_which_name() {
        for bad in ["", "  ", "telepathy", "x_wing", "hidden-single,x-wing"] {
            let err = Technique::named(bad).unwrap_err();
            assert_eq!(err, UnknownTechnique(bad.trim().to_string()));
            assert!(err.to_string().contains("unknown technique"), "{err}");
        }
        assert_eq!(
            Technique::named("hidden-single").unwrap(),
            [
                Technique::HiddenSingleBox,
                Technique::HiddenSingleRow,
                Technique::HiddenSingleColumn
            ]
        );
        assert_eq!(" X-Wing ".parse(), Ok(Technique::XWing));
    }

    #[test]
    fn every_row_has_a_learn_paragraph_shared_by_its_code() {
        for t in Technique::all() {
            assert!(t.about().len() > 60, "{t:?}: {:?}", t.about());
            // The Learn view shows one paragraph per code (the hidden singles are one).
            for o in Technique::all() {
                if o.code() == t.code() {
                    assert_eq!(o.about(), t.about(), "{t:?} and {o:?}");
                }
            }
        }
    }

    #[test]
    fn family_names_read_back() {
        for f in Family::ALL {
            assert_eq!(Family::from_name(f.name()), Some(f));
        }
        assert_eq!(Family::from_name("Colouring"), Some(Family::Coloring));
        assert_eq!(Family::from_name("nope"), None);
        // ALS-XY-Chain and Death Blossom were missing from `--techniques als` before the
        // catalogue held the families.
        let als: Vec<Technique> = Family::Als.techniques().collect();
        assert!(als.contains(&Technique::AlsXyChain) && als.contains(&Technique::DeathBlossom));
    }
}
