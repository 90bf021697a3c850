//! Plain-English explanations rendered from a [`Step`]'s data, and progressive hints.
//!
//! An explanation says what the pattern is and what follows from it, e.g. "In row 4, 7 can only
//! go in r4c2 or r4c8, and in row 9 only in r9c2 or r9c8: an X-Wing. So 7 leaves every other
//! cell of columns 2 and 8: r1c2, r6c8." Nothing here is stored: it is all derived from the
//! step, so the text always agrees with the move.

use std::fmt::Write;

use nonet_core::{Cell, CellSet, Digit, DigitSet, House};

use crate::step::{Candidate, Chain, ChainNode, LinkKind, Step};
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
pub fn hint_text(step: &Step, level: HintLevel) -> String {
    let name = step.technique.name();
    match level {
        HintLevel::Technique => format!("Look for {}.", with_article(name)),
        HintLevel::Area => {
            let area = if !step.houses.is_empty() {
                houses_text(&step.houses)
            } else {
                step.cells.to_string()
            };
            let digits = if step.digits.is_empty() {
                String::new()
            } else {
                format!(" on {}", digit_list(step.digits))
            };
            format!("Look for {}{digits} in {area}.", with_article(name))
        }
        HintLevel::Move => explain(step),
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

fn houses_text(hs: &[House]) -> String {
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
        let nums: Vec<String> = hs.iter().map(|h| (h.number() + 1).to_string()).collect();
        format!("{plural} {}", join_words(&nums))
    } else {
        join_words(&hs.iter().map(|h| h.to_string()).collect::<Vec<_>>())
    }
}

/// "So r4c7 = 3." or "So 7 leaves r1c2, r6c8; 3 leaves r2c2."
pub fn effect(step: &Step) -> String {
    let mut parts = Vec::new();
    for p in &step.placements {
        parts.push(format!("{} = {}", p.cell, p.digit));
    }
    let mut by_digit: Vec<(Digit, Vec<Cell>)> = Vec::new();
    for e in &step.eliminations {
        match by_digit.iter_mut().find(|(d, _)| *d == e.digit) {
            Some((_, v)) => v.push(e.cell),
            None => by_digit.push((e.digit, vec![e.cell])),
        }
    }
    for (d, cells) in by_digit {
        let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        parts.push(format!("{d} leaves {}", names.join(", ")));
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!("So {}.", parts.join("; "))
    }
}

/// One or two sentences explaining `step`.
pub fn explain(step: &Step) -> String {
    let text = explain_raw(step);
    // Sentences that open with an article get a capital; cell names (r4c7) keep theirs.
    match text.strip_prefix("a ").or_else(|| text.strip_prefix("an ")) {
        Some(rest) => format!(
            "{}{}",
            if text.starts_with("an ") { "An " } else { "A " },
            rest
        ),
        None => text,
    }
}

fn explain_raw(step: &Step) -> String {
    use Technique::*;
    let name = step.technique.name();
    let dtext = digit_list(step.digits);
    let so = effect(step);
    match step.technique {
        FullHouse => {
            let p = step.placements[0];
            format!(
                "{} is the last empty cell of {}: a Full House. {so}",
                p.cell,
                houses_text(&step.houses)
            )
        }
        HiddenSingleBox | HiddenSingleRow | HiddenSingleColumn => {
            let p = step.placements[0];
            format!(
                "In {}, {} can only go in {}: a Hidden Single. {so}",
                houses_text(&step.houses),
                p.digit,
                p.cell
            )
        }
        NakedSingle => {
            let p = step.placements[0];
            format!(
                "{} has only one candidate left, {}: a Naked Single. {so}",
                p.cell, p.digit
            )
        }
        Pointing | Claiming => format!(
            "In {}, {dtext} can only go in {}, all in {}: {} (locked candidates). {so}",
            houses_text(&step.houses),
            join_or(&cell_names(step.cells)),
            houses_text(&step.cover_houses),
            name,
        ),
        LockedPair | LockedTriple | NakedPair | NakedTriple | NakedQuad => format!(
            "{} hold only {dtext} between them, and they share {}: {}. Those digits must go \
             in these cells, so they leave the other cells there. {so}",
            join_words(&cell_names(step.cells)),
            houses_text(&step.houses),
            with_article(name),
        ),
        HiddenPair | HiddenTriple | HiddenQuad => format!(
            "In {}, {dtext} can only go in {}: {}. These cells must hold those digits and \
             nothing else. {so}",
            houses_text(&step.houses),
            join_words(&cell_names(step.cells)),
            with_article(name),
        ),
        XWing | Swordfish | Jellyfish | FinnedXWing | FinnedSwordfish | FinnedJellyfish
        | SashimiXWing | SashimiSwordfish | SashimiJellyfish => fish_text(step, name, so),
        Skyscraper | TwoStringKite | TurbotFish | XChain | XYChain | RemotePair | Aic
        | GroupedAic | XCycle | YCycle | NiceLoop | GroupedNiceLoop => chain_text(step, name, so),
        EmptyRectangle => format!(
            "In {}, {dtext} can only go in {}, so it is in {} or {} there; with the strong \
             link {} this makes an Empty Rectangle. {so}",
            houses_text(&step.houses[..1]),
            join_or(&cell_names(cells_of(&step.pattern))),
            step.cover_houses
                .first()
                .map(|h| h.to_string())
                .unwrap_or_default(),
            step.cover_houses
                .get(1)
                .map(|h| h.to_string())
                .unwrap_or_default(),
            join_words(&cell_names(cells_of(&step.secondary))).replace(" and ", " = "),
        ),
        XYWing | XYZWing => {
            let pivot = step.secondary.first().map(|c| c.cell);
            let pincers = step
                .cells
                .difference(pivot.map(CellSet::single).unwrap_or_default());
            let z = step
                .eliminations
                .first()
                .map(|e| e.digit.to_string())
                .unwrap_or_default();
            format!(
                "Whatever the pivot {} takes, one of the pincers {} must be {z}: {}. {so}",
                pivot.map(|c| c.to_string()).unwrap_or_default(),
                join_words(&cell_names(pincers)),
                with_article(name),
            )
        }
        WWing => format!(
            "{} both hold only {dtext}, and the strong link {} on the other digit forces one \
             of them to take {}: a W-Wing. {so}",
            join_words(&cell_names(cells_of(&step.pattern))),
            join_words(&cell_names(cells_of(&step.secondary))).replace(" and ", " = "),
            step.eliminations
                .first()
                .map(|e| e.digit.to_string())
                .unwrap_or_default(),
        ),
        SimpleColorsTrap | SimpleColorsWrap | MultiColors => {
            let a = join_words(&cell_names(cells_of(&step.pattern)));
            let b = join_words(&cell_names(cells_of(&step.secondary)));
            let why = match step.technique {
                SimpleColorsWrap => "one colour sees itself, so it is false",
                SimpleColorsTrap => "the cells seeing both colours cannot hold the digit",
                _ => "two clusters see each other, so one colour of each is linked",
            };
            format!(
                "Colouring the strong links of {dtext}: one colour is {a}, the other {b}; \
                 exactly one colour of each cluster is true, and {why}: {}. {so}",
                with_article(name),
            )
        }
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
        | UniqueRectangle5 | UniqueRectangle6 | HiddenRectangle => rectangle_text(step, so),
        Bug1 => format!(
            "Every empty cell but {} has two candidates: if {} were not {}, every digit would \
             appear twice in each house and the puzzle would have two solutions (BUG+1, valid \
             only for a puzzle with one solution). {so}",
            step.cells, step.cells, dtext,
        ),
        AlsXz | AlsXyWing | AlsXyChain | DeathBlossom => als_text(step, so),
        SueDeCoq => format!(
            "The intersection cells {} with their partners {} hold as many digits as cells, \
             without a digit shared by {}: a Sue de Coq. {so}",
            join_words(&cell_names(cells_of(&step.pattern))),
            join_words(&cell_names(cells_of(&step.secondary))),
            sue_de_coq_parts(&step.houses),
        ),
        AlignedPairExclusion | AlignedTripletExclusion => format!(
            "Trying every combination of {}: the ones left out would clash or empty a \
             neighbouring set of cells ({}): {}. {so}",
            join_words(&cell_names(cells_of(&step.pattern))),
            join_words(&cell_names(cells_of(&step.secondary))),
            with_article(name),
        ),
        TrialAndError => {
            let p = step.placements[0];
            format!(
                "No technique applies: guess {} in {} (one of {}; checked against the \
                 solution). {so}",
                p.digit, p.cell, dtext
            )
        }
        _ => match &step.chain {
            Some(chain) if !chain.branches.is_empty() => forcing_text(step, chain, so),
            _ => format!("{}. {so}", with_article(name)),
        },
    }
}

/// "r1c1, r1c2 (1, 3 and 5)".
fn set_text(step: &Step, set: CellSet) -> String {
    let digits: DigitSet = step
        .pattern
        .iter()
        .filter(|c| set.contains(c.cell))
        .map(|c| c.digit)
        .collect();
    format!("{{{}}} ({})", cell_names(set).join(" "), digit_list(digits))
}

fn als_text(step: &Step, so: String) -> String {
    let rc = digit_list(step.digits);
    let sets: Vec<String> = step.sets.iter().map(|&s| set_text(step, s)).collect();
    let victims: DigitSet = step.eliminations.iter().map(|e| e.digit).collect();
    let z = digit_list(victims);
    if step.technique == Technique::AlsXz {
        format!(
            "The almost locked sets {} (each has one digit more than cells) share {rc}, whose \
             cells all see each other, so {rc} is true in at most one of them, and the other \
             set is locked: {z} must go in one of the two sets (an ALS-XZ). {so}",
            join_words(&sets)
        )
    } else if step.technique == Technique::DeathBlossom {
        let z = digit_list(step.digits);
        format!(
            "Whatever the stem {} takes, that digit leaves its petal among the almost locked \
             sets {}, which is then locked and must hold {z}: a Death Blossom. {so}",
            step.sets.first().map(|c| c.to_string()).unwrap_or_default(),
            join_words(&sets[1.min(sets.len())..])
        )
    } else if step.technique == Technique::AlsXyChain {
        format!(
            "The almost locked sets {} form a chain, each linked to the next by a restricted \
             common digit ({rc}): if {z} were false at both ends, each set in turn would be \
             locked, and the last one would need {z}. So {z} is in the first or the last set \
             (an ALS-XY-Chain). {so}",
            sets.join(" - ")
        )
    } else {
        format!(
            "The pivot almost locked set {} is linked to {} by restricted common digits; \
             the pivot cannot lose both, so one of the wings is locked and {z} must go in one \
             of them (an ALS-XY-Wing). {so}",
            sets.first().cloned().unwrap_or_default(),
            join_words(&sets[1.min(sets.len())..])
        )
    }
}

/// The two outer parts of a Sue de Coq: "the line part and the box part" for a box and a line,
/// else named by their houses (a region and a diagonal, say).
fn sue_de_coq_parts(houses: &[House]) -> String {
    use nonet_core::HouseKind::{Box, Column, Row};
    match houses {
        [a, b] if !(a.kind() == Box && matches!(b.kind(), Row | Column)) => {
            format!("the part in {b} and the part in {a}")
        }
        _ => "the line part and the box part".to_string(),
    }
}

fn fish_text(step: &Step, name: &str, so: String) -> String {
    let d = step
        .digits
        .first()
        .map(|d| d.to_string())
        .unwrap_or_default();
    let fins = cells_of(&step.secondary);
    let mut s = String::new();
    if step.houses.len() == 2 {
        let body = cells_of(&step.pattern);
        for (k, h) in step.houses.iter().enumerate() {
            // A fish's houses are rows and columns, the same on every layout.
            let cells: Vec<String> = body
                .iter()
                .filter(|c| match h.kind() {
                    nonet_core::HouseKind::Row => c.row() == h.number(),
                    _ => c.col() == h.number(),
                })
                .map(|c| c.to_string())
                .collect();
            if k == 0 {
                let _ = write!(s, "In {h}, {d} can only go in {}", join_or(&cells));
            } else {
                let _ = write!(s, ", and in {h} only in {}", join_or(&cells));
            }
        }
    } else {
        let _ = write!(
            s,
            "In {}, {d} can only go in {}",
            houses_text(&step.houses),
            houses_text(&step.cover_houses)
        );
    }
    if !fins.is_empty() {
        let _ = write!(
            s,
            " (besides the fin{} {})",
            if fins.len() > 1 { "s" } else { "" },
            join_words(&cell_names(fins))
        );
    }
    let _ = write!(s, ": {}. ", with_article(name));
    if fins.is_empty() {
        let _ = write!(
            s,
            "So {d} leaves every other cell of {}: ",
            houses_text(&step.cover_houses)
        );
    } else {
        let _ = write!(
            s,
            "Either the fish holds or a fin is true, so {d} leaves the cells of {} that also \
             see the fins: ",
            houses_text(&step.cover_houses)
        );
    }
    let targets: Vec<String> = step
        .eliminations
        .iter()
        .map(|e| e.cell.to_string())
        .collect();
    if targets.is_empty() {
        so
    } else {
        format!("{s}{}.", targets.join(", "))
    }
}

fn chain_text(step: &Step, name: &str, so: String) -> String {
    let Some(chain) = &step.chain else {
        return format!("{}. {so}", with_article(name));
    };
    let notation = chain_notation(chain);
    let Some(first) = chain.branches.first().and_then(|b| b.first()) else {
        return format!("{}. {so}", with_article(name));
    };
    let last = chain.branches[0].last().expect("non-empty");
    let start = node_text(&first.from.cells, first.from.digit);
    let end = node_text(&last.to.cells, last.to.digit);
    if !step.placements.is_empty() {
        format!(
            "{}: {notation}. If {start} were false, the chain would make it true, so it is \
             true. {so}",
            with_article(name)
        )
    } else if chain.is_loop {
        format!(
            "{}: {notation}, closing on itself. In a continuous loop each weak link becomes \
             strong. {so}",
            with_article(name)
        )
    } else {
        format!(
            "{}: {notation}. Either {start} or {end} is true, so whatever sees both is \
             false. {so}",
            with_article(name)
        )
    }
}

/// Unique rectangles and the hidden rectangle.
fn rectangle_text(step: &Step, so: String) -> String {
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
        "{} would otherwise hold only {ab}, and the two digits could be swapped: two \
         solutions",
        join_words(&cell_names(corners))
    );
    let why = match step.technique {
        UniqueRectangle1 => format!(
            "{} hold only {ab}, so {} must take something else, or {deadly}",
            join_words(&cell_names(floor)),
            join_words(&cell_names(roof))
        ),
        UniqueRectangle2 | UniqueRectangle5 => format!(
            "one of {} must be {}, or {deadly}",
            join_or(&cell_names(roof)),
            digit_list(extra_digits)
        ),
        UniqueRectangle3 => {
            let others = step.cells.difference(corners);
            format!(
                "one of {} must take its extra digits ({}), or {deadly}; with {} they form a \
                 naked subset",
                join_or(&cell_names(roof)),
                digit_list(extra_digits),
                join_words(&cell_names(others))
            )
        }
        UniqueRectangle4 => format!(
            "in {}, one of the two digits can only go in {}, so the other cannot, or {deadly}",
            houses_text(&step.houses),
            join_words(&cell_names(roof))
        ),
        _ => format!(
            "the other digit is confined to the corners in their rows and columns, so the \
             eliminated candidate would force {} to hold only {ab}, which could be swapped: two \
             solutions",
            join_words(&cell_names(corners))
        ),
    };
    format!(
        "{}: {why} (valid only for a puzzle with one solution). {so}",
        with_article(step.technique.name())
    )
}

