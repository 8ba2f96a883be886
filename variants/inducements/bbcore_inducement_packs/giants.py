"""The giants (the 2020 Giant Mercenary, the classic Slave Giant): hiring one, its scatter, its throws.

A giant stands on a 2x2 base. Here the base is named by its top-left square ``(x, y)``; it
covers ``(x, y)`` to ``(x + 1, y + 1)``. On the core's board a giant is one
:class:`~bbcore.rules.board.PlayerState` standing on that anchor square, made by
:func:`hire_giant` from the entry's stat line with its inducement id as ``position``: that
is how the pack's code knows a giant (``giants`` in ``pack-rules.yaml``).

:func:`giant_scatter` is the giant's own random direction: the entry's die, re-rolled while
it shows ``reroll_from`` or more, picks one of the twelve squares around the base (the
entry's ``directions``, counted clockwise from the square diagonally above-left). The giant
moves one square towards it: diagonally for a corner, straight for either of the two
squares along a side. The seeds name the dice but not the template, so that numbering is
the pack's own.

:func:`base_squares` and :func:`pushed_into_crowd` are the crowd rule: if any square of the
base is off the pitch, the whole giant is pushed into the crowd.

:func:`giant_throw_reroll` is the pack's answer to the core's ``bbcore_test_reroll``: a
giant's Throw Team-mate Passing Ability Test with a result the entry's ``throw_rerolls``
names (Fumbled) may be rolled again, the source named by the giant's inducement id. The
core's :func:`bbcore.rules.ttm.throw_team_mate` asks it, so this one works in play.

A giant's base and Tackle Zone are the core's ``PlayerState.base`` and ``reach``
(:data:`GIANT_BASE`, :func:`giant_reach` for a facing, turned with :func:`face`, read with
:func:`facing_of`), so the core's board and procedures see all four squares; the pack
answers the core's ``bbcore_steps_over`` with :func:`giant_steps_over`. What is left to a
caller is in :mod:`bbcore_inducement_packs.giant_body`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, PitchGeometry, PlayerState, Square, Status, around
from bbcore.rules.decisions import Decisions, checked_choice
from bbcore.rules.effects import transform
from bbcore.rules.events import Event
from bbcore_inducement_packs.pack_rules import Giant, pack_rules, rules_for
from bbcore_inducement_packs.spells import on_new_scale

if TYPE_CHECKING:
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The name the core gives the Passing Ability Test of a Throw Team-mate (its ``test`` event).
THROW_TEST = "throw"


#: A giant's base as offsets from its anchor, the top-left square: two squares by two.
GIANT_BASE: tuple[Square, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
#: The four ways a giant may face, as the unit step towards its front.
FACINGS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


def base_squares(anchor: Square) -> tuple[Square, ...]:
    """The four squares of a base whose top-left square is ``anchor``."""
    x, y = anchor
    return tuple((x + dx, y + dy) for dx, dy in GIANT_BASE)


def giant_reach(facing: Square) -> tuple[Square, ...]:
    """A giant's Tackle Zone facing ``facing``, as offsets from its anchor: the twelve squares round the base but the four behind."""
    if tuple(facing) not in FACINGS:
        raise UsageError(f"a giant faces one of {list(FACINGS)}, not {facing}")
    fx, fy = facing
    ring = around(GIANT_BASE)
    if fx:
        back = -1 if fx > 0 else 2
        return tuple(s for s in ring if s[0] != back)
    back = -1 if fy > 0 else 2
    return tuple(s for s in ring if s[1] != back)


def face(player: PlayerState, facing: Square) -> PlayerState:
    """The giant turned to ``facing``: its Tackle Zone (the core's ``reach``) follows."""
    return attrs.evolve(player, reach=giant_reach(facing))


def facing_of(player: PlayerState) -> Square:
    """The way a giant faces, read from its Tackle Zone."""
    reach = set(player.reach or ())
    facing = next((f for f in FACINGS if set(giant_reach(f)) == reach), None)
    if facing is None:
        raise UsageError(f"{player.id!r} is not a giant facing one of {list(FACINGS)}")
    return facing


def pushed_into_crowd(geometry: PitchGeometry, anchor: Square) -> bool:
    """True when any square of the base at ``anchor`` is off the pitch: then the whole giant goes into the crowd."""
    return not all(geometry.on_pitch(square) for square in base_squares(anchor))


def _toward(offset: int) -> int:
    """The step towards a ring square ``offset`` from the base's top-left square (the base spans offsets 0 and 1)."""
    return -1 if offset < 0 else 1 if offset > 1 else 0


def giant_scatter(ruleset: Ruleset, inducement: str, anchor: Square, dice: DiceSource) -> tuple[Square, Event]:
    """One scatter of the giant hired as ``inducement`` whose base is at ``anchor``: the new anchor and the event."""
    giant = rules_for(pack_rules(ruleset).giants, inducement, "giant")
    rolls: list[int] = []
    while True:
        rolled = sum(roll_dice(dice, giant.scatter_dice))
        rolls.append(rolled)
        if giant.reroll_from is None or rolled < giant.reroll_from:
            break
    dx, dy = giant.directions[rolled - 1]
    step = (_toward(dx), _toward(dy))
    moved = (anchor[0] + step[0], anchor[1] + step[1])
    return moved, Event("giant-scatter", inducement, tuple(rolls), f"{step[0]},{step[1]}", {"from": list(anchor), "to": list(moved)})


