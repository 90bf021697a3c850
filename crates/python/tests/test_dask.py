"""nonet.dask on a real cluster: a dask.distributed LocalCluster of two worker processes rates
2,000 puzzles of the shared sets with the same answers as `nonet rate`, generates the puzzles of
`nonet generate`, and reports a bad puzzle by its index in the whole list."""

from __future__ import annotations

import logging
import os

import numpy as np
import pytest

from dask.distributed import Client, LocalCluster, get_task_stream  # noqa: E402

import nonet  # noqa: E402
import nonet.dask  # noqa: E402
from conftest import Cli, sample  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster, Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def puzzles() -> list[str]:
    # Quick 17-clue puzzles, SE-rated ones from 1.2 to 9.3, and hard ones from top1465.
    return (
        sample("17-clue.txt", 1500) + sample("se-rated.txt", 400) + sample("magictour-top1465.txt", 100)
    )


def test_the_workers_are_two_other_processes(client) -> None:
    pids = client.run(os.getpid)
    assert len(pids) == 2 and os.getpid() not in pids.values()
    assert len(set(pids.values())) == 2


def test_rating_2000_puzzles_on_the_cluster_matches_the_cli(client, cli: Cli, puzzles) -> None:
    assert len(puzzles) == 2000
    with get_task_stream(client) as stream:
        ratings = nonet.dask.rate(puzzles, partition_size=125, client=client)
    # Both workers took partitions.
    assert len({t["worker"] for t in stream.data}) == 2
    assert ratings.shape == (2000, 3)
    expected = cli.lines("rate", lines=puzzles)
    assert ["%.1f/%.1f/%.1f" % tuple(r) for r in ratings] == expected
    # The same array as one local batch call, in the same order.
    np.testing.assert_array_equal(ratings, nonet.rate_many(puzzles))


def test_levels_and_arrays_on_the_cluster(client, puzzles) -> None:
    some = puzzles[::40]
    levels = nonet.dask.rate(some, "level", partition_size=7, client=client)
    assert levels == nonet.rate_many(some, "level")
    cells = np.array([[0 if c == "." else int(c) for c in p] for p in some], dtype=np.uint8)
    classic = nonet.dask.rate(cells, "classic", partition_size=7, client=client)
    np.testing.assert_array_equal(classic, nonet.rate_many(some, "classic"))


def test_generating_on_the_cluster_matches_the_cli(client, cli: Cli) -> None:
    puzzles = nonet.dask.generate(99, 30, symmetry="rot180", partition_size=7, client=client)
    expected = cli.lines("generate", "--seed", "99", "--count", "30", "--symmetry", "rot180", lines=[])
    assert ["".join("." if v == 0 else str(v) for v in row) for row in puzzles] == expected


def test_a_bad_puzzle_is_named_by_its_index_in_the_whole_list(client, puzzles) -> None:
    bad = puzzles[:20]
    bad[13] = bad[13][:80]
    with pytest.raises(nonet.PuzzleError) as e:
        nonet.dask.rate(bad, partition_size=5, client=client)
    assert e.value.index == 13 and "80 cells" in e.value.reason
    assert str(e.value).startswith("puzzle 13: ")


def test_without_a_client_the_local_scheduler_runs_the_partitions(puzzles) -> None:
    some = puzzles[:50]
    np.testing.assert_array_equal(
        nonet.dask.rate(some, partition_size=9), nonet.rate_many(some)
    )
    with pytest.raises(nonet.InputError):
        nonet.dask.rate(some, partition_size=0)
