"""Rating and generating beyond one machine, on a Dask cluster.

A list of puzzles is cut into partitions; each partition is one task that calls the batch API
(``nonet.rate_many``, ``nonet.generate_many``) on a worker, which runs it on all its cores with
the GIL released. The partitions' answers are joined in input order, so the result is the same
array a single ``nonet.rate_many`` call gives, whatever the number of workers. Generation
partitions are index ranges of one run (``start``), so the puzzles are those of
``nonet generate --seed SEED``, puzzle for puzzle.

The tasks run on the current Dask client (``dask.distributed.Client(...)``) or on ``client=``;
without one, on Dask's local scheduler. Every worker needs ``nonet`` installed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from dask.base import compute
from dask.delayed import delayed
import numpy.typing as npt

import nonet

__all__ = ["rate", "generate"]

#: Puzzles a rating task gets by default: long enough that a task's overhead (milliseconds)
#: is small beside its work, short enough to share a list among many workers.
RATE_PARTITION = 500
#: Puzzles a generation task makes by default.
GENERATE_PARTITION = 200


def _rate_part(puzzles: Any, scale: str, offset: int) -> Any:
    try:
        return nonet.rate_many(puzzles, scale)
    except nonet.PuzzleError as e:
        # The index in the whole list, not in the partition.
        raise _puzzle_error(offset + (e.index or 0), e.reason) from None


def _puzzle_error(index: int, reason: str) -> nonet.PuzzleError:
    e = nonet.PuzzleError(f"puzzle {index}: {reason}")
    e.index = index
    e.reason = reason
    return e


def _generate_part(seed: int, start: int, count: int, options: dict[str, Any]) -> Any:
    return nonet.generate_many(seed, count, start=start, **options)


def _run(tasks: list[Any], client: Any) -> list[Any]:
    if client is None:
        return list(compute(*tasks))  # type: ignore[no-untyped-call]
    return list(client.gather(client.compute(tasks)))


def _check_size(name: str, size: int) -> None:
    if size < 1:
        raise nonet.InputError(f"{name} must be at least 1, got {size}")


def rate(
    puzzles: Sequence[str] | npt.NDArray[np.uint8],
    scale: str = "se",
    *,
    partition_size: int = RATE_PARTITION,
    client: Any = None,
) -> Any:
    """Rates ``puzzles`` over the cluster: the same answer as ``nonet.rate_many(puzzles, scale)``
    (an (N, 3) float64 array of ER/EP/ED for "se", an (N,) array for "classic", a list of words
    for "level"), in input order. A bad puzzle raises ``nonet.PuzzleError`` with its index in
    ``puzzles``.
    """
    _check_size("partition_size", partition_size)
    if isinstance(puzzles, str):
        raise nonet.InputError("expected a list of puzzles, got one str")
    if not isinstance(puzzles, np.ndarray):
        puzzles = list(puzzles)
    n = len(puzzles)
    tasks = [
        delayed(_rate_part, pure=True)(puzzles[s : s + partition_size], scale, s)
        for s in range(0, n, partition_size)
    ]
    parts = _run(tasks, client)
    if scale == "level":
        return [word for part in parts for word in part]
    if not parts:
        return np.empty((0, 3) if scale == "se" else (0,), dtype=np.float64)
    return np.concatenate(parts)


def generate(
    seed: int,
    count: int,
    *,
    level: str | None = None,
    symmetry: str = "none",
    minimal: bool = False,
    clues: tuple[int, int] | None = None,
    timeout: float | None = 60.0,
    partition_size: int = GENERATE_PARTITION,
    client: Any = None,
) -> npt.NDArray[np.uint8]:
    """Generates puzzles ``0 .. count`` of ``seed``'s run over the cluster: the same (count, 81)
    uint8 array as ``nonet.generate_many(seed, count, ...)``, and the same puzzles as
    ``nonet generate --seed SEED --count COUNT``.
    """
    _check_size("partition_size", partition_size)
    if count < 0:
        raise nonet.InputError(f"count must not be negative, got {count}")
    options = {
        "level": level,
        "symmetry": symmetry,
        "minimal": minimal,
        "clues": clues,
        "timeout": timeout,
    }
    tasks = [
        delayed(_generate_part, pure=True)(
            seed, start, min(partition_size, count - start), options
        )
        for start in range(0, count, partition_size)
    ]
    parts = _run(tasks, client)
    if not parts:
        return np.empty((0, 81), dtype=np.uint8)
    return np.concatenate(parts)
