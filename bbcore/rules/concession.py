"""Conceding a game (league play), with its penalty or without it.

A coach may concede at the start of one of his team's turns. The opponent then wins by
``league.concession.awarded_touchdowns`` to none, or by the touchdowns it has scored when
they are more; its coach gives the Star Player Points of the touchdowns it is handed to
players of his choice (``Decisions.choose_players``, reason :data:`CONCESSION_TOUCHDOWN`).
With the penalty, the conceding team also:

- loses the Star Player Points its players earned in the game (at once);
- sees each of its veterans (players of its team file with enough advancements) roll to
  stay: below the target he quits, and the team after hiring may no longer hold him;
- awards no MVP, while the opponent awards more (``extra_mvps``);
- collects no winnings, while the opponent's are reckoned the concession's way;
- loses Dedicated Fans by a die instead of rolling for them as a loser.

A team that cannot put ``setup.min_on_line_of_scrimmage`` players on the line at a start
of drive may concede without the penalty (:func:`may_concede_without_penalty`): the
result stands, and nothing else follows. A fixture not played by the league's time limit
counts as lost by both teams (:func:`fixture_not_played`; in the league table,
:func:`bbcore.rules.league.league_points`): neither names an MVP or collects winnings, and
both go through the rest of the post-game sequence as after any loss. One coach may
concede it instead for reasons away from the game (:func:`concede_unplayed`): that counts
as conceded without the penalty, and the opponent names more MVPs and collects its
winnings by a die.

:func:`concede` records it all in ``GameState.conceded``; the post-game steps
(:mod:`bbcore.rules.postgame`) read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, roll_dice
from bbcore.errors import UsageError
from bbcore.model.parameters import required
from bbcore.rules.achievements import SPP_EARNED
from bbcore.rules.board import Status
from bbcore.rules.decisions import Decisions, DefaultDecisions, checked_choices
from bbcore.rules.events import Event
from bbcore.rules.league import spp_for
from bbcore.rules.sequences import Concession
from bbcore.rules.touchdown import TOUCHDOWN

if TYPE_CHECKING:
    from bbcore.model.parameters import ConcessionRules
    from bbcore.rules.sequences import GameState
    from bbcore.ruleset import Ruleset

#: The kind of the event that reports the concession.
CONCESSION = "concession"
#: Its result for a fixture conceded before it was played.
UNPLAYED = "unplayed"
#: The result of the ``concession`` event, and of the post-game events, for a fixture lost by both unplayed.
NOT_PLAYED = "not-played"
#: The reason a coach is asked to pick the player a touchdown handed by a concession goes to.
CONCESSION_TOUCHDOWN = "concession-touchdown"
#: The kind of the event that reports a veteran's roll to stay with a team that conceded.
VETERAN_STAYS = "veteran-stays"


def concession_rules(ruleset: Ruleset) -> ConcessionRules:
    """The league's rules for conceding; a ruleset without them cannot concede a game."""
    return required(ruleset.parameters.league.concession, "league.concession", "rules for conceding")


def available_players(state: GameState, team_id: str) -> int:
    """How many of the team's players could be set up for a drive: on the pitch or in the Reserves, not barred."""
    return sum(
        1
        for player in state.board.team_players(team_id)
        if (player.on_pitch or player.status is Status.RESERVES) and player.id not in state.barred_from_set_up
    )


def may_concede_without_penalty(ruleset: Ruleset, state: GameState, team_id: str) -> bool:
    """Whether the team could not put the least number of players on the line of scrimmage at a start of drive."""
    return available_players(state, team_id) < ruleset.parameters.setup.min_on_line_of_scrimmage


def awarded_score(ruleset: Ruleset, touchdowns: int) -> int:
    """The opponent's score after a concession, from the touchdowns it had scored."""
    return max(touchdowns, concession_rules(ruleset).awarded_touchdowns)


