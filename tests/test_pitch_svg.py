"""The pitch diagram is drawn from the pitch's data: one square per square, features where the data puts them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

from bbcore.model.pitch import Area, Feature, FeatureType, Pitch
from bbcore.rules.push import GENERIC_OUTCOMES
from bbcore.ruleset import Ruleset
from bbcore.sphinxext.pitch import LEFT, PUSHED_INTO_WORDS, SQUARE, TOP, pitch_rst, pitch_svg
from bbcore.sphinxext.selection import Labels

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def pitch() -> Pitch:
    """A small pitch with one square feature (a pond) and one edge feature (a fence)."""
    return Pitch(
        id="test/yard",
        name="Back Yard",
        source="a test",
        length=12,
        width=7,
        end_zone_depth=1,
        wide_zone_width=2,
        provisional=True,
        note="Drawn from memory.",
        feature_types=(
            FeatureType(id="pond", name="Duck Pond", placement="squares", text="Wet.", blocks_movement=True),
            FeatureType(id="fence", name="Garden Fence", placement="edge", text="Wooden.", crossing_cost=2),
        ),
        features=(
            Feature(type="pond", id="pond-1", area=Area(x=2, y=3, length=3, width=2)),
            Feature(type="fence", id="fence-1", edges=(((7, 0), (8, 0)), ((7, 1), (8, 1)))),
        ),
    )


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, tag: str, css_class: str) -> list[ET.Element]:
    return [e for e in root.iter(SVG + tag) if css_class in e.get("class", "").split()]


def test_every_square_of_the_pitch_is_drawn_once(pitch: Pitch) -> None:
    squares = with_class(parse(pitch_svg(pitch, "yard")), "rect", "square")
    assert len(squares) == pitch.length * pitch.width
    assert len({(s.get("x"), s.get("y")) for s in squares}) == pitch.length * pitch.width


def test_the_zones_are_shaded_apart(pitch: Pitch) -> None:
    root = parse(pitch_svg(pitch, "yard"))
    zones = ("end-zone", "wide-zone", "line-of-scrimmage", "centre-field")
    fills = {zone: {s.get("fill") for s in with_class(root, "rect", zone)} for zone in zones}
    assert all(len(f) == 1 for f in fills.values())
    assert len({next(iter(f)) for f in fills.values()}) == 4
    # The line of scrimmage: the two centre-field columns either side of halfway.
    assert len(with_class(root, "rect", "line-of-scrimmage")) == 2 * (pitch.width - 2 * pitch.wide_zone_width)


def test_a_square_feature_is_one_rectangle_over_its_area(pitch: Pitch) -> None:
    (pond,) = with_class(parse(pitch_svg(pitch, "yard")), "rect", "pond")
    assert (pond.get("x"), pond.get("y"), pond.get("width"), pond.get("height")) == (
        str(LEFT + 2 * SQUARE),
        str(TOP + 3 * SQUARE),
        str(3 * SQUARE),
        str(2 * SQUARE),
    )
    assert pond.findtext(SVG + "title") == "Duck Pond (pond-1)"


def test_an_edge_feature_is_a_line_between_the_two_squares(pitch: Pitch) -> None:
    fences = with_class(parse(pitch_svg(pitch, "yard")), "line", "fence")
    assert len(fences) == 2
    first = fences[0]
    # Squares (7, 0) and (8, 0) meet along the vertical line at x = 8, from y = 0 to y = 1.
    assert (first.get("x1"), first.get("y1"), first.get("x2"), first.get("y2")) == (
        str(LEFT + 8 * SQUARE),
        str(TOP),
        str(LEFT + 8 * SQUARE),
        str(TOP + SQUARE),
    )
    assert float(first.get("stroke-width", "0")) >= 4


def test_the_legend_names_the_zones_and_every_feature_type(pitch: Pitch) -> None:
    (legend,) = with_class(parse(pitch_svg(pitch, "yard")), "g", "legend")
    names = [t.text for t in legend.iter(SVG + "text")]
    assert names == ["End zone", "Wide zone", "Line of scrimmage", "Centre field", "Duck Pond", "Garden Fence"]


def test_the_diagram_is_accessible_and_scales(pitch: Pitch) -> None:
    root = parse(pitch_svg(pitch, "yard"))
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "yard-title yard-desc"
    assert root.findtext(SVG + "title") == "Back Yard"
    assert "Duck Pond" in (root.findtext(SVG + "desc") or "")
    assert root.get("width") == "100%"
    width = float((root.get("viewBox") or "").split()[2])
    assert width >= LEFT + pitch.length * SQUARE


def test_a_provisional_pitch_gets_a_warning_with_its_note_and_a_caption(pitch: Pitch) -> None:
    lines = pitch_rst(pitch, Labels("myvariant-")).lines
    assert ".. _myvariant-pitch-test-yard:" in lines
    at = lines.index(".. admonition:: Provisional")
    assert lines[at + 1] == "   :class: warning"
    assert "   Drawn from memory." in lines[at:]
    markup = "\n".join(lines)
    assert ".. raw:: html" in markup
    assert "<figcaption>Back Yard:" in markup
    assert "**Garden Fence** (1 on this pitch, along the lines between squares)" in markup


def test_the_core_pitch_draws_its_two_trapdoors_and_marks_only_their_placing_provisional(core: Ruleset) -> None:
    lines = pitch_rst(core.pitch, Labels()).lines
    assert ".. admonition:: Provisional" not in lines  # the pitch itself is the rulebook's
    assert len(with_class(parse(pitch_svg(core.pitch, "core")), "rect", "feature")) == 2
    (words,) = [line for line in lines if "**Trapdoor**" in line]
    assert "falls through on a D6 of 1 or less" in words
    assert "until woken" in words
    assert "*Provisional:*" in words


def test_the_size_names_the_zones_across_the_pitch_and_never_a_centre_field_narrower_than_nothing(pitch: Pitch) -> None:
    markup = "\n".join(pitch_rst(pitch, Labels("")).lines)
    assert "wide zones 2 wide along the top and bottom sidelines, a centre field 3 wide" in markup
    lane = attrs.evolve(pitch, width=4, wide_zone_width=4)
    markup = "\n".join(pitch_rst(lane, Labels("")).lines)
    assert "one wide zone across its whole width" in markup
    assert "centre field" not in markup
    assert "one wide zone across its whole width" in (parse(pitch_svg(lane, "lane")).findtext(SVG + "desc") or "")


def test_every_push_outcome_a_feature_may_name_reads_as_words(pitch: Pitch) -> None:
    assert set(PUSHED_INTO_WORDS) == GENERIC_OUTCOMES
    pit = attrs.evolve(pitch.feature_types[0], pushed_into="enters", ball_lands="re-enters")
    markup = "\n".join(pitch_rst(attrs.evolve(pitch, feature_types=(pit, pitch.feature_types[1])), Labels("")).lines)
    assert "a player pushed into it ends up in it" in markup
    assert "follows the rule named ``re-enters``" in markup
    own = attrs.evolve(pit, pushed_into="wall")
    markup = "\n".join(pitch_rst(attrs.evolve(pitch, feature_types=(own, pitch.feature_types[1])), Labels("")).lines)
    assert "meets the rule named ``wall``" in markup
