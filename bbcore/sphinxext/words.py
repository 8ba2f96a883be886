"""Structured data in short words for the site: effects, conditions, costs, quantities.

These only phrase what the data says; they decide nothing. Skill, table and
special-rule names become cross-references through the labels of the page's ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bbcore.errors import UsageError
from bbcore.model.common import KNOCKED_OUT
from bbcore.modifiers import known_modifiers
from bbcore.references import RANGE_RULER_TABLE
from bbcore.render.text import condition_text, counted, either, money
from bbcore.sphinxext.rst import escape, escape_inline, literal, ref, starts_a_block

if TYPE_CHECKING:
    from bbcore.model.common import Condition, Effect, SkillRef
    from bbcore.model.inducement import Inducement, InducementCost
    from bbcore.ruleset import Ruleset
    from bbcore.sphinxext.selection import Labels

_WHO = {
    "player": "the player",
    "team": "the team",
    "opponent": "the opponent",
    "both": "both teams",
    "kicking-team": "the kicking team",
    "receiving-team": "the receiving team",
}


def signed(number: int) -> str:
    return f"{number:+d}"


def clauses(parts: Iterable[str]) -> str:
    """Parts joined as one sentence's clauses with ``; ``: a part's own full stop goes, so none reads ``.;``."""
    return "; ".join(part[:-1] if part.endswith(".") and not part.endswith("..") else part for part in parts)


def category_name(category: str) -> str:
    return category.replace("-", " ").capitalize()


def skill_link(ruleset: Ruleset, labels: Labels, skill: SkillRef) -> str:
    """``Loner (4+)`` linked to the Loner entry of the skills glossary."""
    display = ruleset.skill_display(skill.id, skill.value)
    if skill.id not in ruleset.skills:
        return escape(display)
    return ref(display, labels("skill", skill.id))


def table_link(ruleset: Ruleset, labels: Labels, id_or_role: str) -> str:
    """A link to the table with this id, or to the table filling this role."""
    try:
        table = ruleset.table(id_or_role)
    except UsageError:
        return escape(id_or_role)
    return ref(table.name, labels("table", table.id))


def row_link(ruleset: Ruleset, labels: Labels, table_id_or_role: str, row_id: str) -> str:
    """A row of a table by its name, linked to the table (the id as written when the table has no such row)."""
    try:
        table = ruleset.table(table_id_or_role)
    except UsageError:
        return literal(row_id)
    row = next((r for r in table.rows if r.id == row_id), None)
    return ref(row.name, labels("table", table.id)) if row is not None else literal(row_id)


def inducement_link(ruleset: Ruleset, labels: Labels, inducement_id: str) -> str:
    """An inducement by its name, linked to its entry (the id as written when the ruleset sells none by it)."""
    entry = ruleset.inducements.get(inducement_id)
    return ref(entry.name, labels("inducement", inducement_id)) if entry is not None else literal(inducement_id)


def special_rule_link(ruleset: Ruleset, labels: Labels, rule_id: str) -> str:
    entry = ruleset.special_rules.get(rule_id)
    return ref(entry.name, labels("special-rule", rule_id)) if entry else escape(rule_id)


def league_link(ruleset: Ruleset, labels: Labels, league_id: str) -> str:
    entry = ruleset.leagues.get(league_id)
    return ref(entry.name, labels("league", league_id)) if entry else escape(league_id)


def roster_link(ruleset: Ruleset, labels: Labels, roster_id: str) -> str:
    roster = ruleset.rosters.get(roster_id)
    return ref(roster.name, labels("roster", roster_id)) if roster else escape(roster_id)


def position_link(ruleset: Ruleset, labels: Labels, position_id: str) -> str:
    """``Ogre (Human)`` linked to its row in its roster, for a position id ``<roster>/<position>``."""
    roster_id, _, own_id = position_id.partition("/")
    roster = ruleset.rosters.get(roster_id)
    position = next((p for p in roster.positions if p.id == own_id), None) if roster else None
    if roster is None or position is None:
        return escape(position_id)
    return ref(f"{position.name} ({roster.name})", labels("position", roster_id, own_id))


# -- effects ------------------------------------------------------------------------


def _band_name(ruleset: Ruleset, band: str) -> str:
    """A pass-range band's name (``Quick Pass``), or its id when the table lacks it."""
    table = ruleset.tables.get(RANGE_RULER_TABLE)
    row = next((row for row in table.rows if row.id == band), None) if table is not None else None
    return escape(row.name) if row is not None else escape(band)


