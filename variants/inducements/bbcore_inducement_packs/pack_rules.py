"""The packs' in-game numbers, read from ``pack-rules.yaml``.

The inducement schema has fields for prices, limits, uses, effects and profiles, but
none for a chef's dice or a fireball's target number, so the plugin keeps those in a
file of its own, keyed by inducement id. It is read the way the core reads its data:
safe YAML with positions, a JSON Schema (``pack_rules.schema.json``, every key
required, no unknown key) and cattrs into frozen attrs classes. Anything wrong raises
:class:`bbcore.errors.DataError` naming the file, line and column.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TypeVar

from attrs import frozen

from bbcore.errors import UsageError
from bbcore.loading.plugin_files import load_plugin_file

RULES_FILE = Path(__file__).parent / "pack-rules.yaml"
SCHEMA_FILE = Path(__file__).parent / "pack_rules.schema.json"

T = TypeVar("T")


@frozen
class Chef:
    """Roll ``dice`` at the start of each half; each die of ``success_on``+ gains ``gain`` re-rolls and takes ``take``."""

    dice: str
    success_on: int
    gain: int
    take: int


@frozen
class WeatherMage:
    """The modifiers a coach may put on the weather roll."""

    modifiers: tuple[int, ...]


@frozen
class PotRows:
    """The ids of the pot table's rows: the misfire, the miss that moves the target, the hit."""

    misfire: str
    moves: str
    on_target: str


@frozen
class Pot:
    """A pot thrown at a square; the fields are documented in ``pack-rules.yaml``."""

    table: str
    rows: PotRows
    distance: str
    misfire_players: str
    hit_down_players: bool
    bonus: int
    splash_dice: str
    splash_hit_on: int
    splash: str
    turnover_direct: str
    turnover_splash: str


@frozen
class Fireball:
    """A fireball spell; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moves: str | None
    dice: str
    hit_on: int
    bonus: int


@frozen
class PackRules:
    """Every number of ``pack-rules.yaml``, by inducement id."""

    source: str
    chefs: Mapping[str, Chef]
    weather_mages: Mapping[str, WeatherMage]
    pots: Mapping[str, Pot]
    fireballs: Mapping[str, Fireball]


def load_pack_rules(path: Path = RULES_FILE) -> PackRules:
    """Read, validate and structure a pack-rules file; raise DataError listing every problem."""
    return load_plugin_file(path, SCHEMA_FILE, PackRules)


@cache
def pack_rules() -> PackRules:
    """The packs' numbers, read once."""
    return load_pack_rules()


def rules_for(kind: Mapping[str, T], inducement: str, what: str) -> T:
    """The entry of ``kind`` for ``inducement``; an inducement with none is a ``UsageError``."""
    if inducement not in kind:
        raise UsageError(f"{inducement!r} is not a {what}; those are {', '.join(sorted(kind))}")
    return kind[inducement]


__all__ = ["Chef", "Fireball", "PackRules", "Pot", "PotRows", "WeatherMage", "load_pack_rules", "pack_rules", "rules_for"]
