"""Secret weapons and restless fans: the crowd keeps order where there is no referee.

No referee
----------

Gutter Bowl has no referee (``referee: false`` in ``variant-rules.yaml``), so nobody is
ever Sent-off for a foul, and there is no Argue the Call and no Bribe to use.
:func:`no_referee_call` is the plugin's answer to the core's ``bbcore_foul_call``: the
core's Foul (:func:`bbcore.rules.foul.foul`) rolls its Armour and Injury as usual, and
nobody sees the doubles. :func:`no_argument` answers ``bbcore_argue_the_call`` for anyone
else the core's :func:`~bbcore.rules.foul.send_off` would hear: there is nobody to argue
with. The one Foul action per team turn still holds: that limit belongs to the turn,
which the core does not run yet. The only removals at the end of a drive are the
crowd's, below; Bribes cannot stop them, so nothing asks about one.

Secret weapons
--------------

:func:`deal_with_secret_weapons` takes the place of the core's ``secret-weapons`` step
(registered under the same id): instead of being Sent-off, each Secret Weapon player
who took part in the drive risks the crowd's justice.

Restless fans
-------------

:func:`restless_fans` throws bottles at Stalling players. The core finds them
(:mod:`bbcore.rules.stalling`, as each activation ends) and hands them to the turn-end
hook, which the plugin answers with it; the core's own Crowd Takes Action is switched
off in Gutter Bowl's parameters.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.rules import ball
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import Decisions, DefaultDecisions
from bbcore.rules.events import Event, Outcome
from bbcore.rules.foul import ArgueOutcome, FoulCall, FoulReport
from bbcore.rules.injury import Harm, roll_injury, suffer_casualty, treatment_from
from bbcore.rules.sequences import GameState
from bbcore.ruleset import Ruleset
from bbcore_gutterbowl.variant_rules import variant_rules

#: The trait that marks a secret weapon, and the core step this module replaces.
SECRET_WEAPON = "secret-weapon"  # noqa: S105 - a trait id, not a password
SECRET_WEAPONS_STEP = "secret-weapons"  # noqa: S105
#: The cause named in the injury roll of a player hit by a bottle.
BOTTLE = "bottle"

StepResult = tuple[GameState, tuple[Event, ...]]


def no_referee_call(ruleset: Ruleset, state: GameState, report: FoulReport) -> FoulCall | None:
    """Nobody is Sent-off for a Foul while the variant has no referee; with one, the core's call (None)."""
    if variant_rules(ruleset).referee:
        return None
    return FoulCall(events=(Event("referee", report.fouler, (), "none", {"victim": report.victim}),))


def no_argument(ruleset: Ruleset, state: GameState, player_id: str) -> ArgueOutcome | None:
    """With no referee there is no call to argue; with one, the core's argument (None)."""
    if variant_rules(ruleset).referee:
        return None
    return ArgueOutcome(None, state, events=(Event("argue-the-call", player_id, (), "no-referee"),))


def deal_with_secret_weapons(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> StepResult:
    """A die for each Secret Weapon player who took part in the drive: on a low roll the crowd removes him.

    Taking part is ``GameState.drive_players`` (or, without that record, being on the
    pitch), as for the core step; players already a casualty or out of the game are
    skipped. A roll of at most ``removed_at_most`` takes the player out for the rest of
    the game (status ``sent-off``, the core's mark for that, though no referee sent him);
    a second die of at most ``casualty_at_most`` then makes it a casualty, with a
    casualty roll (a treatment such as the Sawbones may be offered through
    ``Decisions.casualty_treatment``). A player treated or regenerated back to the
    Reserves is still out of this game.
    """
    rules = variant_rules(ruleset).secret_weapons
    board = state.board
    taking_part = state.drive_players or frozenset(p.id for p in board.players.values() if p.on_pitch)
    events: list[Event] = []
    for player_id in sorted(taking_part):
        player = board.players.get(player_id)
        if player is None or not player.has(SECRET_WEAPON) or player.status in (Status.CASUALTY, Status.SENT_OFF):
            continue
        rolls = roll_dice(dice, rules.dice)
        if sum(rolls) > rules.removed_at_most:
            events.append(Event("secret-weapon", player_id, rolls, "gets-away-with-it"))
            continue
        board = board.with_player(player.with_status(Status.SENT_OFF))
        events.append(Event("secret-weapon", player_id, rolls, "removed-by-the-crowd", {"was": player.status.value}))
        more = roll_dice(dice, rules.dice)
        if sum(more) > rules.casualty_at_most:
            events.append(Event("crowd-retribution", player_id, more, "spared"))
            continue
        events.append(Event("crowd-retribution", player_id, more, "casualty"))
        hurt = suffer_casualty(
            ruleset, board, player_id, dice, choose_treatment=lambda p, casualty: decisions.casualty_treatment(p.id, casualty)
        )
        board = hurt.board
        events.extend(hurt.events)
        if board.player(player_id).status is not Status.CASUALTY:
            board = board.with_player(board.player(player_id).with_status(Status.SENT_OFF))
    return attrs.evolve(state, board=board), tuple(events)


def restless_fans(
    ruleset: Ruleset, board: Board, stalling_player_ids: Iterable[str], dice: DiceSource, decisions: Decisions | None = None
) -> Outcome:
    """The fans throw a bottle at each player found Stalling at the end of his team's turn.

    For each player, in the order given, a die of at least ``hit_on`` is a hit: an
    Injury roll (cause ``bottle``) with no Armour roll. A player who is no longer
    standing drops the ball, which bounces. Who is Stalling is the caller's to say.
    """
    rules = variant_rules(ruleset).restless_fans
    decisions = decisions or DefaultDecisions()
    outcome = Outcome(board)
    for player_id in stalling_player_ids:
        player = outcome.board.players.get(player_id)
        if player is None or not player.on_pitch:
            raise UsageError(f"{player_id!r} is not a player on the pitch; only such a player can be found Stalling")
        rolls = roll_dice(dice, rules.dice)
        if sum(rolls) < rules.hit_on:
            outcome = outcome.then(Outcome(outcome.board, (Event("restless-fans", player_id, rolls, "missed"),)))
            continue
        carried = outcome.board.ball.carrier == player_id
        square = player.square
        hit = Outcome(outcome.board, (Event("restless-fans", player_id, rolls, "hit-by-a-bottle"),))
        hurt = roll_injury(ruleset, outcome.board, player_id, Harm(BOTTLE), dice, choose_treatment=treatment_from(decisions))
        outcome = outcome.then(hit).then(hurt)
        if carried and square is not None and outcome.board.ball.carrier is None:
            outcome = outcome.then(
                ball.bounce(ruleset, outcome.board.with_ball(attrs.evolve(outcome.board.ball, square=square)), square, dice, decisions)
            )
    return outcome


__all__ = ["BOTTLE", "SECRET_WEAPON", "SECRET_WEAPONS_STEP", "deal_with_secret_weapons", "restless_fans"]
