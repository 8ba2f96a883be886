"""Pushes: the push-back squares, chain pushes, the crowd, and what a variant puts at the edge.

One procedure serves the block and a variant's "push this player N squares that
way": :func:`push` moves a player one square away from a square, choosing among the
three squares beyond (or exactly one, for a push in a fixed direction), and pushes
whoever stands there first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.dice import DiceSource, roll_dice
from bbcore.rules import ball
from bbcore.rules.board import DIRECTIONS, ONE_SQUARE, BallState, Board, PlayerState, Square, Status, nearest_square, step
from bbcore.rules.decisions import Decisions, checked_choice
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, apothecary_from, injury_by_the_crowd, knock_down_with_ball, treatment_from
from bbcore.rules.trapdoors import enter_square

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


#: A roll a push still owes, made on the board as it stands when it is made: the crowd's
#: Injury Roll, or the roll for a square that may drop the pushed player (a trapdoor).
OwedRoll = Callable[[Board], Outcome]


@frozen
class PushResult:
    """A push's outcome, and whether the player moved, which square they left, and whether they left the pitch.

    ``owed`` holds the rolls the push has not made yet, in the order they fell due: only a
    push asked with ``owe_dice`` leaves any (see :func:`push`), and :func:`pay_owed` makes
    them. Until then ``left_pitch`` says only what is known without them (the crowd, not a
    trapdoor).
    """

    outcome: Outcome
    moved: bool
    vacated: Square | None
    left_pitch: bool = False
    owed: tuple[OwedRoll, ...] = ()

    def left_pitch_on(self, board: Board, pushed_id: str) -> bool:
        """Whether ``pushed_id`` has left the pitch, ``board`` being the one the owed rolls were made on (a fall through
        a square takes him off too)."""
        return self.left_pitch or (self.moved and board.player(pushed_id).square is None)


def pay_owed(outcome: Outcome, owed: tuple[OwedRoll, ...]) -> Outcome:
    """Make the rolls a push owes (``PushResult.owed``), in order, on from ``outcome``.

    Their boards and events are kept, not a turnover they may say: whose turn a fall ends is
    the pusher's to judge (a block's own carrier falling through a trapdoor is one; the
    opponent's is not)."""
    for roll in owed:
        paid = roll(outcome.board)
        outcome = Outcome(paid.board, outcome.events + paid.events, outcome.turnover)
    return outcome


def _settled(result: PushResult, pushed_id: str) -> PushResult:
    """``result`` with its owed rolls made: a pushed player who fell through a square has left the pitch."""
    if not result.owed:
        return result
    outcome = pay_owed(result.outcome, result.owed)
    return PushResult(outcome, moved=result.moved, vacated=result.vacated, left_pitch=result.left_pitch_on(outcome.board, pushed_id))


def direction_between(origin: Square, target: Square) -> Square:
    """The unit step from one square towards an adjacent one."""
    return ((target[0] > origin[0]) - (target[0] < origin[0]), (target[1] > origin[1]) - (target[1] < origin[1]))


#: The eight directions in turning order: a push's side directions are the neighbours of its own.
_RING: tuple[Square, ...] = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def push_ways(direction: Square) -> list[Square]:
    """A push's three directions: ``direction`` straight on, then 45 degrees to either side."""
    at = _RING.index(DIRECTIONS[DIRECTIONS.index(direction)])
    return [_RING[at], _RING[(at - 1) % 8], _RING[(at + 1) % 8]]


def push_back_squares(square: Square, away_from: Square) -> list[Square]:
    """The three squares a player in ``square`` may be pushed to, away from ``away_from``: straight on, then either side."""
    return [step(square, way) for way in push_ways(direction_between(away_from, square))]


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
    exclude: frozenset[Square] = frozenset(),
    squares: tuple[Square, ...] = (),
    owe_dice: bool = False,
) -> PushResult:
    """Push a player one square away from ``away_from``.

    ``chooser`` is the team whose coach picks squares (the blocker's). With
    ``direction`` the push goes exactly that way (no choice); ``exclude`` names squares
    the player may not be pushed into (the new base of a bigger player pushing him on);
    ``squares``, when given, are offered instead of the three beyond (a push whose way the
    pushing coach chooses), free ones first as ever.
    A player on a bigger base (``PlayerState.base``) moves whole: see :func:`push_base`. Stand Firm, Sidestep and
    the attacker's Grab apply as the skills say; ``stand_firm``/``sidestep``/``grab`` false
    switch them off (Juggernaut on a Blitz, Grab, a Blitz for Grab). ``knocked_down`` tells the push hook
    that a knock-down follows (a POW). A rooted player (Take Root) and an anchored one
    (``anchored``, see :class:`~bbcore.rules.board.PlayerState`) are never moved: a chain that reaches
    them stops there.

    ``owe_dice`` leaves the rolls the push brings about (the crowd's Injury Roll, a trapdoor's)
    unmade, in ``PushResult.owed``: a block decides its follow-up before any of them and
    then makes them with :func:`pay_owed`. Without it they are made before this returns.
    """
    result = _push(
        ruleset,
        board,
        pushed_id,
        away_from,
        dice,
        decisions,
        chooser=chooser,
        attacker=attacker,
        direction=direction,
        stand_firm=stand_firm,
        sidestep=sidestep,
        grab=grab,
        knocked_down=knocked_down,
        depth=depth,
        exclude=exclude,
        squares=squares,
    )
    return result if owe_dice else _settled(result, pushed_id)


