//! Formats: every error kind names its problem, and every format reads back what it wrote
//! (property tests over random grids and positions).

use nonet_core::{Cell, Digit, DigitSet, ParseErrorKind, PencilMarks, Sudoku};
use proptest::prelude::*;

const P: &str = ".4.61..9..7..5....1.3948...961.....2..58261..8.....365...3792.4....8..5..8..65.3.";

#[test]
fn conflicts_name_digit_house_and_cells() {
    let mut s = Sudoku::from_line(P).unwrap();
    s.set(Cell::at(1, 0), Digit::new(5)); // r2c5 already holds 5
    let c = s.first_conflict().unwrap();
    assert_eq!(c.to_string(), "digit 5 repeats in row 2 (r2c1, r2c5)");
    let mut t = Sudoku::from_line(P).unwrap();
    t.set(Cell::at(8, 1), Digit::new(4)); // column 2 holds 4 at r1c2
    assert_eq!(
        t.first_conflict().unwrap().to_string(),
        "digit 4 repeats in column 2 (r1c2, r9c2)"
    );
    let mut b = Sudoku::from_line(P).unwrap();
    b.set(Cell::at(1, 0), Digit::new(3)); // box 1 holds 3 at r3c3; row 2 and column 1 do not
    assert_eq!(
        b.first_conflict().unwrap().to_string(),
        "digit 3 repeats in box 1 (r2c1, r3c3)"
    );
    assert!(Sudoku::parse_valid(&s.to_line()).is_err());
    assert!(Sudoku::parse_valid(P).is_ok());
}

#[test]
fn every_parse_error_kind() {
    use ParseErrorKind::*;
    let kind = |text: &str| Sudoku::parse(text).unwrap_err().kind().clone();
    assert_eq!(kind(""), Empty);
    assert_eq!(kind(&P[..80]), CellCount { found: 80 });
    assert!(matches!(kind(&format!("{P}1")), CellCount { found: 82 }));
    assert!(matches!(
        kind(&P.replacen('.', "?", 1)),
        Character {
            ch: '?',
            column: 1,
            ..
        }
    ));
    let grid = Sudoku::from_line(P).unwrap().to_grid_string();
    let short: String = grid.lines().take(5).collect::<Vec<_>>().join("\n");
    assert_eq!(kind(&short), RowCount { found: 4 });
    let bad_row = grid.replacen(". 4 . | 6 1 . | . 9 .", ". 4 . | 6 1 . | . 9 . 1", 1);
    assert_eq!(
        kind(&bad_row),
        RowLength {
            row: 1,
            found: 10,
            extra: Some(23)
        }
    );
    let e = PencilMarks::from_pencil_grid("| 12 3 4 |\n").unwrap_err();
    assert_eq!(e.to_string(), "row 1 has 3 cells, expected 9");
    let e = PencilMarks::from_pencil_grid(&"1 2 3 4 5 6 7 8 99\n".repeat(9)).unwrap_err();
    assert!(matches!(e.kind(), RepeatedCandidate { .. }), "{e}");
    // Made by the readers of records, for a record without its puzzle.
    let e = nonet_core::ParseError::from(NoPuzzleField);
    assert_eq!(e.kind(), &NoPuzzleField);
    assert!(e.to_string().contains("no \"puzzle\" field"), "{e}");
}

fn any_sudoku() -> impl Strategy<Value = Sudoku> {
    proptest::collection::vec(0u8..=9, 81).prop_map(|v| {
        let mut cells = [0u8; 81];
        cells.copy_from_slice(&v);
        Sudoku::from_bytes(cells).unwrap()
    })
}

fn any_position() -> impl Strategy<Value = PencilMarks> {
    proptest::collection::vec((0u8..=9, 0u16..512), 81).prop_map(|v| {
        let mut pm = PencilMarks::empty();
        for (i, (value, mask)) in v.into_iter().enumerate() {
            let cell = Cell::from_index(i);
            match Digit::new(value) {
                Some(d) => pm.set_value(cell, d),
                // A single candidate reads back as a solved cell: the format's one ambiguity.
                None if mask.count_ones() == 1 => pm.set_candidates(cell, DigitSet::ALL),
                None => pm.set_candidates(cell, DigitSet::from_bits(mask)),
            }
        }
        pm
    })
}

