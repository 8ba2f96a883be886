"""Every table of the two inducement packs, row by row, against the source's printed ranges.

Other tests roll a row by reading its range from the data; this one holds the sources'
numbers, written out here once, and fails on any difference in dice, ranges or order.
"""

from __future__ import annotations

import pytest

import bbcore
from bbcore.testing import table_rows

#: By pack, then table: its dice, then (lowest, highest, row id) as the source prints them.
SOURCE: dict[str, dict[str, tuple[str, list[tuple[int, int, str]]]]] = {
    "bb2020": {
        "bb2020/ancient-artifact": ("D6", [(1, 1, "cursed"), (2, 5, "lucky-trinket"), (6, 6, "healing-aura")]),
        "bb2020/ayleen-andar": ("D6", [(1, 1, "team-player"), (2, 5, "some-potential"), (6, 6, "real-star-quality")]),
        "bb2020/dwarfen-runesmith": ("D6", [(1, 1, "rune-fails-for-good"), (2, 3, "rune-fails"), (4, 6, "rune-works")]),
        "bb2020/foot-of-gork": ("D6", [(1, 2, "swings-overhead"), (3, 5, "stomped"), (6, 6, "kicked")]),
        "bb2020/halfling-hot-pot": ("D6", [(1, 1, "misfire"), (2, 5, "off-target"), (6, 6, "on-target")]),
        "bb2020/krot-shockwhisker": (
            "D6",
            [(1, 1, "there-were-complications"), (2, 3, "useless-flesh-thing"), (4, 5, "flawed-execution"), (6, 6, "witness-perfection")],
        ),
        "bb2020/master-of-ballistics": (
            "D3",
            [(1, 1, "complete-misunderstanding"), (2, 2, "interesting-theory"), (3, 3, "successful-practical-application")],
        ),
        "bb2020/mungo-spinecracker": ("D6", [(1, 1, "treated"), (2, 4, "pummelled"), (5, 6, "back-on-their-feet")]),
        "bb2020/papa-skullbones": (
            "D8",
            [
                (1, 1, "unworthy"),
                (2, 2, "overlooked"),
                (3, 3, "freakish-proportions"),
                (4, 4, "grasping-tendrils"),
                (5, 5, "horrific-visage"),
                (6, 6, "grisly-bifurcation"),
                (7, 7, "thorny-protrusions"),
                (8, 8, "favour-of-the-gods"),
            ],
        ),
        "bb2020/professeur-frunkleheim": ("D6", [(1, 1, "a-bit-of-a-failure"), (2, 5, "short-lived-success"), (6, 6, "total-success")]),
        "bb2020/schielund-scharlitan": ("D6", [(1, 1, "the-next-big-thing"), (2, 5, "dropped"), (6, 6, "good-exposure")]),
        "bb2020/trundlefoot-triplets": ("D6", [(1, 1, "wrong-player"), (2, 4, "squabbling"), (5, 6, "caught")]),
    },
    "classic": {
        "classic/boiling-pot": ("D6", [(1, 1, "misfire"), (2, 5, "miss"), (6, 6, "on-target")]),
    },
}


@pytest.mark.parametrize(("pack", "table_id"), [(pack, table) for pack, tables in SOURCE.items() for table in sorted(tables)])
def test_the_table_has_the_sources_dice_and_ranges(pack: str, table_id: str) -> None:
    dice, rows = SOURCE[pack][table_id]
    assert table_rows(bbcore.load_ruleset(packs=[pack]), table_id) == (dice, rows)


@pytest.mark.parametrize("pack", sorted(SOURCE))
def test_every_table_of_the_pack_is_checked(pack: str) -> None:
    tables = bbcore.load_ruleset(packs=[pack]).tables
    assert {t for t in tables if t.startswith(f"{pack}/")} == set(SOURCE[pack])
