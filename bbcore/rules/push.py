"""Pushes: the push-back squares, chain pushes, the crowd, and what a variant puts at the edge.

One procedure serves the block and a variant's "push this player N squares that
way": :func:`push` moves a player one square away from a square, choosing among the
three squares beyond (or exactly one, for a push in a fixed direction), and pushes
whoever stands there first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.dice import DiceSource, roll_dice
from bbcore.rules import ball
from bbcore.rules.board import DIRECTIONS, BallState, Board, PlayerState, Square, Status, step
from bbcore.rules.decisions import Decisions, checked_choice
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, apothecary_from, injury_by_the_crowd, knock_down_with_ball, treatment_from
from bbcore.rules.trapdoors import enter_square, fell_through

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


@frozen
class BlockedSquare:
    """A square a pushed player cannot simply be moved into, and why: off-pitch, occupied, or a feature's id."""

    square: Square
    reason: str


@frozen
class PushBlocked:
    """What happens to a pushed player with nowhere free to go.

    ``outcome`` is one of:

    * ``crowd`` — into the crowd: off the pitch, an injury roll, the ball thrown in;
    * ``chain`` — push an occupied square's player on (the core's answer inside the pitch);
    * ``stays`` — the player stays in the square; with ``fall_on`` set, a D6 at or above it knocks them down;
    * ``knocked-down`` — the player stays and is knocked down;
    * ``removed`` — the player leaves the pitch for the reserves, after an injury roll if ``injury_roll``;
    * ``enters`` — the player goes into ``square`` (or the first blocked square holding a
      feature), although the feature blocks movement: a pit, say. With ``squares`` (two
      or more) the pushing coach picks one of them instead (``Decisions.push_square``).

    ``armour_modifier`` applies to the armour roll of a knock-down; ``label`` names what
    the player met (for events), e.g. ``crowd`` or a feature's id.
    """

    outcome: str
    label: str = ""
    armour_modifier: int = 0
    fall_on: int | None = None
    injury_roll: bool = False
    square: Square | None = None
    squares: tuple[Square, ...] = ()


@frozen
class PushResult:
    """A push's outcome, and whether the player moved, which square they left, and whether they left the pitch."""

    outcome: Outcome
    moved: bool
    vacated: Square | None
    left_pitch: bool = False


def direction_between(origin: Square, target: Square) -> Square:
    """The unit step from one square towards an adjacent one."""
    return ((target[0] > origin[0]) - (target[0] < origin[0]), (target[1] > origin[1]) - (target[1] < origin[1]))


