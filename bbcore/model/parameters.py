"""Game parameters: every overridable number of a game and a team, in one object."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from attrs import field, frozen

from bbcore.errors import UsageError
from bbcore.model.common import SkillRef

T = TypeVar("T")


@frozen
class RosterSize:
    min: int
    max: int


@frozen
class RerollRules:
    max: int | None
    cost_multiplier_after_draft: int
    fixed_cost: int | None = None


@frozen
class StaffTerms:
    name: str
    max: int
    cost: int


@frozen
class FanRules:
    start: int
    max_at_draft: int
    min: int
    max: int
    cost: int
    fan_factor_dice: str


@frozen
class WinningsRules:
    """Winnings = (attendance / attendance_divisor + touchdowns x per_touchdown + no-stalling bonus) x gold_per_point."""

    gold_per_point: int
    attendance_divisor: int
    per_touchdown: int
    no_stalling_bonus: int


@frozen
class FanUpdateRules:
    """The die rolled for the Dedicated Fans update, and how far one update moves them."""

    dice: str
    step: int


@frozen
class MvpRules:
    nominees: int


@frozen
class LeaguePoints:
    """League Points for a fixture's result; ``draw`` None: the game always has a winner, and a drawn result is refused."""

    win: int
    draw: int | None
    loss: int


@frozen
class BonusPoint:
    """Extra League Points when a measure of the team's fixture reaches a threshold."""

    measure: str
    points: int
    at_least: int | None = None
    at_most: int | None = None

    def earned(self, value: int) -> bool:
        return (self.at_least is None or value >= self.at_least) and (self.at_most is None or value <= self.at_most)


@frozen
class TreasuryLoss:
    """What one Expensive Mistakes outcome does to a Treasury; every field left out does nothing."""

    divide_by: int | None = None
    round_down_to: int | None = None
    lose_dice: str | None = None
    keep_dice: str | None = None
    gold_per_pip: int = 0


@frozen
class RestRules:
    """Rest & Relaxation: one roll of ``dice`` per injury to heal (``heals_on`` or more, ``apothecary_bonus`` added
    for a team with an Apothecary) and per Hatred gained (it fades on ``fades_on`` or more)."""

    dice: str
    heals_on: int
    apothecary_bonus: int
    fades_on: int


@frozen
class FundsRules:
    """Raise Funds: ``base`` + Treasury + ``per_fixture``/``per_win``/``per_draw`` for the season, at most ``cap``."""

    base: int
    per_fixture: int
    per_win: int
    per_draw: int
    cap: int | None


@frozen
class OffSeasonRules:
    """The Off-season Break of a team its coach re-drafts."""

    rest: RestRules
    funds: FundsRules
    agent_fee_per_season: int


@frozen
class FriendlyRules:
    """A friendly game: every Casualty counts as the casualty table's row ``casualty``."""

    casualty: str


@frozen
class QuittingRules:
    """A conceding team's player with ``advancements_at_least`` advancements rolls ``dice``; below ``stays_on`` he quits."""

    advancements_at_least: int
    dice: str
    stays_on: int


@frozen
class UnplayedConcession:
    """A fixture conceded before it was played: the opponent names ``mvps`` MVPs and collects ``winnings`` dice of
    gold (times ``league.winnings.gold_per_point``)."""

    mvps: int
    winnings: str


@frozen
class ConcessionRules:
    """Conceding: the opponent wins by ``awarded_touchdowns`` to none (or by its own touchdowns, when more). With the
    penalty it also awards ``extra_mvps`` more MVPs and reckons its winnings with ``winnings`` in place of those
    fields of the league's; the conceding team loses ``fans_lost`` Dedicated Fans and its veterans may quit."""

    awarded_touchdowns: int
    extra_mvps: int
    winnings: Mapping[str, int]
    fans_lost: str
    quitting: QuittingRules
    unplayed: UnplayedConcession


@frozen
class LeagueRules:
    winnings: WinningsRules
    dedicated_fans_update: FanUpdateRules
    mvp: MvpRules
    points: LeaguePoints
    tie_breakers: tuple[str, ...]
    #: How often one characteristic may be improved (advancements whose value-increases row changes it).
    improvements_per_characteristic: int | None = None
    bonus_points: Mapping[str, BonusPoint] = field(factory=dict)
    #: Prayer (a prayers-to-nuffle row) -> achievement -> the SPP it earns the team that prayed.
    prayer_awards: Mapping[str, Mapping[str, int]] = field(factory=dict)
    expensive_mistakes: Mapping[str, TreasuryLoss] = field(factory=dict)
    concession: ConcessionRules | None = None
    #: Gold by final place, the winner's first, paid when the season ends.
    prizes: tuple[int, ...] = ()
    off_season: OffSeasonRules | None = None
    friendly: FriendlyRules | None = None
    #: Free team re-rolls for the League Trophy's holder, counted in its Team Value.
    trophy_rerolls: int = 0
    #: The fewest teams a division of a league file may hold (None: no least).
    division_min_teams: int | None = None


