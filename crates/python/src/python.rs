//! The `nonet._nonet` extension module (PyO3, abi3), re-exported by `python/nonet/__init__.py`.
//!
//! Each function converts its arguments, releases the GIL (`Python::detach`) for the engine's
//! work, and converts the answer back: the CLI's words as `str`, numbers as numpy arrays in the
//! batch forms, steps as the CLI's JSON objects (`json.loads` of the same text). Bad input raises
//! `nonet.PuzzleError` (a puzzle: unreadable, clashing, no solution where one is needed, with its
//! batch `index`) or `nonet.InputError` (a batch's container: wrong type, dtype or shape), both
//! `ValueError`s; a generation that fails raises `nonet.GenerateError`. Ctrl-C stops a batch
//! between puzzles (see `run_batch`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use numpy::{PyArray, PyUntypedArrayMethods};
use numpy::{PyArray1, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use nonet_core::Sudoku;
use nonet_generate::{GenerateOptions, Generator, Level, Symmetry, Target, GENERATOR_VERSION};
use nonet_logic::rate::RATER_VERSION;
use nonet_logic::Observer;

use nonet_answers::batch::Workers;
use nonet_answers::generation::{self, random_seed, RegionsError};

use crate::answer::{self, Scale};
use crate::batch::{self, BatchError, GenerateJob, Source};

create_exception!(
    nonet,
    PuzzleError,
    PyValueError,
    "A puzzle that gets no answer: unreadable (wrong length, a bad character, a cell above 9), \
     two givens clash, or no solution where one is needed (explain, hint). `index` is the \
     puzzle's index in a batch (None for a single puzzle); `reason` says what is wrong."
);
create_exception!(
    nonet,
    InputError,
    PyValueError,
    "A batch's container is not a list of puzzle strings or an (N, 81) uint8 numpy array \
     (wrong type, dtype or shape), or an option is out of range."
);
create_exception!(
    nonet,
    GenerateError,
    PyRuntimeError,
    "No puzzle met the generator's target in time. `index` is the puzzle's index in the run; \
     `reason` names its seed and the target."
);

/// A `PuzzleError` (or `GenerateError`) carrying `index` and `reason` as attributes.
fn batch_error(py: Python<'_>, e: &BatchError) -> PyErr {
    let err = if e.bad_input {
        PuzzleError::new_err(e.to_string())
    } else {
        GenerateError::new_err(e.to_string())
    };
    with_details(py, err, Some(e.index), &e.reason)
}

/// A `PuzzleError` about the single puzzle of a one-puzzle function.
fn puzzle_error(py: Python<'_>, e: &answer::PuzzleError) -> PyErr {
    let reason = e.to_string();
    with_details(py, PuzzleError::new_err(reason.clone()), None, &reason)
}

fn with_details(py: Python<'_>, err: PyErr, index: Option<u64>, reason: &str) -> PyErr {
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of memory exhaustion;
    // the message already carries both.
    let _ = value.setattr("index", index);
    let _ = value.setattr("reason", reason);
    err
}

fn input_error(msg: impl Into<String>) -> PyErr {
    InputError::new_err(msg.into())
}

/// The puzzle of a one-puzzle function's argument.
fn read_one(py: Python<'_>, puzzle: &str) -> PyResult<Sudoku> {
    answer::read(puzzle).map_err(|e| puzzle_error(py, &e))
}

/// Whether `obj` is a numpy array, asked through Python's own `import numpy` first: the numpy
/// crate's check imports numpy on its first use and panics if that import fails, and a Ctrl-C
/// during it (a batch interrupted as it starts) made the call end in a `PanicException`
/// instead of `KeyboardInterrupt`. A failed import is now the caller's exception (numpy is a
/// dependency of the package, and the batch answers are arrays).
fn is_numpy_array(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    let ndarray = obj.py().import("numpy")?.getattr("ndarray")?;
    obj.is_instance(&ndarray)
}

/// The puzzles of a batch: a numpy array of cells, or an iterable of strings. Says whether it
/// was an array (batch answers that are grids come back as an array then).
fn sources(puzzles: &Bound<'_, PyAny>) -> PyResult<(Vec<Source>, bool)> {
    if is_numpy_array(puzzles)? {
        if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
            return Ok((cells_of(array)?, true));
        }
    }
    if puzzles.is_instance_of::<PyString>() {
        return Err(input_error(
            "expected a list of puzzles, got one str (the one-puzzle functions take a str)",
        ));
    }
    let items = puzzles.try_iter().map_err(|_| {
        input_error(format!(
            "expected a list of puzzle strings or a numpy array, got {}",
            type_name(puzzles)
        ))
    })?;
    let mut out = Vec::new();
    for (index, item) in items.enumerate() {
        let item = item?;
        let Ok(text) = item.cast::<PyString>() else {
            let reason = format!("expected a str, got {}", type_name(&item));
            let e = BatchError {
                index: index as u64,
                reason,
                bad_input: true,
            };
            return Err(batch_error(puzzles.py(), &e));
        };
        out.push(Source::Text(text.to_cow()?.into_owned()));
    }
    Ok((out, false))
}

