"""A Sphinx extension that renders the rules reference from a loaded :class:`~bbcore.Ruleset`.

Add ``"bbcore.sphinxext"`` to ``extensions``. Every directive takes ``:variant:``,
``:pack:`` (comma-separated) and ``:option:`` (comma-separated ``key=value``) to
choose the ruleset, like the CLI's ``--variant``, ``--pack`` and ``--option``.

- ``bbcore-rosters``: every roster and its positions (labels ``roster-<id>``, ``position-<roster>-<id>``);
- ``bbcore-skills``: the skills glossary by category (``skill-<id>``, ``skill-category-<id>``);
- ``bbcore-tables``: every table (``table-<id>``); ``bbcore-table:: ID``: one table by id or role;
- ``bbcore-inducements``: every inducement, grouped where a list has groups (``inducement-<id>``, ``inducement-group-<id>``);
- ``bbcore-parameters``: the resolved game parameters (``:against: core``: what a variant or pack changes, then what it keeps);
- ``bbcore-sequences``: every sequence and its steps (``sequence-<id>``);
- ``bbcore-glossary``: leagues and special rules (``league-<id>``, ``special-rule-<id>``);
- ``bbcore-pitch``: the pitch in use drawn as an SVG, with its features (``pitch-<id>``);
- ``bbcore-changes``: what the ``:variant:`` (or ``:pack:``) changes relative to the core, linked;
- ``bbcore-provisional``: every provisional entry of the core and of each installed variant and pack, linked;
- ``bbcore-schemas:: DIR``: each ``*.schema.json`` in ``DIR`` with a table of its properties (``schema-<name>``);
- ``bbcore-modifiers``: every modifier name the ruleset's effects may give, with what it changes;
- ``bbcore-team-checks``: the checks a team file must pass in the ruleset, by id.

Roles, so running text never types a rule's number (:mod:`bbcore.sphinxext.values`):
``:bbcore-number:``, ``:bbcore-money:``, ``:bbcore-value:`` and ``:bbcore-modifier:``
take ``[VARIANT:]PATH`` into the resolved parameters or pitch, e.g.
``:bbcore-number:`myvariant:parameters.turns_per_half```; a bad path fails the build.

In generated running text (table rows, inducements, skills, glossary entries,
sequence steps) each skill name and each ``<name> table`` links to its entry.
Every directive notes the data files it renders from as dependencies of the
page, so an incremental build picks up an edited file.

With ``bbcore_plugin_pages = True`` in ``conf.py``, the pages installed plugins add
(:func:`~bbcore.hookspecs.bbcore_register_site_pages`) are copied into ``plugins/`` of
the source tree as the build starts and listed on ``plugins/index``: put that page in a
toctree (:mod:`bbcore.sphinxext.plugin_pages`).

``:own:`` on ``bbcore-tables``, ``bbcore-skills`` and ``bbcore-rosters`` keeps only
what the variant and packs define, leaving out the core's entries.

Under a variant, pack or option the labels are prefixed with the selection,
e.g. ``myvariant-table-<id>``. A link under a selection with no entry of its own
goes to the nearest broader selection's entry, in the end the core's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import bbcore
from bbcore.sphinxext.cli import CliDirective
from bbcore.sphinxext.glossary import GlossaryDirective
from bbcore.sphinxext.inducements import InducementsDirective
from bbcore.sphinxext.modifiers import ModifiersDirective
from bbcore.sphinxext.overview import ChangesDirective, ProvisionalDirective
from bbcore.sphinxext.parameters import ParametersDirective, SequencesDirective
from bbcore.sphinxext.pitch import PitchDirective
from bbcore.sphinxext.plugin_pages import write_plugin_pages
from bbcore.sphinxext.rosters import RostersDirective
from bbcore.sphinxext.schemas import SchemasDirective
from bbcore.sphinxext.selection import resolve_to_a_broader_selection
from bbcore.sphinxext.skills import SkillsDirective
from bbcore.sphinxext.tables import TableDirective, TablesDirective
from bbcore.sphinxext.team_checks import TeamChecksDirective
from bbcore.sphinxext.values import setup_roles

if TYPE_CHECKING:
    from sphinx.application import Sphinx

DIRECTIVES = {
    "bbcore-rosters": RostersDirective,
    "bbcore-skills": SkillsDirective,
    "bbcore-tables": TablesDirective,
    "bbcore-table": TableDirective,
    "bbcore-inducements": InducementsDirective,
    "bbcore-parameters": ParametersDirective,
    "bbcore-sequences": SequencesDirective,
    "bbcore-glossary": GlossaryDirective,
    "bbcore-pitch": PitchDirective,
    "bbcore-changes": ChangesDirective,
    "bbcore-provisional": ProvisionalDirective,
    "bbcore-schemas": SchemasDirective,
    "bbcore-cli": CliDirective,
    "bbcore-modifiers": ModifiersDirective,
    "bbcore-team-checks": TeamChecksDirective,
}


def setup(app: Sphinx) -> dict[str, Any]:
    for name, directive in DIRECTIVES.items():
        app.add_directive(name, directive)
    app.connect("missing-reference", resolve_to_a_broader_selection)
    app.add_config_value("bbcore_plugin_pages", default=False, rebuild="env", types=[bool])
    app.connect("builder-inited", write_plugin_pages)
    setup_roles(app)
    return {"version": bbcore.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
