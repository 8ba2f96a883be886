"""Ball & Chain: the special action, square by square off the throw-in template, and going down with the trait.

The Goblin Fanatic ``f`` (MA 3, ST 7, Stunty) starts at (10, 7) with the template facing
east, (1, 0): a D6 of 1-2 takes him to (x+1, y-1), 3-4 to (x+1, y), 5-6 to (x+1, y+1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.ball_and_chain import BALL_AND_CHAIN, ball_and_chain, only_action
from bbcore.rules.block import apply_block_face, block
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import DecisionScriptError, ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.injury import Harm, knock_down
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

FANATIC, ORC, GOBLIN = "goblin/fanatic", "orc/orc-lineman", "goblin/goblin-lineman"
EAST, SOUTH = (1, 0), (0, 1)
LEFT, AHEAD, RIGHT = 1, 3, 5  # the template's D6 facing east: up, straight on, down
PLAYER_DOWN, BOTH_DOWN, PUSH, POW = 1, 2, 3, 6


def scene(
    core: Ruleset,
    others: Mapping[str, tuple[str, str, Square]] | None = None,
    *,
    statuses: Mapping[str, str] | None = None,
    skills: Mapping[str, Mapping[str, Any]] | None = None,
    ball: Square | str | None = None,
    at: Square = (10, 7),
) -> Board:
    players = {"f": ("home", FANATIC, at), **(others or {})}
    return build_board(core, players, statuses=statuses, skills=skills, ball=ball)


def swing(core: Ruleset, board: Board, script: Iterable[Square | tuple[str, Any] | None], rolls: Iterable[int], **options: Any) -> Outcome:
    """The action with its coach's answers in order: a facing (or None to stop), or a (kind, answer) pair."""
    answers = [item if isinstance(item, tuple) and isinstance(item[0], str) else ("facing", item) for item in script]
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return ball_and_chain(core, board, "f", dice, decisions, **options)


def steps(outcome: Outcome) -> list[Event]:
    return [e for e in outcome.events if e.kind == BALL_AND_CHAIN]


def test_he_moves_where_the_template_sends_him_until_his_coach_stops(core: Ruleset) -> None:
    moved = swing(core, scene(core), [EAST, EAST, None], [AHEAD, RIGHT])
    assert moved.board.player("f").square == (12, 8)
    first, second = steps(moved)
    assert (first.result, first.rolls, first.detail["square"], first.detail["facing"]) == ("moved", (AHEAD,), [11, 7], [1, 0])
    assert second.detail["square"] == [12, 8]
    assert not moved.turnover
    south = swing(core, scene(core), [SOUTH, None], [LEFT])  # facing south, "left" is to the east
    assert south.board.player("f").square == (11, 8)


def test_no_dodge_is_rolled_leaving_a_tackle_zone(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (10, 8))})
    moved = swing(core, board, [EAST, None], [AHEAD])  # no die for a Dodge: only the template's
    assert moved.board.player("f").square == (11, 7)
    assert not [e for e in moved.events if e.kind == "test"]


def test_after_his_move_allowance_he_rushes_and_a_failed_rush_still_takes_him_in_first(core: Ruleset) -> None:
    board = scene(core)
    rushed = swing(core, board, [EAST] * 5, [AHEAD, AHEAD, AHEAD, 2, AHEAD, 2, AHEAD])
    assert rushed.board.player("f").square == (15, 7)
    assert [e.detail["rush"] for e in steps(rushed)] == [False, False, False, True, True]
    # No sixth square: MA 3 and two Rushes are all he has, so the coach is not asked again.
    fell = swing(core, board, [EAST] * 4, [AHEAD, AHEAD, AHEAD, 1, AHEAD, 1, 1])  # Rush 1, then injury 1+1
    assert steps(fell)[-1].detail["square"] == [14, 7]
    assert [e.kind for e in fell.events][-3:] == ["fall", "knocked-down", "injury"]
    player = fell.board.player("f")
    assert player.status is Status.KO  # Stunned counts as Knocked-out, and no Armour Roll was made
    assert not [e for e in fell.events if e.kind == "armour"]
    assert fell.turnover


