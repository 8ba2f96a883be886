"""``bbcore data check``: validate files or whole data directories, as a plugin author would.

A file is read as the kind its place in a data directory says. A file outside that
layout is an installed plugin's rules file when it is one (checked against its schema
and model, then in every ruleset of its plugin), an amendments file when it has an
``amend`` key (applied to every ruleset of the plugins whose files it changes, so its
problems are located in it), a league file when it has a ``fixtures`` key, and a team
file otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from difflib import get_close_matches
from pathlib import Path

from bbcore.errors import DataError, PluginError, Problem, UsageError, display_path
from bbcore.loading.datadir import DIRECTORY_KINDS, FILE_KINDS, data_files, kind_in, kind_of, load_file
from bbcore.loading.plugin_files import load_plugin_file
from bbcore.loading.yaml_source import YamlLoadError, read_yaml
from bbcore.plugins import PluginHost
from bbcore.references import table_coverage_problems
from bbcore.registry import DataSource, RulesFile
from bbcore.resources import CORE_DATA_DIR


class _DirectoryUnderTest:
    """A stand-in plugin that registers one directory as a variant, to resolve it against the core."""

    NAME = "data-check"

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir

    def bbcore_register_data(self, register: object) -> None:
        register.variant(self.NAME, self.data_dir, "directory under check")  # type: ignore[attr-defined]


def _mark_hooks(plugin: _DirectoryUnderTest) -> _DirectoryUnderTest:
    from bbcore.hookspecs import hookimpl  # noqa: PLC0415

    hookimpl(type(plugin).bbcore_register_data)
    return plugin


def _check_file(path: Path, kind: str | None = None) -> list[Problem]:
    from bbcore.ruleset import Origin  # noqa: PLC0415

    loaded, problems = load_file(path, kind)
    if loaded is not None and loaded.kind == "table":
        problems = table_coverage_problems(loaded.model, Origin(loaded.document, ()))
    return problems


Selection = tuple[str | None, tuple[str, ...], dict[str, str]]


def _source_selections(host: PluginHost, source: DataSource) -> list[Selection]:
    """The rulesets that exercise one variant or pack: it under every value of its plugin's options."""
    options = [o for o in host.options.values() if o.plugin == source.plugin]
    combos: list[dict[str, str]] = [{}]
    for option in options:
        combos = [{**combo, option.key: value} for combo in combos for value in option.values]
    variant = source.name if source.kind == "variant" else None
    packs = (source.name,) if source.kind == "pack" else ()
    return [(variant, packs, combo) for combo in combos]


def _selections(host: PluginHost, directory: Path) -> list[Selection]:
    """The rulesets that exercise an installed plugin's directory: its variant or pack under every value of its options."""
    resolved = directory.resolve()
    return next((_source_selections(host, s) for s in host.sources if s.data_dir.resolve() == resolved), [])


def _plugin_selections(host: PluginHost, plugins: Iterable[str]) -> list[Selection]:
    """The rulesets that exercise every variant and pack of these plugins (the core alone for none of them)."""
    wanted = set(plugins)
    found = [selection for s in host.sources if s.plugin in wanted and s.kind != "core" for selection in _source_selections(host, s)]
    return found or [(None, (), {})]


def _built_problems(host: PluginHost, selections: Iterable[Selection], amendments: Sequence[Path] = ()) -> list[Problem]:
    """Every problem of building these rulesets, each once (rulesets whose options a plugin refuses are skipped)."""
    from bbcore.ruleset import build_ruleset  # noqa: PLC0415 - avoids an import cycle
    from bbcore.teams.files import named_problems  # noqa: PLC0415 - the teams package imports the ruleset

    problems: list[Problem] = []
    seen: set[str] = set()

    def add(found: Iterable[Problem]) -> None:
        fresh = [p for p in found if str(p) not in seen]
        seen.update(str(p) for p in fresh)
        problems.extend(fresh)

    for variant, packs, options in selections:
        try:
            ruleset = build_ruleset(variant, packs, options, host=host, amendments=amendments)
        except UsageError:
            continue  # options a plugin refuses together (bbcore_option_problems): no ruleset to check
        except DataError as error:
            add(error.problems)
            continue
        # The ready-made teams: everything they name, which loading a ruleset leaves to the team checks.
        for ref in ruleset.team_files:
            add(named_problems(ruleset, ref))
    return problems


