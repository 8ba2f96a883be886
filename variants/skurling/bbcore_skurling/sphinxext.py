"""A Sphinx extension for the Skurling pages of the rules site: every number read from the plugin's data.

Add ``"bbcore_skurling.sphinxext"`` to ``extensions`` after ``"bbcore.sphinxext"``.
The Skurling pages never type a rule's number by hand; they name where it lives.

Roles, each taking a dotted path (``file.key.key``) into one of the plugin's data files:

- ``:skurling-number:`arc.target_points``` shows a whole number (``10``);
- ``:skurling-money:`building.league.budget``` shows gold as the site does (``1,000K``);
- ``:skurling-value:`league.league.sponsorship.search_dice``` shows a number or a word as written (``D6``).

The first part of the path names the file: ``arc``, ``building``, ``league``,
``throwback``, ``sidelines`` and ``headliners`` are ``data/rules/<name>.yaml``;
``params`` is the plugin's ``data/parameters.yaml`` merged over the core's (the
resolved game parameters); ``lane`` is ``data/pitches/lane.yaml``. The rest walks
the file's keys; in a list, a part picks the item whose ``id`` it is (or, if it is a
number, the item at that index): ``arc.states.ko.points``. Each rules file is first
read through the plugin's own loader, so a file its schema rejects fails the build
too. A path that leads nowhere, or to something that is not a number (or, for
``:skurling-value:``, a word), is reported as an ERROR at the page and line, naming
the path, the part that was not found and the keys there are; the build fails (at
once with ``-W``, with a failing exit status otherwise). A directive given a bad
argument (an unknown team, a path that is not a reading) fails the same way.

Directives (each may take ``:option:`` to choose the ruleset's options, as the core's do):

- ``skurling-team:: ID``: a ready team file as a line-up (role, name, position, cost,
  characteristics, skills), its re-rolls, cost and budget; a team that fails the
  Skurling checks fails the build;
- ``skurling-cheapest-team``: the cheapest team the checks accept, worked out from the
  rosters and the building rules, then checked;
- ``skurling-roles``: the roles of a fielded team (``building.yaml``);
- ``skurling-states``: the Stooge's states with their points and the catch and Ding-Dong
  bonuses (``arc.yaml``);
- ``skurling-reading:: PATH``: a reading of a rule the seed leaves open (a mapping with
  ``note`` and ``provisional``), as a *Provisional* admonition when it is one;
- ``skurling-readings``: every provisional part of the rules files (``arc``,
  ``building``, ``league``, ``throwback``, ``sidelines``, ``headliners``) with its path
  and note, as a table;
- ``skurling-sidelines``, ``skurling-headliners``, ``skurling-spp``: those lists as
  tables, with the files' provisional notes;
- ``skurling-options``: the ruleset options the plugin declares, with their values;
- ``skurling-arc-flow``: the flow of an arc as an inline SVG diagram, its numbers from
  ``arc.yaml``.

Every data file read is recorded with ``env.note_dependency``, so editing it rebuilds
the pages that show it. Links to skills, positions, rosters and tables use the
core extension's labels under the Skurling selection and fall back to the core's pages.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from html import escape as html_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from docutils import nodes
from sphinx.util.docutils import SphinxRole

import bbcore
from bbcore.loading.yaml_source import read_yaml
from bbcore.model.team import Team, TeamPlayer
from bbcore.render.text import money, target
from bbcore.rules_files import provisional_readings
from bbcore.sphinxext.rst import NONE, Rst, escape, literal, ref
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.words import clauses, roster_link, skill_link
from bbcore.teams.checks import check_team
from bbcore_skurling import arc_rules, building_rules, headliners, league_rules, sidelines, throwback_rules
from bbcore_skurling.building import reroll_price

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from bbcore.model.roster import Position
    from bbcore.ruleset import Ruleset

#: The variant these pages render, as the plugin registers it.
VARIANT = "skurling"
DATA_DIR = Path(__file__).parent / "data"
PARAMETERS_FILE = DATA_DIR / "parameters.yaml"


#: What went wrong in this build: a page named data that is not there. Reported where it
#: happened (an ERROR, which ``-W`` turns into a failure at once) and, at the end of a build
#: without ``-W``, turned into a failing exit status.
_FAILURES: list[str] = []


def _record(message: str) -> str:
    _FAILURES.append(message)
    return message


# -- the data files ------------------------------------------------------------------


@attrs.frozen
class DataFile:
    """A data file a path may start with: where it is, and the loader that validates it first."""

    path: Path
    validate: Callable[[], object]


DATA_FILES: dict[str, DataFile] = {
    "arc": DataFile(arc_rules.RULES_FILE, lambda: arc_rules.arc_rules(skurling_ruleset())),
    "building": DataFile(building_rules.RULES_FILE, lambda: building_rules.building_rules(skurling_ruleset())),
    "league": DataFile(league_rules.RULES_FILE, lambda: league_rules.league_rules(skurling_ruleset())),
    "throwback": DataFile(throwback_rules.RULES_FILE, lambda: throwback_rules.throwback_rules(skurling_ruleset())),
    "sidelines": DataFile(sidelines.SIDELINES_FILE, lambda: sidelines.sideline_list(skurling_ruleset())),
    "headliners": DataFile(headliners.HEADLINERS_FILE, lambda: headliners.headliners(skurling_ruleset())),
    "lane": DataFile(DATA_DIR / "pitches" / "lane.yaml", lambda: skurling_ruleset().pitch),
}
#: The resolved game parameters (the plugin's file over the core's).
PARAMS = "params"


def skurling_ruleset(options: Mapping[str, str] | None = None) -> Ruleset:
    """The Skurling ruleset (the core caches it per selection)."""
    return bbcore.load_ruleset(VARIANT, (), dict(options or {}))


@cache
def _file_data(name: str) -> Any:
    entry = DATA_FILES[name]
    entry.validate()
    return read_yaml(entry.path).data


def _plain(value: Any) -> Any:
    """Attrs instances and mappings as plain dicts, so the parameters walk like a YAML file."""
    if attrs.has(type(value)):
        return {field.name: _plain(getattr(value, field.name)) for field in attrs.fields(type(value))}
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _keys(node: Any) -> str:
    if isinstance(node, Mapping):
        return ", ".join(str(key) for key in node) or "none"
    if isinstance(node, list):
        ids = [str(item["id"]) for item in node if isinstance(item, Mapping) and "id" in item]
        return ", ".join(ids) if ids else f"indexes 0-{len(node) - 1}"
    return f"none: it is the value {node!r}"


def _step(node: Any, part: str) -> Any:
    if isinstance(node, Mapping) and part in node:
        return node[part]
    if isinstance(node, list):
        for item in node:
            if isinstance(item, Mapping) and item.get("id") == part:
                return item
        if part.isdigit() and int(part) < len(node):
            return node[int(part)]
    raise KeyError(part)


def data_files(path: str) -> list[Path]:
    """The files a dotted path reads (for ``note_dependency``); empty when its file is unknown."""
    name = path.split(".", 1)[0]
    if name == PARAMS:
        return [PARAMETERS_FILE]
    return [DATA_FILES[name].path] if name in DATA_FILES else []


def lookup(path: str) -> Any:
    """The value at a dotted path into the plugin's data; a :class:`KeyError` says what is missing and what exists."""
    name, *parts = path.strip().split(".")
    known = ", ".join([*DATA_FILES, PARAMS])
    if name == PARAMS:
        node: Any = _plain(skurling_ruleset().parameters)
    elif name in DATA_FILES:
        node = _file_data(name)
    else:
        raise KeyError(f"no data file {name!r}; a path starts with one of: {known}")
    walked = [name]
    for part in parts:
        try:
            node = _step(node, part)
        except KeyError:
            raise KeyError(f"{'.'.join(walked)} has no {part!r}; it has: {_keys(node)}") from None
        walked.append(part)
    return node


