"""The inducement packs plugin: registers two packs, each a data directory whose list replaces the active one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bbcore import hookimpl

if TYPE_CHECKING:
    from bbcore.registry import DataRegistrar

PACKS_DIR = Path(__file__).parent / "packs"


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    register.pack("bb2020", PACKS_DIR / "bb2020", "The Blood Bowl 2020 inducement list.")
    register.pack("classic", PACKS_DIR / "classic", 'The classic "Boosters" inducement list.')