def _check_rules_file(host: PluginHost, rules: RulesFile) -> list[Problem]:
    """An installed plugin's rules file: its schema and model, then what it names, in every ruleset of its plugin."""
    try:
        load_plugin_file(rules.path, rules.schema, rules.model)
    except DataError as error:
        return list(error.problems)
    return _built_problems(host, _plugin_selections(host, [rules.plugin]))


def _check_amendments(host: PluginHost, path: Path) -> list[Problem]:
    """An amendments file on its own: its form, then applied to every ruleset of the plugins whose files it amends."""
    loaded, problems = load_file(path, "amendments")
    if loaded is None or problems:
        return problems
    owners = {host.rules_files[a.rules].plugin for a in loaded.model.amend if a.rules in host.rules_files}
    return _built_problems(host, _plugin_selections(host, owners), amendments=[path])


def _check_lone_file(path: Path) -> list[Problem]:
    """A file outside the data layout: a plugin's rules file, an amendments file (it has ``amend``), a league file (it
    has ``fixtures``), else a team file."""
    try:
        host = PluginHost()
    except PluginError as error:
        return [Problem("plugin", str(error), "$", display_path(path))]
    resolved = path.resolve()
    rules = next((r for r in host.rules_files.values() if r.path.resolve() == resolved), None)
    if rules is not None:
        return _check_rules_file(host, rules)
    try:
        data = read_yaml(path).data
    except YamlLoadError:
        data = None  # reported by the load below, whatever kind it is read as
    if isinstance(data, dict) and "amend" in data:
        return _check_amendments(host, path)
    if isinstance(data, dict) and "fixtures" in data:
        return _check_league(path)
    return _check_team_file(path)  # a team file is the likeliest intent


def _check_team_file(path: Path) -> list[Problem]:
    """A team file: its form, then what it names (variant, roster, positions, skills, staff...) in its variant's ruleset.

    Whether the team is legal (budget, limits) is ``bbcore team check``'s question, not this one; so are its
    inducements, which may come from a pack.
    """
    from bbcore.ruleset import load_ruleset  # noqa: PLC0415 - avoids an import cycle
    from bbcore.teams.checks import check_team, unknown_names  # noqa: PLC0415
    from bbcore.teams.files import load_team_file, variant_of  # noqa: PLC0415

    try:
        team_file = load_team_file(path)
        ruleset = load_ruleset(variant_of([team_file]))
    except DataError as error:
        return list(error.problems)
    except PluginError as error:
        return [Problem("plugin", str(error), "$", display_path(path))]
    report = check_team(ruleset, team_file.team, team_file.document)
    # Inducements may come from a pack, which a team file does not name: ``team check --pack`` knows them.
    return [problem for problem in unknown_names(report.problems) if problem.code != "unknown-inducement"]


def _check_league(path: Path) -> list[Problem]:
    """A league file: its form, then what the schema cannot see (see :mod:`bbcore.leagues`)."""
    from bbcore.leagues import load_league_file  # noqa: PLC0415

    try:
        load_league_file(path)
    except DataError as error:
        return list(error.problems)
    return []


#: Files a data directory may hold besides its data files: the core's edition (read by :mod:`bbcore.edition`).
_OTHER_FILES = ("edition.yaml",)
#: How alike a name must be to one of the layout's to be taken for a misspelling of it (difflib's ratio).
_LIKE_A_LAYOUT_NAME = 0.8


def _stray_files(directory: Path, rules_files: Iterable[Path]) -> list[Problem]:
    """YAML files in a data directory that the layout does not read but looks meant to: a misspelt name
    (``roster/``, ``skill.yaml``) or a folder inside a layout folder, which would otherwise be skipped in silence.

    Other files are left alone: a plugin may keep files of its own there, registered as
    rules files or read by its own code.
    """
    registered = {path.resolve() for path in rules_files}
    expected = [*FILE_KINDS, *_OTHER_FILES, *(f"{folder}/" for folder in DIRECTORY_KINDS)]
    problems: list[Problem] = []
    for path in sorted(directory.rglob("*")):
        relative = path.relative_to(directory)
        parts = relative.parts
        if path.suffix not in (".yaml", ".yml") or not path.is_file() or path.resolve() in registered:
            continue
        if any(part.startswith(".") for part in parts) or (kind_of(path) is not None and len(parts) <= 2):
            continue
        if parts[0] in DIRECTORY_KINDS:
            why = f"only the files right in {parts[0]}/ are read, not those in its folders"
        else:
            name = parts[0] + ("/" if len(parts) > 1 else "")
            close = get_close_matches(name, expected, n=1, cutoff=_LIKE_A_LAYOUT_NAME)
            if not close or close[0] == name:
                continue
            why = f"no part of the data layout reads it; did you mean {close[0]}?"
        problems.append(Problem("stray-data-file", f"not read: {why}", "$", display_path(path)))
    return problems


