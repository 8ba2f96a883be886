"""Movement: standing up, stepping, rushing, dodging, jumping, crossing what lies between squares, and picking up the ball.

:func:`move` walks a player along a path one square (or one jump) at a time. For
each step the order of rolls is: the Rush rolls the step needs, then the Dodge (or
the Jump test), then any risk of crossing a pitch feature, then picking up a ball
lying in the square. A failed roll makes the player fall over, which ends the move
and is a turnover. The numbers come from the ``movement`` and ``targets``
parameters; what a feature costs comes through the ``bbcore_crossing`` hook.

Skills handled here: Jump Up on standing up; Dodge, Tackle, Stunty, Titchy, Two Heads,
Prehensile Tail and Break Tackle on dodges; Sure Feet, Sprint and Drunkard on rushes;
Leap, Pogo and Very Long Legs on jumps; Loner on team re-rolls (see
:mod:`bbcore.rules.rerolls`).

The markers of the square a player leaves by a Dodge or a Jump may act, each skill by
one of them only (the first whose coach uses it, by id): Tentacles may hold him in his
square (the move ends there, ``move-ends`` result ``held``, no turnover, and with it his
activation: a tracker lets him do nothing more, a Blitzer makes no block); Diving Tackle,
offered only when its modifier would fail a roll that passed, fails it and lies Prone
in the square left; Shadowing follows a Dodge into the square left, as many times a
turn as the shadowing player's MA (every roll counts, followed or not, in his
``turn_uses``, which :func:`bbcore.rules.board.clear_turn_uses` clears as turns start and
end); Arm Bar adds its bonus to the Armour or Injury Roll of a player who falls.

A Chomped player (``PlayerState.chomped_by``, held by an opponent who still Marks him:
:meth:`bbcore.rules.board.Board.chompers_of`) leaves his square by no move of his own: a
path for him is refused, he is offered no free move, and he neither shadows, dives nor
takes Hit and Run's step.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, passes, roll_dice
from bbcore.errors import UsageError
from bbcore.hooktrace import active_trace
from bbcore.plugins import CORE_PLUGIN
from bbcore.rules import ball
from bbcore.rules.ball import MY_BALL
from bbcore.rules.board import (
    DIRECTIONS,
    ONE_SQUARE,
    BallState,
    Board,
    PlayerState,
    Square,
    Status,
    adjacent,
    nearest_square,
    next_to,
    step,
)
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import KEPT_FOOTING, Harm, apothecary_from, knock_down, steady_footing, treatment_from
from bbcore.rules.push import push
from bbcore.rules.rerolls import (
    PRO,
    ExtraBonus,
    ExtraReroll,
    Judge,
    RerollBudget,
    Verdict,
    offer_pro,
    plugin_reroll,
    pro_for,
    take_test,
    target_test,
    team_rerolls_left,
)
from bbcore.rules.trapdoors import enter_square, fell_through

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


@frozen
class Crossing:
    """What one step costs beyond the usual square, and how risky it is.

    ``cost`` is extra movement spent; ``risk`` makes the player roll a D6 and fall over on
    that number or lower (0: no roll). When both are set the player chooses one way:
    carefully, paying the cost, or recklessly, taking the risk.
    """

    cost: int = 0
    risk: int = 0


def core_crossing(board: Board, origin: Square, target: Square) -> Crossing:
    """The core's answer: the edge feature between the squares, from the pitch data, or nothing."""
    feature = board.geometry.feature_between(origin, target)
    if feature is None:
        return _NO_CROSSING
    return Crossing(feature.crossing_cost, feature.crossing_risk)


#: The skill of a marker who makes a fall leaving his Tackle Zone hurt more; also the cause named on that fall's rolls.
ARM_BAR = "arm-bar"
#: The skill of a marker who may follow a dodger into the square he left, as many times a turn as his MA.
SHADOWING = "shadowing"

#: A plain step: shared, since steps are planned by the thousand and a Crossing never changes.
_NO_CROSSING = Crossing()


@frozen
class Jump:
    """One jump in a path: over the adjacent square ``over`` into ``to``, adjacent to it but not to the jumper."""

    over: Square
    to: Square


@frozen
class MoveProgress:
    """What an activation has spent so far: movement, rushes, once-per-turn skills, and team re-rolls left.

    Read it from a move's outcome with :meth:`after` to carry on moving later in the same
    activation (a Blitz moving again after its block).
    """

    ma_used: int = 0
    rushes_used: int = 0
    spent: frozenset[str] = frozenset()
    team_rerolls: int = 0

    @classmethod
    def after(cls, outcome: Outcome, player_id: str) -> MoveProgress:
        """The progress recorded by the last ``move-ends`` event of the player in ``outcome``."""
        for event in reversed(outcome.events):
            if event.kind == "move-ends" and event.who == player_id:
                detail = event.detail
                return cls(int(detail["ma_used"]), int(detail["rushes_used"]), frozenset(detail["spent"]), int(detail["team_rerolls"]))
        return cls()

    def less(self, events: Sequence[Event]) -> MoveProgress:
        """This progress once ``events`` of the same activation (a block's, say) have spent their team re-rolls and tried
        the player's Pro: what a later leg of the move, or the movement Frenzy's second block costs, may still use."""
        tried = frozenset({PRO}) if any(e.kind == PRO for e in events) else frozenset()
        return attrs.evolve(self, spent=self.spent | tried, team_rerolls=team_rerolls_left(self.team_rerolls, events))


@frozen
class PlannedStep:
    """One planned step or jump: where from and to, what it costs, the crossing risks, and how many rushes it needs."""

    origin: Square
    target: Square
    jump: Jump | None
    cost: int
    risks: tuple[int, ...]
    rushes: int


def max_rushes(ruleset: Ruleset, player: PlayerState) -> int:
    """Rush attempts allowed in one activation: the parameter, plus Sprint's extra."""
    movement = ruleset.parameters.movement
    return movement.rushes + (movement.sprint_extra_rushes if player.has("sprint") else 0)


def stand_up_cost(ruleset: Ruleset, player: PlayerState) -> int:
    """The movement a player spends to stand up: the ``stand_up_cost`` parameter, none with Jump Up (nor its roll)."""
    return 0 if player.has("jump-up") else ruleset.parameters.movement.stand_up_cost


