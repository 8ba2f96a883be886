"""Gutter Bowl's own numbers, read from ``data/variant-rules.yaml``.

The core's parameters have no place for numbers such as the wall-push roll or the
hard-landing armour bonus, so the plugin keeps them in a file of its own, registered as
the rules file ``gutterbowl/variant-rules``. Every ruleset with Gutter Bowl reads it the
way the core reads its data (safe YAML with positions, the JSON Schema
``variant_rules.schema.json`` with every key required and no unknown key, cattrs into
frozen attrs classes) as its own layers amend it: a league's pack may change, say, the
wall-push roll in its ``amendments.yaml``. A broken file or amendment stops the ruleset
from loading with every problem located. Call :func:`variant_rules` with the ruleset
wherever a number is needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import field, frozen

from bbcore.loading.plugin_files import load_plugin_file
from bbcore.rules.rerolls import roll_names
from bbcore.rules_files import RulesFileProblem

if TYPE_CHECKING:
    from bbcore.ruleset import Ruleset

#: The data file and the schema it is validated against.
RULES_FILE = Path(__file__).parent / "data" / "variant-rules.yaml"
SCHEMA_FILE = Path(__file__).parent / "variant_rules.schema.json"
#: The id the file is registered under, and amended by.
RULES_ID = "gutterbowl/variant-rules"


@frozen
class PitchRoll:
    """The pre-game roll that picks the pitch: at most ``sewer_at_most`` gives the Sewer pitch."""

    dice: str
    sewer_at_most: int


@frozen
class CalmWeather:
    """The id of the uneventful row of each pitch's weather table."""

    street: str
    sewer: str


@frozen
class ChangingWeather:
    """Changing Weather: the ball scatters ``scatters`` times when the new weather is the calm row."""

    calm_weather: CalmWeather
    scatters: int


@frozen
class WallPush:
    """Pushed into a wall with no free square: a roll of ``fall_on`` or more on ``dice`` makes the player fall."""

    dice: str
    fall_on: int
    armour_modifier: int


@frozen
class ThrowAtWall:
    """Throwing the ball at a wall: where a miss hits, how far the ricochet goes, how often it bounces after."""

    dice: str
    right_at_most: int
    ricochet_distance: str
    bounces_after: int
    #: The ricochet's direction is the plugin's reading (the note says why).
    provisional: bool = False
    note: str | None = None


@frozen
class SecretWeapons:
    """The end-of-drive roll for Secret Weapon players."""

    dice: str
    removed_at_most: int
    casualty_at_most: int


@frozen
class RestlessFans:
    """A player Stalling at the end of their team turn is hit on ``hit_on`` or more."""

    dice: str
    hit_on: int


@frozen
class Sawbones:
    """The Sawbones inducement."""

    dice: str
    dead_at_most: int


@frozen
class SnackStand:
    """The Snack Stand inducement."""

    dice: str
    free_reroll_on: int


@frozen
class NoviceWizard:
    """The Novice Wizard inducement."""

    dice: str
    hit_on: int


@frozen
class Riot:
    """Riot!: a die per player on the pitch; ``stunned_on`` or more stuns them."""

    dice: str
    stunned_on: int


@frozen
class RoundOnUs:
    """This round is on us!: a KO'd player rolls ``dice`` and goes to the Reserves on ``reserves_on`` or more."""

    dice: str
    reserves_on: int


@frozen
class FreeInducement:
    """An inducement handed to each team, and how many."""

    inducement: str
    count: int


@frozen
class Guards:
    """The Guards are Coming!: ``players`` picked per team; ``dice`` at most ``arrested_at_most`` arrests."""

    players: int
    dice: str
    arrested_at_most: int


@frozen
class SwarmOfRats:
    """Swarm of Rats: ``dice`` at most ``falls_at_most`` fells a player ending an activation next to a wall."""

    dice: str
    falls_at_most: int


@frozen
class KickOffEvents:
    """The numbers of the street and sewer kick-off event rows."""

    falling_roof_tiles_dice: str
    riot: Riot
    rogue_washing_line_players: int
    this_round_is_on_us: RoundOnUs
    cheering_fans_rerolls: int
    loose_dogs_tests: tuple[str, ...]
    black_market_dealer: FreeInducement
    guards: Guards
    sudden_stink_squares: int
    get_ready_lads_squares: int
    fresh_sewage_distance: int
    swarm_of_rats: SwarmOfRats


@frozen
class CloudsOfSmog:
    """Clouds of Smog: ``dice`` of ``extra_player_on`` or more at the start of a drive sets up ``extra_players`` more."""

    dice: str
    extra_player_on: int
    extra_players: int


@frozen
class StormyNight:
    """A Stormy Night: ``dice`` at most ``struck_at_most`` at the end of a team turn fells one of that team's players."""

    dice: str
    struck_at_most: int


