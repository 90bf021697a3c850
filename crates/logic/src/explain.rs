//! Plain-English explanations rendered from a [`Step`]'s data, and progressive hints.
//!
//! A sentence says what the step concludes, then why, in words a newcomer can follow, then
//! names the technique: "7 can't go in r1c2 or r6c8: in row 4, 7 can only go in r4c2 or r4c8,
//! and in row 9 only in r9c2 or r9c8. Those two 7s take columns 2 and 8 between them, one
//! each, so no other cell of those columns can be 7 (an X-Wing)." A chain is walked link by
//! link in the sentence ("if r5c6 isn't 6, then r3c6 is 6; then r3c9 isn't 6; ..."), keeps
//! its expert notation as a second line ([`notation`]), and gives its links as data with the
//! house or cell that makes each ([`chain_links`]). Nothing here is stored: it is all derived
//! from the step, so the words always agree with the move.

use std::fmt::Write;

use nonet_core::{Cell, CellSet, Digit, DigitSet, House, HouseKind, Layout, PencilMarks};

use crate::step::{Candidate, Chain, ChainLink, ChainNode, LinkKind, Step};
use crate::technique::Technique;

/// How much a hint gives away.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum HintLevel {
    /// Only the technique's name.
    Technique,
    /// The technique and where to look (houses or cells).
    Area,
    /// The whole move, explained.
    Move,
}

/// A hint level name that is not one of the three.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown hint level '{0}' (expected technique, area or move)")]
pub struct UnknownHintLevel(pub String);

impl std::str::FromStr for HintLevel {
    type Err = UnknownHintLevel;
    fn from_str(s: &str) -> Result<HintLevel, UnknownHintLevel> {
        match s {
            "technique" | "1" => Ok(HintLevel::Technique),
            "area" | "2" => Ok(HintLevel::Area),
            "move" | "3" => Ok(HintLevel::Move),
            other => Err(UnknownHintLevel(other.to_string())),
        }
    }
}

/// The hint for `step` at `level`.
pub fn hint_text(step: &Step, layout: &Layout, level: HintLevel) -> String {
    let name = step.technique.name();
    match level {
        HintLevel::Technique => format!("Look for {}.", with_article(name)),
        HintLevel::Area => {
            let area = if !step.houses.is_empty() {
                houses_text(layout, &step.houses)
            } else {
                step.cells.to_string()
            };
            let digits = if step.digits.is_empty() || !step.area_names_digits() {
                String::new()
            } else {
                format!(" on {}", digit_list(step.digits))
            };
            format!("Look for {}{digits} in {area}.", with_article(name))
        }
        HintLevel::Move => explain(step, layout),
    }
}

/// "an X-Wing", "a Swordfish", "an ALS-XZ", "a 2-String Kite".
fn with_article(name: &str) -> String {
    if name.starts_with("Trial") {
        return "a guess (Trial and Error)".to_string();
    }
    // By sound: X and ALS start with a vowel sound, "Unique" does not.
    let vowel = name.starts_with('X')
        || name.starts_with("ALS")
        || name.starts_with("AIC")
        || (matches!(name.chars().next(), Some('A' | 'E' | 'I' | 'O'))
            && !name.starts_with("Unique"));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// "3", "3 and 7", "2, 3 and 7".
fn digit_list(ds: DigitSet) -> String {
    join_words(&ds.iter().map(|d| d.to_string()).collect::<Vec<_>>())
}

/// "a", "a and b", "a, b and c".
fn join_words(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// "a or b", "a, b or c".
fn join_or(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn cells_of(cands: &[Candidate]) -> CellSet {
    cands.iter().map(|c| c.cell).collect()
}

fn cell_names(cells: CellSet) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

fn houses_text(layout: &Layout, hs: &[House]) -> String {
    // "rows 4 and 9" when all of one kind, else each named.
    if hs.is_empty() {
        return String::new();
    }
    let kind = hs[0].kind();
    // The two diagonals have names of their own, not numbers.
    if hs.len() > 1
        && kind != nonet_core::HouseKind::Diagonal
        && hs.iter().all(|h| h.kind() == kind)
    {
        let plural = match kind {
            nonet_core::HouseKind::Row => "rows",
            nonet_core::HouseKind::Column => "columns",
            nonet_core::HouseKind::Box => "boxes",
            nonet_core::HouseKind::Region => "regions",
            nonet_core::HouseKind::Diagonal => unreachable!("diagonals are named one by one"),
            nonet_core::HouseKind::Window => "windows",
        };
        let nums: Vec<String> = hs
            .iter()
            .map(|&h| match layout.name(h).label() {
                Some(label) => label.to_string(),
                None => (h.number() + 1).to_string(),
            })
            .collect();
        format!("{plural} {}", join_words(&nums))
    } else {
        join_words(
            &hs.iter()
                .map(|&h| layout.name(h).to_string())
                .collect::<Vec<_>>(),
        )
    }
}

/// The expert notation of a step with a chain: each branch in Eureka-like notation, then
/// `=>` and the step's conclusion in HoDoKu's short form (`r5c7<>6`, `r4c7=3`).
pub fn notation(step: &Step) -> Option<String> {
    let chain = step.chain.as_ref().filter(|c| !c.branches.is_empty())?;
    let mut effects: Vec<String> = step
        .placement
        .map(|p| format!("{}={}", p.cell, p.digit))
        .into_iter()
        .collect();
    effects.extend(
        step.eliminations
            .iter()
            .map(|e| format!("{}<>{}", e.cell, e.digit)),
    );
    let mut s = chain_notation(chain);
    if !effects.is_empty() {
        let _ = write!(s, " => {}", effects.join(", "));
    }
    Some(s)
}

/// "two", "three", "four" (the size of a subset or a fish).
fn number_word(n: usize) -> String {
    match n {
        1 => "one".to_string(),
        2 => "two".to_string(),
        3 => "three".to_string(),
        4 => "four".to_string(),
        n => n.to_string(),
    }
}

/// What a step concludes, as a clause: "r4c7 is 3", "4 can't go in r5c1, r5c7 or r5c8",
/// "r1c1 can't be 2, 3 or 5". Eliminations are grouped by digit or by cell, whichever takes
/// fewer groups (a naked pair removes digits from cells, a hidden pair clears cells).
pub fn conclusion(step: &Step) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(p) = step.placement {
        parts.push(format!("{} is {}", p.cell, p.digit));
    }
    let mut by_digit: Vec<(Digit, Vec<String>)> = Vec::new();
    let mut by_cell: Vec<(Cell, Vec<String>)> = Vec::new();
    for e in &step.eliminations {
        match by_digit.iter_mut().find(|(d, _)| *d == e.digit) {
            Some((_, v)) => v.push(e.cell.to_string()),
            None => by_digit.push((e.digit, vec![e.cell.to_string()])),
        }
        match by_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, v)) => v.push(e.digit.to_string()),
            None => by_cell.push((e.cell, vec![e.digit.to_string()])),
        }
    }
    let groups: Vec<String> = if by_cell.len() < by_digit.len() {
        by_cell
            .iter()
            .map(|(c, ds)| format!("{c} can't be {}", join_or(ds)))
            .collect()
    } else {
        by_digit
            .iter()
            .map(|(d, cs)| format!("{d} can't go in {}", join_or(cs)))
            .collect()
    };
    parts.extend(groups);
    match parts.len() {
        0 => "nothing changes".to_string(),
        1 | 2 => parts.join(", and "),
        n => format!("{}; and {}", parts[..n - 1].join("; "), parts[n - 1]),
    }
}

