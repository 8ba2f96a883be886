"""Sponsorship, a league rule: finding a sponsor, its gift, keeping it between seasons, ending it.

Every number is in ``data/rules/league.yaml`` (``league.sponsorship``): the search roll
(a D6 + Dedicated Fans just updated + 1 after a win, an offer on 8+), the two sponsors a
team may have, the offer table (``skurling/sponsor-offers``, each row's ``values`` naming
its gift), the tools table, the order of gifts from best to least and the renewal roll.
The Headliners come from :func:`bbcore_skurling.headliners.headliners` and the sidelines
from :func:`bbcore_skurling.sidelines.sideline_list`.

Rules as implemented:

* one search per match; the coach may decline to look (``SkurlingDecisions.look_for_sponsor``);
* the coach may take the gift offered or anything lesser (Headliner, then sideline, then
  tool), decided at once (``SkurlingDecisions.sponsor_gift``);
* a sideline the team cannot take (it holds all six, bought or sponsored) becomes a tool;
  so does a sideline an offer row names when the team already has it;
* a tool is rolled on the tools table; the sponsor gets the name the coach gives it.

Judgement calls (the seed leaves them open):

* a Headliner does not count as one of the sponsors: the sponsor lends it for the next
  match only and takes no sponsor place, so a team with two sponsors may still search, but
  can then only accept a Headliner; with a Headliner already promised it cannot take one;
* the team's sidelines that act on ``sponsor-search`` and ``sponsor-renewal`` (the
  Scribe) add their modifier to those rolls, worked out from the sidelines it holds,
  bought or sponsored (:func:`held_sidelines`); at renewal every roll is made with the
  sidelines held before any sponsor leaves, so a sponsored Scribe helps its own sponsor stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.dice import DiceSource, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.rules.events import Event
from bbcore_skurling.headliners import headliners
from bbcore_skurling.league_rules import league_rules
from bbcore_skurling.sidelines import SPONSOR_RENEWAL, SPONSOR_SEARCH, sideline_list, sideline_modifier

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset
    from bbcore_skurling.coaching import SkurlingDecisions

#: The gifts a sponsor may give, as the offer table's values name them.
HEADLINER = "headliner"
SIDELINE = "sideline"
TOOL = "tool"


@frozen
class Sponsor:
    """A team's sponsor: its name, the kind of gift (``tool`` or ``sideline``) and which one."""

    name: str
    gift: str
    item: str


@frozen
class SponsorSearch:
    """What one search gave: the roll, whether an offer came, what was offered and taken.

    ``sponsor`` is the new lasting sponsor (a tool or a sideline), ``headliner`` the
    Headliner lent for the next match; both None when nothing was taken.
    """

    team: str
    rolls: tuple[int, ...]
    total: int
    offer: bool
    offered: str | None = None
    taken: str | None = None
    sponsor: Sponsor | None = None
    headliner: str | None = None
    events: tuple[Event, ...] = ()


def sponsor_roll(
    ruleset: Ruleset, dice: DiceSource, dedicated_fans: int, won: bool, modifier: int = 0
) -> tuple[tuple[int, ...], int, bool]:
    """The search roll: (dice, total, whether a sponsor makes an offer); ``modifier`` is what sidelines add."""
    rules = league_rules(ruleset).league.sponsorship
    rolls = roll_dice(dice, rules.search_dice)
    total = sum(rolls) + dedicated_fans + (rules.win_bonus if won else 0) + modifier
    return rolls, total, total >= rules.offer_on


def gift_options(ruleset: Ruleset, offered: str) -> tuple[str, ...]:
    """The gifts a coach may take for an offer: that one and every lesser one, best first."""
    order = league_rules(ruleset).league.sponsorship.downgrades
    if offered not in order:
        raise UsageError(f"a sponsor offers one of {', '.join(order)}, not {offered!r}")
    return order[order.index(offered) :]


def sideline_ids(ruleset: Ruleset) -> tuple[str, ...]:
    """Every sideline of the Touchline Guild, in the file's order."""
    return tuple(sideline.id for sideline in sideline_list(ruleset).sidelines)


