"""Skurling's pre-match sequence, step by step, with scripted dice and decisions."""

from __future__ import annotations

from pathlib import Path

import pytest
from bbcore_skurling.coaching import ScriptedSkurlingDecisions
from bbcore_skurling.headliners import headliner
from bbcore_skurling.prematch import (
    Side,
    buy_inducements,
    fan_factors,
    first_attacker,
    inducement_prices,
    pebblemuck,
    run_pre_match,
    weather,
)

import bbcore
from bbcore.cli import main
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.render.text import money
from bbcore.rules.decisions import DecisionScriptError
from bbcore.rules.pregame import InducementBudget, inducement_budget
from bbcore.ruleset import Ruleset

PADDING = "skurling/padding"
ICE_MEDIC = "skurling/ice-medic"
LINIMENT = "skurling/liniment"

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


def ruleset(**options: str) -> Ruleset:
    return bbcore.load_ruleset("skurling", options=options)


def strict(*answers: tuple[str, object]) -> ScriptedSkurlingDecisions:
    return ScriptedSkurlingDecisions(list(answers), strict=True)


# -- 1. the pebblemuck ----------------------------------------------------------------------------


def test_pebblemuck_rolls_2d6_for_the_preparation_then_a_d6_for_its_attribute() -> None:
    with ScriptedDice([3, 4, 5]) as dice, strict(("agreed-choice", None)) as decisions:
        muck, events = pebblemuck(ruleset(), dice, decisions)
    assert (muck.preparation, muck.attribute, muck.chosen_by) == ("raw-ground", "astrogranite", "dice")
    assert [(e.kind, e.rolls) for e in events] == [("pebblemuck", (3, 4)), ("pebblemuck-attribute", (5,))]


def test_pebblemuck_by_agreement_skips_the_2d6_and_its_attribute_may_change_fan_factor() -> None:
    with ScriptedDice([6]) as dice, strict(("agreed-choice", "gala-pebbling")) as decisions:
        muck, _ = pebblemuck(ruleset(), dice, decisions)
    assert (muck.preparation, muck.attribute, muck.chosen_by) == ("gala-pebbling", "the-skip-general-attends", "coaches")
    assert muck.fan_factor_change == 2


def test_pebblemuck_agreement_must_name_a_preparation() -> None:
    with pytest.raises(DecisionScriptError, match="moon-dust"):
        pebblemuck(ruleset(), ScriptedDice([]), strict(("agreed-choice", "moon-dust")))


def test_throwback_is_always_raw_ground_and_rerolls_astrogranite_and_solid_stone() -> None:
    # No 2D6 and no agreement asked: the strict script would fail on any question.
    with ScriptedDice([5, 6, 3]) as dice:
        muck, events = pebblemuck(ruleset(match="throwback"), dice, strict(), profile="throwback")
    assert (muck.preparation, muck.attribute, muck.chosen_by) == ("raw-ground", "honest-grass", "throwback")
    attributes = [(e.result, e.detail["rolled_again"]) for e in events if e.kind == "pebblemuck-attribute"]
    assert attributes == [("astrogranite", True), ("solid-stone", True), ("honest-grass", False)]


# -- 2. the fans ----------------------------------------------------------------------------------


def test_fan_factor_is_a_d3_plus_one_dedicated_fan_and_attendance_is_the_sum() -> None:
    with ScriptedDice([2, 3]) as dice:
        factors, attendance, _ = fan_factors(ruleset(), (Side("a", 0), Side("b", 0)), dice)
    assert factors == {"a": 3, "b": 4}
    assert attendance == 7


def test_an_attribute_changes_fan_factor_after_the_roll_and_league_fans_count() -> None:
    with ScriptedDice([1, 1]) as dice:
        factors, attendance, _ = fan_factors(ruleset(), (Side("a", 0), Side("b", 0, dedicated_fans=5)), dice, change=2)
    assert factors == {"a": 4, "b": 8}
    assert attendance == 12


# -- 3. the weather -------------------------------------------------------------------------------


def test_weather_adds_one_d6_per_coach_on_the_table_in_use() -> None:
    sides = (Side("a", 0), Side("b", 0))
    with ScriptedDice([6, 6]) as dice:
        sky, events = weather(ruleset(), sides, dice)
    assert sky == "blizzard"
    assert events[0].detail["by_coach"] == {"a": 6, "b": 6}
    with ScriptedDice([1, 1]) as dice:
        spring, events = weather(ruleset(season="spring"), sides, dice)
    assert events[0].detail["table"] == "skurling/spring-weather"
    assert spring == ruleset(season="spring").table("skurling/spring-weather").row_for(2).id


