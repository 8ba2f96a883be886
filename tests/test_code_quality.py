"""The code stays lint-clean and type-checked (ruff and mypy, configured in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed; `make test` installs it with the dev extras")
    return found


@pytest.mark.slow
def test_ruff_finds_nothing() -> None:
    done = subprocess.run(
        [tool("ruff"), "check", "bbcore", "tests", "variants", "benchmarks"], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_is_clean_on_the_package() -> None:
    done = subprocess.run([tool("mypy")], cwd=REPO, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
