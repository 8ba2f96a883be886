"""The subcommands. Each reads the API and prints text or one JSON document."""

from __future__ import annotations

import argparse
import contextlib
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import bbcore
from bbcore.cli import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, CliUsageError, emit_json
from bbcore.errors import DataError, PluginError, Problem, display_path
from bbcore.model.common import SkillRef
from bbcore.model.team import Team, TeamPlayer
from bbcore.render import json as rj
from bbcore.render.text import columns, money, target
from bbcore.rules.block import BLOCK_ROLL
from bbcore.rules.foul import FOUL
from bbcore.rules.league import Standing
from bbcore.rules.off_season import redraft_budget, redraft_cost, redraft_problems, rehire_price, rest_and_relaxation
from bbcore.rules.special_actions import PROJECTILE_VOMIT, STAB
from bbcore.ruleset import Ruleset
from bbcore.teams.checks import DRAFT, LEAGUE, STAGES, unknown_names
from bbcore.teams.files import TeamFile, load_team_files, variant_of
from bbcore.teams.profiles import LASTING_INJURY, PlayerProfile, current_profile, is_captain
from bbcore.teams.valuation import player_value


def _option_pair(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value.strip()


class _OnlyOnce(argparse.Action):
    """Refuses a second value: a ruleset has at most one game variant."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None) -> None:
        if getattr(namespace, self.dest, None) is not None:
            parser.error(f"{option} may be given once: a ruleset has at most one game variant")
        if not str(values).strip():
            parser.error(f"{option} needs a variant's name ('bbcore plugins' lists them); leave it out for the core")
        setattr(namespace, self.dest, values)


def _ruleset_arguments() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group("ruleset selection")
    group.add_argument("--variant", metavar="NAME", action=_OnlyOnce, help="game variant (default: Blood Bowl 2025 core); at most one")
    group.add_argument("--pack", metavar="NAME", action="append", default=[], help="inducement pack; repeatable")
    group.add_argument("--option", metavar="KEY=VALUE", action="append", default=[], type=_option_pair, help="ruleset option; repeatable")
    group.add_argument(
        "--amend", metavar="FILE", action="append", default=[], help="an amendments.yaml applied on top of every layer; repeatable"
    )
    return parent


def _json_argument() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--json", action="store_true", help="print one JSON document")
    return parent


def selected_ruleset(args: argparse.Namespace, variant: str | None = None) -> Ruleset:
    """The ruleset the ruleset-selection arguments of a command name, ``variant`` when they name none (see
    :func:`bbcore.cli.plugin_commands.ruleset_for`)."""
    return _ruleset(args, variant)


def _ruleset(args: argparse.Namespace, variant: str | None = None) -> Ruleset:
    options = dict(args.option)
    if len(options) != len(args.option):
        raise CliUsageError("an option is given more than once")
    return bbcore.load_ruleset(args.variant or variant, tuple(args.pack), options, tuple(args.amend))


def _team_ruleset(args: argparse.Namespace, team_files: Sequence[TeamFile]) -> Ruleset:
    """The ruleset for team files: of ``--variant`` when given, else of the variant the files name. Files of two
    different games are refused either way."""
    named = variant_of(team_files) if not args.variant or len({f.team.variant for f in team_files}) > 1 else None
    return _ruleset(args, named)


def _known_names_only(ruleset: Ruleset, team_file: TeamFile) -> None:
    """Refuse a team file that names positions, skills or staff the ruleset lacks (bad data, not a broken rule)."""
    unknown = unknown_names(bbcore.check_team(ruleset, team_file.team, team_file.document).problems)
    if unknown:
        raise DataError(unknown)


# -- commands -------------------------------------------------------------------


def cmd_plugins(args: argparse.Namespace) -> int:
    from bbcore.plugins import default_host  # noqa: PLC0415

    if args.trace is not None:
        return _trace_command(args)
    infos = default_host().describe()
    if args.json:
        emit_json([rj.plugin_json(i) for i in infos])
    else:
        print(columns([[i.name, i.version, i.kind, i.description] for i in infos], ["plugin", "version", "kind", "description"]))
    return EXIT_OK


def _trace_command(args: argparse.Namespace) -> int:
    """Run another bbcore command with every hook call recorded; print which plugin answered each hook."""
    import contextlib  # noqa: PLC0415
    import io  # noqa: PLC0415

    from bbcore.cli import main  # noqa: PLC0415 - the command being traced runs through the same entry
    from bbcore.hooktrace import tracing  # noqa: PLC0415

    command = list(args.trace)
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        raise CliUsageError("--trace needs a command to run, e.g. bbcore plugins --trace table weather --variant NAME")
    if command[0] == "plugins" and "--trace" in command:
        raise CliUsageError("a traced command cannot itself be traced")
    output = io.StringIO()
    with tracing() as trace, contextlib.redirect_stdout(output):
        try:
            status = main(command)
        except SystemExit as stop:  # --help or --version of the traced command
            status = stop.code if isinstance(stop.code, int) else EXIT_USAGE
    answers = trace.answers()
    if args.json:
        emit_json({"command": command, "status": status, "output": output.getvalue(), "answers": [a.to_json() for a in answers]})
        return EXIT_OK
    print(f"bbcore {' '.join(command)}: exit status {status}; its output is left out")
    rows = [[a.hook, a.plugin, a.answer, str(a.calls), str(a.used)] for a in answers]
    print(columns(rows, ["hook", "plugin", "answer", "calls", "used"]))
    return EXIT_OK


def cmd_new_plugin(args: argparse.Namespace) -> int:
    from bbcore.cli.scaffold import write_scaffold  # noqa: PLC0415

    names, target, files = write_scaffold(args.name, Path(args.dir) if args.dir else None)
    if args.json:
        document = {"name": names.name, "package": names.package, "distribution": names.distribution, "directory": str(target)}
        emit_json({**document, "files": files})
        return EXIT_OK
    print(f"created the plugin {names.name!r} in {target}:")
    for file in files:
        print(f"  {file}")
    print("next:")
    print(f"  pip install -e {target}")
    print(f"  bbcore plugins                      # lists {names.name}")
    print(f"  bbcore tables --variant {names.name}")
    print(f"  python -m pytest {target}")
    return EXIT_OK


class _VersionAction(argparse.Action):
    """``--version``: bbcore's version, the data edition and provenance, and the installed plugins' versions."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None) -> None:
        from bbcore.edition import version_lines  # noqa: PLC0415 - discovers the plugins: only when asked

        print("\n".join(version_lines()))
        parser.exit()


def cmd_ruleset(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    document = {
        "variant": ruleset.variant,
        "packs": list(ruleset.packs),
        "plugins": [rj.plugin_json(p) for p in ruleset.plugins],
        "options": dict(ruleset.options),
        "parameters": rj.parameters_json(ruleset),
        "roles": dict(ruleset.roles),
        "rules_files": {rules_id: dict(data) for rules_id, data in sorted(ruleset.rules_files.items())},
        "amendments": list(ruleset.amendments),
    }
    if args.json:
        emit_json(document)
        return EXIT_OK
    print(f"variant: {ruleset.variant or 'Blood Bowl 2025 (core)'}")
    print(f"packs: {', '.join(ruleset.packs) or 'none'}")
    print(f"plugins: {', '.join(p.name for p in ruleset.plugins)}")
    print(f"options: {', '.join(f'{k}={v}' for k, v in ruleset.options.items()) or 'none'}")
    print(f"rules files: {', '.join(sorted(ruleset.rules_files)) or 'none'}")
    if ruleset.amendments:
        print(f"amended by: {', '.join(ruleset.amendments)}")
    params = ruleset.parameters
    print(f"players on the pitch: {params.players_on_pitch}; turns per half: {params.turns_per_half}; halves: {params.halves}")
    print(f"draft budget: {money(params.draft_budget)}; roster: {params.roster.min}-{params.roster.max} players")
    if params.sideline_budget is not None:
        print(f"sideline staff budget: {money(params.sideline_budget)}, apart from the draft budget")
    reroll_price = money(params.rerolls.fixed_cost) if params.rerolls.fixed_cost is not None else "roster price"
    cap = "any number" if params.rerolls.max is None else f"at most {params.rerolls.max}"
    print(f"re-rolls: {cap}, {reroll_price}, x{params.rerolls.cost_multiplier_after_draft} after drafting")
    for staff_id, terms in params.staff.items():
        print(f"staff {staff_id}: up to {terms.max} at {money(terms.cost)}")
    fans = params.dedicated_fans
    print(f"dedicated fans: start {fans.start}, buy up to {fans.max_at_draft} at {money(fans.cost)}, range {fans.min}-{fans.max}")
    return EXIT_OK


def _print_table(table: Any) -> None:
    flag = " [provisional]" if table.provisional else ""
    print(f"{table.name} ({table.id}){flag} - {table.dice or (table.index.name if table.index else 'chart')}")
    if table.text:
        print(table.text)
    print(columns([[row.range_label, row.name, row.text] for row in table.rows]))


def cmd_tables(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    tables = sorted(ruleset.tables.values(), key=lambda t: t.id)
    if args.json:
        emit_json([rj.table_json(t) for t in tables])
    else:
        print(
            columns(
                [[t.id, t.name, t.dice or "-", ", ".join(t.roles), "provisional" if t.provisional else ""] for t in tables],
                ["id", "name", "dice", "roles", ""],
            )
        )
    return EXIT_OK


def cmd_table(args: argparse.Namespace) -> int:
    table = _ruleset(args).table(args.id)
    if args.json:
        emit_json(rj.table_json(table))
    else:
        _print_table(table)
    return EXIT_OK


def cmd_roll(args: argparse.Namespace) -> int:
    table = _ruleset(args).table(args.id)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    result = bbcore.roll_on_table(table, bbcore.SeededDice(seed), args.modifier)
    if args.json:
        emit_json(result.to_json())
    else:
        rolls = " + ".join(map(str, result.rolls))
        modifier = f" {args.modifier:+d}" if args.modifier else ""
        print(f"{table.name}: rolled {rolls}{modifier} = {result.total} (seed {seed})")
        print(f"{result.row.name}: {result.row.text}")
    return EXIT_OK


def cmd_rosters(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    rosters = sorted(ruleset.rosters.values(), key=lambda r: r.id)
    if args.json:
        emit_json([rj.roster_json(ruleset, r) for r in rosters])
    else:
        print(
            columns(
                [
                    [r.id, r.name, str(r.tier), money(r.reroll_cost), "yes" if r.apothecary else "no", str(len(r.positions))]
                    for r in rosters
                ],
                ["id", "name", "tier", "re-roll", "apothecary", "positions"],
            )
        )
    return EXIT_OK


def cmd_roster(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    roster = ruleset.roster(args.id)
    if args.json:
        emit_json(rj.roster_json(ruleset, roster))
        return EXIT_OK
    print(f"{roster.name} (tier {roster.tier}); re-rolls {money(roster.reroll_cost)}; apothecary: {'yes' if roster.apothecary else 'no'}")
    if roster.note:
        print(f"{'provisional' if roster.provisional else 'note'}: {roster.note}")
    rows = [
        [
            f"{p.min}-{p.max}",
            p.name,
            money(p.cost),
            str(p.ma),
            str(p.st),
            target(p.ag),
            target(p.pa),
            target(p.av),
            ", ".join(ruleset.skill_display(s.id, s.value) for s in p.skills),
        ]
        for p in roster.positions
    ]
    print(columns(rows, ["qty", "position", "cost", "MA", "ST", "AG", "PA", "AV", "skills"]))
    return EXIT_OK


def cmd_skills(args: argparse.Namespace) -> int:
    skills = sorted(_ruleset(args).skills.values(), key=lambda s: (s.category, s.id))
    if args.json:
        emit_json([{"id": s.id, "name": s.name, "category": s.category, "trait": s.trait, "elite": s.elite} for s in skills])
    else:
        print(columns([[s.id, s.name, s.category, "elite" if s.elite else ""] for s in skills], ["id", "name", "category", ""]))
    return EXIT_OK


def cmd_inducements(args: argparse.Namespace) -> int:
    if args.team is not None:
        return _team_inducements(args)
    if args.opponent_ctv is not None:
        raise CliUsageError("--opponent-ctv needs --team: the budget is the team's")
    ruleset = _ruleset(args)
    inducements = list(ruleset.inducements.values())
    if args.json:
        emit_json([rj.inducement_json(ruleset, i) for i in inducements])
    else:
        rows = [
            [
                f"{i.min}+" if i.max is None else f"{i.min}-{i.max}",
                i.name,
                " / ".join(money(c.cost) + ("+" if c.plus_position_cost else "") for c in i.costs),
                i.text,
            ]
            for i in inducements
        ]
        print(columns(rows, ["qty", "inducement", "cost", "what it does"]))
    return EXIT_OK


def _team_inducements(args: argparse.Namespace) -> int:
    """What the team in ``--team`` may buy from the active list, at its prices; with ``--opponent-ctv``, what it can afford."""
    from bbcore.rules.pregame import team_inducement_budget  # noqa: PLC0415
    from bbcore.teams.purchases import InducementOffer, entity_name, inducement_offers  # noqa: PLC0415

    team_file = bbcore.load_team_file(args.team)
    ruleset = _team_ruleset(args, [team_file])
    _known_names_only(ruleset, team_file)
    offers = inducement_offers(ruleset, team_file.team)
    budget = None if args.opponent_ctv is None else team_inducement_budget(ruleset, team_file.team, args.opponent_ctv)

    def cheapest(offer: InducementOffer) -> int:
        return min(offer.positions.values()) if offer.positions else offer.price

    if args.json:
        listing = [o.to_json() for o in offers]
        if budget is not None:
            for entry, offer in zip(listing, offers, strict=True):
                entry["affordable"] = offer.eligible and cheapest(offer) <= budget.total
        emit_json(listing)
        return EXIT_OK
    if budget is not None:
        spend = f"{money(budget.petty_cash)} Petty Cash, {money(budget.treasury)} from the Treasury"
        print(f"{team_file.team.name} may spend {money(budget.total)}: {spend}")
    rows = []
    for offer in offers:
        price = money(offer.price) + (" + the player's cost" if offer.plus_position_cost else "")
        if not offer.eligible:
            note = f"not open: {offer.reason}"
        elif offer.by_league:
            terms = [f"{entity_name(ruleset, 'league', k)} {'not open' if v is None else money(v)}" for k, v in offer.by_league.items()]
            note = "by league: " + ", ".join(terms)
        elif budget is not None and cheapest(offer) > budget.total:
            note = "over budget"
        else:
            note = ""
        rows.append([f"{offer.min}-{'' if offer.max is None else offer.max}", offer.name, price, note])
    print(columns(rows, ["qty", "inducement", "price", ""]))
    return EXIT_OK


def _gold(text: str) -> int:
    """Gold pieces as a number, or with a K for thousands: 1240000 or 1240K."""
    plain = text.replace(",", "").strip()
    try:
        gold = int(plain[:-1]) * 1000 if plain[-1:] in ("K", "k") else int(plain)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected gold pieces such as 1240000 or 1240K, got {text!r}") from None
    if gold < 0:
        raise argparse.ArgumentTypeError(f"expected gold pieces, 0 or more, got {text!r}")
    return gold


def _seed(text: str) -> int:
    """An argument type: a seed, a whole number 0 or more (the generator rolls for -7 what it rolls for 7)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number as the seed, got {text!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"a seed is 0 or more (-{abs(number)} would roll as {abs(number)} does), got {number}")
    return number


def _whole_at_least(least: int, things: str, most: int | None = None) -> Callable[[str], int]:
    """An argument type: a whole number of ``things``, ``least`` or more (and ``most`` or fewer)."""

    def parse(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number of {things}, got {text!r}") from None
        if number < least:
            raise argparse.ArgumentTypeError(f"expected {least} or more {things}, got {number}")
        if most is not None and number > most:
            raise argparse.ArgumentTypeError(f"expected at most {most} {things}, got {number}")
        return number

    return parse


#: Fixtures of a season (0 or more), and processes to play matches in (1 or more).
_count = _whole_at_least(0, "fixtures")
#: More processes than this only queue for the cores (a machine with 64 cores is rare) and take long to start.
MOST_JOBS = 64
_jobs = _whole_at_least(1, "processes", MOST_JOBS)


def cmd_team_check(args: argparse.Namespace) -> int:
    try:
        team_file = bbcore.load_team_file(args.file)
        ruleset = _team_ruleset(args, [team_file])
    except DataError as error:
        if args.json:
            # The document a script waits for, with the problems in it; stderr and the exit say the rest.
            emit_json(
                {
                    "valid": False,
                    "cost": None,
                    "team_value": None,
                    "current_team_value": None,
                    "problems": [p.to_json() for p in error.problems],
                }
            )
        raise
    report = bbcore.check_team(ruleset, team_file.team, team_file.document, stage=args.stage)
    # The file names things that do not exist: bad data, reported on stderr as well.
    status = _report_references(report.problems) or (EXIT_OK if report.valid else EXIT_PROBLEMS)
    if args.json:
        emit_json(
            {
                "valid": report.valid,
                "cost": report.cost,
                "team_value": report.team_value,
                "current_team_value": report.current_team_value,
                "problems": [p.to_json() for p in report.problems],
            }
        )
        return status
    print(
        f"{team_file.team.name}: {'valid' if report.valid else 'INVALID'}; cost {money(report.cost)}, Team Value {money(report.team_value)}"
    )
    for found in report.problems:
        print(f"  {found}  [{found.code}]")
    return status


def cmd_team_redraft(args: argparse.Namespace) -> int:
    before_file, after_file = load_team_files([args.before, args.after])
    before, after = before_file.team, after_file.team
    ruleset = _team_ruleset(args, [before_file, after_file])
    _known_names_only(ruleset, before_file)  # the new file's names are among the re-draft's problems
    budget, _ = redraft_budget(ruleset, before.treasury, args.played, args.won, args.drawn)
    problems = redraft_problems(ruleset, before, after, budget, after_file.document)
    cost = redraft_cost(ruleset, before, after)
    kept = [p for p in after.players if any(p.identity == old.identity for old in before.players)]
    status = _report_references(problems) or (EXIT_PROBLEMS if problems else EXIT_OK)
    if args.json:
        emit_json(
            {
                "valid": not problems,
                "budget": budget,
                "cost": cost,
                "rehired": [{"name": p.name, "position": p.position, "price": rehire_price(ruleset, p)} for p in kept],
                "problems": [p.to_json() for p in problems],
            }
        )
        return status
    print(f"{after.name}: {'valid' if not problems else 'INVALID'} re-draft; cost {money(cost)} of a budget of {money(budget)}")
    for player in kept:
        print(f"  re-hired {player.name} ({player.position}) for {money(rehire_price(ruleset, player))}")
    for found in problems:
        print(f"  {found}  [{found.code}]")
    return status


def cmd_team_rest(args: argparse.Namespace) -> int:
    team_file = bbcore.load_team_file(args.file)
    before = team_file.team
    ruleset = _team_ruleset(args, [team_file])
    _known_names_only(ruleset, team_file)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    rested, events = rest_and_relaxation(ruleset, before, bbcore.SeededDice(seed))
    if args.save:
        team_file.update(rested)
        team_file.save()
    if args.json:
        emit_json({"seed": seed, "saved": bool(args.save), "events": [event.to_json() for event in events]})
        return EXIT_OK
    print(f"{before.name}: Rest & Relaxation (seed {seed})" + (f", saved to {args.file}" if args.save else ""))
    for event in events:
        what = event.detail.get("keyword") or event.detail.get("injury")
        parts = [
            event.kind,
            *([str(what)] if what and what != event.kind else []),
            *([f"rolled {'+'.join(map(str, event.rolls))}"] if event.rolls else []),
        ]
        print(f"  {event.who}: {' '.join(parts)}: {event.result}")
    return EXIT_OK


def cmd_team_season_end(args: argparse.Namespace) -> int:
    from bbcore.rules.off_season import season_end  # noqa: PLC0415

    team_file = bbcore.load_team_file(args.file)
    before = team_file.team
    # Its rules are not needed, but a file of a game not installed, or naming what its game lacks, is bad input.
    _known_names_only(_team_ruleset(args, [team_file]), team_file)
    took_part = [p.name for p in before.players] if args.all_took_part else list(args.took_part or ())
    ended = season_end(before, champion=args.champion, took_part=took_part)
    if args.save:
        team_file.update(ended)
        team_file.save()
    counted = [p.name for p, was in zip(ended.players, before.players, strict=True) if p.seasons != was.seasons]
    if args.json:
        emit_json({"saved": bool(args.save), "league_trophy": ended.league_trophy, "seasons_counted": counted})
        return EXIT_OK
    holds = "holds the League Trophy" if ended.league_trophy else "holds no League Trophy"
    print(f"{before.name}: the season ends; it {holds}" + (f"; saved to {args.file}" if args.save else ""))
    print(f"  a season more for: {', '.join(counted) if counted else 'nobody'}")
    return EXIT_OK


def cmd_league_table(args: argparse.Namespace) -> int:
    from bbcore.leagues import division_notes, league_tables, load_league_file, result_problems  # noqa: PLC0415
    from bbcore.rules.season import playoff_draw, playoff_qualifiers  # noqa: PLC0415

    if args.draw is not None and not args.playoffs:
        raise CliUsageError("--draw needs --playoffs N: the draw pairs the teams that go on")
    if args.seed is not None and args.draw != "random":
        raise CliUsageError("--seed is for --draw random: a seeded draw rolls no dice")
    league_file = load_league_file(args.file)
    league = league_file.league
    ruleset = _ruleset(args)
    refused = result_problems(ruleset, league_file)
    if refused:
        raise DataError(list(refused))
    notes = division_notes(ruleset, league_file)
    tables = league_tables(ruleset, league)
    qualified = playoff_qualifiers(ruleset, tables, args.playoffs, tie_breakers=league.tie_breakers) if args.playoffs else None
    seed = (args.seed if args.seed is not None else secrets.randbelow(2**31)) if args.draw == "random" else None
    pairs = None
    if qualified is not None and args.draw is not None:
        pairs = playoff_draw(qualified, tables, None if seed is None else bbcore.SeededDice(seed))
    if args.json:
        payload: dict[str, Any] = {
            "name": league.name,
            "divisions": {name: [_standing_json(line) for line in lines] for name, lines in tables.items()},
        }
        if qualified is not None:
            payload["playoffs"] = list(qualified)
        if pairs is not None:
            payload["draw"] = {"method": args.draw, "seed": seed, "pairs": [list(pair) for pair in pairs]}
        payload["notes"] = [note.to_json() for note in notes]
        emit_json(payload)
        return EXIT_OK
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    print(league.name)
    for name, lines in tables.items():
        print(f"\n{name}")
        rows = [[str(getattr(line, figure)) for figure in _STANDING_FIGURES] for line in lines]
        print(columns(rows, ["#", "team", "P", "W", "D", "L", "points", "bonus", "TD for", "TD against", "Cas"]))
    if qualified is not None:
        print(f"\nplay-offs: {', '.join(qualified)}")
    if pairs is not None:
        how = "seeded" if seed is None else f"drawn at random, seed {seed}"
        print(f"first round ({how}): " + "; ".join(f"{home} v {away}" for home, away in pairs))
    return EXIT_OK


#: A league table line's figures, in the order the text table shows them.
_STANDING_FIGURES = (
    "rank",
    "team",
    "played",
    "won",
    "drawn",
    "lost",
    "points",
    "bonus_points",
    "touchdowns_for",
    "touchdowns_against",
    "casualties_caused",
)


def _standing_json(line: Standing) -> dict[str, Any]:
    return {figure: getattr(line, figure) for figure in _STANDING_FIGURES}


def _report_references(problems: tuple[Problem, ...]) -> int:
    """Print, on stderr, the problems that mean the file names things that do not exist; the exit status they give."""
    found = unknown_names(problems)
    for problem in found:
        print(str(problem), file=sys.stderr)
    return EXIT_USAGE if found else EXIT_OK


def cmd_team_sheet(args: argparse.Namespace) -> int:
    team_file = bbcore.load_team_file(args.file)
    team = team_file.team
    ruleset = _team_ruleset(args, [team_file])
    report = bbcore.check_team(ruleset, team, team_file.document, stage=args.stage)
    status = _report_references(report.problems)
    if status != EXIT_OK:
        return status  # a player of an unknown position has no profile to show
    players = [(player, current_profile(ruleset, player, team), player_value(ruleset, player)) for player in team.players]
    if args.json:
        emit_json(
            {
                "name": team.name,
                "valid": report.valid,
                "league_trophy": team.league_trophy,
                "team_value": report.team_value,
                "current_team_value": report.current_team_value,
                "players": [_sheet_json(ruleset, team, player, profile, value) for player, profile, value in players],
                "problems": [p.to_json() for p in report.problems],
            }
        )
        return EXIT_OK if report.valid else EXIT_PROBLEMS
    trophy = "; holds the League Trophy" if team.league_trophy else ""
    print(f"{team.name}: Team Value {money(report.team_value)}, Current Team Value {money(report.current_team_value)}{trophy}")
    rows = [
        [
            "" if player.number is None else str(player.number),
            player.name,
            player.position,
            str(profile.ma),
            str(profile.st),
            target(profile.ag),
            target(profile.pa),
            target(profile.av),
            ", ".join(ruleset.skill_display(s, v) for s, v in profile.skills.items()),
            str(player.spp),
            money(value),
            _sheet_notes(ruleset, team, player),
        ]
        for player, profile, value in players
    ]
    print(columns(rows, ["#", "name", "position", "MA", "ST", "AG", "PA", "AV", "skills", "SPP", "value", "notes"]))
    for found in report.problems:
        print(f"  {found}  [{found.code}]")
    return EXIT_OK if report.valid else EXIT_PROBLEMS


def _sheet_json(ruleset: Ruleset, team: Team, player: TeamPlayer, profile: PlayerProfile, value: int) -> dict[str, Any]:
    return {
        "name": player.name,
        "captain": is_captain(ruleset, player, team),
        "number": player.number,
        "position": player.position,
        "ma": profile.ma,
        "st": profile.st,
        "ag": profile.ag,
        "pa": profile.pa,
        "av": profile.av,
        **rj.skill_list_json(ruleset, (SkillRef(skill, held) for skill, held in profile.skills.items())),
        "improvements": dict(profile.improvements),
        "spp": player.spp,
        "value": value,
        "available": player.available,
        "miss_next_game": player.miss_next_game,
        "niggling_injuries": player.niggling_injuries,
        "lasting_injuries": list(player.lasting_injuries),
        "temporarily_retired": player.temporarily_retired,
        "seasons": player.seasons,
    }


def _sheet_notes(ruleset: Ruleset, team: Team, player: TeamPlayer) -> str:
    notes = ["captain"] if is_captain(ruleset, player, team) else []
    if player.miss_next_game:
        notes.append("misses the next game")
    if player.temporarily_retired:
        notes.append("temporarily retired")
    if player.niggling_injuries:
        notes.append(f"niggling injuries {player.niggling_injuries}")
    injuries = ruleset.tables.get(ruleset.roles.get(LASTING_INJURY, LASTING_INJURY))
    names = {row.id: row.name for row in injuries.rows} if injuries is not None else {}
    notes.extend(names.get(row_id, row_id) for row_id in player.lasting_injuries)
    if player.seasons:
        notes.append(f"{player.seasons} earlier season(s)")
    return "; ".join(notes)


def cmd_data_check(args: argparse.Namespace) -> int:
    from bbcore.datacheck import check_paths  # noqa: PLC0415

    checked, problems = check_paths([Path(p) for p in args.paths])
    if args.json:
        emit_json({"valid": not problems, "files": checked, "problems": [p.to_json() for p in problems]})
    elif not problems:
        print(f"{checked} file(s) valid")
    if problems:
        for found in problems:
            print(str(found), file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK


def stats(ruleset: Ruleset) -> dict[str, Any]:
    rows = [row for table in ruleset.tables.values() for row in table.rows]
    with_effects = sum(1 for row in rows if row.effects)
    return {
        "rosters": len(ruleset.rosters),
        "positions": sum(len(r.positions) for r in ruleset.rosters.values()),
        "skills": len(ruleset.skills),
        "tables": len(ruleset.tables),
        "rows": len(rows),
        "rows_with_effects": with_effects,
        "effects_share": round(with_effects / len(rows), 3) if rows else 0.0,
        "provisional_tables": sum(1 for t in ruleset.tables.values() if t.provisional),
        "inducements": len(ruleset.inducements),
        "team_files": len(ruleset.team_files),
    }


def cmd_stats(args: argparse.Namespace) -> int:
    document = stats(_ruleset(args))
    if args.json:
        emit_json(document)
    else:
        print(columns([[k.replace("_", " "), str(v)] for k, v in document.items()]))
    return EXIT_OK


def cmd_teams(args: argparse.Namespace) -> int:
    ruleset = _ruleset(args)
    listing: list[dict[str, Any]] = []
    for ref in ruleset.team_files:
        listing.append({"id": ref.id, "name": ref.name, "path": ref.path, "cost": bbcore.value_team(ruleset, ref.team).cost})
    if args.json:
        emit_json(listing)
    else:
        print(columns([[t["id"], t["name"], money(t["cost"]), t["path"]] for t in listing], ["id", "name", "cost", "path"]))
    return EXIT_OK


def _team_paths(paths: list[str]) -> list[Path]:
    """Team files given on the command line: files, or folders of them; one file given twice (by name and in its
    folder, say) is refused, as a team cannot meet itself."""
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        files.extend(sorted([*path.glob("*.yaml"), *path.glob("*.yml")]) if path.is_dir() else [path])
    seen: dict[Path, Path] = {}
    for file in files:
        same = seen.setdefault(file.resolve(), file)
        if same is not file:
            raise CliUsageError(f"{display_path(file)} is given twice (also as {display_path(same)}); each team once")
    return files


def _legal_teams(ruleset: Ruleset, team_files: Sequence[TeamFile]) -> list[Team]:
    """The given team files' teams (none given: the ruleset's own); each must be a legal team (all problems at once)."""
    loaded = [(f.team, f.document) for f in team_files] if team_files else [(r.team, r.document) for r in ruleset.team_files]
    problems: list[str] = []
    for team, document in loaded:
        report = bbcore.check_team(ruleset, team, document)
        problems.extend(f"{problem} ({team.name} is not a legal team)" for problem in report.problems)
    if problems:
        raise CliUsageError("\n".join(problems))
    return [team for team, _ in loaded]


def _home_and_away(ruleset: Ruleset, home: TeamFile | None, away: TeamFile | None) -> list[Team]:
    """The two teams of a match: each named file, or else the ruleset's first (home) and second (away) team file."""
    shipped = _legal_teams(ruleset, []) if not (home and away) else []
    named = iter(_legal_teams(ruleset, [f for f in (home, away) if f]) if home or away else [])
    teams = [next(named) if given else (shipped[index] if index < len(shipped) else None) for index, given in enumerate((home, away))]
    if any(team is None for team in teams):
        raise CliUsageError("two teams are needed: give --home and --away, or use a ruleset that ships two team files")
    return [team for team in teams if team is not None]


def _policies(args: argparse.Namespace, offered: tuple[str, ...]) -> tuple[str, str]:
    chosen = list(args.policy or [offered[0]])
    if len(chosen) > 2:
        raise CliUsageError("--policy is given once (both teams) or twice (home, then away)")
    for name in chosen:
        if name not in offered:
            raise CliUsageError(f"unknown policy {name!r}; this simulator offers {', '.join(offered)}")
    return (chosen[0], chosen[-1])


def cmd_simulate(args: argparse.Namespace) -> int:
    from bbcore.simulation import iter_matches, simulator_for  # noqa: PLC0415 - loaded only for simulations

    for option, given in (("--home", args.home), ("--away", args.away)):
        if given and Path(given).is_dir():
            raise CliUsageError(f"{option} names one team file, not the folder {given}")
    named = load_team_files([given for given in (args.home, args.away) if given])
    home = named[0] if args.home else None
    away = named[-1] if args.away else None
    ruleset = _team_ruleset(args, named) if named else _ruleset(args)
    simulator = simulator_for(ruleset)
    teams = _home_and_away(ruleset, home, away)
    policies = _policies(args, simulator.policies)
    if args.matches < 1:
        raise CliUsageError("--matches must be at least 1")
    # Made and played one by one: a long run holds one match at a time, not all of them.
    orders = ((teams[0], teams[1], policies, args.seed + n) for n in range(args.matches))
    # Several processes load their own simulator; one plays with the simulator at hand (and so does one match).
    jobs = args.jobs if args.matches > 1 else 1
    played = iter_matches(ruleset, orders, jobs=jobs, simulator=None if jobs > 1 else simulator)
    if args.matches == 1:
        match = next(played)
        if args.json:
            emit_json(match)
            return EXIT_OK
        names = [t["name"] for t in match["teams"]]
        winner = "no winner yet" if match["winner"] is None else f"{names[match['winner']]} wins"
        print(f"{names[0]} {match['score'][0]} - {match['score'][1]} {names[1]}: {winner}, {len(match['arcs'])} arcs")
        return EXIT_OK
    summary = dict(simulator.summary(played))
    if args.json:
        emit_json(summary)
    else:
        for key, value in summary.items():
            print(f"{key.replace('_', ' ')}: {_summary_value(value, [team.name for team in teams])}")
    return EXIT_OK


def _summary_value(value: object, teams: Sequence[str]) -> str:
    """A simulator summary's value in words: a pair is the home and away team's, a mapping its counts, a rate to three
    figures."""
    if isinstance(value, float):
        return f"{value:,.3f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple) and len(value) == len(teams):
        return ", ".join(f"{name} {_summary_value(item, teams)}" for name, item in zip(teams, value, strict=True))
    if isinstance(value, Mapping):
        return ", ".join(f"{key} {_summary_value(item, teams)}" for key, item in value.items()) or "none"
    if isinstance(value, list | tuple):
        return ", ".join(_summary_value(item, teams) for item in value)
    return str(value)


def cmd_balance(args: argparse.Namespace) -> int:
    from bbcore.balance_chart import balance_png, balance_svg  # noqa: PLC0415
    from bbcore.simulation import balance, balance_table, simulator_for  # noqa: PLC0415

    paths = _team_paths(args.teams)
    if args.teams and not paths:
        raise CliUsageError(f"no team files (*.yaml) in {', '.join(args.teams)}")
    team_files = load_team_files(paths)
    ruleset = _team_ruleset(args, team_files) if team_files else _ruleset(args)
    simulator = simulator_for(ruleset)
    kind = Path(args.plot).suffix.lower() if args.plot else None
    if kind not in (None, ".svg", ".png"):
        raise CliUsageError("--plot draws an SVG or a PNG chart: give a file name ending in .svg or .png")
    if args.plot:
        # Said before any match is played, not after a long run.
        chart = Path(args.plot)
        if chart.is_dir() or not chart.parent.is_dir():
            raise CliUsageError(
                f"--plot cannot write {args.plot}: " + ("it is a folder" if chart.is_dir() else "its folder does not exist")
            )
    teams = _legal_teams(ruleset, team_files)
    policies = _policies(args, simulator.policies)
    in_hand = None if args.jobs > 1 else simulator  # several processes load their own
    report = balance(ruleset, teams, matches=args.matches, policies=policies, seed=args.seed, simulator=in_hand, jobs=args.jobs)
    if kind == ".png":
        Path(args.plot).write_bytes(balance_png(report))
    elif kind == ".svg":
        Path(args.plot).write_text(balance_svg(report), encoding="utf-8")
    if args.json:
        emit_json(report.to_json())
    else:
        print(balance_table(report))
        if args.plot:
            print(f"chart written to {args.plot}")
    return EXIT_OK


def _skills(text: str | None) -> list[str]:
    return [s.strip() for s in (text or "").split(",") if s.strip()]


def cmd_odds_block(args: argparse.Namespace) -> int:
    from bbcore.odds import block_odds, duel_board  # noqa: PLC0415

    ruleset = _ruleset(args)
    attacker, defender = _skill_values(ruleset, args.attacker_skills), _skill_values(ruleset, args.defender_skills)
    # The assists stand on the board, so Dauntless compares the Strengths without them, as in play.
    board = duel_board(
        ruleset,
        args.st,
        args.vs,
        attacker_skills=attacker,
        defender_skills=defender,
        assists=args.assists,
        defensive_assists=args.defensive_assists,
        sideline=args.sideline,
    )
    odds = block_odds(ruleset, board, "attacker", "defender", blitz=args.blitz, team_reroll=args.team_reroll)
    if args.json:
        emit_json(odds.to_json())
    else:
        print(f"{odds.dice} block dice, the {odds.chooser} chooses")
        print(columns([[k, f"{float(v):.1%}"] for k, v in odds.results.items()]))
        if odds.second_block:
            print(f"Frenzy's second block: {float(odds.second_block):.1%}")
    return EXIT_OK


#: The causes ``odds armour`` models, each its own kind of harm: a block's knock-down (Claws count), a fall, a
#: Foul on a player already down (Dirty Player's bonus), and the two hits nothing modifies. A closed list, so
#: that a misspelt cause is refused rather than priced as a fall.
ARMOUR_ODDS_CAUSES = (BLOCK_ROLL, "fall", FOUL, STAB, PROJECTILE_VOMIT)


def cmd_odds_armour(args: argparse.Namespace) -> int:
    from bbcore.odds import armour_odds, duel_board  # noqa: PLC0415
    from bbcore.rules.injury import Harm  # noqa: PLC0415

    ruleset = _ruleset(args)
    victim_skills = _victim_skills(ruleset, args)
    hitter_skills = ["claws"] if args.claws else []
    board = duel_board(ruleset, 3, 3, attacker_skills=hitter_skills, defender_skills=victim_skills, defender_av=args.av)
    # The odds are for a player knocked down by ``cause``: a Foul's victim was down already, a Stab's or a
    # Projectile Vomit's is hit where he stands by a roll nothing modifies, and only a block's knock-down lets
    # Claws count. Mighty Blow adds what the ruleset says (Dirty Player's on a Foul).
    params = ruleset.parameters
    unmodified = args.cause in (STAB, PROJECTILE_VOMIT)
    harm = Harm(
        args.cause,
        board.player("attacker"),
        args.modifier,
        args.mighty_blow,
        blow_bonus=params.fouls.dirty_player if args.cause == FOUL else params.block.mighty_blow,
        fell=args.cause != FOUL and not unmodified,
        by_block=args.cause == BLOCK_ROLL,
        unmodified=unmodified,
    )
    odds = armour_odds(ruleset, board, "defender", harm)
    if args.json:
        emit_json(odds.to_json())
    else:
        print(f"armour breaks: {float(odds.broken):.1%}")
        print(columns([[k, f"{float(v):.1%}"] for k, v in odds.results.items()]))
    return EXIT_OK


def _victim_skills(ruleset: Ruleset, args: argparse.Namespace) -> dict[str, int | str | None]:
    """The hurt player's skills of ``odds armour`` and ``odds injury``: ``--skills`` with ``--stunty`` and ``--thick-skull``."""
    skills = _skill_values(ruleset, args.skills)
    skills.update(dict.fromkeys(flag for flag, given in (("stunty", args.stunty), ("thick-skull", args.thick_skull)) if given))
    return skills


def cmd_odds_injury(args: argparse.Namespace) -> int:
    from bbcore.odds import duel_board, injury_odds  # noqa: PLC0415
    from bbcore.rules.injury import Harm  # noqa: PLC0415

    if args.crowd and args.mighty_blow:
        raise CliUsageError("--mighty-blow does not go with --crowd: the crowd hurts the player, not the blocker")
    ruleset = _ruleset(args)
    board = duel_board(ruleset, 3, 3, defender_skills=_victim_skills(ruleset, args))
    cause = "crowd" if args.crowd else BLOCK_ROLL
    harm = Harm(
        cause, board.player("attacker"), mighty_blow=args.mighty_blow, blow_bonus=ruleset.parameters.block.mighty_blow, crowd=args.crowd
    )
    odds = injury_odds(ruleset, board, "defender", harm)
    if args.json:
        emit_json(odds.to_json())
    else:
        print(f"the {odds.table} table:")
        print(columns([[k, f"{float(v):.1%}"] for k, v in odds.results.items()]))
        print("leaves him:")
        print(columns([[k, f"{float(v):.1%}"] for k, v in odds.statuses.items()]))
    return EXIT_OK


def _prayers(ruleset: Ruleset, ids: list[str]) -> list[str]:
    """Prayers to Nuffle results by row id, each checked against the ruleset's prayers table."""
    table = ruleset.table("prayers-to-nuffle")
    known = [row.id for row in table.rows]
    for prayer in ids:
        if prayer not in known:
            raise CliUsageError(f"unknown prayer {prayer!r}; the rows of table {table.id!r}: {', '.join(known)}")
    return ids


def cmd_odds_foul(args: argparse.Namespace) -> int:
    from bbcore.odds import foul_board, foul_odds  # noqa: PLC0415

    ruleset = _ruleset(args)
    fouler, victim = _skill_values(ruleset, args.fouler_skills), _skill_values(ruleset, args.victim_skills)
    state = foul_board(
        ruleset,
        args.av,
        assists=args.assists,
        defensive_assists=args.defensive_assists,
        fouler_skills=fouler,
        victim_skills=victim,
        victim_status="stunned" if args.stunned else "prone",
        victim_team_inducements=[ruleset.inducement(i).id for i in _skills(args.victim_team_inducements)],
        victim_team_prayers=_prayers(ruleset, _skills(args.victim_team_prayers)),
    )
    odds = foul_odds(ruleset, state, "fouler", "victim")
    if args.json:
        emit_json(odds.to_json())
    else:
        print(f"armour breaks: {float(odds.broken):.1%}; the fouler is Sent-off: {float(odds.sent_off):.1%}")
        print(columns([[k, f"{float(v):.1%}"] for k, v in odds.results.items()]))
    return EXIT_OK


def cmd_odds_table(args: argparse.Namespace) -> int:
    from bbcore.odds import table_distribution  # noqa: PLC0415

    ruleset = _ruleset(args)
    table = ruleset.table(args.id)
    odds = table_distribution(ruleset, args.id, args.modifier)
    if args.json:
        emit_json(
            {
                "table": table.id,
                "modifier": args.modifier,
                "rows": {k: float(v) for k, v in odds.items()},
                "exact": {k: str(v) for k, v in odds.items()},
            }
        )
    else:
        print(columns([[table.row(k).range_label, table.row(k).name, f"{float(v):.1%}"] for k, v in odds.items()]))
    return EXIT_OK


def cmd_odds_tests(args: argparse.Namespace) -> int:
    from bbcore.odds import chain_odds  # noqa: PLC0415

    without = chain_odds(args.target)
    with_reroll = chain_odds(args.target, team_reroll=True)
    if args.json:
        emit_json(
            {
                "targets": args.target,
                "success": float(without),
                "success_with_team_reroll": float(with_reroll),
                "exact": {"success": str(without), "success_with_team_reroll": str(with_reroll)},
            }
        )
    else:
        print(f"all of {', '.join(f'{t}+' for t in args.target)}: {float(without):.1%}; with a team re-roll: {float(with_reroll):.1%}")
    return EXIT_OK


def cmd_odds_pass(args: argparse.Namespace) -> int:
    from bbcore.odds import pass_odds, passing_board  # noqa: PLC0415

    ruleset = _ruleset(args)
    board, target = passing_board(ruleset, args.pa, args.band, markers=args.markers, skills=_skill_values(ruleset, args.skills))
    odds = pass_odds(ruleset, board, "passer", target, team_reroll=args.team_reroll)
    if args.json:
        emit_json({"pa": args.pa, "markers": args.markers, **odds.to_json()})
    else:
        print(f"PA {args.pa}+, {odds.band}, {args.markers} marker(s): modifier {odds.modifier:+d}")
        print(columns([[k, f"{float(v):.1%}"] for k, v in odds.results.items()]))
    return EXIT_OK


def _skill_values(ruleset: Ruleset, text: str | None) -> dict[str, int | str | None]:
    """Skills given as ``id`` or ``id=value`` (``loner=4``, ``hatred=Dwarf``), checked: each exists, and has a value
    exactly when it takes one."""
    values: dict[str, int | str | None] = {}
    wrong: list[str] = []
    for entry in _skills(text):
        skill_id, _, written = (part.strip() for part in entry.partition("="))
        skill = ruleset.skills.get(skill_id)
        if skill is None:
            wrong.append(f"unknown skill {skill_id!r} ('bbcore skills' lists them)")
            continue
        number = written.removesuffix("+")
        value: int | str | None = written or None
        if skill.parameter in ("target", "modifier"):
            with contextlib.suppress(ValueError):
                value = int(number)
        problem_found = skill.value_problem(value)
        if problem_found is not None:
            wrong.append(f"{problem_found}: give it as {skill.id}" + ("=VALUE (e.g. loner=4 or hatred=Dwarf)" if skill.parameter else ""))
            continue
        values[skill.id] = value
    if wrong:
        raise CliUsageError("; ".join(wrong))
    return values


def _whole_number(text: str) -> int:
    try:
        return int(text.removesuffix("+"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number such as 9 or 9+, got {text!r}") from None


def _foul_assists(text: str) -> int:
    from bbcore.odds import FOUL_BOARD_ASSISTS  # noqa: PLC0415

    value = _whole_number(text)
    if not 0 <= value <= FOUL_BOARD_ASSISTS:
        raise argparse.ArgumentTypeError(f"a foul's assists run from 0 to {FOUL_BOARD_ASSISTS} a side, got {text!r}")
    return value


def _duel_assists(text: str) -> int:
    from bbcore.odds import DUEL_BOARD_ASSISTS  # noqa: PLC0415

    value = _whole_number(text)
    if not 0 <= value <= DUEL_BOARD_ASSISTS:
        raise argparse.ArgumentTypeError(f"a block's assists run from 0 to {DUEL_BOARD_ASSISTS} a side, got {text!r}")
    return value


def _strength(text: str) -> int:
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a Strength is 1 or more, got {text!r}")
    return value


def _target_av(text: str) -> int:
    value = _whole_number(text)
    if not 2 <= value <= 13:
        raise argparse.ArgumentTypeError(f"an Armour Value target runs from 2 to 13, got {text!r}")
    return value


def _target(text: str) -> int:
    value = _whole_number(text)
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"a D6 test needs a target from 2 to 6, got {text!r}")
    return value


def _group(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """A command with commands of its own: given alone, its own help is shown, not the top-level one."""
    parser.set_defaults(group_parser=parser)
    return parser


def build_parser(parser_class: type[argparse.ArgumentParser], argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``bbcore`` parser, with the commands plugins add when ``argv`` may ask for one (no command word, or one
    that is not the core's: the plugins are imported only then)."""
    rules = _ruleset_arguments()
    as_json = _json_argument()
    parser = parser_class(prog="bbcore", description="The rules of Blood Bowl and its variants, as data.")
    parser.add_argument(
        "--version", action=_VersionAction, help="print the versions of bbcore and its plugins, and the edition and provenance of the data"
    )
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=parser_class)

    def add(name: str, handler: Any, help_text: str, *, with_rules: bool = True) -> argparse.ArgumentParser:
        parents = [as_json, rules] if with_rules else [as_json]
        # argparse %-formats a command's help in the list of commands, but prints its description as written.
        command = sub.add_parser(name, help=help_text, description=help_text.replace("%%", "%"), parents=parents)
        command.set_defaults(handler=handler)
        return command

    plugins = add("plugins", cmd_plugins, "list installed plugins, the core included", with_rules=False)
    plugins.add_argument(
        "--trace",
        nargs=argparse.REMAINDER,
        metavar="COMMAND",
        help="run COMMAND (the rest of the line, e.g. table weather --variant NAME) and show which plugin answered each hook call",
    )
    add("ruleset", cmd_ruleset, "show the resolved ruleset: plugins, options, parameters")
    add("tables", cmd_tables, "list every table of the ruleset")
    add("table", cmd_table, "show one table by id or role").add_argument("id", metavar="ID_OR_ROLE")
    roll = add("roll", cmd_roll, "roll on a table")
    roll.add_argument("id", metavar="ID_OR_ROLE")
    roll.add_argument("--seed", type=_seed, help="seed for reproducible dice")
    roll.add_argument("--modifier", type=int, default=0, help="added to the total, which is clamped to the table's range")
    add("rosters", cmd_rosters, "list the rosters")
    add("roster", cmd_roster, "show one roster").add_argument("id", metavar="ROSTER_ID")
    add("skills", cmd_skills, "list skills and traits")
    inducements = add("inducements", cmd_inducements, "list the ruleset's inducements, or what a team may buy and at what price")
    inducements.add_argument("--team", metavar="FILE", help="a team file: each inducement's price for the team and whether it may buy it")
    inducements.add_argument(
        "--opponent-ctv", metavar="GOLD", type=_gold, help="with --team: the opponent's Current Team Value, to say what the team can afford"
    )
    add("stats", cmd_stats, "count what the ruleset holds")
    add("teams", cmd_teams, "list the example and ready-made team files the ruleset ships")
    new_plugin = add("new-plugin", cmd_new_plugin, "create the files of a new variant plugin; never overwrites", with_rules=False)
    new_plugin.add_argument("name", metavar="NAME", help="the plugin's kebab-case name, e.g. my-variant")
    new_plugin.add_argument("--dir", metavar="PATH", help="the directory to create (default: ./bbcore-NAME); must be new or empty")
    simulate = add("simulate", cmd_simulate, "play whole matches with automatic coaches (variants with a simulator)")
    simulate.add_argument("--home", metavar="FILE", help="the home team file (default: the ruleset's first team file)")
    simulate.add_argument("--away", metavar="FILE", help="the away team file (default: the ruleset's second team file)")
    simulate.add_argument("--policy", metavar="NAME", action="append", help="automatic coach: once for both teams, or twice (home, away)")
    simulate.add_argument("--seed", type=_seed, default=0, help="seed of the first match; the same seed plays the same match")
    simulate.add_argument("--matches", type=int, default=1, help="how many matches; more than one prints a summary")
    simulate.add_argument("--jobs", type=_jobs, default=1, help="play the matches in this many processes (the same matches, sooner)")
    balance = add(
        "balance", cmd_balance, "a round robin between teams: win rates with 95%% intervals, points per attack, attacks that scored"
    )
    balance.add_argument("teams", metavar="TEAM", nargs="*", help="team files or folders of them (default: the ruleset's team files)")
    balance.add_argument("--policy", metavar="NAME", action="append", help="automatic coach: once for both teams, or twice")
    balance.add_argument("--seed", type=_seed, default=0, help="seed of the first match")
    balance.add_argument("--matches", type=int, default=10, help="matches per pairing, half with each team at home")
    balance.add_argument("--plot", metavar="FILE", help="also draw the win rates as a chart: FILE.svg or FILE.png")
    balance.add_argument("--jobs", type=_jobs, default=1, help="play the matches in this many processes (the same report, sooner)")

    team = _group(sub.add_parser("team", help="team files")).add_subparsers(
        title="team commands", metavar="COMMAND", parser_class=parser_class
    )
    check = team.add_parser("check", help="check a team file against the rules", parents=[as_json, rules])
    check.add_argument("file", metavar="FILE")
    check.add_argument(
        "--stage",
        choices=STAGES,
        default=DRAFT,
        help="draft: a new team, held to its budget (the default); league: a team in league play, held to league limits",
    )
    check.set_defaults(handler=cmd_team_check)
    sheet = team.add_parser(
        "sheet", help="each player's profile now: advancements and lasting injuries applied, value, notes", parents=[as_json, rules]
    )
    sheet.add_argument("file", metavar="FILE")
    sheet.add_argument("--stage", choices=STAGES, default=LEAGUE, help="which team checks to report beside the sheet (default: league)")
    sheet.set_defaults(handler=cmd_team_sheet)
    redraft = team.add_parser(
        "redraft",
        help="check a team re-drafted for a new season against its file of the last one, within its re-draft budget",
        parents=[as_json, rules],
    )
    redraft.add_argument("before", metavar="LAST_SEASON", help="the team file at the end of the last season (after Rest & Relaxation)")
    redraft.add_argument("after", metavar="NEW_SEASON", help="the re-drafted team file")
    redraft.add_argument("--played", type=_count, required=True, help="league fixtures the team played last season")
    redraft.add_argument("--won", type=_count, default=0, help="of them, fixtures won")
    redraft.add_argument("--drawn", type=_count, default=0, help="of them, fixtures drawn")
    redraft.set_defaults(handler=cmd_team_redraft)

    rest = team.add_parser(
        "rest", help="the off-season's Rest & Relaxation rolls for a team file: injuries healed, Hatreds faded", parents=[as_json, rules]
    )
    rest.add_argument("file", metavar="FILE")
    rest.add_argument("--seed", type=_seed, help="seed for the dice (default: a random one, printed)")
    rest.add_argument("--save", action="store_true", help="write the results into FILE, keeping the rest of it as written")
    rest.set_defaults(handler=cmd_team_rest)
    season = team.add_parser(
        "season-end",
        help="the season's end for a team file: the League Trophy to the champion, a season more for who took part",
        parents=[as_json, rules],
    )
    season.add_argument("file", metavar="FILE")
    season.add_argument("--champion", action="store_true", help="the team won the season: it holds the League Trophy")
    took = season.add_mutually_exclusive_group()
    took.add_argument("--took-part", metavar="NAME", action="append", help="a player who played a game of the season (repeat)")
    took.add_argument("--all-took-part", action="store_true", help="every player on the file took part")
    season.add_argument("--save", action="store_true", help="write the results into FILE, keeping the rest of it as written")
    season.set_defaults(handler=cmd_team_season_end)

    league = _group(sub.add_parser("league", help="league files")).add_subparsers(
        title="league commands", metavar="COMMAND", parser_class=parser_class
    )
    league_table = league.add_parser(
        "table", help="the league table of a league file, by division, and the play-off places", parents=[as_json, rules]
    )
    league_table.add_argument("file", metavar="FILE", help="a league file (schemas/league.schema.json)")
    league_table.add_argument(
        "--playoffs", metavar="N", type=_whole_at_least(1, "play-off places"), help="also name the N teams that go on"
    )
    league_table.add_argument(
        "--draw",
        choices=("seeded", "random"),
        help="also pair them for the first round, division-mates apart: the best against the lowest, or from a helmet",
    )
    league_table.add_argument("--seed", type=_seed, help="seed for --draw random (default: a random one, printed)")
    league_table.set_defaults(handler=cmd_league_table)

    odds = _group(sub.add_parser("odds", help="exact probabilities")).add_subparsers(
        title="odds commands", metavar="KIND", parser_class=parser_class
    )
    odds_block = odds.add_parser("block", help="block dice outcomes", parents=[as_json, rules])
    odds_block.add_argument("--st", type=_strength, required=True, help="the attacker's Strength")
    odds_block.add_argument("--vs", type=_strength, required=True, help="the defender's Strength")
    odds_block.add_argument("--assists", type=_duel_assists, default=0, help="offensive assists (0-3)")
    odds_block.add_argument("--defensive-assists", type=_duel_assists, default=0, help="defensive assists (0-3)")
    odds_block.add_argument("--attacker-skills", metavar="IDS", help="comma-separated skill ids, e.g. block,tackle")
    odds_block.add_argument("--defender-skills", metavar="IDS", help="comma-separated skill ids, e.g. dodge")
    odds_block.add_argument("--blitz", action="store_true", help="the block is part of a Blitz")
    odds_block.add_argument("--team-reroll", action="store_true", help="a team re-roll may be spent on the dice")
    odds_block.add_argument("--sideline", action="store_true", help="the defender stands on the sideline: a push sends him off")
    odds_block.set_defaults(handler=cmd_odds_block)
    odds_armour = odds.add_parser("armour", help="armour break and injury results", parents=[as_json, rules])
    odds_armour.add_argument("--av", type=_target_av, required=True, help="Armour Value as a target number, e.g. 9")
    odds_armour.add_argument("--modifier", type=int, default=0, help="modifier to the armour roll")
    odds_armour.add_argument("--mighty-blow", action="store_true", help="the hitter has Mighty Blow")
    odds_armour.add_argument("--claws", action="store_true", help="the hitter has Claws")
    odds_armour.add_argument("--thick-skull", action="store_true", help="the victim has Thick Skull")
    odds_armour.add_argument("--stunty", action="store_true", help="the victim is Stunty")
    odds_armour.add_argument("--skills", metavar="IDS", help="other skills of the victim, comma-separated")
    odds_armour.add_argument(
        "--cause",
        default="block",
        choices=ARMOUR_ODDS_CAUSES,
        help="why the roll is made: each cause knocks the player down its own way (default: block)",
    )
    odds_armour.set_defaults(handler=cmd_odds_armour)
    odds_injury = odds.add_parser("injury", help="the Injury Roll alone: its rows and the status they leave", parents=[as_json, rules])
    odds_injury.add_argument("--mighty-blow", action="store_true", help="the hitter's Mighty Blow goes on the Injury Roll")
    odds_injury.add_argument("--thick-skull", action="store_true", help="the victim has Thick Skull")
    odds_injury.add_argument("--stunty", action="store_true", help="the victim is Stunty (the Stunty injury table)")
    odds_injury.add_argument("--skills", metavar="IDS", help="other skills of the victim, comma-separated")
    odds_injury.add_argument(
        "--crowd", action="store_true", help="pushed into the crowd: no Armour Roll, and Stunned sends him to the Reserves"
    )
    odds_injury.set_defaults(handler=cmd_odds_injury)
    odds_foul = odds.add_parser("foul", help="a Foul's armour, injury and Sent-off odds", parents=[as_json, rules])
    odds_foul.add_argument("--av", type=_target_av, required=True, help="the victim's Armour Value as a target number, e.g. 9")
    odds_foul.add_argument("--assists", type=_foul_assists, default=0, help="offensive assists (0-3)")
    odds_foul.add_argument("--defensive-assists", type=_foul_assists, default=0, help="defensive assists (0-3)")
    odds_foul.add_argument("--fouler-skills", metavar="IDS", help="comma-separated skill ids, e.g. dirty-player,sneaky-git")
    odds_foul.add_argument("--victim-skills", metavar="IDS", help="comma-separated skill ids, e.g. thick-skull")
    odds_foul.add_argument("--stunned", action="store_true", help="the victim is Stunned rather than Prone")
    odds_foul.add_argument("--victim-team-inducements", metavar="IDS", help="inducements the victim's team holds, e.g. a referee")
    odds_foul.add_argument("--victim-team-prayers", metavar="IDS", help="Prayers to Nuffle results of the victim's team")
    odds_foul.set_defaults(handler=cmd_odds_foul)
    odds_table = odds.add_parser("table", help="the chance of each row of a table", parents=[as_json, rules])
    odds_table.add_argument("id", metavar="ID_OR_ROLE")
    odds_table.add_argument("--modifier", type=int, default=0)
    odds_table.set_defaults(handler=cmd_odds_table)
    odds_tests = odds.add_parser("tests", help="a chain of D6 tests, with and without a team re-roll", parents=[as_json])
    odds_tests.add_argument(
        "--target", type=_target, action="append", required=True, help="a test's target, e.g. 3 for 3+; repeat in order"
    )
    odds_tests.set_defaults(handler=cmd_odds_tests)
    odds_pass = odds.add_parser("pass", help="the result of a pass's test for accuracy", parents=[as_json, rules])
    odds_pass.add_argument("--pa", type=_target, required=True, help="the passer's Passing Ability as a target, e.g. 3 for 3+")
    odds_pass.add_argument("--band", required=True, help="the Range Ruler band: an id of the pass-range table (quick, short...)")
    odds_pass.add_argument("--markers", type=int, default=0, help="opposition players marking the passer")
    odds_pass.add_argument("--skills", metavar="IDS", help="the passer's skills, comma-separated, e.g. pass,accurate")
    odds_pass.add_argument("--team-reroll", action="store_true", help="a team re-roll may be spent on a failed test")
    odds_pass.set_defaults(handler=cmd_odds_pass)

    data = _group(sub.add_parser("data", help="data files")).add_subparsers(
        title="data commands", metavar="COMMAND", parser_class=parser_class
    )
    data_check = data.add_parser(
        "check",
        help="validate data files or directories against the schemas (also a plugin's rules file, or an amendments file)",
        parents=[as_json],
    )
    data_check.add_argument("paths", metavar="PATH", nargs="+")
    data_check.set_defaults(handler=cmd_data_check)
    _add_plugin_commands(sub, argv, add)
    return parser


def _add_plugin_commands(sub: Any, argv: Sequence[str] | None, add: Callable[..., argparse.ArgumentParser]) -> None:
    from bbcore.cli.plugin_commands import plugin_commands  # noqa: PLC0415 - only when a plugin's command may be asked for
    from bbcore.plugins import default_host  # noqa: PLC0415

    given = list(argv or ())
    words = [word for word in given if not word.startswith("-")]
    top_help = bool(words) and any(word in ("-h", "--help") for word in given[: given.index(words[0])])
    if words and words[0] in sub.choices and not top_help:
        return  # a core command: the plugins are not imported for it (bbcore --help table is the list of all, though)
    try:
        commands = plugin_commands(default_host(), sub.choices)
    except PluginError:
        if words:
            raise  # a command no core one: it may be the broken plugin's, so say what is wrong with it
        return  # help or --version: listed without the plugins' commands; the broken plugin is named when used
    asked = words[0] if words else None
    for command in commands:
        try:
            # A plugin's help is plain text: a % in it is no format of argparse's.
            parser = add(command.name, command.run, command.help.replace("%", "%%"), with_rules=command.with_rules)
            if command.arguments is not None:
                command.arguments(parser)
        except Exception as error:  # noqa: BLE001 - whatever a plugin's setup raises is told by plugin name
            if command.name == asked:
                raise PluginError(
                    f"plugin {command.plugin!r} could not set up its command {command.name!r}: {type(error).__name__}: {error}"
                ) from None
