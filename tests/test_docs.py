"""The site builds warning-free from the loaded ruleset, and the hook reference cannot drift from the hookspecs."""

from __future__ import annotations

import html
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bbcore
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
    rules = arc_rules()
    assert f"at least one has {rules.target_points} points or more" in text
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
def test_the_skurling_tables_page_flags_every_provisional_table(site: Path, skurling: Ruleset) -> None:
    page = site / "variants" / "skurling" / "tables.html"
    own = [t for t in skurling.tables.values() if skurling.origins[("table", t.id)].layer > 0]
    assert len(own) >= 16
    for table in own:
        entry = section(page, f"skurling-table-{table.id.replace('/', '-')}")
        flagged = '<p class="admonition-title">Provisional</p>' in entry
        assert flagged == table.provisional, table.id
    for option, table_id in [("season-spring", "spring-weather"), ("ground-moor", "moor-weather")]:
        assert f'id="skurling-{option}-table-skurling-{table_id}"' in page.read_text(encoding="utf-8")


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
    for headliner in headliners():
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
    assert '<p class="admonition-title">Incomplete</p>' in entry
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
