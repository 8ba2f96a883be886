"""``bbcore sevens``: a command the plugin adds to bbcore (``bbcore_register_commands``)."""

from __future__ import annotations

import argparse

from bbcore.cli import emit_json
from bbcore.cli.plugin_commands import ruleset_for


def show_sevens(args: argparse.Namespace) -> int:
    """Print the numbers that make the game Sevens, read from its ruleset (``--json``: one object)."""
    ruleset = ruleset_for(args, "sevens")
    parameters, pitch = ruleset.parameters, ruleset.pitch
    summary = {
        "players_on_pitch": parameters.players_on_pitch,
        "turns_per_half": parameters.turns_per_half,
        "pitch": {"length": pitch.length, "width": pitch.width},
    }
    if args.json:
        emit_json(summary)
    else:
        players, turns = summary["players_on_pitch"], summary["turns_per_half"]
        print(f"{players} players a side, {turns} turns a half, a {pitch.length} x {pitch.width} pitch")
    return 0
