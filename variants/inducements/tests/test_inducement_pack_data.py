"""The two packs' data: every entry of both lists, groups, prices with conditions and the flags for guessed or cut-off entries."""

from __future__ import annotations

from collections import Counter

import bbcore
from bbcore.model.team import Team
from bbcore.ruleset import Ruleset
from bbcore.teams.valuation import may_buy


def _bb2020() -> Ruleset:
    return bbcore.load_ruleset(packs=["bb2020"])


def _classic() -> Ruleset:
    return bbcore.load_ruleset(packs=["classic"])


def test_bb2020_has_every_entry_and_its_groups() -> None:
    rules = _bb2020()
    assert len(rules.inducements) == 51
    members = Counter(i.group for i in rules.inducements.values() if i.group)
    assert members == {"bb2020/infamous-coaching-staff": 10, "bb2020/wizards": 12, "bb2020/biased-referees": 5, "bb2020/star-players": 1}
    assert {g.id: g.max for g in rules.inducement_groups.values()} == {
        "bb2020/infamous-coaching-staff": 2,
        "bb2020/wizards": 1,
        "bb2020/biased-referees": 1,
        "bb2020/star-players": 2,
    }


def test_bb2020_prices_and_eligibility() -> None:
    rules = _bb2020()
    chef = rules.inducement("bb2020/halfling-master-chef")
    assert [(c.cost, c.condition.leagues if c.condition else None) for c in chef.costs] == [
        (300000, None),
        (100000, ("halfling-thimble-cup",)),
    ]
    assert rules.inducement("bb2020/mercenaries").max is None
    mortuary = rules.inducement("bb2020/mortuary-assistant").eligibility
    assert mortuary is not None
    assert mortuary.apothecary is False
    brew = rules.inducement("bb2020/bottles-of-heady-brew")
    assert brew.provisional
    # The source's tier of Stunty teams: every roster it opens to fields Stunty players.
    open_to = sorted(r.id for r in rules.rosters.values() if may_buy(rules, Team(name="T", roster=r.id, players=()), brew))
    assert open_to == ["gnome", "goblin", "halfling", "ogre", "snotling"]
    assert all(any(ref.id == "stunty" for p in rules.rosters[r].positions for ref in p.skills) for r in open_to)
    skullbones = rules.inducement("bb2020/papa-skullbones")
    assert [bool(c.special_rules) for c in skullbones.eligibility_any] == [True, False]
    shaman = rules.inducement("bb2020/night-goblin-shaman")
    assert shaman.incomplete
    assert [p.id for p in shaman.profiles if p.incomplete] == ["spore-cloud"]
    assert [p.id for p in rules.inducement("bb2020/dwarfen-runesmith").profiles] == [
        "rune-of-might",
        "rune-of-fury",
        "rune-of-speed",
        "rune-of-iron",
        "rune-of-impact",
    ]
    assert rules.table("bb2020/papa-skullbones").dice == "D8"
    assert rules.table("bb2020/master-of-ballistics").dice == "D3"


#: Limits and prices as the 2020 list prints them: (least, most, [price for any team, cheaper price where one is given]).
BB2020_TERMS = {
    "bb2020/temp-agency-cheerleaders": (0, 4, [20_000]),
    "bb2020/bribes": (0, 3, [100_000, 50_000]),
    "bb2020/mortuary-assistant": (0, 1, [100_000]),
    "bb2020/riotous-rookies": (0, 1, [100_000]),
    "bb2020/wandering-apothecaries": (0, 2, [100_000]),
    "bb2020/plague-doctor": (0, 1, [100_000]),
    "bb2020/biased-referee": (0, 1, [120_000, 80_000]),
    "bb2020/jorm-the-ogre": (0, 1, [120_000, 80_000]),
    "bb2020/trundlefoot-triplets": (0, 1, [80_000, 40_000]),
    "bb2020/master-of-ballistics": (0, 1, [40_000, 30_000]),
    "bb2020/giant-mercenary": (0, 1, [350_000]),
}


def test_bb2020_limits_and_prices_are_the_lists() -> None:
    rules = _bb2020()
    found = {
        key: (rules.inducement(key).min, rules.inducement(key).max, [c.cost for c in rules.inducement(key).costs]) for key in BB2020_TERMS
    }
    assert found == BB2020_TERMS


#: The classic list's prices as it prints them (the cheaper one for the teams it names second), and its
#: limits where it gives one (None: no limit).
CLASSIC_PRICES = {
    "classic/assistant-coaches": [20_000],
    "classic/agency-cheerleaders": [20_000],
    "classic/heady-brew": [40_000],
    "classic/bloodweiser-keg": [50_000],
    "classic/bribe": [100_000, 50_000],
    "classic/boiling-pot": [60_000],
    "classic/wandering-apothecary": [100_000],
    "classic/extra-training": [100_000],
    "classic/chef": [300_000, 100_000],
}
CLASSIC_LIMITS = {
    "classic/assistant-coaches": None,
    "classic/agency-cheerleaders": None,
    "classic/heady-brew": 3,
    "classic/wandering-apothecary": 2,
}


def test_classic_prices_and_limits_are_the_lists() -> None:
    rules = bbcore.load_ruleset(packs=["classic"])
    assert {key: [c.cost for c in rules.inducement(key).costs] for key in CLASSIC_PRICES} == CLASSIC_PRICES
    assert {key: rules.inducement(key).max for key in CLASSIC_LIMITS} == CLASSIC_LIMITS


def test_classic_has_every_entry_with_its_old_scale_profiles() -> None:
    rules = _classic()
    assert len(rules.inducements) == 14
    assert rules.inducement("classic/assistant-coaches").max is None
    assert rules.inducement("classic/agency-cheerleaders").max is None
    bribe = rules.inducement("classic/bribe")
    assert [(c.cost, c.condition.rosters if c.condition else None) for c in bribe.costs] == [(100000, None), (50000, ("goblin",))]
    bugman = rules.inducement("classic/joseph-bugman")
    halves = [p.old_scale for p in bugman.profiles if p.old_scale is not None]
    assert [(s.ma, s.ag, s.av) for s in halves] == [(5, 2, 8), (4, 2, 8)]
    giant = rules.inducement("classic/slave-giant").profiles[0]
    assert giant.old_scale is not None
    assert (giant.old_scale.ma, giant.old_scale.st, giant.old_scale.ag, giant.old_scale.av) == (6, 7, 2, 10)
    assert giant.ag is None
    assert giant.av is None
    assert rules.inducement("classic/slave-giant").incomplete
