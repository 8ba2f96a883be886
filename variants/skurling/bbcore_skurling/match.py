"""A Skurling match: arcs in turn, the score, the intervals, and when it ends.

The match keeps what lasts from arc to arc: the score, how many times each team has
attacked, the team re-rolls left until the next interval, the weather and the arcs
played. :func:`start_arc` opens the next arc (the attacker alternates) and
:func:`finish_arc` folds a finished arc back in.

An arc that leaves the two teams level on attacks, with at least one of them at the
target or past it (the arc rules' ``target_points``, lower at a Throwback Night), ends the
match: the team with more points wins, and a tie adds pairs of arcs until it is broken.
After every ``attacks_between_intervals`` attacks each there is an interval: team re-rolls refresh (Throwback Nights have none).

Sidelines limited per match (the Skip, the Brushmaster, the Drillmaster) have their uses
counted per team for the whole match (``MatchState.sidelines_left``, from
:func:`bbcore_skurling.sidelines.match_uses`), handed to each arc the team attacks in and
read back when it ends; an interval does not refresh them. A first match has no sidelines.
A league team's sponsors' tools are kept the same way (``MatchState.tools_left``), each
used once a match (:mod:`bbcore_skurling.tools`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from bbcore.errors import UsageError
from bbcore.rules.board import Status
from bbcore.rules.conditions import row_conditions, table_row, weather_row
from bbcore.rules.events import Event
from bbcore.teams.profiles import current_profile
from bbcore.teams.valuation import value_team
from bbcore_skurling.arc import ArcState, Miniature, set_up
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.building import goon_roster, is_league
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.headliners import headliner
from bbcore_skurling.league_play import Journeyman, Substitution, fielded_problems, fills_the_place, recover_knocked_out
from bbcore_skurling.league_rules import league_rules
from bbcore_skurling.prematch import PreMatch, attribute_table
from bbcore_skurling.prematch import Side as PreMatchSide
from bbcore_skurling.sidelines import match_uses, team_sidelines
from bbcore_skurling.sponsorship import held_sidelines, sponsor_tools
from bbcore_skurling.tools import check_tools

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.rules.board import Square
    from bbcore.ruleset import Ruleset
    from bbcore_skurling.postmatch import LeagueTeam

#: The ``match`` option's values that change how an arc or a match runs.
FIRST_MATCH = "first-match"
THROWBACK = "throwback"
LEAGUE = "league"


@frozen
class Side:
    """One team as the match knows it: the key used on the board, its name, players and re-rolls.

    ``sidelines`` are the ids of the sidelines the team has (bought, and in a league those
    its sponsors provide), ``tools`` the tools its sponsors give (rows of the tools table,
    :mod:`bbcore_skurling.tools`): :func:`side_from_team` reads a team file's, and
    :func:`side_from_league_team` adds what a league team's sponsors give. ``goon_roster`` is
    the roster the team's Goon was taken from
    (``bbcore_skurling.building.goon_roster``): Journeymen come from it.

    ``fielded`` holds, in a league, the miniatures declared for the match (the team file's
    five with a role, the Headliner in the place of one): only they take the lane, until
    :func:`bring_in` lets a substitute or a Journeyman replace one removed from it. Empty,
    every player of the side may play (a one-off side holds just its five).
    """

    key: str
    name: str
    players: tuple[Miniature, ...]
    rerolls: int
    roles: Mapping[str, str] = attrs.field(factory=dict)
    inducements: Mapping[str, int] = attrs.field(factory=dict)
    sidelines: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    goon_roster: str | None = None
    fielded: tuple[str, ...] = ()

    def player(self, player_id: str) -> Miniature:
        return next(p for p in self.players if p.id == player_id)

    def may_take_the_lane(self, player_id: str) -> bool:
        """Whether the miniature is one the side fields now (any of its players when it declared none)."""
        return player_id in self.fielded if self.fielded else any(p.id == player_id for p in self.players)


def side_from_team(ruleset: Ruleset, team: Team, key: str) -> Side:
    """A side from a team file: players get ids ``<key>-<n>`` by their place in the file; the file's roles are the
    first arc's; the sidelines are those its ``staff`` lists. A player whose advancements, lasting injuries or gained
    skills changed him plays as he is now (:func:`bbcore.teams.profiles.current_profile`). A miniature who may not play
    this match (Miss Next Game, Temporarily Retired) is left off the side, so nobody fields him as a substitute."""
    playing = [(n, p) for n, p in enumerate(team.players, start=1) if p.available]
    players = tuple(Miniature(f"{key}-{n}", p.position, profile=current_profile(ruleset, p) if _changed(p) else None) for n, p in playing)
    roles = {mini.id: p.role for mini, (_, p) in zip(players, playing, strict=True) if p.role}
    inducements = {order.id: order.count for order in team.inducements}
    sidelines = team_sidelines(ruleset, team)
    # In a league the five with a role are those declared for the match; the rest of the roster waits on the bench.
    fielded = tuple(roles) if is_league(ruleset.options) else ()
    return Side(
        key, team.name, players, team.rerolls, roles, inducements, sidelines, goon_roster=goon_roster(ruleset, team), fielded=fielded
    )


def _changed(player: TeamPlayer) -> bool:
    """Whether the team file changed the player from his position's profile."""
    return bool(player.advancements or player.lasting_injuries or player.gained_skills)


