"""Game parameters: every overridable number of a game and a team, in one object."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen


@frozen
class RosterSize:
    min: int
    max: int


@frozen
class RerollRules:
    max: int | None
    cost_multiplier_after_draft: int
    fixed_cost: int | None = None


@frozen
class StaffTerms:
    name: str
    max: int
    cost: int


@frozen
class FanRules:
    start: int
    max_at_draft: int
    min: int
    max: int
    cost: int


@frozen
class GameParameters:
    players_on_pitch: int
    turns_per_half: int
    halves: int
    draft_budget: int
    roster: RosterSize
    rerolls: RerollRules
    dedicated_fans: FanRules
    low_cost_linemen_rule: str
    inducements_in_draft: bool
    staff: Mapping[str, StaffTerms] = field(factory=dict)
