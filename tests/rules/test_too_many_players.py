"""Too Many Players found once the drive is under way: the opposing coach sends the extra players to the Reserves."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.rules.board import BallState, Status
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.drive import clear_the_pitch, set_up
from bbcore.rules.dwarven_wisdom import set_up_again
from bbcore.rules.sequences import GameState
from bbcore.rules.too_many_players import TOO_MANY_PLAYERS, allowance_beyond_usual, extra_players, fielding_limit, remove_extra_players
from bbcore.ruleset import Ruleset
from tests.rules.game_states import AWAY_LINEMAN, HOME_LINEMAN, formation, game, reserves


def drive_under_way(core: Ruleset) -> GameState:
    """Both teams legally set up (eleven each), the drive started; then two more home players stroll on."""
    players = {**reserves("home", HOME_LINEMAN, 13), **formation("home", HOME_LINEMAN), **formation("away", AWAY_LINEMAN)}
    state = attrs.evolve(game(core, players), kicking_team="home")
    state, _ = set_up(core, state, ScriptedDice([]), DefaultDecisions())
    strolling = {"home-12": (8, 5), "home-13": (8, 6)}
    board = state.board.replace_players(
        attrs.evolve(state.board.player(pid), square=square, status=Status.STANDING) for pid, square in strolling.items()
    )
    return attrs.evolve(state, board=board.with_ball(BallState(carrier="home-12")))


def test_the_set_up_keeps_how_many_each_team_may_field_until_the_drive_ends(core: Ruleset) -> None:
    state = drive_under_way(core)
    assert dict(state.drive_fielding) == {"home": core.parameters.players_on_pitch, "away": core.parameters.players_on_pitch}
    assert extra_players(core, state, "home") == 2
    assert extra_players(core, state, "away") == 0
    cleared, _ = clear_the_pitch(core, state, ScriptedDice([]), DefaultDecisions())
    assert dict(cleared.drive_fielding) == {}
    assert fielding_limit(core, cleared, "home") == core.parameters.players_on_pitch


def test_the_opposing_coach_sends_the_extra_players_off_but_never_the_ball_carrier(core: Ruleset) -> None:
    state = drive_under_way(core)
    asked: list[tuple[str, str, tuple[str, ...], int]] = []

    class Opponent(DefaultDecisions):
        def choose_players(self, team: str, reason: str, candidates: object, count: int) -> list[str]:
            asked.append((team, reason, tuple(candidates), count))  # type: ignore[arg-type]
            return ["home-1", "home-13"]

    after, events = remove_extra_players(core, state, "home", Opponent())
    (team, reason, candidates, count) = asked[0]
    assert (team, reason, count) == ("away", TOO_MANY_PLAYERS, 2)
    assert "home-12" not in candidates  # he has the ball
    assert {after.board.player(pid).status for pid in ("home-1", "home-13")} == {Status.RESERVES}
    assert extra_players(core, after, "home") == 0
    (event,) = events
    assert (event.kind, event.who, event.detail["players"], event.detail["chosen_by"]) == (
        TOO_MANY_PLAYERS,
        "home",
        ["home-1", "home-13"],
        "away",
    )
    # A legal team is left alone; an answer naming the ball carrier, or too few, is refused.
    assert remove_extra_players(core, state, "away", ScriptedDecisions([], strict=True)) == (state, ())
    with pytest.raises(IllegalAnswerError, match=TOO_MANY_PLAYERS):
        remove_extra_players(core, state, "home", ScriptedDecisions([("choose-players", ["home-12", "home-1"])]))
    with pytest.raises(IllegalAnswerError, match=TOO_MANY_PLAYERS):
        remove_extra_players(core, state, "home", ScriptedDecisions([("choose-players", ["home-1"])]))


def test_a_star_player_never_goes_and_a_swarming_allowance_counts(core: Ruleset) -> None:
    state = drive_under_way(core)
    stars = [attrs.evolve(p, star=True) for p in state.board.team_players("home") if p.on_pitch and p.id not in ("home-1", "home-12")]
    state = attrs.evolve(state, board=state.board.replace_players(stars))
    # Only home-1 may go: he goes, one extra stays.
    after, events = remove_extra_players(core, state, "home", ScriptedDecisions([("choose-players", ["home-1"])], strict=True))
    assert events[0].detail["players"] == ["home-1"]
    assert extra_players(core, after, "home") == 1
    allowed = attrs.evolve(state, drive_fielding={**state.drive_fielding, "home": core.parameters.players_on_pitch + 2})
    assert remove_extra_players(core, allowed, "home", ScriptedDecisions([], strict=True)) == (allowed, ())


def test_an_allowance_the_set_up_did_not_use_is_not_kept(core: Ruleset) -> None:
    players = {**formation("home", HOME_LINEMAN), **formation("away", AWAY_LINEMAN), **reserves("home", HOME_LINEMAN, 0)}
    state = attrs.evolve(game(core, players), kicking_team="home", extra_set_up_players={"home": 1})
    state, _ = set_up(core, state, ScriptedDice([]), DefaultDecisions())
    assert state.drive_fielding["home"] == core.parameters.players_on_pitch  # one more allowed, none more fielded


def test_a_set_up_done_again_in_the_drive_keeps_the_drives_allowance_not_the_players_who_strolled_on(core: Ruleset) -> None:
    state = drive_under_way(core)
    assert allowance_beyond_usual(core, state, "home") == 0, "thirteen on the pitch, eleven fielded at the set-up"
    with pytest.raises(IllegalAnswerError, match=f"at most {core.parameters.players_on_pitch}$"):
        set_up_again(core, state, "home", {"home-12": (7, 5)}, 1)
    swarmed = attrs.evolve(state, drive_fielding={**state.drive_fielding, "home": core.parameters.players_on_pitch + 2})
    assert allowance_beyond_usual(core, swarmed, "home") == 2
    after, moved = set_up_again(core, swarmed, "home", {"home-12": (7, 5)}, 1)
    assert moved == ("home-12",)
    assert after.board.player("home-12").square == (7, 5)
