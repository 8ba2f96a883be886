"""The block: how many dice and who chooses, then the chosen face applied.

Strength counts the player's ST, offensive or defensive assists (Guard lets a
marked player assist), Horns on a Blitz, and whatever the board adds through
``bbcore_block_strength_modifier``. The faces come from the ``block-dice`` table.

A ball carrier pushed back by a blocker with Strip Ball (and no Sure Hands of his own)
drops the ball where he lands, after the follow-up and before a POW knocks him down.

Before the dice, a blocker with Dauntless facing a stronger player may roll to match
his Strength for the block. After them, a blocker with Brawler making a Block (not a
Blitz) may roll one Both Down again; otherwise a team re-roll may roll them all again.

A Prone player with Jump Up may declare a Block from the ground: :func:`jump_up_block`
rolls his Agility Test first and, when it passes, stands him up and blocks. A Chomped
blocker (:meth:`bbcore.rules.board.Board.chompers_of`) never follows up, nor may Taunt
drag him after his target, and a Chomped target does not step aside with Trickster.

A player the block pushes back gives no assists until he is next activated when the
blocker has Eye Gouge. A defender with Saboteur about to be knocked down may bring the
blocker down with him (:func:`sabotage`). A carrier who goes down drops the ball, and
:func:`settle_ball` deals with a ball carried into the crowd or pushed onto.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import (
    ONE_SQUARE,
    BallState,
    Board,
    PlayerState,
    Square,
    Status,
    closest_squares,
    named_by,
    nearest_square,
    next_to,
    step,
)
from bbcore.rules.decisions import Decisions, DefaultDecisions, checked_index, pro_die_from
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import (
    APOTHECARY_EVENT,
    BALL_AND_CHAIN,
    KEPT_FOOTING,
    Apothecary,
    Harm,
    apothecary_from,
    hit_by,
    knock_down_with_ball,
    place_prone,
    steady_footing,
    treatment_from,
)
from bbcore.rules.movement import NoMovementLeftError
from bbcore.rules.passing import dump_off
from bbcore.rules.push import PushResult, direction_between, pay_owed, push
from bbcore.rules.rerolls import (
    PRO,
    TEAM_REROLL,
    RerollBudget,
    offer_pro,
    plugin_reroll,
    pro_attempt,
    pro_for,
    pro_untried,
    spend_team_reroll,
    take_test,
    target_test,
    team_rerolls_left,
)
from bbcore.rules.skill_forms import held_form
from bbcore.rules.trapdoors import FALL_THROUGH, enter_square

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset


@frozen
class BlockDice:
    """The dice of one block: both Strengths after modifiers, the assists, how many dice and whose choice."""

    attacker_strength: int
    defender_strength: int
    offensive_assists: tuple[str, ...]
    defensive_assists: tuple[str, ...]
    count: int
    chooser: str  # "attacker" or "defender"


#: The skill that, in the other team's turn, stops the players it marks from using Guard or Put the Boot In.
DEFENSIVE = "defensive"


def marked_by_defensive(board: Board, player: PlayerState) -> bool:
    """Whether an opponent with Defensive marks ``player``: in his own team's turn he may then use neither Guard
    nor Put the Boot In."""
    return any(marker.has(DEFENSIVE) for marker in board.markers_of(player))


def _can_assist(
    board: Board, helper: PlayerState, target: PlayerState, exempt: PlayerState, *, helpers_turn: bool, guard: bool = True
) -> bool:
    """A helper assists against ``target`` if standing and marking it, and marked by nobody else (unless it has Guard,
    which a Defensive marker takes away in the helper's own team's turn, and which ``guard`` False ignores)."""
    if helper.id == exempt.id or not helper.gives_assists or not board.marking(helper, target):
        return False
    if guard and helper.has("guard") and not (helpers_turn and marked_by_defensive(board, helper)):
        return True
    return all(marker.id == target.id for marker in board.markers_of(helper))


def assists(board: Board, attacker: PlayerState, defender: PlayerState, *, guard: bool = True) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ids of the offensive and the defensive assists of a block (made in the attacker's team's turn).

    ``guard`` False counts the assists without Guard, which works for Block Actions only
    (a Foul's assists are counted the same way otherwise).
    """
    offensive = tuple(
        p.id for p in board.team_players(attacker.team) if _can_assist(board, p, defender, attacker, helpers_turn=True, guard=guard)
    )
    defensive = tuple(
        p.id for p in board.team_players(defender.team) if _can_assist(board, p, attacker, defender, helpers_turn=False, guard=guard)
    )
    return offensive, defensive


def dice_for_strengths(ruleset: Ruleset, attacker: int, defender: int) -> tuple[int, str]:
    """How many dice and who chooses: the ``block`` parameters give the count at equal Strength,
    for the stronger side, and when the stronger side has more than double the other's."""
    rules = ruleset.parameters.block
    if attacker == defender:
        return rules.dice_equal, "attacker"
    stronger, weaker = max(attacker, defender), min(attacker, defender)
    chooser = "attacker" if attacker > defender else "defender"
    return (rules.dice_over_double if stronger > 2 * weaker else rules.dice_stronger), chooser


#: The modifier a Cheering Fans' extra assist rides on: it counts for the first block the blocker makes, then is spent
#: (:func:`spend_cheer`), so a Frenzy's second block or a Multiple Block's second target goes without it.
CHEERED_BLOCK = "cheered-block"


def spend_cheer(board: Board, attacker_id: str) -> Board:
    """The board with the blocker's Cheering Fans assist (:data:`CHEERED_BLOCK`) used up by the block just rolled."""
    attacker = board.players.get(attacker_id)
    if attacker is None or CHEERED_BLOCK not in attacker.modifiers:
        return board
    return board.with_player(attrs.evolve(attacker, modifiers={k: v for k, v in attacker.modifiers.items() if k != CHEERED_BLOCK}))


def block_dice(ruleset: Ruleset, board: Board, attacker_id: str, defender_id: str, *, blitz: bool = False) -> BlockDice:
    """Count the dice of a block and say who chooses.

    The blocker's Strength takes the assists, Horns on a Blitz, the ``block`` modifier in
    force for the blocker (:meth:`~bbcore.rules.board.Board.modifier`), a Cheering Fans assist
    not yet spent (:data:`CHEERED_BLOCK`) and the ``bbcore_block_strength_modifier`` hooks; the
    target's, its assists, a feature between them and the hooks.
    """
    attacker, defender = board.player(attacker_id), board.player(defender_id)
    offensive, defensive = assists(board, attacker, defender)
    cheered = attacker.modifiers.get(CHEERED_BLOCK, 0)
    attack = attacker.st + len(offensive) + (1 if blitz and attacker.has("horns") else 0) + board.modifier("block", attacker) + cheered
    defend = defender.st + len(defensive)
    barrier = board.geometry.feature_between(attacker.square, defender.square) if attacker.square and defender.square else None
    if barrier is not None:
        defend += barrier.block_strength_bonus  # something between them shields the target
    attack += sum(
        r or 0
        for r in ruleset.hook.bbcore_block_strength_modifier(
            ruleset=ruleset, board=board, player=attacker, opponent=defender, attacking=True, blitz=blitz
        )
    )
    defend += sum(
        r or 0
        for r in ruleset.hook.bbcore_block_strength_modifier(
            ruleset=ruleset, board=board, player=defender, opponent=attacker, attacking=False, blitz=blitz
        )
    )
    count, chooser = dice_for_strengths(ruleset, attack, defend)
    return BlockDice(attack, defend, offensive, defensive, count, chooser)


