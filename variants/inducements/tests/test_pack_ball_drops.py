"""A ball carrier the packs' officials or pots put on the ground drops the ball, as in the core."""

from __future__ import annotations

import pytest
from bbcore_inducement_packs.blasts import throw_pot

import bbcore
from bbcore.dice import DiceScriptError, ScriptedDice
from bbcore.rules.board import Status, build_board
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.foul import foul
from bbcore.rules.sequences import GameState, TeamState
from bbcore.ruleset import Ruleset

LINEMAN = "human/human-lineman"


@pytest.fixture(scope="module")
def bb2020() -> Ruleset:
    return bbcore.load_ruleset(packs=["bb2020"])


def test_a_carrier_splashed_by_the_hot_pot_drops_the_ball(bb2020: Ruleset) -> None:
    board = build_board(
        bb2020,
        {"h": ("home", LINEMAN, (3, 3)), "a": ("away", LINEMAN, (10, 5)), "c": ("away", LINEMAN, (11, 5))},
        ball="c",
    )
    direct_hit, armour_holds, splashed, bounce_right = 6, [1, 1], 4, 5
    with ScriptedDice([direct_hit, *armour_holds, splashed, bounce_right]) as dice:
        blast = throw_pot(bb2020, board, "home", "bb2020/halfling-hot-pot", (10, 5), dice, DefaultDecisions())
    after = blast.outcome.board
    assert after.player("c").status is Status.PRONE
    assert after.ball.carrier is None
    assert after.ball.square == (12, 5)


def test_jorm_knocks_down_a_fouler_with_the_ball_it_bounces_and_it_is_a_turnover(bb2020: Ruleset) -> None:
    players = {"f": ("away", LINEMAN, (10, 5)), "v": ("home", LINEMAN, (9, 5)), "h2": ("home", LINEMAN, (3, 3))}
    board = build_board(bb2020, players, statuses={"v": "prone"}, ball="f")
    home = TeamState("home", "H", "human", 1, inducements={"bb2020/jorm-the-ogre": 1})
    state = GameState(home, TeamState("away", "A", "human", 1), board)
    armour_holds, jorm_sees_it, his_armour_holds, bounce_up_left = [3, 4], 4, [2, 3], 1
    with ScriptedDice([*armour_holds, jorm_sees_it, *his_armour_holds, bounce_up_left]) as dice:
        outcome = foul(bb2020, state, "f", "v", dice)
    assert outcome.state.board.player("f").status is Status.PRONE
    assert outcome.state.board.ball.square == (9, 4)
    assert outcome.turnover


def test_a_kicker_with_kick_keeps_his_short_deviation_under_the_master_of_ballistics(bb2020: Ruleset) -> None:
    from bbcore.rules.board import Square
    from bbcore.rules.drive import kick

    board = build_board(bb2020, {"k": ("home", LINEMAN, (8, 7)), "a": ("away", LINEMAN, (20, 5))}, skills={"k": {"kick": None}})

    class Kicker(DefaultDecisions):
        def kick_off_target(self, team: str, squares: object) -> Square:
            return (19, 7)

    home = TeamState("home", "H", "human", 1, inducements={"bb2020/master-of-ballistics": 1})
    state = GameState(home, TeamState("away", "A", "human", 1), board, kicking_team="home")
    as_usual, right, three = 1, 3, 3
    with ScriptedDice([as_usual, right, three]) as dice:
        _, events = kick(bb2020, state, dice, Kicker())
    deviated = next(e for e in events if e.kind == "kick-deviates")
    assert deviated.detail["distance"] == three
    # The distance die is the Kick's D3: a 6 is no roll of it.
    with pytest.raises(DiceScriptError, match="impossible on a D3"):
        kick(bb2020, state, ScriptedDice([as_usual, right, 6]), Kicker())
