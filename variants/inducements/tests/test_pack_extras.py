"""The packs' other in-game inducements (boons, brews and runes, kick-off aides), with scripted dice."""

from __future__ import annotations

import attrs
import pytest
from bbcore_inducement_packs.boons import cavort, settle_side_bet, use_artifact
from bbcore_inducement_packs.brews import carve_rune, drop_drive_skills, pour_brew
from bbcore_inducement_packs.kickoff_aides import advise_kick, beat_the_drum

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.errors import BBCoreError, UsageError
from bbcore.rules.board import Board, PlayerState, Status, build_board
from bbcore.rules.decisions import ScriptedDecisions
from bbcore.rules.drive import clear_the_pitch, end_of_drive_effects
from bbcore.rules.events import Event
from bbcore.rules.inducement_uses import inducement_reroll, uses_left
from bbcore.rules.injury import apothecary_from, suffer_casualty
from bbcore.rules.sequences import GameState, TeamState, inducement_rerolls
from bbcore.rules.treatments import HeldTreatments, spend_treatments
from bbcore.rules.turns import start_turn

LINEMAN = "human/human-lineman"
HOPEFUL = "halfling/halfling-hopeful"


#: A ruleset with the packs, for the helpers that read their numbers.
PACKS = bbcore.load_ruleset(packs=["bb2020"])


def game(board: Board, home: dict[str, int] | None = None, **team: int) -> GameState:
    return GameState(TeamState("home", "H", "human", 1, inducements=home or {}, **team), TeamState("away", "A", "human", 1), board)


def lone(rules: bbcore.Ruleset, status: str | None = None) -> Board:
    square = None if status else (5, 5)
    return build_board(rules, {"p": ("home", LINEMAN, square), "a": ("away", LINEMAN, (20, 5))}, statuses={"p": status} if status else None)


# -- Team Mascot


@pytest.mark.parametrize(("roll", "works"), [(5, True), (4, False)])
def test_the_mascots_reroll_works_on_five_or_more_and_is_spent_for_the_half_either_way(
    bb2020: bbcore.Ruleset, roll: int, works: bool
) -> None:
    start = game(lone(bb2020), {"bb2020/team-mascot": 1})
    assert inducement_rerolls(bb2020, start.home.inducements) == 0  # not an ordinary team re-roll
    with ScriptedDice([roll]) as dice:
        after, worked, _ = inducement_reroll(bb2020, start, "home", "bb2020/team-mascot", dice)
    assert worked is works
    assert uses_left(bb2020, after, "home", "bb2020/team-mascot") == 0
    with pytest.raises(UsageError):
        inducement_reroll(bb2020, after, "home", "bb2020/team-mascot", ScriptedDice([6]))
    second_half = attrs.evolve(after, half=2)
    assert uses_left(bb2020, second_half, "home", "bb2020/team-mascot") == 1


# -- Medicinal Unguent


UNGUENT = "bb2020/medicinal-unguent"
SERIOUS_INJURY = 12  # on the Casualty table's D16


def hurt_with_unguent(
    rules: bbcore.Ruleset, state: GameState, rolls: list[int], answers: list[tuple[str, object]]
) -> tuple[GameState, tuple[Event, ...], list[str]]:
    """The home player "p" suffers a casualty on ``rolls``, his coach answering through HeldTreatments; what the
    events say was used is spent. The new state, the events and the treatment questions asked."""
    held = HeldTreatments(rules, state, ScriptedDecisions(answers))
    asked: list[str] = []

    def choose(player: PlayerState, question: str) -> str | None:
        asked.append(question)
        return held.casualty_treatment(player.id, question)

    with ScriptedDice(rolls) as dice:
        outcome = suffer_casualty(rules, state.board, "p", dice, apothecary_from(held), choose_treatment=choose)
    after = spend_treatments(rules, attrs.evolve(state, board=outcome.board), outcome.events)
    return after, outcome.events, asked


