"""League play around the match: the fielded five, Journeymen, substitutes, KO recovery, MVP, SPP and the league table.

Numbers come from ``data/rules/league.yaml`` (:func:`~bbcore_skurling.league_rules.league_rules`),
the ruleset parameters (the Journeymen's keyword and skills, the KO recovery target,
league points) and ``building.yaml`` (the roles, the Stooge's and the thrower's skills).

Judgement calls (the seed is silent):

* a Journeyman who fills a place other than the Stooge's never has the Stooge's skill
  (Right Stuff): a team never fields two such miniatures, so a Lineman position with it
  (a Halfling Hopeful) supplies Journeyman Stooges only if it is also the cheapest. When
  every Lineman of the Goon's roster has it, he comes from the cheapest Lineman position
  without it of any roster (a provisional reading: ``league.journeymen`` in
  ``data/rules/league.yaml``);
* Journeymen and substitutes follow the same rule (:func:`fills_the_place`, the provisional
  reading ``league.substitutes``): whoever replaces a miniature with the Stooge's skill has
  it, whoever replaces another has not;
* the MVP die is also rolled again on a number above the count of fielded miniatures
  (a team short of five), so each keeps the same chance (``league.mvp_numbering``);
* a Headliner or Journeyman picked as MVP earns nothing (neither earns SPP).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from attrs import field, frozen

from bbcore.dice import DiceSource, passes, roll_dice
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.rules.decisions import checked_choice
from bbcore.rules.events import Event
from bbcore.rules.league import FixtureRecord, standings
from bbcore_skurling.building_rules import building_rules
from bbcore_skurling.headliners import headliner
from bbcore_skurling.league_rules import league_rules

if TYPE_CHECKING:
    from bbcore.model.roster import Position
    from bbcore.ruleset import Ruleset
    from bbcore_skurling.coaching import SkurlingDecisions


def _skill_ids(position: Position) -> set[str]:
    return {ref.id for ref in position.skills}


def position_skills(ruleset: Ruleset, position: str) -> frozenset[str]:
    """The skill ids of a position (``roster/position``)."""
    return frozenset(_skill_ids(ruleset.position(position)))


def headliner_skills(ruleset: Ruleset, headliner_id: str) -> frozenset[str]:
    """The skill ids of a Headliner's profile."""
    return frozenset(skill.id for skill in headliner(ruleset, headliner_id).skills)


# -- the fielded five -------------------------------------------------------------------------------


def fielded_problems(ruleset: Ruleset, fielded: Mapping[str, Iterable[str]]) -> list[str]:
    """What is wrong with the miniatures fielded for a match (id to skill ids), one message each.

    Exactly the number of miniatures the roles need (five), exactly one with the Stooge's
    skill and at least one with the thrower's. A Headliner counts like any miniature
    (give its :func:`headliner_skills`), so it may fill either requirement.
    """
    rules = building_rules(ruleset)
    skills = {player: set(found) for player, found in fielded.items()}
    problems = []
    if len(skills) != rules.fielded:
        problems.append(f"a team fields {rules.fielded} miniatures, not {len(skills)}")
    stooges = sorted(player for player, found in skills.items() if rules.stooge_skill in found)
    if len(stooges) != 1:
        problems.append(f"exactly one fielded miniature has {rules.stooge_skill}; found {len(stooges)}: {', '.join(stooges) or 'none'}")
    if not any(rules.thrower_skill in found for found in skills.values()):
        problems.append(f"at least one fielded miniature needs {rules.thrower_skill}")
    return problems


# -- journeymen -----------------------------------------------------------------------------------


def _allowed(ruleset: Ruleset, position: Position) -> bool:
    return not _skill_ids(position) & set(building_rules(ruleset).banned_skills)


