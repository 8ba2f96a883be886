"""``.. bbcore-parameters::`` (the resolved game parameters) and ``.. bbcore-sequences::``."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs
from docutils.parsers.rst import directives

import bbcore
from bbcore.errors import UsageError
from bbcore.model.parameters import GameParameters
from bbcore.render.text import counted, money
from bbcore.rules.drive import (
    BRILLIANT_COACHING,
    CHANGING_WEATHER,
    CHARGE,
    CHEERING_FANS,
    DODGY_SNACK,
    PITCH_INVASION,
    QUICK_SNAP,
    SOLID_DEFENCE,
    TIME_OUT,
)
from bbcore.sphinxext.rst import Rst, escape, literal
from bbcore.sphinxext.selection import Labels, RulesetDirective
from bbcore.sphinxext.values import as_times
from bbcore.sphinxext.words import category_name, inducement_link, linked_text, row_link, special_rule_link, table_link, yes_no

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping

    from bbcore.model.parameters import ActivationTrait, ConcessionRules, OffSeasonRules, PettyCashRules, WinningsRules
    from bbcore.model.sequence import Sequence, Step
    from bbcore.ruleset import Ruleset

#: The parameters this page knows how to phrase. A new field in GameParameters fails
#: the docs build instead of silently missing from the site.
PHRASED = frozenset(
    {
        "players_on_pitch",
        "turns_per_half",
        "halves",
        "extra_time",
        "draft_budget",
        "sideline_budget",
        "roster",
        "rerolls",
        "dedicated_fans",
        "low_cost_linemen_rule",
        "inducements_in_draft",
        "staff",
        "league",
        "targets",
        "movement",
        "throw_team_mate",
        "passing",
        "ball",
        "setup",
        "journeymen",
        "petty_cash",
        "kick_off_events",
        "weather",
        "block",
        "fouls",
        "special_actions",
        "secure_the_ball",
        "plague_ridden",
        "masters_of_undeath",
        "team_captain",
        "getting_even",
        "casualty_modifiers",
        "regeneration_first",
        "stalling",
        "activation",
        "inducements",
    }
)


def _bribe_words(ruleset: Ruleset, labels: Labels, params: GameParameters) -> str:
    sold = [key for key in params.fouls.bribes if key in ruleset.inducements]
    if not sold:
        return "nothing: no Bribe is sold here"
    spent = ", ".join(inducement_link(ruleset, labels, key) for key in sold)
    per_call = params.fouls.bribes_per_call
    tries = "as many as the team holds" if per_call is None else f"at most {per_call}"
    return f"a D6 of {params.targets.bribe}+ keeps a Sent-off player in the game; spent: {spent}; {tries} on one call"


def _has_row(ruleset: Ruleset, table_id_or_role: str, row_id: str) -> bool:
    """Whether the ruleset's table (by id or role) has the row: a rule about a row it lacks never comes into play."""
    try:
        table = ruleset.table(table_id_or_role)
    except UsageError:
        return False
    return any(row.id == row_id for row in table.rows)


def _bribery_words(ruleset: Ruleset, params: GameParameters) -> str:
    terms = params.fouls.bribery_and_corruption
    if terms is None:
        return ""
    rule = ruleset.special_rules.get(terms.special_rule)
    name = escape(rule.name if rule is not None else terms.special_rule)
    return f"; {name}: once a game, a natural {terms.reroll_on} when arguing may be rolled again"


def _natural_ejection_words(params: GameParameters) -> str:
    most = params.fouls.ejected_on_natural
    return "" if most is None else f"; a natural {most} or less ejects the coach whatever is added to it"


def _inducement_play_rows(ruleset: Ruleset, labels: Labels, params: GameParameters) -> list[tuple[str, str]]:
    """The inducements the core plays that this ruleset sells, each linked, with its numbers in words."""
    played = params.inducements
    rows = []
    if played.weather_mage is not None and played.weather_mage.inducement in ruleset.inducements:
        mage = played.weather_mage
        modifiers = ", ".join(f"{m:+d}" if m else "0" for m in mage.modifiers)
        rows.append(
            (
                inducement_link(ruleset, labels, mage.inducement),
                f"as one of its team's turns starts, the weather is rolled again with one of {modifiers} added, the coach's pick",
            )
        )
    if played.close_scrutiny is not None and played.close_scrutiny.inducement in ruleset.inducements:
        scrutiny = played.close_scrutiny
        rows.append(
            (
                inducement_link(ruleset, labels, scrutiny.inducement),
                f"Close Scrutiny: after a Foul by the other team that sent nobody off, {scrutiny.dice} of "
                f"{scrutiny.sent_off_on}+ sends the fouler off",
            )
        )
    if played.dwarven_wisdom is not None and played.dwarven_wisdom.inducement in ruleset.inducements:
        wisdom = played.dwarven_wisdom
        rows.append(
            (
                inducement_link(ruleset, labels, wisdom.inducement),
                f"Dwarven Wisdom: once both teams have set up, {wisdom.players} of the team's players on the pitch may be set up again",
            )
        )
    if played.fireball is not None and played.fireball.inducement in ruleset.inducements:
        fire = played.fireball
        rows.append(
            (
                inducement_link(ruleset, labels, fire.inducement),
                f"Fireball, just after a turn: {fire.dice} of {fire.hit_on}+ hits each player in or next to the square; "
                f"Standing ones are Knocked Down, the others have an Armour Roll, at {fire.armour:+d}",
            )
        )
    if played.zap is not None and played.zap.inducement in ruleset.inducements:
        zap = played.zap
        casualty = row_link(ruleset, labels, "casualty", zap.casualty)
        entry = ruleset.inducements.get(zap.inducement)
        shape = next((p for p in entry.profiles if p.id == zap.profile), None) if entry is not None else None
        frog = escape(shape.name) if shape else literal(zap.profile)
        rows.append(
            (
                inducement_link(ruleset, labels, zap.inducement),
                f"Zap!, just after a turn: {zap.dice} at or above the player's ST, or a {zap.always_on}, but never a "
                f"{zap.never_on}, makes him the {frog} profile until the drive ends; his Casualties are "
                f"{casualty}, unrolled",
            )
        )
    return rows