/// The cells a step removes candidates from.
fn victims(step: &Step) -> CellSet {
    step.eliminations.cells()
}

/// "r5c7 sees", "r5c7 and r5c8 see": the victims as the subject of "see".
fn victims_see(step: &Step) -> String {
    let v = victims(step);
    let names = join_words(&cell_names(v));
    if v.len() == 1 {
        format!("{names} sees")
    } else {
        format!("{names} see")
    }
}

/// One or two sentences explaining `step`: what it concludes, why, and the technique's name.
pub fn explain(step: &Step, layout: &Layout) -> String {
    let text = explain_raw(step, layout);
    // A sentence opening with a digit or a cell name (r4c7) keeps it; a word gets a capital.
    let mut chars = text.chars();
    match chars.next() {
        Some(c) if c.is_ascii_lowercase() && !starts_with_cell(&text) => {
            format!("{}{}", c.to_ascii_uppercase(), chars.as_str())
        }
        _ => text,
    }
}

/// Whether `text` opens with a cell name such as `r4c7`.
fn starts_with_cell(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 4 && b[0] == b'r' && b[1].is_ascii_digit() && b[2] == b'c' && b[3].is_ascii_digit()
}

/// The cells of `cands` in `house` when `house` is a row or a column (a fish's and an empty
/// rectangle's lines, the same on every layout).
fn in_line(house: House, cell: Cell) -> bool {
    match house.kind() {
        HouseKind::Row => cell.row() == house.number(),
        HouseKind::Column => cell.col() == house.number(),
        _ => false,
    }
}

/// The row or column two cells share, if any.
fn shared_line(a: Cell, b: Cell) -> Option<House> {
    if a.row() == b.row() {
        Some(House::row(a.row()))
    } else if a.col() == b.col() {
        Some(House::column(a.col()))
    } else {
        None
    }
}

/// The digits of `step.pattern` in `cell`.
fn pattern_digits(step: &Step, cell: Cell) -> DigitSet {
    step.pattern
        .iter()
        .filter(|c| c.cell == cell)
        .map(|c| c.digit)
        .collect()
}

fn explain_raw(step: &Step, layout: &Layout) -> String {
    use Technique::*;
    let name = step.technique.name();
    let dtext = digit_list(step.digits);
    let so = conclusion(step);
    if let Some(p) = step.placement {
        if let Some(text) = placing_text(step, layout, p, &so) {
            return text;
        }
    }
    match step.technique {
        Pointing | Claiming => format!(
            "{so}: in {}, {dtext} can only go in {}, {} in {}, so the {dtext} of {} must be \
             one of those cells ({name}, a kind of locked candidates).",
            houses_text(layout, &step.houses),
            join_or(&cell_names(step.cells)),
            if step.cells.len() == 2 { "both" } else { "all" },
            houses_text(layout, &step.cover_houses),
            houses_text(layout, &step.cover_houses),
        ),
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad => {
            let n = number_word(step.cells.len());
            format!(
                "{so}: {}, {} in {}, can only hold {dtext}; those {n} cells must take those {n} \
                 digits, so no other cell there can ({}).",
                join_words(&cell_names(step.cells)),
                if step.cells.len() == 2 { "both" } else { "all" },
                houses_text(layout, &step.houses),
                with_article(name),
            )
        }
        HiddenPair | HiddenTriple | HiddenQuad => {
            let n = number_word(step.cells.len());
            format!(
                "{so}: in {}, {dtext} can only go in {}; those {n} digits fill those {n} \
                 cells, which leaves no room there for any other digit ({}).",
                houses_text(layout, &step.houses),
                join_words(&cell_names(step.cells)),
                with_article(name),
            )
        }
        XWing | Swordfish | Jellyfish | FinnedXWing | FinnedSwordfish | FinnedJellyfish
        | SashimiXWing | SashimiSwordfish | SashimiJellyfish => fish_text(step, layout, name, so),
        Skyscraper | TwoStringKite | TurbotFish | XChain | XYChain | RemotePair | Aic
        | GroupedAic | XCycle | YCycle | XYCycle | NiceLoop | GroupedNiceLoop | ForcingXChain
        | ForcingYChain | ForcingXYChain => chain_text(step, layout, so),
        EmptyRectangle => empty_rectangle_text(step, layout, so),
        XYWing | XYZWing => wing_text(step, layout, so),
        WWing => {
            let ends = cells_of(&step.pattern);
            let z = step
                .eliminations
                .first()
                .map(|e| e.digit)
                .unwrap_or_else(|| step.digits.first().expect("a digit"));
            let x = step.secondary.first().map(|c| c.digit).unwrap_or(z);
            let link = cells_of(&step.secondary);
            format!(
                "{so}: {} both hold only {dtext}. In {}, {x} can only go in {}, and each of \
                 these sees one of the two cells, so they can't both be {x}: one of them is \
                 {z}, and {} both ({}).",
                join_words(&cell_names(ends)),
                houses_text(layout, &step.houses),
                join_or(&cell_names(link)),
                victims_see(step),
                with_article(name),
            )
        }
        MultiColors => format!(
            "{so}: following the houses where {dtext} has just two places, its cells form two \
             separate chains, each coloured in two alternating colours, one of which holds \
             every {dtext} of its chain and the other none. A cell of one chain sees a cell of \
             the other, so those two colours can't both be true; every way the colours can \
             then fall rules this out ({}).",
            with_article(name),
        ),
        SimpleColorsTrap | SimpleColorsWrap => {
            let a = join_words(&cell_names(cells_of(&step.pattern)));
            let b = join_words(&cell_names(cells_of(&step.secondary)));
            let why = if step.technique == SimpleColorsWrap {
                "two cells of one colour see each other, so that colour is the false one"
                    .to_string()
            } else {
                format!(
                    "whichever colour is true, {} a cell of it",
                    victims_see(step)
                )
            };
            format!(
                "{so}: following the houses where {dtext} has just two places, its cells take \
                 two alternating colours, one of which holds every {dtext} of the group and \
                 the other none: {a} on one side, {b} on the other; {why} ({}).",
                with_article(name),
            )
        }
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
        | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle => rectangle_text(step, layout, so),
        Bug1 => format!(
            "{so}: every empty cell but {} has exactly two candidates. If {} were not {dtext}, \
             each digit would have two places left in every house, a pattern that always has \
             two solutions ({}, valid only for a puzzle with one solution).",
            step.cells,
            step.cells,
            with_article(name),
        ),
        AlsXz | AlsXyWing | AlsXyChain | DeathBlossom => als_text(step, so),
        SueDeCoq => sue_de_coq_text(step, layout, so),
        AlignedPairExclusion | AlignedTripletExclusion => format!(
            "{so}: trying every combination of digits for {}, the ones with it would either \
             put one digit twice in a house or leave one of {} (which see them all) with no \
             digit ({}).",
            join_words(&cell_names(cells_of(&step.pattern))),
            join_words(&cell_names(cells_of(&step.secondary))),
            with_article(name),
        ),
        _ => match &step.chain {
            Some(chain) if !chain.branches.is_empty() => forcing_text(step, chain, so),
            _ => se_text(step, layout, so),
        },
    }
}

