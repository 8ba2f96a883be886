"""The Pass Action: range bands, the test for accuracy, interceptions, catching, turnovers, skills and the pass-modifier hook.

The passer ``p`` (a Human Lineman: PA 4+, AG 3+) stands at (5, 7) holding the ball;
the targets lie straight down the pitch: 3 squares (Quick), 5 (Short), 8 (Long),
12 (Long Bomb). Random direction D8 faces: 1 up-left, 2 up, 3 up-right, 4 left,
5 right, 6 down-left, 7 down, 8 down-right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice, SeededDice
from bbcore.errors import UsageError
from bbcore.odds import pass_odds, passing_board
from bbcore.rules.board import Board, Square
from bbcore.rules.decisions import DefaultDecisions, ScriptedDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.passing import accuracy_judge, hand_off, pass_ball, under_ruler
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board

LINEMAN, ORC = "human/human-lineman", "orc/orc-lineman"
PASSER: Square = (5, 7)
QUICK, SHORT, LONG, BOMB = (8, 7), (10, 7), (13, 7), (17, 7)
UP, RIGHT, DOWN = 2, 5, 7


def pitch(
    rules: Ruleset,
    others: Mapping[str, tuple[str, str, Square]] | None = None,
    *,
    skills: Mapping[str, Mapping[str, Any]] | None = None,
    statuses: Mapping[str, str] | None = None,
) -> Board:
    players: dict[str, tuple[str, str, Square | None]] = {"p": ("home", LINEMAN, PASSER)}
    players.update(others or {})
    return build_board(rules, players, skills=skills, statuses=statuses, ball="p")


def throw(
    rules: Ruleset,
    board: Board,
    target: Square,
    rolls: Iterable[int],
    answers: Iterable[tuple[str, Any]] = (),
    *,
    strict: bool = True,
    **options: Any,
) -> Outcome:
    with ScriptedDice(rolls) as dice, ScriptedDecisions(answers, strict=strict) as decisions:
        return pass_ball(rules, board, "p", target, dice, decisions, **options)


def only(outcome: Outcome, kind: str) -> Event:
    (event,) = [e for e in outcome.events if e.kind == kind]
    return event


def kinds(outcome: Outcome) -> list[str]:
    return [e.kind for e in outcome.events]


def with_passing(rules: Ruleset, **changes: Any) -> Ruleset:
    params = rules.parameters
    return attrs.evolve(rules, parameters=attrs.evolve(params, passing=attrs.evolve(params.passing, **changes)))


# -- Range and the test for accuracy ---------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "band", "modifier"), [(QUICK, "quick", 0), (SHORT, "short", -1), (LONG, "long", -2), (BOMB, "long-bomb", -3)]
)
def test_each_band_brings_its_modifier_to_the_test(core: Ruleset, target: Square, band: str, modifier: int) -> None:
    outcome = throw(core, pitch(core, {"r": ("home", LINEMAN, target)}), target, [6, 4])  # a natural 6, caught on a 4
    assert only(outcome, "pass-action").result == band
    assert only(outcome, "pass").detail["modifier"] == modifier
    assert outcome.board.ball.carrier == "r"
    assert not outcome.turnover


@pytest.mark.parametrize(
    ("modifier", "roll", "result"),
    [
        (0, 4, "accurate"),  # PA 4+: the total reaches it
        (0, 3, "inaccurate"),
        (-1, 5, "accurate"),
        (-1, 4, "inaccurate"),
        (-1, 3, "inaccurate"),  # a total of 2: not yet a fumble
        (-1, 2, "fumbled"),  # a total of 1
        (-3, 5, "inaccurate"),
        (-3, 4, "fumbled"),
        (-5, 6, "accurate"),  # a natural 6 is always accurate
        (2, 1, "fumbled"),  # a natural 1 always fumbles
    ],
)
def test_the_accuracy_boundaries(core: Ruleset, modifier: int, roll: int, result: str) -> None:
    assert accuracy_judge(4, modifier, core.parameters.passing)(roll).result == result


def test_a_target_beyond_the_ruler_is_refused(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="beyond the Range Ruler"):
        throw(core, pitch(core), (19, 7), [])


def test_only_the_ball_carrier_may_pass(core: Ruleset) -> None:
    board = build_board(core, {"p": ("home", LINEMAN, PASSER)}, ball=(1, 1))
    with pytest.raises(UsageError, match="do not hold the ball"):
        throw(core, board, QUICK, [])


def test_the_weather_can_close_the_long_bands(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="Long Pass is not allowed"):
        throw(core, pitch(core), LONG, [], open_bands={"quick", "short"})


# -- Accurate, inaccurate, fumbled ----------------------------------------------------------


def test_an_accurate_pass_is_caught_without_a_modifier(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, {"r": ("home", LINEMAN, SHORT)}), SHORT, [5, 3])
    catch = only(outcome, "catch")
    assert (catch.result, catch.detail["modifier"], catch.detail["situation"]) == ("caught", 0, "accurate_pass")
    assert outcome.board.ball.carrier == "r"
    assert not outcome.turnover


def test_a_dropped_pass_bounces_and_is_a_turnover(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, {"r": ("home", LINEMAN, QUICK)}), QUICK, [4, 2, RIGHT])
    assert outcome.board.ball.square == (9, 7)
    assert outcome.turnover


def test_an_inaccurate_pass_scatters_three_times_from_the_target(core: Ruleset) -> None:
    outcome = throw(core, pitch(core), QUICK, [3, RIGHT, RIGHT, DOWN, RIGHT])  # lands on (10, 8), bounces to (11, 8)
    flight = only(outcome, "pass-flight")
    assert (flight.result, flight.detail["to"]) == ("scattered", [10, 8])
    assert outcome.board.ball.square == (11, 8)
    assert outcome.turnover


def test_a_team_mate_where_an_inaccurate_pass_comes_down_may_catch_it(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, {"t": ("home", LINEMAN, (10, 8))}), QUICK, [3, RIGHT, RIGHT, DOWN, 3])
    assert only(outcome, "catch").detail["situation"] == "inaccurate_pass"
    assert outcome.board.ball.carrier == "t"
    assert not outcome.turnover


def test_an_opponent_catching_an_inaccurate_pass_is_a_turnover(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, {"o": ("away", ORC, (10, 8))}), QUICK, [3, RIGHT, RIGHT, DOWN, 4])
    assert outcome.board.ball.carrier == "o"
    assert outcome.turnover


def test_an_inaccurate_pass_off_the_pitch_is_thrown_in(core: Ruleset) -> None:
    board = build_board(core, {"p": ("home", LINEMAN, (5, 12))}, ball="p")
    # Quick to (8, 13); down twice leaves the pitch at (8, 15), the third scatter is never rolled.
    # The crowd throws it straight back (3) for 2D6 = 3 squares, to (8, 12), where it bounces right.
    outcome = throw(core, board, (8, 13), [3, DOWN, DOWN, 3, 1, 2, RIGHT])
    assert "throw-in" in kinds(outcome)
    assert outcome.board.ball.square == (9, 12)
    assert outcome.turnover


def test_a_fumble_bounces_from_the_passer_and_is_a_turnover(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, {"r": ("home", LINEMAN, QUICK)}), QUICK, [1, UP])
    assert outcome.board.ball.square == (5, 6)
    assert outcome.turnover


def test_a_fumble_is_a_turnover_even_if_a_team_mate_catches_the_bounce(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, {"t": ("home", LINEMAN, (5, 6))}), SHORT, [2, UP, 4])  # 2 - 1 = 1: fumbled
    assert only(outcome, "pass").result == "fumbled"
    assert outcome.board.ball.carrier == "t"
    assert outcome.turnover


def test_safe_pass_keeps_the_ball_on_a_natural_one(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, skills={"p": {"safe-pass": None}}), QUICK, [1])
    assert outcome.board.ball.carrier == "p"
    assert kinds(outcome)[-1] == "safe-pass"
    assert not outcome.turnover


def test_safe_pass_does_not_save_a_fumble_made_by_the_modifiers(core: Ruleset) -> None:
    outcome = throw(core, pitch(core, skills={"p": {"safe-pass": None}}), SHORT, [2, UP])
    assert outcome.board.ball.square == (5, 6)
    assert outcome.turnover


def test_a_prone_team_mate_cannot_catch(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)}, statuses={"r": "prone"})
    outcome = throw(core, board, QUICK, [4, UP])
    assert outcome.board.ball.square == (8, 6)
    assert outcome.turnover


# -- Re-rolls --------------------------------------------------------------------------------


def test_a_team_re_roll_retakes_a_failed_test(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)})
    outcome = throw(core, board, QUICK, [3, 4, 3], [("team-reroll", True)], team_reroll=1)
    test = only(outcome, "pass")
    assert (test.rolls, test.result, test.detail["rerolled_with"]) == ((3, 4), "accurate", "team-reroll")
    assert outcome.board.ball.carrier == "r"


def test_a_declined_team_re_roll_leaves_the_pass_inaccurate(core: Ruleset) -> None:
    outcome = throw(core, pitch(core), QUICK, [3, RIGHT, RIGHT, DOWN, RIGHT], [("team-reroll", False)], team_reroll=1)
    assert only(outcome, "pass").result == "inaccurate"


def test_the_pass_skill_re_rolls_before_any_team_re_roll(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)}, skills={"p": {"pass": None}})
    outcome = throw(core, board, QUICK, [2, 5, 3], [("use-skill", True)], team_reroll=1)
    assert only(outcome, "pass").detail["rerolled_with"] == "pass"
    assert "team-reroll" not in kinds(outcome)


# -- Modifiers -------------------------------------------------------------------------------


def test_each_marker_costs_one_unless_the_passer_has_nerves_of_steel(core: Ruleset) -> None:
    others = {"m": ("away", ORC, (4, 7)), "r": ("home", LINEMAN, SHORT)}
    assert only(throw(core, pitch(core, others), SHORT, [6, 4]), "pass").detail["modifier"] == -2
    steady = pitch(core, others, skills={"p": {"nerves-of-steel": None}})
    assert only(throw(core, steady, SHORT, [6, 4]), "pass").detail["modifier"] == -1


def test_disturbing_presence_within_three_squares_costs_the_passer_and_the_catcher(core: Ruleset) -> None:
    others = {"d": ("away", ORC, (5, 10)), "r": ("home", LINEMAN, (7, 9))}
    board = pitch(core, others, skills={"d": {"disturbing-presence": None}})
    outcome = throw(core, board, (7, 9), [6, 6])
    assert only(outcome, "pass").detail["modifier"] == -1  # quick, one presence
    assert only(outcome, "catch").detail["modifier"] == -1
    far = pitch(core, {"d": ("away", ORC, (5, 11)), "r": ("home", LINEMAN, (8, 7))}, skills={"d": {"disturbing-presence": None}})
    assert only(throw(core, far, QUICK, [6, 6]), "pass").detail["modifier"] == 0


@pytest.mark.parametrize(
    ("skill", "target", "modifier"), [("accurate", SHORT, 0), ("accurate", LONG, -2), ("cannoneer", SHORT, -1), ("cannoneer", LONG, -1)]
)
def test_accurate_and_cannoneer_help_their_own_bands(core: Ruleset, skill: str, target: Square, modifier: int) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, target)}, skills={"p": {skill: None}})
    assert only(throw(core, board, target, [6, 4]), "pass").detail["modifier"] == modifier


def test_strong_arm_does_not_help_a_pass(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, SHORT)}, skills={"p": {"strong-arm": None}})
    assert only(throw(core, board, SHORT, [6, 4]), "pass").detail["modifier"] == -1


def test_very_sunny_turns_a_four_into_an_inaccurate_pass_and_pouring_rain_drops_a_catch(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)})
    sunny = throw(core, board, QUICK, [4, RIGHT, RIGHT, UP, RIGHT], weather={"pass": -1})
    assert only(sunny, "pass").result == "inaccurate"
    rain = throw(core, board, QUICK, [4, 3, RIGHT], weather={"catch": -1})
    assert (only(rain, "catch").result, only(rain, "catch").detail["modifier"]) == ("dropped", -1)
    assert rain.turnover
    wet = pitch(core, {"o": ("away", ORC, (7, 7)), "r": ("home", LINEMAN, SHORT)})
    slipped = throw(core, wet, SHORT, [5, 6], [("interceptor", "o")], weather={"interception": -1})
    assert only(slipped, "interception").detail["modifier"] == -4  # a natural 6 still intercepts
    assert slipped.board.ball.carrier == "o"


# -- Interceptions ---------------------------------------------------------------------------


def test_an_opponent_under_the_ruler_intercepts_an_accurate_pass_on_a_six(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (7, 7)), "r": ("home", LINEMAN, SHORT)})
    outcome = throw(core, board, SHORT, [5, 6], [("interceptor", "o")])
    test = only(outcome, "interception")
    assert (test.result, test.detail["modifier"]) == ("passed", -3)
    assert outcome.board.ball.carrier == "o"
    assert outcome.turnover


def test_a_failed_interception_lets_the_pass_go_on(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (7, 7)), "r": ("home", LINEMAN, SHORT)})
    outcome = throw(core, board, SHORT, [5, 5, 3], [("interceptor", "o")])  # 5 - 3 misses AG 3+
    assert only(outcome, "interception").result == "failed"
    assert outcome.board.ball.carrier == "r"
    assert not outcome.turnover


def test_an_inaccurate_pass_is_easier_to_intercept(core: Ruleset) -> None:
    # Quick to (8, 7), inaccurate, scattering to (8, 10): the ruler runs from (5, 7) to (8, 10) over (7, 9).
    board = pitch(core, {"o": ("away", ORC, (7, 9))})
    outcome = throw(core, board, QUICK, [3, DOWN, DOWN, DOWN, 5], [("interceptor", "o")])
    test = only(outcome, "interception")
    assert (test.result, test.detail["modifier"]) == ("passed", -2)
    assert outcome.board.ball.carrier == "o"


def test_the_interceptor_counts_its_own_markers_and_extra_arms(core: Ruleset) -> None:
    others = {"o": ("away", ORC, (7, 7)), "m": ("home", LINEMAN, (7, 6)), "r": ("home", LINEMAN, SHORT)}
    board = pitch(core, others, skills={"o": {"extra-arms": None}})
    outcome = throw(core, board, SHORT, [5, 5, 3], [("interceptor", "o")])
    assert only(outcome, "interception").detail["modifier"] == -3  # -3, -1 marked, +1 Extra Arms


def test_the_defending_coach_picks_one_interceptor_or_none(core: Ruleset) -> None:
    others = {"o": ("away", ORC, (7, 7)), "q": ("away", ORC, (8, 8)), "r": ("home", LINEMAN, SHORT)}
    picked = throw(core, pitch(core, others), SHORT, [5, 6], [("interceptor", "q")])
    assert picked.board.ball.carrier == "q"
    nobody = throw(core, pitch(core, others), SHORT, [5, 3], [("interceptor", None)])
    assert "interception" not in kinds(nobody)
    assert nobody.board.ball.carrier == "r"


def test_players_off_the_ruler_or_down_cannot_intercept(core: Ruleset) -> None:
    others = {"o": ("away", ORC, (7, 9)), "d": ("away", ORC, (7, 7)), "r": ("home", LINEMAN, SHORT)}
    outcome = throw(core, pitch(core, others, statuses={"d": "prone"}), SHORT, [5, 3])  # strict: no interceptor is asked
    assert outcome.board.ball.carrier == "r"


def test_cloud_burster_passes_cannot_be_intercepted(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (7, 7)), "r": ("home", LINEMAN, SHORT)}, skills={"p": {"cloud-burster": None}})
    assert throw(core, board, SHORT, [5, 3]).board.ball.carrier == "r"


def test_the_ruler_is_about_one_and_three_quarter_squares_wide() -> None:
    width = 1.74
    assert under_ruler((5, 7), (10, 7), (7, 8), width)
    assert not under_ruler((5, 7), (10, 7), (7, 9), width)
    assert not under_ruler((5, 7), (10, 7), (12, 7), width)  # past the landing square
    # A diagonal pass covers the squares beside the diagonal.
    assert under_ruler((0, 0), (4, 4), (2, 1), width)
    assert not under_ruler((0, 0), (4, 4), (3, 0), width)


def test_a_line_crosses_a_square_only_through_its_inside() -> None:
    assert under_ruler((0, 0), (4, 2), (2, 1), 0)
    assert under_ruler((0, 0), (4, 2), (1, 0), 0)
    assert under_ruler((0, 0), (4, 2), (1, 1), 0)  # from (1, 0.5) on the edge into the square
    assert not under_ruler((0, 0), (4, 2), (2, 0), 0)
    assert not under_ruler((0, 0), (2, 2), (1, 0), 0)  # through a corner only


# -- Skills at the end of the flight -----------------------------------------------------------


def test_a_hail_mary_pass_goes_anywhere_is_never_accurate_and_never_intercepted(core: Ruleset) -> None:
    board = pitch(core, {"o": ("away", ORC, (10, 7))}, skills={"p": {"hail-mary-pass": None}})
    outcome = throw(core, board, (24, 7), [6, RIGHT, UP, UP, UP], hail_mary=True)
    assert only(outcome, "pass-action").result == "long-bomb"
    assert only(outcome, "pass").result == "inaccurate"
    assert outcome.board.ball.square == (25, 4)


def test_only_a_player_with_the_skill_throws_a_hail_mary(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="Hail Mary"):
        throw(core, pitch(core), (24, 7), [], hail_mary=True)


def test_diving_catch_takes_a_pass_landing_next_to_the_player(core: Ruleset) -> None:
    board = pitch(core, {"d": ("home", LINEMAN, (9, 8))}, skills={"d": {"diving-catch": None}})
    outcome = throw(core, board, QUICK, [4, 3], [("use-skill", True)])
    assert outcome.board.ball.carrier == "d"
    assert outcome.board.player("d").square == (9, 8)
    assert not outcome.turnover


def test_a_wildly_inaccurate_pass_deviates_from_the_passer_where_the_parameters_have_it(core: Ruleset) -> None:
    rules = with_passing(core, fumble_at_most=None, wildly_inaccurate_at_most=1)
    board = pitch(rules, {"o": ("away", ORC, (6, 7))})
    outcome = throw(rules, board, SHORT, [2, UP, 3, RIGHT])  # 2 - 1 = 1; up 3 squares; no interception is asked
    assert only(outcome, "pass").result == "wildly-inaccurate"
    assert only(outcome, "pass-flight").detail["to"] == [5, 4]
    assert outcome.board.ball.square == (6, 4)
    assert outcome.turnover
    assert only(throw(rules, board, SHORT, [1, UP]), "pass").result == "fumbled"


# -- The hook and the odds ---------------------------------------------------------------------


class Fog:
    """A test plugin: passes are at -2 in the fog, and it sees the band it is given."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    @bbcore.hookimpl
    def bbcore_pass_modifiers(self, ruleset: Any, board: Any, passer: Any, target: Any, band: Any) -> int:
        self.seen.append(band.id)
        return -2


