"""A league changes Skurling's arc numbers by data: an ``amendments.yaml`` in its pack, no code.

The arc rules are the registered rules file ``skurling/arc``; a pack's amendment changes
some keys and the arc engine, the match and the simulator all read the amended numbers
from the ruleset. A bad amendment stops the ruleset with every problem located in the
file that said it.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from bbcore_skurling.arc_rules import arc_rules
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.headliners import headliners
from bbcore_skurling.landing_rules import landing_rules
from bbcore_skurling.league_rules import league_rules
from bbcore_skurling.postmatch import winnings
from bbcore_skurling.prematch import Side
from bbcore_skurling.sidelines import sideline_cost, sideline_list
from bbcore_skurling.simulate import play
from bbcore_skurling.throwback import time_limit_reached
from bbcore_skurling.throwback_rules import throwback_rules

import bbcore
from bbcore.cli import main
from bbcore.errors import DataError
from bbcore.plugins import PluginHost
from bbcore.ruleset import Ruleset, build_ruleset
from bbcore.simulation import balance
from bbcore.testing import MakeRuleset, plugin_ruleset

SHORT_ARCS = """\
source: "The Strathcraig league's house rules"
amend:
  - rules: skurling/arc
    changes:
      turns_per_arc: 9
      target_points: 3
      helmets: {roll: dice}
"""


def league(tmp_path: Path, amendments: str, *, variant: str | None = "skurling", options: dict[str, str] | None = None) -> Ruleset:
    (tmp_path / "amendments.yaml").write_text(amendments, encoding="utf-8")

    class StrathcraigLeague:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.pack("strathcraig", tmp_path, "The Strathcraig league's house rules.")  # type: ignore[attr-defined]

    host = PluginHost([("strathcraig", StrathcraigLeague())])
    return build_ruleset(variant, ["strathcraig"], options or {}, host=host)


def problems_of(tmp_path: Path, amendments: str, **kwargs: object) -> list[str]:
    with pytest.raises(DataError) as caught:
        league(tmp_path, amendments, **kwargs)  # type: ignore[arg-type]
    return [str(problem) for problem in caught.value.problems]


def test_the_amended_keys_change_and_the_rest_stay_as_the_plugin_says(tmp_path: Path) -> None:
    plain = arc_rules(bbcore.load_ruleset("skurling"))
    amended = arc_rules(league(tmp_path, SHORT_ARCS))
    assert (amended.turns_per_arc, amended.target_points) == (9, 3)
    assert (plain.turns_per_arc, plain.target_points) != (9, 3)
    # A nested key changes alone; its neighbours keep the plugin's values.
    assert amended.helmets.roll == "dice"
    assert amended.helmets.table == plain.helmets.table
    assert amended.states == plain.states
    assert amended.roles == plain.roles


def test_a_whole_match_is_played_to_the_amended_numbers(tmp_path: Path) -> None:
    rules = league(tmp_path, SHORT_ARCS)
    home, away = (ref.team for ref in rules.team_files[:2])
    played = play(rules, home, away, ("scripted", "scripted"), 3)
    match = played.match
    assert match.over
    assert match.target == 3
    assert max(match.score) >= 3
    assert any(arc.turns == 9 for arc in match.arcs), "an arc ran to the league's ninth turn"
    for arc in match.arcs:
        time_outs = sum(1 for event in arc.events if event.kind == "landing-event" and event.result == "time-out")
        assert arc.turns <= 9 + time_outs * arc_rules(rules).time_out_turns


def test_an_amendment_under_an_option_applies_only_with_that_option(tmp_path: Path) -> None:
    amendments = """\
source: "House rules"
amend:
  - rules: skurling/arc
    when: {helmets: "on"}
    changes: {catch_bonus: 5}
"""
    assert arc_rules(league(tmp_path, amendments, options={"helmets": "on"})).catch_bonus == 5
    assert arc_rules(league(tmp_path, amendments)).catch_bonus == arc_rules(bbcore.load_ruleset("skurling")).catch_bonus


def test_every_bad_amendment_is_located_in_the_amending_file_at_once(tmp_path: Path) -> None:
    amendments = """\
source: "House rules"
amend:
  - rules: skurling/arc
    changes:
      turns_per_arc: many
      turn_per_arc: 9
  - rules: skurling/arcs
    changes: {target_points: 12}
