"""``bbcore new-plugin NAME``: the files of a new variant plugin distribution.

The layout is the one the built-in variants and the Sevens example use: a
``pyproject.toml`` with the entry point in the ``bbcore`` group, a package holding
``plugin.py`` (hook implementations only) and ``data/`` (laid out like the core's),
a test using the :mod:`bbcore.testing` fixtures, and a docs page built by the
``bbcore.sphinxext`` directives.
"""

from __future__ import annotations

import shutil
from importlib import metadata
from pathlib import Path

from attrs import frozen

from bbcore.errors import UsageError
from bbcore.plugins import CORE_PLUGIN, ENTRY_POINT_GROUP
from bbcore.registry import KEBAB_CASE


@frozen
class PluginNames:
    """The names one plugin goes by, all derived from its kebab-case name."""

    name: str  # the entry point, the variant and the prefix of its ids: my-variant
    package: str  # the import name: bbcore_my_variant
    distribution: str  # the name pip knows: bbcore-my-variant

    @classmethod
    def of(cls, name: str) -> PluginNames:
        if not KEBAB_CASE.fullmatch(name):
            raise UsageError(f"a plugin name is kebab-case (lowercase letters, digits, single hyphens; a letter first): got {name!r}")
        if name == CORE_PLUGIN:
            raise UsageError(f"{name!r} is the name bbcore's own rules go by; give the plugin a name of its own")
        return cls(name, "bbcore_" + name.replace("-", "_"), "bbcore-" + name)

    @property
    def title(self) -> str:
        return self.name.replace("-", " ").title()


def scaffold_files(names: PluginNames) -> dict[str, str]:
    """Every file of the new plugin, by path relative to its directory."""
    n, pkg, title = names.name, names.package, names.title
    test_file = f"tests/test_{pkg.removeprefix('bbcore_')}_plugin.py"
    return {
        "pyproject.toml": f'''[build-system]
requires = ["hatchling>=1.24"]
build-backend = "hatchling.build"

[project]
name = "{names.distribution}"
version = "0.1.0"
description = "{title}: a variant of Blood Bowl. A bbcore plugin."
requires-python = ">=3.11"
dependencies = ["bbcore"]

# bbcore finds plugins through this entry point group. The name on the left is the
# plugin's name in `bbcore plugins`; the right names the module of hook implementations.
[project.entry-points.bbcore]
{n} = "{pkg}.plugin"

[tool.hatch.build.targets.wheel]
packages = ["{pkg}"]

[tool.pytest.ini_options]
testpaths = ["tests"]
''',
        f"{pkg}/__init__.py": f'"""{title}: a variant of Blood Bowl, as a bbcore plugin."""\n',
        f"{pkg}/py.typed": "",
        f"{pkg}/plugin.py": f'''"""The {title} plugin: hook implementations only.

bbcore calls these through the entry point in pyproject.toml. Every hook is listed
in the bbcore hook reference; implement the ones the variant needs, for example
``bbcore_team_checks`` for a team-building rule or ``bbcore_register_sequence_steps``
for the procedure of a step added in ``data/sequences.yaml``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bbcore import hookimpl

if TYPE_CHECKING:
    from bbcore.registry import DataRegistrar, SitePageRegistrar

DATA_DIR = Path(__file__).parent / "data"


@hookimpl
def bbcore_register_data(register: DataRegistrar) -> None:
    """{title} is a game variant, selected with ``--variant {n}``."""
    register.variant("{n}", DATA_DIR, "{title}: a variant of Blood Bowl.")


@hookimpl
def bbcore_register_site_pages(register: SitePageRegistrar) -> None:
    """The variant's page of a bbcore rules site, generated from its data."""
    register.page("{n}", Path(__file__).parent / "docs" / "{n}.rst")
''',
        f"{pkg}/data/tables/example.yaml": f"""# A table this variant adds. Its id starts with the variant's name; its rows cover
# the dice range exactly once. Check the data with: bbcore data check {pkg}/data
id: {n}/example
name: Example Table
dice: D6
source: "{title}: example table"
provisional: true
note: "A placeholder made by bbcore new-plugin: replace it with the variant's own table."
rows:
  - min: 1
    max: 3
    id: nothing
    name: Nothing Happens
    text: "Nothing happens."
  - min: 4
    max: 6
    id: something
    name: Something Happens
    text: "Describe what happens, in your own words."
""",
        test_file: f'''"""{title}: the plugin's own tests, with the fixtures of bbcore.testing."""

from __future__ import annotations

from pathlib import Path

import {pkg}.plugin as plugin
from bbcore.testing import data_problems

DATA = Path(plugin.__file__).parent / "data"


def test_the_data_is_valid() -> None:
    assert [str(problem) for problem in data_problems(DATA)] == []


def test_the_variant_adds_its_table(plugin_ruleset) -> None:
    rules = plugin_ruleset(plugin)  # the core and this plugin only
    assert rules.variant == "{n}"
    assert rules.table("{n}/example").dice == "D6"


def test_a_broken_row_is_reported_with_its_place(assert_data_error) -> None:
    broken = (DATA / "tables" / "example.yaml").read_text(encoding="utf-8").replace("max: 3", "max: 2")
    assert_data_error(broken, "table", "3")
''',
        f"{pkg}/docs/{n}.rst": f"""{title}
{"=" * len(title)}

{title} is a variant of Blood Bowl: the ``{names.distribution}`` plugin, selected
with ``--variant {n}``. This page is generated from the plugin's data by the
``bbcore.sphinxext`` directives; the plugin offers it to any site that uses them
(``bbcore_register_site_pages``), which lists it on its ``plugins/index`` page once
the plugin is installed.

Parameters
----------

.. bbcore-parameters::
   :variant: {n}

Tables
------

.. bbcore-tables::
   :variant: {n}
   :own:
""",
    }


def installed_plugin(name: str) -> str | None:
    """The distribution that already installs a plugin by this name (its entry point), or None."""
    for entry_point in metadata.entry_points(group=ENTRY_POINT_GROUP, name=name):
        dist = entry_point.dist
        return dist.name if dist is not None else entry_point.value
    return None


def write_scaffold(name: str, directory: Path | None = None) -> tuple[PluginNames, Path, list[str]]:
    """Write a new plugin into ``directory`` (default ``./bbcore-NAME``); refuse a name an installed plugin has, and to
    overwrite anything."""
    names = PluginNames.of(name)
    taken = installed_plugin(names.name)
    if taken is not None:
        # Two plugins by one name cannot both load: the second would be refused at every command.
        raise UsageError(f"a plugin named {names.name!r} is already installed (from {taken}); give the new one a name of its own")
    target = directory if directory is not None else Path(names.distribution)
    files = scaffold_files(names)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target} already exists and is not an empty directory; bbcore new-plugin never overwrites files")
    existed = target.exists()
    try:
        for relative, text in files.items():
            path = target / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError:
        # Half a plugin is worse than none: a second try would find the folder not empty.
        if existed:
            for child in list(target.iterdir()):
                shutil.rmtree(child) if child.is_dir() else child.unlink()
        else:
            shutil.rmtree(target, ignore_errors=True)
        raise
    return names, target, sorted(files)