def test_the_unguent_is_the_last_resort_for_a_serious_injury(bb2020: bbcore.Ruleset) -> None:
    start = game(lone(bb2020), {UNGUENT: 1}, apothecary=True)
    answers: list[tuple[str, object]] = [("casualty-treatment", None), ("apothecary", True), ("casualty-treatment", UNGUENT)]
    after, events, asked = hurt_with_unguent(bb2020, start, [SERIOUS_INJURY, SERIOUS_INJURY], answers)
    assert asked == ["serious-injury", "last-resort:serious-injury"]  # after the apothecary failed too
    player = after.board.player("p")
    assert (player.status, player.casualty_results) == (Status.RESERVES, ("serious-injury",))  # it applies after the game
    assert (events[-1].kind, events[-1].detail["treatment"], events[-1].detail["after_game"]) == ("casualty-treatment", UNGUENT, True)
    assert uses_left(bb2020, after, "home", UNGUENT) == 0
    assert after.home.apothecary_used
    # Used up: the next Serious Injury stays in the Casualty box, whatever the coach names.
    again, _, _ = hurt_with_unguent(bb2020, after, [SERIOUS_INJURY], [("casualty-treatment", None), ("casualty-treatment", UNGUENT)])
    assert again.board.player("p").status is Status.CASUALTY


def test_the_unguent_does_not_help_other_casualties(bb2020: bbcore.Ruleset) -> None:
    start = game(lone(bb2020), {UNGUENT: 1})
    with pytest.raises(BBCoreError, match="'bb2020/medicinal-unguent' does not help with 'dead'; only with serious-injury"):
        hurt_with_unguent(bb2020, start, [16], [("casualty-treatment", None), ("casualty-treatment", UNGUENT)])
    # Asked about a Badly Hurt, the coach who names nothing loses nothing.
    after, _, asked = hurt_with_unguent(bb2020, start, [3], [("casualty-treatment", None), ("casualty-treatment", None)])
    assert asked == ["badly-hurt", "last-resort:badly-hurt"]
    assert uses_left(bb2020, after, "home", UNGUENT) == 1


# -- Side Bet


@pytest.mark.parametrize(("score", "paid"), [(2, 40000), (1, 0), (0, 0)])
def test_a_side_bet_pays_double_the_stake_only_on_a_win(bb2020: bbcore.Ruleset, score: int, paid: int) -> None:
    start = game(lone(bb2020), {"bb2020/side-bet": 1}, score=score, treasury=5000)
    start = start.update_team("away", score=1)
    after, events = settle_side_bet(PACKS, start, "home", "bb2020/side-bet", 20000)
    assert after.home.treasury == 5000 + paid
    assert events[0].detail["paid"] == paid


@pytest.mark.parametrize("stake", [5000, 110000])
def test_a_side_bet_stake_must_be_within_the_bounds(bb2020: bbcore.Ruleset, stake: int) -> None:
    with pytest.raises(UsageError):
        settle_side_bet(PACKS, game(lone(bb2020), {"bb2020/side-bet": 1}), "home", "bb2020/side-bet", stake)


# -- Cavorting Nurglings


def test_each_swarm_of_nurglings_adds_fan_factor_and_a_cheerleader(bb2020: bbcore.Ruleset) -> None:
    start = game(lone(bb2020), {"bb2020/cavorting-nurglings": 2}, fan_factor=4, cheerleaders=1)
    after, _ = cavort(bb2020, start, "bb2020/cavorting-nurglings")
    assert (after.home.fan_factor, after.home.cheerleaders) == (6, 3)
    assert after.away.fan_factor == 0


# -- Heady Brew


def halflings(rules: bbcore.Ruleset) -> Board:
    players = {
        "h1": ("home", HOPEFUL, (5, 5)),
        "h2": ("home", HOPEFUL, (5, 6)),
        "h3": ("home", HOPEFUL, (5, 7)),
        "big": ("home", LINEMAN, (5, 8)),
    }
    players["off"] = ("home", HOPEFUL, None)
    return build_board(rules, players, statuses={"off": "reserves"})