def _span(low: int, high: int, noun: str) -> str:
    """``11-16 players``, or ``5 players`` when both ends are the same."""
    return counted(low, noun) if low == high else f"{low}-{counted(high, noun)}"


def _fans_bought(start: int, most: int, price: str) -> str:
    """What a new team may buy of Dedicated Fans: more up to ``most``, or none when it starts at the most already."""
    return "no more bought when drafting" if most <= start else f"up to {most} when drafting at {price} each"


def _words(name: str) -> str:
    """A data name of a league's counts (``touchdowns-against``) as words: ``touchdowns against``."""
    return name.replace("-", " ")


def _modifiers(modifiers: Mapping[str, int]) -> str:
    return ", ".join(f"{k.replace('_', ' ').replace('-', ' ')} {v:+d}" for k, v in modifiers.items())


def _special_action_words(params: GameParameters) -> str:
    saw, vomit, fire, gaze, bomb, chomp = (
        params.special_actions.chainsaw,
        params.special_actions.projectile_vomit,
        params.special_actions.breathe_fire,
        params.special_actions.hypnotic_gaze,
        params.special_actions.throw_bomb,
        params.special_actions.chomp,
    )
    return (
        f"Chainsaw: kick-back on {saw.kick_back_at_most} or less, {saw.armour:+d} to the Armour Roll (the wielder's own too); "
        f"Projectile Vomit hits on {vomit.hits_on}+; Breathe Fire {fire.strong_target_modifier:+d} against ST "
        f"{fire.strong_target_st}+, the breather down on {fire.knocked_down_at_most} or less, nothing up to "
        f"{fire.nothing_at_most}, the target Prone above it and Knocked Down on a natural {fire.knock_down_natural}; "
        f"Hypnotic Gaze on {gaze.gaze_on}+; a bomb's blast hits the player in its square, and each one next to it on "
        f"{bomb.adjacent_hit_on}+; a Chomp holds its target in his square on {chomp.chomp_on}+"
    )


def _secure_words(ruleset: Ruleset, params: GameParameters) -> str:
    rules = params.secure_the_ball
    barred = [*(f"a {escape(k)}" for k in rules.barred_keywords), *(escape(ruleset.skill_display(s)) for s in rules.barred_skills)]
    words = (
        f"a free move onto the loose ball, then a D6 of {rules.pick_up_on}+ picks it up; only while no Standing, "
        f"undistracted opponent is within {rules.clear_of} squares of the ball"
    )
    return words + (f"; not for {', '.join(barred)}" if barred else "")


def _plague_words(ruleset: Ruleset, params: GameParameters) -> str:
    rules = params.plague_ridden
    immune = [*(f"a {escape(k)}" for k in rules.immune_keywords), *(escape(ruleset.skill_display(s)) for s in rules.immune_skills)]
    words = f"once a game, a Block that gives an opponent a {escape(rules.casualty)} Casualty adds a new Lineman to the Reserves"
    return words + (f"; never against {', '.join(immune)}" if immune else "")


def _undeath_words(ruleset: Ruleset, params: GameParameters) -> str:
    rules = params.masters_of_undeath
    immune = [escape(ruleset.skill_display(s)) for s in rules.immune_skills]
    rule = ruleset.special_rules.get(rules.special_rule)
    words = (
        f"{escape(rule.name if rule is not None else rules.special_rule)}: once a game, an opponent with ST "
        f"{rules.st_at_most} or less left with a {escape(rules.casualty)} Casualty may be raised as a new Lineman in the "
        "Reserves, kept after the game without a Hiring Fee"
    )
    return words + (f"; never one with {', '.join(immune)}" if immune else "")


