"""The biased referees of the 2020 list: what they do about a Foul, and the Triplets' kit argument.

:func:`watch_foul` is what a Foul procedure calls, once it knows the facts, for a team
whose opponent hired a referee (``referees`` in ``pack-rules.yaml``): the referee's
team, the fouling player, the fouled player and whether a double came up on the Armour
or Injury roll. With a double the referee adds nothing (the usual Sent-off stands).
Otherwise the referee's die (or table) is rolled and a :class:`RefereeCall` says what
happened:

- ``sent_off`` is the player the referee sends off, as if they had fouled and rolled a
  double. It is not applied here: the caller runs its usual Sent-off procedure, offering
  a Bribe only when ``bribe`` is true, and Arguing the Call as its rules allow.
- a ``knocked-down`` referee (Jorm) Knocks Down the fouler at once, with his bonus to
  Armour or Injury applied after rolling, as Mighty Blow's is.
- a ``halt`` referee (Ranulf) stops play: ``halted`` is true and the fouler's coach picks
  a Bribe, the Sent-off, or :func:`argue_with_the_axe`.

:func:`kit_argument` is the Triplets' start-of-drive roll, after set-up and before the
kick-off: on the entry's number one random opposing player on the pitch who is not
Marked is Placed Prone and Stunned.

:func:`foul_call` and :func:`argue` are the plugin's answers to the core's Foul
(``bbcore_foul_call``, ``bbcore_argue_the_call``; see :mod:`bbcore.rules.foul`): they put
the functions above into the core's Foul and Sent-off procedures. What a referee adds to
his team's Argue the Call rolls is his inducement's ``argue-the-call`` modifier, which the
core reads (:func:`bbcore.rules.foul.argue_the_call_modifier`).

Off the Foul (``referee_calls`` in ``pack-rules.yaml``): :func:`may_argue` says whether anyone may
Argue the Call at all, and :func:`get_the_ref` replaces the Get the Ref kick-off event while
a referee is hired; its bool asks the caller to roll the kick-off event again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, pick_at_random, roll_dice, roll_on_table
from bbcore.rules.board import Status
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.drive import hand_out_bribes, kick_off_event
from bbcore.rules.events import Event
from bbcore.rules.foul import (
    ArgueOutcome,
    FoulCall,
    FoulReport,
    argue_the_call_modifier,
    core_argue_the_call,
    inducement_argue_modifier,
    leave_pitch_sent_off,
)
from bbcore.rules.injury import Harm, knock_down_with_ball, roll_armour, roll_injury
from bbcore.rules.sequences import GameState
from bbcore_inducement_packs.coaching_staff import argue_the_call, has_fixer
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


@frozen
class RefereeCall:
    """What the referee made of a Foul: who is to be Sent-off (if anyone), whether a Bribe may undo it, whether play halts."""

    sent_off: str | None = None
    bribe: bool = False
    halted: bool = False
    events: tuple[Event, ...] = ()


#: Where a player the Foul hurt may be already, beyond a Sending-off (the Casualty box).
_OUT_FOR_GOOD = frozenset({Status.CASUALTY})


def watch_foul(
    ruleset: Ruleset, state: GameState, inducement: str, fouler_id: str, victim_id: str, doubled: bool, dice: DiceSource
) -> tuple[GameState, RefereeCall]:
    """The referee hired as ``inducement`` watches a Foul by ``fouler_id`` on ``victim_id`` (``doubled``: a double was rolled)."""
    referee = rules_for(pack_rules(ruleset).referees, inducement, "biased referee")
    if doubled:
        return state, RefereeCall()
    if referee.table is not None:
        rolled = roll_on_table(ruleset.table(referee.table.id), dice)
        rolls, result = rolled.rolls, rolled.row.id
        caught = {referee.table.caught: fouler_id, referee.table.victim: victim_id}.get(result)
        if caught == victim_id and state.board.player(victim_id).status in _OUT_FOR_GOOD:
            caught = None  # the Foul put him in the Casualty box already: nobody is sent off from there
        call = "sent-off" if caught else "unseen"
    else:
        rolls = roll_dice(dice, referee.dice)
        call = referee.call if sum(rolls) >= referee.spots_on else "unseen"
        result, caught = call, fouler_id
    event = Event("referee", fouler_id, rolls, result, {"inducement": inducement, "victim": victim_id})
    if call == "sent-off":
        return state, RefereeCall(caught, referee.bribe, events=(event,))
    if call == "halt":
        return state, RefereeCall(None, referee.bribe, halted=True, events=(event,))
    if call == "knocked-down":
        harm = Harm(cause="referee", mighty_blow=referee.bonus > 0, blow_bonus=referee.bonus)
        # A ball the fouler held drops and bounces; no coach is asked anything here, so the default answers.
        outcome = knock_down_with_ball(ruleset, state.board, fouler_id, harm, dice, DefaultDecisions())
        return attrs.evolve(state, board=outcome.board), RefereeCall(events=(event, *outcome.events))
    return state, RefereeCall(events=(event,))


def argue_with_the_axe(
    ruleset: Ruleset, state: GameState, inducement: str, fouler_id: str, dice: DiceSource
) -> tuple[GameState, bool, tuple[Event, ...]]:
    """The fouler argues with a ``halt`` referee: an Armour roll at +bonus; the bool is whether he is still to go.

    A total higher than his Armour Value: the player goes Prone and takes an Injury roll,
    stays in the game, no Turnover. Equal or lower (the list says so in as many words,
    where an ordinary Armour roll breaks on equal): the argument changed nothing; the
    caller sends him off, and it is a Turnover (:func:`argue` hands this to the core's
    :func:`~bbcore.rules.foul.send_off`).
    """
    referee = rules_for(pack_rules(ruleset).referees, inducement, "biased referee")
    harm = Harm(cause="referee", armour_modifier=referee.bonus)
    board = state.board
    broken, _, armour = roll_armour(ruleset, board, fouler_id, harm, dice)
    if broken and int(armour.detail["total"]) <= board.player(fouler_id).av:
        broken = False
        armour = attrs.evolve(armour, result="held", detail={**armour.detail, "needs_more_than_av": True})
    if not broken:
        return state, True, (armour,)
    board = board.with_player(board.player(fouler_id).with_status(Status.PRONE))
    injured = roll_injury(ruleset, board, fouler_id, Harm(cause="referee"), dice)
    return attrs.evolve(state, board=injured.board), False, (armour, *injured.events)


def kit_argument(
    ruleset: Ruleset, state: GameState, team_id: str, inducement: str, dice: DiceSource
) -> tuple[GameState, tuple[Event, ...]]:
    """The start-of-drive roll of ``team_id``'s referee: on a hit, one random unmarked opposing player goes Prone and Stunned."""
    referee = rules_for(pack_rules(ruleset).referees, inducement, "biased referee")
    if referee.kit_argument is None or state.team(team_id).inducements.get(inducement, 0) <= 0:
        return state, ()
    rolls = roll_dice(dice, referee.kit_argument.dice)
    if sum(rolls) < referee.kit_argument.on:
        return state, (Event("kit-argument", team_id, rolls, "none", {"inducement": inducement}),)
    board = state.board
    opponent = state.opponent(team_id).id
    unmarked = sorted(p.id for p in board.team_players(opponent) if p.on_pitch and not board.markers_of(p))
    picked, picks = pick_at_random(dice, unmarked, 1)
    events = [Event("kit-argument", team_id, rolls, picked[0] if picked else "none", {"inducement": inducement, "picks": list(picks)})]
    for player_id in picked:
        board = board.with_player(board.player(player_id).with_status(Status.STUNNED))
        events.append(Event("stunned", player_id, (), "kit-argument"))
    return attrs.evolve(state, board=board), tuple(events)


