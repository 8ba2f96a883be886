"""Throwback Nights: the one-night Skurling tournament, as procedures.

What is here, and where each number comes from (``data/rules/throwback.yaml`` through
:func:`~bbcore_skurling.throwback_rules.throwback_rules`):

* the format for a number of teams (:func:`tournament_format`): a round robin for the
  round-robin range, otherwise Swiss rounds and a final between the top two;
* the pairings: :func:`round_robin_rounds` (circle method), :func:`swiss_first_round`,
  :func:`swiss_pairings` and :func:`final_pairing`;
* the table: :func:`standings` (tournament points, dress bonus, match-point difference)
  with the Golden Broom and the Wooden Stooge, and :func:`trophies` once a final is played;
* the end of a Throwback match: :func:`throwback_match_over` (first to the target after
  equal attacks, a tie adds pairs of arcs), :func:`time_limit_reached` and
  :func:`match_result_on_time` (the last complete round of arcs, then a coin);
* the lane: :func:`throwback_attribute` rolls the one preparation's Attribute and rolls
  again on the rows that did not exist in the old days.

Everything is deterministic: any randomness (a round-one draw, the coin, the Attribute)
comes from the :class:`~bbcore.dice.DiceSource` the caller passes in. Bad input raises
:class:`~bbcore.errors.UsageError` with every problem found in one message.

Judgement calls (the seed is silent on them):

* a Swiss bye is worth what the data's ``bye`` block says (provisional: a win, no match
  points, no dress bonus); round-robin byes are rest rounds worth nothing;
* teams level on tournament points and on difference stay in seed order (the order the
  caller gives the teams in, else the order they first appear in the results; the data's
  provisional ``ranking_ties`` reading);
* with a final, its winner takes the Golden Broom; the Swiss table gives the Wooden Stooge;
* the coin goes to the team that attacked first on a toss of at most ``first_team_at_most``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from attrs import frozen

from bbcore.dice import DiceSource, TableRoll, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.table import Table
from bbcore_skurling.throwback_rules import throwback_rules

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

# ---------------------------------------------------------------------------------------
# Format
# ---------------------------------------------------------------------------------------


@frozen
class TournamentFormat:
    """How a Throwback Night with ``team_count`` teams is played.

    ``kind`` is ``round-robin`` (``rounds`` rounds, a bye each round for an odd count) or
    ``swiss`` (``rounds`` Swiss rounds, then a final between ``finalists`` teams).
    """

    team_count: int
    kind: Literal["round-robin", "swiss"]
    rounds: int
    final: bool
    finalists: int

    def to_json(self) -> dict[str, object]:
        return {
            "team_count": self.team_count,
            "kind": self.kind,
            "rounds": self.rounds,
            "final": self.final,
            "finalists": self.finalists,
        }


def tournament_format(ruleset: Ruleset, team_count: int) -> TournamentFormat:
    """The format for ``team_count`` teams; too few teams is a usage error."""
    rules = throwback_rules(ruleset).format
    low, high = rules.round_robin.min_teams, rules.round_robin.max_teams
    if team_count < low:
        raise UsageError(f"a Throwback Night needs at least {low} teams; {team_count} were given")
    if team_count <= high:
        # Circle method: an even count plays count - 1 rounds, an odd count one more (a bye each).
        rounds = team_count - 1 if team_count % 2 == 0 else team_count
        return TournamentFormat(team_count, "round-robin", rounds, final=False, finalists=0)
    return TournamentFormat(team_count, "swiss", rules.swiss_rounds, final=True, finalists=rules.finalists)


# ---------------------------------------------------------------------------------------
# Pairings
# ---------------------------------------------------------------------------------------


@frozen
class Pairing:
    """Two teams meeting. ``first`` is listed first only for display: the coin picks the first attacker."""

    first: str
    second: str

    @property
    def teams(self) -> frozenset[str]:
        return frozenset((self.first, self.second))

    def to_json(self) -> list[str]:
        return [self.first, self.second]


@frozen
class Round:
    """One round of a round robin: its number (from 1), its matches and the team resting, if any."""

    number: int
    pairings: tuple[Pairing, ...]
    bye: str | None

    def to_json(self) -> dict[str, object]:
        return {"number": self.number, "pairings": [p.to_json() for p in self.pairings], "bye": self.bye}


def _check_teams(teams: Sequence[str], at_least: int) -> list[str]:
    names = list(teams)
    problems = []
    if len(names) < at_least:
        problems.append(f"at least {at_least} teams are needed; {len(names)} were given")
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        problems.append(f"team names must be unique; repeated: {', '.join(duplicates)}")
    if any(not isinstance(name, str) or not name for name in names):
        problems.append("every team needs a non-empty name")
    if problems:
        raise UsageError("; ".join(problems))
    return names


def round_robin_rounds(teams: Sequence[str]) -> tuple[Round, ...]:
    """Every pairing of ``teams`` exactly once, grouped into rounds by the circle method.

    The first team stays put and the others turn around it one place per round; with an
    odd count an empty seat is added and whoever faces it has the bye. The same list
    always gives the same rounds. The fixed team swaps sides every round so that it is
    not always listed first.
    """
    names: list[str | None] = list(_check_teams(teams, 2))
    if len(names) % 2:
        names.append(None)
    size = len(names)
    rounds = []
    for number in range(1, size):
        pairings = []
        bye = None
        for index in range(size // 2):
            first, second = names[index], names[size - 1 - index]
            if index == 0 and number % 2 == 0:
                first, second = second, first
            if first is None or second is None:
                bye = second if first is None else first
                continue
            pairings.append(Pairing(first, second))
        rounds.append(Round(number, tuple(pairings), bye))
        names = [names[0], names[-1], *names[1:-1]]
    return tuple(rounds)


@frozen
class SwissPairings:
    """A Swiss round's matches, the team with the bye (or None), and how many matches are rematches."""

    pairings: tuple[Pairing, ...]
    bye: str | None
    rematches: int

    def to_json(self) -> dict[str, object]:
        return {"pairings": [p.to_json() for p in self.pairings], "bye": self.bye, "rematches": self.rematches}


