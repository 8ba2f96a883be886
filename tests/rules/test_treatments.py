"""Treatments counted in the game state: the team's Apothecary, Wandering Apothecaries, treatment inducements."""

from __future__ import annotations

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.model.team import InducementOrder
from bbcore.rules.board import Status
from bbcore.rules.decisions import DecisionScriptError, ScriptedDecisions
from bbcore.rules.events import Event
from bbcore.rules.hired_players import hired_players
from bbcore.rules.inducement_uses import uses_left
from bbcore.rules.injury import apothecary_from, suffer_casualty, treatment_from
from bbcore.rules.sequences import GameState
from bbcore.rules.treatments import HeldTreatments, apothecaries_left, spend_treatments
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

WANDERING = "wandering-apothecary"
WANDERING_2020 = "bb2020/wandering-apothecaries"
MORTUARY_2020 = "bb2020/mortuary-assistant"


def with_apothecaries(core: Ruleset, own: bool, wandering: int) -> GameState:
    state = game(core)
    return state.update_team("home", apothecary=own, inducements={WANDERING: wandering} if wandering else {})


def test_the_own_apothecary_counts_once_and_each_wandering_one_once(core: Ruleset) -> None:
    assert apothecaries_left(core, with_apothecaries(core, own=True, wandering=2), "home") == 3
    assert apothecaries_left(core, with_apothecaries(core, own=False, wandering=0), "home") == 0


def test_spending_uses_the_own_apothecary_first_then_a_wandering_one(core: Ruleset) -> None:
    state = with_apothecaries(core, own=True, wandering=1)
    used = Event("apothecary", "home-1", (), "badly-hurt")
    once = spend_treatments(core, state, [used])
    assert (once.home.apothecary_used, uses_left(core, once, "home", WANDERING)) == (True, 1)
    twice = spend_treatments(core, once, [used])
    assert uses_left(core, twice, "home", WANDERING) == 0
    assert apothecaries_left(core, twice, "home") == 0
    assert spend_treatments(core, twice, [used]) == twice  # nothing left to note: passed over


def test_a_guarded_coach_calls_no_apothecary_the_team_has_not_got(core: Ruleset) -> None:
    state = with_apothecaries(core, own=True, wandering=0)
    with ScriptedDecisions([("apothecary", True)]) as asked:
        guarded = HeldTreatments(core, state, asked)
        assert guarded.use_apothecary("home-1", "casualty") is True
        assert guarded.use_apothecary("home-2", "casualty") is False  # the one was just used; the coach is not asked
    assert HeldTreatments(core, state, asked).follow_up("home-1") == asked.follow_up("home-1")


def test_a_guarded_coach_names_only_a_treatment_the_team_holds(core: Ruleset) -> None:
    state = with_apothecaries(core, own=False, wandering=0)
    with ScriptedDecisions([("casualty-treatment", "bribes")]) as asked:
        assert HeldTreatments(core, state, asked).casualty_treatment("home-1", "dead") is None


def test_a_casualty_treated_by_the_apothecary_is_noted_on_the_record(core: Ruleset) -> None:
    state = with_apothecaries(core, own=True, wandering=0)
    guarded = HeldTreatments(core, state, ScriptedDecisions([("apothecary", True)]))
    # Casualty roll 16 (Dead); the apothecary's second roll 1 (Badly Hurt) stands: back to the Reserves.
    with ScriptedDice([16, 1]) as dice:
        hurt = suffer_casualty(core, state.board, "home-1", dice, apothecary_from(guarded), choose_treatment=treatment_from(guarded))
    after = spend_treatments(core, state, hurt.events)
    assert after.home.apothecary_used
    assert apothecaries_left(core, after, "home") == 0


