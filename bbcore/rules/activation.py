"""Activation tests: the D6 some traits make a player roll straight after declaring an action.

:func:`activation_test` runs them for one activation. Which traits roll, their
targets, their modifiers and what a failure does come from the ``activation``
parameters (:class:`~bbcore.model.parameters.ActivationRules`), so a variant changes
them by data. In Blood Bowl 2025 they are Bone Head, Really Stupid, Unchannelled Fury,
Animal Savagery, Take Root and Bloodlust.

A failed test may be re-rolled like any other D6 test (:func:`~bbcore.rules.rerolls.take_test`):
a source a plugin offers through ``bbcore_test_reroll``, else a team re-roll, Loner
permitting. What a failure does (``on_fail`` in the data):

``distracted``
    The player loses their tackle zone (``tackle_zone`` false) until they are next
    activated, and the activation ends.
``activation-ends``
    The activation ends; nothing else happens.
``lash-out``
    The coach picks a Standing team-mate next to the player, who is knocked down (the
    player's Claws and Mighty Blow count on the armour and injury rolls); only a
    team-mate holding the ball makes it a turnover. The declared action then goes on.
    With no such team-mate the player is distracted instead.
``rooted``
    The player is rooted (``rooted`` true): they keep their action but may not move,
    follow up or be pushed back until they stop standing or the drive ends.
``bite``
    The activation goes on, and the player may switch to the trait's ``switch_to``
    action; the result lists ``bite`` in ``pending``: the player
    must bite a team-mate before the activation ends, or cause a turnover and be
    distracted. The caller resolves it with :func:`bite`, offering the team-mates
    :func:`thralls_to_bite` names.

A failed test still uses up the declared action (a Blitz counts as the team's one
Blitz of the turn): the caller keeps that count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.dice import DiceSource
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import BallState, Board, PlayerState, Square, Status, next_to
from bbcore.rules.decisions import Decisions, checked_choice
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, apothecary_from, hit_by, injury_result, knock_down_with_ball, suffer_casualty, treatment_from
from bbcore.rules.rerolls import RerollBudget, plugin_reroll, pro_for, take_test, target_test

if TYPE_CHECKING:
    from bbcore.model.parameters import ActivationRules, ActivationTrait
    from bbcore.ruleset import Ruleset


@frozen
class ActivationResult:
    """What an activation test left: whether it passed, what the player may still do, the board and the events.

    ``passed`` is true when every test passed or none was needed. ``may_act`` says
    whether the activation goes on, and ``actions`` which actions the player may then
    perform (empty when it ends). ``pending`` names what the player still owes before
    the activation ends (``bite``). ``budget`` is the re-roll budget left;
    ``team_rerolls_used`` how many team re-rolls were spent. ``tested`` lists the traits
    rolled for, in order.
    """

    passed: bool
    may_act: bool
    actions: tuple[str, ...]
    board: Board
    events: tuple[Event, ...]
    budget: RerollBudget
    team_rerolls_used: int = 0
    turnover: bool = False
    pending: tuple[str, ...] = ()
    tested: tuple[str, ...] = ()

    @property
    def outcome(self) -> Outcome:
        """The board, the events and the turnover, as a procedure's outcome."""
        return Outcome(self.board, self.events, self.turnover)


def _rules(ruleset: Ruleset | None) -> ActivationRules:
    if ruleset is None:
        from bbcore.ruleset import load_ruleset  # noqa: PLC0415  (the rules modules load no ruleset on import)

        ruleset = load_ruleset()
    return ruleset.parameters.activation