def test_a_standing_player_in_the_square_is_blocked_and_followed_when_pushed(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))})
    # ST 7 against 3: three dice, his coach picks; a Push, and he follows up.
    hit = swing(core, board, [EAST, ("block-face", 0), ("push-square", (12, 7)), None], [AHEAD, PUSH, PUSH, PUSH])
    assert hit.board.player("o").square == (12, 7)
    assert hit.board.player("f").square == (11, 7)
    (blocked,) = steps(hit)
    assert (blocked.result, blocked.detail["target"]) == ("blocked", "o")
    assert [e.kind for e in hit.events if e.kind in ("block", "follow-up")] == ["block", "follow-up"]


def test_a_block_that_pushes_nobody_leaves_him_where_he_was(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))}, skills={"o": {"stand-firm": None}})
    hit = swing(core, board, [EAST, ("block-face", 0), ("use-skill", True), None], [AHEAD, PUSH, PUSH, PUSH])
    assert hit.board.player("f").square == (10, 7)
    assert hit.board.player("o").square == (11, 7)


def test_he_blocks_a_team_mate_too_and_knocking_him_down_is_a_turnover(core: Ruleset) -> None:
    board = scene(core, {"g": ("home", GOBLIN, (11, 7))})
    # Three POWs; pushed to (12, 7), the goblin's armour 6+6 breaks, injury 1+1.
    hit = swing(core, board, [EAST, ("block-face", 0), ("push-square", (12, 7))], [AHEAD, POW, POW, POW, 6, 6, 1, 1])
    assert hit.board.player("g").status is not Status.STANDING
    assert hit.turnover
    (block_event,) = [e for e in hit.events if e.kind == "block"]
    assert block_event.detail["chooser"] == "attacker"
    assert hit.board.player("f").square == (11, 7)  # pushed, then followed


def test_a_team_mate_who_wrestles_him_down_is_placed_prone_and_it_is_no_turnover(core: Ruleset) -> None:
    board = scene(core, {"g": ("home", GOBLIN, (11, 7))}, skills={"g": {"wrestle": None}})
    # Three Both Downs; the goblin Wrestles: both Placed Prone, the Fanatic's Injury Roll 1+1 (Stunned, so Knocked-out).
    hit = swing(core, board, [EAST, ("block-face", 0), ("use-skill", True)], [AHEAD, BOTH_DOWN, BOTH_DOWN, BOTH_DOWN, 1, 1])
    assert [e.result for e in hit.events if e.kind == "wrestle"] == ["both-placed-prone"]
    assert hit.board.player("g").status is Status.PRONE
    assert not hit.turnover


def test_his_mighty_blow_does_not_count_against_a_team_mate(core: Ruleset) -> None:
    board = scene(core, {"g": ("home", GOBLIN, (11, 7))}, skills={"f": {"mighty-blow": None}})
    av = board.player("g").av
    one_short = [(av - 1) // 2, (av - 1) - (av - 1) // 2]
    hit = swing(core, board, [EAST, ("block-face", 0), ("push-square", (12, 7))], [AHEAD, POW, POW, POW, *one_short])
    armour = next(e for e in hit.events if e.kind == "armour")
    assert (armour.who, armour.result, armour.detail["mighty_blow"]) == ("g", "held", False)


def test_foul_appearance_is_not_rolled_and_fend_does_not_stop_him(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))}, skills={"o": {"foul-appearance": None, "fend": None}})
    hit = swing(core, board, [EAST, ("block-face", 0), ("push-square", (12, 7)), None], [AHEAD, PUSH, PUSH, PUSH])
    assert not [e for e in hit.events if e.kind == "foul-appearance"]
    assert hit.board.player("f").square == (11, 7)


