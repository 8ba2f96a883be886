"""The special actions some skills and traits give: Stab, Chainsaw Attack, Projectile Vomit, Breathe Fire, Hypnotic Gaze,
Chomp.

Each is one procedure, made once the player has been activated for it (any number of
players may declare these each turn; Hypnotic Gaze may follow a move, the others may
stand in for a Blitz's block). Their dice are the ``special_actions`` parameters. Each
returns an :class:`~bbcore.rules.events.Outcome` whose ``turnover`` is true when the
acting player ends up down (a Chainsaw's kick-back, his own vomit, a failed Breathe
Fire) or his team loses the ball it held.

- :func:`stab`: an Armour Roll nothing may modify against a Standing opponent alongside,
  then an Injury Roll if it breaks. The victim is not Knocked Down.
- :func:`chainsaw_attack`: a D6; on a kick-back the wielder is Knocked Down, otherwise an
  Armour Roll with the chainsaw's bonus against an opponent he marks. (A Chainsaw on a
  Foul is :func:`bbcore.rules.foul.foul`'s ``chainsaw``; the wielder's own Armour Rolls
  always take the bonus, see :func:`bbcore.rules.injury.armour_modifier`.)
- :func:`projectile_vomit`: a D6; a hit is an unmodified Armour Roll against the target,
  a miss one against the vomiter.
- :func:`breathe_fire`: a D6 against an opponent he marks, worse against a strong one:
  the breather Knocked Down, nothing, the target Placed Prone, or Knocked Down on the
  natural top roll.
- :func:`hypnotic_gaze`: a D6; on a success the target is Distracted (loses his Tackle
  Zone until he is next activated).
- :func:`chomp` (Monstrous Mouth): a D6 against an opponent he marks; on a success the
  target is Chomped (``PlayerState.chomped_by``): he may not leave his square by any move
  of his own for as long as the chomper Marks him, and the hold ends the moment the
  chomper no longer does (see :meth:`bbcore.rules.board.Board.chompers_of`).

A player with Foul Appearance makes the acting player roll first
(:func:`bbcore.rules.block.brave_foul_appearance`: his Pro may try a failure again); when
that calls the action off, the outcome holds only its events and the activation is over. The D6 of Chainsaw, Projectile
Vomit, Breathe Fire, Hypnotic Gaze and Chomp is rolled as a test (:func:`bbcore.rules.rerolls.take_test`):
a bad result may be rolled again with the player's Pro (``pro``: not tried yet in this
activation), a plugin's source, or a team re-roll the caller offers (``team_reroll``); the
action's event then carries every die and ``rerolled_with``, followed by the re-roll's own
events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.block import brave_foul_appearance, called_off, catch_rerolls, trickster
from bbcore.rules.board import MONSTROUS_MOUTH, Board, PlayerState, next_to
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import BALL_AND_CHAIN, Harm, apothecary_from, armour_and_injury, knock_down, place_prone, treatment_from
from bbcore.rules.passing import dump_off
from bbcore.rules.rerolls import RerollBudget, Verdict, plugin_reroll, pro_for, pro_untried, take_test, team_rerolls_left

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

    #: The body of a special action, once its target is checked: (ruleset, board, player, target, dice, decisions, budget).
    _Body = Callable[[Ruleset, Board, PlayerState, PlayerState, DiceSource, Decisions, RerollBudget], Outcome]

STAB, CHAINSAW, PROJECTILE_VOMIT, BREATHE_FIRE, HYPNOTIC_GAZE = (
    "stab",
    "chainsaw",
    "projectile-vomit",
    "breathe-fire",
    "hypnotic-gaze",
)
#: Monstrous Mouth's special action, and the name of its D6 and event.
CHOMP = "chomp"
#: Bombardier's special action (:mod:`bbcore.rules.bombardier`).
THROW_BOMB = "throw-bomb"
#: The special actions that can hurt a player, by the cause their ``Harm`` carries.
HARMFUL = frozenset({STAB, CHAINSAW, PROJECTILE_VOMIT, BREATHE_FIRE, THROW_BOMB, BALL_AND_CHAIN})


def _pair(board: Board, player_id: str, target_id: str, skill: str, *, marking: bool = False) -> tuple[PlayerState, PlayerState]:
    """The acting player (Standing and not Distracted, with ``skill``) and his target (a Standing opponent alongside,
    marked by him if ``marking``)."""
    player, target = board.player(player_id), board.player(target_id)
    if not player.has(skill):
        raise UsageError(f"{player_id} has no {skill} to use")
    if not player.alert or (marking and not board.in_play(player)):
        raise UsageError(
            f"{player_id} cannot use {skill}: he must be Standing and not Distracted" + (" and marking his target" if marking else "")
        )
    if target.team == player.team or not target.standing:
        raise UsageError(f"{player_id} cannot use {skill} on {target_id}: the target must be a Standing opposition player")
    if not next_to(player, target):
        raise UsageError(f"{player_id} cannot use {skill} on {target_id}: the target must be next to him")
    if marking and not board.marking(player, target):
        raise UsageError(f"{player_id} cannot use {skill} on {target_id}: his Tackle Zone must cover the target")
    for who in (player, target):
        if board.trapped(who):
            raise UsageError(f"{player_id} cannot use {skill} on {target_id}: {who.id} is trapped in a feature of the pitch, out of play")
    return player, target


def _budget(ruleset: Ruleset, player_id: str, team_reroll: int | bool, pro: bool) -> RerollBudget:
    return RerollBudget(int(team_reroll), pro=pro_for(ruleset, player_id) if pro else None)


def _action_roll(
    ruleset: Ruleset,
    board: Board,
    player: PlayerState,
    action: str,
    judge: Callable[[int], Verdict],
    dice: DiceSource,
    decisions: Decisions,
    budget: RerollBudget,
) -> tuple[int, tuple[int, ...], str | None, tuple[Event, ...]]:
    """The action's D6 as a test: (the roll that stands, every die, the re-roll source or None, the re-roll's events)."""
    rolled, _ = take_test(player, action, judge, dice, decisions, budget, offered=plugin_reroll(ruleset, board, player, action))
    return rolled.rolls[-1], rolled.rolls, rolled.rerolled_with, rolled.events[1:]


def _banded(keep: Callable[[int], bool], kept: str, failed: str) -> Callable[[int], Verdict]:
    """A judge for an action's D6: a roll worth keeping passes, any other may be rolled again."""

    def judge(roll: int) -> Verdict:
        ok = keep(roll)
        return Verdict(ok, kept if ok else failed)

    return judge


