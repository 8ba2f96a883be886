"""The built wheel carries the schemas and the data, and works outside the checkout."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(REPO)],
        check=True,
        capture_output=True,
        text=True,
    )
    (built,) = out.glob("bbcore-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_ships_schemas_and_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "bbcore/schemas/roster.schema.json" in names
    assert "bbcore/schemas/team.schema.json" in names
    assert "bbcore/data/rosters/human.yaml" in names
    assert "bbcore/py.typed" in names


@pytest.mark.slow
def test_a_fresh_venv_loads_a_ruleset_from_the_wheel(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, capture_output=True, text=True)
    probe = (
        "import json, bbcore, bbcore.resources as r;"
        "rules = bbcore.load_ruleset();"
        "print(json.dumps({'rosters': len(rules.rosters), 'schemas': str(r.schemas_dir()), 'file': bbcore.__file__}))"
    )
    done = subprocess.run([str(python), "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path)
    result = json.loads(done.stdout)
    assert result["rosters"] == 30
    assert str(REPO) not in result["file"]
    assert result["schemas"].endswith("bbcore/schemas")
    cli = subprocess.run(
        [str(env_dir / "bin" / "bbcore"), "table", "weather", "--json"], check=True, capture_output=True, text=True, cwd=tmp_path
    )
    assert json.loads(cli.stdout)["id"] == "weather"