@frozen
class Heatwave:
    """Underground Heatwave: ``dice`` at most ``passes_out_at_most`` at the end of a drive keeps a player out of the next."""

    dice: str
    passes_out_at_most: int


@frozen
class WeatherRules:
    """The numbers of the street and sewer weather rows that the structured effects cannot say."""

    clouds_of_smog: CloudsOfSmog
    stormy_night: StormyNight
    unbearable_stench_players: int
    heatwave: Heatwave


@frozen
class Reading:
    """The plugin's reading of a rule the seed leaves unclear: always provisional, the note says what it does."""

    provisional: bool
    note: str


@frozen
class VariantRules:
    """Every number of ``variant-rules.yaml``; each field is documented in that file."""

    source: str
    max_non_linemen: int
    fans_per_dedicated_fan: int
    referee: bool
    pitch_roll: PitchRoll
    changing_weather: ChangingWeather
    wall_push: WallPush
    throw_at_wall: ThrowAtWall
    thrown_into_wall_armour_modifier: int
    pass_over_stall_modifier: int
    bounces_on_landing: int
    hard_landing_armour_modifier: int
    secret_weapons: SecretWeapons
    restless_fans: RestlessFans
    sawbones: Sawbones
    snack_stand: SnackStand
    novice_wizard: NoviceWizard
    potions_per_player: int
    potion_wakes_knocked_out: Mapping[str, tuple[str, ...]]
    potion_random_skills: Mapping[str, str]
    kick_off_events: KickOffEvents
    weather: WeatherRules
    readings: Mapping[str, Reading] = field(factory=dict)


def reference_problems(ruleset: Ruleset) -> list[RulesFileProblem]:
    """What the file names that the ruleset does not have, each at its place in the file.

    The schema cannot see the ruleset, so these are checked each time a ruleset with
    Gutter Bowl is built (``bbcore_rules_file_problems``): the potion tables and rows that
    wake a Knocked-out player, the potion rows that give a random skill and their skill
    categories, the calm row of the weather table in force, the rolls Loose Dogs bar,
    and Black Market Dealer's inducement (when no pack replaces Gutter Bowl's inducement list).
    """
    rules = variant_rules(ruleset)
    problems: list[RulesFileProblem] = []

    def problem(path: tuple[str | int, ...], message: str) -> None:
        problems.append(RulesFileProblem(RULES_ID, path, message))

    potion_rows: set[str] = set()
    for table_id, rows in rules.potion_wakes_knocked_out.items():
        table = ruleset.tables.get(table_id)
        if table is None:
            problem(("potion_wakes_knocked_out", table_id), f"no table {table_id!r}")
            continue
        known = {row.id for row in table.rows}
        potion_rows |= known
        for index, row_id in enumerate(rows):
            if row_id not in known:
                problem(("potion_wakes_knocked_out", table_id, index), f"table {table_id!r} has no row {row_id!r}")
    categories = {column.id for column in ruleset.table("random-skills").columns}
    for row_id, category in rules.potion_random_skills.items():
        if row_id not in potion_rows:
            problem(("potion_random_skills", row_id), f"no potion table has a row {row_id!r}")
        if category not in categories:
            problem(("potion_random_skills", row_id), f"no skill category {category!r}; there are {', '.join(sorted(categories))}")
    pitch = ruleset.options.get("pitch", "street")
    calm = getattr(rules.changing_weather.calm_weather, pitch, None)
    weather = ruleset.table("weather")
    if calm is not None and calm not in {row.id for row in weather.rows}:
        problem(("changing_weather", "calm_weather", pitch), f"the weather table {weather.id!r} has no row {calm!r}")
    rolls = roll_names(ruleset)
    for index, test in enumerate(rules.kick_off_events.loose_dogs_tests):
        if test not in rolls:
            problem(("kick_off_events", "loose_dogs_tests", index), f"no roll is named {test!r}; the rolls: {', '.join(sorted(rolls))}")
    gift = rules.kick_off_events.black_market_dealer.inducement
    if not ruleset.packs and gift not in ruleset.inducements:  # a pack replaces the inducement list, and this name with it
        problem(("kick_off_events", "black_market_dealer", "inducement"), f"no inducement {gift!r}")
    return problems


def load_variant_rules(path: Path = RULES_FILE) -> VariantRules:
    """Read, validate and structure one variant-rules file; raise DataError listing every problem."""
    return load_plugin_file(path, SCHEMA_FILE, VariantRules)


def variant_rules(ruleset: Ruleset) -> VariantRules:
    """Gutter Bowl's numbers in force in a ruleset with Gutter Bowl, as its layers amend them."""
    return ruleset.rules_model(RULES_ID, VariantRules)
