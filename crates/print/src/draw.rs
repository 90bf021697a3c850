//! Drawing a Sudoku grid once for every output: a small [`Canvas`] of lines, filled
//! rectangles and centred text in top-left coordinates (y grows downwards), which the PDF and
//! SVG back ends implement.

use nonet_core::{Cell, CellSet, DigitSet, HouseKind, Layout, Sudoku};

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
    /// The light grey of Windoku's windows.
    pub const WINDOW: Color = Color(0.88, 0.88, 0.88);
    /// The grey of X-Sudoku's diagonals: visible, yet lighter than every digit.
    pub const DIAGONAL: Color = Color(0.62, 0.62, 0.62);
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
    /// The houses to draw: the boxes or a jigsaw's regions (thick borders), X-Sudoku's
    /// diagonals (grey lines) and Windoku's windows (grey cells).
    pub layout: Layout,
}

/// Draws `puzzle` as a grid of side `size` with its top-left corner at (`x`, `y`).
///
/// Lines: thin grey between cells, thick black around boxes (or a jigsaw's regions) and the
/// whole grid, with the thick lines drawn last so that they cover the thin ones where they
/// meet; Windoku's windows are grey cells under everything, X-Sudoku's diagonals grey lines
/// under the digits. Line widths scale with
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
    let layout = &style.layout;
    let windows = layout
        .houses()
        .filter(|h| h.kind() == HouseKind::Window)
        .fold(CellSet::EMPTY, |s, h| s | layout.cell_set(h));
    for c in windows.difference(style.highlight) {
        let (r, k) = (c.row() as f32, c.col() as f32);
        canvas.fill_rect(x + k * cell, y + r * cell, cell, cell, Color::WINDOW);
    }
    for c in style.highlight.iter() {
        let (r, k) = (c.row() as f32, c.col() as f32);
        canvas.fill_rect(x + k * cell, y + r * cell, cell, cell, Color::HIGHLIGHT);
    }
    let thin = (size / 400.0).clamp(0.35, 1.0);
    let thick = (size / 130.0).clamp(1.2, 3.0);
    let jigsaw = layout.is_jigsaw();
    for i in 1..9 {
        if jigsaw || i % 3 != 0 {
            let t = i as f32 * cell;
            canvas.line(x + t, y, x + t, y + size, thin, Color::GREY);
            canvas.line(x, y + t, x + size, y + t, thin, Color::GREY);
        }
    }
    if layout.has_diagonals() {
        canvas.line(x, y, x + size, y + size, thin, Color::DIAGONAL);
        canvas.line(x + size, y, x, y + size, thin, Color::DIAGONAL);
    }
    if jigsaw {
        region_borders(canvas, x, y, size, layout, thick);
    } else {
        for i in 0..=3 {
            let t = i as f32 * 3.0 * cell;
            // Extend the outer lines by half a width so the corners close squarely.
            let (a, b) = (y - thick / 2.0, y + size + thick / 2.0);
            canvas.line(x + t, a, x + t, b, thick, Color::BLACK);
            let (a, b) = (x - thick / 2.0, x + size + thick / 2.0);
            canvas.line(a, y + t, b, y + t, thick, Color::BLACK);
        }
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

/// The thick lines of a jigsaw: the grid's outline, then one segment wherever two neighbouring
/// cells lie in different regions, joined into runs along each grid line so a border is one
/// stroke (no seams at the joints).
fn region_borders(canvas: &mut dyn Canvas, x: f32, y: f32, size: f32, layout: &Layout, thick: f32) {
    let cell = size / 9.0;
    let region = |r: usize, c: usize| layout.houses_of(Cell::at(r, c))[2];
    let (a, b) = (y - thick / 2.0, y + size + thick / 2.0);
    canvas.line(x, a, x, b, thick, Color::BLACK);
    canvas.line(x + size, a, x + size, b, thick, Color::BLACK);
    let (a, b) = (x - thick / 2.0, x + size + thick / 2.0);
    canvas.line(a, y, b, y, thick, Color::BLACK);
    canvas.line(a, y + size, b, y + size, thick, Color::BLACK);
    for i in 1..9 {
        let t = i as f32 * cell;
        // Vertical line i: between columns i-1 and i, a border in row r where they differ.
        let mut run: Option<usize> = None;
        for r in 0..=9 {
            let border = r < 9 && region(r, i - 1) != region(r, i);
            match (border, run) {
                (true, None) => run = Some(r),
                (false, Some(start)) => {
                    let (top, bottom) = (start as f32 * cell, r as f32 * cell);
                    canvas.line(
                        x + t,
                        y + top - thick / 2.0,
                        x + t,
                        y + bottom + thick / 2.0,
                        thick,
                        Color::BLACK,
                    );
                    run = None;
                }
                _ => {}
            }
        }
        // Horizontal line i: between rows i-1 and i.
        let mut run: Option<usize> = None;
        for c in 0..=9 {
            let border = c < 9 && region(i - 1, c) != region(i, c);
            match (border, run) {
                (true, None) => run = Some(c),
                (false, Some(start)) => {
                    let (left, right) = (start as f32 * cell, c as f32 * cell);
                    canvas.line(
                        x + left - thick / 2.0,
                        y + t,
                        x + right + thick / 2.0,
                        y + t,
                        thick,
                        Color::BLACK,
                    );
                    run = None;
                }
                _ => {}
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
    fn a_jigsaw_of_the_boxes_draws_their_borders_as_runs() {
        let layout = Layout::jigsaw(&nonet_core::RegionMap::boxes());
        let mut log = Log::default();
        let style = GridStyle {
            layout,
            ..GridStyle::default()
        };
        grid(&mut log, 0.0, 0.0, 180.0, &Sudoku::empty(), &style);
        let thick = log.lines.iter().filter(|l| l.4 > 1.0).count();
        // Every thin line, then the outline and one run for each of the four inner borders.
        assert_eq!((log.lines.len() - thick, thick), (16, 8));
    }

    #[test]
    fn x_adds_two_diagonals_and_windoku_shades_its_windows() {
        let mut log = Log::default();
        let style = GridStyle {
            layout: nonet_core::STANDARD.with_diagonals().with_windows(),
            ..GridStyle::default()
        };
        grid(&mut log, 0.0, 0.0, 180.0, &Sudoku::empty(), &style);
        assert_eq!(log.lines.len(), 12 + 8 + 2);
        assert_eq!(log.rects, 36);
    }

    #[test]
    fn helvetica_digits_are_556_wide() {
        assert!((text_width("12") - 1.112).abs() < 1e-6);
    }
}
