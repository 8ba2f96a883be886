"""The scripted coach's reckoning: the worth of a Touch, the odds of a walk and a throw, and the choices they lead to."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bbcore_skurling.arc import Block, EndTurn
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.legal import actions_for, declarations
from bbcore_skurling.policies import (
    Choice,
    Heuristic,
    View,
    expected_touch_gain,
    throw_holds,
    touch_face_value,
    walk_chance,
)
from bbcore_skurling.simulate import play
from test_skurling_arc import CUDDLER, GOON, LINEMAN, OGRE, STOOGE, arc_at

import bbcore
from bbcore.rules.board import adjacent
from bbcore.ruleset import Ruleset

#: An away Human Lineman, for a defender.
DEFENDER = "human/human-lineman"


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset("skurling")


def faces(rules: Ruleset) -> list[str]:
    table = rules.table("block-dice")
    return [table.row_for(side).id for side in range(1, 7)]


def test_one_touch_die_is_worth_the_mean_of_its_faces(rules: Ruleset) -> None:
    values = [touch_face_value(rules, face, "stunned") for face in faces(rules)]
    assert expected_touch_gain(rules, 1, True, "stunned") == pytest.approx(sum(values) / 6)


def test_more_dice_are_worth_more_to_the_one_who_chooses(rules: Ruleset) -> None:
    gain = {(count, mine): expected_touch_gain(rules, count, mine, "stunned") for count in (1, 2, 3) for mine in (True, False)}
    assert gain[(3, True)] > gain[(2, True)] > gain[(1, True)] > gain[(2, False)] > gain[(3, False)]


def test_a_casualty_stooge_is_hit_without_fear_of_his_armour(rules: Ruleset) -> None:
    assert expected_touch_gain(rules, 2, True, "casualty") > expected_touch_gain(rules, 2, True, "stunned")


def test_the_goons_touch_is_worth_no_more_than_his_fixed_squares(rules: Ruleset) -> None:
    goon = expected_touch_gain(rules, 3, True, "casualty", goon=True)
    assert goon <= arc_rules(rules).goon_squares
    assert goon < expected_touch_gain(rules, 3, True, "casualty")


def test_a_walk_in_the_open_within_the_movement_allowance_cannot_fail(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), LINEMAN: (3, 1)})
    assert walk_chance(rules, arc, LINEMAN, [(4, 1), (5, 1), (6, 1)]) == 1.0
    assert walk_chance(rules, arc, LINEMAN, []) == 1.0


def test_each_rush_past_the_movement_allowance_is_a_two_plus(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (20, 1), LINEMAN: (2, 1)})
    ma = arc.board.player(LINEMAN).ma
    path = [(2 + step, 1) for step in range(1, ma + 3)]
    assert walk_chance(rules, arc, LINEMAN, path) == pytest.approx((5 / 6) ** 2)


def test_leaving_a_marked_square_is_a_dodge_and_the_dodge_skill_rerolls_it(rules: Ruleset) -> None:
    defenders = {"a-lineman": (DEFENDER, (6, 1))}
    plain = arc_at(rules, {STOOGE: (12, 1), LINEMAN: (5, 1)}, defenders=defenders)
    # AG 3+, no marker on the square stepped into: a 3+.
    assert walk_chance(rules, plain, LINEMAN, [(4, 1)]) == pytest.approx(4 / 6)
    skilled = arc_at(rules, {STOOGE: (12, 1), LINEMAN: (5, 1)}, defenders=defenders, skills={LINEMAN: {"dodge": None}})
    assert walk_chance(rules, skilled, LINEMAN, [(4, 1)]) == pytest.approx(1 - (2 / 6) ** 2)


def test_a_short_throw_fumbles_more_often_than_a_quick_one(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (0, 2), OGRE: (0, 1)})
    quick, short = throw_holds(rules, arc.board, OGRE, (3, 1)), throw_holds(rules, arc.board, OGRE, (6, 1))
    assert (quick, short) == (Fraction(5, 6), Fraction(4, 6))


def ask(rules: Ruleset, arc: object, kind: str, options: list[object]) -> object:
    choice = Choice(kind, "home", tuple(options))
    return options[Heuristic().choose(choice, View(rules, None, arc))]  # type: ignore[arg-type]


def test_a_hitter_beside_the_stooge_hits_before_the_turns_blitz(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), LINEMAN: (9, 1), OGRE: (6, 1), GOON: (6, 2), CUDDLER: (25, 1)})
    declared = ask(rules, arc, "declare", declarations(rules, arc))
    assert (declared.player, declared.kind) == (LINEMAN, "touch")  # type: ignore[attr-defined]


def test_a_hitter_who_cannot_hit_walks_up_beside_the_stooge(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (10, 1), GOON: (5, 1), CUDDLER: (25, 1)})
    move = next(d for d in declarations(rules, arc) if d.player == GOON and d.kind == "move")
    walk = ask(rules, arc, "action", actions_for(rules, arc, move))
    assert adjacent(walk.path[-1], (10, 1))  # type: ignore[attr-defined]
    assert walk.path[-1][0] < 10  # type: ignore[attr-defined]  # behind him, where the defence is not


def test_the_touch_steers_away_from_a_defender_waiting_in_the_end_zone(rules: Ruleset) -> None:
    defenders = {"a-lineman": (DEFENDER, (25, 1))}
    arc = arc_at(rules, {STOOGE: (22, 1), LINEMAN: (21, 1), CUDDLER: (25, 3)}, defenders=defenders)
    directions = ["straight", "left", "right"]
    choice = Choice("touch-direction", "home", tuple(directions), {"hitter": LINEMAN, "face": "push-back", "squares": 3})
    chosen = directions[Heuristic().choose(choice, View(rules, None, arc))]
    # Straight on ends in the defender's hands; left runs off the lane after one square; right keeps two.
    assert chosen == "right"


def test_a_one_square_touch_steers_onto_the_cuddlers_square(rules: Ruleset) -> None:
    arc = arc_at(rules, {STOOGE: (24, 2), LINEMAN: (23, 2), CUDDLER: (25, 1)})
    directions = ["straight", "left", "right"]
    choice = Choice("touch-direction", "home", tuple(directions), {"hitter": LINEMAN, "face": "pow", "squares": 1})
    # Left slides him onto the Cuddler's square for the catch; straight on only scores.
    assert directions[Heuristic().choose(choice, View(rules, None, arc))] == "left"


def test_the_direction_is_weighed_on_the_board_as_it_stands_once_the_face_is_known(rules: Ruleset) -> None:
    # An Orc stands straight ahead; a hitter who blitzed round to the left diagonal now stands in that way too.
    arc = arc_at(rules, {STOOGE: (10, 1), LINEMAN: (9, 1), CUDDLER: (25, 3)}, defenders={"a-orc": (DEFENDER, (11, 1))})
    moved = arc.board.with_player(arc.board.player(LINEMAN).moved((11, 0)))
    directions = ["straight", "left", "right"]
    detail = {"hitter": LINEMAN, "face": "pow", "squares": 1}
    before = Choice("touch-direction", "home", tuple(directions), detail)
    now = Choice("touch-direction", "home", tuple(directions), {**detail, "board": moved})
    assert directions[Heuristic().choose(before, View(rules, None, arc))] == "left"
    assert directions[Heuristic().choose(now, View(rules, None, arc))] == "right"


def test_the_scripted_coach_outscores_the_random_one(rules: Ruleset) -> None:
    home, away = (ref.team for ref in rules.team_files[:2])
    points = {"scripted": 0, "random": 0}
    for seed in range(4):
        for policies in (("scripted", "random"), ("random", "scripted")):
            played = play(rules, home, away, policies, seed, max_arcs=6)
            for arc in played.match.arcs:
                points[policies[arc.attacker]] += arc.points
    assert points["scripted"] > points["random"]


def test_a_hitter_blocks_the_defender_in_the_stooges_way_when_the_dice_are_his(rules: Ruleset) -> None:
    defenders = {"a-ahead": (DEFENDER, (11, 1)), "a-behind": (DEFENDER, (7, 2))}
    arc = arc_at(rules, {STOOGE: (10, 1), OGRE: (8, 1), CUDDLER: (25, 1)}, defenders=defenders)
    ahead, behind = Block(OGRE, "a-ahead"), Block(OGRE, "a-behind")
    # The Ogre stands next to neither yet: the choice is judged on the dice and the place alone.
    assert ask(rules, arc, "action", [behind, ahead, EndTurn()]) == ahead
    weak = arc_at(rules, {STOOGE: (10, 1), LINEMAN: (12, 2), CUDDLER: (25, 1)}, defenders=defenders)
    # One die against an equal: not worth the risk.
    assert ask(rules, weak, "action", [Block(LINEMAN, "a-ahead"), EndTurn()]) == EndTurn()