def stand_up_modifier(ruleset: Ruleset, board: Board, player: PlayerState) -> int:
    """What is added to a slow player's roll to stand up: Timmm-ber!'s ``movement.timmm_ber`` for each Open Standing
    team-mate next to him (Open: marked by nobody). A natural 1 fails whatever the modifier."""
    if not player.has("timmm-ber") or player.square is None:
        return 0
    helpers = sum(
        1
        for mate in board.team_players(player.team)
        if mate.id != player.id
        and mate.standing
        and next_to(mate, player)
        and not any(board.tackle_zones_on(square, mate.team) for square in mate.squares)
    )
    return helpers * ruleset.parameters.movement.timmm_ber


def rush_modifier(ruleset: Ruleset, board: Board, player: PlayerState) -> int:
    """What the player's Rush tests take: the ``rush`` modifier in force for him and the
    ``movement.rush_modifiers`` of his traits (Drunkard)."""
    traits = sum(by for trait, by in ruleset.parameters.movement.rush_modifiers.items() if player.has(trait))
    return board.modifier("rush", player) + traits


def dodge_modifier(ruleset: Ruleset, board: Board, player: PlayerState, origin: Square, target: Square) -> int:
    """The modifier to a Dodge from ``origin`` to ``target``.

    Each opposition player marking the target square counts (Titchy ones do not, and
    a Stunty dodger ignores them all); Titchy and Two Heads help the dodger; one
    Prehensile Tail among the players marking the origin square hinders.
    """
    modifiers = ruleset.parameters.movement.dodge_modifiers
    total = 0
    if not player.has("stunty"):
        markers = [p for p in markers_around(board, player, target) if not p.has("titchy")]
        total += modifiers.get("per_marker", 0) * len(markers)
    if player.has("titchy"):
        total += modifiers.get("titchy", 0)
    if player.has("two-heads"):
        total += modifiers.get("two_heads", 0)
    if any(p.has("prehensile-tail") for p in markers_around(board, player, origin)):
        total += modifiers.get("prehensile_tail", 0)
    return total + board.modifier("dodge", player)


def jump_modifier(ruleset: Ruleset, board: Board, player: PlayerState, origin: Square, target: Square) -> int:
    """The modifier to a Jump (or Leap, or Pogo) from ``origin`` to ``target``.

    The markers of whichever square has more count; a Prehensile Tail marking the
    origin adds its penalty. Leap softens the total by ``leap_reduction`` but never
    past ``leap_floor``; Pogo ignores every negative modifier. Very Long Legs adds its
    bonus to what is left.
    """
    modifiers = ruleset.parameters.movement.jump_modifiers
    markers = max(len(markers_around(board, player, origin)), len(markers_around(board, player, target)))
    total = modifiers.get("per_marker", 0) * markers
    if any(p.has("prehensile-tail") for p in markers_around(board, player, origin)):
        total += modifiers.get("prehensile_tail", 0)
    if total < 0 and player.has("pogo"):
        total = 0
    elif total < 0 and player.has("leap"):
        total = min(total + modifiers.get("leap_reduction", 0), modifiers.get("leap_floor", 0))
    return total + (modifiers.get("very_long_legs", 0) if player.has("very-long-legs") else 0)


def break_tackle_bonus(ruleset: Ruleset, player: PlayerState) -> int:
    """Break Tackle's bonus to a Dodge, by the player's Strength (the ``break_tackle`` bands)."""
    for band in ruleset.parameters.movement.break_tackle:
        if band.st_at_most is None or player.st <= band.st_at_most:
            return band.by
    return 0


def markers_around(board: Board, player: PlayerState, square: Square) -> list[PlayerState]:
    """The opponents whose tackle zones cover the player's base with him in ``square``: standing, not Distracted,
    not trapped (``Board.in_play``); each once, for a bigger base marked on several of its squares."""
    if player.base is ONE_SQUARE:
        return board.markers_on(square, player.team)
    found: dict[str, PlayerState] = {}
    for covered in player.moved(square).squares:
        for marker in board.markers_on(covered, player.team):
            found.setdefault(marker.id, marker)
    return list(found.values())


def blocking_feature(board: Board, origin: Square, target: Square) -> tuple[str, str] | None:
    """The pitch feature that keeps a player from stepping from ``origin`` into ``target``, as (its id, ``fills``
    when it fills the square or ``between`` when it stands on the edge crossed), or None."""
    geometry = board.geometry
    feature = geometry.feature_at(target)
    if feature is not None and feature.blocks_movement:
        return feature.id, "fills"
    edge = geometry.feature_between(origin, target)
    if edge is not None and edge.blocks_movement:
        return edge.id, "between"
    return None


def _blocked(board: Board, origin: Square, target: Square) -> str | None:
    """Why a player cannot enter ``target`` from ``origin``, or None."""
    if not board.geometry.on_pitch(target):
        return "it is off the pitch"
    if board.occupied(target):
        return "it is occupied"
    found = blocking_feature(board, origin, target)
    if found is None:
        return None
    feature_id, where = found
    return f"{feature_id} fills it" if where == "fills" else f"{feature_id} is in the way"


def step_blocked(ruleset: Ruleset, board: Board, player: PlayerState, origin: Square, target: Square) -> str | None:
    """Why ``player`` cannot step from ``origin`` to ``target`` on ``board`` (which is without him), or None.

    A bigger base needs every square it would cover on the pitch, clear of features that
    stop movement, and holding nobody but one-square players it may step over
    (``bbcore_steps_over``). Another bigger base, even down, is in the way: two bases never
    overlap (see "Where the rules are silent" in the procedures' explanation).
    """
    if player.base is ONE_SQUARE:
        return _blocked(board, origin, target)
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    for square in player.moved(target).squares:
        if not board.geometry.on_pitch(square):
            return "its base would leave the pitch"
        lying = board.at(square)
        if lying is not None and (
            lying.standing
            or lying.base is not ONE_SQUARE
            or not ruleset.hook.bbcore_steps_over(ruleset=ruleset, board=board, player=player, lying=lying)
        ):
            return f"{lying.id} is in the way of its base"
        found = blocking_feature(board, (square[0] - dx, square[1] - dy), square)
        if found is not None:
            return f"{found[0]} is in the way of its base"
    return None


