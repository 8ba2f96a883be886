"""The sentences the site's pages build from data read right for every value the data may hold."""

from __future__ import annotations

import attrs

import bbcore
from bbcore.model.inducement import InducementHire
from bbcore.modifiers import known_modifiers
from bbcore.render.text import counted
from bbcore.ruleset import Ruleset
from bbcore.sphinxext.inducements import hire_words, inducement_rst
from bbcore.sphinxext.parameters import parameters_rst
from bbcore.sphinxext.rosters import position_row
from bbcore.sphinxext.rst import NONE
from bbcore.sphinxext.selection import Labels
from bbcore.sphinxext.tables import chance_percent, rows_table
from bbcore.sphinxext.words import clauses, effect_words, effects_words


def test_a_hired_player_counts_toward_a_position_s_limit_only_when_he_comes_from_the_team_s_roster(core: Ruleset) -> None:
    mercenaries = core.inducements["mercenary-players"].hire
    stars = core.inducements["star-players"].hire
    assert mercenaries is not None
    assert stars is not None
    assert "counts toward his position's limit and the roster size" in hire_words(mercenaries)
    assert "counts toward the roster size" in hire_words(stars)
    assert "position's limit" not in hire_words(stars)
    assert "counts toward" not in hire_words(InducementHire())


def test_clauses_join_without_a_full_stop_before_the_semicolon() -> None:
    assert clauses(["Mighty Blow (+1).", "effects: AV +1", "and so on..."]) == "Mighty Blow (+1); effects: AV +1; and so on..."


def test_a_count_takes_the_plural_unless_it_is_one() -> None:
    assert [counted(n, "team re-roll") for n in (0, 1, 2)] == ["0 team re-rolls", "1 team re-roll", "2 team re-rolls"]


def test_a_chance_rounds_its_halves_up() -> None:
    assert [chance_percent(share) for share in (1 / 16, 3 / 16, 1 / 36, 0.5, 0.0)] == ["6.3%", "18.8%", "2.8%", "50.0%", "0%"]


def test_a_stake_is_priced_by_its_range_not_as_a_hire() -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    markup = "\n".join(inducement_rst(rules, Labels(""), rules.inducements["bb2020/side-bet"]).lines)
    assert "the stake the order names: 10K to 100K, in steps of 10K" in markup
    assert "the one hired" not in markup


def test_the_parameters_page_names_rows_and_inducements_instead_of_showing_their_ids(core: Ruleset) -> None:
    markup = "\n".join(parameters_rst(core, Labels("")).lines)
    weather = core.table("weather")
    hot = next(row for row in weather.rows if row.id == core.parameters.weather.sweltering_heat)
    assert f"under :ref:`{hot.name} <table-weather>`" in markup
    ejecting = next(row for row in core.table("argue-the-call").rows if row.id == core.parameters.fouls.coach_ejected_by)
    assert f":ref:`{ejecting.name} <table-argue-the-call>` ejects the coach" in markup
    for inducement_id in core.parameters.fouls.bribes:
        assert f":ref:`{core.inducements[inducement_id].name} <inducement-{inducement_id}>`" in markup
    assert f"``{core.parameters.weather.sweltering_heat}``" not in markup
    assert "re-roll(s)" not in markup


def test_a_table_s_grid_links_skills_and_tables_and_writes_other_ids_as_words(core: Ruleset) -> None:
    skills = "\n".join(rows_table(core, Labels(""), core.table("random-skills")).lines)
    assert ":ref:`Dirty Player <skill-dirty-player>`" in skills
    assert "dirty-player" not in skills.replace("<skill-dirty-player>", "")
    mistakes = "\n".join(rows_table(core, Labels(""), core.table("expensive-mistakes")).lines)
    assert "Minor incident" in mistakes
    assert "minor-incident" not in mistakes
    # Its rows are named by their results: no second column repeats them.
    assert "Result" not in mistakes
    assert "Result" in skills


