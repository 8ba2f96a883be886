"""``.. bbcore-inducements::``: every inducement with its quantity, costs, eligibility and limits.

Inducements that share a limit are shown under their group's heading, in the
list's order; profiles with characteristics become stat tables (old-scale ones in
a table of their own, labelled so), and entries the source breaks off in carry a
visible admonition with their note.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.model.inducement import NEITHER_PLAYS
from bbcore.render.text import money, target
from bbcore.sphinxext.rst import Rst, escape, literal, ref
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.values import as_times
from bbcore.sphinxext.words import (
    clauses,
    condition_words,
    cost_words,
    effects_words,
    eligibility_words,
    linked_text,
    quantity_words,
    skill_link,
    table_link,
)

if TYPE_CHECKING:
    from bbcore.model.inducement import Inducement, InducementGroup, InducementHire, InducementProfile, InducementUses
    from bbcore.ruleset import Ruleset

_STATS = ("ma", "st", "ag", "pa", "av")
#: Target numbers on the current scale (3 is shown 3+); MA and ST are plain numbers.
_TARGETS = ("ag", "pa", "av")


def _has_stats(profile: InducementProfile) -> bool:
    return profile.old_scale is not None or any(getattr(profile, stat) is not None for stat in _STATS)


def _stat_cells(profile: InducementProfile) -> list[str]:
    """MA ST AG PA AV as a roster prints them; old-scale values exactly as printed, never as targets."""
    if profile.old_scale is not None:
        return [escape("-" if getattr(profile.old_scale, stat) is None else getattr(profile.old_scale, stat)) for stat in _STATS]
    cells = []
    for stat in _STATS:
        value = getattr(profile, stat)
        cells.append(escape(target(value) if stat in _TARGETS else "-" if value is None else value))
    return cells


def _profile_details(ruleset: Ruleset, labels: Labels, profile: InducementProfile, *, in_table: bool) -> list[str]:
    details = []
    if not in_table and _has_stats(profile):
        shown = [f"{stat.upper()} {cell}" for stat, cell in zip(_STATS, _stat_cells(profile), strict=True)]
        details.append(", ".join(shown))
    if profile.skills and not in_table:
        details.append(", ".join(skill_link(ruleset, labels, s) for s in profile.skills))
    if profile.eligibility is not None:
        details.append("for " + condition_words(ruleset, labels, profile.eligibility))
    if profile.text:
        details.append(linked_text(ruleset, labels, profile.text))
    if profile.tables:
        details.append("rolls on " + ", ".join(table_link(ruleset, labels, t) for t in profile.tables))
    if profile.effects:
        details.append("effects: " + effects_words(ruleset, labels, profile.effects))
    if profile.incomplete:
        details.append(f"**incomplete**: {escape(profile.note or 'the source breaks off here')}")
    elif profile.note:
        details.append(f"*note*: {escape(profile.note)}")
    return details


def _profile_words(ruleset: Ruleset, labels: Labels, profile: InducementProfile, *, in_table: bool = False) -> str:
    """``**Sports-Wizard** (150K): skills; text; ...``; empty when a stat table already says it all."""
    head = f"**{escape(profile.name)}**" + (f" ({money(profile.cost)})" if profile.cost is not None else "")
    details = _profile_details(ruleset, labels, profile, in_table=in_table)
    if in_table and not details:
        return ""
    return head + (": " + clauses(details) if details else "")


def _stat_table(ruleset: Ruleset, labels: Labels, profiles: list[InducementProfile], *, old_scale: bool) -> Rst:
    costed = any(p.cost is not None for p in profiles)
    header = ["Profile", *(["Cost"] if costed else []), "MA", "ST", "AG", "PA", "AV", "Skills"]
    rows = []
    for profile in profiles:
        name = f"**{escape(profile.name)}**" + (" (old scale)" if old_scale else "")
        cost = [money(profile.cost) if profile.cost is not None else ""] if costed else []
        skills = ", ".join(skill_link(ruleset, labels, s) for s in profile.skills)
        rows.append([name, *cost, *_stat_cells(profile), skills])
    out = Rst()
    out.list_table(header, rows, title="Old-scale profiles" if old_scale else "Profiles", css_class="bbcore-positions")
    return out


def profiles_rst(ruleset: Ruleset, labels: Labels, profiles: tuple[InducementProfile, ...]) -> Rst:
    """Stat lines as tables (current scale, then old scale), then each profile's rules as a bullet."""
    out = Rst()
    current = [p for p in profiles if _has_stats(p) and p.old_scale is None]
    old = [p for p in profiles if p.old_scale is not None]
    if current:
        out.extend(_stat_table(ruleset, labels, current, old_scale=False))
    if old:
        out.paragraph(
            "*Old scale*: these characteristics are kept as the older edition printed them. On that scale AG is a "
            "plain number (higher is better) and an Armour roll must beat AV, so neither is a target number and "
            "neither is converted."
        )
        out.extend(_stat_table(ruleset, labels, old, old_scale=True))
    out.bullets(_profile_words(ruleset, labels, p, in_table=_has_stats(p)) for p in profiles)
    return out


