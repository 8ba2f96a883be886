"""The Sevens plugin: hook implementations only.

Registered by the entry point ``sevens = "bbcore_sevens.plugin"`` in the group
``bbcore`` (see ``pyproject.toml``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore_sevens.command import show_sevens
from bbcore_sevens.pregame import WARM_UP_STEP, warm_up
from bbcore_sevens.team_building import BIG_GUY_CHECK

if TYPE_CHECKING:
    from bbcore.cli.plugin_commands import CommandRegistrar
    from bbcore.registry import DataRegistrar, SequenceStepRegistrar, SitePageRegistrar
    from bbcore.ruleset import Ruleset
    from bbcore.teams.checks import TeamCheck

DATA_DIR = Path(__file__).parent / "data"


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    """Sevens is a game variant: ``--variant sevens``; its data directory follows the core's layout."""
    register.variant("sevens", DATA_DIR, "Sevens: seven players a side on a 20 x 11 pitch, six turns a half.")


@hookimpl
def bbcore_team_checks(ruleset: Ruleset) -> Iterable[TeamCheck]:
    """Added to the core's checks; runs only when Sevens is the selected variant."""
    return [BIG_GUY_CHECK]


@hookimpl
def bbcore_register_sequence_steps(register: SequenceStepRegistrar) -> None:
    """The procedure of the pre-game step that ``data/sequences.yaml`` adds."""
    register.step(WARM_UP_STEP, warm_up)


@hookimpl
def bbcore_register_commands(register: CommandRegistrar) -> None:
    """``bbcore sevens``: the game's numbers at a glance."""
    register.command("sevens", show_sevens, "the numbers of a game of Sevens (players, pitch, turns)")


@hookimpl
def bbcore_register_site_pages(register: SitePageRegistrar) -> None:
    """The plugin's page of the rules site, generated from its data by the site's directives."""
    register.page("sevens", Path(__file__).parent / "docs" / "sevens.rst")
