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


STARS_2020 = "bb2020/star-players"


def test_a_bb2020_star_both_teams_hire_plays_for_neither(bb2020: bbcore.Ruleset) -> None:
    star = InducementOrder(STARS_2020, position="orc/troll")
    other = InducementOrder(STARS_2020, position="human/ogre")
    home = hired_players(bb2020, "home", [star, other], opposing_orders=[star])
    assert [p.position for p in home] == ["human/ogre"]  # the troll both hired stays home
    away = hired_players(bb2020, "away", [star], opposing_orders=[star, other])
    assert away == ()
    # A Mercenary of the same position on both sides is no Star: each team gets his own.
    mercenary = InducementOrder(MERCENARIES, position="orc/troll")
    assert len(hired_players(bb2020, "home", [mercenary], opposing_orders=[mercenary])) == 1


def test_the_core_s_stars_both_teams_hire_play_for_both() -> None:
    core = bbcore.load_ruleset()
    stars = next(i for i in core.inducements.values() if i.hire is not None and i.hire.star)
    order = InducementOrder(stars.id, position="orc/troll")
    assert len(hired_players(core, "home", [order], opposing_orders=[order])) == 1
