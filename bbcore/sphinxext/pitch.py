"""``.. bbcore-pitch::``: the pitch in use, drawn as an inline SVG from its data, with its features.

The drawing has one square per square of the pitch, shaded by zone (end zone,
wide zone, line of scrimmage, centre field, as :class:`~bbcore.rules.board.PitchGeometry`
decides them), square features as filled rectangles (one colour per feature type),
edge features as thick lines between squares, and a legend. It knows features only
by their type's placement and name, never by what they are.
"""

from __future__ import annotations

import zlib
from html import escape as html_escape
from typing import TYPE_CHECKING

from bbcore.rules.board import PitchGeometry
from bbcore.sphinxext.rst import Rst, escape, literal
from bbcore.sphinxext.selection import Labels, RulesetDirective

if TYPE_CHECKING:
    from bbcore.model.pitch import Feature, FeatureType, Pitch
    from bbcore.ruleset import Ruleset

#: The side of a square, and the margins left for the numbers along the top and the left, in SVG units.
SQUARE = 24
LEFT = 26
TOP = 20
RIGHT = 6
LEGEND_GAP = 14
LEGEND_ROW = 22
TIMES = "\N{MULTIPLICATION SIGN}"
#: An estimate of the width of one character of legend text (font-size 12), to lay the legend out.
CHAR = 6.8

ZONES = (
    ("end-zone", "End zone", "#9cc3e6"),
    ("wide-zone", "Wide zone", "#8ccb90"),
    ("line-of-scrimmage", "Line of scrimmage", "#e6d98a"),
    ("centre-field", "Centre field", "#b8e0ba"),
)
# Colours for feature types: fills for squares, strokes for edges (see _colours).
SQUARE_COLOURS = ("#8d6e63", "#6d5a9e", "#c0703a", "#4a6f8c", "#a04a6a", "#6f6f6f")
EDGE_COLOURS = ("#b3261e", "#1f3a93", "#212121", "#6a1b9a", "#e65100")


def _colours(pitch: Pitch) -> dict[str, str]:
    """One colour per feature type, fills for square types and strokes for edge types.

    A type's colour follows from its id, so the same type looks the same on every
    pitch; two types of one pitch that would share a colour take the next free one.
    """
    colours: dict[str, str] = {}
    for kind in pitch.feature_types:
        palette = EDGE_COLOURS if kind.placement == "edge" else SQUARE_COLOURS
        start = zlib.crc32(kind.id.encode())
        taken = set(colours.values())
        free = [palette[(start + step) % len(palette)] for step in range(len(palette))]
        colours[kind.id] = next((c for c in free if c not in taken), free[0])
    return colours


