"""On the Ball: the opposition's short moves once a pass is declared, and a receiver's move at the kick-off.

The passer ``p`` (home, a Human Lineman) stands at (5, 7) with the ball and passes Quick
to ``r`` at (8, 7); the away Orc Linemen given the skill start two or more squares off.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import DecisionScriptError, DefaultDecisions, ScriptedDecisions
from bbcore.rules.drive import STEPS, kick
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import paths_within
from bbcore.rules.on_the_ball import KICK_OFF, PASS_DECLARED, kick_off_move, offered_moves, on_the_ball_move
from bbcore.rules.passing import pass_ball
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.game_states import game

LINEMAN, ORC = "human/human-lineman", "orc/orc-lineman"
PASSER, RECEIVER = (5, 7), (8, 7)
SKILL = {"on-the-ball": None}


def pitch(core: Ruleset, others: Mapping[str, tuple[str, str, Square]], *, statuses: Mapping[str, str] | None = None) -> Board:
    players = {"p": ("home", LINEMAN, PASSER), "r": ("home", LINEMAN, RECEIVER), **others}
    skilled = {pid: SKILL for pid, (team, _, _) in others.items() if team == "away"}
    return build_board(core, players, skills=skilled, statuses=statuses, ball="p")


def throw(core: Ruleset, board: Board, rolls: Iterable[int], answers: Iterable[tuple[str, Any]]) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        return pass_ball(core, board, "p", RECEIVER, dice, decisions)


def of_kind(outcome: Outcome | Sequence[Event], kind: str) -> list[Event]:
    events = outcome.events if isinstance(outcome, Outcome) else outcome
    return [e for e in events if e.kind == kind]


class Recording(DefaultDecisions):
    """Declines every free move, noting what it was offered."""

    def __init__(self) -> None:
        self.offers: list[tuple[str, str, list[tuple[str, tuple[Square, ...]]]]] = []

    def free_move(self, team: str, reason: str, moves: Sequence[tuple[str, tuple[Square, ...]]]) -> None:
        self.offers.append((team, reason, list(moves)))


# -- after a pass is declared ------------------------------------------------------------------------


def test_an_opponent_moves_before_the_test_and_his_marking_counts(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (5, 10))})
    moved = throw(core, board, [5, 4], [("free-move", ("o", [(4, 9), (4, 8)]))])
    kinds = [e.kind for e in moved.events]
    assert kinds.index("pass-action") < kinds.index("on-the-ball") < kinds.index("pass")
    (declared,) = of_kind(moved, "on-the-ball")
    assert (declared.who, declared.result, declared.detail["reason"]) == ("o", "moved", PASS_DECLARED)
    assert moved.board.player("o").square == (4, 8)
    assert of_kind(moved, "pass")[0].detail["modifier"] == -1  # he now marks the passer
    stayed = throw(core, board, [5, 4], [("free-move", None)])
    assert of_kind(stayed, "pass")[0].detail["modifier"] == 0
    assert not of_kind(stayed, "on-the-ball")


def test_only_standing_undistracted_opponents_with_the_skill_are_offered_a_move(core: Ruleset) -> None:
    others = {
        "o": ("away", ORC, (5, 11)),
        "down": ("away", ORC, (9, 11)),
        "plain": ("home", ORC, (12, 12)),  # a team-mate of the passer: never asked, skill or not
    }
    board = pitch(core, others, statuses={"down": "prone"})
    board = board.with_player(attrs.evolve(board.player("plain"), skills={"on-the-ball": None}))
    recording = Recording()
    with ScriptedDice([5, 4]) as dice:
        pass_ball(core, board, "p", RECEIVER, dice, recording)
    ((team, reason, moves),) = recording.offers
    assert (team, reason) == ("away", PASS_DECLARED)
    assert {mover for mover, _ in moves} == {"o"}
    # One path to every square within three squares of (5, 11), none longer.
    ends = {path[-1] for _, path in moves}
    assert (5, 8) in ends
    assert (8, 11) in ends
    assert (5, 7) not in ends
    assert all(len(path) <= core.parameters.movement.on_the_ball_squares for _, path in moves)


def test_players_move_one_at_a_time_until_their_coach_stops(core: Ruleset) -> None:
    board = pitch(core, {"a": ("away", ORC, (2, 12)), "b": ("away", ORC, (9, 12)), "c": ("away", ORC, (12, 12))})
    answers = [("free-move", ("a", [(2, 11)])), ("free-move", ("b", [(9, 11), (9, 10)])), ("free-move", None)]
    with ScriptedDice([5, 4]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        outcome = pass_ball(core, board, "p", RECEIVER, dice, decisions)
    assert [e.who for e in of_kind(outcome, "on-the-ball")] == ["a", "b"]
    assert outcome.board.player("b").square == (9, 10)
    assert outcome.board.player("c").square == (12, 12)
    # With every player moved, nobody is asked again.
    with ScriptedDice([5, 4]) as dice, ScriptedDecisions(answers[:2], strict=True) as decisions:
        pass_ball(core, board.without("c"), "p", RECEIVER, dice, decisions)


def test_a_fall_ends_every_later_move_and_is_no_turnover(core: Ruleset) -> None:
    # ``a`` dodges out of the receiver's tackle zone and falls; ``b`` is then not asked.
    board = pitch(core, {"a": ("away", ORC, (9, 8)), "b": ("away", ORC, (2, 12))})
    # Dodge 1 fails (no re-roll: out of his team's turn), armour 2+3 holds; then the pass.
    outcome = throw(core, board, [1, 2, 3, 5, 4], [("free-move", ("a", [(10, 9)]))])
    (declared,) = of_kind(outcome, "on-the-ball")
    assert declared.result == "fell"
    assert outcome.board.player("a").status is Status.PRONE
    assert not outcome.turnover
    assert of_kind(outcome, "catch")[0].result == "caught"


def test_a_failed_dodge_is_not_rolled_again_with_pro_out_of_his_activation(core: Ruleset) -> None:
    board = pitch(core, {"a": ("away", ORC, (9, 8))})
    board = board.with_player(attrs.evolve(board.player("a"), skills={"on-the-ball": None, "pro": None}))
    # The Dodge fails on a 1 and nobody is asked about Pro (the script is strict); armour 2+3 holds; then the pass.
    outcome = throw(core, board, [1, 2, 3, 5, 4], [("free-move", ("a", [(10, 9)]))])
    assert [e.result for e in outcome.events if e.kind == "on-the-ball"] == ["fell"]
    assert not [e for e in outcome.events if e.kind == "pro"]


def test_the_move_may_not_rush_nor_go_past_his_movement(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (5, 12))})
    with pytest.raises(UsageError, match="may not Rush"):
        throw(core, board, [], [("free-move", ("o", [(5, 11), (5, 10), (5, 9), (5, 8)]))])
    slow = board.with_player(attrs.evolve(board.player("o"), ma=2))
    with pytest.raises(UsageError, match="may not Rush"):
        throw(core, slow, [], [("free-move", ("o", [(5, 11), (5, 10), (5, 9)]))])


def test_a_player_not_offered_the_move_is_refused(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (5, 12)), "x": ("away", ORC, (9, 12))})
    board = board.with_player(attrs.evolve(board.player("x"), skills={}))
    with pytest.raises(DecisionScriptError, match="'x' is not among those who may move"):
        throw(core, board, [], [("free-move", ("x", [(9, 11)]))])
    with pytest.raises(UsageError, match="x cannot make an On the Ball move now"), ScriptedDice([]) as dice:
        pass_ball(core, board, "p", RECEIVER, dice, _Answering("x", [(9, 11)]))


class _Answering(DefaultDecisions):
    def __init__(self, player_id: str, path: list[Square]) -> None:
        self.answer = (player_id, path)

    def free_move(self, team: str, reason: str, moves: Sequence[tuple[str, tuple[Square, ...]]]) -> tuple[str, list[Square]]:
        return self.answer


def test_a_move_without_the_skill_is_refused(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (5, 12))})
    board = board.with_player(attrs.evolve(board.player("o"), skills={}))
    with pytest.raises(UsageError, match="needs the skill"):
        on_the_ball_move(core, board, "o", [(5, 11)], ScriptedDice([]), DefaultDecisions())


def test_the_reach_is_a_parameter(core: Ruleset) -> None:
    params = core.parameters
    longer = attrs.evolve(core, parameters=attrs.evolve(params, movement=attrs.evolve(params.movement, on_the_ball_squares=4)))
    board = pitch(core, {"o": ("away", ORC, (5, 12))})
    path = [(5, 11), (5, 10), (5, 9), (5, 8)]
    with pytest.raises(UsageError, match="may not Rush"):
        on_the_ball_move(core, board, "o", path, ScriptedDice([]), DefaultDecisions())
    moved = on_the_ball_move(longer, board, "o", path, ScriptedDice([]), DefaultDecisions())
    assert moved.board.player("o").square == (5, 8)


# -- paths ----------------------------------------------------------------------------------------------


def test_paths_within_go_round_players_and_stop_short_of_a_rush(core: Ruleset) -> None:
    board = build_board(core, {"o": ("away", ORC, (5, 5)), "wall": ("home", LINEMAN, (6, 5))})
    paths = paths_within(core, board, board.player("o"), 2)
    ends = [path[-1] for path in paths]
    assert len(ends) == len(set(ends))
    assert (6, 5) not in ends  # occupied
    assert (7, 5) in ends  # round the player, two steps
    assert (8, 5) not in ends  # three steps away
    assert all(len(path) <= 2 for path in paths)
    assert [len(p) for p in paths] == sorted(len(p) for p in paths)  # the nearest first
    kept = paths_within(core, board, board.player("o"), 2, within=lambda square: square[0] <= 5)
    assert all(square[0] <= 5 for path in kept for square in path)
    assert paths_within(core, board, board.player("o"), 0) == []


# -- at the kick-off --------------------------------------------------------------------------------------


def kicked(core: Ruleset, landing: Square, *also: str) -> GameState:
    """Home has kicked to ``landing``; away-5 (and the players ``also`` names) have On the Ball."""
    skills = dict.fromkeys(("away-5", *also), SKILL)
    return attrs.evolve(game(core, skills=skills), kicking_team="home", kick_landing=landing)


def test_the_kick_off_step_sits_between_the_kick_and_the_kick_off_event(core: Ruleset) -> None:
    steps = [step.id for step in core.sequence("start-of-drive").steps]
    assert steps.index("kick-off") + 1 == steps.index("on-the-ball") == steps.index("kick-off-event") - 1
    assert STEPS["on-the-ball"] is kick_off_move


def test_one_open_receiver_moves_in_his_own_half(core: Ruleset) -> None:
    state = kicked(core, (20, 7))
    # away-5 stands at (15, 6), behind the line: Open.
    assert state.board.player("away-5").square == (15, 6)
    with ScriptedDecisions([("free-move", ("away-5", [(16, 6), (17, 6), (18, 6)]))], strict=True) as decisions:
        after, events = kick_off_move(core, state, ScriptedDice([]), decisions)
    assert after.board.player("away-5").square == (18, 6)
    assert (events[0].kind, events[0].detail["reason"]) == ("on-the-ball", KICK_OFF)
    recording = Recording()
    kick_off_move(core, state, ScriptedDice([]), recording)
    ((team, reason, moves),) = recording.offers
    assert (team, reason) == ("away", KICK_OFF)
    assert {mover for mover, _ in moves} == {"away-5"}
    assert all(state.board.geometry.half_of(square) == "away" for _, path in moves for square in path)


def test_a_receiver_may_not_cross_into_the_kicking_half(core: Ruleset) -> None:
    state = kicked(core, (20, 7), "away-6")
    # away-6 is not on the line: move him to (14, 6) first, one step from the halfway line.
    board = state.board.with_player(state.board.player("away-6").moved((14, 11)))
    state = attrs.evolve(state, board=board)
    with pytest.raises(UsageError, match="may not leave his own half"):
        kick_off_move(core, state, ScriptedDice([]), _Answering("away-6", [(13, 12), (12, 12)]))


def test_a_marked_receiver_and_a_touchback_get_no_move(core: Ruleset) -> None:
    # away-1 stands on the line of scrimmage, marked by home-1 across it.
    marked = kicked(core, (20, 7), "away-1")
    recording = Recording()
    kick_off_move(core, marked, ScriptedDice([]), recording)
    assert {mover for _, _, moves in recording.offers for mover, _ in moves} == {"away-5"}
    for landing in ((11, 7), (27, 7)):  # in the kicking half; off the pitch
        recording = Recording()
        after, events = kick_off_move(core, kicked(core, landing), ScriptedDice([]), recording)
        assert (recording.offers, events) == ([], ())
        assert after.board is not None


def test_the_kick_off_step_needs_a_kick(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="after the kick"):
        kick_off_move(core, attrs.evolve(game(core), kicking_team="home"), ScriptedDice([]), DefaultDecisions())


def test_the_whole_kick_then_on_the_ball(core: Ruleset) -> None:
    state = attrs.evolve(game(core, skills={"away-5": SKILL}), kicking_team="home")
    answers = [("choose-players", ["home-4"]), ("kick-off-target", (20, 7)), ("free-move", ("away-5", [(16, 6)]))]
    with ScriptedDice([5, 1]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        in_the_air, _ = kick(core, state, dice, decisions)
        after, _ = kick_off_move(core, in_the_air, dice, decisions)
    assert after.board.player("away-5").square == (16, 6)
    assert offered_moves(core, after.board, ["away-5"])
