"""The site builds warning-free from the loaded ruleset, and the hook reference cannot drift from the hookspecs."""

from __future__ import annotations

import html
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bbcore import hookspecs
from bbcore.ruleset import Ruleset

REPO = Path(__file__).resolve().parent.parent

pytest.importorskip("sphinx", reason="the docs extra (sphinx, furo) is not installed")
pytest.importorskip("furo", reason="the docs extra (sphinx, furo) is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for this module with warnings as errors and every reference checked."""
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html", "docs", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def page_text(path: Path) -> str:
    """A built page as plain text: tags dropped, entities and typographic quotes undone, spaces collapsed."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8")))
    return " ".join(text.replace("\u2019", "'").replace("\u2018", "'").split())


def section(path: Path, label: str) -> str:
    """The HTML of the section holding a label, up to the next section."""
    page = path.read_text(encoding="utf-8")
    start = page.index(f'id="{label}"')
    end = page.find("<section", start)
    return page[start : end if end != -1 else len(page)]


@pytest.mark.slow
def test_the_human_roster_lists_the_ogre_with_its_skills(site: Path, core: Ruleset) -> None:
    rosters = site / "reference" / "rosters.html"
    human = html.unescape(section(rosters, "roster-human"))
    ogre = core.position("human/ogre")
    assert ogre.name in human
    for skill in ogre.skills:
        assert core.skill_display(skill.id, skill.value) in human
    assert "Loner (4+)" in page_text(rosters)
    assert 'href="skills.html#skill-loner"' in human


@pytest.mark.slow
def test_the_tables_page_shows_every_weather_row(site: Path, core: Ruleset) -> None:
    weather = html.unescape(section(site / "reference" / "tables.html", "table-weather"))
    for row in core.table("weather").rows:
        assert row.name in weather
        assert row.range_label in weather


@pytest.mark.slow
def test_every_reference_page_is_generated(site: Path, core: Ruleset) -> None:
    pages = {name: page_text(site / "reference" / f"{name}.html") for name in ("skills", "inducements", "parameters", "glossary")}
    assert all(skill.name in pages["skills"] for skill in core.skills.values())
    assert all(inducement.name in pages["inducements"] for inducement in core.inducements.values())
    assert all(sequence.name in pages["parameters"] for sequence in core.sequences.values())
    assert all(entry.name in pages["glossary"] for entry in [*core.leagues.values(), *core.special_rules.values()])


def hookspecs_by_name() -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(function)
        for name, function in inspect.getmembers(hookspecs, inspect.isfunction)
        if name.startswith("bbcore_")
    }


@pytest.mark.slow
def test_every_hook_is_documented_with_its_parameters(site: Path) -> None:
    page = (site / "reference" / "hooks.html").read_text(encoding="utf-8")
    hooks = hookspecs_by_name()
    assert hooks, "bbcore.hookspecs defines no hook"
    for name, signature in hooks.items():
        anchor = f'id="bbcore.hookspecs.{name}"'
        assert anchor in page, f"{name} is missing from the hooks page"
        start = page.index(anchor)
        heading = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page[start : page.index("</dt>", start)])).split())
        for parameter in signature.parameters:
            assert re.search(rf"\b{parameter}\b", heading), f"{name}: parameter {parameter!r} missing from {heading!r}"


@pytest.mark.parametrize(
    "text",
    [
        "Loner (4+): roll *below* the number",
        "`code` and |substitution| and word_ and [1]_",
        "- starts like a list",
        "1. starts like an enumeration",
        "#. auto-numbered",
        ".. looks like a comment",
        "ends with two colons::",
        "a:role:`x` and <angle>",
        "back\\slash",
    ],
)
def test_escaped_text_renders_exactly_as_written(text: str) -> None:
    from docutils.core import publish_doctree

    from bbcore.sphinxext.rst import escape

    doctree = publish_doctree(escape(text), settings_overrides={"report_level": 5})
    assert doctree.astext() == text


def test_a_provisional_table_gets_a_warning_with_its_note(core: Ruleset) -> None:
    from bbcore.model.table import Row, Table
    from bbcore.sphinxext.selection import Labels
    from bbcore.sphinxext.tables import table_body

    table = Table(
        id="draft",
        name="Draft",
        source="a test",
        rows=(Row(id="all", name="All", text="Everything.", min=1, max=6),),
        dice="D6",
        provisional=True,
        note="Waiting for the errata.",
    )
    lines = table_body(core, Labels("skurling-"), table).lines
    at = lines.index(".. admonition:: Provisional")
    assert lines[at + 1] == "   :class: warning"
    assert "   Waiting for the errata." in lines[at:]


def test_labels_name_the_selected_ruleset() -> None:
    from bbcore.sphinxext.selection import Labels

    assert Labels.for_selection(None, (), {})("table", "weather") == "table-weather"
    assert Labels.for_selection("skurling", (), {})("table", "weather") == "skurling-table-weather"
    assert Labels.for_selection("gutterbowl", (), {"pitch": "sewer"})("table", "gutterbowl/street-weather") == (
        "gutterbowl-pitch-sewer-table-gutterbowl-street-weather"
    )
