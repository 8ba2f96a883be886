"""``bbcore data check``: validate files or whole data directories, as a plugin author would."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from bbcore.errors import DataError, PluginError, Problem, UsageError, display_path
from bbcore.loading.datadir import data_files, kind_of, load_file
from bbcore.plugins import PluginHost
from bbcore.references import table_coverage_problems
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


def _check_file(path: Path) -> list[Problem]:
    from bbcore.ruleset import Origin  # noqa: PLC0415

    loaded, problems = load_file(path)
    if loaded is not None and loaded.kind == "table":
        problems = table_coverage_problems(loaded.model, Origin(loaded.document, ()))
    return problems


def _selections(host: PluginHost, directory: Path) -> list[tuple[str | None, tuple[str, ...], dict[str, str]]]:
    """The rulesets that exercise an installed plugin's directory: its variant or pack under every value of its options."""
    resolved = directory.resolve()
    for source in host.sources:
        if source.data_dir.resolve() != resolved:
            continue
        options = [o for o in host.options.values() if o.plugin == source.plugin]
        combos: list[dict[str, str]] = [{}]
        for option in options:
            combos = [{**combo, option.key: value} for combo in combos for value in option.values]
        variant = source.name if source.kind == "variant" else None
        packs = (source.name,) if source.kind == "pack" else ()
        return [(variant, packs, combo) for combo in combos]
    return []


def _check_directory(directory: Path) -> tuple[int, list[Problem]]:
    files = data_files(directory)
    problems = [p for path in files for p in _check_file(path)]
    if problems:
        return len(files), problems
    # Files are sound one by one; now resolve references across them and the core: an
    # installed plugin's directory under each of its option values, any other as a stand-in variant.
    from bbcore.ruleset import build_ruleset  # noqa: PLC0415

    try:
        if directory.resolve() == CORE_DATA_DIR.resolve():
            build_ruleset(host=PluginHost(entry_points=False))
            return len(files), problems
        host = PluginHost()
        selections = _selections(host, directory)
        if not selections:
            host = PluginHost([(_DirectoryUnderTest.NAME, _mark_hooks(_DirectoryUnderTest(directory)))], entry_points=False)
            selections = [(_DirectoryUnderTest.NAME, (), {})]
        seen: set[str] = set()
        for variant, packs, options in selections:
            try:
                build_ruleset(variant, packs, options, host=host)
            except UsageError:
                continue  # options a plugin refuses together (bbcore_option_problems): no ruleset to check
            except DataError as error:
                fresh = [p for p in error.problems if str(p) not in seen]
                seen.update(str(p) for p in fresh)
                problems.extend(fresh)
    except PluginError as error:
        problems.append(Problem("plugin", str(error), "$", display_path(directory)))
    return len(files), problems


def check_paths(paths: Iterable[Path]) -> tuple[int, list[Problem]]:
    """Validate files and directories; return how many files were read and every problem."""
    count = 0
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            checked, found = _check_directory(path)
            if checked == 0:
                found = [
                    Problem("no-data-files", "no data files here (expected rosters/, tables/, skills.yaml, ...)", "$", display_path(path))
                ]
            count += checked
            problems.extend(found)
        elif path.is_file():
            count += 1
            if kind_of(path) is None and path.suffix in (".yaml", ".yml"):
                # A lone file outside the layout: a team file is the likeliest intent.
                _, found = load_file(path, "team")
                problems.extend(found)
            else:
                problems.extend(_check_file(path))
        else:
            problems.append(Problem("no-such-path", "no such file or directory", "$", display_path(path)))
    return count, problems