def _told(action: str, player: PlayerState, rolls: tuple[int, ...], result: str, detail: dict[str, object], source: str | None) -> Event:
    """The action's event: every die, and ``rerolled_with`` only when a die was rolled again."""
    return Event(action, player.id, rolls, result, {**detail, "rerolled_with": source} if len(rolls) > 1 else detail)


def _settle(
    ruleset: Ruleset,
    before: Board,
    after: Outcome,
    acting: PlayerState,
    dice: DiceSource,
    decisions: Decisions,
    budget: RerollBudget | None = None,
) -> Outcome:
    """Drop the ball of a player who went down (:func:`bbcore.rules.ball.drop_ball`), and say whether the acting team's
    turn is over. An opponent's ball may be caught by the acting team with what is left of the action's ``budget``
    (its team re-rolls, the actor's Pro) to re-roll the catch; a catch after the acting team lost its own ball, a
    turnover, is not re-rolled."""
    outcome = after
    carrier = before.ball.carrier
    if carrier is not None and outcome.board.ball.carrier is None and outcome.board.ball.square is not None:
        square = outcome.board.ball.square
        catching = None
        if budget is not None and before.player(carrier).team != acting.team:
            catching = ball.catch_rerolls_left(ball.CatchRerolls(acting.team, budget.team_rerolls, budget.pro), outcome.events)
        outcome = outcome.then(ball.drop_ball(ruleset, outcome.board, carrier, square, dice, decisions, team_reroll_for=catching))
    held = carrier is not None and before.player(carrier).team == acting.team
    lost = held and (outcome.board.ball.carrier is None or outcome.board.player(outcome.board.ball.carrier).team != acting.team)
    return Outcome(outcome.board, outcome.events, not outcome.board.player(acting.id).standing or lost)


