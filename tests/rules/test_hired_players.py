"""Players hired by inducement orders (the bb2020 pack's Mercenaries), ready for the board."""

from __future__ import annotations

import pytest

import bbcore
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import InducementOrder
from bbcore.rules.board import Status
from bbcore.rules.hired_players import hired_players

BLITZER = "human/human-blitzer"
MERCENARIES = "bb2020/mercenaries"


@pytest.fixture(scope="module")
def bb2020() -> bbcore.Ruleset:
    return bbcore.load_ruleset(packs=["bb2020"])


def test_mercenaries_join_in_the_reserves_with_loner_and_the_skill_bought(bb2020: bbcore.Ruleset) -> None:
    orders = [InducementOrder(MERCENARIES, 2, position=BLITZER, skill=SkillRef("guard")), InducementOrder("bb2020/bribes")]
    first, second = hired_players(bb2020, "home", orders, taken={"home-hired-1"})
    assert (first.id, second.id) == ("home-hired-2", "home-hired-3")
    blitzer = bb2020.position(BLITZER)
    for hired in (first, second):
        assert (hired.team, hired.status, hired.position) == ("home", Status.RESERVES, BLITZER)
        assert (hired.ma, hired.st, hired.ag, hired.av) == (blitzer.ma, blitzer.st, blitzer.ag, blitzer.av)
        assert hired.skill_value("loner") == 4
        assert hired.has("guard")
        assert {ref.id for ref in blitzer.skills} <= set(hired.skills)
        assert (hired.hired, hired.spp_earned) == (True, "mvp")  # the 2020 list's Mercenaries earn SPP only as the MVP


def test_an_order_that_hires_must_name_the_position(bb2020: bbcore.Ruleset) -> None:
    with pytest.raises(UsageError, match="must name the position hired"):
        hired_players(bb2020, "home", [InducementOrder(MERCENARIES)])
    with pytest.raises(UsageError, match="unknown inducement"):
        hired_players(bb2020, "home", [InducementOrder("mercenaries")])
