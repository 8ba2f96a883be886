"""Monstrous Mouth's Chomp and the Chomped condition, with scripted dice.

The Orc ``c`` (away, Monstrous Mouth) stands at (11, 7), beside the Human ``t`` (home) at
(10, 7). The numbers come from the parameters, so each test fails if its rule is not played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.ball_and_chain import ball_and_chain
from bbcore.rules.block import block, trickster
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.movement import hit_and_run_squares, move, paths_within
from bbcore.rules.on_the_ball import may_move
from bbcore.rules.special_actions import CHOMP, chomp
from bbcore.rules.ttm import throw_team_mate
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"
MOUTH = {"monstrous-mouth": None}
PUSH = 3  # the block die's Push Back


def scene(core: Ruleset, others: dict[str, tuple[str, str, tuple[int, int]]] | None = None, **kwargs: Any) -> Board:
    skills = {"c": MOUTH, **kwargs.pop("skills", {})}
    players = {"t": ("home", HUMAN, (10, 7)), "c": ("away", ORC, (11, 7)), **(others or {})}
    return build_board(core, players, skills=skills, **kwargs)


def chomp_on(core: Ruleset) -> int:
    return core.parameters.special_actions.chomp.chomp_on


def chomped(core: Ruleset, board: Board | None = None) -> Board:
    """``t`` Chomped by ``c``."""
    with ScriptedDice([chomp_on(core)]) as dice:
        return chomp(core, board or scene(core), "c", "t", dice).board


def results(outcome: Outcome, kind: str) -> list[str]:
    return [e.result for e in outcome.events if e.kind == kind]


# -- The Chomp ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("below", "held"), [(1, False), (0, True)])
def test_a_chomp_holds_its_target_on_its_number(core: Ruleset, below: int, held: bool) -> None:
    board = scene(core)
    with ScriptedDice([chomp_on(core) - below]) as dice:
        outcome = chomp(core, board, "c", "t", dice)
    assert results(outcome, CHOMP) == ["chomped" if held else "nothing"]
    assert outcome.board.player("t").chomped_by == (("c",) if held else ())
    assert [p.id for p in outcome.board.chompers_of(outcome.board.player("t"))] == (["c"] if held else [])
    assert not outcome.turnover


def test_a_missed_chomp_may_be_rolled_again_with_a_team_re_roll(core: Ruleset) -> None:
    with ScriptedDice([chomp_on(core) - 1, chomp_on(core)]) as dice, ScriptedDecisions([("team-reroll", True)], strict=True) as coach:
        outcome = chomp(core, scene(core), "c", "t", dice, coach, team_reroll=1)
    (event,) = [e for e in outcome.events if e.kind == CHOMP]
    assert (event.rolls, event.result, event.detail["rerolled_with"]) == ((chomp_on(core) - 1, chomp_on(core)), "chomped", "team-reroll")
    assert outcome.board.player("t").chomped_by == ("c",)


def test_foul_appearance_may_call_a_chomp_off(core: Ruleset) -> None:
    board = scene(core, skills={"t": {"foul-appearance": None}})
    with ScriptedDice([1]) as dice:
        outcome = chomp(core, board, "c", "t", dice)
    assert results(outcome, "foul-appearance") == ["cancelled"]
    assert outcome.board.player("t").chomped_by == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: b.with_player(attrs.evolve(b.player("c"), skills={})), "no monstrous-mouth"),
        (lambda b: b.with_player(b.player("t").with_status(Status.PRONE)), "Standing opposition player"),
        (lambda b: b.with_player(attrs.evolve(b.player("c"), tackle_zone=False)), "not Distracted"),
        (lambda b: b.with_player(b.player("t").moved((9, 7))), "next to him"),
        # A Tackle Zone that reaches east only (a plugin's narrower reach): beside him, but not marked.
        (lambda b: b.with_player(attrs.evolve(b.player("c"), reach=((1, 0),))), "Tackle Zone must cover"),
    ],
)
def test_a_chomp_needs_the_skill_and_a_standing_opponent_marked(core: Ruleset, change: Callable[[Board], Board], message: str) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match=message):
        chomp(core, change(scene(core)), "c", "t", dice)


def test_two_chompers_hold_one_player_each_in_his_own_right(core: Ruleset) -> None:
    board = chomped(core, scene(core, {"k": ("away", ORC, (10, 8))}, skills={"k": MOUTH}))
    with ScriptedDice([chomp_on(core)]) as dice:
        board = chomp(core, board, "k", "t", dice).board
    assert board.player("t").chomped_by == ("c", "k")
    board = board.with_player(board.player("c").with_status(Status.PRONE))
    assert board.player("t").chomped_by == ("k",)
    assert [p.id for p in board.chompers_of(board.player("t"))] == ["k"]


# -- Held in his square --------------------------------------------------------------------------------


def test_a_chomped_player_may_not_move_but_may_stand_up(core: Ruleset) -> None:
    board = chomped(core)
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="Chomped"):
        move(core, board, "t", [(9, 7)], dice, ScriptedDecisions([]))
    # Knocked down where he is, he is still held (a Prone player is Marked too): he stands, and goes nowhere.
    down = board.with_player(board.player("t").with_status(Status.PRONE))
    assert down.player("t").chomped_by == ("c",)
    with ScriptedDice([]) as dice:
        stood = move(core, down, "t", [], dice, ScriptedDecisions([]))
    assert stood.board.player("t").standing
    assert stood.board.player("t").square == (10, 7)
    assert paths_within(core, board, board.player("t"), 3) == []


def test_a_chomped_player_has_no_free_move_step_or_throw(core: Ruleset) -> None:
    skills = {"t": {"hit-and-run": None, "on-the-ball": None, "right-stuff": None}, "o": {"throw-team-mate": None}}
    free = scene(core, {"o": ("home", "human/ogre", (9, 7))}, skills=skills)
    assert hit_and_run_squares(free, "t")
    assert may_move(free, free.player("t"))
    held = chomped(core, free)
    assert hit_and_run_squares(held, "t") == []
    assert not may_move(held, held.player("t"))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="Chomped"):
        throw_team_mate(core, held, "o", "t", (6, 7), dice, ScriptedDecisions([]))


def distracted_for_a_while(board: Board) -> Board:
    """The chomper Distracted, then given his Tackle Zone back: Distracted, he marked nobody, so the hold is over, and it
    does not come back with his Tackle Zone."""
    board = board.with_player(attrs.evolve(board.player("c"), tackle_zone=False))
    return board.with_player(attrs.evolve(board.player("c"), tackle_zone=True))


@pytest.mark.parametrize(
    "letting_go",
    [
        lambda b: b.with_player(b.player("c").with_status(Status.PRONE)),  # the chomper goes down
        lambda b: b.with_player(b.player("c").moved((12, 7))),  # he steps out of reach
        lambda b: b.with_player(b.player("c").with_status(Status.RESERVES)),  # he leaves the pitch
        distracted_for_a_while,
    ],
)
def test_the_hold_ends_once_the_chomper_no_longer_marks_him(core: Ruleset, letting_go: Callable[[Board], Board]) -> None:
    board = letting_go(chomped(core))
    assert board.player("t").chomped_by == ()
    assert board.chompers_of(board.player("t")) == []


def test_a_chomper_who_dodges_away_lets_go(core: Ruleset) -> None:
    board = chomped(core)
    with ScriptedDice([6]) as dice:  # c's Dodge out of t's Tackle Zone
        moved = move(core, board, "c", [(12, 7)], dice, ScriptedDecisions([]))
    assert moved.board.player("t").chomped_by == ()
    with ScriptedDice([]) as dice:  # t walks off: nobody marks him now
        walked = move(core, moved.board, "t", [(9, 7)], dice, ScriptedDecisions([]))
    assert walked.board.player("t").square == (9, 7)


@pytest.mark.parametrize(("square", "held"), [((9, 8), False), ((10, 8), True)])
def test_a_push_still_moves_a_chomped_player_and_lets_go_out_of_reach(core: Ruleset, square: tuple[int, int], held: bool) -> None:
    board = chomped(core, scene(core, {"b": ("away", ORC, (11, 6))}))
    answers = [("block-face", 0), ("push-square", square), ("follow-up", False)]
    with ScriptedDice([PUSH, PUSH]) as dice, ScriptedDecisions(answers, strict=True) as coach:
        outcome = block(core, board, "b", "t", dice, coach)
    assert outcome.board.player("t").square == square
    assert outcome.board.player("t").chomped_by == (("c",) if held else ())


@pytest.mark.parametrize("taunt", [False, True])
def test_a_chomped_blocker_does_not_follow_up(core: Ruleset, taunt: bool) -> None:
    skills = {"d": {"taunt": None}} if taunt else {}
    board = scene(core, {"d": ("away", ORC, (10, 6))}, skills=skills)
    board = board.with_player(attrs.evolve(board.player("t"), st=5))  # two dice, his choice, against the assisted Orc
    free_answers = [("block-face", 0), ("push-square", (10, 5)), ("use-skill" if taunt else "follow-up", True)]
    with ScriptedDice([PUSH, PUSH]) as dice, ScriptedDecisions(free_answers, strict=True) as coach:
        free = block(core, board, "t", "d", dice, coach)
    assert free.board.player("t").square == (10, 6)
    # Chomped, he is asked nothing about following, and stays where the chomper holds him.
    held = chomped(core, board)
    with ScriptedDice([PUSH, PUSH]) as dice, ScriptedDecisions([("block-face", 0), ("push-square", (10, 5))], strict=True) as coach:
        stayed = block(core, held, "t", "d", dice, coach)
    assert stayed.board.player("t").square == (10, 7)
    assert stayed.board.player("d").square == (10, 5)


def test_a_chomped_trickster_does_not_step_aside(core: Ruleset) -> None:
    board = scene(core, {"b": ("away", ORC, (11, 6))}, skills={"t": {"trickster": None}})
    with ScriptedDice([]) as dice, ScriptedDecisions([("square", (12, 5))], strict=True) as coach:
        assert trickster(core, board, "b", "t", dice, coach).board.player("t").square == (12, 5)
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as coach:
        stayed = trickster(core, chomped(core, board), "b", "t", dice, coach)
    assert stayed.board.player("t").square == (10, 7)
    assert not stayed.events


@pytest.mark.parametrize("skill", ["shadowing", "diving-tackle"])
def test_a_chomped_marker_neither_shadows_nor_dives(core: Ruleset, skill: str) -> None:
    # The away ``m`` dodges west out of t's Tackle Zone; t would follow him (Shadowing) or dive into the square left.
    board = scene(core, {"m": ("away", ORC, (9, 7))}, skills={"t": {skill: None}})
    ag = board.player("m").ag
    rolls = [6, core.parameters.targets.shadowing] if skill == "shadowing" else [ag, 1, 1]
    with ScriptedDice(rolls) as dice, ScriptedDecisions([("use-skill", True)], strict=True) as coach:
        free = move(core, board, "m", [(8, 7)], dice, coach)
    assert free.board.player("t").square == (9, 7)
    held = chomped(core, board)
    with ScriptedDice([rolls[0]]) as dice, ScriptedDecisions([], strict=True) as coach:
        outcome = move(core, held, "m", [(8, 7)], dice, coach)
    assert outcome.board.player("t").square == (10, 7)
    assert outcome.board.player("m").standing


def test_a_ball_and_chain_swings_on_and_so_lets_go(core: Ruleset) -> None:
    players = {"f": ("home", "goblin/fanatic", (10, 7)), "c": ("away", ORC, (9, 7))}
    board = build_board(core, players, skills={"c": MOUTH})
    with ScriptedDice([chomp_on(core)]) as dice:
        board = chomp(core, board, "c", "f", dice).board
    assert board.player("f").chomped_by == ("c",)
    with ScriptedDice([3]) as dice, ScriptedDecisions([("facing", (1, 0)), ("facing", None)]) as coach:  # straight on, east
        swung = ball_and_chain(core, board, "f", dice, coach)
    assert swung.board.player("f").square == (11, 7)
    assert swung.board.player("f").chomped_by == ()