def side_from_league_team(ruleset: Ruleset, team: LeagueTeam, key: str) -> Side:
    """A league team's side (:func:`side_from_team` of its team file) with what its sponsors give: their
    sidelines beside those bought, their tools, and the Headliner lent for this match, who joins the
    players as ``<key>-<headliner id>`` with his own profile.

    The Headliner is declared with the five (``LeagueTeam.headliner_for`` names the miniature whose
    place and role he takes, who then waits on the bench): the five must then still hold exactly one
    Right Stuff miniature and a thrower (``bbcore_skurling.league_play.fielded_problems``), or a
    :class:`~bbcore.errors.UsageError` lists what is wrong. Not declared, he waits on the bench and
    does not play (:func:`bring_in` never brings him on).
    """
    side = side_from_team(ruleset, team.team, key)
    side = attrs.evolve(side, sidelines=held_sidelines(side.sidelines, team.sponsors), tools=sponsor_tools(team.sponsors))
    if team.headliner is None:
        if team.headliner_for is not None:
            raise UsageError(f"team {team.id!r} names {team.headliner_for!r} for a Headliner's place, but has no Headliner")
        return side
    guest = Miniature(f"{key}-{team.headliner}", team.headliner, headliner=headliner(ruleset, team.headliner))
    side = attrs.evolve(side, players=(*side.players, guest))
    if team.headliner_for is None:
        return side
    names = {p.name: f"{key}-{n}" for n, p in enumerate(team.team.players, start=1)}
    replaced = names.get(team.headliner_for)
    if replaced is None or replaced not in side.fielded:
        raise UsageError(f"the Headliner takes the place of one of the five fielded, and {team.headliner_for!r} is not one of them")
    fielded = tuple(guest.id if pid == replaced else pid for pid in side.fielded)
    roles = {(guest.id if pid == replaced else pid): role for pid, role in side.roles.items()}
    problems = fielded_problems(ruleset, {pid: side.player(pid).skill_ids(ruleset) for pid in fielded})
    if problems:
        raise UsageError(f"with the Headliner in {team.headliner_for}'s place: " + "; ".join(problems))
    return attrs.evolve(side, fielded=fielded, roles=roles)


def pre_match_side_from_league_team(ruleset: Ruleset, team: LeagueTeam, key: str, team_value: int | None = None) -> PreMatchSide:
    """A league team as the pre-match sequence sees it: its Treasury, Dedicated Fans, the Headliner lent
    for this match, and every sideline it holds, bought or sponsored (a sponsor's Mob or Pebbler works
    there too). ``team_value`` is the league's Team Value of its team file (``bbcore.value_team``),
    worked out when not given."""
    if team_value is None:
        team_value = value_team(ruleset, team.team).team_value
    sidelines = held_sidelines(team_sidelines(ruleset, team.team), team.sponsors)
    return PreMatchSide(
        key, team_value, team.treasury, dedicated_fans=team.dedicated_fans, headliner=team.headliner, team=team.team, sidelines=sidelines
    )