def block(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    blitz: bool = False,
    team_reroll: int | bool = False,
    pay_second_block: Callable[[Board, Sequence[Event]], Outcome] | None = None,
    pro: bool = True,
    may_follow_to: Callable[[Square], bool] | None = None,
) -> Outcome:
    """Resolve a block: roll the dice, let the right coach choose a face, and apply it.

    With ``team_reroll`` (the blocker's team has a team re-roll it may spend), the
    blocker's coach sees the faces first and may re-roll them all
    (``Decisions.reroll_block``); a Loner must pass his roll for it to count. The
    ``block`` event then carries every die and ``rerolled_with``, and a ``team-reroll``
    event follows it. Returns the new board, the events, and whether the block caused a
    turnover (the attacker went down, or was pushed into the crowd by a chain push).
    ``pro`` False: the blocker has tried Pro already in this activation (see :func:`roll_block`).
    ``may_follow_to``, when given, says whether the blocker may follow up into the square the target
    left (a variant's player bound to part of the pitch); where it says no he stays, Frenzy and
    Taunt notwithstanding.

    A target holding the ball with Dump-off may first throw a Quick Pass
    (:func:`bbcore.rules.passing.dump_off`), and one with Trickster may then move to
    another square next to the blocker (:func:`trickster`). Against a player with Foul Appearance the blocker rolls first
    (:func:`foul_appearance_test`); when it calls the block off, the outcome holds only
    that event (result ``cancelled``) and the blocker's activation is over.

    Frenzy: the blocker follows up whenever he can, and when the target was pushed back
    (by a POW too, if he kept his feet) and still stands beside him, a ``frenzy`` event
    and a second block against him follow (once), with the team re-roll if it was not
    spent on the first; Foul Appearance, Dump-off and Trickster come into it again. On a
    Blitz the second block costs movement: ``pay_second_block`` is called with the board
    and the events of the block so far, and pays it (:func:`bbcore.rules.movement.pay_for_block`,
    say, from the Blitz's :class:`~bbcore.rules.movement.MoveProgress` less those events: a team
    re-roll or the blocker's Pro the first block spent is not spent again); its outcome's events
    come first, and a turnover there ends everything. When it raises
    :class:`~bbcore.rules.movement.NoMovementLeftError` (the blitzer cannot Rush) the second
    block is not made (event result ``no-movement``); without it a Blitz's second block is
    not made either (result ``unpaid``).
    """
    decisions = decisions or DefaultDecisions()
    _check_block(board, attacker_id, defender_id)
    before, stopped = _before_the_dice(ruleset, board, attacker_id, defender_id, dice, decisions, pro=pro, team_reroll=team_reroll)
    if stopped:
        return before
    pro = pro_untried(pro, before.events)  # once an activation: not again on the dice
    allowance = team_reroll  # a Dump-off's interception or catch may spend some before the dice
    first, face = _one_block(
        ruleset,
        before.board,
        attacker_id,
        defender_id,
        dice,
        decisions,
        blitz=blitz,
        team_reroll=team_rerolls_left(allowance, before.events),
        pro=pro,
        may_follow_to=may_follow_to,
        appearance=(),
    )
    first = Outcome(first.board, (*before.events, *first.events), first.turnover)
    if not frenzy_second_block_due(first, attacker_id, defender_id, face):
        return first
    paid = first
    if blitz:
        paid, go_on = _second_block_paid(first, attacker_id, defender_id, pay_second_block)
        if not go_on:
            return paid
    board, events = paid.board, list(paid.events)
    events.append(Event(FRENZY, attacker_id, (), "second-block", {"defender": defender_id}))
    # The second block is a Block Action of its own: the target's skills against one are offered again.
    # What the block so far has spent (its Dump-off, its dice and catches, a Rush paid for the second block) is gone.
    pro_left = pro_untried(pro, paid.events)
    left = team_rerolls_left(allowance, paid.events)
    again, stopped = _before_the_dice(ruleset, board, attacker_id, defender_id, dice, decisions, pro=pro_left, team_reroll=left)
    if stopped:
        return Outcome(again.board, (*events, *again.events))
    left = team_rerolls_left(left, again.events)
    pro_left = pro_untried(pro_left, again.events)
    second, _ = _one_block(
        ruleset,
        again.board,
        attacker_id,
        defender_id,
        dice,
        decisions,
        blitz=blitz,
        team_reroll=left,
        pro=pro_left,
        may_follow_to=may_follow_to,
        appearance=(),
    )
    return Outcome(second.board, (*events, *again.events, *second.events), second.turnover)


def _second_block_paid(
    first: Outcome, attacker_id: str, defender_id: str, pay: Callable[[Board, Sequence[Event]], Outcome] | None
) -> tuple[Outcome, bool]:
    """The first block's outcome with Frenzy's second block paid for on a Blitz, and whether that block goes ahead."""
    unmade = "unpaid" if pay is None else None
    if pay is not None:
        try:
            paid = pay(first.board, first.events)
        except NoMovementLeftError:
            unmade = "no-movement"  # a blitzer who cannot Rush for it makes no second block; the first stands
    if unmade is not None:
        told = Event(FRENZY, attacker_id, (), unmade, {"defender": defender_id})
        return Outcome(first.board, (*first.events, told), first.turnover), False
    down = paid.turnover or not paid.board.player(attacker_id).standing
    return Outcome(paid.board, (*first.events, *paid.events), down or first.turnover), not down


def _check_block(board: Board, attacker_id: str, defender_id: str) -> None:
    """Raise :class:`~bbcore.errors.UsageError` unless ``attacker_id`` may block ``defender_id`` on ``board``."""
    for who in (attacker_id, defender_id):
        if board.trapped(board.player(who)):
            raise UsageError(f"{attacker_id} cannot block {defender_id}: {who} is trapped in a feature of the pitch, out of play")
    attacker, defender = board.player(attacker_id), board.player(defender_id)
    if not board.in_play(attacker):
        raise UsageError(f"{attacker_id} cannot block: only a Standing player who marks his target blocks")
    if defender.team == attacker.team or not defender.standing or not board.marking(attacker, defender):
        raise UsageError(f"{attacker_id} cannot block {defender_id}: the target is a Standing opposition player he marks")


#: The skill that lets a Prone player stand for nothing, and declare a Block from the ground; also its test's name.
JUMP_UP = "jump-up"


def jump_up_block(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
    may_follow_to: Callable[[Square], bool] | None = None,
) -> Outcome:
    """Jump Up's Block from Prone: the Prone ``attacker_id`` declares a Block on ``defender_id`` and first makes an
    Agility Test with ``block.jump_up`` added (a ``jump-up`` event).

    Passed, he stands up where he lies (a ``stand-up`` event, nothing spent) and blocks as
    :func:`block` does, Foul Appearance, Dump-off and Trickster included. Failed, he stays
    Prone and his activation is over: the outcome holds the test alone, and is no turnover.
    The test may be rolled again like any other Agility Test: Pro (``pro``: not tried yet
    in this activation), a plugin's source, or a team re-roll (``team_reroll``: how many the
    team may spend); what the test leaves of them goes on to the block's dice.

    The player needs Jump Up, must be Prone and not Distracted, and standing where he lies
    he must mark ``defender_id``, a Standing opponent (a :class:`~bbcore.errors.UsageError`
    otherwise, before any die is rolled).
    """
    decisions = decisions or DefaultDecisions()
    attacker = board.player(attacker_id)
    if not attacker.has(JUMP_UP):
        raise UsageError(f"{attacker_id} has no Jump Up to block from the ground")
    if attacker.status is not Status.PRONE or attacker.square is None:
        raise UsageError(f"{attacker_id} is {attacker.status.value}: only a Prone player with Jump Up blocks from the ground")
    if not attacker.tackle_zone:
        raise UsageError(f"{attacker_id} cannot use Jump Up: he is Distracted")
    risen = attacker.with_status(Status.STANDING)
    stood = board.with_player(risen)
    _check_block(stood, attacker_id, defender_id)
    modifier = ruleset.parameters.block.jump_up
    budget = RerollBudget(int(team_reroll), pro=pro_for(ruleset, attacker_id) if pro else None)
    rolled, budget = take_test(
        attacker,
        JUMP_UP,
        target_test(attacker.ag, modifier),
        dice,
        decisions,
        budget,
        detail={"target": attacker.ag, "defender": defender_id},
        offered=plugin_reroll(ruleset, board, attacker, JUMP_UP),
    )
    if not rolled.passed:
        return Outcome(board, rolled.events)
    risen_event = Event("stand-up", attacker_id, (), "stood-up", {"cost": 0, "by": JUMP_UP})
    blocked = block(
        ruleset,
        stood,
        attacker_id,
        defender_id,
        dice,
        decisions,
        team_reroll=budget.team_rerolls,
        pro=pro and PRO not in budget.spent,
        may_follow_to=may_follow_to,
    )
    return Outcome(blocked.board, (*rolled.events, risen_event, *blocked.events), blocked.turnover)