def under_base(board: Board, player: PlayerState) -> list[PlayerState]:
    """The other players under the base of ``player`` where he is: the one-square players a bigger base stepped over
    (it never steps over another bigger base, so each is found by his own square)."""
    if player.base is ONE_SQUARE:
        return []
    covered = set(player.squares)
    # Each player asked for himself: the board's index shows one player per square, and here two share some.
    return sorted((p for p in board.players.values() if p.id != player.id and p.on_pitch and p.square in covered), key=lambda p: p.id)


def step_crossing(ruleset: Ruleset, board: Board, player: PlayerState, origin: Square, target: Square) -> Crossing:
    """What stepping from ``origin`` into ``target`` costs the player beyond the square (an edge feature to cross):
    the plugins' answer through ``bbcore_crossing``, else nothing."""
    answer = ruleset.hook.bbcore_crossing(ruleset=ruleset, board=board, player=player.moved(origin), origin=origin, target=target)
    return answer if answer is not None else _NO_CROSSING


def _crossings_are_plain(ruleset: Ruleset, board: Board) -> bool:
    """Whether every step on this board crosses nothing: only the core answers the crossing hook, and the
    pitch has no edge features for it to find. A path is then planned without asking at each step
    (unless a hook trace is recording the calls)."""
    if board.geometry.edge_features or active_trace() is not None:
        return False
    return all(impl.plugin_name == CORE_PLUGIN for impl in ruleset.hook.bbcore_crossing.get_hookimpls())


def _as_square(item: object) -> Square:
    if type(item) is tuple and len(item) == 2 and type(item[0]) is int and type(item[1]) is int:
        return item  # already a square: the common case, at every step of every path
    if isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(v, int) for v in item):
        return (int(item[0]), int(item[1]))
    raise UsageError(f"a path holds squares (x, y) or Jump(over, to); got {item!r}")


def plan_path(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    path: Sequence[Square | Jump],
    *,
    ma_used: int,
    rushes_used: int,
    careful_crossings: bool = True,
) -> list[PlannedStep]:
    """Check a whole path before any die is rolled and say what each step costs.

    Every step must go to an adjacent, free square on the pitch; a jump must clear a
    prone or stunned player (any square with Leap or Pogo) into a free square next
    to it but not next to the jumper. A path needing more rushes than allowed is
    refused. Where a crossing has both a cost and a risk, the player crosses
    carefully (paying the cost) when ``careful_crossings`` and the Move Allowance left
    covers it without rushing, and recklessly (rolling against the risk) otherwise.
    """
    legs: list[PlannedStep] = []
    assert player.square is not None
    current = player.square
    limit = max_rushes(ruleset, player)
    # The board without the mover: whether a square is free and what lies between two squares do not
    # depend on where along the path the mover stands, so one board serves every step.
    here = board.without(player.id)
    plain = _crossings_are_plain(ruleset, here)
    for item in path:
        jump = item if isinstance(item, Jump) else None
        if jump is not None:
            if player.base is not ONE_SQUARE:
                raise UsageError(f"{player.id} cannot jump: a player on a bigger base steps over those who are down instead")
            over, target = _as_square(jump.over), _as_square(jump.to)
            _check_jump(here, player, current, over, target)
            crossings = (step_crossing(ruleset, here, player, current, over), step_crossing(ruleset, here, player, over, target))
            cost = 2 + sum(c.cost for c in crossings)
            risks = tuple(c.risk for c in crossings if c.risk > 0)
        else:
            target = _as_square(item)
            if not adjacent(current, target):
                raise UsageError(f"{player.id} cannot step from {current} to {target}: the squares are not adjacent")
            reason = step_blocked(ruleset, here, player, current, target)
            if reason is not None:
                raise UsageError(f"{player.id} cannot step from {current} to {target}: {reason}")
            crossing = _NO_CROSSING if plain else step_crossing(ruleset, here, player, current, target)
            cost, risks = 1 + crossing.cost, ((crossing.risk,) if crossing.risk > 0 else ())
            if crossing.cost and crossing.risk:
                # Two ways over: carefully (the extra cost, never by rushing) or recklessly (the risk roll).
                carefully = careful_crossings and player.ma - ma_used >= 1 + crossing.cost
                cost, risks = (1 + crossing.cost, ()) if carefully else (1, (crossing.risk,))
        rushes = max(0, cost - max(0, player.ma - ma_used))
        if rushes_used + rushes > limit:
            raise UsageError(
                f"{player.id} would need rush number {rushes_used + rushes} to reach {target}; "
                f"at most {limit} rushes are allowed in one activation"
            )
        legs.append(PlannedStep(current, target, jump, cost, risks, rushes))
        ma_used += cost
        rushes_used += rushes
        current = target
    under = under_base(here, player.moved(current)) if legs and player.base is not ONE_SQUARE else []
    if under:
        names = ", ".join(p.id for p in under)
        raise UsageError(f"{player.id} cannot end his move at {current}: his base would rest on {names}, whom he may only step over")
    return legs


def _check_jump(board: Board, player: PlayerState, origin: Square, over: Square, target: Square) -> None:
    if not adjacent(origin, over):
        raise UsageError(f"{player.id} cannot jump over {over}: it is not next to {origin}")
    if not board.geometry.on_pitch(over):
        raise UsageError(f"{player.id} cannot jump over {over}: a jump goes over a square of the pitch")
    if not adjacent(over, target) or adjacent(origin, target) or target == origin:
        raise UsageError(
            f"{player.id} cannot jump from {origin} over {over} into {target}: it must be next to {over} and not next to {origin}"
        )
    leaper = player.has("leap") or player.has("pogo")
    lying = board.at(over)
    if not leaper and (lying is None or lying.status not in (Status.PRONE, Status.STUNNED)):
        raise UsageError(f"{player.id} can only jump over a prone or stunned player; {over} holds none (Leap or Pogo jump any square)")
    reason = _blocked(board, over, target)
    if reason is not None:
        raise UsageError(f"{player.id} cannot jump into {target}: {reason}")


