"""Pytest fixtures for plugin authors (registered through the ``pytest11`` entry point).

Installing bbcore makes these fixtures available in any test suite; a plugin's own
tests use them without importing anything::

    import bbcore_myvariant.plugin as plugin

    def test_my_table_replaces_weather(plugin_ruleset):
        rules = plugin_ruleset(plugin)               # the core and this plugin only
        assert rules.table("weather").id == "myvariant/weather"

    def test_a_team_of_seven(plugin_ruleset, make_team):
        rules = plugin_ruleset(plugin)
        team = make_team({"human/human-lineman": 7}, ruleset=rules)

    def test_a_broken_row(assert_data_error):
        assert_data_error("id: x\\n...", "table", "rows")

The fixtures:

``plugin_ruleset``
    A ruleset built from the core and one plugin only (installed entry points off),
    so a test sees exactly the plugin under test.
``make_ruleset``
    A ruleset from the installed plugins plus any plugin objects given.
``scripted_dice``
    Dice that roll what the test says, checked to be used up when the test ends.
``make_team``
    A :class:`~bbcore.model.team.Team` from positions, ``{"human/ogre": 1, ...}``.
``data_override``
    A ruleset built from a temporary copy of a data directory with one value changed
    by JSON path, for "what if this number were different" tests.
``assert_data_error``
    Asserts that a data file (or YAML text) fails with a message, located by file,
    line, column and JSON path.

Every fixture is also a plain function here (:func:`plugin_ruleset`,
:func:`team_from_positions`, :func:`override_data`, :func:`assert_data_error`) for
use outside pytest; :func:`table_rows` gives a table's dice and ranges, to pin them
to the source's numbers. Each ruleset is built without the process cache.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from bbcore.dice import ScriptedDice
from bbcore.errors import Problem, UsageError
from bbcore.model.team import Team, TeamPlayer
from bbcore.plugins import PluginHost, plugin_module_name
from bbcore.rules.board import build_board
from bbcore.ruleset import Ruleset, build_ruleset

MakeRuleset = Callable[..., Ruleset]

#: ``plugin_ruleset(..., variant=OWN_VARIANT)`` (the default): the variant the plugin registers, if it registers one.
OWN_VARIANT = ":own"

#: ``override_data(..., value=REMOVE)`` deletes the key or list item at the path instead of setting it.
REMOVE = object()


# -- a ruleset with one plugin -------------------------------------------------------------


def default_plugin_name(plugin: object) -> str:
    """The name a plugin is registered under when none is given: ``bbcore_sevens.plugin`` gives ``sevens``."""
    name = plugin_module_name(plugin).split(".")[0]
    return name.removeprefix("bbcore_").replace("_", "-")


def plugin_host(plugin: object, name: str | None = None) -> PluginHost:
    """A plugin host with the core and ``plugin`` only: installed entry points are not loaded."""
    return PluginHost([(name or default_plugin_name(plugin), plugin)], entry_points=False)


def _variant_of(host: PluginHost, plugin_name: str, variant: str | None) -> str | None:
    if variant != OWN_VARIANT:
        return variant
    own = [source.name for source in host.sources if source.plugin == plugin_name and source.kind == "variant"]
    if len(own) > 1:
        raise UsageError(f"plugin {plugin_name!r} registers several variants ({', '.join(own)}); name one with variant=")
    return own[0] if own else None


def plugin_ruleset(
    plugin: ModuleType | object,
    *,
    variant: str | None = OWN_VARIANT,
    packs: Iterable[str] = (),
    options: Mapping[str, str] | None = None,
    name: str | None = None,
    amendments: Iterable[str | Path] = (),
) -> Ruleset:
    """The ruleset of the core and ``plugin`` alone, whatever else is installed.

    ``plugin`` is the module (or object) holding the hook implementations, the one
    your entry point names. ``variant`` defaults to the variant the plugin registers
    (None when it registers none, say for a pack); pass ``variant=None`` for the core
    rules with the plugin's extension hooks active. ``name`` is the plugin's name
    (default: the package name without ``bbcore_``). ``amendments`` are
    ``amendments.yaml`` files laid over everything (as ``--amend``), to test that
    the plugin's rules files are read through the ruleset.
    """
    plugin_name = name or default_plugin_name(plugin)
    host = plugin_host(plugin, plugin_name)
    return build_ruleset(_variant_of(host, plugin_name, variant), packs, options, host=host, amendments=amendments)


@pytest.fixture(name="plugin_ruleset")
def plugin_ruleset_fixture() -> Callable[..., Ruleset]:
    """``plugin_ruleset(plugin, variant=..., packs=..., options=..., amendments=...)``: the core and one plugin only."""
    return plugin_ruleset


@pytest.fixture
def make_ruleset() -> MakeRuleset:
    """Build a ruleset from the installed plugins plus any plugin objects given."""

    def make(
        variant: str | None = None,
        packs: Iterable[str] = (),
        options: Mapping[str, str] | None = None,
        plugins: Sequence[tuple[str, object]] = (),
        entry_points: bool = True,
        amendments: Iterable[str | Path] = (),
    ) -> Ruleset:
        host = PluginHost(plugins, entry_points=entry_points)
        return build_ruleset(variant, packs, options, host=host, amendments=amendments)

    return make


# -- dice ------------------------------------------------------------------------------------


@pytest.fixture
def scripted_dice() -> Iterator[Callable[[Iterable[int]], ScriptedDice]]:
    """A factory of scripted dice; every script made must be used up by the end of the test."""
    made: list[ScriptedDice] = []

    def make(rolls: Iterable[int]) -> ScriptedDice:
        dice = ScriptedDice(rolls)
        made.append(dice)
        return dice

    yield make
    for dice in made:
        dice.assert_used_up()


# -- teams ---------------------------------------------------------------------------------


def team_from_positions(
    positions: Mapping[str, int] | Iterable[str],
    *,
    ruleset: Ruleset | None = None,
    name: str = "Test Team",
    **fields: Any,
) -> Team:
    """A team from positions: ``{"human/human-lineman": 6, "human/ogre": 1}`` or a list of ``roster/position``.

    Players are named ``Player 1``, ``Player 2``... in order. ``fields`` are any other
    :class:`~bbcore.model.team.Team` fields (``rerolls=2``, ``staff={"apothecary": True}``,
    ``variant="sevens"``). With ``ruleset``, every position is looked up first, so a typo
    fails here with a hint rather than later as a team problem.
    """
    listed = [ref for ref, count in positions.items() for _ in range(count)] if isinstance(positions, Mapping) else list(positions)
    for ref in listed:
        if "/" not in ref:
            raise UsageError(f"positions are named <roster-id>/<position-id>, e.g. human/ogre; got {ref!r}")
        if ruleset is not None:
            ruleset.position(ref)
    players = tuple(TeamPlayer(name=f"Player {i}", position=ref, number=i) for i, ref in enumerate(listed, start=1))
    return Team(name=name, players=players, **fields)


@pytest.fixture
def make_team() -> Callable[..., Team]:
    """``make_team({"human/human-lineman": 7}, ruleset=..., rerolls=1)``: a Team model, see :func:`team_from_positions`."""
    return team_from_positions


# -- a temporary change to the data ------------------------------------------------------------

_PATH_PART = re.compile(r"\.([A-Za-z_][\w-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]")


def parse_json_path(path: str) -> tuple[str | int, ...]:
    """``$.rows[0].name`` as ``("rows", 0, "name")``; the dialect of the messages (``$.a[0]``, ``$['odd key']``)."""
    if not path.startswith("$"):
        raise UsageError(f"a JSON path starts with '$', e.g. $.rows[0].max; got {path!r}")
    parts: list[str | int] = []
    at = 1
    while at < len(path):
        found = _PATH_PART.match(path, at)
        if found is None:
            raise UsageError(f"cannot read the JSON path {path!r} from {path[at:]!r}; write keys as .key or ['key'] and items as [0]")
        key, index, quoted = found.groups()
        parts.append(int(index) if index is not None else key if key is not None else quoted.replace("\\'", "'").replace("\\\\", "\\"))
        at = found.end()
    return tuple(parts)


def edit_yaml_file(file: Path, path: str, value: Any) -> None:
    """Set (or with :data:`REMOVE`, delete) the value at a JSON path of a YAML file, keeping the rest as written."""
    from bbcore.loading.yaml_source import _new_yaml  # noqa: PLC0415 - the round-trip loader keeps comments and order

    yaml = _new_yaml()
    document = yaml.load(file.read_text(encoding="utf-8"))
    parts = parse_json_path(path)
    if not parts:
        raise UsageError("the JSON path '$' names the whole file; name a value inside it")
    parent = document
    for depth, part in enumerate(parts[:-1]):
        try:
            parent = parent[part]
        except (KeyError, IndexError, TypeError):
            walked = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts[: depth + 1])
            raise UsageError(f"{file}: nothing at {walked} (on the way to {path})") from None
    last = parts[-1]
    try:
        if value is REMOVE:
            del parent[last]
        elif isinstance(last, int) and last == len(parent):
            parent.append(value)  # one past the end adds an item
        else:
            parent[last] = value
    except (KeyError, IndexError, TypeError):
        raise UsageError(f"{file}: cannot set {path}: its parent holds no {last!r}") from None
    with file.open("w", encoding="utf-8") as out:
        yaml.dump(document, out)


def override_data(
    file: str,
    path: str,
    value: Any,
    *,
    workdir: Path,
    plugin: ModuleType | object | None = None,
    name: str | None = None,
    source: str | None = None,
    variant: str | None = OWN_VARIANT,
    packs: Iterable[str] = (),
    options: Mapping[str, str] | None = None,
) -> Ruleset:
    """A ruleset built after changing one value in a copy of a data directory.

    ``file`` is relative to the data directory (``tables/weather.yaml``), ``path`` a
    JSON path in it (``$.rows[0].max``) and ``value`` the new value (:data:`REMOVE`
    deletes it). Without ``plugin`` the core's data is copied and edited; with one,
    the directory the plugin registered (``source`` names which, for a plugin that
    registers several). The copy is made under ``workdir`` and the installed files
    are never touched. Invalid data raises :class:`~bbcore.errors.DataError`, as
    loading the real files would.
    """
    if plugin is None:
        host = PluginHost(entry_points=False)
        plugin_name = host.core_source().plugin
        variant = None if variant == OWN_VARIANT else variant
    else:
        plugin_name = name or default_plugin_name(plugin)
        host = plugin_host(plugin, plugin_name)
        variant = _variant_of(host, plugin_name, variant)
    owned = [i for i, s in enumerate(host.sources) if s.plugin == plugin_name and (source is None or s.name == source)]
    if len(owned) != 1:
        names = ", ".join(s.name for s in host.sources if s.plugin == plugin_name) or "none"
        raise UsageError(f"plugin {plugin_name!r} registered data directories: {names}; name one with source=")
    original = host.sources[owned[0]]
    copy = workdir / f"{original.name}-data"
    n = 1
    while copy.exists():
        n += 1
        copy = workdir / f"{original.name}-data-{n}"
    shutil.copytree(original.data_dir, copy)
    target = copy / file
    if not target.is_file():
        raise UsageError(f"no data file {file!r} in {original.data_dir}")
    edit_yaml_file(target, path, value)
    host.sources[owned[0]] = attrs.evolve(original, data_dir=copy)
    return build_ruleset(variant, packs, options, host=host)


@pytest.fixture
def data_override(tmp_path: Path) -> Callable[..., Ruleset]:
    """``data_override("tables/weather.yaml", "$.rows[0].max", 3, plugin=...)``: see :func:`override_data`."""

    def make(file: str, path: str, value: Any, **selection: Any) -> Ruleset:
        return override_data(file, path, value, workdir=tmp_path, **selection)

    return make


# -- "this data fails with this message" ----------------------------------------------------------


def data_problems(path_or_text: Path | str, kind: str | None = None) -> list[Problem]:
    """Every problem found in a data file, a data directory, or YAML text of the given kind.

    A :class:`~pathlib.Path` is read from disk: a file as ``bbcore data check`` reads it
    (its kind from where it sits, or ``kind``), a directory with its references
    resolved against the core. A ``str`` is YAML text and needs ``kind`` (``table``,
    ``roster``, ``pitch``, ``parameters``, ``sequence``, ``skill``, ``team``...); its
    messages name the file ``<text>``.
    """
    from bbcore.datacheck import check_paths  # noqa: PLC0415
    from bbcore.loading.datadir import MODELS, load_file, load_text  # noqa: PLC0415
    from bbcore.references import table_coverage_problems  # noqa: PLC0415
    from bbcore.ruleset import Origin  # noqa: PLC0415

    if isinstance(path_or_text, Path):
        if kind is None or path_or_text.is_dir():
            return check_paths([path_or_text])[1]
        loaded, problems = load_file(path_or_text, kind)
    else:
        if kind not in MODELS:
            raise UsageError(f"YAML text needs its kind, one of {', '.join(sorted(MODELS))}; got {kind!r}")
        loaded, problems = load_text(path_or_text, "<text>", kind)
    if loaded is not None and loaded.kind == "table":
        problems = table_coverage_problems(loaded.model, Origin(loaded.document, ()))
    return problems


def assert_data_error(path_or_text: Path | str, kind: str | None, expected: str, *, at: str | None = None) -> Problem:
    """Assert that the data fails with a message containing ``expected``, located in the file; return that problem.

    The matching problem must name the file, line and column, and a JSON path
    (``file:line:col: $.path: message``); ``at`` also requires that exact path. A
    failing assertion lists every problem that was found instead.
    """
    problems = data_problems(path_or_text, kind)
    found = "\n".join(f"  {p}" for p in problems) or "  (no problem at all: the data is valid)"
    matches = [p for p in problems if expected in str(p)]
    assert matches, f"no problem mentions {expected!r}; the problems found:\n{found}"
    located = [p for p in matches if p.file is not None and p.line is not None and p.col is not None and p.path.startswith("$")]
    assert located, f"problems mention {expected!r} but none gives file:line:col and a JSON path:\n{found}"
    if at is not None:
        here = [p for p in located if p.path == at]
        assert here, f"problems mention {expected!r}, but at {', '.join(p.path for p in located)}, not at {at}:\n{found}"
        return here[0]
    return located[0]


@pytest.fixture(name="assert_data_error")
def assert_data_error_fixture() -> Callable[..., Problem]:
    """``assert_data_error(path_or_text, kind, expected, at=None)``: see :func:`assert_data_error`."""
    return assert_data_error


def table_rows(ruleset: Ruleset, table_id: str) -> tuple[str | None, list[tuple[int | None, int | None, str]]]:
    """A table's dice and its rows as ``(lowest, highest, row id)``, in order: what a test compares with the
    numbers its source prints, so that a row moved in the data fails (a roll looked up in the data would not)."""
    table = ruleset.table(table_id)
    return table.dice, [(row.min, row.max, row.id) for row in table.rows]


def build_page(folder: Path, extensions: Iterable[str], body: str, *, strict: bool = False) -> tuple[int, str]:
    """Build a one-page Sphinx project with ``extensions`` around ``body`` (reStructuredText) in ``folder``.

    Returns the build's exit status and the page's text without its HTML tags, followed by
    any warnings and errors, so a test checks both what a directive or a role rendered and
    what it complained about. ``strict`` turns warnings into errors (``-W``), as the site's
    own build does.
    """
    from sphinx.cmd.build import build_main  # noqa: PLC0415 - only tests of Sphinx extensions need Sphinx

    source = folder / "src"
    source.mkdir(parents=True)
    (source / "conf.py").write_text(f"extensions = {list(extensions)!r}\n", encoding="utf-8")
    (source / "index.rst").write_text(f"Test\n====\n\n{body}\n", encoding="utf-8")
    out, errors = folder / "out", folder / "errors.txt"
    status = build_main(["-q", *(["-W"] if strict else []), "-w", str(errors), "-b", "html", str(source), str(out)])
    page = out / "index.html"
    text = page.read_text(encoding="utf-8") if page.is_file() else ""
    return status, " ".join(re.sub(r"<[^>]+>", " ", text).split()) + errors.read_text(encoding="utf-8")


__all__ = [
    "OWN_VARIANT",
    "REMOVE",
    "MakeRuleset",
    "assert_data_error",
    "build_board",
    "build_page",
    "data_problems",
    "default_plugin_name",
    "edit_yaml_file",
    "make_ruleset",
    "make_team",
    "override_data",
    "parse_json_path",
    "plugin_host",
    "plugin_ruleset",
    "scripted_dice",
    "table_rows",
    "team_from_positions",
]
