"""The landing events: what happens once the Stooge is down, before anyone else acts.

The attacker rolls on the table filling the ``landing-events`` role
(:func:`roll_landing_event`); :func:`resolve_landing_event` then applies the row.
Which procedure a row runs, and its numbers, come from ``data/rules/landing.yaml``
(:func:`~bbcore_skurling.landing_rules.landing_rules`), keyed by row id; what the row's
own effects already say (a re-roll for both teams, a roll on the weather table) is read
from the row. A row with no entry there is resolved from its own effects, or recorded.

The procedures (``does`` in the data):

* ``row-effects``: the row's ``rerolls`` effects (for ``who`` the row names) and its
  ``roll_on`` (the weather table in use changes the lane's conditions).
* ``extra-turns``: the attacker's turns grow by arc.yaml's ``time_out_turns``.
* ``contest-rerolls`` and ``extra-assist``: a roll-off; the team(s) it falls on gain
  re-rolls for the arc, or an extra assist on the first Block or Touch of their next turn
  (:func:`extra_assists_due` says when one is owed).
* ``weaken`` and ``knock-over``: a roll-off; the team(s) it falls on lose players picked
  at random: changed by the rule's effects until the arc ends (the lane is rebuilt every
  arc), or laid down Stunned with no armour roll.

In a roll-off that counts Fan Factor, the attacker may add a sponsor's tool to his total
when that changes whom the event falls on (:meth:`bbcore_skurling.arc.ArcChoices.use_tool`).
* ``next-to-stooge``, ``step``, ``set-up-again`` and ``charge``: the coach's choices,
  asked through :class:`LandingChoices`. The Charge's Moves and Blitz go through
  :func:`bbcore_skurling.arc.apply` on the arc with the defender made active for the
  while, and stop as soon as a charging player falls.

The Stooge is left out of everything: never a random pick, never picked, never moved,
blocked or hit (a Charge Blitz whose push could chain on into him is refused).

Random picks use the injected dice as the core's kick-off events do
(:func:`bbcore.dice.pick_at_random`): the candidates are the team's players on
the lane but the Stooge, sorted by id; each pick rolls a die with as many faces as
candidates are left, and face N takes the Nth of them. Roll-offs roll for the attacker,
then the defender. Every event appended carries the row id in ``detail["row"]``.

Before the row is resolved, the attacker may spend a use of a sideline that re-rolls the
landing event (the Skip, ``data/rules/sidelines.yaml``) if the arc's choices agree
(:meth:`bbcore_skurling.arc.ArcChoices.use_sideline`, told the row rolled): the 2D6 are
rolled again and the second roll stands. The discarded roll is the ``sideline`` event's dice.

Re-rolls gained here are added to ``ArcState.rerolls`` and expire with the arc:
:func:`landing_rerolls` reads how many each team gained from the events, so the match
can drop whatever is left of them when the arc ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

from bbcore.dice import pick_at_random, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.rules.board import Board, PlayerState, Square, Status
from bbcore.rules.conditions import WEATHER_ROLE, row_conditions, weather_row
from bbcore.rules.decisions import DecisionScriptError
from bbcore.rules.effects import apply_effects
from bbcore.rules.events import Event
from bbcore.rules.push import push_back_squares
from bbcore_skurling import arc as arc_engine
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.landing_rules import Contest, LandingRule, landing_rules
from bbcore_skurling.sidelines import LANDING_EVENT as SIDELINE_MOMENT
from bbcore_skurling.sidelines import REROLL
from bbcore_skurling.tools import FAN_FACTOR_MODIFIER, LANDING_CONTEST, tool_bonus, tools_at
from bbcore_skurling.touch import in_destination

if TYPE_CHECKING:
    from bbcore.dice import DiceSource
    from bbcore.model.table import Row
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset
    from bbcore_skurling.arc import ArcChoices, ArcState, Blitz, Move, MoveOn

#: The event every landing roll records, as the arc always has.
LANDING_EVENT = "landing-event"
#: The kinds of the events this module appends.
CONTEST, REROLLS, TURNS, WEATHER, ROLLED, ASSIST = (
    "landing-contest",
    "landing-rerolls",
    "landing-turns",
    "weather",
    "landing-roll-on",
    "landing-extra-assist",
)
WEAKENED, KNOCKED, PLACED, STEPPED, SET_UP, CHARGED, NOTHING = (
    "landing-weakened",
    "landing-knocked-over",
    "landing-placed",
    "landing-stepped",
    "landing-set-up-again",
    "landing-charge",
    "landing-nothing",
)

#: The ``who`` of a row's ``rerolls`` effect, read with the attacker as the receiving team
#: and the defender as the kicking team (indexes of ``ArcState.teams``).
WHO_GETS = {
    None: (0,),
    "team": (0,),
    "receiving-team": (0,),
    "opponent": (1,),
    "kicking-team": (1,),
    "both": (0, 1),
}

#: The events that use up an extra assist: a Block (a Blitz's too) or a Touch.
_HITS = frozenset({"block", "touch"})
_TURN_ENDS = "turn-ends"


# -- the coaches' choices ----------------------------------------------------------------------


@runtime_checkable
class LandingChoices(Protocol):
    """The questions the landing events ask the coaches."""

    def eager_whacker(self, team: str, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        """Eager Whacker: which Whacker goes to which free square next to the Stooge, or None for nobody."""
        ...

    def quick_shuffle(self, team: str, left: int, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        """Quick Shuffle, one step at a time: a player and the square it steps to, or None to stop (``left`` steps remain)."""
        ...

    def dig_in(
        self,
        team: str,
        count: int,
        players: Sequence[str],
        squares: Sequence[Square],
        hold: Square | None,
        positions: Mapping[str, Square] | None = None,
    ) -> Mapping[str, Square]:
        """Dig In: up to ``count`` of ``players`` and the square each is set up on again.

        ``squares`` are the defenders' side's squares free once all of ``players`` are lifted
        (a square of a player who stays is not free); ``hold``, if given, must hold a defender after.
        ``positions`` gives where each of ``players`` stands now.
        """
        ...

    def charge(
        self, team: str, left: int, players: Sequence[str], blitz_targets: Sequence[str], options: Sequence[Move | Blitz | MoveOn] = ()
    ) -> Move | Blitz | MoveOn | None:
        """Charge!, one player at a time: a free Move, a Blitz on one of ``blitz_targets`` (empty once used), or None to stop.

        ``options`` lists the moves and blitzes the rules allow now, for a coach that picks from a list;
        after the Blitz's block, its player's :class:`~bbcore_skurling.arc.MoveOn` walks come first.
        """
        ...


class CautiousLanding:
    """The default coach: the Eager Whacker always comes (the freshest Whacker first); everything else is declined."""

    def eager_whacker(self, team: str, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        for player, squares in options.items():
            if squares:
                return player, squares[0]
        return None

    def quick_shuffle(self, team: str, left: int, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        return None

    def dig_in(
        self,
        team: str,
        count: int,
        players: Sequence[str],
        squares: Sequence[Square],
        hold: Square | None,
        positions: Mapping[str, Square] | None = None,
    ) -> Mapping[str, Square]:
        return {}

    def charge(
        self, team: str, left: int, players: Sequence[str], blitz_targets: Sequence[str], options: Sequence[Move | Blitz | MoveOn] = ()
    ) -> Move | Blitz | MoveOn | None:
        return None


class ScriptedLandingChoices:
    """Answers given in advance as ``(kind, answer)`` pairs, in order, for tests and replays.

    Kinds: ``eager-whacker`` and ``quick-shuffle`` ((player id, square) or None),
    ``dig-in`` (a mapping of player id to square) and ``charge`` (an arc ``Move`` or
    ``Blitz``, or None). A question whose kind is not next goes to :class:`CautiousLanding`;
    with ``strict`` it is an error. Use it as a context manager to fail on answers left over.
    """

    def __init__(self, answers: Iterable[tuple[str, Any]], *, strict: bool = False) -> None:
        self._answers = list(answers)
        self._strict = strict
        self._fallback = CautiousLanding()

    def _next(self, kind: str) -> tuple[bool, Any]:
        if self._answers and self._answers[0][0] == kind:
            return True, self._answers.pop(0)[1]
        if self._strict:
            found = self._answers[0][0] if self._answers else "nothing"
            raise DecisionScriptError(f"a {kind!r} landing choice was asked for; the script has {found!r}")
        return False, None

    def eager_whacker(self, team: str, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        given, answer = self._next("eager-whacker")
        return answer if given else self._fallback.eager_whacker(team, options)

    def quick_shuffle(self, team: str, left: int, options: Mapping[str, Sequence[Square]]) -> tuple[str, Square] | None:
        given, answer = self._next("quick-shuffle")
        return answer if given else self._fallback.quick_shuffle(team, left, options)

    def dig_in(
        self,
        team: str,
        count: int,
        players: Sequence[str],
        squares: Sequence[Square],
        hold: Square | None,
        positions: Mapping[str, Square] | None = None,
    ) -> Mapping[str, Square]:
        given, answer = self._next("dig-in")
        return dict(answer) if given else self._fallback.dig_in(team, count, players, squares, hold, positions)

    def charge(
        self, team: str, left: int, players: Sequence[str], blitz_targets: Sequence[str], options: Sequence[Move | Blitz | MoveOn] = ()
    ) -> Move | Blitz | MoveOn | None:
        given, answer = self._next("charge")
        return answer if given else self._fallback.charge(team, left, players, blitz_targets, options)

    def __enter__(self) -> ScriptedLandingChoices:
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        if exc_type is None and self._answers:
            raise DecisionScriptError(f"{len(self._answers)} scripted landing choice(s) were not used: {self._answers}")


# -- rolling and resolving ---------------------------------------------------------------------


def roll_landing_event(
    ruleset: Ruleset,
    arc: ArcState,
    dice: DiceSource,
    decisions: Decisions,
    choices: LandingChoices | None = None,
    fan_factors: Mapping[str, int] | None = None,
    *,
    arc_choices: ArcChoices | None = None,
) -> ArcState:
    """Roll on the landing events table, record the roll (a ``landing-event`` event) and resolve the row.

    The attacker's sideline that re-rolls the landing event (the Skip), if it has a use left
    and ``arc_choices`` agree (:class:`~bbcore_skurling.arc.KeepTheCatch` when None), has the
    dice rolled again first; the second roll stands.
    """
    table = ruleset.table(arc_engine.LANDING_EVENTS_ROLE)
    rolled = roll_on_table(table, dice)
    skip = arc.ready_sideline(ruleset, SIDELINE_MOMENT, REROLL)
    if skip is not None and (arc_choices or arc_engine.KeepTheCatch()).use_sideline(arc.attacker, skip.id, rolled.row.id):
        arc = arc_engine.spend_sideline(arc, skip, rolled.rolls, on=SIDELINE_MOMENT, discarded=rolled.row.id)
        rolled = roll_on_table(table, dice)
    event = Event(LANDING_EVENT, arc.attacker, rolled.rolls, rolled.row.id, {"table": table.id, "name": rolled.row.name})
    arc = attrs.evolve(arc, events=(*arc.events, event))
    return resolve_landing_event(ruleset, arc, rolled.row, dice, decisions, choices, fan_factors, arc_choices=arc_choices)


def resolve_landing_event(
    ruleset: Ruleset,
    arc: ArcState,
    row: Row,
    dice: DiceSource,
    decisions: Decisions,
    choices: LandingChoices | None = None,
    fan_factors: Mapping[str, int] | None = None,
    *,
    arc_choices: ArcChoices | None = None,
) -> ArcState:
    """The arc after the landing event ``row``; its events are appended, each naming the row in ``detail["row"]``.

    ``fan_factors`` gives each team's Fan Factor by team key (a team not given counts 0);
    ``choices`` answers the coaches' questions (:class:`CautiousLanding` if None), and
    ``arc_choices`` whether the attacker uses a tool in a roll-off
    (:class:`~bbcore_skurling.arc.KeepTheCatch` if None).
    Raise ``UsageError`` when a choice breaks the event's rules.
    """
    rule = landing_rules(ruleset).for_row(row.id)
    procedure = _PROCEDURES[rule.does]
    context = _Context(
        arc, row, rule, dice, decisions, choices or CautiousLanding(), dict(fan_factors or {}), arc_choices or arc_engine.KeepTheCatch()
    )
    after = procedure(ruleset, context)
    # The Charge's moves and blocks come from the arc engine: name the row on them too.
    tagged = tuple(e if "row" in e.detail else attrs.evolve(e, detail={**e.detail, "row": row.id}) for e in after.events[len(arc.events) :])
    return attrs.evolve(after, events=(*arc.events, *tagged))


@attrs.frozen
class _Context:
    """What every procedure is handed: the arc so far, the row, its rule and the means to decide."""

    arc: ArcState
    row: Row
    rule: LandingRule
    dice: DiceSource
    decisions: Decisions
    choices: LandingChoices
    fan_factors: Mapping[str, int]
    arc_choices: ArcChoices

    def event(self, kind: str, who: str | None, rolls: tuple[int, ...] = (), result: str = "", **detail: Any) -> Event:
        return Event(kind, who, rolls, result, {"row": self.row.id, **detail})

    def team(self) -> str:
        """The team whose players the rule lets the coach pick."""
        return self.arc.attacker if self.rule.team == "attacker" else self.arc.defender


def _add_events(arc: ArcState, *events: Event, **changes: Any) -> ArcState:
    return attrs.evolve(arc, events=(*arc.events, *events), **changes)


def _count(ctx: _Context) -> tuple[int, tuple[int, ...]]:
    """How many players the rule allows: its whole number, or its dice rolled."""
    players = ctx.rule.players
    if isinstance(players, int):
        return players, ()
    if players is None:
        return 1, ()
    rolls = roll_dice(ctx.dice, players)
    return sum(rolls), rolls


# -- roll-offs, re-rolls, turns, weather ----------------------------------------------------


def _contest(ruleset: Ruleset, ctx: _Context, contest: Contest) -> tuple[tuple[str, ...], ArcState]:
    """Each coach rolls (attacker first); the teams the event falls on, and the arc with the event recording it.

    In a roll-off that counts Fan Factor, the attacker may then add a tool of his sponsor's
    (:data:`~bbcore_skurling.tools.LANDING_CONTEST`) to his total: offered only when it
    changes whom the event falls on.
    """
    rolls: list[int] = []
    totals: dict[str, int] = {}
    for team in ctx.arc.teams:
        rolled = roll_dice(ctx.dice, contest.dice)
        rolls.extend(rolled)
        totals[team] = sum(rolled) + (ctx.fan_factors.get(team, 0) if contest.fan_factor else 0)
    chosen, tie = _falls_on(totals, contest)
    arc, attacker, helper = ctx.arc, ctx.arc.attacker, None
    for tool_id in tools_at(ruleset, arc.tools, LANDING_CONTEST)[:1] if contest.fan_factor else ():
        helped = {**totals, attacker: totals[attacker] + tool_bonus(ruleset, tool_id, FAN_FACTOR_MODIFIER)}
        if _falls_on(helped, contest) != (chosen, tie) and ctx.arc_choices.use_tool(attacker, tool_id, LANDING_CONTEST):
            totals, helper = helped, tool_id
            chosen, tie = _falls_on(totals, contest)
    result = "tie" if tie else chosen[0]
    detail: dict[str, Any] = {"totals": totals, "teams": list(chosen), "falls_on": contest.falls_on}
    if helper is not None:
        detail["tool"] = helper
    arc = _add_events(arc, ctx.event(CONTEST, None, tuple(rolls), result, **detail))
    if helper is not None:
        arc = arc_engine.spend_tool(arc, helper, on=LANDING_CONTEST)
    return chosen, arc


def _falls_on(totals: Mapping[str, int], contest: Contest) -> tuple[tuple[str, ...], bool]:
    """The teams a roll-off's totals make the event fall on, and whether it was a tie."""
    best = max(totals.values()) if contest.falls_on == "highest" else min(totals.values())
    chosen = tuple(team for team, total in totals.items() if total == best)
    tie = len(chosen) > 1
    if tie and contest.ties == "neither":
        chosen = ()
    return chosen, tie