def move(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    path: Sequence[Square | Jump],
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    rushes_used: int = 0,
    ma_used: int = 0,
    spent: frozenset[str] = frozenset(),
    rush_modifier: int = 0,
    careful_crossings: bool = True,
    extra_rerolls: Sequence[ExtraReroll] = (),
    extra_bonuses: Sequence[ExtraBonus] = (),
    team_reroll_barred: Collection[str] = (),
    securing: bool = False,
    leave_ball_at: Square | None = None,
) -> Outcome:
    """Move a player along ``path``, standing up first if prone, rolling for everything the steps need.

    ``team_reroll`` is how many team re-rolls the team may spend (True: one);
    ``rushes_used``, ``ma_used`` and ``spent`` (once-per-turn re-rolls and skills
    already used) carry an earlier part of the same activation over. ``rush_modifier``
    is one more modifier to each Rush (the board's conditions already hold the weather's in a
    game the core runs: :mod:`bbcore.rules.conditions`); ``careful_crossings`` chooses how to cross a feature that
    offers both ways (see :func:`plan_path`). ``extra_rerolls`` are limited re-roll
    sources the caller holds (:class:`~bbcore.rules.rerolls.ExtraReroll`), offered for
    their tests after the player's skill and any plugin's source, before a team re-roll;
    ``extra_bonuses`` (:class:`~bbcore.rules.rerolls.ExtraBonus`) are limited bonuses
    offered on a failed roll they would turn into a pass. ``team_reroll_barred`` names the
    tests (``pick-up``, ``dodge``...) on which no team re-roll may be spent for now.
    ``leave_ball_at`` (Fumblerooski) is a square the carrier moves out of, his first or
    one on the path, where he sets the ball down as he leaves it: no turnover, no bounce.
    ``securing`` makes it a Secure the Ball Action's move: stepping onto the loose ball
    makes that action's roll (:func:`bbcore.rules.ball.secure_pick_up`), not a pick-up
    (call :func:`bbcore.rules.secure_the_ball.secure_the_ball`, which checks the rest).
    The path is checked in full before any die is rolled: a
    step that is not allowed raises ``UsageError``, as does any path for a player who is
    rooted or Chomped (he may still stand up where he lies). The outcome
    ends with a ``move-ends`` event recording what was spent (:class:`MoveProgress`), and,
    when extra re-rolls or bonuses were given, their uses left under ``extra_rerolls``
    and ``extra_bonuses``.
    """
    player = board.player(player_id)
    if player.square is None or player.status not in (Status.STANDING, Status.PRONE):
        raise UsageError(f"{player_id} cannot move: they are {player.status.value}")
    if player.rooted and path:
        raise UsageError(f"{player_id} cannot move: they are rooted to their square")
    if path and (chompers := board.chompers_of(player)):
        raise UsageError(f"{player_id} cannot move: he is Chomped, held in his square by {', '.join(c.id for c in chompers)}")
    if board.trapped(player):
        raise UsageError(f"{player_id} cannot move: they are trapped in a feature of the pitch, out of play")
    params = ruleset.parameters
    budget = RerollBudget(
        int(team_reroll),
        frozenset(spent),
        tuple(extra_rerolls),
        tuple(extra_bonuses),
        frozenset(team_reroll_barred),
        pro_for(ruleset, player_id),
    )
    events: list[Event] = []
    rolls_to_stand = player.status is Status.PRONE and not player.has("jump-up") and player.ma <= params.movement.stand_up_roll_at_most_ma
    if player.status is Status.PRONE:
        # Standing takes the whole allowance for a slow player who must roll, a fixed cost for anyone else.
        ma_used = max(ma_used, player.ma) if rolls_to_stand else ma_used + stand_up_cost(ruleset, player)
    standing = player.with_status(Status.STANDING)
    legs = plan_path(ruleset, board, standing, path, ma_used=ma_used, rushes_used=rushes_used, careful_crossings=careful_crossings)
    if leave_ball_at is not None:
        _check_fumblerooski(board, player_id, path, leave_ball_at)
    state = _Moving(ruleset, dice, decisions, player_id, budget, ma_used, rushes_used, rush_modifier)
    state.securing = securing
    state.leave_ball_at = leave_ball_at

    if player.status is Status.PRONE:
        if rolls_to_stand:
            target = params.targets.stand_up
            helped = stand_up_modifier(ruleset, board, player)
            rolled, state.budget = take_test(
                player,
                "stand-up",
                target_test(target, helped),
                dice,
                decisions,
                state.budget,
                detail={"target": target, "modifier": helped} if helped else {"target": target},
                offered=plugin_reroll(ruleset, board, player, "stand-up"),
            )
            events.extend(rolled.events)
            if not rolled.passed:
                return state.finish(Outcome(board, tuple(events)), "stayed-down")
        else:
            events.append(Event("stand-up", player_id, (), "stood-up", {"cost": stand_up_cost(ruleset, player)}))
        board = board.with_player(standing)

    # The legs' events gathered in one list (as Outcome.then would chain them), the outcome made once at the end.
    for leg in legs:
        taken = state.take_leg(board, leg)
        board = taken.board
        events.extend(taken.events)
        if taken.turnover or not board.player(player_id).standing:
            return state.finish(Outcome(board, tuple(events), taken.turnover), "ended")
        if state.held:
            return state.finish(Outcome(board, tuple(events)), "held")
    return state.finish(Outcome(board, tuple(events)), "completed")


def jump_over(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    over: Square,
    to: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    rushes_used: int = 0,
    ma_used: int = 0,
    spent: frozenset[str] = frozenset(),
    rush_modifier: int = 0,
    extra_rerolls: Sequence[ExtraReroll] = (),
    extra_bonuses: Sequence[ExtraBonus] = (),
) -> Outcome:
    """One jump over ``over`` into ``to``: a move whose path is that jump alone."""
    return move(
        ruleset,
        board,
        player_id,
        [Jump(over, to)],
        dice,
        decisions,
        team_reroll=team_reroll,
        rushes_used=rushes_used,
        ma_used=ma_used,
        spent=spent,
        rush_modifier=rush_modifier,
        extra_rerolls=extra_rerolls,
        extra_bonuses=extra_bonuses,
    )