def _before_the_dice(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    pro: bool,
    team_reroll: int | bool = False,
) -> tuple[Outcome, bool]:
    """What the target may do against a Block Action before its dice: Foul Appearance (the blocker's Pro may try it
    again), then a Dump-off (the blocker's team may spend ``team_reroll`` and his Pro on its interception and catches),
    then Trickster.

    Also whether Foul Appearance called the block off (the outcome then holds only its events).
    """
    # Foul Appearance comes before any other die: before a Dump-off too.
    braved = brave_foul_appearance(ruleset, board, attacker_id, defender_id, dice, decisions, pro=pro)
    if called_off(braved):
        return Outcome(board, braved), True
    tried = any(e.kind == PRO for e in braved)
    dumped = dump_off(
        ruleset,
        board,
        defender_id,
        dice,
        decisions,
        active=catch_rerolls(ruleset, board.player(attacker_id), team_reroll, pro and not tried, ()),
    )
    tricked = trickster(ruleset, dumped.board, attacker_id, defender_id, dice, decisions)
    return Outcome(tricked.board, (*braved, *dumped.events, *tricked.events)), False


def catch_rerolls(
    ruleset: Ruleset, blocker: PlayerState, team_reroll: int | bool, pro: bool, dice_events: Sequence[Event]
) -> ball.CatchRerolls:
    """What may re-roll a catch of a ball a block sets loose, the block's dice done (``dice_events``): the blocker's
    team's team re-rolls (``team_reroll``, less any the dice spent) and his Pro, if he may still try it (``pro``, and
    not tried on the dice). See :func:`bbcore.rules.ball.catch`."""
    left = team_rerolls_left(team_reroll, dice_events)
    tried = any(e.kind == PRO for e in dice_events)
    return ball.CatchRerolls(blocker.team, left, pro_for(ruleset, blocker.id) if pro and not tried else None)


def _told(attacker_id: str, defender_id: str, rolled: RolledBlock, *, blitz: bool) -> tuple[Event, ...]:
    """The events of a block's dice: what came before them, the ``block`` event with every die, what came after."""
    plan = rolled.plan
    detail = {
        "defender": defender_id,
        "faces": list(rolled.faces),
        "chooser": plan.chooser,
        "attacker_strength": plan.attacker_strength,
        "defender_strength": plan.defender_strength,
        "offensive_assists": list(plan.offensive_assists),
        "defensive_assists": list(plan.defensive_assists),
        "blitz": blitz,
        "rerolled_with": rolled.rerolled_with,
    }
    return (*rolled.before, Event("block", attacker_id, rolled.rolls, rolled.face, detail), *rolled.after)


#: The skill of a blocker who blocks two players at once.
MULTIPLE_BLOCK = "multiple-block"
#: The skill that lets a blitzer treat Both Down as Push Back, and takes Fend, Stand Firm and Wrestle from his targets.
JUGGERNAUT = "juggernaut"
#: The skill of a blocker who may pick where his target is pushed, and against whom nobody may Sidestep.
GRAB = "grab"


def multiple_block(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_ids: Sequence[str],
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    team_reroll: int | bool = False,
    pro: bool = True,
) -> Outcome:
    """Multiple Block: two blocks at once against two different opponents the blocker marks.

    The blocker's Strength takes ``block.multiple_block_strength`` for both. Each target
    may first throw a Dump-off and step aside with Trickster; Foul Appearance is then
    rolled for each target (either calls the whole action off);
    then both blocks' dice are rolled and chosen, and both faces are applied in the
    order given, in full even when the first puts the blocker down (a face that would
    put him down again leaves him as he is). Nobody follows up. The team re-rolls
    (``team_reroll``) may go on a target's Dump-off (its interception and catches) and on
    either block's dice, and Pro (``pro``: not tried yet in this activation) on one die of
    any of them; what is spent is gone for the rest. Turnover when either block is one.
    """
    decisions = decisions or DefaultDecisions()
    attacker = board.player(attacker_id)
    targets = tuple(defender_ids)
    if not attacker.has(MULTIPLE_BLOCK):
        raise UsageError(f"{attacker_id} has no Multiple Block")
    if len(targets) != 2 or targets[0] == targets[1]:
        raise UsageError(f"a Multiple Block targets two different players, not {list(targets)}")
    for target in targets:
        defender = board.player(target)
        if not board.in_play(attacker):
            raise UsageError(f"{attacker_id} must be Standing and marking both his targets")
        if defender.team == attacker.team or not defender.standing or not board.marking(attacker, defender):
            raise UsageError(f"{attacker_id} cannot block {target}: a target is a Standing opposition player he marks")
    events: list[Event] = []
    # Foul Appearance comes before any other die.
    for target in targets:
        braved = brave_foul_appearance(ruleset, board, attacker_id, target, dice, decisions, pro=pro)
        events.extend(braved)
        pro = pro_untried(pro, braved)
        if called_off(braved):
            return Outcome(board, tuple(events))
    for target in targets:
        # Each target may throw a Dump-off and step aside with Trickster before any die is counted.
        active = catch_rerolls(ruleset, board.player(attacker_id), team_rerolls_left(team_reroll, events), pro, ())
        dumped = dump_off(ruleset, board, target, dice, decisions, active=active)
        pro = pro_untried(pro, dumped.events)
        tricked = trickster(ruleset, dumped.board, attacker_id, target, dice, decisions)
        board = tricked.board
        events.extend((*dumped.events, *tricked.events))
    attacker = board.player(attacker_id)
    params = ruleset.parameters.block
    weaker = board.with_player(attrs.evolve(attacker, st=attacker.st + params.multiple_block_strength))
    rolled: list[tuple[str, RolledBlock]] = []
    left = team_rerolls_left(team_reroll, events)
    for target in targets:
        dice_of = roll_block(
            ruleset, weaker, attacker_id, target, dice, decisions, team_reroll=left, pro=pro, st_modifier=params.multiple_block_strength
        )
        left -= dice_of.rerolled_with == TEAM_REROLL
        pro = pro_untried(pro, (*dice_of.before, *dice_of.after))
        rolled.append((target, dice_of))
        weaker = spend_cheer(weaker, attacker_id)  # a Cheering Fans assist helps the first target only
    now, turnover = weaker, False
    catching: ball.TeamRerolls | None = ball.CatchRerolls(attacker.team, left, pro_for(ruleset, attacker_id) if pro else None)
    # The blocks are simultaneous: a target is pushed away from where the blocker stood, even if the first block took
    # him off the pitch.
    blocked_from = {target: closest_squares(attacker, board.player(target))[0] for target, _ in rolled}
    for target, dice_of in rolled:
        applied = apply_block_face(
            ruleset,
            now,
            attacker_id,
            target,
            dice_of.face,
            dice,
            decisions,
            follow_up=False,
            team_reroll_for=None if turnover else catching,
            pushed_from=blocked_from[target],
        )
        catching = ball.catch_rerolls_left(catching, applied.events)
        events.extend((*_told(attacker_id, target, dice_of, blitz=False), *applied.events))
        now, turnover = applied.board, turnover or applied.turnover
    if attacker_id in now.players:
        now = now.with_player(attrs.evolve(now.player(attacker_id), st=attacker.st))
    return Outcome(now, tuple(events), turnover)


#: The skill that makes a blocker follow up and block a pushed target again.
FRENZY = "frenzy"