@frozen
class SpecialRuleReroll:
    """A team special rule that lets its team roll a die again once a game when it shows ``reroll_on``."""

    special_rule: str
    reroll_on: int


@frozen
class FoulRules:
    """The Foul action: its assists and Dirty Player, the Argue the Call result that ejects the coach, and the
    inducements spent as Bribes (``bribes``, the first held first) with how many may be tried on one call
    (``bribes_per_call``, None for no limit). An Argue the Call die of ``ejected_on_natural`` or less is the ejecting
    row whatever modifiers add to it (None: the modified total alone decides)."""

    per_assist: int
    dirty_player: int
    coach_ejected_by: str
    friends_with_the_ref_from: int
    bribes: tuple[str, ...]
    bribes_per_call: int | None
    bribery_and_corruption: SpecialRuleReroll | None = None
    ejected_on_natural: int | None = None


@frozen
class ChainsawRules:
    kick_back_at_most: int
    armour: int


@frozen
class VomitRules:
    hits_on: int


@frozen
class BreatheFireRules:
    strong_target_st: int
    strong_target_modifier: int
    knocked_down_at_most: int
    nothing_at_most: int
    knock_down_natural: int


@frozen
class GazeRules:
    gaze_on: int


@frozen
class BombRules:
    adjacent_hit_on: int


@frozen
class ChompRules:
    chomp_on: int


@frozen
class SpecialActionRules:
    """The D6 of each special action; the fields are documented in ``parameters.yaml``."""

    chainsaw: ChainsawRules
    projectile_vomit: VomitRules
    breathe_fire: BreatheFireRules
    hypnotic_gaze: GazeRules
    throw_bomb: BombRules
    chomp: ChompRules


@frozen
class PlagueRiddenRules:
    """Plague Ridden; the fields are documented in ``parameters.yaml``."""

    casualty: str
    immune_keywords: tuple[str, ...] = ()
    immune_skills: tuple[str, ...] = ()


@frozen
class MastersOfUndeathRules:
    """Masters of Undeath; the fields are documented in ``parameters.yaml``."""

    special_rule: str
    casualty: str
    st_at_most: int
    immune_skills: tuple[str, ...] = ()


@frozen
class GettingEvenRules:
    """Getting Even; the fields are documented in ``parameters.yaml``."""

    dice: str
    target: int
    skill: str
    barred_keywords: tuple[str, ...] = ()


@frozen
class TeamCaptainRules:
    """Team Captain; the fields are documented in ``parameters.yaml``."""

    special_rule: str
    skill: str
    dice: str
    free_on: int
    barred_keywords: tuple[str, ...] = ()


@frozen
class SecureTheBallRules:
    """The Secure the Ball Action; the fields are documented in ``parameters.yaml``."""

    pick_up_on: int
    clear_of: int
    barred_keywords: tuple[str, ...] = ()
    barred_skills: tuple[str, ...] = ()


@frozen
class BlockRules:
    dice_equal: int
    dice_stronger: int
    dice_over_double: int
    claws_breaks_on: int
    multiple_block_strength: int
    mighty_blow: int
    jump_up: int


@frozen
class FixedTargets:
    """D6 targets of the game's fixed tests."""

    rush: int
    stand_up: int
    ko_recovery: int
    regeneration: int
    bribe: int
    foul_appearance: int
    animosity: int
    tentacles: int
    shadowing: int
    pro: int
    steady_footing: int
    saboteur: int
    pick_me_up: int
    throw_a_rock: int


@frozen
class BallRules:
    deviate_distance: str
    kick_deviate_distance: str
    throw_in_distance: str
    punt_distance: str
    corner_throw_in_dice: str
    disturbing_presence_range: int
    catch_modifiers: Mapping[str, int] = field(factory=dict)
    pick_up_modifiers: Mapping[str, int] = field(factory=dict)


@frozen
class StrengthBand:
    """A bonus for players of at most a given Strength (None: any Strength)."""

    by: int
    st_at_most: int | None = None


@frozen
class StallingRules:
    """The Crowd Takes Action against a stalling player: ``dice`` of at least his team's turn number knocks him down."""

    crowd_takes_action: bool
    dice: str


