"""Shared fixtures: the `nonet` binary the answers are checked against, and the shared puzzle
sets (`../shared/puzzles` beside the repository, as for the Rust tests).

NONET_BIN names the binary (scripts/test.sh passes the one `cargo test` built); without it, the
workspace's target directory is searched. A missing binary or puzzle directory fails the tests
that need them, with the reason, rather than skipping them.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import nonet

REPO = Path(__file__).resolve().parents[3]
PUZZLES = Path(os.environ.get("NONET_PUZZLES", REPO.parent / "shared" / "puzzles"))

# A puzzle with one solution (magictour's first), used across the tests.
PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

# The standard sets (the variants are not in the Python API) and how many puzzles of each the
# agreement tests take, evenly spread: the hardest sets take seconds per rating, so fewer.
SETS = {
    "examples.txt": 9,
    "17-clue.txt": 40,
    "magictour-top1465.txt": 12,
    "forum-hardest-1905-11plus.txt": 3,
    "serg-benchmark.txt": 20,
    "se-rated.txt": 20,
    "hardest-database-2011.csv": 3,
}


def read_set(name: str) -> list[str]:
    """The puzzles of a shared set as `nonet` reads the file (each puzzle's text as given)."""
    path = PUZZLES / name
    if not path.exists():
        pytest.fail(f"{path} is missing: the shared puzzle sets live in ../shared/puzzles")
    return [r.text for r in nonet.read(path, checked=False) if r.puzzle is not None]


def sample(name: str, k: int | None = None) -> list[str]:
    """`k` puzzles of a set, evenly spread over it (every puzzle when k is None or larger)."""
    puzzles = read_set(name)
    k = SETS[name] if k is None else k
    if k >= len(puzzles):
        return puzzles
    step = len(puzzles) / k
    return [puzzles[int(i * step)] for i in range(k)]


def nonet_bin() -> Path:
    env = os.environ.get("NONET_BIN")
    candidates = [Path(env)] if env else []
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    candidates += [target / "debug" / "nonet", target / "release" / "nonet"]
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    pytest.fail(
        "the nonet binary is missing (looked at "
        + ", ".join(map(str, candidates))
        + "): build it with `cargo build -p nonet` or set NONET_BIN"
    )


class Cli:
    """Runs the `nonet` binary on puzzle lines given on standard input."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(
        self, *args: str, lines: list[str] | None = None, ok: tuple[int, ...] = (0, 1)
    ) -> subprocess.CompletedProcess[str]:
        text = "".join(line + "\n" for line in lines) if lines is not None else None
        r = subprocess.run(
            [str(self.path), *args], input=text, capture_output=True, text=True, check=False
        )
        # 0: all handled, 1: some none/multiple/unrateable; 2, an invalid puzzle, only when
        # the test asks for it.
        assert r.returncode in ok, f"nonet {' '.join(args)} exited {r.returncode}: {r.stderr}"
        return r

    def lines(self, *args: str, lines: list[str]) -> list[str]:
        return self.run(*args, lines=lines).stdout.splitlines()


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(nonet_bin())