@frozen
class ArcResult:
    """What one finished arc left behind (the ``arcs`` entries of ``bbcore simulate --json``).

    ``stooge_state`` is None for an arc in which the Stooge was never thrown: a league
    team whose every thrower was out of play has no opening throw, and the arc scores 0.
    """

    number: int
    attacker: int
    points: int
    stooge_state: str | None
    caught: bool
    ding_dong: bool
    turns: int
    events: tuple[Event, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "attacker": self.attacker,
            "points": self.points,
            "stooge_state": self.stooge_state,
            "caught": self.caught,
            "ding_dong": self.ding_dong,
            "turns": self.turns,
            "events": [e.to_json() for e in self.events],
        }


@frozen
class MatchState:
    """A match between two sides; ``first_attacker`` is the index of the side that attacks first.

    ``weather`` is the row in force of the table filling the ``weather`` role; ``lane``
    the (table id, row id) pairs in force for the whole match, such as the Pebblemuck
    attribute. ``inducements_left`` counts each side's inducement uses until the next
    interval; ``helmet_used`` whether each side has declared its helmet, and
    ``rolled_helmets`` the helmet a side rolled, which its Stooge keeps on.
    ``sidelines_left`` counts each side's uses left of its sidelines limited per match, and
    ``tools_left`` lists each side's tools not yet used (a tool is used once a match).
    """

    sides: tuple[Side, Side]
    first_attacker: int = 0
    score: tuple[int, int] = (0, 0)
    attacks: tuple[int, int] = (0, 0)
    rerolls: tuple[int, int] = (0, 0)
    arcs: tuple[ArcResult, ...] = ()
    intervals: tuple[int, ...] = ()
    target: int = 0
    interval_every: int | None = None
    landing_events: bool = True
    weather: str | None = None
    lane: tuple[tuple[str, str], ...] = ()
    inducements_left: tuple[Mapping[str, int], Mapping[str, int]] = ({}, {})
    helmets: bool = False
    inducements_allowed: bool = True
    helmet_used: tuple[bool, bool] = (False, False)
    rolled_helmets: tuple[str | None, str | None] = (None, None)
    sidelines_left: tuple[Mapping[str, int], Mapping[str, int]] = ({}, {})
    tools_left: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    fan_factors: tuple[int, int] | None = None
    injuries_last: bool = False
    knocked_out: frozenset[str] = frozenset()
    casualties: frozenset[str] = frozenset()

    def out_of_play(self) -> frozenset[str]:
        """Miniatures who may not take the field in the next arc (a league match only): knocked out or casualties."""
        return self.knocked_out | self.casualties

    @property
    def next_attacker(self) -> int:
        return (self.first_attacker + len(self.arcs)) % 2

    @property
    def over(self) -> bool:
        return match_over(self.score, self.attacks, self.target)

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        return 0 if self.score[0] > self.score[1] else 1


def match_over(score: tuple[int, int], attacks: tuple[int, int], target: int) -> bool:
    """Both teams have attacked equally, one has reached ``target``, and the score is not tied."""
    return attacks[0] == attacks[1] and max(score) >= target and score[0] != score[1]


def start_match(
    ruleset: Ruleset,
    home: Side,
    away: Side,
    first_attacker: int = 0,
    *,
    weather: str | None = None,
    lane: Sequence[tuple[str, str]] = (),
) -> MatchState:
    """A match about to start; the ``match`` option says if it is a first match or a Throwback Night match.

    A Throwback Night match is played to its own target with no interval (the numbers
    in ``data/rules/throwback.yaml``); a first match skips the landing events. Stooge
    helmets need the ``helmets`` option on, and are never worn at a Throwback Night.
    ``weather`` and ``lane`` come from the pre-match sequence
    (:func:`bbcore_skurling.prematch.run_pre_match`). Each side's sidelines limited per
    match get their uses, and its tools their one use each, except in a first match, which
    has neither.
    """
    rules = arc_rules(ruleset)
    for side in (home, away):
        if side.tools:
            check_tools(ruleset, side.tools, side.key)
    kind = ruleset.options.get("match", "")
    target, every = rules.target_points, rules.attacks_between_intervals
    interval_every: int | None = every
    if kind == THROWBACK:
        from bbcore_skurling.throwback_rules import throwback_rules  # noqa: PLC0415 - only Throwback Nights need it

        target, interval_every = throwback_rules(ruleset).match.target_points, None
    return MatchState(
        sides=(home, away),
        first_attacker=first_attacker,
        rerolls=(home.rerolls, away.rerolls),
        target=target,
        interval_every=interval_every,
        landing_events=kind != FIRST_MATCH,
        weather=weather,
        lane=tuple(lane),
        # A first match is played without inducements, whatever the team files hold.
        inducements_left=({}, {}) if kind == FIRST_MATCH else (dict(home.inducements), dict(away.inducements)),
        inducements_allowed=kind != FIRST_MATCH,
        sidelines_left=({}, {}) if kind == FIRST_MATCH else (match_uses(ruleset, home.sidelines), match_uses(ruleset, away.sidelines)),
        tools_left=((), ()) if kind == FIRST_MATCH else (home.tools, away.tools),
        helmets=ruleset.options.get("helmets") == "on" and kind != THROWBACK,
        injuries_last=kind == LEAGUE,
    )


