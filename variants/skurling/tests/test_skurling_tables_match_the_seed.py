"""Every Skurling table, row by row, against what the seed (``skurling.txt``) fixes.

The rules tests find a row by the range the data gives it, so a row moved to another
number would still pass them. This file writes the numbers out once and fails on any change
in dice, ranges or order.

The seed lost its tables' contents (see ``SEED-GAPS.md``). It gives the dice of every
rolled table, the names of some rows, the one fixed number that a 6 on the sponsor's
offer is a Headliner, and the faces of the Touch. The other rows are the project's
provisional content (``provisional: true`` in the data); those rows are pinned to the data
as it stands, so that a change to them is made on purpose. The line numbers below are the
seed's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bbcore_skurling.plugin import DATA_DIR

import bbcore
from bbcore.ruleset import Ruleset
from bbcore.testing import table_rows

TABLES_DIR: Path = DATA_DIR / "tables"

#: By table: its dice, then (lowest, highest, row id). Where the seed prints only the dice
#: and perhaps some names, the rows are the data's provisional ones, as the comments say.
SEED: dict[str, tuple[str, list[tuple[int, int, str]]]] = {
    # Lines 165-169 print the block die faces in this order. The D6 numbers are those of
    # the Blood Bowl block die (1 Player Down, 2 Both Down, 3-4 Push Back, 5 Stumbles,
    # 6 Pow), which the Touch reads. The row ids are those of the core block-dice table.
    "skurling/touch": (
        "D6",
        [(1, 1, "player-down"), (2, 2, "both-down"), (3, 4, "push-back"), (5, 5, "stumble"), (6, 6, "pow")],
    ),
    # Provisional rows. Lines 107 and 121 give 2D6 and the four preparations (lines 123-129),
    # but no ranges.
    "skurling/pebblemuck": (
        "2D6",
        [(2, 3, "mob-pebbling"), (4, 6, "rushed-pebbling"), (7, 10, "raw-ground"), (11, 12, "gala-pebbling")],
    ),
    # Provisional rows. Lines 107 and 121 give each preparation a D6 Attribute table. Line 363
    # names Astrogranite and Solid Stone on Raw Ground; no row of any of the four is printed.
    "skurling/raw-ground-attributes": (
        "D6",
        [(1, 1, "soft-mud"), (2, 2, "tufted-turf"), (3, 4, "honest-grass"), (5, 5, "astrogranite"), (6, 6, "solid-stone")],
    ),
    "skurling/rushed-pebbling-attributes": (
        "D6",
        [(1, 1, "puddles"), (2, 2, "loose-grit"), (3, 4, "good-enough"), (5, 5, "lumpy-lane"), (6, 6, "shoddy-job")],
    ),
    "skurling/gala-pebbling-attributes": (
        "D6",
        [
            (1, 1, "glassy-finish"),
            (2, 2, "perfect-pebble"),
            (3, 3, "groomed-lane"),
            (4, 4, "bunting-and-banners"),
            (5, 5, "sawdust-bed"),
            (6, 6, "the-skip-general-attends"),
        ],
    ),
    "skurling/mob-pebbling-attributes": (
        "D6",
        [
            (1, 1, "beer-soaked"),
            (2, 2, "trampled-flat"),
            (3, 3, "rough-and-ready"),
            (4, 4, "litter-strewn"),
            (5, 5, "cobbles-underneath"),
            (6, 6, "proud-mob"),
        ],
    ),
    # Provisional rows. Line 143 gives 2D6. The seed names Cheering Fans and Bonspiel Brawl
    # (line 108), Changing Weather (line 115) and Time-Out (line 220), with no numbers.
    "skurling/landing-events": (
        "2D6",
        [
            (2, 2, "sweepuh-smiles"),
            (3, 3, "time-out"),
            (4, 4, "dig-in"),
            (5, 5, "eager-whacker"),
            (6, 6, "cheering-fans"),
            (7, 7, "second-wind"),
            (8, 8, "changing-weather"),
            (9, 9, "quick-shuffle"),
            (10, 10, "charge"),
            (11, 11, "dodgy-soup"),
            (12, 12, "bonspiel-brawl"),
        ],
    ),
    # Provisional rows. Line 408 gives 2D6 for the seasonal tables and lines 415-421 their
    # names; line 427 does the same for the grounds (lines 433-435). No row is printed.
    "skurling/spring-weather": (
        "2D6",
        [(2, 2, "meltwater-flood"), (3, 3, "april-showers"), (4, 10, "fresh-spring-day"), (11, 11, "gusty-winds"), (12, 12, "the-thaw")],
    ),
    "skurling/summer-weather": (
        "2D6",
        [(2, 2, "dog-day-heat"), (3, 3, "glaring-sun"), (4, 10, "lazy-afternoon"), (11, 11, "thunder-shower"), (12, 12, "baked-hard")],
    ),
    "skurling/autumn-weather": (
        "2D6",
        [(2, 2, "equinox-gale"), (3, 3, "wet-leaves"), (4, 10, "crisp-day"), (11, 11, "drizzle"), (12, 12, "leaf-mulch")],
    ),
    "skurling/winter-weather": (
        "2D6",
        [(2, 2, "iron-frost"), (3, 3, "numb-fingers"), (4, 10, "cold-and-clear"), (11, 11, "sleet"), (12, 12, "blizzard")],
    ),
    "skurling/loch-weather": (
        "2D6",
        [(2, 2, "loch-mist"), (3, 3, "spray-off-the-loch"), (4, 10, "fair-by-the-loch"), (11, 11, "squall"), (12, 12, "black-ice")],
    ),
    "skurling/moor-weather": (
        "2D6",
        [(2, 2, "the-bog-rises"), (3, 3, "moor-fog"), (4, 10, "grey-skies"), (11, 11, "driving-rain"), (12, 12, "moor-gale")],
    ),
    # Provisional rows. Line 397 gives a D8 and no helmet.
    "skurling/helmets": (
        "D8",
        [
            (1, 1, "tin-pot"),
            (2, 2, "padded-bonnet"),
            (3, 3, "spiked-helm"),
            (4, 4, "curling-stone"),
            (5, 5, "feathered-hat"),
            (6, 6, "kettle"),
            (7, 7, "bell-helmet"),
            (8, 8, "grandmothers-bobble-hat"),
        ],
    ),
    # Line 288 gives a D6 and line 313 makes a 6 a Headliner. Lines 280 and 290-291 name the
    # tool and the sideline as the other offers, with no numbers: their ranges are provisional.
    "skurling/sponsor-offers": ("D6", [(1, 3, "tool"), (4, 5, "sideline"), (6, 6, "headliner")]),
    # Provisional table. Line 280 mentions a tool only as a sponsor's gift and gives neither
    # dice nor a list.
    "skurling/tools": (
        "D6",
        [
            (1, 1, "spare-broom"),
            (2, 2, "chalk-bag"),
            (3, 3, "throwing-gloves"),
            (4, 4, "sponsors-banner"),
            (5, 5, "feather-cushion"),
            (6, 6, "lucky-horseshoe"),
        ],
    ),
}


@pytest.fixture(scope="module")
def skurling() -> Ruleset:
    # Every table is in the ruleset whatever the options: an option such as ``season`` or
    # ``helmets`` only picks which table fills a role, or whether the rule is played.
    return bbcore.load_ruleset("skurling")


@pytest.mark.parametrize("table_id", sorted(SEED))
def test_the_table_has_the_seeds_dice_and_ranges(skurling: Ruleset, table_id: str) -> None:
    dice, rows = SEED[table_id]
    assert table_rows(skurling, table_id) == (dice, rows)


def test_every_skurling_table_is_checked(skurling: Ruleset) -> None:
    assert len(list(TABLES_DIR.glob("*.yaml"))) == len(SEED)
    assert {t for t in skurling.tables if t.startswith("skurling/")} == set(SEED)
