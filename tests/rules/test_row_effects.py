"""Row effects: plugins attach procedures to table rows, the kick-off event looks them up, collisions are named."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from bbcore import hookimpl
from bbcore.dice import DiceSource, ScriptedDice
from bbcore.errors import PluginError
from bbcore.registry import RowEffectRegistrar
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.drive import KICK_OFF_EFFECTS, clear_the_pitch, end_of_drive_effects, end_turn, kick_off_event
from bbcore.rules.events import Event
from bbcore.rules.sequences import GameState, drive_effect_id, row_effect, row_effects
from bbcore.ruleset import Ruleset
from bbcore.testing import MakeRuleset
from tests.rules.game_states import game

Procedure = Any


def free_bribe_for_home(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """A test effect: the home team's bribes go up by one, nothing rolled."""
    state = state.update_team(state.home.id, inducements={"bribes": state.home.inducements.get("bribes", 0) + 1})
    return state, (Event("test-effect", state.home.id, result="bribe"),)


def lasting(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    return state.with_drive_effect(drive_effect_id("kick-off-events", "time-out")), ()


class RowPlugin:
    """Registers one procedure for one (table, row)."""

    def __init__(self, table: str, row_id: str, procedure: Procedure) -> None:
        self.table, self.row_id, self.procedure = table, row_id, procedure

    @hookimpl
    def bbcore_register_row_effects(self, register: RowEffectRegistrar) -> None:
        register.row(self.table, self.row_id, self.procedure)


def kicked_off(rules: Ruleset) -> GameState:
    return attrs.evolve(game(rules), kicking_team="home")


def roll_row(rules: Ruleset, state: GameState, row_id: str) -> tuple[GameState, tuple[Event, ...]]:
    total = rules.table("kick-off-events").row(row_id).min
    assert total is not None
    with ScriptedDice([1, total - 1] if total <= 7 else [6, total - 6]) as dice:
        return kick_off_event(rules, state, dice, DefaultDecisions())


def test_the_core_registers_every_kick_off_effect_by_role(core: Ruleset) -> None:
    effects = row_effects(core)
    assert {row for (table, row) in effects if table == "kick-off-events"} == set(KICK_OFF_EFFECTS)
    table = core.table("kick-off-events")
    assert row_effect(core, table, "time-out") is KICK_OFF_EFFECTS["time-out"]
    assert row_effect(core, table, "no-such-row") is None


def test_a_plugin_adds_an_effect_for_a_row_the_core_leaves_alone(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("mine", RowPlugin("kick-off-events", "solid-defence", free_bribe_for_home))])
    state = kicked_off(rules)
    # solid-defence is replaced; the core's procedure would roll a D3 and we give none.
    after, events = roll_row(rules, state, "solid-defence")
    assert after.home.inducements["bribes"] == 1
    assert [e.kind for e in events] == ["kick-off-event", "test-effect"]


def test_a_registration_by_table_id_beats_one_by_role(make_ruleset: MakeRuleset, core: Ruleset) -> None:
    table_id = core.table("kick-off-events").id
    rules = make_ruleset(plugins=[("mine", RowPlugin(table_id, "time-out", free_bribe_for_home))])
    after, events = roll_row(rules, kicked_off(rules), "time-out")
    assert events[-1].kind == "test-effect"
    assert after.home.turn == 0


def test_a_row_without_an_effect_is_recorded_only(make_ruleset: MakeRuleset) -> None:
    class Nothing:
        @hookimpl
        def bbcore_register_row_effects(self, register: RowEffectRegistrar) -> None:
            register.row("kick-off-events", "time-out", free_bribe_for_home)

    rules = make_ruleset(plugins=[("nothing", Nothing())])
    assert row_effect(rules, rules.table("kick-off-events"), "made-up") is None


def test_two_plugins_on_one_row_are_named_both(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(
        plugins=[
            ("first", RowPlugin("kick-off-events", "riot", free_bribe_for_home)),
            ("second", RowPlugin("kick-off-events", "riot", free_bribe_for_home)),
        ]
    )
    with pytest.raises(
        PluginError, match=r"plugins '(first|second)' and '(first|second)' both register an effect for 'kick-off-events' row 'riot'"
    ):
        row_effects(rules)


def test_the_registrar_lets_a_plugin_replace_the_core_in_either_order() -> None:
    registrar = RowEffectRegistrar()
    registrar.bind("variant").row("weather", "fog", free_bribe_for_home)
    registrar.bind("core", core=True).row("weather", "fog", lasting)
    assert registrar.effects[("weather", "fog")].function is free_bribe_for_home
    assert registrar.effects[("weather", "fog")].plugin == "variant"


def test_the_registrar_refuses_the_core_twice_and_a_non_callable() -> None:
    registrar = RowEffectRegistrar().bind("core", core=True)
    registrar.row("weather", "fog", lasting)
    with pytest.raises(PluginError, match="'core' and 'core' both register"):
        registrar.row("weather", "fog", lasting)
    with pytest.raises(PluginError, match="not callable"):
        registrar.row("weather", "mist", "not a function")  # type: ignore[arg-type]


def test_a_plugin_failing_to_register_row_effects_is_named(make_ruleset: MakeRuleset) -> None:
    class Broken:
        @hookimpl
        def bbcore_register_row_effects(self, register: RowEffectRegistrar) -> None:
            raise KeyError("lost")

    rules = make_ruleset(plugins=[("broken", Broken())])
    with pytest.raises(PluginError, match="plugin 'broken' raised in bbcore_register_row_effects: KeyError"):
        row_effects(rules)


def test_effects_for_the_drive_end_with_the_drive(core: Ruleset) -> None:
    state, _ = lasting(core, kicked_off(core), ScriptedDice([]), DefaultDecisions())
    assert state.drive_effects == {"kick-off-events/time-out"}
    after, (event,) = clear_the_pitch(core, state, ScriptedDice([]), DefaultDecisions())
    assert after.drive_effects == frozenset()
    assert event.detail["drive_effects_ended"] == ["kick-off-events/time-out"]


class Witness:
    """Reports the weather and drive effects the board hooks are told."""

    @hookimpl
    def bbcore_turn_end_effects(self, board: Any, team: str, weather: str | None, drive_effects: frozenset[str]) -> Any:
        return board, (Event("saw", team, result=str(weather), detail={"drive_effects": sorted(drive_effects)}),)

    @hookimpl
    def bbcore_end_of_drive_effects(self, board: Any, weather: str | None, drive_effects: frozenset[str]) -> Any:
        return board, (Event("saw", None, result=str(weather), detail={"drive_effects": sorted(drive_effects)}),)


def test_the_board_hooks_are_told_the_weather_and_the_drive_effects(make_ruleset: MakeRuleset) -> None:
    rules = make_ruleset(plugins=[("witness", Witness())])
    state = attrs.evolve(kicked_off(rules), weather="nice", drive_effects=frozenset({"t/r"}))
    _, (turn,) = end_turn(rules, state, "home", ScriptedDice([]))
    _, (drive,) = end_of_drive_effects(rules, state, ScriptedDice([]), DefaultDecisions())
    assert (turn.result, turn.detail, drive.result) == ("nice", {"drive_effects": ["t/r"]}, "nice")
