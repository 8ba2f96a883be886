"""A team file's player as he stands now: his position's profile, changed by his advancements and his injuries.

:func:`current_profile` starts from the position's characteristics, skills and traits; adds
the skill of each advancement that gives one and the player's ``gained_skills``; then applies
the effects of each advancement's row of the value-increases table (a characteristic
improvement: one step better, held at the characteristic's best value) and of each of his
``lasting_injuries`` rows of the lasting-injury table (one step worse, held at its worst),
as :func:`bbcore.rules.effects.apply_effects` applies them in play. :func:`game_player`
makes the :class:`~bbcore.rules.board.PlayerState` a match tracker puts in a game.

:func:`profile_problems` is what the team checks say about it (``core/profiles``): an
unknown injury row or skill; an injury that cannot make its characteristic any worse (the
rules turn that result into a missed game, so it is not recorded); an improvement that
cannot make it any better, or one more than ``league.improvements_per_characteristic``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from bbcore.errors import Problem, format_json_path
from bbcore.model.team import Advancement
from bbcore.rules.board import CASUALTY_MODIFIER, KEYWORD_SEPARATOR, PlayerState, Status, player_from_position
from bbcore.rules.effects import apply_effects
from bbcore.rules.league import skill_conflict
from bbcore.teams.problems import problem
from bbcore.teams.valuation import team_special_rules

if TYPE_CHECKING:
    from bbcore.model.common import Effect
    from bbcore.model.table import Table
    from bbcore.model.team import Team, TeamPlayer
    from bbcore.ruleset import Ruleset

#: The table roles read here.
VALUE_INCREASES = "value-increases"
LASTING_INJURY = "lasting-injury"
#: The characteristics a profile has, in the order they are shown.
CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")


@frozen
class PlayerProfile:
    """A player's characteristics (stored form: 3 for 3+; ``pa`` None for "-") and skills now, and how often each
    characteristic has been improved."""

    ma: int
    st: int
    ag: int
    pa: int | None
    av: int
    skills: Mapping[str, int | str | None]
    improvements: Mapping[str, int]


@frozen
class _Worked:
    profile: PlayerProfile
    problems: tuple[Problem, ...]


def _row_effects(table: Table | None, row_id: str) -> tuple[Effect, ...] | None:
    if table is None:
        return None
    for row in table.rows:
        if row.id == row_id:
            return row.effects
    return None


def _table(ruleset: Ruleset, role: str) -> Table | None:
    table_id = ruleset.roles.get(role, role)
    return ruleset.tables.get(table_id)


def _work_out(ruleset: Ruleset, player: TeamPlayer, index: int, team: Team | None = None) -> _Worked:
    state = player_from_position(ruleset, player.name, "", player.position, None, Status.RESERVES)
    problems: list[Problem] = []
    skills = dict(state.skills)
    for advancement in player.advancements:
        if advancement.skill is not None:
            skills.setdefault(advancement.skill.id, advancement.skill.value)
    for j, ref in enumerate(player.gained_skills):
        if ref.id not in ruleset.skills:
            problems.append(problem("unknown-skill", f"unknown skill or trait {ref.id!r}", "players", index, "gained_skills", j))
            continue
        wrong = ruleset.skills[ref.id].value_problem(ref.value)
        if wrong is not None:
            problems.append(problem("bad-skill-value", wrong, "players", index, "gained_skills", j))
            continue
        held = skills.get(ref.id)
        if ref.id in skills and isinstance(held, str) and isinstance(ref.value, str) and ref.value not in held.split(KEYWORD_SEPARATOR):
            # The same skill gained against another keyword (Hatred twice from Getting Even): held against both.
            skills[ref.id] = f"{held}{KEYWORD_SEPARATOR}{ref.value}"
        skills.setdefault(ref.id, ref.value)
    held_before = dict(state.skills)
    if is_captain(ruleset, player, team):
        skills.setdefault(ruleset.parameters.team_captain.skill, None)
        held_before.setdefault(ruleset.parameters.team_captain.skill, None)  # a captain cannot take his Pro again
    problems.extend(_skills_not_allowed(ruleset, player, index, held_before))
    state = attrs.evolve(state, skills=skills)
    # A team file does not say whether an injury came before or after an improvement. Improvements are taken first; when
    # that order runs a characteristic past its best (or an injury past its worst) and the other order does not (a
    # player at his best AV hurt and then improved again), the other order is how it happened.
    improved, improvements, raised = _improvements(ruleset, state, player, index)
    hurt, lowered = _injuries(ruleset, improved, player, index)
    order_problems = [*raised, *lowered]
    if any(p.code in _ORDERED for p in order_problems):
        hurt_first, lowered_first = _injuries(ruleset, state, player, index)
        improved_after, _, raised_after = _improvements(ruleset, hurt_first, player, index)
        other = [*lowered_first, *raised_after]
        if sum(p.code in _ORDERED for p in other) < sum(p.code in _ORDERED for p in order_problems):
            hurt, order_problems = improved_after, other
    problems.extend(order_problems)
    state = hurt
    profile = PlayerProfile(state.ma, state.st, state.ag, state.pa, state.av, dict(state.skills), improvements)
    return _Worked(profile, tuple(problems))


#: The problems that depend on the order of a player's improvements and lasting injuries.
_ORDERED = frozenset({"improvement-past-best", "injury-past-worst"})


def _improvements(
    ruleset: Ruleset, state: PlayerState, player: TeamPlayer, index: int
) -> tuple[PlayerState, dict[str, int], list[Problem]]:
    """The player with his characteristic improvements applied, how often each characteristic was improved, and what
    is wrong with them (improved too often, or past the characteristic's best)."""
    problems: list[Problem] = []
    improvements: dict[str, int] = {}
    most = ruleset.parameters.league.improvements_per_characteristic
    increases = _table(ruleset, VALUE_INCREASES)
    for j, advancement in enumerate(player.advancements):
        for effect in _row_effects(increases, advancement.kind) or ():
            if effect.change is None:
                continue
            improvements[effect.change] = improvements.get(effect.change, 0) + 1
            path = ("players", index, "advancements", j)
            if most is not None and improvements[effect.change] > most:
                problems.append(problem("too-many-improvements", f"{effect.change.upper()} may be improved at most {most} times", *path))
            changed = apply_effects(ruleset, state, (effect,)).player
            if getattr(changed, effect.change) == getattr(state, effect.change):
                problems.append(problem("improvement-past-best", f"{effect.change.upper()} is already as good as it can be", *path))
            state = changed
    return state, improvements, problems


def _injuries(ruleset: Ruleset, state: PlayerState, player: TeamPlayer, index: int) -> tuple[PlayerState, list[Problem]]:
    """The player with his lasting injuries applied, and what is wrong with them (an unknown row, or a characteristic
    already at its worst)."""
    problems: list[Problem] = []
    injuries = _table(ruleset, LASTING_INJURY)
    for j, row_id in enumerate(player.lasting_injuries):
        path = ("players", index, "lasting_injuries", j)
        injury = _row_effects(injuries, row_id)
        if injury is None:
            known = ", ".join(row.id for row in injuries.rows) if injuries is not None else "none"
            problems.append(problem("unknown-lasting-injury", f"no row {row_id!r} on the lasting injury table; its rows: {known}", *path))
            continue
        changes = [effect for effect in injury if effect.change is not None]
        changed = apply_effects(ruleset, state, changes).player
        if changes and all(getattr(changed, e.change) == getattr(state, e.change) for e in changes if e.change is not None):
            which = ", ".join(e.change.upper() for e in changes if e.change is not None)
            problems.append(
                problem("injury-past-worst", f"{which} is already as bad as it can be: the rules make this a missed game instead", *path)
            )
        state = changed
    return state, problems


def _skills_not_allowed(ruleset: Ruleset, player: TeamPlayer, index: int, position_skills: Mapping[str, object]) -> Iterator[Problem]:
    """Each skill an advancement gave the player that he holds already, or that the glossary forbids beside those he
    had before it (his position's, those gained in games, the earlier advancements'): the later of two is the one
    reported. A skill held against a keyword (Hatred (Orc)) may be taken again against another."""
    held: dict[str, set[object]] = {}
    for ref_id, value in (*position_skills.items(), *((ref.id, ref.value) for ref in player.gained_skills)):
        held.setdefault(ref_id, set()).add(value)
    for j, advancement in enumerate(player.advancements):
        ref = advancement.skill
        if ref is None:
            continue
        path = ("players", index, "advancements", j, "skill")
        if ref.id in held and (not isinstance(ref.value, str) or ref.value in held[ref.id]):
            name = ruleset.skills[ref.id].name if ref.id in ruleset.skills else ref.id
            yield problem("skill-already-held", f"{player.name} has {name} already", *path)
            continue
        clash = skill_conflict(ruleset, ref.id, held)
        if clash is not None:
            yield problem("skill-not-allowed", f"{player.name} may not take it: {clash}", *path)
        held.setdefault(ref.id, set()).add(ref.value)


def with_lasting_injury(ruleset: Ruleset, player: TeamPlayer, injury: str) -> TeamPlayer:
    """The player with one more lasting injury (a row id of the lasting injury table) on his record; as he was when
    it finds what it worsens already as bad as it can be, which the rules turn into a missed game instead."""
    injured = attrs.evolve(player, lasting_injuries=(*player.lasting_injuries, injury))
    return player if current_profile(ruleset, injured) == current_profile(ruleset, player) else injured


def is_captain(ruleset: Ruleset, player: TeamPlayer, team: Team | None) -> bool:
    """Whether the player is his team's captain under the Team Captain rule: named so, in a team with the rule."""
    return player.captain and team is not None and ruleset.parameters.team_captain.special_rule in team_special_rules(ruleset, team)


def current_profile(ruleset: Ruleset, player: TeamPlayer, team: Team | None = None) -> PlayerProfile:
    """The player's characteristics and skills now (see the module's docstring); his position must exist.

    Given his ``team``, a captain (:func:`is_captain`) also has the Team Captain's skill.
    """
    return _work_out(ruleset, player, 0, team).profile


#: The team checks an improvement fails when the player may not have it: the characteristic was improved as often
#: as ``league.improvements_per_characteristic`` allows, or it is already at its best.
_SPENT_IMPROVEMENT = frozenset({"too-many-improvements", "improvement-past-best"})


def unimprovable_characteristics(ruleset: Ruleset, player: TeamPlayer, team: Team | None = None) -> tuple[str, ...]:
    """The characteristics an improvement roll must not offer the player, in the order of ``CHARACTERISTICS``.

    Each is tried as one more advancement (its row of the value-increases table) and left out
    when the team checks would refuse it (``too-many-improvements``, ``improvement-past-best``),
    so a roll never offers what the team file may not record. A characteristic no row of the
    table improves is left out too.
    """
    increases = _table(ruleset, VALUE_INCREASES)
    rows = {effect.change: row.id for row in (increases.rows if increases is not None else ()) for effect in row.effects if effect.change}
    path = format_json_path(("players", 0, "advancements", len(player.advancements)))
    found = []
    for characteristic in CHARACTERISTICS:
        row_id = rows.get(characteristic)
        if row_id is None:
            found.append(characteristic)
            continue
        tried = attrs.evolve(player, advancements=(*player.advancements, Advancement(row_id, characteristic=characteristic)))
        if any(p.code in _SPENT_IMPROVEMENT and p.path == path for p in _work_out(ruleset, tried, 0, team).problems):
            found.append(characteristic)
    return tuple(found)


def profile_problems(ruleset: Ruleset, players: tuple[TeamPlayer, ...], team: Team | None = None) -> Iterator[Problem]:
    """What is wrong with the players' advancements, gained skills and injuries, at their places in the team file.
    Players of unknown positions are left to the position check."""
    for index, player in enumerate(players):
        roster = ruleset.rosters.get(player.roster_id) if "/" in player.position else None
        if roster is None or roster.position(player.position_id) is None:
            continue
        yield from _work_out(ruleset, player, index, team).problems


def game_player(
    ruleset: Ruleset, player: TeamPlayer, player_id: str, team_id: str, status: Status = Status.RESERVES, team: Team | None = None
) -> PlayerState:
    """The player as a game's board holds him, with his :func:`current_profile` (in ``team``), off the pitch in ``status``.
    His Niggling Injuries become his ``casualty`` modifier: each adds 1 to his Casualty Rolls."""
    profile = current_profile(ruleset, player, team)
    state = PlayerState(
        player_id,
        team_id,
        profile.ma,
        profile.st,
        profile.ag,
        profile.pa,
        profile.av,
        profile.skills,
        None,
        status,
        player.position,
    )
    if player.niggling_injuries:
        state = attrs.evolve(state, modifiers={**state.modifiers, CASUALTY_MODIFIER: player.niggling_injuries})
    return state


def game_player_id(team_id: str, index: int) -> str:
    """The id :func:`game_players` gives the team file's player at ``index`` (from 0): ``home-1`` for the first."""
    return f"{team_id}-{index + 1}"


def game_players(ruleset: Ruleset, team: Team, team_id: str) -> tuple[PlayerState, ...]:
    """The team file's players able to play the next game, as a game's board holds them in the Reserves, with the
    ids :func:`game_player_id` gives (a player who misses the game or is retired keeps his number, unused)."""
    return tuple(
        game_player(ruleset, player, game_player_id(team_id, index), team_id, team=team)
        for index, player in enumerate(team.players)
        if player.available
    )


def captain_id(ruleset: Ruleset, team: Team, team_id: str) -> str | None:
    """The game id (:func:`game_player_id`) of the team's captain when he can play the next game; else None."""
    for index, player in enumerate(team.players):
        if is_captain(ruleset, player, team) and player.available:
            return game_player_id(team_id, index)
    return None


__all__ = [
    "CHARACTERISTICS",
    "LASTING_INJURY",
    "VALUE_INCREASES",
    "PlayerProfile",
    "captain_id",
    "current_profile",
    "game_player",
    "game_player_id",
    "game_players",
    "is_captain",
    "profile_problems",
    "unimprovable_characteristics",
    "with_lasting_injury",
]
