"""The board: a player who loses their tackle zone for a while marks, covers and assists nobody."""

from __future__ import annotations

import attrs

from bbcore.rules.block import block_dice
from bbcore.rules.board import Board
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

LINEMAN, ORC = "human/human-lineman", "orc/orc-lineman"


def without_tackle_zone(board: Board, player_id: str) -> Board:
    return board.with_player(attrs.evolve(board.player(player_id), tackle_zone=False))


def scrum(core: Ruleset) -> Board:
    """``a`` blocks ``d``; ``helper`` stands by ``d`` and ``orc_helper`` by ``a``."""
    return build_board(
        core,
        {
            "a": ("home", LINEMAN, (10, 7)),
            "d": ("away", ORC, (11, 7)),
            "helper": ("home", LINEMAN, (11, 6)),
            "orc_helper": ("away", ORC, (9, 8)),
        },
    )


def test_players_have_their_tackle_zone_by_default(core: Ruleset) -> None:
    board = scrum(core)
    assert all(p.tackle_zone for p in board.players.values())
    assert board.in_play(board.player("helper"))


def test_a_player_without_a_tackle_zone_is_out_of_play_but_can_still_be_marked(core: Ruleset) -> None:
    board = without_tackle_zone(scrum(core), "d")
    d = board.player("d")
    assert not board.in_play(d)
    assert {p.id for p in board.markers_of(d)} == {"a", "helper"}


def test_a_player_without_a_tackle_zone_marks_and_covers_nobody(core: Ruleset) -> None:
    board = scrum(core)
    assert [p.id for p in board.markers_of(board.player("a"))] == ["d", "orc_helper"]
    assert board.tackle_zones_on((8, 9), "home") == 1
    board = without_tackle_zone(board, "orc_helper")
    assert [p.id for p in board.markers_of(board.player("a"))] == ["d"]
    assert board.tackle_zones_on((8, 9), "home") == 0


def test_a_player_without_a_tackle_zone_gives_no_assist(core: Ruleset) -> None:
    board = scrum(core)
    assert block_dice(core, board, "a", "d").offensive_assists == ("helper",)
    plan = block_dice(core, without_tackle_zone(board, "helper"), "a", "d")
    assert plan.offensive_assists == ()
    assert plan.defensive_assists == ("orc_helper",)
