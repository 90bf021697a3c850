"""`nonet.read` is the `nonet` command's own reader: on every shared standard set and on input
written to be awkward (a byte-order mark, a CSV header, comments, CRLF, records, a grid, an
over-long line, bad characters), its records carry the line numbers, puzzles and reasons that
`nonet check` prints; a file object gives what its path gives; an endless line is read in
constant memory."""

from __future__ import annotations

import io
import json
import resource
from pathlib import Path

import pytest

import nonet
from conftest import PUZZLE, PUZZLES, SETS, Cli

CLASH = "11" + "." * 79
GRID = "\n".join(PUZZLE[r * 9 : r * 9 + 9] for r in range(9))


def assert_reads_as_the_cli(cli: Cli, path: Path, checked: bool = True) -> list[nonet.Record]:
    """The records of `path` against `nonet check` on it (JSON rows and stderr reasons)."""
    records = list(nonet.read(path, checked=checked))
    r = cli.run("check", "--format", "json", str(path), ok=(0, 2))
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert [(row["line"], row["puzzle"]) for row in rows] == [
        (rec.line, rec.puzzle if rec.puzzle is not None else rec.text[:200]) for rec in records
    ]
    reasons = r.stderr.splitlines()
    assert [rec.error for rec in records if rec.error is not None] == reasons
    assert all((rec.puzzle is None) == (rec.error is not None) for rec in records)
    return records


@pytest.mark.parametrize("name", list(SETS))
def test_the_shared_sets_read_as_the_cli_reads_them(cli: Cli, name: str) -> None:
    records = assert_reads_as_the_cli(cli, PUZZLES / name)
    # hardest-database-2011.csv's header names no `puzzle` column: the CLI calls it invalid too.
    assert sum(rec.puzzle is not None for rec in records) >= len(records) - 1 > 0


def test_awkward_input_reads_as_the_cli_reads_it(cli: Cli, tmp_path: Path) -> None:
    lines = [
        "\ufeff# a comment",
        "name,Puzzle,rating",
        f"first,{PUZZLE},1.2",
        "",
        PUZZLE.replace(".", "0") + "\r",
        f"sample:{PUZZLE}:1",
        json.dumps({"solution": "", "puzzle": PUZZLE}),
        "9" * (64 * 1024 + 1),
        PUZZLE[:80] + "x",
        CLASH,
        f"{PUZZLE} a comment after a space",
        "short",
    ]
    path = tmp_path / "awkward.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    records = assert_reads_as_the_cli(cli, path)
    assert [rec.line for rec in records] == [3, 5, 6, 7, 8, 9, 10, 11, 12]
    assert records[4].error == "line 8: too long: over 65536 bytes, more than any puzzle record holds"
    assert records[4].text == ""
    assert records[5].error == "line 9: unexpected character 'x' at column 81 (r9c9)"
    assert records[6].error is not None and "repeats" in records[6].error
    assert records[0].source == f"first,{PUZZLE},1.2"
    assert records[0].text == PUZZLE
    # Unchecked, clashing givens are read as given (a solver finds they have no solution).
    unchecked = list(nonet.read(path, checked=False))
    assert unchecked[6].puzzle == CLASH and unchecked[6].error is None


def test_a_grid_is_one_record_and_an_error_names_its_own_line(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "grid.txt"
    path.write_text("# my grid\n" + GRID + "\n", encoding="utf-8")
    [rec] = assert_reads_as_the_cli(cli, path)
    assert (rec.line, rec.puzzle) == (2, PUZZLE)
    bad = GRID.splitlines()
    bad[3] = bad[3][:4] + "x" + bad[3][5:]
    path.write_text("\n".join(bad), encoding="utf-8")
    [rec] = assert_reads_as_the_cli(cli, path)
    assert rec.error is not None and rec.error.startswith("line 4: unexpected character 'x'")


def test_a_file_object_reads_as_its_path(tmp_path: Path) -> None:
    text = f"# set\n{PUZZLE}\nxyz\n{CLASH}\n" + GRID.replace("\n", "") + "\n"
    path = tmp_path / "set.txt"
    path.write_text(text, encoding="utf-8")

    def seen(records: nonet.Records) -> list[tuple[int, str | None, str | None]]:
        return [(r.line, r.puzzle, r.error) for r in records]

    want = seen(nonet.read(path))
    assert len(want) == 4
    assert seen(nonet.read(str(path))) == want
    assert seen(nonet.read(io.BytesIO(text.encode()))) == want
    assert seen(nonet.read(io.StringIO(text))) == want
    with path.open("rb") as f:
        assert seen(nonet.read(f)) == want
    with path.open(encoding="utf-8") as f:
        assert seen(nonet.read(f)) == want


class Endless(io.RawIOBase):
    """`size` bytes of `1` with no newline, then a newline and a puzzle: a stream no buffer
    holds, made as it is read."""

    def __init__(self, size: int) -> None:
        self.left = size
        self.tail = ("\n" + PUZZLE + "\n").encode()

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        if self.left > 0:
            k = min(n, self.left)
            self.left -= k
            return b"1" * k
        out, self.tail = self.tail[:n], self.tail[n:]
        return out


def test_an_endless_line_is_refused_in_constant_memory() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    size = 64 * 1024 * 1024
    records = list(nonet.read(Endless(size)))
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert [(r.line, r.puzzle) for r in records] == [(1, None), (2, PUZZLE)]
    assert records[0].error is not None and records[0].error.startswith("line 1: too long")
    # A 64 MiB line read through a buffer of a few hundred KiB (ru_maxrss is in KiB).
    assert grown_kib < 16 * 1024, grown_kib


def test_an_input_that_cannot_be_read_raises_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="none.txt: "):
        nonet.read(tmp_path / "none.txt")
    # A directory opens, and fails at its first read.
    with pytest.raises(OSError):
        list(nonet.read(tmp_path))
    with pytest.raises(TypeError, match="path or a file object"):
        nonet.read(42)  # type: ignore[arg-type]

    class Broken(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def read(self, n: int = -1) -> bytes:
            raise RuntimeError("the disk fell off")

    with pytest.raises(OSError, match="the disk fell off"):
        list(nonet.read(Broken()))
