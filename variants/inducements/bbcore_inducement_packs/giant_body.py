"""The giant's four-square body: its facing, and the questions a whole base asks.

A hired giant (:func:`bbcore_inducement_packs.giants.hire_giant`) is one
:class:`~bbcore.rules.board.PlayerState` whose ``square`` is the top-left square of its
base, its *anchor*, with the core's ``base`` (four squares) and ``reach`` (its Tackle Zone
for its facing). The core's board and procedures read those: ``Board.at`` finds the giant
on any of its squares (so other players' moves, pushes, scatters and bounces meet it), its
Tackle Zone marks and assists only to its front and sides, it is Marked on any square,
blocks and is blocked across its whole base, interferes with a pass when any square lies
under the ruler, and :func:`bbcore.rules.movement.move` steps the whole base (never into a
Standing player nor off the pitch, over players the pack's ``bbcore_steps_over`` answer
allows, never ending on them, with a Dodge against the markers of its new squares) and
pushes the players it falls on out from under it.

:class:`GiantPitch` is the board plus a :class:`GiantBody` for each giant (anchor and facing
by name; the board's giants are turned to match), and answers what a coach or tracker asks
beyond that:

* :meth:`GiantPitch.occupant`, :meth:`GiantPitch.marks`, :meth:`GiantPitch.markers_on` and
  :meth:`GiantPitch.markers_of`: the board's answers, sorted by id;
* :meth:`GiantBody.tackle_zone`: the eight squares at its front and sides of the twelve
  around the base, never the four in the line behind it;
* :func:`giant_steps`: the eight one-square steps of the whole base with the Dodge each needs
  and its modifier (what the core's move rolls);
* :func:`fallen_over` and :func:`push_squares_from_giant`: where a player under a giant
  that Falls Over, or a player a giant pushes, may go;
* :func:`giant_push`: where a push would move the whole base (the core's three directions,
  read from the base), the crowd when any base square would leave the pitch, and the players
  a chain push moves on, with :func:`chain_push_squares` for each: what the core's
  :func:`bbcore.rules.push.push_base` then does;
* :func:`facings_after_follow_up`: the facings that still Mark the blocked player;
* :func:`giant_interferes` and :func:`giant_interference_modifier`: whether any base square
  lies under the ruler, and the core's interception modifiers for the giant with their
  negative total raised by the entry's ``interference_relief`` (never past 0).

The core plays the rest through the pack's hook answers: pushes of and by the whole base
(:func:`bbcore.rules.push.push_base`), the interference relief (``bbcore_interception_relief``),
and the turn after a move or a follow-up (:func:`~bbcore_inducement_packs.giants.turn_giants`,
from ``bbcore_after_procedure_effects``); its passes and throws are measured from its square
nearest the target (:func:`bbcore.rules.board.square_towards`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs
from attrs import field, frozen

from bbcore.errors import UsageError
from bbcore.rules.board import DIRECTIONS, Board, PlayerState, Square, around, step
from bbcore.rules.movement import dodge_modifier, step_blocked, under_base
from bbcore.rules.passing import interception_modifier, under_ruler
from bbcore_inducement_packs.giants import FACINGS, base_squares, face, facings_marking, giant_reach, giant_rules

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset
    from bbcore_inducement_packs.pack_rules import Giant

#: The eight directions in turning order, for a push's two side directions (45 degrees either way).
_RING: tuple[Square, ...] = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


@frozen
class GiantBody:
    """Where a giant stands: the top-left square of its base, and the way it faces (one of :data:`FACINGS`)."""

    player_id: str
    anchor: Square
    facing: Square = field()

    @facing.validator
    def _facing(self, _: object, value: Square) -> None:
        giant_reach(value)  # refuses a facing that is none of the four

    @property
    def squares(self) -> tuple[Square, ...]:
        """The four squares of the base."""
        return base_squares(self.anchor)

    def ring(self) -> tuple[Square, ...]:
        """The twelve squares around the base."""
        return around(self.squares)

    def behind(self) -> tuple[Square, ...]:
        """The four squares of the line behind the base, away from its facing."""
        front = set(self.tackle_zone())
        return tuple(s for s in self.ring() if s not in front)

    def tackle_zone(self) -> tuple[Square, ...]:
        """The eight squares the giant's Tackle Zone covers: its front and sides."""
        x, y = self.anchor
        return tuple((x + dx, y + dy) for dx, dy in giant_reach(self.facing))

    def turned(self, facing: Square) -> GiantBody:
        return attrs.evolve(self, facing=facing)

    def moved(self, anchor: Square) -> GiantBody:
        return attrs.evolve(self, anchor=anchor)


