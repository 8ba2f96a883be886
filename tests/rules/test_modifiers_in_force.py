"""Test modifiers in force on a board (conditions) and on one player reach the core's rolls."""

from __future__ import annotations

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.model.common import Effect
from bbcore.model.table import Row
from bbcore.rules.ball import catch_modifier
from bbcore.rules.board import build_board
from bbcore.rules.conditions import conditions_in_force, row_conditions, with_conditions
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.drive import clear_the_pitch
from bbcore.rules.injury import Harm, roll_armour
from bbcore.rules.movement import dodge_modifier
from bbcore.rules.pregame import roll_weather
from bbcore.rules.sequences import GameState, TeamState, drive_effect_id
from bbcore.rules.ttm import landing_modifier
from bbcore.rules.turns import start_turn
from bbcore.ruleset import Ruleset


@pytest.fixture(scope="module")
def rules() -> Ruleset:
    return bbcore.load_ruleset()


def test_board_conditions_and_player_modifiers_add_up(rules: Ruleset) -> None:
    board = build_board(rules, {"lino": ("home", "human/human-lineman", (5, 5))})
    lino = board.player("lino")
    assert board.modifier("catch", lino) == 0
    wet = attrs.evolve(board, conditions={"catch": -1})
    assert wet.modifier("catch", lino) == -1
    gloved = attrs.evolve(lino, modifiers={"catch": 2})
    assert wet.modifier("catch", gloved) == 1
    assert wet.modifier("catch") == -1, "without a player only the conditions count"


def test_procedures_read_the_modifiers_in_force(rules: Ruleset) -> None:
    board = build_board(rules, {"lino": ("home", "human/human-lineman", (5, 5))})
    lino = board.player("lino")
    slippery = attrs.evolve(board, conditions={"dodge": -1, "catch": -1, "landing": -2})
    assert dodge_modifier(rules, slippery, lino, (5, 5), (6, 5)) == dodge_modifier(rules, board, lino, (5, 5), (6, 5)) - 1
    assert catch_modifier(rules, slippery, lino, "pass") == catch_modifier(rules, board, lino, "pass") - 1
    assert landing_modifier(rules, slippery, lino, (5, 5), "subpar") == landing_modifier(rules, board, lino, (5, 5), "subpar") - 2


def test_a_players_armour_modifier_counts_against_them(rules: Ruleset) -> None:
    board = build_board(rules, {"lino": ("home", "human/human-lineman", (5, 5))})
    lino = board.player("lino")
    # Human Lineman AV 9+: 4 + 4 = 8 holds, with +1 against him it breaks.
    broken, _, _ = roll_armour(rules, board, "lino", Harm("block"), ScriptedDice([4, 4]))
    assert not broken
    marked = board.with_player(attrs.evolve(lino, modifiers={"armour": 1}))
    broken_now, _, _ = roll_armour(rules, marked, "lino", Harm("block"), ScriptedDice([4, 4]))
    assert broken_now


def test_a_block_modifier_adds_to_the_blockers_strength(rules: Ruleset) -> None:
    from bbcore.rules.block import block_dice

    board = build_board(rules, {"lino": ("home", "human/human-lineman", (5, 5)), "orc": ("away", "orc/orc-lineman", (6, 5))})
    assert block_dice(rules, board, "lino", "orc").count == 1
    cheered = board.with_player(attrs.evolve(board.player("lino"), modifiers={"block": 1}))
    plan = block_dice(rules, cheered, "lino", "orc")
    assert plan.attacker_strength == board.player("lino").st + 1
    assert plan.count == 2


def test_an_anchored_player_is_never_pushed_and_a_chain_stops_at_them(rules: Ruleset) -> None:
    from bbcore.rules.decisions import DefaultDecisions
    from bbcore.rules.push import push

    board = build_board(
        rules,
        {
            "pusher": ("home", "human/human-lineman", (4, 5)),
            "pushed": ("away", "orc/orc-lineman", (5, 5)),
            "rock": ("home", "human/human-lineman", (6, 5)),
            "left": ("home", "human/human-lineman", (6, 4)),
            "right": ("home", "human/human-lineman", (6, 6)),
        },
    )
    free = push(rules, board, "pushed", (4, 5), ScriptedDice([]), DefaultDecisions(), chooser="home")
    assert free.moved, "without the anchor the chain pushes the player behind"
    anchored = board.with_player(attrs.evolve(board.player("rock"), anchored=True))
    anchored = anchored.with_player(attrs.evolve(anchored.player("left"), anchored=True))
    anchored = anchored.with_player(attrs.evolve(anchored.player("right"), anchored=True))
    held = push(rules, anchored, "pushed", (4, 5), ScriptedDice([]), DefaultDecisions(), chooser="home")
    assert not held.moved
    assert held.outcome.board.player("rock").square == (6, 5)
    alone = push(rules, anchored, "rock", (5, 5), ScriptedDice([]), DefaultDecisions(), chooser="away")
    assert not alone.moved
    assert any(e.result == "anchored" for e in alone.outcome.events)