@pytest.mark.parametrize("pack", ["bb2020", "classic"])
def test_the_packs_wandering_apothecaries_work_as_one(pack: str) -> None:
    rules = bbcore.load_ruleset(packs=[pack])
    wandering = next(i.id for i in rules.inducements.values() if any(e.apothecary == "any" for e in i.effects))
    state = game(rules).update_team("home", inducements={wandering: 2})
    assert apothecaries_left(rules, state, "home") == 2
    # One of them sees to a Dead result (16); his roll of 1 (Badly Hurt) stands, and one is left.
    guarded = HeldTreatments(rules, state, ScriptedDecisions([("apothecary", True)]))
    with ScriptedDice([16, 1]) as dice:
        hurt = suffer_casualty(rules, state.board, "home-1", dice, apothecary_from(guarded), choose_treatment=treatment_from(guarded))
    assert hurt.board.player("home-1").status is Status.RESERVES
    assert apothecaries_left(rules, spend_treatments(rules, state, hurt.events), "home") == 1


def undead(core: Ruleset, inducements: dict[str, int]) -> GameState:
    state = game(core, {"troll": ("home", "orc/troll", (12, 7)), "orc": ("away", "orc/orc-lineman", (13, 7))})
    return state.update_team("home", inducements=inducements)


@pytest.mark.parametrize(
    ("pack", "assistant"),
    [(None, "mortuary-assistant"), ("bb2020", "bb2020/mortuary-assistant"), ("bb2020", "bb2020/plague-doctor")],
)
def test_a_mortuary_assistant_rolls_a_failed_regeneration_again_once_a_game(core: Ruleset, pack: str | None, assistant: str) -> None:
    rules = core if pack is None else bbcore.load_ruleset(packs=[pack])
    state = undead(rules, {assistant: 1})
    assert apothecaries_left(rules, state, "home", "ko") == (1 if assistant.endswith("plague-doctor") else 0)
    target = rules.parameters.targets.regeneration
    coach = HeldTreatments(rules, state, ScriptedDecisions([("casualty-treatment", assistant)]))
    with ScriptedDice([target - 1, target]) as dice:
        saved = suffer_casualty(rules, state.board, "troll", dice, choose_treatment=treatment_from(coach))
    regeneration = saved.events[0]
    assert (regeneration.rolls, regeneration.result, regeneration.detail) == (
        (target - 1, target),
        "regenerated",
        {"rerolled_with": assistant},
    )
    after = spend_treatments(rules, state, saved.events)
    assert uses_left(rules, after, "home", assistant) == 0
    # The Plague Doctor's other use (an apothecary for a Knock-out) went with it: one use a game in all.
    assert apothecaries_left(rules, after, "home", "ko") == 0
    # Spent: the guarded coach's second call is refused; the Regeneration stands failed and the casualty is rolled.
    spent = HeldTreatments(rules, after, ScriptedDecisions([("casualty-treatment", assistant)]))
    with ScriptedDice([target - 1, 1]) as dice:
        failed = suffer_casualty(rules, after.board, "troll", dice, choose_treatment=treatment_from(spent))
    assert [e.kind for e in failed.events] == ["regeneration", "casualty"]


def test_only_an_inducement_that_re_rolls_regeneration_may_be_named(core: Ruleset) -> None:
    state = undead(core, {})
    with ScriptedDice([1]) as dice, pytest.raises(UsageError, match="re-rolls a failed Regeneration roll"):
        suffer_casualty(core, state.board, "troll", dice, choose_treatment=lambda player, casualty: "bribes")


def test_a_knocked_out_only_apothecary_counts_for_a_ko_and_not_for_a_casualty() -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    doctor = "bb2020/plague-doctor"
    state = game(rules).update_team("home", inducements={doctor: 1})
    assert (apothecaries_left(rules, state, "home", "ko"), apothecaries_left(rules, state, "home", "casualty")) == (1, 0)
    with ScriptedDecisions([("apothecary", True)]) as asked:
        guarded = HeldTreatments(rules, state, asked)
        assert guarded.use_apothecary("home-1", "casualty") is False  # not asked: nothing treats a casualty
        assert guarded.use_apothecary("home-1", "ko") is True
    patched = Event("apothecary", "home-1", (), "patched-up", {"from": "ko", "to": "stunned"})
    assert uses_left(rules, spend_treatments(rules, state, [patched]), "home", doctor) == 0