def pay_for_block(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    progress: MoveProgress,
    dice: DiceSource,
    decisions: Decisions,
    *,
    rush_modifier: int = 0,
    extra_rerolls: Sequence[ExtraReroll] = (),
    extra_bonuses: Sequence[ExtraBonus] = (),
) -> Outcome:
    """Pay the movement a Blitz's block costs (``movement.blitz_block_cost``), before the block is rolled.

    It comes out of what the player's Move Allowance has left after ``progress`` (what the
    Blitz's move spent, :meth:`MoveProgress.after`); past it, each square is a Rush,
    rolled as on a step (Sure Feet, team re-rolls). A failed Rush drops the player in his
    own square and there is no block (the outcome is a turnover). The outcome ends with a
    ``move-ends`` event of the new totals, so the Blitz can move on after the block.
    Raises :class:`NoMovementLeftError` when the rushes needed are more than the activation allows.
    """
    player = board.player(player_id)
    if player.square is None or not player.standing:
        raise UsageError(f"{player_id} must be standing on the pitch to block")
    cost = ruleset.parameters.movement.blitz_block_cost
    rushes = max(0, cost - max(0, player.ma - progress.ma_used))
    limit = max_rushes(ruleset, player)
    if progress.rushes_used + rushes > limit:
        raise NoMovementLeftError(f"{player_id} has no movement left for the block: at most {limit} rushes are allowed in one activation")
    budget = RerollBudget(
        progress.team_rerolls, progress.spent, tuple(extra_rerolls), tuple(extra_bonuses), pro=pro_for(ruleset, player_id)
    )
    state = _Moving(ruleset, dice, decisions, player_id, budget, progress.ma_used, progress.rushes_used, rush_modifier)
    outcome = state.spend_in_place(board, cost, rushes, "block")
    return state.finish(outcome, "ended" if outcome.turnover else "completed")


class NoMovementLeftError(UsageError):
    """A Blitz's block asked for when the blitzer could not Rush for it: no block is made.

    :func:`pay_for_block` raises it; :func:`bbcore.rules.block.block` takes it from its
    ``pay_second_block`` as Frenzy's second block not made."""


