"""Gutter Bowl passing: over a market stall, a pass landing on a stall, the Potion of Accuracy, and throwing the ball at the wall.

Street pitch, home half: the market stalls fill x 4-9, y 2-5 and x 4-9, y 9-12; the
sidelines (y -1 and y 15) are walls. Each test would fail without the rule it names:
the core's answer is given beside it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from bbcore_gutterbowl.features import wall_squares_crossed
from bbcore_gutterbowl.passing import POTION_OF_ACCURACY, ricochet_direction, throw_at_wall, wall_face
from bbcore_gutterbowl.potions import SUPERIOR_MAGIC_POTION, drink
from bbcore_gutterbowl.variant_rules import variant_rules

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Square
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.passing import pass_ball
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

LINEMAN, ORC = "human/human-lineman", "orc/orc-lineman"  # PA 4+, AG 3+
# Random direction D8 faces: 1 up-left, 2 up, 3 up-right, 4 left, 5 right, 6 down-left, 7 down, 8 down-right.
UP_LEFT, UP, UP_RIGHT, LEFT, RIGHT, DOWN_LEFT, DOWN, DOWN_RIGHT = range(1, 9)


@pytest.fixture(scope="module")
def street() -> Ruleset:
    return bbcore.load_ruleset("gutterbowl", options={"pitch": "street"})


@pytest.fixture(scope="module")
def sewer() -> Ruleset:
    return bbcore.load_ruleset("gutterbowl", options={"pitch": "sewer"})


@pytest.fixture(scope="module")
def core() -> Ruleset:
    return bbcore.load_ruleset()


def pitch(rules: Ruleset, at: Square, others: Mapping[str, tuple[str, str, Square]] | None = None, **options: Any) -> Board:
    players: dict[str, tuple[str, str, Square | None]] = {"p": ("home", LINEMAN, at)}
    players.update(others or {})
    return build_board(rules, players, ball="p", **options)


def passed(rules: Ruleset, board: Board, target: Square, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = ()) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return pass_ball(rules, board, "p", target, dice, decisions)


def at_wall(rules: Ruleset, board: Board, wall: Square, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = ()) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return throw_at_wall(rules, board, "p", wall, dice, decisions)


def only(outcome: Outcome, kind: str) -> Event:
    (event,) = [e for e in outcome.events if e.kind == kind]
    return event


def modifier(outcome: Outcome) -> int:
    return int(only(outcome, "pass").detail["modifier"])


# -- Passing over a market stall ---------------------------------------------------------------


def test_a_pass_over_a_market_stall_takes_minus_one(street: Ruleset, core: Ruleset) -> None:
    # From (2, 3) to (11, 3), a Long Pass (-2) straight through the stall's row y 3.
    over = pitch(street, (2, 3), {"r": ("home", LINEMAN, (11, 3))})
    assert modifier(passed(street, over, (11, 3), [6, 4])) == -2 + variant_rules(street).pass_over_stall_modifier
    assert modifier(passed(core, pitch(core, (2, 3), {"r": ("home", LINEMAN, (11, 3))}), (11, 3), [6, 4])) == -2


def test_a_pass_down_the_open_lane_or_over_a_sewer_pit_takes_nothing_extra(street: Ruleset, sewer: Ruleset) -> None:
    lane = pitch(street, (2, 7), {"r": ("home", LINEMAN, (11, 7))})
    assert modifier(passed(street, lane, (11, 7), [6, 4])) == -2
    pits = pitch(sewer, (2, 3), {"r": ("home", LINEMAN, (11, 3))})
    assert modifier(passed(sewer, pits, (11, 3), [6, 4])) == -2


def test_the_centre_line_must_pass_through_a_stall_not_just_touch_its_corner(street: Ruleset) -> None:
    board = pitch(street, (5, 0))
    # (5, 0) to (2, 3) touches the corner (3.5, 1.5) of the stall square (4, 2); (6, 0) to (3, 3) cuts across it.
    assert wall_squares_crossed(board, (5, 0), (2, 3)) == []
    assert wall_squares_crossed(board, (6, 0), (3, 3)) == [(4, 2)]
    touching = pitch(street, (5, 0), {"r": ("home", LINEMAN, (2, 3))})
    assert modifier(passed(street, touching, (2, 3), [6, 4])) == -1
    crossing = pitch(street, (6, 0), {"r": ("home", LINEMAN, (3, 3))})
    assert modifier(passed(street, crossing, (3, 3), [6, 4])) == -2


# -- An inaccurate pass landing on a stall ------------------------------------------------------


def test_an_inaccurate_pass_coming_down_on_a_stall_is_thrown_back_out(street: Ruleset, core: Ruleset) -> None:
    # Quick from (1, 7) to (4, 7), inaccurate (2), scattering up three times onto the stall square (4, 4).
    # The vendor throws it back: D8 left, the nearest square out of the stall, (3, 4), where the team-mate catches it.
    board = pitch(street, (1, 7), {"t": ("home", LINEMAN, (3, 4))})
    outcome = passed(street, board, (4, 7), [2, UP, UP, UP, LEFT, 3])
    assert only(outcome, "ball-reenters").detail["square"] == [3, 4]
    assert only(outcome, "catch").detail["situation"] == "inaccurate_pass"
    assert outcome.board.ball.carrier == "t"
    assert not outcome.turnover
    # Without stalls the ball lands on (4, 4), bounces left, and the team-mate must catch a bounced ball.
    plain = passed(core, pitch(core, (1, 7), {"t": ("home", LINEMAN, (3, 4))}), (4, 7), [2, UP, UP, UP, LEFT, 4])
    assert not [e for e in plain.events if e.kind == "ball-reenters"]
    assert only(plain, "catch").detail["situation"] == "bounced"


# -- The Potion of Accuracy ----------------------------------------------------------------------


def test_the_potion_of_accuracy_gives_a_trait_the_pass_reads(street: Ruleset) -> None:
    board = build_board(street, {"p": ("home", LINEMAN, None)}, statuses={"p": "reserves"})
    with ScriptedDice([3]) as dice:
        drunk = drink(street, board, "p", SUPERIOR_MAGIC_POTION, dice)
    player = drunk.board.player("p")
    assert (player.pa, player.has(POTION_OF_ACCURACY)) == (3, True)


def test_the_potion_of_accuracy_ignores_the_range(street: Ruleset) -> None:
    plain = pitch(street, (2, 7), {"r": ("home", LINEMAN, (13, 7))})
    assert modifier(passed(street, plain, (13, 7), [6, 4])) == -3  # Long Bomb
    potion = pitch(street, (2, 7), {"r": ("home", LINEMAN, (13, 7))}, skills={"p": {POTION_OF_ACCURACY: None}})
    assert modifier(passed(street, potion, (13, 7), [6, 4])) == 0
    # Only the range: a stall crossed still counts.
    over = pitch(street, (2, 3), {"r": ("home", LINEMAN, (11, 3))}, skills={"p": {POTION_OF_ACCURACY: None}})
    assert modifier(passed(street, over, (11, 3), [6, 4])) == -1


# -- Throwing the ball at the wall ----------------------------------------------------------------


def test_the_ricochet_reflects_off_the_wall_in_one_of_eight_directions() -> None:
    top = (0, 1)  # the top sideline's face looks down into the pitch
    assert ricochet_direction((8, 3), (8, -1), top) == (0, 1)  # square-on: straight back
    assert ricochet_direction((5, 7), (8, -1), top) == (0, 1)  # within 22.5 degrees: still straight
    assert ricochet_direction((5, 2), (8, -1), top) == (1, 1)  # at 45 degrees: on to the right
    assert ricochet_direction((12, 2), (8, -1), top) == (-1, 1)
    assert ricochet_direction((1, 5), (4, 3), (-1, 0)) == (-1, -1)  # off a stall's left face, going up


def test_an_accurate_throw_ricochets_to_a_team_mate_who_catches_it(street: Ruleset) -> None:
    # From (2, 3) at (5, -1): Short, a 6; off the wall down-right for 2 squares, over (6, 0) and (7, 1).
    board = pitch(street, (2, 3), {"t": ("home", LINEMAN, (7, 1))})
    outcome = at_wall(street, board, (5, -1), [6, 2, 4])
    assert only(outcome, "wall-hit").result == "on-target"
    assert only(outcome, "ricochet").detail["path"] == [[6, 0], [7, 1]]
    assert only(outcome, "catch").detail["situation"] == "inaccurate_pass"
    assert outcome.board.ball.carrier == "t"
    assert not outcome.turnover


def test_in_clouds_of_smog_a_throw_at_the_wall_keeps_to_the_open_ranges(street: Ruleset) -> None:
    from bbcore_gutterbowl.weather import CLOUDS_OF_SMOG, open_pass_bands

    smog = open_pass_bands(street, CLOUDS_OF_SMOG)
    assert smog is not None
    # From (2, 3) the wall square (5, -1) is a Short throw, open in the smog; (13, -1) is a Long one.
    board = pitch(street, (2, 3), {"t": ("home", LINEMAN, (7, 1))})
    with ScriptedDice([6, 2, 4]) as dice, ScriptedDecisions([], strict=True) as decisions:
        assert throw_at_wall(street, board, "p", (5, -1), dice, decisions, open_bands=smog).board.ball.carrier == "t"
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="not allowed now"):
        throw_at_wall(street, board, "p", (13, -1), dice, ScriptedDecisions([]), open_bands=smog)


@pytest.mark.parametrize(("roll", "side", "hit", "resting"), [(3, "right", [6, -1], (8, 0)), (4, "left", [4, -1], (6, 0))])
def test_a_missed_throw_hits_the_wall_square_to_the_right_on_one_to_three(
    street: Ruleset, roll: int, side: str, hit: list[int], resting: Square
) -> None:
    # A 3 at -1 misses; the D6 moves the hit one square along the wall, as seen from the passer facing it
    # (right is down the pitch). Either way the ball comes off down-right, 1 square, and bounces right.
    outcome = at_wall(street, pitch(street, (2, 3)), (5, -1), [3, roll, 1, RIGHT])
    wall = only(outcome, "wall-hit")
    assert (wall.result, wall.rolls, wall.detail["square"]) == (side, (roll,), hit)
    assert outcome.board.ball.square == resting
    assert outcome.turnover


def test_a_ricochet_nobody_catches_bounces_once_even_on_cobbles(street: Ruleset) -> None:
    outcome = at_wall(street, pitch(street, (2, 4)), (2, -1), [6, 2, RIGHT])  # straight down two squares to (2, 1), one bounce
    assert only(outcome, "ricochet").detail["path"] == [[2, 0], [2, 1]]
    assert [e.kind for e in outcome.events].count("bounce") == 1  # a ball landing on the cobbles bounces twice
    assert outcome.board.ball.square == (3, 1)
    assert outcome.turnover


def test_every_player_the_ricochet_passes_over_tries_in_turn(street: Ruleset) -> None:
    board = pitch(street, (2, 4), {"o": ("away", ORC, (2, 1)), "t": ("home", LINEMAN, (2, 2))})
    nobody = [("interceptor", None)]
    outcome = at_wall(street, board, (2, -1), [6, 3, 2, 4], nobody)  # the orc misses (2); the marked team-mate catches (4 - 1)
    assert [(e.who, e.result) for e in outcome.events if e.kind == "catch"] == [("o", "dropped"), ("t", "caught")]
    assert not outcome.turnover
    stolen = at_wall(street, board, (2, -1), [6, 3, 5], nobody)
    assert stolen.board.ball.carrier == "o"
    assert stolen.turnover


def test_a_throw_at_the_wall_can_be_intercepted(street: Ruleset) -> None:
    board = pitch(street, (2, 4), {"o": ("away", ORC, (2, 1))})
    outcome = at_wall(street, board, (2, -1), [6, 6], [("interceptor", "o")])
    assert only(outcome, "interception").detail["modifier"] == -3
    assert outcome.board.ball.carrier == "o"
    assert outcome.turnover


def test_cloud_burster_keeps_a_throw_at_the_wall_from_all_but_very_long_legs(street: Ruleset) -> None:
    others = {"o": ("away", ORC, (2, 1))}
    bursting = pitch(street, (2, 4), others, skills={"p": {"cloud-burster": None}})
    untouched = at_wall(street, bursting, (2, -1), [6, 3, 5])  # no interception: the ricochet passes the orc, who catches it
    assert not [e for e in untouched.events if e.kind == "interception"]
    legs = pitch(street, (2, 4), others, skills={"p": {"cloud-burster": None}, "o": {"very-long-legs": None}})
    stolen = at_wall(street, legs, (2, -1), [6, 6], [("interceptor", "o")])
    assert stolen.board.ball.carrier == "o"


def test_a_throw_at_a_market_stall_comes_off_the_face_it_hits(street: Ruleset) -> None:
    board = pitch(street, (1, 5))
    assert wall_face(board, (4, 3), (1, 5)) == (-1, 0)
    outcome = at_wall(street, board, (4, 3), [6, 3, RIGHT])  # off the left face, up-left over (3, 2), (2, 1), (1, 0)
    assert only(outcome, "ricochet").detail["path"] == [[3, 2], [2, 1], [1, 0]]
    assert outcome.board.ball.square == (2, 0)


def test_a_fumbled_throw_at_the_wall_is_a_fumble(street: Ruleset) -> None:
    outcome = at_wall(street, pitch(street, (2, 4)), (2, -1), [1, DOWN, DOWN])
    assert outcome.board.ball.square == (2, 6)
    assert outcome.turnover


@pytest.mark.parametrize(
    ("at", "wall", "message"),
    [((2, 4), (2, 1), "not a wall square"), ((1, 3), (6, 3), "no side of it faces"), ((8, 13), (8, -1), "beyond the Range Ruler")],
)
def test_only_a_wall_square_facing_the_passer_within_range_can_be_the_target(
    street: Ruleset, at: Square, wall: Square, message: str
) -> None:
    with pytest.raises(UsageError, match=message):
        at_wall(street, pitch(street, at), wall, [])
