"""Ctrl-C stops a long batch: the batch releases the GIL, so the caller's thread takes it back
now and then to run Python's signal handlers, and KeyboardInterrupt ends the call early."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Rates every puzzle of the forum's hardest set (tens of thousands, up to seconds each: hours of
# work), and says how the call ended.
CHILD = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
from conftest import read_set
import nonet
puzzles = read_set("forum-hardest-1905-11plus.txt")
print("started", flush=True)
try:
    nonet.rate_many(puzzles)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_ctrl_c_interrupts_a_long_batch() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        # Let the call begin (a signal before it would not be the batch's to handle).
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        # Without the handling the call would run for hours: this generous limit only keeps a
        # broken build from hanging the suite.
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert out.strip() == "interrupted", err
    assert child.returncode == 0, err