"""
    found = problems_of(tmp_path, amendments)
    amending = str(tmp_path / "amendments.yaml")
    assert len(found) == 3, found
    assert any(f"{amending}:5:7: $.amend[0].changes.turns_per_arc" in p and "'many'" in p for p in found), found
    assert any(f"{amending}:6:7: $.amend[0].changes.turn_per_arc" in p and "unknown key" in p for p in found), found
    assert any(f"{amending}:7:5: $.amend[1].rules" in p and "skurling/arc" in p for p in found), found


def test_amending_a_rules_file_whose_plugin_is_not_in_the_ruleset_is_an_error(tmp_path: Path) -> None:
    found = problems_of(tmp_path, SHORT_ARCS, variant=None)
    assert len(found) == 1
    assert "$.amend[0].rules" in found[0]
    assert "'skurling'" in found[0]


def test_asking_for_a_rules_file_that_is_not_in_force_names_the_ones_that_are() -> None:
    with pytest.raises(bbcore.UsageError, match="unknown rules file 'skurling/arc'"):
        bbcore.load_ruleset().rules_model("skurling/arc", object)
    with pytest.raises(bbcore.UsageError, match="not a str"):
        bbcore.load_ruleset("skurling").rules_model("skurling/arc", str)


def test_amend_on_the_command_line_plays_the_match_to_the_amended_numbers_in_one_process_or_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "short.yaml").write_text(SHORT_ARCS, encoding="utf-8")
    command = ["simulate", "--variant", "skurling", "--amend", str(tmp_path / "short.yaml"), "--policy", "scripted", "--seed", "3"]
    assert main([*command, "--json"]) == 0
    match = json.loads(capsys.readouterr().out)
    assert max(match["score"]) >= 3
    assert max(match["score"]) < arc_rules(bbcore.load_ruleset("skurling")).target_points
    assert any(arc["turns"] == 9 for arc in match["arcs"])
    # The worker processes of --jobs load the same amended ruleset: the same matches.
    assert main([*command, "--matches", "2", "--json"]) == 0
    alone = capsys.readouterr().out
    assert main([*command, "--matches", "2", "--jobs", "2", "--json"]) == 0
    assert capsys.readouterr().out == alone


def test_a_missing_or_broken_amend_file_is_one_located_line_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "broken.yaml").write_text(SHORT_ARCS.replace("turns_per_arc: 9", "turns_per_arc: nine"), encoding="utf-8")
    missing = tmp_path / "missing.yaml"
    status = main(["simulate", "--variant", "skurling", "--amend", str(tmp_path / "broken.yaml"), "--amend", str(missing)])
    err = capsys.readouterr().err
    assert status != 0
    assert "Traceback" not in err
    assert f"{tmp_path / 'broken.yaml'}:5:7: $.amend[0].changes.turns_per_arc: 'nine' is not of type 'integer'" in err
    assert f"{missing}: $: cannot read the file" in err


def test_the_landing_rules_are_a_rules_file_too(tmp_path: Path) -> None:
    amendments = """\
source: "House rules"
amend:
  - rules: skurling/landing
    changes:
      provisional: false
      note: "The Strathcraig league plays the landing events as written here."
"""
    plain = landing_rules(bbcore.load_ruleset("skurling"))
    amended = landing_rules(league(tmp_path, amendments))
    assert plain.provisional
    assert not amended.provisional
    assert amended.note == "The Strathcraig league plays the landing events as written here."
    assert amended.events == plain.events


def test_a_league_replaces_the_provisional_sidelines_with_its_own(tmp_path: Path) -> None:
    # A list is replaced whole: the league's Guild has two sidelines, at its own prices.
    amendments = """\
source: "The Strathcraig league's Touchline Guild"
amend:
  - rules: skurling/sidelines
    changes:
      provisional: false
      note: "The Strathcraig Guild, as the league agreed it."
      sidelines:
        - {id: mob, name: Mob, cost: 5000, text: "The locals.", effect: "+2 to the fan factor.",
           acts_on: [fan-factor], does: modifier, modifier: 2}
        - {id: skip, name: Skip, cost: 40000, text: "The old captain.", effect: "Re-roll the landing event once.",
           acts_on: [landing-event], does: reroll, uses_per_match: 1}
"""
    rules = league(tmp_path, amendments)
    listed = sideline_list(rules)
    assert [s.id for s in listed.sidelines] == ["mob", "skip"]
    assert not listed.provisional
    assert sideline_list(bbcore.load_ruleset("skurling")).provisional
    home = rules.team_files[0].team
    hired = attrs.evolve(home, staff={**home.staff, "sidelines": ["mob", "skip"]})
    assert sideline_cost(rules, hired) == 45_000
    # A sideline the league's Guild does not have is reported by the team checks.
    dropped = attrs.evolve(home, staff={**home.staff, "sidelines": ["pebbler"]})
    assert "pebbler" in " ".join(p.message for p in bbcore.check_team(rules, dropped).problems)


def test_a_league_amends_what_a_headliner_adds_to_team_value(tmp_path: Path) -> None:
    amendments = """\
source: "The Strathcraig league's house rules"
amend:
  - rules: skurling/headliners
    changes:
      team_value: 150000