def _check_bodies(pitch: GiantPitch, _: object, bodies: Mapping[str, GiantBody]) -> None:
    for player_id, body in bodies.items():
        player = pitch.board.player(player_id)
        if body.player_id != player_id or player.square != body.anchor or giant_rules(pitch.ruleset, player) is None:
            raise UsageError(f"{player_id!r} is not a giant standing on the anchor square {body.anchor}")


@frozen
class GiantPitch:
    """The core's board with the bodies of the giants on it, by player id (each giant's square is its anchor).

    The core's board already knows each giant's base and Tackle Zone (``PlayerState.base``
    and ``reach``, set by :func:`~bbcore_inducement_packs.giants.hire_giant`); the bodies
    add the facing by name, and the board's giants are turned to them. ``ruleset`` says
    which players are giants (the packs' rules file, as it amends them).
    """

    ruleset: Ruleset = field(eq=False, repr=False)
    board: Board
    bodies: Mapping[str, GiantBody] = field(factory=dict, validator=_check_bodies)

    def __attrs_post_init__(self) -> None:
        turned = [face(self.board.player(pid), body.facing) for pid, body in self.bodies.items()]
        object.__setattr__(self, "board", self.board.replace_players(turned))

    def body(self, player_id: str) -> GiantBody:
        if player_id not in self.bodies:
            raise UsageError(f"{player_id!r} is not a giant on this pitch")
        return self.bodies[player_id]

    def squares_of(self, player: PlayerState) -> tuple[Square, ...]:
        """The squares a player on the pitch covers: a giant's four, anyone else's one."""
        return player.squares if player.on_pitch else ()

    def occupant(self, square: Square) -> PlayerState | None:
        """The player in a square, a giant in any square of its base."""
        return self.board.at(square)

    def marks(self, marker: PlayerState, square: Square) -> bool:
        """Whether ``marker`` (in play) covers ``square`` with its Tackle Zone: a giant's front and sides, anyone else's neighbours."""
        return self.board.marks(self.board.player(marker.id), square)

    def markers_on(self, square: Square, team: str) -> list[PlayerState]:
        """The opponents of ``team`` whose Tackle Zones cover ``square``."""
        return sorted(self.board.markers_on(square, team), key=lambda p: p.id)

    def markers_of(self, player: PlayerState) -> list[PlayerState]:
        """The opponents marking the player on any square of his base, sorted by id (the board's answer)."""
        return sorted(self.board.markers_of(player), key=lambda p: p.id)

    def with_body(self, body: GiantBody, board: Board | None = None) -> GiantPitch:
        """The pitch with a giant's body changed, its player moved onto the new anchor (on ``board`` if given)."""
        board = board or self.board
        board = board.with_player(board.player(body.player_id).moved(body.anchor))
        return GiantPitch(self.ruleset, board, {**self.bodies, body.player_id: body})


@frozen
class GiantStep:
    """One possible step of a giant's whole base.

    ``over``: the downed players under the new base, stepped over; ``may_end``: none is, so
    the giant may stop there; ``dodge``: the giant is Marked where it stands and must Dodge;
    ``dodge_modifier``: for that Dodge.
    """

    direction: Square
    anchor: Square
    over: tuple[str, ...]
    may_end: bool
    dodge: bool
    dodge_modifier: int


