"""On the built site: the example plugin's generated page, the how-to that follows it, and the edition in the footer."""

from __future__ import annotations

from pathlib import Path

import pytest

import bbcore
from bbcore.edition import data_edition
from tests.test_docs import build_site, page_text

pytest.importorskip("sphinx", reason="the docs extra (sphinx, furo) is not installed")
pytest.importorskip("furo", reason="the docs extra (sphinx, furo) is not installed")
pytest.importorskip("bbcore_sevens", reason="the example plugin (docs/examples/sevens) is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per session (shared with tests/test_docs.py)."""
    return build_site(tmp_path_factory)


@pytest.mark.slow
def test_the_sevens_page_is_generated_from_the_plugins_data(site: Path) -> None:
    rules = bbcore.load_ruleset("sevens")
    text = page_text(site / "plugins" / "sevens" / "sevens.html")
    assert f"Players on the pitch {rules.parameters.players_on_pitch}" in text
    assert f"Turns per half {rules.parameters.turns_per_half}" in text
    for table_id in ("sevens/weather", "sevens/warm-up"):
        assert rules.table(table_id).name in text
    assert "Warm-up" in text
    assert "<svg" in (site / "plugins" / "sevens" / "sevens.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_how_to_shows_the_example_plugins_real_files(site: Path) -> None:
    text = page_text(site / "howto" / "write-a-plugin.html")
    assert 'sevens = "bbcore_sevens.plugin"' in text.replace("&quot;", '"')
    assert "def check_big_guys" in text
    assert "bbcore new-plugin sevens" in text


@pytest.mark.slow
def test_every_page_footer_shows_the_data_edition_and_the_plugins(site: Path) -> None:
    edition = data_edition()
    for page in ("index.html", "reference/tables.html", "plugins/sevens/sevens.html"):
        text = page_text(site / page)
        assert f"bbcore {bbcore.__version__}" in text
        assert edition.title in text
        assert "sevens 0.1.0" in text
