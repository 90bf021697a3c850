//! Booklets as PDF: puzzles laid out 1, 2, 4 or 6 to a page on A4 or Letter, each with its
//! caption, then (optionally) the solutions, twelve to a page, smaller.
//!
//! Drawn with `pdf-writer` in the base-14 Helvetica fonts (no font is embedded): plain vector
//! lines and text, so every viewer and printer renders the same crisp grids.

use std::str::FromStr;

use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

use crate::draw::{self, Anchor, Canvas, Color, GridStyle, Weight};
use crate::error::PrintError;
use crate::records::PrintPuzzle;

/// Paper sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 in).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.276, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl FromStr for Paper {
    type Err = PrintError;
    fn from_str(s: &str) -> Result<Paper, PrintError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(PrintError::UnknownPaper(s.to_string())),
        }
    }
}

/// How to lay out a booklet.
#[derive(Clone, Debug, PartialEq)]
pub struct PdfOptions {
    /// The paper.
    pub paper: Paper,
    /// Puzzles per page: 1, 2, 4 or 6.
    pub per_page: usize,
    /// Add the solutions on pages after the puzzles.
    pub solutions: bool,
    /// The title at the top of each page.
    pub title: String,
}

impl Default for PdfOptions {
    fn default() -> Self {
        PdfOptions {
            paper: Paper::A4,
            per_page: 4,
            solutions: false,
            title: "nonet Sudoku".into(),
        }
    }
}

/// Page margin, in points (about 15 mm).
const MARGIN: f32 = 42.0;
/// Height of the title band at the top and the page-number band at the bottom.
const HEADER: f32 = 26.0;
const FOOTER: f32 = 22.0;
/// Solutions per page: three across, four down.
const SOLUTIONS_PER_PAGE: usize = 12;

/// Columns and rows of puzzles on a page.
fn arrangement(per_page: usize) -> Option<(usize, usize)> {
    match per_page {
        1 => Some((1, 1)),
        2 => Some((1, 2)),
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        _ => None,
    }
}

/// A page being drawn: a content stream in PDF coordinates (origin bottom left).
struct PdfCanvas {
    content: Content,
    height: f32,
}

const REGULAR: Name<'static> = Name(b"F1");
const BOLD: Name<'static> = Name(b"F2");

impl Canvas for PdfCanvas {
    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, color: Color) {
        self.content
            .set_line_width(width)
            .set_stroke_rgb(color.0, color.1, color.2)
            .move_to(x1, self.height - y1)
            .line_to(x2, self.height - y2)
            .stroke();
    }

    fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        self.content
            .set_fill_rgb(color.0, color.1, color.2)
            .rect(x, self.height - y - h, w, h)
            .fill_nonzero();
    }

    fn text(&mut self, x: f32, y: f32, size: f32, weight: Weight, anchor: Anchor, text: &str) {
        let width = draw::text_width(text) * size;
        let x = match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - width / 2.0,
            Anchor::End => x - width,
        };
        let (font, gray) = match weight {
            Weight::Regular => (REGULAR, 0.25),
            Weight::Bold => (BOLD, 0.0),
        };
        self.content
            .set_fill_gray(gray)
            .begin_text()
            .set_font(font, size)
            .next_line(x, self.height - y)
            .show(Str(&win_ansi(text)))
            .end_text();
    }
}

/// Text in the WinAnsi encoding the fonts are declared with (ASCII plus Latin-1 and a few
/// typographic marks; anything else becomes `?`).
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '\u{2013}' => 0x96,
            '\u{2014}' => 0x97,
            _ => b'?',
        })
        .collect()
}

/// Renders the booklet.
///
/// Fails if `per_page` is not 1, 2, 4 or 6, if there is nothing to print, or if solutions are
/// asked for and a puzzle has no unique solution.
pub fn render_pdf(puzzles: &[PrintPuzzle], options: &PdfOptions) -> Result<Vec<u8>, PrintError> {
    let (cols, rows) =
        arrangement(options.per_page).ok_or(PrintError::PerPage(options.per_page))?;
    if puzzles.is_empty() {
        return Err(PrintError::Empty);
    }
    let solutions = if options.solutions {
        puzzles
            .iter()
            .map(|p| {
                p.unique_solution()
                    .ok_or(PrintError::NoUniqueSolution { number: p.number })
            })
            .collect::<Result<Vec<_>, _>>()?
    } else {
        Vec::new()
    };

    let (width, height) = options.paper.size();
    let puzzle_pages = puzzles.len().div_ceil(options.per_page);
    let solution_pages = solutions.len().div_ceil(SOLUTIONS_PER_PAGE);
    let total = puzzle_pages + solution_pages;

    let mut pages: Vec<Content> = Vec::with_capacity(total);
    for (k, chunk) in puzzles.chunks(options.per_page).enumerate() {
        let mut canvas = page_canvas(width, height, &options.title, k + 1, total);
        let cells = chunk.iter().map(|p| (p, None));
        lay_out(&mut canvas, width, height, cols, rows, cells, false);
        pages.push(canvas.content);
    }
    let solved: Vec<(&PrintPuzzle, Option<nonet_core::Sudoku>)> = puzzles
        .iter()
        .zip(&solutions)
        .map(|(p, s)| (p, Some(*s)))
        .collect();
    for (k, chunk) in solved.chunks(SOLUTIONS_PER_PAGE).enumerate() {
        let title = format!("{} \u{2014} solutions", options.title);
        let mut canvas = page_canvas(width, height, &title, puzzle_pages + k + 1, total);
        lay_out(
            &mut canvas,
            width,
            height,
            3,
            4,
            chunk.iter().copied(),
            true,
        );
        pages.push(canvas.content);
    }
    Ok(assemble(pages, width, height, &options.title))
}

