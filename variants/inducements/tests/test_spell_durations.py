"""Spells that last less than the drive, cast at their moments: undone as the turn that ends them starts or ends."""

from __future__ import annotations

import pytest
from bbcore_inducement_packs.moments import (
    LASTS_THE_COMING_TURN,
    OPPOSITION_TURN_END,
    OPPOSITION_TURN_START,
    OWN_TURN_END,
    OWN_TURN_START,
    UNTIL_OPPOSITION_TURN_STARTS,
    UNTIL_OWN_TURN_STARTS,
    ends_at,
)
from bbcore_inducement_packs.spells import ACTIVATION_START, dance

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import build_board
from bbcore.rules.decisions import ActChoice, DefaultDecisions, ScriptedDecisions
from bbcore.rules.drive import clear_the_pitch, end_turn
from bbcore.rules.movement import rush_modifier
from bbcore.rules.sequences import TURN_ENDS, TURN_STARTS, GameState, TeamState
from bbcore.rules.turn_changes import CHANGE_ENDS
from bbcore.rules.turns import start_activation, start_turn

NECRO = "bb2020/sports-necrotheurge"
SLANN = "bb2020/slann-mage-priest"
NURGLE = "bb2020/horticulturalist-of-nurgle"
LINEMAN = "human/human-lineman"
PLAYERS = {"h1": ("home", LINEMAN, (5, 7)), "h2": ("home", LINEMAN, (9, 3)), "a": ("away", LINEMAN, (15, 7))}


def game(rules: bbcore.Ruleset, home: dict[str, int]) -> GameState:
    board = build_board(rules, PLAYERS)
    return GameState(TeamState("home", "H", "human", 1, inducements=home), TeamState("away", "A", "human", 1), board)


def cast(answer: ActChoice) -> ScriptedDecisions:
    return ScriptedDecisions([("inducement-act", answer)], fallback=DefaultDecisions())


@pytest.mark.parametrize(
    ("lasts", "moment", "expected"),
    [
        (LASTS_THE_COMING_TURN, OWN_TURN_END, ("away", TURN_ENDS)),
        (LASTS_THE_COMING_TURN, OPPOSITION_TURN_END, ("home", TURN_ENDS)),
        (LASTS_THE_COMING_TURN, OWN_TURN_START, ("home", TURN_ENDS)),
        (LASTS_THE_COMING_TURN, OPPOSITION_TURN_START, ("away", TURN_ENDS)),
        (UNTIL_OWN_TURN_STARTS, OWN_TURN_END, ("home", TURN_STARTS)),
        (UNTIL_OPPOSITION_TURN_STARTS, OPPOSITION_TURN_END, ("away", TURN_STARTS)),
        ("drive", OWN_TURN_END, None),
    ],
)
def test_a_spell_ends_at_the_turn_its_duration_names_seen_from_the_caster(lasts: str, moment: str, expected: object) -> None:
    assert ends_at(lasts, moment, "home", "away") == expected


def test_incorporeal_lasts_until_the_opposition_s_next_turn_starts(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {NECRO: 1})
    with ScriptedDice([3]) as dice:
        hit, _ = end_turn(bb2020, state, "home", dice, cast(ActChoice("incorporeal", players=("a",))))
    ghost = hit.board.player("a")
    assert ghost.has("no-ball")
    assert not ghost.tackle_zone
    back, events = start_turn(bb2020, hit, "away", ScriptedDice([]))
    player = back.board.player("a")
    assert not player.has("no-ball")
    assert player.tackle_zone
    assert [(e.kind, e.who, e.result) for e in events if e.kind == CHANGE_ENDS] == [(CHANGE_ENDS, "a", "incorporeal")]


def test_wavering_players_of_reality_blinks_come_back_as_the_caster_s_next_turn_starts(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {SLANN: 1})
    with ScriptedDice([1]) as dice:
        blinked, _ = end_turn(bb2020, state, "home", dice, cast(ActChoice("reality-blinks", players=("h1", "h2"))))
    assert all(not blinked.board.player(pid).tackle_zone for pid in ("h1", "h2"))
    # The opposition's whole turn goes by with them wavering.
    away, _ = start_turn(bb2020, blinked, "away", ScriptedDice([]))
    away, _ = end_turn(bb2020, away, "away", ScriptedDice([]))
    assert away.board.player("h1").has("no-ball")
    home, _ = start_turn(bb2020, away, "home", ScriptedDice([]))
    assert all(home.board.player(pid).tackle_zone and not home.board.player(pid).has("no-ball") for pid in ("h1", "h2"))


