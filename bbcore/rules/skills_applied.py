"""Which of the core's skills and traits the library plays, and where.

``bbcore/data/skills.yaml`` describes every skill and trait of Blood Bowl 2025; not every
one is played by a procedure yet. :data:`SKILLS_APPLIED_BY` names, for each skill a
procedure applies, the modules that apply it. The skills page shows it under each skill,
so a reader knows which rules bbcore plays and which it only describes, and a caller
knows which ones are still his to apply.

A test keeps the list honest both ways: every module named must name the skill (in its
code, or through the ``parameters`` it reads), and a skill id that a rules module names
must be listed here, unless it is one of :data:`NOT_THE_SKILL` (words that are a skill's
id by chance).
"""

from __future__ import annotations

from collections.abc import Mapping

#: Skill id -> the modules that apply it (dotted, under ``bbcore``).
SKILLS_APPLIED_BY: Mapping[str, tuple[str, ...]] = {
    "accurate": ("rules.passing",),
    "always-hungry": ("rules.ttm",),
    "animal-savagery": ("rules.activation",),
    "animosity": ("rules.passing",),
    "arm-bar": ("rules.movement", "rules.league"),
    "ball-and-chain": ("rules.ball_and_chain", "rules.injury", "rules.block"),
    "big-hand": ("rules.ball",),
    "block": ("rules.block",),
    "bloodlust": ("rules.activation",),
    "bombardier": ("rules.bombardier",),
    "bone-head": ("rules.activation",),
    "brawler": ("rules.block",),
    "break-tackle": ("rules.movement",),
    "breathe-fire": ("rules.special_actions",),
    "bullseye": ("rules.ttm",),
    "cannoneer": ("rules.passing",),
    "catch": ("rules.ball",),
    "chainsaw": ("rules.special_actions", "rules.foul", "rules.injury"),
    "claws": ("rules.injury",),
    "cloud-burster": ("rules.passing",),
    "dauntless": ("rules.block",),
    "decay": ("rules.injury",),
    "defensive": ("rules.block", "rules.foul"),
    "dirty-player": ("rules.foul",),
    "disturbing-presence": ("rules.ball",),
    "diving-catch": ("rules.passing",),
    "diving-tackle": ("rules.movement",),
    "dodge": ("rules.movement", "rules.block"),
    "drunkard": ("rules.movement",),
    "dump-off": ("rules.passing",),
    "extra-arms": ("rules.ball", "rules.passing"),
    "eye-gouge": ("rules.block",),
    "fend": ("rules.block",),
    "foul-appearance": ("rules.block",),
    "frenzy": ("rules.block",),
    "fumblerooski": ("rules.movement",),
    "give-and-go": ("rules.activation",),
    "grab": ("rules.push", "rules.block"),
    "guard": ("rules.block",),
    "hail-mary-pass": ("rules.passing", "rules.bombardier"),
    "hatred": ("rules.block",),
    "hit-and-run": ("rules.movement",),
    "horns": ("rules.block",),
    "hypnotic-gaze": ("rules.special_actions",),
    "insignificant": ("teams.checks",),
    "iron-hard-skin": ("rules.injury",),
    "juggernaut": ("rules.block",),
    "jump-up": ("rules.movement", "rules.block"),
    "kick": ("rules.drive", "rules.punt"),
    "kick-team-mate": ("rules.ttm",),
    "leader": ("rules.drive",),
    "leap": ("rules.movement",),
    "lethal-flight": ("rules.ttm", "rules.league"),
    "lone-fouler": ("rules.foul",),
    "loner": ("rules.rerolls",),
    "mighty-blow": ("rules.injury",),
    "monstrous-mouth": ("rules.block", "rules.board", "rules.special_actions"),
    "multiple-block": ("rules.block",),
    "my-ball": ("rules.passing", "rules.movement", "rules.punt"),
    "nerves-of-steel": ("rules.ball", "rules.passing"),
    "no-ball": ("rules.ball",),
    "on-the-ball": ("rules.on_the_ball",),
    "pass": ("rules.passing",),
    "pick-me-up": ("rules.turn_end",),
    "pile-driver": ("rules.foul",),
    "plague-ridden": ("rules.plague_ridden",),
    "pogo": ("rules.movement",),
    "prehensile-tail": ("rules.movement",),
    "pro": ("rules.rerolls", "rules.block"),
    "projectile-vomit": ("rules.special_actions",),
    "punt": ("rules.punt",),
    "put-the-boot-in": ("rules.foul",),
    "quick-foul": ("rules.activation",),
    "really-stupid": ("rules.activation",),
    "regeneration": ("rules.injury",),
    "right-stuff": ("rules.ttm",),
    "saboteur": ("rules.block",),
    "safe-pair-of-hands": ("rules.ball",),
    "safe-pass": ("rules.passing",),
    "secret-weapon": ("rules.drive",),
    "shadowing": ("rules.movement",),
    "sidestep": ("rules.push",),
    "sneaky-git": ("rules.foul",),
    "sprint": ("rules.movement",),
    "stab": ("rules.special_actions",),
    "stand-firm": ("rules.push",),
    "steady-footing": ("rules.injury",),
    "strip-ball": ("rules.block",),
    "strong-arm": ("rules.ttm",),
    "stunty": ("rules.movement", "rules.injury"),
    "sure-feet": ("rules.movement",),
    "sure-hands": ("rules.ball", "rules.block"),
    "swoop": ("rules.ttm",),
    "tackle": ("rules.movement", "rules.block"),
    "take-root": ("rules.activation",),
    "taunt": ("rules.block",),
    "tentacles": ("rules.movement",),
    "thick-skull": ("rules.injury",),
    "throw-team-mate": ("rules.ttm",),
    "timmm-ber": ("rules.movement",),
    "titchy": ("rules.movement",),
    "trickster": ("rules.block",),
    "two-heads": ("rules.movement",),
    "unchannelled-fury": ("rules.activation",),
    "unsteady": ("rules.secure_the_ball",),
    "very-long-legs": ("rules.movement", "rules.passing"),
    "violent-innovator": ("rules.league",),
    "wrestle": ("rules.block",),
}

#: Skill ids that the rules modules use as other words, not naming the skill (none at present: the
#: Defensive skill is applied, so the word naming an assist's side counts as naming it too).
NOT_THE_SKILL: frozenset[str] = frozenset()


def applied_by(skill_id: str) -> tuple[str, ...]:
    """The modules (dotted, under ``bbcore``) that apply the skill; empty when no procedure does yet."""
    return SKILLS_APPLIED_BY.get(skill_id, ())


__all__ = ["NOT_THE_SKILL", "SKILLS_APPLIED_BY", "applied_by"]
