"""Checks across files: every reference resolves, ids are unique within their scope, tables cover their dice."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from bbcore.errors import JsonPath, Problem
from bbcore.model.common import Condition, Effect, SkillRef
from bbcore.modifiers import known_modifiers
from bbcore.rules.injury import CASUALTY_ROLE, DEAD
from bbcore.rules.ttm import ALWAYS_HUNGRY

if TYPE_CHECKING:
    from bbcore.loading.yaml_source import YamlDocument
    from bbcore.model.table import Table
    from bbcore.ruleset import Origin, Ruleset


def _skill_problems(ruleset: Ruleset, origin: Origin, path: JsonPath, ref: SkillRef) -> list[Problem]:
    skill = ruleset.skills.get(ref.id)
    if skill is None:
        return [origin.problem(path, "unknown-skill", f"unknown skill or trait {ref.id!r}")]
    if ref.value is not None and skill.parameter is None:
        return [origin.problem(path, "unexpected-skill-value", f"{skill.name} takes no value in brackets")]
    if ref.value is None and skill.parameter in ("target", "keyword"):
        return [origin.problem(path, "missing-skill-value", f"{skill.name} needs its value, e.g. {{id: {skill.id}, value: ...}}")]
    return []


def _condition_problems(ruleset: Ruleset, origin: Origin, path: JsonPath, condition: Condition | None) -> list[Problem]:
    if condition is None:
        return []
    problems = []
    for key, known, kind in (
        ("special_rules", ruleset.special_rules, "special rule"),
        ("leagues", ruleset.leagues, "league"),
        ("rosters", ruleset.rosters, "roster"),
    ):
        for i, ref in enumerate(getattr(condition, key) or ()):
            if ref not in known:
                problems.append(origin.problem((*path, key, i), f"unknown-{kind.replace(' ', '-')}", f"unknown {kind} {ref!r}"))
    return problems


#: The table whose rows a ``pass_bands`` effect names.
RANGE_RULER_TABLE = "pass-range"


def _effect_problems(ruleset: Ruleset, origin: Origin, path: JsonPath, effects: Iterable[Effect]) -> list[Problem]:
    problems = []
    for i, effect in enumerate(effects):
        here = (*path, i)
        verbs = effect.verbs
        if len(verbs) != 1:
            said = ", ".join(verbs) or "none"
            problems.append(origin.problem(here, "effect-verbs", f"an effect needs exactly one verb key; found {said}"))
        if effect.modifier is not None and effect.modifier not in (known := known_modifiers(ruleset)):
            message = f"unknown modifier {effect.modifier!r}: no rule of this ruleset reads it; the known ones: {', '.join(sorted(known))}"
            problems.append(origin.problem((*here, "modifier"), "unknown-modifier", message))
        if effect.roll_on is not None and effect.roll_on not in ruleset.tables and effect.roll_on not in ruleset.roles:
            problems.append(origin.problem((*here, "roll_on"), "unknown-table", f"unknown table or role {effect.roll_on!r}"))
        for j, ref in enumerate(effect.gain_skills or ()):
            problems.extend(_skill_problems(ruleset, origin, (*here, "gain_skills", j), ref))
        bands = [row.id for row in ruleset.tables[RANGE_RULER_TABLE].rows] if RANGE_RULER_TABLE in ruleset.tables else []
        for j, band in enumerate(effect.pass_bands or ()):
            if band not in bands:
                message = f"unknown pass-range band {band!r}; the bands: {', '.join(bands) or 'none'}"
                problems.append(origin.problem((*here, "pass_bands", j), "unknown-pass-band", message))
    return problems


def table_coverage_problems(table: Table, origin: Origin) -> list[Problem]:
    """Rows of a rolled or lookup table must cover its range exactly once."""
    span = table.range
    problems = []
    if span is None:
        for i, row in enumerate(table.rows):
            if row.min is not None:
                problems.append(
                    origin.problem(
                        ("rows", i, "min"), "chart-row-range", "a table without dice or index has keyed rows, without min and max"
                    )
                )
        return problems
    low, high = span
    owner: dict[int, int] = {}
    for i, row in enumerate(table.rows):
        if row.min is None or row.max is None:
            problems.append(
                origin.problem(("rows", i), "missing-range", f"every row of a {table.dice or 'lookup'} table needs min and max")
            )
            continue
        if row.min > row.max:
            problems.append(origin.problem(("rows", i, "min"), "bad-range", f"min {row.min} is above max {row.max}"))
        outside = [r for r in range(row.min, row.max + 1) if r < low or r > high]
        if outside:
            problems.append(origin.problem(("rows", i), "range-outside", f"{outside[0]} is outside the table's range {low}-{high}"))
        overlaps = [r for r in range(row.min, row.max + 1) if r in owner]
        if overlaps:
            first = owner[overlaps[0]]
            problems.append(
                origin.problem(
                    ("rows", i), "range-overlap", f"{overlaps[0]} is already covered by row {table.rows[first].id!r} ($.rows[{first}])"
                )
            )
        for result in range(max(row.min, low), min(row.max, high) + 1):
            owner.setdefault(result, i)
    missing = [r for r in range(low, high + 1) if r not in owner]
    if missing:
        problems.append(origin.problem(("rows",), "range-gap", f"no row covers {', '.join(map(str, missing))} of {low}-{high}"))
    return problems


def _roster_problems(ruleset: Ruleset) -> Iterator[Problem]:
    for roster in ruleset.rosters.values():
        origin = ruleset.origins[("roster", roster.id)]
        for i, league in enumerate(roster.leagues):
            if league not in ruleset.leagues:
                yield origin.problem(("leagues", i), "unknown-league", f"unknown league {league!r}")
        for i, rule in enumerate(roster.special_rules):
            for rule_id in rule.rule_ids:
                if rule_id not in ruleset.special_rules:
                    yield origin.problem(("special_rules", i), "unknown-special-rule", f"unknown special rule {rule_id!r}")
            if rule.league is not None and rule.league not in ruleset.leagues:
                yield origin.problem(("special_rules", i, "league"), "unknown-league", f"unknown league {rule.league!r}")
        seen: dict[str, int] = {}
        for i, position in enumerate(roster.positions):
            if position.id in seen:
                yield origin.problem(
                    ("positions", i, "id"),
                    "duplicate-id",
                    f"duplicate position id {position.id!r} in roster {roster.id!r}; first at $.positions[{seen[position.id]}]",
                )
            seen.setdefault(position.id, i)
            if position.min > position.max:
                yield origin.problem(("positions", i, "min"), "bad-range", f"min {position.min} is above max {position.max}")
            for j, ref in enumerate(position.skills):
                yield from _skill_problems(ruleset, origin, ("positions", i, "skills", j), ref)
        for i, limit in enumerate(roster.position_limits):
            for j, position_id in enumerate(limit.positions):
                if position_id not in seen:
                    yield origin.problem(
                        ("position_limits", i, "positions", j), "unknown-position", f"roster {roster.id!r} has no position {position_id!r}"
                    )


def _table_problems(ruleset: Ruleset) -> Iterator[Problem]:
    for table in ruleset.tables.values():
        origin = ruleset.origins[("table", table.id)]
        row_ids: dict[str, int] = {}
        columns = {c.id for c in table.columns}
        for i, row in enumerate(table.rows):
            if row.id in row_ids:
                yield origin.problem(("rows", i, "id"), "duplicate-id", f"duplicate row id {row.id!r}; first at $.rows[{row_ids[row.id]}]")
            row_ids.setdefault(row.id, i)
            for key in row.values:
                if key not in columns:
                    yield origin.problem(
                        ("rows", i, "values", key),
                        "unknown-column",
                        f"{key!r} is not a column of this table; columns: {', '.join(sorted(columns)) or 'none'}",
                    )
            yield from _effect_problems(ruleset, origin, ("rows", i, "effects"), row.effects)


def _death_problems(ruleset: Ruleset) -> Iterator[Problem]:
    """A team-mate eaten by an Always Hungry thrower dies, so the casualty table in force needs a row that kills."""
    if ALWAYS_HUNGRY not in ruleset.skills or (CASUALTY_ROLE not in ruleset.roles and CASUALTY_ROLE not in ruleset.tables):
        return
    table = ruleset.table(CASUALTY_ROLE)
    if not any(effect.status == DEAD for row in table.rows for effect in row.effects):
        yield ruleset.origins[("table", table.id)].problem(
            ("rows",),
            "no-deadly-row",
            f"the casualty table {table.id!r} has no row with the effect 'status: {DEAD}'; "
            f"a team-mate eaten by a player with {ruleset.skills[ALWAYS_HUNGRY].name} dies, so one is needed",
        )


def _known_table(ruleset: Ruleset, id_or_role: str) -> bool:
    return id_or_role in ruleset.tables or id_or_role in ruleset.roles


def _inducement_problems(ruleset: Ruleset) -> Iterator[Problem]:
    for inducement in ruleset.inducements.values():
        origin = ruleset.origins[("inducement", inducement.id)]
        if inducement.table is not None and not _known_table(ruleset, inducement.table):
            yield origin.problem(("table",), "unknown-table", f"unknown table or role {inducement.table!r}")
        if inducement.group is not None and inducement.group not in ruleset.inducement_groups:
            yield origin.problem(("group",), "unknown-group", f"unknown inducement group {inducement.group!r}")
        yield from _condition_problems(ruleset, origin, ("eligibility",), inducement.eligibility)
        for i, alternative in enumerate(inducement.eligibility_any):
            yield from _condition_problems(ruleset, origin, ("eligibility_any", i), alternative)
        for i, cost in enumerate(inducement.costs):
            yield from _condition_problems(ruleset, origin, ("costs", i, "condition"), cost.condition)
        for i, special_limit in enumerate(inducement.limits):
            yield from _condition_problems(ruleset, origin, ("limits", i, "condition"), special_limit.condition)
        profile_ids: dict[str, int] = {}
        for i, profile in enumerate(inducement.profiles):
            if profile.id in profile_ids:
                yield origin.problem(
                    ("profiles", i, "id"),
                    "duplicate-id",
                    f"duplicate profile id {profile.id!r}; first at $.profiles[{profile_ids[profile.id]}]",
                )
            profile_ids.setdefault(profile.id, i)
            yield from _condition_problems(ruleset, origin, ("profiles", i, "eligibility"), profile.eligibility)
            for j, ref in enumerate(profile.skills):
                yield from _skill_problems(ruleset, origin, ("profiles", i, "skills", j), ref)
            for j, table_id in enumerate(profile.tables):
                if not _known_table(ruleset, table_id):
                    yield origin.problem(("profiles", i, "tables", j), "unknown-table", f"unknown table or role {table_id!r}")
            yield from _effect_problems(ruleset, origin, ("profiles", i, "effects"), profile.effects)
        yield from _effect_problems(ruleset, origin, ("effects",), inducement.effects)


def _skill_form_problems(ruleset: Ruleset) -> Iterator[Problem]:
    """A skill's ``acts_as`` must name another skill, one that is not itself a form of a third; the skills it
    ``excludes`` or ``requires_one_of`` must be known."""
    for skill in ruleset.skills.values():
        origin = ruleset.origins[("skill", skill.id)]
        for key, ids in (("excludes", skill.excludes), ("requires_one_of", skill.requires_one_of)):
            for j, other in enumerate(ids):
                if other not in ruleset.skills:
                    yield origin.problem((key, j), "unknown-skill", f"{skill.name}: unknown skill or trait {other!r}")
        if skill.acts_as is None:
            continue
        base = ruleset.skills.get(skill.acts_as)
        if base is None:
            yield origin.problem(("acts_as",), "unknown-skill", f"{skill.name} acts as unknown skill or trait {skill.acts_as!r}")
        elif base.id == skill.id or base.acts_as is not None:
            yield origin.problem(("acts_as",), "skill-form-chain", f"{skill.name} must act as a skill of its own, not {skill.acts_as!r}")


def _sequence_problems(ruleset: Ruleset) -> Iterator[Problem]:
    for sequence in ruleset.sequences.values():
        origin = ruleset.origins[("sequence", sequence.id)]
        for step in sequence.steps:
            if step.table is not None and not _known_table(ruleset, step.table):
                yield origin.problem(("steps",), "unknown-table", f"step {step.id!r} names unknown table or role {step.table!r}")


def _pitch_problems(ruleset: Ruleset) -> Iterator[Problem]:
    for pitch in ruleset.pitches.values():
        origin = ruleset.origins[("pitch", pitch.id)]
        types = {t.id for t in pitch.feature_types}
        for i, feature in enumerate(pitch.features):
            if feature.type not in types:
                yield origin.problem(("features", i, "type"), "unknown-feature-type", f"unknown feature type {feature.type!r}")
            area = feature.area
            if area is not None and (area.x + area.length > pitch.length or area.y + area.width > pitch.width):
                yield origin.problem(("features", i, "area"), "off-pitch", "the feature's area runs off the pitch")
            for j, (a, b) in enumerate(feature.edges):
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                    yield origin.problem(("features", i, "edges", j), "bad-edge", "an edge must lie between two squares that share a side")


def _argue_table_problems(ruleset: Ruleset) -> Iterator[Problem]:
    """The Argue the Call row that ejects the coach (``fouls.coach_ejected_by``) must be a row of that table."""
    ejected_by = ruleset.parameters.fouls.coach_ejected_by
    if "argue-the-call" not in ruleset.roles:
        return
    table = ruleset.table("argue-the-call")
    if all(row.id != ejected_by for row in table.rows):
        yield ruleset.origins[("table", table.id)].problem(
            ("rows",),
            "unknown-row",
            f"the parameter fouls.coach_ejected_by names row {ejected_by!r}, which this table lacks; "
            f"its rows: {', '.join(row.id for row in table.rows)}",
        )


def _team_file_problems(ruleset: Ruleset) -> Iterator[Problem]:
    from bbcore.teams.files import position_problems  # noqa: PLC0415 - the teams package imports the ruleset

    for team_ref in ruleset.team_files:
        yield from position_problems(ruleset, team_ref)


#: Where the parameters name skills or traits: (path to a mapping whose keys are skill ids, or to a list of them).
PARAMETER_SKILL_KEYS: tuple[JsonPath, ...] = (("activation", "traits"), ("casualty_modifiers",), ("passing", "skill_modifiers"))
PARAMETER_SKILL_LISTS: tuple[JsonPath, ...] = (
    ("secure_the_ball", "barred_skills"),
    ("plague_ridden", "immune_skills"),
    ("masters_of_undeath", "immune_skills"),
)
#: Where the parameters name one skill or trait.
PARAMETER_SKILL_VALUES: tuple[JsonPath, ...] = (("team_captain", "skill"), ("getting_even", "skill"))
#: The lists of inducement ids in the parameters.
PARAMETER_INDUCEMENT_LISTS: tuple[JsonPath, ...] = (("fouls", "bribes"), ("kick_off_events", "cheering_fans_reroll_ones"))
#: Where the parameters name one inducement: the entries of the inducements the core plays.
PARAMETER_INDUCEMENT_VALUES: tuple[JsonPath, ...] = tuple(
    ("inducements", played, "inducement") for played in ("weather_mage", "close_scrutiny", "dwarven_wisdom", "fireball", "zap")
)


def _at(data: object, path: JsonPath) -> object:
    for key in path:
        if not isinstance(data, Mapping) or key not in data:
            return None
        data = data[key]
    return data


def parameter_skill_problems(skills: Collection[str], layers: Iterable[tuple[YamlDocument, Mapping[str, Any]]]) -> list[Problem]:
    """Every skill or trait id a parameters file names (see :data:`PARAMETER_SKILL_KEYS`,
    :data:`PARAMETER_SKILL_LISTS` and :data:`PARAMETER_SKILL_VALUES`) that no rules layer defines, at its line in that file."""
    problems: list[Problem] = []
    for document, data in layers:
        for path in PARAMETER_SKILL_KEYS:
            found = _at(data, path)
            if isinstance(found, Mapping):
                problems.extend(
                    document.problem((*path, key), "unknown-skill", f"unknown skill or trait {key!r}") for key in found if key not in skills
                )
        problems.extend(_unknown_listed(document, data, PARAMETER_SKILL_LISTS, skills, "unknown-skill", "skill or trait"))
        for path in PARAMETER_SKILL_VALUES:
            found = _at(data, path)
            if isinstance(found, str) and found not in skills:
                problems.append(document.problem(path, "unknown-skill", f"unknown skill or trait {found!r}"))
    return problems


def parameter_inducement_problems(inducements: Collection[str], layers: Iterable[tuple[YamlDocument, Mapping[str, Any]]]) -> list[Problem]:
    """Every inducement id a parameters file names (see :data:`PARAMETER_INDUCEMENT_LISTS` and
    :data:`PARAMETER_INDUCEMENT_VALUES`) that no inducement list loaded for the ruleset defines (a list another
    replaces still counts: a variant may keep the core's Bribes named without selling them), at its line in that file."""
    problems: list[Problem] = []
    for document, data in layers:
        problems.extend(_unknown_listed(document, data, PARAMETER_INDUCEMENT_LISTS, inducements, "unknown-inducement", "inducement"))
        for path in PARAMETER_INDUCEMENT_VALUES:
            found = _at(data, path)
            if isinstance(found, str) and found not in inducements:
                problems.append(document.problem(path, "unknown-inducement", f"unknown inducement {found!r}"))
    return problems


#: The table whose rows ``league.prayer_awards`` names.
PRAYERS_TABLE = "prayers-to-nuffle"


#: Where the parameters name a team special rule.
PARAMETER_SPECIAL_RULES: tuple[JsonPath, ...] = (
    ("low_cost_linemen_rule",),
    ("masters_of_undeath", "special_rule"),
    ("fouls", "bribery_and_corruption", "special_rule"),
    ("team_captain", "special_rule"),
    ("setup", "swarming_rule"),
)


def parameter_special_rule_problems(ruleset: Ruleset, layers: Iterable[tuple[YamlDocument, Mapping[str, Any]]]) -> list[Problem]:
    """Every special rule a parameters file names (see :data:`PARAMETER_SPECIAL_RULES`) that no glossary of the
    ruleset defines, at its line in that file (None names none)."""
    problems: list[Problem] = []
    for document, data in layers:
        for path in PARAMETER_SPECIAL_RULES:
            found = _at(data, path)
            if isinstance(found, str) and found not in ruleset.special_rules:
                problems.append(document.problem(path, "unknown-special-rule", f"unknown special rule {found!r}"))
    return problems


def parameter_prayer_problems(ruleset: Ruleset, layers: Iterable[tuple[YamlDocument, Mapping[str, Any]]]) -> list[Problem]:
    """Every prayer ``league.prayer_awards`` names that is no row of the Prayers to Nuffle table in force, at its line
    in that file (a ruleset without that table names none)."""
    known = {row.id for row in ruleset.table(PRAYERS_TABLE).rows} if PRAYERS_TABLE in ruleset.roles else set()
    problems: list[Problem] = []
    for document, data in layers:
        found = _at(data, ("league", "prayer_awards"))
        if isinstance(found, Mapping):
            problems.extend(
                document.problem(("league", "prayer_awards", key), "unknown-prayer", f"no prayer {key!r} on the {PRAYERS_TABLE} table")
                for key in found
                if key not in known
            )
    return problems


#: Where the parameters name a row of the casualty table in force.
PARAMETER_CASUALTY_ROWS: tuple[JsonPath, ...] = (
    ("plague_ridden", "casualty"),
    ("masters_of_undeath", "casualty"),
    ("league", "friendly", "casualty"),
    ("inducements", "zap", "casualty"),
)


def parameter_casualty_problems(ruleset: Ruleset, layers: Iterable[tuple[YamlDocument, Mapping[str, Any]]]) -> list[Problem]:
    """Every casualty result the parameters name (see :data:`PARAMETER_CASUALTY_ROWS`) that is no row of the casualty
    table in force, at its line in that file (a ruleset without a casualty table names none)."""
    if CASUALTY_ROLE not in ruleset.roles and CASUALTY_ROLE not in ruleset.tables:
        return []
    table = ruleset.table(CASUALTY_ROLE)
    known = {row.id for row in table.rows}
    problems: list[Problem] = []
    for document, data in layers:
        for path in PARAMETER_CASUALTY_ROWS:
            found = _at(data, path)
            if isinstance(found, str) and found not in known:
                message = f"no row {found!r} on the casualty table {table.id!r}; its rows: {', '.join(sorted(known))}"
                problems.append(document.problem(path, "unknown-row", message))
    return problems


def _unknown_listed(
    document: YamlDocument, data: Mapping[str, Any], paths: Iterable[JsonPath], known: Collection[str], code: str, what: str
) -> list[Problem]:
    problems: list[Problem] = []
    for path in paths:
        found = _at(data, path)
        if isinstance(found, list):
            problems.extend(
                document.problem((*path, i), code, f"unknown {what} {item!r}") for i, item in enumerate(found) if item not in known
            )
    return problems


def reference_problems(ruleset: Ruleset) -> list[Problem]:
    """Every unresolved reference and scoped duplicate in a built ruleset."""
    checks = (
        _roster_problems,
        _table_problems,
        _death_problems,
        _argue_table_problems,
        _inducement_problems,
        _skill_form_problems,
        _sequence_problems,
        _pitch_problems,
        _team_file_problems,
    )
    return [problem for check in checks for problem in check(ruleset)]