def start_match_after(ruleset: Ruleset, pre: PreMatch, home: Side, away: Side) -> MatchState:
    """A match set up from the pre-match sequence: the first attacker, the weather, the lane's
    preparation, the Fan Factors and the inducements each side now holds.

    ``pre.sides`` are taken in the order ``home``, ``away``.
    """
    ids = [side.id for side in pre.sides]
    if pre.first_attacker not in ids:
        raise UsageError(f"the pre-match names {pre.first_attacker!r} as first attacker, not one of {ids}")
    lane: list[tuple[str, str]] = []
    if pre.pebblemuck is not None:
        preparation = ruleset.table(league_rules(ruleset).prematch.pebblemuck_table).row(pre.pebblemuck.preparation)
        lane.append((attribute_table(ruleset, preparation).id, pre.pebblemuck.attribute))
    stocked = [attrs.evolve(side, inducements=dict(bought.inducements)) for side, bought in zip((home, away), pre.sides, strict=True)]
    match = start_match(ruleset, stocked[0], stocked[1], ids.index(pre.first_attacker), weather=pre.weather, lane=lane)
    if pre.fan_factors is not None:
        match = attrs.evolve(match, fan_factors=(pre.fan_factors[ids[0]], pre.fan_factors[ids[1]]))
    return match


def start_arc(ruleset: Ruleset, match: MatchState, roles: Mapping[str, str], placements: Mapping[str, Square]) -> ArcState:
    """Set up the next arc: the side whose turn it is to attack hands out ``roles`` and both sides place their players."""
    if match.over:
        raise UsageError("the match is over")
    attacking = match.next_attacker
    attacker, defender = match.sides[attacking], match.sides[1 - attacking]
    barred = sorted(pid for pid in placements if pid in match.out_of_play())
    if barred:
        raise UsageError(f"out of play until they recover or the match ends: {', '.join(barred)}; put substitutes in")
    benched = sorted(pid for side in match.sides for pid in placements if _on(side, pid) and not side.may_take_the_lane(pid))
    if benched:
        raise UsageError(
            f"not among the miniatures fielded for this match: {', '.join(benched)}; "
            "one comes in only for a miniature removed from the lane (bring_in)"
        )
    rerolls = (match.rerolls[attacking], match.rerolls[1 - attacking])
    return set_up(
        ruleset,
        len(match.arcs) + 1,
        (attacker.key, attacker.players),
        (defender.key, defender.players),
        roles,
        placements,
        rerolls=rerolls,
        landing_events=match.landing_events,
        weather=match.weather,
        conditions=match_conditions(ruleset, match),
        inducements=match.inducements_left[attacking],
        sidelines=match.sidelines_left[attacking],
        tools=match.tools_left[attacking],
        helmet_allowed=match.helmets and not match.helmet_used[attacking],
        helmet=match.rolled_helmets[attacking],
        fan_factors=(match.fan_factors[attacking], match.fan_factors[1 - attacking]) if match.fan_factors else (0, 0),
        require_thrower=not match.injuries_last,
    )


def _on(side: Side, player_id: str) -> bool:
    return any(p.id == player_id for p in side.players)


def journeyman_miniature(journeyman: Journeyman) -> Miniature:
    """The miniature a Journeyman plays as: his position, with the skills he is taken on with (Loner)."""
    return Miniature(journeyman.id, journeyman.position, {ref.id: ref.value for ref in journeyman.skills})


