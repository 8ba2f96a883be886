"""Movement: standing up, dodging, rushing, jumping, crossing features, re-rolls and picking up the ball."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import Board, Square, Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.movement import Crossing, Jump, MoveProgress, move, pay_for_block
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board
from tests.fixtures.plugins import DataPlugin

LINEMAN, ORC = "human/human-lineman", "orc/orc-lineman"
HELD = [2, 2]  # an armour roll that does not break anyone's armour


def field(
    rules: Ruleset,
    *,
    mover: Square = (5, 5),
    position: str = LINEMAN,
    opponents: Iterable[Square] = (),
    skills: Mapping[str, Mapping[str, Any]] | None = None,
    statuses: Mapping[str, str] | None = None,
    ball: Square | str | None = None,
) -> Board:
    """The mover ``m`` for the home team, and orc linemen ``o0``, ``o1``... at the given squares."""
    players: dict[str, tuple[str, str, Square | None]] = {"m": ("home", position, mover)}
    for n, square in enumerate(opponents):
        players[f"o{n}"] = ("away", ORC, square)
    return build_board(rules, players, skills=skills, statuses=statuses, ball=ball)


def walk(
    rules: Ruleset,
    board: Board,
    path: Sequence[Square | Jump],
    rolls: Iterable[int],
    answers: Iterable[tuple[str, Any]] = (),
    **options: Any,
) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return move(rules, board, "m", path, dice, decisions, **options)


def east(start: Square, squares: int) -> list[Square]:
    return [(start[0] + n, start[1]) for n in range(1, squares + 1)]


def only(outcome: Outcome, kind: str) -> Event:
    (event,) = [e for e in outcome.events if e.kind == kind]
    return event


# -- Plain steps ------------------------------------------------------------------


def test_an_open_player_walks_without_rolling(core: Ruleset) -> None:
    outcome = walk(core, field(core), east((5, 5), 6), [])
    assert outcome.board.player("m").square == (11, 5)
    assert not outcome.turnover
    assert MoveProgress.after(outcome, "m") == MoveProgress(ma_used=6)


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ([(7, 5)], "not adjacent"),
        ([(6, 5)], "occupied"),
        ([(5, 4), (5, 3), (5, 2), (5, 1), (5, 0), (5, -1)], "off the pitch"),
    ],
)
def test_a_path_that_breaks_the_rules_is_refused_before_any_roll(core: Ruleset, path: list[Square], message: str) -> None:
    board = field(core, opponents=[(6, 5)], statuses={"o0": "prone"})
    with pytest.raises(UsageError, match=message):
        walk(core, board, path, [])


def test_a_stunned_player_cannot_move(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="stunned"):
        walk(core, field(core, statuses={"m": "stunned"}), [(6, 5)], [])


# -- Dodging ----------------------------------------------------------------------

# The mover at (5, 5) is marked from (4, 5) and dodges to (6, 5); (7, 5) and (7, 4) mark that square only.
TARGET_MARKERS = [(7, 5), (7, 4)]


@pytest.mark.parametrize(
    ("markers", "roll", "passed"),
    [(0, 3, True), (0, 2, False), (1, 4, True), (1, 3, False), (2, 5, True), (2, 4, False)],
)
def test_a_dodge_takes_minus_one_per_marker_on_the_square_entered(core: Ruleset, markers: int, roll: int, passed: bool) -> None:
    board = field(core, opponents=[(4, 5), *TARGET_MARKERS[:markers]])
    outcome = walk(core, board, [(6, 5)], [roll] if passed else [roll, *HELD])
    dodge = only(outcome, "dodge")
    assert dodge.detail["modifier"] == -markers
    assert dodge.result == ("passed" if passed else "failed")
    mover = outcome.board.player("m")
    assert mover.square == (6, 5)  # a failed dodge falls in the square entered
    assert mover.status is (Status.STANDING if passed else Status.PRONE)
    assert outcome.turnover is not passed
    if not passed:
        assert only(outcome, "fall").result == "dodge"
        assert only(outcome, "knocked-down").detail["cause"] == "fall"


def test_leaving_an_unmarked_square_needs_no_dodge_even_into_a_marked_one(core: Ruleset) -> None:
    outcome = walk(core, field(core, opponents=TARGET_MARKERS), [(6, 5)], [])
    assert outcome.board.player("m").square == (6, 5)


def distracted(board: Board, *player_ids: str) -> Board:
    """The board with these players Distracted: standing, without their tackle zones (a failed Bone Head...)."""
    return board.replace_players(attrs.evolve(board.player(pid), tackle_zone=False) for pid in player_ids)


def test_a_distracted_opponent_marks_nobody(core: Ruleset) -> None:
    # Leaving a square next to a Distracted player needs no dodge...
    outcome = walk(core, distracted(field(core, opponents=[(4, 5)]), "o0"), [(6, 5)], [])
    assert outcome.board.player("m").square == (6, 5)
    assert not [e for e in outcome.events if e.kind == "dodge"]
    # ...and one next to the square entered does not count against the dodge.
    board = distracted(field(core, opponents=[(4, 5), *TARGET_MARKERS]), "o1")
    dodge = only(walk(core, board, [(6, 5)], [4]), "dodge")
    assert dodge.detail["modifier"] == -1
    assert dodge.result == "passed"


def test_the_dodge_skill_re_rolls_a_failed_dodge(core: Ruleset) -> None:
    board = field(core, position="human/human-catcher", opponents=[(4, 5), (7, 5)])
    outcome = walk(core, board, [(6, 5)], [3, 4], [("use-skill", True)])
    dodge = only(outcome, "dodge")
    assert dodge.rolls == (3, 4)
    assert dodge.detail["rerolled_with"] == "dodge"
    assert MoveProgress.after(outcome, "m").spent == frozenset({"dodge"})


def test_the_dodge_skill_works_once_per_turn(core: Ruleset) -> None:
    board = field(core, position="human/human-catcher", opponents=[(4, 5), (7, 5)])
    outcome = walk(core, board, [(6, 5)], [3, *HELD], spent=frozenset({"dodge"}))
    assert outcome.turnover


def test_a_marker_with_tackle_cancels_the_dodge_skill(core: Ruleset) -> None:
    board = field(core, position="human/human-catcher", opponents=[(4, 5)], skills={"o0": {"tackle": None}})
    outcome = walk(core, board, [(6, 5)], [2, *HELD])
    dodge = only(outcome, "dodge")
    assert dodge.detail["tackle"] is True
    assert dodge.detail["rerolled_with"] is None
    assert outcome.turnover


def test_a_stunty_dodger_ignores_the_markers(core: Ruleset) -> None:
    board = field(core, position="human/halfling-hopeful", opponents=[(4, 5), *TARGET_MARKERS])
    outcome = walk(core, board, [(6, 5)], [3])
    assert only(outcome, "dodge").detail["modifier"] == 0


def test_a_titchy_marker_does_not_count_and_a_titchy_dodger_gains_one(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5), (7, 5)], skills={"o1": {"titchy": None}, "m": {"titchy": None}})
    outcome = walk(core, board, [(6, 5)], [2])
    assert only(outcome, "dodge").detail["modifier"] == 1


def test_a_prehensile_tail_on_the_square_left_hinders_the_dodge(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5), (4, 4)], skills={"o0": {"prehensile-tail": None}, "o1": {"prehensile-tail": None}})
    outcome = walk(core, board, [(6, 5)], [3, *HELD])
    assert only(outcome, "dodge").detail["modifier"] == -1  # one tail counts, however many mark the square
    assert outcome.turnover


@pytest.mark.parametrize(
    ("position", "markers", "roll", "bonus"),
    [(LINEMAN, 0, 2, 1), ("black-orc/black-orc", 0, 2, 2), ("human/ogre", 1, 2, 3)],
)
def test_break_tackle_adds_its_strength_bonus_to_a_failed_dodge(core: Ruleset, position: str, markers: int, roll: int, bonus: int) -> None:
    board = field(core, position=position, opponents=[(4, 5), *TARGET_MARKERS[:markers]], skills={"m": {"break-tackle": None}})
    outcome = walk(core, board, [(6, 5)], [roll], [("use-skill", True)])
    dodge = only(outcome, "dodge")
    assert dodge.result == "passed"
    assert dodge.detail["modifier"] == bonus - markers
    assert dodge.detail["used"] == "break-tackle"
    assert "break-tackle" in MoveProgress.after(outcome, "m").spent


def test_break_tackle_works_once_per_turn(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5)], skills={"m": {"break-tackle": None}})
    outcome = walk(core, board, [(6, 5)], [2, *HELD], spent=frozenset({"break-tackle"}))
    assert outcome.turnover


# -- Rushing ----------------------------------------------------------------------


@pytest.mark.parametrize("rushes", [1, 2])
def test_each_square_beyond_the_move_allowance_is_a_rush(core: Ruleset, rushes: int) -> None:
    outcome = walk(core, field(core), east((5, 5), 6 + rushes), [2] * rushes)
    assert [e.result for e in outcome.events if e.kind == "rush"] == ["passed"] * rushes
    assert MoveProgress.after(outcome, "m") == MoveProgress(ma_used=6 + rushes, rushes_used=rushes)


def test_a_failed_rush_falls_in_the_square_rushed_into(core: Ruleset) -> None:
    outcome = walk(core, field(core), east((5, 5), 7), [1, *HELD])
    assert outcome.board.player("m").square == (12, 5)
    assert outcome.board.player("m").status is Status.PRONE
    assert only(outcome, "fall").result == "rush"
    assert outcome.turnover


def test_a_third_rush_is_refused_before_any_roll(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="at most 2 rushes"):
        walk(core, field(core), east((5, 5), 9), [])


def test_rushes_already_used_in_the_activation_count(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="rush number 3"):
        walk(core, field(core), [(6, 5)], [], ma_used=6, rushes_used=2)


def test_sprint_allows_a_third_rush(core: Ruleset) -> None:
    outcome = walk(core, field(core, skills={"m": {"sprint": None}}), east((5, 5), 9), [2, 2, 2])
    assert outcome.board.player("m").square == (14, 5)


def test_sure_feet_re_rolls_a_failed_rush_once_per_turn(core: Ruleset) -> None:
    board = field(core, skills={"m": {"sure-feet": None}})
    outcome = walk(core, board, east((5, 5), 8), [1, 4, 1, *HELD], [("use-skill", True)])
    first, second = [e for e in outcome.events if e.kind == "rush"]
    assert first.detail["rerolled_with"] == "sure-feet"
    assert first.result == "passed"
    assert second.detail["rerolled_with"] is None
    assert outcome.turnover


def test_rushes_come_before_the_dodge(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5)])
    outcome = walk(core, board, [(6, 5)], [2, 3], ma_used=6)
    assert [e.kind for e in outcome.events if e.rolls] == ["rush", "dodge"]


# -- Standing up ------------------------------------------------------------------


def test_standing_up_costs_three_squares_of_movement(core: Ruleset) -> None:
    board = field(core, statuses={"m": "prone"})
    outcome = walk(core, board, east((5, 5), 4), [2])
    assert only(outcome, "stand-up").result == "stood-up"
    assert only(outcome, "rush").result == "passed"  # 3 + 3 squares, the fourth is a rush
    assert outcome.board.player("m").standing


def test_a_prone_player_may_just_stand_up(core: Ruleset) -> None:
    outcome = walk(core, field(core, statuses={"m": "prone"}), [], [])
    assert outcome.board.player("m").status is Status.STANDING
    assert MoveProgress.after(outcome, "m").ma_used == 3


def slow(rules: Ruleset) -> Board:
    board = field(rules, statuses={"m": "prone"})
    return board.with_player(attrs.evolve(board.player("m"), ma=2))


def test_a_slow_player_rolls_to_stand_and_uses_the_whole_allowance(core: Ruleset) -> None:
    outcome = walk(core, slow(core), [(6, 5)], [4, 2])
    assert only(outcome, "stand-up").result == "passed"
    assert only(outcome, "rush").result == "passed"
    assert outcome.board.player("m").square == (6, 5)


def test_a_slow_player_who_fails_to_stand_stays_down_without_a_turnover(core: Ruleset) -> None:
    outcome = walk(core, slow(core), [(6, 5)], [3])
    assert outcome.board.player("m").status is Status.PRONE
    assert outcome.board.player("m").square == (5, 5)
    assert not outcome.turnover
    assert only(outcome, "move-ends").result == "stayed-down"


# -- Team re-rolls ----------------------------------------------------------------


def test_a_team_re_roll_re_rolls_a_failed_dodge(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5)])
    outcome = walk(core, board, [(6, 5)], [2, 3], [("team-reroll", True)], team_reroll=True)
    assert only(outcome, "dodge").detail["rerolled_with"] == "team-reroll"
    assert only(outcome, "team-reroll").result == "used"
    assert MoveProgress.after(outcome, "m").team_rerolls == 0


def test_a_coach_may_keep_the_team_re_roll(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5)])
    outcome = walk(core, board, [(6, 5)], [2, *HELD], [("team-reroll", False)], team_reroll=True)
    assert outcome.turnover
    assert MoveProgress.after(outcome, "m").team_rerolls == 1


def test_a_team_re_roll_is_spent_once(core: Ruleset) -> None:
    outcome = walk(core, field(core), east((5, 5), 8), [1, 2, 1, *HELD], team_reroll=True)
    assert [e.detail["rerolled_with"] for e in outcome.events if e.kind == "rush"] == ["team-reroll", None]
    assert outcome.turnover


def test_the_dodge_skill_comes_before_a_team_re_roll(core: Ruleset) -> None:
    board = field(core, position="human/human-catcher", opponents=[(4, 5)])
    outcome = walk(core, board, [(6, 5)], [2, 3], team_reroll=True)
    assert only(outcome, "dodge").detail["rerolled_with"] == "dodge"
    assert MoveProgress.after(outcome, "m").team_rerolls == 1


@pytest.mark.parametrize(("loner_roll", "kept"), [(2, False), (3, True)])
def test_a_loner_must_pass_their_roll_or_lose_the_team_re_roll(core: Ruleset, loner_roll: int, kept: bool) -> None:
    board = field(core, position="human/ogre", opponents=[(4, 5)])  # Loner (3+)
    rolls = [2, loner_roll, 5] if kept else [2, loner_roll, *HELD]
    outcome = walk(core, board, [(6, 5)], rolls, team_reroll=True)
    assert only(outcome, "loner").result == ("passed" if kept else "re-roll-lost")
    assert outcome.turnover is not kept
    assert MoveProgress.after(outcome, "m").team_rerolls == 0


# -- Jumping ----------------------------------------------------------------------


def jump_board(rules: Ruleset, *, opponents: Iterable[Square] = (), skills: Mapping[str, Mapping[str, Any]] | None = None) -> Board:
    """The mover at (5, 5) next to a prone orc at (6, 5); more opponents standing where given."""
    return field(rules, opponents=[(6, 5), *opponents], statuses={"o0": "prone"}, skills=skills)


def test_a_jump_over_a_prone_player_costs_two_squares(core: Ruleset) -> None:
    outcome = walk(core, jump_board(core), [Jump((6, 5), (7, 5))], [3])
    assert only(outcome, "jump").result == "passed"
    assert outcome.board.player("m").square == (7, 5)
    assert MoveProgress.after(outcome, "m").ma_used == 2


@pytest.mark.parametrize(("roll", "fallen_in"), [(1, (5, 5)), (2, (7, 5))])
def test_a_failed_jump_falls_beyond_and_a_natural_one_falls_short(core: Ruleset, roll: int, fallen_in: Square) -> None:
    outcome = walk(core, jump_board(core), [Jump((6, 5), (7, 5))], [roll, *HELD])
    assert outcome.board.player("m").square == fallen_in
    assert outcome.turnover


def test_a_jump_counts_the_more_heavily_marked_of_the_two_squares(core: Ruleset) -> None:
    board = jump_board(core, opponents=[(4, 5), (8, 5), (8, 6)])
    outcome = walk(core, board, [Jump((6, 5), (7, 5))], [5])
    assert only(outcome, "jump").detail["modifier"] == -2


@pytest.mark.parametrize(("skill", "modifier"), [("leap", -1), ("pogo", 0)])
def test_leap_softens_and_pogo_ignores_the_jump_penalty(core: Ruleset, skill: str, modifier: int) -> None:
    board = jump_board(core, opponents=[(4, 5), (8, 5), (8, 6)], skills={"m": {skill: None}})
    outcome = walk(core, board, [Jump((6, 5), (7, 5))], [4])
    assert only(outcome, "jump").detail["modifier"] == modifier


def test_only_leap_or_pogo_jumps_over_a_standing_player(core: Ruleset) -> None:
    board = field(core, opponents=[(6, 5)])
    with pytest.raises(UsageError, match="prone or stunned"):
        walk(core, board, [Jump((6, 5), (7, 5))], [])
    leaper = field(core, opponents=[(6, 5)], skills={"m": {"leap": None}})
    assert walk(core, leaper, [Jump((6, 5), (7, 5))], [6]).board.player("m").square == (7, 5)


def test_a_leap_goes_over_a_square_of_the_pitch_not_over_the_crowd(core: Ruleset) -> None:
    leaper = field(core, mover=(5, 0), skills={"m": {"leap": None}})
    with pytest.raises(UsageError, match="a square of the pitch"):
        walk(core, leaper, [Jump((4, -1), (3, 0))], [])


def test_a_jump_must_land_beyond_the_jumped_player(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="not next to"):
        walk(core, jump_board(core), [Jump((6, 5), (6, 6))], [])


def test_a_failed_rush_for_a_jump_falls_where_the_jumper_stands(core: Ruleset) -> None:
    outcome = walk(core, jump_board(core), [Jump((6, 5), (7, 5))], [1, *HELD], ma_used=5)
    assert outcome.board.player("m").square == (5, 5)
    assert only(outcome, "fall").result == "rush"


# -- Crossings --------------------------------------------------------------------


class FenceAtX8:
    """A test plugin: stepping onto x = 8 crosses a fence with the given cost and risk."""

    def __init__(self, cost: int, risk: int) -> None:
        self.crossing = Crossing(cost, risk)

    @bbcore.hookimpl
    def bbcore_crossing(self, ruleset: Any, board: Any, player: Any, origin: Square, target: Square) -> Crossing | None:
        return self.crossing if target[0] == 8 and origin[0] == 7 else None


def test_the_core_crossing_is_free_and_safe(core: Ruleset) -> None:
    board = field(core)
    assert core.hook.bbcore_crossing(ruleset=core, board=board, player=board.player("m"), origin=(5, 5), target=(6, 5)) == Crossing()


def test_a_crossing_cost_from_a_hook_is_paid_in_movement(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("fence", FenceAtX8(2, 0))], entry_points=False)
    outcome = walk(rules, field(rules), east((5, 5), 5), [2])  # 5 squares + 2 for the fence: the last is a rush
    assert only(outcome, "rush").detail["square"] == [10, 5]
    assert MoveProgress.after(outcome, "m") == MoveProgress(ma_used=7, rushes_used=1)


@pytest.mark.parametrize(("roll", "falls"), [(2, True), (3, False)])
def test_a_crossing_risk_from_a_hook_trips_the_player_at_or_under_it(make_ruleset: Any, roll: int, falls: bool) -> None:
    rules = make_ruleset(plugins=[("fence", FenceAtX8(0, 2))], entry_points=False)
    outcome = walk(rules, field(rules), east((5, 5), 4), [roll, *HELD] if falls else [roll])
    assert only(outcome, "crossing").result == ("failed" if falls else "crossed")
    assert outcome.turnover is falls
    assert outcome.board.player("m").square == ((8, 5) if falls else (9, 5))


@pytest.fixture
def hedged(make_ruleset: Any) -> Ruleset:
    """A variant whose pitch, from data, has a hedge (cost 1) and a bramble patch (risk 2) on edges."""
    rules: Ruleset = make_ruleset(variant="hedges", plugins=[("hedges", DataPlugin("variant", "hedges", "hedges"))], entry_points=False)
    return rules


def test_a_pitch_edge_feature_costs_movement(hedged: Ruleset) -> None:
    assert hedged.pitch.id == "hedges/pitch"
    outcome = walk(hedged, field(hedged), east((5, 5), 6), [2])  # across the hedge: 7 squares of movement
    assert MoveProgress.after(outcome, "m") == MoveProgress(ma_used=7, rushes_used=1)


@pytest.mark.parametrize(("roll", "falls"), [(2, True), (3, False)])
def test_a_pitch_edge_feature_can_trip_the_player(hedged: Ruleset, roll: int, falls: bool) -> None:
    outcome = walk(hedged, field(hedged, mover=(5, 9)), [(6, 9)], [roll, *HELD] if falls else [roll])
    assert only(outcome, "crossing").detail["risk"] == 2
    assert outcome.turnover is falls


# -- The ball ---------------------------------------------------------------------


def test_moving_onto_the_ball_picks_it_up_and_moves_on(core: Ruleset) -> None:
    outcome = walk(core, field(core, ball=(6, 5)), [(6, 5), (7, 5)], [3])
    assert only(outcome, "pick-up").result == "picked-up"
    assert outcome.board.ball.carrier == "m"
    assert outcome.board.ball_square() == (7, 5)


def test_a_failed_pick_up_bounces_the_ball_and_ends_the_move(core: Ruleset) -> None:
    outcome = walk(core, field(core, ball=(6, 5)), [(6, 5), (7, 5)], [2, 5])
    assert outcome.turnover
    assert outcome.board.player("m").square == (6, 5)
    assert outcome.board.ball.square == (7, 5)


def test_a_ball_carrier_who_falls_drops_the_ball(core: Ruleset) -> None:
    board = field(core, opponents=[(4, 5)], ball="m")
    outcome = walk(core, board, [(6, 5)], [2, *HELD, 5])
    assert outcome.board.ball.carrier is None
    assert outcome.board.ball.square == (7, 5)
    assert outcome.turnover


def test_progress_carries_a_blitz_over_its_block(core: Ruleset) -> None:
    first = walk(core, field(core), east((5, 5), 7), [2])
    progress = MoveProgress.after(first, "m")
    with pytest.raises(UsageError, match="rush number 3"):
        walk(core, first.board, east((12, 5), 2), [], ma_used=progress.ma_used, rushes_used=progress.rushes_used)


def test_a_feature_with_cost_and_risk_is_crossed_carefully_or_recklessly(make_ruleset: Any) -> None:
    import attrs

    from bbcore.model.pitch import Feature, FeatureType
    from bbcore.rules.board import Board
    from bbcore.rules.movement import move

    barricade = FeatureType("barricade", "Barricade", "edge", "Debris.", crossing_cost=2, crossing_risk=1)
    rules = make_ruleset(entry_points=False)
    pitch = attrs.evolve(rules.pitch, feature_types=(barricade,), features=(Feature("barricade", edges=(((5, 7), (6, 7)),)),))
    placed = build_board(rules, {"l": ("home", "human/human-lineman", (5, 7))})
    board = Board.build(pitch, placed.players.values(), placed.ball)
    with ScriptedDice([]) as dice:
        careful = move(rules, board, "l", [(6, 7)], dice, ScriptedDecisions([]))
    assert careful.board.player("l").square == (6, 7)
    assert careful.events[-1].detail["ma_used"] == 3
    with ScriptedDice([1, 3, 3]) as dice:
        reckless = move(rules, board, "l", [(6, 7)], dice, ScriptedDecisions([]), careful_crossings=False)
    assert reckless.turnover
    assert reckless.board.player("l").status is Status.PRONE


# -- a Blitz's block costs movement ------------------------------------------------------


def pay(rules: Ruleset, board: Board, progress: MoveProgress, rolls: Iterable[int], answers: Iterable[tuple[str, Any]] = ()) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers) as decisions:
        return pay_for_block(rules, board, "m", progress, dice, decisions)


def test_a_blitzs_block_comes_out_of_the_move_allowance_left(core: Ruleset) -> None:
    board = field(core)
    paid = pay(core, board, MoveProgress(ma_used=2), [])
    assert [e.kind for e in paid.events] == ["move-ends"]
    assert MoveProgress.after(paid, "m") == MoveProgress(ma_used=2 + core.parameters.movement.blitz_block_cost)


def test_a_blitz_that_spent_its_allowance_rushes_for_the_block(core: Ruleset) -> None:
    board = field(core)
    ma = board.player("m").ma
    paid = pay(core, board, MoveProgress(ma_used=ma), [2])
    assert only(paid, "rush").detail["for"] == "block"
    assert MoveProgress.after(paid, "m") == MoveProgress(ma_used=ma + 1, rushes_used=1)
    assert not paid.turnover


def test_a_failed_rush_for_the_block_drops_the_player_in_his_square(core: Ruleset) -> None:
    board = field(core)
    ma = board.player("m").ma
    fell = pay(core, board, MoveProgress(ma_used=ma), [1, *HELD])
    assert fell.turnover
    assert fell.board.player("m").square == (5, 5)
    assert not fell.board.player("m").standing


def test_no_block_when_the_rushes_are_spent(core: Ruleset) -> None:
    board = field(core)
    ma = board.player("m").ma
    with pytest.raises(UsageError, match="no movement left for the block"):
        pay(core, board, MoveProgress(ma_used=ma + 2, rushes_used=core.parameters.movement.rushes), [])