def frenzy_second_block_due(first: Outcome, attacker_id: str, defender_id: str, face: str | None) -> bool:
    """Whether Frenzy's second block is due after a block whose applied face was ``face``: the blocker has Frenzy, the
    target was pushed back (a Push Back, or a POW he kept his feet through), there was no turnover, and both still
    stand side by side, neither trapped in a feature of the pitch (a target pushed into one is out of play)."""
    board = first.board
    attacker, defender = board.player(attacker_id), board.player(defender_id)
    return (
        attacker.has(FRENZY)
        and face in (PUSH_BACK, POW)
        and not first.turnover
        and attacker.standing
        and defender.standing
        and next_to(attacker, defender)
        and not board.trapped(attacker)
        and not board.trapped(defender)
    )


def _one_block(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    blitz: bool,
    team_reroll: int | bool,
    pro: bool = False,
    may_follow_to: Callable[[Square], bool] | None = None,
    appearance: tuple[Event, ...] | None = None,
) -> tuple[Outcome, str | None]:
    """One block, Foul Appearance to the applied face; also the face as applied (None when called off).

    ``appearance``: the Foul Appearance already rolled for this block (its events, told by the caller), None to roll it here.
    """
    if appearance is not None:
        braved: tuple[Event, ...] = ()
    else:
        braved = brave_foul_appearance(ruleset, board, attacker_id, defender_id, dice, decisions, pro=pro)
        if called_off(braved):
            return Outcome(board, braved), None
        pro = pro_untried(pro, braved)
    rolled, applied = _roll_and_apply(
        ruleset,
        board,
        attacker_id,
        defender_id,
        dice,
        decisions,
        blitz=blitz,
        team_reroll=team_reroll,
        pro=pro,
        may_follow_to=may_follow_to,
    )
    outcome = Outcome(applied.board, (*braved, *applied.events), applied.turnover)
    turned = any(e.kind == JUGGERNAUT for e in applied.events)
    return outcome, effective_face(rolled.face, board.player(attacker_id), board.player(defender_id), blitz=blitz, juggernaut=turned)


def _roll_and_apply(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    blitz: bool,
    team_reroll: int | bool,
    must_follow_up: bool = False,
    pro: bool = False,
    may_follow_to: Callable[[Square], bool] | None = None,
    automatic: bool = False,
) -> tuple[RolledBlock, Outcome]:
    """The block's dice and the face applied; the outcome's events start with the dice's. A Cheering Fans assist the
    dice counted is spent (:func:`spend_cheer`)."""
    rolled = roll_block(
        ruleset, board, attacker_id, defender_id, dice, decisions, blitz=blitz, team_reroll=team_reroll, pro=pro, automatic=automatic
    )
    board = spend_cheer(board, attacker_id)
    told = _told(attacker_id, defender_id, rolled, blitz=blitz)
    opposed = board.player(attacker_id).team != board.player(defender_id).team
    applied = apply_block_face(
        ruleset,
        board,
        attacker_id,
        defender_id,
        rolled.face,
        dice,
        decisions,
        blitz=blitz,
        must_follow_up=must_follow_up,
        may_follow_to=may_follow_to,
        # A block on a team-mate (a Ball & Chain's) that puts him down is a turnover: nothing re-rolls the catch then.
        team_reroll_for=catch_rerolls(ruleset, board.player(attacker_id), team_reroll, pro, told) if opposed else None,
    )
    return rolled, Outcome(applied.board, (*told, *applied.events), applied.turnover)


def automatic_block(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = False,
    must_follow_up: bool = False,
    pro: bool = False,
) -> Outcome:
    """A block a rule makes happen rather than one a coach declares (a Ball & Chain moving into a Standing player):
    the dice and the face at once, with no Trickster or Foul Appearance roll before them. An opposing target with
    Dump-off may still pass first (:func:`bbcore.rules.passing.dump_off`): its text spares no such block.

    The target may be a team-mate: the faces are then chosen by the coach of both. ``must_follow_up`` makes the
    blocker follow up whenever he can; ``pro`` lets him try Pro on the dice (see :func:`roll_block`). The outcome
    is a turnover as :func:`block`'s is.
    """
    opposed = board.player(attacker_id).team != board.player(defender_id).team
    active = catch_rerolls(ruleset, board.player(attacker_id), team_reroll, pro, ())
    before = dump_off(ruleset, board, defender_id, dice, decisions, active=active) if opposed else Outcome(board)
    pro = pro_untried(pro, before.events)
    team_reroll = team_rerolls_left(team_reroll, before.events)
    hit = _roll_and_apply(
        ruleset,
        before.board,
        attacker_id,
        defender_id,
        dice,
        decisions,
        blitz=False,
        team_reroll=team_reroll,
        must_follow_up=must_follow_up,
        pro=pro,
        automatic=True,
    )[1]
    return Outcome(hit.board, (*before.events, *hit.events), hit.turnover)


#: The trait that makes an opponent roll before blocking (or singling out) its bearer, and the result that calls it off.
FOUL_APPEARANCE = "foul-appearance"
CANCELLED = "cancelled"


def foul_appearance_test(ruleset: Ruleset, board: Board, actor_id: str, target_id: str, dice: DiceSource) -> Event | None:
    """The D6 ``actor_id`` rolls before blocking ``target_id`` (or aiming a special action at him) when the target has
    Foul Appearance: None when he has not; else the event, whose result is ``cancelled`` when the action is called
    off (the actor's activation ends, no turnover) and ``braved`` when it goes ahead. The target is the
    ``targets.foul_appearance`` parameter."""
    if not board.player(target_id).has(FOUL_APPEARANCE):
        return None
    (roll,) = roll_dice(dice, "D6")
    braved = roll >= ruleset.parameters.targets.foul_appearance
    return Event(FOUL_APPEARANCE, actor_id, (roll,), "braved" if braved else CANCELLED, {"target": target_id})


def brave_foul_appearance(
    ruleset: Ruleset, board: Board, actor_id: str, target_id: str, dice: DiceSource, decisions: Decisions, *, pro: bool = False
) -> tuple[Event, ...]:
    """:func:`foul_appearance_test`, a failure tried again with the actor's Pro when ``pro`` (not tried yet in his
    activation) and his coach uses it: the events in order (none when the target has no Foul Appearance). The action
    is called off when the last ``foul-appearance`` event says ``cancelled`` (:func:`called_off`)."""
    first = foul_appearance_test(ruleset, board, actor_id, target_id, dice)
    if first is None:
        return ()
    actor = board.player(actor_id)
    if first.result != CANCELLED or not pro or not actor.has(PRO) or not decisions.use_skill(actor_id, PRO, FOUL_APPEARANCE):
        return (first,)
    allowed, tried = pro_attempt(actor_id, FOUL_APPEARANCE, ruleset.parameters.targets.pro, dice)
    again = foul_appearance_test(ruleset, board, actor_id, target_id, dice) if allowed else None
    return (first, tried) if again is None else (first, tried, again)


def called_off(events: tuple[Event, ...]) -> bool:
    """Whether Foul Appearance called the action off: its last event in ``events`` says ``cancelled``."""
    last = next((e for e in reversed(events) if e.kind == FOUL_APPEARANCE), None)
    return last is not None and last.result == CANCELLED


@frozen
class RolledBlock:
    """The dice of one block once every re-roll has had its say, and the face chosen.

    ``plan`` is the dice counted (after Dauntless), ``rolls`` every die rolled, ``faces``
    the faces that stand; ``before`` and ``after`` are the events that come before the
    ``block`` event (Dauntless's roll) and after it (a team re-roll spent, Loner's roll).
    """

    plan: BlockDice
    rolls: tuple[int, ...]
    faces: tuple[str, ...]
    face: str
    rerolled_with: str | None
    before: tuple[Event, ...]
    after: tuple[Event, ...]


