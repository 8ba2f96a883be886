"""The Skurling plugin: hook implementations only."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bbcore import hookimpl

if TYPE_CHECKING:
    from bbcore.registry import DataRegistrar

DATA_DIR = Path(__file__).parent / "data"


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    register.variant("skurling", DATA_DIR, "Skurling: five-a-side on the wide zones; the Stooge is the ball.")
