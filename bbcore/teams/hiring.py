"""What a team's changes at the post-game hiring cost: the gold the new team file must have paid.

Team files carry no player ids, so players are told apart by name and position: a player
of the new file whom the old one lacks is a hire and pays his Current Value: his position's
Hiring Fee plus the value increase of any advancement he took (a Journeyman kept, who may
have spent the SPP of his game; a new player bought pays the fee alone), unless he is one of the players the game gave the
team for nothing (raised by Masters of Undeath: ``free_positions``, one hire each). A
player renamed counts as one let go and one hired. Each team re-roll added costs the
draft price times ``rerolls.cost_multiplier_after_draft``; each piece of sideline staff
added costs its price. What a team lets go brings nothing back. A plugin may charge more for
some of those hired (``bbcore_hiring_surcharges``, asked by the post-game hiring step).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from attrs import frozen

from bbcore.teams.valuation import draft_reroll_price, player_value, staff_count

if TYPE_CHECKING:
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.ruleset import Ruleset


@frozen
class HiringCost:
    """The gold the changes cost in all, what each part of it paid for (label and gold), and the players hired."""

    gold: int
    items: tuple[tuple[str, int], ...]
    #: The new file's players who were hired at their Current Value (not those the game gave for nothing).
    hired: tuple[TeamPlayer, ...] = ()

    def plus(self, items: Iterable[tuple[str, int]]) -> HiringCost:
        """This cost with more items (a plugin's surcharges) added."""
        extra = tuple(items)
        return HiringCost(self.gold + sum(gold for _, gold in extra), (*self.items, *extra), self.hired)


def hiring_cost(ruleset: Ruleset, before: Team, after: Team, *, free_positions: Iterable[str] = ()) -> HiringCost:
    """What changing ``before`` into ``after`` at the post-game hiring costs (see the module)."""
    items: list[tuple[str, int]] = []
    hired: list[TeamPlayer] = []
    kept = Counter(p.identity for p in before.players)
    free = Counter(free_positions)
    for player in after.players:
        if kept[player.identity]:
            kept[player.identity] -= 1
            continue
        if free[player.position]:
            free[player.position] -= 1
            items.append((f"{player.name} ({player.position}), raised for nothing", 0))
            continue
        items.append((f"{player.name} ({player.position})", player_value(ruleset, player)))
        hired.append(player)
    added_rerolls = after.rerolls - before.rerolls
    if added_rerolls > 0:
        price = draft_reroll_price(ruleset, after) * ruleset.parameters.rerolls.cost_multiplier_after_draft
        items.append((f"{added_rerolls} team re-roll(s)", added_rerolls * price))
    for staff_id, terms in ruleset.parameters.staff.items():
        added = staff_count(after.staff.get(staff_id, 0)) - staff_count(before.staff.get(staff_id, 0))
        if added > 0:
            items.append((f"{added} x {terms.name}", added * terms.cost))
    return HiringCost(sum(gold for _, gold in items), tuple(items), tuple(hired))


__all__ = ["HiringCost", "hiring_cost"]