def roll_block(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    blitz: bool = False,
    team_reroll: int | bool = False,
    pro: bool = False,
    st_modifier: int = 0,
    automatic: bool = False,
) -> RolledBlock:
    """Roll a block's dice and choose its face, nothing applied: Dauntless first, then the dice, then Brawler (or
    Hatred), Pro or a team re-roll, then the choosing coach. :func:`block` and :func:`bbcore.odds.block_odds` both
    roll through it.

    ``pro``: the blocker may still try Pro in this activation. When his coach wants the dice rolled again
    (``Decisions.reroll_block``) and uses it (``Decisions.use_skill``, situation ``block``), he names one die
    (:func:`bbcore.rules.decisions.pro_die_from`; by default the one showing the face worst for him) and rolls
    the Pro D6 (``targets.pro``) for it; the ``pro`` event carries the die (``die``, an index into the faces).
    Whatever the D6 says, no team re-roll follows.

    ``st_modifier`` is a modifier already in the blocker's Strength on ``board`` (a Multiple
    Block's): Dauntless compares his Strength without it, and keeps it when it works. ``automatic``: a block a
    rule makes happen (see :func:`automatic_block`), which no Block Action was declared for: no Brawler.
    """
    attacker, defender = board.player(attacker_id), board.player(defender_id)
    before, lent = _dauntless(ruleset, board, attacker, defender, dice, decisions, st_modifier, pro=pro)
    pro = pro_untried(pro, before)  # Pro tried on the Dauntless roll: once an activation
    plan = block_dice(ruleset, lent, attacker_id, defender_id, blitz=blitz)
    faces_table = ruleset.table("block-dice")
    rolls = tuple(dice.roll(6) for _ in range(plan.count))
    faces = [faces_table.row_for(r).id for r in rolls]
    brawled, by = _one_die_again(ruleset, attacker, defender, faces, blitz or automatic, decisions)
    rerolled = False
    after: tuple[Event, ...] = ()
    if brawled is None and pro:
        brawled, by, after = _pro_die(ruleset, attacker, defender, faces, plan.chooser == "attacker", dice, decisions)
    if brawled is not None:
        again = dice.roll(6)
        rolls, faces = (*rolls, again), [*faces[:brawled], faces_table.row_for(again).id, *faces[brawled + 1 :]]
    elif by != PRO:
        rerolled, after = _team_reroll(attacker, faces, plan.chooser == "attacker", defender.has("block"), dice, decisions, team_reroll)
    if rerolled:
        more = tuple(dice.roll(6) for _ in range(plan.count))
        rolls, faces = rolls + more, [faces_table.row_for(r).id for r in more]
    chooser_team = attacker.team if plan.chooser == "attacker" else defender.team
    index = (
        0
        if len(faces) == 1
        else checked_index(
            decisions.block_face(chooser_team, faces, attacker.has("block"), defender.has("block"), plan.chooser == "attacker"),
            len(faces),
            question="block-face",
            who=chooser_team,
        )
    )
    rerolled_with = TEAM_REROLL if rerolled else (by if brawled is not None else None)
    return RolledBlock(plan, rolls, tuple(faces), faces[index], rerolled_with, before, after)


def _dauntless(
    ruleset: Ruleset,
    board: Board,
    attacker: PlayerState,
    defender: PlayerState,
    dice: DiceSource,
    decisions: Decisions,
    st_modifier: int = 0,
    *,
    pro: bool = False,
) -> tuple[tuple[Event, ...], Board]:
    """Dauntless (or a form of it) against a stronger player: a D6 plus the blocker's Strength above the target's
    lends him the target's Strength for this block. Strength is compared unmodified (``st_modifier`` taken out)
    and the modifier applies after. A failed roll may be tried again with Pro when ``pro`` (not tried yet this
    activation), its event after the Dauntless one. Returns the events and the board the dice are counted on."""
    form = held_form(ruleset, attacker, "dauntless")
    unmodified = attacker.st - st_modifier
    if form is None or defender.st <= unmodified or not decisions.use_skill(attacker.id, form, "block"):
        return (), board
    rolls = roll_dice(dice, "D6")
    matched = rolls[-1] + unmodified > defender.st
    tried: tuple[Event, ...] = ()
    if not matched and pro and attacker.has(PRO) and decisions.use_skill(attacker.id, PRO, "dauntless"):
        allowed, attempt = pro_attempt(attacker.id, "dauntless", ruleset.parameters.targets.pro, dice)
        tried = (attempt,)
        if allowed:
            rolls += roll_dice(dice, "D6")
            matched = rolls[-1] + unmodified > defender.st
    detail = {"st": unmodified, "against": defender.st}
    event = Event("dauntless", attacker.id, rolls, "matched" if matched else "failed", detail)
    return (event, *tried), board.with_player(attrs.evolve(attacker, st=defender.st + st_modifier)) if matched else board


def _one_die_again(
    ruleset: Ruleset, attacker: PlayerState, defender: PlayerState, faces: list[str], undeclared: bool, decisions: Decisions
) -> tuple[int | None, str | None]:
    """Which one die the blocker rolls again, and by which skill: a Brawler's Both Down on a declared Block Action
    (``undeclared``: a Blitz, or a block a rule makes happen), or Hatred's Player Down against a player with the
    keyword it names (``all``: anybody)."""
    if not undeclared and attacker.has("brawler") and BOTH_DOWN in faces and decisions.use_skill(attacker.id, "brawler", "block"):
        return faces.index(BOTH_DOWN), "brawler"
    hated = attacker.skills.get(HATRED) if attacker.has(HATRED) else None
    if (
        hated is not None
        and PLAYER_DOWN in faces
        and named_by(ruleset, hated, defender)
        and decisions.use_skill(attacker.id, HATRED, "block")
    ):
        return faces.index(PLAYER_DOWN), HATRED
    return None, None


#: The faces Brawler and Hatred may roll again, the face Frenzy blocks again after, and the roll name of the
#: block dice (``CORE_ROLLS``).
BOTH_DOWN = "both-down"
PLAYER_DOWN = "player-down"
PUSH_BACK = "push-back"
#: The face that pushes the target back and then knocks him down.
POW = "pow"
HATRED = "hatred"
BLOCK_ROLL = "block"


def _pro_die(
    ruleset: Ruleset,
    attacker: PlayerState,
    defender: PlayerState,
    faces: list[str],
    attacker_chooses: bool,
    dice: DiceSource,
    decisions: Decisions,
) -> tuple[int | None, str | None, tuple[Event, ...]]:
    """Pro on the block dice: (the die to roll again or None, ``pro`` when it was tried, the Pro event).

    The coach names the die before the Pro D6 is rolled (:func:`bbcore.rules.decisions.pro_die_from`: the one showing
    the face worst for the blocker when he does not say); with one die there is nothing to ask.
    """
    has_block, against_block = attacker.has("block"), defender.has("block")
    if not attacker.has(PRO) or not decisions.reroll_block(attacker.id, faces, has_block, against_block, attacker_chooses):
        return None, None, ()
    if not decisions.use_skill(attacker.id, PRO, BLOCK_ROLL):
        return None, None, ()
    die = 0 if len(faces) == 1 else pro_die_from(decisions, attacker.id, faces, has_block, against_block, attacker_chooses)
    allowed, event = pro_attempt(attacker.id, BLOCK_ROLL, ruleset.parameters.targets.pro, dice, die=die)
    return (die if allowed else None), PRO, (event,)


def _team_reroll(
    attacker: PlayerState,
    faces: list[str],
    attacker_chooses: bool,
    defender_has_block: bool,
    dice: DiceSource,
    decisions: Decisions,
    team_reroll: int | bool,
) -> tuple[bool, tuple[Event, ...]]:
    """Whether the block dice are rolled again with a team re-roll, and the events of spending it (Loner's roll too)."""
    if not team_reroll or not decisions.reroll_block(attacker.id, faces, attacker.has("block"), defender_has_block, attacker_chooses):
        return False, ()
    return spend_team_reroll(attacker, BLOCK_ROLL, dice)


