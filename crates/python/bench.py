"""Throughput of the Python module's batch calls against the `nonet` binary on the same puzzles,
and the one-core rating throughput that sizes a Dask cluster.

    python crates/python/bench.py --nonet target/release/nonet [--threads N] [--repeat R]

Each figure is the best of R runs (wall clock). The CLI's time is the whole process (start,
read, answer, write to /dev/null); the module's is the call, from a list of strings (or an
array) in memory to the answers in Python objects. The binding's cost is the module's time over
the CLI's, minus one. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import nonet

HERE = Path(__file__).resolve().parent
PUZZLES = Path(os.environ.get("NONET_PUZZLES", HERE.parents[2] / "shared" / "puzzles"))


def read(name: str, limit: int) -> list[str]:
    sys.path.insert(0, str(HERE / "tests"))
    from conftest import puzzle_field  # the tests' reader of the shared sets

    with (PUZZLES / name).open(encoding="utf-8") as f:
        return [p for p in map(puzzle_field, f) if p is not None][:limit]


def best(repeat: int, fn) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nonet", required=True, help="the nonet binary (a release build)")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    rows = []
    workloads = [
        ("solve", "17-clue.txt", 49_158, ["solve"], lambda ps, t: nonet.solve_many(ps, threads=t)),
        ("solve, numpy", "17-clue.txt", 49_158, ["solve"], None),
        ("rate (SE)", "17-clue.txt", 10_000, ["rate"], lambda ps, t: nonet.rate_many(ps, threads=t)),
        ("rate (SE)", "se-rated.txt", 660, ["rate"], lambda ps, t: nonet.rate_many(ps, threads=t)),
        ("rate (SE)", "magictour-top1465.txt", 300, ["rate"], lambda ps, t: nonet.rate_many(ps, threads=t)),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for label, name, limit, command, call in workloads:
            puzzles = read(name, limit)
            if call is None:
                cells = np.array(
                    [[0 if c == "." else int(c) for c in p] for p in puzzles], dtype=np.uint8
                )

                def call(_ps, t, cells=cells):
                    return nonet.solve_many(cells, threads=t)

            path = Path(tmp) / name
            path.write_text("".join(p + "\n" for p in puzzles), encoding="utf-8")
            cli = best(
                args.repeat,
                lambda: subprocess.run(
                    [args.nonet, *command, "--threads", str(args.threads), str(path)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    check=False,
                ),
            )
            py = best(args.repeat, lambda: call(puzzles, args.threads))
            rows.append((label, name, len(puzzles), args.threads, len(puzzles) / cli,
                         len(puzzles) / py, py / cli - 1))
        # One core: what a Dask worker thread rates.
        for name, limit in [("se-rated.txt", 660), ("magictour-top1465.txt", 300)]:
            puzzles = read(name, limit)
            py = best(args.repeat, lambda: nonet.rate_many(puzzles, threads=1))
            rows.append(("rate (SE), one core", name, len(puzzles), 1, None, len(puzzles) / py, None))

    print("| batch | set | puzzles | threads | CLI puzzles/s | Python puzzles/s | binding cost |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for label, name, n, t, cli_rate, py_rate, cost in rows:
        cli_text = f"{cli_rate:,.0f}" if cli_rate else ""
        cost_text = f"{cost * 100:+.1f}%" if cost is not None else ""
        print(f"| {label} | {name} | {n:,} | {t} | {cli_text} | {py_rate:,.0f} | {cost_text} |")


if __name__ == "__main__":
    main()