def _cheapest(found: Iterable[tuple[int, str]]) -> tuple[str, ...]:
    """The positions of the lowest cost among ``(cost, roster/position)`` pairs, sorted (several when they cost the same)."""
    pairs = list(found)
    cheapest = min((cost for cost, _ in pairs), default=None)
    return tuple(sorted(ref for cost, ref in pairs if cost == cheapest))


def journeyman_positions(ruleset: Ruleset, goon_roster: str) -> tuple[str, ...]:
    """The Lineman positions a Journeyman may come from for a place other than the Stooge's: those of the Goon's
    roster without the Stooge's skill or, when it has none, the cheapest such Lineman positions of any roster."""
    keyword = ruleset.parameters.journeymen.keyword
    stooge = building_rules(ruleset).stooge_skill

    def fits(position: Position) -> bool:
        return keyword in position.keywords and stooge not in _skill_ids(position) and _allowed(ruleset, position)

    roster = ruleset.roster(goon_roster)
    own = tuple(f"{roster.id}/{p.id}" for p in roster.positions if fits(p))
    return own or _cheapest((p.cost, f"{r.id}/{p.id}") for r, p in ruleset.positions() if fits(p))


def stooge_journeyman_positions(ruleset: Ruleset) -> tuple[str, ...]:
    """The cheapest positions of any roster with the Stooge's skill (several when they cost the same)."""
    stooge = building_rules(ruleset).stooge_skill
    found = _cheapest((p.cost, f"{r.id}/{p.id}") for r, p in ruleset.positions() if stooge in _skill_ids(p) and _allowed(ruleset, p))
    if not found:
        raise UsageError(f"no position of any roster has {stooge}: a Journeyman Stooge cannot be found")
    return found


@frozen
class Journeyman:
    """A miniature taken on for one match: its id, position and the skills it gains (Loner (4+))."""

    id: str
    position: str
    skills: tuple[SkillRef, ...]
    stooge: bool = False


def take_on_journeymen(
    ruleset: Ruleset,
    team: str,
    *,
    goon_roster: str,
    count: int,
    stooge: bool = False,
    decisions: SkurlingDecisions,
    taken: Sequence[str] = (),
) -> tuple[tuple[Journeyman, ...], tuple[Event, ...]]:
    """``count`` Journeymen for a team, the first of them its Stooge when ``stooge``.

    With several possible positions the coach picks (``Decisions.journeyman_position``).
    Ids run ``<team>-journeyman-<n>``, skipping those in ``taken``. Journeymen earn no SPP
    and leave after the match.
    """
    skills = tuple(ruleset.parameters.journeymen.skills)
    used = set(taken)
    hired: list[Journeyman] = []
    events = []
    for index in range(count):
        is_stooge = stooge and index == 0
        positions = stooge_journeyman_positions(ruleset) if is_stooge else journeyman_positions(ruleset, goon_roster)
        if not positions:
            raise UsageError(f"roster {goon_roster!r} has no Lineman position a Journeyman can come from")
        position = positions[0] if len(positions) == 1 else decisions.journeyman_position(team, positions)
        if position not in positions:
            raise UsageError(f"{position!r} is not a Journeyman position here; they are {', '.join(positions)}")
        number = 1
        while f"{team}-journeyman-{number}" in used:
            number += 1
        journeyman_id = f"{team}-journeyman-{number}"
        used.add(journeyman_id)
        hired.append(Journeyman(journeyman_id, position, skills, is_stooge))
        events.append(Event("journeyman", team, result=journeyman_id, detail={"position": position, "stooge": is_stooge}))
    return tuple(hired), tuple(events)


# -- substitutes ------------------------------------------------------------------------------------


@frozen
class Substitution:
    """The places filled at the start of an arc: removed miniature to replacement, and the Journeymen taken on."""

    replacements: Mapping[str, str] = field(factory=dict)
    journeymen: tuple[Journeyman, ...] = ()
    events: tuple[Event, ...] = ()