def effective_face(face: str, attacker: PlayerState, defender: PlayerState, *, blitz: bool = False, juggernaut: bool | None = None) -> str:
    """The face that applies once skills have spoken: Stumble becomes Push Back against Dodge
    (unless the attacker has Tackle, or the target is Distracted) and POW otherwise; Juggernaut on a Blitz
    may turn Both Down into Push Back (``juggernaut`` says whether the blocker uses it; None: he does)."""
    if face == "both-down" and blitz and attacker.has(JUGGERNAUT) and juggernaut is not False:
        return "push-back"
    if face == "stumble":
        return "push-back" if defender.has("dodge") and defender.alert and not attacker.has("tackle") else "pow"
    return face


def apply_block_face(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    face: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    blitz: bool = False,
    follow_up: bool = True,
    must_follow_up: bool = False,
    may_follow_to: Callable[[Square], bool] | None = None,
    team_reroll_for: ball.TeamRerolls | None = None,
    pushed_from: Square | None = None,
) -> Outcome:
    """Apply one block face with the skills that change it: Block, Wrestle, Dodge, Tackle, Juggernaut, Strip Ball.

    ``follow_up`` False: the blocker never follows up (a Multiple Block); ``must_follow_up``: he
    always does when he can, as with Frenzy (a Ball & Chain's block); ``may_follow_to`` (see
    :func:`block`) may bar the square the target left. A rooted blocker stays where he is, and
    so does a Chomped one whose chomper still Marks him once the push is done (a Ball & Chain
    excepted). A face that would
    put a blocker down who is down already (the second block of a Multiple Block) leaves
    him as he is. ``pushed_from`` is the square the target is pushed away from when the
    blocker has left the pitch since the block began (the second block of a Multiple Block
    after the first knocked him out): where he stood.

    A carrier who goes down drops the ball as he does (it bounces, or Safe Pair of Hands
    sets it down); then :func:`settle_ball` throws in a ball carried into the crowd and
    bounces one a player was pushed onto. ``team_reroll_for`` (see :func:`catch_rerolls`) may
    re-roll a catch of the ball the target lets go of; a blocker who goes down himself
    brings a turnover, and a catch after it is not re-rolled.
    """
    applied = _apply_face(
        ruleset,
        board,
        attacker_id,
        defender_id,
        face,
        dice,
        decisions,
        blitz=blitz,
        follow_up=follow_up,
        must_follow_up=must_follow_up,
        may_follow_to=may_follow_to,
        team_reroll_for=team_reroll_for,
        pushed_from=pushed_from,
    )
    left = None if applied.turnover else ball.catch_rerolls_left(team_reroll_for, applied.events)
    return settle_ball(ruleset, board, applied, dice, decisions, team_reroll_for=left)


def settle_ball(
    ruleset: Ruleset,
    before: Board,
    after: Outcome,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll_for: ball.TeamRerolls | None = None,
) -> Outcome:
    """The ball once a block's pushes are done (``before`` is the board the block began on): carried into the crowd,
    the crowd throws it in; a player pushed onto a loose ball makes it bounce. ``team_reroll_for`` may re-roll a catch
    of it (see :func:`bbcore.rules.ball.catch`).

    A carrier knocked down or placed prone has dropped it already, as he went down
    (:func:`bbcore.rules.ball.drop_ball`), and a ball Strip Ball knocked loose has bounced.
    """
    resting = after.board.ball
    if resting.carrier is not None or resting.square is None or any(e.kind == "strip-ball" for e in after.events):
        return after
    loose = [e for e in after.events if e.kind == "ball-loose" and e.detail.get("square") == list(resting.square)]
    crowd = next((e for e in loose if e.result == "throw-in" and "off" in e.detail), None)
    if crowd is not None:
        off = crowd.detail["off"]
        assert isinstance(off, list)
        return after.then(
            ball.throw_in(ruleset, after.board, resting.square, (off[0], off[1]), dice, decisions, team_reroll_for=team_reroll_for)
        )
    if any(e.result == "pushed-onto-ball" for e in loose):
        return after.then(ball.bounce(ruleset, after.board, resting.square, dice, decisions, team_reroll_for=team_reroll_for))
    return after


def _apply_face(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    face: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    blitz: bool,
    follow_up: bool,
    must_follow_up: bool = False,
    may_follow_to: Callable[[Square], bool] | None = None,
    team_reroll_for: ball.TeamRerolls | None = None,
    pushed_from: Square | None = None,
) -> Outcome:
    attacker, defender = board.player(attacker_id), board.player(defender_id)
    carried = board.ball.carrier == defender_id
    juggernaut = blitz and attacker.has(JUGGERNAUT)
    # Treating Both Down as Push Back is the blocker's choice; the rest of Juggernaut always holds.
    turned = face == "both-down" and juggernaut and decisions.use_skill(attacker_id, JUGGERNAUT, "both-down")
    face = effective_face(face, attacker, defender, blitz=blitz, juggernaut=turned)
    told: tuple[Event, ...] = (Event(JUGGERNAUT, attacker_id, (), "push-back"),) if turned else ()

    def harm_by(hitter: PlayerState) -> Harm:
        return hit_by(ruleset, "block", hitter, victim=defender if hitter.id == attacker_id else attacker)

    apothecary = apothecary_from(decisions)

    if face == PLAYER_DOWN and not attacker.standing:
        return Outcome(board)
    if face == PLAYER_DOWN:
        down = _blocker_down(ruleset, board, attacker_id, harm_by(defender), dice, decisions, apothecary, _pro_of(team_reroll_for))
        return Outcome(down.board, down.events, turnover=not down.board.player(attacker_id).standing)
    if face == "both-down":
        return _both_down(ruleset, board, attacker, defender, dice, decisions, juggernaut, harm_by, apothecary, team_reroll_for)
    # push-back or pow
    # The follow-up is decided before any die the push brings about (the crowd's Injury Roll, a trapdoor).
    pushed = block_push(
        ruleset,
        board,
        attacker_id,
        defender_id,
        dice,
        decisions,
        blitz=blitz,
        knocked_down=face == "pow",
        owe_dice=True,
        pushed_from=pushed_from,
    )
    outcome = pushed.outcome
    board = outcome.board
    # Fend holds back neither a Juggernaut on a Blitz nor a Ball & Chain.
    may_fend = board.player(defender_id).has("fend") and defender.alert and not juggernaut and not attacker.has(BALL_AND_CHAIN)
    rooted = board.player(attacker_id).rooted
    # A Chomped blocker stays in his square (read after the push: a chomper pushed out of reach lets go); a Ball & Chain
    # swings on regardless.
    held = bool(board.chompers_of(board.player(attacker_id))) and not attacker.has(BALL_AND_CHAIN)
    can_follow = follow_up and pushed.moved and pushed.vacated is not None and not rooted and not held and attacker.standing
    if can_follow and may_follow_to is not None and pushed.vacated is not None and not may_follow_to(pushed.vacated):
        can_follow = False
    follow_to = _follow_up_square(board, board.player(attacker_id), pushed.vacated) if can_follow and pushed.vacated is not None else None
    can_follow = can_follow and follow_to is not None
    # Taunt: the pushed player's coach may drag the blocker after him; Frenzy follows whenever it can.
    taunted = can_follow and defender.has("taunt") and defender.alert and decisions.use_skill(defender_id, "taunt", "follow-up")
    fend = can_follow and not taunted and may_fend and decisions.use_skill(defender_id, "fend", "follow-up")
    frenzied = attacker.has(FRENZY) or must_follow_up
    followed = (
        can_follow
        and follow_to is not None
        and pushed.vacated is not None
        and (taunted or (not fend and (frenzied or decisions.follow_up(attacker_id))))
    )
    if followed and follow_to is not None and pushed.vacated is not None:
        board = board.with_player(board.player(attacker_id).moved(follow_to))
        outcome = Outcome(
            board,
            (*outcome.events, Event("follow-up", attacker_id, (), "taunted" if taunted else "followed", {"to": list(pushed.vacated)})),
            outcome.turnover,
        )
    outcome = pay_owed(outcome, pushed.owed)
    board = outcome.board
    left_pitch = pushed.left_pitch_on(board, defender_id)
    if followed:
        entered = enter_square(ruleset, board, attacker_id, dice, decisions)
        if entered is not None:
            outcome = outcome.then(entered)  # through the square he followed into: a turnover if he held the ball
            board = outcome.board
    if pushed.moved and attacker.has(EYE_GOUGE) and board.player(defender_id).on_pitch:
        gouged = attrs.evolve(board.player(defender_id), gives_assists=False)
        board = board.with_player(gouged)
        outcome = Outcome(board, (*outcome.events, Event(EYE_GOUGE, attacker_id, (), "gouged", {"player": defender_id})), outcome.turnover)
    # A chain push that sends one of the attacker's own team into the crowd is a turnover, as is one that drops his own
    # ball carrier through a square: known now, before the ball is struck loose or the target knocked down.
    own_loss = any(
        ((e.kind == "push" and e.result == "into-crowd") or (e.kind == FALL_THROUGH and e.result == "fell" and e.detail.get("carried")))
        and board.players[e.who or ""].team == attacker.team
        for e in outcome.events
        if e.who in board.players
    )
    if own_loss:
        team_reroll_for = None
    # Sure Hands and Monstrous Mouth are Active: a Distracted carrier is not kept safe by them.
    strippable = not (defender.alert and (defender.has("sure-hands") or defender.has("monstrous-mouth")))
    if (
        carried
        and pushed.moved
        and not left_pitch
        and attacker.has("strip-ball")
        and strippable
        and decisions.use_skill(attacker_id, "strip-ball", "push")
    ):
        catching = ball.catch_rerolls_left(team_reroll_for, outcome.events)
        outcome = outcome.then(_strip_ball(ruleset, outcome.board, attacker_id, defender_id, dice, decisions, catching))
        board = outcome.board
    if face == "pow" and not left_pitch and board.player(defender_id).standing:
        catching = ball.catch_rerolls_left(team_reroll_for, outcome.events)
        down = _knock_down_defender(ruleset, outcome.board, attacker_id, defender_id, harm_by(attacker), dice, decisions, catching)
        outcome = outcome.then(down)
    if own_loss:
        outcome = attrs.evolve(outcome, turnover=True)
    return Outcome(outcome.board, (*told, *outcome.events), outcome.turnover)


