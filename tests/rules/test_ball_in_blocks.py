"""What a block does with the ball, and Safe Pair of Hands, with scripted dice.

A carrier who goes down drops the ball as he does: it bounces from his square, unless
Safe Pair of Hands sets it in an empty square beside him. A carrier pushed into the crowd
has the ball thrown in; a player pushed onto a loose ball makes it bounce.
"""

from __future__ import annotations

import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.ball import drop_ball
from bbcore.rules.block import apply_block_face, automatic_block, block
from bbcore.rules.board import BallState, Board, Square, Status
from bbcore.rules.decisions import DecisionScriptError, DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.test_block import duel
from tests.rules.test_movement import east, field, walk

HANDS = {"safe-pair-of-hands": None}
HELD = [2, 2]  # an armour roll that breaks nobody's armour
BOUNCE_EAST, BOUNCE_WEST = 5, 4  # the random-direction rolls that send a bounce one square east, west
PUSHED_TO = (12, 7)


def kinds(outcome: Outcome) -> list[str]:
    return [e.kind for e in outcome.events]


def only(outcome: Outcome, kind: str) -> Event:
    (event,) = [e for e in outcome.events if e.kind == kind]
    return event


def face(rules: Ruleset, board: Board, which: str, rolls: list[int], answers: list[tuple[str, object]]) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return apply_block_face(rules, board, "a", "d", which, dice, decisions)


PUSH_ON = [("push-square", PUSHED_TO), ("follow-up", False)]


def test_the_bounce_direction_roll_is_east(core: Ruleset) -> None:
    table = core.table("random-direction")
    assert table.row_for(BOUNCE_EAST).id == "right"
    assert table.row_for(BOUNCE_WEST).id == "left"


def test_a_carrier_knocked_down_by_a_pow_drops_the_ball_where_he_falls(core: Ruleset) -> None:
    outcome = face(core, duel(core, ball="d"), "pow", [*HELD, BOUNCE_EAST], PUSH_ON)
    bounce = only(outcome, "bounce")
    assert bounce.detail == {"from": list(PUSHED_TO), "to": [13, 7]}
    assert kinds(outcome).index("armour") < kinds(outcome).index("bounce")
    assert outcome.board.ball == BallState(square=(13, 7))


def test_a_blocker_who_goes_down_with_the_ball_drops_it(core: Ruleset) -> None:
    outcome = face(core, duel(core, ball="a"), "player-down", [*HELD, BOUNCE_WEST], [])
    assert outcome.turnover
    assert only(outcome, "bounce").detail == {"from": [10, 7], "to": [9, 7]}


def test_a_wrestled_carrier_placed_prone_drops_the_ball(core: Ruleset) -> None:
    board = duel(core, ball="d", skills={"a": {"wrestle": None}})
    outcome = face(core, board, "both-down", [BOUNCE_EAST], [("use-skill", True)])
    assert kinds(outcome) == ["wrestle", "bounce", "ball-rests"]
    assert only(outcome, "bounce").detail["from"] == [11, 7]


def test_safe_pair_of_hands_sets_the_ball_beside_the_fallen_carrier(core: Ruleset) -> None:
    board = duel(core, ball="d", skills={"d": HANDS})
    beside = (13, 8)
    outcome = face(core, board, "pow", HELD, [*PUSH_ON, ("place-ball", beside)])
    assert "bounce" not in kinds(outcome)
    assert only(outcome, "safe-pair-of-hands").detail == {"from": list(PUSHED_TO), "square": list(beside)}
    assert outcome.board.ball == BallState(square=beside)


def test_safe_pair_of_hands_may_let_the_ball_bounce(core: Ruleset) -> None:
    board = duel(core, ball="d", skills={"d": HANDS})
    outcome = face(core, board, "pow", [*HELD, BOUNCE_EAST], [*PUSH_ON, ("place-ball", None)])
    assert "safe-pair-of-hands" not in kinds(outcome)
    assert only(outcome, "bounce").detail["from"] == list(PUSHED_TO)


