"""The moments of a turn a match tracker hands to the plugins: an activation's end, barred team re-rolls, refused actions."""

from __future__ import annotations

from typing import Any

import attrs

import bbcore
from bbcore.dice import DiceSource, ScriptedDice
from bbcore.rules.board import Board, Status
from bbcore.rules.decisions import Decisions, DefaultDecisions, ScriptedDecisions
from bbcore.rules.drive import clear_the_pitch, end_turn
from bbcore.rules.events import Event, Outcome
from bbcore.rules.rerolls import TEAM_REROLL
from bbcore.rules.sequences import GameState
from bbcore.rules.turns import (
    TURNOVER_EVENT,
    action_refusals,
    barred_team_rerolls,
    end_activation,
    spend_team_rerolls,
    start_activation,
    start_turn,
    turn_lost,
)
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

PLAYERS = {"h1": ("home", "human/human-lineman", (10, 7)), "a1": ("away", "orc/orc-lineman", (14, 7))}


class Tripwire:
    """Trips a player ending his activation on a D6 of 1 while ``tripwire`` is in force: a turnover."""

    @bbcore.hookimpl
    def bbcore_activation_end_effects(
        self, board: Board, player_id: str, dice: DiceSource, drive_effects: frozenset[str], decisions: Decisions
    ) -> Outcome | None:
        if "tripwire" not in drive_effects:
            return None
        roll = dice.roll(6)
        if roll > 1:
            return Outcome(board, (Event("tripwire", player_id, (roll,), "stepped-over"),))
        tripped = board.with_player(board.player(player_id).with_status(Status.PRONE))
        return Outcome(tripped, (Event("tripwire", player_id, (roll,), "tripped"),), turnover=True)

    @bbcore.hookimpl
    def bbcore_barred_team_rerolls(self, drive_effects: frozenset[str]) -> tuple[str, ...] | None:
        return ("dodge",) if "tripwire" in drive_effects else None

    @bbcore.hookimpl
    def bbcore_action_refusal(self, state: GameState, player_id: str, action: str) -> str | None:
        return "no fouling near the tripwire" if action == "foul" and "tripwire" in state.drive_effects else None


class Onlooker:
    """Sees the board the tripwire left: notes whether the player is down."""

    @bbcore.hookimpl
    def bbcore_activation_end_effects(self, board: Board, player_id: str) -> Outcome:
        down = board.player(player_id).status is Status.PRONE
        return Outcome(board, (Event("onlooker", player_id, (), "saw-a-fall" if down else "saw-nothing"),))

    @bbcore.hookimpl
    def bbcore_barred_team_rerolls(self, weather: str | None) -> tuple[str, ...]:
        return ("rush",)

    @bbcore.hookimpl
    def bbcore_action_refusal(self, action: str) -> str | None:
        return "the onlooker is in the way" if action == "foul" else None


def rules(make_ruleset: Any) -> Ruleset:
    # The chain follows pluggy's order: the tripwire, registered last, acts first and the onlooker sees its board.
    return make_ruleset(plugins=[("onlooker", Onlooker()), ("tripwire", Tripwire())], entry_points=False)


def test_activation_end_effects_chain_on_one_board_and_keep_a_turnover(make_ruleset: Any) -> None:
    ruleset = rules(make_ruleset)
    calm = game(ruleset, PLAYERS)
    after, outcome = end_activation(ruleset, calm, "h1", ScriptedDice([]))
    assert [(e.kind, e.result) for e in outcome.events] == [("onlooker", "saw-nothing")]
    assert not outcome.turnover
    wired = attrs.evolve(calm, drive_effects=frozenset({"tripwire"}))
    with ScriptedDice([1]) as dice:
        after, outcome = end_activation(ruleset, wired, "h1", dice, DefaultDecisions())
    assert [(e.kind, e.result) for e in outcome.events] == [("tripwire", "tripped"), ("onlooker", "saw-a-fall")]
    assert outcome.turnover
    assert after.board.player("h1").status is Status.PRONE
    assert after.board is outcome.board


