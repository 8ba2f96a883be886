"""The coaches' answers: the defaults, and scripted answers checked against what was offered."""

from __future__ import annotations

import pytest

from bbcore.rules.decisions import DecisionScriptError, DefaultDecisions, ScriptedDecisions


def test_a_default_coach_treats_nobody_agrees_nothing_and_hands_nothing_out() -> None:
    coach = DefaultDecisions()
    assert coach.casualty_treatment("p", "dead") is None
    assert coach.agreed_choice("pitch", ("a", "b")) is None
    assert tuple(coach.hand_out_inducements("home", {"potion": 2}, ["p"])) == ()


def test_scripted_treatments_choices_and_hand_outs_are_replayed() -> None:
    script = [
        ("casualty-treatment", "healer"),
        ("casualty-treatment", None),
        ("agreed-choice", "b"),
        ("hand-out", [("p", "potion")]),
    ]
    with ScriptedDecisions(script, strict=True) as coach:
        assert coach.casualty_treatment("p", "dead") == "healer"
        assert coach.casualty_treatment("p", "dead") is None
        assert coach.agreed_choice("pitch", ("a", "b")) == "b"
        assert tuple(coach.hand_out_inducements("home", {"potion": 1}, ["p"])) == (("p", "potion"),)


def test_a_scripted_choice_must_be_among_the_options() -> None:
    with pytest.raises(DecisionScriptError, match="not among"):
        ScriptedDecisions([("agreed-choice", "c")]).agreed_choice("pitch", ("a", "b"))


def test_unscripted_questions_go_to_the_fallback_or_fail_when_strict() -> None:
    assert ScriptedDecisions([]).casualty_treatment("p", "dead") is None
    with pytest.raises(DecisionScriptError, match="casualty-treatment"):
        ScriptedDecisions([], strict=True).casualty_treatment("p", "dead")
    with pytest.raises(DecisionScriptError, match="agreed-choice"):
        ScriptedDecisions([], strict=True).agreed_choice("pitch", ("a",))


def test_gained_skills_default_to_the_first_offered_and_scripted_ones_are_checked() -> None:
    assert tuple(DefaultDecisions().gained_skills("p", ("horns", "claws", "tentacles"), 2)) == ("horns", "claws")
    with ScriptedDecisions([("gained-skills", ["tentacles", "horns"])], strict=True) as coach:
        assert tuple(coach.gained_skills("p", ("horns", "claws", "tentacles"), 2)) == ("tentacles", "horns")
    with pytest.raises(DecisionScriptError):
        ScriptedDecisions([("gained-skills", ["horns", "horns"])]).gained_skills("p", ("horns", "claws"), 2)
    with pytest.raises(DecisionScriptError):
        ScriptedDecisions([("gained-skills", ["wings"])]).gained_skills("p", ("horns", "claws"), 2)


def test_every_scripted_question_kind_is_documented() -> None:
    import inspect
    import re

    from bbcore.rules import decisions

    source = inspect.getsource(decisions.ScriptedDecisions)
    patterns = (r'_next\("([a-z-]+)"\)', r'_flag\("([a-z-]+)"', r'_pick_or_none\("([a-z-]+)"', r'\[0\]\[0\] == "([a-z-]+)"')
    kinds = {kind for pattern in patterns for kind in re.findall(pattern, source)}
    assert len(kinds) > 25
    doc = decisions.ScriptedDecisions.__doc__ or ""
    assert sorted(kind for kind in kinds if f"``{kind}``" not in doc) == []