def test_a_plugin_adds_to_the_passing_ability_test(make_ruleset: Any) -> None:
    fog = Fog()
    rules = make_ruleset(plugins=[("fog", fog)], entry_points=False)
    outcome = throw(rules, pitch(rules, {"r": ("home", LINEMAN, SHORT)}), SHORT, [6, 4])
    assert only(outcome, "pass").detail["modifier"] == -3
    assert fog.seen[-1] == "short"
    board, target = passing_board(rules, 4, "quick")
    assert pass_odds(rules, board, "passer", target).modifier == -2


def test_pass_odds_count_the_roll_the_pass_skill_and_a_team_re_roll(core: Ruleset) -> None:
    board, target = passing_board(core, 4, "quick")
    assert dict(pass_odds(core, board, "passer", target).results) == {
        "accurate": Fraction(1, 2),
        "inaccurate": Fraction(1, 3),
        "fumbled": Fraction(1, 6),
    }
    assert pass_odds(core, board, "passer", target, team_reroll=True).results["accurate"] == Fraction(3, 4)
    marked, target = passing_board(core, 4, "short", markers=2)
    assert pass_odds(core, marked, "passer", target).modifier == -3


def test_pass_odds_agree_with_a_monte_carlo_of_the_pass(core: Ruleset) -> None:
    board, target = passing_board(core, 3, "long", markers=1, skills=["pass"])
    exact = pass_odds(core, board, "passer", target).results
    dice, runs = SeededDice(2025), 3000
    counts: Counter[str] = Counter()
    for _ in range(runs):
        outcome = pass_ball(core, board, "passer", target, dice, DefaultDecisions())
        counts[only(outcome, "pass").result] += 1
    for result, chance in exact.items():
        assert abs(counts[result] / runs - float(chance)) < 0.03, result