def test_barred_team_rerolls_gather_every_plugins_tests(make_ruleset: Any, core: Ruleset) -> None:
    ruleset = rules(make_ruleset)
    calm = game(ruleset, PLAYERS)
    assert barred_team_rerolls(core, game(core, PLAYERS)) == frozenset()
    assert barred_team_rerolls(ruleset, calm) == {"rush"}
    assert barred_team_rerolls(ruleset, attrs.evolve(calm, drive_effects=frozenset({"tripwire"}))) == {"rush", "dodge"}


def test_action_refusals_give_every_reason(make_ruleset: Any) -> None:
    ruleset = rules(make_ruleset)
    wired = attrs.evolve(game(ruleset, PLAYERS), drive_effects=frozenset({"tripwire"}))
    assert set(action_refusals(ruleset, wired, "h1", "foul")) == {"no fouling near the tripwire", "the onlooker is in the way"}
    assert action_refusals(ruleset, wired, "h1", "move") == ()


def test_a_player_barred_from_a_turn_of_his_team_is_refused_then_and_only_then(core: Ruleset) -> None:
    state = game(core, PLAYERS)
    state = attrs.evolve(state, barred_activations={"h1": state.home.turn + 1})
    assert action_refusals(core, state, "h1", "move") == ()
    in_that_turn = state.update_team("home", turn=state.home.turn + 1)
    assert action_refusals(core, in_that_turn, "h1", "block") == ("h1 may not be activated in this turn",)
    assert action_refusals(core, in_that_turn.update_team("home", turn=in_that_turn.home.turn + 1), "h1", "block") == ()
    cleared, _ = clear_the_pitch(core, in_that_turn, ScriptedDice([]), DefaultDecisions())
    assert cleared.barred_activations == {}


def test_the_turn_keeps_who_was_activated_until_it_ends(core: Ruleset) -> None:
    state = game(core, PLAYERS)
    after, _ = end_activation(core, state, "h1", ScriptedDice([]))
    assert after.activated == {"h1"}
    ended, _ = end_turn(core, after, "home", ScriptedDice([]))
    assert ended.activated == frozenset()
    cleared, _ = clear_the_pitch(core, after, ScriptedDice([]), DefaultDecisions())
    assert cleared.activated == frozenset()


def test_nobody_acts_twice_in_a_turn_nor_stunned_nor_in_the_other_team_s_turn(core: Ruleset) -> None:
    state = attrs.evolve(game(core, PLAYERS), active_team="home")
    assert action_refusals(core, state, "h1", "move") == ()
    assert action_refusals(core, state, "a1", "move") == ("a1 is not of home, whose turn it is",)
    after, _ = end_activation(core, state, "h1", ScriptedDice([]))
    assert action_refusals(core, after, "h1", "move") == ("h1 has been activated already this turn",)
    stunned = state.board.player("h1").with_status(Status.STUNNED)
    down = attrs.evolve(state, board=state.board.with_player(stunned))
    assert action_refusals(core, down, "h1", "move") == ("h1 is Stunned and may not be activated",)


def test_being_activated_ends_a_distraction_and_gives_back_gouged_assists(core: Ruleset) -> None:
    state = game(core, PLAYERS)
    dazed = attrs.evolve(state.board.player("h1"), tackle_zone=False, gives_assists=False)
    state = attrs.evolve(state, board=state.board.with_player(dazed), active_team="home")
    forgone, nothing = start_activation(core, state, "h1", None)
    assert (forgone.board.player("h1").tackle_zone, nothing) == (False, ())
    activated, events = start_activation(core, state, "h1", "move")
    assert (activated.board.player("h1").tackle_zone, activated.board.player("h1").gives_assists) == (True, True)
    assert [e.kind for e in events][:2] == ["distraction-ends", "assists-back"]


class Refunds:
    """Gives a used team re-roll back on a D6 of 6, with an event either way."""

    @bbcore.hookimpl
    def bbcore_team_reroll_used(self, state: GameState, team: str, dice: DiceSource) -> tuple[GameState, tuple[Event, ...]]:
        roll = dice.roll(6)
        if roll == 6:
            state = state.update_team(team, rerolls=state.team(team).rerolls + 1)
        return state, (Event("refund", team, (roll,), "back" if roll == 6 else "gone"),)


def used(player_id: str) -> Event:
    return Event(TEAM_REROLL, player_id, (), "used", {"test": "dodge"})


