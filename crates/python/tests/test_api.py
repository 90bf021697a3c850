"""Every function of the module on single puzzles and lists of strings: answers, options and
bad input (each a ValueError subclass naming the problem, and the index in a batch)."""

from __future__ import annotations

import json
import sys
import threading
import time

import pytest

import nonet
from conftest import PUZZLE

SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
EMPTY = "." * 81
# Row 1 leaves r1c9 for the 9, which column 9 already holds in r9c9: no solution, no clash.
NO_SOLUTION = "12345678." + "." * 63 + "........9"
CLASH = "11" + "." * 79


def test_solve_gives_the_solution_or_the_cli_words() -> None:
    assert nonet.solve(PUZZLE) == SOLUTION
    assert nonet.solve(PUZZLE.replace(".", "0")) == SOLUTION
    assert nonet.solve(EMPTY) == "multiple"
    assert nonet.solve(NO_SOLUTION) == "none"
    grid = "\n".join(PUZZLE[r * 9 : r * 9 + 9] for r in range(9))
    assert nonet.solve(grid) == SOLUTION


def test_count_stops_at_the_limit() -> None:
    assert nonet.count(PUZZLE) == 1
    assert nonet.count(EMPTY) == 2
    assert nonet.count(EMPTY, limit=7) == 7
    assert nonet.count(NO_SOLUTION) == 0
    for limit in (0, -1):
        with pytest.raises(nonet.InputError, match="at least 1"):
            nonet.count(PUZZLE, limit=limit)
        with pytest.raises(nonet.InputError, match="at least 1"):
            nonet.count_many([PUZZLE], limit=limit)


def test_rate_on_every_scale() -> None:
    se = nonet.rate(PUZZLE)
    er, ep, ed = (float(x) for x in se.split("/"))
    assert se == f"{er:.1f}/{ep:.1f}/{ed:.1f}" and er >= ep
    assert nonet.rate(PUZZLE, "se") == se
    assert nonet.rate(PUZZLE, scale="classic") in {"0", "3", "5"}
    assert nonet.rate(PUZZLE, "level") in {"easy", "medium", "hard", "expert", "extreme"}
    assert nonet.rate(EMPTY) == "multiple"
    assert nonet.rate(NO_SOLUTION) == "none"
    assert nonet.rate(NO_SOLUTION, "classic") == "-1"
    with pytest.raises(nonet.InputError, match="unknown scale 'stars'"):
        nonet.rate(PUZZLE, "stars")


def test_explain_steps_solve_the_puzzle() -> None:
    steps = nonet.explain(PUZZLE)
    grid = list(PUZZLE)
    for step in steps:
        assert step["technique"] and step["explanation"]
        # The plain sentence, and a chain's notation and links (none for a single).
        assert step["text"] == step["explanation"]
        assert isinstance(step["links"], list) and "notation" in step
        for p in step["placements"]:
            r, c = int(p["cell"][1]) - 1, int(p["cell"][3]) - 1
            grid[r * 9 + c] = str(p["digit"])
    assert "".join(grid) == SOLUTION
    # Dicts keep the CLI's (sorted) key order, so they dump back to its bytes.
    assert list(steps[0]) == sorted(steps[0])
    assert json.loads(json.dumps(steps)) == steps


def test_hint_at_each_level() -> None:
    first = nonet.explain(PUZZLE)[0]
    for level in ("technique", "area", "move"):
        h = nonet.hint(PUZZLE, level)
        assert h["level"] == level
        assert h["technique"] == first["technique"]
        # Only the move gives the move away.
        assert ("placements" in h) == (level == "move")
        assert ("digits" in h) == (level != "technique")
    assert nonet.hint(PUZZLE)["level"] == "move"
    assert nonet.hint(SOLUTION) == {"solved": True}
    assert "status" not in nonet.hint(PUZZLE)
    # A puzzle with several solutions: the step leads to one of them, and says so.
    several = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
    assert nonet.hint(several)["status"] == "multiple"
    with pytest.raises(nonet.InputError):
        nonet.hint(PUZZLE, "everything")


@pytest.mark.parametrize("fn", [nonet.explain, nonet.hint])
def test_explain_and_hint_refuse_a_puzzle_without_solution(fn) -> None:
    with pytest.raises(nonet.PuzzleError, match="no solution") as e:
        fn(NO_SOLUTION)
    assert e.value.index is None


def test_generate_is_reproducible_and_unique() -> None:
    puzzles = nonet.generate(seed=11, count=4, symmetry="rot180")
    assert puzzles == nonet.generate(seed=11, count=4, symmetry="rot180", threads=1)
    assert nonet.generate(seed=11, count=2, start=2, symmetry="rot180") == puzzles[2:]
    for p in puzzles:
        assert len(p) == 81 and nonet.count(p) == 1
        assert all((p[i] == ".") == (p[80 - i] == ".") for i in range(81))
    minimal = nonet.generate(seed=3, count=2, minimal=True, level="easy")
    for p in minimal:
        assert nonet.rate(p, "level") == "easy"
        for i, ch in enumerate(p):
            if ch != ".":
                assert nonet.count(p[:i] + "." + p[i + 1 :]) == 2
    assert len(nonet.generate()) == 1  # a random seed


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"symmetry": "spiral"}, "spiral"),
        ({"level": "legendary"}, "legendary"),
        ({"timeout": -1.0}, "timeout"),
        ({"threads": 0}, "threads"),
        ({"threads": -3}, "threads"),
        ({"clues": (30, 20)}, "clue range 30..20 is empty"),
        ({"clues": (10, 16)}, "fewer than 17 clues"),
        ({"variant": "sudoku"}, "unknown variant 'sudoku'"),
        ({"variant": "x", "regions": "1" * 81}, "needs variant"),
        ({"variant": "jigsaw", "regions": "1" * 81}, "only 1 region label:"),
    ],
)
def test_generate_refuses_bad_options(kwargs, message) -> None:
    with pytest.raises(nonet.InputError, match=message):
        nonet.generate(seed=1, **kwargs)


