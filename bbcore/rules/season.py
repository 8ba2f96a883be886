"""The end of a league season: who goes to the play-offs, and the prizes.

:func:`playoff_qualifiers` takes each division's table (:func:`bbcore.rules.league.standings`)
and the number of play-off places, and takes teams equally from every division: the same
number of the best of each, then, for places left over, the best of the next-placed teams
across the divisions, compared by League Points and the tie-breakers. A place that would go
to one of several teams level on everything is not guessed: it is refused, naming them,
for the commissioner to settle.

:func:`playoff_draw` pairs the qualifiers for the first round, seeded or drawn at random,
never two teams of one division together; :func:`next_round` pairs each round's winners
for the next, and :func:`third_place_game` the semi-finals' losers. Play-off games are
knockout games: a level one goes to Extra Time and penalties
(:mod:`bbcore.rules.extra_time`). Once the final and the third-place game are over,
:func:`prize_money` gives the gold the top places earn (``league.prizes``), paid after the
last post-game sequence, so no Expensive Mistakes roll touches it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bbcore.dice import DiceSource, pick_at_random
from bbcore.errors import UsageError
from bbcore.render.text import counted
from bbcore.rules.events import Event
from bbcore.rules.league import standing_key, tie_breaker_order

if TYPE_CHECKING:
    from bbcore.rules.league import Standing
    from bbcore.ruleset import Ruleset

#: The kind of the event that reports a prize.
PRIZE = "prize"


def playoff_qualifiers(
    ruleset: Ruleset, divisions: Mapping[str, Sequence[Standing]], places: int, *, tie_breakers: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The teams that go to the play-offs (see the module), best first within each round of the draw: the top of
    every division in turn, division by division in the order given, then the best of the rest.

    Teams level on points and every tie-breaker who all go on are listed by id. Raises
    :class:`~bbcore.errors.UsageError` for more places than teams, no division, or a place
    that would go to some, not all, of the teams level on everything.
    """
    order = tie_breaker_order(ruleset, tie_breakers)
    tables = {name: sorted(lines, key=lambda line: (standing_key(line, order), line.team)) for name, lines in divisions.items()}
    if not tables:
        raise UsageError("the play-offs need at least one division")
    teams = sum(len(lines) for lines in tables.values())
    if not 0 < places <= teams:
        if teams == 0:
            raise UsageError("the divisions hold no teams: nobody can go through to the play-offs")
        given = f"{counted(places, 'play-off place')} for {counted(teams, 'team')}"
        raise UsageError(f"{given}; give " + (f"from 1 to {teams}" if teams > 1 else "1"))
    each, rest = divmod(places, len(tables))
    qualified: list[str] = []
    for depth in range(each):
        for lines in tables.values():
            if depth < len(lines):
                qualified.append(lines[depth].team)
    # Divisions too small to fill their share leave more places to the next-placed teams.
    rest = places - len(qualified)
    depth = each
    while rest > 0:
        runners = sorted((lines[depth] for lines in tables.values() if depth < len(lines)), key=lambda line: standing_key(line, order))
        taken = runners[:rest]
        if len(runners) > rest and standing_key(runners[rest - 1], order) == standing_key(runners[rest], order):
            level = sorted(line.team for line in runners if standing_key(line, order) == standing_key(runners[rest - 1], order))
            raise UsageError(f"the last play-off place is shared by {', '.join(level)}, level on points and every tie-breaker")
        qualified.extend(line.team for line in taken)
        rest -= len(taken)
        depth += 1
    for name, lines in tables.items():
        _check_cut(lines, set(qualified), order, name)
    return tuple(qualified)


def _check_cut(lines: Sequence[Standing], qualified: set[str], order: Sequence[str], division: str) -> None:
    """Refuse a division's cut that falls between teams level on points and every tie-breaker.

    Level teams who all go on (one through his division's share, the next among the best of
    the rest) are no cut at all, and pass.
    """
    for line in lines:
        level = [other.team for other in lines if standing_key(other, order) == standing_key(line, order)]
        if line.team in qualified and not qualified.issuperset(level):
            raise UsageError(
                f"in division {division!r}, {', '.join(sorted(level))} are level on points and every tie-breaker at a play-off cut"
            )


