"""Gutter Bowl's pitch: walls, barricades, sewer pits, cobblestones, the ball and thrown team-mates.

Pitch layout used below (both pitches, home half): the two 6 x 4 features fill
x 4-9, y 2-5 and x 4-9, y 9-12; a barricade runs between x 10 and x 11 for y 0-2 and
y 12-14; the sidelines (y -1 and y 15) are walls, the end lines the crowd. Every test
would fail with the rule missing: the core's answer is named in each.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from bbcore_gutterbowl.features import check_kick_target, kick_target_allowed
from bbcore_gutterbowl.staff import SAWBONES
from bbcore_gutterbowl.variant_rules import variant_rules

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.ball import bounce, kick_off, land_ball
from bbcore.rules.block import apply_block_face
from bbcore.rules.board import BallState, Board, Square, Status
from bbcore.rules.decisions import DecisionScriptError, DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, roll_armour
from bbcore.rules.push import push
from bbcore.rules.sequences import chain_board_hook
from bbcore.rules.ttm import throw_team_mate
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"  # AV 9 and AV 10
OGRE, HALFLING = "human/ogre", "human/halfling-hopeful"
# Random direction D8 faces: 1 up-left, 2 up, 3 up-right, 4 left, 5 right, 6 down-left, 7 down, 8 down-right.
UP_LEFT, UP, UP_RIGHT, LEFT, RIGHT, DOWN_LEFT, DOWN, DOWN_RIGHT = range(1, 9)
# Throw-in template D6: 1-2 ahead-left, 3-4 straight ahead, 5-6 ahead-right.
AHEAD_LEFT, AHEAD, AHEAD_RIGHT = 1, 3, 5
HELD = [1, 1]  # an armour roll that breaks nobody's armour


@pytest.fixture(scope="module")
def street() -> Ruleset:
    return bbcore.load_ruleset("gutterbowl", options={"pitch": "street"})


@pytest.fixture(scope="module")
def sewer() -> Ruleset:
    return bbcore.load_ruleset("gutterbowl", options={"pitch": "sewer"})


@pytest.fixture(scope="module")
def core() -> Ruleset:
    return bbcore.load_ruleset()


def board(rules: Ruleset, players: Mapping[str, tuple[str, str, Square]], **options: Any) -> Board:
    if not players:
        return Board.build(rules.pitch, (), BallState(square=options.get("ball")))
    return build_board(rules, players, **options)


def pushed(rules: Ruleset, on: Board, away_from: Square, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = ()) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, fallback=DefaultDecisions()) as decisions:
        return push(rules, on, "d", away_from, dice, decisions, chooser="home").outcome


def block(rules: Ruleset, on: Board, face: str, rolls: Iterable[int]) -> Outcome:
    with ScriptedDice(rolls) as dice:
        return apply_block_face(rules, on, "a", "d", face, dice, ScriptedDecisions([], fallback=DefaultDecisions()))


def events(outcome: Outcome, kind: str) -> list[Event]:
    return [e for e in outcome.events if e.kind == kind]


# -- Pushed into a wall -------------------------------------------------------------------


def against_the_top_sideline(rules: Ruleset) -> Board:
    return board(rules, {"a": ("home", HUMAN, (12, 1)), "d": ("away", ORC, (12, 0))})


def test_pushed_into_the_sideline_wall_stays_standing_on_one_to_three(street: Ruleset) -> None:
    outcome = pushed(street, against_the_top_sideline(street), (12, 1), [3])
    defender = outcome.board.player("d")
    assert (defender.square, defender.status) == ((12, 0), Status.STANDING)  # the core: into the crowd
    assert events(outcome, "push")[0].result == "kept-footing"


def test_pushed_into_the_sideline_wall_falls_over_on_four_and_takes_an_armour_roll(street: Ruleset) -> None:
    outcome = pushed(street, against_the_top_sideline(street), (12, 1), [variant_rules(street).wall_push.fall_on, *HELD])
    defender = outcome.board.player("d")
    assert (defender.square, defender.status) == ((12, 0), Status.PRONE)
    assert events(outcome, "push")[0].result == "fell"
    assert len(events(outcome, "armour")) == 1


def test_a_pow_into_the_wall_knocks_down_without_the_d6(street: Ruleset) -> None:
    outcome = block(street, against_the_top_sideline(street), "pow", HELD)  # no D6: only the armour roll
    defender = outcome.board.player("d")
    assert (defender.square, defender.status) == ((12, 0), Status.PRONE)
    assert events(outcome, "knocked-down")[0].detail["cause"] == "block"


def test_a_wall_beats_a_chain_push_into_team_mates(street: Ruleset) -> None:
    # Pushed left from (10, 6): (9, 6) and (9, 7) are taken, (9, 5) is a market stall.
    players = {"a": ("home", HUMAN, (11, 6)), "d": ("away", ORC, (10, 6)), "x": ("away", ORC, (9, 6)), "y": ("away", ORC, (9, 7))}
    outcome = pushed(street, board(street, players), (11, 6), [2])  # the core: a chain push
    after = outcome.board
    assert [after.player(p).square for p in ("d", "x", "y")] == [(10, 6), (9, 6), (9, 7)]
    assert events(outcome, "push")[0].detail["label"] == "market-stall"


def test_a_market_stall_is_a_wall(street: Ruleset) -> None:
    players = {"a": ("home", HUMAN, (11, 3)), "d": ("away", ORC, (10, 3))}
    outcome = pushed(street, board(street, players), (11, 3), [6, *HELD])  # the core: stays, no roll
    assert outcome.board.player("d").status is Status.PRONE


def test_a_barricade_stops_a_push_and_counts_as_a_wall(street: Ruleset) -> None:
    # (11, 1) has the barricade on its left: the three squares behind are all across it.
    players = {"a": ("home", HUMAN, (12, 1)), "d": ("away", ORC, (11, 1))}
    outcome = pushed(street, board(street, players), (12, 1), [5, *HELD])  # the core: pushed across it
    defender = outcome.board.player("d")
    assert (defender.square, defender.status) == ((11, 1), Status.PRONE)
    assert events(outcome, "push")[0].detail["label"] == "barricade"


def test_past_an_end_line_is_still_the_crowd(street: Ruleset) -> None:
    players = {"a": ("home", HUMAN, (1, 7)), "d": ("away", ORC, (0, 7))}
    outcome = pushed(street, board(street, players), (1, 7), [3, 3])  # the injury roll by the crowd
    assert outcome.board.player("d").square is None


# -- Sewer pits -----------------------------------------------------------------------------


def test_pushed_into_a_pit_when_no_square_is_free_even_with_team_mates_behind(sewer: Ruleset) -> None:
    players = {"a": ("home", HUMAN, (11, 6)), "d": ("away", ORC, (10, 6)), "x": ("away", ORC, (9, 6)), "y": ("away", ORC, (9, 7))}
    outcome = pushed(sewer, board(sewer, players), (11, 6), [])  # the core: a chain push
    after = outcome.board
    assert after.player("d").square == (9, 5)
    assert after.trapped(after.player("d"))
    assert not after.in_play(after.player("d"))


def test_the_pushing_coach_picks_the_pit_square_among_the_free_ones(sewer: Ruleset) -> None:
    players = {"a": ("home", HUMAN, (11, 3)), "d": ("away", ORC, (10, 3))}  # (9, 2), (9, 3) and (9, 4) are pit squares
    outcome = pushed(sewer, board(sewer, players), (11, 3), [], [("push-square", (9, 4))])  # the core: always (9, 3)
    assert outcome.board.player("d").square == (9, 4)

    class OutOfThePit(DefaultDecisions):
        def push_square(self, team: str, squares: Any) -> Square:
            return (9, 5)

    with pytest.raises(UsageError, match="push-square"):
        push(sewer, board(sewer, players), "d", (11, 3), ScriptedDice([]), OutOfThePit(), chooser="home")
    # With one free pit square there is nothing to choose (a scripted answer would be left unused).
    taken = {**players, "p": ("away", ORC, (9, 2)), "q": ("away", ORC, (9, 3))}
    assert pushed(sewer, board(sewer, taken), (11, 3), []).board.player("d").square == (9, 4)


def test_a_second_player_in_an_occupied_pit_square_is_placed_by_d8_rerolling_impossible_squares(sewer: Ruleset) -> None:
    players = {"a": ("home", HUMAN, (11, 3)), "d": ("away", ORC, (10, 3))}
    players |= {p: ("away", ORC, (9, y)) for p, y in (("p", 2), ("q", 3), ("r", 4))}  # all three pit squares taken
    # D8 right from (9, 3) is (10, 3), out of the pit: rolled again; left is (8, 3), free in the pit.
    outcome = pushed(sewer, board(sewer, players), (11, 3), [RIGHT, LEFT])  # the core: on top of q
    assert outcome.board.player("d").square == (8, 3)


def test_a_pow_with_team_mates_behind_sends_the_player_down_into_the_pit(sewer: Ruleset) -> None:
    players = {"a": ("home", HUMAN, (11, 6)), "d": ("away", ORC, (10, 6)), "x": ("away", ORC, (9, 6)), "y": ("away", ORC, (9, 7))}
    outcome = block(sewer, board(sewer, players), "pow", HELD)  # the core: a chain push
    defender = outcome.board.player("d")
    assert (defender.square, defender.status) == ((9, 5), Status.PRONE)


def test_a_ball_carrier_pushed_into_a_pit_loses_the_ball_which_comes_back_out(sewer: Ruleset) -> None:
    players = {"a": ("home", HUMAN, (11, 3)), "d": ("away", ORC, (10, 3))}
    # Into (9, 3); the ball: D8 up from (9, 3) runs to (9, 1), lands, bounces right twice.
    outcome = pushed(sewer, board(sewer, players, ball="d"), (11, 3), [UP, RIGHT, RIGHT])
    assert outcome.board.player("d").square == (9, 3)
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (11, 1)


def creature(
    rules: Ruleset, on: Board, team: str, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = ()
) -> tuple[Board, tuple[Event, ...]]:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return chain_board_hook(
            rules,
            "bbcore_turn_end_effects",
            on,
            team=team,
            dice=dice,
            weather=None,
            drive_effects=frozenset(),
            decisions=decisions,
            stalling=frozenset(),
        )


def in_the_pit(rules: Ruleset, **others: tuple[str, str, Square]) -> Board:
    return board(rules, {"s": ("home", HUMAN, (9, 3)), "o": ("away", ORC, (8, 3)), **others})


def test_the_creature_takes_a_player_on_a_one_with_a_casualty_roll(sewer: Ruleset) -> None:
    after, found = creature(sewer, in_the_pit(sewer), "home", [1, 1])  # the creature's 1, then the D16
    assert after.player("s").status is Status.CASUALTY
    assert [e.kind for e in found][:2] == ["pit-creature", "casualty"]
    assert after.player("o").status is Status.STANDING  # only the active team's players roll


def test_the_coach_may_call_the_sawbones_for_a_player_the_creature_takes(sewer: Ruleset) -> None:
    # The creature's 1, the D16 (Dead), the Sawbones 2+, then his second roll: Badly Hurt.
    after, found = creature(sewer, in_the_pit(sewer), "home", [1, 16, 2, 4], [("casualty-treatment", SAWBONES)])
    assert after.player("s").status is Status.RESERVES
    treated = next(e for e in found if e.kind == "casualty-treatment")
    assert treated.detail["results"] == ["dead", "badly-hurt"]


def test_the_player_stays_in_the_pit_on_two_or_three(sewer: Ruleset) -> None:
    after, _ = creature(sewer, in_the_pit(sewer), "home", [3])
    assert after.player("s").square == (9, 3)


def test_on_four_the_player_is_put_back_standing_the_nearest_square_out(sewer: Ruleset) -> None:
    start = board(sewer, {"s": ("home", HUMAN, (7, 3))}, statuses={"s": "prone"})
    # D8 up from (7, 3): (7, 2) is still the pit, (7, 1) is out.
    after, _ = creature(sewer, start, "home", [4, UP])
    player = after.player("s")
    assert (player.square, player.status) == ((7, 1), Status.STANDING)
    assert not after.trapped(player)


def test_someone_in_the_way_is_pushed_away_from_the_returning_player(sewer: Ruleset) -> None:
    start = in_the_pit(sewer, x=("away", ORC, (10, 3)))
    after, found = creature(sewer, start, "home", [6, RIGHT])
    assert after.player("s").square == (10, 3)
    assert after.player("x").square is not None
    assert after.player("x").square[0] == 11
    assert any(e.kind == "push" and e.who == "x" for e in found)


# -- Cobblestones ---------------------------------------------------------------------------


@pytest.mark.parametrize("cause", ["block", "fall", "landing", "wall"])
def test_hard_landings_add_one_to_the_armour_roll(street: Ruleset, core: Ruleset, cause: str) -> None:
    from bbcore.rules.injury import knock_down

    # Knocked down, 4 + 4 = 8 against AV 9: held in the core, broken on the cobbles (then an injury of 1 + 1).
    results = []
    for rules in (core, street):
        outcome = knock_down(rules, board(rules, {"d": ("away", HUMAN, (5, 7))}), "d", Harm(cause), ScriptedDice([4, 4, 1, 1]))
        armour = next(e for e in outcome.events if e.kind == "armour")
        results.append((armour.result, armour.detail["total"]))
    assert results == [("held", 8), ("broken", 8 + variant_rules(street).hard_landing_armour_modifier)]


@pytest.mark.parametrize("cause", ["foul", "chainsaw", "falling-roof-tiles", "throw-bomb", "block"])
def test_no_hard_landing_without_a_fall(street: Ruleset, cause: str) -> None:
    on_the_cobbles = board(street, {"d": ("away", HUMAN, (5, 7))})
    with ScriptedDice([4, 4]) as dice:  # 8 against AV 9: only the cobbles' +1 would break it
        broken, _, _ = roll_armour(street, on_the_cobbles, "d", Harm(cause), dice)
    assert not broken
    with ScriptedDice([4, 4]) as dice:
        broken, _, _ = roll_armour(street, on_the_cobbles, "d", Harm(cause, fell=True), dice)
    assert broken


def test_the_ball_bounces_twice_on_the_cobbles(street: Ruleset) -> None:
    with ScriptedDice([RIGHT, RIGHT]) as dice:  # the core: one bounce, (13, 7)
        outcome = land_ball(street, board(street, {}), (12, 7), dice, DefaultDecisions(), cause="pass")
    assert outcome.board.ball.square == (14, 7)


# -- The ball and the walls -----------------------------------------------------------------


def test_a_ball_bouncing_over_the_sideline_comes_back_off_the_wall(street: Ruleset) -> None:
    with ScriptedDice([UP, AHEAD]) as dice:  # the core: a throw-in, with its distance roll
        outcome = bounce(street, board(street, {}, ball=(12, 0)), (12, 0), dice, DefaultDecisions(), times=1)
    assert events(outcome, "rebound")
    assert outcome.board.ball.square == (12, 0)


def test_a_ball_over_an_end_line_is_thrown_in_by_the_crowd(street: Ruleset) -> None:
    # Template straight in, 2D6 = 2 squares counting the edge square: (1, 7); then two bounces right.
    with ScriptedDice([LEFT, AHEAD, 1, 1, RIGHT, RIGHT]) as dice:
        outcome = bounce(street, board(street, {}, ball=(0, 7)), (0, 7), dice, DefaultDecisions(), times=1)
    assert events(outcome, "throw-in")
    assert not events(outcome, "rebound")
    assert outcome.board.ball.square == (3, 7)


def test_a_kick_off_the_sideline_rebounds_and_is_no_touchback(street: Ruleset) -> None:
    # Aimed at (3, 1): D8 up, D6 3 carries it over the top sideline; the wall sends it straight back.
    with ScriptedDice([UP, 3, AHEAD]) as dice:
        outcome = kick_off(street, board(street, {}), (3, 1), dice, DefaultDecisions(), receiving_team="home")
    assert not events(outcome, "touchback")
    assert outcome.board.ball.square == (3, 0)


def test_a_kick_that_bounces_into_the_sideline_rebounds_and_is_no_touchback(street: Ruleset) -> None:
    # Aimed at (3, 1), deviated right to (4, 1); on the cobbles it bounces twice: up to (4, 0), then up into the wall,
    # which sends it straight back to (4, 0). Only an end line or the kicking half makes a touchback.
    with ScriptedDice([RIGHT, 1, UP, UP, AHEAD]) as dice:
        outcome = kick_off(street, board(street, {}), (3, 1), dice, DefaultDecisions(), receiving_team="home")
    assert events(outcome, "rebound")
    assert not events(outcome, "touchback")
    assert outcome.board.ball.square == (4, 0)


def test_a_touchback_goes_to_nobody_lying_in_a_sewer_pit(sewer: Ruleset) -> None:
    # "a" was pushed into the pit at (9, 3); the kick, aimed at (3, 7), deviates six squares left over the end line.
    players = {"a": ("home", "human/human-lineman", (9, 3)), "b": ("home", "human/human-lineman", (11, 7))}
    with (
        ScriptedDice([LEFT, 6]) as dice,
        ScriptedDecisions([("touchback", "a")]) as decisions,
        pytest.raises(DecisionScriptError, match="is not among \\['b'\\]"),
    ):
        kick_off(sewer, board(sewer, players), (3, 7), dice, decisions, receiving_team="home")
    with ScriptedDice([LEFT, 6]) as dice:
        outcome = kick_off(sewer, board(sewer, players), (3, 7), dice, DefaultDecisions(), receiving_team="home")
    assert outcome.board.ball.carrier == "b"


def test_a_ball_rolling_into_a_market_stall_comes_back_by_the_throw_in_template(street: Ruleset) -> None:
    # From (3, 3) right into the stall at (4, 3): the template faces back left; ahead-left is (3, 4).
    with ScriptedDice([RIGHT, AHEAD_LEFT]) as dice:  # the core: bounces again from inside the stall
        outcome = bounce(street, board(street, {}, ball=(3, 3)), (3, 3), dice, DefaultDecisions(), times=1)
    assert outcome.board.ball.square == (3, 4)


def test_a_ball_rolling_diagonally_along_a_stall_side_comes_off_that_side(street: Ruleset) -> None:
    # (3, 3) down-right into (4, 4): the stall also fills (4, 3), so the side faces left; straight ahead is (3, 4).
    with ScriptedDice([DOWN_RIGHT, AHEAD]) as dice:
        outcome = bounce(street, board(street, {}, ball=(3, 3)), (3, 3), dice, DefaultDecisions(), times=1)
    assert outcome.board.ball.square == (3, 4)


@pytest.mark.parametrize(("face", "square"), [(AHEAD, (3, 1)), (AHEAD_LEFT, (3, 2)), (AHEAD_RIGHT, (4, 1))])
def test_a_ball_hitting_a_stall_corner_comes_back_the_way_it_came(street: Ruleset, face: int, square: Square) -> None:
    # (3, 1) down-right onto the stall's corner (4, 2), with (4, 1) and (3, 2) open.
    with ScriptedDice([DOWN_RIGHT, face]) as dice:
        outcome = bounce(street, board(street, {}, ball=(3, 1)), (3, 1), dice, DefaultDecisions(), times=1)
    assert outcome.board.ball.square == square


def test_a_ball_coming_down_on_a_stall_goes_the_nearest_way_out_and_lands_there(street: Ruleset) -> None:
    # On (6, 3): D8 up, (6, 2) is still the stall, (6, 1) is out; it lands and bounces twice.
    with ScriptedDice([UP, RIGHT, RIGHT]) as dice:  # the core: bounces from the stall square
        outcome = land_ball(street, board(street, {}), (6, 3), dice, DefaultDecisions(), cause="pass")
    reentered = events(outcome, "ball-reenters")[0]
    assert reentered.detail["square"] == [6, 1]
    assert outcome.board.ball.square == (8, 1)


def test_a_re_entering_ball_can_be_caught_where_it_lands(street: Ruleset) -> None:
    catcher = board(street, {"c": ("home", HUMAN, (6, 1))})
    with ScriptedDice([UP, 6]) as dice:
        outcome = land_ball(street, catcher, (6, 3), dice, DefaultDecisions(), cause="kick-off")
    assert outcome.board.ball.carrier == "c"


def test_a_ball_bouncing_into_a_pit_comes_back_out_by_d8(sewer: Ruleset) -> None:
    # From (3, 3) right into the pit at (4, 3); D8 up-right from there: (5, 2) is pit, (6, 1) is out.
    with ScriptedDice([RIGHT, UP_RIGHT, RIGHT, RIGHT]) as dice:  # the core: bounces on inside the pit
        outcome = bounce(sewer, board(sewer, {}, ball=(3, 3)), (3, 3), dice, DefaultDecisions(), times=1)
    assert events(outcome, "ball-reenters")[0].detail["square"] == [6, 1]
    assert outcome.board.ball.square == (8, 1)


def test_nobody_in_a_pit_catches_a_ball_falling_into_it(sewer: Ruleset) -> None:
    trapped = board(sewer, {"s": ("home", HUMAN, (4, 3))}, ball=(3, 3))
    # Right into (4, 3), where s is trapped: no catch; out by D8 left to (3, 3), then up twice.
    with ScriptedDice([RIGHT, LEFT, UP, UP]) as dice:
        outcome = bounce(sewer, trapped, (3, 3), dice, DefaultDecisions(), times=1)
    assert not events(outcome, "catch")
    assert outcome.board.ball.square == (3, 1)


def test_a_kick_may_not_be_aimed_at_a_stall_or_a_pit(street: Ruleset, sewer: Ruleset) -> None:
    for rules in (street, sewer):
        empty = board(rules, {})
        assert kick_target_allowed(empty, (6, 6))
        assert not kick_target_allowed(empty, (6, 3))
        with pytest.raises(UsageError, match="cannot be chosen"):
            check_kick_target(empty, (20, 10))


# -- Thrown team-mates ----------------------------------------------------------------------


def throw(rules: Ruleset, on: Board, target: Square, rolls: Iterable[int]) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions([], fallback=DefaultDecisions()) as decisions:
        return throw_team_mate(rules, on, "t", "h", target, dice, decisions)


def thrower(rules: Ruleset, at: Square, beside: Square, **options: Any) -> Board:
    players = {"t": ("home", OGRE, at), "h": ("home", HALFLING, beside)}
    return board(rules, players, skills={"t": {"bullseye": None}}, **options)


def test_a_team_mate_thrown_into_a_pit_takes_no_armour_roll_but_it_is_a_turnover(sewer: Ruleset) -> None:
    # The ogre at (12, 3) throws a superb bullseye onto the pit square (9, 3).
    outcome = throw(sewer, thrower(sewer, (12, 3), (12, 4)), (9, 3), [6])  # the core: into the crowd
    thrown = outcome.board.player("h")
    assert thrown.square == (9, 3)
    assert outcome.board.trapped(thrown)
    assert not events(outcome, "armour")
    assert outcome.turnover


def test_a_ball_carrier_thrown_into_a_pit_has_the_ball_retrieved(sewer: Ruleset) -> None:
    # The ball comes out of (9, 3) by D8 up to (9, 1), lands and bounces right twice.
    outcome = throw(sewer, thrower(sewer, (12, 3), (12, 4), ball="h"), (9, 3), [6, UP, RIGHT, RIGHT])
    assert outcome.board.ball.square == (11, 1)
    assert outcome.turnover


def test_a_team_mate_landing_on_someone_in_a_pit_is_placed_beside_him(sewer: Ruleset) -> None:
    on = thrower(sewer, (12, 3), (12, 4))
    on = on.replace_players(board(sewer, {"s": ("away", ORC, (9, 3))}).players.values())
    outcome = throw(sewer, on, (9, 3), [6, RIGHT, LEFT])  # (10, 3) is out of the pit: rolled again
    assert outcome.board.player("h").square == (8, 3)
    assert outcome.board.player("s").status is Status.STANDING  # no crash into him


def test_a_team_mate_thrown_onto_a_stall_crash_lands_beside_it_with_the_wall_modifier(street: Ruleset) -> None:
    # Onto (9, 3); D8 right: (10, 3) is out and free. Armour 3 + 3 + wall 1 + cobbles 1 = 8 against AV 7.
    outcome = throw(street, thrower(street, (12, 3), (12, 4)), (9, 3), [6, RIGHT, 3, 3, 1, 1])  # the core: crowd
    thrown = outcome.board.player("h")
    assert thrown.square == (10, 3)
    armour = events(outcome, "armour")[0]
    rules = variant_rules(street)
    assert armour.detail["total"] == 6 + rules.thrown_into_wall_armour_modifier + rules.hard_landing_armour_modifier


def test_a_team_mate_thrown_over_the_sideline_hits_the_wall(street: Ruleset) -> None:
    # Aimed at (12, 0), a subpar throw scatters up: over the sideline. Back on (12, 0), crash landing.
    on = thrower(street, (12, 2), (12, 3))
    outcome = throw(street, on, (12, 0), [3, UP, *HELD])  # the core: the crowd
    thrown = outcome.board.player("h")
    assert (thrown.square, thrown.status) == ((12, 0), Status.PRONE)
    armour = events(outcome, "armour")[0]
    rules = variant_rules(street)
    assert armour.detail["total"] == 2 + rules.thrown_into_wall_armour_modifier + rules.hard_landing_armour_modifier


# -- a player in a sewer pit is out of play ------------------------------------------------------------


def test_a_player_in_a_pit_cannot_be_activated_to_move(sewer: Ruleset) -> None:
    from bbcore.rules.movement import move

    trapped = board(sewer, {"s": ("home", HUMAN, (4, 3))})
    with pytest.raises(UsageError, match="s cannot move: they are trapped"):
        move(sewer, trapped, "s", [(3, 3)], ScriptedDice([]), DefaultDecisions())


def test_nobody_blocks_or_fouls_a_player_in_a_pit(sewer: Ruleset) -> None:
    from bbcore.rules.block import block
    from bbcore.rules.foul import foul
    from bbcore.rules.sequences import GameState, TeamState

    players = {"s": ("home", HUMAN, (4, 3)), "o": ("away", HUMAN, (3, 3))}
    standing = board(sewer, players)
    with pytest.raises(UsageError, match="o cannot block s: s is trapped"):
        block(sewer, standing, "o", "s", ScriptedDice([]), DefaultDecisions())
    down = board(sewer, players, statuses={"s": "prone"})
    state = GameState(TeamState("home", "Home", "human", 1), TeamState("away", "Away", "human", 1), down)
    with pytest.raises(UsageError, match="o cannot foul s: s is trapped"):
        foul(sewer, state, "o", "s", ScriptedDice([]), DefaultDecisions())


# -- barricades, with the numbers of the pitch files ------------------------------------------------


def test_both_pitches_build_barricades_alike(street: Ruleset, sewer: Ruleset) -> None:
    def barricade(rules: Ruleset) -> object:
        return next(t for t in rules.pitch.feature_types if t.id == "barricade")

    assert barricade(street) == barricade(sewer)


def test_a_target_behind_a_barricade_blocks_with_its_strength_bonus(street: Ruleset) -> None:
    from bbcore.rules.block import block_dice

    bonus = next(t for t in street.pitch.feature_types if t.id == "barricade").block_strength_bonus
    assert bonus > 0
    across = board(street, {"a": ("home", HUMAN, (10, 1)), "d": ("away", HUMAN, (11, 1))})
    alongside = board(street, {"a": ("home", HUMAN, (10, 4)), "d": ("away", HUMAN, (11, 4))})
    assert block_dice(street, across, "a", "d").defender_strength == block_dice(street, alongside, "a", "d").defender_strength + bonus
    # Diagonally across its middle the barricade stands between them; past its end (it covers y 0-2) it does not.
    diagonal = board(street, {"a": ("home", HUMAN, (10, 1)), "d": ("away", HUMAN, (11, 2))})
    past_the_end = board(street, {"a": ("home", HUMAN, (10, 3)), "d": ("away", HUMAN, (11, 2))})
    plain = block_dice(street, alongside, "a", "d").defender_strength
    assert block_dice(street, diagonal, "a", "d").defender_strength == plain + bonus
    assert block_dice(street, past_the_end, "a", "d").defender_strength == plain  # the core once counted it crossed


def test_a_carrier_who_falls_against_the_wall_drops_the_ball_and_it_bounces(street: Ruleset) -> None:
    board = build_board(street, {"a": ("home", HUMAN, (12, 1)), "d": ("away", ORC, (12, 0))}).with_ball(BallState(carrier="d"))
    falls, armour_holds, bounce_right, again_right = 5, [1, 1], 5, 5
    with ScriptedDice([falls, *armour_holds, bounce_right, again_right]) as dice:
        outcome = apply_block_face(street, board, "a", "d", "push-back", dice, DefaultDecisions())
    assert outcome.board.player("d").status is Status.PRONE
    assert [e.kind for e in outcome.events].count("bounce") == 2  # off the cobbles, twice
    assert outcome.board.ball.square not in (None, (12, 0))


def test_a_catch_tried_on_the_cobbles_ends_that_bounce_and_a_drop_bounces_twice_anew(street: Ruleset) -> None:
    board = build_board(street, {"c": ("home", HUMAN, (12, 8))}, ball=(11, 7))
    onto_c, dropped, up = 8, 1, 2
    # The first bounce reaches c, who drops it: the ball bounces twice from him, and the first run stops there.
    with ScriptedDice([onto_c, dropped, up, up]) as dice:
        outcome = bounce(street, board, (11, 7), dice, DefaultDecisions())
    assert [e.kind for e in outcome.events].count("bounce") == 3
    assert outcome.board.ball.square == (12, 6)


def test_no_special_action_reaches_into_a_pit_nor_comes_out_of_one(sewer: Ruleset) -> None:
    from bbcore.rules.special_actions import projectile_vomit, stab

    board = build_board(
        sewer,
        {"v": ("home", HUMAN, (3, 3)), "t": ("away", ORC, (4, 3))},
        skills={"v": {"projectile-vomit": None}, "t": {"stab": None}},
    )
    assert board.trapped(board.player("t"))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="trapped"):
        projectile_vomit(sewer, board, "v", "t", dice, DefaultDecisions())
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="trapped"):
        stab(sewer, board, "t", "v", dice, DefaultDecisions())


def test_the_frog_has_no_hands_for_the_ball(street: Ruleset) -> None:
    from bbcore_gutterbowl.wizard import is_frog, transmutation

    from bbcore.rules.ball import pick_up

    board = build_board(street, {"c": ("home", HUMAN, (12, 8)), "w": ("away", ORC, (20, 8))}, ball=(11, 7))
    with ScriptedDice([4]) as dice:
        changed, _ = transmutation(street, board, "away", "c", dice)
    frog = changed.board
    assert is_frog(street, frog.player("c"))
    onto_the_frog, bounce_up, again_up = 8, 2, 2
    with ScriptedDice([onto_the_frog, bounce_up, again_up]) as dice:
        bounced = bounce(street, frog, (11, 7), dice, DefaultDecisions())
    assert bounced.board.ball.carrier is None
    assert next(e for e in bounced.events if e.kind == "catch").detail.get("no_ball")
    underfoot = frog.with_ball(BallState(square=(12, 8)))
    with ScriptedDice([bounce_up, again_up]) as dice:
        fumbled = pick_up(street, underfoot, "c", dice, DefaultDecisions())
    assert fumbled.board.ball.carrier is None
    assert fumbled.turnover


# -- the core's own procedures keep off the features ----------------------------------------------------


@pytest.mark.parametrize("pitch", ["street", "sewer"])
def test_nobody_sets_up_on_a_square_a_feature_fills(pitch: str) -> None:
    from bbcore.rules.drive import setup_problems

    rules = bbcore.load_ruleset("gutterbowl", options={"pitch": pitch})
    squares = {"h1": (12, 5), "h2": (12, 6), "h3": (12, 7), "h4": (5, 3), "h5": (6, 10), "h6": (2, 7), "h7": (8, 4)}
    board = build_board(rules, {pid: ("home", HUMAN, square) for pid, square in squares.items()})
    filled = sorted(pid for pid, square in squares.items() if board.geometry.feature_at(square) is not None)
    assert filled == ["h4", "h5", "h7"]
    problems = [p for p in setup_problems(rules, board, "home") if p.code == "on-a-feature"]
    assert [p.path for p in problems] == [f"$.teams.home.players.{pid}" for pid in filled]


class Offered(DefaultDecisions):
    """Takes no free step, and writes down the ones it was offered."""

    def __init__(self) -> None:
        self.offered: list[tuple[str, tuple[Square, ...]]] = []

    def free_move(self, team: str, reason: str, moves: Any) -> None:
        self.offered.extend(moves)


def test_a_free_step_never_goes_into_a_pit_or_over_a_barricade(sewer: Ruleset) -> None:
    from bbcore.rules.drive import step_open_players

    board = build_board(sewer, {"a2": ("away", ORC, (15, 5)), "a3": ("away", ORC, (15, 1))})
    coach = Offered()
    with ScriptedDice([]) as dice:
        step_open_players(sewer, board, "away", 2, "get-ready-lads", dice, coach)
    offered = {square for _, (square,) in coach.offered}
    pits = {(16, 4), (16, 5)}
    assert all(board.geometry.feature_at(square) is not None for square in pits)
    assert not offered & pits
    over_the_barricade = {(14, 0), (14, 1), (14, 2)}
    assert all(board.geometry.feature_between((15, 1), square) is not None for square in over_the_barricade)
    assert not offered & over_the_barricade
    assert (15, 6) in offered, "a plain step is still offered"


def test_a_frenzied_blocker_makes_no_second_block_on_a_player_pushed_into_a_pit(sewer: Ruleset) -> None:
    import attrs

    from bbcore.rules.block import block

    board = build_board(sewer, {"h": ("home", HUMAN, (11, 3)), "a": ("away", ORC, (10, 3))})
    frenzied = board.player("h")
    board = board.with_player(attrs.evolve(frenzied, skills={**frenzied.skills, "frenzy": None}))
    with ScriptedDice([3]) as dice:  # one die: Push Back, into the pit behind him
        after = block(sewer, board, "h", "a", dice, DefaultDecisions())
    assert after.board.trapped(after.board.player("a"))
    assert sum(1 for e in after.events if e.kind == "block") == 1
    assert after.board.player("h").square == (10, 3), "he follows up to the edge of the pit, not into it"
