"""Whole Skurling matches played by automatic coaches, through the same engine a tracker drives.

:func:`play` runs the pre-match sequence, then arc after arc until the match is over:
every question on the way (the lane, the roles, the defenders' set-up, the throw, each
action, each block face and re-roll, the Ding-Dong...) goes to the teams' policies
through a :class:`~bbcore_skurling.policies.PolicyCoach`. The rules' dice are seeded
from ``seed`` and every roll is recorded, as is every answer, so :func:`replay` plays
the same match again from the record and must reach the same final state.

:func:`summarise` turns many matches into win rates, points per arc and how the arcs
ended (the Stooge's state, catches, Ding-Dongs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import permutations
from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, ScriptedDice, SeededDice
from bbcore.errors import UsageError
from bbcore.rules.board import Square
from bbcore.rules.events import Event
from bbcore.teams.valuation import value_team
from bbcore_skurling.arc import CUDDLER, GOON, STOOGE, THROW, WHACKER, Action, ArcState, SecondHit, Throw, Touch, apply
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.league_play import substitute, take_on_journeymen
from bbcore_skurling.legal import actions_for, declarations
from bbcore_skurling.match import (
    MatchState,
    Side,
    attacker_placements,
    bring_in,
    finish_arc,
    journeyman_miniature,
    match_json,
    side_from_team,
    start_arc,
    start_match_after,
)
from bbcore_skurling.policies import Policy, PolicyCoach, Replay, View, make_policy
from bbcore_skurling.prematch import Side as PreMatchSide
from bbcore_skurling.prematch import run_pre_match
from bbcore_skurling.tools import BEFORE_THROW, tools_at

if TYPE_CHECKING:
    from bbcore.model.team import Team
    from bbcore.ruleset import Ruleset

#: The two team keys on the board: the first team given is home.
KEYS = ("home", "away")

#: A match still level after this many arcs is stopped and reported unfinished (a guard against endless ties).
MAX_ARCS = 400

#: The two wide zones the attacker chooses between: the same lane to the rules, so the choice is recorded only.
LANES = ("left", "right")


class RecordingDice:
    """Seeded dice that write down every roll, so that a match can be replayed with :class:`ScriptedDice`."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.rolls: list[int] = []

    def roll(self, sides: int) -> int:
        value = self.source.roll(sides)
        self.rolls.append(value)
        return value


@frozen
class Played:
    """One simulated match: its final state, the answers given, the dice rolled, and the actions taken."""

    match: MatchState
    answers: tuple[tuple[str, int], ...]
    rolls: tuple[int, ...]
    actions: int
    seed: int
    policies: tuple[str, str]
    finished: bool

    def to_json(self) -> dict[str, Any]:
        """The match as ``bbcore simulate --json`` prints it, with the seed and the policies."""
        return {**match_json(self.match), "seed": self.seed, "policies": list(self.policies), "finished": self.finished}


def role_assignments(side: Side, fielded: Sequence[str], ruleset: Ruleset) -> list[dict[str, str]]:
    """Every legal way to hand out the roles to the fielded five, the side's own roles first.

    The Right Stuff miniature is the Stooge; the other four share the Whackers, the Goon
    and the Cuddler, with at least one Whacker able to throw him and no No Ball
    miniature as the Cuddler.
    """
    counts = arc_rules(ruleset).roles.counts()
    building = building_rules(ruleset)
    skills = {pid: side.player(pid).skill_ids(ruleset) for pid in fielded}
    stooges = [pid for pid in fielded if building.stooge_skill in skills[pid]]
    if len(stooges) != counts[STOOGE]:
        raise UsageError(f"{side.name} fields {len(stooges)} Right Stuff miniatures; a Skurling team fields exactly one")
    others = [pid for pid in fielded if pid not in stooges]
    slots = [role for role in (WHACKER, GOON, CUDDLER) for _ in range(counts[role])]
    found: list[dict[str, str]] = []
    for order in sorted(set(permutations(slots))):
        roles = {stooges[0]: STOOGE, **dict(zip(others, order, strict=True))}
        throwers = [pid for pid, role in roles.items() if role == WHACKER and building.thrower_skill in skills[pid]]
        no_hands = [pid for pid, role in roles.items() if role == CUDDLER and skills[pid] & set(building.never_cuddler_skills)]
        if throwers and not no_hands and roles not in found:
            found.append(roles)
    if not found:
        # Every thrower is hurt (a league match): hand the roles out anyway; nobody can throw this arc.
        found = [{stooges[0]: STOOGE, **dict(zip(others, order, strict=True))} for order in sorted(set(permutations(slots)))][:1]
    own = dict(side.roles)
    if own in found:
        found.remove(own)
        found.insert(0, own)
    return found


