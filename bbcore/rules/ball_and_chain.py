"""The Ball & Chain special action: a player swinging a ball on a chain lurches across the pitch one square at a time.

A player with the trait may declare nothing else when activated (the caller keeps to
that: :func:`only_action`), and any number of players may declare it each turn.
:func:`ball_and_chain` plays it: before each square his coach sets the throw-in
template over him facing an End Zone or a sideline (``Decisions.template_facing``,
reason ``ball-and-chain``; None stops him), and a roll on the ``throw-in`` table gives
the square he moves into. He may go as many squares as his Move Allowance and then Rush
as usual. Leaving a tackle zone never needs a Dodge (nor lets Tentacles or Shadowing
hold him). What the square holds decides the rest:

- nothing: he moves in;
- past the edge of the pitch: he goes into the crowd (:func:`~bbcore.rules.injury.injury_by_the_crowd`)
  and his action ends;
- a Standing player of either team: he blocks him at once (Foul Appearance is not
  rolled for); against a team-mate his own coach chooses the face. He follows up
  whenever the player is pushed back; otherwise he stays where he was;
- a Prone or Stunned player: the player on the ground is shoved one square and rolls
  Armour; the Ball & Chain takes the square he was shoved out of;
- the loose ball: he moves in and it bounces (no turnover);
- a feature that blocks movement (a wall, say): he stays where he is, and the square
  of movement is spent.

A failed Rush takes him into the square first, with all of the above, and then he
Falls Over there. Whenever a player with the trait is Knocked Down, Falls Over or is
Placed Prone, an Injury Roll is made at once with no Armour Roll, and a Stunned result
counts as Knocked-out (see :func:`bbcore.rules.injury.knock_down`,
:func:`bbcore.rules.injury.place_prone` and :func:`bbcore.rules.injury.roll_injury`).

The action is a turnover when he goes down, or his block knocks down a team-mate or
sends one into the crowd. Going into the crowd himself is not a turnover: he was
neither Knocked Down nor did he Fall Over (a judgement; the rules do not say).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball, movement
from bbcore.rules.ball import TEMPLATE_FACINGS, template_direction
from bbcore.rules.block import automatic_block
from bbcore.rules.board import Board, PlayerState, Square, step
from bbcore.rules.decisions import Decisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import BALL_AND_CHAIN, KNOCKED_DOWN, Harm, apothecary_from, armour_and_injury, injury_by_the_crowd, treatment_from
from bbcore.rules.push import push
from bbcore.rules.rerolls import PRO, TEAM_REROLL, RerollBudget, plugin_reroll, pro_for, take_test, target_test
from bbcore.rules.trapdoors import enter_square, fell_through

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

__all__ = ["BALL_AND_CHAIN", "ball_and_chain", "only_action"]


def only_action(player: PlayerState) -> str | None:
    """The one action ``player`` may declare when activated (``ball-and-chain`` for a player with the trait), or None
    when he may declare any."""
    return BALL_AND_CHAIN if player.has(BALL_AND_CHAIN) else None


def ball_and_chain(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    rush_modifier: int = 0,
    pro: bool = True,
) -> Outcome:
    """Play ``player_id``'s Ball & Chain special action (see the module) until his coach stops him, his movement and
    Rushes run out, or he goes down or off the pitch.

    ``team_reroll`` is how many team re-rolls may be spent (on a Rush, or on his blocks' dice);
    ``rush_modifier`` (one more than the board's conditions hold) is added to each Rush; ``pro`` (not tried yet in this activation) lets a
    player with Pro try it once, on a Rush or on a block's dice. Each square is a ``ball-and-chain`` event
    (result ``moved``, ``blocked``, ``pushed``, ``ball``, ``crowd`` or ``stopped``, with the template's
    roll, the facing, the square and whether it was a Rush), followed by what it caused. A player
    without the trait, or not Standing on the pitch, raises :class:`~bbcore.errors.UsageError`.
    """
    player = board.player(player_id)
    if not player.has(BALL_AND_CHAIN):
        raise UsageError(f"{player_id} has no Ball & Chain")
    if not player.standing or player.square is None:
        raise UsageError(f"{player_id} cannot swing his Ball & Chain: he is not Standing on the pitch")
    table = ruleset.table("throw-in")
    budget = RerollBudget(int(team_reroll), pro=pro_for(ruleset, player_id) if pro else None)
    events: list[Event] = []
    squares, rushes = 0, 0
    while True:
        player = board.player(player_id)
        if not player.standing or player.square is None or (squares >= player.ma and rushes >= movement.max_rushes(ruleset, player)):
            break
        facing = decisions.template_facing(player_id, BALL_AND_CHAIN, TEMPLATE_FACINGS)
        if facing is None:
            break
        if facing not in TEMPLATE_FACINGS:
            raise UsageError(f"the template must face an End Zone or a sideline, one of {list(TEMPLATE_FACINGS)}; not {facing}")
        rushing = squares >= player.ma
        rush_failed = False
        if rushing:
            rushes += 1
            target = ruleset.parameters.targets.rush
            judge = target_test(target, rush_modifier + movement.rush_modifier(ruleset, board, player))
            rolled, budget = take_test(
                player,
                "rush",
                judge,
                dice,
                decisions,
                budget,
                skill="sure-feet",
                detail={"target": target, "rush": rushes, "for": BALL_AND_CHAIN},
                offered=plugin_reroll(ruleset, board, player, "rush"),
            )
            events.extend(rolled.events)
            rush_failed = not rolled.passed
        squares += 1
        rolls = roll_dice(dice, table.dice or "D6")
        direction = template_direction(facing, table.row_for(sum(rolls)))
        pro_left = budget.pro is not None and PRO not in budget.spent
        entered = _enter(ruleset, board, player, step(player.square, direction), dice, decisions, budget.team_rerolls, pro=pro_left)
        spent = sum(1 for e in entered.events if e.kind == TEAM_REROLL)
        tried = frozenset({PRO}) if any(e.kind == PRO for e in entered.events) else frozenset()
        budget = RerollBudget(budget.team_rerolls - spent, budget.spent | tried, pro=budget.pro)
        head, *rest = entered.events
        told = Event(head.kind, head.who, rolls, head.result, {**head.detail, "facing": list(facing), "rush": rushing})
        events.extend((told, *rest))
        board = entered.board
        if entered.turnover:
            return Outcome(board, tuple(events), turnover=True)
        now = board.player(player_id)
        if rush_failed and now.standing and now.square is not None:
            fell = movement.fall_over(ruleset, board, player_id, now.square, dice, decisions, reason="rush")
            board = fell.board
            events.extend(fell.events)
            if not board.player(player_id).standing:
                return Outcome(board, tuple(events), turnover=True)
    return Outcome(board, tuple(events))


def _event(player: PlayerState, result: str, square: Square, **detail: object) -> Event:
    return Event(BALL_AND_CHAIN, player.id, (), result, {"square": list(square), **detail})


def _enter(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    square: Square,
    dice: DiceSource,
    decisions: Decisions,
    team_rerolls: int,
    *,
    pro: bool,
) -> Outcome:
    """He tries to move into ``square``; the first event is his ``ball-and-chain`` event (its rolls added by the caller)."""
    assert player.square is not None
    if not board.geometry.on_pitch(square):
        crowd = injury_by_the_crowd(ruleset, board, player.id, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions))
        return Outcome(crowd.board, (_event(player, "crowd", square), *crowd.events))
    feature = movement.blocking_feature(board, player.square, square)
    if feature is not None:
        return Outcome(board, (_event(player, "stopped", square, by=feature[0]),))
    occupant = board.at(square)
    if occupant is not None and occupant.standing:
        return _block(ruleset, board, player, occupant, dice, decisions, team_rerolls, pro=pro)
    if occupant is not None:
        return _push_and_armour(ruleset, board, player, occupant, dice, decisions)
    catching = ball.CatchRerolls(player.team, team_rerolls, pro_for(ruleset, player.id) if pro else None)
    return _into_empty(ruleset, board, player, square, dice, decisions, catching)


def _into_empty(
    ruleset: Ruleset, board: Board, player: PlayerState, square: Square, dice: DiceSource, decisions: Decisions, catching: ball.CatchRerolls
) -> Outcome:
    """Into an empty square: the roll for a square he may fall through, then a ball lying there bounces away (a team-mate
    may catch it with ``catching``'s re-rolls)."""
    moved = board.with_player(player.moved(square))
    entered = enter_square(ruleset, moved, player.id, dice, decisions)
    if entered is not None:
        if fell_through(entered, player.id):
            return Outcome(entered.board, (_event(player, "moved", square), *entered.events), entered.turnover)
        moved = entered.board
    held = entered.events if entered is not None else ()
    if board.ball.carrier is None and board.ball.square == square:
        bounced = ball.bounce(ruleset, moved, square, dice, decisions, team_reroll_for=catching)
        return Outcome(bounced.board, (_event(player, "ball", square), *held, *bounced.events))
    return Outcome(moved, (_event(player, "moved", square), *held))


def _block(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    target: PlayerState,
    dice: DiceSource,
    decisions: Decisions,
    team_rerolls: int,
    *,
    pro: bool,
) -> Outcome:
    """He blocks whoever stands in the square (no Foul Appearance roll), and follows up whenever he can.

    A team-mate he hits is a player of the active team: Knocked Down or pushed into the crowd, he brings a turnover;
    Placed Prone (his own Wrestle), only if he held the ball."""
    assert target.square is not None
    hit = automatic_block(ruleset, board, player.id, target.id, dice, decisions, team_reroll=team_rerolls, must_follow_up=True, pro=pro)
    team_mate_down = target.team == player.team and _team_mate_turnover(board, hit, target.id)
    return Outcome(hit.board, (_event(player, "blocked", target.square, target=target.id), *hit.events), hit.turnover or team_mate_down)


def _team_mate_turnover(before: Board, hit: Outcome, team_mate_id: str) -> bool:
    after = hit.board.player(team_mate_id)
    knocked_down = any(e.kind == KNOCKED_DOWN and e.who == team_mate_id for e in hit.events)
    dropped = before.ball.carrier == team_mate_id and not after.standing
    return knocked_down or not after.on_pitch or dropped


def _push_and_armour(
    ruleset: Ruleset, board: Board, player: PlayerState, lying: PlayerState, dice: DiceSource, decisions: Decisions
) -> Outcome:
    """A Prone or Stunned player in the square is pushed back and hit (an Armour Roll); he moves into the square left."""
    assert player.square is not None
    assert lying.square is not None
    square = lying.square
    pushed = push(ruleset, board, lying.id, player.square, dice, decisions, chooser=player.team, attacker=player)
    outcome = pushed.outcome
    events: list[Event] = [_event(player, "pushed", square, target=lying.id), *outcome.events]
    board = outcome.board
    if board.player(lying.id).on_pitch:
        hit = armour_and_injury(
            ruleset,
            board,
            lying.id,
            # Not a Block Action's knock-down: the lying player's Armour Roll takes no Mighty Blow nor Claws.
            Harm(BALL_AND_CHAIN, attacker=player),
            dice,
            apothecary_from(decisions),
            choose_treatment=treatment_from(decisions),
        )
        board = hit.board
        events.extend(hit.events)
    if pushed.moved and pushed.vacated is not None and board.at(pushed.vacated) is None:
        board = board.with_player(board.player(player.id).moved(pushed.vacated))
        events.append(Event("follow-up", player.id, (), "followed", {"to": list(pushed.vacated)}))
        entered = enter_square(ruleset, board, player.id, dice, decisions)
        if entered is not None:
            board = entered.board
            events.extend(entered.events)
    return Outcome(board, tuple(events), outcome.turnover)