def uses_words(uses: InducementUses) -> str:
    """``once per game``, ``twice per half``, ``3 times per drive``."""
    return f"{as_times(uses.count)} per {escape(uses.per)}"


def hire_words(hire: InducementHire) -> str:
    """What an order for a hired player names and what the player counts toward."""
    parts = ["a player of the team's own roster" if hire.positions == "own-roster" else "a player named in the order"]
    if hire.within_limits:
        # A player from another roster (a Star) has no place among the team's positions to count toward.
        own = hire.positions == "own-roster"
        parts.append("counts toward his position's limit and the roster size" if own else "counts toward the roster size")
    if hire.skill is not None:
        parts.append(f"may be given one {escape(hire.skill.categories)} skill for {money(hire.skill.cost)} more")
    if hire.star:
        parts.append("a Star Player")
    if hire.if_both_hire == NEITHER_PLAYS:
        parts.append("hired by both teams, he plays for neither and both fees stay spent")
    if not hire.treatable:
        parts.append("no Apothecary or other treatment may be used on him")
    if hire.spp != "all":
        parts.append(
            "earns Star Player Points only as the MVP" if hire.spp == "mvp" else "earns no Star Player Points and is never the MVP"
        )
    return "; ".join(parts)


#: The rules of the game parameters' ``inducements`` (see :meth:`bbcore.model.parameters.InducementPlayRules.played`):
#: what each is called on the site, and the module that plays it.
_PLAYED = {
    "weather_mage": ("a new weather roll", "as one of the team's turns starts", "rules.weather_mage"),
    "close_scrutiny": ("Close Scrutiny", "after each Foul by the other team", "rules.foul"),
    "dwarven_wisdom": ("Dwarven Wisdom", "once both teams have set up for a drive", "rules.dwarven_wisdom"),
    "fireball": ("a Fireball", "just after any turn", "rules.sports_wizard"),
    "zap": ("Zap!", "just after any turn", "rules.sports_wizard"),
}


def played_words(ruleset: Ruleset, inducement_id: str) -> str:
    """What of the inducement bbcore's procedures play, when, and which modules (their numbers are game parameters);
    empty for an inducement the parameters' ``inducements`` do not name."""
    rules = ruleset.parameters.inducements.played().get(inducement_id, ())
    if not rules:
        return ""
    by_moment: dict[str, list[str]] = {}
    for name in rules:
        what, when, _ = _PLAYED[name]
        by_moment.setdefault(when, []).append(what)
    said = "; ".join(f"{' or '.join(whats)} {when}" for when, whats in by_moment.items())
    modules = dict.fromkeys(literal(f"bbcore.{_PLAYED[name][2]}") for name in rules)
    return f"{escape(said)}, played by {', '.join(modules)} (its numbers are the game parameters' inducements)"


def _flags_admonition(out: Rst, inducement: Inducement) -> None:
    """Provisional and incomplete entries say so in a box, with their note."""
    if inducement.provisional and inducement.incomplete:
        out.admonition(
            "Provisional and incomplete", [escape(inducement.note or "This inducement is not settled, and its source breaks off.")]
        )
    elif inducement.incomplete:
        out.admonition("Incomplete", [escape(inducement.note or "The source breaks off inside this inducement.")])
    elif inducement.provisional:
        out.admonition("Provisional", [escape(inducement.note or "This inducement is not settled yet.")])


