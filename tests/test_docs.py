"""The site builds warning-free from the loaded ruleset, and the hook reference cannot drift from the hookspecs."""

from __future__ import annotations

import html
import inspect
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import unquote

import pytest

import bbcore
from bbcore import hookspecs
from bbcore.rules_files import provisional_readings
from bbcore.ruleset import Ruleset

REPO = Path(__file__).resolve().parent.parent

pytest.importorskip("sphinx", reason="the docs extra (sphinx, furo) is not installed")
pytest.importorskip("furo", reason="the docs extra (sphinx, furo) is not installed")


def build_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per test session with warnings as errors and every reference checked.

    The browser test imports this too, so the session builds the site once whichever
    of the two files runs first.
    """
    out = tmp_path_factory.getbasetemp() / "bbcore-site"
    built = out / ".built"
    if built.is_file():
        return out
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html", "docs", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    built.touch()
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory)


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


#: A value a generated page meant to fill in but printed as its template, like ``{params.x.y}``.
_UNFILLED = re.compile(r"\{[a-z_]+(?:\.[a-z_]+)+(?::[^}]*)?\}")


@pytest.mark.slow
def test_no_page_shows_an_unfilled_template(site: Path) -> None:
    unfilled = {
        str(page.relative_to(site)): sorted(set(_UNFILLED.findall(page_text(page))))
        for page in site.rglob("*.html")
        if _UNFILLED.search(page_text(page))
    }
    assert not unfilled


@pytest.fixture(scope="module")
def gutterbowl() -> dict[str, Ruleset]:
    """Gutter Bowl on each of its pitches."""
    return {pitch: bbcore.load_ruleset("gutterbowl", (), {"pitch": pitch}) for pitch in ("street", "sewer")}


@pytest.mark.slow
def test_the_gutter_bowl_section_has_every_page(site: Path) -> None:
    section_dir = site / "variants" / "gutterbowl"
    for page in ("index", "rules", "pitches", "tables", "inducements", "parameters"):
        assert (section_dir / f"{page}.html").is_file(), f"variants/gutterbowl/{page} was not built"
    assert 'href="gutterbowl/index.html"' in (site / "variants" / "index.html").read_text(encoding="utf-8")
    assert 'href="variants/index.html"' in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_gutter_bowl_tables_page_shows_the_sewer_weather(site: Path, gutterbowl: dict[str, Ruleset]) -> None:
    page = html.unescape((site / "variants" / "gutterbowl" / "tables.html").read_text(encoding="utf-8")).replace("\u2019", "'")
    start = page.index('id="gutterbowl-pitch-sewer-table-gutterbowl-sewer-weather"')
    sewer_weather = page[start : page.index('id="gutterbowl-pitch-sewer-table-gutterbowl-sewer-kick-off-events"')]
    for row in gutterbowl["sewer"].table("weather").rows:
        assert row.name in sewer_weather
        assert row.range_label in sewer_weather


@pytest.mark.slow
def test_the_gutter_bowl_tables_page_shows_each_of_its_tables_once(site: Path, gutterbowl: dict[str, Ruleset]) -> None:
    page = (site / "variants" / "gutterbowl" / "tables.html").read_text(encoding="utf-8")
    own = {t.id for ruleset in gutterbowl.values() for t in ruleset.tables.values() if ruleset.origins[("table", t.id)].layer > 0}
    assert len(own) == 7
    for table_id in own:
        anchor = re.compile(rf'id="gutterbowl-(?:pitch-\w+-)?table-{re.escape(table_id.replace("/", "-"))}"')
        assert len(anchor.findall(page)) == 1, f"{table_id} should be on the Gutter Bowl tables page once"


@pytest.mark.slow
def test_the_gutter_bowl_pitches_page_draws_the_street_pitch(site: Path, gutterbowl: dict[str, Ruleset]) -> None:
    page = (site / "variants" / "gutterbowl" / "pitches.html").read_text(encoding="utf-8")
    street = gutterbowl["street"].pitch
    start = page.index('<svg xmlns="http://www.w3.org/2000/svg" id="gutterbowl-pitch-street-pitch-gutterbowl-street-diagram"')
    svg = page[start : page.index("</svg>", start)]
    assert 'role="img"' in svg
    assert f">{street.name}</title>" in svg
    assert svg.count('class="square ') == street.length * street.width
    stalls = [f for f in street.features if f.area is not None]
    assert svg.count('class="feature ') == len(stalls) == 4
    assert "Provisional" in page_text(site / "variants" / "gutterbowl" / "pitches.html")


@pytest.mark.slow
def test_the_gutter_bowl_inducements_page_lists_only_its_own(site: Path, gutterbowl: dict[str, Ruleset]) -> None:
    page = (site / "variants" / "gutterbowl" / "inducements.html").read_text(encoding="utf-8")
    assert "Lesser Magic Potion" in page_text(site / "variants" / "gutterbowl" / "inducements.html")
    shown = set(re.findall(r'id="(gutterbowl-inducement-[^"]+)"', page))
    assert shown == {f"gutterbowl-inducement-{i.replace('/', '-')}" for i in gutterbowl["street"].inducements}


@pytest.fixture(scope="module")
def skurling() -> Ruleset:
    return bbcore.load_ruleset("skurling")


SKURLING_PAGES = (
    "index",
    "quick-start",
    "team-building",
    "arc",
    "tables",
    "inducements",
    "league",
    "throwback",
    "extra-rules",
    "parameters",
    "origins",
)


@pytest.mark.slow
def test_the_skurling_section_has_every_page(site: Path) -> None:
    section_dir = site / "variants" / "skurling"
    for page in SKURLING_PAGES:
        assert (section_dir / f"{page}.html").is_file(), f"variants/skurling/{page} was not built"
    assert 'href="skurling/index.html"' in (site / "variants" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_skurling_arc_page_shows_the_touch_table_and_the_numbers_from_data(site: Path, skurling: Ruleset) -> None:
    from bbcore_skurling.arc_rules import arc_rules

    page = site / "variants" / "skurling" / "arc.html"
    text = page_text(page)
    for row in skurling.table("skurling/touch").rows:
        assert row.name in text
        assert row.range_label in text
    rules = arc_rules(skurling)
    assert f"one of them or both have {rules.target_points} points or more" in text
    assert f"After every {rules.attacks_between_intervals} attacks each" in text
    for state in rules.states:
        assert f"{state.points} {state.points + rules.catch_bonus} {state.points + rules.ding_dong_bonus}" in text
    svg = re.search(r'<svg [^>]*id="skurling-arc-flow-diagram".*?</svg>', page.read_text(encoding="utf-8"), re.S)
    assert svg is not None
    assert 'role="img"' in svg.group(0)
    assert f"after turn {rules.turns_per_arc}: no points" in html.unescape(svg.group(0))
    # The open reading of "Out of bounds" is shown, and shown as provisional.
    out_of_bounds = html.unescape(section(page, "out-of-bounds"))
    assert '<p class="admonition-title">Provisional</p>' in out_of_bounds
    assert rules.out_of_bounds.rule in out_of_bounds


@pytest.mark.slow
def test_the_skurling_balance_page_shows_both_cached_reports_and_the_amendment_behind_the_second(site: Path) -> None:
    from bbcore_skurling.arc_rules import arc_rules

    cached = REPO / "docs" / "variants" / "skurling" / "_balance"
    page = site / "variants" / "skurling" / "balance.html"
    text = page_text(page)
    sections = [text[: text.index("A ninth turn")], text[text.index("A ninth turn") :]]
    for report, shown in zip(("balance.json", "ninth-turn.json"), sections, strict=True):
        data = json.loads((cached / report).read_text(encoding="utf-8"))
        for team in data["teams"]:
            rate = team["win_rate"]
            row = f"{team['name']} {team['played']} {team['won']} {rate['value']:.2f} {rate['low']:.2f} to {rate['high']:.2f}"
            assert row in shown, (report, row)
        assert f"{data['arcs_per_match']:.1f} arcs a match" in shown
        for path in data["rules"]["amendments"]:
            assert f"amended by {path}" in shown
    experiment = REPO / "variants" / "skurling" / "experiments" / "ninth-turn.yaml"
    played_under = [json.loads((cached / report).read_text(encoding="utf-8"))["rules"] for report in ("balance.json", "ninth-turn.json")]
    assert [rules["amendments"] for rules in played_under] == [[], [str(experiment.relative_to(REPO))]]
    # The command sits in a highlighted block: its words are split across tags.
    commands = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
    assert f"--amend {experiment.relative_to(REPO)}" in commands
    assert arc_rules(bbcore.load_ruleset("skurling", amendments=[experiment])).turns_per_arc == 9


@pytest.mark.slow
def test_the_skurling_tables_page_flags_every_provisional_table(site: Path, skurling: Ruleset) -> None:
    page = site / "variants" / "skurling" / "tables.html"
    own = [t for t in skurling.tables.values() if skurling.origins[("table", t.id)].layer > 0]
    assert len(own) >= 16
    for table in own:
        entry = section(page, f"skurling-table-{table.id.replace('/', '-')}")
        flagged = '<p class="admonition-title">Provisional</p>' in entry
        assert flagged == table.provisional, table.id
    # Each option's weather table is linked from the list of options, not shown a second time.
    options = section(page, "the-weather-under-each-option")
    for table_id in ("spring-weather", "moor-weather"):
        assert f'href="#skurling-table-skurling-{table_id}"' in options
    assert '<p class="admonition-title">Provisional</p>' not in options


@pytest.mark.slow
def test_the_skurling_quick_start_shows_the_ready_teams_from_their_files(site: Path, skurling: Ruleset) -> None:
    from bbcore.render.text import money

    text = page_text(site / "variants" / "skurling" / "quick-start.html")
    assert len(skurling.team_files) == 2
    for team_file in skurling.team_files:
        assert f"{team_file.name} (the plugin's data/teams/{Path(team_file.path).name} ): passes every Skurling team check." in text
        for player in team_file.team.players:
            assert player.name in text
        assert f"Cost : {money(bbcore.value_team(skurling, team_file.team).cost)} of the" in text


@pytest.mark.slow
def test_the_skurling_league_page_shows_the_headliners_profiles(site: Path) -> None:
    from bbcore_skurling.headliners import headliners

    from bbcore.render.text import target

    page = html.unescape(section(site / "variants" / "skurling" / "league.html", "headliners"))
    rows = [row.replace("\u201c", '"').replace("\u201d", '"') for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)]
    for headliner in headliners(bbcore.load_ruleset("skurling")):
        (row,) = [r for r in rows if f"<strong>{headliner.name}</strong>" in r]
        cells = re.findall(r"<td><p>([^<]*)</p></td>", row)
        assert cells[:5] == [str(headliner.ma), str(headliner.st), target(headliner.ag), target(headliner.pa), target(headliner.av)]


@pytest.mark.slow
def test_each_inducement_pack_has_a_page_linked_from_the_index(site: Path) -> None:
    for page in ("index", "bb2020", "classic"):
        assert (site / "packs" / f"{page}.html").is_file(), f"packs/{page} was not built"
    assert 'href="packs/index.html"' in (site / "index.html").read_text(encoding="utf-8")
    listing = (site / "packs" / "index.html").read_text(encoding="utf-8")
    assert 'href="bb2020.html"' in listing
    assert 'href="classic.html"' in listing


@pytest.mark.slow
def test_the_bb2020_page_shows_josef_bugmans_profile_in_his_group(site: Path) -> None:
    page = site / "packs" / "bb2020.html"
    rules = bbcore.load_ruleset(packs=["bb2020"])
    (bugman,) = rules.inducement("bb2020/josef-bugman").profiles
    entry = html.unescape(section(page, "bb2020-inducement-bb2020-josef-bugman"))
    cells = re.findall(r"<td><p>([^<]*)</p></td>", entry)
    assert cells[:5] == [str(bugman.ma), str(bugman.st), f"{bugman.ag}+", f"{bugman.pa}+", f"{bugman.av}+"]
    assert 'href="../reference/skills.html#skill-wrestle"' in entry
    assert "Loner (5+)" in entry
    group = html.unescape(section(page, "bb2020-inducement-group-bb2020-infamous-coaching-staff"))
    assert "at most 2 in all" in group


@pytest.mark.slow
def test_the_bb2020_page_marks_an_incomplete_entry_with_its_note(site: Path) -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    shaman = rules.inducement("bb2020/night-goblin-shaman")
    entry = " ".join(html.unescape(section(site / "packs" / "bb2020.html", "bb2020-inducement-bb2020-night-goblin-shaman")).split())
    title = "Provisional and incomplete" if shaman.provisional else "Incomplete"
    assert shaman.incomplete
    assert f'<p class="admonition-title">{title}</p>' in entry
    assert shaman.note is not None
    assert " ".join(shaman.note.split()).replace("'", "\u2019") in entry


@pytest.mark.slow
def test_the_bb2020_page_shows_the_packs_sub_tables(site: Path) -> None:
    rules = bbcore.load_ruleset(packs=["bb2020"])
    table = html.unescape(section(site / "packs" / "bb2020.html", "bb2020-table-bb2020-krot-shockwhisker"))
    table = table.replace("\u2019", "'").replace("\u2026", "...")  # undo the typographic apostrophe and ellipsis
    for row in rules.table("bb2020/krot-shockwhisker").rows:
        assert row.name in table
        assert row.range_label in table
    entry = section(site / "packs" / "bb2020.html", "bb2020-inducement-bb2020-krot-shockwhisker")
    assert 'href="#bb2020-table-bb2020-krot-shockwhisker"' in entry


@pytest.mark.slow
def test_the_classic_page_labels_old_scale_values(site: Path) -> None:
    entry = html.unescape(section(site / "packs" / "classic.html", "classic-inducement-classic-slave-giant"))
    assert "Old-scale profiles" in entry
    assert "(old scale)" in entry
    cells = re.findall(r"<td><p>([^<]*)</p></td>", entry)
    assert cells[:5] == ["6", "7", "2", "-", "10"]  # as printed, never turned into targets


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


def test_a_link_without_an_entry_of_its_own_falls_back_to_a_broader_selection() -> None:
    from bbcore.sphinxext.selection import Labels

    labels = Labels.for_selection("gutterbowl", (), {"pitch": "sewer"}, {"pitch": "sewer", "teams": "gutterbowl"})
    assert labels.fallbacks_for(labels("skill", "bone-head")) == [
        "gutterbowl-pitch-sewer-teams-gutterbowl-skill-bone-head",
        "gutterbowl-skill-bone-head",
        "skill-bone-head",
    ]
    # With no option given, the same ruleset spelled with its defaults comes first.
    defaults = Labels.for_selection("gutterbowl", (), {}, {"pitch": "street"})
    assert defaults.fallbacks_for(defaults("table", "gutterbowl/street-weather")) == [
        "gutterbowl-pitch-street-table-gutterbowl-street-weather",
        "table-gutterbowl-street-weather",
    ]
    assert Labels.for_selection(None, (), {}).fallbacks_for("skill-bone-head") == []


def test_labels_name_the_selected_ruleset() -> None:
    from bbcore.sphinxext.selection import Labels

    assert Labels.for_selection(None, (), {})("table", "weather") == "table-weather"
    assert Labels.for_selection("skurling", (), {})("table", "weather") == "skurling-table-weather"
    assert Labels.for_selection("gutterbowl", (), {"pitch": "sewer"})("table", "gutterbowl/street-weather") == (
        "gutterbowl-pitch-sewer-table-gutterbowl-street-weather"
    )


# -- links, examples and regeneration ------------------------------------------------------

_HREF = re.compile(r'<a\s[^>]*href="([^"]*)"')
_ID = re.compile(r'\sid="([^"]*)"')


def _internal_target(page: Path, href: str, root: Path) -> tuple[Path, str] | None:
    """The file and fragment a relative href points to; None for external links and downloads of other schemes."""
    href = html.unescape(href)
    if re.match(r"^[a-z][a-z0-9+.-]*:", href) or href.startswith("//"):
        return None
    path, _, fragment = href.partition("#")
    path = path.partition("?")[0]
    target = (page.parent / unquote(path)).resolve() if path else page
    if target.is_dir():
        target = target / "index.html"
    assert root in target.parents or target == root, f"{page.relative_to(root)}: {href} leaves the site"
    return target, unquote(fragment)


@pytest.mark.slow
def test_every_internal_link_and_anchor_resolves(site: Path) -> None:
    """The site's own linkcheck: every relative href names a built file, and every #fragment an id in it."""
    root = site.resolve()
    ids: dict[Path, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        if path not in ids:
            ids[path] = set(_ID.findall(path.read_text(encoding="utf-8"))) if path.suffix == ".html" else set()
        return ids[path]

    broken = []
    pages = sorted(p for p in root.rglob("*.html") if "_sources" not in p.parts)
    for page in pages:
        for href in _HREF.findall(page.read_text(encoding="utf-8")):
            found = _internal_target(page, href, root)
            if found is None:
                continue
            target, fragment = found
            if not target.is_file():
                broken.append(f"{page.relative_to(root)}: {href} (no such file)")
            elif fragment and target.suffix == ".html" and fragment not in ids_of(target):
                broken.append(f"{page.relative_to(root)}: {href} (no such anchor)")
    assert len(pages) > 40
    assert not broken, "\n".join(broken[:50])


# A Python example is a line starting with >>> (pycon); each must sit in a block the doctest builder runs.
_DIRECTIVE = re.compile(r"^(\s*)\.\. ([\w:-]+)::(.*)$")
_TESTED = {"doctest", "testcode", "testoutput"}


def untested_examples(text: str) -> list[int]:
    """Line numbers of ``>>>`` lines outside ``doctest``/``testcode`` blocks, and of ``code-block:: pycon``."""
    lines = text.splitlines()
    found = []
    block: tuple[int, str] | None = None  # (indent of the directive, its name)
    for number, line in enumerate(lines, 1):
        if block is not None and line.strip() and len(line) - len(line.lstrip()) <= block[0]:
            block = None
        directive = _DIRECTIVE.match(line)
        if directive:
            block = (len(directive.group(1)), directive.group(2))
            if directive.group(2) in {"code-block", "code", "sourcecode"} and directive.group(3).strip() in {"pycon", "python3-console"}:
                found.append(number)
            continue
        if line.lstrip().startswith(">>>") and (block is None or block[1] not in _TESTED):
            found.append(number)
    return found


def test_a_bare_example_is_found_and_a_doctest_is_not() -> None:
    page = "Text\n\n.. doctest::\n\n   >>> 1 + 1\n   2\n\n.. code-block:: pycon\n\n   >>> 2\n\n>>> 3\n"
    assert untested_examples(page) == [8, 10, 12]


def test_every_python_example_on_the_site_is_a_doctest() -> None:
    pages = [p for p in (REPO / "docs").rglob("*.rst") if "_build" not in p.parts]
    untested = {str(p.relative_to(REPO)): lines for p in pages if (lines := untested_examples(p.read_text(encoding="utf-8")))}
    assert not untested, f"examples the doctest builder would skip (use .. doctest:: or .. testcode::): {untested}"


@pytest.mark.slow
def test_every_python_example_on_the_site_runs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-b", "doctest", "docs", str(tmp_path / "doctest")],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    report = (tmp_path / "doctest" / "output.txt").read_text(encoding="utf-8") if (tmp_path / "doctest" / "output.txt").is_file() else ""
    # A page that fails to build is the html test's business; here every example that was collected must pass.
    assert report, done.stdout + done.stderr
    assert re.search(r"\b0 failures in tests", report), report
    tests = int(re.search(r"(\d+) tests\n", report).group(1))  # type: ignore[union-attr]
    assert tests >= 60, report


_EDIT_CONF = """
from pathlib import Path

import bbcore.core_plugin

# The core's data, from the copy this test edits.
bbcore.core_plugin.CORE_DATA_DIR = Path({data!r})
extensions = ["bbcore.sphinxext"]
"""


def _build(project: Path, out: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-n", "-b", "html", str(project), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.mark.slow
def test_an_edited_data_file_shows_on_the_page_after_an_incremental_rebuild(tmp_path: Path, core: Ruleset) -> None:
    """The page is re-read because the directive noted the table's file as a dependency; no -E needed."""
    data = tmp_path / "data"
    shutil.copytree(REPO / "bbcore" / "data", data)
    project = tmp_path / "project"
    project.mkdir()
    (project / "conf.py").write_text(_EDIT_CONF.format(data=str(data)), encoding="utf-8")
    (project / "index.rst").write_text("Weather\n=======\n\n.. bbcore-table:: weather\n   :label:\n", encoding="utf-8")
    (project / "other.rst").write_text(":orphan:\n\nNothing from the data here.\n", encoding="utf-8")
    out = tmp_path / "out"

    _build(project, out)
    old = core.table("weather").rows[-1].name
    assert old in page_text(out / "index.html")

    weather = data / "tables" / "weather.yaml"
    edited = weather.read_text(encoding="utf-8").replace(f"name: {old}", "name: Hailstones the Size of Halflings")
    assert edited != weather.read_text(encoding="utf-8"), f"{old!r} is not written as 'name: {old}' in weather.yaml"
    weather.write_text(edited, encoding="utf-8")
    later = time.time() + 5  # newer than the last build, however coarse the file system's clock
    os.utime(weather, (later, later))

    log = _build(project, out)
    text = page_text(out / "index.html")
    assert "Hailstones the Size of Halflings" in text
    assert old not in text
    assert "other" not in re.findall(r"reading sources\.\.\. \[[^\]]*\] (\S+)", log), "a page without data was re-read"


@pytest.mark.slow
def test_the_directives_note_every_data_file_they_render_from(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "conf.py").write_text('extensions = ["bbcore.sphinxext"]\n', encoding="utf-8")
    (project / "index.rst").write_text("Tables\n======\n\n.. bbcore-tables::\n\n.. bbcore-skills::\n", encoding="utf-8")
    _build(project, tmp_path / "out")
    with (tmp_path / "out" / ".doctrees" / "environment.pickle").open("rb") as file:
        env = pickle.load(file)  # our own build's environment
    noted = {Path(project, dependency).resolve() for dependency in env.dependencies["index"]}
    assert (REPO / "bbcore" / "data" / "tables" / "weather.yaml").resolve() in noted
    assert (REPO / "bbcore" / "data" / "parameters.yaml").resolve() in noted


# -- cross-links and generated overviews ------------------------------------------------------


def test_skill_and_table_names_in_running_text_become_links(core: Ruleset) -> None:
    from bbcore.sphinxext.selection import Labels
    from bbcore.sphinxext.words import linked_text

    markup = linked_text(core, Labels(), "A player with Dodge and Mighty Blow rolls on the Injury table; a Block action or a Dodge roll.")
    assert ":ref:`Dodge <skill-dodge>`" in markup
    assert ":ref:`Mighty Blow <skill-mighty-blow>`" in markup
    assert ":ref:`Injury table <table-injury>`" in markup
    assert "a Block action or a Dodge roll." in markup  # actions and tests are not the skills
    assert linked_text(core, Labels(), "Mighty Blow (+1) again", skip=("skill", "mighty-blow")) == "Mighty Blow (+1) again"
    assert linked_text(core, Labels(), "- a *star* with Guard") == "\\- a \\*star\\* with :ref:`Guard <skill-guard>`"


@pytest.mark.slow
def test_table_rows_link_the_skills_they_name(site: Path) -> None:
    page = html.unescape((site / "reference" / "tables.html").read_text(encoding="utf-8"))
    assert 'href="skills.html#skill-stunty"' in page
    assert 'href="#table-lasting-injury"' in page


@pytest.mark.slow
def test_the_provisional_page_links_every_provisional_table_and_inducement(site: Path, skurling: Ruleset) -> None:
    page = (site / "explanation" / "provisional.html").read_text(encoding="utf-8")
    own = [t for t in skurling.tables.values() if skurling.origins[("table", t.id)].layer > 0 and t.provisional]
    assert own
    for table in own:
        assert re.search(rf'href="[^"]*#skurling-(?:[a-z]+-[a-z-]+-)?table-{re.escape(table.id.replace("/", "-"))}"', page), table.id
    for pack in ("bb2020", "classic"):
        rules = bbcore.load_ruleset(packs=[pack])
        for inducement in rules.inducements.values():
            if inducement.provisional:
                assert f"#{pack}-inducement-{inducement.id.replace('/', '-')}" in page, inducement.id


@pytest.mark.slow
def test_the_provisional_page_lists_the_core_pitch_s_trapdoors_linked_to_the_pitch(site: Path, core: Ruleset) -> None:
    page = html.unescape((site / "explanation" / "provisional.html").read_text(encoding="utf-8"))
    (trapdoor,) = [t for t in core.pitch.feature_types if t.provisional]
    link = re.search(r'<a [^>]*href="([^"]*#pitch-blood-bowl)"[^>]*>(?:<[^>]+>)*([^<]*)<', page)
    assert link is not None
    assert link.group(2) == f"{core.pitch.name}: {trapdoor.name}"
    assert "pitch feature" in page


@pytest.mark.slow
def test_the_gutter_bowl_page_lists_its_changes_from_the_core_with_links(site: Path, gutterbowl: dict[str, Ruleset]) -> None:
    page = html.unescape((site / "variants" / "gutterbowl" / "index.html").read_text(encoding="utf-8"))
    text = page_text(site / "variants" / "gutterbowl" / "index.html")
    street = gutterbowl["street"]
    assert 'href="tables.html#gutterbowl-pitch-street-table-gutterbowl-street-weather"' in page
    assert 'href="../../reference/tables.html#table-weather"' in page
    assert f"players_on_pitch 11 {street.parameters.players_on_pitch}" in text
    assert "Prayers to Nuffle" in text
    assert f"replaced by a list of {len(street.inducements)}" in text
    changes = (site / "variants" / "changes.html").read_text(encoding="utf-8")
    assert 'id="skurling"' in changes
    assert "gutterbowl-pitch-sewer-table-gutterbowl-sewer-weather" in changes


@pytest.mark.slow
def test_the_schemas_page_shows_every_schema_and_its_properties(site: Path) -> None:
    page = html.unescape((site / "reference" / "schemas.html").read_text(encoding="utf-8"))
    for file in sorted((REPO / "schemas").glob("*.schema.json")):
        schema = json.loads(file.read_text(encoding="utf-8"))
        name = file.name.removesuffix(".schema.json")
        assert f'id="schema-{name}"' in page, file.name
        for prop in schema.get("properties", {}):
            assert f'<span class="pre">{prop}</span>' in section(site / "reference" / "schemas.html", f"schema-{name}"), (file.name, prop)


def test_a_position_link_names_its_roster_and_goes_to_its_row(core: Ruleset) -> None:
    from bbcore.sphinxext.selection import Labels
    from bbcore.sphinxext.words import position_link

    assert position_link(core, Labels(), "human/ogre") == ":ref:`Ogre (Human) <position-human-ogre>`"
    assert position_link(core, Labels(), "human/nobody") == "human/nobody"


# -- no hand-typed numbers on the variant and pack pages --------------------------------------

#: The pages whose prose must take every rule's number from the data (roles, directives).
NUMBERLESS_PAGES = (
    "docs/variants/gutterbowl/*.rst",
    "docs/variants/skurling/*.rst",
    "docs/packs/*.rst",
    "docs/examples/sevens/bbcore_sevens/docs/*.rst",
)
_ROLE = re.compile(r":[\w-]+:`[^`]*`")
_LITERAL = re.compile(r"``.*?``")
_REFERENCE = re.compile(r"`[^`]*`_{0,2}")
#: Edition years and dice names are words, not rule numbers.
_ALLOWED = re.compile(r"\b(?:2020|2025)\b|\b\d*D\d+\b")


def typed_numbers(source: str) -> list[tuple[int, str]]:
    """The lines of an .rst source with a digit outside roles, directives, literal blocks, ``literals`` and references."""
    found: list[tuple[int, str]] = []
    block: int | None = None  # the indent of the directive or ``::`` paragraph whose body is being skipped
    for number, line in enumerate(source.splitlines(), 1):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if block is not None and (not stripped or indent > block):
            continue
        block = None
        if stripped.startswith(".. ") or stripped.endswith("::"):
            block = indent
            if stripped.startswith(".. "):
                continue
        prose = _ALLOWED.sub("", _REFERENCE.sub("", _LITERAL.sub("", _ROLE.sub("", line))))
        if re.search(r"\d", prose):
            found.append((number, line))
    return found


def test_the_number_scan_finds_typed_numbers_only_in_prose() -> None:
    source = (
        "Seven: 7 players, :gutterbowl-number:`params.players_on_pitch`, ``x 3``, a D6, 2D6, Blood Bowl 2025.\n"
        "\n.. bbcore-table:: weather\n   :option: pitch=street\n   rows 1-3\n\nExample::\n\n   bbcore 12\n\n"
        "Back to prose: 1-3 the sewer.\n"
    )
    assert [number for number, _ in typed_numbers(source)] == [1, 11]


@pytest.mark.parametrize("pattern", NUMBERLESS_PAGES)
def test_variant_and_pack_pages_type_no_numbers(pattern: str) -> None:
    pages = sorted(REPO.glob(pattern))
    assert pages, pattern
    typed = [
        f"{page.relative_to(REPO)}:{number}: {line.strip()}"
        for page in pages
        for number, line in typed_numbers(page.read_text(encoding="utf-8"))
    ]
    assert not typed, "numbers typed by hand (use a role such as :gutterbowl-number:):\n" + "\n".join(typed)


@pytest.mark.slow
def test_the_gutter_bowl_rules_page_shows_the_numbers_from_data(site: Path, gutterbowl: dict[str, Ruleset]) -> None:
    from bbcore_gutterbowl.variant_rules import variant_rules

    text = page_text(site / "variants" / "gutterbowl" / "rules.html")
    street = gutterbowl["street"]
    assert f"A team is drafted from {street.parameters.draft_budget // 1000}K" in text
    assert f"at most {variant_rules(street).max_non_linemen} of them from positions other than Lineman" in text
    assert f"The same {street.pitch.length} \N{MULTIPLICATION SIGN} {street.pitch.width} grid" in text
    assert f"Halves of {street.parameters.turns_per_half} turns instead of {bbcore.load_ruleset().parameters.turns_per_half}" in text


def test_the_amendment_how_to_names_every_rules_file_a_shipped_plugin_registers() -> None:
    from bbcore.plugins import default_host

    page = (REPO / "docs" / "howto" / "amend-a-rules-file.rst").read_text(encoding="utf-8")
    registered = set(default_host().rules_files)
    assert registered, "no plugin registers a rules file"
    assert not {rules_id for rules_id in registered if f"``{rules_id}``" not in page}


@pytest.mark.slow
def test_the_provisional_page_lists_every_provisional_reading_of_the_plugins_rules_files(site: Path, skurling: Ruleset) -> None:
    text = page_text(site / "explanation" / "provisional.html")
    found = [path for rules_id, data in skurling.rules_files.items() for path, _ in provisional_readings(data, rules_id)]
    assert "skurling/arc.out_of_bounds" in found
    for path in found:
        assert path in text, path
    assert "rules file reading" in text