def test_safe_pair_of_hands_only_sets_the_ball_in_an_empty_square_beside_him(core: Ruleset) -> None:
    board = duel(core, ball="d", skills={"d": HANDS})
    with pytest.raises(DecisionScriptError, match="not among"):
        face(core, board, "pow", HELD, [*PUSH_ON, ("place-ball", (10, 7))])

    class Careless(DefaultDecisions):
        def place_ball(self, player_id: str, squares: object) -> Square | None:
            return (20, 7)

    down = board.with_player(board.player("d").with_status(Status.PRONE))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="not an empty square next to"):
        drop_ball(core, down, "d", (11, 7), dice, Careless())


def test_a_carrier_who_falls_while_dodging_may_set_the_ball_down(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5)], skills={"m": HANDS}, ball="m")
    failed_dodge = 1
    outcome = walk(core, board, east((5, 5), 1), [failed_dodge, *HELD], [("place-ball", (7, 5))])
    assert outcome.turnover
    assert outcome.board.ball == BallState(square=(7, 5))
    assert "bounce" not in kinds(outcome)


def test_a_carrier_pushed_into_the_crowd_has_the_ball_thrown_in(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (11, 1)), "d": ("away", "orc/orc-lineman", (11, 0))}, ball="d")
    crowd_injury = [2, 2]
    throw_in_rolls = [3, 1, 1]  # straight in, two squares
    caught = 5
    outcome = face(core, board, "push-back", [*crowd_injury, *throw_in_rolls, caught], [("follow-up", False)])
    assert outcome.board.player("d").square is None
    loose = only(outcome, "ball-loose")
    assert loose.detail == {"square": [11, 0], "off": [11, -1]}
    assert kinds(outcome)[-2:] == ["throw-in", "catch"]
    assert outcome.board.ball.carrier == "a"  # thrown in two squares, onto the blocker, who catches it


def test_a_blocker_may_follow_up_into_the_square_of_a_player_pushed_into_the_crowd(core: Ruleset) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (11, 1)), "d": ("away", "orc/orc-lineman", (11, 0))})
    crowd_injury = [2, 2]
    outcome = face(core, board, "push-back", crowd_injury, [("follow-up", True)])
    assert outcome.board.player("d").square is None
    assert outcome.board.player("a").square == (11, 0)
    assert only(outcome, "follow-up").detail == {"to": [11, 0]}


class FollowsUpSeeingTheDice(DefaultDecisions):
    """Follows up, noting which scripted rolls were still unmade when asked."""

    def __init__(self, dice: ScriptedDice) -> None:
        super().__init__()
        self.dice = dice
        self.unrolled_when_asked: list[int] | None = None

    def follow_up(self, player_id: str) -> bool:
        self.unrolled_when_asked = list(self.dice.remaining)
        return True


@pytest.mark.parametrize("which", ["push-back", "pow"])
def test_the_follow_up_is_decided_before_the_crowd_s_injury_roll(core: Ruleset, which: str) -> None:
    board = build_board(core, {"a": ("home", "human/human-lineman", (11, 1)), "d": ("away", "orc/orc-lineman", (11, 0))})
    knocked_out = [4, 4]  # an Injury Roll of 8
    with ScriptedDice(knocked_out) as dice:
        decisions = FollowsUpSeeingTheDice(dice)
        outcome = apply_block_face(core, board, "a", "d", which, dice, decisions)
    assert decisions.unrolled_when_asked == knocked_out
    assert kinds(outcome).index("follow-up") < kinds(outcome).index("injury")
    assert outcome.board.player("d").status is Status.KO
    assert outcome.board.player("a").square == (11, 0)


def test_a_player_pushed_onto_a_loose_ball_makes_it_bounce(core: Ruleset) -> None:
    board = duel(core, ball=PUSHED_TO)
    outcome = face(core, board, "push-back", [BOUNCE_EAST], PUSH_ON)
    assert only(outcome, "bounce").detail == {"from": list(PUSHED_TO), "to": [13, 7]}
    assert outcome.board.ball == BallState(square=(13, 7))