def activation_traits(ruleset: Ruleset, player: PlayerState) -> tuple[str, ...]:
    """The player's traits that make them roll when activated, in the order they are rolled.

    A player holding two forms of one trait (:meth:`~bbcore.ruleset.Ruleset.skill_forms`:
    the core's Really Stupid and an older Really Stupid (5+), say) rolls for one of them
    only: the one with the higher target, the first listed on a tie. A worse form given
    for a time thus replaces the trait while it lasts.
    """
    traits = ruleset.parameters.activation.traits
    held = tuple(trait_id for trait_id in traits if player.has(trait_id))
    if len(held) < 2:
        return held
    order = {trait_id: index for index, trait_id in enumerate(held)}

    def rank(trait_id: str) -> tuple[int, int]:
        return activation_target(trait_id, traits[trait_id], player), -order[trait_id]

    return tuple(
        trait_id for trait_id in held if all(rank(other) < rank(trait_id) for other in trait_kin(ruleset, trait_id) if other in order)
    )


#: The skill that lets an activation go on after an action that ends it, by that action; a Pass counts only at the
#: range named (``pass:quick``: a Quick Pass).
GOES_ON_AFTER: Mapping[str, str] = {"foul": "quick-foul", "pass:quick": "give-and-go", "hand-off": "give-and-go"}


def activation_goes_on(player: PlayerState, action: str, *, pass_range: str | None = None, turnover: bool = False) -> bool:
    """Whether the player's activation goes on after ``action`` (``foul``, ``pass``, ``hand-off``), so that he may
    move on with whatever movement he has left: Quick Foul after a Foul, Give and Go after a Quick Pass
    (``pass_range`` ``quick``, a row of the ``pass-range`` table) or a Hand-off. Never after a turnover, nor for a
    player no longer Standing on the pitch (Sent-off, say)."""
    key = f"{action}:{pass_range}" if action == "pass" else action
    skill = GOES_ON_AFTER.get(key)
    return skill is not None and player.has(skill) and player.standing and not turnover


def needs_activation_test(player: PlayerState, ruleset: Ruleset | None = None) -> bool:
    """Whether activating the player means rolling at least one activation test.

    A trait that only a Standing player rolls for (Take Root) counts only while they
    stand. Without ``ruleset`` the Blood Bowl 2025 parameters are read.
    """
    rules = _rules(ruleset)
    return any(player.has(trait_id) and (player.standing or not trait.standing_only) for trait_id, trait in rules.traits.items())


def team_mate_helps(board: Board, player: PlayerState, trait_id: str, kin: tuple[str, ...] = ()) -> bool:
    """Whether a Standing team-mate in play (not Distracted) who lacks ``trait_id`` stands next to the player.

    ``kin`` are other forms of the same trait (see :meth:`~bbcore.ruleset.Ruleset.skill_forms`): a
    team-mate with any of them does not help either.
    """
    if player.square is None:
        return False
    family = (trait_id, *kin)
    return any(
        other.id != player.id and next_to(other, player) and board.in_play(other) and not any(form in other.skills for form in family)
        for other in board.team_players(player.team)
    )


def trait_kin(ruleset: Ruleset, trait_id: str) -> tuple[str, ...]:
    """The other forms of a trait: those of the skill it acts as (or of itself), but not the trait itself."""
    skill = ruleset.skills.get(trait_id)
    base = skill.acts_as if skill is not None and skill.acts_as is not None else trait_id
    return tuple(form for form in ruleset.skill_forms(base) if form != trait_id)


def activation_modifier(
    ruleset: Ruleset, board: Board, player: PlayerState, trait_id: str, action: str, *, adjacent_help: bool | None = None
) -> tuple[int, tuple[str, ...]]:
    """The modifier to the player's ``trait_id`` test for a declared ``action``, and the names of what counted.

    ``block_or_blitz`` counts for an action among the ``block_actions``;
    ``team_mate_helps`` when :func:`team_mate_helps` says so (``adjacent_help`` true or
    false overrides the board). The modifier in force for a test named after the trait
    (:meth:`~bbcore.rules.board.Board.modifier`) is added.
    """
    rules = ruleset.parameters.activation
    trait = rules.traits[trait_id]
    total = 0
    counted: list[str] = []
    if "block_or_blitz" in trait.modifiers and action in rules.block_actions:
        total += trait.modifiers["block_or_blitz"]
        counted.append("block_or_blitz")
    if "team_mate_helps" in trait.modifiers:
        helps = team_mate_helps(board, player, trait_id, trait_kin(ruleset, trait_id)) if adjacent_help is None else adjacent_help
        if helps:
            total += trait.modifiers["team_mate_helps"]
            counted.append("team_mate_helps")
    return total + board.modifier(trait_id, player), tuple(counted)