class _Moving:
    """The running totals of one move: what it has spent, for the legs to read and update."""

    def __init__(
        self,
        ruleset: Ruleset,
        dice: DiceSource,
        decisions: Decisions,
        player_id: str,
        budget: RerollBudget,
        ma_used: int,
        rushes_used: int,
        rush_modifier: int,
    ) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.decisions = decisions
        self.player_id = player_id
        self.budget = budget
        self.ma_used = ma_used
        self.rushes_used = rushes_used
        self.rush_modifier = rush_modifier
        self._events: list[Event] = []
        self._last_rolls: tuple[int, ...] = ()
        self._last_verdict: Verdict | None = None
        self.held = False  # Tentacles kept the mover in his square: the move ends there, no turnover
        self.securing = False  # a Secure the Ball Action's move: the pick-up is the action's own roll
        self.leave_ball_at: Square | None = None  # Fumblerooski: where the carrier sets the ball down as he leaves

    def finish(self, outcome: Outcome, result: str) -> Outcome:
        detail = {
            "ma_used": self.ma_used,
            "rushes_used": self.rushes_used,
            "spent": sorted(self.budget.spent),
            "team_rerolls": self.budget.team_rerolls,
        }
        if self.budget.extra:
            detail["extra_rerolls"] = self.budget.extra_left()
        if self.budget.bonuses:
            detail["extra_bonuses"] = self.budget.bonuses_left()
        end = Event("move-ends", self.player_id, (), result, detail)
        return Outcome(outcome.board, (*outcome.events, end), outcome.turnover)

    def test(
        self,
        board: Board,
        player: PlayerState,
        test: str,
        judge: Judge,
        detail: dict[str, object],
        *,
        skill: str | None = None,
        skill_allowed: bool = True,
    ) -> bool:
        rolled, self.budget = take_test(
            player,
            test,
            judge,
            self.dice,
            self.decisions,
            self.budget,
            skill=skill,
            skill_allowed=skill_allowed,
            detail=detail,
            offered=plugin_reroll(self.ruleset, board, player, test),
        )
        self._events.extend(rolled.events)
        self._last_rolls = rolled.rolls
        self._last_verdict = rolled.verdict
        return rolled.passed

    def spend_in_place(self, board: Board, cost: int, rushes: int, reason: str) -> Outcome:
        """Spend ``cost`` of movement without stepping (``rushes`` of it rushed for), falling in place on a failed Rush."""
        self._events = []
        player = board.player(self.player_id)
        assert player.square is not None
        target = self.ruleset.parameters.targets.rush
        for _ in range(rushes):
            self.rushes_used += 1
            judge = target_test(target, self.rush_modifier + rush_modifier(self.ruleset, board, player))
            detail: dict[str, object] = {"target": target, "square": list(player.square), "rush": self.rushes_used, "for": reason}
            if not self.test(board, player, "rush", judge, detail, skill="sure-feet"):
                fell = self._fall(board, player.square, "rush")
                if fell is not None:
                    return fell
        self.ma_used += cost
        return Outcome(board, tuple(self._events))

    def take_leg(self, board: Board, leg: PlannedStep) -> Outcome:
        ruleset, player_id = self.ruleset, self.player_id
        self._events = []
        player = board.player(player_id)
        targets = ruleset.parameters.targets
        for _ in range(leg.rushes):
            self.rushes_used += 1
            judge = target_test(targets.rush, self.rush_modifier + rush_modifier(ruleset, board, player))
            detail: dict[str, object] = {"target": targets.rush, "square": list(leg.target), "rush": self.rushes_used}
            if not self.test(board, player, "rush", judge, detail, skill="sure-feet"):
                # A failed rush for a jump leaves the jumper where they stand; otherwise they fall in the new square.
                fell = self._fall(board, leg.origin if leg.jump is not None else leg.target, "rush")
                if fell is not None:
                    return fell
        self.ma_used += leg.cost

        board, ended = self._leave(board, player, leg)
        if ended is not None:
            return ended

        for risk in leg.risks:
            detail = {"risk": risk, "from": list(leg.origin), "to": list(leg.target)}
            if not self.test(board, board.player(player_id), "crossing", _crossing_judge(risk), detail):
                fell = self._fall(board, leg.target, "crossing")
                if fell is not None:
                    return fell

        events = tuple(self._events)
        lying = board.ball.square
        if board.ball.carrier is None and (
            lying == leg.target or (player.base is not ONE_SQUARE and lying in board.player(player_id).squares)
        ):
            pick_up = ball.secure_pick_up if self.securing else ball.pick_up_spending
            picked, self.budget = pick_up(ruleset, board, player_id, self.dice, self.decisions, self.budget)
            return Outcome(picked.board, events + picked.events, picked.turnover)
        return Outcome(board, events)

    def _leave(self, board: Board, player: PlayerState, leg: PlannedStep) -> tuple[Board, Outcome | None]:
        """The step out of the square: Tentacles, the Jump or the Dodge, Diving Tackle, Shadowing.

        Returns the board with the player moved, and an outcome when the leg ends there
        (held by Tentacles, or fallen).
        """
        player_id = player.id
        if self.leave_ball_at == leg.origin and board.ball.carrier == player_id:
            board = board.with_ball(BallState(square=leg.origin))
            self._events.append(Event(FUMBLEROOSKI, player_id, (), "ball-left", {"square": list(leg.origin)}))
        leaving = markers_around(board, player, leg.origin)
        if (leg.jump is not None or leaving) and self._held_by_tentacles(board, player, leaving):
            self.held = True
            return board, Outcome(board, tuple(self._events))
        if leg.jump is not None:
            return self._jump(board, player, leg, leaving)
        board = board.with_player(player.moved(leg.target))
        self._events.append(Event("step", player_id, (), "moved", {"from": list(leg.origin), "to": list(leg.target)}))
        board, gone = self._enter(board)
        if gone is not None:
            return board, gone
        if not leaving:
            return board, None
        dodged = self._dodge(board, player, leg)
        if dodged:
            board, tackled = self._diving_tackle(board, player, leaving, leg, "dodge")
            dodged = not tackled
        board = self._shadow(board, player, leaving, leg.origin)
        return board, (None if dodged else self._fall(board, leg.target, "dodge", leaving))

    def _jump(self, board: Board, player: PlayerState, leg: PlannedStep, leaving: Sequence[PlayerState]) -> tuple[Board, Outcome | None]:
        """The leg's Jump over a player (Leap, Pogo...), then Diving Tackle; as :meth:`_leave` returns."""
        assert leg.jump is not None
        judge = target_test(player.ag, jump_modifier(self.ruleset, board, player, leg.origin, leg.target))
        jumped = self.test(board, player, "jump", judge, {"target": player.ag, "over": list(leg.jump.over), "square": list(leg.target)})
        if not jumped:
            # A natural 1 trips the jumper before they leave; any other failure lands them badly.
            natural_one = self._last_rolls[-1] == 1
            fell = self._fall(board, leg.origin if natural_one else leg.target, "jump", leaving)
            if fell is not None:
                return board, fell
        board = board.with_player(player.moved(leg.target))
        self._events.append(Event("step", player.id, (), "jumped", {"from": list(leg.origin), "to": list(leg.target)}))
        board, gone = self._enter(board)
        if gone is not None:
            return board, gone
        board, tackled = self._diving_tackle(board, player, leaving, leg, "jump")
        return board, (self._fall(board, leg.target, "jump", leaving) if tackled else None)

    def _enter(self, board: Board) -> tuple[Board, Outcome | None]:
        """The roll for a square the mover may fall through, just entered: an outcome when he fell (the move ends)."""
        entered = enter_square(self.ruleset, board, self.player_id, self.dice, self.decisions)
        if entered is None:
            return board, None
        self._events.extend(entered.events)
        if fell_through(entered, self.player_id):
            return entered.board, Outcome(entered.board, tuple(self._events), entered.turnover)
        return entered.board, None

    def _dodge(self, board: Board, player: PlayerState, leg: PlannedStep) -> bool:
        ruleset = self.ruleset
        before = board.with_player(player)  # modifiers are read with the dodger still in the square they leave
        modifier = dodge_modifier(ruleset, before, player, leg.origin, leg.target)
        tackled = any(p.has("tackle") for p in markers_around(before, player, leg.origin))
        bonus = break_tackle_bonus(ruleset, player) if player.has("break-tackle") and "break-tackle" not in self.budget.spent else 0
        plain = target_test(player.ag, modifier)
        helped = target_test(player.ag, modifier + bonus)
        decisions = self.decisions

        def judge(roll: int) -> Verdict:
            verdict = plain(roll)
            if verdict.passed or not bonus or "break-tackle" in self.budget.spent:
                return verdict
            if helped(roll).passed and decisions.use_skill(player.id, "break-tackle", "dodge"):
                return Verdict(True, "passed", modifier + bonus, spent="break-tackle")
            return verdict

        detail: dict[str, object] = {"target": player.ag, "from": list(leg.origin), "to": list(leg.target)}
        if tackled:
            detail["tackle"] = True
        return self.test(board, player, "dodge", judge, detail, skill="dodge", skill_allowed=not tackled)

    def _fall(self, board: Board, square: Square, reason: str, leaving: Sequence[PlayerState] = ()) -> Outcome | None:
        """The mover falls over in ``square``: the outcome, a turnover. None when Steady Footing keeps him on his feet
        where he stands: the step goes on as if the failed test had passed. In his own activation his Pro may try a
        failed Steady Footing roll again, if not tried yet."""
        kept = steady_footing(self.ruleset, board, self.player_id, self.dice)
        if kept is not None:
            self._events.append(kept)
            if kept.result != KEPT_FOOTING and self._pro_allows(board, "steady-footing"):
                kept = steady_footing(self.ruleset, board, self.player_id, self.dice)
                if kept is not None:
                    self._events.append(kept)
            if kept is not None and kept.result == KEPT_FOOTING:
                return None
        # Arm Bar: one marker of the square left adds its bonus to the fall's Armour or Injury Roll, if he is still
        # Standing and not Distracted (a Diving Tackle has put him down since).
        still = [now for marker in leaving if (now := board.player(marker.id)).alert]
        barrer = self._marker_using(still, ARM_BAR, reason)
        harm = None
        if barrer is not None:
            # A cause of its own, not a plain fall: the Arm Bar player counts as having caused a Casualty it brings.
            harm = Harm(ARM_BAR, attacker=barrer, mighty_blow=True, blow_bonus=self.ruleset.parameters.movement.arm_bar)
            self._events.append(Event(ARM_BAR, barrer.id, (), "used", {"against": self.player_id}))
        fell = fall_over(
            self.ruleset, board, self.player_id, square, self.dice, self.decisions, reason=reason, harm=harm, may_keep_footing=False
        )
        return Outcome(fell.board, (*self._events, *fell.events), turnover=True)

    def _pro_allows(self, board: Board, test: str) -> bool:
        """Whether the mover's Pro, not tried yet in his activation and used by his coach, lets a failed ``test`` die go
        again: its D6 is rolled (a ``pro`` event) and Pro is spent whatever it shows."""
        pro = None if PRO in self.budget.spent else self.budget.pro
        allowed, tried = offer_pro(board.player(self.player_id), test, pro, self.dice, self.decisions)
        if tried is not None:
            self.budget = self.budget.spend(PRO)
            self._events.append(tried)
        return allowed

    def _marker_using(self, markers: Sequence[PlayerState], skill: str, situation: str) -> PlayerState | None:
        """The one marker with ``skill`` whose coach uses it (the first willing, by id): only one may, however many have it."""
        for marker in sorted(markers, key=lambda p: p.id):
            if marker.has(skill) and self.decisions.use_skill(marker.id, skill, situation):
                return marker
        return None

    def _held_by_tentacles(self, board: Board, player: PlayerState, leaving: Sequence[PlayerState]) -> bool:
        """Tentacles: D6 + the holder's ST - the leaver's ST reaching ``targets.tentacles`` (or a natural 6) holds him."""
        holder = self._marker_using(leaving, "tentacles", "leaving")
        if holder is None:
            return False
        (roll,) = roll_dice(self.dice, "D6")
        total = roll + holder.st - player.st
        held = roll != 1 and (roll == 6 or total >= self.ruleset.parameters.targets.tentacles)
        self._events.append(Event("tentacles", holder.id, (roll,), "held" if held else "slipped", {"against": player.id, "total": total}))
        return held

    def _diving_tackle(
        self, board: Board, player: PlayerState, leaving: Sequence[PlayerState], leg: PlannedStep, test: str
    ) -> tuple[Board, bool]:
        """Diving Tackle, once the Dodge or Jump has passed: offered only when its modifier would fail the roll; the
        tackler lies Prone in the square left. Returns the board and whether the leaver now fails."""
        verdict, rolls = self._last_verdict, self._last_rolls
        modifiers = self.ruleset.parameters.movement.dodge_modifiers if test == "dodge" else self.ruleset.parameters.movement.jump_modifiers
        dive = modifiers.get("diving_tackle", 0)
        if verdict is None or not rolls or not dive or passes(rolls[-1], player.ag, verdict.modifier + dive):
            return board, False
        # He lies down in the square left: a Chomped marker may not leave his own for it.
        diver = self._marker_using([m for m in leaving if not board.chompers_of(board.player(m.id))], "diving-tackle", test)
        if diver is None:
            return board, False
        board = board.with_player(board.player(diver.id).moved(leg.origin).with_status(Status.PRONE))
        self._events.append(
            Event("diving-tackle", diver.id, (), "tackled", {"against": player.id, "modifier": dive, "square": list(leg.origin)})
        )
        return self._moved_into(board, diver.id, leg.origin), True

    def _shadow(self, board: Board, player: PlayerState, leaving: Sequence[PlayerState], origin: Square) -> Board:
        """Shadowing: after a Dodge, one marker of the square left follows into it on ``targets.shadowing`` or more.

        Only a marker still Standing, not Chomped, and with uses left this turn (fewer than his MA, counted in his
        ``turn_uses``) is asked; each roll is one use, whether he follows or not.
        """
        if board.at(origin) is not None:
            return board
        able = [
            m
            for m in leaving
            if (now := board.player(m.id)).standing and not board.chompers_of(now) and now.turn_uses.get(SHADOWING, 0) < now.ma
        ]
        shadow = self._marker_using(able, SHADOWING, "dodge")
        if shadow is None:
            return board
        (roll,) = roll_dice(self.dice, "D6")
        followed = roll >= self.ruleset.parameters.targets.shadowing
        now = board.player(shadow.id)
        uses = now.turn_uses.get(SHADOWING, 0) + 1
        board = board.with_player(attrs.evolve(now, turn_uses={**now.turn_uses, SHADOWING: uses}))
        detail = {"against": player.id, "uses": uses, "limit": now.ma}
        self._events.append(Event(SHADOWING, shadow.id, (roll,), "followed" if followed else "lost", detail))
        if not followed:
            return board
        return self._moved_into(board.with_player(board.player(shadow.id).moved(origin)), shadow.id, origin)

    def _moved_into(self, board: Board, player_id: str, square: Square) -> Board:
        """After ``player_id`` was put in ``square`` by a rule: the roll for a square he may fall through, then a ball
        lying there bounces (left there by a Fumblerooski, say): a player moved against his will does not pick it up."""
        entered = enter_square(self.ruleset, board, player_id, self.dice, self.decisions)
        if entered is not None:
            self._events.extend(entered.events)
            board = entered.board
        if board.ball.carrier is not None or board.ball.square != square or board.at(square) is None:
            return board
        bounced = ball.bounce(self.ruleset, board, square, self.dice, self.decisions)
        self._events.extend(bounced.events)
        return bounced.board