# -- the Hand-off -------------------------------------------------------------------------------------


NEXT_TO: Square = (6, 7)


def test_a_hand_off_is_caught_on_the_receivers_agility(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)})
    ag = board.player("r").ag
    with ScriptedDice([ag]) as dice:
        outcome = hand_off(core, board, "p", "r", dice, DefaultDecisions())
    assert outcome.board.ball.carrier == "r"
    assert not outcome.turnover
    assert [e.kind for e in outcome.events] == ["hand-off", "catch"]


def test_a_marked_receiver_drops_it_and_the_turn_is_over(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO), "o": ("away", ORC, (7, 7))})
    ag = board.player("r").ag
    with ScriptedDice([ag, UP]) as dice:  # one short for the marker; the ball bounces up from (6, 7)
        outcome = hand_off(core, board, "p", "r", dice, DefaultDecisions())
    assert outcome.board.ball.square == (6, 6)
    assert outcome.turnover


def test_a_team_re_roll_or_catch_saves_a_dropped_hand_off(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)})
    with ScriptedDice([1, 6]) as dice:
        outcome = hand_off(core, board, "p", "r", dice, ScriptedDecisions([("team-reroll", True)]), team_reroll=1)
    assert outcome.board.ball.carrier == "r"
    catcher = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)}, skills={"r": {"catch": None}})
    with ScriptedDice([1, 6]) as dice:
        assert hand_off(core, catcher, "p", "r", dice, DefaultDecisions()).board.ball.carrier == "r"


