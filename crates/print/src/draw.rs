//! Drawing a Sudoku grid once for every output: a small [`Canvas`] of lines, filled
//! rectangles and centred text in top-left coordinates (y grows downwards), which the PDF and
//! SVG back ends implement.

use nonet_core::{Cell, CellSet, DigitSet, Sudoku};

/// A grey level or colour, components 0.0 (none) to 1.0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Color(pub f32, pub f32, pub f32);

impl Color {
    /// Black.
    pub const BLACK: Color = Color(0.0, 0.0, 0.0);
    /// The grey of thin cell lines and solved digits.
    pub const GREY: Color = Color(0.35, 0.35, 0.35);
    /// The soft yellow of highlighted cells.
    pub const HIGHLIGHT: Color = Color(1.0, 0.93, 0.55);
}

/// Font weights we use (Helvetica and Helvetica-Bold).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Regular.
    Regular,
    /// Bold.
    Bold,
}

/// Horizontal anchoring of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the left end.
    Start,
    /// `x` is the middle.
    Middle,
    /// `x` is the right end.
    End,
}

/// Where drawings go. Coordinates in points (PDF) or pixels (SVG), origin top left.
pub trait Canvas {
    /// A straight line.
    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, color: Color);
    /// A filled rectangle.
    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color);
    /// Text whose baseline is at `y`; bold text is black, regular text dark grey.
    fn text(&mut self, x: f32, y: f32, size: f32, weight: Weight, anchor: Anchor, text: &str);
}

/// Helvetica's cap height (digits are as tall), as a fraction of the font size: a digit looks
/// centred in a cell when its baseline is half of this below the cell's centre.
pub const CAP_HEIGHT: f32 = 0.718;

/// Width of `text` in Helvetica at size 1 (from the font's standard metrics; bold is close
/// enough for the short captions we centre).
pub fn text_width(text: &str) -> f32 {
    text.chars()
        .map(|c| {
            let w = match c {
                ' ' | '!' | ',' | '.' | '/' | ':' | ';' | 'I' | '[' | ']' | '\\' | 'f' | 't' => 278,
                '0'..='9'
                | '#'
                | '$'
                | '?'
                | '_'
                | 'L'
                | 'a'
                | 'b'
                | 'd'
                | 'e'
                | 'g'
                | 'h'
                | 'n'
                | 'o'
                | 'p'
                | 'q'
                | 'u' => 556,
                'i' | 'j' | 'l' => 222,
                'c' | 'k' | 's' | 'v' | 'x' | 'y' | 'z' | 'J' => 500,
                'r' | '-' | '(' | ')' | '`' => 333,
                'm' | 'M' => 833,
                'w' | 'C' | 'D' | 'H' | 'N' | 'R' | 'U' => 722,
                'G' | 'O' | 'Q' => 778,
                'W' => 944,
                'F' | 'T' | 'Z' => 611,
                '%' => 889,
                '\u{b7}' => 278,
                _ => 667,
            };
            w as f32 / 1000.0
        })
        .sum()
}

/// What to draw in one grid.
#[derive(Clone, Debug, Default)]
pub struct GridStyle {
    /// Digits to show in empty cells of the puzzle (a solution), drawn lighter than the givens.
    pub fill: Option<Sudoku>,
    /// Pencil marks for empty cells (drawn small, in a 3x3 pattern).
    pub marks: Option<[DigitSet; 81]>,
    /// Cells with a highlighted background.
    pub highlight: CellSet,
}