def _push(
    ruleset: Ruleset,
    board: Board,
    pushed_id: str,
    away_from: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    chooser: str,
    attacker: PlayerState | None,
    direction: Square | None,
    stand_firm: bool,
    sidestep: bool,
    grab: bool,
    knocked_down: bool,
    depth: int,
    exclude: frozenset[Square],
    squares: tuple[Square, ...],
) -> PushResult:
    """:func:`push`, its rolls owed."""
    pushed = board.player(pushed_id)
    origin = pushed.square
    # Juggernaut and Grab keep only the pusher's opponents from Stand Firm and Sidestep: a team-mate further along a
    # chain push still has them (and the chain goes on with the pusher's own switches).
    team_mate = attacker is not None and pushed.team == attacker.team
    unmoved = _not_moved(board, pushed, decisions, stand_firm=stand_firm or team_mate)
    if unmoved is not None or origin is None:
        return unmoved or PushResult(Outcome(board), moved=False, vacated=None)
    if pushed.base is not ONE_SQUARE:
        return _push_base(
            ruleset,
            board,
            pushed,
            away_from,
            dice,
            decisions,
            chooser=chooser,
            attacker=attacker,
            direction=direction,
            stand_firm=stand_firm,
            knocked_down=knocked_down,
            depth=depth,
        )

    candidates = list(squares) if squares else [step(origin, direction)] if direction is not None else push_back_squares(origin, away_from)
    candidates = [s for s in candidates if s not in exclude] if exclude else candidates
    picker = chooser
    if direction is None and grab and attacker is not None and attacker.has("grab") and depth == 0:
        free_around = [s for s in board.neighbours(origin) if _why_blocked(board, origin, s) is None]
        if free_around and decisions.use_skill(attacker.id, "grab", "push"):
            candidates = free_around
        sidestep = False  # Grab denies Sidestep
    elif direction is None and (sidestep or team_mate) and pushed.has("sidestep") and pushed.alert:
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
        inner = _push(
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
            grab=True,
            knocked_down=False,
            depth=depth + 1,
            exclude=frozenset(),
            squares=(),
        )
        if inner.outcome.board.occupied(target):
            # The player beyond held their ground: the chain stops here.
            return PushResult(inner.outcome, moved=False, vacated=None, owed=inner.owed)
        moved = _move(ruleset, inner.outcome.board, inner.outcome.board.player(pushed.id), origin, target, dice, decisions)
        return PushResult(
            inner.outcome.then(moved.outcome), moved=True, vacated=origin, left_pitch=moved.left_pitch, owed=inner.owed + moved.owed
        )
    return _blocked_push(ruleset, board, pushed, origin, answer, dice, decisions, blocked, chooser=chooser, attacker=attacker)


def _not_moved(board: Board, pushed: PlayerState, decisions: Decisions, *, stand_firm: bool) -> PushResult | None:
    """The push that moves nobody: an anchored or rooted player, or one who Stands Firm; else None."""
    origin = pushed.square
    if origin is None:
        return None
    if (
        pushed.anchored
        or pushed.rooted
        or (stand_firm and pushed.has("stand-firm") and pushed.alert and decisions.use_skill(pushed.id, "stand-firm", "pushed"))
    ):
        held = "anchored" if pushed.anchored else "rooted" if pushed.rooted else "stood-firm"
        return PushResult(Outcome(board, (Event("push", pushed.id, (), held, {"square": list(origin)}),)), moved=False, vacated=None)
    return None


