"""Whole matches played by automatic coaches, for the variants that can: the simulators and the balance report.

A variant that can play a whole match automatically registers a :class:`Simulator`
through :func:`~bbcore.hookspecs.bbcore_register_simulators`. The core knows nothing of
its game: it asks the simulator to play a match between two teams with two named
policies and a seed, and reads back the match as JSON (the ``bbcore simulate`` contract:
``teams``, ``score``, ``winner``, and ``arcs`` with each arc's ``attacker`` and ``points``).

:func:`balance` plays a round robin between teams, both ways round, and reports each
team's win rate with a 95% confidence interval (Wilson's score interval) and the points
it makes per attack; :func:`balance_table` prints it and :mod:`bbcore.balance_chart` draws it
(SVG or PNG).
"""

from __future__ import annotations

import itertools
import math
import os
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, Protocol

from attrs import field, frozen

from bbcore.errors import PluginError, UsageError

if TYPE_CHECKING:
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


class Simulator(Protocol):
    """What a variant provides to play its matches automatically."""

    #: The policies (automatic coaches) it offers, by name; the first is the default.
    policies: tuple[str, ...]

    def play(self, ruleset: Ruleset, home: Team, away: Team, policies: tuple[str, str], seed: int) -> Mapping[str, Any]:
        """Play one match and return it as the ``bbcore simulate --json`` document; the same seed, the same match."""
        ...

    def summary(self, matches: Iterable[Mapping[str, Any]]) -> Mapping[str, Any]:
        """Sum many matches up (win rates, points per attack, and whatever else the game counts).

        ``matches`` may be a generator (:func:`iter_matches`): go through it once, keeping counts, not the matches.
        """
        ...


class SimulatorRegistrar:
    """Passed to :func:`~bbcore.hookspecs.bbcore_register_simulators`; collects one simulator per variant."""

    def __init__(self) -> None:
        self.simulators: dict[str, tuple[str, Simulator]] = {}
        self._plugin = ""

    def bind(self, plugin: str) -> SimulatorRegistrar:
        self._plugin = plugin
        return self

    def simulator(self, variant: str, simulator: Simulator) -> None:
        """Register the simulator of a variant; a second one for the same variant is an error naming both plugins."""
        if variant in self.simulators:
            raise PluginError(f"plugins {self.simulators[variant][0]!r} and {self._plugin!r} both register a simulator for {variant!r}")
        self.simulators[variant] = (self._plugin, simulator)


def simulator_for(ruleset: Ruleset) -> Simulator:
    """The simulator of the ruleset's variant; ``UsageError`` when it has none."""
    registrar = SimulatorRegistrar()
    for impl in ruleset.hook.bbcore_register_simulators.get_hookimpls():
        try:
            impl.function(register=registrar.bind(impl.plugin_name))
        except PluginError:
            raise
        except Exception as error:
            raise PluginError(
                f"plugin {impl.plugin_name!r} raised in bbcore_register_simulators: {type(error).__name__}: {error}"
            ) from error
    variant = ruleset.variant or "core"
    if variant not in registrar.simulators:
        known = ", ".join(sorted(_installed_simulators())) or "none is installed"
        raise UsageError(f"no simulator plays {variant!r} matches; choose a variant that has one with --variant ({known})")
    return registrar.simulators[variant][1]


def _installed_simulators() -> list[str]:
    """The variants any installed plugin has a simulator for, active in this ruleset or not."""
    from bbcore.plugins import default_host  # noqa: PLC0415 - only asked when a simulator is missing

    registrar = SimulatorRegistrar()
    for impl in default_host().pm.hook.bbcore_register_simulators.get_hookimpls():
        try:
            impl.function(register=registrar.bind(impl.plugin_name))
        except Exception:  # noqa: BLE001, S112 - a broken plugin is reported when it is used, not in this hint
            continue
    return list(registrar.simulators)


@frozen
class Interval:
    """A proportion with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def wilson(successes: float, trials: int) -> Interval:
    """Wilson's score interval for a proportion: honest near 0 and 1 and with few trials."""
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = Z_95 * Z_95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = Z_95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Interval(p, max(0.0, centre - spread), min(1.0, centre + spread))


