"""Leagues and team special rules: named things other data refers to."""

from __future__ import annotations

from attrs import frozen


@frozen
class GlossaryEntry:
    id: str
    name: str
    text: str
    replaces: str | None = None
    #: With ``replaces``: the plugins whose replacement of the same entry this one wins over.
    precedence_over: tuple[str, ...] = ()


@frozen
class Glossary:
    source: str
    leagues: tuple[GlossaryEntry, ...] = ()
    special_rules: tuple[GlossaryEntry, ...] = ()
