"""Game sequences made of steps with ids."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen


@frozen
class Step:
    id: str
    name: str
    text: str
    table: str | None = None
    when: Mapping[str, str] = field(factory=dict)


@frozen
class Sequence:
    id: str
    name: str
    steps: tuple[Step, ...]
    text: str | None = None


@frozen
class SequenceEdit:
    """Remove, replace or insert one step of a sequence by id."""

    sequence: str
    when: Mapping[str, str] = field(factory=dict)
    remove: str | None = None
    replace: str | None = None
    before: str | None = None
    after: str | None = None
    step: Step | None = None


@frozen
class SequenceFile:
    source: str
    sequences: tuple[Sequence, ...] = ()
    edits: tuple[SequenceEdit, ...] = ()
