"""Dice sources and rolling on tables."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

import bbcore
from bbcore.dice import DiceScriptError, ScriptedDice, SeededDice, exact_outcomes, roll_dice, roll_on_table, table_odds
from bbcore.ruleset import Ruleset


def test_scripted_dice_return_the_script_in_order() -> None:
    with ScriptedDice([3, 5, 1]) as dice:
        assert [dice.roll(6), dice.roll(6), dice.roll(8)] == [3, 5, 1]


def test_scripted_dice_fail_when_the_script_runs_out() -> None:
    dice = ScriptedDice([2])
    dice.roll(6)
    with pytest.raises(DiceScriptError, match="ran out after 1 roll"):
        dice.roll(6)


def test_scripted_dice_fail_when_rolls_are_left_over() -> None:
    with pytest.raises(DiceScriptError, match=r"1 scripted roll\(s\) were not used: \[4\]"), ScriptedDice([6, 4]) as dice:
        dice.roll(6)


def test_scripted_dice_reject_impossible_faces() -> None:
    with pytest.raises(DiceScriptError, match="impossible on a D6"):
        ScriptedDice([7]).roll(6)


def test_the_scripted_dice_fixture_checks_scripts_are_used_up(scripted_dice: object) -> None:
    dice = scripted_dice([1, 2])  # type: ignore[operator]
    assert roll_dice(dice, "2D6") == (1, 2)


def test_seeded_dice_repeat_within_a_process() -> None:
    first = [SeededDice(42).roll(6) for _ in range(1)]
    a, b = SeededDice(42), SeededDice(42)
    rolled = [a.roll(6) for _ in range(50)]
    assert rolled == [b.roll(6) for _ in range(50)]
    assert first[0] == SeededDice(42).roll(6)
    # Dice, not a constant: the faces vary, and another seed rolls another run.
    assert len(set(rolled)) > 1
    assert rolled != [SeededDice(43).roll(6) for _ in range(50)]


def test_seeded_dice_repeat_across_processes() -> None:
    code = "from bbcore.dice import SeededDice; d = SeededDice(7); print([d.roll(16) for _ in range(20)])"
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout for _ in range(2)}
    assert len(outputs) == 1
    d = SeededDice(7)
    assert outputs.pop().strip() == str([d.roll(16) for _ in range(20)])


def test_exact_outcomes_of_two_d6_sum_to_the_known_distribution() -> None:
    odds = exact_outcomes(lambda dice: dice.roll(6) + dice.roll(6))
    assert odds[7] == Fraction(6, 36)
    assert odds[2] == odds[12] == Fraction(1, 36)
    assert sum(odds.values()) == 1


def test_exact_outcomes_follow_branching_procedures() -> None:
    # Roll a D6; on a 1, re-roll once (a team re-roll, say). Success on 4+.
    def attempt(dice: bbcore.DiceSource) -> bool:
        first = dice.roll(6)
        if first == 1:
            return dice.roll(6) >= 4
        return first >= 4

    odds = exact_outcomes(attempt)
    assert odds[True] == Fraction(1, 2) + Fraction(1, 6) * Fraction(1, 2)


def test_rolling_a_table_reads_the_row_for_the_total(core: Ruleset) -> None:
    with ScriptedDice([3, 4]) as dice:
        result = roll_on_table(core.table("weather"), dice)
    assert result.total == 7
    assert result.row is core.table("weather").row_for(7)


def test_a_modifier_is_clamped_to_the_table_range(core: Ruleset) -> None:
    with ScriptedDice([6, 6]) as dice:
        high = roll_on_table(core.table("injury"), dice, modifier=3)
    assert high.total == 12
    with ScriptedDice([1, 1]) as dice:
        low = roll_on_table(core.table("injury"), dice, modifier=-4)
    assert low.total == 2
    assert low.row.id == core.table("injury").row_for(2).id


def test_the_same_seed_gives_the_same_table_result(core: Ruleset) -> None:
    table = core.table("kick-off-events")
    assert roll_on_table(table, SeededDice(1)) == roll_on_table(table, SeededDice(1))
    assert len({roll_on_table(table, SeededDice(seed)).row.id for seed in range(20)}) > 1  # and other seeds, other rows


def test_table_odds_are_exact(core: Ruleset) -> None:
    odds = table_odds(core.table("block-dice"))
    assert odds["push-back"] == Fraction(1, 3)
    assert sum(odds.values()) == 1
    assert (
        table_odds(core.table("injury"), modifier=1)[core.table("injury").row_for(12).id]
        > table_odds(core.table("injury"))[core.table("injury").row_for(12).id]
    )


def test_a_chart_cannot_be_rolled(core: Ruleset) -> None:
    with pytest.raises(bbcore.BBCoreError, match="not rolled on"):
        roll_on_table(core.table("spp-awards"), SeededDice(1))
