"""Pushes: the three squares, chain pushes, every edge, Stand Firm, Sidestep, Grab, and a variant's wall."""

from __future__ import annotations

from typing import Any

import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.rules.board import Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.push import PushBlocked, pay_owed, push, push_back_squares, push_in_direction
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board


def test_push_back_squares_straight_and_diagonal() -> None:
    assert push_back_squares((5, 5), (4, 5)) == [(6, 5), (6, 4), (6, 6)]
    assert sorted(push_back_squares((5, 5), (4, 4))) == [(5, 6), (6, 5), (6, 6)]


def test_the_blocker_chooses_among_free_squares(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))})
    with ScriptedDice([]) as dice, ScriptedDecisions([("push-square", (12, 8))]) as decisions:
        result = push(core, board, "d", (10, 7), dice, decisions, chooser="home")
    assert result.outcome.board.player("d").square == (12, 8)


def test_an_occupied_square_is_avoided_when_another_is_free(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "a": ("home", "human/human-lineman", (10, 7)),
            "d": ("away", "orc/orc-lineman", (11, 7)),
            "x": ("away", "orc/orc-lineman", (12, 7)),
            "y": ("away", "orc/orc-lineman", (12, 6)),
        },
    )
    with ScriptedDice([]) as dice:
        result = push(core, board, "d", (10, 7), dice, ScriptedDecisions([]), chooser="home")
    assert result.outcome.board.player("d").square == (12, 8)


def test_a_chain_push_moves_the_player_beyond_first(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "a": ("home", "human/human-lineman", (10, 7)),
            "d": ("away", "orc/orc-lineman", (11, 7)),
            "x": ("away", "orc/orc-lineman", (12, 7)),
            "y": ("away", "orc/orc-lineman", (12, 6)),
            "z": ("home", "human/human-lineman", (12, 8)),
        },
        statuses={"z": "prone"},
    )
    with ScriptedDice([]) as dice, ScriptedDecisions([("push-square", (12, 7)), ("push-square", (13, 7))]) as decisions:
        result = push(core, board, "d", (10, 7), dice, decisions, chooser="home")
    after = result.outcome.board
    assert after.player("d").square == (12, 7)
    assert after.player("x").square == (13, 7)
    assert [e.who for e in result.outcome.events if e.kind == "push"] == ["x", "d"]


@pytest.mark.parametrize(
    ("pushed_at", "from_square", "edge"),
    [
        ((11, 0), (11, 1), "sideline"),  # top sideline
        ((11, 14), (11, 13), "sideline"),  # bottom sideline
        ((0, 7), (1, 7), "end-line"),  # home end line
        ((25, 7), (24, 7), "end-line"),  # away end line
        ((25, 0), (24, 1), "corner"),  # a corner
    ],
)
def test_a_player_at_any_edge_with_nowhere_to_go_goes_into_the_crowd(
    core: Ruleset, pushed_at: tuple[int, int], from_square: tuple[int, int], edge: str
) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", from_square), "d": ("away", "orc/orc-lineman", pushed_at)})
    with ScriptedDice([2, 2]) as dice:
        result = push(core, board, "d", from_square, dice, ScriptedDecisions([]), chooser="home")
    after = result.outcome.board.player("d")
    assert result.left_pitch, edge
    assert after.square is None
    assert after.status is Status.RESERVES  # a stunned result in the crowd means the reserves
    assert [e.result for e in result.outcome.events if e.kind == "push"] == ["into-crowd"]


def test_a_push_asked_to_owe_its_dice_leaves_the_crowd_s_injury_roll_for_later(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (11, 1)), "d": ("away", "orc/orc-lineman", (11, 0))})
    knocked_out = [4, 4]
    with ScriptedDice(knocked_out) as dice:
        owing = push(core, board, "d", (11, 1), dice, ScriptedDecisions([]), chooser="home", owe_dice=True)
        assert dice.remaining == knocked_out
        assert owing.left_pitch
        assert len(owing.owed) == 1
        assert owing.outcome.board.player("d").square is None
        paid = pay_owed(owing.outcome, owing.owed)
    assert paid.board.player("d").status is Status.KO
    assert [e.kind for e in paid.events][-1] == "injury"


def test_a_chain_push_at_the_edge_sends_the_last_player_into_the_crowd(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "a": ("home", "human/human-lineman", (11, 2)),
            "d": ("away", "orc/orc-lineman", (11, 1)),
            "x": ("away", "orc/orc-lineman", (11, 0)),
            "l": ("away", "orc/orc-lineman", (10, 0)),
            "r": ("away", "orc/orc-lineman", (12, 0)),
        },
    )
    with ScriptedDice([6, 6, 1]) as dice, ScriptedDecisions([("push-square", (11, 0))]) as decisions:
        result = push(core, board, "d", (11, 2), dice, decisions, chooser="home")
    after = result.outcome.board
    # d has no free square and is not at the edge itself: it chain-pushes x, who has only the crowd behind.
    assert after.player("x").square is None
    assert after.player("x").status is Status.CASUALTY
    assert after.player("d").square == (11, 0)