/// The sentence of a technique that only places (the singles, a guess), given what it places
/// `p`; `None` for the others.
fn placing_text(step: &Step, layout: &Layout, p: Candidate, so: &str) -> Option<String> {
    use Technique::*;
    Some(match step.technique {
        FullHouse => format!(
            "{so}: it is the last empty cell of {}, and {} is the one digit missing there \
             (a Full House).",
            houses_text(layout, &step.houses),
            p.digit
        ),
        HiddenSingleBox | HiddenSingleRow | HiddenSingleColumn => format!(
            "{so}: it is the only cell of {} where {} can still go (a Hidden Single).",
            houses_text(layout, &step.houses),
            p.digit
        ),
        NakedSingle => format!(
            "{so}: it is the only digit still possible in {} (a Naked Single).",
            p.cell
        ),
        TrialAndError => format!(
            "{so}: no technique applies here, so this is a guess among {} for {}, \
             checked against the solution (Trial and Error, not logic).",
            digit_list(step.digits),
            p.cell
        ),
        _ => return None,
    })
}

/// Sudoku Explainer's own steps, which carry their cells and digits but no houses (and no
/// chain for some chaining steps): direct intersections and hidden subsets, unique loops, BUG
/// types 2-4, chains known only by their result.
fn se_text(step: &Step, layout: &Layout, so: String) -> String {
    use Technique::*;
    let name = with_article(step.technique.name());
    let cells = join_words(&cell_names(step.cells));
    let ds = digit_list(step.digits);
    let placed = step.placement;
    match (step.technique, placed) {
        (DirectPointing | DirectClaiming, Some(p)) => format!(
            "{so}: in one house, {ds} can only go in {cells}, which share a second house too, \
             so {ds} can't go anywhere else in that second house; then {} is the only place \
             left for {} in one of its houses ({name}).",
            p.cell, p.digit
        ),
        (DirectHiddenPair | DirectHiddenTriple, Some(p)) => format!(
            "{so}: in their house, {ds} can only go in {cells}, so those cells hold them and \
             nothing else; then {} is the only place left for {} in one of its houses ({name}).",
            p.cell, p.digit
        ),
        (UniqueLoop, _) => format!(
            "{so}: the cells {cells} form a closed loop through rows, columns and boxes, \
             holding {ds} (and a few extra candidates). If the extras were gone, {ds} could be \
             swapped all round the loop to give a second solution, so the extras can't all go \
             ({name}, valid only for a puzzle with one solution)."
        ),
        (Bug2 | Bug3 | Bug4, _) => format!(
            "{so}: without the extra candidates of {cells}, every empty cell would have two \
             candidates and each digit two places in every house, a pattern that always has \
             two solutions; so one of those extras is true, and each of them rules this out \
             ({name}, valid only for a puzzle with one solution)."
        ),
        (NestedForcingChain, _) => format!(
            "{so}: assuming otherwise leads, through forcing chains that themselves use \
             forcing chains, to a contradiction ({name})."
        ),
        (DoubleForcingChain | ContradictionForcingChain, _) => format!(
            "{so}: assuming otherwise leads, through chains of links, to a contradiction or \
             to the same result every way ({name})."
        ),
        (XYCycle | ForcingXChain | ForcingYChain | ForcingXYChain, _) => format!(
            "{so}: a chain of strong and weak links{} through {cells} rules it out ({name}).",
            if ds.is_empty() {
                String::new()
            } else {
                format!(" on {ds}")
            }
        ),
        _ => fallback_text(step, layout, so),
    }
}

/// Sudoku Explainer's own steps with no chain (direct intersections and hidden subsets,
/// unique loops, BUG types 2-4): the conclusion, where the pattern lies and the name.
fn fallback_text(step: &Step, layout: &Layout, so: String) -> String {
    let mut whence = Vec::new();
    if !step.houses.is_empty() {
        whence.push(houses_text(layout, &step.houses));
    }
    let cells = if step.cells.is_empty() {
        cells_of(&step.pattern)
    } else {
        step.cells
    };
    if !cells.is_empty() {
        whence.push(join_words(&cell_names(cells)));
    }
    let about = if step.digits.is_empty() {
        String::new()
    } else {
        format!(" on {}", digit_list(step.digits))
    };
    let unique = if step.technique.needs_uniqueness() {
        ", valid only for a puzzle with one solution"
    } else {
        ""
    };
    if whence.is_empty() {
        format!(
            "{so} ({}{about}{unique}).",
            with_article(step.technique.name())
        )
    } else {
        format!(
            "{so}: see {} ({}{about}{unique}).",
            whence.join(", "),
            with_article(step.technique.name())
        )
    }
}