def push_back_squares(square: Square, away_from: Square) -> list[Square]:
    """The three squares a player in ``square`` may be pushed to, away from ``away_from``: straight on, then either side."""
    dx, dy = direction_between(away_from, square)
    index = DIRECTIONS.index((dx, dy))
    # Turning by 45 degrees either way gives the two side squares.
    ring = [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    at = ring.index(DIRECTIONS[index])
    return [step(square, ring[at]), step(square, ring[(at - 1) % 8]), step(square, ring[(at + 1) % 8])]


def _why_blocked(board: Board, origin: Square, target: Square) -> str | None:
    """None when the square is free to push into; otherwise why not."""
    geometry = board.geometry
    if not geometry.on_pitch(target):
        return "off-pitch"
    feature = geometry.feature_at(target)
    if feature is not None and feature.blocks_movement:
        return feature.id
    edge = geometry.feature_between(origin, target)
    # A player may step over an edge feature that blocks no movement, but is never pushed
    # across one that says what a player pushed into it meets.
    if edge is not None and (edge.blocks_movement or edge.pushed_into):
        return edge.id
    if board.occupied(target):
        return "occupied"
    return None


#: Outcomes the push procedure applies by itself; a feature's ``pushed_into`` may name one of them.
GENERIC_OUTCOMES = frozenset({"crowd", "stays", "knocked-down", "removed", "enters"})


def core_push_blocked_outcome(board: Board, origin: Square, blocked: tuple[BlockedSquare, ...]) -> PushBlocked:
    """The core's answer when a pushed player has nowhere free to go.

    Off the pitch is the crowd (the pitch's ``beyond_*`` names it); otherwise an occupied
    square means a chain push; otherwise a feature whose ``pushed_into`` is one of the
    generic outcomes (``crowd``, ``stays``, ``knocked-down``, ``removed``) gives that
    outcome, so a variant can describe a pit or a stall in data alone; failing all
    that, the player stays where they are.
    """
    off = [b for b in blocked if b.reason == "off-pitch"]
    if off:
        return PushBlocked("crowd", board.geometry.beyond(off[0].square) or "crowd")
    if any(b.reason == "occupied" for b in blocked):
        return PushBlocked("chain")
    for candidate in blocked:
        feature = board.geometry.feature_at(candidate.square) or board.geometry.feature_between(origin, candidate.square)
        if feature is not None and feature.pushed_into in GENERIC_OUTCOMES:
            square = candidate.square if feature.placement == "squares" else None
            return PushBlocked(feature.pushed_into, feature.id, injury_roll=feature.pushed_into == "removed", square=square)
    return PushBlocked("stays", blocked[0].reason if blocked else "")


def push(
    ruleset: Ruleset,
    board: Board,
    pushed_id: str,
    away_from: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    chooser: str,
    attacker: PlayerState | None = None,
    direction: Square | None = None,
    stand_firm: bool = True,
    sidestep: bool = True,
    grab: bool = True,
    knocked_down: bool = False,
    depth: int = 0,
) -> PushResult:
    """Push a player one square away from ``away_from``.

    ``chooser`` is the team whose coach picks squares (the blocker's). With
    ``direction`` the push goes exactly that way (no choice). Stand Firm, Sidestep and
    the attacker's Grab apply as the skills say; ``stand_firm``/``sidestep``/``grab`` false
    switch them off (Juggernaut on a Blitz, Grab, a Blitz for Grab). ``knocked_down`` tells the push hook
    that a knock-down follows (a POW). A rooted player (Take Root) and an anchored one
    (``anchored``, see :class:`~bbcore.rules.board.PlayerState`) are never moved: a chain that reaches
    them stops there.
    """
    pushed = board.player(pushed_id)
    origin = pushed.square
    if origin is None:
        return PushResult(Outcome(board), moved=False, vacated=None)
    if (
        pushed.anchored
        or pushed.rooted
        or (stand_firm and pushed.has("stand-firm") and pushed.alert and decisions.use_skill(pushed.id, "stand-firm", "pushed"))
    ):
        held = "anchored" if pushed.anchored else "rooted" if pushed.rooted else "stood-firm"
        return PushResult(Outcome(board, (Event("push", pushed.id, (), held, {"square": list(origin)}),)), moved=False, vacated=None)

    candidates = [step(origin, direction)] if direction is not None else push_back_squares(origin, away_from)
    picker = chooser
    if direction is None and grab and attacker is not None and attacker.has("grab") and depth == 0:
        free_around = [s for s in board.neighbours(origin) if _why_blocked(board, origin, s) is None]
        if free_around and decisions.use_skill(attacker.id, "grab", "push"):
            candidates = free_around
        sidestep = False  # Grab denies Sidestep
    elif direction is None and sidestep and pushed.has("sidestep") and pushed.alert:
        free_around = [s for s in board.neighbours(origin) if _why_blocked(board, origin, s) is None]
        if free_around and decisions.use_skill(pushed.id, "sidestep", "pushed"):
            candidates, picker = free_around, pushed.team

    reasons = {square: _why_blocked(board, origin, square) for square in candidates}
    free = [s for s in candidates if reasons[s] is None]
    if free:
        target = (
            free[0] if len(free) == 1 else checked_choice(decisions.push_square(picker, free), free, question="push-square", who=picker)
        )
        return _move(ruleset, board, pushed, origin, target, dice, decisions)

    blocked = tuple(BlockedSquare(s, reasons[s] or "") for s in candidates)
    answer: PushBlocked = ruleset.hook.bbcore_push_blocked_outcome(
        ruleset=ruleset, board=board, pushed=pushed, pusher_square=away_from, blocked=blocked, knocked_down=knocked_down, dice=dice
    )
    if answer.outcome == "chain":
        occupied = [b.square for b in blocked if b.reason == "occupied"]
        target = (
            occupied[0]
            if len(occupied) == 1
            else checked_choice(decisions.push_square(chooser, occupied), occupied, question="push-square", who=chooser)
        )
        occupant = board.at(target)
        assert occupant is not None
        inner = push(
            ruleset,
            board,
            occupant.id,
            origin,
            dice,
            decisions,
            chooser=chooser,
            attacker=attacker,
            direction=direction,
            stand_firm=stand_firm,
            sidestep=sidestep,
            depth=depth + 1,
        )
        if inner.outcome.board.occupied(target):
            # The player beyond held their ground: the chain stops here.
            return PushResult(inner.outcome, moved=False, vacated=None)
        moved = _move(ruleset, inner.outcome.board, inner.outcome.board.player(pushed.id), origin, target, dice, decisions)
        return PushResult(inner.outcome.then(moved.outcome), moved=True, vacated=origin, left_pitch=moved.left_pitch)
    return _blocked_push(ruleset, board, pushed, origin, answer, dice, decisions, blocked, chooser=chooser)


def _move(
    ruleset: Ruleset, board: Board, pushed: PlayerState, origin: Square, target: Square, dice: DiceSource, decisions: Decisions
) -> PushResult:
    """The pushed player into ``target``: a square he may fall through is rolled for at once (he then leaves the pitch)."""
    board = board.with_player(pushed.moved(target))
    events = [Event("push", pushed.id, (), "pushed", {"from": list(origin), "to": list(target)})]
    entered = enter_square(ruleset, board, pushed.id, dice, decisions)
    if entered is not None:
        events.extend(entered.events)
        board = entered.board
        if fell_through(entered, pushed.id):
            return PushResult(Outcome(board, tuple(events)), moved=True, vacated=origin, left_pitch=True)
    if board.ball.carrier is None and board.ball.square == target:
        events.append(Event("ball-loose", pushed.id, (), "pushed-onto-ball", {"square": list(target)}))
    return PushResult(Outcome(board, tuple(events)), moved=True, vacated=origin)


def _blocked_push(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    origin: Square,
    answer: PushBlocked,
    dice: DiceSource,
    decisions: Decisions,
    blocked: tuple[BlockedSquare, ...] = (),
    *,
    chooser: str | None = None,
) -> PushResult:
    """Apply the push hook's answer when no square was free; ``chooser``'s coach picks among the answer's ``squares``."""
    label = answer.label or answer.outcome
    if answer.outcome == "enters":
        target = answer.square or next((b.square for b in blocked if board.geometry.feature_at(b.square) is not None), None)
        if len(answer.squares) > 1 and chooser is not None:
            offered = list(answer.squares)
            target = checked_choice(decisions.push_square(chooser, offered), offered, question="push-square", who=chooser)
        if target is not None:
            moved = _move(ruleset, board, pushed, origin, target, dice, decisions)
            event = Event("push", pushed.id, (), "entered", {"from": list(origin), "to": list(target), "label": label})
            entered = Outcome(moved.outcome.board, (event, *moved.outcome.events[1:]))  # his own event for the plain push's
            if moved.left_pitch:
                return PushResult(entered, moved=True, vacated=origin, left_pitch=True)
            feature = board.geometry.feature_at(target)
            if board.ball.carrier == pushed.id and feature is not None and feature.ball_lands:
                # A feature that takes the ball takes it from the player too; it comes back as it says.
                loose = entered.board.with_ball(BallState(square=target))
                entered = entered.then(ball.land_ball(ruleset, loose, target, dice, decisions, cause="loose"))
            return PushResult(entered, moved=True, vacated=origin)
    if answer.outcome == "crowd":
        off = next((b.square for b in blocked if b.reason == "off-pitch"), None)
        return _into_the_crowd(ruleset, board, pushed, origin, label, dice, decisions, off)
    if answer.outcome == "knocked-down" or (answer.outcome == "stays" and answer.fall_on is not None):
        return _against_something(ruleset, board, pushed, answer, label, dice, decisions)
    if answer.outcome == "removed":
        return _removed(ruleset, board, pushed, origin, answer, label, dice, decisions)
    return PushResult(Outcome(board, (Event("push", pushed.id, (), "stayed", {"label": label}),)), moved=False, vacated=None)


def _into_the_crowd(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    origin: Square,
    label: str,
    dice: DiceSource,
    decisions: Decisions,
    off: Square | None = None,
) -> PushResult:
    """Into the crowd from ``origin`` (over ``off``, the square beyond the edge, when known): an injury roll; a ball he
    held lies at ``origin`` for the crowd to throw in (a ``ball-loose`` ``throw-in`` event)."""
    carried = board.ball.carrier == pushed.id
    board = board.with_player(pushed.moved(None))
    if carried:
        board = board.with_ball(BallState(square=origin, carrier=None))
    crowd = injury_by_the_crowd(ruleset, board, pushed.id, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions))
    events: tuple[Event, ...] = (Event("push", pushed.id, (), "into-crowd", {"from": list(origin), "label": label}),)
    if carried:
        where: dict[str, object] = {"square": list(origin)} if off is None else {"square": list(origin), "off": list(off)}
        events += (Event("ball-loose", pushed.id, (), "throw-in", where),)
    return PushResult(Outcome(crowd.board, events + crowd.events), moved=True, vacated=origin, left_pitch=True)


