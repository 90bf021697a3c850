"""The batch forms on numpy arrays: (N, 81) and (N, 9, 9) uint8 in, arrays out, the same answers
as on strings; wrong dtype, shape, cell values and layouts refused with the problem named."""

from __future__ import annotations

import numpy as np
import pytest

import nonet
from conftest import PUZZLE, sample


def to_array(puzzles: list[str]) -> np.ndarray:
    return np.array(
        [[0 if c == "." else int(c) for c in p] for p in puzzles], dtype=np.uint8
    ).reshape(len(puzzles), 81)


def to_line(row: np.ndarray) -> str:
    return "".join("." if v == 0 else str(v) for v in row)


@pytest.fixture(scope="module")
def puzzles() -> list[str]:
    # Unique (17-clue) and multiple-solution (serg) puzzles together.
    return sample("17-clue.txt", 30) + sample("serg-benchmark.txt", 10)


def test_solve_many_on_an_array_gives_an_array_of_solutions(puzzles) -> None:
    a = to_array(puzzles)
    solved = nonet.solve_many(a)
    assert solved.dtype == np.uint8 and solved.shape == a.shape
    for row, line in zip(solved, nonet.solve_many(puzzles)):
        if line in ("none", "multiple"):
            assert not row.any()
        else:
            assert "".join(map(str, row)) == line


def test_count_and_rate_many_give_the_same_numbers_on_arrays_and_strings(puzzles) -> None:
    a = to_array(puzzles)
    counts = nonet.count_many(a)
    assert counts.dtype == np.int64
    assert counts.tolist() == nonet.count_many(puzzles).tolist()
    assert (counts[:30] == 1).all() and (counts[30:] == 2).all()
    se = nonet.rate_many(a)
    np.testing.assert_array_equal(se, nonet.rate_many(puzzles))
    assert np.isnan(se[30:]).all() and not np.isnan(se[:30]).any()
    np.testing.assert_array_equal(nonet.rate_many(a, "classic"), nonet.rate_many(puzzles, "classic"))
    assert nonet.rate_many(a, "level") == nonet.rate_many(puzzles, "level")


def test_grids_strided_and_sliced_arrays_are_read_in_row_order(puzzles) -> None:
    a = to_array(puzzles[:5])
    expected = nonet.count_many(a).tolist()
    assert nonet.count_many(a.reshape(5, 9, 9)).tolist() == expected
    doubled = np.repeat(a, 2, axis=0)[::2]  # a strided view
    assert nonet.solve_many(doubled).tolist() == nonet.solve_many(a).tolist()
    readonly = a.copy()
    readonly.flags.writeable = False
    assert nonet.count_many(readonly).tolist() == expected


def test_fortran_order_arrays_are_read_by_rows_not_in_memory_order(puzzles) -> None:
    # A contiguous slice of a Fortran-order array runs down the columns: reading it in place
    # mixed the puzzles' cells.
    a = to_array(puzzles[:5])
    assert nonet.solve_many(np.asfortranarray(a)).tolist() == nonet.solve_many(a).tolist()
    assert nonet.count_many(np.asfortranarray(a.reshape(5, 9, 9))).tolist() == [1] * 5


def test_generate_many_gives_the_generated_puzzles_as_an_array() -> None:
    a = nonet.generate_many(5, 6, symmetry="mirror")
    assert a.dtype == np.uint8 and a.shape == (6, 81)
    assert [to_line(r) for r in a] == nonet.generate(seed=5, count=6, symmetry="mirror")
    np.testing.assert_array_equal(nonet.generate_many(5, 3, start=3, symmetry="mirror"), a[3:])
    assert nonet.generate_many(5, 0).shape == (0, 81)


@pytest.mark.parametrize("dtype", [np.int64, np.int8, np.uint16, np.float64, np.bool_])
def test_a_wrong_dtype_is_refused(dtype) -> None:
    a = to_array([PUZZLE]).astype(dtype)
    with pytest.raises(nonet.InputError, match="expected uint8") as e:
        nonet.solve_many(a)
    assert isinstance(e.value, ValueError) and np.dtype(dtype).name in str(e.value)


@pytest.mark.parametrize("shape", [(81,), (1, 80), (2, 82), (1, 9, 8), (1, 1, 81), (81, 1)])
def test_a_wrong_shape_is_refused(shape) -> None:
    with pytest.raises(nonet.InputError, match=r"shape .* expected \(N, 81\)"):
        nonet.count_many(np.zeros(shape, dtype=np.uint8))


def test_a_cell_above_9_is_named_with_its_puzzle() -> None:
    a = to_array([PUZZLE, PUZZLE, PUZZLE])
    a[1, 12] = 10
    with pytest.raises(nonet.PuzzleError) as e:
        nonet.rate_many(a)
    assert e.value.index == 1
    assert "r2c4" in e.value.reason and "holds 10" in e.value.reason


def test_clashing_givens_in_an_array_are_named_with_their_puzzle() -> None:
    a = to_array([PUZZLE, PUZZLE])
    a[1, :2] = 5
    with pytest.raises(nonet.PuzzleError, match="puzzle 1: .*repeats"):
        nonet.solve_many(a)


def test_an_empty_array() -> None:
    empty = np.zeros((0, 81), dtype=np.uint8)
    assert nonet.solve_many(empty).shape == (0, 81)
    assert nonet.count_many(empty).shape == (0,)
    assert nonet.rate_many(empty).shape == (0, 3)