# -- catching the ball a block sets loose, in the blocker's own turn ----------------------------------------------

POW_DIE, MISS, CATCH_IT, PRO_ROLLS_AGAIN = 6, 1, 6, 6
MATE_SQUARE = (13, 7)  # one square east of where the target is pushed: where the dropped ball bounces


def blocker_and_carrier(rules: Ruleset, others: dict[str, tuple[str, str, Square]], **skills: dict[str, object]) -> Board:
    """Home's ``a`` (10,7) about to block Orc carrier ``d`` (11,7), with ``others`` about."""
    players = {"a": ("home", "human/human-lineman", (10, 7)), "d": ("away", "orc/orc-lineman", (11, 7)), **others}
    return build_board(rules, players, ball="d", skills=skills)  # type: ignore[arg-type]


def carrier_blocked(rules: Ruleset, **skills: dict[str, object]) -> Board:
    """Home's ``m`` stands where the ball ``d`` drops will bounce."""
    return blocker_and_carrier(rules, {"m": ("home", "human/human-lineman", MATE_SQUARE)}, **skills)


#: Beside a Dump-off's target: the Orc who would catch it at (14, 7), and home's ``i`` under the ruler of that pass.
DUMP_TO = (14, 7)
AROUND_A_DUMP_OFF = {"m": ("away", "orc/orc-lineman", DUMP_TO), "i": ("home", "human/human-lineman", (13, 6))}


def blocked(rules: Ruleset, board: Board, rolls: list[int], answers: list[tuple[str, object]], team_reroll: int) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return block(rules, board, "a", "d", dice, decisions, team_reroll=team_reroll)


def test_a_team_mate_may_spend_a_team_reroll_on_catching_the_ball_the_block_knocked_loose(core: Ruleset) -> None:
    rolls = [POW_DIE, *HELD, BOUNCE_EAST, MISS, CATCH_IT]
    outcome = blocked(core, carrier_blocked(core), rolls, [*PUSH_ON, ("team-reroll", True)], team_reroll=1)
    assert outcome.board.ball == BallState(carrier="m")
    assert kinds(outcome)[-2:] == ["catch", "team-reroll"]
    assert not outcome.turnover
    # With no team re-roll left to spend the miss stands, and the ball bounces on from the team-mate.
    missed = blocked(core, carrier_blocked(core), [POW_DIE, *HELD, BOUNCE_EAST, MISS, BOUNCE_EAST], PUSH_ON, team_reroll=0)
    assert "team-reroll" not in kinds(missed)
    assert missed.board.ball == BallState(square=(14, 7))


def test_the_team_reroll_spent_on_the_block_dice_is_not_spent_again_on_the_catch(core: Ruleset) -> None:
    rolls = [POW_DIE - 1, POW_DIE, *HELD, BOUNCE_EAST, MISS, BOUNCE_EAST]  # a Stumble re-rolled into a POW
    answers = [("reroll-block", True), *PUSH_ON]
    outcome = blocked(core, carrier_blocked(core), rolls, answers, team_reroll=1)
    assert kinds(outcome).count("team-reroll") == 1
    assert outcome.board.ball == BallState(square=(14, 7))


def test_the_blocker_s_pro_may_try_again_a_missed_catch_of_the_ball_bouncing_onto_him(core: Ruleset) -> None:
    board = carrier_blocked(core, a={"pro": None})
    rolls = [POW_DIE, *HELD, BOUNCE_WEST, MISS, PRO_ROLLS_AGAIN, CATCH_IT]
    answers = [("push-square", PUSHED_TO), ("follow-up", True), ("use-skill", True)]
    outcome = blocked(core, board, rolls, answers, team_reroll=0)
    assert outcome.board.ball == BallState(carrier="a")
    pro = only(outcome, "pro")
    assert (pro.who, pro.result, pro.detail["test"]) == ("a", "re-roll", "catch")


