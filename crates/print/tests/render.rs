//! Rendering checks with poppler's `pdftoppm` (Debian: `poppler-utils`): booklets have the
//! right number of pages and every page shows grids. Without `pdftoppm` the PDF checks are
//! skipped with a message (CI must install poppler-utils). Set `NONET_PRINT_KEEP=dir` to keep
//! the rendered pages as PNG for looking at them.

use std::path::{Path, PathBuf};
use std::process::Command;

use nonet_generate::{GenerateOptions, Generator, Level, Target};
use nonet_print::{
    read_puzzles, render_pdf, render_svg, Paper, PdfOptions, PrintError, SvgOptions,
};

fn have_pdftoppm() -> bool {
    let ok = Command::new("pdftoppm").arg("-v").output().is_ok();
    if !ok {
        eprintln!(
            "SKIPPED: pdftoppm not found; install poppler-utils to run the PDF render checks"
        );
    }
    ok
}

/// `count` hard puzzles from the generator, as `nonet generate --format json` writes them.
fn booklet_input(count: u64) -> String {
    let g = Generator::new(GenerateOptions {
        target: Target {
            level: Some(Level::Hard),
            ..Target::default()
        },
        rate: true,
        ..GenerateOptions::default()
    })
    .unwrap();
    (0..count)
        .map(|i| {
            let p = g.generate_nth(1, i).unwrap();
            let r = p.rating.unwrap();
            format!(
                "{{\"index\":{i},\"seed\":{},\"puzzle\":\"{}\",\"solution\":\"{}\",\"er\":{},\"level\":\"{}\"}}\n",
                p.seed,
                p.puzzle.to_line(),
                p.solution.to_line(),
                r.er,
                r.level
            )
        })
        .collect()
}

/// A grey page image (PGM, as `pdftoppm -gray` writes it).
struct Page {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Page {
    fn read(path: &Path) -> Page {
        let data = std::fs::read(path).unwrap();
        // Header: "P5\n<w> <h>\n255\n".
        let mut fields = Vec::new();
        let mut pos = 0;
        while fields.len() < 4 {
            while data[pos].is_ascii_whitespace() {
                pos += 1;
            }
            let start = pos;
            while !data[pos].is_ascii_whitespace() {
                pos += 1;
            }
            fields.push(String::from_utf8_lossy(&data[start..pos]).to_string());
        }
        assert_eq!(fields[0], "P5");
        let width = fields[1].parse().unwrap();
        let height = fields[2].parse().unwrap();
        Page {
            width,
            height,
            pixels: data[pos + 1..].to_vec(),
        }
    }

    fn dark(&self, x: usize, y: usize) -> bool {
        self.pixels[y * self.width + x] < 160
    }

    /// Groups of adjacent pixel rows holding a dark horizontal run at least `min` pixels long:
    /// the horizontal lines of the grids.
    fn horizontal_lines(&self, min: usize) -> usize {
        let mut groups = 0;
        let mut prev = false;
        for y in 0..self.height {
            let mut run = 0;
            let mut best = 0;
            for x in 0..self.width {
                run = if self.dark(x, y) { run + 1 } else { 0 };
                best = best.max(run);
            }
            let line = best >= min;
            if line && !prev {
                groups += 1;
            }
            prev = line;
        }
        groups
    }