def _grant_rerolls(ctx: _Context, arc: ArcState, gains: Mapping[str, int]) -> ArcState:
    """Add team re-rolls that last until the arc ends, one event per team."""
    rerolls = list(arc.rerolls)
    events = []
    for team, count in gains.items():
        if count:
            rerolls[arc.teams.index(team)] += count
            events.append(ctx.event(REROLLS, team, (), str(count), rerolls=count, lasts="arc"))
    return _add_events(arc, *events, rerolls=(rerolls[0], rerolls[1]))


def _row_effects(ruleset: Ruleset, ctx: _Context) -> ArcState:
    """The row's own re-rolls and table rolls; a row with neither is recorded as it is."""
    arc = ctx.arc
    before = len(arc.events)
    gains: dict[str, int] = {}
    for effect in ctx.row.effects:
        if effect.rerolls:
            for index in WHO_GETS.get(effect.who, (0,)):
                team = arc.teams[index]
                gains[team] = gains.get(team, 0) + effect.rerolls
    arc = _grant_rerolls(ctx, arc, gains)
    for effect in ctx.row.effects:
        if effect.roll_on is not None:
            arc = _roll_on(ruleset, ctx, arc, effect.roll_on)
    if len(arc.events) == before:
        arc = _add_events(arc, ctx.event(NOTHING, arc.attacker, (), "recorded"))
    return arc


