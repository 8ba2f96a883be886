"""The Secure the Ball Action, with scripted dice.

Each test would fail without the rule it names; the numbers come from the parameters.
"""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.secure_the_ball import secure_the_ball, why_not_secure_the_ball
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.rules.test_movement import east

BALL = (8, 5)
BOUNCE_EAST = 5


def pitch(rules: Ruleset, position: str = "human/human-lineman", opponent: Square = (8, 12), **extra: object) -> Board:
    players: dict[str, tuple[str, str, Square | None]] = {"m": ("home", position, (5, 5)), "o": ("away", "orc/orc-lineman", opponent)}
    return build_board(rules, players, ball=BALL, **extra)  # type: ignore[arg-type]


def secure(rules: Ruleset, board: Board, rolls: list[int], answers: list[tuple[str, object]] = (), **options: object) -> Outcome:  # type: ignore[assignment]
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return secure_the_ball(rules, board, "m", east((5, 5), 3), dice, decisions, **options)


def test_a_d6_of_the_target_picks_the_ball_up_without_an_agility_test(core: Ruleset) -> None:
    target = core.parameters.secure_the_ball.pick_up_on
    board = pitch(core)
    # A Human Lineman's Agility Test would fail on this roll whenever the target is below his AG.
    assert target < board.player("m").ag
    outcome = secure(core, board, [target])
    assert outcome.board.ball.carrier == "m"
    assert [(e.kind, e.result) for e in outcome.events if e.kind == "secure-the-ball"] == [("secure-the-ball", "picked-up")]
    assert not [e for e in outcome.events if e.kind == "pick-up"]
    assert not outcome.turnover


def test_a_failed_roll_bounces_the_ball_and_is_a_turnover(core: Ruleset) -> None:
    missed = core.parameters.secure_the_ball.pick_up_on - 1
    outcome = secure(core, pitch(core), [missed, BOUNCE_EAST])
    assert outcome.turnover
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (BALL[0] + 1, BALL[1])


def test_a_team_re_roll_may_roll_it_again(core: Ruleset) -> None:
    target = core.parameters.secure_the_ball.pick_up_on
    outcome = secure(core, pitch(core), [target - 1, target], [("team-reroll", True)], team_reroll=True)
    assert outcome.board.ball.carrier == "m"


def test_nobody_secures_the_ball_with_an_opponent_near_it(core: Ruleset) -> None:
    clear = core.parameters.secure_the_ball.clear_of
    near = pitch(core, opponent=(BALL[0] + clear, BALL[1] + clear))
    assert "within" in (why_not_secure_the_ball(core, near, "m") or "")
    with pytest.raises(UsageError, match="cannot Secure the Ball"):
        secure(core, near, [])
    far = pitch(core, opponent=(BALL[0] + clear + 1, BALL[1]))
    assert why_not_secure_the_ball(core, far, "m") is None


def test_a_prone_or_distracted_opponent_near_the_ball_does_not_count(core: Ruleset) -> None:
    prone = pitch(core, opponent=(BALL[0] + 1, BALL[1] + 1), statuses={"o": "prone"})
    assert why_not_secure_the_ball(core, prone, "m") is None
    standing = pitch(core, opponent=(BALL[0] + 1, BALL[1] + 1))
    distracted = standing.with_player(attrs.evolve(standing.player("o"), tackle_zone=False))
    assert why_not_secure_the_ball(core, distracted, "m") is None


def test_big_guys_and_unsteady_players_may_not_declare_it(core: Ruleset) -> None:
    big_guy = pitch(core, position="human/ogre")
    assert why_not_secure_the_ball(core, big_guy, "m") == "m is a Big Guy"
    unsteady = pitch(core, skills={"m": {"unsteady": None}})
    assert why_not_secure_the_ball(core, unsteady, "m") == "m has Unsteady"


def test_it_needs_a_loose_ball(core: Ruleset) -> None:
    held = build_board(core, {"m": ("home", "human/human-lineman", (5, 5)), "c": ("home", "human/human-lineman", BALL)}, ball="c")
    assert why_not_secure_the_ball(core, held, "m") == "the ball is not loose on the pitch"


def test_the_move_must_end_on_the_ball(core: Ruleset) -> None:
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="must end on the ball"):
        secure_the_ball(core, pitch(core), "m", east((5, 5), 2), dice, ScriptedDecisions([]))


def test_a_move_that_ends_short_of_the_ball_is_a_turnover(core: Ruleset) -> None:
    board = pitch(core, statuses={"m": "prone"})
    board = board.with_player(attrs.evolve(board.player("m"), ma=2, square=(6, 5)))
    fails_to_stand = core.parameters.targets.stand_up - 1
    with ScriptedDice([fails_to_stand]) as dice:
        outcome = secure_the_ball(core, board, "m", [(7, 5), BALL], dice, ScriptedDecisions([]))
    assert outcome.turnover
    assert outcome.board.player("m").status is Status.PRONE


def test_the_barred_skills_and_keywords_name_real_ones(core: Ruleset) -> None:
    rules = core.parameters.secure_the_ball
    assert set(rules.barred_skills) <= set(core.skills)
    keywords = {k for roster in core.rosters.values() for position in roster.positions for k in position.keywords}
    assert set(rules.barred_keywords) <= keywords
