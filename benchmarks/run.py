"""Benchmarks, reported as ratios within one run (never as timed tests).

    python benchmarks/run.py [--json] [--smoke]

Each line reads ``name: value unit (vs baseline)``. The load benchmarks divide by a
plain ruamel parse of the same files measured in the same run, so the numbers mean
the same on a slow or a fast machine.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

import bbcore
from bbcore.dice import SeededDice, roll_on_table
from bbcore.loading import datadir
from bbcore.odds import block_odds, block_result, duel_board
from bbcore.plugins import default_host
from bbcore.rules.block import block
from bbcore.rules.board import Board
from bbcore.ruleset import Ruleset, build_ruleset, clear_cache


def _best_of(repeats: int, action: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def _data_files() -> list[Path]:
    host = default_host()
    return [path for source in host.sources for path in datadir.data_files(source.data_dir)]


def plain_parse(files: list[Path]) -> None:
    yaml = YAML(typ="safe", pure=False)
    for path in files:
        yaml.load(path.read_text(encoding="utf-8"))


def cold_load() -> None:
    datadir._loaded_cache.clear()
    clear_cache()
    build_ruleset()


def _sampled_blocks(rules: Ruleset, board: Board, exact: Mapping[str, Fraction], samples: int) -> tuple[float, float]:
    """Time ``samples`` real blocks and return the time and the largest gap to the exact odds."""
    dice = SeededDice(3)
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for _ in range(samples):
        counts[block_result(board, block(rules, board, "attacker", "defender", dice), "attacker", "defender")] += 1
    elapsed = time.perf_counter() - start
    return elapsed, max(abs(counts[k] / samples - float(v)) for k, v in exact.items())


class _TimedPolicy:
    """A policy wrapper that adds up the time spent deciding, to split the simulation's time."""

    def __init__(self, policy: Any) -> None:
        self.policy = policy
        self.name = policy.name
        self.spent = 0.0

    def choose(self, choice: Any, view: Any) -> int:
        start = time.perf_counter()
        answer = int(self.policy.choose(choice, view))
        self.spent += time.perf_counter() - start
        return answer


def simulation(policies: tuple[str, str], matches: int, max_arcs: int) -> list[dict[str, object]]:
    """Matches and actions per second between the two ready Skurling teams, and the share spent in the policies."""
    from bbcore_skurling.policies import make_policy  # noqa: PLC0415 - the benchmark runs only where Skurling is installed
    from bbcore_skurling.simulate import play  # noqa: PLC0415

    rules = bbcore.load_ruleset("skurling")
    home, away = (ref.team for ref in rules.team_files[:2])
    actions, policy_time = 0, 0.0
    start = time.perf_counter()
    for seed in range(matches):
        agents = (_TimedPolicy(make_policy(policies[0], 2 * seed + 1)), _TimedPolicy(make_policy(policies[1], 2 * seed + 2)))
        played = play(rules, home, away, policies, seed, max_arcs=max_arcs, agents=agents)  # type: ignore[arg-type]
        actions += played.actions
        policy_time += sum(agent.spent for agent in agents)
    elapsed = time.perf_counter() - start
    label = " against ".join(policies)
    return [
        {
            "name": f"simulation, {label}",
            "value": round(matches / elapsed, 3),
            "unit": "matches per second",
            "baseline": f"at most {max_arcs} arcs a match",
        },
        {
            "name": f"simulation, {label}",
            "value": round(actions / elapsed),
            "unit": "actions per second",
            "baseline": f"{actions} actions applied",
        },
        {
            "name": f"simulation, {label}",
            "value": round(1 - policy_time / elapsed, 3),
            "unit": "share of time in the rules",
            "baseline": f"{round(policy_time / elapsed, 3)} in the policies' own decisions",
        },
    ]


def run(smoke: bool) -> list[dict[str, object]]:
    repeats = 1 if smoke else 5
    files = _data_files()
    baseline = _best_of(repeats, lambda: plain_parse(files))
    cold = _best_of(repeats, cold_load)
    bbcore.load_ruleset()
    cached = _best_of(repeats * 20, bbcore.load_ruleset)

    rules = bbcore.load_ruleset()
    team = rules.team_files[0].team
    checks = 20 if smoke else 500
    start = time.perf_counter()
    for _ in range(checks):
        bbcore.check_team(rules, team)
    checks_per_second = checks / (time.perf_counter() - start)

    rolls = 1000 if smoke else 100_000
    dice = SeededDice(1)
    table = rules.table("weather")
    start = time.perf_counter()
    for _ in range(rolls):
        roll_on_table(table, dice)
    rolls_per_second = rolls / (time.perf_counter() - start)

    board = duel_board(rules, 4, 3, defender_skills=["dodge"])
    start = time.perf_counter()
    exact = block_odds(rules, board, "attacker", "defender").results
    exact_time = time.perf_counter() - start
    samples = 300 if smoke else 20_000
    sampled_time, disagreement = _sampled_blocks(rules, board, exact, samples)

    return [
        {
            "name": "exact block odds",
            "value": round(exact_time / sampled_time, 4),
            "unit": "x",
            "baseline": f"Monte Carlo of {samples} blocks; largest difference {disagreement:.3f}",
        },
        {
            "name": "block procedure",
            "value": round(samples / sampled_time),
            "unit": "calls per second",
            "baseline": "full block with push, armour and injury, seeded dice",
        },
        {
            "name": "cold validated load",
            "value": round(cold / baseline, 2),
            "unit": "x",
            "baseline": f"plain ruamel parse of {len(files)} files",
        },
        {"name": "cached load", "value": round(cached / baseline, 6), "unit": "x", "baseline": "plain ruamel parse of the same files"},
        {
            "name": "team checks",
            "value": round(checks_per_second),
            "unit": "per second",
            "baseline": f"{team.name}, {len(team.players)} players",
        },
        {"name": "table rolls", "value": round(rolls_per_second), "unit": "per second", "baseline": "2D6 weather table, seeded dice"},
        *simulation(("scripted", "scripted"), 1 if smoke else 5, 4 if smoke else 60),
        *simulation(("random", "random"), 2 if smoke else 50, 4 if smoke else 8),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: prove the benchmarks run")
    args = parser.parse_args()
    results = run(args.smoke)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for result in results:
            print(f"{result['name']}: {result['value']} {result['unit']} (vs {result['baseline']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
