"""Build one immutable :class:`Ruleset` from the core and the selected plugins.

The order is fixed: the core's data, then the game variant's, then each pack's.
Later layers add entities with new ids or take the place of earlier ones with
``replaces: <id>``; nothing depends on install order. Every problem found on the
way (in any file, in any layer) is collected and raised together.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

import pluggy
from attrs import field, frozen

from bbcore.errors import BBCoreError, DataError, JsonPath, Location, PluginError, Problem, UsageError
from bbcore.loading.datadir import LoadedFile, load_directory, load_file
from bbcore.loading.structure import converter
from bbcore.loading.yaml_source import YamlDocument
from bbcore.merging import deep_merge
from bbcore.model.glossary import GlossaryEntry
from bbcore.model.inducement import Inducement, InducementGroup, InducementList
from bbcore.model.parameters import GameParameters
from bbcore.model.pitch import Pitch
from bbcore.model.roster import Position, Roster
from bbcore.model.sequence import Sequence, SequenceFile, Step
from bbcore.model.skill import Skill
from bbcore.model.table import Table
from bbcore.model.team import Team
from bbcore.plugins import DISABLE_ENV, PluginHost, PluginInfo, default_host, reset_default_host
from bbcore.references import (
    parameter_casualty_problems,
    parameter_inducement_problems,
    parameter_prayer_problems,
    parameter_skill_problems,
    parameter_special_rule_problems,
    table_coverage_problems,
)
from bbcore.registry import DataSource, Option
from bbcore.rules_files import AmendingFile, RulesFileProblem, build_rules_files

LAYER_NAMES = ("core", "variant", "pack")


@frozen
class Origin:
    """Where an entity was defined: its document and the JSON path of the entity in it."""

    document: YamlDocument
    base: JsonPath
    layer: int = 0
    #: The plugin whose data directory holds it ("" when none is known, a file checked alone).
    plugin: str = ""

    def locate(self, sub: JsonPath = ()) -> Location:
        return self.document.locate((*self.base, *sub))

    def problem(self, sub: JsonPath, code: str, message: str) -> Problem:
        return Problem.at(self.locate(sub), code, message)


@frozen
class TeamFileRef:
    """A ready-made team file that a ruleset ships."""

    id: str
    name: str
    path: str
    team: Team
    document: YamlDocument = field(repr=False)


class HookRelay:
    """``ruleset.hook.<name>(...)`` calls a hook on the ruleset's active plugins only.

    An exception escaping a plugin's hook becomes a :class:`~bbcore.errors.PluginError`
    that names the plugin, so a broken plugin is reported, not a traceback.
    """

    def __init__(self, host: PluginHost, active: Iterable[str]) -> None:
        self._host = host
        self._active = tuple(active)
        self._callers: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in self._callers:
            if not hasattr(self._host.pm.hook, name):
                raise AttributeError(f"bbcore has no hook {name!r}")
            self._callers[name] = _GuardedCaller(self._host, name, self._host.hook_caller(name, self._active))
            # Kept as an attribute too: the next ``hook.<name>`` is found without coming back here.
            setattr(self, name, self._callers[name])
        return self._callers[name]


#: How pluggy runs a hook's implementations when nobody watches the calls: a manager with call
#: monitoring (a hook trace) has another, and its hooks always go through pluggy.
_PLAIN_HOOKEXEC = pluggy.PluginManager("bbcore-probe")._inner_hookexec


class _GuardedCaller:
    """One hook of one ruleset, called through pluggy, or straight to its implementation when that gives the same answer.

    The rules call some hooks at every step of every move, where pluggy's machinery
    costs more than the answer. A hook with at most one implementation, which wraps
    nothing, is called directly, as pluggy would call it. The plan is checked on every
    call against the implementations registered and the manager's call monitoring (a
    hook trace), so a plugin registered or a trace attached later is honoured at once.
    """

    def __init__(self, host: PluginHost, name: str, caller: Any) -> None:
        self._host = host
        self._name = name
        self._caller = caller
        # A subset caller reads its implementations from the full caller's list, changed in place by pluggy.
        self._registered: list[Any] = getattr(caller, "_orig", caller)._hookimpls
        self._seen: list[Any] | None = None
        self._monitor: Any = None
        self._direct: tuple[Any, bool] | None = None

    def __call__(self, **kwargs: Any) -> Any:
        try:
            if self._seen != self._registered or self._monitor is not self._host.pm._inner_hookexec:
                self._plan()
            direct = self._direct
            if direct is None:
                return self._caller(**kwargs)
            impl, firstresult = direct
            if impl is None:
                return None if firstresult else []
            try:
                args = [kwargs[name] for name in impl.argnames]
            except KeyError:
                return self._caller(**kwargs)  # pluggy fills in the spec's defaults, or says what is missing
            answer = impl.function(*args)
            if firstresult:
                return answer
            return [] if answer is None else [answer]
        except BBCoreError:
            raise
        except Exception as error:
            culprit = self._host.blame(error) or "unknown"
            raise PluginError(f"plugin {culprit!r} raised in {self._name}: {type(error).__name__}: {error}") from error

    def _plan(self) -> None:
        self._seen = list(self._registered)
        self._monitor = self._host.pm._inner_hookexec
        spec = self._caller.spec
        impls = self._caller.get_hookimpls()
        plain = spec is not None and not spec.opts.get("historic") and not any(i.wrapper or i.hookwrapper for i in impls)
        if self._monitor is not _PLAIN_HOOKEXEC or not plain or len(impls) > 1:
            self._direct = None
        else:
            self._direct = (impls[0] if impls else None, bool(spec.opts.get("firstresult")))

    def get_hookimpls(self) -> Any:
        return self._caller.get_hookimpls()


T = TypeVar("T")
#: The layer of amendment files given with the ruleset (``--amend``): after the packs.
EXTRA_AMENDMENT_LAYER = 3


@frozen(eq=False)
class Ruleset:
    """Everything the rules say under one choice of variant, packs and options. Immutable."""

    variant: str | None
    packs: tuple[str, ...]
    options: Mapping[str, str]
    plugins: tuple[PluginInfo, ...]
    parameters: GameParameters
    rosters: Mapping[str, Roster]
    skills: Mapping[str, Skill]
    tables: Mapping[str, Table]
    roles: Mapping[str, str]
    pitches: Mapping[str, Pitch]
    inducements: Mapping[str, Inducement]
    inducement_groups: Mapping[str, InducementGroup]
    leagues: Mapping[str, GlossaryEntry]
    special_rules: Mapping[str, GlossaryEntry]
    sequences: Mapping[str, Sequence]
    team_files: tuple[TeamFileRef, ...]
    #: The amendment files given on top of every layer (``--amend``), as given.
    amendments: tuple[str, ...]
    origins: Mapping[tuple[str, str], Origin] = field(repr=False)
    hook: HookRelay = field(repr=False)
    #: Each plugin rules file in force, as amended by this ruleset's layers, structured (by rules id).
    rules_models: Mapping[str, Any] = field(repr=False, factory=dict)
    _forms: Mapping[str, tuple[str, ...]] = field(init=False, repr=False)

    @_forms.default
    def _index_forms(self) -> Mapping[str, tuple[str, ...]]:
        forms: dict[str, tuple[str, ...]] = {}
        for skill in self.skills.values():
            if skill.acts_as is not None:
                forms[skill.acts_as] = (*forms.get(skill.acts_as, (skill.acts_as,)), skill.id)
        return MappingProxyType(forms)

    @property
    def rules_files(self) -> Mapping[str, Mapping[str, Any]]:
        """Each plugin rules file in force, as amended, as plain data (by rules id)."""
        return {rules_id: converter.unstructure(model) for rules_id, model in self.rules_models.items()}

    # -- lookups ---------------------------------------------------------------

    def roster(self, roster_id: str) -> Roster:
        try:
            return self.rosters[roster_id]
        except KeyError:
            raise UsageError(_unknown("roster", roster_id, self.rosters)) from None

    def position(self, ref: str) -> Position:
        """A position by ``<roster-id>/<position-id>``."""
        roster_id, _, position_id = ref.partition("/")
        roster = self.rosters.get(roster_id)
        position = roster.position(position_id) if roster is not None else None
        if position is None:
            raise UsageError(f"unknown position {ref!r}; positions are named <roster-id>/<position-id>, e.g. human/ogre")
        return position

    def skill(self, skill_id: str) -> Skill:
        try:
            return self.skills[skill_id]
        except KeyError:
            raise UsageError(_unknown("skill", skill_id, self.skills)) from None

    def rules_model(self, rules_id: str, model: type[T]) -> T:
        """A plugin's rules file as this ruleset amends it, structured into ``model`` (the class it was registered with).

        Raises ``UsageError`` for a rules file not in force here (its plugin is not part of
        the ruleset), or a model other than the registered one.
        """
        found = self.rules_models.get(rules_id)
        if found is None:
            raise UsageError(_unknown("rules file", rules_id, self.rules_models))
        if not isinstance(found, model):
            raise UsageError(f"the rules file {rules_id!r} is a {type(found).__name__}, not a {model.__name__}")
        return found

    def table(self, id_or_role: str) -> Table:
        """The table filling a role under this ruleset's options, or else a table by id.

        Roles come first: under a variant, ``table("weather")`` is the weather table in
        force, even though the core's table of that id still exists in ``tables``.
        """
        if id_or_role in self.roles and self.roles[id_or_role] in self.tables:
            return self.tables[self.roles[id_or_role]]
        if id_or_role in self.tables:
            return self.tables[id_or_role]
        table_roles = {role for role, target in self.roles.items() if target in self.tables}
        raise UsageError(_unknown("table or role", id_or_role, {*self.tables, *table_roles}))

    def inducement(self, inducement_id: str) -> Inducement:
        try:
            return self.inducements[inducement_id]
        except KeyError:
            raise UsageError(_unknown("inducement", inducement_id, self.inducements)) from None

    @property
    def pitch(self) -> Pitch:
        """The pitch in use: the one filling the ``pitch`` role."""
        return self.pitches[self.roles["pitch"]]

    def sequence(self, sequence_id: str) -> Sequence:
        try:
            return self.sequences[sequence_id]
        except KeyError:
            raise UsageError(_unknown("sequence", sequence_id, self.sequences)) from None

    def origin(self, kind: str, entity_id: str) -> Location | None:
        origin = self.origins.get((kind, entity_id))
        return origin.locate() if origin is not None else None

    def positions(self) -> Iterator[tuple[Roster, Position]]:
        for roster in self.rosters.values():
            for position in roster.positions:
                yield roster, position

    def skill_forms(self, skill_id: str) -> tuple[str, ...]:
        """The skill and every skill that acts as it (``acts_as``: an older form of it, say), the skill first.

        The procedures look for all of them where they play the skill: see
        :func:`bbcore.rules.skill_forms.held_form`.
        """
        return self._forms.get(skill_id, (skill_id,))

    def skill_display(self, skill_id: str, value: int | str | None = None) -> str:
        skill = self.skills.get(skill_id)
        return skill.display(value) if skill is not None else skill_id


def _unknown(kind: str, name: str, known: Iterable[str]) -> str:
    names = sorted(known)
    close = [n for n in names if name in n or n in name][:5]
    hint = f"; did you mean {', '.join(close)}?" if close else f"; known: {', '.join(names[:12])}{', ...' if len(names) > 12 else ''}"
    return f"unknown {kind} {name!r}{hint}"


# -- building -------------------------------------------------------------------


def _frozen_map(items: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(items))


def _condition_holds(when: Mapping[str, str], options: Mapping[str, str]) -> bool:
    return all(options.get(key) == value for key, value in when.items())


class _Merge:
    """Entities of one kind by id, honouring ``replaces``, with their origins."""

    def __init__(self, kind: str, problems: list[Problem]) -> None:
        self.kind = kind
        self.items: dict[str, Any] = {}
        self.origins: dict[str, Origin] = {}
        self.replaced: dict[str, Origin] = {}
        self.replacements: dict[str, Any] = {}
        self.problems = problems

    def _takes_precedence(self, target: str, entity: Any, origin: Origin) -> bool:
        """A second replacement of ``target``: whether it takes the first one's place (it declares precedence over that
        plugin). When neither declares precedence over the other it is an error naming both plugins."""
        first, earlier = self.replaced[target], self.replacements[target]
        if first.plugin and first.plugin != origin.plugin:
            if first.plugin in getattr(entity, "precedence_over", ()):
                del self.items[earlier.id]
                del self.origins[earlier.id]
                return True
            if origin.plugin in getattr(earlier, "precedence_over", ()):
                return False  # the first one wins, as its plugin declared
        there = first.locate(("replaces",))
        by = f"plugins {first.plugin!r} and {origin.plugin!r}" if first.plugin != origin.plugin else f"plugin {origin.plugin!r}"
        self.problems.append(
            origin.problem(
                ("replaces",),
                "conflicting-replacement",
                f"{self.kind} {target!r} is replaced twice, by {by}: here and at {there} ({there.path});"
                " one of them may declare precedence_over: [the other plugin]",
            )
        )
        return False

    def add(self, entity: Any, origin: Origin) -> None:
        target = getattr(entity, "replaces", None)
        if target is not None:
            if target in self.replaced:
                if not self._takes_precedence(target, entity, origin):
                    return
            elif target not in self.items:
                self.problems.append(origin.problem(("replaces",), "unknown-replacement", f"replaces unknown {self.kind} {target!r}"))
                return
            else:
                del self.items[target]
                del self.origins[target]
            self.replaced[target] = origin
            self.replacements[target] = entity
        if entity.id in self.items:
            first = self.origins[entity.id].locate(("id",))
            self.problems.append(
                origin.problem(("id",), "duplicate-id", f"duplicate {self.kind} id {entity.id!r}; first defined at {first} ({first.path})")
            )
            return
        self.items[entity.id] = entity
        self.origins[entity.id] = origin


class RulesetBuilder:
    def __init__(
        self,
        host: PluginHost,
        variant: str | None,
        packs: tuple[str, ...],
        options: Mapping[str, str],
        amendments: tuple[str, ...] = (),
    ) -> None:
        self.host = host
        self.variant = variant
        self.packs = packs
        self.raw_options = dict(options)
        self.amendments = amendments
        self.problems: list[Problem] = []

    # -- selection ---------------------------------------------------------------

    def _sources(self) -> list[tuple[int, DataSource]]:
        variants = self.host.variants()
        packs = self.host.packs()
        wrong: list[str] = []
        if self.variant is not None and self.variant not in variants:
            known = ", ".join(sorted(variants)) or "none installed"
            wrong.append(f"unknown variant {self.variant!r}; installed variants: {known}")
        for pack in self.packs:
            if pack not in packs:
                known = ", ".join(sorted(packs)) or "none installed"
                wrong.append(f"unknown pack {pack!r}; installed packs: {known}")
        if len(set(self.packs)) != len(self.packs):
            wrong.append("a pack is selected more than once")
        if wrong:
            raise UsageError("\n".join(wrong))
        sources = [(0, self.host.core_source())]
        if self.variant is not None:
            sources.append((1, variants[self.variant]))
        sources.extend((2, packs[p]) for p in self.packs)
        return sources

    def _options(self, active: list[str]) -> dict[str, str]:
        available: dict[str, Option] = {k: o for k, o in self.host.options.items() if o.plugin in active}
        resolved = {key: option.default for key, option in available.items()}
        wrong: list[str] = []
        for key, value in self.raw_options.items():
            if key not in available:
                listing = ", ".join(f"{k} ({'|'.join(o.values)})" for k, o in sorted(available.items())) or "none"
                wrong.append(f"unknown option {key!r} for this ruleset; its options: {listing}")
            elif value not in available[key].values:
                wrong.append(f"option {key!r} cannot be {value!r}; allowed values: {', '.join(available[key].values)}")
            else:
                resolved[key] = value
        if wrong:
            raise UsageError("\n".join(wrong))
        return resolved

    @staticmethod
    def _check_option_combinations(options: Mapping[str, str], hook: HookRelay) -> None:
        """Every active plugin's word on options that do not go together, raised at once."""
        messages = [message for found in hook.bbcore_option_problems(options=options) for message in (found or ())]
        if messages:
            raise UsageError("\n".join(messages))

    # -- build ---------------------------------------------------------------------

    def build(self) -> Ruleset:
        sources = self._sources()
        active = self.host.active_plugins(self.variant, self.packs)
        options = self._options(active)
        declared = set(self.host.options)
        hook = HookRelay(self.host, active)
        self._check_option_combinations(options, hook)

        layers: list[tuple[int, DataSource, list[LoadedFile]]] = []
        for layer, source in sources:
            loaded, problems = load_directory(source.data_dir)
            self.problems.extend(problems)
            layers.append((layer, source, loaded))

        merges = {kind: _Merge(kind, self.problems) for kind in ("roster", "skill", "table", "pitch", "league", "special-rule", "sequence")}
        parameter_layers: list[tuple[YamlDocument, dict[str, Any]]] = []
        inducement_lists: list[tuple[int, LoadedFile, str]] = []
        sequence_files: list[LoadedFile] = []
        teams: list[LoadedFile] = []
        amending: list[AmendingFile] = []

        for layer, source, loaded in layers:
            plugin = source.plugin
            for item in loaded:
                self._check_when_keys(item, declared)
                model = item.model
                doc = item.document
                if item.kind == "roster":
                    merges["roster"].add(model, Origin(doc, (), layer, plugin))
                elif item.kind == "table":
                    # Coverage needs no other file, so it is checked even when other files failed.
                    self.problems.extend(table_coverage_problems(model, Origin(doc, (), layer, plugin)))
                    # A table under ``when:`` stays in the ruleset (it is listed and linked);
                    # the condition only decides whether it fills its roles.
                    merges["table"].add(model, Origin(doc, (), layer, plugin))
                elif item.kind == "pitch":
                    merges["pitch"].add(model, Origin(doc, (), layer, plugin))
                elif item.kind == "skill":
                    for i, skill in enumerate(model.skills):
                        merges["skill"].add(skill, Origin(doc, ("skills", i), layer, plugin))
                elif item.kind == "glossary":
                    for i, entry in enumerate(model.leagues):
                        merges["league"].add(entry, Origin(doc, ("leagues", i), layer, plugin))
                    for i, entry in enumerate(model.special_rules):
                        merges["special-rule"].add(entry, Origin(doc, ("special_rules", i), layer, plugin))
                elif item.kind == "parameters":
                    if _condition_holds(model.get("when", {}), options):
                        parameter_layers.append((doc, model))
                elif item.kind == "inducement":
                    inducement_lists.append((layer, item, plugin))
                elif item.kind == "sequence":
                    sequence_files.append(item)
                elif item.kind == "amendments":
                    amending.append(AmendingFile(layer, doc, model))
                elif item.kind == "team" and layer == (1 if self.variant else 0):
                    # Ready-made teams belong to their game: a variant lists its own, not the core's.
                    teams.append(item)

        tables = merges["table"]
        roles = self._resolve_roles("table", tables, options, hook)
        pitch_roles = self._resolve_roles("pitch", merges["pitch"], options, hook)
        if "pitch" not in pitch_roles:
            self.problems.append(Problem("missing-pitch", "no active pitch fills the 'pitch' role", "$"))
        amending.extend(self._extra_amendments())
        self._check_amendment_conditions(amending)
        rules_files = build_rules_files(self.host.rules_files, active, amending, options)
        self.problems.extend(rules_files.problems)
        parameters = self._parameters(parameter_layers, options, hook, None if rules_files.problems else rules_files.models)
        inducements, groups, inducement_origins = self._inducements(inducement_lists)
        sequences, sequence_origins = self._sequences(sequence_files, options)
        team_refs = self._team_refs(teams)

        origins: dict[tuple[str, str], Origin] = {}
        for kind, merge in merges.items():
            for entity_id, origin in merge.origins.items():
                origins[(kind, entity_id)] = origin
        for entity_id, origin in inducement_origins.items():
            origins[("inducement", entity_id)] = origin
        for entity_id, origin in sequence_origins.items():
            origins[("sequence", entity_id)] = origin

        if self.problems or parameters is None:
            raise DataError(self.problems)

        plugin_infos = tuple(info for info in self.host.describe() if info.name in active)
        ruleset = Ruleset(
            variant=self.variant,
            packs=self.packs,
            options=_frozen_map(options),
            plugins=plugin_infos,
            parameters=parameters,
            rosters=_frozen_map(merges["roster"].items),
            skills=_frozen_map(merges["skill"].items),
            tables=_frozen_map(tables.items),
            roles=_frozen_map({**roles, **pitch_roles}),
            pitches=_frozen_map(merges["pitch"].items),
            inducements=_frozen_map(inducements),
            inducement_groups=_frozen_map(groups),
            leagues=_frozen_map(merges["league"].items),
            special_rules=_frozen_map(merges["special-rule"].items),
            sequences=_frozen_map(sequences),
            team_files=tuple(team_refs),
            amendments=self.amendments,
            origins=_frozen_map(origins),
            hook=hook,
            rules_models=_frozen_map(rules_files.models),
        )
        from bbcore.references import reference_problems  # noqa: PLC0415 - avoids an import cycle

        found = reference_problems(ruleset)
        found.extend(parameter_skill_problems(ruleset.skills, parameter_layers))
        listed = {inducement.id for _, item, _ in inducement_lists for inducement in item.model.inducements}
        found.extend(parameter_inducement_problems(listed, parameter_layers))
        found.extend(parameter_prayer_problems(ruleset, parameter_layers))
        found.extend(parameter_special_rule_problems(ruleset, parameter_layers))
        found.extend(parameter_casualty_problems(ruleset, parameter_layers))
        for answer in hook.bbcore_rules_file_problems(ruleset=ruleset):
            for problem in answer or ():
                if not isinstance(problem, RulesFileProblem):
                    raise PluginError(f"a plugin's bbcore_rules_file_problems gave {problem!r}, which is not a RulesFileProblem")
                located = rules_files.locate(problem)
                if located is not None:
                    found.append(located)
        if found:
            raise DataError(found)
        return ruleset

    def _extra_amendments(self) -> list[AmendingFile]:
        """The amendment files given on top of the ruleset's layers (``--amend``), after every pack."""
        found: list[AmendingFile] = []
        for path in self.amendments:
            loaded, problems = load_file(Path(path), "amendments")
            self.problems.extend(problems)
            if loaded is not None:
                found.append(AmendingFile(EXTRA_AMENDMENT_LAYER, loaded.document, loaded.model))
        return found

    def _check_amendment_conditions(self, amending: list[AmendingFile]) -> None:
        """Each amendment's ``when`` names declared options and values they take: a condition no option could meet
        would leave the amendment out for ever, without a word."""
        options = self.host.options
        for item in amending:
            for index, amendment in enumerate(item.model.amend):
                for key, value in amendment.when.items():
                    here = ("amend", index, "when", key)
                    option = options.get(key)
                    if option is None:
                        declared = ", ".join(sorted(options)) or "none"
                        message = f"'when' names the option {key!r}, which no installed plugin declares (declared: {declared})"
                        self.problems.append(item.document.problem(here, "unknown-option", message))
                    elif value not in option.values:
                        message = f"the option {key!r} takes {', '.join(option.values)}, never {value!r}"
                        self.problems.append(item.document.problem(here, "unknown-option-value", message))

    def _check_when_keys(self, item: LoadedFile, declared: set[str]) -> None:
        data = item.document.data
        candidates: list[tuple[JsonPath, Any]] = []
        if isinstance(data, dict) and "when" in data:
            candidates.append((("when",), data["when"]))
        for key in ("edits", "sequences"):
            for i, entry in enumerate(data.get(key, []) if isinstance(data, dict) else []):
                if isinstance(entry, dict) and "when" in entry:
                    candidates.append(((key, i, "when"), entry["when"]))
        for path, when in candidates:
            for key in when:
                if key not in declared:
                    self.problems.append(
                        item.document.problem(
                            (*path, key), "unknown-option", f"'when' names the option {key!r}, which no installed plugin declares"
                        )
                    )

    def _resolve_roles(self, kind: str, merge: _Merge, options: Mapping[str, str], hook: HookRelay) -> dict[str, str]:
        claimants: dict[str, list[str]] = {}
        for entity_id, entity in merge.items.items():
            if not _condition_holds(entity.when, options):
                continue  # present in the ruleset, but not in force under these options
            for role in entity.roles:
                claimants.setdefault(role, []).append(entity_id)
        resolved: dict[str, str] = {}
        for role, ids in claimants.items():
            if len(ids) == 1:
                resolved[role] = ids[0]
                continue
            if kind == "table":
                chosen = hook.bbcore_active_table_for_role(role=role, candidates=tuple(merge.items[i] for i in ids), options=options)
                if chosen is not None:
                    resolved[role] = chosen.id
                    continue
            top = max(merge.origins[i].layer for i in ids)
            best = [i for i in ids if merge.origins[i].layer == top]
            if len(best) == 1:
                resolved[role] = best[0]
            else:
                places = "; ".join(f"{i} at {merge.origins[i].locate()}" for i in best)
                self.problems.append(
                    Problem("ambiguous-role", f"the role {role!r} is claimed by several {kind}s of the same layer: {places}", "$")
                )
        return resolved

    def _parameters(
        self,
        parameter_layers: list[tuple[YamlDocument, dict[str, Any]]],
        options: Mapping[str, str],
        hook: HookRelay,
        rules_files: Mapping[str, Any] | None,
    ) -> GameParameters | None:
        """The merged parameters with every plugin's changes; ``rules_files`` is None when some rules file is broken."""
        if not parameter_layers:
            self.problems.append(Problem("missing-parameters", "no parameters.yaml was found in the core data", "$"))
            return None
        merged: dict[str, Any] = {}
        for _doc, data in parameter_layers:
            merged = deep_merge(merged, {k: v for k, v in data.items() if k not in ("source", "when")})
        changes_by_plugin: dict[str, tuple[str, Any]] = {}
        results = hook.bbcore_parameter_changes.get_hookimpls()
        offered = {"options": options, "rules_files": MappingProxyType(dict(rules_files or {}))}
        for impl in results:
            if rules_files is None and "rules_files" in impl.argnames:
                # A broken rules file is already reported, and the ruleset will not be built: a change read
                # from it would only fail again, less clearly.
                continue
            # Each implementation is given the arguments it names, as pluggy would.
            change = impl.function(**{name: offered[name] for name in impl.argnames})
            if not change:
                continue
            for key, value in change.items():
                if key in changes_by_plugin and changes_by_plugin[key][1] != value:
                    other = changes_by_plugin[key][0]
                    self.problems.append(
                        Problem(
                            "conflicting-parameter",
                            f"plugins {other!r} and {impl.plugin_name!r} set the parameter {key!r} differently",
                            "$",
                        )
                    )
                changes_by_plugin[key] = (impl.plugin_name, value)
            merged = deep_merge(merged, change)
        try:
            return converter.structure(merged, GameParameters)
        except Exception as error:  # noqa: BLE001 - reported against the core parameters file
            from bbcore.loading.structure import _error_paths  # noqa: PLC0415

            doc = parameter_layers[0][0]
            for path, message in _error_paths(error, ()):
                self.problems.append(doc.problem(path, "incomplete-parameters", f"after merging every layer: {message}"))
            return None

    def _inducements(
        self, lists: list[tuple[int, LoadedFile, str]]
    ) -> tuple[dict[str, Inducement], dict[str, InducementGroup], dict[str, Origin]]:
        # Packs replace the active list; a variant's list extends it or, with mode: replace, stands alone.
        chosen = [(layer, item, plugin) for layer, item, plugin in lists if layer == 2]
        if not self.packs:
            for layer, item, plugin in lists:
                model: InducementList = item.model
                if model.mode == "replace":
                    chosen = [(layer, item, plugin)]
                else:
                    chosen.append((layer, item, plugin))
        merge = _Merge("inducement", self.problems)
        group_merge = _Merge("inducement group", self.problems)
        for layer, item, plugin in chosen:
            for i, inducement in enumerate(item.model.inducements):
                merge.add(inducement, Origin(item.document, ("inducements", i), layer, plugin))
            for i, group in enumerate(item.model.groups):
                group_merge.add(group, Origin(item.document, ("groups", i), layer, plugin))
        return merge.items, group_merge.items, merge.origins

    def _sequences(self, files: list[LoadedFile], options: Mapping[str, str]) -> tuple[dict[str, Sequence], dict[str, Origin]]:
        sequences: dict[str, list[Step]] = {}
        meta: dict[str, Sequence] = {}
        origins: dict[str, Origin] = {}
        for item in files:
            model: SequenceFile = item.model
            for i, sequence in enumerate(model.sequences):
                if sequence.id in meta:
                    first = origins[sequence.id].locate(("id",))
                    self.problems.append(
                        item.document.problem(
                            ("sequences", i, "id"), "duplicate-id", f"duplicate sequence id {sequence.id!r}; first defined at {first}"
                        )
                    )
                    continue
                meta[sequence.id] = sequence
                origins[sequence.id] = Origin(item.document, ("sequences", i))
                sequences[sequence.id] = [s for s in sequence.steps if _condition_holds(s.when, options)]
        for item in files:
            for i, edit in enumerate(item.model.edits):
                if not _condition_holds(edit.when, options):
                    continue
                here = ("edits", i)
                steps = sequences.get(edit.sequence)
                if steps is None:
                    self.problems.append(
                        item.document.problem((*here, "sequence"), "unknown-sequence", f"unknown sequence {edit.sequence!r}")
                    )
                    continue
                anchor = edit.remove or edit.replace or edit.before or edit.after
                ids = [s.id for s in steps]
                if anchor not in ids:
                    key = "remove" if edit.remove else "replace" if edit.replace else "before" if edit.before else "after"
                    self.problems.append(
                        item.document.problem(
                            (*here, key), "unknown-step", f"sequence {edit.sequence!r} has no step {anchor!r}; its steps: {', '.join(ids)}"
                        )
                    )
                    continue
                at = ids.index(anchor)
                if edit.remove:
                    del steps[at]
                elif edit.replace and edit.step is not None:
                    steps[at] = edit.step
                elif edit.before and edit.step is not None:
                    steps.insert(at, edit.step)
                elif edit.after and edit.step is not None:
                    steps.insert(at + 1, edit.step)
        result = {sid: Sequence(meta[sid].id, meta[sid].name, tuple(steps), meta[sid].text) for sid, steps in sequences.items()}
        return result, origins

    def _team_refs(self, teams: list[LoadedFile]) -> list[TeamFileRef]:
        refs = []
        for item in teams:
            team: Team = item.model
            file = item.document.file
            team_id = team.id or file.rsplit("/", 1)[-1].removesuffix(".yaml")
            refs.append(TeamFileRef(team_id, team.name, file, team, item.document))
        return refs