def _move(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    origin: Square,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    vacated: Square | None = None,
) -> PushResult:
    """The pushed player into ``target``; the roll for a square he may fall through is owed.

    ``vacated`` is the square left for a follow-up: ``origin`` unless given (a bigger base's)."""
    left = origin if vacated is None else vacated
    moved = pushed.moved(target)
    board = board.with_player(moved)
    events = [Event("push", pushed.id, (), "pushed", {"from": list(origin), "to": list(target)})]
    lying = board.ball.square
    if board.ball.carrier is None and lying in moved.squares:
        events.append(Event("ball-loose", pushed.id, (), "pushed-onto-ball", {"square": list(lying)}))

    def fall_through(now: Board) -> Outcome:
        return enter_square(ruleset, now, pushed.id, dice, decisions) or Outcome(now)

    owed = (fall_through,) if board.geometry.square_features else ()
    return PushResult(Outcome(board, tuple(events)), moved=True, vacated=left, owed=owed)


def push_base(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    away_from: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    chooser: str,
    attacker: PlayerState | None = None,
    direction: Square | None = None,
    stand_firm: bool = True,
    knocked_down: bool = False,
    depth: int = 0,
    owe_dice: bool = False,
) -> PushResult:
    """Push a player on a bigger base: the whole base moves one square.

    The three ways are read from the square of his base nearest ``away_from`` (straight on,
    then 45 degrees to either side; exactly ``direction`` when given); the coach of
    ``chooser`` picks among those whose new squares are all free, offered as the squares
    the player's ``square`` (the base's anchor) would move to. With none free the push hook
    answers as for anyone: into the crowd when a way leaves the pitch; a chain push (a way
    whose new squares hold only players: each of them is pushed on that way, never into
    the new base, and the base follows only when all are gone); or what a feature does
    (a bigger base never enters a feature's square: it stays). Sidestep and Grab do not
    move a bigger base. The square left for a follow-up is the base's square nearest
    ``away_from``. ``owe_dice`` is as for :func:`push`.
    """
    result = _push_base(
        ruleset,
        board,
        pushed,
        away_from,
        dice,
        decisions,
        chooser=chooser,
        attacker=attacker,
        direction=direction,
        stand_firm=stand_firm,
        knocked_down=knocked_down,
        depth=depth,
    )
    return result if owe_dice else _settled(result, pushed.id)


