//! Reading a request of the game's JSON API, and why one is refused, decided once for both
//! fronts that answer it: the server (`nonet-server`, over HTTP) and the page's engine
//! (`nonet-wasm`, with no server). Each kind of refusal ([`Problem`]) has one HTTP status and
//! one code, which both fronts answer; the reading both share (a request's JSON, a variant and
//! its region map, a puzzle typed in, a level, a date) refuses with a [`Refusal`] of one of
//! those kinds.
//!
//! The statuses are the server's contract: a request that cannot be read (not JSON, a key named
//! twice, no body at all) is a 400 `bad_request`; a well-formed request whose values are not
//! acceptable (the wrong shape or type, a digit or cell off the board, an unknown level) is a
//! 422, `invalid` or a code naming the problem. A status is a plain number here: this crate
//! knows no HTTP.

use nonet_core::{Layout, RegionMap, RegionMapError, Sudoku, Variant, VariantError};
use nonet_generate::{GenerateError, Level};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::game::RegionProblem;

/// The longest puzzle text or region map read (a 9-line grid with borders fits easily).
pub const MAX_PUZZLE_TEXT: usize = 4096;

/// A kind of refusal, with the status and code both fronts answer for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// 400 `bad_request`: the request cannot be read (not JSON, not UTF-8, a key named twice,
    /// nothing at all).
    Malformed,
    /// 422 `invalid`: well-formed, but a value is not acceptable (a field of the wrong type or
    /// missing, an unknown level, a cell or digit off the board, a move the rules refuse).
    Invalid,
    /// 422 `bad_variant`: the variant's words are not a variant.
    BadVariant,
    /// 422 `bad_regions`: a jigsaw's region map is broken, missing, or given for a variant with
    /// boxes (the [`Refusal`] names the rule).
    BadRegions,
    /// 422 `bad_progress`: the player's progress grid cannot be read onto the puzzle.
    BadProgress,
    /// 422 `clash`: the puzzle's givens break a rule.
    Clash,
    /// 422 `no_solution`: the puzzle has no solution.
    NoSolution,
    /// 422 `multiple_solutions`: the puzzle has more than one solution.
    MultipleSolutions,
    /// 422 `impossible`: options no puzzle can meet (a region map that admits no grid).
    Impossible,
    /// 422 `unknown_technique`: a stated deduction names no technique.
    UnknownTechnique,
    /// 422 `cannot_check`: a stated deduction cannot be checked on this position.
    CannotCheck,
    /// 422 `no_path`: the logical solver has no path for the puzzle.
    NoPath,
    /// 422 `already_solved`: a player's own puzzle (with their progress) fills every cell
    /// rightly: nothing is left to play.
    AlreadySolved,
    /// 404 `not_found`: no such thing (a game, a technique, an endpoint or op).
    NotFound,
    /// 409 `conflict`: the game's state does not allow this now.
    Conflict,
    /// 410 `damaged`: the game as kept cannot be read back.
    Damaged,
    /// 503 `generator_failed`: the generator gave up on options it could meet; another try
    /// or another seed may succeed (no fault of the request, so not a 4xx).
    GeneratorFailed,
}

impl Problem {
    /// Every kind, for tables and tests.
    pub const ALL: [Problem; 17] = [
        Problem::Malformed,
        Problem::Invalid,
        Problem::BadVariant,
        Problem::BadRegions,
        Problem::BadProgress,
        Problem::Clash,
        Problem::NoSolution,
        Problem::MultipleSolutions,
        Problem::Impossible,
        Problem::UnknownTechnique,
        Problem::CannotCheck,
        Problem::NoPath,
        Problem::AlreadySolved,
        Problem::NotFound,
        Problem::Conflict,
        Problem::Damaged,
        Problem::GeneratorFailed,
    ];

    /// The HTTP status both fronts answer.
    pub const fn status(self) -> u16 {
        match self {
            Problem::Malformed => 400,
            Problem::NotFound => 404,
            Problem::Conflict => 409,
            Problem::Damaged => 410,
            Problem::GeneratorFailed => 503,
            Problem::Invalid
            | Problem::BadVariant
            | Problem::BadRegions
            | Problem::BadProgress
            | Problem::Clash
            | Problem::NoSolution
            | Problem::MultipleSolutions
            | Problem::Impossible
            | Problem::UnknownTechnique
            | Problem::CannotCheck
            | Problem::NoPath
            | Problem::AlreadySolved => 422,
        }
    }