def build_ruleset(
    variant: str | None = None,
    packs: Iterable[str] = (),
    options: Mapping[str, str] | None = None,
    *,
    host: PluginHost | None = None,
    amendments: Iterable[str | Path] = (),
) -> Ruleset:
    """Build a ruleset without the cache (tests, and hosts with extra plugins)."""
    extra = tuple(str(path) for path in amendments)
    return RulesetBuilder(host or default_host(), variant, tuple(packs), options or {}, extra).build()


@lru_cache(maxsize=64)
def _cached(
    variant: str | None,
    packs: tuple[str, ...],
    options: tuple[tuple[str, str], ...],
    disabled: str,
    amendments: tuple[tuple[str, str], ...],
) -> Ruleset:
    return build_ruleset(variant, packs, dict(options), amendments=[path for path, _ in amendments])


def _content_key(path: str) -> str:
    """What an amendment file holds, for the cache: an edited file gives a new ruleset, never a stale one."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return ""  # unreadable: the build says so, located


_last_disabled: list[str] = [os.environ.get(DISABLE_ENV, "")]


def load_ruleset(
    variant: str | None = None,
    packs: Iterable[str] = (),
    options: Mapping[str, str] | None = None,
    amendments: Iterable[str | Path] = (),
) -> Ruleset:
    """The ruleset for a game variant (None: Blood Bowl 2025), inducement packs, options and amendment files.

    ``amendments`` are ``amendments.yaml`` files applied on top of every layer, in order
    (``--amend`` on the command line): a quick way to try a rule change without a pack.

    Built once per distinct set of arguments in a process and shared: a Ruleset is
    immutable. Raises :class:`~bbcore.errors.UsageError` for unknown names and
    :class:`~bbcore.errors.DataError` (every problem, located) for bad data.
    """
    disabled = os.environ.get(DISABLE_ENV, "")
    if disabled != _last_disabled[0]:
        # Blocking plugins changes which plugins exist: discover them again.
        reset_default_host()
        _cached.cache_clear()
        _last_disabled[0] = disabled
    extra = tuple((str(path), _content_key(str(path))) for path in amendments)
    return _cached(variant, tuple(packs), tuple(sorted((options or {}).items())), disabled, extra)


def clear_cache() -> None:
    """Forget cached rulesets and discovered plugins."""
    _cached.cache_clear()
    reset_default_host()
