"""(In)Famous Coaching Staff of the 2020 list whose rules are a roll, a modifier, a placement or a re-roll.

:func:`bless` is Papa Skullbones at the start of a drive, after set-up and before the
kick-off: a roll on his table for a player the coach names among the team's on the
pitch. A row's ``status`` effect moves the player (Unworthy: the Knocked-out box); its
skills are given until the drive ends through :func:`bbcore_inducement_packs.brews.give_for_drive`
(a player with both skills already gains nothing). After the ``again`` row of the
``blessings`` entry (Overlooked) another player of the team on the pitch is picked at
random and rolled for. ``blessed`` is who has been rolled for earlier in the game (the
caller keeps it across drives): they cannot be named or picked; the ``blessing`` event
lists everyone rolled for this time. On the ``chosen`` row (Favour of the Gods) the
coach picks the skills (``Decisions.gained_skills``, among those of the category the
player lacks), given until the drive ends like the others.

:func:`knock_out_treatment` is Mungo Spinecracker (``medics`` entry), the packs' answer to
``bbcore_knock_out_treatment``: when one of the team's players gets a KO'd Injury result,
the core asks his coach whether he calls Mungo (``Decisions.casualty_treatment``, asked
with the ``knocked-out`` row) before the player leaves the pitch; the row's ``status``
effect says where the player goes (a Casualty whose result is the entry's ``casualty``,
with no roll; the Knocked-out box, the apothecary still offered; or Stunned on the pitch).

:func:`may_reroll_recovery` is Josef (or Joseph) Bugman's beer, the packs' answer to
``bbcore_ko_recovery_rerolls``: a team holding him may roll again a failed KO recovery
roll whose natural D6 the ``ko_rerolls`` entry names (a 1).

:func:`cheering_fans_cheerleaders` and :func:`prayer_rerolls` are Galandril Silverwater
(``cheering`` entry): the cheerleaders his team counts when it rolls Cheering Fans (at least
``at_least``, plus the ``dice``), and the extra team re-rolls a natural Prayers to Nuffle
roll gives. The plugin plays both: :func:`go_team` is its Cheering Fans kick-off event
(the core's contest with his dice added), and :func:`pray_and_cheer` its Prayers to Nuffle
step (the core's prayers, then his re-rolls for each natural roll he names).

:func:`argue_the_call` and :func:`bribe_reroll` are Fink da Fixer (``fixers`` entry):
Argue the Call rolled on its table with Fink's natural rolls read as his rows (the flag
says Fink goes with the coach), which the core's Sent-off procedure uses through the
plugin's ``bbcore_argue_the_call`` (:func:`bbcore_inducement_packs.referees.argue`), and
the re-roll of a failed Bribe's D6, once a game, which the core's Sent-off asks the
plugin's ``bbcore_bribe_reroll`` for.

:func:`sign_clients` is Schielund Scharlitan's pre-game pick (``agents`` entry): ``dice``
players of the team able to play (not a Casualty nor Sent-off), picked at random, gain the
skills on the board for the rest of the game. :func:`post_game_roll` is his (and Professeur
Frünkleheim's) post-game roll for one such player; the row's effects are the caller's to
write on the roster. The pack's pre-game steps :data:`AGENT_STEP` and :data:`UPGRADE_STEP`
make both picks (:func:`clients_step`, :func:`upgrades_step`) and remember whom they picked
(``TeamState.inducement_targets``); its post-game step :data:`STAFF_VERDICT_STEP`, at the
start of player advancement, rolls for each of them (:func:`verdict_step`).

:func:`scout_journeymen` is Ayleen Andar (``scouts`` entry): one roll per Journeyman taken
on, in order, with ``after_first`` for each after the first. :func:`scouted` makes a row's
changes: the skills ``loses`` names go (Loner), and ``random_skills`` skills are picked at
random from one of the Journeyman's Primary categories (his coach picks the category); the
``scout`` event gives what hiring him after the game costs more (``fee_per_skill`` a skill).
The pack's pre-game step :data:`SCOUT_STEP` (:func:`scouting_step`), once the inducements
are bought, does both for each team holding her and remembers whom she taught; the core's
post-game hiring then charges the extra for each skill a hired player keeps
(:func:`scout_surcharges`, the plugin's ``bbcore_hiring_surcharges``).

:func:`experiment` is Krot Shockwhisker (``experiments`` entry) at Step 2 of the End of
Drive sequence, on a player of the team in the Casualty box: the ``worse`` row rolls on the
casualty table (the event carries the new row for the caller's records); a ``back_in`` row
moves the player to the Reserves, and the row's skills are given for the drive, the
``trait`` rising by ``worse_by`` for a player who has it already, in any form: a player
with the core's Really Stupid gets the pack's one step worse for the drive, and rolls for
that one only while it lasts (see :func:`bbcore.rules.activation.activation_traits`).
The pack's end-of-drive step :data:`KROT_STEP` (:func:`krot_step`) asks his coach, and
sends the patient back to the Casualty box as the drive he came back for ends.

Kari Coldsteel (``stand_ins`` entry) counts as the cheerleaders her entry's ``cheering-fans``
effects give (:func:`staff_cheerleaders`; the core's kick-off step reads the same effects)
while she is hired and has not played. When her team has fewer players to set up than the
ruleset's ``players_on_pitch`` (:func:`may_stand_in`), :func:`stand_in` makes her a player of
the team in the Reserves, ready to be set up, from the entry's profile; her inducement is
used up, so she counts as no cheerleaders from then on and cannot come back. The pack's
start-of-drive step :data:`STAND_IN_STEP` (:func:`stand_ins_step`), once both teams have
set up, asks her coach where she stands, if anywhere, and checks the set-up again. Her
``position`` is her inducement id, and :func:`send_off_stand_ins` (the plugin's
``bbcore_end_of_drive_effects``) Sends her off when the drive ends: nothing argues or
bribes that away, and the event says so. Josef Bugman (Blood Bowl 2020) may play the same
way, but his entry ``keeps_helping``: his inducement stays held, so his beer still helps the
team's KO recovery rolls after he has played; he too plays one drive only.

:func:`upgrade` is Professeur Frünkleheim's pre-game pick, between Steps 4 and 5
(``upgrades`` entry): ``dice`` players of the team able to play (as for
:func:`sign_clients`) are picked at random, and each gains ``skills`` random skills of the
entry's ``category`` (the Mutations) until the game ends. The skills to pick from are
those of the category in the ruleset that the player lacks, numbered from 1 in the
alphabetical order of their ids; one die with as many faces as there are skills picks
one (:func:`bbcore.dice.pick_at_random`). The ``upgraded`` events carry the
skill each player gained, for the post-game roll (:func:`post_game_roll`) and for taking
the skill away again, both the caller's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from bbcore.dice import DiceSource, pick_at_random, roll_dice, roll_on_table
from bbcore.errors import UsageError
from bbcore.model.common import Effect, SkillRef
from bbcore.rules.activation import activation_target
from bbcore.rules.board import Board, PlayerState, Status
from bbcore.rules.decisions import Decisions, DefaultDecisions, IllegalAnswerError, checked_choices
from bbcore.rules.drive import CHEERING_FANS, cheering_fans, kick_off_staff, kick_order, place_players, setup_problems
from bbcore.rules.effects import transform
from bbcore.rules.events import Event
from bbcore.rules.inducement_uses import use_inducement, uses_left
from bbcore.rules.injury import CASUALTY_ROLE, KnockOutTreatment, casualty_roll, is_dead, with_casualty_result
from bbcore.rules.league import may_gain
from bbcore.rules.pregame import PRAYERS_ROLE, pray_to_nuffle
from bbcore.rules.sequences import GameState
from bbcore_inducement_packs.brews import give_for_drive, picked_skills
from bbcore_inducement_packs.pack_rules import ChosenSkills, pack_rules, rules_for

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from bbcore.model.table import Row
    from bbcore.model.team import TeamPlayer
    from bbcore.ruleset import Ruleset


def _status(row: Row) -> Status | None:
    return next((Status(effect.status) for effect in row.effects if effect.status), None)


def _need(state: GameState, team_id: str, inducement: str) -> None:
    if state.team(team_id).inducements.get(inducement, 0) <= 0:
        raise UsageError(f"team {team_id!r} has no {inducement!r}")


def bless(
    ruleset: Ruleset,
    state: GameState,
    team_id: str,
    inducement: str,
    player_id: str,
    dice: DiceSource,
    blessed: frozenset[str] = frozenset(),
    decisions: Decisions | None = None,
) -> tuple[GameState, tuple[Event, ...]]:
    """Roll on the blessing table for the team's ``player_id``, and again for a random other while the row says so;
    ``decisions`` pick the skills of the ``chosen`` row (the defaults without)."""
    blessing = rules_for(pack_rules(ruleset).coaching_staff.blessings, inducement, "blessing")
    _need(state, team_id, inducement)
    player = state.board.player(player_id)
    if player.team != team_id or not player.on_pitch or player_id in blessed or player.hired:
        raise UsageError(f"{player_id!r} is not a player of {team_id!r} on the pitch, not hired for the game, not yet blessed this game")
    table = ruleset.inducement(inducement).table
    assert table is not None
    rolled_for: list[str] = []
    events: list[Event] = []
    chosen: str | None = player_id
    while chosen is not None:
        rolled_for.append(chosen)
        rolled = roll_on_table(ruleset.table(table), dice)
        row = rolled.row
        events.append(Event("blessing", chosen, rolled.rolls, row.id, {"inducement": inducement}))
        if row.id == blessing.again:
            others = sorted(
                p.id
                for p in state.board.team_players(team_id)
                if p.on_pitch and not p.hired and p.id not in blessed and p.id not in rolled_for
            )
            picked, picks = pick_at_random(dice, others, 1)
            events.append(Event("overlooked", team_id, picks, picked[0] if picked else "none"))
            chosen = picked[0] if picked else None
            continue
        status = _status(row)
        if status is not None:
            board = state.board
            state = attrs.evolve(state, board=board.with_player(board.player(chosen).with_status(status)))
            events.append(Event(status.value, chosen, (), row.id))
        skills = [effect for effect in row.effects if effect.gain_skills]
        if blessing.chosen is not None and row.id == blessing.chosen.row:
            skills = [_picked_skills(ruleset, state.board.player(chosen), blessing.chosen, decisions or DefaultDecisions())]
        if skills:
            state, gained = give_for_drive(ruleset, state, chosen, skills)
            events.append(Event("blessed", chosen, (), row.id, {"skills": list(gained)}))
        chosen = None
    return state, tuple(events)


def _picked_skills(ruleset: Ruleset, player: PlayerState, chosen: ChosenSkills, decisions: Decisions) -> Effect:
    """The skills the coach picks for ``player`` on the ``chosen`` row, as an effect lasting the drive."""
    picked = picked_skills(ruleset, player, chosen.category, chosen.count, decisions)
    return Effect(gain_skills=tuple(SkillRef(sid) for sid in picked), who="player", duration="drive")


def bless_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The ``bb2020/papa-skullbones`` step (after the set-up, before the kick-off): a coach whose team holds a blessing
    entry may name a player of his on the pitch not yet rolled for this game (``Decisions.agreed_choice``; None: no
    blessing this drive), and :func:`bless` rolls; every player rolled for is noted in
    ``TeamState.inducement_targets`` so that he is not offered again."""
    blessings = pack_rules(ruleset).coaching_staff.blessings
    events: list[Event] = []
    for team_id in (team.id for team in state.teams):
        for inducement in sorted(i for i, count in state.team(team_id).inducements.items() if count > 0 and i in blessings):
            done = state.team(team_id).inducement_targets.get(inducement, ())
            # Not a Mercenary nor a Star Player (hired for the game).
            candidates = sorted(p.id for p in state.board.team_players(team_id) if p.on_pitch and not p.hired and p.id not in done)
            choice = decisions.agreed_choice(f"{team_id}: player for {inducement} to bless", candidates) if candidates else None
            if choice is None:
                continue
            state, blessed = bless(ruleset, state, team_id, inducement, choice, dice, frozenset(done), decisions)
            rolled_for = tuple(e.who for e in blessed if e.kind == "blessing" and e.who is not None)
            targets = {**state.team(team_id).inducement_targets, inducement: (*done, *rolled_for)}
            state = state.update_team(team_id, inducement_targets=targets)
            events.extend(blessed)
    return state, tuple(events)