def test_rough_ground_hinders_the_opposition_s_rushes_for_the_coming_turn_only(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {NURGLE: 1})
    before = rush_modifier(bb2020, state.board, state.board.player("a"))
    # Cast just after the away turn: the coming turn is the caster's own, and it is the away players who rush worse.
    grown, _ = end_turn(bb2020, state, "away", ScriptedDice([]), cast(ActChoice("vigorous-growth")))
    assert rush_modifier(bb2020, grown.board, grown.board.player("a")) == before - 2
    assert rush_modifier(bb2020, grown.board, grown.board.player("h1")) == before
    over, _ = end_turn(bb2020, grown, "home", ScriptedDice([]))
    assert rush_modifier(bb2020, over.board, over.board.player("a")) == before


def test_tectonic_shift_cast_after_the_caster_s_own_turn_holds_for_the_opposition_s_turn(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {SLANN: 1})
    shifted, _ = end_turn(bb2020, state, "home", ScriptedDice([]), cast(ActChoice("tectonic-shift")))
    assert rush_modifier(bb2020, shifted.board, shifted.board.player("a")) == -1
    gone, _ = end_turn(bb2020, shifted, "away", ScriptedDice([]))
    assert rush_modifier(bb2020, gone.board, gone.board.player("a")) == 0


class Dancer(DefaultDecisions):
    """Casts the Danse Macabre when offered, then betters ``pick`` for every dancer; keeps what was asked."""

    def __init__(self, pick: str) -> None:
        self.pick = pick
        self.asked: list[tuple[str, str]] = []

    def inducement_act(self, team: str, inducement: str, situation: str, acts: object) -> ActChoice | None:
        self.asked.append((inducement, situation))
        if situation == OPPOSITION_TURN_END:
            return ActChoice("vanhalables-danse-macabre")
        if situation == ACTIVATION_START:
            (offer,) = acts  # type: ignore[misc]
            return ActChoice(offer.act, players=offer.players, option=self.pick)
        return None


def test_the_danse_macabre_lets_each_lineman_better_what_his_coach_picks_as_he_is_activated_for_that_turn(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {NECRO: 1})
    coach = Dancer("ma")
    with ScriptedDice([3]) as dice:
        danced, _ = end_turn(bb2020, state, "away", dice, coach)
    assert danced.turn_effects == {NECRO}
    assert [change.cause for change in danced.turn_changes] == ["vanhalables-danse-macabre"]
    turn, _ = start_turn(bb2020, danced, "home", ScriptedDice([]), coach)
    speed = turn.board.player("h1").ma
    moving, events = start_activation(bb2020, turn, "h1", "move", coach)
    assert moving.board.player("h1").ma == speed + 1
    assert [e.kind for e in events] == ["danced"]
    assert (NECRO, ACTIVATION_START) in coach.asked
    # Once in the turn: asked again, he is not offered it; by default nobody dances.
    again, events = start_activation(bb2020, moving, "h1", "move", coach)
    assert (again.board.player("h1").ma, events) == (speed + 1, ())
    with pytest.raises(UsageError, match="danced already"):
        dance(bb2020, moving, "h1", "ag")
    unmoved, _ = start_activation(bb2020, moving, "h2", "move", DefaultDecisions())
    assert unmoved.board.player("h2").ma == speed
    ended, _ = end_turn(bb2020, moving, "home", ScriptedDice([]))
    assert ended.board.player("h1").ma == speed
    assert ended.turn_effects == frozenset()


def test_a_failed_danse_or_an_opposing_player_offers_nothing(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {NECRO: 1})
    coach = Dancer("ag")
    with ScriptedDice([2]) as dice:
        spasms, _ = end_turn(bb2020, state, "away", dice, coach)
    assert spasms.turn_effects == frozenset()
    with pytest.raises(UsageError, match="no Danse Macabre"):
        dance(bb2020, spasms, "h1", "ag")
    with ScriptedDice([4]) as dice:
        danced, _ = end_turn(bb2020, state, "away", dice, coach)
    after, events = start_activation(bb2020, danced, "a", "move", coach)
    assert (after.board.player("a").ag, events) == (danced.board.player("a").ag, ())


def test_a_drive_that_ends_first_takes_the_wavering_back_too(bb2020: bbcore.Ruleset) -> None:
    state = game(bb2020, {SLANN: 1})
    with ScriptedDice([2]) as dice:
        blinked, _ = end_turn(bb2020, state, "home", dice, cast(ActChoice("reality-blinks", players=("h1", "h2"))))
    cleared, _ = clear_the_pitch(bb2020, blinked, ScriptedDice([]), DefaultDecisions())
    assert cleared.turn_changes == ()
    assert all(cleared.board.player(pid).tackle_zone and not cleared.board.player(pid).has("no-ball") for pid in ("h1", "h2"))
