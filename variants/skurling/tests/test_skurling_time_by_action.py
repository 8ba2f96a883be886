"""The time-by-action benchmark script runs and accounts for the simulator's time by kind of action."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "time_by_action.py"


def test_the_shares_name_every_kind_played_and_never_add_up_to_more_than_the_whole() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "random", "1"], capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    played = re.match(r"random against random: 1 matches, (\d+) actions", lines[0])
    assert played is not None, lines[0]
    rows = {line[:40].strip(): line[40:].split() for line in lines[2:]}
    assert {"(listing declarations)", "(listing one declaration's actions)", "Throw", "EndTurn"} <= set(rows)
    applied = sum(int(calls) for name, (calls, *_) in rows.items() if not name.startswith("("))
    assert applied == int(played.group(1)), "every action applied is counted under its kind"
    assert sum(float(share.rstrip("%")) for _, _, share, _ in rows.values()) <= 100.0