def test_no_reroll_saves_the_catch_of_the_target_s_ball_when_both_down_puts_the_blocker_down_too(core: Ruleset) -> None:
    both_down = 2
    board = blocker_and_carrier(core, {"m": ("home", "human/human-lineman", (12, 7))})
    # The team-mate's assist gives two dice, both Both Down; the target falls, then the blocker.
    rolls = [both_down, both_down, *HELD, BOUNCE_EAST, MISS, BOUNCE_EAST, *HELD]
    outcome = blocked(core, board, rolls, [("reroll-block", False)], team_reroll=1)
    assert outcome.turnover
    assert "team-reroll" not in kinds(outcome)
    assert outcome.board.ball == BallState(square=(13, 7))


def test_no_reroll_saves_the_catch_when_a_block_on_a_team_mate_knocks_him_down(core: Ruleset) -> None:
    mates = {"a": ("home", "human/human-lineman", (10, 7)), "d": ("home", "human/human-lineman", (11, 7))}
    board = build_board(core, {**mates, "m": ("home", "human/human-lineman", MATE_SQUARE)}, ball="d")
    rolls = [POW_DIE, *HELD, BOUNCE_EAST, MISS, BOUNCE_EAST]
    with ScriptedDice(rolls) as dice, ScriptedDecisions([("push-square", PUSHED_TO)]) as decisions:
        outcome = automatic_block(core, board, "a", "d", dice, decisions, team_reroll=1, must_follow_up=True)
    assert "team-reroll" not in kinds(outcome)
    assert outcome.board.ball == BallState(square=(14, 7))


def test_the_blocking_team_may_spend_a_team_reroll_intercepting_a_dump_off_in_its_own_turn(core: Ruleset) -> None:
    board = blocker_and_carrier(core, AROUND_A_DUMP_OFF, d={"dump-off": None})
    accurate, miss, intercepted, push = 6, 1, 6, 3
    answers = [("square", DUMP_TO), ("interceptor", "i"), ("team-reroll", True)]
    outcome = blocked(core, board, [accurate, miss, intercepted, push], answers, team_reroll=1)
    assert outcome.board.ball == BallState(carrier="i")
    interception = only(outcome, "interception")
    assert (interception.rolls, interception.result) == ((miss, intercepted), "passed")
    assert not outcome.turnover  # the Dump-off causes none, and the interceptor is the blocker's team-mate
    caught = 6
    spent = blocked(core, board, [accurate, miss, caught, push], answers[:2], team_reroll=0)
    assert spent.board.ball == BallState(carrier="m")


def test_a_frenzied_blocker_keeps_for_his_second_block_the_team_rerolls_a_dump_off_left(core: Ruleset) -> None:
    board = blocker_and_carrier(core, AROUND_A_DUMP_OFF, d={"dump-off": None}, a={"frenzy": None})
    accurate, miss, intercepted, push, player_down = 6, 1, 6, 3, 1
    answers = [("square", DUMP_TO), ("interceptor", "i"), ("team-reroll", True), ("reroll-block", False), ("reroll-block", True)]
    outcome = blocked(core, board, [accurate, miss, intercepted, push, player_down, push], answers, team_reroll=2)
    assert kinds(outcome).count("team-reroll") == 2  # one on the interception, one on the second block's dice
    assert outcome.board.player("a").standing


def test_the_blocking_team_may_reroll_catching_the_bounce_of_a_fumbled_dump_off(core: Ruleset) -> None:
    board = blocker_and_carrier(core, {"m": AROUND_A_DUMP_OFF["m"]}, d={"dump-off": None})
    fumbled, push = 1, 3
    rolls = [fumbled, BOUNCE_WEST, MISS, CATCH_IT, push]  # the ball bounces back onto the blocker
    answers = [("square", DUMP_TO), ("team-reroll", True), ("push-square", PUSHED_TO), ("follow-up", False)]
    outcome = blocked(core, board, rolls, answers, team_reroll=1)
    assert outcome.board.ball == BallState(carrier="a")
    assert not outcome.turnover