def concede(
    ruleset: Ruleset,
    state: GameState,
    team_id: str,
    dice: DiceSource,
    decisions: Decisions | None = None,
    *,
    penalty: bool = True,
) -> tuple[GameState, tuple[Event, ...]]:
    """``team_id`` concedes the game, with the penalty or (when it may: :func:`may_concede_without_penalty`) without.

    The score becomes the conceded result (the conceding team's touchdowns are struck
    out), the handed touchdowns earn their SPP for players the opponent's coach picks,
    and with the penalty the conceding team's SPP of the game are lost and its veterans
    roll to stay. The game is over: the tracker goes on with the post-game sequence, whose
    steps read ``GameState.conceded``. Raises :class:`~bbcore.errors.UsageError` for a
    game conceded already, a team not entitled to concede without the penalty, or one
    conceding with it while a turn is under way that is not its own, or once one of its
    players was activated (``GameState.active_team``, ``GameState.activated``; with no turn
    under way the tracker answers for the moment).
    """
    decisions = decisions or DefaultDecisions()
    concession_rules(ruleset)  # a ruleset without them refuses before anything changes
    state.team(team_id)  # an unknown team is refused by name
    _not_settled(state)
    if penalty and state.active_team is not None and (state.active_team != team_id or state.activated):
        raise UsageError(f"team {team_id!r} may concede only at the start of one of its own turns, before anyone is activated")
    if not penalty and not may_concede_without_penalty(ruleset, state, team_id):
        least = ruleset.parameters.setup.min_on_line_of_scrimmage
        raise UsageError(
            f"team {team_id!r} may concede without the penalty only when it cannot set up {least} players on the line "
            f"of scrimmage; it has {available_players(state, team_id)} who could be set up"
        )
    state, events, detail = _hand_over(ruleset, state, team_id, decisions, "penalty" if penalty else "without-penalty")
    quit_: tuple[int, ...] = ()
    if penalty:
        own = {player.id for player in state.board.team_players(team_id)}
        lost = sum(points for pid, points in state.spp.items() if pid in own)
        detail["spp_lost"] = lost
        state = attrs.evolve(state, spp={pid: points for pid, points in state.spp.items() if pid not in own})
        quit_, rolls = _veterans_roll(ruleset, state, team_id, dice)
        events.extend(rolls)
    return attrs.evolve(state, conceded=Concession(team_id, penalty, quit_)), tuple(events)


