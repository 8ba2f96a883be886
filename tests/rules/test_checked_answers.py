"""Every answer a coach gives is checked against what the procedure offered.

A coach here is a :class:`DefaultDecisions` with one question answered wrongly, as a bot or a
user interface with a bug would: the procedure must stop with :class:`IllegalAnswerError`,
naming the question, instead of playing a move the rules do not allow.
"""

from __future__ import annotations

from typing import Any

import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.activation import activation_test
from bbcore.rules.ball import touchback
from bbcore.rules.block import block
from bbcore.rules.decisions import (
    DefaultDecisions,
    IllegalAnswerError,
    checked_choice,
    checked_choice_or_none,
    checked_choices,
    checked_index,
)
from bbcore.rules.passing import try_interception
from bbcore.rules.push import push
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

POW, PUSH = 6, 3


def answering(method: str, answer: object) -> DefaultDecisions:
    """A sensible coach except for one question, which it always answers with ``answer``."""
    coach = DefaultDecisions()
    setattr(coach, method, lambda *_: answer)
    return coach


# -- the checks themselves --------------------------------------------------------------------


def test_an_offered_answer_comes_back_as_offered() -> None:
    assert checked_choice([3, 4], [(1, 2), (3, 4)], question="push-square", who="home") == (3, 4)
    assert checked_choice("b", ["a", "b"], question="touchback", who="home") == "b"
    assert checked_choice_or_none(None, ["a"], question="interceptor", who="away") is None
    assert checked_index(1, 2, question="block-face", who="home") == 1
    assert checked_choices(["b", "a"], ["a", "b", "c"], 2, question="mvp-nominees", who="home") == ("b", "a")


@pytest.mark.parametrize(
    ("answer", "offered"),
    [("c", ["a", "b"]), (None, ["a"]), ((5, 5), [(1, 2)]), (True, [1, -1]), (1, [True, False]), ([1], ["1"])],
)
def test_an_answer_not_offered_is_refused_with_the_choices(answer: Any, offered: list[Any]) -> None:
    with pytest.raises(IllegalAnswerError, match=r"the 'q' question for someone was answered .*; the choices were \["):
        checked_choice(answer, offered, question="q", who="someone")


@pytest.mark.parametrize("answer", [2, -1, True, "0", 0.0, None])
def test_an_index_out_of_range_or_of_the_wrong_type_is_refused(answer: Any) -> None:
    with pytest.raises(IllegalAnswerError, match="the choices were 0 to 1"):
        checked_index(answer, 2, question="block-face", who="home")


@pytest.mark.parametrize("answer", [["a", "a"], ["a", "b", "c"], ["z"]])
def test_several_answers_must_be_different_offered_and_few_enough(answer: list[str]) -> None:
    with pytest.raises(IllegalAnswerError, match="'mvp-nominees' question for home"):
        checked_choices(answer, ["a", "b", "c"], 2, question="mvp-nominees", who="home")


def test_a_long_list_of_choices_is_cut_short_in_the_message() -> None:
    with pytest.raises(IllegalAnswerError, match=r"'s11', and 8 more\]$"):
        checked_choice("x", [f"s{n}" for n in range(20)], question="q", who="w")


def test_an_illegal_answer_is_a_usage_error() -> None:
    assert issubclass(IllegalAnswerError, UsageError)


# -- the procedures that ask ------------------------------------------------------------------


@pytest.mark.parametrize("answer", [2, -1, True])
def test_a_block_face_that_was_not_rolled(core: Ruleset, answer: object) -> None:
    board = build_board(core, {"a": ("home", "human/ogre", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))})
    with pytest.raises(IllegalAnswerError, match="'block-face' question for home"):
        block(core, board, "a", "d", ScriptedDice([POW, PUSH]), answering("block_face", answer))


def test_the_block_face_offered_is_played(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/ogre", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))})
    outcome = block(core, board, "a", "d", ScriptedDice([POW, PUSH]), answering("block_face", 1))
    assert outcome.events[0].result == "push-back"


def test_a_push_square_that_was_not_offered(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))})
    with pytest.raises(IllegalAnswerError, match=r"'push-square' question for home was answered \(9, 7\)"):
        push(core, board, "d", (10, 7), ScriptedDice([]), answering("push_square", (9, 7)), chooser="home")


def test_a_push_square_read_from_json_as_a_list_is_taken(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7))})
    result = push(core, board, "d", (10, 7), ScriptedDice([]), answering("push_square", [12, 6]), chooser="home")
    assert result.outcome.board.player("d").square == (12, 6)


def test_a_touchback_to_a_player_of_the_other_team(core: Ruleset) -> None:
    board = build_board(core, {"h": ("home", "human/human-lineman", (5, 7)), "o": ("away", "orc/orc-lineman", (20, 7))})
    with pytest.raises(IllegalAnswerError, match=r"'touchback' question for home was answered 'o'; the choices were \['h'\]"):
        touchback(board, "home", answering("touchback_receiver", "o"))


def test_an_interceptor_who_is_not_in_the_way(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "p": ("home", "human/human-thrower", (5, 7)),
            "i": ("away", "orc/orc-lineman", (8, 7)),
            "far": ("away", "orc/orc-lineman", (20, 2)),
        },
        ball="p",
    )
    with pytest.raises(IllegalAnswerError, match=r"'interceptor' question for away was answered 'far'; the choices were \['i'\]"):
        try_interception(core, board, "p", (11, 7), "accurate", ScriptedDice([]), answering("interceptor", "far"))


def test_a_lash_out_at_a_player_who_is_not_next_to_him(core: Ruleset) -> None:
    board = build_board(
        core,
        {
            "m": ("home", "human/human-lineman", (5, 5)),
            "t": ("home", "human/human-lineman", (5, 6)),
            "far": ("home", "human/human-lineman", (9, 9)),
            "o": ("away", "orc/orc-lineman", (15, 10)),
        },
        skills={"m": {"animal-savagery": None}},
    )
    with pytest.raises(IllegalAnswerError, match=r"'team-mate' question for m was answered 'far'; the choices were \['t'\]"):
        activation_test(core, board, "m", "move", ScriptedDice([3]), answering("team_mate", "far"))
