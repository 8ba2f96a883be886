"""The Skurling plugin's simulator: whole matches with automatic coaches (``bbcore simulate``, ``bbcore balance``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bbcore import hookimpl
from bbcore_skurling.simulate import SkurlingSimulator

if TYPE_CHECKING:
    from bbcore.simulation import SimulatorRegistrar


@hookimpl
def bbcore_register_simulators(register: SimulatorRegistrar) -> None:
    register.simulator("skurling", SkurlingSimulator())


__all__ = ["bbcore_register_simulators"]
