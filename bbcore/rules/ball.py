"""The ball: bounces, scatter and deviation, throw-ins, catching, picking up, the kick-off and touchbacks.

Directions come from the ``random-direction`` table and throw-in directions from
the ``throw-in`` table; distances and modifiers from the ``ball`` parameters. How
many times a ball bounces, what a feature does to it and what lies past the edge
are asked of hooks, so a variant with walls or drains answers them.

A pick-up and a catch are tests (:func:`~bbcore.rules.rerolls.take_test`): Sure Hands or
Catch, a plugin's source, then a team re-roll where the caller allows one. A pick-up in
a move spends the move's; a pass or a hand-off lends what is left of the passer's to
his team-mates: the receiver, and whoever of them catches the ball as it bounces on
(``team_reroll_for``), through any throw-in or rebound on the way. A kick-off brings none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from attrs import frozen

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules.board import BallState, Board, PlayerState, Square, distance, step
from bbcore.rules.decisions import Decisions, DefaultDecisions, checked_choice, touchback_square_from
from bbcore.rules.events import Event, Outcome
from bbcore.rules.rerolls import PRO, TEAM_REROLL, RerollBudget, TargetJudge, plugin_reroll, take_test
from bbcore.rules.skill_forms import held_form

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bbcore.model.pitch import FeatureType
    from bbcore.model.table import Row
    from bbcore.ruleset import Ruleset

#: A ball can bounce from player to player; past this many moves something is wrong with a hook.
_MAX_CHAIN = 64


@frozen
class BallReentry:
    """Where a ball that came down on a feature goes, and how it arrives there.

    * ``lands``: the ball comes down on ``square`` as from the air: a standing player
      there may catch it, otherwise it bounces as ``bbcore_ball_bounces_on_landing`` says;
    * otherwise, with ``bounce`` (the default): it bounces once from ``square``;
    * otherwise it arrives on ``square`` as a bouncing ball does: a player there must try
      to catch it, and an edge or a feature there is dealt with again.
    """

    square: Square | None
    bounce: bool = True
    lands: bool = False


def scatter_direction(ruleset: Ruleset, dice: DiceSource) -> tuple[Square, tuple[int, ...]]:
    """One D8 on the random-direction table: the step ``(dx, dy)`` and the roll."""
    table = ruleset.table("random-direction")
    rolls = roll_dice(dice, table.dice or "D8")
    row = table.row_for(sum(rolls))
    return (int(row.values["dx"] or 0), int(row.values["dy"] or 0)), rolls


def scatter(ruleset: Ruleset, square: Square, times: int, dice: DiceSource) -> tuple[list[Square], tuple[int, ...]]:
    """Scatter (N): N single steps in D8 directions; every square visited, in order, and the rolls."""
    path = []
    rolls: tuple[int, ...] = ()
    for _ in range(times):
        direction, rolled = scatter_direction(ruleset, dice)
        square = step(square, direction)
        path.append(square)
        rolls += rolled
    return path, rolls


def deviate(ruleset: Ruleset, square: Square, dice: DiceSource, *, distance: str | None = None) -> tuple[Square, tuple[int, ...]]:
    """Deviate: a D8 direction and a distance from the ``ball`` parameters (``distance`` instead, when given); the
    square reached and the rolls (direction first)."""
    direction, direction_rolls = scatter_direction(ruleset, dice)
    distance_rolls = roll_dice(dice, distance or ruleset.parameters.ball.deviate_distance)
    return step(square, direction, sum(distance_rolls)), direction_rolls + distance_rolls


def _markers(board: Board, player: PlayerState) -> int:
    return len(board.markers_of(player))


def disturbing_presences(ruleset: Ruleset, board: Board, player: PlayerState) -> int:
    """How many opponents with Disturbing Presence are on the pitch within ``ball.disturbing_presence_range`` squares of the player."""
    reach = ruleset.parameters.ball.disturbing_presence_range
    if player.square is None:
        return 0
    return sum(
        1
        for other in board.players.values()
        if other.team != player.team
        and other.square is not None
        and other.status.on_pitch
        and other.has("disturbing-presence")
        and distance(other.square, player.square) <= reach
    )


class CatchRerolls(NamedTuple):
    """What may re-roll a catch as the ball moves on in the active team's turn: ``team``'s team re-rolls
    (``team_rerolls`` of them it may still spend) and, while the active player has not tried his Pro in this
    activation, ``pro`` (his id and the Pro target: :func:`~bbcore.rules.rerolls.pro_for`), offered should the ball
    come to him."""

    team: str
    team_rerolls: int
    pro: tuple[str, int] | None = None


#: A team and how many team re-rolls it may still spend on catching the ball (a plain pair, or a
#: :class:`CatchRerolls`, which may also carry the active player's Pro).
TeamRerolls = tuple[str, int] | CatchRerolls


#: The test names and results of a pick-up and a catch, as their events record them.
PICK_UP, PICKED_UP, FUMBLED = "pick-up", "picked-up", "fumbled"
CATCH, CAUGHT, DROPPED = "catch", "caught", "dropped"
#: The trait of a player who never holds the ball: every catch and pick-up fails, he never intercepts.
NO_BALL = "no-ball"
#: The trait of a player who never gives the ball up: no pass, hand-off, Dump-off, Fumblerooski or Punt.
MY_BALL = "my-ball"


def holds_no_ball(ruleset: Ruleset, player: PlayerState) -> bool:
    """Whether the player has No Ball, or a form of it (a variant's trait with ``acts_as: no-ball`` in the skills data)."""
    return held_form(ruleset, player, NO_BALL) is not None


def catch_modifier(ruleset: Ruleset, board: Board, player: PlayerState, situation: str) -> int:
    """The Agility Test modifier to catch the ball in ``situation``.

    The ``ball.catch_modifiers`` parameter named by the situation (``bounced``,
    ``thrown_in``, ``accurate_pass``...), ``per_marker`` for each marker unless the
    player has Nerves of Steel, ``disturbing_presence`` for each opponent with it near
    enough (:func:`disturbing_presences`), and +1 for Extra Arms.
    """
    modifiers = ruleset.parameters.ball.catch_modifiers
    modifier = modifiers.get(situation, 0) + (1 if player.has("extra-arms") else 0)
    if not player.has("nerves-of-steel"):
        modifier += modifiers.get("per_marker", 0) * _markers(board, player)
    presences = modifiers.get("disturbing_presence", 0) * disturbing_presences(ruleset, board, player)
    return modifier + presences + board.modifier("catch", player)


def try_to_catch(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    *,
    situation: str,
    modifier: int = 0,
    decisions: Decisions | None = None,
) -> tuple[bool, Event]:
    """The catching roll alone: an Agility Test with :func:`catch_modifier` plus ``modifier``, Catch re-rolling a miss.

    Nothing moves: the caller decides where a caught or a missed ball goes. A player who
    is not Standing, or is Distracted, misses without a roll (result ``cannot-catch``), as
    in :func:`catch`. ``decisions`` says whether Catch is used (every time when None); no
    team re-roll is offered here (:func:`catch` offers one when given).
    """
    caught, events = catching_roll(ruleset, board, player_id, dice, situation=situation, modifier=modifier, decisions=decisions)
    return caught, events[0]


def catching_roll(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    *,
    situation: str,
    modifier: int = 0,
    decisions: Decisions | None = None,
    team_reroll: int | bool = False,
) -> tuple[bool, tuple[Event, ...]]:
    """:func:`try_to_catch` with a team re-roll the coach may spend on a miss (``team_reroll``: how many the team may
    spend; True: one), after Catch and a plugin's source: whether it is caught, and every event (the ``catch`` event
    first, a ``team-reroll`` one when spent)."""
    player = board.player(player_id)
    if not player.alert:
        return False, (_cannot_catch(player),)
    budget = RerollBudget(int(team_reroll))
    caught, events, _ = _catching(ruleset, board, player_id, dice, decisions or DefaultDecisions(), situation, modifier, budget)
    return caught, events


def _cannot_catch(player: PlayerState) -> Event:
    """The catch a player down or Distracted misses without a roll; the event says which he is."""
    status = "distracted" if player.standing else player.status.value
    return Event(CATCH, player.id, (), "cannot-catch", {"status": status})


def _catching(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    decisions: Decisions,
    situation: str,
    modifier: int,
    budget: RerollBudget,
) -> tuple[bool, tuple[Event, ...], RerollBudget]:
    """The catch as a test: Catch, a plugin's source, then a team re-roll from ``budget``; the ``catch`` event first.

    A player with No Ball fails at once, as on a natural 1 (nothing is rolled, nothing re-rolled).
    """
    player = board.player(player_id)
    if holds_no_ball(ruleset, player):
        return False, (Event(CATCH, player_id, (), DROPPED, {"situation": situation, "no_ball": True}),), budget
    total = catch_modifier(ruleset, board, player, situation) + modifier
    judge = TargetJudge(player.ag, total, CAUGHT, DROPPED)
    detail: dict[str, object] = {"situation": situation}
    offered = plugin_reroll(ruleset, board, player, CATCH)
    rolled, budget = take_test(
        player, CATCH, judge, dice, decisions, budget, skill="catch", skill_once_per_turn=False, detail=detail, offered=offered
    )
    return rolled.passed, rolled.events, budget


def catch(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    situation: str = "pass",
    depth: int = 0,
    modifier: int = 0,
    team_reroll: int | bool = False,
    team_reroll_for: TeamRerolls | None = None,
    leaving: str | None = None,
) -> Outcome:
    """A player must try to catch the ball arriving in their square.

    ``situation`` names extra modifiers from the ``ball.catch_modifiers`` parameters
    (``bounced``, ``thrown_in``, ``accurate_pass``, ``inaccurate_pass``); see
    :func:`catch_modifier` for the rest (the board's conditions among them), and ``modifier`` adds one more.
    A miss may be rolled again once: by Catch, by a plugin's source, or with a team
    re-roll when ``team_reroll`` allows one (the catcher's team is the active one). A
    prone, stunned or Distracted player cannot catch. A missed ball bounces from the player's square.

    ``team_reroll_for`` (a team, the team re-rolls it may spend) follows the ball: a player
    of that team catching it here, or after any bounce that follows, may spend one
    (``team_reroll`` is then not needed). ``leaving`` names the cause the
    ``bbcore_ball_leaves_pitch`` hook is told if a bounce that follows takes the ball off
    the pitch (None: ``bounced``); a kick-off's landing passes ``kick-off``.
    """
    player = board.player(player_id)
    square = player.square
    assert square is not None
    if team_reroll_for is not None and team_reroll_for[0] == player.team:
        team_reroll = team_reroll_for[1]
    pro = team_reroll_for.pro if isinstance(team_reroll_for, CatchRerolls) else None
    if not player.alert:
        event = _cannot_catch(player)
        loose = bounce(
            ruleset,
            board.with_ball(BallState(square=square)),
            square,
            dice,
            decisions,
            depth=depth + 1,
            team_reroll_for=team_reroll_for,
            leaving=leaving,
        )
        return _prepend(event, loose)
    budget = RerollBudget(int(team_reroll), pro=pro if pro is not None and pro[0] == player_id else None)
    caught, events, _ = _catching(ruleset, board, player_id, dice, decisions, situation, modifier, budget)
    if caught:
        return Outcome(board.with_ball(BallState(carrier=player_id)), events)
    left = catch_rerolls_left(team_reroll_for, events)
    loose = bounce(
        ruleset, board.with_ball(BallState(square=square)), square, dice, decisions, depth=depth + 1, team_reroll_for=left, leaving=leaving
    )
    return Outcome(loose.board, (*events, *loose.events), loose.turnover)


def catch_rerolls_left(team_rerolls: TeamRerolls | None, events: Sequence[Event]) -> TeamRerolls | None:
    """What is left of a team's team re-rolls for catching once ``events`` have spent theirs (and of the active
    player's Pro, once he has tried it)."""
    if team_rerolls is None:
        return None
    left = max(0, team_rerolls[1] - sum(1 for e in events if e.kind == TEAM_REROLL))
    if not isinstance(team_rerolls, CatchRerolls):
        return team_rerolls[0], left
    pro = team_rerolls.pro
    tried = pro is not None and any(e.kind == PRO and e.who == pro[0] for e in events)
    return CatchRerolls(team_rerolls.team, left, None if tried else pro)


def pick_up(
    ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource, decisions: Decisions, *, team_reroll: int | bool = False
) -> Outcome:
    """A player moving onto the ball tries to pick it up; failing bounces the ball and is a turnover.

    Each marker adds the ``pick_up_modifiers.per_marker`` parameter; Big Hand ignores
    negative modifiers; Extra Arms gives +1; No Ball fails at once, with no roll. A failure may be rolled again once: by Sure
    Hands, by a plugin's source (``bbcore_test_reroll``), or with a team re-roll when
    ``team_reroll`` allows one (:func:`~bbcore.rules.rerolls.take_test`).
    """
    outcome, _ = pick_up_spending(ruleset, board, player_id, dice, decisions, RerollBudget(int(team_reroll)))
    return outcome


def pick_up_spending(
    ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> tuple[Outcome, RerollBudget]:
    """:func:`pick_up` from a running :class:`~bbcore.rules.rerolls.RerollBudget` (a move's), and the budget left."""
    player = board.player(player_id)
    situation = (
        ruleset.parameters.ball.pick_up_modifiers.get("per_marker", 0) * _markers(board, player),
        board.modifier("pick-up", player),
    )
    # Big Hand ignores every negative modifier: the markers', the weather's, any other in force.
    modifier = sum(max(part, 0) for part in situation) if player.has("big-hand") else sum(situation)
    modifier += 1 if player.has("extra-arms") else 0
    judge = TargetJudge(player.ag, modifier, PICKED_UP, FUMBLED)
    return _pick_up_test(ruleset, board, player_id, PICK_UP, judge, dice, decisions, budget, skill="sure-hands")


def _pick_up_test(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    test: str,
    judge: TargetJudge,
    dice: DiceSource,
    decisions: Decisions,
    budget: RerollBudget,
    *,
    skill: str | None = None,
    detail: dict[str, object] | None = None,
) -> tuple[Outcome, RerollBudget]:
    """Roll ``test`` to pick up the ball in the player's square: held on a pass, else it bounces (a turnover). A
    player with No Ball fails without a roll."""
    player = board.player(player_id)
    lying = board.ball.square
    # The ball's own square when it lies under his base (any of a bigger base's squares), else his.
    square = lying if lying is not None and board.ball.carrier is None and lying in player.squares else player.square
    assert square is not None
    if holds_no_ball(ruleset, player):
        missed = Event(test, player_id, (), FUMBLED, {"no_ball": True})
        loose = bounce(ruleset, board.with_ball(BallState(square=square)), square, dice, decisions)
        return Outcome(loose.board, (missed, *loose.events), turnover=True), budget
    offered = plugin_reroll(ruleset, board, player, test)
    # Sure Hands sets no limit: it may re-roll every pick-up.
    rolled, budget = take_test(
        player, test, judge, dice, decisions, budget, skill=skill, skill_once_per_turn=False, detail=detail, offered=offered
    )
    if rolled.passed:
        return Outcome(board.with_ball(BallState(carrier=player_id)), rolled.events), budget
    loose = bounce(ruleset, board.with_ball(BallState(square=square)), square, dice, decisions)
    return Outcome(loose.board, (*rolled.events, *loose.events), turnover=True), budget


#: The roll (and the action) that picks up a loose ball with no opponent near: a plain D6, no Agility Test.
SECURE_THE_BALL = "secure-the-ball"


def secure_pick_up(
    ruleset: Ruleset, board: Board, player_id: str, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> tuple[Outcome, RerollBudget]:
    """The pick-up of a Secure the Ball Action: a D6 of ``secure_the_ball.pick_up_on`` or more, with no modifier and no
    Sure Hands (a team re-roll or Pro may still roll it again). A failure bounces the ball and is a turnover; a player
    with No Ball fails without a roll."""
    target = ruleset.parameters.secure_the_ball.pick_up_on
    judge = TargetJudge(target, 0, PICKED_UP, FUMBLED)
    return _pick_up_test(ruleset, board, player_id, SECURE_THE_BALL, judge, dice, decisions, budget, detail={"target": target})


def bounce(
    ruleset: Ruleset,
    board: Board,
    square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    depth: int = 0,
    cause: str = "loose",
    times: int | None = None,
    team_reroll_for: TeamRerolls | None = None,
    leaving: str | None = None,
) -> Outcome:
    """The ball hits the ground at ``square`` and bounces: Scatter (1), as many times as ``bbcore_ball_bounces_on_landing`` says.

    Each bounce moves it one square; it stops bouncing early when a player there
    tries to catch it or it leaves the pitch (what follows those is their own). A
    catcher of the team in ``team_reroll_for`` may spend one of its team re-rolls (see :func:`catch`).
    ``leaving`` is the cause told to ``bbcore_ball_leaves_pitch`` should a bounce take it off
    the pitch (None: ``bounced``), as for :func:`catch`.
    """
    if times is None:
        answer = ruleset.hook.bbcore_ball_bounces_on_landing(ruleset=ruleset, board=board, square=square, cause=cause)
        times = int(answer if answer is not None else 1)
    outcome = Outcome(board)
    for _ in range(times):
        direction, rolls = scatter_direction(ruleset, dice)
        target = step(square, direction)
        event = Event("bounce", None, rolls, "bounced", {"from": list(square), "to": list(target)})
        landed = _come_down(
            ruleset,
            outcome.board,
            square,
            target,
            dice,
            decisions,
            situation="bounced",
            depth=depth,
            team_reroll_for=team_reroll_for,
            leaving=leaving,
        )
        outcome = outcome.then(_prepend(event, landed))
        # Only a ball that simply came to rest bounces on: a catch tried, the crowd or a feature ends this bounce's run.
        if [e.kind for e in landed.events] != ["ball-rests"] or outcome.board.ball.square is None:
            break
        square = outcome.board.ball.square
    return outcome


#: The skill that lets a player going down set the ball beside him instead of letting it bounce.
SAFE_PAIR_OF_HANDS = "safe-pair-of-hands"


def drop_ball(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll_for: TeamRerolls | None = None,
) -> Outcome:
    """The ball of ``player_id``, who held it and went down in ``square`` (knocked down, fallen or placed prone), lies
    there: it bounces, unless the player has Safe Pair of Hands and his coach sets it in an empty square next to
    ``square`` (``Decisions.place_ball``), where it stays. The skill is Active: a player who was Distracted as he
    went down (his tackle zone gone) cannot use it. ``team_reroll_for`` goes on with the bounce (see :func:`catch`)."""
    holder = board.player(player_id)
    if holder.has(SAFE_PAIR_OF_HANDS) and holder.tackle_zone:
        squares = [s for s in board.neighbours(square) if not board.occupied(s)]
        chosen = decisions.place_ball(player_id, squares) if squares else None
        if chosen is not None:
            if chosen not in squares:
                raise UsageError(f"{player_id} cannot set the ball in {chosen}: it is not an empty square next to {square}")
            placed = Event(SAFE_PAIR_OF_HANDS, player_id, (), "placed", {"from": list(square), "square": list(chosen)})
            return Outcome(board.with_ball(BallState(square=chosen)), (placed,))
    return bounce(ruleset, board.with_ball(BallState(square=square)), square, dice, decisions, team_reroll_for=team_reroll_for)


def land_ball(
    ruleset: Ruleset,
    board: Board,
    square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    cause: str,
    depth: int = 0,
    situation: str = "pass",
    modifier: int = 0,
    team_reroll_for: TeamRerolls | None = None,
    leaving: str | None = None,
) -> Outcome:
    """A ball arriving from the air (a kick, an inaccurate pass): a standing player tries to catch it; otherwise it hits the ground.

    On the ground it bounces as many times as ``bbcore_ball_bounces_on_landing`` says (the core: once).
    A square whose feature takes the ball (``ball_lands``) is dealt with first: the
    ``bbcore_ball_reentry`` hook says where the ball comes back (``origin`` None: from the air).
    ``situation`` and ``modifier`` go to the catch (see :func:`catch`); ``team_reroll_for``
    (team, team re-rolls it may spend) lets a player of that team catching here use one;
    ``leaving`` is told to ``bbcore_ball_leaves_pitch`` if the ball goes off the pitch from a
    missed catch or a bounce (see :func:`catch`).
    """
    reentered = _reenter(
        ruleset,
        board,
        square,
        None,
        dice,
        decisions,
        cause=cause,
        depth=depth,
        situation=situation,
        modifier=modifier,
        team_reroll_for=team_reroll_for,
    )
    if reentered is not None:
        return reentered
    occupant = board.at(square)
    if occupant is not None and occupant.standing:
        return catch(
            ruleset,
            board,
            occupant.id,
            dice,
            decisions,
            situation=situation,
            modifier=modifier,
            team_reroll_for=team_reroll_for,
            leaving=leaving,
        )
    landed = Event("ball-lands", None, (), "landed", {"square": list(square), "cause": cause})
    loose = bounce(
        ruleset,
        board.with_ball(BallState(square=square)),
        square,
        dice,
        decisions,
        depth=depth,
        cause=cause,
        team_reroll_for=team_reroll_for,
        leaving=leaving,
    )
    return _prepend(landed, loose)


def _reenter(
    ruleset: Ruleset,
    board: Board,
    square: Square,
    origin: Square | None,
    dice: DiceSource,
    decisions: Decisions,
    *,
    cause: str,
    depth: int,
    situation: str = "pass",
    modifier: int = 0,
    team_reroll_for: TeamRerolls | None = None,
) -> Outcome | None:
    """A ball coming down on a feature that takes it (``ball_lands``): where the re-entry hook sends it; None when no feature does."""
    feature = board.geometry.feature_at(square)
    if feature is None or not feature.ball_lands or depth > _MAX_CHAIN:
        return None
    reentry = ruleset.hook.bbcore_ball_reentry(ruleset=ruleset, board=board, square=square, dice=dice, origin=origin)
    if reentry is None or reentry.square is None:
        return None
    event = Event("ball-reenters", None, (), feature.ball_lands, {"feature": feature.id, "square": list(reentry.square)})
    landed = board.with_ball(BallState(square=reentry.square))
    if reentry.lands:
        again = land_ball(
            ruleset,
            board,
            reentry.square,
            dice,
            decisions,
            cause=cause,
            depth=depth + 1,
            situation=situation,
            modifier=modifier,
            team_reroll_for=team_reroll_for,
        )
        return _prepend(event, again)
    if reentry.bounce:
        return _prepend(event, bounce(ruleset, landed, reentry.square, dice, decisions, depth=depth + 1, team_reroll_for=team_reroll_for))
    down = _come_down(
        ruleset, board, square, reentry.square, dice, decisions, situation="bounced", depth=depth + 1, team_reroll_for=team_reroll_for
    )
    return _prepend(event, down)


def _come_down(
    ruleset: Ruleset,
    board: Board,
    origin: Square,
    target: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    situation: str,
    depth: int,
    team_reroll_for: TeamRerolls | None = None,
    leaving: str | None = None,
) -> Outcome:
    if depth > _MAX_CHAIN:
        return Outcome(board.with_ball(BallState(square=origin)), (Event("ball-rests", None, (), "stopped", {"square": list(origin)}),))
    if not board.geometry.on_pitch(target):
        cause = leaving or situation
        return leave_pitch(ruleset, board, origin, target, dice, decisions, cause=cause, depth=depth, team_reroll_for=team_reroll_for)
    # A feature that takes the ball takes it before anyone inside it could catch it.
    reentered = _reenter(ruleset, board, target, origin, dice, decisions, cause="loose", depth=depth, team_reroll_for=team_reroll_for)
    if reentered is not None:
        return reentered
    occupant = board.at(target)
    if occupant is not None:
        aloft = board.with_ball(BallState(square=target))
        return catch(
            ruleset, aloft, occupant.id, dice, decisions, situation=situation, depth=depth, team_reroll_for=team_reroll_for, leaving=leaving
        )
    return Outcome(board.with_ball(BallState(square=target)), (Event("ball-rests", None, (), "rests", {"square": list(target)}),))


def leave_pitch(
    ruleset: Ruleset,
    board: Board,
    last_square: Square,
    off_square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    cause: str,
    depth: int = 0,
    team_reroll_for: TeamRerolls | None = None,
) -> Outcome:
    """The ball would cross an edge: ``bbcore_ball_leaves_pitch`` says what happens (the core: a throw-in).

    ``team_reroll_for`` (a team, the team re-rolls it may spend) goes on with the ball: a
    player of that team catching the throw-in, or the rebound, may spend one (see :func:`catch`).
    """
    answer = ruleset.hook.bbcore_ball_leaves_pitch(
        ruleset=ruleset, board=board, last_square=last_square, off_square=off_square, cause=cause
    )
    if answer == "touchback":
        return Outcome(board.with_ball(BallState()), (Event("ball-out", None, (), "touchback", {"from": list(last_square)}),))
    if answer == "rebound":
        return rebound(ruleset, board, last_square, off_square, dice, decisions, depth=depth + 1, team_reroll_for=team_reroll_for)
    return throw_in(
        ruleset,
        board,
        last_square,
        off_square,
        dice,
        decisions,
        depth=depth + 1,
        label=answer or "throw-in",
        team_reroll_for=team_reroll_for,
    )


def rebound(
    ruleset: Ruleset,
    board: Board,
    last_square: Square,
    off_square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    depth: int = 0,
    team_reroll_for: TeamRerolls | None = None,
) -> Outcome:
    """The ball comes back off a wall: the throw-in template on the square it would have reached, facing into the pitch, one square.

    A ball that would still be off the pitch (a corner) stops on the last square it had.
    """
    facing = _facing_into_pitch(board, last_square, off_square) or direction_into(board, off_square)
    table = ruleset.table("throw-in")
    rolls = roll_dice(dice, table.dice or "D6")
    row = table.row_for(sum(rolls))
    target = step(off_square, template_direction(facing, row))
    if not board.geometry.on_pitch(target):
        target = last_square
    event = Event("rebound", None, rolls, row.id, {"from": list(off_square), "to": list(target)})
    down = _come_down(
        ruleset, board, off_square, target, dice, decisions, situation="bounced", depth=depth, team_reroll_for=team_reroll_for
    )
    return _prepend(event, down)


def direction_into(board: Board, off_square: Square) -> Square:
    """The unit step from an off-pitch square back towards the pitch."""
    pitch = board.pitch
    dx = 1 if off_square[0] < 0 else -1 if off_square[0] >= pitch.length else 0
    dy = 1 if off_square[1] < 0 else -1 if off_square[1] >= pitch.width else 0
    return (dx, dy)


#: The ways a throw-in template set over a player may face (a Punt, a Swoop): towards either End Zone or either sideline.
TEMPLATE_FACINGS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


def template_direction(facing: Square, row: Row) -> Square:
    """A throw-in row's direction for a template facing ``facing``: forward along it, lateral to its right (y grows downwards)."""
    forward, lateral = int(row.values["forward"] or 0), int(row.values["lateral"] or 0)
    right = (-facing[1], facing[0])
    return (facing[0] * forward + right[0] * lateral, facing[1] * forward + right[1] * lateral)


def _facing_into_pitch(board: Board, last_square: Square, off_square: Square) -> Square | None:
    """The direction straight back into the pitch across the edge crossed; None from a corner."""
    geometry = board.geometry
    dx = 0 if 0 <= off_square[0] < geometry.pitch.length else (1 if off_square[0] < 0 else -1)
    dy = 0 if 0 <= off_square[1] < geometry.pitch.width else (1 if off_square[1] < 0 else -1)
    if dx and dy:
        return None
    if not dx and not dy:
        return None
    corner_x = last_square[0] in (0, geometry.pitch.length - 1)
    corner_y = last_square[1] in (0, geometry.pitch.width - 1)
    if corner_x and corner_y:
        return None
    return (dx, dy)


def throw_in(
    ruleset: Ruleset,
    board: Board,
    last_square: Square,
    off_square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    depth: int = 0,
    label: str = "throw-in",
    team_reroll_for: TeamRerolls | None = None,
) -> Outcome:
    """The crowd throws the ball back from its last square on the pitch.

    The throw-in table gives the direction relative to the facing into the pitch; from a
    corner a die (``corner_throw_in_dice``) picks one of the three directions into the
    pitch. The ball travels the ``throw_in_distance`` counting the edge square as the
    first, then comes down; if it leaves the pitch again, the crowd throws it in again.
    A catcher of the team in ``team_reroll_for`` may spend one of its team re-rolls (see :func:`catch`).
    """
    facing = _facing_into_pitch(board, last_square, off_square)
    if facing is None:
        inward = [
            d
            for d in ((1, 1), (1, 0), (0, 1), (-1, 1), (-1, 0), (1, -1), (0, -1), (-1, -1))
            if board.geometry.on_pitch(step(last_square, d))
        ]
        rolls = roll_dice(dice, ruleset.parameters.ball.corner_throw_in_dice)
        direction = inward[(sum(rolls) - 1) % len(inward)]
    else:
        table = ruleset.table("throw-in")
        rolls = roll_dice(dice, table.dice or "D6")
        row = table.row_for(sum(rolls))
        direction = template_direction(facing, row)
    distance_rolls = roll_dice(dice, ruleset.parameters.ball.throw_in_distance)
    distance = sum(distance_rolls)
    square = last_square
    travelled = 1  # the edge square counts as the first
    while travelled < distance:
        ahead = step(square, direction)
        if not board.geometry.on_pitch(ahead):
            event = Event("throw-in", None, rolls + distance_rolls, "out-again", {"from": list(last_square), "label": label})
            again = leave_pitch(
                ruleset, board, square, ahead, dice, decisions, cause="thrown_in", depth=depth + 1, team_reroll_for=team_reroll_for
            )
            return _prepend(event, again)
        square = ahead
        travelled += 1
    event = Event("throw-in", None, rolls + distance_rolls, "thrown-in", {"from": list(last_square), "to": list(square), "label": label})
    occupant = board.at(square)
    dived = (
        None
        if occupant is not None and occupant.standing
        else diving_catch(
            ruleset, board, square, dice, decisions, situation="thrown_in", reason="throw-in", team_reroll_for=team_reroll_for
        )
    )
    if dived is not None:
        return _prepend(event, dived)
    if occupant is not None:
        return _prepend(
            event,
            catch(
                ruleset,
                board.with_ball(BallState(square=square)),
                occupant.id,
                dice,
                decisions,
                situation="thrown_in",
                depth=depth + 1,
                team_reroll_for=team_reroll_for,
            ),
        )
    return _prepend(event, land_ball(ruleset, board, square, dice, decisions, cause="throw-in", team_reroll_for=team_reroll_for))


#: The skill that lets a player catch a ball coming down on an empty square of his tackle zone.
DIVING_CATCH = "diving-catch"


def diving_catch(
    ruleset: Ruleset,
    board: Board,
    square: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    situation: str,
    reason: str,
    first_team: str | None = None,
    modifier: int = 0,
    team_reroll_for: TeamRerolls | None = None,
    leaving: str | None = None,
    target: Square | None = None,
) -> Outcome | None:
    """A ball coming down on ``square`` from a pass, a throw-in or a kick-off, with nobody Standing there to catch it
    (empty, or a player lying in it): a player with Diving Catch in play whose tackle zone covers it may try to catch
    it from where he stands (``first_team``'s players first, then by id; each asked ``Decisions.use_skill`` with
    ``reason``). The catch as :func:`catch` plays it (``leaving`` as there), or None when nobody tries (or a Standing
    player is there, or a feature there takes the ball). A diver standing in a pass's ``target`` square adds the
    skill's own bonus (``ball.catch_modifiers.diving_catch``)."""
    feature = board.geometry.feature_at(square)
    occupant = board.at(square)
    if (occupant is not None and occupant.standing) or (feature is not None and feature.ball_lands):
        return None
    divers = sorted(
        (p for p in board.players.values() if p.square is not None and distance(p.square, square) == 1 and p.has(DIVING_CATCH)),
        key=lambda p: (p.team != first_team, p.id),
    )
    for diver in divers:
        if board.in_play(diver) and decisions.use_skill(diver.id, DIVING_CATCH, reason):
            aloft = board.with_ball(BallState(square=square))
            bonus = ruleset.parameters.ball.catch_modifiers.get("diving_catch", 0) if diver.square == target else 0
            return catch(
                ruleset,
                aloft,
                diver.id,
                dice,
                decisions,
                situation=situation,
                modifier=modifier + bonus,
                team_reroll_for=team_reroll_for,
                leaving=leaving,
            )
    return None


def kick(ruleset: Ruleset, target: Square, dice: DiceSource, *, receiving_team: str, kicker: str | None = None) -> tuple[Square, Event]:
    """The kick deviates from the target square: where the ball will come down (perhaps off the pitch), still in the air.

    ``kicker`` names a nominated kicker who uses Kick: the deviation is then
    ``ball.kick_deviate_distance`` squares instead of ``ball.deviate_distance``.
    """
    distance = ruleset.parameters.ball.kick_deviate_distance if kicker is not None else None
    landing, rolls = deviate(ruleset, target, dice, distance=distance)
    detail = {"target": list(target), "landing": list(landing), **({"kicker": kicker} if kicker is not None else {})}
    return landing, Event("kick", receiving_team, rolls, "deviated", detail)


def _edge_crossing(board: Board, origin: Square, landing: Square) -> tuple[Square, Square]:
    """Walking straight from ``origin`` towards ``landing``: the last square on the pitch and the first past its edge."""
    direction = ((landing[0] > origin[0]) - (landing[0] < origin[0]), (landing[1] > origin[1]) - (landing[1] < origin[1]))
    square = origin
    while board.geometry.on_pitch(step(square, direction)) and square != landing:
        square = step(square, direction)
    return square, step(square, direction)


def kick_lands(
    ruleset: Ruleset,
    board: Board,
    landing: Square,
    dice: DiceSource,
    decisions: Decisions,
    *,
    receiving_team: str,
    scatters: int = 0,
    origin: Square | None = None,
) -> Outcome:
    """The kicked ball comes down after the kick-off event, scattering first if the event said so.

    It must stay in the receiving team's half: off the pitch or over the line of
    scrimmage at any point is a touchback, whether by the deviation, a scatter or a
    bounce, even when a later scatter or bounce brings it back. Whenever it would cross
    an edge (the flight, when ``origin`` is where it was aimed, or a bounce), the
    ``bbcore_ball_leaves_pitch`` hook is asked first (cause ``kick-off``): the core
    answers ``touchback``; a variant with walls may send the ball back, and a ball sent
    back is still in play.
    """
    receiving_half = "home" if receiving_team == board.home else "away"
    geometry = board.geometry

    def over_the_line(square: Square) -> bool:
        return geometry.on_pitch(square) and geometry.half_of(square) != receiving_half

    def strayed(square: Square) -> bool:
        return not geometry.on_pitch(square) or over_the_line(square)

    events: tuple[Event, ...] = ()
    if scatters and not strayed(landing):
        # A deviation that strayed already decides it; a scatter that strays at any square does too.
        path, rolls = scatter(ruleset, landing, scatters, dice)
        events = (Event("scatter", None, rolls, "scattered", {"from": list(landing), "to": list(path[-1])}),)
        landing = next((s for s in path if strayed(s)), path[-1])
    if not geometry.on_pitch(landing) and origin is not None:
        last, off = _edge_crossing(board, origin, landing)
        answer = ruleset.hook.bbcore_ball_leaves_pitch(ruleset=ruleset, board=board, last_square=last, off_square=off, cause="kick-off")
        if answer != "touchback":
            # Something past the edge (a wall) sends the ball back: it comes down where it rebounds.
            returned = leave_pitch(ruleset, board, last, off, dice, decisions, cause="kick-off")
            outcome = Outcome(returned.board, (*events, *returned.events))
            resting = outcome.board.ball_square()
            if resting is None or geometry.half_of(resting) != receiving_half:
                return touchback(outcome.board, receiving_team, decisions, outcome.events)
            return outcome
    if not geometry.on_pitch(landing) or geometry.half_of(landing) != receiving_half:
        return touchback(board, receiving_team, decisions, events)
    dived = diving_catch(
        ruleset, board, landing, dice, decisions, situation="pass", reason="kick-off", first_team=receiving_team, leaving="kick-off"
    )
    # A ball that leaves the pitch before it comes to rest (a missed catch, a bounce) is a touchback too, unless the
    # bbcore_ball_leaves_pitch hook sent it back (a wall): the edge is asked, and a ball it kept has no square.
    landed = dived if dived is not None else land_ball(ruleset, board, landing, dice, decisions, cause="kick-off", leaving="kick-off")
    outcome = Outcome(landed.board, (*events, *landed.events))
    resting = outcome.board.ball_square()
    bounced_over = any(e.kind == "bounce" and over_the_line((e.detail["to"][0], e.detail["to"][1])) for e in landed.events)
    if resting is None or geometry.half_of(resting) != receiving_half or bounced_over:
        return touchback(outcome.board, receiving_team, decisions, outcome.events)
    return outcome


def kick_off(ruleset: Ruleset, board: Board, target: Square, dice: DiceSource, decisions: Decisions, *, receiving_team: str) -> Outcome:
    """A kick with nothing between the flight and the landing: :func:`kick`, then :func:`kick_lands`.

    In a game the start-of-drive sequence rolls the kick-off event in between.
    """
    landing, event = kick(ruleset, target, dice, receiving_team=receiving_team)
    landed = kick_lands(ruleset, board, landing, dice, decisions, receiving_team=receiving_team, origin=target)
    return Outcome(landed.board, (event, *landed.events), landed.turnover)


def touchback(board: Board, receiving_team: str, decisions: Decisions, events: tuple[Event, ...] = ()) -> Outcome:
    """The receiving coach gives the ball to one of their standing players; with nobody Standing he places it on a free
    square of his half (:func:`~bbcore.rules.decisions.touchback_square_from`, the squares of his end line first)."""
    # A No Ball player may never hold the ball; one trapped in a feature (a pit) is out of play.
    candidates = sorted(p.id for p in board.team_players(receiving_team) if p.standing and not p.has(NO_BALL) and not board.trapped(p))
    if candidates:
        chosen = checked_choice(
            decisions.touchback_receiver(receiving_team, candidates), candidates, question="touchback", who=receiving_team
        )
        event = Event("touchback", receiving_team, (), "given", {"to": chosen})
        return Outcome(board.with_ball(BallState(carrier=chosen)), (*events, event))
    half = "home" if receiving_team == board.home else "away"
    geometry = board.geometry
    free = [
        (x, y)
        for x in range(board.pitch.length)
        for y in range(board.pitch.width)
        if geometry.half_of((x, y)) == half and not board.occupied((x, y)) and _holds_a_ball(geometry.feature_at((x, y)))
    ]
    end_line = 0 if half == "home" else board.pitch.length - 1
    free.sort(key=lambda s: (abs(s[0] - end_line), s[1]))
    square = touchback_square_from(decisions, receiving_team, free)
    return Outcome(
        board.with_ball(BallState(square=square)), (*events, Event("touchback", receiving_team, (), "placed", {"square": list(square)}))
    )


def _holds_a_ball(feature: FeatureType | None) -> bool:
    """Whether a ball may be set down on a square with ``feature`` (none, or one that neither takes the ball nor traps)."""
    return feature is None or not (feature.ball_lands or feature.traps_players)


def _prepend(event: Event, outcome: Outcome) -> Outcome:
    return Outcome(outcome.board, (event, *outcome.events), outcome.turnover)