def _roll_on(ruleset: Ruleset, ctx: _Context, arc: ArcState, table_ref: str) -> ArcState:
    """Roll on another table; the weather table in use replaces the weather and the lane's conditions."""
    table = ruleset.table(table_ref)
    rolled = roll_on_table(table, ctx.dice)
    weather_table = ruleset.table(WEATHER_ROLE)
    if table.id != weather_table.id:
        return _add_events(arc, ctx.event(ROLLED, None, rolled.rolls, rolled.row.id, table=table.id))
    conditions = dict(arc.board.conditions)
    for test, by in row_conditions([weather_row(ruleset, arc.weather)]).items():
        conditions[test] = conditions.get(test, 0) - by
    for test, by in row_conditions([rolled.row]).items():
        conditions[test] = conditions.get(test, 0) + by
    board = attrs.evolve(arc.board, conditions={t: b for t, b in conditions.items() if b})
    event = ctx.event(WEATHER, None, rolled.rolls, rolled.row.id, table=table.id)
    return _add_events(arc, event, weather=rolled.row.id, board=board)


def _extra_turns(ruleset: Ruleset, ctx: _Context) -> ArcState:
    extra = arc_rules(ruleset).time_out_turns
    allowed = ctx.arc.turns_allowed + extra
    event = ctx.event(TURNS, ctx.arc.attacker, (), str(allowed), turns=extra)
    return _add_events(ctx.arc, event, turns_allowed=allowed)


