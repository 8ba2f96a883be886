"""A game's results written into the team file: SPP, injuries, the dead, gained skills, Treasury and fans."""

from __future__ import annotations

import attrs
import pytest

from bbcore.dice import ScriptedDice, SeededDice
from bbcore.errors import UsageError
from bbcore.model.common import SkillRef
from bbcore.model.team import Advancement, Team, TeamPlayer
from bbcore.rules.board import Status
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.friendly import friendly_casualties
from bbcore.rules.game_results import DEDICATED_FANS, team_after_game
from bbcore.rules.injury import suffer_casualty
from bbcore.rules.postgame import expensive_mistakes, hiring_and_firing
from bbcore.rules.sequences import Concession, GameState, run_sequence, team_state
from bbcore.ruleset import Ruleset
from bbcore.teams.profiles import current_profile, game_players
from tests.rules.game_states import game

LASTING_INJURY_ON_THE_D16 = 13
SMASHED_KNEE_ON_THE_D6 = 3


def human(core: Ruleset) -> Team:
    return next(ref.team for ref in core.team_files if ref.id == "human-starter")


def after_a_game(core: Ruleset, team: Team, results: dict[int, tuple[str, ...]], **changes: object) -> GameState:
    """The home team's file in a game over: its available players on the board, those of ``results`` (by index in
    the file) in the Casualty box with those casualty results."""
    state = game(core, home=attrs.evolve(team_state(core, "home", team), treasury=90_000, dedicated_fans=3))
    players = []
    for in_game in game_players(core, team, "home"):
        index = int(in_game.id.rsplit("-", 1)[1]) - 1
        hurt = index in results
        players.append(attrs.evolve(in_game, status=Status.CASUALTY, casualty_results=results[index]) if hurt else in_game)
    return attrs.evolve(state, board=state.board.replace_players(players), **changes)


def test_the_game_s_results_go_into_the_team_file(core: Ruleset) -> None:
    file = human(core)
    sat_out = attrs.evolve(file.players[0], miss_next_game=True)
    team = attrs.evolve(file, players=(sat_out, *file.players[1:]))
    state = after_a_game(
        core,
        team,
        {2: ("seriously-hurt",), 3: ("serious-injury",), 4: ("lasting-injury",), 5: ("dead",)},
        spp={"home-2": 4, "away-1": 2},
        gained_skills={"home-7": (SkillRef("hatred", "Orc"),)},
        missing_next_game=frozenset({"home-8"}),
    )
    state = attrs.evolve(
        state, board=state.board.with_player(attrs.evolve(state.board.player("home-5"), lasting_injuries=("smashed-knee",)))
    )
    after = team_after_game(core, state, "home")
    players = {p.name: p for p in after.players}
    kurt, otto, hans, jurgen, dieter = (players[p.name] for p in file.players[:5])
    assert not kurt.miss_next_game  # he sat this game out: served
    assert otto.spp == 4
    assert (hans.miss_next_game, hans.niggling_injuries) == (True, 0)
    assert (jurgen.miss_next_game, jurgen.niggling_injuries) == (True, 1)
    assert (dieter.miss_next_game, dieter.lasting_injuries) == (True, ("smashed-knee",))
    assert current_profile(core, dieter).ma == current_profile(core, file.players[4]).ma - 1
    assert file.players[5].name not in players  # Pip died
    assert players[file.players[6].name].gained_skills == (SkillRef("hatred", "Orc"),)
    assert players[file.players[7].name].miss_next_game  # told to miss it by a post-game roll, unhurt
    untouched = list(file.players[8:])
    assert [players[p.name] for p in untouched] == untouched
    assert (after.treasury, after.staff[DEDICATED_FANS]) == (90_000, 3)
    assert [p.name for p in after.players] == [p.name for p in file.players if p.name != file.players[5].name]