def _edge_line(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """The line between two side-by-side squares, in SVG units; None for squares that share no side."""
    (ax, ay), (bx, by) = a, b
    if ay == by and abs(ax - bx) == 1:
        x = LEFT + max(ax, bx) * SQUARE
        return x, TOP + ay * SQUARE, x, TOP + (ay + 1) * SQUARE
    if ax == bx and abs(ay - by) == 1:
        y = TOP + max(ay, by) * SQUARE
        return LEFT + ax * SQUARE, y, LEFT + (ax + 1) * SQUARE, y
    return None


def _feature_title(kind: FeatureType, feature: Feature) -> str:
    return html_escape(f"{kind.name} ({feature.id})" if feature.id else kind.name)


def _across(pitch: Pitch) -> str:
    """The zones across the pitch in words: a pitch no wider than its two wide zones is one wide zone throughout."""
    if pitch.centre_width <= 0:
        return "one wide zone across its whole width"
    return f"wide zones {pitch.wide_zone_width} wide along the top and bottom sidelines, a centre field {pitch.centre_width} wide"


def _description(pitch: Pitch) -> str:
    words = [
        f"{pitch.length} by {pitch.width} squares",
        f"end zones {pitch.end_zone_depth} deep at the left and right ends",
        _across(pitch),
        "the line of scrimmage either side of the halfway line",
    ]
    for kind in pitch.feature_types:
        count = sum(1 for f in pitch.features if f.type == kind.id)
        if count:
            where = "along the lines between squares" if kind.placement == "edge" else "filling squares"
            words.append(f"{count} {kind.name} {where}")
    return "; ".join(words) + "."


def pitch_svg(pitch: Pitch, svg_id: str) -> str:
    """The pitch as an accessible SVG that scales to its container; ``svg_id`` must be unique on the page."""
    geometry = PitchGeometry.of(pitch)
    colours = _colours(pitch)
    kinds = {kind.id: kind for kind in pitch.feature_types}
    fills = {zone: fill for zone, _, fill in ZONES}
    width = LEFT + pitch.length * SQUARE + RIGHT
    out: list[str] = []

    # The squares, shaded by zone; remember which zones the pitch has, for the legend.
    zones_seen: set[str] = set()
    squares = []
    for x in range(pitch.length):
        for y in range(pitch.width):
            zone = geometry.zone((x, y))
            zones_seen.add(zone)
            squares.append(
                f'<rect class="square {zone}" x="{LEFT + x * SQUARE}" y="{TOP + y * SQUARE}" '
                f'width="{SQUARE}" height="{SQUARE}" fill="{fills[zone]}"/>'
            )
    out.append(f'<g class="squares" stroke="#ffffff" stroke-opacity="0.7" stroke-width="0.75">{"".join(squares)}</g>')
    half = LEFT + pitch.half_length * SQUARE
    out.append(
        f'<line class="halfway" x1="{half}" y1="{TOP}" x2="{half}" y2="{TOP + pitch.width * SQUARE}" '
        'stroke="#ffffff" stroke-width="2" stroke-dasharray="6 4"/>'
    )
    out.append(
        f'<rect class="outline" x="{LEFT}" y="{TOP}" width="{pitch.length * SQUARE}" height="{pitch.width * SQUARE}" '
        'fill="none" stroke="currentColor" stroke-width="2"/>'
    )

    # Square features as one rectangle per area; edge features as thick lines on a pale halo.
    used: list[FeatureType] = []
    for feature in pitch.features:
        kind = kinds[feature.type]
        if kind not in used:
            used.append(kind)
        if feature.area is not None:
            area = feature.area
            out.append(
                f'<rect class="feature {html_escape(kind.id)}" x="{LEFT + area.x * SQUARE}" y="{TOP + area.y * SQUARE}" '
                f'width="{area.length * SQUARE}" height="{area.width * SQUARE}" fill="{colours[kind.id]}" '
                f'stroke="#2b2b2b" stroke-width="1.5"><title>{_feature_title(kind, feature)}</title></rect>'
            )
        for a, b in feature.edges:
            line = _edge_line(a, b)
            if line is None:
                continue
            x1, y1, x2, y2 = line
            ends = f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"'
            out.append(f'<line class="edge-halo" {ends} stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>')
            out.append(
                f'<line class="edge {html_escape(kind.id)}" {ends} stroke="{colours[kind.id]}" stroke-width="5" '
                f'stroke-linecap="round"><title>{_feature_title(kind, feature)}</title></line>'
            )

    # Square numbers from 0, as the data counts them: x along the top, y down the left.
    numbers = [f'<text x="{LEFT + x * SQUARE + SQUARE // 2}" y="{TOP - 6}">{x}</text>' for x in range(pitch.length)]
    numbers += [f'<text x="{LEFT - 8}" y="{TOP + y * SQUARE + SQUARE // 2 + 3}">{y}</text>' for y in range(pitch.width)]
    out.append(f'<g class="numbers" font-size="9" text-anchor="middle" fill="currentColor">{"".join(numbers)}</g>')

    # The legend: the zones the pitch has, then its feature types by name, flowing into rows.
    entries = [(zone, name, "squares", fill) for zone, name, fill in ZONES if zone in zones_seen]
    entries += [(kind.id, kind.name, kind.placement, colours[kind.id]) for kind in used]
    legend: list[str] = []
    x, y = LEFT, TOP + pitch.width * SQUARE + LEGEND_GAP
    for key, name, placement, colour in entries:
        item_width = 22 + round(len(name) * CHAR) + 16
        if x > LEFT and x + item_width > width:
            x, y = LEFT, y + LEGEND_ROW
        if placement == "edge":
            swatch = (
                f'<line x1="{x + 2}" y1="{y + 7}" x2="{x + 14}" y2="{y + 7}" stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
            )
        else:
            swatch = f'<rect x="{x}" y="{y}" width="16" height="14" fill="{colour}" stroke="#2b2b2b" stroke-width="0.75"/>'
        legend.append(f'<g class="legend-item {html_escape(key)}">{swatch}<text x="{x + 22}" y="{y + 11}">{html_escape(name)}</text></g>')
        x += item_width
    out.append(f'<g class="legend" font-size="12" fill="currentColor">{"".join(legend)}</g>')
    height = y + LEGEND_ROW

    title_id, desc_id = f"{svg_id}-title", f"{svg_id}-desc"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{svg_id}" class="bbcore-pitch-diagram" viewBox="0 0 {width} {height}" '
        f'width="100%" role="img" aria-labelledby="{title_id} {desc_id}" style="max-width: 100%; height: auto;">'
    )
    title = f'<title id="{title_id}">{html_escape(pitch.name)}</title><desc id="{desc_id}">{html_escape(_description(pitch))}</desc>'
    return "\n".join([head, title, *out, "</svg>"])