def test_the_bb2020_brew_gives_d3_random_stunty_players_its_skills_for_the_drive(bb2020: bbcore.Ruleset) -> None:
    start = game(halflings(bb2020), {"bb2020/bottles-of-heady-brew": 2})
    # D3 = 2; picks: the 2nd of h1-h3 (h2), then the 1st of h1, h3 (h1)
    with ScriptedDice([2, 2, 1]) as dice:
        after, events = pour_brew(bb2020, start, "home", "bb2020/bottles-of-heady-brew", dice)
    assert events[0].detail["players"] == ["h2", "h1"]
    for pid in ("h1", "h2"):
        player = after.board.player(pid)
        assert player.has("dauntless")
        assert player.has("frenzy")
        assert player.skill_value("bb2020/really-stupid") == 4
    assert not after.board.player("h3").has("frenzy")
    assert not after.board.player("big").has("frenzy")
    assert after.home.inducements["bb2020/bottles-of-heady-brew"] == 1
    # the drive ends: the plugin's end-of-drive effect takes the skills away
    with ScriptedDice([]) as dice:
        ended, _ = end_of_drive_effects(bb2020, after, dice, ScriptedDecisions([]))
    assert not ended.board.player("h1").has("frenzy")
    assert ended.board.player("h1").has("stunty")


def test_the_classic_brew_gives_fearless_frenzy_and_really_stupid(classic: bbcore.Ruleset) -> None:
    start = game(halflings(classic), {"classic/heady-brew": 1})
    with ScriptedDice([1, 3]) as dice:
        after, _ = pour_brew(classic, start, "home", "classic/heady-brew", dice)
    brewed = after.board.player("h3")
    assert brewed.has("classic/fearless")
    assert brewed.has("really-stupid")


def test_a_skill_the_player_already_had_is_not_lost_with_the_drive(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"h": ("home", HOPEFUL, (5, 5))}, skills={"h": {"frenzy": None}})
    after, _ = pour_brew(
        bb2020, game(board, {"bb2020/bottles-of-heady-brew": 1}), "home", "bb2020/bottles-of-heady-brew", ScriptedDice([1, 1])
    )
    ended, _ = drop_drive_skills(after.board, after.drive_effects)
    assert ended.player("h").has("frenzy")
    assert not ended.player("h").has("dauntless")


# -- Dwarfen Runesmith

RUNESMITH = "bb2020/dwarfen-runesmith"


def test_a_rune_that_works_lasts_the_drive_and_uses_the_runesmith_up(bb2020: bbcore.Ruleset) -> None:
    start = game(lone(bb2020), {RUNESMITH: 1})
    with ScriptedDice([4]) as dice:
        after, _ = carve_rune(bb2020, start, "home", RUNESMITH, "p", "rune-of-iron", dice)
    player = after.board.player("p")
    assert player.av == 10
    assert player.has("stand-firm")
    assert RUNESMITH not in after.home.inducements
    ended, _ = end_of_drive_effects(bb2020, after, ScriptedDice([]), ScriptedDecisions([]))
    cleared, _ = clear_the_pitch(bb2020, ended, ScriptedDice([]), ScriptedDecisions([]))
    assert cleared.board.player("p").av == 9
    assert not cleared.board.player("p").has("stand-firm")


@pytest.mark.parametrize(("roll", "left"), [(2, 1), (3, 1), (1, 0)])
def test_a_failed_rune_may_be_tried_again_unless_a_one_was_rolled(bb2020: bbcore.Ruleset, roll: int, left: int) -> None:
    start = game(lone(bb2020), {RUNESMITH: 1})
    with ScriptedDice([roll]) as dice:
        after, _ = carve_rune(bb2020, start, "home", RUNESMITH, "p", "rune-of-might", dice)
    assert not after.board.player("p").has("bb2020/mighty-blow")
    assert after.home.inducements.get(RUNESMITH, 0) == left