def activation_target(trait_id: str, trait: ActivationTrait, player: PlayerState) -> int:
    """The D6 target of the player's ``trait_id`` test: the trait's own, or the player's bracketed value."""
    if trait.target is not None:
        return trait.target
    value = player.skill_value(trait_id)
    if value is None:
        raise UsageError(f"{player.id} has {trait_id} without the target number it needs")
    return int(str(value).rstrip("+"))


@frozen
class _Failure:
    board: Board
    events: tuple[Event, ...]
    may_act: bool
    actions: tuple[str, ...]
    turnover: bool = False
    pending: tuple[str, ...] = ()


def _distracted(board: Board, player_id: str, cause: str) -> _Failure:
    player = board.player(player_id)
    board = board.with_player(attrs.evolve(player, tackle_zone=False))
    return _Failure(board, (Event("distracted", player_id, (), "tackle-zone-lost", {"cause": cause}),), False, ())


def _lash_out(
    ruleset: Ruleset, board: Board, player_id: str, trait_id: str, actions: tuple[str, ...], dice: DiceSource, decisions: Decisions
) -> _Failure:
    player = board.player(player_id)
    candidates = [
        other.id for other in board.team_players(player.team) if other.id != player_id and other.standing and next_to(other, player)
    ]
    if not candidates:
        return _distracted(board, player_id, trait_id)
    victim_id = checked_choice(decisions.team_mate(player_id, trait_id, candidates), candidates, question="team-mate", who=player_id)
    held_ball = board.ball.carrier == victim_id
    lashed = Event("lash-out", player_id, (), "knocked-down", {"team_mate": victim_id, "cause": trait_id})
    # The lash-out's Mighty Blow must go on the Armour Roll.
    harm = attrs.evolve(hit_by(ruleset, trait_id, player), blow_on_armour=True)
    down = knock_down_with_ball(ruleset, board, victim_id, harm, dice, decisions, apothecary_from(decisions))
    outcome = Outcome(down.board, (lashed, *down.events))
    if held_ball and outcome.board.ball.carrier != victim_id:
        return _Failure(outcome.board, outcome.events, False, (), turnover=True)
    return _Failure(outcome.board, outcome.events, True, actions)


def _fail(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    trait_id: str,
    trait: ActivationTrait,
    actions: tuple[str, ...],
    dice: DiceSource,
    decisions: Decisions,
) -> _Failure:
    cause = {"cause": trait_id}
    if trait.on_fail == "distracted":
        return _distracted(board, player_id, trait_id)
    if trait.on_fail == "activation-ends":
        return _Failure(board, (Event("activation-ends", player_id, (), "ended", cause),), False, ())
    if trait.on_fail == "lash-out":
        return _lash_out(ruleset, board, player_id, trait_id, actions, dice, decisions)
    if trait.on_fail == "rooted":
        board = board.with_player(attrs.evolve(board.player(player_id), rooted=True))
        return _Failure(board, (Event("rooted", player_id, (), "rooted", cause),), True, actions)
    if trait.on_fail == "bite":
        switched = actions if trait.switch_to is None or trait.switch_to in actions else (*actions, trait.switch_to)
        event = Event("must-bite", player_id, (), "pending", {**cause, "actions": list(switched)})
        return _Failure(board, (event,), True, switched, pending=("bite",))
    raise UsageError(f"{trait_id}: unknown activation failure {trait.on_fail!r}")


