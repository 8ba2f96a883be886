"""Players as they stand now: advancements and lasting injuries applied to the position's profile, and the checks on them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bbcore.cli import main
from bbcore.loading.structure import converter
from bbcore.model.team import Team, TeamPlayer
from bbcore.rules.board import Status
from bbcore.rules.effects import changed_characteristic
from bbcore.ruleset import Ruleset
from bbcore.teams import check_team
from bbcore.teams.profiles import current_profile, game_player, unimprovable_characteristics
from tests.test_teams import human_team

LINEMAN = "human/human-lineman"


def player(**fields: Any) -> TeamPlayer:
    return converter.structure({"name": "Ann", "position": LINEMAN, **fields}, TeamPlayer)


def codes_at(rules: Ruleset, **fields: Any) -> list[tuple[str, str]]:
    """The problems of a team whose first player has ``fields``, as (code, JSON path)."""
    data = human_team()
    data["players"][0] = {"name": "Ann", "position": LINEMAN, **fields}
    report = check_team(rules, converter.structure(data, Team), stage="league")
    return [(p.code, p.path) for p in report.problems]


def test_an_untouched_player_has_his_positions_profile(core: Ruleset) -> None:
    position = core.position(LINEMAN)
    profile = current_profile(core, player())
    assert (profile.ma, profile.st, profile.ag, profile.pa, profile.av) == (position.ma, position.st, position.ag, position.pa, position.av)
    assert dict(profile.skills) == {ref.id: ref.value for ref in position.skills}
    assert dict(profile.improvements) == {}


def test_improvements_skills_and_injuries_change_the_profile_as_their_rows_say(core: Ruleset) -> None:
    position = core.position(LINEMAN)
    injuries = {row.id: row for row in core.table("lasting-injury").rows}
    head = next(e for e in injuries["head-injury"].effects if e.change == "av")
    ann = player(
        advancements=[{"kind": "characteristic-ag"}, {"kind": "chosen-primary", "skill": "block"}],
        lasting_injuries=["head-injury"],
        gained_skills=[{"id": "hatred", "value": "Orc"}],
    )
    profile = current_profile(core, ann)
    assert profile.ag == position.ag - 1  # one step better: a lower target
    assert profile.av == changed_characteristic(position.av, "av", head.by or 0, head.limit)
    assert profile.av < position.av
    assert profile.ma == position.ma
    assert profile.skills["block"] is None
    assert profile.skills["hatred"] == "Orc"
    assert dict(profile.improvements) == {"ag": 1}
    on_board = game_player(core, ann, "home-1", "home")
    assert (on_board.id, on_board.team, on_board.status, on_board.square) == ("home-1", "home", Status.RESERVES, None)
    assert (on_board.ag, on_board.av, on_board.position) == (profile.ag, profile.av, LINEMAN)
    assert on_board.has("hatred")


def test_a_characteristic_improved_too_often_or_past_its_best_is_refused(core: Ruleset) -> None:
    most = core.parameters.league.improvements_per_characteristic
    assert most is not None
    kinds = [{"kind": "characteristic-st"}] * (most + 1)
    assert codes_at(core, advancements=kinds) == [("too-many-improvements", f"$.players[0].advancements[{most}]")]
    # AV already at its best: an improvement changes nothing and is refused.
    best = next(e.limit for row in core.table("value-increases").rows for e in row.effects if e.change == "av")
    assert best is not None
    steps = best - core.position(LINEMAN).av
    found = codes_at(core, advancements=[{"kind": "characteristic-av"}] * (steps + 1))
    assert ("improvement-past-best", f"$.players[0].advancements[{steps}]") in found


def test_an_advancements_skill_comes_from_the_categories_its_kind_names(core: Ruleset) -> None:
    lineman = core.position(LINEMAN)
    strength = next(s.id for s in core.skills.values() if s.category == "strength" and s.category not in lineman.primary)
    assert "strength" in lineman.secondary
    path = "$.players[0].advancements[0].skill"
    assert codes_at(core, advancements=[{"kind": "chosen-primary", "skill": strength}]) == [("skill-not-in-categories", path)]
    assert codes_at(core, advancements=[{"kind": "random-primary", "skill": strength}]) == [("skill-not-in-categories", path)]
    assert codes_at(core, advancements=[{"kind": "chosen-secondary", "skill": strength}]) == []
    assert codes_at(core, advancements=[{"kind": "chosen-primary"}]) == [("advancement-without-skill", "$.players[0].advancements[0]")]


def test_a_skill_held_already_is_not_taken_again(core: Ruleset) -> None:
    twice = [{"kind": "chosen-primary", "skill": "block"}, {"kind": "chosen-primary", "skill": "block"}]
    assert codes_at(core, advancements=twice) == [("skill-already-held", "$.players[0].advancements[1].skill")]
    gained = codes_at(core, gained_skills=[{"id": "block"}], advancements=[{"kind": "chosen-primary", "skill": "block"}])
    assert gained == [("skill-already-held", "$.players[0].advancements[0].skill")]


def test_a_player_takes_at_most_the_advancements_the_table_prices(core: Ruleset) -> None:
    low, high = core.table("advancement-costs").range or (0, 0)
    skills = sorted(s.id for s in core.skills.values() if s.category == "general" and s.acts_as is None)
    taken = [{"kind": "chosen-primary", "skill": skill} for skill in skills[: high - low + 2]]
    problems = codes_at(core, advancements=taken, spp=0)
    assert ("too-many-advancements", f"$.players[0].advancements[{high - low + 1}]") in problems
    assert ("too-many-advancements", f"$.players[0].advancements[{high - low}]") not in codes_at(core, advancements=taken[:-1])


def test_an_improvement_roll_offers_only_what_the_checks_would_accept(core: Ruleset) -> None:
    most = core.parameters.league.improvements_per_characteristic
    assert most is not None
    assert unimprovable_characteristics(core, player()) == ()
    assert unimprovable_characteristics(core, player(advancements=[{"kind": "characteristic-st"}] * (most - 1))) == ()
    assert unimprovable_characteristics(core, player(advancements=[{"kind": "characteristic-st"}] * most)) == ("st",)
    # AV brought to its best in steps that stay within the limit per characteristic: one more would change nothing.
    best = next(e.limit for row in core.table("value-increases").rows for e in row.effects if e.change == "av")
    assert best is not None
    roster, high = next((r.id, p) for r in core.rosters.values() for p in r.positions if p.av == best and p.pa is not None)
    assert unimprovable_characteristics(core, player(position=f"{roster}/{high.id}")) == ("av",)


def test_an_improvement_after_an_injury_may_bring_a_characteristic_back_to_its_best(core: Ruleset) -> None:
    best = next(e.limit for row in core.table("value-increases").rows for e in row.effects if e.change == "av")
    roster, high = next((r.id, p) for r in core.rosters.values() for p in r.positions if p.av == best and p.pa is not None)
    ref = f"{roster}/{high.id}"
    head = next(row.id for row in core.table("lasting-injury").rows if any(e.change == "av" for e in row.effects))
    hurt = {"name": "Ann", "position": ref, "lasting_injuries": [head]}
    # Hurt (one worse than his best), he may improve AV once: the file is whole and he stands at his best again.
    assert "av" not in unimprovable_characteristics(core, converter.structure(hurt, TeamPlayer))
    healed = converter.structure({**hurt, "advancements": [{"kind": "characteristic-av"}]}, TeamPlayer)
    assert current_profile(core, healed).av == high.av
    assert "av" in unimprovable_characteristics(core, healed)
    problems = [
        p.code
        for p in check_team(
            core,
            converter.structure(
                {**human_team(), "players": [*human_team()["players"][1:], hurt | {"advancements": [{"kind": "characteristic-av"}]}]}, Team
            ),
            stage="league",
        ).problems
    ]
    assert "improvement-past-best" not in problems


def test_in_league_play_a_player_who_can_pay_for_a_characteristic_must_have_advanced(core: Ruleset) -> None:
    from bbcore.rules.league import CHARACTERISTIC_KIND, advancement_cost

    cost = advancement_cost(core, 0, CHARACTERISTIC_KIND)
    data = human_team()
    data["players"][0] = {"name": "Ann", "position": LINEMAN, "spp": cost}
    league = [(p.code, p.path) for p in check_team(core, converter.structure(data, Team), stage="league").problems]
    assert ("must-advance", "$.players[0].spp") in league
    data["players"][0]["spp"] = cost - 1
    assert "must-advance" not in [p.code for p in check_team(core, converter.structure(data, Team), stage="league").problems]
    # Advanced once, his next improvement costs more: the same SPP are now his to keep.
    data["players"][0] |= {"spp": cost, "advancements": [{"kind": "chosen-primary", "skill": "block"}]}
    assert advancement_cost(core, 1, CHARACTERISTIC_KIND) > cost
    assert "must-advance" not in [p.code for p in check_team(core, converter.structure(data, Team), stage="league").problems]


def test_an_injury_to_a_characteristic_at_its_worst_and_an_unknown_row_are_refused(core: Ruleset) -> None:
    arm = next(e for e in core.table("lasting-injury").row("broken-arm").effects if e.change == "pa")
    assert arm.limit is not None
    pa = core.position(LINEMAN).pa
    assert pa is not None
    room = arm.limit - pa
    found = codes_at(core, lasting_injuries=["broken-arm"] * (room + 1))
    assert found == [("injury-past-worst", f"$.players[0].lasting_injuries[{room}]")]
    assert codes_at(core, lasting_injuries=["broken-leg"]) == [("unknown-lasting-injury", "$.players[0].lasting_injuries[0]")]
    assert codes_at(core, gained_skills=["wobbly"]) == [("unknown-skill", "$.players[0].gained_skills[0]")]
    assert codes_at(core, lasting_injuries=["head-injury"], gained_skills=[{"id": "hatred", "value": "Orc"}]) == []


def write_team(tmp_path: Path, **fields: Any) -> Path:
    data = human_team()
    data["players"][0] = {"name": "Ann", "position": LINEMAN, **fields}
    from ruamel.yaml import YAML

    path = tmp_path / "team.yaml"
    with path.open("w", encoding="utf-8") as out:
        YAML().dump(data, out)
    return path


def test_the_sheet_shows_each_player_as_he_stands(tmp_path: Path, core: Ruleset, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = write_team(tmp_path, lasting_injuries=["smashed-knee"], advancements=[{"kind": "chosen-primary", "skill": "block"}], seasons=2)
    assert main(["team", "sheet", str(path), "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    ann = sheet["players"][0]
    assert (ann["seasons"], sheet["league_trophy"]) == (2, False)
    position = core.position(LINEMAN)
    assert ann["ma"] == position.ma - 1
    assert {"id": "block", "value": None} in ann["skill_refs"]
    assert core.skill_display("block") in ann["skills"]
    assert ann["lasting_injuries"] == ["smashed-knee"]
    column = "elite-increase" if core.skills["block"].elite else "increase"
    assert ann["value"] == position.cost + core.table("value-increases").row("chosen-primary").values[column]
    assert main(["team", "sheet", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Smashed Knee" in text
    assert "Block" in text
    assert "2 earlier season(s)" in text


def test_the_sheet_of_a_file_naming_what_does_not_exist_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_team(tmp_path, lasting_injuries=["broken-leg"])
    assert main(["team", "sheet", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "$.players[0].lasting_injuries[0]: no row 'broken-leg'" in captured.err
    # A rule broken, not a bad name: the sheet is shown and the exit says so.
    broken = write_team(tmp_path, advancements=[{"kind": "characteristic-st"}] * 3)
    assert main(["team", "sheet", str(broken)]) == 1
    assert "[too-many-improvements]" in capsys.readouterr().out


def test_hatred_gained_twice_is_held_against_both_keywords(core: Ruleset) -> None:
    from bbcore.rules.board import named_by
    from bbcore.testing import build_board

    twice = player(gained_skills=[{"id": "hatred", "value": v} for v in ("Orc", "Elf", "Orc")])
    assert current_profile(core, twice).skills["hatred"] == "Orc, Elf"
    hater = game_player(core, twice, "h", "home")
    board = build_board(
        core,
        {"o": ("away", "orc/orc-lineman", (5, 5)), "e": ("away", "wood-elf/wood-elf-lineman", (5, 6)), "m": ("away", LINEMAN, (5, 7))},
    )
    hated = hater.skills["hatred"]
    assert [named_by(core, hated, board.player(pid)) for pid in ("o", "e", "m")] == [True, True, False]


@pytest.mark.parametrize(
    ("skill", "value", "message"),
    [
        ("loner", "abc", "Loner takes a target number from 2+ to 6+, not 'abc'"),
        ("loner", 7, "Loner takes a target number from 2+ to 6+, not 7"),
        ("block", 3, "Block takes no value"),
        ("hatred", 5, "Hatred takes a keyword (such as Dwarf), not 5"),
    ],
)
def test_a_gained_skill_s_value_must_fit_the_skill(core: Ruleset, skill: str, value: object, message: str) -> None:
    data = human_team()
    data["players"][0] = {"name": "Ann", "position": LINEMAN, "gained_skills": [{"id": skill, "value": value}]}
    report = check_team(core, converter.structure(data, Team), stage="league")
    assert [(p.code, p.path, p.message) for p in report.problems] == [("bad-skill-value", "$.players[0].gained_skills[0]", message)]


def test_niggling_injuries_come_onto_the_board_and_add_to_the_casualty_roll(core: Ruleset) -> None:
    from bbcore.dice import ScriptedDice
    from bbcore.rules.injury import casualty_roll, suffer_casualty

    nagged = TeamPlayer(name="Nagged", position="human/human-lineman", niggling_injuries=2)
    on_board = game_player(core, nagged, "home-1", "home", Status.STANDING)
    assert on_board.modifiers == {"casualty": 2}
    assert game_player(core, TeamPlayer(name="Fresh", position="human/human-lineman"), "home-2", "home").modifiers == {}
    # A D16 of 8 is Badly Hurt for a fresh player; two Niggling Injuries make it a 10.
    plain, _ = casualty_roll(core, "home-1", ScriptedDice([8]))
    nagged_row, _ = casualty_roll(core, "home-1", ScriptedDice([10]))
    from bbcore.testing import build_board

    board = build_board(core, {"home-1": ("home", "human/human-lineman", (5, 5))})
    board = board.with_player(on_board.moved((5, 5)))
    with ScriptedDice([8]) as dice:
        hurt = suffer_casualty(core, board, "home-1", dice)
    (rolled,) = [e for e in hurt.events if e.kind == "casualty"]
    assert rolled.result == nagged_row.id != plain.id