def _push_base(
    ruleset: Ruleset,
    board: Board,
    pushed: PlayerState,
    away_from: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    chooser: str,
    attacker: PlayerState | None,
    direction: Square | None,
    stand_firm: bool,
    knocked_down: bool,
    depth: int,
) -> PushResult:
    """:func:`push_base`, its rolls owed."""
    origin = pushed.square
    assert origin is not None
    old = set(pushed.squares)
    nearest = nearest_square(pushed.squares, away_from)
    ways = [direction] if direction is not None else push_ways(direction_between(away_from, nearest))
    # Each way: the anchor it leads to, and the squares the base would newly cover with why each is not free.
    options: list[tuple[Square, Square, dict[Square, str | None]]] = []
    for way in ways:
        anchor = step(origin, way)
        entered = [s for s in pushed.moved(anchor).squares if s not in old]
        options.append((way, anchor, {s: _why_blocked(board, step(s, (-way[0], -way[1])), s) for s in entered}))

    def vacated_by(anchor: Square) -> Square | None:
        return None if nearest in pushed.moved(anchor).squares else nearest

    def chosen(anchors: list[Square]) -> Square:
        return (
            anchors[0]
            if len(anchors) == 1
            else checked_choice(decisions.push_square(chooser, anchors), anchors, question="push-square", who=chooser)
        )

    free = [anchor for _, anchor, reasons in options if not any(reasons.values())]
    if free:
        target = chosen(free)
        return _move(ruleset, board, pushed, origin, target, dice, decisions, vacated=vacated_by(target))
    reasons_by_square: dict[Square, str] = {}
    for _, _, reasons in options:
        for square, reason in reasons.items():
            if reason is not None:
                reasons_by_square.setdefault(square, reason)
    blocked = tuple(BlockedSquare(s, r) for s, r in reasons_by_square.items())
    answer: PushBlocked = ruleset.hook.bbcore_push_blocked_outcome(
        ruleset=ruleset, board=board, pushed=pushed, pusher_square=away_from, blocked=blocked, knocked_down=knocked_down, dice=dice
    )
    crowded = [(way, anchor, reasons) for way, anchor, reasons in options if all(r in (None, "occupied") for r in reasons.values())]
    if answer.outcome == "chain" and crowded:
        target = chosen([anchor for _, anchor, _ in crowded])
        way, _, reasons = next(option for option in crowded if option[1] == target)
        landing = frozenset(pushed.moved(target).squares)
        outcome = Outcome(board)
        owed: tuple[OwedRoll, ...] = ()
        in_the_way = [occupant.id for s, r in reasons.items() if r is not None and (occupant := board.at(s)) is not None]
        for occupant_id in dict.fromkeys(in_the_way):
            there = outcome.board.player(occupant_id).square
            if there is None or there not in landing:
                continue
            inner = _push(
                ruleset,
                outcome.board,
                occupant_id,
                step(there, (-way[0], -way[1])),
                dice,
                decisions,
                chooser=chooser,
                attacker=attacker,
                direction=direction,
                stand_firm=stand_firm,
                sidestep=True,
                grab=True,
                knocked_down=False,
                depth=depth + 1,
                exclude=landing,
                squares=(),
            )
            outcome = outcome.then(inner.outcome)
            owed += inner.owed
        after = outcome.board
        if any((p := after.at(s)) is not None and p.id != pushed.id for s in landing):
            return PushResult(outcome, moved=False, vacated=None, owed=owed)  # someone beyond held his ground: the chain stops
        moved = _move(ruleset, after, after.player(pushed.id), origin, target, dice, decisions, vacated=vacated_by(target))
        return PushResult(
            outcome.then(moved.outcome), moved=True, vacated=moved.vacated, left_pitch=moved.left_pitch, owed=owed + moved.owed
        )
    if answer.outcome in ("chain", "enters"):
        label = answer.label or answer.outcome
        return PushResult(Outcome(board, (Event("push", pushed.id, (), "stayed", {"label": label}),)), moved=False, vacated=None)
    return _blocked_push(ruleset, board, pushed, origin, answer, dice, decisions, blocked, chooser=chooser, attacker=attacker)


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
    attacker: PlayerState | None = None,
) -> PushResult:
    """Apply the push hook's answer when no square was free; ``chooser``'s coach picks among the answer's ``squares``;
    ``attacker`` (who pushed) is named on an injury by the crowd."""
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
            feature = board.geometry.feature_at(target)
            if board.ball.carrier == pushed.id and feature is not None and feature.ball_lands:
                # A feature that takes the ball takes it from the player too; it comes back as it says.
                loose = entered.board.with_ball(BallState(square=target))
                entered = entered.then(ball.land_ball(ruleset, loose, target, dice, decisions, cause="loose"))
            return PushResult(entered, moved=True, vacated=origin, owed=moved.owed)
    if answer.outcome == "crowd":
        off = next((b.square for b in blocked if b.reason == "off-pitch"), None)
        return _into_the_crowd(ruleset, board, pushed, origin, label, dice, decisions, off, attacker)
    if answer.outcome == "knocked-down" or (answer.outcome == "stays" and answer.fall_on is not None):
        return _against_something(ruleset, board, pushed, answer, label, dice, decisions)
    if answer.outcome == "removed":
        return _removed(ruleset, board, pushed, origin, answer, label, dice, decisions, attacker)
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
    attacker: PlayerState | None = None,
) -> PushResult:
    """Into the crowd from ``origin`` (over ``off``, the square beyond the edge, when known): the crowd's injury roll
    owed; a ball he held lies at ``origin`` for the crowd to throw in (a ``ball-loose`` ``throw-in`` event)."""
    carried = board.ball.carrier == pushed.id
    board = board.with_player(pushed.moved(None))
    if carried:
        board = board.with_ball(BallState(square=origin, carrier=None))
    events: tuple[Event, ...] = (Event("push", pushed.id, (), "into-crowd", {"from": list(origin), "label": label}),)
    if carried:
        where: dict[str, object] = {"square": list(origin)} if off is None else {"square": list(origin), "off": list(off)}
        events += (Event("ball-loose", pushed.id, (), "throw-in", where),)
    owed = (_crowd_injury(ruleset, pushed.id, dice, decisions, attacker),)
    return PushResult(Outcome(board, events), moved=True, vacated=origin, left_pitch=True, owed=owed)


def _crowd_injury(ruleset: Ruleset, pushed_id: str, dice: DiceSource, decisions: Decisions, attacker: PlayerState | None) -> OwedRoll:
    """The crowd's Injury Roll for ``pushed_id``, pushed off the pitch by ``attacker``, to be made later."""

    def injury(board: Board) -> Outcome:
        return injury_by_the_crowd(
            ruleset, board, pushed_id, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions), pushed_by=attacker
        )

    return injury


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
    attacker: PlayerState | None = None,
) -> PushResult:
    events = (Event("push", pushed.id, (), "removed", {"label": label}),)
    if answer.injury_roll:
        owed = (_crowd_injury(ruleset, pushed.id, dice, decisions, attacker),)
        return PushResult(Outcome(board.with_player(pushed.moved(None)), events), moved=True, vacated=origin, left_pitch=True, owed=owed)
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
