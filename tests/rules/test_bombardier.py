"""Bombardier's Throw Bomb: thrown as a pass, it explodes where it comes to rest, and whoever catches it throws again.

The Goblin Bomma ``b`` (PA 4+) stands at (5, 7); his targets lie straight down the
pitch, (8, 7) a Quick throw. Around a blast in (8, 7), the D6 for each player next to it
is rolled in the order of the board's directions (up-left first, down-right last).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import BallState, Board, Square, Status
from bbcore.rules.bombardier import THROW_BOMB, bomb_targets, explode, throw_bomb
from bbcore.rules.conditions import row_pass_bands, weather_row
from bbcore.rules.decisions import DecisionScriptError, DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.league import casualty_earns_spp
from bbcore.rules.special_actions import HARMFUL
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

BOMMA, ORC, GOBLIN = "goblin/bomma", "orc/orc-lineman", "goblin/goblin-lineman"
QUICK = (8, 7)


def scene(
    core: Ruleset,
    others: Mapping[str, tuple[str, str, Square]] | None = None,
    *,
    statuses: Mapping[str, str] | None = None,
    skills: Mapping[str, Mapping[str, Any]] | None = None,
    ball: Square | str | None = None,
) -> Board:
    return build_board(core, {"b": ("home", BOMMA, (5, 7)), **(others or {})}, statuses=statuses, skills=skills, ball=ball)


def bomb(core: Ruleset, board: Board, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = (), target: Square = QUICK) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return throw_bomb(core, board, "b", target, dice, decisions)


def of_kind(outcome: Outcome, kind: str) -> list[Event]:
    return [e for e in outcome.events if e.kind == kind]


def test_a_bomb_landing_on_open_ground_explodes_there(core: Ruleset) -> None:
    board = scene(core, {"o1": ("away", ORC, (9, 7)), "o3": ("away", ORC, (7, 6)), "far": ("away", ORC, (8, 9))}, statuses={"o3": "prone"})
    # Accurate on a 6; o3 (up-left) hit on 4, o1 (right) hit on 5; o3's armour 6+6, injury 2+2; o1 down, armour 6+6, injury 3+3.
    blast = bomb(core, board, [6, 4, 5, 6, 6, 2, 2, 6, 6, 3, 3])
    (ended,) = of_kind(blast, "bomb")
    assert (ended.result, ended.detail["square"]) == ("exploded", [8, 7])
    assert [(e.who, e.result) for e in of_kind(blast, "bomb-hit")] == [("o3", "hit"), ("o1", "hit")]
    assert [e.who for e in of_kind(blast, "knocked-down")] == ["o1"]  # the Prone one only has an Armour Roll
    assert {e.who for e in of_kind(blast, "armour")} == {"o1", "o3"}
    assert blast.board.player("far").status is Status.STANDING
    assert not blast.turnover
    assert of_kind(blast, THROW_BOMB)[0].result == "quick"


def test_a_miss_on_the_d6_leaves_a_neighbour_standing(core: Ruleset) -> None:
    board = scene(core, {"o1": ("away", ORC, (9, 7))})
    blast = bomb(core, board, [6, 3])
    assert [(e.who, e.result, e.rolls) for e in of_kind(blast, "bomb-hit")] == [("o1", "missed", (3,))]
    assert blast.board.player("o1").status is Status.STANDING


def test_the_parameter_sets_the_neighbours_roll(core: Ruleset) -> None:
    params = core.parameters
    strict = attrs.evolve(params.special_actions.throw_bomb, adjacent_hit_on=params.special_actions.throw_bomb.adjacent_hit_on + 2)
    harder = attrs.evolve(core, parameters=attrs.evolve(params, special_actions=attrs.evolve(params.special_actions, throw_bomb=strict)))
    board = scene(core, {"o1": ("away", ORC, (9, 7))})
    with ScriptedDice([5]) as dice:
        blast = explode(harder, board, QUICK, dice, DefaultDecisions())
    assert of_kind(blast, "bomb-hit")[0].result == "missed"
    with ScriptedDice([5, 1, 1]) as dice:
        blast = explode(core, board, QUICK, dice, DefaultDecisions())
    assert of_kind(blast, "bomb-hit")[0].result == "hit"


def test_a_fumbled_bomb_explodes_on_the_thrower_and_is_a_turnover(core: Ruleset) -> None:
    board = scene(core, {"g": ("home", GOBLIN, (5, 8))})
    # A 1 fumbles; the Bomma is hit (no D6: the blast is his square); g beside him escapes on a 2; his armour holds on 1+1.
    blast = bomb(core, board, [1, 2, 1, 1])
    assert of_kind(blast, "bomb")[0].detail == {"square": [5, 7], "why": "fumbled"}
    assert blast.board.player("b").status is Status.PRONE
    assert blast.turnover


def test_safe_pass_keeps_the_bomb_from_going_off(core: Ruleset) -> None:
    board = scene(core, skills={"b": {"safe-pass": None}})
    kept = bomb(core, board, [1])
    assert of_kind(kept, "bomb")[0].result == "kept"
    assert kept.board == board
    assert not kept.turnover


def test_a_standing_player_must_catch_it_and_throw_it_again(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, QUICK)})
    # Accurate (6); the Orc catches on a 3 (AG 3+); he throws it at (4, 7), an Accurate 6 the Bomma under the ruler
    # does not try to intercept; it lands beside the Bomma, who is hit on a 6 and knocked down (armour 1+1).
    answers = [("throw-target", (4, 7)), ("interceptor", None)]
    blast = bomb(core, board, [6, 3, 6, 6, 1, 1], answers)
    assert [e.result for e in of_kind(blast, "bomb")] == ["caught", "exploded"]
    assert [e.who for e in of_kind(blast, THROW_BOMB)] == ["b", "o"]
    assert blast.board.player("b").status is Status.PRONE
    assert blast.turnover  # the thrower's own team lost a player to it, whoever threw it last


def test_a_dropped_catch_explodes_in_the_catchers_square(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, QUICK)})
    blast = bomb(core, board, [6, 1, 1, 1])  # the catch fails on a 1 (no Catch); o is hit in his square, armour 1+1
    assert of_kind(blast, "bomb")[0].detail["square"] == [8, 7]
    assert [(e.who, e.result) for e in of_kind(blast, "bomb-hit")] == [("o", "hit")]
    assert blast.board.player("o").status is Status.PRONE


def test_a_distracted_player_cannot_catch_it_and_it_goes_off_in_his_square(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, QUICK)})
    board = board.with_player(attrs.evolve(board.player("o"), tackle_zone=False))
    blast = bomb(core, board, [6, 1, 1])  # Accurate; no catch is rolled; o is hit where he stands, armour 1+1
    (tried,) = of_kind(blast, "catch")
    assert (tried.who, tried.result, tried.rolls) == ("o", "cannot-catch", ())
    assert [e.result for e in of_kind(blast, "bomb")] == ["exploded"]
    assert blast.board.player("o").status is Status.PRONE


def test_an_interceptor_throws_it_on(core: Ruleset) -> None:
    board = scene(core, {"i": ("away", ORC, (7, 7))}, ball="i")
    # i intercepts on a 6, then throws at (10, 7): Accurate on a 6, with nobody next to it. The real ball stays with i.
    answers = [("interceptor", "i"), ("throw-target", (10, 7))]
    blast = bomb(core, board, [6, 6, 6], answers)
    assert [e.result for e in of_kind(blast, "bomb")] == ["intercepted", "exploded"]
    assert blast.board.ball == BallState(carrier="i")
    assert not blast.turnover


def test_a_catcher_without_passing_ability_fumbles_it(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, QUICK)})
    board = board.with_player(attrs.evolve(board.player("o"), pa=None))
    blast = bomb(core, board, [6, 3, 1, 1])  # caught on a 3, it goes off in his hands: armour 1+1
    assert of_kind(blast, "bomb")[-1].detail == {"square": [8, 7], "why": "no-passing-ability"}
    assert blast.board.player("o").status is Status.PRONE


def test_a_bomb_thrown_off_the_pitch_is_lost(core: Ruleset) -> None:
    board = build_board(core, {"b": ("home", BOMMA, (5, 1))})
    # A 2 is Inaccurate; the first scatter (D8 2: up) takes it from (5, 0) off the pitch.
    blast = bomb(core, board, [2, 2], target=(5, 0))
    assert of_kind(blast, "bomb")[-1].result == "crowd"
    assert not of_kind(blast, "bomb-hit")


def test_a_carrier_knocked_down_by_the_blast_drops_the_ball(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (9, 7))}, ball="o")
    blast = bomb(core, board, [6, 6, 1, 1, 5])  # o hit on a 6, armour 1+1; the ball bounces right (D8 5)
    assert blast.board.ball.carrier is None
    assert blast.board.ball.square == (10, 7)


def test_bad_throws_are_refused(core: Ruleset) -> None:
    plain = build_board(core, {"b": ("home", GOBLIN, (5, 7))})
    with pytest.raises(UsageError, match="has no Bombardier"):
        bomb(core, plain, [])
    with pytest.raises(UsageError, match="beyond the Range Ruler"):
        bomb(core, scene(core), [], target=(25, 7))
    with pytest.raises(UsageError, match="off the pitch"):
        bomb(core, scene(core), [], target=(5, -1))
    with pytest.raises(UsageError, match="not Standing"):
        bomb(core, scene(core, statuses={"b": "prone"}), [])


def test_targets_are_listed_safest_first_and_a_coach_must_pick_one(core: Ruleset) -> None:
    board = scene(core)
    squares = bomb_targets(core, board, "b")
    assert (5, 7) not in squares
    quick = core.table("pass-range").row("quick")
    first = squares[0]
    assert max(abs(first[0] - 5), abs(first[1] - 7)) == quick.max  # the Quick band, as far as it goes
    assert DefaultDecisions().throw_target("b", THROW_BOMB, squares) == first
    with pytest.raises(DecisionScriptError, match="must be a square"), ScriptedDecisions([("throw-target", None)]) as decisions:
        decisions.throw_target("b", THROW_BOMB, squares)


def test_casualties_of_special_actions_earn_nothing_without_violent_innovator(core: Ruleset) -> None:
    board = scene(core, skills={"b": {"violent-innovator": None}})
    assert THROW_BOMB in HARMFUL
    assert casualty_earns_spp(THROW_BOMB, board.player("b"))
    assert not casualty_earns_spp(THROW_BOMB, scene(core).player("b"))


def test_a_hail_mary_bomb_goes_anywhere_and_nobody_intercepts_it(core: Ruleset) -> None:
    board = scene(core, {"i": ("away", ORC, (12, 7))}, skills={"b": {"hail-mary-pass": None}})
    # A 6 is still only Inaccurate; three scatters (D8 2: up) from (20, 7) to (20, 4), open ground.
    with ScriptedDice([6, 2, 2, 2]) as dice, ScriptedDecisions([], strict=True) as decisions:
        blast = throw_bomb(core, board, "b", (20, 7), dice, decisions, hail_mary=True)
    assert of_kind(blast, THROW_BOMB)[0].detail["hail_mary"] is True
    assert of_kind(blast, "bomb")[-1].detail["square"] == [20, 4]
    with pytest.raises(UsageError, match="Hail Mary Pass"):
        throw_bomb(core, scene(core), "b", (20, 7), ScriptedDice([]), DefaultDecisions(), hail_mary=True)


def in_a_blizzard(core: Ruleset, board: Board) -> Board:
    return attrs.evolve(board, open_pass_bands=row_pass_bands([weather_row(core, "blizzard")]))


def test_in_a_blizzard_a_bomb_is_thrown_only_as_far_as_a_pass_may_be(core: Ruleset) -> None:
    board = in_a_blizzard(core, scene(core, {"o": ("away", ORC, QUICK)}))
    assert board.open_pass_bands is not None
    assert "long-bomb" not in board.open_pass_bands
    pass_range = core.table("pass-range")
    open_reach = max(row.max for row in pass_range.rows if row.id in board.open_pass_bands)
    squares = bomb_targets(core, board, "b")
    assert squares
    assert max(max(abs(x - 5), abs(y - 7)) for x, y in squares) == open_reach
    assert len(squares) < len(bomb_targets(core, scene(core), "b"))
    far = (5 + pass_range.row("long-bomb").max, 7)
    with pytest.raises(UsageError, match="not allowed now; only quick, short"):
        bomb(core, board, [], target=far)
    # The Orc who catches it (Accurate 6, catch 3) is offered only the open bands: a longer throw is no choice of his.
    with pytest.raises(DecisionScriptError, match="is not among"):
        bomb(core, board, [6, 3], [("throw-target", (8 + open_reach + 1, 7))])


def test_a_board_that_bars_every_pass_bars_no_bomb(core: Ruleset) -> None:
    # pass_bands: [] forbids the Pass Action; a Throw Bomb is not one, so it goes as far as on an open board.
    board = attrs.evolve(scene(core), open_pass_bands=())
    assert bomb_targets(core, board, "b") == bomb_targets(core, scene(core), "b")
    (thrown,) = of_kind(bomb(core, board, [6]), "throw-bomb")
    assert thrown.result == "quick"