def _captain_words(ruleset: Ruleset, params: GameParameters) -> str:
    rules = params.team_captain
    rule = ruleset.special_rules.get(rules.special_rule)
    barred = ", ".join(escape(keyword) for keyword in rules.barred_keywords)
    words = (
        f"{escape(rule.name if rule is not None else rules.special_rule)}: one player named captain has "
        f"{escape(ruleset.skill_display(rules.skill))} for nothing; while he is on the pitch each team re-roll used "
        f"rolls {rules.dice}, and {rules.free_on}+ gives it back; he must be set up when he can play"
    )
    return words + (f"; never a {barred}" if barred else "")


def _grudge_words(ruleset: Ruleset, params: GameParameters) -> str:
    rules = params.getting_even
    barred = ", ".join(escape(keyword) for keyword in rules.barred_keywords)
    words = (
        f"league play: a player put out of the next game by another rolls {rules.dice} after the game; on "
        f"{rules.target}+ he gains {escape(ruleset.skill_display(rules.skill))} against a keyword of that player"
    )
    return words + (f", never {barred}" if barred else "")


#: The tables after the main one that a page may leave out (``:leave-out:``), for a variant that plays that part of
#: the game by rules of its own, shown on its own pages.
SECTIONS = ("kick-off", "league", "inducements")


def parameters_rst(ruleset: Ruleset, labels: Labels, core: Ruleset | None = None, leave_out: Collection[str] = ()) -> Rst:
    """The parameters as tables; given the ``core``, the main table is split in two: the rows whose words the
    ruleset changes, then those it leaves as they are in the core. ``leave_out`` names :data:`SECTIONS` not shown."""
    unknown = {f.name for f in attrs.fields(GameParameters)} - PHRASED
    if unknown:
        raise ValueError(f"bbcore-parameters does not render the parameters {', '.join(sorted(unknown))}")
    params = ruleset.parameters
    out = Rst()
    rows = _main_rows(ruleset, labels)
    if core is None:
        out.list_table(("Parameter", "Value"), rows, widths=(30, 70))
    else:
        # Worded with the same labels, a row reads the same unless its numbers or names differ.
        core_rows = _main_rows(core, labels)
        changed = [row for row, theirs in zip(rows, core_rows, strict=True) if row != theirs]
        out.list_table(("Parameter", "Value"), changed, widths=(30, 70), title="Changed from the core")
        kept = [row for row in rows if row not in changed]
        out.list_table(("Parameter", "Value"), kept, widths=(30, 70), title="As in the core")
    if params.staff:
        out.list_table(
            ("Staff", "Id", "At most", "Cost each"),
            [(escape(terms.name), literal(staff_id), str(terms.max), money(terms.cost)) for staff_id, terms in params.staff.items()],
            title="Staff",
        )
    kick_off = _kick_off_rows(ruleset, labels, params) if "kick-off" not in leave_out else []
    if kick_off:
        out.list_table(("Kick-off event", "Value"), kick_off, widths=(30, 70), title="Kick-off events")
    if "league" not in leave_out:
        out.list_table(("League play", "Value"), _league_rows(ruleset, labels, params), widths=(30, 70), title="League play")
    played = _inducement_play_rows(ruleset, labels, params) if "inducements" not in leave_out else []
    if played:
        out.list_table(("Inducement", "In play"), played, widths=(30, 70), title="Inducements in play")
    return out


