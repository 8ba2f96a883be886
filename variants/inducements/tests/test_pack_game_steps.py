"""The 2020 list's steps in the game's sequences: the Nurglings before the game, the side bet after it."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest
from bbcore_inducement_packs.boons import NURGLINGS_STEP, SIDE_BET_STEP, nurglings_step, side_bet_step

import bbcore
from bbcore.dice import ScriptedDice
from bbcore.model.common import SkillRef
from bbcore.model.team import InducementOrder, Team
from bbcore.rules.board import build_board
from bbcore.rules.decisions import DefaultDecisions
from bbcore.rules.sequences import GameState, TeamState, sequence_steps

NURGLINGS = "bb2020/cavorting-nurglings"
BET = "bb2020/side-bet"


def game(rules: bbcore.Ruleset, home: dict[str, int], *, score: tuple[int, int] = (0, 0), team: Team | None = None) -> GameState:
    board = build_board(rules, {"h": ("home", "human/human-lineman", (5, 7))})
    return GameState(
        TeamState("home", "H", "human", 1, fan_factor=3, cheerleaders=1, inducements=home, score=score[0], team=team),
        TeamState("away", "A", "human", 1, fan_factor=2, score=score[1]),
        board,
    )


def test_the_steps_are_in_the_2020_sequences_only_and_have_their_procedures(bb2020: bbcore.Ruleset, classic: bbcore.Ruleset) -> None:
    pre = [step.id for step in bb2020.sequence("pre-game").steps]
    post = [step.id for step in bb2020.sequence("post-game").steps]
    assert pre.index(NURGLINGS_STEP) == pre.index("inducements") + 1
    assert post.index(SIDE_BET_STEP) == post.index("outcome-and-winnings") + 1
    assert {NURGLINGS_STEP, SIDE_BET_STEP} <= set(sequence_steps(bb2020))
    assert NURGLINGS_STEP not in [step.id for step in classic.sequence("pre-game").steps]


def test_each_swarm_raises_the_fan_factor_and_cheers_with_the_cheerleaders(bb2020: bbcore.Ruleset) -> None:
    after, events = nurglings_step(bb2020, game(bb2020, {NURGLINGS: 2}), ScriptedDice([]), DefaultDecisions())
    per_swarm = sum(e.by or 0 for e in bb2020.inducement(NURGLINGS).effects if e.modifier == "fan-factor")
    assert per_swarm > 0
    assert (after.home.fan_factor, after.home.cheerleaders) == (3 + 2 * per_swarm, 1 + 2)
    assert (after.away.fan_factor, after.away.cheerleaders) == (2, 0)
    assert [e.kind for e in events] == ["nurglings"]
    nothing, none = nurglings_step(bb2020, game(bb2020, {}), ScriptedDice([]), DefaultDecisions())
    assert (nothing.home.fan_factor, none) == (3, ())


def test_a_won_side_bet_pays_on_the_stake_the_team_file_named(bb2020: bbcore.Ruleset) -> None:
    payout = 2  # the 2020 list's: twice the stake comes back
    team = Team("H", (), inducements=(InducementOrder(BET, stake=30_000),))
    won = game(bb2020, {BET: 1}, score=(2, 1), team=team)
    after, (event,) = side_bet_step(bb2020, won, ScriptedDice([]), DefaultDecisions())
    assert after.home.treasury == payout * 30_000
    assert (event.kind, event.result, event.detail["stake"]) == ("side-bet", "won", 30_000)
    lost, (event,) = side_bet_step(bb2020, attrs.evolve(won, home=attrs.evolve(won.home, score=0)), ScriptedDice([]), DefaultDecisions())
    assert (lost.home.treasury, event.result) == (0, "lost")


def test_a_team_without_a_named_stake_bet_the_least_the_bet_allows(bb2020: bbcore.Ruleset) -> None:
    after, (event,) = side_bet_step(bb2020, game(bb2020, {BET: 1}, score=(1, 0)), ScriptedDice([]), DefaultDecisions())
    assert event.detail["stake"] == 10_000
    assert after.home.treasury == 20_000
    nobody, events = side_bet_step(bb2020, game(bb2020, {}, score=(1, 0)), ScriptedDice([]), DefaultDecisions())
    assert (nobody.home.treasury, events) == (0, ())


AGENT = "bb2020/schielund-scharlitan"
PROFESSOR = "bb2020/professeur-frunkleheim"


def test_the_agent_and_the_professor_pick_before_the_game_and_their_players_are_rolled_for_after_it(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import (
        AGENT_STEP,
        STAFF_VERDICT_STEP,
        UPGRADE_STEP,
        clients_step,
        upgrades_step,
        verdict_step,
    )

    pre = [step.id for step in bb2020.sequence("pre-game").steps]
    post = [step.id for step in bb2020.sequence("post-game").steps]
    assert pre.index("inducements") < pre.index(AGENT_STEP) < pre.index(UPGRADE_STEP) < pre.index("prayers-to-nuffle")
    assert post.index(STAFF_VERDICT_STEP) == post.index("player-advancement") - 1
    board = build_board(
        bb2020,
        {f"h{n}": ("home", "human/human-lineman", None) for n in range(1, 5)},
        statuses=dict.fromkeys(["h1", "h2", "h3", "h4"], "reserves"),
    )
    state = GameState(TeamState("home", "H", "human", 1, inducements={AGENT: 1, PROFESSOR: 1}), TeamState("away", "A", "human", 1), board)
    # The agent: D3 = 2 clients, picked with a D4 (h2) then a D3 among the rest (h3).
    with ScriptedDice([2, 2, 2]) as dice:
        signed, events = clients_step(bb2020, state, dice, DefaultDecisions())
    assert signed.home.inducement_targets[AGENT] == ("h2", "h3")
    assert signed.board.player("h2").has("pro")
    assert [e.kind for e in events] == ["clients"]
    # The professor: D3 = 1 player (h1, on a D4 of 1), and a Mutation picked with a die as big as the category.
    mutations = sorted(s for s, skill in bb2020.skills.items() if skill.category == "mutation")
    with ScriptedDice([1, 1, 1]) as dice:
        upgraded, _ = upgrades_step(bb2020, signed, dice, DefaultDecisions())
    assert upgraded.home.inducement_targets[PROFESSOR] == ("h1",)
    assert upgraded.board.player("h1").has(mutations[0])
    # After the game, in the order of the inducements' ids: the professor's one (a 3), then the agent's two clients
    # (a 6: Pro kept; a 1: the next big thing).
    with ScriptedDice([3, 6, 1]) as dice:
        _, verdicts = verdict_step(bb2020, upgraded, dice, DefaultDecisions())
    assert [(e.who, e.result, e.detail["inducement"]) for e in verdicts] == [
        ("h1", "short-lived-success", PROFESSOR),
        ("h2", "good-exposure", AGENT),
        ("h3", "the-next-big-thing", AGENT),
    ]
    # What the rows do for good goes on the records the team file takes: Pro and Loner (2+) kept, nothing for h1.
    after, _ = verdict_step(bb2020, upgraded, ScriptedDice([3, 6, 1]), DefaultDecisions())
    assert after.gained_skills == {"h2": (SkillRef("pro"),), "h3": (SkillRef("loner", 2),)}
    assert not after.missing_next_game
    # The professor's 6 keeps the Mutation he gave; his 1 makes the player miss the next game.
    kept, _ = verdict_step(bb2020, upgraded, ScriptedDice([6, 2, 2]), DefaultDecisions())
    assert kept.gained_skills == {"h1": (SkillRef(mutations[0]),)}
    failed, _ = verdict_step(bb2020, upgraded, ScriptedDice([1, 2, 2]), DefaultDecisions())
    assert (failed.missing_next_game, failed.gained_skills) == (frozenset({"h1"}), {})
    # A client who died in the game, and did not recover, is not rolled for.
    died = attrs.evolve(upgraded, board=upgraded.board.with_player(upgraded.board.player("h2").with_casualty("dead")))
    with ScriptedDice([3, 1]) as dice:
        _, verdicts = verdict_step(bb2020, died, dice, DefaultDecisions())
    assert [(e.who, e.result, e.detail.get("rolled", True)) for e in verdicts] == [
        ("h1", "short-lived-success", True),
        ("h2", "dead", False),
        ("h3", "the-next-big-thing", True),
    ]


KROT = "bb2020/krot-shockwhisker"


def test_krot_experiments_as_a_drive_ends_and_his_patient_goes_back_as_the_next_one_ends(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import KROT_STEP, krot_step

    from bbcore.rules.decisions import ScriptedDecisions

    steps = [step.id for step in bb2020.sequence("end-of-drive").steps]
    assert steps.index(KROT_STEP) == steps.index("end-of-drive-effects") + 1
    players = {"h1": ("home", "human/human-lineman", None), "h2": ("home", "human/human-lineman", None)}
    board = build_board(bb2020, players, statuses={"h1": "casualty", "h2": "casualty"})
    state = GameState(TeamState("home", "H", "human", 1, inducements={KROT: 1}), TeamState("away", "A", "human", 1), board)
    # The coach keeps Krot for later: nothing happens, and the use is not spent.
    kept, events = krot_step(bb2020, state, ScriptedDice([]), ScriptedDecisions([("use-inducement", False)], strict=True))
    assert (kept, events) == (state, ())
    coach = ScriptedDecisions([("use-inducement", True), ("choose-players", ["h2"])], strict=True)
    with ScriptedDice([6]) as dice:  # Witness Perfection!
        back, events = krot_step(bb2020, state, dice, coach)
    assert back.board.player("h2").status.value == "reserves"
    assert back.board.player("h1").status.value == "casualty"
    assert back.home.inducement_targets[KROT] == ("h2",)
    assert [e.kind for e in events][:2] == ["inducement-used", "experiment"]
    # The next drive ends: he goes back to the Casualty box, and Krot, used once, is not offered again.
    again, events = krot_step(bb2020, back, ScriptedDice([]), ScriptedDecisions([], strict=True))
    assert again.board.player("h2").status.value == "casualty"
    assert [(e.who, e.result) for e in events] == [("h2", "back-to-casualty-box")]
    # Back in the box, he is forgotten: healed later, a drive's end leaves him be.
    healed = attrs.evolve(again, board=again.board.with_player(again.board.player("h2").recovered()))
    later, events = krot_step(bb2020, healed, ScriptedDice([]), ScriptedDecisions([], strict=True))
    assert (later.board.player("h2").status.value, events) == ("reserves", ())


def test_krot_s_complications_add_a_casualty_result_to_those_standing(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import experiment

    from bbcore.rules.injury import is_dead

    board = build_board(bb2020, {"h1": ("home", "human/human-lineman", None)}, statuses={"h1": "casualty"})
    board = board.with_player(board.player("h1").with_casualty("seriously-hurt"))
    state = GameState(TeamState("home", "H", "human", 1, inducements={KROT: 1}), TeamState("away", "A", "human", 1), board)
    with ScriptedDice([1, 16]) as dice:  # There Were... Complications, and the Casualty table's worst
        worse, events = experiment(bb2020, state, "home", KROT, "h1", dice)
    patient = worse.board.player("h1")
    assert patient.casualty_results == ("seriously-hurt", "dead")
    assert is_dead(bb2020, patient)
    assert [e.kind for e in events][-1] == "casualty"


def test_krot_works_only_on_his_own_team_s_casualties_not_hired_for_the_game(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import krot_step

    from bbcore.errors import BBCoreError
    from bbcore.rules.decisions import ScriptedDecisions

    players = {"h1": ("home", "human/human-lineman", None), "a1": ("away", "human/human-lineman", None)}
    board = build_board(bb2020, players, statuses={"h1": "casualty", "a1": "casualty"})
    board = board.with_player(attrs.evolve(board.player("h1"), hired=True))
    state = GameState(TeamState("home", "H", "human", 1, inducements={KROT: 1}), TeamState("away", "A", "human", 1), board)
    # Nobody he may work on: the coach is not even asked.
    nothing, events = krot_step(bb2020, state, ScriptedDice([]), ScriptedDecisions([], strict=True))
    assert (nothing, events) == (state, ())
    board = board.with_player(attrs.evolve(board.player("h1"), hired=False))
    wrong = ScriptedDecisions([("use-inducement", True), ("choose-players", ["a1"])], strict=True)
    with pytest.raises(BBCoreError, match="choose-players"):
        krot_step(bb2020, attrs.evolve(state, board=board), ScriptedDice([]), wrong)


AYLEEN = "bb2020/ayleen-andar"


def scouting_game(rules: bbcore.Ruleset, position: str, journeymen: int, *, holds: bool = True) -> GameState:
    """Home holds Ayleen (or not) and took on ``journeymen`` Journeymen of ``position`` (with Loner), in order; a
    regular player too."""
    players: dict[str, tuple[str, str, tuple[int, int] | None]] = {"regular": ("home", position, None)}
    ids = [f"home-journeyman-{n}" for n in range(1, journeymen + 1)]
    players.update(dict.fromkeys(ids, ("home", position, None)))
    board = build_board(rules, players, skills={key: {"loner": 4} for key in ids}, statuses=dict.fromkeys(players, "reserves"))
    home = TeamState("home", "H", "human", 1, inducements={AYLEEN: 1} if holds else {})
    return GameState(home, TeamState("away", "A", "orc", 1), board, journeymen=tuple(ids))


def general_skills(rules: bbcore.Ruleset) -> list[str]:
    return sorted(s for s, skill in rules.skills.items() if skill.category == "general" and skill.acts_as is None)


def test_ayleen_s_step_comes_once_the_inducements_are_bought_after_the_other_staff_s_picks(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import SCOUT_STEP

    steps = [step.id for step in bb2020.sequence("pre-game").steps]
    assert steps.index(SCOUT_STEP) == steps.index("bb2020/professeur-frunkleheim") + 1


def test_ayleen_rolls_for_each_journeyman_in_order_and_each_row_changes_him(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import scouting_step

    state = scouting_game(bb2020, "human/human-lineman", 3)
    general = general_skills(bb2020)
    # Every Journeyman is rolled for first. 6: two skills; 2 - 1: a team player; 5 - 2: one skill. Then the
    # skills, each picked with a die of as many faces as are left: the first, the first again; the last one offered.
    rolls = [6, 2, 5, 1, 1, len(general)]
    with ScriptedDice(rolls) as dice:
        after, events = scouting_step(bb2020, state, dice, DefaultDecisions())
    star, plain, promising = (after.board.player(f"home-journeyman-{n}") for n in (1, 2, 3))
    assert sorted(star.skills) == sorted(["loner", *general[:2]])
    assert dict(plain.skills) == {}
    assert sorted(promising.skills) == sorted(["loner", general[-1]])
    assert after.board.player("regular").skills == state.board.player("regular").skills
    scouted = [(e.who, e.result, e.detail["lost"], e.detail["fee"]) for e in events if e.kind == "scout"]
    assert scouted == [
        ("home-journeyman-1", "real-star-quality", [], 20000),
        ("home-journeyman-2", "team-player", ["loner"], 0),
        ("home-journeyman-3", "some-potential", [], 10000),
    ]
    assert [e.detail["total"] for e in events if e.kind == "scouted"] == [6, 1, 3]


def test_ayleen_leaves_the_journeymen_an_inducement_brought_alone(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import scouting_step

    from bbcore.rules.pregame import inducement_journeymen

    state = scouting_game(bb2020, "human/human-lineman", 1)
    rookies = {"bb2020/riotous-rookies": 1}
    with ScriptedDice([1, 1]) as dice:  # 2D3+1: three Riotous Rookies join the one taken on to make up numbers
        state, _ = inducement_journeymen(bb2020, state, "home", rookies, dice, DefaultDecisions())
    assert len(state.journeymen) == 4
    assert len(state.induced_journeymen) == 3
    with ScriptedDice([1]) as dice:  # one roll only, for the Journeyman taken on to make up numbers (a team player)
        _, events = scouting_step(bb2020, state, dice, DefaultDecisions())
    assert [e.who for e in events if e.kind == "scouted"] == ["home-journeyman-1"]


def test_keeping_a_journeyman_ayleen_taught_costs_more_for_each_skill_he_keeps(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import scouting_step

    from bbcore.model.common import SkillRef
    from bbcore.model.team import TeamPlayer
    from bbcore.rules.decisions import IllegalAnswerError, ScriptedDecisions
    from bbcore.rules.postgame import hiring_and_firing

    state = scouting_game(bb2020, "human/human-lineman", 2)
    general = general_skills(bb2020)
    with ScriptedDice([6, 2, 1, 1]) as dice:  # the first gains two skills, the second only loses Loner
        scouted, _ = scouting_step(bb2020, state, dice, DefaultDecisions())
    assert scouted.home.inducement_targets[AYLEEN] == ("home-journeyman-1",)
    human = next(ref.team for ref in bb2020.team_files if ref.id == "human-starter")
    fee = bb2020.position("human/human-lineman").cost
    taught = TeamPlayer("Jonas", "human/human-lineman", gained_skills=(SkillRef(general[0]), SkillRef(general[1])))
    plain = TeamPlayer("Lorenz", "human/human-lineman")
    fans = human.staff["dedicated-fans"]  # the game's, as the file holds them
    home = attrs.evolve(scouted.home, team=human, treasury=200_000, dedicated_fans=fans)
    ended = attrs.evolve(scouted, home=home)
    # Both skills kept: 20K on top of his Hiring Fee; the untaught one costs his fee alone.
    kept = attrs.evolve(human, players=(*human.players, taught, plain), treasury=200_000 - 2 * fee - 20_000)
    after, events = hiring_and_firing(bb2020, ended, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", kept)]))
    assert (events[0].detail["cost"], after.home.treasury) == (2 * fee + 20_000, 200_000 - 2 * fee - 20_000)
    short = attrs.evolve(kept, treasury=200_000 - 2 * fee)
    with pytest.raises(IllegalAnswerError, match=r"2 skill\(s\) from Ayleen Andar 20K"):
        hiring_and_firing(bb2020, ended, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", short)]))
    # Hired without the skills he was taught, he costs nothing more.
    forgot = attrs.evolve(human, players=(*human.players, attrs.evolve(taught, gained_skills=())), treasury=200_000 - fee)
    after, _ = hiring_and_firing(bb2020, ended, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", forgot)]))
    assert after.home.treasury == 200_000 - fee


def test_a_journeyman_with_two_primary_categories_gains_from_the_one_his_coach_picks(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import scouting_step

    from bbcore.rules.decisions import IllegalAnswerError, ScriptedDecisions

    state = scouting_game(bb2020, "chaos-chosen/beastman-lineman", 1)
    mutations = sorted(s for s, skill in bb2020.skills.items() if skill.category == "mutation" and skill.acts_as is None)
    with ScriptedDice([4, 1]) as dice:
        after, _ = scouting_step(bb2020, state, dice, ScriptedDecisions([("skill-category", "mutation")]))
    assert mutations[0] in after.board.player("home-journeyman-1").skills
    with ScriptedDice([4]) as dice, pytest.raises(IllegalAnswerError, match="one of general, mutation, not 'agility'"):
        scouting_step(bb2020, state, dice, TeamOfAgility())


def test_ayleen_never_teaches_a_skill_the_glossary_forbids_beside_his(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import scouting_step

    from bbcore.dice import DiceScriptError
    from bbcore.rules.decisions import ScriptedDecisions

    # An Ulfwerener has Frenzy, which excludes Grab and Multiple Block, and no Throw Team-mate, which Bullseye and
    # Strong Arm need: none of the four is offered when he gains a Strength skill.
    state = scouting_game(bb2020, "norse/ulfwerener", 1)
    strength = sorted(s for s, skill in bb2020.skills.items() if skill.category == "strength" and skill.acts_as is None)
    forbidden = {"grab", "multiple-block", "bullseye", "strong-arm"}
    assert forbidden <= set(strength), "the case the test is for"
    allowed = [s for s in strength if s not in forbidden]
    # A 4: Some Potential, one skill; the pick is a die of as many faces as skills offered, each face its skill.
    for face, skill in enumerate(allowed, start=1):
        with ScriptedDice([4, face]) as dice:
            after, events = scouting_step(bb2020, state, dice, ScriptedDecisions([("skill-category", "strength")]))
        assert next(e for e in events if e.kind == "scout").detail["gained"] == [skill]
        assert set(after.board.player("home-journeyman-1").skills) == {"frenzy", "unsteady", "loner", skill}
    # And no more faces than that: the forbidden four were left out, not merely passed over.
    with pytest.raises(DiceScriptError, match=f"impossible on a D{len(allowed)}"):
        scouting_step(bb2020, state, ScriptedDice([4, len(allowed) + 1]), ScriptedDecisions([("skill-category", "strength")]))


class TeamOfAgility(DefaultDecisions):
    def skill_category(self, player_id: str, reason: str, categories: Sequence[str]) -> str:
        return "agility"


def test_a_team_without_ayleen_or_without_journeymen_rolls_nothing(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import scouting_step

    for state in (scouting_game(bb2020, "human/human-lineman", 2, holds=False), scouting_game(bb2020, "human/human-lineman", 0)):
        assert scouting_step(bb2020, state, ScriptedDice([]), DefaultDecisions()) == (state, ())


def test_ayleen_looks_over_the_journeymen_the_core_s_step_took_on(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import scouting_step

    from bbcore.rules.pregame import take_on_journeymen

    short = bb2020.parameters.players_on_pitch - 2
    players: dict[str, tuple[str, str, tuple[int, int] | None]] = {f"h{n}": ("home", "human/human-lineman", None) for n in range(short)}
    players["a"] = ("away", "orc/orc-lineman", None)
    board = build_board(bb2020, players, statuses=dict.fromkeys(players, "reserves"))
    home = TeamState("home", "H", "human", 1, inducements={AYLEEN: 1})
    state = GameState(home, TeamState("away", "A", "orc", 1), board)
    hired, _ = take_on_journeymen(bb2020, state.update_team("away", roster="orc"), ScriptedDice([]), DefaultDecisions())
    home_journeymen = [pid for pid in hired.journeymen if hired.board.player(pid).team == "home"]
    assert len(home_journeymen) == 2
    assert all(hired.board.player(pid).has("loner") for pid in home_journeymen)
    with ScriptedDice([1, 1]) as dice:  # both team players: Loner goes
        scouted, events = scouting_step(bb2020, hired, dice, DefaultDecisions())
    assert [e.who for e in events if e.kind == "scouted"] == home_journeymen
    assert not any(scouted.board.player(pid).has("loner") for pid in home_journeymen)


def test_krot_s_complications_roll_the_lasting_injury_a_lasting_result_brings(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import experiment

    board = build_board(bb2020, {"h1": ("home", "human/human-lineman", None)}, statuses={"h1": "casualty"})
    board = board.with_player(board.player("h1").with_casualty("badly-hurt"))
    state = GameState(TeamState("home", "H", "human", 1, inducements={KROT: 1}), TeamState("away", "A", "human", 1), board)
    with ScriptedDice([1, 13, 3]) as dice:  # Complications, a Lasting Injury on the D16, a Smashed Knee on the D6
        worse, events = experiment(bb2020, state, "home", KROT, "h1", dice)
    patient = worse.board.player("h1")
    assert (patient.casualty_results, patient.lasting_injuries) == (("badly-hurt", "lasting-injury"), ("smashed-knee",))
    assert [e.kind for e in events][-2:] == ["casualty", "lasting-injury"]


def test_krot_s_complications_roll_no_casualty_for_a_frog(bb2020: bbcore.Ruleset) -> None:
    from bbcore_inducement_packs.coaching_staff import experiment

    board = build_board(bb2020, {"h1": ("home", "human/human-lineman", None)}, statuses={"h1": "casualty"})
    frog = attrs.evolve(board.player("h1").with_casualty("badly-hurt"), casualty_counts_as="badly-hurt")
    state = GameState(
        TeamState("home", "H", "human", 1, inducements={KROT: 1}), TeamState("away", "A", "human", 1), board.with_player(frog)
    )
    with ScriptedDice([1]) as dice:  # There Were... Complications: a Frog's result is Badly Hurt again, no D16
        worse, events = experiment(bb2020, state, "home", KROT, "h1", dice)
    assert worse.board.player("h1").casualty_results == ("badly-hurt", "badly-hurt")
    assert (events[-1].kind, events[-1].rolls, events[-1].detail) == ("casualty", (), {"counts_as": "badly-hurt"})
