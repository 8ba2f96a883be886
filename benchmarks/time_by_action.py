"""Where a simulated match spends its time: each kind of action, and the listing of the legal ones.

    python benchmarks/time_by_action.py [random|scripted] [MATCHES]

Plays seeded matches between the two ready Skurling teams as the benchmark does and
times, inside the simulator, every ``apply`` by the kind of action applied, and every
listing of declarations and of one declaration's actions. Shares are of the whole run,
so they hold on a slow or a fast machine; the microseconds are this machine's. The
figures it printed are discussed on the site's performance page
(docs/explanation/performance.md).
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import bbcore


def _timed(
    name_of: Callable[..., str], function: Callable[..., Any], spent: dict[str, float], counts: dict[str, int]
) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            name = name_of(*args, **kwargs)
            spent[name] += time.perf_counter() - start
            counts[name] += 1

    return timed


def main() -> int:
    # The simulator module looks these names up at each call, so timing wrappers put there see every one.
    from bbcore_skurling import simulate  # noqa: PLC0415 - the benchmark runs only where Skurling is installed

    policy = sys.argv[1] if len(sys.argv) > 1 else "random"
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    rules = bbcore.load_ruleset("skurling")
    home, away = (ref.team for ref in rules.team_files[:2])
    spent: dict[str, float] = defaultdict(float)
    counts: dict[str, int] = defaultdict(int)
    wrappers = {
        "apply": lambda _r, _a, action, *_, **__: type(action).__name__,
        "declarations": lambda *_: "(listing declarations)",
        "actions_for": lambda *_: "(listing one declaration's actions)",
    }
    for name, name_of in wrappers.items():
        setattr(simulate, name, _timed(name_of, getattr(simulate, name), spent, counts))
    actions = 0
    start = time.perf_counter()
    for seed in range(matches):
        actions += simulate.play(rules, home, away, (policy, policy), seed, max_arcs=8).actions
    elapsed = time.perf_counter() - start
    print(f"{policy} against {policy}: {matches} matches, {actions} actions, {actions / elapsed:.0f} actions per second")
    print(f"{'what':40} {'calls':>7} {'us each':>9} {'share':>7} {'us per action':>14}")
    for name in sorted(spent, key=lambda n: -spent[n]):
        each = spent[name] / counts[name] * 1e6
        print(f"{name:40} {counts[name]:7d} {each:9.1f} {spent[name] / elapsed:7.1%} {spent[name] / actions * 1e6:14.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