# -- roles ----------------------------------------------------------------------------


def _as_number(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("is not a whole number")
    return f"{value:,}"


def _as_money(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("is not an amount of gold")
    return money(value)


def _as_value(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError("is neither a number nor a word")
    return str(value)


class DataValueRole(SphinxRole):
    """Shows the value at a dotted path, formatted by ``show``; a bad path stops the build."""

    def __init__(self, show: Callable[[Any], str]) -> None:
        self.show = show

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        for file in data_files(self.text):
            self.env.note_dependency(str(file))
        try:
            shown = self.show(lookup(self.text))
        except KeyError as error:
            return self._fail(str(error.args[0]))
        except TypeError as error:
            return self._fail(f"the value there {error}")
        return [nodes.inline(self.rawtext, shown, classes=["skurling-data"])], []

    def _fail(self, why: str) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        message = self.inliner.reporter.error(_record(f":{self.name}:`{self.text}`: {why}"), line=self.lineno)
        return [self.inliner.problematic(self.rawtext, self.rawtext, message)], [message]


# -- directives -------------------------------------------------------------------------


class SkurlingDirective(RulesetDirective):
    """A core ruleset directive that renders the Skurling ruleset unless told otherwise, and notes its rules files."""

    #: The data files (``DATA_FILES`` names) this directive reads besides the ruleset.
    READS: ClassVar[tuple[str, ...]] = ()

    def ruleset(self) -> Ruleset:
        self.options.setdefault("variant", VARIANT)
        return super().ruleset()

    def data(self, name: str) -> Any:
        self.env.note_dependency(str(DATA_FILES[name].path))
        return _file_data(name)

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        for name in self.READS:
            self.env.note_dependency(str(DATA_FILES[name].path))
        return self.render_skurling(ruleset, labels)

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        raise NotImplementedError

    def fail(self, why: str) -> Exception:
        """The error to raise: docutils reports it at the directive's line, and the build fails."""
        error: Exception = self.error(_record(f"{self.name}: {why}"))
        return error


def _stat_cells(ma: int, st: int, ag: int, pa: int | None, av: int) -> list[str]:
    return [str(ma), str(st), target(ag), escape(target(pa)), target(av)]


def _position_link(ruleset: Ruleset, labels: Labels, roster_id: str, position: Position) -> str:
    return ref(f"{position.name} ({ruleset.rosters[roster_id].name})", labels("position", roster_id, position.id))


def _skills(ruleset: Ruleset, labels: Labels, position: Position) -> str:
    return ", ".join(skill_link(ruleset, labels, skill) for skill in position.skills) or NONE


def _role_name(ruleset: Ruleset, role_id: str | None) -> str:
    if role_id is None:
        return ""
    roles = {role.id: role.name for role in building_rules.building_rules(ruleset).roles}
    return escape(roles.get(role_id, role_id))


def lineup_rst(ruleset: Ruleset, labels: Labels, team: Team) -> Rst:
    """A team's miniatures as a table, then its re-rolls, cost and the budget."""
    rows = []
    for player in team.players:
        position = ruleset.position(player.position)
        rows.append(
            [
                _role_name(ruleset, player.role),
                escape(player.name),
                _position_link(ruleset, labels, player.roster_id, position),
                money(position.cost),
                *_stat_cells(position.ma, position.st, position.ag, position.pa, position.av),
                _skills(ruleset, labels, position),
            ]
        )
    out = Rst()
    out.list_table(
        ("Role", "Name", "Position", "Cost", "MA", "ST", "AG", "PA", "AV", "Skills and traits"), rows, css_class="bbcore-positions"
    )
    valuation = bbcore.value_team(ruleset, team)
    price = reroll_price(ruleset, team)
    rosters = sorted({player.roster_id for player in team.players})
    out.fields(
        [
            ("Rosters", ", ".join(roster_link(ruleset, labels, r) for r in rosters)),
            ("Team re-rolls", f"{team.rerolls} at {money(price)} each" if team.rerolls else "none"),
            ("Cost", f"{money(valuation.cost)} of the {money(ruleset.parameters.draft_budget)} budget"),
            ("Team Value", money(valuation.team_value)),
        ]
    )
    return out


class TeamDirective(SkurlingDirective):
    """``.. skurling-team:: ID``: a team file the plugin ships, as a checked line-up."""

    required_arguments = 1

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        refs = {team_file.id: team_file for team_file in ruleset.team_files}
        found = refs.get(self.arguments[0])
        if found is None:
            raise self.fail(f"no team file {self.arguments[0]!r}; the ruleset ships: {', '.join(refs) or 'none'}")
        file = Path(found.path).resolve()
        self.env.note_dependency(str(file))
        # Named inside the plugin, so the page does not depend on where the site is built from.
        shown = file.relative_to(DATA_DIR.parent) if file.is_relative_to(DATA_DIR.parent) else Path(file.name)
        report = check_team(ruleset, found.team, found.document)
        if not report.valid:
            raise self.fail(f"the team {found.name!r} fails the checks: " + "; ".join(p.message for p in report.problems))
        out = Rst()
        out.paragraph(f"**{escape(found.name)}** (the plugin's {literal(shown.as_posix())}): passes every Skurling team check.")
        out.extend(lineup_rst(ruleset, labels, found.team))
        return out


def _has(position: Position, skill_ids: Sequence[str]) -> bool:
    return any(skill.id in skill_ids for skill in position.skills)


def cheapest_team(ruleset: Ruleset) -> Team:
    """The cheapest line-up the building rules allow, found from the rosters (no re-rolls).

    The Stooge is the cheapest position with the Stooge's skill; one Whacker the cheapest
    with the thrower's skill; the Cuddler the cheapest that may be one; every other place
    the cheapest position without the Stooge's skill. Ties go to the first roster and
    position by id, so the page does not change from build to build.
    """
    rules = building_rules.building_rules(ruleset)
    allowed = sorted(
        ((position.cost, roster.id, position.id, position) for roster in ruleset.rosters.values() for position in roster.positions),
        key=lambda entry: entry[:3],
    )
    allowed = [entry for entry in allowed if not _has(entry[3], rules.banned_skills)]
    stooge = next(entry for entry in allowed if _has(entry[3], (rules.stooge_skill,)))
    others = [entry for entry in allowed if not _has(entry[3], (rules.stooge_skill,))]
    thrower = next(entry for entry in others if _has(entry[3], (rules.thrower_skill,)))
    cuddler = next(entry for entry in others if not _has(entry[3], rules.never_cuddler_skills))
    cheapest = others[0]
    places: list[tuple[str, tuple[int, str, str, Position]]] = [(rules.stooge_role, stooge), (rules.thrower_role, thrower)]
    for role in rules.roles:
        taken = sum(1 for role_id, _ in places if role_id == role.id)
        pick = cuddler if role.id == rules.cuddler_role else cheapest
        places += [(role.id, pick)] * (role.count - taken)
    names = [position.name for _, (*_, position) in places]
    # Players need names of their own: a position taken twice numbers its players.
    numbered = [f"{name} {names[:i].count(name) + 1}" if names.count(name) > 1 else name for i, name in enumerate(names)]
    players = tuple(
        TeamPlayer(name=name, position=f"{roster_id}/{position_id}", role=role_id)
        for name, (role_id, (_, roster_id, position_id, _)) in zip(numbered, places, strict=True)
    )
    return Team(name="The cheapest legal team", players=players, variant=VARIANT)


class CheapestTeamDirective(SkurlingDirective):
    """``.. skurling-cheapest-team::``: the cheapest legal team, worked out and checked at build time."""

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        self.env.note_dependency(str(building_rules.RULES_FILE))
        team = cheapest_team(ruleset)
        report = check_team(ruleset, team)
        if not report.valid:
            raise self.fail("the cheapest line-up fails the checks: " + "; ".join(p.message for p in report.problems))
        out = Rst()
        out.paragraph(f"Worked out from the rosters when this page was built, and accepted by the team checks: **{money(report.cost)}**.")
        out.extend(lineup_rst(ruleset, labels, team))
        return out


class RolesDirective(SkurlingDirective):
    """``.. skurling-roles::``: each role, how many of the fielded miniatures fill it, and what it does."""

    READS = ("building",)

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        out.list_table(
            ("Role", "How many", "What it does"),
            [(f"**{escape(r.name)}**", str(r.count), escape(r.text)) for r in building_rules.building_rules(ruleset).roles],
        )
        return out


def state_name(state_id: str) -> str:
    """``stunned`` → ``Stunned``, ``ko`` → ``KO``: a short id is an abbreviation."""
    return state_id.upper() if len(state_id) <= 2 else state_id.replace("-", " ").capitalize()


class StatesDirective(SkurlingDirective):
    """``.. skurling-states::``: the Stooge's states, best first, with the points he scores in each."""

    READS = ("arc",)

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        rules = arc_rules.arc_rules(skurling_ruleset())
        out = Rst()
        out.list_table(
            ("State on arrival", "Points", "With the Cuddler's catch", "With a Ding-Dong on a defender"),
            [
                (
                    f"**{state_name(s.id)}**",
                    str(s.points),
                    str(s.points + rules.catch_bonus),
                    str(s.points + rules.ding_dong_bonus),
                )
                for s in rules.states
            ],
        )
        return out


class ReadingDirective(SkurlingDirective):
    """``.. skurling-reading:: PATH``: our reading of a rule the seed leaves open, boxed as provisional when it is."""

    required_arguments = 1

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        path = self.arguments[0]
        for file in data_files(path):
            self.env.note_dependency(str(file))
        try:
            reading = lookup(path)
        except KeyError as error:
            raise self.fail(str(error.args[0])) from None
        if not isinstance(reading, Mapping) or "note" not in reading:
            raise self.fail(f"{path} is not a reading (a mapping with a note)")
        out = Rst()
        words = escape(reading["note"])
        if "rule" in reading:
            words += f" (data: {literal(path)}, rule {literal(reading['rule'])})"
        if reading.get("provisional"):
            out.admonition("Provisional", [words])
        else:
            out.admonition("Note", [words], "note")
        return out


class ReadingsDirective(SkurlingDirective):
    """``.. skurling-readings::``: every provisional part of the plugin's rules files, with the path to it and its note."""

    READS = ("arc", "building", "league", "throwback", "sidelines", "headliners")

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        found = [(path, reading) for name in self.READS for path, reading in provisional_readings(_file_data(name), name)]
        out.list_table(
            ("Where", "What is known, and what the plugin made up"),
            [(literal(path), escape(reading["note"])) for path, reading in found],
        )
        return out


def _provisional(out: Rst, document: Mapping[str, Any]) -> None:
    if document.get("provisional"):
        out.admonition("Provisional", [escape(document.get("note") or "This list is not settled yet.")])
    elif document.get("note"):
        out.admonition("Note", [escape(document["note"])], "note")


class SidelinesDirective(SkurlingDirective):
    """``.. skurling-sidelines::``: the Touchline Guild's sidelines, their prices and effects."""

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        document = self.data("sidelines")
        listed = sidelines.sideline_list(ruleset)
        out = Rst()
        _provisional(out, document)
        out.list_table(
            ("Sideline", "Cost", "Who they are", "In play"),
            [(f"**{escape(s.name)}**", money(s.cost), escape(s.text), escape(s.effect)) for s in listed.sidelines],
            css_class="bbcore-table",
        )
        return out


class HeadlinersDirective(SkurlingDirective):
    """``.. skurling-headliners::``: the Headliners' profiles as a stat table, then who each one is."""

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        document = self.data("headliners")
        out = Rst()
        _provisional(out, document)
        rows = []
        for h in headliners.headliners(ruleset):
            rows.append(
                [
                    f"**{escape(h.name)}**",
                    roster_link(ruleset, labels, h.race),
                    *_stat_cells(h.ma, h.st, h.ag, h.pa, h.av),
                    ", ".join(skill_link(ruleset, labels, s) for s in h.skills) or NONE,
                    money(h.cost_in_tv),
                ]
            )
        out.list_table(
            ("Headliner", "Reference race", "MA", "ST", "AG", "PA", "AV", "Skills and traits", "Team Value"),
            rows,
            css_class="bbcore-positions",
        )
        out.bullets(f"**{escape(h.name)}**: {escape(h.text)}" for h in headliners.headliners(ruleset))
        return out


class SppDirective(SkurlingDirective):
    """``.. skurling-spp::``: how miniatures earn Star Player Points, the invented awards marked."""

    READS = ("league",)

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        spp = league_rules.league_rules(ruleset).league.spp
        out = Rst()
        if spp.provisional:
            out.admonition("Provisional", [escape(spp.note or "This list is not settled yet.")])
        out.list_table(
            ("Award", "SPP", "Who earns it", "Settled by the rules"),
            [(f"**{escape(a.name)}**", str(a.spp), escape(a.who), "provisional" if a.provisional else "yes") for a in spp.awards],
        )
        return out


class OptionsDirective(SkurlingDirective):
    """``.. skurling-options::``: the ruleset options the plugin adds to the core's, with values and default."""

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        from bbcore.plugins import default_host  # noqa: PLC0415 - only the options page needs the host

        core = bbcore.load_ruleset().options
        declared = default_host().options
        out = Rst()
        out.list_table(
            ("Option", "Values", "Default", "What it does"),
            [
                (
                    literal(key),
                    ", ".join(literal(v) for v in declared[key].values),
                    literal(declared[key].default),
                    escape(declared[key].description),
                )
                for key in ruleset.options
                if key not in core and key in declared
            ],
        )
        return out


# -- the arc flow diagram ----------------------------------------------------------------

#: Layout of the diagram, in SVG units.
BOX_LEFT = 170
BOX_WIDTH = 400
BOX_GAP = 30
TOP = 16
TITLE_ROW = 24
LINE_ROW = 14
BOX_PAD = 10
LOOP_NEAR = 40
LOOP_FAR = 80
SVG_WIDTH = BOX_LEFT + BOX_WIDTH + 110
#: Characters per line of a box's second text (font-size 11.5 in a box this wide).
WRAP = 66


def arc_steps(ruleset: Ruleset) -> list[tuple[str, str]]:
    """The boxes of the diagram, top to bottom: a title and a short line, numbers from the data."""
    rules = arc_rules.arc_rules(skurling_ruleset())
    building = building_rules.building_rules(ruleset)
    roles = {role.id: role.name for role in building.roles}
    stooge, whacker, goon, cuddler = (
        roles[r] for r in (building.stooge_role, building.thrower_role, building.reroll_price_role, building.cuddler_role)
    )
    landing = ruleset.table("landing-events")
    best = rules.states[0]
    return [
        (
            "Arc set-up",
            f"The attacker picks the lane. {stooge} and {whacker}s in the starting end zone, {goon} past the line, "
            f"{cuddler} in the far end zone; {rules.setup.defenders} defenders on their side.",
        ),
        ("Opening throw", f"A {whacker} with Throw Team-mate throws the {stooge}; he lands {state_name(best.id)} ({best.points})."),
        ("Landing event", f"{landing.dice} on the {landing.name} table, before anyone else acts (not in a first match)."),
        ("Turns", f"The teams alternate; {rules.blitzes_per_turn} Blitz per team turn; no turnovers."),
        (
            "Touch / Second Hit",
            f"{whacker}s and the {goon} hit the {stooge}: he slides by the Touch table; "
            f"a Second Hit only in the {state_name(rules.second_hit_state)} state.",
        ),
        (
            "Score, catch or Ding-Dong",
            f"In the end zone he scores his state's points; a catch adds {rules.catch_bonus}, a Ding-Dong "
            f"on a defender makes it {rules.ding_dong_bonus}.",
        ),
        ("End of arc", f"A score, or the end of the attacker's turn {rules.turns_per_arc}: positions reset, roles swap."),
        (
            "Interval or match end",
            f"An interval after every {rules.attacks_between_intervals} attacks each; the match ends when attacks "
            f"are equal and a team has {rules.target_points} or more.",
        ),
    ]


@attrs.frozen
class FlowLayout:
    """Where the boxes go: all the same height, enough for the longest text."""

    box_height: int

    def top(self, index: int) -> int:
        return TOP + index * (self.box_height + BOX_GAP)

    def middle(self, index: int) -> float:
        return self.top(index) + self.box_height / 2


def _text(x: float, y: float, words: str, css: str, **extra: str) -> str:
    more = "".join(f' {key.replace("_", "-")}="{value}"' for key, value in extra.items())
    return f'<text x="{x:g}" y="{y:g}" class="{css}"{more}>{html_escape(words)}</text>'


def _loop(layout: FlowLayout, side: int, start: int, end: int, offset: int, label: str) -> Iterator[str]:
    """An arrow leaving box ``start`` on one side (-1 left, 1 right) and entering box ``end`` on that side."""
    edge = BOX_LEFT if side < 0 else BOX_LEFT + BOX_WIDTH
    out_x = edge + side * offset
    shift = 8 if start < end else -8
    y1 = layout.middle(start) + shift
    y2 = layout.middle(end) - shift
    yield f'<path class="flow loop" d="M{edge} {y1:g} H{out_x} V{y2:g} H{edge}" marker-end="url(#skurling-arrow)"/>'
    middle = (y1 + y2) / 2
    label_x = out_x + side * 8
    yield _text(label_x, middle, label, "label", transform=f"rotate({90 * side} {label_x:g} {middle:g})", text_anchor="middle")


def arc_flow_svg(ruleset: Ruleset, label: str) -> str:
    """The flow of an arc, boxes top to bottom with the loops back, as one SVG element."""
    rules = arc_rules.arc_rules(skurling_ruleset())
    steps = [(title, textwrap.wrap(line, WRAP)) for title, line in arc_steps(ruleset)]
    layout = FlowLayout(TITLE_ROW + LINE_ROW * max(len(lines) for _, lines in steps) + BOX_PAD)
    height = layout.top(len(steps)) - BOX_GAP + TOP
    safe = html_escape(label)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{safe}" class="skurling-arc-flow" role="img" '
        f'viewBox="0 0 {SVG_WIDTH} {height}" width="{SVG_WIDTH}" height="{height}" aria-labelledby="{safe}-title">',
        f'<title id="{safe}-title">The flow of a Skurling arc</title>',
        "<style>.box{fill:#eef4fb;stroke:#3a6ea5;stroke-width:1.5}.title{font:bold 14px sans-serif;fill:#1b2b3a}"
        ".line{font:11.5px sans-serif;fill:#1b2b3a}.label{font:11px sans-serif;fill:#667}"
        ".flow{fill:none;stroke:#3a6ea5;stroke-width:1.5}.loop{stroke-dasharray:5 3}</style>",
        '<defs><marker id="skurling-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#3a6ea5"/></marker></defs>',
    ]
    centre = BOX_LEFT + BOX_WIDTH / 2
    for index, (title, lines) in enumerate(steps):
        y = layout.top(index)
        bottom = y + layout.box_height
        parts.append(f'<g class="step"><rect class="box" x="{BOX_LEFT}" y="{y}" width="{BOX_WIDTH}" height="{layout.box_height}" rx="8"/>')
        parts.append(_text(centre, y + TITLE_ROW - 6, title, "title", text_anchor="middle"))
        parts += [_text(centre, y + TITLE_ROW + 11 + row * LINE_ROW, text, "line", text_anchor="middle") for row, text in enumerate(lines)]
        parts.append("</g>")
        if index + 1 < len(steps):
            parts.append(f'<path class="flow" d="M{centre:g} {bottom} V{bottom + BOX_GAP - 1}" marker-end="url(#skurling-arrow)"/>')
    at = {title: i for i, (title, _) in enumerate(steps)}
    turns, touch, end, last = at["Turns"], at["Touch / Second Hit"], at["End of arc"], len(steps) - 1
    parts += _loop(layout, 1, touch, turns, LOOP_NEAR, "no score yet: next action or turn")
    parts += _loop(layout, -1, turns, end, LOOP_NEAR, f"after turn {rules.turns_per_arc}: no points")
    parts += _loop(layout, -1, last, 0, LOOP_FAR, "not over yet: the next arc")
    parts.append("</svg>")
    return "\n".join(parts)


class ArcFlowDirective(SkurlingDirective):
    """``.. skurling-arc-flow::``: the arc from set-up to the end of the match, drawn as an SVG."""

    READS = ("arc", "building")

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        label = labels("arc-flow")
        out = Rst()
        out.label(label)
        out.raw(
            "html",
            f'<figure class="bbcore-pitch">\n{arc_flow_svg(ruleset, label + "-diagram")}\n'
            "<figcaption>One arc, and what follows it. Dashed arrows go back.</figcaption>\n</figure>",
        )
        flow = clauses(f"**{escape(title)}**: {escape(line)}" for title, line in arc_steps(ruleset))
        out.paragraph(f"The same flow in words: {flow}.")
        return out


class BalanceDirective(SkurlingDirective):
    """``.. skurling-balance:: FILE``: a balance report saved by ``bbcore balance --json``, as a table.

    The file (relative to the page) is kept in the repository with the command that
    made it, so the site builds without playing the matches again.
    """

    required_arguments = 1

    def render_skurling(self, ruleset: Ruleset, labels: Labels) -> Rst:
        relative, absolute = self.env.relfn2path(self.arguments[0], self.env.docname)
        self.env.note_dependency(relative)
        try:
            report = json.loads(Path(absolute).read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise self.fail(f"cannot read the balance report {self.arguments[0]!r}: {error}") from None
        out = Rst()
        rows = []
        for team in report["teams"]:
            rate = team["win_rate"]
            rows.append(
                (
                    escape(team["name"]),
                    str(team["played"]),
                    str(team["won"]),
                    f"{rate['value']:.2f}",
                    f"{rate['low']:.2f} to {rate['high']:.2f}",
                    f"{team['points_per_attack']:.2f}",
                    f"{team['scoring_rate']['value']:.0%}",
                )
            )
        headers = ("Team", "Played", "Won", "Win rate", "95% interval", "Points per attack", "Attacks that scored")
        out.list_table(headers, rows, css_class="bbcore-table")
        policies = " against ".join(report["policies"])
        out.paragraph(
            f"{report['matches_per_pairing']} matches for each pairing, half with each team first named, "
            f"{policies} coaches, seeds from {report['seed']}; {report['arcs_per_match']:.1f} arcs a match on average; "
            f"matches left unfinished: {report['unfinished']}."
        )
        played_under = _rules_played(report.get("rules", {}))
        if played_under:
            out.paragraph(played_under)
        return out


def _rules_played(rules: Mapping[str, Any]) -> str:
    """The ruleset a balance report was played under, in a sentence: its packs, the options not at their default, amendments."""
    if not rules:
        return ""
    from bbcore.plugins import default_host  # noqa: PLC0415 - only a balance report with its rules needs the host

    defaults = {key: option.default for key, option in default_host().options.items()}
    changed = {key: value for key, value in rules.get("options", {}).items() if defaults.get(key) != value}
    parts = [f"the pack {pack}" for pack in rules.get("packs", [])]
    parts += [f"{key}={value}" for key, value in sorted(changed.items())]
    parts += [f"amended by ``{path}``" for path in rules.get("amendments", [])]
    return f"Played under: {'; '.join(parts)}." if parts else "Played under the rules as they stand."


ROLES: dict[str, Callable[[Any], str]] = {
    "skurling-number": _as_number,
    "skurling-money": _as_money,
    "skurling-value": _as_value,
}
DIRECTIVES: dict[str, type[SkurlingDirective]] = {
    "skurling-team": TeamDirective,
    "skurling-cheapest-team": CheapestTeamDirective,
    "skurling-roles": RolesDirective,
    "skurling-states": StatesDirective,
    "skurling-reading": ReadingDirective,
    "skurling-readings": ReadingsDirective,
    "skurling-sidelines": SidelinesDirective,
    "skurling-headliners": HeadlinersDirective,
    "skurling-spp": SppDirective,
    "skurling-options": OptionsDirective,
    "skurling-arc-flow": ArcFlowDirective,
    "skurling-balance": BalanceDirective,
}


def _forget_failures(app: Sphinx) -> None:
    _FAILURES.clear()


def _fail_the_build(app: Sphinx, exception: Exception | None) -> None:
    """A page named missing data: the build fails even without ``-W``."""
    if _FAILURES and exception is None:
        app.statuscode = 1


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the roles and directives; the core extension must be loaded too (its labels and links)."""
    app.setup_extension("bbcore.sphinxext")
    for name, show in ROLES.items():
        app.add_role(name, DataValueRole(show))
    for name, directive in DIRECTIVES.items():
        app.add_directive(name, directive)
    app.connect("builder-inited", _forget_failures)
    app.connect("build-finished", _fail_the_build)
    return {"version": bbcore.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