def _contest_rerolls(ruleset: Ruleset, ctx: _Context) -> ArcState:
    assert ctx.rule.contest is not None  # the schema requires it
    assert ctx.rule.rerolls is not None
    teams, arc = _contest(ruleset, ctx, ctx.rule.contest)
    return _grant_rerolls(ctx, arc, dict.fromkeys(teams, ctx.rule.rerolls))


def _extra_assist(ruleset: Ruleset, ctx: _Context) -> ArcState:
    assert ctx.rule.contest is not None  # the schema requires it
    assert ctx.rule.assists is not None
    teams, arc = _contest(ruleset, ctx, ctx.rule.contest)
    events = [ctx.event(ASSIST, team, (), str(ctx.rule.assists), assists=ctx.rule.assists) for team in teams]
    return _add_events(arc, *events)


def landing_rerolls(arc: ArcState) -> tuple[int, int]:
    """The team re-rolls (attacker, defender) the arc's landing event gave, which expire when the arc ends.

    Spend them first: a team that ends the arc with ``left`` re-rolls and began it with
    ``before`` keeps ``min(before, left)``.
    """
    gained = [0, 0]
    for event in arc.events:
        if event.kind == REROLLS and event.who in arc.teams:
            gained[arc.teams.index(event.who)] += int(event.detail["rerolls"])
    return gained[0], gained[1]


