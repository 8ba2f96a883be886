"""The moments of a turn a match tracker hands to the plugins: an activation's end, barred team re-rolls, refused actions."""

from __future__ import annotations

from typing import Any

import attrs

import bbcore
from bbcore.dice import DiceSource, ScriptedDice
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.drive import action_refusals, barred_team_rerolls, clear_the_pitch, end_activation, end_turn
from bbcore.rules.events import Event, Outcome
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

PLAYERS = {"h1": ("home", "human/human-lineman", (10, 7)), "a1": ("away", "orc/orc-lineman", (14, 7))}


class Tripwire:
    """Trips a player ending his activation on a D6 of 1 while ``tripwire`` is in force: a turnover."""

    @bbcore.hookimpl
    def bbcore_activation_end_effects(
        self, board: Board, player_id: str, dice: DiceSource, drive_effects: frozenset[str], decisions: Decisions
    ) -> Outcome | None:
        if "tripwire" not in drive_effects:
            return None
        roll = dice.roll(6)
        if roll > 1:
            return Outcome(board, (Event("tripwire", player_id, (roll,), "stepped-over"),))
        tripped = board.with_player(board.player(player_id).with_status(Status.PRONE))
        return Outcome(tripped, (Event("tripwire", player_id, (roll,), "tripped"),), turnover=True)

    @bbcore.hookimpl
    def bbcore_barred_team_rerolls(self, drive_effects: frozenset[str]) -> tuple[str, ...] | None:
        return ("dodge",) if "tripwire" in drive_effects else None

    @bbcore.hookimpl
    def bbcore_action_refusal(self, state: GameState, player_id: str, action: str) -> str | None:
        return "no fouling near the tripwire" if action == "foul" and "tripwire" in state.drive_effects else None


class Onlooker:
    """Sees the board the tripwire left: notes whether the player is down."""

    @bbcore.hookimpl
    def bbcore_activation_end_effects(self, board: Board, player_id: str) -> Outcome:
        down = board.player(player_id).status is Status.PRONE
        return Outcome(board, (Event("onlooker", player_id, (), "saw-a-fall" if down else "saw-nothing"),))

    @bbcore.hookimpl
    def bbcore_barred_team_rerolls(self, weather: str | None) -> tuple[str, ...]:
        return ("rush",)

    @bbcore.hookimpl
    def bbcore_action_refusal(self, action: str) -> str | None:
        return "the onlooker is in the way" if action == "foul" else None


def rules(make_ruleset: Any) -> Ruleset:
    # The chain follows pluggy's order: the tripwire, registered last, acts first and the onlooker sees its board.
    return make_ruleset(plugins=[("onlooker", Onlooker()), ("tripwire", Tripwire())], entry_points=False)


def test_activation_end_effects_chain_on_one_board_and_keep_a_turnover(make_ruleset: Any) -> None:
    ruleset = rules(make_ruleset)
    calm = game(ruleset, PLAYERS)
    after, outcome = end_activation(ruleset, calm, "h1", ScriptedDice([]))
    assert [(e.kind, e.result) for e in outcome.events] == [("onlooker", "saw-nothing")]
    assert not outcome.turnover
    wired = attrs.evolve(calm, drive_effects=frozenset({"tripwire"}))
    with ScriptedDice([1]) as dice:
        after, outcome = end_activation(ruleset, wired, "h1", dice, DefaultDecisions())
    assert [(e.kind, e.result) for e in outcome.events] == [("tripwire", "tripped"), ("onlooker", "saw-a-fall")]
    assert outcome.turnover
    assert after.board.player("h1").status is Status.PRONE
    assert after.board is outcome.board


def test_barred_team_rerolls_gather_every_plugins_tests(make_ruleset: Any, core: Ruleset) -> None:
    ruleset = rules(make_ruleset)
    calm = game(ruleset, PLAYERS)
    assert barred_team_rerolls(core, game(core, PLAYERS)) == frozenset()
    assert barred_team_rerolls(ruleset, calm) == {"rush"}
    assert barred_team_rerolls(ruleset, attrs.evolve(calm, drive_effects=frozenset({"tripwire"}))) == {"rush", "dodge"}


def test_action_refusals_give_every_reason(make_ruleset: Any) -> None:
    ruleset = rules(make_ruleset)
    wired = attrs.evolve(game(ruleset, PLAYERS), drive_effects=frozenset({"tripwire"}))
    assert set(action_refusals(ruleset, wired, "h1", "foul")) == {"no fouling near the tripwire", "the onlooker is in the way"}
    assert action_refusals(ruleset, wired, "h1", "move") == ()


def test_a_player_barred_from_a_turn_of_his_team_is_refused_then_and_only_then(core: Ruleset) -> None:
    state = game(core, PLAYERS)
    state = attrs.evolve(state, barred_activations={"h1": state.home.turn + 1})
    assert action_refusals(core, state, "h1", "move") == ()
    in_that_turn = state.update_team("home", turn=state.home.turn + 1)
    assert action_refusals(core, in_that_turn, "h1", "block") == ("h1 may not be activated in this turn",)
    assert action_refusals(core, in_that_turn.update_team("home", turn=in_that_turn.home.turn + 1), "h1", "block") == ()
    cleared, _ = clear_the_pitch(core, in_that_turn, ScriptedDice([]), DefaultDecisions())
    assert cleared.barred_activations == {}


def test_the_turn_keeps_who_was_activated_until_it_ends(core: Ruleset) -> None:
    state = game(core, PLAYERS)
    after, _ = end_activation(core, state, "h1", ScriptedDice([]))
    assert after.activated == {"h1"}
    ended, _ = end_turn(core, after, "home", ScriptedDice([]))
    assert ended.activated == frozenset()
    cleared, _ = clear_the_pitch(core, after, ScriptedDice([]), DefaultDecisions())
    assert cleared.activated == frozenset()