def test_the_weathers_catch_modifier_counts(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)})
    ag = board.player("r").ag
    with ScriptedDice([ag, UP]) as dice:
        assert hand_off(core, board, "p", "r", dice, DefaultDecisions(), weather={"catch": -1}).turnover


@pytest.mark.parametrize(
    ("giver", "others", "statuses", "message"),
    [
        ("r", {"r": ("home", LINEMAN, NEXT_TO)}, {}, "only a Standing ball carrier"),
        ("p", {"r": ("away", ORC, NEXT_TO)}, {}, "must be a team-mate"),
        ("p", {"r": ("home", LINEMAN, (8, 7))}, {}, "next to him"),
        ("p", {"r": ("home", LINEMAN, NEXT_TO)}, {"r": "prone"}, "Standing with his Tackle Zone"),
    ],
)
def test_a_hand_off_that_cannot_be_made_is_refused(core: Ruleset, giver: str, others: Any, statuses: Any, message: str) -> None:
    board = pitch(core, others, statuses=statuses)
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match=message):
        hand_off(core, board, giver, "r", dice, DefaultDecisions())


def test_a_distracted_team_mate_cannot_take_a_hand_off(core: Ruleset) -> None:
    board = pitch(core, {"r": ("home", LINEMAN, NEXT_TO)})
    board = board.with_player(attrs.evolve(board.player("r"), tackle_zone=False))
    with ScriptedDice([]) as dice, pytest.raises(UsageError, match="Tackle Zone"):
        hand_off(core, board, "p", "r", dice, DefaultDecisions())