def extra_assists_due(arc: ArcState, team: str) -> int:
    """How many extra assists ``team``'s next Block or Touch gets from the landing event (0 once used or expired).

    Cheering Fans gives them for the first Block or Touch of the team's next turn: for the
    attacker the turn the landing interrupted, for the defender its first turn. They are
    used by the team's first ``block`` or ``touch`` event after the grant, and lost when the
    team's turn ends without one. The Touch and the block add them to the hitter's Strength
    as assists.
    """
    granted = 0
    for event in arc.events:
        if event.kind == ASSIST and event.who == team:
            granted = int(event.detail["assists"])
        elif granted and _ends_the_wait(arc, event, team):
            granted = 0
    return granted


# -- random picks: Dodgy Soup and Bonspiel Brawl ---------------------------------------------------


def _ends_the_wait(arc: ArcState, event: Event, team: str) -> bool:
    """The team's turn ended, or one of its players made a Block or a Touch."""
    if event.kind == _TURN_ENDS:
        return event.who == team
    player = arc.board.players.get(event.who or "")
    return event.kind in _HITS and player is not None and player.team == team


def lane_candidates(arc: ArcState, team: str) -> list[str]:
    """The players of ``team`` a random pick may fall on: on the lane, never the Stooge, sorted by id."""
    return sorted(p.id for p in arc.board.team_players(team) if p.on_pitch and p.id != arc.stooge)


def _weaken(ruleset: Ruleset, ctx: _Context) -> ArcState:
    assert ctx.rule.contest is not None  # the schema requires it
    teams, arc = _contest(ruleset, ctx, ctx.rule.contest)
    for team in teams:
        count, count_rolls = _count(ctx)
        picked, pick_rolls = pick_at_random(ctx.dice, lane_candidates(arc, team), count)
        board = arc.board
        for pid in picked:
            before = board.player(pid)
            after = apply_effects(ruleset, before, ctx.rule.effects).player
            board = board.with_player(after)
            changes = {e.change: getattr(after, e.change) - getattr(before, e.change) for e in ctx.rule.effects if e.change}
            arc = _add_events(arc, ctx.event(WEAKENED, pid, (*count_rolls, *pick_rolls), "weakened", changes=changes, lasts="arc"))
        if not picked:
            arc = _add_events(arc, ctx.event(WEAKENED, team, count_rolls, "nobody-on-the-lane"))
        arc = attrs.evolve(arc, board=board)
    return arc