def _pair_in_order(order: list[str], played: set[frozenset[str]], rematches_left: int) -> list[Pairing] | None:
    """Pair the best-ranked team with the best-ranked possible opponent, backtracking when stuck."""
    if not order:
        return []
    top, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        rematch = frozenset((top, other)) in played
        if rematch and rematches_left == 0:
            continue
        tail = _pair_in_order(rest[:index] + rest[index + 1 :], played, rematches_left - rematch)
        if tail is not None:
            return [Pairing(top, other), *tail]
    return None


def _played_pairs(played: Iterable[MatchResult | Pairing | tuple[str, str]]) -> set[frozenset[str]]:
    pairs = set()
    for match in played:
        if isinstance(match, MatchResult | Pairing):
            pairs.add(frozenset((match.first, match.second)))
        else:
            first, second = match
            pairs.add(frozenset((first, second)))
    return pairs


def swiss_pairings(
    standings: Standings | Sequence[str],
    played: Iterable[MatchResult | Pairing | tuple[str, str]],
    *,
    had_bye: Collection[str] = (),
) -> SwissPairings:
    """The next Swiss round from the current ranking.

    ``standings`` is a :class:`Standings` or the team names best first. ``played`` lists
    the matches already played (results, pairings or name pairs). With an odd count the
    lowest-ranked team that has not had a bye rests (a team has had one if its standing
    counts a bye or it is in ``had_bye``; if all have, the lowest-ranked rests again).
    The others are paired down the ranking: each best-ranked unpaired team meets the
    best-ranked team it has not yet played, backtracking when that leaves someone
    stranded; rematches are allowed only when no pairing avoids them, and then as few as
    possible. The same inputs always give the same pairings.
    """
    if isinstance(standings, Standings):
        order = [row.team for row in standings.rows]
        rested = {row.team for row in standings.rows if row.byes} | set(had_bye)
    else:
        order = _check_teams(standings, 2)
        rested = set(had_bye)
    unknown = sorted(set(had_bye) - set(order))
    if unknown:
        raise UsageError(f"teams given a bye are not in the ranking: {', '.join(unknown)}")
    pairs = _played_pairs(played)
    bye = None
    if len(order) % 2:
        candidates = [team for team in order if team not in rested] or order
        bye = candidates[-1]
        order = [team for team in order if team != bye]
    for allowed in range(len(order) // 2 + 1):
        paired = _pair_in_order(order, pairs, allowed)
        if paired is not None:
            return SwissPairings(tuple(paired), bye, allowed)
    raise AssertionError("pairing with every rematch allowed always succeeds")  # pragma: no cover


def swiss_first_round(teams: Sequence[str], dice: DiceSource | None = None) -> SwissPairings:
    """Round one of a Swiss night: by seed order (1 v 2, 3 v 4, ...), or by a draw if ``dice`` are given.

    The draw shuffles the seed list with the dice (one die of n, then n - 1, ... 2 sides,
    each picking which remaining team takes the last free place) and pairs the result in
    order; with an odd count the last in that order has the bye.
    """
    order = _check_teams(teams, 2)
    if dice is not None:
        for last in range(len(order) - 1, 0, -1):
            pick = dice.roll(last + 1) - 1
            order[last], order[pick] = order[pick], order[last]
    return swiss_pairings(order, ())


# ---------------------------------------------------------------------------------------
# Results and standings
# ---------------------------------------------------------------------------------------


@frozen
class MatchResult:
    """A finished Throwback match in a numbered round: both scores and the winner.

    The winner is given because a level score can still be won on the Gaffers' coin.
    """

    round: int
    first: str
    second: str
    first_score: int
    second_score: int
    winner: str

    @property
    def loser(self) -> str:
        return self.second if self.winner == self.first else self.first

    def score_of(self, team: str) -> tuple[int, int]:
        """(scored, conceded) for one of the two teams."""
        if team == self.first:
            return self.first_score, self.second_score
        return self.second_score, self.first_score

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "teams": [self.first, self.second],
            "score": [self.first_score, self.second_score],
            "winner": self.winner,
        }


