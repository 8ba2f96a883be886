"""Gifts for one drive: the heady brews and the Dwarfen Runesmith's runes.

Both give players skills (and the Rune of Iron an Armour Value) until the drive ends,
from the ``effects`` of the inducement or of the rune profile, through
:func:`bbcore.rules.effects.apply_effects`. A characteristic change goes to
``GameState.drive_changes``, which the core undoes when the drive ends. A skill a
player did not have before is recorded in ``GameState.drive_effects`` as
``packs-drive-skill/<player>/<skill>``; the plugin's ``bbcore_end_of_drive_effects``
(:func:`drop_drive_skills`) takes those skills away again. A skill the player already
had is left alone, so it is not lost when the drive ends.

A brew (:func:`pour_brew`) is poured after both teams set up and before the kick-off:
the ``brews`` entry of ``pack-rules.yaml`` says how many players (a dice expression)
and which skill they must have (Stunty); they are picked at random among the team's
players on the pitch. The runesmith (:func:`carve_rune`) is tried in the Start of
Drive sequence on a player the coach names (not one with Loner) with a rune profile of
the inducement: the ``runesmiths`` entry maps the table's rows to "works", "may try
again" and "spent"; a rune that works or is spent for good uses the Runesmith up.
The packs' start-of-drive steps play both (:func:`brew_step` after the set-up,
:func:`runesmith_step` after the kick: judgement call, the source's "after Step 2 but
before Step 3" read as between the kick and the kick-off event), asking the coach.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, pick_at_random, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.rules.board import Board, PlayerState
from bbcore.rules.effects import apply_effects
from bbcore.rules.events import Event
from bbcore.rules.sequences import DriveChange, GameState
from bbcore_inducement_packs.pack_rules import pack_rules, rules_for

#: The packs' heady-brew steps, one per pack, and the runesmith's; the answer that opens a brew.
BREW_STEPS = ("bb2020/heady-brew", "classic/heady-brew")
RUNESMITH_STEP = "bb2020/runesmith"
OPEN_A_BREW = "open"

if TYPE_CHECKING:
    from bbcore.model.common import Effect
    from bbcore.rules.decisions import Decisions
    from bbcore.ruleset import Ruleset

#: The prefix of the ``drive_effects`` entries that name a skill given for the drive.
DRIVE_SKILL = "packs-drive-skill"

CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")


def drive_skill_id(player_id: str, skill_id: str) -> str:
    """How ``GameState.drive_effects`` records that ``player_id`` holds ``skill_id`` only until the drive ends."""
    return f"{DRIVE_SKILL}/{player_id}/{skill_id}"


def _left(state: GameState, team_id: str, inducement: str) -> int:
    return state.team(team_id).inducements.get(inducement, 0)


def _spend(state: GameState, team_id: str, inducement: str) -> GameState:
    left = dict(state.team(team_id).inducements)
    left[inducement] = left.get(inducement, 0) - 1
    return state.update_team(team_id, inducements={key: count for key, count in left.items() if count > 0})


def give_for_drive(
    ruleset: Ruleset, state: GameState, player_id: str, effects: Iterable[Effect], *, next_drive: bool = False
) -> tuple[GameState, tuple[str, ...]]:
    """Apply ``effects`` to the player until the drive ends (with ``next_drive``, until the next drive ends: skills
    only, given as a drive ends); the skills newly gained."""
    before = state.board.player(player_id)
    after = apply_effects(ruleset, before, effects).player
    gained = tuple(sorted(skill for skill in after.skills if skill not in before.skills))
    changes = tuple(
        DriveChange(player_id, name, getattr(after, name) - getattr(before, name))
        for name in CHARACTERISTICS
        if getattr(before, name) is not None and getattr(after, name) != getattr(before, name)
    )
    if next_drive and changes:
        raise UsageError("only skills are given until the end of the next drive, not characteristic changes")
    state = attrs.evolve(state, board=state.board.with_player(after), drive_changes=state.drive_changes + changes)
    for skill in gained:
        state = state.with_drive_effect(drive_skill_id(player_id, skill), next_drive=next_drive)
    return state, gained


def picked_skills(ruleset: Ruleset, player: PlayerState, category: str, count: int, decisions: Decisions) -> tuple[str, ...]:
    """Up to ``count`` different skills of ``category`` the player lacks, as his coach picks them
    (``Decisions.gained_skills``); a ``UsageError`` for an answer that is not such a pick."""
    offered = tuple(sid for sid, skill in ruleset.skills.items() if skill.category == category and not player.has(sid))
    picked = tuple(decisions.gained_skills(player.id, offered, count))
    if len(set(picked)) != len(picked) or len(picked) > count or not set(picked) <= set(offered):
        raise UsageError(f"{list(picked)} are not up to {count} different skills of {list(offered)}")
    return picked


def drop_drive_skills(board: Board, drive_effects: frozenset[str]) -> tuple[Board, tuple[Event, ...]]:
    """Take away the skills given for the drive (those recorded by :func:`give_for_drive`)."""
    events = []
    for effect in sorted(drive_effects):
        prefix, _, rest = effect.partition("/")
        player_id, _, skill = rest.partition("/")
        if prefix != DRIVE_SKILL or player_id not in board.players:
            continue
        player = board.player(player_id)
        if skill in player.skills:
            board = board.with_player(attrs.evolve(player, skills={k: v for k, v in player.skills.items() if k != skill}))
            events.append(Event("drive-skill-ends", player_id, (), skill))
    return board, tuple(events)


def pour_brew(ruleset: Ruleset, state: GameState, team_id: str, inducement: str, dice: DiceSource) -> tuple[GameState, tuple[Event, ...]]:
    """The team's brew: some random players of the needed skill on the pitch gain the inducement's effects for the drive."""
    brew = rules_for(pack_rules(ruleset).extras.brews, inducement, "brew")
    if _left(state, team_id, inducement) <= 0:
        raise UsageError(f"team {team_id!r} has no {inducement!r} left to pour")
    state = _spend(state, team_id, inducement)
    count = sum(roll_dice(dice, brew.players))
    candidates = sorted(p.id for p in state.board.team_players(team_id) if p.on_pitch and p.has(brew.needs))
    picked, picks = pick_at_random(dice, candidates, count)
    effects = ruleset.inducement(inducement).effects
    events = [Event("brew", team_id, picks, f"{len(picked)} players", {"inducement": inducement, "count": count, "players": list(picked)})]
    for player_id in picked:
        state, gained = give_for_drive(ruleset, state, player_id, effects)
        events.append(Event("brew-drunk", player_id, (), "gained", {"skills": list(gained)}))
    return state, tuple(events)


def carve_rune(
    ruleset: Ruleset, state: GameState, team_id: str, inducement: str, player_id: str, rune: str, dice: DiceSource
) -> tuple[GameState, tuple[Event, ...]]:
    """The runesmith tries ``rune`` on the team's ``player_id``; the table says whether it works and whether he may try again."""
    smith = rules_for(pack_rules(ruleset).extras.runesmiths, inducement, "runesmith")
    if _left(state, team_id, inducement) <= 0:
        raise UsageError(f"team {team_id!r} has no {inducement!r} left to try")
    player = state.board.player(player_id)
    if player.team != team_id or not player.on_pitch:
        raise UsageError(f"{player_id!r} is not a player of {team_id!r} on the pitch")
    if player.has(smith.barred_skill):
        raise UsageError(f"{player_id!r} has {smith.barred_skill!r}: no rune may be tried on them")
    profiles = {profile.id: profile for profile in ruleset.inducement(inducement).profiles}
    if rune not in profiles:
        raise UsageError(f"{rune!r} is not a rune of {inducement!r}; those are {', '.join(sorted(profiles))}")
    table = ruleset.inducement(inducement).table
    assert table is not None
    rolled = roll_on_table(ruleset.table(table), dice)
    row = rolled.row.id
    events = [Event("rune", player_id, rolled.rolls, row, {"inducement": inducement, "rune": rune})]
    if row in (smith.rows.works, smith.rows.spent):
        state = _spend(state, team_id, inducement)
    if row == smith.rows.works:
        state, gained = give_for_drive(ruleset, state, player_id, profiles[rune].effects)
        events.append(Event("rune-works", player_id, (), rune, {"skills": list(gained)}))
    return state, tuple(events)