def test_the_brew_and_the_rune_steps_ask_the_coach_in_the_start_of_drive(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.sequences import sequence_steps

    steps = [step.id for step in bb2020.sequence("start-of-drive").steps]
    assert steps.index("bb2020/heady-brew") == steps.index("swarming") + 1  # Swarming players are set up too
    assert steps.index("bb2020/runesmith") == steps.index("kick-off-event") - 1
    procedures = sequence_steps(bb2020)
    start = game(halflings(bb2020), {"bb2020/bottles-of-heady-brew": 1, RUNESMITH: 1})
    # The brew: opened; D3 = 1, the 1st of h1-h3.
    with ScriptedDice([1, 1]) as dice, ScriptedDecisions([("agreed-choice", "open")]) as decisions:
        brewed, events = procedures["bb2020/heady-brew"](bb2020, start, dice, decisions)
    assert brewed.board.player("h1").has("frenzy")
    assert events[0].kind == "brew"
    # Not opened: nothing happens.
    with ScriptedDecisions([("agreed-choice", None)]) as decisions:
        assert procedures["bb2020/heady-brew"](bb2020, start, ScriptedDice([]), decisions) == (start, ())
    # The rune: the Rune of Iron on big, a 4: it works.
    with ScriptedDice([4]) as dice, ScriptedDecisions([("agreed-choice", "big rune-of-iron")]) as decisions:
        carved, events = procedures["bb2020/runesmith"](bb2020, start, dice, decisions)
    assert carved.board.player("big").has("stand-firm")
    assert [e.kind for e in events] == ["rune", "rune-works"]


def test_no_rune_for_a_loner(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"p": ("home", LINEMAN, (5, 5))}, skills={"p": {"loner": 4}})
    with pytest.raises(UsageError):
        carve_rune(bb2020, game(board, {RUNESMITH: 1}), "home", RUNESMITH, "p", "rune-of-fury", ScriptedDice([6]))


# -- WAAAGH! Drummer


def test_the_drummer_pushes_an_opponent_back_once_per_four_or_more(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"d": ("home", LINEMAN, (5, 5)), "a": ("away", LINEMAN, (15, 7))})
    pushes = [("agreed-choice", "a"), ("agreed-choice", "a")]
    with ScriptedDice([4, 1, 6]) as dice:
        outcome = beat_the_drum(bb2020, board, "home", "bb2020/waaagh-drummer", dice, ScriptedDecisions(pushes))
    assert outcome.board.player("a").square[0] == 17  # two squares toward the away End Zone
    assert outcome.board.player("d").square == (5, 5)


def test_each_push_of_the_drummer_may_be_turned_down(bb2020: bbcore.Ruleset) -> None:
    board = build_board(bb2020, {"d": ("home", LINEMAN, (5, 5)), "a": ("away", LINEMAN, (15, 7))})
    with ScriptedDice([4, 1, 6]) as dice:  # two beats: the coach takes one push and turns the other down
        outcome = beat_the_drum(bb2020, board, "home", "bb2020/waaagh-drummer", dice, ScriptedDecisions([("agreed-choice", "a")]))
    assert outcome.board.player("a").square[0] == 16
    assert [e.result for e in outcome.events if e.kind == "drum-push"] == ["declined"]


