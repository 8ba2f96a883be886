"""Skurling's rules files name tables, skills, roles, states and inducements: an amendment naming a missing one is refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from bbcore_skurling.rules_references import rules_file_problems

import bbcore
from bbcore.errors import DataError


@pytest.mark.parametrize(
    "options", [{}, {"match": "league"}, {"match": "throwback"}, {"helmets": "on"}, {"season": "winter"}, {"ground": "loch"}]
)
def test_what_the_files_name_exists_in_every_skurling_ruleset(options: dict[str, str]) -> None:
    assert rules_file_problems(bbcore.load_ruleset("skurling", options=options)) == []


CARELESS = """\
source: "A careless league"
amend:
  - rules: skurling/arc
    changes:
      second_hit_state: stuned
      helmets: {table: skurling/helmet}
      inducements: {touch_reroll: skurling/sweepers-blessing}
  - rules: skurling/building
    changes:
      stooge_skill: right-stuf
      banned_skills: [secret-weapon, chainsaws]
      cuddler_role: catcher
  - rules: skurling/league
    changes:
      league: {sponsorship: {tools_table: skurling/tool}}
  - rules: skurling/landing
    changes:
      events:
        - {row: time-out, does: extra-turns}
        - {row: time-outs, does: extra-turns}
"""


def test_every_missing_name_is_reported_in_the_amendment(tmp_path: Path) -> None:
    (tmp_path / "careless.yaml").write_text(CARELESS, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        bbcore.load_ruleset("skurling", amendments=[tmp_path / "careless.yaml"])
    problems = caught.value.problems
    assert all(problem.file == str(tmp_path / "careless.yaml") for problem in problems)
    found = {problem.path: problem.message for problem in problems}
    assert found == {
        "$.amend[0].changes.second_hit_state": "no Stooge state 'stuned'; the states are stunned, ko, casualty",
        "$.amend[0].changes.helmets.table": "no table 'skurling/helmet'",
        "$.amend[0].changes.inducements.touch_reroll": "no inducement 'skurling/sweepers-blessing'",
        "$.amend[1].changes.stooge_skill": "unknown skill or trait 'right-stuf'",
        "$.amend[1].changes.banned_skills[1]": "unknown skill or trait 'chainsaws'",
        "$.amend[1].changes.cuddler_role": "no role 'catcher'; the roles are stooge, whacker, goon, cuddler",
        "$.amend[2].changes.league.sponsorship.tools_table": "no table 'skurling/tool'",
        "$.amend[3].changes.events[1].row": "the landing events table 'skurling/landing-events' has no row 'time-outs'",
    }


IDLE_TOOLS = """\
source: "A league whose tools are pebbles"
amend:
  - rules: skurling/league
    changes:
      league: {sponsorship: {tools_table: skurling/pebblemuck}}
"""


def test_a_tools_table_whose_rows_no_match_reads_is_refused(tmp_path: Path) -> None:
    (tmp_path / "idle.yaml").write_text(IDLE_TOOLS, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        bbcore.load_ruleset("skurling", amendments=[tmp_path / "idle.yaml"])
    (problem,) = caught.value.problems
    assert problem.path == "$.amend[0].changes.league.sponsorship.tools_table"
    rows = [row.id for row in bbcore.load_ruleset("skurling").table("skurling/pebblemuck").rows]
    assert problem.message.startswith(f"the tools table 'skurling/pebblemuck' has rows a match never uses: {', '.join(rows)} ")


def test_a_sideline_re_rolling_a_roll_nobody_makes_is_refused(tmp_path: Path) -> None:
    (tmp_path / "drills.yaml").write_text(DRILLS, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        bbcore.load_ruleset("skurling", amendments=[tmp_path / "drills.yaml"])
    (problem,) = caught.value.problems
    assert problem.path == "$.amend[0].changes.sidelines[0].tests[0]"
    assert problem.message.startswith("no roll is named 'rushing'; the rolls: ")
    assert "rush," in problem.message


DRILLS = """\
source: "A league that drills the wrong thing"
amend:
  - rules: skurling/sidelines
    changes:
      sidelines:
        - {id: drillmaster, name: Drillmaster, cost: 20000, text: "Drills.", effect: "Once per match, a Rush.",
           acts_on: [touch-move], does: reroll, tests: [rushing], uses_per_match: 1}
"""