def _main_rows(ruleset: Ruleset, labels: Labels) -> list[tuple[str, str]]:
    """The main table's rows: (what, its value in words)."""
    params = ruleset.parameters
    rerolls = params.rerolls
    price = money(rerolls.fixed_cost) if rerolls.fixed_cost is not None else "the roster's price"
    fans = params.dedicated_fans
    rule = params.low_cost_linemen_rule
    return [
        ("Players on the pitch", str(params.players_on_pitch)),
        ("Turns per half", str(params.turns_per_half)),
        ("Halves", str(params.halves)),
        ("Extra Time", _extra_time_words(params)),
        ("Weather when a drive ends", _heat_words(ruleset, labels, params)),
        ("Draft budget", money(params.draft_budget)),
        (
            "Sideline staff budget",
            "from the draft budget" if params.sideline_budget is None else f"{money(params.sideline_budget)}, apart from the draft budget",
        ),
        ("Roster size", _span(params.roster.min, params.roster.max, "player")),
        (
            "Team re-rolls",
            f"{'any number' if rerolls.max is None else f'at most {rerolls.max}'}, at {price}; "
            f"x{rerolls.cost_multiplier_after_draft} when bought after drafting",
        ),
        (
            "Dedicated Fans",
            f"start at {fans.start}; {_fans_bought(fans.start, fans.max_at_draft, money(fans.cost))}; "
            f"always between {fans.min} and {fans.max}; a game's Fan Factor adds {fans.fan_factor_dice}",
        ),
        ("Low-cost linemen rule", special_rule_link(ruleset, labels, rule) if rule in ruleset.special_rules else literal(rule)),
        ("Inducements when drafting", yes_no(params.inducements_in_draft)),
        (
            "Set-up",
            f"at least {params.setup.min_on_line_of_scrimmage} on the line of scrimmage (all, when a team fields fewer); "
            f"at most {params.setup.max_per_wide_zone} in each wide zone",
        ),
        ("Swarming", _swarming_words(ruleset, labels, params)),
        (
            "Journeymen",
            f"a {escape(params.journeymen.keyword)} position of 0-{params.journeymen.position_max}, gaining "
            + (", ".join(escape(ruleset.skill_display(s.id, s.value)) for s in params.journeymen.skills) or "nothing"),
        ),
        ("Petty Cash", _petty_cash_words(params.petty_cash)),
        (
            "Rush",
            f"a D6 of {params.targets.rush}+; up to {params.movement.rushes} per activation "
            f"({params.movement.sprint_extra_rushes:+d} with Sprint)",
        ),
        ("Dodging", _modifiers(params.movement.dodge_modifiers)),
        ("Rushing", _modifiers(params.movement.rush_modifiers)),
        ("Casualty Rolls", _modifiers(params.casualty_modifiers)),
        ("Foul Appearance", f"a D6 of {params.targets.foul_appearance}+ to block (or single out) such a player"),
        ("Animosity", f"a D6 of {params.targets.animosity}+ to pass or hand off to the team-mates it names"),
        ("Pro", f"a D6 of {params.targets.pro}+ to re-roll one of the player's own tests in his activation"),
        ("Steady Footing", f"a D6 of {params.targets.steady_footing}+ keeps the player on his feet instead of going down"),
        (
            "Pick-me-up",
            f"at the end of the opposition's turn, a Prone player within {params.movement.pick_me_up_reach} squares of a "
            f"Standing team-mate with it stands up on a D6 of {params.targets.pick_me_up}+",
        ),
        (
            "On the Ball",
            f"a free move of up to {params.movement.on_the_ball_squares} squares, never a Rush: for each opponent with it "
            "once a pass's target is declared, and for one Open receiver in his own half once the kick has deviated",
        ),
        (
            "Saboteur",
            f"a D6 of {params.targets.saboteur}+ as the player is knocked down by a block: the blocker goes down too, "
            "and the player is Knocked Out with no Armour Roll",
        ),
        (
            "Leaving a tackle zone",
            f"Tentacles hold on D6 + ST - the leaver's ST of {params.targets.tentacles}+; Shadowing follows on "
            f"{params.targets.shadowing}+, as many times a turn as the shadowing player's MA; Arm Bar adds "
            f"{params.movement.arm_bar:+d} to the fall's Armour or Injury Roll",
        ),
        ("Jumping", _modifiers(params.movement.jump_modifiers)),
        (
            "Break Tackle",
            ", ".join(
                f"{band.by:+d} at ST {band.st_at_most} or less" if band.st_at_most is not None else f"{band.by:+d} otherwise"
                for band in params.movement.break_tackle
            ),
        ),
        (
            "Throw Team-mate",
            f"Scatter ({params.throw_team_mate.scatter}, or with Swoop {params.throw_team_mate.swoop_distance} squares off the "
            f"throw-in template); a Fumbled Throw at {params.throw_team_mate.fumble_at_most} or less; "
            f"passing {_modifiers(params.throw_team_mate.pass_modifiers)}; "
            f"Lethal Flight {params.throw_team_mate.lethal_flight:+d} to the Armour or Injury Roll; "
            f"landing {_modifiers(params.throw_team_mate.landing_modifiers)}; Always Hungry: "
            + ", ".join(f"{k.replace('_', ' ')} on {v}+" for k, v in params.throw_team_mate.always_hungry.items()),
        ),
        ("Pass Action", _passing_words(params)),
        ("Secure the Ball Action", _secure_words(ruleset, params)),
        ("Plague Ridden", _plague_words(ruleset, params)),
        ("Raising the dead", _undeath_words(ruleset, params)),
        ("Team Captain", _captain_words(ruleset, params)),
        ("Getting Even", _grudge_words(ruleset, params)),
        ("Activation tests", _activation_words(ruleset, params)),
        (
            "Standing up",
            f"costs {params.movement.stand_up_cost} MA; with MA {params.movement.stand_up_roll_at_most_ma} or less, "
            f"a D6 of {params.targets.stand_up}+ (Timmm-ber!: +{params.movement.timmm_ber} for each Open Standing team-mate "
            "next to the player; a natural 1 still fails)",
        ),
        (
            "Blitz",
            f"the block costs {params.movement.blitz_block_cost} square of movement (a Rush when the Move Allowance is spent); "
            "the player may move on afterwards with what is left",
        ),
        ("Knocked-out recovery", f"a D6 of {params.targets.ko_recovery}+ at the end of each drive"),
        (
            "Stalling",
            f"the Crowd Takes Action: a {escape(params.stalling.dice)} of at least the team's turn number knocks the player down"
            if params.stalling.crowd_takes_action
            else "the crowd takes no action (the variant answers stalling its own way)",
        ),
        (
            "Regeneration",
            f"a D6 of {params.targets.regeneration}+ saves a casualty; rolled "
            + ("before the Casualty Roll" if params.regeneration_first else "after the Casualty Roll and any treatment of it"),
        ),
        (
            "Block dice",
            f"{params.block.dice_equal} at equal Strength, {params.block.dice_stronger} for the stronger side, "
            f"{params.block.dice_over_double} when it has more than double",
        ),
        ("Claws", f"a natural armour roll of {params.block.claws_breaks_on}+ breaks armour"),
        ("Mighty Blow", f"{params.block.mighty_blow:+d} to the Armour or the Injury Roll after a Knock Down by a Block"),
        ("Multiple Block", f"two blocks at once, at {params.block.multiple_block_strength:+d} Strength, with no follow-up"),
        (
            "Jump Up",
            f"a Prone player who declares a Block stands up and makes it on an Agility Test at {params.block.jump_up:+d}; "
            "failing, he stays Prone and his activation ends",
        ),
        (
            "Foul",
            f"Armour Roll {params.fouls.per_assist:+d} per offensive assist, {-params.fouls.per_assist:+d} per defensive one; "
            f"Dirty Player {params.fouls.dirty_player:+d} to Armour or Injury; Argue the Call result "
            f"{row_link(ruleset, labels, 'argue-the-call', params.fouls.coach_ejected_by)} ejects the coach; "
            "with Friends with the Ref a natural "
            f"{params.fouls.friends_with_the_ref_from}+ wins the argument"
            + _natural_ejection_words(params)
            + _bribery_words(ruleset, params),
        ),
        ("Bribe", _bribe_words(ruleset, labels, params)),
        ("Special actions", _special_action_words(params)),
        ("Deviate", f"{params.ball.deviate_distance} squares in a D8 direction"),
        ("Kick", f"a kick-off by a nominated kicker with Kick deviates {params.ball.kick_deviate_distance} squares"),
        ("Throw-in", f"{params.ball.throw_in_distance} squares; from a corner, {params.ball.corner_throw_in_dice} picks the direction"),
        ("Punt", f"{params.ball.punt_distance} squares in a direction off the throw-in template, facing an End Zone or a sideline"),
        ("Catching", ", ".join(f"{k.replace('_', ' ').replace('-', ' ')} {v:+d}" for k, v in params.ball.catch_modifiers.items())),
        ("Picking up", ", ".join(f"{k.replace('_', ' ').replace('-', ' ')} {v:+d}" for k, v in params.ball.pick_up_modifiers.items())),
    ]