def formations(ruleset: Ruleset, goon_square: Square, defenders: Sequence[str]) -> list[dict[str, Square]]:
    """Ways for the defender to set up on its half: always one right in front of the Goon."""
    pitch = ruleset.pitch
    half, width = pitch.length // 2, pitch.width
    gx, gy = goon_square
    front = (gx + arc_rules(ruleset).setup.in_front_of_goon, gy)
    others = [(x, y) for x in range(half, pitch.length - 1) for y in range(width) if (x, y) not in (front, goon_square)]
    shapes = [
        [s for s in others if s[0] == front[0]] + [s for s in others if s[0] == front[0] + 2],  # a wall across the lane
        [s for s in others if s[1] == gy and s[0] > front[0]],  # a column down the Stooge's row
        [s for s in others if s[0] == pitch.length - 3],  # a back line before the end zone
    ]
    found = []
    for shape in shapes:
        squares = [front, *shape][: len(defenders)]
        if len(squares) == len(defenders):
            found.append(dict(zip(defenders, squares, strict=True)))
    return found


class _Match:
    """One simulated match in progress: the rules, the dice, the coach."""

    def __init__(self, ruleset: Ruleset, coach: PolicyCoach, dice: DiceSource) -> None:
        self.ruleset = ruleset
        self.coach = coach
        self.dice = dice
        self.actions = 0

    def set_up(self, match: MatchState) -> tuple[MatchState, ArcState]:
        """The next arc's set-up; in a league, the bench and then Journeymen first fill places the injured left empty."""
        ruleset, coach = self.ruleset, self.coach
        for index in (0, 1):
            match = self.fill_places(match, index)
            match = self.substitute(match, index)
        attacking, defending = match.sides[match.next_attacker], match.sides[1 - match.next_attacker]
        out = match.out_of_play()
        fielded = self.fielded_five(attacking, out)
        coach.ask("lane", attacking.key, LANES)
        roles = coach.ask("roles", attacking.key, role_assignments(attacking, fielded, ruleset))
        squares = attacker_placements(ruleset, roles)
        goon = next(pid for pid, role in roles.items() if role == GOON)
        able = [
            p.id
            for p in defending.players
            if p.id not in out and defending.may_take_the_lane(p.id) and not p.has(ruleset, building_rules(ruleset).stooge_skill)
        ]
        defenders = able[: arc_rules(self.ruleset).setup.defenders]
        squares.update(coach.ask("formation", defending.key, formations(ruleset, squares[goon], defenders)))
        return match, start_arc(ruleset, match, roles, squares)

    def fielded_five(self, side: Side, out: frozenset[str]) -> list[str]:
        """The side's able miniatures who take the field: one Right Stuff miniature and four others.

        Those fielded now (in a league, the five declared for the match and the substitutes
        brought in since) come first, then those with a role in the team file; the rest of the
        roster, then Journeymen, stand in for the hurt, in team file order.
        """
        able = sorted((p.id for p in side.players if p.id not in out), key=lambda pid: (pid not in side.fielded, pid not in side.roles))
        stooges = [pid for pid in able if side.player(pid).has(self.ruleset, building_rules(self.ruleset).stooge_skill)]
        others = [pid for pid in able if pid not in stooges]
        return stooges[:1] + others[: sum(arc_rules(self.ruleset).roles.counts().values()) - 1]

    def substitute(self, match: MatchState, index: int) -> MatchState:
        """In a league, the coach fills the places of fielded miniatures removed from the lane
        (:func:`~bbcore_skurling.league_play.substitute`: the bench first, then Journeymen) and they are
        brought in (:func:`~bbcore_skurling.match.bring_in`); nothing for a side that declared no five."""
        side = match.sides[index]
        out = match.out_of_play()
        leaving = [pid for pid in side.fielded if pid in out]
        if not leaving:
            return match
        stooge_skill = building_rules(self.ruleset).stooge_skill
        bench = [pid for pid in self.fielded_five(side, out) if pid not in side.fielded]
        bench += [p.id for p in side.players if p.id not in out and p.id not in side.fielded and p.id not in bench]
        bench = [pid for pid in bench if side.player(pid).headliner is None]  # a Headliner never comes on later
        substitution = substitute(
            self.ruleset,
            side.key,
            removed={pid: side.player(pid).has(self.ruleset, stooge_skill) for pid in leaving},
            bench={pid: side.player(pid).has(self.ruleset, stooge_skill) for pid in bench},
            goon_roster=self.goon_roster(side),
            decisions=self.coach,
            taken=[p.id for p in side.players],
        )
        return bring_in(self.ruleset, match, index, substitution)

    def goon_roster(self, side: Side) -> str:
        """The roster Journeymen come from: the Goon's (the side's own record of it, else its Goon's or first player's)."""
        goon = next((pid for pid, role in side.roles.items() if role == GOON), None)
        return side.goon_roster or (side.player(goon) if goon else side.players[0]).position.split("/", 1)[0]

    def fill_places(self, match: MatchState, index: int) -> MatchState:
        """Take on Journeymen for a side with fewer than five able miniatures, or without an able Stooge.

        A league side calls on its bench first (:meth:`substitute`); once the roster is used up a
        Journeyman (Loner) takes each empty place, from the Goon's roster, or the cheapest Right Stuff
        position for the Stooge, who is taken on whenever no able miniature has Right Stuff.
        """
        side = match.sides[index]
        out = match.out_of_play()
        able = [p for p in side.players if p.id not in out]
        needed = sum(arc_rules(self.ruleset).roles.counts().values()) - len(able)
        stooge_missing = not any(p.has(self.ruleset, building_rules(self.ruleset).stooge_skill) for p in able)
        if needed <= 0 and not stooge_missing:
            return match
        needed = max(needed, 1)
        hired, _ = take_on_journeymen(
            self.ruleset,
            side.key,
            goon_roster=self.goon_roster(side),
            count=needed,
            stooge=stooge_missing,
            decisions=self.coach,
            taken=[p.id for p in side.players],
        )
        newcomers = tuple(journeyman_miniature(j) for j in hired)
        sides = list(match.sides)
        sides[index] = attrs.evolve(side, players=(*side.players, *newcomers))
        return attrs.evolve(match, sides=(sides[0], sides[1]))

    def throw(self, arc: ArcState, chosen: Throw) -> Throw:
        """Ask the helmet, the inducements put on before the throw and the tools used on it."""
        coach, rules = self.coach, arc_rules(self.ruleset)
        helmet = None
        if arc.helmet_allowed:
            helmets = [row.id for row in self.ruleset.table(rules.helmets.table).rows]
            helmet = coach.ask("helmet", arc.attacker, [None, rules.helmets.roll, *helmets])
        using = tuple(
            inducement
            for inducement in rules.inducements.before_throw
            if arc.has_inducement(inducement) and coach.use_inducement(arc.attacker, inducement, BEFORE_THROW)
        )
        tools = tuple(tool for tool in tools_at(self.ruleset, arc.tools, BEFORE_THROW) if coach.use_tool(arc.attacker, tool, BEFORE_THROW))
        return Throw(chosen.thrower, chosen.target, helmet, using, tools)

    def choose_action(self, arc: ArcState) -> Action:
        """Ask the active team what it declares (which player, which kind of action), then which exact action."""
        offered = declarations(self.ruleset, arc)
        while True:
            declaration = self.coach.ask("declare", arc.active, offered)
            options = actions_for(self.ruleset, arc, declaration)
            if options:
                return self.coach.ask("action", arc.active, options, declaration=declaration)  # type: ignore[no-any-return]
            offered = [d for d in offered if d != declaration]  # every path was blocked after all

    def play_arc(self, match: MatchState) -> MatchState:
        match, arc = self.set_up(match)
        self.coach.view = View(self.ruleset, match, arc)
        while not arc.over:
            action = self.choose_action(arc)
            if isinstance(action, Throw) and arc.phase == THROW:
                action = self.throw(arc, action)
            self.coach.touching = isinstance(action, Touch | SecondHit)
            arc = apply(self.ruleset, arc, action, self.dice, self.coach, self.coach)
            self.coach.touching = False
            self.coach.view = View(self.ruleset, match, arc)
            self.actions += 1
        return finish_arc(self.ruleset, match, arc, self.dice)


