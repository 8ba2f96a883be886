"""Skurling team building: every rule a team file must meet, its cost and Team Value, and the two ready teams.

Teams are written as data (a mapping turned into a team file's text) and checked
through the public API, so each test fails when the rule it names is missing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from copy import deepcopy
from pathlib import Path
from typing import Any

import attrs
import bbcore_skurling
import pytest
from bbcore_skurling.building import declare_goon_roster, goon_roster, reroll_price, unspent_gold
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.sidelines import sideline_cost, sideline_list

import bbcore
from bbcore.cli import main
from bbcore.errors import UsageError
from bbcore.model.team import Team
from bbcore.rules.league import value_increase
from bbcore.ruleset import Ruleset
from bbcore.teams.checks import TeamReport
from bbcore.teams.files import parse_team_text

#: The Old Road Rovers' line-up: 395K with one Human re-roll.
ROVERS: dict[str, Any] = {
    "name": "Test Rovers",
    "players": [
        {"name": "Bert", "position": "human/ogre", "role": "whacker"},
        {"name": "Pip", "position": "human/halfling-hopeful", "role": "stooge"},
        {"name": "Kurt", "position": "human/human-lineman", "role": "whacker"},
        {"name": "Otto", "position": "human/human-lineman", "role": "goon"},
        {"name": "Greta", "position": "human/human-catcher", "role": "cuddler"},
    ],
    "rerolls": 1,
}

#: The Skurling ruleset whose numbers these functions read.
SKURLING = bbcore.load_ruleset("skurling")


@pytest.fixture(scope="module")
def one_off() -> Ruleset:
    return bbcore.load_ruleset("skurling")


@pytest.fixture(scope="module")
def league() -> Ruleset:
    return bbcore.load_ruleset("skurling", options={"match": "league"})


def team(changes: Mapping[str, Any] | None = None, **players: Mapping[str, Any]) -> Team:
    """The Rovers with top-level ``changes`` and players changed by name (``Otto={"role": "whacker"}``)."""
    data = deepcopy({**ROVERS, **(changes or {})})
    for player in data["players"]:
        for key, value in players.get(player["name"], {}).items():
            if value is None:
                player.pop(key, None)  # a key set to None is left out of the file
            else:
                player[key] = value
    return parse_team_text(json.dumps(data)).team


def liniment_price(ruleset: Ruleset) -> int:
    """What one Liniment costs, as its data file says."""
    return ruleset.inducements["skurling/liniment"].costs[0].cost


def codes(report: TeamReport) -> set[str]:
    return {found.code for found in report.problems}


def paths(report: TeamReport, code: str) -> list[str]:
    return [found.path for found in report.problems if found.code == code]


# -- the parameters and the ready teams -------------------------------------------------


def test_the_ruleset_json_shows_five_players_400k_and_the_80k_sideline_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ruleset", "--variant", "skurling", "--json"]) == 0
    parameters = json.loads(capsys.readouterr().out)["parameters"]
    assert (parameters["players_on_pitch"], parameters["draft_budget"], parameters["sideline_budget"]) == (5, 400_000, 80_000)
    assert parameters["rerolls"]["max"] is None
    assert {staff_id: terms["max"] for staff_id, terms in parameters["staff"].items()} == {
        "assistant-coaches": 0,
        "cheerleaders": 0,
        "apothecary": 0,
    }


def test_the_role_counts_add_up_to_the_players_on_the_pitch(one_off: Ruleset) -> None:
    assert building_rules(SKURLING).fielded == one_off.parameters.players_on_pitch
    assert {role.id: role.count for role in building_rules(SKURLING).roles} == {"stooge": 1, "whacker": 2, "goon": 1, "cuddler": 1}


@pytest.mark.parametrize(("team_id", "cost", "roster"), [("old-road-rovers", 395_000, "human"), ("black-crag-crushers", 400_000, "orc")])
def test_the_ready_teams_validate_at_their_price_from_one_roster(one_off: Ruleset, team_id: str, cost: int, roster: str) -> None:
    ref = next(ref for ref in one_off.team_files if ref.id == team_id)
    report = bbcore.check_team(one_off, ref.team, ref.document)
    assert report.problems == ()
    assert (report.cost, report.team_value) == (cost, cost)
    assert {player.roster_id for player in ref.team.players} == {roster}
    cuddler = next(p for p in ref.team.players if p.role == "cuddler")
    assert "throw-team-mate" not in {s.id for s in one_off.position(cuddler.position).skills}


def test_bbcore_teams_lists_both_ready_teams_with_their_cost(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["teams", "--variant", "skurling", "--json"]) == 0
    listing = {entry["id"]: entry["cost"] for entry in json.loads(capsys.readouterr().out)}
    assert listing == {"old-road-rovers": 395_000, "black-crag-crushers": 400_000}


# -- one-off building -----------------------------------------------------------------------


def test_a_team_has_exactly_five_miniatures(one_off: Ruleset) -> None:
    six = team({"players": [*ROVERS["players"], {"name": "Extra", "position": "human/human-lineman", "role": "goon"}], "rerolls": 0})
    assert "miniature-count" in codes(bbcore.check_team(one_off, six))
    four = team({"players": ROVERS["players"][:4], "rerolls": 0})
    assert "miniature-count" in codes(bbcore.check_team(one_off, four))


def test_the_budget_is_400k_for_players_rerolls_and_inducements_with_no_minimum(one_off: Ruleset) -> None:
    with_inducement = team({"inducements": [{"id": "skurling/liniment"}]})
    report = bbcore.check_team(one_off, with_inducement)
    assert report.cost == 395_000 + liniment_price(one_off)
    assert codes(report) == {"over-budget"}
    cheap = team({"rerolls": 0}, Bert={"position": "orc/troll"})  # 395K - 140K + 115K - 50K
    report = bbcore.check_team(one_off, cheap)
    assert report.cost == 320_000
    assert report.problems == ()
    assert unspent_gold(one_off, cheap) == 80_000


def test_any_position_of_any_roster_mixed_with_no_position_limits(one_off: Ruleset) -> None:
    # Two Trolls (the Orc roster allows one) beside Human players: legal in Skurling.
    mixed = team({"rerolls": 0}, Bert={"position": "orc/troll"}, Kurt={"position": "orc/troll"}, Greta={"position": "human/human-lineman"})
    report = bbcore.check_team(one_off, mixed)
    assert report.problems == ()
    assert report.cost == 115_000 * 2 + 30_000 + 50_000 * 2


def test_secret_weapon_positions_are_refused(one_off: Ruleset) -> None:
    report = bbcore.check_team(one_off, team(Otto={"position": "goblin/looney"}))
    assert paths(report, "banned-position") == ["$.players[3].position"]


def test_a_no_ball_position_may_play_but_never_as_the_cuddler(one_off: Ruleset) -> None:
    as_goon = bbcore.check_team(one_off, team(Otto={"position": "norse/beer-boar"}))
    assert as_goon.problems == ()
    as_cuddler = bbcore.check_team(one_off, team(Greta={"position": "norse/beer-boar"}))
    assert paths(as_cuddler, "cannot-be-cuddler") == ["$.players[4].role"]


def test_exactly_one_right_stuff_miniature_and_he_is_the_stooge(one_off: Ruleset) -> None:
    two = bbcore.check_team(one_off, team(Greta={"position": "human/halfling-hopeful"}))
    assert "right-stuff-count" in codes(two)
    swapped = bbcore.check_team(one_off, team(Pip={"role": "whacker"}, Kurt={"role": "stooge"}))
    assert paths(swapped, "stooge-without-right-stuff") == ["$.players[2].role"]
    none = bbcore.check_team(one_off, team(Pip={"position": "human/human-lineman"}))
    assert {"right-stuff-count", "stooge-without-right-stuff"} <= codes(none)


def test_at_least_one_whacker_has_throw_team_mate(one_off: Ruleset) -> None:
    report = bbcore.check_team(one_off, team(Bert={"role": "goon"}, Otto={"role": "whacker"}))
    assert codes(report) == {"no-throwing-whacker"}


def test_roles_are_known_every_miniature_has_one_and_each_counts_exactly(one_off: Ruleset) -> None:
    unknown = bbcore.check_team(one_off, team(Otto={"role": "sweeper"}))
    assert paths(unknown, "unknown-role") == ["$.players[3].role"]
    assert "role-count" in codes(unknown)  # no Goon left
    missing = bbcore.check_team(one_off, team(Otto={"role": None}))
    assert paths(missing, "role-missing") == ["$.players[3]"]
    three_whackers = bbcore.check_team(one_off, team({"rerolls": 0}, Otto={"role": "whacker"}))
    messages = [found.message for found in three_whackers.problems if found.code == "role-count"]
    assert messages == ["3 x Whacker; a team fields exactly 2", "0 x Goon; a team fields exactly 1"]


def test_rerolls_cost_what_the_goons_roster_charges(one_off: Ruleset) -> None:
    human_goon = team({"rerolls": 2})
    orc_goon = team({"rerolls": 2}, Otto={"position": "orc/orc-lineman"})
    assert reroll_price(one_off, human_goon) == 50_000
    assert reroll_price(one_off, orc_goon) == 60_000
    assert bbcore.value_team(one_off, orc_goon).cost - bbcore.value_team(one_off, human_goon).cost == 20_000


def test_the_declared_roster_is_the_goons_at_building_and_prices_re_rolls_after_him(one_off: Ruleset, league: Ruleset) -> None:
    declared = declare_goon_roster(one_off, team({"rerolls": 2}))
    assert (declared.roster, goon_roster(one_off, declared)) == ("human", "human")
    assert "goon-roster" not in codes(bbcore.check_team(one_off, declared))
    wrong = team({"rerolls": 2, "roster": "orc"})
    assert paths(bbcore.check_team(one_off, wrong), "goon-roster") == ["$.roster"]
    # Later, in a league, the Goon's place goes to an Orc: the re-rolls keep the declared Human price.
    replaced = attrs.evolve(
        declared, players=tuple(attrs.evolve(p, position="orc/orc-lineman") if p.role == "goon" else p for p in declared.players)
    )
    assert reroll_price(league, replaced) == reroll_price(one_off, declared) == 50_000
    assert "goon-roster" not in codes(bbcore.check_team(league, replaced, stage="league"))
    without_goon = attrs.evolve(declared, players=tuple(p for p in declared.players if p.role != "goon"))
    assert reroll_price(league, without_goon) == 50_000


def test_rerolls_have_no_cap(one_off: Ruleset) -> None:
    many = team({"rerolls": 9, "budget": 1_000_000})  # the core allows at most 8
    report = bbcore.check_team(one_off, many)
    assert report.problems == ()
    assert report.cost == 345_000 + 9 * 50_000


def test_rerolls_without_a_goon_have_no_price(one_off: Ruleset) -> None:
    no_goon = team(Otto={"role": "whacker"}, Kurt={"role": "cuddler"}, Greta={"role": "whacker"})
    assert reroll_price(one_off, no_goon) is None
    report = bbcore.check_team(one_off, no_goon)
    assert paths(report, "reroll-price-unknown") == ["$.rerolls"]
    assert "role-count" in codes(report)


def test_one_inducement_of_each_type(one_off: Ruleset) -> None:
    report = bbcore.check_team(one_off, team({"rerolls": 0, "inducements": [{"id": "skurling/liniment", "count": 2}]}))
    assert paths(report, "inducement-limit") == ["$.inducements[0].count"]


def test_team_value_is_the_five_and_the_rerolls_without_inducements(one_off: Ruleset) -> None:
    valuation = bbcore.value_team(one_off, team({"rerolls": 0, "inducements": [{"id": "skurling/liniment"}]}))
    assert valuation.cost == 345_000 + liniment_price(one_off)
    assert valuation.team_value == 345_000
    assert bbcore.value_team(one_off, team()).team_value == 395_000


def test_no_blood_bowl_staff_and_one_dedicated_fan(one_off: Ruleset) -> None:
    report = bbcore.check_team(one_off, team({"staff": {"apothecary": True, "dedicated-fans": 2}}))
    assert {"staff-limit", "dedicated-fans-range"} <= codes(report)
    assert bbcore.check_team(one_off, team({"staff": {"dedicated-fans": 1}})).problems == ()


# -- sidelines ----------------------------------------------------------------------------


def test_the_sidelines_are_six_provisional_and_do_not_all_fit_the_budget(one_off: Ruleset) -> None:
    sidelines = sideline_list(SKURLING)
    assert [s.id for s in sidelines.sidelines] == ["pebbler", "skip", "brushmaster", "scribe", "drillmaster", "mob"]
    assert sidelines.provisional
    assert one_off.parameters.sideline_budget is not None
    assert sum(s.cost for s in sidelines.sidelines) > one_off.parameters.sideline_budget


def test_sidelines_come_from_their_own_budget_and_never_count_in_team_value(one_off: Ruleset) -> None:
    hired = team({"staff": {"sidelines": ["pebbler", "skip", "mob"]}})
    report = bbcore.check_team(one_off, hired)
    assert report.problems == ()
    assert (report.cost, report.team_value) == (395_000, 395_000)
    assert sideline_cost(SKURLING, hired) == 50_000


def test_sidelines_are_known_one_of_each_and_within_80k(one_off: Ruleset) -> None:
    wrong = bbcore.check_team(one_off, team({"staff": {"sidelines": ["pebbler", "pebbler", "mascot"]}}))
    assert paths(wrong, "sideline-twice") == ["$.staff.sidelines[1]"]
    assert paths(wrong, "unknown-sideline") == ["$.staff.sidelines[2]"]
    all_six = bbcore.check_team(one_off, team({"staff": {"sidelines": [s.id for s in sideline_list(SKURLING).sidelines]}}))
    assert paths(all_six, "over-sideline-budget") == ["$.staff.sidelines"]


def test_a_league_team_may_hold_more_sidelines_than_the_building_budget_paid_for(league: Ruleset) -> None:
    every_one = team({"staff": {"sidelines": [s.id for s in sideline_list(SKURLING).sidelines]}})
    assert sideline_cost(league, every_one) > league.parameters.sideline_budget
    assert "over-sideline-budget" in codes(bbcore.check_team(league, every_one, stage="draft"))
    assert "over-sideline-budget" not in codes(bbcore.check_team(league, every_one, stage="league"))


# -- league and Throwback building --------------------------------------------------------------


def reserves(*extra: tuple[str, str]) -> list[dict[str, Any]]:
    return [*ROVERS["players"], *({"name": name, "position": position} for name, position in extra)]


def test_a_league_team_starts_with_1000k_and_keeps_the_rest(league: Ruleset) -> None:
    assert league.parameters.draft_budget == building_rules(SKURLING).league.budget == 1_000_000
    squad = team({"roster": "human", "players": reserves(("Hans", "human/human-blitzer"), ("Dieter", "human/human-lineman")), "rerolls": 2})
    report = bbcore.check_team(league, squad)
    assert report.problems == ()
    assert report.cost == 345_000 + 85_000 + 50_000 + 2 * 50_000
    assert unspent_gold(league, squad) == 1_000_000 - report.cost


def test_a_league_team_declares_its_reroll_roster_at_building(league: Ruleset) -> None:
    undeclared = team({"players": reserves(("Hans", "human/human-blitzer"))})
    report = bbcore.check_team(league, undeclared)
    assert paths(report, "roster-undeclared") == ["$.roster"]
    assert "its Goon's is human" in next(p.message for p in report.problems if p.code == "roster-undeclared")
    # Once it has played, the post-match has written it down; a one-off team's roles are fixed, so its Goon's is enough.
    assert "roster-undeclared" not in codes(bbcore.check_team(league, undeclared, stage="league"))
    assert "roster-undeclared" not in codes(bbcore.check_team(SKURLING, team()))


def test_a_league_roster_holds_up_to_ten_with_spare_stooges_among_the_reserves(league: Ruleset) -> None:
    five_reserves = [(f"Spare {i}", "human/halfling-hopeful") for i in range(5)]
    ten = team({"roster": "human", "players": reserves(*five_reserves)})
    assert bbcore.check_team(league, ten).problems == ()
    eleven = team({"roster": "human", "players": reserves(*five_reserves, ("One Too Many", "human/human-lineman"))})
    assert codes(bbcore.check_team(league, eleven)) == {"too-many-players"}


def test_the_league_five_are_the_players_with_a_role(league: Ruleset) -> None:
    four_fielded = team({"roster": "human", "players": reserves(("Hans", "human/human-lineman"))}, Greta={"role": None})
    report = bbcore.check_team(league, four_fielded)
    assert {"fielded-count", "role-count"} <= codes(report)
    assert "role-missing" not in codes(report)
    # Right Stuff counts among the five fielded only: a spare Stooge is no second one...
    assert bbcore.check_team(league, team({"roster": "human", "players": reserves(("Spare", "human/halfling-hopeful"))})).problems == ()
    # ...but a fielded one is.
    spare = {"roster": "human", "players": reserves(("Spare", "human/halfling-hopeful"))}
    fielded_twice = team(spare, Greta={"position": "human/halfling-hopeful"})
    assert "right-stuff-count" in codes(bbcore.check_team(league, fielded_twice))


@pytest.mark.parametrize(
    ("unavailable", "why"), [({"miss_next_game": True}, "misses the next match"), ({"temporarily_retired": True}, "is Temporarily Retired")]
)
def test_a_league_miniature_who_may_not_play_cannot_hold_a_role(league: Ruleset, unavailable: dict[str, bool], why: str) -> None:
    hurt = team({"roster": "human", "players": reserves(("Hans", "human/human-catcher"))}, Greta=unavailable)
    report = bbcore.check_team(league, hurt)
    assert "cannot-be-fielded" in codes(report)
    assert paths(report, "cannot-be-fielded") == ["$.players[4].role"]
    assert f"Greta {why} and cannot be fielded" in next(p.message for p in report.problems if p.code == "cannot-be-fielded")
    assert "role-count" in codes(report), "he is not counted among the five"
    # The coach gives the Cuddler's role to a reserve who can play.
    players = [{**p, "role": "cuddler"} if p["name"] == "Hans" else p for p in reserves(("Hans", "human/human-catcher"))]
    redeclared = team({"roster": "human", "players": players}, Greta={**unavailable, "role": None})
    assert bbcore.check_team(league, redeclared).problems == ()


def test_a_league_team_buys_no_inducements_at_building(league: Ruleset, one_off: Ruleset) -> None:
    with_inducement = team({"rerolls": 0, "inducements": [{"id": "skurling/liniment"}]})
    assert "inducements-not-allowed" in codes(bbcore.check_team(league, with_inducement))
    assert bbcore.check_team(one_off, with_inducement).problems == ()


def test_league_team_value_counts_players_able_to_play_advancements_and_rerolls(league: Ruleset) -> None:
    squad = team(
        {"players": reserves(("Hans", "human/human-blitzer"))},
        Kurt={"advancements": [{"kind": "chosen-primary", "skill": "block"}]},
        Greta={"miss_next_game": True},
    )
    increase = value_increase(league, "chosen-primary", elite=league.skill("block").elite)
    assert increase > 0
    valuation = bbcore.value_team(league, squad)
    # 395K of Rovers, less the Catcher who misses the next match, plus the reserve Blitzer and Block.
    assert valuation.team_value == 395_000 - 75_000 + 85_000 + increase
    assert valuation.cost == 395_000 + 85_000


def test_throwback_teams_buy_inducements_at_building_as_one_off_teams_do() -> None:
    throwback = bbcore.load_ruleset("skurling", options={"match": "throwback"})
    assert throwback.parameters.draft_budget == 400_000
    assert bbcore.check_team(throwback, team({"rerolls": 0, "inducements": [{"id": "skurling/liniment"}]})).problems == ()


# -- the options -----------------------------------------------------------------------------------


def test_a_season_and_a_ground_cannot_both_be_chosen() -> None:
    with pytest.raises(UsageError, match="season=spring and ground=loch"):
        bbcore.load_ruleset("skurling", options={"season": "spring", "ground": "loch"})
    assert bbcore.load_ruleset("skurling", options={"season": "spring"}).options["ground"] == "none"
    assert bbcore.load_ruleset("skurling", options={"ground": "moor"}).options["season"] == "none"


def test_the_cli_refuses_a_season_with_a_ground(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["ruleset", "--variant", "skurling", "--option", "season=winter", "--option", "ground=moor", "--json"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert "season=winter and ground=moor" in captured.err


def test_the_data_check_skips_option_combinations_the_plugin_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    data_dir = Path(bbcore_skurling.__file__).parent / "data"
    assert main(["data", "check", str(data_dir)]) == 0
    assert "valid" in capsys.readouterr().out


def test_a_team_files_unknown_role_and_sideline_are_bad_data_to_every_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = deepcopy({**ROVERS, "variant": "skurling", "staff": {"sidelines": ["no-such-sideline"]}})
    data["players"][3]["role"] = "sweeper"
    path = tmp_path / "rovers.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["data", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "$.players[3].role: unknown role 'sweeper'" in err
    assert "$.staff.sidelines[0]: unknown sideline 'no-such-sideline'" in err
    assert main(["team", "sheet", str(path)]) == 2
    assert "unknown role 'sweeper'" in capsys.readouterr().err