#: How each kind of failed activation test reads on the page.
_ON_FAIL = {
    "distracted": "Distracted",
    "activation-ends": "the activation ends",
    "lash-out": "knocks down an adjacent team-mate, then goes on (Distracted if none)",
    "rooted": "Rooted",
    "bite": "goes on but must bite a team-mate",
}


def _bite_words(ruleset: Ruleset, trait: ActivationTrait) -> str:
    """Whom a player who owes a bite may bite, and what the bite's casualty counts as."""
    if trait.bites is None:
        return ""
    names = []
    for ref in trait.bites.positions:
        try:
            names.append(escape(ruleset.position(ref).name))
        except UsageError:
            names.append(literal(ref))
    words = f" (an adjacent {' or '.join(names) or 'nobody'}, at the end of the activation, else a turnover"
    counts_as = trait.bites.casualty_counts_as
    if counts_as is not None:
        casualty = ruleset.table("casualty")
        row = next((r for r in casualty.rows if r.id == counts_as), None)
        words += f"; a Casualty from the bite counts as {escape(row.name) if row is not None else literal(counts_as)}"
    return words + ")"


def _activation_words(ruleset: Ruleset, params: GameParameters) -> str:
    rules = params.activation
    words = []
    for trait_id, trait in rules.traits.items():
        name = ruleset.skills[trait_id].name if trait_id in ruleset.skills else trait_id
        target = f"{trait.target}+" if trait.target is not None else "its bracketed value"
        mods = []
        if "block_or_blitz" in trait.modifiers:
            mods.append(f"{trait.modifiers['block_or_blitz']:+d} for {'/'.join(rules.block_actions)}")
        if "team_mate_helps" in trait.modifiers:
            mods.append(f"{trait.modifiers['team_mate_helps']:+d} with a helping team-mate adjacent")
        standing = ", Standing only" if trait.standing_only else ""
        fail = _ON_FAIL.get(trait.on_fail, trait.on_fail)
        switch = f", may switch to {trait.switch_to}" if trait.switch_to else ""
        bites = _bite_words(ruleset, trait)
        words.append(f"{escape(name)} {target}{' (' + ', '.join(mods) + ')' if mods else ''}{standing}; else {fail}{switch}{bites}")
    return "; ".join(words) or "none"


