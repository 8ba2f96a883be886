"""`bbcore odds armour` under Gutter Bowl counts the cobblestones' hard landing."""

from __future__ import annotations

import json

import pytest

from bbcore.cli import main


def armour_odds(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, str]:
    assert main(["odds", "armour", "--av", "9", "--json", *arguments]) == 0
    exact: dict[str, str] = json.loads(capsys.readouterr().out)["exact"]
    return exact


def test_a_fall_on_the_cobbles_breaks_av_9_on_8_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    # 2D6 reaching 9 is 10/36; with the +1 of a hard landing, reaching 8 is 15/36.
    assert armour_odds(capsys, "--cause", "fall")["broken"] == "5/18"
    assert armour_odds(capsys, "--variant", "gutterbowl", "--cause", "fall")["broken"] == "5/12"


def test_a_foul_is_no_hard_landing(capsys: pytest.CaptureFixture[str]) -> None:
    assert armour_odds(capsys, "--variant", "gutterbowl", "--cause", "foul")["broken"] == "5/18"
