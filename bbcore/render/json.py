"""The JSON shapes of ARCHITECTURE §7, built from models. The CLI and tools share them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bbcore.loading.structure import converter
from bbcore.model.common import Condition, Effect, SkillRef
from bbcore.model.inducement import Inducement, InducementProfile
from bbcore.model.roster import Roster, RosterRule
from bbcore.model.skill import Skill
from bbcore.model.table import Row, Table
from bbcore.plugins import PluginInfo
from bbcore.ruleset import Ruleset


def _drop_none(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None and v not in ((), [])}


def effect_json(effect: Effect) -> dict[str, Any]:
    data = _drop_none(converter.unstructure(effect))
    if effect.gain_skills is not None:
        data["gain_skills"] = [skill_ref_json(r) for r in effect.gain_skills]
    if effect.pass_bands is not None:
        data["pass_bands"] = list(effect.pass_bands)  # none listed is a verb too: no pass at all
    return data


def skill_ref_json(ref: SkillRef) -> Any:
    return ref.id if ref.value is None else {"id": ref.id, "value": ref.value}


def row_json(row: Row) -> dict[str, Any]:
    data: dict[str, Any] = {
        "min": row.min,
        "max": row.max,
        "id": row.id,
        "name": row.name,
        "text": row.text,
        "effects": [effect_json(e) for e in row.effects],
    }
    if row.values:
        data["values"] = dict(row.values)
    return data


def table_json(table: Table) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": table.id,
        "name": table.name,
        "dice": table.dice,
        "roles": list(table.roles),
        "provisional": table.provisional,
        "source": table.source,
        "rows": [row_json(r) for r in table.rows],
    }
    if table.index is not None:
        data["index"] = converter.unstructure(table.index)
    if table.columns:
        data["columns"] = [_drop_none(converter.unstructure(c)) for c in table.columns]
    if table.note:
        data["note"] = table.note
    if table.text:
        data["text"] = table.text
    return data


def _rule_json(rule: RosterRule) -> Any:
    if rule.choose:
        return {"choose": list(rule.choose)}
    if rule.league is not None:
        return {"rule": rule.rule, "league": rule.league}
    return rule.rule


def roster_json(ruleset: Ruleset, roster: Roster) -> dict[str, Any]:
    return {
        "id": roster.id,
        "name": roster.name,
        "tier": roster.tier,
        "reroll_cost": roster.reroll_cost,
        "apothecary": roster.apothecary,
        "leagues": list(roster.leagues),
        "special_rules": [_rule_json(r) for r in roster.special_rules],
        "position_limits": [{"positions": list(l.positions), "max": l.max} for l in roster.position_limits],
        "positions": [
            {
                "id": p.id,
                "name": p.name,
                "min": p.min,
                "max": p.max,
                "cost": p.cost,
                "ma": p.ma,
                "st": p.st,
                "ag": p.ag,
                "pa": p.pa,
                "av": p.av,
                "skills": [ruleset.skill_display(s.id, s.value) for s in p.skills],
                "primary": list(p.primary),
                "secondary": list(p.secondary),
                "keywords": list(p.keywords),
            }
            for p in roster.positions
        ],
        "provisional": roster.provisional,
        "note": roster.note,
    }


def skill_json(skill: Skill) -> dict[str, Any]:
    return {
        "id": skill.id,
        "name": skill.name,
        "category": skill.category,
        "trait": skill.trait,
        "elite": skill.elite,
        "parameter": skill.parameter,
        "text": skill.text,
    }


def condition_json(condition: Condition | None) -> dict[str, Any]:
    return _drop_none(converter.unstructure(condition)) if condition is not None else {}


def skill_list_json(ruleset: Ruleset, refs: Iterable[SkillRef]) -> dict[str, Any]:
    """A skill list as JSON: ``skills`` by display name with the parameter (``Loner (4+)``), ``skill_refs`` by id
    and value for a program that looks them up."""
    listed = tuple(refs)
    return {
        "skills": [ruleset.skill_display(r.id, r.value) for r in listed],
        "skill_refs": [{"id": r.id, "value": r.value} for r in listed],
    }


def inducement_profile_json(ruleset: Ruleset, profile: InducementProfile) -> dict[str, Any]:
    data = _drop_none(converter.unstructure(profile))
    if profile.ma is not None and "pa" not in data:
        data["pa"] = None  # a stat line keeps PA when it is "-"
    if profile.skills:
        data.update(skill_list_json(ruleset, profile.skills))
    if profile.effects:
        data["effects"] = [effect_json(e) for e in profile.effects]
    if profile.old_scale is not None:
        data["old_scale"] = _drop_none(converter.unstructure(profile.old_scale))
    if profile.eligibility is not None:
        data["eligibility"] = condition_json(profile.eligibility)
    if not profile.incomplete:
        data.pop("incomplete", None)
    return data


def inducement_json(ruleset: Ruleset, inducement: Inducement) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": inducement.id,
        "name": inducement.name,
        "min": inducement.min,
        "max": inducement.max,
        "costs": [
            {
                "cost": c.cost,
                "condition": condition_json(c.condition) or None,
                **({"plus_position_cost": True} if c.plus_position_cost else {}),
            }
            for c in inducement.costs
        ],
        "eligibility": condition_json(inducement.eligibility),
        "text": inducement.text,
    }
    if inducement.eligibility_any:
        data["eligibility_any"] = [condition_json(c) for c in inducement.eligibility_any]
    if inducement.limits:
        data["limits"] = [{"max": l.max, "condition": condition_json(l.condition)} for l in inducement.limits]
    for key in ("group", "timing", "table"):
        if getattr(inducement, key) is not None:
            data[key] = getattr(inducement, key)
    if inducement.price_varies:
        data["price_varies"] = True
    if inducement.hire is not None:
        data["hire"] = _drop_none(converter.unstructure(inducement.hire))
    if inducement.uses is not None:
        data["uses"] = converter.unstructure(inducement.uses)
    if inducement.stake is not None:
        data["stake"] = converter.unstructure(inducement.stake)
    if inducement.players:
        data["players"] = inducement.players
    if inducement.provisional:
        data["provisional"] = True
    if inducement.incomplete:
        data["incomplete"] = True
    if inducement.note is not None:
        data["note"] = inducement.note
    if inducement.effects:
        data["effects"] = [effect_json(e) for e in inducement.effects]
    if inducement.profiles:
        data["profiles"] = [inducement_profile_json(ruleset, p) for p in inducement.profiles]
    return data


def plugin_json(info: PluginInfo) -> dict[str, Any]:
    return {"name": info.name, "version": info.version, "kind": info.kind, "description": info.description}


def parameters_json(ruleset: Ruleset) -> dict[str, Any]:
    data: dict[str, Any] = converter.unstructure(ruleset.parameters)
    return data
