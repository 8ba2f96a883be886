"""Shadowing's limit: as many uses a turn as the shadowing player's MA, every roll counting, cleared as turns start and end.

The Human ``m`` dodges east from (5, 5) out of the Tackle Zone of the Orc ``o0`` at (4, 5).
"""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.board import Board, clear_turn_uses
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import end_turn
from bbcore.rules.movement import SHADOWING, move
from bbcore.rules.turns import start_turn
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game
from tests.rules.test_movement import field

MARKER = (4, 5)
USE = ("use-skill", True)


def shadowed(core: Ruleset, *, ma: int | None = None, used: int = 0) -> Board:
    board = field(core, opponents=[MARKER], skills={"o0": {SHADOWING: None}})
    shadow = board.player("o0")
    return board.with_player(attrs.evolve(shadow, ma=shadow.ma if ma is None else ma, turn_uses={SHADOWING: used} if used else {}))


@pytest.mark.parametrize("follows", [True, False])
def test_every_roll_is_a_use_followed_or_not(core: Ruleset, follows: bool) -> None:
    needed = core.parameters.targets.shadowing
    with ScriptedDice([4, needed if follows else needed - 1]) as dice, ScriptedDecisions([USE], strict=True) as coach:
        outcome = move(core, shadowed(core), "m", [(6, 5)], dice, coach)
    assert outcome.board.player("o0").turn_uses == {SHADOWING: 1}
    (event,) = [e for e in outcome.events if e.kind == SHADOWING]
    assert (event.detail["uses"], event.detail["limit"]) == (1, outcome.board.player("o0").ma)


@pytest.mark.parametrize(("used_of_ma", "offered"), [(1, True), (0, False)])
def test_no_shadowing_once_the_uses_reach_the_ma(core: Ruleset, used_of_ma: int, offered: bool) -> None:
    board = shadowed(core)
    ma = board.player("o0").ma
    board = shadowed(core, used=ma - used_of_ma)
    needed = core.parameters.targets.shadowing
    rolls, answers = ([4, needed], [USE]) if offered else ([4], [])
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=True) as coach:
        outcome = move(core, board, "m", [(6, 5)], dice, coach)
    assert outcome.board.player("o0").square == ((5, 5) if offered else MARKER)
    assert outcome.board.player("o0").turn_uses == {SHADOWING: ma}


def test_a_shadow_of_ma_one_follows_once_in_a_move(core: Ruleset) -> None:
    # He follows the first Dodge into (5, 5); the second, out of (6, 5), is beyond his limit: no question, no roll.
    needed = core.parameters.targets.shadowing
    with ScriptedDice([4, needed, 4]) as dice, ScriptedDecisions([USE], strict=True) as coach:
        outcome = move(core, shadowed(core, ma=1), "m", [(6, 5), (7, 5)], dice, coach)
    assert outcome.board.player("m").square == (7, 5)
    assert outcome.board.player("o0").square == (5, 5)
    assert len([e for e in outcome.events if e.kind == SHADOWING]) == 1


def test_the_count_is_cleared_as_a_turn_starts_and_as_it_ends(core: Ruleset) -> None:
    players = {"h1": ("home", "human/human-lineman", (10, 7)), "a1": ("away", "orc/orc-lineman", (14, 7))}
    state = game(core, players)
    counted = state.board.with_player(attrs.evolve(state.board.player("a1"), turn_uses={SHADOWING: 2}))
    assert clear_turn_uses(counted).player("a1").turn_uses == {}
    state = attrs.evolve(state, board=counted)
    started, _ = start_turn(core, state, "home", ScriptedDice([]), ScriptedDecisions([]))
    assert started.board.player("a1").turn_uses == {}
    ended, _ = end_turn(core, attrs.evolve(started, board=counted), "home", ScriptedDice([]))
    assert ended.board.player("a1").turn_uses == {}