/// A fresh page with its title and page number drawn.
fn page_canvas(width: f32, height: f32, title: &str, page: usize, total: usize) -> PdfCanvas {
    let mut canvas = PdfCanvas {
        content: Content::new(),
        height,
    };
    canvas.text(
        MARGIN,
        MARGIN + 12.0,
        13.0,
        Weight::Bold,
        Anchor::Start,
        title,
    );
    canvas.line(
        MARGIN,
        MARGIN + HEADER - 6.0,
        width - MARGIN,
        MARGIN + HEADER - 6.0,
        0.5,
        Color::GREY,
    );
    let footer = format!("page {page} of {total}");
    canvas.text(
        width / 2.0,
        height - MARGIN + 4.0,
        9.0,
        Weight::Regular,
        Anchor::Middle,
        &footer,
    );
    canvas
}

/// Places grids in a `cols` x `rows` arrangement inside the page's content area, each with its
/// caption above it; `fill` grids show their solution.
fn lay_out<'a>(
    canvas: &mut PdfCanvas,
    width: f32,
    height: f32,
    cols: usize,
    rows: usize,
    items: impl Iterator<Item = (&'a PrintPuzzle, Option<nonet_core::Sudoku>)>,
    small: bool,
) {
    let area_x = MARGIN;
    let area_y = MARGIN + HEADER;
    let area_w = width - 2.0 * MARGIN;
    let area_h = height - 2.0 * MARGIN - HEADER - FOOTER;
    let slot_w = area_w / cols as f32;
    let slot_h = area_h / rows as f32;
    let caption_size = if small {
        8.0
    } else {
        (slot_w / 32.0).clamp(9.0, 12.0)
    };
    let caption_h = caption_size * 1.8;
    let gutter = if small { 14.0 } else { 22.0 };
    let size = (slot_w - gutter).min(slot_h - caption_h - gutter);
    for (k, (p, fill)) in items.enumerate() {
        let (c, r) = (k % cols, k / cols);
        // Centre the grid (with its caption) in its slot.
        let x = area_x + c as f32 * slot_w + (slot_w - size) / 2.0;
        let y = area_y + r as f32 * slot_h + (slot_h - size - caption_h) / 2.0 + caption_h;
        let caption = if small {
            format!("line {}", p.number)
        } else {
            p.caption()
        };
        canvas.text(
            x,
            y - caption_size * 0.7,
            caption_size,
            Weight::Regular,
            Anchor::Start,
            &caption,
        );
        let style = GridStyle {
            fill,
            layout: p.layout.clone(),
            ..GridStyle::default()
        };
        draw::grid(canvas, x, y, size, &p.puzzle, &style);
    }
}

/// Writes the PDF objects: catalog, page tree, fonts, document info, pages.
fn assemble(pages: Vec<Content>, width: f32, height: f32, title: &str) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let regular = Ref::new(3);
    let bold = Ref::new(4);
    let info = Ref::new(5);
    let page_ids: Vec<(Ref, Ref)> = (0..pages.len() as i32)
        .map(|k| (Ref::new(6 + 2 * k), Ref::new(7 + 2 * k)))
        .collect();

    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().map(|&(p, _)| p))
        .count(page_ids.len() as i32);
    pdf.type1_font(regular)
        .base_font(Name(b"Helvetica"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold)
        .base_font(Name(b"Helvetica-Bold"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.document_info(info)
        .title(TextStr(title))
        .creator(TextStr("nonet"))
        .producer(TextStr("nonet-print (pdf-writer)"));

    for (content, &(page_id, content_id)) in pages.into_iter().zip(&page_ids) {
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(tree);
        page.contents(content_id);
        let mut resources = page.resources();
        resources.fonts().pair(REGULAR, regular).pair(BOLD, bold);
        resources.finish();
        page.finish();
        // Page streams are mostly repeated drawing operators: deflate shrinks them about 5x.
        let data = miniz_oxide::deflate::compress_to_vec_zlib(&content.finish(), 6);
        pdf.stream(content_id, &data).filter(Filter::FlateDecode);
    }
    pdf.finish()
}