def test_used_team_rerolls_come_off_the_drive_first_then_the_half(core: Ruleset) -> None:
    state = game(core, PLAYERS).update_team("home", rerolls=2, drive_rerolls=1)
    after, events = spend_team_rerolls(core, state, [used("h1"), Event("dodge", "h1", (4,), "passed"), used("h1")], ScriptedDice([]))
    assert (after.home.drive_rerolls, after.home.rerolls, after.away.rerolls) == (0, 1, state.away.rerolls)
    assert events == ()
    # None left on the record: passed over, never below nothing.
    empty = state.update_team("home", rerolls=0, drive_rerolls=0)
    assert spend_team_rerolls(core, empty, [used("h1")], ScriptedDice([]))[0] == empty


def test_a_plugin_may_give_a_used_team_reroll_back(make_ruleset: Any) -> None:
    ruleset = make_ruleset(plugins=[("refunds", Refunds())], entry_points=False)
    state = game(ruleset, PLAYERS).update_team("away", rerolls=2)
    with ScriptedDice([6, 2]) as dice:
        after, events = spend_team_rerolls(ruleset, state, [used("a1"), used("a1")], dice)
    assert after.away.rerolls == 1
    assert [(e.who, e.result) for e in events] == [("away", "back"), ("away", "gone")]


class Cheers:
    """Gives the team whose turn starts a re-roll for the drive on a D6 of 6."""

    @bbcore.hookimpl
    def bbcore_turn_start_effects(self, state: GameState, team: str, dice: DiceSource) -> tuple[GameState, tuple[Event, ...]] | None:
        roll = dice.roll(6)
        if roll < 6:
            return None
        return state.update_team(team, drive_rerolls=state.team(team).drive_rerolls + 1), (Event("cheered-on", team, (roll,), "re-roll"),)


def test_a_turn_starts_with_its_records_empty_and_the_plugins_acting(make_ruleset: Any) -> None:
    ruleset = make_ruleset(plugins=[("cheers", Cheers())], entry_points=False)
    state = attrs.evolve(game(ruleset, PLAYERS), activated=frozenset({"a1"}), stalling=frozenset({"a1"}))
    with ScriptedDice([6]) as dice:
        after, events = start_turn(ruleset, state, "home", dice)
    assert (after.activated, after.stalling, after.home.drive_rerolls) == (frozenset(), frozenset(), 1)
    assert [e.kind for e in events] == ["cheered-on"]


class Pitfall:
    """Drops the ball carrier of the team whose turn starts into a pit on a D6 of 1: that turn is lost."""

    @bbcore.hookimpl
    def bbcore_turn_start_effects(self, state: GameState, team: str, dice: DiceSource) -> tuple[GameState, tuple[Event, ...]] | None:
        if dice.roll(6) > 1:
            return None
        return state, (Event(TURNOVER_EVENT, team, (1,), "pitfall"),)


def test_a_turn_start_effect_may_lose_the_turn_and_the_tracker_is_told(make_ruleset: Any) -> None:
    ruleset = make_ruleset(plugins=[("pitfall", Pitfall())], entry_points=False)
    state = game(ruleset, PLAYERS)
    with ScriptedDice([1]) as dice:
        _, events = start_turn(ruleset, state, "home", dice)
    assert (turn_lost(events, "home"), turn_lost(events, "away")) == (True, False)
    with ScriptedDice([2]) as dice:
        _, events = start_turn(ruleset, state, "home", dice)
    assert not turn_lost(events, "home")


def test_throw_a_rock_is_called_once_and_knocks_an_opponent_down_on_a_four(core: Ruleset) -> None:
    state = game(core, PLAYERS).update_team("home", prayers=("throw-a-rock",))
    the_only_opponent, hit, armour_holds = 1, core.parameters.targets.throw_a_rock, [1, 1]
    with ScriptedDice([the_only_opponent, hit, *armour_holds]) as dice:
        after, events = start_turn(core, state, "home", dice)
    assert (events[0].kind, events[0].result, events[0].detail) == ("throw-a-rock", "hit", {"player": "a1"})
    assert after.board.player("a1").status is Status.PRONE
    assert after.home.prayers_used == ("throw-a-rock",)
    with ScriptedDice([]) as dice:  # spent: never again
        assert start_turn(core, after, "home", dice)[1] == ()
    # A coach may keep it for later; a miss spends it all the same.
    with ScriptedDice([]) as dice, ScriptedDecisions([("use-prayer", False)]) as waiting:
        kept, events = start_turn(core, state, "home", dice, waiting)
    assert (events, kept.home.prayers_used) == ((), ())
    with ScriptedDice([the_only_opponent, hit - 1]) as dice:
        missed, events = start_turn(core, state, "home", dice)
    assert (events[0].result, missed.home.prayers_used, missed.board.player("a1").status) == ("missed", ("throw-a-rock",), Status.STANDING)