def effect_words(ruleset: Ruleset, labels: Labels, effect: Effect) -> str:
    """One effect, compactly: ``ST +1 (game)``, ``catch -1 (both teams, drive)``."""
    if effect.change is not None:
        what = f"{effect.change.upper()} {signed(effect.by or 0)}"
    elif effect.modifier is not None:
        changes = known_modifiers(ruleset).get(effect.modifier)
        what = f"{signed(effect.by or 0)} to {escape(changes)}" if changes else f"{escape(effect.modifier)} {signed(effect.by or 0)}"
    elif effect.pass_bands is not None:
        names = [_band_name(ruleset, band) for band in effect.pass_bands]
        what = "a Pass Action may only be " + either(names) if names else "no pass may be thrown"
    elif effect.gain_skills is not None:
        what = "gains " + ", ".join(skill_link(ruleset, labels, s) for s in effect.gain_skills)
    elif effect.rerolls is not None:
        what = f"{signed(effect.rerolls)} team re-roll{'s' if abs(effect.rerolls) != 1 else ''}"
        if effect.target is not None:
            what += f", each working on a D6 of {effect.target}+"
    elif effect.status is not None:
        what = f"becomes {escape(effect.status)}"
    elif effect.miss_next_game:
        what = "misses the next game"
    elif effect.niggling_injury:
        what = "a niggling injury"
    elif effect.roll_on is not None:
        what = "roll on " + table_link(ruleset, labels, effect.roll_on)
    elif effect.spp is not None:
        what = f"{signed(effect.spp)} SPP"
    elif effect.gold is not None:
        what = f"{'+' if effect.gold > 0 else ''}{money(effect.gold)} gold"
    elif effect.fans is not None:
        what = f"{signed(effect.fans)} Dedicated Fans"
    elif effect.choose_improvement is not None:
        what = "improve " + either([c.upper() for c in effect.choose_improvement])
    elif effect.choose_skill is not None:
        what = "a new " + either(list(effect.choose_skill)) + " skill"
    elif effect.apothecary:
        what = "works as an Apothecary" + (" for a Knocked-out player" if effect.apothecary == KNOCKED_OUT else "")
    elif effect.regeneration_reroll:
        what = "re-rolls a failed Regeneration roll"
    elif effect.journeymen is not None:
        what = f"{effect.journeymen}{signed(effect.by) if effect.by else ''} more Journeymen"
    elif effect.chef is not None:
        gains = counted(effect.by or 0, "team re-roll")
        what = f"{effect.chef} at the start of each half: each {effect.target}+ gains {gains} and takes as many from the opponent"
    else:
        what = "no effect"
    qualifiers = []
    if effect.limit is not None:
        qualifiers.append(f"limit {effect.limit}")
    if effect.who is not None:
        qualifiers.append(_WHO.get(effect.who, escape(effect.who)))
    if effect.duration is not None:
        qualifiers.append(escape(effect.duration))
    if effect.for_hired is False:
        qualifiers.append("not for Mercenaries or Star Players")
    return f"{what} ({', '.join(qualifiers)})" if qualifiers else what


def effects_words(ruleset: Ruleset, labels: Labels, effects: Sequence[Effect]) -> str:
    parts: list[str] = []
    for i, effect in enumerate(effects):
        words = effect_words(ruleset, labels, effect)
        # A skill to choose beside an improvement to choose is the coach's other choice, not a second gain.
        if i and effect.choose_skill is not None and effects[i - 1].choose_improvement is not None:
            parts[-1] += f", or instead {words}"
        else:
            parts.append(words)
    return "; ".join(parts)


# -- conditions, costs and quantities ----------------------------------------------------


def condition_words(ruleset: Ruleset, labels: Labels, condition: Condition | None) -> str:
    """Who a condition admits: ``teams with Bribery and Corruption``, ``Halfling teams``, each name linked."""

    def link(kind: str, entity_id: str) -> str:
        if kind == "roster":
            return roster_link(ruleset, labels, entity_id)
        if kind == "special-rule":
            return special_rule_link(ruleset, labels, entity_id)
        return league_link(ruleset, labels, entity_id)

    return condition_text(condition, link)


def eligibility_words(ruleset: Ruleset, labels: Labels, inducement: Inducement) -> str:
    """Who may buy an inducement: its condition, and one of its alternatives when it lists some."""
    if not inducement.eligibility_any:
        return condition_words(ruleset, labels, inducement.eligibility)
    alternatives = either([condition_words(ruleset, labels, c) for c in inducement.eligibility_any])
    if inducement.eligibility is None:
        return alternatives
    return f"{condition_words(ruleset, labels, inducement.eligibility)}, if also {alternatives}"