/// The rows of an (N, 81) (or (N, 9, 9)) uint8 array, copied (81 bytes a puzzle, so the GIL can
/// be released while the engine reads them).
fn cells_of(array: &Bound<'_, PyUntypedArray>) -> PyResult<Vec<Source>> {
    let py = array.py();
    let dtype = array.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<u8>(py)) {
        return Err(input_error(format!(
            "puzzle array has dtype {dtype}, expected uint8 (0 for empty, 1-9 for digits): \
             convert it with .astype(numpy.uint8)"
        )));
    }
    let shape = array.shape().to_vec();
    let fits = matches!(shape[..], [_, 81] | [_, 9, 9]);
    if !fits {
        return Err(input_error(format!(
            "puzzle array has shape {shape:?}, expected (N, 81) or (N, 9, 9)"
        )));
    }
    let array = array.cast::<PyArrayDyn<u8>>()?;
    let readonly = array.try_readonly()?;
    let view = readonly.as_array();
    let rows = |flat: &[u8]| -> Vec<Source> {
        flat.chunks_exact(81)
            .map(|c| {
                let mut cells = [0u8; 81];
                cells.copy_from_slice(c);
                Source::Cells(cells)
            })
            .collect()
    };
    // A C-contiguous array is read in place (`as_slice` also takes Fortran order, in memory
    // order: not the rows); any other is walked by `iter`, in logical (row-major) order.
    match readonly.as_slice() {
        Ok(flat) if array.is_c_contiguous() => Ok(rows(flat)),
        _ => Ok(rows(&view.iter().copied().collect::<Vec<u8>>())),
    }
}

/// The name of `ob`'s type, for messages.
pub(crate) fn type_name(ob: &Bound<'_, PyAny>) -> String {
    ob.get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |n| n.to_string())
}

fn scale_of(name: &str) -> PyResult<Scale> {
    name.parse()
        .map_err(|e: answer::UnknownScale| input_error(e.to_string()))
}

/// A count limit, at least 1 (taken as a signed number, so that a negative one gets this
/// message rather than an overflow error).
fn limit_of(limit: i64) -> PyResult<usize> {
    usize::try_from(limit)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| input_error(format!("the limit must be at least 1, got {limit}")))
}

/// A thread count, at least 1 (`None`: one per core); a batch caps it at four a core, between
/// 8 and 256 ([`nonet_answers::max_threads`]).
fn threads_of(threads: Option<i64>) -> PyResult<Option<usize>> {
    threads
        .map(|t| {
            usize::try_from(t).ok().filter(|&n| n >= 1).ok_or_else(|| {
                input_error(format!(
                    "threads must be at least 1 (None: one per core), got {t}"
                ))
            })
        })
        .transpose()
}

/// How often a batch's caller looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// Runs a batch on `threads` threads with the GIL released, stopped by Ctrl-C (see
/// [`interruptible`]): `cancel` is read between puzzles and, by the SE rater's and the
/// teacher's observer, inside the puzzles under way.
fn run_batch<R: Send>(
    py: Python<'_>,
    threads: Option<i64>,
    job: impl FnOnce(&Workers, &AtomicBool) -> Result<R, BatchError> + Send,
) -> PyResult<R> {
    let threads = threads_of(threads)?;
    interruptible(py, |cancel| Workers::new(threads).map(|w| job(&w, cancel)))?
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?
        .map_err(|e| batch_error(py, &e))
}

/// One puzzle's long answer (a rating, a whole path), stopped by Ctrl-C (see
/// [`interruptible`]): `job` gets the observer its search asks.
fn one_long<R: Send>(
    py: Python<'_>,
    job: impl FnOnce(&Observer) -> Result<R, answer::PuzzleError> + Send,
) -> PyResult<R> {
    interruptible(py, |cancel| {
        let stop = || cancel.load(Ordering::Relaxed);
        job(&Observer::new(&stop))
    })?
    .map_err(|e| puzzle_error(py, &e))
}