"""
    rules = league(tmp_path, amendments)
    plain = bbcore.load_ruleset("skurling")
    assert {h.cost_in_tv for h in headliners(rules)} == {150_000}
    assert [h.id for h in headliners(rules)] == [h.id for h in headliners(plain)]
    star = Side("star", 300_000, headliner="pip-featherweight")
    assert (star.match_team_value(plain), star.match_team_value(rules)) == (400_000, 450_000)


def test_a_balance_report_names_the_amendments_it_was_played_under(tmp_path: Path) -> None:
    (tmp_path / "short.yaml").write_text(SHORT_ARCS, encoding="utf-8")
    rules = bbcore.load_ruleset("skurling", amendments=[tmp_path / "short.yaml"])
    home, away = (ref.team for ref in rules.team_files[:2])
    report = balance(rules, [home, away], matches=1, policies=("random", "random"), seed=1).to_json()
    assert report["rules"]["amendments"] == [str(tmp_path / "short.yaml")]
    assert report["rules"]["variant"] == "skurling"


def test_plugin_authors_fixtures_take_amendments(tmp_path: Path, make_ruleset: MakeRuleset) -> None:
    from bbcore_skurling import plugin

    (tmp_path / "short.yaml").write_text(SHORT_ARCS, encoding="utf-8")
    alone = plugin_ruleset(plugin, amendments=[tmp_path / "short.yaml"])
    installed = make_ruleset("skurling", amendments=[tmp_path / "short.yaml"])
    assert arc_rules(alone).target_points == arc_rules(installed).target_points == 3


def test_the_ruleset_command_shows_the_rules_files_as_amended(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "short.yaml").write_text(SHORT_ARCS, encoding="utf-8")
    assert main(["ruleset", "--variant", "skurling", "--amend", str(tmp_path / "short.yaml"), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["amendments"] == [str(tmp_path / "short.yaml")]
    assert set(shown["rules_files"]) == {
        "skurling/arc",
        "skurling/building",
        "skurling/headliners",
        "skurling/landing",
        "skurling/league",
        "skurling/sidelines",
        "skurling/throwback",
    }
    assert (shown["rules_files"]["skurling/arc"]["turns_per_arc"], shown["rules_files"]["skurling/arc"]["target_points"]) == (9, 3)
    assert main(["ruleset", "--variant", "skurling", "--amend", str(tmp_path / "short.yaml")]) == 0
    text = capsys.readouterr().out
    listed = (
        "skurling/arc, skurling/building, skurling/headliners, skurling/landing, skurling/league, skurling/sidelines, skurling/throwback"
    )
    assert f"rules files: {listed}" in text
    assert f"amended by: {tmp_path / 'short.yaml'}" in text


def test_the_throwback_numbers_are_a_rules_file_too(tmp_path: Path) -> None:
    amendments = """\
source: "House rules"
amend:
  - rules: skurling/throwback
    changes:
      match: {time_limit_minutes: 45}
"""
    rules = league(tmp_path, amendments)
    limit = throwback_rules(rules).match.time_limit_minutes
    assert limit == 45
    assert throwback_rules(bbcore.load_ruleset("skurling")).match.time_limit_minutes != 45
    assert not time_limit_reached(rules, 44)
    assert time_limit_reached(rules, 45)


def test_the_league_numbers_are_a_rules_file_too(tmp_path: Path) -> None:
    plain = bbcore.load_ruleset("skurling")
    bonus = league_rules(plain).league.winnings.win_bonus
    amendments = f"""\
source: "House rules"
amend:
  - rules: skurling/league
    changes:
      league: {{winnings: {{win_bonus: {bonus * 2}}}}}
"""
    rules = league(tmp_path, amendments)
    assert league_rules(rules).league.winnings.win_bonus == bonus * 2
    lost, _ = winnings(rules, 10, 1, False)
    won, _ = winnings(rules, 10, 1, True)
    plain_lost, _ = winnings(plain, 10, 1, False)
    plain_won, _ = winnings(plain, 10, 1, True)
    assert lost == plain_lost
    assert won - lost == 2 * (plain_won - plain_lost)


def test_an_amended_league_budget_reaches_the_parameters_built_from_it(tmp_path: Path) -> None:
    amendments = """\
source: "House rules"
amend:
  - rules: skurling/building
    changes:
      league: {budget: 1200000}
"""
    rules = league(tmp_path, amendments, options={"match": "league"})
    assert building_rules(rules).league.budget == 1_200_000
    # The league's start budget is a parameter change that reads the rules file while the ruleset is built.
    assert rules.parameters.draft_budget == 1_200_000
    plain = bbcore.load_ruleset("skurling", options={"match": "league"})
    assert plain.parameters.draft_budget == building_rules(plain).league.budget != 1_200_000


def test_the_how_to_amendment_loads_and_does_what_its_comments_say(tmp_path: Path) -> None:
    howto = Path(__file__).resolve().parents[3] / "docs" / "howto" / "amend-a-rules-file.rst"
    block = howto.read_text(encoding="utf-8").split(".. code-block:: yaml\n\n", 1)[1].split("\n\n", 1)[0]
    (tmp_path / "house-rules.yaml").write_text("\n".join(line[3:] for line in block.splitlines()), encoding="utf-8")
    plain = arc_rules(bbcore.load_ruleset("skurling"))
    without = arc_rules(bbcore.load_ruleset("skurling", amendments=[tmp_path / "house-rules.yaml"]))
    helmets = arc_rules(bbcore.load_ruleset("skurling", options={"helmets": "on"}, amendments=[tmp_path / "house-rules.yaml"]))
    assert (without.turns_per_arc, without.target_points) == (plain.turns_per_arc + 1, 12)
    assert without.setup == plain.setup
    assert helmets.setup.in_front_of_goon == 2
    assert helmets.setup.defenders == plain.setup.defenders