@frozen
class MovementRules:
    rushes: int
    stand_up_cost: int
    blitz_block_cost: int
    stand_up_roll_at_most_ma: int
    sprint_extra_rushes: int
    arm_bar: int
    timmm_ber: int
    pick_me_up_reach: int
    on_the_ball_squares: int
    dodge_modifiers: Mapping[str, int] = field(factory=dict)
    rush_modifiers: Mapping[str, int] = field(factory=dict)
    jump_modifiers: Mapping[str, int] = field(factory=dict)
    break_tackle: tuple[StrengthBand, ...] = ()


@frozen
class ThrowTeamMateRules:
    """The numbers of a Throw Team-mate Action (its range comes from the ``pass-range`` table)."""

    scatter: int
    fumble_at_most: int
    swoop_distance: str
    lethal_flight: int
    pass_modifiers: Mapping[str, int] = field(factory=dict)
    landing_modifiers: Mapping[str, int] = field(factory=dict)
    always_hungry: Mapping[str, int] = field(factory=dict)


@frozen
class BandBonus:
    """A modifier a skill gives to the Passing Ability Test for passes of some bands (ids of the ``pass-range`` table)."""

    by: int
    bands: tuple[str, ...] = ()


@frozen
class PassingRules:
    """The numbers of a Pass Action (its range comes from the ``pass-range`` table)."""

    inaccurate_scatter: int
    fumble_at_most: int | None
    ruler_width: float
    hail_mary_band: str
    wildly_inaccurate_at_most: int | None = None
    pass_modifiers: Mapping[str, int] = field(factory=dict)
    skill_modifiers: Mapping[str, BandBonus] = field(factory=dict)
    interception_modifiers: Mapping[str, int] = field(factory=dict)


@frozen
class SetupRules:
    """How a team may set up: at least this many on the line of scrimmage, at most this many per wide zone; and
    Swarming's extra players (the special rule, its dice, the keyword of the players it brings)."""

    min_on_line_of_scrimmage: int
    max_per_wide_zone: int
    swarming_rule: str | None
    swarming_players: str
    swarming_keyword: str


@frozen
class JourneymanRules:
    """Which position a short-handed team takes Journeymen from, and the skills they gain."""

    keyword: str
    position_max: int
    skills: tuple[SkillRef, ...] = ()


@frozen
class PettyCashRules:
    """Inducements bought before a game: whether the lower-CTV team gets Petty Cash, whether a team may spend its
    Treasury, and how much of it the lower-CTV team may add."""

    treasury_top_up_max: int
    given: bool
    from_treasury: bool


@frozen
class WeatherRules:
    """Weather that acts when a drive ends: the Sweltering Heat row (None: no such weather) and its dice."""

    sweltering_heat: str | None
    sweltering_heat_players: str


@frozen
class KickOffEventRules:
    """The numbers of the kick-off events the core resolves."""

    open_players_dice: str
    open_players_plus: int
    time_out_back_from_turn: int
    time_out_moves: int
    brilliant_coaching_rerolls: int
    calm_weather: str
    calm_weather_scatters: int
    dodgy_snack_reserves_at_most: int
    pitch_invasion_players: str
    cheering_fans_reroll_ones: tuple[str, ...]
    charge_specials: tuple[str, ...]
    dodgy_snack_changes: Mapping[str, int] = field(factory=dict)


@frozen
class BiteRules:
    """Whom a player who owes a bite may bite, and what a casualty from the bite counts as.

    ``positions`` are the team-mates' positions (``roster/position``) that may be bitten;
    ``casualty_counts_as`` is the casualty table row that any Casualty result of the
    bitten player's injury roll becomes, with no casualty roll (None: roll as usual).
    """

    positions: tuple[str, ...] = ()
    casualty_counts_as: str | None = None


@frozen
class ActivationTrait:
    """One trait's activation test: the D6 target (None: the trait's bracketed value), modifiers, and what failing does.

    ``modifiers`` may hold ``block_or_blitz`` (the declared action is one of
    ``block_actions``) and ``team_mate_helps`` (an adjacent Standing
    team-mate in play who lacks the trait). ``on_fail`` is ``distracted``,
    ``activation-ends``, ``lash-out``, ``rooted`` or ``bite``; ``switch_to`` is an action
    the player may take instead of the declared one once the test has failed.
    ``bites`` says whom a player who owes a bite (``on_fail: bite``) may bite.
    """

    on_fail: str
    target: int | None = None
    modifiers: Mapping[str, int] = field(factory=dict)
    standing_only: bool = False
    switch_to: str | None = None
    bites: BiteRules | None = None


@frozen
class ActivationRules:
    """Tests some players roll straight after declaring an action, by trait id in the order they are rolled."""

    block_actions: tuple[str, ...] = ()
    traits: Mapping[str, ActivationTrait] = field(factory=dict)


