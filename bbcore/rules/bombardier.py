"""The Throw Bomb special action of a player with Bombardier: a bomb thrown like a pass, which explodes where it stops.

One player a turn may declare it, and he may not move first (both the caller's to
keep). :func:`throw_bomb` throws it at a square as a pass is thrown (the range, the
Passing Ability Test with its modifiers and re-rolls, the flight, one interception),
with no On the Ball and no ball: the real ball stays where it is. A thrower with Hail
Mary Pass may throw it as one.

- A fumbled bomb explodes in the thrower's square (Safe Pass keeps it from being
  fumbled: he keeps it, and it goes off harmlessly in his hands; a judgement).
- A bomb that lands on a Standing player who can catch (no No Ball) must be caught;
  missed, it explodes in his square. Caught or intercepted, the player who has it must
  throw it again at once (``Decisions.throw_target``, reason ``throw-bomb``), by the
  same rules; one with no Passing Ability fumbles it (a judgement).
- A bomb that lands anywhere else on the pitch explodes there; one thrown off the
  pitch is lost in the crowd without harm (a judgement).

The explosion (:func:`explode`) hits the player in its square, and each player next to
it on a D6 of ``special_actions.throw_bomb.adjacent_hit_on`` or more: a Standing player
hit is Knocked Down (dropping any ball he holds), a Prone or Stunned one has an Armour
Roll. The action is a turnover when a player of the thrower's team is Knocked Down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import DIRECTIONS, Board, PlayerState, Square, square_towards, step
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import KNOCKED_DOWN, Harm, apothecary_from, armour_and_injury, knock_down_with_ball, treatment_from
from bbcore.rules.passing import (
    ACCURATE,
    FUMBLED,
    HAIL_MARY_PASS,
    WILDLY_INACCURATE,
    allowed_bands,
    measure_range,
    pass_flight,
    roll_for_accuracy,
    safe_pass,
    try_interception,
)
from bbcore.rules.rerolls import RerollBudget, pro_for
from bbcore.rules.special_actions import THROW_BOMB
from bbcore.rules.ttm import pass_range, range_in_squares

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

__all__ = ["BOMBARDIER", "THROW_BOMB", "bomb_bands", "bomb_targets", "explode", "throw_bomb"]

#: The skill that lets a player declare a Throw Bomb special action.
BOMBARDIER = "bombardier"

#: The ``ball.catch_modifiers`` situation of a bomb caught off a pass, by how it was thrown.
_CATCH_SITUATION = {ACCURATE: "accurate_pass"}


def bomb_bands(board: Board) -> tuple[str, ...] | None:
    """The pass-range bands a bomb may be thrown in: those a pass may be (a Blizzard's Quick and Short:
    ``Board.open_pass_bands``), None for all. A board on which no band at all is open bars the Pass Action (an effect
    of ``pass_bands: []``), which a Throw Bomb is not: it limits no bomb."""
    return allowed_bands(board, None) or None


def bomb_targets(ruleset: Ruleset, board: Board, thrower_id: str) -> list[Square]:
    """Every square of the pitch ``thrower_id`` could throw a bomb to, the Quick band's farthest first, then each
    longer band's: the order in which a coach who only wants it away safely would pick (``DefaultDecisions`` takes
    the first). Only the bands open to a bomb count (:func:`bomb_bands`)."""
    origin = board.player(thrower_id).square
    if origin is None:
        return []
    bands = [row.id for row in ruleset.table("pass-range").rows]
    open_bands = bomb_bands(board)
    found: list[tuple[int, int, Square]] = []
    for x in range(board.geometry.pitch.length):
        for y in range(board.geometry.pitch.width):
            band = pass_range(ruleset, origin, (x, y)) if (x, y) != origin else None
            if band is not None and (open_bands is None or band.id in open_bands):
                found.append((bands.index(band.id), -range_in_squares(origin, (x, y)), (x, y)))
    return [square for *_, square in sorted(found)]


def throw_bomb(
    ruleset: Ruleset,
    board: Board,
    thrower_id: str,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    weather: Mapping[str, int] | None = None,
    hail_mary: bool = False,
) -> Outcome:
    """``thrower_id``, Standing with Bombardier, throws a bomb at ``target`` (see the module).

    ``hail_mary`` throws it as a Hail Mary Pass (the thrower needs that skill too): any square of the pitch,
    never Accurate, never intercepted. A player who must throw it on throws it the usual way.

    ``team_reroll`` is how many team re-rolls his team may spend on its own players' Passing
    Ability Tests; ``weather`` holds more modifiers by test (``pass``, ``pass-action``,
    ``interception``, ``catch``), as for :func:`bbcore.rules.passing.pass_ball` (empty in a game the core runs). Each throw is a
    ``throw-bomb`` event (result the band), followed by its test, flight, interception or
    catch, and a ``bomb`` event saying how it ended (``exploded``, ``caught``, ``intercepted``,
    ``crowd`` or ``kept``) with the explosion's events after it. A thrower without the skill or
    not Standing, or a target out of range or in a band the board does not allow (a Blizzard's
    Long Pass or Hail Mary: :func:`bomb_bands`), raises :class:`~bbcore.errors.UsageError`.
    """
    thrower = board.player(thrower_id)
    if not thrower.has(BOMBARDIER):
        raise UsageError(f"{thrower_id} has no Bombardier to throw a bomb with")
    if not thrower.standing or thrower.square is None:
        raise UsageError(f"{thrower_id} cannot throw a bomb: he is not Standing on the pitch")
    if not board.geometry.on_pitch(target):
        raise UsageError(f"the target square {target} is off the pitch")
    if hail_mary and not thrower.has(HAIL_MARY_PASS):
        raise UsageError(f"{thrower_id} cannot throw a bomb as a Hail Mary Pass: he does not have the skill")
    weather = weather or {}
    active_team = thrower.team
    budget = RerollBudget(int(team_reroll), pro=pro_for(ruleset, thrower_id))
    events: list[Event] = []
    holder: str | None = thrower_id
    aim: Square | None = target
    while holder is not None:
        player = board.player(holder)
        if aim is None and player.pa is not None:
            squares = bomb_targets(ruleset, board, holder)
            aim = decisions.throw_target(holder, THROW_BOMB, squares)
            if aim not in squares:
                raise UsageError(f"{holder} cannot throw the bomb to {aim}: it is out of range")
        own = budget if player.team == active_team else RerollBudget()
        thrown, holder, left = _one_throw(
            ruleset, board, player, aim, dice, decisions, own, weather, hail_mary=hail_mary and holder == thrower_id
        )
        if player.team == active_team:
            budget = left
        board = thrown.board
        events.extend(thrown.events)
        aim = None
    knocked = {e.who for e in events if e.kind == KNOCKED_DOWN and e.who is not None}
    turnover = any(board.player(pid).team == active_team for pid in knocked if pid in board.players)
    return Outcome(board, tuple(events), turnover=turnover)


def _one_throw(
    ruleset: Ruleset,
    board: Board,
    thrower: PlayerState,
    target: Square | None,
    dice: DiceSource,
    decisions: Decisions,
    budget: RerollBudget,
    weather: Mapping[str, int],
    *,
    hail_mary: bool = False,
) -> tuple[Outcome, str | None, RerollBudget]:
    """One throw of the bomb (``target`` None: he cannot throw, having no Passing Ability): the outcome, who must throw
    it next (None when it is done), the budget left."""
    assert thrower.square is not None
    if target is None or thrower.pa is None:
        fumbled = Event("bomb", thrower.id, (), "exploded", {"square": list(thrower.square), "why": "no-passing-ability"})
        return _then_explode(ruleset, board, thrower, thrower.square, (fumbled,), dice, decisions), None, budget
    band = measure_range(ruleset, thrower, target, hail_mary=hail_mary, open_bands=bomb_bands(board))
    range_ = range_in_squares(square_towards(thrower, target), target)
    declared = Event(THROW_BOMB, thrower.id, (), band.id, {"target": list(target), "range": range_, "hail_mary": hail_mary})
    rolled, budget = roll_for_accuracy(
        ruleset,
        board,
        thrower.id,
        target,
        band,
        dice,
        decisions,
        budget,
        weather=weather.get("pass", 0) + weather.get("pass-action", 0),
        hail_mary=hail_mary,
    )
    events = (declared, *rolled.events)
    accuracy = rolled.verdict.result
    if accuracy == FUMBLED:
        if safe_pass(thrower, rolled):
            return Outcome(board, (*events, Event("bomb", thrower.id, (), "kept", {"square": list(thrower.square)}))), None, budget
        fumbled = Event("bomb", thrower.id, (), "exploded", {"square": list(thrower.square), "why": "fumbled"})
        return _then_explode(ruleset, board, thrower, thrower.square, (*events, fumbled), dice, decisions), None, budget
    thrown, holder = _in_flight(
        ruleset, board, thrower, target, accuracy, events, dice, decisions, weather, may_be_intercepted=not hail_mary
    )
    return thrown, holder, budget


def _in_flight(
    ruleset: Ruleset,
    board: Board,
    thrower: PlayerState,
    target: Square,
    accuracy: str,
    events: tuple[Event, ...],
    dice: DiceSource,
    decisions: Decisions,
    weather: Mapping[str, int],
    *,
    may_be_intercepted: bool = True,
) -> tuple[Outcome, str | None]:
    """The bomb, thrown well enough not to be fumbled, flies, may be intercepted, and lands: the outcome, and who must
    throw it next."""
    landing, _, flight = pass_flight(ruleset, board, thrower, target, accuracy, dice)
    events = (*events, flight)
    if may_be_intercepted and accuracy != WILDLY_INACCURATE:
        tried = try_interception(ruleset, board, thrower.id, landing, accuracy, dice, decisions, weather=weather.get("interception", 0))
        if tried is not None:
            interceptor, tested = tried
            events = (*events, *tested)
            if interceptor is not None:
                return Outcome(board, (*events, Event("bomb", interceptor, (), "intercepted"))), interceptor
    if not board.geometry.on_pitch(landing):
        return Outcome(board, (*events, Event("bomb", thrower.id, (), "crowd", {"square": list(landing)}))), None
    catcher = board.at(landing)
    # A Distracted catcher is still named: try_to_catch fails him without a roll, and the bomb goes off on him.
    if catcher is not None and catcher.standing and not ball.holds_no_ball(ruleset, catcher):
        situation = _CATCH_SITUATION.get(accuracy, "inaccurate_pass")
        caught, tested_catch = ball.try_to_catch(
            ruleset, board, catcher.id, dice, situation=situation, modifier=weather.get("catch", 0), decisions=decisions
        )
        events = (*events, tested_catch)
        if caught:
            return Outcome(board, (*events, Event("bomb", catcher.id, (), "caught"))), catcher.id
    resting = Event("bomb", thrower.id, (), "exploded", {"square": list(landing)})
    return _then_explode(ruleset, board, thrower, landing, (*events, resting), dice, decisions), None


def _then_explode(
    ruleset: Ruleset,
    board: Board,
    thrower: PlayerState,
    square: Square,
    events: tuple[Event, ...],
    dice: DiceSource,
    decisions: Decisions,
) -> Outcome:
    blast = explode(ruleset, board, square, dice, decisions, thrower=thrower)
    return Outcome(blast.board, (*events, *blast.events))


def explode(
    ruleset: Ruleset, board: Board, square: Square, dice: DiceSource, decisions: Decisions, *, thrower: PlayerState | None = None
) -> Outcome:
    """A bomb goes off in ``square``: the player there is hit, and each player next to it (in the order of
    ``bbcore.rules.board.DIRECTIONS``) on a D6 of ``special_actions.throw_bomb.adjacent_hit_on`` or more; each hit
    is a ``bomb-hit`` event. A Standing player hit is Knocked Down (a ball he held drops); a Prone or Stunned one has
    an Armour Roll. ``thrower`` is the Harm's attacker against his opponents (for Violent Innovator). The outcome is never a turnover by
    itself: :func:`throw_bomb` says whose it is."""
    hits_on = ruleset.parameters.special_actions.throw_bomb.adjacent_hit_on
    events: list[Event] = []
    struck: list[str] = []
    centre = board.at(square)
    if centre is not None:
        struck.append(centre.id)
        events.append(Event("bomb-hit", centre.id, (), "hit", {"square": list(square)}))
    for direction in DIRECTIONS:
        near = board.at(step(square, direction))
        if near is None:
            continue
        (roll,) = roll_dice(dice, "D6")
        hit = roll >= hits_on
        events.append(Event("bomb-hit", near.id, (roll,), "hit" if hit else "missed", {"square": list(square)}))
        if hit:
            struck.append(near.id)
    apothecary = apothecary_from(decisions)
    for player_id in struck:
        player = board.player(player_id)
        # Only an opponent's casualty may count as the thrower's.
        harm = Harm(THROW_BOMB, attacker=thrower if thrower is not None and thrower.team != player.team else None)
        if player.standing:
            down = knock_down_with_ball(ruleset, board, player_id, harm, dice, decisions, apothecary)
        else:
            down = armour_and_injury(ruleset, board, player_id, harm, dice, apothecary, choose_treatment=treatment_from(decisions))
        board = down.board
        events.extend(down.events)
    return Outcome(board, tuple(events))