#: The bb2020 start-of-drive step in which a referee with a kit argument (the Trundlefoot Triplets) rolls.
KIT_ARGUMENT_STEP = "bb2020/kit-argument"


def kit_argument_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The ``bb2020/kit-argument`` step, after set-up and before the kick-off: each referee with a kit argument
    rolls for the team that hired him (:func:`kit_argument`); one both teams hired takes no part."""
    referees = pack_rules(ruleset).referees
    events: list[Event] = []
    for team_id, inducement in _hired(ruleset, state):
        referee = referees.get(inducement)
        if referee is None or referee.kit_argument is None or state.opponent(team_id).inducements.get(inducement, 0) > 0:
            continue
        state, rolled = kit_argument(ruleset, state, team_id, inducement, dice)
        events.extend(rolled)
    return state, tuple(events)


def _hired(ruleset: Ruleset, state: GameState, team_id: str | None = None) -> list[tuple[str, str]]:
    """(team, referee inducement) for each referee hired, by ``team_id`` only when given."""
    calls = pack_rules(ruleset).referee_calls
    teams = [t for t in state.teams if team_id is None or t.id == team_id]
    return [(t.id, r) for t in teams for r in sorted(calls) if t.inducements.get(r, 0) > 0]


def _taking_part(ruleset: Ruleset, state: GameState) -> list[tuple[str, str]]:
    """:func:`_hired`, without a referee both coaches hired: he takes no part in the game."""
    hired = _hired(ruleset, state)
    by_both = {r for _, r in hired if sum(1 for _, other in hired if other == r) > 1}
    return [(team_id, r) for team_id, r in hired if r not in by_both]


def foul_call(ruleset: Ruleset, state: GameState, report: FoulReport, dice: DiceSource) -> FoulCall | None:
    """The packs' answer to ``bbcore_foul_call``: a referee hired by the fouler's opponent watches a Foul with no double.

    With a double, or no such referee (one both teams hired does not take part), the core rules (None). A ``sent-off`` call is a
    Sent-off for the Foul (a Bribe as the referee allows); a ``halt`` call names the
    referee as its reason, so that :func:`argue` settles the argument with his axe.
    """
    fouler = state.board.player(report.fouler)
    # A named referee both coaches hired does not take part.
    own = {r for _, r in _hired(ruleset, state, fouler.team)}
    watching = [r for _, r in _hired(ruleset, state, state.opponent(fouler.team).id) if r in pack_rules(ruleset).referees and r not in own]
    if not watching or report.armour_double or report.injury_double:
        return None
    referee = watching[0]
    after, call = watch_foul(ruleset, state, referee, report.fouler, report.victim, False, dice)
    if call.halted:
        return FoulCall(report.fouler, call.bribe, referee, events=call.events)
    board = after.board if after is not state else None
    return FoulCall(call.sent_off, call.bribe, referee, board=board, events=call.events)


def argue_modifier(ruleset: Ruleset, state: GameState, team_id: str) -> int:
    """What the team's inducements add to its Argue the Call rolls (:func:`bbcore.rules.foul.argue_the_call_modifier`),
    less a referee's whom both coaches hired: he takes no part in the game."""
    absent = {referee for _, referee in _hired(ruleset, state, team_id)} - {r for _, r in _taking_part(ruleset, state)}
    return argue_the_call_modifier(ruleset, state, team_id) - sum(inducement_argue_modifier(ruleset.inducement(r)) for r in absent)