/// Draws `puzzle` as a grid of side `size` with its top-left corner at (`x`, `y`).
///
/// Lines: thin grey between cells, thick black around boxes and the whole grid, with the thick
/// lines drawn last so that they cover the thin ones where they meet. Line widths scale with
/// the grid so a small solution grid stays as legible as a full-page one.
pub fn grid(
    canvas: &mut dyn Canvas,
    x: f32,
    y: f32,
    size: f32,
    puzzle: &Sudoku,
    style: &GridStyle,
) {
    let cell = size / 9.0;
    for c in style.highlight.iter() {
        let (r, k) = (c.row() as f32, c.col() as f32);
        canvas.fill_rect(x + k * cell, y + r * cell, cell, cell, Color::HIGHLIGHT);
    }
    let thin = (size / 400.0).clamp(0.35, 1.0);
    let thick = (size / 130.0).clamp(1.2, 3.0);
    for i in 1..9 {
        if i % 3 != 0 {
            let t = i as f32 * cell;
            canvas.line(x + t, y, x + t, y + size, thin, Color::GREY);
            canvas.line(x, y + t, x + size, y + t, thin, Color::GREY);
        }
    }
    for i in 0..=3 {
        let t = i as f32 * 3.0 * cell;
        // Extend the outer lines by half a width so the corners close squarely.
        let (a, b) = (y - thick / 2.0, y + size + thick / 2.0);
        canvas.line(x + t, a, x + t, b, thick, Color::BLACK);
        let (a, b) = (x - thick / 2.0, x + size + thick / 2.0);
        canvas.line(a, y + t, b, y + t, thick, Color::BLACK);
    }
    let digit_size = cell * 0.62;
    let mark_size = cell * 0.25;
    for c in Cell::all() {
        let (cx, cy) = (
            x + (c.col() as f32 + 0.5) * cell,
            y + (c.row() as f32 + 0.5) * cell,
        );
        if let Some(d) = puzzle.get(c) {
            let base = cy + digit_size * CAP_HEIGHT / 2.0;
            canvas.text(
                cx,
                base,
                digit_size,
                Weight::Bold,
                Anchor::Middle,
                &d.get().to_string(),
            );
        } else if let Some(d) = style.fill.as_ref().and_then(|s| s.get(c)) {
            let base = cy + digit_size * CAP_HEIGHT / 2.0;
            canvas.text(
                cx,
                base,
                digit_size,
                Weight::Regular,
                Anchor::Middle,
                &d.get().to_string(),
            );
        } else if let Some(marks) = &style.marks {
            for d in marks[c.index()].iter() {
                let k = d.index();
                let mx = cx + ((k % 3) as f32 - 1.0) * cell * 0.3;
                let my = cy + ((k / 3) as f32 - 1.0) * cell * 0.3 + mark_size * CAP_HEIGHT / 2.0;
                canvas.text(
                    mx,
                    my,
                    mark_size,
                    Weight::Regular,
                    Anchor::Middle,
                    &d.get().to_string(),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records what was drawn.
    #[derive(Default)]
    struct Log {
        lines: Vec<(f32, f32, f32, f32, f32)>,
        texts: Vec<(f32, f32, String)>,
        rects: usize,
    }

    impl Canvas for Log {
        fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, w: f32, _: Color) {
            self.lines.push((x1, y1, x2, y2, w));
        }
        fn fill_rect(&mut self, _: f32, _: f32, _: f32, _: f32, _: Color) {
            self.rects += 1;
        }
        fn text(&mut self, x: f32, y: f32, _: f32, _: Weight, _: Anchor, t: &str) {
            self.texts.push((x, y, t.to_string()));
        }
    }

    #[test]
    fn a_grid_has_twenty_lines_and_one_digit_per_given() {
        let p = Sudoku::from_line(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let mut log = Log::default();
        grid(&mut log, 10.0, 20.0, 180.0, &p, &GridStyle::default());
        assert_eq!(log.lines.len(), 12 + 8);
        assert_eq!(log.texts.len(), p.filled_count());
        // The first given, 5 at r1c1, sits in the first cell.
        let (x, y, t) = &log.texts[0];
        assert_eq!(t, "5");
        assert!((*x - 20.0).abs() < 0.01 && *y > 20.0 && *y < 40.0);
        // Everything inside the grid (plus half a thick line).
        assert!(log.lines.iter().all(|&(a, b, c, d, _)| [a, c]
            .iter()
            .all(|v| (8.0..=192.0).contains(v))
            && [b, d].iter().all(|v| (18.0..=202.0).contains(v))));
    }

    #[test]
    fn helvetica_digits_are_556_wide() {
        assert!((text_width("12") - 1.112).abs() < 1e-6);
    }
}