    /// The stable code both fronts answer.
    pub const fn code(self) -> &'static str {
        match self {
            Problem::Malformed => "bad_request",
            Problem::Invalid => "invalid",
            Problem::BadVariant => "bad_variant",
            Problem::BadRegions => "bad_regions",
            Problem::BadProgress => "bad_progress",
            Problem::Clash => "clash",
            Problem::NoSolution => "no_solution",
            Problem::MultipleSolutions => "multiple_solutions",
            Problem::Impossible => "impossible",
            Problem::UnknownTechnique => "unknown_technique",
            Problem::CannotCheck => "cannot_check",
            Problem::NoPath => "no_path",
            Problem::AlreadySolved => "already_solved",
            Problem::NotFound => "not_found",
            Problem::Conflict => "conflict",
            Problem::Damaged => "damaged",
            Problem::GeneratorFailed => "generator_failed",
        }
    }
}

/// A request refused: its kind, the problem in words, and for a broken region map the rule
/// it breaks and the region at fault (fields the page acts on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The kind, which decides the status and code.
    pub problem: Problem,
    /// A sentence for people.
    pub message: String,
    /// For `bad_regions`: the rule broken (`length`, `label`, `count`, `size`, `connected`,
    /// `missing`, `not_jigsaw`, `other`).
    pub rule: Option<&'static str>,
    /// For `bad_regions`: the region at fault, when one is.
    pub region: Option<char>,
}

impl Refusal {
    /// A refusal of kind `problem`.
    pub fn new(problem: Problem, message: impl Into<String>) -> Refusal {
        Refusal {
            problem,
            message: message.into(),
            rule: None,
            region: None,
        }
    }

    /// 422 `bad_regions` for a broken region map: the first problem in words ("region 4 has
    /// 10 cells"), its rule and the region at fault ([`RegionProblem`]).
    pub fn regions(e: &RegionMapError) -> Refusal {
        let problem = RegionProblem::new(e);
        Refusal {
            rule: Some(problem.rule),
            region: problem.region,
            ..Refusal::new(
                Problem::BadRegions,
                format!("region map: {}", problem.message),
            )
        }
    }

    /// 422 `bad_regions` breaking `rule`.
    fn bad_regions(rule: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            rule: Some(rule),
            ..Refusal::new(Problem::BadRegions, message)
        }
    }

    /// 422 `invalid` for a level no one has (`or_any`: `any` is a choice too).
    pub fn unknown_level(level: &str, or_any: bool) -> Refusal {
        let any = if or_any { ", or any" } else { "" };
        Refusal::new(
            Problem::Invalid,
            format!(
                "unknown level {level:?}; pick one of easy, medium, hard, expert, extreme{any}"
            ),
        )
    }

    /// 422 `invalid` for a daily puzzle's date that is not a day.
    pub fn bad_date(date: &str) -> Refusal {
        Refusal::new(
            Problem::Invalid,
            format!(
                "date must be a day from 2000-01-01 to 9999-12-31 written YYYY-MM-DD, got {date:?}"
            ),
        )
    }

    /// 404 `not_found` for a code no technique has.
    pub fn unknown_technique_code(code: &str) -> Refusal {
        Refusal::new(
            Problem::NotFound,
            format!("no technique has the code {code:?}"),
        )
    }
}

impl From<&GenerateError> for Refusal {
    /// 422 `impossible` for options no puzzle can meet; 503 `generator_failed` for a generator
    /// that gave up (or was stopped) on options it could meet.
    fn from(e: &GenerateError) -> Refusal {
        match e {
            GenerateError::Impossible(why) => Refusal::new(Problem::Impossible, why.to_string()),
            _ => Refusal::new(
                Problem::GeneratorFailed,
                "could not make a puzzle this time; please try again or pick another seed",
            ),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

/// A request's JSON read as an object: nothing, text that is not JSON or an object naming a
/// key twice is a 400 `bad_request`; JSON that is not an object a 422 `invalid` (every
/// request of the API is an object: serde would read a struct from an array too).
pub fn read_object(bytes: &[u8]) -> Result<Value, Refusal> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Refusal::new(
            Problem::Malformed,
            "a JSON request body is required",
        ));
    }
    // Syntax first, then shape: read straight into a type, serde_json reports the surplus
    // elements of an array read as a struct as a syntax error, and a well-formed request of
    // the wrong shape would get 400 on some requests and 422 on others.
    let value = strict_json(bytes)
        .map_err(|e| Refusal::new(Problem::Malformed, format!("malformed JSON: {e}")))?;
    if !value.is_object() {
        return Err(Refusal::new(
            Problem::Invalid,
            "invalid request: the body must be a JSON object",
        ));
    }
    Ok(value)
}

