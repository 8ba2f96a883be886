"""pack-rules.yaml is the rules file ``inducement-packs/pack-rules``: read per ruleset, amended by later layers."""

from __future__ import annotations

from pathlib import Path

import pytest
from bbcore_inducement_packs.effects import cook
from bbcore_inducement_packs.pack_rules import RULES_ID, load_pack_rules, pack_rules, reference_problems

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import DataError, UsageError
from bbcore.rules.board import build_board
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.sequences import GameState, TeamState
from bbcore.ruleset import Ruleset

CHEF = "bb2020/halfling-master-chef"

#: A league whose chef cooks with two dice, each succeeding on a 5 or 6.
SMALLER_KITCHEN = f"""\
source: "The Moot league's house rules"
amend:
  - rules: {RULES_ID}
    changes:
      chefs:
        {CHEF}: {{dice: 2D6, success_on: 5}}
"""


def amended(tmp_path: Path, text: str, pack: str = "bb2020") -> Ruleset:
    path = tmp_path / "house-rules.yaml"
    path.write_text(text, encoding="utf-8")
    return bbcore.load_ruleset(packs=[pack], amendments=[path])


@pytest.mark.parametrize("pack", ["bb2020", "classic"])
def test_either_pack_reads_the_file(pack: str) -> None:
    assert pack_rules(bbcore.load_ruleset(packs=[pack])) == load_pack_rules()


def test_without_a_pack_the_file_is_not_in_force() -> None:
    with pytest.raises(UsageError, match="rules file"):
        pack_rules(bbcore.load_ruleset())


def test_an_amendment_changes_one_chef_key_by_key(tmp_path: Path) -> None:
    plain = pack_rules(bbcore.load_ruleset(packs=["bb2020"]))
    changed = pack_rules(amended(tmp_path, SMALLER_KITCHEN))
    assert (changed.chefs[CHEF].dice, changed.chefs[CHEF].success_on) == ("2D6", 5)
    # The keys left alone keep the file's values: the chef's other numbers, the other chef, every other entry.
    assert (changed.chefs[CHEF].gain, changed.chefs[CHEF].take) == (plain.chefs[CHEF].gain, plain.chefs[CHEF].take)
    assert changed.chefs["classic/chef"] == plain.chefs["classic/chef"]
    assert changed.pots == plain.pots


def test_the_chef_cooks_with_the_amended_dice(tmp_path: Path) -> None:
    rules = amended(tmp_path, SMALLER_KITCHEN)
    board = build_board(rules, {"h": ("home", "human/human-lineman", (5, 5)), "a": ("away", "human/human-lineman", (20, 5))})
    start = GameState(
        TeamState("home", "H", "human", 1, rerolls=1, inducements={CHEF: 1}), TeamState("away", "A", "human", 1, rerolls=1), board
    )
    with ScriptedDice([5, 4]) as dice:  # two dice, not three; a 4 no longer succeeds
        after, events = cook(rules, start, dice, ScriptedDecisions([]))
    assert events[0].rolls == (5, 4)
    assert (after.home.rerolls, after.away.rerolls) == (2, 0)


def test_a_wrong_amendment_is_located_in_the_amendment(tmp_path: Path) -> None:
    broken = SMALLER_KITCHEN.replace("success_on: 5", "success_on: five, spices: 3")
    with pytest.raises(DataError) as raised:
        amended(tmp_path, broken)
    messages = [str(problem) for problem in raised.value.problems]
    assert len(messages) == 2, messages
    assert all("house-rules.yaml:" in message for message in messages)
    assert any("success_on" in message and "integer" in message for message in messages)
    assert any("spices" in message for message in messages)


@pytest.mark.parametrize("pack", ["bb2020", "classic"])
def test_what_the_file_names_exists_in_either_pack(pack: str) -> None:
    assert reference_problems(bbcore.load_ruleset(packs=[pack])) == []


MISNAMED = f"""\
source: "A careless league"
amend:
  - rules: {RULES_ID}
    changes:
      chefs:
        bb2020/halfling-mastr-chef: {{dice: 3D6, success_on: 4, gain: 1, take: 1}}
      pots:
        bb2020/halfling-hot-pot: {{table: bb2020/halfling-hot-pots}}
        classic/boiling-pot: {{rows: {{misfire: misfired}}}}
"""