def _giant(pitch: GiantPitch, giant_id: str) -> tuple[PlayerState, GiantBody, Giant]:
    player = pitch.board.player(giant_id)
    rules = giant_rules(pitch.ruleset, player)
    assert rules is not None  # the pitch checks its bodies are giants
    return player, pitch.body(giant_id), rules


def giant_steps(ruleset: Ruleset, pitch: GiantPitch, giant_id: str) -> tuple[GiantStep, ...]:
    """The steps the giant may take from where it stands, in the core's order of directions.

    Each is what :func:`bbcore.rules.movement.move` would do with it: the core says which
    steps are blocked (:func:`~bbcore.rules.movement.step_blocked`), whom the base would
    stand over (:func:`~bbcore.rules.movement.under_base`) and the Dodge's modifier
    (:func:`~bbcore.rules.movement.dodge_modifier`).
    """
    player, body, _ = _giant(pitch, giant_id)
    without = pitch.board.without(giant_id)
    marked = bool(pitch.board.markers_of(player))
    steps: list[GiantStep] = []
    for direction in DIRECTIONS:
        anchor = step(body.anchor, direction)
        if step_blocked(ruleset, without, player, body.anchor, anchor) is not None:
            continue
        under = tuple(p.id for p in under_base(without, player.moved(anchor)))
        modifier = dodge_modifier(ruleset, without, player, body.anchor, anchor) if marked else 0
        steps.append(GiantStep(direction, anchor, under, not under, marked, modifier))
    return tuple(steps)


@frozen
class PushSquares:
    """Where a pushed player may go: the free squares, else the others (off the pitch or taken) for the core's rules."""

    free: tuple[Square, ...]
    blocked: tuple[Square, ...]


def _split(pitch: GiantPitch, squares: list[Square]) -> PushSquares:
    free = tuple(s for s in squares if pitch.board.geometry.on_pitch(s) and pitch.occupant(s) is None)
    return PushSquares(free, tuple(s for s in squares if s not in free))


def _away_from_base(anchor: Square, square: Square) -> Square:
    """The unit step from the base at ``anchor`` towards a square outside it."""
    x, y = anchor
    dx = -1 if square[0] < x else 1 if square[0] > x + 1 else 0
    dy = -1 if square[1] < y else 1 if square[1] > y + 1 else 0
    return dx, dy


def _three(direction: Square) -> list[Square]:
    """A push's directions: straight on, then 45 degrees to either side (the core's order)."""
    at = _RING.index(direction)
    return [direction, _RING[(at - 1) % 8], _RING[(at + 1) % 8]]


def push_squares_from_giant(pitch: GiantPitch, giant_id: str, pushed_id: str) -> PushSquares:
    """The squares a player next to a giant's base may be pushed to by it: the core's three, read from the base."""
    body = pitch.body(giant_id)
    pushed = pitch.board.player(pushed_id)
    if pushed.square is None or pushed.square in body.squares or pushed.square not in body.ring():
        raise UsageError(f"{pushed_id!r} is not next to the base of {giant_id!r}")
    direction = _away_from_base(body.anchor, pushed.square)
    return _split(pitch, [step(pushed.square, d) for d in _three(direction)])


def fallen_over(pitch: GiantPitch, giant_id: str) -> dict[str, PushSquares]:
    """After a giant Falls Over while stepping over downed players: each player under its base and the squares they may go to.

    Its coach pushes each one square, as with a Push Back: any neighbouring square outside
    the base, the free ones first.
    """
    body = pitch.body(giant_id)
    under = sorted({p.id for s in body.squares if (p := pitch.occupant(s)) is not None and p.id != giant_id})
    result: dict[str, PushSquares] = {}
    for player_id in under:
        square = pitch.board.player(player_id).square
        assert square is not None
        result[player_id] = _split(pitch, [step(square, d) for d in _RING if step(square, d) not in body.squares])
    return result


@frozen
class GiantPushOption:
    """One way a pushed giant's base may go: its new anchor, whether a square leaves the pitch, and who is in the squares it enters."""

    direction: Square
    anchor: Square
    off_pitch: bool
    occupants: tuple[str, ...]


