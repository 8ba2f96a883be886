"""Pitches: size, zones, edges and features."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import field, frozen


@frozen
class FeatureType:
    """What a kind of pitch feature does; the core knows only these properties, never the names."""

    id: str
    name: str
    placement: str
    text: str
    blocks_movement: bool = False
    pushed_into: str | None = None
    ball_lands: str | None = None
    crossing_cost: int = 0
    crossing_risk: int = 0
    block_strength_bonus: int = 0
    traps_players: bool = False
    falls_through: int = 0
    dormant: bool = False
    provisional: bool = False
    note: str | None = None


@frozen
class Area:
    x: int
    y: int
    length: int
    width: int


@frozen
class Feature:
    type: str
    id: str | None = None
    area: Area | None = None
    edges: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()


@frozen
class Pitch:
    id: str
    name: str
    source: str
    length: int
    width: int
    end_zone_depth: int
    wide_zone_width: int
    roles: tuple[str, ...] = ()
    when: Mapping[str, str] = field(factory=dict)
    provisional: bool = False
    note: str | None = None
    text: str | None = None
    beyond_sidelines: str = "crowd"
    beyond_end_lines: str = "crowd"
    feature_types: tuple[FeatureType, ...] = ()
    features: tuple[Feature, ...] = ()
    replaces: str | None = None
    #: With ``replaces``: the plugins whose replacement of the same entry this one wins over.
    precedence_over: tuple[str, ...] = ()

    @property
    def centre_width(self) -> int:
        return self.width - 2 * self.wide_zone_width

    @property
    def half_length(self) -> int:
        """Squares from the line of scrimmage to the end line, end zone included."""
        return self.length // 2
