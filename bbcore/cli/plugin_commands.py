"""Commands that plugins add to ``bbcore`` (:func:`~bbcore.hookspecs.bbcore_register_commands`).

A plugin's command sits beside the core's in ``bbcore --help`` and is run the same way:
its errors of the library's own kinds become the usual one-line messages and exit 2, and
anything else it raises is reported by plugin name, never as a traceback.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.errors import BBCoreError, PluginError
from bbcore.registry import KEBAB_CASE

if TYPE_CHECKING:
    from bbcore.plugins import PluginHost
    from bbcore.ruleset import Ruleset


Handler = Callable[[argparse.Namespace], "int | None"]
Arguments = Callable[[argparse.ArgumentParser], None]


@frozen
class PluginCommand:
    """One command a plugin adds: its ``name`` on the command line, the ``handler`` that runs it (given the parsed
    arguments, it returns the exit status; None is 0), ``arguments`` that add its own options to its parser, and
    whether it takes the ruleset selection (``--variant``, ``--pack``, ``--option``, ``--amend``) beside ``--json``."""

    plugin: str
    name: str
    help: str
    handler: Handler
    arguments: Arguments | None = None
    with_rules: bool = True

    def run(self, args: argparse.Namespace) -> int:
        """Run the handler; what it raises beyond the library's own errors is a :class:`PluginError` naming the plugin."""
        try:
            status = self.handler(args)
        except (BBCoreError, OSError):
            raise  # the library's own errors, and a closed pipe or a file it cannot write: told as the core's are
        except Exception as error:
            raise PluginError(f"plugin {self.plugin!r} raised in its command {self.name!r}: {type(error).__name__}: {error}") from error
        if status is None:
            return 0
        if not isinstance(status, int) or isinstance(status, bool):
            raise PluginError(f"plugin {self.plugin!r}: its command {self.name!r} returned {status!r}, not an exit status")
        return status


class CommandRegistrar:
    """Passed to :func:`~bbcore.hookspecs.bbcore_register_commands`; collects the commands plugins add.

    A name the core already uses, or one two plugins both register, is an error naming the plugins.
    """

    def __init__(self, taken: Collection[str] = ()) -> None:
        self.commands: dict[str, PluginCommand] = {}
        self._taken = frozenset(taken)
        self._plugin = ""

    def bind(self, plugin: str) -> CommandRegistrar:
        self._plugin = plugin
        return self

    def command(self, name: str, handler: Handler, help: str, *, arguments: Arguments | None = None, with_rules: bool = True) -> None:
        """Add ``bbcore NAME``: ``help`` is its line in ``bbcore --help``; see :class:`PluginCommand` for the rest."""
        if not KEBAB_CASE.fullmatch(name):
            raise PluginError(f"plugin {self._plugin!r} registers the command {name!r}: a command's name is kebab-case, like 'roll'")
        if name in self._taken:
            raise PluginError(f"plugin {self._plugin!r} registers the command {name!r}, which is bbcore's own")
        if name in self.commands:
            raise PluginError(f"plugins {self.commands[name].plugin!r} and {self._plugin!r} both register the command {name!r}")
        self.commands[name] = PluginCommand(self._plugin, name, help, handler, arguments, with_rules)


def plugin_commands(host: PluginHost, taken: Collection[str]) -> list[PluginCommand]:
    """Every command the installed plugins add, in plugin order; ``taken`` are the core's command names."""
    registrar = CommandRegistrar(taken)
    for impl in host.pm.hook.bbcore_register_commands.get_hookimpls():
        try:
            impl.function(registrar.bind(impl.plugin_name))  # positionally, as the hook trace records a registrar
        except PluginError:
            raise
        except Exception as error:
            raise PluginError(f"plugin {impl.plugin_name!r} raised in bbcore_register_commands: {type(error).__name__}: {error}") from error
    return list(registrar.commands.values())


def ruleset_for(args: argparse.Namespace, variant: str | None = None) -> Ruleset:
    """The ruleset a command's arguments select (``--variant``, ``--pack``, ``--option``, ``--amend``), as the core's
    commands read it, for a plugin command registered ``with_rules``; ``variant`` is the one to use when no
    ``--variant`` is given (a variant's own command defaults to its variant)."""
    from bbcore.cli.commands import selected_ruleset  # noqa: PLC0415 - the commands module imports this one

    return selected_ruleset(args, variant)