# -- 4. inducements and petty cash ----------------------------------------------------------------


def test_one_off_lower_tv_gets_the_difference_as_petty_cash_and_loses_what_it_leaves() -> None:
    sides = (Side("high", 400_000), Side("low", 300_000))
    with strict(("inducements", {PADDING: 1, ICE_MEDIC: 1})) as decisions:
        (high, low), purchases, _ = buy_inducements(ruleset(), sides, decisions)
    (purchase,) = purchases  # the higher team has no Treasury in a one-off: it is not asked
    assert (purchase.team, purchase.petty_cash, purchase.cost, purchase.petty_cash_lost) == ("low", 100_000, 80_000, 20_000)
    assert dict(low.inducements) == {PADDING: 1, ICE_MEDIC: 1}
    assert high == sides[0]


def test_league_higher_tv_spends_treasury_first_and_the_lower_adds_up_to_50k() -> None:
    sides = (Side("low", 300_000, treasury=80_000), Side("high", 400_000, treasury=100_000))
    answers = [("inducements", {"skurling/sweepuhs-blessing": 1}), ("inducements", {PADDING: 1, ICE_MEDIC: 1, "skurling/sweeping-crew": 1})]
    answers.append(("inducements", {}))  # unused: proves only two teams were asked
    decisions = ScriptedSkurlingDecisions(answers, strict=True)
    (low, high), purchases, _ = buy_inducements(ruleset(match="league"), sides, decisions)
    first, second = purchases
    assert (first.team, first.petty_cash, first.from_treasury) == ("high", 0, 60_000)
    # (b) petty cash = 100K difference + 60K spent; (c) plus at most 50K of its own treasury.
    assert (second.team, second.petty_cash, second.cost, second.from_treasury) == ("low", 160_000, 120_000, 0)
    assert (high.treasury, low.treasury) == (40_000, 80_000)


def test_league_top_up_is_capped_at_50k_of_treasury() -> None:
    sides = (Side("low", 300_000, treasury=200_000), Side("high", 300_000 + 10_000, treasury=0))
    too_much = {PADDING: 1, ICE_MEDIC: 1}  # 80K > 10K petty cash + 50K top-up
    with pytest.raises(UsageError, match="cost 80000; the team has 60000"):
        buy_inducements(ruleset(match="league"), sides, strict(("inducements", {}), ("inducements", too_much)))
    with strict(("inducements", {}), ("inducements", {ICE_MEDIC: 1})) as decisions:
        (low, _), purchases, _ = buy_inducements(ruleset(match="league"), sides, decisions)
    assert purchases[1].from_treasury == 40_000
    assert low.treasury == 160_000


def test_equal_team_values_mean_no_petty_cash_and_no_treasury() -> None:
    sides = (Side("a", 350_000, treasury=100_000), Side("b", 350_000, treasury=100_000))
    result, purchases, events = buy_inducements(ruleset(match="league"), sides, strict())
    assert result == sides
    assert purchases == ()
    assert events[0].result == "even"


def test_one_of_each_inducement_counting_those_bought_at_building() -> None:
    side = Side("low", 300_000, inducements={PADDING: 1})
    assert PADDING not in inducement_prices(ruleset(), side)
    with pytest.raises(UsageError, match="not on offer"):
        buy_inducements(ruleset(), (Side("high", 400_000), side), strict(("inducements", {PADDING: 1})))
    with pytest.raises(UsageError, match="only 1 of each"):
        buy_inducements(ruleset(), (Side("high", 400_000), Side("low", 300_000)), strict(("inducements", {LINIMENT: 2})))


def test_a_headliner_adds_its_team_value_so_the_other_team_gets_petty_cash() -> None:
    star = Side("star", 300_000, headliner="pip-featherweight")
    assert star.match_team_value(ruleset()) == 300_000 + headliner(ruleset(), "pip-featherweight").cost_in_tv == 400_000
    with strict(("inducements", {})) as decisions:
        _, purchases, _ = buy_inducements(ruleset(), (star, Side("plain", 300_000)), decisions)
    assert (purchases[0].team, purchases[0].petty_cash) == ("plain", 100_000)


def test_throwback_has_no_petty_cash_or_treasury() -> None:
    sides = (Side("a", 400_000, treasury=100_000), Side("b", 200_000))
    result, purchases, events = buy_inducements(ruleset(match="throwback"), sides, strict())
    assert (result, purchases, events[0].result) == (sides, (), "building-only")


