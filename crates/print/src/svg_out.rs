//! One puzzle as an SVG image: for sharing, the web game's "print", or a hint picture, with
//! optional pencil marks and highlighted cells. Built with the `svg` crate; the text uses
//! Helvetica/Arial, which every browser has.

use nonet_core::{CellSet, DigitSet, Layout, PencilMarks, Puzzle, Sudoku};
use svg::node::element::{Line, Rectangle, Text};
use svg::{Document, Node};

use crate::draw::{self, Anchor, Canvas, Color, GridStyle, Weight};

/// What to show in the image.
#[derive(Clone, Debug, Default)]
pub struct SvgOptions {
    /// Side of the image in pixels (the grid plus a small margin). 0 means 450.
    pub size: u32,
    /// Draw the candidates of empty cells (after removing the givens' digits from their peers).
    pub pencil_marks: bool,
    /// Explicit candidates to draw instead (e.g. a position from the game); implies marks.
    pub marks: Option<PencilMarks>,
    /// Cells with a highlighted background (e.g. a hint's cells).
    pub highlight: CellSet,
    /// Fill the empty cells with this solution (lighter digits).
    pub solution: Option<Sudoku>,
    /// The houses to draw (the standard layout by default).
    pub layout: Layout,
}

/// An SVG document being drawn.
struct SvgCanvas {
    doc: Document,
}

fn rgb(c: Color) -> String {
    let to = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", to(c.0), to(c.1), to(c.2))
}

/// Numbers with at most two decimals keep the file small and diff-friendly.
fn n(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

impl Canvas for SvgCanvas {
    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, color: Color) {
        let line = Line::new()
            .set("x1", n(x1))
            .set("y1", n(y1))
            .set("x2", n(x2))
            .set("y2", n(y2))
            .set("stroke", rgb(color))
            .set("stroke-width", n(width));
        self.doc.append(line);
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        let rect = Rectangle::new()
            .set("x", n(x))
            .set("y", n(y))
            .set("width", n(w))
            .set("height", n(h))
            .set("fill", rgb(color));
        self.doc.append(rect);
    }

    fn text(&mut self, x: f32, y: f32, size: f32, weight: Weight, anchor: Anchor, text: &str) {
        let (w, fill) = match weight {
            Weight::Regular => ("normal", "#404040"),
            Weight::Bold => ("bold", "#000000"),
        };
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let t = Text::new(text)
            .set("x", n(x))
            .set("y", n(y))
            .set("font-size", n(size))
            .set("font-weight", w)
            .set("fill", fill)
            .set("text-anchor", anchor);
        self.doc.append(t);
    }
}

/// Renders `puzzle` as a standalone SVG document.
pub fn render_svg(puzzle: &Sudoku, options: &SvgOptions) -> String {
    let size = if options.size == 0 { 450 } else { options.size } as f32;
    let margin = (size / 40.0).max(4.0);
    let grid = size - 2.0 * margin;
    let doc = Document::new()
        .set("xmlns", "http://www.w3.org/2000/svg")
        .set("width", size)
        .set("height", size)
        .set("viewBox", (0, 0, size, size))
        .set("font-family", "Helvetica, Arial, sans-serif");
    let mut canvas = SvgCanvas { doc };
    canvas.fill_rect(0.0, 0.0, size, size, Color(1.0, 1.0, 1.0));
    let marks = match (&options.marks, options.pencil_marks) {
        (Some(pm), _) => Some(candidates(pm)),
        (None, true) => Some(candidates(&PencilMarks::raw(&Puzzle::new(
            *puzzle,
            options.layout.clone(),
        )))),
        (None, false) => None,
    };
    let style = GridStyle {
        fill: options.solution,
        marks,
        highlight: options.highlight,
        layout: options.layout.clone(),
    };
    draw::grid(&mut canvas, margin, margin, grid, puzzle, &style);
    canvas.doc.to_string()
}

/// The candidates of `puzzle`'s empty cells on `layout`: the digits none of their peers holds.
fn candidates(pm: &PencilMarks) -> [DigitSet; 81] {
    let mut out = [DigitSet::EMPTY; 81];
    for c in nonet_core::Cell::all() {
        if pm.value(c).is_none() {
            out[c.index()] = pm.candidates(c);
        }
    }
    out
}