def _knock_over(ruleset: Ruleset, ctx: _Context) -> ArcState:
    assert ctx.rule.contest is not None  # the schema requires it
    assert ctx.rule.status is not None
    teams, arc = _contest(ruleset, ctx, ctx.rule.contest)
    status = Status(ctx.rule.status)
    for team in teams:
        count, count_rolls = _count(ctx)
        picked, pick_rolls = pick_at_random(ctx.dice, lane_candidates(arc, team), count)
        board = arc.board.replace_players(attrs.evolve(arc.board.player(pid), status=status) for pid in picked)
        event = ctx.event(KNOCKED, team, (*count_rolls, *pick_rolls), str(len(picked)), players=list(picked), status=status.value)
        arc = _add_events(arc, event, board=board)
    return arc


# -- the coaches' events: Eager Whacker, Quick Shuffle, Dig In -------------------------------------


def _free(board: Board, square: Square) -> bool:
    return board.geometry.on_pitch(square) and board.at(square) is None


def _stooge_square(arc: ArcState) -> Square:
    square = arc.board.player(arc.stooge).square
    if square is None:
        raise UsageError("the Stooge is not on the lane")
    return square


def _next_to_stooge(ruleset: Ruleset, ctx: _Context) -> ArcState:
    arc = ctx.arc
    team = ctx.team()
    stooge_at = _stooge_square(arc)
    room = [s for s in arc.board.neighbours(stooge_at) if _free(arc.board, s)]
    # The Whackers who have not acted come first: they are the ones who can hit him this turn.
    candidates = sorted(
        (p for p in arc.board.team_players(team) if p.standing and arc.role_of(p.id) == ctx.rule.role and p.id != arc.stooge),
        key=lambda p: (p.id in arc.activated, p.id),
    )
    options = {p.id: list(room) for p in candidates}
    if not room or not options:
        return _add_events(arc, ctx.event(PLACED, team, (), "no-room" if not room else "nobody"))
    answer = ctx.choices.eager_whacker(team, options)
    if answer is None:
        return _add_events(arc, ctx.event(PLACED, team, (), "declined"))
    pid, square = answer[0], (int(answer[1][0]), int(answer[1][1]))
    if pid not in options:
        raise UsageError(f"{pid} cannot come: the {ctx.rule.row} moves one of {', '.join(options)}")
    if square not in options[pid]:
        raise UsageError(f"{square} is not a free square next to the Stooge; the free ones are {options[pid]}")
    player = arc.board.player(pid)
    board = arc.board.with_player(player.moved(square))
    event = ctx.event(PLACED, pid, (), "placed", square=list(square), **{"from": list(player.square or square)})
    return _add_events(arc, event, board=board)


def _steps_for(arc: ArcState, player: PlayerState, reach: int) -> list[Square]:
    """The free squares within ``reach`` of a player; a Cuddler in the destination end zone stays in it."""
    assert player.square is not None
    x0, y0 = player.square
    squares = [
        (x, y)
        for x in range(x0 - reach, x0 + reach + 1)
        for y in range(y0 - reach, y0 + reach + 1)
        if (x, y) != player.square and _free(arc.board, (x, y))
    ]
    if arc.role_of(player.id) == arc_engine.CUDDLER and in_destination(arc.board, player.square):
        squares = [s for s in squares if in_destination(arc.board, s)]
    return squares


def _step(ruleset: Ruleset, ctx: _Context) -> ArcState:
    assert ctx.rule.squares is not None  # the schema requires it
    arc = ctx.arc
    team = ctx.team()
    count, rolls = _count(ctx)
    arc = _add_events(arc, ctx.event(STEPPED, team, rolls, str(count), players=count))
    stepped: list[str] = []
    while len(stepped) < count:
        options = {
            p.id: _steps_for(arc, p, ctx.rule.squares)
            for p in sorted(arc.board.team_players(team), key=lambda p: p.id)
            if p.standing and p.id != arc.stooge and p.id not in stepped
        }
        options = {pid: squares for pid, squares in options.items() if squares}
        if not options:
            break
        answer = ctx.choices.quick_shuffle(team, count - len(stepped), options)
        if answer is None:
            break
        pid, square = answer[0], (int(answer[1][0]), int(answer[1][1]))
        if pid not in options:
            raise UsageError(f"{pid} cannot step: the players who may are {', '.join(options) or 'none'}")
        if square not in options[pid]:
            raise UsageError(f"{pid} cannot step to {square}; the free squares in reach are {options[pid]}")
        player = arc.board.player(pid)
        event = ctx.event(STEPPED, pid, (), "stepped", square=list(square), **{"from": list(player.square or square)})
        arc = _add_events(arc, event, board=arc.board.with_player(player.moved(square)))
        stepped.append(pid)
    return arc