def test_the_cheering_fans_give_the_first_block_of_the_winners_next_turn_an_assist(core: Ruleset) -> None:
    from bbcore.rules.block import block_dice
    from bbcore.rules.drive import cheering_fans

    adjacent = {"h1": ("home", "human/human-lineman", (10, 7)), "a1": ("away", "orc/orc-lineman", (11, 7))}
    state = game(core, adjacent)
    home_wins = [6, 1]  # home 6 + its cheerleader against away 1
    with ScriptedDice(home_wins) as dice:
        state, _ = cheering_fans(core, state, dice, DefaultDecisions())
    assert state.cheering_fans == {"home"}
    plain = block_dice(core, state.board, "h1", "a1").attacker_strength
    moving, _ = start_activation(core, state, "h1", "move")
    assert (moving.cheering_fans, block_dice(core, moving.board, "h1", "a1").attacker_strength) == ({"home"}, plain)
    blocking, _ = start_activation(core, state, "h1", "block")
    assert block_dice(core, blocking.board, "h1", "a1").attacker_strength == plain + 1
    assert blocking.cheering_fans == frozenset()
    after, _ = end_activation(core, blocking, "h1", ScriptedDice([]))
    assert block_dice(core, after.board, "h1", "a1").attacker_strength == plain
    assert after.board.player("h1").modifiers == state.board.player("h1").modifiers
    # Unused in the team's own turn, it is lost; the other team's turn ending leaves it be.
    kept, _ = end_turn(core, state, "away", ScriptedDice([]))
    lost, _ = end_turn(core, state, "home", ScriptedDice([]))
    assert (kept.cheering_fans, lost.cheering_fans) == ({"home"}, frozenset())


def test_the_cheering_fans_assist_counts_for_one_block_and_waits_for_a_block_that_comes(core: Ruleset) -> None:
    from bbcore.rules.block import CHEERED_BLOCK, block, block_dice

    adjacent = {"h1": ("home", "human/human-lineman", (10, 7)), "a1": ("away", "orc/orc-lineman", (11, 7))}
    state = attrs.evolve(game(core, adjacent), cheering_fans=frozenset({"home"}))
    plain = block_dice(core, state.board, "h1", "a1").attacker_strength
    # A Blitz that never blocks leaves the favour for the team's next block.
    blitzing, _ = start_activation(core, state, "h1", "blitz")
    ended, _ = end_activation(core, blitzing, "h1", ScriptedDice([]))
    assert ended.cheering_fans == {"home"}
    assert CHEERED_BLOCK not in ended.board.player("h1").modifiers
    # A block counts it once: the board after the block has it spent, so no second block would.
    blocking, _ = start_activation(core, ended, "h1", "block")
    assert block_dice(core, blocking.board, "h1", "a1").attacker_strength == plain + 1
    with ScriptedDice([3, 3]) as dice:  # two dice with the assist (ST 4 against 3): Push Backs
        pushed = block(core, blocking.board, "h1", "a1", dice, ScriptedDecisions([("follow-up", False)]))
    assert CHEERED_BLOCK not in pushed.board.player("h1").modifiers
    done, _ = end_activation(core, attrs.evolve(blocking, board=pushed.board), "h1", ScriptedDice([]))
    assert done.cheering_fans == frozenset()