/// Runs `work` on a thread of its own with the GIL released. Python runs its signal handlers
/// only in a thread holding the GIL, so the calling thread does not simply wait: it takes the
/// GIL back every `SIGNAL_POLL` to run them, and when one raises (KeyboardInterrupt from
/// Ctrl-C), it sets the `cancel` that `work` reads, waits for `work` to stop, and raises that
/// exception.
fn interruptible<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> R + Send,
) -> PyResult<R> {
    let cancel = AtomicBool::new(false);
    py.detach(|| {
        let (done, answer) = mpsc::channel();
        std::thread::scope(|scope| {
            let cancel = &cancel;
            scope.spawn(move || {
                // The receiver is gone only after an interrupt, when the answer is not wanted.
                let _ = done.send(work(cancel));
            });
            loop {
                match answer.recv_timeout(SIGNAL_POLL) {
                    Ok(r) => return Ok(r),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            cancel.store(true, Ordering::Relaxed);
                            return Err(e);
                        }
                    }
                    // The work's thread panicked: the scope raises its panic on leaving.
                    Err(RecvTimeoutError::Disconnected) => {
                        return Err(PyRuntimeError::new_err("the engine's thread stopped"))
                    }
                }
            }
        })
    })
}

/// An (N, 81) uint8 array of grids.
fn grid_array(py: Python<'_>, grids: impl Iterator<Item = [u8; 81]>) -> PyResult<Py<PyAny>> {
    let flat: Vec<u8> = grids.flatten().collect();
    let n = flat.len() / 81;
    Ok(PyArray1::from_vec(py, flat)
        .reshape([n, 81])?
        .into_any()
        .unbind())
}

/// Parses JSON built by `answer` into Python objects (dicts keep the CLI's key order).
fn json_value(py: Python<'_>, v: &serde_json::Value) -> PyResult<Py<PyAny>> {
    Ok(py
        .import("json")?
        .call_method1("loads", (v.to_string(),))?
        .unbind())
}

/// The unique solution of a puzzle, as `nonet solve` prints it.
///
/// Returns the 81-digit solution, or "none" (no solution) or "multiple" (more than one).
/// Raises PuzzleError for a puzzle that cannot be read or whose givens clash (the CLI's
/// "invalid").
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &str) -> PyResult<String> {
    let s = read_one(py, puzzle)?;
    py.detach(|| answer::solve(&s))
        .map(|r| r.line())
        .map_err(|e| puzzle_error(py, &e))
}

/// The number of solutions, counting up to `limit`, as `nonet count --limit LIMIT` prints it.
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 2))]
fn count(py: Python<'_>, puzzle: &str, limit: i64) -> PyResult<usize> {
    let limit = limit_of(limit)?;
    let s = read_one(py, puzzle)?;
    py.detach(|| answer::count(&s, limit))
        .map_err(|e| puzzle_error(py, &e))
}

/// The difficulty of a puzzle, as `nonet rate --scale SCALE` prints it.
///
/// scale="se": "ER/EP/ED" (Sudoku Explainer's numbers, one decimal each); "classic": "0", "3",
/// "5" or "-1" (no solution); "level": easy, medium, hard, expert or extreme. A puzzle without
/// one solution gives "none" or "multiple" ("multiple" or "-1" on the classic scale).
#[pyfunction]
#[pyo3(signature = (puzzle, scale = "se"))]
fn rate(py: Python<'_>, puzzle: &str, scale: &str) -> PyResult<String> {
    let scale = scale_of(scale)?;
    let s = read_one(py, puzzle)?;
    one_long(py, |obs| answer::rate_observed(&s, scale, obs)).map(|r| r.line(scale))
}

/// The whole logical path of a puzzle: the steps of `nonet explain --format json`, as dicts
/// with the CLI's fields (technique, code, placements, eliminations, explanation, text,
/// notation, links, cells, houses, digits, pattern, secondary, uniqueness, and where they apply
/// cover_houses, chain, difficulty). Raises PuzzleError for a puzzle with no solution.
#[pyfunction]
fn explain(py: Python<'_>, puzzle: &str) -> PyResult<Py<PyAny>> {
    let s = read_one(py, puzzle)?;
    let steps = one_long(py, |obs| answer::explain_observed(&s, obs))?;
    json_value(py, &serde_json::Value::Array(steps))
}

