"""Fixtures shared by the packs' tests: a ruleset with each pack."""

from __future__ import annotations

import pytest

import bbcore


@pytest.fixture(scope="session")
def bb2020() -> bbcore.Ruleset:
    return bbcore.load_ruleset(packs=["bb2020"])


@pytest.fixture(scope="session")
def classic() -> bbcore.Ruleset:
    return bbcore.load_ruleset(packs=["classic"])