def _passing_words(params: GameParameters) -> str:
    rules = params.passing
    fumble = f"{rules.fumble_at_most} or less, or a natural 1" if rules.fumble_at_most is not None else "a natural 1"
    words = [f"Fumbled at {fumble}"]
    if rules.wildly_inaccurate_at_most is not None:
        words.append(f"Wildly Inaccurate at {rules.wildly_inaccurate_at_most} or less (deviates from the passer)")
    words.append(f"an Inaccurate Pass scatters {as_times(rules.inaccurate_scatter)}")
    words.append(f"passing {_modifiers(rules.pass_modifiers)}")
    words.extend(f"{literal(skill)} {bonus.by:+d} for {', '.join(bonus.bands)}" for skill, bonus in rules.skill_modifiers.items())
    words.append(f"interception {_modifiers(rules.interception_modifiers)}")
    words.append(f"a Range Ruler {rules.ruler_width:g} squares wide")
    words.append(f"a Hail Mary Pass is tested as {literal(rules.hail_mary_band)}")
    words.append(f"Disturbing Presence reaches {params.ball.disturbing_presence_range} squares")
    return "; ".join(words)


def _petty_cash_words(rules: PettyCashRules) -> str:
    """Petty Cash and the Treasury before a game, as the ruleset allows them."""
    given = "the lower-CTV team receives Petty Cash" if rules.given else "no Petty Cash"
    if not rules.from_treasury:
        return f"{given}; no Treasury gold is spent"
    return f"{given}; it may add at most {money(rules.treasury_top_up_max)} from its Treasury"


def _swarming_words(ruleset: Ruleset, labels: Labels, params: GameParameters) -> str:
    setup = params.setup
    rule = setup.swarming_rule
    if rule is None:
        return "nothing"
    named = special_rule_link(ruleset, labels, rule) if rule in ruleset.special_rules else literal(rule)
    return (
        f"a team with {named}, once both teams have set up, may set up {setup.swarming_players} more "
        f"{escape(setup.swarming_keyword)} players from its Reserves"
    )


def _heat_words(ruleset: Ruleset, labels: Labels, params: GameParameters) -> str:
    heat = params.weather
    if heat.sweltering_heat is None or not _has_row(ruleset, "weather", heat.sweltering_heat):
        return "nothing"
    return (
        f"under {row_link(ruleset, labels, 'weather', heat.sweltering_heat)}, one coach rolls "
        f"{heat.sweltering_heat_players}: that many players of each team "
        "who were on the pitch, picked at random, sit out the next drive"
    )


#: The rows of the kick-off event table each of :func:`_kick_off_rows`' rows is about, by its label.
_KICK_OFF_ROWS: dict[str, tuple[str, ...]] = {
    "Solid Defence, Quick Snap, Charge": (SOLID_DEFENCE, QUICK_SNAP, CHARGE),
    "Charge": (CHARGE,),
    "Time-out": (TIME_OUT,),
    "Brilliant Coaching": (BRILLIANT_COACHING,),
    "Cheering Fans": (CHEERING_FANS,),
    "Changing Weather": (CHANGING_WEATHER,),
    "Dodgy Snack": (DODGY_SNACK,),
    "Pitch Invasion": (PITCH_INVASION,),
}


def _kick_off_rows(ruleset: Ruleset, labels: Labels, params: GameParameters) -> list[tuple[str, str]]:
    """The kick-off events' numbers, for the events this ruleset's kick-off table has (a variant's may have others)."""
    rows = _kick_off_words(ruleset, labels, params)
    return [(label, words) for label, words in rows if any(_has_row(ruleset, "kick-off-events", r) for r in _KICK_OFF_ROWS[label])]


def _kick_off_words(ruleset: Ruleset, labels: Labels, params: GameParameters) -> list[tuple[str, str]]:
    events = params.kick_off_events
    changes = ", ".join(f"{name.upper()} {by:+d}" for name, by in events.dodgy_snack_changes.items()) or "nothing"
    mascots = [i for i in events.cheering_fans_reroll_ones if i in ruleset.inducements]
    return [
        ("Solid Defence, Quick Snap, Charge", f"up to {events.open_players_dice}+{events.open_players_plus} Open players"),
        (
            "Charge",
            "each free activation a Move Action, or once each "
            + (" or ".join(literal(a) for a in events.charge_specials) if events.charge_specials else "nothing else"),
        ),
        (
            "Time-out",
            f"both turn markers move back {events.time_out_moves} from the kicking team's turn {events.time_out_back_from_turn} on, "
            "otherwise forward as far",
        ),
        ("Brilliant Coaching", f"{counted(events.brilliant_coaching_rerolls, 'extra team re-roll')} for the drive"),
        (
            "Cheering Fans",
            "a team holding " + " or ".join(inducement_link(ruleset, labels, i) for i in mascots) + " re-rolls a natural 1 on its D6"
            if mascots
            else "the higher D6 plus cheerleaders wins",
        ),
        (
            "Changing Weather",
            f"the ball scatters {as_times(events.calm_weather_scatters)} when the new weather is "
            f"{row_link(ruleset, labels, 'weather', events.calm_weather)}",
        ),
        ("Dodgy Snack", f"a D6 of {events.dodgy_snack_reserves_at_most} or less: to the Reserves; otherwise {changes} for the drive"),
        ("Pitch Invasion", f"{events.pitch_invasion_players} players stunned"),
    ]


