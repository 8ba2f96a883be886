"""Events: what happened, as data a match tracker can log and replay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

if TYPE_CHECKING:
    from bbcore.rules.board import Board


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


@frozen
class Outcome:
    """A procedure's result: the new board and what happened, in order."""

    board: Board
    events: tuple[Event, ...] = ()
    turnover: bool = False

    def then(self, other: Outcome) -> Outcome:
        return Outcome(other.board, self.events + other.events, self.turnover or other.turnover)