def concede_unplayed(
    ruleset: Ruleset, state: GameState, team_id: str, decisions: Decisions | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """``team_id`` concedes a fixture not played by the league's time limit, for reasons away from the game.

    ``state`` is the fixture as it would have started (no drive set up, nobody played).
    It counts as conceded without the penalty (event result ``unplayed``), and the
    post-game steps read ``Concession.unplayed``: the opponent names
    ``league.concession.unplayed.mvps`` MVPs from all its players and collects its
    winnings by a die; the conceding team collects none and names no MVP. Raises
    :class:`~bbcore.errors.UsageError` for a fixture already under way, or conceded.
    """
    decisions = decisions or DefaultDecisions()
    concession_rules(ruleset)
    state.team(team_id)
    _not_settled(state)
    if state.drive or state.played:
        raise UsageError("a fixture conceded unplayed is one no drive of which was set up")
    state, events, _ = _hand_over(ruleset, state, team_id, decisions, UNPLAYED)
    return attrs.evolve(state, conceded=Concession(team_id, penalty=False, unplayed=True)), tuple(events)


def fixture_not_played(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """The fixture was not played by the league's time limit and neither coach conceded it.

    ``state`` is the fixture as it would have started (no drive set up, nobody played).
    Both teams lose it (``GameState.not_played``): the post-game steps record a loss for
    each with no League Points, no MVP and no winnings, and run the rest as after any
    loss (the Dedicated Fans roll, hiring, Expensive Mistakes). Event ``concession``, no
    team, result :data:`NOT_PLAYED`. Raises :class:`~bbcore.errors.UsageError` for a
    fixture already under way or conceded.
    """
    _not_settled(state)
    if state.drive or state.played:
        raise UsageError("a fixture not played is one no drive of which was set up")
    return attrs.evolve(state, not_played=True), (Event(CONCESSION, None, (), NOT_PLAYED),)


def _not_settled(state: GameState) -> None:
    """Refuse a game already conceded, or recorded as not played."""
    if state.conceded is not None:
        raise UsageError(f"the game was conceded already, by {state.conceded.team!r}")
    if state.not_played:
        raise UsageError("the fixture is recorded as not played, lost by both")


def _hand_over(
    ruleset: Ruleset, state: GameState, team_id: str, decisions: Decisions, result: str
) -> tuple[GameState, list[Event], dict[str, object]]:
    """The conceded result: the opponent's touchdowns made up to the awarded score, the conceding team's struck out,
    and the SPP of those handed given to the opponent's players its coach picks; the events and the concession
    event's detail (for the caller to add to)."""
    opponent = state.opponent(team_id)
    score = awarded_score(ruleset, opponent.score)
    handed = score - opponent.score
    state = state.update_team(opponent.id, score=score).update_team(team_id, score=0)
    detail: dict[str, object] = {"winner": opponent.id, "score": [state.home.score, state.away.score], "awarded_touchdowns": handed}
    events: list[Event] = [Event(CONCESSION, team_id, (), result, detail)]
    state, awarded = _award_handed_touchdowns(ruleset, state, opponent.id, handed, decisions)
    events.extend(awarded)
    return state, events, detail


def _award_handed_touchdowns(
    ruleset: Ruleset, state: GameState, team_id: str, handed: int, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """Each touchdown handed by the concession earns its SPP for a player the team's coach picks (a hired player who
    earns only the MVP award, or nothing, is not offered)."""
    team = state.team(team_id)
    candidates = sorted(p.id for p in state.board.team_players(team_id) if p.spp_earned == "all")
    if not candidates:
        return state, ()
    events: list[Event] = []
    award = spp_for(ruleset, TOUCHDOWN, special_rules=team.special_rules, prayers=team.prayers)
    for _ in range(handed):
        answer = decisions.choose_players(team_id, CONCESSION_TOUCHDOWN, candidates, 1)
        (player_id,) = checked_choices(answer, candidates, 1, question=CONCESSION_TOUCHDOWN, who=team_id, fewest=1)
        state = attrs.evolve(state, spp={**state.spp, player_id: state.spp.get(player_id, 0) + award})
        events.append(Event(SPP_EARNED, player_id, (), TOUCHDOWN, {"spp": award, "cause": CONCESSION}))
    return state, tuple(events)


def _veterans_roll(ruleset: Ruleset, state: GameState, team_id: str, dice: DiceSource) -> tuple[tuple[int, ...], tuple[Event, ...]]:
    """The conceding team's veterans (by index in its team file) who quit, and the rolls. A team without a team file
    has no record of advancements: nobody rolls (event result ``no-team-file``)."""
    quitting = concession_rules(ruleset).quitting
    team_file = state.team(team_id).team
    if team_file is None:
        return (), (Event(VETERAN_STAYS, team_id, (), "no-team-file"),)
    quit_: list[int] = []
    events: list[Event] = []
    for index, player in enumerate(team_file.players):
        if len(player.advancements) < quitting.advancements_at_least:
            continue
        rolls = roll_dice(dice, quitting.dice)
        stays = sum(rolls) >= quitting.stays_on
        if not stays:
            quit_.append(index)
        detail = {"team": team_id, "name": player.name, "index": index, "advancements": len(player.advancements)}
        events.append(Event(VETERAN_STAYS, team_id, rolls, "stays" if stays else "quits", detail))
    return tuple(quit_), tuple(events)


__all__ = [
    "CONCESSION",
    "CONCESSION_TOUCHDOWN",
    "NOT_PLAYED",
    "UNPLAYED",
    "VETERAN_STAYS",
    "available_players",
    "awarded_score",
    "concede",
    "concede_unplayed",
    "concession_rules",
    "fixture_not_played",
    "may_concede_without_penalty",
]
