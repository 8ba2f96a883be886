"""Eligibility of pack inducements in the team check."""

from __future__ import annotations

import bbcore
from bbcore.loading.structure import converter
from bbcore.model.team import Team


def team(position: str, **extra: object) -> Team:
    players = [{"name": f"P{i}", "position": position} for i in range(11)]
    return converter.structure({"name": "T", "players": players, "budget": 3_000_000, **extra}, Team)


def codes(rules: bbcore.Ruleset, checked: Team) -> set[str]:
    return {p.code for p in bbcore.check_team(rules, checked).problems}


def test_an_either_or_eligibility_admits_each_alternative_and_refuses_others() -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    order = [{"id": "bb2020/papa-skullbones"}]
    goblins = team("goblin/goblin-lineman", inducements=order)  # Underworld Challenge is one of their leagues
    humans = team("human/human-lineman", inducements=order)
    nurgle = team("nurgle/rotter", inducements=order)
    assert "inducement-not-eligible" not in codes(rules, goblins)
    assert "inducement-not-eligible" not in codes(rules, nurgle)
    assert "inducement-not-eligible" in codes(rules, humans)