def _extra_time_words(params: GameParameters) -> str:
    if params.extra_time is None:
        return "none"
    return (
        "for a game that must have a winner and ends level: one more half with no team re-rolls given back; still level, "
        f"a shoot-out of {params.extra_time.penalty_roll_offs} roll-offs (ties rolled again), most won wins"
    )


def _winnings_words(win: WinningsRules) -> str:
    """A winnings formula in words, leaving out the terms that add nothing (a divisor of 1, a bonus of 0)."""
    attendance = "Fan Attendance" if win.attendance_divisor == 1 else f"Fan Attendance / {win.attendance_divisor}"
    terms = [attendance]
    if win.per_touchdown:
        terms.append(f"{win.per_touchdown} per touchdown")
    if win.no_stalling_bonus:
        terms.append(f"{win.no_stalling_bonus} if no player stalled")
    return f"({' + '.join(terms)}) x {money(win.gold_per_point)}"


def _league_rows(ruleset: Ruleset, labels: Labels, params: GameParameters) -> list[tuple[str, str]]:
    league = params.league
    win = league.winnings
    fans = league.dedicated_fans_update
    points = league.points
    rows = [
        ("Winnings", _winnings_words(win)),
        (
            "Dedicated Fans after a fixture",
            f"roll {fans.dice}: a win adds {fans.step} on a roll of at least the current value, a loss takes {fans.step} "
            "away on a roll below it, a draw changes nothing",
        ),
        ("Most Valuable Player", f"one of {league.mvp.nominees} nominated players, by a die of as many faces"),
        ("League Points", f"win {points.win}, " + ("no draws" if points.draw is None else f"draw {points.draw}") + f", loss {points.loss}"),
    ]
    for bonus_id, bonus in league.bonus_points.items():
        bounds = [
            f"at least {bonus.at_least}" if bonus.at_least is not None else "",
            f"at most {bonus.at_most}" if bonus.at_most is not None else "",
        ]
        rows.append(
            (
                f"Bonus, when the league plays it: {escape(category_name(bonus_id))}",
                f"{escape(_words(bonus.measure))} {' and '.join(b for b in bounds if b)}: +{bonus.points}",
            )
        )
    rows.append(("Tie-breakers", ", ".join(escape(_words(name)) for name in league.tie_breakers)))
    for prayer, awards in league.prayer_awards.items():
        if not _has_row(ruleset, "prayers-to-nuffle", prayer):
            continue  # a prayer this ruleset's table lacks is never prayed for
        rows.append(
            (
                f"Prayer: {row_link(ruleset, labels, 'prayers-to-nuffle', prayer)}",
                ", ".join(f"{escape(_words(what))} earns {spp} SPP" for what, spp in awards.items()),
            )
        )
    for outcome, loss in league.expensive_mistakes.items():
        words = []
        if loss.divide_by is not None:
            words.append(f"divide by {loss.divide_by}" + (f", rounded down to {money(loss.round_down_to)}" if loss.round_down_to else ""))
        if loss.lose_dice is not None:
            words.append(f"lose {loss.lose_dice} x {money(loss.gold_per_pip)}")
        if loss.keep_dice is not None:
            words.append(f"keep at most {loss.keep_dice} x {money(loss.gold_per_pip)}")
        rows.append((f"Expensive Mistakes: {row_link(ruleset, labels, 'expensive-mistakes', outcome)}", "; ".join(words) or "nothing lost"))
    if league.concession is not None:
        rows.extend(_concession_rows(params, league.concession))
    for place, prize in enumerate(league.prizes, start=1):
        rows.append((f"Prize for place {place}", money(prize)))
    if league.friendly is not None:
        rows.append(
            (
                "Friendly games",
                f"no SPP, League Points or winnings, the teams left as they were; every Casualty counts as "
                f"{row_link(ruleset, labels, 'casualty', league.friendly.casualty)}",
            )
        )
    if league.division_min_teams is not None:
        rows.append(("Divisions", f"at least {counted(league.division_min_teams, 'team')} each, every pair meeting once"))
    if league.trophy_rerolls:
        rows.append(("League Trophy", f"{counted(league.trophy_rerolls, 'free team re-roll')} for its holder, counted in its Team Value"))
    if league.off_season is not None:
        rows.extend(_off_season_rows(league.off_season))
    return rows