/// "{r1c1 r1c2} (1, 3 and 5)".
fn set_text(step: &Step, set: CellSet) -> String {
    let digits: DigitSet = step
        .pattern
        .iter()
        .chain(&step.secondary)
        .filter(|c| set.contains(c.cell))
        .map(|c| c.digit)
        .collect();
    format!("{{{}}} ({})", cell_names(set).join(" "), digit_list(digits))
}

/// What an almost locked set is, said once per sentence.
const ALS_MEANS: &str = "an almost locked set has one digit more than cells, so losing any \
                         one digit would lock the rest in";

fn als_text(step: &Step, so: String) -> String {
    let victims: DigitSet = step.eliminations.iter().map(|e| e.digit).collect();
    // The restricted common digits: the pattern's digits but the ones removed.
    let rc = digit_list(match step.digits.difference(victims) {
        rest if rest.is_empty() => step.digits,
        rest => rest,
    });
    let sets: Vec<String> = step.sets.iter().map(|&s| set_text(step, s)).collect();
    let z = digit_list(victims);
    let see = victims_see(step);
    match step.technique {
        Technique::AlsXz => format!(
            "{so}: {} are almost locked sets ({ALS_MEANS}). Their {rc}s all see each other, \
             so at most one of them holds {rc}; the other is then locked, {z} included. So \
             {z} is in one of the two sets, and {see} every {z} of both (an ALS-XZ).",
            join_words(&sets)
        ),
        Technique::DeathBlossom => format!(
            "{so}: the stem {} must take one of its digits, and for each of them one petal \
             among the almost locked sets {} ({ALS_MEANS}) holds that digit only in cells \
             that see the stem. Whichever digit the stem takes, that petal loses it and is \
             locked, so it holds {}; and {see} every {} of the petals (a Death Blossom).",
            step.sets.first().map(|c| c.to_string()).unwrap_or_default(),
            join_words(&sets[1.min(sets.len())..]),
            digit_list(step.digits),
            digit_list(step.digits),
        ),
        Technique::AlsXyChain => format!(
            "{so}: the almost locked sets {} ({ALS_MEANS}) follow each other, each sharing \
             with the next a digit ({rc}) whose cells all see each other. If neither end set \
             held {z}, the first would be locked, which would take the shared digit from the \
             second, locking it, and so on to the last, which would then need {z}. So {z} is \
             in the first or the last set, and {see} every {z} of both (an ALS-XY-Chain).",
            sets.join(", then ")
        ),
        _ => format!(
            "{so}: the pivot {} and the wings {} are almost locked sets ({ALS_MEANS}), the \
             pivot sharing with each wing a digit whose cells all see each other. The \
             pivot can't lose both shared digits, so one wing loses its shared digit and is \
             locked, {z} included. So {z} is in one of the wings, and {see} every {z} of both \
             (an ALS-XY-Wing).",
            sets.first().cloned().unwrap_or_default(),
            join_words(&sets[1.min(sets.len())..])
        ),
    }
}

fn sue_de_coq_text(step: &Step, layout: &Layout, so: String) -> String {
    let core = step
        .sets
        .first()
        .copied()
        .unwrap_or(cells_of(&step.pattern));
    let line_part = step.sets.get(1).copied().unwrap_or_default();
    let box_part = step.sets.get(2).copied().unwrap_or_default();
    let (bx, line) = match step.houses.as_slice() {
        [a, b] => (layout.name(*a).to_string(), layout.name(*b).to_string()),
        _ => ("the box".to_string(), "the line".to_string()),
    };
    format!(
        "{so}: the cells {} where {line} meets {bx}, with {} elsewhere in {line} and {} \
         elsewhere in {bx}, hold as many digits as cells between them, and no digit belongs \
         to both outer groups. So every digit has its place: the digits of the group in \
         {line} can't go anywhere else in {line}, those of the group in {bx} anywhere else in \
         {bx} (a Sue de Coq).",
        join_words(&cell_names(core)),
        set_text(step, line_part),
        set_text(step, box_part),
    )
}

fn fish_text(step: &Step, layout: &Layout, name: &str, so: String) -> String {
    let d = step
        .digits
        .first()
        .map(|d| d.to_string())
        .unwrap_or_default();
    let fins = cells_of(&step.secondary);
    let n = step.houses.len();
    let cover = houses_text(layout, &step.cover_houses);
    let mut s = format!("{so}: ");
    if n == 2 {
        let body = cells_of(&step.pattern).difference(fins);
        for (k, &h) in step.houses.iter().enumerate() {
            let cells: Vec<String> = body
                .iter()
                .filter(|&c| in_line(h, c))
                .map(|c| c.to_string())
                .collect();
            if k == 0 {
                let _ = write!(
                    s,
                    "in {}, {d} can only go in {}",
                    layout.name(h),
                    join_or(&cells)
                );
            } else {
                let _ = write!(s, ", and in {} only in {}", layout.name(h), join_or(&cells));
            }
        }
    } else {
        let _ = write!(
            s,
            "in {}, {d} can only go in {cover}",
            houses_text(layout, &step.houses)
        );
    }
    if fins.is_empty() {
        let _ = write!(
            s,
            ". Those {} {d}s take {cover} between them, one each, so no other cell of those \
             {} can be {d} ({}).",
            number_word(n),
            match step.cover_houses.first().map(|h| h.kind()) {
                Some(HouseKind::Row) => "rows",
                _ => "columns",
            },
            with_article(name)
        );
    } else {
        let plural = fins.len() > 1;
        let _ = write!(
            s,
            ", apart from the fin{} {}. If no fin is {d}, those {} {d}s take {cover} between \
             them and no other cell there can be {d}; if a fin is {d}, its neighbours can't \
             be. Either way, {} can't be {d}: {} in {cover} and see{} the fin{} ({}).",
            if plural { "s" } else { "" },
            join_words(&cell_names(fins)),
            number_word(n),
            join_words(&cell_names(victims(step))),
            if victims(step).len() == 1 {
                "it is"
            } else {
                "they are"
            },
            if victims(step).len() == 1 { "s" } else { "" },
            if plural { "s" } else { "" },
            with_article(name)
        );
    }
    s
}