def bring_in(ruleset: Ruleset, match: MatchState, index: int, substitution: Substitution) -> MatchState:
    """The side ``index`` (0 or 1) after a substitution at the start of an arc
    (``bbcore_skurling.league_play.substitute``): each replacement takes a removed miniature's place among
    those fielded, and Journeymen taken on join the side.

    A place must be one of the fielded miniatures out of play (knocked out or a casualty), and its
    replacement a miniature of the side able to play and not fielded (never a Headliner lent who was
    not declared with the five), or one of the Journeymen, each filling one place, a Right Stuff
    miniature exactly where one left; anything else raises a
    :class:`~bbcore.errors.UsageError` naming every fault. A side that declared no five (a one-off
    match) has nothing to replace.
    """
    side = match.sides[index]
    newcomers = tuple(journeyman_miniature(j) for j in substitution.journeymen)
    players = (*side.players, *newcomers)
    by_id = {p.id: p for p in players}
    known = by_id.keys()
    out = match.out_of_play()
    faults = []
    if not side.fielded:
        faults.append(f"side {side.key!r} declared no five for the match: every miniature may play, none is brought in")
    stooge_skill = building_rules(ruleset).stooge_skill
    counted = Counter(substitution.replacements.values())
    for place, replacement in substitution.replacements.items():
        if place not in side.fielded or place not in out:
            faults.append(f"{place} is not a fielded miniature removed from the lane")
        if replacement not in known or replacement in side.fielded or replacement in out:
            faults.append(f"{replacement} is not a miniature of side {side.key!r} able to come in")
        elif by_id[replacement].headliner is not None:
            # The seed declares a Headliner with the five, in one of their places: never as a substitute.
            faults.append(f"{replacement} is a Headliner: he plays only when declared with the five, never coming on later")
        elif counted[replacement] > 1:
            faults.append(f"{replacement} cannot fill {counted[replacement]} places")
        elif place in known and not fills_the_place(by_id[place].has(ruleset, stooge_skill), by_id[replacement].has(ruleset, stooge_skill)):
            faults.append(f"{replacement} cannot take {place}'s place: only a Right Stuff miniature replaces one, and only one")
    if faults:
        raise UsageError("; ".join(faults))
    fielded = tuple(substitution.replacements.get(pid, pid) for pid in side.fielded)
    sides = list(match.sides)
    sides[index] = attrs.evolve(side, players=players, fielded=fielded)
    return attrs.evolve(match, sides=(sides[0], sides[1]))


def match_conditions(ruleset: Ruleset, match: MatchState) -> dict[str, int]:
    """The lane's test modifiers for everybody: the weather's and the preparation's."""
    rows = [weather_row(ruleset, match.weather)]
    rows.extend(table_row(ruleset, table, row) for table, row in match.lane)
    return row_conditions(rows)


