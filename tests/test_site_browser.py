"""The built site in a real browser: headless Chromium, driven by Playwright, on a local server.

It checks what only a browser can: the pages render, Furo's client-side search finds
rules, a roster's stat line is on screen, and no page logs a console error. Playwright
drives the system's Chromium (``executable_path``), so no browser is downloaded; the
test installs the ``playwright`` package if it is missing, and is skipped, saying why,
only where no Chromium can be started.
"""

from __future__ import annotations

import functools
import http.server
import importlib
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("sphinx", reason="the docs extra (sphinx, furo) is not installed")
pytest.importorskip("furo", reason="the docs extra (sphinx, furo) is not installed")

from test_docs import build_site

from bbcore.render.text import target
from bbcore.ruleset import Ruleset

pytestmark = pytest.mark.slow

#: Where Debian, Ubuntu and Fedora put Chromium; BBCORE_CHROMIUM overrides.
_CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _chromium() -> str:
    given = os.environ.get("BBCORE_CHROMIUM")
    if given:
        return given
    for name in _CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no Chromium on this machine (install Debian's `chromium` package, or set BBCORE_CHROMIUM)")


def _playwright() -> Any:
    """The sync Playwright API, installing the package into this interpreter if it is missing."""
    try:
        return importlib.import_module("playwright.sync_api")
    except ImportError:
        done = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "playwright>=1.40"], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            pytest.fail(f"could not install playwright for the browser test: {done.stderr.strip()[-500:]}")
        importlib.invalidate_caches()
        return importlib.import_module("playwright.sync_api")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site served on localhost; yields its base URL."""
    site = build_site(tmp_path_factory)
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
        httpd.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = _chromium()
    sync_api = _playwright()
    with sync_api.sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        except Exception as error:  # noqa: BLE001 - any launch failure means this machine cannot run Chromium
            pytest.skip(f"Chromium at {executable} could not be started here: {str(error).splitlines()[0]}")
        try:
            yield chromium
        finally:
            chromium.close()


class Visit:
    """A page opened in the browser, with every console error and uncaught exception it raised."""

    def __init__(self, browser: Any, url: str) -> None:
        self.errors: list[str] = []
        self.page = browser.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        self.page.on("requestfailed", lambda request: self.errors.append(f"failed to load {request.url}"))
        self.page.on("response", self._response)
        self.response = self.page.goto(url, wait_until="load")

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status} for {response.url}")

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def close(self) -> None:
        self.page.close()


@pytest.fixture
def visit(browser: Any, server: str) -> Iterator[Any]:
    """Open site paths; every page opened must have loaded and raised no console error."""
    opened: list[Visit] = []

    def open_page(path: str) -> Visit:
        page = Visit(browser, f"{server}/{path}")
        opened.append(page)
        assert page.response is not None, f"{path}: no response"
        assert page.response.ok, f"{path}: HTTP {page.response.status}"
        return page

    yield open_page
    errors = [f"{v.page.url}: {e}" for v in opened for e in v.errors]
    for page in opened:
        page.close()
    assert not errors, "\n".join(errors)


def test_the_home_page_renders(visit: Any) -> None:
    home = visit("index.html").page
    assert "bbcore" in home.title()
    assert home.locator("article h1").first.inner_text().strip().startswith("bbcore")
    sidebar = home.locator(".sidebar-tree").inner_text().lower()  # captions are upper-cased by the theme's CSS
    for part in ("tutorials", "how-to guides", "reference", "explanation"):
        assert part in sidebar
    # Furo's stylesheet and script both ran: the theme's layout is in place and visible.
    assert home.locator(".sidebar-drawer").is_visible()
    assert home.evaluate("() => getComputedStyle(document.body).fontFamily") != ""


@pytest.mark.parametrize(
    ("query", "expected_page"),
    [("Ding-Dong", "variants/skurling/"), ("Sudden Downpour", "variants/gutterbowl/")],
)
def test_search_finds_a_rule(visit: Any, query: str, expected_page: str) -> None:
    search = visit(f"search.html?q={quote(query)}").page
    results = search.locator("#search-results ul.search li")
    results.first.wait_for(timeout=30_000)
    links = [results.nth(i).locator("a").first.get_attribute("href") or "" for i in range(results.count())]
    assert any(expected_page in link for link in links), f"{query!r} found {links}"


def test_the_roster_page_shows_the_ogres_stat_line(visit: Any, core: Ruleset) -> None:
    rosters = visit("reference/rosters.html#roster-human").page
    ogre = core.position("human/ogre")
    # The label is a span at the top of the roster's section.
    row = rosters.locator("section:has(> span#roster-human) tr", has_text=ogre.name).first
    row.scroll_into_view_if_needed()
    assert row.is_visible()
    cells = [cell.strip() for cell in row.locator("td").all_inner_texts()]
    stats = cells[cells.index(ogre.name) + 2 : cells.index(ogre.name) + 7]
    assert stats == [str(ogre.ma), str(ogre.st), target(ogre.ag), target(ogre.pa), target(ogre.av)]
    assert "Loner" in cells[cells.index(ogre.name) + 7]


@pytest.mark.parametrize(
    "path",
    [
        "reference/tables.html",
        "reference/skills.html",
        "reference/schemas.html",
        "variants/gutterbowl/pitches.html",
        "variants/skurling/arc.html",
        "variants/changes.html",
        "explanation/provisional.html",
        "tutorial/first-skurling-match.html",
    ],
)
def test_a_generated_page_loads_without_console_errors(visit: Any, path: str) -> None:
    page = visit(path).page
    assert page.locator("article h1").count() >= 1


def test_a_cross_link_lands_on_its_glossary_entry(visit: Any) -> None:
    tables = visit("reference/tables.html").page
    link = tables.locator('article a[href^="skills.html#skill-"]').first
    anchor = (link.get_attribute("href") or "").partition("#")[2]
    link.click()
    tables.wait_for_url(f"**/reference/skills.html#{anchor}")
    heading = tables.locator(f"section:has(> span#{anchor}) > :is(h2, h3, h4)").first
    assert heading.is_visible()