def _crossing_judge(risk: int) -> Judge:
    """A crossing roll: the player stays up only above the risk number."""

    def judge(roll: int) -> Verdict:
        return Verdict(roll > risk, "crossed" if roll > risk else "failed")

    return judge


#: The skill that lets a carrier set the ball down in a square he moves out of.
FUMBLEROOSKI = "fumblerooski"


def _check_fumblerooski(board: Board, player_id: str, path: Sequence[Square | Jump], square: Square) -> None:
    player = board.player(player_id)
    if not player.has(FUMBLEROOSKI):
        raise UsageError(f"{player_id} has no Fumblerooski to leave the ball with")
    if board.ball.carrier != player_id:
        raise UsageError(f"{player_id} does not hold the ball to leave it behind")
    if player.has(MY_BALL):
        raise UsageError(f"{player_id} cannot leave the ball behind: with My Ball he never gives it up")
    left = [player.square, *(leg.to if isinstance(leg, Jump) else _as_square(leg) for leg in path)][:-1]
    if square not in left:
        raise UsageError(f"{player_id} cannot leave the ball at {square}: he moves out of only {left}")


def paths_within(
    ruleset: Ruleset, board: Board, player: PlayerState, squares: int, *, within: Callable[[Square], bool] | None = None
) -> list[tuple[Square, ...]]:
    """One path of plain steps (no jumps) to each square ``player`` can reach in at most ``squares`` squares of
    movement without a Rush, every square on the way passing ``within`` when given; the nearest squares first.

    A path costs what :func:`plan_path` says (a feature's crossing may cost more than a step). Used where a rule
    offers a short free move (On the Ball) and a coach picks among the places it can end. A Chomped player has none.
    """
    if player.square is None or squares <= 0 or board.chompers_of(player):
        return []
    here = board.without(player.id)
    ma_used = player.ma - squares
    found: dict[Square, tuple[Square, ...]] = {player.square: ()}
    ring: list[tuple[Square, ...]] = [()]
    for _ in range(squares):
        grown: list[tuple[Square, ...]] = []
        for path in ring:
            origin = path[-1] if path else player.square
            for target in board.neighbours(origin):
                if (
                    target in found
                    or step_blocked(ruleset, here, player, origin, target) is not None
                    or (within is not None and not within(target))
                ):
                    continue
                longer = (*path, target)
                try:
                    legs = plan_path(ruleset, board, player, longer, ma_used=ma_used, rushes_used=0)
                except UsageError:  # a crossing too dear even with every Rush
                    continue
                if any(leg.rushes for leg in legs):
                    continue
                found[target] = longer
                grown.append(longer)
        ring = grown
    return [path for path in found.values() if path]