def test_the_ball_carrier_pushed_into_the_crowd_drops_the_ball_for_a_throw_in(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (11, 1)), "d": ("away", "orc/orc-lineman", (11, 0))}, ball="d")
    with ScriptedDice([3, 3]) as dice:
        result = push(core, board, "d", (11, 1), dice, ScriptedDecisions([]), chooser="home")
    assert result.outcome.board.ball.carrier is None
    assert result.outcome.board.ball.square == (11, 0)
    assert any(e.kind == "ball-loose" and e.result == "throw-in" for e in result.outcome.events)


def test_stand_firm_stays(core: Ruleset) -> None:
    board = build_board(
        core, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))}, skills={"d": {"stand-firm": None}}
    )
    with ScriptedDice([]) as dice:
        result = push(core, board, "d", (10, 7), dice, ScriptedDecisions([]), chooser="home")
    assert not result.moved
    assert result.outcome.board.player("d").square == (11, 7)


def test_sidestep_lets_the_pushed_coach_pick_any_free_square(core: Ruleset) -> None:
    board = build_board(
        core, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))}, skills={"d": {"sidestep": None}}
    )
    with ScriptedDice([]) as dice, ScriptedDecisions([("use-skill", True), ("push-square", (10, 8))]) as decisions:
        result = push(core, board, "d", (10, 7), dice, decisions, chooser="home")
    assert result.outcome.board.player("d").square == (10, 8)


def test_grab_lets_the_blocker_pick_any_free_square_and_denies_sidestep(core: Ruleset) -> None:
    board = build_board(
        core,
        {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))},
        skills={"a": {"grab": None}, "d": {"sidestep": None}},
    )
    with ScriptedDice([]) as dice, ScriptedDecisions([("use-skill", True), ("push-square", (11, 6))]) as decisions:
        result = push(core, board, "d", (10, 7), dice, decisions, chooser="home", attacker=board.player("a"))
    assert result.outcome.board.player("d").square == (11, 6)


def test_a_push_in_a_fixed_direction_moves_n_squares_and_chains(core: Ruleset) -> None:
    board = build_board(core, {"s": ("home", "human/halfling-hopeful", (5, 7)), "x": ("away", "orc/orc-lineman", (7, 7))})
    with ScriptedDice([]) as dice:
        outcome = push_in_direction(core, board, "s", (1, 0), 3, dice, ScriptedDecisions([]), chooser="home")
    assert outcome.board.player("s").square == (8, 7)
    assert outcome.board.player("x").square == (9, 7)


class WallPlugin:
    """A test variant: a wall beyond the sidelines; a pushed player falls against it on a 4+, with +1 armour."""

    @bbcore.hookimpl
    def bbcore_push_blocked_outcome(self, ruleset: Any, board: Any, pushed: Any, pusher_square: Any, blocked: Any) -> PushBlocked | None:
        if any(b.reason == "off-pitch" and board.geometry.edge_beyond(b.square) == "sideline" for b in blocked):
            return PushBlocked("stays", "wall", armour_modifier=1, fall_on=4)
        return None


@pytest.mark.parametrize(("roll", "falls"), [(3, False), (4, True)])
def test_a_variant_wall_makes_a_pushed_player_fall_on_a_4_plus(make_ruleset: Any, roll: int, falls: bool) -> None:
    rules = make_ruleset(plugins=[("walls", WallPlugin())], entry_points=False)
    board = build_board(rules, {"a": ("home", "human/human-lineman", (11, 1)), "d": ("away", "orc/orc-lineman", (11, 0))})
    script = [roll, 4, 4] if falls else [roll]
    with ScriptedDice(script) as dice:
        result = push(rules, board, "d", (11, 1), dice, ScriptedDecisions([]), chooser="home")
    after = result.outcome.board.player("d")
    assert after.square == (11, 0)
    assert (after.status is Status.PRONE) is falls
    if falls:
        armour = next(e for e in result.outcome.events if e.kind == "armour")
        assert armour.detail["total"] == 9  # 4 + 4 + the wall's +1


def test_a_feature_in_data_alone_can_swallow_a_pushed_player(core: Ruleset) -> None:
    import attrs

    from bbcore.model.pitch import Area, Feature, FeatureType
    from bbcore.rules.board import Board

    pit = FeatureType("pit", "Pit", "squares", "A hole.", blocks_movement=True, pushed_into="removed")
    pitch = attrs.evolve(core.pitch, feature_types=(pit,), features=(Feature("pit", area=Area(12, 6, 1, 3)),))
    placed = build_board(core, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))})
    board = Board.build(pitch, placed.players.values(), placed.ball)
    with ScriptedDice([1, 2]) as dice:
        result = push(core, board, "d", (10, 7), dice, ScriptedDecisions([]), chooser="home")
    assert result.left_pitch
    assert result.outcome.board.player("d").status is Status.RESERVES
    assert [e.result for e in result.outcome.events if e.kind == "push"] == ["removed"]