@frozen
class Bye:
    """A team resting in a numbered Swiss round."""

    round: int
    team: str


def _result_problems(result: MatchResult) -> list[str]:
    where = f"round {result.round}, {result.first} v {result.second}"
    problems = []
    if result.first == result.second:
        problems.append(f"{where}: a team cannot play itself")
    if result.round < 1:
        problems.append(f"{where}: rounds are numbered from 1")
    if result.first_score < 0 or result.second_score < 0:
        problems.append(f"{where}: scores cannot be negative")
    if result.winner not in (result.first, result.second):
        problems.append(f"{where}: the winner {result.winner!r} did not play")
    elif result.first_score != result.second_score:
        leader = result.first if result.first_score > result.second_score else result.second
        if result.winner != leader:
            problems.append(f"{where}: the winner must be the team with more points ({leader})")
    return problems


@frozen
class Standing:
    """One line of the table."""

    rank: int
    team: str
    points: int
    played: int
    won: int
    lost: int
    byes: int
    dress_bonus: int
    scored: int
    conceded: int

    @property
    def difference(self) -> int:
        """Match points scored minus conceded: the tie-break after tournament points."""
        return self.scored - self.conceded

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "team": self.team,
            "points": self.points,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "byes": self.byes,
            "dress_bonus": self.dress_bonus,
            "scored": self.scored,
            "conceded": self.conceded,
            "difference": self.difference,
        }