/// The next step, as `nonet hint --format json --level LEVEL` prints it: a step dict (as in
/// explain) with its "hint" text at `level` (technique, area or move) and "level", keeping
/// only what the level gives away (technique: its name, code and difficulty; area: also the
/// houses and digits; move: the whole step), or
/// {"solved": True} for a full grid. Raises PuzzleError for a puzzle with no solution.
#[pyfunction]
#[pyo3(signature = (puzzle, level = "move"))]
fn hint(py: Python<'_>, puzzle: &str, level: &str) -> PyResult<Py<PyAny>> {
    let level = answer::hint_level(level).map_err(input_error)?;
    let s = read_one(py, puzzle)?;
    let v = py
        .detach(|| answer::hint(&s, level))
        .map_err(|e| puzzle_error(py, &e))?;
    json_value(py, &v)
}

/// The generator's options and a range of a run, from the Python arguments.
#[allow(clippy::too_many_arguments)]
fn generate_job(
    seed: Option<u64>,
    count: u64,
    start: u64,
    level: Option<&str>,
    symmetry: &str,
    minimal: bool,
    clues: Option<(usize, usize)>,
    timeout: Option<f64>,
    variant: &str,
    regions: Option<&str>,
) -> PyResult<GenerateJob> {
    let variant = variant
        .parse::<nonet_core::Variant>()
        .map_err(|e| input_error(e.to_string()))?;
    let regions = generation::regions(variant, regions).map_err(|e| match e {
        RegionsError::NotJigsaw => {
            input_error("regions gives a jigsaw's regions: it needs variant=\"jigsaw\"")
        }
        e => input_error(format!("regions: {e}")),
    })?;
    let level = level
        .map(|l| l.parse::<Level>())
        .transpose()
        .map_err(|e| input_error(e.to_string()))?;
    let symmetry = symmetry
        .parse::<Symmetry>()
        .map_err(|e| input_error(e.to_string()))?;
    let timeout = match timeout {
        None => None,
        Some(t) => generation::time_limit(t).map_err(|_| {
            input_error(format!(
                "timeout {t}: give seconds up to a year, or 0 or None for no limit"
            ))
        })?,
    };
    let options = GenerateOptions {
        symmetry,
        minimal,
        clues,
        target: Target {
            level,
            ..Target::default()
        },
        variant,
        regions,
        ..GenerateOptions::default()
    };
    // A range past the last index, or too large to hold, is the caller's mistake too (checked
    // again by the batch, which keeps the room it reserves).
    batch::run_end(start, count).map_err(input_error)?;
    drop(batch::answer_room(count).map_err(input_error)?);
    // Options the generator refuses (checked before any work) are the caller's mistake.
    Generator::new(options.clone()).map_err(|e| input_error(e.to_string()))?;
    Ok(GenerateJob {
        options,
        seed: seed.unwrap_or_else(random_seed),
        start,
        count,
        timeout,
    })
}

/// New puzzles, as `nonet generate --seed SEED --count COUNT [--level] [--symmetry]
/// [--minimal] [--clues MIN..MAX] [--variant V] [--regions MAP]` prints them (81 characters,
/// "." for empty, and a jigsaw's region map after one space; `clues` is a pair (MIN, MAX);
/// `variant` a comma-separated list of jigsaw, x, windoku), puzzles start .. start+count of the
/// run. The same arguments give the same puzzles on every machine and with any thread count.
/// Without a seed, a random one is chosen. A puzzle not found within `timeout` seconds (0 or
/// None: no limit) raises GenerateError.
#[pyfunction]
#[pyo3(signature = (seed = None, count = 1, *, level = None, symmetry = "none", minimal = false, clues = None, start = 0, timeout = Some(60.0), threads = None, variant = "standard", regions = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    seed: Option<u64>,
    count: u64,
    level: Option<&str>,
    symmetry: &str,
    minimal: bool,
    clues: Option<(usize, usize)>,
    start: u64,
    timeout: Option<f64>,
    threads: Option<i64>,
    variant: &str,
    regions: Option<&str>,
) -> PyResult<Vec<String>> {
    let job = generate_job(
        seed, count, start, level, symmetry, minimal, clues, timeout, variant, regions,
    )?;
    let puzzles = run_batch(py, threads, |workers, cancel| {
        batch::generate(&job, workers, cancel)
    })?;
    Ok(puzzles
        .iter()
        .map(|g| match &g.regions {
            Some(map) => format!("{} {}", g.puzzle.to_line(), map.to_line()),
            None => g.puzzle.to_line(),
        })
        .collect())
}

