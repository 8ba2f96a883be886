"""Events: what happened, as data a match tracker can log and replay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import field, frozen


@frozen
class Event:
    """One thing that happened: its kind, whom it concerns, the dice rolled and the outcome."""

    kind: str
    who: str | None
    rolls: tuple[int, ...] = ()
    result: str = ""
    detail: Mapping[str, Any] = field(factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "who": self.who, "rolls": list(self.rolls), "result": self.result, "detail": dict(self.detail)}