@frozen
class TeamBalance:
    """One team's record over a round robin."""

    name: str
    played: int
    won: int
    win_rate: Interval
    attacks: int
    points: int
    scored: int = 0

    @property
    def points_per_attack(self) -> float:
        return self.points / self.attacks if self.attacks else 0.0

    @property
    def scoring_rate(self) -> Interval:
        """The share of its attacks that scored, with its 95% interval."""
        return wilson(self.scored, self.attacks)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "played": self.played,
            "won": self.won,
            "win_rate": self.win_rate.to_json(),
            "points_per_attack": self.points_per_attack,
            "attacks": self.attacks,
            "scoring_rate": self.scoring_rate.to_json(),
        }


@frozen
class BalanceReport:
    """A round robin's result: each team's record, and how many matches each pairing played."""

    teams: tuple[TeamBalance, ...]
    matches_per_pairing: int
    policies: tuple[str, str]
    seed: int
    unfinished: int
    matches: int = 0
    arcs: int = 0
    #: The ruleset the matches were played under: variant, packs, options in force, amendment files.
    rules: Mapping[str, Any] = field(factory=dict)

    @property
    def arcs_per_match(self) -> float:
        return self.arcs / self.matches if self.matches else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "teams": [t.to_json() for t in self.teams],
            "matches_per_pairing": self.matches_per_pairing,
            "policies": list(self.policies),
            "seed": self.seed,
            "unfinished": self.unfinished,
            "matches": self.matches,
            "arcs_per_match": self.arcs_per_match,
            "rules": dict(self.rules),
        }


def balance(
    ruleset: Ruleset,
    teams: Sequence[Team],
    *,
    matches: int,
    policies: tuple[str, str],
    seed: int = 0,
    simulator: Simulator | None = None,
    jobs: int = 1,
) -> BalanceReport:
    """Play ``matches`` matches for every pairing, half with each team at home (the home team attacks
    first by the simulator's own rules of who starts), and count wins and points per attack.

    ``jobs`` above 1 plays the matches in that many processes, each loading the same
    ruleset and asking it for its simulator (so ``simulator`` must then be left out);
    every match keeps its own seed, so the report is the same whatever ``jobs`` is.
    """
    if len(teams) < 2:
        raise UsageError("a balance report needs at least two teams")
    if matches < 1:
        raise UsageError("--matches must be at least 1")
    pairings = [
        ((first, second) if index % 2 == 0 else (second, first))
        for first, second in combinations(range(len(teams)), 2)
        for index in range(matches)
    ]
    tasks = [(teams[home], teams[away], policies, seed + number) for number, (home, away) in enumerate(pairings)]
    results = iter_matches(ruleset, tasks, jobs=jobs, simulator=simulator)  # counted as they come, not all held
    played = [0] * len(teams)
    won = [0.0] * len(teams)
    attacks = [0] * len(teams)
    points = [0] * len(teams)
    scored = [0] * len(teams)
    unfinished = 0
    arcs = 0
    for sides, result in zip(pairings, results, strict=True):
        for side in sides:
            played[side] += 1
        winner = result.get("winner")
        if winner is None:
            unfinished += 1
        else:
            won[sides[int(winner)]] += 1
        for arc in result.get("arcs", ()):
            attacker = sides[int(arc["attacker"])]
            attacks[attacker] += 1
            points[attacker] += int(arc["points"])
            scored[attacker] += int(arc["points"]) > 0
            arcs += 1
    records = tuple(
        TeamBalance(team.name, played[i], int(won[i]), wilson(won[i], played[i]), attacks[i], points[i], scored[i])
        for i, team in enumerate(teams)
    )
    rules = {
        "variant": ruleset.variant,
        "packs": list(ruleset.packs),
        "options": dict(ruleset.options),
        "amendments": list(ruleset.amendments),
    }
    return BalanceReport(records, matches, policies, seed, unfinished, len(pairings), arcs, rules)


#: One match to play: home team, away team, the two policies, the seed.
MatchOrder = tuple["Team", "Team", tuple[str, str], int]


def play_matches(
    ruleset: Ruleset, orders: Sequence[MatchOrder], *, jobs: int = 1, simulator: Simulator | None = None
) -> list[Mapping[str, Any]]:
    """Play each match ordered, with ``simulator`` (by default the ruleset's), and return them in order.

    ``jobs`` above 1 plays them in that many processes, each loading the same ruleset and
    asking it for its simulator (so ``simulator`` must then be left out); every match keeps
    its own seed, so the matches are the same whatever ``jobs`` is.
    """
    _check_jobs(jobs, simulator)
    # One match is not worth starting processes for.
    return list(iter_matches(ruleset, orders, jobs=jobs if len(orders) > 1 else 1, simulator=simulator))


