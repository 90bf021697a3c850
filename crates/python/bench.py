"""Throughput of the Python module's batch calls against the `nonet` binary on the same puzzles,
and the one-core rating throughput that sizes a Dask cluster.

    python crates/python/bench.py --nonet target/release/nonet [--threads N] [--repeat R]

The CLI's time is the whole process (start, read, answer, write to /dev/null); the module's is
the call, from a list of strings (or an array) in memory to the answers in Python objects. The
two run in turn, R times each, and each figure is the median run: wall-clock throughput, and
CPU throughput (puzzles per CPU-second of every thread, which a machine shared with other work
disturbs less). The binding's cost is the module's CPU time over the CLI's, minus one. Prints
a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

import nonet

HERE = Path(__file__).resolve().parent
PUZZLES = Path(os.environ.get("NONET_PUZZLES", HERE.parents[2] / "shared" / "puzzles"))


def read(name: str, limit: int) -> list[str]:
    """The first `limit` puzzles of a shared set, read as `nonet` reads the file."""
    records = nonet.read(PUZZLES / name, checked=False)
    return [r.text for r in records if r.puzzle is not None][:limit]


def child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure(repeat: int, cli, py) -> tuple[float, float, float, float]:
    """The median wall and CPU seconds of `cli` (a process) and `py` (a call), run in turn."""
    cli_wall, cli_cpu, py_wall, py_cpu = [], [], [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), child_cpu()
        cli()
        cli_wall.append(time.perf_counter() - start)
        cli_cpu.append(child_cpu() - cpu)
        start, cpu = time.perf_counter(), time.process_time()
        py()
        py_wall.append(time.perf_counter() - start)
        py_cpu.append(time.process_time() - cpu)
    return tuple(statistics.median(v) for v in (cli_wall, cli_cpu, py_wall, py_cpu))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nonet", required=True, help="the nonet binary (a release build)")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=11)
    args = ap.parse_args()

    rows = []
    workloads = [
        ("solve", "17-clue.txt", 49_158, ["solve"], lambda ps, t: nonet.solve_many(ps, threads=t)),
        ("solve, numpy", "17-clue.txt", 49_158, ["solve"], None),
        ("rate (SE)", "17-clue.txt", 10_000, ["rate"], lambda ps, t: nonet.rate_many(ps, threads=t)),
        ("rate (SE)", "se-rated.txt", 660, ["rate"], lambda ps, t: nonet.rate_many(ps, threads=t)),
        ("rate (SE)", "magictour-top1465.txt", 200, ["rate"], lambda ps, t: nonet.rate_many(ps, threads=t)),
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
            argv = [args.nonet, *command, "--threads", str(args.threads), str(path)]
            cli_wall, cli_cpu, py_wall, py_cpu = measure(
                args.repeat,
                lambda: subprocess.run(
                    argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
                ),
                lambda: call(puzzles, args.threads),
            )
            n = len(puzzles)
            rows.append((label, name, n, args.threads, n / cli_wall, n / py_wall,
                         n / cli_cpu, n / py_cpu, py_cpu / cli_cpu - 1))
        # One core: what a Dask worker thread rates.
        for name, limit in [("se-rated.txt", 660), ("magictour-top1465.txt", 200)]:
            puzzles = read(name, limit)
            argv = [args.nonet, "rate", "--threads", "1", str(Path(tmp) / name)]
            Path(argv[-1]).write_text("".join(p + "\n" for p in puzzles), encoding="utf-8")
            cli_wall, cli_cpu, py_wall, py_cpu = measure(
                args.repeat,
                lambda: subprocess.run(argv, stdout=subprocess.DEVNULL, check=False),
                lambda: nonet.rate_many(puzzles, threads=1),
            )
            n = len(puzzles)
            rows.append(("rate (SE), one core", name, n, 1, n / cli_wall, n / py_wall,
                         n / cli_cpu, n / py_cpu, py_cpu / cli_cpu - 1))

    print("| batch | set | puzzles | threads | puzzles/s, CLI | puzzles/s, Python "
          "| puzzles per CPU-s, CLI | puzzles per CPU-s, Python | binding cost (CPU) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, name, n, t, cw, pw, cc, pc, cost in rows:
        print(f"| {label} | {name} | {n:,} | {t} | {cw:,.0f} | {pw:,.0f} | {cc:,.0f} "
              f"| {pc:,.0f} | {cost * 100:+.1f}% |")


if __name__ == "__main__":
    main()
