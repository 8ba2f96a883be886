"""A Sphinx extension for the Gutter Bowl pages of the rules site: every number read from the plugin's data.

Add ``"bbcore_gutterbowl.sphinxext"`` to ``extensions`` (it loads ``"bbcore.sphinxext"``
too). The Gutter Bowl pages never type a rule's number by hand; they name where it lives.

Roles, each taking a dotted path whose first part names where to look:

- ``:gutterbowl-number:`params.players_on_pitch``` shows a whole number (``7``);
- ``:gutterbowl-money:`params.draft_budget``` shows gold as the site does (``750K``);
- ``:gutterbowl-value:`rules.wall_push.dice``` a number or a word (``D6``);
- ``:gutterbowl-modifier:`rules.pass_over_stall_modifier``` a signed modifier (``-1``);
- ``:gutterbowl-range:`rules.secret_weapons.removed_at_most``` the die results "at most N"
  covers (``1-3``), or a table row's (``tables.creature.rows.its-all-quiet-down-here``:
  ``2-3``);
- ``:gutterbowl-times:`rules.bounces_on_landing``` how many times in words (``twice``);
- ``:gutterbowl-count:`street.features.home-barricade-1.edges``` how many items a list holds (``3``).

The first part of the path:

- ``rules``: ``data/variant-rules.yaml``, as :func:`~bbcore_gutterbowl.variant_rules.variant_rules`
  reads and validates it;
- ``params``: the resolved game parameters (the plugin's ``data/parameters.yaml`` over
  the core's);
- ``street``, ``sewer``: the resolved pitch under that ``pitch`` option
  (``data/pitches/<name>.yaml``), properties such as ``half_length`` and ``centre_width``
  included;
- ``tables``: ``data/tables/<file>.yaml``, the next part naming the file
  (``tables.creature.rows.aarrgghh``);
- ``inducements``: ``data/inducements.yaml``.

The rest walks fields and keys; in a list a part picks the item whose ``id`` it is (or, if
it is a number, the item at that index). Every file is validated by the loaders first, so
a file they reject fails the build too. A path that leads nowhere, or to a value of the
wrong kind, is reported as an ERROR at the page and line, naming the path, the part that
was not found and what there is; the build fails (at once with ``-W``, with a failing exit
status otherwise). Each role notes the file it read with ``env.note_dependency``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import bbcore
from bbcore.loading.yaml_source import read_yaml
from bbcore.sphinxext.values import SHOW, DataValueRole, walk
from bbcore_gutterbowl import variant_rules

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from bbcore.ruleset import Ruleset

#: The variant these pages render, as the plugin registers it.
VARIANT = "gutterbowl"
DATA_DIR = Path(__file__).parent / "data"
PITCHES = ("street", "sewer")
#: The role kinds: ``gutterbowl-<kind>``.
KINDS = ("number", "money", "value", "modifier", "range", "times", "count")


def gutterbowl_ruleset(pitch: str = "street") -> Ruleset:
    """The Gutter Bowl ruleset on one pitch (the core caches it per selection)."""
    return bbcore.load_ruleset(VARIANT, (), {"pitch": pitch})


@cache
def _raw(path: Path) -> Any:
    """A data file's contents, once both pitches' rulesets (which load and check every file) have loaded."""
    for pitch in PITCHES:
        gutterbowl_ruleset(pitch)
    return read_yaml(path).data


def _table_files() -> dict[str, Path]:
    return {path.stem: path for path in sorted((DATA_DIR / "tables").glob("*.yaml"))}


def _root(name: str, parts: list[str]) -> tuple[Any, str, list[str], Path]:
    """Where a path starts: the data, its name, the parts left and the file it is read from."""
    if name == "rules":
        return variant_rules.variant_rules(gutterbowl_ruleset()), name, parts, variant_rules.RULES_FILE
    if name == "params":
        return gutterbowl_ruleset().parameters, name, parts, DATA_DIR / "parameters.yaml"
    if name in PITCHES:
        return gutterbowl_ruleset(name).pitch, name, parts, DATA_DIR / "pitches" / f"{name}.yaml"
    if name == "inducements":
        file = DATA_DIR / "inducements.yaml"
        return _raw(file), name, parts, file
    if name == "tables":
        files = _table_files()
        if not parts or parts[0] not in files:
            wanted = repr(parts[0]) if parts else "a file name"
            raise KeyError(f"tables has no {wanted}; it has: {', '.join(files)}")
        return _raw(files[parts[0]]), f"tables.{parts[0]}", parts[1:], files[parts[0]]
    known = "rules, params, street, sewer, tables, inducements"
    raise KeyError(f"no data {name!r}; a path starts with one of: {known}")


def lookup(path: str) -> Any:
    """The value at a dotted path into Gutter Bowl's data; a :class:`KeyError` says what is missing and what exists."""
    return resolve(path)[0]


def resolve(path: str) -> tuple[Any, list[Path]]:
    """The value at a dotted path and the file it comes from."""
    name, *parts = path.strip().split(".")
    node, walked, rest, file = _root(name, parts)
    return walk(node, walked, rest), [file]


ROLES: dict[str, Callable[[Any], str]] = {f"gutterbowl-{kind}": SHOW[kind] for kind in KINDS}


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the roles; the core extension (its failing exit status on a bad path) is loaded too."""
    app.setup_extension("bbcore.sphinxext")
    for name, show in ROLES.items():
        app.add_role(name, DataValueRole(resolve, show, "gutterbowl-data"))
    return {"version": bbcore.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