/// A request's fields read from its object: a field missing, unknown or of the wrong type is
/// a 422 `invalid`.
pub fn read_fields<T: DeserializeOwned>(object: Value) -> Result<T, Refusal> {
    T::deserialize(object)
        .map_err(|e| Refusal::new(Problem::Invalid, format!("invalid request: {e}")))
}

/// A request read from its JSON: [`read_object`], then [`read_fields`].
pub fn read_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Refusal> {
    read_fields(read_object(bytes)?)
}

/// Parses JSON like `serde_json::from_slice`, but refuses an object that names a key twice
/// (which would otherwise silently keep the last value): the error names the key and where.
pub fn strict_json(bytes: &[u8]) -> Result<Value, serde_json::Error> {
    use serde::de::{DeserializeSeed, Error, MapAccess, SeqAccess, Visitor};

    struct Strict;

    impl<'de> DeserializeSeed<'de> for Strict {
        type Value = Value;
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
            d.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Strict {
        type Value = Value;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON value")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
            Ok(Value::Bool(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
            Ok(Value::from(v))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
            Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
        }
        fn visit_str<E>(self, v: &str) -> Result<Value, E> {
            Ok(Value::String(v.to_string()))
        }
        fn visit_string<E>(self, v: String) -> Result<Value, E> {
            Ok(Value::String(v))
        }
        fn visit_unit<E>(self) -> Result<Value, E> {
            Ok(Value::Null)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element_seed(Strict)? {
                out.push(v);
            }
            Ok(Value::Array(out))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
            let mut out = serde_json::Map::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    return Err(A::Error::custom(format!("duplicate key {key:?}")));
                }
                let v = map.next_value_seed(Strict)?;
                out.insert(key, v);
            }
            Ok(Value::Object(out))
        }
    }

    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value = Strict.deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// A level by its exact name, as the API writes it (`Level`'s `FromStr` also takes `Easy` or
/// ` easy`, which the API does not).
fn level_named(name: &str) -> Option<Level> {
    Level::ALL.into_iter().find(|l| l.name() == name)
}

/// A level by name (a daily puzzle's), or 422 `invalid`.
pub fn read_level(name: &str) -> Result<Level, Refusal> {
    level_named(name).ok_or_else(|| Refusal::unknown_level(name, false))
}

/// A new game's aim: a level by name, or `any` for none; else 422 `invalid`.
pub fn read_aim(name: &str) -> Result<Option<Level>, Refusal> {
    match level_named(name) {
        Some(level) => Ok(Some(level)),
        None if name == "any" => Ok(None),
        None => Err(Refusal::unknown_level(name, true)),
    }
}

/// A puzzle typed in (a line or a grid), or 422 `invalid` naming why it is not one.
pub fn read_puzzle(text: &str) -> Result<Sudoku, Refusal> {
    if text.len() > MAX_PUZZLE_TEXT {
        return Err(Refusal::new(
            Problem::Invalid,
            "the puzzle text is too long",
        ));
    }
    Sudoku::parse(text.trim())
        .map_err(|e| Refusal::new(Problem::Invalid, format!("not a puzzle: {e}")))
}

/// A region map's 81 labels (blanks between them ignored, so a 9-line map pasted from a file
/// reads too), or 422 `bad_regions` naming the label and the rule it breaks.
pub fn read_regions(text: &str) -> Result<RegionMap, Refusal> {
    if text.len() > MAX_PUZZLE_TEXT {
        return Err(Refusal::bad_regions("length", "the region map is too long"));
    }
    let labels: String = text.split_whitespace().collect();
    RegionMap::parse(&labels).map_err(|e| Refusal::regions(&e))
}

/// A variant with a jigsaw's region map, as a request names them.
#[derive(Clone, Debug)]
pub struct VariantRegions {
    /// The variant.
    pub variant: Variant,
    /// A jigsaw's region map, when given.
    pub regions: Option<RegionMap>,
}

impl VariantRegions {
    /// Reads `variant` (`jigsaw,x,windoku` words, absent or `standard` for the standard
    /// layout) and a jigsaw's `regions` ([`read_regions`]; absent or blank for none). Every
    /// problem is a 422 that names it: `bad_variant`, or `bad_regions` with the rule it breaks
    /// (`not_jigsaw` for a map given to a variant with boxes).
    pub fn read(variant: Option<&str>, regions: Option<&str>) -> Result<VariantRegions, Refusal> {
        let variant: Variant = variant
            .unwrap_or_default()
            .parse()
            .map_err(|e: VariantError| Refusal::new(Problem::BadVariant, e.to_string()))?;
        let regions = match regions {
            Some(text) if !text.trim().is_empty() => Some(read_regions(text)?),
            _ => None,
        };
        if regions.is_some() && !variant.jigsaw {
            let e = VariantError::UnexpectedRegions;
            return Err(Refusal::bad_regions("not_jigsaw", e.to_string()));
        }
        Ok(VariantRegions { variant, regions })
    }

    /// The player's own puzzle of this variant from `text`; a jigsaw given no map separately
    /// takes the one typed after the puzzle on its line
    /// ([`nonet_game::puzzle::puzzle_and_map`]).
    pub fn own_puzzle(&mut self, text: &str) -> Result<Sudoku, Refusal> {
        let split = nonet_game::puzzle::puzzle_and_map(text)
            .filter(|_| self.variant.jigsaw && self.regions.is_none());
        match split {
            Some((puzzle, map)) => {
                self.regions = Some(read_regions(map)?);
                read_puzzle(puzzle)
            }
            None => read_puzzle(text),
        }
    }

    /// The layout a puzzle is played on: a jigsaw's needs its map (422 `bad_regions`, rule
    /// `missing`, without).
    pub fn layout(&self) -> Result<Layout, Refusal> {
        self.variant
            .layout(self.regions.as_ref())
            .map_err(|e| match e {
                VariantError::MissingRegions => Refusal::bad_regions(
                    "missing",
                    "a jigsaw needs its region map: 81 labels, one per cell (\"regions\")",
                ),
                other => Refusal::bad_regions("other", other.to_string()),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_distinct_code_and_an_error_status() {
        let mut codes: Vec<&str> = Problem::ALL.iter().map(|p| p.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Problem::ALL.len());
        // Only the generator's giving up is no fault of the request.
        for p in Problem::ALL {
            let client = p != Problem::GeneratorFailed;
            assert_eq!((400..500).contains(&p.status()), client, "{p:?}");
            assert!((400..600).contains(&p.status()), "{p:?}");
        }
    }

    #[test]
    fn syntax_is_a_400_and_shape_a_422() {
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        struct Ask {
            #[allow(dead_code)]
            seed: u64,
        }
        let kind = |text: &str| read_json::<Ask>(text.as_bytes()).unwrap_err().problem;
        for malformed in [
            "",
            "  ",
            "{",
            "{\"seed\": 1,}",
            "{\"seed\": 1, \"seed\": 2}",
            "\u{1}",
        ] {
            assert_eq!(kind(malformed), Problem::Malformed, "{malformed:?}");
        }
        for invalid in [
            "[1]",
            "{}",
            "{\"seed\": \"x\"}",
            "{\"seed\": 1, \"x\": 2}",
            "7",
        ] {
            assert_eq!(kind(invalid), Problem::Invalid, "{invalid:?}");
        }
        assert!(read_json::<Ask>(b"{\"seed\": 3}").is_ok());
    }

    #[test]
    fn a_region_map_s_problem_names_its_rule() {
        // The boxes as a region map: a sound map, but not for a variant with boxes.
        let boxes: String = (0..81)
            .map(|i| char::from(b'1' + (i / 27 * 3 + i % 9 / 3) as u8))
            .collect();
        assert!(VariantRegions::read(Some("jigsaw"), Some(&boxes)).is_ok());
        let e = VariantRegions::read(Some("x"), Some(&boxes)).unwrap_err();
        assert_eq!(
            (e.problem, e.rule),
            (Problem::BadRegions, Some("not_jigsaw"))
        );
        let e = VariantRegions::read(Some("jigsaw"), Some("12")).unwrap_err();
        assert_eq!((e.problem, e.rule), (Problem::BadRegions, Some("length")));
        let missing = VariantRegions::read(Some("jigsaw"), None).unwrap();
        assert_eq!(missing.layout().unwrap_err().rule, Some("missing"));
        let e = VariantRegions::read(Some("hexagonal"), None).unwrap_err();
        assert_eq!(e.problem, Problem::BadVariant);
    }
}