fn wing_text(step: &Step, layout: &Layout, so: String) -> String {
    let Some(pivot) = step.secondary.first().map(|c| c.cell) else {
        return fallback_text(step, layout, so);
    };
    let Some(z) = step.eliminations.first().map(|e| e.digit) else {
        return fallback_text(step, layout, so);
    };
    let pincers: Vec<Cell> = step
        .cells
        .difference(CellSet::single(pivot))
        .iter()
        .collect();
    let pivot_digits = pattern_digits(step, pivot);
    let mut cases = Vec::new();
    for d in pivot_digits.iter() {
        if d == z {
            cases.push(format!("if it is {z}, it is the {z} itself"));
        } else if let Some(&p) = pincers
            .iter()
            .find(|&&p| pattern_digits(step, p).contains(d))
        {
            cases.push(format!("if it is {d}, {p} can't be {d}, so {p} is {z}"));
        }
    }
    let mut holders = pincers.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    let all = if pivot_digits.contains(z) {
        holders.insert(0, pivot.to_string());
        "all three"
    } else {
        "both"
    };
    format!(
        "{so}: {pivot} can only be {}: {}. Either way one of {} is {z}, and {} {all} ({}).",
        join_or(
            &pivot_digits
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
        ),
        cases.join("; "),
        join_or(&holders),
        victims_see(step),
        with_article(step.technique.name()),
    )
}

fn empty_rectangle_text(step: &Step, layout: &Layout, so: String) -> String {
    let d = step
        .digits
        .first()
        .map(|d| d.to_string())
        .unwrap_or_default();
    let bx = step
        .houses
        .first()
        .map(|&h| layout.name(h).to_string())
        .unwrap_or_default();
    let link: Vec<Cell> = cells_of(&step.secondary).iter().collect();
    let (Some(v), [a, b]) = (step.eliminations.first().map(|e| e.cell), link.as_slice()) else {
        return fallback_text(step, layout, so);
    };
    // The end of the strong link that sees the victim, and the far end.
    let (near, far) = if shared_line(*a, v).is_some() {
        (*a, *b)
    } else {
        (*b, *a)
    };
    let link_house = step
        .houses
        .get(1)
        .copied()
        .or_else(|| shared_line(near, far))
        .map(|h| layout.name(h).to_string())
        .unwrap_or_default();
    format!(
        "{so}: in {bx}, {d} can only go in {}, all of them in {}. If {v} were {d}, {near} \
         couldn't be, so {far} would be ({link_house} has {d} only in those two cells); \
         between them, {v} and {far} would then rule out every place for {d} in {bx} (an \
         Empty Rectangle).",
        join_or(&cell_names(cells_of(&step.pattern))),
        join_or(
            &step
                .cover_houses
                .iter()
                .map(|&h| layout.name(h).to_string())
                .collect::<Vec<_>>()
        ),
    )
}

/// "r5c9 is 1", "r5c9 isn't 1", "1 is in r1c7 or r1c9", "1 is in none of r1c7 and r1c9".
fn statement(node: &ChainNode) -> String {
    match (node.cells.len(), node.on) {
        (1, true) => format!("{} is {}", node.cells.first().expect("one"), node.digit),
        (1, false) => format!("{} isn't {}", node.cells.first().expect("one"), node.digit),
        (_, true) => format!("{} is in {}", node.digit, join_or(&cell_names(node.cells))),
        (_, false) => format!(
            "{} is in none of {}",
            node.digit,
            join_words(&cell_names(node.cells))
        ),
    }
}

/// The node as the chain would make it true: "r5c9 is 1", "1 is in r1c7 or r1c9".
fn truth(node: &ChainNode) -> String {
    statement(&ChainNode {
        on: true,
        ..node.clone()
    })
}

/// One branch of a chain in words, link by link: "if r5c6 isn't 6, then r3c6 is 6; then
/// r3c9 isn't 6; then r6c9 is 6".
fn walk(branch: &[ChainLink]) -> String {
    let mut s = String::new();
    for (k, link) in branch.iter().enumerate() {
        if k == 0 {
            let _ = write!(
                s,
                "if {}, then {}",
                statement(&link.from),
                statement(&link.to)
            );
        } else {
            let _ = write!(s, "; then {}", statement(&link.to));
        }
    }
    s
}

fn chain_text(step: &Step, layout: &Layout, so: String) -> String {
    let name = with_article(step.technique.name());
    let Some(chain) = step.chain.as_ref().filter(|c| !c.branches.is_empty()) else {
        // Sudoku Explainer's chaining steps known only by their result.
        return se_text(step, layout, so);
    };
    let branch = &chain.branches[0];
    let (Some(first), Some(last)) = (branch.first(), branch.last()) else {
        return fallback_text(step, layout, so);
    };
    let steps = walk(branch);
    if chain.branches.len() > 1 {
        return forcing_text(step, chain, so);
    }
    if step.placement.is_some() {
        return format!(
            "{so}: follow the chain {steps}. Assuming the opposite leads back to it, so it \
             holds ({name})."
        );
    }
    if chain.is_loop {
        return format!(
            "{so}: follow the loop: {steps}, back where it started. Round a closed loop every \
             link works both ways, so of each two candidates linked in a house or a cell, \
             exactly one is true, and whatever sees both of them (or shares their cell) is \
             false ({name})."
        );
    }
    let (start, end) = (truth(&first.from), truth(&last.to));
    let same_candidate = first.from.cells == last.to.cells && first.from.digit == last.to.digit;
    if same_candidate {
        return format!(
            "{so}: {steps}, which contradicts the start; so {} ({name}).",
            statement(&first.from)
                .replace(" isn't ", " is ")
                .replace(" is in none of ", " is in one of ")
        );
    }
    let single_digit = first.from.digit == last.to.digit
        && step
            .eliminations
            .iter()
            .all(|e| e.digit == first.from.digit);
    let why = if single_digit && first.from.cells.len() == 1 && last.to.cells.len() == 1 {
        format!(
            "whichever of {} or {} is {}, {} it",
            first.from.cells.first().expect("one"),
            last.to.cells.first().expect("one"),
            first.from.digit,
            victims_see(step)
        )
    } else {
        format!("{start} or {end}, and either one rules this out")
    };
    format!("{so}: {why}. Follow the chain: {steps} ({name}).")
}