def knock_out_treatment(ruleset: Ruleset, player: PlayerState, treatment: str, dice: DiceSource) -> KnockOutTreatment | None:
    """A medic (``medics`` entry) named for a Knocked-out player: his table's row says where the player goes.

    None for a treatment that is not a medic of the packs (another plugin's). The event
    (kind ``medic``) names the medic, the status and, for a casualty, the result it counts as.
    """
    medic = pack_rules(ruleset).coaching_staff.medics.get(treatment)
    if medic is None:
        return None
    table = ruleset.inducement(treatment).table
    if table is None:
        raise UsageError(f"the medic {treatment!r} has no table")
    rolled = roll_on_table(ruleset.table(table), dice)
    status = _status(rolled.row) or Status.KO
    detail = {"inducement": treatment}
    if status is Status.CASUALTY:
        detail["casualty"] = medic.casualty
    event = Event("medic", player.id, rolled.rolls, status.value, detail)
    return KnockOutTreatment(status, (event,), medic.casualty if status is Status.CASUALTY else None)


def may_reroll_recovery(ruleset: Ruleset, roll: int, inducements: Mapping[str, int]) -> bool | None:
    """``True`` when an inducement the team holds lets it roll this failed recovery roll again; else no answer."""
    rerolls = pack_rules(ruleset).coaching_staff.ko_rerolls
    held = any(count > 0 and roll in rerolls[inducement].rerolled_on for inducement, count in inducements.items() if inducement in rerolls)
    return True if held else None


