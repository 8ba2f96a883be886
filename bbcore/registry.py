"""What plugins register: data sources (core, variants, packs), rules files, options, sequence step procedures, table row
effects and pages of the rules site."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import frozen

from bbcore.errors import PluginError

#: Kebab-case, as every bbcore id (ARCHITECTURE §4): plugin names, plugins' command and page names.
KEBAB_CASE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


@frozen
class DataSource:
    """A data directory contributed by a plugin, as core, a game variant or an inducement pack."""

    plugin: str
    kind: str  # "core", "variant" or "pack"
    name: str
    data_dir: Path
    description: str


@frozen
class RulesFile:
    """A plugin's own file of numbers (``rules_id`` such as ``myvariant/numbers``), validated by its own schema.

    Later layers of a ruleset may change it key by key in their ``amendments.yaml``.
    """

    plugin: str
    rules_id: str
    path: Path
    schema: Path
    model: type[Any]
    description: str


@frozen
class Option:
    """A ruleset option a plugin accepts as ``--option key=value``."""

    plugin: str
    key: str
    values: tuple[str, ...]
    default: str
    description: str


class DataRegistrar:
    """Passed to :func:`~bbcore.hookspecs.bbcore_register_data`; collects data sources."""

    def __init__(self) -> None:
        self.sources: list[DataSource] = []
        self.rules_files: dict[str, RulesFile] = {}
        self._plugin = ""

    def bind(self, plugin: str) -> DataRegistrar:
        self._plugin = plugin
        return self

    def _add(self, kind: str, name: str, data_dir: Path | str, description: str) -> None:
        for existing in self.sources:
            if existing.kind == kind and existing.name == name:
                raise PluginError(f"plugins {existing.plugin!r} and {self._plugin!r} both register the {kind} {name!r}")
        if not Path(data_dir).is_dir():
            # A wheel built without its data files gets here: without this, its rules would be left out in silence.
            raise PluginError(
                f"plugin {self._plugin!r} registers the {kind} {name!r} with the data directory {str(data_dir)!r}, which is not a directory"
            )
        self.sources.append(DataSource(self._plugin, kind, name, Path(data_dir), description))

    def core(self, data_dir: Path | str, description: str) -> None:
        """Register the core rules data (used by the built-in core plugin)."""
        self._add("core", "core", data_dir, description)

    def variant(self, name: str, data_dir: Path | str, description: str) -> None:
        """Register a game variant, selected with ``--variant NAME``."""
        self._add("variant", name, data_dir, description)

    def pack(self, name: str, data_dir: Path | str, description: str) -> None:
        """Register an inducement pack, selected with ``--pack NAME``; its list replaces the active one."""
        self._add("pack", name, data_dir, description)

    def rules_file(self, rules_id: str, path: Path | str, schema: Path | str, model: type[Any], description: str) -> None:
        """Register a file of the plugin's own numbers, read per ruleset with :meth:`bbcore.ruleset.Ruleset.rules_model`.

        ``rules_id`` names it in amendments (``<plugin>/<name>`` by convention). The file,
        and the file as each ruleset amends it, must satisfy the JSON Schema ``schema`` and
        structure into the attrs class ``model``; both are checked when a ruleset is built,
        and every problem is located. It is in force where the registering plugin is active.
        """
        existing = self.rules_files.get(rules_id)
        if existing is not None:
            raise PluginError(f"plugins {existing.plugin!r} and {self._plugin!r} both register the rules file {rules_id!r}")
        self.rules_files[rules_id] = RulesFile(self._plugin, rules_id, Path(path), Path(schema), model, description)


class OptionRegistrar:
    """Passed to :func:`~bbcore.hookspecs.bbcore_register_options`; collects options."""

    def __init__(self) -> None:
        self.options: dict[str, Option] = {}
        self._plugin = ""

    def bind(self, plugin: str) -> OptionRegistrar:
        self._plugin = plugin
        return self

    def option(self, key: str, values: tuple[str, ...] | list[str], default: str, description: str) -> None:
        """Declare an option; ``default`` must be one of ``values``."""
        if key in self.options:
            raise PluginError(f"plugins {self.options[key].plugin!r} and {self._plugin!r} both declare the option {key!r}")
        values = tuple(values)
        if default not in values:
            raise PluginError(f"plugin {self._plugin!r}: the default {default!r} of option {key!r} is not one of {values}")
        self.options[key] = Option(self._plugin, key, values, default, description)


@frozen
class SequenceStep:
    """The procedure a plugin registered for one sequence step id."""

    plugin: str
    step_id: str
    function: Callable[..., Any]
    core: bool = False


class SequenceStepRegistrar:
    """Passed to :func:`~bbcore.hookspecs.bbcore_register_sequence_steps`; collects step procedures by step id.

    The core's procedures are the defaults. A plugin other than the core that registers
    a step id the core registered replaces the core's procedure; two such plugins
    registering the same id (or one plugin registering it twice) is an error naming both.
    """

    def __init__(self) -> None:
        self._defaults: dict[str, SequenceStep] = {}
        self._overrides: dict[str, SequenceStep] = {}
        self._plugin = ""
        self._core = False

    def bind(self, plugin: str, *, core: bool = False) -> SequenceStepRegistrar:
        self._plugin = plugin
        self._core = core
        return self

    def step(self, step_id: str, function: Callable[..., Any]) -> None:
        """Register ``function(ruleset, state, dice, decisions) -> (state, events)`` as the procedure of ``step_id``."""
        if not callable(function):
            raise PluginError(f"plugin {self._plugin!r} registers a step procedure for {step_id!r} that is not callable")
        registered = self._defaults if self._core else self._overrides
        if step_id in registered:
            raise PluginError(f"plugins {registered[step_id].plugin!r} and {self._plugin!r} both register the sequence step {step_id!r}")
        registered[step_id] = SequenceStep(self._plugin, step_id, function, self._core)

    @property
    def steps(self) -> dict[str, SequenceStep]:
        """Every registered step id with the procedure in force: a plugin's replacement, else the core's."""
        return {**self._defaults, **self._overrides}


@frozen
class RowEffect:
    """The procedure a plugin registered for one row of a table, the table named by id or by role."""

    plugin: str
    table: str
    row_id: str
    function: Callable[..., Any]
    core: bool = False


class RowEffectRegistrar:
    """Passed to :func:`~bbcore.hookspecs.bbcore_register_row_effects`; collects procedures by (table, row id).

    ``table`` is a table id or a table role. As for sequence steps, the core's
    procedures are the defaults: a plugin other than the core that registers a
    (table, row id) the core registered replaces the core's procedure, and two such
    plugins registering the same pair (or one plugin registering it twice) is an error
    naming both.
    """

    def __init__(self) -> None:
        self._defaults: dict[tuple[str, str], RowEffect] = {}
        self._overrides: dict[tuple[str, str], RowEffect] = {}
        self._plugin = ""
        self._core = False

    def bind(self, plugin: str, *, core: bool = False) -> RowEffectRegistrar:
        self._plugin = plugin
        self._core = core
        return self

    def row(self, table: str, row_id: str, function: Callable[..., Any]) -> None:
        """Register ``function(ruleset, state, dice, decisions) -> (state, events)`` as what row ``row_id`` of ``table`` does."""
        if not callable(function):
            raise PluginError(f"plugin {self._plugin!r} registers a row effect for {table!r} row {row_id!r} that is not callable")
        registered = self._defaults if self._core else self._overrides
        key = (table, row_id)
        if key in registered:
            raise PluginError(
                f"plugins {registered[key].plugin!r} and {self._plugin!r} both register an effect for {table!r} row {row_id!r}"
            )
        registered[key] = RowEffect(self._plugin, table, row_id, function, self._core)

    @property
    def effects(self) -> dict[tuple[str, str], RowEffect]:
        """Every registered (table, row id) with the procedure in force: a plugin's replacement, else the core's."""
        return {**self._defaults, **self._overrides}


@frozen
class SitePage:
    """A page a plugin adds to the rules site: reStructuredText in ``source``, published as ``plugins/<plugin>/<name>``."""

    plugin: str
    name: str
    source: Path


class SitePageRegistrar:
    """Passed to :func:`~bbcore.hookspecs.bbcore_register_site_pages`; collects the pages plugins add to the site."""

    def __init__(self) -> None:
        self.pages: list[SitePage] = []
        self._plugin = ""

    def bind(self, plugin: str) -> SitePageRegistrar:
        self._plugin = plugin
        return self

    def page(self, name: str, source: Path | str) -> None:
        """Add the reStructuredText file ``source`` as the page ``name`` of this plugin (its title is the file's own)."""
        if not KEBAB_CASE.fullmatch(name):  # it becomes part of the page's address
            raise PluginError(f"plugin {self._plugin!r} registers the site page {name!r}: a page's name is kebab-case, like 'rules'")
        if any(page.name == name and page.plugin == self._plugin for page in self.pages):
            raise PluginError(f"plugin {self._plugin!r} registers the site page {name!r} twice")
        if not Path(source).is_file():
            raise PluginError(f"plugin {self._plugin!r} registers the site page {name!r} from {str(source)!r}, which is not a file")
        self.pages.append(SitePage(self._plugin, name, Path(source)))
