"""The balance report's chart: each team's win rate as a bar with its 95% interval, as SVG or PNG.

The layout is worked out once, as a list of marks (texts, bars, lines); the SVG and the
PNG draw the same marks, so the two pictures never disagree. The PNG needs Pillow
(``pip install 'bbcore[png]'``), imported only when a PNG is asked for.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Literal

from attrs import frozen

from bbcore.errors import UsageError

if TYPE_CHECKING:
    from bbcore.simulation import BalanceReport

Anchor = Literal["start", "middle", "end"]

BAR_COLOUR = "#4a7ab5"
INK = "#222"
FONT_SIZE = 13
#: The PNG is drawn this many times larger than the SVG's user units, to stay sharp.
PNG_SCALE = 2


@frozen
class Text:
    x: float
    y: float  # the baseline
    text: str
    anchor: Anchor = "start"


@frozen
class Bar:
    x: float
    y: float
    width: float
    height: float


@frozen
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke_width: float = 1


Mark = Text | Bar | Line


@frozen
class Chart:
    width: int
    height: int
    marks: tuple[Mark, ...]


def chart_of(report: BalanceReport) -> Chart:
    """The chart's size and marks, in user units."""
    bar, gap, left, top, width = 28, 14, 190, 30, 360
    height = top + len(report.teams) * (bar + gap) + 30
    marks: list[Mark] = [Text(left, 18, "Win rate with its 95% interval")]
    for i, team in enumerate(report.teams):
        y = top + i * (bar + gap)
        rate = team.win_rate
        baseline = round(y + bar * 0.65, 1)
        middle = y + bar / 2
        marks += [
            Text(left - 8, baseline, team.name, "end"),
            Bar(left, y, round(rate.value * width, 1), bar),
            Line(round(left + rate.low * width, 1), middle, round(left + rate.high * width, 1), middle, 2),
            Text(left + width + 6, baseline, f"{rate.value:.2f}"),
        ]
    axis = top + len(report.teams) * (bar + gap)
    marks.append(Line(left, axis, left + width, axis))
    marks += [Text(round(left + tick * width, 1), axis + 16, f"{tick:.1f}", "middle") for tick in (0.0, 0.5, 1.0)]
    return Chart(left + width + 40, height, tuple(marks))


def balance_svg(report: BalanceReport) -> str:
    """The win rates as a bar chart with their intervals, as an SVG document."""
    chart = chart_of(report)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{chart.width}" height="{chart.height}" '
        f'viewBox="0 0 {chart.width} {chart.height}" font-family="sans-serif" font-size="{FONT_SIZE}">'
    ]
    for mark in chart.marks:
        if isinstance(mark, Text):
            anchor = "" if mark.anchor == "start" else f' text-anchor="{mark.anchor}"'
            parts.append(f'<text x="{mark.x}" y="{mark.y}"{anchor}>{_escape(mark.text)}</text>')
        elif isinstance(mark, Bar):
            parts.append(f'<rect x="{mark.x}" y="{mark.y}" width="{mark.width}" height="{mark.height}" fill="{BAR_COLOUR}"/>')
        else:
            width = f' stroke-width="{mark.stroke_width}"' if mark.stroke_width != 1 else ""
            parts.append(f'<line x1="{mark.x1}" y1="{mark.y1}" x2="{mark.x2}" y2="{mark.y2}" stroke="{INK}"{width}/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def balance_png(report: BalanceReport) -> bytes:
    """The same chart as :func:`balance_svg`, as PNG bytes (needs Pillow)."""
    try:
        from PIL import Image, ImageDraw, ImageFont  # noqa: PLC0415 - only a PNG needs Pillow
    except ImportError:
        raise UsageError("a PNG chart needs Pillow: pip install 'bbcore[png]' (or write an .svg chart)") from None
    chart = chart_of(report)
    scale = PNG_SCALE
    image = Image.new("RGB", (chart.width * scale, chart.height * scale), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=FONT_SIZE * scale)
    anchors = {"start": "ls", "middle": "ms", "end": "rs"}
    for mark in chart.marks:
        if isinstance(mark, Text):
            draw.text((mark.x * scale, mark.y * scale), mark.text, fill=INK, font=font, anchor=anchors[mark.anchor])
        elif isinstance(mark, Bar):
            if mark.width > 0:
                draw.rectangle(
                    (mark.x * scale, mark.y * scale, (mark.x + mark.width) * scale - 1, (mark.y + mark.height) * scale - 1), fill=BAR_COLOUR
                )
        else:
            ends = (mark.x1 * scale, mark.y1 * scale, mark.x2 * scale, mark.y2 * scale)
            draw.line(ends, fill=INK, width=round(mark.stroke_width * scale))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
