"""Every hook is specified once, documented, and asked somewhere in the core."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from bbcore import hookspecs

PACKAGE = Path(hookspecs.__file__).resolve().parent
HOOKS = sorted(name for name, value in vars(hookspecs).items() if name.startswith("bbcore_") and callable(value))


def core_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py") if p.name != "hookspecs.py")


def test_there_are_hooks() -> None:
    assert len(HOOKS) >= 15


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_asked_somewhere_in_the_core(name: str) -> None:
    sources = core_sources()
    asked = re.search(rf"\bhook\.{name}\b|[\"']{name}[\"']", sources)
    assert asked, f"{name} is declared but nothing in bbcore calls it"


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_says_when_it_runs_and_how_results_combine(name: str) -> None:
    function = getattr(hookspecs, name)
    doc = inspect.getdoc(function) or ""
    assert len(doc.split()) >= 12, f"{name} needs a docstring saying when it is called and what it returns"
    signature = inspect.signature(function)
    assert all(p.annotation is not inspect.Parameter.empty for p in signature.parameters.values()), name
    assert signature.return_annotation is not inspect.Signature.empty, name
    combine = getattr(function, "bbcore_spec", {}).get("firstresult", False)
    if combine:
        assert "firstresult" in doc, f"{name} is firstresult; its docstring should say so"