def _check_jobs(jobs: int, simulator: Simulator | None) -> None:
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if jobs > 1 and simulator is not None:
        raise UsageError("matches in several processes are played with the ruleset's own simulator: leave out simulator")


def iter_matches(
    ruleset: Ruleset, orders: Iterable[MatchOrder], *, jobs: int = 1, simulator: Simulator | None = None
) -> Iterator[Mapping[str, Any]]:
    """Play the matches ordered one after another, as :func:`play_matches` does, giving each as it is played:
    a summary of many matches then holds one at a time (and ``orders`` may be a generator)."""
    _check_jobs(jobs, simulator)
    if jobs > 1:
        yield from _play_in_processes(ruleset, orders, jobs)
        return
    simulator = simulator or simulator_for(ruleset)
    for order in orders:
        yield simulator.play(ruleset, *order)


class _Worker:
    """The ruleset and simulator of one worker process, loaded once when it starts."""

    ruleset: Ruleset | None = None
    simulator: Simulator | None = None


def _start_worker(parent: int, variant: str | None, packs: tuple[str, ...], options: dict[str, str], amendments: tuple[str, ...]) -> None:
    from bbcore.ruleset import load_ruleset  # noqa: PLC0415 - the worker's own import, in its own process

    # The parent's pid as the parent saw it: one read here could already be a new parent's.
    threading.Thread(target=_exit_when_orphaned, args=(parent,), name="orphan-watch", daemon=True).start()
    _Worker.ruleset = load_ruleset(variant, packs, options, amendments)
    _Worker.simulator = simulator_for(_Worker.ruleset)


#: How often a worker process looks whether the process that started it is still there, in seconds.
ORPHAN_CHECK_SECONDS = 0.5


def _exit_when_orphaned(parent: int) -> None:
    """End this worker once its parent is gone: a parent killed outright (SIGTERM, SIGKILL) cannot shut its pool
    down, and the worker would play out its batch, and wait for more, for nobody."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(1)


def _play_task(task: MatchOrder) -> Mapping[str, Any]:
    assert _Worker.ruleset is not None
    assert _Worker.simulator is not None
    return _Worker.simulator.play(_Worker.ruleset, *task)


def _play_in_processes(ruleset: Ruleset, tasks: Iterable[MatchOrder], jobs: int) -> Iterator[Mapping[str, Any]]:
    """Play the matches in ``jobs`` processes; the results come back in the order of ``tasks``, a batch at a time
    (so neither the orders nor the results of a long run are all held at once)."""
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 - only a parallel balance needs it

    start = (os.getpid(), ruleset.variant, tuple(ruleset.packs), dict(ruleset.options), ruleset.amendments)
    waiting = iter(tasks)
    with ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=start) as pool:
        while batch := list(itertools.islice(waiting, jobs * _TASKS_PER_JOB)):
            yield from pool.map(_play_task, batch, chunksize=max(1, len(batch) // (jobs * 4)))


#: How many matches each process is given at a time: enough to keep it busy, few enough to hold.
_TASKS_PER_JOB = 64


def balance_table(report: BalanceReport) -> str:
    """The report as a plain-text table."""
    rows = [["team", "played", "won", "win rate", "95% interval", "points/attack", "scored"]]
    for team in report.teams:
        interval = f"{team.win_rate.low:.2f}-{team.win_rate.high:.2f}"
        scoring = f"{team.scoring_rate.value:.0%}"
        rows.append(
            [team.name, str(team.played), str(team.won), f"{team.win_rate.value:.2f}", interval, f"{team.points_per_attack:.2f}", scoring]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    policies = " against ".join(report.policies)
    matches = "1 match" if report.matches_per_pairing == 1 else f"{report.matches_per_pairing} matches"
    lines.append(
        f"{matches} a pairing, {policies}, seed {report.seed}; {report.arcs_per_match:.1f} arcs a match; unfinished: {report.unfinished}"
    )
    return "\n".join(lines)
