"""The sequence runner: steps run in the ruleset's order, procedures come from the hook, variants change both."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from bbcore.dice import DiceSource, ScriptedDice, SeededDice
from bbcore.errors import PluginError, UsageError
from bbcore.registry import SequenceStepRegistrar
from bbcore.rules.board import Board
from bbcore.rules.decisions import Decisions, ScriptedDecisions
from bbcore.rules.drive import end_turn
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState, run_sequence, sequence_steps, team_state
from bbcore.ruleset import Ruleset
from bbcore.testing import MakeRuleset
from tests.fixtures.plugins import BoardEffectPlugin, StepPlugin, VariantWithSteps
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, game, reserves

# Pre-game with eleven players a side and equal CTVs: the fans (D3 each), the weather
# (2D6), no journeymen, no inducements, no prayers, then a roll-off (D6 each).
PRE_GAME_ROLLS = [2, 3, 3, 4, 5, 2]


def full_teams(core: Ruleset) -> GameState:
    return game(core, {**reserves("home", HOME_LINEMAN, 11), **reserves("away", AWAY_LINEMAN, 11)})


def steps_run(events: tuple[Event, ...]) -> list[str]:
    return [event.result for event in events if event.kind == "sequence-step"]


def sunny_day(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """A weather step that needs no dice: it is always very sunny."""
    return attrs.evolve(state, weather="very-sunny"), (Event("weather", None, result="very-sunny"),)


def rain_dance(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    roll = dice.roll(6)
    weather = "pouring-rain" if roll >= 4 else state.weather
    return attrs.evolve(state, weather=weather), (Event("rain-dance", "home", (roll,), str(weather)),)


# -- running the core sequences -------------------------------------------------------------------


def test_the_pre_game_sequence_runs_every_step_in_order(core: Ruleset) -> None:
    with ScriptedDice(PRE_GAME_ROLLS) as dice, ScriptedDecisions([("kick-or-receive", "kick")], strict=True) as decisions:
        state, events = run_sequence(core, "pre-game", full_teams(core), dice, decisions)
    assert steps_run(events) == [step.id for step in core.sequence("pre-game").steps]
    assert (state.home.fan_factor, state.away.fan_factor) == (4, 4)
    assert state.weather == "perfect-conditions"
    assert state.kicking_team == "home"  # home won the roll-off 5-2 and chose to kick


def test_the_same_seed_gives_the_same_pre_game(core: Ruleset) -> None:
    first = run_sequence(core, "pre-game", full_teams(core), SeededDice(2025))
    second = run_sequence(core, "pre-game", full_teams(core), SeededDice(2025))
    assert [e.to_json() for e in first[1]] == [e.to_json() for e in second[1]]
    assert first[0] == second[0]


def test_every_core_step_has_a_procedure(core: Ruleset) -> None:
    procedures = sequence_steps(core)
    for sequence in core.sequences.values():
        assert [step.id for step in sequence.steps if step.id not in procedures] == [], sequence.id


def test_a_sequence_run_in_two_parts_plays_as_one_and_stops_where_asked(core: Ruleset) -> None:
    whole = run_sequence(core, "pre-game", full_teams(core), SeededDice(7))
    ids = [step.id for step in core.sequence("pre-game").steps]
    middle = ids[len(ids) // 2]
    state, first = run_sequence(core, "pre-game", full_teams(core), dice := SeededDice(7), stop_after=middle)
    assert steps_run(first)[-1] == middle
    state, rest = run_sequence(core, "pre-game", state, dice, start_at=ids[ids.index(middle) + 1])
    assert [e.to_json() for e in (*first, *rest)] == [e.to_json() for e in whole[1]]
    assert state == whole[0]
    with pytest.raises(UsageError, match="sequence 'pre-game' has no step 'charge'; its steps: "):
        run_sequence(core, "pre-game", full_teams(core), SeededDice(7), start_at="charge")
    with pytest.raises(UsageError, match="comes after"):
        run_sequence(core, "pre-game", full_teams(core), SeededDice(7), start_at=ids[-1], stop_after=ids[0])


def test_an_unknown_sequence_is_a_usage_error(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="unknown sequence 'half-time'"):
        run_sequence(core, "half-time", full_teams(core), ScriptedDice([]))


def test_the_post_game_sequence_runs_on_the_final_state(core: Ruleset) -> None:
    home = attrs.evolve(full_teams(core).home, fan_factor=4, score=2, treasury=0)
    away = attrs.evolve(full_teams(core).away, fan_factor=3, score=1, treasury=0)
    state = attrs.evolve(full_teams(core), home=home, away=away, played=frozenset({"home-1", "away-1"}))
    # Dedicated Fans: a D6 for the win, a D6 for the loss; the MVP: one nominee each, a die of one face.
    # Neither Treasury reaches the Expensive Mistakes table.
    with ScriptedDice([6, 1, 1, 1]) as dice:
        state, events = run_sequence(core, "post-game", state, dice)
    assert steps_run(events) == [step.id for step in core.sequence("post-game").steps]
    assert state.home.treasury == 65_000
    assert state.home.dedicated_fans == 3
    assert state.spp["home-1"] == 4


# -- what variants change ---------------------------------------------------------------------------


def test_a_variant_removing_a_step_in_data_skips_it(make_ruleset: MakeRuleset) -> None:
    from tests.fixtures.plugins import DataPlugin

    rules = make_ruleset(plugins=[("indoors", DataPlugin("variant", "indoors", "sequence-edits"))], variant="indoors")
    # The same rolls without the weather's 2D6.
    with ScriptedDice([2, 3, 5, 2]) as dice:
        state, events = run_sequence(rules, "pre-game", full_teams(rules), dice)
    assert "weather" not in steps_run(events)
    assert state.weather is None
    assert all(event.kind != "weather" for event in events)


def test_a_plugin_replacing_a_step_procedure_changes_what_runs(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("sunny", StepPlugin({"weather": sunny_day}))])
    with ScriptedDice([2, 3, 5, 2]) as dice:
        state, events = run_sequence(rules, "pre-game", full_teams(rules), dice)
    assert "weather" in steps_run(events)  # the step still runs, with the plugin's procedure
    assert state.weather == "very-sunny"


def test_a_variant_adds_a_step_in_data_and_its_procedure_by_the_hook(make_ruleset: MakeRuleset) -> None:
    plugin = VariantWithSteps("shaman", "sequence-new-step", {"rain-dance": rain_dance})
    rules = make_ruleset(plugins=[("shaman", plugin)], variant="shaman")
    with ScriptedDice([2, 3, 3, 4, 5, 5, 2]) as dice:
        state, events = run_sequence(rules, "pre-game", full_teams(rules), dice)
    assert steps_run(events)[1:3] == ["weather", "rain-dance"]
    assert state.weather == "pouring-rain"


def test_a_variants_procedures_are_unused_when_it_is_not_selected(make_ruleset: MakeRuleset) -> None:
    def plugins() -> list[tuple[str, object]]:
        return [("sunny", VariantWithSteps("sunny", "sequence-edits", {"weather": sunny_day}))]

    assert sequence_steps(make_ruleset(plugins=plugins()))["weather"] is not sunny_day
    assert sequence_steps(make_ruleset(plugins=plugins(), variant="sunny"))["weather"] is sunny_day


def test_a_step_without_a_procedure_is_an_error_naming_it(make_ruleset: MakeRuleset) -> None:
    from tests.fixtures.plugins import DataPlugin

    rules = make_ruleset(plugins=[("shaman", DataPlugin("variant", "shaman", "sequence-new-step"))], variant="shaman")
    with pytest.raises(PluginError, match="'rain-dance'"):
        run_sequence(rules, "pre-game", full_teams(rules), ScriptedDice([]))


def test_two_plugins_registering_one_step_are_named_both(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("sunny", StepPlugin({"weather": sunny_day})), ("rainy", StepPlugin({"weather": rain_dance}))])
    with pytest.raises(PluginError, match=r"plugins 'sunny' and 'rainy' both register the sequence step 'weather'"):
        sequence_steps(rules)


def test_a_plugin_failing_to_register_steps_is_named(make_ruleset: MakeRuleset) -> None:
    class Broken:
        from bbcore import hookimpl

        @hookimpl
        def bbcore_register_sequence_steps(self, register: Any) -> None:
            raise RuntimeError("no steps today")

    rules = make_ruleset(plugins=[("broken", Broken())])
    with pytest.raises(PluginError, match="plugin 'broken' raised in bbcore_register_sequence_steps: RuntimeError: no steps today"):
        sequence_steps(rules)


def test_the_registrar_lets_a_plugin_override_the_core_in_either_order() -> None:
    for order in (("core", "mine"), ("mine", "core")):
        registrar = SequenceStepRegistrar()
        for plugin in order:
            registrar.bind(plugin, core=plugin == "core").step("weather", sunny_day if plugin == "mine" else rain_dance)
        assert registrar.steps["weather"].function is sunny_day
        assert registrar.steps["weather"].plugin == "mine"


def test_the_registrar_refuses_a_step_registered_twice_by_the_core_or_a_non_callable() -> None:
    registrar = SequenceStepRegistrar().bind("core", core=True)
    registrar.step("weather", sunny_day)
    with pytest.raises(PluginError, match="plugins 'core' and 'core' both register"):
        registrar.step("weather", rain_dance)
    with pytest.raises(PluginError, match="not callable"):
        registrar.step("fans", "fans")


# -- the state -------------------------------------------------------------------------------------


def test_the_state_finds_teams_and_opponents_by_id(core: Ruleset) -> None:
    state = attrs.evolve(full_teams(core), kicking_team="home")
    assert state.team("away") is state.away
    assert state.opponent("home") is state.away
    assert state.receiving_team == "away"
    assert state.update_team("away", score=1).away.score == 1
    with pytest.raises(UsageError, match="no team 'elves'"):
        state.team("elves")
    with pytest.raises(UsageError, match="no team 'elves'"):
        state.with_team(attrs.evolve(state.home, id="elves"))


def test_a_team_state_is_made_from_a_team_file(core: Ruleset) -> None:
    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    state = team_state(core, "home", human)
    assert (state.roster, state.dedicated_fans, state.rerolls, state.apothecary) == ("human", 2, 2, True)
    assert (state.assistant_coaches, state.cheerleaders) == (2, 1)
    from bbcore.teams import value_team

    assert state.ctv == value_team(core, human).current_team_value
    with pytest.raises(UsageError, match="names no roster"):
        team_state(core, "home", attrs.evolve(human, players=(), roster=None))


def test_extra_team_training_in_a_team_file_adds_its_rerolls(core: Ruleset) -> None:
    from bbcore.model.team import InducementOrder

    human = next(ref.team for ref in core.team_files if ref.id == "human-starter")
    per_purchase = sum(effect.rerolls or 0 for effect in core.inducement("extra-team-training").effects)
    assert per_purchase == 1
    trained = attrs.evolve(human, inducements=(InducementOrder("extra-team-training", 2),))
    assert team_state(core, "home", trained).rerolls == human.rerolls + 2 * per_purchase
    kegs = attrs.evolve(human, inducements=(InducementOrder("blitzers-best-kegs", 2),))
    assert team_state(core, "home", kegs).rerolls == human.rerolls


# -- board hooks, called in turn -----------------------------------------------------------------------


def _note(board: Board, label: str, team: str | None) -> tuple[Board, tuple[Event, ...]]:
    """Moves the first home player one square along and says who saw which board."""
    player = board.player("home-1")
    assert player.square is not None
    moved = board.with_player(player.moved((player.square[0] - 1, player.square[1])))
    return moved, (Event("effect", team, result=label, detail={"saw": list(player.square)}),)


def test_end_of_turn_effects_each_see_the_board_the_one_before_left(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("first", BoardEffectPlugin("first", _note)), ("second", BoardEffectPlugin("second", _note))])
    state = game(rules)
    start = state.board.player("home-1").square
    with ScriptedDice([]) as dice:
        after, events = end_turn(rules, state, "home", dice)
    assert [e.result for e in events] == ["second", "first"]  # pluggy calls later registrations first
    assert [e.who for e in events] == ["home", "home"]
    assert start is not None
    assert events[1].detail["saw"] == [start[0] - 1, start[1]]
    assert after.board.player("home-1").square == (start[0] - 2, start[1])


def test_a_board_hook_that_raises_is_named(make_ruleset: MakeRuleset) -> None:
    def broken(board: Board, label: str, team: str | None) -> Any:
        raise ValueError("sewer flooded")

    rules = make_ruleset(plugins=[("sewer", BoardEffectPlugin("sewer", broken))])
    with pytest.raises(PluginError, match="plugin 'sewer' raised in bbcore_turn_end_effects: ValueError: sewer flooded"):
        end_turn(rules, game(rules), "away", ScriptedDice([]))
