"""The ball: bounces, scatter, throw-ins, catching and picking up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

if TYPE_CHECKING:
    from bbcore.rules.board import Square


@frozen
class BallReentry:
    """Where a ball that came down on a feature goes: a square to land in, and whether it bounces from there."""

    square: Square | None
    bounce: bool = True