def argue(ruleset: Ruleset, state: GameState, team_id: str, player_id: str, reason: str, dice: DiceSource) -> ArgueOutcome | None:
    """The packs' answer to ``bbcore_argue_the_call``.

    A player a ``halt`` referee stopped argues with the axe (:func:`argue_with_the_axe`);
    a Bribe is the other choice, not one after it. While a referee who forbids arguing is
    hired nobody argues. A team with a fixer argues on his terms
    (:func:`bbcore_inducement_packs.coaching_staff.argue_the_call`). When the referee who
    made the call sends more players off on an ejection (``ejection_sends_off``), an
    argument that gets the coach ejected costs his team that many more players on the
    pitch, picked at random. A referee both coaches hired adds nothing to the roll
    (:func:`argue_modifier`). Anything else is the core's roll (None).
    """
    referees = pack_rules(ruleset).referees
    if reason in referees and referees[reason].call == "halt":
        after, goes, events = argue_with_the_axe(ruleset, state, reason, player_id, dice)
        return ArgueOutcome(None, after, reversed=not goes, events=events, turnover=goes, bribe=False)
    if not may_argue(ruleset, state):
        return ArgueOutcome(None, state, events=(Event("argue-the-call", player_id, (), "not-allowed", {"team": team_id}),))
    inducements = state.team(team_id).inducements
    extra = pack_rules(ruleset).referee_calls[reason].ejection_sends_off if reason in pack_rules(ruleset).referee_calls else 0
    modifier = argue_modifier(ruleset, state, team_id)
    if has_fixer(ruleset, inducements):
        row, _, event = argue_the_call(ruleset, inducements, dice, modifier)
        stays = not any(effect.status == Status.SENT_OFF.value for effect in row.effects)
        argued = ArgueOutcome(row, state, reversed=stays, events=(event,))
    elif extra or modifier != argue_the_call_modifier(ruleset, state, team_id):
        argued = core_argue_the_call(ruleset, state, team_id, player_id, reason, dice, modifier=modifier)
    else:
        return None
    if not extra or argued.row is None or argued.row.id != ruleset.parameters.fouls.coach_ejected_by:
        return argued
    return _send_off_more(ruleset, argued, team_id, player_id, reason, extra, dice)