def cost_words(ruleset: Ruleset, labels: Labels, cost: InducementCost) -> str:
    """``50K for teams with Bribery and Corruption``; ``30K plus the player's cost``."""
    if cost.plus_position_cost:
        price = "the player's own cost" if cost.cost == 0 else f"{money(cost.cost)} plus the player's cost"
    else:
        price = money(cost.cost)
    if cost.condition is None:
        return price
    return f"{price} for {condition_words(ruleset, labels, cost.condition)}"


def quantity_words(inducement: Inducement) -> str:
    """``0-3``, or ``unlimited`` when the data sets no maximum."""
    if inducement.max is None:
        return "unlimited" if inducement.min == 0 else f"{inducement.min} or more"
    return f"{inducement.min}-{inducement.max}"


def yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


# -- names in running text --------------------------------------------------------------

#: Skill names the rules also use for an action or a test ("a Block", "the Dodge roll"):
#: linked only where the text plainly means the skill ("has Block", "the Dodge skill").
_ALSO_ACTIONS = frozenset({"Block", "Pass", "Catch", "Dodge", "Kick", "Leap", "Pro"})
_HAS = re.compile(r"(?:\b(?:has|have|had|having|with|without|gain|gains|gained|lose|loses|lost|and|or)\s+|:\s+)$")
#: After a name, what makes it part of a longer word or compound, not the skill.
_NOT_A_NAME = re.compile(r"^(?:-|\w|'s\b)")
#: After one of those names, words that make it the action or the test.
_AN_ACTION = re.compile(r"^\s+(?:actions?|rolls?|tests?|dice|die|re-rolls?|results?|Action|Roll|Test|Pass|Passes)\b")
#: Inline markup must stand apart from the words around it (docutils' rules, narrowed).
_BEFORE_OK = frozenset(" (\"'/")
_AFTER_OK = frozenset(" .,:;!?)\"'/")

_patterns: dict[int, tuple[Ruleset, re.Pattern[str], dict[str, tuple[str, str]]]] = {}


def _names_of(ruleset: Ruleset) -> tuple[re.Pattern[str], dict[str, tuple[str, str]]]:
    """One pattern for every skill name and every ``<table name> table``, and what each match names."""
    cached = _patterns.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1], cached[2]
    targets: dict[str, tuple[str, str]] = {}
    for table in ruleset.tables.values():
        # "roll on the Weather table", "the Kick-off Event table": the name, or its singular, then "table".
        for name in {table.name, table.name.removesuffix("s")}:
            phrase = name if name.lower().endswith(" table") else f"{name} table"
            targets.setdefault(phrase, ("table", table.id))
    for skill in ruleset.skills.values():
        targets[skill.name] = ("skill", skill.id)
    pattern = re.compile("|".join(re.escape(name) for name in sorted(targets, key=len, reverse=True)))
    _patterns[id(ruleset)] = (ruleset, pattern, targets)
    return pattern, targets


def _links_here(text: str, start: int, end: int, name: str, kind: str) -> bool:
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    if before not in _BEFORE_OK or after not in _AFTER_OK:
        return False
    if kind != "skill":
        return True
    if _NOT_A_NAME.match(text[end:]):
        return False
    if name in _ALSO_ACTIONS:
        return not _AN_ACTION.match(text[end:]) and (text[end:].startswith(" skill") or bool(_HAS.search(text[:start])))
    # "an Accurate Pass" is the result of a pass, not the skill.
    return not text[end:].startswith((" Pass", " Passes"))


def linked_text(ruleset: Ruleset, labels: Labels, text: str, *, skip: tuple[str, str] | None = None) -> str:
    """Data text as escaped inline markup, each skill name and each ``<table> table`` in it a link.

    ``skip`` is the ``(kind, id)`` of the entry the text belongs to, which does not link to itself.
    """
    flat = " ".join(str(text).split())
    pattern, targets = _names_of(ruleset)
    pieces: list[str] = []
    done = 0
    for found in pattern.finditer(flat):
        name = found.group(0)
        kind, entity_id = targets[name]
        if (kind, entity_id) == skip or not _links_here(flat, found.start(), found.end(), name, kind):
            continue
        pieces += [escape_inline(flat[done : found.start()]), ref(name, labels(kind, entity_id))]
        done = found.end()
    pieces.append(escape_inline(flat[done:]))
    markup = "".join(pieces)
    return escape(flat) if len(pieces) == 1 else ("\\" + markup if starts_a_block(markup) else markup)