def test_a_lasting_injury_that_finds_the_characteristic_at_its_worst_is_a_missed_game_only(core: Ruleset) -> None:
    file = human(core)
    weak = attrs.evolve(file.players[1], lasting_injuries=("broken-shoulder", "broken-shoulder"))
    assert current_profile(core, weak).st == 1
    team = attrs.evolve(file, players=(file.players[0], weak, *file.players[2:]))
    state = after_a_game(core, team, {1: ("lasting-injury",)})
    hurt = attrs.evolve(state.board.player("home-2"), lasting_injuries=("broken-shoulder",))
    after = team_after_game(core, attrs.evolve(state, board=state.board.with_player(hurt)), "home")
    assert (after.players[1].lasting_injuries, after.players[1].miss_next_game) == (weak.lasting_injuries, True)


def test_a_casualty_keeps_the_lasting_injury_it_rolled_until_a_full_recovery(core: Ruleset) -> None:
    state = after_a_game(core, human(core), {})
    with ScriptedDice([LASTING_INJURY_ON_THE_D16, SMASHED_KNEE_ON_THE_D6]) as dice:
        outcome = suffer_casualty(core, state.board, "home-1", dice)
    player = outcome.board.player("home-1")
    assert (player.casualty_results, player.lasting_injuries) == (("lasting-injury",), ("smashed-knee",))
    assert player.recovered().lasting_injuries == ()


def test_a_friendly_game_leaves_the_file_and_drops_the_lasting_injury(core: Ruleset) -> None:
    state = after_a_game(core, human(core), {}, friendly=True)
    with ScriptedDice([LASTING_INJURY_ON_THE_D16, SMASHED_KNEE_ON_THE_D6]) as dice:
        outcome = suffer_casualty(core, state.board, "home-1", dice)
    changed = friendly_casualties(core, attrs.evolve(state, board=outcome.board), state.board, outcome.events, dice, DefaultDecisions())
    assert changed is not None
    assert changed[0].board.player("home-1").lasting_injuries == ()
    assert team_after_game(core, changed[0], "home") is state.home.team


def test_players_who_quit_a_conceding_team_leave_its_file(core: Ruleset) -> None:
    file = human(core)
    state = after_a_game(core, file, {}, conceded=Concession("home", penalty=True, quit=(0, 2)))
    names = [p.name for p in team_after_game(core, state, "home").players]
    assert names == [p.name for i, p in enumerate(file.players) if i not in (0, 2)]


def test_a_team_without_a_file_has_nothing_to_write_into(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="without a team file"):
        team_after_game(core, game(core), "home")


def test_the_hiring_step_offers_the_results_and_keeps_them_when_nothing_changes(core: Ruleset) -> None:
    state = after_a_game(core, human(core), {2: ("serious-injury",)}, spp={"home-2": 2})
    expected = team_after_game(core, state, "home")
    asked: list[Team | None] = []

    class Coach(DefaultDecisions):
        def team_after_hiring(self, team: str, team_file: Team | None, treasury: int) -> Team | None:
            asked.append(team_file)

    after, events = hiring_and_firing(core, state, ScriptedDice([]), Coach())
    assert asked[0] == expected
    assert after.home.team == expected
    assert events[0].result == "recorded"
    # The Expensive Mistakes keep the file's Treasury with the team's.
    rich = attrs.evolve(after, home=attrs.evolve(after.home, treasury=400_000, team=attrs.evolve(expected, treasury=400_000)))
    mistaken, _ = expensive_mistakes(core, rich, ScriptedDice([1]), DefaultDecisions())
    assert mistaken.home.team is not None
    assert mistaken.home.team.treasury == mistaken.home.treasury < 400_000


