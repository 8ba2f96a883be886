"""Where block skills stop: Distracted and fallen players, Grab on a Blitz, Dauntless in a Multiple Block, and the
ball carrier Placed Prone in his own activation."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.block import apply_block_face, block, effective_face, multiple_block
from bbcore.rules.board import Board, Square, Status, build_board
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.foul import pile_driver
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

HUMAN, ORC = "human/human-lineman", "orc/orc-lineman"


def duel(core: Ruleset, *, defender_skills: dict[str, None], distracted: bool = False) -> Board:
    board = build_board(core, {"a": ("home", HUMAN, (10, 7)), "d": ("away", ORC, (11, 7))}, skills={"d": defender_skills})
    if distracted:
        board = board.with_player(attrs.evolve(board.player("d"), tackle_zone=False))
    return board


def test_a_distracted_target_cannot_dodge_a_stumble(core: Ruleset) -> None:
    alert = duel(core, defender_skills={"dodge": None})
    assert effective_face("stumble", alert.player("a"), alert.player("d")) == "push-back"
    distracted = duel(core, defender_skills={"dodge": None}, distracted=True)
    assert effective_face("stumble", distracted.player("a"), distracted.player("d")) == "pow"


def test_a_distracted_target_cannot_block_a_both_down(core: Ruleset) -> None:
    board = duel(core, defender_skills={"block": None}, distracted=True)
    held = [1, 1]  # the blocker's armour holds
    with ScriptedDice([*held, *held]) as dice:
        outcome = apply_block_face(core, board, "a", "d", "both-down", dice, DefaultDecisions())
    assert not outcome.board.player("d").standing
    awake = duel(core, defender_skills={"block": None})
    with ScriptedDice(held) as dice:
        kept = apply_block_face(core, awake, "a", "d", "both-down", dice, DefaultDecisions())
    assert kept.board.player("d").standing


def test_a_distracted_target_cannot_stand_firm(core: Ruleset) -> None:
    board = duel(core, defender_skills={"stand-firm": None}, distracted=True)
    with ScriptedDice([]) as dice:
        outcome = apply_block_face(core, board, "a", "d", "push-back", dice, ScriptedDecisions([("push-square", (12, 7))]))
    assert outcome.board.player("d").square == (12, 7)


def test_a_prone_player_in_a_chain_push_cannot_stand_firm(core: Ruleset) -> None:
    players = {
        "a": ("home", HUMAN, (10, 7)),
        "d": ("away", ORC, (11, 7)),
        **{name: ("away", ORC, (12, y)) for name, y in (("x", 7), ("y", 6), ("z", 8))},
    }
    firm = {name: {"stand-firm": None} for name in ("x", "y", "z")}
    board = build_board(core, players, skills=firm, statuses=dict.fromkeys(("x", "y", "z"), "prone"))
    answers = [("push-square", (12, 7)), ("push-square", (13, 7))]
    with ScriptedDice([]) as dice:
        outcome = apply_block_face(core, board, "a", "d", "push-back", dice, ScriptedDecisions(answers))
    assert outcome.board.player("d").square == (12, 7)
    assert outcome.board.player("x").square == (13, 7)


def test_grab_picks_the_square_on_a_block_but_not_on_a_blitz(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", HUMAN, (10, 7)), "d": ("away", ORC, (11, 7))}, skills={"a": {"grab": None}})
    answers = [("use-skill", True), ("push-square", (11, 6)), ("follow-up", False)]
    with ScriptedDice([]) as dice:
        grabbed = apply_block_face(core, board, "a", "d", "push-back", dice, ScriptedDecisions(answers))
    assert grabbed.board.player("d").square == (11, 6)
    # On a Blitz only the usual three squares are offered, whatever Grab's coach would like.
    eager = Eager()
    with ScriptedDice([]) as dice:
        apply_block_face(core, board, "a", "d", "push-back", dice, eager, blitz=True)
    assert eager.offered == [(12, 6), (12, 7), (12, 8)]


def test_grab_denies_sidestep_on_a_blitz_too_though_it_picks_no_square_there(core: Ruleset) -> None:
    board = build_board(
        core,
        {"a": ("home", HUMAN, (10, 7)), "d": ("away", ORC, (11, 7))},
        skills={"a": {"grab": None}, "d": {"sidestep": None}},
    )
    eager = Eager()
    with ScriptedDice([]) as dice:
        apply_block_face(core, board, "a", "d", "push-back", dice, eager, blitz=True)
    # Neither Grab's squares nor Sidestep's: the three beyond the target.
    assert eager.offered == [(12, 6), (12, 7), (12, 8)]
    assert ("d", "sidestep") not in eager.asked


class Eager(DefaultDecisions):
    """Uses every skill offered and notes the squares a push offers."""

    def __init__(self) -> None:
        self.offered: list[Square] = []
        self.asked: list[tuple[str, str]] = []

    def use_skill(self, player_id: str, skill_id: str, situation: str) -> bool:
        self.asked.append((player_id, skill_id))
        return True

    def push_square(self, team: str, squares: Sequence[Square]) -> Square:
        self.offered = sorted(squares)
        return self.offered[0]


def test_dauntless_in_a_multiple_block_compares_the_unmodified_strength(core: Ruleset) -> None:
    board = build_board(
        core,
        {"a": ("home", HUMAN, (10, 7)), "d1": ("away", ORC, (11, 7)), "d2": ("away", ORC, (11, 8))},
        skills={"a": {"multiple-block": None, "dauntless": None}},
    )
    assert board.player("a").st == board.player("d1").st
    # Equal Strengths before Multiple Block's modifier: no Dauntless roll. The dice are the defenders' to choose.
    with ScriptedDice([3, 3, 3, 3, 3, 3]) as dice:
        outcome = multiple_block(core, board, "a", ["d1", "d2"], dice, DefaultDecisions())
    assert not any(e.kind == "dauntless" for e in outcome.events)
    told = [e for e in outcome.events if e.kind == "block"]
    assert told
    assert all(e.detail["attacker_strength"] == board.player("a").st + core.parameters.block.multiple_block_strength for e in told)


def test_a_wrestling_ball_carrier_placed_prone_in_his_own_block_is_a_turnover(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", HUMAN, (10, 7)), "d": ("away", ORC, (11, 7))}, skills={"a": {"wrestle": None}}, ball="a")
    bounce = 4
    with ScriptedDice([bounce]) as dice:
        outcome = apply_block_face(core, board, "a", "d", "both-down", dice, ScriptedDecisions([("use-skill", True)]))
    assert any(e.kind == "wrestle" for e in outcome.events)
    assert outcome.turnover
    # The target wrestling the blocker down, the ball in the target's hands: no turnover.
    held_by_target = build_board(
        core, {"a": ("home", HUMAN, (10, 7)), "d": ("away", ORC, (11, 7))}, skills={"d": {"wrestle": None}}, ball="d"
    )
    away_from_the_blocker = 5
    with ScriptedDice([away_from_the_blocker]) as dice:
        theirs = apply_block_face(core, held_by_target, "a", "d", "both-down", dice, ScriptedDecisions([("use-skill", True)]))
    assert not theirs.turnover


def test_a_pile_driver_holding_the_ball_causes_a_turnover(core: Ruleset) -> None:
    state: GameState = game(
        core,
        {"fouler": ("home", HUMAN, (10, 7)), "victim": ("away", ORC, (11, 7))},
        statuses={"victim": "prone"},
        skills={"fouler": {"pile-driver": None}},
        ball="fouler",
    )
    held_armour, bounce = [2, 3], 4
    with ScriptedDice([*held_armour, bounce]) as dice:
        outcome = pile_driver(core, state, "fouler", "victim", dice, ScriptedDecisions([("argue-the-call", False)]))
    assert outcome.state.board.ball.carrier is None
    assert outcome.turnover


def test_foul_appearance_is_rolled_before_a_dump_off(core: Ruleset) -> None:
    board = build_board(
        core,
        {"a": ("home", HUMAN, (10, 7)), "d": ("away", ORC, (11, 7)), "mate": ("away", ORC, (14, 7))},
        skills={"d": {"dump-off": None, "foul-appearance": None}},
        ball="d",
    )
    called_off = 1

    class Throws(DefaultDecisions):
        def choose_square(self, player_id: str, reason: str, squares: Sequence[Square]) -> Square | None:
            return (14, 7)  # the team-mate, for the Dump-off

    with ScriptedDice([called_off]) as dice:
        outcome = block(core, board, "a", "d", dice, Throws())
    assert [e.kind for e in outcome.events] == ["foul-appearance"]
    assert outcome.board.ball.carrier == "d"  # no pass was thrown: the block never happened


@pytest.mark.parametrize(
    ("target", "status"),
    [
        pytest.param(("away", (11, 7)), "prone", id="a prone opponent"),
        pytest.param(("away", (14, 7)), "standing", id="an opponent out of reach"),
        pytest.param(("home", (11, 7)), "standing", id="a team-mate"),
    ],
)
def test_a_block_targets_a_standing_opponent_the_blocker_marks(core: Ruleset, target: tuple[str, Square], status: str) -> None:
    team, square = target
    board = build_board(core, {"a": ("home", HUMAN, (10, 7)), "d": (team, ORC, square)}, statuses={"d": status})
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="Standing opposition player he marks"):
        block(core, board, "a", "d", dice, DefaultDecisions())


def test_mighty_blow_counts_on_a_multiple_block_s_second_target_after_the_first_put_him_down(core: Ruleset) -> None:
    from bbcore.rules.block import multiple_block
    from bbcore.rules.decisions import DefaultDecisions

    players = {
        "a": ("home", "human/human-lineman", (10, 7)),
        "d1": ("away", "orc/orc-lineman", (11, 7)),
        "d2": ("away", "orc/orc-lineman", (11, 8)),
    }
    board = build_board(core, players, skills={"a": {"multiple-block": None, "mighty-blow": None}})
    av = board.player("d2").av
    one_short = [(av - 1) // 2, (av - 1) - (av - 1) // 2]
    both_down, pow_ = [2, 2, 2], [6, 6, 6]
    held = [1, 1]
    with ScriptedDice([*both_down, *pow_, *held, *held, *one_short, 1, 1]) as dice:
        outcome = multiple_block(core, board, "a", ["d1", "d2"], dice, DefaultDecisions())
    armour = next(e for e in outcome.events if e.kind == "armour" and e.who == "d2")
    assert (armour.result, armour.detail["mighty_blow"]) == ("broken", True)


def test_a_multiple_block_pushes_the_second_target_away_from_a_blocker_the_first_knocked_out(core: Ruleset) -> None:
    players = {
        "a": ("home", "human/human-lineman", (10, 7)),
        "d1": ("away", "human/human-lineman", (11, 7)),
        "d2": ("away", "human/human-lineman", (9, 8)),
    }
    board = build_board(core, players, skills={"a": {"multiple-block": None}})
    player_down, push_back = [1, 1, 1], [3, 3, 3]
    knocked_out = [6, 6, 4, 5]  # his armour broken, then Knocked Out
    with ScriptedDice([*player_down, *push_back, *knocked_out]) as dice, ScriptedDecisions([]) as decisions:
        outcome = multiple_block(core, board, "a", ["d1", "d2"], dice, decisions)
    assert outcome.board.player("a").status is Status.KO
    # Away from (10, 7), where he stood: one of the three squares beyond (9, 8).
    assert outcome.board.player("d2").square in {(8, 9), (8, 8), (9, 9)}