def test_an_amendment_naming_what_the_pack_lacks_is_told_where(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        amended(tmp_path, MISNAMED)
    found = {problem.path: problem.message for problem in caught.value.problems}
    assert all(problem.file == str(tmp_path / "house-rules.yaml") for problem in caught.value.problems)
    assert found == {
        "$.amend[0].changes.chefs['bb2020/halfling-mastr-chef']": "the bb2020 pack has no inducement 'bb2020/halfling-mastr-chef'",
        "$.amend[0].changes.pots['bb2020/halfling-hot-pot'].table": "no table 'bb2020/halfling-hot-pots'",
    }  # the classic pot is another pack's: not loaded here, so not checked


def test_the_other_packs_entries_are_checked_with_their_pack(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        amended(tmp_path, MISNAMED, pack="classic")
    (problem,) = caught.value.problems
    assert problem.path == "$.amend[0].changes.pots['classic/boiling-pot'].rows.misfire"
    assert "has no row 'misfired'" in problem.message


def test_an_id_naming_no_pack_of_the_plugin_is_refused_whichever_pack_is_used(tmp_path: Path) -> None:
    misprefixed = SMALLER_KITCHEN.replace(
        f"{CHEF}: {{dice: 2D6, success_on: 5}}", "bb2002/halfling-master-chef: {dice: 2D6, success_on: 5, gain: 1, take: 1}"
    )
    for pack in ("bb2020", "classic"):
        (tmp_path / pack).mkdir()
        with pytest.raises(DataError) as caught:
            amended(tmp_path / pack, misprefixed, pack=pack)
        (problem,) = caught.value.problems
        assert problem.path == "$.amend[0].changes.chefs['bb2002/halfling-master-chef']"
        assert problem.message == "'bb2002/halfling-master-chef' names no pack of this plugin; its packs are bb2020, classic"


def test_a_zap_must_turn_its_target_into_a_profile_of_the_wizard(tmp_path: Path) -> None:
    toad = f"""\
source: "A league of toads"
amend:
  - rules: {RULES_ID}
    changes:
      spells:
        zaps:
          bb2020/hireling-sports-wizard: {{profile: toad}}
"""
    with pytest.raises(DataError) as caught:
        amended(tmp_path, toad)
    (problem,) = caught.value.problems
    assert problem.path == "$.amend[0].changes.spells.zaps['bb2020/hireling-sports-wizard'].profile"
    assert problem.message == "the inducement 'bb2020/hireling-sports-wizard' has no profile 'toad'"


MISBLESSED = f"""\
source: "A league of careless priests"
amend:
  - rules: {RULES_ID}
    changes:
      coaching_staff:
        blessings:
          bb2020/papa-skullbones: {{again: overlooke, chosen: {{row: favour-of-gods, category: mutations, count: 2}}}}
"""


def test_a_blessing_must_name_rows_of_its_table_and_a_skill_category(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        amended(tmp_path, MISBLESSED)
    found = {problem.path: problem.message for problem in caught.value.problems}
    entry = "$.amend[0].changes.coaching_staff.blessings['bb2020/papa-skullbones']"
    assert found == {
        f"{entry}.again": "the table 'bb2020/papa-skullbones' has no row 'overlooke'",
        f"{entry}.chosen.row": "the table 'bb2020/papa-skullbones' has no row 'favour-of-gods'",
        f"{entry}.chosen.category": "no skill is of the category 'mutations'",
    }


MISTREATED = f"""\
source: "A league of careless medics"
amend:
  - rules: {RULES_ID}
    changes:
      coaching_staff:
        experiments:
          bb2020/krot-shockwhisker:
            {{back_in: [flawed-execution, witness-perfect], worse: complications, trait: bb2020/really-stupid, worse_by: 1}}
        medics:
          bb2020/mungo-spinecracker: {{casualty: bruised}}
"""


def test_an_experiment_and_a_medic_must_name_rows_of_their_tables(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        amended(tmp_path, MISTREATED)
    found = {problem.path: problem.message for problem in caught.value.problems}
    staff = "$.amend[0].changes.coaching_staff"
    krot = f"{staff}.experiments['bb2020/krot-shockwhisker']"
    assert found == {
        f"{krot}.worse": "the table 'bb2020/krot-shockwhisker' has no row 'complications'",
        f"{krot}.back_in[1]": "the table 'bb2020/krot-shockwhisker' has no row 'witness-perfect'",
        f"{staff}.medics['bb2020/mungo-spinecracker'].casualty": "the table 'casualty' has no row 'bruised'",
    }


MISSCOUTED = f"""\
source: "A league that misspells its scout's table"
amend:
  - rules: {RULES_ID}
    changes:
      coaching_staff:
        scouts:
          bb2020/ayleen-andar: {{after_first: -1, loses: {{team-playr: [lonr]}}, random_skills: {{some-potentia: 1}}}}
"""


def test_a_scout_must_name_rows_of_her_table_and_skills_that_exist(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        amended(tmp_path, MISSCOUTED)
    found = {problem.path: problem.message for problem in caught.value.problems}
    ayleen = "$.amend[0].changes.coaching_staff.scouts['bb2020/ayleen-andar']"
    assert found == {
        f"{ayleen}.loses['team-playr']": "the table 'bb2020/ayleen-andar' has no row 'team-playr'",
        f"{ayleen}.loses['team-playr'][0]": "no skill 'lonr'",
        f"{ayleen}.random_skills['some-potentia']": "the table 'bb2020/ayleen-andar' has no row 'some-potentia'",
    }