@frozen
class Standings:
    """The ranked table; the first team holds the Golden Broom and the last the Wooden Stooge."""

    rows: tuple[Standing, ...]

    @property
    def teams(self) -> tuple[str, ...]:
        return tuple(row.team for row in self.rows)

    @property
    def golden_broom(self) -> str:
        """The top team (after Swiss rounds, the final decides it: see :func:`trophies`)."""
        return self.rows[0].team

    @property
    def wooden_stooge(self) -> str:
        """The last team."""
        return self.rows[-1].team

    def row(self, team: str) -> Standing:
        for row in self.rows:
            if row.team == team:
                return row
        raise UsageError(f"no team {team!r} in the standings")

    def to_json(self) -> dict[str, object]:
        return {
            "rows": [row.to_json() for row in self.rows],
            "golden_broom": self.golden_broom,
            "wooden_stooge": self.wooden_stooge,
        }


def standings(
    ruleset: Ruleset,
    results: Iterable[MatchResult],
    dress: Iterable[tuple[int, str]] = (),
    *,
    byes: Iterable[Bye] = (),
    teams: Sequence[str] | None = None,
) -> Standings:
    """Rank the teams on the results so far.

    Each match gives the win or loss points; ``dress`` lists ``(round, team)`` for every
    team in historical dress in its match of that round, worth the dress bonus whatever
    the result. ``byes`` are Swiss byes, worth what the data's ``bye`` block says. The
    ranking is tournament points, then match points scored minus conceded, then seed
    order: ``teams`` if given (teams without a result yet are listed too), otherwise the
    order of first appearance.
    """
    rules = throwback_rules(ruleset)
    results = list(results)
    byes = list(byes)
    problems = [problem for result in results for problem in _result_problems(result)]
    order: list[str] = list(_check_teams(teams, 1)) if teams is not None else []
    seen = set(order)
    appeared = [name for result in results for name in (result.first, result.second)] + [bye.team for bye in byes]
    for name in appeared:
        if name not in seen:
            if teams is not None:
                problems.append(f"{name!r} is not one of the teams")
            order.append(name)
            seen.add(name)
    busy: dict[tuple[int, str], str] = {}
    for result in results:
        for team in (result.first, result.second):
            if (result.round, team) in busy:
                problems.append(f"{team} plays twice in round {result.round}")
            busy[result.round, team] = "match"
    for bye in byes:
        if (bye.round, bye.team) in busy:
            problems.append(f"{bye.team} has a bye in round {bye.round} but also plays or rests then")
        busy[bye.round, bye.team] = "bye"
    flagged = set(dress)
    for round_number, team in sorted(flagged):
        if busy.get((round_number, team)) != "match":
            problems.append(f"dress bonus for {team} in round {round_number}, but it played no match then")
    if problems:
        raise UsageError("; ".join(problems))

    tally = {name: dict.fromkeys(("points", "played", "won", "lost", "byes", "dress", "scored", "conceded"), 0) for name in order}
    for result in results:
        for team in (result.first, result.second):
            line = tally[team]
            scored, conceded = result.score_of(team)
            won = team == result.winner
            line["played"] += 1
            line["won" if won else "lost"] += 1
            line["points"] += rules.points.win if won else rules.points.loss
            line["scored"] += scored
            line["conceded"] += conceded
            if (result.round, team) in flagged:
                line["dress"] += 1
                line["points"] += rules.points.dress_bonus
    bye_points = rules.points.win if rules.bye.counts_as == "win" else rules.points.loss
    for bye in byes:
        line = tally[bye.team]
        line["byes"] += 1
        line["points"] += bye_points
        line["scored"] += rules.bye.scored
        line["conceded"] += rules.bye.conceded

    seed = {name: index for index, name in enumerate(order)}

    def key(name: str) -> tuple[int, int, int]:
        line = tally[name]
        return (-line["points"], -(line["scored"] - line["conceded"]), seed[name])

    rows = []
    for rank, name in enumerate(sorted(order, key=key), start=1):
        line = tally[name]
        rows.append(
            Standing(
                rank=rank,
                team=name,
                points=line["points"],
                played=line["played"],
                won=line["won"],
                lost=line["lost"],
                byes=line["byes"],
                dress_bonus=line["dress"] * rules.points.dress_bonus,
                scored=line["scored"],
                conceded=line["conceded"],
            )
        )
    if not rows:
        raise UsageError("standings need at least one team or result")
    return Standings(tuple(rows))


