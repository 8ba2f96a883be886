"""Getting Even: who caused each injury is noted as the game goes, and the grudges are rolled after it."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.model.common import SkillRef
from bbcore.rules.decisions import DefaultDecisions, IllegalAnswerError, ScriptedDecisions
from bbcore.rules.events import Outcome
from bbcore.rules.getting_even import GETTING_EVEN, getting_even_step, grudge_keywords
from bbcore.rules.injury import Harm, hit_by, roll_injury
from bbcore.rules.sequences import GameState
from bbcore.rules.turns import after_procedure
from bbcore.ruleset import Ruleset
from tests.rules.game_states import game

HUMAN, ORC, ZOMBIE = "human/human-lineman", "orc/orc-lineman", "shambling-undead/zombie-lineman"


def brawl(rules: Ruleset, hitter: str = ORC) -> GameState:
    """The home Human ``v`` lies Prone beside the away ``h``, who has just knocked him down."""
    return game(rules, {"v": ("home", HUMAN, (10, 7)), "h": ("away", hitter, (11, 7))}, statuses={"v": "prone"})


def hurt(rules: Ruleset, state: GameState, rolls: list[int], harm: Harm | None = None) -> GameState:
    """``v``'s Injury Roll (and Casualty roll) with ``rolls``, taken into the game."""
    harm = harm if harm is not None else hit_by(rules, "block", state.board.player("h"))
    with ScriptedDice(rolls) as dice:
        outcome = roll_injury(rules, state.board, "v", harm, dice)
    with ScriptedDice([]) as dice:
        after, _ = after_procedure(rules, state, Outcome(outcome.board, outcome.events), dice, ScriptedDecisions([]))
    return after


SERIOUSLY_HURT = [6, 6, 9]  # a Casualty on the Injury Roll, then 9 on the D16
BADLY_HURT = [6, 6, 1]


def test_the_injury_event_names_who_caused_it_and_the_game_keeps_it(core: Ruleset) -> None:
    state = brawl(core)
    after = hurt(core, state, SERIOUSLY_HURT)
    assert dict(after.injury_causes) == {"v": "h"}
    assert after.board.player("v").casualty_results == ("seriously-hurt",)
    unexplained = hurt(core, state, SERIOUSLY_HURT, Harm("fall"))
    assert dict(unexplained.injury_causes) == {}


@pytest.mark.parametrize(("die", "result"), [(4, "gained"), (3, "no-grudge")])
def test_a_player_who_misses_the_next_game_rolls_for_a_grudge(core: Ruleset, die: int, result: str) -> None:
    target = core.parameters.getting_even.target
    assert (die >= target) == (result == "gained")
    after = hurt(core, brawl(core), SERIOUSLY_HURT)
    assert grudge_keywords(core, after, "v") == ("Orc",)  # Lineman is never named
    with ScriptedDice([die]) as dice, ScriptedDecisions([], strict=True) as silent:
        grudged, events = getting_even_step(core, after, dice, silent)
    (event,) = events
    assert (event.kind, event.who, event.result, event.detail["by"]) == (GETTING_EVEN, "v", result, "h")
    if result == "gained":
        assert (event.detail["skill"], event.detail["keyword"]) == (core.parameters.getting_even.skill, "Orc")
    # The game keeps the skill for the team file (see bbcore.rules.game_results).
    expected = {"v": (SkillRef(core.parameters.getting_even.skill, "Orc"),)} if result == "gained" else {}
    assert dict(grudged.gained_skills) == expected


def test_no_roll_for_a_casualty_that_keeps_nobody_out_of_the_next_game(core: Ruleset) -> None:
    after = hurt(core, brawl(core), BADLY_HURT)
    assert grudge_keywords(core, after, "v") == ()
    with ScriptedDice([]) as dice:
        assert getting_even_step(core, after, dice, ScriptedDecisions([], strict=True))[1] == ()


def test_the_coach_picks_among_several_keywords_and_only_among_them(core: Ruleset) -> None:
    after = hurt(core, brawl(core, ZOMBIE), SERIOUSLY_HURT)
    keywords = grudge_keywords(core, after, "v")
    assert len(keywords) > 1
    with ScriptedDice([6]) as dice, ScriptedDecisions([("keyword", keywords[-1])], strict=True) as picking:
        (event,) = getting_even_step(core, after, dice, picking)[1]
    assert event.detail["keyword"] == keywords[-1]

    class Stranger(DefaultDecisions):
        def choose_keyword(self, player_id: str, reason: str, keywords: Sequence[str]) -> str:
            return "Elf"

    with ScriptedDice([6]) as dice, pytest.raises(IllegalAnswerError, match="not 'Elf'"):
        getting_even_step(core, after, dice, Stranger())


def test_an_injurer_with_no_keyword_to_name_rolls_nothing(core: Ruleset) -> None:
    after = hurt(core, brawl(core), SERIOUSLY_HURT)
    rules = core.parameters.getting_even
    every = attrs.evolve(rules, barred_keywords=(*rules.barred_keywords, "Orc"))
    strict = attrs.evolve(core, parameters=attrs.evolve(core.parameters, getting_even=every))
    with ScriptedDice([]) as dice:
        (event,) = getting_even_step(strict, after, dice, ScriptedDecisions([], strict=True))[1]
    assert (event.result, event.rolls) == ("no-keyword", ())


def test_the_post_game_sequence_rolls_it_before_the_hiring(core: Ruleset) -> None:
    steps = [step.id for step in core.sequences["post-game"].steps]
    assert steps.index("getting-even") < steps.index("hiring-and-firing")