def available_sidelines(ruleset: Ruleset, held: Sequence[str]) -> tuple[str, ...]:
    """The sidelines a team may still take: those it holds neither bought nor sponsored."""
    return tuple(sideline for sideline in sideline_ids(ruleset) if sideline not in held)


def held_sidelines(bought: Sequence[str], sponsors: Sequence[Sponsor]) -> tuple[str, ...]:
    """Every sideline a team has: those bought and those its sponsors provide."""
    return (*bought, *(sponsor.item for sponsor in sponsors if sponsor.gift == SIDELINE))


def sponsor_tools(sponsors: Sequence[Sponsor]) -> tuple[str, ...]:
    """The tools a team's sponsors give, in the order the sponsors came."""
    return tuple(sponsor.item for sponsor in sponsors if sponsor.gift == TOOL)


def roll_tool(ruleset: Ruleset, dice: DiceSource, team: str) -> tuple[str, Event]:
    """A tool for a sponsor's gift: a roll on the tools table."""
    rolled = roll_on_table(ruleset.table(league_rules(ruleset).league.sponsorship.tools_table), dice)
    return rolled.row.id, Event("sponsor-tool", team, rolled.rolls, rolled.row.id, {"table": rolled.table.id})


def look_for_sponsor(
    ruleset: Ruleset,
    team: str,
    *,
    dedicated_fans: int,
    won: bool,
    sponsors: Sequence[Sponsor],
    bought_sidelines: Sequence[str] = (),
    headliner_promised: bool = False,
    dice: DiceSource,
    decisions: SkurlingDecisions,
) -> SponsorSearch:
    """One team's search for a sponsor after a league match, with the gift it takes.

    ``dedicated_fans`` are the team's just updated; ``sponsors`` those it has;
    ``bought_sidelines`` the sidelines it paid for; ``headliner_promised`` whether a
    Headliner is already lent to it for the next match. The sidelines it holds (bought or
    sponsored) that act on the search (the Scribe) add their modifier to the roll.
    """
    rules = league_rules(ruleset).league.sponsorship
    modifier = sideline_modifier(ruleset, held_sidelines(bought_sidelines, sponsors), SPONSOR_SEARCH)
    if not decisions.look_for_sponsor(team):
        return SponsorSearch(team, (), 0, False, events=(Event("sponsor-search", team, result="not-looking"),))
    rolls, total, offer = sponsor_roll(ruleset, dice, dedicated_fans, won, modifier)
    detail = {"dedicated_fans": dedicated_fans, "won": won, "modifier": modifier, "total": total, "needed": rules.offer_on}
    events: list[Event] = [Event("sponsor-search", team, rolls, "offer" if offer else "no-offer", detail)]
    if not offer:
        return SponsorSearch(team, rolls, total, False, events=tuple(events))
    rolled = roll_on_table(ruleset.table(rules.offer_table), dice)
    offered = rolled.row.values.get(rules.gift_key)
    if not isinstance(offered, str):
        raise UsageError(f"row {rolled.row.id!r} of table {rolled.table.id!r} names no gift under {rules.gift_key!r}")
    room = len(sponsors) < rules.max_sponsors
    headliner_allowed = not headliner_promised and league_rules(ruleset).league.headliners_at_a_time > 0
    options = tuple(
        gift for gift in gift_options(ruleset, offered) if (gift == HEADLINER and headliner_allowed) or (gift != HEADLINER and room)
    )
    events.append(Event("sponsor-offer", team, rolled.rolls, offered, {"table": rolled.table.id, "options": list(options)}))
    if not options:
        events.append(Event("sponsor-gift", team, result="declined", detail={"reason": "no-room", "sponsors": len(sponsors)}))
        return SponsorSearch(team, rolls, total, True, offered, events=tuple(events))
    taken = decisions.sponsor_gift(team, offered, options)
    if taken not in options:
        raise UsageError(f"team {team!r} may take one of {', '.join(options)} from this offer, not {taken!r}")
    events.append(Event("sponsor-gift", team, result=taken, detail={"offered": offered, "downgraded": taken != offered}))
    if taken == HEADLINER:
        ids = tuple(found.id for found in headliners(ruleset))
        chosen = decisions.headliner(team, ids)
        if chosen not in ids:
            raise UsageError(f"{chosen!r} is not a Headliner; Headliners: {', '.join(ids)}")
        # The sponsor lending him has a name too, for the roster sheet, though it is no sponsor the team keeps.
        name = decisions.sponsor_name(team, HEADLINER)
        events.append(Event("headliner-lent", team, result=chosen, detail={"for": "next-match", "sponsor": name}))
        return SponsorSearch(team, rolls, total, True, offered, taken, headliner=chosen, events=tuple(events))
    item: str | None = None
    gift = taken
    if gift == SIDELINE:
        free = available_sidelines(ruleset, held_sidelines(bought_sidelines, sponsors))
        named = rolled.row.values.get(rules.sideline_key)
        if isinstance(named, str):
            item = named if named in free else None
        elif free:
            item = decisions.sponsored_sideline(team, free)
            if item not in free:
                raise UsageError(f"team {team!r} can take a sideline of {', '.join(free)}, not {item!r}")
        if item is None:
            events.append(Event("sponsor-gift", team, result=TOOL, detail={"reason": "sideline-unavailable", "named": named}))
            gift = TOOL
    if gift == TOOL:
        item, tool_event = roll_tool(ruleset, dice, team)
        events.append(tool_event)
    assert item is not None
    sponsor = Sponsor(decisions.sponsor_name(team, gift), gift, item)
    events.append(Event("new-sponsor", team, result=sponsor.name, detail={"gift": gift, "item": item}))
    return SponsorSearch(team, rolls, total, True, offered, gift, sponsor=sponsor, events=tuple(events))