def _with_features(core: Ruleset, *features: Any) -> Any:
    import attrs

    from bbcore.model.pitch import Feature

    kinds = tuple({kind.id: kind for kind, _ in features}.values())
    placed = tuple(Feature(kind.id, area=area, edges=edges) for kind, (area, edges) in features)
    return attrs.evolve(core.pitch, feature_types=kinds, features=placed)


def test_a_push_never_crosses_an_edge_feature_that_says_what_a_pushed_player_meets(core: Ruleset) -> None:
    from bbcore.model.pitch import FeatureType
    from bbcore.rules.board import Board

    # A fence three squares long, between x 11 and x 12 for y 6-8, lets players step over it
    # but stops pushes: the straight square and, diagonally across it, both side squares.
    fence = FeatureType("fence", "Fence", "edge", "A low fence.", crossing_cost=1, pushed_into="stays")
    pitch = _with_features(core, (fence, (None, tuple(((11, y), (12, y)) for y in (6, 7, 8)))))
    placed = build_board(core, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))})
    board = Board.build(pitch, placed.players.values(), placed.ball)
    with ScriptedDice([]) as dice:
        result = push(core, board, "d", (10, 7), dice, ScriptedDecisions([]), chooser="home")
    assert result.outcome.board.player("d").square == (11, 7)
    assert [e.detail.get("label") for e in result.outcome.events if e.kind == "push"] == ["fence"]


def test_a_diagonal_past_the_end_of_an_edge_feature_does_not_cross_it(core: Ruleset) -> None:
    from bbcore.model.pitch import FeatureType
    from bbcore.rules.board import Board

    # The fence runs between x 11 and x 12 for y 6-8 only: (11, 8) to (12, 9) clips its end.
    fence = FeatureType("fence", "Fence", "edge", "A low fence.", crossing_cost=1, pushed_into="stays")
    pitch = _with_features(core, (fence, (None, tuple(((11, y), (12, y)) for y in (6, 7, 8)))))
    geometry = Board.build(pitch, (), build_board(core, {}).ball).geometry
    assert geometry.feature_between((11, 8), (12, 9)) is None
    assert geometry.feature_between((11, 8), (12, 7)) is not None  # across it
    assert geometry.feature_between((11, 8), (12, 8)) is not None
    # Pushed from (10, 8) the player at (11, 8) goes round the end: (12, 9), the only square not across it.
    placed = build_board(core, {"a": ("home", "human/human-lineman", (10, 8)), "d": ("away", "orc/orc-lineman", (11, 8))})
    board = Board.build(pitch, placed.players.values(), placed.ball)
    with ScriptedDice([]) as dice:
        result = push(core, board, "d", (10, 8), dice, ScriptedDecisions([]), chooser="home")
    assert result.outcome.board.player("d").square == (12, 9)


class SpitsTheBallOut:
    """A test plugin: a ball in any feature comes back out at (3, 3)."""

    @bbcore.hookimpl
    def bbcore_ball_reentry(self, ruleset: Any, board: Any, square: Any, dice: Any) -> Any:
        from bbcore.rules.ball import BallReentry

        return BallReentry((3, 3), bounce=False)


def test_a_carrier_pushed_into_a_feature_that_takes_the_ball_loses_it(make_ruleset: Any) -> None:
    from bbcore.model.pitch import Area, FeatureType
    from bbcore.rules.board import Board

    rules = make_ruleset(plugins=[("spits", SpitsTheBallOut())], entry_points=False)
    well = FeatureType("well", "Well", "squares", "A deep well.", blocks_movement=True, pushed_into="enters", ball_lands="re-enters")
    pitch = _with_features(rules, (well, (Area(12, 6, 1, 3), ())))
    placed = build_board(rules, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))}, ball="d")
    board = Board.build(pitch, placed.players.values(), placed.ball)
    with ScriptedDice([]) as dice:
        result = push(rules, board, "d", (10, 7), dice, ScriptedDecisions([]), chooser="home")
    after = result.outcome.board
    assert after.player("d").square == (12, 7)
    assert (after.ball.carrier, after.ball.square) == (None, (3, 3))


def test_juggernaut_keeps_only_opponents_from_stand_firm_in_a_chain_push(core: Ruleset) -> None:
    from bbcore.rules.block import block_push
    from bbcore.rules.decisions import DefaultDecisions

    players = {
        "a": ("home", "human/human-lineman", (10, 7)),
        "d": ("away", "orc/orc-lineman", (11, 7)),
        "m": ("home", "human/human-lineman", (12, 7)),
        "x1": ("away", "orc/orc-lineman", (12, 6)),
        "x2": ("away", "orc/orc-lineman", (12, 8)),
    }
    for stand_firm_of in ("m", "d"):
        board = build_board(core, players, skills={"a": {"juggernaut": None}, stand_firm_of: {"stand-firm": None}})
        with ScriptedDice([]) as dice:
            result = block_push(core, board, "a", "d", dice, DefaultDecisions(), blitz=True)
        stood = [e.who for e in result.outcome.events if e.kind == "push" and e.result == "stood-firm"]
        assert stood == (["m"] if stand_firm_of == "m" else [])  # his own team-mate keeps it; the target does not
