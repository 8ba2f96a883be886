"""The Sevens plugin: hook implementations only.

Registered by the entry point ``sevens = "bbcore_sevens.plugin"`` in the group
``bbcore`` (see ``pyproject.toml``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore_sevens.pregame import WARM_UP_STEP, warm_up
from bbcore_sevens.team_building import BIG_GUY_CHECK

if TYPE_CHECKING:
    from bbcore.registry import DataRegistrar, SequenceStepRegistrar
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
