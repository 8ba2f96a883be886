"""What a player may do once an action is over: Hit and Run's free step, Quick Foul and Give and Go's move on,
and which Casualties earn Star Player Points (Violent Innovator, Lethal Flight)."""

from __future__ import annotations

import attrs
import pytest

from bbcore.errors import UsageError
from bbcore.rules.activation import activation_goes_on
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.league import casualty_earns_spp
from bbcore.rules.movement import hit_and_run, hit_and_run_squares
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"


def after_a_block(rules: Ruleset, *, skills: dict[str, int | str | None] | None = None, ball: Square | None = None) -> Board:
    """r (home) has just blocked o, who lies Prone beside him; another opponent x stands three squares south."""
    players: dict[str, tuple[str, str, Square | None]] = {
        "r": ("home", HUMAN, (10, 7)),
        "o": ("away", ORC, (11, 7)),
        "x": ("away", ORC, (10, 10)),
    }
    return build_board(
        rules, players, skills={"r": skills if skills is not None else {"hit-and-run": None}}, statuses={"o": "prone"}, ball=ball
    )


def test_hit_and_run_steps_only_where_no_opponent_is_next_to_the_player(core: Ruleset) -> None:
    board = after_a_block(core)
    squares = hit_and_run_squares(board, "r")
    # Around (10, 7), every square of the middle and east columns touches the Prone o at (11, 7).
    assert sorted(squares) == [(9, 6), (9, 7), (9, 8)]
    farther = board.with_player(board.player("x").moved((9, 9)))
    assert sorted(hit_and_run_squares(farther, "r")) == [(9, 6), (9, 7)]  # x now touches (9, 8)
    outcome = hit_and_run(board, "r", (9, 6))
    assert outcome.board.player("r").square == (9, 6)
    assert [(e.kind, e.result) for e in outcome.events] == [("hit-and-run", "stepped")]
    assert not outcome.events[0].rolls  # no Dodge


def test_hit_and_run_refuses_a_square_near_an_opponent_or_holding_the_ball(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="cannot Hit and Run"):
        hit_and_run(after_a_block(core), "r", (11, 6))
    assert (9, 6) not in hit_and_run_squares(after_a_block(core, ball=(9, 6)), "r")


def test_hit_and_run_needs_the_skill_and_a_standing_player(core: Ruleset) -> None:
    assert hit_and_run_squares(after_a_block(core, skills={}), "r") == []
    board = after_a_block(core)
    assert hit_and_run_squares(board.with_player(board.player("r").with_status(Status.PRONE)), "r") == []


@pytest.mark.parametrize(
    ("skill", "action", "pass_range", "goes_on"),
    [
        ("quick-foul", "foul", None, True),
        ("quick-foul", "hand-off", None, False),
        ("give-and-go", "pass", "quick", True),
        ("give-and-go", "pass", "short", False),
        ("give-and-go", "hand-off", None, True),
        (None, "foul", None, False),
    ],
)
def test_an_activation_goes_on_after_the_action_its_skill_names(
    core: Ruleset, skill: str | None, action: str, pass_range: str | None, goes_on: bool
) -> None:
    player = after_a_block(core, skills={skill: None} if skill else {}).player("r")
    assert activation_goes_on(player, action, pass_range=pass_range) is goes_on
    assert activation_goes_on(player, action, pass_range=pass_range, turnover=True) is False


def test_a_sent_off_quick_fouler_goes_no_further(core: Ruleset) -> None:
    player = after_a_block(core, skills={"quick-foul": None}).player("r")
    assert activation_goes_on(player.with_status(Status.SENT_OFF), "foul") is False


def test_which_casualties_earn_star_player_points(core: Ruleset) -> None:
    plain = after_a_block(core, skills={}).player("r")
    innovator = attrs.evolve(plain, skills={"violent-innovator": None})
    flier = attrs.evolve(plain, skills={"lethal-flight": None})
    assert casualty_earns_spp("block", plain)
    assert not casualty_earns_spp("stab", plain)
    assert casualty_earns_spp("stab", innovator)
    assert casualty_earns_spp("chainsaw", innovator)
    assert not casualty_earns_spp("foul", innovator)
    assert not casualty_earns_spp("crowd", plain)
    assert not casualty_earns_spp("crash-landing", plain)
    assert casualty_earns_spp("crash-landing", flier)
    assert not casualty_earns_spp("block", None)
