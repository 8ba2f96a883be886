"""Timmm-ber!, Steady Footing and Pick-me-up, with scripted dice.

Each test would fail without the rule it names; the numbers come from the parameters.
"""

from __future__ import annotations

from fractions import Fraction

from bbcore.dice import ScriptedDice
from bbcore.odds import block_odds
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import end_turn
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import MoveProgress, move, stand_up_modifier
from bbcore.rules.sequences import GameState, TeamState
from bbcore.rules.turn_end import pick_me_up
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


def test_pro_may_try_a_failed_steady_footing_roll_again_in_his_own_move(core: Ruleset) -> None:
    target = core.parameters.targets.steady_footing
    board = field(core, opponents=[(4, 5)], skills={"m": {**STEADY, "pro": None}})
    # The dodge fails and Pro is kept for later; Steady Footing fails, Pro's 4 lets it go again, and he keeps his feet.
    answers = [("use-skill", False), ("use-skill", True)]
    outcome = walk(core, board, east((5, 5), 2), [1, target - 1, 4, target], answers)
    assert outcome.board.player("m").standing
    assert not outcome.turnover
    assert [(e.kind, e.result) for e in outcome.events][1:5] == [
        ("dodge", "failed"),
        ("steady-footing", "fell"),
        ("pro", "re-roll"),
        ("steady-footing", "kept-footing"),
    ]


def test_the_block_odds_count_steady_footing(core: Ruleset) -> None:
    falls = Fraction(core.parameters.targets.steady_footing - 1, 6)
    plain = block_odds(core, duel(core), "a", "d").results
    steady = block_odds(core, duel(core, skills={"d": STEADY}), "a", "d").results
    assert steady["defender-down"] == plain["defender-down"] * falls
    assert steady["pushed"] == plain["pushed"] + plain["defender-down"] * (1 - falls)
    assert steady["both-down"] == plain["both-down"] * falls
    assert steady["attacker-down"] == plain["attacker-down"] + plain["both-down"] * (1 - falls)
    assert sum(steady.values()) == 1


# -- Pick-me-up -------------------------------------------------------------------------------------


def helpers_board(rules: Ruleset, helper_status: str = "standing") -> Board:
    players: dict[str, tuple[str, str, Square | None]] = {
        "helper": ("home", HALFLING, (5, 5)),
        "near": ("home", HALFLING, (8, 5)),
        "far": ("home", HALFLING, (9, 5)),
        "foe": ("away", ORC, (20, 5)),
    }
    return build_board(
        rules,
        players,
        skills={"helper": {"pick-me-up": None}},
        statuses={"near": "prone", "far": "prone", "helper": helper_status, "foe": "prone"},
    )


def test_pick_me_up_stands_prone_team_mates_near_it_at_the_end_of_the_opposition_turn(core: Ruleset) -> None:
    reach, target = core.parameters.movement.pick_me_up_reach, core.parameters.targets.pick_me_up
    board = helpers_board(core)
    assert board.player("far").square[0] - board.player("helper").square[0] == reach + 1  # type: ignore[index]
    with ScriptedDice([target]) as dice:
        after, events = end_turn(core, GameState(TeamState("home", "H", "", 0), TeamState("away", "A", "", 0), board), "away", dice)
    assert after.board.player("near").status is Status.STANDING
    assert after.board.player("far").status is Status.PRONE  # out of reach
    assert after.board.player("foe").status is Status.PRONE  # an opponent is never helped
    assert [(e.who, e.result, e.detail["helper"]) for e in events] == [("near", "stood-up", "helper")]


def test_pick_me_up_fails_on_a_low_roll_and_does_nothing_after_the_own_teams_turn(core: Ruleset) -> None:
    target = core.parameters.targets.pick_me_up
    board = helpers_board(core)
    with ScriptedDice([target - 1]) as dice:
        stayed, events = pick_me_up(core, board, "away", dice)
    assert stayed.player("near").status is Status.PRONE
    assert [e.result for e in events] == ["stayed-down"]
    with ScriptedDice([]) as dice:
        assert pick_me_up(core, board, "home", dice) == (board, ())


def test_a_prone_pick_me_up_player_helps_nobody(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        board = helpers_board(core, helper_status="prone")
        assert pick_me_up(core, board, "away", dice) == (board, ())


def test_a_blocker_s_pro_may_try_again_his_failed_steady_footing_roll_on_his_own_player_down(core: Ruleset) -> None:
    target, pro = core.parameters.targets.steady_footing, core.parameters.targets.pro
    board = duel(core, skills={"a": {**STEADY, "pro": None}})
    not_on_the_dice = ("use-skill", False)  # Pro is first offered on the block die itself
    kept = block_with(core, board, [PLAYER_DOWN, target - 1, pro, target], [not_on_the_dice, ("use-skill", True)])
    assert kept.board.player("a").standing
    assert not kept.turnover
    assert [(e.kind, e.result) for e in kept.events][-3:] == [
        ("steady-footing", "fell"),
        ("pro", "re-roll"),
        ("steady-footing", "kept-footing"),
    ]
    refused = block_with(core, board, [PLAYER_DOWN, target - 1, pro - 1, *HELD], [not_on_the_dice, ("use-skill", True)])
    assert refused.turnover
    assert [e.result for e in events_of(refused, "pro")] == ["refused"]