@pytest.mark.parametrize(
    "fn, kwargs, message",
    [
        # 2**40 puzzles aborted the interpreter (a failed allocation); the check runs first.
        (nonet.generate, {"count": 2**62}, "do not fit in memory"),
        (nonet.generate_many, {"count": 2**62}, "do not fit in memory"),
        # start + count past the last index gave [] without a word.
        (nonet.generate, {"count": 2, "start": 2**64 - 2}, "runs past the last puzzle index"),
    ],
)
def test_an_impossible_count_is_an_input_error_not_a_crash(fn, kwargs, message) -> None:
    with pytest.raises(nonet.InputError, match=message):
        fn(seed=1, **kwargs)


def test_a_huge_thread_count_is_capped_not_a_minute_of_thread_starts() -> None:
    # threads=2**62 spent over a minute starting threads before the first puzzle; the batch
    # now runs on at most four threads a core (as the CLI's --threads), so this is quick.
    assert nonet.generate(seed=1, count=2, threads=2**62) == nonet.generate(seed=1, count=2)
    assert nonet.solve_many([PUZZLE], threads=10**9) == [nonet.solve(PUZZLE)]


@pytest.mark.parametrize(
    "puzzle, reason",
    [
        (PUZZLE[:80], "80 cells, expected 81"),
        (PUZZLE + "1", "82 cells, expected 81"),
        (PUZZLE[:40] + "x" + PUZZLE[41:], "'x'"),
        ("", "empty"),
        (CLASH, "repeats"),
    ],
)
@pytest.mark.parametrize("fn", [nonet.solve, nonet.count, nonet.rate, nonet.explain, nonet.hint])
def test_bad_puzzles_raise_a_value_error_naming_the_problem(fn, puzzle, reason) -> None:
    with pytest.raises(nonet.PuzzleError) as e:
        fn(puzzle)
    assert isinstance(e.value, ValueError)
    assert reason in str(e.value).lower() and reason in e.value.reason.lower()
    assert e.value.index is None


def test_a_non_string_puzzle_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        nonet.solve(81)  # type: ignore[arg-type]


def test_batches_of_strings() -> None:
    puzzles = [PUZZLE, EMPTY, NO_SOLUTION]
    assert nonet.solve_many(puzzles) == [SOLUTION, "multiple", "none"]
    assert nonet.solve_many(iter(puzzles)) == nonet.solve_many(tuple(puzzles))
    assert nonet.count_many(puzzles, limit=3).tolist() == [1, 3, 0]
    se = nonet.rate_many(puzzles)
    assert se.shape == (3, 3) and se.dtype.name == "float64"
    assert "%.1f/%.1f/%.1f" % tuple(se[0]) == nonet.rate(PUZZLE)
    assert all(x != x for x in se[1]) and all(x != x for x in se[2])  # NaN: no rating
    classic = nonet.rate_many(puzzles, "classic")
    assert classic.shape == (3,) and classic[2] == -1 and classic[1] != classic[1]
    assert nonet.rate_many(puzzles, "level") == [nonet.rate(PUZZLE, "level"), "multiple", "none"]
    assert nonet.solve_many([]) == []
    assert nonet.rate_many([]).shape == (0, 3)


@pytest.mark.parametrize(
    "fn", [nonet.solve_many, nonet.count_many, nonet.rate_many], ids=["solve", "count", "rate"]
)
def test_a_bad_puzzle_in_a_batch_is_named_by_index(fn) -> None:
    puzzles = [PUZZLE, PUZZLE, PUZZLE[:-1] + "?", CLASH]
    with pytest.raises(nonet.PuzzleError) as e:
        fn(puzzles)
    assert e.value.index == 2
    assert str(e.value).startswith("puzzle 2: ") and "'?'" in e.value.reason
    with pytest.raises(nonet.PuzzleError, match="puzzle 1: .*repeats") as e:
        fn([PUZZLE, CLASH])
    with pytest.raises(nonet.PuzzleError, match="puzzle 1: expected a str, got int"):
        fn([PUZZLE, 7])


@pytest.mark.parametrize("bad", [PUZZLE, 42, None])
def test_a_batch_must_be_a_list_or_an_array(bad) -> None:
    with pytest.raises(nonet.InputError):
        nonet.solve_many(bad)


def test_batches_release_the_gil() -> None:
    # With a switch interval too long to ever expire, the main thread gives the GIL up only
    # when something releases it: the ticker can count only while the batch runs detached,
    # and the ticks counted between the batch's start and end are all the batch's doing.
    ticks = 0
    go, done = threading.Event(), threading.Event()

    def tick() -> None:
        nonlocal ticks
        go.wait()
        while not done.is_set():
            ticks += 1
            time.sleep(0)  # releases the GIL, so the main thread can take it back

    t = threading.Thread(target=tick)
    t.start()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        go.set()
        before = ticks
        nonet.count_many([PUZZLE] * 2000, threads=1)
        during = ticks - before
    finally:
        sys.setswitchinterval(interval)
        done.set()
        t.join()
    assert during > 0


def test_versions() -> None:
    assert nonet.__version__ and nonet.RATER_VERSION.startswith("nonet-rate")
    assert nonet.GENERATOR_VERSION.startswith("nonet-generate")