/// Unique rectangles and the hidden rectangle.
fn rectangle_text(step: &Step, layout: &Layout, so: String) -> String {
    use Technique::*;
    let corners = cells_of(&step.pattern);
    let ab = digit_list(step.digits);
    let extras: Vec<Candidate> = step
        .secondary
        .iter()
        .filter(|c| corners.contains(c.cell))
        .copied()
        .collect();
    let roof = cells_of(&extras);
    let floor = corners.difference(roof);
    let extra_digits: DigitSet = extras.iter().map(|c| c.digit).collect();
    let deadly = format!(
        "the corners {} would hold only {ab}, which could then be swapped to give a second \
         solution",
        join_words(&cell_names(corners))
    );
    let why = match step.technique {
        UniqueRectangle1 => {
            let either = join_or(
                &step
                    .digits
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>(),
            );
            format!(
                "{} can only be {either}; if {} were {either} as well, {deadly}",
                join_words(&cell_names(floor)),
                join_or(&cell_names(roof)),
            )
        }
        UniqueRectangle2 | UniqueRectangle5 => format!(
            "one of {} must be {}, or {deadly}; whichever it is, {} it",
            join_or(&cell_names(roof)),
            digit_list(extra_digits),
            victims_see(step),
        ),
        UniqueRectangle3 => {
            let others = step.cells.difference(corners);
            format!(
                "one of {} must hold one of its extra digits ({}), or {deadly}; so together \
                 they act as one cell holding {}, and with {} they make a naked subset whose \
                 digits no other cell of {} can take",
                join_or(&cell_names(roof)),
                digit_list(extra_digits),
                digit_list(extra_digits),
                join_words(&cell_names(others)),
                if step.houses.is_empty() {
                    "their house".to_string()
                } else {
                    houses_text(layout, &step.houses)
                },
            )
        }
        UniqueRectangle4 => {
            let removed: DigitSet = step.eliminations.iter().map(|e| e.digit).collect();
            let kept = step.digits.difference(removed);
            format!(
                "in {}, {} can only go in {}, so one of them is {}; if the other were {} \
                 too, {deadly}",
                houses_text(layout, &step.houses),
                digit_list(kept),
                join_words(&cell_names(roof)),
                digit_list(kept),
                digit_list(removed),
            )
        }
        UniqueRectangle6 => {
            // The removed digit is the one confined to the corners: it takes a diagonal.
            let removed: DigitSet = step.eliminations.iter().map(|e| e.digit).collect();
            format!(
                "in both of the rectangle's rows, or both of its columns, {} can only go in its \
                 corners, so it takes two opposite ones; if those were {}, the other two would \
                 be {} and {deadly}",
                digit_list(removed),
                join_words(&cell_names(victims(step))),
                digit_list(step.digits.difference(removed)),
            )
        }
        _ => {
            // The hidden rectangle: the kept digit is confined to the corners' lines.
            let removed: DigitSet = step.eliminations.iter().map(|e| e.digit).collect();
            let other = match step.digits.difference(removed) {
                o if o.is_empty() => "the other digit".to_string(),
                o => digit_list(o),
            };
            format!(
                "in the rectangle's rows and columns, {other} can only go in its corners, so \
                 if {} took {}, {deadly}",
                join_words(&cell_names(victims(step))),
                digit_list(removed),
            )
        }
    };
    format!(
        "{so}: {why} ({}, valid only for a puzzle with one solution).",
        with_article(step.technique.name())
    )
}

/// Forcing chains and nets: each branch from its assumption to its consequence, in words.
fn forcing_text(step: &Step, chain: &Chain, so: String) -> String {
    let contradiction =
        chain.branches.len() == 2 && chain.branches.iter().all(|b| !b.is_empty()) && {
            let (a, b) = (&chain.branches[0], &chain.branches[1]);
            let (ea, eb) = (&a[a.len() - 1].to, &b[b.len() - 1].to);
            a[0].from == b[0].from && ea.cells == eb.cells && ea.digit == eb.digit && ea.on != eb.on
        };
    let mut lines = Vec::new();
    for branch in &chain.branches {
        let (Some(first), Some(last)) = (branch.first(), branch.last()) else {
            continue;
        };
        let links = branch.len();
        lines.push(format!(
            "if {}, then {} ({links} link{})",
            statement(&first.from),
            statement(&last.to),
            if links == 1 { "" } else { "s" }
        ));
    }
    let name = with_article(step.technique.name());
    if contradiction {
        let (a, b) = (&chain.branches[0], &chain.branches[1]);
        return format!(
            "{so}: if {}, then {} ({} links) but also {} ({} links), which can't both hold; so \
             the assumption is false ({name}).",
            statement(&a[0].from),
            statement(&a[a.len() - 1].to),
            a.len(),
            statement(&b[b.len() - 1].to),
            b.len(),
        );
    }
    let why = match step.technique {
        Technique::CellForcingChain => "each candidate of the cell leads to the same result",
        Technique::RegionForcingChain => {
            "each place of the digit in its house leads to the same result"
        }
        Technique::NishioForcingChain | Technique::ContradictionForcingChain => {
            "the assumption leads to a contradiction"
        }
        _ => "whichever way it goes, the result holds",
    };
    format!("{so}: {}; {why} ({name}).", lines.join("; "))
}

/// What makes a chain link hold: a house (two places of one digit there, or two candidates
/// that see each other in it) or a cell (two digits of one cell).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LinkReason {
    /// The house the link runs in.
    House(House),
    /// The cell whose two digits are linked.
    Cell(Cell),
}

impl LinkReason {
    /// The house as it reads on `layout` (`row 6`, `region B`), or the cell (`r4c7`).
    pub fn name(&self, layout: &Layout) -> String {
        match self {
            LinkReason::House(h) => layout.name(*h).to_string(),
            LinkReason::Cell(c) => c.to_string(),
        }
    }
}

/// One link of a step's chain, with what makes it and its words, for walking a chain link by
/// link ("if r6c1 isn't 3, then r6c8 is 3 (row 6 has 3 only in these two cells)").
#[derive(Clone, PartialEq, Debug)]
pub struct LinkWords {
    /// The branch of the chain the link belongs to (0 but in forcing chains and nets).
    pub branch: usize,
    /// The link itself.
    pub link: ChainLink,
    /// What makes the link, when one house or cell does: `None` for a link that follows from
    /// several earlier ones (dynamic forcing chains).
    pub why: Option<LinkReason>,
    /// The link in words.
    pub text: String,
}

