"""Armour, injury and casualty bands at their boundaries, with the skills and hooks that move them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import UsageError
from bbcore.rules.board import PlayerState, Status
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.injury import (
    Harm,
    apothecary_from,
    death,
    hit_by,
    is_dead,
    knock_down,
    recover_knocked_out,
    roll_armour,
    roll_injury,
    suffer_casualty,
)
from bbcore.ruleset import Ruleset
from bbcore.testing import build_board


def lone(core: Ruleset, position: str = "orc/orc-lineman", **kwargs: Any) -> Any:
    return build_board(core, {"p": ("away", position, (5, 5)), "h": ("home", "human/human-lineman", (4, 5))}, **kwargs)


def split(total: int) -> list[int]:
    return [total // 2, total - total // 2]


def test_armour_breaks_exactly_at_the_av_target(core: Ruleset) -> None:
    av = core.position("orc/orc-lineman").av
    with ScriptedDice(split(av - 1)) as dice:
        assert roll_armour(core, lone(core), "p", Harm("block"), dice)[0] is False
    with ScriptedDice(split(av)) as dice:
        assert roll_armour(core, lone(core), "p", Harm("block"), dice)[0] is True


def test_claws_break_armour_on_a_natural_eight(core: Ruleset) -> None:
    board = lone(core, "orc/troll", skills={"h": {"claws": None}})
    with ScriptedDice([4, 4]) as dice:
        assert roll_armour(core, board, "p", hit_by(core, "block", board.player("h")), dice)[0] is True


def test_claws_count_only_on_a_block_s_knock_down(core: Ruleset) -> None:
    # A fall the clawed player caused (Arm Bar), or any other harm he brings, is no block.
    board = lone(core, "orc/troll", skills={"h": {"claws": None}})
    assert board.player("p").av > 8
    with ScriptedDice([4, 4]) as dice:
        assert roll_armour(core, board, "p", Harm("fall", attacker=board.player("h")), dice)[0] is False


def test_a_chainsaw_hurts_its_wielder_when_he_goes_down_not_when_he_is_fouled(core: Ruleset) -> None:
    board = lone(core, "orc/troll", skills={"p": {"chainsaw": None}})
    av = board.player("p").av
    bonus = core.parameters.special_actions.chainsaw.armour
    with ScriptedDice(split(av - bonus)) as dice:
        assert roll_armour(core, board, "p", Harm("block", fell=True), dice)[0] is True
    with ScriptedDice(split(av - bonus)) as dice:
        assert roll_armour(core, board, "p", Harm("foul"), dice)[0] is False


def test_iron_hard_skin_stops_claws_and_mighty_blow(core: Ruleset) -> None:
    board = lone(core, "orc/troll", skills={"h": {"claws": None}, "p": {"iron-hard-skin": None}})
    with ScriptedDice([4, 4]) as dice:
        harm = Harm("block", attacker=board.player("h"), mighty_blow=True, by_block=True)
        broken, spent, _ = roll_armour(core, board, "p", harm, dice)
    assert (broken, spent) == (False, False)


def injury_bands(core: Ruleset, table_id: str) -> list[tuple[int, str]]:
    table = core.table(table_id)
    return [(n, table.row_for(n).id) for n in range(2, 13)]


@pytest.mark.parametrize("total", range(2, 13))
def test_every_injury_total_gives_its_tables_row(core: Ruleset, total: int) -> None:
    table = core.table("injury")
    expected = table.row_for(total)
    script = split(total) + ([1] if expected.id not in ("stunned", "knocked-out") else [])
    with ScriptedDice(script) as dice:
        outcome = roll_injury(core, lone(core), "p", Harm("block"), dice)
    assert outcome.events[0].result == expected.id


def test_the_boundaries_of_the_injury_table(core: Ruleset) -> None:
    with ScriptedDice([3, 4]) as dice:
        assert roll_injury(core, lone(core), "p", Harm("block"), dice).board.player("p").status is Status.STUNNED
    with ScriptedDice([4, 4]) as dice:
        assert roll_injury(core, lone(core), "p", Harm("block"), dice).board.player("p").status is Status.KO
    with ScriptedDice([5, 5, 1]) as dice:
        assert roll_injury(core, lone(core), "p", Harm("block"), dice).board.player("p").status is Status.CASUALTY


def test_thick_skull_turns_the_lowest_ko_into_stunned(core: Ruleset) -> None:
    board = lone(core, skills={"p": {"thick-skull": None}})
    with ScriptedDice([4, 4]) as dice:
        assert roll_injury(core, board, "p", Harm("block"), dice).board.player("p").status is Status.STUNNED
    with ScriptedDice([4, 5]) as dice:
        assert roll_injury(core, board, "p", Harm("block"), dice).board.player("p").status is Status.KO


def test_stunty_players_use_the_stunty_table(core: Ruleset) -> None:
    board = lone(core, "orc/goblin-lineman")
    with ScriptedDice([3, 4]) as dice:
        outcome = roll_injury(core, board, "p", Harm("block"), dice)
    assert outcome.events[0].detail["table"] == "stunty-injury"
    assert outcome.board.player("p").status is Status.KO


def test_stunty_thick_skull_is_stunned_on_a_seven(core: Ruleset) -> None:
    board = lone(core, "black-orc/goblin-bruiser")
    assert board.player("p").has("thick-skull")
    with ScriptedDice([3, 4]) as dice:
        assert roll_injury(core, board, "p", Harm("block"), dice).board.player("p").status is Status.STUNNED


def test_the_stunty_badly_hurt_row_needs_no_casualty_roll(core: Ruleset) -> None:
    with ScriptedDice([4, 5]) as dice:
        outcome = roll_injury(core, lone(core, "orc/goblin-lineman"), "p", Harm("block"), dice)
    casualty = next(e for e in outcome.events if e.kind == "casualty")
    assert casualty.detail.get("automatic") is True
    assert outcome.board.player("p").status is Status.CASUALTY


@pytest.mark.parametrize("roll", range(1, 17))
def test_every_casualty_roll_gives_its_band(core: Ruleset, roll: int) -> None:
    row = core.table("casualty").row_for(roll)
    lasting = any(e.roll_on for e in row.effects)
    with ScriptedDice([roll, *([3] if lasting else [])]) as dice:
        outcome = suffer_casualty(core, lone(core), "p", dice)
    assert outcome.events[0].result == row.id
    assert any(e.kind == "lasting-injury" for e in outcome.events) is lasting
    hurt = outcome.board.player("p")
    assert hurt.casualty_results == (row.id,)
    assert is_dead(core, hurt) is (row.id == "dead")


def test_niggling_injuries_add_to_the_casualty_roll(core: Ruleset) -> None:
    with ScriptedDice([8]) as dice:
        outcome = suffer_casualty(core, lone(core), "p", dice, niggling_injuries=2)
    assert outcome.events[0].detail["total"] == 10


@pytest.mark.parametrize(("roll", "regenerates"), [(3, False), (4, True)])
def test_regeneration_saves_a_casualty_on_a_four(core: Ruleset, roll: int, regenerates: bool) -> None:
    board = lone(core, "orc/troll")
    script = [roll] if regenerates else [roll, 1]
    with ScriptedDice(script) as dice:
        outcome = suffer_casualty(core, board, "p", dice)
    assert (outcome.board.player("p").status is Status.RESERVES) is regenerates


def test_the_apothecary_rolls_again_and_a_badly_hurt_goes_to_the_reserves(core: Ruleset) -> None:
    with ScriptedDice([15, 2]) as dice:
        outcome = suffer_casualty(core, lone(core), "p", dice, lambda player, injury: True)
    assert outcome.board.player("p").status is Status.RESERVES
    assert [e.kind for e in outcome.events] == ["casualty", "casualty", "apothecary"]
    assert outcome.board.player("p").casualty_results == ()  # patched up: no result stands against him


def test_the_apothecary_s_milder_result_is_the_one_that_stands(core: Ruleset) -> None:
    with ScriptedDice([15, 9]) as dice:
        outcome = suffer_casualty(core, lone(core), "p", dice, lambda player, injury: True)
    hurt = outcome.board.player("p")
    assert (hurt.status, hurt.casualty_results) == (Status.CASUALTY, ("seriously-hurt",))
    assert not is_dead(core, hurt)


SERIOUS_INJURY, LASTING_INJURY = 11, 13  # Casualty Roll results


def test_the_coach_may_keep_the_harsher_of_the_apothecary_s_two_results(core: Ruleset) -> None:
    answers = [("apothecary", True), ("keep-casualty", "lasting-injury")]
    lasting_roll = 1
    with ScriptedDice([SERIOUS_INJURY, LASTING_INJURY, lasting_roll]) as dice, ScriptedDecisions(answers, strict=True) as decisions:
        outcome = suffer_casualty(core, lone(core), "p", dice, apothecary_from(decisions))
    hurt = outcome.board.player("p")
    assert hurt.casualty_results == ("lasting-injury",)
    assert len(hurt.lasting_injuries) == 1
    assert [e.result for e in outcome.events if e.kind == "apothecary"] == ["lasting-injury"]


class KeepsWhatIsOffered(DefaultDecisions):
    """Uses the Apothecary, notes the Casualty results offered, and keeps the last of them."""

    def __init__(self) -> None:
        super().__init__(apothecary=True)
        self.offered: list[list[str]] = []

    def keep_casualty(self, player_id: str, results: Sequence[str]) -> str:
        self.offered.append(list(results))
        return results[-1]


def test_the_two_results_are_offered_the_milder_first_and_only_when_they_differ(core: Ruleset) -> None:
    coach = KeepsWhatIsOffered()
    with ScriptedDice([LASTING_INJURY, SERIOUS_INJURY, 1]) as dice:
        kept = suffer_casualty(core, lone(core), "p", dice, apothecary_from(coach)).board.player("p")
    assert coach.offered == [["serious-injury", "lasting-injury"]]
    assert kept.casualty_results == ("lasting-injury",)
    with ScriptedDice([SERIOUS_INJURY, SERIOUS_INJURY + 1]) as dice:  # 11 and 12: the same row, nothing to choose
        same = suffer_casualty(core, lone(core), "p", dice, apothecary_from(coach)).board.player("p")
    assert coach.offered == [["serious-injury", "lasting-injury"]]
    assert same.casualty_results == ("serious-injury",)


def test_a_kept_result_that_was_not_rolled_is_refused(core: Ruleset) -> None:
    answers = [("apothecary", True), ("keep-casualty", "dead")]
    dice, decisions = ScriptedDice([SERIOUS_INJURY, LASTING_INJURY]), ScriptedDecisions(answers)
    with pytest.raises(IllegalAnswerError, match="keep-casualty"):
        suffer_casualty(core, lone(core), "p", dice, apothecary_from(decisions))
    assert dice.remaining == []


def test_a_casualty_result_stays_through_a_spell_in_the_reserves_and_goes_with_a_full_recovery(core: Ruleset) -> None:
    with ScriptedDice([16]) as dice:
        dead = suffer_casualty(core, lone(core), "p", dice).board.player("p")
    assert is_dead(core, dead)
    back_for_a_while = dead.with_status(Status.RESERVES)
    assert is_dead(core, back_for_a_while)
    assert back_for_a_while.with_casualty("badly-hurt").casualty_results == ("dead", "badly-hurt")
    healed = dead.recovered()
    assert (healed.status, healed.casualty_results, is_dead(core, healed)) == (Status.RESERVES, (), False)


def test_a_casualty_table_without_a_deadly_row_is_named(core: Ruleset) -> None:
    table = core.table("casualty")
    tame = attrs.evolve(table, rows=tuple(row for row in table.rows if row.id != "dead"))
    rules = attrs.evolve(core, tables={**core.tables, table.id: tame})
    with pytest.raises(UsageError, match="the casualty table 'casualty' has no row with the effect 'status: dead'"):
        death(rules)
    # Nobody dies under it: a result that killed under another table does not.
    assert not is_dead(rules, lone(rules).player("p").with_casualty("dead"))
    assert is_dead(core, lone(core).player("p").with_casualty("dead"))


def test_the_apothecary_patches_a_ko_to_stunned(core: Ruleset) -> None:
    with ScriptedDice([4, 4]) as dice:
        outcome = roll_injury(core, lone(core), "p", Harm("block"), dice, lambda player, injury: injury == "ko")
    assert outcome.board.player("p").status is Status.STUNNED


def test_knock_down_without_a_break_leaves_the_player_prone(core: Ruleset) -> None:
    with ScriptedDice([1, 1]) as dice:
        outcome = knock_down(core, lone(core), "p", Harm("fall"), dice)
    assert outcome.board.player("p").status is Status.PRONE
    assert [e.kind for e in outcome.events] == ["knocked-down", "armour"]


@pytest.mark.parametrize(("roll", "recovers"), [(3, False), (4, True)])
def test_ko_recovery_on_a_four(core: Ruleset, roll: int, recovers: bool) -> None:
    board = lone(core, statuses={"p": "ko"})
    with ScriptedDice([roll]) as dice:
        outcome = recover_knocked_out(core, board, dice)
    assert (outcome.board.player("p").status is Status.RESERVES) is recovers


class Kegs:
    @bbcore.hookimpl
    def bbcore_ko_recovery_modifiers(self, ruleset: Any, team: str, player: Any) -> int:
        return 1


class Cobbles:
    @bbcore.hookimpl
    def bbcore_armour_modifiers(self, ruleset: Any, board: Any, player: Any, cause: str, attacker: Any) -> int | None:
        return 1 if cause == "fall" else None

    @bbcore.hookimpl
    def bbcore_injury_modifiers(self, ruleset: Any, board: Any, player: Any, cause: str, attacker: Any) -> int | None:
        return 1 if cause == "fall" else None


def test_a_recovery_hook_adds_to_the_roll_but_a_one_still_fails(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("kegs", Kegs())], entry_points=False)
    board = lone(rules, statuses={"p": "ko"})
    with ScriptedDice([3]) as dice:
        assert recover_knocked_out(rules, board, dice).board.player("p").status is Status.RESERVES
    with ScriptedDice([1]) as dice:
        assert recover_knocked_out(rules, board, dice).board.player("p").status is Status.KO


def test_armour_and_injury_hooks_change_the_totals(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("cobbles", Cobbles())], entry_points=False)
    av = rules.position("orc/orc-lineman").av
    with ScriptedDice([*split(av - 1), 4, 3]) as dice:
        outcome = knock_down(rules, lone(rules), "p", Harm("fall"), dice)
    armour = next(e for e in outcome.events if e.kind == "armour")
    injury = next(e for e in outcome.events if e.kind == "injury")
    assert armour.result == "broken"
    assert injury.detail["total"] == 8


# -- treatments straight after the casualty roll -------------------------------------------------------


class Healer:
    """A test treatment: ``healer`` patches any casualty up to the reserves; nothing else changes."""

    @bbcore.hookimpl
    def bbcore_casualty_treatment(self, player: Any, casualty: Any, treatment: str | None) -> Any:
        from bbcore.rules.injury import CasualtyTreatment

        if treatment != "healer":
            return None
        return CasualtyTreatment(casualty, Status.RESERVES, "healer", (bbcore.rules.events.Event("healed", player.id),))


class Fragile:
    """Every casualty roll counts as a Lasting Injury, treatment or not."""

    @bbcore.hookimpl
    def bbcore_casualty_treatment(self, ruleset: Any, casualty: Any) -> Any:
        from bbcore.rules.injury import CasualtyTreatment

        return CasualtyTreatment(ruleset.table("casualty").row("lasting-injury"))


def test_a_treatment_is_offered_after_the_roll_and_before_the_apothecary(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("healer", Healer())], entry_points=False)
    asked: list[tuple[str, str]] = []

    def choose(player: Any, casualty: str) -> str:
        asked.append((player.id, casualty))
        return "healer"

    def apothecary(player: Any, injury: str) -> bool:
        raise AssertionError("the apothecary is not asked once a treatment has patched the player up")

    with ScriptedDice([16]) as dice:
        outcome = suffer_casualty(rules, lone(rules), "p", dice, apothecary, choose_treatment=choose)
    assert asked == [("p", "dead")]
    assert outcome.board.player("p").status is Status.RESERVES
    assert [e.kind for e in outcome.events] == ["casualty", "healed"]


def test_without_a_treatment_the_roll_stands_and_the_apothecary_follows(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("healer", Healer())], entry_points=False)
    with ScriptedDice([16, 2]) as dice:
        outcome = suffer_casualty(rules, lone(rules), "p", dice, lambda player, injury: True, choose_treatment=lambda player, row: None)
    assert outcome.board.player("p").status is Status.RESERVES  # the apothecary's second roll was Badly Hurt
    assert [e.kind for e in outcome.events] == ["casualty", "casualty", "apothecary"]


class Beyond:
    """Every casualty roll stands, and no apothecary may help with it."""

    @bbcore.hookimpl
    def bbcore_casualty_treatment(self, casualty: Any) -> Any:
        from bbcore.rules.injury import CasualtyTreatment

        return CasualtyTreatment(casualty, apothecary=False)


def test_a_treatment_can_put_the_result_beyond_the_apothecary(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("beyond", Beyond())], entry_points=False)

    def apothecary(player: Any, injury: str) -> bool:
        raise AssertionError("no apothecary is offered")

    with ScriptedDice([3]) as dice:  # Badly Hurt
        outcome = suffer_casualty(rules, lone(rules), "p", dice, apothecary)
    assert outcome.board.player("p").status is Status.CASUALTY
    assert [e.kind for e in outcome.events] == ["casualty"]


def test_a_treatment_no_plugin_knows_is_an_error(core: Ruleset) -> None:
    with ScriptedDice([3]) as dice, pytest.raises(bbcore.UsageError, match="casualty treatment 'leeches'"):
        suffer_casualty(core, lone(core), "p", dice, choose_treatment=lambda player, row: "leeches")


def test_the_treatment_hook_is_asked_for_every_casualty_roll(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("fragile", Fragile())], entry_points=False)
    with ScriptedDice([3, 2]) as dice:  # Badly Hurt, made a Lasting Injury: the 2 is the lasting injury roll
        outcome = suffer_casualty(rules, lone(rules), "p", dice)
    assert outcome.board.player("p").status is Status.CASUALTY
    assert (outcome.events[0].kind, outcome.events[0].result) == ("casualty", "badly-hurt")
    assert outcome.events[-1].kind == "lasting-injury"


def test_a_casualty_the_table_gives_without_a_roll_is_not_treated(core: Ruleset) -> None:
    with ScriptedDice([]) as dice:
        outcome = suffer_casualty(core, lone(core), "p", dice, roll=False, choose_treatment=lambda player, row: "leeches")
    assert outcome.board.player("p").status is Status.CASUALTY


class Medic:
    """+1 to recovery for a team holding a ``medic`` inducement."""

    @bbcore.hookimpl
    def bbcore_ko_recovery_modifiers(self, inducements: Any) -> int | None:
        return 1 if inducements.get("medic") else None


def test_recovery_modifiers_see_the_inducements_of_the_players_team(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("medic", Medic())], entry_points=False)
    board = lone(rules, statuses={"p": "ko"})
    with ScriptedDice([3]) as dice:
        assert recover_knocked_out(rules, board, dice, {"away": {"medic": 1}}).board.player("p").status is Status.RESERVES
    with ScriptedDice([3]) as dice:
        assert recover_knocked_out(rules, board, dice, {"home": {"medic": 1}}).board.player("p").status is Status.KO
    with ScriptedDice([3]) as dice:
        assert recover_knocked_out(rules, board, dice).board.player("p").status is Status.KO


@pytest.mark.parametrize("helper", ["blitzers-best-kegs", "infamous-coaching-staff"])
def test_kegs_and_josef_bugman_help_the_knocked_out_back(core: Ruleset, helper: str) -> None:
    board = lone(core, statuses={"p": "ko"})
    one_short = core.parameters.targets.ko_recovery - 1
    with ScriptedDice([one_short]) as dice:
        assert recover_knocked_out(core, board, dice, {"away": {helper: 1}}).board.player("p").status is Status.RESERVES
    with ScriptedDice([one_short]) as dice:
        assert recover_knocked_out(core, board, dice).board.player("p").status is Status.KO


class Brew:
    """A team holding a ``brew`` inducement may roll a failed recovery of a natural 1 again."""

    @bbcore.hookimpl
    def bbcore_ko_recovery_rerolls(self, roll: int, inducements: Any) -> bool | None:
        return True if inducements.get("brew") and roll == 1 else None


@pytest.mark.parametrize(
    ("rolls", "held", "status"),
    [
        ([1, 4], {"away": {"brew": 1}}, Status.RESERVES),
        ([1, 1], {"away": {"brew": 1}}, Status.KO),  # the new roll stands: no re-roll of a re-roll
        ([2], {"away": {"brew": 1}}, Status.KO),  # only a 1 is rolled again
        ([1], {"home": {"brew": 1}}, Status.KO),  # the other team's brew does not help
    ],
)
def test_a_recovery_reroll_hook_rolls_a_failed_recovery_again(make_ruleset: Any, rolls: list[int], held: Any, status: Status) -> None:
    rules = make_ruleset(plugins=[("brew", Brew())], entry_points=False)
    board = lone(rules, statuses={"p": "ko"})
    with ScriptedDice(rolls) as dice:
        outcome = recover_knocked_out(rules, board, dice, held)
    assert outcome.board.player("p").status is status
    assert outcome.events[-1].rolls == tuple(rolls)


def test_the_core_lets_a_failed_recovery_stand(core: Ruleset) -> None:
    board = lone(core, statuses={"p": "ko"})
    with ScriptedDice([1]) as dice:
        outcome = recover_knocked_out(core, board, dice, {"away": {"brew": 1}})
    assert outcome.board.player("p").status is Status.KO
    assert outcome.events[-1].rolls == (1,)


def test_a_knock_out_treatment_no_plugin_knows_is_an_error(core: Ruleset) -> None:
    asked: list[str] = []

    def choose(player: PlayerState, injury: str) -> str | None:
        asked.append(injury)
        return "nobody/medic"

    with ScriptedDice([4, 4]) as dice, pytest.raises(UsageError, match="no active plugin knows the knock-out treatment 'nobody/medic'"):
        roll_injury(core, lone(core), "p", Harm("block"), dice, choose_treatment=choose)
    assert asked == ["knocked-out"]
    # A stunned result asks nothing.
    with ScriptedDice([3, 3]) as dice:
        roll_injury(core, lone(core), "p", Harm("block"), dice, choose_treatment=choose)
    assert asked == ["knocked-out"]


# -- a last resort, once every other healing has failed ----------------------------------------------


class Salve:
    """A test last resort: ``salve`` sends the player to the Reserves, his result standing; ``bad-salve`` stands him up."""

    @bbcore.hookimpl
    def bbcore_last_resort_treatment(self, player: Any, casualty: Any, treatment: str) -> Any:
        from bbcore.rules.injury import CasualtyTreatment

        status = {"salve": Status.RESERVES, "bad-salve": Status.STANDING}.get(treatment)
        if status is None:
            return None
        return CasualtyTreatment(casualty, status, treatment, (bbcore.rules.events.Event("salved", player.id, (), casualty.id),))


def asking(answers: dict[str, str]) -> tuple[list[str], Any]:
    """A ``choose_treatment`` that answers by question (None when the question is not in ``answers``), and what it was asked."""
    asked: list[str] = []

    def choose(player: PlayerState, question: str) -> str | None:
        asked.append(question)
        return answers.get(question)

    return asked, choose


def test_a_last_resort_is_asked_after_the_apothecary_with_the_result_that_stands(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("salve", Salve())], entry_points=False)
    asked, choose = asking({"last-resort:serious-injury": "salve"})
    with ScriptedDice([12, 11]) as dice:  # Serious Injury, and again with the apothecary
        outcome = suffer_casualty(rules, lone(rules), "p", dice, lambda player, injury: True, choose_treatment=choose)
    assert asked == ["serious-injury", "last-resort:serious-injury"]
    salved = outcome.board.player("p")
    assert (salved.status, salved.casualty_results) == (Status.RESERVES, ("serious-injury",))
    assert [e.kind for e in outcome.events] == ["casualty", "casualty", "apothecary", "salved"]


def test_no_last_resort_is_asked_once_the_player_is_healed(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("salve", Salve())], entry_points=False)
    asked, choose = asking({})
    with ScriptedDice([12, 3]) as dice:  # the apothecary's roll is Badly Hurt: he is patched up
        outcome = suffer_casualty(rules, lone(rules), "p", dice, lambda player, injury: True, choose_treatment=choose)
    assert asked == ["serious-injury"]
    assert outcome.board.player("p").status is Status.RESERVES
    # Nothing may treat a player hired untreatable: he is not asked about a last resort either.
    board = lone(rules)
    board = board.with_player(attrs.evolve(board.player("p"), treatable=False))
    asked, choose = asking({"last-resort:serious-injury": "salve"})
    with ScriptedDice([12]) as dice:
        outcome = suffer_casualty(rules, board, "p", dice, choose_treatment=choose)
    assert asked == []
    assert outcome.board.player("p").status is Status.CASUALTY


def test_a_last_resort_leaves_the_lasting_injury_to_be_rolled(make_ruleset: Any) -> None:
    rules = make_ruleset(plugins=[("salve", Salve())], entry_points=False)
    _, choose = asking({"last-resort:lasting-injury": "salve"})
    with ScriptedDice([13, 2]) as dice:  # Lasting Injury, then its roll
        outcome = suffer_casualty(rules, lone(rules), "p", dice, choose_treatment=choose)
    assert [e.kind for e in outcome.events] == ["casualty", "salved", "lasting-injury"]
    assert outcome.board.player("p").status is Status.RESERVES


def test_a_last_resort_no_plugin_knows_or_one_that_stands_the_player_up_is_an_error(core: Ruleset, make_ruleset: Any) -> None:
    with ScriptedDice([12]) as dice, pytest.raises(UsageError, match="no active plugin knows the last-resort treatment 'leeches'"):
        suffer_casualty(core, lone(core), "p", dice, choose_treatment=asking({"last-resort:serious-injury": "leeches"})[1])
    rules = make_ruleset(plugins=[("salve", Salve())], entry_points=False)
    with (
        ScriptedDice([12]) as dice,
        pytest.raises(UsageError, match="'bad-salve' left 'p' 'standing'; it may leave him only casualty, ko, reserves"),
    ):
        suffer_casualty(rules, lone(rules), "p", dice, choose_treatment=asking({"last-resort:serious-injury": "bad-salve"})[1])