    /// Same for vertical lines.
    fn vertical_lines(&self, min: usize) -> usize {
        let mut groups = 0;
        let mut prev = false;
        for x in 0..self.width {
            let mut run = 0;
            let mut best = 0;
            for y in 0..self.height {
                run = if self.dark(x, y) { run + 1 } else { 0 };
                best = best.max(run);
            }
            let line = best >= min;
            if line && !prev {
                groups += 1;
            }
            prev = line;
        }
        groups
    }
}

/// Renders `pdf` to grey pages at `dpi`; keeps PNGs in `NONET_PRINT_KEEP` if set.
fn render(pdf: &[u8], name: &str, dpi: u32) -> Vec<Page> {
    let dir = std::env::temp_dir().join(format!("nonet-print-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("b.pdf");
    std::fs::write(&file, pdf).unwrap();
    let status = Command::new("pdftoppm")
        .args(["-gray", "-r", &dpi.to_string()])
        .arg(&file)
        .arg(dir.join("page"))
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm failed on {}", file.display());
    if let Ok(keep) = std::env::var("NONET_PRINT_KEEP") {
        let _ = Command::new("pdftoppm")
            .args(["-png", "-r", "60"])
            .arg(&file)
            .arg(PathBuf::from(keep).join(name))
            .status();
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgm"))
        .collect();
    files.sort();
    let pages = files.iter().map(|p| Page::read(p)).collect();
    let _ = std::fs::remove_dir_all(&dir);
    pages
}

#[test]
fn booklet_of_eight_hard_puzzles_four_per_page_with_solutions() {
    if !have_pdftoppm() {
        return;
    }
    let puzzles = read_puzzles(&booklet_input(8)).unwrap();
    assert_eq!(puzzles.len(), 8);
    let pdf = render_pdf(
        &puzzles,
        &PdfOptions {
            per_page: 4,
            solutions: true,
            ..PdfOptions::default()
        },
    )
    .unwrap();
    let pages = render(&pdf, "booklet", 50);
    // Two pages of four puzzles, then one page of (up to twelve) solutions.
    assert_eq!(pages.len(), 3);
    for (k, page) in pages.iter().enumerate() {
        // Each grid row of the page shows 10 horizontal lines across a grid; two grid rows on
        // puzzle pages, three on the solution page (eight solutions: three rows of three).
        let min_run = page.width / 6;
        let h = page.horizontal_lines(min_run);
        let v = page.vertical_lines(page.height / 12);
        let want = if k < 2 { 20 } else { 30 };
        assert!(h >= want, "page {}: {h} horizontal lines", k + 1);
        assert!(v >= 20, "page {}: {v} vertical lines", k + 1);
    }
}

#[test]
fn every_layout_and_paper_renders_its_page_count() {
    if !have_pdftoppm() {
        return;
    }
    let puzzles = read_puzzles(&booklet_input(7)).unwrap();
    for paper in [Paper::A4, Paper::Letter] {
        for per_page in [1, 2, 4, 6] {
            let pdf = render_pdf(
                &puzzles,
                &PdfOptions {
                    paper,
                    per_page,
                    solutions: false,
                    ..PdfOptions::default()
                },
            )
            .unwrap();
            let pages = render(&pdf, &format!("{paper:?}-{per_page}"), 20);
            assert_eq!(
                pages.len(),
                7usize.div_ceil(per_page),
                "{paper:?} {per_page}"
            );
            // Letter is wider and shorter than A4, at 20 dpi: 170 x 220 against 165 x 234.
            let (w, h) = (pages[0].width, pages[0].height);
            match paper {
                Paper::A4 => assert!(h > 230 && w < 168, "{w}x{h}"),
                Paper::Letter => assert!(h < 222 && w > 168, "{w}x{h}"),
            }
            assert!(pages[0].horizontal_lines(pages[0].width / 8) >= 10);
        }
    }
}

#[test]
fn bad_layouts_are_refused() {
    let puzzles = read_puzzles(&booklet_input(1)).unwrap();
    let err = render_pdf(
        &puzzles,
        &PdfOptions {
            per_page: 3,
            ..PdfOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(err, PrintError::PerPage(3));
    assert_eq!(err.to_string(), "3 puzzles per page: choose 1, 2, 4 or 6");
}

#[test]
fn option_errors_are_typed_not_strings() {
    let err = "a5".parse::<Paper>().unwrap_err();
    assert_eq!(err, PrintError::UnknownPaper("a5".into()));
    assert_eq!(
        err.to_string(),
        "unknown paper `a5` (expected a4 or letter)"
    );
    assert_eq!(" Letter ".parse::<Paper>(), Ok(Paper::Letter));
}

#[test]
fn svg_is_well_formed_with_marks_and_highlights() {
    let puzzles = read_puzzles(&booklet_input(1)).unwrap();
    let p = &puzzles[0];
    let mut highlight = nonet_core::CellSet::EMPTY;
    highlight.insert(nonet_core::Cell::at(4, 4));
    let svg = render_svg(
        &p.puzzle,
        &SvgOptions {
            pencil_marks: true,
            highlight,
            ..SvgOptions::default()
        },
    );
    assert!(svg.starts_with("<svg"), "{}", &svg[..60]);
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""));
    // 20 grid lines, one text per given, and pencil marks beyond that.
    assert_eq!(svg.matches("<line").count(), 20);
    assert!(svg.matches("<text").count() > p.puzzle.filled_count() + 50);
    assert_eq!(svg.matches("fill=\"#ffed8c\"").count(), 1);
    // Balanced tags: every element is self-closed or closed.
    let opens = svg.matches("<text").count();
    assert_eq!(opens, svg.matches("</text>").count());
}