def fills_the_place(leaving_is_stooge: bool, coming_is_stooge: bool) -> bool:
    """Whether a miniature may take a removed one's place, each told by whether it has the Stooge's skill.

    The reading ``league.substitutes`` (provisional): a miniature with the skill replaces
    exactly one with it, so the lane never holds two Stooges nor none. Substitutes,
    Journeymen, :func:`~bbcore_skurling.match.bring_in` and the simulator all keep to it.
    """
    return leaving_is_stooge == coming_is_stooge


def substitute(
    ruleset: Ruleset,
    team: str,
    *,
    removed: Mapping[str, bool],
    bench: Mapping[str, bool],
    goon_roster: str,
    decisions: SkurlingDecisions,
    taken: Sequence[str] = (),
) -> Substitution:
    """Fill the places of miniatures removed from the pitch, at the start of the next arc.

    ``removed`` and ``bench`` map miniature ids to whether each has the Stooge's skill;
    ``bench`` holds the roster miniatures able to play and not on the pitch. A place is
    filled from the bench (``SkurlingDecisions.substitute``, a miniature with the skill
    for a miniature with it, one without for one without); only when nobody fits does a
    Journeyman take it (the roster must be used up first), so a coach who names nobody while
    the bench has a fitting miniature is refused.
    """
    free = dict(bench)
    replacements: dict[str, str] = {}
    events: list[Event] = []
    journeymen: list[Journeyman] = []
    for place, needs_stooge in removed.items():
        candidates = [player for player, has in free.items() if fills_the_place(needs_stooge, has)]
        if candidates:
            chosen = checked_choice(decisions.substitute(team, place, candidates), candidates, question="substitute", who=team)
            del free[chosen]
            replacements[place] = chosen
            events.append(Event("substitute", team, result=chosen, detail={"replaces": place}))
            continue
        hired, hired_events = take_on_journeymen(
            ruleset,
            team,
            goon_roster=goon_roster,
            count=1,
            stooge=needs_stooge,
            decisions=decisions,
            taken=[*taken, *(j.id for j in journeymen)],
        )
        journeymen.extend(hired)
        events.extend(hired_events)
        replacements[place] = hired[0].id
        events.append(Event("substitute", team, result=hired[0].id, detail={"replaces": place, "journeyman": True}))
    return Substitution(replacements, tuple(journeymen), tuple(events))


# -- KO recovery at the end of an arc ---------------------------------------------------------


def recover_knocked_out(
    ruleset: Ruleset, knocked_out: Sequence[str], dice: DiceSource, modifiers: Mapping[str, int] | None = None
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[Event, ...]]:
    """Each knocked-out miniature rolls at the end of an arc and comes back on the KO recovery target (4+).

    A natural 1 always fails and a 6 always succeeds, as in Blood Bowl. ``modifiers`` adds
    to a miniature's roll. Returns (recovered, still out, events).
    """
    target = ruleset.parameters.targets.ko_recovery
    recovered: list[str] = []
    still_out: list[str] = []
    events = []
    for player in knocked_out:
        modifier = (modifiers or {}).get(player, 0)
        rolls = roll_dice(dice, league_rules(ruleset).league.ko_recovery_dice)
        back = passes(sum(rolls), target, modifier)
        (recovered if back else still_out).append(player)
        events.append(Event("ko-recovery", player, rolls, "recovered" if back else "still-out", {"target": target, "modifier": modifier}))
    return tuple(recovered), tuple(still_out), tuple(events)


# -- MVP and SPP -----------------------------------------------------------------------------------


