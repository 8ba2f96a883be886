"""Help at the kick-off: the WAAAGH! Drummer and the Master of Ballistics.

:func:`beat_the_drum` runs after the Kick-off event and before the ball lands (the
pack's ``bb2020/drummer`` start-of-drive step, :func:`drum_step`, calls it): it
rolls the ``drummers`` dice of ``pack-rules.yaml`` and, for each die of ``push_on`` or
more, pushes one opposing player on the pitch one square toward their own End Zone as
a Push Back block result would (Stand Firm, Sidestep and chain-pushes as in
:func:`bbcore.rules.push.push`, the drummer's coach picking squares). The coach names
each player with ``Decisions.agreed_choice``; each push may be turned down (none
named: no push for that die), and the same player may be named again.

:func:`advise_kick` replaces the kick's deviation for a team with the Master of
Ballistics: a roll on its D3 table (rows named by the ``ballistics`` entry) leaves the
deviation as usual, shortens it by ``shorter_by`` (not below 0), or lets the coach
move the D6 or the D8 by one of ``modifiers`` after rolling, kept within the die's
faces (``Decisions.agreed_choice`` among ``d6+1``, ``d8-2``...; none: unchanged).
The plugin's ``bbcore_kick_deviation`` answers with it (:func:`kick_with_advice`) for a
kicking team that holds a master, so the core's kick-off step deviates the ball his way;
the ball then comes down as after an ordinary kick, touchbacks and all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.table import parse_dice
from bbcore.rules.board import Board, Square, step
from bbcore.rules.events import Event, Outcome
from bbcore.rules.push import push
from bbcore.rules.sequences import GameState
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for

#: The start-of-drive step in which the drummers play.
DRUMMER_STEP = "bb2020/drummer"

if TYPE_CHECKING:
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset


def toward_own_end_zone(board: Board, team: str) -> Square:
    """The step that takes a player of ``team`` toward the End Zone it defends."""
    return (-1, 0) if team == board.home else (1, 0)


def beat_the_drum(ruleset: Ruleset, board: Board, team: str, inducement: str, dice: DiceSource, decisions: Decisions) -> Outcome:
    """The drummer's dice; each success pushes an opposing player on the pitch one square back toward their End Zone."""
    drummer = rules_for(pack_rules(ruleset).extras.drummers, inducement, "drummer")
    rolls = roll_dice(dice, drummer.dice)
    beats = sum(1 for roll in rolls if roll >= drummer.push_on)
    outcome = Outcome(board, (Event("drum", team, rolls, f"{beats} push-backs", {"inducement": inducement}),))
    for _ in range(beats):
        board = outcome.board
        targets = sorted(p.id for p in board.players.values() if p.team != team and p.on_pitch)
        if not targets:
            break
        chosen = decisions.agreed_choice(f"{team}: player to push back", targets)
        if chosen is None:
            outcome = outcome.then(Outcome(board, (Event("drum-push", team, (), "declined", {"inducement": inducement}),)))
            continue
        if chosen not in targets:
            raise UsageError(f"{chosen!r} is not an opposing player on the pitch")
        pushed = board.player(chosen)
        assert pushed.square is not None
        dx, dy = toward_own_end_zone(board, pushed.team)
        in_front = step(pushed.square, (-dx, -dy))
        outcome = outcome.then(push(ruleset, board, chosen, in_front, dice, decisions, chooser=team).outcome)
    return outcome


def drum_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The ``bb2020/drummer`` start-of-drive step (after the kick-off event): :func:`beat_the_drum` for each drummer
    a team holds, home first."""
    drummers = pack_rules(ruleset).extras.drummers
    events: list[Event] = []
    for team in state.teams:
        for inducement in sorted(i for i, count in team.inducements.items() if count > 0 and i in drummers):
            outcome = beat_the_drum(ruleset, state.board, team.id, inducement, dice, decisions)
            state = attrs.evolve(state, board=outcome.board)
            events.extend(outcome.events)
    return state, tuple(events)


def kick_with_advice(
    ruleset: Ruleset,
    state: GameState,
    kicking_team: str,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    kicker: str | None = None,
) -> tuple[Square, tuple[Event, ...]] | None:
    """The packs' answer to ``bbcore_kick_deviation``: :func:`advise_kick` for a kicking team holding a master of
    ballistics (the first, by id), else no answer. A ``kicker`` using Kick keeps his shorter deviation."""
    masters = pack_rules(ruleset).extras.ballistics
    held = sorted(i for i, count in state.team(kicking_team).inducements.items() if count > 0 and i in masters)
    return advise_kick(ruleset, target, kicking_team, held[0], dice, decisions, kicker=kicker) if held else None


def _modified(roll: int, by: int, faces: int) -> int:
    return max(1, min(faces, roll + by))


def advise_kick(
    ruleset: Ruleset, aimed: Square, team: str, inducement: str, dice: DiceSource, decisions: Decisions, *, kicker: str | None = None
) -> tuple[Square, tuple[Event, ...]]:
    """Roll on the master's table, then deviate the kick as it says: the square the ball is bound for, and the events.

    The distance die is the core's ``ball.deviate_distance``, or ``ball.kick_deviate_distance`` for a ``kicker``
    using Kick; the master's adjustments apply to it."""
    master = rules_for(pack_rules(ruleset).extras.ballistics, inducement, "master of ballistics")
    table = ruleset.inducement(inducement).table
    assert table is not None
    rolled = roll_on_table(ruleset.table(table), dice)
    row = rolled.row.id
    events = [Event("ballistics", team, rolled.rolls, row, {"inducement": inducement})]
    directions = ruleset.table("random-direction")
    (d8,) = roll_dice(dice, directions.dice or "D8")
    params = ruleset.parameters.ball
    distance_dice = params.kick_deviate_distance if kicker is not None else params.deviate_distance
    (d6,) = roll_dice(dice, distance_dice)
    _, distance_faces = parse_dice(distance_dice)
    if row == master.rows.shorter:
        d6_distance = max(0, d6 - master.shorter_by)
    elif row == master.rows.adjust:
        options = [f"{die}{by:+d}" for die in ("d6", "d8") for by in master.modifiers]
        choice = decisions.agreed_choice(f"{team}: deviation die to change", options)
        if choice is not None:
            if choice not in options:
                raise UsageError(f"{choice!r} is not one of {options}")
            by = int(choice[2:])
            if choice.startswith("d6"):
                d6 = _modified(d6, by, distance_faces)
            else:
                d8 = _modified(d8, by, 8)
            events.append(Event("ballistics-adjust", team, (), choice))
        d6_distance = d6
    else:
        d6_distance = d6
    direction = directions.row_for(d8)
    landing = step(aimed, (int(direction.values["dx"] or 0), int(direction.values["dy"] or 0)), d6_distance)
    events.append(Event("kick-deviates", team, (d8, d6), str(landing), {"distance": d6_distance, "direction": d8}))
    return landing, tuple(events)


__all__ = ["DRUMMER_STEP", "advise_kick", "beat_the_drum", "drum_step", "kick_with_advice", "toward_own_end_zone"]
