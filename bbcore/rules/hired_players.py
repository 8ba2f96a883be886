"""Players an inducement hires for one game (mercenaries), made ready to join the team's board.

An inducement hires a player when a team's order for it names the position
(``bbcore.teams.purchases.hires_a_player``): the order's ``position``, ``count`` and
the ``skill`` bought with it. :func:`hired_players` turns a team's orders into players in
the Reserves, each with the position's profile, the inducement's effects on the player
(Loner, say) and the skill bought. When both teams hire the same player under terms
that say ``if_both_hire: neither-plays`` (the 2020 list's Star Players), neither team
gets him, and the fees stay spent. An inducement that brings a player of its own, made
from no roster position (a giant with its own stat line), is made by the plugin that
knows it (``bbcore_inducement_player``). Whoever builds the game's board adds them to it,
as it adds the team's own players; they leave when the game ends, as Journeymen do.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING

import attrs

from bbcore.errors import UsageError
from bbcore.model.inducement import NEITHER_PLAYS
from bbcore.rules.board import PlayerState, Status, player_from_position
from bbcore.rules.effects import apply_effects
from bbcore.teams.purchases import hires_a_player

if TYPE_CHECKING:
    from bbcore.model.inducement import Inducement
    from bbcore.model.team import InducementOrder
    from bbcore.ruleset import Ruleset


def hired_players(
    ruleset: Ruleset,
    team_id: str,
    orders: Iterable[InducementOrder],
    taken: Collection[str] = (),
    *,
    opposing_orders: Iterable[InducementOrder] = (),
) -> tuple[PlayerState, ...]:
    """The players the team's inducement orders hire, in the Reserves, with ids ``<team>-hired-<n>`` not in ``taken``,
    marked ``hired``.

    ``opposing_orders`` are the other team's: a position both teams hire under the same
    inducement, whose terms say ``if_both_hire: neither-plays``, is hired by neither.

    An order for an inducement that names no position is asked of the plugins, one player
    per count (``bbcore_inducement_player``); the orders no plugin makes a player of hire
    nobody and are passed over. An order that hires but names no position, or an
    inducement the ruleset does not know, is a ``UsageError`` (the team check reports both
    before a game).
    """
    players: list[PlayerState] = []
    used = set(taken)

    def next_id() -> str:
        number = 1
        while f"{team_id}-hired-{number}" in used:
            number += 1
        return f"{team_id}-hired-{number}"

    theirs = {(order.id, order.position) for order in opposing_orders if order.position is not None}
    for order in orders:
        inducement = ruleset.inducements.get(order.id)
        if inducement is None:
            raise UsageError(f"team {team_id!r} orders unknown inducement {order.id!r}")
        if not hires_a_player(inducement):
            players.extend(_brought(ruleset, inducement, team_id, order.count, next_id, used))
            continue
        if order.position is None:
            raise UsageError(f"team {team_id!r}: an order for {inducement.name} must name the position hired")
        terms = inducement.hire
        if terms is not None and terms.if_both_hire == NEITHER_PLAYS and (order.id, order.position) in theirs:
            continue
        for _ in range(order.count):
            player_id = next_id()
            used.add(player_id)
            hired = player_from_position(ruleset, player_id, team_id, order.position, None, Status.RESERVES)
            player = attrs.evolve(
                hired,
                hired=True,
                spp_earned=terms.spp if terms is not None else "all",
                star=terms is not None and terms.star,
                treatable=terms is None or terms.treatable,
            )
            player = apply_effects(ruleset, player, inducement.effects).player
            if order.skill is not None:
                player = attrs.evolve(player, skills={**player.skills, order.skill.id: order.skill.value})
            players.append(player)
    return tuple(players)


def _brought(
    ruleset: Ruleset, inducement: Inducement, team_id: str, count: int, next_id: Callable[[], str], used: set[str]
) -> list[PlayerState]:
    """The players a plugin makes of ``count`` of an inducement that names no position: none when no plugin does."""
    brought: list[PlayerState] = []
    for _ in range(count):
        player_id = next_id()
        player: PlayerState | None = ruleset.hook.bbcore_inducement_player(
            ruleset=ruleset, inducement=inducement, team=team_id, player_id=player_id
        )
        if player is None:
            break
        if (player.id, player.team, player.status, player.hired) != (player_id, team_id, Status.RESERVES, True):
            raise UsageError(
                f"the player made for {inducement.id!r} must be {player_id!r} of {team_id!r}, hired, in the Reserves; "
                f"it is {player.id!r} of {player.team!r}, {'hired' if player.hired else 'not hired'}, {player.status.value}"
            )
        used.add(player_id)
        brought.append(player)
    return brought