/// "r5c9 is 1", "r5c9 is not 1", "1 is in r1c7 or r1c9".
fn statement(node: &ChainNode) -> String {
    match (node.cells.len(), node.on) {
        (1, true) => format!("{} is {}", node.cells.first().expect("one"), node.digit),
        (1, false) => format!("{} is not {}", node.cells.first().expect("one"), node.digit),
        (_, true) => format!("{} is in {}", node.digit, join_or(&cell_names(node.cells))),
        (_, false) => format!(
            "{} is in none of {}",
            node.digit,
            join_words(&cell_names(node.cells))
        ),
    }
}

/// Forcing chains and nets: each branch from its assumption to its consequence.
fn forcing_text(step: &Step, chain: &Chain, so: String) -> String {
    let mut lines = Vec::new();
    for branch in &chain.branches {
        let (Some(first), Some(last)) = (branch.first(), branch.last()) else {
            continue;
        };
        let notation = chain_notation(&Chain {
            branches: vec![branch.clone()],
            is_loop: false,
        });
        lines.push(format!(
            "if {}, then {} ({notation})",
            statement(&first.from),
            statement(&last.to)
        ));
    }
    let contradiction =
        chain.branches.len() == 2 && chain.branches.iter().all(|b| !b.is_empty()) && {
            let (a, b) = (&chain.branches[0], &chain.branches[1]);
            let (ea, eb) = (&a[a.len() - 1].to, &b[b.len() - 1].to);
            a[0].from == b[0].from && ea.cells == eb.cells && ea.digit == eb.digit && ea.on != eb.on
        };
    let why = match step.technique {
        _ if contradiction => "the assumption leads to a contradiction, so it is false",
        Technique::CellForcingChain => "every candidate of the cell leads to the same conclusion",
        Technique::RegionForcingChain => {
            "every place of the digit in the house leads to the same conclusion"
        }
        Technique::NishioForcingChain | Technique::ContradictionForcingChain => {
            "the assumption leads to a contradiction"
        }
        _ => "whichever way it goes, the conclusion holds",
    };
    format!(
        "{}: {}; {why}. {so}",
        with_article(step.technique.name()),
        lines.join("; ")
    )
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
    fn x_wing_reads_like_the_brief() {
        assert_eq!(
            explain(&x_wing()),
            "In row 4, 7 can only go in r4c2 or r4c8, and in row 9 only in r9c2 or r9c8: an \
             X-Wing. So 7 leaves every other cell of columns 2 and 8: r1c2, r6c8."
        );
    }

    #[test]
    fn hint_levels_give_away_more_and_more() {
        let s = x_wing();
        assert_eq!(hint_text(&s, HintLevel::Technique), "Look for an X-Wing.");
        assert_eq!(
            hint_text(&s, HintLevel::Area),
            "Look for an X-Wing on 7 in rows 4 and 9."
        );
        assert_eq!(hint_text(&s, HintLevel::Move), explain(&s));
        assert_eq!("area".parse::<HintLevel>(), Ok(HintLevel::Area));
        assert!("lots".parse::<HintLevel>().is_err());
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
    fn effects_group_eliminations_by_digit() {
        let mut s = Step::new(Technique::NakedPair);
        s.eliminations = [cand(1, 1, 3), cand(1, 2, 3), cand(1, 1, 7)]
            .into_iter()
            .collect();
        assert_eq!(effect(&s), "So 3 leaves r1c1, r1c2; 7 leaves r1c1.");
        s.eliminations = Default::default();
        s.placements = vec![cand(4, 7, 3)];
        assert_eq!(effect(&s), "So r4c7 = 3.");
    }
}