def renew_sponsors(
    ruleset: Ruleset, team: str, sponsors: Sequence[Sponsor], dedicated_fans: int, dice: DiceSource, bought_sidelines: Sequence[str] = ()
) -> tuple[tuple[Sponsor, ...], tuple[Sponsor, ...], tuple[Event, ...]]:
    """Before a new season's first match: a die + Dedicated Fans for each sponsor, kept on 8+.

    The sidelines the team holds (``bought_sidelines`` and those its sponsors provide) that
    act on the renewal (the Scribe) add their modifier to every roll. Returns (kept, gone,
    events); a sponsor that goes takes its gift with it.
    """
    rules = league_rules(ruleset).league.sponsorship
    modifier = sideline_modifier(ruleset, held_sidelines(bought_sidelines, sponsors), SPONSOR_RENEWAL)
    kept: list[Sponsor] = []
    gone: list[Sponsor] = []
    events = []
    for sponsor in sponsors:
        rolls = roll_dice(dice, rules.renewal_dice)
        total = sum(rolls) + dedicated_fans + modifier
        stays = total >= rules.renewal_on
        (kept if stays else gone).append(sponsor)
        detail = {
            "sponsor": sponsor.name,
            "gift": sponsor.gift,
            "item": sponsor.item,
            "modifier": modifier,
            "total": total,
            "needed": rules.renewal_on,
        }
        events.append(Event("sponsor-renewal", team, rolls, "kept" if stays else "gone", detail))
    return tuple(kept), tuple(gone), tuple(events)


def end_sponsorship(team: str, sponsors: Sequence[Sponsor], name: str) -> tuple[tuple[Sponsor, ...], Event]:
    """The coach ends a sponsorship (at any time): the sponsor goes, and its tool or sideline with it."""
    ending = [sponsor for sponsor in sponsors if sponsor.name == name]
    if not ending:
        raise UsageError(f"team {team!r} has no sponsor named {name!r}; its sponsors: {', '.join(s.name for s in sponsors) or 'none'}")
    remaining = tuple(sponsor for sponsor in sponsors if sponsor.name != name)
    gift = ending[0]
    return remaining, Event("sponsor-ended", team, result=name, detail={"gift": gift.gift, "item": gift.item})


__all__ = [
    "HEADLINER",
    "SIDELINE",
    "TOOL",
    "Sponsor",
    "SponsorSearch",
    "available_sidelines",
    "end_sponsorship",
    "gift_options",
    "held_sidelines",
    "look_for_sponsor",
    "renew_sponsors",
    "roll_tool",
    "sideline_ids",
    "sponsor_roll",
    "sponsor_tools",
]