# -- 5. the first attacker ------------------------------------------------------------------------


def test_coin_toss_winner_chooses_to_defend() -> None:
    sides = (Side("a", 0), Side("b", 0))
    with ScriptedDice([1]) as dice, strict(("agreed-choice", None), ("attack-or-defend", "defend")) as decisions:
        attacker, events = first_attacker(SKURLING, sides, dice, decisions)
    assert attacker == "b"
    assert events[-1].detail["chosen_by"] == "a"


def test_2d6_each_rerolls_ties_and_the_higher_wins() -> None:
    sides = (Side("a", 0), Side("b", 0))
    with ScriptedDice([3, 4, 5, 2, 1, 2, 6, 6]) as dice, strict(("agreed-choice", "dice"), ("attack-or-defend", "attack")) as decisions:
        attacker, events = first_attacker(SKURLING, sides, dice, decisions)
    assert attacker == "b"
    assert [e.result for e in events] == ["tie", "b", "attack"]


# -- the runner and the profiles ------------------------------------------------------------------


def test_first_match_skips_everything_but_the_coin() -> None:
    with ScriptedDice([2]) as dice:
        result = run_pre_match(
            ruleset(match="first-match"), Side("a", 395_000), Side("b", 400_000), dice, strict(("attack-or-defend", "attack"))
        )
    assert result.first_attacker == "b"
    assert (result.pebblemuck, result.fan_factors, result.weather, result.purchases) == (None, None, None, ())
    assert [e.result for e in result.events if e.kind == "prematch-step"] == ["first-attacker"]


def test_a_one_off_pre_match_runs_the_five_steps_in_order() -> None:
    # Pebblemuck 2D6 + D6, two D3, two D6 weather, a coin.
    rolls = [5, 5, 2, 1, 3, 4, 3, 1]
    answers = [("inducements", {PADDING: 1})]
    with ScriptedDice(rolls) as dice, ScriptedSkurlingDecisions(answers) as decisions:
        result = run_pre_match(ruleset(), Side("a", 350_000), Side("b", 400_000), dice, decisions)
    steps = [e.result for e in result.events if e.kind == "prematch-step"]
    assert steps == ["pebblemuck", "fans", "weather", "inducements", "first-attacker"]
    assert (result.preparation, result.attribute) == ("raw-ground", "tufted-turf")
    assert result.fan_factors == {"a": 2, "b": 4}
    assert result.fan_attendance == 6
    assert result.weather == "perfect-conditions"
    assert dict(result.sides[0].inducements) == {PADDING: 1}
    assert result.first_attacker == "a"


@pytest.mark.parametrize(
    ("match", "higher", "lower"),
    [
        ("one-off", (0, 0), (100_000, 0)),  # one-off games have no Treasury
        ("league", (0, 200_000), (100_000, 50_000)),  # the top-up is the core's 50K
        ("first-match", (0, 0), (0, 0)),
        ("throwback", (0, 0), (0, 0)),
    ],
)
def test_the_core_inducement_budget_follows_the_kind_of_match(
    match: str, higher: tuple[int, int], lower: tuple[int, int], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rules = ruleset(match=match)
    assert as_pair(inducement_budget(rules, 500_000, 200_000, 400_000)) == higher
    assert as_pair(inducement_budget(rules, 400_000, 200_000, 500_000)) == lower
    # The command-line tool says the same for a team file holding 200K, 100K of Team Value below its opponent.
    rovers = Path(__file__).parents[1] / "bbcore_skurling" / "data" / "teams" / "old-road-rovers.yaml"
    assert "treasury" not in rovers.read_text()
    team_file = tmp_path / "rovers.yaml"
    team_file.write_text(rovers.read_text() + "treasury: 200000\n")
    tv = bbcore.value_team(rules, bbcore.load_team_file(team_file).team).team_value
    args = [
        "inducements",
        "--variant",
        "skurling",
        "--option",
        f"match={match}",
        "--team",
        str(team_file),
        "--opponent-ctv",
        str(tv + 100_000),
    ]
    assert main(args) == 0
    petty_cash, treasury = lower
    assert f"{money(petty_cash)} Petty Cash, {money(treasury)} from the Treasury" in capsys.readouterr().out


def as_pair(budget: InducementBudget) -> tuple[int, int]:
    return budget.petty_cash, budget.treasury
