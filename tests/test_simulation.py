"""The core's simulation support: the simulator registry, the balance round robin, its table and chart."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import bbcore
from bbcore.balance_chart import BAR_COLOUR, PNG_SCALE, Bar, balance_png, balance_svg, chart_of
from bbcore.errors import PluginError, UsageError
from bbcore.model.team import Team, TeamPlayer
from bbcore.simulation import ORPHAN_CHECK_SECONDS, SimulatorRegistrar, balance, balance_table, simulator_for, wilson
from bbcore.testing import MakeRuleset


class CoinFlips:
    """A fake game: the home team always wins 2-0 in one arc each way, unless it is called Loser."""

    policies = ("coin",)

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []

    def play(self, ruleset: object, home: Team, away: Team, policies: tuple[str, str], seed: int) -> Mapping[str, Any]:
        self.calls.append((home.name, away.name, seed))
        winner = 1 if home.name == "Loser" else 0
        arcs = [{"attacker": winner, "points": 2}, {"attacker": 1 - winner, "points": 0}]
        score = [2, 0] if winner == 0 else [0, 2]
        return {"teams": [{"name": home.name}, {"name": away.name}], "score": score, "winner": winner, "arcs": arcs}

    def summary(self, matches: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
        return {"matches": len(matches)}


def team(name: str) -> Team:
    return Team(name=name, players=(TeamPlayer(name="x", position="human/human-lineman"),))


def test_wilson_intervals_are_honest_at_the_edges() -> None:
    none = wilson(0, 10)
    assert none.value == 0.0
    assert none.low == 0.0
    assert 0.2 < none.high < 0.35
    half = wilson(50, 100)
    assert half.low < 0.5 < half.high
    assert half.high - half.low < wilson(5, 10).high - wilson(5, 10).low, "more matches, a narrower interval"


def test_a_round_robin_plays_each_pairing_both_ways_and_counts_wins() -> None:
    fake = CoinFlips()
    teams = [team("Winner"), team("Loser"), team("Other")]
    report = balance(bbcore.load_ruleset(), teams, matches=4, policies=("coin", "coin"), seed=10, simulator=fake)
    assert len(fake.calls) == 3 * 4
    pairs = {(h, a) for h, a, _ in fake.calls}
    assert ("Winner", "Loser") in pairs
    assert ("Loser", "Winner") in pairs, "half the matches with each team at home"
    assert [s for _, _, s in fake.calls] == list(range(10, 22))
    loser = next(t for t in report.teams if t.name == "Loser")
    assert loser.won == 0
    assert loser.played == 8
    winner = next(t for t in report.teams if t.name == "Winner")
    # Every match against the Loser, and the two at home against the Other.
    assert winner.won == 6
    assert winner.points_per_attack > loser.points_per_attack
    # The Winner scores in every match it wins (one attack of two each match); the Loser never does.
    assert (winner.scored, loser.scored) == (6, 0)
    assert loser.scoring_rate.value == 0.0
    assert winner.scoring_rate.value == pytest.approx(6 / winner.attacks)
    assert (report.matches, report.arcs_per_match) == (12, 2.0)
    text = balance_table(report)
    assert "Winner" in text
    assert "95% interval" in text
    svg = balance_svg(report)
    assert svg.startswith("<svg")
    assert svg.count("<rect") == 3


def test_the_png_chart_draws_each_bar_as_long_as_its_win_rate() -> None:
    from PIL import Image

    teams = [team("Winner"), team("Loser"), team("Other")]
    report = balance(bbcore.load_ruleset(), teams, matches=4, policies=("coin", "coin"), simulator=CoinFlips())
    chart = chart_of(report)
    image = Image.open(io.BytesIO(balance_png(report))).convert("RGB")
    assert image.size == (chart.width * PNG_SCALE, chart.height * PNG_SCALE)
    blue = tuple(int(BAR_COLOUR[i : i + 2], 16) for i in (1, 3, 5))
    bars = [mark for mark in chart.marks if isinstance(mark, Bar)]
    assert len(bars) == 3
    for drawn, listed in zip(bars, report.teams, strict=True):
        # A quarter of the bar's height down (clear of the interval's line), inside and just past its end.
        y = round((drawn.y + drawn.height / 4) * PNG_SCALE)
        end = (drawn.x + drawn.width) * PNG_SCALE
        assert drawn.width == pytest.approx(listed.win_rate.value * 360, abs=0.1)
        if listed.win_rate.value > 0:
            assert image.getpixel((round(end) - 3, y)) == blue
        assert image.getpixel((round(end) + 3, y)) == (255, 255, 255)


def test_without_pillow_a_png_chart_is_a_clear_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)
    report = balance(bbcore.load_ruleset(), [team("A"), team("B")], matches=1, policies=("coin", "coin"), simulator=CoinFlips())
    with pytest.raises(UsageError, match=r"needs Pillow: pip install 'bbcore\[png\]'"):
        balance_png(report)


def test_a_balance_report_says_which_rules_it_was_played_under() -> None:
    teams = [team("Winner"), team("Loser")]
    one = balance(bbcore.load_ruleset(), teams, matches=1, policies=("coin", "coin"), simulator=CoinFlips())
    assert balance_table(one).splitlines()[-1].startswith("1 match a pairing, coin against coin")
    plain = one.to_json()
    assert plain["rules"] == {"variant": None, "packs": [], "options": {"play": "any"}, "amendments": []}
    packed = bbcore.load_ruleset(None, ["bb2020"])
    report = balance(packed, teams, matches=1, policies=("coin", "coin"), simulator=CoinFlips()).to_json()
    assert report["rules"]["packs"] == ["bb2020"]
    assert report["rules"]["options"] == dict(packed.options)


def test_a_balance_needs_two_teams_and_a_match() -> None:
    with pytest.raises(UsageError, match="two teams"):
        balance(bbcore.load_ruleset(), [team("A")], matches=1, policies=("coin", "coin"), simulator=CoinFlips())
    with pytest.raises(UsageError, match="at least 1"):
        balance(bbcore.load_ruleset(), [team("A"), team("B")], matches=0, policies=("coin", "coin"), simulator=CoinFlips())


def test_the_core_has_no_simulator() -> None:
    with pytest.raises(UsageError, match=r"no simulator plays 'core' matches; choose a variant that has one with --variant \(.*skurling"):
        simulator_for(bbcore.load_ruleset())


def test_two_simulators_for_one_variant_are_an_error_naming_both() -> None:
    registrar = SimulatorRegistrar()
    registrar.bind("first").simulator("street", CoinFlips())
    with pytest.raises(PluginError, match="'first' and 'second'"):
        registrar.bind("second").simulator("street", CoinFlips())


def test_a_plugin_registers_a_simulator_for_its_variant(make_ruleset: MakeRuleset, tmp_path: object) -> None:
    from pathlib import Path

    root = Path(str(tmp_path))
    fake = CoinFlips()

    class Coins:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: Any) -> None:
            register.variant("coins", root, "a fake game")

        @bbcore.hookimpl
        def bbcore_register_simulators(self, register: Any) -> None:
            register.simulator("coins", fake)

    rules = make_ruleset("coins", plugins=[("coins", Coins())], entry_points=False)
    assert simulator_for(rules) is fake


def test_a_balance_in_processes_needs_the_rulesets_own_simulator_and_a_job() -> None:
    teams = [team("A"), team("B")]
    with pytest.raises(UsageError, match="leave out simulator"):
        balance(bbcore.load_ruleset(), teams, matches=1, policies=("coin", "coin"), simulator=CoinFlips(), jobs=2)
    with pytest.raises(UsageError, match="--jobs must be at least 1"):
        balance(bbcore.load_ruleset(), teams, matches=1, policies=("coin", "coin"), simulator=CoinFlips(), jobs=0)


def test_matches_are_played_one_at_a_time_as_they_are_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    from bbcore.simulation import iter_matches

    made: list[int] = []

    class Counting:
        policies = ("any",)

        def play(self, ruleset: object, home: Team, away: Team, policies: tuple[str, str], seed: int) -> Mapping[str, Any]:
            return {"seed": seed}

        def summary(self, matches: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
            return {}

    def orders() -> Any:
        for seed in range(10**12):  # far too many to list: only those asked for are made
            made.append(seed)
            yield (None, None, ("any", "any"), seed)

    played = iter_matches(bbcore.load_ruleset(), orders(), simulator=Counting())  # type: ignore[arg-type]
    assert next(played) == {"seed": 0}
    assert next(played) == {"seed": 1}
    assert made == [0, 1]


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for listing in Path(f"/proc/{pid}/task").glob("*/children"):
        found.update(int(child) for child in listing.read_text().split())
    return found


def _still_running(pid: int) -> bool:
    """Alive and not a zombie (a finished process nobody has reaped yet)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from Linux's /proc")
def test_worker_processes_end_with_a_parent_killed_outright() -> None:
    """SIGTERM gives the parent no time to shut its pool down; the workers must notice and stop on their own."""
    argv = [sys.executable, "-m", "bbcore", "simulate", "--variant", "skurling", "--matches", "2000", "--jobs", "2"]
    parent = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) == 2, "the pool never started"
        parent.send_signal(signal.SIGTERM)
        parent.wait(timeout=10)
        deadline = time.monotonic() + 10 * ORPHAN_CHECK_SECONDS + 5
        while any(map(_still_running, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_still_running, workers))
    finally:
        parent.kill()
        for pid in filter(_still_running, workers):
            os.kill(pid, signal.SIGKILL)