def _follow_up_square(board: Board, attacker: PlayerState, vacated: Square) -> Square | None:
    """Where the blocker's square goes to follow up into ``vacated``: that square itself for a one-square base; a
    bigger base steps once towards it, and only when every square it would then cover is free (else None). Nobody
    follows into a square a feature of the pitch fills (a pit the target was pushed out of)."""
    if attacker.base is ONE_SQUARE or attacker.square is None:
        return None if board.geometry.filled(vacated) else vacated
    near = nearest_square(attacker.squares, vacated)
    anchor = step(attacker.square, direction_between(near, vacated))
    others, geometry = board.without(attacker.id), board.geometry
    fits = all(geometry.on_pitch(s) and not others.occupied(s) and not geometry.filled(s) for s in attacker.moved(anchor).squares)
    return anchor if fits else None


def block_push(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    blitz: bool = False,
    knocked_down: bool = False,
    owe_dice: bool = False,
    pushed_from: Square | None = None,
) -> PushResult:
    """The push a block makes (Push Back, or POW before the knock-down: ``knocked_down``), with no follow-up.

    The blocker's coach picks the square; a Juggernaut on a Blitz denies Stand Firm, and Grab denies Sidestep on any
    block but picks the square only on a declared Block Action. :func:`apply_block_face` pushes through it, and
    :func:`bbcore.odds.block_odds` asks it where a push would go. ``owe_dice`` leaves the push's rolls for later, as
    for :func:`~bbcore.rules.push.push`: the follow-up is decided before them. A blocker no longer on the pitch
    pushes from ``pushed_from``, the square he blocked from (see :func:`apply_block_face`).
    """
    attacker = board.player(attacker_id)
    # From the blocker's square nearest the target: his only one, or the closest of a bigger base.
    if attacker.on_pitch:
        pusher_square = closest_squares(attacker, board.player(defender_id))[0]
    elif pushed_from is not None:
        pusher_square = pushed_from
    else:
        raise UsageError(f"{attacker_id} is not on the pitch: say the square he blocked from (pushed_from)")
    return push(
        ruleset,
        board,
        defender_id,
        pusher_square,
        dice,
        decisions,
        chooser=attacker.team,
        attacker=attacker,
        stand_firm=not (blitz and attacker.has(JUGGERNAUT)),
        # A Blitz holds a Block Action, so Grab still shuts out Sidestep; only its choice of square needs a declared Block.
        sidestep=not attacker.has(GRAB),
        grab=not blitz,
        knocked_down=knocked_down,
        owe_dice=owe_dice,
    )


def _pro_of(catching: ball.TeamRerolls | None) -> tuple[str, int] | None:
    """The blocker's Pro, if he may still try it (see :func:`catch_rerolls`)."""
    return catching.pro if isinstance(catching, ball.CatchRerolls) else None


def _blocker_down(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    harm: Harm,
    dice: DiceSource,
    decisions: Decisions,
    apothecary: Apothecary,
    pro: tuple[str, int] | None,
) -> Outcome:
    """The blocker knocked down by his own block: his Steady Footing roll first, which his Pro (``pro``: not tried yet
    in his activation) may try again; then the knock-down, a ball he held dropping."""
    kept = steady_footing(ruleset, board, attacker_id, dice)
    footing: list[Event] = [] if kept is None else [kept]
    if kept is not None and kept.result != KEPT_FOOTING:
        again, tried = offer_pro(board.player(attacker_id), "steady-footing", pro, dice, decisions)
        footing.extend(() if tried is None else (tried,))
        if again:
            kept = steady_footing(ruleset, board, attacker_id, dice)
            footing.extend(() if kept is None else (kept,))
    if kept is not None and kept.result == KEPT_FOOTING:
        return Outcome(board, tuple(footing))
    down = knock_down_with_ball(ruleset, board, attacker_id, harm, dice, decisions, apothecary, may_keep_footing=False)
    return Outcome(down.board, (*footing, *down.events), down.turnover)


def _knock_down_defender(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    harm: Harm,
    dice: DiceSource,
    decisions: Decisions,
    catching: ball.TeamRerolls | None = None,
) -> Outcome:
    """The block knocks the defender down; a Saboteur whose coach uses the skill rolls before his Armour Roll
    (:func:`sabotage`). ``catching`` may re-roll a catch of the ball he drops."""
    apothecary = apothecary_from(decisions)
    defender = board.player(defender_id)
    if not (defender.has(SABOTEUR) and defender.alert):
        return knock_down_with_ball(ruleset, board, defender_id, harm, dice, decisions, apothecary, team_reroll_for=catching)
    kept = steady_footing(ruleset, board, defender_id, dice)
    footing = (kept,) if kept is not None else ()
    if kept is not None and kept.result == KEPT_FOOTING:
        return Outcome(board, footing)
    used = decisions.use_skill(defender_id, SABOTEUR, "knocked-down")
    sabotaged = sabotage(ruleset, board, attacker_id, defender_id, dice, decisions, catching) if used else Outcome(board)
    if sabotaged.events and sabotaged.events[0].result == WENT_OFF:
        return Outcome(sabotaged.board, footing + sabotaged.events, sabotaged.turnover)
    down = knock_down_with_ball(
        ruleset, board, defender_id, harm, dice, decisions, apothecary, may_keep_footing=False, team_reroll_for=catching
    )
    return Outcome(down.board, (*footing, *sabotaged.events, *down.events), down.turnover)


#: The skill that lets the target of a block or a special action step to another square beside the one making it.
TRICKSTER = "trickster"