def test_a_charge_lets_the_kicking_teams_open_players_take_free_activations_until_one_goes_down(core: Ruleset) -> None:
    from bbcore.rules.drive import kick_off_event

    squad = {
        "h1": ("home", "human/human-lineman", (8, 3)),
        "h2": ("home", "human/human-lineman", (8, 7)),
        "h3": ("home", "human/human-lineman", (8, 11)),
        "m": ("home", "human/human-lineman", (12, 7)),  # marked by a1: not Open
        "a1": ("away", "orc/orc-lineman", (13, 7)),
    }
    state = attrs.evolve(game(core, squad), kicking_team="home")
    charge_row = core.table("kick-off-events").row("charge")
    assert charge_row.min is not None
    two_for_the_d3 = 2  # D3 + 3: five, but only three players are Open
    with ScriptedDice([6, charge_row.min - 6, two_for_the_d3]) as dice:
        state, _ = kick_off_event(core, state, dice, DefaultDecisions())
    assert state.charge is not None
    assert (state.charge.players, state.charge.left) == ({"h1", "h2", "h3"}, 3)
    assert action_refusals(core, state, "m", "move") != ()  # not Open
    assert action_refusals(core, state, "a1", "move") != ()  # not the kicking team
    assert action_refusals(core, state, "h1", "block") != ()  # a Move Action or a special action only
    assert action_refusals(core, state, "h1", "blitz") == ()
    state, _ = start_activation(core, state, "h1", "blitz")
    state, _ = end_activation(core, state, "h1", ScriptedDice([]))
    assert action_refusals(core, state, "h1", "move") != ()  # once each
    assert action_refusals(core, state, "h2", "blitz") != ()  # the Blitz is spent
    assert action_refusals(core, state, "h2", "move") == ()
    # h2 falls over during his move: the Charge is over.
    state, _ = start_activation(core, state, "h2", "move")
    fallen = attrs.evolve(state, board=state.board.with_player(state.board.player("h2").with_status(Status.PRONE)))
    after, _ = end_activation(core, fallen, "h2", ScriptedDice([]))
    assert after.charge is None
    assert action_refusals(core, after, "h3", "move") == ()  # no Charge: the turn's rules alone


def test_after_a_procedure_its_board_is_the_game_s_and_what_it_used_comes_off_the_records(make_ruleset: Any) -> None:
    from bbcore.rules.injury import APOTHECARY_EVENT
    from bbcore.rules.turns import after_procedure

    ruleset = make_ruleset(plugins=[("refunds", Refunds())], entry_points=False)
    state = game(ruleset, PLAYERS).update_team("away", rerolls=2).update_team("home", apothecary=True)
    hurt = state.board.player("h1").with_status(Status.RESERVES)
    outcome = Outcome(state.board.with_player(hurt), (used("a1"), Event(APOTHECARY_EVENT, "h1", (), "badly-hurt")))
    with ScriptedDice([2]) as dice:
        after, events = after_procedure(ruleset, state, outcome, dice)
    assert after.board is outcome.board
    assert after.away.rerolls == 1
    assert after.home.apothecary_used
    assert [(e.who, e.result) for e in events] == [("away", "gone")]  # the re-roll hook's answer; the procedure's are the caller's


def test_a_player_stunned_as_his_turn_starts_turns_prone_as_it_ends(core: Ruleset) -> None:
    from bbcore.rules.drive import STUNNED_TURN_PRONE

    state = game(core, {**PLAYERS, "h2": ("home", "human/human-lineman", (10, 9))})
    stunned = state.board.player("h1").with_status(Status.STUNNED)
    state = attrs.evolve(state, board=state.board.with_player(stunned))
    started, _ = start_turn(core, state, "home", ScriptedDice([]))
    assert started.stunned_at_turn_start == {"h1"}
    # Stunned during the turn, he waits for the end of his team's next turn.
    struck = attrs.evolve(started, board=started.board.with_player(started.board.player("h2").with_status(Status.STUNNED)))
    ended, events = end_turn(core, struck, "home", ScriptedDice([]))
    assert (ended.board.player("h1").status, ended.board.player("h2").status) == (Status.PRONE, Status.STUNNED)
    assert [(e.kind, e.who) for e in events if e.kind == STUNNED_TURN_PRONE] == [(STUNNED_TURN_PRONE, "h1")]
    assert ended.stunned_at_turn_start == frozenset()
    # The opponent's turn leaves him be; his team's next one turns him Prone.
    theirs, _ = end_turn(core, start_turn(core, ended, "away", ScriptedDice([]))[0], "away", ScriptedDice([]))
    assert theirs.board.player("h2").status is Status.STUNNED
    ours, _ = end_turn(core, start_turn(core, theirs, "home", ScriptedDice([]))[0], "home", ScriptedDice([]))
    assert ours.board.player("h2").status is Status.PRONE
