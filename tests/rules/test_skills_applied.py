"""The list of skills the procedures apply is true both ways: each module named names the skill, and each skill a module names is listed."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

import bbcore
from bbcore.rules.skills_applied import NOT_THE_SKILL, SKILLS_APPLIED_BY, applied_by
from bbcore.ruleset import Ruleset
from tests.rules.test_roll_names import module_constants

PACKAGE = Path(bbcore.__file__).parent
PARAMETERS = (PACKAGE / "data" / "parameters.yaml").read_text(encoding="utf-8")
#: The modules whose code may apply a skill.
SCANNED = [*sorted((PACKAGE / "rules").glob("*.py")), PACKAGE / "teams" / "checks.py"]


@cache
def strings_in(path: Path) -> frozenset[str]:
    """Every string constant in a module's code."""
    return frozenset(
        node.value
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


@cache
def constants_of(path: Path) -> dict[str, str]:
    """A module's top-level string constants."""
    return module_constants(ast.parse(path.read_text(encoding="utf-8")))


def strings_named_in(path: Path) -> frozenset[str]:
    """The module's string constants, and those of the constants it imports from another bbcore module by name."""
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bbcore."):
            source = PACKAGE.parent / (node.module.replace(".", "/") + ".py")
            if source.exists():
                constants = constants_of(source)
                imported |= {constants[alias.name] for alias in node.names if alias.name in constants}
    return strings_in(path) | imported


def test_every_listed_skill_is_a_core_skill(core: Ruleset) -> None:
    assert set(SKILLS_APPLIED_BY) <= set(core.skills)
    assert not NOT_THE_SKILL & set(SKILLS_APPLIED_BY)


@pytest.mark.parametrize("skill", sorted(SKILLS_APPLIED_BY))
def test_each_module_named_names_the_skill(skill: str) -> None:
    for module in applied_by(skill):
        path = PACKAGE / (module.replace(".", "/") + ".py")
        in_code = skill in strings_named_in(path)
        as_key = rf"(^|[{{,])\s*{re.escape(skill)}:"
        in_a_list = rf"[\[,]\s*{re.escape(skill)}\s*[,\]]"
        in_parameters = re.search(f"{as_key}|{in_a_list}", PARAMETERS, re.MULTILINE) is not None
        assert in_code or in_parameters, f"{module} does not name {skill!r}, in its code or through the parameters"


def test_every_skill_a_rules_module_names_is_listed(core: Ruleset) -> None:
    named = {value for path in SCANNED for value in strings_in(path) if value in core.skills}
    unlisted = sorted(named - set(SKILLS_APPLIED_BY) - NOT_THE_SKILL)
    assert not unlisted, f"skills named by a rules module but not in SKILLS_APPLIED_BY: {unlisted}"


def test_every_core_skill_is_applied_and_an_unknown_one_by_nobody(core: Ruleset) -> None:
    # A skill added to the core's data without a procedure shows up here (and on the site as not yet applied).
    assert sorted(set(core.skills) - set(SKILLS_APPLIED_BY)) == []
    assert applied_by("no-such-skill") == ()
