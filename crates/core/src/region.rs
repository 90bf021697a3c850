//! [`RegionMap`]: the irregular regions of a jigsaw layout, read from 81 labels (row-major, one
//! label per cell: a digit or a letter, case-sensitive), checked against the rules: nine
//! distinct labels, nine cells each, each region orthogonally connected.

use std::fmt;

use crate::cell::{Cell, CellSet};

/// Nine regions of nine orthogonally connected cells each, covering the grid.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct RegionMap {
    /// The region (0-8) of each cell; regions are numbered in the order of their first cell.
    regions: [u8; 81],
    /// The label each region was read with.
    labels: [char; 9],
}

/// Why a region map breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegionMapError {
    /// Not 81 labels.
    #[error("a region map has 81 labels, one per cell; this one has {0}")]
    Length(usize),
    /// A character that cannot be a label.
    // The label escaped, so that a control character or a blank shows as `'\u{1}'` or `' '`.
    #[error(
        "'{}' at {cell} is not a region label (labels are digits or letters)",
        label.escape_debug()
    )]
    BadLabel {
        /// The character.
        label: char,
        /// Where it stands.
        cell: Cell,
    },
    /// More than nine distinct labels: the one used fewest times, at its first cell.
    #[error("a tenth region label '{label}' at {cell}: a map has nine regions")]
    TenthLabel {
        /// The tenth label.
        label: char,
        /// Its first cell.
        cell: Cell,
    },
    /// Fewer than nine distinct labels.
    #[error(
        "only {count} region label{plural}: a map has nine regions",
        count = .0,
        plural = if *.0 == 1 { "" } else { "s" }
    )]
    TooFewLabels(usize),
    /// A label used other than nine times.
    #[error("region label '{label}' is used {count} times: a region has nine cells")]
    Size {
        /// The label.
        label: char,
        /// How many cells carry it.
        count: usize,
    },
    /// A region in several pieces.
    #[error("region '{label}' is in {pieces} pieces: a region must be orthogonally connected")]
    Disconnected {
        /// The label.
        label: char,
        /// How many orthogonally connected pieces it has.
        pieces: usize,
    },
}

impl RegionMap {
    /// The standard boxes as a region map.
    pub fn boxes() -> RegionMap {
        let mut regions = [0u8; 81];
        for (i, r) in regions.iter_mut().enumerate() {
            *r = ((i / 27) * 3 + (i % 9) / 3) as u8;
        }
        RegionMap {
            regions,
            labels: ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
        }
    }

    /// Reads 81 labels (surrounding whitespace ignored) and checks the rules; the error names
    /// the first problem found.
    pub fn parse(text: &str) -> Result<RegionMap, RegionMapError> {
        let text = text.trim();
        let count = text.chars().count();
        if count != 81 {
            return Err(RegionMapError::Length(count));
        }
        let mut labels: Vec<char> = Vec::with_capacity(9);
        let mut regions = [0u8; 81];
        for (i, ch) in text.chars().enumerate() {
            let cell = Cell::from_index(i);
            if !ch.is_ascii_alphanumeric() {
                return Err(RegionMapError::BadLabel { label: ch, cell });
            }
            let region = match labels.iter().position(|&l| l == ch) {
                Some(r) => r,
                None if labels.len() == 9 => return Err(extra_label(text)),
                None => {
                    labels.push(ch);
                    labels.len() - 1
                }
            };
            regions[i] = region as u8;
        }
        if labels.len() < 9 {
            return Err(RegionMapError::TooFewLabels(labels.len()));
        }
        for (r, &label) in labels.iter().enumerate() {
            let cells = cells_of(&regions, r as u8);
            if cells.len() != 9 {
                return Err(RegionMapError::Size {
                    label,
                    count: cells.len(),
                });
            }
            let pieces = pieces(cells);
            if pieces != 1 {
                return Err(RegionMapError::Disconnected { label, pieces });
            }
        }
        let mut out = RegionMap {
            regions,
            labels: ['?'; 9],
        };
        out.labels.copy_from_slice(&labels);
        Ok(out)
    }

    /// The region (0-8) of every cell, row-major; regions are numbered in the order of their
    /// first cell.
    pub fn regions(&self) -> &[u8; 81] {
        &self.regions
    }

    /// The cells of region `r` (0-8).
    pub fn cells(&self, r: usize) -> CellSet {
        cells_of(&self.regions, r as u8)
    }

    /// The map written back with the labels it was read with.
    pub fn to_line(&self) -> String {
        self.regions
            .iter()
            .map(|&r| self.labels[r as usize])
            .collect()
    }

    /// The label region `r` (0-8) was read with.
    pub fn label(&self, r: usize) -> char {
        self.labels[r]
    }

    /// The labels of the regions, in region order.
    pub(crate) fn labels(&self) -> [char; 9] {
        self.labels
    }

    /// The map written with the digits 1-9 in region order (a canonical form).
    pub fn to_digits(&self) -> String {
        self.regions.iter().map(|&r| char::from(b'1' + r)).collect()
    }
}

impl fmt::Debug for RegionMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RegionMap({})", self.to_line())
    }
}