/// The links of `step`'s chain in order, branch after branch (empty when it has none), each
/// with what makes it on `layout`. With `position` (the position the step was found on), a
/// strong link is tied to the house where its digit has only those places; without, to the
/// first house its cells share.
pub fn chain_links(step: &Step, layout: &Layout, position: Option<&PencilMarks>) -> Vec<LinkWords> {
    let Some(chain) = &step.chain else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (b, branch) in chain.branches.iter().enumerate() {
        for link in branch {
            let why = link_reason(link, layout, position);
            let because = match (why, link.kind) {
                (Some(LinkReason::House(h)), LinkKind::Strong) => {
                    format!(" ({} has {} only there)", layout.name(h), link.from.digit)
                }
                (Some(LinkReason::House(h)), LinkKind::Weak) => {
                    format!(" (they see each other in {})", layout.name(h))
                }
                (Some(LinkReason::Cell(c)), LinkKind::Strong) => {
                    format!(
                        " ({c} holds only {} and {})",
                        link.from.digit, link.to.digit
                    )
                }
                (Some(LinkReason::Cell(c)), LinkKind::Weak) => {
                    format!(" ({c} holds one digit only)")
                }
                (None, _) => String::new(),
            };
            out.push(LinkWords {
                branch: b,
                link: link.clone(),
                why,
                text: format!(
                    "if {}, then {}{because}",
                    statement(&link.from),
                    statement(&link.to)
                ),
            });
        }
    }
    out
}

/// The house or cell that makes `link` (see [`chain_links`]).
fn link_reason(
    link: &ChainLink,
    layout: &Layout,
    position: Option<&PencilMarks>,
) -> Option<LinkReason> {
    let (from, to) = (&link.from, &link.to);
    if from.digit != to.digit {
        return match (from.cells == to.cells, from.cells.first()) {
            (true, Some(c)) if from.cells.len() == 1 => Some(LinkReason::Cell(c)),
            _ => None,
        };
    }
    let cells = from.cells | to.cells;
    let shared: Vec<House> = layout.common_houses(cells).collect();
    let holds_only_these = |h: House| {
        position.is_some_and(|pm| {
            layout.cells(h).iter().all(|&c| {
                cells.contains(c) || pm.value(c).is_some() || !pm.candidates(c).contains(from.digit)
            })
        })
    };
    let house = match link.kind {
        LinkKind::Strong => shared
            .iter()
            .copied()
            .find(|&h| holds_only_these(h))
            .or_else(|| shared.first().copied()),
        LinkKind::Weak => shared.first().copied(),
    };
    house.map(LinkReason::House)
}

fn node_text(cells: &CellSet, d: Digit) -> String {
    if cells.len() == 1 {
        format!("{d}{}", cells.first().expect("one"))
    } else {
        format!("{d}({})", cell_names(*cells).join(","))
    }
}