def trickster(ruleset: Ruleset, board: Board, actor_id: str, target_id: str, dice: DiceSource, decisions: Decisions) -> Outcome:
    """Trickster: ``target_id``, about to be blocked by ``actor_id`` or singled out by his special action, may first
    move to another empty square next to ``actor_id`` (``Decisions.choose_square``, reason ``trickster``), before
    the dice are counted. Landing on the loose ball, he tries to pick it up (:func:`bbcore.rules.ball.pick_up`); a
    failure bounces it and is no turnover, as it is not his turn.

    Without the skill, when Distracted or Chomped (:meth:`~bbcore.rules.board.Board.chompers_of`), or when his
    coach keeps him where he is, the board is unchanged and there are no events. A square not offered raises
    :class:`~bbcore.errors.UsageError`.
    """
    target, actor = board.player(target_id), board.player(actor_id)
    if not target.has(TRICKSTER) or not target.alert or target.square is None or actor.square is None or board.chompers_of(target):
        return Outcome(board)
    geometry = board.geometry
    squares = [s for s in board.neighbours(actor.square) if s != target.square and not board.occupied(s) and not geometry.filled(s)]
    chosen = decisions.choose_square(target_id, TRICKSTER, squares) if squares else None
    if chosen is None:
        return Outcome(board)
    if chosen not in squares:
        raise UsageError(f"{target_id} cannot use Trickster to reach {chosen}: the squares offered are {squares}")
    moved = board.with_player(target.moved(chosen))
    outcome = Outcome(moved, (Event(TRICKSTER, target_id, (), "moved", {"from": list(target.square), "to": list(chosen)}),))
    entered = enter_square(ruleset, moved, target_id, dice, decisions)
    if entered is not None:
        outcome = Outcome(entered.board, (*outcome.events, *entered.events))  # not his turn: no turnover either way
        moved = entered.board
    if moved.ball.carrier is None and moved.ball.square == chosen and moved.at(chosen) is not None:
        picked = ball.pick_up(ruleset, moved, target_id, dice, decisions)
        outcome = Outcome(picked.board, (*outcome.events, *picked.events))
    return outcome


#: The skill that stops a player this blocker pushes back from giving assists until he is next activated.
EYE_GOUGE = "eye-gouge"
#: The skill of a Secret Weapon player whose weapon may go off as he is knocked down by a block.
SABOTEUR = "saboteur"
#: The result of a ``saboteur`` event whose weapon went off.
WENT_OFF = "went-off"


def sabotage(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    catching: ball.TeamRerolls | None = None,
) -> Outcome:
    """Saboteur: the defender, about to be knocked down by a block, rolls a D6 before his Armour Roll.

    On ``targets.saboteur`` or more (result ``went-off``) he is Knocked Out with no Armour
    Roll (the team's apothecary may patch him up: Stunned in his square), a ball he held
    dropping in his square (``catching`` may re-roll a catch of it), and the blocker is
    knocked down too: a turnover only if the blocker held the ball. Otherwise (result
    ``nothing``) the board is as it was and the knock-down goes on as usual.
    """
    (roll,) = roll_dice(dice, "D6")
    target = ruleset.parameters.targets.saboteur
    if roll < target:
        return Outcome(board, (Event(SABOTEUR, defender_id, (roll,), "nothing", {"target": target}),))
    saboteur = board.player(defender_id)
    square, held = saboteur.square, board.ball.carrier == defender_id
    went_off = Event(SABOTEUR, defender_id, (roll,), WENT_OFF, {"target": target, "blocker": attacker_id})
    # Knocked Out like any other: the team's apothecary may patch him up, and he stays in his square Stunned.
    patched = saboteur.treatable and apothecary_from(decisions)(saboteur, "ko")
    after = Status.STUNNED if patched else Status.KO
    treated = (Event(APOTHECARY_EVENT, defender_id, (), "patched-up", {"from": "ko", "to": after.value}),) if patched else ()
    # Down first, so that a ball he held stays in his square, then (unless patched up) off to the Knocked-out box.
    board = board.with_player(saboteur.with_status(Status.PRONE))
    board = board.with_player(board.player(defender_id).with_status(after))
    outcome = Outcome(board, (went_off, *treated))
    if held and square is not None:
        outcome = outcome.then(ball.drop_ball(ruleset, outcome.board, defender_id, square, dice, decisions, team_reroll_for=catching))
    carried = outcome.board.ball.carrier == attacker_id
    down = knock_down_with_ball(ruleset, outcome.board, attacker_id, Harm(SABOTEUR), dice, decisions, apothecary_from(decisions))
    return Outcome(down.board, outcome.events + down.events, carried and down.board.ball.carrier != attacker_id)


def _strip_ball(
    ruleset: Ruleset,
    board: Board,
    attacker_id: str,
    defender_id: str,
    dice: DiceSource,
    decisions: Decisions,
    catching: ball.TeamRerolls | None = None,
) -> Outcome:
    """Strip Ball: the pushed ball carrier drops the ball in the square he was pushed into, and it bounces
    (after the follow-up, before he is knocked down); ``catching`` may re-roll a catch of it."""
    square = board.player(defender_id).square
    assert square is not None
    stripped = Event("strip-ball", attacker_id, (), "stripped", {"from": defender_id, "square": list(square)})
    loose = ball.bounce(ruleset, board.with_ball(BallState(square=square)), square, dice, decisions, team_reroll_for=catching)
    return Outcome(loose.board, (stripped, *loose.events))


def _both_down(
    ruleset: Ruleset,
    board: Board,
    attacker: PlayerState,
    defender: PlayerState,
    dice: DiceSource,
    decisions: Decisions,
    juggernaut: bool,
    harm_by: Callable[[PlayerState], Harm],
    apothecary: Apothecary,
    catching: ball.TeamRerolls | None = None,
) -> Outcome:
    events: list[Event] = []
    for wrestler in (attacker, defender):
        if (
            wrestler.has("wrestle")
            and wrestler.alert
            and not (juggernaut and wrestler is defender)
            and decisions.use_skill(wrestler.id, "wrestle", "both-down")
        ):
            carrier, resting = board.ball.carrier, board.ball_square()
            events.append(Event("wrestle", wrestler.id, (), "both-placed-prone"))
            # Being placed prone is not being knocked down: no armour rolls, and no turnover for the attacker...
            for placed_id, by in ((attacker.id, defender), (defender.id, attacker)):
                lying = place_prone(ruleset, board, placed_id, harm_by(by), dice, apothecary, choose_treatment=treatment_from(decisions))
                board = lying.board
                events.extend(lying.events)
            placed = Outcome(board, tuple(events), turnover=False)
            if carrier in (attacker.id, defender.id) and resting is not None:
                # A ball the blocker held drops with a turnover under way: its catch is not re-rolled.
                held = catching if carrier == defender.id else None
                placed = placed.then(ball.drop_ball(ruleset, board, carrier, resting, dice, decisions, team_reroll_for=held))
            # ...but a blocker Placed Prone with the ball in his own activation is.
            return attrs.evolve(placed, turnover=placed.turnover or carrier == attacker.id)
    outcome = Outcome(board)
    attacker_falls = attacker.standing and not (attacker.has("block") and decisions.use_skill(attacker.id, "block", "both-down"))
    defender_falls = not (defender.has("block") and defender.alert and decisions.use_skill(defender.id, "block", "both-down"))
    if defender_falls:
        # A blocker going down with him brings a turnover: the catch of the target's ball is then not re-rolled.
        held = None if attacker_falls else catching
        down = _knock_down_defender(ruleset, outcome.board, attacker.id, defender.id, harm_by(attacker), dice, decisions, held)
        outcome = outcome.then(down)
    # A blocker whom a Saboteur brought down already is not knocked down twice.
    if attacker_falls and outcome.board.player(attacker.id).standing:
        pro = _pro_of(ball.catch_rerolls_left(catching, outcome.events))
        outcome = outcome.then(_blocker_down(ruleset, outcome.board, attacker.id, harm_by(defender), dice, decisions, apothecary, pro))
    fell = attacker_falls and not outcome.board.player(attacker.id).standing
    return Outcome(outcome.board, outcome.events, turnover=fell or outcome.turnover)