def brew_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The packs' heady-brew step (after the set-up): each coach with a brew left is asked whether to open one
    (``Decisions.agreed_choice`` with the option ``open``), and :func:`pour_brew` pours what he opens."""
    brews = pack_rules(ruleset).extras.brews
    events: list[Event] = []
    for team in state.teams:
        for inducement in sorted(i for i, count in team.inducements.items() if count > 0 and i in brews):
            if decisions.agreed_choice(f"{team.id}: open a bottle of {inducement}", (OPEN_A_BREW,)) == OPEN_A_BREW:
                state, poured = pour_brew(ruleset, state, team.id, inducement, dice)
                events.extend(poured)
    return state, tuple(events)


def runesmith_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The packs' runesmith step (after the kick): each coach whose runesmith may still try names a player and a rune
    (``Decisions.agreed_choice`` among ``<player> <rune>``; None: not this drive), and :func:`carve_rune` tries it."""
    smiths = pack_rules(ruleset).extras.runesmiths
    events: list[Event] = []
    for team in state.teams:
        for inducement in sorted(i for i, count in team.inducements.items() if count > 0 and i in smiths):
            barred = smiths[inducement].barred_skill
            players = sorted(p.id for p in state.board.team_players(team.id) if p.on_pitch and not p.has(barred))
            runes = sorted(profile.id for profile in ruleset.inducement(inducement).profiles)
            choice = decisions.agreed_choice(f"{team.id}: player and rune for {inducement}", [f"{p} {r}" for p in players for r in runes])
            if choice is not None:
                player_id, _, rune = choice.partition(" ")
                state, tried = carve_rune(ruleset, state, team.id, inducement, player_id, rune, dice)
                events.extend(tried)
    return state, tuple(events)


__all__ = [
    "BREW_STEPS",
    "DRIVE_SKILL",
    "OPEN_A_BREW",
    "RUNESMITH_STEP",
    "brew_step",
    "carve_rune",
    "drive_skill_id",
    "drop_drive_skills",
    "give_for_drive",
    "pour_brew",
    "runesmith_step",
]
