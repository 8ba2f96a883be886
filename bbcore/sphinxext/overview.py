"""Directives that look across rulesets: what is provisional everywhere, and what a variant changes.

``.. bbcore-provisional::`` lists every provisional table, inducement, skill and
pitch of the core, of each installed variant (under its defaults and under each
other value of each of its options) and of each installed pack, each linked to its
entry, and every provisional reading in the plugins' rules files, by its path.
``.. bbcore-changes::`` with ``:variant:`` (and optionally ``:pack:`` and
``:option:``) compares that ruleset with the core: tables, rosters, skills,
pitches and glossary entries added, replaced or dropped, roles filled by other
tables, parameters changed, sequence steps added or dropped, and the inducement
list. Neither knows any plugin by name; they ask the plugin host what is installed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.util.parsing import nested_parse_to_nodes

import bbcore
from bbcore.errors import BBCoreError
from bbcore.plugins import default_host
from bbcore.rules_files import provisional_readings
from bbcore.sphinxext.rst import Rst, escape, literal, ref
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.words import linked_text

if TYPE_CHECKING:
    from docutils.nodes import Node

    from bbcore.ruleset import Ruleset

#: Entity kinds compared and listed: (kind as in ``Ruleset.origins``, ruleset attribute, label kind, words).
_KINDS = (
    ("table", "tables", "table", "Tables"),
    ("roster", "rosters", "roster", "Rosters"),
    ("skill", "skills", "skill", "Skills"),
    ("pitch", "pitches", "pitch", "Pitches"),
    ("inducement", "inducements", "inducement", "Inducements"),
    ("league", "leagues", "league", "Leagues"),
    ("special-rule", "special_rules", "special-rule", "Special rules"),
)


class _CrossRulesetDirective(RulesetDirective):
    """Renders links under several selections; each link keeps the fallbacks of the selection it was made under."""

    #: The variant whose links are being made, for directives that go through several.
    _variant: str | None = None

    def run(self) -> list[Node]:
        self._fallbacks: dict[str, list[str]] = {}
        markup = self.render_all()
        source = f"<{self.name} in {self.env.docname}>"
        parsed = nested_parse_to_nodes(self.state, StringList(markup.lines, source=source), source=source, allow_section_headings=True)
        for tree in parsed:
            for xref in tree.findall(pending_xref):
                if xref.get("refdomain") == "std" and xref.get("reftype") == "ref":
                    xref["bbcore_fallbacks"] = self._fallbacks.get(xref["reftarget"], [])
        return parsed

    def render_all(self) -> Rst:
        raise NotImplementedError

    def use(self, ruleset: Ruleset) -> None:
        self._note_data_files(ruleset)

    def link(self, labels: Labels, kind: str, entity_id: str, title: str) -> str:
        """A link to an entry; where the site has none under this selection, to the same entry under
        a broader one, or else under any option of the same variant (a table in force on one pitch only)."""
        label = labels(kind, entity_id)
        rest = label.removeprefix(labels.prefix)
        variant = self.options.get("variant") or self._variant
        anywhere = [f"*{variant}-|-{rest}"] if variant else []
        self._fallbacks.setdefault(label, [*labels.fallbacks_for(label), *anywhere])
        return ref(title, label)

    def text(self, ruleset: Ruleset, labels: Labels, text: str) -> str:
        markup = linked_text(ruleset, labels, text)
        for kind, ids in (("skill", ruleset.skills), ("table", ruleset.tables)):
            for entity_id in ids:
                label = labels(kind, entity_id)
                self._fallbacks.setdefault(label, labels.fallbacks_for(label))
        return markup


# -- what is provisional ----------------------------------------------------------------


def _selections() -> Iterator[tuple[str, str | None, tuple[str, ...], dict[str, str]]]:
    """(title, variant, packs, options): the core, each variant under its defaults and each other option value, each pack."""
    host = default_host()
    yield "Blood Bowl 2025 (the core)", None, (), {}
    for name, source in sorted(host.variants().items()):
        title = f"Variant {name}: {source.description.rstrip('.')}"
        yield title, name, (), {}
        active = set(host.active_plugins(name, ()))
        for key, option in sorted(host.options.items()):
            if option.plugin not in active:
                continue
            for value in option.values:
                if value != option.default:
                    yield title, name, (), {key: value}
    for name, source in sorted(host.packs().items()):
        yield f"Pack {name}: {source.description.rstrip('.')}", None, (name,), {}


def _note(entity: object) -> str:
    return str(getattr(entity, "note", None) or "No note given.")


def _provisional_parts(kind: str, entity: Any) -> Iterator[tuple[str, str, str, str]]:
    """(key, name, kind of entry, note) for the entity if it is provisional, and for each provisional feature type
    of a pitch that is not (the core pitch's trapdoors): they link to the pitch."""
    if getattr(entity, "provisional", False):
        yield entity.id, entity.name, kind.replace("-", " "), _note(entity)
    elif kind == "pitch":
        for feature in entity.feature_types:
            if feature.provisional:
                yield f"{entity.id}#{feature.id}", f"{entity.name}: {feature.name}", "pitch feature", _note(feature)


class ProvisionalDirective(_CrossRulesetDirective):
    """Every provisional entry of every installed ruleset, by ruleset, linked to where the site shows it."""

    option_spec: ClassVar[dict[str, object]] = {}

    def render_all(self) -> Rst:
        sections: dict[str, list[list[str]]] = {}
        seen: set[tuple[str, str, str]] = set()
        for title, variant, packs, options in _selections():
            try:
                ruleset = bbcore.load_ruleset(variant, packs, options)
            except BBCoreError:
                continue  # an option value that needs another one set too; its entries show up elsewhere
            self.use(ruleset)
            self._variant = variant
            labels = Labels.for_selection(variant, packs, options, ruleset.options)
            rows = sections.setdefault(title, [])
            when = ", ".join(f"{k}={v}" for k, v in options.items())
            under = f" ({literal(when)})" if when else ""
            for kind, attribute, label_kind, _ in _KINDS:
                for entity in getattr(ruleset, attribute).values():
                    origin = ruleset.origins.get((kind, entity.id))
                    own = origin is not None and (origin.layer > 0 if (variant or packs) else origin.layer == 0)
                    if not own:
                        continue
                    for key, name, what, note in _provisional_parts(kind, entity):
                        if (title, kind, key) in seen:
                            continue
                        seen.add((title, kind, key))
                        rows.append(
                            [
                                self.link(labels, label_kind, entity.id, name),
                                escape(what) + under,
                                self.text(ruleset, labels, note),
                            ]
                        )
            for rules_id, data in sorted(ruleset.rules_files.items()):
                for path, reading in provisional_readings(data, rules_id):
                    if (title, "rules-file", path) in seen:
                        continue
                    seen.add((title, "rules-file", path))
                    rows.append([literal(path), "rules file reading" + under, self.text(ruleset, labels, str(reading["note"]))])
        out = Rst()
        for title, rows in sections.items():
            out.rubric(title)
            if rows:
                out.list_table(("Entry", "Kind", "Why it is provisional"), rows, widths=(25, 15, 60))
            else:
                out.paragraph("Nothing here is provisional.")
        return out


# -- what a variant changes --------------------------------------------------------------


def _flatten(value: Any, path: str = "") -> dict[str, Any]:
    """Parameters as ``{"rerolls.fixed_cost": 100000, ...}``: attrs classes and mappings opened up."""
    if attrs.has(type(value)):
        value = {field.name: getattr(value, field.name) for field in attrs.fields(type(value))}
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out.update(_flatten(item, f"{path}.{key}" if path else str(key)))
        return out or {path: "none"}
    return {path: value}


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value)) or "none"
    return str(value)


