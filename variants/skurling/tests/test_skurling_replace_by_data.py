"""A provisional Skurling table is replaced by data alone: a league plugin ships its own table, no code.

The plugin registers a data folder (here as a pack, selected like any other) whose table
``replaces`` the provisional one by id and fills the same role. The ruleset then holds the
league's table in its place, and the arc engine rolls on it.
"""

from __future__ import annotations

from pathlib import Path

from bbcore_skurling.arc import Throw, apply
from bbcore_skurling.arc_rules import arc_rules
from test_skurling_extras import BONE_HEAD_PASSES, OGRE, STOOGE, first_arc, match_for

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.plugins import PluginHost
from bbcore.rules.board import Status
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.ruleset import Ruleset, build_ruleset

LEAGUE_TABLE = """\
id: strathcraig/landing-events
replaces: skurling/landing-events
name: Strathcraig Landing Events
dice: 2D6
roles: [landing-events]
source: "The Strathcraig league's own landing events"
rows:
  - {min: 2, max: 7, id: loch-mist, name: Loch Mist, text: "Nothing can be seen and nothing happens."}
  - {min: 8, max: 12, id: time-out, name: Time-Out, text: "The attacker gets one more turn in this arc."}
"""


def league_ruleset(tmp_path: Path) -> Ruleset:
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "landing-events.yaml").write_text(LEAGUE_TABLE, encoding="utf-8")

    class StrathcraigLeague:
        @bbcore.hookimpl
        def bbcore_register_data(self, register: object) -> None:
            register.pack("strathcraig", tmp_path, "The Strathcraig league's tables.")  # type: ignore[attr-defined]

    host = PluginHost([("strathcraig", StrathcraigLeague())])
    return build_ruleset("skurling", ["strathcraig"], {}, host=host)


def test_the_provisional_table_is_provisional_before(tmp_path: Path) -> None:
    rules = bbcore.load_ruleset("skurling")
    assert rules.table("landing-events").id == "skurling/landing-events"
    assert rules.table("landing-events").provisional


def test_a_league_replaces_it_by_data_alone_and_the_arc_rolls_on_the_new_table(tmp_path: Path) -> None:
    rules = league_ruleset(tmp_path)
    table = rules.table("landing-events")
    assert table.id == "strathcraig/landing-events"
    assert not table.provisional
    assert "skurling/landing-events" not in rules.tables
    arc = first_arc(rules, match_for(rules))
    # The Ogre's Bone Head roll; throw 6, scatter 5 5 5, landing 6; the landing event 4 + 4 = 8: the league's Time-Out.
    thrown = apply(rules, arc, Throw(OGRE, (4, 2)), ScriptedDice([BONE_HEAD_PASSES, 6, 5, 5, 5, 6, 4, 4]), ScriptedDecisions([]))
    assert thrown.board.player(STOOGE).status is Status.STUNNED
    event = next(e for e in thrown.events if e.kind == "landing-event")
    assert (event.detail["table"], event.result) == ("strathcraig/landing-events", "time-out")
    assert thrown.turns_allowed == arc_rules(rules).turns_per_arc + arc_rules(rules).time_out_turns