@pytest.mark.parametrize(
    ("undo", "message"),
    [
        (lambda p: attrs.evolve(p, miss_next_game=False), "misses the next game"),
        (lambda p: attrs.evolve(p, niggling_injuries=0), "keeps his injuries"),
        (lambda p: attrs.evolve(p, spp=p.spp + 1), "only new advancements spend them"),
        (lambda p: attrs.evolve(p, spp=0), "only new advancements spend them"),
    ],
)
def test_an_answer_may_not_undo_the_game_s_results(core: Ruleset, undo: object, message: str) -> None:
    state = after_a_game(core, human(core), {2: ("serious-injury",)}, spp={"home-3": 3})
    recorded = team_after_game(core, state, "home")
    changed = attrs.evolve(recorded, players=(*recorded.players[:2], undo(recorded.players[2]), *recorded.players[3:]))  # type: ignore[operator]
    with pytest.raises(IllegalAnswerError, match=message):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", changed)]))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: attrs.evolve(t, staff={**t.staff, DEDICATED_FANS: t.staff.get(DEDICATED_FANS, 1) + 1}), "Dedicated Fans stay at"),
        (lambda t: attrs.evolve(t, league_trophy=True), "League Trophy goes only to the season's champion"),
        (lambda t: attrs.evolve(t, special_rules=("favoured-of-nurgle",)), "special-rule choices .* are made at the draft and stay"),
        (lambda t: attrs.evolve(t, league="chaos-clash"), "league and special-rule choices"),
    ],
)
def test_hiring_buys_no_dedicated_fans_and_no_trophy(core: Ruleset, change: object, message: str) -> None:
    state = after_a_game(core, human(core), {})
    recorded = team_after_game(core, state, "home")
    with pytest.raises(IllegalAnswerError, match=message):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", change(recorded))]))  # type: ignore[operator]