def _against_something(
    ruleset: Ruleset, board: Board, pushed: PlayerState, answer: PushBlocked, label: str, dice: DiceSource, decisions: Decisions
) -> PushResult:
    """Slammed into something: knocked down, or (``stays`` with ``fall_on``) a D6 decides."""
    rolls: tuple[int, ...] = ()
    if answer.outcome == "stays":
        rolls = roll_dice(dice, "D6")
        if rolls[0] < (answer.fall_on or 7):
            return PushResult(
                Outcome(board, (Event("push", pushed.id, rolls, "kept-footing", {"label": label}),)), moved=False, vacated=None
            )
    # A ball he held drops where he falls and bounces (off the cobbles, as often as the pitch says).
    down = knock_down_with_ball(
        ruleset, board, pushed.id, Harm(label, armour_modifier=answer.armour_modifier), dice, decisions, apothecary_from(decisions)
    )
    return PushResult(
        Outcome(down.board, (Event("push", pushed.id, rolls, "fell", {"label": label}), *down.events)), moved=False, vacated=None
    )


def _removed(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    origin: Square,
    answer: PushBlocked,
    label: str,
    dice: DiceSource,
    decisions: Decisions,
) -> PushResult:
    events = (Event("push", pushed.id, (), "removed", {"label": label}),)
    if answer.injury_roll:
        hurt = injury_by_the_crowd(
            ruleset,
            board.with_player(pushed.moved(None)),
            pushed.id,
            dice,
            apothecary_from(decisions),
            choose_treatment=treatment_from(decisions),
        )
        return PushResult(Outcome(hurt.board, events + hurt.events), moved=True, vacated=origin, left_pitch=True)
    return PushResult(Outcome(board.with_player(pushed.with_status(Status.RESERVES)), events), moved=True, vacated=origin, left_pitch=True)


def push_in_direction(
    ruleset: Ruleset, board: Board, player_id: str, direction: Square, squares: int, dice: DiceSource, decisions: Decisions, *, chooser: str
) -> Outcome:
    """Push a player ``squares`` times straight in ``direction``, chain-pushing whoever is in the way."""
    outcome = Outcome(board)
    for _ in range(squares):
        player = outcome.board.player(player_id)
        if player.square is None:
            break
        behind = step(player.square, (-direction[0], -direction[1]))
        result = push(ruleset, outcome.board, player_id, behind, dice, decisions, chooser=chooser, direction=direction)
        outcome = outcome.then(result.outcome)
        if not result.moved or result.left_pitch:
            break
    return outcome
