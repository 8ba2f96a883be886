"""The packs' in-game numbers, read from ``pack-rules.yaml``.

The inducement schema has fields for prices, limits, uses, effects and profiles, but
none for a pot's rows or a fireball's target number, so the plugin keeps those in a
file of its own, keyed by inducement id and registered as the rules file
``inducement-packs/pack-rules``. Every ruleset with one of the packs reads it the way
the core reads its data (safe YAML with positions, the JSON Schema
``pack_rules.schema.json`` with every key required and no unknown key, cattrs into
frozen attrs classes) as its own layers amend it: a league may change, say, a giant's
scatter in its ``amendments.yaml``. A broken file or amendment stops the ruleset from
loading with every problem located. Call :func:`pack_rules` with the ruleset wherever a
number is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import attrs
from attrs import frozen

from bbcore.errors import JsonPath, UsageError
from bbcore.loading.plugin_files import load_plugin_file
from bbcore.model.table import parse_dice
from bbcore.rules_files import RulesFileProblem

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

RULES_FILE = Path(__file__).parent / "pack-rules.yaml"
SCHEMA_FILE = Path(__file__).parent / "pack_rules.schema.json"
#: The id the file is registered under, and amended by.
RULES_ID = "inducement-packs/pack-rules"
#: Where the packs' data lives, a folder each (``packs/<name>``).
PACKS_DIR = Path(__file__).parent / "packs"
#: The packs of this plugin, by name: the prefix of their inducement ids.
PACKS = tuple(sorted(folder.name for folder in PACKS_DIR.iterdir() if folder.is_dir()))

T = TypeVar("T")


@frozen
class WeatherMage:
    """The modifiers a coach may put on the weather roll, and how long the new weather lasts.

    ``moments``: when it may be used (as its team's turns start). ``lasts`` ``opponent-turn``: the old weather
    comes back when the opponent's next team turn
    ends; None: the new weather holds. ``at_drive_end`` ``back`` or ``stays``: what happens when
    the drive ends first.
    """

    modifiers: tuple[int, ...]
    moments: tuple[str, ...]
    lasts: str | None = None
    at_drive_end: str = "back"


@frozen
class PotRows:
    """The ids of the pot table's rows: the misfire, the miss that moves the target, the hit."""

    misfire: str
    moves: str
    on_target: str


@frozen
class Pot:
    """A pot thrown at a square; the fields are documented in ``pack-rules.yaml``."""

    table: str
    rows: PotRows
    distance: str
    misfire_players: str
    hit_down_players: bool
    bonus: int
    splash_dice: str
    splash_hit_on: int
    splash: str
    turnover_direct: str
    turnover_splash: str
    moments: tuple[str, ...]
    off_pitch: str = "misses"


@frozen
class Fireball:
    """A fireball spell; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    moves: str | None
    dice: str
    hit_on: int
    bonus: int
    off_pitch: str = "misses"


@frozen
class Zap:
    """A spell that turns a player into a profile; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    profile: str
    dice: str
    always_on: int
    never_on: int | None
    opponents_only: bool


@frozen
class Bolt:
    """A spell that knocks down one Standing opposing player; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    dice: str
    hit_on: int
    bonus: int


@frozen
class Column:
    """A line of fire or lightning from one sideline to the other; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    dice: str
    hit_on: int
    bonus: int
    earthed_on: int | None


@frozen
class Hex:
    """A spell that puts its profile's effects on one opposing player; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    dice: str
    hit_on: int
    standing_only: bool
    drops_ball: bool
    takes_tackle_zone: bool
    lasts: str


@frozen
class Blink:
    """Two of the caster's players swap squares, or waver out of play; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    dice: str
    swap_on: int
    barred_skill: str
    lasts: str


@frozen
class StompRows:
    """The ids of the stomp table's rows that knock the player down and that send them flying."""

    stomped: str
    kicked: str


@frozen
class Stomp:
    """A giant foot on one opposing player; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    table: str
    rows: StompRows
    bonus: int
    quality: str


@frozen
class Flora:
    """Plants that strike opposing players the caster names near a square; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    count: str
    reach: int
    dice: str
    hit_on: int
    bonus: int


@frozen
class Ground:
    """Rough ground: a modifier on the opposing team's Rush rolls this team turn; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    modifier: int
    lasts: str


@frozen
class TimeShift:
    """A spell that moves both turn markers; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    dice: str
    works_on: int
    steps: int


@frozen
class Mutation:
    """A spell that gives one of the caster's players skills for the drive; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    dice: str
    works_on: int
    count: int
    category: str
    otherwise: str


@frozen
class Danse:
    """A spell that lets the caster's Linemen better a characteristic this turn; the fields are documented in ``pack-rules.yaml``."""

    spell: str
    moments: tuple[str, ...]
    dice: str
    works_on: int
    characteristics: tuple[str, ...]
    by: int
    lasts: str


@frozen
class Spells:
    """The wizards' spells other than fireballs, by kind and inducement id."""

    zaps: Mapping[str, Zap]
    bolts: Mapping[str, Bolt]
    columns: Mapping[str, Column]
    hexes: Mapping[str, Hex]
    blinks: Mapping[str, Blink]
    stomps: Mapping[str, Stomp]
    floras: Mapping[str, Flora]
    grounds: Mapping[str, Ground]
    time_shifts: Mapping[str, TimeShift]
    mutations: Mapping[str, Mutation]
    danses: Mapping[str, Danse]


@frozen
class Unguent:
    """The Casualty table rows the unguent heals for the rest of the game."""

    casualties: tuple[str, ...]


@frozen
class SideBet:
    """The stake's bounds, and how many times it is paid back on a win."""

    min_stake: int
    max_stake: int
    payout: int


@frozen
class Brew:
    """``players`` (dice) random players on the pitch with skill ``needs`` drink it."""

    players: str
    needs: str


@frozen
class RuneRows:
    """The ids of the Runesmith table's rows."""

    works: str
    retry: str
    spent: str


@frozen
class Runesmith:
    """The Runesmith's table rows, and the skill that bars a player from runes."""

    rows: RuneRows
    barred_skill: str


@frozen
class Drummer:
    """Each die of ``dice`` of ``push_on`` or more pushes one opposing player back."""

    dice: str
    push_on: int


@frozen
class BallisticsRows:
    """The ids of the Master of Ballistics table's rows."""

    as_usual: str
    shorter: str
    adjust: str


@frozen
class Ballistics:
    """The Master of Ballistics' rows, how much shorter a kick goes, and the changes to a deviation die."""

    rows: BallisticsRows
    shorter_by: int
    modifiers: tuple[int, ...]


@frozen
class ArtifactRows:
    """The ids of the Ancient Artifact table's rows."""

    curse: str
    trinket: str
    heal: str


@frozen
class Artifact:
    """The Ancient Artifact's table rows."""

    rows: ArtifactRows


@frozen
class Extras:
    """The other in-game inducements' numbers, by kind and inducement id."""

    unguents: Mapping[str, Unguent]
    side_bets: Mapping[str, SideBet]
    brews: Mapping[str, Brew]
    runesmiths: Mapping[str, Runesmith]
    drummers: Mapping[str, Drummer]
    ballistics: Mapping[str, Ballistics]
    artifacts: Mapping[str, Artifact]


@frozen
class RefereeTable:
    """A referee who rolls on a table: the table, its row that sends off the fouler and the one that sends off the victim."""

    id: str
    caught: str
    victim: str


@frozen
class KitArgument:
    """At the start of each drive, ``dice`` of ``on`` leaves one unmarked opposing player Prone and Stunned."""

    dice: str
    on: int


@frozen
class Referee:
    """A biased referee; the fields are documented in ``pack-rules.yaml``."""

    dice: str
    spots_on: int
    call: str
    bonus: int
    bribe: bool
    table: RefereeTable | None
    kit_argument: KitArgument | None


@frozen
class RefereeCalls:
    """A biased referee's Argue the Call and Get the Ref rules; the fields are documented in ``pack-rules.yaml``."""

    argue: bool
    get_the_ref: str
    fan_factor: int
    ejection_sends_off: int


@frozen
class Giant:
    """A giant's own random direction, its throw re-rolls, what it steps over, its interference; see ``pack-rules.yaml``."""

    scatter_dice: str
    reroll_from: int | None
    directions: tuple[tuple[int, int], ...]
    throw_rerolls: tuple[str, ...]
    step_over: tuple[str, ...]
    interference_relief: int


@frozen
class Temper:
    """A staff member whose temper may bring them onto the pitch; the fields are documented in ``pack-rules.yaml``."""

    dice: str
    on: int
    plus_per_earlier: int
    profiles: tuple[str, ...]


@frozen
class ChosenSkills:
    """A table row whose player gains ``count`` skills of ``category`` that the coach picks."""

    row: str
    category: str
    count: int


@frozen
class Blessing:
    """The blessing table's row after which another player is rolled for, and the row whose skills the coach picks."""

    again: str
    chosen: ChosenSkills | None = None


@frozen
class KoReroll:
    """The natural rolls of a failed KO recovery roll that may be rolled again."""

    rerolled_on: tuple[int, ...]


@frozen
class Cheering:
    """Cheering Fans dice on top of at least ``at_least`` cheerleaders; Prayers naturals giving extra team re-rolls."""

    dice: str
    at_least: int
    prayer_naturals: Mapping[str, tuple[int, ...]]
    prayer_rerolls: int


@frozen
class Fixer:
    """Bribe re-rolls a game, and the Argue the Call rows by natural roll."""

    bribe_rerolls: int
    argue: Mapping[str, tuple[int, ...]]


@frozen
class Agent:
    """The dice of players picked at random before the game, and the skills they gain until it ends."""

    dice: str
    skills: tuple[str, ...]


@frozen
class Scout:
    """The modifier to each Journeyman's roll after the first; by row, the skills the Journeyman loses (``loses``) and
    how many random skills of a Primary category he gains (``random_skills``); and what each skill gained adds to his
    fee if the team hires him after the game (``fee_per_skill``)."""

    after_first: int
    loses: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    random_skills: Mapping[str, int] = attrs.field(factory=dict)
    fee_per_skill: int = 0
    #: The modifier's growth is the plugin's reading (the note says why).
    provisional: bool = False
    note: str | None = None


@frozen
class Experiment:
    """Rows returning the player to the Reserves, the row rolling on the casualty table, and the worsened trait."""

    back_in: tuple[str, ...]
    worse: str
    trait: str
    worse_by: int


@frozen
class StandIn:
    """A staff member who may play a drive for a team short of players, with the entry's ``profile``.

    ``keeps_helping``: the inducement's other help goes on once he has played (it is not used up).
    """

    profile: str
    keeps_helping: bool = False


@frozen
class Upgrade:
    """The dice of players picked at random before the game, each gaining ``skills`` random skills of ``category``."""

    dice: str
    category: str
    skills: int
    #: The row of the inducement's post-game table on which a player keeps the skills he gained (none: never).
    kept_on: str | None = None


@frozen
class Medic:
    """A medic who sees to a Knocked-out player before he leaves the pitch: his table's casualty counts as ``casualty``
    (a Casualty table result), with no roll."""

    casualty: str


@frozen
class CoachingStaff:
    """The coaching staff's numbers, by kind and inducement id."""

    blessings: Mapping[str, Blessing]
    ko_rerolls: Mapping[str, KoReroll]
    cheering: Mapping[str, Cheering]
    fixers: Mapping[str, Fixer]
    agents: Mapping[str, Agent]
    scouts: Mapping[str, Scout]
    experiments: Mapping[str, Experiment]
    stand_ins: Mapping[str, StandIn]
    upgrades: Mapping[str, Upgrade]
    medics: Mapping[str, Medic]


@frozen
class PackRules:
    """Every number of ``pack-rules.yaml``, by inducement id."""

    source: str
    weather_mages: Mapping[str, WeatherMage]
    pots: Mapping[str, Pot]
    fireballs: Mapping[str, Fireball]
    spells: Spells
    extras: Extras
    referees: Mapping[str, Referee]
    referee_calls: Mapping[str, RefereeCalls]
    giants: Mapping[str, Giant]
    tempers: Mapping[str, Temper]
    coaching_staff: CoachingStaff


def load_pack_rules(path: Path = RULES_FILE) -> PackRules:
    """Read, validate and structure a pack-rules file; raise DataError listing every problem."""
    return load_plugin_file(path, SCHEMA_FILE, PackRules)


def pack_rules(ruleset: Ruleset) -> PackRules:
    """The packs' numbers in force in a ruleset with one of the packs, as its layers amend them."""
    return ruleset.rules_model(RULES_ID, PackRules)


#: The table (by role) whose rows a medic's ``casualty`` names.
CASUALTY_TABLE = "casualty"


def reference_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    """The entries of the packs in this ruleset must name its inducements, and the tables and rows they roll on.

    Every mapping of the file is keyed by inducement id, and each id starts with its pack
    (``bb2020/...``, ``classic/...``): an id naming no pack of this plugin is refused, and
    the entries of a pack this ruleset does not use are left alone, since its inducements
    and tables are not loaded. An entry's table is its ``table`` (an id, or a referee's
    table with the rows it reads), or else the inducement's own; its ``rows`` (and a
    blessing's ``again`` and ``chosen`` rows, an experiment's ``worse`` and ``back_in``, an upgrade's ``kept_on``)
    must be rows of that table, a medic's ``casualty`` a row of the Casualty table, and a chosen
    skill category must be one some skill has. The profile a zap turns its target into,
    and the spell a hex or a blink applies, must be profiles of the inducement. Checked
    each time a ruleset with a pack is built (``bbcore_rules_file_problems``).
    """
    active = set(ruleset.packs)
    problems: list[RulesFileProblem] = []

    def problem(path: JsonPath, message: str) -> None:
        problems.append(RulesFileProblem(RULES_ID, path, message))

    def rows_of(table_id: str | None, path: JsonPath) -> set[str] | None:
        if table_id is None:
            return None
        try:
            table = ruleset.table(table_id)  # an id, or a role such as the weather, filled by the variant in play
        except UsageError:
            problem(path, f"no table {table_id!r}")
            return None
        return {row.id for row in table.rows}

    def check_rows(known: set[str] | None, named: Mapping[str, object], path: JsonPath, table_id: str | None) -> None:
        for name, row_id in named.items():
            if known is not None and isinstance(row_id, str) and row_id not in known:
                problem((*path, name), f"the table {table_id!r} has no row {row_id!r}")

    def check_entry(inducement: str, entry: object, path: JsonPath) -> None:
        profiles = {profile.id for profile in ruleset.inducements[inducement].profiles}
        # A zap turns its target into the named profile; a hex or a blink applies its spell's profile.
        for name in ("profile", "spell") if isinstance(entry, Hex | Blink) else ("profile",):
            named = getattr(entry, name, None)
            if isinstance(named, str) and named not in profiles:
                problem((*path, name), f"the inducement {inducement!r} has no profile {named!r}")
        table = getattr(entry, "table", None)
        if isinstance(table, RefereeTable):
            known = rows_of(table.id, (*path, "table", "id"))
            check_rows(known, {"caught": table.caught, "victim": table.victim}, (*path, "table"), table.id)
            return
        table_id = table if isinstance(table, str) else ruleset.inducements[inducement].table
        known = rows_of(table_id, (*path, "table"))
        rows = getattr(entry, "rows", None)
        if rows is not None and attrs.has(type(rows)):
            check_rows(known, attrs.asdict(rows), (*path, "rows"), table_id)
        if isinstance(entry, Experiment):
            check_rows(known, {"worse": entry.worse}, path, table_id)
            for index, row_id in enumerate(entry.back_in):
                if known is not None and row_id not in known:
                    problem((*path, "back_in", index), f"the table {table_id!r} has no row {row_id!r}")
        if isinstance(entry, Scout):
            for name in ("loses", "random_skills"):
                for row_id in getattr(entry, name):
                    if known is not None and row_id not in known:
                        problem((*path, name, row_id), f"the table {table_id!r} has no row {row_id!r}")
            for row_id, skills in entry.loses.items():
                for index, skill in enumerate(skills):
                    if skill not in ruleset.skills:
                        problem((*path, "loses", row_id, index), f"no skill {skill!r}")
        if isinstance(entry, Giant):
            check_scatter(entry, path)
        if isinstance(entry, Upgrade):
            check_rows(known, {"kept_on": entry.kept_on}, path, table_id)
        if isinstance(entry, Medic):
            check_rows(rows_of(CASUALTY_TABLE, (*path, "casualty")), {"casualty": entry.casualty}, path, CASUALTY_TABLE)
        if isinstance(entry, Blessing):
            check_rows(known, {"again": entry.again}, path, table_id)
            if entry.chosen is not None:
                check_rows(known, {"row": entry.chosen.row}, (*path, "chosen"), table_id)
                if not any(skill.category == entry.chosen.category for skill in ruleset.skills.values()):
                    problem((*path, "chosen", "category"), f"no skill is of the category {entry.chosen.category!r}")

    def check_scatter(giant: Giant, path: JsonPath) -> None:
        count, sides = parse_dice(giant.scatter_dice)
        if giant.reroll_from is not None and giant.reroll_from <= count:
            problem(
                (*path, "reroll_from"),
                f"{giant.scatter_dice} never rolls below {giant.reroll_from}: the giant would scatter again for ever",
            )
            return
        kept = count * sides if giant.reroll_from is None else min(count * sides, giant.reroll_from - 1)
        if len(giant.directions) < kept:
            problem(
                (*path, "directions"),
                f"{giant.scatter_dice} keeps results up to {kept}, one direction each, but {len(giant.directions)} are given",
            )

    def walk(node: Any, path: JsonPath) -> None:  # any attrs instance of the file's model
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            here = (*path, field.name)
            if attrs.has(type(value)):
                walk(value, here)
            elif isinstance(value, Mapping):
                for key, entry in value.items():
                    pack = key.split("/", 1)[0] if isinstance(key, str) and "/" in key else None
                    if pack is not None and pack not in PACKS and attrs.has(type(entry)):
                        problem((*here, key), f"{key!r} names no pack of this plugin; its packs are {', '.join(PACKS)}")
                        continue
                    if pack not in active or not attrs.has(type(entry)):
                        continue  # not keyed by inducement, or another pack's entry
                    if key not in ruleset.inducements:
                        problem((*here, key), f"the {pack} pack has no inducement {key!r}")
                        continue
                    check_entry(key, entry, (*here, key))

    walk(pack_rules(ruleset), ())
    return problems


def rules_for(kind: Mapping[str, T], inducement: str, what: str) -> T:
    """The entry of ``kind`` for ``inducement``; an inducement with none is a ``UsageError``."""
    if inducement not in kind:
        raise UsageError(f"{inducement!r} is not a {what}; those are {', '.join(sorted(kind))}")
    return kind[inducement]


__all__ = [
    "Agent",
    "Artifact",
    "ArtifactRows",
    "Ballistics",
    "BallisticsRows",
    "Blessing",
    "Blink",
    "Bolt",
    "Brew",
    "Cheering",
    "CoachingStaff",
    "Column",
    "Danse",
    "Drummer",
    "Experiment",
    "Extras",
    "Fireball",
    "Fixer",
    "Flora",
    "Giant",
    "Ground",
    "Hex",
    "KitArgument",
    "KoReroll",
    "Medic",
    "Mutation",
    "PackRules",
    "Pot",
    "PotRows",
    "Referee",
    "RefereeCalls",
    "RefereeTable",
    "RuneRows",
    "Runesmith",
    "Scout",
    "SideBet",
    "Spells",
    "StandIn",
    "Stomp",
    "StompRows",
    "Temper",
    "TimeShift",
    "Unguent",
    "Upgrade",
    "WeatherMage",
    "Zap",
    "load_pack_rules",
    "pack_rules",
    "rules_for",
]