def test_spp_spent_on_a_new_advancement_and_a_dead_player_kept(core: Ruleset) -> None:
    file = human(core)
    state = after_a_game(core, file, {5: ("dead",)}, spp={"home-3": 6})
    recorded = team_after_game(core, state, "home")
    hans = recorded.players[2]
    spent = attrs.evolve(hans, spp=0, advancements=(Advancement("chosen-primary", skill=SkillRef("block")),))
    advanced = attrs.evolve(recorded, players=(*recorded.players[:2], spent, *recorded.players[3:]))
    answers = ScriptedDecisions([("team-after-hiring", advanced), ("team-after-hiring", None)])
    assert hiring_and_firing(core, state, ScriptedDice([]), answers)[0].home.team is advanced
    ghost = attrs.evolve(recorded, players=(*recorded.players, file.players[5]))
    with pytest.raises(IllegalAnswerError, match=f"{file.players[5].name} died in the game"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", ghost)]))


def test_a_whole_post_game_hands_on_a_file_with_the_results(core: Ruleset) -> None:
    state = after_a_game(core, human(core), {3: ("seriously-hurt",)}, played=frozenset({"home-2", "home-4"}))
    state = attrs.evolve(state, home=attrs.evolve(state.home, score=2, fan_factor=4), away=attrs.evolve(state.away, fan_factor=3))
    after, _ = run_sequence(core, "post-game", state, SeededDice(5), DefaultDecisions())
    team = after.home.team
    assert team is not None
    assert team.treasury == after.home.treasury > 90_000
    assert team.staff[DEDICATED_FANS] == after.home.dedicated_fans
    assert team.players[3].miss_next_game
    assert sum(p.spp for p in team.players) >= 1  # the MVP's award at least


def test_once_the_hiring_wrote_the_results_the_file_is_handed_back_as_it_is(core: Ruleset) -> None:
    file = human(core)
    state = after_a_game(core, file, {5: ("dead",)}, spp={"home-3": 2})
    after, _ = hiring_and_firing(core, state, ScriptedDice([]), DefaultDecisions())
    assert after.results_written == {"home"}
    written = after.home.team
    assert written is not None
    assert team_after_game(core, after, "home") is written  # Pip is not struck off twice, nor Hans paid twice
    assert written.players[2].spp == 2


def test_spp_spent_on_one_cheap_advancement_may_not_wipe_the_rest(core: Ruleset) -> None:
    from bbcore.rules.league import advancement_cost

    state = after_a_game(core, human(core), {}, spp={"home-3": 40})
    recorded = team_after_game(core, state, "home")
    hans = recorded.players[2]
    dearest = max(advancement_cost(core, 0, column.id) for column in core.table("advancement-costs").columns)
    one_skill = (Advancement("chosen-primary", skill=SkillRef("block")),)
    wiped = attrs.evolve(hans, spp=0, advancements=one_skill)
    answer = attrs.evolve(recorded, players=(*recorded.players[:2], wiped, *recorded.players[3:]))
    with pytest.raises(IllegalAnswerError, match="at most their price"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", answer)]))
    assert hans.spp - dearest > 0


def test_the_hiring_step_runs_once_a_game(core: Ruleset) -> None:
    state = after_a_game(core, human(core), {5: ("dead",)})
    after, _ = hiring_and_firing(core, state, ScriptedDice([]), DefaultDecisions())
    with pytest.raises(UsageError, match="has run already for home"):
        hiring_and_firing(core, after, ScriptedDice([]), DefaultDecisions())


def test_each_new_advancement_costs_at_most_what_its_kind_may(core: Ruleset) -> None:
    from bbcore.rules.league import advancement_cost

    random_skill = advancement_cost(core, 0, "random-primary")
    characteristic = advancement_cost(core, 0, "characteristic")
    assert random_skill < characteristic
    state = after_a_game(core, human(core), {}, spp={"home-3": characteristic})
    recorded = team_after_game(core, state, "home")
    hans = recorded.players[2]

    def answer(spent: int, kind: str) -> Team:
        advanced = attrs.evolve(hans, spp=hans.spp - spent, advancements=(Advancement(kind, skill=SkillRef("block")),))
        return attrs.evolve(recorded, players=(*recorded.players[:2], advanced, *recorded.players[3:]))

    # A Random Primary skill costs its own price; a chosen one may cost a characteristic improvement's (taken instead).
    with pytest.raises(IllegalAnswerError, match="at most their price"):
        hiring_and_firing(
            core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", answer(characteristic, "random-primary"))])
        )
    for spent, kind in ((random_skill, "random-primary"), (characteristic, "chosen-primary")):
        chosen = answer(spent, kind)
        answers = ScriptedDecisions([("team-after-hiring", chosen), ("team-after-hiring", None)])
        assert hiring_and_firing(core, state, ScriptedDice([]), answers)[0].home.team is chosen


def rich(state: GameState) -> GameState:
    return attrs.evolve(state, home=attrs.evolve(state.home, treasury=300_000))


def test_a_new_player_brings_no_spp_but_a_kept_journeymans_of_the_game(core: Ruleset) -> None:
    fee = core.position("human/human-lineman").cost
    state = rich(after_a_game(core, human(core), {}))
    recorded = team_after_game(core, state, "home")
    newcomer = TeamPlayer("Neu", "human/human-lineman", spp=2)
    hired = attrs.evolve(recorded, players=(*recorded.players, newcomer), treasury=recorded.treasury - fee)
    with pytest.raises(IllegalAnswerError, match="Neu is new to the team and brings no SPP"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", hired)]))
    # A Journeyman played and earned 2 SPP: hired for good, he keeps them.
    journeyman = attrs.evolve(state.board.player("home-1"), id="home-journeyman-1", status=Status.RESERVES, square=None)
    board = state.board.with_player(journeyman)
    with_journeyman = attrs.evolve(state, board=board, journeymen=(journeyman.id,), spp={journeyman.id: 2})
    assert team_after_game(core, with_journeyman, "home") == recorded
    after, _ = hiring_and_firing(core, with_journeyman, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", hired)]))
    assert after.home.team is hired


def test_players_hired_in_the_same_answer_do_not_make_up_the_firing_floor(core: Ruleset) -> None:
    fee = core.position("human/human-lineman").cost
    state = rich(after_a_game(core, human(core), {}))
    recorded = team_after_game(core, state, "home")
    floor = core.parameters.players_on_pitch
    assert len(recorded.players) == floor + 1
    kept = recorded.players[: floor - 1]  # two of the twelve fired: ten left
    newcomers = (TeamPlayer("Neu", "human/human-lineman"), TeamPlayer("Frisch", "human/human-lineman"))
    answer = attrs.evolve(recorded, players=(*kept, *newcomers), treasury=recorded.treasury - 2 * fee)
    with pytest.raises(IllegalAnswerError, match=f"no player may be fired below {floor}"):
        hiring_and_firing(core, state, ScriptedDice([]), ScriptedDecisions([("team-after-hiring", answer)]))
