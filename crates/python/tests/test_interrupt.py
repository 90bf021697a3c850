"""Ctrl-C stops a long call at once: the call releases the GIL, so the caller's thread takes it
back now and then to run Python's signal handlers, and KeyboardInterrupt ends the call early; the
puzzles under way stop too (the rater and the teacher ask for a stop inside their searches), so
the call does not wait for them to finish."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

# One of the slowest puzzles of the hardest database (ER 11.8: forcing chains nested three deep,
# about 11 s to rate in a release build, far longer in a debug one).
LONG = "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1"

# Runs a call on that puzzle (CALL), and says how it ended.
# The child takes Python's own Ctrl-C handler whatever it inherited: a shell that starts a job in
# the background without job control (as a CI script may run the suite) has it ignore SIGINT, and
# Python then installs no KeyboardInterrupt handler at all.
CHILD = """
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
import nonet
LONG = {long!r}
print("started", flush=True)
try:
    {call}
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""

# How soon after Ctrl-C the call must have ended: the batch looks for the signal every 100 ms and
# the rater asks for a stop every few milliseconds of its search (docs/rating.md, "Stopping a
# rating"); a loaded machine and a debug build stretch that, never to the puzzle's own time.
STOPS_WITHIN = 5.0


@pytest.mark.parametrize(
    "call",
    [
        # The puzzle many times over on every core: the batch and the puzzles under way stop.
        "nonet.rate_many([LONG] * 64)",
        # One puzzle's rating, and its whole logical path: the search itself stops.
        "nonet.rate(LONG)",
        "nonet.explain(LONG)",
    ],
)
def test_ctrl_c_interrupts_a_long_call_at_once(call: str) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(long=LONG, call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        # Let the call begin and the puzzles get well into their searches (a signal before the
        # call would not be the batch's to handle).
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        signalled = time.monotonic()
        # The generous limit only keeps a broken build from hanging the suite.
        out, err = child.communicate(timeout=120)
        took = time.monotonic() - signalled
    finally:
        child.kill()
    assert out.strip() == "interrupted", err
    assert child.returncode == 0, err
    assert took < STOPS_WITHIN, f"the call ended {took:.1f} s after Ctrl-C"


# Runs a batch call in a child whose first import of numpy raises ERROR (a Ctrl-C that lands
# while numpy loads, as the call starts), and says how it ended.
FAILED_IMPORT_CHILD = """
import sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy" or name.startswith("numpy."):
            raise {error}()
        return None
sys.meta_path.insert(0, Refuse())
import nonet
try:
    nonet.count_many(["{puzzle}"])
    print("finished")
except BaseException as e:
    print(type(e).__name__)
"""


@pytest.mark.parametrize("error", ["KeyboardInterrupt", "ImportError"])
def test_a_failed_numpy_import_as_a_batch_starts_is_raised_not_a_panic(error: str) -> None:
    # Regression: a Ctrl-C while a batch's first call imported numpy panicked inside the numpy
    # crate (a PanicException) instead of raising KeyboardInterrupt.
    puzzle = "." * 81
    out = subprocess.run(
        [sys.executable, "-c", FAILED_IMPORT_CHILD.format(error=error, puzzle=puzzle)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.stdout.strip() == error, out.stderr