def final_pairing(ruleset: Ruleset, table: Standings) -> Pairing:
    """The final after the Swiss rounds: the top two of the table, best first."""
    finalists = throwback_rules(ruleset).format.finalists
    if len(table.rows) < finalists:
        raise UsageError(f"a final needs {finalists} teams in the standings; there are {len(table.rows)}")
    first, second = table.rows[0].team, table.rows[1].team
    return Pairing(first, second)


@frozen
class Trophies:
    """Who takes home the Golden Broom (the winner) and the Wooden Stooge (the last team)."""

    golden_broom: str
    wooden_stooge: str

    def to_json(self) -> dict[str, str]:
        return {"golden_broom": self.golden_broom, "wooden_stooge": self.wooden_stooge}


def trophies(ruleset: Ruleset, table: Standings, final: MatchResult | None = None) -> Trophies:
    """The trophies: with a final, its winner takes the Golden Broom; otherwise the top of the table."""
    if final is None:
        return Trophies(table.golden_broom, table.wooden_stooge)
    problems = _result_problems(final)
    expected = final_pairing(ruleset, table).teams
    if frozenset((final.first, final.second)) != expected:
        problems.append(f"the final must be between {' and '.join(sorted(expected))}")
    if problems:
        raise UsageError("; ".join(problems))
    return Trophies(final.winner, table.wooden_stooge)


# ---------------------------------------------------------------------------------------
# The end of a Throwback match
# ---------------------------------------------------------------------------------------


def _two(name: str, values: Sequence[int]) -> tuple[int, int]:
    pair = tuple(values)
    if len(pair) != 2 or any(not isinstance(v, int) or v < 0 for v in pair):
        raise UsageError(f"{name} must be two whole numbers of at least 0, one per team; got {list(pair)}")
    return pair[0], pair[1]


def throwback_match_over(ruleset: Ruleset, score: Sequence[int], attacks: Sequence[int], target: int | None = None) -> bool:
    """Whether a Throwback match ends now, at the end of an arc.

    ``score`` and ``attacks`` hold one number per team. The match ends once both teams
    have attacked equally, at least one has ``target`` points (the data's target unless
    given) and the scores differ; level scores go on for another pair of arcs.
    """
    points, made = _two("score", score), _two("attacks", attacks)
    if abs(made[0] - made[1]) > 1:
        raise UsageError(f"attacks alternate, so they never differ by more than 1; got {list(made)}")
    goal = throwback_rules(ruleset).match.target_points if target is None else target
    if goal < 1:
        raise UsageError(f"the target must be at least 1 point; got {goal}")
    return made[0] == made[1] and max(points) >= goal and points[0] != points[1]


def time_limit_reached(ruleset: Ruleset, minutes_played: float) -> bool:
    """Whether a match has used up its time (the data's limit, in minutes)."""
    if minutes_played < 0:
        raise UsageError(f"minutes played cannot be negative; got {minutes_played}")
    return minutes_played >= throwback_rules(ruleset).match.time_limit_minutes


@frozen
class ArcScore:
    """One arc as the time rule needs it: which team attacked (0 or 1) and the points it scored."""

    attacker: int
    points: int