def _off_season_rows(rules: OffSeasonRules) -> list[tuple[str, str]]:
    rest, funds = rules.rest, rules.funds
    cap = "no cap" if funds.cap is None else f"at most {money(funds.cap)}"
    return [
        (
            "Off-season: Rest & Relaxation",
            f"{rest.dice} per Niggling Injury and per characteristic reduction of a Temporarily Retiring player: healed on "
            f"{rest.heals_on}+ (+{rest.apothecary_bonus} with an Apothecary); {rest.dice} per Hatred gained: gone on "
            f"{rest.fades_on}+; players missing their next game recover",
        ),
        (
            "Off-season: Raise Funds",
            f"{money(funds.base)} + Treasury + {money(funds.per_fixture)} per fixture played, {money(funds.per_win)} per "
            f"win, {money(funds.per_draw)} per draw; {cap}",
        ),
        (
            "Off-season: Re-draft Team",
            f"a draft within that budget; a player re-hired costs his Current Value + {money(rules.agent_fee_per_season)} "
            "per earlier season, and comes back as he was",
        ),
    ]


def _concession_rows(params: GameParameters, rules: ConcessionRules) -> list[tuple[str, str]]:
    win = attrs.evolve(params.league.winnings, **rules.winnings)
    quitting = rules.quitting
    return [
        (
            "Conceding",
            f"at the start of one of the team's turns; the opponent wins {rules.awarded_touchdowns}-0, or by its own "
            "touchdowns when more, and its coach gives the SPP of the touchdowns it is handed to players of his choice",
        ),
        (
            "Conceding: the penalty",
            f"the conceding team's SPP of the game are lost; it names no MVP, while the opponent names {rules.extra_mvps} more; it "
            f"collects no winnings, the opponent {_winnings_words(win)}; it loses "
            f"{rules.fans_lost} Dedicated Fans instead of the loser's roll; each player with {quitting.advancements_at_least} "
            f"or more advancements rolls {quitting.dice} and quits the team below {quitting.stays_on}",
        ),
        (
            "Conceding without penalty",
            f"open to a team that cannot set up {params.setup.min_on_line_of_scrimmage} players on the line of scrimmage "
            "at a start of drive: the result alone",
        ),
        (
            "Conceding a fixture not played",
            f"for reasons away from the game: counts as conceded without penalty; the opponent names "
            f"{rules.unplayed.mvps} MVPs from all its players and collects {rules.unplayed.winnings} x "
            f"{money(params.league.winnings.gold_per_point)}",
        ),
    ]


def _step_words(ruleset: Ruleset, labels: Labels, step: Step) -> str:
    words = f"**{escape(step.name)}** ({literal(step.id)}): {linked_text(ruleset, labels, step.text)}"
    if step.table is not None:
        words += f" Table: {table_link(ruleset, labels, step.table)}."
    return words


def sequence_rst(ruleset: Ruleset, labels: Labels, sequence: Sequence, level: int = 0) -> Rst:
    out = Rst()
    out.label(labels("sequence", sequence.id))
    out.heading(sequence.name, level)
    out.fields([("Id", literal(sequence.id))])
    if sequence.text:
        out.paragraph(escape(sequence.text))
    out.bullets((_step_words(ruleset, labels, step) for step in sequence.steps), numbered=True)
    return out


def _sections(value: str | None) -> tuple[str, ...]:
    names = tuple(name.strip() for name in (value or "").split(",") if name.strip())
    unknown = [name for name in names if name not in SECTIONS]
    if unknown or not names:
        raise ValueError(f"{', '.join(unknown) or 'nothing'} is not one of {', '.join(SECTIONS)}")
    return names


class ParametersDirective(RulesetDirective):
    """The game parameters after every layer and plugin has been merged.

    With ``:against: core`` (for a variant's or a pack's page) the main table is split:
    what the selection changes first, then what it keeps from the core. ``:leave-out:``
    names tables not to show (:data:`SECTIONS`, comma-separated), for a variant that
    plays that part of the game by rules of its own.
    """

    option_spec: ClassVar[dict[str, object]] = {
        **RulesetDirective.option_spec,
        "against": lambda v: directives.choice(v, ("core",)),
        "leave-out": _sections,
    }

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        core = None
        if self.options.get("against") == "core":
            if ruleset.variant is None and not ruleset.packs:
                raise self.error(f"{self.name}: :against: core needs :variant: or :pack: (the core has nothing to compare with)")
            core = bbcore.load_ruleset()
        try:
            return parameters_rst(ruleset, labels, core, self.options.get("leave-out", ()))
        except ValueError as error:
            raise self.error(str(error)) from None


class SequencesDirective(RulesetDirective):
    """Every sequence with its steps in order, after the variant's edits."""

    def render(self, ruleset: Ruleset, labels: Labels) -> Rst:
        out = Rst()
        for sequence in ruleset.sequences.values():
            out.extend(sequence_rst(ruleset, labels, sequence))
        return out