def _weather_row(rules: Ruleset, row_id: str) -> tuple[int, dict[str, int]]:
    """A roll that gives the weather row, and its modifiers for everybody, read from the data."""
    row = next(r for r in rules.table("weather").rows if r.id == row_id)
    modifiers = {e.modifier: e.by or 0 for e in row.effects if e.modifier is not None and e.who in (None, "both")}
    assert modifiers, f"the weather row {row_id!r} has no modifier for everybody"
    return row.min, modifiers


def _game(rules: Ruleset, **changes: object) -> GameState:
    board = build_board(rules, {"lino": ("home", "human/human-lineman", (5, 5)), "orc": ("away", "orc/orc-lineman", (20, 5))})
    return attrs.evolve(GameState(TeamState("home", "H", "human", 1), TeamState("away", "A", "orc", 1), board), **changes)


def test_a_rolled_weather_puts_its_modifiers_on_the_board(rules: Ruleset) -> None:
    total, modifiers = _weather_row(rules, "pouring-rain")
    dice = split_2d6(total)
    with ScriptedDice(dice) as rolled:
        state, _ = roll_weather(rules, _game(rules), rolled)
    assert state.weather == "pouring-rain"
    assert dict(state.board.conditions) == modifiers
    lino = state.board.player("lino")
    assert catch_modifier(rules, state.board, lino, "pass") == catch_modifier(rules, _game(rules).board, lino, "pass") + modifiers["catch"]


def test_each_turn_starts_with_the_conditions_of_the_weather_and_the_drive_in_force(rules: Ruleset) -> None:
    _, sunny = _weather_row(rules, "very-sunny")
    stale = _game(rules, weather="very-sunny")
    assert dict(stale.board.conditions) == {}
    with ScriptedDice([]) as dice:
        started, _ = start_turn(rules, stale, "home", dice)
    assert dict(started.board.conditions) == sunny
    assert conditions_in_force(rules, started) == sunny
    calm, _ = start_turn(rules, attrs.evolve(started, weather="perfect-conditions"), "away", ScriptedDice([]))
    assert dict(calm.board.conditions) == {}


def test_a_drive_effects_modifiers_last_until_the_drive_ends(rules: Ruleset) -> None:
    sticky = Row(2, 12, "sticky", "Sticky", effects=(Effect(modifier="pick-up", by=1, who="both", duration="drive"),))
    assert row_conditions([sticky, None]) == {"pick-up": 1}
    table = rules.table("weather")
    effect_id = drive_effect_id(table.id, "pouring-rain")
    _, rain = _weather_row(rules, "pouring-rain")
    state = with_conditions(rules, _game(rules).with_drive_effect(effect_id))
    assert dict(state.board.conditions) == rain
    with ScriptedDice([]) as dice:
        ended, _ = clear_the_pitch(rules, state, dice, DefaultDecisions())
    assert dict(ended.board.conditions) == {}


def split_2d6(total: int) -> list[int]:
    first = min(6, total - 1)
    return [first, total - first]


def test_a_blizzard_lets_only_quick_and_short_passes_be_thrown(rules: Ruleset) -> None:
    from bbcore.rules.conditions import row_pass_bands
    from bbcore.rules.passing import pass_ball

    blizzard = rules.table("weather").row("blizzard")
    assert row_pass_bands([blizzard]) == ("quick", "short")
    state = with_conditions(rules, _game(rules, weather="blizzard"))
    assert state.board.open_pass_bands == ("quick", "short")
    board = state.board.with_ball(attrs.evolve(state.board.ball, carrier="lino"))
    with pytest.raises(bbcore.UsageError, match="Long Pass is not allowed now; only quick, short"):
        pass_ball(rules, board, "lino", (5 + 9, 5), ScriptedDice([]), DefaultDecisions())
    thrown = pass_ball(rules, board, "lino", (5 + 3, 5), ScriptedDice([6, 6]), DefaultDecisions())
    assert thrown.events[0].result == "quick"
    # Several rows narrow each other; one that lists no band forbids every pass; the weather gone, all are open.
    sludge = Row(9, 9, "sludge", "Sludge", effects=(Effect(pass_bands=(), who="both", duration="drive"),))
    assert row_pass_bands([blizzard, Row(2, 2, "x", "X", effects=(Effect(pass_bands=("short", "long"), who="both"),))]) == ("short",)
    assert row_pass_bands([blizzard, sludge]) == ()
    assert row_pass_bands([None, rules.table("weather").row("perfect-conditions")]) is None
    cleared = with_conditions(rules, attrs.evolve(state, weather="perfect-conditions"))
    assert cleared.board.open_pass_bands is None
