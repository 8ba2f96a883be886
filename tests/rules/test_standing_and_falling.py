"""Timmm-ber!, with scripted dice.

Each test would fail without the rule it names; the numbers come from the parameters.
"""

from __future__ import annotations

from bbcore.dice import ScriptedDice
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import move, stand_up_modifier
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

TREEMAN, HALFLING, ORC = "halfling/athel-forest-treeman", "halfling/halfling-hopeful", "orc/orc-lineman"


def events_of(outcome: Outcome, kind: str) -> list[Event]:
    return [e for e in outcome.events if e.kind == kind]


# -- Timmm-ber! -------------------------------------------------------------------------------------


def fallen_tree(rules: Ruleset, mates: tuple[Square, ...], opponents: tuple[Square, ...] = ()) -> Board:
    players: dict[str, tuple[str, str, Square | None]] = {"tree": ("home", TREEMAN, (5, 5))}
    players |= {f"h{n}": ("home", HALFLING, square) for n, square in enumerate(mates)}
    players |= {f"o{n}": ("away", ORC, square) for n, square in enumerate(opponents)}
    return build_board(rules, players, statuses={"tree": "prone"})


def stand(rules: Ruleset, board: Board, roll: int) -> Outcome:
    with ScriptedDice([roll]) as dice, ScriptedDecisions([]) as decisions:
        return move(rules, board, "tree", [], dice, decisions)


def test_timmm_ber_counts_each_open_standing_team_mate_next_to_the_player(core: Ruleset) -> None:
    per_mate = core.parameters.movement.timmm_ber
    board = fallen_tree(core, mates=((4, 5), (6, 6), (8, 8)))
    assert stand_up_modifier(core, board, board.player("tree")) == 2 * per_mate
    marked = fallen_tree(core, mates=((4, 5), (6, 6)), opponents=((7, 7),))
    assert stand_up_modifier(core, marked, marked.player("tree")) == per_mate
    lying = board.with_player(board.player("h0").with_status(Status.PRONE))
    assert stand_up_modifier(core, lying, lying.player("tree")) == per_mate


def test_timmm_ber_turns_a_failed_roll_to_stand_into_a_pass(core: Ruleset) -> None:
    short_by_one = core.parameters.targets.stand_up - 1
    alone = stand(core, fallen_tree(core, mates=()), short_by_one)
    assert alone.board.player("tree").status is Status.PRONE
    helped = stand(core, fallen_tree(core, mates=((4, 5),)), short_by_one)
    assert helped.board.player("tree").status is Status.STANDING
    (test,) = events_of(helped, "stand-up")
    assert test.detail["modifier"] == core.parameters.movement.timmm_ber


def test_a_natural_one_still_fails_however_many_help(core: Ruleset) -> None:
    crowd = fallen_tree(core, mates=((4, 4), (4, 5), (4, 6), (5, 4), (5, 6)))
    assert stand(core, crowd, 1).board.player("tree").status is Status.PRONE
