"""Changes that last until a moment of a coming team turn: recorded, then undone by the turn's moments or the drive's end."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.drive import clear_the_pitch, end_turn
from bbcore.rules.movement import rush_modifier
from bbcore.rules.sequences import TURN_ENDS, TURN_STARTS, GameState
from bbcore.rules.turn_changes import CHANGE_ENDS, add_team_modifiers, keep_effect, keep_player_change
from bbcore.rules.turns import start_turn
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

PLAYERS = {"h1": ("home", "human/human-lineman", (10, 7)), "a1": ("away", "orc/orc-lineman", (14, 7))}


def wavering(state: GameState) -> GameState:
    """h1 as a spell leaves him: No Hands, no tackle zone, one more MA and one better AG; kept until home's turn starts."""
    before = state.board.player("h1")
    after = attrs.evolve(before, skills={**before.skills, "no-hands": None}, tackle_zone=False, ma=before.ma + 1, ag=before.ag - 1)
    state = attrs.evolve(state, board=state.board.with_player(after))
    return keep_player_change(state, before, team="home", ends=TURN_STARTS, cause="reality-blinks")


def test_a_player_change_is_undone_as_the_named_teams_turn_starts_and_not_before(core: Ruleset) -> None:
    state = wavering(game(core, PLAYERS))
    own = state.board.player("h1")
    (change,) = state.turn_changes
    assert (change.skills, dict(change.characteristics), change.tackle_zone) == (("no-hands",), {"ma": 1, "ag": -1}, True)
    away_turn, events = start_turn(core, state, "away", ScriptedDice([]))
    assert away_turn.board.player("h1").has("no-hands")
    assert not [e for e in events if e.kind == CHANGE_ENDS]
    ended, _ = end_turn(core, away_turn, "away", ScriptedDice([]))
    assert ended.turn_changes == state.turn_changes
    home_turn, events = start_turn(core, ended, "home", ScriptedDice([]))
    back = home_turn.board.player("h1")
    assert not back.has("no-hands")
    assert (back.tackle_zone, back.ma, back.ag) == (True, own.ma - 1, own.ag + 1)
    assert home_turn.turn_changes == ()
    (told,) = [e for e in events if e.kind == CHANGE_ENDS]
    assert (told.who, told.result, told.detail["ends"]) == ("h1", "reality-blinks", TURN_STARTS)


def test_undoing_takes_back_only_what_the_change_did(core: Ruleset) -> None:
    state = wavering(game(core, PLAYERS))
    later = state.board.player("h1")
    # Meanwhile a change for the drive: Strength and a skill of its own stay when the turn's change ends.
    later = attrs.evolve(later, st=later.st + 1, skills={**later.skills, "loner": 4})
    state = attrs.evolve(state, board=state.board.with_player(later))
    after, _ = start_turn(core, state, "home", ScriptedDice([]))
    player = after.board.player("h1")
    assert (player.st, player.has("loner"), player.has("no-hands")) == (later.st, True, False)


def test_a_team_modifier_lasts_until_the_named_teams_turn_ends(core: Ruleset) -> None:
    state = game(core, PLAYERS)
    orc = state.board.player("a1")
    before = rush_modifier(core, state.board, orc)
    state = add_team_modifiers(state, "away", {"rush": -2}, team="away", ends=TURN_ENDS, cause="vigorous-growth")
    assert rush_modifier(core, state.board, orc) == before - 2
    assert rush_modifier(core, state.board, state.board.player("h1")) == 0
    still, _ = end_turn(core, state, "home", ScriptedDice([]))
    assert rush_modifier(core, still.board, orc) == before - 2
    over, events = end_turn(core, still, "away", ScriptedDice([]))
    assert rush_modifier(core, over.board, orc) == before
    assert over.board.team_conditions.get("away", {}) == {}
    assert [(e.kind, e.who) for e in events if e.kind == CHANGE_ENDS] == [(CHANGE_ENDS, "away")]


def test_an_effect_in_force_is_named_until_its_moment(core: Ruleset) -> None:
    state = keep_effect(game(core, PLAYERS), "dance", team="home", ends=TURN_ENDS, cause="danse")
    assert state.turn_effects == {"dance"}
    over, _ = end_turn(core, state, "home", ScriptedDice([]))
    assert over.turn_effects == frozenset()


def test_the_drive_ending_first_undoes_every_change_left(core: Ruleset) -> None:
    state = wavering(game(core, PLAYERS))
    state = add_team_modifiers(state, "away", {"rush": -1}, team="away", ends=TURN_ENDS, cause="tectonic-shift")
    cleared, events = clear_the_pitch(core, state, ScriptedDice([]), DefaultDecisions())
    assert cleared.turn_changes == ()
    assert not cleared.board.player("h1").has("no-hands")
    assert cleared.board.team_conditions.get("away", {}) == {}
    assert [e.who for e in events if e.kind == CHANGE_ENDS] == ["h1", "away"]


def test_a_change_with_nothing_changed_is_not_kept_and_a_wrong_moment_is_refused(core: Ruleset) -> None:
    state = game(core, PLAYERS)
    same = keep_player_change(state, state.board.player("h1"), team="home", ends=TURN_ENDS, cause="nothing")
    assert same.turn_changes == ()
    with pytest.raises(UsageError, match="turn-starts"):
        keep_effect(state, "x", team="home", ends="tomorrow", cause="x")
    with pytest.raises(UsageError, match="no team 'elves'"):
        keep_effect(state, "x", team="elves", ends=TURN_ENDS, cause="x")