def _pre_match_side(ruleset: Ruleset, key: str, team: Team) -> PreMatchSide:
    inducements = {order.id: order.count for order in team.inducements}
    return PreMatchSide(key, value_team(ruleset, team).team_value, team.treasury, inducements=inducements, team=team)


def play(
    ruleset: Ruleset,
    home: Team,
    away: Team,
    policies: tuple[str, str] = ("scripted", "scripted"),
    seed: int = 0,
    *,
    max_arcs: int = MAX_ARCS,
    agents: tuple[Policy, Policy] | None = None,
    dice: DiceSource | None = None,
) -> Played:
    """Play a whole match between two team files with the named policies; the same seed gives the same match.

    ``agents`` replaces the named policies with policy objects, and ``dice`` the seeded
    dice (both for :func:`replay`).
    """
    recorder = RecordingDice(dice if dice is not None else SeededDice(seed))
    if agents is None:
        agents = (make_policy(policies[0], seed * 2 + 1), make_policy(policies[1], seed * 2 + 2))
    coach = PolicyCoach(ruleset, dict(zip(KEYS, agents, strict=True)))
    sides = (side_from_team(ruleset, home, KEYS[0]), side_from_team(ruleset, away, KEYS[1]))
    pre = run_pre_match(ruleset, _pre_match_side(ruleset, KEYS[0], home), _pre_match_side(ruleset, KEYS[1], away), recorder, coach)
    match = start_match_after(ruleset, pre, sides[0], sides[1])
    runner = _Match(ruleset, coach, recorder)
    while not match.over and len(match.arcs) < max_arcs:
        match = runner.play_arc(match)
    return Played(match, tuple(coach.log), tuple(recorder.rolls), runner.actions, seed, policies, match.over)