def _armour_then_injury(ruleset: Ruleset, board: Board, victim_id: str, harm: Harm, dice: DiceSource, decisions: Decisions) -> Outcome:
    """An Armour Roll against a player who stays where he is, and an Injury Roll if it breaks."""
    return armour_and_injury(ruleset, board, victim_id, harm, dice, apothecary_from(decisions), choose_treatment=treatment_from(decisions))


def _down(ruleset: Ruleset, board: Board, player_id: str, harm: Harm, dice: DiceSource, decisions: Decisions) -> Outcome:
    return knock_down(
        ruleset,
        board,
        player_id,
        harm,
        dice,
        apothecary_from(decisions),
        choose_treatment=treatment_from(decisions),
    )


def _act(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions | None,
    skill: str,
    body: _Body,
    *,
    marking: bool = False,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """Check the pair, let Foul Appearance call the action off (before any other die), a Dump-off be thrown and a
    Trickster target step aside (:func:`bbcore.rules.block.trickster`), then play ``body``; its outcome follows those."""
    player, _ = _pair(board, player_id, target_id, skill, marking=marking)
    decisions = decisions or DefaultDecisions()
    braved = brave_foul_appearance(ruleset, board, player_id, target_id, dice, decisions, pro=pro)
    if called_off(braved):
        return Outcome(board, braved)
    pro = pro_untried(pro, braved)  # once an activation
    dumped = dump_off(ruleset, board, target_id, dice, decisions, active=catch_rerolls(ruleset, player, team_reroll, pro, ()))
    pro = pro_untried(pro, dumped.events)
    team_reroll = team_rerolls_left(team_reroll, dumped.events)
    tricked = trickster(ruleset, dumped.board, player_id, target_id, dice, decisions)
    board = tricked.board
    done = body(ruleset, board, player, board.player(target_id), dice, decisions, _budget(ruleset, player_id, team_reroll, pro))
    return Outcome(done.board, (*braved, *dumped.events, *tricked.events, *done.events), done.turnover)


def stab(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """``player_id`` stabs ``target_id``: an Armour Roll nothing modifies, then an Injury Roll if it breaks.

    The Stab rolls no die of its own to re-roll; ``pro`` (not tried yet in this activation) may serve on Foul
    Appearance, and both it and ``team_reroll`` (how many the team may spend) on the interception and catches of a
    Dump-off and on the catch of a ball the target drops."""
    return _act(ruleset, board, player_id, target_id, dice, decisions, STAB, _stab, team_reroll=team_reroll, pro=pro)


def _stab(
    ruleset: Ruleset, board: Board, player: PlayerState, target: PlayerState, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> Outcome:
    declared = Event(STAB, player.id, (), target.id)
    hit = _armour_then_injury(ruleset, board, target.id, Harm(STAB, attacker=player, unmodified=True), dice, decisions)
    return _settle(ruleset, board, Outcome(hit.board, (declared, *hit.events)), player, dice, decisions, budget)


def chainsaw_attack(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """A Chainsaw Attack on an opponent the wielder marks: a D6 for kick-back, then an Armour Roll with the chainsaw's bonus."""
    return _act(ruleset, board, player_id, target_id, dice, decisions, CHAINSAW, _chainsaw, marking=True, team_reroll=team_reroll, pro=pro)


def _chainsaw(
    ruleset: Ruleset, board: Board, player: PlayerState, target: PlayerState, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> Outcome:
    kicked, started = chainsaw_kick_back(ruleset, board, player.id, target.id, dice, decisions, budget=budget)
    if kicked:
        return started
    harm = Harm(CHAINSAW, attacker=player, armour_modifier=ruleset.parameters.special_actions.chainsaw.armour)
    hit = _armour_then_injury(ruleset, board, target.id, harm, dice, decisions)
    return _settle(ruleset, board, Outcome(hit.board, (*started.events, *hit.events)), player, dice, decisions, budget)


def chainsaw_kick_back(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    budget: RerollBudget | None = None,
) -> tuple[bool, Outcome]:
    """The Chainsaw's D6 before it bites (in an attack or a Foul on ``target_id``): whether it kicked back, and the outcome.

    On a kick-back the wielder is Knocked Down (with the chainsaw's bonus on his own
    Armour Roll) and the outcome is a turnover; otherwise it holds only the roll's event.
    ``budget`` holds the re-rolls a kick-back may be rolled again with (none when None).
    """
    player = board.player(player_id)
    at_most = ruleset.parameters.special_actions.chainsaw.kick_back_at_most
    roll, rolls, source, more = _action_roll(
        ruleset, board, player, CHAINSAW, _banded(lambda r: r > at_most, "runs", "kick-back"), dice, decisions, budget or RerollBudget()
    )
    if roll > at_most:
        return False, Outcome(board, (_told(CHAINSAW, player, rolls, "runs", {"target": target_id}, source), *more))
    kicked = _down(ruleset, board, player_id, Harm(CHAINSAW), dice, decisions)
    outcome = Outcome(kicked.board, (_told(CHAINSAW, player, rolls, "kick-back", {"target": target_id}, source), *more, *kicked.events))
    return True, _settle(ruleset, board, outcome, player, dice, decisions)


def projectile_vomit(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """Projectile Vomit: a D6; on a hit an unmodified Armour Roll against the target, on a miss against the vomiter."""
    return _act(ruleset, board, player_id, target_id, dice, decisions, PROJECTILE_VOMIT, _vomit, team_reroll=team_reroll, pro=pro)


def _vomit(
    ruleset: Ruleset, board: Board, player: PlayerState, target: PlayerState, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> Outcome:
    hits_on = ruleset.parameters.special_actions.projectile_vomit.hits_on
    roll, rolls, source, more = _action_roll(
        ruleset, board, player, PROJECTILE_VOMIT, _banded(lambda r: r >= hits_on, "hit", "self"), dice, decisions, budget
    )
    hits = roll >= hits_on
    victim = target.id if hits else player.id
    # Bile on himself is his own mishap: naming him as its cause would credit him (or give a grudge) for his own injury.
    harm = Harm(PROJECTILE_VOMIT, attacker=player if hits else None, unmodified=True)
    hit = _armour_then_injury(ruleset, board, victim, harm, dice, decisions)
    declared = _told(PROJECTILE_VOMIT, player, rolls, "hit" if hits else "self", {"target": target.id}, source)
    return _settle(ruleset, board, Outcome(hit.board, (declared, *more, *hit.events)), player, dice, decisions, budget)


def breathe_fire(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """Breathe Fire on an opponent the breather marks: the breather down, nothing, the target Prone, or Knocked Down."""
    return _act(ruleset, board, player_id, target_id, dice, decisions, BREATHE_FIRE, _fire, marking=True, team_reroll=team_reroll, pro=pro)


def _fire(
    ruleset: Ruleset, board: Board, player: PlayerState, target: PlayerState, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> Outcome:
    rules = ruleset.parameters.special_actions.breathe_fire
    modifier = rules.strong_target_modifier if target.st >= rules.strong_target_st else 0

    def worked(natural: int) -> bool:
        # Worth keeping: the target goes down or Prone; a backfire or nothing may be rolled again.
        return natural == rules.knock_down_natural or natural + modifier > rules.nothing_at_most

    roll, rolls, source, more = _action_roll(
        ruleset, board, player, BREATHE_FIRE, _banded(worked, "worked", "failed"), dice, decisions, budget
    )
    total = roll + modifier
    if roll == rules.knock_down_natural:
        result, hit = "knocked-down", _down(ruleset, board, target.id, Harm(BREATHE_FIRE, attacker=player), dice, decisions)
    elif total <= rules.knocked_down_at_most:
        result, hit = "backfire", _down(ruleset, board, player.id, Harm(BREATHE_FIRE), dice, decisions)
    elif total <= rules.nothing_at_most:
        result, hit = "nothing", Outcome(board)
    else:
        result, hit = (
            "placed-prone",
            place_prone(
                ruleset,
                board,
                target.id,
                Harm(BREATHE_FIRE, attacker=player),
                dice,
                apothecary_from(decisions),
                choose_treatment=treatment_from(decisions),
            ),
        )
    declared = _told(BREATHE_FIRE, player, rolls, result, {"target": target.id, "total": total}, source)
    return _settle(ruleset, board, Outcome(hit.board, (declared, *more, *hit.events)), player, dice, decisions, budget)


def hypnotic_gaze(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """Hypnotic Gaze on an opponent alongside: on a success he is Distracted (no Tackle Zone until next activated)."""
    return _act(ruleset, board, player_id, target_id, dice, decisions, HYPNOTIC_GAZE, _gaze, team_reroll=team_reroll, pro=pro)


def _gaze(
    ruleset: Ruleset, board: Board, player: PlayerState, target: PlayerState, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> Outcome:
    gaze_on = ruleset.parameters.special_actions.hypnotic_gaze.gaze_on
    roll, rolls, source, more = _action_roll(
        ruleset, board, player, HYPNOTIC_GAZE, _banded(lambda r: r >= gaze_on, "distracted", "resisted"), dice, decisions, budget
    )
    if roll < gaze_on:
        return Outcome(board, (_told(HYPNOTIC_GAZE, player, rolls, "resisted", {"target": target.id}, source), *more))
    gazed = board.with_player(attrs.evolve(target, tackle_zone=False))
    return Outcome(gazed, (_told(HYPNOTIC_GAZE, player, rolls, "distracted", {"target": target.id}, source), *more))


def chomp(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    target_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """Monstrous Mouth's Chomp on a Standing opponent the player Marks: a D6, and on ``special_actions.chomp.chomp_on``
    or more the target is Chomped.

    The chomper's id joins the target's ``chomped_by`` (event ``chomp``, result ``chomped``;
    ``nothing`` on a lower roll). While the chomper Marks him the target makes no move of his
    own out of his square: no step, Jump or Leap (:func:`bbcore.rules.movement.move`), no
    follow-up, Shadowing, Diving Tackle, Trickster or Hit and Run, and he is not thrown; a
    push still moves him, and a Ball & Chain swings on regardless. The hold ends the moment
    the chomper no longer Marks him (he moves off, goes down, is Distracted or leaves the
    pitch; or the target is pushed out of his reach): the board lets it go then
    (:meth:`bbcore.rules.board.Board.with_player`).

    Like the other special actions it meets Foul Appearance, Dump-off and Trickster first, and
    its D6 may be rolled again with Pro (``pro``) or a team re-roll (``team_reroll``). It is
    never a turnover. Any number of players may Chomp in a turn, and a Chomp may take the place
    of a Blitz's block (pay it with :func:`bbcore.rules.movement.pay_for_block` first); whether
    the activation goes on after it is the caller's.
    """
    return _act(
        ruleset, board, player_id, target_id, dice, decisions, MONSTROUS_MOUTH, _chomp, marking=True, team_reroll=team_reroll, pro=pro
    )


def _chomp(
    ruleset: Ruleset, board: Board, player: PlayerState, target: PlayerState, dice: DiceSource, decisions: Decisions, budget: RerollBudget
) -> Outcome:
    chomp_on = ruleset.parameters.special_actions.chomp.chomp_on
    roll, rolls, source, more = _action_roll(
        ruleset, board, player, CHOMP, _banded(lambda r: r >= chomp_on, "chomped", "nothing"), dice, decisions, budget
    )
    if roll < chomp_on:
        return Outcome(board, (_told(CHOMP, player, rolls, "nothing", {"target": target.id}, source), *more))
    held = (*(c for c in target.chomped_by if c != player.id), player.id)
    chomped = board.with_player(attrs.evolve(target, chomped_by=held))
    return Outcome(chomped, (_told(CHOMP, player, rolls, "chomped", {"target": target.id}, source), *more))


__all__ = [
    "BREATHE_FIRE",
    "CHAINSAW",
    "CHOMP",
    "HYPNOTIC_GAZE",
    "PROJECTILE_VOMIT",
    "STAB",
    "breathe_fire",
    "chainsaw_attack",
    "chainsaw_kick_back",
    "chomp",
    "hypnotic_gaze",
    "projectile_vomit",
    "stab",
]