def inducement_rst(ruleset: Ruleset, labels: Labels, inducement: Inducement, level: int = 0) -> Rst:
    out = Rst()
    out.label(labels("inducement", inducement.id))
    out.heading(inducement.name, level)
    _flags_admonition(out, inducement)
    costs = "; ".join(cost_words(ruleset, labels, c) for c in inducement.costs)
    stake = inducement.stake
    if stake is not None:
        costs = f"the stake the order names: {money(stake.min)} to {money(stake.max)}, in steps of {money(stake.step)}"
    elif inducement.price_varies:
        costs += " (the price varies with the one hired)"
    group = ruleset.inducement_groups.get(inducement.group) if inducement.group else None
    out.fields(
        [
            ("Id", literal(inducement.id)),
            ("Quantity", quantity_words(inducement)),
            ("Cost", costs),
            ("Available to", eligibility_words(ruleset, labels, inducement)),
            (
                "Limits",
                "; ".join(
                    f"{'unlimited' if l.max is None else f'up to {l.max}'} for {condition_words(ruleset, labels, l.condition)}"
                    for l in inducement.limits
                ),
            ),
            ("Shared limit", f"at most {group.max} from {escape(group.name)}" if group else ""),
            ("Hires", hire_words(inducement.hire) if inducement.hire else ""),
            ("Timing", escape(inducement.timing) if inducement.timing else ""),
            ("Uses", uses_words(inducement.uses) if inducement.uses else ""),
            ("Table", table_link(ruleset, labels, inducement.table) if inducement.table else ""),
            ("Effects", effects_words(ruleset, labels, inducement.effects)),
            ("In play", played_words(ruleset, inducement.id)),
        ]
    )
    out.paragraph(linked_text(ruleset, labels, inducement.text))
    if inducement.note and not (inducement.provisional or inducement.incomplete):
        out.admonition("Note", [escape(inducement.note)], "note")
    out.extend(profiles_rst(ruleset, labels, inducement.profiles))
    return out


def group_rst(ruleset: Ruleset, labels: Labels, group: InducementGroup, members: list[Inducement], level: int = 0) -> Rst:
    """A group's heading and shared limit, then each of its members one level down."""
    out = Rst()
    out.label(labels("inducement-group", group.id))
    out.heading(group.name, level)
    out.paragraph(f"**Shared limit**: at most {group.max} in all from this group." + (f" {escape(group.text)}" if group.text else ""))
    out.bullets(ref(m.name, labels("inducement", m.id)) for m in members)
    for member in members:
        out.extend(inducement_rst(ruleset, labels, member, level + 1))
    return out


def overview_rst(ruleset: Ruleset, labels: Labels) -> Rst:
    """One line per inducement, linked to its entry; with groups, a column naming each entry's group."""
    grouped = bool(ruleset.inducement_groups)

    def name_cell(i: Inducement) -> str:
        return ref(i.name, labels("inducement", i.id)) + (" (incomplete)" if i.incomplete else "")

    def group_cell(i: Inducement) -> list[str]:
        if not grouped:
            return []
        group = ruleset.inducement_groups.get(i.group) if i.group else None
        return [ref(group.name, labels("inducement-group", group.id)) if group else ""]

    out = Rst()
    out.list_table(
        ("Inducement", *(["Group"] if grouped else []), "Quantity", "Cost", "Available to"),
        [
            (
                name_cell(i),
                *group_cell(i),
                quantity_words(i),
                "; ".join(cost_words(ruleset, labels, c) for c in i.costs),
                eligibility_words(ruleset, labels, i),
            )
            for i in ruleset.inducements.values()
        ],
    )
    return out


class InducementsDirective(RulesetDirective):
    """A summary table, then every inducement of the ruleset's active list in the list's order, a group's members
    together under the group's heading where the first of them stands."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        if not ruleset.inducements:
            out = Rst()
            out.paragraph("This ruleset has no inducements.")
            return out
        out = overview_rst(ruleset, labels)
        shown: set[str] = set()
        for inducement in ruleset.inducements.values():
            group = ruleset.inducement_groups.get(inducement.group) if inducement.group else None
            if group is None:
                out.extend(inducement_rst(ruleset, labels, inducement))
            elif group.id not in shown:
                shown.add(group.id)
                members = [i for i in ruleset.inducements.values() if i.group == group.id]
                out.extend(group_rst(ruleset, labels, group, members))
        return out
