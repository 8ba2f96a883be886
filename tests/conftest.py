"""Shared fixtures. Plugin-author fixtures (make_ruleset, scripted_dice) come from bbcore.testing."""

from __future__ import annotations

from pathlib import Path

import pytest

import bbcore
from bbcore.ruleset import Ruleset

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def core() -> Ruleset:
    """The Blood Bowl 2025 ruleset, shared: it is immutable."""
    return bbcore.load_ruleset()