def _check_directory(directory: Path) -> tuple[int, list[Problem]]:
    files = data_files(directory)
    problems = [p for path in files for p in _check_file(path, kind_in(directory, path))] or _resolution_problems(directory)
    try:
        registered = [rules.path for rules in PluginHost().rules_files.values()]
    except PluginError:
        registered = []  # a broken plugin's rules files cannot be told from strays; its own problem is reported too
    return len(files), problems + _stray_files(directory, registered)


def _resolved_in_place(path: Path, resolved: dict[Path, list[Problem]]) -> list[Problem]:
    """A data file, sound on its own, resolved with the rest of its data directory (what it names, ids it repeats):
    the problems found in it. When the directory's other files keep it from being resolved, a problem says so rather
    than calling the file valid; a broken plugin is named as it is. ``resolved`` keeps each directory's problems, so
    the files of one directory resolve it once."""
    root = (path.parent.parent if path.parent.name in DIRECTORY_KINDS else path.parent).resolve()
    if root not in resolved:
        resolved[root] = _resolution_problems(root)
    found = resolved[root]
    own = [p for p in found if p.file is not None and Path(p.file).resolve() == path.resolve()]
    if own or not found:
        return own
    broken_plugins = [p for p in found if p.code == "plugin"]
    if broken_plugins:
        return broken_plugins
    elsewhere = sorted({p.file or display_path(root) for p in found})
    return [
        Problem(
            "unresolved",
            f"sound on its own, but not resolved with the rest of its data directory, whose other files have problems"
            f" ({', '.join(elsewhere)}): check the directory",
            "$",
            display_path(path),
        )
    ]


def _resolution_problems(directory: Path) -> list[Problem]:
    """Files sound one by one, resolved across each other and the core: an installed plugin's directory under each of
    its option values, any other as a stand-in variant."""
    from bbcore.ruleset import build_ruleset  # noqa: PLC0415

    try:
        if directory.resolve() == CORE_DATA_DIR.resolve():
            build_ruleset(host=PluginHost(entry_points=False))
            return []
        host = PluginHost()
        selections = _selections(host, directory)
        if not selections:
            host = PluginHost([(_DirectoryUnderTest.NAME, _mark_hooks(_DirectoryUnderTest(directory)))], entry_points=False)
            selections = [(_DirectoryUnderTest.NAME, (), {})]
        return _built_problems(host, selections)
    except PluginError as error:
        return [Problem("plugin", str(error), "$", display_path(directory))]


def check_paths(paths: Iterable[Path]) -> tuple[int, list[Problem]]:
    """Validate files and directories; return how many files were read and every problem."""
    count = 0
    problems: list[Problem] = []
    resolved: dict[Path, list[Problem]] = {}
    for path in paths:
        if path.is_dir():
            checked, found = _check_directory(path)
            if checked == 0:
                nothing = Problem(
                    "no-data-files", "no data files here (expected rosters/, tables/, skills.yaml, ...)", "$", display_path(path)
                )
                found = [nothing, *(p for p in found if p.code == "stray-data-file")]
            count += checked
            problems.extend(found)
        elif path.is_file():
            count += 1
            if kind_of(path) is None and path.suffix in (".yaml", ".yml"):
                problems.extend(_check_lone_file(path))
            else:
                problems.extend(_check_file(path) or _resolved_in_place(path, resolved))
        elif path.exists():
            problems.append(Problem("not-a-file", "not a file nor a folder (a device or a pipe)", "$", display_path(path)))
        else:
            problems.append(Problem("no-such-path", "no such file or directory", "$", display_path(path)))
    return count, problems
