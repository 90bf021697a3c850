//! [`Variant`]: which house-based variant a board plays (jigsaw regions, X diagonals, Windoku
//! windows, or a combination), as written on the command line (`jigsaw,x,windoku`), and the
//! [`Layout`] it gives once a jigsaw's regions are known.

use std::fmt;
use std::str::FromStr;

use crate::house::{Layout, STANDARD};
use crate::region::RegionMap;

/// A combination of the house-based variants; the default is the standard layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Irregular regions in place of the boxes.
    pub jigsaw: bool,
    /// Both main diagonals are houses (X-Sudoku).
    pub diagonals: bool,
    /// The four windows r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8 are houses (Windoku).
    pub windows: bool,
}

/// Why a variant or its layout cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A word other than `jigsaw`, `x`, `windoku` (or `standard` alone).
    #[error("unknown variant '{0}' (expected a comma-separated list of jigsaw, x, windoku)")]
    Unknown(String),
    /// A jigsaw without its region map.
    #[error("a jigsaw needs its region map")]
    MissingRegions,
    /// A region map given for a variant that has boxes.
    #[error("a region map is given but the variant is not a jigsaw")]
    UnexpectedRegions,
}

impl Variant {
    /// The standard layout.
    pub const STANDARD: Variant = Variant {
        jigsaw: false,
        diagonals: false,
        windows: false,
    };

    /// Whether this is the standard layout.
    pub fn is_standard(self) -> bool {
        self == Variant::STANDARD
    }

    /// The layout of this variant; a jigsaw takes its `regions`, the others take none.
    pub fn layout(self, regions: Option<&RegionMap>) -> Result<Layout, VariantError> {
        let base = match (self.jigsaw, regions) {
            (true, Some(map)) => Layout::jigsaw(map),
            (true, None) => return Err(VariantError::MissingRegions),
            (false, Some(_)) => return Err(VariantError::UnexpectedRegions),
            (false, None) => STANDARD.clone(),
        };
        let base = if self.diagonals {
            base.with_diagonals()
        } else {
            base
        };
        Ok(if self.windows {
            base.with_windows()
        } else {
            base
        })
    }

    /// The variant a layout plays.
    pub fn of(layout: &Layout) -> Variant {
        Variant {
            jigsaw: layout.is_jigsaw(),
            diagonals: layout.has_diagonals(),
            windows: layout.has_windows(),
        }
    }
}

/// Reads `jigsaw`, `x`, `windoku`, comma-separated in any order (repeats allowed), or
/// `standard` (also the empty string) for the standard layout.
impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<Variant, VariantError> {
        let mut v = Variant::STANDARD;
        let s = s.trim();
        if s.is_empty() || s == "standard" {
            return Ok(v);
        }
        for word in s.split(',').map(str::trim) {
            match word {
                "jigsaw" => v.jigsaw = true,
                "x" => v.diagonals = true,
                "windoku" => v.windows = true,
                other => return Err(VariantError::Unknown(other.to_string())),
            }
        }
        Ok(v)
    }
}

/// Written as `--variant` takes it: `jigsaw,x,windoku` in that order, or `standard`.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<&str> = [
            (self.jigsaw, "jigsaw"),
            (self.diagonals, "x"),
            (self.windows, "windoku"),
        ]
        .into_iter()
        .filter_map(|(on, w)| on.then_some(w))
        .collect();
        if words.is_empty() {
            f.write_str("standard")
        } else {
            f.write_str(&words.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_words_round_trip() {
        for text in [
            "standard",
            "jigsaw",
            "x",
            "windoku",
            "jigsaw,x",
            "x,windoku",
            "jigsaw,x,windoku",
        ] {
            let v: Variant = text.parse().unwrap();
            assert_eq!(v.to_string(), text);
        }
        assert_eq!(
            "windoku,x".parse::<Variant>().unwrap().to_string(),
            "x,windoku"
        );
        assert_eq!("".parse::<Variant>().unwrap(), Variant::STANDARD);
        assert_eq!(
            "x,sudoku".parse::<Variant>(),
            Err(VariantError::Unknown("sudoku".into()))
        );
    }

    #[test]
    fn variant_layouts_need_their_regions() {
        let boxes = RegionMap::boxes();
        let jig: Variant = "jigsaw,x".parse().unwrap();
        let layout = jig.layout(Some(&boxes)).unwrap();
        assert!(layout.is_jigsaw() && layout.has_diagonals() && !layout.has_windows());
        assert_eq!(Variant::of(&layout), jig);
        assert_eq!(jig.layout(None), Err(VariantError::MissingRegions));
        assert_eq!(
            Variant::STANDARD.layout(Some(&boxes)),
            Err(VariantError::UnexpectedRegions)
        );
        assert!(Variant::STANDARD.layout(None).unwrap().is_standard());
    }
}