@frozen
class TimeDecision:
    """A match decided when the hour ran out.

    ``score`` is per team (0 and 1, as in the arcs) over the first ``arcs_counted`` arcs;
    ``coin`` is the toss when that score was level (``decided_by`` is then ``coin``).
    """

    score: tuple[int, int]
    winner: int
    arcs_counted: int
    decided_by: Literal["points", "coin"]
    coin: int | None

    def to_json(self) -> dict[str, object]:
        return {
            "score": list(self.score),
            "winner": self.winner,
            "arcs_counted": self.arcs_counted,
            "decided_by": self.decided_by,
            "coin": self.coin,
        }


def match_result_on_time(ruleset: Ruleset, arcs: Iterable[ArcScore | tuple[int, int]], dice: DiceSource) -> TimeDecision:
    """Decide a match whose hour has run out.

    ``arcs`` are the arcs played, in order, as :class:`ArcScore` or ``(attacker, points)``.
    Only complete rounds count (pairs of arcs, so both teams attacked equally): a last arc
    without its reply is dropped. The higher score wins; a level score goes to the
    Gaffers' coin, rolled on the dice, whose low face goes to the team that attacked first.
    """
    played = [arc if isinstance(arc, ArcScore) else ArcScore(*arc) for arc in arcs]
    problems = []
    for number, arc in enumerate(played, start=1):
        if arc.attacker not in (0, 1):
            problems.append(f"arc {number}: the attacker must be team 0 or 1, not {arc.attacker!r}")
        if not isinstance(arc.points, int) or arc.points < 0:
            problems.append(f"arc {number}: points must be a whole number of at least 0, not {arc.points!r}")
        if number > 1 and arc.attacker == played[number - 2].attacker:
            problems.append(f"arc {number}: the teams take turns to attack, but team {arc.attacker} attacked twice running")
    if problems:
        raise UsageError("; ".join(problems))
    counted = len(played) - len(played) % 2
    score = [0, 0]
    for arc in played[:counted]:
        score[arc.attacker] += arc.points
    if score[0] != score[1]:
        return TimeDecision((score[0], score[1]), 0 if score[0] > score[1] else 1, counted, "points", None)
    coin_rules = throwback_rules(ruleset).match.coin
    first_attacker = played[0].attacker if played else 0
    toss = sum(roll_dice(dice, coin_rules.dice))
    winner = first_attacker if toss <= coin_rules.first_team_at_most else 1 - first_attacker
    return TimeDecision((score[0], score[1]), winner, counted, "coin", toss)


# ---------------------------------------------------------------------------------------
# The lane
# ---------------------------------------------------------------------------------------


@frozen
class AttributeRoll:
    """The Attribute rolls for a Throwback match: every roll in order, the last one standing."""

    rolls: tuple[TableRoll, ...]

    @property
    def result(self) -> TableRoll:
        return self.rolls[-1]

    @property
    def rerolled(self) -> tuple[str, ...]:
        """The row ids that came up and were rolled again."""
        return tuple(roll.row.id for roll in self.rolls[:-1])

    def to_json(self) -> dict[str, object]:
        return {"result": self.result.to_json(), "rerolled": list(self.rerolled)}


def throwback_attribute(ruleset: Ruleset, table: Table, dice: DiceSource) -> AttributeRoll:
    """Roll the Attribute of the Throwback preparation, rolling again on the rows that did not exist then.

    ``table`` is the Attribute table of the data's ``pebblemuck.preparation`` (the caller
    looks it up in its ruleset, so a plugin that replaces the table is honoured).
    """
    rerolled = set(throwback_rules(ruleset).pebblemuck.rerolled_attributes)
    if table.dice is None:
        raise UsageError(f"table {table.id!r} is not rolled on, so it cannot give an Attribute")
    if all(row.id in rerolled for row in table.rows):
        raise UsageError(f"every row of table {table.id!r} is rolled again at a Throwback Night; nothing can stand")
    rolls = [roll_on_table(table, dice)]
    while rolls[-1].row.id in rerolled:
        rolls.append(roll_on_table(table, dice))
    return AttributeRoll(tuple(rolls))
