"""The special actions of skills and traits, with scripted dice: each result band, who goes down, the ball, the errors."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.foul import foul
from bbcore.rules.injury import Harm, knock_down
from bbcore.rules.special_actions import breathe_fire, chainsaw_attack, hypnotic_gaze, projectile_vomit, stab
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, game

ACTOR, TARGET = (10, 7), (11, 7)


def duel(core: Ruleset, skill: str, *, target: str = AWAY_LINEMAN, ball: str | None = None, **kwargs: Any) -> Board:
    """A home Human with ``skill`` beside a Standing away player."""
    skills = {"actor": {skill: None}, **kwargs.pop("skills", {})}
    players = {"actor": ("home", HOME_LINEMAN, ACTOR), "target": ("away", target, TARGET)}
    return build_board(core, players, skills=skills, ball=ball, **kwargs)


def pair(total: int) -> list[int]:
    low = total // 2 - (1 if total % 2 == 0 else 0)
    return [low, total - low]


def av(board: Board, player_id: str) -> int:
    return board.player(player_id).av


def armour_totals(outcome: Any) -> list[int]:
    return [e.detail["total"] for e in outcome.events if e.kind == "armour"]


def test_a_stab_is_an_armour_roll_nothing_modifies(core: Ruleset) -> None:
    board = duel(core, "stab", skills={"actor": {"stab": None, "mighty-blow": None}, "target": {"chainsaw": None}})
    with ScriptedDice(pair(av(board, "target") - 1)) as dice:  # no Mighty Blow, no Chainsaw bonus on the target
        outcome = stab(core, board, "actor", "target", dice)
    assert armour_totals(outcome) == [av(board, "target") - 1]
    assert outcome.board.player("target").status is Status.STANDING
    with ScriptedDice([*pair(av(board, "target")), 4, 5]) as dice:
        outcome = stab(core, board, "actor", "target", dice)
    assert outcome.board.player("target").status is Status.KO
    assert not outcome.turnover


def test_a_stabbed_ball_carrier_drops_the_ball_and_the_stabbers_turn_goes_on(core: Ruleset) -> None:
    board = duel(core, "stab", ball="target")
    with ScriptedDice([*pair(av(board, "target")), 2, 3, 5]) as dice:  # broken, Stunned, the ball bounces right
        outcome = stab(core, board, "actor", "target", dice)
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (12, 7)
    assert not outcome.turnover


def test_a_chainsaw_bites_with_its_bonus_or_kicks_back(core: Ruleset) -> None:
    board = duel(core, "chainsaw")
    bonus = core.parameters.special_actions.chainsaw.armour
    with ScriptedDice([2, 2, 3]) as dice:
        outcome = chainsaw_attack(core, board, "actor", "target", dice)
    assert armour_totals(outcome) == [5 + bonus]
    assert not outcome.turnover
    with ScriptedDice([1, 1, 2]) as dice:  # kick-back: the wielder down, with the bonus on his own armour
        outcome = chainsaw_attack(core, board, "actor", "target", dice)
    assert outcome.board.player("actor").status is Status.PRONE
    assert armour_totals(outcome) == [3 + bonus]
    assert outcome.turnover


def test_a_chainsaw_wielder_always_takes_its_bonus_when_he_goes_down(core: Ruleset) -> None:
    board = duel(core, "chainsaw")
    bonus = core.parameters.special_actions.chainsaw.armour
    with ScriptedDice([1, 2]) as dice:
        down = knock_down(core, board, "actor", Harm("block"), dice)
    assert armour_totals(down) == [3 + bonus]


def test_projectile_vomit_hits_the_target_or_the_vomiter(core: Ruleset) -> None:
    board = duel(core, "projectile-vomit")
    hits_on = core.parameters.special_actions.projectile_vomit.hits_on
    with ScriptedDice([hits_on, *pair(av(board, "target")), 2, 3]) as dice:
        outcome = projectile_vomit(core, board, "actor", "target", dice)
    assert outcome.board.player("target").status is Status.STUNNED
    assert not outcome.turnover
    with ScriptedDice([hits_on - 1, *pair(av(board, "actor")), 2, 3]) as dice:
        outcome = projectile_vomit(core, board, "actor", "target", dice)
    assert outcome.board.player("actor").status is Status.STUNNED
    assert outcome.turnover


@pytest.mark.parametrize(
    ("roll", "position", "actor", "target"),
    [
        (6, AWAY_LINEMAN, Status.STANDING, Status.PRONE),  # natural 6: knocked down (armour held below)
        (4, AWAY_LINEMAN, Status.STANDING, Status.PRONE),  # placed prone
        (3, AWAY_LINEMAN, Status.STANDING, Status.STANDING),
        (2, "orc/troll", Status.PRONE, Status.STANDING),  # 2 - 1 against ST 5: the breather goes down
    ],
)
def test_breathe_fire_by_band(core: Ruleset, roll: int, position: str, actor: Status, target: Status) -> None:
    board = duel(core, "breathe-fire", target=position)
    dice = ScriptedDice([roll, 1, 2])  # no context: the armour dice stay unused unless somebody goes down
    outcome = breathe_fire(core, board, "actor", "target", dice)
    left = dice.remaining
    assert outcome.board.player("actor").status is actor
    assert outcome.board.player("target").status is target
    assert outcome.turnover is (actor is not Status.STANDING)
    assert (left == []) is (roll in (6, 2))  # only a knock-down rolls armour


def test_a_target_placed_prone_by_fire_drops_the_ball(core: Ruleset) -> None:
    board = duel(core, "breathe-fire", ball="target")
    with ScriptedDice([4, 5]) as dice:
        outcome = breathe_fire(core, board, "actor", "target", dice)
    assert outcome.board.ball.square == (12, 7)


def test_hypnotic_gaze_distracts_on_its_number(core: Ruleset) -> None:
    board = duel(core, "hypnotic-gaze")
    gaze_on = core.parameters.special_actions.hypnotic_gaze.gaze_on
    with ScriptedDice([gaze_on - 1]) as dice:
        assert hypnotic_gaze(core, board, "actor", "target", dice).board.player("target").tackle_zone
    with ScriptedDice([gaze_on]) as dice:
        gazed = hypnotic_gaze(core, board, "actor", "target", dice).board
    assert not gazed.player("target").tackle_zone
    assert not gazed.in_play(gazed.player("target"))


@pytest.mark.parametrize(
    ("action", "skill", "change", "message"),
    [
        (stab, "block", {}, "has no stab"),
        (stab, "stab", {"target": "prone"}, "Standing opposition player"),
        (projectile_vomit, "projectile-vomit", {"actor": "prone"}, "must be Standing"),
        (hypnotic_gaze, "hypnotic-gaze", {"far": True}, "next to him"),
    ],
)
def test_a_special_action_that_cannot_be_made_is_refused(core: Ruleset, action: Any, skill: str, change: Any, message: str) -> None:
    board = duel(core, skill, statuses={k: v for k, v in change.items() if k in ("actor", "target")})
    if change.get("far"):
        board = board.with_player(board.player("target").moved((13, 7)))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match=message):
        action(core, board, "actor", "target", dice)


def test_a_distracted_wielder_marks_nobody_to_saw_or_burn(core: Ruleset) -> None:
    board = duel(core, "chainsaw")
    board = board.with_player(attrs.evolve(board.player("actor"), tackle_zone=False))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="marking his target"):
        chainsaw_attack(core, board, "actor", "target", dice)


def test_a_foul_with_a_chainsaw(core: Ruleset) -> None:
    players = {"actor": ("home", HOME_LINEMAN, ACTOR), "target": ("away", AWAY_LINEMAN, TARGET)}
    state = game(core, players, skills={"actor": {"chainsaw": None}}, statuses={"target": "prone"})
    bonus = core.parameters.special_actions.chainsaw.armour
    with ScriptedDice([2, 1, 2]) as dice:
        outcome = foul(core, state, "actor", "target", dice, chainsaw=True)
    assert armour_totals(outcome) == [3 + bonus]
    with ScriptedDice([1, 1, 2]) as dice:  # kick-back: the fouler goes down, the victim is spared
        outcome = foul(core, state, "actor", "target", dice, chainsaw=True)
    assert outcome.turnover
    assert outcome.state.board.player("actor").status is Status.PRONE
    assert [e.who for e in outcome.events if e.kind == "armour"] == ["actor"]
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="no Chainsaw"):
        foul(core, game(core, players, statuses={"target": "prone"}), "actor", "target", dice, chainsaw=True)


# -- re-rolls on the action's D6 ----------------------------------------------------------------------------


def test_a_team_reroll_the_caller_offers_rolls_a_failed_gaze_again(core: Ruleset) -> None:
    board = duel(core, "hypnotic-gaze")
    gaze_on = core.parameters.special_actions.hypnotic_gaze.gaze_on
    with ScriptedDice([gaze_on - 1, gaze_on]) as dice, ScriptedDecisions([("team-reroll", True)], strict=True) as decisions:
        gazed = hypnotic_gaze(core, board, "actor", "target", dice, decisions, team_reroll=1)
    (event,) = [e for e in gazed.events if e.kind == "hypnotic-gaze"]
    assert (event.rolls, event.result, event.detail["rerolled_with"]) == ((gaze_on - 1, gaze_on), "distracted", "team-reroll")
    assert [e.kind for e in gazed.events] == ["hypnotic-gaze", "team-reroll"]
    # Offered none, the miss stands and nobody is asked.
    with ScriptedDice([gaze_on - 1]) as dice, ScriptedDecisions([], strict=True) as decisions:
        missed = hypnotic_gaze(core, board, "actor", "target", dice, decisions)
    assert [(e.kind, e.rolls, "rerolled_with" in e.detail) for e in missed.events] == [("hypnotic-gaze", (gaze_on - 1,), False)]


def test_pro_may_roll_a_kick_back_again(core: Ruleset) -> None:
    board = duel(core, "chainsaw", skills={"actor": {"chainsaw": None, "pro": None}})
    kick_back = core.parameters.special_actions.chainsaw.kick_back_at_most
    # A kick-back; Pro's D6 is a 5, so the chainsaw's D6 goes again: it runs; the victim's armour 1+1 holds.
    with ScriptedDice([kick_back, 5, kick_back + 1, 1, 1]) as dice, ScriptedDecisions([("use-skill", True)], strict=True) as decisions:
        sawn = chainsaw_attack(core, board, "actor", "target", dice, decisions)
    saw = next(e for e in sawn.events if e.kind == "chainsaw")
    assert (saw.result, saw.detail["rerolled_with"]) == ("runs", "pro")
    assert sawn.board.player("actor").status is Status.STANDING
    with ScriptedDice([kick_back, 1, 1]) as dice, ScriptedDecisions([], strict=True) as decisions:
        tried = chainsaw_attack(core, board, "actor", "target", dice, decisions, pro=False)
    assert tried.turnover  # Pro spent already in this activation: the kick-back stands


def test_breathe_fire_may_roll_a_backfire_or_nothing_again_but_keeps_a_hit(core: Ruleset) -> None:
    board = duel(core, "breathe-fire")
    rules = core.parameters.special_actions.breathe_fire
    rolls = [rules.nothing_at_most, rules.knock_down_natural, 1, 1]  # nothing, then the top roll: Knocked Down, armour 1+1
    with ScriptedDice(rolls) as dice, ScriptedDecisions([("team-reroll", True)], strict=True) as decisions:
        burnt = breathe_fire(core, board, "actor", "target", dice, decisions, team_reroll=True)
    assert next(e for e in burnt.events if e.kind == "breathe-fire").result == "knocked-down"
    with ScriptedDice([rules.nothing_at_most + 1]) as dice, ScriptedDecisions([], strict=True) as decisions:
        prone = breathe_fire(core, board, "actor", "target", dice, decisions, team_reroll=True)
    assert prone.board.player("target").status is Status.PRONE  # a success: no re-roll is offered


def test_the_acting_team_may_reroll_a_catch_of_the_ball_its_special_action_knocked_loose(core: Ruleset) -> None:
    knocked_down = core.parameters.special_actions.breathe_fire.knock_down_natural
    bounce_east, miss, catch_it = 5, 1, 6
    players = {"actor": ("home", HOME_LINEMAN, ACTOR), "target": ("away", AWAY_LINEMAN, TARGET), "mate": ("home", HOME_LINEMAN, (12, 7))}
    board = build_board(core, players, skills={"actor": {"breathe-fire": None}}, ball="target")
    rolls = [knocked_down, 1, 1, bounce_east, miss, catch_it]  # the Armour Roll holds
    with ScriptedDice(rolls) as dice, ScriptedDecisions([("team-reroll", True)]) as decisions:
        outcome = breathe_fire(core, board, "actor", "target", dice, decisions, team_reroll=1)
    assert outcome.board.ball.carrier == "mate"
    assert [e.kind for e in outcome.events][-2:] == ["catch", "team-reroll"]
    assert not outcome.turnover


def test_a_stab_passes_on_what_pro_and_the_team_rerolls_the_caller_allows_to_the_catch(core: Ruleset) -> None:
    players = {"actor": ("home", HOME_LINEMAN, ACTOR), "target": ("away", AWAY_LINEMAN, TARGET)}
    board = build_board(core, players, skills={"actor": {"stab": None, "pro": None}}, ball="target")
    broken, stunned, west, miss = [6, 6], [2, 2], 4, 1  # the ball bounces from the stunned target onto the stabber
    rolls = [*broken, *stunned, west, miss, west]
    with ScriptedDice(rolls) as dice, ScriptedDecisions([], strict=True) as decisions:
        tried_already = stab(core, board, "actor", "target", dice, decisions, pro=False)
    assert not [e for e in tried_already.events if e.kind == "pro"]
    assert tried_already.board.ball.square == (9, 7)
    with ScriptedDice([*broken, *stunned, west, miss, 6]) as dice, ScriptedDecisions([("team-reroll", True)], strict=True) as decisions:
        rerolled = stab(core, board, "actor", "target", dice, decisions, pro=False, team_reroll=1)
    assert rerolled.board.ball.carrier == "actor"
