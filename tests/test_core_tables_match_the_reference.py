"""Every rolled table of the Blood Bowl 2025 core, row by row, against the reference's numbers.

Elsewhere a row is rolled by looking its range up in the data, so a row shifted onto the
wrong numbers would pass there unnoticed. Here the ranges are typed out once, straight from
the reference in /work/shared/reference/bb2025/, and any difference in dice, ranges or row
order fails.
"""

from __future__ import annotations

import pytest

import bbcore
from bbcore.testing import table_rows

#: By table: its dice, then (lowest, highest, row id) as the reference prints them.
#: Block Dice, Random Direction and Throw-in are the exception: the reference names their
#: dice but shows the faces or templates only as pictures, with no numbers in the text, so
#: their rows are pinned to the data as it stands (its own comments give the numbering used).
REFERENCE: dict[str, tuple[str, list[tuple[int, int, str]]]] = {
    # the_game_of_blood_bowl.md, Weather Table (also cheat_sheet.md)
    "weather": (
        "2D6",
        [
            (2, 2, "sweltering-heat"),
            (3, 3, "very-sunny"),
            (4, 10, "perfect-conditions"),
            (11, 11, "pouring-rain"),
            (12, 12, "blizzard"),
        ],
    ),
    # the_game_of_blood_bowl.md, Kick-off Event Table (also cheat_sheet.md)
    "kick-off-events": (
        "2D6",
        [
            (2, 2, "get-the-ref"),
            (3, 3, "time-out"),
            (4, 4, "solid-defence"),
            (5, 5, "high-kick"),
            (6, 6, "cheering-fans"),
            (7, 7, "brilliant-coaching"),
            (8, 8, "changing-weather"),
            (9, 9, "quick-snap"),
            (10, 10, "charge"),
            (11, 11, "dodgy-snack"),
            (12, 12, "pitch-invasion"),
        ],
    ),
    # the_game_of_blood_bowl.md, Injury Table (also cheat_sheet.md)
    "injury": ("2D6", [(2, 7, "stunned"), (8, 9, "knocked-out"), (10, 12, "casualty")]),
    # the_game_of_blood_bowl.md, Stunty Injury Table
    "stunty-injury": ("2D6", [(2, 6, "stunned"), (7, 8, "knocked-out"), (9, 9, "badly-hurt"), (10, 12, "casualty")]),
    # the_game_of_blood_bowl.md, Casualty Table (also cheat_sheet.md)
    "casualty": (
        "D16",
        [
            (1, 8, "badly-hurt"),
            (9, 10, "seriously-hurt"),
            (11, 12, "serious-injury"),
            (13, 14, "lasting-injury"),
            (15, 16, "dead"),
        ],
    ),
    # the_game_of_blood_bowl.md, Characteristic Reduction (also cheat_sheet.md, Lasting Injury Table)
    "lasting-injury": (
        "D6",
        [
            (1, 2, "head-injury"),
            (3, 3, "smashed-knee"),
            (4, 4, "broken-arm"),
            (5, 5, "dislocated-hip"),
            (6, 6, "broken-shoulder"),
        ],
    ),
    # the_game_of_blood_bowl.md, Argue the Call
    "argue-the-call": ("D6", [(1, 1, "youre-outta-here"), (2, 5, "i-dont-care"), (6, 6, "well-when-you-put-it-like-that")]),
    # inducements.md, Prayers to Nuffle
    "prayers-to-nuffle": (
        "D16",
        [
            (1, 1, "treacherous-trapdoor"),
            (2, 2, "friends-with-the-ref"),
            (3, 3, "stiletto"),
            (4, 4, "iron-man"),
            (5, 5, "knuckle-dusters"),
            (6, 6, "bad-habits"),
            (7, 7, "greasy-cleats"),
            (8, 8, "blessing-of-nuffle"),
            (9, 9, "moles-under-the-pitch"),
            (10, 10, "perfect-passing"),
            (11, 11, "dazzling-catching"),
            (12, 12, "fan-interaction"),
            (13, 13, "fouling-frenzy"),
            (14, 14, "throw-a-rock"),
            (15, 15, "under-scrutiny"),
            (16, 16, "intensive-training"),
        ],
    ),
    # league_play.md, Characteristic Improvement Table
    "characteristic-improvement": (
        "D8",
        [
            (1, 1, "av"),
            (2, 2, "av-or-pa"),
            (3, 4, "av-ma-or-pa"),
            (5, 5, "ma-or-pa"),
            (6, 6, "ag-or-ma"),
            (7, 7, "ag-or-st"),
            (8, 8, "any-characteristic"),
        ],
    ),
    # league_play.md, Expensive Mistake Table: one row per D6 face, the Treasury bands as columns
    "expensive-mistakes": (
        "D6",
        [(1, 1, "roll-1"), (2, 2, "roll-2"), (3, 3, "roll-3"), (4, 4, "roll-4"), (5, 5, "roll-5"), (6, 6, "roll-6")],
    ),
    # the_game_of_blood_bowl.md, Block Dice: six-sided, five faces named but not numbered; the
    # face numbers (and which face is doubled) are the data's, not the reference's.
    "block-dice": ("D6", [(1, 1, "player-down"), (2, 2, "both-down"), (3, 4, "push-back"), (5, 5, "stumble"), (6, 6, "pow")]),
    # game_essentials.md and rules_and_regulations.md: a D8 on the Random Direction Template,
    # shown only as a picture; the numbering is the data's, not the reference's.
    "random-direction": (
        "D8",
        [
            (1, 1, "up-left"),
            (2, 2, "up"),
            (3, 3, "up-right"),
            (4, 4, "left"),
            (5, 5, "right"),
            (6, 6, "down-left"),
            (7, 7, "down"),
            (8, 8, "down-right"),
        ],
    ),
    # the_game_of_blood_bowl.md, Throw-ins: a D6 on the Throw-in Template, shown only as a
    # picture; the numbering is the data's, not the reference's.
    "throw-in": ("D6", [(1, 2, "diagonal-left"), (3, 4, "straight-ahead"), (5, 6, "diagonal-right")]),
}


@pytest.mark.parametrize("table_id", sorted(REFERENCE))
def test_the_table_has_the_references_dice_and_ranges(core: bbcore.Ruleset, table_id: str) -> None:
    dice, rows = REFERENCE[table_id]
    assert table_rows(core, table_id) == (dice, rows)


def test_every_rolled_core_table_is_checked(core: bbcore.Ruleset) -> None:
    assert {table_id for table_id, table in core.tables.items() if table.dice is not None} == set(REFERENCE)