def cheering_fans_cheerleaders(ruleset: Ruleset, inducement: str, cheerleaders: int, dice: DiceSource) -> tuple[int, Event]:
    """The cheerleaders the team counts for this Cheering Fans roll, with the inducement's dice added."""
    cheering = rules_for(pack_rules(ruleset).coaching_staff.cheering, inducement, "cheering coach")
    rolls = roll_dice(dice, cheering.dice)
    total = max(cheerleaders, cheering.at_least) + sum(rolls)
    return total, Event("go-team", inducement, rolls, str(total))


def go_team(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The Cheering Fans kick-off event under a pack: a team holding a cheering coach counts his dice more
    cheerleaders for this roll (at least ``at_least`` before them), then the core's contest
    (:func:`bbcore.rules.drive.cheering_fans`). The extra cheerleaders leave with the roll."""
    coaches = pack_rules(ruleset).coaching_staff.cheering
    cheering = state
    events: list[Event] = []
    for team in state.teams:
        for inducement, count in sorted(team.inducements.items()):
            if count <= 0 or inducement not in coaches:
                continue
            now = cheering.team(team.id)
            counted = kick_off_staff(ruleset, cheering, team.id, CHEERING_FANS, now.cheerleaders)
            total, event = cheering_fans_cheerleaders(ruleset, inducement, counted, dice)
            cheering = cheering.update_team(team.id, cheerleaders=now.cheerleaders + total - counted)
            events.append(attrs.evolve(event, who=team.id, detail={"inducement": inducement}))
    after, contest = cheering_fans(ruleset, cheering, dice, decisions)
    for team in state.teams:
        after = after.update_team(team.id, cheerleaders=team.cheerleaders)
    return after, (*events, *contest)


def pray_and_cheer(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The Prayers to Nuffle step under a pack: the core's prayers (:func:`bbcore.rules.pregame.pray_to_nuffle`), then,
    for a team holding a cheering coach, his extra team re-rolls for each natural roll on the table he names."""
    after, events = pray_to_nuffle(ruleset, state, dice, decisions)
    prayer_dice = ruleset.table(PRAYERS_ROLE).dice or "D16"
    cheers: list[Event] = []
    for team in after.teams:
        rolls = [roll for event in events if event.kind == "prayer-to-nuffle" and event.who == team.id for roll in event.rolls]
        gained = sum(prayer_rerolls(ruleset, team.inducements, prayer_dice, roll) for roll in rolls)
        if gained:
            after = after.update_team(team.id, rerolls=team.rerolls + gained)
            cheers.append(Event("go-team", team.id, tuple(rolls), "rerolls", {"rerolls": gained}))
    return after, (*events, *cheers)


def prayer_rerolls(ruleset: Ruleset, inducements: Mapping[str, int], prayer_dice: str, natural: int) -> int:
    """The extra team re-rolls the team's inducements give for this natural Prayers to Nuffle roll."""
    total = 0
    for inducement, count in inducements.items():
        cheering = pack_rules(ruleset).coaching_staff.cheering.get(inducement)
        if cheering is not None and count > 0 and natural in cheering.prayer_naturals.get(prayer_dice, ()):
            total += cheering.prayer_rerolls
    return total


def has_fixer(ruleset: Ruleset, inducements: Mapping[str, int]) -> bool:
    """Whether a team holding ``inducements`` has a fixer to argue its calls."""
    return _fixer(ruleset, inducements) is not None


def _fixer(ruleset: Ruleset, inducements: Mapping[str, int]) -> str | None:
    return next((i for i, count in sorted(inducements.items()) if count > 0 and i in pack_rules(ruleset).coaching_staff.fixers), None)


def argue_the_call(ruleset: Ruleset, inducements: Mapping[str, int], dice: DiceSource, modifier: int = 0) -> tuple[Row, bool, Event]:
    """Roll Argue the Call for a team holding ``inducements``, with the team's ``modifier`` (a Biased Referee's +1):
    the row, whether a fixer is Sent-off with the coach, the event. A fixer reads the modified total his own way,
    but a natural roll of ``fouls.ejected_on_natural`` or less gets the coach ejected whatever the modifier, as in
    the core's roll (:func:`bbcore.rules.foul.core_argue_the_call`)."""
    table = ruleset.table("argue-the-call")
    rolled = roll_on_table(table, dice, modifier)
    row = rolled.row
    fixer = _fixer(ruleset, inducements)
    if fixer is not None:
        argue = pack_rules(ruleset).coaching_staff.fixers[fixer].argue
        row = next((table.row(rid) for rid, naturals in argue.items() if rolled.total in naturals), row)
    fouls = ruleset.parameters.fouls
    if fouls.ejected_on_natural is not None and sum(rolled.rolls) <= fouls.ejected_on_natural:
        row = table.row(fouls.coach_ejected_by)
    fixer_off = fixer is not None and row.id == table.rows[0].id
    return row, fixer_off, Event("argue-the-call", fixer or "coach", rolled.rolls, row.id, {"fixer_sent_off": fixer_off})


def bribe_reroll(ruleset: Ruleset, state: GameState, team_id: str) -> str | None:
    """The fixer who may roll the team's failed Bribe again (the packs' ``bbcore_bribe_reroll``): one the team
    holds, with re-rolls left this game (``bribe_rerolls``, counted as its uses), while he is still in the game
    (a fixer is Sent-off with his coach)."""
    team = state.team(team_id)
    fixer = _fixer(ruleset, team.inducements)
    if fixer is None or team.coach_ejected:
        return None
    allowed = pack_rules(ruleset).coaching_staff.fixers[fixer].bribe_rerolls
    return fixer if len(team.inducement_uses.get(fixer, ())) < allowed else None


def _able_to_play(state: GameState, team_id: str) -> list[str]:
    """The team's players who may play this game (not a Casualty nor Sent-off), by id."""
    return sorted(p.id for p in state.board.team_players(team_id) if p.status not in (Status.CASUALTY, Status.SENT_OFF))


def sign_clients(
    ruleset: Ruleset, state: GameState, team_id: str, inducement: str, dice: DiceSource
) -> tuple[GameState, tuple[str, ...], tuple[Event, ...]]:
    """Pick the agent's players at random among those able to play; they gain his skills for the game."""
    agent = rules_for(pack_rules(ruleset).coaching_staff.agents, inducement, "agent")
    _need(state, team_id, inducement)
    count = roll_dice(dice, agent.dice)
    picked, picks = pick_at_random(dice, _able_to_play(state, team_id), sum(count))
    board = state.board
    for player_id in picked:
        player = board.player(player_id)
        skills = {skill: None for skill in agent.skills if skill not in player.skills}
        board = board.with_player(attrs.evolve(player, skills={**player.skills, **skills}))
    event = Event("clients", team_id, count + picks, ",".join(picked) or "none", {"inducement": inducement})
    return attrs.evolve(state, board=board), picked, (event,)


def post_game_roll(ruleset: Ruleset, inducement: str, player_id: str, dice: DiceSource) -> tuple[Row, Event]:
    """The inducement's post-game table roll for one player it picked (:func:`verdict_step` skips the Dead)."""
    table = ruleset.inducement(inducement).table
    if table is None:
        raise UsageError(f"{inducement!r} has no table")
    rolled = roll_on_table(ruleset.table(table), dice)
    return rolled.row, Event("post-game", player_id, rolled.rolls, rolled.row.id, {"inducement": inducement})


def scout_journeymen(
    ruleset: Ruleset, inducement: str, journeymen: Sequence[str], dice: DiceSource
) -> tuple[tuple[tuple[str, Row], ...], tuple[Event, ...]]:
    """One roll per Journeyman taken on, in order, the modifier growing after the first: each one's row."""
    scout = rules_for(pack_rules(ruleset).coaching_staff.scouts, inducement, "scout")
    table = ruleset.inducement(inducement).table
    assert table is not None
    results: list[tuple[str, Row]] = []
    events: list[Event] = []
    for index, player_id in enumerate(journeymen):
        rolled = roll_on_table(ruleset.table(table), dice, scout.after_first * index)
        results.append((player_id, rolled.row))
        events.append(Event("scouted", player_id, rolled.rolls, rolled.row.id, {"total": rolled.total}))
    return tuple(results), tuple(events)


#: The pre-game step, once the inducements are bought, in which a scout looks the team's Journeymen over.
SCOUT_STEP = "bb2020/ayleen-andar"
#: The reason ``Decisions.skill_category`` is asked with when a scouted Journeyman gains random skills.
SCOUTED = "scouted"


def scouting_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The pre-game step :data:`SCOUT_STEP`, once the inducements are bought: a team holding a scout (``scouts``
    entry) has each Journeyman it took on to make up numbers rolled for, in the order they were taken on
    (:func:`scout_journeymen`), and each row's changes made (:func:`scouted`). Those an inducement brought
    (``GameState.induced_journeymen``: Riotous Rookies) are not his to scout."""
    events: list[Event] = []
    for inducement in sorted(pack_rules(ruleset).coaching_staff.scouts):
        for team in state.teams:
            if inducement not in ruleset.inducements or team.inducements.get(inducement, 0) <= 0:
                continue
            own = [
                pid
                for pid in state.journeymen
                if pid not in state.induced_journeymen and pid in state.board.players and state.board.player(pid).team == team.id
            ]
            results, rolled = scout_journeymen(ruleset, inducement, own, dice)
            events.extend(rolled)
            taught: list[str] = []
            for player_id, row in results:
                state, changed = scouted(ruleset, state, inducement, player_id, row, dice, decisions)
                events.extend(changed)
                taught.extend(e.who for e in changed if e.kind == "scout" and e.detail.get("gained") and e.who is not None)
            if taught:
                # Remembered for the post-game hiring, where keeping one of them costs more (scout_surcharges).
                targets = {**state.team(team.id).inducement_targets, inducement: tuple(taught)}
                state = state.update_team(team.id, inducement_targets=targets)
    return state, tuple(events)


def scout_surcharges(ruleset: Ruleset, state: GameState, team_id: str, hired: Sequence[TeamPlayer]) -> list[tuple[str, int]]:
    """What keeping the scout's Journeymen costs more at the post-game hiring: ``fee_per_skill`` for each skill the
    scout gave one of them that a hired player of his position keeps (his ``gained_skills``). Each Journeyman and
    each hired player is matched once, in the order of the Journeymen and of the team file."""
    items: list[tuple[str, int]] = []
    matched: set[int] = set()
    team = state.team(team_id)
    for inducement, scout in sorted(pack_rules(ruleset).coaching_staff.scouts.items()):
        for player_id in team.inducement_targets.get(inducement, ()):
            if player_id not in state.board.players:
                continue
            journeyman = state.board.player(player_id)
            own = {ref.id for ref in ruleset.position(journeyman.position).skills} if journeyman.position is not None else set()
            gained = {skill for skill in journeyman.skills if skill not in own}
            for index, player in enumerate(hired):
                kept = sorted(ref.id for ref in player.gained_skills if ref.id in gained)
                if index in matched or player.position != journeyman.position or not kept:
                    continue
                matched.add(index)
                label = f"{player.name} ({player.position}), {len(kept)} skill(s) from {ruleset.inducement(inducement).name}"
                items.append((label, scout.fee_per_skill * len(kept)))
                break
    return items


def scouted(
    ruleset: Ruleset, state: GameState, inducement: str, player_id: str, row: Row, dice: DiceSource, decisions: Decisions
) -> tuple[GameState, tuple[Event, ...]]:
    """What the scout's ``row`` does to a Journeyman: the skills the entry's ``loses`` names for it go; the number its
    ``random_skills`` gives are picked at random from one Primary category of his position, the coach's choice when
    there are several (``Decisions.skill_category``, reason :data:`SCOUTED`), among the skills of it he lacks. The
    ``scout`` event says what changed and what his hiring after the game costs more (``fee_per_skill`` a skill)."""
    scout = rules_for(pack_rules(ruleset).coaching_staff.scouts, inducement, "scout")
    player = state.board.player(player_id)
    lost = tuple(skill for skill in scout.loses.get(row.id, ()) if player.has(skill))
    skills = {skill: value for skill, value in player.skills.items() if skill not in lost}
    count = scout.random_skills.get(row.id, 0)
    gained: list[str] = []
    rolls: list[int] = []
    if count:
        primaries = ruleset.position(player.position).primary if player.position is not None else ()
        if not primaries:
            raise UsageError(f"{player_id!r} has no Primary skill category to gain skills from")
        category = primaries[0] if len(primaries) == 1 else decisions.skill_category(player_id, SCOUTED, primaries)
        if category not in primaries:
            raise IllegalAnswerError(f"{player_id!r} gains skills from one of {', '.join(primaries)}, not {category!r}")
        # A skill in another form (a pack's own Mighty Blow) is no skill of the category to pick.
        # Nor one the glossary forbids beside the skills he has.
        offered = sorted(
            s
            for s, skill in ruleset.skills.items()
            if skill.category == category and skill.acts_as is None and may_gain(ruleset, s, skills)
        )
        picked, rolls_made = pick_at_random(dice, offered, count)  # all of them, if fewer are left
        rolls.extend(rolls_made)
        gained = list(picked)
        skills.update(dict.fromkeys(gained))
    board = state.board.with_player(attrs.evolve(player, skills=skills))
    detail = {"inducement": inducement, "lost": list(lost), "gained": gained, "fee": scout.fee_per_skill * len(gained)}
    return attrs.evolve(state, board=board), (Event("scout", player_id, tuple(rolls), row.id, detail),)


def _held_target(ruleset: Ruleset, player: PlayerState, trait: str) -> int | None:
    """The target of the form of ``trait`` the player holds (the core's own form read from the activation
    parameters), None when he holds none."""
    skill = ruleset.skill(trait)
    for form in ruleset.skill_forms(skill.acts_as or trait):
        rolled = ruleset.parameters.activation.traits.get(form)
        if form in player.skills and rolled is not None:
            return activation_target(form, rolled, player)
    return None


def experiment(
    ruleset: Ruleset, state: GameState, team_id: str, inducement: str, player_id: str, dice: DiceSource
) -> tuple[GameState, tuple[Event, ...]]:
    """Krot's experiment on the team's ``player_id`` in the Casualty box: the row moves, harms or changes them.

    He experiments as often as the inducement's ``uses`` allow (once per game): each experiment is a use
    (:func:`bbcore.rules.inducement_uses.use_inducement`), and one too many is an error.
    """
    rules = rules_for(pack_rules(ruleset).coaching_staff.experiments, inducement, "experimenter")
    _need(state, team_id, inducement)
    player = state.board.player(player_id)
    if player.team != team_id or player.status is not Status.CASUALTY or player.hired:
        raise UsageError(f"{player_id!r} is not a player of {team_id!r} in the Casualty box (a player hired for the game is not)")
    state, used = use_inducement(ruleset, state, team_id, inducement)
    table = ruleset.inducement(inducement).table
    assert table is not None
    rolled = roll_on_table(ruleset.table(table), dice)
    row = rolled.row
    events = [used, Event("experiment", player_id, rolled.rolls, row.id, {"inducement": inducement})]
    if row.id == rules.worse:
        # One more result against him, on top of those already standing.
        if player.casualty_counts_as is not None:
            # A Frog rolls on no Casualty table: his result is the one he counts as.
            worse = ruleset.table(CASUALTY_ROLE).row(player.casualty_counts_as)
            rolled_worse = Event("casualty", player_id, (), worse.id, {"counts_as": worse.id})
        else:
            worse, rolled_worse = casualty_roll(ruleset, player_id, dice)
        player, lasting = with_casualty_result(ruleset, player, worse, dice)
        events.extend((rolled_worse, *lasting))
        state = attrs.evolve(state, board=state.board.with_player(player))
    if row.id in rules.back_in:
        state = attrs.evolve(state, board=state.board.with_player(player.with_status(Status.RESERVES)))
        events.append(Event(Status.RESERVES.value, player_id, (), row.id))
        skills = [effect for effect in row.effects if effect.gain_skills]
        had = _held_target(ruleset, player, rules.trait)
        if skills:
            # Krot works as a drive ends: what he gives lasts until the end of the next drive.
            state, _ = give_for_drive(ruleset, state, player_id, skills, next_drive=True)
        if isinstance(had, int):
            after = state.board.player(player_id)
            state = attrs.evolve(
                state, board=state.board.with_player(attrs.evolve(after, skills={**after.skills, rules.trait: had + rules.worse_by}))
            )
    return state, tuple(events)


def staff_cheerleaders(ruleset: Ruleset, state: GameState, team_id: str, inducement: str) -> int:
    """The cheerleaders the team's ``inducement`` counts as now: its entry's ``cheering-fans`` effects while held, else none."""
    if state.team(team_id).inducements.get(inducement, 0) <= 0:
        return 0
    return sum(effect.by or 0 for effect in ruleset.inducement(inducement).effects if effect.modifier == CHEERING_FANS)


def players_to_set_up(state: GameState, team_id: str) -> int:
    """How many of the team's players could be set up for the next drive: those in the Reserves or on the pitch."""
    return sum(1 for p in state.board.team_players(team_id) if p.status is Status.RESERVES or p.on_pitch)


def may_stand_in(ruleset: Ruleset, state: GameState, team_id: str, inducement: str) -> bool:
    """Whether the staff member the team still holds may play this drive: the team is short of a full side, and he
    has not played for it yet (once Sent-off at the end of his drive, he stays off)."""
    rules_for(pack_rules(ruleset).coaching_staff.stand_ins, inducement, "staff member who may play")
    held = state.team(team_id).inducements.get(inducement, 0) > 0
    played = any(p.team == team_id and p.position == inducement for p in state.board.players.values())
    return held and not played and players_to_set_up(state, team_id) < ruleset.parameters.players_on_pitch


def stand_in(ruleset: Ruleset, state: GameState, team_id: str, inducement: str, player_id: str) -> tuple[GameState, Event]:
    """The staff member joins the team for this drive, in the Reserves, from the entry's profile; the inducement is
    used up, unless the entry ``keeps_helping`` (Bugman's beer still helps KO recovery)."""
    rules = rules_for(pack_rules(ruleset).coaching_staff.stand_ins, inducement, "staff member who may play")
    if not may_stand_in(ruleset, state, team_id, inducement):
        raise UsageError(f"{inducement!r} cannot play for {team_id!r}: not held, already played, or the team can set up a full side")
    if player_id in state.board.players:
        raise UsageError(f"there is already a player {player_id!r}")
    profile = next((p for p in ruleset.inducement(inducement).profiles if p.id == rules.profile), None)
    if profile is None:
        raise UsageError(f"the {inducement!r} inducement has no {rules.profile!r} profile")
    blank = PlayerState(player_id, team_id, 0, 0, 0, None, 0, status=Status.RESERVES, position=inducement)
    player = transform(ruleset, blank, profile)
    if not rules.keeps_helping:
        state = state.update_team(team_id, inducements={i: n for i, n in state.team(team_id).inducements.items() if i != inducement})
    state = attrs.evolve(state, board=state.board.with_player(player))
    return state, Event("stand-in", player_id, (), "joins", {"inducement": inducement, "team": team_id})


#: The start-of-drive step, once both teams are set up, in which a short-handed team's staff may join it.
STAND_IN_STEP = "bb2020/stand-ins"
#: The reason ``Decisions.set_up_again`` is asked with for a staff member who may join the set-up.
STAND_IN = "stand-in"


def staff_player_id(team_id: str, inducement: str) -> str:
    """The player id a staff member hired as ``inducement`` plays under for ``team_id`` (standing in, or charging on
    in a temper): ``<team>-<name part of the id>``."""
    return f"{team_id}-{inducement.rpartition('/')[2]}"


def stand_ins_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The start-of-drive step :data:`STAND_IN_STEP`, once both teams have set up (before Swarming).

    The kicking team first, for each staff member its team holds who may play now
    (:func:`may_stand_in`: the team could not field a full side), its coach is asked where
    he stands (``Decisions.set_up_again`` with reason :data:`STAND_IN`, the player id
    :func:`staff_player_id`, count 1); an empty answer leaves him off. Named, he joins the team
    (:func:`stand_in`) on that square, takes part in the drive, and the whole team must
    still be set up legally (:func:`bbcore.rules.drive.setup_problems`), or the answer is
    an :class:`~bbcore.rules.decisions.IllegalAnswerError`.
    """
    events: list[Event] = []
    for team_id in kick_order(state):
        for inducement in sorted(pack_rules(ruleset).coaching_staff.stand_ins):
            if inducement not in ruleset.inducements or not may_stand_in(ruleset, state, team_id, inducement):
                continue
            player_id = staff_player_id(team_id, inducement)
            placement = dict(decisions.set_up_again(team_id, STAND_IN, [player_id], 1))
            if not placement:
                continue
            if set(placement) != {player_id}:
                raise IllegalAnswerError(f"only {player_id} may join {team_id}'s set-up now, not {', '.join(sorted(placement))}")
            state, joined = stand_in(ruleset, state, team_id, inducement, player_id)
            board = place_players(state.board, placement)
            problems = setup_problems(ruleset, board, team_id)
            if problems:
                raise IllegalAnswerError(f"{player_id} standing in for {team_id}: " + "; ".join(f"{p.path}: {p.message}" for p in problems))
            state = attrs.evolve(state, board=board, drive_players=state.drive_players | {player_id}, played=state.played | {player_id})
            events.append(attrs.evolve(joined, detail={**joined.detail, "square": list(placement[player_id])}))
    return state, tuple(events)


def send_off_stand_ins(ruleset: Ruleset, board: Board) -> tuple[Board, tuple[Event, ...]]:
    """At the end of a drive, every staff member who played it is Sent-off for the game (a Casualty stays one): the
    stand-ins, and a staff member with a temper who charged on (:mod:`bbcore_inducement_packs.bugman`)."""
    stand_ins = {*pack_rules(ruleset).coaching_staff.stand_ins, *pack_rules(ruleset).tempers}
    events: list[Event] = []
    for player in sorted(board.players.values(), key=lambda p: p.id):
        if player.position in stand_ins and player.status not in (Status.SENT_OFF, Status.CASUALTY):
            board = board.with_player(player.with_status(Status.SENT_OFF))
            detail = {"inducement": player.position, "argue_the_call": False, "bribe": False}
            events.append(Event(Status.SENT_OFF.value, player.id, (), "end-of-drive", detail))
    return board, tuple(events)


def upgrade(
    ruleset: Ruleset, state: GameState, team_id: str, inducement: str, dice: DiceSource
) -> tuple[GameState, tuple[tuple[str, str], ...], tuple[Event, ...]]:
    """Pick the upgraded players at random among those able to play; each gains random skills of the category for the game.

    Returns the new state, the ``(player, skill)`` pairs gained in order, and the events. The state remembers each
    player's skills as gained for this game only (``GameState.game_gains``): a post-game roll may let him keep them.
    """
    rules = rules_for(pack_rules(ruleset).coaching_staff.upgrades, inducement, "upgrading staff member")
    _need(state, team_id, inducement)
    count = roll_dice(dice, rules.dice)
    picked, picks = pick_at_random(dice, _able_to_play(state, team_id), sum(count))
    events = [Event("upgrade", team_id, count + picks, ",".join(picked) or "none", {"inducement": inducement})]
    board = state.board
    gained: list[tuple[str, str]] = []
    for player_id in picked:
        for _ in range(rules.skills):
            player = board.player(player_id)
            offered = sorted(s for s, skill in ruleset.skills.items() if skill.category == rules.category and not player.has(s))
            if not offered:
                events.append(Event("upgraded", player_id, (), "none", {"inducement": inducement}))
                continue
            chosen, rolls = pick_at_random(dice, offered, 1)
            skill = chosen[0]
            board = board.with_player(attrs.evolve(player, skills={**player.skills, skill: None}))
            gained.append((player_id, skill))
            kept = state.game_gains.get(player_id, ())
            state = attrs.evolve(state, game_gains={**state.game_gains, player_id: (*kept, SkillRef(skill))})
            events.append(Event("upgraded", player_id, rolls, skill, {"inducement": inducement, "of": len(offered)}))
    return attrs.evolve(state, board=board), tuple(gained), tuple(events)


#: The end-of-drive step in which Krot Shockwhisker may experiment, and the situation his coach is asked in.
KROT_STEP = "bb2020/krot-shockwhisker"
END_OF_DRIVE = "end-of-drive"


def krot_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The end-of-drive step :data:`KROT_STEP`, after the drive's own effects end (Step 2).

    First, a patient Krot sent back to the Reserves as an earlier drive ended goes back to
    the Casualty box, his earlier result applying (``PlayerState.casualty_results``): this
    is the end of the drive he was back for, and he is then forgotten, so that a later
    healing keeps him out of the box. Then each team whose Krot may still experiment,
    with players in its Casualty box who are not hired for the game, is asked whether he
    does (``Decisions.use_inducement``, situation :data:`END_OF_DRIVE`) and on whom
    (``Decisions.choose_players``); the experiment follows (:func:`experiment`), and its
    patient is remembered (``TeamState.inducement_targets``).
    """
    events: list[Event] = []
    for inducement in sorted(pack_rules(ruleset).coaching_staff.experiments):
        for team in state.teams:
            for player_id in team.inducement_targets.get(inducement, ()):
                patient = state.board.players.get(player_id)
                if patient is not None and patient.status is not Status.CASUALTY:
                    state = attrs.evolve(state, board=state.board.with_player(patient.with_status(Status.CASUALTY)))
                    events.append(Event(Status.CASUALTY.value, player_id, (), "back-to-casualty-box", {"inducement": inducement}))
                state = _forget(state, team.id, inducement, player_id)
        for team in state.teams:
            if team.inducements.get(inducement, 0) <= 0 or uses_left(ruleset, state, team.id, inducement) == 0:
                continue
            patients = sorted(p.id for p in state.board.team_players(team.id) if p.status is Status.CASUALTY and not p.hired)
            if not patients or not decisions.use_inducement(team.id, inducement, END_OF_DRIVE):
                continue
            answer = decisions.choose_players(team.id, inducement, patients, 1)
            (patient_id,) = checked_choices(answer, patients, 1, question="choose-players", who=team.id, fewest=1)
            state, done = experiment(ruleset, state, team.id, inducement, patient_id, dice)
            if state.board.player(patient_id).status is not Status.CASUALTY:
                state = _remember(state, team.id, inducement, [patient_id])
            events.extend(done)
    return state, tuple(events)


#: The pre-game steps of the agent's and the professor's picks, and the post-game step that rolls for their players.
AGENT_STEP = "bb2020/schielund-scharlitan"
UPGRADE_STEP = "bb2020/professeur-frunkleheim"
STAFF_VERDICT_STEP = "bb2020/staff-verdicts"


def _remember(state: GameState, team_id: str, inducement: str, players: Sequence[str]) -> GameState:
    done = state.team(team_id).inducement_targets.get(inducement, ())
    targets = {**state.team(team_id).inducement_targets, inducement: (*done, *(p for p in players if p not in done))}
    return state.update_team(team_id, inducement_targets=targets)


def _forget(state: GameState, team_id: str, inducement: str, player_id: str) -> GameState:
    done = state.team(team_id).inducement_targets.get(inducement, ())
    targets = {**state.team(team_id).inducement_targets, inducement: tuple(p for p in done if p != player_id)}
    return state.update_team(team_id, inducement_targets=targets)


#: Picks players for the game: ``(state, team id, inducement)`` to the new state, the players picked and the events.
_Pick = Callable[[GameState, str, str], tuple[GameState, Sequence[str], tuple[Event, ...]]]


def _picked_for_the_game(state: GameState, inducements: Iterable[str], pick: _Pick) -> tuple[GameState, tuple[Event, ...]]:
    """Each team holding one of ``inducements`` has its players picked, and the inducement remembers them."""
    events: list[Event] = []
    for inducement in sorted(inducements):
        for team in state.teams:
            if team.inducements.get(inducement, 0) > 0:
                state, picked, told = pick(state, team.id, inducement)
                state = _remember(state, team.id, inducement, picked)
                events.extend(told)
    return state, tuple(events)


def clients_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The pre-game step :data:`AGENT_STEP`: each team holding an agent has his clients picked (:func:`sign_clients`)."""
    agents = pack_rules(ruleset).coaching_staff.agents
    return _picked_for_the_game(state, agents, lambda now, team, agent: sign_clients(ruleset, now, team, agent, dice))


def upgrades_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The pre-game step :data:`UPGRADE_STEP`: each team holding the professor has its players upgraded (:func:`upgrade`)."""

    def upgraded(now: GameState, team: str, professor: str) -> tuple[GameState, Sequence[str], tuple[Event, ...]]:
        now, gained, events = upgrade(ruleset, now, team, professor, dice)
        return now, [player for player, _ in gained], events

    return _picked_for_the_game(state, pack_rules(ruleset).coaching_staff.upgrades, upgraded)


def verdict_step(ruleset: Ruleset, state: GameState, dice: DiceSource, decisions: Decisions) -> tuple[GameState, tuple[Event, ...]]:
    """The post-game step :data:`STAFF_VERDICT_STEP`: one roll (:func:`post_game_roll`) for each player the agent or
    the professor picked before the game, in the order they were picked. A player Dead at the end of the game
    (:func:`bbcore.rules.injury.is_dead`) is not rolled for: the event says so.

    What a row does for good goes on the team's records (see :func:`bbcore.rules.game_results.team_after_game`):
    its ``gain_skills`` effects that last (``permanent``) join the player's gained skills, a ``miss_next_game``
    effect makes him miss the next game, and on an upgrade's ``kept_on`` row he keeps the skills it gave him for the
    game. The rise in Current Value some rows speak of is not counted: gained skills add no value.
    """
    staff = pack_rules(ruleset).coaching_staff
    events: list[Event] = []
    for inducement in sorted({*staff.agents, *staff.upgrades}):
        upgrade = staff.upgrades.get(inducement)
        for team in state.teams:
            for player_id in team.inducement_targets.get(inducement, ()):
                player = state.board.players.get(player_id)
                if player is not None and is_dead(ruleset, player):
                    events.append(Event("post-game", player_id, (), "dead", {"inducement": inducement, "rolled": False}))
                    continue
                row, event = post_game_roll(ruleset, inducement, player_id, dice)
                events.append(event)
                kept = state.game_gains.get(player_id, ()) if upgrade is not None and row.id == upgrade.kept_on else ()
                state = _for_good(state, player_id, row.effects, kept)
    return state, tuple(events)


def _for_good(state: GameState, player_id: str, effects: Sequence[Effect], kept: Sequence[SkillRef]) -> GameState:
    """The state with what a post-game row does to the player for good: skills gained and kept, a game to miss."""
    lasting = [ref for effect in effects if effect.gain_skills and effect.duration == "permanent" for ref in effect.gain_skills]
    gained = (*kept, *lasting)
    if gained:
        state = attrs.evolve(state, gained_skills={**state.gained_skills, player_id: (*state.gained_skills.get(player_id, ()), *gained)})
    if any(effect.miss_next_game for effect in effects):
        state = attrs.evolve(state, missing_next_game=state.missing_next_game | {player_id})
    return state


__all__ = [
    "AGENT_STEP",
    "END_OF_DRIVE",
    "KROT_STEP",
    "SCOUTED",
    "SCOUT_STEP",
    "STAFF_VERDICT_STEP",
    "STAND_IN",
    "STAND_IN_STEP",
    "UPGRADE_STEP",
    "argue_the_call",
    "bless",
    "bless_step",
    "bribe_reroll",
    "cheering_fans_cheerleaders",
    "clients_step",
    "experiment",
    "go_team",
    "knock_out_treatment",
    "krot_step",
    "may_reroll_recovery",
    "may_stand_in",
    "players_to_set_up",
    "post_game_roll",
    "pray_and_cheer",
    "prayer_rerolls",
    "scout_journeymen",
    "scouted",
    "scouting_step",
    "send_off_stand_ins",
    "sign_clients",
    "staff_cheerleaders",
    "staff_player_id",
    "stand_in",
    "stand_ins_step",
    "upgrade",
    "upgrades_step",
    "verdict_step",
]
