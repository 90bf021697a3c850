"""The module's answers are the `nonet` binary's, byte for byte, on samples of every shared
standard set (conftest.SETS): solve, count, rate on each scale, explain's steps, hint's object
and generate's puzzles."""

from __future__ import annotations

import json

import pytest

import nonet
from conftest import SETS, Cli, sample

SET_NAMES = list(SETS)


def dumps(value: object) -> str:
    """JSON as serde_json writes it: compact, UTF-8, keys in the order given."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("name", SET_NAMES)
def test_solve_and_count_agree(cli: Cli, name: str) -> None:
    puzzles = sample(name)
    expected = cli.lines("solve", lines=puzzles)
    assert [nonet.solve(p) for p in puzzles] == expected
    assert nonet.solve_many(puzzles) == expected
    for limit in (1, 2, 5):
        counts = cli.lines("count", "--limit", str(limit), lines=puzzles)
        assert [str(nonet.count(p, limit)) for p in puzzles] == counts
        assert [str(n) for n in nonet.count_many(puzzles, limit)] == counts


def rate_sample(name: str) -> list[str]:
    # Sudoku Explainer's rating of the hardest sets takes up to seconds a puzzle: two of each.
    return sample(name, min(SETS[name], 2 if SETS[name] <= 3 else SETS[name]))


@pytest.mark.parametrize("name", SET_NAMES)
def test_rate_agrees_on_the_classic_scale(cli: Cli, name: str) -> None:
    puzzles = sample(name)
    expected = cli.lines("rate", "--scale", "classic", lines=puzzles)
    assert [nonet.rate(p, "classic") for p in puzzles] == expected
    # -1 is no solution; NaN stands where the CLI prints "multiple".
    many = nonet.rate_many(puzzles, "classic")
    assert [str(int(v)) if v == v else "multiple" for v in many] == expected


@pytest.mark.parametrize("name", SET_NAMES)
def test_rate_agrees_on_the_se_and_level_scales(cli: Cli, name: str) -> None:
    puzzles = rate_sample(name)
    se = cli.lines("rate", "--scale", "se", lines=puzzles)
    levels = cli.lines("rate", "--scale", "level", lines=puzzles)
    assert [nonet.rate(p, "level") for p in puzzles] == levels
    many = nonet.rate_many(puzzles, "se")
    # NaN stands where the CLI prints a word (none, multiple).
    words = ["%.1f/%.1f/%.1f" % tuple(row) if row[0] == row[0] else None for row in many]
    assert [w or e for w, e in zip(words, se)] == se
    assert all(w is not None or e in ("none", "multiple") for w, e in zip(words, se))
    # The single-puzzle form's text, on the puzzles quick to rate.
    quick = [i for i, row in enumerate(many) if not row[0] == row[0] or row[0] < 9.0]
    assert [nonet.rate(puzzles[i]) for i in quick] == [se[i] for i in quick]


@pytest.mark.parametrize("name", SET_NAMES)
def test_explain_steps_agree(cli: Cli, name: str) -> None:
    # The hardest sets' paths take long (forcing chains): a few of each.
    for p in rate_sample(name)[:3]:
        line = cli.run("explain", "--format", "json", p).stdout.strip()
        doc = json.loads(line)
        if doc.get("error") == "none":
            with pytest.raises(nonet.PuzzleError, match="no solution"):
                nonet.explain(p)
            continue
        steps = nonet.explain(p)
        assert dumps(steps) == dumps(doc["steps"])
        # Byte for byte: the CLI's text holds exactly this array.
        assert '"steps":' + dumps(steps) in line


@pytest.mark.parametrize("level", ["technique", "area", "move"])
@pytest.mark.parametrize("name", SET_NAMES)
def test_hint_agrees(cli: Cli, name: str, level: str) -> None:
    for p in sample(name, 2):
        out = cli.run("hint", "--format", "json", "--level", level, p).stdout.strip()
        if out == "none":
            with pytest.raises(nonet.PuzzleError, match="no solution"):
                nonet.hint(p, level)
            continue
        assert dumps(nonet.hint(p, level)) == out


@pytest.mark.parametrize(
    "args, kwargs",
    [
        ([], {}),
        (["--symmetry", "rot90"], {"symmetry": "rot90"}),
        (["--minimal", "--symmetry", "mirror"], {"minimal": True, "symmetry": "mirror"}),
        (["--level", "medium"], {"level": "medium"}),
        (["--clues", "24..28", "--symmetry", "rot180"], {"clues": (24, 28), "symmetry": "rot180"}),
    ],
)
def test_generate_agrees(cli: Cli, args: list[str], kwargs: dict) -> None:
    expected = cli.run("generate", "--seed", "2024", "--count", "6", *args).stdout.splitlines()
    assert nonet.generate(seed=2024, count=6, **kwargs) == expected
    tail = nonet.generate_many(2024, 2, start=4, **kwargs)
    assert ["".join("." if v == 0 else str(v) for v in row) for row in tail] == expected[4:]