def finish_arc(ruleset: Ruleset, match: MatchState, arc: ArcState, dice: DiceSource | None = None) -> MatchState:
    """Fold a finished arc into the match: score, attacks, re-rolls and sideline uses left, weather, injuries, and any interval.

    In a league match the injured stay out: casualties for the rest of the match, and the
    knocked-out until they pass a recovery roll at the end of an arc (``dice`` needed). In a
    one-off match everybody is back for the next arc.

    The Stooge's states (stunned, KO, casualty) only score: within an arc he is never
    removed. He is hurt as anyone is only by a real injury roll, which the armour roll
    after a Ding-Dong landing (or a Cuddler who eats him) can bring once the arc is over;
    in a league he then goes to the KO or Casualty box and the next arc needs another
    Right Stuff miniature.
    """
    if not arc.over:
        raise UsageError(f"arc {arc.number} is not over")
    knocked_out, casualties = match.knocked_out, match.casualties
    recovery: tuple[Event, ...] = ()
    if match.injuries_last:
        if dice is None:
            raise UsageError("a league match needs dice at the end of an arc for the knocked-out to recover")
        knocked_out, casualties, recovery = _injuries_after(ruleset, match, arc, dice)
    attacking = match.next_attacker
    score = list(match.score)
    score[attacking] += arc.points
    attacks = list(match.attacks)
    attacks[attacking] += 1
    # Re-rolls a landing event gave are for that arc only, and spent first.
    rerolls = [0, 0]
    rerolls[attacking] = min(arc.rerolls[0], match.rerolls[attacking])
    rerolls[1 - attacking] = min(arc.rerolls[1], match.rerolls[1 - attacking])
    result = ArcResult(arc.number, attacking, arc.points, arc.state or None, arc.caught, arc.ding_dong, arc.turn, arc.events + recovery)
    intervals = match.intervals
    left = list(match.inducements_left)
    left[attacking] = dict(arc.inducements)
    staff = list(match.sidelines_left)
    staff[attacking] = dict(arc.sidelines)
    tools = list(match.tools_left)
    tools[attacking] = arc.tools
    used, rolled = list(match.helmet_used), list(match.rolled_helmets)
    if arc.helmet is not None:
        used[attacking] = True
        rolled[attacking] = arc.helmet if arc.helmet_rolled else None
    every = match.interval_every
    if every and attacks[0] == attacks[1] and attacks[0] % every == 0:
        intervals = (*intervals, arc.number)
        rerolls = [match.sides[0].rerolls, match.sides[1].rerolls]
        if match.inducements_allowed:
            left = [dict(match.sides[0].inducements), dict(match.sides[1].inducements)]
    return attrs.evolve(
        match,
        score=(score[0], score[1]),
        attacks=(attacks[0], attacks[1]),
        rerolls=(rerolls[0], rerolls[1]),
        arcs=(*match.arcs, result),
        intervals=intervals,
        weather=arc.weather,
        inducements_left=(left[0], left[1]),
        sidelines_left=(staff[0], staff[1]),
        tools_left=(tools[0], tools[1]),
        helmet_used=(used[0], used[1]),
        rolled_helmets=(rolled[0], rolled[1]),
        knocked_out=knocked_out,
        casualties=casualties,
    )


def _injuries_after(
    ruleset: Ruleset, match: MatchState, arc: ArcState, dice: DiceSource
) -> tuple[frozenset[str], frozenset[str], tuple[Event, ...]]:
    """Who is out after an arc of a league match, once the knocked-out have rolled to come back."""
    knocked = set(match.knocked_out)
    hurt = set(match.casualties)
    for player in arc.board.players.values():
        if player.status is Status.KO:
            knocked.add(player.id)
        elif player.status in (Status.CASUALTY, Status.SENT_OFF):
            hurt.add(player.id)
    _, still_out, events = recover_knocked_out(ruleset, sorted(knocked), dice)
    return frozenset(still_out), frozenset(hurt), events


def match_json(match: MatchState) -> dict[str, Any]:
    """The match as ``bbcore simulate --json`` prints it (ARCHITECTURE §7)."""
    return {
        "teams": [{"name": side.name} for side in match.sides],
        "score": list(match.score),
        "winner": match.winner,
        "arcs": [arc.to_json() for arc in match.arcs],
        "intervals": list(match.intervals),
    }


def attacker_placements(ruleset: Ruleset, roles: Mapping[str, str]) -> dict[str, Square]:
    """The attacker's standard set-up: Stooge and Whackers side by side in the first row, the Goon on the
    first square past the line, the Cuddler in the destination end zone."""
    pitch = ruleset.pitch
    middle = pitch.width // 2
    by_role: dict[str, list[str]] = {}
    for pid, role in roles.items():
        by_role.setdefault(role, []).append(pid)
    row = [by_role["whacker"][0], by_role["stooge"][0], *by_role["whacker"][1:]]
    placements = {pid: (0, middle - 1 + offset) for offset, pid in enumerate(row)}
    placements[by_role["goon"][0]] = (pitch.length // 2, middle)
    placements[by_role["cuddler"][0]] = (pitch.length - 1, middle)
    return placements


def default_placements(ruleset: Ruleset, match: MatchState, roles: Mapping[str, str], defenders: Sequence[str]) -> dict[str, Square]:
    """A legal standard set-up: the attacker's (:func:`attacker_placements`) and four defenders in a wall ahead of the Goon."""
    pitch = ruleset.pitch
    middle, half = pitch.width // 2, pitch.length // 2
    placements = attacker_placements(ruleset, roles)
    wall = [(half + 1, middle), (half + 1, middle - 1), (half + 1, middle + 1), (half + 3, middle)]
    for pid, square in zip(defenders, wall, strict=False):
        placements[pid] = square
    return placements
