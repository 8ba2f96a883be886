"""The plugin manager: discovery, blocking, registration, and calling hooks.

Plugins load in a fixed order, as tox does it: blocked names first
(``BBCORE_DISABLE_PLUGINS``), then the ``bbcore`` entry points (the core among
them), then plugins handed in by the caller (tests), then ``check_pending``.
While a :func:`bbcore.hooktrace.tracing` block runs, each new host attaches the
trace before any hook is called.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Iterable, Sequence
from importlib import metadata
from types import ModuleType
from typing import Any

import pluggy
from attrs import frozen

from bbcore import hookspecs
from bbcore.errors import PluginError
from bbcore.hooktrace import active_trace
from bbcore.registry import DataRegistrar, DataSource, Option, OptionRegistrar, RulesFile, SitePage, SitePageRegistrar

ENTRY_POINT_GROUP = "bbcore"
DISABLE_ENV = "BBCORE_DISABLE_PLUGINS"
CORE_PLUGIN = "core"


@frozen
class PluginInfo:
    """One installed plugin, as ``bbcore plugins`` lists it."""

    name: str
    version: str
    kind: str
    description: str


def _blocked_names() -> set[str]:
    return {name.strip() for name in os.environ.get(DISABLE_ENV, "").split(",") if name.strip()}


class PluginHost:
    """Holds the plugin manager and what the plugins registered."""

    def __init__(self, extra_plugins: Sequence[tuple[str, object]] = (), *, entry_points: bool = True) -> None:
        self.pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
        self.pm.add_hookspecs(hookspecs)
        self.versions: dict[str, str] = {}
        blocked = _blocked_names()
        if CORE_PLUGIN in blocked:
            raise PluginError(f"the {CORE_PLUGIN!r} plugin holds the Blood Bowl rules and cannot be disabled")
        for name in blocked:
            self.pm.set_blocked(name)
        if entry_points:
            self._load_entry_points()
        if self.pm.get_plugin(CORE_PLUGIN) is None and not self.pm.is_blocked(CORE_PLUGIN):
            # A checkout run without installing has no entry points; the core is still built in.
            from bbcore import core_plugin  # noqa: PLC0415 - only needed in an uninstalled checkout

            self._register(CORE_PLUGIN, core_plugin, _version_of("bbcore"))
        for name, plugin in extra_plugins:
            if not self.pm.is_blocked(name):
                self._register(name, plugin, "0")
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as error:
            name = self.pm.get_name(error.plugin) or plugin_module_name(error.plugin)
            raise PluginError(f"plugin {name!r} implements a hook bbcore does not have: {error}") from None
        trace = active_trace()
        if trace is not None:
            trace.attach(self.pm)
        self.sources, self.rules_files = self._collect_sources()
        self.options = self._collect_options()

    def _register(self, name: str, plugin: object, version: str) -> None:
        try:
            self.pm.register(plugin, name=name)
        except pluggy.PluginValidationError as error:
            raise PluginError(f"plugin {name!r} is invalid: {error}") from None
        except ValueError as error:
            raise PluginError(f"plugin {name!r} could not be registered: {error}") from None
        self.versions[name] = version

    def _load_entry_points(self) -> None:
        for entry_point in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name):
            if self.pm.is_blocked(entry_point.name) or self.pm.get_plugin(entry_point.name) is not None:
                continue
            try:
                plugin = entry_point.load()
            except Exception as error:  # noqa: BLE001 - any import failure is reported by plugin name
                raise PluginError(
                    f"plugin {entry_point.name!r} ({entry_point.value}) failed to import: {type(error).__name__}: {error}"
                ) from None
            dist = entry_point.dist
            self._register(entry_point.name, plugin, dist.version if dist is not None else "0")

    def _call_registration(self, hook_name: str, registrar: Any) -> None:
        hook = getattr(self.pm.hook, hook_name)
        for impl in hook.get_hookimpls():
            try:
                impl.function(registrar.bind(impl.plugin_name))
            except PluginError:
                raise
            except Exception as error:  # noqa: BLE001 - a failing plugin is named, never a traceback
                raise PluginError(f"plugin {impl.plugin_name!r} raised in {hook_name}: {type(error).__name__}: {error}") from None

    def _collect_sources(self) -> tuple[list[DataSource], dict[str, RulesFile]]:
        registrar = DataRegistrar()
        self._call_registration("bbcore_register_data", registrar)
        return registrar.sources, registrar.rules_files

    def site_pages(self) -> list[SitePage]:
        """The pages the installed plugins add to the rules site (:func:`~bbcore.hookspecs.bbcore_register_site_pages`)."""
        registrar = SitePageRegistrar()
        self._call_registration("bbcore_register_site_pages", registrar)
        return registrar.pages

    def _collect_options(self) -> dict[str, Option]:
        registrar = OptionRegistrar()
        self._call_registration("bbcore_register_options", registrar)
        return registrar.options

    # -- what is installed ---------------------------------------------------

    def plugin_names(self) -> list[str]:
        # Blocked plugins are listed by pluggy with None in place of the plugin.
        return sorted(name for name, plugin in self.pm.list_name_plugin() if plugin is not None)

    def kind_of(self, plugin: str) -> str:
        kinds = {s.kind for s in self.sources if s.plugin == plugin}
        for kind in ("core", "variant", "pack"):
            if kind in kinds:
                return kind
        return "extension"

    def describe(self) -> list[PluginInfo]:
        infos = []
        for name in self.plugin_names():
            own = [s for s in self.sources if s.plugin == name]
            if own:
                description = "; ".join(s.description.rstrip(".") for s in own) + "."
            else:
                doc = getattr(self.pm.get_plugin(name), "__doc__", None) or ""
                description = doc.strip().splitlines()[0] if doc.strip() else ""
            infos.append(PluginInfo(name, self.versions.get(name, "0"), self.kind_of(name), description))
        return infos

    def variants(self) -> dict[str, DataSource]:
        return {s.name: s for s in self.sources if s.kind == "variant"}

    def packs(self) -> dict[str, DataSource]:
        return {s.name: s for s in self.sources if s.kind == "pack"}

    def core_source(self) -> DataSource:
        for source in self.sources:
            if source.kind == "core":
                return source
        raise PluginError("no plugin registered the core data")

    def active_plugins(self, variant: str | None, packs: Iterable[str]) -> list[str]:
        """The plugins whose ruleset hooks run: core, the variant's, the packs', and extensions."""
        chosen = {self.core_source().plugin}
        if variant is not None:
            chosen.add(self.variants()[variant].plugin)
        chosen.update(self.packs()[p].plugin for p in packs)
        return [name for name in self.plugin_names() if name in chosen or self.kind_of(name) == "extension"]

    def blame(self, error: BaseException) -> str | None:
        """The plugin whose code raised ``error``: the innermost traceback frame inside a plugin's module."""
        files: dict[str, str] = {}
        for name, plugin in self.pm.list_name_plugin():
            if plugin is None:
                continue
            module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
            source = getattr(module, "__file__", None)
            if source:
                files[os.path.realpath(source)] = name
        culprit = None
        for frame in traceback.extract_tb(error.__traceback__):
            culprit = files.get(os.path.realpath(frame.filename), culprit)
        return culprit

    def hook_caller(self, hook_name: str, active: Iterable[str]) -> Any:
        """A caller of one hook restricted to the active plugins."""
        active_set = set(active)
        inactive = [plugin for name, plugin in self.pm.list_name_plugin() if plugin is not None and name not in active_set]
        return self.pm.subset_hook_caller(hook_name, remove_plugins=inactive)


def _version_of(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "0+unknown"


_default_host: PluginHost | None = None


def default_host() -> PluginHost:
    """The process-wide host built from installed entry points (built once)."""
    global _default_host  # noqa: PLW0603 - one plugin discovery per process, as pytest and tox do
    if _default_host is None:
        _default_host = PluginHost()
    return _default_host


def reset_default_host() -> None:
    """Forget the discovered plugins (after changing BBCORE_DISABLE_PLUGINS, in tests)."""
    global _default_host  # noqa: PLW0603
    _default_host = None


def plugin_module_name(plugin: object) -> str:
    return plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__name__