/// The chain in Eureka-like notation: `5r1c1 = 5r1c7 - 3r1c7 = ...` (`=` strong, `-` weak).
pub fn chain_notation(chain: &Chain) -> String {
    let mut out = Vec::new();
    for branch in &chain.branches {
        let mut s = String::new();
        if let Some(first) = branch.first() {
            s.push_str(&node_text(&first.from.cells, first.from.digit));
        }
        for link in branch {
            s.push_str(match link.kind {
                LinkKind::Strong => " = ",
                LinkKind::Weak => " - ",
            });
            s.push_str(&node_text(&link.to.cells, link.to.digit));
        }
        out.push(s);
    }
    out.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use nonet_core::Digit;

    fn cand(r: usize, c: usize, d: u8) -> Candidate {
        Candidate::new(Cell::at(r - 1, c - 1), Digit::new(d).expect("digit"))
    }

    fn x_wing() -> Step {
        let mut s = Step::new(Technique::XWing);
        s.pattern = vec![cand(4, 2, 7), cand(4, 8, 7), cand(9, 2, 7), cand(9, 8, 7)];
        s.eliminations = [cand(1, 2, 7), cand(6, 8, 7)].into_iter().collect();
        s.cells = s.pattern.iter().map(|c| c.cell).collect();
        s.houses = vec![House::row(3), House::row(8)];
        s.cover_houses = vec![House::column(1), House::column(7)];
        s.digits = DigitSet::single(Digit::new(7).expect("digit"));
        s
    }

    #[test]
    fn x_wing_says_its_conclusion_first_then_why() {
        assert_eq!(
            explain(&x_wing(), &nonet_core::STANDARD),
            "7 can't go in r1c2 or r6c8: in row 4, 7 can only go in r4c2 or r4c8, and in row 9 \
             only in r9c2 or r9c8. Those two 7s take columns 2 and 8 between them, one each, so \
             no other cell of those columns can be 7 (an X-Wing)."
        );
        assert_eq!(notation(&x_wing()), None);
    }

    #[test]
    fn hint_levels_give_away_more_and_more() {
        let s = x_wing();
        assert_eq!(
            hint_text(&s, &nonet_core::STANDARD, HintLevel::Technique),
            "Look for an X-Wing."
        );
        assert_eq!(
            hint_text(&s, &nonet_core::STANDARD, HintLevel::Area),
            "Look for an X-Wing on 7 in rows 4 and 9."
        );
        assert_eq!(
            hint_text(&s, &nonet_core::STANDARD, HintLevel::Move),
            explain(&s, &nonet_core::STANDARD)
        );
        assert_eq!("area".parse::<HintLevel>(), Ok(HintLevel::Area));
        assert!("lots".parse::<HintLevel>().is_err());
    }

    /// The area of a naked single is its cell: "Look for a Naked Single on 7 in r1c2" gave the
    /// whole move away at the level that should only say where to look.
    #[test]
    fn a_naked_single_s_area_hint_keeps_its_digit() {
        let mut s = Step::new(Technique::NakedSingle);
        let cell = Cell::at(0, 1);
        s.cells = CellSet::single(cell);
        s.digits = DigitSet::single(Digit::from_index(6));
        s.placement = Some(Candidate::new(cell, Digit::from_index(6)));
        assert_eq!(
            hint_text(&s, &nonet_core::STANDARD, HintLevel::Area),
            "Look for a Naked Single in r1c2."
        );
    }

    #[test]
    fn articles_follow_the_sound() {
        assert_eq!(with_article("XY-Wing"), "an XY-Wing");
        assert_eq!(with_article("ALS-XZ"), "an ALS-XZ");
        assert_eq!(
            with_article("Unique Rectangle Type 1"),
            "a Unique Rectangle Type 1"
        );
        assert_eq!(with_article("2-String Kite"), "a 2-String Kite");
        assert_eq!(with_article("Empty Rectangle"), "an Empty Rectangle");
    }

    #[test]
    fn conclusions_group_by_digit_or_by_cell_whichever_is_shorter() {
        let mut s = Step::new(Technique::NakedPair);
        s.eliminations = [cand(1, 1, 3), cand(1, 2, 3), cand(1, 1, 7)]
            .into_iter()
            .collect();
        assert_eq!(
            conclusion(&s),
            "3 can't go in r1c1 or r1c2, and 7 can't go in r1c1"
        );
        s.eliminations = [cand(3, 6, 2), cand(3, 6, 9)].into_iter().collect();
        assert_eq!(conclusion(&s), "r3c6 can't be 2 or 9");
        s.eliminations = Default::default();
        s.placement = Some(cand(4, 7, 3));
        assert_eq!(conclusion(&s), "r4c7 is 3");
    }

    /// The chain `3r6c1 = 3r6c8 - 3r5c7 = 3r1c7` removing 3 from r1c1.
    fn kite() -> Step {
        let d = Digit::new(3).expect("digit");
        let node = |r: usize, c: usize, on: bool| ChainNode {
            cells: CellSet::single(Cell::at(r - 1, c - 1)),
            digit: d,
            on,
        };
        let link = |a: ChainNode, b: ChainNode, kind: LinkKind| ChainLink {
            from: a,
            to: b,
            kind,
        };
        let mut s = Step::new(Technique::TwoStringKite);
        s.chain = Some(Chain {
            branches: vec![vec![
                link(node(6, 1, false), node(6, 8, true), LinkKind::Strong),
                link(node(6, 8, true), node(5, 7, false), LinkKind::Weak),
                link(node(5, 7, false), node(1, 7, true), LinkKind::Strong),
            ]],
            is_loop: false,
        });
        s.eliminations = [cand(1, 1, 3)].into_iter().collect();
        s.digits = DigitSet::single(d);
        s
    }

    #[test]
    fn a_chain_is_walked_link_by_link_with_its_notation_second() {
        let step = kite();
        assert_eq!(
            explain(&step, &nonet_core::STANDARD),
            "3 can't go in r1c1: whichever of r6c1 or r1c7 is 3, r1c1 sees it. Follow the \
             chain: if r6c1 isn't 3, then r6c8 is 3; then r5c7 isn't 3; then r1c7 is 3 (a \
             2-String Kite)."
        );
        assert_eq!(
            notation(&step).as_deref(),
            Some("3r6c1 = 3r6c8 - 3r5c7 = 3r1c7 => r1c1<>3")
        );
    }

    #[test]
    fn chain_links_name_the_house_or_cell_that_makes_them() {
        let step = kite();
        let links = chain_links(&step, &nonet_core::STANDARD, None);
        let why: Vec<String> = links
            .iter()
            .map(|l| {
                l.why
                    .map(|w| w.name(&nonet_core::STANDARD))
                    .unwrap_or_default()
            })
            .collect();
        // r5c7 and r6c8 share box 6 only; r5c7 and r1c7 share column 7.
        assert_eq!(why, ["row 6", "box 6", "column 7"]);
        assert_eq!(
            links[0].text,
            "if r6c1 isn't 3, then r6c8 is 3 (row 6 has 3 only there)"
        );
        assert_eq!(
            links[1].text,
            "if r6c8 is 3, then r5c7 isn't 3 (they see each other in box 6)"
        );
        assert!(links.iter().all(|l| l.branch == 0));
    }

    /// An X-Chain step of one link of `kind` on digit `d`, between two cells (each with whether
    /// the digit is on there).
    fn one_link(d: Digit, from: (Cell, bool), to: (Cell, bool), kind: LinkKind) -> Step {
        let node = |(cell, on): (Cell, bool)| ChainNode {
            cells: CellSet::single(cell),
            digit: d,
            on,
        };
        let mut s = Step::new(Technique::XChain);
        s.chain = Some(Chain {
            branches: vec![vec![ChainLink {
                from: node(from),
                to: node(to),
                kind,
            }]],
            is_loop: false,
        });
        s
    }

    #[test]
    fn a_strong_link_is_tied_to_the_house_where_it_holds() {
        // r1c1 and r1c2 share row 1 and box 1; with 5 elsewhere in row 1 but only these two
        // cells in box 1, the strong link is box 1's.
        let d = Digit::new(5).expect("digit");
        let mut pm = PencilMarks::empty();
        for c in Cell::all() {
            let in_box_1 = c.row() < 3 && c.col() < 3;
            let mut ds = DigitSet::ALL;
            if in_box_1 && c.index() > 1 {
                ds = ds.difference(DigitSet::single(d));
            }
            pm.set_candidates(c, ds);
        }
        let s = one_link(
            d,
            (Cell::at(0, 0), false),
            (Cell::at(0, 1), true),
            LinkKind::Strong,
        );
        let with = chain_links(&s, &nonet_core::STANDARD, Some(&pm));
        assert_eq!(with[0].why, Some(LinkReason::House(House::box_(0))));
        let without = chain_links(&s, &nonet_core::STANDARD, None);
        assert_eq!(without[0].why, Some(LinkReason::House(House::row(0))));
    }

    #[test]
    fn a_link_along_a_diagonal_is_named_by_the_diagonal_on_x_sudoku() {
        // r1c1 and r5c5 share no row, column or box: only X-Sudoku's main diagonal.
        let d = Digit::new(4).expect("digit");
        let s = one_link(
            d,
            (Cell::at(0, 0), true),
            (Cell::at(4, 4), false),
            LinkKind::Weak,
        );
        let x = nonet_core::STANDARD.with_diagonals();
        let links = chain_links(&s, &x, None);
        assert_eq!(links[0].why, Some(LinkReason::House(House::diagonal(0))));
        assert_eq!(
            links[0].text,
            "if r1c1 is 4, then r5c5 isn't 4 (they see each other in the main diagonal)"
        );
        // On the standard board nothing joins them.
        assert_eq!(chain_links(&s, &nonet_core::STANDARD, None)[0].why, None);
    }
}
