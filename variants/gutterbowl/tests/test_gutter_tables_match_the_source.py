"""Every Gutter Bowl table, row by row, against the source's printed ranges.

The other tests roll a row by reading its range from the data, so a row moved to the
wrong number would go unnoticed there; this test holds the source's numbers, written out
here once, and fails on any difference in dice, ranges or order.
"""

from __future__ import annotations

import pytest

import bbcore
from bbcore.testing import table_rows

#: By table: its dice, then (lowest, highest, row id) as the source prints them.
SOURCE: dict[str, tuple[str, list[tuple[int, int, str]]]] = {
    "gutterbowl/creature": ("D6", [(1, 1, "aarrgghh"), (2, 3, "its-all-quiet-down-here"), (4, 6, "just-put-me-down-over-there")]),
    "gutterbowl/street-kick-off-events": (
        "2D6",
        [
            (2, 2, "falling-roof-tiles"),
            (3, 3, "riot"),
            (4, 4, "quick-attack"),
            (5, 5, "rogue-washing-line"),
            (6, 6, "this-round-is-on-us"),
            (7, 7, "cheering-fans"),
            (8, 8, "changing-weather"),
            (9, 9, "loose-dogs"),
            (10, 10, "black-market-dealer"),
            (11, 11, "furious-neighbor"),
            (12, 12, "the-guards-are-coming"),
        ],
    ),
    "gutterbowl/sewer-kick-off-events": (
        "2D6",
        [
            (2, 2, "tentacled-terror"),
            (3, 3, "riot"),
            (4, 4, "sudden-stink"),
            (5, 5, "bats"),
            (6, 6, "get-ready-lads"),
            (7, 7, "cheering-fans"),
            (8, 8, "changing-weather"),
            (9, 9, "sticky-sludge"),
            (10, 10, "black-market-dealer"),
            (11, 11, "fresh-sewage"),
            (12, 12, "swarm-of-rats"),
        ],
    ),
    "gutterbowl/street-weather": (
        "2D6",
        [
            (2, 2, "clouds-of-smog"),
            (3, 3, "howling-winds"),
            (4, 10, "a-normal-day"),
            (11, 11, "sudden-downpour"),
            (12, 12, "a-stormy-night"),
        ],
    ),
    "gutterbowl/sewer-weather": (
        "2D6",
        [
            (2, 2, "unbearable-stench"),
            (3, 3, "spilt-sewage"),
            (4, 10, "no-more-disgusting-than-usual"),
            (11, 11, "its-getting-warm"),
            (12, 12, "underground-heatwave"),
        ],
    ),
    "gutterbowl/lesser-magic-potions": (
        "D8",
        [
            (1, 1, "manticore-venom"),
            (2, 2, "fresh-water"),
            (3, 3, "blood-and-bootlaces-ipa"),
            (4, 4, "healing-bairn"),
            (5, 5, "fungus-broth"),
            (6, 6, "warpstone-whiskey"),
            (7, 7, "bugmans-xxxxxx"),
            (8, 8, "its-an-actual-potion"),
        ],
    ),
    "gutterbowl/superior-magic-potions": (
        "D8",
        [
            (1, 1, "potion-of-endurance"),
            (2, 2, "potion-of-mutation"),
            (3, 3, "potion-of-accuracy"),
            (4, 4, "potion-of-intelligence"),
            (5, 5, "potion-of-grace"),
            (6, 6, "potion-of-speed"),
            (7, 7, "potion-of-strength"),
            (8, 8, "potion-of-rage"),
        ],
    ),
}


@pytest.fixture(scope="module")
def gutter() -> bbcore.Ruleset:
    return bbcore.load_ruleset("gutterbowl")


@pytest.mark.parametrize("table_id", sorted(SOURCE))
def test_the_table_has_the_sources_dice_and_ranges(gutter: bbcore.Ruleset, table_id: str) -> None:
    dice, rows = SOURCE[table_id]
    assert table_rows(gutter, table_id) == (dice, rows)


def test_every_gutter_bowl_table_is_checked(gutter: bbcore.Ruleset) -> None:
    assert {t for t in gutter.tables if t.startswith("gutterbowl/")} == set(SOURCE)