#: The push outcomes every ruleset knows (``pushed_into`` in the pitch schema), in words; a variant's own are named.
PUSHED_INTO_WORDS = {
    "crowd": "a player pushed into it goes into the crowd",
    "stays": "a player pushed against it stays where he is",
    "knocked-down": "a player pushed into it is Knocked Down",
    "removed": "a player pushed into it leaves the pitch and takes an Injury Roll",
    "enters": "a player pushed into it ends up in it",
}


def _feature_type_words(kind: FeatureType, count: int) -> str:
    """``**Barricade** (4 on this pitch, along the lines between squares): text *Crossing costs ...*``."""
    where = "along the lines between squares" if kind.placement == "edge" else "filling squares"
    facts = []
    if kind.blocks_movement:
        facts.append("players cannot move into it")
    if kind.crossing_cost:
        facts.append(f"crossing it costs {kind.crossing_cost} extra squares of movement")
    if kind.crossing_risk:
        facts.append(f"a D6 of {kind.crossing_risk} or less after crossing it makes the player fall")
    if kind.block_strength_bonus:
        facts.append(f"a player blocked across it gets {kind.block_strength_bonus:+d} ST")
    if kind.pushed_into:
        facts.append(PUSHED_INTO_WORDS.get(kind.pushed_into, f"a player pushed into it meets the rule named {literal(kind.pushed_into)}"))
    if kind.ball_lands:
        facts.append(f"a ball landing on it follows the rule named {literal(kind.ball_lands)}")
    if kind.traps_players:
        facts.append("players in it are out of play")
    if kind.falls_through:
        facts.append(f"a player entering it falls through on a D6 of {kind.falls_through} or less, hurt as if pushed into the crowd")
    if kind.dormant:
        facts.append("it does nothing until woken for the game")
    words = f"**{escape(kind.name)}** ({count} on this pitch, {where}): {escape(kind.text)}"
    words += f" *Properties:* {'; '.join(facts)}." if facts else ""
    if kind.provisional:
        words += f" *Provisional:* {escape(kind.note or 'not settled yet.')}"
    return words


def pitch_rst(pitch: Pitch, labels: Labels, level: int = 0) -> Rst:
    label = labels("pitch", pitch.id)
    out = Rst()
    out.label(label)
    out.heading(pitch.name, level)
    if pitch.provisional:
        out.admonition("Provisional", [escape(pitch.note or "This pitch is not settled yet.")])
    out.fields(
        [
            ("Id", literal(pitch.id)),
            (
                "Size",
                f"{pitch.length} {TIMES} {pitch.width} squares: end zones {pitch.end_zone_depth} deep, {_across(pitch)}",
            ),
            ("Beyond the sidelines", escape(pitch.beyond_sidelines)),
            ("Beyond the end lines", escape(pitch.beyond_end_lines)),
            ("Source", escape(pitch.source)),
        ]
    )
    if pitch.note and not pitch.provisional:
        out.admonition("Note", [escape(pitch.note)], "note")
    if pitch.text:
        out.paragraph(escape(pitch.text))
    caption = (
        f"{pitch.name}: {pitch.length} {TIMES} {pitch.width} squares, numbered from 0, x along the pitch from the home end zone "
        "on the left, y across it from the top."
    )
    out.raw(
        "html",
        f'<figure class="bbcore-pitch">\n{pitch_svg(pitch, f"{label}-diagram")}\n'
        f"<figcaption>{html_escape(caption)}</figcaption>\n</figure>",
    )
    counts = {kind.id: sum(1 for f in pitch.features if f.type == kind.id) for kind in pitch.feature_types}
    if pitch.feature_types:
        out.rubric("Features")
        out.bullets(_feature_type_words(kind, counts[kind.id]) for kind in pitch.feature_types)
    return out


class PitchDirective(RulesetDirective):
    """The pitch of the selected ruleset (the one filling the ``pitch`` role), as a section labelled ``pitch-<id>``."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        return pitch_rst(ruleset.pitch, labels)