def _send_off_more(
    ruleset: Ruleset, argued: ArgueOutcome, team_id: str, player_id: str, referee: str, count: int, dice: DiceSource
) -> ArgueOutcome:
    """``count`` more of the team's players on the pitch, picked at random, are Sent-off with the one argued for."""
    board = argued.state.board
    others = sorted(p.id for p in board.team_players(team_id) if p.on_pitch and p.id != player_id)
    picked, picks = pick_at_random(dice, others, count)
    events = [Event("referee", team_id, picks, ",".join(picked) or "none", {"inducement": referee, "ejection": True})]
    for other in picked:
        board, gone = leave_pitch_sent_off(ruleset, board, board.player(other), dice, DefaultDecisions(), referee)
        events.extend(gone)
    return attrs.evolve(argued, state=attrs.evolve(argued.state, board=board), events=(*argued.events, *events))


def may_argue(ruleset: Ruleset, state: GameState) -> bool:
    """False once either team has induced a referee in whose games nobody Argues the Call."""
    calls = pack_rules(ruleset).referee_calls
    return all(calls[r].argue for _, r in _hired(ruleset, state))


def get_the_ref_event(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The Get the Ref row of the kick-off table while a pack is in play: :func:`get_the_ref`, and when a
    hired referee has the event rolled again, the core's kick-off event step once more."""
    state, again, events = get_the_ref(ruleset, state)
    if not again:
        return state, events
    state, more = kick_off_event(ruleset, state, dice, decisions)
    return state, (*events, *more)


def get_the_ref(ruleset: Ruleset, state: GameState) -> tuple[GameState, bool, tuple[Event, ...]]:
    """A Get the Ref kick-off event with the hired referees' rules; the bool: roll the event again.

    A ``roll-again`` referee wins over the rest (the event did not happen). A ``rampage``
    referee takes the Bribes away and changes both Fan Factors instead, once per such
    referee. A ``leaves`` referee is taken off his team's inducements; the Bribes stay.
    A referee both coaches hired takes no part, as in the Foul calls (his no-argue rule still holds: :func:`may_argue`).
    """
    calls = pack_rules(ruleset).referee_calls
    hired = _taking_part(ruleset, state)
    events: list[Event] = []
    if any(calls[r].get_the_ref == "roll-again" for _, r in hired):
        referee = next(r for _, r in hired if calls[r].get_the_ref == "roll-again")
        return state, True, (Event("get-the-ref", None, (), "roll-again", {"inducement": referee}),)
    rampages = [r for _, r in hired if calls[r].get_the_ref == "rampage"]
    for team_id, referee in hired:
        if calls[referee].get_the_ref == "leaves":
            held = dict(state.team(team_id).inducements)
            held.pop(referee)
            state = state.update_team(team_id, inducements=held)
            events.append(Event("get-the-ref", team_id, (), "leaves", {"inducement": referee}))
    for referee in rampages:
        for team in state.teams:
            state = state.update_team(team.id, fan_factor=team.fan_factor + calls[referee].fan_factor)
        events.append(Event("get-the-ref", None, (), "rampage", {"inducement": referee, "fan_factor": calls[referee].fan_factor}))
    if not rampages:
        state, handed = hand_out_bribes(ruleset, state)
        events.extend(handed)
    return state, False, tuple(events)


__all__ = [
    "KIT_ARGUMENT_STEP",
    "RefereeCall",
    "argue",
    "argue_modifier",
    "argue_with_the_axe",
    "foul_call",
    "get_the_ref",
    "get_the_ref_event",
    "kit_argument",
    "kit_argument_step",
    "may_argue",
    "watch_foul",
]