def playoff_draw(
    qualifiers: Sequence[str], divisions: Mapping[str, Sequence[Standing]], dice: DiceSource | None = None
) -> tuple[tuple[str, str], ...]:
    """The first round of the play-offs: ``qualifiers`` (as :func:`playoff_qualifiers` lists them) in pairs, never
    two teams of one division against each other.

    Without ``dice`` the draw is seeded: each team, best first, meets the lowest-placed team
    of another division left (so division winners meet the teams that scraped in). With
    ``dice`` it is drawn from a helmet: the teams in an order the dice pick (one die of as
    many faces as teams are left, as :func:`bbcore.dice.pick_at_random` does), each meeting
    the first team after it of another division. Either way, when the first choice would
    leave two teams of one division to meet, the next is taken. A league of one division
    pairs its teams without that rule. Raises :class:`~bbcore.errors.UsageError` for an odd
    number of teams, a team in no division, or qualifiers no draw can keep apart.
    """
    division_of = {line.team: name for name, lines in divisions.items() for line in lines}
    unknown = [team for team in qualifiers if team not in division_of]
    if unknown:
        raise UsageError(f"{', '.join(unknown)} play in no division of the league")
    if len(qualifiers) % 2 or len(set(qualifiers)) != len(qualifiers) or not qualifiers:
        raise UsageError(f"the play-offs pair an even number of different teams; got {list(qualifiers)!r}")
    apart = len({division_of[team] for team in qualifiers}) > 1
    order = list(qualifiers) if dice is None else list(pick_at_random(dice, qualifiers, len(qualifiers))[0])
    # Seeded: the lowest-placed opponent first; drawn: the next one out of the helmet first.
    pairs = _pair(order, division_of if apart else {}, lowest_first=dice is None)
    if pairs is None:
        raise UsageError(f"no draw keeps the teams of one division apart among {', '.join(qualifiers)}")
    return pairs


def _pair(teams: list[str], division_of: Mapping[str, str], *, lowest_first: bool) -> tuple[tuple[str, str], ...] | None:
    """The first team in pairs with each possible opponent in turn, the rest paired the same way; None when none works."""
    if not teams:
        return ()
    first, rest = teams[0], teams[1:]
    for opponent in reversed(rest) if lowest_first else rest:
        if division_of and division_of[opponent] == division_of[first]:
            continue
        left = [team for team in rest if team != opponent]
        paired = _pair(left, division_of, lowest_first=lowest_first)
        if paired is not None:
            return ((first, opponent), *paired)
    return None


def next_round(pairs: Sequence[tuple[str, str]], winners: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The next play-off round: the winners of ``pairs`` (one of each pair, in the pairs' order), the first two
    meeting, then the next two, and so on, as the draw's bracket runs. After the semi-finals this is the final;
    :func:`third_place_game` gives the other game."""
    checked = _winners_of(pairs, winners)
    if len(checked) % 2:
        raise UsageError(f"{len(checked)} winners cannot be paired: the play-offs need 4, 8 or 16 teams, a power of two")
    return tuple((checked[i], checked[i + 1]) for i in range(0, len(checked), 2))


def third_place_game(semi_finals: Sequence[tuple[str, str]], winners: Sequence[str]) -> tuple[str, str]:
    """The game for third place: the two losers of the semi-finals, ``winners`` naming the winner of each."""
    checked = _winners_of(semi_finals, winners)
    if len(checked) != 2:
        raise UsageError(f"the third-place game follows two semi-finals, not {len(checked)} games")
    first, second = (away if winner == home else home for (home, away), winner in zip(semi_finals, checked, strict=True))
    return first, second


def _winners_of(pairs: Sequence[tuple[str, str]], winners: Sequence[str]) -> tuple[str, ...]:
    if len(winners) != len(pairs):
        raise UsageError(f"{len(pairs)} games need {len(pairs)} winners, one each; got {len(winners)}")
    for (home, away), winner in zip(pairs, winners, strict=True):
        if winner not in (home, away):
            raise UsageError(f"{winner!r} did not play in {home} v {away}")
    return tuple(winners)


def prize_money(ruleset: Ruleset, places: Sequence[str]) -> tuple[dict[str, int], tuple[Event, ...]]:
    """The gold each of the season's top teams earns, ``places`` being the teams in final order (winner first):
    by team id, with one :data:`PRIZE` event each. Places beyond the prizes earn nothing."""
    if len(set(places)) != len(places):
        raise UsageError(f"a team holds one final place; {list(places)!r} names one twice")
    gold: dict[str, int] = {}
    events: list[Event] = []
    for place, (team, prize) in enumerate(zip(places, ruleset.parameters.league.prizes, strict=False), start=1):
        gold[team] = prize
        events.append(Event(PRIZE, team, (), str(place), {"gold": prize}))
    return gold, tuple(events)


__all__ = ["PRIZE", "next_round", "playoff_draw", "playoff_qualifiers", "prize_money", "third_place_game"]