@frozen
class GiantPush:
    """How a giant is pushed: ``free`` (choose among ``options``), ``crowd`` (the whole giant), or ``chain``.

    With ``chain`` each option pushes its ``occupants`` on in turn.
    """

    kind: str
    options: tuple[GiantPushOption, ...]


def giant_push(pitch: GiantPitch, giant_id: str, pusher_square: Square) -> GiantPush:
    """Where a giant pushed from ``pusher_square`` (next to its base) may go, read as the core reads a one-square push.

    The empty places come first; with none, any that puts a base square off the pitch sends
    the giant into the crowd; otherwise the giant goes into occupied squares and their
    players are chain-pushed (:func:`chain_push_squares`).
    """
    body = pitch.body(giant_id)
    if pusher_square not in body.ring():
        raise UsageError(f"{pusher_square} is not next to the base of {giant_id!r}")
    away = _away_from_base(body.anchor, pusher_square)
    direction = (-away[0], -away[1])
    options: list[GiantPushOption] = []
    for d in _three(direction):
        anchor = step(body.anchor, d)
        squares = base_squares(anchor)
        off = not all(pitch.board.geometry.on_pitch(s) for s in squares)
        occupants = sorted({p.id for s in squares if (p := pitch.occupant(s)) is not None and p.id != giant_id})
        options.append(GiantPushOption(d, anchor, off, tuple(occupants)))
    free = tuple(o for o in options if not o.off_pitch and not o.occupants)
    if free:
        return GiantPush("free", free)
    if any(o.off_pitch for o in options):
        return GiantPush("crowd", tuple(o for o in options if o.off_pitch))
    return GiantPush("chain", tuple(options))


def chain_push_squares(pitch: GiantPitch, option: GiantPushOption, occupant_id: str) -> PushSquares:
    """Where a player in the way of a pushed giant's base goes: the core's three squares in the push's direction, off the new base."""
    square = pitch.board.player(occupant_id).square
    if square is None or occupant_id not in option.occupants:
        raise UsageError(f"{occupant_id!r} is not in the way of that push")
    landing = base_squares(option.anchor)
    return _split(pitch, [s for s in (step(square, d) for d in _three(option.direction)) if s not in landing])


def facings_after_follow_up(pitch: GiantPitch, giant_id: str, blocked_id: str) -> tuple[Square, ...]:
    """The facings a giant may take after following up: those still Marking the blocked player, or any if none can
    (:func:`~bbcore_inducement_packs.giants.facings_marking`, which the pack's turn after a follow-up asks)."""
    pitch.body(giant_id)  # refuses a player who is no giant on this pitch
    return facings_marking(pitch.board, pitch.board.player(giant_id), blocked_id)


def giant_interferes(ruleset: Ruleset, pitch: GiantPitch, giant_id: str, passer_square: Square, landing: Square) -> bool:
    """Whether the giant, in play, has a base square under the ruler from the passer to where the ball lands (those two squares apart)."""
    player, body, _ = _giant(pitch, giant_id)
    if not pitch.board.in_play(player):
        return False
    width = ruleset.parameters.passing.ruler_width
    return any(under_ruler(passer_square, landing, s, width) for s in body.squares if s not in (passer_square, landing))


def giant_interference_modifier(ruleset: Ruleset, pitch: GiantPitch, giant_id: str, accuracy: str, *, weather: int = 0) -> int:
    """The giant's interception modifier, as the core's roll takes it: markers on any base square, the negatives
    eased by the entry's ``interference_relief`` (never past 0) through the core's ``bbcore_interception_relief``."""
    player, _, _ = _giant(pitch, giant_id)
    return interception_modifier(ruleset, pitch.board, player, accuracy, weather=weather)


__all__ = [
    "FACINGS",
    "GiantBody",
    "GiantPitch",
    "GiantPush",
    "GiantPushOption",
    "GiantStep",
    "PushSquares",
    "chain_push_squares",
    "facings_after_follow_up",
    "fallen_over",
    "giant_interference_modifier",
    "giant_interferes",
    "giant_push",
    "giant_steps",
    "push_squares_from_giant",
]