class ChangesDirective(_CrossRulesetDirective):
    """What the selected ruleset changes relative to the core, each entry linked to the page that shows it.

    With ``:against: defaults`` the comparison is with the same variant and packs under
    their default options instead: what an option (``:option:``) changes, alone.
    """

    option_spec: ClassVar[dict[str, object]] = {
        **_CrossRulesetDirective.option_spec,
        "against": lambda v: directives.choice(v, ("core", "defaults")),
    }

    def render_all(self) -> Rst:
        if not self.options.get("variant") and not self.options.get("pack"):
            raise self.error(f"{self.name}: give :variant: or :pack: (the core has nothing to compare with)")
        ruleset = self.ruleset()
        defaults = self.options.get("against") == "defaults"
        variant, packs = self.options.get("variant") or None, tuple(self.options.get("pack", ()))
        core = bbcore.load_ruleset(variant, packs) if defaults else bbcore.load_ruleset()
        #: How the page names what it compares with: whose, and what it uses.
        self._base_s, self._base_uses = ("the defaults'", "the defaults use") if defaults else ("the core's", "the core uses")
        self.use(ruleset)
        self.use(core)
        mine = self.labels(ruleset)
        theirs = Labels.for_selection(variant, packs, {}) if defaults else Labels.for_selection(None, (), {})
        out = Rst()
        for kind, attribute, label_kind, words in _KINDS:
            new: Mapping[str, Any] = getattr(ruleset, attribute)
            old: Mapping[str, Any] = getattr(core, attribute)
            items = []
            dropped = [e for e in old.values() if e.id not in new and not any(getattr(n, "replaces", None) == e.id for n in new.values())]
            if kind == "inducement" and old and len(dropped) == len(old):
                # A list of its own in place of the core's: name it once, not as one change per entry.
                own = ", ".join(self.link(mine, label_kind, e.id, e.name) for e in new.values())
                out.rubric(words)
                out.paragraph(f"{self._base_s.capitalize()} list of {len(old)} inducements is replaced by a list of {len(new)}: {own}.")
                continue
            for entity in new.values():
                if entity.id in old:
                    continue
                link = self.link(mine, label_kind, entity.id, entity.name)
                replaced = getattr(entity, "replaces", None)
                if isinstance(replaced, str) and replaced in old:
                    items.append(f"{link} replaces {self.link(theirs, label_kind, replaced, old[replaced].name)}")
                else:
                    items.append(f"{link} added")
            items += [f"{self.link(theirs, label_kind, e.id, e.name)} dropped" for e in dropped]
            if items:
                out.rubric(words)
                out.bullets(items)
        out.extend(self._roles(ruleset, core, mine, theirs))
        out.extend(self._parameters(ruleset, core, "Defaults" if defaults else "Core"))
        out.extend(self._sequences(ruleset, core, mine, theirs))
        if not out.lines:
            out.paragraph(f"Nothing: this ruleset is {self._base_s}.")
        return out

    def _entity_link(self, ruleset: Ruleset, labels: Labels, entity_id: str) -> str:
        if entity_id in ruleset.tables:
            return self.link(labels, "table", entity_id, ruleset.tables[entity_id].name)
        if entity_id in ruleset.pitches:
            return self.link(labels, "pitch", entity_id, ruleset.pitches[entity_id].name)
        return literal(entity_id)

    def _roles(self, ruleset: Ruleset, core: Ruleset, mine: Labels, theirs: Labels) -> Rst:
        items = []
        for role in sorted(set(ruleset.roles) | set(core.roles)):
            now, before = ruleset.roles.get(role), core.roles.get(role)
            if now == before:
                continue
            if now is None:
                items.append(f"{literal(role)}: no longer filled ({self._base_uses} {self._entity_link(core, theirs, before or '')})")
            elif before is None:
                items.append(f"{literal(role)}: a new role, filled by {self._entity_link(ruleset, mine, now)}")
            else:
                items.append(
                    f"{literal(role)}: filled by {self._entity_link(ruleset, mine, now)} "
                    f"instead of {self._entity_link(core, theirs, before)}"
                )
        out = Rst()
        if items:
            out.rubric("Roles")
            out.paragraph("What the rules roll on or play on by role, e.g. the pre-game sequence's weather step:")
            out.bullets(items)
        return out

    @staticmethod
    def _parameters(ruleset: Ruleset, core: Ruleset, base: str) -> Rst:
        new, old = _flatten(ruleset.parameters), _flatten(core.parameters)
        rows = [
            [literal(key), escape(_shown(old.get(key))), escape(_shown(new.get(key)))]
            for key in sorted(set(new) | set(old))
            if new.get(key) != old.get(key)
        ]
        out = Rst()
        if rows:
            out.rubric("Parameters")
            out.list_table(("Parameter", base, "Here"), rows)
        return out

    def _sequences(self, ruleset: Ruleset, core: Ruleset, mine: Labels, theirs: Labels) -> Rst:
        items = []
        for sequence_id in sorted(set(ruleset.sequences) | set(core.sequences)):
            new, old = ruleset.sequences.get(sequence_id), core.sequences.get(sequence_id)
            if new is None and old is not None:
                items.append(f"{self.link(theirs, 'sequence', sequence_id, old.name)} dropped")
                continue
            if new is None:
                continue
            link = self.link(mine, "sequence", sequence_id, new.name)
            if old is None:
                items.append(f"{link} added")
                continue
            before, after = {s.id: s for s in old.steps}, {s.id: s for s in new.steps}
            added = [escape(s.name) for s in new.steps if s.id not in before]
            dropped = [escape(s.name) for s in old.steps if s.id not in after]
            changes = [*(f"adds {name}" for name in added), *(f"drops {name}" for name in dropped)]
            if changes:
                items.append(f"{link}: {'; '.join(changes)}")
        out = Rst()
        if items:
            out.rubric("Sequences")
            out.bullets(items)
        return out
