"""``.. bbcore-cli::``: every command of ``bbcore`` and its arguments, read from the argument parser itself.

The page can then never disagree with the program: a new command or option appears
on the site as soon as it exists, with the help text it shows on the terminal.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes

from bbcore.sphinxext.rst import Rst, escape, literal

if TYPE_CHECKING:
    from docutils.nodes import Node


def _subcommands(parser: argparse.ArgumentParser, prefix: str) -> list[tuple[str, argparse.ArgumentParser]]:
    """Every command below ``parser``, depth first, with its full name."""
    found: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                full = f"{prefix} {name}".strip()
                if any(isinstance(a, argparse._SubParsersAction) for a in child._actions):
                    found.extend(_subcommands(child, full))
                else:
                    found.append((full, child))
    return found


def _argument_names(action: argparse.Action) -> str:
    if action.option_strings:
        names = ", ".join(action.option_strings)
        return names if action.nargs == 0 else f"{names} {action.metavar or action.dest.upper()}"
    return str(action.metavar or action.dest)


def cli_rst(parser: argparse.ArgumentParser) -> Rst:
    """One section a command: what it does, then a table of its arguments."""
    out = Rst()
    for name, command in _subcommands(parser, ""):
        out.heading(f"bbcore {name}", 3)
        if command.description:
            out.paragraph(escape(command.description))
        rows = [
            (literal(_argument_names(a)), escape((a.help or "").replace("%%", "%")))
            for a in command._actions
            if not isinstance(a, argparse._HelpAction) and a.help != argparse.SUPPRESS
        ]
        if rows:
            out.list_table(("Argument", "Meaning"), rows, css_class="bbcore-table")
    return out


class CliDirective(SphinxDirective):
    """Render the ``bbcore`` command line from :func:`bbcore.cli.commands.build_parser`."""

    def run(self) -> list[Node]:
        from bbcore.cli import _Parser  # noqa: PLC0415 - the CLI's own parser class, with its error handling
        from bbcore.cli.commands import build_parser  # noqa: PLC0415

        markup = cli_rst(build_parser(_Parser))
        source = f"<bbcore-cli in {self.env.docname}>"
        self.env.note_dependency(__file__)
        parsed: list[Node] = nested_parse_to_nodes(
            self.state, StringList(markup.lines, source=source), source=source, allow_section_headings=True
        )
        return parsed
