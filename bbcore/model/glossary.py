"""Leagues and team special rules: named things other data refers to."""

from __future__ import annotations

from attrs import frozen


@frozen
class GlossaryEntry:
    id: str
    name: str
    text: str
    replaces: str | None = None


@frozen
class Glossary:
    source: str
    leagues: tuple[GlossaryEntry, ...] = ()
    special_rules: tuple[GlossaryEntry, ...] = ()