def test_the_plague_doctor_treats_no_player_hired_for_the_game() -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    doctor = "bb2020/plague-doctor"
    state = undead(rules, {doctor: 1})
    hired = attrs.evolve(state.board.player("troll"), hired=True)
    state = attrs.evolve(state, board=state.board.with_player(hired))
    assert apothecaries_left(rules, state, "home", "ko", player_id="troll") == 0
    assert apothecaries_left(rules, state, "home", "ko") == 1
    asked = ScriptedDecisions([("apothecary", True)])
    assert HeldTreatments(rules, state, asked).use_apothecary("troll", "ko") is False
    with pytest.raises(DecisionScriptError, match="1 scripted decision"):
        asked.assert_used_up()  # the coach was not even asked
    # Nor does it re-roll his Regeneration: the guarded coach is not allowed it, and the procedure refuses it.
    with ScriptedDecisions([("casualty-treatment", doctor)]) as asked:
        assert HeldTreatments(rules, state, asked).casualty_treatment("troll", "regeneration") is None
    target = rules.parameters.targets.regeneration
    with ScriptedDice([target - 1]) as dice, pytest.raises(UsageError, match="hired for this game only"):
        suffer_casualty(rules, state.board, "troll", dice, choose_treatment=lambda player, casualty: doctor)
    # The team's own Apothecary still treats him.
    own = state.update_team("home", apothecary=True)
    assert apothecaries_left(rules, own, "home", "ko", player_id="troll") == 1


def test_a_bb2020_star_is_treated_by_no_apothecary_and_no_re_roll_of_his_regeneration() -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    state = undead(rules, {WANDERING_2020: 1}).update_team("home", apothecary=True)
    (star,) = hired_players(rules, "home", [InducementOrder("bb2020/star-players", position="orc/troll")])
    assert (star.star, star.treatable) == (True, False)
    troll = attrs.evolve(state.board.player("troll"), hired=True, star=True, treatable=False)
    state = attrs.evolve(state, board=state.board.with_player(troll))
    assert apothecaries_left(rules, state, "home", "ko", player_id="troll") == 0
    assert apothecaries_left(rules, state, "home", "ko") == 2  # the team's own and the Wandering one, for anyone else
    asked = ScriptedDecisions([("apothecary", True), ("casualty-treatment", MORTUARY_2020)])
    guarded = HeldTreatments(rules, state, asked)
    assert guarded.use_apothecary("troll", "ko") is False
    assert guarded.casualty_treatment("troll", "regeneration") is None
    # The procedure itself asks nothing: a failed Regeneration stands and the casualty is rolled, with no apothecary.
    target = rules.parameters.targets.regeneration
    with ScriptedDecisions([]) as never, ScriptedDice([target - 1, 16]) as dice:
        hurt = suffer_casualty(rules, state.board, "troll", dice, apothecary_from(never), choose_treatment=treatment_from(never))
    assert [e.kind for e in hurt.events] == ["regeneration", "casualty"]
    assert hurt.board.player("troll").status is Status.CASUALTY


def test_a_bb2020_mercenary_may_still_be_treated() -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    (mercenary,) = hired_players(rules, "home", [InducementOrder("bb2020/mercenaries", position="orc/troll")])
    assert (mercenary.hired, mercenary.treatable) == (True, True)
    state = undead(rules, {}).update_team("home", apothecary=True)
    troll = attrs.evolve(state.board.player("troll"), hired=True)
    state = attrs.evolve(state, board=state.board.with_player(troll))
    assert apothecaries_left(rules, state, "home", "ko", player_id="troll") == 1
