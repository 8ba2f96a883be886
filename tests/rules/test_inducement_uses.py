"""Inducement uses: the ``uses`` limit of an inducement's data, counted per game, half, drive or turn."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.inducement import InducementUses
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.drive import set_up
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

MAGE = "weather-mage"


def limited(core: Ruleset, per: str, count: int = 1) -> Ruleset:
    """The core ruleset with the Weather Mage limited to ``count`` uses per ``per``."""
    mage = attrs.evolve(core.inducement(MAGE), uses=InducementUses(count, per))
    return attrs.evolve(core, inducements={**core.inducements, MAGE: mage})


def holding(core: Ruleset, count: int = 1) -> GameState:
    state = game(core)
    return state.update_team("home", inducements={MAGE: count})


def test_the_core_weather_mage_is_used_once_per_game(core: Ruleset) -> None:
    state = holding(core)
    assert uses_left(core, state, "home", MAGE) == 1
    used, event = use_inducement(core, state, "home", MAGE)
    assert (event.kind, event.who, event.result, event.detail["left"]) == ("inducement-used", "home", MAGE, 0)
    assert uses_left(core, used, "home", MAGE) == 0
    later = attrs.evolve(used, half=2, drive=5)
    with pytest.raises(UsageError, match="has used Weather Mage as often as it may this game"):
        use_inducement(core, later, "home", MAGE)


def test_a_team_without_the_inducement_cannot_use_it(core: Ruleset) -> None:
    state = game(core)
    assert uses_left(core, state, "home", MAGE) == 0
    with pytest.raises(UsageError, match="holds no Weather Mage"):
        use_inducement(core, state, "home", MAGE)


def test_two_held_give_twice_the_uses(core: Ruleset) -> None:
    state, _ = use_inducement(core, holding(core, 2), "home", MAGE)
    assert uses_left(core, state, "home", MAGE) == 1


@pytest.mark.parametrize(
    ("per", "same", "next_period"),
    [
        ("half", {"drive": 2}, {"half": 2}),
        ("drive", {"half": 1}, {"drive": 2}),
        ("turn", {"drive": 2}, {"turn": 4}),
    ],
)
def test_uses_come_back_with_a_new_period(core: Ruleset, per: str, same: dict[str, int], next_period: dict[str, int]) -> None:
    rules = limited(core, per)
    state = attrs.evolve(holding(rules), drive=1).update_team("home", turn=3)
    used, _ = use_inducement(rules, state, "home", MAGE)

    def moved(changes: dict[str, int]) -> GameState:
        turn = changes.get("turn")
        then = attrs.evolve(used, **{k: v for k, v in changes.items() if k != "turn"})
        return then.update_team("home", turn=turn) if turn is not None else then

    assert uses_left(rules, moved(same), "home", MAGE) == 0
    assert uses_left(rules, moved(next_period), "home", MAGE) == 1


def test_an_inducement_without_a_limit_has_no_count(core: Ruleset) -> None:
    state = game(core).update_team("home", inducements={"bribes": 1})
    assert uses_left(core, state, "home", "bribes") is None
    used, event = use_inducement(core, state, "home", "bribes")
    assert event.detail["left"] is None
    assert uses_left(core, used, "home", "bribes") is None


def test_the_set_up_step_counts_the_drives(core: Ruleset) -> None:
    after, _ = set_up(core, attrs.evolve(game(core), kicking_team="home"), ScriptedDice([]), DefaultDecisions())
    assert after.drive == 1


MASCOT = "team-mascot"


def test_the_mascot_s_reroll_works_on_its_die_and_is_gone_for_the_half_either_way(core: Ruleset) -> None:
    from bbcore.rules.inducement_uses import inducement_reroll
    from bbcore.rules.sequences import inducement_rerolls

    state = game(core).update_team("home", inducements={MASCOT: 1})
    (effect,) = (e for e in core.inducement(MASCOT).effects if e.rerolls is not None)
    assert effect.target is not None
    with ScriptedDice([effect.target]) as dice:
        after, works, events = inducement_reroll(core, state, "home", MASCOT, dice)
    assert works
    assert [e.kind for e in events] == ["inducement-used", "inducement-reroll"]
    with pytest.raises(UsageError, match="as often as it may this half"):
        inducement_reroll(core, after, "home", MASCOT, ScriptedDice([]))
    # A low die loses it all the same; the next half brings it back.
    with ScriptedDice([effect.target - 1]) as dice:
        lost, works, _ = inducement_reroll(core, state, "home", MASCOT, dice)
    assert not works
    assert uses_left(core, attrs.evolve(lost, half=2), "home", MASCOT) == 1
    # It is no ordinary team re-roll: the team's re-rolls do not count it.
    assert inducement_rerolls(core, {MASCOT: 1}) == 0
