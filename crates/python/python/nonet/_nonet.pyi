"""Type stubs of the Rust extension ``nonet._nonet`` (re-exported by ``nonet``)."""

import os
from collections.abc import Iterable, Iterator
from typing import IO, Any, Literal, final, overload

import numpy as np
import numpy.typing as npt

__version__: str
RATER_VERSION: str
GENERATOR_VERSION: str

Scale = Literal["se", "classic", "level"]
HintLevel = Literal["technique", "area", "move"]
Symmetry = Literal[
    "none", "rot180", "rot90", "mirror", "diagonal", "mirror4", "diagonal4", "dihedral"
]
Level = Literal["easy", "medium", "hard", "expert", "extreme"]
Puzzles = Iterable[str] | npt.NDArray[np.uint8]

class PuzzleError(ValueError):
    """A puzzle that gets no answer: unreadable, clashing givens, or no solution where one is
    needed. ``index`` is its index in a batch (None for a single puzzle)."""

    index: int | None
    reason: str

class InputError(ValueError):
    """A batch that is not a list of strings or an (N, 81) uint8 array, or a bad option."""

class GenerateError(RuntimeError):
    """No puzzle met the generator's target in time."""

    index: int | None
    reason: str

def solve(puzzle: str) -> str:
    """The 81-digit solution, or "none" / "multiple", as ``nonet solve`` prints it."""

def count(puzzle: str, limit: int = 2) -> int:
    """The number of solutions, counting up to ``limit``."""

def rate(puzzle: str, scale: Scale = "se") -> str:
    """``nonet rate --scale SCALE``'s line: "ER/EP/ED", a classic grade or a level."""

def explain(puzzle: str) -> list[dict[str, Any]]:
    """The steps of ``nonet explain --format json``."""

def hint(puzzle: str, level: HintLevel = "move") -> dict[str, Any]:
    """``nonet hint --format json --level LEVEL``'s object."""

def generate(
    seed: int | None = None,
    count: int = 1,
    *,
    level: Level | None = None,
    symmetry: Symmetry = "none",
    minimal: bool = False,
    clues: tuple[int, int] | None = None,
    start: int = 0,
    timeout: float | None = 60.0,
    threads: int | None = None,
    variant: str = "standard",
    regions: str | None = None,
) -> list[str]:
    """Puzzles ``start .. start+count`` of ``nonet generate --seed SEED``'s run; a variant's
    (``"jigsaw"``, ``"x"``, ``"windoku"``, comma-separated) as ``--variant`` prints them, a
    jigsaw's region map after one space."""

def generate_many(
    seed: int,
    count: int,
    *,
    level: Level | None = None,
    symmetry: Symmetry = "none",
    minimal: bool = False,
    clues: tuple[int, int] | None = None,
    start: int = 0,
    timeout: float | None = 60.0,
    threads: int | None = None,
) -> npt.NDArray[np.uint8]:
    """As ``generate``, as a (count, 81) uint8 array (0 for empty)."""

@overload
def solve_many(puzzles: npt.NDArray[np.uint8], *, threads: int | None = None) -> npt.NDArray[np.uint8]: ...
@overload
def solve_many(puzzles: Iterable[str], *, threads: int | None = None) -> list[str]: ...
def count_many(
    puzzles: Puzzles, limit: int = 2, *, threads: int | None = None
) -> npt.NDArray[np.int64]:
    """Solution counts, stopping at ``limit``."""

@overload
def rate_many(
    puzzles: Puzzles, scale: Literal["se", "classic"] = "se", *, threads: int | None = None
) -> npt.NDArray[np.float64]: ...
@overload
def rate_many(
    puzzles: Puzzles, scale: Literal["level"], *, threads: int | None = None
) -> list[str]: ...
@overload
def rate_many(
    puzzles: Puzzles, scale: str, *, threads: int | None = None
) -> npt.NDArray[np.float64] | list[str]: ...

@final
class Record:
    """One puzzle of a file or stream, as ``nonet`` reads it."""

    line: int
    """The line it starts on, from 1."""
    text: str
    """The puzzle's text as given (the line, its puzzle field, or the whole grid)."""
    source: str
    """The whole line (or grid) it came from."""
    puzzle: str | None
    """The 81-character puzzle ("." for empty), or None when it cannot be read."""
    error: str | None
    """Why it cannot be read, as ``nonet`` reports it ("line N: reason"), or None."""

@final
class Records(Iterator[Record]):
    """The records of one input, read a block at a time as they are asked for."""

    def __iter__(self) -> Records: ...
    def __next__(self) -> Record: ...

def read(
    source: str | os.PathLike[str] | IO[bytes] | IO[str], *, checked: bool = True
) -> Records:
    """The puzzles of a file ("-": standard input) or file object, one ``Record`` each, read
    as the ``nonet`` command reads its inputs, in constant memory."""