def test_the_drummer_plays_in_his_own_step_after_the_kick_off_event(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.sequences import GameState, TeamState, sequence_steps

    steps = [step.id for step in bb2020.sequence("start-of-drive").steps]
    assert steps.index("bb2020/drummer") == steps.index("kick-off-event") + 1
    board = build_board(bb2020, {"d": ("home", LINEMAN, (5, 5)), "a": ("away", LINEMAN, (15, 7))})
    state = GameState(
        TeamState("home", "H", "human", 1, inducements={"bb2020/waaagh-drummer": 1}), TeamState("away", "A", "human", 1), board
    )
    with ScriptedDice([4, 1, 1]) as dice:
        after, events = sequence_steps(bb2020)["bb2020/drummer"](bb2020, state, dice, ScriptedDecisions([("agreed-choice", "a")]))
    assert after.board.player("a").square[0] == 16
    assert events[0].kind == "drum"
    quiet = GameState(TeamState("home", "H", "human", 1), TeamState("away", "A", "human", 1), board)
    assert sequence_steps(bb2020)["bb2020/drummer"](bb2020, quiet, ScriptedDice([]), ScriptedDecisions([])) == (quiet, ())


# -- Master of Ballistics

MASTER = "bb2020/master-of-ballistics"


def east(rules: bbcore.Ruleset) -> int:
    row = next(row for row in rules.table("random-direction").rows if (row.values["dx"], row.values["dy"]) == (1, 0))
    return row.min or 0


def test_interesting_theory_shortens_the_deviation_by_one(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([2, east(bb2020), 3]) as dice:
        landing, _ = advise_kick(bb2020, (15, 7), "home", MASTER, dice, ScriptedDecisions([]))
    assert landing == (17, 7)


def test_a_complete_misunderstanding_deviates_as_usual(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([1, east(bb2020), 3]) as dice:
        landing, _ = advise_kick(bb2020, (15, 7), "home", MASTER, dice, ScriptedDecisions([]))
    assert landing == (18, 7)


def test_a_successful_application_lets_the_coach_change_a_deviation_die(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3, east(bb2020), 3]) as dice:
        landing, _ = advise_kick(bb2020, (15, 7), "home", MASTER, dice, ScriptedDecisions([("agreed-choice", "d6-2")]))
    assert landing == (16, 7)


def test_the_core_kick_off_step_follows_the_masters_advice(bb2020: bbcore.Ruleset) -> None:
    from bbcore.rules.drive import kick

    board = build_board(bb2020, {"k": ("home", LINEMAN, (5, 7)), "r": ("away", LINEMAN, (20, 7))})
    state = attrs.evolve(game(board, {MASTER: 1}), kicking_team="home")
    # Interesting Theory (2): D8 east, D6 3 less one: two squares on from the target.
    with ScriptedDice([2, east(bb2020), 3]) as dice, ScriptedDecisions([("kick-off-target", (15, 7))]) as decisions:
        in_the_air, events = kick(bb2020, state, dice, decisions)
    assert in_the_air.kick_landing == (17, 7)
    assert [e.kind for e in events] == ["kick-off", "ballistics", "kick-deviates"]
    plain = attrs.evolve(game(board), kicking_team="home")
    with ScriptedDice([east(bb2020), 3]) as dice, ScriptedDecisions([("kick-off-target", (15, 7))]) as decisions:
        in_the_air, _ = kick(bb2020, plain, dice, decisions)
    assert in_the_air.kick_landing == (18, 7)


# -- Ancient Artifact

ARTIFACT = "bb2020/ancient-artifact"


def test_a_cursed_artifact_knocks_out_a_random_player_of_the_team(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([1, 1]) as dice:
        after, _ = use_artifact(bb2020, game(lone(bb2020), {ARTIFACT: 1}), "home", ARTIFACT, dice, ScriptedDecisions([]))
    assert after.board.player("p").status is Status.KO
    assert after.board.player("a").status is Status.STANDING
    assert ARTIFACT not in after.home.inducements


def test_a_lucky_trinket_gives_a_reroll(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([3]) as dice:
        after, _ = use_artifact(bb2020, game(lone(bb2020), {ARTIFACT: 1}), "home", ARTIFACT, dice, ScriptedDecisions([]))
    before = game(lone(bb2020), {ARTIFACT: 1}).home.rerolls
    assert (after.home.rerolls, after.home.drive_rerolls) == (before + 1, 0)  # for the half, not only the drive


def test_a_healing_aura_brings_back_a_knocked_out_player_or_else_gives_a_reroll(bb2020: bbcore.Ruleset) -> None:
    with ScriptedDice([6]) as dice:
        after, _ = use_artifact(bb2020, game(lone(bb2020, "ko"), {ARTIFACT: 1}), "home", ARTIFACT, dice, ScriptedDecisions([]))
    assert after.board.player("p").status is Status.RESERVES
    assert after.home.rerolls == game(lone(bb2020), {ARTIFACT: 1}).home.rerolls
    with ScriptedDice([6]) as dice:
        after, _ = use_artifact(bb2020, game(lone(bb2020), {ARTIFACT: 1}), "home", ARTIFACT, dice, ScriptedDecisions([]))
    assert after.home.rerolls == game(lone(bb2020), {ARTIFACT: 1}).home.rerolls + 1


def test_the_healing_aura_passes_over_the_dead_and_heals_fully(bb2020: bbcore.Ruleset) -> None:
    board = lone(bb2020)
    board = board.with_player(board.player("p").with_casualty("dead"))
    # Only the Dead are hurt: treated as the lucky trinket, a re-roll.
    with ScriptedDice([6]) as dice:
        after, _ = use_artifact(bb2020, game(board, {ARTIFACT: 1}), "home", ARTIFACT, dice, ScriptedDecisions([]))
    assert after.board.player("p").status is Status.CASUALTY
    assert after.home.rerolls == game(board, {ARTIFACT: 1}).home.rerolls + 1
    hurt = build_board(bb2020, {"p": ("home", LINEMAN, None), "q": ("home", LINEMAN, None)}, statuses={"p": "casualty", "q": "casualty"})
    hurt = hurt.with_player(hurt.player("p").with_casualty("dead")).with_player(hurt.player("q").with_casualty("seriously-hurt"))
    not_offered = r"'p' for 'home: player to heal' is not among \['q'\]"
    with ScriptedDice([6]) as dice, ScriptedDecisions([("agreed-choice", "p")]) as coach, pytest.raises(BBCoreError, match=not_offered):
        use_artifact(bb2020, game(hurt, {ARTIFACT: 1}), "home", ARTIFACT, dice, coach)
    with ScriptedDice([6]) as dice:
        healed, _ = use_artifact(bb2020, game(hurt, {ARTIFACT: 1}), "home", ARTIFACT, dice, ScriptedDecisions([]))
    # A full recovery: nothing stands against him after the game.
    assert (healed.board.player("q").status, healed.board.player("q").casualty_results) == (Status.RESERVES, ())


def test_the_coach_may_use_the_artifact_as_one_of_his_turns_starts(bb2020: bbcore.Ruleset) -> None:
    state = game(lone(bb2020), {ARTIFACT: 1})
    with ScriptedDice([]) as dice, ScriptedDecisions([("use-inducement", False)], strict=True) as coach:
        kept, events = start_turn(bb2020, state, "home", dice, coach)
    assert kept.home.inducements == {ARTIFACT: 1}
    assert not [e for e in events if e.kind == "artifact"]
    with ScriptedDice([3]) as dice, ScriptedDecisions([("use-inducement", True)], strict=True) as coach:
        used, events = start_turn(bb2020, state, "home", dice, coach)
    assert [(e.kind, e.result) for e in events if e.kind == "artifact"] == [("artifact", "lucky-trinket")]
    assert ARTIFACT not in used.home.inducements
    assert used.home.rerolls == state.home.rerolls + 1
    # Once used it is gone: the next turn asks nothing (a strict script with no answers would fail on a question).
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as coach:
        start_turn(bb2020, used, "home", dice, coach)


def test_only_the_team_whose_turn_starts_is_asked_about_its_artifact(bb2020: bbcore.Ruleset) -> None:
    state = game(lone(bb2020), {ARTIFACT: 1})
    with ScriptedDice([]) as dice, ScriptedDecisions([], strict=True) as coach:
        after, _ = start_turn(bb2020, state, "away", dice, coach)
    assert after.home.inducements == {ARTIFACT: 1}