def test_a_player_lying_in_the_square_is_pushed_and_hit(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))}, statuses={"o": "prone"})
    # Armour 6+5 breaks the Orc's AV 10; injury 3+3 (Stunned).
    hit = swing(core, board, [EAST, ("push-square", (12, 7)), None], [AHEAD, 6, 5, 3, 3])
    assert hit.board.player("o").square == (12, 7)
    assert hit.board.player("f").square == (11, 7)
    (pushed,) = steps(hit)
    assert pushed.result == "pushed"
    armour = next(e for e in hit.events if e.kind == "armour")
    assert armour.who == "o"
    assert not hit.turnover


def test_the_lying_players_armour_roll_takes_neither_mighty_blow_nor_claws(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))}, statuses={"o": "prone"}, skills={"f": {"mighty-blow": None, "claws": None}})
    # Armour 5+4: 9 holds against AV 10+; a block's Mighty Blow (or Claws) would have broken it.
    hit = swing(core, board, [EAST, ("push-square", (12, 7)), None], [AHEAD, 5, 4])
    armour = next(e for e in hit.events if e.kind == "armour")
    assert (armour.who, armour.result, armour.detail["mighty_blow"]) == ("o", "held", False)


def test_an_opponent_with_dump_off_may_pass_before_the_automatic_block(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))}, skills={"o": {"dump-off": None}}, ball="o")
    # Asked where to Dump-off (nowhere: no pass), then the block: a Push Back to (12, 7), followed.
    script = [EAST, ("square", None), ("push-square", (12, 7)), None]
    hit = swing(core, board, script, [AHEAD, PUSH, PUSH, PUSH])
    assert hit.board.player("o").square == (12, 7)


def test_the_loose_ball_bounces_and_it_is_no_turnover(core: Ruleset) -> None:
    board = scene(core, ball=(11, 7))
    moved = swing(core, board, [EAST, None], [AHEAD, 4])  # the bounce: D8 4, west, to the square he left
    assert moved.board.player("f").square == (11, 7)
    assert moved.board.ball.square == (10, 7)
    assert steps(moved)[0].result == "ball"
    assert not moved.turnover


def test_a_team_mate_may_reroll_his_catch_of_the_ball_the_swing_sent_bouncing(core: Ruleset) -> None:
    board = scene(core, {"mate": ("home", GOBLIN, (12, 7))}, ball=(11, 7))
    east_bounce, miss, catch_it = 5, 1, 6
    caught = swing(core, board, [EAST, ("team-reroll", True), None], [AHEAD, east_bounce, miss, catch_it], team_reroll=1)
    assert caught.board.ball.carrier == "mate"
    assert not caught.turnover


def test_off_the_pitch_he_goes_into_the_crowd_and_stops(core: Ruleset) -> None:
    board = scene(core, at=(25, 7))
    gone = swing(core, board, [EAST], [AHEAD, 1, 1])  # injury 1+1: Stunned, which the crowd makes Reserves
    assert steps(gone)[0].result == "crowd"
    assert gone.board.player("f").status is Status.RESERVES
    assert not gone.turnover


def test_bad_use_is_refused(core: Ruleset) -> None:
    plain = build_board(core, {"f": ("home", GOBLIN, (10, 7))})
    with pytest.raises(UsageError, match="has no Ball & Chain"):
        swing(core, plain, [], [])
    with pytest.raises(UsageError, match="not Standing"):
        swing(core, scene(core, statuses={"f": "prone"}), [], [])
    with pytest.raises(DecisionScriptError, match="facing"):
        swing(core, scene(core), [(1, 1)], [])


def test_the_only_action_he_may_declare(core: Ruleset) -> None:
    board = scene(core, {"g": ("home", GOBLIN, (1, 1))})
    assert only_action(board.player("f")) == BALL_AND_CHAIN
    assert only_action(board.player("g")) is None


# -- going down with the trait -----------------------------------------------------------------------------