def activation_test(
    ruleset: Ruleset,
    board: Board,
    player_id: str,
    action: str,
    dice: DiceSource,
    decisions: Decisions,
    *,
    team_reroll: int | bool = 0,
    spent: frozenset[str] = frozenset(),
    adjacent_help: bool | None = None,
    ends_distraction: bool = True,
) -> ActivationResult:
    """Roll the activation tests of ``player_id``, who has just declared ``action`` (``move``, ``block``, ``blitz``...).

    ``team_reroll`` is how many team re-rolls the team may spend (True: one) and
    ``spent`` the once-per-turn skills already used this turn. ``adjacent_help`` true
    or false overrides whether a team-mate next to the player helps (Really Stupid);
    None reads the board. Being activated ends a distraction first (``tackle_zone``
    back to true) unless ``ends_distraction`` is false, and gives back the assists Eye
    Gouge took (``gives_assists``). A player with several traits
    rolls for each in the data's order, stopping once the activation ends. A player
    with none passes without a roll or an event (beyond the distraction ending).
    """
    player = board.player(player_id)
    events: list[Event] = []
    if ends_distraction and not player.tackle_zone:
        player = attrs.evolve(player, tackle_zone=True)
        board = board.with_player(player)
        events.append(Event("distraction-ends", player_id, (), "tackle-zone-back"))
    if not player.gives_assists:
        player = attrs.evolve(player, gives_assists=True)
        board = board.with_player(player)
        events.append(Event("assists-back", player_id, (), "activated"))
    budget = RerollBudget(int(team_reroll), frozenset(spent), pro=pro_for(ruleset, player_id))
    rules = ruleset.parameters.activation
    passed, may_act, turnover = True, True, False
    actions: tuple[str, ...] = (action,)
    pending: list[str] = []
    tested: list[str] = []
    for trait_id in activation_traits(ruleset, player):
        trait = rules.traits[trait_id]
        player = board.player(player_id)
        if trait.standing_only and not player.standing:
            events.append(Event(trait_id, player_id, (), "no-test", {"status": player.status.value}))
            continue
        target = activation_target(trait_id, trait, player)
        modifier, counted = activation_modifier(ruleset, board, player, trait_id, action, adjacent_help=adjacent_help)
        rolled, budget = take_test(
            player,
            trait_id,
            target_test(target, modifier),
            dice,
            decisions,
            budget,
            detail={"target": target, "action": action, "modifiers": list(counted)},
            offered=plugin_reroll(ruleset, board, player, trait_id),
        )
        events.extend(rolled.events)
        tested.append(trait_id)
        if rolled.passed:
            continue
        passed = False
        failure = _fail(ruleset, board, player_id, trait_id, trait, actions, dice, decisions)
        board, actions = failure.board, failure.actions
        events.extend(failure.events)
        pending.extend(p for p in failure.pending if p not in pending)
        turnover = turnover or failure.turnover
        if not failure.may_act:
            may_act = False
            break
    used = int(team_reroll) - budget.team_rerolls
    return ActivationResult(
        passed,
        may_act,
        actions if may_act else (),
        board,
        tuple(events),
        budget,
        team_rerolls_used=used,
        turnover=turnover,
        pending=tuple(pending),
        tested=tuple(tested),
    )


# -- the bite owed after a failed Bloodlust test -----------------------------------------------


def _biting_trait(ruleset: Ruleset, player: PlayerState) -> tuple[str, ActivationTrait]:
    for trait_id, trait in ruleset.parameters.activation.traits.items():
        if trait.on_fail == "bite" and player.has(trait_id):
            return trait_id, trait
    raise UsageError(f"{player.id} has no activation trait that makes them bite")


def thralls_to_bite(ruleset: Ruleset, board: Board, player_id: str) -> list[str]:
    """The team-mates ``player_id`` may bite: adjacent, of a position the trait's ``bites`` names, whatever their status."""
    player = board.player(player_id)
    _, trait = _biting_trait(ruleset, player)
    positions = trait.bites.positions if trait.bites is not None else ()
    return [
        other.id
        for other in board.team_players(player.team)
        if other.id != player_id and next_to(other, player) and other.position in positions
    ]


def _bounce_from(ruleset: Ruleset, outcome: Outcome, square: Square, dice: DiceSource, decisions: Decisions) -> Outcome:
    loose = outcome.board.with_ball(BallState(square=square))
    return outcome.then(ball.bounce(ruleset, loose, square, dice, decisions))


