"""The ball: every bounce direction, throw-ins from each edge and corner, catching, picking up, the kick-off and touchbacks."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.rules.ball import bounce, catch, deviate, kick_off, land_ball, pick_up, pick_up_spending, scatter, throw_in, try_to_catch
from bbcore.rules.board import BallState
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.rerolls import RerollBudget, TargetJudge, take_test
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board


def empty(core: Ruleset, **kwargs: Any) -> Any:
    return build_board(core, {"h": ("home", "human/human-lineman", (1, 1)), "a": ("away", "orc/orc-lineman", (24, 13))}, **kwargs)


@pytest.mark.parametrize("roll", range(1, 9))
def test_every_bounce_direction_follows_the_random_direction_table(core: Ruleset, roll: int) -> None:
    row = core.table("random-direction").row_for(roll)
    with ScriptedDice([roll]) as dice:
        outcome = bounce(core, empty(core, ball=(10, 7)), (10, 7), dice, ScriptedDecisions([]))
    assert outcome.board.ball.square == (10 + int(row.values["dx"] or 0), 7 + int(row.values["dy"] or 0))


def test_scatter_three_takes_three_steps(core: Ruleset) -> None:
    with ScriptedDice([5, 5, 7]) as dice:
        path, rolls = scatter(core, (10, 7), 3, dice)
    assert path == [(11, 7), (12, 7), (12, 8)]
    assert rolls == (5, 5, 7)


def test_deviate_moves_d6_squares_in_a_d8_direction(core: Ruleset) -> None:
    with ScriptedDice([2, 4]) as dice:
        assert deviate(core, (18, 7), dice)[0] == (18, 3)


def test_a_bounce_onto_a_standing_player_is_a_catch_at_minus_one(core: Ruleset) -> None:
    board = build_board(core, {"c": ("home", "human/human-catcher", (11, 7))}, ball=(10, 7))
    ag = board.player("c").ag
    with ScriptedDice([5, ag + 1]) as dice:
        outcome = bounce(core, board, (10, 7), dice, ScriptedDecisions([]))
    assert outcome.board.ball.carrier == "c"
    assert next(e for e in outcome.events if e.kind == "catch").detail["modifier"] == -1


def test_a_failed_catch_bounces_again(core: Ruleset) -> None:
    board = build_board(core, {"l": ("home", "human/human-lineman", (11, 7))}, ball=(10, 7))
    with ScriptedDice([5, 1, 5]) as dice:
        outcome = bounce(core, board, (10, 7), dice, ScriptedDecisions([]))
    assert outcome.board.ball == BallState(square=(12, 7))


def test_the_catch_skill_rerolls_a_miss(core: Ruleset) -> None:
    board = build_board(core, {"c": ("home", "human/human-catcher", (10, 7))}, ball=(10, 7))
    assert board.player("c").has("catch")
    with ScriptedDice([1, 6]) as dice:
        assert catch(core, board, "c", dice, ScriptedDecisions([])).board.ball.carrier == "c"


def test_markers_make_catching_harder_unless_nerves_of_steel(core: Ruleset) -> None:
    players = {
        "l": ("home", "human/human-lineman", (10, 7)),
        "o1": ("away", "orc/orc-lineman", (11, 7)),
        "o2": ("away", "orc/orc-lineman", (9, 7)),
    }
    with ScriptedDice([4, 3]) as dice:
        outcome = catch(core, build_board(core, players, ball=(10, 7)), "l", dice, ScriptedDecisions([]))
    assert outcome.events[0].detail["modifier"] == -2
    with ScriptedDice([4]) as dice:
        calm = catch(
            core, build_board(core, players, ball=(10, 7), skills={"l": {"nerves-of-steel": None}}), "l", dice, ScriptedDecisions([])
        )
    assert calm.board.ball.carrier == "l"


def test_a_prone_player_cannot_catch(core: Ruleset) -> None:
    board = build_board(core, {"l": ("home", "human/human-lineman", (10, 7))}, ball=(10, 7), statuses={"l": "prone"})
    with ScriptedDice([2]) as dice:
        outcome = catch(core, board, "l", dice, ScriptedDecisions([]))
    assert outcome.events[0].result == "cannot-catch"
    assert outcome.board.ball.square == (10, 6)


@pytest.mark.parametrize(("roll", "picked"), [(2, False), (3, True)])
def test_picking_up_is_an_agility_test_and_a_miss_is_a_turnover(core: Ruleset, roll: int, picked: bool) -> None:
    board = build_board(core, {"l": ("home", "human/human-lineman", (10, 7))}, ball=(10, 7))
    script = [roll] if picked else [roll, 2]
    with ScriptedDice(script) as dice:
        outcome = pick_up(core, board, "l", dice, ScriptedDecisions([]))
    assert (outcome.board.ball.carrier == "l") is picked
    assert outcome.turnover is not picked


def test_sure_hands_and_big_hand(core: Ruleset) -> None:
    players = {"t": ("home", "human/human-thrower", (10, 7)), "o": ("away", "orc/orc-lineman", (11, 7))}
    with ScriptedDice([1, 4]) as dice:
        assert pick_up(core, build_board(core, players, ball=(10, 7)), "t", dice, ScriptedDecisions([])).board.ball.carrier == "t"
    with ScriptedDice([3]) as dice:
        board = build_board(core, players, ball=(10, 7), skills={"t": {"big-hand": None}})
        assert pick_up(core, board, "t", dice, ScriptedDecisions([])).board.ball.carrier == "t"


def test_sure_hands_re_rolls_every_pick_up_and_dodge_only_once_a_turn(core: Ruleset) -> None:
    players = {"t": ("home", "human/human-thrower", (10, 7))}
    board = build_board(core, players, ball=(10, 7), skills={"t": {"dodge": None}})
    budget = RerollBudget()
    for _ in range(2):
        with ScriptedDice([1, 6]) as dice:
            outcome, budget = pick_up_spending(core, board, "t", dice, DefaultDecisions(), budget)
        assert outcome.board.ball.carrier == "t"
    assert budget.spent == frozenset()
    player = board.player("t")
    dodge = TargetJudge(player.ag, 0, "passed", "failed")
    with ScriptedDice([1, 6]) as dice:
        _, after_dodge = take_test(player, "dodge", dodge, dice, DefaultDecisions(), budget, skill="dodge")
    assert after_dodge.spent == frozenset({"dodge"})


@pytest.mark.parametrize(
    ("last", "off", "rolls", "expected"),
    [
        ((10, 0), (10, -1), [3, 2, 2], (10, 3)),  # top sideline, straight in: 4 squares counting the edge one
        ((10, 14), (10, 15), [3, 1, 1], (10, 13)),  # bottom sideline
        ((0, 7), (-1, 7), [3, 3, 3], (5, 7)),  # home end line
        ((25, 7), (26, 7), [1, 2, 1], (23, 9)),  # away end line, diagonal left of the facing
    ],
)
def test_throw_ins_from_each_edge(
    core: Ruleset, last: tuple[int, int], off: tuple[int, int], rolls: list[int], expected: tuple[int, int]
) -> None:
    script = [*rolls, 4]  # the ball comes down on an empty square and bounces (4: left)
    with ScriptedDice(script) as dice:
        outcome = throw_in(core, empty(core), last, off, dice, ScriptedDecisions([]))
    thrown = next(e for e in outcome.events if e.kind == "throw-in")
    assert tuple(thrown.detail["to"]) == expected


def test_a_corner_throw_in_uses_the_corner_die(core: Ruleset) -> None:
    with ScriptedDice([1, 1, 2, 5]) as dice:
        outcome = throw_in(core, empty(core), (0, 0), (-1, -1), dice, ScriptedDecisions([]))
    thrown = next(e for e in outcome.events if e.kind == "throw-in")
    assert tuple(thrown.detail["to"]) == (2, 2)


def test_a_throw_in_that_leaves_again_is_thrown_in_again(core: Ruleset) -> None:
    with ScriptedDice([5, 6, 6, 3, 1, 1, 4]) as dice:
        outcome = throw_in(core, empty(core), (10, 0), (10, -1), dice, ScriptedDecisions([]))
    assert [e.result for e in outcome.events if e.kind == "throw-in"] == ["out-again", "thrown-in"]


def test_a_kick_that_lands_in_the_receiving_half_bounces(core: Ruleset) -> None:
    board = empty(core)
    with ScriptedDice([4, 2, 5]) as dice:
        outcome = kick_off(core, board, (6, 7), dice, ScriptedDecisions([]), receiving_team="home")
    assert outcome.board.ball.square == (5, 7)


@pytest.mark.parametrize(("target", "rolls"), [((12, 7), [5, 3]), ((3, 0), [2, 2])])
def test_a_kick_out_of_the_receiving_half_is_a_touchback(core: Ruleset, target: tuple[int, int], rolls: list[int]) -> None:
    with ScriptedDice(rolls) as dice, ScriptedDecisions([("touchback", "h")]) as decisions:
        outcome = kick_off(core, empty(core), target, dice, decisions, receiving_team="home")
    assert outcome.board.ball.carrier == "h"
    assert outcome.events[-1].kind == "touchback"


def test_a_kicked_ball_that_bounces_off_the_pitch_is_a_touchback_not_a_throw_in(core: Ruleset) -> None:
    # Aimed at (6, 0), deviated one square right to (7, 0) in the receiving half; the bounce (2: up) leaves the pitch.
    with ScriptedDice([5, 1, 2]) as dice, ScriptedDecisions([("touchback", "h")]) as decisions:
        outcome = kick_off(core, empty(core), (6, 0), dice, decisions, receiving_team="home")
    assert outcome.board.ball.carrier == "h"
    assert "throw-in" not in [e.kind for e in outcome.events]
    assert outcome.events[-1].kind == "touchback"


def test_a_kicked_ball_a_diver_drops_off_the_pitch_is_a_touchback(core: Ruleset) -> None:
    from bbcore.rules.decisions import DefaultDecisions

    class Diving(DefaultDecisions):
        def use_skill(self, player_id: str, skill: str, reason: str) -> bool:
            return True

    board = build_board(
        core,
        {
            "h": ("home", "human/human-lineman", (3, 5)),
            "d": ("home", "human/human-catcher", (8, 0)),
            "a": ("away", "orc/orc-lineman", (24, 13)),
        },
        skills={"d": {"diving-catch": None}},
    )
    # Deviated to (7, 0); the diver at (8, 0) drops it twice (Catch's re-roll); the bounce (2: up) leaves the pitch.
    with ScriptedDice([5, 1, 1, 1, 2]) as dice:
        outcome = kick_off(core, board, (6, 0), dice, Diving(), receiving_team="home")
    assert "throw-in" not in [e.kind for e in outcome.events]
    assert outcome.events[-1].kind == "touchback"


def test_a_touchback_with_nobody_standing_lets_the_coach_place_the_ball_in_his_half(core: Ruleset) -> None:
    from bbcore.rules.ball import touchback
    from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError

    board = empty(core, statuses={"h": "prone"})
    placed = touchback(board, "home", ScriptedDecisions([("touchback-square", (8, 4))]))
    assert (placed.board.ball.square, placed.events[-1].result) == ((8, 4), "placed")
    # Unasked, the ball goes on the first free square of the team's own end line.
    assert touchback(board, "home", DefaultDecisions()).board.ball.square == (0, 0)
    with pytest.raises(IllegalAnswerError, match="touchback-square"):
        touchback(board, "home", ScriptedDecisions([("touchback-square", (20, 4))]))  # the other half
    with pytest.raises(IllegalAnswerError, match="touchback-square"):
        touchback(board, "home", ScriptedDecisions([("touchback-square", (1, 1))]))  # taken by the prone player


def test_a_kicked_ball_can_be_caught_where_it_lands(core: Ruleset) -> None:
    board = build_board(core, {"c": ("home", "human/human-catcher", (5, 7)), "a": ("away", "orc/orc-lineman", (20, 7))})
    with ScriptedDice([4, 1, 3]) as dice:
        outcome = kick_off(core, board, (6, 7), dice, ScriptedDecisions([]), receiving_team="home")
    assert outcome.board.ball.carrier == "c"


class Walls:
    """A test variant: the ball rebounds from the sidelines and bounces twice when it lands."""

    @bbcore.hookimpl
    def bbcore_ball_leaves_pitch(self, ruleset: Any, board: Any, last_square: Any, off_square: Any, cause: str) -> str | None:
        return "rebound" if board.geometry.edge_beyond(off_square) == "sideline" else None

    @bbcore.hookimpl
    def bbcore_ball_bounces_on_landing(self, ruleset: Any, board: Any, square: Any, cause: str) -> int:
        return 2


def test_hooks_decide_bounces_and_what_is_past_the_edge(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("walls", Walls())], entry_points=False)
    with ScriptedDice([5, 5]) as dice:
        outcome = land_ball(rules, empty(rules), (10, 7), dice, ScriptedDecisions([]), cause="pass")
    assert outcome.board.ball.square == (12, 7)
    # Up off the top sideline (2); the wall sends it back by the template (1: diagonally, to the facing's left).
    with ScriptedDice([2, 1]) as dice:
        wall = bounce(rules, empty(rules, ball=(10, 0)), (10, 0), dice, ScriptedDecisions([]), times=1)
    rebound = next(e for e in wall.events if e.kind == "rebound")
    assert (rebound.detail["from"], rebound.detail["to"]) == ([10, -1], [11, 0])
    assert wall.board.ball.square == (11, 0)


def test_a_dropped_ball_bounces_as_often_as_the_hook_says(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("walls", Walls())], entry_points=False)
    board = build_board(rules, {"l": ("home", "human/human-lineman", (10, 7))}, ball=(10, 7))
    with ScriptedDice([1, 5, 5]) as dice:  # the pick-up fails; the ball bounces twice to the right
        outcome = pick_up(rules, board, "l", dice, ScriptedDecisions([]))
    assert outcome.board.ball.square == (12, 7)
    assert [e.kind for e in outcome.events].count("bounce") == 2


def test_a_kick_off_the_sideline_rebounds_where_walls_stand(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("walls", Walls())], entry_points=False)
    # Aimed at (5, 2); D8 2 (up), D6 4: the flight crosses the top sideline; the wall sends it back
    # (3: straight in) to (5, 0) in the receiving half, where it rests.
    with ScriptedDice([2, 4, 3]) as dice:
        outcome = kick_off(rules, empty(rules), (5, 2), dice, ScriptedDecisions([]), receiving_team="home")
    assert outcome.board.ball.square == (5, 0)
    assert not any(e.kind == "touchback" for e in outcome.events)


class Chute:
    """A test variant: a ball on a feature comes out at (12, 7), landing there as from the air; it notes where balls came from."""

    def __init__(self) -> None:
        self.origins: list[Any] = []

    @bbcore.hookimpl
    def bbcore_ball_reentry(self, ruleset: Any, board: Any, square: Any, dice: Any, origin: Any) -> Any:
        from bbcore.rules.ball import BallReentry

        self.origins.append(origin)
        return BallReentry((12, 7), lands=True)


def chute_board(rules: Ruleset, **players: Any) -> Any:
    import attrs

    from bbcore.model.pitch import Area, Feature, FeatureType
    from bbcore.rules.board import Board

    chute = FeatureType("chute", "Chute", "squares", "Takes the ball.", ball_lands="re-enters", traps_players=True)
    pitch = attrs.evolve(rules.pitch, feature_types=(chute,), features=(Feature("chute", area=Area(11, 7, 1, 1)),))
    placed = build_board(rules, {"h": ("home", "human/human-lineman", (1, 1)), **players})
    return Board.build(pitch, placed.players.values(), BallState(square=(10, 7)))


def test_a_ball_coming_down_on_a_feature_from_the_air_asks_where_it_re_enters(make_ruleset: Any) -> None:
    chute = Chute()
    rules = make_ruleset(plugins=[("chute", chute)], entry_points=False)
    board = chute_board(rules, c=("home", "human/human-catcher", (12, 7)))
    with ScriptedDice([6]) as dice:  # it lands by the catcher, who catches it
        outcome = land_ball(rules, board, (11, 7), dice, ScriptedDecisions([]), cause="pass")
    assert chute.origins == [None]
    assert outcome.board.ball.carrier == "c"


def test_a_feature_takes_a_bouncing_ball_before_anyone_inside_it(make_ruleset: Any) -> None:
    chute = Chute()
    rules = make_ruleset(plugins=[("chute", chute)], entry_points=False)
    board = chute_board(rules, t=("away", "orc/orc-lineman", (11, 7)))
    with ScriptedDice([5, 5]) as dice:  # right into the chute: no catch for t; it lands at (12, 7) and bounces right
        outcome = bounce(rules, board, (10, 7), dice, ScriptedDecisions([]))
    assert chute.origins == [(10, 7)]
    assert not any(e.kind == "catch" for e in outcome.events)
    assert outcome.board.ball.square == (13, 7)


@pytest.mark.parametrize(("status", "distracted"), [("standing", True), ("prone", False)])
def test_a_lone_catching_roll_fails_without_a_roll_for_a_player_who_cannot_catch(core: Ruleset, status: str, distracted: bool) -> None:
    board = build_board(core, {"p": ("home", "human/human-lineman", (10, 7))}, statuses={"p": status})
    if distracted:
        board = board.with_player(attrs.evolve(board.player("p"), tackle_zone=False))
    with ScriptedDice([]) as dice:
        caught, event = try_to_catch(core, board, "p", dice, situation="accurate_pass")
    assert not caught
    assert (event.result, event.rolls, event.detail["status"]) == ("cannot-catch", (), "distracted" if distracted else status)
