"""Structured effects applied to a player: characteristic changes with limits, gained skills, and what to roll next."""

from __future__ import annotations

import pytest

from bbcore.errors import UsageError
from bbcore.model.common import Effect, SkillRef
from bbcore.model.inducement import InducementProfile
from bbcore.rules.board import PlayerState, player_from_position
from bbcore.rules.effects import apply_effects, changed_characteristic, restore, transform
from bbcore.ruleset import Ruleset


def lineman(core: Ruleset) -> PlayerState:
    return player_from_position(core, "p", "home", "human/human-lineman")  # MA 6, ST 3, AG 3+, PA 4+, AV 9+


def test_strength_and_movement_rise_with_a_positive_change(core: Ruleset) -> None:
    applied = apply_effects(core, lineman(core), [Effect(change="st", by=2), Effect(change="ma", by=1)])
    assert (applied.player.st, applied.player.ma) == (5, 7)
    assert applied.roll_on == ()
    assert applied.not_applied == ()


def test_a_better_agility_or_passing_lowers_the_target_number(core: Ruleset) -> None:
    applied = apply_effects(core, lineman(core), [Effect(change="ag", by=1), Effect(change="pa", by=1)])
    assert (applied.player.ag, applied.player.pa) == (2, 3)


def test_a_worse_agility_raises_the_target_number(core: Ruleset) -> None:
    assert apply_effects(core, lineman(core), [Effect(change="ag", by=-1)]).player.ag == 4


def test_a_better_armour_value_is_a_higher_number(core: Ruleset) -> None:
    assert apply_effects(core, lineman(core), [Effect(change="av", by=1)]).player.av == 10


@pytest.mark.parametrize(
    ("characteristic", "current", "by", "limit", "expected"),
    [
        ("st", 8, 2, 8, 8),  # at the maximum already
        ("st", 7, 2, 8, 8),  # stops at the maximum
        ("ag", 1, 1, 1, 1),  # 1+ cannot get better
        ("ag", 6, -1, 6, 6),  # 6+ cannot get worse
        ("av", 12, 1, 11, 12),  # a value already past the limit is not pulled back
        ("ma", 1, -1, 1, 1),
        ("ma", 5, 1, None, 6),
    ],
)
def test_changes_stop_at_their_limit(characteristic: str, current: int, by: int, limit: int | None, expected: int) -> None:
    assert changed_characteristic(current, characteristic, by, limit) == expected


def test_gained_skills_are_added_and_known_ones_keep_their_value(core: Ruleset) -> None:
    player = player_from_position(core, "p", "home", "human/human-lineman", extra_skills={"loner": 4})
    applied = apply_effects(core, player, [Effect(gain_skills=(SkillRef("frenzy"), SkillRef("loner", 3)))])
    assert applied.player.has("frenzy")
    assert applied.player.skill_value("loner") == 4


def test_an_unknown_skill_is_an_error(core: Ruleset) -> None:
    with pytest.raises(UsageError, match="no-such-skill"):
        apply_effects(core, lineman(core), [Effect(gain_skills=(SkillRef("no-such-skill"),))])


def test_a_roll_on_is_handed_back_in_order_not_rolled(core: Ruleset) -> None:
    applied = apply_effects(core, lineman(core), [Effect(roll_on="casualty"), Effect(change="st", by=1), Effect(roll_on="lasting-injury")])
    assert applied.roll_on == ("casualty", "lasting-injury")
    assert applied.player.st == 4


def test_effects_for_someone_else_or_of_other_verbs_are_left_to_the_caller(core: Ruleset) -> None:
    opponent = Effect(change="st", by=-1, who="opponent")
    status = Effect(status="casualty")
    modifier = Effect(modifier="ko-recovery", by=1, who="team")
    no_passing = Effect(change="pa", by=1)
    player = player_from_position(core, "p", "home", "orc/orc-lineman")
    player = PlayerState(player.id, player.team, player.ma, player.st, player.ag, None, player.av)
    applied = apply_effects(core, player, [opponent, status, modifier, no_passing])
    assert applied.player == player
    assert applied.not_applied == (opponent, status, modifier, no_passing)


def test_the_core_lasting_injury_rows_apply_as_written(core: Ruleset) -> None:
    table = core.table("lasting-injury")
    for row in table.rows:
        applied = apply_effects(core, lineman(core), row.effects)
        changed = {name for name in ("ma", "st", "ag", "pa", "av") if getattr(applied.player, name) != getattr(lineman(core), name)}
        assert len(changed) == 1, row.id
        (name,) = changed
        # Every lasting injury makes the player worse.
        worse = (
            getattr(applied.player, name) > getattr(lineman(core), name)
            if name in ("ag", "pa")
            else getattr(applied.player, name) < getattr(lineman(core), name)
        )
        assert worse, row.id


NEWT = InducementProfile("newt", "Newt", ma=5, st=1, ag=2, pa=None, av=5, skills=(SkillRef("dodge"), SkillRef("stunty")))


def test_a_transformed_player_takes_the_profile_and_keeps_who_and_where_they_are(core: Ruleset) -> None:
    before = lineman(core).moved((4, 4))
    newt = transform(core, before, NEWT)
    assert (newt.ma, newt.st, newt.ag, newt.pa, newt.av) == (5, 1, 2, None, 5)
    assert set(newt.skills) == {"dodge", "stunty"}
    assert (newt.id, newt.team, newt.square, newt.status) == ("p", "home", (4, 4), before.status)


def test_a_restored_player_gets_their_profile_back_but_stays_where_they_now_are(core: Ruleset) -> None:
    before = lineman(core).moved((4, 4))
    moved_newt = transform(core, before, NEWT).moved((6, 6))
    back = restore(moved_newt, before)
    assert (back.ma, back.st, back.ag, back.pa, back.av, back.skills) == (6, 3, 3, 4, 9, before.skills)
    assert back.square == (6, 6)


@pytest.mark.parametrize(
    "profile",
    [
        InducementProfile("ghost", "Ghost", ma=5, st=1, ag=2),
        InducementProfile("odd", "Odd", ma=5, st=1, ag=2, av=5, skills=(SkillRef("no-such"),)),
    ],
)
def test_a_profile_without_a_stat_line_or_with_an_unknown_skill_cannot_be_taken(core: Ruleset, profile: InducementProfile) -> None:
    with pytest.raises(UsageError):
        transform(core, lineman(core), profile)