def _no_bite(ruleset: Ruleset, board: Board, player_id: str, trait_id: str, dice: DiceSource, decisions: Decisions) -> Outcome:
    player = board.player(player_id)
    square = player.square
    held = board.ball.carrier == player_id
    detail: dict[str, object] = {"cause": trait_id, "dropped_ball": held}
    if square is not None:
        # A player in the opposing End Zone scores no Touchdown: he drops the ball, so the touchdown check finds no carrier.
        opposing = board.opponent_of(player.team)
        detail["no_touchdown"] = any(board.end_zone_owner(covered) == opposing for covered in player.squares)
    board = board.with_player(attrs.evolve(player, tackle_zone=False))
    events = (
        Event("no-bite", player_id, (), "turnover", detail),
        Event("distracted", player_id, (), "tackle-zone-lost", {"cause": trait_id}),
    )
    outcome = Outcome(board, events, turnover=True)
    if held and square is not None:
        outcome = _bounce_from(ruleset, outcome, square, dice, decisions)
    return outcome


def bite(ruleset: Ruleset, board: Board, player_id: str, thrall_id: str | None, dice: DiceSource, decisions: Decisions) -> Outcome:
    """The bite a player owes at the end of an activation after failing a test whose ``on_fail`` is ``bite`` (Bloodlust).

    ``thrall_id`` is the team-mate bitten, one of :func:`thralls_to_bite`; None when the
    player does not bite (nobody to bite, or the coach declines).

    A bite makes an injury roll for the team-mate, whatever their status (no armour
    roll): Stunned, Knocked Out (the apothecary may be offered) or a Casualty that
    counts as the trait's ``bites.casualty_counts_as`` row, with no casualty roll. It
    is a turnover only when the bitten team-mate held the ball, which then bounces
    from their square.

    Not biting is a turnover: the player becomes Distracted (``tackle_zone`` false)
    and drops the ball if they hold it (it bounces). The ``no-bite`` event says
    ``no_touchdown`` when the player stands in the opposing End Zone: no Touchdown is
    scored there (the ball he drops leaves :func:`bbcore.rules.touchdown.scorer` no carrier).
    """
    player = board.player(player_id)
    trait_id, trait = _biting_trait(ruleset, player)
    if thrall_id is None:
        return _no_bite(ruleset, board, player_id, trait_id, dice, decisions)
    if thrall_id not in thralls_to_bite(ruleset, board, player_id):
        raise UsageError(f"{player_id} may not bite {thrall_id}: only an adjacent team-mate of {trait_id}'s bitten positions")
    thrall = board.player(thrall_id)
    square = thrall.square
    held = board.ball.carrier == thrall_id
    events: tuple[Event, ...] = (Event("bite", player_id, (), "bitten", {"team_mate": thrall_id, "cause": trait_id, "held_ball": held}),)
    row, status, injury = injury_result(ruleset, board, thrall_id, Harm(trait_id, attacker=player), dice)
    events = (*events, injury)
    if status is Status.KO and thrall.treatable and decisions.use_apothecary(thrall_id, "ko"):
        events = (*events, Event("apothecary", thrall_id, (), "patched-up", {"from": "ko", "to": Status.STUNNED.value}))
        status = Status.STUNNED
    if status is Status.CASUALTY:
        casualty = suffer_casualty(
            ruleset,
            board,
            thrall_id,
            dice,
            apothecary_from(decisions),
            roll=any(effect.roll_on for effect in row.effects),
            choose_treatment=treatment_from(decisions),
            counts_as=trait.bites.casualty_counts_as if trait.bites is not None else None,
        )
        outcome = Outcome(casualty.board, events + casualty.events)
    else:
        outcome = Outcome(board.with_player(thrall.with_status(status)), events)
    if held and square is not None:
        outcome = attrs.evolve(_bounce_from(ruleset, outcome, square, dice, decisions), turnover=True)
    return outcome
