"""The Gutter Bowl plugin: hook implementations only.

The hooks live in two modules by subject, re-exported here so that the entry point
registers one plugin: :mod:`bbcore_gutterbowl.pitch_hooks` (walls, market stalls,
sewer pits, barricades, cobblestones, the ball) and :mod:`bbcore_gutterbowl.game_hooks`
(drafting, the sequences, secret weapons, inducements).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore_gutterbowl import variant_rules
from bbcore_gutterbowl.game_hooks import *  # noqa: F403 - the hook implementations, registered with this module
from bbcore_gutterbowl.pitch_hooks import *  # noqa: F403

if TYPE_CHECKING:
    from bbcore.registry import DataRegistrar, OptionRegistrar

DATA_DIR = Path(__file__).parent / "data"


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    register.variant("gutterbowl", DATA_DIR, "Gutter Bowl: Blood Bowl in the streets and the sewers.")
    register.rules_file(
        variant_rules.RULES_ID,
        variant_rules.RULES_FILE,
        variant_rules.SCHEMA_FILE,
        variant_rules.VariantRules,
        "Gutter Bowl's own numbers: walls, barricades, cobbles, sewers, its events, weather and inducements.",
    )


@hookimpl
def bbcore_register_options(register: OptionRegistrar) -> None:
    register.option("pitch", ("street", "sewer"), "street", "Where the game is played: the Street pitch or the Sewer pitch.")
    register.option(
        "teams",
        ("gutterbowl", "existing"),
        "gutterbowl",
        "gutterbowl: teams drafted for Gutter Bowl (its own budget and roster size); existing: Blood Bowl teams drafted as usual.",
    )
