"""pack-rules.yaml is the rules file ``inducement-packs/pack-rules``: read per ruleset, amended by later layers."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from bbcore_inducement_packs.giants import giant_scatter
from bbcore_inducement_packs.pack_rules import RULES_ID, load_pack_rules, pack_rules, reference_problems

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import DataError, UsageError
from bbcore.ruleset import Ruleset

GIANT = "bb2020/giant-mercenary"
#: Every key of a giant's entry: what a new entry must give.
FULL_GIANT = "scatter_dice: D2, reroll_from: null, directions: [[-1, -1], [2, 2]], throw_rerolls: [], step_over: [], interference_relief: 0"

#: A league whose giant mercenary scatters again from an 11 and eases its interference by 1 only.
WILDER_GIANT = f"""\
source: "The Moot league's house rules"
amend:
  - rules: {RULES_ID}
    changes:
      giants:
        {GIANT}: {{reroll_from: 11, interference_relief: 1}}
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


def test_an_amendment_changes_one_giant_key_by_key(tmp_path: Path) -> None:
    plain = pack_rules(bbcore.load_ruleset(packs=["bb2020"]))
    changed = pack_rules(amended(tmp_path, WILDER_GIANT))
    assert (changed.giants[GIANT].reroll_from, changed.giants[GIANT].interference_relief) == (11, 1)
    # The keys left alone keep the file's values: the giant's other numbers, the other giant, every other entry.
    assert attrs.evolve(changed.giants[GIANT], reroll_from=None, interference_relief=0) == attrs.evolve(
        plain.giants[GIANT], reroll_from=None, interference_relief=0
    )
    assert changed.giants["classic/slave-giant"] == plain.giants["classic/slave-giant"]
    assert changed.pots == plain.pots


def test_the_giant_scatters_by_the_amended_numbers(tmp_path: Path) -> None:
    with ScriptedDice([12]) as dice:  # below the file's 13: kept
        _, event = giant_scatter(bbcore.load_ruleset(packs=["bb2020"]), GIANT, (10, 5), dice)
    assert event.rolls == (12,)
    with ScriptedDice([12, 3]) as dice:  # 11 or more now scatters again
        _, event = giant_scatter(amended(tmp_path, WILDER_GIANT), GIANT, (10, 5), dice)
    assert event.rolls == (12, 3)


def test_a_wrong_amendment_is_located_in_the_amendment(tmp_path: Path) -> None:
    broken = WILDER_GIANT.replace("reroll_from: 11", "reroll_from: eleven, spices: 3")
    with pytest.raises(DataError) as raised:
        amended(tmp_path, broken)
    messages = [str(problem) for problem in raised.value.problems]
    assert len(messages) == 2, messages
    assert all("house-rules.yaml:" in message for message in messages)
    assert any("reroll_from" in message and "integer" in message for message in messages)
    assert any("spices" in message for message in messages)


@pytest.mark.parametrize("pack", ["bb2020", "classic"])
def test_what_the_file_names_exists_in_either_pack(pack: str) -> None:
    assert reference_problems(bbcore.load_ruleset(packs=[pack])) == []


MISNAMED = f"""\
source: "A careless league"
amend:
  - rules: {RULES_ID}
    changes:
      giants:
        bb2020/giant-mercenry: {{{FULL_GIANT}}}
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
        "$.amend[0].changes.giants['bb2020/giant-mercenry']": "the bb2020 pack has no inducement 'bb2020/giant-mercenry'",
        "$.amend[0].changes.pots['bb2020/halfling-hot-pot'].table": "no table 'bb2020/halfling-hot-pots'",
    }  # the classic pot is another pack's: not loaded here, so not checked


def test_the_other_packs_entries_are_checked_with_their_pack(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        amended(tmp_path, MISNAMED, pack="classic")
    (problem,) = caught.value.problems
    assert problem.path == "$.amend[0].changes.pots['classic/boiling-pot'].rows.misfire"
    assert "has no row 'misfired'" in problem.message


def test_an_id_naming_no_pack_of_the_plugin_is_refused_whichever_pack_is_used(tmp_path: Path) -> None:
    misprefixed = WILDER_GIANT.replace(f"{GIANT}: {{reroll_from: 11, interference_relief: 1}}", f"bb2002/giant-mercenary: {{{FULL_GIANT}}}")
    for pack in ("bb2020", "classic"):
        (tmp_path / pack).mkdir()
        with pytest.raises(DataError) as caught:
            amended(tmp_path / pack, misprefixed, pack=pack)
        (problem,) = caught.value.problems
        assert problem.path == "$.amend[0].changes.giants['bb2002/giant-mercenary']"
        assert problem.message == "'bb2002/giant-mercenary' names no pack of this plugin; its packs are bb2020, classic"


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


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ("scatter_dice: D20, reroll_from: null", "directions", "D20 keeps results up to 20, one direction each, but 12 are given"),
        ("scatter_dice: 2D6, reroll_from: 2", "reroll_from", "2D6 never rolls below 2: the giant would scatter again for ever"),
    ],
)
def test_a_giant_s_scatter_must_give_a_direction_for_every_result_it_keeps(tmp_path: Path, change: str, path: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        amended(tmp_path, WILDER_GIANT.replace("reroll_from: 11, interference_relief: 1", change))
    (problem,) = caught.value.problems
    # Located where the key was last set: the amendment, or the packs' own file for a key it left alone.
    assert problem.path is not None
    assert problem.path.endswith(f"giants['{GIANT}'].{path}")
    assert problem.message == message


def test_ayleens_growing_modifier_is_a_provisional_reading_with_its_note() -> None:
    from bbcore.rules_files import provisional_readings

    rules = bbcore.load_ruleset(packs=["bb2020"])
    scout = pack_rules(rules).coaching_staff.scouts["bb2020/ayleen-andar"]
    assert scout.provisional
    assert scout.note
    found = dict(provisional_readings(rules.rules_files[RULES_ID], RULES_ID))
    assert f"{RULES_ID}.coaching_staff.scouts.bb2020/ayleen-andar" in found