def test_knocked_down_he_has_an_injury_roll_and_no_armour_roll(core: Ruleset) -> None:
    board = scene(core)
    with ScriptedDice([1, 1]) as dice:
        down = knock_down(core, board, "f", Harm("block"), dice)
    assert [e.kind for e in down.events] == ["knocked-down", "injury"]
    assert down.board.player("f").status is Status.KO
    goblin = build_board(core, {"g": ("home", GOBLIN, (1, 1))})
    with ScriptedDice([6, 6, 1, 1]) as dice:  # the others' armour is rolled as usual
        plain = knock_down(core, goblin, "g", Harm("block"), dice)
    assert [e.kind for e in plain.events] == ["knocked-down", "armour", "injury"]
    assert plain.board.player("g").status is Status.STUNNED


def test_placed_prone_by_wrestle_he_has_an_injury_roll(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))}, skills={"o": {"wrestle": None}})
    with ScriptedDice([1, 1]) as dice, ScriptedDecisions([("use-skill", True)]) as decisions:
        wrestled = apply_block_face(core, board, "o", "f", "both-down", dice, decisions)
    assert wrestled.board.player("f").status is Status.KO
    assert wrestled.board.player("o").status is Status.PRONE
    assert [e.kind for e in wrestled.events] == ["wrestle", "injury"]


def test_an_ordinary_block_on_him_skips_his_armour(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7))})
    # ST 3 against 7: the Fanatic's coach picks from three dice; all POWs.
    with ScriptedDice([POW, POW, POW, 4, 4]) as dice, ScriptedDecisions([("block-face", 0), ("push-square", (9, 7))]) as decisions:
        hit = block(core, board, "o", "f", dice, decisions)
    assert not [e for e in hit.events if e.kind == "armour"]
    (injury,) = [e for e in hit.events if e.kind == "injury"]
    assert injury.who == "f"
    assert hit.board.player("f").status is not Status.STANDING


def test_pro_may_roll_one_of_his_block_dice_again_once(core: Ruleset) -> None:
    board = scene(core, {"o": ("away", ORC, (11, 7)), "p": ("away", ORC, (13, 7))}, skills={"f": {"pro": None}})
    # Three Player Downs; Pro's D6 is a 4, so the first die goes again: a Push he takes, pushing o to (12, 7) and
    # following him. The next square east holds o again: three Player Downs, and this time Pro is not offered
    # (tried already): he goes down, his injury 1+1 (Stunned, which counts as Knocked-out).
    script = [
        EAST,
        ("reroll-block", True),
        ("use-skill", True),
        ("block-face", 0),
        ("push-square", (12, 7)),
        EAST,
        ("block-face", 0),
    ]
    rolls = [AHEAD, PLAYER_DOWN, PLAYER_DOWN, PLAYER_DOWN, 4, PUSH, AHEAD, PLAYER_DOWN, PLAYER_DOWN, PLAYER_DOWN, 1, 1]
    hit = swing(core, board, script, rolls)
    assert [e.result for e in hit.events if e.kind == "pro"] == ["re-roll"]
    assert hit.board.player("f").status is Status.KO
    assert hit.turnover


def test_a_feature_that_blocks_movement_stops_him_and_spends_the_square() -> None:
    import bbcore

    street = bbcore.load_ruleset("gutterbowl")
    board = build_board(street, {"f": ("home", FANATIC, (3, 2))})  # a market stall fills (4, 2)
    stopped = swing(street, board, [EAST, EAST, EAST, None], [AHEAD, AHEAD, AHEAD])
    first, *_ = steps(stopped)
    feature = board.geometry.feature_at((4, 2))
    assert feature is not None
    assert (first.result, first.detail["by"]) == ("stopped", feature.id)
    # Each try spends a square of his Move Allowance: after three, a fourth would be a Rush.
    assert [(e.result, e.detail["rush"]) for e in steps(stopped)] == [("stopped", False)] * 3
    assert stopped.board.player("f").square == (3, 2)