/// As generate, on all cores with the GIL released, the puzzles as a (count, 81) uint8 numpy
/// array (0 for empty). `seed` is required: ranges of one run (`start`) can then be generated
/// apart, on other processes or machines, and joined.
#[pyfunction]
#[pyo3(signature = (seed, count, *, level = None, symmetry = "none", minimal = false, clues = None, start = 0, timeout = Some(60.0), threads = None))]
#[allow(clippy::too_many_arguments)]
fn generate_many(
    py: Python<'_>,
    seed: u64,
    count: u64,
    level: Option<&str>,
    symmetry: &str,
    minimal: bool,
    clues: Option<(usize, usize)>,
    start: u64,
    timeout: Option<f64>,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let job = generate_job(
        Some(seed),
        count,
        start,
        level,
        symmetry,
        minimal,
        clues,
        timeout,
        "standard",
        None,
    )?;
    let puzzles = run_batch(py, threads, |workers, cancel| {
        batch::generate(&job, workers, cancel)
    })?;
    grid_array(py, puzzles.iter().map(|g| g.puzzle.to_bytes()))
}

/// solve for many puzzles, on all cores with the GIL released. A list of strings gives a list
/// of the CLI's lines (solution, "none" or "multiple"); an (N, 81) uint8 array gives an (N, 81)
/// uint8 array of solutions, with a row of zeros for a puzzle without one solution (count_many
/// tells which). The first bad puzzle raises PuzzleError with its index.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads = None))]
fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let (sources, array) = sources(puzzles)?;
    let solved = run_batch(py, threads, |workers, cancel| {
        batch::map(&sources, workers, cancel, |s, _| answer::solve(s))
    })?;
    if array {
        grid_array(py, solved.iter().map(answer::Solved::cells))
    } else {
        // Straight from the solution's bytes to Python strings (no Rust `String` between).
        let words = solved.iter().map(|s| match s {
            answer::Solved::Unique(grid) => {
                PyString::new(py, &String::from_utf8_lossy(&grid.to_line_bytes()))
            }
            other => PyString::new(py, &other.line()),
        });
        Ok(PyList::new(py, words)?.into_any().unbind())
    }
}

/// count for many puzzles, on all cores with the GIL released: an int64 numpy array.
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2, *, threads = None))]
fn count_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: i64,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let limit = limit_of(limit)?;
    let (sources, _) = sources(puzzles)?;
    let counts = run_batch(py, threads, |workers, cancel| {
        batch::map(&sources, workers, cancel, |s, _| answer::count(s, limit))
    })?;
    let counts: Vec<i64> = counts
        .into_iter()
        .map(|n| i64::try_from(n).unwrap_or(i64::MAX))
        .collect();
    Ok(PyArray1::from_vec(py, counts).into_any().unbind())
}

/// rate for many puzzles, on all cores with the GIL released.
///
/// scale="se": an (N, 3) float64 array of ER, EP, ED (NaN for a puzzle without one solution);
/// "classic": an (N,) float64 array of 0, 3, 5, or -1 for no solution (NaN for several);
/// "level": a list of the CLI's words. The first bad puzzle raises PuzzleError with its index.
#[pyfunction]
#[pyo3(signature = (puzzles, scale = "se", *, threads = None))]
fn rate_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    scale: &str,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let scale = scale_of(scale)?;
    let (sources, _) = sources(puzzles)?;
    let rated = run_batch(py, threads, |workers, cancel| {
        batch::map(&sources, workers, cancel, |s, obs| {
            answer::rate_observed(s, scale, obs)
        })
    })?;
    match scale {
        Scale::Level => {
            let words: Vec<String> = rated.iter().map(|r| r.line(scale)).collect();
            Ok(words.into_pyobject(py)?.into_any().unbind())
        }
        Scale::Se | Scale::Classic => {
            let n = rated.len();
            let flat: Vec<f64> = rated.iter().flat_map(answer::Rated::numbers).collect();
            let array: Bound<'_, PyArray<f64, _>> = PyArray1::from_vec(py, flat);
            Ok(if scale == Scale::Se {
                array.reshape([n, 3])?.into_any().unbind()
            } else {
                array.into_any().unbind()
            })
        }
    }
}

/// The `nonet._nonet` module.
#[pymodule]
#[pyo3(name = "_nonet")]
fn nonet_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PuzzleError", py.get_type::<PuzzleError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("GenerateError", py.get_type::<GenerateError>())?;
    m.add("RATER_VERSION", RATER_VERSION)?;
    m.add("GENERATOR_VERSION", GENERATOR_VERSION)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(generate_many, m)?)?;
    m.add_class::<crate::read::Record>()?;
    m.add_class::<crate::read::PyRecords>()?;
    m.add_function(wrap_pyfunction!(crate::read::read, m)?)?;
    Ok(())
}