#: The skill that gives a free step away from every opponent after a Block or a Stab.
HIT_AND_RUN = "hit-and-run"


def hit_and_run_squares(board: Board, player_id: str) -> list[Square]:
    """Where Hit and Run may take the player: an empty square next to him, one he could step into, the ball not in
    it, with no opponent on the pitch next to it (so he neither marks nor is marked there). Empty when he is not
    Standing, lacks the skill or is Chomped."""
    player = board.player(player_id)
    if not player.has(HIT_AND_RUN) or not player.standing or player.square is None or board.chompers_of(player):
        return []
    origin = player.square
    opponents = [square for p in board.players.values() if p.team != player.team and p.on_pitch for square in p.squares]
    return [
        square
        for square in board.neighbours(origin)
        if _blocked(board, origin, square) is None
        and board.ball_square() != square
        and not any(adjacent(square, other) for other in opponents)
    ]


def hit_and_run(ruleset: Ruleset, board: Board, player_id: str, square: Square, dice: DiceSource, decisions: Decisions) -> Outcome:
    """Hit and Run: after fully resolving his Block Action or Stab, still Standing, the player takes one free step to
    ``square`` (one of :func:`hit_and_run_squares`), ignoring tackle zones: no Dodge, no movement spent. A square he
    may fall through is rolled for (:func:`bbcore.rules.trapdoors.enter_square`).

    A square not on that list raises :class:`~bbcore.errors.UsageError`. Taking the
    step is the coach's choice (a player never has both Hit and Run and Frenzy). The
    ball is never in the square: a step onto it would be a pick-up, which the rule does
    not give.
    """
    allowed = hit_and_run_squares(board, player_id)
    if square not in allowed:
        raise UsageError(f"{player_id} cannot Hit and Run to {square}: the squares allowed are {allowed}")
    origin = board.player(player_id).square
    moved = board.with_player(board.player(player_id).moved(square))
    stepped = Outcome(moved, (Event(HIT_AND_RUN, player_id, (), "stepped", {"from": list(origin or square), "to": list(square)}),))
    entered = enter_square(ruleset, moved, player_id, dice, decisions)
    return stepped if entered is None else stepped.then(entered)


def fall_over(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    reason: str,
    harm: Harm | None = None,
    may_keep_footing: bool = True,
) -> Outcome:
    """The player falls over in ``square``: placed there, knocked down (armour, perhaps injury), and the ball bounces.

    The ball bounces whether the player held it or it lay in that square (one he held
    may be set down by Safe Pair of Hands: :func:`bbcore.rules.ball.drop_ball`). Whether
    this is a turnover is the caller's to say (it is for the active player). A player
    whom Steady Footing keeps on his feet (:func:`bbcore.rules.injury.steady_footing`)
    stands in ``square``; ``may_keep_footing=False`` skips that roll for a caller who made it.
    """
    player = board.player(player_id)
    held = board.ball.carrier == player_id
    board = board.with_player(player.moved(square))
    entered = enter_square(ruleset, board, player_id, dice, decisions) if player.square != square else None
    if entered is not None:
        if fell_through(entered, player_id):
            return entered  # through the square he fell into: the crowd's Injury Roll instead of an Armour Roll
        board = entered.board
    prior = entered.events if entered is not None else ()
    kept = steady_footing(ruleset, board, player_id, dice) if may_keep_footing else None
    if kept is not None and kept.result == KEPT_FOOTING:
        outcome = Outcome(board, (*prior, kept))
    else:
        events = (*prior, *((kept,) if kept else ()), Event("fall", player_id, (), reason, {"square": list(square)}))
        down = knock_down(
            ruleset,
            board,
            player_id,
            harm or Harm("fall"),
            dice,
            apothecary_from(decisions),
            choose_treatment=treatment_from(decisions),
            may_keep_footing=False,
        )
        outcome = Outcome(down.board, events + down.events)
    outcome = _clear_under_base(ruleset, outcome, player_id, dice, decisions)
    resting = outcome.board.ball
    if resting.carrier is None and resting.square == square:
        drop = ball.drop_ball if held else _bounce_loose
        outcome = outcome.then(drop(ruleset, outcome.board, player_id, square, dice, decisions))
    return outcome


def _clear_under_base(ruleset: Ruleset, outcome: Outcome, player_id: str, dice: DiceSource, decisions: Decisions) -> Outcome:
    """A bigger base that falls over players it was stepping over: each is pushed out from under it, in id order, to a
    square next to him outside the base that the faller's coach chooses (a free one when there is any)."""
    faller = outcome.board.player(player_id)
    if faller.base is ONE_SQUARE or faller.square is None:
        return outcome
    base = set(faller.squares)
    for lying in under_base(outcome.board, faller):
        square = outcome.board.player(lying.id).square
        if square is None or square not in base:
            continue  # a chain push already moved him out
        out = tuple(s for s in (step(square, d) for d in DIRECTIONS) if s not in base)
        pushed = push(
            ruleset,
            outcome.board,
            lying.id,
            nearest_square(faller.squares, square),
            dice,
            decisions,
            chooser=faller.team,
            stand_firm=False,
            sidestep=False,
            squares=out,
        )
        outcome = outcome.then(pushed.outcome)
    return outcome


def _bounce_loose(ruleset: Ruleset, board: Board, player_id: str, square: Square, dice: DiceSource, decisions: Decisions) -> Outcome:
    """A ball lying where a player falls (he did not hold it) bounces."""
    return ball.bounce(ruleset, board, square, dice, decisions)