def goon_front(ruleset: Ruleset, arc: ArcState) -> Square | None:
    """The square right in front of the Goon, if he still stands on his set-up row (the first past the line)."""
    half = arc.board.pitch.length // 2
    for pid in arc.players_with_role(arc_engine.GOON):
        goon = arc.board.players.get(pid)
        if goon is not None and goon.standing and goon.square is not None and goon.square[0] == half:
            return (goon.square[0] + arc_rules(ruleset).setup.in_front_of_goon, goon.square[1])
    return None


def _set_up_again(ruleset: Ruleset, ctx: _Context) -> ArcState:
    arc = ctx.arc
    team = ctx.team()
    half = arc.board.pitch.length // 2
    count, rolls = _count(ctx)
    movable = sorted(p.id for p in arc.board.team_players(team) if p.standing)
    front = goon_front(ruleset, arc)
    held = front if front is not None and _holder(arc.board, front, team) else None
    lifted = arc.board.replace_players(arc.board.player(pid).moved(None) for pid in movable)
    squares = sorted((x, y) for x in range(half, arc.board.pitch.length) for y in range(arc.board.pitch.width) if _free(lifted, (x, y)))
    positions = {pid: arc.board.player(pid).square for pid in movable}
    picked = ctx.choices.dig_in(team, count, movable, squares, held, {pid: sq for pid, sq in positions.items() if sq is not None})
    answer = {pid: (int(s[0]), int(s[1])) for pid, s in picked.items()}
    faults = []
    if len(answer) > count:
        faults.append(f"at most {count} player(s) may be set up again, not {len(answer)}")
    unknown = [pid for pid in answer if pid not in movable]
    faults.extend(f"{pid} is not a standing player of {team} on the lane" for pid in unknown)
    if not unknown:
        board = arc.board.replace_players(arc.board.player(pid).moved(None) for pid in answer)
        for pid, square in answer.items():
            if square[0] < half or not _free(board, square):
                faults.append(f"{pid} cannot be set up on {square}: not a free square on the defenders' side of the line (x >= {half})")
    if len(set(answer.values())) != len(answer):
        faults.append("two players are set up on the same square")
    if faults:
        raise UsageError("; ".join(faults))
    board = board.replace_players(board.player(pid).moved(square) for pid, square in answer.items())
    if held is not None and not _holder(board, held, team):
        raise UsageError(f"a defender must still stand right in front of the Goon, at {held}")
    moves = {pid: list(square) for pid, square in answer.items()}
    return _add_events(arc, ctx.event(SET_UP, team, rolls, str(len(answer)), players=count, moves=moves), board=board)


def _holder(board: Board, square: Square, team: str) -> bool:
    player = board.at(square)
    return player is not None and player.team == team and player.standing


# -- Charge! -------------------------------------------------------------------------------------


def _push_could_reach(board: Board, square: Square, away_from: Square, stooge: Square, depth: int = 0) -> bool:
    """Whether a push of the player on ``square`` away from ``away_from`` could chain on into the Stooge.

    A push with a free square, or with a square off the lane (the crowd), never chains; one
    with only occupied squares may chain into any of them.
    """
    candidates = push_back_squares(square, away_from)
    if any(not board.geometry.on_pitch(s) or board.at(s) is None for s in candidates) or depth > board.pitch.length:
        return False
    if stooge in candidates:
        return True
    return any(_push_could_reach(board, s, square, stooge, depth + 1) for s in candidates)