def body_squares(ruleset: Ruleset, player: PlayerState) -> tuple[Square, ...]:
    """The squares the player covers on the pitch: a giant's four (its base from the anchor), anyone else's one."""
    if player.square is None:
        return ()
    return base_squares(player.square) if giant_rules(ruleset, player) is not None else (player.square,)


def giant_rules(ruleset: Ruleset, player: PlayerState) -> Giant | None:
    """The giant entry of a player hired as a giant (by :func:`hire_giant`), or None for anyone else."""
    return pack_rules(ruleset).giants.get(player.position or "")


def hire_giant(
    ruleset: Ruleset, inducement: str, player_id: str, team_id: str, square: Square | None = None, facing: Square = FACINGS[0]
) -> PlayerState:
    """The giant hired as ``inducement``, a player of ``team_id`` from the entry's stat line, its ``position`` the inducement id.

    Standing on ``square`` (its base's top-left square), or in the Reserves without one;
    marked ``hired`` (for this game only). Its base is :data:`GIANT_BASE` and its Tackle
    Zone that of ``facing`` (its coach turns it with :func:`face`); the core's board reads
    both, so the giant fills its four squares and marks its front and sides in every
    procedure.
    The stat line is the entry's first profile with characteristics; one printed on the old
    scale only is read as the Frog's is (AG becomes 6 - AG, AV the old total + 1; a PA given beside it is kept).
    """
    rules_for(pack_rules(ruleset).giants, inducement, "giant")
    profile = next((p for p in ruleset.inducement(inducement).profiles if p.ma is not None or p.old_scale is not None), None)
    if profile is None:
        raise UsageError(f"the {inducement!r} inducement has no stat line")
    status = Status.RESERVES if square is None else Status.STANDING
    blank = PlayerState(
        player_id,
        team_id,
        0,
        0,
        0,
        None,
        0,
        square=square,
        status=status,
        position=inducement,
        hired=True,
        base=GIANT_BASE,
        reach=giant_reach(facing),
    )
    return transform(ruleset, blank, on_new_scale(profile))


def giant_steps_over(ruleset: Ruleset, player: PlayerState, lying: PlayerState) -> bool | None:
    """Whether a giant may step over ``lying``: his status is one its entry's ``step_over`` names. None for anyone else."""
    giant = giant_rules(ruleset, player)
    return None if giant is None else lying.status.value in giant.step_over


#: The reason a giant's coach is asked which way it faces (``Decisions.template_facing``).
GIANT_FACING = "giant-facing"


def facings_marking(board: Board, giant: PlayerState, target_id: str) -> tuple[Square, ...]:
    """The facings in which the giant, where it stands, Marks ``target_id``: all four when none does."""
    target = board.player(target_id)
    x, y = giant.square or (0, 0)
    marking = tuple(f for f in FACINGS if any((x + dx, y + dy) in target.squares for dx, dy in giant_reach(f)))
    return marking or FACINGS


def _blocked_by(events: tuple[Event, ...], upto: int, giant_id: str) -> str | None:
    """The player the giant's last block before ``events[upto]`` was against."""
    for event in reversed(events[:upto]):
        if event.kind == "block" and event.who == giant_id:
            defender = event.detail.get("defender")
            return defender if isinstance(defender, str) else None
    return None


def turn_giants(ruleset: Ruleset, state: GameState, events: tuple[Event, ...], decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """After a procedure: each Standing giant that ended a move or followed up may turn, its coach choosing.

    Asked as ``template_facing(giant, "giant-facing", facings)``; None keeps the facing. After a
    follow-up the facings are those still Marking the blocked player when any does; a giant
    facing none of them then turns to the first of them when its coach names none.
    """
    board = state.board
    told: list[Event] = []
    for at, event in enumerate(events):
        if event.kind not in ("move-ends", "follow-up") or event.who is None or event.who not in board.players:
            continue
        giant = board.player(event.who)
        if giant_rules(ruleset, giant) is None or not giant.standing:
            continue
        blocked = _blocked_by(events, at, giant.id) if event.kind == "follow-up" else None
        offered = facings_marking(board, giant, blocked) if blocked is not None and blocked in board.players else FACINGS
        now = facing_of(giant)
        answer = decisions.template_facing(giant.id, GIANT_FACING, offered)
        if answer is None:
            if now in offered:
                continue
            answer = offered[0]
        facing = checked_choice(answer, offered, question=GIANT_FACING, who=giant.id)
        board = board.with_player(face(giant, facing))
        told.append(Event(GIANT_FACING, giant.id, (), "turned" if facing != now else "kept", {"facing": list(facing)}))
    return (attrs.evolve(state, board=board), tuple(told)) if told else (state, ())


def giant_throw_reroll(ruleset: Ruleset, player: PlayerState, test: str, result: str) -> str | None:
    """The re-roll source (the giant's inducement id) for a giant's failed team-mate throw its entry lets it roll again; else None."""
    giant = giant_rules(ruleset, player)
    if giant is None or test != THROW_TEST or result not in giant.throw_rerolls:
        return None
    return player.position


__all__ = [
    "FACINGS",
    "GIANT_BASE",
    "GIANT_FACING",
    "THROW_TEST",
    "base_squares",
    "face",
    "facing_of",
    "facings_marking",
    "giant_reach",
    "giant_rules",
    "giant_scatter",
    "giant_steps_over",
    "giant_throw_reroll",
    "hire_giant",
    "pushed_into_crowd",
    "turn_giants",
]