def replay(ruleset: Ruleset, home: Team, away: Team, played: Played) -> Played:
    """Play a recorded match again from its answers and its dice; the final state must be the same."""
    answers = Replay(played.answers)
    return play(
        ruleset,
        home,
        away,
        played.policies,
        played.seed,
        max_arcs=len(played.match.arcs),
        agents=(answers, answers),
        dice=ScriptedDice(played.rolls),
    )


def summarise(played: Iterable[Played | Mapping[str, Any]]) -> dict[str, Any]:
    """Win rates, points per arc and how the arcs ended, over many matches (played, or their JSON).

    ``stooge_state`` counts the Stooge's states at the arcs' ends; ``not_thrown`` counts
    the arcs without an opening throw (a league team with no thrower left to play). The
    matches are gone through once and not kept: ``played`` may be a generator.
    """
    total = finished = arcs = not_thrown = caught = ding_dong = scored = 0
    wins: Counter[int] = Counter()
    attacking: Counter[int] = Counter()
    points: Counter[int] = Counter()
    states: Counter[str] = Counter()
    for one in played:
        match = one.to_json() if isinstance(one, Played) else one
        total += 1
        if match["winner"] is not None:
            finished += 1
            wins[match["winner"]] += 1
        for arc in match["arcs"]:
            arcs += 1
            attacking[arc["attacker"]] += 1
            points[arc["attacker"]] += arc["points"]
            if arc["stooge_state"] is None:
                not_thrown += 1
            else:
                states[arc["stooge_state"]] += 1
            caught += bool(arc["caught"])
            ding_dong += bool(arc["ding_dong"])
            scored += bool(arc["points"])
    return {
        "matches": total,
        "finished": finished,
        "win_rate": [wins[i] / total if total else 0.0 for i in (0, 1)],
        "points_per_arc": [points[i] / attacking[i] if attacking[i] else 0.0 for i in (0, 1)],
        "arcs_per_match": arcs / total if total else 0.0,
        "stooge_state": dict(sorted(states.items())),
        "not_thrown": not_thrown,
        "caught": caught,
        "ding_dong": ding_dong,
        "scored": scored,
        "arcs": arcs,
    }


class SkurlingSimulator:
    """Skurling's simulator for ``bbcore simulate`` and ``bbcore balance`` (:class:`bbcore.simulation.Simulator`)."""

    policies: tuple[str, ...] = ("scripted", "random")

    def play(self, ruleset: Ruleset, home: Team, away: Team, policies: tuple[str, str], seed: int) -> Mapping[str, Any]:
        return play(ruleset, home, away, policies, seed).to_json()

    def summary(self, matches: Iterable[Mapping[str, Any]]) -> Mapping[str, Any]:
        return summarise(matches)


def events_of(played: Played) -> list[Event]:
    """Every event of the match, arc by arc."""
    return [event for arc in played.match.arcs for event in arc.events]
