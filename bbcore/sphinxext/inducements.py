"""``.. bbcore-inducements::``: every inducement with its quantity, costs, eligibility and limits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore.render.text import money, target
from bbcore.sphinxext.rst import Rst, escape, literal, ref
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.words import condition_words, cost_words, effects_words, quantity_words, skill_link, table_link

if TYPE_CHECKING:
    from bbcore.model.inducement import Inducement, InducementProfile
    from bbcore.ruleset import Ruleset


def _profile_words(ruleset: Ruleset, labels: Labels, profile: InducementProfile) -> str:
    """``**Sports-Wizard** (150K): MA 5, ST 1, ...; skills; text``."""
    head = f"**{escape(profile.name)}**" + (f" ({money(profile.cost)})" if profile.cost is not None else "")
    details = []
    stats = (("MA", profile.ma), ("ST", profile.st), ("AG", profile.ag), ("PA", profile.pa), ("AV", profile.av))
    if any(value is not None for _, value in stats):
        # MA and ST are plain numbers; AG, PA and AV are target numbers (3+).
        shown = [f"{name} {target(value) if name in ('AG', 'PA', 'AV') else '-' if value is None else value}" for name, value in stats]
        details.append(escape(", ".join(shown)))
    if profile.skills:
        details.append(", ".join(skill_link(ruleset, labels, s) for s in profile.skills))
    if profile.eligibility is not None:
        details.append("for " + condition_words(ruleset, labels, profile.eligibility))
    if profile.text:
        details.append(escape(profile.text))
    return head + (": " + "; ".join(details) if details else "")


def inducement_rst(ruleset: Ruleset, labels: Labels, inducement: Inducement, level: int = 0) -> Rst:
    out = Rst()
    out.label(labels("inducement", inducement.id))
    out.heading(inducement.name, level)
    if inducement.provisional:
        out.admonition("Provisional", [escape(inducement.note or "This inducement is not settled yet.")])
    costs = "; ".join(cost_words(ruleset, labels, c) for c in inducement.costs)
    if inducement.price_varies:
        costs += " (the price varies with the one hired)"
    group = ruleset.inducement_groups.get(inducement.group) if inducement.group else None
    out.fields(
        [
            ("Id", literal(inducement.id)),
            ("Quantity", quantity_words(inducement)),
            ("Cost", costs),
            ("Available to", condition_words(ruleset, labels, inducement.eligibility)),
            (
                "Limits",
                "; ".join(
                    f"{'unlimited' if l.max is None else f'up to {l.max}'} for {condition_words(ruleset, labels, l.condition)}"
                    for l in inducement.limits
                ),
            ),
            ("Shared limit", f"at most {group.max} from {escape(group.name)}" if group else ""),
            ("Timing", escape(inducement.timing) if inducement.timing else ""),
            ("Table", table_link(ruleset, labels, inducement.table) if inducement.table else ""),
            ("Effects", effects_words(ruleset, labels, inducement.effects)),
        ]
    )
    out.paragraph(escape(inducement.text))
    if inducement.note and not inducement.provisional:
        out.admonition("Note", [escape(inducement.note)], "note")
    out.bullets(_profile_words(ruleset, labels, p) for p in inducement.profiles)
    return out


def overview_rst(ruleset: Ruleset, labels: Labels) -> Rst:
    """One line per inducement, linked to its entry."""
    out = Rst()
    out.list_table(
        ("Inducement", "Quantity", "Cost", "Available to"),
        [
            (
                ref(i.name, labels("inducement", i.id)),
                quantity_words(i),
                "; ".join(cost_words(ruleset, labels, c) for c in i.costs),
                condition_words(ruleset, labels, i.eligibility),
            )
            for i in ruleset.inducements.values()
        ],
    )
    return out


class InducementsDirective(RulesetDirective):
    """A summary table, then every inducement of the ruleset's active list, in the list's order."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        if not ruleset.inducements:
            out = Rst()
            out.paragraph("This ruleset has no inducements.")
            return out
        out = overview_rst(ruleset, labels)
        for inducement in ruleset.inducements.values():
            out.extend(inducement_rst(ruleset, labels, inducement))
        return out
