"""Timmm-ber! and Steady Footing, with scripted dice.

Each test would fail without the rule it names; the numbers come from the parameters.
"""

from __future__ import annotations

from fractions import Fraction

from bbcore.dice import ScriptedDice
from bbcore.odds import block_odds
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import MoveProgress, move, stand_up_modifier
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.test_block import PLAYER_DOWN, POW, duel
from tests.rules.test_more_skills import block_with
from tests.rules.test_movement import east, field, walk

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


# -- Steady Footing ---------------------------------------------------------------------------------

STEADY = {"steady-footing": None}
HELD = [2, 2]  # an armour roll that breaks nobody's armour


def test_steady_footing_keeps_a_blocked_player_standing_on_a_good_roll(core: Ruleset) -> None:
    target = core.parameters.targets.steady_footing
    board = duel(core, skills={"d": STEADY}, ball="d")
    kept = block_with(core, board, [POW, target], [("push-square", (12, 7)), ("follow-up", False)])
    defender = kept.board.player("d")
    assert (defender.status, defender.square) == (Status.STANDING, (12, 7))
    assert kept.board.ball.carrier == "d"
    assert [(e.kind, e.result) for e in kept.events][-1] == ("steady-footing", "kept-footing")
    assert not events_of(kept, "armour")


def test_a_low_steady_footing_roll_knocks_the_player_down_as_usual(core: Ruleset) -> None:
    target = core.parameters.targets.steady_footing
    board = duel(core, skills={"d": STEADY})
    fell = block_with(core, board, [POW, target - 1, *HELD], [("push-square", (12, 7)), ("follow-up", False)])
    assert fell.board.player("d").status is Status.PRONE
    assert [e.result for e in events_of(fell, "steady-footing")] == ["fell"]
    assert len(events_of(fell, "armour")) == 1


def test_a_blocker_who_keeps_his_feet_on_a_player_down_causes_no_turnover(core: Ruleset) -> None:
    target = core.parameters.targets.steady_footing
    board = duel(core, skills={"a": STEADY})
    kept = block_with(core, board, [PLAYER_DOWN, target], [])
    assert kept.board.player("a").standing
    assert not kept.turnover
    fell = block_with(core, board, [PLAYER_DOWN, target - 1, *HELD], [])
    assert fell.turnover


def test_a_dodger_who_keeps_his_feet_carries_on_moving(core: Ruleset) -> None:
    target = core.parameters.targets.steady_footing
    board = field(core, opponents=[(4, 5)], skills={"m": STEADY})
    path = east((5, 5), 3)
    failed_dodge = 1
    outcome = walk(core, board, path, [failed_dodge, target])
    assert outcome.board.player("m").square == path[-1]
    assert outcome.board.player("m").standing
    assert not outcome.turnover
    assert MoveProgress.after(outcome, "m").ma_used == len(path)
    assert [e.result for e in outcome.events if e.kind == "move-ends"] == ["completed"]


def test_a_rusher_who_keeps_his_feet_still_dodges_out_of_the_square(core: Ruleset) -> None:
    target = core.parameters.targets.steady_footing
    board = field(core, opponents=[(4, 5)], skills={"m": STEADY})
    player = board.player("m")
    path = east((5, 5), 1)
    outcome = walk(core, board, path, [1, target, 6], ma_used=player.ma)
    assert [e.kind for e in outcome.events][:4] == ["rush", "steady-footing", "step", "dodge"]
    assert outcome.board.player("m").square == path[-1]
    assert not outcome.turnover


def test_a_fall_that_steady_footing_does_not_stop_is_a_turnover(core: Ruleset) -> None:
    target = core.parameters.targets.steady_footing
    board = field(core, opponents=[(4, 5)], skills={"m": STEADY})
    outcome = walk(core, board, east((5, 5), 2), [1, target - 1, *HELD])
    assert outcome.turnover
    assert outcome.board.player("m").status is Status.PRONE
    assert [e.kind for e in outcome.events][:4] == ["step", "dodge", "steady-footing", "fall"]


def test_the_block_odds_count_steady_footing(core: Ruleset) -> None:
    falls = Fraction(core.parameters.targets.steady_footing - 1, 6)
    plain = block_odds(core, duel(core), "a", "d").results
    steady = block_odds(core, duel(core, skills={"d": STEADY}), "a", "d").results
    assert steady["defender-down"] == plain["defender-down"] * falls
    assert steady["pushed"] == plain["pushed"] + plain["defender-down"] * (1 - falls)
    assert steady["both-down"] == plain["both-down"] * falls
    assert steady["attacker-down"] == plain["attacker-down"] + plain["both-down"] * (1 - falls)
    assert sum(steady.values()) == 1
