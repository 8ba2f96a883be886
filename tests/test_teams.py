"""Team files and Blood Bowl 2025 team building: legal teams pass, and each rule breaks on its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
from ruamel.yaml import YAML

import bbcore
from bbcore.loading.structure import converter
from bbcore.model.team import Team
from bbcore.resources import CORE_DATA_DIR
from bbcore.rules.league import skill_conflict
from bbcore.ruleset import Ruleset
from bbcore.teams import check_team, load_team_file, parse_team_text, value_team
from bbcore.teams.checks import LEAGUE_UNNAMED
from bbcore.testing import team_from_positions

HUMAN = CORE_DATA_DIR / "teams" / "human-starter.yaml"


def kurt_taking(*skills: tuple[str, str]) -> list[dict[str, Any]]:
    """The Human team's players, its first (Kurt, a Lineman) having taken these (kind, skill) advancements."""
    kurt, *others = human_team()["players"]
    return [{**kurt, "advancements": [{"kind": kind, "skill": skill} for kind, skill in skills]}, *others]


def human_team(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = YAML(typ="safe").load(HUMAN.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def codes(ruleset: Ruleset, data: dict[str, Any]) -> set[str]:
    report = check_team(ruleset, converter.structure(data, Team))
    return {p.code for p in report.problems}


def test_a_roster_of_several_leagues_must_name_one(core: Ruleset) -> None:
    roster = core.roster("halfling")
    assert len(roster.leagues) > 1
    team = {"name": "Greenfield", "players": [{"name": f"H{n}", "position": "halfling/halfling-hopeful"} for n in range(11)]}
    assert LEAGUE_UNNAMED in codes(core, team)
    assert LEAGUE_UNNAMED not in codes(core, {**team, "league": roster.leagues[1]})
    assert LEAGUE_UNNAMED not in codes(core, human_team())  # one league: nothing to name


def test_the_shipped_core_teams_are_legal(core: Ruleset) -> None:
    assert len(core.team_files) >= 2
    for ref in core.team_files:
        report = check_team(core, ref.team)
        assert report.valid, (ref.path, report.problems)


def test_the_human_team_costs_its_budget_and_fans_stay_out_of_team_value(core: Ruleset) -> None:
    team = load_team_file(HUMAN).team
    valuation = value_team(core, team)
    assert valuation.cost == 1_000_000
    fans_extra = core.parameters.dedicated_fans.cost * (2 - core.parameters.dedicated_fans.start)
    assert valuation.team_value == valuation.cost - fans_extra


def test_low_cost_linemen_take_the_hiring_fees_out_of_the_current_team_value_only(core: Ruleset) -> None:
    players: list[dict[str, object]] = [{"name": f"S{i}", "position": "snotling/snotling-lineman"} for i in range(11)]
    players[0] = {**players[0], "advancements": [{"kind": "chosen-primary", "skill": "dodge"}]}
    team = converter.structure({"name": "Snots", "players": players}, Team)
    valuation = value_team(core, team)
    lineman = core.position("snotling/snotling-lineman")
    increase = core.table("value-increases").row("chosen-primary").values["elite-increase"]  # Dodge is an elite skill
    assert valuation.cost == 11 * lineman.cost
    assert valuation.team_value == 11 * lineman.cost + increase
    # The Hiring Fees count 0 in the Current Team Value; the value increase counts as normal.
    assert valuation.current_team_value == increase


def test_advancements_raise_current_value(core: Ruleset) -> None:
    players = human_team()["players"]
    players[0] = {**players[0], "advancements": [{"kind": "chosen-primary", "skill": "block"}, {"kind": "characteristic-av"}]}
    team = converter.structure(human_team(players=players), Team)
    increases = core.table("value-increases")
    expected = increases.row("chosen-primary").values["elite-increase"] + increases.row("characteristic-av").values["increase"]
    assert value_team(core, team).team_value - value_team(core, load_team_file(HUMAN).team).team_value == expected


@pytest.mark.parametrize("absence", ["miss_next_game", "temporarily_retired"])
def test_players_missing_the_next_game_or_retiring_leave_current_team_value(core: Ruleset, absence: str) -> None:
    players = human_team()["players"]
    players[-1] = {**players[-1], absence: True}
    team = converter.structure(human_team(players=players), Team)
    assert not team.players[-1].available
    valuation = value_team(core, team)
    assert valuation.team_value - valuation.current_team_value == core.position("human/ogre").cost


BROKEN: list[tuple[str, dict[str, Any], str]] = [
    ("over-budget", {"rerolls": 3}, "over-budget"),
    ("a treasury of gold never unspent", {"treasury": 1_000_000}, "treasury-past-budget"),
    ("too few players", {"players": human_team()["players"][:10]}, "too-few-players"),
    (
        "too many players",
        {
            "players": human_team()["players"] + [{"name": f"L{i}", "position": "human/human-lineman"} for i in range(5)],
            "budget": 2_000_000,
        },
        "too-many-players",
    ),
    (
        "two ogres",
        {
            "players": [*human_team()["players"][:-2], {"name": "O1", "position": "human/ogre"}, {"name": "O2", "position": "human/ogre"}],
            "budget": 2_000_000,
        },
        "position-limit",
    ),
    ("unknown position", {"players": [*human_team()["players"][:-1], {"name": "X", "position": "human/wizard"}]}, "unknown-position"),
    ("mixed rosters", {"players": [*human_team()["players"][:-1], {"name": "T", "position": "orc/troll"}]}, "mixed-rosters"),
    (
        "two players of one name",
        {"players": [*human_team()["players"][:-1], {**human_team()["players"][-1], "name": human_team()["players"][0]["name"]}]},
        "name-twice",
    ),
    (
        "a variant's role in a core team",
        {"players": [{**human_team()["players"][0], "role": "goon"}, *human_team()["players"][1:]]},
        "role-not-used",
    ),
    ("nine re-rolls", {"rerolls": 9, "budget": 2_000_000}, "too-many-rerolls"),
    ("seven cheerleaders", {"staff": {"cheerleaders": 7}, "budget": 2_000_000}, "staff-limit"),
    ("unknown staff", {"staff": {"chef": 1}}, "unknown-staff"),
    ("four fans", {"staff": {"dedicated-fans": 4}, "budget": 2_000_000}, "dedicated-fans-range"),
    ("assistant coaches as a yes", {"staff": {"assistant-coaches": True}}, "staff-not-counted"),
    ("fans as a yes", {"staff": {"dedicated-fans": True}}, "staff-not-counted"),
    ("cheerleaders as a list", {"staff": {"cheerleaders": ["Ann", "Bea"]}}, "staff-not-named"),
    ("fans as a list", {"staff": {"dedicated-fans": ["Ann"]}}, "staff-not-counted"),
    ("unknown inducement", {"inducements": [{"id": "dragon"}]}, "unknown-inducement"),
    ("four bribes", {"inducements": [{"id": "bribes", "count": 4}], "budget": 2_000_000}, "inducement-limit"),
    ("league not played", {"league": "chaos-clash"}, "league-not-allowed"),
    (
        "bad advancement kind",
        {"players": [{**human_team()["players"][0], "advancements": [{"kind": "magic"}]}, *human_team()["players"][1:]]},
        "unknown-advancement-kind",
    ),
    (
        "frenzy then grab",
        {
            "players": [
                {
                    **human_team()["players"][0],
                    "advancements": [{"kind": "chosen-primary", "skill": "frenzy"}, {"kind": "chosen-secondary", "skill": "grab"}],
                },
                *human_team()["players"][1:],
            ]
        },
        "skill-not-allowed",
    ),
    (
        "lethal flight without right stuff",
        {
            "players": [
                {**human_team()["players"][0], "advancements": [{"kind": "chosen-secondary", "skill": "lethal-flight"}]},
                *human_team()["players"][1:],
            ]
        },
        "skill-not-allowed",
    ),
]


@pytest.mark.parametrize(("change", "code"), [(c, code) for _, c, code in BROKEN], ids=[name for name, _, _ in BROKEN])
def test_each_rule_breaks_on_its_own(core: Ruleset, change: dict[str, Any], code: str) -> None:
    assert codes(core, human_team(**change)) == {code}


def test_the_later_of_two_skills_that_clash_is_the_one_reported(core: Ruleset) -> None:
    kurt = {
        **human_team()["players"][0],
        "advancements": [{"kind": "chosen-primary", "skill": "frenzy"}, {"kind": "chosen-secondary", "skill": "grab"}],
    }
    report = check_team(core, converter.structure(human_team(players=[kurt, *human_team()["players"][1:]]), Team))
    (found,) = report.problems
    assert (found.path, found.message) == ("$.players[0].advancements[1].skill", "Kurt may not take it: Grab cannot go with Frenzy")


def test_no_position_of_any_roster_holds_skills_the_glossary_keeps_apart(core: Ruleset) -> None:
    checked = 0
    for roster, position in core.positions():
        ids = [ref.id for ref in position.skills]
        for skill_id in ids:
            assert skill_conflict(core, skill_id, ids) is None, f"{roster.id}/{position.id}: {skill_id}"
            checked += 1
    assert checked > 100


def test_a_roster_without_apothecary_cannot_hire_one(core: Ruleset) -> None:
    players = [{"name": f"Z{i}", "position": "shambling-undead/zombie-lineman"} for i in range(11)]
    assert codes(core, {"name": "Dead", "players": players, "staff": {"apothecary": True}}) == {"apothecary-not-allowed"}


def test_a_favoured_of_choice_is_required_and_checked(core: Ruleset) -> None:
    lineman = core.roster("chaos-renegades").positions[0].id
    players = [{"name": f"R{i}", "position": f"chaos-renegades/{lineman}"} for i in range(11)]
    assert codes(core, {"name": "R", "players": players}) == {"special-rule-choice"}
    assert codes(core, {"name": "R", "players": players, "special_rules": ["favoured-of-nurgle"]}) == set()
    assert codes(core, {"name": "R", "players": players, "special_rules": ["favoured-of-hashut"]}) == {
        "invalid-special-rule-choice",
        "special-rule-choice",
    }


def test_an_ineligible_inducement_is_reported(core: Ruleset) -> None:
    assert codes(core, human_team(inducements=[{"id": "mortuary-assistant"}], budget=2_000_000)) == {"inducement-not-eligible"}


def test_every_problem_is_reported_at_once(core: Ruleset) -> None:
    found = codes(core, human_team(rerolls=9, staff={"cheerleaders": 9}, players=human_team()["players"][:9]))
    assert {"too-many-rerolls", "staff-limit", "too-few-players"} <= found


def test_problems_are_located_in_the_team_file(core: Ruleset, tmp_path: Path) -> None:
    text = HUMAN.read_text(encoding="utf-8").replace("human/ogre", "human/wizard")
    path = tmp_path / "team.yaml"
    path.write_text(text, encoding="utf-8")
    team_file = load_team_file(path)
    report = check_team(core, team_file.team, team_file.document)
    (problem,) = report.problems
    assert problem.code == "unknown-position"
    assert problem.path == "$.players[11].position"
    assert problem.line == text.splitlines().index(next(line for line in text.splitlines() if "human/wizard" in line)) + 1


def test_a_variant_can_replace_a_core_check(make_ruleset: Any) -> None:
    from bbcore.teams.checks import TeamCheck

    class NoLimits:
        @bbcore.hookimpl
        def bbcore_team_checks(self, ruleset: Ruleset) -> list[TeamCheck]:
            return [TeamCheck("free/no-limits", lambda r, t: [], replaces="core/position-limits")]

    ruleset = make_ruleset(plugins=[("free", NoLimits())], entry_points=False)
    two_ogres = human_team(
        players=[*human_team()["players"][:-2], {"name": "O1", "position": "human/ogre"}, {"name": "O2", "position": "human/ogre"}],
        budget=2_000_000,
    )
    assert codes(ruleset, two_ogres) == set()


def test_saving_after_one_change_keeps_every_other_byte(tmp_path: Path) -> None:
    original = (
        "# my league team\n"
        "name: Reikland Reavers   # the best\n"
        "players:\n"
        "  - {name: Kurt, position: human/human-lineman}\n"
        "  - name: Griff\n"
        "    position: human/human-blitzer   # captain\n"
        "rerolls: 2\n"
        "staff:\n"
        "  apothecary: true\n"
        "treasury: 40000\n"
    )
    path = tmp_path / "team.yaml"
    path.write_text(original, encoding="utf-8")
    team_file = load_team_file(path)
    team_file.data["treasury"] = 55000
    team_file.save()
    saved = path.read_text(encoding="utf-8")
    assert saved == original.replace("treasury: 40000", "treasury: 55000")


def test_a_tab_between_values_is_read_and_located_though_the_file_cannot_be_edited(tmp_path: Path) -> None:
    # YAML allows a tab between tokens; ruamel's round-trip reader, which locates and edits, does not.
    text = "name:\tTabs\nplayers:\n  - {name: Kurt, position: human/human-lineman}\nrerolls: 2\t# two\ntreasury: -5\n"
    with pytest.raises(bbcore.DataError) as caught:
        parse_team_text(text, "t.yaml")
    assert str(caught.value).startswith("t.yaml:5:1: $.treasury")
    path = tmp_path / "t.yaml"
    path.write_text(text.replace("treasury: -5", "treasury: 5"), encoding="utf-8")
    team_file = load_team_file(path)
    assert (team_file.team.name, team_file.team.rerolls) == ("Tabs", 2)
    with pytest.raises(bbcore.UsageError, match=r"t.yaml:1:6: the file cannot be edited in place"):
        team_file.update(attrs.evolve(team_file.team, treasury=10))


def test_a_file_sharing_parts_through_anchors_is_never_edited(tmp_path: Path) -> None:
    text = "name: Merged\nplayers:\n  - &kurt {name: Kurt, position: human/human-lineman, seasons: 1}\n  - {<<: *kurt, name: Otto}\n"
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    team_file = load_team_file(path)
    assert [p.seasons for p in team_file.team.players] == [1, 1]
    kurt = attrs.evolve(team_file.team.players[0], seasons=2)
    with pytest.raises(bbcore.UsageError, match=r"m\.yaml:4:5: the file shares parts through YAML anchors"):
        team_file.update(attrs.evolve(team_file.team, players=(kurt, team_file.team.players[1])))
    assert path.read_text(encoding="utf-8") == text


def test_parse_team_text_reports_schema_errors_with_locations() -> None:
    with pytest.raises(bbcore.DataError) as caught:
        parse_team_text("name: X\nplayers:\n  - {name: A, position: human}\ncolour: red\n", "t.yaml")
    lines = str(caught.value).splitlines()
    assert any(line.startswith("t.yaml:3:") and "$.players[0].position" in line for line in lines)
    assert any(line.startswith("t.yaml:4:1: $.colour: unknown key 'colour'") for line in lines)


def test_players_with_insignificant_may_not_outnumber_the_rest(core: Ruleset) -> None:
    others = {"snotling/fun-hoppa": 2, "snotling/stilty-runna": 2, "snotling/pump-wagon": 1}
    even = team_from_positions({"snotling/snotling-lineman": 5, **others}, ruleset=core)
    one_more = team_from_positions({"snotling/snotling-lineman": 6, **others}, ruleset=core)
    assert "insignificant-majority" not in {p.code for p in check_team(core, even).problems}
    (found,) = [p for p in check_team(core, one_more).problems if p.code == "insignificant-majority"]
    assert found.message.startswith("6 players with Insignificant against 5 without")
    assert found.path == "$.players"


def league_codes(ruleset: Ruleset, data: dict[str, Any]) -> set[str]:
    report = check_team(ruleset, converter.structure(data, Team), stage="league")
    return {p.code for p in report.problems}


def test_a_team_in_league_play_may_outgrow_the_draft_budget_and_fans(core: Ruleset) -> None:
    fans = core.parameters.dedicated_fans
    grown = human_team(staff={**human_team().get("staff", {}), "dedicated-fans": fans.max}, rerolls=4, treasury=40_000)
    assert {"dedicated-fans-range", "over-budget"} <= codes(core, grown)
    assert league_codes(core, grown) == set()
    # The league's own limits still hold.
    too_many_fans = human_team(staff={"dedicated-fans": fans.max + 1})
    assert league_codes(core, too_many_fans) == {"dedicated-fans-range"}


def test_a_team_in_league_play_may_be_short_of_players_but_not_over_the_roster(core: Ruleset) -> None:
    nine = human_team(players=human_team()["players"][:9])
    assert codes(core, nine) == {"too-few-players"}
    assert league_codes(core, nine) == set()
    lineman = next(p for p in human_team()["players"] if p["position"] == "human/human-lineman")
    extra = [{**lineman, "name": f"Extra {i}"} for i in range(core.parameters.roster.max)]
    crowded = human_team(players=[*human_team()["players"], *extra], budget=9_000_000)
    assert "too-many-players" in league_codes(core, crowded)


def test_star_players_hired_at_the_draft_count_toward_the_minimum(core: Ruleset) -> None:
    assert core.parameters.inducements_in_draft
    short = core.parameters.roster.min - 2
    players = human_team()["players"][:short]
    assert codes(core, human_team(players=players, budget=9_000_000)) == {"too-few-players"}
    stars = [{"id": "star-players", "count": 2, "position": "human/ogre"}]
    assert "too-few-players" not in codes(core, human_team(players=players, inducements=stars, budget=9_000_000))
    one = [{"id": "star-players", "count": 1, "position": "human/ogre"}]
    assert "too-few-players" in codes(core, human_team(players=players, inducements=one, budget=9_000_000))


def test_a_replacement_takes_the_place_of_a_check_at_every_stage(make_ruleset: Any) -> None:
    from bbcore.teams.checks import TeamCheck, active_checks

    class Fans:
        @bbcore.hookimpl
        def bbcore_team_checks(self, ruleset: Ruleset) -> list[TeamCheck]:
            return [TeamCheck("free/fans", lambda r, t: [], replaces="core/dedicated-fans")]

    ruleset = make_ruleset(plugins=[("free", Fans())], entry_points=False)
    for stage in ("draft", "league"):
        ids = [check.id for check in active_checks(ruleset, stage)]
        assert "core/dedicated-fans" not in ids
        assert ids.count("free/fans") == 1
    crowded = human_team(staff={"dedicated-fans": 99}, budget=9_000_000)
    assert codes(ruleset, crowded) == set()


def test_an_unknown_stage_is_refused(core: Ruleset) -> None:
    with pytest.raises(bbcore.UsageError, match="unknown team stage 'final'"):
        check_team(core, converter.structure(human_team(), Team), stage="final")


def test_a_staff_count_written_as_a_whole_decimal_counts_as_that_number() -> None:
    from bbcore.teams.valuation import staff_count

    assert [staff_count(v) for v in (2.0, 2, True, ["a", "b"], 2.5)] == [2, 2, 1, 2, 0]


UPDATED_TEAM = (
    "# my league team\n"
    "name: Reikland Reavers   # the best\n"
    "players:\n"
    "  - {name: Kurt, position: human/human-lineman}   # old hand\n"
    "  - name: Griff\n"
    "    position: human/human-blitzer   # captain\n"
    "    spp: 3\n"
    "  - name: Pip   # the little one\n"
    "    position: human/halfling-hopeful\n"
    "rerolls: 2\n"
    "staff:\n"
    "  apothecary: true   # ours\n"
    "treasury: 40000\n"
)


def test_a_team_written_into_its_file_changes_only_what_changed() -> None:
    from bbcore.model.common import SkillRef
    from bbcore.model.team import TeamPlayer

    team_file = parse_team_text(UPDATED_TEAM)
    team = team_file.team
    kurt, griff, pip = team.players
    griff = attrs.evolve(griff, spp=8, miss_next_game=True, gained_skills=(SkillRef("hatred", "Orc"),))
    after = attrs.evolve(team, players=(kurt, griff, pip), treasury=90_000, staff={**team.staff, "dedicated-fans": 3})
    team_file.update(after)
    text = team_file.dumps()
    griff_now = "    spp: 8\n    miss_next_game: true\n    gained_skills:\n      - id: hatred\n        value: Orc\n"
    assert text == (
        UPDATED_TEAM.replace("    spp: 3\n", griff_now)
        .replace("  apothecary: true   # ours\n", "  apothecary: true   # ours\n  dedicated-fans: 3\n")
        .replace("treasury: 40000", "treasury: 90000")
    )
    assert parse_team_text(text).team == after == team_file.team
    # One player gone, one hired: the others' entries and comments stay as written.
    hired = attrs.evolve(after, players=(kurt, pip, TeamPlayer("Max", "human/human-thrower")))
    team_file.update(hired)
    text = team_file.dumps()
    assert "Griff" not in text
    assert "  - {name: Kurt, position: human/human-lineman}   # old hand\n  - name: Pip   # the little one\n" in text
    assert text.endswith("  - name: Max\n    position: human/human-thrower\nrerolls: 2\n" + text.split("rerolls: 2\n", 1)[1])
    assert parse_team_text(text).team == hired
    # Players reordered: the list follows the team, each entry as it was.
    reordered = attrs.evolve(hired, players=tuple(reversed(hired.players)))
    team_file.update(reordered)
    assert parse_team_text(team_file.dumps()).team == reordered
    assert "  - name: Pip   # the little one\n" in team_file.dumps()
    assert "  - {name: Kurt, position: human/human-lineman}   # old hand\n" in team_file.dumps()