/// The error for a map of more than nine labels: the label used fewest times is the one that
/// does not belong (a stray `x` among nine regions, not whichever label came tenth in reading
/// order), named at its first cell; of labels used equally rarely, the last to appear.
fn extra_label(text: &str) -> RegionMapError {
    let mut seen: Vec<(char, usize, Cell)> = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        match seen.iter_mut().find(|(l, ..)| *l == ch) {
            Some((_, count, _)) => *count += 1,
            None => seen.push((ch, 1, Cell::from_index(i))),
        }
    }
    let (label, _, cell) = seen
        .iter()
        .rev()
        .min_by_key(|(_, count, _)| *count)
        .copied()
        .expect("a tenth label was seen");
    RegionMapError::TenthLabel { label, cell }
}

/// The cells whose region is `r`.
fn cells_of(regions: &[u8; 81], r: u8) -> CellSet {
    Cell::all().filter(|c| regions[c.index()] == r).collect()
}

/// How many orthogonally connected pieces `cells` falls into.
fn pieces(cells: CellSet) -> usize {
    let mut left = cells;
    let mut count = 0;
    while let Some(start) = left.first() {
        count += 1;
        let mut todo = vec![start];
        left = left.difference(CellSet::single(start));
        while let Some(c) = todo.pop() {
            let (r, col) = (c.row(), c.col());
            let near = [
                (r > 0).then(|| Cell::at(r - 1, col)),
                (r < 8).then(|| Cell::at(r + 1, col)),
                (col > 0).then(|| Cell::at(r, col - 1)),
                (col < 8).then(|| Cell::at(r, col + 1)),
            ];
            for n in near.into_iter().flatten() {
                if left.contains(n) {
                    left = left.difference(CellSet::single(n));
                    todo.push(n);
                }
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOXES: &str =
        "111222333111222333111222333444555666444555666444555666777888999777888999777888999";

    #[test]
    fn the_boxes_read_back() {
        let m = RegionMap::parse(BOXES).unwrap();
        assert_eq!(m, RegionMap::boxes());
        assert_eq!(m.to_line(), BOXES);
        assert_eq!(m.cells(4).len(), 9);
    }

    #[test]
    fn broken_maps_name_the_label_and_the_problem() {
        let swap = |i: usize, ch: char| {
            let mut v: Vec<char> = BOXES.chars().collect();
            v[i] = ch;
            v.into_iter().collect::<String>()
        };
        // (map, error) pairs: the contract's examples and the other rules.
        let cases: Vec<(String, RegionMapError)> = vec![
            (BOXES[..80].to_string(), RegionMapError::Length(80)),
            (
                swap(5, '.'),
                RegionMapError::BadLabel {
                    label: '.',
                    cell: Cell::at(0, 5),
                },
            ),
            (
                swap(80, 'x'),
                RegionMapError::TenthLabel {
                    label: 'x',
                    cell: Cell::at(8, 8),
                },
            ),
            // A stray label early in the map is the one named, not the '9' read after it
            // (which was named "a tenth region label '9' at r7c7").
            (
                swap(0, 'x'),
                RegionMapError::TenthLabel {
                    label: 'x',
                    cell: Cell::at(0, 0),
                },
            ),
            // A 9 in box 1: label 1 is used 8 times (and 9 ten times).
            (
                swap(20, '9'),
                RegionMapError::Size {
                    label: '1',
                    count: 8,
                },
            ),
            (BOXES.replace('9', "8"), RegionMapError::TooFewLabels(8)),
        ];
        for (map, want) in cases {
            let got = RegionMap::parse(&map).unwrap_err();
            assert_eq!(got, want, "{map}");
            assert!(!got.to_string().is_empty());
        }
        // Two regions swapping a corner cell each keep nine cells but break in two pieces.
        let mut v: Vec<char> = BOXES.chars().collect();
        v.swap(0, 8);
        let map: String = v.into_iter().collect();
        let err = RegionMap::parse(&map).unwrap_err();
        assert_eq!(
            err,
            RegionMapError::Disconnected {
                label: '3',
                pieces: 2
            }
        );
        assert!(
            err.to_string().contains("region '3' is in 2 pieces"),
            "{err}"
        );
    }

    /// A control character as a label was printed raw (`'\u{1}'` showed as `''`), and one
    /// label was "1 region labels": the messages show every label and count readably.
    #[test]
    fn region_map_messages_escape_invisible_labels_and_count_in_words() {
        let with = |i: usize, ch: char| {
            let mut v: Vec<char> = BOXES.chars().collect();
            v[i] = ch;
            v.into_iter().collect::<String>()
        };
        let cases = [
            (with(0, '\u{1}'), "'\\u{1}' at r1c1 is not a region label"),
            (with(3, '\0'), "'\\0' at r1c4 is not a region label"),
            (
                with(4, '\u{200b}'),
                "'\\u{200b}' at r1c5 is not a region label",
            ),
            (with(9, 'é'), "'é' at r2c1 is not a region label"),
            (
                "1".repeat(81),
                "only 1 region label: a map has nine regions",
            ),
            (BOXES.replace('9', "8"), "only 8 region labels: a map"),
        ];
        for (map, want) in cases {
            let got = RegionMap::parse(&map).unwrap_err().to_string();
            assert!(got.starts_with(want), "{map:?}: {got}");
        }
    }

    #[test]
    fn labels_are_case_sensitive_and_any_alphanumeric() {
        let map = BOXES.replace('1', "a").replace('2', "A").replace('3', "0");
        let m = RegionMap::parse(&map).unwrap();
        assert_eq!(m.to_line(), map);
        assert_eq!(m.to_digits(), BOXES);
    }
}