proptest! {
    #[test]
    fn line_round_trip(s in any_sudoku()) {
        prop_assert_eq!(Sudoku::from_line(&s.to_line()).unwrap(), s);
        prop_assert_eq!(Sudoku::parse(&s.to_line()).unwrap(), s);
    }

    #[test]
    fn grid_round_trip(s in any_sudoku()) {
        prop_assert_eq!(Sudoku::from_grid(&s.to_grid_string()).unwrap(), s);
        prop_assert_eq!(Sudoku::parse(&s.to_grid_string()).unwrap(), s);
    }

    #[test]
    fn pencil_grid_round_trip(pm in any_position()) {
        prop_assert_eq!(PencilMarks::from_pencil_grid(&pm.to_pencil_grid()).unwrap(), pm);
    }

    #[test]
    fn parsing_never_panics(text in "[0-9.|+\\- \\nx]{0,200}") {
        let _ = Sudoku::parse(&text);
        let _ = PencilMarks::from_pencil_grid(&text);
    }
}

/// A puzzle, grid or pencil-mark grid saved by a Windows editor starts with a byte-order mark;
/// the readers took it for a character ("unexpected character '\u{feff}' at column 1"). It is
/// skipped, and a bad character after it is still counted from the first visible column.
#[test]
fn a_leading_byte_order_mark_is_skipped_by_every_reader() {
    let s = Sudoku::from_line(P).unwrap();
    let bom = |t: &str| format!("\u{feff}{t}");
    assert_eq!(Sudoku::from_line(&bom(P)).unwrap(), s);
    assert_eq!(Sudoku::parse(&bom(P)).unwrap(), s);
    assert_eq!(Sudoku::from_grid(&bom(&s.to_grid_string())).unwrap(), s);
    assert_eq!(Sudoku::parse(&bom(&s.to_grid_string())).unwrap(), s);
    let grid = PencilMarks::raw(&s.into()).to_pencil_grid();
    assert_eq!(
        PencilMarks::from_pencil_grid(&bom(&grid)).unwrap(),
        PencilMarks::from_pencil_grid(&grid).unwrap()
    );
    let bad = bom(&format!("x{}", &P[1..]));
    let err = Sudoku::from_line(&bad).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            ParseErrorKind::Character {
                ch: 'x',
                column: 1,
                ..
            }
        ),
        "{err}"
    );
    // Only a leading mark is an encoding's signature: one inside the text is a bad character.
    let inside = format!("{}\u{feff}{}", &P[..40], &P[41..]);
    assert!(Sudoku::from_line(&inside).is_err());
}

/// A grid drawn with Unicode box-drawing characters (`┌─┬─┐`, `│`), as web pages and other
/// tools draw them, was refused at its first character (`'┌'`); they are separators like `|`
/// and `-`, for the grid and the pencil-mark grid readers.
#[test]
fn a_grid_drawn_with_box_drawing_characters_reads() {
    let s = Sudoku::from_line(P).unwrap();
    let boxed =
        |text: &str| -> String { text.replace('|', "│").replace('+', "┼").replace('-', "─") };
    let framed = format!(
        "┌───────┬───────┬───────┐\n{}\n└───────┴───────┴───────┘",
        boxed(&s.to_grid_string())
    );
    assert_eq!(Sudoku::parse(&framed).unwrap(), s, "{framed}");
    assert_eq!(Sudoku::from_grid(&framed).unwrap(), s);
    let pencil = PencilMarks::raw(&s.into()).to_pencil_grid();
    assert_eq!(
        PencilMarks::from_pencil_grid(&boxed(&pencil)).unwrap(),
        PencilMarks::from_pencil_grid(&pencil).unwrap()
    );
}