def test_a_pass_coming_back_down_on_the_passer_may_be_caught_again_with_his_pro(core: Ruleset) -> None:
    left, miss, catch_it, pro = 4, 1, 6, core.parameters.targets.pro
    board = pitch(core, skills={"p": {"pro": None}})
    not_on_the_pass = ("use-skill", False)
    outcome = throw(core, board, QUICK, [3, left, left, left, miss, pro, catch_it], [not_on_the_pass, ("use-skill", True)])
    assert only(outcome, "pass-flight").detail["to"] == list(PASSER)
    assert outcome.board.ball.carrier == "p"
    assert (only(outcome, "pro").result, only(outcome, "pro").detail["test"]) == ("re-roll", "catch")


def test_a_hand_off_coming_back_down_on_the_giver_may_be_caught_again_with_his_pro(core: Ruleset) -> None:
    board = build_board(core, {"g": ("home", LINEMAN, (10, 7)), "r": ("home", LINEMAN, (11, 7))}, ball="g", skills={"g": {"pro": None}})
    miss, west, pro, catch_it = 1, 4, core.parameters.targets.pro, 6
    with ScriptedDice([miss, west, miss, pro, catch_it]) as dice, ScriptedDecisions([("use-skill", True)], strict=True) as decisions:
        outcome = hand_off(core, board, "g", "r", dice, decisions)
    assert outcome.board.ball.carrier == "g"
    assert not outcome.turnover
    assert only(outcome, "pro").detail["test"] == "catch"


def test_a_diver_standing_in_the_target_square_has_diving_catch_s_bonus_on_a_ball_beside_him(core: Ruleset) -> None:
    bonus = core.parameters.ball.catch_modifiers["diving_catch"]
    board = pitch(core, {"r": ("home", LINEMAN, QUICK)}, skills={"r": {"diving-catch": None}})
    inaccurate, right, left, short_by_bonus = 2, 5, 4, 3 - bonus
    outcome = throw(core, board, QUICK, [inaccurate, right, left, right, short_by_bonus], [("use-skill", True)], strict=False)
    assert only(outcome, "pass-flight").detail["to"] == [QUICK[0] + 1, QUICK[1]]
    catch = only(outcome, "catch")
    assert (catch.who, catch.result, catch.detail["modifier"]) == ("r", "caught", bonus)
    assert outcome.board.ball.carrier == "r"