def test_a_modifier_effect_says_what_it_changes(core: Ruleset) -> None:
    (keg,) = core.inducements["blitzers-best-kegs"].effects
    assert keg.modifier == "ko-recovery"
    assert effect_words(core, Labels(""), keg).startswith(f"{keg.by:+d} to {known_modifiers(core)['ko-recovery']}")
    bone_head = attrs.evolve(keg, modifier="bone-head")
    assert effect_words(core, Labels(""), bone_head).startswith("+1 to the player's Bone Head test")


def test_an_empty_cell_of_a_positions_table_shows_a_dash(core: Ruleset) -> None:
    vampire = core.roster("vampire")
    blitzer = next(p for p in vampire.positions if not p.secondary)
    assert position_row(core, Labels(""), vampire, blitzer)[-1] == NONE
    thrall = next(p for p in vampire.positions if p.secondary)
    assert position_row(core, Labels(""), vampire, thrall)[-1] != NONE


def test_a_variants_parameters_split_into_what_it_changes_and_what_it_keeps() -> None:
    variant, core = bbcore.load_ruleset("gutterbowl"), bbcore.load_ruleset()
    markup = "\n".join(parameters_rst(variant, Labels("gutterbowl-"), core).lines)
    changed, kept = markup.split(".. list-table:: As in the core")
    assert ".. list-table:: Changed from the core" in changed
    players = f"Players on the pitch\n     - {variant.parameters.players_on_pitch}"
    assert players in changed
    assert players not in kept
    assert f"- Rush\n     - a D6 of {core.parameters.targets.rush}+" in kept


def test_a_variants_parameters_speak_only_of_what_its_ruleset_has() -> None:
    variant, core = bbcore.load_ruleset("gutterbowl"), bbcore.load_ruleset()
    markup = "\n".join(parameters_rst(variant, Labels("gutterbowl-"), core).lines)
    kick_off = {row.id for row in variant.table("kick-off-events").rows}
    weather = {row.id for row in variant.table("weather").rows}
    assert core.parameters.weather.sweltering_heat not in weather
    assert "Weather when a drive ends\n     - nothing" in markup
    assert not set(core.parameters.fouls.bribes) & set(variant.inducements)
    assert "no Bribe is sold here" in markup
    assert "time-out" not in kick_off
    assert "- Time-out" not in markup
    assert "Inducements in play" not in markup  # none of the core's played inducements is sold here
    for inducement_id in (*core.parameters.fouls.bribes, *core.parameters.kick_off_events.cheering_fans_reroll_ones):
        assert f"``{inducement_id}``" not in markup


def test_a_formula_leaves_out_the_terms_that_add_nothing(core: Ruleset) -> None:
    markup = "\n".join(parameters_rst(core, Labels("")).lines)
    assert core.parameters.league.concession is not None
    assert core.parameters.league.concession.winnings  # the concession's winnings override some terms
    assert "/ 1 " not in markup
    assert "+ 0 " not in markup


def test_a_page_may_leave_out_the_tables_its_variant_plays_by_rules_of_its_own() -> None:
    variant, core = bbcore.load_ruleset("skurling"), bbcore.load_ruleset()
    whole = "\n".join(parameters_rst(variant, Labels("skurling-"), core).lines)
    assert ".. list-table:: League play" in whole
    trimmed = "\n".join(parameters_rst(variant, Labels("skurling-"), core, leave_out=("league", "kick-off")).lines)
    assert ".. list-table:: League play" not in trimmed
    assert ".. list-table:: Kick-off events" not in trimmed
    assert ".. list-table:: Changed from the core" in trimmed


def test_a_skill_to_choose_beside_an_improvement_to_choose_reads_as_the_other_choice(core: Ruleset) -> None:
    row = core.table("characteristic-improvement").rows[0]
    words = effects_words(core, Labels(""), row.effects)
    assert ", or instead a new " in words
    assert "; a new" not in words


def test_leave_out_names_known_tables_or_fails_the_directive_cleanly() -> None:
    import pytest

    from bbcore.sphinxext.parameters import _sections

    assert _sections("league, kick-off") == ("league", "kick-off")
    for wrong in (None, "", "weather"):
        with pytest.raises(ValueError, match="is not one of"):
            _sections(wrong)
