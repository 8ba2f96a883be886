"""``.. bbcore-skills::``: the skills and traits glossary, grouped by category."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from bbcore.render.text import either
from bbcore.rules.skills_applied import applied_by
from bbcore.sphinxext.rst import Rst, escape, literal, ref
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.words import category_name, linked_text

if TYPE_CHECKING:
    from bbcore.model.skill import Skill
    from bbcore.ruleset import Ruleset

_PARAMETER = {"target": "a target number", "modifier": "a modifier", "keyword": "a keyword"}


def skill_flags(skill: Skill) -> str:
    """``Elite · compulsory · active``: what the skill's flags say, in words."""
    flags = [category_name(skill.category)]
    if skill.elite:
        flags.append("elite")
    if skill.compulsory:
        flags.append("compulsory")
    if skill.usage is not None:
        flags.append(skill.usage)
    return " · ".join(flags)


def skill_rst(ruleset: Ruleset, labels: Labels, skill: Skill, level: int) -> Rst:
    out = Rst()
    out.label(labels("skill", skill.id))
    out.heading(skill.name, level)
    out.paragraph(f"*{escape(skill_flags(skill))}* — {literal(skill.id)}")
    if skill.provisional:
        out.admonition("Provisional", [escape(skill.note or "This entry is not settled yet.")])
    elif skill.note:
        out.admonition("Note", [escape(skill.note)], "note")
    out.paragraph(linked_text(ruleset, labels, skill.text, skip=("skill", skill.id)))
    allowed = _who_may_have(ruleset, labels, skill)
    if allowed:
        out.paragraph(allowed)
    if skill.parameter is not None:
        kind = _PARAMETER.get(skill.parameter, skill.parameter)
        out.paragraph(f"Written with {escape(kind)} in brackets: {escape(skill.display('X'))}.")
    origin = ruleset.origins.get(("skill", skill.id))
    if origin is not None and origin.layer == 0:
        out.paragraph(_played_by(skill.id))
    base = ruleset.skills.get(skill.acts_as) if skill.acts_as is not None else None
    if base is not None:
        out.paragraph(f"*In play:* a form of {ref(base.name, labels('skill', base.id))}, played as that skill.")
    return out


def _who_may_have(ruleset: Ruleset, labels: Labels, skill: Skill) -> str:
    """``Not with: Grab or Frenzy. Only with: Right Stuff.``: the glossary's limits on who may have the skill, linked
    (those another skill's ``excludes`` names it in count too); empty when there are none."""

    def link(skill_id: str) -> str:
        other = ruleset.skills.get(skill_id)
        return ref(other.name, labels("skill", skill_id)) if other is not None else literal(skill_id)

    apart = sorted({*skill.excludes, *(other.id for other in ruleset.skills.values() if skill.id in other.excludes)})
    parts = []
    if apart:
        parts.append("*Not with:* " + ", ".join(link(other) for other in apart) + ".")
    if skill.requires_one_of:
        parts.append("*Only with:* " + either([link(other) for other in skill.requires_one_of]) + ".")
    return " ".join(parts)


def _played_by(skill_id: str) -> str:
    """Whether bbcore's procedures play a core skill, and which modules do (:mod:`bbcore.rules.skills_applied`)."""
    modules = applied_by(skill_id)
    if not modules:
        return "*In play:* not yet applied by bbcore's procedures; the text above is for reference."
    # Plain names, not cross-references: a plugin's own site renders this page without bbcore's API pages.
    return "*In play:* applied by " + ", ".join(literal(f"bbcore.{m}") for m in modules) + "."


class SkillsDirective(RulesetDirective):
    """Categories in the order the data lists them; skills by name within each (``:own:``: the variant's and packs' only)."""

    option_spec: ClassVar[dict[str, object]] = {**RulesetDirective.option_spec, **RulesetDirective.OWN}

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        by_category: dict[str, list[Skill]] = {}
        for skill in ruleset.skills.values():
            if not self.own(ruleset, "skill", skill.id):
                continue
            by_category.setdefault(skill.category, []).append(skill)
        out = Rst()
        for category, skills in by_category.items():
            out.label(labels("skill-category", category))
            out.heading("Traits" if category == "trait" else f"{category_name(category)} skills", 0)
            for skill in sorted(skills, key=lambda s: s.name):
                out.extend(skill_rst(ruleset, labels, skill, 1))
        return out