def _charge(ruleset: Ruleset, ctx: _Context) -> ArcState:
    assert ctx.rule.blitzes is not None  # the schema requires it
    start = ctx.arc
    team = ctx.team()
    count, rolls = _count(ctx)
    arc = _add_events(start, ctx.event(CHARGED, team, rolls, str(count), players=count))
    # The defender acts for the while, with a turn of its own: fresh activations, Blitz and re-roll.
    arc = attrs.evolve(arc, active=team, activated=frozenset(), blitz_used=False, reroll_used=False)
    charged: list[str] = []
    blitzes = 0
    while len(charged) < count:
        players = [p.id for p in sorted(arc.board.team_players(team), key=lambda p: p.id) if p.on_pitch and p.status is not Status.STUNNED]
        players = [pid for pid in players if pid not in charged]
        targets = [] if blitzes >= ctx.rule.blitzes else _blitz_targets(arc, ctx.rule)
        if not players:
            break
        # The Blitz's player may first move on after his block (the rest of his free Blitz).
        moving_on = _charge_move_ons(ruleset, arc)
        options = [*moving_on, *_charge_options(ruleset, arc, players, targets)]
        action = ctx.choices.charge(team, count - len(charged), players, targets, options)
        if action is None:
            break
        if isinstance(action, arc_engine.MoveOn) and action in moving_on:
            arc = arc_engine.apply(ruleset, arc, action, ctx.dice, ctx.decisions)
            continue
        _check_charge(arc, action, players, targets)
        if isinstance(action, arc_engine.Blitz):
            blitzes += 1
        arc = arc_engine.apply(ruleset, attrs.evolve(arc, blitz_used=False), action, ctx.dice, ctx.decisions)
        charged.append(action.player)
        fallen = [pid for pid in charged if not arc.board.player(pid).standing]
        if fallen:
            arc = _add_events(arc, ctx.event(CHARGED, fallen[0], (), "stopped", fell=fallen[0]))
            break
    return attrs.evolve(
        arc, active=start.active, activated=start.activated, blitz_used=start.blitz_used, reroll_used=start.reroll_used, moving_on=None
    )


def _charge_move_ons(ruleset: Ruleset, arc: ArcState) -> list[arc_engine.MoveOn]:
    """The walks the Charge's Blitzer may take after his block, none that could reach the Stooge's square."""
    from bbcore_skurling.legal import MOVE_ON, Declaration, actions_for  # noqa: PLC0415 - legal builds on the arc engine too

    if arc.moving_on is None:
        return []
    return [a for a in actions_for(ruleset, arc, Declaration(arc.moving_on.player, MOVE_ON)) if isinstance(a, arc_engine.MoveOn)]


def _charge_options(ruleset: Ruleset, arc: ArcState, players: Sequence[str], targets: Sequence[str]) -> list[Move | Blitz]:
    """The free Moves and Blitzes the charging players may make now, as a coach choosing from a list sees them."""
    from bbcore_skurling.legal import Declaration, actions_for  # noqa: PLC0415 - legal builds on the arc engine too

    options: list[Move | Blitz] = []
    for pid in players:
        player = arc.board.player(pid)
        if player.square is None:
            continue
        for kind in ("move", "blitz"):
            for action in actions_for(ruleset, attrs.evolve(arc, blitz_used=False), Declaration(pid, kind)):
                if isinstance(action, arc_engine.Blitz) and action.target not in targets:
                    continue
                try:
                    _check_charge(arc, action, players, targets)
                except UsageError:
                    continue
                options.append(action)  # type: ignore[arg-type]
    return options


def _blitz_targets(arc: ArcState, rule: LandingRule) -> list[str]:
    return sorted(
        pid
        for pid, role in arc.roles.items()
        if role in rule.blitz_roles and pid != arc.stooge and pid in arc.board.players and arc.board.player(pid).standing
    )


def _check_charge(arc: ArcState, action: object, players: Sequence[str], targets: Sequence[str]) -> None:
    """A Charge action must be a free Move or the one Blitz, by a charging player, never reaching the Stooge."""
    if not isinstance(action, arc_engine.Move | arc_engine.Blitz):
        raise UsageError(f"a Charge gives a Move or a Blitz, not {action!r}")
    if action.player not in players:
        raise UsageError(f"{action.player} cannot charge: the players who may are {', '.join(players) or 'none'}")
    if isinstance(action, arc_engine.Move):
        return
    if action.target not in targets:
        raise UsageError(f"the Charge's Blitz may aim at {', '.join(targets) or 'nobody now'}, not {action.target}")
    blitzer = arc.board.player(action.player)
    target = arc.board.player(action.target)
    origin = action.path[-1] if action.path else blitzer.square
    if origin is None or target.square is None:
        return
    board = arc.board.with_player(blitzer.moved(origin))
    if _push_could_reach(board, target.square, origin, _stooge_square(arc)):
        raise UsageError(f"{action.player} may not Blitz {action.target} from {origin}: the push could move the Stooge")


_PROCEDURES = {
    "row-effects": _row_effects,
    "extra-turns": _extra_turns,
    "contest-rerolls": _contest_rerolls,
    "extra-assist": _extra_assist,
    "weaken": _weaken,
    "knock-over": _knock_over,
    "next-to-stooge": _next_to_stooge,
    "step": _step,
    "set-up-again": _set_up_again,
    "charge": _charge,
}