def choose_mvp(ruleset: Ruleset, fielded: Sequence[str], dice: DiceSource, *, team: str | None = None) -> tuple[str, tuple[Event, ...]]:
    """The MVP: the fielded miniatures numbered from 1 in the order given, a D6 rolled again on a 6 (or a number nobody has)."""
    rules = league_rules(ruleset).league.mvp
    if not fielded:
        raise UsageError("choosing an MVP needs the fielded miniatures")
    events = []
    while True:
        rolls = roll_dice(dice, rules.dice)
        roll = sum(rolls)
        again = roll == rules.reroll or roll > len(fielded)
        chosen = None if again else fielded[roll - 1]
        events.append(Event("mvp", team, rolls, chosen or "rolled-again", {"numbered": list(fielded)}))
        if chosen is not None:
            return chosen, tuple(events)


def spp_award(ruleset: Ruleset, award_id: str) -> int:
    """The SPP of one award of the (provisional) Skurling list."""
    return league_rules(ruleset).league.spp.award(award_id).spp


def earns_spp(player: str, fielded: Iterable[str], *, journeymen: Iterable[str] = (), headliner_id: str | None = None) -> bool:
    """Whether a miniature earns SPP: fielded in this league match, and neither a Journeyman nor a Headliner."""
    return player in set(fielded) and player not in set(journeymen) and player != headliner_id


def award_spp(
    ruleset: Ruleset,
    tally: Mapping[str, int],
    player: str,
    award_id: str,
    *,
    fielded: Iterable[str],
    journeymen: Iterable[str] = (),
    headliner_id: str | None = None,
) -> tuple[dict[str, int], Event]:
    """Add one award to a match's SPP tally (player to SPP); a miniature that earns none gets nothing, said in the event."""
    points = spp_award(ruleset, award_id)
    updated = dict(tally)
    if not earns_spp(player, fielded, journeymen=journeymen, headliner_id=headliner_id):
        return updated, Event("spp", player, result="none", detail={"award": award_id, "reason": "earns-no-spp"})
    updated[player] = updated.get(player, 0) + points
    return updated, Event("spp", player, result=str(points), detail={"award": award_id, "total": updated[player]})


# -- the league table ------------------------------------------------------------------------------


@frozen
class LeagueResult:
    """One played league match: both teams and the match points each scored. Matches are never drawn."""

    home: str
    away: str
    home_points: int
    away_points: int


@frozen
class LeagueStanding:
    """A team's line: league points, then the difference of match points scored and conceded."""

    team: str
    rank: int
    played: int
    won: int
    lost: int
    points: int
    scored: int
    conceded: int

    @property
    def difference(self) -> int:
        return self.scored - self.conceded


def league_table(ruleset: Ruleset, results: Iterable[LeagueResult]) -> tuple[LeagueStanding, ...]:
    """The league table: league points (the ruleset's win and loss points), then scored minus conceded.

    A drawn result is an error (a Skurling match always has a winner). Teams level on both
    share a rank and are listed by id. The core's standings do the counting
    (:func:`bbcore.rules.league.standings`, with the ruleset's tie-breakers): the match
    points play the part of touchdowns.
    """
    records = []
    for result in results:
        if result.home_points == result.away_points:
            raise UsageError(
                f"{result.home} v {result.away} is drawn {result.home_points}-{result.away_points}; Skurling matches have a winner"
            )
        won = result.home_points > result.away_points
        records.append(FixtureRecord(result.home, "win" if won else "loss", result.home_points, result.away_points))
        records.append(FixtureRecord(result.away, "loss" if won else "win", result.away_points, result.home_points))
    return tuple(
        LeagueStanding(line.team, line.rank, line.played, line.won, line.lost, line.points, line.touchdowns_for, line.touchdowns_against)
        for line in standings(ruleset, records)
    )


__all__ = [
    "Journeyman",
    "LeagueResult",
    "LeagueStanding",
    "Substitution",
    "award_spp",
    "choose_mvp",
    "earns_spp",
    "fielded_problems",
    "fills_the_place",
    "headliner_skills",
    "journeyman_positions",
    "league_table",
    "position_skills",
    "recover_knocked_out",
    "spp_award",
    "stooge_journeyman_positions",
    "substitute",
    "take_on_journeymen",
]