def required(block: T | None, key: str, what: str) -> T:
    """An optional block of the parameters that a procedure needs: ``block``, or a
    :class:`~bbcore.errors.UsageError` saying the ruleset has no ``what`` (at ``key``)."""
    if block is None:
        raise UsageError(f"this ruleset's parameters give no {what} ({key})")
    return block


@frozen
class WeatherMageRules:
    """A weather mage (the entry ``inducement``): as one of its team's turns starts, a new weather roll with one of
    ``modifiers`` added, the coach's pick."""

    inducement: str
    modifiers: tuple[int, ...]


@frozen
class CloseScrutinyRules:
    """A referee the other team hired (the entry ``inducement``): after a Foul that sent nobody off, ``dice`` of
    ``sent_off_on`` or more sends the fouler off."""

    inducement: str
    dice: str
    sent_off_on: int


@frozen
class DwarvenWisdomRules:
    """A coach's second thoughts (the entry ``inducement``): once both teams have set up, ``players`` (dice) of the
    team's players on the pitch may be set up again."""

    inducement: str
    players: str


@frozen
class FireballRules:
    """A fireball (the entry ``inducement``) at a square: ``dice`` for each player in or next to it, a hit on
    ``hit_on`` or more, and ``armour`` added to the Armour Roll of each player hit."""

    inducement: str
    dice: str
    hit_on: int
    armour: int


@frozen
class ZapRules:
    """A Zap! (the entry ``inducement``) at a player: ``dice`` at or above his ST, or of ``always_on``, and never of
    ``never_on``, turns him into the entry's ``profile`` until the drive ends; each Casualty he suffers in that shape
    counts as the casualty table row ``casualty``, with no Casualty Roll."""

    inducement: str
    dice: str
    never_on: int
    always_on: int
    profile: str
    casualty: str


@frozen
class InducementPlayRules:
    """The inducements the core plays during a game, each naming its entry in the inducement list; None where the
    ruleset does not play it. How often each may be used is its entry's ``uses``."""

    weather_mage: WeatherMageRules | None = None
    close_scrutiny: CloseScrutinyRules | None = None
    dwarven_wisdom: DwarvenWisdomRules | None = None
    fireball: FireballRules | None = None
    zap: ZapRules | None = None

    def played(self) -> dict[str, tuple[str, ...]]:
        """Each inducement id these rules name, with the names of the rules (``weather_mage``, ``zap``...) that play it."""
        found: dict[str, tuple[str, ...]] = {}
        for name in ("weather_mage", "close_scrutiny", "dwarven_wisdom", "fireball", "zap"):
            rules = getattr(self, name)
            if rules is not None:
                found[rules.inducement] = (*found.get(rules.inducement, ()), name)
        return found


@frozen
class ExtraTimeRules:
    """After Extra Time, still level: a penalty shoot-out of ``penalty_roll_offs`` roll-offs."""

    penalty_roll_offs: int


@frozen
class GameParameters:
    players_on_pitch: int
    turns_per_half: int
    halves: int
    draft_budget: int
    roster: RosterSize
    rerolls: RerollRules
    dedicated_fans: FanRules
    low_cost_linemen_rule: str
    inducements_in_draft: bool
    league: LeagueRules
    targets: FixedTargets
    block: BlockRules
    fouls: FoulRules
    special_actions: SpecialActionRules
    secure_the_ball: SecureTheBallRules
    plague_ridden: PlagueRiddenRules
    masters_of_undeath: MastersOfUndeathRules
    team_captain: TeamCaptainRules
    getting_even: GettingEvenRules
    movement: MovementRules
    throw_team_mate: ThrowTeamMateRules
    passing: PassingRules
    ball: BallRules
    setup: SetupRules
    journeymen: JourneymanRules
    petty_cash: PettyCashRules
    kick_off_events: KickOffEventRules
    weather: WeatherRules
    #: Regeneration before the Casualty Roll; False: after the roll and its treatment.
    regeneration_first: bool
    #: What the crowd does to a stalling player.
    stalling: StallingRules
    staff: Mapping[str, StaffTerms] = field(factory=dict)
    casualty_modifiers: Mapping[str, int] = field(factory=dict)
    #: Tests some traits make a player roll when activated.
    activation: ActivationRules = field(factory=ActivationRules)
    #: A budget of its own for sideline staff, apart from ``draft_budget``; None: staff come from the draft budget.
    sideline_budget: int | None = None
    #: Extra Time and penalties, for a game that must have a winner.
    extra_time: ExtraTimeRules | None = None
    #: The inducements the core plays during a game.
    inducements: InducementPlayRules = field(factory=InducementPlayRules)
